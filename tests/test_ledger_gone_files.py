"""The file ledger and files gone from disk: a gone file holds no game, a game dropped twice points
at the file that holds it now, and the games of files read before can be taken out (``rasklad
forget``). Real DuckDB and Parquet in a temporary folder; every net is worked by hand from the hands."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import main
from pipeline.ingest import ingest, unchanged_run
from pipeline.warehouse import connect

C1 = """Chinese poker hand C1
Date: 2026-10-05 22:40
Club: Tverskaya
Scoring: 1-6
Players: Anna, Boris, Vera
Dealer: Vera
Anna: back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]
Boris: back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 2h]
Vera: back [As Ad Ac 5d 5c] middle [Td Tc 8d 8h 4d] front [Kc 6c 2c]
Royalties: Anna 1, Boris 0, Vera 0
Points: Anna +9, Boris -1, Vera -8
"""
"""11 lines. Anna's quads beat Boris's flush and Vera's full house, her two pair K-7 lose to Boris's
trip jacks and beat Vera's T-8, her queens beat both fronts: against Boris +1 -1 +1 and her quads'
royalty 1 = +2; she scoops Vera, 6, and the royalty 1 = +7: +9. Boris against Vera: the full house
beats his flush, his trips and eights win: +1. Boris -2 + 1 = -1, Vera -7 - 1 = -8."""
C1_NETS = {"Anna": Decimal(9), "Boris": Decimal(-1), "Vera": Decimal(-8)}

C2 = """Chinese poker hand C2
Date: 2026-10-19 22:00
Club: Tverskaya
Scoring: 1-6
Players: Vera, Anna, Boris
Dealer: Boris
Vera: back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]
Anna: back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 2h]
Boris: back [As Ad Ac 5d 5c] middle [Td Tc 8d 8h 4d] front [Kc 6c 2c]
Points: Vera +9, Anna -1, Boris -8
"""
"""10 lines: C1's rows dealt to Vera, Anna and Boris, so their nets are C1's: Vera +9, Anna -1, Boris -8."""
C2_NETS = {"Vera": Decimal(9), "Anna": Decimal(-1), "Boris": Decimal(-8)}

C3 = C1.replace("hand C1", "hand C3").replace("2026-10-05 22:40", "2026-10-26 21:15")
"""C1's rows on another night: another hand, the same nets."""


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def query(root: Path, sql: str, parameters: list | None = None) -> list[tuple]:
    with connect(root) as con:
        return con.execute(sql, parameters).fetchall()


def results(root: Path) -> dict[str, tuple[int, Decimal]]:
    """Per player, hands and net in the mart the club reads (``player_results``)."""
    return {player: (int(count), Decimal(net)) for player, count, net in query(
        root, "select player, sum(count_games), sum(net) from player_results group by all")}


def summed(*nets: dict[str, Decimal]) -> dict[str, tuple[int, Decimal]]:
    total: dict[str, tuple[int, Decimal]] = {}
    for game in nets:
        for player, net in game.items():
            count, before = total.get(player, (0, Decimal(0)))
            total[player] = (count + 1, before + net)
    return total


def place_of(root: Path, hand: str) -> tuple[str, int, int]:
    (row,) = query(root, "select g.source_file, g.first_line, g.last_line from games g join game_texts t "
                         "using (game_id) where strpos(t.text, $1) > 0", [hand])
    return row


def test_a_game_dropped_a_second_time_points_at_the_file_that_holds_it_now(tmp_path):
    a, b, c, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt", tmp_path / "wh"
    a.write_text(C1, encoding="utf-8")
    ingest([a], root, jobs=1)
    b.write_text(C2 + "\n" + C1, encoding="utf-8")      # C1 at lines 12-22: C2's 10, a blank line
    ingest([b], root, jobs=1)
    a.write_text(C3, encoding="utf-8")
    ingest([a], root, jobs=1)
    assert place_of(root, "hand C1") == (str(b), 12, 22)    # a.txt dropped it: b.txt holds it
    c.write_text(b.read_text(encoding="utf-8"), encoding="utf-8")
    ingest([c], root, jobs=1)
    b.write_text(C2, encoding="utf-8")
    again = ingest([b], root, jobs=1)
    # b.txt (10 lines now) dropped it too: c.txt holds it, at the same lines, and it counts once
    assert place_of(root, "hand C1") == (str(c), 12, 22)
    assert (again.superseded, again.in_other_files) == (0, 1)
    assert results(root) == summed(C1_NETS, C2_NETS, C1_NETS)


