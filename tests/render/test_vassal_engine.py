"""Bundled scenarios' VASSAL modules loaded in the REAL VASSAL engine, headless.

The engine and its harness live beside the checkout, in ``../shared/vassal`` (or the folder
``SHEETGEN_VASSAL_DIR`` names): ``check.sh MODULE OUTDIR [probes.tsv]`` loads the module in
VASSAL's Player under Xvfb, starts a New Game, checks every piece, drops and turns pieces,
saves the game, and ends with ``vassal-check: N problems, M VASSAL warnings/errors``.
``scripts/install.sh --test`` runs its ``setup.sh`` (a JDK, Xvfb, the engine's build).

Each module is built and checked once per session (about 25 s each, two at a time); the
tests then read the check's report. Without the harness, Java or Xvfb they skip, saying
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

#: scenario name -> (scenario file, module preferences written before it loads): one per
#: game; Starfire's with terrain (warp points, a planet), Knight Hawks 2000's on three
#: levels, shown in separate map windows (VASSAL's other way of showing maps)
CHECKED = {
    "warp-point-assault": (DESIGNS / "starfire" / "scenarios" / "warp-point-assault.yaml", ""),
    "flank-action": (DESIGNS / "knight-hawks-2000" / "scenarios" / "flank-action.yaml", "singleWindow=false"),
    "border-clash": (DESIGNS / "kill-radius" / "scenarios" / "border-clash.yaml", ""),
    "kepler-station": (DESIGNS / "space-cruisers" / "scenarios" / "kepler-station.yaml", ""),
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
    """One module's check: the exit status, what check.sh printed, its report, the folder."""

    rc: int
    output: str
    report: str
    out: Path
    placed: int

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

    scenario, result = load_scenario(CHECKED[name][0])
    assert scenario is not None and not result.input_errors
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


def _check(name: str, vmod: Path, probes: Path, placed: int) -> dict[str, object]:
    """check.sh's verdict on ``vmod``, with the module's preferences of :data:`CHECKED`."""
    prefs = CHECKED[name][1]
    out = vmod.parent / f"{name}-check"
    env = dict(os.environ)
    if prefs:
        env["VMODCHECK_JAVA_OPTS"] = f"-Dvmodcheck.modulePrefs={prefs}"
    env.setdefault("VASSAL_CHECK_TIMEOUT", "300")
    run = subprocess.run(
        ["sh", str(harness_dir() / "check.sh"), str(vmod), str(out), str(probes)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
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
            with ThreadPoolExecutor(max_workers=2) as pool:  # each check mostly waits for windows
                done = dict(zip(made, pool.map(lambda n: _check(n, *made[n]), made), strict=True))
            record.write_text(json.dumps(done), encoding="utf-8")
    raw = json.loads(record.read_text(encoding="utf-8"))
    return {
        name: Check(c["rc"], c["output"], c["report"], Path(c["out"]), c["placed"]) for name, c in raw.items()
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
def test_the_new_game_screenshot_shows_the_map(engine_checks: dict[str, Check], name: str) -> None:
    """The screen after New Game is not an empty window: the map's hexes and numbers are drawn
    (an unshown map left a white screen: about 1,200 dark pixels, the toolbar's)."""
    from PIL import Image

    shots = sorted(engine_checks[name].out.glob("shot-*-02-new-game.png"))
    assert shots
    with Image.open(shots[0]) as shot:
        image = shot.convert("RGB")
        colours = image.getcolors(maxcolors=1 << 20) or []
        dark = sum(n for n, rgb in colours if sum(rgb) < 384)
    assert dark > 5000, (len(colours), dark)
