"""Knight Hawks 2000 arithmetic, tested on the text's own worked examples (seed 002)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetgen.games.knighthawks import data, play
from sheetgen.games.knighthawks.data import WeaponKind
from sheetgen.games.knighthawks.play import StructureState

# --- ramming (RULINGS KH-5) ----------------------------------------------------------------


def test_ramming_example_hs25_rams_hs3() -> None:
    """The text: a Leviathan (HS 25) rams an HS 3 merchant: 1,400 SP and 14 damage
    rolls to the rammer, 50,000 SP to the merchant."""
    r = play.ram(25, 3)
    assert r.rammer_survives
    assert r.self_damage == 1400
    assert r.self_rolls == 14
    assert r.inflicted == 50_000


def test_ramming_example_leaves_the_dreadnaught_at_half_structure() -> None:
    """The text: the 2,500 SP dreadnaught keeps 1,100 SP and its ADF and MR fall to 2."""
    lost = play.ram(25, 3).self_damage
    assert lost is not None
    assert 2500 - lost == 1100
    state = play.structure_state(2500, lost)
    assert state is StructureState.HALF
    assert play.adf_mr_in_state(state, 4, 4) == (2, 2)


@pytest.mark.parametrize(
    ("rammer", "target", "survives"),
    [(7, 3, True), (6, 3, False), (25, 21, True), (25, 22, False), (3, 3, False)],
)
def test_rammer_survives_only_four_hull_sizes_larger(rammer: int, target: int, survives: bool) -> None:
    r = play.ram(rammer, target)
    assert r.rammer_survives is survives
    assert r.inflicted == rammer * 2000
    if not survives:
        assert r.self_damage is None and r.self_rolls is None


def test_ram_with_an_odd_hull_size_sum_keeps_the_half_roll() -> None:
    r = play.ram(12, 7)
    assert r.self_damage == 950
    assert r.self_rolls == Fraction(19, 2)


# --- damage reduction (seed 002, damage example) ------------------------------------------------


def test_damage_reduction_example_beams() -> None:
    """Shielding and two ABM salvos leave a quarter: 24,000 -> 6,000 and 200 -> 50."""
    assert play.reduced_damage(24_000, WeaponKind.LASER, abm_salvos=2, mag_shielding=True) == 6000
    assert play.reduced_damage(200, WeaponKind.PARTICLE, abm_salvos=2, mag_shielding=True) == 50


def test_six_linked_hlc_make_the_examples_24000() -> None:
    hlc = data.WEAPONS["HLC"]
    assert 6 * (hlc.max_damage or 0) == 24_000


@pytest.mark.parametrize(
    ("abm", "shielded", "kept"),
    [
        (0, False, Fraction(1)),
        (1, False, Fraction(3, 4)),
        (2, False, Fraction(1, 2)),
        (4, False, Fraction(0)),
        (5, False, Fraction(0)),
        (0, True, Fraction(1, 2)),
        (1, True, Fraction(3, 8)),
        (3, True, Fraction(1, 8)),
    ],
)
def test_abm_salvos_and_shielding_combine(abm: int, shielded: bool, kept: Fraction) -> None:
    assert play.damage_kept(WeaponKind.LASER, abm_salvos=abm, mag_shielding=shielded) == kept


def test_defences_act_only_on_their_kinds() -> None:
    # ABM clouds do nothing to missiles; shielding halves them; ICM never cuts damage
    assert play.damage_kept(WeaponKind.MISSILE, abm_salvos=3) == 1
    assert play.damage_kept(WeaponKind.MISSILE, mag_shielding=True) == Fraction(1, 2)
    assert play.damage_kept(WeaponKind.MASS_DRIVER, abm_salvos=2, mag_shielding=True) == 1
    assert play.damage_kept(WeaponKind.DRONE, mag_shielding=True) == 1
    assert play.to_hit_modifier(WeaponKind.MISSILE, icm_salvos=2, abm_salvos=2, mag_shielding=True) == -100
    assert play.to_hit_modifier(WeaponKind.LASER, icm_salvos=2, abm_salvos=1) == -25
    assert play.to_hit_modifier(WeaponKind.DRONE, icm_salvos=1, mag_shielding=True) == -25
    assert play.to_hit_modifier(WeaponKind.MASS_DRIVER, icm_salvos=3, abm_salvos=3, mag_shielding=True) == 0


# --- maneuver points (RULINGS KH-1) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("hs", "mr", "mp", "turns"),
    [
        (1, 6, Fraction(36), Fraction(1, 36)),
        (6, 3, Fraction(3), Fraction(1, 3)),
        (14, 2, Fraction(6, 7), Fraction(7, 6)),
        (25, 2, Fraction(12, 25), Fraction(25, 12)),
        (25, 4, Fraction(24, 25), Fraction(25, 24)),
    ],
)
def test_maneuver_points_formula(hs: int, mr: int, mp: Fraction, turns: Fraction) -> None:
    """6 x MR / HS MP a turn, (HS / MR) / 6 turns a maneuver: the text's formula."""
    assert play.maneuver_points(hs, mr) == mp
    assert play.maneuver_turns(hs, mr) == turns
    assert play.maneuver_points(hs, mr) == 1 / Fraction(Fraction(hs, mr), 6)


