"""``sheetgen kit``: every bundled scenario's kit, read back from the PDFs (names on
sheets and counters, map size, pages, bookmarks, ink clear of the paper edge).

The kits are built once per session (``bundled_kits``: ``kit --all --single``;
``default_kit``: ``kit`` with no scenario) and shared by every test here."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen import kit as kit_module
from sheetgen.core.rendered import Rendered
from sheetgen.kit import bundled_scenarios, default_scenario, page_count
from sheetgen.layout.maps import map_options, plan_pages
from sheetgen.render import parts as render_parts
from sheetgen.render.parts import CountersPart, DrawnPart
from sheetgen.scenarios.scenario import Scenario, load_scenario

from tests.conftest import DESIGNS, Built, pdf_text
from tests.pdffonts import pdf_fonts

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]
SCENARIOS = bundled_scenarios()
PARTS = [
    "briefing.pdf",
    "record-sheets.pdf",
    "counters.pdf",
    "map.pdf",
    "reference-card.pdf",
    "quick-card.pdf",
]


def load(path: Path) -> Scenario:
    scenario, result = load_scenario(path)
    assert not result.input_errors, [str(x) for x in result.input_errors]
    assert scenario is not None
    return scenario


def test_default_scenario_loads_with_named_ships() -> None:
    scenario, result = load_scenario(default_scenario())
    assert not result.input_errors
    assert scenario is not None and scenario.legal
    assert [s.name for s in scenario.sides] == ["Player A", "Player B"]
    assert [ship.name for ship in scenario.ships] == ["Hammer", "Arrow", "Dart", "Anvil", "Lance", "Pike"]
    assert scenario.ships[2].stats.design_class == "Arrow-class corvette"


def test_kit_writes_sheets_for_every_ship_and_the_card(default_kit: Built) -> None:
    out = default_kit.path
    assert default_kit.exit_code == 0, default_kit.stderr
    # the parts, and the record of what the kit wrote (tests/test_kit_replace.py)
    assert sorted(p.name for p in out.iterdir()) == sorted([*PARTS, ".sheetgen-files.json"])
    sheets = "\n".join(pdf_text(out / "record-sheets.pdf"))
    for name in ("Hammer", "Arrow", "Dart", "Anvil", "Lance", "Pike"):
        assert name in sheets
    card = "\n".join(pdf_text(out / "reference-card.pdf"))
    assert "Weapon chart" in card and "Point defense" in card


def test_kit_is_deterministic(default_kit: Built, bundled_kits: Built) -> None:
    """The default scenario built twice (alone, and by ``--all``) gives the same bytes."""
    again = bundled_kits.path / default_scenario().stem
    for name in PARTS:
        assert (default_kit.path / name).read_bytes() == (again / name).read_bytes(), name


def test_a_failed_kit_leaves_the_earlier_kit_intact(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, default_kit: Built
) -> None:
    out = tmp_path / "kit"
    assert default_kit.exit_code == 0
    shutil.copytree(default_kit.path, out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def boom(part: object) -> Rendered:
        raise RuntimeError("renderer crashed")

    monkeypatch.setattr(kit_module, "draw_part", boom)
    with pytest.raises(RuntimeError):
        invoke("kit", "-o", out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_kit_refuses_a_scenario_with_an_illegal_design(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    bad = DESIGNS / "starfire" / "illegal" / "sf2-too-few-quarters.yaml"
    scenario = write(
        "s.yaml",
        f"scenario: Broken\ngame: starfire\nsides:\n  - name: A\n    fleet:\n      - design: {bad}\n",
    )
    r = invoke("kit", scenario, "-o", tmp_path / "out")
    assert r.exit_code == 1
    assert "error [SF-2] DD requires at least 2 Q: found 1" in r.stderr
    assert not (tmp_path / "out").exists()


def test_scenario_input_errors(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    s = write(
        "s.yaml",
        "scenario: X\ngame: starfire\nsides:\n  - name: A\n    fleet:\n      - design: missing.yaml\n",
    )
    r = invoke("kit", s, "-o", tmp_path / "out")
    assert r.exit_code == 2
    assert f"{s}:6:17: error [FILE] design 'missing.yaml': no such file" in r.stderr
    s = write("t.yaml", "scenario: X\ngame: starfire\nsides:\n  - name: A\n    colour: blue\n    fleet: []\n")
    r = invoke("kit", s, "-o", tmp_path / "out")
    assert r.exit_code == 2 and f"{s}:5:13: error [SCHEMA] 'colour' must be #rrggbb, found 'blue'" in r.stderr


def test_inline_designs_and_picking_one_design_of_a_file(write: Write, tmp_path: Path) -> None:
    write(
        "ships.yaml",
        "game: starfire\ndesigns:\n  - {name: One, hull: CT, systems: SSAA(I)(I)(I)QLR, munitions: {R: 10}}\n"
        "  - {name: Two, hull: ES, systems: SSAA(I)(I)QYL}\n",
    )
    s = write(
        "s.yaml",
        "scenario: Mixed\ngame: starfire\nsides:\n  - name: A\n    fleet:\n      - design: ships.yaml#Two\n        count: 2\n"
        "      - design: {name: Inline, hull: CT, systems: SSAA(I)(I)QLRL}\n",
    )
    scenario, result = load_scenario(s)
    assert not result.input_errors and scenario is not None
    assert [x.name for x in scenario.ships] == ["Two 1", "Two 2", "Inline"]
    assert not scenario.legal
    (err,) = [loc for loc in scenario.located if loc.finding.is_error]
    assert (err.source, err.line, err.column, err.finding.rule) == (str(s), 8, 51, "SF-7")


# --- the default kit's map (was test_kit_map.py) ----------------------------------------------


def test_kit_adds_the_scenarios_map(default_kit):
    assert default_kit.exit_code == 0, default_kit.stderr
    out = default_kit.path / "map.pdf"
    assert out.exists()
    scenario, _ = load_scenario(DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml")
    texts = pdf_text(out)
    # 36 x 30 one-inch hexes: letter landscape holds 11 x 6, so 4 x 6 tiles and the index
    assert len(texts) == plan_pages(map_options(scenario)).pages == 25
    assert "Small task groups: assembly index" in texts[0]
    assert "0101" in texts[1] and "3630" in texts[-1]


def test_kit_refuses_a_map_it_cannot_print_before_writing_anything(invoke, write, tmp_path):
    ships = DESIGNS / "starfire" / "ships"
    path = write(
        "big.yaml",
        f"""\
