"""Raspisnoy ingest: games and rounds per second, logs and score sheets, through ``pipeline.ingest.ingest``.

Run with ``python -m bench raspisnoy``. Generated legal four-player games (36 rounds each) are
written to a temporary folder in files of 25 games, then ingested into a temporary warehouse:
parse, replay, Parquet commit and the SQL model build all count. The game logs are ingested
twice: by ``pipeline.ingest.ingest`` in this process, and by the command ``rasklad ingest`` in
a process of its own (its start, imports and workers count too). Further figures time parse
alone, then parse and replay, in this process, to show where the time goes. Nothing is asserted.
"""

from __future__ import annotations

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

GAMES = int(os.environ.get("RASKLAD_BENCH_RASPISNOY_GAMES", "200"))
PER_FILE = 25
ROUNDS_PER_GAME = 36  # four players, default rules
BEFORE = 20
"""Four-player game logs per second per core through the full ingest on 2026-12-02, before the
replay was made faster: printed beside today's rate (the goal: 200)."""
BEFORE_CPU = {"parse": 119, "replay": 89, "ingest": 37}
"""Four-player game logs per CPU-second on 2026-12-03 by this bench (100 games), before legal_cards,
the round loop and the shape check were made leaner: printed beside today's figures. The full
ingest's CPU counts its workers and the SQL model build."""
BEFORE_LINES = {"parse": 109, "replay": 118, "ingest": 46.1, "command": 25.9}
"""The same figures (200 games, best of 3) later on 2026-12-03, and ``rasklad ingest`` as a command,
before each line was read by the expression generated from its grammar rule and the follow duties
became one rule over the bits of the cards held (load average 10.6 to 14.5 on 2 cores: CPU time
counts, not wall time)."""
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


def main() -> None:
    jobs = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for game in ("raspisnoy", "raspisnoy_sheet"):
            folder = root / game
            folder.mkdir()
            started = time.perf_counter()
            _write(folder, game, GAMES)
            generated = time.perf_counter() - started

            texts = [p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())]
            chunks = [chunk for text in texts for chunk in split_games(normalize_lines(text), HEADERS)]
            parse_chunk(chunks[0], "bench.txt")  # the grammars are built once per process
            started, cpu = time.perf_counter(), time.process_time()
            records = [parse_chunk(chunk, "bench.txt") for chunk in chunks]
            parsed = time.perf_counter() - started
            parse_cpu = time.process_time() - cpu
            started, cpu = time.perf_counter(), time.process_time()
            rounds = 0
            for record in records:
                replay = (replay_log if game == "raspisnoy" else replay_sheet)(record)
                rounds += len(replay.rounds) // 4
            single = parsed + time.perf_counter() - started
            replay_cpu = time.process_time() - cpu

            cpu = _cpu_seconds()
            summary = ingest([folder], root / f"warehouse-{game}", jobs=jobs)
            ingest_cpu = _cpu_seconds() - cpu
            assert summary.games == GAMES and summary.findings == 0, summary.as_dict()
            per_cpu = f"per CPU-second: parse {GAMES / parse_cpu:.0f}, replay {GAMES / replay_cpu:.0f}, " \
                      f"full ingest {GAMES / ingest_cpu:.1f}"
            if game == "raspisnoy":
                command_cpu = _command_cpu(folder, root / "warehouse-command")
                before, earlier = BEFORE_LINES, BEFORE_CPU
                per_cpu += (f", rasklad ingest {GAMES / command_cpu:.1f} (before: parse {before['parse']}, "
                            f"replay {before['replay']}, full ingest {before['ingest']}, rasklad ingest "
                            f"{before['command']}; earlier on 2026-12-03: parse {earlier['parse']}, "
                            f"replay {earlier['replay']}, full ingest {earlier['ingest']})")
            print(f"{game:16s} {GAMES} games, {rounds} rounds: generate {GAMES / generated:7.1f} games/s; "
                  f"parse (1 core) {GAMES / parsed:7.1f} games/s, {1000 * parsed / GAMES:6.1f} ms/game; "
                  f"parse+replay (1 core) {GAMES / single:7.1f} games/s, {rounds / single:8.0f} rounds/s; "
                  f"full ingest ({jobs} jobs, models built) {GAMES / summary.seconds:7.1f} games/s "
                  f"({GAMES / max(summary.seconds - summary.models_seconds, 1e-9):.1f} before the SQL models), "
                  f"{rounds / summary.seconds:8.0f} rounds/s; replay alone {GAMES / replay_cpu:7.1f} games per "
                  f"CPU-second" + (f"; 2026-12-02: ~{BEFORE} games/s a core through ingest" if game == "raspisnoy"
                                   else "") + f"; games {per_cpu}", flush=True)


if __name__ == "__main__":
    main()
