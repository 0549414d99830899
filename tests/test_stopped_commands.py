"""Commands stopped by Ctrl-C (SIGINT, sent to the process group as a terminal does) in real
processes: each says in one line what it did and what it did not, and exits with 130.

An ingest commits the files it has read as it goes: stopped, it says how many files and games
it stored, the warehouse holds them (and nothing half), and the same ingest run again stores the
rest. A query stops in the middle of its statement, at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.warehouse import connect
from tests.conftest import ROOT

PAUSED_AFTER_COMMITS = """
import pathlib, sys, time
import pipeline.cli
import pipeline.ingest
from pipeline.warehouse import Warehouse

ready, commits, *command = sys.argv[1:]
pipeline.ingest.STAGE_BYTES = 1     # a reader stages, and the writer commits, each file it reads
made = []
commit = Warehouse.commit_staged

def wait_then_commit(self, *args, **kwargs):
    if len(made) == int(commits):   # the n commits made: wait, before the next one, until stopped
        pathlib.Path(ready).touch()
        while not pipeline.cli.STOPPED_BY:
            time.sleep(0.01)
    made.append(commit(self, *args, **kwargs))
    return made[-1]

Warehouse.commit_staged = wait_then_commit
sys.argv = ["rasklad", *command]
pipeline.cli.run()
"""
"""A ``rasklad`` process whose ingest waits after its n-th commit, before the next, until it is stopped."""

ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}


def _stop(process: subprocess.Popen) -> tuple[str, str]:
    os.killpg(process.pid, signal.SIGINT)     # Ctrl-C signals the terminal's whole group
    try:
        return process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError("the command went on a minute after Ctrl-C") from None


def _games(warehouse) -> int:
    with connect(warehouse) as con:
        return con.execute("select count(*) from games").fetchone()[0]


def test_an_ingest_stopped_says_the_files_and_games_it_stored_and_the_next_run_stores_the_rest(tmp_path):
    # five files of ten generated hands each, one commit per file: stopped after the second commit
    logs = tmp_path / "logs"
    for seed in range(5):
        made = CliRunner().invoke(main, ["generate", "holdem", "-n", "10", "--seed", str(seed), "-q",
                                         "--out", str(logs / f"night{seed}.txt")])
        assert made.exit_code == 0, made.output
    warehouse, ready = tmp_path / "wh", tmp_path / "ready"
    # a warehouse with its statistics, of three hands read before
    made = CliRunner().invoke(main, ["generate", "holdem", "-n", "3", "--seed", "9", "-q", "--out",
                                     str(tmp_path / "before.txt")])
    assert made.exit_code == 0, made.output
    assert CliRunner().invoke(main, ["ingest", str(tmp_path / "before.txt"), "-w", str(warehouse), "-q"]).exit_code == 0
    writer = subprocess.Popen(
        [sys.executable, "-c", PAUSED_AFTER_COMMITS, str(ready), "2", "ingest", str(logs), "-w", str(warehouse),
         "-j", "1", "-q"], cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    deadline = time.monotonic() + 180
    while not ready.exists() and writer.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready.exists(), writer.communicate(timeout=60)
    _, said = _stop(writer)
    assert writer.returncode == 130, said
    assert said == ("Stopped before the end: 2 of 5 files were stored (20 games) and are kept, the "
                    "other 3 not; the same ingest run again goes on from there (what was stored is not read twice).\n")
    assert _games(warehouse) == 3 + 20
    again = CliRunner().invoke(main, ["ingest", str(logs), "-w", str(warehouse), "-q"])
    assert again.exit_code == 0, again.output
    assert again.output.startswith("5 files (2 unchanged), 30 games stored"), again.output
    assert _games(warehouse) == 3 + 50


def test_a_query_stopped_in_its_statement_stops_at_once_and_says_nothing_changed(tmp_path):
    warehouse = tmp_path / "wh"
    made = CliRunner().invoke(main, ["generate", "holdem", "-n", "3", "-q", "--out", str(tmp_path / "a.txt")])
    assert made.exit_code == 0, made.output
    assert CliRunner().invoke(main, ["ingest", str(tmp_path / "a.txt"), "-w", str(warehouse), "-q"]).exit_code == 0
    # a statement of hours: DuckDB, fetching its result, heeds no SIGINT by itself
    reader = subprocess.Popen(
        [sys.executable, "-m", "pipeline.cli", "query", "select count(*) from range(100000000000) t(a) where a % 7 = 3",
         "-w", str(warehouse)], cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    # inside the statement: the process has spent a second of CPU beyond its start
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and reader.poll() is None:
        with open(f"/proc/{reader.pid}/stat") as stat:
            ticks = sum(int(field) for field in stat.read().rsplit(")", 1)[1].split()[11:13])
        if ticks / os.sysconf("SC_CLK_TCK") > 4:
            break
        time.sleep(0.1)
    out, said = _stop(reader)
    assert (reader.returncode, out, said) == (130, "", "Stopped before the end: nothing was changed (the warehouse "
                                                       "is as it was).\n")


def test_a_command_stopped_before_it_wrote_says_nothing_changed(tmp_path, monkeypatch):
    import pipeline.cli

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pipeline.cli, "_rule_settings_checked", stopped)
    result = CliRunner().invoke(main, ["ingest", str(tmp_path), "-w", str(tmp_path / "wh")])
    assert (result.exit_code, result.stderr) == (130, "Stopped before the end: nothing was changed (the warehouse "
                                                      "is as it was).\n")
    assert not (tmp_path / "wh").exists()


def test_an_ingest_stopped_in_a_new_warehouse_first_build_says_readers_wait_for_it(tmp_path, monkeypatch):
    import pipeline.ingest
    from tests.test_forget_again import NIGHT, NIGHT_NETS, results

    night, warehouse = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(NIGHT, encoding="utf-8")
    refresh = pipeline.ingest.refresh_models

    def stopped_in_the_first_build(*args, build: bool = True, **kwargs):
        if build:       # (the whole build at the run's end: a new warehouse has no models to update)
            raise KeyboardInterrupt     # as the program's handler raises it
        return refresh(*args, build=build, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(pipeline.ingest, "refresh_models", stopped_in_the_first_build)
        cut = CliRunner().invoke(main, ["ingest", str(night), "-w", str(warehouse), "-j", "1", "-q"])
    assert cut.exit_code == 130, cut.output
    assert cut.stderr == ("Stopped before the end: every file was stored (1 game) and is kept; the same ingest run "
                          "again goes on from there (what was stored is not read twice). Its statistics are not "
                          "built yet: the commands that read the warehouse refuse it until the same ingest run "
                          f"again, or `rasklad build-models --warehouse {warehouse}`, builds them.\n")
    refused = CliRunner().invoke(main, ["query", "select count(*) from games", "-w", str(warehouse)])
    assert refused.exit_code == 1 and "are not built" in refused.output
    again = CliRunner().invoke(main, ["ingest", str(night), "-w", str(warehouse), "-j", "1", "-q"])
    assert again.exit_code == 0, again.output
    assert again.output.startswith("1 file (1 unchanged), 0 games stored"), again.output
    assert "\n  built the statistics that a stopped ingest left unbuilt: the warehouse can be read\n" in again.output
    assert results(warehouse) == NIGHT_NETS


TERM_TAKEN_FIRST = """
import pathlib, signal, sys
import pipeline.cli