scenario: Too big
game: starfire
map: {{cols: 400, rows: 300}}
sides:
  - name: A
    fleet: [{{design: {ships / "corvette-arrow.yaml"}}}]
""",
    )
    out = tmp_path / "kit"
    result = invoke("kit", path, "-o", out)
    assert result.exit_code == 2
    # the scenario's reader refuses it where it is written, as validate does
    assert result.stderr.strip().splitlines() == [
        f"{path}:3:13: error [SCHEMA] 400 x 300 is 120,000 hexes; the most one map can have is 100,000"
    ]
    assert not out.exists()  # refused before anything was made


# --- every bundled kit, read back ------------------------------------------------------------


@pytest.mark.parametrize("name", [p.stem for p in SCENARIOS])
def test_kit_read_back(bundled_kits: Built, name: str) -> None:
    assert bundled_kits.exit_code == 0, bundled_kits.stderr
    scenario = load(next(p for p in SCENARIOS if p.stem == name))
    folder = bundled_kits.path / name
    files = [*PARTS]
    assert sorted(p.name for p in folder.iterdir()) == sorted([*files, "kit.pdf", ".sheetgen-files.json"])
    sheets = "\n".join(pdf_text(folder / "record-sheets.pdf"))
    counters = "\n".join(pdf_text(folder / "counters.pdf"))
    squeeze = re.compile(r"\s+")
    for ship in scenario.ships:
        assert ship.name in sheets, ship.name
        # counter names may be broken over lines to fit: compare without spaces
        assert squeeze.sub("", ship.name) in squeeze.sub("", counters), ship.name
    # the map holds the scenario's size: its last hex number is printed
    last = f"{scenario.map.cols:02d}{scenario.map.rows:02d}"
    assert last in "\n".join(pdf_text(folder / "map.pdf"))
    # page counts: the briefing lists each part's pages, and kit.pdf holds them all
    pages = {f: page_count((folder / f).read_bytes()) for f in files}
    assert pages["briefing.pdf"] == 1
    briefing = pdf_text(folder / "briefing.pdf")[0]
    for f in files[1:]:
        assert re.search(rf"{re.escape(f)}\s+\S[^\n]*?\s{pages[f]}\b", briefing), (f, pages[f])
    # each side's totals in the game's own measure, as `sheetgen stats` prints them
    for side in scenario.sides:
        totals = scenario.side_totals(side)
        assert totals, side.name
        for label, value in totals:
            assert squeeze.sub("", f"{label}: {value}") in squeeze.sub("", briefing), (side.name, label)
    # kit.pdf: every part, each starting on an odd page so two-sided counters still line up,
    # and every map page with a blank back of its own (issue 27)
    expected = 0
    for f in files:
        expected += expected % 2 + pages[f] * (2 if f == "map.pdf" else 1)
    assert page_count((folder / "kit.pdf").read_bytes()) == expected


def test_kit_counters_fill_the_sheet_with_the_games_markers(bundled_kits: Built) -> None:
    # small-task-groups on Letter: 9 x 12 cells of 5/8 in with the 2 mm bleed and 4 mm gutter;
    # 6 ships and the 21 markers they use (a shields-down marker per shield, 7 + 8, a damage
    # marker per ship) leave 81 cells, which take more of those markers in their proportion
    # (15 shields down to 6 damage: 58 and 23), never terrain (the map prints it) nor other counters
    fronts, backs = pdf_text(bundled_kits.path / "small-task-groups" / "counters.pdf")
    for page in (fronts, backs):
        assert page.count("shields down") == 15 + 58
        assert page.count("damage") == 6 + 23
        assert (page.count("warp point"), page.count("planet"), page.count("moon")) == (0, 0, 0)
    numbers = re.findall(r"^DMG\n(\d+)$", fronts, re.MULTILINE)
    assert sorted(map(int, numbers)) == list(range(1, 30))  # damage 1..29, none twice


def test_single_pdf_has_a_bookmark_per_part(bundled_kits: Built) -> None:
    from pypdf import PdfReader

    folder = bundled_kits.path / "small-task-groups"
    outline = PdfReader(str(folder / "kit.pdf")).outline
    assert [item.title for item in outline if not isinstance(item, list)] == [
        "Briefing",
        "Record sheets",
        "Counters",
        "Map",
        "Reference card",
        "Quick card",
    ]


@pytest.mark.parametrize("name", [p.stem for p in SCENARIOS])
def test_kit_pdf_fonts_are_embedded_and_one_name_one_program(bundled_kits: Built, name: str) -> None:
    """Issue 12: every font in kit.pdf carries its program, and a subset's name (tag and
    family) names one font program only, though the parts were made apart."""
    assert bundled_kits.exit_code == 0, bundled_kits.stderr
    programs: dict[str, set[bytes]] = {}
    for font, program in pdf_fonts(bundled_kits.path / name / "kit.pdf"):
        assert program, font
        programs.setdefault(font, set()).add(program)
    assert {font: len(p) for font, p in programs.items() if len(p) > 1} == {}


def test_kit_all_from_the_command_line(invoke: Callable[..., Any], bundled_kits: Built) -> None:
    r = bundled_kits  # kit --all --single -o FOLDER
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in r.path.iterdir()) == sorted(
        [
            "border-clash",
            "convoy-raid",
            "fast-raiders",
            "flank-action",
            "kepler-station",
            "scouts-meet",
            "set-piece-battle",
            "small-task-groups",
            "warp-point-assault",
        ]
    )
    r = invoke("kit", "--all", DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml")
    assert r.exit_code == 2 and "give a scenario or --all, not both" in r.stderr


def _closest_ink_to_edge(path: Path) -> float:
    """Smallest distance in pt from any printed character to a paper edge (pypdfium2)."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    closest = float("inf")
    for page in doc:
        width, height = page.get_size()
        text = page.get_textpage()
        for k in range(text.count_chars()):
            if text.get_text_range(k, 1).isspace():
                continue
            left, bottom, right, top = text.get_charbox(k)
            closest = min(closest, left, bottom, width - right, height - top)
    return closest


