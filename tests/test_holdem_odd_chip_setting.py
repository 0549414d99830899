"""Who gets a split pot's odd units, as a user setting (``ingest --rules``), and findings that name
the house option that judged them.

The rulebook's default gives the odd chip to the first winner left of the button; a house that
gives it another way (by lot, as its dealer chooses) sets ``odd_chip_any``: any winners may take
the odd units, one each, so long as the winners share the pot equally.

Worked by hand:

- docs/rules.md's "HE-SPLIT and ROOM-ODD-CHIP, worked": Anna (the button) and Vera share a $10.04
  pot less $0.45 rake, $9.59: $4.80 to Vera (first clockwise from the button), $4.79 to Anna. The
  log pays Anna $4.80 and Vera $4.79: two ROOM-ODD-CHIP warnings by default, none under
  ``odd_chip_any``.
- A tournament hand of four players (below): Dean folds on the flop, and Boris, Vera and Anna (the
  button) play the royal flush on the board. The pot is 4 × 20 + 3 × 20 = 140 chips: 46 each and 2
  odd chips, by default to Boris and Vera (the first two clockwise from the button): 47, 47, 46.
"""

from __future__ import annotations

import dataclasses

import pytest
from click.testing import CliRunner

import pipeline.facts.holdem
from parsers.pokerstars import parse
from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.table_rules import RULE_OF, RuleSettings
from pipeline.warehouse import connect
from pipeline.worker import parse_bytes, rule_settings
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.records import Source
from tests.test_holdem_limit_cap_setting import FIFTH, SIXTH
from tests.test_holdem_limit_cap_setting import HAND as LIMIT_HAND
from tests.test_holdem_straight_order import BORIS_SUMMARY_LINE, COLLECT_LINE
from tests.test_holdem_straight_order import HAND as SHORT_DECK_HAND

TIED = """PokerStars Hand #230000000003:  Hold'em No Limit ($0.50/$1 USD) - 2026/11/28 21:20:00 ET
Table 'Tverskaya I' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
Anna: raises $2 to $3
Boris: folds
Vera: calls $2
*** FLOP *** [Ts 9d 8c]
Vera: bets $1.77
Anna: calls $1.77
*** TURN *** [Ts 9d 8c] [7h]
Vera: checks
Anna: checks
*** RIVER *** [Ts 9d 8c 7h] [2s]
Vera: checks
Anna: checks
*** SHOW DOWN ***
Vera: shows [Jd 4c] (a straight, Seven to Jack)
Anna: shows [Jc 3d] (a straight, Seven to Jack)
Vera collected $4.79 from pot
Anna collected $4.80 from pot
*** SUMMARY ***
Total pot $10.04 | Rake $0.45
Board [Ts 9d 8c 7h 2s]
Seat 1: Anna (button) showed [Jc 3d] and won ($4.80) with a straight, Seven to Jack
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Jd 4c] and won ($4.79) with a straight, Seven to Jack
"""
ANNA_LINE, VERA_LINE = (TIED.splitlines().index(f"{who} collected ${amount} from pot") + 1
                        for who, amount in (("Anna", "4.80"), ("Vera", "4.79")))

THREE_WAY = """PokerStars Hand #100: Tournament #7, $0.91+$0.09 USD Hold'em No Limit - Level I (10/20) - 2024/01/02 3:04:05 ET
Table '7 1' 9-max Seat #1 is the button
Seat 1: Anna (1500 in chips)
Seat 2: Boris (1500 in chips)
Seat 3: Vera (1500 in chips)
Seat 4: Dean (1500 in chips)
Boris: posts small blind 10
Vera: posts big blind 20
*** HOLE CARDS ***
Dean: calls 20
Anna: calls 20
Boris: calls 10
Vera: checks
*** FLOP *** [As Ks Qs]
Boris: checks
Vera: bets 20
Dean: folds
Anna: calls 20
Boris: calls 20
*** TURN *** [As Ks Qs] [Js]
Boris: checks
Vera: checks
Anna: checks
*** RIVER *** [As Ks Qs Js] [Ts]
Boris: checks
Vera: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [4h 5h] (a Royal Flush)
Vera: shows [6c 7d] (a Royal Flush)
Anna: shows [2c 3d] (a Royal Flush)
Boris collected {boris} from pot
Vera collected {vera} from pot
Anna collected {anna} from pot
*** SUMMARY ***
Total pot 140 | Rake 0
Board [As Ks Qs Js Ts]
Seat 1: Anna (button) showed [2c 3d] and won ({anna}) with a Royal Flush
Seat 2: Boris (small blind) showed [4h 5h] and won ({boris}) with a Royal Flush
Seat 3: Vera (big blind) showed [6c 7d] and won ({vera}) with a Royal Flush
Seat 4: Dean folded on the Flop"""