ready, *command = sys.argv[1:]
connect = pipeline.cli._connect

def taken_first(*args, **kwargs):
    con = connect(*args, **kwargs)
    # as when Python's own handler takes the SIGTERM first, inside DuckDB's statement, and DuckDB
    # drops the KeyboardInterrupt it raised: the stop is recorded, and no SIGINT is sent on
    pipeline.cli.STOPPED_BY.append(signal.SIGTERM)
    pathlib.Path(ready).touch()
    return con

pipeline.cli._connect = taken_first
sys.argv = ["rasklad", *command]
pipeline.cli.run()
"""
"""A ``rasklad`` process whose stop is recorded as a SIGTERM before its query starts."""


def test_a_kill_stops_a_query_though_python_took_the_signal_first(tmp_path):
    warehouse = tmp_path / "wh"
    made = CliRunner().invoke(main, ["generate", "holdem", "-n", "3", "-q", "--out", str(tmp_path / "a.txt")])
    assert made.exit_code == 0, made.output
    assert CliRunner().invoke(main, ["ingest", str(tmp_path / "a.txt"), "-w", str(warehouse), "-q"]).exit_code == 0
    ready = tmp_path / "ready"
    reader = subprocess.Popen(
        [sys.executable, "-c", TERM_TAKEN_FIRST, str(ready), "query",
         "select count(*) from range(100000000000) t(a) where a % 7 = 3", "-w", str(warehouse)],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    while not ready.exists() and reader.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(2)       # inside the statement
    os.kill(reader.pid, signal.SIGTERM)
    try:
        out, said = reader.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(reader.pid, signal.SIGKILL)
        reader.communicate()
        raise AssertionError("the query went on 30 s after the kill") from None
    assert (reader.returncode, out, said) == (143, "", "Stopped before the end: nothing was changed (the warehouse "
                                                       "is as it was).\n")


def test_the_games_an_ingest_finished_for_an_interrupted_one_are_counted_with_thousands_separated(tmp_path,
                                                                                                 monkeypatch):
    import pipeline.ingest
    from tests.test_forget_again import NIGHT

    night, big, warehouse = tmp_path / "night.txt", tmp_path / "big.txt", tmp_path / "wh"
    night.write_text(NIGHT, encoding="utf-8")
    made = CliRunner().invoke(main, ["generate", "holdem", "-n", "1000", "--seed", "3", "-q", "--out", str(big)])
    assert made.exit_code == 0, made.output
    assert CliRunner().invoke(main, ["ingest", str(night), "-w", str(warehouse), "-q"]).exit_code == 0

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt     # in the models' update for the commit: it waits in its journal

    with monkeypatch.context() as patched:
        patched.setattr(pipeline.ingest, "refresh_models", stopped)
        cut = CliRunner().invoke(main, ["ingest", str(big), "-w", str(warehouse), "-j", "1", "-q"])
    assert cut.exit_code == 130, cut.output
    again = CliRunner().invoke(main, ["ingest", str(big), "-w", str(warehouse), "-j", "1", "-q"])
    assert again.exit_code == 0, again.output
    # the 1,000 generated hands, all stored by the commit this run finished
    assert again.output.startswith("1 file (1 unchanged), 1,000 games stored (1,000 of them by the interrupted "
                                   "ingest this one finished)"), again.output


STOPPED_READING = """
import pathlib, sys, time
import pipeline.cli

