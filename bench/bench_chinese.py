"""Chinese poker and OFC: hands per second through the full ingest into a temporary warehouse.

Run with ``python -m bench chinese``. Generates hands of each kind, writes them to files of
500 hands, then times ``pipeline.ingest.ingest`` (parse, replay, Parquet commit and the SQL
models) with one worker and with all cores, and the engine-free ``parse_file`` alone; prints
the rates, asserts nothing.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from pipeline.generators.chinese import generate
from pipeline.ingest import ingest
from pipeline.worker import parse_file

KINDS = [("chinese", {}, 1000), ("ofc", {"variant": "classic"}, 500), ("ofc", {"variant": "pineapple"}, 500)]
PER_FILE = 500


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
            started = time.perf_counter()
            parsed = sum(parse_file(path).count_games for path in sorted(folder.glob("*.txt")))
            seconds = time.perf_counter() - started
            print(f"{label:18s} {parsed:6d} hands, parse + replay + rows (parse_file, one core): "
                  f"{parsed / seconds:8.0f} hands/s", flush=True)
            for jobs in (1, os.cpu_count() or 1):
                started = time.perf_counter()
                summary = ingest([folder], root / f"warehouse-{label}-{jobs}", jobs=jobs)
                seconds = time.perf_counter() - started
                print(f"{label:18s} {summary.games:6d} hands, {jobs} job(s): {summary.games / seconds:8.0f} hands/s "
                      f"through ingest ({seconds:.2f} s incl. SQL models; {summary.findings} findings, "
                      f"{summary.quarantined} quarantined)", flush=True)
            print(f"{'':18s} generator: {count / generated:.0f} hands/s", flush=True)


if __name__ == "__main__":
    main()
