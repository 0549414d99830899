"""Exact expected value of every option a six-card poker player has, by enumeration.

What the player knows at his first decision on a box: the box's five cards, the initial
cards of his other boxes (he looks at all his boxes, as casinos let him), any card drawn on
an earlier box of the hand, and the dealer's up card. Every other card is *unseen*; the
dealer's four hidden cards are any four unseen cards, each set equally likely, and so is
every card the player draws. Nothing is sampled: every set is enumerated. Cards drawn later
on the hand's other boxes are not known at this box's decision and, the deal being random,
do not change its expectation.

The decision tree, in the order the rules give it (SIX-DRAW, SIX-QUALIFY), in antes:

1. **draw**: fold (−1), play as dealt, buy a sixth card (−1), or exchange one of the five
   cards (−2). After a buy the player decides again (**after_buy**: fold, play, or exchange
   one of his six cards for −2); after an exchange (**after_exchange**) only fold or play.
   A buy comes before an exchange, as the log writes them. Box 3 of three only plays.
2. **showdown**: against a dealer with a game the box is settled by SIX-PAY (win: ante 1:1
   and the bet times the table; loss: −ante −bet; tie: 0). Whether the dealer has a game is
   one strength threshold (``qualify_level``): a pair, or ace-king high under that qualifier.
3. **dealer_game**: against a dealer without a game the player takes the ante (+1) or buys
   the dealer's game (−1); the dealer then replaces his highest card (or his lowest, as the
   house rules say; at a decision the log shows, the card it names) by a card drawn
   from those unseen, and the box is settled by SIX-PAY if he now qualifies, or returned
   (0) if not. Inside the tree the player takes the better of the two for each dealer hand.

The bet is the box's own bet over its ante (normally 2). Values are exact rational numbers
computed in float64, with one documented approximation: inside the draw tree, the card that
replaces the dealer's card is drawn from the cards unseen at the first decision less
the dealer's four, without also removing the one or two cards the player drew on this box.
(At a dealer_game decision actually reached, the value is exact: every card the player saw
is removed.) This lets the dealer-game values be summed once per *class* of player hands and
spread by inclusion–exclusion, instead of once per hand.

How it runs fast enough for ingest and for the exact house edge (pipeline/house_edge.py, the
same engine): the strength of every dealer hand is looked up, not ranked: once per process the
13 × 249,900 hands of an up card of the first suit with any four other cards are ranked into a
table of dense levels, and a deal's up card is moved to the first suit by swapping two suits
(suits do not rank). The C(n,4) dealer hands of a box (163,185 for one box) are then counted
once, weakest first (a counting sort by level), in a total, per hidden card and per pair of
hidden cards; each of the ~12,700 final hands of the tree reads how many avoid its drawn cards
as the sweep passes its level (all − with x − with y + with x and y). What buying a no-game
dealer's game can give depends on his five ranks alone unless his kept cards share a suit, so
it is listed once per set of ranks. Hands too weak ever to buy the dealer's game take the ante
against every no-game dealer; the others are grouped by their pay and their rank among the
possible bought-game dealer hands.

>>> tree = DrawTree.build(codes("Ah Ad 7c 5s 2d"), codes("Qs")[0], (), bet_antes=2.0)
>>> ev = dict(tree.root_options())
>>> ev["fold"], round(ev["play"], 4) == round(tree.play_value(codes("Ah Ad 7c 5s 2d"), ()), 4)
(-1.0, True)
>>> DrawTree.build(codes("Ah Ad 7c 5s 2d"), codes("Ad")[0], (), bet_antes=2.0)
Traceback (most recent call last):
...
ValueError: Ad is seen twice (box Ah Ad 7c 5s 2d, up card Ad, other cards -): cannot enumerate a deal
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numba import njit

from rules.cards import Card, format_cards, parse_cards
from rules.evaluator import add_card_masks, flush_mask, rank_tables, strength_of_masks
from rules.sixcard import DEFAULT_RULES, DealerQualifier, DealerReplaces, SixcardRules

__all__ = ["BoxDecisions", "Decision", "DrawTree", "analyse_hand", "best_first_decision", "codes", "dealer_game_options", "play_strength",
           "qualify_level"]

_CP, _ST, _T5 = rank_tables().cat_pos, rank_tables().straight_top, rank_tables().top5
_PAIR_LEVEL = 1 << 20
"""Strengths at or above this are a pair or better (STANDARD order: category position = value)."""


def codes(text: str) -> tuple[int, ...]:
    return tuple(card.code for card in parse_cards(text))


# ---------------------------------------------------------------- Numba kernels


@njit(cache=True)
def _eval(cards, k, cat_pos, st, top5):
    m1 = m2 = m3 = m4 = np.int64(0)
    sc = sm = np.int64(0)
    for j in range(k):
        c = np.int64(cards[j])
        m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, c)
    return _rank_masks(m1, m2, m3, m4, flush_mask(sc, sm), cat_pos, st, top5)


@njit(cache=True)
def _rank_masks(m1, m2, m3, m4, flush, cat_pos, st, top5):
    # The evaluator's ranking steps compiled once here, each kernel linking it, so that its
    # branches are not typed and lowered again at every call site.
    return np.int64(strength_of_masks(m1, m2, m3, m4, flush, cat_pos, st, top5))


@njit(cache=True)
def _below(arr, lo, hi, s):
    # Number of entries < s in the sorted slice arr[lo:hi].
    a, b = lo, hi
    while a < b:
        m = (a + b) >> 1
        if arr[m] < s:
            a = m + 1
        else:
            b = m
    return a - lo


@njit(cache=True)
def _above(arr, lo, hi, s):
    # Number of entries > s in the sorted slice arr[lo:hi].
    a, b = lo, hi
    while a < b:
        m = (a + b) >> 1
        if arr[m] <= s:
            a = m + 1
        else:
            b = m
    return hi - a


@njit(cache=True)
def _argsort(keys):
    """The indices that sort ``keys``, equal keys in their order (a bottom-up merge sort).

    Written out: numpy's argsort compiles its generic sorts, seconds of a first run's compiling."""
    n = keys.shape[0]
    order = np.arange(n)
    spare = np.empty(n, dtype=np.int64)
    width = 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid, hi = min(lo + width, n), min(lo + 2 * width, n)
            a, b = lo, mid
            for at in range(lo, hi):
                if a < mid and (b >= hi or keys[order[a]] <= keys[order[b]]):
                    spare[at] = order[a]
                    a += 1
                else:
                    spare[at] = order[b]
                    b += 1
        order, spare = spare, order
        width *= 2
    return order


@njit(cache=True)
def _fill_up_table(up, binom, cat_pos, st, top5):
    """The strength of the up card with each 4 of the other 51 cards, at the 4-set's colex index
    (the 51 cards numbered 0..50, the up card skipped)."""
    out = np.empty(binom[4, 51], dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    hand[4] = up
    for d in range(3, 51):
        hand[3] = d if d < up else d + 1
        for c in range(2, d):
            hand[2] = c if c < up else c + 1
            for b in range(1, c):
                hand[1] = b if b < up else b + 1
                for a in range(b):
                    hand[0] = a if a < up else a + 1
                    out[binom[1, a] + binom[2, b] + binom[3, c] + binom[4, d]] = _eval(hand, np.int64(5), cat_pos, st, top5)
    return out


_BINOM = np.array([[math.comb(x, k) for x in range(53)] for k in range(5)], dtype=np.int64)
_DEALER_RANKS: list = []


def _dealer_ranks() -> tuple[np.ndarray, np.ndarray]:
    """(levels, tables): every distinct 5-card strength ascending, and per up-card rank (the up
    card of the first suit) the level of every dealer hand at its hidden cards' colex index.

    Made once per process (the 13 × 249,900 dealer hands): a deal's dealer hands are then looked
    up, not ranked, after swapping the up card's suit with the first (suits do not rank)."""
    if not _DEALER_RANKS:
        strengths = [_fill_up_table(np.int64(rank * 4), _BINOM, _CP, _ST, _T5) for rank in range(13)]
        levels = np.unique(np.concatenate(strengths))
        tables = np.stack([np.searchsorted(levels, table).astype(np.int16) for table in strengths])
        _DEALER_RANKS.extend((levels, tables))
    return _DEALER_RANKS[0], _DEALER_RANKS[1]


