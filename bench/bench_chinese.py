"""Chinese poker and OFC: hands per CPU-second through ``parse_file`` and the full ingest.

Run with ``python -m bench chinese``. Generates hands of each kind in files of 500 hands, then
times, one core, best of ``RASKLAD_BENCH_REPEATS`` (3 unless set):

- ``parse_file`` alone (parse, replay and rows, with how many hands the batch lane took) over the
  small set;
- ``pipeline.ingest.ingest`` with one worker (start-up, parse, replay, Parquet commit and the SQL
  models) over the small set and over the large one, where the fixed costs are spread thin;
- the same ingest with every core, once, over the large set;
- the ``rasklad ingest`` command over the large set, one job, in a process of its own (Python's
  start-up, the imports and the SQL models counted, as a user pays them), best of the repeats.

``RASKLAD_BENCH_CHINESE_HANDS`` sets the small set (2,000 Chinese poker hands unless set) and
``RASKLAD_BENCH_CHINESE_LARGE`` the large one (20,000); each OFC variant has half as many. Prints
the rates beside the earlier ones and the load average, asserts nothing.
"""

from __future__ import annotations

import gc
import os
import resource
import tempfile
import time
from pathlib import Path

from bench import cache_bytecode, command_cpu
from pipeline.generators.chinese import generate
from pipeline.ingest import ingest
from pipeline.worker import parse_file

HANDS = int(os.environ.get("RASKLAD_BENCH_CHINESE_HANDS", "2000"))
LARGE = int(os.environ.get("RASKLAD_BENCH_CHINESE_LARGE", "20000"))
REPEATS = int(os.environ.get("RASKLAD_BENCH_REPEATS", "3"))
KINDS = [("chinese", {}, 1), ("ofc", {"variant": "classic"}, 2), ("ofc", {"variant": "pineapple"}, 2)]
"""Each kind, its generator's options and the share of the sizes above it gets."""
PER_FILE = 500
BEFORE = {"chinese": 850, "ofc": 420}
"""Hands per second per core through the full ingest on 2026-12-02, before the replays were made
faster: printed beside today's rates (the goals: 8,000 and 4,000)."""
PARSE_BEFORE = {"chinese": 6119, "ofc classic": 1449, "ofc pineapple": 1834}
"""``parse_file`` hands per CPU-second on 2026-12-03, before OFC had its column reader and the
readers remembered recurring lines: printed beside today's."""


def _cpu() -> float:
    """CPU-seconds of this process and its finished children: the figure the load disturbs least."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def _ingest_rate(files: list[Path], root: Path, name: str, jobs: int = 1) -> tuple[float, float, object]:
    """Best hands per CPU-second and per wall second of ingesting ``files`` into fresh warehouses."""
    best_cpu = best_wall = 0.0
    summary = None
    for attempt in range(REPEATS if jobs == 1 else 1):
        folder = root / f"{name}-{jobs}-{attempt}"
        folder.mkdir()
        for path in files:      # links, so that each run reads its own folder into its own warehouse
            (folder / path.name).symlink_to(path)
        started, cpu = time.perf_counter(), _cpu()
        summary = ingest([folder], root / f"warehouse-{name}-{jobs}-{attempt}", jobs=jobs)
        seconds, cpu = time.perf_counter() - started, _cpu() - cpu
        best_cpu, best_wall = max(best_cpu, summary.games / cpu), max(best_wall, summary.games / seconds)
    return best_cpu, best_wall, summary


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for game, options, share in KINDS:
            label = f"{game} {options.get('variant', '')}".strip()
            name = label.replace(" ", "-")
            folder = root / name
            folder.mkdir()
            small, large = HANDS // share, LARGE // share
            started = time.perf_counter()
            files = []
            for i in range(max(small, large) // PER_FILE):
                path = folder / f"hands-{i:03d}.txt"
                path.write_text(generate(game, count=PER_FILE, seed=i, **options), encoding="utf-8")
                files.append(path)
            generated = time.perf_counter() - started
            small_files = files[:small // PER_FILE]
            # the objects alive now set apart from the collector, as ingest sets them apart before it
            # reads: otherwise each full collection walks every module's objects again, a third of
            # parse_file's time over 2,000 hands (the readers of an ingest never pay it)
            gc.freeze()
            best = 0.0
            for _ in range(REPEATS):
                cpu = _cpu()
                results = [parse_file(path) for path in small_files]
                best = max(best, sum(r.count_games for r in results) / (_cpu() - cpu))
            gc.unfreeze()
            parsed = sum(r.count_games for r in results)
            batched = sum(r.count_lane for r in results)
            print(f"{label:15s} {parsed:6d} hands, parse_file (parse + replay + rows): {best:7.0f} per CPU-s "
                  f"(was {PARSE_BEFORE[label]}; {batched} by the batch lane; {_load()})", flush=True)
            for size, chosen in ((small, small_files), (large, files)):
                cpu_rate, wall_rate, summary = _ingest_rate(chosen, root, f"{name}-{size}")
                print(f"{label:15s} {summary.games:6d} hands, full ingest, 1 job: {cpu_rate:7.0f} per CPU-s, "
                      f"{wall_rate:.0f}/s wall (was ~{BEFORE[game]}; the goal {8000 if game == 'chinese' else 4000}; "
                      f"{summary.models_seconds:.2f} s of SQL models; {summary.findings} findings, "
                      f"{summary.quarantined} quarantined; {_load()})", flush=True)
            jobs = os.cpu_count() or 1
            _, wall_rate, summary = _ingest_rate(files, root, f"{name}-{large}", jobs=jobs)
            print(f"{label:15s} {summary.games:6d} hands, full ingest, {jobs} jobs: {wall_rate:7.0f}/s wall "
                  f"({_load()})", flush=True)
            cache_bytecode()
            command = min(command_cpu("ingest", str(folder), "-w", str(root / f"warehouse-{name}-command-{attempt}"),
                                      "-j", "1", "-q") for attempt in range(REPEATS))
            print(f"{label:15s} {len(files) * PER_FILE:6d} hands, the rasklad ingest command, 1 job: "
                  f"{len(files) * PER_FILE / command:7.0f} per CPU-s ({command:.2f} CPU-s with its start-up; "
                  f"the goal {8000 if game == 'chinese' else 4000}; {_load()})", flush=True)
            print(f"{'':15s} generator: {len(files) * PER_FILE / generated:.0f} hands/s", flush=True)


if __name__ == "__main__":
    main()
