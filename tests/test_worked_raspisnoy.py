"""The raspisnoy marts, the leaderboard and the results, every column against two games worked by hand.

Game A is tests/test_raspisnoy_stats.py's score sheet (2026-03-05, Tverskaya, "max cards 1, specials
misere golden"): nine rounds of one card, dealt by Anna, Boris, Vera in turn (Anna 1, 4, 7; Boris
2, 5, 8; Vera 3, 6, 9). Bids/tricks and the points under the rules (exact bid 10 × bid, 5 for a
pass kept, 1 a trick for a pass broken, -10 × missing tricks; misère +50 clean, -15 a trick;
golden +15 a trick):

    round  kind     Anna           Boris          Vera
      1    regular  1/0   -10      0/0   +5       1/1   +10
      2    regular  0/0    +5      0/0   +5       0/1    +1
      3    regular  1/1   +10      1/0  -10       0/0    +5
      4-6  misère   0,1,0 +85      1,0,0 +85      0,0,1 +85
      7-9  golden   1,1,0 +30      0,0,1 +15      0,0,0   0
    total           120 (1st)      100 (3rd)      101 (2nd)

Game B is FORMATS.md's log (2026-11-28 19:30, Tverskaya) with Vera playing as "Verochka", a name
linked to the person Vera. Round 1 (1 card, dealt by Anna): Boris 1/1 +10, Verochka 0/0 +5, Anna
1/0 -10; round 2 (2 cards, dealt by Boris): Verochka 1/1 +10, Anna 1/1 +10, Boris 1/0 -10. Totals:
Anna 0, Boris 0, Verochka 15: Verochka first, Anna and Boris tied second.

docs/formats.md's PokerStars cash hand holds the results of a room's accounts, in a currency.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.warehouse import connect
from tests.test_docs import examples
from tests.test_pokerstars_parser import TOURNAMENT
from tests.test_raspisnoy_rules import FORMATS_LOG
from tests.test_raspisnoy_stats import SHEET_A
from tests.worked_marts import assert_worked, ingest_files

LOG_B = FORMATS_LOG.replace("Vera", "Verochka")

# docs/formats.md's PokerStars cash hand: 21:15 ET on 28 November (EST, UTC-5) is 02:15 UTC on the 29th.
# Anna invests 3 + 4 = $7 and collects the $14.50 pot less $0.45 rake: +7.05; Vera -7; Boris -0.50
# (his small blind): placed Anna 1, Boris 2, Vera 3. A room's hand of no club ranks in its room.
HOLDEM = next(text for _, _, text in examples(Path(__file__).resolve().parents[1] / "docs" / "formats.md")
              if text.startswith("PokerStars Hand #230000000001:"))
# tests/test_pokerstars_parser.py's tournament hand, in chips: 1:33:54 ET on 1 March 2016 (EST) is
# 06:33:54 UTC. Fi: [x] ($) puts in the ante 50 and 3,425 all in and loses: -3,475; Irisha the ante and
# the small blind: -450; Dmello the ante and 3,425, and takes the 7,400 pot: +3,925. Placed Dmello 1,
# Irisha 2, Fi 3.


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    folder = tmp_path_factory.mktemp("worked_raspisnoy")
    summary = ingest_files(folder, {"a.txt": SHEET_A, "b.txt": LOG_B, "c.txt": HOLDEM, "d.txt": TOURNAMENT})
    assert (summary.games, summary.quarantined, summary.findings) == (4, 0, 0)
    linked = CliRunner().invoke(main, ["alias", "--warehouse", str(folder / "warehouse"), "Vera", "Verochka"])
    assert linked.exit_code == 0, linked.output
    with connect(folder / "warehouse") as connection:
        yield connection


def test_player_stats_raspisnoy_per_quarter(con):
    # Q1 is game A alone, Q4 game B alone; the player is the person (Verochka counts as Vera).
    # bid_accuracy = exact ÷ bid rounds; pass = a bid of 0, kept when he took nothing; points per
    # round = round points ÷ rounds, to the cent; the dealer's figures over the rounds he dealt with a bid.
    assert_worked(con, "player_stats_raspisnoy", [
        # A, Anna: bids 1/0, 0/0, 1/1 -> 2 exact of 3; round 1 one trick under; one pass (round 2), kept;
        # 120 / 9 = 13.33; misère clean in 4 and 6 (2/3); golden 2 tricks in 3 rounds; dealt round 1
        # with a bid (1/0, missed) -> 0 of 1; first of three.
        {"player": "Anna", "club": "Tverskaya", "season_kind": "quarter", "season": "2026-Q1",
         "count_games": 1, "count_rounds": 9, "count_bid_rounds": 3, "bid_accuracy": 0.6666666667,
         "count_overtricks": 0, "rounds_over_bid": 0, "count_undertricks": 1, "rounds_under_bid": 1,
         "pass_attempts": 1, "pass_success_rate": 1.0, "points_per_round": Decimal("13.33"),
         "misere_clean_rate": 0.6666666667, "golden_tricks_per_round": 0.6666666667, "dealer_bid_accuracy": 0.0,
         "count_wins": 1, "avg_placement": 1.0, "total_points": 120, "count_exact_rounds": 2,
         "pass_successes": 1, "misere_rounds": 3, "golden_rounds": 3, "dealer_bid_rounds": 1, "count_placed": 1},
        # A, Boris: 0/0, 0/0, 1/0 -> 2 of 3; round 3 one under; passes in 1 and 2, both kept; 100 / 9 =
        # 11.11; misère clean in 5 and 6; golden 1 trick; dealt round 2 (0/0, exact) -> 1 of 1; third.
        {"player": "Boris", "club": "Tverskaya", "season_kind": "quarter", "season": "2026-Q1",
         "count_games": 1, "count_rounds": 9, "count_bid_rounds": 3, "bid_accuracy": 0.6666666667,
         "count_overtricks": 0, "rounds_over_bid": 0, "count_undertricks": 1, "rounds_under_bid": 1,
         "pass_attempts": 2, "pass_success_rate": 1.0, "points_per_round": Decimal("11.11"),
         "misere_clean_rate": 0.6666666667, "golden_tricks_per_round": 0.3333333333, "dealer_bid_accuracy": 1.0,
         "count_wins": 0, "avg_placement": 3.0, "total_points": 100, "count_exact_rounds": 2,
         "pass_successes": 2, "misere_rounds": 3, "golden_rounds": 3, "dealer_bid_rounds": 1, "count_placed": 1},
        # A, Vera: 1/1, 0/1, 0/0 -> 2 of 3; round 2 one over; passes in 2 (broken) and 3 (kept) -> 1/2;
        # 101 / 9 = 11.22; misère clean in 4 and 5; no golden trick; dealt round 3 (0/0) -> 1 of 1; second.
        {"player": "Vera", "club": "Tverskaya", "season_kind": "quarter", "season": "2026-Q1",
         "count_games": 1, "count_rounds": 9, "count_bid_rounds": 3, "bid_accuracy": 0.6666666667,
         "count_overtricks": 1, "rounds_over_bid": 1, "count_undertricks": 0, "rounds_under_bid": 0,
         "pass_attempts": 2, "pass_success_rate": 0.5, "points_per_round": Decimal("11.22"),
         "misere_clean_rate": 0.6666666667, "golden_tricks_per_round": 0.0, "dealer_bid_accuracy": 1.0,
         "count_wins": 0, "avg_placement": 2.0, "total_points": 101, "count_exact_rounds": 2,
         "pass_successes": 1, "misere_rounds": 3, "golden_rounds": 3, "dealer_bid_rounds": 1, "count_placed": 1},
        # B, Anna: 1/0, 1/1 -> 1 of 2; round 1 one under; no pass, misère or golden round (rates null);
        # 0 / 2 = 0.00; dealt round 1 (1/0) -> 0 of 1; tied second.
        {"player": "Anna", "club": "Tverskaya", "season_kind": "quarter", "season": "2026-Q4",
         "count_games": 1, "count_rounds": 2, "count_bid_rounds": 2, "bid_accuracy": 0.5,
         "count_overtricks": 0, "rounds_over_bid": 0, "count_undertricks": 1, "rounds_under_bid": 1,
         "pass_attempts": 0, "pass_success_rate": None, "points_per_round": Decimal("0.00"),
         "misere_clean_rate": None, "golden_tricks_per_round": None, "dealer_bid_accuracy": 0.0,
         "count_wins": 0, "avg_placement": 2.0, "total_points": 0, "count_exact_rounds": 1,
         "pass_successes": 0, "misere_rounds": 0, "golden_rounds": 0, "dealer_bid_rounds": 1, "count_placed": 1},
        # B, Boris: 1/1, 1/0 -> 1 of 2; round 2 one under; dealt round 2 (1/0) -> 0 of 1; tied second.
        {"player": "Boris", "club": "Tverskaya", "season_kind": "quarter", "season": "2026-Q4",
         "count_games": 1, "count_rounds": 2, "count_bid_rounds": 2, "bid_accuracy": 0.5,
         "count_overtricks": 0, "rounds_over_bid": 0, "count_undertricks": 1, "rounds_under_bid": 1,
         "pass_attempts": 0, "pass_success_rate": None, "points_per_round": Decimal("0.00"),
         "misere_clean_rate": None, "golden_tricks_per_round": None, "dealer_bid_accuracy": 0.0,
         "count_wins": 0, "avg_placement": 2.0, "total_points": 0, "count_exact_rounds": 1,
         "pass_successes": 0, "misere_rounds": 0, "golden_rounds": 0, "dealer_bid_rounds": 1, "count_placed": 1},
        # B, Vera (as Verochka): 0/0, 1/1 -> 2 of 2; one pass, kept; 15 / 2 = 7.50; dealt no round
        # (dealer accuracy null); first.
        {"player": "Vera", "club": "Tverskaya", "season_kind": "quarter", "season": "2026-Q4",
         "count_games": 1, "count_rounds": 2, "count_bid_rounds": 2, "bid_accuracy": 1.0,
         "count_overtricks": 0, "rounds_over_bid": 0, "count_undertricks": 0, "rounds_under_bid": 0,
         "pass_attempts": 1, "pass_success_rate": 1.0, "points_per_round": Decimal("7.50"),
         "misere_clean_rate": None, "golden_tricks_per_round": None, "dealer_bid_accuracy": None,
         "count_wins": 1, "avg_placement": 1.0, "total_points": 15, "count_exact_rounds": 2,
         "pass_successes": 1, "misere_rounds": 0, "golden_rounds": 0, "dealer_bid_rounds": 0, "count_placed": 1},
    ], where="season_kind = 'quarter'")


def test_player_stats_raspisnoy_all_time_adds_both_games(con):
    # Anna: 9 + 2 rounds, 3 + 2 bid, 2 + 1 exact (3/5); 120 + 0 points over 11 rounds = 10.91;
    # placements 1 and 2 -> 1.5. Vera: 2 + 2 exact of 3 + 2 (4/5); 116 / 11 = 10.55; 2 and 1 -> 1.5.
    # Boris: 2 + 1 of 5 (3/5); 100 / 11 = 9.09; 3 and 2 -> 2.5.
    assert_worked(con, "player_stats_raspisnoy", [
        {"player": "Anna", "count_games": 2, "count_rounds": 11, "bid_accuracy": 0.6,
         "points_per_round": Decimal("10.91"), "avg_placement": 1.5, "total_points": 120},
        {"player": "Boris", "count_games": 2, "count_rounds": 11, "bid_accuracy": 0.6,
         "points_per_round": Decimal("9.09"), "avg_placement": 2.5, "total_points": 100},
        {"player": "Vera", "count_games": 2, "count_rounds": 11, "bid_accuracy": 0.8,
         "points_per_round": Decimal("10.55"), "avg_placement": 1.5, "total_points": 116},
    ], where="season_kind = 'all'")


def test_player_stats_raspisnoy_by_day(con):
    # The sums under the rates above, one row per person and day (the day of each game).
    assert_worked(con, "player_stats_raspisnoy_by_day", [
        {"player": "Anna", "played_on": "2026-03-05", "club": "Tverskaya", "count_games": 1, "count_rounds": 9,
         "count_bid_rounds": 3, "count_exact_rounds": 2, "count_overtricks": 0, "rounds_over_bid": 0,
         "count_undertricks": 1, "rounds_under_bid": 1, "pass_attempts": 1, "pass_successes": 1,
         "round_points": 120, "misere_rounds": 3, "misere_clean_rounds": 2, "golden_rounds": 3, "golden_tricks": 2,
         "dealer_bid_rounds": 1, "dealer_exact_rounds": 0, "count_wins": 1, "count_placed": 1, "placement_sum": 1,
         "total_points": 120},
        {"player": "Boris", "played_on": "2026-03-05", "club": "Tverskaya", "count_games": 1, "count_rounds": 9,
         "count_bid_rounds": 3, "count_exact_rounds": 2, "count_overtricks": 0, "rounds_over_bid": 0,
         "count_undertricks": 1, "rounds_under_bid": 1, "pass_attempts": 2, "pass_successes": 2,
         "round_points": 100, "misere_rounds": 3, "misere_clean_rounds": 2, "golden_rounds": 3, "golden_tricks": 1,
         "dealer_bid_rounds": 1, "dealer_exact_rounds": 1, "count_wins": 0, "count_placed": 1, "placement_sum": 3,
         "total_points": 100},
        {"player": "Vera", "played_on": "2026-03-05", "club": "Tverskaya", "count_games": 1, "count_rounds": 9,
         "count_bid_rounds": 3, "count_exact_rounds": 2, "count_overtricks": 1, "rounds_over_bid": 1,
         "count_undertricks": 0, "rounds_under_bid": 0, "pass_attempts": 2, "pass_successes": 1,
         "round_points": 101, "misere_rounds": 3, "misere_clean_rounds": 2, "golden_rounds": 3, "golden_tricks": 0,
         "dealer_bid_rounds": 1, "dealer_exact_rounds": 1, "count_wins": 0, "count_placed": 1, "placement_sum": 2,
         "total_points": 101},
        {"player": "Anna", "played_on": "2026-11-28", "club": "Tverskaya", "count_games": 1, "count_rounds": 2,
         "count_bid_rounds": 2, "count_exact_rounds": 1, "count_overtricks": 0, "rounds_over_bid": 0,
         "count_undertricks": 1, "rounds_under_bid": 1, "pass_attempts": 0, "pass_successes": 0,
         "round_points": 0, "misere_rounds": 0, "misere_clean_rounds": 0, "golden_rounds": 0, "golden_tricks": 0,
         "dealer_bid_rounds": 1, "dealer_exact_rounds": 0, "count_wins": 0, "count_placed": 1, "placement_sum": 2,
         "total_points": 0},
        {"player": "Boris", "played_on": "2026-11-28", "club": "Tverskaya", "count_games": 1, "count_rounds": 2,
         "count_bid_rounds": 2, "count_exact_rounds": 1, "count_overtricks": 0, "rounds_over_bid": 0,
         "count_undertricks": 1, "rounds_under_bid": 1, "pass_attempts": 0, "pass_successes": 0,
         "round_points": 0, "misere_rounds": 0, "misere_clean_rounds": 0, "golden_rounds": 0, "golden_tricks": 0,
         "dealer_bid_rounds": 1, "dealer_exact_rounds": 0, "count_wins": 0, "count_placed": 1, "placement_sum": 2,
         "total_points": 0},
        {"player": "Vera", "played_on": "2026-11-28", "club": "Tverskaya", "count_games": 1, "count_rounds": 2,
         "count_bid_rounds": 2, "count_exact_rounds": 2, "count_overtricks": 0, "rounds_over_bid": 0,
         "count_undertricks": 0, "rounds_under_bid": 0, "pass_attempts": 1, "pass_successes": 1,
         "round_points": 15, "misere_rounds": 0, "misere_clean_rounds": 0, "golden_rounds": 0, "golden_tricks": 0,
         "dealer_bid_rounds": 0, "dealer_exact_rounds": 0, "count_wins": 1, "count_placed": 1, "placement_sum": 1,
         "total_points": 15},
    ])


def test_player_stats_raspisnoy_by_round(con):
    # One row per name (as written: Verochka apart from Vera), kind and cards dealt, all time.
    assert_worked(con, "player_stats_raspisnoy_by_round", [
        # Anna, regular of 1: A's 1/0 -10, 0/0 +5, 1/1 +10 and B's 1/0 -10: 2 exact of 4, -5 / 4 = -1.25.
        {"player": "Anna", "club": "Tverskaya", "kind": "regular", "cards": 1, "count_rounds": 4,
         "count_bid_rounds": 4, "count_exact_rounds": 2, "bid_accuracy": 0.5, "count_overtricks": 0,
         "points_per_round": Decimal("-1.25")},
        # B's round 2: 1/1 +10.
        {"player": "Anna", "club": "Tverskaya", "kind": "regular", "cards": 2, "count_rounds": 1,
         "count_bid_rounds": 1, "count_exact_rounds": 1, "bid_accuracy": 1.0, "count_overtricks": 0,
         "points_per_round": Decimal("10.00")},
        # Misère and golden rounds have no bid: accuracy null. Misère +50 -15 +50 = 85 / 3 = 28.33.
        {"player": "Anna", "club": "Tverskaya", "kind": "misere", "cards": 1, "count_rounds": 3,
         "count_bid_rounds": 0, "count_exact_rounds": 0, "bid_accuracy": None, "count_overtricks": 0,
         "points_per_round": Decimal("28.33")},
        {"player": "Anna", "club": "Tverskaya", "kind": "golden", "cards": 1, "count_rounds": 3,
         "count_bid_rounds": 0, "count_exact_rounds": 0, "bid_accuracy": None, "count_overtricks": 0,
         "points_per_round": Decimal("10.00")},
        # Boris, regular of 1: 0/0 +5, 0/0 +5, 1/0 -10, B's 1/1 +10: 3 of 4, 10 / 4 = 2.50.
        {"player": "Boris", "club": "Tverskaya", "kind": "regular", "cards": 1, "count_rounds": 4,
         "count_bid_rounds": 4, "count_exact_rounds": 3, "bid_accuracy": 0.75, "count_overtricks": 0,
         "points_per_round": Decimal("2.50")},
        {"player": "Boris", "club": "Tverskaya", "kind": "regular", "cards": 2, "count_rounds": 1,
         "count_bid_rounds": 1, "count_exact_rounds": 0, "bid_accuracy": 0.0, "count_overtricks": 0,
         "points_per_round": Decimal("-10.00")},
        {"player": "Boris", "club": "Tverskaya", "kind": "misere", "cards": 1, "count_rounds": 3,
         "count_bid_rounds": 0, "count_exact_rounds": 0, "bid_accuracy": None, "count_overtricks": 0,
         "points_per_round": Decimal("28.33")},
        {"player": "Boris", "club": "Tverskaya", "kind": "golden", "cards": 1, "count_rounds": 3,
         "count_bid_rounds": 0, "count_exact_rounds": 0, "bid_accuracy": None, "count_overtricks": 0,
         "points_per_round": Decimal("5.00")},
        # Vera, A's regular rounds: 1/1 +10, 0/1 +1 (one overtrick), 0/0 +5: 2 of 3, 16 / 3 = 5.33.
        {"player": "Vera", "club": "Tverskaya", "kind": "regular", "cards": 1, "count_rounds": 3,
         "count_bid_rounds": 3, "count_exact_rounds": 2, "bid_accuracy": 0.6666666667, "count_overtricks": 1,
         "points_per_round": Decimal("5.33")},
        {"player": "Vera", "club": "Tverskaya", "kind": "misere", "cards": 1, "count_rounds": 3,
         "count_bid_rounds": 0, "count_exact_rounds": 0, "bid_accuracy": None, "count_overtricks": 0,
         "points_per_round": Decimal("28.33")},
        {"player": "Vera", "club": "Tverskaya", "kind": "golden", "cards": 1, "count_rounds": 3,
         "count_bid_rounds": 0, "count_exact_rounds": 0, "bid_accuracy": None, "count_overtricks": 0,
         "points_per_round": Decimal("0.00")},
        # Verochka, B: 0/0 +5 of 1 card, 1/1 +10 of 2.
        {"player": "Verochka", "club": "Tverskaya", "kind": "regular", "cards": 1, "count_rounds": 1,
         "count_bid_rounds": 1, "count_exact_rounds": 1, "bid_accuracy": 1.0, "count_overtricks": 0,
         "points_per_round": Decimal("5.00")},
        {"player": "Verochka", "club": "Tverskaya", "kind": "regular", "cards": 2, "count_rounds": 1,
         "count_bid_rounds": 1, "count_exact_rounds": 1, "bid_accuracy": 1.0, "count_overtricks": 0,
         "points_per_round": Decimal("10.00")},
    ])


def test_leaderboard_raspisnoy_settles_every_pair_and_the_winner(con):
    # Per game, every pair settles its difference: own × (3 − 1) − the others. A (120, 100, 101; sum
    # 321): Anna 240 − 201 = 39, Boris 200 − 221 = −21, Vera 202 − 220 = −18. B (0, 0, 15): Anna −15,
    # Boris −15, Vera 30. Winner only: A: Anna collects 20 + 19 = 39, Boris −20, Vera −19; B: Vera 30,
    # Anna −15, Boris −15. Ranked by total points: Anna 120, Vera 116, Boris 100.
    assert_worked(con, "leaderboard_raspisnoy", [
        {"club": "Tverskaya", "season_kind": "all", "season": "all time", "player": "Anna", "count_games": 2,
         "total_points": 120, "count_wins": 1, "avg_placement": 1.5, "rank": 1, "settlement_points": 24,
         "settlement_points_winner": Decimal("24.00")},
        {"club": "Tverskaya", "season_kind": "all", "season": "all time", "player": "Vera", "count_games": 2,
         "total_points": 116, "count_wins": 1, "avg_placement": 1.5, "rank": 2, "settlement_points": 12,
         "settlement_points_winner": Decimal("11.00")},
        {"club": "Tverskaya", "season_kind": "all", "season": "all time", "player": "Boris", "count_games": 2,
         "total_points": 100, "count_wins": 0, "avg_placement": 2.5, "rank": 3, "settlement_points": -36,
         "settlement_points_winner": Decimal("-35.00")},
    ], where="season_kind = 'all'")


def test_leaderboard_ranks_persons_with_their_names(con):
    # Logs and sheets are one game, 'raspisnoy', in points (no currency), cash. Vera's names: her own
    # (game A) and Verochka (game B). First game A (a date without a time: midnight), last game B.
    assert_worked(con, "leaderboard", [
        {"club": "Tverskaya", "game": "raspisnoy", "is_tournament": False, "currency": None, "season_kind": "all",
         "season": "all time", "player": "Anna", "names": "Anna", "count_games": 2, "net": 120, "count_wins": 1,
         "avg_placement": 1.5, "first_played_at": "2026-03-05 00:00:00", "last_played_at": "2026-11-28 19:30:00",
         "rank": 1},
        {"club": "Tverskaya", "game": "raspisnoy", "is_tournament": False, "currency": None, "season_kind": "all",
         "season": "all time", "player": "Vera", "names": "Vera, Verochka", "count_games": 2, "net": 116,
         "count_wins": 1, "avg_placement": 1.5, "first_played_at": "2026-03-05 00:00:00",
         "last_played_at": "2026-11-28 19:30:00", "rank": 2},
        {"club": "Tverskaya", "game": "raspisnoy", "is_tournament": False, "currency": None, "season_kind": "all",
         "season": "all time", "player": "Boris", "names": "Boris", "count_games": 2, "net": 100, "count_wins": 0,
         "avg_placement": 2.5, "first_played_at": "2026-03-05 00:00:00", "last_played_at": "2026-11-28 19:30:00",
         "rank": 3},
        # The Hold'em hand: in dollars, cash, ranked in its room (no club).
        {"club": "PokerStars", "game": "holdem", "is_tournament": False, "currency": "USD", "season_kind": "all",
         "season": "all time", "player": "Anna", "names": "Anna", "count_games": 1, "net": Decimal("7.05"),
         "count_wins": 1, "avg_placement": 1.0, "first_played_at": "2026-11-29 02:15:00",
         "last_played_at": "2026-11-29 02:15:00", "rank": 1},
        {"club": "PokerStars", "game": "holdem", "is_tournament": False, "currency": "USD", "season_kind": "all",
         "season": "all time", "player": "Boris", "names": "Boris", "count_games": 1, "net": Decimal("-0.50"),
         "count_wins": 0, "avg_placement": 2.0, "first_played_at": "2026-11-29 02:15:00",
         "last_played_at": "2026-11-29 02:15:00", "rank": 2},
        {"club": "PokerStars", "game": "holdem", "is_tournament": False, "currency": "USD", "season_kind": "all",
         "season": "all time", "player": "Vera", "names": "Vera", "count_games": 1, "net": Decimal("-7.00"),
         "count_wins": 0, "avg_placement": 3.0, "first_played_at": "2026-11-29 02:15:00",
         "last_played_at": "2026-11-29 02:15:00", "rank": 3},
        # The tournament hand: in chips, apart from the cash table.
        {"club": "PokerStars", "game": "holdem", "is_tournament": True, "currency": "chips", "season_kind": "all",
         "season": "all time", "player": "Dmello", "names": "Dmello", "count_games": 1, "net": 3925,
         "count_wins": 1, "avg_placement": 1.0,
         "first_played_at": "2016-03-01 06:33:54", "last_played_at": "2016-03-01 06:33:54", "rank": 1},
        {"club": "PokerStars", "game": "holdem", "is_tournament": True, "currency": "chips", "season_kind": "all",
         "season": "all time", "player": "Irisha", "names": "Irisha", "count_games": 1, "net": -450,
         "count_wins": 0, "avg_placement": 2.0,
         "first_played_at": "2016-03-01 06:33:54", "last_played_at": "2016-03-01 06:33:54", "rank": 2},
        {"club": "PokerStars", "game": "holdem", "is_tournament": True, "currency": "chips", "season_kind": "all",
         "season": "all time", "player": "Fi: [x] ($)", "names": "Fi: [x] ($)", "count_games": 1, "net": -3475,
         "count_wins": 0, "avg_placement": 3.0,
         "first_played_at": "2016-03-01 06:33:54", "last_played_at": "2016-03-01 06:33:54", "rank": 3},
    ], where="season_kind = 'all'")


def test_player_results_keep_each_name_and_kind_of_game(con):
    # Per screen name (site null: a club's games) and game as stored: the sheet and the log apart.
    assert_worked(con, "player_results", [
        {"player": "Anna", "site": None, "person": "Anna", "game": "raspisnoy_sheet", "is_tournament": False,
         "currency": None, "count_games": 1, "net": 120, "count_wins": 1, "avg_placement": 1.0, "count_placed": 1,
         "first_played_at": "2026-03-05 00:00:00", "last_played_at": "2026-03-05 00:00:00"},
        {"player": "Boris", "site": None, "person": "Boris", "game": "raspisnoy_sheet", "is_tournament": False,
         "currency": None, "count_games": 1, "net": 100, "count_wins": 0, "avg_placement": 3.0, "count_placed": 1,
         "first_played_at": "2026-03-05 00:00:00", "last_played_at": "2026-03-05 00:00:00"},
        {"player": "Vera", "site": None, "person": "Vera", "game": "raspisnoy_sheet", "is_tournament": False,
         "currency": None, "count_games": 1, "net": 101, "count_wins": 0, "avg_placement": 2.0, "count_placed": 1,
         "first_played_at": "2026-03-05 00:00:00", "last_played_at": "2026-03-05 00:00:00"},
        {"player": "Anna", "site": None, "person": "Anna", "game": "raspisnoy", "is_tournament": False,
         "currency": None, "count_games": 1, "net": 0, "count_wins": 0, "avg_placement": 2.0, "count_placed": 1,
         "first_played_at": "2026-11-28 19:30:00", "last_played_at": "2026-11-28 19:30:00"},
        {"player": "Boris", "site": None, "person": "Boris", "game": "raspisnoy", "is_tournament": False,
         "currency": None, "count_games": 1, "net": 0, "count_wins": 0, "avg_placement": 2.0, "count_placed": 1,
         "first_played_at": "2026-11-28 19:30:00", "last_played_at": "2026-11-28 19:30:00"},
        {"player": "Verochka", "site": None, "person": "Vera", "game": "raspisnoy", "is_tournament": False,
         "currency": None, "count_games": 1, "net": 15, "count_wins": 1, "avg_placement": 1.0, "count_placed": 1,
         "first_played_at": "2026-11-28 19:30:00", "last_played_at": "2026-11-28 19:30:00"},
        # The Hold'em hand: the accounts of the room, in dollars (Vera's link holds in every room).
        {"player": "Anna", "site": "PokerStars", "person": "Anna", "game": "holdem", "is_tournament": False,
         "currency": "USD", "count_games": 1, "net": Decimal("7.05"), "count_wins": 1, "avg_placement": 1.0,
         "count_placed": 1, "first_played_at": "2026-11-29 02:15:00", "last_played_at": "2026-11-29 02:15:00"},
        {"player": "Boris", "site": "PokerStars", "person": "Boris", "game": "holdem", "is_tournament": False,
         "currency": "USD", "count_games": 1, "net": Decimal("-0.50"), "count_wins": 0, "avg_placement": 2.0,
         "count_placed": 1, "first_played_at": "2026-11-29 02:15:00", "last_played_at": "2026-11-29 02:15:00"},
        {"player": "Vera", "site": "PokerStars", "person": "Vera", "game": "holdem", "is_tournament": False,
         "currency": "USD", "count_games": 1, "net": Decimal("-7.00"), "count_wins": 0, "avg_placement": 3.0,
         "count_placed": 1, "first_played_at": "2026-11-29 02:15:00", "last_played_at": "2026-11-29 02:15:00"},
        # The tournament hand: a tournament's, in chips.
        {"player": "Dmello", "site": "PokerStars", "person": "Dmello", "game": "holdem", "is_tournament": True,
         "currency": "chips", "count_games": 1, "net": 3925, "count_wins": 1, "avg_placement": 1.0,
         "count_placed": 1, "first_played_at": "2016-03-01 06:33:54", "last_played_at": "2016-03-01 06:33:54"},
        {"player": "Irisha", "site": "PokerStars", "person": "Irisha", "game": "holdem", "is_tournament": True,
         "currency": "chips", "count_games": 1, "net": -450, "count_wins": 0, "avg_placement": 2.0,
         "count_placed": 1, "first_played_at": "2016-03-01 06:33:54", "last_played_at": "2016-03-01 06:33:54"},
        {"player": "Fi: [x] ($)", "site": "PokerStars", "person": "Fi: [x] ($)", "game": "holdem",
         "is_tournament": True, "currency": "chips", "count_games": 1, "net": -3475, "count_wins": 0,
         "avg_placement": 3.0, "count_placed": 1, "first_played_at": "2016-03-01 06:33:54",
         "last_played_at": "2016-03-01 06:33:54"},
    ])


def test_player_results_by_day(con):
    assert_worked(con, "player_results_by_day", [
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-03-05", "club": "Tverskaya",
         "game": "raspisnoy_sheet", "is_tournament": False, "currency": None, "count_games": 1, "net": 120,
         "count_wins": 1, "count_placed": 1, "placement_sum": 1,
         "first_played_at": "2026-03-05 00:00:00", "last_played_at": "2026-03-05 00:00:00"},
        {"player": "Boris", "site": None, "person": "Boris", "played_on": "2026-03-05", "club": "Tverskaya",
         "game": "raspisnoy_sheet", "is_tournament": False, "currency": None, "count_games": 1, "net": 100,
         "count_wins": 0, "count_placed": 1, "placement_sum": 3,
         "first_played_at": "2026-03-05 00:00:00", "last_played_at": "2026-03-05 00:00:00"},
        {"player": "Vera", "site": None, "person": "Vera", "played_on": "2026-03-05", "club": "Tverskaya",
         "game": "raspisnoy_sheet", "is_tournament": False, "currency": None, "count_games": 1, "net": 101,
         "count_wins": 0, "count_placed": 1, "placement_sum": 2,
         "first_played_at": "2026-03-05 00:00:00", "last_played_at": "2026-03-05 00:00:00"},
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "raspisnoy", "is_tournament": False, "currency": None, "count_games": 1, "net": 0,
         "count_wins": 0, "count_placed": 1, "placement_sum": 2,
         "first_played_at": "2026-11-28 19:30:00", "last_played_at": "2026-11-28 19:30:00"},
        {"player": "Boris", "site": None, "person": "Boris", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "raspisnoy", "is_tournament": False, "currency": None, "count_games": 1, "net": 0,
         "count_wins": 0, "count_placed": 1, "placement_sum": 2,
         "first_played_at": "2026-11-28 19:30:00", "last_played_at": "2026-11-28 19:30:00"},
        {"player": "Verochka", "site": None, "person": "Vera", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "raspisnoy", "is_tournament": False, "currency": None, "count_games": 1, "net": 15,
         "count_wins": 1, "count_placed": 1, "placement_sum": 1,
         "first_played_at": "2026-11-28 19:30:00", "last_played_at": "2026-11-28 19:30:00"},
        # The Hold'em hand: the UTC day, and no club of its own.
        {"player": "Anna", "site": "PokerStars", "person": "Anna", "played_on": "2026-11-29", "club": None,
         "game": "holdem", "is_tournament": False, "currency": "USD", "count_games": 1, "net": Decimal("7.05"),
         "count_wins": 1, "count_placed": 1, "placement_sum": 1,
         "first_played_at": "2026-11-29 02:15:00", "last_played_at": "2026-11-29 02:15:00"},
        {"player": "Boris", "site": "PokerStars", "person": "Boris", "played_on": "2026-11-29", "club": None,
         "game": "holdem", "is_tournament": False, "currency": "USD", "count_games": 1, "net": Decimal("-0.50"),
         "count_wins": 0, "count_placed": 1, "placement_sum": 2,
         "first_played_at": "2026-11-29 02:15:00", "last_played_at": "2026-11-29 02:15:00"},
        {"player": "Vera", "site": "PokerStars", "person": "Vera", "played_on": "2026-11-29", "club": None,
         "game": "holdem", "is_tournament": False, "currency": "USD", "count_games": 1, "net": Decimal("-7.00"),
         "count_wins": 0, "count_placed": 1, "placement_sum": 3,
         "first_played_at": "2026-11-29 02:15:00", "last_played_at": "2026-11-29 02:15:00"},
        {"player": "Dmello", "site": "PokerStars", "person": "Dmello", "played_on": "2016-03-01", "club": None,
         "game": "holdem", "is_tournament": True, "currency": "chips", "count_games": 1, "net": 3925,
         "count_wins": 1, "count_placed": 1, "placement_sum": 1,
         "first_played_at": "2016-03-01 06:33:54", "last_played_at": "2016-03-01 06:33:54"},
        {"player": "Irisha", "site": "PokerStars", "person": "Irisha", "played_on": "2016-03-01", "club": None,
         "game": "holdem", "is_tournament": True, "currency": "chips", "count_games": 1, "net": -450,
         "count_wins": 0, "count_placed": 1, "placement_sum": 2,
         "first_played_at": "2016-03-01 06:33:54", "last_played_at": "2016-03-01 06:33:54"},
        {"player": "Fi: [x] ($)", "site": "PokerStars", "person": "Fi: [x] ($)", "played_on": "2016-03-01",
         "club": None, "game": "holdem", "is_tournament": True, "currency": "chips", "count_games": 1, "net": -3475,
         "count_wins": 0, "count_placed": 1, "placement_sum": 3,
         "first_played_at": "2016-03-01 06:33:54", "last_played_at": "2016-03-01 06:33:54"},
    ])


TIE = """\
Raspisnoy sheet R-tie
Date: 2026-11-28
Club: Arbat
Players: Anna | Boris | Vera
Rules: default
First dealer: Anna

 #  cards kind      | Anna      | Boris     | Vera
 1  1     regular   | 1/0 -10   | 1/1 10    | 0/0 5
 2  2     regular   | 0/1 -9    | 0/0 15    | 1/1 15
