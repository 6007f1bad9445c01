"""Bundled scenarios' VASSAL modules loaded in the REAL VASSAL engine, headless.

The engine and its harness live beside the checkout, in ``../shared/vassal`` (or the folder
``SHEETGEN_VASSAL_DIR`` names): ``check.sh MODULE OUTDIR [probes.tsv]`` loads the module in
VASSAL's Player under Xvfb, starts a New Game, checks every piece, drops and turns pieces,
saves the game, and ends with ``vassal-check: N problems, M VASSAL warnings/errors``.
``scripts/install.sh --test`` runs its ``setup.sh`` (a JDK, Xvfb, the engine's build).

``vassal_play/PlayCheck.java`` (compiled here against the engine) then plays each module
the way the harness does not: it presses every dice button, steps the turn tracker, drops
markers on a ship and deletes pieces with the Delete key, and reports what the engine did.

Each module is built and checked once per session (about 25 s a run, two runs at a time);
the tests then read the reports. A run that is not clean is run once more, and the tests
read the second: on a heavily loaded machine VASSAL once left its side chooser unanswered
until the timeout, and once its Module Manager, started after a save, read its key file
before VASSAL had written it (an EOFException logged as a warning). A fault of the module
shows in both runs. Without the harness, Java or Xvfb they skip, saying
which is missing. ``SHEETGEN_VASSAL_OUT=DIR`` keeps the modules, reports and screenshots in
``DIR/<session>/``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parents[2]
DESIGNS = ROOT / "designs"
PLAY_CHECK = Path(__file__).resolve().parent / "vassal_play" / "PlayCheck.java"
#: seconds before a run is stopped (a run takes about 25 s, over a minute on a loaded machine)
TIMEOUT = os.environ.get("VASSAL_CHECK_TIMEOUT", "180")

#: scenario name -> (scenario file, module preferences written before it loads): one per
#: game; Starfire's with terrain (warp points, a planet), Knight Hawks 2000's on three
#: levels, shown in separate map windows (VASSAL's other way of showing maps)
CHECKED = {
    "warp-point-assault": (DESIGNS / "starfire" / "scenarios" / "warp-point-assault.yaml", ""),
    "flank-action": (DESIGNS / "knight-hawks-2000" / "scenarios" / "flank-action.yaml", "singleWindow=false"),
    "border-clash": (DESIGNS / "kill-radius" / "scenarios" / "border-clash.yaml", ""),
    "kepler-station": (DESIGNS / "space-cruisers" / "scenarios" / "kepler-station.yaml", ""),
}
#: scenario name -> {design file: condition block appended to it}: these scenarios' modules are
#: built from a copy of their game's designs whose ships carry that damage, so the engine run
#: also shows each record sheet starting from a design's ``condition:`` (no extra run)
DAMAGED = {
    "flank-action": {
        "ships/pugilist.yaml": "condition: {structure_points: 1000, launched: {SM: 4}}\n",
        "ships/exalted.yaml": "condition: {structure_points: 700, launched: {TT: 10}}\n",
    },
}
#: resolution of the checked modules' images: the default, what players get (the harness drops
#: palette pieces 25 px right of and 20 px above a hex centre, inside the hex at 150 dpi)
DPI = 150
SUMMARY = re.compile(r"^vassal-check: (\d+) problems, (\d+) VASSAL warnings/errors$", re.M)


def harness_dir() -> Path:
    return Path(os.environ.get("SHEETGEN_VASSAL_DIR") or ROOT.parent / "shared" / "vassal")


def _missing() -> str | None:
    """Why the engine cannot run here, or None."""
    where = harness_dir()
    if not (where / "check.sh").is_file():
        return f"no VASSAL harness at {where} (set SHEETGEN_VASSAL_DIR to the folder holding check.sh)"
    for tool in ("java", "javac", "xvfb-run", "xauth"):
        if shutil.which(tool) is None:
            return f"{tool} not found: run {where / 'setup.sh'} (scripts/install.sh --test does)"
    java = Path(shutil.which("java") or "").resolve()
    if not (java.parent.parent / "lib" / "libawt_xawt.so").exists():
        return f"{java} has no X11 AWT: install openjdk-17-jre ({where / 'setup.sh'} does)"
    return None


@dataclass(frozen=True)
class Check:
    """One module's check: the exit status, what check.sh printed, its report, the folder,
    the ships placed at start; PlayCheck's report and the engine's warnings in that run."""

    rc: int
    output: str
    report: str
    out: Path
    placed: int
    play: str = ""
    play_warnings: str = ""

    @property
    def counts(self) -> tuple[int, int]:
        found = SUMMARY.findall(self.output)
        assert found, self.output[-2000:]
        return int(found[-1][0]), int(found[-1][1])


def _build(name: str, root: Path) -> tuple[Path, Path, int]:
    """``name``'s module as ``sheetgen vassal`` makes it (record sheets and card inside),
    a probes file of its first map's hexes, and how many ships it places."""
    from sheetgen.cli.vassal import module_for
    from sheetgen.scenarios.scenario import load_scenario

    scenario, result = load_scenario(_scenario_path(name, root))
    assert scenario is not None and not result.input_errors and result.legal
    module = module_for(scenario, DPI, "letter")
    vmod = root / f"{name}.vmod"
    vmod.write_bytes(module.data)
    # every hex of the first map at its printed centre: VASSAL must name it as printed and
    # snap it there (the harness's probes)
    from sheetgen.core.hexlabel import hex_label

    board = module.boards[0][1]
    width = max(2, len(str(max(board.cols, board.rows))))
    lines = []
    for col in range(board.cols):
        for row in range(board.rows):
            x, y = board.image_centre(col, row)
            lines.append(f"centre\t{hex_label(col, row, 'xxyy', width)}\t{x:.2f}\t{y:.2f}")
    probes = root / f"{name}-probes.tsv"
    probes.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return vmod, probes, sum(1 for p in module.pieces if p.at is not None)


