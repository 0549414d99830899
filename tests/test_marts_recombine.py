"""The marts' stored counts recombine into their averages, and amounts per unit are rounded once, as
docs/warehouse.md says."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from pipeline.tables import TableRows
from pipeline.warehouse import connect
from tests.test_marts import add_game, build, sixcard_box
from tests.worked_marts import assert_worked

DOCS = Path(__file__).resolve().parents[1] / "docs" / "warehouse.md"


def documented_query(start: str) -> str:
    """The one query of docs/warehouse.md written in backticks that begins with ``start``."""
    (query,) = re.findall("`(" + re.escape(start) + "[^`]*)`", DOCS.read_text(encoding="utf-8"))
    return query


def three_raspisnoy_games(warehouse: Path):
    # Tverskaya, March 2026. Log L: Anna 30, Boris 10, Vera −5 (places 1, 2, 3).
    # Log M: Anna 10, Boris 20, Vera 0 (places 2, 1, 3). Sheet S: Anna 0, Boris 50, Vera 20 (3, 1, 2).
    # Anna 1+2+3 = 6 over 3 places (2.0), Boris 2+1+1 = 4 over 3 (1.333…), Vera 3+3+2 = 8 over 3 (2.666…).
    rows = TableRows()
    march = datetime(2026, 3, 5, 20)
    add_game(rows, "raspisnoy", "L", {"Anna": "30", "Boris": "10", "Vera": "-5"}, club="Tverskaya", played_at=march)
    add_game(rows, "raspisnoy", "M", {"Anna": "10", "Boris": "20", "Vera": "0"}, club="Tverskaya", played_at=march)
    add_game(rows, "raspisnoy_sheet", "S", {"Anna": "0", "Boris": "50", "Vera": "20"}, club="Tverskaya",
             played_at=march)
    return build(warehouse, rows)


def test_avg_placement_recombines_by_the_documented_query(warehouse):
    store = three_raspisnoy_games(warehouse)
    query = documented_query("select player, sum(placement_sum) / sum(count_placed)")
    with connect(store.root) as con:
        recombined = dict(con.execute(query).fetchall())
        stored = dict(con.execute("select player, avg_placement from leaderboard where season_kind = 'all'").fetchall())
        assert recombined == stored == {"Anna": 6 / 3, "Boris": 4 / 3, "Vera": 8 / 3}
        # The logs and the sheet are rows apart in player_results: each keeps its counts beside its average.
        assert_worked(con, "player_results", [
            {"player": "Anna", "game": "raspisnoy", "count_placed": 2, "placement_sum": 3, "avg_placement": 1.5},
            {"player": "Anna", "game": "raspisnoy_sheet", "count_placed": 1, "placement_sum": 3, "avg_placement": 3.0},
            {"player": "Boris", "game": "raspisnoy", "count_placed": 2, "placement_sum": 3, "avg_placement": 1.5},
            {"player": "Boris", "game": "raspisnoy_sheet", "count_placed": 1, "placement_sum": 1, "avg_placement": 1.0},
            {"player": "Vera", "game": "raspisnoy", "count_placed": 2, "placement_sum": 6, "avg_placement": 3.0},
            {"player": "Vera", "game": "raspisnoy_sheet", "count_placed": 1, "placement_sum": 2, "avg_placement": 2.0},
        ])
        # Per person over the club: the logs and the sheet are one game, 'raspisnoy'.
        assert_worked(con, "leaderboard", [
            {"player": "Anna", "count_placed": 3, "placement_sum": 6, "avg_placement": 2.0},
            {"player": "Boris", "count_placed": 3, "placement_sum": 4, "avg_placement": 1.3333333333333333},
            {"player": "Vera", "count_placed": 3, "placement_sum": 8, "avg_placement": 2.6666666666666665},
        ], where="season_kind = 'all'")
        assert_worked(con, "leaderboard_raspisnoy", [
            {"player": "Anna", "count_placed": 3, "placement_sum": 6, "avg_placement": 2.0},
            {"player": "Boris", "count_placed": 3, "placement_sum": 4, "avg_placement": 1.3333333333333333},
            {"player": "Vera", "count_placed": 3, "placement_sum": 8, "avg_placement": 2.6666666666666665},
        ], where="season_kind = 'all'")
        assert_worked(con, "player_stats_raspisnoy", [
            {"player": "Anna", "count_placed": 3, "placement_sum": 6, "avg_placement": 2.0},
            {"player": "Boris", "count_placed": 3, "placement_sum": 4, "avg_placement": 1.3333333333333333},
            {"player": "Vera", "count_placed": 3, "placement_sum": 8, "avg_placement": 2.6666666666666665},
        ], where="season_kind = 'all'")


def test_ev_lost_per_hand_is_rounded_once_half_away_from_zero(warehouse):
    # Vera, one session of ten analysed hands: nine lose 1.9236 and one 1.9241, 19.2365 in all.
    # 19.2365 / 10 = 1.92365, half a step at the 4th place: away from zero, 1.9237 (a division in
    # doubles gives 1.92364999…, which rounds down to 1.9236).
    rows = TableRows()
    add_game(rows, "sixcard", "v1", {"Vera": "0"})
    for hand_no in range(1, 10):
        sixcard_box(rows, "v1", "Vera", hand_no, 1, "Kc Kd 8h 6s 4d", "pair", "1.9236")
    sixcard_box(rows, "v1", "Vera", 10, 1, "Kc Kd 8h 6s 4d", "pair", "1.9241")
    store = build(warehouse, rows)
    with connect(store.root) as con:
        assert_worked(con, "player_stats_sixcard", [
            {"player": "Vera", "ev_lost_total": Decimal("19.2365"), "count_hands_analysed": 10,
             "ev_lost_per_hand": Decimal("1.9237")},
        ])
        assert con.execute("select typeof(ev_lost_per_hand) from player_stats_sixcard").fetchone() == ("DECIMAL(18,4)",)
