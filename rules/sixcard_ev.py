"""Exact expected value of every option a six-card poker player has, by enumeration.

What the player knows at his first decision on a box: the box's five cards, the boxes of the
hand he has already decided with the cards drawn on them (he sees the next box only once the
one before it is decided), and the dealer's up card. Every other card is *unseen*; the
dealer's four hidden cards are any four unseen cards, each set equally likely, and so is
every card the player draws. Nothing is sampled: every set is enumerated. The later boxes'
cards are not known at this box's decision and, the deal being random, do not change its
expectation.

The decision tree, in the order the rules give it (SIX-DRAW, SIX-QUALIFY), in antes:

1. **draw**: fold (−1), play as dealt, buy a sixth card (−1), or exchange one of the five
   cards (−2). After a buy the player decides again (**after_buy**: fold, play, or exchange
   one of his six cards for −2); after an exchange (**after_exchange**) only fold or play.
   A buy comes before an exchange, as the log writes them. Box 3 of three only plays.
2. **showdown**: against a dealer with a game the box is settled by SIX-PAY (win: ante 1:1
   and the bet times the table; loss: −ante −bet; tie: 0). Whether the dealer has a game is
   one strength threshold (``rules.sixcard.qualifying_strength``): a pair, or ace-king high
   under that qualifier.
3. **dealer_game**: against a dealer without a game the player takes the ante (+1) or buys
   the dealer's game (−1); the dealer then replaces one card (at a decision the log shows,
   the card it names; else the one the house rules fix, or, where they leave it open, his
   highest: ``SixcardRules.assumed_replaces``) by a card drawn
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
same engine): no dealer hand is ranked or even listed. A dealer hand is the up card and four
hidden cards; its strength depends on the four hidden *ranks* alone, unless the five cards are
of one suit. Once per process the 1,820 multisets of four ranks are ranked with each up-card
rank. For a box, the hands of one rank pattern number a product of binomials over the unseen
cards of each rank, and those holding a given drawn card (or two) the same product with that
card fixed; a pattern whose four cards of the up card's suit are all unseen has one flush,
moved card by card to its own level. The patterns are swept weakest first, counting in a
total, per rank and pair of ranks, and per card and pair of cards for the flushes; each of the
~12,700 final hands of the tree (~7,500 valued: buying d1 then exchanging a dealt card for d2
is the hand of d2 then d1) reads how many dealer hands avoiding its drawn cards are below
it as the sweep passes its level (all − with x − with y + with x and y). What buying a no-game
dealer's game gives depends on his five ranks alone unless his kept cards share a suit: it is
listed once per rank pattern, and the few hands with a flush to draw are corrected card by
card. Hands too weak ever to buy the dealer's game take the ante against every no-game dealer;
the others are grouped by their pay and their rank among the possible bought-game hands.

The house edge needs only the best first decision of a box played alone, over many up cards
(``best_first_decisions``): the box's tree is ranked once, every card not in it a card to draw,
and each up card's tree is that one less the hands that draw it. Each option's EV grows with
the values of the hands it leads to, so the values with the ante taken from every no-game
dealer and with an upper bound of what buying his game adds bound every option; when one
option is the same under both and no other's upper bound passes it, that is the best, and
the dealer's game is not valued (about four deals in five).

>>> tree = DrawTree.build(codes("Ah Ad 7c 5s 2d"), codes("Qs")[0], (), bet_antes=2.0)
>>> ev = dict(tree.root_options())
>>> ev["fold"], round(ev["play"], 4) == round(tree.play_value(codes("Ah Ad 7c 5s 2d"), ()), 4)
(-1.0, True)
>>> DrawTree.build(codes("Ah Ad 7c 5s 2d"), codes("Ad")[0], (), bet_antes=2.0)
Traceback (most recent call last):
...
ValueError: Ad is seen twice (box Ah Ad 7c 5s 2d, up card Ad, other cards -): cannot enumerate a deal
"""

# ruff: noqa: FURB136, PLR1730 (the kernels compare rather than call min() or max(): see their section)
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from rules.cards import Card, format_cards, parse_cards
from rules.compiled import inlined, kernel
from rules.evaluator import add_card_masks, evaluate_many, mask_strength, rank_rows, rank_tables
from rules.sixcard import (
    DEFAULT_RULES,
    DealerQualifier,
    DealerReplaces,
    SixcardRules,
    hand_strength,
    may_draw,
    qualifying_strength,
)

__all__ = ["BoxDecisions", "Decision", "DrawTree", "analyse_hand", "best_first_decision", "best_first_decisions", "codes", "dealer_game_options", "play_strength"]

_CP, _ST, _T5 = rank_tables().cat_pos, rank_tables().straight_top, rank_tables().top5


def codes(text: str) -> tuple[int, ...]:
    return tuple(card.code for card in parse_cards(text))


# ---------------------------------------------------------------- Numba kernels
# Every kernel here is handed the arrays it fills, made by Python, and counts no references (see
# rules.compiled): none makes an array, whose NumPy constructor a first run would compile too. Nor
# do they call min() or max(): each builtin compiles too, where a comparison is plain arithmetic.

_helper_in_place = kernel(from_python=False, counts_references=False, error_model="numpy")
"""A step only the kernels call that makes no array, only reads and writes those handed to it: it
counts no references (see rules.compiled)."""
_kernel_in_place = kernel(counts_references=False, error_model="numpy")
"""A kernel Python calls with every array it fills made (``_tree_hands_into``, ``_without_card_into``,
``_sweep``, ``_no_game_entries``, ``_class_sums``, ``_combine_into``, ``_decision_values_into``),
dividing by zero as NumPy does: it counts no references either."""


_ZERO, _FIVE_CARDS = np.int64(0), np.int64(5)
_MOST_COUNTS = np.int64(11)
"""The most counts one entry adds to the count vector (``_weights``): all, per card (4), per pair (6)."""


@_helper_in_place
def _below(arr, lo, hi, s):
    # Number of entries < s in the sorted slice arr[lo:hi]. Strengths are integers, so the
    # entries > s are those not below s + 1: one search kernel compiled, not two.
    a, b = lo, hi
    while a < b:
        m = (a + b) >> 1
        if arr[m] < s:
            a = m + 1
        else:
            b = m
    return a - lo


@_helper_in_place
def _by_level(values, keys, levels, place, start, sorted_values, sorted_keys):
    """``values`` and their ``keys`` (each one of the sorted ``levels``) in the keys' order, equal
    keys in their order, into sorted_values and sorted_keys: a counting sort (no comparison sort to
    compile). ``place`` (at least as long as ``keys``) and ``start`` (``levels`` and one): scratch."""
    n_levels = levels.shape[0]
    for r in range(n_levels + 1):
        start[r] = 0
    for i in range(keys.shape[0]):      # place: each key's in levels
        place[i] = _below(levels, _ZERO, n_levels, keys[i])
        start[place[i] + 1] += 1
    for r in range(n_levels):
        start[r + 1] += start[r]
    for i in range(keys.shape[0]):
        sorted_values[start[place[i]]] = values[i]
        sorted_keys[start[place[i]]] = keys[i]
        start[place[i]] += 1


