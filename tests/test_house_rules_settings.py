"""House-rule settings refused, kept and matched, through the real command line and a real warehouse.

- A setting refused before anything is read (an unknown one, a room nothing names, two that
  contradict each other) is a usage error, as click's own: exit code 2, nothing stored.
- A raspisnoy ``pass limit`` no game can use is refused, as ``max cards 19`` is. Worked by hand:
  the most rounds with bids is 10 players on 54 cards, M = min(18, 54 // 10) = 5 cards: simple
  rounds of 1, 2, 3, 4 cards, 5 cards ten times, then 4, 3, 2, 1 (18 rounds), and 10 each of the
  special kinds that bid (no-trump, blind, forehead: 30), 48 in all. ``pass limit L`` bars a pass
  after L in a row, which needs L + 1 rounds with bids: 47 can bar the 48th, 48 bars nothing.
- A file set ``no_limit`` (Winning's older text names no betting structure), then moved and
  given a third hand: the new hand is read at the new path before the ledger takes the file for
  the one moved, so under no setting it goes to quarantine; once the setting has followed, it is
  read and stored in the same run. It counts as stored, not quarantined, and the run exits 0.
- A file's setting given under one way of writing its path holds for the file however a later
  ingest writes it (absolute, ``./x``, through a linked folder): the file set ``no_limit``, given
  a third hand, is read under it, so the new hand is stored, not quarantined. The same setting
  given again under another way of writing the path replaces the first: one file, one option.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.warehouse import connect
from tests.formats_examples import RASPISNOY_LOG
from tests.test_holdem_limit_cap_setting import HAND as LIMIT_HAND
from tests.test_room_winning import OLDER


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize(("rules", "said"), [
    (["cap 4"], "unknown rule setting 'cap 4'"),                              # no game declares it
    (["table Vienna: hook off"], "'hook off' is a setting of raspisnoy"),      # another game's, set in its logs
    (["room Pokerstar: cap_heads_up"], "Did you mean 'PokerStars'"),            # a room nothing names
    (["limit_cap_3", "limit_cap_5"], "'limit_cap_5' contradicts 'limit_cap_3'"),
])
def test_a_rule_setting_refused_before_anything_is_read_is_a_usage_error(tmp_path, rules, said):
    log, wh = tmp_path / "limit.txt", tmp_path / "wh"
    log.write_text(LIMIT_HAND, encoding="utf-8")
    refused = run("ingest", str(log), "--warehouse", str(wh), *[arg for rule in rules for arg in ("--rules", rule)])
    assert refused.exit_code == 2, refused.output
    assert "Invalid value for '--rules'" in refused.output and said in refused.output
    assert not wh.exists()


def test_a_usage_error_of_click_itself_exits_as_a_refused_setting_does(tmp_path):
    # the yardstick: an option click itself refuses
    assert run("ingest", str(tmp_path), "--jobs", "0").exit_code == 2


def test_house_edge_and_settings_refuse_an_unknown_setting_as_a_usage_error(tmp_path):
    edge = run("house-edge", "--warehouse", str(tmp_path / "wh"), "--rules", "pay high card 1")
    assert edge.exit_code == 2 and "Invalid value for '--rules'" in edge.output
    removed = run("settings", "rules", "room PokerStars: cap 4", "--remove", "--warehouse", str(tmp_path / "wh"))
    assert removed.exit_code == 2 and "unknown rule setting 'cap 4'" in removed.output


def test_a_pass_limit_no_game_can_use_is_refused_in_words_and_the_largest_one_is_taken(tmp_path):
    wh, night = tmp_path / "wh", tmp_path / "night.txt"
    night.write_text(RASPISNOY_LOG.replace("Rules: default", "Rules: pass limit 48"), encoding="utf-8")
    refused = run("ingest", str(night), "--warehouse", str(wh), "-q")
    assert refused.exit_code == 1, refused.output
    with connect(wh) as con:
        assert con.execute("select line, error from quarantine").fetchall() == [(
            5, "'pass limit 48': pass limit takes a whole number from 0 to 47, or 'none', not '48'")]
    night.write_text(RASPISNOY_LOG.replace("Rules: default", "Rules: pass limit 47"), encoding="utf-8")
    taken = run("ingest", str(night), "--warehouse", str(wh), "-q")
    assert taken.exit_code == 0, taken.output
    with connect(wh) as con:
        assert con.execute("select count(*) from quarantine").fetchone()[0] == 0
        [(ruleset,)] = con.execute("select ruleset from games").fetchall()
    assert "pass limit 47" in ruleset


def _older(game_id: int) -> str:
    return OLDER.replace("Game ID: 698338917", f"Game ID: {game_id}")


def _moved_and_grown(tmp_path):
    """A file of two hands read under a betting setting, then moved and grown by a third hand that
    only that setting reads: most games of each are the other's, so it is the file moved."""
    night, moved, wh = tmp_path / "night.txt", tmp_path / "archive.txt", tmp_path / "wh"
    night.write_text(_older(698338917) + "\n" + _older(698338918), encoding="utf-8")
    assert run("ingest", str(night), "-w", str(wh), "-q", "--rules", "no_limit").exit_code == 0
    moved.write_text(_older(698338917) + "\n" + _older(698338918) + "\n" + _older(698338919), encoding="utf-8")
    night.unlink()
    return night, moved, wh


