"""Re-audit benchmark: judge every stored game again after a change of rules, from the texts the
warehouse keeps, against the first ingest of the same hands.

Generates ``RASKLAD_BENCH_HANDS`` Hold'em hands (default 20,000, in files of 500), ingests them
with one worker (then two), then stamps every stored game as judged by another rules version (what a
change of ``rules/`` or ``parsers/`` does) and times ``reaudit``: every game re-read from its
kept text, replayed and its rows replaced in one commit. Then times a re-audit with nothing to
do. Prints plain lines, wall and CPU seconds (the wall moves with the machine's load, printed
too), and the re-audit's wall per phase.

``RASKLAD_BENCH_LOGS``: a folder to keep the generated logs in (made once, read by later runs
of the same size), for runs too large to generate each time. ``RASKLAD_BENCH_JOBS``: the
numbers of processes to run with, in order (default ``1,2``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.generators.holdem import generate_hands
from pipeline.ingest import ingest
from pipeline.provenance import VERSIONED_TABLES
from pipeline.reaudit import cpu_seconds, reaudit
from pipeline.warehouse import Warehouse, read_manifest
from pipeline.worker import warm_up

HANDS = int(os.environ.get("RASKLAD_BENCH_HANDS", "20000"))
JOBS = [int(jobs) for jobs in os.environ.get("RASKLAD_BENCH_JOBS", "1,2").split(",")]
PER_FILE = 500


def _corpus(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if len(list(folder.glob("holdem-*.txt"))) == max(1, HANDS // PER_FILE):
        return      # made by an earlier run
    for number in range(max(1, HANDS // PER_FILE)):
        hands = [text for text, _ in generate_hands("holdem", count=min(PER_FILE, HANDS), seed=3000 + number)]
        (folder / f"holdem-{number:05d}.txt").write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")


def _judged_by_other_rules(root: Path) -> None:
    """Every versioned row stamped with another version, in place (the parts keep their names)."""
    manifest = read_manifest(root)
    for table in VERSIONED_TABLES:
        for part in manifest.paths(table):
            rows = pq.read_table(root / part)
            column = rows.schema.get_field_index("rules_version")
            rows = rows.set_column(column, "rules_version", pa.array(["older"] * rows.num_rows, pa.string()))
            pq.write_table(rows, root / part, compression="zstd")


def main() -> None:
    warm_up()
    with tempfile.TemporaryDirectory(prefix="rasklad-bench-reaudit-") as temporary:
        folder = Path(temporary)
        logs = Path(os.environ.get("RASKLAD_BENCH_LOGS") or folder / "logs")
        _corpus(logs)
        for jobs in JOBS:
            started, cpu = time.perf_counter(), cpu_seconds()
            first = ingest([logs], folder / f"wh-{jobs}", jobs=jobs, build_models=False)
            ingest_seconds, ingest_cpu = time.perf_counter() - started, cpu_seconds() - cpu
            _judged_by_other_rules(folder / f"wh-{jobs}")
            with Warehouse(folder / f"wh-{jobs}").open() as store:
                started, cpu = time.perf_counter(), cpu_seconds()
                summary = reaudit(store, jobs=jobs)
                seconds, reaudit_cpu = time.perf_counter() - started, cpu_seconds() - cpu
                started = time.perf_counter()
                again = reaudit(store, jobs=jobs)
                idle = time.perf_counter() - started
            assert summary.judged == first.games + first.quarantined and again.judged == 0
            # CPU-seconds count the forked readers too: the machine's load moves the wall.
            print(f"{jobs} job(s): reaudit, {summary.judged:,} games: {seconds:.2f} s, {reaudit_cpu:.2f} CPU-s "
                  f"({summary.judged / seconds:,.0f} games/s); first ingest: {ingest_seconds:.2f} s, "
                  f"{ingest_cpu:.2f} CPU-s ({first.games / ingest_seconds:,.0f} games/s); reaudit / ingest: "
                  f"{reaudit_cpu / ingest_cpu:.2f}x CPU, {seconds / ingest_seconds:.2f}x wall; "
                  f"reaudit with nothing to judge: {idle:.3f} s; load average {os.getloadavg()[0]:.1f}")
            print("  reaudit phases: " + ", ".join(f"{name} {spent:.2f} s, {summary.phases_cpu[name]:.2f} CPU-s"
                                                for name, spent in summary.phases.items()), flush=True)
            shutil.rmtree(folder / f"wh-{jobs}")


if __name__ == "__main__":
    main()
