"""Bovada, Ignition and Bodog hands: read by parsers/bovada.py, replayed by the one Hold'em engine.

The hands written here are worked by hand: the expected nets are counted from the lines, not
copied from the code. The corpus test reads ../shared/corpora/rooms/Bovada (skipped when absent).
"""

from __future__ import annotations

import collections
from decimal import Decimal

import pytest

from parsers.bovada import parse
from parsers.errors import ParseError, UnstatedRule
from parsers.formats import HEADERS, parse_chunk
from parsers.source import decode, normalize_lines, split, split_games
from pipeline.table_rules import RuleSettings
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind
from rules.records import Source
from tests.conftest import corpus
from tests.holdem_helpers import parse_bovada_hand
from tests.room_corpus import in_other_currency

D = Decimal


def _nets(hand) -> dict[str, Decimal]:
    result = replay(hand)
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
    return {p.player: p.net for p in result.players}


ZONE_WALK = """
Bovada Hand #4101241500  Zone Poker ID#1708 HOLDEMZonePoker No Limit - 2021-04-11 01:55:00
Seat 1: UTG ($10 in chips)
Seat 2: Dealer ($10 in chips)
Seat 3: Small Blind ($10 in chips)
Seat 4: Big Blind [ME] ($25 in chips)
Dealer : Set dealer [2]
Small Blind : Small Blind $0.10
Big Blind  [ME] : Big blind $0.25
*** HOLE CARDS ***
UTG : Card dealt to a spot [4s Qh]
Dealer : Card dealt to a spot [5c 8c]
Small Blind : Card dealt to a spot [6d 3s]
Big Blind  [ME] : Card dealt to a spot [4c Kh]
UTG : Folds
UTG : Leave(Auto)
Dealer : Folds
Small Blind : Folds
Big Blind  [ME] : Does not show [4c Kh] (High Card)
Big Blind  [ME] : Hand result $0.35
Enter(Auto)
*** SUMMARY ***
"""


def test_bovada_zone_walk_pays_the_uncalled_blind_back_in_the_result():
    """ROOM-UNCALLED: a walk's result pays the uncalled blind back; the reader returns it."""
    # Zone Poker writes no return line in a walk: the result $0.35 is the small blind 0.10 won
    # plus the big blind's own 0.25 back. The owner ([ME]) is named Hero.
    hand = parse_bovada_hand(ZONE_WALK)
    assert hand.button_seat == 2 and hand.big_blind == D("0.25") and hand.small_blind == D("0.10")
    kinds = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)]
    assert kinds == [("Hero", ActionKind.UNCALLED, D("0.15")), ("Hero", ActionKind.COLLECT, D("0.20"))]
    assert _nets(hand) == {"UTG": D(0), "Dealer": D(0), "Small Blind": D("-0.10"), "Hero": D("0.10")}


ZONE_SPLIT_RAKED = """
Bovada Hand #4101241231  Zone Poker ID#1708 HOLDEMZonePoker No Limit - 2021-04-11 01:52:08
Seat 1: Big Blind ($39.50 in chips)
Seat 2: UTG [ME] ($24.65 in chips)
Seat 5: Dealer ($65.97 in chips)
Seat 6: Small Blind ($28.34 in chips)
Dealer : Set dealer [5]
Small Blind : Small Blind $0.10
Big Blind : Big blind $0.25
*** HOLE CARDS ***
Big Blind : Card dealt to a spot [5h Jc]
UTG  [ME] : Card dealt to a spot [Ad Qc]
Dealer : Card dealt to a spot [7h Ah]
Small Blind : Card dealt to a spot [Qh Kc]
UTG  [ME] : Raises $0.67 to $0.67
Dealer : Raises $2.25 to $2.25
Small Blind : Folds
Small Blind : Leave(Auto)
Big Blind : Folds
UTG  [ME] : Calls $1.58
*** FLOP *** [3s 5s 2h]
UTG  [ME] : Checks
Dealer : Bets $0.75
UTG  [ME] : Calls $0.75
*** TURN *** [3s 5s 2h] [2d]
UTG  [ME] : Checks (timeout)
Dealer : Checks
*** RIVER *** [3s 5s 2h 2d] [4s]
UTG  [ME] : Checks
Dealer : Bets $4.53
UTG  [ME] : Calls $4.53
Dealer : Showdown [5s 4s 3s 2h Ah] (Straight)
UTG  [ME] : Showdown [5s 4s 3s 2h Ad] (Straight)
UTG  [ME] : Hand result $7.32
Dealer : Hand result $7.32
*** SUMMARY ***
"""


def test_bovada_button_is_set_dealer_else_the_seat_named_dealer_else_dead_before_the_small_blind():
    """ROOM-BUTTON: 'Set dealer [N]', else the seat named Dealer, else a dead button before the small blind."""
    # Set dealer names seat 1 though seat 2 is named Dealer: the line wins
    assert parse_bovada_hand(ZONE_WALK.replace("Set dealer [2]", "Set dealer [1]")).button_seat == 1
    no_line = ZONE_WALK.replace("Dealer : Set dealer [2]\n", "")
    assert parse_bovada_hand(no_line).button_seat == 2
    # no line and no seat named Dealer: the small blind sits in seat 3, the dead button just before it
    assert parse_bovada_hand(no_line.replace("Dealer", "UTG+1")).button_seat == 2


def test_bovada_zone_hand_without_total_takes_the_rake_as_what_the_results_do_not_pay():
    """ROOM-RAKE: with no rake written, the rake is what the results do not pay."""
    # pot: blinds 0.35 + 2.25 x2 + 0.75 x2 + 4.53 x2 = 15.41; the results pay 14.64: rake 0.77
    hand = parse_bovada_hand(ZONE_SPLIT_RAKED)
    raise_ = next(a for a in hand.actions if a.player == "Dealer" and a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.raise_to) == (D("1.58"), D("2.25"))     # over Hero's 0.67
    assert hand.summary.total_pot == D("15.41") and hand.summary.rake == D("0.77")
    assert _nets(hand) == {"Hero": D("7.32") - D("7.53"), "Dealer": D("7.32") - D("7.53"),
                           "Small Blind": D("-0.10"), "Big Blind": D("-0.25")}


