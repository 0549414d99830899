"""Python's garbage collector, tuned in one place: how often it looks for unreachable objects while a
run makes objects by the hundred thousand (:func:`collecting_at`), and the long-lived objects it need
not walk again while files are read (:func:`objects_set_apart`, :func:`objects_left_at_exit`).

The ingest (its reading, and the kernels it compiles: ``pipeline.kernels``) and the re-audit use
these; each pace is set where it was measured (``pipeline.ingest.READ_COLLECT_EVERY``,
``pipeline.kernels.COLLECT_EVERY``). This module imports nothing heavy: a run that finds nothing
new loads it too.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collecting_at(pace: int) -> Iterator[None]:
    """Inside the block, the collector's youngest generation is collected every ``pace`` new
    objects (unless it already waits longer); its thresholds as before after it."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], pace), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


_set_apart_depth = 0
"""How many blocks of :func:`objects_set_apart` are open: the outermost one's end sets the objects back."""


@contextlib.contextmanager
def objects_set_apart() -> Iterator[None]:
    """Inside the block, the objects alive at its start (modules, grammars, kernels: a few hundred
    thousand) are left out of the collector's passes, each full one of which would walk them all
    again (~65 ms each, a few per 10,000 hands); a process forked inside inherits it. A block inside
    another sets apart what was made since (the grammars and kernels loaded before readers fork);
    after the outermost block, every object is collected as any other."""
    global _set_apart_depth
    gc.freeze()
    _set_apart_depth += 1
    try:
        yield
    finally:
        _set_apart_depth -= 1
        if not _set_apart_depth:
            gc.unfreeze()


@contextlib.contextmanager
def modules_loading() -> Iterator[None]:
    """Inside the block, the collector is paused; after it, the objects alive are set apart, until
    the end of the outermost block of :func:`objects_set_apart` this one is inside. For the modules
    a run imports at its start: what they make (functions, classes, tables, kernels' dispatchers)
    lives as long as the process, and the two passes over it at an ingest's pace found nothing
    (0.03 CPU-s of the 20,000-hand command: its imports took 0.36 CPU-s, 0.33 so)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def objects_left_at_exit() -> None:
    """At the end of a process: the collector's passes at the interpreter's shutdown would walk every
    object left (modules, grammars, kernels, DuckDB's and Arrow's) only to find cycles whose memory
    the system takes back anyway, half a CPU-second of a 3-second ingest. Finalizers, atexit and the
    files' closing still run."""
    gc.freeze()