def _scenario_path(name: str, root: Path) -> Path:
    """``name``'s scenario file; for a :data:`DAMAGED` one, in a copy of its game's designs
    under ``root`` with the conditions appended."""
    path = CHECKED[name][0]
    if name not in DAMAGED:
        return path
    game = path.parents[1]
    copy = root / f"{name}-designs" / game.name
    if not copy.exists():
        shutil.copytree(game, copy)
        for design, block in DAMAGED[name].items():
            with (copy / design).open("a", encoding="utf-8") as f:
                f.write(block)
    return copy / path.relative_to(game)


def _engine_classpath() -> str:
    """The engine's class path as check.sh builds it (the harness's ``common.sh``)."""
    script = 'D="$1"; . "$D/common.sh"; printf %s "$VC:$CP"'
    run = subprocess.run(
        ["sh", "-c", script, "sh", str(harness_dir())], capture_output=True, text=True, check=True
    )
    return run.stdout


def _compile_play_check(root: Path) -> Path:
    classes = root / "play-classes"
    classes.mkdir(exist_ok=True)
    subprocess.run(
        ["javac", "-nowarn", "-d", str(classes), "-cp", _engine_classpath(), str(PLAY_CHECK)],
        capture_output=True,
        text=True,
        check=True,
    )
    return classes


