"""The rooms' facts (rules/rooms.py): each is either a reading rule, shown by a test of a room's
reader that names it, or raised as a finding where a log contradicts it."""

from __future__ import annotations

import ast
import re
from decimal import Decimal as D
from pathlib import Path

import pytest

from parsers.formats import parse_chunk
from parsers.pokerstars_fast import read_text
from parsers.source import decode, split
from pipeline.audit import audit_bytes
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from rules import rooms
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_fast import replay_batch
from rules.holdem_hand import ActionKind, Street
from tests.conftest import corpus
from tests.room_corpus import read_chunk, read_room, sample_settings
from tests.test_holdem_engine import RUN_TWICE
from tests.test_holdem_replay import FIRST_LINE, LEGAL, edit, line_of, run, split_pot
from tests.test_room_dead_blind import SHORT_SECOND_SMALL_BLIND
from tests.test_room_pacific import LEVEL_BEHIND

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


def raised_by(hand: str | bytes) -> set[str]:
    """The rule IDs of a hand's findings: its text replayed, or its file's bytes read as the ingest reads them."""
    if isinstance(hand, bytes):
        (audited,) = audit_bytes(hand, "hand.txt")
        return {f.rule_id for f in audited.replay.findings}
    return {f.rule_id for f in run(hand).findings}


def test_every_room_fact_a_reader_reports_is_raised_by_its_hand():
    for rule_id, hand in RAISED_BY.items():
        raised = raised_by(hand)
        assert rule_id in raised, (rule_id, raised)


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
    stored, counted = stored_alone(tmp_path, text, "select rule_id, severity, line, expected, actual from findings",
                                   "select count_errors, count_warnings from games")
    assert stored == [("ROOM-CURRENCY", "warning", 12, "USD", "EUR")]
    assert counted == [(0, 1)]


def stored_alone(tmp_path, text: str | bytes, *queries: str) -> list[list[tuple]]:
    """Ingest one hand's ``text`` (or its file's bytes) into a new warehouse (stored, none
    quarantined): each query's rows."""
    log = tmp_path / "hand.txt"
    log.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    summary = ingest([log], tmp_path / "wh", jobs=1)
    assert summary.games == 1 and summary.quarantined == 0
    with connect(tmp_path / "wh") as con:
        return [con.execute(query).fetchall() for query in queries]


# The legal hand in a UTF-8 file (its byte order mark), Boris's name written with a byte that is not
# UTF-8 in each of its five lines (as a tool that encoded a name twice leaves it): the first at his
# seat line (line 4 of the file), column 11.
BROKEN_NAME = b"\xef\xbb\xbf" + LEGAL.encode("utf-8").replace(b"Boris", b"Bo\xe2is")
RAISED_BY["ROOM-ENCODING"] = BROKEN_NAME
RAISED_BY["ROOM-LEVEL"] = LEVEL_BEHIND.strip().encode("utf-8")    # tests/test_room_pacific.py


def test_room_encoding_a_name_broken_alike_reads_with_the_replacement_sign_and_is_stored_with_a_warning(tmp_path):
    """ROOM-ENCODING: a byte the file's encoding cannot read is U+FFFD, alike at every line."""
    stored, players = stored_alone(tmp_path, BROKEN_NAME, "select rule_id, severity, line, actual from findings",
                                   "select player, net from game_players order by seat")
    assert stored == [("ROOM-ENCODING", "warning", 4, "byte 0xE2 at column 11")]
    # the legal hand's nets, Boris's under the name as read
    assert players == [("Anna", D(35)), ("Bo\ufffdis", D(-1)), ("Vera", D(-36))]


def test_room_encoding_a_name_broken_in_one_line_of_several_quarantines_its_hand_at_the_byte(tmp_path):
    """Read with U+FFFD, his seat line names another player than his post and fold: the hand
    contradicts itself, which the byte, not the play, did."""
    once = BROKEN_NAME.replace(b"Bo\xe2is", b"Boris").replace(b"Seat 2: Boris", b"Seat 2: Bo\xe2is")
    log = tmp_path / "hand.txt"
    log.write_bytes(once)
    summary = ingest([log], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined) == (0, 1)
    with connect(tmp_path / "wh") as con:
        assert con.execute("select line, \"column\", error from quarantine").fetchall() == [
            (4, 11, ("byte 0xE2 cannot be read in the encoding of the text around it: the game is not read "
                     "(read as U+FFFD, the game breaks HE-ACTION-ORDER at line 6)"))]   # his post


