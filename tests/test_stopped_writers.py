"""Writing commands stopped by Ctrl-C (SIGINT) or ``kill`` (SIGTERM): what they say, their exit
code, and what readers see afterwards (real warehouses in temporary folders, real signals).

An ingest stopped while it updates the statistics (the SQL models) for a commit leaves that commit
unpublished, whole in its journal: readers see the warehouse before it, tables and marts alike,
and the next command that writes the warehouse (here ``settings rate``, not an ingest) updates the
models for it, then publishes it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

import pipeline.cli
from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.manifest import JOURNAL, MANIFEST_FILE, commit_pending
from pipeline.warehouse import Warehouse, connect
from tests.conftest import ROOT, SAMPLES

PAUSED_IN_MODELS = """
import pathlib, sys, time
import pipeline.cli
import pipeline.models as models

ready, *command = sys.argv[1:]
opened, spelled = models._open_writable, models._pushed_down_filter

def pause() -> bool:
    # a statement of the update, in its transaction, that runs until the process is stopped
    pathlib.Path(ready).touch()
    while not pipeline.cli.STOPPED_BY:
        time.sleep(0.01)
    return True

def writable(*args, **kwargs):
    con = opened(*args, **kwargs)
    con.create_function("rasklad_pause", pause, [], "BOOLEAN", side_effects=True)
    return con

models._open_writable = writable
models._pushed_down_filter = lambda *args, **kwargs: spelled(*args, **kwargs) + " and rasklad_pause()"
sys.argv = ["rasklad", *command]
from pipeline.cli import run
run()
"""
"""A ``rasklad`` process whose models update waits in a DuckDB statement until it is stopped."""

COUNTS = ("select (select count(*) from games), (select count(*) from game_list), "
          "(select coalesce(sum(count_hands), 0) from player_stats_holdem where player = 'Me')")
"""The games of the tables, the games of a mart, and the hands of a player in another mart."""


def _counts(warehouse):
    with connect(warehouse) as con:
        return con.execute(COUNTS).fetchone()


@pytest.fixture(scope="module")
def hands(tmp_path_factory):
    """A warehouse of the PokerStars sample, with its models; and 150 generated hands of 'Me' to add."""
    folder = tmp_path_factory.mktemp("stopped")
    generated = folder / "me.txt"
    made = CliRunner().invoke(main, ["generate", "holdem", "-n", "150", "--seed", "5", "-o", "hero=Me",
                                     "--out", str(generated), "-q"])
    assert made.exit_code == 0, made.output
    ingest([SAMPLES / "pokerstars-holdem.txt"], folder / "before", jobs=1)
    ingest([SAMPLES / "pokerstars-holdem.txt", generated], folder / "after", jobs=1)
    return folder, generated, _counts(folder / "before"), _counts(folder / "after")


@pytest.mark.parametrize("stop, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_an_ingest_stopped_in_its_models_publishes_its_commit_with_them_or_not_at_all(tmp_path, hands, stop, code):
    _, generated, before, after = hands
    assert before[0] == before[1] and before[2] == 0 and after[0] == after[1] == before[0] + 150
    assert after[2] > 0
    warehouse = tmp_path / "wh"
    ingest([SAMPLES / "pokerstars-holdem.txt"], warehouse, jobs=1)
    ready = tmp_path / "ready"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    writer = subprocess.Popen(
        [sys.executable, "-c", PAUSED_IN_MODELS, str(ready), "ingest", str(generated), "-w", str(warehouse),
         "-j", "1", "-q"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    deadline = time.monotonic() + 180
    while not ready.exists() and writer.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready.exists(), writer.communicate(timeout=60)
    time.sleep(0.3)     # inside the statement
    if stop == signal.SIGINT:
        os.killpg(writer.pid, stop)     # Ctrl-C signals the terminal's whole group
    else:
        os.kill(writer.pid, stop)
    _, said = writer.communicate(timeout=120)
    assert writer.returncode == code, said
    assert "Traceback" not in said, said
    assert said.endswith(
        "Stopped before the end: no file was stored whole yet; the same ingest run again goes on from there "
        "(what was stored is not read twice). The commit it was making waits, whole, for its statistics: readers "
        "see the warehouse without it until the next command that writes the warehouse publishes it with them.\n")
    # Readers see the commit before it, its tables and its marts: 'Me' has no statistics yet, nor hands.
    assert commit_pending(warehouse)
    assert _counts(warehouse) == before
    # The next writer, whatever it is, publishes the commit with its models.
    rate = CliRunner().invoke(main, ["settings", "rate", "EUR", "USD", "1.08", "-w", str(warehouse)])
    assert rate.exit_code == 0, rate.output
    assert not commit_pending(warehouse)
    assert _counts(warehouse) == after
    again = CliRunner().invoke(main, ["ingest", str(generated), "-w", str(warehouse), "-q"])
    assert again.output.startswith("1 file (1 unchanged), 0 games stored"), again.output
    assert _counts(warehouse) == after


def test_a_commit_left_for_its_models_is_published_by_the_next_writer_with_them(tmp_path, hands, monkeypatch):
    """The same, in this process: the models' update fails for a commit (as a full disk makes it
    fail), which stays in its journal; the next writer's open updates the models, then publishes it."""
    import pipeline.ingest

    _, generated, before, after = hands
    warehouse = tmp_path / "wh"
    ingest([SAMPLES / "pokerstars-holdem.txt"], warehouse, jobs=1)
    spelled = pipeline.ingest.refresh_models

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pipeline.ingest, "refresh_models", full)
    with pytest.raises(OSError):
        ingest([generated], warehouse, jobs=1)
    monkeypatch.setattr(pipeline.ingest, "refresh_models", spelled)
    assert commit_pending(warehouse) and _counts(warehouse) == before
    with Warehouse(warehouse).open():
        assert not commit_pending(warehouse)
    assert _counts(warehouse) == after


