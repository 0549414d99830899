"""Six-card poker: EV computations per second, sessions per second through a full ingest, and
what the exact house edge costs.

Run with ``python -m bench sixcard``. Rates are CPU time after JIT warm-up (and after the dealer
hands' tables are made, once per process); nothing asserts a speed. The house-edge line times
``RASKLAD_BENCH_HOUSE_EDGE_CHUNKS`` chunks (default 1) of ``rasklad house-edge``'s canonical deals,
taken in the command's own shuffled order, and scales their CPU time to all 5,649,150 deals.
"""

from __future__ import annotations

import math
import os
import random
import tempfile
import time
from pathlib import Path

from pipeline.generators.sixcard import generate
from pipeline.ingest import ingest
from rules.sixcard_ev import DrawTree


def ev_rate(boxes: int, other_boxes: int, seed: int = 1) -> tuple[float, float, int]:
    """(boxes per second, dealer-hand comparisons per second, final hands per box) of the full draw tree."""
    rng = random.Random(seed)
    deals = []
    for _ in range(boxes):
        deck = rng.sample(range(52), 6 + 5 * other_boxes)
        deals.append((tuple(deck[:5]), deck[5], tuple(deck[6:])))
    DrawTree.build(*deals[0]).root_options()  # warm-up: JIT cache load, the dealer hands' tables
    started = time.process_time()
    for hand, up, seen in deals:
        DrawTree.build(hand, up, seen).root_options()
    seconds = time.process_time() - started
    n = 52 - 6 - 5 * other_boxes
    finals = 1 + 5 * n + n + n * 6 * (n - 1)
    comparisons = finals * math.comb(n - 1, 4) * boxes
    return boxes / seconds, comparisons / seconds, finals


def ingest_rate(files: int, sessions: int, hands: int, seed: int = 3,
                jobs: int | None = None) -> tuple[float, float, float, float]:
    """(sessions/s, boxes/s, seconds, CPU-seconds of this process) of a full ingest (parse, replay,
    EV, Parquet, SQL models); with one job the CPU-seconds are the whole ingest's."""
    with tempfile.TemporaryDirectory() as tmp:
        boxes = 0
        for i in range(files):
            text = generate("sixcard", count=sessions, seed=seed + i, hands=hands, strategy="simple")
            boxes += sum(line.startswith("Box ") and "dealer game" not in line for line in text.splitlines())
            (Path(tmp) / f"s{i}.txt").write_text(text, encoding="utf-8")
        started, cpu = time.perf_counter(), time.process_time()
        summary = ingest([tmp], Path(tmp) / "wh", jobs=jobs)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert summary.games == files * sessions, summary.as_dict()
    return files * sessions / seconds, boxes / seconds, seconds, cpu


def house_edge_cost(chunks: int) -> tuple[float, float, int]:
    """(canonical deals per CPU-second, estimated CPU-hours of the whole run, deals timed)."""
    from pipeline import house_edge as he

    he.canonical_deals()
    he.compute_chunk("default", 0, 1)   # warm-up: one deal, so that no kernel's compiling is timed
    order = he.chunk_order(he.chunk_count())[:chunks]
    rows = [he.compute_chunk("default", chunk) for chunk in order]
    deals = sum(row["canonical"] for row in rows)
    rate = deals / sum(row["cpu_seconds"] for row in rows)
    return rate, len(he.canonical_deals()[1]) / rate / 3600, deals


OLD_RATES = {0: "153 with every dealer hand looked up, ~15 on 2026-12-02",
             2: "305 with every dealer hand looked up, ~50 on 2026-12-02"}
"""Boxes per second of the former engines, one box dealt and three."""
OLD_HOUSE_EDGE_HOURS = ("~3.8-4.9 with each deal's draw tree ranked on its own, ~10.3 with every dealer hand looked up, "
                        "~118 on 2026-12-02")


def main() -> None:
    for others in (0, 2):
        rate, comparisons, finals = ev_rate(boxes=60, other_boxes=others)
        print(f"EV of every option, {others + 1} box(es) dealt: {rate:.1f} boxes/s (was {OLD_RATES[others]}; "
              f"{finals:,} final hands, each against every dealer hand: the equivalent of "
              f"{comparisons / 1e9:.1f} G hand comparisons/s, one core)")
    # 80 sessions: at 8 the models' build, a cost per run, is most of the time
    for jobs in (1, None):
        sessions_s, boxes_s, seconds, cpu = ingest_rate(files=8, sessions=10, hands=10, jobs=jobs)
        per_cpu = f", {boxes_s * seconds / cpu:.1f} boxes per CPU-s (goal 300, ~15-50 on 2026-12-02)" if jobs == 1 else ""
        print(f"ingest (parse, replay, EV, Parquet, SQL), jobs={jobs or os.cpu_count()}: "
              f"{sessions_s:.2f} sessions/s of 10 hands, {boxes_s:.1f} boxes/s{per_cpu} ({seconds:.1f} s)")
    chunks = int(os.environ.get("RASKLAD_BENCH_HOUSE_EDGE_CHUNKS", "1"))
    rate, hours, deals = house_edge_cost(chunks)
    print(f"exact house edge: {rate:.1f} canonical deals per CPU-second over {deals:,} deals: "
          f"~{hours:.1f} CPU-hours for all 5,649,150 (was {OLD_HOUSE_EDGE_HOURS})")


if __name__ == "__main__":
    main()
