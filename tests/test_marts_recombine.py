"""The marts' stored counts recombine into their averages, as docs/warehouse.md says they do."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from pipeline.tables import TableRows
from pipeline.warehouse import connect
from tests.test_marts import add_game, build
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
