"""The 36-card order of a straight and three of a kind as a user setting (``ingest --rules``).

One PokerStars 6+ hand, worked by hand. Board Ts 9d 8c 6h Ah. Anna holds Tc Td: three tens
(no straight: she has neither a 7 nor a J; no flush, no pair on the board). Boris holds
Jd 7s: a straight, J-T-9-8-7. Each put in an ante of 1 and 4 more (Boris raised Anna's
button blind of 2 to 4, she called): the pot is 10. The log gives it to Anna.

- PokerStars' own order, trips over a straight (HE-SD-ORDER): Anna wins, as the log says: no
  finding; Anna +5, Boris -5.
- With ``straight_beats_trips`` set for the file, the table or the room: Boris should have
  collected the 10: the collect line and the pot's total line are HE-SHOWDOWN findings.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import pipeline.facts.holdem
from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.reaudit import reaudit
from pipeline.table_rules import RuleSettings, parse_setting
from pipeline.warehouse import Warehouse, connect
from pipeline.worker import parse_bytes, rule_settings

HAND = """PokerStars Hand #2604:  6+ Hold'em No Limit (Button Blind $2 - Ante $1 USD) - 2024/01/02 3:04:05 CET [2024/01/01 21:04:05 ET]
Table 'Vienna' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Anna: posts the ante $1
Boris: posts the ante $1
Anna: posts button blind $2
*** HOLE CARDS ***
Boris: raises $2 to $4
Anna: calls $2
*** FLOP *** [Ts 9d 8c]
Boris: checks
Anna: checks
*** TURN *** [Ts 9d 8c] [6h]
Boris: checks
Anna: checks
*** RIVER *** [Ts 9d 8c 6h] [Ah]
Boris: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [Jd 7s] (a straight, Seven to Jack)
Anna: shows [Tc Td] (three of a kind, Tens)
Anna collected $10 from pot
*** SUMMARY ***
Total pot $10 | Rake $0
Board [Ts 9d 8c 6h Ah]
Seat 1: Anna (button blind) showed [Tc Td] and won ($10) with three of a kind, Tens
Seat 2: Boris showed [Jd 7s] and lost with a straight, Seven to Jack
"""
COLLECT_LINE = HAND.splitlines().index("Anna collected $10 from pot") + 1
# Boris, the winner on 36 cards, has no collect line: his summary line, which says he lost
BORIS_SUMMARY_LINE = HAND.splitlines().index("Seat 2: Boris showed [Jd 7s] and lost with a straight, Seven to Jack") + 1


def _ingest(tmp_path, *rules: str):
    tmp_path.mkdir(parents=True, exist_ok=True)
    log = tmp_path / "short.txt"
    log.write_text(HAND, encoding="utf-8")
    warehouse = tmp_path / "wh"
    summary = ingest([log], warehouse, jobs=1, rules=rules)
    assert summary.games == 1 and summary.quarantined == 0
    with connect(warehouse) as con:
        findings = con.execute("select rule_id, line, expected, actual from findings order by line").fetchall()
        nets = dict(con.execute("select player, net from game_players").fetchall())
        ruleset = con.execute("select ruleset from games").fetchone()[0]
        settings = dict(con.execute("select name, value from settings").fetchall())
    return findings, nets, ruleset, settings


def test_he_sd_order_trips_beat_a_straight_by_default(tmp_path):
    findings, nets, ruleset, settings = _ingest(tmp_path)
    assert findings == []
    assert nets == {"Anna": 5, "Boris": -5}
    assert "straight_beats_trips" not in ruleset and settings == {}


@pytest.mark.parametrize("setting", ["straight_beats_trips", "table Vienna: straight_beats_trips",
                                     "room PokerStars: straight_beats_trips"])
def test_he_sd_order_straight_beats_trips_when_set(tmp_path, setting):
    findings, _nets, ruleset, settings = _ingest(tmp_path, setting)
    assert findings == [("HE-SHOWDOWN", COLLECT_LINE, "Boris", "Anna collects 10"),
                        ("HE-SHOWDOWN", BORIS_SUMMARY_LINE, "Boris collects 10", "nothing")]
    assert ruleset.endswith(", straight_beats_trips")
    scope = parse_setting(setting)
    name = str(tmp_path / "short.txt") if scope.scope == "file" else scope.name
    assert settings == {f"rules {scope.scope} {name}": "straight_beats_trips"}


def test_he_sd_order_setting_of_a_table_holds_for_later_runs_and_a_file_overrides_it(tmp_path):
    _ingest(tmp_path / "first", "table Vienna: straight_beats_trips")
    findings, *_ = _ingest(tmp_path / "first" / "again")    # another warehouse: nothing kept
    assert findings == []
    settings = RuleSettings.of(["table Vienna: straight_beats_trips", "trips_beat_straight"], ["a.txt"])
    assert settings.straight_beats_trips("a.txt", "Vienna", None) is False
    assert settings.straight_beats_trips("b.txt", "Vienna", None) is True
    assert settings.straight_beats_trips("b.txt", "Oslo", "PokerStars") is None


def test_he_sd_order_table_setting_is_kept_for_the_next_ingest_of_the_warehouse(tmp_path):
    log = tmp_path / "short.txt"
    log.write_text(HAND, encoding="utf-8")
    warehouse = tmp_path / "wh"
    (tmp_path / "empty").mkdir()
    ingest([tmp_path / "empty"], warehouse, jobs=1, rules=["table Vienna: straight_beats_trips"])
    ingest([log], warehouse, jobs=1)
    with connect(warehouse) as con:
        assert con.execute("select rule_id, line from findings order by line").fetchall() == [
            ("HE-SHOWDOWN", COLLECT_LINE), ("HE-SHOWDOWN", BORIS_SUMMARY_LINE)]


def test_ingest_refuses_an_unknown_rule_setting_naming_the_known_ones(tmp_path):
    (tmp_path / "short.txt").write_text(HAND, encoding="utf-8")
    result = CliRunner().invoke(main, ["ingest", str(tmp_path / "short.txt"), "--warehouse", str(tmp_path / "wh"),
                                       "--rules", "straight beats trips"])
    assert result.exit_code == 2
    assert "straight_beats_trips, trips_beat_straight" in result.output
    assert not (tmp_path / "wh").exists()


def test_he_sd_order_setting_holds_when_stored_games_are_judged_again(tmp_path):
    _ingest(tmp_path, "table Vienna: straight_beats_trips")
    with connect(tmp_path / "wh") as con:
        game_id = con.execute("select game_id from games").fetchone()[0]
    with Warehouse(tmp_path / "wh").open() as store:
        assert reaudit(store, game=game_id).judged == 1
    with connect(tmp_path / "wh") as con:
        assert con.execute("select rule_id, line from findings order by line").fetchall() == [
            ("HE-SHOWDOWN", COLLECT_LINE), ("HE-SHOWDOWN", BORIS_SUMMARY_LINE)]


STRAIGHT_WINS = (HAND.replace("Anna collected $10 from pot", "Boris collected $10 from pot")
                 .replace("showed [Tc Td] and won ($10) with three of a kind, Tens",
                          "showed [Tc Td] and lost with three of a kind, Tens")
                 .replace("showed [Jd 7s] and lost with a straight, Seven to Jack",
                          "showed [Jd 7s] and won ($10) with a straight, Seven to Jack"))
"""The same hand at a table that ranks the straight higher: Boris collects the 10."""


def _game_rows(result):
    games = [table for (name, _), table in result.tables.items() if name == "games"]
    players = [table for (name, _), table in result.tables.items() if name == "game_players"]
    return ([row for table in games for row in table.select(["game_id", "ruleset", "table_name"]).to_pylist()],
            sorted((row["player"], row["net"]) for table in players for row in table.to_pylist()))


@pytest.mark.parametrize("setting", ["table Vienna: straight_beats_trips", "room PokerStars: straight_beats_trips"])
def test_he_sd_order_set_per_table_or_room_stays_in_the_batch_lane(setting, monkeypatch):
    monkeypatch.setattr(pipeline.facts.holdem, "LANE_MIN_HANDS", 1)    # the lane for a file of two hands
    # Two copies of the hand (distinct numbers): one at the set table, one at another table,
    # whose order stays PokerStars' own (trips over a straight), where Boris's collect is wrong.
    other = STRAIGHT_WINS.replace("#2604", "#2605").replace("Table 'Vienna'", "Table 'Oslo'")
    data = (STRAIGHT_WINS + "\n\n" + other).encode()
    with rule_settings(RuleSettings.of([setting])):
        lane = parse_bytes(data, "short.txt")
        full = parse_bytes(data, "short.txt", lane=False)
    games, nets = _game_rows(lane)
    by_table = {row["table_name"]: row["ruleset"] for row in games}
    assert lane.count_lane == 2      # Oslo's hand too, with its finding in words
    if setting.startswith("table"):
        assert by_table["Vienna"].endswith(", straight_beats_trips")
        assert not by_table["Oslo"].endswith("straight_beats_trips")
    else:   # both tables are PokerStars'
        assert all(ruleset.endswith(", straight_beats_trips") for ruleset in by_table.values())
    assert nets == [("Anna", -5), ("Anna", -5), ("Boris", 5), ("Boris", 5)]
    full_games, full_nets = _game_rows(full)                  # the full path: each hand replayed alone
    assert sorted(games, key=str) == sorted(full_games, key=str) and nets == full_nets
    assert lane.count_findings == full.count_findings


def test_a_setting_given_later_judges_the_stored_hands_it_reaches_again(tmp_path):
    # The Vienna hand is stored under PokerStars' own order (no finding). The same file ingested again
    # with the table's setting is unchanged, but its stored hand is judged again under the setting,
    # and the summary says so; changed back, the setting judges it again once more, then no more.
    _ingest(tmp_path)
    args = ["ingest", str(tmp_path / "short.txt"), "--warehouse", str(tmp_path / "wh"), "-q"]
    result = CliRunner().invoke(main, [*args, "--rules", "table Vienna: straight_beats_trips"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == ("  1 stored game judged again under the rule settings given (judged under "
                                             "other options before): 2 findings")
    with connect(tmp_path / "wh") as con:
        assert con.execute("select rule_id, line from findings order by line").fetchall() == [
            ("HE-SHOWDOWN", COLLECT_LINE), ("HE-SHOWDOWN", BORIS_SUMMARY_LINE)]
        assert con.execute("select ruleset from games").fetchone()[0].endswith(", straight_beats_trips")
        # the marts landed with the commit
        assert con.execute("select count(*) from finding_list").fetchone()[0] == 2
    result = CliRunner().invoke(main, [*args, "--rules", "table Vienna: trips_beat_straight"])
    assert result.output.splitlines()[1].startswith("  1 stored game judged again under the rule settings given")
    with connect(tmp_path / "wh") as con:
        assert con.execute("select count(*) from findings").fetchone()[0] == 0
        assert con.execute("select ruleset from games").fetchone()[0].endswith(", trips_beat_straight")
    result = CliRunner().invoke(main, [*args, "--rules", "table Vienna: trips_beat_straight"])
    assert len(result.output.splitlines()) == 1, result.output     # judged under it already
    reaudited = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh")])
    assert reaudited.output.startswith("0 games judged again"), reaudited.output


def test_reaudit_judges_again_the_stored_hands_judged_under_other_settings(tmp_path):
    import pyarrow as pa

    from pipeline.provenance import RULES_VERSION

    _ingest(tmp_path)   # judged under the room's own order
    with Warehouse(tmp_path / "wh").open() as store:
        # a setting kept without its stored hands judged again (as an older Rasklad kept one)
        store.replace_table("settings", pa.table({"name": ["rules table Vienna"], "value": ["straight_beats_trips"]}))
    result = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh")])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        f"1 game judged again by rules version {RULES_VERSION} (1 of them judged under other options than the rule "
        "settings give them now): 1 stored, 0 quarantined, 2 findings in "), result.output
    with connect(tmp_path / "wh") as con:
        assert con.execute("select rule_id, line from findings order by line").fetchall() == [
            ("HE-SHOWDOWN", COLLECT_LINE), ("HE-SHOWDOWN", BORIS_SUMMARY_LINE)]
    again = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh")])
    assert again.output.startswith("0 games judged again"), again.output


def test_removing_a_setting_judges_again_the_stored_hands_judged_under_it(tmp_path):
    # Adding a setting judges again at once the stored hands it reaches; its removal left them with
    # the removed option's findings, and no command but `reaudit` said so ("No findings." stayed
    # wrong, or right, until someone thought of it). Removed, the setting's hands are judged again.
    _, _, ruleset_by_default, _ = _ingest(tmp_path / "plain")
    findings, _, ruleset, _ = _ingest(tmp_path, "table Vienna: straight_beats_trips")
    # under the setting Boris's straight wins: Anna's collect line and Boris's summary line are wrong
    assert [(rule, line) for rule, line, _, _ in findings] == [
        ("HE-SHOWDOWN", COLLECT_LINE), ("HE-SHOWDOWN", BORIS_SUMMARY_LINE)]
    assert ruleset == f"{ruleset_by_default}, straight_beats_trips"
    warehouse = str(tmp_path / "wh")
    removed = CliRunner().invoke(main, ["settings", "rules", "table Vienna: straight_beats_trips", "--remove",
                                        "--warehouse", warehouse])
    assert removed.exit_code == 0, removed.output
    assert removed.output.splitlines() == [
        "Removed the rule setting 'table Vienna: straight_beats_trips'.",
        "  1 stored game judged again without it (judged under it before): 0 findings",
        "  The games read from now on are judged without it."]
    with connect(tmp_path / "wh") as con:
        assert con.execute("select count(*) from findings").fetchone()[0] == 0
        assert con.execute("select count(*) from finding_list").fetchone()[0] == 0     # the marts too
        assert con.execute("select ruleset from games").fetchone()[0] == ruleset_by_default
    audit = CliRunner().invoke(main, ["audit", "--warehouse", warehouse])
    assert audit.output.startswith("No findings."), audit.output
    reaudited = CliRunner().invoke(main, ["reaudit", "--warehouse", warehouse])
    assert reaudited.output.startswith("0 games judged again"), reaudited.output
    # a setting no stored hand was judged under: nothing to judge again, and the removal says so
    other = ["ingest", str(tmp_path / "short.txt"), "--warehouse", warehouse, "-q", "--rules", "room Winamax: limit_cap_3"]
    assert CliRunner().invoke(main, other).exit_code == 0
    removed = CliRunner().invoke(main, ["settings", "rules", "room Winamax: limit_cap_3", "--remove",
                                        "--warehouse", warehouse])
    assert removed.output.splitlines()[1:] == ["  No stored game was judged under it.",
                                               "  The games read from now on are judged without it."]
