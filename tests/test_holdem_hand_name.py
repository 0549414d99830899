"""HE-HAND-NAME: the made hand a show or summary line names is the one the cards and the board make.

Each case edits the words of one line of the legal hand the replay tests work by hand (tests/
test_holdem_replay.py's LEGAL: board 2c 7d 9h Jc 3s; Anna shows As Ad, a pair of aces; Vera Kc Kd,
a pair of kings) and expects one finding at that line, in the full path and in the byte scanner's
batch alike. The expected hand is worked out from the cards here, not read from the engine.
"""

from __future__ import annotations

import pytest

from parsers.formats import parse_chunk
from parsers.pokerstars_fast import read_text
from rules.evaluator import HandCategory
from rules.holdem_batch import batch_from_hands
from rules.holdem_explain import explain
from rules.holdem_fast import replay_batch
from rules.holdem_rules import HE
from tests.test_holdem_replay import LEGAL, edit

LINES = LEGAL.split("\n")


def line_of(words: str) -> int:
    return next(n for n, line in enumerate(LINES, 1) if words in line)


def hand_name_rows(text: str) -> tuple[list[tuple], list[tuple]]:
    """(line, seat, actual) of each HE-HAND-NAME row of the one hand of ``text``: the full path's,
    then the byte scanner's."""
    chunks, lane, _ = read_text(text + "\n", "f.txt")
    assert lane.in_lane.tolist() == [True]
    full = batch_from_hands([parse_chunk(chunks[0], "f.txt")])
    out = []
    for batch in (full, lane):
        rows = replay_batch(batch, allin_ev=False).findings
        out.append(sorted((int(line), int(seat), int(actual)) for rule, line, seat, actual in
                          zip(rows.rules(), rows.line, rows.seat, rows.actual) if rule is HE.HAND_NAME))
    return out[0], out[1]


def code(category: HandCategory, rank: int = -1, second: int = -1) -> int:
    """NamedHand.code worked out by hand: the category, then each rank (deuce 0 … ace 12) plus one."""
    return category << 8 | (rank + 1) << 4 | (second + 1)


KING, ACE, QUEEN = 11, 12, 10


def test_the_legal_hand_names_every_hand_right():
    assert hand_name_rows(LEGAL) == ([], [])


@pytest.mark.parametrize("old, new, named", [
    # Vera's two kings on a board without a king: a pair, not three of a kind
    ("(a pair of Kings)", "(three of a kind, Kings)", code(HandCategory.THREE_OF_A_KIND, KING)),
    # the right kind, the wrong rank: Vera's pair is of kings
    ("(a pair of Kings)", "(a pair of Queens)", code(HandCategory.PAIR, QUEEN)),
    # no five cards of a suit: no flush
    ("(a pair of Aces)", "(a flush, Ace high)", code(HandCategory.FLUSH, ACE)),
    # a summary line: Anna's aces with a jack on the board are one pair, not two
    ("won ($71) with a pair of Aces", "won ($71) with two pair, Aces and Jacks", code(HandCategory.TWO_PAIR, ACE, 9)),
])
def test_a_name_the_cards_do_not_make_is_a_finding_at_its_line_in_both_lanes(old, new, named):
    text = edit(LEGAL, (old, new))
    seat = 0 if "Aces" in old else 2       # Anna sits in seat 1, Vera in seat 3
    expected = [(line_of(old), seat, named)]
    assert hand_name_rows(text) == (expected, expected)


def test_a_kicker_is_not_compared_and_a_name_words_the_hand_the_cards_make():
    text = edit(LEGAL, ("(a pair of Kings)", "(a pair of Kings - Deuce kicker)"))
    assert hand_name_rows(text) == ([], [])
    chunks, _, _ = read_text(edit(LEGAL, ("(a pair of Kings)", "(three of a kind, Kings)")) + "\n", "f.txt")
    batch = batch_from_hands([parse_chunk(chunks[0], "f.txt")])
    (finding,) = explain(batch, replay_batch(batch, allin_ev=False))
    assert (finding.rule_id, finding.line, finding.expected, finding.actual) == (
        "HE-HAND-NAME", line_of("(a pair of Kings)"), "pair of kings", "three of a kind, kings")


def flags_and_rows(text: str) -> list[tuple[bool, list[tuple]]]:
    """has_named_hand of the one hand of ``text`` and its HE-HAND-NAME rows (line, actual), in the
    full path's batch, then the byte scanner's."""
    chunks, lane, _ = read_text(text + "\n", "f.txt")
    out = []
    for batch in (batch_from_hands([parse_chunk(chunks[0], "f.txt")]), lane):
        rows = replay_batch(batch, allin_ev=False).findings
        out.append((bool(batch.has_named_hand[0]),
                    [(int(line), int(actual)) for rule, line, actual in zip(rows.rules(), rows.line, rows.actual)
                     if rule is HE.HAND_NAME]))
    return out


def test_both_lanes_flag_the_hands_whose_lines_name_a_hand_and_the_replay_reads_names_only_there():
    # the legal hand names four hands (two show lines, two summary lines); without the names it names none
    unnamed = edit(LEGAL, (" (a pair of Kings)", ""), (" (a pair of Aces)", ""), (" with a pair of Aces", ""),
                   (" with a pair of Kings", ""))
    assert flags_and_rows(LEGAL) == [(True, [])] * 2
    assert flags_and_rows(unnamed) == [(False, [])] * 2
    # one name alone, and wrong (Vera's kings are one pair): flagged, and found at its line
    text = edit(unnamed, ("and lost", "and lost with three of a kind, Kings"))
    wrong = [(True, [(line_of("and lost with a pair of Kings"), code(HandCategory.THREE_OF_A_KIND, KING))])]
    assert flags_and_rows(text) == wrong * 2
    # the flag is what the replay goes by: a batch that says no name is looked through for none
    chunks, lane, _ = read_text(text + "\n", "f.txt")
    lane.has_named_hand[0] = False
    assert HE.HAND_NAME not in replay_batch(lane, allin_ev=False).findings.rules()


def test_pokerstars_reads_its_names_with_the_rooms_one_reader():
    # PokerStars' words go through HandWords, as every room's: no copy of the reader is left in its module
    from parsers import pokerstars as ps
    from parsers.lines import HandWords, named_hand
    from rules.cards import Rank

    assert isinstance(ps.HAND_WORDS, HandWords) and not hasattr(ps, "hand_named")
    assert ps.HAND_WORDS.named("two pair, Aces and Tens - Queen kicker") == ("TWO_PAIR", Rank.ACE, Rank.TEN)
    assert ps.HAND_WORDS.named("a straight, Deuce to Six") == ("STRAIGHT", Rank.SIX, None)
    assert ps.HAND_WORDS.named("a pair of Twos") == ("PAIR", Rank.TWO, None)       # the other word taken for deuces
    # a rank's word where its plural goes (and the other way round) names no hand, as before the move
    assert ps.HAND_WORDS.named("a pair of King") is None
    assert ps.HAND_WORDS.named("high card Kings") is None
    # the record of a name, as both lanes code it
    sixes_full = named_hand("Anna", ps.HAND_WORDS.named("a full house, Sixes full of Jacks"), 0, 7)
    assert (sixes_full.player, sixes_full.line, sixes_full.code) == ("Anna", 7, code(HandCategory.FULL_HOUSE, 4, 9))
    assert named_hand("Anna", ps.HAND_WORDS.named("a pair of Kongs"), 0, 7) is None
