"""Memory benchmark: the peak resident memory of the ``rasklad ingest`` command, one job, and of
``rasklad export``.

An ingest reads a file whole: its text, its games' lines and the columns of their batch, and the
rows it makes until they are staged. So the reading's peak grows with the largest file; the
models' build at the end grows with the warehouse (the README's figures), and may set the peak.
This measures the command's peak on generated No Limit PokerStars hands
(``RASKLAD_BENCH_MEMORY_HANDS``, default ``20000,100000``): over a file of a few hands (the base:
the program, its libraries and kernels), over one file of each size, and over the largest size's
hands as files of 500. Each command runs in a process of its own, which reports its own peak, and prints e.g.::

    one file of 100,000 hands (106.0 MB): peak 1.48 GB, 11.7x the file over the base

An export reads the hands a batch at a time (``pipeline.export.BATCH_HANDS``), so its peak should
not grow with the history: each size's warehouse is exported as PHH, against the export of the
base's 20 hands, e.g.::

    export of the 100,000 hands as PHH: peak 0.41 GB, 150 MB over the export of 20
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import ROOT, cache_bytecode
from pipeline.generators.holdem import generate_hands

SIZES = tuple(int(n) for n in os.environ.get("RASKLAD_BENCH_MEMORY_HANDS", "20000,100000").split(","))
FILE_HANDS = 500
"""The hands of a file in the many-files run: what the ingest benchmark's files hold."""

_PEAK = ("import atexit, resource, sys\n"
         "atexit.register(lambda: print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr))\n"
         "from pipeline.cli import run\n"
         "sys.argv = ['rasklad', *sys.argv[1:]]\n"
         "run()\n")
"""The command, run as the program runs it, telling its peak resident memory (KB) as it exits."""


def _peak_bytes(*args: str) -> int:
    done = subprocess.run([sys.executable, "-c", _PEAK, *args], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    peaks = [line for line in done.stderr.splitlines() if line.startswith("peak ")]
    if not peaks:
        raise RuntimeError(f"rasklad {' '.join(args)} told no peak (exit {done.returncode}): {done.stderr[-500:]}")
    return int(peaks[-1].split()[1]) * 1024


def _exported(root: Path, warehouse: str) -> int:
    """The peak of ``rasklad export`` of every hand of a warehouse as PHH (its files deleted after)."""
    out = root / "exported"
    try:
        return _peak_bytes("export", "--format", "phh", "-w", str(root / warehouse), "--out", str(out), "-q")
    finally:
        shutil.rmtree(out, ignore_errors=True)


def _hands(count: int) -> list[str]:
    return [text for text, _ in generate_hands("holdem", count=count, seed=11, betting="no_limit")]


def main() -> None:
    cache_bytecode()
    with tempfile.TemporaryDirectory(prefix="rasklad-bench-memory-") as scratch:
        root = Path(scratch)
        hands = _hands(max(SIZES))
        small = root / "small.txt"
        small.write_text("\n\n\n".join(hands[:20]) + "\n", encoding="utf-8")
        base = _peak_bytes("ingest", str(small), "-w", str(root / "warehouse-base"), "-j", "1", "-q")
        print(f"the program over a file of 20 hands (the base): peak {base / 2**30:.2f} GB")
        export_base = _exported(root, "warehouse-base")
        print(f"export of the base's 20 hands as PHH: peak {export_base / 2**30:.2f} GB")
        for size in SIZES:
            log = root / f"one-{size}.txt"
            log.write_text("\n\n\n".join(hands[:size]) + "\n", encoding="utf-8")
            megabytes = log.stat().st_size / 2**20
            peak = _peak_bytes("ingest", str(log), "-w", str(root / f"warehouse-{size}"), "-j", "1", "-q")
            print(f"one file of {size:,} hands ({megabytes:.1f} MB): peak {peak / 2**30:.2f} GB, "
                  f"{(peak - base) / log.stat().st_size:.1f}x the file over the base")
            log.unlink()
            peak = _exported(root, f"warehouse-{size}")
            print(f"export of the {size:,} hands as PHH: peak {peak / 2**30:.2f} GB, "
                  f"{(peak - export_base) / 2**20:,.0f} MB over the export of 20")
        folder = root / "files"
        folder.mkdir()
        largest = max(SIZES)
        for start in range(0, largest, FILE_HANDS):
            (folder / f"part-{start // FILE_HANDS:04}.txt").write_text(
                "\n\n\n".join(hands[start:start + FILE_HANDS]) + "\n", encoding="utf-8")
        peak = _peak_bytes("ingest", str(folder), "-w", str(root / "warehouse-files"), "-j", "1", "-q")
        print(f"the same {largest:,} hands as files of {FILE_HANDS}: peak {peak / 2**30:.2f} GB "
              f"({(peak - base) / 2**20:,.0f} MB over the base)")