def test_bovada_room_currency_an_amount_in_another_currency_than_dollars_is_read_and_a_warning():
    """ROOM-CURRENCY: Bovada plays in US dollars; an amount with another sign is read as written."""
    findings, got, line = in_other_currency(parse, ZONE_SPLIT_RAKED, "Dealer : Bets $0.75", "Dealer : Bets €0.75")
    assert findings == [("ROOM-CURRENCY", Severity.WARNING, line, "USD", "EUR")]
    assert got == {"Hero": D("-0.21"), "Dealer": D("-0.21"), "Small Blind": D("-0.10"), "Big Blind": D("-0.25")}
    findings, _, line = in_other_currency(parse, ZONE_WALK, "Big Blind  [ME] : Hand result $0.35",
                                          "Big Blind  [ME] : Hand result £0.35")
    assert findings == [("ROOM-CURRENCY", Severity.WARNING, line, "USD", "GBP")]


OLD_LIMIT = """
Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23
Seat 1: Small Blind ($678 in chips)
Seat 2: Big Blind ($147.50 in chips)
Seat 3: UTG [ME] ($320 in chips)
Seat 4: UTG+1 ($223.50 in chips)
Seat 6: Dealer ($293 in chips)
Dealer : Set dealer/Bring in spot [6]
Small Blind : Ante/Small Blind $4
Big Blind : Big blind/Bring in $8
UTG+1 : Posts dead chip $12
UTG [ME] : Seat sit out
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [Qd Kc]
Big Blind : Card dealt to a spot [6c As]
UTG+1 : Card dealt to a spot [7d 2h]
Dealer : Card dealt to a spot [4s Kd]
UTG+1 : Checks
Table enter user
Dealer : Folds
Small Blind : Raises $16
Big Blind : Calls $8
UTG+1 : Folds
Card dealt to table [Ks 7c 9s]
UTG [ME] : Seat re-join
Small Blind : Bets $8
Big Blind : Folds
Small Blind : Return uncalled portion of bet $8
Small Blind : Does not show [Qd Kc] (One pair)
Small Blind : Hand result $43
*** SUMMARY ***
Total Pot($44) | Rake ($1)
Board [Ks 7c 9s  ]
Seat 1: Small Blind $43 [Does not show]
Seat 2: Big Blind Folded on the FLOP
Seat 4: UTG+1 Folded on the POCKET CARDS
Seat 6: Dealer Folded on the POCKET CARDS
"""


def test_bovada_old_raise_is_the_total_and_dead_chip_is_big_blind_live_small_blind_dead():
    """ROOM-DEAD-BLIND: 'Posts dead chip' is the big blind live and the small blind dead."""
    # "Posts dead chip $12" at 4/8: 8 live (UTG+1 checks, owing nothing) and 4 dead.
    # "Raises $16": to 16 (12 more over the small blind's 4). Pot: SB 16 + BB 16 + UTG+1 12 = 44
    # (the flop bet of 8 comes back); rake 1, the result 43.
    hand = parse_bovada_hand(OLD_LIMIT)
    post = next(a for a in hand.actions if a.player == "UTG+1" and a.kind.is_post)
    assert (post.kind, post.amount) == (ActionKind.POST_DEAD, D("12"))
    raise_ = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert (raise_.player, raise_.amount, raise_.raise_to) == ("Small Blind", D("8"), D("16"))
    assert hand.small_bet == D("8") and hand.big_bet == D("16")
    assert hand.summary.total_pot == D("44") and hand.summary.rake == D("1")
    assert _nets(hand) == {"Small Blind": D("27"), "Big Blind": D("-16"), "UTG+1": D("-12"), "Dealer": D(0)}


# A newcomer's chip of the small blind (real 2019 cash hands, amounts ours): UTG+2 posts $0.10 at
# $0.10/$0.25 and calls $0.15 more, so the chip is live. Pot: SB 0.25, BB 0.25, UTG 0.25, UTG+2 0.25 =
# $1; the big blind's flop bet comes back and he takes $0.95 (rake $0.05): +0.70, the three callers
# -0.25 each.
CHIP_SMALL_BLIND = """
Bovada Hand #3756061999 TBL#18227411 HOLDEM No Limit - 2019-04-04 14:09:57
Seat 1: UTG+2 ($11 in chips)
Seat 2: Dealer ($30 in chips)
Seat 3: Small Blind ($7 in chips)
Seat 4: Big Blind ($27 in chips)
Seat 5: UTG ($15 in chips)
Seat 6: UTG+1 [ME] ($25 in chips)
Dealer : Set dealer [2]
Small Blind : Small Blind $0.10
Big Blind : Big blind $0.25
UTG+2 : Posts chip $0.10
*** HOLE CARDS ***
UTG+2 : Card dealt to a spot [8h Ad]
Dealer : Card dealt to a spot [Qh Kh]
Small Blind : Card dealt to a spot [Ah 7c]
Big Blind : Card dealt to a spot [3h Td]
UTG : Card dealt to a spot [Js 6s]
UTG+1  [ME] : Card dealt to a spot [9d 2c]
UTG : Calls $0.25
UTG+1  [ME] : Folds
UTG+2 : Calls $0.15
Dealer : Folds
Small Blind : Calls $0.15
Big Blind : Checks
*** FLOP *** [Ks 9c 3d]
Small Blind : Checks
Big Blind : Bets $1
UTG : Folds
UTG+2 : Folds
Small Blind : Folds
Big Blind : Return uncalled portion of bet $1
Big Blind : Does not show [3h Td] (One pair)
Big Blind : Hand result $0.95
*** SUMMARY ***
Total Pot($1) | Rake ($0.05)
Board [Ks 9c 3d]
Seat+1: UTG+2 Folded on the FLOP
Seat+2: Dealer Folded before the FLOP
Seat+3: Small Blind Folded on the FLOP
Seat+4: Big Blind $0.95 [Does not show]
Seat+5: UTG Folded on the FLOP
Seat+6: UTG+1 Folded before the FLOP
"""


def test_bovada_a_chip_of_less_than_the_big_blind_is_a_live_small_blind():
    """ROOM-DEAD-BLIND: 'Posts chip' under the big blind is a small blind his call completes."""
    hand = parse_bovada_hand(CHIP_SMALL_BLIND)
    post = next(a for a in hand.actions if a.player == "UTG+2" and a.kind.is_post)
    assert (post.kind, post.amount, hand.second_small_blind_live) == (ActionKind.POST_SB, D("0.10"), True)
    assert _nets(hand) == {"UTG+2": D("-0.25"), "Dealer": D(0), "Small Blind": D("-0.25"), "Big Blind": D("0.70"),
                           "UTG": D("-0.25"), "Hero": D(0)}


