"""Poker hand ranking: one integer strength per hand, many hands at once.

A hand's *strength* is one int, higher is better, comparable between any two hands ranked
under the same :class:`RankOrder` — a 3-card Chinese front row against a 5-card middle row
too (CP-FOUL). It is ``position << 20 | five rank nibbles``: the position of the category
in the order's table, then the ranks that break ties (made hand first, then kickers), each
as ``rank_index + 1`` so that 0 means "no card". A straight is keyed by its top card alone
(the wheel's top is the five, the short-deck A-6-7-8-9's top is the nine).

The batch path (:func:`evaluate_many`) is a Numba kernel over card codes. For 5 to 7 cards
it is a perfect hash, phevaluator's design: each card adds a key to one integer, whose rank
part indexes a table of every rank multiset and whose suit counters say whether a flush's
13-bit mask must be looked up instead; the tables are filled once per order from the
rank-mask kernel below, so the strengths are the same integers. For 3, 8 and 9 cards (and
for equity enumeration) the kernel keeps four 13-bit rank masks (ranks seen at least once,
twice, three and four times) and packed suit counters, then reads the answer out of lookup
tables over 13-bit masks. No Python object is made per card; :func:`evaluate` is the
friendly one-hand wrapper around it.

>>> value = evaluate(parse_cards("Kh Kd Ks 4c 4d 9s 2c"))
>>> value.category, value.describe()
(<HandCategory.FULL_HOUSE: 6>, 'full house, kings full of fours')
>>> evaluate(parse_cards("As 9h 8h 7d 6c"), RankOrder.SHORT_DECK).describe()
'straight, nine high'
>>> evaluate(parse_cards("As Kd"))
Traceback (most recent call last):
...
rules.evaluator.HandError: cannot rank 2 cards (As Kd): a hand is 3 cards (a Chinese front row) or 5 to 9 cards
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
from collections import namedtuple
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from rules.cards import Card, Deck, Rank, parse_cards  # noqa: F401 - the doctests use parse_cards
from rules.compiled import entry, entry_in_place, inlined

__all__ = [
    "HASHED_FROM_ROWS",
    "HandCategory",
    "HandError",
    "HandValue",
    "MultisetTables",
    "RankOrder",
    "RankTables",
    "card_rows",
    "categories",
    "evaluate",
    "evaluate_many",
    "flush_mask",
    "hand_combinations",
    "mask_strength",
    "multiset_strength",
    "multiset_tables",
    "next_subset",
    "rank_rows",
    "rank_tables",
    "strength7",
    "strength_of_masks",
]


class HandError(ValueError):
    """Cards that cannot be ranked as one hand: wrong count, a card twice, a card off the deck."""


class HandCategory(enum.IntEnum):
    """The kind of a made hand. The value is its identity (and the UCI poker-hand class), not
    its strength: where a category stands is the business of :class:`RankOrder`."""

    HIGH_CARD = 0
    """No two cards of a rank, no straight, no flush."""
    PAIR = 1
    """Two cards of one rank."""
    TWO_PAIR = 2
    """Two cards of one rank and two of another."""
    THREE_OF_A_KIND = 3
    """Three cards of one rank (trips, a set)."""
    STRAIGHT = 4
    """Five ranks in sequence; the ace plays high or as the order's lowest straight's bottom."""
    FLUSH = 5
    """Five cards of one suit."""
    FULL_HOUSE = 6
    """Three cards of one rank and two of another."""
    FOUR_OF_A_KIND = 7
    """Four cards of one rank (quads)."""
    STRAIGHT_FLUSH = 8
    """A straight in one suit, below the ace-high one."""
    ROYAL_FLUSH = 9
    """The ace-high straight flush: its own category, since pay tables and royalties name it."""

    @property
    def label(self) -> str:
        """The category in words: ``"full house"``."""
        return self.name.lower().replace("_", " ")


@dataclass(frozen=True, kw_only=True)
class _OrderSpec:
    """What a ranking variant is: its categories weakest first, its deck, its lowest straight."""

    low_to_high: tuple[HandCategory, ...]
    deck: Deck
    lowest_straight: tuple[Rank, ...]


_C = HandCategory


class RankOrder(enum.Enum):
    """A ranking of hands: category order, deck and lowest straight are data, not branches."""

    STANDARD = _OrderSpec(
        low_to_high=(_C.HIGH_CARD, _C.PAIR, _C.TWO_PAIR, _C.THREE_OF_A_KIND, _C.STRAIGHT, _C.FLUSH,
                     _C.FULL_HOUSE, _C.FOUR_OF_A_KIND, _C.STRAIGHT_FLUSH, _C.ROYAL_FLUSH),
        deck=Deck.STANDARD_52,
        lowest_straight=(Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE),
    )
    """52 cards, the usual order; the wheel A-2-3-4-5 is the lowest straight."""
    SHORT_DECK = _OrderSpec(
        low_to_high=(_C.HIGH_CARD, _C.PAIR, _C.TWO_PAIR, _C.STRAIGHT, _C.THREE_OF_A_KIND,
                     _C.FULL_HOUSE, _C.FLUSH, _C.FOUR_OF_A_KIND, _C.STRAIGHT_FLUSH, _C.ROYAL_FLUSH),
        deck=Deck.SHORT_36,
        lowest_straight=(Rank.ACE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE),
    )
    """36 cards (HE-SD-ORDER, the default): flush beats full house, trips beat a straight;
    A-6-7-8-9 is the lowest straight."""
    SHORT_DECK_STRAIGHT_OVER_TRIPS = _OrderSpec(
        low_to_high=(_C.HIGH_CARD, _C.PAIR, _C.TWO_PAIR, _C.THREE_OF_A_KIND, _C.STRAIGHT,
                     _C.FULL_HOUSE, _C.FLUSH, _C.FOUR_OF_A_KIND, _C.STRAIGHT_FLUSH, _C.ROYAL_FLUSH),
        deck=Deck.SHORT_36,
        lowest_straight=(Rank.ACE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE),
    )
    """36 cards, ruleset option ``straight_beats_trips``: flush beats full house, a straight
    beats trips (GGPoker's order)."""

    @property
    def deck(self) -> Deck:
        return self.value.deck

    @property
    def low_to_high(self) -> tuple[HandCategory, ...]:
        return self.value.low_to_high


# ---------------------------------------------------------------- lookup tables
# All tables are indexed by a 13-bit rank mask (bit r = rank index r present).


def _top5_table() -> np.ndarray:
    # The up-to-five highest ranks of a mask as nibbles, highest in bits 16-19. int32 and
    # int8 tables keep the hot tables within the L1 cache.
    table = np.zeros(1 << 13, dtype=np.int32)
    for mask in range(1 << 13):
        value, shift = 0, 16
        for r in range(12, -1, -1):
            if mask >> r & 1 and shift >= 0:
                value |= (r + 1) << shift
                shift -= 4
        table[mask] = value
    return table


def _straight_table(lowest: tuple[Rank, ...]) -> np.ndarray:
    # The top card (as a nibble) of the best straight in a mask, 0 when there is none.
    low_mask = sum(1 << r for r in lowest)
    low_top = max(r for r in lowest if r != Rank.ACE) + 1
    bottom = min(r for r in lowest if r != Rank.ACE)  # the deck's lowest rank starts a run too
    runs = [(0b11111 << start, start + 5) for start in range(bottom, 9)]
    table = np.zeros(1 << 13, dtype=np.int8)
    for mask in range(1 << 13):
        top = low_top if mask & low_mask == low_mask else 0
        for run, run_top in runs:
            if mask & run == run:
                top = max(top, run_top)
        table[mask] = top
    return table


_TOP5 = _top5_table()
_ORDERS = tuple(RankOrder)
_ORDER_INDEX = {order: i for i, order in enumerate(_ORDERS)}
_STRAIGHT_TOP = np.stack([_straight_table(o.value.lowest_straight) for o in _ORDERS])
# _CAT_POS[order, category] = position of the category in the order (the strength's top bits).
_CAT_POS = np.array([[o.low_to_high.index(c) for c in HandCategory] for o in _ORDERS], dtype=np.int64)
_POS_CAT = np.array([list(o.low_to_high) for o in _ORDERS], dtype=np.int64)
_DECK_LOW = {order: order.deck.lowest_rank * 4 for order in _ORDERS}

_HIGH, _PAIR, _TWO, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SF, _ROYAL = range(10)


# ---------------------------------------------------------------- Numba kernels


@inlined
def _strength(m1, m2, m3, m4, flush_mask, cat_pos, straight_top, top5):
    """Strength of 5..9 cards from their rank masks (count >= 1..4) and flush suit's mask."""
    if m4:
        q = top5[m4] >> 16
        rest = m1 & ~(1 << (q - 1))
        best = cat_pos[_QUADS] << 20 | q << 16 | (top5[rest] >> 16) << 12
    elif m3:
        t = top5[m3] >> 16
        tb = 1 << (t - 1)
        pairs = m2 & ~tb
        if pairs:
            best = cat_pos[_FULL] << 20 | t << 16 | (top5[pairs] >> 16) << 12
        else:
            best = cat_pos[_TRIPS] << 20 | t << 16 | (top5[m1 & ~tb] >> 12) << 8
    elif m2:
        p = top5[m2] >> 16
        pb = 1 << (p - 1)
        other = m2 & ~pb
        if other:
            p2 = top5[other] >> 16
            rest = m1 & ~pb & ~(1 << (p2 - 1))
            best = cat_pos[_TWO] << 20 | p << 16 | p2 << 12 | (top5[rest] >> 16) << 8
        else:
            best = cat_pos[_PAIR] << 20 | p << 16 | (top5[m1 & ~pb] >> 8) << 4
    else:
        best = cat_pos[_HIGH] << 20 | top5[m1]
    # Straight and flush may coexist with a made hand in 6+ cards: the order decides.
    top = straight_top[m1]
    if top:
        s = cat_pos[_STRAIGHT] << 20 | top << 16
        best = max(best, s)
    if flush_mask:
        top = straight_top[flush_mask]
        if top == 13:
            s = cat_pos[_ROYAL] << 20 | top << 16
        elif top:
            s = cat_pos[_SF] << 20 | top << 16
        else:
            s = cat_pos[_FLUSH] << 20 | top5[flush_mask]
        best = max(best, s)
    return best


@inlined
def _strength3(m1, m2, m3, cat_pos, top5):
    """Strength of a 3-card front row: trips, pair or high card only."""
    if m3:
        return cat_pos[_TRIPS] << 20 | (top5[m3] >> 16) << 16
    if m2:
        p = top5[m2] >> 16
        return cat_pos[_PAIR] << 20 | p << 16 | (top5[m1 & ~(1 << (p - 1))] >> 16) << 12
    return cat_pos[_HIGH] << 20 | top5[m1]


@inlined
def _flush_mask(sc, sm):
    # sc holds one 4-bit card count per suit; +3 sets a lane's top bit iff it counts >= 5
    # (9 cards at most, so no lane overflows). At most one suit can hold 5 of 9 cards.
    f = (sc + 0x3333) & 0x8888
    if f == 0:
        return 0
    s = 0
    while not (f >> (4 * s + 3)) & 1:
        s += 1
    return (sm >> (16 * s)) & 0x1FFF


@inlined
def add_card_masks(m1, m2, m3, m4, sc, sm, c):
    """One more card code into a hand's state: the rank masks by count (m1: ranks held once or
    more … m4: four times) and the suit counts and rank masks packed four and sixteen bits a
    suit. Every kernel that ranks cards one at a time builds its state with this."""
    b = np.int64(1) << (c >> 2)
    s = c & 3
    return (m1 | b, m2 | (m1 & b), m3 | (m2 & b), m4 | (m3 & b),
            sc + (np.int64(1) << (s << 2)), sm | (b << (s << 4)))


@entry_in_place
def _evaluate_rows(codes, low_code, cat_pos, straight_top, top5, out, as_written):
    n, k = codes.shape
    for i in range(n):
        # int64 from the start: a literal 0 would have Numba compile mask_strength once more
        m1 = m2 = m3 = m4 = np.int64(0)
        sc = sm = used = np.int64(0)
        bad = False
        for j in range(k):
            c = np.int64(codes[i, j])
            if c < low_code or c > 51:
                bad = True
                break
            cb = np.int64(1) << c
            if used & cb and not as_written:
                bad = True
                break
            used |= cb
            m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, c)
        if bad:
            out[i] = -1
        elif k == 3:
            out[i] = _strength3(m1, m2, m3, cat_pos, top5)
        else:
            out[i] = mask_strength(m1, m2, m3, m4, sc, sm, cat_pos, straight_top, top5)


