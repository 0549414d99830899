"""``rasklad forget`` stopped while its statistics were updated, and run again; and forget given
paths that hold nothing (a typo, or files forgotten already). Through the CLI, with real DuckDB
and Parquet in a temporary folder; the nets are worked by hand (see tests/test_forget_again.py)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

import pipeline.ingest
from pipeline.cli import UNPUBLISHED, main
from pipeline.manifest import commit_pending
from tests.test_forget_again import NIGHT, NIGHT_NETS, query, results

SECOND = NIGHT.replace("hand N1", "hand N2").replace("21:00", "21:30")
"""The same deal, another hand: each player's net twice over once both are stored."""
BOTH_NETS = {player: (2, net * 2) for player, (_, net) in NIGHT_NETS.items()}


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def two_nights(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A warehouse that read night.txt (hand N1) and second.txt (hand N2)."""
    night, second, root = tmp_path / "night.txt", tmp_path / "second.txt", tmp_path / "wh"
    night.write_text(NIGHT, encoding="utf-8")
    second.write_text(SECOND, encoding="utf-8")
    assert run("ingest", str(night), str(second), "-w", str(root), "-j", "1", "-q").exit_code == 0
    assert results(root) == BOTH_NETS
    return night, second, root


def stopped_forget(night: Path, root: Path, monkeypatch) -> None:
    """``rasklad forget night.txt`` stopped (Ctrl-C) while the statistics were updated for its commit."""
    def stopped(*args, **kwargs):
        raise KeyboardInterrupt     # as the program's handler raises it
    with monkeypatch.context() as patched:
        patched.setattr(pipeline.ingest, "refresh_models", stopped)
        cut = CliRunner().invoke(main, ["forget", str(night), "-w", str(root)])
    assert cut.exit_code == 130, cut.output
    assert cut.output.endswith(f"Stopped before the end: the files are forgotten. {UNPUBLISHED}\n")
    assert commit_pending(root)
    assert results(root) == BOTH_NETS     # readers see the warehouse without the forget


@pytest.mark.parametrize("dry_run", [(), ("--dry-run",)])
def test_a_stopped_forget_run_again_finishes_and_says_what_left(two_nights, monkeypatch, dry_run):
    night, _, root = two_nights
    stopped_forget(night, root, monkeypatch)
    again = run("forget", str(night), "-w", str(root), *dry_run)
    assert again.exit_code == 0, again.output
    # (a dry run too: opening the warehouse publishes the waiting commit, and it says so)
    assert again.output == (f"Finished first the forget stopped before: forgot 1 file ({night}), 1 game left the "
                            "statistics (the table superseded keeps its text)\n")
    assert not commit_pending(root)
    assert results(root) == NIGHT_NETS       # hand N2 alone
    assert query(root, "select count(*) from superseded") == [(1,)]


def test_an_ingest_after_a_stopped_forget_says_it_finished_the_forget(two_nights, monkeypatch):
    night, second, root = two_nights
    stopped_forget(night, root, monkeypatch)
    after = run("ingest", str(night), str(second), "-w", str(root), "-j", "1", "-q")
    assert after.exit_code == 0, after.output
    lines = after.output.splitlines()
    assert lines[0].startswith("2 files (2 unchanged), 0 games stored, 0 already stored"), after.output
    assert lines[1] == (f"  finished first the commit of a stopped `rasklad forget`: forgot 1 file ({night}), "
                        "1 game left the statistics (the table superseded keeps its text)")
    assert "interrupted ingest" not in after.output and "new text" not in after.output
    assert results(root) == NIGHT_NETS


def test_forget_names_a_path_given_that_holds_nothing_beside_one_forgotten(two_nights, tmp_path):
    night, _, root = two_nights
    typo = tmp_path / "nigth.txt"
    dry = run("forget", str(night), str(typo), "-w", str(root), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert dry.output == ("Would forget 1 file: 1 game would leave the statistics\n"
                          f"  {night}\n"
                          f"  Not forgotten: no file read before at {typo} holds games (name the files or folders "
                          "as they were ingested)\n"
                          "Run it again without --dry-run to forget them.\n")
    done = run("forget", str(night), str(typo), "-w", str(root), "--json")
    assert done.exit_code == 0, done.output
    assert f'"unmatched": [\n    "{typo}"\n  ]' in done.output
    assert results(root) == NIGHT_NETS


def test_forgetting_a_file_again_says_it_was_forgotten_and_how_to_undo_it(two_nights):
    night, second, root = two_nights
    assert run("forget", str(night), "-w", str(root)).exit_code == 0
    again = run("forget", str(night), "-w", str(root))
    assert again.exit_code == 1
    assert again.output == (f"Error: The file at {night} was forgotten already: its games are out of the statistics. "
                            f"`rasklad forget --undo {night} --warehouse {root}` brings them back\n"
                            f"  The table superseded keeps their text: `rasklad query \"select * from superseded\" "
                            f"--warehouse {root}`.\n")
    # beside a file that holds games: that one is forgotten, and the other said forgotten already
    both = run("forget", str(second), str(night), "-w", str(root))
    assert both.exit_code == 0, both.output
    assert (f"  The file at {night} was forgotten already: its games are out of the statistics. "
            f"`rasklad forget --undo {night} --warehouse {root}` brings them back\n") in both.output
    assert results(root) == {}


def test_show_export_and_reaudit_of_a_forgotten_game_say_its_file_was_forgotten(two_nights, tmp_path):
    night, _, root = two_nights
    [(game,)] = query(root, f"select game_id from games where source_file = '{night}'")
    assert run("forget", str(night), "-w", str(root)).exit_code == 0
    said = (f"Error: The game {game} is no longer stored: its file {night} was forgotten.\n"
            f"  `rasklad query \"select text from superseded where game_id = '{game}'\" --warehouse {root}` shows "
            f"its text; `rasklad forget --undo {night} --warehouse {root}` brings its games back.\n")
    for command in (["show", game[:8]], ["reaudit", "--game", game], ["export", "--format", "phh", "--game", game,
                                                                          "--out", str(tmp_path / "out")]):
        answer = run(*command, "-w", str(root))
        assert answer.exit_code == 1, answer.output
        assert answer.output.endswith(said), command     # (export may say first that it compiles)


def test_forget_says_one_game_another_file_holds_stays(tmp_path):
    night, copy, root = tmp_path / "night.txt", tmp_path / "copy.txt", tmp_path / "wh"
    night.write_text(NIGHT, encoding="utf-8")
    copy.write_text(NIGHT, encoding="utf-8")
    assert run("ingest", str(night), str(copy), "-w", str(root), "-j", "1", "-q").exit_code == 0
    done = run("forget", str(night), "-w", str(root))
    assert done.exit_code == 0, done.output
    assert done.output.splitlines()[:2] == ["Forgot 1 file: 0 games left the statistics (the table superseded "
                                            "keeps their text)",
                                            "  1 game stays: another file still holds it"]
    assert results(root) == NIGHT_NETS


def test_any_writer_that_publishes_a_stopped_forget_says_so(two_nights, monkeypatch):
    night, _, root = two_nights
    stopped_forget(night, root, monkeypatch)
    # a reader publishes nothing, and says nothing of it
    read = CliRunner().invoke(main, ["query", "select 1", "-w", str(root)])
    assert read.exit_code == 0 and read.stderr == "" and commit_pending(root)
    rate = CliRunner().invoke(main, ["settings", "rate", "EUR", "USD", "1.08", "-w", str(root)])
    assert rate.exit_code == 0, rate.output
    assert rate.stdout == "1 EUR = 1.08 USD\n"
    assert rate.stderr == (f"Finished first the forget stopped before: forgot 1 file ({night}), 1 game left the "
                           "statistics (the table superseded keeps its text)\n")
    assert results(root) == NIGHT_NETS
