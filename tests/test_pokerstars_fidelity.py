"""The PokerStars reader is strict to its text: a changed line is read as changed or refused.

Each case changes one line of a genuine hand the way a damaged or edited file does (a line
written twice, a word changed, a currency sign changed, the hand cut inside its summary). The
reader must refuse it with the line that breaks the format, and the byte scanner (the fast
lane) must put it out of the lane, so that both lanes quarantine it. The untouched hand reads
in both lanes.
"""

from __future__ import annotations

import random

import pytest

from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.pokerstars_fast import read_text
from pipeline.generators.holdem import generate_hands
from rules.cards import Card
from rules.holdem_batch import batch_from_hands
from rules.holdem_fast import replay_batch
from rules.holdem_rules import HE
from tests.test_holdem_replay import LEGAL
from tests.test_pokerstars_fast import RUN_TWICE, check_file

# The legal hand the replay tests work by hand, under a hand number of PokerStars' own length.
HAND = LEGAL.replace("Hand #100:", "Hand #250000000000:", 1)
LINES = HAND.split("\n")


def twice(number: int) -> str:
    """The hand with its line ``number`` (1-based) written twice."""
    return "\n".join(LINES[:number] + LINES[number - 1:])


def edited(old: str, new: str) -> str:
    assert HAND.count(old) == 1, old
    return HAND.replace(old, new)


def refused_by_both_lanes(text: str) -> ParseError:
    """The reader's error for the one hand of ``text``, after checking the lane leaves it out."""
    chunks, batch, _ = read_text(text + "\n", "f.txt")
    assert batch.in_lane.tolist() == [False], "the lane reads a hand the reader must refuse"
    with pytest.raises(ParseError) as refused:
        parse_chunk(chunks[0], "f.txt")
    return refused.value


def test_the_untouched_hand_reads_in_both_lanes():
    chunks, batch, _ = read_text(HAND + "\n", "f.txt")
    assert batch.in_lane.tolist() == [True]
    assert parse_chunk(chunks[0], "f.txt").hand_id == "250000000000"
    assert check_file(HAND + "\n") == (1, 1)


@pytest.mark.parametrize("number, reason", [
    (3, "seat 1 (Anna) is listed a second time"),
    (9, "Anna is dealt cards a second time"),
    (13, "a FLOP line after the FLOP of its run"),
    (17, "a TURN line after the TURN of its run"),
    (20, "a RIVER line after the RIVER of its run"),
    (23, "the showdown is written a second time"),
])
def test_a_line_written_twice_is_refused_at_the_second_copy(number, reason):
    error = refused_by_both_lanes(twice(number))
    assert error.reason.startswith(reason)
    assert error.line == number + 1


def test_two_players_in_one_seat_are_refused():
    error = refused_by_both_lanes(edited("Seat 3: Vera ($100", "Seat 2: Vera ($100"))
    assert error.reason.startswith("seat 2 (Vera) is listed a second time") and error.line == 5


@pytest.mark.parametrize("old, new, line, column, reason", [
    # "Seat " is five characters: the number at column 6; "Table 'Test' " thirteen, so 40000 at 14 and,
    # after "6-max Seat #", the button's seat at 26
    ("Seat 1: Anna ($100", "Seat 32768: Anna ($100", 3, 6, "seat 32768"),
    ("Seat 2: Boris (small blind)", "Seat 32768: Boris (small blind)", 31, 6, "seat 32768"),
    ("'Test' 6-max", "'Test' 40000-max", 2, 14, "a table of 40000 seats"),
    ("6-max Seat #1 is", "6-max Seat #32768 is", 2, 26, "button seat 32768"),
])
def test_a_seat_number_too_large_to_store_is_refused_at_its_column(old, new, line, column, reason):
    # was an internal error (OverflowError) at the header once the line reader had let it through
    error = refused_by_both_lanes(edited(old, new))
    assert (error.line, error.column) == (line, column)
    assert error.reason == f"{reason} is out of range: no number above 32767 can be stored"


def test_a_street_out_of_order_is_refused():
    text = "\n".join(LINES[:12] + LINES[16:19] + LINES[12:16] + LINES[19:])    # the TURN before the FLOP
    error = refused_by_both_lanes(text)
    # the TURN line, now line 13, comes first: it repeats a flop no line dealt
    assert error.reason.startswith("a TURN line with no street line before it") and error.line == 13
    assert LINES[16].startswith("*** TURN") and LINES[12].startswith("*** FLOP")


