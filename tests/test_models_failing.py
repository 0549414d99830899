"""A model that fails to build never costs the games of an ingest, nor ends a command with a
traceback: the summary is printed, then the model and the database's reason, and the exit code is 1."""
from __future__ import annotations

from click.testing import CliRunner

from pipeline import models
from pipeline.cli import main
from pipeline.warehouse import Warehouse, connect
from tests.conftest import SAMPLES

REASON = "model hand_list (30_marts/hand_list.sql) failed: Out of Range Error: Overflow in multiplication of DECIMAL(18)"


def _failing(*args, **kwargs):
    raise models.ModelError(REASON)


def _games(root) -> int:
    with Warehouse(root).open(wait=False) as store:
        return store.read_table("games", ["game_id"]).num_rows


def _ingest(path, root):
    return CliRunner().invoke(main, ["ingest", str(path), "--warehouse", str(root), "-j", "1", "-q"])


def test_a_model_that_fails_keeps_the_games_and_says_which_model_and_why(tmp_path, monkeypatch):
    holdem = SAMPLES / "pokerstars-holdem.txt"
    chinese = SAMPLES / "chinese-night.txt"
    hands = holdem.read_text(encoding="utf-8").count("PokerStars Hand #")
    nights = chinese.read_text(encoding="utf-8").count("Chinese poker hand")
    root = tmp_path / "wh"

    # the first ingest: the whole build at its end fails
    with monkeypatch.context() as patch:
        patch.setattr(models, "build", _failing)
        first = _ingest(holdem, root)
    assert first.exit_code == 1 and isinstance(first.exception, SystemExit)
    assert first.stdout.startswith(f"1 file (0 unchanged), {hands} games stored, ")
    assert f"\nError: the statistics were not brought up to date: {REASON}\n" in "\n" + first.stderr
    assert f"rasklad build-models --warehouse {root}" in first.stderr
    assert "Traceback" not in first.output
    assert _games(root) == hands

    # build-models fails the same way: told in words, exit 1
    with monkeypatch.context() as patch:
        patch.setattr(models, "build", _failing)
        built = CliRunner().invoke(main, ["build-models", "--warehouse", str(root)])
    assert built.exit_code == 1 and isinstance(built.exception, SystemExit)
    assert built.stderr.startswith(f"Error: The statistics were not built: {REASON}\n")

    # once built, a later ingest whose commit updates the models, failing there: its games still land
    assert CliRunner().invoke(main, ["build-models", "--warehouse", str(root), "-q"]).exit_code == 0
    with monkeypatch.context() as patch:
        patch.setattr(models, "update", _failing)
        second = _ingest(chinese, root)
    assert second.exit_code == 1
    assert second.stdout.startswith(f"1 file (0 unchanged), {nights} games stored, ")
    assert REASON in second.stderr and "Traceback" not in second.output
    assert _games(root) == hands + nights

    # and the next ingest, the models working again, brings them up to date
    third = _ingest(chinese, root)
    assert third.exit_code == 0, third.output
    with connect(root) as con:
        assert con.sql("select count(*) from game_list").fetchall() == [(hands + nights,)]


def test_alias_and_settings_tell_a_failing_model_in_words(tmp_path, monkeypatch):
    # every command that brings the statistics up to date, not ingest and build-models alone:
    # alias and settings (and reaudit) refresh the models after their own commit
    root = tmp_path / "wh"
    assert _ingest(SAMPLES / "pokerstars-holdem.txt", root).exit_code == 0
    for command in (["alias", "Anna", "--me", "--warehouse", str(root)],
                    ["settings", "rate", "EUR", "USD", "1.08", "--warehouse", str(root)]):
        with monkeypatch.context() as patch:
            patch.setattr(models, "update", _failing)
            patch.setattr(models, "build", _failing)
            result = CliRunner().invoke(main, command)
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit), (command, result.output)
        assert result.stderr.startswith(f"Error: The statistics were not brought up to date: {REASON}\n"), command
        assert "rasklad build-models" in result.stderr and "Traceback" not in result.output