# No seat is the dealer's (real 2019 cash hands, amounts ours): the room writes 'Set dealer' alone, and
# the button is dead before the small blind (ROOM-BUTTON). The small blind takes the pot on the river
# and shows one of his cards ('Show1 [Kc]'). Pot 3 × 0.25 = 0.75, the result $0.72: Small Blind
# +0.47, Big Blind and UTG+1 -0.25.
DEAD_BUTTON_SHOW_ONE = """
Bovada Hand #3756055999 TBL#18227411 HOLDEM No Limit - 2019-04-04 13:51:34
Seat 2: Small Blind ($22 in chips)
Seat 3: Big Blind ($13 in chips)
Seat 4: UTG ($22 in chips)
Seat 5: UTG+1 ($18 in chips)
Seat 6: UTG+2 [ME] ($23 in chips)
Set dealer
Small Blind : Small Blind $0.10
Big Blind : Big blind $0.25
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [Kc Qh]
Big Blind : Card dealt to a spot [2c 7d]
UTG : Card dealt to a spot [3s 4s]
UTG+1 : Card dealt to a spot [Ah 6c]
UTG+2  [ME] : Card dealt to a spot [9c 9s]
UTG : Folds
UTG+1 : Calls $0.25
UTG+2  [ME] : Folds
Small Blind : Calls $0.15
Big Blind : Checks
*** FLOP *** [9d 5s 9h]
Small Blind : Checks
Big Blind : Checks
UTG+1 : Checks
*** TURN *** [9d 5s 9h] [8h]
Small Blind : Checks
Big Blind : Checks
UTG+1 : Checks
*** RIVER *** [9d 5s 9h 8h] [Ks]
Small Blind : Bets $0.75
Big Blind : Folds
UTG+1 : Folds
Small Blind : Return uncalled portion of bet $0.75
Small Blind : Does not show [Kc Qh] Show1 [Kc] (Two pair)
Small Blind : Hand result $0.72
*** SUMMARY ***
Total Pot($0.75)
Board [9d 5s 9h 8h Ks]
Seat+2: Small Blind $0.72 [Does not show]
Seat+3: Big Blind Folded on the RIVER
Seat+4: UTG Folded before the FLOP
Seat+5: UTG+1 Folded on the RIVER
Seat+6: UTG+2 Folded before the FLOP
"""


def test_bovada_set_dealer_alone_is_a_dead_button_and_one_card_shown_is_read():
    hand = parse_bovada_hand(DEAD_BUTTON_SHOW_ONE)
    assert hand.button_seat == 1      # the empty seat before the small blind's
    assert _nets(hand) == {"Small Blind": D("0.47"), "Big Blind": D("-0.25"), "UTG": D(0), "UTG+1": D("-0.25"),
                           "Hero": D(0)}


ALL_IN_BLIND = """
Bovada Hand #2949203894  Zone Poker ID#289 HOLDEMZonePoker No Limit - 2014-11-05 19:19:58
Seat 1: Dealer [ME] ($5 in chips)
Seat 2: Small Blind ($3 in chips)
Seat 3: Big Blind ($0.05 in chips)
Dealer  [ME] : Set dealer/Bring in spot [1]
Small Blind : Ante/Small Blind $0.02
Big Blind : All-in $0.05
*** HOLE CARDS ***
Dealer  [ME] : Card dealt to a spot [Td 7s]
Small Blind : Card dealt to a spot [3s 7d]
Big Blind : Card dealt to a spot [Ah Ad]
Dealer  [ME] : Raises $0.15 to $0.15
Small Blind : All-in(raise) $2.98 to $3
Dealer  [ME] : Folds
Small Blind : Return uncalled portion of bet $2.85
*** FLOP *** [2c 5h 9s]
*** TURN *** [2c 5h 9s] [Jd]
*** RIVER *** [2c 5h 9s Jd] [Kc]
Big Blind : Showdown [Ah Ad Kc Jd 9s] (One pair)
Small Blind : Showdown [Kc Jd 9s 7d 5h] (High Card)
Big Blind : Hand result $0.15
Small Blind : Hand result-Side pot $0.20
*** SUMMARY ***
Total Pot($0.35) | Rake ($0)
"""


def test_bovada_blind_posted_all_in_and_side_pot_result():
    """ROOM-ALL-IN: a blind posted 'All-in $X' is the blind of its poster's position, all in."""
    # BB all-in for 0.05. Hero raises to 0.15, SB all-in to 3, Hero folds: 2.85 comes back to SB.
    # Main pot 0.05 x3 = 0.15 (BB's aces win it); side pot 0.10 x2 = 0.20 (SB alone is left in it).
    # Nets: BB 0.15 - 0.05, SB 0.20 - 0.15, Hero -0.15.
    hand = parse_bovada_hand(ALL_IN_BLIND)
    post = next(a for a in hand.actions if a.player == "Big Blind")
    assert (post.kind, post.amount, post.is_all_in) == (ActionKind.POST_BB, D("0.05"), True)
    assert hand.summary.pots == (D("0.15"), D("0.20"))
    assert _nets(hand) == {"Hero": D("-0.15"), "Small Blind": D("0.20") - D("0.15"), "Big Blind": D("0.10")}


# A real hand of the room's samples (LHE-USD-8-16-201204.old.format.txt, hand 2596822481), the old
# export's 'Card dealt to table' street lines: Dealer raises his small blind of 4 to 16, Hero calls
# 8 more; both check the flop; Hero's turn bet of 16 is folded to and comes back. Pot 32, the result
# $31.50 after a rake of 0.50, taken on the turn, where Dealer folded: Hero +15.50, Dealer -16.
FOLDED_ON_THE_TURN = """
Bovada Hand #2596822481 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 20:13:04
Seat 3: Big Blind [ME] ($1,230.14 in chips)
Seat 4: Dealer ($196 in chips)
Dealer : Set dealer/Bring in spot [4]
Dealer : Ante/Small Blind $4
Big Blind [ME] : Big blind/Bring in $8
*** HOLE CARDS ***
Big Blind [ME] : Card dealt to a spot [Ad 3c]
Dealer : Card dealt to a spot [4s 5d]
Dealer : Raises $16
Big Blind [ME] : Calls $8
Card dealt to table [9c 8s Td]
Big Blind [ME] : Checks
Dealer : Checks
Card dealt to table [Jd]
Big Blind [ME] : Bets $16
Dealer : Folds
Big Blind [ME] : Return uncalled portion of bet $16
Big Blind [ME] : Does not show [Ad 3c] (High Card)
Big Blind [ME] : Hand result $31.50
*** SUMMARY ***
Total Pot($32) | Rake ($0.50)
Board [9c 8s Td Jd ]
Seat 3: Big Blind $31.50 [Does not show]
Seat 4: Dealer Folded on the TURN
"""


