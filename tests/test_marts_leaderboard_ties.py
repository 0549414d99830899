"""The leaderboards' rank, a person with two seats in one game, and the one rounding rule, against
cases worked by hand (fact rows written straight into a warehouse, as tests/test_marts.py does).

Raspisnoy score sheets, all-time season:

    Nevsky     G1 (04-01)  Ivan 11, Max 10, Egor -5     places Ivan 1, Max 2, Egor 3
               G2 (04-02)  Ivan 10, Egor 5, Max 0       places Ivan 1, Egor 2, Max 3
               G3 (04-03)  Max 11, Egor 0               places Max 1, Egor 2
               G4 (04-04)  Pavel 3, Roma 3              both place 1, both win
    Liteyny    L1 (05-01)  Anna 5, Boris 0, Vera -5     places 1, 2, 3
               L2 (05-02)  Boris 5, Anna 0, Vera 0      Boris 1, Anna and Vera 2
               L3 (05-03)  Vera 1, Gleb 1, Anna 0       Vera and Gleb 1 (both win), Anna 3

    Nevsky   net  wins  placements     avg    rank by net  rank by net, wins, avg placement
    Ivan      21    2   1, 1           1.0    1            1
    Max       21    1   2, 3, 1        2.0    1            2   (fewer wins than Ivan)
    Pavel      3    1   1              1.0    3            3   (Pavel and Roma equal on all three:
    Roma       3    1   1              1.0    3            3    they share 3, and 4 is skipped)
    Egor       0    0   3, 2, 2        7/3    5            5
    Liteyny
    Anna       5    1   1, 2, 3        2.0    1            2   (as many wins as Boris, a worse average)
    Boris      5    1   2, 1           1.5    1            1
    Gleb       1    1   1              1.0    3            3
    Vera      -4    1   3, 2, 1        2.0    4            4
"""

from __future__ import annotations

from datetime import datetime

from pipeline.people import link
from pipeline.tables import TableRows
from pipeline.warehouse import connect
from tests.test_marts import add_game, build, dashboard_db  # noqa: F401 (a fixture)
from tests.worked_marts import assert_worked

GAMES = [
    ("G1", "Nevsky", datetime(2026, 4, 1, 19), {"Ivan": "11", "Max": "10", "Egor": "-5"}),
    ("G2", "Nevsky", datetime(2026, 4, 2, 19), {"Ivan": "10", "Egor": "5", "Max": "0"}),
    ("G3", "Nevsky", datetime(2026, 4, 3, 19), {"Max": "11", "Egor": "0"}),
    ("G4", "Nevsky", datetime(2026, 4, 4, 19), {"Pavel": "3", "Roma": "3"}),
    ("L1", "Liteyny", datetime(2026, 5, 1, 19), {"Anna": "5", "Boris": "0", "Vera": "-5"}),
    ("L2", "Liteyny", datetime(2026, 5, 2, 19), {"Boris": "5", "Anna": "0", "Vera": "0"}),
    ("L3", "Liteyny", datetime(2026, 5, 3, 19), {"Vera": "1", "Gleb": "1", "Anna": "0"}),
]


def _warehouse(root):
    rows = TableRows()
    for name, club, played_at, nets in GAMES:
        add_game(rows, "raspisnoy_sheet", name, nets, club=club, played_at=played_at)
    return build(root, rows)