# Anna (the button) and Vera tie (tests/test_holdem_replay.py): $73 less $1.99 rake leaves $71.01, the
# odd cent to the first winner clockwise from the button, Vera ($35.51), Anna $35.50.
ODD_CHIP = split_pot("35.50", "35.51", "1.99")
ODD_CHIP_SWAPPED = split_pot("35.51", "35.50", "1.99")
RAISED_BY["ROOM-ODD-CHIP"] = ODD_CHIP_SWAPPED


def test_room_odd_chip_pokerstars_gives_the_odd_cent_to_the_first_winner_from_the_button():
    """ROOM-ODD-CHIP: PokerStars' odd cent goes to the first winner clockwise from the button."""
    result = run(ODD_CHIP)
    assert result.findings == ()
    assert {p.player: p.collected for p in result.players} == {"Anna": D("35.50"), "Boris": D(0), "Vera": D("35.51")}
    assert {(f.rule_id, f.severity) for f in run(ODD_CHIP_SWAPPED).findings} == {("ROOM-ODD-CHIP", Severity.WARNING)}


# The legal hand with the whole pot ($73) written as rake and Anna, who wins it, collecting nothing:
# it balances (0 collected + 73 rake = 73), so no HE rule sees it; no room takes a whole pot.
WHOLE_POT_RAKED = edit(LEGAL, ("Anna collected $71 from pot\n", ""), ("Rake $2", "Rake $73"), ("won ($71)", "won ($0)"))
WHOLE_POT_RAKED_LINE = FIRST_LINE + WHOLE_POT_RAKED.split("\n").index("Total pot $73 | Rake $73")
RAISED_BY["ROOM-RAKE"] = WHOLE_POT_RAKED


def test_room_rake_a_rake_of_the_whole_pot_is_an_error_at_the_total_line():
    """ROOM-RAKE: the room takes a share of the pot, never the whole of it."""
    result = run(WHOLE_POT_RAKED)
    assert [(f.rule_id, f.severity, f.line, f.expected, f.actual) for f in result.findings] == [
        ("ROOM-RAKE", Severity.ERROR, WHOLE_POT_RAKED_LINE, "less than 73", "73")]
    # the line names a share, however large, when the winner collects the rest: no finding of this rule
    all_but_a_cent = edit(LEGAL, ("Anna collected $71 from pot", "Anna collected $0.01 from pot"),
                          ("Rake $2", "Rake $72.99"), ("won ($71)", "won ($0.01)"))
    assert run(all_but_a_cent).findings == ()


# Heads-up all in, run twice (tests/test_holdem_engine.py): the second board's turn is the Jc the first
# board dealt as its turn, after the two boards share nothing. Each run deals its own cards.
RUN_TWICE_DEALT_AGAIN = edit(RUN_TWICE, ("[Kc 8s 4d] [5c]", "[Kc 8s 4d] [Jc]"), ("[Kc 8s 4d 5c] [6h]", "[Kc 8s 4d Jc] [6h]"),
                             ("SECOND Board [Kc 8s 4d 5c 6h]", "SECOND Board [Kc 8s 4d Jc 6h]"))
RAISED_BY["ROOM-RUN-TWICE"] = RUN_TWICE_DEALT_AGAIN


def test_room_run_twice_a_later_board_dealing_a_card_of_the_first_again_is_an_error_at_its_flop():
    """ROOM-RUN-TWICE: each run deals its own cards from what the earlier runs left of the deck."""
    assert run(RUN_TWICE).findings == ()
    found = [(f.rule_id, f.severity, f.line, f.actual) for f in run(RUN_TWICE_DEALT_AGAIN).findings]
    assert found == [("ROOM-RUN-TWICE", Severity.ERROR, line_of(RUN_TWICE_DEALT_AGAIN, "*** SECOND FLOP *** [Kc 8s 4d]"),
                      "Jc")]


def test_room_run_twice_a_later_board_that_is_the_first_again_is_an_error():
    """ROOM-RUN-TWICE: a run deals at least one card of its own."""
    again = edit(RUN_TWICE, ("*** SECOND FLOP *** [Kc 8s 4d]", "*** SECOND FLOP *** [2c 7s 9d]"),
                 ("*** SECOND TURN *** [Kc 8s 4d] [5c]", "*** SECOND TURN *** [2c 7s 9d] [Jc]"),
                 ("*** SECOND RIVER *** [Kc 8s 4d 5c] [6h]", "*** SECOND RIVER *** [2c 7s 9d Jc] [3h]"),
                 ("SECOND Board [Kc 8s 4d 5c 6h]", "SECOND Board [2c 7s 9d Jc 3h]"))
    found = [(f.rule_id, f.line, f.actual) for f in run(again).findings if f.rule_id.startswith("ROOM")]
    assert found == [("ROOM-RUN-TWICE", line_of(again, "*** SECOND FLOP *** [2c 7s 9d]"), "none")]


