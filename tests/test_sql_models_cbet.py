"""int_holdem_player_hands' c-bet flags against three flops worked by hand: a lead into the preflop
raiser (no c-bet, so nobody faces one), a c-bet raised before the last player's turn (he faces the
raise, not the c-bet), and a c-bet after two checks (each checker faces it and folds)."""

from __future__ import annotations

import duckdb
import pytest

from pipeline.models import define_macros, select_over

PLAYERS = ("Anna", "Boris", "Vera")

# game_id: [(street, player, action, raise_level, decision_no)], in the order of the hand
DECISIONS = {
    # Anna raises preflop; on the flop Boris leads (a bet, but not the aggressor's), Vera folds to it,
    # Anna raises it, Boris calls
    "lead": [
        ("preflop", "Anna", "raise", 1, 1), ("preflop", "Boris", "call", 2, 1), ("preflop", "Vera", "call", 2, 1),
        ("flop", "Boris", "bet", 0, 1), ("flop", "Vera", "fold", 1, 1), ("flop", "Anna", "raise", 1, 1),
        ("flop", "Boris", "call", 2, 2),
    ],
    # Anna raises preflop; Boris and Vera check the flop, Anna c-bets, Boris raises, Vera folds to the
    # raise, Anna calls it
    "raised": [
        ("preflop", "Anna", "raise", 1, 1), ("preflop", "Boris", "call", 2, 1), ("preflop", "Vera", "call", 2, 1),
        ("flop", "Boris", "check", 0, 1), ("flop", "Vera", "check", 0, 1), ("flop", "Anna", "bet", 0, 1),
        ("flop", "Boris", "raise", 1, 2), ("flop", "Vera", "fold", 2, 2), ("flop", "Anna", "call", 2, 2),
    ],
    # Vera raises preflop; Anna and Boris check the flop, Vera c-bets, both fold
    "folded": [
        ("preflop", "Vera", "raise", 1, 1), ("preflop", "Anna", "call", 2, 1), ("preflop", "Boris", "call", 2, 1),
        ("flop", "Anna", "check", 0, 1), ("flop", "Boris", "check", 0, 1), ("flop", "Vera", "bet", 0, 1),
        ("flop", "Anna", "fold", 1, 2), ("flop", "Boris", "fold", 1, 2),
    ],
}

# (game_id, player): c-bet chance, c-bet, fold-to-c-bet chance, fold to c-bet
WORKED = {
    ("lead", "Anna"): (False, False, False, False),     # Boris bet before her: no c-bet chance
    ("lead", "Boris"): (False, False, False, False),
    ("lead", "Vera"): (False, False, False, False),     # she folded to a lead, not to a c-bet
    ("raised", "Anna"): (True, True, False, False),     # the c-bettor never faces his own bet
    ("raised", "Boris"): (False, False, True, False),   # faced the c-bet, raised it
    ("raised", "Vera"): (False, False, False, False),   # her turn came after the raise of it
    ("folded", "Anna"): (False, False, True, True),
    ("folded", "Boris"): (False, False, True, True),
    # Vera is an anonymous seat in this hand: no row of hers, yet her c-bet is one, which both faced
}


@pytest.fixture
def flags():
    con = duckdb.connect()
    define_macros(con)
    rows = []
    for game_id, decisions in DECISIONS.items():
        for action_no, (street, player, action, level, decision_no) in enumerate(decisions, start=3):
            rows.append(f"('{game_id}', {action_no}, '{street}', '{player}', '{action}', {level}, {decision_no})")
    # the decisions as the flags read them, holdem_actions' rows (no chance of a 3-bet is checked here)
    actions = (
        "select *, 1 as decision_no_at_level, 1 as count_entries_before, 'BB' as position, 0.00 as to_call, "
        "0.00 as invested_before, 1.00 as full_increment_before, true as is_reopened, 0 as count_out_before "
        f"from (values {', '.join(rows)}) as t (game_id, action_no, street, player, action, raise_level, decision_no)")
    results = (
        "select game_id, 'holdem' as game, game_id as hand_id, player, 1 as seat, 'BB' as position, "
        "null as hole_cards, '$0.50/$1' as stakes, false as is_tournament, 0.50 as small_blind, 1.00 as big_blind, "
        "'no_limit' as betting, 3 as count_players, 100.00 as stack_start, 3.00 as invested, 9.00 as total_pot, 0.00 as net, "
        "0.00 as net_showdown, 0.00 as allin_ev_net, 0.00 as collected, 0.00 as cash_out, true as saw_flop, "
        "false as went_to_showdown, "
        "false as won_at_showdown, false as is_walk, game_id = 'folded' and player = 'Vera' as is_anonymous, false as is_cancelled "
        f"from (values {', '.join(f'({g!r})' for g in DECISIONS)}) as g (game_id), "
        f"(values {', '.join(f'({p!r})' for p in PLAYERS)}) as p (player)")
    games = ("select game_id, 'PokerStars' as site, timestamp '2024-03-01 20:00' as played_at, "
             "true as played_in_utc, null as club, 'Vesta' as table_name, 'hands.txt' as source_file, "
             "1 as first_line, 'USD' as currency "
             f"from (values {', '.join(f'({g!r})' for g in DECISIONS)}) as g (game_id)")
    # no hand here is raked: no seat's share of a rake
    rake_shares = "select game_id, player, 0.00 as rake_paid from (values ('none', 'nobody')) as t (game_id, player) where false"
    sql = select_over("int_holdem_player_hands", stg_holdem_actions=actions, stg_holdem_results=results,
                      stg_games=games, int_holdem_rake_shares=rake_shares)
    found = con.execute(
        f"select game_id, player, is_cbet_flop_opportunity, is_cbet_flop, is_fold_to_cbet_flop_opportunity, "
        f"is_fold_to_cbet_flop from ({sql})").fetchall()
    return {(game_id, player): tuple(values) for game_id, player, *values in found}


def test_cbet_flags_of_a_lead_a_raised_cbet_and_a_folded_cbet(flags):
    assert flags == WORKED