@pytest.mark.parametrize("old, new", [
    ("folded before Flop", "folded befove Flop"),
    ("folded before Flop", "folded before"),
    ("and won ($71) with a pair of Aces", "and won ($71) with a pair of @ces"),
    ("and lost with a pair of Kings", "and lost with a pais of Kings"),
    ("and lost with a pair of Kings", "and lost with a pair of kings"),
    ("and won ($71)", "and!won ($71)"),
    ("showed [Kc Kd] and lost with a pair of Kings", "showed [Kc Kd]"),
])
def test_a_summary_seat_line_with_a_changed_word_is_refused(old, new):
    error = refused_by_both_lanes(edited(old, new))
    assert error.line == LINES.index(next(line for line in LINES if old in line)) + 1


@pytest.mark.parametrize("old, new", [
    ("(a pair of Kings)", "(a pair of Kingz)"),
    ("(a pair of Aces)", "(a`pair of Aces)"),
    ("(a pair of Aces)", "(a pair of Aces"),
])
def test_a_show_line_with_a_changed_hand_name_is_refused(old, new):
    error = refused_by_both_lanes(edited(old, new))
    assert error.line == LINES.index(next(line for line in LINES if old in line)) + 1


def test_hand_names_with_kickers_and_every_rank_read():
    for name in ("two pair, Aces and Tens - Queen kicker", "a pair of Kings - Ace+Queen+Jack kicker",
                 "a flush, Ace high - lower cards", "a straight, Deuce to Six", "a Royal Flush",
                 "a full house, Sixes full of Deuces", "high card Ten", "four of a kind, Threes", ""):
        text = edited("(a pair of Kings)", f"({name})")
        chunks, batch, _ = read_text(text + "\n", "f.txt")
        assert parse_chunk(chunks[0], "f.txt").hand_id == "250000000000", name
        assert batch.in_lane.tolist() == [True], name


@pytest.mark.parametrize("old, new", [
    ("Vera: calls $4", "Vera: calls \u22ac4"),
    ("Anna: raises $4 to $6", "Anna: raises $4 to ,6"),
    ("Anna: bets $10", "Anna: bets 10"),
    ("Boris: posts small blind $1", "Boris: posts small blind &1"),
    ("Seat 2: Boris ($100 in chips)", "Seat 2: Boris (100 in chips)"),
    ("Total pot $73", "Total pot \u00a473"),
    ("Anna collected $71", "Anna collected 71"),
    ("won ($71)", "won (#71)"),
])
def test_an_amount_not_marked_like_the_stakes_is_refused(old, new):
    """An amount whose mark is no currency's, or none where the stakes have a sign, is refused; one in
    another currency is read and reported (ROOM-CURRENCY, tests/test_room_facts.py)."""
    error = refused_by_both_lanes(edited(old, new))
    number = LINES.index(next(line for line in LINES if old in line)) + 1
    assert error.line == number and "is not written like the stakes ($)" in error.reason


def test_a_tournament_hand_reads_amounts_without_a_sign_and_refuses_one_with_a_sign():
    text = edited("Hold'em No Limit ($1/$2 USD)", "Tournament #7, $1+$0.10 USD Hold'em No Limit - Level I (1/2)")
    text = text.replace("$", "").replace("Tournament #7, 1+0.10 USD", "Tournament #7, $1+$0.10 USD")
    chunks, batch, _ = read_text(text + "\n", "t.txt")
    assert parse_chunk(chunks[0], "t.txt").is_tournament and batch.in_lane.tolist() == [True]
    error = refused_by_both_lanes(text.replace("Vera: calls 4", "Vera: calls $4"))
    assert error.line == 12


def summary_seats_found(text: str) -> set[tuple[int, int, int, int]]:
    """(line, seat index, expected, actual) of each HE-SUMMARY-SEATS finding of the one hand of
    ``text``, after checking the lane leaves it to the explaining path."""
    chunks, batch, _ = read_text(text + "\n", "f.txt")
    assert batch.in_lane.tolist() == [False], "the lane stores a hand whose summary is not whole"
    rows = replay_batch(batch_from_hands([parse_chunk(chunks[0], "f.txt")]), allin_ev=False).findings
    return {(int(line), int(seat), int(e), int(a)) for rule, line, seat, e, a in
            zip(rows.rules(), rows.line, rows.seat, rows.expected, rows.actual) if rule is HE.SUMMARY_SEATS}


