"""The scenario's map in ``sheetgen kit``."""

from __future__ import annotations

from sheetgen.layout.maps import map_options, plan_pages
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, pdf_text


def test_kit_adds_the_scenarios_map(invoke, tmp_path):
    result = invoke("kit", "-o", tmp_path)
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "map.pdf"
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
    assert result.stderr.strip().splitlines() == [
        f"sheetgen: error: {path}: map: 400 x 300 is 120,000 hexes; the most one map can have is 100,000"
    ]
    assert not any(out.iterdir())