def _hidden_patterns() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every multiset of four hidden ranks (ascending), and per rank of the up card the strength
    of the five cards they make with it without a flush, and with one when the four are of
    different ranks, none the up card's (the four cards then of its suit); -1: no such hand."""
    ranks = np.array(list(itertools.combinations_with_replacement(range(13), 4)), dtype=np.int64)
    plain = np.full((13, len(ranks)), -1, dtype=np.int64)
    suited = np.full((13, len(ranks)), -1, dtype=np.int64)
    for up in range(13):
        five = np.hstack([ranks, np.full((len(ranks), 1), up)])
        # each card of a rank gets the next suit; five different ranks would all be clubs, a
        # flush, so the last one is a diamond
        suit = np.zeros_like(five)
        for a in range(1, 5):
            suit[:, a] = (five[:, :a] == five[:, a:a + 1]).sum(axis=1)
        valid = suit.max(axis=1) < 4
        different = suit.max(axis=1) == 0
        plain_suit = suit.copy()
        plain_suit[different, 4] = 1
        plain[up, valid] = evaluate_many(five[valid] * 4 + plain_suit[valid])
        suited[up, different] = evaluate_many(five[different] * 4)
    return ranks, plain, suited


_DEALER_HANDS: list = []


def _dealer_hands() -> tuple[np.ndarray, np.ndarray, list]:
    """(levels, level_of, per up-card rank (patterns, their levels, their flush levels)).

    ``levels`` is every distinct 5-card strength ascending and ``level_of`` maps a strength to
    its index there. Per rank of the up card, the multisets of four hidden ranks sorted by the
    level of the hand they make without a flush, and the level they make as a flush (-1: none).
    Made once per process from the 1,820 rank multisets: no dealer hand is ever ranked again."""
    if not _DEALER_HANDS:
        ranks, plain, suited = _hidden_patterns()
        levels = np.unique(np.concatenate([plain[plain >= 0], suited[suited >= 0]]))
        level_of = np.full(int(levels[-1]) + 1, -1, dtype=np.int16)
        level_of[levels] = np.arange(levels.size)
        per_up = []
        for up in range(13):
            valid = np.flatnonzero(plain[up] >= 0)
            order = valid[np.argsort(level_of[plain[up, valid]], kind="stable")]
            flush = np.where(suited[up, order] >= 0, level_of[np.maximum(suited[up, order], 0)], -1)
            per_up.append((np.ascontiguousarray(ranks[order]), level_of[plain[up, order]].astype(np.int64),
                           flush.astype(np.int64)))
        _DEALER_HANDS.extend((levels, level_of, per_up))
    return _DEALER_HANDS[0], _DEALER_HANDS[1], _DEALER_HANDS[2]


# Counts of dealer hands are kept in one vector: [0] all of them; [1 + r] those holding one given
# unseen card of rank r, as a product over ranks (the same for every card of that rank);
# [_PAIRS + 13 r + r'] those holding two given cards of ranks r <= r'; then [_BY_CARD + i] and
# [_BY_CARD + n + n i + j] the same per unseen card i and pair i < j, for hands counted card by
# card. The hands avoiding drawn cards x and y are then all - with x - with y + with both.
# An entry of kind 0 counts the hands of four hidden ranks, one of kind 1 one hand of four cards.
_PAIRS = 14
_BY_CARD = 14 + 169


_CHOOSE = np.array([[math.comb(a, m) if 0 <= m <= a else 0 for m in range(-2, 5)] for a in range(-2, 5)],
                   dtype=np.int64)
"""C(a, m) at [a + 2, m + 2] for a, m from -2 to 4 (0 when m < 0 or m > a): a rank's unseen cards
taken a pattern's times, less the drawn cards fixed."""


@_helper_in_place
def _weights(kind, members, avail, n, index, weight, scratch):
    """The counts one entry adds to the vector: ``kind`` 0, every hand of the hidden ranks
    ``members`` (ascending) from the ``avail`` unseen cards per rank; 1, the one hand of the four
    unseen cards ``members`` (indices). Written into ``index``/``weight``; returns how many.
    ``scratch``: a (4, 4) int64 array to work in (no allocation per entry)."""
    if kind == 1:
        index[0], weight[0] = 0, 1.0
        k = 1
        for a in range(4):
            index[k], weight[k] = _BY_CARD + members[a], 1.0
            k += 1
        for a in range(4):
            for b in range(a + 1, 4):
                lo = members[a] if members[a] < members[b] else members[b]
                hi = members[a] + members[b] - lo
                index[k], weight[k] = _BY_CARD + n + lo * n + hi, 1.0
                k += 1
        return k
    # scratch: the distinct ranks, how many times each, and the binomials of their unseen cards
    rank, times, f0, f1 = scratch[0], scratch[1], scratch[2], scratch[3]
    d = np.int64(0)
    for a in range(4):
        if d and rank[d - 1] == members[a]:
            times[d - 1] += 1
        else:
            rank[d] = members[a]
            times[d] = 1
            d += 1
    total = 1
    for i in range(d):
        f0[i] = _CHOOSE[avail[rank[i]] + 2, times[i] + 2]
        f1[i] = _CHOOSE[avail[rank[i]] + 1, times[i] + 1]
        total *= f0[i]
    if total == 0:
        return 0
    index[0], weight[0] = 0, float(total)
    k = 1
    for i in range(d):
        w = f1[i]
        for j in range(d):
            if j != i:
                w *= f0[j]
        index[k], weight[k] = 1 + rank[i], float(w)
        k += 1
        if times[i] >= 2:
            w = _CHOOSE[avail[rank[i]], times[i]]
            for j in range(d):
                if j != i:
                    w *= f0[j]
            index[k], weight[k] = _PAIRS + 14 * rank[i], float(w)
            k += 1
        for j in range(i + 1, d):
            w = f1[i] * f1[j]
            for t in range(d):
                if t != i and t != j:
                    w *= f0[t]
            index[k], weight[k] = _PAIRS + 13 * rank[i] + rank[j], float(w)
            k += 1
    return k


@_helper_in_place
def _avoiding(counts, x, y, rx, ry, n):
    # Hands counted in ``counts`` that hold neither drawn card x nor y (unseen indices of ranks
    # rx, ry; -1: none drawn).
    out = counts[0]
    if x >= 0:
        out -= counts[1 + rx] + counts[_BY_CARD + x]
    if y >= 0:
        out -= counts[1 + ry] + counts[_BY_CARD + y]
        low_rank, low = rx if rx < ry else ry, x if x < y else y      # the higher: the sum less the lower
        out += counts[_PAIRS + 13 * low_rank + (rx + ry - low_rank)]
        out += counts[_BY_CARD + n + low * n + (x + y - low)]
    return out


def _sweep_arrays(hands: int, n: int, n_levels: int, n_pat: int) -> tuple[np.ndarray, ...]:
    """What :func:`_sweep` returns (per final hand: prank and rx, ry -1, win, lt, le, nq 0.0) and its
    scratch, made by Python: made in the kernel, every array would have its references counted."""
    return (np.full(hands, -1, np.int64), np.zeros(hands), np.zeros(hands), np.zeros(hands), np.zeros(hands),
            np.full(hands, -1, np.int64), np.full(hands, -1, np.int64),
            # avail, at, pstart, pfill, pranked
            np.zeros(13, np.int64), np.full(52, -1, np.int64), np.zeros(n_levels + 1, np.int64),
            np.empty(n_levels, np.int64), np.full(hands, -1, np.int64),
            # flush_cards, flush_pattern, fstart, ffill, moves
            np.empty((n_pat, 4), np.int64), np.full(n_pat, -1, np.int64), np.zeros(n_levels + 1, np.int64),
            np.empty(n_levels, np.int64), np.full(2 * n_pat, -1, np.int64),
            # counts, index, weight, scratch, by_drawn
            np.zeros(_BY_CARD + n + n * n), np.full(_MOST_COUNTS, -1, np.int64), np.zeros(_MOST_COUNTS),
            np.empty((4, 4), np.int64), np.zeros((n + 1) * (n + 1)))


