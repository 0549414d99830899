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

How it runs fast enough for ingest: the C(n,4) dealer hands (163,185 for one box) are ranked
once per box in a Numba kernel; the strengths of the qualifying ones are sorted once overall,
once per unseen card and once per pair of unseen cards, so each of the ~12,700 final player
hands of the tree is compared against every dealer hand avoiding its drawn cards by eight
binary searches (count all − count with x − count with y + count with x and y). Hands too weak
ever to buy the dealer's game take the ante against every no-game dealer; the others are
grouped by their pay and their rank among the possible bought-game dealer hands.

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


@njit(cache=True, inline="always")
def _eval(cards, k, cat_pos, st, top5):
    m1 = m2 = m3 = m4 = np.int64(0)
    sc = sm = np.int64(0)
    for j in range(k):
        c = np.int64(cards[j])
        m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, c)
    return np.int64(strength_of_masks(m1, m2, m3, m4, flush_mask(sc, sm), cat_pos, st, top5))


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
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
def _prepare(unseen, up, lowest, qualify, cat_pos, st, top5):
    """Rank every dealer hand (4 of the unseen cards + the up card) and index them.

    A dealer hand qualifies when its strength is at least ``qualify``. Returns the qualifying
    strengths sorted overall / per card / per pair of unseen cards
    (offsets into flat arrays), the no-game counts likewise, and for each no-game dealer
    hand its hidden cards and the sorted strengths of the qualifying hands that buying his
    game can give (his highest card, or his lowest when ``lowest``, replaced by each other
    unseen card).
    """
    n = unseen.shape[0]
    total = n * (n - 1) * (n - 2) * (n - 3) // 24
    strength = np.empty(total, dtype=np.int64)
    hidden = np.empty((total, 4), dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    hand[4] = up
    t = 0
    for i in range(n):
        hand[0] = unseen[i]
        for j in range(i + 1, n):
            hand[1] = unseen[j]
            for k in range(j + 1, n):
                hand[2] = unseen[k]
                for m in range(k + 1, n):
                    hand[3] = unseen[m]
                    strength[t] = _eval(hand, 5, cat_pos, st, top5)
                    hidden[t, 0] = i
                    hidden[t, 1] = j
                    hidden[t, 2] = k
                    hidden[t, 3] = m
                    t += 1
    nn = n * n
    q_card_n = np.zeros(n + 1, dtype=np.int64)
    q_pair_n = np.zeros(nn + 1, dtype=np.int64)
    nq_card = np.zeros(n, dtype=np.int64)
    nq_pair = np.zeros(nn, dtype=np.int64)
    n_q = 0
    for t in range(total):
        if strength[t] >= qualify:
            n_q += 1
            for a in range(4):
                q_card_n[hidden[t, a] + 1] += 1
                for b in range(a + 1, 4):
                    q_pair_n[hidden[t, a] * n + hidden[t, b] + 1] += 1
        else:
            for a in range(4):
                nq_card[hidden[t, a]] += 1
                for b in range(a + 1, 4):
                    nq_pair[hidden[t, a] * n + hidden[t, b]] += 1
    q_card_off = np.cumsum(q_card_n)
    q_pair_off = np.cumsum(q_pair_n)
    q_all = np.empty(n_q, dtype=np.int64)
    q_card = np.empty(q_card_off[n], dtype=np.int64)
    q_pair = np.empty(q_pair_off[nn], dtype=np.int64)
    fill_c = q_card_off[:n].copy()
    fill_p = q_pair_off[:nn].copy()
    n_nq = total - n_q
    nq_hidden = np.empty((n_nq, 4), dtype=np.int64)
    qa = 0
    na = 0
    # Visiting the hands weakest first fills every segment already sorted (no per-segment sort).
    for t in np.argsort(strength):
        s = strength[t]
        if s >= qualify:
            q_all[qa] = s
            qa += 1
            for a in range(4):
                ha = hidden[t, a]
                q_card[fill_c[ha]] = s
                fill_c[ha] += 1
                for b in range(a + 1, 4):
                    p = ha * n + hidden[t, b]
                    q_pair[fill_p[p]] = s
                    fill_p[p] += 1
        else:
            for a in range(4):
                nq_hidden[na, a] = hidden[t, a]
            na += 1
    # Bought-game outcomes of each no-game dealer hand.
    bg_off = np.zeros(n_nq + 1, dtype=np.int64)
    bg = np.empty(n_nq * (n - 4), dtype=np.int64)
    w = 0
    for d in range(n_nq):
        hand[4] = up
        for a in range(4):
            hand[a] = unseen[nq_hidden[d, a]]
        top = 0
        for a in range(1, 5):
            if (hand[a] >> 2 < hand[top] >> 2) if lowest else (hand[a] >> 2 > hand[top] >> 2):
                top = a
        # The four kept cards have four ranks (no game has no pair): a new card qualifies the
        # dealer by pairing one of them, by making a straight or a flush, or (a qualifier below
        # a pair: ace-king) by making a high card strong enough.
        km = np.int64(0)
        suit = -1
        for a in range(5):
            if a != top:
                km |= np.int64(1) << (hand[a] >> 2)
                if suit == -1:
                    suit = hand[a] & 3
                elif suit != hand[a] & 3:
                    suit = -2
        start = w
        for r in range(n):
            if r == nq_hidden[d, 0] or r == nq_hidden[d, 1] or r == nq_hidden[d, 2] or r == nq_hidden[d, 3]:
                continue
            c = unseen[r]
            b = np.int64(1) << (c >> 2)
            if km & b:
                s = np.int64(strength_of_masks(km, b, np.int64(0), np.int64(0), np.int64(0), cat_pos, st, top5))
            else:
                m1 = km | b
                flush = suit >= 0 and (c & 3) == suit
                if not flush and st[m1] == 0 and qualify >= _PAIR_LEVEL:
                    continue
                s = np.int64(strength_of_masks(m1, np.int64(0), np.int64(0), np.int64(0), m1 if flush else np.int64(0),
                                       cat_pos, st, top5))
                if s < qualify:
                    continue
            # insertion sort: a dozen or two entries per dealer hand
            at = w
            while at > start and bg[at - 1] > s:
                bg[at] = bg[at - 1]
                at -= 1
            bg[at] = s
            w += 1
        bg_off[d + 1] = w
    return (q_all, q_card, q_card_off, q_pair, q_pair_off, nq_card, nq_pair, n_nq,
            nq_hidden, bg[:w].copy(), bg_off)


@njit(cache=True)
def _class_sums_all(reps, wins, lose, n_pool, n, nq_hidden, bg, bg_off, perm, top_sorted, counts):
    """Σ over no-game dealer hands of max(take the ante, buy his game), in total, per hidden card
    and per pair of hidden cards, for each class of player hands (strength ``reps[c]``, ascending,
    paying ``wins[c]``). A no-game dealer hand
    whose every bought-game hand is below the class's strength has a value that depends on the
    pay alone, so it is summed once per pay, growing with the strength; only the others are
    ranked against each class."""
    classes = reps.shape[0]
    g_all = np.zeros(classes)
    g_card = np.zeros((classes, n))
    g_pair = np.zeros((classes, n * n))
    run_all = 0.0
    run_card = np.zeros(n)
    run_pair = np.zeros(n * n)
    bound = 0
    current = -1.0
    total = perm.shape[0]
    for c in range(classes):
        s, win = reps[c], wins[c]
        if win != current:
            run_all = 0.0
            run_card[:] = 0.0
            run_pair[:] = 0.0
            bound = 0
            current = win
        new = _below(top_sorted, 0, total, s)
        for i in range(bound, new):
            d = perm[i]
            value = -1.0 + win * counts[d] / n_pool
            value = max(value, 1.0)
            run_all += value
            for a in range(4):
                ha = nq_hidden[d, a]
                run_card[ha] += value
                for b in range(a + 1, 4):
                    run_pair[ha * n + nq_hidden[d, b]] += value
        bound = new
        g_all[c] = run_all
        # Element by element: a row assigned whole compiles Numba's shape-mismatch message
        # (its string formatting), seconds of a first run's compiling for a check never failed.
        for a in range(n):
            g_card[c, a] = run_card[a]
        for a in range(n * n):
            g_pair[c, a] = run_pair[a]
        for i in range(new, total):
            d = perm[i]
            lo, hi = bg_off[d], bg_off[d + 1]
            value = -1.0 + (win * _below(bg, lo, hi, s) - lose * _above(bg, lo, hi, s)) / n_pool
            value = max(value, 1.0)
            g_all[c] += value
            for a in range(4):
                ha = nq_hidden[d, a]
                g_card[c, ha] += value
                for b in range(a + 1, 4):
                    g_pair[c, ha * n + nq_hidden[d, b]] += value
    return g_all, g_card, g_pair


@njit(cache=True)
def _play_values(strengths, xs, cls, win, lose, n, q_all, q_card, q_card_off, q_pair, q_pair_off,
                 n_nq, nq_card, nq_pair, g_all, g_card, g_pair):
    """Expected value (antes) of playing each final hand: strengths[h], drawn unseen-card
    indices xs[h, 0:2] (-1: none), dealer-game class cls[h] (-1: never buys the game)."""
    out = np.empty(strengths.shape[0], dtype=np.float64)
    for h in range(strengths.shape[0]):
        s = strengths[h]
        if s < 0:
            out[h] = np.nan
            continue
        x, y = xs[h, 0], xs[h, 1]
        lt = _below(q_all, 0, q_all.shape[0], s)
        gt = _above(q_all, 0, q_all.shape[0], s)
        nq = n_nq
        k = 0
        if x >= 0:
            k += 1
            lt -= _below(q_card, q_card_off[x], q_card_off[x + 1], s)
            gt -= _above(q_card, q_card_off[x], q_card_off[x + 1], s)
            nq -= nq_card[x]
        if y >= 0:
            k += 1
            lt -= _below(q_card, q_card_off[y], q_card_off[y + 1], s)
            gt -= _above(q_card, q_card_off[y], q_card_off[y + 1], s)
            nq -= nq_card[y]
            a, b = (x, y) if x < y else (y, x)
            p = a * n + b
            lt += _below(q_pair, q_pair_off[p], q_pair_off[p + 1], s)
            gt += _above(q_pair, q_pair_off[p], q_pair_off[p + 1], s)
            nq += nq_pair[p]
        m = n - k
        count = m * (m - 1) * (m - 2) * (m - 3) // 24
        c = cls[h]
        if c < 0:
            no_game = float(nq)
        else:
            no_game = g_all[c]
            if x >= 0:
                no_game -= g_card[c, x]
            if y >= 0:
                no_game -= g_card[c, y]
                a, b = (x, y) if x < y else (y, x)
                no_game += g_pair[c, a * n + b]
        out[h] = (win[h] * lt - lose * gt + no_game) / count
    return out


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
    strengths[0] = _eval(h5, 5, cat_pos, st, top5)
    base = 1
    for c in range(5):
        for d in range(n):
            for a in range(5):
                h5[a] = unseen[d] if a == c else orig[a]
            strengths[base + c * n + d] = _eval(h5, 5, cat_pos, st, top5)
            xs[base + c * n + d, 0] = d
    base = 1 + 5 * n
    for d1 in range(n):
        for a in range(5):
            h6[a] = orig[a]
        h6[5] = unseen[d1]
        strengths[base + d1] = _eval(h6, 6, cat_pos, st, top5)
        xs[base + d1, 0] = d1
    base = 1 + 6 * n
    for d1 in range(n):
        for c in range(6):
            for d2 in range(n):
                if d2 == d1:
                    continue
                for a in range(5):
                    h6[a] = orig[a]
                h6[5] = unseen[d1]
                h6[c] = unseen[d2]
                at = base + (d1 * 6 + c) * n + d2
                strengths[at] = _eval(h6, 6, cat_pos, st, top5)
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


_PREPARED: dict[tuple[bytes, int, bool, int], tuple] = {}


def _prepared(unseen: np.ndarray, up: int, rules: SixcardRules) -> tuple:
    # The boxes of one hand often share their unseen cards (no draw on an earlier box).
    lowest = rules.replaces is DealerReplaces.LOWEST
    qualify = qualify_level(rules)
    key = (unseen.tobytes(), int(up), lowest, qualify)
    found = _PREPARED.get(key)
    if found is None:
        if len(_PREPARED) >= 4:
            _PREPARED.clear()
        found = _PREPARED[key] = _prepare(unseen, np.int64(up), lowest, np.int64(qualify), _CP, _ST, _T5)
    return found


def _text(c: int) -> str:
    return str(Card.from_code(c))


@dataclass(frozen=True, kw_only=True, eq=False)
class DrawTree:
    """Every final hand of one box's draw tree and the value (antes) of playing it."""

    orig: tuple[int, ...]
    unseen: np.ndarray
    bet_antes: float
    rules: SixcardRules
    """The house rules: the pay table and the costs of buying and exchanging."""
    values: np.ndarray
    """The value of playing each final hand (layout of ``_tree_hands``), before costs."""
    may_draw: bool
    prepared: tuple
    classes: dict

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
        prepared = _prepared(unseen, up, rules)
        orig = np.array(box, dtype=np.int64)
        if may_draw:
            strengths, xs = _tree_hands(orig, unseen, _CP, _ST, _T5)
        else:
            strengths = np.array([_eval(orig, 5, _CP, _ST, _T5)], dtype=np.int64)
            xs = np.full((1, 2), -1, dtype=np.int64)
        tree = cls(orig=tuple(box), unseen=unseen, bet_antes=float(bet_antes), rules=rules, values=np.empty(0),
                   may_draw=may_draw, prepared=prepared, classes={})
        values = tree._values(strengths, xs)
        object.__setattr__(tree, "values", values)
        return tree

    # -- values of final hands

    def _values(self, strengths: np.ndarray, xs: np.ndarray) -> np.ndarray:
        (q_all, q_card, q_card_off, q_pair, q_pair_off, nq_card, nq_pair, n_nq,
         nq_hidden, bg, bg_off) = self.prepared
        n = self.unseen.shape[0]
        beta = self.bet_antes
        valid = strengths >= 0
        cats = np.where(valid, strengths >> 20, 0)
        win = 1.0 + beta * self.rules.pay_by_category[cats].astype(np.float64)
        lose = 1.0 + beta
        n_pool = n - 4
        counts = np.diff(bg_off)
        max_q = int(counts.max()) if counts.size else 0
        # A hand can gain from buying the dealer's game only if win * P(he qualifies) > 2 antes.
        strong = valid & (win * max_q > 2.0 * n_pool)
        cls = np.full(strengths.shape[0], -1, dtype=np.int64)
        g_all = np.zeros(0)
        g_card = np.zeros((0, n))
        g_pair = np.zeros((0, n * n))
        if strong.any():
            # Only bought-game dealer hands at least as strong as the weakest strong hand tell
            # strong hands apart (most of them are pairs, below every strong hand).
            levels = np.unique(bg[bg >= strengths[strong].min()])
            lo = np.searchsorted(levels, strengths[strong], "left")
            hi = np.searchsorted(levels, strengths[strong], "right")
            keys = (cats[strong] * (levels.size + 1) + lo) * (levels.size + 1) + hi
            uniq, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            cls[strong] = inverse
            reps = strengths[strong][first]
            rep_win = win[strong][first]
            counts_q = np.diff(bg_off)
            top = np.where(counts_q > 0, bg[np.maximum(bg_off[1:] - 1, 0)], -1)
            perm = np.argsort(top, kind="stable")
            g_all, g_card, g_pair = _class_sums_all(reps, rep_win, lose, float(n_pool), n, nq_hidden, bg, bg_off,
                                                    perm, top[perm], counts_q)
            self.classes["count"] = int(uniq.size)
        return _play_values(strengths, xs, cls, win, lose, n, q_all, q_card, q_card_off, q_pair, q_pair_off,
                            n_nq, nq_card, nq_pair, g_all, g_card, g_pair)

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
        n = self.unseen.size
        options = [("fold", -1.0), ("play", float(v[0]))]
        after_buy = np.array([max(o for _, o in self._after_buy(d1)) for d1 in range(n)])
        options.append(("buy", -float(self.rules.buy_cost) + float(after_buy.mean())))
        for c in range(5):
            block = v[1 + c * n:1 + (c + 1) * n]
            options.append((f"exchange {_text(self.orig[c])}",
                            -float(self.rules.exchange_cost) + float(np.maximum(block, -1.0).mean())))
        return options

    def _after_buy(self, d1: int) -> list[tuple[str, float]]:
        n = self.unseen.size
        v = self.values
        options = [("fold", -1.0), ("play", float(v[1 + 5 * n + d1]))]
        six = self.orig + (int(self.unseen[d1]),)
        base = 1 + 6 * n
        for c in range(6):
            block = v[base + (d1 * 6 + c) * n:base + (d1 * 6 + c + 1) * n]
            block = np.delete(block, d1)
            options.append((f"exchange {_text(six[c])}",
                            -float(self.rules.exchange_cost) + float(np.maximum(block, -1.0).mean())))
        return options

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
