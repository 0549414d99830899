"""The Hold'em hand marts against three hands worked out by hand.

hand_list, the three reports (positions, stack depths, starting hands), holdem_sessions and
player_stats_holdem_by_day: every column of each is held by rows worked out on paper from the
three PokerStars home-game hands below (three-handed, $0.50/$1 USD, club Tverskaya), whose
working is in the comments. The hands go through the real ingest.

Times: the logs write Eastern time; on 1 March 2024 that is EST, UTC-5 (summer time began on
10 March), and the warehouse keeps UTC, so 14:00 ET is 19:00 UTC and 19:30 ET is 00:30 UTC the
next day.
"""

from __future__ import annotations

import hashlib
from decimal import Decimal

import pytest

from tests.worked_marts import assert_worked, ingest_files

HANDS = [
    # 101, 19:00 UTC, table Vesta. Anna (BTN, $100) opens to 3, Boris (SB, $50) calls, Vera (BB,
    # $15) folds. Flop: Boris checks, Anna c-bets 4, Boris calls. Turn: Boris bets his last 43
    # all-in, Anna calls. Boris's AA against Anna's set of kings: the pot is 1 + 50 + 50 = 101,
    # rake 0, Anna wins it. Nets: Anna 101 - 50 = +51, Boris -50, Vera -1.
    # All-in EV (all in on the turn, cards shown): 52 - 4 hole cards - 4 board cards = 44 rivers;
    # Boris wins on the two aces left (Ac, Ad) and on nothing else (a paired board gives Anna a
    # full house; the board holds four suits and no straight draw): Anna 42/44 of 101 = 96.41,
    # Boris 2/44 of 101 = 4.59. EV nets: Anna 96.41 - 50 = 46.41, Boris 4.59 - 50 = -45.41.
    """PokerStars Home Game Hand #101: {Club Tverskaya}  Hold'em No Limit ($0.50/$1 USD) - 2024/03/01 14:00:00 ET
Table 'Vesta' 3-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($50 in chips)
Seat 3: Vera ($15 in chips)
Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
Anna: raises $2 to $3
Boris: calls $2.50
Vera: folds
*** FLOP *** [Ks 8h 4c]
Boris: checks
Anna: bets $4
Boris: calls $4
*** TURN *** [Ks 8h 4c] [2d]
Boris: bets $43 and is all-in
Anna: calls $43
*** RIVER *** [Ks 8h 4c 2d] [7s]
*** SHOW DOWN ***
Boris: shows [As Ah] (a pair of Aces)
Anna: shows [Kh Kd] (three of a kind, Kings)
Anna collected $101 from pot
*** SUMMARY ***
Total pot $101 | Rake $0
Board [Ks 8h 4c 2d 7s]
Seat 1: Anna (button) showed [Kh Kd] and won ($101) with three of a kind, Kings
Seat 2: Boris (small blind) showed [As Ah] and lost with a pair of Aces
Seat 3: Vera (big blind) folded before Flop""",
    # 102, 19:30 UTC (30 minutes after 101: the same sitting), table Luna. Boris (BTN, $200) opens
    # to 3, Vera (SB, $18) folds, Anna (BB, $60) calls. Flop: Anna checks, Boris c-bets 3, Anna
    # calls. Turn checked. River: Anna bets 6, Boris calls. Anna's QJ pairs the jack, Boris's T9 the
    # nine. Pot 0.50 + 12 + 12 = 24.50, rake 1: Anna collects 23.50, net 23.50 - 12 = +11.50;
    # Boris -12, Vera -0.50.
    """PokerStars Home Game Hand #102: {Club Tverskaya}  Hold'em No Limit ($0.50/$1 USD) - 2024/03/01 14:30:00 ET
Table 'Luna' 3-max Seat #2 is the button
Seat 1: Anna ($60 in chips)
Seat 2: Boris ($200 in chips)
Seat 3: Vera ($18 in chips)
Vera: posts small blind $0.50
Anna: posts big blind $1
*** HOLE CARDS ***
Boris: raises $2 to $3
Vera: folds
Anna: calls $2
*** FLOP *** [9c 5d 2h]
Anna: checks
Boris: bets $3
Anna: calls $3
*** TURN *** [9c 5d 2h] [Jc]
Anna: checks
Boris: checks
*** RIVER *** [9c 5d 2h Jc] [4s]
Anna: bets $6
Boris: calls $6
*** SHOW DOWN ***
Anna: shows [Qs Jd] (a pair of Jacks)
Boris: shows [9h Th] (a pair of Nines)
Anna collected $23.50 from pot
*** SUMMARY ***
Total pot $24.50 | Rake $1
Board [9c 5d 2h Jc 4s]
Seat 1: Anna (big blind) showed [Qs Jd] and won ($23.50) with a pair of Jacks
Seat 2: Boris (button) showed [9h Th] and lost with a pair of Nines
Seat 3: Vera (small blind) folded before Flop""",
    # 103, 00:30 UTC on 2 March (5 hours after 102: a new sitting, a new day), table Vesta. A walk:
    # Vera (BTN, $10) and Anna (SB, $100) fold to Boris (BB, $45), whose 0.50 not called comes
    # back. Pot 1. Nets: Boris +0.50, Anna -0.50, Vera 0.
    """PokerStars Home Game Hand #103: {Club Tverskaya}  Hold'em No Limit ($0.50/$1 USD) - 2024/03/01 19:30:00 ET
Table 'Vesta' 3-max Seat #3 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($45 in chips)
Seat 3: Vera ($10 in chips)
Anna: posts small blind $0.50
Boris: posts big blind $1
*** HOLE CARDS ***
Vera: folds
Anna: folds
Uncalled bet ($0.50) returned to Boris
Boris collected $1 from pot
Boris: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: Anna (small blind) folded before Flop
Seat 2: Boris (big blind) collected ($1)
Seat 3: Vera (button) folded before Flop (didn't bet)""",
]
# the hands apart by three blank lines: 101 on line 1, 102 on line 33, 103 on line 67
LOG = "\n\n\n\n".join(HANDS) + "\n"


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    from pipeline.warehouse import connect

    folder = tmp_path_factory.mktemp("worked_holdem")
    summary = ingest_files(folder, {"hands.txt": LOG})     # source_file: 'hands.txt'
    assert (summary.games, summary.quarantined, summary.findings) == (3, 0, 0), summary.as_dict()
    with connect(folder / "warehouse") as connection:
        yield connection