@njit(cache=True)
def _count(p, count_card, count_pair, n):
    # One dealer hand (its four hidden positions packed six bits each, ascending) into the counts.
    w, x, y, z = p & 63, (p >> 6) & 63, (p >> 12) & 63, p >> 18
    count_card[w] += 1
    count_card[x] += 1
    count_card[y] += 1
    count_card[z] += 1
    count_pair[w * n + x] += 1
    count_pair[w * n + y] += 1
    count_pair[w * n + z] += 1
    count_pair[x * n + y] += 1
    count_pair[x * n + z] += 1
    count_pair[y * n + z] += 1


@njit(cache=True)
def _sweep(unseen, up, table, binom, n_levels, r_q, prank, xs):
    """Count, for each final hand h (dense strength level prank[h], drawn unseen-card indices
    xs[h]), the dealer hands avoiding its drawn cards that are below it (lt), at or below it (le)
    and without a game (nq).

    Each dealer hand is counted once: in a total, per hidden card and per pair of hidden cards,
    so that a final hand reads the hands avoiding its drawn cards as all − with x − with y + with
    x and y. Those without a game are counted as they come; those with a game up to the
    strongest final hand are counted weakest first (a counting sort by level), each final hand
    reading the counts as the sweep passes its level; stronger ones beat every final hand and
    need no count. Also returns the no-game dealer hands' hidden cards (indices into ``unseen``)."""
    n = unseen.shape[0]
    up_suit = up & 3
    up_mapped = (up >> 2) * 4
    idx = np.empty(n, dtype=np.int64)
    for i in range(n):
        c = unseen[i]
        s = c & 3
        s = 0 if s == up_suit else (up_suit if s == 0 else s)
        m = (c & ~3) | s
        idx[i] = m - 1 if m > up_mapped else m
    # Positions: the unseen cards in the order of their index into the table, so that each 4-set's
    # colex index is a sum over its positions and it packs sorted.
    order = _argsort(idx)
    position = np.empty(n, dtype=np.int64)
    for i in range(n):
        position[order[i]] = i
    sidx = idx[order]
    hands = prank.shape[0]
    top_level = -1
    for h in range(hands):
        top_level = max(top_level, prank[h])
    total = n * (n - 1) * (n - 2) * (n - 3) // 24
    level = np.empty(total, dtype=np.int16)
    packed = np.empty(total, dtype=np.int32)
    nq_packed = np.empty(total, dtype=np.int32)
    start = np.zeros(n_levels + 1, dtype=np.int64)
    nq_all = np.int64(0)
    nq_card = np.zeros(n, dtype=np.int64)
    nq_pair = np.zeros(n * n, dtype=np.int64)
    t = 0
    # The largest index outermost: consecutive 4-sets are near in the table (colex order).
    for m in range(3, n):
        cm = binom[4, sidx[m]]
        for k in range(2, m):
            ck = cm + binom[3, sidx[k]]
            for j in range(1, k):
                cj = ck + binom[2, sidx[j]]
                jkm = (j << 6) | (k << 12) | (m << 18)
                for i in range(j):
                    r = table[cj + binom[1, sidx[i]]]
                    if r < r_q:
                        nq_packed[nq_all] = i | jkm
                        nq_all += 1
                        _count(np.int64(i | jkm), nq_card, nq_pair, n)
                    elif r <= top_level:
                        level[t] = r
                        packed[t] = i | jkm
                        start[r + 1] += 1
                        t += 1
    for r in range(n_levels):
        start[r + 1] += start[r]
    fill = start[:n_levels].copy()
    ranked = np.empty(t, dtype=np.int32)
    for at in range(t):
        r = level[at]
        ranked[fill[r]] = packed[at]
        fill[r] += 1
    at_xs = np.full((hands, 2), -1, dtype=np.int64)
    for h in range(hands):
        for a in range(2):
            if xs[h, a] >= 0:
                at_xs[h, a] = position[xs[h, a]]
    xs = at_xs
    pstart = np.zeros(n_levels + 1, dtype=np.int64)
    for h in range(hands):
        if prank[h] >= 0:
            pstart[prank[h] + 1] += 1
    for r in range(n_levels):
        pstart[r + 1] += pstart[r]
    pfill = pstart[:n_levels].copy()
    pranked = np.empty(pstart[n_levels], dtype=np.int64)
    for h in range(hands):
        r = prank[h]
        if r >= 0:
            pranked[pfill[r]] = h
            pfill[r] += 1
    lt = np.zeros(hands, dtype=np.int64)
    le = np.zeros(hands, dtype=np.int64)
    nq = np.zeros(hands, dtype=np.int64)
    for h in range(hands):
        nq[h] = _avoiding(nq_all, nq_card, nq_pair, xs[h, 0], xs[h, 1], n)
    # From the qualifying level up, the counts start from the no-game ones.
    count_all = nq_all
    count_card = nq_card.copy()
    count_pair = nq_pair.copy()
    for r in range(max(r_q, 0), top_level + 1):
        for at in range(pstart[r], pstart[r + 1]):
            h = pranked[at]
            lt[h] = _avoiding(count_all, count_card, count_pair, xs[h, 0], xs[h, 1], n)
        for at in range(start[r], start[r + 1]):
            count_all += 1
            _count(np.int64(ranked[at]), count_card, count_pair, n)
        for at in range(pstart[r], pstart[r + 1]):
            h = pranked[at]
            le[h] = _avoiding(count_all, count_card, count_pair, xs[h, 0], xs[h, 1], n)
    nq_hidden = np.empty((nq_all, 4), dtype=np.int64)
    for t in range(nq_all):
        p = nq_packed[t]
        w, x, y, z = order[p & 63], order[(p >> 6) & 63], order[(p >> 12) & 63], order[p >> 18]
        # as unseen indices, smallest first
        if w > x:
            w, x = x, w
        if y > z:
            y, z = z, y
        if w > y:
            w, y = y, w
        if x > z:
            x, z = z, x
        if x > y:
            x, y = y, x
        nq_hidden[t, 0], nq_hidden[t, 1], nq_hidden[t, 2], nq_hidden[t, 3] = w, x, y, z
    return lt, le, nq, nq_hidden