# The legal hand with Vera seated with $36: her river bet of $20 puts her last chips in, and its line
# does not say all-in, as PokerStars writes every all-in.
ALL_IN_UNSAID = edit(LEGAL, ("Seat 3: Vera ($100 in chips)", "Seat 3: Vera ($36 in chips)"))
RAISED_BY["ROOM-ALL-IN"] = ALL_IN_UNSAID


def test_room_all_in_a_room_that_says_every_all_in_not_saying_one_is_a_warning_at_its_line():
    """ROOM-ALL-IN: PokerStars says every all-in on its line; the stacks are read as written."""
    result = run(ALL_IN_UNSAID)
    assert [(f.rule_id, f.severity, f.line) for f in result.findings] == [
        ("ROOM-ALL-IN", Severity.WARNING, line_of(ALL_IN_UNSAID, "Vera: bets $20"))]
    assert {p.player: p.net for p in result.players} == {"Anna": D(35), "Boris": D(-1), "Vera": D(-36)}
    said = edit(ALL_IN_UNSAID, ("Vera: bets $20", "Vera: bets $20 and is all-in"))
    assert run(said).findings == ()


def test_room_all_in_888poker_and_ipoker_need_not_say_it():
    """ROOM-ALL-IN: 888poker's and iPoker's stacks show an all-in; their lines need not say it."""
    unsaid = raised = 0
    for room in ("PacificPoker", "iPoker"):
        for _, hand, result in read_room(corpus("rooms", room)).stored:
            unsaid += sum(a.is_all_in and not a.action.is_all_in for a in result.actions)
            raised += sum(f.rule_id == "ROOM-ALL-IN" for f in result.findings)
    assert unsaid > 0 and raised == 0, (unsaid, raised)


# The legal hand (a 6-max table) with its button on seat 7: no table of six has it.
BUTTON_OFF_TABLE = edit(LEGAL, ("6-max Seat #1 is the button", "6-max Seat #7 is the button"))
RAISED_BY["ROOM-BUTTON"] = BUTTON_OFF_TABLE


def test_room_button_on_a_seat_the_table_does_not_have_is_an_error_and_an_empty_seat_a_dead_button():
    """ROOM-BUTTON: the button is a seat of the table; an empty one is a dead button."""
    found = [(f.rule_id, f.severity, f.line, f.expected, f.actual) for f in run(BUTTON_OFF_TABLE).findings
             if f.rule_id.startswith("ROOM")]
    assert found == [("ROOM-BUTTON", Severity.ERROR, FIRST_LINE, "a seat of 1 to 6", "7")]
    # seat 6 is the table's, empty: a dead button (the play then breaks HE-ACTION-ORDER, no room fact)
    dead = edit(LEGAL, ("6-max Seat #1 is the button", "6-max Seat #6 is the button"))
    assert not [f for f in run(dead).findings if f.rule_id.startswith("ROOM")]


# The legal hand with Gleb back in seat 4, posting half the small blind he missed (dead at PokerStars).
RAISED_BY["ROOM-DEAD-BLIND"] = SHORT_SECOND_SMALL_BLIND


@pytest.mark.parametrize("rule_id", ["ROOM-RAKE", "ROOM-RUN-TWICE", "ROOM-BUTTON", "ROOM-ALL-IN", "ROOM-DEAD-BLIND"])
def test_room_fact_the_replay_finds_sends_the_hand_from_the_lane_and_is_stored(tmp_path, rule_id):
    text = RAISED_BY[rule_id]
    text = re.sub(r"Hand #\d+:", "Hand #250000000001:", text) + "\n"
    _, batch, _ = read_text(text, "f.txt")
    assert batch.in_lane.tolist() == [True] and not replay_batch(batch, allin_ev=False).certified[0]
    [stored] = stored_alone(tmp_path, text, "select rule_id from findings where rule_id like 'ROOM-%'")
    assert stored == [(rule_id,)]


