"""Writers at once, and writers killed: one writer at a time, nothing lost, nothing doubled,
and readers see whole commits only.

Writers are real processes (forked from the test, so that they start at once): ingests of the
same files, of other files, in one and two processes, model builds and re-audits, started at
random moments; or an ingest killed with SIGKILL at a random moment, its readers with it. What a
reader sees is compared with a serial run over the same files.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import re
import shutil
import signal
import sys
import threading
import time
import traceback
from pathlib import Path

import pytest

import pipeline.ingest
from pipeline import models
from pipeline.cli import run
from pipeline.generators.holdem import generate
from pipeline.ingest import ingest
from pipeline.reaudit import reaudit
from pipeline.tables import SCHEMAS
from pipeline.warehouse import SPOOL, Warehouse, WarehouseBusy, connect
from pipeline.worker import warm_up
from tests.conftest import SAMPLES, made_once
from tests.test_reaudit import OLD, judged_by_another_version

FORK = multiprocessing.get_context("fork")
VOLATILE = {"ingested_at", "source_path"}
MORE_TRIALS = bool(os.environ.get("RASKLAD_SLOW"))
"""Random trials drawn per test: a few in the suite, which keeps its time; more with
`RASKLAD_SLOW=1 make test`, where each race has more draws to show itself."""


def _logs_and_serial_runs(root: Path) -> None:
    a, b = root / "a", root / "b"
    a.mkdir()
    b.mkdir()
    for n in range(3):
        (a / f"holdem-{n}.txt").write_text(generate("holdem", 15, seed=100 + n))
    shutil.copy(SAMPLES / "raspisnoy-night.txt", a)
    (b / "holdem36.txt").write_text(generate("holdem36", 10, seed=7))
    for n in range(4):
        (b / f"holdem-{n}.txt").write_text(generate("holdem", 4, seed=200 + n))
    shutil.copy(SAMPLES / "chinese-wrong-claims.txt", b)
    (b / "junk.txt").write_text("not a game of any room\n")
    ingest([a], root / "serial-a", jobs=1)
    shutil.copytree(root / "serial-a", root / "serial")
    ingest([b], root / "serial", jobs=1)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, Path]:
    """Two sets of logs with no game in common, and a serial run's warehouses: A, then A and B.
    Written once a test run, whichever worker asks first: the tests read them, or copy them."""
    warm_up()   # the writers fork from here with the kernels loaded
    root = made_once(tmp_path_factory, "test_warehouse_concurrency-writers", _logs_and_serial_runs)
    return {"a": root / "a", "b": root / "b", "serial-a": root / "serial-a", "serial": root / "serial"}


def reader_rows(root: Path, files: set[str] | None = None) -> dict[str, list[tuple]]:
    """Every row a reader's connection sees, per table; with ``files``, only the rows of the
    games (and ledger rows) of those files."""
    found = {}
    with connect(root) as con:
        for table, schema in SCHEMAS.items():
            columns = ", ".join(f'"{name}"' for name in schema.names if name not in VOLATILE)
            sql = f"select {columns} from {table}"
            if files is not None:
                sql += {
                    "files": " where list_contains($files, source_file)",
                    "quarantine": " where list_contains($files, source_file)",
                }.get(table, " where game_id in (select game_id from games where list_contains($files, source_file))"
                      if "game_id" in schema.names else " where false")    # aliases, settings: of no file
            rows = con.execute(sql, {"files": sorted(files)} if "$files" in sql else None).fetchall()
            found[table] = sorted(tuple(map(str, row)) for row in rows)
    return found


def committed_files(root: Path) -> set[str]:
    with connect(root) as con:
        return {path for (path,) in con.execute("select source_file from files").fetchall()}


# -- writers at once ------------------------------------------------------------------------

def _write(op: str, root: Path, inputs: dict[str, Path], delay: float, failures: Path) -> None:
    """A writer process: after ``delay``, one writing command; a traceback goes to ``failures``."""
    time.sleep(delay)
    try:
        if op == "ingest a":
            ingest([inputs["a"]], root, jobs=1, build_models=False)
        elif op == "ingest a, 2 jobs":
            ingest([inputs["a"]], root, jobs=2, build_models=False)
        elif op == "ingest b":
            ingest([inputs["b"]], root, jobs=1)
        elif op == "build models":
            with Warehouse(root).open() as store:
                models.build(store)
        elif op == "reaudit":
            with Warehouse(root).open() as store:
                reaudit(store)
    except BaseException:   # noqa: BLE001 — the test reads it
        failures.write_text(f"{op}:\n{traceback.format_exc()}")
        os._exit(1)
    os._exit(0)


def test_concurrent_writers_lose_nothing_double_nothing_and_equal_a_serial_run(tmp_path, inputs):
    serial = reader_rows(inputs["serial"])
    chooser = random.Random(12)
    trials = 20 if MORE_TRIALS else 8     # 8 still draws each of the four extra writers twice, on average
    for trial in range(trials):
        root = tmp_path / f"wh-{trial}"
        # Models are built by "ingest b" and "build models" only (the views read the commits;
        # building models is the slow part of a small ingest).
        ops = ["ingest a", "ingest a", "ingest b", "build models",
               *chooser.choice([[], ["ingest a, 2 jobs"], ["reaudit"], ["ingest b"]])]
        chooser.shuffle(ops)
        failures = tmp_path / f"failures-{trial}"
        failures.mkdir()
        writers = [FORK.Process(target=_write, args=(op, root, inputs, chooser.uniform(0, 0.3), failures / str(n)))
                   for n, op in enumerate(ops)]
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join(timeout=120)
        told = [path.read_text() for path in failures.iterdir()]
        assert not told, f"trial {trial} ({ops}): a writer failed:\n" + "\n".join(told)
        assert [writer.exitcode for writer in writers] == [0] * len(writers), (trial, ops)
        rows = reader_rows(root)
        game_ids = [row[0] for row in rows["games"]]
        assert len(game_ids) == len(set(game_ids)), f"trial {trial} ({ops}): a game stored twice"
        assert rows == serial, f"trial {trial} ({ops}): not what a serial run stores"
        with connect(root) as con:
            assert con.execute("select count(*) from stg_games").fetchone()[0] == len(game_ids)


def _hold_the_lock(root: Path, ready, release) -> None:
    with Warehouse(root).open(purpose="a test holding the lock"):
        ready.set()
        release.wait(60)
    os._exit(0)


def test_a_second_writer_waits_saying_why_or_refuses_with_no_wait(tmp_path, inputs):
    root = tmp_path / "wh"
    ready, release = FORK.Event(), FORK.Event()
    holder = FORK.Process(target=_hold_the_lock, args=(root, ready, release))
    holder.start()
    try:
        assert ready.wait(30)
        with pytest.raises(WarehouseBusy, match=rf"being written by another process \(process {holder.pid}, "
                                                r"a test holding the lock, since"):
            ingest([inputs["b"]], root, jobs=1, wait=False)
        told = []
        threading.Timer(0.5, release.set).start()
        summary = ingest([inputs["b"]], root, jobs=1, on_wait=told.append)
        since = told[0].split("since ")[1][:8]
        assert told == [(f"The warehouse {str(root)!r} is being written by another process (process {holder.pid}, "
                         f"a test holding the lock, since {since}); waiting for it to finish…")]
        assert summary.games > 0
    finally:
        release.set()
        holder.join(30)


def _wait_then_hold(root: Path, purpose: str, said: Path, waiting, took: Path) -> None:
    """A writer that waits for the lock, writing each line it says to ``said``; holds it 2 s."""
    lines = []

    def on_wait(line: str) -> None:
        lines.append(line)
        said.write_text("\n".join(lines))
        waiting.set()

    with Warehouse(root).open(purpose=purpose, on_wait=on_wait):
        took.write_text(str(time.monotonic()))
        time.sleep(2)
    os._exit(0)


def test_a_writer_queued_behind_two_says_so_each_time_the_writer_it_waits_for_changes(tmp_path):
    # An ingest holds the lock; a forget and a settings queue behind it. Whichever of the two takes
    # the lock second waited for the ingest, then for the other: it says both, in turn.
    root = tmp_path / "wh"
    ready, release = FORK.Event(), FORK.Event()
    holder = FORK.Process(target=_hold_the_lock, args=(root, ready, release))
    holder.start()
    waiters = {}
    try:
        assert ready.wait(30)
        for purpose in ("rasklad forget", "rasklad settings"):
            said, took, waiting = tmp_path / f"{purpose}.said", tmp_path / f"{purpose}.took", FORK.Event()
            waiter = FORK.Process(target=_wait_then_hold, args=(root, purpose, said, waiting, took))
            waiter.start()
            assert waiting.wait(30)
            waiters[purpose] = (waiter, said, took)
        release.set()
        for waiter, _, _ in waiters.values():
            waiter.join(60)
            assert waiter.exitcode == 0
    finally:
        release.set()
        holder.join(30)
    first, second = sorted(waiters, key=lambda purpose: float(waiters[purpose][2].read_text()))
    told = {purpose: said.read_text().split("\n") for purpose, (_, said, _) in waiters.items()}

    def since(line: str) -> str:    # the clock of the note the line quotes
        return line.split("since ")[1][:8]

    behind_holder = (f"The warehouse {str(root)!r} is being written by another process (process {holder.pid}, "
                     f"a test holding the lock, since {since(told[first][0])}); waiting for it to finish…")
    assert told[first] == [behind_holder]
    assert told[second][0] == behind_holder and len(told[second]) == 2, told[second]
    assert told[second][1] == (f"The warehouse {str(root)!r} is now being written by another process (process "
                               f"{waiters[first][0].pid}, {first}, since {since(told[second][1])}); waiting for it "
                               f"to finish…")
    assert re.fullmatch(r"\d\d:\d\d:\d\d", since(told[second][1]))


def test_two_threads_of_one_process_write_one_at_a_time(tmp_path, inputs):
    # The dashboard's Import runs in a thread of the server: a second import waits for the first.
    root = tmp_path / "wh"
    first = Warehouse(root).open()
    told = []
    second = threading.Thread(target=lambda: ingest([inputs["b"]], root, jobs=1, on_wait=told.append))
    second.start()
    second.join(1.0)
    assert second.is_alive() and len(told) == 1
    first.close()
    second.join(60)
    assert not second.is_alive()
    assert reader_rows(root) == reader_rows(inputs["serial"], committed_files(inputs["serial"]) - committed_files(
        inputs["serial-a"]))


# -- writers killed -------------------------------------------------------------------------

def _ingest_until_killed(root: Path, logs: Path, jobs: int) -> None:
    os.setpgrp()    # a group of its own: its forked readers are killed with it
    pipeline.ingest.STAGE_BYTES = 2_000     # a commit every few files: kills land between and inside them
    ingest([logs], root, jobs=jobs)
    os._exit(0)


KILLED_TRIALS = 8 if MORE_TRIALS else 4
"""Ingests killed per test: one at a random moment of each quarter (eighth) of an ingest's span, so
that the trials reach its start, its commits and its end (moments drawn over the whole span could
all fall in its middle)."""


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_writer_killed_at_any_moment_leaves_whole_commits_and_a_rerun_equals_a_clean_run(tmp_path, inputs, jobs):
    serial = reader_rows(inputs["serial"])
    files_before = committed_files(inputs["serial-a"])
    chooser = random.Random(jobs)
    # How long the ingest takes here, to kill it anywhere from its start to just after its end.
    shutil.copytree(inputs["serial-a"], tmp_path / "timed")
    started = time.perf_counter()
    timed = FORK.Process(target=_ingest_until_killed, args=(tmp_path / "timed", inputs["b"], jobs))
    timed.start()
    timed.join(120)
    span = time.perf_counter() - started
    outcomes = {"before": 0, "between": 0, "after": 0}
    for trial in range(KILLED_TRIALS):
        root = tmp_path / f"wh-{trial}"
        shutil.copytree(inputs["serial-a"], root)
        writer = FORK.Process(target=_ingest_until_killed, args=(root, inputs["b"], jobs))
        writer.start()
        time.sleep(span * (trial + chooser.random()) / KILLED_TRIALS)
        try:
            os.killpg(writer.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass    # it had finished
        writer.join(30)
        committed = committed_files(root)
        seen = reader_rows(root)
        assert seen == reader_rows(inputs["serial"], committed), f"trial {trial}: a reader saw a partial commit"
        assert len({row[0] for row in seen["games"]}) == len(seen["games"])
        outcomes["before" if committed == files_before else "after" if seen == serial else "between"] += 1
        ingest([inputs["b"]], root, jobs=jobs, build_models=False)
        assert reader_rows(root) == serial, f"trial {trial}: the re-run does not equal a clean run"
        assert not list(root.glob("*/*/*.tmp")) and not list(root.glob("rasklad.duckdb.building-*"))
        assert not (root / SPOOL).exists(), f"trial {trial}: the readers' scratch files were left"
    assert sum(outcomes.values()) == KILLED_TRIALS
    print(f"\nkilled ingests, {jobs} job(s): readers saw {outcomes}")


def test_the_next_writer_sweeps_the_scratch_files_a_killed_one_left(tmp_path, inputs):
    root = tmp_path / "wh"
    shutil.copytree(inputs["serial-a"], root)
    (root / SPOOL).mkdir()
    (root / SPOOL / "4242-1.pickle").write_bytes(b"a staged batch a reader handed over")
    with Warehouse(root).open():
        assert not (root / SPOOL).exists()
    assert reader_rows(root) == reader_rows(inputs["serial-a"])


def _command_until_stopped(root: Path, logs: Path, said: Path) -> None:
    """``rasklad ingest`` as the installed program runs it (its signal handling included), its
    stderr into ``said``; exits with the command's code."""
    os.setpgrp()    # a group of its own: the test can tell whether its readers outlive it
    pipeline.ingest.STAGE_BYTES = 2_000
    sys.argv = ["rasklad", "ingest", str(logs), "-w", str(root), "-j", "2"]
    code = 0
    with open(said, "w") as sys.stderr, open(os.devnull, "w") as sys.stdout:    # what click writes to
        try:
            run()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
    os._exit(code)