@pytest.mark.parametrize("cut, missing", [(29, (0, 1, 2)), (30, (1, 2)), (31, (2,))])
def test_he_summary_seats_a_hand_cut_inside_its_summary(cut, missing):
    # the summary seat lines are 30-32 (Anna, Boris, Vera); the seats left out are cited at the cut
    assert LINES[cut].startswith(f"Seat {missing[0] + 1}: ")
    assert summary_seats_found("\n".join(LINES[:cut])) == {(cut, seat, 1, 0) for seat in missing}


def test_he_summary_seats_a_summary_seat_line_written_twice():
    # Boris's summary line (31) written again as line 32
    assert summary_seats_found(twice(31)) == {(32, 1, 1, 2)}


def test_a_summary_seat_line_in_another_seat_than_the_players_is_a_finding_at_its_line():
    # Boris sits in seat 2 (seat index 1); his summary line (31) says seat 4: the hand is read and
    # stored, the engine cites that line with the two seat numbers
    assert summary_seats_found(edited("Seat 2: Boris (small blind)", "Seat 4: Boris (small blind)")) == {(31, 1, 2, 4)}


@pytest.mark.parametrize("old, new", [
    ("($1/$2 USD) - 2024", "($1/$2 USD)!- 2024"),
    ("3:04:05 ET", "3:04:05 \u00e5T"),
    ("Hold'em No Limit", '"Hold\'em No Limit'),
    ("($1/$2 USD)", ",$1/$2 USD)"),
])
def test_a_header_with_a_changed_character_is_refused(old, new):
    error = refused_by_both_lanes(edited(old, new))
    assert error.line == 1


def test_mutated_real_and_generated_hands_read_alike_in_both_lanes():
    """Lines written twice, deleted, swapped and cut, over generated hands: the lane keeps only
    what the reader reads, and reads it the same."""
    rng = random.Random(41)
    base = [text for text, _ in generate_hands("holdem", count=60, seed=43, betting="mixed", allin=0.05)]
    kept = total = 0
    for round_ in range(6):
        hands = []
        for text in base:
            lines = text.split("\n")
            at = rng.randrange(1, len(lines))
            how = rng.choice(("twice", "delete", "swap", "cut"))
            if how == "twice":
                lines.insert(at, lines[at])
            elif how == "delete":
                del lines[at]
            elif how == "swap" and at + 1 < len(lines):
                lines[at], lines[at + 1] = lines[at + 1], lines[at]
            else:
                lines = lines[:at]
            hands.append("\n".join(lines))
        count, lane = check_file("\n\n\n".join(hands) + "\n", f"d{round_}.txt")
        total += count
        kept += lane
    assert 0 < kept < total


def board_changes_found(text: str) -> list[tuple[int, str, str]]:
    """(line, card dealt, card written) of each HE-BOARD finding of the one hand of ``text``, after
    checking the lane leaves it to the explaining path."""
    from rules.cards import Card

    chunks, batch, _ = read_text(text + "\n", "f.txt")
    assert batch.in_lane.tolist() == [False], "the lane stores a hand whose street lines disagree"
    rows = replay_batch(batch_from_hands([parse_chunk(chunks[0], "f.txt")]), allin_ev=False).findings
    return [(int(line), str(Card.from_code(int(e))) if e >= 0 else "-", str(Card.from_code(int(a))) if a >= 0 else "-")
            for rule, line, e, a in zip(rows.rules(), rows.line, rows.expected, rows.actual) if rule is HE.BOARD]