def test_no_maneuver_rating_means_no_maneuvers() -> None:
    assert play.maneuver_points(5, 0) == 0
    assert play.maneuver_turns(5, 0) is None
    assert play.maneuver_points(0, 3) is None


def test_maneuver_costs() -> None:
    assert play.evade_cost(Fraction(6)) == 3
    assert play.evade_cost(Fraction(6, 7)) == 1  # at least 1 MP
    assert play.evade_cost(Fraction(3)) == Fraction(3, 2)
    assert play.maneuver_cost("change_direction", Fraction(3), hexsides=2, levels=1) == 3
    assert play.maneuver_cost("turn_over", Fraction(3)) == 1
    assert play.maneuver_cost("grapple", Fraction(6, 7)) == Fraction(6, 7)
    assert play.maneuver_cost("lay_mines", Fraction(3), hexes=6) == 6
    assert play.turns_needed(Fraction(1), Fraction(12, 25)) == Fraction(25, 12)
    assert play.turns_needed(Fraction(1), Fraction(0)) is None
    with pytest.raises(ValueError, match="unknown maneuver 'loop'"):
        play.maneuver_cost("loop", Fraction(1))


def test_evasion_without_vehicular_combat() -> None:
    # ±(5% x Starship Pilot level + ADF% + MR% - HS%)
    assert play.evade_modifier(3, 4, 3, 8) == 14
    assert play.evade_modifier(0, 1, 1, 20) == -18


# --- hull size bands (RULINGS KH-2) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hs", "detection", "dcr"),
    [
        (1, -20, 10),
        (2, -20, 20),
        (3, -10, 30),
        (4, -10, 40),
        (5, 0, 50),
        (8, 0, 80),
        (9, 10, 90),
        (12, 10, 120),
        (13, 20, 130),
        (18, 20, 180),
        (19, 30, 190),
        (20, 30, 200),
        (21, 50, 210),
        (40, 50, 400),
    ],
)
def test_detection_bands_and_dcr_at_their_edges(hs: int, detection: int, dcr: int) -> None:
    assert play.detection_modifier(hs) == detection
    assert play.damage_control_rating(hs) == dcr
    assert play.minimum_crew(hs) == hs


def test_no_detection_band_below_hull_size_one() -> None:
    assert play.detection_modifier(0) is None
    with pytest.raises(ValueError, match="hull size must be 1 or more"):
        play.detection_check(0)


def test_detection_check_adds_every_modifier() -> None:
    # HS 14 (+20), ECM (-50), two decoys (-50), 3,500 km on energy sensors (-30), ADF 3 (+30), MR 2 (+10)
    total = play.detection_check(
        14, ecm=True, decoys=2, distance_km=3500, energy_sensors=True, adf_used=3, mr_used=2
    )
    assert total == 20 - 50 - 50 - 30 + 30 + 10
    # distance counts only with energy sensors
    assert play.detection_check(14, distance_km=3500) == 20