def test_a_game_corrected_in_its_file_counts_once_when_its_only_other_holder_is_a_deleted_copy(tmp_path):
    night, backup, root = tmp_path / "night.txt", tmp_path / "backup", tmp_path / "wh"
    backup.mkdir()
    night.write_text(C1.replace("Boris", "Borsi"), encoding="utf-8")
    ingest([night], root, jobs=1)
    (backup / "night.txt").write_text(night.read_text(encoding="utf-8"), encoding="utf-8")
    copied = ingest([backup], root, jobs=1)
    # a copy imported by mistake adds nothing: its game is stored already
    assert (copied.games, copied.files_unchanged, copied.games_known) == (0, 0, 1)
    assert copied.copies == [(str(backup / "night.txt"), str(night), 1)]
    (backup / "night.txt").unlink()                             # and is taken away
    night.write_text(C1, encoding="utf-8")                      # the typo corrected
    corrected = ingest([night], root, jobs=1)
    # the deleted copy holds nothing: the old hand goes, and the hand counts once, with Boris's -1
    assert (corrected.games, corrected.superseded, corrected.in_other_files) == (1, 1, 0)
    assert results(root) == summed(C1_NETS)
    assert query(root, "select source_file from superseded") == [(str(night),)]
    # the deleted copy holds no game that counts: an ingest of its folder has nothing to tell of it
    for _ in range(2):     # (the whole run, then one answered from what it kept)
        told = run("ingest", str(backup), str(night), "-w", str(root), "-j", "1", "-q")
        assert told.exit_code == 0 and "gone from disk" not in told.output, told.output


