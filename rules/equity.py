"""Exact all-in equity: every board completion enumerated, no sampling.

Each player's share of each pot is averaged over every way the rest of the board can fall
from the stub (the order's deck minus every known card). The enumeration is one Numba
kernel that walks the combinations depth by depth and updates each player's rank masks and
suit counters as one card is added, so a board costs one card-add and one table lookup per
player, and nothing the size of the board list is ever built.

A whole board to come (a preflop all-in: 1.7 million boards heads-up) is counted, still
exactly, without visiting every board: flushes aside, a board's outcome depends on its ranks
alone, so each of the ~6,000 rank multisets is ranked once and weighted by the number of
stub boards that carry it; then only the boards that can hold a flush (three or more cards of
a suit someone holds two of, four of a suit someone holds one of, five of any) are visited,
their rank-count outcome taken back and the true one added. Heads-up that is ~3-10 ms instead
of ~200 ms. Results are remembered per process under a key blind to the suits' names.

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
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

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

__all__ = ["clear_memo", "pot_equities"]

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
        _distribute(strength, eligible, unit, 1, shares)
        boards += 1
        if n_draw == 0:
            break
        idx[d] += 1
    return shares, boards


@njit(cache=True, inline="always")
def _distribute(strength, eligible, unit, weight, shares):
    # Each pot to its best eligible hands, ``weight`` boards at once, in units of 1/unit.
    n_players = strength.shape[0]
    for k in range(eligible.shape[0]):
        best = -1
        winners = 0
        for p in range(n_players):
            if eligible[k, p]:
                if strength[p] > best:
                    best = strength[p]
                    winners = 1
                elif strength[p] == best:
                    winners += 1
        share = weight * (unit // winners)
        for p in range(n_players):
            if eligible[k, p] and strength[p] == best:
                shares[k, p] += share


@njit(cache=True)
def _by_ranks(holes, avail, eligible, unit, cat_pos, straight_top, top5, shares):
    """Every 5-card board counted by its ranks alone, flushes ignored: one evaluation per rank
    multiset (about 6,000 of them), weighted by the number of stub boards with those ranks.

    holes: (n_players, 6) states of the hole cards; avail[r]: stub cards of rank r. Returns the
    number of boards counted.
    """
    n_players = holes.shape[0]
    comb = np.zeros((5, 6), dtype=np.int64)   # comb[a, c] = C(a, c) for a <= 4
    for a in range(5):
        comb[a, 0] = 1
        for c in range(1, a + 1):
            comb[a, c] = comb[a - 1, c - 1] + (comb[a - 1, c] if c <= a - 1 else 0)
    cnt = np.zeros(13, dtype=np.int64)
    strength = np.zeros(n_players, dtype=np.int64)
    ranks = np.zeros(5, dtype=np.int64)
    total = 0
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    for r4 in range(r3, 13):
                        ranks[0], ranks[1], ranks[2], ranks[3], ranks[4] = r0, r1, r2, r3, r4
                        for j in range(5):
                            cnt[ranks[j]] = 0
                        weight = 1
                        for j in range(5):
                            cnt[ranks[j]] += 1
                        for j in range(5):
                            r = ranks[j]
                            if j == 0 or r != ranks[j - 1]:
                                c = cnt[r]
                                a = avail[r]
                                weight *= comb[a, c] if c <= a else 0
                        if weight == 0:
                            continue
                        total += weight
                        for p in range(n_players):
                            m1, m2, m3, m4 = holes[p, _M1], holes[p, _M2], holes[p, _M3], holes[p, _M4]
                            for j in range(5):
                                b = np.int64(1) << ranks[j]
                                m4 |= m3 & b
                                m3 |= m2 & b
                                m2 |= m1 & b
                                m1 |= b
                            strength[p] = _strength(m1, m2, m3, m4, 0, cat_pos, straight_top, top5)
                        _distribute(strength, eligible, unit, weight, shares)
    return total


@njit(cache=True, inline="always")
def _add_rank(src, dst, r):
    # A card whose suit cannot matter: its rank into the rank masks, suits left as they were.
    b = np.int64(1) << r
    m1, m2, m3 = src[_M1], src[_M2], src[_M3]
    dst[_M4] = src[_M4] | (m3 & b)
    dst[_M3] = m3 | (m2 & b)
    dst[_M2] = m2 | (m1 & b)
    dst[_M1] = m1 | b
    dst[_SC] = src[_SC]
    dst[_SM] = src[_SM]


@njit(cache=True)
def _fix_board(st, weight, eligible, unit, cat_pos, straight_top, top5, true, plain, shares):
    # One board of the flush sets: where a flush is made, the rank count's outcome is taken
    # back and the true one added (only the flush makers' strengths differ).
    flush = False
    for p in range(st.shape[0]):
        s = st[p]
        plain[p] = _strength(s[_M1], s[_M2], s[_M3], s[_M4], 0, cat_pos, straight_top, top5)
        fm = _flush_mask(s[_SC], s[_SM])
        if fm:
            flush = True
            true[p] = _strength(s[_M1], s[_M2], s[_M3], s[_M4], fm, cat_pos, straight_top, top5)
        else:
            true[p] = plain[p]
    if flush:
        _distribute(true, eligible, unit, weight, shares)
        _distribute(plain, eligible, unit, -weight, shares)


@njit(cache=True)
def _flush_fix(holes, suited, others, need, eligible, unit, cat_pos, straight_top, top5, shares):
    """Correct the rank count on the boards holding ``need`` (3 or more) to 5 cards of one suit
    (``suited``: the stub's cards of that suit; ``others``: the stub's cards of the other suits
    per rank): where a flush is made, the rank count's outcome is taken back and the true one
    added. The 0 to 2 other cards cannot make a flush of their own, so they count by rank."""
    n_players = holes.shape[0]
    ns = suited.shape[0]
    state = np.zeros((6, n_players, 6), dtype=np.int64)
    true = np.zeros(n_players, dtype=np.int64)
    plain = np.zeros(n_players, dtype=np.int64)
    idx = np.zeros(5, dtype=np.int64)
    state[0] = holes
    for k in range(need, 6):
        if k > ns:
            break
        rest = 5 - k
        for j in range(k):
            idx[j] = j
        d = 1   # state[d] holds the first d - 1 suited cards of idx; refreshed from there on
        while True:
            for j in range(d - 1, k):
                for p in range(n_players):
                    _add_card(state[j, p], state[j + 1, p], suited[idx[j]])
            top = state[k]
            if rest == 0:
                _fix_board(top, 1, eligible, unit, cat_pos, straight_top, top5, true, plain, shares)
            else:
                for a in range(13):
                    if others[a] == 0:
                        continue
                    for p in range(n_players):
                        _add_rank(top[p], state[k + 1, p], a)
                    if rest == 1:
                        _fix_board(state[k + 1], others[a], eligible, unit, cat_pos, straight_top, top5,
                                   true, plain, shares)
                        continue
                    for b in range(a, 13):
                        weight = others[a] * (others[a] - 1) // 2 if b == a else others[a] * others[b]
                        if weight == 0:
                            continue
                        for p in range(n_players):
                            _add_rank(state[k + 1, p], state[k + 2, p], b)
                        _fix_board(state[k + 2], weight, eligible, unit, cat_pos, straight_top, top5,
                                   true, plain, shares)
            # next k-combination of the suited cards
            j = k - 1
            while j >= 0 and idx[j] == ns - k + j:
                j -= 1
            if j < 0:
                break
            idx[j] += 1
            for i in range(j + 1, k):
                idx[i] = idx[i - 1] + 1
            d = j + 1

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
    key = _canonical(holes, board_codes, dead_codes, eligible, order)
    cached = _MEMO.get(key)
    if cached is not None:
        _MEMO.move_to_end(key)
        return cached.copy()
    # Shares are counted exactly in units of 1/lcm(1..n): any tie splits into whole units.
    unit = math.lcm(*range(1, n_players + 1))
    if n_players == 2 and n_draw == 5 and not dead_codes and order is RankOrder.STANDARD and eligible.all():
        counted = _heads_up_shares(key[0], holes)
        if counted is not None:
            return counted / (math.comb(len(stub), 5) * unit)
    i = _ORDER_INDEX[order]
    tables = (_CAT_POS[i], _STRAIGHT_TOP[i], _TOP5)
    if n_draw == 5 and all(sum(1 for c in hand if c & 3 == s) <= 2 for hand in holes for s in range(4)):
        shares, boards = _preflop(start, stub, holes, eligible, unit, tables), math.comb(len(stub), 5)
    else:
        shares, boards = _enumerate(start, stub, n_draw, eligible, unit, *tables)
    result = shares / (boards * unit)
    _MEMO[key] = result.copy()
    if len(_MEMO) > MEMO_SIZE:
        _MEMO.popitem(last=False)
    return result


# ---------------------------------------------------------------- heads-up preflop, counted once

HEADS_UP_TABLE = Path(__file__).with_name("tables") / "heads_up_preflop.npz"
"""Every heads-up preflop all-in on 52 cards, up to the names of the suits and the order of
the seats (48,308 keys of :func:`_canonical`), counted once by the enumeration below and
shipped with the package: the most common all-in of a cash game (3-10 ms each) becomes a
lookup. ``python -m bench.build_tables`` rebuilds
it; tests/test_equity.py recounts a sample and checks every row sums to all the boards."""

_HEADS_UP: dict[int, tuple[int, int]] | None = None


def _pack(hands: tuple) -> int:
    (a, b), (c, d) = hands
    return (a << 18) | (b << 12) | (c << 6) | d


def _heads_up_shares(canonical_hands: tuple, holes: list[list[int]]) -> np.ndarray | None:
    """The table's counted shares (1 pot × 2 players, in half boards) for two hands, or None
    when the table is absent. The table holds each pair of situations once: (A, B) or (B, A)."""
    global _HEADS_UP
    if _HEADS_UP is None:
        if not HEADS_UP_TABLE.exists():
            return None
        stored = np.load(HEADS_UP_TABLE)
        _HEADS_UP = dict(zip(stored["keys"].tolist(), zip(stored["first"].tolist(), stored["second"].tolist())))
    found = _HEADS_UP.get(_pack(canonical_hands))
    if found is not None:
        return np.array([found], dtype=np.float64)
    swapped = _canonical([holes[1], holes[0]], [], [], np.ones((1, 2), dtype=np.int64), RankOrder.STANDARD)[0]
    found = _HEADS_UP.get(_pack(swapped))
    return None if found is None else np.array([found[::-1]], dtype=np.float64)


def heads_up_situations() -> list[tuple]:
    """One representative of every heads-up preflop situation up to suit names and seat order:
    each pair of disjoint hands canonicalized both ways, the smaller key kept."""
    one = np.ones((1, 2), dtype=np.int64)
    hands = [(a, b) for a in range(52) for b in range(a)]
    kept = set()
    for i, h0 in enumerate(hands):
        for h1 in hands[i + 1:]:
            if set(h0) & set(h1):
                continue
            k0 = _canonical([list(h0), list(h1)], [], [], one, RankOrder.STANDARD)[0]
            k1 = _canonical([list(h1), list(h0)], [], [], one, RankOrder.STANDARD)[0]
            kept.add(min(k0, k1))
    return sorted(kept)


def build_heads_up_table(path: Path = HEADS_UP_TABLE) -> int:
    """Count every situation of :func:`heads_up_situations` with the preflop enumeration and
    write the table; returns how many. Takes a few minutes of one core."""
    i = _ORDER_INDEX[RankOrder.STANDARD]
    tables = (_CAT_POS[i], _STRAIGHT_TOP[i], _TOP5)
    one = np.ones((1, 2), dtype=np.int64)
    situations = heads_up_situations()
    keys = np.empty(len(situations), dtype=np.int64)
    counted = np.empty((len(situations), 2), dtype=np.int64)
    for n, hands in enumerate(situations):
        holes = [list(h) for h in hands]
        seen = {c for h in holes for c in h}
        stub = np.array([c for c in range(52) if c not in seen], dtype=np.int64)
        start = np.zeros((2, 6), dtype=np.int64)
        for p, hand in enumerate(holes):
            for c in hand:
                _add_card_py(start[p], c)
        keys[n] = _pack(hands)
        counted[n] = _preflop(start, stub, holes, one, 2, tables)[0]
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, keys=keys, first=counted[:, 0], second=counted[:, 1])
    return len(situations)


MEMO_SIZE = 4096
"""Most all-in situations remembered per process (a preflop one costs ~10 ms, a key ~1 KB)."""
_MEMO: OrderedDict = OrderedDict()


def clear_memo() -> None:
    """Forget the situations remembered so far (benchmarks time a cold start with it)."""
    _MEMO.clear()


def _canonical(holes: list[list[int]], board: list[int], dead: list[int], eligible: np.ndarray,
               order: RankOrder) -> tuple:
    """A key equal for situations that differ only by the names of the suits (and the order of
    cards within a hand, on the board, among the dead): suits are renamed by first appearance
    over the hole cards (each hand high card first), the board and the dead cards. Equal keys
    mean isomorphic situations, hence equal equities.

    >>> _canonical([[51, 50], [47, 46]], [], [], np.ones((1, 2), dtype=np.int64), RankOrder.STANDARD)[0]
    ((48, 49), (44, 45))
    """
    rename: dict[int, int] = {}
    for c in [c for hand in holes for c in sorted(hand, reverse=True)] + sorted(board) + sorted(dead):
        if c & 3 not in rename:
            rename[c & 3] = len(rename)

    def relabel(cards: list[int]) -> tuple[int, ...]:
        return tuple(sorted((c & ~3) | rename[c & 3] for c in cards))

    return (tuple(relabel(h) for h in holes), relabel(board), relabel(dead),
            eligible.tobytes(), eligible.shape, order)


def _preflop(start: np.ndarray, stub: np.ndarray, holes: list[list[int]], eligible: np.ndarray, unit: int,
             tables: tuple) -> np.ndarray:
    """The whole board to come, counted by ranks, then corrected where a flush is made.

    A flush needs 5 cards of a suit among a player's hole cards and the board, so only boards
    holding ``5 - (most hole cards of the suit)`` or more of one suit can hold one; with at most
    two hole cards of a suit that is three or more, and no 5-card board has three of two suits:
    the corrected sets do not overlap. About 100 times fewer evaluations than every board.
    """
    shares = np.zeros(eligible.shape, dtype=np.int64)
    avail = np.bincount(stub >> 2, minlength=13).astype(np.int64)
    counted = _by_ranks(start, avail, eligible, unit, *tables, shares)
    if counted != math.comb(len(stub), 5):  # pragma: no cover - a broken count must not pass
        raise AssertionError(f"rank count covered {counted} boards of {math.comb(len(stub), 5)}")
    for s in range(4):
        need = 5 - max(sum(1 for c in hand if c & 3 == s) for hand in holes)
        suited = stub[stub & 3 == s]
        others = np.bincount(stub[stub & 3 != s] >> 2, minlength=13).astype(np.int64)
        _flush_fix(start, suited, others, need, eligible, unit, *tables, shares)
    return shares


def _add_card_py(state: np.ndarray, c: int) -> None:
    b = 1 << (c >> 2)
    state[_M4] |= state[_M3] & b
    state[_M3] |= state[_M2] & b
    state[_M2] |= state[_M1] & b
    state[_M1] |= b
    s = c & 3
    state[_SC] += 1 << (s << 2)
    state[_SM] |= b << (s << 4)