"""


def test_leaderboard_raspisnoy_tied_winners_share(tmp_path):
    # Round 1 (Anna deals, may bid 1: 1 + 0 + 1 is not 1): Anna 1/0 -10, Boris 1/1 +10, Vera 0/0 +5;
    # round 2 (Boris deals, 0 + 1 + 0 is not 2): Anna passes and takes one +1, Boris 0/0 +5, Vera 1/1
    # +10. Totals -9, 15, 15: Boris and Vera tie for first (rank 1 both), Anna third. Every pair:
    # Anna -9 x 3 - 21 = -48, Boris and Vera 45 - 21 = 24. Winner only: Anna pays the difference,
    # 15 - (-9) = 24, which the two winners share: 12 each.
    summary = ingest_files(tmp_path, {"tie.txt": TIE})
    assert (summary.games, summary.quarantined, summary.findings) == (1, 0, 0)
    with connect(tmp_path / "warehouse") as con:
        assert_worked(con, "leaderboard_raspisnoy", [
            {"club": "Arbat", "season_kind": "all", "season": "all time", "player": "Boris", "count_games": 1,
             "total_points": 15, "count_wins": 1, "avg_placement": 1.0, "rank": 1, "settlement_points": 24,
             "settlement_points_winner": Decimal("12.00")},
            {"club": "Arbat", "season_kind": "all", "season": "all time", "player": "Vera", "count_games": 1,
             "total_points": 15, "count_wins": 1, "avg_placement": 1.0, "rank": 1, "settlement_points": 24,
             "settlement_points_winner": Decimal("12.00")},
            {"club": "Arbat", "season_kind": "all", "season": "all time", "player": "Anna", "count_games": 1,
             "total_points": -9, "count_wins": 0, "avg_placement": 3.0, "rank": 3, "settlement_points": -48,
             "settlement_points_winner": Decimal("-24.00")},
        ], where="season_kind = 'all'")