def test_the_game_ids_are_the_hashes_of_the_hands_text():
    # game_id: the first 8 bytes of the BLAKE2b hash of the hand's lines, written below as literals
    assert [hashlib.blake2b(hand.encode(), digest_size=8).hexdigest() for hand in HANDS] == [
        "d270b7ab6e89ab54", "1e2d814661e364a3", "fdfac038c58abc90"]


def test_hand_list_of_the_all_in_hand(con):
    # Every row of these hands: the room, the club in braces, the unit, and the stakes as the header
    # writes them, out of their brackets; the file as it was given to the ingest.
    assert_worked(con, "hand_list", [
        {"game_id": "d270b7ab6e89ab54", "game": "holdem", "hand_id": "101", "player": "Anna",
         "played_at": "2024-03-01 19:00:00", "played_on": "2024-03-01", "club": "Club Tverskaya",
         "site": "PokerStars", "table_name": "Vesta", "source_file": "hands.txt", "first_line": 1,
         "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "currency": "USD", "is_tournament": False, "small_blind": Decimal("0.50"),
         "big_blind": Decimal("1.00"), "count_players": 3, "seat": 1, "position": "BTN",
         "hole_cards": "Kh Kd", "hand_class": "KK", "stack_start": Decimal("100.00"),
         "stack_big_blinds": 100.0, "stack_depth": "100-150",    # 100 bb: not under 100
         "invested": Decimal("50.00"), "collected": Decimal("101.00"), "net": Decimal("51.00"),
         "net_showdown": Decimal("51.00"), "net_big_blinds": 51.0, "allin_ev_net": Decimal("46.41"),
         "total_pot": Decimal("101.00"), "is_all_in": False, "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": True, "is_walk": False, "is_vpip_opportunity": True, "is_vpip": True,
         "is_pfr_opportunity": True, "is_pfr": True,
         # first in from the button with a raise: a steal; the last raiser, first to bet on the flop: a
         # c-bet; she faced the blind alone (raise level 1), no open raise: no 3-bet chance; her flop bet
         # and turn call; she won the pot she saw the flop of
         "is_three_bet_opportunity": False, "is_three_bet": False, "is_fold_to_three_bet_opportunity": False,
         "is_fold_to_three_bet": False, "is_steal_opportunity": True, "is_steal_attempt": True,
         "is_cbet_flop_opportunity": True, "is_cbet_flop": True, "is_fold_to_cbet_flop_opportunity": False,
         "is_fold_to_cbet_flop": False, "count_postflop_bets_raises": 1, "count_postflop_calls": 1,
         "count_postflop_folds": 0, "is_won_when_saw_flop": True},
        {"game_id": "d270b7ab6e89ab54", "game": "holdem", "hand_id": "101", "player": "Boris",
         "played_at": "2024-03-01 19:00:00", "played_on": "2024-03-01", "club": "Club Tverskaya",
         "site": "PokerStars", "table_name": "Vesta", "source_file": "hands.txt", "first_line": 1,
         "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "currency": "USD", "is_tournament": False, "small_blind": Decimal("0.50"),
         "big_blind": Decimal("1.00"), "count_players": 3, "seat": 2, "position": "SB", "hole_cards": "As Ah",
         "hand_class": "AA", "stack_start": Decimal("50.00"), "stack_big_blinds": 50.0,
         "stack_depth": "40-60", "invested": Decimal("50.00"), "collected": Decimal("0.00"),
         "net": Decimal("-50.00"), "net_showdown": Decimal("-50.00"), "net_big_blinds": -50.0,
         "allin_ev_net": Decimal("-45.41"), "total_pot": Decimal("101.00"), "is_all_in": True,
         "saw_flop": True, "went_to_showdown": True, "won_at_showdown": False, "is_walk": False,
         "is_vpip_opportunity": True, "is_vpip": True, "is_pfr_opportunity": True, "is_pfr": False,
         # he faced Anna's open raise with chips to re-raise and called: a 3-bet chance, no 3-bet; his
         # flop check, then his call of her c-bet (a fold-to-c-bet chance, no fold); the turn bet
         "is_three_bet_opportunity": True, "is_three_bet": False, "is_fold_to_three_bet_opportunity": False,
         "is_fold_to_three_bet": False, "is_steal_opportunity": False, "is_steal_attempt": False,
         "is_cbet_flop_opportunity": False, "is_cbet_flop": False, "is_fold_to_cbet_flop_opportunity": True,
         "is_fold_to_cbet_flop": False, "count_postflop_bets_raises": 1, "count_postflop_calls": 1,
         "count_postflop_folds": 0, "is_won_when_saw_flop": False},
        # Vera folded her big blind: cards unknown, no class; not at showdown, so net_showdown 0
        {"game_id": "d270b7ab6e89ab54", "game": "holdem", "hand_id": "101", "player": "Vera",
         "played_at": "2024-03-01 19:00:00", "played_on": "2024-03-01", "club": "Club Tverskaya",
         "site": "PokerStars", "table_name": "Vesta", "source_file": "hands.txt", "first_line": 1,
         "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "currency": "USD", "is_tournament": False, "small_blind": Decimal("0.50"),
         "big_blind": Decimal("1.00"), "count_players": 3, "seat": 3, "position": "BB", "hole_cards": None,
         "hand_class": None, "stack_start": Decimal("15.00"), "stack_big_blinds": 15.0, "stack_depth": "<20",
         "invested": Decimal("1.00"), "collected": Decimal("0.00"), "net": Decimal("-1.00"),
         "net_showdown": Decimal("0.00"), "net_big_blinds": -1.0, "allin_ev_net": Decimal("-1.00"),
         "total_pot": Decimal("101.00"), "is_all_in": False, "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_walk": False, "is_vpip_opportunity": True, "is_vpip": False,
         "is_pfr_opportunity": True, "is_pfr": False,
         # she faced the open raise with 14 behind, 2 to call, and folded: a 3-bet chance, no 3-bet
         "is_three_bet_opportunity": True, "is_three_bet": False, "is_fold_to_three_bet_opportunity": False,
         "is_fold_to_three_bet": False, "is_steal_opportunity": False, "is_steal_attempt": False,
         "is_cbet_flop_opportunity": False, "is_cbet_flop": False, "is_fold_to_cbet_flop_opportunity": False,
         "is_fold_to_cbet_flop": False, "count_postflop_bets_raises": 0, "count_postflop_calls": 0,
         "count_postflop_folds": 0, "is_won_when_saw_flop": False},
    ], where="hand_id = '101'")


