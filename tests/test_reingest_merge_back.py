"""Files merged (or moved) back to a path read before: the path a file left when it moved, split or
was merged elsewhere is no file's any more, so that a file there later is read as a file at a new
path, and taken for the files read before it holds; and a file read again at its own path that now
holds a gone file's games is that file merged into it. Their games, quarantined texts and findings
follow it, each once, and what it no longer holds is superseded. Real ingests of the sample's
PokerStars hands in a temporary folder; every count is worked by hand from the files."""

from __future__ import annotations

from pathlib import Path

from pipeline.ingest import ingest
from tests.reingest_helpers import first_lines, games_reaudited, settings_findings_rulesets, without_seconds
from tests.test_reingest_versions import CHAT, HANDS, query, run
from tests.test_rule_settings_follow_files import OTHER_STRAIGHT, STRAIGHT_WINS

BROKEN_3 = HANDS[3].replace("*** FLOP *** [Ah Kh 6h]", "*** FLOP *** [Ah Kx 6h]", 1)
"""Hand #250000000003 with a card no deck has on its flop: quarantined."""
PIECES = [*HANDS[:3], BROKEN_3, *HANDS[4:]]
"""The sample's 20 hands, the fourth broken: 19 games and one quarantined text. The finding of the
sample (hand #250000000019) is in the last ten."""

WHERE = {
    "games": "select source_file, first_line from games order by 2",
    "quarantine": "select source_file, first_line from quarantine",
    "findings": "select source_file, line from findings order by 2",
}


def _rows(root: Path) -> dict[str, list[tuple]]:
    return {table: query(root, sql) for table, sql in WHERE.items()}


def _split_night(folder: Path, root: Path) -> tuple[Path, Path, Path, dict[str, list[tuple]]]:
    """night.txt (``PIECES``) ingested, then split into a.txt (the first ten) and b.txt (the last
    ten) and removed, and the two ingested: taken for night.txt split. Returns the three paths and
    the rows as night.txt's first ingest stored them."""
    night, first, second = folder / "night.txt", folder / "a.txt", folder / "b.txt"
    night.write_text("\n\n".join(PIECES) + "\n", encoding="utf-8")
    assert run("ingest", str(night), "-w", str(root), "-j", "1", "-q").exit_code == 1     # (one quarantined)
    stored = _rows(root)
    first.write_text("\n\n".join(PIECES[:10]) + "\n\n", encoding="utf-8")
    second.write_text("\n\n".join(PIECES[10:]) + "\n", encoding="utf-8")
    night.unlink()
    split = ingest([first, second], root, jobs=1)
    assert sorted(split.moved) == [(str(first), str(night)), (str(second), str(night))]
    assert query(root, "select distinct source_file from games order by 1") == [(str(first),), (str(second),)]
    return night, first, second, stored


