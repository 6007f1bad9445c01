"""The kit's data flows one way: each part is a request of plain data handed to
``sheetgen.render.parts``, and bytes come back; nothing is called back into the kit,
and the counters and maps are still drawn here while the workers print."""

from __future__ import annotations

import dataclasses
import multiprocessing
from pathlib import Path

import pytest

from sheetgen import kit as kit_module
from sheetgen.core.rendered import Rendered
from sheetgen.render import parts as render_parts
from sheetgen.render.parts import CardPart, CountersPart, DrawnPart, MapPart, RecordSheetsPart
from sheetgen.scenarios.scenario import Scenario, load_scenario

from tests.conftest import DESIGNS


def load(path: Path) -> Scenario:
    scenario, _ = load_scenario(path)
    assert scenario is not None
    return scenario


def test_every_part_of_a_kit_is_a_request_of_plain_data() -> None:
    """A kit part holds what to make, never a function that makes it (once each part had a
    ``make`` and a ``printing`` callable, and the record sheets' and briefing's were never called)."""
    parts, _ = kit_module.kit_parts(load(DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml"))
    assert [type(p.request).__name__ for p in parts] == [
        "NoneType",  # the briefing: asked for last, once the others' page counts are known
        "RecordSheetsPart",
        "CountersPart",
        "MapPart",
        "CardPart",
        "CardPart",
    ]
    for part in parts:
        assert not [f.name for f in dataclasses.fields(part) if callable(getattr(part, f.name))], part.file
        if part.request is not None:
            request = part.request
            assert not [f.name for f in dataclasses.fields(request) if callable(getattr(request, f.name))]
    assert isinstance(parts[1].request, RecordSheetsPart)
    assert isinstance(parts[4].request, CardPart) and not parts[4].request.quick


def test_counters_and_maps_are_drawn_while_the_workers_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``jobs`` above 1 the record sheets and cards are handed to the workers first,
    and the counters and map are drawn in this process while the workers are alive."""
    monkeypatch.setattr(render_parts, "_CARDS", {})  # the cards printed afresh, by the workers
    real = render_parts.draw_part
    seen: list[tuple[str, int]] = []

    def draw(part: DrawnPart) -> Rendered:
        seen.append((type(part).__name__, len(multiprocessing.active_children())))
        return real(part)

    monkeypatch.setattr(kit_module, "draw_part", draw)
    scenario = load(DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml")
    (made,) = kit_module.build_kits([(scenario, tmp_path / "kit")], jobs=2)
    assert isinstance(made, kit_module.Kit)
    assert [name for name, _workers in seen] == ["CountersPart", "MapPart"]
    assert all(workers >= 1 for _name, workers in seen), seen
    assert multiprocessing.active_children() == []


def test_render_parts_gives_each_part_in_the_order_asked() -> None:
    """Printed and drawn parts asked together come back in the order asked."""
    scenario = load(DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml")
    parts, _ = kit_module.kit_parts(scenario)
    requests = [p.request for p in parts if isinstance(p.request, CardPart | CountersPart | MapPart)]
    made = render_parts.render_parts(requests)
    assert [len(r.data) > 0 and r.data.startswith(b"%PDF") for r in made] == [True] * 4
    counters = requests[0]
    assert isinstance(counters, CountersPart)
    assert made[0].data == render_parts.draw_part(counters).data  # drawn here
    assert made[2].data == render_parts.reference_card(scenario.game.id, "letter").data
