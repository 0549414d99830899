"""A parallel ingest stores exactly what a one-process ingest stores.

With ``jobs`` > 1 the writer reads files too, forked readers stage their own Parquet parts
every ``STAGE_BYTES`` of logs and at the end, and the writer publishes them (dropping games a
file of the same run already stored). Whatever the split, the warehouse must hold the same
rows as a run in one process: games of every format, the same hand in two files stored
once, quarantined text, findings. A reader that fails stops the run with its reason; a file
that cannot be read is named in the summary while the rest is ingested.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.dataset as ds
import pytest

import pipeline.ingest
import pipeline.worker
from pipeline.generators.holdem import generate
from pipeline.ingest import ReaderFailed, ingest
from pipeline.tables import SCHEMAS
from tests.conftest import ROOT

# Where a hand stands in two files, either copy may be the one stored: columns naming the
# file (and the ledger's per-file counts) are compared as totals, not row by row.
WHERE = {"source_file", "first_line", "last_line", "line", "ingested_at", "content_hash", "size_bytes",
         "count_games", "count_quarantined"}


def _folder(root: Path) -> Path:
    logs = root / "logs"
    logs.mkdir()
    for n in range(6):
        (logs / f"holdem-{n}.txt").write_text(generate("holdem", 40, seed=n, allin=0.02))
    (logs / "holdem36.txt").write_text(generate("holdem36", 30, seed=9))
    # the first 10 hands of holdem-0 again, in another file, after a hand of garbage
    hands = (logs / "holdem-0.txt").read_text().split("\n\n\n")
    (logs / "again.txt").write_text("PokerStars Hand #1: gibberish\n\n\n" + "\n\n\n".join(hands[:10]))
    (logs / "gibberish-copy.txt").write_text("PokerStars Hand #1: gibberish\n")
    for sample in ("raspisnoy-night.txt", "chinese-night.txt", "sixcard-metropol.txt", "ofc-classic.txt"):
        shutil.copy(ROOT / "data" / "samples" / sample, logs / sample)
    return logs


def _tables(warehouse: Path) -> dict[str, list[tuple]]:
    found = {}
    for table, schema in SCHEMAS.items():
        folder = warehouse / table
        if not folder.exists():
            continue
        columns = [name for name in schema.names if name not in WHERE]
        rows = ds.dataset(folder, format="parquet", schema=schema).to_table(columns=columns).to_pylist()
        found[table] = sorted(tuple(str(row[c]) for c in columns) for row in rows)
    return found


@pytest.mark.parametrize("jobs", [2, 3])
def test_parallel_ingest_stores_what_one_process_stores(tmp_path, monkeypatch, jobs):
    # Small stages, so that every reader stages several times, in its final stretch and at the end.
    monkeypatch.setattr(pipeline.ingest, "STAGE_BYTES", 20_000)
    logs = _folder(tmp_path)
    one = ingest([logs], tmp_path / "one", jobs=1, build_models=False)
    many = ingest([logs], tmp_path / "many", jobs=jobs, build_models=False)
    # A repeated hand is skipped by ID before it is parsed when its first copy was committed
    # already, and dropped at the commit otherwise: either way "already stored"; the gibberish's
    # second copy, either way a copy in another file of a game in quarantine (it never was stored),
    # not "already in quarantine": the quarantine held nothing before the run.
    assert (many.games, many.games_known + many.duplicates, many.already_quarantined, many.quarantined,
            many.quarantined_copies_elsewhere, many.findings) == (
        one.games, one.games_known + one.duplicates, one.already_quarantined, one.quarantined,
        one.quarantined_copies_elsewhere, one.findings)
    assert (one.games_known + one.duplicates, one.already_quarantined, one.quarantined,
            one.quarantined_copies_elsewhere) == (10, 0, 1, 1)
    assert many.reasons == one.reasons
    assert _tables(tmp_path / "many") == _tables(tmp_path / "one")
    ledger = {
        name: ds.dataset(root / "files", format="parquet", schema=SCHEMAS["files"]).to_table().to_pylist()
        for name, root in (("one", tmp_path / "one"), ("many", tmp_path / "many"))
    }
    assert sorted(r["content_hash"] for r in ledger["many"]) == sorted(r["content_hash"] for r in ledger["one"])
    assert sum(r["count_games"] for r in ledger["many"]) == sum(r["count_games"] for r in ledger["one"])
    assert not list((tmp_path / "many").glob("*/*/*.tmp")), "a staged part was left unpublished"
    # Ingesting again adds nothing, in parallel too.
    again = ingest([logs], tmp_path / "many", jobs=jobs, build_models=False)
    assert (again.games, again.quarantined) == (0, 0)


def _fail_in_readers(monkeypatch, fault) -> None:
    """parse_bytes as usual in the writer (slowly, so that readers get files), ``fault`` in
    the forked readers."""
    writer = os.getpid()
    parse_bytes = pipeline.worker.parse_bytes     # the readers look it up there at each file

    def parse_or_fail(*args, **kwargs):
        if os.getpid() != writer:
            fault()
        time.sleep(0.05)
        return parse_bytes(*args, **kwargs)

    monkeypatch.setattr(pipeline.worker, "parse_bytes", parse_or_fail)


def _boom():
    raise ValueError("a bug of ours")


def test_a_reader_that_fails_stops_the_run_with_its_traceback(tmp_path, monkeypatch):
    logs = _folder(tmp_path)
    _fail_in_readers(monkeypatch, _boom)
    with pytest.raises(ReaderFailed, match=r"(?s)a reader process failed: ValueError: a bug of ours .*"
                                           r"Traceback .* in _boom"):
        ingest([logs], tmp_path / "warehouse", jobs=2, build_models=False)
    monkeypatch.undo()
    # What was committed stands; an ingest run again stores the rest, as one clean run does.
    again = ingest([logs], tmp_path / "warehouse", jobs=2, build_models=False)
    clean = ingest([logs], tmp_path / "clean", jobs=1, build_models=False)
    assert _tables(tmp_path / "warehouse") == _tables(tmp_path / "clean")
    assert again.games <= clean.games
    assert not list((tmp_path / "warehouse").glob("*/*/*.tmp"))


def test_a_reader_killed_midway_stops_the_run_with_a_way_out(tmp_path, monkeypatch):
    logs = _folder(tmp_path)
    _fail_in_readers(monkeypatch, lambda: os._exit(9))
    with pytest.raises(ReaderFailed, match="a reader process ended without finishing .* Run the ingest again"):
        ingest([logs], tmp_path / "warehouse", jobs=2, build_models=False)


def _unreadable(monkeypatch, unreadable: Path, error: OSError) -> None:
    """The ingest's readers open files as usual, except that opening ``unreadable`` raises ``error``."""
    def open_or_fail(path, *args, **kwargs):
        if Path(path) == unreadable:
            raise error
        return open(path, *args, **kwargs)

    monkeypatch.setattr(pipeline.ingest, "open", open_or_fail, raising=False)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_that_cannot_be_read_is_reported_and_the_rest_ingested(tmp_path, monkeypatch, jobs):
    # A poker client's folder changes under a run: a listed file may be gone by its turn.
    logs = _folder(tmp_path)
    gone = logs / "holdem-3.txt"
    _unreadable(monkeypatch, gone, FileNotFoundError(2, "No such file or directory", str(gone)))
    summary = ingest([logs], tmp_path / "warehouse", jobs=jobs, build_models=False)
    assert summary.unreadable == [(str(gone), "No such file or directory")]
    assert summary.as_dict()["files_unreadable"] == {str(gone): "No such file or directory"}
    monkeypatch.undo()
    clean = ingest([logs], tmp_path / "clean", jobs=1, build_models=False)
    assert summary.games == clean.games - 40        # every game but the 40 of the file not read
    again = ingest([logs], tmp_path / "warehouse", jobs=jobs, build_models=False)
    assert (again.games, again.files_unchanged, again.unreadable) == (40, summary.files - 1, [])