def test_an_ingest_stopped_by_sigterm_stops_its_readers_says_what_is_kept_and_a_rerun_equals_a_clean_run(
        tmp_path, inputs):
    """``kill PID`` (SIGTERM) reaches the writer alone: it stops its readers, removes its scratch
    files and says so, where it used to vanish with its readers reading on."""
    serial = reader_rows(inputs["serial"])
    chooser = random.Random(3)
    shutil.copytree(inputs["serial-a"], tmp_path / "timed")
    started = time.perf_counter()
    timed = FORK.Process(target=_command_until_stopped, args=(tmp_path / "timed", inputs["b"], tmp_path / "timed.err"))
    timed.start()
    timed.join(120)
    span = time.perf_counter() - started
    assert timed.exitcode == 1     # b holds a file of no known game: quarantined
    stopped = 0
    for trial in range(4):
        root, said = tmp_path / f"wh-{trial}", tmp_path / f"said-{trial}"
        shutil.copytree(inputs["serial-a"], root)
        writer = FORK.Process(target=_command_until_stopped, args=(root, inputs["b"], said))
        writer.start()
        time.sleep(0.1 + span * (trial + chooser.random()) / 8)     # in its first half
        os.kill(writer.pid, signal.SIGTERM)
        writer.join(30)
        text = said.read_text()
        if writer.exitcode == 143:
            stopped += 1
            # (before its first commit, it says that nothing was committed yet)
            assert re.search(r"Stopped before the end: (.* stored|nothing was committed yet)", text), text
            assert "Traceback" not in text, text
            with pytest.raises(ProcessLookupError):
                os.killpg(writer.pid, 0)    # no reader of its group outlives it
        else:
            assert writer.exitcode == 1, text
        # (a commit it was making is finished or undone by the next writer, as after a kill)
        assert not (root / SPOOL).exists(), f"trial {trial}: the readers' scratch files were left"
        ingest([inputs["b"]], root, jobs=2, build_models=False)
        assert reader_rows(root) == serial, f"trial {trial}: the re-run does not equal a clean run"
        assert not list(root.glob("*/*/*.tmp"))
    print(f"\nstopped ingests: {stopped} of 4")
    assert stopped, "no trial stopped the ingest before its end"