def test_leaderboards_break_ties_of_net_by_wins_then_average_placement(tmp_path):
    store = _warehouse(tmp_path / "warehouse")
    with connect(store.root) as con:
        assert_worked(con, "leaderboard_raspisnoy", [
            {"club": "Nevsky", "player": "Ivan", "total_points": 21, "count_wins": 2, "avg_placement": 1.0,
             "rank": 1},
            {"club": "Nevsky", "player": "Max", "total_points": 21, "count_wins": 1, "avg_placement": 2.0,
             "rank": 2},
            {"club": "Nevsky", "player": "Pavel", "total_points": 3, "count_wins": 1, "avg_placement": 1.0,
             "rank": 3},
            {"club": "Nevsky", "player": "Roma", "total_points": 3, "count_wins": 1, "avg_placement": 1.0,
             "rank": 3},
            {"club": "Nevsky", "player": "Egor", "total_points": 0, "count_wins": 0,
             "avg_placement": 2.3333333333, "rank": 5},
            {"club": "Liteyny", "player": "Boris", "total_points": 5, "count_wins": 1, "avg_placement": 1.5,
             "rank": 1},
            {"club": "Liteyny", "player": "Anna", "total_points": 5, "count_wins": 1, "avg_placement": 2.0,
             "rank": 2},
            {"club": "Liteyny", "player": "Gleb", "total_points": 1, "count_wins": 1, "avg_placement": 1.0,
             "rank": 3},
            {"club": "Liteyny", "player": "Vera", "total_points": -4, "count_wins": 1, "avg_placement": 2.0,
             "rank": 4},
        ], where="season_kind = 'all'")
        # the same ranks in the leaderboard of every game
        assert_worked(con, "leaderboard", [
            {"club": "Nevsky", "player": "Ivan", "net": 21, "rank": 1},
            {"club": "Nevsky", "player": "Max", "net": 21, "rank": 2},
            {"club": "Nevsky", "player": "Pavel", "net": 3, "rank": 3},
            {"club": "Nevsky", "player": "Roma", "net": 3, "rank": 3},
            {"club": "Nevsky", "player": "Egor", "net": 0, "rank": 5},
            {"club": "Liteyny", "player": "Boris", "net": 5, "rank": 1},
            {"club": "Liteyny", "player": "Anna", "net": 5, "rank": 2},
            {"club": "Liteyny", "player": "Gleb", "net": 1, "rank": 3},
            {"club": "Liteyny", "player": "Vera", "net": -4, "rank": 4},
        ], where="season_kind = 'all'")


def test_an_average_placement_is_the_same_unrounded_figure_in_every_mart(tmp_path):
    # Egor's placements 3, 2, 2: 7 / 3 in the leaderboards and in player_results alike (it was 2.33
    # there), and placement_sum / count_placed recombines it exactly.
    store = _warehouse(tmp_path / "warehouse")
    with connect(store.root) as con:
        assert_worked(con, "player_results", [
            {"player": "Egor", "count_games": 3, "count_wins": 0, "avg_placement": 2.3333333333333335,
             "count_placed": 3},
        ], where="player = 'Egor'")
        assert_worked(con, "leaderboard", [
            {"player": "Egor", "avg_placement": 2.3333333333333335},
        ], where="player = 'Egor' and season_kind = 'all'")


def test_a_person_with_two_seats_in_one_game_plays_it_once(tmp_path):
    # Max and Egor linked as one person, "ME", who sat twice in G1, G2 and G3. Each game counts once:
    # the seats' nets added (G1 10 - 5 = 5, G2 5 + 0 = 5, G3 11 + 0 = 11: 21), the best seat's
    # placement (G1 Max 2, G2 Egor 2, G3 Max 1: 5 / 3) and a win where either seat won (G3): 3 games,
    # 3 placements, 1 win; before, 6 placements of 3 games (2.1667) and the rounds of both.
    store = _warehouse(tmp_path / "warehouse")
    link(store.root, "ME", ["Max", "Egor"])
    with connect(store.root) as con:
        assert_worked(con, "leaderboard_raspisnoy", [
            {"player": "ME", "count_games": 3, "total_points": 21, "count_wins": 1,
             "avg_placement": 1.6666666666666667, "rank": 2},
        ], where="season_kind = 'all' and player = 'ME'")
        assert_worked(con, "player_stats_raspisnoy", [
            {"player": "ME", "count_games": 3, "count_wins": 1, "avg_placement": 1.6666666666666667,
             "total_points": 21},
        ], where="season_kind = 'all' and player = 'ME'")
        totals = con.execute("select count_games, count_placed, placement_sum from int_player_season_totals "
                             "where player = 'ME' and season_kind = 'all'").fetchall()
        assert totals == [(3, 3, 5)]


def test_the_leaderboard_pages_rank_as_the_marts_do(tmp_path, dashboard_db):  # noqa: F811
    from dashboards import queries as q

    db = dashboard_db(_warehouse(tmp_path / "warehouse"))
    table = q.leaderboard(db, "Liteyny", "raspisnoy", "all", "all time", 1)
    assert list(zip(table["rank"], table["player"])) == [(1, "Boris"), (2, "Anna"), (3, "Gleb"), (4, "Vera")]
    table = q.raspisnoy_leaderboard(db, "Nevsky", "all", "all time", 1, 1.0)
    assert list(zip(table["rank"], table["player"])) == [(1, "Ivan"), (2, "Max"), (3, "Pavel"), (3, "Roma"),
                                                         (5, "Egor")]
    # at least 3 games: Anna and Vera alone, re-ranked among themselves (5 before -4)
    table = q.raspisnoy_leaderboard(db, "Liteyny", "all", "all time", 3, 1.0)
    assert list(zip(table["rank"], table["player"])) == [(1, "Anna"), (2, "Vera")]