def test_a_split_file_put_back_together_at_its_path_takes_its_games_back_each_once(tmp_path):
    night, first, second, stored = _split_night(tmp_path, tmp_path / "wh")
    root = tmp_path / "wh"
    # cat a.txt b.txt > night.txt: the very bytes night.txt held, known, recorded unread
    night.write_bytes(first.read_bytes() + second.read_bytes())
    assert night.read_text(encoding="utf-8") == "\n\n".join(PIECES) + "\n"
    first.unlink()
    second.unlink()
    result = run("ingest", str(night), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 1, result.output     # night.txt holds the broken hand still
    # a.txt's ten pieces (9 games, the broken one) stand at the same lines; b.txt's ten (10 games,
    # one finding) move down below a.txt's
    assert without_seconds(result.output) == (
        "1 file (1 unchanged), 0 games stored, 0 already stored, 1 game already in quarantine, 0 quarantined, "
        "0 findings in … s\n"
        f"  {night} is {first} and {second} merged (those paths are gone, most games of each are in it, and "
        "together they make most of its games): taken as their new version\n"
        "  10 games stored before stand at other lines of their file now: their lines follow it\n"
        "  10 games stored before follow their file to its new path, at the same lines\n"
        f"See them with: rasklad quarantine --warehouse {root}\n")
    # every row where night.txt's first ingest put it, once: 19 games, 1 quarantined text, 1 finding
    starts = first_lines(PIECES)
    assert stored == {"games": [(str(night), line) for line in starts[:3] + starts[4:]],
                      "quarantine": [(str(night), starts[3])], "findings": stored["findings"]}
    assert [source for source, _ in stored["findings"]] == [str(night)]
    assert _rows(root) == stored
    assert query(root, "select count(*) from superseded") == [(0,)]
    assert query(root, "select merged_from from files where source_path = $1 order by ingested_at", [str(night)]) == [
        (None,), ([str(first), str(second)],)]
    # night.txt's versions are a.txt's and b.txt's again: a hand cut from it is superseded
    night.write_text("\n\n".join(PIECES[:1] + PIECES[2:]) + "\n", encoding="utf-8")
    cut = ingest([night], root, jobs=1)
    assert (cut.superseded, cut.games, cut.merged, cut.moved, cut.unsure_moves) == (1, 0, [], [], [])
    assert query(root, "select source_file, first_line from superseded") == [(str(night), starts[1])]
    assert query(root, "select count(*), count(distinct source_file) from games") == [(18, 1)]


def test_a_split_file_put_back_together_with_an_edit_replaces_that_hand_once(tmp_path):
    night, first, second, _ = _split_night(tmp_path, tmp_path / "wh")
    root = tmp_path / "wh"
    # put back together, and hand #250000000001 gained a chat line on the way: new bytes at night.txt
    edited = HANDS[1].replace("Anna: calls $4\n", f"Anna: calls $4\n{CHAT}\n", 1)
    assert edited != HANDS[1]
    pieces = [PIECES[0], edited, *PIECES[2:]]
    night.write_text("\n\n".join(pieces) + "\n", encoding="utf-8")
    first.unlink()
    second.unlink()
    summary = ingest([night], root, jobs=1)
    assert summary.merged == [(str(night), [str(first), str(second)])]
    # the edited hand stored anew, its old text superseded (from a.txt, at its line 34); the 18
    # other games and the quarantined text followed night.txt, none stored twice
    assert (summary.games, summary.games_known, summary.superseded, summary.already_quarantined,
            summary.quarantined) == (1, 18, 1, 1, 0)
    starts = first_lines(pieces)
    assert _rows(root)["games"] == [(str(night), line) for line in starts[:3] + starts[4:]]
    assert _rows(root)["quarantine"] == [(str(night), starts[3])]
    assert query(root, "select source_file, first_line from superseded") == [(str(first), first_lines(PIECES)[1])]
    assert query(root, "select count(*) from game_texts") == [(19,)]


def test_a_file_renamed_and_renamed_back_takes_its_games_back_to_its_path(tmp_path):
    night, renamed, root = tmp_path / "night.txt", tmp_path / "night-old.txt", tmp_path / "wh"
    night.write_text("\n\n".join(HANDS[:4]) + "\n", encoding="utf-8")
    ingest([night], root, jobs=1)
    night.rename(renamed)
    assert ingest([renamed], root, jobs=1).moved == [(str(renamed), str(night))]
    renamed.rename(night)
    back = ingest([night], root, jobs=1)
    assert (back.moved, back.moved_unchanged, back.followed, back.relocated, back.superseded) == (
        [(str(night), str(renamed))], [str(night)], 4, 0, 0)
    assert query(root, "select source_file, first_line from games order by 2") == [
        (str(night), line) for line in first_lines(HANDS[:4])]
    assert ingest([night], root, jobs=1).files_unchanged == 1


def test_a_file_appended_to_another_and_removed_is_merged_into_it(tmp_path):
    # cat a.txt >> b.txt, then a.txt removed: b.txt, read again at its path, is a.txt merged into it
    first, second, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "wh"
    first.write_text("\n\n".join(PIECES[:10]) + "\n", encoding="utf-8")     # the broken hand among them
    second.write_text("\n\n".join(PIECES[10:]) + "\n\n", encoding="utf-8")  # the finding among them
    assert run("ingest", str(first), str(second), "-w", str(root), "-j", "1", "-q").exit_code == 1
    (finding_line,) = query(root, "select line from findings where source_file = $1", [str(second)])[0]
    second.write_bytes(second.read_bytes() + first.read_bytes())
    first.unlink()
    result = run("ingest", str(second), "-w", str(root), "-j", "1", "-q")
    assert result.exit_code == 1, result.output
    # b.txt's ten games keep their lines; a.txt's nine games and its quarantined text move below them
    assert without_seconds(result.output) == (
        "1 file (0 unchanged, 1 grown, read from its last game on), 0 games stored, 19 already stored, "
        "1 game already in quarantine, 0 quarantined, 0 findings in … s\n"
        f"  {second} is {first} merged into it (that path is gone, most games of each are in it, and with its own "
        "they make most of its games): taken as their new version\n"
        "  10 games stored before stand at other lines of their file now: their lines follow it\n"
        f"See them with: rasklad quarantine --warehouse {root}\n")
    order = PIECES[10:] + PIECES[:10]
    starts = first_lines(order)
    broken = order.index(BROKEN_3)
    assert _rows(root) == {"games": [(str(second), line) for number, line in enumerate(starts) if number != broken],
                           "quarantine": [(str(second), starts[broken])], "findings": [(str(second), finding_line)]}
    assert query(root, "select count(*) from superseded") == [(0,)]
    assert query(root, "select merged_from from files where source_path = $1 order by ingested_at", [str(second)]) == [
        (None,), ([str(first), str(second)],)]
    # a.txt's games are b.txt's now: one cut from it is superseded (it was kept, a.txt holding it)
    second.write_text("\n\n".join(order[:12] + order[13:]) + "\n", encoding="utf-8")
    cut = ingest([second], root, jobs=1)
    assert (cut.superseded, cut.merged, cut.unsure_moves) == (1, [], [])
    assert query(root, "select source_file, first_line from superseded") == [(str(second), starts[12])]
    assert query(root, "select count(*) from games") == [(18,)]


def test_a_file_that_grew_is_not_taken_for_a_merge(tmp_path):
    # hands appended to a file read before: new games, nothing merged, nothing said of moves
    night, root = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text("\n\n".join(HANDS[:4]) + "\n\n", encoding="utf-8")
    ingest([night], root, jobs=1)
    night.write_text("\n\n".join(HANDS[:6]) + "\n", encoding="utf-8")
    grown = ingest([night], root, jobs=1)
    assert (grown.games, grown.merged, grown.moved, grown.unsure_moves, grown.superseded) == (2, [], [], [], 0)


def test_a_split_file_put_back_together_takes_back_the_setting_its_parts_took(tmp_path):
    # two 36-card pots Boris's straight wins over Anna's trips: right under straight_beats_trips,
    # findings under PokerStars' own order (trips first). Set for night.txt, split, put back.
    night, wh = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(STRAIGHT_WINS + "\n\n" + OTHER_STRAIGHT, encoding="utf-8")
    ingest([night], wh, jobs=1, rules=["straight_beats_trips"])
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text(STRAIGHT_WINS + "\n\n", encoding="utf-8")
    second.write_text(OTHER_STRAIGHT, encoding="utf-8")
    night.unlink()
    ingest([first, second], wh, jobs=1)
    assert settings_findings_rulesets(wh)[0] == {f"rules file {first}": "straight_beats_trips", f"rules file {second}": "straight_beats_trips"}
    night.write_bytes(first.read_bytes() + second.read_bytes())
    first.unlink()
    second.unlink()
    summary = ingest([night], wh, jobs=1)
    assert summary.merged == [(str(night), [str(first), str(second)])]
    entry, = summary.settings_followed
    assert (entry.file, entry.options, entry.differing) == (str(night), ("straight_beats_trips",), ())
    assert settings_findings_rulesets(wh)[:2] == ({f"rules file {night}": "straight_beats_trips"}, [])
    assert games_reaudited(wh) == 0


def test_a_file_merged_into_another_keeps_that_ones_setting_or_none_when_not_alike(tmp_path):
    one, two, wh = tmp_path / "one.txt", tmp_path / "two.txt", tmp_path / "wh"
    one.write_text(STRAIGHT_WINS, encoding="utf-8")
    two.write_text(OTHER_STRAIGHT + "\n\n", encoding="utf-8")
    ingest([one, two], wh, jobs=1, rules=["straight_beats_trips"])     # the same option for both
    two.write_bytes(two.read_bytes() + one.read_bytes())
    one.unlink()
    summary = ingest([two], wh, jobs=1)
    assert summary.merged == [(str(two), [str(one), str(two)])]
    # its own setting holds, as one.txt's did: one.txt's leaves with it, nothing to tell, nothing judged again
    assert (summary.settings_followed, settings_findings_rulesets(wh)[:2]) == ([], ({f"rules file {two}": "straight_beats_trips"}, []))
    assert games_reaudited(wh) == 0

    # two.txt not set, one.txt set: the merge cannot hold both, so two.txt takes none, and is told
    one, two, wh = tmp_path / "a" / "one.txt", tmp_path / "a" / "two.txt", tmp_path / "wa"
    one.parent.mkdir()
    one.write_text(STRAIGHT_WINS, encoding="utf-8")
    two.write_text(OTHER_STRAIGHT + "\n\n", encoding="utf-8")
    ingest([one], wh, jobs=1, rules=["straight_beats_trips"])
    ingest([two], wh, jobs=1)
    two.write_bytes(two.read_bytes() + one.read_bytes())
    one.unlink()
    result = run("ingest", str(two), "-w", str(wh), "-q")
    assert result.exit_code == 0, result.output
    assert (f"  {two} takes no rule setting of the files merged into it that are not set alike "
            f"(straight_beats_trips for {one}; none for {two}): those stay kept for their paths; give it its own "
            f"with `rasklad ingest {two} --rules OPTION`") in result.output.splitlines()
    assert settings_findings_rulesets(wh)[0] == {f"rules file {one}": "straight_beats_trips"}


def test_a_file_moved_onto_the_path_of_another_is_taken_for_it_there(tmp_path):
    # mv a.txt b.txt: b.txt's two hands are gone, a.txt's four stand at b.txt's path now
    first, second, root = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "wh"
    first.write_text("\n\n".join(HANDS[:4]) + "\n", encoding="utf-8")
    second.write_text("\n\n".join(HANDS[4:6]) + "\n", encoding="utf-8")
    ingest([first, second], root, jobs=1)
    first.replace(second)
    summary = ingest([second], root, jobs=1)
    assert (summary.moved, summary.moved_unchanged, summary.merged, summary.followed, summary.superseded) == (
        [(str(second), str(first))], [str(second)], [], 4, 2)
    assert query(root, "select source_file, first_line from games order by 2") == [
        (str(second), line) for line in first_lines(HANDS[:4])]
    assert query(root, "select source_file, first_line from superseded order by 2") == [
        (str(second), line) for line in first_lines(HANDS[4:6])]
