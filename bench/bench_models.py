"""Models benchmark: the CPU of a first build of the SQL models, model by model.

One run generates one file of ``RASKLAD_BENCH_MODELS_HANDS`` Hold'em hands (default 20,000, the
tournament all-in mix of the ingest benchmark's command goals), ingests it without models, then
builds every model of ``sql/`` into the warehouse on one thread (as ``rasklad ingest -j 1`` does),
``RASKLAD_BENCH_ROUNDS`` times (default 3). It prints the build's CPU seconds (the best round) and
each costly model's (its best round), with the load average beside them: the machine is shared,
and CPU seconds move with its load less than the wall clock does. A view costs nothing when it is
made: its query runs inside the tables that read it, so the costly views are listed apart, each
timed alone over the built warehouse (their CPU is part of their readers' above). Each costly table's
CPU is split into its query, computed alone into memory over the built warehouse, and the rest: the
storing of its rows in the models file (their compression and write): what the rows and columns
the table holds cost, however its query is written.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from pipeline import models
from pipeline.generators.holdem import generate_hands
from pipeline.ingest import ingest
from pipeline.warehouse import Warehouse, connect

HANDS = int(os.environ.get("RASKLAD_BENCH_MODELS_HANDS", "20000"))
ROUNDS = int(os.environ.get("RASKLAD_BENCH_ROUNDS", "3"))
SHOWN = 8
"""The costliest models listed one by one; the rest are summed."""
VIEW_SHOWN_FROM = 0.05
"""The views listed apart: those costing at least this many CPU seconds alone."""


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="rasklad-bench-models-"))
    try:
        log = root / "hands.txt"
        # the ingest benchmark's tournament mix: ~40 % of hands with an all-in, many short stacks
        hands = [text for text, _ in generate_hands("holdem", count=HANDS, seed=7, allin=0.08, short_stacks=0.45)]
        log.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
        warehouse = root / "warehouse"
        ingest([log], warehouse, jobs=1, build_models=False)
        store = Warehouse(warehouse).open()
        rounds: list[tuple[float, dict[str, float]]] = []
        for _ in range(ROUNDS):
            each: dict[str, float] = {}
            started = time.process_time()
            models.build(store, threads=1, cpu_seconds=each)
            rounds.append((time.process_time() - started, each))
        total, in_best_round = min(rounds, key=lambda run: run[0])
        best = {name: min(each[name] for _, each in rounds) for name in in_best_round}
        print(f"models build of {HANDS:,} hands, one thread: {total:.2f} CPU-s "
              f"(best of {ROUNDS}: {', '.join(f'{run[0]:.2f}' for run in rounds)}; load {os.getloadavg()[0]:.1f})")
        ranked = sorted(best.items(), key=lambda item: -item[1])
        tables = {model.name: model for model in models.models() if model.materialized == "table"}
        queries = _alone(warehouse, [tables[name] for name, _ in ranked[:SHOWN] if name in tables])
        for name, seconds in ranked[:SHOWN]:
            split = (f": its query {queries[name]:.3f}, storing its rows {seconds - queries[name]:.3f}"
                     if name in queries else "")
            print(f"  {name}: {seconds:.3f} CPU-s ({seconds / total:.0%}){split}")
        print(f"  the other {len(ranked) - SHOWN} models: {sum(seconds for _, seconds in ranked[SHOWN:]):.3f} CPU-s; "
              f"the rest of the build (the tables' views, the macros, the file's last write and its copy): "
              f"{total - sum(in_best_round.values()):.3f} CPU-s")
        for name, seconds in _costly_views(warehouse):
            print(f"  inside its readers, the view {name}: {seconds:.3f} CPU-s alone")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _costly_views(warehouse: Path) -> list[tuple[str, float]]:
    """Each view model's CPU seconds alone (:func:`_alone`), for those costing at least
    ``VIEW_SHOWN_FROM``, the costliest first."""
    costs = _alone(warehouse, [model for model in models.models() if model.materialized == "view"])
    return sorted(((name, seconds) for name, seconds in costs.items() if seconds >= VIEW_SHOWN_FROM),
                  key=lambda item: -item[1])


def _alone(warehouse: Path, chosen: list[models.Model]) -> dict[str, float]:
    """Each of ``chosen``'s query CPU seconds, computed alone into a temporary table in memory on one
    thread over the built warehouse (the best of the rounds)."""
    costs = {}
    with connect(warehouse, threads=1, preserve_insertion_order=False) as con:
        for model in chosen:
            runs = []
            for _ in range(ROUNDS):
                started = time.process_time()
                con.execute(f"create or replace temp table timed as\n{model.body}")
                runs.append(time.process_time() - started)
            costs[model.name] = min(runs)
    return costs


if __name__ == "__main__":
    main()