def test_bovada_a_pot_the_others_fold_to_is_won_on_the_street_of_the_last_fold_and_a_showdown_at_showdown():
    """As PokerStars writes it: the result of a pot nobody contests is taken where the last folded."""
    hand = parse_bovada_hand(FOLDED_ON_THE_TURN)
    assert [(a.player, str(a.street), a.amount) for a in hand.actions if a.kind is ActionKind.COLLECT] == [
        ("Hero", "turn", D("31.50"))]
    assert (hand.summary.total_pot, hand.summary.rake) == (D(32), D("0.50"))
    assert _nets(hand) == {"Hero": D("15.50"), "Dealer": D(-16)}
    # the big blind all in by his post never acts and is still in: the pots go to the showdown
    hand = parse_bovada_hand(ALL_IN_BLIND)
    assert [(a.player, str(a.street)) for a in hand.actions if a.kind is ActionKind.COLLECT] == [
        ("Big Blind", "showdown"), ("Small Blind", "showdown")]


HEADS_UP_BIG_BLIND_SHORT = """
Bovada Hand #2667379227 TBL#3050766 HOLDEM Fixed Limit - 2013-01-25 23:43:20
Seat 1: Dealer [ME] ($884 in chips)
Seat 6: Big Blind ($15 in chips)
Dealer  [ME] : Set dealer/Bring in spot [1]
Dealer  [ME] : Ante/Small Blind $15
Big Blind : All-in $15
*** HOLE CARDS ***
Dealer  [ME] : Card dealt to a spot [Kd 3s]
Big Blind : Card dealt to a spot [5s Td]
*** FLOP *** [8h 3d As]
*** TURN *** [8h 3d As] [4s]
*** RIVER *** [8h 3d As 4s] [7c]
Dealer  [ME] : Showdown [3s 3d As Kd 8h] (One pair)
Big Blind : Showdown [As Td 8h 7c 5s] (High Card)
Dealer  [ME] : Hand result $30
*** SUMMARY ***
Total Pot($30)
Board [8h 3d As 4s 7c]
Seat+1: Dealer $30  with One pair [Kd 3s-3s 3d As Kd 8h]
Seat+6: Big Blind lost with High Card [5s Td-As Td 8h 7c 5s]
"""


def test_bovada_a_big_blind_posted_all_in_short_is_not_the_stakes():
    """ROOM-ALL-IN: a blind posted all in may be short of the stakes' blind, which Bovada's cash text
    does not name: in Fixed Limit the small blind is half the small bet."""
    # (a $30-$60 sample of 2013) heads-up, Hero's small blind 15, the big blind all in for his 15:
    # the small bet is twice the small blind, 30, the big blind; the big bet 60. Nobody has chips
    # to bet against Hero, whose 15 match the big blind's: he owes no action, the cards are dealt.
    hand = parse_bovada_hand(HEADS_UP_BIG_BLIND_SHORT)
    assert (hand.small_blind, hand.big_blind, hand.small_bet, hand.big_bet, hand.stakes) == (
        D(15), D(30), D(30), D(60), "$30/$60 USD")
    assert replay(hand).findings == ()
    assert _nets(hand) == {"Hero": D(15), "Big Blind": D(-15)}


NO_SMALL_BLIND = """
Bovada Hand #2629955907 TBL#1902693 HOLDEM No Limit - 2012-09-02 13:52:49
Seat 1: UTG+1 ($22.23 in chips)
Seat 2: UTG+2 ($15.74 in chips)
Seat 3: Dealer ($37.88 in chips)
Seat 5: Big Blind ($25.02 in chips)
Seat 6: UTG [ME] ($45.89 in chips)
Dealer : Set dealer/Bring in spot [3]
Big Blind : Big blind/Bring in $0.25
UTG+2 : Posts dead chip $0.35
*** HOLE CARDS ***
UTG+1 : Card dealt to a spot [Ac 7h]
UTG+2 : Card dealt to a spot [6c 3s]
Dealer : Card dealt to a spot [7c 3d]
Big Blind : Card dealt to a spot [4c Jh]
UTG  [ME] : Card dealt to a spot [9d 8s]
UTG  [ME] : Folds
UTG+1 : Raises $0.75 to $0.75
UTG+2 : Folds
Dealer : Folds
Big Blind : Folds
UTG+1 : Return uncalled portion of bet $0.50
UTG+1 : Does not show [Ac 7h] (High Card)
UTG+1 : Hand result $0.85
*** SUMMARY ***
Total Pot($0.85) | Rake ($0)
"""


def test_bovada_a_hand_with_no_small_blind_keeps_the_stakes_small_blind():
    """ROOM-DEAD-BLIND: with no small blind posted, a dead chip (small and big blind together) tells
    the small blind, its part over the big blind; in Fixed Limit the small blind is half the small bet."""
    # (game d93b7bd9 of the samples) 0.35 dead chip - 0.25 big blind = 0.10: $0.10/$0.25, not $0.25/$0.25
    hand = parse_bovada_hand(NO_SMALL_BLIND)
    assert (hand.small_blind, hand.big_blind, hand.stakes, hand.small_blind_stated) == (
        D("0.10"), D("0.25"), "$0.10/$0.25 USD", False)
    # UTG+1 wins the big blind's 0.25 and the dead chip's 0.35: 0.25 of his 0.75 called
    assert _nets(hand) == {"UTG+1": D("0.60"), "UTG+2": D("-0.35"), "Dealer": D(0), "Big Blind": D("-0.25"),
                           "Hero": D(0)}
    # (a $8-$16 sample of 2012) a Fixed Limit hand with no small blind: the $8 big blind is the small
    # bet, the small blind half of it, $4
    limit = parse_bovada_hand(LIMIT_NO_SMALL_BLIND)
    assert (limit.small_blind, limit.big_blind, limit.small_bet, limit.big_bet, limit.stakes) == (
        D(4), D(8), D(8), D(16), "$8/$16 USD")
    assert _nets(limit) == {"UTG": D(0), "UTG+1": D(0), "Hero": D(15), "Big Blind": D(-16)}