def _reaudit_until_killed(root: Path, jobs: int) -> None:
    os.setpgrp()    # a group of its own: its forked readers are killed with it
    with Warehouse(root).open() as store:
        reaudit(store, jobs=jobs)
    os._exit(0)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_reaudit_killed_at_any_moment_leaves_whole_commits_and_a_rerun_equals_a_clean_run(tmp_path, inputs, jobs):
    """A re-audit replaces the rows of every game it judges in one journaled commit: killed
    anywhere, readers see every game as the other rules judged it, or every game as these
    rules do; a re-audit run again afterwards gives what a clean ingest stores."""
    serial = reader_rows(inputs["serial"])
    shutil.copytree(inputs["serial"], tmp_path / "older")
    judged_by_another_version(tmp_path / "older")
    older = reader_rows(tmp_path / "older")
    assert older != serial and older["games"] and all(OLD in row for row in older["games"])
    chooser = random.Random(10 + jobs)
    shutil.copytree(tmp_path / "older", tmp_path / "timed")
    started = time.perf_counter()
    timed = FORK.Process(target=_reaudit_until_killed, args=(tmp_path / "timed", jobs))
    timed.start()
    timed.join(120)
    span = time.perf_counter() - started
    assert reader_rows(tmp_path / "timed") == serial
    outcomes = {"before": 0, "after": 0}
    for trial in range(10 if MORE_TRIALS else 5):
        root = tmp_path / f"wh-{trial}"
        shutil.copytree(tmp_path / "older", root)
        writer = FORK.Process(target=_reaudit_until_killed, args=(root, jobs))
        writer.start()
        time.sleep(chooser.uniform(0.3, 1.1) * span)     # its commit is at its end
        try:
            os.killpg(writer.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass    # it had finished
        writer.join(30)
        seen = reader_rows(root)
        assert seen in (older, serial), f"trial {trial}: a reader saw a partial re-audit"
        outcomes["before" if seen == older else "after"] += 1
        with Warehouse(root).open() as store:
            reaudit(store, jobs=jobs)
        assert reader_rows(root) == serial, f"trial {trial}: the re-run does not equal a clean run"
        assert not list(root.glob("*/*/*.tmp"))
    print(f"\nkilled re-audits, {jobs} job(s): readers saw {outcomes}")