def three_way(anna: int, boris: int, vera: int, *, odd_chip_any: bool):
    text = THREE_WAY.format(anna=anna, boris=boris, vera=vera)
    lines = tuple(text.split("\n"))
    hand = parse(lines, Source(file="t.txt", first_line=1, last_line=len(lines), game_id="t"))
    findings = replay(dataclasses.replace(hand, odd_chip_any=odd_chip_any)).findings
    at = {i + 1: line.split(" ")[0] for i, line in enumerate(lines) if " collected " in line}
    return [(f.rule_id, f.severity, at.get(f.line), f.expected, f.actual) for f in findings], findings


@pytest.mark.parametrize("odd_chip_any", [False, True])
def test_the_odd_chips_left_of_the_button_are_right_under_either_option(odd_chip_any):
    assert three_way(46, 47, 47, odd_chip_any=odd_chip_any)[0] == []


def test_odd_chips_to_other_winners_are_a_room_fact_by_default_and_right_under_odd_chip_any():
    # Anna 47, Boris 47, Vera 46: an equal split whose second odd chip went to Anna, not Vera
    found, _ = three_way(47, 47, 46, odd_chip_any=False)
    assert found == [("ROOM-ODD-CHIP", Severity.ERROR, "Anna", "46", "47"),
                     ("ROOM-ODD-CHIP", Severity.ERROR, "Vera", "47", "46")]
    assert three_way(47, 47, 46, odd_chip_any=True)[0] == []
    assert three_way(47, 46, 47, odd_chip_any=True)[0] == []


def test_two_odd_chips_to_one_winner_are_no_equal_split_under_odd_chip_any():
    # Anna 48, Boris 46, Vera 46: by default three HE-SPLIT errors (each against 46, 47, 47); under
    # odd_chip_any Boris's and Vera's 46 are equal shares, Anna's 48 two chips over hers (46 or 47)
    found, _ = three_way(48, 46, 46, odd_chip_any=False)
    assert sorted(found) == [("HE-SPLIT", Severity.ERROR, "Anna", "46", "48"),
                             ("HE-SPLIT", Severity.ERROR, "Boris", "47", "46"),
                             ("HE-SPLIT", Severity.ERROR, "Vera", "47", "46")]
    found, findings = three_way(48, 46, 46, odd_chip_any=True)
    assert found == [("HE-SPLIT", Severity.ERROR, "Anna", "46", "48")]
    assert findings[0].message.startswith("under odd_chip_any (any winners may take the odd units, one each): "
                                          "Anna collects 48, which no equal split gives")


def _ingest(tmp_path, *rules: str, text: str = TIED, name: str = "tied.txt"):
    tmp_path.mkdir(parents=True, exist_ok=True)
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    summary = ingest([log], tmp_path / "wh", jobs=1, rules=rules)
    assert summary.games == 1 and summary.quarantined == 0
    with connect(tmp_path / "wh") as con:
        findings = con.execute("select rule_id, severity, line, expected, actual, message from findings "
                               "order by line").fetchall()
        ruleset = con.execute("select ruleset from games").fetchone()[0]
        settings = dict(con.execute("select name, value from settings").fetchall())
    return findings, ruleset, settings


