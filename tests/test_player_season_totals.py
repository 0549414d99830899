"""int_player_season_totals against totals worked by hand: a person with two names at one table (one
game, his best seat's placement),
a game without a date, a house game, over two months of one quarter."""

from __future__ import annotations

from decimal import Decimal

import duckdb
import pytest

from pipeline.models import define_macros, models, select_over

# game_id, leaderboard_game, player, person, net, played_at, placement, is_win
PLAYER_GAMES = [
    ("g1", "holdem", "Anna", "Anna", "10", "2026-01-10 20:00", 1, True),
    ("g1", "holdem", "Anya", "Anna", "-4", "2026-01-10 20:00", 3, False),    # Anna's second name, same table
    ("g1", "holdem", "Boris", "Boris", "-6", "2026-01-10 20:00", 2, False),
    ("g2", "holdem", "Anna", "Anna", "-2", "2026-02-03 21:00", 2, False),
    ("g3", "holdem", "Anya", "Anna", "5", None, 1, True),                    # no date: all time only
    ("g4", "sixcard", "Vera", "Vera", "7", "2026-03-05 19:00", None, None),  # a house game: nobody placed
]


@pytest.fixture
def totals():
    con = duckdb.connect()
    define_macros(con)
    for model in models():
        if model.name == "int_season_kinds":
            con.execute(f"create view int_season_kinds as {model.body}")
    rows = ", ".join(
        f"('{game}', '{board}', '{player}', '{person}', {net}::decimal(18, 2), "
        f"{f'timestamp {at!r}' if at else 'null::timestamp'}, "
        f"{placement if placement is not None else 'null'}::bigint, {'null' if win is None else win}::boolean)"
        for game, board, player, person, net, at, placement, win in PLAYER_GAMES)
    games = (f"select *, leaderboard_game as game, null::varchar as site, 'Club' as club, 'Club' as game_club, "
             f"'USD' as currency, false as is_tournament, null::varchar as scoring "
             f"from (values {rows}) "
             "as t (game_id, leaderboard_game, player, person, net, played_at, placement, is_win)")
    # the person's games over the same rows (and their accounts: Anya is Anna's), as the build makes them
    accounts = f"select distinct site, player, person from ({games})"
    sql = select_over("int_player_season_totals", int_player_games=games,
                      int_person_games=select_over("int_person_games", int_player_games=games, int_accounts=accounts))
    columns = ["game", "season", "player", "names", "count_games", "net", "count_wins", "avg_placement",
               "count_placed", "placement_sum", "first_played_at", "last_played_at"]
    found = con.execute(f"select {', '.join(columns)} from ({sql}) order by game, player, season").fetchall()
    return {(row[0], row[1], row[2]): dict(zip(columns[3:], row[3:])) for row in found}


def test_a_person_counts_a_game_once_with_his_best_seats_placement(totals):
    anna = totals[("holdem", "all time", "Anna")]
    # g1 (two names: 10 - 4 = 6, placed 1 and 3), g2 and the undated g3: three games, each with one
    # placement, the best seat's (g1 1, g2 2, g3 1: 4 / 3), and won where a seat won (g1, g3)
    assert (anna["count_games"], anna["net"], anna["count_wins"]) == (3, Decimal("9.00"), 2)
    assert (anna["count_placed"], anna["placement_sum"]) == (3, 4)
    assert anna["avg_placement"] == pytest.approx(4 / 3, rel=1e-15)
    assert anna["names"] == "Anna, Anya"
    assert (str(anna["first_played_at"]), str(anna["last_played_at"])) == ("2026-01-10 20:00:00", "2026-02-03 21:00:00")


def test_the_seasons_of_a_date_sum_its_months(totals):
    for season in ("2026", "2026-Q1"):
        anna = totals[("holdem", season, "Anna")]
        # g1 (best seat 1, won) and g2 (2): placements 1 + 2
        assert (anna["count_games"], anna["net"], anna["count_wins"], anna["placement_sum"]) == (2, Decimal("4.00"), 1, 3)
        assert anna["avg_placement"] == 1.5 and anna["names"] == "Anna, Anya"
    january, february = totals[("holdem", "2026-01", "Anna")], totals[("holdem", "2026-02", "Anna")]
    assert (january["count_games"], january["net"], january["count_wins"], january["avg_placement"]) == (
        1, Decimal("6.00"), 1, 1.0)
    assert (february["count_games"], february["net"], february["count_wins"], february["names"]) == (
        1, Decimal("-2.00"), 0, "Anna")
    # the undated game is in no year, quarter nor month
    assert not [key for key in totals if key[2] == "Anna" and key[1] not in ("all time", "2026", "2026-Q1",
                                                                            "2026-01", "2026-02")]


def test_a_house_game_has_no_wins_nor_placements(totals):
    vera = totals[("sixcard", "2026-03", "Vera")]
    assert (vera["count_games"], vera["net"], vera["count_wins"], vera["avg_placement"]) == (1, Decimal("7.00"), None, None)
    assert (vera["count_placed"], vera["placement_sum"]) == (0, None)