@pytest.mark.parametrize("old, new, dealt, written", [
    ("*** TURN *** [2c 7d 9h] [Jc]", "*** TURN *** [2c 7d 8h] [Jc]", "9h", "8h"),
    ("*** TURN *** [2c 7d 9h] [Jc]", "*** TURN *** [2c 7d] [Jc]", "9h", "-"),
    ("*** RIVER *** [2c 7d 9h Jc] [3s]", "*** RIVER *** [2c 7d 9h Js] [3s]", "Jc", "Js"),
    ("*** RIVER *** [2c 7d 9h Jc] [3s]", "*** RIVER *** [2c 7d 9h] [3s]", "Jc", "-"),
])
def test_a_street_line_repeating_other_cards_than_the_streets_before_it_is_an_he_board_finding(old, new, dealt,
                                                                                              written):
    # each card is dealt once, at its street: the board keeps the cards as dealt, the line is the finding,
    # and the summary's board (the one dealt) agrees
    text = edited(old, new)
    assert board_changes_found(text) == [(LINES.index(old) + 1, dealt, written)]
    chunks, _, _ = read_text(text + "\n", "f.txt")
    assert [str(card) for card in parse_chunk(chunks[0], "f.txt").boards[0]] == "2c 7d 9h Jc 3s".split()


def test_a_second_run_dealt_after_the_turn_repeats_the_first_runs_turn():
    shared = (RUN_TWICE.replace("*** SECOND FLOP *** [Kh 4d 5s]\n*** SECOND TURN *** [Kh 4d 5s] [6c]\n", "")
              .replace("*** SECOND RIVER *** [Kh 4d 5s 6c] [Qh]", "*** SECOND RIVER *** [2c 7d 9h Jc] [Qh]")
              .replace("SECOND Board [Kh 4d 5s 6c Qh]", "SECOND Board [2c 7d 9h Jc Qh]"))
    assert check_file(shared) == (1, 1)
    chunks, _, _ = read_text(shared, "r.txt")
    assert [list(map(str, board)) for board in parse_chunk(chunks[0], "r.txt").boards] == [
        ["2c", "7d", "9h", "Jc", "3s"], ["2c", "7d", "9h", "Jc", "Qh"]]
    changed = shared.replace("*** SECOND RIVER *** [2c 7d 9h Jc]", "*** SECOND RIVER *** [2c 7d 9h Jd]")
    assert board_changes_found(changed.rstrip("\n")) == [(15, "Jc", "Jd")]


def _deal(boards, reached, run: int, street: int, written: str = "", repeated: int = -1):
    """deal_street on card codes worked out by hand (2c is 0, 2d 1 … As 51)."""
    import numpy as np

    from parsers.lines import deal_street
    from rules.cards import Card

    cards = np.array([Card.parse(word).code for word in written.split()], np.int64)
    before = np.full(5, -7, np.int64)
    said = deal_street(boards, reached, run, street, cards, len(cards), repeated, before)
    return said, [code for code in before.tolist() if code >= 0] if -7 not in before else None


def test_both_lanes_deal_a_street_line_by_one_function():
    """deal_street, which the reader and the compiled scanner both call, on worked cases: the
    flop, a turn repeating it, a river again, a turn repeating a changed flop, a repeat with no
    board before it, a second showdown, and a second run's river sharing the first run's turn."""
    import numpy as np

    import parsers.pokerstars_fast as fast
    from parsers.lines import DEALT, NO_BOARD_BEFORE, OTHER_BOARD, SHOWDOWN_AGAIN, STREET_AGAIN

    boards, reached = np.full((3, 5), -1, np.int64), np.zeros(3, np.int64)
    assert _deal(boards, reached, 0, 1, "2c 7d 9h") == (DEALT, None)
    assert boards[0].tolist() == [0, 21, 30, -1, -1] and reached.tolist() == [1, 0, 0]
    assert _deal(boards, reached, 0, 2, "2c 7d 9h Jc", repeated=3) == (DEALT, [0, 21, 30])
    assert boards[0].tolist() == [0, 21, 30, 36, -1]
    assert _deal(boards, reached, 0, 2, "2c 7d 9h Jc 3s", repeated=4)[0] == STREET_AGAIN     # a turn again
    assert _deal(boards, reached, 0, 1, "2c 7d 9h")[0] == STREET_AGAIN                     # the flop after the turn
    assert reached.tolist() == [2, 0, 0]
    # a river repeating a changed card, or fewer cards than the turn dealt: dealt (3s, 7), after the board as
    # the turn left it (HE-BOARD is the line's finding)
    for written, repeated in (("2c 7d 8h Jc 3s", 4), ("2c 7d 9h 3s", 3)):
        changed = boards.copy()
        assert _deal(changed, reached.copy(), 0, 3, written, repeated=repeated) == (OTHER_BOARD, [0, 21, 30, 36])
        assert changed[0].tolist() == [0, 21, 30, 36, 7]
    assert boards[0].tolist() == [0, 21, 30, 36, -1]
    assert _deal(boards, reached, 0, 4)[0] == DEALT and _deal(boards, reached, 0, 4)[0] == SHOWDOWN_AGAIN
    # a second run dealt after the turn shares the first four cards; nothing before the first run's flop
    assert _deal(boards, reached, 1, 3, "2c 7d 9h Jc Qh", repeated=4) == (DEALT, [0, 21, 30, 36])
    assert boards[1].tolist() == [0, 21, 30, 36, 42]
    empty, none = np.full((3, 5), -1, np.int64), np.zeros(3, np.int64)
    assert _deal(empty, none, 0, 2, "2c 7d 9h Jc", repeated=3)[0] == NO_BOARD_BEFORE
    # the scanner keeps no check of its own
    assert not hasattr(fast, "_repeats_board") and "deal_street" in fast._scan.py_func.__code__.co_names