@njit(cache=True)
def _avoiding(count_all, count_card, count_pair, x, y, n):
    # Dealer hands counted so far that hold neither drawn card x nor y (-1: none drawn).
    out = count_all
    if x >= 0:
        out -= count_card[x]
    if y >= 0:
        out -= count_card[y]
        out += count_pair[x * n + y] if x < y else count_pair[y * n + x]
    return out


@njit(cache=True)
def _insert(bg, start, w, s, times):
    # ``times`` copies of s into the sorted run bg[start:w]; returns the new end.
    for _ in range(times):
        at = w
        while at > start and bg[at - 1] > s:
            bg[at] = bg[at - 1]
            at -= 1
        bg[at] = s
        w += 1
    return w


@njit(cache=True)
def _bought_games(unseen, up, lowest, qualify, nq_hidden, cat_pos, st, top5):
    """For each no-game dealer hand (hidden cards ``nq_hidden``, indices into ``unseen``), the
    sorted strengths of the qualifying hands that buying his game can give: his highest card
    (or his lowest when ``lowest``) replaced by each other unseen card, as bg[bg_lo[d]:bg_hi[d]].

    His five ranks differ (no game has no pair), so unless his four kept cards share a suit
    (a flush to make), what the new card makes depends on his five ranks alone: that list is
    made once per set of ranks and shared by the dealer hands that have it."""
    n = unseen.shape[0]
    n_nq = nq_hidden.shape[0]
    up_rank = up >> 2
    in_unseen = np.zeros(52, dtype=np.bool_)
    rank_unseen = np.zeros(13, dtype=np.int64)
    for i in range(n):
        in_unseen[unseen[i]] = True
        rank_unseen[unseen[i] >> 2] += 1
    by_ranks = np.full(1 << 13, -1, dtype=np.int64)
    by_ranks_end = np.zeros(1 << 13, dtype=np.int64)
    bg_lo = np.empty(n_nq, dtype=np.int64)
    bg_hi = np.empty(n_nq, dtype=np.int64)
    bg = np.empty(n_nq * 2 + 1024 * 64, dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    w = np.int64(0)
    for d in range(n_nq):
        hand[4] = up
        for a in range(4):
            hand[a] = unseen[nq_hidden[d, a]]
        top = 0
        for a in range(1, 5):
            if (hand[a] >> 2 < hand[top] >> 2) if lowest else (hand[a] >> 2 > hand[top] >> 2):
                top = a
        km = np.int64(0)
        suit = -1
        for a in range(5):
            if a != top:
                km |= np.int64(1) << (hand[a] >> 2)
                if suit == -1:
                    suit = hand[a] & 3
                elif suit != hand[a] & 3:
                    suit = -2
        ranks = km | (np.int64(1) << (hand[top] >> 2))
        if suit < 0 and by_ranks[ranks] >= 0:
            bg_lo[d], bg_hi[d] = by_ranks[ranks], by_ranks_end[ranks]
            continue
        if w + 64 > bg.shape[0]:
            bigger = np.empty(bg.shape[0] * 2, dtype=np.int64)
            for at in range(w):
                bigger[at] = bg[at]
            bg = bigger
        start = w
        top_hidden = top < 4
        for rank in range(13):
            b = np.int64(1) << rank
            # unseen cards of this rank outside his hand: his one card of a rank is out of the pool
            avail = rank_unseen[rank]
            if ranks & b and rank != up_rank:
                avail -= 1
            if km & b:
                s = _rank_masks(km, b, np.int64(0), np.int64(0), np.int64(0), cat_pos, st, top5)
                w = _insert(bg, start, w, s, avail)
                continue
            m1 = km | b
            plain = avail
            if suit >= 0:
                flush_card = rank * 4 + suit
                if in_unseen[flush_card] and not (top_hidden and flush_card == hand[top]):
                    plain -= 1
                    s = _rank_masks(m1, np.int64(0), np.int64(0), np.int64(0), m1, cat_pos, st, top5)
                    if s >= qualify:
                        w = _insert(bg, start, w, s, np.int64(1))
            if plain <= 0 or (st[m1] == 0 and qualify >= _PAIR_LEVEL):
                continue
            s = _rank_masks(m1, np.int64(0), np.int64(0), np.int64(0), np.int64(0), cat_pos, st, top5)
            if s >= qualify:
                w = _insert(bg, start, w, s, plain)
        bg_lo[d], bg_hi[d] = start, w
        if suit < 0:
            by_ranks[ranks], by_ranks_end[ranks] = start, w
    return bg[:w].copy(), bg_lo, bg_hi


@njit(cache=True)
def _class_sums_all(reps, wins, lose, n_pool, n, nq_hidden, bg, bg_lo, bg_hi):
    """Σ over no-game dealer hands of max(take the ante, buy his game), in total, per hidden card
    and per pair of hidden cards, for each class of player hands (strength ``reps[c]``, ascending,
    paying ``wins[c]``).

    A dealer hand whose every bought-game hand is below the class's strength has a value that
    depends on the pay and on how many cards qualify him (k) alone: every dealer hand is counted
    once by k, in total, per card and per pair of cards, and each pay sums those counts times its
    value of k. The hands some bought game of which is not below the class's strength (few) are
    then ranked against the class one by one and corrected by their difference from that value."""
    classes = reps.shape[0]
    total = nq_hidden.shape[0]
    counts = bg_hi - bg_lo
    g_all = np.zeros(classes)
    g_card = np.zeros((classes, n))
    g_pair = np.zeros((classes, n * n))
    run_all = 0.0
    run_card = np.zeros(n)
    run_pair = np.zeros(n * n)
    # Counts kept per distinct k (a dozen or two), in int32, and made in the order the hands were
    # enumerated, in which consecutive hands share cards: the per-pair counts stay in cache.
    dense = np.full(n + 1, -1, dtype=np.int64)
    for d in range(total):
        dense[counts[d]] = 0
    most = 0
    for k in range(n + 1):
        if dense[k] == 0:
            dense[k] = most
            most += 1
    k_of = np.empty(most, dtype=np.int64)
    for k in range(n + 1):
        if dense[k] >= 0:
            k_of[dense[k]] = k
    by_k_all = np.zeros(most, dtype=np.int64)
    by_k_card = np.zeros((most, n), dtype=np.int32)
    by_k_pair = np.zeros((most, n * n), dtype=np.int32)
    weakest = reps[0]
    for c in range(classes):
        weakest = min(weakest, reps[c])
    # The hands whose strongest bought game is not below every class, to rank one by one.
    strong = np.empty(total, dtype=np.int64)
    n_strong = np.int64(0)
    for d in range(total):
        k = dense[counts[d]]
        if counts[d] and bg[bg_hi[d] - 1] >= weakest:
            strong[n_strong] = d
            n_strong += 1
        by_k_all[k] += 1
        for a in range(4):
            ha = nq_hidden[d, a]
            by_k_card[k, ha] += 1
            for b in range(a + 1, 4):
                by_k_pair[k, ha * n + nq_hidden[d, b]] += 1
    top = np.empty(n_strong, dtype=np.int64)
    for i in range(n_strong):
        top[i] = bg[bg_hi[strong[i]] - 1]
    by_top = _argsort(top)
    perm = np.empty(n_strong, dtype=np.int64)
    top_sorted = np.empty(n_strong, dtype=np.int64)
    for i in range(n_strong):
        perm[i] = strong[by_top[i]]
        top_sorted[i] = top[by_top[i]]
    f = np.empty(most)
    current = -1.0
    for c in range(classes):
        s, win = reps[c], wins[c]
        if win != current:
            current = win
            for k in range(most):
                f[k] = max(-1.0 + win * k_of[k] / n_pool, 1.0)
            run_all = 0.0
            run_card[:] = 0.0
            run_pair[:] = 0.0
            for k in range(most):
                fk = f[k]
                run_all += by_k_all[k] * fk
                for a in range(n):
                    run_card[a] += by_k_card[k, a] * fk
                for p in range(n * n):
                    run_pair[p] += by_k_pair[k, p] * fk
        g_all[c] = run_all
        # Element by element: a row assigned whole compiles Numba's shape-mismatch message
        # (its string formatting), seconds of a first run's compiling for a check never failed.
        for a in range(n):
            g_card[c, a] = run_card[a]
        for a in range(n * n):
            g_pair[c, a] = run_pair[a]
        for i in range(_below(top_sorted, np.int64(0), n_strong, s), n_strong):
            d = perm[i]
            lo, hi = bg_lo[d], bg_hi[d]
            value = -1.0 + (win * _below(bg, lo, hi, s) - lose * _above(bg, lo, hi, s)) / n_pool
            value = max(value, 1.0) - f[dense[counts[d]]]
            if value == 0.0:
                continue
            g_all[c] += value
            for a in range(4):
                ha = nq_hidden[d, a]
                g_card[c, ha] += value
                for b in range(a + 1, 4):
                    g_pair[c, ha * n + nq_hidden[d, b]] += value
    return g_all, g_card, g_pair


@njit(cache=True)
def _combine(prank, xs, win, lose, r_q, n, lt, le, nq, cls, g_all, g_card, g_pair):
    """Expected value (antes) of playing each final hand from the sweep's counts: the qualifying
    dealer hands below it win ``win[h]``, those above it lose ``lose``, ties are returned, and a
    dealer without a game pays the ante, or (a hand of dealer-game class ``cls[h]`` >= 0) the
    better of the ante and his bought game, summed in ``g_*``."""
    out = np.empty(prank.shape[0], dtype=np.float64)
    for h in range(prank.shape[0]):
        r = prank[h]
        if r < 0:
            out[h] = np.nan
            continue
        x, y = xs[h, 0], xs[h, 1]
        m = n - (x >= 0) - (y >= 0)
        count = m * (m - 1) * (m - 2) * (m - 3) // 24
        below = lt[h] - nq[h] if r > r_q else 0
        above = count - (le[h] if r >= r_q else nq[h])
        c = cls[h]
        if c < 0:
            no_game = float(nq[h])
        else:
            no_game = g_all[c]
            if x >= 0:
                no_game -= g_card[c, x]
            if y >= 0:
                no_game -= g_card[c, y]
                no_game += g_pair[c, x * n + y] if x < y else g_pair[c, y * n + x]
        out[h] = (win[h] * below - lose * above + no_game) / count
    return out


@njit(cache=True)
def _decision_values(v, n, buy_cost, exchange_cost):
    """From the values of playing each final hand (``_tree_hands``' layout): the EV of each
    exchange at the first decision, of buying, and after each bought card of playing and of
    exchanging each of the six cards."""
    exchange = np.empty(5)
    for c in range(5):
        total = 0.0
        for d in range(n):
            total += max(v[1 + c * n + d], -1.0)
        exchange[c] = -exchange_cost + total / n
    play6 = np.empty(n)
    exchange6 = np.empty((n, 6))
    buy = 0.0
    base = 1 + 6 * n
    for d1 in range(n):
        play6[d1] = v[1 + 5 * n + d1]
        best = max(-1.0, play6[d1])
        for c in range(6):
            total = 0.0
            at = base + (d1 * 6 + c) * n
            for d2 in range(n):
                if d2 != d1:
                    total += max(v[at + d2], -1.0)
            exchange6[d1, c] = -exchange_cost + total / (n - 1)
            best = max(best, exchange6[d1, c])
        buy += best
    return exchange, -buy_cost + buy / n, play6, exchange6


@njit(cache=True)
def _tree_hands(orig, unseen, cat_pos, st, top5):
    """Strengths and drawn cards of every final hand of the draw tree, in a fixed layout:
    [play as dealt] + [exchange c(5) for d(n)] + [buy d1(n)] + [buy d1(n), exchange c(6) for d2(n)]."""
    n = unseen.shape[0]
    size = 1 + 5 * n + n + n * 6 * n
    strengths = np.full(size, -1, dtype=np.int64)
    xs = np.full((size, 2), -1, dtype=np.int64)
    h6 = np.empty(6, dtype=np.int64)
    h5 = np.empty(5, dtype=np.int64)
    for a in range(5):
        h5[a] = orig[a]
    strengths[0] = _eval(h5, np.int64(5), cat_pos, st, top5)
    base = 1
    for c in range(5):
        for d in range(n):
            for a in range(5):
                h5[a] = unseen[d] if a == c else orig[a]
            strengths[base + c * n + d] = _eval(h5, np.int64(5), cat_pos, st, top5)
            xs[base + c * n + d, 0] = d
    base = 1 + 5 * n
    for d1 in range(n):
        for a in range(5):
            h6[a] = orig[a]
        h6[5] = unseen[d1]
        strengths[base + d1] = _eval(h6, np.int64(6), cat_pos, st, top5)
        xs[base + d1, 0] = d1
    base = 1 + 6 * n
    for d1 in range(n):
        for a in range(5):
            h6[a] = orig[a]
        h6[5] = unseen[d1]
        for c in range(6):
            # The five cards kept are ranked with each drawn card added to their masks, made once.
            m1 = m2 = m3 = m4 = sc = sm = np.int64(0)
            for a in range(6):
                if a != c:
                    m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, np.int64(h6[a]))
            for d2 in range(n):
                if d2 == d1:
                    continue
                t1, t2, t3, t4, tc, tm = add_card_masks(m1, m2, m3, m4, sc, sm, np.int64(unseen[d2]))
                at = base + (d1 * 6 + c) * n + d2
                strengths[at] = _rank_masks(t1, t2, t3, t4, flush_mask(tc, tm), cat_pos, st, top5)
                xs[at, 0] = d1
                xs[at, 1] = d2
    return strengths, xs


