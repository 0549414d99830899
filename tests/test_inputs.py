"""Every input of an ingest gets a verdict, the run goes on, and the CLI says what happened."""

from __future__ import annotations

import json
import os

from click.testing import CliRunner

from parsers.source import decode
from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.inputs import list_inputs, path_from_stored, stored_name
from tests.conftest import SAMPLES

NIGHT = SAMPLES / "chinese-night.txt"
NIGHT_GAMES = NIGHT.read_text(encoding="utf-8").count("Chinese poker hand")


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _hostile_folder(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "night.txt").write_bytes(NIGHT.read_bytes())
    os.mkfifo(logs / "pipe.txt")
    (logs / "empty.txt").write_bytes(b"")
    os.symlink("loop.txt", logs / "loop.txt")
    os.symlink("gone.txt", logs / "dangling.txt")
    os.symlink(logs, logs / "up")   # a link back up the tree: never followed
    (logs / "notes.csv").write_text("a,b\n")
    (logs / "more.csv").write_text("a,b\n")
    (logs / "README").write_text("read me\n")
    (logs / ".hidden.txt").write_text("not a log\n")
    return logs


def test_every_path_in_a_folder_gets_a_verdict(tmp_path):
    logs = _hostile_folder(tmp_path)
    listing = list_inputs([logs])
    assert listing.files == [logs / "night.txt"]
    assert dict(listing.refused) == {
        str(logs / "dangling.txt"): "a symbolic link to nothing (its target is gone)",
        str(logs / "empty.txt"): "the file is empty (0 bytes)",
        str(logs / "loop.txt"): "a symbolic link that loops (it leads back to itself)",
        str(logs / "pipe.txt"): "a FIFO (named pipe), not a file",
    }
    assert dict(listing.skipped) == {".csv": 2, "": 1}


def test_a_file_named_twice_or_also_in_a_folder_given_or_linked_is_read_once(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "night.txt").write_bytes(NIGHT.read_bytes())
    os.symlink(logs / "night.txt", tmp_path / "link.txt")
    listing = list_inputs([logs / "night.txt", logs, logs / "night.txt", tmp_path / "link.txt"])
    assert listing.files == [logs / "night.txt"] and not listing.refused
    summary = ingest([logs / "night.txt", logs, tmp_path / "link.txt"], tmp_path / "wh", jobs=1)
    assert (summary.files, summary.games, summary.games_known) == (1, NIGHT_GAMES, 0)