@inlined
def next_subset(idx, k, n):
    """Step ``idx[:k]``, ascending positions of ``k`` of ``n`` items, to the next k-subset in
    lexicographic order; False when it was the last."""
    j = k - 1
    while j >= 0 and idx[j] == n - k + j:
        j -= 1
    if j < 0:
        return False
    idx[j] += 1
    for m in range(j + 1, k):
        idx[m] = idx[m - 1] + 1
    return True


@entry
def _fill_combinations(codes, k, out):
    n = codes.shape[0]
    idx = np.arange(k)
    row = 0
    while True:
        for j in range(k):
            out[row, j] = codes[idx[j]]
        row += 1
        if not next_subset(idx, k, n):
            return


# ---------------------------------------------------------------- perfect-hash tables (5-7 cards)
# The batch path for 5, 6 and 7 cards is phevaluator's design with our strengths: a hand
# without a flush is ranked by its rank multiset alone, so every multiset of k cards (counts
# 0..4 per rank) gets one slot of a minimal perfect hash, filled once with `_strength`; a
# flush is ranked by its suit's 13-bit rank mask (8192 slots). The hash is additive over
# cards: each card adds `_CARD_KEY[code]` to one int64, which holds
#   bits  0-13  the base-5 counts of the low ranks 2..7   (5**6 = 15,625 keys),
#   bits 14-30  the base-5 counts of the high ranks 8..A  (5**7 = 78,125 keys),
#   bits 32-47  one 4-bit card count per suit, biased by +3 so bit 3 of a lane says "5 or more".
# The slot of a multiset is lo_slot[k][low key] + hi_slot[high key]: a high part of b cards
# has a rank among the high parts of b cards (hi_slot), a low part of a cards a rank among the
# low parts of a cards, and the slots are laid out by a, then low rank, then high rank, so the
# low table can hold the whole offset (a fixes b = k - a). 36 cards use the same tables.

