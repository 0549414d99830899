"""Raspisnoy ingest: games and rounds per second, logs and score sheets, through ``pipeline.ingest.ingest``.

Run with ``python -m bench raspisnoy``. Generated legal four-player games (36 rounds each) are
written to a temporary folder in files of 25 games, then ingested into a temporary warehouse:
parse, replay, Parquet commit and the SQL model build all count. The game logs are ingested
at each size of ``RASPISNOY_SIZES`` (100 and 1,000 games: the model build and the imports are a
cost per run, so the rate grows with the run), twice: by ``pipeline.ingest.ingest`` in this
process, and by the command ``rasklad ingest`` in a process of its own (its start, imports and
workers count too). Further figures time parse alone, then replay alone, in this process, to
show where the time goes. Score sheets are measured at the first size. Nothing is asserted.
"""

from __future__ import annotations

import gc
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.generators.raspisnoy import generate
from pipeline.ingest import ingest
from rules.raspisnoy import replay_log, replay_sheet

SIZES = tuple(int(n) for n in os.environ.get("RASKLAD_BENCH_RASPISNOY_GAMES", "100,1000").split(","))
"""The numbers of game logs ingested (files of 25 games; the smaller runs take the first files)."""
PER_FILE = 25
BEFORE = 20
"""Four-player game logs per second per core through the full ingest on 2026-12-02, before the
replay was made faster: printed beside today's rate (the goal: 200)."""
BEFORE_ROUND: dict[int, dict[str, float]] = {
    1000: {"parse": 488, "replay": 426, "ingest": 133.1, "command": 132.0},
}
"""Per number of games: games per CPU-second (parse, replay, full ingest, ``rasklad ingest``) of
this bench on 2026-12-04, before Arrow's buffers came from jemalloc, the cards played went to
Arrow as arrays, and the collector waited for 10,000 new objects while files are read (one run,
load average 3.5 on 2 cores, in the minutes of this round's figures: CPU time counts, not wall
time, and at that load a single run's figures vary by a tenth or more). Its replay also made
the lists of the cards played, which the facts now make from the replay's arrays: compare the
full ingest. Printed beside today's."""
ROOT = Path(__file__).resolve().parent.parent


def _cpu_seconds() -> float:
    """CPU time of this process and its finished workers."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def _write(folder: Path, game: str, count: int) -> None:
    for index in range(0, count, PER_FILE):
        text = generate(game, count=min(PER_FILE, count - index), seed=index, players=4)
        (folder / f"{game}-{index:05d}.txt").write_text(text, encoding="utf-8")


def _command_cpu(folder: Path, warehouse: Path) -> float:
    """CPU-seconds of ``rasklad ingest`` of ``folder`` run as a command, its workers included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [sys.executable, "-m", "pipeline.cli", "ingest", str(folder), "--warehouse", str(warehouse),
               "--quiet", "--json"]
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _measure(game: str, folder: Path, root: Path, games: int, jobs: int) -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())]
    chunks = [chunk for text in texts for chunk in split_games(normalize_lines(text), HEADERS)]
    parse_chunk(chunks[0], "bench.txt")  # the grammars are built once per process
    # Parse and replay are timed as an ingest's readers run them: the objects alive before set apart
    # from the collector (gc.freeze), and no game's record or replay kept once it is read. Kept, the
    # records of the games read before are walked again by every collection (~half of a game's
    # parse at 1,000 games), which no reader pays.
    gc.freeze()
    started, cpu = time.perf_counter(), time.process_time()
    for chunk in chunks:
        parse_chunk(chunk, "bench.txt")
    parsed = time.perf_counter() - started
    parse_cpu = time.process_time() - cpu
    records = [parse_chunk(chunk, "bench.txt") for chunk in chunks]     # (read again for the replay, untimed)
    gc.freeze()
    started, cpu = time.perf_counter(), time.process_time()
    rounds = 0
    for record in records:
        replay = (replay_log if game == "raspisnoy" else replay_sheet)(record)
        rounds += len(replay.rounds) // 4
    single = parsed + time.perf_counter() - started
    replay_cpu = time.process_time() - cpu
    del records, replay
    gc.unfreeze()

    cpu = _cpu_seconds()
    summary = ingest([folder], root / f"warehouse-{game}-{games}", jobs=jobs)
    ingest_cpu = _cpu_seconds() - cpu
    assert summary.games == games and summary.findings == 0, summary.as_dict()
    per_cpu = f"per CPU-second: parse {games / parse_cpu:.0f}, replay {games / replay_cpu:.0f}, " \
              f"full ingest {games / ingest_cpu:.1f}"
    if game == "raspisnoy":
        command_cpu = _command_cpu(folder, root / f"warehouse-command-{games}")
        per_cpu += f", rasklad ingest {games / command_cpu:.1f}"
        before = BEFORE_ROUND.get(games)
        if before:
            per_cpu += (f" (before: parse {before['parse']}, replay {before['replay']}, full ingest "
                        f"{before['ingest']}, rasklad ingest {before['command']})")
    print(f"{game:16s} {games} games, {rounds} rounds: parse (1 core) {games / parsed:7.1f} games/s, "
          f"{1000 * parsed / games:6.1f} ms/game; parse+replay (1 core) {games / single:7.1f} games/s, "
          f"{rounds / single:8.0f} rounds/s; full ingest ({jobs} jobs, models built) {games / summary.seconds:7.1f} "
          f"games/s ({games / max(summary.seconds - summary.models_seconds, 1e-9):.1f} before the SQL models), "
          f"{rounds / summary.seconds:8.0f} rounds/s" + (f"; 2026-12-02: ~{BEFORE} games/s a core through ingest"
                                                         if game == "raspisnoy" else "") + f"; games {per_cpu}",
          flush=True)


def main() -> None:
    jobs = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for game in ("raspisnoy", "raspisnoy_sheet"):
            sizes = SIZES if game == "raspisnoy" else SIZES[:1]
            everything = root / game
            everything.mkdir()
            started = time.perf_counter()
            _write(everything, game, sizes[-1])
            print(f"{game:16s} generated {sizes[-1] / (time.perf_counter() - started):.1f} games/s", flush=True)
            files = sorted(everything.iterdir())
            for games in sizes:
                folder = root / f"{game}-{games}"
                folder.mkdir()
                for path in files[:-(-games // PER_FILE)]:
                    os.link(path, folder / path.name)
                _measure(game, folder, root, games, jobs)


if __name__ == "__main__":
    main()
