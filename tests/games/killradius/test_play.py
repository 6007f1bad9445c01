"""Kill Radius rules, tested with the numbers of the text's own worked examples
(seed 000) and the rulings KR-1 .. KR-6."""

from __future__ import annotations

import doctest
import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from sheetgen.games.killradius import data, play, rules, stats
from sheetgen.hexgrid import Hex, format_vector, parse_vector


def test_doctests_hold() -> None:
    results = [doctest.testmod(module) for module in (play, rules, stats)]
    assert sum(r.attempted for r in results) >= 20
    assert sum(r.failed for r in results) == 0


# --- Number, MP, facing (KR-2, KR-3) ---------------------------------------------------------


def test_mp_table_by_number() -> None:
    assert [play.base_movement_points(n) for n in range(1, 11)] == [8, 8, 6, 6, 4, 4, 3, 3, 2, 2]


@pytest.mark.parametrize("bad", [0, 11, -1])
def test_mp_table_outside_numbers_raises(bad: int) -> None:
    with pytest.raises(ValueError, match="1 to 10"):
        play.base_movement_points(bad)


def test_half_threshold_rounds_up() -> None:
    assert [play.half_number(n) for n in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_facing_changes_from_the_examples() -> None:
    # movement example 3: a 6 MP ship may make three facing changes; attack example 1: 5 MP -> 2
    assert play.facing_changes(6) == 3
    assert play.facing_changes(5) == 2


def test_undamaged_number_one_ship_is_not_reduced() -> None:
    # its half threshold is 1, but its Number never *dropped* to it: 8 MP, as the table says
    assert play.movement_points(1) == 8
    assert play.movement_points(2, 1) == 7
    assert [s.number for s in play.number_track(1)] == [1, 0]
    assert play.number_track(1)[0].reduced is False


def test_destroyed_ship_has_no_mp() -> None:
    assert play.movement_points(6, 0) == 0
    assert play.number_track(6)[-1].destroyed


# --- attacks (KR-4) ------------------------------------------------------------------------------


def test_attack_example_1() -> None:
    """Number 5 fires across two hexes at Number 4; rolls 4 and 1: 9 against 7, 2 damage.
    The target drops from 4 to 2, half its start: MP 6 -> 5, facing changes 3 -> 2."""
    attack = play.attack_total(4, 5)
    defence = play.defence_total(1, 4, 2)
    assert (attack, defence) == (9, 7)
    damage = play.attack_damage(attack, defence)
    assert damage == 2
    after = play.apply_damage(4, damage)
    assert after == 2
    assert play.movement_points(4) == 6 and play.movement_points(4, after) == 5
    assert play.facing_changes(play.movement_points(4)) == 3
    assert play.facing_changes(play.movement_points(4, after)) == 2


def test_two_hexes_between_is_range_two() -> None:
    # "across two hexes": the ships are three hexes apart on the grid
    assert play.attack_range(Hex(0, 0), Hex(0, 3)) == 2
    assert len(play.hexes_fired_through(Hex(0, 0), Hex(0, 3))) == 2
    assert play.attack_range(Hex(0, 0), Hex(0, 1)) == 0
    assert play.attack_range(Hex(2, 2), Hex(2, 2)) == 0


def test_split_fire_example_2() -> None:
    """Number 6 splits into 3, 2 and 1: d10+3 v d10+2+3, d10+2 v d10+5+3, d10+1 v d10+1+0."""
    assert play.split_fire(6, [3, 2, 1]) == []
    assert play.split_fire(6, [6]) == []
    # each attack is its own D = strength - (T# + R)
    ds = [3 - (2 + 3), 2 - (5 + 3), 1 - (1 + 0)]
    assert ds == [-2, -6, 0]
    assert [play.chance_of_damage(d) for d in ds] == [Fraction(28, 100), Fraction(6, 100), Fraction(45, 100)]
    assert play.attack_damage(play.attack_total(10, 3), play.defence_total(1, 2, 3)) == 7


def test_split_fire_limits() -> None:
    assert play.split_fire(6, [4, 3]) == ["attacks total 7, more than the attacker's Number 6"]
    assert play.split_fire(6, [6, 0]) == ["attack 2 has strength 0; each attack needs at least 1"]


def test_multi_target_example_3() -> None:
    """Number 7 fires across three hexes into a hex with a Number 3, two Number 1s and two
    fighters (Number 0, not escorting): one attack roll, five defence rolls
    d10+3+3, d10+1+3, d10+1+3, d10+3, d10+3."""
    attack = play.attack_total(5, 7)  # rolled once
    targets = [(2, 3), (9, 1), (4, 1), (1, data.PATROL_NUMBER), (8, data.PATROL_NUMBER)]
    assert [play.defence_total(r, n, 3) for r, n in targets] == [8, 13, 8, 4, 11]
    assert play.hex_attack(attack, targets, 3) == [4, 0, 4, 8, 1]


def test_escort_example_4() -> None:
    """Number 8 across two hexes at a Number 5 with three escorting fighters: d10+8 v d10+5+2+3."""
    assert play.defence_total(6, 5, 2, escorts=3) == 16
    assert play.attack_damage(play.attack_total(10, 8), play.defence_total(1, 5, 2, escorts=3)) == 7
    # as a D: 8 - (5 + 2 + 3) = -2
    assert play.chance_of_damage(8 - (5 + 2 + 3)) == Fraction(28, 100)


def test_rear_and_ecm_modifiers() -> None:
    assert play.attack_total(3, 5, rear=True) == 9
    # firing through hexes with enemy ships of Number 2 and 1 (ECM)
    assert play.attack_total(3, 5, fired_through=[2, 1]) == 5


def test_carriers_roll_with_a_third_of_their_number() -> None:
    assert [play.roll_number(n, carrier=True) for n in range(1, 11)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4]
    assert play.roll_number(7) == 7


def test_attack_table_values_from_the_issue() -> None:
    assert play.chance_of_damage(0) == Fraction(45, 100)
    assert play.chance_of_damage(1) == Fraction(55, 100)
    assert play.chance_of_damage(-9) == 0
    assert play.chance_of_damage(9) == Fraction(99, 100)


def test_damage_odds_agree_with_brute_force() -> None:
    for d in range(-10, 11):
        counts: Counter[int] = Counter(max(0, (a + d) - t) for a in range(1, 11) for t in range(1, 11))
        for k in range(1, 6):
            assert play.chance_of_damage(d, k) == Fraction(sum(c for v, c in counts.items() if v >= k), 100)
        assert play.expected_damage(d) == Fraction(sum(v * c for v, c in counts.items()), 100)


def test_kill_radius_is_a_minus_t_plus_8() -> None:
    for a in range(1, 11):
        for t in range(0, 11):
            expected = a - t + 8
            assert play.kill_radius(a, t) == (expected if expected >= 0 else None)
    # attack example 1: Number 5 on Number 4 can still hurt at 9 hexes between, not at 10
    assert play.chance_of_damage(5 - (4 + 9)) > 0
    assert play.chance_of_damage(5 - (4 + 10)) == 0


def test_even_odds_radius() -> None:
    # at least 50 % needs D >= +1 (55 %); D = 0 is 45 %
    assert play.sure_radius(5, 4) == 0
    assert play.sure_radius(10, 0) == 9
    assert play.sure_radius(4, 4) is None


def test_stacking_limit() -> None:
    assert play.stack_ok([4, 3])
    assert not play.stack_ok([4, 4])
    assert play.stack_ok([1] * 7)


def test_stacking_limit_is_on_stacks_not_lone_ships() -> None:
    """Seed 000, Movement step 2 (line 52): ships may stack up to total Number 7.
    The limit is on a stack; a lone Number 8-10 ship is no stack and may sit in a hex."""
    for number in (8, 9, 10):
        assert play.stack_ok([number])
    assert play.stack_ok([])
    assert not play.stack_ok([8, 1])
    # stated in the project's ruling (sheetgen explain KR-2)
    from sheetgen.games import rulebook

    ruling = rulebook().find("KR-2")
    assert ruling is not None
    assert data.STACKING_LIMIT == 7 and "limit of total Number 7 binds two or more ships" in ruling.decides
    assert "a lone ship of Number 8-10" in ruling.decides
    assert not play.stack_ok([10, 10])
    assert play.stack_ok([6, 1]) and not play.stack_ok([6, 2])


# --- recovery (KR-3) ------------------------------------------------------------------------------


def test_recovery_example_1() -> None:
    """Start 8, down to 4 (MP 2); rolls 8: Number 5, MP back to 3."""
    assert play.movement_points(8, 4) == 2
    after = play.recover(8, 4, 8)
    assert after == 5
    assert play.movement_points(8, after) == 3


def test_recovery_example_2() -> None:
    """Start 3, down to 2 (MP 5); rolls 6: no change."""
    assert play.movement_points(3, 2) == 5
    assert play.recover(3, 2, 6) == 2
    assert play.recover(3, 2, 3) == 3


def test_no_recovery_below_half_or_above_start() -> None:
    assert not play.can_recover(8, 3)
    assert play.recover(8, 3, 1) == 3
    assert play.recover(8, 8, 1) == 8
    assert play.recover(8, 7, 1) == 8


def test_recovery_chance() -> None:
    assert [play.recovery_chance(n) for n in (1, 5, 8, 10)] == [
        Fraction(1, 10),
        Fraction(1, 2),
        Fraction(4, 5),
        Fraction(1),
    ]


# --- carriers and fighters (KR-5) -----------------------------------------------------------------


def test_carriers_deploy_half_of_those_aboard() -> None:
    assert play.deploy_limit(7) == 3
    assert play.deploy_limit(6) == 3
    assert play.can_deploy(7, 5, carrier=True)
    assert not play.can_deploy(7, 4, carrier=True)  # at half: no deploying
    assert not play.can_deploy(7, 7, carrier=False)


def test_dogfight_example() -> None:
    """Two fighters roll 6 and 3 against three rolling 5, 3, 2: 6 beats 5, 3 ties 3, the 2 is
    ignored. The second player loses one fighter, the first none."""
    assert play.dogfight([6, 3], [5, 3, 2]) == (1, 0)
    assert play.dogfight([3, 6], [2, 5, 3]) == (1, 0)  # order of rolling does not matter


def test_dogfight_odds_match_brute_force() -> None:
    for a_count, b_count in [(1, 1), (2, 1), (1, 2), (2, 2), (2, 3)]:
        counts: Counter[tuple[int, int]] = Counter()
        for rolls in itertools.product(range(1, 11), repeat=a_count + b_count):
            counts[play.dogfight(rolls[:a_count], rolls[a_count:])] += 1
        total = 10 ** (a_count + b_count)
        assert play.dogfight_odds(a_count, b_count) == {
            k: Fraction(v, total) for k, v in sorted(counts.items())
        }


def _sorted_roll_counts(n: int) -> Counter[tuple[int, ...]]:
    """Every roll of n d10 sorted highest first, with how many of the 10**n rolls give it."""
    out: Counter[tuple[int, ...]] = Counter()
    for roll in itertools.combinations_with_replacement(range(10, 0, -1), n):
        ways = math.factorial(n)
        for face in set(roll):
            ways //= math.factorial(roll.count(face))
        out[roll] = ways
    return out


def test_dogfight_odds_on_the_card_match_every_roll() -> None:
    """All 16 fights the card prints (1-4 fighters a side), over every sorted roll
    (seed 000, Dogfight: pairs by rank, the higher roll kills, ties kill none)."""
    for a_count in range(1, 5):
        for b_count in range(1, 5):
            counts: Counter[tuple[int, int]] = Counter()
            for a, wa in _sorted_roll_counts(a_count).items():
                for b, wb in _sorted_roll_counts(b_count).items():
                    pairs = list(zip(a, b, strict=False))  # highest against highest, and so on
                    counts[sum(x > y for x, y in pairs), sum(y > x for x, y in pairs)] += wa * wb
            total = 10 ** (a_count + b_count)
            assert play.dogfight_odds(a_count, b_count) == {
                k: Fraction(v, total) for k, v in sorted(counts.items())
            }, (a_count, b_count)


def test_dogfight_odds_one_on_one() -> None:
    odds = play.dogfight_odds(1, 1)
    assert odds == {(0, 0): Fraction(1, 10), (0, 1): Fraction(45, 100), (1, 0): Fraction(45, 100)}
    for a in range(1, 5):
        for b in range(1, 5):
            assert sum(play.dogfight_odds(a, b).values()) == 1


def test_one_fighter_assault_is_an_attack_with_d_minus_t() -> None:
    for t in range(0, 11):
        assert play.assault_odds(1, t) == play.damage_odds(-t)


# --- movement (KR-6) -------------------------------------------------------------------------------


def test_movement_example_1() -> None:
    """3 MP, facing SE, vector 4S, no maneuver: still faces SE, new vector 4S."""
    m = play.move("4S", "SE", "", movement_points=3)
    assert (m.vector_text, m.facing, m.mp_used) == ("4S", "SE", 0)
    assert m.end == parse_vector("4S")


def test_movement_example_2() -> None:
    """5 MP, facing N, vector 4N, four hexes forward (4 MP): faces N, new vector 8N."""
    m = play.move("4N", "N", "4F", movement_points=5)
    assert (m.vector_text, m.facing, m.mp_used, m.facing_changes_used) == ("8N", "N", 4, 0)


def test_kr6_movement_example_3_is_1n3nw_not_2n2nw() -> None:
    """6 MP, facing N, vector 4N. The ship drifts 4N, turns two hexsides
    counterclockwise (N -> NW -> SW), moves three hexes SW (3 MP) and turns once more
    (SW -> S): three facing changes, the most 6 MP allow. It faces S, as the text says.

    The text records the new vector as 2N2NW, but counting from the marker the ship
    is at 4N + 3SW. Going 3SW from 4N takes 3 hexes westward (3NW's worth) while
    giving back 3 of the 4 northward hexes: 4N + 3SW = 1N3NW. 2N2NW would put the ship
    only 2 hexes west, which is where 4N + 2SW ends: the text's vector is what two
    forward hexes would give, not the three it describes. RULINGS KR-6: we compute 1N3NW.
    """
    m = play.move("4N", "N", "2L 3F L", movement_points=6)
    assert m.facing == "S"
    assert m.drifted == parse_vector("4N")
    assert (m.mp_used, m.facing_changes_used) == (3, 3)
    assert m.vector == parse_vector("4N") + parse_vector("3SW") == parse_vector("1N3NW")
    assert m.vector_text == "1N3NW"
    assert m.vector != parse_vector("2N2NW")
    assert format_vector(parse_vector("4N") + parse_vector("2SW")) == "2N2NW"


def test_move_limits() -> None:
    with pytest.raises(ValueError, match="4 facing changes, but a ship with 6 MP may make 3"):
        play.move("4N", "N", "4L", movement_points=6)
    with pytest.raises(ValueError, match="need 5 MP; the ship has 4"):
        play.move("0", "N", "5F", movement_points=4)
    with pytest.raises(ValueError, match="unknown facing 'E'"):
        play.move("0", "E", "", movement_points=4)
    with pytest.raises(ValueError, match="not a maneuver"):
        play.move("0", "N", "2X", movement_points=4)


def test_parse_maneuvers() -> None:
    assert play.parse_maneuvers("2L 3F L") == ["L", "L", "F", "F", "F", "L"]
    assert play.parse_maneuvers("") == []
    assert play.parse_maneuvers("frr") == ["F", "R", "R"]


def test_new_vector_counts_from_the_marker() -> None:
    start = Hex(5, 5)
    m = play.move("2S", "N", "3F", movement_points=6, start=start)
    assert m.marker == start
    assert m.end == start + parse_vector("1N")
    assert m.vector_text == "1N"