def test_hand_list_of_the_raked_showdown(con):
    assert_worked(con, "hand_list", [
        # QJ of two suits: QJo, the higher rank first; 9h Th: T9s, turned round to the grid's order
        {"game_id": "1e2d814661e364a3", "player": "Anna", "played_at": "2024-03-01 19:30:00",
         "table_name": "Luna", "first_line": 33, "seat": 1, "position": "BB", "hole_cards": "Qs Jd",
         "hand_class": "QJo", "stack_start": Decimal("60.00"), "stack_big_blinds": 60.0,
         "stack_depth": "60-100", "invested": Decimal("12.00"), "collected": Decimal("23.50"),
         "net": Decimal("11.50"), "net_showdown": Decimal("11.50"), "net_big_blinds": 11.5,
         "allin_ev_net": Decimal("11.50"), "total_pot": Decimal("24.50"), "is_all_in": False,
         "saw_flop": True, "went_to_showdown": True, "won_at_showdown": True, "is_walk": False,
         "is_vpip_opportunity": True, "is_vpip": True, "is_pfr_opportunity": True, "is_pfr": False},
        {"game_id": "1e2d814661e364a3", "player": "Boris", "played_at": "2024-03-01 19:30:00",
         "table_name": "Luna", "first_line": 33, "seat": 2, "position": "BTN", "hole_cards": "9h Th",
         "hand_class": "T9s", "stack_start": Decimal("200.00"), "stack_big_blinds": 200.0,
         "stack_depth": "150+", "invested": Decimal("12.00"), "collected": Decimal("0.00"),
         "net": Decimal("-12.00"), "net_showdown": Decimal("-12.00"), "net_big_blinds": -12.0,
         "allin_ev_net": Decimal("-12.00"), "total_pot": Decimal("24.50"), "is_all_in": False,
         "saw_flop": True, "went_to_showdown": True, "won_at_showdown": False, "is_walk": False,
         "is_vpip_opportunity": True, "is_vpip": True, "is_pfr_opportunity": True, "is_pfr": True},
        {"game_id": "1e2d814661e364a3", "player": "Vera", "played_at": "2024-03-01 19:30:00",
         "table_name": "Luna", "first_line": 33, "seat": 3, "position": "SB", "hole_cards": None,
         "hand_class": None, "stack_start": Decimal("18.00"), "stack_big_blinds": 18.0, "stack_depth": "<20",
         "invested": Decimal("0.50"), "collected": Decimal("0.00"), "net": Decimal("-0.50"),
         "net_showdown": Decimal("0.00"), "net_big_blinds": -0.5, "allin_ev_net": Decimal("-0.50"),
         "total_pot": Decimal("24.50"), "is_all_in": False, "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_walk": False, "is_vpip_opportunity": True, "is_vpip": False,
         "is_pfr_opportunity": True, "is_pfr": False},
    ], where="hand_id = '102'")


