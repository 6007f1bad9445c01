"""Hex geometry: worked examples and properties (round trips, metric laws, lines)."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.hexgrid import (
    DIRECTIONS,
    Hex,
    Layout,
    OffsetGrid,
    distance,
    edge_directions,
    format_vector,
    from_offset,
    hex_line,
    hexes_within,
    neighbors,
    parse_vector,
    to_offset,
)

coord = st.integers(min_value=-500, max_value=500)
hexes = st.builds(Hex, coord, coord)
orientations = st.sampled_from(["flat", "pointy"])
sizes = st.floats(min_value=5.0, max_value=500.0)
origins = st.tuples(st.floats(-1000, 1000), st.floats(-1000, 1000))


# --- worked examples ---------------------------------------------------------------------------


def test_distance_counts_the_target_hex_not_the_firer():
    assert distance(Hex(0, 0), Hex(0, 0)) == 0
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(Hex(2, 5), Hex(-1, 2)) == 6


def test_neighbours_of_a_flat_hex_run_clockwise_from_north():
    assert neighbors(Hex(0, 0)) == [Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0)]


def test_hexes_within_two_of_a_hex_are_nineteen():
    ring = hexes_within(Hex(4, -2), 2)
    assert len(ring) == 19
    assert max(distance(Hex(4, -2), h) for h in ring) == 2
    assert hexes_within(Hex(0, 0), 0) == [Hex(0, 0)]
    assert hexes_within(Hex(0, 0), -1) == []


def test_offset_labels_shift_odd_columns_down_on_flat_maps():
    # 0201 (col 1, row 0) sits half a hex lower than 0101 and 0301
    layout = Layout(72.0)
    y = [layout.center(from_offset(c, 0))[1] for c in range(3)]
    assert y[1] - y[0] == pytest.approx(36.0)
    assert y[2] == pytest.approx(y[0])


def test_a_one_inch_hex_is_one_inch_across_the_flats():
    for orientation in ("flat", "pointy"):
        corners = Layout(72.0, orientation=orientation).corners(Hex(0, 0))
        # flat: top edge (corners 4, 5) to bottom edge (1, 2); pointy: right edge (0, 1) to left (3, 4)
        across = corners[1][1] - corners[5][1] if orientation == "flat" else corners[0][0] - corners[3][0]
        assert across == pytest.approx(72.0)
        sides = [math.dist(corners[i], corners[(i + 1) % 6]) for i in range(6)]
        assert sides == pytest.approx([72.0 / math.sqrt(3)] * 6)


# --- properties ----------------------------------------------------------------------------------


@given(hexes, orientations)
def test_hex_to_offset_and_back(h, orientation):
    assert from_offset(*to_offset(h, orientation), orientation) == h


@given(coord, coord, orientations)
def test_offset_to_hex_and_back(col, row, orientation):
    assert to_offset(from_offset(col, row, orientation), orientation) == (col, row)


@given(hexes, orientations, sizes, origins)
def test_hex_to_point_and_back(h, orientation, size, origin):
    layout = Layout(size, origin, orientation)
    assert layout.hex_at(*layout.center(h)) == h


@given(hexes, orientations, sizes, st.floats(0, 0.42), st.floats(0, 2 * math.pi))
def test_points_inside_the_inscribed_circle_belong_to_the_hex(h, orientation, size, frac, angle):
    layout = Layout(size, orientation=orientation)
    x, y = layout.center(h)
    r = frac * size  # inscribed circle: radius size / 2
    assert layout.hex_at(x + r * math.cos(angle), y + r * math.sin(angle)) == h


@given(hexes, hexes)
def test_distance_is_symmetric(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, orientations)
def test_every_neighbour_is_one_hex_away(h, orientation):
    assert {distance(h, n) for n in neighbors(h, orientation)} == {1}
    assert len(set(neighbors(h, orientation))) == 6


@settings(max_examples=200)
@given(hexes, hexes)
def test_a_line_has_distance_plus_one_hexes_each_next_to_the_last(a, b):
    line = hex_line(a, b)
    assert len(line) == distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(distance(p, q) == 1 for p, q in itertools.pairwise(line))


@given(st.integers(-30, 30), st.integers(-30, 30))
def test_vectors_round_trip_in_at_most_two_legs(q, r):
    d = Hex(q, r)
    text = format_vector(d)
    assert parse_vector(text) == d
    legs = re.findall(r"\d+[A-Z]+", text)
    assert len(legs) <= 2
    assert sum(int(re.match(r"\d+", leg).group()) for leg in legs) == distance(Hex(0, 0), d)


@given(hexes, st.integers(0, 6))
def test_hexes_within_is_the_ball_of_that_radius(h, radius):
    ball = hexes_within(h, radius)
    assert len(ball) == 1 + 3 * radius * (radius + 1)
    assert all(distance(h, x) <= radius for x in ball)


def test_directions_table_is_clockwise_on_paper():
    layout = Layout(72.0)
    angles = []
    for step in DIRECTIONS["flat"].values():
        x, y = layout.center(step)
        angles.append(math.degrees(math.atan2(y, x)) % 360)
    assert angles == pytest.approx([270, 330, 30, 90, 150, 210])


# --- rectangular maps: numbering, stagger and points -------------------------------------------

grids = st.builds(
    OffsetGrid, st.integers(1, 40), st.integers(1, 40), orientations, st.sampled_from(["ul", "ll"])
)


def test_a_map_numbered_from_the_lower_left_is_the_mirror_image():
    # 5 x 4 flat map from the lower left: 0101 is the bottom-left hex, column 02 sits higher
    grid = OffsetGrid(5, 4, "flat", "ll")
    assert grid.cell(0, 0) == (0, 3)
    assert grid.shifted == "even" and grid.low(0) and not grid.low(1)
    layout = grid.layout(72.0)
    x01, y01 = layout.offset_center(*grid.cell(0, 0))
    x02, y02 = layout.offset_center(*grid.cell(1, 0))
    assert (x02 - x01, y02 - y01) == pytest.approx((1.5 * 72 / math.sqrt(3), -36.0))
    # pointy: the odd printed rows sit right, whichever paper rows they land on
    assert OffsetGrid(3, 4, "pointy", "ll").right(0) and not OffsetGrid(3, 5, "pointy", "ll").right(0)


def test_edges_face_the_neighbour_they_are_shared_with():
    for orientation in ("flat", "pointy"):
        layout = Layout(72.0, orientation=orientation)
        corners = layout.corners(Hex(0, 0))
        for i, name in enumerate(edge_directions(orientation)):
            mid = (
                (corners[i][0] + corners[(i + 1) % 6][0]) / 2,
                (corners[i][1] + corners[(i + 1) % 6][1]) / 2,
            )
            across = layout.center(DIRECTIONS[orientation][name])
            assert (2 * mid[0], 2 * mid[1]) == pytest.approx(across)


@given(grids, coord, coord)
def test_map_hexes_round_trip(grid, c, v):
    assert grid.from_hex(grid.to_hex(c, v)) == (c, v)
    assert grid.cell(*grid.cell(c, v)) == (c, v)


@given(grids, st.data())
def test_map_neighbours_touch_and_label_distances_ignore_the_corner(grid, data):
    c = data.draw(st.integers(0, grid.cols - 1))
    v = data.draw(st.integers(0, grid.rows - 1))
    here = grid.to_hex(c, v)
    assert [distance(here, grid.to_hex(*n)) for n in grid.neighbours(c, v)] == [1] * 6
    # the same two printed numbers are as far apart on either corner's numbering
    col, row = data.draw(st.integers(0, grid.cols - 1)), data.draw(st.integers(0, grid.rows - 1))
    mirror = OffsetGrid(grid.cols, grid.rows, grid.orientation, "ul" if grid.origin == "ll" else "ll")
    a, b = grid.cell(c, v), (col, row)
    assert distance(grid.hex_of(*a), grid.hex_of(*b)) == distance(mirror.hex_of(*a), mirror.hex_of(*b))


@given(grids, coord, coord, sizes, origins)
def test_map_layout_places_axial_and_offset_hexes_alike(grid, c, v, size, origin):
    layout = grid.layout(size, origin)
    h = grid.to_hex(c, v)
    assert layout.center(h) == pytest.approx(layout.offset_center(c, v))
    assert layout.hex_at(*layout.offset_center(c, v)) == h