@_kernel_in_place
def _sweep(unseen, up, pat_ranks, pat_level, pat_flush, n_levels, r_q, strengths, xs, level_of, pay, beta,
           prank, win, lt, le, nq, rx, ry, avail, at, pstart, pfill, pranked, flush_cards, flush_pattern,
           fstart, ffill, moves, counts, index, weight, scratch, by_drawn):
    """Count, for each final hand h (strength strengths[h], -1: none; drawn unseen-card indices
    xs[h]), the dealer hands avoiding its drawn cards that are below it (lt), at or below it (le)
    and without a game (nq). Also returns each hand's dense level (prank, -1: none), what it
    wins against a qualifying dealer below it (1 + ``beta`` times ``pay`` of its category) and
    the ranks of its drawn cards (rx, ry).

    The dealer hands are counted by their four hidden ranks (the patterns, weakest first): a
    pattern's hands are a product of binomials over the unseen cards of each rank, and those
    holding given drawn cards the same product with those cards fixed. A pattern of four ranks
    whose four cards of the up card's suit are unseen has one hand that is a flush: it is moved,
    card by card, from the pattern's level to its own. Each final hand reads the counts as the
    sweep passes its level. Into the arrays of :func:`_sweep_arrays`."""
    n = unseen.shape[0]
    up_suit = up & 3
    for i in range(n):
        avail[unseen[i] >> 2] += 1
        at[unseen[i]] = i
    hands = strengths.shape[0]
    for h in range(hands):
        if strengths[h] >= 0:
            prank[h] = level_of[strengths[h]]
            win[h] = 1.0 + beta * pay[strengths[h] >> 20]
    last = r_q      # the last level the sweep needs: the qualifier's or the strongest hand's
    for h in range(hands):
        if prank[h] > last:
            last = prank[h]
    # final hands by level (a counting sort)
    for h in range(hands):
        if prank[h] >= 0:
            pstart[prank[h] + 1] += 1
    for r in range(n_levels):
        pstart[r + 1] += pstart[r]
    for r in range(n_levels):
        pfill[r] = pstart[r]
    for h in range(hands):
        r = prank[h]
        if r >= 0:
            pranked[pfill[r]] = h
            pfill[r] += 1
    # the dealer's flushes: out of their pattern's level (-1), into their own (+1)
    n_pat = pat_ranks.shape[0]
    flushes = np.int64(0)
    for p in range(n_pat):
        if pat_flush[p] < 0:
            continue
        whole = True
        for a in range(4):
            i = at[pat_ranks[p, a] * 4 + up_suit]
            flush_cards[flushes, a] = i
            whole &= i >= 0
        if whole:
            fstart[pat_level[p] + 1] += 1
            fstart[pat_flush[p] + 1] += 1
            flush_pattern[flushes] = p
            flushes += 1
    for r in range(n_levels):
        fstart[r + 1] += fstart[r]
    for r in range(n_levels):
        ffill[r] = fstart[r]
    for f in range(flushes):      # moves: flush f out of its pattern's level, -1 - f; into its own, f
        p = flush_pattern[f]
        moves[ffill[pat_level[p]]] = -1 - f
        ffill[pat_level[p]] += 1
        moves[ffill[pat_flush[p]]] = f
        ffill[pat_flush[p]] += 1
    for h in range(hands):
        if xs[h, 0] >= 0:
            rx[h] = unseen[xs[h, 0]] >> 2
        if xs[h, 1] >= 0:
            ry[h] = unseen[xs[h, 1]] >> 2
    p = np.int64(0)
    for r in range(last + 1):
        if r == r_q:
            # without a game: the same for every final hand that drew the same cards
            by_drawn[0] = counts[0]
            for x in range(n):
                by_drawn[x + 1] = _avoiding(counts, x, np.int64(-1), unseen[x] >> 2, np.int64(-1), n)
                for y in range(x + 1, n):
                    by_drawn[(x + 1) * (n + 1) + y + 1] = _avoiding(counts, x, y, unseen[x] >> 2, unseen[y] >> 2, n)
            for h in range(hands):
                x, y = xs[h, 0], xs[h, 1]
                if y < 0:
                    nq[h] = by_drawn[x + 1]
                else:
                    low = x if x < y else y
                    nq[h] = by_drawn[(low + 1) * (n + 1) + (x + y - low) + 1]
        if r >= r_q:    # below the qualifier no final hand needs them
            for q in range(pstart[r], pstart[r + 1]):
                h = pranked[q]
                lt[h] = _avoiding(counts, xs[h, 0], xs[h, 1], rx[h], ry[h], n)
        while p < n_pat and pat_level[p] == r:
            k = _weights(np.int64(0), pat_ranks[p], avail, n, index, weight, scratch)
            for j in range(k):
                counts[index[j]] += weight[j]
            p += 1
        for q in range(fstart[r], fstart[r + 1]):
            move = moves[q]
            sign = 1.0 if move >= 0 else -1.0
            k = _weights(np.int64(1), flush_cards[move if move >= 0 else -1 - move], avail, n, index, weight, scratch)
            for j in range(k):
                counts[index[j]] += sign * weight[j]
        if r >= r_q:
            for q in range(pstart[r], pstart[r + 1]):
                h = pranked[q]
                le[h] = _avoiding(counts, xs[h, 0], xs[h, 1], rx[h], ry[h], n)


@inlined
def _ante_or_game(game):
    """The better, for the player, of taking the ante (1) and buying the dealer's game worth ``game``."""
    return 1.0 if game < 1.0 else game


@_helper_in_place
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


@_helper_in_place
def _bought_list(bg, w, kept, hidden, suit, avail, at, qualify, cat_pos, st, top5):
    """Append to bg[w:] the sorted strengths of the qualifying hands a bought dealer game can
    give: his kept ranks ``kept`` with each card of the pool (the unseen cards he does not hold;
    ``hidden``: the ranks he holds one hidden card of), a flush with the unseen cards of ``suit``
    when his kept cards are all of it (-1: they are not). Returns the new end."""
    start = w
    for rank in range(13):
        b = np.int64(1) << rank
        pool = avail[rank] - (1 if hidden & b else 0)
        if kept & b:
            s = mask_strength(kept, b, _ZERO, _ZERO, _ZERO, _ZERO, cat_pos, st, top5)
            if s >= qualify:
                w = _insert(bg, start, w, s, pool)
            continue
        m1 = kept | b
        if suit >= 0 and at[rank * 4 + suit] >= 0:
            # unseen, and not his: the cards of that suit he holds are of his kept ranks
            pool -= 1
            # five cards of one suit: a count of five in the first suit's lane, their ranks its mask
            s = mask_strength(m1, _ZERO, _ZERO, _ZERO, _FIVE_CARDS, m1, cat_pos, st, top5)
            if s >= qualify:
                w = _insert(bg, start, w, s, np.int64(1))
        if pool <= 0:
            continue
        s = mask_strength(m1, _ZERO, _ZERO, _ZERO, _ZERO, _ZERO, cat_pos, st, top5)
        if s >= qualify:
            w = _insert(bg, start, w, s, pool)
    return w


