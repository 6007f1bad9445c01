"""Knight Hawks 2000 (``game: knight-hawks-2000``), seed ``002_8960282e34192c00.txt``.

A design file::

    game: knight-hawks-2000
    name: Pugilist
    class: Pugilist-class war cruiser        # optional
    role: military                           # military, paramilitary, criminal, civilian
    hull_size: 14
    structure_points: 1680                   # given by the design (KH-3)
    adf: 3
    mr: 2
    void_engines: 2
    weapons:                                 # codes from the text's list (KH-7)
      - {code: HLC, count: 6}
      - {code: TT, count: 2, ordnance: 20, bay: torpedo magazine}
      - PB                                   # a bare code is one weapon
    linked:                                  # linked weapons fire as one attack
      - {name: main beams, weapons: {HLC: 6}}
    defences: {icm: 8, abm: 10, magnetic_shielding: true}
    sensors: [subspace radar, energy sensors]
    computers: {mastercomp: true, systems: [piloting, weapons]}
    crew:
      total: 30
      captain: {name: ..., im: 6, skills: {Leadership: 3}}
      pilot: {name: ..., im: 5, skills: {Starship Pilot: 4, Vehicular Combat (Starship): 2}}
      gunners: [{name: ..., post: main beams, skills: {Gunner: 3}, dex: 55}]
      engineer: {name: ..., skills: {Engineer Damage Control: 2, Stress Analysis: 1}}
      sensor_operator: {name: ..., skills: {Sensor Operation: 3}}
    minelaying:                              # optional: hexes to mine
      - {hex: "1207", level: 0, mines: 10}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from sheetgen.core.fields import Fields
from sheetgen.core.findings import Finding
from sheetgen.core.jsondata import JSONObject
from sheetgen.games.base import (
    Budget,
    CounterFace,
    FormField,
    Game,
    Marker,
    MarkerNeed,
    RecordField,
    View,
    counted,
)
from sheetgen.games.knighthawks import data, play, rules
from sheetgen.games.knighthawks.parse import design_schema, parse_damage_tables, parse_design
from sheetgen.games.knighthawks.rulings import RULINGS
from sheetgen.games.knighthawks.stats import KnightHawksStats, Mount
from sheetgen.games.knighthawks.stats import derive as derive_stats
from sheetgen.games.knighthawks.stats import fleet_totals as stats_fleet_totals

if TYPE_CHECKING:  # the card is built only by the verbs that print it
    from sheetgen.core.card import Card
    from sheetgen.games.base import PaletteItem

__all__ = ["GAME", "KnightHawks2000"]


class KnightHawks2000(Game[rules.Design, KnightHawksStats]):
    """The Knight Hawks 2000 rules module (RULINGS KH-1 .. KH-7)."""

    id = "knight-hawks-2000"
    dice = data.DICE
    turn_phases = data.TURN_PHASES
    title = "Knight Hawks 2000"
    seed = "002_8960282e34192c00.txt"
    rulings = RULINGS
    first_scenario = "flank-action.yaml"
    form_fields = (
        FormField("role", "Role"),
        FormField("hull_size", "Hull size"),
        FormField("structure_points", "Structure points"),
        FormField("adf", "ADF"),
        FormField("mr", "MR"),
        FormField("void_engines", "Void engines"),
    )
    hex_scale = (60, "m")

    def parse(self, fields: Fields) -> rules.Design:
        return parse_design(fields)

    def design_schema(self) -> dict[str, Any]:
        return design_schema()

    def check(self, design: rules.Design) -> list[Finding]:
        from sheetgen.games.knighthawks.live import condition_findings

        return rules.check(design) + condition_findings(self.derive(design), design.condition)

    def derive(self, design: rules.Design) -> KnightHawksStats:
        return replace(derive_stats(design), condition=design.condition)

    def palette(self) -> list[PaletteItem]:
        from sheetgen.games.knighthawks.palette import palette

        return palette()

    def budget(self, stats: KnightHawksStats) -> list[Budget]:
        """The crew of the minimum the hull size needs (KH-2)."""
        if stats.hull_size <= 0:
            return []
        return [Budget("crew", stats.crew_total, stats.minimum_crew, "crew", "KH-2", at_least=True)]

    def summary(self, stats: KnightHawksStats) -> list[tuple[str, str]]:
        s = stats
        ft = play.fraction_text
        rows = [
            ("class", s.design_class or "–"),
            ("role", s.role),
            ("hull size", f"HS {s.hull_size} (detection {_signed(s.detection_modifier)})"),
            (
                "structure",
                f"{s.structure_points:,} SP (½ lost at {s.half_structure:,}, ⅔ at {s.two_thirds_structure:,})",
            ),
            ("ADF / MR", f"{s.adf} / {s.mr}"),
            (
                "maneuver points",
                f"{ft(s.maneuver_points)} a turn; one maneuver takes {ft(s.maneuver_turns)} "
                + ("turn" if s.maneuver_turns == 1 else "turns"),
            ),
            ("DCR", f"{s.damage_control_rating:,} (break-up rolls against {s.breakup_target:,})"),
            (
                "crew",
                f"{s.crew_total:,} (minimum {s.minimum_crew:,}, {s.boarding_party:,} spare to board; "
                f"rally in {counted(s.rally_turns, 'turn')})",
            ),
            ("weapons", ", ".join(_mount_text(m) for m in s.weapons) or "none"),
        ]
        for g in s.linked_groups:
            members = " + ".join(f"{n}× {c}" for c, n in g.members.items())
            rows.append(("linked", f"{g.name}: {members}, one attack of {g.max_damage:,}"))
        rows += [
            ("attacks a turn", f"{s.attacks_per_turn:,}"),
            ("defences", _defences_text(s)),
            ("sensors", ", ".join(s.sensors) or "none"),
            (
                "computers",
                ", ".join((["mastercomp"] if s.mastercomp else []) + s.system_computers) or "none",
            ),
            ("void engines", _void_engines_text(s)),
            (
                "ram / blast",
                f"{s.ram_damage:,} SP rammed; {s.blast_damage:,} SP within 1,200 m if it blows up",
            ),
            ("breach", f"{ft(s.breach_damage)} SP in one spot to cut into it"),
        ]
        for b in s.bays:
            held = "not stated" if b.carried is None else f"{b.carried:,} {b.ordnance_name}"
            boom = f"; explodes for {b.detonation:,} SP" if b.detonation else ""
            rows.append(("bay", f"{b.name}: {held}{boom}"))
        if s.mines_planned:
            rows.append(
                (
                    "minelaying",
                    f"{s.mines_planned:,} mines in {s.mine_hexes:,} hexes ({s.mine_hexes:,} MP to lay)",
                )
            )
        return rows

    def fleet_totals(self, ships: list[tuple[KnightHawksStats, int]]) -> list[tuple[str, str]]:
        """Ships and structure points per hull size (``HS 14  1 ship, 1,680 SP``), then
        ``total``: ships, hull sizes added up (HS) and structure points (SP, KH-3)."""
        sizes = stats_fleet_totals(ships)
        if not sizes:
            return []
        rows = [
            (f"HS {t.hull_size}", f"{counted(t.ships, 'ship')}, {t.structure_points:,} SP") for t in sizes
        ]
        ships_n = sum(t.ships for t in sizes)
        hs = sum(t.hull_size * t.ships for t in sizes)
        sp = sum(t.structure_points for t in sizes)
        return [*rows, ("total", f"{counted(ships_n, 'ship')}, HS {hs:,}, {sp:,} SP")]

    def fleet_totals_json(self, ships: list[tuple[KnightHawksStats, int]]) -> JSONObject:
        """``{"ships", "hull_size", "structure_points", "hull_sizes": [{"hull_size", "ships",
        "structure_points"}]}``: ``hull_size`` is the fleet's hull sizes added up (HS)."""
        sizes = stats_fleet_totals(ships)
        return {
            "ships": sum(t.ships for t in sizes),
            "hull_size": sum(t.hull_size * t.ships for t in sizes),
            "structure_points": sum(t.structure_points for t in sizes),
            "hull_sizes": [
                {"hull_size": t.hull_size, "ships": t.ships, "structure_points": t.structure_points}
                for t in sizes
            ],
        }

    def sheet_ship(self, stats: KnightHawksStats, findings: list[Finding]) -> View:
        from sheetgen.games.knighthawks.sheet import ship_view

        return ship_view(stats, findings)

    def record_fields(self, view: View) -> list[RecordField]:
        """The structural damage track (its boxes, each worth the printed number of
        structural points), then each bay's munitions (mines too), the ICM and ABM salvos,
        one box a round, as the sheet prints them; the boxes the design's ``condition:`` has
        crossed (structure wholly lost, rounds launched) start ticked."""
        track = cast("dict[str, Any]", view["track"])
        lost = sum(1 for row in track["rows"] for cell in row["cells"] if cell.get("crossed"))
        fields = [
            RecordField(f"Structure ({track['unit_text']} SP a box)", boxes=int(track["boxes"]), ticked=lost)
        ]
        for bay in cast("list[dict[str, Any]]", view["bays"]):
            carried = int(bay["carried"])
            fields.append(
                RecordField(
                    f"{bay['name']}: {bay['holds']}", boxes=carried, ticked=min(int(bay["launched"]), carried)
                )
            )
        for key, name in (("icm", "ICM salvos"), ("abm", "ABM salvos")):
            count = sum(cast("list[int]", view[key]))
            if count:
                fields.append(RecordField(name, boxes=count))
        return fields

    def map_findings(
        self, stats: KnightHawksStats, cols: int, rows: int, layers: Sequence[int]
    ) -> list[Finding]:
        """KH-4: each hex of the minelaying plan lies on the scenario's ``cols`` x ``rows``
        map and on one of its grid ``layers`` (seed 002: the main hexgrid and those above
        and below it)."""
        return rules.check_plan_on_map(stats.minelaying, cols, rows, layers)

    def reference(self) -> Card:
        from sheetgen.games.knighthawks.card import card

        return card()

    def reference_data(self, fields: Fields) -> tuple[Card, list[Finding]]:
        """The card with the damage-table roll ranges read from ``fields`` (RULINGS
        KH-6; format in :func:`~sheetgen.games.knighthawks.parse.parse_damage_tables`).
        Raises :class:`~sheetgen.core.findings.InputError` for wrong types or keys."""
        from sheetgen.games.knighthawks.card import card

        tables = parse_damage_tables(fields)
        return card(tables), tables.findings

    def counter(self, stats: KnightHawksStats) -> tuple[CounterFace, CounterFace]:
        """Front: name, HS and ADF/MR, facing arrow. Back: the ship at half structure
        (ADF and MR halved, exact: ``3/2`` prints ``1½/1``)."""
        s = stats
        front = CounterFace(s.name, (("HS", str(s.hull_size)), ("ADF/MR", f"{s.adf}/{s.mr}")))
        half = f"{play.compact_text(s.half_adf)}/{play.compact_text(s.half_mr)}"
        back = CounterFace(s.name, (("HS", str(s.hull_size)), ("ADF/MR", half)), banner="½ STRUCTURE")
        if s.condition is not None:  # the ship as play left it: past half, the reduced side up
            from sheetgen.games.knighthawks import live

            now = live.now(live.start(s))
            if now["structure_state"] == "half":
                return back, front
            if now["structure_state"] == "two-thirds":
                values = (("HS", str(s.hull_size)), ("ADF/MR", f"{now['adf']}/{now['mr']}"))
                return CounterFace(s.name, values, banner="⅔ STRUCTURE"), front
        return front, back

    def markers(self) -> list[Marker]:
        """Seekers, torpedoes, mines, decoys, ICM and ABM clouds, fire (disastrous on the
        back) and numbered damage markers; captions from the weapon and defence tables."""
        sm, tt, mine = data.WEAPONS["SM"], data.WEAPONS["TT"], data.WEAPONS["mines"]
        icm, abm = data.DEFENCES["ICM"], data.DEFENCES["ABM"]
        return [
            Marker(
                "SM",
                f"seeker · ADF {sm.adf}, {sm.endurance} turns",
                count=8,
                per_side=True,
                back="ON STATION",
            ),
            Marker("TT", f"torpedo · ADF {tt.adf}, {tt.endurance} turns", count=6, per_side=True),
            Marker(
                "MINES",
                f"mines · up to {data.MAX_MINES_PER_HEX} a hex, {mine.max_damage:,} each",
                count=8,
                per_side=True,
            ),
            Marker(
                "DECOY",
                f"decoy · {play.signed_percent(data.DECOY_DETECTION)} to detect",
                count=4,
                per_side=True,
            ),
            Marker("ICM", f"ICM salvo · {play.signed_percent(icm.to_hit)} to hit", count=6, per_side=True),
            Marker(
                "ABM",
                f"ABM cloud · {play.signed_percent(abm.to_hit)} to hit and damage",
                count=2 * data.ABM_CLOUD_HEXES,
                per_side=True,
            ),
            Marker("FIRE", "fire · ½ ADF, no MR", count=4, back="DISASTROUS FIRE"),
            Marker("DMG", "damage", count=12, numbered=True),
        ]

    def marker_needs(self, sides: Sequence[Sequence[KnightHawksStats]]) -> list[MarkerNeed]:
        """What a scenario's table uses of :meth:`markers`, for ``sides`` (each side's ships).
        Ordnance in flight is marked one marker a missile, up to the marker's full count
        (a table that launches more stacks them):

        - seekers, torpedoes: the side's seeker missiles and torpedoes carried (Knight
          Hawks 2000, Weapons: a ship may launch all it carries in one turn); none without;
        - mines: the hexes the side's minelaying plans mine, else the mines it carries
          (Weapons, Mines: at least one mine a hex);
        - decoys: one per ship of the side (Detection: any ship may launch them);
        - ICM: the side's ICM salvos; ABM: two clouds of four hexes while the side carries
          two or more ABM salvos, one cloud with one (Defensive Systems: a salvo blankets
          four hexes in a line); none without;
        - fire: one per ship on the map (Explanation of Damage Results, Fire: a second fire
          turns it disastrous, the marker's back);
        - damage: one numbered marker per ship on the map.
        """
        sm, tt, mines, decoy, icm, abm, fire, damage = self.markers()

        def carried(side: Sequence[KnightHawksStats], code: str) -> int:
            return sum((m.ordnance or 0) for s in side for m in s.weapons if m.code == code)

        def laid(side: Sequence[KnightHawksStats]) -> int:
            return sum(s.mine_hexes if s.mines_planned else carried([s], "mines") for s in side)

        ships = sum(len(side) for side in sides)
        clouds = [min(2, sum(s.abm_salvos for s in side)) * data.ABM_CLOUD_HEXES for side in sides]
        return [
            MarkerNeed(sm, tuple(min(sm.count, carried(side, "SM")) for side in sides)),
            MarkerNeed(tt, tuple(min(tt.count, carried(side, "TT")) for side in sides)),
            MarkerNeed(mines, tuple(min(mines.count, laid(side)) for side in sides)),
            MarkerNeed(decoy, tuple(min(decoy.count, len(side)) for side in sides)),
            MarkerNeed(icm, tuple(min(icm.count, sum(s.icm_salvos for s in side)) for side in sides)),
            MarkerNeed(abm, tuple(clouds)),
            MarkerNeed(fire, (ships,)),
            MarkerNeed(damage, (ships,)),
        ]