ready, *command = sys.argv[1:]

def reading(*args, **kwargs):
    # a command reading the warehouse (or importing what it needs), before its own handler of a stop
    pathlib.Path(ready).touch()
    time.sleep(60)

pipeline.cli._connect = reading
sys.argv = ["rasklad", *command]
pipeline.cli.run()
"""
"""A ``rasklad`` process whose command waits, as it would read the warehouse, until it is stopped."""


def _stopped_while_reading(tmp_path, stop: signal.Signals, *command: str) -> tuple[int, str, str]:
    ready = tmp_path / "ready"
    process = subprocess.Popen([sys.executable, "-c", STOPPED_READING, str(ready), *command], cwd=ROOT, env=ENV,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    while not ready.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready.exists(), process.communicate(timeout=60)
    os.kill(process.pid, stop)
    try:
        out, said = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError("the command went on a minute after the stop") from None
    return process.returncode, out, said


def test_an_export_stopped_before_it_writes_exits_130_or_143_saying_so_never_aborted(tmp_path):
    """Ctrl-C or a kill in an export's first second (its imports, reading the warehouse) printed
    click's bare "Aborted!" and exited 1: only the writing of the hands had a handler of its own."""
    export = ("export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out", str(tmp_path / "out"), "-q")
    said = "Stopped before the end: no hand was written (the same export run again writes them all).\n"
    assert _stopped_while_reading(tmp_path, signal.SIGINT, *export) == (130, "", said)
    (tmp_path / "ready").unlink()
    assert _stopped_while_reading(tmp_path, signal.SIGTERM, *export) == (143, "", said)
    assert not (tmp_path / "out").exists()


