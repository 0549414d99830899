"""A re-ingest that finds nothing new is answered from the ledger, without loading readers, engines
or models; anything new, changed or to be judged again takes the whole ingest."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.ingest import MODELS_STAMP, SQL_ROOT, ingest, unchanged_run
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
    assert unchanged_run([logs], warehouse) is None


def test_a_command_line_re_ingest_loads_no_reader_engine_or_model(tmp_path):
    logs, warehouse = _logs(tmp_path), tmp_path / "wh"
    ingest([logs], warehouse, jobs=1)
    code = ("import sys\nfrom pipeline.cli import main\n"
            "try:\n    main(['ingest', sys.argv[1], '-w', sys.argv[2], '-j', '1', '-q', '--json'])\n"
            "except SystemExit as done:\n    assert done.code == 0, done.code\n"
            "heavy = ('numba', 'lark', 'polars', 'duckdb', 'streamlit', 'pipeline.models', 'pipeline.worker',\n"
            "         'rules.holdem_fast', 'parsers.pokerstars')\n"
            "print(sorted(name for name in heavy if name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code, str(logs), str(warehouse)], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    summary_text, loaded = done.stdout.rsplit("\n", 2)[:2]
    assert json.loads(summary_text)["files_unchanged"] == 2
    assert loaded == "[]"


def test_a_folder_with_new_files_hashes_each_file_once(tmp_path, monkeypatch):
    """The quick check hashes the known files until it meets a new one; the ingest that follows
    takes those digests instead of hashing the same bytes again (and does not read a known file
    again), so each file of the folder is hashed once."""
    import pipeline.ingest
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

    for module in (pipeline.inputs, pipeline.ingest, pipeline.worker):
        monkeypatch.setattr(module, "content_hash", counted)
    again = ingest([logs], warehouse, jobs=1)
    assert (again.files, again.files_unchanged) == (4, 2) and again.games > 0
    files = sorted(path.read_bytes() for path in logs.iterdir())
    assert sorted(hashed) == files      # every file hashed, none twice
    assert ingest([logs], warehouse, jobs=1).files_unchanged == 4
