"""A re-ingest that finds nothing new is answered from the ledger, without loading readers, engines
or models; anything new, changed or to be judged again takes the whole ingest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.ingest import KNOWN_FILES, MODELS_STAMP, SQL_ROOT, ingest, unchanged_run
from pipeline.inputs import SETTLED_NS
from pipeline.provenance import MODELS_RUNNER
from pipeline.warehouse import read_manifest
from tests.conftest import ROOT, SAMPLES

NIGHT = SAMPLES / "chinese-night.txt"
HOLDEM = SAMPLES / "pokerstars-holdem.txt"


def _logs(tmp_path: Path) -> Path:
    logs = tmp_path / "logs"
    logs.mkdir()
    for sample in (NIGHT, HOLDEM):
        (logs / sample.name).write_bytes(sample.read_bytes())
    return logs


def test_the_fingerprint_reads_the_models_own_runner_and_sql():
    from pipeline import models

    assert MODELS_RUNNER == Path(models.__file__) and SQL_ROOT == models.SQL_ROOT


def test_a_second_ingest_of_the_same_files_is_answered_from_the_ledger(tmp_path):
    logs, warehouse = _logs(tmp_path), tmp_path / "wh"
    assert unchanged_run([logs], warehouse) is None     # no warehouse yet
    first = ingest([logs], warehouse, jobs=1)
    assert first.games > 0 and first.files_unchanged == 0
    quick = unchanged_run([logs], warehouse)
    assert quick is not None and (quick.files, quick.files_unchanged, quick.games) == (2, 2, 0)
    again = ingest([logs], warehouse, jobs=1)
    assert (again.files, again.files_unchanged, again.games, again.quarantined) == (2, 2, 0, 0)
    assert unchanged_run([logs], warehouse, rules=("straight_beats_trips",)) is None


def test_a_changed_file_or_stale_models_take_the_whole_ingest(tmp_path):
    logs, warehouse = _logs(tmp_path), tmp_path / "wh"
    ingest([logs], warehouse, jobs=1)
    (warehouse / MODELS_STAMP).write_text("built from something else")
    assert unchanged_run([logs], warehouse) is None
    ingest([logs], warehouse, jobs=1)       # rebuilds the models' fingerprint
    assert unchanged_run([logs], warehouse) is not None
    with open(logs / NIGHT.name, "a", encoding="utf-8") as night:
        night.write("\n")
    assert unchanged_run([logs], warehouse) is None


def test_a_game_quarantined_by_other_rules_takes_the_whole_ingest(tmp_path):
    logs, warehouse = _logs(tmp_path), tmp_path / "wh"
    broken = logs / "broken.txt"
    broken.write_text(HOLDEM.read_text(encoding="utf-8").split("\n\n")[0].replace("Hold'em No Limit", "Omaha Pot Limit"))
    first = ingest([logs], warehouse, jobs=1)
    assert first.quarantined == 1
    assert unchanged_run([logs], warehouse) is not None
    # the quarantined game judged by another rules version: the ingest would judge it again
    (part,) = read_manifest(warehouse).paths("quarantine")
    rows = pq.read_table(warehouse / part)
    versions = pa.array(["an older version"] * rows.num_rows, pa.string())
    pq.write_table(rows.set_column(rows.schema.get_field_index("rules_version"), "rules_version", versions),
                   warehouse / part)
    # the files' identities are kept under the rules version of the commit that read them: a
    # warehouse whose quarantine another version judged has none kept for this one
    (warehouse / KNOWN_FILES).unlink()
    assert unchanged_run([logs], warehouse) is None


def _settled_logs(tmp_path: Path) -> Path:
    """The logs, their times older than an ingest's reading by more than a clock's tick: an ingest
    keeps their identities (a file read within the tick of its last change is hashed again)."""
    logs = _logs(tmp_path)
    time.sleep(2 * SETTLED_NS / 1e9)
    return logs


_COMMAND = """\
import json, sys
logs = sys.argv[1]
opened = []
sys.addaudithook(lambda event, args: event == "open" and str(args[0]).startswith(logs) and opened.append(args[0]))
from pipeline.cli import main
try:
    main(["ingest", logs, "-w", sys.argv[2], "-j", "1", "-q", *sys.argv[3:]])
except SystemExit as done:
    assert done.code == 0, done.code
heavy = ("pyarrow", "numpy", "numba", "lark", "polars", "duckdb", "streamlit", "pipeline.models", "pipeline.worker",
         "pipeline.warehouse", "rules.holdem_fast", "parsers.pokerstars")