@_helper_in_place
def _entry(kinds, members, lists, e, kind, cards, plus_lo, plus_hi, minus_lo, minus_hi):
    # One entry written at e (its members element by element: a row assigned whole compiles
    # Numba's shape-mismatch message); returns the next free place.
    kinds[e] = kind
    lists[e, 0], lists[e, 1], lists[e, 2], lists[e, 3] = plus_lo, plus_hi, minus_lo, minus_hi
    for a in range(4):
        members[e, a] = cards[a]
    return e + 1


def _no_game_arrays(n: int, n_pat: int) -> tuple[np.ndarray, ...]:
    """What :func:`_no_game_entries` fills (avail 0, at -1; kinds, members, lists; bg) and its
    scratch (cards), made by Python: made in the kernel, every array would have its references
    counted. Room for every pattern: at most five entries each, and at most four lists of bought
    games, each at most one per unseen card (``_bought_list``)."""
    return (np.zeros(13, np.int64), np.full(52, -1, np.int64), np.empty(5 * n_pat, np.int64),
            np.empty((5 * n_pat, 4), np.int64), np.empty((5 * n_pat, 4), np.int64),
            np.empty(4 * (n + 1) * n_pat, np.int64), np.full(4, -1, np.int64))


@_kernel_in_place
def _no_game_entries(unseen, up, lowest, qualify, pat_ranks, pat_level, r_q, cat_pos, st, top5,
                     avail, at, kinds, members, lists, bg, cards):
    """The dealer hands without a game, as entries whose counts (``_weights``) each get the value
    of a list of bought games bg[lo:hi] (strengths, sorted) less that of another: lists[e] holds
    (plus lo, plus hi, minus lo, minus hi), lo -1 for no list.

    A no-game hand holds five different ranks; what buying his game gives depends on them alone
    unless his kept cards are all of one suit (a flush to draw). So: per pattern of four hidden
    ranks, all its hands (kind 0) valued by the ranks' list; then, card by card (kind 1), its
    hand that is a flush taken out (minus the ranks' list), and each hand whose kept cards share
    a suit moved from the ranks' list (minus) to its own (plus). Into the arrays of
    :func:`_no_game_arrays`; returns how many entries (e) and bought games (w) it wrote."""
    n = unseen.shape[0]
    up_rank, up_suit = up >> 2, up & 3
    for i in range(n):
        avail[unseen[i] >> 2] += 1
        at[unseen[i]] = i
    no_game = np.int64(0)
    while no_game < pat_ranks.shape[0] and pat_level[no_game] < r_q:
        no_game += 1
    none = np.int64(-1)
    e = np.int64(0)
    w = np.int64(0)
    for p in range(no_game):
        h0, h1, h2, h3 = pat_ranks[p, 0], pat_ranks[p, 1], pat_ranks[p, 2], pat_ranks[p, 3]
        if avail[h0] * avail[h1] * avail[h2] * avail[h3] == 0:
            continue
        hidden = (np.int64(1) << h0) | (np.int64(1) << h1) | (np.int64(1) << h2) | (np.int64(1) << h3)
        ranks = hidden | (np.int64(1) << up_rank)
        top = up_rank
        for a in range(4):
            if (pat_ranks[p, a] < top) if lowest else (pat_ranks[p, a] > top):
                top = pat_ranks[p, a]
        kept = ranks & ~(np.int64(1) << top)
        plain_lo = w
        w = _bought_list(bg, w, kept, hidden, none, avail, at, qualify, cat_pos, st, top5)
        plain_hi = w
        e = _entry(kinds, members, lists, e, np.int64(0), pat_ranks[p], plain_lo, plain_hi, none, none)
        whole = True
        for a in range(4):
            cards[a] = at[pat_ranks[p, a] * 4 + up_suit]
            whole &= cards[a] >= 0
        if whole:   # his four hidden cards of the up card's suit: a flush, a game
            e = _entry(kinds, members, lists, e, np.int64(1), cards, none, none, plain_lo, plain_hi)
        if top == up_rank:
            # the up card is replaced: the kept cards are his four hidden ones
            for suit in range(4):
                if suit == up_suit:
                    continue
                whole = True
                for a in range(4):
                    cards[a] = at[pat_ranks[p, a] * 4 + suit]
                    whole &= cards[a] >= 0
                if not whole:
                    continue
                lo = w
                w = _bought_list(bg, w, kept, hidden, np.int64(suit), avail, at, qualify, cat_pos, st, top5)
                e = _entry(kinds, members, lists, e, np.int64(1), cards, lo, w, plain_lo, plain_hi)
        else:
            # a hidden card is replaced: the kept cards are the up card and three hidden ones,
            # of its suit; the replaced card is of another (else he holds a flush)
            whole = True
            k = np.int64(0)
            for a in range(4):
                if pat_ranks[p, a] != top:
                    cards[k] = at[pat_ranks[p, a] * 4 + up_suit]
                    whole &= cards[k] >= 0
                    k += 1
            if not whole:
                continue
            lo = w
            w = _bought_list(bg, w, kept, hidden, np.int64(up_suit), avail, at, qualify, cat_pos, st, top5)
            for suit in range(4):
                cards[3] = at[top * 4 + suit]
                if suit == up_suit or cards[3] < 0:
                    continue
                e = _entry(kinds, members, lists, e, np.int64(1), cards, lo, w, plain_lo, plain_hi)
    return e, w


def _class_sums_arrays(lists: np.ndarray, n: int, n_levels: int, hands: int) -> tuple[np.ndarray, ...]:
    """What :func:`_class_sums` fills (per final hand of the classes: out 0.0) and its scratch, made
    by Python: made in the kernel, every array would have its references counted. An entry gives
    an event per bought game of its lists at most; a missing list's bounds are -1, -1 (none)."""
    total, most_events = lists.shape[0], int((lists[:, 1::2] - lists[:, 0::2]).sum())
    return (np.zeros(hands),
            # index, used, scratch
            np.empty((total, _MOST_COUNTS), np.int64), np.zeros(total, np.int64), np.empty((4, 4), np.int64),
            # strong, strong_top, event_entry, event_level
            np.empty(total, np.int64), np.empty(total, np.int64), np.empty(most_events, np.int64),
            np.empty(most_events, np.int64),
            # place, start, perm, top_sorted, events, levels_sorted (each read where it was written)
            np.empty(max(total, most_events), np.int64), np.empty(n_levels + 1, np.int64),
            np.empty(total, np.int64), np.empty(total, np.int64), np.empty(most_events, np.int64),
            np.empty(most_events, np.int64),
            # run, held
            np.zeros(_BY_CARD + n + n * n), np.zeros(total))