def test_the_rules_md_example_is_two_odd_chip_warnings_by_default(tmp_path):
    findings, ruleset, settings = _ingest(tmp_path)
    assert [row[:5] for row in findings] == [("ROOM-ODD-CHIP", "warning", VERA_LINE, "4.80", "4.79"),
                                             ("ROOM-ODD-CHIP", "warning", ANNA_LINE, "4.79", "4.80")]
    assert ruleset == "pokerstars no_limit" and settings == {}


@pytest.mark.parametrize(("setting", "key"), [
    ("odd_chip_any", "rules odd_chip file {file}"),
    ("table Tverskaya I: odd_chip_any", "rules odd_chip table Tverskaya I"),
    ("room PokerStars: odd_chip_any", "rules odd_chip room PokerStars")])
def test_odd_chip_any_set_for_the_file_table_or_room_takes_the_odd_cent_to_anna(tmp_path, setting, key):
    findings, ruleset, settings = _ingest(tmp_path, setting)
    assert findings == []
    assert ruleset == "pokerstars no_limit, odd_chip_any"
    assert settings == {key.format(file=tmp_path / "tied.txt"): "odd_chip_any"}


def test_shares_no_equal_split_gives_are_still_he_split_under_odd_chip_any(tmp_path):
    # Anna $4.81, Vera $4.78: $0.02 and $0.01 off the equal shares ($4.79 or $4.80), within the $0.45
    # rake: HE-SPLIT warnings, worded as judged under the option
    uneven = TIED.replace("$4.80", "$4.81").replace("Vera collected $4.79", "Vera collected $4.78").replace(
        "won ($4.79)", "won ($4.78)")
    findings, _, _ = _ingest(tmp_path, "odd_chip_any", text=uneven)
    assert [row[:5] for row in findings] == [("HE-SPLIT", "warning", VERA_LINE, "4.80", "4.78"),
                                             ("HE-SPLIT", "warning", ANNA_LINE, "4.79", "4.81")]
    assert all(row[5].startswith("under odd_chip_any (any winners may take the odd units, one each): ")
               for row in findings)


def test_the_file_left_of_the_button_over_the_room_any(tmp_path):
    findings, ruleset, _ = _ingest(tmp_path, "room PokerStars: odd_chip_any", "odd_chip_left_of_button")
    assert [row[0] for row in findings] == ["ROOM-ODD-CHIP", "ROOM-ODD-CHIP"]
    assert ruleset == "pokerstars no_limit, odd_chip_left_of_button"
    settings = RuleSettings.of(["room PokerStars: odd_chip_any", "table Oslo: odd_chip_left_of_button"], ["a.txt"])
    assert settings.option("odd_chip", "a.txt", "Oslo", "PokerStars") == "odd_chip_left_of_button"
    assert settings.option("odd_chip", "a.txt", "Vienna", "PokerStars") == "odd_chip_any"
    assert settings.option("odd_chip", "a.txt", "Vienna", "GGPoker") is None


def test_the_odd_chip_set_per_table_stays_in_the_batch_lane(monkeypatch):
    monkeypatch.setattr(pipeline.facts.holdem, "LANE_MIN_HANDS", 1)    # the lane for a file of two hands
    other = TIED.replace("#230000000003", "#230000000004").replace("Table 'Tverskaya I'", "Table 'Oslo'")
    data = (TIED + "\n\n" + other).encode()
    with rule_settings(RuleSettings.of(["table Tverskaya I: odd_chip_any"])):
        lane = parse_bytes(data, "tied.txt")
        full = parse_bytes(data, "tied.txt", lane=False)
    by_table = {row["table_name"]: row["ruleset"] for (name, _), table in lane.tables.items() if name == "games"
                for row in table.select(["table_name", "ruleset"]).to_pylist()}
    assert lane.count_lane == 2
    assert by_table == {"Tverskaya I": "pokerstars no_limit, odd_chip_any", "Oslo": "pokerstars no_limit"}
    assert lane.count_findings == full.count_findings == 2      # Oslo's two ROOM-ODD-CHIP warnings


