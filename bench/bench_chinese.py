"""Chinese poker and OFC: hands per second through the full ingest into a temporary warehouse.

Run with ``python -m bench chinese``. Generates hands of each kind, writes them to files of
500 hands, then times ``pipeline.ingest.ingest`` (parse, replay, Parquet commit and the SQL
models) with one worker and with all cores, and ``parse_file`` alone (parse, replay and rows,
with how many hands the batch lane took); prints the rates beside those before the batch lanes,
asserts nothing. ``RASKLAD_BENCH_CHINESE_HANDS`` sets how many Chinese poker hands (1,000
unless set; OFC's kinds take half as many each).
"""

from __future__ import annotations

import gc
import os
import tempfile
import time
from pathlib import Path

from pipeline.generators.chinese import generate
from pipeline.ingest import ingest
from pipeline.worker import parse_file

HANDS = int(os.environ.get("RASKLAD_BENCH_CHINESE_HANDS", "1000"))
KINDS = [("chinese", {}, HANDS), ("ofc", {"variant": "classic"}, HANDS // 2),
         ("ofc", {"variant": "pineapple"}, HANDS // 2)]
PER_FILE = 500
BEFORE = {"chinese": 850, "ofc": 420}
"""Hands per second per core through the full ingest on 2026-12-02, before the replays were made
faster: printed beside today's rates (the goals: 8,000 and 4,000)."""
PARSE_BEFORE = {"chinese": 6119, "ofc classic": 1449, "ofc pineapple": 1834}
"""``parse_file`` hands per CPU-second on 2026-12-03, before OFC had its column reader and the
readers remembered recurring lines: printed beside today's."""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for game, options, count in KINDS:
            label = f"{game} {options.get('variant', '')}".strip()
            folder = root / label.replace(" ", "-")
            folder.mkdir()
            started = time.perf_counter()
            for i in range(count // PER_FILE):
                text = generate(game, count=PER_FILE, seed=i, **options)
                (folder / f"hands-{i}.txt").write_text(text, encoding="utf-8")
            generated = time.perf_counter() - started
            # the objects alive now set apart from the collector, as ingest sets them apart before it
            # reads: otherwise each full collection walks every module's objects again, a third of
            # parse_file's time over 2,000 hands (the readers of an ingest never pay it)
            gc.freeze()
            started, cpu = time.perf_counter(), time.process_time()
            results = [parse_file(path) for path in sorted(folder.glob("*.txt"))]
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
            gc.unfreeze()
            parsed = sum(r.count_games for r in results)
            batched = sum(r.count_lane for r in results)
            print(f"{label:18s} {parsed:6d} hands, parse + replay + rows (parse_file, one core): "
                  f"{parsed / seconds:8.0f} hands/s ({parsed / cpu:.0f} per CPU-second, was {PARSE_BEFORE[label]}; "
                  f"{batched} by the batch lane; 2026-12-02: ~{BEFORE[game]} through ingest)", flush=True)
            for jobs in (1, os.cpu_count() or 1):
                started = time.perf_counter()
                summary = ingest([folder], root / f"warehouse-{label}-{jobs}", jobs=jobs)
                seconds = time.perf_counter() - started
                stored = max(seconds - summary.models_seconds, 1e-9)
                print(f"{label:18s} {summary.games:6d} hands, {jobs} job(s): {summary.games / seconds:8.0f} hands/s "
                      f"through ingest, {summary.games / stored:.0f} before the SQL models, was ~{BEFORE[game]} "
                      f"a core ({seconds:.2f} s incl. {summary.models_seconds:.2f} s of SQL models; "
                      f"{summary.findings} findings, {summary.quarantined} quarantined)", flush=True)
            print(f"{'':18s} generator: {count / generated:.0f} hands/s", flush=True)


if __name__ == "__main__":
    main()
