"""The compiled Hold'em lane: a whole :class:`~rules.holdem_batch.HandBatch` replayed in one Numba call.

:func:`replay_batch` walks every hand of a batch with the rules of :mod:`rules.holdem` in integer
cents and CERTIFIES a hand only when it re-derives everything the reference replay checks and
finds nothing to report: order of action, check/call/bet/raise legality (No Limit minimum raise
with the short all-in rule, Pot Limit maximum, Limit sizes and cap), blinds and antes, stacks,
uncalled bets, main and side pots against the summary, showdown winners ranked by the table's
deck, split pots with their odd units, rake, collected amounts, the summary's "won" amounts,
total pot, board and deck. Anything it would flag, or does not model, leaves the hand
uncertified: it then takes the full path (``parsers.pokerstars.parse`` and ``rules.holdem.replay``),
which explains the finding. For a certified hand the :class:`FactBatch` holds exactly the facts
the reference returns (``HoldemReplay.actions``, ``.facts``, ``.players``, ``is_walk``,
``count_players``, ``total_pot``, ``rake``), the all-in EV included (computed after the kernel by
:func:`rules.holdem.allin_ev_values`, the reference's own code).

Not modelled (never certified, though the reference may find nothing): an uncalled bet returned
while two players share the top bet; two dealt players with one seat number; a pot that would be
split with a negative amount; a hand where every player folded; a board with a gap; more than 62
seats. Hands out of the lane (``in_lane`` False: run twice, cash-outs, capped tables, … see
rules.holdem_batch) are never certified either.

Speed (10,000 generated hands of five mixes, one core): about 2.5 µs a hand without the all-in EV;
with it about 40 µs a hand the first time (a preflop all-in's exact equity costs milliseconds, in
the reference's own ``pot_equities``), 7 µs once its memo holds the spots.

>>> from rules.holdem_batch import batch_from_hands
>>> from parsers.formats import HEADERS, parse_chunk
>>> from parsers.source import normalize_lines, split_games
>>> from pipeline.generators.holdem import generate
>>> hands = [parse_chunk(c, "g.txt") for c in split_games(normalize_lines(generate("holdem", 3, seed=2)), HEADERS)]
>>> facts = replay_batch(batch_from_hands(hands))
>>> facts.certified.tolist()
[True, True, True]
>>> broken = batch_from_hands(hands)
>>> broken.amount[broken.action_start[0] + 1] += 1      # the big blind posts a cent more
>>> replay_batch(broken).certified.tolist()
[False, True, True]
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import numpy as np
from numba import njit

from rules.evaluator import (
    _CAT_POS,
    _DECK_LOW,
    _ORDER_INDEX,
    _STRAIGHT_TOP,
    _TOP5,
    RankOrder,
    _flush_mask,
    _strength,
    add_card_masks,
)
from rules.holdem import _DEFAULT, _POSITIONS_AFTER_BB, LIMIT_CAP_BETS, LIMIT_CAP_HEADS_UP, allin_ev_values
from rules.holdem_batch import BETTINGS, KINDS, POSITIONS, STREETS, HandBatch
from rules.holdem_hand import ActionKind, BettingStructure, Street

__all__ = ["FactBatch", "replay_batch"]

# Codes as compile-time constants of the kernel, written out: Numba's cache keeps a global's value
# from compile time and is renewed only when THIS file changes, so a literal here (checked against
# the enums below) cannot go stale when rules.holdem_hand reorders its members.
K_SB, K_BB, K_BUTTON, K_ANTE, K_STRADDLE, K_DEAD = 0, 1, 2, 3, 4, 5
K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE, K_UNCALLED, K_COLLECT = 6, 7, 8, 9, 10, 11, 12
S_PREFLOP, S_FLOP, S_RIVER = 0, 1, 3
B_NO_LIMIT, B_POT_LIMIT, B_LIMIT = 0, 1, 2
P_BTN, P_BB = 0, 2
assert (K_SB, K_BB, K_BUTTON, K_ANTE, K_STRADDLE, K_DEAD, K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE, K_UNCALLED,
        K_COLLECT) == tuple(KINDS.index(k) for k in (
            ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.POST_BUTTON, ActionKind.POST_ANTE,
            ActionKind.POST_STRADDLE, ActionKind.POST_DEAD, ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL,
            ActionKind.BET, ActionKind.RAISE, ActionKind.UNCALLED, ActionKind.COLLECT)), "update the kind codes"
assert (S_PREFLOP, S_FLOP, S_RIVER) == tuple(STREETS.index(s) for s in (Street.PREFLOP, Street.FLOP, Street.RIVER))
assert (B_NO_LIMIT, B_POT_LIMIT, B_LIMIT) == tuple(BETTINGS.index(x) for x in BettingStructure)
assert (P_BTN, P_BB) == (POSITIONS.index("BTN"), POSITIONS.index("BB"))
_IS_POST = np.array([kind.is_post for kind in KINDS], dtype=np.bool_)
_IS_BETTING = np.array([kind.is_betting for kind in KINDS], dtype=np.bool_)
_STREET_ORDINAL = np.array([street.ordinal for street in STREETS], dtype=np.int64)
_STREET_BOARD = np.array([street.board_size for street in STREETS], dtype=np.int64)
_MAX_SEATS = 62     # seats of one hand held in an int64 bit mask
_MAX_N = 64


def _position_table() -> np.ndarray:
    """Position codes by [short deck][players dealt][place on the ring from the button], as rules.holdem names them."""
    table = np.full((2, _MAX_N + 1, _MAX_N), -1, dtype=np.int8)
    for short in (0, 1):
        for n in range(1, _MAX_N + 1):
            if short:
                names = ("BTN",) + _POSITIONS_AFTER_BB.get(n - 1, ())[: n - 1]
            elif n == 2:
                names = ("BTN", "BB")
            else:
                names = ("BTN", "SB", "BB") + _POSITIONS_AFTER_BB.get(n - 3, ())
            for i, name in enumerate(names[:n]):
                table[short, n, i] = POSITIONS.index(name)
    return table


_POS_TABLE = _position_table()
_ORDERS = (RankOrder.STANDARD, RankOrder.SHORT_DECK)
_LOW = np.array([_DECK_LOW[o] for o in _ORDERS], dtype=np.int64)
_CATS = np.stack([_CAT_POS[_ORDER_INDEX[o]] for o in _ORDERS])
_STRAIGHTS = np.stack([_STRAIGHT_TOP[_ORDER_INDEX[o]] for o in _ORDERS])

# round state, one int64 each
R_ST, R_CUR, R_LR, R_LF, R_BETS, R_TOACT, R_ACTED, R_BLOCKED, R_LAST, R_HU = range(10)
# hand state
G_SBP, G_BBP, G_AIS, G_NLIVE = range(4)


@dataclass(slots=True)
class FactBatch:
    """The kernel's verdict and facts for H hands, S seats, A actions of a batch (aligned with it).

    Values are meaningful for certified hands only. Money is int64 cents, positions are
    ``holdem_batch.POSITIONS`` indices (-1 none). The reference's ``HoldemReplay.actions`` is one
    ActionFact per action of the log in order, so every action of a certified hand has a fact row
    (``action_no`` = its index in the hand). ``HoldemReplay.facts`` and ``.players`` are the seats
    with ``has_fact``, in ``fact_order`` (by seat number): one PlayerFact and one PlayerResult
    (player, net, seat) each.
    """

    # per hand (H)
    certified: np.ndarray       # bool
    is_walk: np.ndarray         # bool
    count_players: np.ndarray   # int16: players dealt in
    total_pot: np.ndarray       # int64
    rake: np.ndarray            # int64
    allin_street: np.ndarray    # int8: street code where the betting ended with players all in, -1 none
    has_allin_ev: np.ndarray    # bool: HoldemReplay.has_allin_ev
    n_pots: np.ndarray          # int16: the replay's pots; pot k of hand h at seat_start[h] + k
    # per action (A)
    action_no: np.ndarray       # int16
    seat: np.ndarray            # int16: the actor's seat number, -1 none
    position: np.ndarray        # int8
    amount: np.ndarray          # int64: ActionFact.amount
    to_call: np.ndarray         # int64
    bet_level: np.ndarray       # int16
    is_all_in: np.ndarray       # bool
    # per seat (S)
    has_fact: np.ndarray        # bool: the player is dealt in (a PlayerFact and a PlayerResult)
    fact_order: np.ndarray      # int16: place among the hand's facts, -1 none
    seat_position: np.ndarray   # int8
    stack_start: np.ndarray     # int64
    invested: np.ndarray        # int64
    collected: np.ndarray       # int64
    cash_out: np.ndarray        # int64 (always 0: a cash-out is out of the lane)
    net: np.ndarray             # int64
    allin_ev_net: np.ndarray    # int64
    saw_flop: np.ndarray        # bool
    saw_turn: np.ndarray        # bool
    saw_river: np.ndarray       # bool
    went_to_showdown: np.ndarray  # bool
    won_at_showdown: np.ndarray   # bool
    # pots, S slots (see n_pots)
    pot_amount: np.ndarray      # int64: the pot before rake
    pot_net: np.ndarray         # int64: after rake, as the replay awards it
    pot_eligible: np.ndarray    # int64: bit i = the hand's seat i may win it


def replay_batch(batch: HandBatch, *, limit_cap: int | None = _DEFAULT, cap_heads_up: bool = _DEFAULT,
                 allin_ev: bool = True) -> FactBatch:
    """Replay and certify every hand of ``batch`` (see the module docstring); the options mean what
    they mean for :func:`rules.holdem.replay`."""
    if limit_cap is _DEFAULT:
        limit_cap = LIMIT_CAP_BETS
    if cap_heads_up is _DEFAULT:
        cap_heads_up = LIMIT_CAP_HEADS_UP
    b = batch
    H, S, A = b.hands, len(b.seat_no), len(b.kind)
    unit = _units(b)
    f = FactBatch(
        certified=np.zeros(H, np.bool_), is_walk=np.zeros(H, np.bool_), count_players=np.zeros(H, np.int16),
        total_pot=np.zeros(H, np.int64), rake=np.zeros(H, np.int64), allin_street=np.full(H, -1, np.int8),
        has_allin_ev=np.zeros(H, np.bool_), n_pots=np.zeros(H, np.int16),
        action_no=np.zeros(A, np.int16), seat=np.full(A, -1, np.int16), position=np.full(A, -1, np.int8),
        amount=np.zeros(A, np.int64), to_call=np.zeros(A, np.int64), bet_level=np.zeros(A, np.int16),
        is_all_in=np.zeros(A, np.bool_),
        has_fact=np.zeros(S, np.bool_), fact_order=np.full(S, -1, np.int16), seat_position=np.full(S, -1, np.int8),
        stack_start=b.stack.copy(), invested=np.zeros(S, np.int64), collected=np.zeros(S, np.int64),
        cash_out=np.zeros(S, np.int64), net=np.zeros(S, np.int64), allin_ev_net=np.zeros(S, np.int64),
        saw_flop=np.zeros(S, np.bool_), saw_turn=np.zeros(S, np.bool_), saw_river=np.zeros(S, np.bool_),
        went_to_showdown=np.zeros(S, np.bool_), won_at_showdown=np.zeros(S, np.bool_),
        pot_amount=np.zeros(S, np.int64), pot_net=np.zeros(S, np.int64), pot_eligible=np.zeros(S, np.int64),
    )
    ev_needed = np.zeros(H, np.bool_)
    _kernel(
        b.in_lane, b.betting, b.is_short_deck, b.big_blind, b.small_blind, b.small_bet, b.big_bet, b.ante,
        b.button_seat, b.seat_start, b.action_start, b.pot_start, b.board, b.summary_board, b.total_pot, b.rake,
        b.seat_no, b.stack, b.hole, b.summary_won, b.summary_line,
        b.street, b.actor, b.kind, b.amount, b.raise_to, b.is_all_in, b.pot_amount, unit,
        -1 if limit_cap is None else int(limit_cap), bool(cap_heads_up),
        _IS_POST, _IS_BETTING, _STREET_ORDINAL, _STREET_BOARD, _POS_TABLE, _LOW, _CATS, _STRAIGHTS, _TOP5,
        f.certified, f.is_walk, f.count_players, f.total_pot, f.rake, f.allin_street, f.n_pots, ev_needed,
        f.action_no, f.seat, f.position, f.amount, f.to_call, f.bet_level, f.is_all_in,
        f.has_fact, f.fact_order, f.seat_position, f.invested, f.collected, f.net, f.allin_ev_net,
        f.saw_flop, f.saw_turn, f.saw_river, f.went_to_showdown, f.won_at_showdown,
        f.pot_amount, f.pot_net, f.pot_eligible,
    )
    if allin_ev:
        for h in np.flatnonzero(ev_needed & f.certified).tolist():
            _add_allin_ev(b, f, h, unit[h])
    return f


def _units(b: HandBatch) -> np.ndarray:
    """The smallest unit of each hand in cents, as ``rules.holdem._unit``: a chip (100) in tournaments
    and in play money with whole stacks, else a cent."""
    unit = np.ones(b.hands, np.int64)
    for h, currency in enumerate(b.currency):
        if currency == "chips" or currency == "play" and not (b.stack[b.seat_start[h]:b.seat_start[h + 1]] % 100).any():
            unit[h] = 100
    return unit


def _add_allin_ev(b: HandBatch, f: FactBatch, h: int, unit_cents: int) -> None:
    """The all-in EV of a certified hand, by the reference's own function (rules.holdem.allin_ev_values)."""
    s0, s1 = int(b.seat_start[h]), int(b.seat_start[h + 1])
    order = np.argsort(f.fact_order[s0:s1], kind="stable")
    contenders = [s0 + int(i) for i in order if f.has_fact[s0 + i] and not _folded(f, s0 + int(i))]
    holes = [[int(c) for c in b.hole[j]] for j in contenders]
    street = int(f.allin_street[h])
    board = [int(c) for c in b.board[h][: _STREET_BOARD[street]] if c >= 0]
    where = {j - s0: i for i, j in enumerate(contenders)}
    pots = range(s0, s0 + int(f.n_pots[h]))
    pot_sets = [[where[i] for i in range(s1 - s0) if f.pot_eligible[k] >> i & 1] for k in pots]
    net_pots = [Decimal(int(f.pot_net[k])) / 100 for k in pots]
    unit = Decimal(1) if unit_cents == 100 else Decimal("0.01")
    order_ = RankOrder.SHORT_DECK if b.is_short_deck[h] else RankOrder.STANDARD
    values = allin_ev_values(holes, board, pot_sets, net_pots, order_, unit)
    if not values:
        return
    f.has_allin_ev[h] = True
    for j, value in zip(contenders, values):
        f.allin_ev_net[j] = int(value * 100) - f.invested[j]


