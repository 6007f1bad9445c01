"""The HTTP API of ``sheetgen serve`` (docs/serve.md): the same findings, stats and refusals
as the CLI, the guards (Host, Origin, body size) and the workspace's bounds."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from starlette.testclient import TestClient

from sheetgen.games import GAMES
from sheetgen.serve import MAX_BODY
from sheetgen.serve.app import create_app

from tests.conftest import DESIGNS
from tests.core.test_fuzz_reading import _cli_stack, _mutated
from tests.every_game import per_game, with_stand_in

ARROW = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"
#: Over-full: 20 HS on a 16 HS corvette (SF-7 at the systems line).
OVERFULL = "game: starfire\nname: Overfull\nhull: CT\nsystems: SSAA(I)(I)(I)QLRL\n"
Invoke = Callable[..., Any]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    space = tmp_path / "space"
    (space / "ships").mkdir(parents=True)
    (space / "ships" / "arrow.yaml").write_bytes(ARROW.read_bytes())
    (tmp_path / "secret.yaml").write_text("game: starfire\nname: Secret\n", encoding="utf-8")
    return space


@pytest.fixture
def client(workspace: Path) -> Iterator[TestClient]:
    with TestClient(create_app(workspace, hosts=["testserver"]), raise_server_exceptions=True) as c:
        yield c


@with_stand_in
def test_games_lists_every_registered_game(client: TestClient) -> None:
    from sheetgen.games import find_game

    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == list(GAMES)
    for served in games:
        game = find_game(served["id"])
        assert served["name"] == game.title
        assert served["imports"] == game.imports and served["rolls"] == game.rolls
        assert [f["key"] for f in served["fields"]][:2] == ["name", "class"]


def test_games_say_which_import_a_design_string_with_an_example(client: TestClient, invoke: Invoke) -> None:
    """The designer shows its import box for the games that import, with an example that imports
    cleanly (Solar Starfire Quick Start's ship strings, Space Cruisers' sample ship lines)."""
    importing = [g for g in client.get("/api/games").json() if g["imports"]]
    assert {g["name"] for g in importing} >= {"Solar Starfire Quick Start", "Space Cruisers"}
    for g in importing:
        r = client.post("/api/import", params={"game": g["id"], "name": "Example"}, content=g["notation"])
        assert r.status_code == 200, (g["id"], r.text)
        assert invoke("import", g["id"], g["notation"], "--name", "Example").exit_code == 0


def _cli_findings(invoke: Invoke, path: Path) -> list[str]:
    r = invoke("validate", path)
    return [line for line in r.stdout.splitlines() if line.startswith(str(path))]


@pytest.mark.parametrize(
    "path",
    per_game(
        lambda files: [
            path
            for kind in ("ships", "illegal", "fleets")
            for path in sorted(files.designs.glob(f"{kind}/*.yaml"))[:1]
        ]
    ),
    ids=lambda path: f"{path.parent.parent.name}/{path.parent.name}/{path.name}",
)
def test_check_gives_the_findings_and_stats_of_the_cli(
    client: TestClient, invoke: Invoke, path: Path
) -> None:
    r = client.post("/api/check", params={"name": str(path)}, content=path.read_bytes())
    assert r.status_code == 200, r.text
    out = r.json()
    lines = [
        f"{path}:{f['line']}:{f['column']}: {f['severity']} [{f['rule']}] {f['message']}"
        for f in out["findings"]
    ]
    assert lines == _cli_findings(invoke, path)
    stats = json.loads(invoke("stats", "--json", path).stdout)
    assert out["designs"] == stats
    first = {k: v for k, v in stats[0].items() if k not in ("legal", "findings")}
    assert out["stats"] == first
    assert out["legal"] == stats[0]["legal"]


def test_an_overfull_design_is_illegal_at_its_line(client: TestClient) -> None:
    out = client.post("/api/check", params={"game": "starfire"}, content=OVERFULL).json()
    assert out["legal"] is False
    assert {k: out["findings"][0][k] for k in ("rule", "severity", "line", "column")} == {
        "rule": "SF-7",
        "severity": "error",
        "line": 4,
        "column": 10,
    }


#: Input the CLI refuses, with the line it prints (the file named design.yaml).
BAD = [
    (b"game: [\n", 422, "design.yaml:2:1: error [YAML] YAML syntax:"),
    (b"\xff\xfe", 422, "design.yaml:1:1: error [FILE] not UTF-8 text (byte 0xff)"),
    (b"", 422, "design.yaml:1:1: error [FILE] file is empty"),
    (b"# nothing\n", 422, "design.yaml:1:1: error [FILE] file is empty"),
    (b"game: starfire\nname: A\x00\n", 422, "design.yaml:1:1: error [FILE] contains NUL bytes"),
    (b"name: A\nhull: CT\n", 422, "design.yaml:1:1: error [GAME] design lacks 'game:'"),
    (b"game: chess\nname: A\n", 422, "design.yaml:1:7: error [GAME] unknown game 'chess'"),
    (
        b'game: starfire\nname: ""\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n',
        422,
        "design.yaml:2:7: error [SCHEMA] 'name' must not be empty",
    ),
    (
        b"game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\ncount: 100000000\n",
        422,
        "design.yaml:5:8: error [SCHEMA] 'count' must be at most 1000, found 100000000",
    ),
    (b"game: starfire\ndesigns: []\n", 422, "design.yaml:2:10: error [SCHEMA] the fleet lists no designs"),
    (b"[" * 500 + b"1" + b"]" * 500, 422, "design.yaml:1:"),
    (
        b"game: starfire\nname: A\nhull: CT\nsystems: SSAA\ncount: " + b"9" * 5000 + b"\n",
        422,
        "design.yaml:5:8: error",
    ),
    (b"- 1\n- 2\n", 422, "design.yaml:1:3: error"),
    (b"just text", 422, "design.yaml:1:1: error"),
    (b"scenario: X\ngame: starfire\n", 422, "design.yaml:1:1: error [SCHEMA] this is a scenario"),
]


@pytest.mark.parametrize("endpoint", ["/api/check", "/api/sheet.html", "/api/counters.svg"])
@pytest.mark.parametrize(("body", "status", "line"), BAD)
def test_bad_input_is_a_clear_refusal(
    client: TestClient, endpoint: str, body: bytes, status: int, line: str
) -> None:
    r = client.post(endpoint, content=body)
    assert r.status_code == status, r.text
    out = r.json()
    assert out["error"].startswith(line), out["error"]
    assert "\n" not in out["error"] and "Traceback" not in r.text


def test_bad_input_gives_the_cli_line(client: TestClient, invoke: Invoke, tmp_path: Path) -> None:
    for body, _status, line in BAD:
        if "scenario" in line:  # the design endpoints' own refusal: the CLI reads scenarios
            continue
        path = tmp_path / "design.yaml"
        path.write_bytes(body)
        cwd = os.getcwd()
        os.chdir(tmp_path)
        try:
            r = invoke("validate", "design.yaml")
        finally:
            os.chdir(cwd)
        printed = (r.stdout + r.stderr).splitlines()
        error = client.post("/api/check", content=body).json()["error"]
        if error.startswith("design.yaml:"):
            assert error in printed, (body[:40], error, printed)


def test_unknown_game_paper_and_face_are_refused(client: TestClient) -> None:
    r = client.post("/api/check", params={"game": "chess"}, content=ARROW.read_bytes())
    assert r.status_code == 400
    assert r.json()["error"].startswith("sheetgen: error: unknown game 'chess'; known games: starfire")
    r = client.post("/api/check", params={"game": "kill-radius"}, content=ARROW.read_bytes())
    assert r.status_code == 422 and "this design is for starfire, not kill-radius" in r.json()["error"]
    r = client.post("/api/sheet.pdf", params={"paper": "a3"}, content=ARROW.read_bytes())
    assert (
        r.status_code == 400 and r.json()["error"] == "sheetgen: error: unknown paper 'a3'; known: letter, a4"
    )
    r = client.post("/api/counters.svg", params={"face": "side"}, content=ARROW.read_bytes())
    assert r.status_code == 400
    assert client.get("/api/starting/chess").status_code == 404
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/check").status_code == 405


def test_outputs_are_the_cli_outputs(client: TestClient) -> None:
    import io

    from pypdf import PdfReader

    body = ARROW.read_bytes()
    pdf = client.post("/api/sheet.pdf", content=body)
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert "Arrow" in PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    html = client.post("/api/sheet.html", content=body)
    assert html.headers["content-type"].startswith("text/html") and "Arrow" in html.text
    counters = client.post("/api/counters.pdf", content=body)
    assert counters.content.startswith(b"%PDF")
    for face in ("front", "back"):
        svg = client.post("/api/counters.svg", params={"face": face}, content=body)
        assert svg.headers["content-type"] == "image/svg+xml"
        assert svg.text.startswith("<svg") and 'viewBox="' in svg.text
    assert "Arrow" in client.post("/api/counters.svg", content=body).text
    # an illegal design is printed, its errors on the sheet, as `sheetgen sheets` does
    assert client.post("/api/sheet.html", content=OVERFULL).status_code == 200


def test_rulings_are_explain(client: TestClient, invoke: Invoke) -> None:
    out = client.get("/api/rulings/sf-7").json()
    assert out["id"] == "SF-7"
    text = invoke("explain", "SF-7").stdout
    assert out["title"] in text
    assert all(f["text"].split()[0] in text for f in out["fields"])
    r = client.get("/api/rulings/zz9")
    assert r.status_code == 404
    assert r.json()["error"] == invoke("explain", "zz9").stderr.strip()


def test_starting_design_is_sheetgen_new(client: TestClient) -> None:
    text = client.get("/api/starting/starfire", params={"name": "Lance"}).text
    assert "game: starfire" in text and "name: Lance" in text
    assert client.post("/api/check", content=text.encode()).status_code == 200


# --- guards -------------------------------------------------------------------------------------


def test_bodies_over_a_mebibyte_are_refused(client: TestClient) -> None:
    r = client.post("/api/check", content=b"#" * (MAX_BODY + 1))
    assert r.status_code == 413
    assert r.json()["error"] == (
        "sheetgen: error: the request body is over 1024 KiB, more than any design, scenario or play event needs"
    )

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(MAX_BODY // 65536 + 2):
            yield b"#" * 65536

    r = client.post("/api/check", content=chunks())
    assert r.status_code == 413
    assert client.post("/api/check", content=b"#" * MAX_BODY).status_code == 422  # at the bound: read


def test_dns_rebinding_is_refused(client: TestClient) -> None:
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example"):
        r = client.get("/api/files", headers={"host": host})
        assert r.status_code == 403 and "is not served here" in r.json()["error"]
        r = client.get("/api/file", params={"path": "ships/arrow.yaml"}, headers={"host": host})
        assert r.status_code == 403
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "testserver"):
        assert client.get("/api/games", headers={"host": host}).status_code == 200


def test_cross_site_posts_are_refused(client: TestClient, workspace: Path) -> None:
    before = (workspace / "ships" / "arrow.yaml").read_bytes()
    for headers in (
        {"origin": "http://evil.example"},
        {"origin": "null"},
        {"origin": "http://127.0.0.1:9999", "host": "127.0.0.1:8000"},
        {"sec-fetch-site": "cross-site"},
    ):
        r = client.put("/api/file", params={"path": "ships/arrow.yaml"}, content=b"x: 1\n", headers=headers)
        assert r.status_code == 403, headers
        assert client.post("/api/check", content=ARROW.read_bytes(), headers=headers).status_code == 403
    assert (workspace / "ships" / "arrow.yaml").read_bytes() == before
    same = {"origin": "http://127.0.0.1:8000", "host": "127.0.0.1:8000", "sec-fetch-site": "same-origin"}
    assert client.post("/api/check", content=ARROW.read_bytes(), headers=same).status_code == 200


def test_the_page_is_served_with_its_policy(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and 'data-testid="editor"' in r.text
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200


# --- workspace ----------------------------------------------------------------------------------


def test_files_are_listed_opened_and_saved_inside(client: TestClient, workspace: Path) -> None:
    assert client.get("/api/files").json()["files"] == ["ships/arrow.yaml"]
    assert client.get("/api/file", params={"path": "ships/arrow.yaml"}).text == ARROW.read_text()
    r = client.put("/api/file", params={"path": "ships/new.yaml"}, content=OVERFULL.encode())
    assert r.status_code == 200 and r.json()["saved"] == "ships/new.yaml"
    assert (workspace / "ships" / "new.yaml").read_text() == OVERFULL
    assert client.get("/api/files").json()["files"] == ["ships/arrow.yaml", "ships/new.yaml"]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("../secret.yaml", 400),
        ("ships/../../secret.yaml", 400),
        ("/etc/passwd.yaml", 400),
        ("C:/x.yaml", 400),
        ("ships\\..\\..\\secret.yaml", 400),
        (".hidden.yaml", 400),
        ("ships/arrow.txt", 400),
        ("", 400),
        ("ships/missing.yaml", 404),
        ("out/secret.yaml", 403),
        ("link.yaml", 403),
    ],
)
def test_nothing_outside_the_workspace(client: TestClient, workspace: Path, path: str, status: int) -> None:
    (workspace / "out").symlink_to(workspace.parent, target_is_directory=True)
    (workspace / "link.yaml").symlink_to(workspace.parent / "secret.yaml")
    secret = (workspace.parent / "secret.yaml").read_bytes()
    r = client.get("/api/file", params={"path": path})
    assert r.status_code == status, r.text
    assert "Secret" not in r.text
    if status != 404:
        r = client.put("/api/file", params={"path": path}, content=b"game: starfire\nname: Owned\n")
        assert r.status_code == status
    assert (workspace.parent / "secret.yaml").read_bytes() == secret
    assert "secret" not in json.dumps(client.get("/api/files").json())


def test_a_failed_save_keeps_the_file(client: TestClient, workspace: Path) -> None:
    target = workspace / "ships" / "arrow.yaml"
    before = target.read_bytes()
    assert (
        client.put("/api/file", params={"path": "ships/arrow.yaml"}, content=b"\xff bad").status_code == 400
    )
    assert (
        client.put("/api/file", params={"path": "ships/arrow.yaml/a.yaml"}, content=b"a: 1\n").status_code
        == 409
    )
    if os.geteuid() != 0:  # root writes anywhere
        (workspace / "ships").chmod(0o500)
        try:
            r = client.put(
                "/api/file", params={"path": "ships/arrow.yaml", "replace": "1"}, content=b"a: 1\n"
            )
            assert r.status_code == 409 and str(workspace) not in r.json()["error"]
        finally:
            (workspace / "ships").chmod(0o700)
    assert (
        client.put(
            "/api/file", params={"path": "ships/arrow.yaml"}, content=b"#" * (MAX_BODY + 1)
        ).status_code
        == 413
    )
    assert target.read_bytes() == before
    assert sorted(p.name for p in (workspace / "ships").iterdir()) == ["arrow.yaml"]


def test_serve_refuses_a_missing_folder(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("serve", tmp_path / "nowhere")
    assert r.exit_code == 2
    assert (
        r.stderr.strip()
        == f"sheetgen: error: {tmp_path / 'nowhere'}: no such folder (the workspace must be a folder)"
    )


def test_serve_refuses_a_file_and_an_empty_host(invoke: Invoke, tmp_path: Path) -> None:
    design = tmp_path / "arrow.yaml"
    design.write_bytes(ARROW.read_bytes())
    r = invoke("serve", design)
    assert r.exit_code == 2
    assert (
        r.stderr.strip()
        == f"sheetgen: error: {design}: is a file, not a folder (the workspace must be a folder)"
    )
    r = invoke("serve", tmp_path, "--host", "", "--port", "0")
    assert r.exit_code == 2
    assert r.stderr.startswith("sheetgen serve: error: Invalid value for '--host': the address is empty")


def test_serve_prints_its_address_and_serves_on_loopback(tmp_path: Path) -> None:
    import re
    import subprocess
    import sys
    import urllib.request

    script = Path(sys.executable).parent / "sheetgen"
    with subprocess.Popen(
        [str(script), "serve", str(tmp_path), "--port", "0"], stderr=subprocess.PIPE, text=True
    ) as proc:
        try:
            assert proc.stderr is not None
            line = proc.stderr.readline()
            m = re.fullmatch(
                rf"serving {re.escape(str(tmp_path.resolve()))} on (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops\)\n",
                line,
            )
            assert m, line
            with urllib.request.urlopen(m.group(1) + "api/games", timeout=10) as r:
                assert json.loads(r.read())[0]["id"] == "starfire"
        finally:
            proc.terminate()


@pytest.mark.parametrize(("name", "code"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_killed_server_exits_as_interrupted_and_leaves_no_fonts_behind(
    tmp_path: Path, name: str, code: int
) -> None:
    """``kill`` or a closed terminal stops the server as Ctrl-C does: exit 128 + the signal,
    with nothing in the temporary folder. WeasyPrint's copies of the fonts were left there when
    the signal ended the process outright; now printing makes none."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.request

    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "SHEETGEN_CACHE": "off"}
    script = Path(sys.executable).parent / "sheetgen"
    with subprocess.Popen(
        [str(script), "serve", str(tmp_path), "--port", "0"], stderr=subprocess.PIPE, text=True, env=env
    ) as proc:
        try:
            assert proc.stderr is not None
            import re

            m = re.search(r"on (http://\S+/) ", proc.stderr.readline())
            assert m
            body = ARROW.read_bytes()
            request = urllib.request.Request(m.group(1) + "api/sheet.pdf", data=body, method="POST")
            with urllib.request.urlopen(request, timeout=60) as r:
                assert r.read(5) == b"%PDF-"
            assert list(temp.iterdir()) == []  # no copies of the fonts, even while the server runs
            proc.send_signal(getattr(signal, name))
            assert proc.wait(timeout=30) == code
        finally:
            proc.kill()
    assert list(temp.iterdir()) == []


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(_mutated())
def test_mutated_files_are_answered_or_refused_in_one_line(client: TestClient, case: tuple[str, str]) -> None:
    """The reader's fuzz cases (tests/core/test_fuzz_reading.py) sent to the server: an answer or a
    4xx with one located line, never a 500."""
    _name, text = case
    with _cli_stack():
        for endpoint in ("/api/check", "/api/sheet.html", "/api/counters.svg"):
            r = client.post(endpoint, content=text.encode("utf-8"))
            assert r.status_code in (200, 422), (endpoint, r.status_code, r.text[:300])
            if r.status_code == 422:
                error = r.json()["error"]
                assert "\n" not in error and (
                    error.startswith("design.yaml:") or error.startswith("sheetgen: error:")
                )