_LO_N, _HI_N = 6, 7  # ranks in the low and high parts
_HI_SHIFT, _SUIT_SHIFT = 14, 32
_LO_KEYS, _HI_KEYS = 5**_LO_N, 5**_HI_N
_SUIT_BIAS = 0x3333 << _SUIT_SHIFT
_HASHED = (5, 6, 7)  # hand sizes ranked through the tables
HASHED_FROM_ROWS = 1 << 16
"""From this many rows on, :func:`evaluate_many` ranks hands of 5 to 7 cards through the hashed
tables (a few ns a row faster); fewer rows go the rank-mask way, so that a run of few hands
compiles and builds no tables."""


def _card_keys() -> np.ndarray:
    keys = np.zeros(52, dtype=np.int64)
    for code in range(52):
        rank, suit = code >> 2, code & 3
        part = 5**rank if rank < _LO_N else 5 ** (rank - _LO_N) << _HI_SHIFT
        keys[code] = part + (1 << (_SUIT_SHIFT + 4 * suit))
    return keys


def _parts(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # Every base-5 key of n ranks: its counts (keys, n), its size and its rank among keys of its size.
    keys = np.arange(5**n)
    counts = (keys[:, None] // 5 ** np.arange(n)) % 5
    sizes = counts.sum(axis=1)
    rank = np.zeros(len(keys), dtype=np.int64)
    for size in range(sizes.max() + 1):
        chosen = sizes == size
        rank[chosen] = np.arange(int(chosen.sum()))
    return counts, sizes, rank


@entry
def _multiset_strengths(counts, cat_pos, straight_top, top5, out):
    # Strength of each rank multiset (one row of 13 counts) without a flush: no suit is
    # counted. The ranking is mask_strength's, linked, not a copy inlined and compiled here.
    none = np.int64(0)
    for i in range(counts.shape[0]):
        m1 = m2 = m3 = m4 = np.int64(0)
        for r in range(13):
            q = counts[i, r]
            b = np.int64(1) << r
            if q >= 1:
                m1 |= b
            if q >= 2:
                m2 |= b
            if q >= 3:
                m3 |= b
            if q >= 4:
                m4 |= b
        out[i] = mask_strength(m1, m2, m3, m4, none, none, cat_pos, straight_top, top5)


@entry
def _flush_strengths(cat_pos, straight_top, top5, out):
    # Strength of each suit's rank mask of 5 or more cards: straight flush, royal or flush,
    # ranked by mask_strength as five cards of the first suit (a count of 5 flushes; no rank
    # held outside the suit, so nothing else is made).
    none, five = np.int64(0), np.int64(5)
    for mask in range(1 << 13):
        n = 0
        for r in range(13):
            n += (mask >> r) & 1
        out[mask] = mask_strength(none, none, none, none, five, np.int64(mask), cat_pos, straight_top,
                                  top5) if n >= 5 else 0


_CARD_KEY = _card_keys()


@dataclass(frozen=True, kw_only=True)
class _SlotIndex:
    """Where each rank multiset of 5, 6 or 7 cards sits in the no-flush tables."""

    lo_slot: dict[int, np.ndarray]  # k -> low key -> the slot offset of the low part (int32)
    hi_slot: np.ndarray  # high key -> its rank among the high parts of its size (int16)
    slots: dict[int, int]  # k -> number of slots, i.e. of rank multisets of k cards
    lo_counts: np.ndarray
    lo_size: np.ndarray
    hi_counts: np.ndarray
    hi_size: np.ndarray


@functools.cache
def _slot_index() -> _SlotIndex:
    # Built on the first 5-7 card batch, not at import (~15 ms).
    lo_counts, lo_size, lo_rank = _parts(_LO_N)
    hi_counts, hi_size, hi_rank = _parts(_HI_N)
    hi_parts = np.bincount(hi_size)  # high parts of each size
    lo_slot, slots = {}, {}
    for k in _HASHED:
        table = np.zeros(_LO_KEYS, dtype=np.int32)
        offset = 0
        for a in range(k + 1):
            chosen = lo_size == a
            table[chosen] = offset + lo_rank[chosen] * hi_parts[k - a]
            offset += int(chosen.sum()) * int(hi_parts[k - a])
        lo_slot[k], slots[k] = table, offset
    # int16 keeps the larger table small: a rank among high parts of one size is below 2**15.
    hi_slot = np.where(hi_size <= 7, hi_rank, 0).astype(np.int16)
    return _SlotIndex(lo_slot=lo_slot, hi_slot=hi_slot, slots=slots, lo_counts=lo_counts, lo_size=lo_size,
                      hi_counts=hi_counts, hi_size=hi_size)


def _slot_counts(k: int) -> np.ndarray:
    # The 13 rank counts of every slot of the k-card table, slot by slot.
    ix = _slot_index()
    counts = np.zeros((ix.slots[k], 13), dtype=np.int8)
    for a in range(k + 1):
        lo = np.flatnonzero(ix.lo_size == a)
        hi = np.flatnonzero(ix.hi_size == k - a)
        slots = (ix.lo_slot[k][lo][:, None] + ix.hi_slot[hi][None, :].astype(np.int64)).ravel()
        counts[slots, :_LO_N] = np.repeat(ix.lo_counts[lo], len(hi), axis=0)
        counts[slots, _LO_N:] = np.tile(ix.hi_counts[hi], (len(lo), 1))
    return counts


_TABLES: dict[tuple[RankOrder, int], np.ndarray] = {}


def _hash_tables(order: RankOrder, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The low and high slot tables, the no-flush table and the flush table for k cards (built once)."""
    ix = _slot_index()
    if (order, k) not in _TABLES:
        i = _ORDER_INDEX[order]
        nonflush = np.empty(ix.slots[k], dtype=np.int32)
        _multiset_strengths(_slot_counts(k), _CAT_POS[i], _STRAIGHT_TOP[i], _TOP5, nonflush)
        if (order, 0) not in _TABLES:
            flush = np.empty(1 << 13, dtype=np.int32)
            _flush_strengths(_CAT_POS[i], _STRAIGHT_TOP[i], _TOP5, flush)
            _TABLES[(order, 0)] = flush
        _TABLES[(order, k)] = nonflush
    return ix.lo_slot[k], ix.hi_slot, _TABLES[(order, k)], _TABLES[(order, 0)]


@inlined
def multiset_strength(key, lo_slot, hi_slot, nonflush):
    """Strength of 5 to 7 cards as if no flush were made, from the sum of their card keys (or
    of their ranks' keys, :attr:`MultisetTables.rank_key`) and the tables of their count."""
    return nonflush[lo_slot[key & 0x3FFF] + np.int64(hi_slot[(key >> _HI_SHIFT) & 0x1FFFF])]


@entry
def _evaluate_hashed(codes, low_code, card_key, lo_slot, hi_slot, nonflush, flush, out):
    n, k = codes.shape
    span = 51 - low_code
    for i in range(n):
        acc = np.int64(_SUIT_BIAS)
        used = np.int64(0)
        bad = False
        for j in range(k):
            c = np.int64(codes[i, j])
            if np.uint64(c - low_code) > span:
                bad = True
                break
            cb = np.int64(1) << c
            if used & cb:
                bad = True
                break
            used |= cb
            acc += card_key[c]
        if bad:
            out[i] = -1
            continue
        s = multiset_strength(acc, lo_slot, hi_slot, nonflush)
        f = (acc >> _SUIT_SHIFT) & 0x8888
        if f:
            # A flush (rare): its suit's rank mask from a second look at the row.
            suit = 0
            while not (f >> (4 * suit + 3)) & 1:
                suit += 1
            mask = 0
            for j in range(k):
                c = np.int64(codes[i, j])
                if c & 3 == suit:
                    mask |= np.int64(1) << (c >> 2)
            s = max(s, flush[mask])
        out[i] = s


# ---------------------------------------------------------------- for compiled callers
# Equity counts hands by their rank multisets and by their suits apart, so it reads the
# hashed tables and the rank-mask ranking directly.


class MultisetTables(NamedTuple):
    """The perfect-hash tables that rank hands of one size under one order, for compiled callers
    that add cards one at a time: sum the cards' keys and read :func:`multiset_strength`; a
    flush is ranked apart, by its suit's 13-bit rank mask."""

    rank_key: np.ndarray
    """(13,) the key of each rank: the sum over a hand's cards is its rank multiset's key."""
    lo_slot: np.ndarray
    hi_slot: np.ndarray
    nonflush: np.ndarray
    """Strength of each rank multiset of the hand's size, read by :func:`multiset_strength`."""
    flush: np.ndarray
    """(8192,) strength of the flush (straight flush, royal) made by a rank mask of five or more
    cards of one suit; 0 below five."""

    def strengths(self, keys: np.ndarray) -> np.ndarray:
        """:func:`multiset_strength` of many keys at once, in NumPy: for tables a caller builds
        once, with no kernel of its own to compile."""
        return multiset_strength.py_func(keys, self.lo_slot, self.hi_slot, self.nonflush)


@functools.cache
def multiset_tables(order: RankOrder = RankOrder.STANDARD, cards: int = 7) -> MultisetTables:
    """The :class:`MultisetTables` of hands of ``cards`` cards (5, 6 or 7), built once per order.

    >>> t = multiset_tables()
    >>> key = sum(t.rank_key[r] for r in (12, 12, 12, 11, 11, 0, 1))   # A A A K K 2 3
    >>> int(multiset_strength(key, t.lo_slot, t.hi_slot, t.nonflush)) == evaluate(
    ...     parse_cards("Ac Ad Ah Kc Kd 2c 3d")).strength
    True
    """
    if cards not in _HASHED:
        raise HandError(f"the hashed tables rank hands of {', '.join(map(str, _HASHED))} cards, not {cards}")
    lo_slot, hi_slot, nonflush, flush = _hash_tables(order, cards)
    rank_key = _CARD_KEY[::4] - (np.int64(1) << _SUIT_SHIFT)   # a club's key without its suit
    return MultisetTables(rank_key, lo_slot, hi_slot, nonflush, flush)


@entry_in_place
def mask_strength(m1, m2, m3, m4, sc, sm, cat_pos, straight_top, top5):
    """Strength of 5 to 9 cards from their state as :func:`add_card_masks` keeps it (rank masks
    held at least once … four times, packed suit counts and suit rank masks), read from the
    tables of :func:`rank_tables` (its ``cat_pos``, ``straight_top`` and ``top5``). Compiled once here: callers link it rather than inline it."""
    return _strength(m1, m2, m3, m4, _flush_mask(sc, sm), cat_pos, straight_top, top5)


# ---------------------------------------------------------------- public API

# The two compiled steps of ranking a hand from its masks, for kernels that keep the masks
# themselves (the six-card EV): inlined into their callers, unlike mask_strength.
strength_of_masks = _strength
"""Strength from rank masks held at least once … four times and a flush's rank mask (0 for none)."""
flush_mask = _flush_mask
"""The rank mask of the suit that holds five or more cards, from packed suit counts and masks; else 0."""


RankTables = namedtuple("RankTables", "low_code cat_pos straight_top top5")
"""The lookup tables that rank hands under one :class:`RankOrder`, for compiled callers:
``low_code`` is the lowest card code of the order's deck; the arrays are what
:func:`strength7` and :func:`rank_rows` read."""


@functools.cache
def rank_tables(order: RankOrder = RankOrder.STANDARD) -> RankTables:
    """The :class:`RankTables` of ``order`` (made once per order).

    >>> int(rank_tables(RankOrder.SHORT_DECK).low_code)
    16
    """
    i = _ORDER_INDEX[order]
    return RankTables(np.int64(_DECK_LOW[order]), _CAT_POS[i], _STRAIGHT_TOP[i], _TOP5)


@entry
def strength7(c0, c1, board, tables):
    """The strength of two hole cards and the five board codes ``board[0:5]``, compiled; -1 when
    a card is off the deck of ``tables`` or twice among the seven."""
    m1 = m2 = m3 = m4 = np.int64(0)      # int64 from the start, as in _evaluate_rows
    sc = sm = used = np.int64(0)
    for j in range(7):
        if j == 0:
            c = np.int64(c0)
        elif j == 1:
            c = np.int64(c1)
        else:
            c = np.int64(board[j - 2])
        if c < tables.low_code or c > 51:
            return -1
        bit = np.int64(1) << c
        if used & bit:
            return -1
        used |= bit
        m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, c)
    return mask_strength(m1, m2, m3, m4, sc, sm, tables.cat_pos, tables.straight_top, tables.top5)


def card_rows(codes: np.ndarray) -> np.ndarray:
    """Rows of card codes as the one array type the ranking kernels take: C-contiguous int8,
    whatever the caller's (int64 rows, a slice's strides). Another type would compile each kernel
    once more, and int8 rows rank about three times faster than int64 ones (1,000,000 rows of
    7 cards: 108 against 34 M rows/s). A code int8 cannot hold becomes -1, which the kernels read
    as a card off the deck, never as another card.

    >>> card_rows(np.array([[51, 300, 4]])).tolist()
    [[51, -1, 4]]
    """
    if codes.dtype == np.int8:
        return np.ascontiguousarray(codes)
    narrow = np.ascontiguousarray(codes, dtype=np.int8)
    narrow[narrow != codes] = -1
    return narrow


def rank_rows(codes: np.ndarray, order: RankOrder = RankOrder.STANDARD) -> np.ndarray:
    """Like :func:`evaluate_many`, but a row that is not a hand (a card twice or off the deck)
    gets -1 instead of an error: for callers that report such cards themselves.

    >>> rank_rows(np.array([[51, 51, 43, 39, 35], [0, 1, 2, 3, 4]])).tolist()[0]
    -1
    """
    codes = card_rows(codes)
    out = np.empty(codes.shape[0], dtype=np.int32)
    tables = rank_tables(order)
    _evaluate_rows(codes, tables.low_code, tables.cat_pos, tables.straight_top, tables.top5, out, False)
    return out


def hand_combinations(codes: Iterable[int], k: int) -> np.ndarray:
    """Every k-card combination of the codes, one per row (int8), in lexicographic order.

    >>> hand_combinations(Deck.SHORT_36.codes, 5).shape
    (376992, 5)
    """
    codes = np.asarray(tuple(codes), dtype=np.int8)
    if not 0 < k <= len(codes):
        raise HandError(f"cannot choose {k} cards of {len(codes)}")
    out = np.empty((math.comb(len(codes), k), k), dtype=np.int8)
    _fill_combinations(codes, k, out)
    return out


def evaluate_many(codes: np.ndarray, order: RankOrder = RankOrder.STANDARD, *, as_written: bool = False
                  ) -> np.ndarray:
    """Strengths of many hands at once: ``codes`` has one hand per row (3 or 5 to 9 card codes).

    Rows of 3 cards are ranked as front rows. Returns int32, one strength per row. A card twice
    in a row is refused, unless ``as_written``: then each copy counts, by its rank and its suit,
    for a log that deals a card twice and is judged on the cards it wrote (its replay reports
    the card); ``8s 8c 8c`` is three eights.

    >>> rows = np.array([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]], dtype=np.int8)  # royal; quad 2s
    >>> categories(evaluate_many(rows), RankOrder.STANDARD).tolist()
    [9, 7]
    >>> evaluate_many(np.array([[51, 51, 43, 39, 35]]))
    Traceback (most recent call last):
    ...
    rules.evaluator.HandError: row 0 of the hands, [51 51 43 39 35], is not a hand of the 52-card deck: a card twice or off the deck
    >>> categories(evaluate_many(np.array([[27, 24, 24]]), as_written=True)).tolist()  # 8s 8c 8c
    [3]
    """
    codes = np.asarray(codes)
    if codes.ndim != 2 or not (codes.shape[1] == 3 or 5 <= codes.shape[1] <= 9):
        raise HandError(
            f"cannot rank hands of shape {codes.shape}: expected one hand per row, 3 or 5 to 9 cards"
        )
    if not np.issubdtype(codes.dtype, np.integer):
        raise HandError(f"card codes must be integers, got an array of {codes.dtype}")
    k = codes.shape[1]
    rows = card_rows(codes)
    out = np.empty(rows.shape[0], dtype=np.int32)
    i = _ORDER_INDEX[order]
    if k in _HASHED and rows.shape[0] >= HASHED_FROM_ROWS:
        _evaluate_hashed(rows, _DECK_LOW[order], _CARD_KEY, *_hash_tables(order, k), out)
        if as_written and out.min() < 0:
            # the hashed tables hold no rank five times: the rows it refused take the rank masks
            again = np.flatnonzero(out < 0)
            ranked = np.empty(len(again), dtype=np.int32)
            _evaluate_rows(rows[again], _DECK_LOW[order], _CAT_POS[i], _STRAIGHT_TOP[i], _TOP5, ranked, True)
            out[again] = ranked
    else:
        _evaluate_rows(rows, _DECK_LOW[order], _CAT_POS[i], _STRAIGHT_TOP[i], _TOP5, out, as_written)
    if rows.shape[0] and out.min() < 0:     # named in the caller's codes, not the narrowed ones
        row = int(np.argmax(out < 0))
        raise HandError(
            f"row {row} of the hands, {codes[row]}, is not a hand of the "
            f"{order.deck.value}-card deck: a card twice or off the deck"
        )
    return out


def categories(strengths: np.ndarray, order: RankOrder = RankOrder.STANDARD) -> np.ndarray:
    """The :class:`HandCategory` value of each strength (vectorised), as int8."""
    positions = np.asarray(strengths) >> 20
    return _POS_CAT[_ORDER_INDEX[order]][positions].astype(np.int8)


_RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")
_RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                 "tens", "jacks", "queens", "kings", "aces")


@dataclass(frozen=True, kw_only=True)
class HandValue:
    """A ranked hand: its strength, its category and the cards that make it (best five, or three)."""

    strength: int
    category: HandCategory
    cards: tuple[Card, ...]

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The tie-break ranks packed in the strength, most significant first."""
        nibbles = [(self.strength >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
        return tuple(Rank(n - 1) for n in nibbles if n)

    def describe(self) -> str:
        """The hand in words: ``"full house, kings full of fours"``."""
        r = self.ranks
        word, plural = _RANK_WORDS, _RANK_PLURALS
        c = self.category
        if c is HandCategory.ROYAL_FLUSH:
            return "royal flush"
        if c in (HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT, HandCategory.FLUSH):
            return f"{c.label}, {word[r[0]]} high"
        if c is HandCategory.FOUR_OF_A_KIND:
            return f"four of a kind, {plural[r[0]]}"
        if c is HandCategory.FULL_HOUSE:
            return f"full house, {plural[r[0]]} full of {plural[r[1]]}"
        if c is HandCategory.THREE_OF_A_KIND:
            return f"three of a kind, {plural[r[0]]}"
        if c is HandCategory.TWO_PAIR:
            return f"two pair, {plural[r[0]]} and {plural[r[1]]}"
        if c is HandCategory.PAIR:
            return f"pair of {plural[r[0]]}"
        return f"high card, {word[r[0]]}"

    def __str__(self) -> str:
        return f"{self.describe()} ({' '.join(str(card) for card in self.cards)})"


def _as_card(card: Card | int | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    return Card.from_code(int(card))


def _check_hand(cards: tuple[Card, ...], order: RankOrder) -> None:
    text = " ".join(str(card) for card in cards)
    if not (len(cards) == 3 or 5 <= len(cards) <= 9):
        raise HandError(
            f"cannot rank {len(cards)} cards ({text}): a hand is 3 cards (a Chinese front row) or 5 to 9 cards"
        )
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise HandError(f"{card} appears twice in {text}: a hand holds each card once")
        seen.add(card)
        if card.is_joker:
            raise HandError(f"{card} in {text} cannot be ranked: a joker has no rank or suit")
        if card not in order.deck:
            raise HandError(
                f"{card} in {text} is not a card of the {order.deck.value}-card deck of {order.name}"
            )


def _arranged(five: tuple[Card, ...], category: HandCategory, top: int) -> tuple[Card, ...]:
    # Made cards first (most of a rank, then higher), a straight from its top card down.
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH, HandCategory.ROYAL_FLUSH):
        return tuple(sorted(five, key=lambda card: (card.rank if card.rank <= top else card.rank - 13),
                            reverse=True))
    count = {rank: sum(card.rank == rank for card in five) for rank in {card.rank for card in five}}
    return tuple(sorted(five, key=lambda card: (count[card.rank], card.rank, card.suit), reverse=True))


def evaluate(cards: Iterable[Card | int | str], order: RankOrder = RankOrder.STANDARD) -> HandValue:
    """The best five of 5 to 9 cards, or a 3-card front row (trips, pair or high card only).

    Cards may be :class:`Card` objects, card codes or card text.

    >>> evaluate(["Ah", "Kh", "Qh", "Jh", "Th", "2c", "2d"]).describe()
    'royal flush'
    >>> front, middle = evaluate(parse_cards("Kc Kd 2s")), evaluate(parse_cards("Kh Ks 5c 4d 3h"))
    >>> front.describe(), front.strength < middle.strength
    ('pair of kings', True)
    >>> evaluate(parse_cards("As As Kc Qh Js"), RankOrder.SHORT_DECK)
    Traceback (most recent call last):
    ...
    rules.evaluator.HandError: As appears twice in As As Kc Qh Js: a hand holds each card once
    """
    hand = tuple(_as_card(card) for card in cards)
    _check_hand(hand, order)
    codes = np.array([[card.code for card in hand]], dtype=np.int64)
    strength = int(evaluate_many(codes, order)[0])
    category = HandCategory(int(categories(np.array([strength]), order)[0]))
    size = 3 if len(hand) == 3 else 5
    best = hand
    if len(hand) > size:
        subsets = list(itertools.combinations(hand, size))
        rows = np.array([[card.code for card in subset] for subset in subsets], dtype=np.int64)
        best = subsets[int(np.argmax(evaluate_many(rows, order)))]
    top = ((strength >> 16) & 0xF) - 1
    return HandValue(strength=strength, category=category, cards=_arranged(best, category, top))