# ---------------------------------------------------------------- the tree


def play_strength(cards) -> int:
    """Strength of a 5- or 6-card hand (best five), as the kernels rank it."""
    arr = np.array([c if isinstance(c, int) else c.code for c in cards], dtype=np.int64)
    return int(_eval(arr, arr.shape[0], _CP, _ST, _T5))


_ACE_KING_LEVEL = play_strength(codes("As Kh 4d 3c 2s"))
"""The least ace-king high (A K 4 3 2, two suits): every high card at or above it holds an ace and a king."""


def qualify_level(rules: SixcardRules) -> int:
    """The least strength of a dealer hand with a game under ``rules`` (SIX-QUALIFY)."""
    return _ACE_KING_LEVEL if rules.qualifier is DealerQualifier.ACE_KING else _PAIR_LEVEL


_LOWEST_STRAIGHT = play_strength(codes("5s 4h 3d 2c Ah"))
"""The wheel: below it a dealer's bought game that loses to a hand can only be a pair."""


def _text(c: int) -> str:
    return str(Card.from_code(c))


@dataclass(frozen=True, kw_only=True, eq=False)
class DrawTree:
    """Every final hand of one box's draw tree and the value (antes) of playing it."""

    orig: tuple[int, ...]
    up: int
    unseen: np.ndarray
    bet_antes: float
    rules: SixcardRules
    """The house rules: the pay table and the costs of buying and exchanging."""
    values: np.ndarray
    """The value of playing each final hand (layout of ``_tree_hands``), before costs."""
    may_draw: bool
    classes: dict
    """How many classes of final hands valued buying the dealer's game (``count``)."""
    decided: tuple = ()
    """The EVs of the decisions (``_decision_values``), when the box may draw."""

    @classmethod
    def build(cls, box: tuple[int, ...], up: int, seen: tuple[int, ...], *, bet_antes: float = 2.0,
              may_draw: bool = True, rules: SixcardRules = DEFAULT_RULES) -> DrawTree:
        """The tree of a box (five card codes) given the up card and the other seen card codes."""
        known = list(box) + [up] + list(seen)
        if len(set(known)) != len(known) or len(box) != 5 or not all(0 <= c < 52 for c in known):
            twice = next((c for c in known if known.count(c) > 1), None)
            what = f"{_text(twice)} is seen twice" if twice is not None else "the cards are not a deal"
            raise ValueError(
                f"{what} (box {format_cards(map(Card.from_code, box))}, up card {_text(up)}, other cards "
                f"{format_cards(map(Card.from_code, seen)) or '-'}): cannot enumerate a deal")
        unseen = np.array(sorted(set(range(52)) - set(known)), dtype=np.int64)
        orig = np.array(box, dtype=np.int64)
        if may_draw:
            strengths, xs = _tree_hands(orig, unseen, _CP, _ST, _T5)
        else:
            strengths = np.array([_eval(orig, 5, _CP, _ST, _T5)], dtype=np.int64)
            xs = np.full((1, 2), -1, dtype=np.int64)
        tree = cls(orig=tuple(box), up=int(up), unseen=unseen, bet_antes=float(bet_antes), rules=rules,
                   values=np.empty(0), may_draw=may_draw, classes={})
        object.__setattr__(tree, "values", tree._values(strengths, xs))
        if may_draw:
            object.__setattr__(tree, "decided", _decision_values(tree.values, unseen.size, float(rules.buy_cost),
                                                                 float(rules.exchange_cost)))
        return tree

    # -- values of final hands

    def _values(self, strengths: np.ndarray, xs: np.ndarray) -> np.ndarray:
        levels, tables = _dealer_ranks()
        n = self.unseen.shape[0]
        beta = self.bet_antes
        qualify = qualify_level(self.rules)
        r_q = int(np.searchsorted(levels, qualify))
        valid = strengths >= 0
        prank = np.where(valid, np.searchsorted(levels, strengths), -1)
        lt, le, nq, nq_hidden = _sweep(self.unseen, np.int64(self.up), tables[self.up >> 2], _BINOM, levels.size,
                                       np.int64(r_q), prank, xs)
        cats = np.where(valid, strengths >> 20, 0)
        win = 1.0 + beta * self.rules.pay_by_category[cats].astype(np.float64)
        lose = 1.0 + beta
        n_pool = n - 4
        cls = np.full(strengths.shape[0], -1, dtype=np.int64)
        g_all = np.zeros(0)
        g_card = np.zeros((0, n))
        g_pair = np.zeros((0, n * n))
        # A hand can gain from buying the dealer's game only if win * P(he qualifies below it) > 2
        # antes. Under the pair qualifier what qualifies him below a hand weaker than a straight
        # is a pair: one of his four kept ranks, at most 12 cards.
        below_bound = np.where((qualify >= _PAIR_LEVEL) & (strengths < _LOWEST_STRAIGHT), 12, n_pool)
        strong = valid & (win * below_bound > 2.0 * n_pool)
        if strong.any():
            bg, bg_lo, bg_hi = _bought_games(self.unseen, np.int64(self.up),
                                             self.rules.replaces is DealerReplaces.LOWEST, np.int64(qualify),
                                             nq_hidden, _CP, _ST, _T5)
            counts_q = bg_hi - bg_lo
            max_q = int(counts_q.max()) if counts_q.size else 0
            strong &= win * max_q > 2.0 * n_pool
        if strong.any():
            # Only bought-game dealer hands at least as strong as the weakest strong hand tell
            # strong hands apart (most of them are pairs, below every strong hand).
            bought_levels = np.unique(bg[bg >= strengths[strong].min()])
            lo = np.searchsorted(bought_levels, strengths[strong], "left")
            hi = np.searchsorted(bought_levels, strengths[strong], "right")
            keys = (cats[strong] * (bought_levels.size + 1) + lo) * (bought_levels.size + 1) + hi
            uniq, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            cls[strong] = inverse
            reps = strengths[strong][first]
            rep_win = win[strong][first]
            g_all, g_card, g_pair = _class_sums_all(reps, rep_win, lose, float(n_pool), n, nq_hidden, bg, bg_lo,
                                                    bg_hi)
            self.classes["count"] = int(uniq.size)
        return _combine(prank, xs, win, lose, r_q, n, lt, le, nq, cls, g_all, g_card, g_pair)

    def play_value(self, hand: tuple[int, ...], drawn: tuple[int, ...]) -> float:
        """The value of playing a final hand whose drawn cards (codes) are ``drawn``, by itself."""
        index = {int(c): i for i, c in enumerate(self.unseen)}
        s = np.array([play_strength(hand)], dtype=np.int64)
        xs = np.array([[index[c] for c in drawn] + [-1] * (2 - len(drawn))], dtype=np.int64)
        return float(self._values(s, xs)[0])

    # -- the decisions

    def _index(self, code: int) -> int:
        at = int(np.searchsorted(self.unseen, code))
        if at >= self.unseen.size or self.unseen[at] != code:
            raise ValueError(f"{_text(code)} was seen before the draw: it cannot be drawn")
        return at

    def root_options(self) -> list[tuple[str, float]]:
        """(option, EV in antes) at the first decision: fold, play, buy, exchange each card."""
        v = self.values
        if not self.may_draw:
            return [("play", float(v[0]))]
        exchange, buy, _, _ = self.decided
        options = [("fold", -1.0), ("play", float(v[0])), ("buy", float(buy))]
        options += [(f"exchange {_text(self.orig[c])}", float(exchange[c])) for c in range(5)]
        return options

    def _after_buy(self, d1: int) -> list[tuple[str, float]]:
        _, _, play6, exchange6 = self.decided
        six = self.orig + (int(self.unseen[d1]),)
        return [("fold", -1.0), ("play", float(play6[d1]))] + [
            (f"exchange {_text(six[c])}", float(exchange6[d1, c])) for c in range(6)]

    def after_buy_options(self, bought: int) -> list[tuple[str, float]]:
        """(option, EV) after buying the card ``bought``: fold, play, exchange each of six cards."""
        return self._after_buy(self._index(bought))

    def after_exchange_options(self, out: int, into: int, bought: int | None = None) -> list[tuple[str, float]]:
        """(option, EV) after the exchange: fold or play the hand it made."""
        n = self.unseen.size
        d2 = self._index(into)
        if bought is None:
            c = self.orig.index(out)
            value = self.values[1 + c * n + d2]
        else:
            d1 = self._index(bought)
            c = (self.orig + (bought,)).index(out)
            value = self.values[1 + 6 * n + (d1 * 6 + c) * n + d2]
        return [("fold", -1.0), ("play", float(value))]


