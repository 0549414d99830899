"""The quarantine as a user meets it: the ingest's counts of it, `rasklad quarantine` and
`rasklad show` of a quarantined game (real click runs, real warehouse)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pipeline.ingest
from pipeline.ingest import ingest
from tests.test_cli import run

GOOD = """Chinese poker hand C-2026-1
Date: 2026-11-28 20:00
Club: Tverskaya
Scoring: 2-4
Players: Boris, Kirill
Dealer: Kirill
Boris: back [4c Qc Kc 8c Ac] middle [Jh 2d 2s Qd As] front [Td 3c 8h]
Kirill: back [7d 6s 6d 7h 7s] middle [5h Qh 4h 2h Th] front [8s 4d Ad]
Royalties: Boris 0, Kirill 0
Points: Boris -4, Kirill +4
"""

BROKEN = """Chinese poker hand C-2026-2
Date: 2026-11-28 20:03
Club: Tverskaya
Scoring: 2-4
Players: Dasha, Inna, Gleb
Dealer: Gleb
Dasha: back [Ts Ac 8c Th 8h] middle [6h 4s Kc 6s 4h] front [3c 3d 7s]
Inna: back [9c Qc Qx Qs 9s] middle [Kd 5d 5s 7h 7c] front [2h 2c 8d]
Gleb: back [Jd 7d 6d 9d 4d] middle [Ah Ks Kh Jh As] front [5c 6c 3s]
Royalties: Dasha 0, Inna 0, Gleb 0
Points: Dasha -4, Inna +4, Gleb 0
"""
"""Eleven lines; 'Qx' (no such suit) stands at its line 8, column 19."""


def _twice(tmp_path: Path) -> Path:
    """The broken hand at lines 1-11, the good one at 13-22, the broken one again at 24-34."""
    log = tmp_path / "twice.txt"
    log.write_text(f"{BROKEN}\n{GOOD}\n{BROKEN}", encoding="utf-8")
    return log


def test_a_broken_game_twice_in_its_file_is_one_quarantined_game_that_names_both_places(tmp_path):
    log, wh = _twice(tmp_path), str(tmp_path / "wh")
    result = run("ingest", str(log), "-w", wh, "-q", "-j", "1")
    assert result.exit_code == 1
    # nothing was stored before, and the second copy is not stored: it is the same quarantined game
    assert result.output.startswith("1 file (0 unchanged), 1 game stored, 0 already stored, "
                                    "1 quarantined (twice in its file), 0 findings in "), result.output
    listed = run("quarantine", "-w", wh, "--json")
    row, = json.loads(listed.stdout)
    assert (row["where"], row["first_line"], row["last_line"], row["copies_first_lines"]) == (
        f"{log}:8:19", 1, 11, [24])
    text = run("quarantine", "-w", wh, "--text")
    assert text.output.startswith(f"{log}:8:19 (again at 31:19): expected a card like As or 10♥, found 'Qx' "
                                  f"(ID {row['quarantine_id']})\nChinese poker hand C-2026-2\n")  # the copy's line 8: 24 + 7


def test_the_json_summary_counts_the_copies_apart(tmp_path):
    log = tmp_path / "thrice.txt"
    log.write_text(f"{BROKEN}\n{BROKEN}\n{BROKEN}", encoding="utf-8")
    summary = ingest([log], tmp_path / "wh", jobs=1, build_models=False)
    assert (summary.games, summary.games_known, summary.quarantined, summary.quarantined_copies) == (0, 0, 1, 2)
    assert summary.as_dict()["quarantined_copies"] == 2


def _one_broken(tmp_path: Path, name: str, *, good: bool = True) -> Path:
    """A file of the broken hand, after the good one when ``good``."""
    log = tmp_path / name
    log.write_text(f"{GOOD}\n{BROKEN}" if good else BROKEN, encoding="utf-8")
    return log


def _opening(result) -> str:
    """The summary's first line up to its seconds."""
    return result.output.splitlines()[0].split(" findings in ")[0]