def test_an_odd_chip_setting_given_later_judges_the_stored_hand_again(tmp_path):
    _ingest(tmp_path)
    args = ["ingest", str(tmp_path / "tied.txt"), "--warehouse", str(tmp_path / "wh"), "-q", "-j", "1",
            "--rules", "table Tverskaya I: odd_chip_any"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == ("  1 stored game judged again under the rule settings given (judged under "
                                             "other options before): 0 findings")
    with connect(tmp_path / "wh") as con:
        assert con.execute("select count(*) from findings").fetchone()[0] == 0


# ---------------------------------------------------------------- the option named in a finding's words


def test_a_showdown_judged_under_straight_beats_trips_says_so(tmp_path):
    findings, ruleset, _ = _ingest(tmp_path, "table Vienna: straight_beats_trips", text=SHORT_DECK_HAND,
                                   name="short.txt")
    under = "under straight_beats_trips (a straight beats three of a kind): "
    assert [(rule, line, message) for rule, _, line, _, _, message in findings] == [
        ("HE-SHOWDOWN", COLLECT_LINE, under + "Anna collects 10 without holding the best hand among the "
                                              "players eligible for the pot"),
        ("HE-SHOWDOWN", BORIS_SUMMARY_LINE, under + "Boris should collect 10 but collects nothing")]
    assert ruleset.endswith(", straight_beats_trips")
    shown = CliRunner().invoke(main, ["show", "2604", "--warehouse", str(tmp_path / "wh")]).output.splitlines()
    assert shown[2] == "judged under the ruleset: pokerstars no_limit, straight_beats_trips"
    assert f"  HE-SHOWDOWN (error, line {COLLECT_LINE}): {under}Anna collects 10" in "\n".join(shown)


def test_a_finding_under_the_default_order_names_no_option(tmp_path):
    # the same log paying Boris under trips over a straight: HE-SD-ORDER, in the rulebook's words
    swapped = SHORT_DECK_HAND.replace("Anna collected $10", "Boris collected $10").replace(
        "won ($10) with three of a kind", "lost with three of a kind").replace(
        "and lost with a straight", "and won ($10) with a straight")
    findings, _, _ = _ingest(tmp_path, text=swapped, name="short.txt")
    assert {rule for rule, *_ in findings} == {"HE-SD-ORDER", "HE-SHOWDOWN"}
    assert not any(message.startswith("under ") for *_, message in findings)
    assert any(message.endswith("on 36 cards a flush beats a full house and trips beat a straight")
               for *_, message in findings)


def test_a_cap_finding_under_cap_heads_up_says_so(tmp_path):
    findings, _, _ = _ingest(tmp_path, "cap_heads_up", text=LIMIT_HAND, name="limit.txt")
    under = "under cap_heads_up (the cap holds in a round that starts heads-up): "
    assert [(rule, line, message.startswith(under)) for rule, _, line, _, _, message in findings] == [
        ("HE-LIMIT-CAP", FIFTH, True), ("HE-LIMIT-CAP", SIXTH, True)]


def test_the_options_the_words_name_are_settings():
    assert {"straight_beats_trips", "odd_chip_any", "cap_heads_up", "limit_cap_3"} <= set(RULE_OF)


def test_odd_chip_any_holds_for_a_winner_paid_by_two_lines_of_the_pot(tmp_path):
    # Anna's $4.80 in two lines ($4 and $0.80): held to the pot they name, her share is $4.79 by
    # default (a finding at her last line), $4.79 or $4.80 under odd_chip_any (none)
    two_lines = TIED.replace("Anna collected $4.80 from pot", "Anna collected $4 from pot\nAnna collected $0.80 from pot")
    findings, _, _ = _ingest(tmp_path / "default", text=two_lines)
    assert findings and {row[0] for row in findings} <= {"HE-SPLIT", "ROOM-ODD-CHIP"}
    assert _ingest(tmp_path / "any", "odd_chip_any", text=two_lines)[0] == []