def test_hand_list_of_the_walk(con):
    assert_worked(con, "hand_list", [
        # a walk (everyone folded to the big blind) is the hand's: each of its rows says so; it gives
        # Boris, the big blind, no preflop decision; its header's 19:30 ET is kept in UTC
        {"player": "Anna", "played_at": "2024-03-02 00:30:00", "played_on": "2024-03-02", "first_line": 67,
         "played_in_utc": True,
         "position": "SB", "stack_depth": "100-150", "invested": Decimal("0.50"),
         "collected": Decimal("0.00"), "net": Decimal("-0.50"), "total_pot": Decimal("1.00"), "is_walk": True,
         "is_vpip_opportunity": True, "is_vpip": False},
        {"player": "Boris", "played_at": "2024-03-02 00:30:00", "played_on": "2024-03-02", "first_line": 67,
         "played_in_utc": True,
         "position": "BB", "stack_depth": "40-60", "invested": Decimal("0.50"), "collected": Decimal("1.00"),
         "net": Decimal("0.50"), "total_pot": Decimal("1.00"), "is_walk": True, "is_vpip_opportunity": False,
         "is_vpip": False},
        {"player": "Vera", "played_at": "2024-03-02 00:30:00", "played_on": "2024-03-02", "first_line": 67,
         "played_in_utc": True,
         "position": "BTN", "stack_depth": "<20", "invested": Decimal("0.00"), "collected": Decimal("0.00"),
         "net": Decimal("0.00"), "total_pot": Decimal("1.00"), "is_walk": True, "is_vpip_opportunity": True,
         "is_vpip": False},
    ], where="hand_id = '103'")


