"""Fuzzed and hostile inputs: no traceback, no hang, no good game lost.

Run with ``python -m bench fuzz`` (``RASKLAD_FUZZ_INPUTS``, default 10,000). The inputs are small
files cut from the samples (and from ../shared/corpora when it is there): two or three games in
a row, each mutated once (truncated at a random byte, a byte flipped, a line deleted, swapped
with the next or written twice, a NUL block or a long line put in, or the whole text re-encoded).
Each mutant goes through the ingest's own ``parse_bytes``. It must not raise; it must not take
more than a minute; and every game the mutation did not touch (its lines lie wholly outside the
changed ones) must still be stored with the same ID. ``tests/test_fuzz.py`` runs a short round.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.worker import parse_bytes

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples"
CORPORA = Path(os.environ.get("RASKLAD_SHARED", ROOT.parent / "shared")) / "corpora" / "pokerstars"
HANG_SECONDS = 60.0
MUTATIONS = ("truncate", "flip", "delete", "swap", "duplicate", "nul", "long line", "utf-16", "cp1251")


@dataclass(frozen=True)
class Seed:
    """A small file of whole games and, for each game, its ID and its first and last line (1-based)."""

    name: str
    text: str
    games: tuple[tuple[str, int, int], ...]


@dataclass
class Outcome:
    tried: int = 0
    by_mutation: dict[str, int] = field(default_factory=dict)
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    slowest: float = 0.0


def stored_games(data: bytes, name: str) -> list[tuple[str, int, int]]:
    """(game_id, first_line, last_line) of every game ``parse_bytes`` stores from ``data``."""
    result = parse_bytes(data, name)
    games = []
    for (table, _), rows in result.tables.items():
        if table == "games":
            games += zip(*(rows.column(c).to_pylist() for c in ("game_id", "first_line", "last_line")))
    return sorted(games, key=lambda game: game[1])


def seeds(files: list[Path], games_per_seed: int = 3) -> list[Seed]:
    """Files of ``games_per_seed`` consecutive stored games cut from each of ``files``."""
    out = []
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace")
        lines = text.splitlines()
        games = stored_games(text.encode(), path.name)
        for start in range(0, len(games), games_per_seed):
            group = games[start:start + games_per_seed]
            first, last = group[0][1], group[-1][2]
            piece = "\n".join(lines[first - 1:last]) + "\n"
            shifted = tuple((gid, a - first + 1, b - first + 1) for gid, a, b in group)
            out.append(Seed(name=f"{path.name}@{first}", text=piece, games=shifted))
    return out


def mutate(seed: Seed, rng: random.Random) -> tuple[str, bytes, tuple[int, int]]:
    """One mutant of ``seed``: the mutation's name, the bytes, and the original lines it touched
    (a range past the end for a change of the whole text's encoding, which touches no game)."""
    kind = rng.choice(MUTATIONS)
    lines = seed.text.splitlines(keepends=True)
    count = len(lines)
    at = rng.randrange(count)
    if kind in ("utf-16", "cp1251"):
        try:
            return kind, seed.text.encode("utf-16" if kind == "utf-16" else "cp1251"), (count + 1, count + 1)
        except UnicodeEncodeError:
            kind = "flip"   # text cp1251 cannot hold (suit symbols): a byte flip instead
    data = seed.text.encode("utf-8")
    if kind in ("truncate", "flip"):
        offset = rng.randrange(len(data))
        line = data[:offset].count(b"\n") + 1
        if kind == "truncate":
            return kind, data[:offset], (line, count)
        flipped = bytes([data[offset] ^ (1 << rng.randrange(8))])
        return kind, data[:offset] + flipped + data[offset + 1:], (line, line)
    if kind == "delete":
        changed, touched = lines[:at] + lines[at + 1:], (at + 1, at + 1)
    elif kind == "swap" and at + 1 < count:
        changed, touched = lines[:at] + [lines[at + 1], lines[at]] + lines[at + 2:], (at + 1, at + 2)
    elif kind == "duplicate" or kind == "swap":
        kind = "duplicate"
        changed, touched = lines[:at + 1] + [lines[at]] + lines[at + 1:], (at + 1, at + 1)
    elif kind == "nul":
        changed, touched = lines[:at] + ["\0" * rng.randrange(1, 4096) + "\n"] + lines[at:], (at, at + 1)
    else:   # a long line
        changed, touched = lines[:at] + ["x" * rng.randrange(100_000, 300_000) + "\n"] + lines[at:], (at, at + 1)
    return kind, "".join(changed).encode("utf-8"), touched


def check(seed: Seed, kind: str, data: bytes, touched: tuple[int, int], outcome: Outcome) -> None:
    """Run one mutant through the ingest's reader and record what went wrong, if anything."""
    outcome.tried += 1
    outcome.by_mutation[kind] = outcome.by_mutation.get(kind, 0) + 1
    label = f"{seed.name} {kind} lines {touched[0]}-{touched[1]}"
    started = time.perf_counter()
    try:
        stored = {game_id for game_id, _, _ in stored_games(data, seed.name)}
    except Exception as error:  # noqa: BLE001 (any exception is what this bench looks for)
        outcome.tracebacks.append(f"{label}: {type(error).__name__}: {error}")
        return
    seconds = time.perf_counter() - started
    outcome.slowest = max(outcome.slowest, seconds)
    if seconds > HANG_SECONDS:
        outcome.hangs.append(f"{label}: {seconds:.0f} s")
    low, high = touched
    for game_id, first, last in seed.games:
        # A game next to the change may lose its separating blank line: only those clear of it count.
        if (last < low - 1 or first > high + 1) and game_id not in stored:
            outcome.lost.append(f"{label}: game {game_id} (lines {first}-{last}) untouched but not stored")


def run(count: int, files: list[Path], seed: int = 0) -> Outcome:
    rng = random.Random(seed)
    pool = seeds(files)
    outcome = Outcome()
    for _ in range(count):
        chosen = rng.choice(pool)
        kind, data, touched = mutate(chosen, rng)
        check(chosen, kind, data, touched, outcome)
    return outcome


def inputs() -> list[Path]:
    files = sorted(SAMPLES.glob("*.txt"))
    if CORPORA.is_dir():
        files += sorted(p for p in CORPORA.rglob("*.txt") if p.stat().st_size < 200_000)[:40]
    return files


def main() -> None:
    count = int(os.environ.get("RASKLAD_FUZZ_INPUTS", "10000"))
    started = time.perf_counter()
    outcome = run(count, inputs())
    seconds = time.perf_counter() - started
    print(f"{outcome.tried} fuzzed inputs in {seconds:.0f} s ({outcome.tried / seconds:.0f}/s), "
          f"slowest {outcome.slowest:.2f} s")
    print("by mutation: " + ", ".join(f"{k} {v}" for k, v in sorted(outcome.by_mutation.items())))
    print(f"tracebacks {len(outcome.tracebacks)}, hangs over {HANG_SECONDS:.0f} s {len(outcome.hangs)}, "
          f"good games lost {len(outcome.lost)}")
    for line in (outcome.tracebacks + outcome.hangs + outcome.lost)[:20]:
        print("  " + line)