def test_a_game_already_in_quarantine_is_not_counted_as_already_stored_and_the_run_still_fails(tmp_path):
    wh = str(tmp_path / "wh")
    first = run("ingest", str(_one_broken(tmp_path, "night.txt")), "-w", wh, "-q", "-j", "1")
    assert first.exit_code == 1
    # the broken hand again, in another file: the good hand is stored, the broken one never was
    again = _one_broken(tmp_path, "copy.txt")
    again.write_text(again.read_text() + "\n")     # other bytes: the file is read
    second = run("ingest", str(again), "-w", wh, "-q", "-j", "1")
    assert _opening(second) == ("1 file (0 unchanged), 0 games stored, 1 already stored, "
                                "1 game already in quarantine, 0 quarantined, 0"), second.output
    assert f"See them with: rasklad quarantine --warehouse {wh}" in second.output
    assert second.exit_code == 1    # the file still holds a game that could not be read
    as_json = json.loads(run("ingest", str(_one_broken(tmp_path, "alone.txt", good=False)), "-w", wh,
                             "-q", "-j", "1", "--json").output)
    assert (as_json["games_known"], as_json["duplicates"], as_json["already_quarantined"], as_json["no_games"]) == (
        0, 0, 1, None)
    listed = json.loads(run("quarantine", "-w", wh, "--json").stdout)
    assert [row["where"] for row in listed] == [f"{tmp_path / 'night.txt'}:19:19"]    # 11 + 1 blank + line 8


def test_an_unchanged_file_that_holds_a_quarantined_game_says_so_and_fails(tmp_path):
    log, wh = _one_broken(tmp_path, "night.txt"), tmp_path / "wh"
    run("ingest", str(log), "-w", str(wh), "-q", "-j", "1")
    unchanged = run("ingest", str(log), "-w", str(wh), "-q", "-j", "1")
    assert _opening(unchanged) == ("1 file (1 unchanged), 0 games stored, 0 already stored, "
                                   "1 game already in quarantine, 0 quarantined, 0"), unchanged.output
    assert unchanged.exit_code == 1
    # the counts kept beside the files' identities gone, the ledger tells them
    (wh / pipeline.ingest.QUARANTINED_FILES).unlink()
    assert _opening(run("ingest", str(log), "-w", str(wh), "-q", "-j", "1")) == _opening(unchanged)
    # a run that reads another file as well meets this one as unchanged there
    other = tmp_path / "other.txt"
    other.write_text(GOOD.replace("C-2026-1", "C-2026-7"), encoding="utf-8")
    both = run("ingest", str(log), str(other), "-w", str(wh), "-q", "-j", "1")
    assert _opening(both) == ("2 files (1 unchanged), 1 game stored, 0 already stored, "
                              "1 game already in quarantine, 0 quarantined, 0"), both.output


def test_a_broken_game_in_two_new_files_of_one_run_is_quarantined_once_and_then_already_there(tmp_path):
    first = _one_broken(tmp_path, "a.txt", good=False)
    second = tmp_path / "b.txt"
    second.write_text(BROKEN + "\n", encoding="utf-8")
    for jobs in ("1", "2"):
        wh = str(tmp_path / f"wh{jobs}")
        result = run("ingest", str(first), str(second), "-w", wh, "-q", "-j", jobs)
        # not "already in quarantine": the quarantine held nothing before; its copy is said apart
        assert _opening(result) == ("2 files (0 unchanged), 0 games stored, 0 already stored, "
                                    "1 quarantined, 0"), result.output
        assert ("  1 more copy of a game in quarantine in another file read: `rasklad quarantine` lists each "
                "game once, where it was first quarantined") in result.output.splitlines()
        assert len(json.loads(run("quarantine", "-w", wh, "--json").stdout)) == 1


