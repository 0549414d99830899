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