def best_first_decision(box: tuple[int, ...], up: int, rules: SixcardRules = DEFAULT_RULES) -> float:
    """The EV (antes) of the best first decision on a box played alone, the bet as ``rules`` say:
    what perfect play expects from this deal, and so, averaged over every deal, minus the house edge."""
    tree = DrawTree.build(box, up, (), bet_antes=float(rules.bet_antes), rules=rules)
    return max(value for _, value in tree.root_options())


# ---------------------------------------------------------------- the dealer's game


def dealer_game_options(player: tuple[int, ...], dealer: tuple[int, ...], seen: tuple[int, ...], *,
                        bet_antes: float, rules: SixcardRules = DEFAULT_RULES,
                        replaced: int | None = None) -> list[tuple[str, float]]:
    """(option, EV in antes) against a dealer without a game: take the ante, or buy his game.

    Exact: the dealer card the house replaces (``replaced``, a code, when the log names it;
    else his highest or lowest card, as ``rules`` say) is replaced by each card the player
    has not seen.

    >>> dealer_game_options(codes("Kh Kd Ks 4c 4d"), codes("Qs 9h 7d 3c 2s"), (), bet_antes=2.0)[0]
    ('take ante', 1.0)
    """
    known = set(player) | set(dealer) | set(seen)
    pool = [c for c in range(52) if c not in known]
    if replaced is None:
        pick = min if rules.replaces is DealerReplaces.LOWEST else max
        replaced = pick(dealer, key=lambda c: c >> 2)
    elif replaced not in dealer:
        raise ValueError(f"{_text(replaced)} is not the dealer's: his game cannot be bought by replacing it")
    kept = [c for c in dealer if c != replaced]
    s = play_strength(player)
    rows = np.array([kept + [r] for r in pool], dtype=np.int64)
    strengths = np.array([_eval(row, 5, _CP, _ST, _T5) for row in rows], dtype=np.int64)
    win = 1.0 + bet_antes * rules.pay_by_category[s >> 20]
    lose = 1.0 + bet_antes
    qualifies = strengths >= qualify_level(rules)
    total = win * np.sum(qualifies & (strengths < s)) - lose * np.sum(qualifies & (strengths > s))
    return [("take ante", 1.0), ("buy dealer game", -float(rules.dealer_game_cost) + total / len(pool))]