@_kernel_in_place
def _class_sums(reps, wins, lose, n_pool, n, kinds, members, lists, bg, avail, class_start, xs, rx, ry, weight,
                bought_levels, out, index, used, scratch, strong, strong_top, event_entry, event_level, place,
                start, perm, top_sorted, events, levels_sorted, run, held):
    """Σ over no-game dealer hands of max(take the ante, buy his game) for each final hand of a
    class of player hands (strength ``reps[c]``, paying ``wins[c]``): the hands of class c are
    class_start[c] to class_start[c + 1] of ``xs``/``rx``/``ry`` (drawn cards and their ranks),
    and each reads the sums of the dealer hands avoiding its drawn cards (``_avoiding``) while
    the running count vector holds its class's.

    A list whose every bought game is below the class's strength has a value that depends on
    the pay and on how many cards qualify him (k) alone: the vector of those values is made once
    per pay. The entries some bought game of which is not below the strength of the pay's first
    class (few) are then ranked against it one by one; each next class of the pay, stronger,
    ranks again only the entries with a bought game between the two.

    ``weight``: (entries, ``_MOST_COUNTS``) float64 for the counts of each entry, the caller's (a
    float table made here would compile a constructor of its own); ``bought_levels``: the distinct
    strengths of the bought games from the weakest class up, ascending. Into the arrays of
    :func:`_class_sums_arrays` (``out``: each final hand's sum)."""
    classes = reps.shape[0]
    total = kinds.shape[0]
    size = run.shape[0]
    for e in range(total):
        used[e] = _weights(kinds[e], members[e], avail, n, index[e], weight[e], scratch)
    weakest = reps[0]
    for c in range(classes):
        if reps[c] < weakest:
            weakest = reps[c]
    # The entries some bought game of which ties or beats the weakest class, and their strongest;
    # and each distinct bought game of theirs from the weakest class up (a list is sorted: those
    # are found, not scanned for); then both by strength, weakest first.
    n_strong = n_events = np.int64(0)
    for e in range(total):
        top = np.int64(-1)
        for part in range(0, 4, 2):
            lo, hi = lists[e, part], lists[e, part + 1]
            if lo >= 0 and hi > lo:
                if bg[hi - 1] > top:
                    top = bg[hi - 1]
                for i in range(lo + _below(bg, lo, hi, weakest), hi):
                    if i == lo or bg[i] != bg[i - 1]:
                        event_entry[n_events] = e
                        event_level[n_events] = bg[i]
                        n_events += 1
        if top >= weakest:
            strong[n_strong] = e
            strong_top[n_strong] = top
            n_strong += 1
    _by_level(strong[:n_strong], strong_top[:n_strong], bought_levels, place, start, perm, top_sorted)
    _by_level(event_entry[:n_events], event_level[:n_events], bought_levels, place, start, events, levels_sorted)
    # held: the value each entry is counted at in ``run``
    current = -1.0
    previous = np.int64(-1)
    for c in range(classes):
        s, win = reps[c], wins[c]
        fresh = win != current
        if fresh:
            # a new pay: every entry at its value below every bought game, then those that
            # some bought game ties or beats, ranked against the class
            current = win
            for i in range(size):
                run[i] = 0.0
            for e in range(total):
                value = 0.0
                if lists[e, 0] >= 0:
                    value += _ante_or_game(-1.0 + win * (lists[e, 1] - lists[e, 0]) / n_pool)
                if lists[e, 2] >= 0:
                    value -= _ante_or_game(-1.0 + win * (lists[e, 3] - lists[e, 2]) / n_pool)
                held[e] = value
                if value != 0.0:
                    for j in range(used[e]):
                        run[index[e, j]] += value * weight[e, j]
            first, last = _below(top_sorted, np.int64(0), n_strong, s), n_strong
        else:
            # the classes of one pay ascend: only an entry with a bought game from the previous
            # class's strength to this one's changes its place against the class
            first = _below(levels_sorted, np.int64(0), n_events, previous)
            last = first + _below(levels_sorted, first, n_events, s + 1)
        for i in range(first, last):
            e = perm[i] if fresh else events[i]
            value = 0.0
            for part in range(0, 4, 2):     # the plus list, less the minus list
                lo, hi = lists[e, part], lists[e, part + 1]
                if lo >= 0:
                    above = hi - lo - _below(bg, lo, hi, s + 1)
                    part_value = _ante_or_game(-1.0 + (win * _below(bg, lo, hi, s) - lose * above) / n_pool)
                    value += part_value if part == 0 else -part_value
            change = value - held[e]
            if change == 0.0:
                continue
            held[e] = value
            for j in range(used[e]):
                run[index[e, j]] += change * weight[e, j]
        previous = s
        for q in range(class_start[c], class_start[c + 1]):
            out[q] = _avoiding(run, xs[q, 0], xs[q, 1], rx[q], ry[q], n)


def _combine(prank, xs, win, lose, r_q, n, lt, le, nq, no_game):
    """:func:`_combine_into` an array made by Python (made in the kernel, it would have its
    references counted)."""
    out = np.zeros(prank.shape[0])
    _combine_into(prank, xs, win, lose, r_q, n, lt, le, nq, no_game, out)
    return out


@_kernel_in_place
def _combine_into(prank, xs, win, lose, r_q, n, lt, le, nq, no_game, out):
    """Expected value (antes) of playing each final hand from the sweep's counts: the qualifying
    dealer hands below it win ``win[h]``, those above it lose ``lose``, ties are returned, and
    the dealers without a game give ``no_game[h]`` (the ante from each, or the better of the ante
    and his bought game, summed by ``_class_sums``), into ``out``."""
    for h in range(prank.shape[0]):
        r = prank[h]
        if r < 0:
            out[h] = np.nan
            continue
        x, y = xs[h, 0], xs[h, 1]
        m = n - (x >= 0) - (y >= 0)
        count = m * (m - 1) * (m - 2) * (m - 3) // 24
        below = lt[h] - nq[h] if r > r_q else 0.0
        above = count - (le[h] if r >= r_q else nq[h])
        out[h] = (win[h] * below - lose * above + no_game[h]) / count


@inlined
def _after_buy_at(n, d1, c, d2):
    """Where the final hand "buy d1, exchange card c of six for d2" is valued in ``_tree_arrays``' layout."""
    if c < 5 and d2 < d1:
        d1, d2 = d2, d1
    return 1 + 6 * n + (d1 * 6 + c) * n + d2


@inlined
def _played_or_folded(value):
    # max(value, -1.0) as the builtin orders them (a NaN value stays NaN), without compiling it
    return -1.0 if value < -1.0 else value


def _decision_values(v, n, buy_cost, exchange_cost):
    """:func:`_decision_values_into` arrays made by Python (made in the kernel, they would have
    their references counted): exchange, buy, play6, exchange6."""
    exchange, play6, exchange6 = np.zeros(5), np.zeros(n), np.zeros(n * 6)
    buy = _decision_values_into(v, n, buy_cost, exchange_cost, exchange, play6, exchange6)
    return exchange, buy, play6, exchange6


@_kernel_in_place
def _decision_values_into(v, n, buy_cost, exchange_cost, exchange, play6, exchange6):
    """From the values of playing each final hand (``_tree_arrays``' layout): the EV of each
    exchange at the first decision, of buying, and after each bought card of playing and of
    exchanging each of the six cards (``exchange6``: card c after buying d1 at d1 * 6 + c).
    A final hand is played or folded (-1), whichever is worth more. Fills the three arrays of
    exchanges and plays; returns the EV of buying."""
    for c in range(5):
        total = 0.0
        for d in range(n):
            total += _played_or_folded(v[1 + c * n + d])
        exchange[c] = -exchange_cost + total / n
    buy = 0.0
    for d1 in range(n):
        play6[d1] = v[1 + 5 * n + d1]
        best = play6[d1] if play6[d1] > -1.0 else -1.0
        for c in range(6):
            total = 0.0
            for d2 in range(n):
                if d2 != d1:
                    total += _played_or_folded(v[_after_buy_at(n, d1, c, d2)])
            exchange6[d1 * 6 + c] = -exchange_cost + total / (n - 1)
            if exchange6[d1 * 6 + c] > best:
                best = exchange6[d1 * 6 + c]
        buy += best
    return -buy_cost + buy / n