def test_a_device_or_fifo_named_on_the_command_line_is_refused_not_read(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    listing = list_inputs([os.devnull, tmp_path / "pipe", NIGHT])
    assert listing.files == [NIGHT]
    assert listing.refused == [(os.devnull, "a device, not a file"),
                               (str(tmp_path / "pipe"), "a FIFO (named pipe), not a file")]


def test_the_ingest_stores_the_good_file_and_names_every_other_in_json(tmp_path):
    logs = _hostile_folder(tmp_path)
    result = run("ingest", str(logs), "--warehouse", str(tmp_path / "wh"), "--json", "-j", "1")
    assert result.exit_code == 1, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == NIGHT_GAMES
    assert summary["files_unreadable"][str(logs / "pipe.txt")] == "a FIFO (named pipe), not a file"
    assert summary["files_unreadable"][str(logs / "empty.txt")] == "the file is empty (0 bytes)"
    assert summary["files_skipped"] == {".csv": 2, "": 1}
    assert summary["no_games"] is None
    nothing = run("ingest", str(tmp_path / "logs" / "empty.txt"), "--warehouse", str(tmp_path / "wh"), "--json")
    assert json.loads(nothing.stdout)["no_games"] == "No games found: no file given could be read (each is named with the reason)."


def test_the_ingest_summary_names_each_file_not_read_and_the_skipped_count(tmp_path):
    logs = _hostile_folder(tmp_path)
    result = run("ingest", str(logs), str(tmp_path / "logs" / "loop.txt"), "--warehouse", str(tmp_path / "wh"),
                 "-j", "1")
    assert result.exit_code == 1
    assert f"  could not read {logs / 'pipe.txt'}: a FIFO (named pipe), not a file\n" in result.stdout
    assert f"  could not read {logs / 'loop.txt'}: a symbolic link that loops (it leads back to itself)\n" \
        in result.stdout
    assert ("  skipped 3 files of the folders for their extension (.csv × 2, no extension × 1); "
            "name a file to read it whatever its extension\n") in result.stdout
    assert "Traceback" not in result.output


def test_a_file_name_that_is_not_utf8_is_stored_losslessly(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    raw_name = os.fsencode(logs) + b"/club-\xe0\xee\xe9.txt"      # "ночь" in cp1251 bytes, say
    with open(raw_name, "wb") as handle:
        handle.write(NIGHT.read_bytes())
    summary = ingest([logs], tmp_path / "wh", jobs=1, build_models=False)
    assert (summary.games, summary.unreadable) == (NIGHT_GAMES, [])
    # the ingest above built no models: build them, then read the name back
    run("build-models", "--warehouse", str(tmp_path / "wh"))
    listing = run("query", "select distinct source_file from games", "--warehouse", str(tmp_path / "wh"), "--json")
    stored, = (row["source_file"] for row in json.loads(listing.stdout))
    assert stored == str(logs) + "/club-\\xe0\\xee\\xe9.txt"
    assert os.fsencode(path_from_stored(stored)) == raw_name


def test_stored_names_reverse_with_backslashes_and_escapes_together():
    name = os.fsdecode(b"a\\xe0-\\\\-\xe0\xff.txt")
    assert stored_name(name) == "a\\\\xe0-\\\\\\\\-\\xe0\\xff.txt"
    assert path_from_stored(stored_name(name)) == name
    assert stored_name("Анна.txt") == "Анна.txt"


def test_zero_games_found_is_exit_1_with_the_reason(tmp_path):
    empty_folder = tmp_path / "empty"
    empty_folder.mkdir()
    result = run("ingest", str(empty_folder), "--warehouse", str(tmp_path / "wh"))
    assert result.exit_code == 1
    assert ("Error: No games found: the folders given hold no log file (folders are read "
            "for .hh, .hist, .log, .phh, .phhs, .text, .txt, .xml files).") in result.stderr
    csvs = tmp_path / "csvs"
    csvs.mkdir()
    (csvs / "a.csv").write_text("x\n")
    result = run("ingest", str(csvs), "--warehouse", str(tmp_path / "wh"))
    assert result.exit_code == 1
    assert "Error: No games found: no log file to read; the folders hold only files with other extensions " \
           "(.csv × 1)." in result.stderr
    blank = tmp_path / "blank.txt"
    blank.write_text("\n\n# a comment\n")
    result = run("ingest", str(blank), "--warehouse", str(tmp_path / "wh"))
    assert result.exit_code == 1
    assert "Error: No games found: the 1 file read hold no game text (only blank lines or comments)." \
        in result.stderr
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    result = run("ingest", str(empty), "--warehouse", str(tmp_path / "wh"))
    assert result.exit_code == 1
    assert f"could not read {empty}: the file is empty (0 bytes)" in result.stdout
    assert "Error: No games found: no file given could be read (each is named with the reason)." in result.stderr


def test_an_ingest_that_finds_no_file_to_read_makes_no_warehouse(tmp_path):
    # an empty folder (or only an empty file) behind a mistyped --warehouse left an empty warehouse
    # there, which the later commands took for one instead of saying "No warehouse"
    empty_folder = tmp_path / "empty"
    empty_folder.mkdir()
    (tmp_path / "empty.txt").write_bytes(b"")
    csvs = tmp_path / "csvs"
    csvs.mkdir()
    (csvs / "a.csv").write_text("x\n")
    for given in (empty_folder, tmp_path / "empty.txt", csvs):
        warehouse = tmp_path / f"wh_{given.name}"
        assert run("ingest", str(given), "--warehouse", str(warehouse)).exit_code == 1
        assert not warehouse.exists(), given
        later = run("stats", "--warehouse", str(warehouse))
        assert later.exit_code == 1
        assert f"No warehouse at '{warehouse}'." in later.output
    # a warehouse that exists stays one: an empty folder adds nothing to it, and takes nothing away
    warehouse = tmp_path / "wh"
    assert run("ingest", str(NIGHT), "--warehouse", str(warehouse), "-q").exit_code == 0
    assert run("ingest", str(empty_folder), "--warehouse", str(warehouse)).exit_code == 1
    games = run("query", "select count(*) as n from games", "--warehouse", str(warehouse), "--json")
    assert json.loads(games.stdout) == [{"n": NIGHT_GAMES}]


def test_a_warehouse_inside_the_folder_of_logs_is_not_walked(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "night.txt").write_bytes(NIGHT.read_bytes())
    first = ingest([logs], logs / "warehouse", jobs=1)
    again = ingest([logs], logs / "warehouse", jobs=1)
    assert (first.games, first.skipped, first.unreadable) == (NIGHT_GAMES, {}, [])
    assert (again.files_unchanged, again.skipped, again.unreadable) == (1, {}, [])


def test_a_folder_that_cannot_be_opened_is_named_and_the_walk_goes_on(tmp_path, monkeypatch):
    logs = tmp_path / "logs"
    (logs / "locked").mkdir(parents=True)
    (logs / "night.txt").write_bytes(NIGHT.read_bytes())
    scandir = os.scandir

    def scandir_or_refuse(path="."):
        if os.fspath(path) == str(logs / "locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", scandir_or_refuse)
    listing = list_inputs([logs])
    assert listing.files == [logs / "night.txt"]
    assert listing.refused == [(str(logs / "locked"), "Permission denied")]


# ////////////////////////////////////////////////////////////////////// single-byte code pages

_STARS_HAND = """PokerStars Hand #{n}: Hold'em No Limit (€1/€2 EUR) - 2024/01/02 3:04:05 ET
Table '{table}' 6-max Seat #1 is the button
Seat 1: {a} (€100 in chips)
Seat 2: {b} (€100 in chips)
{a}: posts small blind €1
{b}: posts big blind €2
*** HOLE CARDS ***
{a}: folds
Uncalled bet (€1) returned to {b}
{b} collected €2 from pot
*** SUMMARY ***
Total pot €2 | Rake €0
Seat 1: {a} (button) (small blind) folded before Flop
Seat 2: {b} (big blind) collected (€2)
"""


def _stored_players(data: bytes) -> list[list[str]]:
    from pipeline.worker import parse_bytes

    result = parse_bytes(data, "night.txt")
    assert result.count_quarantined == 0, result.reasons
    players = {}
    for (table, _), rows in result.tables.items():
        if table == "game_players":
            for game_id, player in zip(rows.column("game_id").to_pylist(), rows.column("player").to_pylist(),
                                       strict=True):
                players.setdefault(game_id, []).append(player)
    return sorted(sorted(names) for names in players.values())


def test_a_windows_1251_pokerstars_file_keeps_its_russian_names_and_euros():
    # Short names (two letters) and a euro sign (byte 0x88 in Windows-1251, a circumflex in 1252):
    # no run of three Cyrillic letters in the first hand to tell the code page by.
    pairs = [("Ян", "Ия"), ("Анна", "Борис"), ("Ёж", "Dima_Ш")]
    text = "\n".join(_STARS_HAND.format(n=k + 1, table="Москва" if k else "Tverskaya", a=a, b=b)
                     for k, (a, b) in enumerate(pairs))
    data = text.encode("cp1251")
    assert b"\x88" in data and decode(data) == text
    assert _stored_players(data) == [["Dima_Ш", "Ёж"], ["Анна", "Борис"], ["Ия", "Ян"]]


def test_a_windows_1252_pokerstars_file_keeps_its_accents_and_euros():
    pairs = [("José", "Müller"), ("Zoë", "Ana"), ("Dédé", "Ørjan")]
    text = "\n".join(_STARS_HAND.format(n=k + 1, table="Café", a=a, b=b) for k, (a, b) in enumerate(pairs))
    data = text.encode("cp1252")
    assert b"\x80" in data and decode(data) == text
    assert _stored_players(data) == [["Ana", "Zoë"], ["Dédé", "Ørjan"], ["José", "Müller"]]


def test_a_windows_1251_club_log_with_one_short_name_per_hand_reads_as_russian():
    night = "\n\n".join(f"Chinese poker hand C-{k}\nPlayers: Ян, Ия\n"
                        f"Ян: back [As Ks Qs Js 9s] middle [2h 2d 2c 5s 3d] front [4h 4c 7d]\n"
                        f"Ия: back [Ah Kh Qh Jh 9h] middle [3h 3c 3s 6s 8d] front [5h 5c 7c]" for k in range(3))
    assert decode(night.encode("cp1251")) == night


# ////////////////////////////////////////////////////////////////////// numbers

_SESSION = """Six-card poker session S-77
Date: 2026-11-28 23:40
Casino: Metropol
Player: Anna

Hand 1
Dealer up: Qs
Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 9h; plays 20
Box 2: ante 10 [Kc 8d 6h 4s 3c]; exchanges 3c for Kd; folds
Dealer: [8h 8c 4d 3s Qs]
Result: box 1 {net}, box 2 -30
"""


def _quarantine(text: str) -> list[tuple[int, int, str]]:
    from pipeline.worker import parse_bytes

    result = parse_bytes(text.encode(), "session.txt")
    return [(row["line"], row["column"], row["error"]) for (table, _), rows in result.tables.items()
            if table == "quarantine" for row in rows.to_pylist()]


def test_a_sixcard_net_with_an_exponent_is_quarantined_at_the_number_naming_the_number_form():
    from parsers.sixcard import NUMBER_FORM

    assert _quarantine(_SESSION.format(net="+20")) == []
    # "Result: box 1 " is 14 characters: the number starts in column 15
    assert _quarantine(_SESSION.format(net="+1e30")) == [
        (11, 15, f"the number '+1e30' is written with an exponent: {NUMBER_FORM}")]
    assert "never with an exponent" in NUMBER_FORM
    ante = _SESSION.format(net="+20").replace("ante 10 [Kc", "ante 1E1 [Kc")   # "Box 2: ante " is 12 wide
    assert _quarantine(ante) == [(9, 13, f"the number '1E1' is written with an exponent: {NUMBER_FORM}")]


def test_a_sixcard_net_too_large_to_store_is_quarantined_at_its_column_with_the_amount_reason():
    [(line, column, reason)] = _quarantine(_SESSION.format(net="+100000000000000000000"))
    assert (line, column) == (11, 15) and reason.startswith("the amount 100000000000000000000 is too large")


def test_a_file_of_a_folder_also_named_is_read_and_never_counted_as_skipped(tmp_path):
    # an archive named on the command line and met again in its folder: read once, and the
    # summary told the user to name the file that was named
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "night.txt").write_bytes(NIGHT.read_bytes())
    archive = logs / "архив.zip"
    archive.write_bytes(b"PK\x03\x04" + b"\x00" * 26)
    (logs / "notes.csv").write_text("a,b\n", encoding="utf-8")
    for paths in ([logs, archive], [archive, logs]):
        listing = list_inputs(paths)
        assert sorted(path.name for path in listing.files) == ["night.txt", "архив.zip"]
        assert dict(listing.skipped) == {".csv": 1}     # notes.csv alone
    assert dict(list_inputs([logs]).skipped) == {".csv": 1, ".zip": 1}
    done = run("ingest", str(logs), str(archive), "--warehouse", str(tmp_path / "wh"), "--jobs", "1", "-q")
    assert "skipped 1 file of the folders for their extension (.csv × 1)" in done.output
    assert ".zip" not in done.output.split("skipped", 1)[1]
