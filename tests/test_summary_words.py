"""Small wordings of the summaries and listings: one listing prints a boolean one way, a count is
the same in the progress line and the summary, an empty listing says so in words. Through the
CLI, on the Chinese-poker sample night (real DuckDB and Parquet in a temporary folder)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pipeline.cli import _Progress, main
from tests.conftest import SAMPLES

NIGHT = SAMPLES / "chinese-night.txt"


def run(*args: str, **kwargs):
    return CliRunner().invoke(main, list(args), catch_exceptions=False, **kwargs)


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory):
    root = tmp_path_factory.mktemp("words") / "wh"
    assert run("ingest", str(NIGHT), "-w", str(root), "-j", "1", "-q").exit_code == 0
    return root


def test_the_progress_line_counts_the_files_the_summary_counts_unreadable(tmp_path, monkeypatch):
    monkeypatch.setattr(_Progress, "PROGRESS_EVERY", 0.0)
    missing = tmp_path / "missing.txt"
    result = run("ingest", str(NIGHT), str(missing), "-w", str(tmp_path / "wh"), "-j", "1")
    assert result.stderr.splitlines()[0] == "reading 1 file (1 more that cannot be read)"
    assert result.stdout.startswith("2 files (0 unchanged, 1 unreadable)"), result.stdout


def test_settings_with_none_kept_says_so_in_words(warehouse):
    listed = run("settings", "-w", str(warehouse))
    assert (listed.exit_code, listed.output) == (0, "No setting kept: `rasklad settings rate FROM TO RATE` keeps a "
                                                    "rate, and `rasklad ingest --rules` the rule settings it is "
                                                    "given.\n")
    assert run("settings", "-w", str(warehouse), "--json").output == "[]\n"


def test_a_boolean_reads_the_same_in_the_table_and_the_block_layout(warehouse):
    wide = run("alias", "--list", "-w", str(warehouse), env={"COLUMNS": "400"}).output
    narrow = run("alias", "--list", "-w", str(warehouse), env={"COLUMNS": "30"}).output
    assert "false" in wide and "is_me" in wide.splitlines()[1]       # the table layout
    flags = [line.split()[-1] for line in narrow.splitlines() if line.startswith("is_me:")]
    assert flags and set(flags) == {"false"}, narrow        # the block layout: no one is "me" here
