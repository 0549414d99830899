"""Hand evaluator and exact equity: rates against phevaluator and pokerkit, exhaustive counts.

Run with ``python -m bench evaluator``. Rates are one core, CPU time, best of five runs after
JIT warm-up; nothing here asserts a speed, it prints what it measured and the exhaustive
counts against the published check figures of the hand ranking (through the same perfect-hash tables as
``evaluate_many``), so a regression shows up as a visible "MISMATCH".
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np
from numba import njit

from rules.cards import Card, Deck
from rules.equity import add_card, pot_equities
from rules.evaluator import (
    HandCategory,
    HandError,
    RankOrder,
    categories,
    evaluate_many,
    flush_mask,
    multiset_strength,
    multiset_tables,
    rank_tables,
    strength_of_masks,
)

# Expected exhaustive counts (vectors README, sections 1 and 2), indexed by HandCategory.
EXPECTED = {
    ("52", 6): [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_656, 188],
    ("52", 7): [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848,
                37_260, 4_324],
    ("SHORT_DECK", 7): [233_100, 2_316_600, 3_157_056, 637_560, 1_139_580, 175_560, 633_024, 44_640,
                        8_700, 1_860],
    ("SHORT_DECK_STRAIGHT_OVER_TRIPS", 7): [233_100, 2_316_600, 3_157_056, 607_200, 1_169_940, 175_560,
                                            633_024, 44_640, 8_700, 1_860],
}


@njit(cache=True)
def _class_counts(deck, k, rank_key, lo_slot, hi_slot, nonflush, flush):
    """Hands per strength over every k-card subset of deck, enumerated card by card.

    Each depth adds one card's rank key to the sum of the depth above, and the card to its
    suit's count and rank mask, the way an equity enumeration does; the leaf reads the
    perfect-hash tables (:func:`~rules.evaluator.multiset_strength`), and the flush table for a
    suit of five or more cards.
    """
    counts = np.zeros(10 << 20, dtype=np.int64)
    n = deck.shape[0]
    acc = np.zeros(k + 1, dtype=np.int64)
    suited = np.zeros((k + 1, 4), dtype=np.int64)   # cards of each suit
    masks = np.zeros((k + 1, 4), dtype=np.int64)    # each suit's rank mask
    idx = np.zeros(k, dtype=np.int64)
    d = 0
    while True:
        if idx[d] > n - k + d:
            if d == 0:
                break
            d -= 1
            idx[d] += 1
            continue
        c = deck[idx[d]]
        acc[d + 1] = acc[d] + rank_key[c >> 2]
        for s in range(4):
            suited[d + 1, s] = suited[d, s]
            masks[d + 1, s] = masks[d, s]
        suited[d + 1, c & 3] += 1
        masks[d + 1, c & 3] |= np.int64(1) << (c >> 2)
        if d < k - 1:
            idx[d + 1] = idx[d] + 1
            d += 1
            continue
        strength = multiset_strength(acc[k], lo_slot, hi_slot, nonflush)
        for s in range(4):
            if suited[k, s] >= 5:
                strength = max(strength, flush[masks[k, s]])
        counts[strength] += 1
        idx[d] += 1
    return counts


@njit(cache=True)
def _class_counts_masks(deck, k, cat_pos, straight_top, top5):
    """The same counts through the rank-mask kernel (8 and 9 cards, and a cross-check)."""
    counts = np.zeros(10 << 20, dtype=np.int64)
    n = deck.shape[0]
    state = np.zeros((k + 1, 6), dtype=np.int64)
    idx = np.zeros(k, dtype=np.int64)
    d = 0
    while True:
        if idx[d] > n - k + d:
            if d == 0:
                break
            d -= 1
            idx[d] += 1
            continue
        add_card(state[d], state[d + 1], deck[idx[d]])
        if d < k - 1:
            idx[d + 1] = idx[d] + 1
            d += 1
            continue
        st = state[k]
        s = strength_of_masks(st[0], st[1], st[2], st[3], flush_mask(st[4], st[5]), cat_pos, straight_top, top5)
        counts[s] += 1
        idx[d] += 1
    return counts


def category_counts(order: RankOrder, k: int, *, masks: bool = False) -> tuple[np.ndarray, int]:
    """Exhaustive hands per HandCategory (5 to 9 cards) of the order's deck, and distinct classes.

    The sizes the perfect-hash tables rank (5 to 7 cards) go through them, as in
    :func:`evaluate_many`, unless ``masks`` asks for the rank-mask kernel (the one 8 and 9 cards,
    equity and six-card EV use).
    """
    deck = np.array(order.deck.codes, dtype=np.int64)
    try:
        hashed = None if masks else multiset_tables(order, k)
    except HandError:   # a size the tables do not rank
        hashed = None
    if hashed is not None:
        counts = _class_counts(deck, k, *hashed)
    else:
        tables = rank_tables(order)
        counts = _class_counts_masks(deck, k, tables.cat_pos, tables.straight_top, tables.top5)
    present = np.flatnonzero(counts)
    per_category = np.zeros(10, dtype=np.int64)
    np.add.at(per_category, categories(present, order), counts[present])
    return per_category, len(present)


def _rate(fn, n: int, repeat: int = 5) -> float:
    # CPU time of this process, best of several runs: the machine's cores are shared.
    best = math.inf
    for _ in range(repeat):
        started = time.process_time()
        fn()
        best = min(best, time.process_time() - started)
    return n / best


def _random_hands(deck: Deck, n: int, k: int, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    codes = np.array(deck.codes, dtype=np.int8)
    return codes[np.argsort(rng.random((n, len(codes))), axis=1)[:, :k]]


def _phevaluator_native():
    """phevaluator's C ``evaluate_7cards`` called from a compiled loop (no Python per hand).

    The extension exports the C function; Numba calls a ctypes pointer in nopython mode, so
    this measures their evaluator itself, the way a batch caller written in C would see it.
    Returns None if the symbol cannot be found.
    """
    import ctypes

    import phevaluator

    # The compiled library the package ships beside its modules, loaded by its file: its C
    # function is the public API of phevaluator's C library.
    libraries = sorted(Path(phevaluator.__file__).parent.glob("*.so"))
    try:
        fn = ctypes.CDLL(str(libraries[0])).evaluate_7cards
    except (IndexError, OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int] * 7
    fn.restype = ctypes.c_int

    @njit
    def batch(hands, out):
        for i in range(hands.shape[0]):
            h = hands[i]
            out[i] = fn(h[0], h[1], h[2], h[3], h[4], h[5], h[6])

    return batch


def _rates() -> None:
    import phevaluator

    native = _phevaluator_native()

    n = 1_000_000
    print(f"7-card hands, batches of {n:,}, one core (M hands/s):")
    for order in (RankOrder.STANDARD, RankOrder.SHORT_DECK):
        hands = _random_hands(order.deck, n, 7)
        evaluate_many(hands[:10], order)  # JIT warm-up (or cache load)
        ours = _rate(lambda: evaluate_many(hands, order), n)  # noqa: B023 - called within this iteration
        rows = hands[:200_000].tolist()
        ev = phevaluator.evaluate_cards

        def theirs() -> None:
            for row in rows:  # noqa: B023 - called within this iteration
                ev(*row)  # noqa: B023 - called within this iteration

        ph = _rate(theirs, len(rows), repeat=1)
        line = f"  {order.deck.value} cards: rasklad {ours / 1e6:6.1f}"
        if native is not None:
            wide = hands.astype(np.int32)
            out = np.empty(n, dtype=np.int32)
            native(wide[:10], out)
            line += f"   phevaluator C, compiled loop {_rate(lambda: native(wide, out), n) / 1e6:6.1f}"  # noqa: B023 - called within this iteration
        line += f"   phevaluator.evaluate_cards, Python loop {ph / 1e6:5.2f}"
        print(line)
    print("  (phevaluator ranks by the 52-card order even on 36 cards: its rate there is speed only)")
    try:
        from pokerkit import Card as PkCard
        from pokerkit import StandardHighHand
    except ImportError:  # pragma: no cover - dev dependency
        print("  pokerkit not installed")
        return
    sample = _random_hands(Deck.STANDARD_52, 2_000, 7)
    pk_hands = [list(PkCard.parse("".join(str(Card(int(c))) for c in row))) for row in sample]
    pk = _rate(lambda: [StandardHighHand.from_game(h) for h in pk_hands], len(pk_hands), repeat=1)
    print(f"  pokerkit StandardHighHand.from_game, 2,000 hands: {pk / 1e3:.1f} k/s")


def _equity_times() -> None:
    def c(text: str) -> list[int]:
        return [Card.parse(word).code for word in text.split()]

    cases = [
        ("HU preflop, 52 (AsAh v KsKh)", [c("As Ah"), c("Ks Kh")], [], [[0, 1]], RankOrder.STANDARD),
        ("HU preflop, 36 (AsAh v KsKh)", [c("As Ah"), c("Ks Kh")], [], [[0, 1]], RankOrder.SHORT_DECK),
        ("3-way preflop, 52, side pot", [c("As Ah"), c("Ks Kh"), c("7c 8c")], [], [[0, 1, 2], [1, 2]],
         RankOrder.STANDARD),
        ("3-way preflop, 36", [c("As Ah"), c("Ks Kh"), c("7c 8c")], [], [[0, 1, 2]], RankOrder.SHORT_DECK),
        ("HU flop all-in, 52", [c("As Ah"), c("Ks Kh")], c("2c 7d 9c"), [[0, 1]], RankOrder.STANDARD),
    ]
    pot_equities(*cases[-1][1:4])  # JIT warm-up (or cache load)
    print("Exact equity (all board completions), after warm-up:")
    for name, holes, board, pots, order in cases:
        started = time.perf_counter()
        result = pot_equities(holes, board, pots, order)
        elapsed = time.perf_counter() - started
        print(f"  {name:32s} {elapsed * 1000:8.1f} ms   {np.round(result[0], 4).tolist()}")


def _counts() -> None:
    print("Exhaustive counts (hands per category, high card .. royal), vs the vectors README:")
    runs = [(RankOrder.STANDARD, 5, "52", None), (RankOrder.STANDARD, 6, "52", 6),
            (RankOrder.STANDARD, 7, "52", 7), (RankOrder.SHORT_DECK, 5, "36", None),
            (RankOrder.SHORT_DECK, 7, "SHORT_DECK", 7),
            (RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS, 7, "SHORT_DECK_STRAIGHT_OVER_TRIPS", 7)]
    five = {"52": ([1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4], 7_462),
            "36": ([122_400, 193_536, 36_288, 16_128, 6_120, 480, 1_728, 288, 20, 4], 1_404)}
    for order, k, key, seven in runs:
        started = time.perf_counter()
        got, classes = category_counts(order, k)
        elapsed = time.perf_counter() - started
        expected, expected_classes = (EXPECTED[(key, seven)], None) if seven else five[key]
        if k == 7 and key == "52":
            expected_classes = 4_824
        ok = got.tolist() == expected and (expected_classes is None or classes == expected_classes)
        total = int(got.sum())
        print(f"  {order.name:31s} {k} cards: {total:>11,} hands, {classes:,} classes, {elapsed:5.1f} s "
              f"{'ok' if ok else 'MISMATCH'}")
        if not ok:
            for cat in HandCategory:
                print(f"      {cat.label:16s} {got[cat]:>11,} expected {expected[cat]:>11,}")


def main() -> None:
    _rates()
    _equity_times()
    _counts()


if __name__ == "__main__":
    main()