print(json.dumps({"loaded": sorted(name for name in heavy if name in sys.modules), "opened": opened}))
"""


def _command_re_ingest(logs: Path, warehouse: Path, *options: str) -> tuple[dict | str, dict]:
    """``rasklad ingest`` (``options``: ``--json`` by default) in a process of its own: its summary
    (parsed, or as printed), and the heavy modules it loaded and the log files it opened."""
    options = options or ("--json",)
    done = subprocess.run([sys.executable, "-c", _COMMAND, str(logs), str(warehouse), *options], cwd=ROOT,
                          capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    summary_text, seen = done.stdout.rsplit("\n", 2)[:2]
    return json.loads(summary_text) if "--json" in options else summary_text, json.loads(seen)


def test_a_command_line_re_ingest_of_unchanged_files_reads_none_and_loads_no_engine_model_nor_pyarrow(tmp_path):
    logs, warehouse = _settled_logs(tmp_path), tmp_path / "wh"
    ingest([logs], warehouse, jobs=1)
    summary, seen = _command_re_ingest(logs, warehouse)
    assert summary["files_unchanged"] == 2
    assert seen["opened"] == []
    assert seen["loaded"] == []
    # the printed summary too (its notes of rule settings loaded numpy and pyarrow for none given)
    printed, seen = _command_re_ingest(logs, warehouse, "--no-wait")
    assert printed.startswith("2 files (2 unchanged), 0 games stored")
    assert seen["opened"] == []
    assert seen["loaded"] == []


def test_a_renamed_file_is_recorded_once_then_a_re_ingest_reads_nothing_again(tmp_path, monkeypatch):
    import pipeline.worker

    logs, warehouse = _settled_logs(tmp_path), tmp_path / "wh"
    ingest([logs], warehouse, jobs=1)
    (logs / HOLDEM.name).rename(logs / "holdem-2024-01.txt")
    time.sleep(2 * SETTLED_NS / 1e9)    # (a rename changes the file's ctime: its identity is kept once settled)
    # known bytes at a path the ledger has not recorded them at: the whole ingest records them,
    # without parsing the file
    assert unchanged_run([logs], warehouse) is None
    parsed = []
    monkeypatch.setattr(pipeline.worker, "parse_bytes", lambda *args, **kwargs: parsed.append(args[1]))
    recorded = ingest([logs], warehouse, jobs=1)
    assert (recorded.files_unchanged, recorded.games, recorded.superseded, parsed) == (2, 0, 0, [])
    summary, seen = _command_re_ingest(logs, warehouse)
    assert summary["files_unchanged"] == 2
    assert seen["opened"] == []
    assert seen["loaded"] == []


def test_a_file_changed_in_place_with_its_size_and_modification_time_kept_is_read(tmp_path, monkeypatch):
    import pipeline.inputs

    logs, warehouse = _settled_logs(tmp_path), tmp_path / "wh"
    first = ingest([logs], warehouse, jobs=1)
    hashed: list[bytes] = []
    real = pipeline.inputs.content_hash
    monkeypatch.setattr(pipeline.inputs, "content_hash", lambda data: hashed.append(data) or real(data))
    assert unchanged_run([logs], warehouse) is not None and hashed == []
    log = logs / HOLDEM.name
    before = log.stat()
    with open(log, "r+b") as file:   # another hand number, of the same length, in the same inode
        changed = file.read().replace(b"Hand #250000000000:", b"Hand #350000000000:", 1)
        file.seek(0)
        file.write(changed)
    os.utime(log, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = log.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)
    assert unchanged_run([logs], warehouse) is None
    again = ingest([logs], warehouse, jobs=1)
    assert (again.files_unchanged, again.games) == (1, 1) and first.games > 1


def test_a_touched_file_is_hashed_once_then_known_by_its_new_identity(tmp_path, monkeypatch):
    import pipeline.inputs

    logs, warehouse = _settled_logs(tmp_path), tmp_path / "wh"
    ingest([logs], warehouse, jobs=1)
    hashed: list[bytes] = []
    real = pipeline.inputs.content_hash
    monkeypatch.setattr(pipeline.inputs, "content_hash", lambda data: hashed.append(data) or real(data))
    (logs / NIGHT.name).touch()
    time.sleep(2 * SETTLED_NS / 1e9)
    assert unchanged_run([logs], warehouse) is not None
    assert hashed == [NIGHT.read_bytes()]
    assert unchanged_run([logs], warehouse) is not None
    assert hashed == [NIGHT.read_bytes()]


def test_a_file_read_within_a_tick_of_its_last_change_is_hashed_again(tmp_path, monkeypatch):
    """Its identity cannot vouch for the bytes read: a change made in the same tick of the clock
    could leave every time of the file as it was."""
    import pipeline.inputs

    logs, warehouse = _settled_logs(tmp_path), tmp_path / "wh"
    monkeypatch.setattr(pipeline.inputs, "SETTLED_NS", 3600 * 10**9)   # every file read now is racy
    ingest([logs], warehouse, jobs=1)
    hashed: list[bytes] = []
    real = pipeline.inputs.content_hash
    monkeypatch.setattr(pipeline.inputs, "content_hash", lambda data: hashed.append(data) or real(data))
    assert unchanged_run([logs], warehouse) is not None
    assert sorted(hashed) == sorted(path.read_bytes() for path in logs.iterdir())


def test_a_folder_with_new_files_hashes_each_file_once(tmp_path, monkeypatch):
    """The quick check hashes the known files (those whose identity it cannot trust) until it meets
    a new one; the ingest that follows takes those digests instead of hashing the same bytes again
    (and does not read a known file again), so each file of the folder is hashed once at most, and
    each new one once."""
    import pipeline.inputs
    import pipeline.worker

    logs, warehouse = _logs(tmp_path), tmp_path / "wh"
    ingest([logs], warehouse, jobs=1)
    hands = HOLDEM.read_text(encoding="utf-8")
    # new files, named to sort after the known ones: the quick check meets them last
    (logs / "z-new-1.txt").write_text(hands.replace("PokerStars Hand #", "PokerStars Hand #9"), encoding="utf-8")
    (logs / "z-new-2.txt").write_text(hands.replace("PokerStars Hand #", "PokerStars Hand #8"), encoding="utf-8")
    hashed: list[bytes] = []
    real = pipeline.inputs.content_hash

    def counted(data: bytes) -> str:
        hashed.append(data)
        return real(data)

    for module in (pipeline.inputs, pipeline.worker):
        monkeypatch.setattr(module, "content_hash", counted)
    again = ingest([logs], warehouse, jobs=1)
    assert (again.files, again.files_unchanged) == (4, 2) and again.games > 0
    assert len(set(hashed)) == len(hashed)      # none twice
    assert {(logs / name).read_bytes() for name in ("z-new-1.txt", "z-new-2.txt")} <= set(hashed)
    assert ingest([logs], warehouse, jobs=1).files_unchanged == 4


def test_the_files_a_forked_reader_read_are_known_by_their_identity_after(tmp_path, monkeypatch):
    import pipeline.inputs

    logs, warehouse = _logs(tmp_path), tmp_path / "wh"
    hands = HOLDEM.read_text(encoding="utf-8")
    for n in range(1, 7):
        (logs / f"more-{n}.txt").write_text(hands.replace("PokerStars Hand #", f"PokerStars Hand #{n}"), encoding="utf-8")
    time.sleep(2 * SETTLED_NS / 1e9)
    ingest([logs], warehouse, jobs=2)
    hashed: list[bytes] = []
    real = pipeline.inputs.content_hash
    monkeypatch.setattr(pipeline.inputs, "content_hash", lambda data: hashed.append(data) or real(data))
    assert unchanged_run([logs], warehouse) is not None
    assert hashed == []


def test_a_damaged_list_of_known_files_costs_a_hash_of_each_file_and_nothing_else(tmp_path):
    logs, warehouse = _settled_logs(tmp_path), tmp_path / "wh"
    ingest([logs], warehouse, jobs=1)
    for damage in ("not json", '{"files": 3}', '{"key": "k", "files": {"/a": 5}}', "[]"):
        (warehouse / KNOWN_FILES).write_text(damage)
        again = unchanged_run([logs], warehouse)
        assert again is not None and again.files_unchanged == 2
    assert ingest([logs], warehouse, jobs=1).files_unchanged == 2


def test_games_the_ledger_holds_are_skipped_and_the_others_stored():
    # The ledger's numbers are the IDs of 3 of the file's 20 hands and a million others: those 3
    # are counted as known and store no row, whichever path (lane or full) would read them.
    import numpy as np

    from pipeline.worker import id_number, parse_bytes

    data = HOLDEM.read_bytes()
    every = parse_bytes(data, "hands.txt")
    ids = [game_id for (table, _), rows in every.tables.items() if table == "games"
           for game_id in rows.column("game_id").to_pylist()]
    assert len(ids) == 20 == every.count_games
    others = np.random.default_rng(5).integers(0, 2**63, 1_000_000, dtype=np.uint64)
    known = np.unique(np.concatenate([others, np.array([id_number(i) for i in ids[::7]], dtype=np.uint64)]))
    again = parse_bytes(data, "hands.txt", known)
    stored = {game_id for (table, _), rows in again.tables.items() if table == "games"
              for game_id in rows.column("game_id").to_pylist()}
    assert (again.count_known, again.count_games) == (3, 17) and stored == set(ids) - set(ids[::7])