def test_a_file_emptied_to_a_comment_takes_its_games_out_without_an_error(tmp_path):
    inbox, root = tmp_path / "inbox", tmp_path / "wh"
    inbox.mkdir()
    (inbox / "ours.txt").write_text(C2, encoding="utf-8")
    (inbox / "other-club.txt").write_text(C1 + "\n" + C3, encoding="utf-8")
    assert run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q").exit_code == 0
    (inbox / "other-club.txt").write_text("# imported by mistake\n", encoding="utf-8")
    result = run("ingest", str(inbox / "other-club.txt"), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert "Error" not in result.output and "replaced" not in result.output
    assert "  2 games dropped by their files' new text: no file read holds them now" in result.output
    assert results(root) == summed(C2_NETS)


def test_forget_takes_out_the_games_of_a_deleted_file_after_a_dry_run_that_changes_nothing(tmp_path):
    inbox, root = tmp_path / "inbox", tmp_path / "wh"
    inbox.mkdir()
    (inbox / "ours.txt").write_text(C2 + "\n" + C3, encoding="utf-8")
    (inbox / "other-club.txt").write_text(C1 + "\n" + C3, encoding="utf-8")
    assert run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q").exit_code == 0
    assert results(root) == summed(C1_NETS, C2_NETS, C1_NETS)     # C3's nets are C1's
    (inbox / "other-club.txt").unlink()
    # deleting a file keeps its games: C1 still counts
    kept = run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q")
    assert kept.exit_code == 0 and results(root) == summed(C1_NETS, C2_NETS, C1_NETS)
    other = str(inbox / "other-club.txt")
    dry = run("forget", "--gone", "--dry-run", str(inbox), "-w", str(root))
    assert dry.exit_code == 0, dry.output
    assert dry.output == ("Would forget 1 file (gone from disk): 1 game would leave the statistics\n"
                          "  1 game would stay: another file still holds it\n"
                          f"  {other} (gone)\n"
                          "Run it again without --dry-run to forget them.\n")
    assert results(root) == summed(C1_NETS, C2_NETS, C1_NETS)
    done = run("forget", "--gone", str(inbox), "-w", str(root))
    assert done.exit_code == 0, done.output
    assert done.output.startswith("Forgot 1 file (gone from disk): 1 game left the statistics (the table "
                                  "superseded keeps its text)\n")
    # C1 left; C3, which ours.txt holds too, stays and points there (line 12, after C2's 10 and a blank)
    assert results(root) == summed(C2_NETS, C1_NETS)
    assert place_of(root, "hand C3") == (str(inbox / "ours.txt"), 12, 22)
    assert query(root, "select source_file, first_line from superseded") == [(other, 1)]
    # forgotten stays forgotten; nothing more to forget
    again = run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q")
    assert again.exit_code == 0 and results(root) == summed(C2_NETS, C1_NETS)
    assert run("forget", "--gone", str(inbox), "-w", str(root)).exit_code == 1


def test_a_forgotten_file_still_on_disk_is_skipped_until_it_changes(tmp_path):
    inbox, root = tmp_path / "inbox", tmp_path / "wh"
    inbox.mkdir()
    (inbox / "ours.txt").write_text(C2, encoding="utf-8")
    (inbox / "test.txt").write_text(C1, encoding="utf-8")
    assert run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q").exit_code == 0
    done = run("forget", str(inbox / "test.txt"), "-w", str(root), "--json")
    assert done.exit_code == 0, done.output
    assert '"superseded": 1' in done.output
    assert results(root) == summed(C2_NETS)
    unchanged = ingest([inbox], root, jobs=1)
    assert (unchanged.files_unchanged, unchanged.games, unchanged.restored) == (2, 0, 0)
    assert results(root) == summed(C2_NETS)
    (inbox / "test.txt").write_text(C1 + "\n" + C3, encoding="utf-8")      # edited: read again
    read = ingest([inbox], root, jobs=1)
    assert (read.games, read.restored) == (2, 1)     # C3 new, C1 back (counted among the games stored)
    assert results(root) == summed(C2_NETS, C1_NETS, C1_NETS)


def test_a_one_game_file_moved_and_edited_is_told_as_gone_with_the_command_that_takes_it_out(tmp_path):
    night, month, root = tmp_path / "night", tmp_path / "2026-11", tmp_path / "wh"
    night.mkdir()
    month.mkdir()
    (night / "n.txt").write_text(C1, encoding="utf-8")
    assert run("ingest", str(night), "-w", str(root), "-j", "1", "-q").exit_code == 0
    (night / "n.txt").unlink()
    (month / "n.txt").write_text(C1.replace("Vera -8\n", "Vera -8  # checked\n"), encoding="utf-8")
    result = run("ingest", str(night), str(month), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    gone = str(night / "n.txt")
    line = (f"  1 file read before is gone from disk ({gone}): its 1 game still counts; if it was moved and "
            f"edited, or deleted, `rasklad forget {gone} --warehouse {root}` takes it out (--dry-run lists first)\n")
    assert line in result.output
    assert results(root) == summed(C1_NETS, C1_NETS)      # the old text and the new: twice, until forgotten
    # told again by a run that finds nothing new (not answered from the kept identities alone)
    again = run("ingest", str(night), str(month), "-w", str(root), "-j", "1", "-q", "--json")
    assert '"gone_games": 1' in again.output and '"files_unchanged": 1' in again.output
    fast = unchanged_run([night, month], root)     # (without reading the ledger)
    assert fast is not None and (fast.gone_files, fast.gone_games) == ([gone], 1)
    assert run("forget", gone, "-w", str(root)).exit_code == 0
    assert results(root) == summed(C1_NETS)
    quiet = run("ingest", str(night), str(month), "-w", str(root), "-j", "1", "-q")
    assert quiet.exit_code == 0 and "gone from disk" not in quiet.output
    assert results(root) == summed(C1_NETS)


def test_a_hand_merged_from_a_removed_file_and_then_corrected_counts_once(tmp_path):
    season, month, root = tmp_path / "season", tmp_path / "months" / "2026-11", tmp_path / "wh"
    season.mkdir()
    month.mkdir(parents=True)
    (season / "chinese-late.txt").write_text(C1.replace("Boris", "Borsi"), encoding="utf-8")
    assert run("ingest", str(season), "-w", str(root), "-j", "1", "-q").exit_code == 0
    # merged into the month's file beside another hand, and the old file removed
    (month / "chinese.txt").write_text(C2 + "\n" + C1.replace("Boris", "Borsi"), encoding="utf-8")
    (season / "chinese-late.txt").unlink()
    merged = run("ingest", str(season), str(month.parent), "-w", str(root), "-j", "1", "-q")
    assert "which is gone, and 1 others: not taken for that file moved" in merged.output
    # the typo corrected in the month's file: the old text goes, though the removed file held it last
    (month / "chinese.txt").write_text(C2 + "\n" + C1, encoding="utf-8")
    corrected = ingest([month.parent], root, jobs=1)
    assert (corrected.games, corrected.superseded) == (1, 1)
    assert results(root) == summed(C2_NETS, C1_NETS)
    assert query(root, "select count(*) from player_results where player = 'Borsi'") == [(0,)]


def test_show_tells_a_game_its_file_dropped_from_a_game_forgotten(tmp_path):
    from pipeline.inputs import content_hash

    a, b, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "wh"
    a.write_text(C1 + "\n" + C2, encoding="utf-8")
    b.write_text(C3, encoding="utf-8")
    assert run("ingest", str(a), str(b), "-w", str(root), "-j", "1", "-q").exit_code == 0
    ids = dict(query(root, "select substr(text, 1, 21), game_id from game_texts"))
    c1, c2, c3 = ids["Chinese poker hand C1"], ids["Chinese poker hand C2"], ids["Chinese poker hand C3"]
    a.write_text(C2, encoding="utf-8")                      # C1 edited out of its file
    comment = "# imported by mistake\n"
    b.write_text(comment, encoding="utf-8")                 # C3's file emptied to a comment
    assert run("ingest", str(a), str(b), "-w", str(root), "-j", "1", "-q").exit_code == 0
    assert run("forget", str(a), "-w", str(root)).exit_code == 0   # C2 forgotten, after C1 was dropped

    def read_at(text: str) -> str:
        """When the ledger recorded the version of these bytes (UTC, to the second)."""
        (when,), = query(root, "select ingested_at from files where content_hash = $1 and len(game_ids) = $2",
                         [content_hash(text.encode()), 1 if text == C2 else 0])
        return f"{when:%Y-%m-%d %H:%M:%S}"

    def said(game: str) -> str:
        answer = run("show", game[:8], "-w", str(root))
        assert answer.exit_code == 1, answer.output
        return answer.output.splitlines()[0]

    assert said(c1) == (f"Error: The game {c1} is no longer stored: its file {a} no longer holds it since the ingest "
                        f"of {read_at(C2)} UTC, which read its new text (it was not forgotten).")
    assert said(c3) == (f"Error: The game {c3} is no longer stored: its file {b} no longer holds it since the ingest "
                        f"of {read_at(comment)} UTC, which read its new text (it was not forgotten).")
    assert said(c2) == f"Error: The game {c2} is no longer stored: its file {a} was forgotten."


def test_a_gone_file_that_held_only_quarantined_text_is_told_and_forget_gone_takes_it_out(tmp_path):
    inbox, root = tmp_path / "inbox", tmp_path / "wh"
    inbox.mkdir()
    (inbox / "ours.txt").write_text(C2, encoding="utf-8")
    # C1 with a card mistyped on Anna's back row: line 7, column 13 (after "Anna: back [")
    (inbox / "typo.txt").write_text(C1.replace("[9s 9h", "[9x 9h"), encoding="utf-8")
    first = run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q")
    assert first.exit_code == 1 and "1 quarantined" in first.output, first.output
    assert query(root, "select source_file, line, \"column\" from quarantine") == [(str(inbox / "typo.txt"), 7, 13)]
    (inbox / "typo.txt").unlink()
    typo = str(inbox / "typo.txt")
    line = (f"  1 file read before is gone from disk ({typo}): its 1 game in quarantine is still listed by "
            f"`rasklad quarantine`; if it was moved and edited, or deleted, `rasklad forget {typo} --warehouse "
            f"{root}` takes it out (--dry-run lists first)\n")
    for _ in range(2):     # (the whole run, then one answered from what it kept)
        told = run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q")
        assert line in told.output, told.output
    as_json = run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q", "--json")
    assert '"gone_games": 0' in as_json.output and '"gone_quarantined": 1' in as_json.output
    fast = unchanged_run([inbox], root)     # (without reading the ledger)
    assert fast is not None and (fast.gone_files, fast.gone_games, fast.gone_quarantined) == ([typo], 0, 1)
    done = run("forget", "--gone", str(inbox), "-w", str(root))
    assert done.exit_code == 0, done.output
    assert query(root, "select count(*) from quarantine") == [(0,)]
    assert query(root, "select was, source_file from superseded") == [("quarantined", typo)]
    quiet = run("ingest", str(inbox), "-w", str(root), "-j", "1", "-q")
    assert quiet.exit_code == 0 and "gone from disk" not in quiet.output, quiet.output
    assert results(root) == summed(C2_NETS)


def test_a_file_read_through_a_linked_folder_and_at_its_real_path_is_one_file(tmp_path):
    real, linked, root = tmp_path / "real", tmp_path / "linked", tmp_path / "wh"
    real.mkdir()
    linked.symlink_to(real, target_is_directory=True)
    (real / "a.txt").write_text(C1 + "\n" + C2, encoding="utf-8")
    assert run("ingest", str(linked / "a.txt"), "-w", str(root), "-j", "1", "-q").exit_code == 0
    again = ingest([real / "a.txt"], root, jobs=1)
    assert (again.files_unchanged, again.games) == (1, 0)      # read once: the same file
    # one ledger row, kept at its real path under the name it was first read by
    assert query(root, "select source_file, source_path from files") == [(str(linked / "a.txt"), str(real / "a.txt"))]
    # edited and read at its real path: nothing else holds C1 (no second row of the file at the link)
    (real / "a.txt").write_text(C2, encoding="utf-8")
    edited = ingest([real], root, jobs=1)
    assert (edited.superseded, edited.in_other_files) == (1, 0)
    assert results(root) == summed(C2_NETS)
    # forget takes any name of the file, and names it as last read
    done = run("forget", str(linked / "a.txt"), "-w", str(root))
    assert done.exit_code == 0, done.output
    assert f"\n  {real / 'a.txt'}\n" in done.output
    assert results(root) == {}