def test_a_hand_a_moved_file_gained_that_only_its_betting_setting_reads_counts_as_stored(tmp_path):
    night, moved, wh = _moved_and_grown(tmp_path)
    result = run("ingest", str(moved), "-w", str(wh), "-q")
    assert result.exit_code == 0, result.output
    first, *rest = result.output.splitlines()
    assert re.sub(r" in [0-9.]+ s$", "", first) == (
        "1 file (0 unchanged), 1 game stored, 2 already stored, 0 quarantined, 0 findings")
    assert rest == [
        f"  {moved} is {night} moved (that path is gone, and most games of each are the other's): taken as its "
        "new version",
        "  2 games stored before follow their file to its new path, at the same lines",
        f"  the rule setting given for {night}, no_limit, follows it to {moved}"]
    with connect(wh) as con:
        assert con.execute("select count(*) from quarantine").fetchone()[0] == 0
        assert con.execute("select source_file, ruleset from games").fetchall() == [
            (str(moved), "winning no_limit, no_limit set")] * 3


def test_the_json_of_that_run_counts_the_hand_as_stored(tmp_path):
    night, moved, wh = _moved_and_grown(tmp_path)
    result = run("ingest", str(moved), "-w", str(wh), "--json")
    assert result.exit_code == 0, result.output
    told = json.loads(result.stdout)
    assert (told["games"], told["games_known"], told["quarantined"], told["quarantine_reasons"]) == (1, 2, 0, {})
    assert (told["quarantine_retried"], told["quarantine_retried_stored"]) == (0, 0)


@pytest.mark.parametrize("written_later", ["absolute", "dot", "linked folder"])
def test_a_files_setting_holds_for_the_file_however_its_path_is_written(tmp_path, monkeypatch, written_later):
    logs, wh = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    (tmp_path / "link").symlink_to(logs, target_is_directory=True)
    night = logs / "night.txt"
    night.write_text(_older(698338917) + "\n" + _older(698338918), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run("ingest", "logs/night.txt", "-w", str(wh), "-q", "--rules", "no_limit").exit_code == 0
    night.write_text(_older(698338917) + "\n" + _older(698338918) + "\n" + _older(698338919), encoding="utf-8")
    path = {"absolute": str(night), "dot": "./logs/night.txt", "linked folder": "link/night.txt"}[written_later]
    again = run("ingest", path, "-w", str(wh), "-q")
    assert again.exit_code == 0, again.output
    with connect(wh) as con:
        assert con.execute("select count(*) from quarantine").fetchone()[0] == 0
        assert con.execute("select ruleset from games").fetchall() == [("winning no_limit, no_limit set",)] * 3


def test_a_files_setting_given_again_under_another_path_replaces_it(tmp_path, monkeypatch):
    logs, wh = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    (logs / "night.txt").write_text(_older(698338917), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run("ingest", "logs/night.txt", "-w", str(wh), "-q", "--rules", "no_limit").exit_code == 0
    assert run("ingest", str(logs / "night.txt"), "-w", str(wh), "-q", "--rules", "limit").exit_code == 0
    with connect(wh) as con:
        assert con.execute("select name, value from settings").fetchall() == [
            (f"rules betting file {logs / 'night.txt'}", "limit")]
        assert con.execute("select ruleset from games").fetchall() == [("winning limit, limit set",)]