def test_import_is_sheetgen_import(client: TestClient, invoke: Invoke) -> None:
    notation = "CT-[2]-SSAA(I)(I)(I)QLR-[6]"
    r = client.post("/api/import", params={"game": "starfire", "name": "Pasted"}, content=notation)
    assert r.status_code == 200
    assert r.text == invoke("import", "starfire", notation, "--name", "Pasted").stdout
    assert client.post("/api/check", content=r.text.encode()).json()["legal"] is True
    r = client.post("/api/import", params={"game": "starfire"}, content="hello")
    cli = invoke("import", "starfire", "hello")
    assert r.status_code == 422 and r.json()["error"] == cli.stderr.splitlines()[0]
    r = client.post("/api/import", params={"game": "kill-radius"}, content=notation)
    assert (
        r.status_code == 400 and r.json()["error"] == invoke("import", "kill-radius", notation).stderr.strip()
    )
    assert client.post("/api/import", params={"game": "starfire"}, content=" ").status_code == 400


@pytest.fixture
def starfire_space(tmp_path: Path) -> Path:
    space = tmp_path / "sf"
    shutil.copytree(DESIGNS / "starfire", space)
    return space


def test_a_scenario_is_its_sides_findings_and_map(starfire_space: Path, invoke: Invoke) -> None:
    with TestClient(create_app(starfire_space, hosts=["testserver"])) as c:
        info = c.get("/api/scenario", params={"path": "scenarios/set-piece-battle.yaml"}).json()
        ships = [ship for side in info["sides"] for ship in side["ships"]]
        assert info["game"] == "starfire" and info["legal"] is True and len(ships) == 10
        svg = c.get("/api/scenario/map.svg", params={"path": "scenarios/set-piece-battle.yaml"})
        assert svg.headers["content-type"] == "image/svg+xml"
        assert all(name in svg.text for name in ships)
        assert (
            c.get(
                "/api/scenario/map.svg", params={"path": "scenarios/set-piece-battle.yaml", "page": "9"}
            ).status_code
            == 400
        )
        r = c.get("/api/scenario", params={"path": "ships/corvette-arrow.yaml"})
        cli = invoke(
            "map",
            "--scenario",
            starfire_space / "ships" / "corvette-arrow.yaml",
            "-o",
            starfire_space / "m.svg",
        )
        assert r.status_code == 422
        assert r.json()["error"].split(": error ")[1] == cli.stderr.splitlines()[0].split(": error ")[1]