def _signed(value: int | None) -> str:
    return "–" if value is None else f"{value:+d}%"


def _mount_text(m: Mount) -> str:
    text = f"{m.count:,}× {m.code}"
    if m.ordnance_name:
        text += f" ({'?' if m.ordnance is None else f'{m.ordnance:,}'} {m.ordnance_name})"
    return text


def _void_engines_text(s: KnightHawksStats) -> str:
    """The void engines and what losing one costs (seed 002, EXPLANATION OF DAMAGE RESULTS,
    Void Engine Destroyed): ADF / engines each, and the last (or only) one blows the ship up."""
    if s.void_engines == 1:
        return "1 (lost: she blows up)"
    if s.void_engines and s.adf_per_void_engine:
        return f"{s.void_engines} (ADF −{play.fraction_text(s.adf_per_void_engine)} each lost; the last: she blows up)"
    return str(s.void_engines)


def _defences_text(s: KnightHawksStats) -> str:
    parts = []
    if s.icm_salvos:
        parts.append(f"{s.icm_salvos:,} ICM salvos")
    if s.abm_salvos:
        parts.append(f"{s.abm_salvos:,} ABM salvos")
    if s.magnetic_shielding:
        parts.append("magnetic shielding")
    return ", ".join(parts) or "none"


GAME = KnightHawks2000()