@pytest.mark.parametrize("name", [p.stem for p in SCENARIOS])
def test_printed_text_stays_clear_of_the_paper_edge(bundled_kits: Built, name: str) -> None:
    folder = bundled_kits.path / name
    for part in ("briefing.pdf", "record-sheets.pdf", "reference-card.pdf"):
        assert _closest_ink_to_edge(folder / part) >= 18.0, part  # 1/4 in: home printers' dead strip


def test_a_games_reference_card_is_rendered_once_per_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """``kit --all`` prints six Starfire kits; the card (the same bytes in each) is rendered once."""
    import sheetgen.render.cards as cards

    real = cards.render_card
    rendered: list[str] = []

    def counting(game: Any, **options: Any) -> Rendered:
        rendered.append(game.id)
        return real(game, **options)

    monkeypatch.setattr(cards, "render_card", counting)
    monkeypatch.setattr(render_parts, "_CARDS", {})
    render_parts._card_html.cache_clear()
    data = []
    for name in ("scouts-meet", "convoy-raid"):
        parts, _ = kit_module.kit_parts(load(DESIGNS / "starfire" / "scenarios" / f"{name}.yaml"), paper="a4")
        (card,) = [p.request for p in parts if p.file == "reference-card.pdf"]
        assert card is not None
        data.append(render_parts.render_parts([card])[0].data)
    assert rendered == ["starfire"]
    assert data[0] == data[1] and page_count(data[0]) >= 1