def _folded(f: FactBatch, j: int) -> bool:
    # contenders are the dealt players who went to the end: the kernel marks them went_to_showdown
    return not f.went_to_showdown[j]


# ---------------------------------------------------------------------- the kernel


@njit(cache=True)
def _fixed(st, small_bet, big_bet, bb):
    small = small_bet if small_bet >= 0 else bb
    big = big_bet if big_bet >= 0 else small * 2
    return small if st <= S_FLOP else big


@njit(cache=True)
def _end_round(R, G, live, folded, all_in, bet):
    """False when a player still owed an action (HE-ACTION-ORDER)."""
    n = G[G_NLIVE]
    n_active = 0
    n_cont = 0
    owing = False
    facing = False
    for r in range(n):
        i = live[r]
        if folded[i]:
            continue
        n_cont += 1
        if all_in[i]:
            continue
        n_active += 1
        if R[R_TOACT] >> i & 1:
            owing = True
        if bet[i] < R[R_CUR]:
            facing = True
    if n_cont <= 1:
        return True
    if owing and (n_active > 1 or facing):
        return False
    if n_active <= 1 and G[G_AIS] < 0 and n_cont >= 2:
        G[G_AIS] = R[R_ST]
    return True


@njit(cache=True)
def _split(amount, n, unit, out):
    """``rules.holdem._split`` in cents: equal shares in whole units, the odd units to the first."""
    if n <= 1:
        out[0] = amount
        return
    each = (amount // (n * unit)) * unit
    odd = (amount - each * n) // unit
    for i in range(n):
        out[i] = each + (unit if i < odd else 0)


@njit(cache=True, inline="always")
def _put(p, chips, left, inv, all_in):
    """Chips from a stack into the pot, as the reference's _put: False when they are more than
    the stack (HE-STACK); a stack at zero is all in."""
    if chips > left[p]:
        return False
    left[p] -= chips
    inv[p] += chips
    if left[p] <= 0:
        all_in[p] = True
    return True


@njit(cache=True, inline="always")
def _dealt_once(code, low, used):
    """``used`` (a bit per card dealt so far) with ``code`` added, or -1 when the card is not of
    the table's deck or was dealt before (HE-DECK)."""
    if code < low or code > 51:
        return np.int64(-1)
    card = np.int64(1) << code
    if used & card:
        return np.int64(-1)
    return used | card


@njit(cache=True)
def _strength7(c0, c1, board, low, cat_pos, straight_top, top5):
    m1 = m2 = m3 = m4 = 0
    sc = sm = used = 0
    for j in range(7):
        if j == 0:
            c = np.int64(c0)
        elif j == 1:
            c = np.int64(c1)
        else:
            c = np.int64(board[j - 2])
        used = _dealt_once(c, low, used)
        if used < 0:
            return -1
        m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, c)
    return _strength(m1, m2, m3, m4, _flush_mask(sc, sm), cat_pos, straight_top, top5)