def _tree_arrays(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The strengths and drawn cards (unseen-card indices) of every final hand of the draw tree
    of a pool of ``n`` cards to draw, -1 (none) until written, in a fixed layout: [play as dealt]
    + [exchange c(5) for d(n)] + [buy d1(n)] + [buy d1(n), exchange c(6) for d2(n)]. Made by
    Python: made in the kernels that fill them, they would have their references counted."""
    size = 1 + 5 * n + n + n * 6 * n
    return np.full(size, -1, np.int64), np.full((size, 2), -1, np.int64)


def _tree_hands(orig: np.ndarray, unseen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_tree_hands_into` the arrays of :func:`_tree_arrays`: every final hand's strength and drawn cards."""
    strengths, xs = _tree_arrays(unseen.shape[0])
    _tree_hands_into(orig, unseen, _CP, _ST, _T5, strengths, xs)
    return strengths, xs


@_kernel_in_place
def _tree_hands_into(orig, unseen, cat_pos, st, top5, strengths, xs):
    """Rank every final hand of the draw tree of the dealt cards ``orig`` and the ``unseen``
    cards, into the arrays of :func:`_tree_arrays` (strengths, and the cards each drew).

    Buying d1 and exchanging one of the five dealt cards for d2 makes the same hand, with the
    same cards drawn, as buying d2 and exchanging it for d1: only d1 < d2 is ranked (and valued),
    the other stays -1 and is read at its mirror (``_after_buy_at``)."""
    n = unseen.shape[0]
    # Each set of cards kept is ranked with each drawn card added to its masks, made once: the
    # five dealt less card c (c = 5: all five, played as dealt or with a bought card), then the
    # six of a buy less card c.
    for c in range(6):
        m1 = m2 = m3 = m4 = sc = sm = np.int64(0)
        for a in range(5):
            if a != c:
                m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, np.int64(orig[a]))
        if c == 5:
            strengths[0] = mask_strength(m1, m2, m3, m4, sc, sm, cat_pos, st, top5)
        at = 1 + c * n      # exchange c for d; c = 5: buy d
        for d in range(n):
            t1, t2, t3, t4, tc, tm = add_card_masks(m1, m2, m3, m4, sc, sm, np.int64(unseen[d]))
            strengths[at + d] = mask_strength(t1, t2, t3, t4, tc, tm, cat_pos, st, top5)
            xs[at + d, 0] = d
    base = 1 + 6 * n
    for d1 in range(n):
        for c in range(6):
            m1 = m2 = m3 = m4 = sc = sm = np.int64(0)
            for a in range(6):
                if a != c:
                    m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm,
                                                            np.int64(orig[a] if a < 5 else unseen[d1]))
            for d2 in range(n):
                if d2 == d1 or (c < 5 and d2 < d1):
                    continue    # buying d1 and exchanging an original card for d2 is the hand of d2 then d1
                t1, t2, t3, t4, tc, tm = add_card_masks(m1, m2, m3, m4, sc, sm, np.int64(unseen[d2]))
                at = base + (d1 * 6 + c) * n + d2
                strengths[at] = mask_strength(t1, t2, t3, t4, tc, tm, cat_pos, st, top5)
                xs[at, 0] = d1
                xs[at, 1] = d2


def _without_card(strengths: np.ndarray, m: int, drop: int) -> tuple[np.ndarray, np.ndarray]:
    """The tree of a pool less its card ``drop`` (an index) from the tree of the whole pool of
    ``m`` cards (:func:`_tree_arrays`' layout): the strengths of the hands that do not draw that
    card, and their drawn cards as indices into the smaller pool."""
    out, xs = _tree_arrays(m - 1)
    _without_card_into(strengths, np.int64(m), np.int64(drop), out, xs)
    return out, xs


@_kernel_in_place
def _without_card_into(strengths, m, drop, out, xs):
    """:func:`_without_card`, into the arrays of :func:`_tree_arrays` for ``m`` - 1 cards."""
    n = m - 1
    out[0] = strengths[0]
    for d in range(n):
        e = d + 1 if d >= drop else d
        for c in range(5):
            out[1 + c * n + d] = strengths[1 + c * m + e]
            xs[1 + c * n + d, 0] = d
        out[1 + 5 * n + d] = strengths[1 + 5 * m + e]
        xs[1 + 5 * n + d, 0] = d
    for d1 in range(n):
        e1 = d1 + 1 if d1 >= drop else d1
        for c in range(6):
            at, source = 1 + 6 * n + (d1 * 6 + c) * n, 1 + 6 * m + (e1 * 6 + c) * m
            for d2 in range(n):
                out[at + d2] = strengths[source + (d2 + 1 if d2 >= drop else d2)]
                xs[at + d2, 0] = d1
                xs[at + d2, 1] = d2


# ---------------------------------------------------------------- the tree


def play_strength(cards) -> int:
    """Strength of a 5- or 6-card hand (best five), as the kernels rank it."""
    return int(rank_rows(np.array([[c if isinstance(c, int) else c.code for c in cards]]))[0])


_WHEEL = "5s 4h 3d 2c Ah"
"""The lowest straight: below it a dealer's bought game that loses to a hand can only be a pair."""


_LEAST_FLUSH = "7h 5h 4h 3h 2h"
"""The least flush: below it a bought game is a pair or a straight."""


_RULE_ARGUMENTS: dict = {}


def _rule_arguments(rules: SixcardRules) -> tuple[np.ndarray, np.int64, np.int64, bool]:
    """(pay per category as floats, the qualifying strength, its dense level, whether the
    dealer's lowest card is replaced) of a ruleset, for the kernels; made once per ruleset."""
    # keyed by identity (the ruleset kept beside, so that the id stays its own): hashing the
    # ruleset's pay table and decimals for each box cost more than the lookup saved
    made = _RULE_ARGUMENTS.get(id(rules))
    if made is None or made[0] is not rules:
        qualify = qualifying_strength(rules)
        made = _RULE_ARGUMENTS[id(rules)] = (rules, (rules.pay_by_category.astype(np.float64), np.int64(qualify),
                                                     np.int64(np.searchsorted(_dealer_hands()[0], qualify)),
                                                     rules.assumed_replaces is DealerReplaces.LOWEST))
    return made[1]


def _final_values(strengths: np.ndarray, xs: np.ndarray, up: int, unseen: np.ndarray, beta: float,
                  rules: SixcardRules, classes: dict, settled=None) -> np.ndarray | None:
    """The value of playing each final hand (strengths and drawn cards in ``_tree_arrays``' layout;
    nan where the strength is -1) against every dealer hand; ``classes["count"]`` is set to how
    many classes of hands valued buying the dealer's game. Only the hands ranked are valued.

    ``settled``, when given, is first shown two layouts of values: each hand's value with the
    ante taken from every dealer without a game, and an upper bound of its value with his game
    bought when that pays more. If it returns True (what it needs is settled by the bounds),
    the dealer's game is not valued and None is returned."""
    ranked = np.flatnonzero(strengths >= 0)

    def laid_out(values: np.ndarray) -> np.ndarray:
        out = np.full(strengths.shape[0], np.nan)
        out[ranked] = values
        return out

    bounds_settle = None if settled is None else (lambda low, high: settled(laid_out(low), laid_out(high)))
    # np.take gathers rows: indexing the (hands, 2) array with ``ranked`` took ~40 times as long
    values = _ranked_values(strengths[ranked], np.take(xs, ranked, axis=0), up, unseen, beta, rules, classes,
                            bounds_settle)
    return None if values is None else laid_out(values)


