"""Winning Poker Network hands: read by parsers/winning.py, replayed by the one Hold'em engine.

The hands written here are worked by hand: the expected nets are counted from the lines, not
copied from the code. The corpus test reads ../shared/corpora/rooms/Winning (skipped when absent).
"""

from __future__ import annotations

import collections
from decimal import Decimal

import pytest

from parsers.errors import ParseError
from parsers.formats import HEADERS, parse_chunk
from parsers.source import decode, normalize_lines, split, split_games
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind
from tests.conftest import corpus

D = Decimal


def _hand(text: str):
    chunks = split(text.strip("\n"))
    assert len(chunks) == 1, [c.format for c in chunks]
    return parse_chunk(chunks[0], "hand.txt")


def _nets(hand) -> dict[str, Decimal]:
    result = replay(hand)
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
    return {p.player: p.net for p in result.players}


WALK = """
Hand #784373412 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC
Fort Lupton 9-max Seat #2 is the button
Seat 1: Player0 ($9.10) is sitting out
Seat 2: Hero ($5.61)
Seat 3: Player4 ($1.53)
Seat 4: Player5 ($5.03)
Player4 posts the small blind $0.02
Player5 posts the big blind $0.05
*** HOLE CARDS ***
Dealt to Hero [4c Kh]
Hero folds
Player0 sits out
Player4 folds
Player5 does not show
*** SUMMARY ***
Total pot $0.07
Seat 2: Hero (button) folded on the Pre-Flop and did not bet
Seat 3: Player4 (small blind) folded on the Pre-Flop
Seat 4: Player5 did not show and won $0.07
"""


def test_winning_walk_has_no_return_line_and_the_total_counts_the_big_blind():
    # The big blind's 0.03 over the small blind comes back; he wins the 0.04 the pot holds.
    hand = _hand(WALK)
    tail = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)]
    assert tail == [("Player5", ActionKind.UNCALLED, D("0.03")), ("Player5", ActionKind.COLLECT, D("0.04"))]
    assert hand.summary.total_pot == D("0.04") and hand.summary.rake == D(0)
    assert _nets(hand) == {"Hero": D(0), "Player4": D("-0.02"), "Player5": D("0.02")}


CAP_AND_JACKPOT = """
Hand #151588328 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC
Miramar (Cap) 9-max Seat #1 is the button
Seat 1: BrokenRec ($0.00) is sitting out
Seat 2: Papabear2016 ($0.90)
Seat 3: ccZORBAcc ($1.40)
Seat 6: Itspinkynigga ($0.69)
Seat 9: IrishPimp2233 ($2.66)
Papabear2016 posts the small blind $0.01
ccZORBAcc posts the big blind $0.02
*** HOLE CARDS ***
Dealt to ccZORBAcc [9c Qd]
Itspinkynigga folds
IrishPimp2233 raises $0.05 to $0.05
Papabear2016 calls $0.04
ccZORBAcc calls $0.03
*** FLOP *** [Qh 5c 4d]
Main pot $0.15 | Rake $0.00
Papabear2016 checks
ccZORBAcc bets $0.11
IrishPimp2233 caps $0.55
Papabear2016 folds
ccZORBAcc calls $0.44
*** TURN *** [Qh 5c 4d] [As]
Main pot $1.19 | Rake $0.06
*** RIVER *** [Qh 5c 4d As] [6c]
*** SHOW DOWN ***
ccZORBAcc shows [9c Qd] (a pair of Queens [Qh Qd As 9c 6c])
IrishPimp2233 shows [7d 6d] (a pair of Sixs [6d 6c As Qh 7d])
ccZORBAcc collected $1.19 from main pot
*** SUMMARY ***
Total pot $1.19 | Rake $0.04 | JP Fee $0.02
Board [Qh 5c 4d As 6c]
Seat 2: Papabear2016 (small blind) folded on the Flop
Seat 3: ccZORBAcc (big blind) showed [9c Qd] and won $1.19 with a pair of Queens [Qh Qd As 9c 6c]
Seat 6: Itspinkynigga folded on the Pre-Flop and did not bet
Seat 9: IrishPimp2233 showed [7d 6d] and lost with a pair of Sixs [6d 6c As Qh 7d]
"""


def test_winning_cap_and_jackpot_fee_come_out_of_the_pot():
    # pot 0.05 x3 + 0.55 x2 = 1.25; paid 1.19, rake 0.04 and jackpot fee 0.02 (both the room's)
    hand = _hand(CAP_AND_JACKPOT)
    cap = next(a for a in hand.actions if a.is_capped)
    assert (cap.player, cap.kind, cap.raise_to, cap.amount) == ("IrishPimp2233", ActionKind.RAISE, D("0.55"),
                                                                D("0.44"))
    assert hand.summary.total_pot == D("1.25") and hand.summary.rake == D("0.06")
    assert _nets(hand) == {"Papabear2016": D("-0.05"), "ccZORBAcc": D("1.19") - D("0.60"), "Itspinkynigga": D(0),
                           "IrishPimp2233": D("-0.60")}


DEAD_POST = """
Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC
Fort Lupton 9-max Seat #5 is the button
Seat 5: Player4 ($2.42)
Seat 7: Player6 ($5.46)
Seat 8: Player7 ($6.39)
Seat 9: Player8 ($6.58)
Player6 posts the small blind $0.02
Player7 posts the big blind $0.05
Player8 posts dead $0.07
*** HOLE CARDS ***
Player8 checks
Player4 folds
Player6 calls $0.03
Player7 checks
*** FLOP *** [5s 3s 3c]
Player6 checks
Player7 checks
Player8 bets $0.10
Player6 folds
Player7 folds
Uncalled bet ($0.10) returned to Player8
Player8 does not show
Player8 collected $0.17 from main pot
*** SUMMARY ***
Total pot $0.17
Board [5s 3s 3c]
Seat 9: Player8 did not show and won $0.17
"""


