"""A zone's or asteroid field's ``around``/``radius`` costs work bounded by the map, never by
the radius's square: on a long thin map (3333 x 30) a radius of 3332 is legal (the diagonal)
and lists at most the map's 99,990 hexes."""

from __future__ import annotations

import pytest

from tests.scenarios.test_bounds import _limited


def _thin(feature: str) -> str:
    return (
        "scenario: Thin\ngame: starfire\nmap:\n  cols: 3333\n  rows: 30\n"
        f"{feature}"
        "sides:\n  - name: A\n    fleet: []\n"
    )


@pytest.mark.parametrize(
    "feature",
    [
        "  zones:\n    - {label: A, around: '0101', radius: 3332}\n",
        "  terrain:\n    - {type: asteroids, around: '0101', radius: 3332}\n",
    ],
)
def test_a_radius_across_a_long_thin_map_is_bounded_by_the_map(write, feature) -> None:
    p = write("thin.yaml", _thin(feature))
    r = _limited("validate", str(p), seconds=30)
    assert "Traceback" not in r.stdout + r.stderr and "MemoryError" not in r.stderr
    assert r.returncode in (0, 1), r.stdout[-2000:] + r.stderr[-2000:]


def test_the_disc_is_the_hexes_within_the_radius_on_the_map() -> None:
    from sheetgen.hexgrid import distance, from_offset
    from sheetgen.scenarios.terrain import _disc

    for orientation in ("flat", "pointy"):
        for centre in ((0, 0), (4, 5), (9, 2), (-3, 4), (12, 12)):
            got = set(_disc(centre, 4, 10, 8, orientation))
            want = {
                (c, r)
                for c in range(10)
                for r in range(8)
                if distance(from_offset(*centre, orientation), from_offset(c, r, orientation)) <= 4
            }
            assert got == want
            assert len(got) == len(_disc(centre, 4, 10, 8, orientation))