# A real hand of the samples (NLHE-USD-0.10-0.25-201209.RING - $0.10-$0.25 - .post.both.txt, hand
# 2629951423): nobody posts the small blind, nor a dead chip; the big blind of $0.25 alone names
# the stakes. UTG raises to 0.75, Hero calls from the big blind; checked flop; Hero's turn bet of
# 1.50 is folded to and comes back. Pot 1.50, rake 0.07: Hero +0.68, UTG -0.75.
BIG_BLIND_ALONE = """
Bovada Hand #2629951423 TBL#1902693 HOLDEM No Limit - 2012-09-02 13:26:48
Seat 1: UTG ($7.43 in chips)
Seat 2: UTG+1 ($9.77 in chips)
Seat 3: UTG+2 ($29.98 in chips)
Seat 4: Dealer ($20.21 in chips)
Seat 6: Big Blind [ME] ($25 in chips)
Dealer : Set dealer/Bring in spot [4]
Big Blind  [ME] : Big blind/Bring in $0.25
*** HOLE CARDS ***
UTG : Card dealt to a spot [Jc Qs]
UTG+1 : Card dealt to a spot [Ks 5d]
UTG+2 : Card dealt to a spot [6d 5h]
Dealer : Card dealt to a spot [Kc 2h]
Big Blind  [ME] : Card dealt to a spot [8c 8d]
UTG : Raises $0.75 to $0.75
UTG+1 : Folds
UTG+2 : Folds
Dealer : Folds
Big Blind  [ME] : Calls $0.50
*** FLOP *** [Ac 4c 6h]
Big Blind  [ME] : Checks
UTG : Checks
*** TURN *** [Ac 4c 6h] [7h]
Big Blind  [ME] : Bets $1.50
UTG : Folds
Big Blind  [ME] : Return uncalled portion of bet $1.50
Big Blind  [ME] : Does not show [8c 8d] (One pair)
Big Blind  [ME] : Hand result $1.43
*** SUMMARY ***
Total Pot($1.50) | Rake ($0.07)
Board [Ac 4c 6h 7h ]
Seat+1: UTG Folded on the TURN
Seat+2: UTG+1 Folded before the FLOP
Seat+3: UTG+2 Folded before the FLOP
Seat+4: Dealer Folded before the FLOP
Seat+6: Big Blind $1.43 [Does not show]
"""


def test_bovada_a_big_blind_alone_names_the_rooms_stakes_of_that_big_blind():
    """No small blind and no dead chip: the hand does not say its small blind, so it is the room's
    at a $0.25 big blind, $0.10 (as every other hand of that table posts), not the big blind."""
    hand = parse_bovada_hand(BIG_BLIND_ALONE)
    assert (hand.small_blind, hand.big_blind, hand.stakes, hand.small_blind_stated) == (
        D("0.10"), D("0.25"), "$0.10/$0.25 USD", False)
    assert _nets(hand) == {"Hero": D("0.68"), "UTG": D("-0.75"), "UTG+1": D(0), "UTG+2": D(0), "Dealer": D(0)}
    # other big blinds: the room's $0.02/$0.05, and half the big blind at $0.25/$0.50
    for big, stakes in (("$0.05", "$0.02/$0.05 USD"), ("$0.50", "$0.25/$0.50 USD")):
        assert parse_bovada_hand(BIG_BLIND_ALONE.replace("Bring in $0.25", f"Bring in {big}")).stakes == stakes


def test_bovada_corpus_hands_of_a_table_are_at_one_stakes_with_or_without_a_small_blind():
    """Every hand of the sample file of one $0.10/$0.25 table, the two with no small blind posted too."""
    path = corpus("rooms", "Bovada", "Flop", "NLHE-USD-0.10-0.25-201209.RING - $0.10-$0.25 - .post.both.txt")
    hands = [parse_chunk(chunk, path.name) for chunk in split(decode(path.read_bytes()))]
    assert len(hands) == 49 and sum(not hand.small_blind_stated for hand in hands) == 3
    assert {(hand.small_blind, hand.big_blind, hand.stakes) for hand in hands} == {
        (D("0.10"), D("0.25"), "$0.10/$0.25 USD")}


LIMIT_NO_SMALL_BLIND = """
Bovada Hand #2596779300 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:36:19
Seat 1: UTG ($784 in chips)
Seat 2: UTG+1 ($327.50 in chips)
Seat 3: Dealer [ME] ($204 in chips)
Seat 5: Big Blind ($363.50 in chips)
Dealer [ME] : Set dealer/Bring in spot [3]
Big Blind : Big blind/Bring in $8
*** HOLE CARDS ***
UTG : Card dealt to a spot [4c Ts]
UTG+1 : Card dealt to a spot [5d 6d]
Dealer [ME] : Card dealt to a spot [7d 9c]
Big Blind : Card dealt to a spot [6h 5h]
UTG : Folds
UTG+1 : Folds
Dealer [ME] : Raises $16
Big Blind : Calls $8
Card dealt to table [7s 9s Jd]
Big Blind : Checks
Dealer [ME] : Bets $8
Big Blind : Folds
Dealer [ME] : Return uncalled portion of bet $8
Dealer [ME] : Does not show [7d 9c] (Two pair)
Dealer [ME] : Hand result $31
*** SUMMARY ***
Total Pot($32) | Rake ($1)
Board [7s 9s Jd  ]
"""


def test_bovada_omaha_goes_to_quarantine_naming_the_game():
    text = ZONE_WALK.replace("HOLDEMZonePoker No Limit", "OMAHA HiLo Pot Limit")
    with pytest.raises(ParseError, match="Bovada Omaha Hi-Lo Pot Limit is not supported yet"):
        parse_bovada_hand(text)


def test_bovada_an_unknown_line_is_a_parse_error_with_its_line():
    text = ZONE_WALK.replace("UTG : Leave(Auto)", "UTG : Dances")
    with pytest.raises(ParseError) as caught:
        parse_bovada_hand(text)
    assert caught.value.line == 15 and "cannot read 'UTG : Dances'" in caught.value.reason