def test_a_scenario_may_not_read_designs_outside(starfire_space: Path) -> None:
    scenario = starfire_space / "scenarios" / "set-piece-battle.yaml"
    outside = starfire_space.parent / "ships"
    shutil.copytree(starfire_space / "ships", outside)
    scenario.write_text(scenario.read_text().replace("../ships/", f"{outside}/"), encoding="utf-8")
    with TestClient(create_app(starfire_space, hosts=["testserver"])) as c:
        r = c.get("/api/scenario", params={"path": "scenarios/set-piece-battle.yaml"})
        assert r.status_code == 403 and "outside the workspace" in r.json()["error"]


def test_a_scenario_kit_is_one_zip(starfire_space: Path) -> None:
    import io
    import zipfile

    with TestClient(create_app(starfire_space, hosts=["testserver"])) as c:
        r = c.post("/api/kit.zip", params={"path": "scenarios/scouts-meet.yaml"})
        assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
        names = zipfile.ZipFile(io.BytesIO(r.content)).namelist()
        parts = {name.split("/", 1)[1] for name in names}
        assert {
            "briefing.pdf",
            "record-sheets.pdf",
            "counters.pdf",
            "map.pdf",
            "reference-card.pdf",
            "quick-card.pdf",
            "kit.pdf",
        } <= parts
        assert len({name.split("/", 1)[0] for name in names}) == 1
        # the same kit is the same bytes: every entry has one fixed date, never the time of the build
        assert {info.date_time for info in zipfile.ZipFile(io.BytesIO(r.content)).infolist()} == {
            (1980, 1, 1, 0, 0, 0)
        }
        assert c.post("/api/kit.zip", params={"path": "ships/corvette-arrow.yaml"}).status_code == 422
        assert c.post("/api/kit.zip", params={"path": "../x.yaml"}).status_code == 400
        r = c.post(
            "/api/kit.zip",
            params={"path": "scenarios/scouts-meet.yaml"},
            headers={"origin": "http://evil.example"},
        )
        assert r.status_code == 403
    assert not any(p.suffix == ".pdf" for p in starfire_space.rglob("*"))  # the workspace is not written