@njit(cache=True)
def _kernel(in_lane, betting, is_short, big_blind, small_blind, small_bet, big_bet, ante, button_seat,
            seat_start, action_start, pot_start, board, summary_board, log_total, log_rake,
            seat_no, stack, hole, summary_won, summary_line,
            street, actor, kind, amount, raise_to, a_all_in, log_pots, unit,
            limit_cap, cap_heads_up,
            is_post, is_betting, street_ordinal, street_board, pos_table, lows, cats, straights, top5,
            certified, is_walk, count_players, total_out, rake_out, allin_street, n_pots_out, ev_needed,
            action_no, f_seat, f_pos, f_amount, f_to_call, f_level, f_all_in,
            has_fact, fact_order, seat_pos, invested_out, collected_out, net_out, ev_net_out,
            saw_flop, saw_turn, saw_river, went_sd, won_sd,
            pot_amount, pot_net, pot_elig):
    H = in_lane.shape[0]
    R = np.zeros(10, np.int64)
    G = np.zeros(4, np.int64)
    width = 1
    for h in range(H):
        width = max(width, seat_start[h + 1] - seat_start[h])
    live = np.zeros(width, np.int64)
    left = np.zeros(width, np.int64)
    inv = np.zeros(width, np.int64)
    bet = np.zeros(width, np.int64)
    folded = np.zeros(width, np.bool_)
    all_in = np.zeros(width, np.bool_)
    fold_st = np.zeros(width, np.int64)
    coll = np.zeros(width, np.int64)
    has_coll = np.zeros(width, np.bool_)
    pos = np.zeros(width, np.int64)
    ring_index = np.zeros(width, np.int64)
    expected = np.zeros(width, np.int64)
    strength = np.zeros(width, np.int64)
    winners = np.zeros(width, np.int64)
    shares = np.zeros(width, np.int64)
    dealt = np.zeros(width, np.bool_)
    for h in range(H):
        if not in_lane[h]:
            continue
        s0 = seat_start[h]
        ns = seat_start[h + 1] - s0
        if ns > _MAX_SEATS or ns == 0:
            continue
        ok = _replay_hand(
            h, s0, ns, R, G, live, left, inv, bet, folded, all_in, fold_st, coll, has_coll, pos, ring_index,
            expected, strength, winners, shares, dealt,
            betting[h], is_short[h], big_blind[h], small_blind[h], small_bet[h], big_bet[h], ante[h],
            button_seat[h], action_start[h], action_start[h + 1], pot_start[h], pot_start[h + 1],
            board[h], summary_board[h], log_total[h], log_rake[h], unit[h],
            seat_no, stack, hole, summary_won, summary_line,
            street, actor, kind, amount, raise_to, a_all_in, log_pots,
            limit_cap, cap_heads_up, is_post, is_betting, street_ordinal, pos_table,
            lows, cats, straights, top5,
            action_no, f_seat, f_pos, f_amount, f_to_call, f_level, f_all_in, pot_amount, pot_net, pot_elig,
            n_pots_out)
        if not ok:
            continue
        # ------------------------------------------------------------ the facts
        n = G[G_NLIVE]
        n_cont = 0
        winner = -1
        for r in range(n):
            if not folded[live[r]]:
                n_cont += 1
                winner = live[r]
        walk = False
        if n_cont == 1 and (pos[winner] == P_BB or pos[winner] == P_BTN):
            walk = True
            for j in range(action_start[h], action_start[h + 1]):
                if is_betting[kind[j]] and (kind[j] != K_FOLD or street[j] != S_PREFLOP):
                    walk = False
                    break
        nb = 0
        while nb < 5 and board[h, nb] >= 0:
            nb += 1
        streets_dealt = (1 if nb >= 3 else 0) + (1 if nb >= 4 else 0) + (1 if nb >= 5 else 0)
        showdown = n_cont >= 2
        for i in range(ns):
            seat_pos[s0 + i] = pos[i]
            invested_out[s0 + i] = inv[i]
            collected_out[s0 + i] = coll[i]
            net_out[s0 + i] = coll[i] - inv[i]
            ev_net_out[s0 + i] = coll[i] - inv[i]
        for r in range(n):
            i = live[r]
            j = s0 + i
            has_fact[j] = True
            fact_order[j] = r
            seen = streets_dealt if fold_st[i] < 0 else min(streets_dealt, street_ordinal[fold_st[i]])
            saw_flop[j] = seen >= 1
            saw_turn[j] = seen >= 2
            saw_river[j] = seen >= 3
            sd = showdown and not folded[i]
            went_sd[j] = sd
            won_sd[j] = sd and coll[i] > 0
        is_walk[h] = walk
        count_players[h] = n
        rake_out[h] = log_rake[h]
        ais = G[G_AIS]
        allin_street[h] = ais
        if ais >= 0 and ais != S_RIVER and n_cont >= 2:
            need = True
            for r in range(n):
                i = live[r]
                if not folded[i] and hole[s0 + i, 0] < 0:
                    need = False
            ev_needed[h] = need
        certified[h] = True
        total_out[h] = log_total[h]


