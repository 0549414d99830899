"""Winning Poker Network hands: read by parsers/winning.py, replayed by the one Hold'em engine.

The hands written here are worked by hand: the expected nets are counted from the lines, not
copied from the code. The corpus test reads ../shared/corpora/rooms/Winning (skipped when absent).
"""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest

from parsers.errors import ParseError, UnstatedRule
from parsers.formats import HEADERS, parse_chunk
from parsers.source import decode, normalize_lines, split, split_games
from parsers.winning import parse
from pipeline.ingest import ingest
from pipeline.table_rules import RuleSettings
from pipeline.warehouse import connect
from pipeline.worker import WARM_UP
from rules.findings import Severity
from rules.holdem_engine import NotReplayed, replay
from rules.holdem_hand import ActionKind, BettingStructure, CardsHow
from tests.conftest import corpus
from tests.room_corpus import in_other_currency, read_room

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
    """ROOM-UNCALLED: a walk's uncalled big blind goes back with no line saying so."""
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
    """ROOM-RAKE: the jackpot fee is taken from the pot with the rake."""
    # pot 0.05 x3 + 0.55 x2 = 1.25; paid 1.19, rake 0.04 and jackpot fee 0.02 (both the room's)
    hand = _hand(CAP_AND_JACKPOT)
    cap = next(a for a in hand.actions if a.is_capped)
    assert (cap.player, cap.kind, cap.raise_to, cap.amount) == ("IrishPimp2233", ActionKind.RAISE, D("0.55"),
                                                                D("0.44"))
    assert hand.summary.total_pot == D("1.25") and hand.summary.rake == D("0.06")
    assert _nets(hand) == {"Papabear2016": D("-0.05"), "ccZORBAcc": D("1.19") - D("0.60"), "Itspinkynigga": D(0),
                           "IrishPimp2233": D("-0.60")}


def test_winning_room_currency_an_amount_in_another_currency_than_dollars_is_read_and_a_warning():
    """ROOM-CURRENCY: Winning plays in US dollars; an amount with another sign is read as written."""
    findings, got, line = in_other_currency(parse, CAP_AND_JACKPOT, "IrishPimp2233 caps $0.55",
                                            "IrishPimp2233 caps €0.55")
    assert findings == [("ROOM-CURRENCY", Severity.WARNING, line, "USD", "EUR")]
    assert got["IrishPimp2233"] == D("-0.60") and got["ccZORBAcc"] == D("0.59")


def test_winning_room_rake_a_rake_and_jackpot_fee_of_the_whole_pot_is_an_error():
    """ROOM-RAKE: the rake and jackpot fee together are a share of the pot, never all of it."""
    # the real hand with its 1.25 pot written as 1.23 rake and 0.02 fee, and nothing collected
    text = CAP_AND_JACKPOT.replace("ccZORBAcc collected $1.19 from main pot\n", "").replace(
        "Total pot $1.19 | Rake $0.04", "Total pot $0 | Rake $1.23").replace("and won $1.19 with", "and won $0 with")
    result = replay(_hand(text), allin_ev=False)
    line = text.strip("\n").split("\n").index("Total pot $0 | Rake $1.23 | JP Fee $0.02") + 1
    assert [(f.rule_id, f.severity, f.line, f.actual) for f in result.findings] == [
        ("ROOM-RAKE", Severity.ERROR, line, "1.25")]


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
Seat 5: Player4 (button) folded on the Pre-Flop
Seat 7: Player6 (small blind) folded on the Flop
Seat 8: Player7 (big blind) folded on the Flop
Seat 9: Player8 did not show and won $0.17
"""


def test_winning_posts_dead_is_big_blind_live_and_small_blind_dead():
    """ROOM-DEAD-BLIND: 'posts dead' is the big blind live and the small blind dead."""
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
Seat 1: Player0 (big blind) folded on the Pre-Flop
Seat 3: Hero showed [Ac Ad] and won $123.00 with two pair, Aces and Sevens [Ac Ad 7d 7h Qd]
Seat 4: Player2 showed [Kh Kd] and lost with two pair, Kings and Sevens [Kh Kd 7d 7h Qd]
Seat 5: Player3 (button) folded on the Pre-Flop
Seat 6: Player4 (small blind) folded on the Pre-Flop
Board 2 [6c 9s Kc 8c 6s]
Seat 1: Player0 (big blind) folded on the Pre-Flop
Seat 3: Hero showed [Ac Ad] and lost with two pair, Aces and Sixs [Ac Ad 6s 6c Kc]
Seat 4: Player2 showed [Kh Kd] and won $123.00 with a full house, Kings full of Sixs [Kh Kd Kc 6s 6c]
Seat 5: Player3 (button) folded on the Pre-Flop
Seat 6: Player4 (small blind) folded on the Pre-Flop
"""


def test_winning_run_it_twice_pays_each_board_half_the_pot():
    """ROOM-RUN-TWICE: each board of RUN IT TWICE pays half the pot."""
    # Pot 120 + 120 + 3 + 6 = 249 (Player2's 14 over Hero's all-in comes back); rake and fee 3,
    # 123 a board: Hero's aces win the first, Player2's full house the second.
    hand = _hand(RUN_TWICE)
    assert [len(b) for b in hand.boards] == [5, 5] and str(hand.boards[1][2]) == "Kc"
    collects = [(a.player, a.amount, a.board) for a in hand.actions if a.kind is ActionKind.COLLECT]
    assert collects == [("Hero", D("123.00"), 0), ("Player2", D("123.00"), 1)]
    assert hand.summary.total_pot == D("249.00") and hand.summary.rake == D("3.00")
    assert _nets(hand) == {"Player0": D("-6"), "Hero": D("3"), "Player2": D("3"), "Player3": D(0),
                           "Player4": D("-3")}


