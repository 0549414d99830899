"""Hold'em facts: one row per action and one row per player per hand.

The columns below are what the SQL models of ``player_stats_holdem`` read; add columns,
never rename them.
"""

from __future__ import annotations

import pyarrow as pa

from pipeline.tables import MONEY, define

HOLDEM_ACTIONS = define(
    "holdem_actions",
    ("game_id", pa.string()),
    ("hand_id", pa.string()),          # the room's hand number
    ("action_no", pa.int16()),         # order in the hand, from 0 (posts included)
    ("street", pa.string()),           # preflop, flop, turn, river, showdown
    ("player", pa.string()),
    ("seat", pa.int16()),
    ("position", pa.string()),         # BTN, SB, BB, UTG, UTG1, MP, HJ, CO … (heads-up: BTN is SB)
    ("action", pa.string()),           # post_sb, post_bb, post_ante, post_straddle, post_dead, fold,
                                       # check, call, bet, raise, uncalled, collect, show, muck
    ("amount", MONEY),                 # chips this action put in (or took back, for uncalled/collect)
    ("raise_to", MONEY),               # for raises: the total bet after the raise
    ("to_call", MONEY),                # what the player had to call before acting
    ("bet_level", pa.int8()),          # bets and raises on the street before this action
                                       # (preflop the big blind counts as 1: an open raise is the 2-bet)
    ("is_all_in", pa.bool_()),
    ("is_voluntary", pa.bool_()),      # a call, bet or raise (not a post)
    ("line", pa.int32()),
)

HOLDEM_RESULTS = define(
    "holdem_results",
    ("game_id", pa.string()),
    ("hand_id", pa.string()),
    ("player", pa.string()),
    ("seat", pa.int16()),
    ("position", pa.string()),
    ("hole_cards", pa.string()),       # "As Kd" when known
    ("stack_start", MONEY),
    ("invested", MONEY),               # everything put in, posts included, uncalled part excluded
    ("collected", MONEY),
    ("net", MONEY),                    # collected - invested
    ("net_showdown", MONEY),           # net in hands that reached showdown, else 0
    ("allin_ev_net", MONEY),           # expected net from the all-in equity; = net when no all-in
    ("saw_flop", pa.bool_()),
    ("saw_turn", pa.bool_()),
    ("saw_river", pa.bool_()),
    ("went_to_showdown", pa.bool_()),
    ("won_at_showdown", pa.bool_()),
    ("is_walk", pa.bool_()),           # everyone folded to the big blind
    ("small_blind", MONEY),
    ("big_blind", MONEY),
    ("stakes", pa.string()),           # "0.25/0.50 USD", "100/200 T" …
    ("betting", pa.string()),          # no_limit, pot_limit, limit
    ("currency", pa.string()),         # USD, EUR, GBP, play, chips (tournament)
    ("is_tournament", pa.bool_()),
    ("max_seats", pa.int16()),
    ("count_players", pa.int16()),     # dealt in
    ("rake", MONEY),                   # the hand's rake (same on each row of the hand)
)

HANDLERS: dict = {}