def _play(name: str, vmod: Path, classes: Path) -> dict[str, str]:
    """PlayCheck's report on ``vmod``, run as check.sh runs the harness: under Xvfb, in a
    fresh VASSAL configuration folder with the welcome wizard off (twice if the first run
    does not finish)."""
    out = vmod.parent / f"{name}-play"
    report = out / "report.txt"
    java = [
        "java",
        "-Xmx2g",
        f"-DVASSAL.conf={out / 'conf'}",
        f"-Dlogback.configurationFile={harness_dir() / 'harness-logback.xml'}",
        "-cp",
        f"{classes}:{_engine_classpath()}",
        "PlayCheck",
        str(vmod),
        str(report),
    ]
    for _attempt in range(2):
        shutil.rmtree(out, ignore_errors=True)
        (out / "conf" / "prefs").mkdir(parents=True)
        (out / "conf" / "prefs" / "V_Global").write_text("welcomeWizard=false\n", encoding="utf-8")
        run = subprocess.run(
            [
                "timeout",
                "-k",
                "10",
                TIMEOUT,
                "xvfb-run",
                "-a",
                "-s",
                "-screen 0 1920x1200x24 -noreset",
                *java,
            ],
            capture_output=True,
            text=True,
            cwd=out,
            check=False,
        )
        text = report.read_text(encoding="utf-8") if report.exists() else f"no report (exit {run.returncode})"
        logged = run.stdout.splitlines()
        warnings = "\n".join(line for line in logged if re.match(r"VASSAL-LOG (WARN|ERROR)", line))
        if text.rstrip().endswith("done") and not warnings and "FAIL" not in text:
            break
    return {"play": text, "play_warnings": warnings}


