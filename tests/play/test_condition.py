"""A design's condition: block, play mode's fire action, export and the sheets with damage marked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetgen.cli.app import app
from sheetgen.core.refused import Refused
from sheetgen.games.killradius import live as kr_live
from sheetgen.games.knighthawks import live as kh_live
from sheetgen.games.spacecruisers import live as sc_live
from sheetgen.games.starfire import live as sf_live
from sheetgen.play.engine import Engine
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"
HAMMER = """game: starfire
name: Hammer
hull: DD
systems: SSSAAA(I)(I)(I)(I)(I)QQYDDRRL
munitions: {R: 6}
"""


def _load(tmp_path: Path, text: str) -> object:
    path = tmp_path / "d.yaml"
    path.write_text(text)
    return load_designs([path])


def test_starfire_condition_is_read_checked_and_started_from(tmp_path: Path) -> None:
    result = _load(tmp_path, HAMMER + "condition: {destroyed: [4, 5], offline: [1, 2], spent: {R: [6, 1]}}\n")
    (entry,) = result.entries  # type: ignore[attr-defined]
    assert entry.legal
    state = sf_live.start(entry.stats)
    assert sf_live.now(state)["systems"] == "SA(I)(I)(I)(I)(I)QQYDDRRL"
    assert sf_live.now(state)["rounds_left"] == {"R": [0, 5]}
    assert sf_live.condition(state) == {"destroyed": [4, 5], "offline": [1, 2], "spent": {"R": [6, 1]}}
    assert entry.stats_dict()["now"]["shields_offline"] == 2


def test_an_impossible_starfire_condition_is_a_condition_error(tmp_path: Path) -> None:
    result = _load(tmp_path, HAMMER + "condition: {destroyed: [1], offline: [7], spent: {R: [7]}}\n")
    (entry,) = result.entries  # type: ignore[attr-defined]
    rules = [f.rule for f in entry.findings if f.is_error]
    assert rules == ["CONDITION"] * 3
    assert [loc.line for loc in entry.located] == [6, 6, 6]


def test_fire_spends_one_munition_a_shot_and_refuses_an_empty_launcher(tmp_path: Path) -> None:
    (entry,) = _load(tmp_path, HAMMER + "condition: {spent: {R: [5, 6]}}\n").entries  # type: ignore[attr-defined]
    state = sf_live.apply(sf_live.start(entry.stats), {"action": "fire", "weapon": "R"})
    assert sf_live.now(state)["rounds_left"] == {"R": [0, 0]}
    with pytest.raises(Refused, match="depleted and unable to fire, but is not destroyed"):
        sf_live.apply(state, {"action": "fire", "weapon": "R"})
    with pytest.raises(Refused, match="only launchers"):
        sf_live.apply(state, {"action": "fire", "weapon": "L"})


@pytest.mark.parametrize(
    ("text", "live", "cond", "key", "value"),
    [
        ("game: kill-radius\nname: B\ntype: Cruiser\nnumber: 6\n", kr_live, {"number": 4}, "number", 4),
        (
            "game: space-cruisers\nname: C\nhull: military\nsystems: [phasers, shields, shields]\n",
            sc_live,
            {"shields": 1},
            "shields",
            1,
        ),
    ],
)
def test_other_games_start_from_their_condition(
    tmp_path: Path, text: str, live: object, cond: dict[str, int], key: str, value: int
) -> None:
    flow = "{" + ", ".join(f"{k}: {v}" for k, v in cond.items()) + "}"
    (entry,) = _load(tmp_path, text + f"condition: {flow}\n").entries  # type: ignore[attr-defined]
    assert entry.legal, entry.findings
    state = live.start(entry.stats)  # type: ignore[attr-defined]
    assert live.now(state)[key] == value  # type: ignore[attr-defined]
    assert live.condition(state) == cond  # type: ignore[attr-defined]


def test_impossible_conditions_in_the_other_games(tmp_path: Path) -> None:
    (kr,) = _load(
        tmp_path, "game: kill-radius\nname: B\ntype: Cruiser\nnumber: 6\ncondition: {number: 7}\n"
    ).entries  # type: ignore[attr-defined]
    assert [f.rule for f in kr.findings if f.is_error] == ["CONDITION"]
    sc = "game: space-cruisers\nname: C\nhull: military\nsystems: [phasers, shields]\n"
    (bad,) = _load(tmp_path, sc + "condition: {hull_points: 2, shields: 1}\n").entries  # type: ignore[attr-defined]
    assert any("intact shield negates" in f.message for f in bad.findings)


def test_knight_hawks_condition_round_trips() -> None:
    (entry,) = [e for e in load_designs([DESIGNS / "knight-hawks-2000"]).entries if e.legal][:1]
    stats = entry.stats
    state = kh_live.apply(kh_live.start(stats), {"action": "damage", "amount": 1})
    cond = kh_live.condition(state)
    assert cond == {"structure_points": stats.structure_points - 1}
    import dataclasses

    again = kh_live.start(dataclasses.replace(stats, condition=cond))
    assert kh_live.now(again)["structure_points"] == stats.structure_points - 1
    assert kh_live.condition_findings(stats, {"structure_points": stats.structure_points + 1})


@pytest.fixture
def played(tmp_path: Path) -> tuple[Engine, str]:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    engine = Engine(tmp_path)
    game = engine.create(SCENARIO)
    engine.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 5})
    engine.submit(game.id, {"ship": "Hammer", "action": "fire", "weapon": "R"})
    return engine, game.id


def test_export_writes_each_ship_as_play_left_it_and_it_reads_back(
    played: tuple[Engine, str], tmp_path: Path
) -> None:
    _engine, game_id = played
    out = tmp_path / "campaign.yaml"
    run = CliRunner().invoke(app, ["play", "export", game_id, "-o", str(out), "--workspace", str(tmp_path)])
    assert run.exit_code == 0, run.output
    result = load_designs([out])
    assert not result.input_errors and result.legal
    hammer = next(e for e in result.entries if e.stats.name == "Hammer")
    # 5 points: the three shields knocked offline, then two armor destroyed (left to right)
    assert hammer.stats.condition == {"destroyed": [4, 5], "offline": [1, 2, 3], "spent": {"R": [1, 0]}}
    assert sf_live.now(sf_live.start(hammer.stats))["systems"] == "A(I)(I)(I)(I)(I)QQYDDRRL"
    assert len(result.entries) == 6  # Hammer, Arrow, Dart, Anvil, Lance, Pike


def test_export_of_no_such_game_is_one_line(tmp_path: Path) -> None:
    run = CliRunner().invoke(
        app, ["play", "export", "NOSUCHGM", "-o", str(tmp_path / "x.yaml"), "--workspace", str(tmp_path)]
    )
    assert run.exit_code == 2 and "no game 'NOSUCHGM'" in run.output
    assert not (tmp_path / "x.yaml").exists()


def test_sheets_pdf_of_a_game(played: tuple[Engine, str]) -> None:
    engine, game_id = played
    pdf = engine.sheets(game_id)
    assert pdf.startswith(b"%PDF")


def test_the_starfire_sheet_marks_the_condition(tmp_path: Path) -> None:
    from sheetgen.games.starfire.sheet import ship_view

    text = HAMMER + "condition: {destroyed: [4, 7], offline: [1], quiet_turns: 1, spent: {R: [6, 2]}}\n"
    (entry,) = _load(tmp_path, text).entries  # type: ignore[attr-defined]
    view = ship_view(entry.stats, [])
    marks = [m for g in view["track"] for m in g["marks"]]
    assert marks[:8] == ["offline", "", "", "destroyed", "", "", "destroyed", ""]
    assert [launcher["spent"] for launcher in view["launchers"]] == [6, 2]
    assert (view["shields_offline"], view["quiet_turns"], view["mp_now"]) == (1, 1, 4)
    (plain,) = _load(tmp_path, HAMMER).entries  # type: ignore[attr-defined]
    assert ship_view(plain.stats, [])["mp_now"] is None


def test_the_other_games_sheets_mark_the_condition(tmp_path: Path) -> None:
    from sheetgen.games.killradius.sheet import ship_view as kr_view
    from sheetgen.games.knighthawks.sheet import ship_view as kh_view
    from sheetgen.games.spacecruisers.sheet import ship_view as sc_view

    def entry(path: str, cond: str) -> object:
        text = (DESIGNS / path).read_text() + f"condition: {cond}\n"
        (found,) = _load(tmp_path, text).entries  # type: ignore[attr-defined]
        assert found.legal, found.findings
        return found.stats

    kr = kr_view(entry("kill-radius/ships/harrier-strike-carrier.yaml", "{number: 3}"), [])  # type: ignore[arg-type]
    assert kr["number_now"] == 3
    kh = kh_view(entry("knight-hawks-2000/ships/kestrel.yaml", "{structure_points: 23}"), [])  # type: ignore[arg-type]
    crossed = [c.get("crossed") for row in kh["track"]["rows"] for c in row["cells"]]
    assert kh["track"]["lost"] == 37 and crossed.count(True) == 37  # one SP a box on a 60 SP ship
    sc = sc_view(entry("space-cruisers/ships/gull.yaml", "{hull_points: 4, shields: 0}"), [])  # type: ignore[arg-type]
    assert (sc["hull_now"], sc["shields_blown"]) == (4, 1)


def test_counters_show_the_reduced_face_where_the_rules_say(tmp_path: Path) -> None:
    def counter(path: str, cond: str) -> tuple[object, object]:
        text = (DESIGNS / path).read_text() + f"condition: {cond}\n"
        (found,) = _load(tmp_path, text).entries  # type: ignore[attr-defined]
        assert found.legal, found.findings
        return found.game.counter(found.stats)  # type: ignore[no-any-return]

    # Kill Radius: Harrier (Number 5) at 2 is at or below half: the HALF side up, Number 2
    up, _ = counter("kill-radius/ships/harrier-strike-carrier.yaml", "{number: 2}")
    assert up.banner == "HALF · NO DEPLOY" and up.values[0] == ("#", "2")  # type: ignore[attr-defined]
    up, _ = counter("kill-radius/ships/harrier-strike-carrier.yaml", "{number: 4}")
    assert up.banner is None and up.values[0] == ("#", "4")  # type: ignore[attr-defined]
    # Knight Hawks 2000: Kestrel (60 SP) with 29 left has lost half: the ½ side up
    up, _ = counter("knight-hawks-2000/ships/kestrel.yaml", "{structure_points: 29}")
    assert up.banner == "½ STRUCTURE"  # type: ignore[attr-defined]
    up, _ = counter("knight-hawks-2000/ships/kestrel.yaml", "{structure_points: 19}")
    assert up.banner == "⅔ STRUCTURE" and up.values[1] == ("ADF/MR", "1/1")  # type: ignore[attr-defined]
    # Space Cruisers: Gull's one shield blown: the SHIELDS DOWN side up, with its hull points now
    up, _ = counter("space-cruisers/ships/gull.yaml", "{hull_points: 4, shields: 0}")
    assert up.banner == "SHIELDS DOWN" and up.values[0] == ("HP", "4")  # type: ignore[attr-defined]
    # Starfire: Hammer with every drive destroyed: ENGINES LOST up; one drive lost: MP 4
    cond = "{destroyed: [4, 5, 6, 7, 8, 9, 10, 11]}"
    up, _ = counter("starfire/ships/destroyer-hammer.yaml", cond)
    assert up.banner == "ENGINES LOST"  # type: ignore[attr-defined]
    up, _ = counter("starfire/ships/destroyer-hammer.yaml", "{destroyed: [4, 5, 6, 7]}")
    assert up.values[1] == ("MP", "4")  # type: ignore[attr-defined]


def test_stats_prints_the_values_now(tmp_path: Path) -> None:
    path = tmp_path / "kr.yaml"
    path.write_text(
        (DESIGNS / "kill-radius/ships/harrier-strike-carrier.yaml").read_text() + "condition: {number: 2}\n"
    )
    run = CliRunner().invoke(app, ["stats", str(path)])
    assert run.exit_code == 0, run.output
    # Kill Radius, Damage: at half its starting Number (5: 3, rounded up) or less, MP 4 -> 3; a
    # carrier (Carriers, Fighters): rolls with ceil(2 / 3) = 1, holds 2 of its 4 fighters, no deploying
    assert (
        "now              Number 2; MP 3; facing changes 1; carrier rolls with 1; fighters aboard 2 "
        "(no deploying); damage this turn 0 → 2 next turn"
    ) in run.output
    run = CliRunner().invoke(app, ["stats", "--json", str(path)])
    assert '"now"' in run.output and '"condition"' in run.output


def test_export_of_kill_radius_and_knight_hawks_games_reads_back(tmp_path: Path) -> None:
    for folder in ("kill-radius", "knight-hawks-2000"):
        shutil.copytree(DESIGNS / folder, tmp_path / folder)
    engine = Engine(tmp_path)
    for scenario, hits in (
        ("kill-radius/scenarios/border-clash.yaml", (2, 100)),
        ("knight-hawks-2000/scenarios/flank-action.yaml", (900, 10**6)),
    ):
        game = engine.create(scenario)
        first, second = (s["name"] for s in engine.state(game.id)["ships"][:2])
        engine.submit(game.id, {"ship": first, "action": "damage", "amount": hits[0]})
        engine.submit(game.id, {"ship": second, "action": "damage", "amount": hits[1]})  # destroyed
        engine.submit(game.id, {"action": "next_turn"})
        out = tmp_path / "next.yaml"
        out.write_text(engine.export(game.id))
        assert out.read_text().startswith(f"# {second}: destroyed or removed from play, not fielded\n")
        result = load_designs([out])
        assert not result.input_errors and result.legal
        names = [e.stats.name for e in result.entries]
        assert second not in names and first in names
        kept = next(e for e in result.entries if e.stats.name == first)
        now = kept.game.condition_now(kept.stats)
        before = next(s for s in engine.state(game.id)["ships"] if s["name"] == first)["now"]
        key = "number" if "kill" in scenario else "structure_points"
        assert now is not None and now[key] == before[key]


def test_sheets_mark_spent_ordnance_and_criticals_taken(tmp_path: Path) -> None:
    from sheetgen.games.knighthawks.sheet import ship_view as kh_view
    from sheetgen.games.spacecruisers.sheet import ship_view as sc_view

    text = (
        DESIGNS / "knight-hawks-2000/ships/pugilist.yaml"
    ).read_text() + "condition: {launched: {SM: 7}}\n"
    (pugilist,) = _load(tmp_path, text).entries  # type: ignore[attr-defined]
    (bay,) = kh_view(pugilist.stats, [])["bays"]
    assert (bay["carried"], bay["launched"]) == (24, 7)  # the seeker bay: 7 of its 24 boxes crossed
    sc = "game: space-cruisers\nname: C\nhull: military\nsystems: [phasers]\n"
    cond = "condition: {hull_points: -2, shields: 0, criticals: [warp-core, targeting, drive]}\n"
    (ship,) = _load(tmp_path, sc + cond).entries  # type: ignore[attr-defined]
    assert ship.legal, ship.findings
    view = sc_view(ship.stats, [])
    assert (
        view["criticals_taken"][3] == 1
        and view["criticals_taken"][6] == 1
        and view["criticals_taken"][4] == 0
    )
    assert next(s for s in view["systems"] if s["name"] == "drives")["lost"] == 1


def test_the_knight_hawks_sheet_names_the_systems_damaged(tmp_path: Path) -> None:
    from sheetgen.games.knighthawks.sheet import ship_view as kh_view

    cond = "condition: {damaged: [sensors], destroyed: [weapon], scc_only: true}\n"
    text = (DESIGNS / "knight-hawks-2000/ships/pugilist.yaml").read_text() + cond
    (pugilist,) = _load(tmp_path, text).entries  # type: ignore[attr-defined]
    track = kh_view(pugilist.stats, [])["track"]
    assert track["systems"] == "damaged: sensors; destroyed: weapon; repairs only at an SCC"


def test_export_never_replaces_a_file_unasked(played: tuple[Engine, str], tmp_path: Path) -> None:
    _engine, game_id = played
    out = tmp_path / "mine.yaml"
    out.write_text("game: starfire\nname: Mine\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n", encoding="utf-8")
    args = ["play", "export", game_id, "-o", str(out), "--workspace", str(tmp_path)]
    run = CliRunner().invoke(app, args)
    assert run.exit_code == 2 and "already exists; choose another -o or add --force" in run.output
    assert "name: Mine" in out.read_text(encoding="utf-8")
    assert CliRunner().invoke(app, [*args, "--force"]).exit_code == 0
    assert "name: Hammer" in out.read_text(encoding="utf-8")