def test_holdem_report_positions(con):
    # Anna sat in each position once: BTN in 101 and BB in 102 on 1 March, SB in 103 on 2 March
    assert_worked(con, "holdem_report_positions", [
        {"player": "Anna", "played_on": "2024-03-01", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "position": "BTN", "count_hands": 1, "net_won": Decimal("51.00"), "allin_ev_net": Decimal("46.41"),
         "net_big_blinds": 51.0, "count_bb_hands": 1, "count_vpip_opportunities": 1, "count_vpip": 1,
         "count_pfr_opportunities": 1, "count_pfr": 1},
        {"player": "Anna", "played_on": "2024-03-01", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "position": "BB", "count_hands": 1, "net_won": Decimal("11.50"), "allin_ev_net": Decimal("11.50"),
         "net_big_blinds": 11.5, "count_bb_hands": 1, "count_vpip_opportunities": 1, "count_vpip": 1,
         "count_pfr_opportunities": 1, "count_pfr": 0},
        {"player": "Anna", "played_on": "2024-03-02", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "position": "SB", "count_hands": 1, "net_won": Decimal("-0.50"), "allin_ev_net": Decimal("-0.50"),
         "net_big_blinds": -0.5, "count_bb_hands": 1, "count_vpip_opportunities": 1, "count_vpip": 0,
         "count_pfr_opportunities": 1, "count_pfr": 0},
    ], where="player = 'Anna'")


def test_holdem_report_stack_depths(con):
    # Vera under 20 big blinds in all three: 15 (101) and 18 (102) on 1 March add up, 10 (103) on 2 March
    assert_worked(con, "holdem_report_stack_depths", [
        {"player": "Vera", "played_on": "2024-03-01", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "stack_depth": "<20", "count_hands": 2, "net_won": Decimal("-1.50"),
         "allin_ev_net": Decimal("-1.50"), "net_big_blinds": -1.5,    # -1 - 0.50
         "count_bb_hands": 2, "count_vpip_opportunities": 2, "count_vpip": 0, "count_pfr_opportunities": 2,
         "count_pfr": 0},
        {"player": "Vera", "played_on": "2024-03-02", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "stack_depth": "<20", "count_hands": 1, "net_won": Decimal("0.00"), "allin_ev_net": Decimal("0.00"),
         "net_big_blinds": 0.0, "count_bb_hands": 1, "count_vpip_opportunities": 1, "count_vpip": 0,
         "count_pfr_opportunities": 1, "count_pfr": 0},
    ], where="player = 'Vera'")


def test_holdem_report_starting_hands(con):
    # only the four hands shown at showdown have a class; Vera's cards were never shown
    assert_worked(con, "holdem_report_starting_hands", [
        {"player": "Anna", "played_on": "2024-03-01", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "hand_class": "KK", "count_hands": 1, "net_won": Decimal("51.00"), "allin_ev_net": Decimal("46.41"),
         "net_big_blinds": 51.0, "count_bb_hands": 1, "count_vpip_opportunities": 1, "count_vpip": 1,
         "count_pfr_opportunities": 1, "count_pfr": 1},
        {"player": "Anna", "played_on": "2024-03-01", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "hand_class": "QJo", "count_hands": 1, "net_won": Decimal("11.50"), "allin_ev_net": Decimal("11.50"),
         "net_big_blinds": 11.5, "count_bb_hands": 1, "count_vpip_opportunities": 1, "count_vpip": 1,
         "count_pfr_opportunities": 1, "count_pfr": 0},
        {"player": "Boris", "played_on": "2024-03-01", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "hand_class": "AA", "count_hands": 1, "net_won": Decimal("-50.00"),
         "allin_ev_net": Decimal("-45.41"), "net_big_blinds": -50.0, "count_bb_hands": 1,
         "count_vpip_opportunities": 1, "count_vpip": 1, "count_pfr_opportunities": 1, "count_pfr": 0},
        {"player": "Boris", "played_on": "2024-03-01", "game": "holdem", "currency": "USD",
         "is_tournament": False, "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "club": "Club Tverskaya", "site": "PokerStars",
         "hand_class": "T9s", "count_hands": 1, "net_won": Decimal("-12.00"),
         "allin_ev_net": Decimal("-12.00"), "net_big_blinds": -12.0, "count_bb_hands": 1,
         "count_vpip_opportunities": 1, "count_vpip": 1, "count_pfr_opportunities": 1, "count_pfr": 1},
    ])