def test_a_street_line_of_more_cards_than_a_board_is_read_and_left_to_the_engine():
    """The reader's boards grow for a line of six cards (HE-BOARD judges it); the lane leaves it out."""
    text = edited("*** FLOP *** [2c 7d 9h]", "*** FLOP *** [2c 7d 9h 4c 5c 6c]").replace(
        "*** TURN *** [2c 7d 9h] [Jc]", "*** TURN *** [2c 7d 9h 4c 5c 6c] [Jc]").replace(
        "*** RIVER *** [2c 7d 9h Jc] [3s]", "*** RIVER *** [2c 7d 9h 4c 5c 6c Jc] [3s]")
    chunks, batch, _ = read_text(text + "\n", "f.txt")
    assert batch.in_lane.tolist() == [False]
    hand = parse_chunk(chunks[0], "f.txt")
    assert [str(card) for card in hand.boards[0]][:7] == ["2c", "7d", "9h", "4c", "5c", "6c", "Jc"]
    changed = text.replace("*** TURN *** [2c 7d 9h 4c 5c 6c] [Jc]", "*** TURN *** [2c 7d 9h 4c 5c 6d] [Jc]")
    assert parse_chunk(read_text(changed + "\n", "f.txt")[0][0], "f.txt").board_change == (
        LINES.index("*** TURN *** [2c 7d 9h] [Jc]") + 1, Card.parse("6c").code, Card.parse("6d").code)


@pytest.mark.parametrize("tail", ["!", " is sitting outside", " is sitting", " out of hand (moved)", " (a note)",
                                  " is sitting out!"])
def test_a_seat_line_with_a_changed_tail_is_refused(tail):
    # PokerStars ends a seat line after its chips, or with "is sitting out" or "out of hand"; a
    # line that goes on otherwise was changed, and neither lane reads its seat as a seat.
    error = refused_by_both_lanes(edited("Seat 3: Vera ($100 in chips)", f"Seat 3: Vera ($100 in chips){tail}"))
    assert error.line == LINES.index("Seat 3: Vera ($100 in chips)") + 1
    assert error.reason.startswith("cannot read") and "expected a seat" in error.reason


@pytest.mark.parametrize("tail, sitting_out, out_of_hand", [
    ("", False, False), ("  ", False, False), (" is sitting out", True, False), (" out of hand", False, True),
    (" out of hand (moved from another table into small blind)", False, True)])
def test_a_seat_lines_tail_is_read_alike_by_both_lanes(tail, sitting_out, out_of_hand):
    text = edited("Seat 3: Vera ($100 in chips)", f"Seat 3: Vera ($100 in chips){tail}") + "\n"
    hand = parse_chunk(read_text(text, "f.txt")[0][0], "f.txt")
    seat = next(seat for seat in hand.seats if seat.player == "Vera")
    assert (seat.is_sitting_out, seat.is_out_of_hand) == (sitting_out, out_of_hand)
    batch = read_text(text, "f.txt")[1]
    if batch.in_lane[0]:
        at = [seat.player for seat in hand.seats].index("Vera")
        assert (bool(batch.is_sitting_out[at]), bool(batch.is_out_of_hand[at])) == (sitting_out, out_of_hand)
