"""WTSD, W$SD, WWSF and the sittings against seven PokerStars hands worked out by hand.

The edge cases of the showdown figures (player_stats_holdem, player_stats_holdem_by_day, hand_list)
and of holdem_sessions, through the real ingest: all in before the flop, a pot won uncontested on
the flop, a split pot, a side pot won while the main pot is lost, a hand mucked at showdown, a
pot won before the flop, a walk, blinds posted and folded, a cash-out; sittings across midnight,
over two tables at once, split by a gap of 30 minutes and 1 second, and the two names of one
person (Anna, Anya) kept apart.

The definitions (PokerTracker 4's): a player saw the flop when he was still in the hand as it was
dealt, all in before it or not; WTSD = hands he went to showdown in over hands he saw the flop
in; W$SD = hands he won money at showdown in over hands he went to showdown in; WWSF = hands he
saw the flop in and won money in over hands he saw the flop in. Money won is a pot or a share of
one, collected; a cash-out, paid by the room outside the pot, is none.

Times: the logs write Eastern time; on 5 March 2024 that is EST, UTC-5, and the warehouse keeps
UTC: 18:50 ET is 23:50 UTC, 19:05 ET is 00:05 UTC on 6 March. Stakes $0.50/$1 USD, no rake, every
stack $100 unless said.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.worked_marts import assert_worked, ingest_files

HANDS = [
    # 301, 23:50 UTC on 5 March, Vesta (button Anna). Gleb folds first in; Anna moves all in for
    # 100, Boris posts the small blind and folds, Vera (big blind) calls all in. The board is dealt out
    # with both all in before the flop: both saw the flop (they were in the hand when it came, as
    # trackers count it) and went to showdown; Vera's aces win 0.50 + 100 + 100 = 200.50.
    # Nets: Anna -100, Boris -0.50, Vera +100.50, Gleb 0.
    """PokerStars Hand #260000000301:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/05 18:50:00 ET