def test_serve_refuses_a_port_in_use(invoke: Invoke, tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = invoke("serve", tmp_path, "--port", str(port))
    assert r.exit_code == 2
    assert r.stderr.startswith(f"sheetgen: error: cannot listen on 127.0.0.1:{port}: ")
    assert len(r.stderr.splitlines()) == 1


def test_schemas_are_sheetgen_schema(client: TestClient, invoke: Invoke) -> None:
    r = client.get("/api/schema/starfire")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/schema+json")
    assert r.text == invoke("schema", "starfire").stdout
    assert client.get("/api/schema/scenario").json()["title"] == "sheetgen scenario"
    r = client.get("/api/schema/nope")
    assert r.status_code == 404
    assert r.json()["error"] == invoke("schema", "nope").stderr.strip()


@pytest.mark.parametrize("ref", ["../../secret.txt", "../../missing.yaml", "/etc/hostname"])
def test_a_scenario_naming_any_file_outside_is_refused_before_reading_it(
    starfire_space: Path, ref: str
) -> None:
    """A file outside that is no design (its text would be quoted in the refusal), or that
    does not exist (the answer would tell), is refused as a valid outside design is: 403,
    nothing read, nothing of the file in the answer."""
    (starfire_space.parent / "secret.txt").write_text("hunter2-password\n", encoding="utf-8")
    scenario = starfire_space / "scenarios" / "scouts-meet.yaml"
    text = scenario.read_text(encoding="utf-8")
    first = text.index("design: ") + len("design: ")
    end = text.index("\n", first)
    scenario.write_text(text[:first] + ref + text[end:], encoding="utf-8")
    with TestClient(create_app(starfire_space, hosts=["testserver"])) as c:
        for method, url in (
            ("get", "/api/scenario"),
            ("get", "/api/scenario/map.svg"),
            ("post", "/api/kit.zip"),
        ):
            r = getattr(c, method)(url, params={"path": "scenarios/scouts-meet.yaml"})
            assert r.status_code == 403, (url, r.text)
            assert "hunter2" not in r.text and "no such file" not in r.text


def test_a_name_the_file_system_refuses_is_a_clear_400(client: TestClient) -> None:
    name = "a" * 300 + ".yaml"
    for method, url in (("get", "/api/file"), ("put", "/api/file"), ("get", "/api/scenario")):
        r = getattr(client, method)(
            url, params={"path": name}, **({"content": b"x: 1\n"} if method == "put" else {})
        )
        assert r.status_code == 400, (url, r.status_code, r.text)
        assert r.json()["error"].endswith("File name too long")


def test_a_starting_design_refuses_the_names_new_refuses(client: TestClient, invoke: Invoke) -> None:
    r = client.get("/api/starting/starfire", params={"name": "\n\rX: y"})
    assert r.status_code == 400
    assert "U+000A" in r.json()["error"] or "U+000D" in r.json()["error"]


# --- the scenario view's unsaved text (POST /api/scenario) ----------------------------------------

SCOUTS = "scenarios/scouts-meet.yaml"


def _moved(text: str) -> str:
    """scouts-meet with Player B's scout renamed and started 14 hexes from Player A's (25 needed)."""
    return text.replace("Seeker", "Pathfinder").replace('"3112"', '"2012"')


def test_a_scenario_text_not_yet_saved_is_checked_and_drawn(starfire_space: Path, invoke: Invoke) -> None:
    saved = (starfire_space / SCOUTS).read_bytes()
    edited = _moved(saved.decode())
    copy = starfire_space / "scenarios" / "edited-copy.yaml"  # the same text, saved beside it, for the CLI
    copy.write_text(edited, encoding="utf-8")
    with TestClient(create_app(starfire_space, hosts=["testserver"])) as c:
        r = c.post("/api/scenario", params={"path": SCOUTS}, content=edited.encode())
        assert r.status_code == 200, r.text
        out = r.json()
        assert out["name"] == "Scouts meet" and out["legal"] is False and out["pages"] == 1
        assert [side["ships"] for side in out["sides"]] == [["Vigil"], ["Pathfinder"]]
        assert "Pathfinder" in out["map"] and "Seeker" not in out["map"] and out["map"].startswith("<")
        placed = [f for f in out["findings"] if f["rule"] == "SCENARIO"]
        assert placed and placed[0]["file"] == SCOUTS and "needs exactly 25" in placed[0]["message"]
        # the same findings as validate prints for the text once saved (its own path aside)
        cli = [
            line.split(": ", 1)[1]
            for line in invoke("validate", copy).stdout.splitlines()
            if line.startswith(str(copy))
        ]
        assert [f"{f['severity']} [{f['rule']}] {f['message']}" for f in out["findings"]] == cli
        # the same as the saved file's view, when the text is the saved text
        same = c.post("/api/scenario", params={"path": SCOUTS}, content=saved).json()
        assert {k: v for k, v in same.items() if k != "map"} == c.get(
            "/api/scenario", params={"path": SCOUTS}
        ).json()
        assert same["map"] == c.get("/api/scenario/map.svg", params={"path": SCOUTS}).text
        # a file not yet saved at all, in a folder of the workspace: designs read from that folder
        r = c.post("/api/scenario", params={"path": "scenarios/not-yet.yaml"}, content=saved)
        assert r.status_code == 200 and r.json()["legal"] is True
    assert (starfire_space / SCOUTS).read_bytes() == saved  # nothing written
    assert not (starfire_space / "scenarios" / "not-yet.yaml").exists()


@pytest.mark.parametrize(
    ("path", "body", "status", "error"),
    [
        ("../x.yaml", None, 400, "sheetgen: error: path '../x.yaml': '..' and hidden names are refused"),
        ("/tmp/x.yaml", None, 400, "sheetgen: error: path '/tmp/x.yaml': absolute paths are refused"),
        ("scenarios/x.txt", None, 400, "sheetgen: error: path 'scenarios/x.txt': only .yaml and .yml"),
        ("out/x.yaml", None, 403, "sheetgen: error: path 'out/x.yaml' leads out of the workspace"),
        ("nowhere/x.yaml", None, 404, "sheetgen: error: nowhere/x.yaml: no such folder in the workspace"),
        (SCOUTS, b"scenario: [\n", 422, f"{SCOUTS}:2:1: error [YAML] YAML syntax"),
        (SCOUTS, b"\xff\xfe", 422, f"{SCOUTS}:1:1: error [FILE] not UTF-8 text"),
        (SCOUTS, b"game: starfire\nname: A\n", 422, f"{SCOUTS}:1:1: error [SCHEMA] this is a design file"),
        (SCOUTS, b"scenario: X\ngame: chess\nsides: []\n", 422, f"{SCOUTS}:2:7: error [GAME] unknown game"),
    ],
)
def test_a_scenario_text_is_refused_as_the_cli_refuses_it(
    starfire_space: Path, path: str, body: bytes | None, status: int, error: str
) -> None:
    (starfire_space / "out").symlink_to(starfire_space.parent, target_is_directory=True)
    text = (starfire_space / SCOUTS).read_bytes() if body is None else body
    with TestClient(create_app(starfire_space, hosts=["testserver"])) as c:
        r = c.post("/api/scenario", params={"path": path}, content=text)
    assert r.status_code == status, r.text
    out = r.json()
    assert out["error"].startswith(error), out["error"]
    assert "\n" not in out["error"] and str(starfire_space) not in r.text
    if status == 422 and not out["error"].startswith("sheetgen:"):
        assert out["findings"][0]["file"] == SCOUTS  # located in the editor's text, for its marks


@pytest.mark.parametrize("ref", ["../../secret.txt", "../../missing.yaml", "/etc/hostname", "../out/x.yaml"])
def test_a_scenario_text_naming_a_file_outside_is_refused_before_reading_it(
    starfire_space: Path, ref: str
) -> None:
    (starfire_space.parent / "secret.txt").write_text("hunter2-password\n", encoding="utf-8")
    (starfire_space.parent / "x.yaml").write_text("game: starfire\nname: hunter2\n", encoding="utf-8")
    (starfire_space / "out").symlink_to(starfire_space.parent, target_is_directory=True)
    text = (starfire_space / SCOUTS).read_text(encoding="utf-8")
    first = text.index("design: ") + len("design: ")
    edited = text[:first] + ref + text[text.index("\n", first) :]
    with TestClient(create_app(starfire_space, hosts=["testserver"])) as c:
        r = c.post("/api/scenario", params={"path": SCOUTS}, content=edited.encode())
    assert r.status_code == 403, r.text
    assert r.json()["error"].startswith(f"sheetgen: error: {SCOUTS}: names a design outside the workspace")
    assert "hunter2" not in r.text and "no such file" not in r.text


def test_a_scenario_text_keeps_the_guards(starfire_space: Path) -> None:
    text = (starfire_space / SCOUTS).read_bytes()
    with TestClient(create_app(starfire_space, hosts=["testserver"])) as c:
        url = "/api/scenario"
        r = c.post(url, params={"path": SCOUTS}, content=text + b"#" * MAX_BODY)
        assert r.status_code == 413 and r.json()["error"].startswith(
            "sheetgen: error: the request body is over"
        )
        r = c.post(url, params={"path": SCOUTS}, content=text, headers={"origin": "http://evil.example"})
        assert r.status_code == 403
        r = c.post(url, params={"path": SCOUTS}, content=text, headers={"sec-fetch-site": "cross-site"})
        assert r.status_code == 403
        r = c.post(url, params={"path": SCOUTS}, content=text, headers={"host": "evil.example"})
        assert r.status_code == 403
        r = c.post(url, params={"path": SCOUTS, "page": "2"}, content=text)
        assert (
            r.status_code == 400
            and r.json()["error"] == "sheetgen: error: page '2': the map has pages 1 to 1"
        )
        r = c.post(url, params={"path": SCOUTS}, content=text, headers={"origin": "http://testserver"})
        assert r.status_code == 200
        assert c.put(url, params={"path": SCOUTS}, content=text).status_code == 405


@with_stand_in
def test_the_form_lists_scalar_keys_of_each_games_schema(client: TestClient) -> None:
    """/api/games names, for every game, top-level keys of its design schema whose value
    the form can write on one line: an enum, an integer, a boolean or a string."""
    from sheetgen.scenarios.json_schemas import schema_file

    served = client.get("/api/games").json()
    assert [g["id"] for g in served] == list(GAMES)
    for game, fields in ((g["id"], g["fields"]) for g in served):
        design = json.loads(schema_file(game).read_text(encoding="utf-8"))["$defs"]["design"]
        keys = [f["key"] for f in fields]
        assert len(keys) == len(set(keys)) and keys[:2] == ["name", "class"]
        for key in keys:
            prop = design["properties"][key]
            kinds = [prop.get("type")] if "type" in prop else [a.get("type") for a in prop["anyOf"]]
            scalar = any(k in ("string", "integer", "boolean", ["string", "number"]) for k in kinds)
            assert scalar, (game, key)
        assert set(design["required"]) - {"game"} <= set(keys), game


@pytest.mark.parametrize(
    ("method", "url", "status", "what"),
    [
        ("GET", "/api/nope", 404, "no such page or endpoint"),
        ("GET", "/nothing.html", 404, "no such page or endpoint"),
        ("PUT", "/api/check", 405, "method not allowed here"),
        ("GET", "/api/check", 405, "method not allowed here"),
    ],
)
def test_an_unknown_page_or_method_is_refused_like_any_other_request(
    client: TestClient, method: str, url: str, status: int, what: str
) -> None:
    r = client.request(method, url)
    assert r.status_code == status
    body = r.json()
    assert body["error"] == f"sheetgen: error: {method} {url}: {what}"
    assert body["lines"] == [body["error"]]
    assert body["findings"] == []


@pytest.mark.parametrize(
    ("query", "char"),
    [
        ("name=%0a%0aevil", "000A"),
        ("game=star%0dfire", "000D"),
        ("name=a%09b", "0009"),
        ("game=a%00", "0000"),
    ],
)
def test_a_parameter_with_a_control_character_is_refused(client: TestClient, query: str, char: str) -> None:
    r = client.post(f"/api/check?{query}", content=b"game: starfire\nname: X\n")
    assert r.status_code == 400
    name = query.split("=")[0]
    assert r.json()["lines"] == [
        f"sheetgen: error: the {name} parameter holds a control character (U+{char})"
    ]


def test_a_body_cut_short_is_a_400_not_a_traceback() -> None:
    import asyncio

    from starlette.requests import Request

    from sheetgen.serve.app import _body
    from sheetgen.serve.service import Refusal

    messages = [{"type": "http.request", "body": b"game: ", "more_body": True}, {"type": "http.disconnect"}]

    async def receive() -> dict[str, object]:
        return messages.pop(0)

    request = Request({"type": "http", "method": "POST", "headers": []}, receive)
    with pytest.raises(Refusal) as caught:
        asyncio.run(_body(request))
    assert caught.value.status == 400
    assert "ended early" in str(caught.value)


def test_a_server_out_of_room_answers_503_in_one_line(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk or a file-size limit while printing is the server's state, not the request's:
    503 with one line saying so (not 400, not a 500 with "please report it")."""
    import errno

    import sheetgen.render.html as html
    from sheetgen.serve.printing import Prints

    # printed in this process, where the replaced function is
    app = create_app(workspace, hosts=["testserver"], prints=Prints(in_process=True))
    client = TestClient(app, raise_server_exceptions=True)

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")  # as a full disk fails a print

    monkeypatch.setattr(html, "_render", full)
    r = client.post("/api/sheet.pdf", content=ARROW.read_bytes())
    assert r.status_code == 503
    assert r.json()["error"] == (
        "sheetgen: error: the server cannot write its files now: No space left on device (while printing)"
    )