def test_an_ingest_stopped_before_its_first_commit_says_nothing_was_committed(tmp_path, monkeypatch):
    def stopped(*args, **kwargs):
        raise KeyboardInterrupt     # as the program's handler raises it

    monkeypatch.setattr(pipeline.cli, "STOPPED_BY", [signal.SIGINT])
    monkeypatch.setattr(Warehouse, "commit_staged", stopped)
    args = ["ingest", str(SAMPLES / "raspisnoy-night.txt"), "--warehouse", str(tmp_path / "wh"), "-q"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 130
    assert result.stderr == ("Stopped before the end: nothing was committed yet (the warehouse is as it was), and "
                             "the same ingest run again starts over.\n")
    assert not (tmp_path / "wh" / MANIFEST_FILE).exists() and not (tmp_path / "wh" / JOURNAL).exists()
    monkeypatch.undo()
    assert CliRunner().invoke(main, args).exit_code == 0
    # stopped before its first commit into a warehouse that holds some: nothing of this run
    monkeypatch.setattr(pipeline.cli, "STOPPED_BY", [signal.SIGTERM])
    monkeypatch.setattr(Warehouse, "commit_staged", stopped)
    args[1] = str(SAMPLES / "raspisnoy-sheets.txt")
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 143
    assert result.stderr.startswith("Stopped before the end: nothing was committed yet (the warehouse is as it was)")
    with connect(tmp_path / "wh") as con:
        assert con.execute("select count(*) from games").fetchone()[0] == 3    # raspisnoy-night's


def test_a_stop_in_a_query_and_the_refusals_after_it_are_the_stop(tmp_path, monkeypatch):
    """DuckDB answers an interrupt with "Query interrupted", and the transaction it aborted with
    "Current transaction is aborted" for any statement after: after a signal, either is the stop."""
    import duckdb

    import pipeline.ingest

    def aborted(*args, **kwargs):
        raise duckdb.TransactionException("TransactionContext Error: Current transaction is aborted (please ROLLBACK)")

    monkeypatch.setattr(pipeline.ingest, "refresh_models", aborted)
    args = ["ingest", str(SAMPLES / "raspisnoy-night.txt"), "--warehouse", str(tmp_path / "wh"), "-q"]
    fault = CliRunner().invoke(main, args)
    assert isinstance(fault.exception, duckdb.TransactionException) and "Stopped" not in fault.output
    monkeypatch.setattr(pipeline.cli, "STOPPED_BY", [signal.SIGINT])
    stopped = CliRunner().invoke(main, args)
    assert stopped.exit_code == 130 and stopped.stderr.startswith(
        "Stopped before the end: no file was stored whole yet; the same ingest run again goes on from there")