def test_winning_room_run_twice_a_second_board_dealing_the_first_boards_turn_again_is_an_error():
    """ROOM-RUN-TWICE: the second run deals its own cards, none the first run dealt."""
    # the real hand with its second turn written 7h, the first board's turn: Player2's full house still wins
    text = RUN_TWICE.replace("[6c 9s Kc] [8c]", "[6c 9s Kc] [7h]").replace("[6c 9s Kc 8c", "[6c 9s Kc 7h")
    result = replay(_hand(text), allin_ev=False)
    line = text.strip("\n").split("\n").index("*** FLOP 2 *** [6c 9s Kc]") + 1
    assert [(f.rule_id, f.severity, f.line, f.actual) for f in result.findings] == [
        ("ROOM-RUN-TWICE", Severity.ERROR, line, "7h")]


def test_winning_room_all_in_a_raise_of_the_whole_stack_without_its_words_is_a_warning():
    """ROOM-ALL-IN: Winning says every all-in ('and is all-in'); the stacks are read as written."""
    text = RUN_TWICE.replace("Hero raises $120.00 to $120.00 and is all-in", "Hero raises $120.00 to $120.00")
    result = replay(_hand(text), allin_ev=False)
    line = text.strip("\n").split("\n").index("Hero raises $120.00 to $120.00") + 1
    assert [(f.rule_id, f.severity, f.line) for f in result.findings] == [("ROOM-ALL-IN", Severity.WARNING, line)]
    assert {p.player: p.net for p in result.players}["Hero"] == D("3")




def test_winning_omaha_goes_to_quarantine_naming_the_game():
    with pytest.raises(ParseError, match="Winning Omaha H/L No Limit is not supported yet"):
        _hand(WALK.replace("Holdem(No Limit)", "Omaha H/L(No Limit)"))


OLDER = """
Game started at: 2016/8/8 16:26:41

Game ID: 698338917 0.01/0.02 (PRR) Bahamut (Cap) - 5 (Hold'em)

Seat 3 is the button

Seat 1: shadex47 (2).

Seat 2: busmanstc (2.02).

Seat 3: unregpre (2.12).

Seat 5: rt1501 (0.80).

Player rt1501 has small blind (0.01)

Player shadex47 has big blind (0.02)

Player rt1501 received a card.

Player shadex47 received card: [Ad]

Player shadex47 received card: [8s]

Player busmanstc received a card.

Player unregpre received a card.

Player busmanstc raises (0.04)

Player unregpre folds

Player rt1501 folds

Player shadex47 calls (0.02)

*** FLOP ***: [Ks 2d 7c]

Player shadex47 checks

Player busmanstc bets (0.06)

Player shadex47 folds

Uncalled bet (0.06) returned to busmanstc

Player busmanstc mucks cards

------ Summary ------

Pot: 0.08. Rake 0.01

Board: [Ks 2d 7c]

Player shadex47 does not show cards.Bets: 0.04. Collects: 0. Loses: 0.04.

*Player busmanstc mucks (does not show cards). Bets: 0.04. Collects: 0.08. Wins: 0.04.

Player unregpre does not show cards.Bets: 0. Collects: 0. Wins: 0.

Player rt1501 does not show cards.Bets: 0.01. Collects: 0. Loses: 0.01.

Game ended at: 2016/8/8 16:27:29
"""


def test_winning_older_text_without_a_setting_stays_in_quarantine_naming_the_setting():
    [chunk] = split(OLDER.strip("\n"))
    assert chunk.format == "winning_older"
    with pytest.raises(UnstatedRule, match="name no betting structure: set it with rasklad ingest --rules") as error:
        parse_chunk(chunk, "old.txt")
    assert (error.value.rule, error.value.site, error.value.table) == ("betting", "Winning", "(PRR) Bahamut (Cap) - 5")
    assert error.value.line == 3      # the Game ID line, in the file's numbering
    with pytest.raises(UnstatedRule):
        RuleSettings.of(["room GGPoker: no_limit"]).apply(error.value, "old.txt")


def test_winning_older_text_is_read_under_the_structure_the_user_set():
    # Worked: busmanstc raises to 0.04 (adds 0.04), the big blind calls 0.02 more; the flop bet
    # of 0.06 comes back. Pot 0.04 + 0.04 + 0.01 = 0.09, rake 0.01, 0.08 paid: busmanstc +0.04,
    # shadex47 -0.04, rt1501 -0.01, as the summary's Wins and Loses say.
    [chunk] = split(OLDER.strip("\n"))
    with pytest.raises(UnstatedRule) as error:
        parse_chunk(chunk, "old.txt")
    for setting in ("table (PRR) Bahamut (Cap) - 5: no_limit", "room Winning: no_limit", "no_limit"):
        hand = RuleSettings.of([setting], ["old.txt"]).apply(error.value, "old.txt")
        assert hand.betting is BettingStructure.NO_LIMIT and hand.info.ruleset == "winning no_limit, no_limit set"
    assert hand.currency == "USD" and hand.button_seat == 3 and hand.summary.rake == D("0.01")
    raise_ = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert (raise_.player, raise_.amount, raise_.raise_to) == ("busmanstc", D("0.02"), D("0.04"))
    assert _nets(hand) == {"shadex47": D("-0.04"), "busmanstc": D("0.04"), "unregpre": D(0), "rt1501": D("-0.01")}
    # the file's setting over the room's
    settings = RuleSettings.of(["room Winning: limit", "pot_limit"], ["old.txt"])
    assert settings.apply(error.value, "old.txt").betting is BettingStructure.POT_LIMIT


