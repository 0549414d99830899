"""A file read again after it changed is its new version: the file as it is now is the truth. The
games its earlier text held that no file holds now leave the statistics and the quarantine (kept
apart in ``superseded``, with their text), and the ingest says so. Real DuckDB and Parquet in a
temporary folder; every figure is worked by hand from the logs."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import pipeline.ingest
import pipeline.warehouse
from pipeline.cli import main
from pipeline.ingest import ingest, unchanged_run
from pipeline.versions import Dropped, Holder, Ledger, Place
from pipeline.warehouse import Warehouse, connect, read_manifest, stage_results
from pipeline.worker import parse_bytes
from tests.conftest import SAMPLES
from tests.reingest_helpers import first_lines, without_seconds
from tests.test_models_incremental import model_rows, whole_build_rows
from tests.warehouse_rows import committed_rows

SHEETS = (SAMPLES / "raspisnoy-sheets.txt").read_text(encoding="utf-8").split("\n")
SHEET = "\n".join(SHEETS[138:186]) + "\n"
"""Sheet G-304-1 of the sample (its lines 139-186), as a club sends it alone. Its last row: Boris
267.5, Egor 135.5, Gleb 386, Vera 104, Dasha 222, Anna 155 (points: the game's nets)."""
SHEET_NETS = {"Anna": Decimal("155.00"), "Boris": Decimal("267.50"), "Dasha": Decimal("222.00"),
              "Egor": Decimal("135.50"), "Gleb": Decimal("386.00"), "Vera": Decimal("104.00")}

HANDS = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").split("\n\n")
HAND_0, HAND_1, HAND_2 = HANDS[0], HANDS[1], HANDS[2]
"""#250000000000 (No Limit $1/$2): Anna raises to 6, bets 10, calls 20 (36 in) and collects 71: +35;
Vera puts in 2 + 4 + 10 + 20: -36; Boris his small blind: -1.
#250000000001 (Limit $2/$4): Anna raises to 4 and calls 4 more (8 in), folds: -8; Boris 1 + 5 + 2:
-8; Vera 8 in, collects 24: +16.
#250000000002: a third hand, for a file that grows and is cut back."""
CHAT = 'Anna said, "nh"'


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def nets(root: Path, game: str | None = None) -> dict[str, tuple[int, Decimal]]:
    """Per player, games and net over the stored games (of one game, if given)."""
    where = f"where g.game = '{game}'" if game else ""
    with connect(root) as con:
        return {player: (count, net) for player, count, net in con.execute(
            f"select player, count(*), sum(net) from game_players p join games g using (game_id) {where} "
            "group by all").fetchall()}


def query(root: Path, sql: str, parameters: list | None = None) -> list[tuple]:
    with connect(root) as con:
        return con.execute(sql, parameters).fetchall()


def test_a_comment_added_to_a_club_sheet_replaces_its_game_and_each_player_counts_it_once(tmp_path):
    sheet, root = tmp_path / "club" / "sheet.txt", tmp_path / "wh"
    sheet.parent.mkdir()
    sheet.write_text(SHEET, encoding="utf-8")
    first = run("ingest", str(sheet.parent), "-w", str(root), "-q")
    assert first.exit_code == 0 and "replaced" not in first.output
    assert nets(root) == {player: (1, net) for player, net in SHEET_NETS.items()}
    (old_id,) = query(root, "select game_id from games")[0]

    # the scorer adds a comment (ignored by the format): the sheet's text, so its ID, changes
    sheet.write_text(SHEET.replace("Date: 2025-04-13", "Date: 2025-04-13  # corrected by the scorer"), encoding="utf-8")
    again = run("ingest", str(sheet.parent), "-w", str(root), "-q")
    assert again.exit_code == 0
    assert again.output.startswith("1 file (0 unchanged), 1 game stored, 0 already stored, 0 quarantined, ")
    assert ("  1 game dropped by its file's new text: no file read holds it now (the table superseded keeps "
            "its text)\n") in again.output
    # one game each, as the sheet's last row says; not 772 for Gleb
    assert nets(root) == {player: (1, net) for player, net in SHEET_NETS.items()}
    assert query(root, "select player, count_games, net from leaderboard where season_kind = 'all' order by rank") == [
        ("Gleb", 1, Decimal("386.00")), ("Boris", 1, Decimal("267.50")), ("Dasha", 1, Decimal("222.00")),
        ("Anna", 1, Decimal("155.00")), ("Egor", 1, Decimal("135.50")), ("Vera", 1, Decimal("104.00"))]
    # the old text is kept apart for the arbiter: what the file said, where, and which version dropped it
    (new_hash,) = query(root, "select content_hash from files order by ingested_at desc limit 1")[0]
    assert query(root, "select game_id, was, source_file, first_line, last_line, text, superseded_by "
                       "from superseded") == [(old_id, "stored", str(sheet), 1, 48, SHEET.rstrip("\n"), new_hash)]
    assert query(root, "select count(*) from game_texts") == [(1,)]
    assert query(root, "select count(*) from game_list") == [(1,)]


def test_a_chat_line_added_to_a_hand_counts_the_hand_once(tmp_path):
    log, root = tmp_path / "room.txt", tmp_path / "wh"
    log.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    ingest([log], root, jobs=1)
    stats = "select player, sum(count_hands), sum(net_won) from player_stats_holdem group by all order by player"
    assert query(root, stats) == [("Anna", 2, Decimal("27.00")), ("Boris", 2, Decimal("-9.00")),
                                  ("Vera", 2, Decimal("-20.00"))]
    log.write_text(HAND_0.replace("Vera: calls $10\n", f"Vera: calls $10\n{CHAT}\n") + "\n\n" + HAND_1 + "\n",
                   encoding="utf-8")
    summary = ingest([log], root, jobs=1)
    assert (summary.games, summary.games_known, summary.superseded, summary.unquarantined) == (1, 1, 1, 0)
    # Anna's +35 of hand #250000000000 is counted once: 2 hands, +35 - 8
    assert query(root, stats) == [("Anna", 2, Decimal("27.00")), ("Boris", 2, Decimal("-9.00")),
                                  ("Vera", 2, Decimal("-20.00"))]
    assert query(root, "select count(*) from games where game_id in (select game_id from hand_list "
                       "where hand_id = '250000000000')") == [(1,)]
    assert query(root, "select was, strpos(text, 'said') from superseded") == [("stored", 0)]


def test_a_file_that_grows_supersedes_nothing_and_one_cut_back_supersedes_what_it_lost(tmp_path):
    log, root = tmp_path / "room.txt", tmp_path / "wh"
    log.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    ingest([log], root, jobs=1)
    log.write_text(HAND_0 + "\n\n" + HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    grown = ingest([log], root, jobs=1)
    assert (grown.games, grown.games_known, grown.superseded) == (1, 2, 0)
    log.write_text(HAND_1 + "\n", encoding="utf-8")    # the room rewrote it with one hand
    cut = ingest([log], root, jobs=1)
    assert (cut.games, cut.games_known, cut.superseded) == (0, 1, 2)
    # hand #250000000001 alone: Anna -8, Boris -8, Vera +16
    assert nets(root) == {"Anna": (1, Decimal("-8.00")), "Boris": (1, Decimal("-8.00")), "Vera": (1, Decimal("16.00"))}
    assert sorted(query(root, "select was, first_line from superseded")) == [("stored", 1), ("stored", 61)]


def test_a_game_another_file_still_holds_stays_until_no_file_holds_it(tmp_path):
    first, copy, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "wh"
    first.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    copy.write_text(HAND_1 + "\n", encoding="utf-8")
    ingest([first, copy], root, jobs=1)
    first.write_text(HAND_0 + "\n", encoding="utf-8")
    kept = ingest([first, copy], root, jobs=1)
    assert (kept.files_unchanged, kept.superseded) == (1, 0)     # b.txt holds hand #250000000001 still
    assert nets(root)["Vera"] == (2, Decimal("-20.00"))
    copy.write_text(HAND_0 + "\n", encoding="utf-8")
    gone = ingest([first, copy], root, jobs=1)
    assert (gone.games_known, gone.superseded) == (1, 1)         # now no file holds it
    assert nets(root) == {"Anna": (1, Decimal("35.00")), "Boris": (1, Decimal("-1.00")), "Vera": (1, Decimal("-36.00"))}


def test_a_file_changed_back_is_read_again_and_its_old_game_returns(tmp_path):
    log, root = tmp_path / "room.txt", tmp_path / "wh"
    original = HAND_0 + "\n"
    log.write_text(original, encoding="utf-8")
    ingest([log], root, jobs=1)
    (old_id,) = query(root, "select game_id from games")[0]
    log.write_text(HAND_0.replace("Vera: calls $10\n", f"Vera: calls $10\n{CHAT}\n") + "\n", encoding="utf-8")
    ingest([log], root, jobs=1)
    (edited_id,) = query(root, "select game_id from games")[0]
    assert query(root, "select game_id from superseded") == [(old_id,)]
    # the bytes of its first version, which the ledger knows: still the file's new version
    log.write_text(original, encoding="utf-8")
    assert unchanged_run([log], root) is None
    back = ingest([log], root, jobs=1)
    assert (back.files_unchanged, back.games, back.superseded) == (0, 1, 1)
    assert query(root, "select game_id from games") == [(old_id,)]
    assert query(root, "select game_id from superseded") == [(edited_id,)]
    assert nets(root)["Anna"] == (1, Decimal("35.00"))
    assert ingest([log], root, jobs=1).files_unchanged == 1


def test_a_quarantined_game_fixed_in_its_file_leaves_the_quarantine(tmp_path):
    night, root = tmp_path / "fix" / "night.txt", tmp_path / "wh"
    night.parent.mkdir()
    text = (SAMPLES / "raspisnoy-night.txt").read_text(encoding="utf-8")
    night.write_text(text.replace("Bids:", "Bidz:", 1), encoding="utf-8")
    broken = run("ingest", str(night.parent), "-w", str(root), "-q")
    assert broken.exit_code == 1 and query(root, "select count(*), min(line) from quarantine") == [(1, 17)]
    night.write_text(text, encoding="utf-8")
    fixed = run("ingest", str(night.parent), "-w", str(root), "-q")
    assert fixed.exit_code == 0
    assert fixed.output.startswith("1 file (0 unchanged), 1 game stored, 2 already stored, 0 quarantined, ")
    assert "  1 taken out of quarantine: no file read holds it now (the table superseded keeps its text)\n" in fixed.output
    assert query(root, "select count(*) from quarantine") == [(0,)]
    assert query(root, "select count(*) from quarantine_list") == [(0,)]
    assert query(root, "select was, error like '%Bidz:%', strpos(text, 'Bidz:') > 0 from superseded") == [
        ("quarantined", True, True)]
    assert query(root, "select count(*) from games") == [(3,)]


CHINESE = (SAMPLES / "chinese-night.txt").read_text(encoding="utf-8").split("\n\n")
CHINESE_1, CHINESE_3 = CHINESE[1], CHINESE[3]
"""Hands C-2026-1 (10 lines) and C-2026-3 (10 lines) of the sample."""
CHINESE_2_BROKEN = CHINESE[2].replace("[9c Qc Qd Qs 9s]", "[9c Qc Qx Qs 9s]")
"""Hand C-2026-2 (11 lines) with a card no deck has: its 8th line, 'Inna: back [9c Qc Qx…', at column 19."""


def test_a_quarantined_text_its_file_no_longer_holds_points_at_the_file_that_still_does(tmp_path):
    # A club's night file and a copy holding the same broken hand; the night file is fixed. The
    # quarantine row stays (the copy holds the broken text still), and names the copy's line.
    night, copy, root = tmp_path / "night.txt", tmp_path / "copy.txt", tmp_path / "wh"
    night.write_text(CHINESE_2_BROKEN + "\n\n" + CHINESE_1 + "\n", encoding="utf-8")     # broken at 1-11
    copy.write_text(CHINESE_3 + "\n\n" + CHINESE_2_BROKEN + "\n", encoding="utf-8")      # broken at 12-22
    ingest([night], root, jobs=1)
    ingest([copy], root, jobs=1)
    where = "select source_file, first_line, last_line, line, \"column\" from quarantine"
    assert query(root, where) == [(str(night), 1, 11, 8, 19)]
    (broken_id,) = query(root, "select quarantine_id from quarantine")[0]

    night.write_text(night.read_text(encoding="utf-8").replace("Qx", "Qd"), encoding="utf-8")
    fixed = ingest([night], root, jobs=1)
    assert (fixed.games, fixed.unquarantined, fixed.relocated, fixed.in_other_files) == (1, 0, 0, 1)
    # 10 lines of C-2026-3 and a blank one above it in the copy: 11 lines down, the 'Qx' at 19:19
    assert query(root, where) == [(str(copy), 12, 22, 19, 19)]
    assert copy.read_text(encoding="utf-8").split("\n")[19 - 1][19 - 1:].startswith("Qx Qs 9s]")
    # every file whose latest version holds the text, at its line: the ledger keeps them all
    assert query(root, "select source_file, first_lines[list_position(game_ids, $1)] from files "
                       "where list_contains(game_ids, $1) order by ingested_at", [broken_id]) == [
        (str(night), 1), (str(copy), 12)]

    copy.write_text(copy.read_text(encoding="utf-8").replace("Qx", "Qd"), encoding="utf-8")
    gone = ingest([copy], root, jobs=1)
    assert (gone.unquarantined, gone.in_other_files) == (1, 0)
    assert query(root, "select count(*) from quarantine") == [(0,)]
    assert query(root, "select was, source_file, first_line from superseded") == [("quarantined", str(copy), 12)]


def test_a_game_its_file_no_longer_holds_follows_the_file_that_still_does_in_every_table(tmp_path):
    # Hand #250000000001 stored from a.txt (lines 34-59), and held by b.txt too (lines 31-56,
    # under the 29 lines of #250000000002 and a blank one); a.txt is cut back to hand #0.
    first, copy, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "wh"
    first.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    copy.write_text(HAND_2 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    ingest([first], root, jobs=1)
    ingest([copy], root, jobs=1)
    told = Path(shutil.copytree(root, tmp_path / "told"))     # (for the command, below: the same two ingests)
    (hand_1,) = query(root, "select game_id from hand_list where hand_id = '250000000001'")[0]
    lines = "select source_file, first_line, last_line from games where game_id = $1"
    assert query(root, lines, [hand_1]) == [(str(first), 34, 59)]
    first.write_text(HAND_0 + "\n", encoding="utf-8")
    cut = ingest([first], root, jobs=1)
    assert (cut.superseded, cut.relocated, cut.in_other_files) == (0, 0, 1)
    assert query(root, lines, [hand_1]) == [(str(copy), 31, 56)]
    # as a warehouse that read the two files as they are now holds it: every line of it in b.txt
    clean = tmp_path / "clean"
    ingest([first, copy], clean, jobs=1, build_models=False)     # (its tables alone are compared)
    held, fresh = committed_rows(root), committed_rows(clean)
    # the command says where the game went
    said = run("ingest", str(first), "-w", str(told), "-j", "1", "-q")
    assert ("  1 game dropped by its file is still held by another file read: it points at that file's lines now"
            in said.output.splitlines()), said.output
    for table in fresh:
        if table != "files":    # (the ledger keeps both versions of a.txt)
            assert held[table] == fresh[table], table


def test_a_dropped_game_goes_to_the_first_file_read_that_says_its_line():
    # a.txt's second version drops game g (stored at its line 4); b.txt, read by a Rasklad that
    # kept no lines, c.txt (g at line 12) and d.txt (line 3) hold it: c.txt, 8 lines further down
    ledger = Ledger(pa.table({
        "source_path": ["/a.txt", "/a.txt", "/b.txt", "/c.txt", "/d.txt"],
        "source_file": ["a.txt", "a.txt", "b.txt", "c.txt", "d.txt"],
        "content_hash": ["a1", "a2", "b1", "c1", "d1"],
        "game_ids": [["g"], [], ["h", "g"], ["h", "g"], ["g"]],
        "first_lines": [[4], [], None, [1, 12], [3]],
        "moved_from": [None] * 5}), dict)
    dropped = ledger.dropped({"g", "h"})
    holders = ledger.holders(set(dropped), lambda path: True)
    assert (dropped, holders) == ({"g": Dropped("/a.txt", "a2")}, {"g": Holder("c.txt", 12)})
    # c.txt gone from disk holds nothing: d.txt, the next that says the line, holds it
    assert ledger.holders({"g"}, lambda path: path != "/c.txt") == {"g": Holder("d.txt", 3)}
    assert ledger.lost(dropped, holders) == {}
    assert ledger.places_in_holders(dropped, holders, lambda ids: {"g": ("a.txt", 4)}) == {"g": Place("c.txt", 8)}
    # already pointing at another file (moved there before): left as it is
    assert ledger.places_in_holders(dropped, holders, lambda ids: {"g": ("d.txt", 3)}) == {}


def test_a_quarantined_text_whose_other_file_an_older_rasklad_read_stays_where_it_was(tmp_path):
    # A ledger written before it kept each game's line: the copy holds the text, at a line it
    # does not say, so the row keeps its place (and stays quarantined: the copy holds it).
    night, copy, root = tmp_path / "night.txt", tmp_path / "copy.txt", tmp_path / "wh"
    night.write_text(CHINESE_2_BROKEN + "\n\n" + CHINESE_1 + "\n", encoding="utf-8")
    copy.write_text(CHINESE_3 + "\n\n" + CHINESE_2_BROKEN + "\n", encoding="utf-8")
    ingest([night, copy], root, jobs=1)
    (part,) = read_manifest(root).paths("files")
    pq.write_table(pq.read_table(root / part).drop_columns(["first_lines"]), root / part)
    night.write_text(night.read_text(encoding="utf-8").replace("Qx", "Qd"), encoding="utf-8")
    fixed = ingest([night], root, jobs=1)
    assert (fixed.unquarantined, fixed.in_other_files) == (0, 0)
    assert query(root, "select source_file, line from quarantine") == [(str(night), 8)]


def test_a_file_read_while_the_room_wrote_it_leaves_no_quarantine_once_complete(tmp_path):
    log, root = tmp_path / "live" / "room.txt", tmp_path / "wh"
    log.parent.mkdir()
    whole = HAND_0 + "\n\n" + HAND_1 + "\n"
    log.write_text(whole[:whole.index("*** FLOP *** [2c 7d 9h]\nBoris: checks")], encoding="utf-8")   # mid-hand
    live = run("ingest", str(log.parent), "-w", str(root), "-q")
    assert live.exit_code == 1 and query(root, "select first_line from quarantine") == [(34,)]
    log.write_text(whole, encoding="utf-8")
    done = run("ingest", str(log.parent), "-w", str(root), "-q")
    assert done.exit_code == 0, done.output
    # the file grew: read from its last hand on, the one cut mid-hand before
    assert done.output.startswith("1 file (0 unchanged, 1 grown, read from its last game on), 1 game stored, "
                                  "1 already stored, 0 quarantined, ")
    assert "  1 taken out of quarantine: no file read holds it now (the table superseded keeps its text)\n" in done.output
    assert query(root, "select count(*) from quarantine") == [(0,)] and len(nets(root)) == 3


def test_the_models_after_a_file_changed_are_those_of_its_new_text(tmp_path):
    # Three kinds of game, each file changed at its end: a hand edited, a sheet game cut out, a
    # Chinese poker file grown. The marts an ingest updated equal a whole build, and the marts of
    # a warehouse that read the files as they are now: no model keeps a row of a game no file holds.
    # (A change before a game kept moves it to other lines, which its rows follow.)
    logs, root = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    holdem, sheets, night = logs / "room.txt", logs / "sheets.txt", logs / "chinese.txt"
    holdem.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    sheets.write_text((SAMPLES / "raspisnoy-sheets.txt").read_text(encoding="utf-8"), encoding="utf-8")
    chinese = (SAMPLES / "chinese-night.txt").read_text(encoding="utf-8")
    night.write_text(chinese[:chinese.rindex("\n\n")], encoding="utf-8")
    ingest([logs], root, jobs=1)
    holdem.write_text(HAND_0 + "\n\n" + HAND_1.replace("Anna: calls $4\n", f"Anna: calls $4\n{CHAT}\n") + "\n",
                      encoding="utf-8")
    sheets.write_text("\n".join(SHEETS[:138]) + "\n", encoding="utf-8")     # G-304-1 taken out
    night.write_text(chinese, encoding="utf-8")
    summary = ingest([logs], root, jobs=1)
    assert summary.superseded == 2 and summary.games >= 2
    updated = model_rows(root)
    assert updated == whole_build_rows(root, tmp_path / "whole")
    ingest([logs], tmp_path / "clean", jobs=1)
    assert updated == model_rows(tmp_path / "clean")
    assert query(root, "select count(*) from game_list where game_id in (select game_id from superseded)") == [(0,)]


def test_a_re_audit_judges_the_stored_games_and_leaves_the_superseded_ones(tmp_path):
    from pipeline.reaudit import reaudit

    log, root = tmp_path / "room.txt", tmp_path / "wh"
    log.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    ingest([log], root, jobs=1)
    log.write_text(HAND_1 + "\n", encoding="utf-8")
    ingest([log], root, jobs=1)
    (kept,) = query(root, "select game_id from games")[0]
    with Warehouse(root).open() as store:
        judged = reaudit(store, game=kept)      # judged again, whatever its version
    assert (judged.judged, judged.games) == (1, 1)
    assert query(root, "select count(*) from superseded") == [(1,)]
    assert nets(root) == {"Anna": (1, Decimal("-8.00")), "Boris": (1, Decimal("-8.00")), "Vera": (1, Decimal("16.00"))}


def test_games_a_later_file_of_a_parallel_run_holds_are_not_superseded(tmp_path, monkeypatch):
    # Each file its own commit: a.txt's new version drops hand #250000000001, which b.txt, read by
    # another process, holds. Only the run's last commit supersedes, once every file is read.
    monkeypatch.setattr(pipeline.ingest, "STAGE_BYTES", 1)
    first, root = tmp_path / "a.txt", tmp_path / "wh"
    first.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    ingest([first], root, jobs=1)
    first.write_text(HAND_0 + "\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text(HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    summary = ingest([first, tmp_path / "b.txt"], root, jobs=2)
    assert (summary.games, summary.superseded) == (1, 0)
    assert query(root, "select count(*) from games") == [(3,)]


def test_a_run_stopped_before_its_last_commit_with_nothing_to_supersede_is_settled_by_the_next(tmp_path):
    # the file grew (a new version that drops nothing), committed by a commit that is not its
    # run's last: the next run's last commit has nothing to add or remove, and settles the state
    log, root = tmp_path / "room.txt", tmp_path / "wh"
    log.write_text(HAND_0 + "\n", encoding="utf-8")
    ingest([log], root, jobs=1)
    log.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    with Warehouse(root).open() as store:
        result = parse_bytes(log.read_bytes(), str(log), store.known_ids)
        store.commit_staged(stage_results(store.root, [result]))
    assert read_manifest(root).unsettled
    after = ingest([log], root, jobs=1)
    assert (after.files_unchanged, after.superseded, after.games) == (1, 0, 0)
    assert not read_manifest(root).unsettled and query(root, "select count(*) from games") == [(2,)]
    assert unchanged_run([log], root) is not None


def test_a_run_stopped_before_its_last_commit_leaves_the_next_to_supersede(tmp_path):
    log, root = tmp_path / "room.txt", tmp_path / "wh"
    log.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    ingest([log], root, jobs=1)
    log.write_text(HAND_1 + "\n", encoding="utf-8")
    # the new version committed by a commit that is not its run's last (then the run was stopped)
    with Warehouse(root).open() as store:
        result = parse_bytes(log.read_bytes(), str(log), store.known_ids)
        store.commit_staged(stage_results(store.root, [result]))
    assert read_manifest(root).unsettled and len(nets(root)["Anna"]) == 2
    assert unchanged_run([log], root) is None       # the file is known, yet the run is not done
    after = ingest([log], root, jobs=1)
    assert (after.files_unchanged, after.superseded) == (1, 1)
    assert not read_manifest(root).unsettled and nets(root)["Anna"] == (1, Decimal("-8.00"))
    assert unchanged_run([log], root) is not None


def test_a_file_whose_last_version_an_older_rasklad_read_supersedes_what_was_stored_from_it(tmp_path):
    # An older Rasklad recorded no games per file: the games stored from it (games.source_file) are
    # what its version held.
    log, root = tmp_path / "room.txt", tmp_path / "wh"
    log.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    ingest([log], root, jobs=1)
    (part,) = read_manifest(root).paths("files")
    ledger = pq.read_table(root / part)
    pq.write_table(ledger.drop_columns(["game_ids", "moved_from"]), root / part)
    (root / pipeline.ingest.KNOWN_FILES).unlink()
    log.write_text(HAND_1 + "\n", encoding="utf-8")
    summary = ingest([log], root, jobs=1)
    assert (summary.games, summary.superseded, summary.relocated) == (0, 1, 1)
    # hand #250000000001 alone (Anna -8, Boris -8, Vera +16), its 26 lines now at the file's line 1 (not 34)
    assert nets(root) == {"Anna": (1, Decimal("-8.00")), "Boris": (1, Decimal("-8.00")), "Vera": (1, Decimal("16.00"))}
    assert query(root, "select first_line, last_line from games") == [(1, 26)]
    assert query(root, "select first_line from superseded") == [(1,)]
    log.write_text(HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    assert ingest([log], root, jobs=1).superseded == 0       # its last version is known now: nothing lost


def test_a_file_an_older_rasklad_read_and_not_read_since_keeps_the_games_stored_from_it(tmp_path):
    # A file an older Rasklad read, and not read since, holds what was stored from it: another
    # file's new version that drops a game of it supersedes nothing.
    first, copy, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "wh"
    first.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    copy.write_text(HAND_1 + "\n", encoding="utf-8")
    ingest([copy, first], root, jobs=1)     # hand #250000000001 stored from b.txt
    (part,) = read_manifest(root).paths("files")
    pq.write_table(pq.read_table(root / part).drop_columns(["game_ids", "moved_from"]), root / part)
    first.write_text(HAND_0 + "\n", encoding="utf-8")
    assert ingest([first], root, jobs=1).superseded == 0
    assert nets(root)["Vera"] == (2, Decimal("-20.00"))


def test_an_ingest_that_finishes_an_interrupted_commit_says_what_it_published(tmp_path, monkeypatch):
    # Killed after the journal, the parts and the models, before the manifest (as SIGKILL while the
    # statistics were built leaves it): readers see nothing of it; the next ingest rolls it forward.
    logs, root = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    (logs / "room.txt").write_text(HAND_0 + "\n\n" + HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    shutil.copy(SAMPLES / "raspisnoy-night.txt", logs)

    class Killed(BaseException):
        pass

    def killed(*args, **kwargs):
        raise Killed

    monkeypatch.setattr(pipeline.warehouse, "write_manifest", killed)
    with pytest.raises(Killed):
        ingest([logs], root, jobs=1)
    monkeypatch.undo()
    assert list((root / "_journal").iterdir())
    again = run("ingest", str(logs), "-w", str(root), "-q")
    assert again.exit_code == 0
    # 3 hands and the night's 3 games, none stored before this run
    with connect(root) as con:
        games, findings = con.execute("select (select count(*) from games), (select count(*) from findings)").fetchone()
    assert games == 6
    assert again.output.startswith(f"2 files (2 unchanged), 6 games stored (6 of them by the interrupted ingest "
                                   f"this one finished), 0 already stored, 0 quarantined, {findings} findings in ")
    as_json = json.loads(run("ingest", str(logs), "-w", str(root), "-q", "--json").stdout)
    assert as_json["games"] == 0 and as_json["finished_interrupted"] == {}


def test_games_whose_file_gained_lines_above_them_follow_them_to_their_new_lines(tmp_path):
    # A hand inserted at the top of a room's file, two comment lines at the top of a club's files
    # (one with findings, one with a game quarantined at line 17): every game stored before keeps
    # its rows, once, at the lines its file holds it now, as a warehouse reading the files as they
    # are now stores it.
    logs, root = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    room, claims, night = logs / "room.txt", logs / "claims.txt", logs / "night.txt"
    room.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    wrong = (SAMPLES / "chinese-wrong-claims.txt").read_text(encoding="utf-8")
    claims.write_text(wrong, encoding="utf-8")
    broken = (SAMPLES / "raspisnoy-night.txt").read_text(encoding="utf-8").replace("Bids:", "Bidz:", 1)
    night.write_text(broken, encoding="utf-8")
    ingest([logs], root, jobs=1)
    assert query(root, "select first_line from games where source_file = $1 order by 1", [str(room)]) == [(1,), (34,)]
    assert query(root, "select first_line, line from quarantine") == [(8, 17)]
    findings = query(root, "select count(*) from findings where source_file = $1", [str(claims)])[0][0]
    assert findings > 0

    room.write_text(HAND_2 + "\n\n" + HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    note = "# re-exported by the club\n# (nothing else changed)\n"
    claims.write_text(note + wrong, encoding="utf-8")
    night.write_text(note + broken, encoding="utf-8")
    summary = ingest([logs], root, jobs=1)
    # HAND_2 is 29 lines: the two hands now begin at 31 and 64; 12 Chinese hands, the night's 2
    # games and its quarantined one two lines down
    assert (summary.games, summary.superseded, summary.unquarantined, summary.relocated) == (1, 0, 0, 2 + 12 + 3)
    assert query(root, "select first_line from games where source_file = $1 order by 1", [str(room)]) == [
        (1,), (31,), (64,)]
    assert query(root, "select first_line, line from quarantine") == [(10, 19)]
    assert query(root, "select count(*), count(distinct game_id) from games") == [(17, 17)]
    assert query(root, "select count(*) from findings where source_file = $1", [str(claims)]) == [(findings,)]
    clean = tmp_path / "clean"
    ingest([logs], clean, jobs=1)
    moved, fresh = committed_rows(root), committed_rows(clean)
    for table in fresh:
        if table != "files":    # (the ledger keeps both versions of each file)
            assert moved[table] == fresh[table], table
    assert model_rows(root) == model_rows(clean)


def test_a_file_moved_and_edited_is_its_old_files_new_version(tmp_path):
    old, new, root = tmp_path / "old" / "room.txt", tmp_path / "new" / "room-2024.txt", tmp_path / "wh"
    old.parent.mkdir()
    new.parent.mkdir()
    old.write_text(HAND_0 + "\n\n" + HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    ingest([old.parent], root, jobs=1)
    # moved, and the room edited it: hand #250000000000 gained a chat line, and went last
    old.unlink()
    edited = HAND_0.replace("Vera: calls $10\n", f"Vera: calls $10\n{CHAT}\n")
    new.write_text(HAND_1 + "\n\n" + HAND_2 + "\n\n" + edited + "\n", encoding="utf-8")
    result = run("ingest", str(new.parent), "-w", str(root), "-q")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("1 file (0 unchanged), 1 game stored, 2 already stored, 0 quarantined, ")
    assert (f"  {new} is {old} moved (that path is gone, and most games of each are the other's): taken as its new "
            f"version\n") in result.output
    assert "  1 game dropped by its file's new text: no file read holds it now" in result.output
    assert "  2 games stored before stand at other lines of their file now: their lines follow it\n" in result.output
    # three hands, each once: Anna +35 - 8 and hand #250000000002's
    assert query(root, "select count(*) from games") == [(3,)]
    assert query(root, "select count(*) from superseded where source_file = $1 and first_line = 1", [str(old)]) == [(1,)]
    # every game at its place in the new file: #1 (26 lines) at line 1, #2 (29 lines) at 28, the edited #0 at 58
    assert query(root, "select source_file, first_line from games order by first_line") == [
        (str(new), 1), (str(new), 28), (str(new), 58)]
    assert query(root, "select moved_from from files where source_path = $1", [str(new)]) == [(str(old),)]
    again = ingest([new.parent], root, jobs=1)
    assert (again.files_unchanged, again.superseded, again.moved) == (1, 0, [])


def test_a_file_that_shares_too_few_games_with_a_gone_one_is_not_taken_for_it_and_the_user_is_told(tmp_path):
    old, new, root = tmp_path / "old.txt", tmp_path / "new.txt", tmp_path / "wh"
    old.write_text("\n\n".join(HANDS[:4]) + "\n", encoding="utf-8")
    ingest([old], root, jobs=1)
    old.unlink()
    # three of the gone file's four hands, beside four others: most of its games, not most of these
    new.write_text("\n\n".join(HANDS[:3] + HANDS[4:8]) + "\n", encoding="utf-8")
    result = run("ingest", str(new), "-w", str(root), "-q")
    assert result.exit_code == 0, result.output
    assert (f"  {new} holds 3 of the 4 games of {old}, which is gone, and 4 others: not taken for that file moved, "
            f"so none of its games was superseded (if it is that file, ingest it at that path)\n") in result.output
    assert query(root, "select count(*) from games") == [(8,)]
    assert query(root, "select count(*) from superseded") == [(0,)]
    assert query(root, "select count(*) from games where source_file = $1", [str(old)]) == [(4,)]


def test_a_copy_edited_beside_its_file_is_another_file(tmp_path):
    # the first file is still there: a copy that keeps most of its games is not its new version
    first, copy, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "wh"
    first.write_text(HAND_0 + "\n\n" + HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    ingest([first], root, jobs=1)
    copy.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    summary = ingest([first, copy], root, jobs=1)
    assert (summary.superseded, summary.moved, summary.unsure_moves, summary.relocated) == (0, [], [], 0)
    assert query(root, "select count(*) from games where source_file = $1", [str(first)]) == [(3,)]


def test_an_upload_is_never_taken_for_a_file_moved(tmp_path):
    # The dashboard writes each upload in the warehouse's folder, by its content, and removes it
    # once read: the next upload of the file, edited, is another upload, not its new version.
    from dashboards.uploads import UPLOADS

    root = tmp_path / "wh"
    first = root / UPLOADS / "digest-1" / "room.txt"
    first.parent.mkdir(parents=True)
    first.write_text(HAND_0 + "\n\n" + HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    ingest([first], root, jobs=1)
    shutil.rmtree(first.parent)
    second = root / UPLOADS / "digest-2" / "room.txt"
    second.parent.mkdir(parents=True)
    second.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    summary = ingest([second], root, jobs=1)
    assert (summary.superseded, summary.moved, summary.unsure_moves, summary.relocated) == (0, [], [], 0)
    assert query(root, "select count(*) from games where source_file = $1", [str(first)]) == [(3,)]


def test_a_file_an_older_rasklad_read_moved_and_edited_is_known_by_the_games_stored_from_it(tmp_path):
    old, new, root = tmp_path / "old.txt", tmp_path / "new.txt", tmp_path / "wh"
    old.write_text(HAND_0 + "\n\n" + HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    ingest([old], root, jobs=1)
    (part,) = read_manifest(root).paths("files")
    pq.write_table(pq.read_table(root / part).drop_columns(["game_ids", "moved_from"]), root / part)
    old.unlink()
    new.write_text(HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")    # hand #250000000000 cut out
    summary = ingest([new], root, jobs=1)
    assert (summary.moved, summary.superseded, summary.relocated) == ([(str(new), str(old))], 1, 2)
    # #250000000001 (Anna -8) and #250000000002 (Anna -50), at lines 1 and 28 of new.txt
    assert nets(root)["Anna"] == (2, Decimal("-58.00"))
    assert query(root, "select source_file, first_line from games order by 2") == [(str(new), 1), (str(new), 28)]


def test_a_file_split_in_two_is_its_old_file_and_its_games_follow_the_parts(tmp_path):
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text("\n\n".join(HANDS[:6]) + "\n", encoding="utf-8")
    ingest([night], root, jobs=1)
    # the user splits the night in two and removes it; the sixth hand went in neither half
    first, second = tmp_path / "night-a.txt", tmp_path / "night-b.txt"
    first.write_text("\n\n".join(HANDS[:3]) + "\n", encoding="utf-8")
    second.write_text("\n\n".join(HANDS[3:5]) + "\n", encoding="utf-8")
    night.unlink()
    result = run("ingest", str(first), str(second), "-w", str(root), "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    assert (f"  {first} and {second} are {night} split (that path is gone, most games of each are its, and "
            f"together they hold most of its games): taken as its new versions\n") in result.output
    assert "not taken for that file moved" not in result.output
    assert "  1 game dropped by its file's new text: no file read holds it now" in result.output
    # the five hands the halves hold, each at its line there: none points at the gone file
    assert query(root, "select source_file, first_line from games order by 1, 2") == (
        [(str(first), line) for line in first_lines(HANDS[:3])] + [(str(second), line) for line in first_lines(HANDS[3:5])])
    assert query(root, "select source_file, first_line from superseded") == [(str(night), first_lines(HANDS[:6])[5])]
    assert query(root, "select source_path, moved_from from files order by 1") == [
        (str(first), str(night)), (str(second), str(night)), (str(night), None)]
    # read again, nothing changed; a hand cut from one half is superseded, the other half's stay
    assert ingest([first, second], root, jobs=1).files_unchanged == 2
    first.write_text("\n\n".join(HANDS[:2]) + "\n", encoding="utf-8")
    again = ingest([first, second], root, jobs=1)
    assert (again.superseded, again.moved, again.unsure_moves) == (1, [], [])
    assert query(root, "select count(*) from games where source_file = $1", [str(second)]) == [(2,)]


def test_half_of_a_file_alone_is_not_taken_for_it(tmp_path):
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text("\n\n".join(HANDS[:4]) + "\n", encoding="utf-8")
    ingest([night], root, jobs=1)
    half = tmp_path / "night-a.txt"
    half.write_text("\n\n".join(HANDS[:2]) + "\n", encoding="utf-8")
    night.unlink()
    summary = ingest([half], root, jobs=1)
    assert (summary.moved, summary.superseded) == ([], 0)
    assert [(move.source_file, move.shared, move.gone_games) for move in summary.unsure_moves] == [(str(half), 2, 4)]


def test_the_parts_of_a_split_file_staged_apart_are_committed_together(tmp_path, monkeypatch):
    # each file staged on its own, as a parallel run's readers may stage the two halves: the
    # halves still land in one commit, where each is seen beside the other
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text("\n\n".join(HANDS[:4]) + "\n", encoding="utf-8")
    ingest([night], root, jobs=1, build_models=False)
    first, second = tmp_path / "night-a.txt", tmp_path / "night-b.txt"
    first.write_text("\n\n".join(HANDS[:2]) + "\n", encoding="utf-8")
    second.write_text("\n\n".join(HANDS[2:4]) + "\n", encoding="utf-8")
    night.unlink()
    monkeypatch.setattr(pipeline.ingest, "STAGE_BYTES", 1)
    summary = ingest([first, second], root, jobs=1, build_models=False)
    # the first half's two hands stand at the same lines of their new file, the second's moved up
    assert (sorted(summary.moved), summary.unsure_moves, summary.superseded, summary.relocated, summary.followed) == (
        [(str(first), str(night)), (str(second), str(night))], [], 0, 2, 2)


def test_a_file_whose_name_is_not_utf8_is_still_there_for_a_copy_beside_it(tmp_path):
    # the ledger keeps the name with its odd byte written \xe0: the check of the path reads it back
    import os

    first, copy, root = tmp_path / os.fsdecode(b"club-\xe0.txt"), tmp_path / "b.txt", tmp_path / "wh"
    first.write_text(HAND_0 + "\n\n" + HAND_1 + "\n\n" + HAND_2 + "\n", encoding="utf-8")
    ingest([first], root, jobs=1, build_models=False)
    copy.write_text(HAND_0 + "\n\n" + HAND_1 + "\n", encoding="utf-8")
    summary = ingest([copy], root, jobs=1, build_models=False)
    assert (summary.moved, summary.superseded) == ([], 0)


def _hand_starts(log: Path) -> list[int]:
    """The line each PokerStars hand of ``log`` begins at, read off the file."""
    return [number for number, line in enumerate(log.read_text(encoding="utf-8").split("\n"), 1)
            if line.startswith("PokerStars Hand #")]


def test_a_rotated_log_keeps_its_games_when_a_new_file_takes_its_name(tmp_path):
    # A tracker rotates its log: yesterday's file is renamed (its bytes unchanged) and a new one
    # starts under the old name. The renamed file holds yesterday's 20 hands: none is superseded.
    folder, root = tmp_path / "ROT", tmp_path / "wrot"
    folder.mkdir()
    log, rotated = folder / "hands.txt", folder / "hands-2024-01.txt"
    shutil.copyfile(SAMPLES / "pokerstars-holdem.txt", log)
    assert run("ingest", str(folder), "-w", str(root), "-j", "1", "-q").exit_code == 0
    log.rename(rotated)
    assert run("generate", "holdem", "-n", "5", "--seed", "77", "--out", str(log), "-q").exit_code == 0
    assert (len(_hand_starts(rotated)), len(_hand_starts(log))) == (20, 5)
    result = run("ingest", str(folder), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2 files (1 unchanged), 5 games stored, 0 already stored, 0 quarantined, ")
    assert "replaced" not in result.output
    assert query(root, "select count(*) from games") == [(25,)]
    assert query(root, "select count(*) from superseded") == [(0,)]
    # yesterday's hands point at the rotated file, each at its line there; today's at the new file
    assert query(root, "select first_line from games where source_file = $1 order by 1", [str(rotated)]) == [
        (line,) for line in _hand_starts(rotated)]
    assert query(root, "select first_line from games where source_file = $1 order by 1", [str(log)]) == [
        (line,) for line in _hand_starts(log)]
    # the rotated file is in the ledger at its path, read or not: ingested alone, it is unchanged
    assert query(root, "select count(*) from files where source_path = $1", [str(rotated)]) == [(1,)]
    again = ingest([rotated], root, jobs=1)
    assert (again.files_unchanged, again.games, again.superseded) == (1, 0, 0)


def test_a_copy_ingested_in_a_later_run_holds_the_games_its_original_drops(tmp_path):
    # x.txt copied to another folder after its first ingest, and ingested there in a run of its
    # own (unchanged bytes: not read); then a hand is cut from the original. The copy, given in
    # the same run, still holds it: it stays, and points at the copy's line.
    first, copy, root = tmp_path / "CP" / "A" / "x.txt", tmp_path / "CP" / "B" / "x.txt", tmp_path / "wcp"
    first.parent.mkdir(parents=True)
    copy.parent.mkdir()
    shutil.copyfile(SAMPLES / "pokerstars-holdem.txt", first)
    ingest([first.parent], root, jobs=1)
    shutil.copyfile(first, copy)
    unread = ingest([copy.parent], root, jobs=1)
    # a copy: its original is there, and holds its 20 games
    assert (unread.files_unchanged, unread.games, unread.games_known, unread.moved) == (0, 0, 20, [])
    assert unread.copies == [(str(copy), str(first), 20)]
    hands = first.read_text(encoding="utf-8").split("\n\n")
    cut = hands.pop(5)
    first.write_text("\n\n".join(hands), encoding="utf-8")
    result = run("ingest", str(first.parent), str(copy.parent), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert "replaced" not in result.output
    assert "  1 game dropped by its file is still held by another file read: it points at that file's lines now\n" in (
        result.output)
    assert query(root, "select count(*) from games") == [(20,)]
    assert query(root, "select count(*) from superseded") == [(0,)]
    assert cut.startswith("PokerStars Hand #250000000005:")
    # the sixth hand of the copy points at it; the 19 the original holds, at their lines there
    assert query(root, "select first_line from games where source_file = $1", [str(copy)]) == [(_hand_starts(copy)[5],)]
    assert query(root, "select first_line from games where source_file = $1 order by 1", [str(first)]) == [
        (line,) for line in _hand_starts(first)]


def test_a_renamed_file_takes_its_games_and_findings_to_its_new_path_unread(tmp_path, monkeypatch):
    import pipeline.worker

    night, root = tmp_path / "RN" / "night.txt", tmp_path / "wrn"
    night.parent.mkdir()
    shutil.copyfile(SAMPLES / "pokerstars-holdem.txt", night)
    ingest([night.parent], root, jobs=1)
    lines = query(root, "select game_id, first_line from games order by 1")
    finding_lines = query(root, "select game_id, line from findings order by 1")
    renamed = night.with_name("night-2024-01-02.txt")
    night.rename(renamed)
    parsed = []
    real = pipeline.worker.parse_bytes
    monkeypatch.setattr(pipeline.worker, "parse_bytes", lambda *args, **kwargs: parsed.append(args[1]) or real(
        *args, **kwargs))
    summary = ingest([night.parent], root, jobs=1)
    assert parsed == []     # its bytes are known: it is not parsed again
    assert (summary.files_unchanged, summary.games, summary.superseded) == (1, 0, 0)
    assert summary.moved == [(str(renamed), str(night))]
    # every game's path changes, none of its lines: they follow the file, none is relocated
    assert (summary.moved_unchanged, summary.followed, summary.relocated) == ([str(renamed)], len(lines), 0)
    assert summary.as_dict()["moved"] == [{"file": str(renamed), "from": str(night), "unchanged": True}]
    # the same bytes: every game and finding at the same line, of the file at its new path
    assert query(root, "select game_id, first_line from games order by 1") == lines
    assert query(root, "select distinct source_file from games") == [(str(renamed),)]
    assert query(root, "select game_id, line from findings order by 1") == finding_lines
    assert query(root, "select distinct source_file from findings") == [(str(renamed),)]
    assert query(root, "select moved_from from files where source_path = $1", [str(renamed)]) == [(str(night),)]
    again = ingest([night.parent], root, jobs=1)
    assert (again.files_unchanged, again.moved, again.relocated) == (1, [], 0)


def test_the_summary_of_a_plain_rename_says_the_file_moved_and_its_games_kept_their_lines(tmp_path):
    # the same bytes at a new path, the old path gone: only the path the games point at changes,
    # which the summary says, and not that they stand at other lines
    night, root = tmp_path / "RS" / "night.txt", tmp_path / "wrs"
    night.parent.mkdir()
    shutil.copyfile(SAMPLES / "pokerstars-holdem.txt", night)
    assert run("ingest", str(night.parent), "-w", str(root), "-j", "1", "-q").exit_code == 0
    hands = len(_hand_starts(night))
    renamed = night.with_name("night-2024-01-02.txt")
    night.rename(renamed)
    result = run("ingest", str(night.parent), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert without_seconds(result.output) == (
        "1 file (1 unchanged), 0 games stored, 0 already stored, 0 quarantined, 0 findings in … s\n"
        f"  {renamed} is {night} moved, its bytes unchanged (that path is gone): taken as that file at its new path\n"
        f"  {hands} games stored before follow their file to its new path, at the same lines\n")
    assert hands == 20
    moved = json.loads(run("ingest", str(night.parent), "-w", str(root), "--json").stdout)
    assert (moved["moved"], moved["followed"], moved["relocated"]) == ([], 0, 0)     # recorded: nothing to follow


def test_the_summary_of_a_copy_counts_its_games_already_stored_and_names_the_file_it_copies(tmp_path):
    # a second night generated with the same seed: the same bytes at a new path, the first file
    # still there. Nothing is added, and the summary says why (the counts and --json alike).
    night, again, root = tmp_path / "night.txt", tmp_path / "night2.txt", tmp_path / "wcopy"
    for out in (night, again):
        assert run("generate", "raspisnoy", "-n", "2", "--out", str(out)).exit_code == 0
    assert night.read_bytes() == again.read_bytes()
    assert run("ingest", str(night), "-w", str(root), "-j", "1", "-q").exit_code == 0
    result = run("ingest", str(again), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert without_seconds(result.output) == (
        "1 file (0 unchanged, 1 a copy of a file read before), 0 games stored, 2 already stored, 0 quarantined, "
        "0 findings in … s\n"
        f"  {again} has the same bytes as {night}, read before: 2 games are stored already, so it adds nothing\n")
    assert query(root, "select count(*) from games") == [(2,)]
    # recorded now: the next ingest of it finds it unchanged at its own path
    summary = json.loads(run("ingest", str(again), "-w", str(root), "--json").stdout)
    assert (summary["files_unchanged"], summary["files_copied"], summary["games_known"]) == (1, [], 0)


def test_the_json_summary_of_a_copy_names_the_file_it_copies(tmp_path):
    night, copy, root = tmp_path / "night.txt", tmp_path / "copy" / "night.txt", tmp_path / "wjson"
    copy.parent.mkdir()
    shutil.copyfile(SAMPLES / "pokerstars-holdem.txt", night)
    shutil.copyfile(night, copy)
    assert run("ingest", str(night), "-w", str(root), "-j", "1", "-q").exit_code == 0
    summary = json.loads(run("ingest", str(copy), "-w", str(root), "--json").stdout)
    assert (summary["files_unchanged"], summary["games"], summary["games_known"]) == (0, 0, 20)
    assert summary["files_copied"] == [{"file": str(copy), "same_as": str(night), "games_known": 20}]


def test_a_file_split_in_two_unequal_parts_is_told_as_split_whatever_their_sizes(tmp_path):
    # seven hands cut into 3 + 4: the larger part alone holds most of the night's games (4 of 7),
    # the smaller does not (3), and the smaller had a chat line added to hand #250000000001
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text("\n\n".join(HANDS[:7]) + "\n", encoding="utf-8")
    ingest([night], root, jobs=1)
    first, second = tmp_path / "night-a.txt", tmp_path / "night-b.txt"
    edited = HAND_1.replace("Anna: calls $4\n", f"Anna: calls $4\n{CHAT}\n", 1)
    assert edited != HAND_1
    first.write_text("\n\n".join([HAND_0, edited, HAND_2]) + "\n", encoding="utf-8")
    second.write_text("\n\n".join(HANDS[3:7]) + "\n", encoding="utf-8")
    night.unlink()
    result = run("ingest", str(first), str(second), "-w", str(root), "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    assert (f"  {first} and {second} are {night} split (that path is gone, most games of each are its, and "
            f"together they hold most of its games): taken as its new versions\n") in result.output
    assert "not taken for that file moved" not in result.output and " moved (" not in result.output
    # the edited hand replaced its old text; the night's six others follow the parts
    assert "  1 game dropped by its file's new text: no file read holds it now" in result.output
    assert query(root, "select count(*) from superseded where source_file = $1", [str(night)]) == [(1,)]
    assert query(root, "select source_file, first_line from games order by 1, 2") == (
        [(str(first), line) for line in first_lines([HAND_0, edited, HAND_2])]
        + [(str(second), line) for line in first_lines(HANDS[3:7])])
    assert query(root, "select source_path, moved_from from files where moved_from is not null order by 1") == [
        (str(first), str(night)), (str(second), str(night))]


def test_a_split_of_unequal_parts_unedited_is_a_split_and_supersedes_nothing(tmp_path):
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text("\n\n".join(HANDS[:7]) + "\n", encoding="utf-8")
    ingest([night], root, jobs=1)
    first, second = tmp_path / "night-a.txt", tmp_path / "night-b.txt"
    first.write_text("\n\n".join(HANDS[:3]) + "\n", encoding="utf-8")
    second.write_text("\n\n".join(HANDS[3:7]) + "\n", encoding="utf-8")
    night.unlink()
    summary = ingest([first, second], root, jobs=1)
    # hands 0-2 keep their lines in night-a.txt; hands 3-6 move up to the top of night-b.txt
    assert (summary.moved, summary.unsure_moves, summary.superseded, summary.relocated, summary.followed) == (
        [(str(first), str(night)), (str(second), str(night))], [], 0, 4, 3)


def test_two_copies_of_a_gone_file_are_not_its_split_and_the_second_is_told_as_another_file(tmp_path):
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text("\n\n".join(HANDS[:3]) + "\n", encoding="utf-8")
    ingest([night], root, jobs=1)
    first, second = tmp_path / "a" / "night.txt", tmp_path / "b" / "night.txt"
    for copy in (first, second):
        copy.parent.mkdir()
        copy.write_text("\n\n".join(HANDS[:3]) + "\n\n" + HANDS[3] + "\n", encoding="utf-8")   # one hand more
    night.unlink()
    result = run("ingest", str(first), str(second), "-w", str(root), "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    assert f"  {first} is {night} moved (" in result.output
    assert (f"  {second} holds 3 of the 3 games of {night}, which is gone, and 1 others: another file, as that file "
            f"is {first} moved\n") in result.output
    assert "split" not in result.output and "superseded" not in result.output.replace("table superseded", "")
    assert query(root, "select count(*) from games") == [(4,)]


def test_two_files_merged_into_one_keep_their_games_and_findings_at_its_lines(tmp_path):
    # cat a.txt b.txt > c.txt, then a.txt and b.txt removed: c.txt is the two files merged, and
    # holds every game of theirs (the finding of the sample's hand #250000000019 among them)
    folder, root, clean = tmp_path / "MG", tmp_path / "wmg", tmp_path / "wclean"
    folder.mkdir()
    first, second, merged = folder / "a.txt", folder / "b.txt", folder / "c.txt"
    first.write_text("\n\n".join(HANDS[:10]) + "\n", encoding="utf-8")
    second.write_text("\n\n".join(HANDS[10:]), encoding="utf-8")    # (the sample's last hand ends its line)
    assert run("ingest", str(folder), "-w", str(root), "-j", "1", "-q").exit_code == 0
    games = query(root, "select game_id, source_file, first_line from games order by 1")
    findings = query(root, "select game_id, rule_id, source_file, line from findings order by 1, 2")
    assert len(games) == 20 and [row[2] for row in findings] == [str(second)]
    merged.write_bytes(first.read_bytes() + second.read_bytes())
    offset = first.read_text(encoding="utf-8").count("\n")   # b.txt's lines come after a.txt's
    first.unlink()
    second.unlink()
    result = run("ingest", str(folder), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert without_seconds(result.output) == (
        "1 file (0 unchanged), 0 games stored, 20 already stored, 0 quarantined, 0 findings in … s\n"
        f"  {merged} is {first} and {second} merged (those paths are gone, most games of each are in it, and "
        "together they make most of its games): taken as their new version\n"
        "  10 games stored before stand at other lines of their file now: their lines follow it\n"
        "  10 games stored before follow their file to its new path, at the same lines\n")
    # the same games and findings, each once, a.txt's at their lines, b.txt's shifted below a.txt's
    shift = {str(first): 0, str(second): offset}
    assert query(root, "select game_id, source_file, first_line from games order by 1") == [
        (game_id, str(merged), line + shift[source]) for game_id, source, line in games]
    assert query(root, "select game_id, rule_id, source_file, line from findings order by 1, 2") == [
        (game_id, rule, str(merged), line + shift[source]) for game_id, rule, source, line in findings]
    assert query(root, "select count(*) from superseded") == [(0,)]
    assert query(root, "select merged_from, moved_from from files where source_file = $1", [str(merged)]) == [
        ([str(first), str(second)], None)]
    # every row as an ingest of c.txt alone into a new warehouse stores it (its tables alone are compared)
    ingest([folder], clean, jobs=1, build_models=False)
    after, fresh = committed_rows(root), committed_rows(clean)
    for table in fresh:
        if table != "files":    # (the ledger keeps a.txt and b.txt too)
            assert after[table] == fresh[table], table
    # c.txt's versions are a.txt's and b.txt's: a hand it loses later is superseded
    hands = merged.read_text(encoding="utf-8").split("\n\n")
    cut = hands.pop(3)
    merged.write_text("\n\n".join(hands), encoding="utf-8")
    again = ingest([folder], root, jobs=1)
    assert (again.superseded, again.merged, again.unsure_moves) == (1, [], [])
    assert query(root, "select count(*) from games") == [(19,)]
    assert query(root, "select first_line from superseded") == [(first_lines(HANDS[:10])[3],)]
    assert cut.startswith("PokerStars Hand #250000000003:")


def test_a_merged_file_with_an_edited_hand_replaces_that_hand_once(tmp_path):
    first, second, merged, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt", tmp_path / "wh"
    first.write_text("\n\n".join(HANDS[:3]) + "\n", encoding="utf-8")
    second.write_text("\n\n".join(HANDS[3:6]) + "\n", encoding="utf-8")
    ingest([first, second], root, jobs=1)
    first.unlink()
    second.unlink()
    # merged, and hand #250000000001 gained a chat line on the way
    edited = HAND_1.replace("Anna: calls $4\n", f"Anna: calls $4\n{CHAT}\n", 1)
    assert edited != HAND_1
    merged.write_text("\n\n".join([HAND_0, edited, *HANDS[2:6]]) + "\n", encoding="utf-8")
    summary = ingest([merged], root, jobs=1)
    assert summary.merged == [(str(merged), [str(first), str(second)])]
    assert (summary.games, summary.superseded, summary.unsure_moves) == (1, 1, [])
    # six hands, each once, all in c.txt: #250000000001's new text, its old one superseded
    assert query(root, "select source_file, first_line from games order by 2") == [
        (str(merged), line) for line in first_lines([HAND_0, edited, *HANDS[2:6]])]
    assert query(root, "select source_file, first_line from superseded") == [(str(first), first_lines(HANDS[:3])[1])]
    assert query(root, "select count(*) from game_texts") == [(6,)]


def _rotated_without_the_renamed_file(folder: Path, root: Path) -> tuple[Path, Path]:
    """hands.txt (the sample's 20 hands) ingested, then rotated: renamed hands-2024-01.txt and a new
    hands.txt of 5 hands begun, and hands.txt alone ingested: its new version holds none of the 20,
    which no file read holds either, so they are superseded. An older Rasklad left a warehouse so
    after an ingest of the whole folder: it never recorded the renamed file, whose bytes it knew."""
    folder.mkdir()
    log, rotated = folder / "hands.txt", folder / "hands-2024-01.txt"
    shutil.copyfile(SAMPLES / "pokerstars-holdem.txt", log)
    ingest([folder], root, jobs=1)
    log.rename(rotated)
    assert run("generate", "holdem", "-n", "5", "--seed", "77", "--out", str(log), "-q").exit_code == 0
    assert ingest([log], root, jobs=1).superseded == 20
    return log, rotated


def test_games_superseded_though_a_known_file_holds_them_come_back_when_it_is_ingested(tmp_path):
    folder, root = tmp_path / "DMG", tmp_path / "wdmg"
    log, rotated = _rotated_without_the_renamed_file(folder, root)
    result = run("ingest", str(folder), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert without_seconds(result.output) == (
        "2 files (1 unchanged), 20 games stored, 0 already stored, 0 quarantined, 1 finding in … s\n"
        "  20 games superseded before are back: a file read holds them (the table superseded no longer keeps "
        "them)\n")
    # each game once, at its line of the file that holds it; nothing is left superseded
    assert query(root, "select count(*), count(distinct game_id) from games") == [(25, 25)]
    assert query(root, "select count(*) from game_texts") == [(25,)]
    assert query(root, "select count(*) from superseded") == [(0,)]
    assert query(root, "select first_line from games where source_file = $1 order by 1", [str(rotated)]) == [
        (line,) for line in _hand_starts(rotated)]
    assert query(root, "select count(*) from findings where source_file = $1", [str(rotated)]) == [(1,)]
    again = ingest([folder], root, jobs=1)
    assert (again.files_unchanged, again.games, again.restored) == (2, 0, 0)


def test_a_damaged_warehouse_that_recorded_the_renamed_file_gets_its_games_back(tmp_path, monkeypatch):
    # The ingest of the folder that followed, by the Rasklad of the last round: it recorded the
    # renamed file at its path, unread, and kept the identities of both files, its games still
    # superseded. The next ingest reads that file again (its identity was kept under another key).
    folder, root = tmp_path / "DMR", tmp_path / "wdmr"
    log, rotated = _rotated_without_the_renamed_file(folder, root)
    with monkeypatch.context() as older:
        older.setattr(Warehouse, "skips_file", lambda self, digest, name: self.knows_file(digest, name))
        older.setattr(pipeline.ingest, "KNOWN_AT_PATHS", "at-paths")
        recorded = ingest([folder], root, jobs=1)
        assert (recorded.files_unchanged, recorded.games, recorded.restored) == (2, 0, 0)
        assert query(root, "select count(*) from superseded") == [(20,)]
        assert unchanged_run([folder], root) is not None    # that Rasklad went on skipping both files
    restored = ingest([folder], root, jobs=1)
    assert (restored.games, restored.restored, restored.superseded, restored.duplicates) == (20, 20, 0, 0)
    assert query(root, "select count(*), count(distinct game_id) from games") == [(25, 25)]
    assert query(root, "select count(*) from superseded") == [(0,)]
    assert query(root, "select first_line from games where source_file = $1 order by 1", [str(rotated)]) == [
        (line,) for line in _hand_starts(rotated)]
    assert unchanged_run([folder], root) is not None
