"""Incremental models benchmark: 100 new hands into a big warehouse, models included.

Builds a synthetic warehouse of ``RASKLAD_BENCH_INCREMENTAL_HANDS`` Hold'em hands (default
200,000; ``bench.bench_dashboards.build_warehouse``: 200 players at 20 tables over two years)
and times its whole models build: what every ingest cost before models were updated
incrementally. Then times, wall and CPU seconds of this process:

- ``ingest`` of a log of 100 generated hands (parsed, replayed, committed, models updated);
  their players are not in the warehouse, so the per-player marts reach only them;
- 100 hands of the warehouse's own players (the rows of 100 stored hands under new game IDs,
  committed as an ingest commits them), then the models' update: with 200 players each seated
  at one or two tables, these hands reach most of them (their season totals merge, their
  sittings near the new hands are recomputed), the heavy case; then 100 more, as the next
  import would (by then the standby models file is there to be written in place).

- a log the poker client appends to: ``RASKLAD_BENCH_APPENDED_HANDS`` generated hands (default
  20,000) ingested as one file, then 1,000 more appended to it and ingested again, which reads the
  file from its last hand on (``pipeline.worker.parse_appended``); timed beside the same file read
  whole, as every ingest did before.

Each update is listed per model, with the file it wrote (the standby in place, or a copy of
``rasklad.duckdb``). Wall time beyond CPU time is the wait for a core when the machine is
shared (each figure gives the load average): a busy loop of pure Python waits as long.
``python -m bench incremental``; ``RASKLAD_BENCH_INCREMENTAL_FROM=PATH`` starts
from a copy of the warehouse at PATH instead (one ``python -m bench.bench_dashboards --keep PATH``
wrote: a 1,000,000-hand warehouse is written once and timed by both benchmarks), with its standby
models file, whose models are built again only when they are not of this SQL.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

HANDS = int(os.environ.get("RASKLAD_BENCH_INCREMENTAL_HANDS", "200000"))
FROM = os.environ.get("RASKLAD_BENCH_INCREMENTAL_FROM")
NEW_HANDS = 100
APPENDED_HANDS = int(os.environ.get("RASKLAD_BENCH_APPENDED_HANDS", "20000"))
APPENDED_NEW = 1_000
GAME_TABLES = ("games", "game_players", "holdem_results", "holdem_actions", "findings")


class _Timer:
    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu

    def __str__(self) -> str:
        # on a shared machine wall time is mostly the wait for a core: the load tells how long
        return f"{self.wall:.2f} s wall, {self.cpu:.2f} CPU-s (load {os.getloadavg()[0]:.1f})"


def _rehands(warehouse, count: int, salt: int = 0x5a5a5a5a5a5a5a5a):
    """The rows of ``count`` stored hands under new game IDs (the old ones XOR ``salt``), as one
    file's result."""
    from pipeline.tables import SCHEMAS
    from pipeline.worker import FileResult

    old = warehouse.read_table("games", ["game_id"]).column("game_id").slice(0, count).to_pylist()
    new = {game_id: f"{int(game_id, 16) ^ salt:016x}" for game_id in old}
    tables = {}
    for name in GAME_TABLES:
        rows = warehouse.read_table(name)
        rows = rows.filter(pc.is_in(rows.column("game_id"), pa.array(old)))
        ids = pa.array([new[g] for g in rows.column("game_id").to_pylist()], pa.string())
        tables[(name, "holdem")] = rows.set_column(rows.schema.get_field_index("game_id"), "game_id", ids).cast(
            SCHEMAS[name])
    result = FileResult(f"/bench/synthetic/again-{salt:x}", f"{salt:032x}", 0, count_games=len(old))
    result.tables = tables
    return result


def _per_model(summary) -> str:
    slowest = sorted(summary.seconds.items(), key=lambda item: -item[1])
    return ", ".join(f"{name} {seconds:.2f}" for name, seconds in slowest if seconds >= 0.05)