# ---------------------------------------------------------------- a logged hand, decision by decision


@dataclass(frozen=True, kw_only=True)
class Decision:
    """One decision the player made on a box: the EV (in money) of every option he had."""

    stage: str
    """``draw``, ``after_buy``, ``after_exchange`` or ``dealer_game``."""
    options: tuple[tuple[str, float], ...]
    taken: str

    @property
    def best(self) -> str:
        return max(self.options, key=lambda o: o[1])[0]

    @property
    def ev_best(self) -> float:
        return max(v for _, v in self.options)

    @property
    def ev_taken(self) -> float:
        return dict(self.options)[self.taken]

    @property
    def ev_lost(self) -> float:
        return self.ev_best - self.ev_taken


@dataclass(frozen=True, kw_only=True)
class BoxDecisions:
    """A box's decisions; ``ev_taken`` is the best first-decision EV less all EV given away."""

    hand_no: int
    box: int
    decisions: tuple[Decision, ...]

    @property
    def option_taken(self) -> str:
        return self.decisions[0].taken

    @property
    def best_option(self) -> str:
        return self.decisions[0].best

    @property
    def ev_best(self) -> float:
        return self.decisions[0].ev_best

    @property
    def ev_lost(self) -> float:
        return sum(d.ev_lost for d in self.decisions)

    @property
    def ev_taken(self) -> float:
        return self.ev_best - self.ev_lost


