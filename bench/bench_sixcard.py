"""Six-card poker: EV computations per second, sessions per second through a full ingest, house edge.

Run with ``python -m bench sixcard``. Rates are after JIT warm-up, on whatever cores the
machine gives; nothing asserts a speed. The house edge of perfect play is printed from the
constant the SQL models join (``sql/20_intermediate/int_sixcard_house_edge.sql``); set
``RASKLAD_BENCH_HOUSE_EDGE_ROUNDS=N`` to recompute it here with N rounds of the stratified
method of :func:`house_edge` (each round is about 100 exact deals; the stored figure is 125
rounds, seed 12).
"""

from __future__ import annotations

import math
import os
import random
import tempfile
import time
from pathlib import Path

import duckdb
import numpy as np

from pipeline.generators.sixcard import generate
from pipeline.ingest import ingest
from rules.evaluator import evaluate_many, hand_combinations
from rules.sixcard_ev import DrawTree

ROOT = Path(__file__).resolve().parents[1]
HOUSE_EDGE_SQL = ROOT / "sql" / "20_intermediate" / "int_sixcard_house_edge.sql"


def ev_rate(boxes: int, other_boxes: int, seed: int = 1) -> tuple[float, float, int]:
    """(boxes per second, dealer-hand comparisons per second, final hands per box) of the full draw tree."""
    rng = random.Random(seed)
    deals = []
    for _ in range(boxes):
        deck = rng.sample(range(52), 6 + 5 * other_boxes)
        deals.append((tuple(deck[:5]), deck[5], tuple(deck[6:])))
    DrawTree.build(*deals[0][:2], deals[0][2]).root_options()  # warm-up (JIT cache load)
    started = time.process_time()
    for hand, up, seen in deals:
        DrawTree.build(hand, up, seen).root_options()
    seconds = time.process_time() - started
    n = 52 - 6 - 5 * other_boxes
    finals = 1 + 5 * n + n + n * 6 * (n - 1)
    comparisons = finals * math.comb(n - 1, 4) * boxes
    return boxes / seconds, comparisons / seconds, finals


def ingest_rate(files: int, sessions: int, hands: int, seed: int = 3,
                jobs: int | None = None) -> tuple[float, float, float]:
    """(sessions/s, boxes/s, seconds) of a full ingest (parse, replay, EV, Parquet, SQL models)."""
    with tempfile.TemporaryDirectory() as tmp:
        boxes = 0
        for i in range(files):
            text = generate("sixcard", count=sessions, seed=seed + i, hands=hands, strategy="simple")
            boxes += sum(line.startswith("Box ") and "dealer game" not in line for line in text.splitlines())
            (Path(tmp) / f"s{i}.txt").write_text(text, encoding="utf-8")
        started = time.perf_counter()
        summary = ingest([tmp], Path(tmp) / "wh", jobs=jobs)
        seconds = time.perf_counter() - started
    assert summary.games == files * sessions, summary.as_dict()
    return files * sessions / seconds, boxes / seconds, seconds


def house_edge(rounds: int, seed: int = 12, per_round: int = 100) -> dict:
    """Expected loss per ante of perfect play, one box, bet 2 antes: stratified sampling of deals.

    Every 5-card hand is ranked once (2,598,960); a stratum is a (category, top rank) pair, its
    weight its exact share of hands. Each round draws about ``per_round × weight`` deals per
    stratum (at least one in the first two rounds and every tenth, for the rare strata), a
    random up card for each, and takes the exact EV of the best first decision. The estimate
    is the weighted mean of the strata means; its standard error the stratified one.
    """
    rng = np.random.default_rng(seed)
    hands = hand_combinations(range(52), 5)
    key = evaluate_many(hands) >> 16
    keys, inverse = np.unique(key, return_inverse=True)
    order = np.argsort(inverse, kind="stable")
    bounds = np.searchsorted(inverse[order], np.arange(len(keys) + 1))
    weights = np.diff(bounds) / len(hands)
    values: list[list[float]] = [[] for _ in keys]
    for r in range(rounds):
        for h in range(len(keys)):
            k = round(weights[h] * per_round)
            if k == 0 and (r < 2 or r % 10 == 0):
                k = 1
            for _ in range(k):
                hand = hands[order[rng.integers(bounds[h], bounds[h + 1])]].astype(int).tolist()
                up = int(rng.choice([c for c in range(52) if c not in hand]))
                tree = DrawTree.build(tuple(hand), up, ())
                values[h].append(max(v for _, v in tree.root_options()))
    mean = sum(weights[h] * np.mean(values[h]) for h in range(len(keys)))
    variance = sum(weights[h] ** 2 * np.var(values[h], ddof=1) / len(values[h])
                   for h in range(len(keys)) if len(values[h]) > 1)
    return {"house_edge": -mean, "standard_error": variance ** 0.5, "deals": sum(map(len, values))}


def stored_house_edge() -> tuple:
    body = HOUSE_EDGE_SQL.read_text(encoding="utf-8")
    return duckdb.sql(body).fetchall()[0]


def main() -> None:
    for others in (0, 2):
        rate, comparisons, finals = ev_rate(boxes=6, other_boxes=others)
        print(f"EV of every option, {others + 1} box(es) dealt: {rate:.2f} boxes/s "
              f"({finals:,} final hands, each against every dealer hand: the equivalent of "
              f"{comparisons / 1e9:.1f} G hand comparisons/s, one core)")
    for jobs in (1, None):
        sessions_s, boxes_s, seconds = ingest_rate(files=4, sessions=2, hands=10, jobs=jobs)
        print(f"ingest (parse, replay, EV, Parquet, SQL), jobs={jobs or os.cpu_count()}: "
              f"{sessions_s:.2f} sessions/s of 10 hands, {boxes_s:.1f} boxes/s ({seconds:.1f} s)")
    edge, error, deals, method = stored_house_edge()
    print(f"house edge of perfect play (stored): {float(edge):.4%} of the ante ± {float(error):.4%} "
          f"({deals:,} deals, {method})")
    rounds = int(os.environ.get("RASKLAD_BENCH_HOUSE_EDGE_ROUNDS", "0"))
    if rounds:
        started = time.perf_counter()
        found = house_edge(rounds)
        print(f"house edge recomputed: {found['house_edge']:.4%} ± {found['standard_error']:.4%} "
              f"({found['deals']:,} deals, {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