# A real hand of the samples (NLHE-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt, game
# 698347770), the older text, which writes no showdown line: three fold, the small blind completes,
# both check to the river and show a pair of sevens with the same kicker (7 7 Q J 10): the pot of
# 0.04 (no rake) is split, 0.02 each, and both net 0.
CHECKED_DOWN = """
Game started at: 2016/8/8 16:39:55

Game ID: 698347770 0.01/0.02 (PRR) Bahamut (Short) - 2 (Hold'em)

Seat 4 is the button

Seat 1: STACKS5143 (0.92).

Seat 2: armyvisayan (0.43).

Seat 4: MosarP73 (1.09).

Seat 5: ChazDazzle (0.49).

Seat 6: MEG1203 (0.40).

Player ChazDazzle has small blind (0.01)

Player MEG1203 has big blind (0.02)

Player ChazDazzle received card: [Jd]

Player ChazDazzle received card: [2s]

Player MEG1203 received a card.

Player MEG1203 received a card.

Player STACKS5143 received a card.

Player STACKS5143 received a card.

Player armyvisayan received a card.

Player armyvisayan received a card.

Player MosarP73 received a card.

Player MosarP73 received a card.

Player STACKS5143 folds

Player armyvisayan folds

Player MosarP73 folds

Player ChazDazzle calls (0.01)

Player MEG1203 checks

*** FLOP ***: [7h 7s 10h]

Player ChazDazzle checks

Player MEG1203 checks

*** TURN ***: [7h 7s 10h] [8h]

Player ChazDazzle checks

Player MEG1203 checks

*** RIVER ***: [7h 7s 10h 8h] [Qs]

Player ChazDazzle checks

Player MEG1203 checks

------ Summary ------

Pot: 0.04. Rake 0

Board: [7h 7s 10h 8h Qs]

Player STACKS5143 does not show cards.Bets: 0. Collects: 0. Wins: 0.

Player armyvisayan does not show cards.Bets: 0. Collects: 0. Wins: 0.

Player MosarP73 does not show cards.Bets: 0. Collects: 0. Wins: 0.

*Player ChazDazzle shows: One pair of 7s [Jd 2s]. Bets: 0.02. Collects: 0.02. Wins: 0.

*Player MEG1203 shows: One pair of 7s [Jh 3s]. Bets: 0.02. Collects: 0.02. Wins: 0.

Game ended at: 2016/8/8 16:40:45
"""


def _older_no_limit(text: str):
    [chunk] = split(text.strip("\n"))
    with pytest.raises(UnstatedRule) as unstated:
        parse_chunk(chunk, "old.txt")
    return RuleSettings.of(["no_limit"], ["old.txt"]).apply(unstated.value, "old.txt")


def test_winning_older_text_pays_a_pot_shown_down_on_the_showdown_and_one_folded_to_where_the_last_folded():
    """As PokerStars writes it, though the older text writes no showdown line: a pot two players
    show down is collected on the showdown; one the others fold to, on the street of the last fold."""
    hand = _older_no_limit(CHECKED_DOWN)
    assert [(a.player, str(a.street), a.amount) for a in hand.actions if a.kind is ActionKind.COLLECT] == [
        ("ChazDazzle", "showdown", D("0.02")), ("MEG1203", "showdown", D("0.02"))]
    assert {p: net for p, net in _nets(hand).items() if net} == {}
    # OLDER: shadex47 folds to the flop bet, whose 0.06 comes back; busmanstc's 0.08 is taken on the flop
    hand = _older_no_limit(OLDER)
    assert [(a.player, str(a.street), a.amount) for a in hand.actions if a.kind is ActionKind.COLLECT] == [
        ("busmanstc", "flop", D("0.08"))]


SIX_PLUS = ("Game started at: 2019/2/16 8:37:2\nGame ID: 1377529121 0.02/0.05 6+ (PRR) ($5 Max) (Six Plus Hold'em)\n"
            "Seat 5 is the button\nSeat 1: ChazDazzle (2).\nSeat 3: primo4 (4.98).\nSeat 5: validraize (9.65).\n"
            "Seat 6: WhatAcrock420 (4.82).\nPlayer WhatAcrock420 has small blind (0.02)\n"
            "Player ChazDazzle has big blind (0.05)\nPlayer ChazDazzle received card: [6s]\n"
            "Player ChazDazzle received card: [6c]\nPlayer primo4 received a card.\nPlayer primo4 calls (0.05)\n"
            "Player validraize raises (0.22)\nPlayer WhatAcrock420 folds\nPlayer ChazDazzle calls (0.17)\n"
            "Player primo4 folds\n*** FLOP ***: [7h Kh 8s]\nPlayer ChazDazzle checks\nPlayer validraize checks\n"
            "*** TURN ***: [7h Kh 8s] [6d]\nPlayer ChazDazzle bets (0.05)\nPlayer validraize folds\n"
            "Uncalled bet (0.05) returned to ChazDazzle\nPlayer ChazDazzle mucks cards\n------ Summary ------\n"
            "Pot: 0.49. Rake 0.02\nBoard: [7h Kh 8s 6d]\n"
            "*Player ChazDazzle mucks (does not show cards). Bets: 0.22. Collects: 0.49. Wins: 0.27.\n"
        "Game ended at: 2019/2/16 8:37:46")
