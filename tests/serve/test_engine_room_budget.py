"""The Starfire budget shows engine rooms present of those needed (issue 25): the count and
the sizes come from the game's package (SF-5: the hull's room pattern fixes how many rooms
the drives fill, and of what size), never from the page."""

from __future__ import annotations

import pytest

from sheetgen.serve import service


def _rooms(hull: str, systems: str) -> dict | None:
    text = f"game: starfire\nname: A\nhull: {hull}\nsystems: {systems}\n".encode()
    return next((b for b in service.check(text)["budget"] if b["label"] == "engine rooms"), None)


@pytest.mark.parametrize(
    ("hull", "systems", "used", "needed", "ok"),
    [
        ("CT", "SSAA(I)(I)(I)QL", 3, 3, True),  # single rooms: one a drive
        ("CT", "SSAA(II)(I)QL", 2, 3, False),  # a double room on a hull of single rooms
        ("CL", "SSAA(I)(II)(I)(II)QQQL", 4, 4, True),  # alternating, the right-most (II)
        ("CL", "SSAA(II)(I)(II)(I)QQQL", 4, 4, False),  # as many rooms, in the wrong order
        ("CL", "SSAA(I)(I)(I)QQQL", 3, 2, False),  # 3 drives fit as (I)(II): two rooms
        ("CA", "SSAA(II)(II)QQQQL", 2, 2, True),  # double rooms
    ],
)
def test_engine_rooms_present_of_needed(hull: str, systems: str, used: int, needed: int, ok: bool) -> None:
    bar = _rooms(hull, systems)
    assert bar is not None
    assert (bar["used"], bar["limit"], bar["unit"], bar["rule"], bar["ok"]) == (
        used,
        needed,
        "rooms",
        "SF-5",
        ok,
    )


@pytest.mark.parametrize(
    ("hull", "systems"),
    [("BS1", "SSAAQQL"), ("CT", "SSAAQL"), ("CA", "SSAA(II)(I)QQQQL")],
    ids=["base", "no drives", "odd drives on a CA"],
)
def test_no_engine_room_bar_where_no_layout_is_needed_or_possible(hull: str, systems: str) -> None:
    assert _rooms(hull, systems) is None