@pytest.mark.parametrize(
    ("role", "turns"), [("military", 6), ("paramilitary", 6), ("criminal", 6), ("civilian", 12)]
)
def test_rally_turns(role: str, turns: int) -> None:
    assert play.rally_turns(6, role) == turns


# --- hitting ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("to_hit", "hit", "crit", "crit_miss"),
    [
        (50, Fraction(50, 100), Fraction(5, 100), Fraction(5, 100)),
        (6, Fraction(6, 100), Fraction(5, 100), Fraction(5, 100)),
        (5, Fraction(5, 100), Fraction(0), Fraction(5, 100)),  # the example: 04 under 6% is a plain hit
        (-40, Fraction(5, 100), Fraction(0), Fraction(5, 100)),
        (95, Fraction(95, 100), Fraction(5, 100), Fraction(5, 100)),
        (96, Fraction(95, 100), Fraction(5, 100), Fraction(0)),
        (150, Fraction(95, 100), Fraction(5, 100), Fraction(0)),
    ],
)
def test_critical_bands(to_hit: int, hit: Fraction, crit: Fraction, crit_miss: Fraction) -> None:
    """Seed 002, Critical Hit / Critical Miss (lines 299-301): 01-05 critical hits unless the
    final to-hit is under 6%, 96-00 critical misses unless it is over 95%. Over 95% a 96-00 still
    misses (RULINGS KH-4), so 96% and 150% both hit 95 times in 100, with no critical miss."""
    c = play.hit_chances(to_hit)
    assert (c.hit, c.critical_hit, c.critical_miss) == (hit, crit, crit_miss)


# --- structure (RULINGS KH-3) ------------------------------------------------------------------


def test_structure_thresholds_round_up_to_whole_points() -> None:
    assert (play.half_structure(1440), play.two_thirds_structure(1440)) == (720, 960)
    assert (play.half_structure(1001), play.two_thirds_structure(1001)) == (501, 668)


@pytest.mark.parametrize(
    ("lost", "state"),
    [
        (0, StructureState.INTACT),
        (719, StructureState.INTACT),
        (720, StructureState.HALF),
        (959, StructureState.HALF),
        (960, StructureState.TWO_THIRDS),
        (1439, StructureState.TWO_THIRDS),
        (1440, StructureState.DESTROYED),
        (66_000, StructureState.DESTROYED),  # the example: 6,000 + 60,000 against 1,440
    ],
)
def test_structure_states_of_the_exalted(lost: int, state: StructureState) -> None:
    assert play.structure_state(1440, lost) is state


def test_adf_and_mr_by_state() -> None:
    assert play.adf_mr_in_state(StructureState.HALF, 3, 2) == (Fraction(3, 2), 1)
    assert play.adf_mr_in_state(StructureState.TWO_THIRDS, 3, 2) == (1, 1)
    assert play.adf_mr_in_state(StructureState.TWO_THIRDS, 0, 2) == (0, 1)
    # "reduced to an ADF and MR of 1" never raises what halving left below 1: ADF/MR 1 is 1/2
    # from half structure on (Knight Hawks 2000, Explanation of Damage Results)
    assert play.adf_mr_in_state(StructureState.HALF, 1, 1) == (Fraction(1, 2), Fraction(1, 2))
    assert play.adf_mr_in_state(StructureState.TWO_THIRDS, 1, 1) == (Fraction(1, 2), Fraction(1, 2))
    assert play.adf_mr_in_state(StructureState.DESTROYED, 3, 2) == (0, 0)


# --- weapons and bays -----------------------------------------------------------------------


def test_torpedo_magazine_of_the_example_explodes_for_60000() -> None:
    """Seed 002, EXPLANATION OF DAMAGE RESULTS, Ordinance/Hangar Bay (line 333), and the damage
    example (line 385): sixty torpedoes (1,000 top damage each) blow up for 60,000, so a round
    counts its top damage, not 1 point (RULINGS KH-4); docked craft give no figure."""
    assert play.bay_detonation("TT", 60) == 60_000
    assert play.bay_detonation("DF", 4) is None  # docked craft: the text gives no figure
    assert play.bay_detonation("HLC", 4) is None