@njit(cache=True)
def _replay_hand(h, s0, ns, R, G, live, left, inv, bet, folded, all_in, fold_st, coll, has_coll, pos, ring_index,
                 expected, strength, winners, shares, dealt,
                 betting, short, bb, sb, small_bet, big_bet, ante, button_seat, a0, a1, p0, p1,
                 board, summary_board, log_total, rake, unit,
                 seat_no, stack, hole, summary_won, summary_line,
                 street, actor, kind, amount, raise_to, a_all_in, log_pots,
                 limit_cap, cap_heads_up, is_post, is_betting, street_ordinal, pos_table,
                 lows, cats, straights, top5,
                 action_no, f_seat, f_pos, f_amount, f_to_call, f_level, f_all_in, pot_amount, pot_net, pot_elig,
                 n_pots_out):
    """Replay hand ``h`` into the scratch arrays; False at the first thing the reference would flag."""
    # ------------------------------------------------------------ players, dealt in, positions
    for i in range(ns):
        left[i] = stack[s0 + i]
        inv[i] = 0
        bet[i] = 0
        folded[i] = False
        all_in[i] = False
        fold_st[i] = -1
        coll[i] = 0
        has_coll[i] = False
        pos[i] = -1
        ring_index[i] = -1
        expected[i] = 0
        dealt[i] = summary_line[s0 + i] > 0
    for j in range(a0, a1):
        i = actor[j]
        if i < 0 or i >= ns or kind[j] < 0 or kind[j] >= is_post.shape[0] or street[j] < 0 or \
                street[j] >= street_ordinal.shape[0]:
            return False        # a code no producer should write: leave the hand to the full path
        if is_post[kind[j]] or is_betting[kind[j]]:
            dealt[i] = True
    n = 0
    for i in range(ns):       # live: the dealt seats by seat number (insertion sort)
        if not dealt[i]:
            continue
        r = n
        while r > 0 and seat_no[s0 + live[r - 1]] > seat_no[s0 + i]:
            live[r] = live[r - 1]
            r -= 1
        if r > 0 and seat_no[s0 + live[r - 1]] == seat_no[s0 + i]:
            return False      # two players in one seat: the reference orders them by name
        live[r] = i
        n += 1
    G[G_NLIVE] = n
    G[G_SBP] = 0
    G[G_BBP] = 0
    G[G_AIS] = -1
    if n == 0:
        return False
    button = button_seat if button_seat > 0 else seat_no[s0 + live[n - 1]]
    start = 0
    for r in range(n):
        if seat_no[s0 + live[r]] >= button:
            start = r
            break
    at = -1
    for r in range(n):
        if seat_no[s0 + live[r]] == button:
            at = r
            break
    if at < 0:
        at = (start - 1) % n
    for k in range(n):
        i = live[(at + k) % n]
        if k < pos_table.shape[2]:
            pos[i] = pos_table[1 if short else 0, min(n, pos_table.shape[1] - 1), k]
        ring_index[i] = (k - 1) % n
    ring0_seat = seat_no[s0 + live[at]]
    # ------------------------------------------------------------ deck (HE-DECK, HE-BOARD)
    low = 16 if short else 0
    used = np.int64(0)
    for i in range(ns):
        for c in range(2):
            code = hole[s0 + i, c]
            if code < 0:
                continue
            used = _dealt_once(code, low, used)
            if used < 0:
                return False
    nb = 0
    for c in range(5):
        code = board[c]
        if code < 0:
            break
        nb += 1
        used = _dealt_once(code, low, used)
        if used < 0:
            return False
    for c in range(nb, 5):
        if board[c] >= 0:
            return False        # a gap in the board: not what a parser writes
    if summary_board[0] >= 0:
        for c in range(5):
            if summary_board[c] != board[c]:
                return False
    # ------------------------------------------------------------ betting
    R[R_ST] = S_PREFLOP
    R[R_CUR] = 0
    R[R_LR] = 0
    R[R_LF] = 0
    R[R_BETS] = 0
    R[R_TOACT] = 0
    R[R_ACTED] = 0
    R[R_BLOCKED] = 0
    R[R_LAST] = 0
    R[R_HU] = 0
    anchor = -1
    straddled = False
    pre_started = False
    collected_log = 0
    for j in range(a0, a1):
        p = actor[j]
        k = kind[j]
        st = street[j]
        amt = amount[j]
        f_seat[j] = seat_no[s0 + p] if seat_no[s0 + p] != 0 else -1
        action_no[j] = j - a0
        to_call = max(R[R_CUR] - bet[p], 0)
        level = R[R_BETS]
        amount_in = 0
        if is_post[k]:
            # ---------------------------------------------------- _post
            amount_in = amt
            if not _put(p, amt, left, inv, all_in):
                return False
            if k == K_ANTE:
                if ante != 0 and (amt > ante or (amt < ante and not all_in[p])):
                    return False
            elif k == K_DEAD:
                if amt > sb:      # a missed small blind alone is all dead
                    bet[p] += min(amt, bb)
            elif k == K_SB and G[G_SBP] != 0:
                pass                      # a second small blind is dead money
            else:
                if k == K_SB:
                    G[G_SBP] = 1
                elif k == K_BB or k == K_BUTTON:
                    G[G_BBP] = 1
                bet[p] += amt
                if k != K_STRADDLE:
                    stated = sb if k == K_SB else bb
                    if k == K_SB and betting == B_LIMIT:
                        stated = bb if amt <= bb else sb
                    if amt > stated or (amt < stated and not all_in[p] and not (k == K_SB and betting == B_LIMIT)):
                        return False
            if (k == K_BB or k == K_BUTTON) and anchor < 0 and not straddled:
                anchor = seat_no[s0 + p]
            elif k == K_STRADDLE:
                anchor = seat_no[s0 + p]
                straddled = True
        elif is_betting[k]:
            if st != R[R_ST]:
                if not _end_round(R, G, live, folded, all_in, bet):
                    return False
                # ---------------------------------------------------- _new_round
                for r in range(n):
                    bet[live[r]] = 0
                R[R_ST] = st
                R[R_CUR] = 0
                R[R_LR] = _fixed(st, small_bet, big_bet, bb) if betting == B_LIMIT else bb
                R[R_LF] = 0
                R[R_BETS] = 0
                to_act = np.int64(0)
                count = 0
                for r in range(n):
                    i = live[r]
                    if not folded[i]:
                        count += 1
                        if not all_in[i]:
                            to_act |= np.int64(1) << i
                R[R_TOACT] = to_act
                R[R_ACTED] = 0
                R[R_BLOCKED] = 0
                R[R_HU] = 1 if count == 2 else 0
                R[R_LAST] = ring0_seat
            elif not pre_started and st == S_PREFLOP:
                _start_preflop_h(R, G, live, folded, all_in, bet, seat_no, s0, bb, button_seat, anchor)
            if not pre_started:
                pre_started = True
                if st != S_PREFLOP:
                    _start_preflop_h(R, G, live, folded, all_in, bet, seat_no, s0, bb, button_seat, anchor)
            to_call = max(R[R_CUR] - bet[p], 0)
            level = R[R_BETS]
            # ---------------------------------------------------- _act
            if folded[p] or (all_in[p] and left[p] == 0 and k != K_FOLD):
                return False
            if _next_to_act(R, G, live, seat_no, s0) != p:
                return False
            R[R_LAST] = seat_no[s0 + p]
            me = np.int64(1) << p
            R[R_TOACT] &= ~me
            R[R_ACTED] |= me
            if k == K_FOLD:
                folded[p] = True
                fold_st[p] = R[R_ST]
            elif k == K_CHECK:
                if to_call > 0:
                    return False
            elif k == K_CALL:
                owed = min(to_call, left[p])
                if to_call <= 0 or amt != owed:
                    return False
                if not _put(p, amt, left, inv, all_in):
                    return False
                bet[p] += amt
                amount_in = amt
            else:
                # ---------------------------------------------------- _bet_or_raise
                cur = R[R_CUR]
                if k == K_BET:
                    if cur > 0:
                        return False
                    new_total = bet[p] + amt
                else:
                    rt = raise_to[j]
                    new_total = rt if rt >= 0 else cur + amt
                    if rt >= 0 and amt != rt - cur and cur > 0:
                        return False
                chips = new_total - bet[p]
                size = new_total - cur
                all_in_now = chips >= left[p] or a_all_in[j]
                if k == K_RAISE and (R[R_BLOCKED] & me) != 0:
                    return False
                if betting == B_NO_LIMIT:
                    if size < R[R_LR] and not all_in_now and size > 0:
                        return False
                elif betting == B_POT_LIMIT:
                    pot_now = 0
                    for i in range(ns):
                        pot_now += inv[i]
                    if size > pot_now + to_call:
                        return False
                    if size < R[R_LR] and not all_in_now and size > 0:
                        return False
                else:
                    fixed = _fixed(R[R_ST], small_bet, big_bet, bb)
                    if size != fixed and not (all_in_now and size < fixed):
                        return False
                    if limit_cap >= 0 and (cap_heads_up or R[R_HU] == 0) and R[R_BETS] + 1 > limit_cap:
                        return False
                if not _put(p, chips, left, inv, all_in):
                    return False
                bet[p] = new_total
                amount_in = chips
                if betting == B_LIMIT:
                    fixed = _fixed(R[R_ST], small_bet, big_bet, bb)
                    full = size >= fixed or size * 2 >= fixed
                else:
                    full = size >= R[R_LR] or (cur == 0 and size > 0)
                if full:
                    if betting == B_LIMIT:
                        R[R_LR] = _fixed(R[R_ST], small_bet, big_bet, bb)
                    else:
                        R[R_LR] = max(size, R[R_LR])
                    R[R_LF] = new_total
                    R[R_BETS] += 1
                    R[R_ACTED] = me
                    R[R_BLOCKED] = 0
                else:
                    R[R_BLOCKED] = R[R_ACTED] & ~me
                    if new_total - R[R_LF] >= R[R_LR]:
                        R[R_LF] = new_total
                        R[R_BETS] += 1
                        R[R_BLOCKED] = 0
                        R[R_ACTED] = me
                R[R_CUR] = max(cur, new_total)
                to_act = np.int64(0)
                for r in range(n):
                    i = live[r]
                    if not folded[i] and not all_in[i] and i != p:
                        to_act |= np.int64(1) << i
                R[R_TOACT] = to_act
            if a_all_in[j] and left[p] != 0 and k != K_FOLD:
                return False
            if a_all_in[j]:
                all_in[p] = True
        elif k == K_UNCALLED:
            # ---------------------------------------------------- _uncalled
            top = bet[0]
            top_i = 0
            ties = 1
            second = -(np.int64(1) << 62)
            for i in range(1, ns):
                if bet[i] > top:
                    second = top
                    top = bet[i]
                    top_i = i
                    ties = 1
                elif bet[i] == top:
                    ties += 1
                    second = top
                elif bet[i] > second:
                    second = bet[i]
            if ns == 1:
                second = 0
            if ties > 1 or top_i != p or amt != top - second:
                return False
            bet[p] -= amt
            left[p] += amt
            inv[p] -= amt
            if left[p] > 0 and all_in[p]:
                all_in[p] = False
            cur = bet[0]
            for i in range(1, ns):
                cur = max(cur, bet[i])
            R[R_CUR] = cur
            amount_in = amt
        elif k == K_COLLECT:
            coll[p] += amt
            has_coll[p] = True
            collected_log += amt
            amount_in = amt
        f_pos[j] = pos[p]
        f_amount[j] = amount_in
        f_to_call[j] = to_call
        f_level[j] = level
        f_all_in[j] = all_in[p] and (is_post[k] or is_betting[k]) and left[p] == 0
    if not pre_started:
        _start_preflop_h(R, G, live, folded, all_in, bet, seat_no, s0, bb, button_seat, anchor)
    if not _end_round(R, G, live, folded, all_in, bet):
        return False
    # ------------------------------------------------------------ _settle
    total = 0
    for i in range(ns):
        total += inv[i]
    if ns > 1:
        top = bet[0]
        ties = 1
        second = -(np.int64(1) << 62)
        for i in range(1, ns):
            if bet[i] > top:
                second = top
                top = bet[i]
                ties = 1
            elif bet[i] == top:
                ties += 1
                second = top
            elif bet[i] > second:
                second = bet[i]
        if ties == 1 and top > second and log_total != total:
            return False        # an uncalled bet the log did not return (HE-UNCALLED)
    if log_total != total:
        return False            # HE-POT-BALANCE
    if collected_log + rake != total:
        return False
    # contenders, in live order, as a bit mask
    n_cont = 0
    for r in range(n):
        if not folded[live[r]]:
            n_cont += 1
    if n_cont == 0:
        return False
    # _build_pots: one pot per all-in level of the contenders
    npots = 0
    previous = 0
    last_level = 0
    first = True
    while True:
        level = 0           # the next level: the smallest contender's investment above the last one
        found = False
        for r in range(n):
            i = live[r]
            if not folded[i] and (first or inv[i] > last_level) and (not found or inv[i] < level):
                level = inv[i]
                found = True
        if not found:
            break
        first = False
        chips = 0
        for i in range(ns):
            chips += min(inv[i], level) - min(inv[i], previous)
        elig = np.int64(0)
        for r in range(n):
            i = live[r]
            if not folded[i] and inv[i] >= level:
                elig |= np.int64(1) << i
        if npots > 0 and pot_elig[s0 + npots - 1] == elig:
            pot_amount[s0 + npots - 1] += chips
        elif chips > 0:
            pot_amount[s0 + npots] = chips
            pot_elig[s0 + npots] = elig
            npots += 1
        previous = level
        last_level = level
    extra = 0
    for i in range(ns):
        extra += max(inv[i] - last_level, 0)
    if extra != 0 and npots > 0:
        pot_amount[s0 + npots - 1] += extra
    n_pots_out[h] = npots
    # _net_pots
    n_log = p1 - p0
    if n_log > 0 and n_log == npots:
        s = 0
        for k in range(npots):
            pot_net[s0 + k] = log_pots[p0 + k]
            s += log_pots[p0 + k]
            if log_pots[p0 + k] > pot_amount[s0 + k]:
                return False
        if s + rake != total:
            return False
    else:
        if n_log > 0 and npots > 1:
            return False
        for k in range(npots):
            pot_net[s0 + k] = pot_amount[s0 + k]
        if npots > 0:
            pot_net[s0] -= rake
    # _award
    contested = False
    for k in range(npots):
        e = pot_elig[s0 + k]
        if e & (e - 1):
            contested = True
    if contested and nb == 5:
        o = 1 if short else 0
        for i in range(ns):
            if hole[s0 + i, 0] >= 0 and hole[s0 + i, 1] >= 0:
                strength[i] = _strength7(hole[s0 + i, 0], hole[s0 + i, 1], board, lows[o], cats[o], straights[o],
                                         top5)
            else:
                strength[i] = -1
    unverifiable = False
    for k in range(npots):
        e = pot_elig[s0 + k]
        share = pot_net[s0 + k]
        m = 0
        if e & (e - 1) == 0:
            for r in range(n):
                if e >> live[r] & 1:
                    winners[0] = live[r]
            m = 1
        else:
            known = 0
            best = -1
            bad = False
            for r in range(n):
                i = live[r]
                if not e >> i & 1:
                    continue
                if nb == 5 and hole[s0 + i, 0] >= 0 and strength[i] >= 0:
                    known += 1
                    best = max(best, strength[i])
                elif has_coll[i]:
                    bad = True
            if bad or known == 0:
                unverifiable = True
                continue
            for r in range(n):
                i = live[r]
                if e >> i & 1 and nb == 5 and hole[s0 + i, 0] >= 0 and strength[i] == best:
                    # clockwise from the button (insertion sort by ring index)
                    q = m
                    while q > 0 and ring_index[winners[q - 1]] > ring_index[i]:
                        winners[q] = winners[q - 1]
                        q -= 1
                    winners[q] = i
                    m += 1
        if m > 1 and share < 0:
            return False
        _split(share, m, unit, shares)
        for q in range(m):
            expected[winners[q]] += shares[q]
    if not unverifiable:
        for i in range(ns):
            if expected[i] != coll[i]:
                return False
            won = summary_won[s0 + i]
            if won >= 0 and won != coll[i]:
                return False
    return True