def test_quarantine_says_how_many_it_left_out_and_all_shows_them(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    for n in range(3):  # three texts of no known format: three rows
        (logs / f"bad{n}.txt").write_text(f"not a log {n}\n")
    wh = str(tmp_path / "wh")
    run("ingest", str(logs), "-w", wh, "-q", "-j", "1")
    cut = run("quarantine", "-w", wh, "--limit", "2")
    assert cut.exit_code == 0
    assert cut.output.endswith("2 of 3 shown; --limit N or --all shows more\n")
    every = run("quarantine", "-w", wh, "--limit", "2", "--all")
    assert "shown" not in every.output and all(f"bad{n}.txt:1:1" in every.output for n in range(3))
    as_json = run("quarantine", "-w", wh, "--limit", "2", "--json")
    assert len(json.loads(as_json.stdout)) == 2         # the rows stay JSON; the word goes to stderr
    assert as_json.stderr == "2 of 3 shown; --limit N or --all shows more\n"


def test_show_finds_a_quarantined_game_by_its_id(tmp_path):
    log, wh = _twice(tmp_path), str(tmp_path / "wh")
    run("ingest", str(log), "-w", wh, "-q", "-j", "1")
    quarantine_id = json.loads(run("quarantine", "-w", wh, "--json").stdout)[0]["quarantine_id"]
    shown = run("show", quarantine_id[:8], "-w", wh)
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0] == f"quarantined chinese game {quarantine_id}: {log} lines 1–11 (again at lines 24–34)"
    assert lines[1] == "not stored: expected a card like As or 10♥, found 'Qx' (line 8, column 19)"
    assert " 8  Inna: back [9c Qc Qx Qs 9s] middle [Kd 5d 5s 7h 7c] front [2h 2c 8d]   ◀ column 19" in lines
    as_json = json.loads(run("show", quarantine_id, "-w", wh, "--json").stdout)
    assert (as_json["quarantined"], as_json["line"], as_json["column"], as_json["text"]) == (
        True, 8, 19, BROKEN.rstrip("\n"))


def test_every_path_not_read_counts_as_a_file_and_a_missing_one_stops_nothing(tmp_path, monkeypatch):
    # A FIFO and a dangling link are refused when listed, a locked file when opened: each is one
    # of the files, and unreadable. A path given that does not exist is one more: the rest is read.
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "good.txt").write_text(GOOD)
    (logs / "locked.txt").write_text(GOOD.replace("C-2026-1", "C-2026-9"))
    os.mkfifo(logs / "pipe.txt")
    os.symlink("gone.txt", logs / "dangling.txt")
    real_open = open

    def locked(path, *args, **kwargs):
        if Path(path) == logs / "locked.txt":     # as chmod 000 does, for a user that is not root
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(pipeline.ingest, "open", locked, raising=False)
    missing = tmp_path / "nope.txt"
    result = run("ingest", str(missing), str(logs), "-w", str(tmp_path / "wh"), "-q", "-j", "1")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("5 files (0 unchanged, 4 unreadable), 1 game stored, 0 already stored, "), lines[0]
    assert lines[1:] == [
        f"  could not read {missing}: no such file or folder (check the path)",
        f"  could not read {logs / 'dangling.txt'}: a symbolic link to nothing (its target is gone)",
        f"  could not read {logs / 'pipe.txt'}: a FIFO (named pipe), not a file",
        f"  could not read {logs / 'locked.txt'}: Permission denied",
        "  Check the paths that do not exist (quote one that has spaces); the others were read.",
        "  Run the ingest again once they are readable: what was stored is kept, and not read twice.",
    ]


def test_an_empty_file_gets_advice_that_fits_it(tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "good.txt").write_text(GOOD)
    result = run("ingest", str(tmp_path / "empty.txt"), str(tmp_path / "good.txt"),
                 "-w", str(tmp_path / "wh"), "-q", "-j", "1")
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [
        f"  could not read {tmp_path / 'empty.txt'}: the file is empty (0 bytes)",
        "  An empty file holds no game: it is read by an ingest run once it holds text.",
    ]


def _reasons(text: str, name: str = "log.txt") -> list[tuple[int, int, str]]:
    """(line, column, reason) of each game ``text`` quarantines."""
    from pipeline.worker import parse_bytes

    result = parse_bytes(text.encode("utf-8"), name)
    return [(row["line"], row["column"], row["error"]) for (table, _), rows in result.tables.items()
            if table == "quarantine" for row in rows.to_pylist()]


SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"


def test_a_summary_line_with_no_summary_line_before_it_says_that_line_is_missing():
    hand = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").split("\n\n")[0]
    lines = hand.split("\n")
    assert lines[26:28] == ["*** SUMMARY ***", "Total pot $73 | Rake $2"]
    del lines[26]
    assert _reasons("\n".join(lines) + "\n") == [(27, 1, "cannot read 'Total pot $73 | Rake $2': it belongs after "
                                                        "the '*** SUMMARY ***' line, which is missing before it")]