# ROOM-UNCALLED in the samples, worked by hand: a collect or win line that pays the bettor back the
# bet nobody matched (with the pot, or alone) pays him that bet, not a pot. (room, file, game,
# player, what he put in, what the pots paid him, whether he won at the showdown, the pot)
PAID_BACK_WITHIN = [
    # Player8 bets 4.70 on the river, Player3 calls all in for 3.41 and wins: 1.29 back
    ("Winamax", "NLHE-FR-EUR-0.02-0.05-201010.Invalid.side.pot.Player8.txt", "323549-11-1286000000", "Player8",
     "4.93", "0", False, "11.50"),
    # Hero all in for 5.96 preflop, Player4 for 4.54: 1.42 back of his side pot's 4.34
    ("Winamax", "NLHE-FR-EUR-0.02-0.05-201010.Side.pot.Biggest.stack.loses.main.txt", "910116-28-1298310000",
     "Hero", "4.54", "2.92", True, "12.28"),
    # gortaleva to 6.50 preflop, P0k3rkIng2k all in for 6.04, and the board dealt: 0.46 back
    ("iPoker", "NLHE-GBP-0.05-0.10-201307.uncalled.2nd.winner.xml", "4988874195", "gortaleva", "6.04", "0", False,
     "12.23"),
    # Hero raises to 20 over a big blind all in for 10, and loses with queen high: 10 back
    ("PacificPoker", "888-FHE-USD-5-10-201203.all.in.blind.txt", "418361264", "Hero", "10", "0", False, "25"),
    # all in for 284.48, all fold: 274.48 back, the blinds' 15 won
    ("PacificPoker", "888-NLHE-USD-5-10-201205.uncalled.non.blind.txt", "171407432", "Player2", "10", "25", False,
     "25"),
    # a walk: 0.01 of the big blind back
    ("PacificPoker", "888-NLH-USD-0.01-0.02.txt", "79913381", "Borr_09", "0.01", "0.02", False, "0.02"),
    # the small blind all in for 0.01: 0.03 of Hero's big blind back, his "side pot 1"; he loses
    ("PartyPoker", "NLHE-USD-0.02-0.04-20100804.smallBlindIsForcedAllIn.txt", "9498788316", "Hero", "0.01", "0",
     False, "0.02"),
    # Unseated's flop bet of 0.64, nobody calls: back; he splits the main pot with Player4
    ("PartyPoker", "NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt", "10498911237", "Unseated",
     "0.22", "0.32", True, "0.67"),
]


@pytest.mark.parametrize(("room", "name", "game", "player", "invested", "collected", "won", "pot"), PAID_BACK_WITHIN)
def test_room_uncalled_a_bet_paid_back_within_a_collect_is_returned_in_the_samples(room, name, game, player, invested,
                                                                                   collected, won, pot):
    """ROOM-UNCALLED: the reader returns the bet nobody called that a room pays back in a collect or win line."""
    path = corpus("rooms", room, "Flop", name)
    settings = sample_settings(path.parent.parent)
    [hand] = [hand for hand in (read_chunk(chunk, name, settings) for chunk in split(decode(path.read_bytes())))
              if hand.hand_id == game]
    result = replay(hand, allin_ev=False)
    [fact] = [p for p in result.players if p.player == player]
    assert (fact.invested, fact.collected, fact.won_at_showdown) == (D(invested), D(collected), won)
    assert result.total_pot == D(pot) == hand.summary.total_pot
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []


@pytest.mark.parametrize("room", ["Bovada", "GGPoker", "PacificPoker", "PartyPoker", "Winamax", "Winning", "iPoker"])
def test_room_chips_balance_in_every_stored_hand_of_the_samples(room):
    """Every hand a room's samples store balances: the nets and the rake add up to nothing, the
    collections and the rake to the pot, and what the players put in to the pot."""
    run = read_room(corpus("rooms", room))
    assert run.stored
    for name, hand, result in run.stored:
        if hand.is_cancelled:
            continue
        players = result.players
        assert sum(p.net for p in players) + result.rake == 0, (name, hand.hand_id)
        assert sum(p.collected for p in players) + result.rake == result.total_pot, (name, hand.hand_id)
        assert sum(p.invested for p in players) == result.total_pot, (name, hand.hand_id)


@pytest.mark.parametrize("room", ["Bovada", "GGPoker", "PacificPoker", "PartyPoker", "Winamax", "Winning", "iPoker"])
def test_a_collect_is_on_the_showdown_exactly_when_the_hand_went_to_showdown_in_the_samples(room):
    """As PokerStars writes it, whatever a room's lines: every collect of a hand the replay takes
    to a showdown is on the ``showdown`` street, and of a hand the others fold to on the street of
    the last fold (Winning's older text writes no showdown line; GGPoker writes one also when
    all but one folded)."""
    misplaced = []
    for name, hand, result in read_room(corpus("rooms", room)).stored:
        streets = {a.street for a in hand.actions if a.kind is ActionKind.COLLECT}
        if not streets or hand.is_cancelled:
            continue
        folds = [a for a in hand.actions if a.kind is ActionKind.FOLD]
        shown_down = any(p.went_to_showdown for p in result.players)
        expected = Street.SHOWDOWN if shown_down else folds[-1].street
        if streets != {expected}:
            misplaced.append((name, hand.hand_id, str(expected), sorted(map(str, streets))))
    assert misplaced == []