def _ranked_values(strengths: np.ndarray, xs: np.ndarray, up: int, unseen: np.ndarray, beta: float,
                   rules: SixcardRules, classes: dict, settled=None) -> np.ndarray | None:
    levels, level_of, per_up = _dealer_hands()
    pat_ranks, pat_level, pat_flush = per_up[up >> 2]
    pay, qualify, r_q, lowest = _rule_arguments(rules)
    n = unseen.shape[0]
    up = np.int64(up)
    made = _sweep_arrays(strengths.shape[0], n, levels.size, pat_ranks.shape[0])
    _sweep(unseen, up, pat_ranks, pat_level, pat_flush, levels.size, r_q, strengths, xs, level_of, pay, beta,
           *made)
    prank, win, lt, le, nq, rx, ry = made[:7]
    valid = prank >= 0
    lose = 1.0 + beta
    n_pool = n - 4
    no_game = nq
    # A hand can gain from buying the dealer's game only if win * P(he qualifies below it) > 2
    # antes. Under the pair qualifier what qualifies him below a hand weaker than a straight
    # is a pair: one of his four kept ranks, at most 12 cards.
    pair_qualifies = rules.qualifier is DealerQualifier.PAIR
    lowest_straight, lowest_flush = hand_strength(_WHEEL), hand_strength(_LEAST_FLUSH)
    below_bound = np.where(pair_qualifies & (strengths < lowest_straight), 12, n_pool)
    strong = valid & (win * below_bound > 2.0 * n_pool)
    if settled is not None and strong.any():
        # Buying a no-game dealer's game gives at most win * k / n_pool - 1 antes, at most that
        # less 1 over the ante, from each no-game dealer hand the hand meets; k counts the cards
        # that make him qualify below the hand. Under the pair qualifier his four kept ranks are
        # different: 12 cards pair one, at most 8 make a straight, at most 9 a flush.
        k_bound = below_bound
        if pair_qualifies:
            k_bound = np.minimum(np.where(strengths < lowest_straight, 12,
                                          np.where(strengths < lowest_flush, 20, 29)), n_pool)
        ante_only = _combine(prank, xs, win, lose, r_q, n, lt, le, nq, nq)
        drawn = (xs[:, 0][strong] >= 0).astype(np.int64) + (xs[:, 1][strong] >= 0)
        count = np.array([math.comb(n - d, 4) for d in range(3)], dtype=np.float64)[drawn]
        bought = ante_only.copy()
        bought[strong] += np.maximum(win[strong] * k_bound[strong] / n_pool - 2.0, 0.0) * nq[strong] / count
        if settled(ante_only, bought):
            return None
    if strong.any():
        avail, at, kinds, members, lists, bg, cards = _no_game_arrays(n, pat_ranks.shape[0])
        e, w = _no_game_entries(unseen, up, lowest, qualify, pat_ranks, pat_level, r_q, _CP, _ST, _T5,
                                avail, at, kinds, members, lists, bg, cards)
        kinds, members, lists, bg = kinds[:e], members[:e], lists[:e], bg[:w].copy()
        most_k = int(max(np.max(lists[:, 1] - lists[:, 0]), np.max(lists[:, 3] - lists[:, 2]))) if len(lists) else 0
        strong &= win * most_k > 2.0 * n_pool
    if strong.any():
        # Only bought games at least as strong as the weakest strong hand tell strong hands
        # apart (most of them are pairs, below every strong hand).
        bought_levels = np.unique(bg[bg >= strengths[strong].min()])
        lo = np.searchsorted(bought_levels, strengths[strong], "left")
        hi = np.searchsorted(bought_levels, strengths[strong], "right")
        keys = ((strengths[strong] >> 20) * (bought_levels.size + 1) + lo) * (bought_levels.size + 1) + hi
        uniq, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        by_class = np.flatnonzero(strong)[np.argsort(inverse, kind="stable")]
        class_start = np.zeros(uniq.size + 1, dtype=np.int64)
        np.cumsum(np.bincount(inverse, minlength=uniq.size), out=class_start[1:])
        no_game = nq.copy()
        made = _class_sums_arrays(lists, n, bought_levels.size, by_class.size)
        _class_sums(strengths[strong][first], win[strong][first], lose, float(n_pool), n, kinds, members, lists, bg,
                    avail, class_start, np.take(xs, by_class, axis=0), rx[by_class], ry[by_class],
                    np.empty((len(kinds), _MOST_COUNTS)), bought_levels, *made)
        no_game[by_class] = made[0]
        classes["count"] = int(uniq.size)
    return _combine(prank, xs, win, lose, r_q, n, lt, le, nq, no_game)


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
    """The value of playing each final hand (layout of ``_tree_arrays``), before costs."""
    may_draw: bool
    classes: dict
    """How many classes of final hands valued buying the dealer's game (``count``)."""
    decided: tuple = ()
    """The EVs of the decisions (``_decision_values``), when the box may draw."""

    @classmethod
    def build(cls, box: tuple[int, ...], up: int, seen: tuple[int, ...], *, bet_antes: float = 2.0,
              may_draw: bool = True, rules: SixcardRules = DEFAULT_RULES) -> DrawTree:
        """The tree of a box (five card codes) given the up card and the other seen card codes."""
        unseen = _unseen(box, up, seen)
        orig = np.array(box, dtype=np.int64)
        if may_draw:
            strengths, xs = _tree_hands(orig, unseen)
        else:
            strengths = np.array([play_strength(box)], dtype=np.int64)
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
        """The value of playing each final hand against every dealer hand (``_tree_arrays``' layout)."""
        return _final_values(strengths, xs, self.up, self.unseen, self.bet_antes, self.rules, self.classes)

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
            (f"exchange {_text(six[c])}", float(exchange6[d1 * 6 + c])) for c in range(6)]

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
            value = self.values[_after_buy_at.py_func(n, d1, c, d2)]  # the layout's rule, uncompiled: one read
        return [("fold", -1.0), ("play", float(value))]


def _unseen(box: tuple[int, ...], up: int, seen: tuple[int, ...]) -> np.ndarray:
    """The card codes not seen at a box's first decision, ascending; ValueError if the cards are not a deal."""
    known = list(box) + [up] + list(seen)
    if len(set(known)) != len(known) or len(box) != 5 or not all(0 <= c < 52 for c in known):
        twice = next((c for c in known if known.count(c) > 1), None)
        what = f"{_text(twice)} is seen twice" if twice is not None else "the cards are not a deal"
        raise ValueError(
            f"{what} (box {format_cards(map(Card.from_code, box))}, up card {_text(up)}, other cards "
            f"{format_cards(map(Card.from_code, seen)) or '-'}): cannot enumerate a deal")
    return np.array(sorted(set(range(52)) - set(known)), dtype=np.int64)