"""A real Six Plus Hold'em hand of the older text (36 cards): it names neither its betting structure nor its order."""


def test_winning_older_six_plus_holdem_needs_its_order_set_too_then_replays_as_36_cards():
    # The room's own hand: ChazDazzle's big blind calls validraize's raise to 0.22 and takes the
    # pot with a turn bet nobody calls: 0.22 + 0.22 + 0.05 + 0.02 = 0.51, rake 0.02, 0.49 paid.
    [chunk] = split(SIX_PLUS)
    with pytest.raises(UnstatedRule) as unstated:
        parse_chunk(chunk, "six.txt")
    # neither set: one reason names both settings, each with its form, so that one ingest reads it
    with pytest.raises(UnstatedRule) as both:
        RuleSettings.of([]).apply(unstated.value, "six.txt")
    assert both.value.reason == (
        "Winning Six Plus Hold'em hands of the older text ('Game started at: …') name no betting structure and "
        "do not say whether a straight beats three of a kind: set both with rasklad ingest --rules, once for each "
        "(no_limit, pot_limit or limit; straight_beats_trips or trips_beat_straight; for the files of the run, or "
        "'table NAME: no_limit' and 'table NAME: trips_beat_straight', or 'room Winning: no_limit' and "
        "'room Winning: trips_beat_straight')")
    assert (both.value.rule, both.value.line, both.value.column) == ("betting", 2, 1)
    # the order set, the structure not: the reason asks for the structure alone
    with pytest.raises(UnstatedRule) as betting:
        RuleSettings.of(["room Winning: trips_beat_straight"]).apply(unstated.value, "six.txt")
    assert "name no betting structure: set it with" in betting.value.reason
    assert "straight" not in betting.value.reason
    with pytest.raises(UnstatedRule, match="do not say whether a straight beats three of a kind: set it") as order:
        RuleSettings.of(["room Winning: no_limit"]).apply(unstated.value, "six.txt")
    assert order.value.rule == "order"
    assert "betting" not in order.value.reason
    hand = RuleSettings.of(["room Winning: no_limit", "table 6+ (PRR) ($5 Max): straight_beats_trips"]).apply(
        unstated.value, "six.txt")
    assert (hand.info.game, hand.is_short_deck, hand.straight_beats_trips) == ("holdem36", True, True)
    assert hand.info.ruleset == "winning no_limit, no_limit set, straight_beats_trips set"
    assert _nets(hand) == {"ChazDazzle": D("0.27"), "primo4": D("-0.05"), "validraize": D("-0.22"),
                           "WhatAcrock420": D("-0.02")}


def test_one_ingest_given_the_two_settings_a_six_plus_hand_is_quarantined_for_stores_it(tmp_path):
    # the first ingest quarantines the hand for both settings; the next, given both, stores it
    six, warehouse = tmp_path / "six.txt", tmp_path / "wh"
    six.write_text(SIX_PLUS, encoding="utf-8")
    waiting = ingest([six], warehouse, jobs=1)
    assert (waiting.games, waiting.quarantined) == (0, 1)
    [reason] = waiting.reasons
    assert "'room Winning: no_limit' and 'room Winning: trips_beat_straight'" in reason
    stored = ingest([six], warehouse, jobs=1, rules=["room Winning: no_limit", "room Winning: trips_beat_straight"])
    assert (stored.retried, stored.retried_stored, stored.quarantined) == (1, 1, 0)
    with connect(warehouse) as con:
        assert con.execute("select games.game, hand_id from games join holdem_results using (game_id) "
                           "where player = 'ChazDazzle'").fetchall() == [("holdem36", "1377529121")]
        assert con.execute("select count(*) from quarantine").fetchall() == [(0,)]


def test_winning_older_text_of_another_game_is_quarantined_by_name():
    with pytest.raises(ParseError, match="Winning Omaha HiLow is not supported yet") as error:
        _hand(OLDER.replace("(Hold'em)", "(Omaha HiLow)"))
    assert not isinstance(error.value, UnstatedRule)


# Logs whose findings are right, by file name (and why).
INCONSISTENT = {
    "NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt":
        "a player without a name and without a seat line posts, bets and wins: his chips at the start are not known",
}
_WINS = re.compile(r"^\*?Player (?P<p>.*?) ?(?:does not show|mucks|shows).*(?P<how>Wins|Loses): (?P<n>\d+(?:\.\d+)?)\.?$")


