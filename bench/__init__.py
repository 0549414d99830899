"""Benchmarks: `python -m bench` runs every bench/bench_*.py module's main()."""

from __future__ import annotations

import compileall
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("RASKLAD_SHARED", ROOT.parent / "shared")) / "corpora"
"""The real hand histories beside the project (``RASKLAD_SHARED`` names another folder than ``../shared``)."""


def command_cpu(*args: str) -> float:
    """CPU seconds (its threads and workers included) of one ``rasklad`` command in a process of its
    own, as a user runs it: Python's start-up and every import count."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "pipeline.cli", *args], cwd=ROOT, check=False,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def cache_bytecode() -> None:
    """Compile the project's modules to bytecode, before a :func:`command_cpu`: an installed program
    has its modules' bytecode cached; a checkout run with PYTHONDONTWRITEBYTECODE would compile
    every module without it from source on every run (~0.3 CPU-s of each command), which no user
    pays."""
    for package in ("rules", "parsers", "pipeline"):
        compileall.compile_dir(ROOT / package, quiet=1)