def test_bovada_hand_without_hole_cards_line_is_refused_by_the_grammar():
    text = ZONE_WALK.replace("*** HOLE CARDS ***\n", "")
    with pytest.raises(ParseError):
        parse_bovada_hand(text)


SHORT_ALL_IN_RAISED = """
Bovada Hand #2596795140 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 17:59:46
Seat 1: Dealer ($30,202.50 in chips)
Seat 2: Small Blind ($94 in chips)
Seat 3: Big Blind [ME] ($423.64 in chips)
Seat 4: UTG ($72.50 in chips)
Seat 5: UTG+1 ($547 in chips)
Seat 6: UTG+2 ($380 in chips)
Dealer : Set dealer/Bring in spot [1]
Small Blind : Ante/Small Blind $4
Big Blind [ME] : Big blind/Bring in $8
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Kd Jd]
Small Blind : Card dealt to a spot [2s 9c]
Big Blind [ME] : Card dealt to a spot [Jh 5s]
UTG : Card dealt to a spot [Ac As]
UTG+1 : Card dealt to a spot [Tc Ad]
UTG+2 : Card dealt to a spot [3s 5h]
UTG : Raises $16
UTG+1 : Raises $24
UTG+2 : Folds
Dealer : Calls $24
Small Blind : Folds
Big Blind [ME] : Folds
UTG : Raises $32
UTG+1 : Calls $8
Dealer : Calls $8
Card dealt to table [5d 4d Th]
UTG : Bets $8
UTG+1 : Raises $16
Dealer : Raises $24
UTG : Raises $32
UTG+1 : Calls $16
Dealer : Calls $8
Card dealt to table [Td]
UTG : All-in(raise) $8.50
UTG+1 : Raises $32
Dealer : Raises $48
UTG+1 : Calls $16
Card dealt to table [4s]
UTG+1 : Checks
Dealer : Bets $16
UTG+1 : Raises $32
Dealer : Folds
UTG+1 : Return uncalled portion of bet $16
UTG+1 : Showdown [Th Td Tc 4s 4d] (Full House)
UTG : Mucks [Ac As] (Two pair)
UTG+1 : Hand result-Side pot $110.03
UTG+1 : Hand result $227.47
UTG : Seat sit out
*** SUMMARY ***
Total Pot($340.50) | Rake ($3)
Board [5d 4d Th Td 4s]
Seat 1: Dealer Folded on the RIVER
Seat 2: Small Blind Folded on the POCKET CARDS
Seat 3: Big Blind Folded on the POCKET CARDS
Seat 4: UTG [Mucked] [Ac As]
Seat 5: UTG+1 $337.50  with Full House [Tc Ad-Th Td Tc 4s 4d]
Seat 6: UTG+2 Folded on the POCKET CARDS
"""


def test_he_limit_size_a_raise_over_a_short_all_in_of_half_a_bet_goes_a_full_bet_past_it():
    # The room's own hand, $8/$16: on the turn UTG is all-in for $8.50, more than half the $16 bet,
    # which counts as a full bet; UTG+1 raises to $32, a full bet past $16, and Dealer to $48.
    # UTG puts in 32 + 32 + 8.50 = 72.50; UTG+1 and Dealer 32 + 32 + 48 + 16 = 128 each (UTG+1's
    # river raise of 16 comes back); the blinds 4 and 8: a pot of 340.50, of which UTG+1's full
    # house collects 337.50 (a rake of 3): +209.50.
    hand = parse_bovada_hand(SHORT_ALL_IN_RAISED)
    assert _nets(hand) == {"Dealer": D(-128), "Small Blind": D(-4), "Hero": D(-8), "UTG": D("-72.50"),
                           "UTG+1": D("209.50"), "UTG+2": D(0)}


def test_he_limit_size_a_raise_over_a_short_all_in_to_no_size_is_a_finding():
    # The same turn raised to $28: neither a $16 raise over the $8.50 all-in nor one past the $16
    # it counts as
    text = SHORT_ALL_IN_RAISED.replace("UTG+1 : Raises $32\nDealer : Raises $48", "UTG+1 : Raises $28\n"
                                       "Dealer : Raises $44")
    found = [(str(f.rule_id), f.line) for f in replay(parse_bovada_hand(text)).findings if f.severity is Severity.ERROR]
    assert ("HE-LIMIT-SIZE", 36) in found


# The Bodog export of spring 2012: no street lines, the board only in the summary (the corpus's
# LHE-USD-2-4-201205.Bodog.txt).
NO_STREET_LINES = """
Bodog Hand #2607518885 TBL#1266397 HOLDEM Fixed Limit - 2012-05-22 14:54:12
Seat 1: Dealer ($41.21 in chips)
Seat 3: Small Blind ($85 in chips)
Seat 5: Big Blind [ME] ($252.15 in chips)
Dealer : Set dealer/Bring in spot [1]
Small Blind : Ante/Small Blind $1
Big Blind  [ME] : Big blind/Bring in $2
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Kh 2d]
Small Blind : Card dealt to a spot [4d 4s]
Big Blind  [ME] : Card dealt to a spot [Ad 2h]
Dealer : Folds
Small Blind : Raises $4
Big Blind  [ME] : Calls $2
Small Blind : Bets $2
Big Blind  [ME] : Calls $2
Small Blind : Checks
Big Blind  [ME] : Bets $4
Small Blind : Calls $4
Small Blind : Checks
Big Blind  [ME] : Checks
Small Blind : Showdown [5s 5c 4s 4d Kd] (Two pair)
Big Blind  [ME] : Mucks [Ad 2h] (Two pair)
Small Blind : Hand result $19.50
*** SUMMARY ***
Total Pot($20) | Rake ($0.50)
Board [2s Qh 5c 5s Kd]
Seat 1: Dealer Folded on the POCKET CARDS
Seat 3: Small Blind $19.50  with Two pair [4d 4s-5s 5c 4s 4d Kd]
Seat 5: Big Blind [Mucked] [Ad 2h]
"""


