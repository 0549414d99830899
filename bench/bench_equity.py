"""Exact all-in equity: CPU milliseconds per spot, by street and number of players.

Run with ``python -m bench equity``. Each spot is a random deal (fixed seeds) with a main pot
and a side pot, counted afresh (the baseline's memo cleared); the figure is the CPU time of
this process per spot, best of three rounds after the kernels are loaded: the machine's cores
are shared. Nothing is asserted; the goal for a three-way preflop all-in is 0.7 ms.

``batch`` is the same spots as one :func:`rules.equity.spot_equities` call (the replay's way: no
Python round trip per spot), per spot.

``before`` is the same spots through ``rules/equity.py`` as it stood at ``BASELINE`` (read
with ``git show``, loaded as a scratch module), so the ratio is measured on this machine, now.
It is skipped when git or that revision is not at hand.

``compile`` is the CPU time a fresh process spends on its first three-way preflop and flop
all-ins with an empty ``NUMBA_CACHE_DIR``, less the same with the cache filled: what the
equity kernels add to a first run.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from rules import equity
from rules.evaluator import RankOrder

BASELINE = "67a5d41"
"""The last revision before preflop all-ins were counted by suited cards."""

ROOT = Path(__file__).resolve().parents[1]
SPOTS = int(os.environ.get("RASKLAD_BENCH_EQUITY_SPOTS", "40"))
ROUNDS = 3

# (label, players, board cards known)
CASES = [
    ("heads-up preflop (table)", 2, 0),
    ("three-way preflop", 3, 0),
    ("four-way preflop", 4, 0),
    ("three-way flop", 3, 3),
    ("three-way turn", 3, 4),
    ("four-way flop", 4, 3),
]


def _spots(players: int, board: int, seed: int) -> list[tuple[list[list[int]], list[int], list[list[int]]]]:
    rng = np.random.default_rng(seed)
    spots = []
    for _ in range(SPOTS):
        cards = [int(c) for c in rng.choice(52, 2 * players + board, replace=False)]
        holes = [cards[2 * i:2 * i + 2] for i in range(players)]
        pots = [list(range(players))] + ([list(range(1, players))] if players > 2 else [])
        spots.append((holes, cards[2 * players:], pots))
    return spots


def _per_spot_ms(module, spots) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.process_time()
        for holes, board, pots in spots:
            getattr(module, "clear_memo", lambda: None)()   # the baseline remembered spots
            module.pot_equities(holes, board, pots, RankOrder.STANDARD)
        best = min(best, time.process_time() - started)
    return best / len(spots) * 1e3


def _batch_ms(spots) -> float:
    """CPU ms per spot of the spots counted together by spot_equities, best of ROUNDS."""
    holes = np.array([h for h, _, _ in spots], dtype=np.int64)
    boards = np.array([b for _, b, _ in spots], dtype=np.int64).reshape(len(spots), -1)
    eligible = np.zeros((len(spots), max(len(p) for _, _, p in spots), holes.shape[1]), dtype=np.int64)
    for i, (_, _, pots) in enumerate(spots):
        for k, pot in enumerate(pots):
            eligible[i, k, pot] = 1
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.process_time()
        equity.spot_equities(holes, boards, eligible)
        best = min(best, time.process_time() - started)
    return best / len(spots) * 1e3


def _baseline():
    """rules/equity.py at BASELINE as a scratch module, or None (and why) when it cannot load."""
    try:
        text = subprocess.run(["git", "show", f"{BASELINE}:rules/equity.py"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        return None, f"git show {BASELINE}:rules/equity.py failed ({error})"
    folder = Path(tempfile.mkdtemp(prefix="rasklad-equity-baseline-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)   # with the kernels Numba cached beside it
    path = folder / "equity_baseline.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("equity_baseline", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # noqa: BLE001 - an old revision may no longer import; say so and go on
        return None, f"the {BASELINE} module does not load against today's evaluator ({error})"
    module.HEADS_UP_TABLE = equity.HEADS_UP_TABLE   # the shipped table, not one beside the scratch copy
    return module, ""


def _compile_cpu_seconds() -> tuple[float, float]:
    """CPU seconds of a child process's first all-ins: with an empty kernel cache, then cached."""
    script = ("from rules.equity import pot_equities\n"
              "pot_equities([[51, 50], [47, 46], [43, 42]], [], [[0, 1, 2], [1, 2]])\n"
              "pot_equities([[51, 50], [47, 46], [43, 42]], [3, 7, 11], [[0, 1, 2], [1, 2]])\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    figures = []
    with tempfile.TemporaryDirectory(prefix="rasklad-numba-") as cache:
        env["NUMBA_CACHE_DIR"] = cache
        for _ in range(2):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            figures.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return figures[0], figures[1]


def main() -> None:
    baseline, why = _baseline()
    for module in (equity, baseline):   # load (or compile) every kernel before timing
        if module is not None:
            for _, players, board in CASES:
                holes, cards, pots = _spots(players, board, seed=99)[0]
                module.pot_equities(holes, cards, pots, RankOrder.STANDARD)
    print(f"CPU ms per spot, {SPOTS} random spots each, counted afresh, best of {ROUNDS}:")
    if baseline is None:
        print(f"  (no before figures: {why})")
    for seed, (label, players, board) in enumerate(CASES):
        spots = _spots(players, board, seed)
        after = _per_spot_ms(equity, spots)
        line = f"  {label:26s} {after:8.3f} ms   batch {_batch_ms(spots):8.3f} ms"
        if baseline is not None:
            before = _per_spot_ms(baseline, spots)
            line += f"   before {before:8.3f} ms   {before / after:6.1f}x"
        print(line, flush=True)
    empty, cached = _compile_cpu_seconds()
    print(f"first three-way preflop and flop all-ins in a fresh process: {empty:.1f} CPU-s with an empty "
          f"kernel cache, {cached:.1f} CPU-s cached: compile {empty - cached:.1f} CPU-s")