def test_winning_older_corpus_hands_net_what_their_summary_says():
    """Every older-text Hold'em hand of the samples, read under the structure its bets show (the
    files named LHE raise by fixed bets; the others by any amount), replays without an error
    finding, and each player's net is the summary's 'Wins' or 'Loses' (among them a newcomer's
    'posts (5)' at 5/10, a live small blind his call of 5 makes 10: hand 698322413)."""
    root = corpus("rooms", "Winning")
    stored = 0
    wrong = []
    for path in sorted(root.rglob("*.txt")):
        settings = RuleSettings.of(["limit" if path.name.startswith("LHE") else "no_limit", "trips_beat_straight"],
                                   [path.name])
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            if chunk.format != "winning_older":
                continue
            try:
                parse_chunk(chunk, path.name)
            except UnstatedRule as unstated:
                hand = settings.apply(unstated, path.name)
            except ParseError as error:
                assert "not supported yet" in error.reason or "cannot be read in the encoding" in error.reason, error
                continue
            stored += 1
            result = replay(hand)
            errors = [f.rule_id for f in result.findings if f.severity is Severity.ERROR]
            if bool(errors) != (path.name in INCONSISTENT):
                wrong.append(f"{path.name} {hand.hand_id}: {errors}")
            said = {m["p"]: D(m["n"]) * (1 if m["how"] == "Wins" else -1)
                    for m in map(_WINS.match, chunk.lines) if m and D(m["n"])}
            nets = {p.player: p.net for p in result.players if p.net}
            if path.name not in INCONSISTENT and nets != said:
                wrong.append(f"{path.name} {hand.hand_id}: {nets} != {said}")
    assert stored == 46, stored      # 23 hands (one of Six Plus Hold'em), each in two folders
    assert not wrong, "\n".join(wrong)


def test_winning_corpus_every_holdem_hand_stored_without_error():
    """Every Hold'em hand of the samples, both texts (the older one under the structure its
    bets show), is stored; the errors found are those of INCONSISTENT. The rest of the
    quarantine: other games by name, and nothing else: every UTF-16 file of the room ends in a line
    feed byte too many (an odd length, 0A 00 0A), which holds no game and is no fault."""
    root = corpus("rooms", "Winning")
    run = read_room(root)
    assert len(run.stored) == 52, run.quarantined
    assert {name for name, _, _ in run.errors()} == set(INCONSISTENT)
    unexpected = {reason for reason in run.quarantined if "not supported yet" not in reason}
    assert not unexpected, unexpected


def test_winning_odd_length_utf16_files_are_quarantined_for_their_game_never_their_lone_byte():
    # 7-Stud-HL's last line ends in the odd last byte, 7-Stud-8max's stands after its last hand: a
    # line feed either way, no fault; each Stud game is refused as such (docs/formats.md, encodings)
    refused = {}
    for name in ("7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt",
                 "7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"):
        for chunk in split(decode((corpus("rooms", "Winning") / name).read_bytes())):
            with pytest.raises(ParseError) as error:
                parse_chunk(chunk, name)
            refused[name[:9], error.value.line, error.value.column] = error.value.reason.split(":")[0]
    assert refused == {
        ("7-Stud-HL", 3, 46): "Winning Seven Cards Stud HiLow is not supported yet",
        ("7-Stud-HL", 97, 46): "Winning Seven Cards Stud HiLow is not supported yet",
        ("7-Stud-8m", 3, 37): "Winning Seven Cards Stud is not supported yet",
        ("7-Stud-8m", 57, 37): "Winning Seven Cards Stud is not supported yet",
        ("7-Stud-8m", 133, 37): "Winning Seven Cards Stud is not supported yet",
        ("7-Stud-8m", 217, 37): "Winning Seven Cards Stud is not supported yet"}


def test_ingest_of_a_real_utf16_export_ending_in_a_line_feed_byte_too_many_is_clean(tmp_path):
    # A real export (UTF-16, 2,609 bytes: it ends 0A 00 0A): its one hand stored, nothing
    # quarantined, exit 0; the lone last byte quarantined the file on every run before
    from click.testing import CliRunner

    from pipeline.cli import main

    real = corpus("rooms", "Winning", "Flop", "NLHE-6max-USD-0.02-0.05-201608.HH00000000 G0.txt")
    log = tmp_path / "x.txt"
    log.write_bytes(real.read_bytes())
    assert len(log.read_bytes()) % 2 == 1 and log.read_bytes().endswith(b"\x0a\x00\x0a")
    result = CliRunner().invoke(main, ["ingest", str(log), "--warehouse", str(tmp_path / "wh"), "--json",
                                       "--rules", "room Winning: no_limit"], catch_exceptions=False)
    summary = json.loads(result.stdout)
    assert (result.exit_code, summary["games"], summary["quarantined"]) == (0, 1, 0), result.output


def test_ingest_of_older_text_quarantines_naming_the_setting_then_stores_it_once_set(tmp_path):
    # three real hands of the older text (play money, 5/10); a real warehouse, twice
    log = tmp_path / "older.txt"
    log.write_bytes((WARM_UP / "winning_older.txt").read_bytes())
    warehouse = tmp_path / "wh"
    first = ingest([log], warehouse, jobs=1)
    assert (first.games, first.quarantined) == (0, 3)
    with connect(warehouse) as con:
        reasons = {row[0] for row in con.execute("select error from quarantine").fetchall()}
    assert len(reasons) == 1 and "--rules" in reasons.pop()
    again = ingest([log], warehouse, jobs=1, rules=["room Winning: no_limit"])
    assert again.retried_stored == 3
    with connect(warehouse) as con:
        assert con.execute("select count(*) from quarantine").fetchone()[0] == 0
        rows = con.execute("select distinct ruleset, site, currency from games").fetchall()
        nets = dict(con.execute("select player, sum(net) from game_players group by player").fetchall())
        settings = dict(con.execute("select name, value from settings").fetchall())
    assert rows == [("winning no_limit, no_limit set", "Winning", "chips")]     # play money: chips
    assert settings == {"rules betting room Winning": "no_limit"}
    # the summaries' Wins and Loses of the three hands, added up
    assert nets["Samshark"] == D("499.66") - D("16.73") and nets["cleareyesandsoda"] == D("73.92")


