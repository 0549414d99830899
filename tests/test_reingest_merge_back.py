"""Files merged (or moved) back to a path read before: the path a file left when it moved, split or
was merged elsewhere is no file's any more, so that a file there later is read as a file at a new
path, and taken for the files read before it holds; and a file read again at its own path that now
holds a gone file's games is that file merged into it. Their games, quarantined texts and findings
follow it, each once, and what it no longer holds is superseded. Real ingests of the sample's
PokerStars hands in a temporary folder; every count is worked by hand from the files."""

from __future__ import annotations

from pathlib import Path

from pipeline.ingest import ingest
from tests.test_reingest_versions import CHAT, HANDS, _starts, _without_seconds, query, run

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
    assert _without_seconds(result.output) == (
        "1 file (1 unchanged), 0 games stored, 0 already stored, 1 game already in quarantine, 0 quarantined, "
        "0 findings in … s\n"
        f"  {night} is {first} and {second} merged (those paths are gone, most games of each are in it, and "
        "together they make most of its games): taken as their new version\n"
        "  10 games stored before stand at other lines of their file now: their lines follow it\n"
        "  10 games stored before follow their file to its new path, at the same lines\n"
        f"See them with: rasklad quarantine --warehouse {root}\n")
    # every row where night.txt's first ingest put it, once: 19 games, 1 quarantined text, 1 finding
    starts = _starts(PIECES)
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
    starts = _starts(pieces)
    assert _rows(root)["games"] == [(str(night), line) for line in starts[:3] + starts[4:]]
    assert _rows(root)["quarantine"] == [(str(night), starts[3])]
    assert query(root, "select source_file, first_line from superseded") == [(str(first), _starts(PIECES)[1])]
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
        (str(night), line) for line in _starts(HANDS[:4])]
    assert ingest([night], root, jobs=1).files_unchanged == 1