def best_first_decisions(box: tuple[int, ...], ups, rules: SixcardRules = DEFAULT_RULES) -> np.ndarray:
    """The EV (antes) of the best first decision on a box played alone against each up card of
    ``ups``, the bet as ``rules`` say: what perfect play expects from each deal, and so,
    averaged over every deal, minus the house edge. The same values as :class:`DrawTree`'s
    ``root_options``, but the box's draw tree is ranked once, every card not in the box a card
    to draw, and each up card's tree is that one less the hands that draw the up card."""
    for up in ups:
        _unseen(box, up, ())
    pool = np.array(sorted(set(range(52)) - set(box)), dtype=np.int64)
    strengths, _ = _tree_hands(np.array(box, dtype=np.int64), pool)
    beta, buy_cost, exchange_cost = float(rules.bet_antes), float(rules.buy_cost), float(rules.exchange_cost)
    n = np.int64(pool.size - 1)

    def options(values: np.ndarray) -> np.ndarray:
        exchange, buy, _, _ = _decision_values(values, n, buy_cost, exchange_cost)
        return np.concatenate(([-1.0, values[0], buy], exchange))

    best = np.empty(len(ups), dtype=np.float64)
    for k, up in enumerate(ups):

        def settled(low: np.ndarray, high: np.ndarray, k: int = k) -> bool:
            # Every option's EV grows with the values of the hands it leads to: if one option is
            # the same under both bounds and no other option's upper bound passes it, it is the
            # best, whatever buying the dealer's game adds to the others.
            lows, highs = options(low), options(high)
            top = int(np.argmax(lows))
            if lows[top] == highs[top] and np.delete(highs, top).max() <= lows[top]:
                best[k] = lows[top]
                return True
            return False

        drop = int(np.searchsorted(pool, up))
        own, xs = _without_card(strengths, pool.size, drop)
        values = _final_values(own, xs, up, np.delete(pool, drop), beta, rules, {}, settled)
        if values is not None:
            best[k] = options(values).max()
    return best


def best_first_decision(box: tuple[int, ...], up: int, rules: SixcardRules = DEFAULT_RULES) -> float:
    """The EV (antes) of the best first decision on a box played alone (one deal of
    :func:`best_first_decisions`)."""
    return float(best_first_decisions(box, (up,), rules)[0])


# ---------------------------------------------------------------- the dealer's game


def dealer_game_options(player: tuple[int, ...], dealer: tuple[int, ...], seen: tuple[int, ...], *,
                        bet_antes: float, rules: SixcardRules = DEFAULT_RULES,
                        replaced: int | None = None) -> list[tuple[str, float]]:
    """(option, EV in antes) against a dealer without a game: take the ante, or buy his game.

    Exact: the dealer card replaced (``replaced``, a code, when the log names it; else the one
    ``rules`` fix, or his highest where they leave it open) is replaced by each card the player
    has not seen.

    >>> dealer_game_options(codes("Kh Kd Ks 4c 4d"), codes("Qs 9h 7d 3c 2s"), (), bet_antes=2.0)[0]
    ('take ante', 1.0)
    """
    known = set(player) | set(dealer) | set(seen)
    pool = [c for c in range(52) if c not in known]
    if replaced is None:
        pick = min if rules.assumed_replaces is DealerReplaces.LOWEST else max
        replaced = pick(dealer, key=lambda c: c >> 2)
    elif replaced not in dealer:
        raise ValueError(f"{_text(replaced)} is not the dealer's: the dealer's game cannot be bought by replacing it")
    kept = [c for c in dealer if c != replaced]
    s = play_strength(player)
    rows = np.array([kept + [r] for r in pool], dtype=np.int64)
    strengths = rank_rows(rows)
    win = 1.0 + bet_antes * rules.pay_by_category[s >> 20]
    lose = 1.0 + bet_antes
    qualifies = strengths >= qualifying_strength(rules)
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
    """A box's decisions.

    ``ev_best`` and ``ev_taken`` are EVs at the first decision, of its best option and of the one
    the player took there (each with best play after it): expectations of the same moment, so
    ``ev_taken`` is the value of the player's line and lies within what the box can win or lose.
    ``ev_lost`` sums every decision's loss, each measured with what was known at it: a later
    decision sees the drawn cards and the dealer's hand, so its loss is not part of a first-decision
    expectation, and ``ev_best − ev_taken`` is the first decision's loss alone (at most ``ev_lost``).
    """

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
        return self.decisions[0].ev_taken


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
    a card not held), or that takes a line the rules do not offer it (the third of three boxes
    drawing or folding, a second buy or exchange), gets None.
    """
    out: list[BoxDecisions | None] = []
    for k in range(len(hand.boxes)):
        try:
            out.append(_analyse_box(hand, k, rules))
        except (ValueError, KeyError):
            out.append(None)
    return out


def _analyse_box(hand, k: int, rules: SixcardRules) -> BoxDecisions:
    box = hand.boxes[k]
    if box.extra_draws:
        # A second buy or exchange (SIX-DRAW) is a line the rules do not offer: it has no value
        # against the ones they do.
        raise ValueError(f"a box buys and exchanges at most once; the log shows {box.extra_draws[0].text!r}")
    own = tuple(c.code for c in box.cards)
    seen = []
    for other in hand.boxes[:k]:
        seen += [c.code for c in other.dealt_cards]
    draws = may_draw(box.number, len(hand.boxes))
    ante = float(box.ante)
    beta = float(box.bet / box.ante) if box.bet and box.ante else float(rules.bet_antes)  # a fold: the bet he declined
    tree = _tree(own, hand.dealer_up.code, tuple(seen), beta, draws, rules)
    decisions = []
    final_action = "fold" if box.folds else "play"
    first = box.first_option
    if not draws and first != "play":
        # The third of three boxes has no option but to play: a line the rules do not offer it
        # (a SIX-DRAW finding) has no value against the ones they do.
        raise ValueError(f"the third of three boxes plays as dealt; the log shows {first!r}")
    decisions.append(Decision(stage="draw", options=_money(tree.root_options(), ante), taken=first))
    if box.bought is not None and draws:
        taken = f"exchange {box.exchanged_out}" if box.exchanged_out is not None else final_action
        decisions.append(Decision(stage="after_buy", options=_money(tree.after_buy_options(box.bought.code), ante),
                                  taken=taken))
    if box.exchanged_out is not None and box.exchanged_in is not None and draws:
        options = tree.after_exchange_options(box.exchanged_out.code, box.exchanged_in.code,
                                              box.bought.code if box.bought else None)
        decisions.append(Decision(stage="after_exchange", options=_money(options, ante), taken=final_action))
    dealer = tuple(c.code for c in hand.dealer_cards)
    if not box.folds and len(set(dealer)) == 5 and play_strength(dealer) < qualifying_strength(rules):
        player = tuple(c.code for c in box.final_cards)
        known = {c.code for b in hand.boxes for c in b.dealt_cards}
        known |= {buy.into.code for buy in hand.dealer_buys if buy.box < box.number}
        known -= set(player) | set(dealer)
        logged = next((buy.out.code for buy in hand.dealer_buys if buy.box == box.number), None)
        bought = logged is not None
        if logged not in dealer:
            logged = None  # a card the dealer does not hold: the replay reports it; value the card assumed
        options = dealer_game_options(player, dealer, tuple(known), bet_antes=beta, rules=rules, replaced=logged)
        decisions.append(Decision(stage="dealer_game", options=_money(options, ante),
                                  taken="buy dealer game" if bought else "take ante"))
    return BoxDecisions(hand_no=hand.number, box=box.number, decisions=tuple(decisions))


def _money(options: list[tuple[str, float]], ante: float) -> tuple[tuple[str, float], ...]:
    return tuple((name, value * ante) for name, value in options)