def test_the_cli_names_an_unreadable_file_and_exits_1(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from pipeline.cli import main

    log = tmp_path / "night.txt"
    log.write_text(generate("holdem", 5, seed=3))
    _unreadable(monkeypatch, log, PermissionError(13, "Permission denied", str(log)))
    result = CliRunner().invoke(main, ["ingest", str(log), "--warehouse", str(tmp_path / "wh"), "-j", "1"])
    assert result.exit_code == 1
    assert f"could not read {log}: Permission denied\n" in result.output
    assert "Run the ingest again once they are readable" in result.output


def test_the_cli_says_a_reader_failed_and_how_to_go_on(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from pipeline.cli import main

    logs = _folder(tmp_path)
    _fail_in_readers(monkeypatch, _boom)
    result = CliRunner().invoke(main, ["ingest", str(logs), "--warehouse", str(tmp_path / "wh"), "-j", "2", "-q"])
    assert result.exit_code == 1
    assert "Error: A reader process failed: ValueError: a bug of ours" in result.output
    assert "What was committed is kept; run the ingest again to go on." in result.output


def test_files_are_read_with_the_collector_at_the_reading_pace_and_its_pace_is_restored_after(tmp_path):
    import gc

    (tmp_path / "night.txt").write_text(generate(count=3, seed=5), encoding="utf-8")
    before = gc.get_threshold()
    while_reading = []
    ingest([tmp_path / "night.txt"], tmp_path / "warehouse", jobs=1, build_models=False,
           on_file=lambda result: while_reading.append(gc.get_threshold()[0]))
    assert while_reading and min(while_reading) >= pipeline.ingest.READ_COLLECT_EVERY > before[0]
    assert gc.get_threshold() == before



def test_objects_are_set_apart_from_the_collector_while_files_are_read_by_either_path(tmp_path):
    # one reader and two: frozen while each file is read (the parallel writer's readers fork inside
    # a second block, which sets apart what warm_up loaded), never after the run
    import gc

    for jobs in (1, 2):
        folder = tmp_path / f"logs{jobs}"
        folder.mkdir()
        for n in range(2):
            (folder / f"night{n}.txt").write_text(generate(count=3, seed=n), encoding="utf-8")
        frozen = []
        ingest([folder], tmp_path / f"warehouse{jobs}", jobs=jobs, build_models=False,
               on_file=lambda result: frozen.append(gc.get_freeze_count()))
        assert len(frozen) == 2 and min(frozen) > 0, (jobs, frozen)
        assert gc.get_freeze_count() == 0


def test_the_collectors_tuning_is_written_in_one_module():
    # its pace, and the objects set apart from it: pipeline/collector.py alone calls the collector
    import re

    calls = re.compile(r"\bgc\.(freeze|unfreeze|set_threshold)\(")
    found = [str(path.relative_to(ROOT)) for room in ("rules", "parsers", "pipeline", "dashboards")
             for path in sorted((ROOT / room).rglob("*.py")) if calls.search(path.read_text(encoding="utf-8"))]
    assert found == ["pipeline/collector.py"]


def _run_over_a_night(script: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """``script`` run in a new Python, its two arguments a small generated history and a warehouse
    beside it: what a process that starts afresh holds is what these tests read."""
    (tmp_path / "night.txt").write_text(generate(count=3, seed=5), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "night.txt"), str(tmp_path / "warehouse")],
                          capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return done


def test_an_ingest_process_reads_without_pandas_and_leaves_it_importable(tmp_path):
    # pyarrow's question (are the values pandas objects?) is answered without importing pandas, a
    # fifth of a CPU-second; afterwards pandas imports as it is installed, where it was hidden
    # from the whole `rasklad ingest` process
    script = (
        "import sys\n"
        "sys.argv = ['rasklad', 'ingest', sys.argv[1], '--warehouse', sys.argv[2], '-j', '1', '-q']\n"
        "from pipeline.cli import run\n"
        "try:\n"
        "    run()\n"
        "except SystemExit as done:\n"
        "    code = done.code\n"
        "loaded = 'pandas' in sys.modules\n"
        "import pandas\n"
        "print('pandas loaded by the ingest:', loaded, '; then importable:', hasattr(pandas, 'DataFrame'))\n"
        "sys.exit(code)\n")
    done = _run_over_a_night(script, tmp_path)
    assert "pandas loaded by the ingest: False ; then importable: True" in done.stdout, (done.stdout, done.stderr)


def test_an_ingest_called_in_a_long_lived_process_leaves_pyarrow_seeing_pandas(tmp_path):
    # The dashboard's Import page runs ingest() in its server, which lives on: pyarrow must still
    # take a pandas Series for one (its missing value a null) and a Categorical for a dictionary
    script = (
        "import sys\n"
        "import pyarrow as pa\n"
        "from pipeline.ingest import ingest\n"
        "ingest([sys.argv[1]], sys.argv[2], jobs=1)\n"
        "import pandas as pd\n"
        "print('nulls', pa.array(pd.Series([1.0, None])).null_count)\n"
        "print('categorical', pa.types.is_dictionary(pa.array(pd.Categorical(['x', 'y'])).type))\n")
    done = _run_over_a_night(script, tmp_path)
    assert done.stdout.splitlines()[-2:] == ["nulls 1", "categorical True"], (done.stdout, done.stderr)


def test_readers_claim_the_largest_files_first(tmp_path, monkeypatch):
    # Named so that their listing order is smallest first: a reader that took the files as listed
    # would end the run on the largest one, reading alone while the others wait.
    logs = tmp_path / "logs"
    logs.mkdir()
    for letter, hands in zip("abcdefgh", (2, 4, 6, 8, 10, 12, 14, 16)):
        (logs / f"{letter}.txt").write_text(generate("holdem", hands, seed=hands))
    claims = tmp_path / "claims.txt"
    parse_bytes = pipeline.worker.parse_bytes     # the readers look it up there at each file

    def parse_and_note(data, source_file, *args, **kwargs):
        with open(claims, "a") as note:     # one short append per file: whole lines, whichever process
            note.write(f"{os.getpid()} {len(data)}\n")
        time.sleep(0.02)     # for every process to get files
        return parse_bytes(data, source_file, *args, **kwargs)

    monkeypatch.setattr(pipeline.worker, "parse_bytes", parse_and_note)
    summary = ingest([logs], tmp_path / "warehouse", jobs=2, build_models=False)
    assert summary.games == 72
    sizes_by_reader: dict[str, list[int]] = {}
    for line in claims.read_text().splitlines():
        pid, size = line.split()
        sizes_by_reader.setdefault(pid, []).append(int(size))
    assert sorted(size for sizes in sizes_by_reader.values() for size in sizes) == sorted(
        path.stat().st_size for path in logs.iterdir())
    for sizes in sizes_by_reader.values():
        assert sizes == sorted(sizes, reverse=True)
