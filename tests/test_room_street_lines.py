"""Every room whose street lines repeat the board so far (``*** TURN *** [2c 7d 9s] [Jh]``) has them
checked against each other and the summary's board, as PokerStars' are: a flop line changed in the
docs' example of each room (or a Bovada hand) deals its own cards, and the later lines that repeat
the board otherwise, the summary's board and a card dealt twice are findings (HE-BOARD, HE-DECK)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.audit import audit_bytes
from tests.test_docs import examples

DOCS = Path(__file__).resolve().parent.parent / "docs" / "formats.md"

BOVADA = """\
Bovada Hand #3183548059 TBL#10253202 HOLDEM Fixed Limit - 2015-12-01 04:04:36
Seat 1: UTG+2 [ME] ($2,700 in chips)
Seat 2: Dealer ($1,077 in chips)
Seat 3: Small Blind ($2,292.50 in chips)
Seat 4: Big Blind ($3,150 in chips)
Seat 5: UTG ($1,692 in chips)
Seat 6: UTG+1 ($1,846.67 in chips)
Dealer : Set dealer [2]
Small Blind : Small Blind $15
Big Blind : Big blind $30
*** HOLE CARDS ***
UTG+2  [ME] : Card dealt to a spot [Js 6s]
Dealer : Card dealt to a spot [Kc Kh]
Small Blind : Card dealt to a spot [2h 7d]
Big Blind : Card dealt to a spot [Kd 8d]
UTG : Card dealt to a spot [Ac 6c]
UTG+1 : Card dealt to a spot [4h 6d]
UTG : Raises $60 to $60
UTG+1 : Calls $60
UTG+2  [ME] : Folds
Dealer : Raises $90 to $90
Small Blind : Folds
Big Blind : Folds
UTG : Calls $30
UTG+1 : Calls $30
*** FLOP *** [9d 7h 5h]
UTG : Checks
UTG+1 : Checks
Dealer : Bets $30
UTG : Calls $30
UTG+1 : Calls $30
*** TURN *** [9d 7h 5h] [8s]
UTG : Bets $60
UTG+1 : Calls $60
Dealer : Calls $60
*** RIVER *** [9d 7h 5h 8s] [Jd]
UTG : Checks
UTG+1 : Bets $60
Dealer : Calls $60
UTG : Calls $60
UTG+1 : Showdown [9d 8s 7h 6d 5h] (Straight)
Dealer : Mucks [Kc Kh] (One pair)
UTG : Showdown [9d 8s 7h 6c 5h] (Straight)
UTG : Hand result $381
UTG+1 : Hand result $381
*** SUMMARY ***
Total Pot($765)
Board [9d 7h 5h 8s Jd]
Seat+1: UTG+2 Folded before the FLOP
Seat+2: Dealer [Mucked] [Kc Kh]
Seat+3: Small Blind Folded before the FLOP
Seat+4: Big Blind Folded before the FLOP
Seat+5: UTG $381  with Straight [Ac 6c-9d 8s 7h 6c 5h]
Seat+6: UTG+1 $381  with Straight [4h 6d-9d 8s 7h 6d 5h]
"""


def docs_example(header: str) -> str:
    """The docs' Hold'em example whose header starts so."""
    return next(text for _, _, text in examples(DOCS) if text.startswith(header))


def board_findings(text: str) -> set[tuple[str, int, str, str]]:
    """The HE-BOARD and HE-DECK findings of a hand's text read as the ingest reads it: (rule, line,
    expected, actual)."""
    (audited,) = audit_bytes(text.encode(), "hand.txt")
    assert audited.error is None, audited.error
    return {(f.rule_id, f.line, f.expected, f.actual) for f in audited.replay.findings
            if f.rule_id in ("HE-BOARD", "HE-DECK")}


def changed(text: str, line: int, old: str, new: str) -> str:
    """``text`` with ``old`` written ``new`` on its line ``line`` (counted from 1)."""
    lines = text.split("\n")
    assert old in lines[line - 1], lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new)
    return "\n".join(lines)


# (the room's text, the flop line, its cards, the cards it is changed to, a player's card the change
# deals again, the next street line, its card the change contradicts, the summary's board line and
# the board dealt, the cards a player holds dealt on the board)
CASES = {
    # Anna holds [Kh Kd]; the turn line repeats the flop as 2c 7d 9s, the summary's board 2c 7d 9s Jh 3c
    "Winamax": ("Winamax Poker", 14, "[2c 7d 9s]", "[2c Kh 9s]", "Kh", 15, "7d", 25, "2c Kh 9s Jh 3c",
                "2c 7d 9s Jh 3c"),
    # ccZORBAcc holds [9c Qd]; the turn line repeats Qh 5c 4d, the summary's board Qh 5c 4d As 6c
    "Winning": ("Hand #151588328", 13, "[Qh 5c 4d]", "[Qh Qd 4d]", "Qd", 20, "5c", 28, "Qh Qd 4d As 6c",
                "Qh 5c 4d As 6c"),
    # the second run's flop: Vera holds [Ah Kh]; the second turn line repeats Qh 8s 4d, the second
    # board Qh 8s 4d 5c Kc (a later board's difference is told by its first card at odds)
    "GGPoker": ("Poker Hand #RC100", 21, "[Qh 8s 4d]", "[Qh Ah 4d]", "Ah", 22, "8s", 32, "Ah", "8s"),
    # UTG+1 holds [4h 6d]; the turn line repeats 9d 7h 5h, the summary's board 9d 7h 5h 8s Jd
    "Bovada": (BOVADA, 26, "[9d 7h 5h]", "[9d 7h 4h]", "4h", 32, "5h", 48, "9d 7h 4h 8s Jd", "9d 7h 5h 8s Jd"),
}


@pytest.mark.parametrize("room", sorted(CASES))
def test_a_flop_line_at_odds_with_the_later_street_lines_is_a_finding_in_every_room(room):
    source, flop, old, new, held, turn, repeated, board_line, dealt, summed = CASES[room]
    text = source if source is BOVADA else docs_example(source)
    assert board_findings(text) == set()
    assert board_findings(changed(text, flop, old, new)) == {
        ("HE-DECK", flop, "each card dealt once", f"{held} twice"),
        ("HE-BOARD", turn, held, repeated),
        ("HE-BOARD", board_line, dealt, summed),
    }
