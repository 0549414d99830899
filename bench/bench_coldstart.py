"""First-run benchmark: ``rasklad ingest data/samples`` with an empty kernel cache.

Run with ``python -m bench coldstart``. The ingest runs as a user runs it, in a new process,
with ``NUMBA_CACHE_DIR`` pointing at an empty temporary folder so that every kernel it needs
is compiled; then once more with the cache it filled, into a new warehouse. Prints the CPU
seconds (the ingest and the workers it forked) and wall seconds of both, the CPU seconds spent
compiling, per module and per kernel (``RASKLAD_COMPILE_LOG``, see ``pipeline/kernels.py``), and whether
the run said it was compiling. Goal: at most 20 CPU-seconds of compiling on the first run.

Then a user's first ingest of a PokerStars history, also with an empty cache: the real PokerStars
files of ``../shared/corpora/pokerstars`` (when that folder is there; ``RASKLAD_SHARED`` names
another) and a generated history of ``RASKLAD_BENCH_COLDSTART_HANDS`` hands (default 1,500), so
that the run passes the PokerStars lane's run minimum (``pipeline.facts.holdem.LANE_RUN_HANDS``)
as a real history of thousands of hands does. On a first run it stays below the lane's first-run
minimum (``LANE_FIRST_RUN_HANDS``) and takes the record batch, compiling no byte reader. Last, a
first ingest of a generated history a third over that minimum (the run estimates a file's hands
from the fifty or so at its start, here 10 % short), which compiles the byte reader too: the most a
first run compiles. Their compile figures are printed the same way.

``RASKLAD_BENCH_COLDSTART_JOBS`` sets ``--jobs`` (default: the command's own, all cores);
``RASKLAD_BENCH_COLDSTART_INPUT`` the folder or file to ingest (default ``data/samples``);
``RASKLAD_BENCH_COLDSTART_POKERSTARS=0`` leaves out the PokerStars runs, ``RASKLAD_BENCH_COLDSTART_LARGE=0``
the last one (it generates and reads some 30 MB).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from bench import CORPORA

ROOT = Path(__file__).resolve().parent.parent
INPUT = os.environ.get("RASKLAD_BENCH_COLDSTART_INPUT", str(ROOT / "data" / "samples"))
JOBS = os.environ.get("RASKLAD_BENCH_COLDSTART_JOBS")
POKERSTARS = os.environ.get("RASKLAD_BENCH_COLDSTART_POKERSTARS", "1") != "0"
POKERSTARS_CORPUS = CORPORA / "pokerstars"
HISTORY_HANDS = int(os.environ.get("RASKLAD_BENCH_COLDSTART_HANDS", "1500"))
LARGE = POKERSTARS and os.environ.get("RASKLAD_BENCH_COLDSTART_LARGE", "1") != "0"
SHOW_KERNELS = 15


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ingest(cache: Path, warehouse: Path, log: Path, inputs: list[str] | None = None) -> tuple[float, float, str]:
    """One ``rasklad ingest`` in a new process: its CPU and wall seconds, and its stderr."""
    command = [sys.executable, "-m", "pipeline.cli", "ingest", *(inputs or [INPUT]), "--warehouse", str(warehouse)]
    if JOBS:
        command += ["--jobs", JOBS]
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "RASKLAD_COMPILE_LOG": str(log),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    cpu, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    cpu, wall = _children_cpu() - cpu, time.perf_counter() - wall
    if done.returncode not in (0, 1):     # 1: some games quarantined, which the samples may hold
        raise SystemExit(f"the ingest failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return cpu, wall, done.stderr


def compiles(log: Path) -> list[dict]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def pokerstars_history(folder: Path) -> list[str]:
    """The PokerStars run's inputs: the real files when they are there, and a generated history."""
    from pipeline.generators.holdem import generate

    history = folder / "pokerstars-history.txt"
    history.write_text(generate("holdem", HISTORY_HANDS, seed=11), encoding="utf-8")
    return ([str(POKERSTARS_CORPUS)] if POKERSTARS_CORPUS.is_dir() else []) + [str(history)]


