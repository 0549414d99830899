"""Exact all-in equity: every board completion enumerated, no sampling.

Each player's share of each pot is averaged over every way the rest of the board can fall
from the stub (the order's deck minus every known card). The enumeration is one Numba
kernel that walks the combinations depth by depth and updates each player's rank masks and
suit counters as one card is added, so a board costs one card-add and one table lookup per
player, and nothing the size of the board list is ever built.

>>> aa, kk = [51, 50], [47, 46]                   # As Ah against Ks Kh
>>> board = [Card.parse(c).code for c in ("2c", "7d", "9c")]
>>> pot_equities([aa, kk], board, [[0, 1]]).round(4).tolist()
[[0.9162, 0.0838]]
>>> pot_equities([aa, aa], [], [[0, 1]])
Traceback (most recent call last):
...
rules.evaluator.HandError: As appears twice among the known cards (hole cards As Ah | As Ah, board -, dead -): each card is dealt once
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numba import njit

from rules.cards import Card
from rules.evaluator import (
    _CAT_POS,
    _ORDER_INDEX,
    _STRAIGHT_TOP,
    _TOP5,
    HandError,
    RankOrder,
    _as_card,
    _flush_mask,
    _strength,
)

__all__ = ["pot_equities"]

_M1, _M2, _M3, _M4, _SC, _SM = range(6)


@njit(cache=True, inline="always")
def _add_card(src, dst, c):
    # One more card into a hand's state: rank masks by count, packed suit counts and masks.
    b = np.int64(1) << (c >> 2)
    m1, m2, m3 = src[_M1], src[_M2], src[_M3]
    dst[_M4] = src[_M4] | (m3 & b)
    dst[_M3] = m3 | (m2 & b)
    dst[_M2] = m2 | (m1 & b)
    dst[_M1] = m1 | b
    s = c & 3
    dst[_SC] = src[_SC] + (np.int64(1) << (s << 2))
    dst[_SM] = src[_SM] | (b << (s << 4))


@njit(cache=True)
def _enumerate(start, stub, n_draw, eligible, unit, cat_pos, straight_top, top5):
    """Sum, over every n_draw-card subset of stub, each player's share (in 1/unit) of each pot.

    start: (n_players, 6) state of hole cards plus the known board; eligible: (n_pots,
    n_players) 0/1. Returns (shares (n_pots, n_players) int64, number of boards).
    """
    n_players = start.shape[0]
    n_pots = eligible.shape[0]
    m = stub.shape[0]
    state = np.zeros((n_draw + 1, n_players, 6), dtype=np.int64)
    state[0] = start
    shares = np.zeros((n_pots, n_players), dtype=np.int64)
    strength = np.zeros(n_players, dtype=np.int64)
    boards = 0
    idx = np.zeros(max(n_draw, 1), dtype=np.int64)
    d = 0
    while True:
        if n_draw > 0:
            if idx[d] > m - n_draw + d:  # this depth is exhausted: back up one
                if d == 0:
                    break
                d -= 1
                idx[d] += 1
                continue
            c = stub[idx[d]]
            for p in range(n_players):
                _add_card(state[d, p], state[d + 1, p], c)
            if d < n_draw - 1:
                idx[d + 1] = idx[d] + 1
                d += 1
                continue
        last = state[n_draw]
        for p in range(n_players):
            st = last[p]
            strength[p] = _strength(st[_M1], st[_M2], st[_M3], st[_M4], _flush_mask(st[_SC], st[_SM]),
                                    cat_pos, straight_top, top5)
        for k in range(n_pots):
            best = -1
            winners = 0
            for p in range(n_players):
                if eligible[k, p]:
                    if strength[p] > best:
                        best = strength[p]
                        winners = 1
                    elif strength[p] == best:
                        winners += 1
            share = unit // winners
            for p in range(n_players):
                if eligible[k, p] and strength[p] == best:
                    shares[k, p] += share
        boards += 1
        if n_draw == 0:
            break
        idx[d] += 1
    return shares, boards


def _codes(cards: Sequence[Card | int | str]) -> list[int]:
    return [_as_card(card).code for card in cards]


def pot_equities(
    hole_cards: Sequence[Sequence[int]],
    board: Sequence[int],
    pots: Sequence[Sequence[int]],
    order: RankOrder = RankOrder.STANDARD,
    dead: Sequence[int] = (),
) -> np.ndarray:
    """Each player's exact expected share of each pot, shape (n_pots, n_players).

    ``hole_cards``: per player, the card codes held (2 in Hold'em; every card plays, best five
    of hole cards and board); ``board``: 0 to 5 known cards; ``pots``: per pot, the indices of
    the players eligible for it (HE-SIDE-POT); ``dead``: other known cards, out of the stub.
    Ties split equally; a player not eligible for a pot gets 0 of it; each row sums to 1.

    >>> pot_equities([[51, 50], [47, 46], [3, 7]], [], [[0, 1, 2], [1, 2]],
    ...              dead=range(8, 36)).round(3).tolist()   # a small stub: a quick example
    [[0.583, 0.292, 0.126], [0.0, 0.757, 0.243]]
    """
    holes = [_codes(hand) for hand in hole_cards]
    board_codes, dead_codes = _codes(board), _codes(dead)
    text = (
        f"hole cards {' | '.join(' '.join(str(Card(c)) for c in h) for h in holes) or '-'}, "
        f"board {' '.join(str(Card(c)) for c in board_codes) or '-'}, "
        f"dead {' '.join(str(Card(c)) for c in dead_codes) or '-'}"
    )
    n_players = len(holes)
    if n_players < 1:
        raise HandError("cannot share a pot among no players: hole_cards is empty")
    if len(board_codes) > 5:
        raise HandError(f"a board has at most 5 cards, got {len(board_codes)} ({text})")
    for i, hand in enumerate(holes):
        if not 1 <= len(hand) or len(hand) + 5 > 9:
            raise HandError(f"player {i} holds {len(hand)} cards ({text}): expected 1 to 4")
    known = [c for hand in holes for c in hand] + board_codes + dead_codes
    seen: set[int] = set()
    for c in known:
        if c in seen:
            raise HandError(f"{Card(c)} appears twice among the known cards ({text}): each card is dealt once")
        seen.add(c)
        if Card(c) not in order.deck:
            raise HandError(f"{Card(c)} ({text}) is not a card of the {order.deck.value}-card deck of {order.name}")
    eligible = np.zeros((len(pots), n_players), dtype=np.int64)
    for k, pot in enumerate(pots):
        if not len(pot):
            raise HandError(f"pot {k} has no eligible player: every pot needs at least one")
        for p in pot:
            if not 0 <= p < n_players:
                raise HandError(f"pot {k} names player {p!r}, but there are {n_players} players (0 to {n_players - 1})")
            eligible[k, p] = 1
    stub = np.array([c for c in order.deck.codes if c not in seen], dtype=np.int64)
    n_draw = 5 - len(board_codes)
    if n_draw > len(stub):
        raise HandError(f"{len(stub)} cards are left in the deck, too few to deal {n_draw} more ({text})")

    start = np.zeros((n_players, 6), dtype=np.int64)
    for p, hand in enumerate(holes):
        for c in hand + board_codes:
            _add_card_py(start[p], c)
    # Shares are counted exactly in units of 1/lcm(1..n): any tie splits into whole units.
    unit = math.lcm(*range(1, n_players + 1))
    i = _ORDER_INDEX[order]
    shares, boards = _enumerate(start, stub, n_draw, eligible, unit, _CAT_POS[i], _STRAIGHT_TOP[i], _TOP5)
    return shares / (boards * unit)


def _add_card_py(state: np.ndarray, c: int) -> None:
    b = 1 << (c >> 2)
    state[_M4] |= state[_M3] & b
    state[_M3] |= state[_M2] & b
    state[_M2] |= state[_M1] & b
    state[_M1] |= b
    s = c & 3
    state[_SC] += 1 << (s << 2)
    state[_SM] |= b << (s << 4)