def test_bovada_hand_without_street_lines_has_its_streets_told_by_the_betting():
    # $2/$4: the small blind raises to 4 and the big blind calls: the round is over, so the next
    # "Bets $2" opens the flop (a small bet); the call closes it, and "Checks", "Bets $4" (a big
    # bet), "Calls $4" are the turn, the two checks the river. Each puts in 4 + 2 + 4 = 10: a pot
    # of 20, the small blind's two pair collects 19.50 after a rake of 0.50.
    hand = parse_bovada_hand(NO_STREET_LINES)
    streets = [(a.player, str(a.kind), str(a.street)) for a in hand.actions if not str(a.kind).startswith("post")]
    assert streets[:10] == [
        ("Dealer", "fold", "preflop"), ("Small Blind", "raise", "preflop"), ("Hero", "call", "preflop"),
        ("Small Blind", "bet", "flop"), ("Hero", "call", "flop"),
        ("Small Blind", "check", "turn"), ("Hero", "bet", "turn"), ("Small Blind", "call", "turn"),
        ("Small Blind", "check", "river"), ("Hero", "check", "river")]
    assert [str(c) for c in hand.boards[0]] == ["2s", "Qh", "5c", "5s", "Kd"]
    assert _nets(hand) == {"Dealer": D(0), "Small Blind": D("9.50"), "Hero": D(-10)}
    assert replay(hand).findings == ()


def test_bovada_hand_without_street_lines_whose_summary_disagrees_with_the_betting_is_quarantined():
    # a bet after the flop's betting is over, on a board of the flop only: the streets cannot be told
    text = NO_STREET_LINES.replace("Board [2s Qh 5c 5s Kd]", "Board [2s Qh 5c]")
    with pytest.raises(ParseError, match="this Bovada export writes no street lines: the streets of its actions "
                                         r"cannot be told apart \(Small Blind acts after the betting of the flop is "
                                         r"over, and the summary's board is 2s Qh 5c\)") as refused:
        parse_bovada_hand(text)
    assert refused.value.line == 17
    # the small blind folds to the turn's bet: the hand ends on the turn, not on a board of five
    text = NO_STREET_LINES.replace("Small Blind : Calls $4\nSmall Blind : Checks\nBig Blind  [ME] : Checks\n",
                                   "Small Blind : Folds\n")
    with pytest.raises(ParseError, match=r"\(the betting ends on the turn, the summary's board has 5 cards\)"):
        parse_bovada_hand(text)
    # a seat the summary says folded on another street than the betting tells
    text = NO_STREET_LINES.replace("Seat 1: Dealer Folded on the POCKET CARDS", "Seat 1: Dealer Folded on the FLOP")
    with pytest.raises(ParseError, match=r"\(the betting puts Dealer's fold at line 12 on the preflop, the summary "
                                         r"on the flop\)") as refused:
        parse_bovada_hand(text)
    assert refused.value.line_text == "Seat 1: Dealer Folded on the FLOP"


# ---------------------------------------------------------------------- the corpus

# Hands whose lines truly do not add up, by file name: their error findings are right.
INCONSISTENT = {
    ("LHE-USD-8-16-201204.old.format.txt", "2596806815"): "the summary is another hand's, an Omaha hand's (its "
                                                          "board, pot and seats differ from the play, each seat it "
                                                          "sums up shows four hole cards, and a seat's five cards "
                                                          "are not dealt here: tests/test_room_made_cards.py), and "
                                                          "two seats are [ME]",
}
EXPECTED_QUARANTINE = {"NLHE-USD-5-10-201511.concatenated.partial.txt": "two hands cut and joined mid-line"}


def test_bovada_corpus_every_holdem_hand_stored_without_error():
    root = corpus("rooms", "Bovada")
    stored = 0
    quarantined: collections.Counter = collections.Counter()
    unexpected, errors = [], []
    for path in sorted(p for p in root.rglob("*.txt")):
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            try:
                hand = parse_chunk(chunk, str(path))
            except ParseError as error:
                quarantined[error.reason.split(":")[0]] += 1
                if "not supported yet" not in error.reason and path.name not in EXPECTED_QUARANTINE:
                    unexpected.append(f"{path.name}:{error.line}: {error.reason}")
                continue
            stored += 1
            if (path.name, hand.hand_id) in INCONSISTENT:
                continue
            errors += [f"{path.name}:{f.line}: {f.rule_id} {f.message}" for f in replay(hand).findings
                       if f.severity is Severity.ERROR]
    assert stored >= 690, (stored, quarantined)
    assert not unexpected, "\n".join(unexpected)
    assert not errors, "\n".join(errors[:20])


def test_bovada_set_dealer_line_after_a_summary_is_read_as_the_next_hand_run_into_this_one():
    # The sample file joins two hands: the second one's header and first seats are lost, its
    # "Set dealer" line (which opens a hand's play) follows the first one's summary.
    path = corpus("rooms", "Bovada") / "Flop" / "NLHE-USD-5-10-201511.concatenated.partial.txt"
    lines = normalize_lines(decode(path.read_bytes()))
    [chunk] = [c for c in split_games(lines, HEADERS) if c.format == "bovada"]
    with pytest.raises(ParseError, match="comes after this hand's summary: the text of another hand runs into it"
                       ) as refused:
        parse_chunk(chunk, path.name)
    assert refused.value.line_text.startswith("Dealer : Set dealer/Bring in spot [5]")
    # the same line before a summary is the hand's own button
    assert parse_bovada_hand(SHORT_ALL_IN_RAISED).button_seat is not None


def _tournament_hands():
    """The network's tournament samples (Ignition sit-and-gos and a level-22 hand), each with the
    UnstatedRule its header raises: it names no betting structure."""
    folder = corpus("pokerstars") / "hhp" / "holdem" / "ignition"
    for path in sorted(folder.glob("*.txt")):
        for chunk in split(decode(path.read_bytes())):
            if " Tournament #" in chunk.lines[0]:
                with pytest.raises(UnstatedRule) as unstated:
                    parse_chunk(chunk, path.name)
                yield path, unstated.value


def test_bovada_tournament_hands_without_a_setting_stay_in_quarantine_naming_it():
    found = list(_tournament_hands())
    assert len(found) == 7
    for _path, unstated in found:
        assert unstated.reason.startswith("Bovada tournament hands name no betting structure: set it with rasklad "
                                          "ingest --rules")
        assert (unstated.rule, unstated.site, unstated.column) == ("betting", "Ignition", 35)   # at "Tournament"
        assert unstated.table.startswith("Tournament ")