def _check(name: str, vmod: Path, probes: Path, placed: int) -> dict[str, object]:
    """check.sh's verdict on ``vmod``, with the module's preferences of :data:`CHECKED`."""
    prefs = CHECKED[name][1]
    out = vmod.parent / f"{name}-check"
    env = dict(os.environ)
    if prefs:
        env["VMODCHECK_JAVA_OPTS"] = f"-Dvmodcheck.modulePrefs={prefs}"
    env["VASSAL_CHECK_TIMEOUT"] = TIMEOUT
    for _attempt in range(2):
        run = subprocess.run(
            ["sh", str(harness_dir() / "check.sh"), str(vmod), str(out), str(probes)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        if run.returncode == 0:
            break
    report = (out / "report.txt").read_text(encoding="utf-8") if (out / "report.txt").exists() else ""
    return {
        "rc": run.returncode,
        "output": run.stdout + run.stderr,
        "report": report,
        "out": str(out),
        "placed": placed,
    }


@pytest.fixture(scope="session")
def engine_checks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Check]:
    """Every module of :data:`CHECKED` built and checked in the engine, once per session
    (whichever xdist worker asks first; the others wait on a lock and read its record)."""
    why = _missing()
    if why:
        pytest.skip(why)
    base = tmp_path_factory.getbasetemp()
    session = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    kept = os.environ.get("SHEETGEN_VASSAL_OUT")  # a folder to keep the reports and screenshots in
    root = Path(kept) / session.name if kept else session / "vassal-engine"
    root.mkdir(parents=True, exist_ok=True)
    record = root / "checks.json"
    with FileLock(str(root / "checks.lock")):
        if not record.exists():
            build = subprocess.run(
                ["sh", str(harness_dir() / "build.sh")], capture_output=True, text=True, check=False
            )
            if build.returncode != 0:
                pytest.skip(f"the VASSAL engine could not be built: {(build.stdout + build.stderr)[-500:]}")
            made = {name: _build(name, root) for name in CHECKED}
            classes = _compile_play_check(root)
            with ThreadPoolExecutor(max_workers=2) as pool:  # each run mostly waits for windows
                checks = {n: pool.submit(_check, n, *made[n]) for n in made}
                plays = {n: pool.submit(_play, n, made[n][0], classes) for n in made}
                done = {n: checks[n].result() | plays[n].result() for n in made}
            record.write_text(json.dumps(done), encoding="utf-8")
    raw = json.loads(record.read_text(encoding="utf-8"))
    return {
        name: Check(
            c["rc"], c["output"], c["report"], Path(c["out"]), c["placed"], c["play"], c["play_warnings"]
        )
        for name, c in raw.items()
    }


@pytest.mark.parametrize("name", list(CHECKED))
def test_module_plays_in_vassal_with_no_problem_and_no_warning(
    engine_checks: dict[str, Check], name: str
) -> None:
    """check.sh exits 0: no PROBLEM line (every map on screen after New Game, every ship on
    its start hex and on a snap point, every hex named and snapped as printed, palette drops
    land in their hex, the game saves and reloads) and no VASSAL WARN/ERROR log line."""
    check = engine_checks[name]
    problems = [line for line in check.report.splitlines() if line.startswith("PROBLEM")]
    assert check.counts == (0, 0), (problems, check.output[-3000:])
    assert check.rc == 0


@pytest.mark.parametrize("name", list(CHECKED))
def test_after_new_game_every_map_is_shown_with_every_ship_at_its_start(
    engine_checks: dict[str, Check], name: str
) -> None:
    check = engine_checks[name]
    assert "game started: true" in check.report
    views = [
        line for line in check.report.splitlines() if line.startswith("map view size") and "showing" in line
    ]
    assert views and all("showing=true" in line for line in views), views
    if CHECKED[name][1] == "singleWindow=false":
        assert all("(docked in main window)" not in line for line in views)
    else:
        assert "(docked in main window)" in views[0]
    placed = re.search(r"^  pieces on maps: (\d+)$", check.report, re.M)
    assert placed and int(placed.group(1)) == check.placed
    assert check.report.count(" OK; snapTo=") == check.placed
    probes = re.search(
        r"probes: (\d+), VASSAL names it as printed: (\d+), differently: 0, snap problems: 0", check.report
    )
    assert probes and probes.group(1) == probes.group(2) and int(probes.group(1)) > 0


@pytest.mark.parametrize("name", list(CHECKED))
def test_the_screen_shows_the_map_once_the_game_has_started(
    engine_checks: dict[str, Check], name: str
) -> None:
    """After New Game and the harness's moves the screen shows the map's hexes and numbers,
    not an empty window. Measured: over 14,000 dark pixels with the map shown, about 3,200
    (the toolbar and the chat) when no window held it. The screenshot right after New Game
    is not used: VASSAL draws the board's tiles in the background, later on a loaded machine."""
    from PIL import Image

    shots = sorted(engine_checks[name].out.glob("shot-*-03-after-moves.png"))
    assert shots
    with Image.open(shots[0]) as shot:
        colours = shot.convert("RGB").getcolors(maxcolors=1 << 20) or []
    dark = sum(n for n, rgb in colours if sum(rgb) < 384)
    assert dark > 10000, (len(colours), dark)


# --- what a player does with it: PlayCheck's report -----------------------------------------------


def _game(name: str) -> object:
    from sheetgen.scenarios.scenario import load_scenario

    scenario, _ = load_scenario(CHECKED[name][0])
    assert scenario is not None
    return scenario.game


@pytest.mark.parametrize("name", list(CHECKED))
def test_playing_raises_no_vassal_warning(engine_checks: dict[str, Check], name: str) -> None:
    check = engine_checks[name]
    assert check.play.rstrip().endswith("done"), check.play[-2000:]
    assert "FAIL" not in check.play and "game started true" in check.play, check.play[-2000:]
    assert check.play_warnings == ""


@pytest.mark.parametrize("name", list(CHECKED))
def test_every_dice_button_rolls_into_the_chat(engine_checks: dict[str, Check], name: str) -> None:
    """Each of the game's rolls has its button; pressed, it puts one total in range in the chat."""
    from sheetgen.render.vassal import dice_name

    play = engine_checks[name].play
    dice = _game(name).dice  # type: ignore[attr-defined]
    assert dice
    for count, sides in dice:
        label = dice_name(count, sides)
        rolled = re.findall(
            rf"^dice {label} nDice={count} nSides={sides} chat: \*+ {label} = (\d+) \*+", play, re.M
        )
        assert len(rolled) == 1, (label, play[:3000])
        assert count <= int(rolled[0]) <= count * sides
        assert re.search(rf"^chat \*+ {label} = {rolled[0]} \*+ <", play, re.M)


@pytest.mark.parametrize("name", list(CHECKED))
def test_the_turn_tracker_steps_through_the_games_phases(engine_checks: dict[str, Check], name: str) -> None:
    """From turn 1's first phase, Next steps through the game's phases in order and on to the
    next turn, Previous steps back; each step is reported in the chat."""
    play = engine_checks[name].play
    phases = list(_game(name).turn_phases)  # type: ignore[attr-defined]
    assert phases
    seen = re.findall(r"^turn (start|next|prev) Turn (\d+) (.+?) \| Turn=(\d+) Phase=(.+)$", play, re.M)
    expected = [(1 + i // len(phases), phases[i % len(phases)]) for i in range(17)]
    steps = [(int(t), p) for kind, t, p, _, _ in seen if kind != "prev"]
    assert steps == expected
    assert all(t == t2 and p == p2 for _, t, p, t2, p2 in seen)  # the Turn and Phase properties agree
    back = [(int(t), p) for kind, t, p, _, _ in seen if kind == "prev"]
    assert back == [expected[15]]
    assert re.search(rf"^chat \* <[^>]*> Turn 2 {re.escape(phases[0])}$", play, re.M), play[-3000:]


@pytest.mark.parametrize("name", list(CHECKED))
def test_markers_stack_on_a_ship_and_delete_removes_pieces(
    engine_checks: dict[str, Check], name: str
) -> None:
    play = engine_checks[name].play
    markers = re.findall(r"^marker '.+' at (\S+) same stack as ship: (\w+)$", play, re.M)
    ship_at = re.search(r"^ship '.+' at (\S+)$", play, re.M)
    assert ship_at and len(markers) == 2
    assert all(at == ship_at.group(1) and same == "true" for at, same in markers), markers
    deleted = re.findall(r"^delete (marker|ship) '.+': on map (\w+), pieces (\d+) -> (\d+)$", play, re.M)
    assert [kind for kind, *_ in deleted] == ["marker", "ship"]
    assert all(on == "false" and int(b) - int(a) == 1 for _, on, b, a in deleted), deleted


@pytest.mark.parametrize("name", list(CHECKED))
def test_ctrl_r_opens_the_ships_record_sheet(engine_checks: dict[str, Check], name: str) -> None:
    """Ctrl+R on a ship opens its record sheet window, one row per field of the sheet the
    module defines for that ship (PlayCheck also saves the window as record-sheet.png)."""
    play = engine_checks[name].play
    assert "record sheet window: true" in play, play[-3000:]
    definition = re.search(r"^record sheet definition: (.*)$", play, re.M)
    labels = re.search(r"^record sheet labels: \[(.*)\]$", play, re.M)
    assert definition and labels
    names = [field[1:] for field in definition.group(1).split("~")]
    shown = [label.strip() for label in labels.group(1).split(", ") if label.strip()]
    assert shown == names


def test_a_damaged_ship_s_record_sheet_starts_from_its_condition(
    engine_checks: dict[str, Check], tmp_path: Path
) -> None:
    """Flank action's ships carry damage (:data:`DAMAGED`): the ship PlayCheck opens has its
    record sheet's values, as the engine reads them, from its ``condition:``: the structure
    boxes wholly lost and the rounds launched ticked (Knight Hawks 2000, Explanation of
    Damage Results), the same values the module's build file gives."""
    from sheetgen.scenarios.scenario import load_scenario

    play = engine_checks["flank-action"].play
    ship = re.search(r"^record sheet ship: (.*)$", play, re.M)
    values = re.search(r"^record sheet values: (.*)$", play, re.M)
    assert ship and values, play[-3000:]
    scenario, _ = load_scenario(_scenario_path("flank-action", tmp_path))
    assert scenario is not None
    placed = next(s for s in scenario.ships if s.name == ship.group(1).strip())
    fields = scenario.game.record_fields(scenario.game.sheet_ship(placed.stats, placed.entry.findings))
    read = dict(v.split("=", 1) for v in values.group(1).split(" | "))
    assert read == {f.name: str(f.ticked if f.number is None else f.number) for f in fields}
    assert int(read[fields[0].name]) > 0 and any(f.ticked for f in fields[1:])  # damage shows
