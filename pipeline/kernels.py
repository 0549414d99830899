"""Saying so while compiled kernels are built.

Numba compiles a kernel the first time a process calls it with new argument types and keeps
the result in its cache (``__pycache__``, or ``NUMBA_CACHE_DIR``); later runs load it in a
fraction of a second. A first run can spend many seconds compiling and would look hung, so
:func:`watch` prints a line when compiling starts ("compiling kernels, first run only…")
and another every few seconds while it goes on, to stderr, terminal or not.

With ``RASKLAD_COMPILE_LOG`` set to a file name, each compiled kernel also appends one JSON
line there: its name, argument types, process, and CPU seconds spent on it alone (the
kernels it calls are timed on their own lines). ``python -m bench coldstart`` reads it.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from typing import TextIO

from numba.core import event

EVERY_SECONDS = 5.0
"""How often a line says that compiling goes on."""


class CompileWatch(event.Listener):
    """A listener of Numba's compile events: tells the user, and logs each kernel's time."""

    def __init__(self, out: TextIO | None = None, every: float = EVERY_SECONDS,
                 log: str | None = None) -> None:
        self.out = out
        self.every = every
        self.log = log
        self.lock = threading.Lock()
        self.stack: list[list] = []        # per compile in progress: [name, cpu at start, cpu of callees]
        self.started = 0.0                 # wall clock when the outermost compile of this burst began
        self.last_line = 0.0
        self.count = 0
        self.told_pid = 0                  # the process that said "compiling kernels" (a fork says it again)
        self.ticker_pid = 0

    def _write(self, text: str) -> None:
        out = self.out or sys.stderr
        try:
            out.write(text + "\n")
            out.flush()
        except (OSError, ValueError):      # a closed or broken stderr must not stop a compile
            pass

    def on_start(self, ev: event.Event) -> None:
        name = _kernel_name(ev)
        now = time.monotonic()
        with self.lock:
            if not self.stack:
                self.started = now
            self.stack.append([name, time.process_time(), 0.0])
            pid = os.getpid()
            if self.told_pid != pid:
                self.told_pid = pid
                self.count = 0
                self.last_line = now
                self._write("compiling kernels, first run only… (they are cached for the next runs)")
            if self.ticker_pid != pid:
                self.ticker_pid = pid
                threading.Thread(target=self._tick, name="compile-notice", daemon=True).start()

    def on_end(self, ev: event.Event) -> None:
        with self.lock:
            if not self.stack:
                return
            name, cpu_start, callees = self.stack.pop()
            spent = time.process_time() - cpu_start
            if self.stack:
                self.stack[-1][2] += spent
            self.count += 1
        if self.log:
            record = {"kernel": name, "within": self.stack[0][0] if self.stack else None,
                      "args": str(ev.data.get("args", "")), "pid": os.getpid(),
                      "cpu_seconds": round(spent - callees, 4), "cpu_seconds_with_callees": round(spent, 4)}
            try:
                with open(self.log, "a", encoding="utf-8") as file:
                    file.write(json.dumps(record) + "\n")
            except OSError:
                pass

    def _tick(self) -> None:
        pid = os.getpid()
        while self.ticker_pid == pid:
            time.sleep(self.every / 5)
            with self.lock:
                if not self.stack:
                    continue
                now = time.monotonic()
                if now - self.last_line < self.every:
                    continue
                self.last_line = now
                line = (f"  still compiling kernels: {now - self.started:.0f} s, {self.count} built so far, "
                        f"now {self.stack[0][0]}")
            self._write(line)

    def after_fork(self) -> None:
        """In a forked child: a fresh lock (the parent's ticker may have held it), no compile
        in progress, and a ticker of its own once it compiles."""
        self.lock = threading.Lock()
        self.stack = []
        self.ticker_pid = 0


def _kernel_name(ev: event.Event) -> str:
    dispatcher = ev.data.get("dispatcher")
    function = getattr(dispatcher, "py_func", None)
    if function is None:
        return str(dispatcher)
    return f"{function.__module__}.{function.__qualname__}"


_WATCH: CompileWatch | None = None


def watch() -> CompileWatch:
    """Start telling the user about compiles in this process (and the ones it forks); once."""
    global _WATCH
    if _WATCH is None:
        _WATCH = CompileWatch(log=os.environ.get("RASKLAD_COMPILE_LOG") or None)
        event.register("numba:compile", _WATCH)
        os.register_at_fork(after_in_child=_WATCH.after_fork)
    return _WATCH