def test_removing_the_setting_that_read_older_text_quarantines_its_hands_says_so_as_reaudit_and_exits_1(tmp_path):
    # the three real hands name no betting structure: without the setting that read them, the re-audit
    # of its removal sends them back to quarantine, which every command tells with exit code 1
    from click.testing import CliRunner

    from pipeline.cli import main

    def run(*args: str):
        return CliRunner().invoke(main, [*args, "--warehouse", str(warehouse)], catch_exceptions=False)

    log = tmp_path / "older.txt"
    log.write_bytes((WARM_UP / "winning_older.txt").read_bytes())
    warehouse = tmp_path / "wh"
    setting = "room Winning: no_limit"
    assert run("ingest", str(log), "-q", "--rules", setting).exit_code == 0
    removed = run("settings", "rules", setting, "--remove")
    assert removed.exit_code == 1, removed.output
    with connect(warehouse) as con:
        held = con.execute("select quarantine_id, source_file, line, \"column\", error from quarantine "
                           "order by line").fetchall()
    assert len(held) == 3 and all("--rules" in error for *_, error in held)
    # each game named as `rasklad reaudit` names those it sends to quarantine, in its words
    assert removed.output.splitlines() == [
        f"Removed the rule setting '{setting}'.",
        "  3 stored games judged again without it (judged under it before): 0 findings, 3 sent to quarantine",
        "  The games read from now on are judged without it.",
        *(f"  sent to quarantine: {file}:{line}:{column} (game {game_id}): {error}"
          for game_id, file, line, column, error in held),
        "  3 games stored before are quarantined now: they count in no statistics any more",
        f"See them with: rasklad quarantine --warehouse {warehouse}"]
    # read again under the setting, then removed under --json: the games as `reaudit --json` lists them
    assert run("ingest", str(log), "-q", "--rules", setting).exit_code == 0
    removed = run("settings", "rules", setting, "--remove", "--json")
    assert removed.exit_code == 1, removed.output
    assert json.loads(removed.stdout) == {
        "removed": [setting], "judged_again": 3, "findings": 0,
        "sent_to_quarantine": [{"game_id": game_id, "source_file": file, "line": line, "column": column,
                                "reason": error} for game_id, file, line, column, error in held]}


def test_export_of_older_text_hands_read_under_a_setting_loads_in_pokerkit_to_the_stored_nets(tmp_path):
    import tomllib

    from pipeline.export import export
    from tests.holdem_helpers import pokerkit_chip_stacks

    log = tmp_path / "older.txt"
    log.write_bytes((WARM_UP / "winning_older.txt").read_bytes())
    ingest([log], tmp_path / "wh", jobs=1, rules=["room Winning: no_limit"])
    with connect(tmp_path / "wh") as con:
        summary = export(con, "phh", tmp_path / "phh")
        rakes = dict(con.execute("select game_id, any_value(rake) from holdem_results group by game_id").fetchall())
    assert len(summary.written) == 3 and not summary.skipped
    dealt = 0
    for path in summary.written:
        text = path.read_text()
        fields = tomllib.loads(text, parse_float=D)
        dealt += sum(a.startswith("d db") for a in fields["actions"])   # the board, from the text read again
        got, want = pokerkit_chip_stacks(text), [D(s) for s in fields["finishing_stacks"]]
        # pokerkit takes no rake: the winner ends with the rake more
        assert sum(g - w for g, w in zip(got, want)) == rakes[path.stem], path.name
    assert dealt >= 3     # the first hand is dealt to the turn, the others to the river


# A tournament hand of 2021 (real hands' lines, ours in names and amounts): antes before the hole
# cards, the blinds after them and the running pots; Lev, moved in, waits for the button. Antes
# 3 x 200, the blinds 1,000 and 2,000; Vera raises to 6,000, Anna calls, Boris calls all in for his
# last 1,000. The main pot 600 + 3 x 3,000 = 9,600 to Boris's aces, side pot 1, 2 x 3,000 = 6,000,
# to Vera's kings: Boris +6,400, Vera -200, Anna -6,200.
TOURNAMENT = """
Game Hand #718596999 - Tournament #24139358 - Holdem(No Limit) - Level 5 (1000.00/2000.00)- 2021/02/25 22:07:46 UTC
Table '2' 9-max Seat #4 is the button
Seat 1: Anna (10000.00)
Seat 2: Lev will be allowed to play after the button
Seat 3: Boris (3200.00)
Seat 4: Vera (20000.00)
Anna posts ante 200.00
Boris posts ante 200.00
Vera posts ante 200.00
*** HOLE CARDS ***
Main pot 600.00
Anna posts the small blind 1000.00
Boris posts the big blind 2000.00
Dealt to Vera [Kd Kh]
Vera raises 4000.00 to 6000.00
Anna calls 5000.00
Boris calls 1000.00 and is all-in
*** FLOP *** [Kc Ad 4h]
Main pot 9600.00
Side pot(1) 6000.00
Anna checks
Vera checks
*** TURN *** [Kc Ad 4h] [Ts]
Main pot 9600.00
Side pot(1) 6000.00
Anna checks
Vera checks
*** RIVER *** [Kc Ad 4h Ts] [2s]
Main pot 9600.00
Side pot(1) 6000.00
Anna checks
Vera checks
*** SHOW DOWN ***
Main pot 9600.00
Side pot(1) 6000.00
Anna shows [7d 6d] (high card Ace)
Vera shows [Kd Kh] (three of a kind, Kings)
Boris shows [As Ac] (three of a kind, Aces)
Vera collected 6000.00 from side pot-1
Boris collected 9600.00 from main pot
*** SUMMARY ***
Total pot 15600.00
Board [Kc Ad 4h Ts 2s]
Seat 1: Anna (small blind) showed [7d 6d] and lost with high card Ace
Seat 3: Boris (big blind) showed [As Ac] and won 9600.00 with three of a kind, Aces
Seat 4: Vera (button) showed [Kd Kh] and won 6000.00 with three of a kind, Kings
"""


