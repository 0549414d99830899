"""Exact all-in equity: every board completion counted, no sampling.

Each player's share of each pot is averaged over every way the rest of the board can fall
from the stub (the order's deck minus every known card).

With cards still to come after the flop or the turn (at most a thousand boards), a Numba
kernel (:func:`_enumerate_by_ranks`) ranks one by one only the boards whose cards make or change
a flush; every other board is counted by its ranks, and each set of ranks (91 at most after a
flop) ranked once per player for all the boards that carry it. Other spots (more cards to come
for hands other than two cards) are walked depth by depth (:func:`_enumerate`), each player's
rank masks and suit counters updated as one card is added, so a board costs one card-add and
one ranking per player.

A whole board to come (a preflop all-in: 1.4 to 1.7 million boards) for two-card hands is
counted, still exactly, without visiting boards at all (:func:`_count_preflop`): flushes aside, a board's
outcome depends on its ranks alone, so each of the 6,188 rank multisets is ranked once per
player (read from a table of hole-rank pairs made once per order) and weighted by the number
of stub boards that carry it; boards where a player makes a
flush are counted by their suited cards instead, all the ways of dealing the other cards at
once, and settled by rule (the highest card of the suit held wins) unless a straight flush is
in reach. Heads-up all-ins are a lookup in a shipped table, keyed blind to the suits' names.
Nothing else is remembered between calls: the all-ins of a real history hardly repeat (31 of
5,304 in a 20,000-hand tournament mix, up to the suits' names; of its 948 multiway preflop ones,
none, even up to the seats' order too), so a memo's key cost more than it saved.

:func:`spot_equities` takes many spots at once (a replayed batch's all-ins): checked, looked up
and gathered in NumPy, the turn and river spots of a shape counted in one compiled call;
:func:`pot_equities` is one spot of it.

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

import itertools
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from rules.cards import Card
from rules.compiled import entry, entry_in_place, helper, inlined
from rules.evaluator import (
    HandError,
    RankOrder,
    mask_strength,
    multiset_tables,
    rank_tables,
)

__all__ = ["add_card", "heads_up_keys", "pot_equities", "spot_equities", "spot_shares"]

_M1, _M2, _M3, _M4, _SC, _SM = range(6)


@inlined
def add_card(src, dst, c):
    """One more card into a hand's state (rank masks by count, packed suit counts and masks):
    the step of the exact enumeration, public for the benchmark that times it alone."""
    b = np.int64(1) << (c >> 2)
    m1, m2, m3 = src[_M1], src[_M2], src[_M3]
    dst[_M4] = src[_M4] | (m3 & b)
    dst[_M3] = m3 | (m2 & b)
    dst[_M2] = m2 | (m1 & b)
    dst[_M1] = m1 | b
    s = c & 3
    dst[_SC] = src[_SC] + (np.int64(1) << (s << 2))
    dst[_SM] = src[_SM] | (b << (s << 4))


@inlined
def _winners(strength, shut, pot):
    """The pot's best eligible hands as a bit pattern (bit p for player p). shut[pot, p]: 0 for an
    eligible player, else far below any strength; found without a branch to mispredict."""
    best = strength[0] + shut[pot, 0]
    for p in range(1, strength.shape[0]):
        best = max(best, strength[p] + shut[pot, p])
    pattern = 0
    for p in range(strength.shape[0]):
        pattern |= np.int64(strength[p] + shut[pot, p] == best) << p
    return pattern


@inlined
def _split(pot, pattern, weight, split, shares):
    # weight boards of the pot to the players of pattern, tied winners alike. split[w]: one of w
    # tied winners' share of a board (unit // w, looked up rather than divided each time).
    winners = 0
    rest = pattern
    while rest:
        rest &= rest - 1
        winners += 1
    share = weight * split[winners]
    for p in range(shares.shape[1]):
        if pattern >> p & 1:
            shares[pot, p] += share


@inlined
def _distribute(strength, shut, split, weights, shares):
    # Each pot to its best eligible hands, weights[pot] boards at once.
    for pot in range(shut.shape[0]):
        if weights[pot]:
            _split(pot, _winners(strength, shut, pot), weights[pot], split, shares)


_winners_called = helper(_winners.py_func)
"""The same winners, called rather than inlined: for the flush boards ranked one by one, whose
copies would only lengthen the first compile."""

_distribute_called = helper(_distribute.py_func)
"""The same split, called rather than inlined: for the rarer boards, whose copies would only
lengthen the first compile."""


@helper
def _shut(eligible, shut):
    # Into shut (eligible's shape), the :func:`_winners` offsets: 0 where a player is eligible
    # for the pot, else -2**40.
    for pot in range(eligible.shape[0]):
        for p in range(eligible.shape[1]):
            shut[pot, p] = 0 if eligible[pot, p] else -(np.int64(1) << 40)


@entry
def _enumerate(start, stub, n_draw, eligible, unit, cat_pos, straight_top, top5):
    """Sum, over every n_draw-card subset of stub, each player's share (in 1/unit) of each pot.

    start: (n_players, 6) state of hole cards plus the known board; eligible: (n_pots,
    n_players) 0/1. Returns (shares (n_pots, n_players) int64, number of boards).
    """
    n_players = start.shape[0]
    n_pots = eligible.shape[0]
    m = stub.shape[0]
    state = np.zeros((n_draw + 1, n_players, 6), dtype=np.int64)
    for p in range(n_players):   # loops, not slice assignment: cheaper to compile
        for i in range(6):
            state[0, p, i] = start[p, i]
    shares = np.zeros((n_pots, n_players), dtype=np.int64)
    strength = np.zeros(n_players, dtype=np.int64)
    every_pot = np.zeros(n_pots, dtype=np.int64)    # ones, filled: np.ones would compile a constructor of its own
    for k in range(n_pots):
        every_pot[k] = 1
    shut = np.zeros((n_pots, n_players), dtype=np.int64)
    _shut(eligible, shut)
    split = np.zeros(n_players + 1, dtype=np.int64)
    for w in range(1, n_players + 1):
        split[w] = unit // w
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
                add_card(state[d, p], state[d + 1, p], c)
            if d < n_draw - 1:
                idx[d + 1] = idx[d] + 1
                d += 1
                continue
        last = state[n_draw]
        for p in range(n_players):
            st = last[p]
            strength[p] = mask_strength(st[_M1], st[_M2], st[_M3], st[_M4], st[_SC], st[_SM],
                                        cat_pos, straight_top, top5)
        _distribute_called(strength, shut, split, every_pot, shares)
        boards += 1
        if n_draw == 0:
            break
        idx[d] += 1
    return shares, boards


@entry_in_place     # the caller makes its arrays
def _enumerate_by_ranks(each_start, each_stub, n_draw, each_eligible, unit, cat_pos, straight_top, top5, each_shares,
                        each_boards, strength, shut, split, most, by_ranks, todo, once, twice, weights):
    """:func:`_enumerate` of one or two cards to come (a turn or a river), the same counts, with
    most boards ranked once for all the boards of their ranks.

    A board's suits matter only where they make or change a flush: one more card of a suit of
    which a hand holds four with the board (or five: a flush, which a higher card of it may
    improve), or two more of a suit of which a hand holds three. Every other board leaves every
    hand's flush (or none) as it was, so its hands rank by the ranks it adds: those boards are
    counted by their ranks, and each set of ranks is ranked once with the suits of the known
    cards. The boards that make or change a flush are ranked one by one.

    G spots of one shape at once, each one's arguments along a first axis (each_start (G, players,
    6), each_stub (G, m), each_eligible (G, pots, players)): the shares into each_shares (G, pots,
    players) and the boards into each_boards (G,), both zeros. The caller makes them and the
    scratch (:func:`_by_ranks_scratch`): an array made here would compile its constructor too.
    """
    n_players = each_start.shape[1]
    for w in range(1, n_players + 1):
        split[w] = unit // w
    for g in range(each_eligible.shape[0]):
        start, stub, eligible, shares = each_start[g], each_stub[g], each_eligible[g], each_shares[g]
        n_pots = eligible.shape[0]
        m = stub.shape[0]
        _shut(eligible, shut)
        for s in range(4):      # the most cards of each suit a hand holds with the board
            most[s] = 0
            for p in range(n_players):
                held = start[p, _SC] >> (s << 2) & 15
                if held > most[s]:  # noqa: PLR1730 (max(): one more builtin to compile)
                    most[s] = held
        # What to rank: (first card, second card, boards, whether the cards' suits count) a row,
        # the boards that make or change a flush one by one, then one row per set of ranks of the
        # others (their cards as rank * 4: suit 0, the known cards' suits counting instead).
        for ra in range(13):
            for rb in range(13):
                by_ranks[ra, rb] = 0
        rows = 0
        boards = 0
        for i in range(m):
            ci = stub[i]
            for j in range(i + 1, m if n_draw == 2 else i + 2):
                cj = stub[j] if n_draw == 2 else ci
                boards += 1
                if most[ci & 3] < 4 and most[cj & 3] < 4 and (n_draw == 1 or ci & 3 != cj & 3 or most[ci & 3] < 3):
                    by_ranks[ci >> 2, cj >> 2] += 1
                else:
                    todo[rows, 0] = ci
                    todo[rows, 1] = cj
                    todo[rows, 2] = 1
                    todo[rows, 3] = 1
                    rows += 1
        for ra in range(13):
            for rb in range(13):
                if by_ranks[ra, rb]:
                    todo[rows, 0] = ra << 2
                    todo[rows, 1] = rb << 2
                    todo[rows, 2] = by_ranks[ra, rb]
                    todo[rows, 3] = 0
                    rows += 1
        for row in range(rows):
            for p in range(n_players):
                add_card(start[p], once[p], todo[row, 0])
                st = once[p]
                if n_draw == 2:
                    add_card(once[p], twice[p], todo[row, 1])
                    st = twice[p]
                suits = st if todo[row, 3] else start[p]
                strength[p] = mask_strength(st[_M1], st[_M2], st[_M3], st[_M4], suits[_SC], suits[_SM],
                                            cat_pos, straight_top, top5)
            for k in range(n_pots):
                weights[k] = todo[row, 2]
            _distribute_called(strength, shut, split, weights, shares)
        each_boards[g] = boards


def _by_ranks_scratch(players: int, pots: int, stub: int) -> tuple[np.ndarray, ...]:
    """The scratch of :func:`_enumerate_by_ranks` for spots of one shape: each hand's strength on
    a board; the :func:`_shut` offsets; a tied winner's share by winners (0 for none); the most
    cards of each suit a hand holds; the boards by their two ranks; the rows to rank (at most
    every pair of the stub's cards, every card, every two ranks); each hand with one card and with
    two more; each pot's boards of the row."""
    return (np.empty(players, np.int64), np.empty((pots, players), np.int64), np.zeros(players + 1, np.int64),
            np.empty(4, np.int64), np.empty((13, 13), np.int64), np.empty((stub * (stub - 1) // 2 + stub + 169, 4), np.int64),
            np.empty((players, 6), np.int64), np.empty((players, 6), np.int64), np.empty(pots, np.int64))


@inlined
def _deal_rank(d, r, ranks, run, avail, index, ways, tails, none, one, binom):
    """Deal rank r as the multiset's (d + 1)-th card, ranks descending (so its place among the
    five, ascending, is 4 - d): its column, ways and suited tails at depth d + 1 from those
    before the rank's first card. Returns how many of the rank are dealt now, 0 when the stub
    has too few."""
    m = run[d - 1] + 1 if d > 0 and ranks[d - 1] == r else 1
    if m > avail[r]:
        return 0
    ranks[d] = r
    run[d] = m
    base = d + 1 - m
    index[d + 1] = index[d] + binom[r + 4 - d, 5 - d]
    ways[d + 1] = ways[base] * binom[avail[r], m]
    for s in range(4):
        # at least i of suit s: at least i before, and none of this rank's, or i - 1 and one; at
        # the last depth only from i = 2, as the leaves read no less than a flush's need (3) less one
        a0 = none[s, r, m]
        a1 = one[s, r, m]
        tails[d + 1, s, 0] = tails[base, s, 0] * (a0 + a1)
        for i in range(1 if d < 3 else 2, d + 2):
            tails[d + 1, s, i] = tails[base, s, i] * a0 + tails[base, s, i - 1] * a1
    return m


@entry
def _count_preflop(hole_pairs, pair_strengths, suit_masks, stub_cards, eligible, unit, flush, weakest_flush,
                   straight_top, binom):
    """Each player's share of each pot summed over every 5-card board of the stub, in 1/unit,
    for two-card hands.

    hole_pairs: (n_players,) each hand's two ranks, low * 13 + high; pair_strengths: the
    pair strengths of :func:`count_preflop_tables`; suit_masks: (n_players, 4) each hand's ranks in
    each suit; stub_cards: (13, 4) 1 where the card of that rank and suit is in the stub; flush:
    the 7-card :class:`~rules.evaluator.MultisetTables` flush table; weakest_flush: its lowest
    strength; straight_top: the order's, nonzero where a rank mask holds a straight; binom:
    :data:`_BINOMIALS`. Returns (shares (n_pots, n_players), number of boards).

    A board is a rank multiset (6,188 of them) and a suit for each card. Suits matter only on
    a flush board: ``k`` cards of a suit ``s`` where some hand holds ``5 - k`` of them, so k is
    3 or more and the board holds at most two cards of the other suits: it flushes in one suit.
    Such a board is settled, in a pot where a player who flushes is eligible, by its suited
    cards alone: the flushes rank among themselves and beat every hand without one. Part 1
    counts these, one set of suited cards at a time, for all the ways to deal the other cards
    at once; unless a straight flush is in reach, the flusher holding the pot's highest card
    of the suit wins, so most sets are only counted, not ranked. Part 2 walks the rank
    multisets, ranks each once per player and settles its other boards (every board of it,
    less those part 1 settled in that pot: the ways to deal at least k cards of each suit,
    kept as the walk adds ranks, count them with two products a suit). Where a hand without a
    flush ranks above every flush but a straight flush (a full house or four of a kind, so a
    paired board), part 2 gives that multiset's flush boards back from part 1's winner to its
    own, counted from the same tails.
    """
    n_players = hole_pairs.shape[0]
    n_pots = eligible.shape[0]
    shares = np.zeros((n_pots, n_players), dtype=np.int64)
    avail = np.zeros(13, dtype=np.int64)
    stub_size = 0
    for r in range(13):
        for s in range(4):
            avail[r] += stub_cards[r, s]
        stub_size += avail[r]
    suited = np.zeros((n_players, 4), dtype=np.int64)   # cards each hand holds of each suit
    need = np.zeros(4, dtype=np.int64)                  # fewest board cards of a suit that flush
    for s in range(4):
        need[s] = 5
    for p in range(n_players):
        for s in range(4):
            m = suit_masks[p, s]
            while m:
                m &= m - 1
                suited[p, s] += 1
            need[s] = min(need[s], 5 - suited[p, s])
    # flush_pots[s, k, pot]: 1 when a player eligible for pot flushes with k board cards of suit s;
    # need_pot[pot, s]: the fewest k that do (5: a flush on the board, anyone's)
    flush_pots = np.zeros((4, 6, n_pots), dtype=np.int64)
    need_pot = np.zeros((n_pots, 4), dtype=np.int64)
    for s in range(4):
        for pot in range(n_pots):
            need_pot[pot, s] = 5
            for p in range(n_players):
                if eligible[pot, p]:
                    need_pot[pot, s] = min(need_pot[pot, s], 5 - suited[p, s])
            for k in range(need_pot[pot, s], 6):
                flush_pots[s, k, pot] = 1
    # none[s, r, m] / one[s, r, m]: ways to deal m cards of rank r with none / one of suit s
    none = np.zeros((4, 13, 5), dtype=np.int64)
    one = np.zeros((4, 13, 5), dtype=np.int64)
    for s in range(4):
        for r in range(13):
            others = avail[r] - stub_cards[r, s]
            for m in range(1, 5):
                none[s, r, m] = binom[others, m]
                one[s, r, m] = stub_cards[r, s] * binom[others, m - 1]
    strength = np.zeros(n_players, dtype=np.int64)
    weights = np.zeros(n_pots, dtype=np.int64)
    split = np.zeros(n_players + 1, dtype=np.int64)
    for w in range(1, n_players + 1):
        split[w] = unit // w
    shut = np.zeros((n_pots, n_players), dtype=np.int64)
    _shut(eligible, shut)
    # Boards by pot and set of winners (a bit pattern), split among them once at the end.
    won = np.zeros((n_pots, 1 << n_players), dtype=np.int64)

    # 1. The flush boards by their suited cards: k of suit s (a k-subset of the stub's), and
    # any 5 - k of the stub's other cards. Among a pot's flushers, unless one makes a straight
    # flush, the one who holds the highest card of the suit wins where it plays: the cards above
    # it are the board's, the same for all, and no one else holds it. With 3 or 4 on the board
    # it plays (every flusher's held cards make up his five, or all but his lowest); with 5,
    # where it is above the board's lowest, else all tie on the board. So only the boards where
    # a straight flush could be made (in the suit's cards of the board and of every hand) are
    # ranked one by one; the others are counted, by their lowest card when five are suited.
    # highest[pot, s, k]: that holder as a pattern of one (0 when no flusher holds any: all
    # tie), top_rank[pot, s, k] the card's rank.
    highest = np.zeros((n_pots, 4, 6), dtype=np.int64)
    top_rank = np.zeros((n_pots, 4, 6), dtype=np.int64)   # np.full would compile a constructor of its own
    any_held = np.zeros(4, dtype=np.int64)   # every hand's cards of the suit
    for s in range(4):
        for p in range(n_players):
            any_held[s] |= suit_masks[p, s]
        for pot in range(n_pots):
            for k in range(need_pot[pot, s], 6):
                top_rank[pot, s, k] = -1
                for p in range(n_players):
                    if eligible[pot, p] and suited[p, s] + k >= 5:
                        for r in range(top_rank[pot, s, k] + 1, 13):
                            if suit_masks[p, s] >> r & 1:
                                top_rank[pot, s, k] = r
                                highest[pot, s, k] = 1 << p
    everyone = np.zeros(n_pots, dtype=np.int64)     # the pot's players
    for pot in range(n_pots):
        for p in range(n_players):
            everyone[pot] |= eligible[pot, p] << p
    like = np.zeros(n_pots, dtype=np.int64)   # the first pot needing as many of each suit to flush
    for pot in range(n_pots):
        like[pot] = pot
        for other in range(pot - 1, -1, -1):
            same = True
            for s in range(4):
                same &= need_pot[other, s] == need_pot[pot, s]
            if same:
                like[pot] = like[other]
    stub_masks = np.zeros(4, dtype=np.int64)    # the stub's ranks of each suit, as a rank mask
    for s in range(4):
        for r in range(13):
            stub_masks[s] |= stub_cards[r, s] << r
    ranks_of = np.zeros(13, dtype=np.int64)
    idx = np.zeros(5, dtype=np.int64)
    prefix = np.zeros(6, dtype=np.int64)
    by_lowest = np.zeros(13, dtype=np.int64)
    for s in range(4):
        ns = 0
        for r in range(13):
            if stub_cards[r, s]:
                ranks_of[ns] = r
                ns += 1
        others = stub_size - ns
        for k in range(need[s], min(ns, 5) + 1):
            w = 1 if k == 5 else others if k == 4 else others * (others - 1) // 2
            for pot in range(n_pots):
                weights[pot] = w * flush_pots[s, k, pot]
            # The k-subsets of the suit's ranks in order, depth by depth (prefix[d]: the ranks
            # of the first d), those without a straight flush in reach counted by their lowest.
            for i in range(ns):
                by_lowest[i] = 0
            d = 0
            idx[0] = 0
            while True:
                if idx[d] > ns - k + d:     # this depth is exhausted: back up one
                    if d == 0:
                        break
                    d -= 1
                    idx[d] += 1
                    continue
                prefix[d + 1] = prefix[d] | np.int64(1) << ranks_of[idx[d]]
                if d < k - 1:
                    idx[d + 1] = idx[d] + 1
                    d += 1
                    continue
                smask = prefix[k]
                if straight_top[smask | any_held[s]]:
                    for p in range(n_players):
                        strength[p] = flush[smask | suit_masks[p, s]] if suited[p, s] + k >= 5 else -1
                    for pot in range(n_pots):
                        if weights[pot]:
                            won[pot, _winners_called(strength, shut, pot)] += weights[pot]
                else:
                    by_lowest[idx[0]] += 1
                idx[d] += 1
            for i in range(ns):
                for pot in range(n_pots):
                    plays = k < 5 or top_rank[pot, s, k] > ranks_of[i]
                    won[pot, highest[pot, s, k] if plays else everyone[pot]] += by_lowest[i] * weights[pot]

    # 2. Every rank multiset. First each pot's winners on each, flushes aside (plain_won, a bit
    # pattern a column, and bit 32 where the best hand beats a flush), column by column in straight
    # loops the compiler vectorizes. Then the multisets walked, ranks descending, one rank a depth, the
    # multisets coming in the order of their columns. At depth d (d ranks dealt): index[d] their
    # column, ways[d] the stub's ways to deal them, tails[d, s, k] the ways with at least k of
    # suit s. A rank dealt m times so far extends the depth before its first.
    columns = pair_strengths.shape[1]
    plain_won = np.zeros((n_pots, columns), dtype=np.int64)
    best = np.zeros(columns, dtype=pair_strengths.dtype)     # the table's width: half the bytes to stream
    for pot in range(n_pots):
        for c in range(columns):
            best[c] = -1
        pattern = plain_won[pot]
        for p in range(n_players):
            if eligible[pot, p]:    # the best so far and who holds it, in one pass a hand
                row = pair_strengths[hole_pairs[p]]
                bit = np.int64(1) << p
                for c in range(columns):
                    pattern[c] = bit if row[c] > best[c] else pattern[c] | bit if row[c] == best[c] else pattern[c]
                    best[c] = max(best[c], row[c])
        for c in range(columns):    # bit 32: a full house or four of a kind, which beats a flush
            pattern[c] |= np.int64(best[c] >= weakest_flush) << 32
    ranks = np.zeros(5, dtype=np.int64)
    run = np.zeros(5, dtype=np.int64)
    index = np.zeros(6, dtype=np.int64)     # the multiset's column of pair_strengths, rank by rank
    ways = np.zeros(6, dtype=np.int64)
    ways[0] = 1
    tails = np.zeros((5, 4, 6), dtype=np.int64)
    for s in range(4):
        tails[0, s, 0] = 1
    plain = np.zeros(n_players, dtype=np.int64)
    true = np.zeros(n_players, dtype=np.int64)
    flushed = np.zeros(n_pots, dtype=np.int64)  # the multiset's boards part 1 settled, per pot
    # the same for a last rank dealt once that the stub holds in every suit (the common case),
    # the same for every such rank after the four before: 3 ways with none of a suit, 1 with one
    flushed_full = np.zeros(n_pots, dtype=np.int64)
    # and for any last rank dealt once: at_need the boards with at least the need of some suit,
    # one_short[pot, s] those with exactly one card of suit s too few
    at_need = np.zeros(n_pots, dtype=np.int64)
    one_short = np.zeros((n_pots, 4), dtype=np.int64)
    distinct = np.zeros(5, dtype=np.int64)
    mult = np.zeros(5, dtype=np.int64)
    boards = 0
    for r0 in range(13):
        if not _deal_rank(0, r0, ranks, run, avail, index, ways, tails, none, one, binom):
            continue
        for r1 in range(r0 + 1):
            if not _deal_rank(1, r1, ranks, run, avail, index, ways, tails, none, one, binom):
                continue
            for r2 in range(r1 + 1):
                if not _deal_rank(2, r2, ranks, run, avail, index, ways, tails, none, one, binom):
                    continue
                for r3 in range(r2 + 1):
                    if not _deal_rank(3, r3, ranks, run, avail, index, ways, tails, none, one, binom):
                        continue
                    first_four = np.int64(1) << r0 | np.int64(1) << r1 | np.int64(1) << r2 | np.int64(1) << r3
                    for pot in range(n_pots):
                        reach = 0
                        short = 0
                        for s in range(4):
                            k = need_pot[pot, s]
                            reach += tails[4, s, k]
                            one_short[pot, s] = tails[4, s, k - 1] - tails[4, s, k]
                            short += one_short[pot, s]
                        at_need[pot] = reach
                        flushed_full[pot] = 4 * reach + short
                    for r in range(r3 + 1):     # the last (lowest) rank: one multiset each, in adjacent columns
                        m = run[3] + 1 if r3 == r else 1
                        if m > avail[r]:
                            continue
                        ranks[4] = r
                        base = 5 - m
                        board_ways = ways[base] * binom[avail[r], m]
                        column = index[4] + r
                        boards += board_ways
                        for pot in range(n_pots):
                            # the boards part 1 settled: at least need_pot of a suit, the last rank's
                            # factor on the tails before its first card (the same as an earlier pot's
                            # where the pots need as many of each suit)
                            if m == 1 and avail[r] == 4:
                                flushed[pot] = flushed_full[pot]
                            elif m == 1:
                                # each of its avail[r] cards keeps a board at the need, and its card
                                # of suit s, where the stub has it, lifts one a card short
                                f = avail[r] * at_need[pot]
                                for s in range(4):
                                    f += stub_cards[r, s] * one_short[pot, s]
                                flushed[pot] = f
                            elif like[pot] < pot:
                                flushed[pot] = flushed[like[pot]]
                            else:
                                f = 0
                                for s in range(4):
                                    k = need_pot[pot, s]
                                    f += none[s, r, m] * tails[base, s, k] + one[s, r, m] * tails[base, s, k - 1]
                                flushed[pot] = f
                            outcome = plain_won[pot, column]
                            winners = outcome & ((1 << n_players) - 1)
                            if flushed[pot] and outcome >> 32:
                                # A full house or four of a kind (a paired board: at most four suited
                                # cards) outranks every flush but a straight flush: this multiset's
                                # flush boards go back from part 1's winners to its own. Where no
                                # straight flush can be made, part 1's winner was the pot's highest
                                # holder of the suit on each of them, and the tails count them, k
                                # suited at a time.
                                for s in range(4):
                                    n = need_pot[pot, s]
                                    a0 = none[s, r, m]
                                    a1 = one[s, r, m]
                                    if not a0 * tails[base, s, n] + a1 * tails[base, s, n - 1]:
                                        continue
                                    in_stub = (first_four | np.int64(1) << r) & stub_masks[s]
                                    could = False   # a straight flush, in some hand
                                    for p in range(n_players):
                                        could |= suit_masks[p, s] and straight_top[in_stub | suit_masks[p, s]]
                                    if not could:
                                        for k in range(n, 5):
                                            exactly = (a0 * (tails[base, s, k] - tails[base, s, k + 1])
                                                       + a1 * (tails[base, s, k - 1] - tails[base, s, k]))
                                            counted = highest[pot, s, k]
                                            if exactly and counted != winners:
                                                won[pot, winners] += exactly
                                                won[pot, counted] -= exactly
                                        continue
                                    # Else each set of suited cards apart, settled with every hand's best:
                                    # all the held ranks, and when one is to spare, all but one (a paired
                                    # board has at most four ranks, and n is 3 or more).
                                    for p in range(n_players):
                                        plain[p] = pair_strengths[hole_pairs[p], column]
                                    nd = 0
                                    for j in range(5):
                                        if j == 0 or ranks[j] != ranks[j - 1]:
                                            distinct[nd] = ranks[j]
                                            mult[nd] = 1
                                            nd += 1
                                        else:
                                            mult[nd - 1] += 1
                                    in_stub = 0     # now which of the distinct ranks the stub holds in suit s
                                    held = 0
                                    for j in range(nd):
                                        in_stub |= stub_cards[distinct[j], s] << j
                                        held += stub_cards[distinct[j], s]
                                    for drop in range(-1, nd if held > n else 0):
                                        if drop >= 0 and not in_stub >> drop & 1:
                                            continue
                                        this = in_stub & ~(1 << drop) if drop >= 0 else in_stub
                                        k = held - (drop >= 0)
                                        smask = 0
                                        w = 1
                                        for j in range(nd):
                                            if this >> j & 1:
                                                smask |= np.int64(1) << distinct[j]
                                                w *= one[s, distinct[j], mult[j]]
                                            else:
                                                w *= none[s, distinct[j], mult[j]]
                                        if w == 0 or k < n:
                                            continue
                                        for p in range(n_players):
                                            if suited[p, s] + k >= 5:
                                                strength[p] = flush[smask | suit_masks[p, s]]
                                                true[p] = max(plain[p], strength[p])
                                            else:
                                                strength[p] = -1
                                                true[p] = plain[p]
                                        settled = _winners_called(true, shut, pot)
                                        counted = _winners_called(strength, shut, pot)
                                        if settled != counted:
                                            won[pot, settled] += w
                                            won[pot, counted] -= w
                            won[pot, winners] += board_ways - flushed[pot]
    for pot in range(n_pots):   # each set of winners' boards, split among them
        for pattern in range(won.shape[1]):
            if won[pot, pattern]:
                _split(pot, pattern, won[pot, pattern], split, shares)
    return shares, boards


def _card_code(card: Card | int | str) -> int:
    if type(card) is int and 0 <= card < 52:     # a code already: the common case, kept cheap
        return card
    if isinstance(card, Card):
        return card.code
    if isinstance(card, str):
        return Card.parse(card).code
    return Card.from_code(int(card)).code


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
    One spot of :func:`spot_equities`, checked first so that an error names its cause.

    >>> pot_equities([[51, 50], [47, 46], [3, 7]], [], [[0, 1, 2], [1, 2]],
    ...              dead=range(8, 36)).round(3).tolist()   # a small stub: a quick example
    [[0.583, 0.292, 0.126], [0.0, 0.757, 0.243]]
    """
    holes = [_codes(hand) for hand in hole_cards]
    board_codes, dead_codes = _codes(board), _codes(dead)
    n_players = len(holes)
    if n_players < 1:
        raise HandError("cannot share a pot among no players: hole_cards is empty")
    if len(board_codes) > 5:
        raise HandError(f"a board has at most 5 cards, got {len(board_codes)} "
                        f"({_situation(holes, board_codes, dead_codes)})")
    for i, hand in enumerate(holes):
        if not 1 <= len(hand) or len(hand) + 5 > 9:
            raise HandError(f"player {i} holds {len(hand)} cards ({_situation(holes, board_codes, dead_codes)}): "
                            "expected 1 to 4")
    eligible = np.zeros((1, len(pots), n_players), dtype=np.int64)
    for k, pot in enumerate(pots):
        if not len(pot):
            raise HandError(f"pot {k} has no eligible player: every pot needs at least one")
        for p in pot:
            if not 0 <= p < n_players:
                raise HandError(f"pot {k} names player {p!r}, but there are {n_players} players (0 to {n_players - 1})")
            eligible[0, k, p] = 1
    cards = np.full((1, n_players, max(map(len, holes))), -1, dtype=np.int64)
    for i, hand in enumerate(holes):
        cards[0, i, :len(hand)] = hand
    equities, valid = spot_equities(cards, np.array([board_codes], np.int64).reshape(1, -1), eligible, order,
                                    np.array([dead_codes], np.int64).reshape(1, -1))
    if not valid[0]:
        raise _invalid(holes, board_codes, dead_codes, order)
    return equities[0]


def _codes(cards: Sequence) -> list[int]:
    """The codes of ``cards`` (codes already are kept as they are)."""
    return [c if type(c) is int and 0 <= c < 52 else _card_code(c) for c in cards]


def _situation(holes: list[list[int]], board: list[int], dead: list[int]) -> str:
    """The cards of a situation, for a message."""
    return (f"hole cards {' | '.join(' '.join(str(Card(c)) for c in h) for h in holes) or '-'}, "
            f"board {' '.join(str(Card(c)) for c in board) or '-'}, "
            f"dead {' '.join(str(Card(c)) for c in dead) or '-'}")


def _invalid(holes: list[list[int]], board: list[int], dead: list[int], order: RankOrder) -> HandError:
    """Why :func:`spot_equities` found a situation invalid, in words."""
    known = [c for hand in holes for c in hand] + board + dead
    deck = order.deck.codes
    checked: set[int] = set()
    for c in known:
        if c in checked:
            return HandError(f"{Card(c)} appears twice among the known cards "
                             f"({_situation(holes, board, dead)}): each card is dealt once")
        checked.add(c)
        if c not in deck:
            return HandError(f"{Card(c)} ({_situation(holes, board, dead)}) is not a card of the "
                             f"{order.deck.value}-card deck of {order.name}")
    return HandError(f"{len(deck) - len(known)} cards are left in the deck, too few to deal "
                     f"{5 - len(board)} more ({_situation(holes, board, dead)})")


def spot_equities(holes: np.ndarray, board: np.ndarray, eligible: np.ndarray, order: RankOrder = RankOrder.STANDARD,
                  dead: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`pot_equities` of N spots at once: (equities (N, K, P), valid (N,)).

    ``holes`` (N, P, C): each spot's hands as card codes, -1 for none (its players hold cards,
    the slots after them none); ``board`` (N, B) and ``dead`` (N, D): card codes, -1 for none;
    ``eligible`` (N, K, P): 1 where the player may win the pot (a row of zeros: no pot). A spot is
    valid when each of its cards is dealt once from the order's deck, a player holds cards and
    the stub has cards enough; an invalid spot's equities are 0.

    >>> holes = [[[51, 50], [47, 46]], [[51, 50], [51, 46]]]     # As Ah | Ks Kh, then As twice
    >>> equities, valid = spot_equities(holes, [[], []], [[[1, 1]], [[1, 1]]])
    >>> equities.round(4).tolist(), valid.tolist()
    ([[[0.8264, 0.1736]], [[0.0, 0.0]]], [True, False])
    """
    shares, denominators, valid = spot_shares(holes, board, eligible, order, dead)
    return shares / denominators[:, None, None], valid


def spot_shares(holes, board, eligible, order: RankOrder,
                dead=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`spot_equities` as exact integers: (shares (N, K, P), denominators (N,), valid (N,)),
    each equity a share over its spot's denominator (the boards counted times the unit).

    A pot with one claimant is his on every board. The other spots are looked up (heads-up
    preflop, :data:`HEADS_UP_TABLE`) or counted, grouped by shape (players, contested pots, cards
    to come, stub) and their arguments gathered a group at once: :func:`_enumerate_by_ranks` takes
    a group's spots (one or two cards to come) in one call; :func:`_count_preflop` (a whole board)
    and :func:`_enumerate` (the rest: hands other than two cards preflop, more players than
    :data:`PREFLOP_COUNTED_PLAYERS`, three or four cards to come) a spot a call.
    """
    holes = np.asarray(holes, dtype=np.int64)
    n, width = holes.shape[:2]
    board = np.asarray(board, dtype=np.int64).reshape(n, -1)
    dead = np.empty((n, 0), np.int64) if dead is None else np.asarray(dead, dtype=np.int64).reshape(n, -1)
    eligible = np.asarray(eligible, dtype=np.int64)
    known = np.concatenate((holes.reshape(n, -1), board, dead), axis=1)
    dealt = np.bincount((np.arange(n)[:, None] * 53 + np.where((known < 0) | (known > 51), 52, known)).ravel(),
                        minlength=53 * n).reshape(n, 53)[:, :52]    # how often each card is known
    deck = _DECK_MASKS[order]
    stub = deck * (dealt == 0)
    stub_size = stub.sum(axis=1)
    sizes = (holes >= 0).sum(axis=2)
    n_players = np.count_nonzero(sizes, axis=1)
    n_draw = 5 - (board >= 0).sum(axis=1)
    valid = ((sizes > 0) == (np.arange(width) < n_players[:, None])).all(axis=1) & (n_players >= 1)
    valid &= (dealt <= deck).all(axis=1) & (known < 52).all(axis=1) & (stub_size >= n_draw)
    contested = eligible.sum(axis=2) >= 2
    count = valid & contested.any(axis=1)
    units = np.array([math.lcm(*range(1, p + 1)) for p in range(width + 1)], dtype=np.int64)[n_players]
    shares = np.zeros(eligible.shape, dtype=np.int64)
    boards = np.ones(n, dtype=np.int64)
    preflop = count & (n_draw == 5) & ((sizes == 2) | (sizes == 0)).all(axis=1)
    looked_up = preflop & (n_players == 2) & (order is RankOrder.STANDARD) & (dead < 0).all(axis=1)
    if looked_up.any():
        found, counted = _heads_up_shares(holes[looked_up, :2, :2].reshape(-1, 4))
        looked_up[looked_up] = found
        shares[looked_up, :, :2] = counted[found][:, None, :] * contested[looked_up][:, :, None]
        boards[looked_up] = math.comb(48, 5)
    preflop &= ~looked_up & (n_players <= PREFLOP_COUNTED_PLAYERS)
    by_ranks = count & ((n_draw == 1) | (n_draw == 2))
    shape = ((n_players * 64 + contested.sum(axis=1)) * 8 + n_draw) * 64 + stub_size   # one call a shape
    tables = rank_tables(order)
    for kind in (preflop, by_ranks, count & ~looked_up & ~preflop & ~by_ranks):
        for key in np.unique(shape[kind]).tolist() if kind.any() else ():
            these = np.flatnonzero(kind & (shape == key))
            players, pots, draw = int(n_players[these[0]]), int(contested[these[0]].sum()), int(n_draw[these[0]])
            spot, pot = np.nonzero(contested[these])
            rows = eligible[these[spot], pot, :players].reshape(len(these), pots, players)
            unit = math.lcm(*range(1, players + 1))
            counted = np.zeros(rows.shape, dtype=np.int64)
            if kind is preflop:
                cards = holes[these, :players, :2]
                ranks = np.sort(cards >> 2, axis=2)
                suits = ((cards[..., None] & 3) == np.arange(4)) << (cards >> 2)[..., None]
                pair_strengths, *flush_tables = _preflop_tables(order)
                pairs, masks, stubs = ranks[..., 0] * 13 + ranks[..., 1], suits.sum(axis=2), stub[these].reshape(-1, 13, 4)
                for g in range(len(these)):     # a call a spot: a loop inside the count compiled 20 % longer
                    counted[g], boards[these[g]] = _count_preflop(pairs[g], pair_strengths, masks[g], stubs[g], rows[g],
                                                                  unit, *flush_tables, _BINOMIALS)
            else:
                start = _hand_states(np.concatenate((holes[these, :players],
                                                     np.repeat(board[these, None], players, axis=1)), axis=2))
                in_stub = np.ascontiguousarray(np.nonzero(stub[these])[1].reshape(len(these), -1))
                args = (draw, rows, unit, tables.cat_pos, tables.straight_top, tables.top5)
                if kind is by_ranks:
                    counted_boards = np.zeros(len(these), dtype=np.int64)
                    _enumerate_by_ranks(start, in_stub, *args, counted, counted_boards,
                                        *_by_ranks_scratch(players, pots, in_stub.shape[1]))
                    boards[these] = counted_boards
                else:
                    walked = [_enumerate(start[g], in_stub[g], draw, rows[g], *args[2:])
                              for g in range(len(these))]
                    counted, boards[these] = np.array([w[0] for w in walked]), [w[1] for w in walked]
            shares[these[spot], pot, :players] = counted.reshape(-1, players)
    every = _BINOMIALS[stub_size[count], n_draw[count]]
    if (boards[count] != every).any():  # pragma: no cover - a broken count must not pass
        raise AssertionError(f"boards counted {boards[count].tolist()}, in the stubs {every.tolist()}")
    denominators = units * boards
    shares = np.where(contested[:, :, None], shares, eligible * denominators[:, None, None])
    shares *= valid[:, None, None]
    return shares, denominators, valid


_DECK_MASKS = {order: np.isin(np.arange(52), order.deck.codes).astype(np.int64) for order in RankOrder}
"""Per order: 1 for each card code of its deck."""

PREFLOP_COUNTED_PLAYERS = 12
"""Most players of a preflop all-in counted by rank multisets (:func:`_count_preflop` keeps a pot's
boards by set of winners, 2**players of them); more leave a stub of at most 26 cards, whose
65,780 boards or fewer are quick to walk one by one."""


# ---------------------------------------------------------------- heads-up preflop, counted once

HEADS_UP_TABLE = Path(__file__).with_name("tables") / "heads_up_preflop.npz"
"""Every heads-up preflop all-in on 52 cards, up to the names of the suits and the order of
the seats (48,308 keys of :func:`heads_up_keys`), counted once by the preflop count and shipped
with the package: the most common all-in of a cash game becomes a lookup. ``python -m bench.build_tables``
rebuilds it; tests/test_equity.py recounts a sample and checks every row sums to all the boards."""

_HEADS_UP: tuple[np.ndarray, np.ndarray] | None = None
"""The table once loaded: its keys, sorted, and each key's shares (in half boards) of its two hands."""

_NO_TABLE = (np.zeros(0, dtype=np.int64), np.zeros((0, 2), dtype=np.int64))


def _heads_up_shares(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Whether the table holds each row of ``hands`` (M, 4: two two-card hands), and its shares
    (M, 2) in half boards. The table holds each pair of situations once: (A, B) or (B, A)."""
    global _HEADS_UP
    if _HEADS_UP is None:
        _HEADS_UP = _NO_TABLE
        if HEADS_UP_TABLE.exists():
            stored = np.load(HEADS_UP_TABLE)    # its keys sorted, as build_heads_up_table writes them
            _HEADS_UP = stored["keys"], np.stack((stored["first"], stored["second"]), axis=1)
    keys, shares = _HEADS_UP
    if not len(keys):
        return np.zeros(len(hands), dtype=bool), np.zeros((len(hands), 2), dtype=np.int64)
    wanted = heads_up_keys(np.concatenate((hands, hands[:, [2, 3, 0, 1]])))    # as they sit, then swapped
    at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
    (sat, swapped), (row, swapped_row) = (keys[at] == wanted).reshape(2, -1), at.reshape(2, -1)
    return sat | swapped, np.where(sat[:, None], shares[row], shares[swapped_row][:, ::-1])


def heads_up_keys(hands: np.ndarray) -> np.ndarray:
    """A key for each row of ``hands`` (M, 4: two two-card hands), equal for situations that differ
    only by the names of the suits and the order of the cards within a hand: suits renamed by first
    appearance over the hands, each high card first, and each hand's renamed codes packed low first.
    Equal keys mean isomorphic situations, hence equal preflop equities.

    >>> keys = heads_up_keys(np.array([[51, 50, 47, 46], [49, 48, 44, 45]]))   # As Ah | Ks Kh, Ac Ad | Kd Kc
    >>> keys.tolist() == [(48 << 18) | (49 << 12) | (44 << 6) | 45] * 2
    True
    """
    cards = np.sort(np.asarray(hands, dtype=np.int64).reshape(-1, 2, 2), axis=2)[:, :, ::-1].reshape(-1, 4)
    rows = np.arange(len(cards))
    rename = np.full((len(cards), 4), -1, dtype=np.int64)
    named = np.zeros(len(cards), dtype=np.int64)
    for j in range(4):
        suit = cards[:, j] & 3
        new = rename[rows, suit] < 0
        rename[rows[new], suit[new]] = named[new]
        named += new
    return _packed(np.sort(((cards & ~3) | rename[rows[:, None], cards & 3]).reshape(-1, 2, 2), axis=2))


def _packed(hands: np.ndarray) -> np.ndarray:
    """Two two-card hands a row, as one key: 6 bits a card."""
    return (hands.reshape(-1, 4) << np.array([18, 12, 6, 0])).sum(axis=1)


def heads_up_situations() -> np.ndarray:
    """One representative (M, 4) of every heads-up preflop situation up to suit names and seat
    order: each pair of disjoint hands keyed both ways, the smaller key kept, in order of keys."""
    hands = np.array([(a, b) for a in range(52) for b in range(a)], dtype=np.int64)
    first, second = np.triu_indices(len(hands), 1)
    pairs = np.concatenate((hands[first], hands[second]), axis=1)
    pairs = pairs[(pairs[:, :2, None] != pairs[:, None, 2:]).all(axis=(1, 2))]
    keys = np.unique(np.minimum(heads_up_keys(pairs), heads_up_keys(pairs[:, [2, 3, 0, 1]])))
    return np.stack([keys >> shift & 63 for shift in (18, 12, 6, 0)], axis=1)


def build_heads_up_table(path: Path = HEADS_UP_TABLE) -> int:
    """Count every situation of :func:`heads_up_situations` with the preflop count and write the
    table; returns how many."""
    global _HEADS_UP
    situations = heads_up_situations()
    _HEADS_UP = _NO_TABLE   # counted, not looked up
    shares, _, _ = spot_shares(situations.reshape(-1, 2, 2), np.empty((len(situations), 0)),
                                   np.ones((len(situations), 1, 2)), RankOrder.STANDARD)
    _HEADS_UP = None
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, keys=_packed(situations), first=shares[:, 0, 0], second=shares[:, 0, 1])
    return len(situations)


PREFLOP_TABLE = Path(__file__).with_name("tables") / "preflop_strengths.npz"
"""The standard order's :func:`count_preflop_tables`, shipped with the package: loaded in
milliseconds where counting them costs a tenth of a second of a run. ``python -m bench.build_tables``
rebuilds it; tests/test_equity.py checks it equals the count."""

_PREFLOP_TABLES: dict[RankOrder, tuple] = {}


def _preflop_tables(order: RankOrder) -> tuple:
    """The tables :func:`_count_preflop` reads for an order, gathered once: the two of
    :func:`count_preflop_tables` (shipped for the standard order, else counted), the weakest
    flush's strength (a hand below it loses to every flush) and the order's straight_top."""
    if order not in _PREFLOP_TABLES:
        if order is RankOrder.STANDARD and PREFLOP_TABLE.exists():
            stored = np.load(PREFLOP_TABLE)
            pair_strengths, flush = stored["pair_strengths"], stored["flush"]
        else:
            pair_strengths, flush = count_preflop_tables(order)
        _PREFLOP_TABLES[order] = (pair_strengths, flush, int(flush[flush > 0].min()), rank_tables(order).straight_top)
    return _PREFLOP_TABLES[order]


MULTISETS = math.comb(13 + 5 - 1, 5)
"""The rank multisets of a five-card board: 6,188."""


def count_preflop_tables(order: RankOrder) -> tuple[np.ndarray, np.ndarray]:
    """The order's pair strengths and flush table, counted from the evaluator's tables in NumPy (no
    kernel to compile). Pair strengths: (169, MULTISETS), the strength, flushes aside, of two hole
    ranks (row low * 13 + high) with each board rank multiset (column: its colex index,
    :data:`_BINOMIALS`), -1 where a rank would be held five times; the preflop count reads each
    player's strength from one row instead of hashing each seven-card multiset. Flush: the 7-card
    :class:`~rules.evaluator.MultisetTables` flush table."""
    t = multiset_tables(order, 7)
    boards = np.array(list(itertools.combinations_with_replacement(range(13), 5)), dtype=np.int64)
    columns = _BINOMIALS[boards + np.arange(5), np.arange(1, 6)].sum(axis=1)
    held = np.zeros((MULTISETS, 13), dtype=np.int64)      # each board's cards of each rank
    for i in range(5):
        held[np.arange(MULTISETS), boards[:, i]] += 1
    dealable = held.max(axis=1) <= 4
    board_keys = t.rank_key[boards].sum(axis=1)
    table = np.full((169, MULTISETS), -1, dtype=t.nonflush.dtype)
    for low in range(13):
        for high in range(low, 13):
            fits = dealable & (held[:, low] + 1 + (low == high) <= 4) & (held[:, high] + 1 + (low == high) <= 4)
            table[low * 13 + high, columns[fits]] = t.strengths(board_keys[fits] + t.rank_key[low]
                                                                + t.rank_key[high])
    return table, t.flush


def build_preflop_table(path: Path = PREFLOP_TABLE) -> None:
    """Count the standard order's :func:`count_preflop_tables` and write them."""
    pair_strengths, flush = count_preflop_tables(RankOrder.STANDARD)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, pair_strengths=pair_strengths, flush=flush)


_BINOMIALS = np.array([[math.comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
"""C(n, k) at [n, k] for n < 53, k < 6 (0 when k > n): the boards of a stub; a multiset of ascending
ranks r0 <= … <= r4 has the colex index sum of C(r_i + i, i + 1), and the preflop count takes a
rank's cards from it."""


def _hand_states(cards) -> np.ndarray:
    """The state :func:`add_card` builds, (..., 6), of each row of ``cards`` (..., C; -1 for none):
    each rank's bit in the masks of the ranks held at least once to four times, the suits' counts
    (4 bits each) and rank masks (16 bits each)."""
    cards = np.asarray(cards, dtype=np.int64)
    held = cards >= 0
    ranks, suits = np.where(held, cards >> 2, 0), cards & 3
    of_rank = ((np.where(held, ranks, 13)[..., None] == np.arange(13)).sum(axis=-2))
    masks = [((of_rank >= k) << np.arange(13)).sum(axis=-1) for k in range(1, 5)]
    counts = (held << (suits << 2)).sum(axis=-1)
    suit_masks = ((held << ranks) << (suits << 4)).sum(axis=-1)
    return np.stack(masks + [counts, suit_masks], axis=-1)