@njit(cache=True)
def _start_preflop_h(R, G, live, folded, all_in, bet, seat_no, s0, bb, button_seat, anchor):
    """``_start_preflop`` on the scratch arrays (indexed by the seat's place in its hand)."""
    n = G[G_NLIVE]
    has = False
    top = 0
    second = 0
    count = 0
    to_act = np.int64(0)
    last_live = -1
    for r in range(n):
        i = live[r]
        if folded[i]:
            continue
        v = bet[i]
        count += 1
        last_live = i
        if not has:
            top = v
            has = True
        elif v > top:
            second = top
            top = v
        elif count == 2 or v > second:
            second = v
        if not all_in[i]:
            to_act |= np.int64(1) << i
    if count < 2:
        second = 0
    cur = top if has else 0
    if G[G_BBP]:
        cur = max(cur, bb)
    R[R_CUR] = cur
    R[R_LR] = max(bb, cur - second)
    R[R_LF] = cur
    R[R_BETS] = 1 if cur > 0 else 0
    R[R_TOACT] = to_act
    R[R_ACTED] = 0
    R[R_HU] = 1 if count == 2 else 0
    if anchor < 0:
        if button_seat > 0:
            anchor = button_seat
        elif last_live >= 0:
            anchor = seat_no[s0 + last_live]
        else:
            anchor = 0
    R[R_LAST] = anchor


@njit(cache=True)
def _next_to_act(R, G, live, seat_no, s0):
    """The seat index whose turn it is, -1 when nobody may act."""
    to_act = R[R_TOACT]
    n = G[G_NLIVE]
    if n == 0 or to_act == 0:
        return -1
    start = R[R_LAST]
    for r in range(n):
        i = live[r]
        if seat_no[s0 + i] > start and to_act >> i & 1:
            return i
    for r in range(n):
        i = live[r]
        if seat_no[s0 + i] <= start and to_act >> i & 1:
            return i
    return -1