def test_winning_tournament_hands_are_read_in_chips_with_their_level_and_side_pots():
    hand = _hand(TOURNAMENT)
    assert (hand.is_tournament, hand.tournament_id, hand.currency) == (True, "24139358", "chips")
    assert (hand.small_blind, hand.big_blind, hand.info.table_name) == (D(1000), D(2000), "Tournament 24139358 table 2")
    assert [s.player for s in hand.seats] == ["Anna", "Boris", "Vera"]
    assert _nets(hand) == {"Anna": D(-6200), "Boris": D(6400), "Vera": D(-200)}


def _findings(text: str) -> list[tuple]:
    return [(str(f.rule_id), f.severity, f.line, f.expected, f.actual) for f in replay(_hand(text)).findings]


def test_winning_summary_seats_and_the_showdowns_running_pots_are_read():
    # the running pots after '*** SHOW DOWN ***' (lines 34-35) are the pots after rake; every seat is
    # summed up (nobody sits out), Boris's line 45 winning the main pot, Vera's line 46 the side pot
    hand = _hand(TOURNAMENT)
    assert hand.summary.pots == (D(9600), D(6000)) and hand.summary.lists_every_seat
    assert [(s.seat, s.player, s.won, s.line) for s in hand.summary.seats] == [
        (1, "Anna", (), 44), (3, "Boris", (D(9600),), 45), (4, "Vera", (D(6000),), 46)]


def test_winning_a_summary_seat_that_says_another_win_than_the_collects_is_an_error():
    # Vera collects 6,000 (line 39); her summary line 46 says 6,500
    assert _findings(TOURNAMENT.replace("won 6000.00", "won 6500.00")) == [
        ("HE-COLLECTED", Severity.ERROR, 46, "6000", "6500")]


def test_winning_a_seat_the_summary_leaves_out_is_an_error_at_the_hands_last_line():
    # Anna's line 44 lost: the hand now ends at line 45
    assert _findings(TOURNAMENT.replace("Seat 1: Anna (small blind) showed [7d 6d] and lost with high card Ace\n",
                                        "")) == [("HE-SUMMARY-SEATS", Severity.ERROR, 45, "a summary line for seat 1",
                                                  "none")]


def test_winning_showdown_running_pots_that_do_not_add_up_are_an_error():
    # the showdown's side pot written 5,000: the pots after rake list 14,600 of 15,600 (the total's line
    # 42), and Vera's collect of 6,000 (line 39) takes more than that side pot holds
    at = TOURNAMENT.rindex("Side pot(1) 6000.00")
    text = TOURNAMENT[:at] + "Side pot(1) 5000.00" + TOURNAMENT[at + len("Side pot(1) 6000.00"):]
    assert _findings(text) == [("HE-SIDE-POT", Severity.ERROR, 42, "15600", "14600"),
                               ("HE-COLLECTED", Severity.ERROR, 39, "5000", "6000")]


def _line_of(text: str, line: str, occurrence: int = 1) -> int:
    """The hand's line number of the ``occurrence``-th line that is ``line``."""
    numbers = [k for k, written in enumerate(text.strip("\n").split("\n"), 1) if written == line]
    return numbers[occurrence - 1]


def test_winning_a_running_pot_a_cent_off_is_a_pot_balance_error_at_its_line():
    # the real hand's turn pot: 0.05 x3 before the flop, 0.55 x2 on it = 1.25, written 1.19 and a rake
    # of 0.06; written 1.20, its line says a pot of 1.26
    text = CAP_AND_JACKPOT.replace("Main pot $1.19 | Rake $0.06", "Main pot $1.20 | Rake $0.06")
    assert _findings(CAP_AND_JACKPOT) == []
    assert _findings(text) == [("HE-POT-BALANCE", Severity.ERROR, _line_of(text, "Main pot $1.20 | Rake $0.06"),
                                "1.25", "1.26")]
    message = replay(_hand(text)).findings[0].message
    assert message == ("the log states a pot of 1.26 here, the rake it states included; the chips put in before "
                       "this line add up to 1.25")


def test_winning_a_tournament_running_pot_of_the_antes_is_checked_before_the_blinds():
    # after the hole cards line the pot holds the 3 antes of 200 (the blinds come after it): 600
    text = TOURNAMENT.replace("*** HOLE CARDS ***\nMain pot 600.00", "*** HOLE CARDS ***\nMain pot 601.00")
    assert _findings(TOURNAMENT) == []
    assert _findings(text) == [("HE-POT-BALANCE", Severity.ERROR, _line_of(text, "Main pot 601.00"), "600", "601")]


def test_winning_a_run_s_running_pot_is_its_share_of_the_pot_after_rake():
    # pot 249, rake and fee 3: each run's share of the 246 after rake is 123; the first run's written 122.99
    text = RUN_TWICE.replace("Main pot 1 $123.00", "Main pot 1 $122.99")
    assert _findings(text) == [("HE-POT-BALANCE", Severity.ERROR, _line_of(text, "Main pot 1 $122.99 | Rake $1.50"),
                                "123", "122.99")]
    assert replay(_hand(text)).findings[0].message.startswith("the log states the first run's share")