Table 'Vesta' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Seat 4: Gleb ($100 in chips)
Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
Gleb: folds
Anna: raises $99 to $100 and is all-in
Boris: folds
Vera: calls $99 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Js]
*** RIVER *** [2c 7d 9h Js] [3s]
*** SHOW DOWN ***
Anna: shows [Kc Kd] (a pair of Kings)
Vera: shows [Ah Ad] (a pair of Aces)
Vera collected $200.50 from pot
*** SUMMARY ***
Total pot $200.50 | Rake $0
Board [2c 7d 9h Js 3s]
Seat 1: Anna (button) showed [Kc Kd] and lost with a pair of Kings
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Ah Ad] and won ($200.50) with a pair of Aces
Seat 4: Gleb folded before Flop (didn't bet)""",
    # 302, 00:05 UTC on 6 March (15 minutes on: the same sitting, across midnight), Vesta (button
    # Boris). Anna opens to 3, Boris calls, Vera (SB) and Gleb (BB) fold their blinds. Flop: Anna
    # bets 4, Boris folds: Anna wins 0.50 + 1 + 3 + 3 = 7.50 uncontested on the flop, her 4 back.
    # Both saw the flop; no showdown; Anna won money when she saw it, Boris did not.
    # Nets: Anna +4.50, Boris -3, Vera -0.50, Gleb -1.
    """PokerStars Hand #260000000302:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/05 19:05:00 ET
Table 'Vesta' 6-max Seat #2 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Seat 4: Gleb ($100 in chips)
Vera: posts small blind $0.50
Gleb: posts big blind $1
*** HOLE CARDS ***
Anna: raises $2 to $3
Boris: calls $3
Vera: folds
Gleb: folds
*** FLOP *** [Qs 8d 4c]
Anna: bets $4
Boris: folds
Uncalled bet ($4) returned to Anna
Anna collected $7.50 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $7.50 | Rake $0
Board [Qs 8d 4c]
Seat 1: Anna collected ($7.50)
Seat 2: Boris (button) folded on the Flop
Seat 3: Vera (small blind) folded before Flop
Seat 4: Gleb (big blind) folded before Flop""",
    # 303, 00:20 UTC, Vesta (button Vera). Boris and Vera limp, Gleb folds his small blind, Anna
    # checks her big blind. Flop checked; turn: Anna bets 2, both call; river: Boris bets 5, Vera
    # calls, Anna folds (she saw the flop, not the showdown). Boris's and Vera's queen-jack make the
    # same hand (A K Q J 7): the pot of 0.50 + 3 x 1 + 3 x 2 + 2 x 5 = 19.50 is split, 9.75 each,
    # and each of them won money at showdown.
    # Nets: Anna -3, Boris 9.75 - 8 = +1.75, Vera +1.75, Gleb -0.50.
    """PokerStars Hand #260000000303:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/05 19:20:00 ET
Table 'Vesta' 6-max Seat #3 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Seat 4: Gleb ($100 in chips)
Gleb: posts small blind $0.50
Anna: posts big blind $1
*** HOLE CARDS ***
Boris: calls $1
Vera: calls $1
Gleb: folds
Anna: checks
*** FLOP *** [As Kd 7h]
Anna: checks
Boris: checks
Vera: checks
*** TURN *** [As Kd 7h] [2c]
Anna: bets $2
Boris: calls $2
Vera: calls $2
*** RIVER *** [As Kd 7h 2c] [3d]
Anna: checks
Boris: bets $5
Vera: calls $5
Anna: folds
*** SHOW DOWN ***
Boris: shows [Qc Jc] (high card Ace)
Vera: shows [Qh Jh] (high card Ace)
Boris collected $9.75 from pot
Vera collected $9.75 from pot
*** SUMMARY ***
Total pot $19.50 | Rake $0
Board [As Kd 7h 2c 3d]
Seat 1: Anna (big blind) folded on the River
Seat 2: Boris showed [Qc Jc] and won ($9.75) with high card Ace
Seat 3: Vera (button) showed [Qh Jh] and won ($9.75) with high card Ace
Seat 4: Gleb (small blind) folded before Flop""",
    # 304, 00:22 UTC, a second table, Luna (button Anya), at once with Vesta: Boris and Gleb play
    # both. Anya opens to 3, both blinds fold: she wins 0.50 + 1 + 1 = 2.50 before the flop (her
    # 2 not called come back). No one saw the flop: a pot won before it is no WWSF.
    # Nets: Anya +1.50, Boris -0.50, Gleb -1.
    """PokerStars Hand #260000000304:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/05 19:22:00 ET
Table 'Luna' 6-max Seat #1 is the button
Seat 1: Anya ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Gleb ($100 in chips)
Boris: posts small blind $0.50
Gleb: posts big blind $1
*** HOLE CARDS ***
Anya: raises $2 to $3
Boris: folds
Gleb: folds
Uncalled bet ($2) returned to Anya
Anya collected $2.50 from pot
Anya: doesn't show hand
*** SUMMARY ***
Total pot $2.50 | Rake $0
Seat 1: Anya (button) collected ($2.50)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Gleb (big blind) folded before Flop""",
    # 305, 00:40 UTC, Luna (button Boris): a walk. Boris and Gleb (SB) fold to Anya's big blind; the
    # pot is Gleb's 0.50 and as much of hers (her other 0.50 comes back): she collects 1. No flop.
    # Nets: Anya +0.50, Boris 0, Gleb -0.50.
    """PokerStars Hand #260000000305:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/05 19:40:00 ET
Table 'Luna' 6-max Seat #2 is the button
Seat 1: Anya ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Gleb ($100 in chips)
Gleb: posts small blind $0.50
Anya: posts big blind $1
*** HOLE CARDS ***
Boris: folds
Gleb: folds
Uncalled bet ($0.50) returned to Anya
Anya collected $1 from pot
Anya: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: Anya (big blind) collected ($1)
Seat 2: Boris (button) folded before Flop (didn't bet)
Seat 3: Gleb (small blind) folded before Flop""",
    # 306, 01:10:01 UTC, Vesta (button Gleb): 30 minutes and 1 second after Luna's 00:40, 50
    # minutes after Vesta's 00:20: a new sitting for everyone. Vera opens to 3, Gleb and Anna fold,
    # Boris calls. Flop: Boris moves all in for 97, Vera calls all in. Boris, far ahead with a set
    # of aces, cashes out for 180 (his fee of 1.80 is the room's); the river gives Vera quads and
    # the pot, 0.50 + 100 + 100 = 200.50. Boris went to showdown and lost it: he won no pot, at
    # showdown or after seeing the flop; his 180 is the room's money, paid outside the pot.
    # Nets: Anna -0.50, Boris 180 - 100 = +80, Vera +100.50, Gleb 0.
    """PokerStars Hand #260000000306:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/05 20:10:01 ET
Table 'Vesta' 6-max Seat #4 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Seat 4: Gleb ($100 in chips)
Anna: posts small blind $0.50
Boris: posts big blind $1
*** HOLE CARDS ***
Vera: raises $2 to $3
Gleb: folds
Anna: folds
Boris: calls $2
*** FLOP *** [Ah 8c 3d]
Boris: bets $97 and is all-in
Vera: calls $97 and is all-in
*** TURN *** [Ah 8c 3d] [5s]
*** RIVER *** [Ah 8c 3d 5s] [8d]
*** SHOW DOWN ***
Boris: shows [Ac Ad] (a full house, Aces full of Eights)
Vera: shows [8h 8s] (four of a kind, Eights)
Vera collected $200.50 from pot
Boris cashed out the hand for $180 | Cash Out Fee $1.80
*** SUMMARY ***
Total pot $200.50 | Rake $0
Board [Ah 8c 3d 5s 8d]
Seat 1: Anna (small blind) folded before Flop
Seat 2: Boris (big blind) showed [Ac Ad] and lost with a full house, Aces full of Eights (cashed out)
Seat 3: Vera showed [8h 8s] and won ($200.50) with four of a kind, Eights
Seat 4: Gleb (button) folded before Flop (didn't bet)""",
    # 307, 01:40 UTC (29 min 59 s after 306: the same sitting), Vesta (button Anna). Gleb moves all
    # in for 10, Anna calls, Boris folds, Vera calls. Main pot 0.50 + 3 x 10 = 30.50. Flop: Anna bets
    # 20, Vera calls; turn checked; river: Vera bets 30, Anna calls: side pot 2 x 50 = 100. Vera
    # shows a pair of kings, Anna mucks (she went to showdown, and lost), Gleb's set of kings wins
    # the main pot; Vera's pair beats Anna's hand for the side pot: both won money at showdown.
    # Gleb, all in before the flop, saw it and went to showdown.
    # Nets: Anna -60, Boris -0.50, Vera 100 - 60 = +40, Gleb 30.50 - 10 = +20.50.
    """PokerStars Hand #260000000307:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/05 20:40:00 ET
Table 'Vesta' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Seat 4: Gleb ($10 in chips)
Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
Gleb: raises $9 to $10 and is all-in
Anna: calls $10
Boris: folds
Vera: calls $9
*** FLOP *** [Kh 9c 4d]
Vera: checks
Anna: bets $20
Vera: calls $20
*** TURN *** [Kh 9c 4d] [2s]
Vera: checks
Anna: checks
*** RIVER *** [Kh 9c 4d 2s] [6h]
Vera: bets $30
Anna: calls $30
*** SHOW DOWN ***
Vera: shows [Ks Qs] (a pair of Kings)
Anna: mucks hand
Gleb: shows [Kc Kd] (three of a kind, Kings)
Vera collected $100 from side pot
Gleb collected $30.50 from main pot
*** SUMMARY ***
Total pot $130.50 Main pot $30.50. Side pot $100. | Rake $0
Board [Kh 9c 4d 2s 6h]
Seat 1: Anna (button) mucked
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Ks Qs] and won ($100) with a pair of Kings
Seat 4: Gleb showed [Kc Kd] and won ($30.50) with three of a kind, Kings""",
]
LOG = "\n\n\n".join(HANDS) + "\n"


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    from pipeline import people
    from pipeline.warehouse import connect

    folder = tmp_path_factory.mktemp("worked_showdowns")
    summary = ingest_files(folder, {"hands.txt": LOG})
    assert (summary.games, summary.quarantined, summary.findings) == (7, 0, 0), summary.as_dict()
    people.link(folder / "warehouse", "Anna", ["Anya"])     # Anya is Anna's second name
    with connect(folder / "warehouse") as connection:
        yield connection