_TREES: dict[tuple, DrawTree] = {}


def _tree(box: tuple[int, ...], up: int, seen: tuple[int, ...], beta: float, may_draw: bool,
          rules: SixcardRules) -> DrawTree:
    key = (box, up, tuple(sorted(seen)), beta, may_draw, rules)
    tree = _TREES.get(key)
    if tree is None:
        if len(_TREES) > 8:
            _TREES.clear()
        tree = _TREES[key] = DrawTree.build(box, up, seen, bet_antes=beta, may_draw=may_draw, rules=rules)
    return tree


def analyse_hand(hand, rules: SixcardRules = DEFAULT_RULES) -> list[BoxDecisions | None]:
    """The decisions of every box of a :class:`rules.sixcard.SixcardHand`, in money (EV × ante).

    Each decision is valued with what the player had seen when he made it: his box, the
    dealer's up card, and the boxes he had already played (he sees a box only once the one
    before it is decided). A box whose cards do not make a deal (a card twice, an exchange of
    a card not held) gets None.
    """
    out: list[BoxDecisions | None] = []
    boxes = hand.boxes
    three = len(boxes) == 3
    for k, box in enumerate(boxes):
        try:
            out.append(_analyse_box(hand, k, three, rules))
        except (ValueError, KeyError):
            out.append(None)
    return out