def test_hexes_are_the_km_at_60_m_a_hex_and_agree_with_the_text_but_for_lp() -> None:
    """Seed 002, WEAPONS: each range in km beside hexes of 60 m ("Distance", line 13); the laser
    pod (line 189) prints 375 hexes beside 225,000 km. The km figure wins (RULINGS KH-4):
    3,750,000 hexes, still short of the medium laser's 30,000,000."""
    for w in data.WEAPONS.values():
        if w.range_km is None:
            continue
        computed = play.range_hexes(w.range_km)
        assert computed * data.HEX_METRES == w.range_km * 1000
        if w.code == "LP":
            assert (w.stated_hexes, computed) == (375, 3_750_000)  # the text's slip, noted on the card
            assert computed < play.range_hexes(data.WEAPONS["MLC"].range_km or 0) == 30_000_000
        else:
            assert computed == w.stated_hexes


def test_weapon_list_is_the_texts() -> None:
    assert list(data.WEAPONS) == [
        "HLC", "MLC", "LLC", "MLB", "LLB", "HEC", "HPC", "EC", "PC", "EB", "PB", "MDC", "HMDB",
        "MDB", "SM", "MB", "TT", "MM", "LP", "DF", "MMD", "grapple", "mines",
    ]  # fmt: skip
    assert play.weapon("m") is data.WEAPONS["mines"]
    assert play.weapon("hmdb") is data.WEAPONS["HMDB"]
    assert play.weapon("LB") is None  # classic Knight Hawks (KH-7)


@pytest.mark.parametrize(
    ("code", "rate", "damage", "dice"),
    [
        ("HLC", 1, 4000, 400),
        ("LLC", 5, 200, 20),
        ("MDC", 2, 600, 60),
        ("HMDB", 4, 400, 40),
        ("MDB", 8, 200, 20),
        ("SM", None, 460, 46),
        ("MB", 4, 400, 40),
        ("TT", None, 1000, 100),
        ("DF", 4, 400, 40),
        ("MMD", None, 6900, 690),
        ("mines", None, 1000, 100),
    ],
)
def test_weapon_figures(code: str, rate: int | None, damage: int, dice: int) -> None:
    w = data.WEAPONS[code]
    assert (w.rate_of_fire, w.max_damage, w.dice) == (rate, damage, dice)


def test_breach_and_blast() -> None:
    assert play.breach_damage(1440) == 144
    assert play.breach_damage(1005) == Fraction(201, 2)
    assert play.blast_damage(12) == 24_000  # the Exalted blowing up: 24,000 within 1,200 m, so HS 12
    assert play.repair_points(140, 2) == 160


# --- printing numbers ----------------------------------------------------------------------


def test_fractions_print_as_fractions_where_not_whole() -> None:
    assert play.fraction_text(Fraction(12, 25)) == "12/25"
    assert play.fraction_text(Fraction(36)) == "36"
    assert play.fraction_text(None) == "–"
    assert play.fraction_text(50_000) == "50,000"
    assert play.compact_text(Fraction(3, 2)) == "1½"
    assert play.compact_text(Fraction(2, 3)) == "⅔"
    assert play.compact_text(Fraction(7, 5)) == "7/5"
    assert play.signed_percent(-25) == "−25%"
    assert play.signed_percent(0) == "+0%"


def test_ruling_kh4_states_the_laser_pod_bay_and_critical_miss_readings() -> None:
    """The readings above are the project's documented rulings (sheetgen explain KH-4)."""
    from sheetgen.games import rulebook

    ruling = rulebook().find("KH-4")
    assert ruling is not None
    for fact in ("225,000 km is 3,750,000 hexes", "60,000 SP", "a 96-00 is a plain miss", "95%"):
        assert fact in ruling.decides, fact
