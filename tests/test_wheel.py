"""A pip user's sheetgen: the wheel, built from this checkout and installed in a fresh
virtual environment, finds its bundled examples, copies them out and prints a kit from
them, run from a folder that is not the checkout.

The wheel is built by pip (``pip wheel --no-deps``, hatchling from the package index,
as any ``pip install`` from a source tree does) and installed with ``--no-deps`` into a
virtual environment created without pip and without the system's packages. Its
dependencies (WeasyPrint, ReportLab...) are not downloaded again: a ``.pth`` file adds
this test environment's site-packages after the venv's own, so ``import sheetgen``
finds the installed wheel and only the dependencies come from here (the checkout's
editable install is not reached: ``.pth`` files in an added folder are not read).
The whole test takes some 15 s, a kit included.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(args: list[str | Path], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a fresh virtual environment holding sheetgen from its wheel."""
    base = tmp_path_factory.mktemp("wheel")
    wheels = base / "dist"
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, ROOT], cwd=base)
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("sheetgen-*.whl")
    venv = base / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=base)
    assert made.returncode == 0, made.stderr
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    put = _run(
        [sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", wheel], cwd=base
    )
    assert put.returncode == 0, put.stderr
    site = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=base)
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site.stdout.strip()) / "_sheetgen_test_deps.pth").write_text("\n".join(sorted(ours)) + "\n")
    return bin_dir


def test_pip_installed_sheetgen_copies_its_examples_and_prints_a_kit(installed: Path, tmp_path: Path) -> None:
    python = installed / ("python.exe" if os.name == "nt" else "python")
    sheetgen = installed / ("sheetgen.exe" if os.name == "nt" else "sheetgen")
    where = _run([python, "-c", "import sheetgen; print(sheetgen.__file__)"], cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(installed.parent), where.stdout + where.stderr
    assert not Path(where.stdout.strip()).is_relative_to(ROOT)

    copied = _run([sheetgen, "examples", "X"], cwd=tmp_path)
    assert copied.returncode == 0, copied.stderr
    assert (tmp_path / "X" / "starfire" / "scenarios" / "convoy-raid.yaml").is_file()
    assert sorted(p.name for p in (tmp_path / "X").iterdir()) == sorted(
        p.name for p in (ROOT / "designs").iterdir()
    )

    kit = _run([sheetgen, "kit", "X/starfire/scenarios/scouts-meet.yaml", "-o", "kit"], cwd=tmp_path)
    assert kit.returncode == 0, kit.stderr
    for part in ("briefing", "record-sheets", "counters", "map", "reference-card"):
        assert (tmp_path / "kit" / f"{part}.pdf").read_bytes().startswith(b"%PDF-")

    # --press needs nothing installed beside the wheel: its CMYK profile ships in it
    pressed = _run([sheetgen, "map", "--cols", "4", "--rows", "4", "--press", "-o", "m.pdf"], cwd=tmp_path)
    assert pressed.returncode == 0, pressed.stderr
    assert b"CGATS TR 006" in (tmp_path / "m.pdf").read_bytes()

    # the copy holds the illegal examples too: exit 1, every file read, none unreadable
    checked = _run([sheetgen, "validate", "X"], cwd=tmp_path)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    scenarios = len(list((ROOT / "designs").glob("*/scenarios/*.yaml")))
    assert f"(with {scenarios} scenarios)" in checked.stderr
    assert _run([sheetgen, "validate", "X/starfire/ships"], cwd=tmp_path).returncode == 0

    # bundled scenarios by name: the installed package finds its own
    unknown = _run([sheetgen, "kit", "convoy-raids"], cwd=tmp_path)
    assert unknown.returncode == 2
    assert "bundled: border-clash, convoy-raid," in unknown.stderr
    first = _run([sheetgen, "new", "starfire", "--name", "Dart", "-o", "dart.yaml"], cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert _run([sheetgen, "validate", "dart.yaml"], cwd=tmp_path).returncode == 0