def test_ingest_of_a_real_hand_with_a_running_pot_a_cent_off_finds_it_at_its_line(tmp_path):
    # the real hand: 0.02 + 0.03 from the small blind, 0.05 from the big blind and 0.07 posted dead
    # make 0.17 on the flop, turn and river; its turn pot (the second) written 0.16
    real = corpus("rooms", "Winning", "Flop", "NLHE-9max-USD-0.02-0.05-202104.post.dead.txt")
    text = decode(real.read_bytes())
    pot = "Main pot $0.17 | Rake $0.00"
    at = text.index(pot, text.index(pot) + 1)
    edited = tmp_path / "edited.txt"
    edited.write_text(text[:at] + "Main pot $0.16 | Rake $0.00" + text[at + len(pot):])
    for log, found in ((real, []), (edited, [("HE-POT-BALANCE", _line_of(text, pot, 2), "0.17", "0.16")])):
        ingest([log], tmp_path / log.stem, jobs=1)
        with connect(tmp_path / log.stem) as con:
            assert con.execute("select rule_id, line, expected, actual from findings").fetchall() == found


def test_winning_a_running_pot_that_is_no_amount_quarantines_its_hand_at_its_column():
    # "Main pot " is 9 characters: the amount of line 19 starts at column 10
    with pytest.raises(ParseError) as caught:
        _hand(TOURNAMENT.replace("*** FLOP *** [Kc Ad 4h]\nMain pot 9600.00", "*** FLOP *** [Kc Ad 4h]\nMain pot 96,00.00"))
    assert (caught.value.line, caught.value.column) == (19, 10)
    assert caught.value.reason.startswith("'96,00.00' is not an amount")


def test_winning_older_text_deals_the_owner_his_cards_a_line_each_and_they_are_his_hole_cards():
    """The older text deals the log's owner one card a line ('Player shadex47 received card: [Ad]',
    then '[8s]'): both are his dealt cards, at the line of the first, though he never shows."""
    hand = _older_no_limit(OLDER)
    dealt = [(h.player, tuple(map(str, h.cards)), h.how, h.line) for h in hand.hole_cards]
    assert dealt == [("shadex47", ("Ad", "8s"), CardsHow.DEALT, 21)]
    assert {p.player: tuple(map(str, p.hole_cards)) for p in replay(hand).players}["shadex47"] == ("Ad", "8s")


def test_winning_older_text_a_card_dealt_twice_is_a_deck_error_and_a_third_card_is_not_replayed():
    # as a 'Dealt to' line of two equal cards, or of three, in the other rooms
    twice = _older_no_limit(OLDER.replace("received card: [8s]", "received card: [Ad]"))
    assert [(f.rule_id, f.line) for f in replay(twice).findings] == [("HE-DECK", 21)]
    third = _older_no_limit(OLDER.replace("received card: [8s]\n", "received card: [8s]\n\nPlayer shadex47 "
                                                                    "received card: [9c]\n"))
    assert [tuple(map(str, h.cards)) for h in third.hole_cards] == [("Ad", "8s", "9c")]
    with pytest.raises(NotReplayed, match="more than two hole cards"):
        replay(third)


def test_ingest_of_real_older_text_stores_the_owners_dealt_cards_in_every_hand(tmp_path):
    # every hand of a real file: the owner's two 'received card' lines, read here by a pattern of
    # their own, are his hole_cards (hand 698339630: 7d then Ks, read off the file)
    real = corpus("rooms", "Winning", "NLHE-6max-USD-0.01-0.02-201608.Cap.HH00000000 G0.txt")
    text = decode(real.read_bytes())
    expected = {}
    for game in re.split(r"Game ID: ", text)[1:]:
        dealt = re.findall(r"Player ChazDazzle received card: \[(\w\w)\]", game)
        expected[game.split(" ", 1)[0]] = " ".join(dealt)
    assert expected["698339630"] == "7d Ks" and len(expected) > 1
    warehouse = tmp_path / "wh"
    ingest([real], warehouse, jobs=1, rules=["room Winning: no_limit"])
    with connect(warehouse) as con:
        stored = dict(con.execute("select hand_id, hole_cards from holdem_results where player = 'ChazDazzle'")
                      .fetchall())
    assert stored == expected


# The docs' example: line 23 "ccZORBAcc shows [9c Qd] (a pair of Queens [Qh Qd As 9c 6c])", line 30
# "Seat 3: ccZORBAcc (big blind) showed [9c Qd] and won $1.19 with a pair of Queens [Qh Qd As 9c 6c]".
# The made hand's last card stands after "… [Qh Qd As 9c " (55 characters on line 23, 94 on line 30).
@pytest.mark.parametrize(("line", "written", "column"), [(23, "Zz", 56), (30, "0.001c", 95), (30, "1x", 95)])
def test_a_made_hand_s_card_that_is_no_card_is_refused_at_its_column(line, written, column):
    from tests.test_room_street_lines import docs_example

    lines = docs_example("Hand #151588328").strip("\n").split("\n")
    assert lines[line - 1].endswith("9c 6c])" if line == 23 else "9c 6c]")
    lines[line - 1] = lines[line - 1].replace("9c 6c]", f"9c {written}]")
    with pytest.raises(ParseError, match=f"'{re.escape(written)}' is not a card") as refused:
        _hand("\n".join(lines))
    assert (refused.value.line, refused.value.column) == (line, column)