def _analyse_box(hand, k: int, three: bool, rules: SixcardRules) -> BoxDecisions:
    box = hand.boxes[k]
    own = tuple(c.code for c in box.cards)
    seen = []
    for other in hand.boxes[:k]:
        seen += [c.code for c in other.cards + (other.bought, other.exchanged_in) if c is not None]
    may_draw = not (three and box.number == 3)
    ante = float(box.ante)
    beta = float(box.bet / box.ante) if box.bet and box.ante else 2.0
    tree = _tree(own, hand.dealer_up.code, tuple(seen), beta, may_draw, rules)
    decisions = []
    final_action = "fold" if box.folds else "play"
    if box.bought is not None:
        first = "buy"
    elif box.exchanged_out is not None:
        first = f"exchange {box.exchanged_out}"
    else:
        first = final_action
    if not may_draw:
        first = "play"
    decisions.append(Decision(stage="draw", options=_money(tree.root_options(), ante), taken=first))
    if box.bought is not None and may_draw:
        taken = f"exchange {box.exchanged_out}" if box.exchanged_out is not None else final_action
        decisions.append(Decision(stage="after_buy", options=_money(tree.after_buy_options(box.bought.code), ante),
                                  taken=taken))
    if box.exchanged_out is not None and box.exchanged_in is not None and may_draw:
        options = tree.after_exchange_options(box.exchanged_out.code, box.exchanged_in.code,
                                              box.bought.code if box.bought else None)
        decisions.append(Decision(stage="after_exchange", options=_money(options, ante), taken=final_action))
    dealer = tuple(c.code for c in hand.dealer_cards)
    if not box.folds and len(set(dealer)) == 5 and play_strength(dealer) < qualify_level(rules):
        player = tuple(c.code for c in box.final_cards)
        known = {c.code for b in hand.boxes for c in b.final_cards}
        known |= {c.code for b in hand.boxes for c in (b.cards + ((b.bought,) if b.bought else ()))}
        known |= {buy.into.code for buy in hand.dealer_buys if buy.box < box.number}
        known -= set(player) | set(dealer)
        logged = next((buy.out.code for buy in hand.dealer_buys if buy.box == box.number), None)
        bought = logged is not None
        if logged not in dealer:
            logged = None  # a card the dealer does not hold: the replay reports it; value the house rule
        options = dealer_game_options(player, dealer, tuple(known), bet_antes=beta, rules=rules, replaced=logged)
        decisions.append(Decision(stage="dealer_game", options=_money(options, ante),
                                  taken="buy dealer game" if bought else "take ante"))
    return BoxDecisions(hand_no=hand.number, box=box.number, decisions=tuple(decisions))


def _money(options: list[tuple[str, float]], ante: float) -> tuple[tuple[str, float], ...]:
    return tuple((name, value * ante) for name, value in options)
