"""An ``ingest --jobs 2`` killed with SIGKILL while its readers read: the forked readers end with
it, none keeps the warehouse's lock, and the same ingest run again stores every game (a real
process tree, a real kill -9)."""
from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import main
from pipeline.warehouse import Warehouse
from tests.conftest import ROOT

FILES, HANDS = 12, 400     # as many as keep a reader reading, and writing to its pipe, at the kill


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: field 4 of each stat)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            text = stat.read_text()
            if int(text[text.rindex(")") + 2:].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def _alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running (a zombie, ended and not yet reaped, is not)."""
    running = []
    for pid in pids:
        with contextlib.suppress(OSError):
            text = Path(f"/proc/{pid}/stat").read_text()
            if text[text.rindex(")") + 2] != "Z":
                running.append(pid)
    return running


def _lock_is_free(lock: Path) -> bool:
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


def test_a_writer_killed_while_its_readers_read_leaves_no_reader_and_no_lock(tmp_path):
    if not Path("/proc/self/stat").exists():
        import pytest
        pytest.skip("needs /proc to find the forked readers")
    logs = tmp_path / "logs"
    logs.mkdir()
    for seed in range(1, FILES + 1):
        made = CliRunner().invoke(main, ["generate", "holdem", "-n", str(HANDS), "--seed", str(seed),
                                         "--out", str(logs / f"g{seed}.txt"), "-q"])
        assert made.exit_code == 0, made.output
    warehouse = tmp_path / "wh"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    writer = subprocess.Popen([sys.executable, "-m", "pipeline.cli", "ingest", str(logs), "-w", str(warehouse),
                               "-j", "2", "-q"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    readers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while not readers and writer.poll() is None and time.monotonic() < deadline:
            readers = _children(writer.pid)
            time.sleep(0.05)
        assert readers, "the ingest forked no reader"
        time.sleep(0.5)     # reading
        assert writer.poll() is None, "the ingest ended before it could be killed"
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait(timeout=30)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and (_alive(readers) or not _lock_is_free(warehouse / ".lock")):
            time.sleep(0.1)
        assert _alive(readers) == [], "a reader outlived its killed writer"
        assert _lock_is_free(warehouse / ".lock"), "the warehouse is still locked after its writer was killed"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(writer.pid, signal.SIGKILL)   # whatever this test started and is left
    again = CliRunner().invoke(main, ["ingest", str(logs), "-w", str(warehouse), "-j", "2", "-q", "--no-wait"])
    assert again.exit_code == 0, again.output
    with Warehouse(warehouse).open(wait=False) as store:
        assert store.read_table("games", ["game_id"]).num_rows == FILES * HANDS


def test_a_forked_child_keeps_no_copy_of_the_writers_lock(tmp_path):
    # An flock lasts while any copy of its descriptor is open: a child that kept one would hold
    # the warehouse after its parent let it go.
    with Warehouse(tmp_path / "wh").open(wait=False):
        child = os.fork()
        if child == 0:
            time.sleep(30)
            os._exit(0)
    try:
        deadline = time.monotonic() + 3     # the child closes its copy as it starts
        while time.monotonic() < deadline and not _lock_is_free(tmp_path / "wh" / ".lock"):
            time.sleep(0.05)
        assert _alive([child]) == [child]
        assert _lock_is_free(tmp_path / "wh" / ".lock")
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