def test_bovada_tournament_hands_read_as_no_limit_replay_without_a_finding():
    # Set no-limit, as their bets show (raises of 3 and 2.5 big blinds, all-ins of any size).
    hands = {}
    for path, unstated in _tournament_hands():
        hand = RuleSettings.of(["room Ignition: no_limit"]).apply(unstated, path.name)
        result = replay(hand)
        assert result.findings == (), (path.name, result.findings)
        hands[path.name] = (hand, {p.player: p.net for p in result.players})
    # Level 22 (3000/6000), worked by hand: eight antes of 600, the blinds; the Dealer raises to
    # 12000 and gets back the 6000 nobody called: a pot of 4800 + 3000 + 6000 + 6000 = 19800.
    hand, got = hands["tourney-level22.txt"]
    assert (hand.is_tournament, hand.tournament_id, hand.currency) == (True, "18094253", "chips")
    assert hand.info.ruleset == "bovada no_limit, no_limit set" and hand.info.site == "Ignition"
    assert hand.button_seat == 1 and [s.seat for s in hand.seats] == list(range(1, 9))   # the seats as listed
    assert got == {"Dealer": D(13200), "Hero": D(-3600), "Big Blind": D(-6600), "UTG": D(-600), "UTG+1": D(-600),
                   "UTG+2": D(-600), "UTG+3": D(-600), "UTG+4": D(-600)}
    # the seats listed from the big blind: 'Set dealer [8]' is the eighth, the Dealer
    hand, _ = hands["sng-tripleup.table-enter.dealer-draw.txt"]
    assert hand.seats[hand.button_seat - 1].player == "Dealer"


def test_bovada_tournament_of_another_game_is_quarantined_by_name():
    line = "Ignition Hand #1: OMAHA Tournament #2 TBL#3, Normal- Level 1 (10/20) - 2017-07-23 21:42:38"
    with pytest.raises(ParseError, match="Bovada Omaha tournament is not supported yet") as refused:
        parse((line, "Seat 1: Dealer (1,500 in chips)"), Source(file="t.txt", first_line=1, last_line=2, game_id="0"))
    assert not isinstance(refused.value, UnstatedRule)


# A tournament all-in at level 5 (50/100), the room's own lines around it (real 2021 hands, ours in
# names and stacks): the small blind calls as his clock runs out ('Call(timeout) 2105'), wins the
# Dealer's bounty ('BOUNTY PRIZE [$10]', and a summary line 'Seat 1:Small Blind … BOUNTY awarded:$10'
# with no space after the colon) and the Dealer, out, a ticket ('Prize Tournament Ticket […]').
# Pot 2155 + 2155 + 100 = 4410 to the small blind's aces and kings with the jack: +2255; the Dealer
# -2155, the big blind -100.
TOURNAMENT_PRIZES = """
Bovada Hand #4000000001: HOLDEM Tournament #20000001 TBL#1, Normal- Level 5 (50/100) - 2021-05-01 20:10:00
Seat 1: Small Blind (2250 in chips)
Seat 2: Big Blind (3000 in chips)
Seat 3: Dealer [ME] (2155 in chips)
Dealer  [ME] : Set dealer [3]
Small Blind : Small Blind 50
Big Blind : Big blind 100
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [Jd Ad]
Big Blind : Card dealt to a spot [Tc 7c]
Dealer  [ME] : Card dealt to a spot [Ah 6h]
Dealer  [ME] : All-in(raise) 2155 to 2155
Small Blind : Call(timeout) 2105
Big Blind : Folds
*** FLOP *** [8d Kc 8h]
*** TURN *** [8d Kc 8h] [Ac]
*** RIVER *** [8d Kc 8h Ac] [Ks]
Dealer  [ME] : Showdown [Ah Ac Ks Kc 8d] (Two pair)
Small Blind : Showdown [Ad Ac Ks Kc Jd] (Two pair)
Small Blind : Hand Result 4410
Small Blind : BOUNTY PRIZE [$10]
Dealer  [ME] : Prize Tournament Ticket [Any Monthly Milly $60 Satellite]
Dealer  [ME] : Ranking 12
*** SUMMARY ***
Total Pot(4410)
Board [8d Kc 8h Ac Ks]
Seat+3: Dealer lose with Two pair [Ah 6h-Ah Ac Ks Kc 8d]
Seat 1:Small Blind 4410  with Two pair [Jd Ad-Ad Ac Ks Kc Jd]   BOUNTY awarded:$10
Seat+2: Big Blind Folded before the FLOP
"""


def test_bovada_tournament_prizes_a_call_on_timeout_and_a_bounty_winners_summary_are_read():
    chunk, = split(TOURNAMENT_PRIZES.strip("\n"))
    with pytest.raises(UnstatedRule) as unstated:
        parse_chunk(chunk, "t.txt")
    hand = RuleSettings.of(["room Bovada: no_limit"]).apply(unstated.value, "t.txt")
    call = next(a for a in hand.actions if a.player == "Small Blind" and a.kind is ActionKind.CALL)
    assert call.amount == D(2105)
    assert _nets(hand) == {"Small Blind": D(2255), "Big Blind": D(-100), "Hero": D(-2155)}


def test_bovada_limit_tournament_stakes_are_named_by_the_bets():
    # Level 5 (50/100) set to Limit: the bets 100 and 200, as PokerStars names Limit stakes (the
    # cash text's Limit stakes are the bets too: '$8/$16 USD' above)
    chunk, = split(TOURNAMENT_PRIZES.strip("\n"))
    with pytest.raises(UnstatedRule) as unstated:
        parse_chunk(chunk, "t.txt")
    for setting, stakes in (("no_limit", "50/100"), ("limit", "100/200")):
        hand = RuleSettings.of([f"room Bovada: {setting}"]).apply(unstated.value, "t.txt")
        assert hand.stakes == stakes
    big = TOURNAMENT_PRIZES.replace("Level 5 (50/100)", "Level 30 (1,000/2,000)")
    chunk, = split(big.strip("\n"))
    with pytest.raises(UnstatedRule) as unstated:
        parse_chunk(chunk, "t.txt")
    # written as PokerStars writes a tournament's level: chips, no thousands separator
    assert RuleSettings.of(["room Bovada: limit"]).apply(unstated.value, "t.txt").stakes == "2000/4000"