def test_a_six_card_player_line_without_a_name_says_the_name_is_missing():
    session = "Six-card poker session S-77\nDate: 2026-11-28 23:40\nCasino: Metropol\nPlayer:\n"
    assert _reasons(session) == [(4, 8, "the player's name is missing after 'Player:'")]


def test_an_ofc_discard_without_a_card_says_the_card_is_missing():
    text = (SAMPLES / "ofc-pineapple.txt").read_text(encoding="utf-8")
    hand = text[text.index("OFC hand O-2027-1"):text.index("OFC hand O-2027-2")]
    line = "Boris draws [6h Js 3c]: 6h front, 3c back, discards Js"
    assert line in hand
    (at, column, reason), = _reasons(hand.replace(line, line.removesuffix(" Js")))
    assert (hand.split("\n")[at - 1], column, reason) == (
        line, len(line) - 2, "a card like As or 10♥ is missing after 'discards'")


def test_an_ipoker_xml_error_leaves_the_parser_s_own_place_out_of_the_reason():
    from tests.test_room_ipoker import SESSION

    broken = SESSION.replace('<player seat="7"', '<player seat="7" &', 1)
    (line, column, reason), = _reasons(broken, "session.xml")
    assert (line, reason) == (
        1 + SESSION[:SESSION.index('<player seat="7"')].count("\n"),
        "the XML of the iPoker session cannot be read (not well-formed (invalid token))")


def test_a_quarantined_game_judged_again_keeps_the_places_of_its_copies(tmp_path, monkeypatch):
    # Quarantined by older rules, then judged again from its kept text by the next ingest (the
    # file unchanged): its copy is laid out at its own lines again, and the row still names it.
    from pipeline.warehouse import Warehouse
    from tests.test_reaudit import OLD, judged_by_old_rules

    log = _twice(tmp_path)
    judged_by_old_rules(monkeypatch)
    ingest([log], tmp_path / "wh", jobs=1, build_models=False)
    monkeypatch.undo()
    again = ingest([log], tmp_path / "wh", jobs=1, build_models=False)
    assert (again.files_unchanged, again.retried, again.retried_stored) == (1, 1, 0)
    with Warehouse(tmp_path / "wh").open() as warehouse:
        rows = warehouse.read_table("quarantine", ["first_line", "last_line", "copies_first_lines",
                                                   "rules_version"]).to_pylist()
    assert [(row["first_line"], row["last_line"], row["copies_first_lines"]) for row in rows] == [(1, 11, [24])]
    assert rows[0]["rules_version"] != OLD


DRAW = """PokerStars Game #49934100000:  5 Card Draw No Limit ($0.25/$0.50 USD) - 2010/09/20 23:50:00 ET
Table 'Table VI' 6-max Seat #1 is the button
Seat 1: Anna ($20 in chips)
Seat 2: Boris ($20 in chips)
Anna: posts small blind $0.25
Boris: posts big blind $0.50
*** DEALING HANDS ***
Anna: folds
Uncalled bet ($0.25) returned to Boris
Boris collected $0.50 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 1: Anna (button) (small blind) folded before the Draw
Seat 2: Boris (big blind) collected ($0.50)
"""
"""A PokerStars 5 Card Draw hand: its game, '5 Card Draw', starts at column 32 of its header."""


def test_a_game_rasklad_does_not_read_is_filed_under_the_game_its_header_names(tmp_path):
    log, wh = tmp_path / "draw.txt", str(tmp_path / "wh")
    log.write_text(DRAW, encoding="utf-8")
    run("ingest", str(log), "-w", wh, "-q", "-j", "1")
    row, = json.loads(run("quarantine", "-w", wh, "--json").stdout)
    # before, the row said game holdem: the format's game, which this hand is not
    assert (row["game"], row["where"]) == ("5_card_draw", f"{log}:1:32")
    assert row["error"].startswith("5 Card Draw No Limit is not supported yet")
    listed = run("query", "-w", wh, "select game from quarantine", "--json")
    assert json.loads(listed.stdout) == [{"game": "5_card_draw"}]