def test_each_hands_flags(con):
    # saw the flop: in the hand when it was dealt (all in before it too); went to showdown: in the hand
    # at its end with another player (a muck at showdown too); won: collected a pot or a share of one
    assert_worked(con, "hand_list", [
        # 301: all in before the flop, both saw it; Vera wins
        {"hand_id": "260000000301", "player": "Anna", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000301", "player": "Boris", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000301", "player": "Vera", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": True, "is_won_when_saw_flop": True},
        {"hand_id": "260000000301", "player": "Gleb", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        # 302: Anna wins on the flop uncontested, Boris folded there
        {"hand_id": "260000000302", "player": "Anna", "saw_flop": True, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": True},
        {"hand_id": "260000000302", "player": "Boris", "saw_flop": True, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000302", "player": "Vera", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000302", "player": "Gleb", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        # 303: the split; Anna folded the river
        {"hand_id": "260000000303", "player": "Anna", "saw_flop": True, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000303", "player": "Boris", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": True, "is_won_when_saw_flop": True},
        {"hand_id": "260000000303", "player": "Vera", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": True, "is_won_when_saw_flop": True},
        {"hand_id": "260000000303", "player": "Gleb", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        # 304: won before the flop
        {"hand_id": "260000000304", "player": "Anya", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000304", "player": "Boris", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000304", "player": "Gleb", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        # 305: the walk
        {"hand_id": "260000000305", "player": "Anya", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000305", "player": "Boris", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000305", "player": "Gleb", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        # 306: Boris cashed out and lost the pot: no pot won, though the room paid him 180
        {"hand_id": "260000000306", "player": "Anna", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000306", "player": "Boris", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000306", "player": "Vera", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": True, "is_won_when_saw_flop": True},
        {"hand_id": "260000000306", "player": "Gleb", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        # 307: Anna mucks at showdown; Vera wins the side pot only, Gleb (all in before the flop) the main
        {"hand_id": "260000000307", "player": "Anna", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000307", "player": "Boris", "saw_flop": False, "went_to_showdown": False,
         "won_at_showdown": False, "is_won_when_saw_flop": False},
        {"hand_id": "260000000307", "player": "Vera", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": True, "is_won_when_saw_flop": True},
        {"hand_id": "260000000307", "player": "Gleb", "saw_flop": True, "went_to_showdown": True,
         "won_at_showdown": True, "is_won_when_saw_flop": True},
    ])


def test_the_cashed_out_seat_collected_the_rooms_money_and_no_pot(con):
    # 306: Boris collected 180, all of it the cash-out; Vera the pot
    assert_worked(con, "hand_list", [
        {"player": "Boris", "collected": Decimal("180.00"), "net": Decimal("80.00")},
        {"player": "Vera", "collected": Decimal("200.50"), "net": Decimal("100.50")},
    ], where="hand_id = '260000000306' and collected > 0")


def test_wtsd_wsd_wwsf_over_every_hand(con):
    # Anna (301, 302, 303, 306, 307): saw the flop in 301 (all in), 302, 303, 307 = 4; showdown in 301
    #   and 307 (mucked) = 2, won neither; won money after the flop in 302 only. WTSD 2/4 = 50,
    #   W$SD 0/2 = 0, WWSF 1/4 = 25. Showdown nets -100 (301) - 60 (307) = -160.
    # Anya (304, 305): no flop: her rates have no chances and are empty (null), her showdown net 0.
    # Boris: saw the flop in 302, 303, 306 = 3; showdown in 303 (split, won) and 306 (cashed out, lost)
    #   = 2. WTSD 2/3, W$SD 1/2 = 50, WWSF 1/3 (303 only). Showdown nets 1.75 + 80 = 81.75.
    # Vera: saw the flop in 301, 303, 306, 307, went to showdown and won money in each: 4/4, 100 each.
    #   Showdown nets 100.50 + 1.75 + 100.50 + 40 = 242.75.
    # Gleb: 307 only, all in before the flop, won the main pot: 1/1, 100 each. Showdown net 20.50.
    # Every hand is at one stakes, so each player has one row; Anya's person is Anna.
    assert_worked(con, "player_stats_holdem", [
        {"player": "Anna", "person": "Anna", "count_hands": 5, "count_saw_flop": 4, "count_wtsd_opportunities": 4,
         "count_went_to_showdown": 2, "count_wsd_opportunities": 2, "count_won_at_showdown": 0,
         "count_wwsf_opportunities": 4, "count_won_when_saw_flop": 1, "wtsd": 50.0, "wsd": 0.0, "wwsf": 25.0,
         "net_showdown": Decimal("-160.00")},
        {"player": "Anya", "person": "Anna", "count_hands": 2, "count_saw_flop": 0, "count_wtsd_opportunities": 0,
         "count_went_to_showdown": 0, "count_wsd_opportunities": 0, "count_won_at_showdown": 0,
         "count_wwsf_opportunities": 0, "count_won_when_saw_flop": 0, "wtsd": None, "wsd": None, "wwsf": None,
         "net_showdown": Decimal("0.00")},
        {"player": "Boris", "person": "Boris", "count_hands": 7, "count_saw_flop": 3, "count_wtsd_opportunities": 3,
         "count_went_to_showdown": 2, "count_wsd_opportunities": 2, "count_won_at_showdown": 1,
         "count_wwsf_opportunities": 3, "count_won_when_saw_flop": 1, "wtsd": 66.66666666666667, "wsd": 50.0,
         "wwsf": 33.333333333333336, "net_showdown": Decimal("81.75")},
        {"player": "Vera", "person": "Vera", "count_hands": 5, "count_saw_flop": 4, "count_wtsd_opportunities": 4,
         "count_went_to_showdown": 4, "count_wsd_opportunities": 4, "count_won_at_showdown": 4,
         "count_wwsf_opportunities": 4, "count_won_when_saw_flop": 4, "wtsd": 100.0, "wsd": 100.0, "wwsf": 100.0,
         "net_showdown": Decimal("242.75")},
        {"player": "Gleb", "person": "Gleb", "count_hands": 7, "count_saw_flop": 1, "count_wtsd_opportunities": 1,
         "count_went_to_showdown": 1, "count_wsd_opportunities": 1, "count_won_at_showdown": 1,
         "count_wwsf_opportunities": 1, "count_won_when_saw_flop": 1, "wtsd": 100.0, "wsd": 100.0, "wwsf": 100.0,
         "net_showdown": Decimal("20.50")},
    ])


def test_the_days_counts_add_up_to_the_totals(con):
    # 5 March (UTC) holds 301 alone; 6 March the six others. Boris's 6 March: 302 (flop, no showdown),
    # 303 (won at showdown), 306 (showdown, cash-out, no pot)
    assert_worked(con, "player_stats_holdem_by_day", [
        {"player": "Anna", "played_on": "2024-03-05", "count_hands": 1, "count_saw_flop": 1,
         "count_went_to_showdown": 1, "count_won_at_showdown": 0, "count_won_when_saw_flop": 0},
        {"player": "Boris", "played_on": "2024-03-05", "count_hands": 1, "count_saw_flop": 0,
         "count_went_to_showdown": 0, "count_won_at_showdown": 0, "count_won_when_saw_flop": 0},
        {"player": "Vera", "played_on": "2024-03-05", "count_hands": 1, "count_saw_flop": 1,
         "count_went_to_showdown": 1, "count_won_at_showdown": 1, "count_won_when_saw_flop": 1},
        {"player": "Gleb", "played_on": "2024-03-05", "count_hands": 1, "count_saw_flop": 0,
         "count_went_to_showdown": 0, "count_won_at_showdown": 0, "count_won_when_saw_flop": 0},
        {"player": "Anna", "played_on": "2024-03-06", "count_hands": 4, "count_saw_flop": 3,
         "count_went_to_showdown": 1, "count_won_at_showdown": 0, "count_won_when_saw_flop": 1},
        {"player": "Anya", "played_on": "2024-03-06", "count_hands": 2, "count_saw_flop": 0,
         "count_went_to_showdown": 0, "count_won_at_showdown": 0, "count_won_when_saw_flop": 0},
        {"player": "Boris", "played_on": "2024-03-06", "count_hands": 6, "count_saw_flop": 3,
         "count_went_to_showdown": 2, "count_won_at_showdown": 1, "count_won_when_saw_flop": 1},
        {"player": "Vera", "played_on": "2024-03-06", "count_hands": 4, "count_saw_flop": 3,
         "count_went_to_showdown": 3, "count_won_at_showdown": 3, "count_won_when_saw_flop": 3},
        {"player": "Gleb", "played_on": "2024-03-06", "count_hands": 6, "count_saw_flop": 1,
         "count_went_to_showdown": 1, "count_won_at_showdown": 1, "count_won_when_saw_flop": 1},
    ])


def test_sittings_per_name_across_midnight_tables_and_gaps(con):
    # A sitting is one name's run of hands in one room, unit and club, each within 30 minutes of the
    # one before, at any table. UTC times: Vesta 23:50, 00:05, 00:20, 01:10:01, 01:40; Luna 00:22,
    # 00:40.
    # Anna: 23:50 to 00:20 (across midnight: it started on 5 March), then 50 min 1 s to 01:10:01, a new
    #   sitting to 01:40 (29 min 59 s: 29 whole minutes). Nets -100 + 4.50 - 3 = -98.50; -0.50 - 60 = -60.50.
    # Anya, her second name, played Luna at the same time: her own sitting, 00:22 to 00:40 (18 min),
    #   +1.50 + 0.50 = 2.
    # Boris and Gleb played both tables: 23:50 to 00:40 over two tables (50 min, 5 hands), then 01:10:01 is
    #   30 min 1 s after 00:40: a second sitting. Boris -0.50 - 3 + 1.75 - 0.50 + 0 = -2.25, then
    #   80 - 0.50 = 79.50; Gleb 0 - 1 - 0.50 - 1 - 0.50 = -3, then 0 + 20.50 = 20.50.
    # Vera: as Anna; 100.50 - 0.50 + 1.75 = 101.75, then 100.50 + 40 = 140.50.
    assert_worked(con, "holdem_sessions", [
        {"player": "Anna", "session_no": 1, "started_at": "2024-03-05 23:50:00", "ended_at": "2024-03-06 00:20:00",
         "played_on": "2024-03-05", "duration_minutes": 30, "count_hands": 3, "count_tables": 1,
         "net_won": Decimal("-98.50")},
        {"player": "Anna", "session_no": 2, "started_at": "2024-03-06 01:10:01", "ended_at": "2024-03-06 01:40:00",
         "played_on": "2024-03-06", "duration_minutes": 29, "count_hands": 2, "count_tables": 1,
         "net_won": Decimal("-60.50")},
        {"player": "Anya", "session_no": 1, "started_at": "2024-03-06 00:22:00", "ended_at": "2024-03-06 00:40:00",
         "played_on": "2024-03-06", "duration_minutes": 18, "count_hands": 2, "count_tables": 1,
         "net_won": Decimal("2.00")},
        {"player": "Boris", "session_no": 1, "started_at": "2024-03-05 23:50:00", "ended_at": "2024-03-06 00:40:00",
         "played_on": "2024-03-05", "duration_minutes": 50, "count_hands": 5, "count_tables": 2,
         "net_won": Decimal("-2.25")},
        {"player": "Boris", "session_no": 2, "started_at": "2024-03-06 01:10:01", "ended_at": "2024-03-06 01:40:00",
         "played_on": "2024-03-06", "duration_minutes": 29, "count_hands": 2, "count_tables": 1,
         "net_won": Decimal("79.50")},
        {"player": "Gleb", "session_no": 1, "started_at": "2024-03-05 23:50:00", "ended_at": "2024-03-06 00:40:00",
         "played_on": "2024-03-05", "duration_minutes": 50, "count_hands": 5, "count_tables": 2,
         "net_won": Decimal("-3.00")},
        {"player": "Gleb", "session_no": 2, "started_at": "2024-03-06 01:10:01", "ended_at": "2024-03-06 01:40:00",
         "played_on": "2024-03-06", "duration_minutes": 29, "count_hands": 2, "count_tables": 1,
         "net_won": Decimal("20.50")},
        {"player": "Vera", "session_no": 1, "started_at": "2024-03-05 23:50:00", "ended_at": "2024-03-06 00:20:00",
         "played_on": "2024-03-05", "duration_minutes": 30, "count_hands": 3, "count_tables": 1,
         "net_won": Decimal("101.75")},
        {"player": "Vera", "session_no": 2, "started_at": "2024-03-06 01:10:01", "ended_at": "2024-03-06 01:40:00",
         "played_on": "2024-03-06", "duration_minutes": 29, "count_hands": 2, "count_tables": 1,
         "net_won": Decimal("140.50")},
    ])
