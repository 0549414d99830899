"""Limit's cap as a user setting (``ingest --rules``): how many bets a round allows, and whether
the cap holds in a round that starts heads-up.

One PokerStars Limit hand at $1/$2, heads-up, worked by hand. Anna (button, small blind $0.50)
and Boris (big blind $1) raise each other preflop: $1 is bet 1, then $2, $3, $4, $5, $6, and
Boris calls the sixth. Each put in $6: the pot is $12, and Anna's kings win it over Boris's queens.

- By default the cap is 4 bets and holds in no round that starts heads-up (as the online rooms
  play): no finding; Anna +6, Boris -6.
- With ``cap_heads_up`` the fifth and sixth bets break the cap (HE-LIMIT-CAP): Boris's raise to $5
  and Anna's to $6. With ``limit_cap_3`` too, the fourth as well (Anna's raise to $4).
- The money does not change: a finding says the log breaks the rule, the chips are as logged.
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

HAND = """PokerStars Hand #230000000210:  Hold'em Limit ($1/$2 USD) - 2026/11/28 22:28:00 ET
Table 'Tverskaya I' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Anna: posts small blind $0.50
Boris: posts big blind $1
*** HOLE CARDS ***
Anna: raises $1 to $2
Boris: raises $1 to $3
Anna: raises $1 to $4
Boris: raises $1 to $5
Anna: raises $1 to $6
Boris: calls $1
*** FLOP *** [Ks 7d 2c]
Boris: checks
Anna: checks
*** TURN *** [Ks 7d 2c] [9h]
Boris: checks
Anna: checks
*** RIVER *** [Ks 7d 2c 9h] [3s]
Boris: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [Qc Qd] (a pair of Queens)
Anna: shows [Ah Kd] (a pair of Kings)
Anna collected $12 from pot
*** SUMMARY ***
Total pot $12 | Rake $0
Board [Ks 7d 2c 9h 3s]
Seat 1: Anna (button) (small blind) showed [Ah Kd] and won ($12) with a pair of Kings
Seat 2: Boris (big blind) showed [Qc Qd] and lost with a pair of Queens
"""


def line(text: str) -> int:
    return HAND.splitlines().index(text) + 1


FIFTH, SIXTH, FOURTH = line("Boris: raises $1 to $5"), line("Anna: raises $1 to $6"), line("Anna: raises $1 to $4")


def _ingest(tmp_path, *rules: str, text: str = HAND):
    tmp_path.mkdir(parents=True, exist_ok=True)
    log = tmp_path / "limit.txt"
    log.write_text(text, encoding="utf-8")
    summary = ingest([log], tmp_path / "wh", jobs=1, rules=rules)
    assert summary.games == 1 and summary.quarantined == 0
    with connect(tmp_path / "wh") as con:
        findings = con.execute("select rule_id, line, expected, actual from findings order by line").fetchall()
        nets = dict(con.execute("select player, net from game_players").fetchall())
        ruleset = con.execute("select ruleset from games").fetchone()[0]
        settings = dict(con.execute("select name, value from settings").fetchall())
    return findings, nets, ruleset, settings


def test_no_cap_heads_up_by_default(tmp_path):
    findings, nets, ruleset, settings = _ingest(tmp_path)
    assert findings == [] and nets == {"Anna": 6, "Boris": -6}
    assert "cap" not in ruleset and settings == {}


@pytest.mark.parametrize("setting", ["cap_heads_up", "table Tverskaya I: cap_heads_up", "room PokerStars: cap_heads_up"])
def test_cap_heads_up_when_set_cites_the_fifth_and_sixth_bets(tmp_path, setting):
    findings, nets, ruleset, settings = _ingest(tmp_path, setting)
    assert findings == [("HE-LIMIT-CAP", FIFTH, "at most 4 bets", "5 bets"),
                        ("HE-LIMIT-CAP", SIXTH, "at most 4 bets", "6 bets")]
    assert nets == {"Anna": 6, "Boris": -6}
    assert ruleset.endswith(", cap_heads_up")
    scope = parse_setting(setting)
    name = str(tmp_path / "limit.txt") if scope.scope == "file" else scope.name
    assert settings == {f"rules heads_up {scope.scope} {name}": "cap_heads_up"}


def test_a_cap_of_three_bets_and_heads_up_cites_the_fourth_bet_too(tmp_path):
    findings, _, ruleset, settings = _ingest(tmp_path, "limit_cap_3", "room PokerStars: cap_heads_up")
    assert [(rule, at, expected) for rule, at, expected, _ in findings] == [
        ("HE-LIMIT-CAP", FOURTH, "at most 3 bets"), ("HE-LIMIT-CAP", FIFTH, "at most 3 bets"),
        ("HE-LIMIT-CAP", SIXTH, "at most 3 bets")]
    assert ruleset.endswith(", limit_cap_3, cap_heads_up")
    assert settings[f"rules cap file {tmp_path / 'limit.txt'}"] == "limit_cap_3"


def test_uncapped_overrides_a_room_setting_for_a_file(tmp_path):
    findings, *_ = _ingest(tmp_path, "room PokerStars: cap_heads_up", "uncapped_heads_up")
    assert findings == []
    settings = RuleSettings.of(["room PokerStars: limit_cap_5", "table Oslo: limit_uncapped"], ["a.txt"])
    assert settings.cap_options("a.txt", "Oslo", "PokerStars") == ("limit_uncapped", None)
    assert settings.cap_options("a.txt", "Vienna", "PokerStars") == ("limit_cap_5", None)
    assert settings.cap_options("a.txt", "Vienna", "GGPoker") == (None, None)


def test_a_no_limit_hand_is_not_named_by_a_cap_setting(tmp_path):
    no_limit = HAND.replace("Hold'em Limit", "Hold'em No Limit").replace("raises $1 to $2", "raises $1 to $2")
    findings, _, ruleset, _ = _ingest(tmp_path, "cap_heads_up", text=no_limit)
    assert "cap" not in ruleset
    assert all(rule != "HE-LIMIT-CAP" for rule, *_ in findings)


def test_the_cap_setting_holds_when_stored_games_are_judged_again(tmp_path):
    _ingest(tmp_path, "table Tverskaya I: cap_heads_up")
    with connect(tmp_path / "wh") as con:
        game_id = con.execute("select game_id from games").fetchone()[0]
    with Warehouse(tmp_path / "wh").open() as store:
        assert reaudit(store, game=game_id).judged == 1
    with connect(tmp_path / "wh") as con:
        assert con.execute("select rule_id, line from findings order by line").fetchall() == [
            ("HE-LIMIT-CAP", FIFTH), ("HE-LIMIT-CAP", SIXTH)]


def test_ingest_names_the_cap_settings_when_refusing_an_unknown_one(tmp_path):
    (tmp_path / "limit.txt").write_text(HAND, encoding="utf-8")
    result = CliRunner().invoke(main, ["ingest", str(tmp_path / "limit.txt"), "--warehouse", str(tmp_path / "wh"),
                                       "--rules", "cap 4"])
    assert result.exit_code == 2
    assert "limit_cap_2 … limit_cap_9, limit_uncapped, cap_heads_up or uncapped_heads_up" in result.output


@pytest.mark.parametrize("settings", [("table Tverskaya I: cap_heads_up",),
                                      ("room PokerStars: limit_cap_3", "room PokerStars: cap_heads_up")])
def test_the_cap_set_per_table_or_room_stays_in_the_batch_lane(settings, monkeypatch):
    monkeypatch.setattr(pipeline.facts.holdem, "LANE_MIN_HANDS", 1)    # the lane for a file of two hands
    # Two copies of the hand: one at the set table, one at another table of the room
    other = HAND.replace("#230000000210", "#230000000211").replace("Table 'Tverskaya I'", "Table 'Oslo'")
    data = (HAND + "\n\n" + other).encode()
    with rule_settings(RuleSettings.of(settings)):
        lane = parse_bytes(data, "limit.txt")
        full = parse_bytes(data, "limit.txt", lane=False)
    games = [row for (name, _), table in lane.tables.items() if name == "games"
             for row in table.select(["table_name", "ruleset"]).to_pylist()]
    by_table = {row["table_name"]: row["ruleset"] for row in games}
    assert lane.count_lane == 2
    options = ", ".join(setting.split(": ")[1] for setting in settings)
    assert by_table["Tverskaya I"].endswith(f", {options}")
    assert by_table["Oslo"].endswith(f", {options}") == settings[0].startswith("room")
    # heads-up capped at one table: 2 findings there; 3 bets heads-up in the room: 3 at each table
    assert lane.count_findings == full.count_findings == (2 if settings[0].startswith("table") else 6)


def test_a_cap_setting_given_later_judges_the_stored_limit_hands_it_reaches_again(tmp_path):
    # Two hands of the table stored under the default cap: the Limit one and a No Limit one. The
    # table's cap_heads_up, given later with the same (unchanged) files, judges the Limit hand
    # again (its fifth and sixth bets break the cap); the No Limit hand takes no cap, and is not.
    _ingest(tmp_path)
    no_limit = HAND.replace("Hold'em Limit", "Hold'em No Limit").replace("#230000000210", "#230000000211")
    (tmp_path / "no-limit.txt").write_text(no_limit, encoding="utf-8")
    args = ["ingest", str(tmp_path / "limit.txt"), str(tmp_path / "no-limit.txt"), "--warehouse", str(tmp_path / "wh"),
            "-q", "-j", "1"]
    assert CliRunner().invoke(main, args).exit_code == 0
    with connect(tmp_path / "wh") as con:
        no_limit_findings = con.execute("select count(*) from findings").fetchone()[0]
    result = CliRunner().invoke(main, [*args, "--rules", "table Tverskaya I: cap_heads_up"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == ("  1 stored game judged again under the rule settings given (judged under "
                                             "other options before): 2 findings")
    with connect(tmp_path / "wh") as con:
        assert con.execute("select rule_id, line from findings where rule_id = 'HE-LIMIT-CAP' order by line"
                           ).fetchall() == [("HE-LIMIT-CAP", FIFTH), ("HE-LIMIT-CAP", SIXTH)]
        assert con.execute("select count(*) from findings").fetchone()[0] == no_limit_findings + 2
        rulesets = sorted(row[0] for row in con.execute("select ruleset from games").fetchall())
    assert rulesets == ["pokerstars limit, cap_heads_up", "pokerstars no_limit"]