def test_kits_built_together_are_the_same_bytes_for_any_jobs(tmp_path: Path) -> None:
    """build_kits prints every kit's sheets and card together, then every briefing, by
    up to ``jobs`` processes; the files do not depend on ``jobs`` (issue 13)."""
    scenarios = [load(DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml")]
    scenarios.append(load(DESIGNS / "space-cruisers" / "scenarios" / "kepler-station.yaml"))
    files: dict[int, dict[str, bytes]] = {}
    for jobs in (1, 2):
        made = kit_module.build_kits([(s, tmp_path / f"{jobs}" / s.path.stem) for s in scenarios], jobs=jobs)
        assert all(isinstance(kit, kit_module.Kit) for kit in made), made
        files[jobs] = {
            str(p.relative_to(tmp_path / f"{jobs}")): p.read_bytes()
            for p in (tmp_path / f"{jobs}").rglob("*.pdf")
        }
    assert len(files[1]) == 12  # six parts a kit
    assert files[1] == files[2]


def test_a_kit_that_fails_does_not_stop_the_others(tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the kit's folder would go", encoding="utf-8")
    scenario = load(DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml")
    made = kit_module.build_kits([(scenario, blocked), (scenario, tmp_path / "fine")])
    assert isinstance(made[0], kit_module.KitError) and "cannot create folder" in str(made[0])
    assert isinstance(made[1], kit_module.Kit)
    assert sorted(p.name for p in made[1].files) == sorted(PARTS)
    assert blocked.read_text(encoding="utf-8") == "a file where the kit's folder would go"


def test_kit_of_a_scenario_with_input_errors_lists_the_rule_errors_too(
    invoke: Invoke, write: Write, tmp_path: Path
) -> None:
    """An inline design with a wrong speed still has its other rules checked: the kit
    refuses it (exit 2) and says everything wrong with it at once."""
    path = write(
        "s.yaml",
        "scenario: Test\ngame: starfire\nmap: {cols: 20, rows: 20}\nsides:\n  - name: A\n    fleet:\n"
        "      - design: {name: Q, hull: DD, systems: SSSAAA(I)(I)(I)(I)(I)QYDDRRLH, munitions: {R: 10},"
        " speed: fast}\n",
    )
    r = invoke("kit", path, "-o", tmp_path / "kit")
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        f"{path}:7:46: error [SF-2] DD requires at least 2 Q: found 1",
        f"{path}:7:104: error [SCHEMA] 'speed' must be a whole number, found the text 'fast'",
    ]
    assert not (tmp_path / "kit").exists()


def test_a_kit_not_written_leaves_no_folder_it_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folders made for a kit that fails, or for a run stopped part-way (Ctrl-C, ``kill``),
    are removed again while empty; a folder that was there before stays, and so does a kit
    written beside the failed one."""
    scenario = load(DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml")
    other = load(DESIGNS / "space-cruisers" / "scenarios" / "kepler-station.yaml")
    real = render_parts.draw_part

    def failing_draw(failing: Scenario, stop: type[BaseException]) -> Callable[[DrawnPart], Rendered]:
        def draw(part: DrawnPart) -> Rendered:
            if isinstance(part, CountersPart) and part.scenario is failing:
                raise stop("the counters cannot be printed")
            return real(part)

        return draw

    monkeypatch.setattr(kit_module, "draw_part", failing_draw(scenario, KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):
        kit_module.build_kits([(scenario, tmp_path / "new" / "a"), (other, tmp_path / "new" / "b")])
    assert list(tmp_path.iterdir()) == []

    monkeypatch.setattr(kit_module, "draw_part", failing_draw(scenario, kit_module.OutputError))
    (tmp_path / "there").mkdir()
    made = kit_module.build_kits(
        [(scenario, tmp_path / "there" / "a" / "b"), (other, tmp_path / "there" / "c")]
    )
    assert isinstance(made[0], kit_module.KitError) and "the counters cannot be printed" in str(made[0])
    assert isinstance(made[1], kit_module.Kit)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_dir()) == [
        "there",
        "there/c",
    ]


@pytest.mark.skipif(
    not hasattr(__import__("os"), "fork"), reason="a file-size limit set in the child (POSIX)"
)
def test_a_kit_under_a_file_size_limit_says_which_file_in_one_line(tmp_path: Path) -> None:
    """Under a file-size limit (or on a full disk) the kit says which file it could not write,
    in one line, exits 2, and leaves no folder behind. Printing writes nothing in the
    temporary folder (WeasyPrint's copies of the fonts failed there, naming no file)."""
    import os
    import resource
    import subprocess
    import sys

    def limit() -> None:  # 64 KiB: less than any bundled font
        resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))

    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "SHEETGEN_CACHE": "off"}
    ran = subprocess.run(
        [sys.executable, "-m", "sheetgen", "kit", "-o", str(tmp_path / "out" / "kit"), "--jobs", "1"],
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=limit,
        timeout=120,
    )
    assert ran.returncode == 2
    assert ran.stderr.startswith(f"sheetgen: error: {tmp_path / 'out' / 'kit'}{os.sep}")
    assert ran.stderr.endswith(": cannot write: File too large\n") and ran.stderr.count("\n") == 1
    assert not (tmp_path / "out").exists()
    assert list(temp.iterdir()) == []


def test_a_print_that_cannot_be_made_is_one_line_exit_2(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An output error no verb handles itself (a print worker killed from outside) reaches the
    command line as one line and exit 2, not a traceback."""
    from sheetgen.render.pool import WorkerLost

    def lost(*args: Any, **kwargs: Any) -> list[Any]:
        raise WorkerLost("cannot print: a print worker stopped before it finished")

    monkeypatch.setattr(kit_module, "build_kits", lost)
    r = invoke("kit", "-o", tmp_path / "k")
    assert r.exit_code == 2
    assert r.stderr == "sheetgen: error: cannot print: a print worker stopped before it finished\n"


def test_kit_all_into_a_file_is_one_line(invoke: Invoke, tmp_path: Path) -> None:
    """``kit --all -o FILE``: one cause, said once (it was said for each of the nine kits)."""
    afile = tmp_path / "afile"
    afile.write_text("mine\n", encoding="utf-8")
    for out, line in (
        (afile, f"{afile}: is a file, not a folder"),
        (afile / "x", f"{afile / 'x'}: {afile} is a file, not a folder"),
    ):
        r = invoke("kit", "--all", "-o", out)
        assert r.exit_code == 2
        assert r.stderr == f"sheetgen: error: {line}\n"
    assert afile.read_text(encoding="utf-8") == "mine\n"