def _appended(folder: Path, root: Path) -> None:
    """An appended log's evening: its file read from its last hand on, then the same read whole."""
    from pipeline import worker
    from pipeline.generators.holdem import generate
    from pipeline.ingest import ingest

    hands = generate("holdem", APPENDED_HANDS + APPENDED_NEW, seed=20261207)
    cut = [found.start() for found in re.finditer("^PokerStars Hand #", hands, re.MULTILINE)][APPENDED_HANDS]
    log = folder / "appended.txt"
    log.write_text(hands[:cut])
    ingest([log], root, jobs=1)
    kept = folder / "before-append"
    shutil.copytree(root, kept)
    log.write_text(hands)
    for way, reader in (("from its last hand on", worker.parse_appended), ("whole", lambda *args, **kwargs: None)):
        shutil.rmtree(root)
        shutil.copytree(kept, root)
        worker.parse_appended, real = reader, worker.parse_appended
        try:
            with _Timer() as timer:
                summary = ingest([log], root, jobs=1)
        finally:
            worker.parse_appended = real
        print(f"{summary.games:,} hands appended to a file of {summary.games_known:,} stored, read {way}: {timer}; "
              f"of which models {summary.models_seconds:.2f} s wall")


def main() -> None:
    from bench.bench_dashboards import build_warehouse
    from pipeline import models
    from pipeline.generators.holdem import generate
    from pipeline.ingest import ingest, refresh_models
    from pipeline.warehouse import Warehouse
    from pipeline.worker import warm_up

    warm_up()
    folder = Path(tempfile.mkdtemp(prefix="rasklad-bench-incremental-"))
    try:
        root = folder / "warehouse"
        if FROM:
            # with its standby, as the whole build that made it leaves one: without it, the first update
            # copies the whole models file first (1.7 of its 3.0 s at 1M hands), which no ingest after
            # a build does
            shutil.copytree(FROM, root, ignore=shutil.ignore_patterns("*.building-*", "*.swap-*"))
            with Warehouse(root).open() as store:
                hands = store.read_table("games", ["game_id"]).num_rows
                with _Timer() as whole:
                    refresh_models(store)   # built again only when the SQL changed; its stamp, as an ingest leaves it
            built = {"models_s": whole.wall}
        else:
            hands = HANDS
            with _Timer() as whole:
                built = build_warehouse(root, HANDS)
            with Warehouse(root).open() as store:
                refresh_models(store)   # its stamp, as an ingest leaves it
        size = (root / "rasklad.duckdb").stat().st_size
        print(f"{hands:,} hands{' (copied)' if FROM else ''}: whole models build {built['models_s']:.2f} s wall "
              f"(written and built: {whole}); rasklad.duckdb {size / 2**20:.0f} MiB")

        log = folder / "new.txt"
        log.write_text(generate("holdem", NEW_HANDS, seed=20261203))
        with _Timer() as timer:
            summary = ingest([log], root, jobs=1)
        print(f"ingest of {summary.games} new hands (new players), models included: {timer}; "
              f"of which models {summary.models_seconds:.2f} s wall")

        copies = []     # the models files an update copied (none: it wrote the standby in place)
        real_copy = models.shutil.copyfile

        def counted_copy(source, target, **options):
            copies.append(target)
            return real_copy(source, target, **options)

        models.shutil.copyfile = counted_copy
        try:
            for round_name, salt in (("", 0x5a5a5a5a5a5a5a5a), ("again, ", 0x3c3c3c3c3c3c3c3c)):
                copies.clear()
                with Warehouse(root).open() as store:
                    result = _rehands(store, NEW_HANDS, salt)
                    with _Timer() as commit:
                        store.commit([result])
                    with _Timer() as timer:
                        update = models.update(store)
                written = "a copy of rasklad.duckdb" if copies else "the standby in place"
                print(f"{round_name}{NEW_HANDS} hands of the warehouse's own players: commit {commit}; models "
                      f"update {timer}, {written} ({len(update.incremental)} updated, {len(update.rebuilt)} "
                      f"rebuilt, {len(update.unchanged)} unchanged; slowest: {_per_model(update)})")
        finally:
            models.shutil.copyfile = real_copy
        _appended(folder, root)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