def test_holdem_sessions(con):
    # 101 and 102 are 30 minutes apart (within 30: one sitting over two tables); 103 comes five hours
    # later (a second sitting). bb/100 = 100 x net in big blinds / hands. Every header names ET: each
    # sitting's times are in UTC.
    assert_worked(con, "holdem_sessions", [
        # Anna: net 51 + 11.50 = 62.50, EV 46.41 + 11.50 = 57.91; bb/100 100 x 62.5 / 2 = 3125
        {"player": "Anna", "currency": "USD", "is_tournament": False, "club": "Club Tverskaya",
         "site": "PokerStars", "session_no": 1, "started_at": "2024-03-01 19:00:00",
         "ended_at": "2024-03-01 19:30:00", "played_on": "2024-03-01", "duration_minutes": 30,
         "count_hands": 2, "count_tables": 2, "stakes": "No Limit $0.50/$1 USD", "net_won": Decimal("62.50"),
         "allin_ev_net": Decimal("57.91"), "net_big_blinds": 62.5, "count_bb_hands": 2,
         "bb_per_100": Decimal("3125.00"), "played_in_utc": True},
        {"player": "Anna", "currency": "USD", "is_tournament": False, "club": "Club Tverskaya",
         "site": "PokerStars", "session_no": 2, "started_at": "2024-03-02 00:30:00",
         "ended_at": "2024-03-02 00:30:00", "played_on": "2024-03-02", "duration_minutes": 0,
         "count_hands": 1, "count_tables": 1, "stakes": "No Limit $0.50/$1 USD", "net_won": Decimal("-0.50"),
         "allin_ev_net": Decimal("-0.50"), "net_big_blinds": -0.5, "count_bb_hands": 1,
         "bb_per_100": Decimal("-50.00"), "played_in_utc": True},
        # Boris: net -50 - 12 = -62, EV -45.41 - 12 = -57.41; bb/100 100 x -62 / 2 = -3100
        {"player": "Boris", "currency": "USD", "is_tournament": False, "club": "Club Tverskaya",
         "site": "PokerStars", "session_no": 1, "started_at": "2024-03-01 19:00:00",
         "ended_at": "2024-03-01 19:30:00", "played_on": "2024-03-01", "duration_minutes": 30,
         "count_hands": 2, "count_tables": 2, "stakes": "No Limit $0.50/$1 USD", "net_won": Decimal("-62.00"),
         "allin_ev_net": Decimal("-57.41"), "net_big_blinds": -62.0, "count_bb_hands": 2,
         "bb_per_100": Decimal("-3100.00"), "played_in_utc": True},
        {"player": "Boris", "currency": "USD", "is_tournament": False, "club": "Club Tverskaya",
         "site": "PokerStars", "session_no": 2, "started_at": "2024-03-02 00:30:00",
         "ended_at": "2024-03-02 00:30:00", "played_on": "2024-03-02", "duration_minutes": 0,
         "count_hands": 1, "count_tables": 1, "stakes": "No Limit $0.50/$1 USD", "net_won": Decimal("0.50"),
         "allin_ev_net": Decimal("0.50"), "net_big_blinds": 0.5, "count_bb_hands": 1,
         "bb_per_100": Decimal("50.00"), "played_in_utc": True},
        {"player": "Vera", "currency": "USD", "is_tournament": False, "club": "Club Tverskaya",
         "site": "PokerStars", "session_no": 1, "started_at": "2024-03-01 19:00:00",
         "ended_at": "2024-03-01 19:30:00", "played_on": "2024-03-01", "duration_minutes": 30,
         "count_hands": 2, "count_tables": 2, "stakes": "No Limit $0.50/$1 USD", "net_won": Decimal("-1.50"),
         "allin_ev_net": Decimal("-1.50"), "net_big_blinds": -1.5, "count_bb_hands": 2,
         "bb_per_100": Decimal("-75.00"), "played_in_utc": True},
        {"player": "Vera", "currency": "USD", "is_tournament": False, "club": "Club Tverskaya",
         "site": "PokerStars", "session_no": 2, "started_at": "2024-03-02 00:30:00",
         "ended_at": "2024-03-02 00:30:00", "played_on": "2024-03-02", "duration_minutes": 0,
         "count_hands": 1, "count_tables": 1, "stakes": "No Limit $0.50/$1 USD", "net_won": Decimal("0.00"),
         "allin_ev_net": Decimal("0.00"), "net_big_blinds": 0.0, "count_bb_hands": 1,
         "bb_per_100": Decimal("0.00"), "played_in_utc": True},
    ])


