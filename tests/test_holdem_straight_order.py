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

from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.reaudit import reaudit
from pipeline.table_rules import RuleSettings, parse_setting
from pipeline.warehouse import Warehouse, connect

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
TOTAL_LINE = HAND.splitlines().index("Total pot $10 | Rake $0") + 1


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
    findings, nets, ruleset, settings = _ingest(tmp_path, setting)
    assert findings == [("HE-SHOWDOWN", COLLECT_LINE, "Boris", "Anna collects 10"),
                        ("HE-SHOWDOWN", TOTAL_LINE, "Boris collects 10", "nothing")]
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
            ("HE-SHOWDOWN", COLLECT_LINE), ("HE-SHOWDOWN", TOTAL_LINE)]


def test_ingest_refuses_an_unknown_rule_setting_naming_the_known_ones(tmp_path):
    (tmp_path / "short.txt").write_text(HAND, encoding="utf-8")
    result = CliRunner().invoke(main, ["ingest", str(tmp_path / "short.txt"), "--warehouse", str(tmp_path / "wh"),
                                       "--rules", "straight beats trips"])
    assert result.exit_code == 1
    assert "straight_beats_trips or trips_beat_straight" in result.output
    assert not (tmp_path / "wh").exists()


def test_he_sd_order_setting_holds_when_stored_games_are_judged_again(tmp_path):
    _ingest(tmp_path, "table Vienna: straight_beats_trips")
    with connect(tmp_path / "wh") as con:
        game_id = con.execute("select game_id from games").fetchone()[0]
    with Warehouse(tmp_path / "wh").open() as store:
        assert reaudit(store, game=game_id).judged == 1
    with connect(tmp_path / "wh") as con:
        assert con.execute("select rule_id, line from findings order by line").fetchall() == [
            ("HE-SHOWDOWN", COLLECT_LINE), ("HE-SHOWDOWN", TOTAL_LINE)]
