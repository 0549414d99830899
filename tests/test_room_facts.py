"""The rooms' facts (rules/rooms.py): each is either a reading rule, shown by a test of a room's
reader that names it, or raised as a finding where a log contradicts it."""

from __future__ import annotations

import ast
from decimal import Decimal as D
from pathlib import Path

from parsers.formats import parse_chunk
from parsers.pokerstars_fast import read_text
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from rules import rooms
from rules.findings import Severity
from tests.test_holdem_replay import FIRST_LINE, LEGAL, edit, run

TESTS = Path(__file__).resolve().parent

# Vera calls in euros at a table of dollars: the amount is read as written, the hand stored with a
# warning at that line (line 12 of the hand, which starts at FIRST_LINE).
OTHER_CURRENCY = edit(LEGAL, ("Vera: calls $4", "Vera: calls €4"))
OTHER_CURRENCY_LINE = FIRST_LINE + 11

RAISED_BY = {"ROOM-CURRENCY": OTHER_CURRENCY}
"""A hand that breaks each room fact the readers or the replay report, by ID (ROOM-ODD-CHIP's below)."""


def cited_by_room_tests() -> dict[str, list[str]]:
    """The room facts each test of tests/test_room_*.py names in its docstring: ID → tests."""
    cited: dict[str, list[str]] = {}
    for path in sorted(TESTS.glob("test_room*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                for rule_id in rooms.RULES:
                    if rule_id in doc:
                        cited.setdefault(rule_id, []).append(f"{path.name}::{node.name}")
    return cited


def test_every_room_fact_is_a_reading_rule_or_raised_by_a_hand():
    assert rooms.READING | set(RAISED_BY) == set(rooms.RULES)
    assert not rooms.READING & set(RAISED_BY)


def test_every_reading_rule_of_a_room_is_shown_by_a_test_of_a_reader():
    cited = cited_by_room_tests()
    missing = sorted(rooms.READING - set(cited))
    assert not missing, f"room facts no test of tests/test_room_*.py names in its docstring: {missing}"


def test_every_room_fact_a_reader_reports_is_raised_by_its_hand():
    for rule_id, text in RAISED_BY.items():
        raised = {(f.rule_id, f.severity) for f in run(text).findings}
        assert (rule_id, Severity.WARNING) in raised, (rule_id, raised)


def test_room_currency_an_amount_in_another_currency_is_read_and_a_warning_at_its_line():
    """ROOM-CURRENCY: every amount of a PokerStars hand carries the stakes' sign."""
    result = run(OTHER_CURRENCY)
    assert [(f.rule_id, f.severity, f.line, f.expected, f.actual) for f in result.findings] == [
        ("ROOM-CURRENCY", Severity.WARNING, OTHER_CURRENCY_LINE, "USD", "EUR")]
    # read as written: the hand's nets are the legal hand's (Anna +35 after the $2 rake, Vera -36)
    assert {p.player: p.net for p in result.players} == {"Anna": D(35), "Boris": D(-1), "Vera": D(-36)}


def test_room_currency_one_finding_a_line_whatever_its_amounts():
    text = edit(LEGAL, ("Anna: raises $4 to $6", "Anna: raises €4 to €6"), ("Total pot $73", "Total pot £73"))
    found = [(f.rule_id, f.line, f.actual) for f in run(text).findings]
    assert found == [("ROOM-CURRENCY", FIRST_LINE + 9, "EUR"), ("ROOM-CURRENCY", FIRST_LINE + 27, "GBP")]


def test_room_currency_hand_leaves_the_lane_and_is_stored_with_its_finding(tmp_path):
    text = OTHER_CURRENCY.replace("Hand #100:", "Hand #250000000000:") + "\n"
    chunks, batch, _ = read_text(text, "f.txt")
    assert batch.in_lane.tolist() == [False]
    assert [f.rule_id for f in parse_chunk(chunks[0], "f.txt").room_findings] == ["ROOM-CURRENCY"]
    log = tmp_path / "euros.txt"
    log.write_text(text, encoding="utf-8")
    summary = ingest([log], tmp_path / "wh", jobs=1)
    assert summary.games == 1 and summary.quarantined == 0
    with connect(tmp_path / "wh") as con:
        stored = con.execute("select rule_id, severity, line, expected, actual from findings").fetchall()
        counted = con.execute("select count_errors, count_warnings from games").fetchall()
    assert stored == [("ROOM-CURRENCY", "warning", 12, "USD", "EUR")]
    assert counted == [(0, 1)]


# Anna (button, seat 1) and Vera (seat 3) tie with the same straight; $10.04 less $0.45 rake leaves
# $9.59: the odd cent to the first winner clockwise from the button, Vera ($4.80), Anna $4.79.
ODD_CHIP = """PokerStars Hand #230000000003:  Hold'em No Limit ($0.50/$1 USD) - 2026/11/28 21:20:00 ET
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
Vera collected $4.80 from pot
Anna collected $4.79 from pot
*** SUMMARY ***
Total pot $10.04 | Rake $0.45
Board [Ts 9d 8c 7h 2s]
Seat 1: Anna (button) showed [Jc 3d] and won ($4.79) with a straight, Seven to Jack
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Jd 4c] and won ($4.80) with a straight, Seven to Jack"""


ODD_CHIP_SWAPPED = edit(ODD_CHIP, ("Vera collected $4.80", "Vera collected $4.79"),
                        ("Anna collected $4.79", "Anna collected $4.80"),
                        ("(button) showed [Jc 3d] and won ($4.79)", "(button) showed [Jc 3d] and won ($4.80)"),
                        ("(big blind) showed [Jd 4c] and won ($4.80)", "(big blind) showed [Jd 4c] and won ($4.79)"))
RAISED_BY["ROOM-ODD-CHIP"] = ODD_CHIP_SWAPPED


def test_room_odd_chip_pokerstars_gives_the_odd_cent_to_the_first_winner_from_the_button():
    """ROOM-ODD-CHIP: PokerStars' odd cent goes to the first winner clockwise from the button."""
    result = run(ODD_CHIP)
    assert result.findings == ()
    assert {p.player: p.collected for p in result.players} == {"Anna": D("4.79"), "Boris": D(0), "Vera": D("4.80")}
    swapped = ODD_CHIP_SWAPPED
    assert {(f.rule_id, f.severity) for f in run(swapped).findings} == {("ROOM-ODD-CHIP", Severity.WARNING)}