def test_holdem_sessions_duration_is_whole_minutes_elapsed(tmp_path):
    # Two walks (103's, renumbered) at 14:00:50 ET and 14:29:10 ET, 19:00:50 and 19:29:10 UTC: 28 min
    # 20 s apart, within 30 minutes, one sitting. Its duration is the whole minutes elapsed, truncated:
    # 28 (the minute marks crossed, 19:01 to 19:29, are 29: not a duration).
    from pipeline.warehouse import connect

    log = "\n\n\n\n".join(HANDS[2].replace("Hand #103", f"Hand #{number}").replace("19:30:00 ET", f"{at} ET")
                          for number, at in (("201", "14:00:50"), ("202", "14:29:10")))
    summary = ingest_files(tmp_path, {"walks.txt": log + "\n"})
    assert (summary.games, summary.quarantined) == (2, 0), summary.as_dict()
    with connect(tmp_path / "warehouse") as connection:
        assert_worked(connection, "holdem_sessions", [
            {"player": "Anna", "session_no": 1, "started_at": "2024-03-01 19:00:50",
             "ended_at": "2024-03-01 19:29:10", "duration_minutes": 28, "count_hands": 2},
            {"player": "Boris", "session_no": 1, "started_at": "2024-03-01 19:00:50",
             "ended_at": "2024-03-01 19:29:10", "duration_minutes": 28, "count_hands": 2},
            {"player": "Vera", "session_no": 1, "started_at": "2024-03-01 19:00:50",
             "ended_at": "2024-03-01 19:29:10", "duration_minutes": 28, "count_hands": 2},
        ])


