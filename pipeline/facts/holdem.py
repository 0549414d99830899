"""Hold'em facts: one row per action and one row per player per hand.

The columns below are what the SQL models of ``player_stats_holdem`` read; add columns,
never rename them.
"""

from __future__ import annotations

from decimal import Decimal

import pyarrow as pa

from pipeline.games import Handler
from pipeline.tables import MONEY, TableRows, define
from rules.cards import format_cards
from rules.holdem import HoldemReplay, replay
from rules.holdem_hand import ActionKind, HoldemHand

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
                                       # (6+ Hold'em: post_button, the button blind, which plays as a big blind)
    ("amount", MONEY),                 # chips this action put in (or took back, for uncalled/collect)
    ("raise_to", MONEY),               # for raises: the total bet after the raise
    ("to_call", MONEY),                # what the player had to call before acting
    ("bet_level", pa.int8()),          # bets and raises on the street before this action
                                       # (preflop the big blind counts as 1: an open raise is the 2-bet)
    ("is_all_in", pa.bool_()),
    ("is_voluntary", pa.bool_()),      # a call, bet or raise (not a post)
    ("line", pa.int32()),
    ("board", pa.int8()),              # added: for show/collect lines of a hand run twice, the board (0, 1)
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
    ("cash_out", MONEY),               # added: paid by the room for a cashed-out hand; included in collected
    ("total_pot", MONEY),              # added: the hand's pot before rake (same on each row of the hand)
)


def _replay(record: HoldemHand) -> HoldemReplay:
    return replay(record)


def _add_rows(rows: TableRows, record: HoldemHand, result: HoldemReplay) -> None:
    game, game_id, hand_id = record.info.game, record.source.game_id, record.hand_id
    # One tuple per row, then transposed into columns (zip(*…)): a list per column built by
    # its own comprehension walks the facts once per column.
    raise_kind, voluntary = ActionKind.RAISE, _VOLUNTARY
    facts = result.actions
    n = len(facts)
    (action_no, street, player, seat, position, action, amount, raise_to, to_call, bet_level, is_all_in,
     is_voluntary, line, board) = zip(*[
        (fact.action_no, a.street.value, a.player, fact.seat, fact.position, a.kind.value, fact.amount,
         a.raise_to if a.kind is raise_kind else None, fact.to_call, fact.bet_level, fact.is_all_in,
         a.kind in voluntary, a.line, a.board)
        for fact in facts for a in (fact.action,)]) or ((),) * 14
    rows.extend("holdem_actions", game, {
        "game_id": [game_id] * n, "hand_id": [hand_id] * n, "action_no": action_no, "street": street,
        "player": player, "seat": seat, "position": position, "action": action, "amount": amount,
        "raise_to": raise_to, "to_call": to_call, "bet_level": bet_level, "is_all_in": is_all_in,
        "is_voluntary": is_voluntary, "line": line, "board": board,
    })
    stakes = record.stakes or f"{record.small_blind}/{record.big_blind}"
    if record.is_tournament and not stakes.endswith(" T"):
        stakes = f"{stakes} T"
    players = result.facts
    m = len(players)
    zero = Decimal(0)
    (player, seat, position, hole_cards, stack_start, invested, collected, net, net_showdown, allin_ev_net,
     saw_flop, saw_turn, saw_river, went_to_showdown, won_at_showdown, cash_out) = zip(*[
        (fact.player, fact.seat, fact.position, _cards_text(fact.hole_cards), fact.stack_start, fact.invested,
         fact.collected, fact.net, fact.net if fact.went_to_showdown else zero, fact.allin_ev_net, fact.saw_flop,
         fact.saw_turn, fact.saw_river, fact.went_to_showdown, fact.won_at_showdown, fact.cash_out)
        for fact in players]) or ((),) * 16
    rows.extend("holdem_results", game, {
        "game_id": [game_id] * m, "hand_id": [hand_id] * m, "player": player, "seat": seat,
        "position": position, "hole_cards": hole_cards, "stack_start": stack_start, "invested": invested,
        "collected": collected, "net": net, "net_showdown": net_showdown, "allin_ev_net": allin_ev_net,
        "saw_flop": saw_flop, "saw_turn": saw_turn, "saw_river": saw_river, "went_to_showdown": went_to_showdown,
        "won_at_showdown": won_at_showdown,
        "is_walk": [result.is_walk] * m,
        "small_blind": [record.small_blind] * m, "big_blind": [record.big_blind] * m,
        "stakes": [stakes] * m, "betting": [record.betting.value] * m, "currency": [record.currency] * m,
        "is_tournament": [record.is_tournament] * m, "max_seats": [record.max_seats] * m,
        "count_players": [result.count_players] * m, "rake": [result.rake] * m,
        "cash_out": cash_out,
        "total_pot": [result.total_pot] * m,
    })


_VOLUNTARY = frozenset(kind for kind in ActionKind if kind.is_voluntary)
_HOLE_TEXT: dict = {}


def _cards_text(cards) -> str | None:
    """``format_cards`` of hole cards, remembered: a few thousand pairs recur all the time."""
    if not cards:
        return None
    text = _HOLE_TEXT.get(cards)
    if text is None:
        text = _HOLE_TEXT[cards] = format_cards(cards)
    return text

HANDLERS: dict = {HoldemHand: Handler(replay=_replay, add_rows=_add_rows)}