def test_a_reading_command_stopped_before_its_query_says_nothing_changed(tmp_path):
    said = "Stopped before the end: nothing was changed (the warehouse is as it was).\n"
    assert _stopped_while_reading(tmp_path, signal.SIGTERM, "stats", "-w", str(tmp_path / "wh")) == (143, "", said)


LOST_STOP = """
import signal, sys, time, weakref
import click
import pipeline.cli

class Lock:
    pass

@pipeline.cli.main.command("lose-a-stop")
def lose_a_stop():
    held = Lock()
    # a weakref's callback, as the import system's module locks have: Python prints an exception
    # raised there ("Exception ignored in …") and goes on
    kept = weakref.ref(held, lambda ref: signal.raise_signal(signal.SIGINT))
    del held
    time.sleep(10)
    click.echo(f"ran to its end ({kept})")

sys.argv = ["rasklad", "lose-a-stop"]
pipeline.cli.run()
"""


def test_a_stop_raised_where_python_drops_it_is_raised_again_not_lost(tmp_path):
    """Once, Ctrl-C came while an export imported a module: the KeyboardInterrupt was raised in the
    import system's callback of a lock, printed as ignored, and the export ran to its end, exit 0."""
    done = subprocess.run([sys.executable, "-c", LOST_STOP], cwd=ROOT, env=ENV, capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (
        130, "", "Stopped before the end: nothing was changed (the warehouse is as it was).\n")


def test_a_stop_while_the_command_line_is_read_is_said_never_aborted(monkeypatch):
    import click

    import pipeline.cli

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt     # as the program's handler raises it

    monkeypatch.setattr(click.Group, "parse_args", stopped)
    result = CliRunner().invoke(pipeline.cli.main, ["stats"])
    assert (result.exit_code, result.stdout, result.stderr) == (
        130, "", "Stopped before the end: nothing was changed (the warehouse is as it was).\n")


@pytest.mark.parametrize(("command", "said_first"), [
    (["reaudit"], "0 games judged again by rules version"),
    (["settings", "rate", "EUR", "USD", "1.1"], "1 EUR = 1.1 USD"),
])
def test_a_writer_that_builds_the_statistics_a_stopped_first_ingest_left_says_so(tmp_path, monkeypatch, command,
                                                                                  said_first):
    import pipeline.ingest
    from tests.test_forget_again import NIGHT, NIGHT_NETS, results

    night, warehouse = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(NIGHT, encoding="utf-8")
    refresh = pipeline.ingest.refresh_models

    def stopped_in_the_first_build(*args, build: bool = True, **kwargs):
        if build:
            raise KeyboardInterrupt
        return refresh(*args, build=build, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(pipeline.ingest, "refresh_models", stopped_in_the_first_build)
        cut = CliRunner().invoke(main, ["ingest", str(night), "-w", str(warehouse), "-j", "1", "-q"])
    assert cut.exit_code == 130 and "Its statistics are not built yet" in cut.stderr, cut.output
    built = CliRunner().invoke(main, [*command, "-w", str(warehouse)])
    assert built.exit_code == 0, built.output
    first, second, *_ = built.output.splitlines()
    assert first.startswith(said_first), built.output
    assert second == "  built the statistics that a stopped ingest left unbuilt: the warehouse can be read"
    assert results(warehouse) == NIGHT_NETS
    # built once: the same command run again has nothing of the kind to say
    again = CliRunner().invoke(main, [*command, "-w", str(warehouse)])
    assert again.exit_code == 0 and "left unbuilt" not in again.output, again.output