def test_player_stats_holdem_by_day(con):
    # 1 March holds 101 and 102. Per player, the chances and what he did with them:
    # Anna: 101 BTN first in and raised (steal chance, steal; VPIP, PFR); the last raiser, c-bet the
    #   flop when Boris checked (c-bet chance, c-bet); flop bet, turn call. 102 BB facing Boris's open
    #   (3-bet chance, called: VPIP, no PFR); faced his c-bet and called (fold-to-c-bet chance, no
    #   fold); flop call, river bet. Showdown won in both.
    # Boris: 101 SB facing Anna's open (3-bet chance, called: VPIP); faced her c-bet, called; flop
    #   call, turn bet; showdown lost. 102 BTN first in, raised (steal chance, steal; VPIP, PFR);
    #   c-bet chance, c-bet; flop bet, river call; showdown lost.
    # Vera: folded to the open in both (3-bet chances, nothing voluntary); no flop.
    # Nobody faced a 3-bet. A sum of no showdown is 0 (Vera's net_showdown).
    assert_worked(con, "player_stats_holdem_by_day", [
        {"player": "Anna", "site": "PokerStars", "person": "Anna", "played_on": "2024-03-01",
         "club": "Club Tverskaya", "game": "holdem", "is_tournament": False, "currency": "USD",
         "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "count_hands": 2, "net_won": Decimal("62.50"), "net_big_blinds": 62.5,
         "count_bb_hands": 2, "net_showdown": Decimal("62.50"), "allin_ev_net": Decimal("57.91"),
         "count_vpip_opportunities": 2, "count_vpip": 2, "count_pfr_opportunities": 2, "count_pfr": 1,
         "count_three_bet_opportunities": 1, "count_three_bet": 0, "count_fold_to_three_bet_opportunities": 0,
         "count_fold_to_three_bet": 0, "count_postflop_bets_raises": 2, "count_postflop_calls": 2,
         "count_postflop_folds": 0, "count_saw_flop": 2, "count_went_to_showdown": 2,
         "count_won_at_showdown": 2, "count_won_when_saw_flop": 2, "count_cbet_flop_opportunities": 1,
         "count_cbet_flop": 1, "count_fold_to_cbet_flop_opportunities": 1, "count_fold_to_cbet_flop": 0,
         "count_steal_opportunities": 1, "count_steal_attempt": 1},
        {"player": "Boris", "site": "PokerStars", "person": "Boris", "played_on": "2024-03-01",
         "club": "Club Tverskaya", "game": "holdem", "is_tournament": False, "currency": "USD",
         "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "count_hands": 2, "net_won": Decimal("-62.00"), "net_big_blinds": -62.0,
         "count_bb_hands": 2, "net_showdown": Decimal("-62.00"), "allin_ev_net": Decimal("-57.41"),
         "count_vpip_opportunities": 2, "count_vpip": 2, "count_pfr_opportunities": 2, "count_pfr": 1,
         "count_three_bet_opportunities": 1, "count_three_bet": 0, "count_fold_to_three_bet_opportunities": 0,
         "count_fold_to_three_bet": 0, "count_postflop_bets_raises": 2, "count_postflop_calls": 2,
         "count_postflop_folds": 0, "count_saw_flop": 2, "count_went_to_showdown": 2,
         "count_won_at_showdown": 0, "count_won_when_saw_flop": 0, "count_cbet_flop_opportunities": 1,
         "count_cbet_flop": 1, "count_fold_to_cbet_flop_opportunities": 1, "count_fold_to_cbet_flop": 0,
         "count_steal_opportunities": 1, "count_steal_attempt": 1},
        {"player": "Vera", "site": "PokerStars", "person": "Vera", "played_on": "2024-03-01",
         "club": "Club Tverskaya", "game": "holdem", "is_tournament": False, "currency": "USD",
         "stakes": "$0.50/$1 USD", "betting": "no_limit",
         "count_hands": 2, "net_won": Decimal("-1.50"), "net_big_blinds": -1.5,
         "count_bb_hands": 2, "net_showdown": Decimal("0.00"), "allin_ev_net": Decimal("-1.50"),
         "count_vpip_opportunities": 2, "count_vpip": 0, "count_pfr_opportunities": 2, "count_pfr": 0,
         "count_three_bet_opportunities": 2, "count_three_bet": 0, "count_fold_to_three_bet_opportunities": 0,
         "count_fold_to_three_bet": 0, "count_postflop_bets_raises": 0, "count_postflop_calls": 0,
         "count_postflop_folds": 0, "count_saw_flop": 0, "count_went_to_showdown": 0,
         "count_won_at_showdown": 0, "count_won_when_saw_flop": 0, "count_cbet_flop_opportunities": 0,
         "count_cbet_flop": 0, "count_fold_to_cbet_flop_opportunities": 0, "count_fold_to_cbet_flop": 0,
         "count_steal_opportunities": 0, "count_steal_attempt": 0},
    ], where="played_on = date '2024-03-01'")
    # 2 March, the walk: Vera (BTN) and then Anna (SB) were first in and folded (steal chances, no
    # steal); Boris had no decision, so no VPIP chance
    assert_worked(con, "player_stats_holdem_by_day", [
        {"player": "Anna", "played_on": "2024-03-02", "count_hands": 1, "net_won": Decimal("-0.50"),
         "count_vpip_opportunities": 1, "count_steal_opportunities": 1, "count_steal_attempt": 0},
        {"player": "Boris", "played_on": "2024-03-02", "count_hands": 1, "net_won": Decimal("0.50"),
         "count_vpip_opportunities": 0, "count_steal_opportunities": 0, "count_steal_attempt": 0},
        {"player": "Vera", "played_on": "2024-03-02", "count_hands": 1, "net_won": Decimal("0.00"),
         "count_vpip_opportunities": 1, "count_steal_opportunities": 1, "count_steal_attempt": 0},
    ], where="played_on = date '2024-03-02'")


def test_assert_worked_reads_a_date_and_a_time_as_their_iso_text():
    import duckdb

    from tests.worked_marts import assert_worked as check  # (by another name: no mart's case)

    connection = duckdb.connect()
    connection.execute("create table m as select timestamp '2024-03-01 19:00:00' as at, "
                       "date '2024-03-10' as day")
    check(connection, "m", [{"at": "2024-03-01 19:00:00", "day": "2024-03-10"}])
    for wrong in ([{"at": "2024-03-01 19:00:01", "day": "2024-03-10"}],      # a second off
                  [{"at": "2024-03-01 19:00:00", "day": None}]):              # a date is not NULL
        with pytest.raises(AssertionError):
            check(connection, "m", wrong)
