"""A file forgotten (``rasklad forget``) and its bytes met again: a copy at a path not forgotten is
read and its games come back, and ``rasklad forget --undo`` reads the forgotten file itself again.
Through the CLI, with real DuckDB and Parquet in a temporary folder; the nets are worked by hand."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import main
from pipeline.warehouse import connect

NIGHT = """Chinese poker hand N1
Date: 2026-11-20 21:00
Club: Tverskaya
Scoring: 1-6
Players: Anna, Boris, Vera
Anna: back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]
Boris: back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 2h]
Vera: back [As Ad Ac 5d 5c] middle [Td Tc 8d 8h 4d] front [Kc 6c 2c]
Points: Anna +9, Boris -1, Vera -8
"""
"""Anna's quads beat Boris's flush and Vera's full house; her kings and sevens lose to Boris's
trip jacks and beat Vera's tens and eights; her queens beat both fronts. Against Boris: +1 -1 +1,
and her quads' back royalty 1 (scoring 1-6): +2. Against Vera: three lines won, the scoop's 6,
and the royalty 1: +7. Anna +9. Boris against Vera: the full house beats his flush, his trips
and his eights win: +1 for Boris, so Boris -2 + 1 = -1, and Vera -7 - 1 = -8."""
NIGHT_NETS = {"Anna": (1, Decimal(9)), "Boris": (1, Decimal(-1)), "Vera": (1, Decimal(-8))}


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def query(root: Path, sql: str) -> list[tuple]:
    with connect(root) as con:
        return con.execute(sql).fetchall()


def results(root: Path) -> dict[str, tuple[int, Decimal]]:
    """Per player, hands and net in the mart the club reads (``player_results``)."""
    return {player: (int(count), Decimal(net)) for player, count, net in query(
        root, "select player, sum(count_games), sum(net) from player_results group by all")}


def forgotten_night(tmp_path: Path) -> tuple[Path, Path]:
    """A warehouse that read night.txt, then forgot it (the file stays on disk)."""
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(NIGHT, encoding="utf-8")
    assert run("ingest", str(night), "-w", str(root), "-j", "1", "-q").exit_code == 0
    assert results(root) == NIGHT_NETS
    assert run("forget", str(night), "-w", str(root)).exit_code == 0
    assert results(root) == {}
    return night, root


def test_a_copy_of_a_forgotten_file_at_another_path_is_read_and_its_games_come_back(tmp_path):
    night, root = forgotten_night(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(night, other / "b.txt")
    copied = run("ingest", str(other), "-w", str(root), "-j", "1", "-q")
    assert copied.exit_code == 0, copied.output
    assert copied.output.startswith("1 file (0 unchanged), 1 game stored, 0 already stored")
    assert "  1 game superseded before is back: a file read holds it" in copied.output
    assert results(root) == NIGHT_NETS
    assert query(root, "select source_file, first_line, last_line from games") == [(str(other / "b.txt"), 1, 9)]
    assert query(root, "select count(*) from superseded") == [(0,)]
    # the forgotten file stays forgotten beside it: skipped, and the hand counts once
    for _ in range(2):     # (the whole run, then one answered from what it kept)
        both = run("ingest", str(other), str(night), "-w", str(root), "-j", "1", "-q")
        assert both.exit_code == 0, both.output
        assert both.output.startswith("2 files (2 unchanged), 0 games stored"), both.output
        assert results(root) == NIGHT_NETS


def test_forget_undo_reads_a_forgotten_file_again_and_its_games_come_back(tmp_path):
    night, root = forgotten_night(tmp_path)
    # a plain ingest skips it: its bytes are those it was forgotten with
    skipped = run("ingest", str(night), "-w", str(root), "-j", "1", "-q")
    assert skipped.exit_code == 0 and skipped.output.startswith("1 file (1 unchanged), 0 games stored")
    assert results(root) == {}
    dry = run("forget", "--undo", "--dry-run", str(night), "-w", str(root))
    assert dry.exit_code == 0, dry.output
    assert dry.output == ("Would read 1 file forgotten again: 1 game would come back to the statistics\n"
                          f"  {night}\n"
                          "Run it again without --dry-run to bring them back.\n")
    assert results(root) == {}
    done = run("forget", "--undo", str(night), "-w", str(root))
    assert done.exit_code == 0, done.output
    assert done.output == ("Read 1 file forgotten again: 1 game is back in the statistics (the table superseded "
                           "no longer keeps its text)\n"
                           f"  {night}\n")
    assert results(root) == NIGHT_NETS
    assert query(root, "select source_file, first_line, last_line from games") == [(str(night), 1, 9)]
    assert query(root, "select count(*) from superseded") == [(0,)]
    # nothing is forgotten there now, and a later ingest keeps the hand once
    assert run("forget", "--undo", str(night), "-w", str(root)).exit_code == 1
    again = run("ingest", str(night), "-w", str(root), "-j", "1", "-q")
    assert again.exit_code == 0 and results(root) == NIGHT_NETS


def test_forget_undo_counts_the_games_back_in_the_statistics_and_the_texts_back_in_quarantine_apart(tmp_path):
    # night.txt holds the hand and, below it, a Full Tilt hand, which goes to the quarantine: the
    # undo said "2 games are back in the statistics" (and --json "back": 2), one being that text
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(NIGHT + "\n\nFull Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em\nSeat 1: A ($10)\n",
                     encoding="utf-8")
    assert run("ingest", str(night), "-w", str(root), "-j", "1", "-q").exit_code == 1     # (one quarantined)
    counts = "select (select count(*) from games), (select count(*) from quarantine)"
    assert query(root, counts) == [(1, 1)]
    forgot = run("forget", str(night), "-w", str(root))
    assert forgot.output.startswith("Forgot 1 file: 1 game left the statistics, 1 the quarantine")
    assert query(root, counts) == [(0, 0)]
    dry = run("forget", "--undo", "--dry-run", str(night), "-w", str(root))
    assert dry.output.startswith("Would read 1 file forgotten again: 1 game would come back to the statistics, "
                                 "1 to the quarantine\n")
    dry_json = json.loads(run("forget", "--undo", "--dry-run", str(night), "-w", str(root), "--json").stdout)
    assert (dry_json["back"], dry_json["back_to_quarantine"]) == (1, 1)
    done = run("forget", "--undo", str(night), "-w", str(root))
    assert done.exit_code == 0, done.output
    assert done.output.startswith("Read 1 file forgotten again: 1 game is back in the statistics, 1 in the "
                                  "quarantine (the table superseded no longer keeps their text)\n")
    assert query(root, counts) == [(1, 1)] and results(root) == NIGHT_NETS
    assert run("forget", str(night), "-w", str(root)).exit_code == 0
    undone = json.loads(run("forget", "--undo", str(night), "-w", str(root), "--json").stdout)
    assert (undone["back"], undone["back_to_quarantine"], undone["stored"]) == (1, 1, 0)


def test_forget_says_how_to_undo_it_and_a_gone_file_is_read_once_put_back(tmp_path):
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(NIGHT, encoding="utf-8")
    assert run("ingest", str(night), "-w", str(root), "-j", "1", "-q").exit_code == 0
    night.unlink()
    done = run("forget", str(night), "-w", str(root))
    assert done.exit_code == 0, done.output
    assert done.output.endswith(f"Undo: `rasklad forget --undo {night} --warehouse {root}` reads it again "
                                "(put back at its path first)\n")
    assert results(root) == {}
    gone = run("forget", "--undo", str(night), "-w", str(root), "--json")
    assert gone.exit_code == 1 and "gone from disk" in gone.output
    night.write_text(NIGHT, encoding="utf-8")
    back = run("forget", "--undo", str(night), "-w", str(root), "--json")
    assert back.exit_code == 0, back.output
    assert '"back": 1' in back.output and '"stored": 0' in back.output
    assert results(root) == NIGHT_NETS


def test_forget_records_the_bytes_last_read_not_those_a_file_gained_since(tmp_path):
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    second = NIGHT.replace("hand N1", "hand N2").replace("21:00", "22:00")
    third = NIGHT.replace("hand N1", "hand N3").replace("21:00", "23:00")
    night.write_text(NIGHT + "\n" + second, encoding="utf-8")
    assert run("ingest", str(night), "-w", str(root), "-j", "1", "-q").exit_code == 0
    read = night.read_bytes()
    night.write_text(NIGHT + "\n" + second + "\n" + third, encoding="utf-8")   # a hand appended, not ingested
    assert run("forget", str(night), "-w", str(root)).exit_code == 0
    assert results(root) == {}
    # the forget's ledger row is the version read (its size), holding no game
    assert query(root, "select size_bytes, game_ids from files order by ingested_at")[-1] == (len(read), [])
    # the grown bytes were never read: a copy of them elsewhere is, and stores all three hands once
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(night, other / "copy.txt")
    copied = run("ingest", str(other), "-w", str(root), "-j", "1", "-q")
    assert copied.exit_code == 0, copied.output
    assert copied.output.startswith("1 file (0 unchanged), 3 games stored, 0 already stored"), copied.output
    # 9 lines a hand and a blank line between: N1 at 1, N2 at 11, N3 at 21
    assert query(root, "select source_file, first_line from games order by first_line") == [
        (str(other / "copy.txt"), 1), (str(other / "copy.txt"), 11), (str(other / "copy.txt"), 21)]
    assert query(root, "select count(*) from games g join game_texts t using (game_id) "
                       "where strpos(t.text, 'hand N3') > 0") == [(1,)]
    assert results(root) == {"Anna": (3, Decimal(27)), "Boris": (3, Decimal(-3)), "Vera": (3, Decimal(-24))}
    # the file forgotten holds bytes never read: the next ingest reads them, and stores nothing twice
    again = run("ingest", str(night), "-w", str(root), "-j", "1", "-q")
    assert again.exit_code == 0 and again.output.startswith("1 file (0 unchanged), 0 games stored, 3 already stored")
    assert results(root) == {"Anna": (3, Decimal(27)), "Boris": (3, Decimal(-3)), "Vera": (3, Decimal(-24))}