def test_winning_posts_dead_is_big_blind_live_and_small_blind_dead():
    # "posts dead $0.07": 0.05 live (he checks), 0.02 dead. Pot 0.05 x3 + 0.02 = 0.17.
    hand = _hand(DEAD_POST)
    assert next(a.kind for a in hand.actions if a.player == "Player8") is ActionKind.POST_DEAD
    assert _nets(hand) == {"Player4": D(0), "Player6": D("-0.05"), "Player7": D("-0.05"), "Player8": D("0.10")}


RUN_TWICE = """
Hand #779379637 - Holdem(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC
Parachute 6-max Seat #5 is the button
Seat 1: Player0 ($124.50)
Seat 3: Hero ($120.00)
Seat 4: Player2 ($134.00)
Seat 5: Player3 ($180.00)
Seat 6: Player4 ($517.75)
Player4 posts the small blind $3.00
Player0 posts the big blind $6.00
*** HOLE CARDS ***
Dealt to Hero [Ac Ad]
Hero raises $120.00 to $120.00 and is all-in
Player2 raises $134.00 to $134.00 and is all-in
Player3 folds
Player4 folds
Player0 folds
Uncalled bet ($14.00) returned to Player2
*** RUN IT TWICE ***
*** FLOP 1 *** [8h Qd 7d]
Main pot 1 $123.00 | Rake $1.50
*** TURN 1 *** [8h Qd 7d] [7h]
*** RIVER 1 *** [8h Qd 7d 7h] [5c]
*** SHOW DOWN 1 ***
Hero shows [Ac Ad] (two pair, Aces and Sevens [Ac Ad 7d 7h Qd])
Player2 shows [Kh Kd] (two pair, Kings and Sevens [Kh Kd 7d 7h Qd])
Hero collected $123.00 from main pot 1
*** FLOP 2 *** [6c 9s Kc]
*** TURN 2 *** [6c 9s Kc] [8c]
*** RIVER 2 *** [6c 9s Kc 8c] [6s]
*** SHOW DOWN 2 ***
Hero shows [Ac Ad] (two pair, Aces and Sixs [Ac Ad 6s 6c Kc])
Player2 shows [Kh Kd] (a full house, Kings full of Sixs [Kh Kd Kc 6s 6c])
Player2 collected $123.00 from main pot 2
*** SUMMARY ***
Total pot $246.00 | Rake $2.76 | JP Fee $0.24
Board 1 [8h Qd 7d 7h 5c]
Seat 3: Hero showed [Ac Ad] and won $123.00 with two pair, Aces and Sevens [Ac Ad 7d 7h Qd]
Seat 4: Player2 showed [Kh Kd] and lost with two pair, Kings and Sevens [Kh Kd 7d 7h Qd]
Board 2 [6c 9s Kc 8c 6s]
Seat 3: Hero showed [Ac Ad] and lost with two pair, Aces and Sixs [Ac Ad 6s 6c Kc]
Seat 4: Player2 showed [Kh Kd] and won $123.00 with a full house, Kings full of Sixs [Kh Kd Kc 6s 6c]
"""


def test_winning_run_it_twice_pays_each_board_half_the_pot():
    # Pot 120 + 120 + 3 + 6 = 249 (Player2's 14 over Hero's all-in comes back); rake and fee 3,
    # 123 a board: Hero's aces win the first, Player2's full house the second.
    hand = _hand(RUN_TWICE)
    assert [len(b) for b in hand.boards] == [5, 5] and str(hand.boards[1][2]) == "Kc"
    collects = [(a.player, a.amount, a.board) for a in hand.actions if a.kind is ActionKind.COLLECT]
    assert collects == [("Hero", D("123.00"), 0), ("Player2", D("123.00"), 1)]
    assert hand.summary.total_pot == D("249.00") and hand.summary.rake == D("3.00")
    assert _nets(hand) == {"Player0": D("-6"), "Hero": D("3"), "Player2": D("3"), "Player3": D(0),
                           "Player4": D("-3")}


def test_winning_omaha_goes_to_quarantine_naming_the_game():
    with pytest.raises(ParseError, match="Winning Omaha H/L No Limit is not supported yet"):
        _hand(WALK.replace("Holdem(No Limit)", "Omaha H/L(No Limit)"))


def test_winning_older_text_is_quarantined_saying_why():
    text = "Game started at: 2016/8/2 10:50:44\nGame ID: 693967308 0.02/0.05 (PRR) Cyclops - 6 (Hold'em)\n"
    [chunk] = split(text)
    assert chunk.format == "winning_2016"
    with pytest.raises(ParseError, match="names no betting structure"):
        parse_chunk(chunk, "old.txt")


def test_winning_corpus_every_holdem_hand_stored_without_error():
    root = corpus("rooms", "Winning")
    stored = 0
    quarantined: collections.Counter = collections.Counter()
    unexpected, errors = [], []
    for path in sorted(root.rglob("*.txt")):
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            try:
                hand = parse_chunk(chunk, str(path))
            except ParseError as error:
                quarantined[error.reason.split(":")[0]] += 1
                if "not supported yet" not in error.reason and "names no betting structure" not in error.reason:
                    unexpected.append(f"{path.name}:{error.line}: {error.reason}")
                continue
            stored += 1
            errors += [f"{path.name}:{f.line}: {f.rule_id} {f.message}" for f in replay(hand).findings
                       if f.severity is Severity.ERROR]
    assert stored >= 4, (stored, quarantined)
    assert not unexpected, "\n".join(unexpected)
    assert not errors, "\n".join(errors[:20])