def first_pokerstars_run(tmp: Path, name: str, inputs: list[str]) -> tuple[float, float, list[dict]]:
    """A first ingest of ``inputs`` with a kernel cache of its own: CPU and wall seconds, compiles."""
    cache, log = tmp / f"numba-cache-{name}", tmp / f"compile-{name}.jsonl"
    cache.mkdir()
    cpu, wall, _ = ingest(cache, tmp / f"warehouse-{name}", log, inputs)
    return cpu, wall, compiles(log)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="rasklad-coldstart-") as folder:
        tmp = Path(folder)
        cache = tmp / "numba-cache"
        cache.mkdir()
        first_log, second_log = tmp / "compile-1.jsonl", tmp / "compile-2.jsonl"
        cpu, wall, stderr = ingest(cache, tmp / "warehouse-1", first_log)
        again_cpu, again_wall, _ = ingest(cache, tmp / "warehouse-2", second_log)
        built, built_again = compiles(first_log), compiles(second_log)
        if POKERSTARS:
            stars_cpu, stars_wall, stars_built = first_pokerstars_run(tmp, "pokerstars", pokerstars_history(tmp))
        if LARGE:
            from pipeline.facts.holdem import LANE_FIRST_RUN_HANDS
            from pipeline.generators.holdem import generate

            large_hands = LANE_FIRST_RUN_HANDS * 4 // 3
            large = tmp / "pokerstars-large.txt"
            large.write_text(generate("holdem", large_hands, seed=12), encoding="utf-8")
            large_cpu, large_wall, large_built = first_pokerstars_run(tmp, "large", [str(large)])

    jobs = JOBS or "the default (all cores)"
    print(f"input {INPUT}, --jobs {jobs}")
    print(f"first run, empty kernel cache: {cpu:.1f} CPU-s, {wall:.1f} s wall")
    print(f"second run, cache filled:      {again_cpu:.1f} CPU-s, {again_wall:.1f} s wall")
    report(built)
    if built_again:
        print(f"  the second run compiled again: {len(built_again)} compiles (expected none)")
    said = [line for line in stderr.splitlines() if "compiling kernels" in line]
    print(f"told the user: {'yes' if said else 'NO'} ({len(said)} lines, e.g. {said[0]!r})" if said
          else "told the user: NO")
    breakdown(built)
    if POKERSTARS:
        corpus = "the PokerStars corpus and " if POKERSTARS_CORPUS.is_dir() else ""
        print(f"\nPokerStars history ({corpus}{HISTORY_HANDS:,} generated hands), empty kernel cache: "
              f"{stars_cpu:.1f} CPU-s, {stars_wall:.1f} s wall")
        report(stars_built, goal="")
        breakdown(stars_built)
    if LARGE:
        reader = any(record["kernel"].startswith("parsers.pokerstars_fast.") for record in large_built)
        print(f"\nA PokerStars history of {large_hands:,} generated hands (over the lane's first-run minimum: "
              f"the byte reader {'compiles' if reader else 'DID NOT compile'}), empty kernel cache: "
              f"{large_cpu:.1f} CPU-s, {large_wall:.1f} s wall")
        report(large_built, goal="")
        breakdown(large_built)


def report(built: list[dict], goal: str = " (goal: at most 20)") -> None:
    total = sum(k["cpu_seconds"] for k in built)
    processes = len({k["pid"] for k in built})
    print(f"compiling (first run): {total:.1f} CPU-s, {len(built)} compiles in {processes} process(es){goal}")


def breakdown(built: list[dict]) -> None:
    """The compile CPU per module and per kernel."""
    by_module: dict[str, float] = defaultdict(float)
    for record in built:      # a kernel built within another counts toward the outermost one's module
        by_module[(record["within"] or record["kernel"]).rsplit(".", 1)[0]] += record["cpu_seconds"]
    print("per module (CPU-s, with the kernels and Numba helpers built within its kernels):")
    for name, seconds in sorted(by_module.items(), key=lambda item: -item[1]):
        print(f"  {seconds:6.2f}  {name}")

    by_kernel: dict[str, list[float]] = defaultdict(list)
    for record in built:
        by_kernel[record["kernel"]].append(record["cpu_seconds"])
    ours = {name: times for name, times in by_kernel.items() if not name.startswith("numba.")}
    library = sum(sum(times) for name, times in by_kernel.items() if name.startswith("numba."))
    print("per kernel (CPU-s, its own time without the kernels it calls; × specializations):")
    for name, times in sorted(ours.items(), key=lambda item: -sum(item[1]))[:SHOW_KERNELS]:
        print(f"  {sum(times):6.2f}  {name}" + (f" ×{len(times)}" if len(times) > 1 else ""))
    rest = sorted(ours.items(), key=lambda item: -sum(item[1]))[SHOW_KERNELS:]
    if rest:
        print(f"  {sum(sum(t) for _, t in rest):6.2f}  {len(rest)} more kernels of ours")
    print(f"  {library:6.2f}  Numba's own helpers (array constructors, sorting, strings)")


if __name__ == "__main__":
    main()
