"""int_player_games' placements against placements worked by hand: ties share a place and the next
place skips (rank, not dense rank), a player without a net places after every net of his game, a
house game places nobody and is won by a net above zero, and a Hold'em hand is won by chips won (a
net above zero), whatever its placement; a seat whose name is no person's (an anonymous seat) is
among the nets a player ranks in, and has no row of its own."""

from __future__ import annotations

import duckdb
import pytest

from pipeline.models import define_macros, select_over

# game_id, game, player, net (None: no net)
GAME_PLAYERS = [
    ("g1", "holdem", "Anna", "10"),
    ("g1", "holdem", "Boris", "5"),    # a side pot: second, and won chips
    ("g1", "holdem", "Vera", "5"),     # ties Boris: both second, and Gleb fourth
    ("g1", "holdem", "Gleb", "-20"),
    ("g1", "holdem", "Dima", None),    # no net: after every net, fifth
    ("g2", "holdem", "Anna", "0"),
    ("g2", "holdem", "Boris", "0"),    # everybody tied: both first, and neither won a chip
    # a raked split pot: the two who split it get back a cent less and exactly what they put in,
    # and nobody is above zero; Hero folded without a chip in: first with the others at 0, not won
    ("g8", "holdem", "Oswood", "-0.01"),
    ("g8", "holdem", "PokerMill", "0"),
    ("g8", "holdem", "Hero", "0"),
    ("g8", "holdem", "andi", "-0.10"),
    ("g9", "holdem36", "Anna", "2.50"),  # short deck is Hold'em too: won by its chips
    ("g9", "holdem36", "Boris", "-2.50"),
    ("g10", "chinese", "Anna", "0"),
    ("g10", "chinese", "Boris", "0"),  # a game that is not Hold'em: a tie for first wins both
    ("g3", "raspisnoy", "Anna", None),
    ("g3", "raspisnoy", "Boris", None),
    ("g3", "raspisnoy", "Vera", "-3"),  # the only net places first; the two without one tie second
    ("g4", "sixcard", "Vera", "7"),    # against the house: no placement, won by its net above zero
    ("g6", "sixcard", "Vera", "-4"),   # lost to the house
    ("g7", "sixcard", "Vera", "0"),    # even: not won
    ("g5", "raspisnoy", "Anna", None),
    ("g5", "raspisnoy", "Boris", None),  # no net at all: nobody above anybody, both first
    ("g11", "holdem", "Hero", "5"),
    ("g11", "holdem", "Big Blind", "10"),   # anonymous: above Hero, who places second of three
    ("g11", "holdem", "Small Blind", "-15"),
]
ANONYMOUS = {("g11", "Big Blind"), ("g11", "Small Blind")}

# (game_id, player): placement, is_win, count_players
WORKED = {
    ("g1", "Anna"): (1, True, 5),
    ("g1", "Boris"): (2, True, 5),
    ("g1", "Vera"): (2, True, 5),
    ("g1", "Gleb"): (4, False, 5),
    ("g1", "Dima"): (5, False, 5),
    ("g2", "Anna"): (1, False, 2),
    ("g2", "Boris"): (1, False, 2),
    ("g8", "PokerMill"): (1, False, 4),
    ("g8", "Hero"): (1, False, 4),
    ("g8", "Oswood"): (3, False, 4),
    ("g8", "andi"): (4, False, 4),
    ("g9", "Anna"): (1, True, 2),
    ("g9", "Boris"): (2, False, 2),
    ("g10", "Anna"): (1, True, 2),
    ("g10", "Boris"): (1, True, 2),
    ("g3", "Vera"): (1, True, 3),
    ("g3", "Anna"): (2, False, 3),
    ("g3", "Boris"): (2, False, 3),
    ("g4", "Vera"): (None, True, 1),
    ("g6", "Vera"): (None, False, 1),
    ("g7", "Vera"): (None, False, 1),
    ("g5", "Anna"): (1, True, 2),
    ("g5", "Boris"): (1, True, 2),
    ("g11", "Hero"): (2, True, 3),     # second among the nets, and won chips: a Hold'em hand won
}


@pytest.fixture
def placements():
    con = duckdb.connect()
    define_macros(con)
    players = ", ".join(f"('{game_id}', '{game}', '{player}', 1::smallint, "
                        f"{'null' if net is None else repr(net)}::decimal(18, 2), {(game_id, player) in ANONYMOUS})"
                        for game_id, game, player, net in GAME_PLAYERS)
    games = ", ".join(sorted({f"('{game_id}', '{game}')" for game_id, game, *_ in GAME_PLAYERS}))
    sql = select_over(
        "int_player_games",
        stg_game_players=f"select * from (values {players}) as t (game_id, game, player, seat, net, is_anonymous)",
        stg_games=(f"select *, null::timestamp as played_at, 'Club' as club, null::varchar as site, "
                   f"'T1' as table_name, 'USD' as currency, false as is_tournament "
                   f"from (values {games}) as t (game_id, game)"),
        int_accounts="select null::varchar as site, null::varchar as player, null::varchar as person where false",
        stg_chinese_players="select null::varchar as game_id, null::varchar as scoring where false",
        # no hand here was cancelled (test_holdem_cancelled leaves out those that were)
        int_cancelled_hands="select null::varchar as game_id where false",
    )
    found = con.execute(f"select game_id, player, placement, is_win, count_players from ({sql})").fetchall()
    return {(game_id, player): (placement, is_win, count) for game_id, player, placement, is_win, count in found}


def test_placements_rank_nets_highest_first_ties_shared_and_no_net_last(placements):
    assert placements == WORKED
