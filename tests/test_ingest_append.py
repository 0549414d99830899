"""A file the poker client appends to is read, at each later ingest, from its last game on.

The ledger keeps where the last game of each file read begins (``files.resume_line``, and the
byte that line starts at, ``resume_offset``). A file whose bytes up to what was read before are
unchanged is read from there: the game the client was still writing is read whole, and every
line of the rows, findings and quarantine is the whole file's. The warehouse must then be what
one read of the final file gives, and what reading it whole at each step gives; a file edited
before its end is read whole, as before.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow.dataset as ds
import pytest

import pipeline.worker
from pipeline.generators.holdem import generate
from pipeline.ingest import ingest
from pipeline.tables import SCHEMAS

HEADER = "PokerStars Hand #"
# when a row was written, and what one reading (not the file) held: a ledger row's own
MOMENTS = {"ingested_at", "superseded_at", "count_games", "count_quarantined"}


def _hands(count: int, seed: int) -> list[str]:
    return generate("holdem", count, seed=seed).strip("\n").split("\n\n\n")


def _with_finding(hand: str) -> str:
    """The hand with its summary's pot ten dollars larger than what was bet: a finding."""
    assert "Total pot $" in hand
    return hand.replace("Total pot $", "Total pot $1", 1)


def _rows(warehouse: Path, table: str) -> list[tuple]:
    folder = warehouse / table
    if not folder.exists():
        return []
    columns = [name for name in SCHEMAS[table].names if name not in MOMENTS]
    rows = ds.dataset(folder, format="parquet", schema=SCHEMAS[table], partitioning="hive").to_table(
        columns=columns).to_pylist()
    return sorted(tuple(repr(row[column]) for column in columns) for row in rows)


def _latest_ledger_row(warehouse: Path) -> dict:
    rows = ds.dataset(warehouse / "files", format="parquet", schema=SCHEMAS["files"]).to_table().to_pylist()
    latest = max(rows, key=lambda row: row["ingested_at"])
    return {name: value for name, value in latest.items() if name not in MOMENTS}


REFERENCE = {"build_models": False}
"""How a warehouse the tests compare another with is ingested: only its tables are compared (their
Parquet rows), so it needs no models, whose build is most of a small ingest's time."""


def _ingest_steps(steps: list[str], log: Path, warehouse: Path, newline: str, jobs: int = 1,
                  **options) -> list[int]:
    """Write each step's text over the log, ingest it (``options``: the ingest's); the line each
    reading of it began at."""
    began = []
    for text in steps:
        log.write_bytes(text.replace("\n", newline).encode())
        ingest([log], warehouse, jobs=jobs, on_file=lambda result: began.append(result.read_from_line),
               **options)
    return began


def _first_line_of_last_hand(text: str) -> int:
    """Worked by hand: the number of the line the text's last header opens."""
    return text[:text.rindex(HEADER)].count("\n") + 1


def _assert_same_tables(one: Path, other: Path, *, but: tuple[str, ...] = ()) -> None:
    for table in SCHEMAS:
        if table not in ("files", *but):
            assert _rows(one, table) == _rows(other, table), table


@pytest.mark.parametrize(("newline", "jobs"), [("\n", 1), ("\r\n", 2)])
def test_a_file_appended_to_in_steps_holds_what_one_read_of_it_holds(tmp_path, newline, jobs):
    hands = _hands(40, seed=3)
    hands[27] = _with_finding(hands[27])
    hands[33] = _with_finding(hands[33])
    garbage = "PokerStars Hand #1: gibberish"
    whole = "\n\n\n".join([*hands[:30], garbage, *hands[30:]]) + "\n\n\n"
    steps = ["\n\n\n".join(hands[:20]) + "\n\n\n",
             "\n\n\n".join([*hands[:30], garbage]) + "\n\n\n",
             whole]
    began = _ingest_steps(steps, tmp_path / "hands.txt", tmp_path / "by-steps", newline, jobs)
    # every reading after the first began at the last hand the one before had read
    assert began == [1, _first_line_of_last_hand(steps[0]), _first_line_of_last_hand(steps[1])]
    assert began[1] > 100 and began[2] > began[1]

    _ingest_steps([whole], tmp_path / "hands.txt", tmp_path / "at-once", newline, **REFERENCE)
    _assert_same_tables(tmp_path / "by-steps", tmp_path / "at-once")
    assert _rows(tmp_path / "by-steps", "superseded") == []
    assert len(_rows(tmp_path / "by-steps", "findings")) >= 2
    quarantined = _rows(tmp_path / "by-steps", "quarantine")
    assert len(quarantined) == 1
    line = whole[:whole.index(garbage)].count("\n") + 1
    assert (line, line) == (int(quarantined[0][2]), int(quarantined[0][3]))     # first_line, last_line
    stored = _latest_ledger_row(tmp_path / "by-steps")
    assert stored == _latest_ledger_row(tmp_path / "at-once")
    data = whole.replace("\n", newline).encode()
    assert stored["size_bytes"] == len(data)
    assert stored["resume_line"] == _first_line_of_last_hand(whole)
    assert stored["resume_offset"] == data.rindex(HEADER.encode())
    assert len(stored["game_ids"]) == 41


def test_a_hand_cut_mid_line_at_the_end_is_read_whole_once_the_client_writes_the_rest(tmp_path):
    hands = _hands(16, seed=8)
    text = "\n\n\n".join(hands) + "\n\n\n"
    cut = text.index(hands[10]) + hands[10].index("\n", hands[10].index("*** SUMMARY ***")) - 4
    began = _ingest_steps([text[:cut], text], tmp_path / "hands.txt", tmp_path / "by-steps", "\n")
    assert began == [1, _first_line_of_last_hand(text[:cut])]

    _ingest_steps([text], tmp_path / "hands.txt", tmp_path / "at-once", "\n", **REFERENCE)
    _assert_same_tables(tmp_path / "by-steps", tmp_path / "at-once", but=("superseded",))
    assert _rows(tmp_path / "by-steps", "quarantine") == []
    # the cut hand was quarantined at first; the file read whole no longer holds it
    superseded = _rows(tmp_path / "by-steps", "superseded")
    assert [row[1] for row in superseded] == [repr("quarantined")]
    assert int(superseded[0][3]) == _first_line_of_last_hand(text[:cut])
    assert _latest_ledger_row(tmp_path / "by-steps") == _latest_ledger_row(tmp_path / "at-once")


def test_a_file_edited_before_its_end_is_read_whole(tmp_path):
    hands = _hands(16, seed=9)
    first = "\n\n\n".join(hands[:10]) + "\n\n\n"
    edited = hands[3].replace("*** SUMMARY ***", "Stepan said, \"gl\"\n*** SUMMARY ***", 1)
    assert edited != hands[3]
    final = "\n\n\n".join([*hands[:3], edited, *hands[4:]]) + "\n\n\n"
    began = _ingest_steps([first, final], tmp_path / "hands.txt", tmp_path / "by-steps", "\n")
    assert began == [1, 1]

    _ingest_steps([final], tmp_path / "hands.txt", tmp_path / "at-once", "\n", **REFERENCE)
    _assert_same_tables(tmp_path / "by-steps", tmp_path / "at-once", but=("superseded",))
    assert len(_rows(tmp_path / "by-steps", "superseded")) == 1      # the hand as it was before its edit
    assert _latest_ledger_row(tmp_path / "by-steps") == _latest_ledger_row(tmp_path / "at-once")


def test_reading_from_the_last_game_gives_what_reading_whole_gives_at_every_step(tmp_path, monkeypatch):
    hands = _hands(30, seed=4)
    hands[12] = _with_finding(hands[12])
    cut_mid_hand = "\n\n\n".join(hands[:14])
    steps = ["\n\n\n".join(hands[:8]) + "\n\n\n", cut_mid_hand[:-40], "\n\n\n".join(hands) + "\n"]
    began = _ingest_steps(steps, tmp_path / "hands.txt", tmp_path / "appended", "\n")
    assert began[1] > 1 and began[2] > 1
    monkeypatch.setattr(pipeline.worker, "parse_appended", lambda *args, **kwargs: None)
    read_whole = _ingest_steps(steps, tmp_path / "hands.txt", tmp_path / "read-whole", "\n", **REFERENCE)
    assert read_whole == [1, 1, 1]
    _assert_same_tables(tmp_path / "appended", tmp_path / "read-whole")
    assert _latest_ledger_row(tmp_path / "appended") == _latest_ledger_row(tmp_path / "read-whole")


def test_the_summary_says_a_file_grew_and_was_read_from_its_last_game_on(tmp_path):
    from click.testing import CliRunner

    from pipeline.cli import main

    hands = _hands(12, seed=5)
    log = tmp_path / "hands.txt"
    command = ["ingest", str(log), "--warehouse", str(tmp_path / "wh"), "-j", "1"]
    log.write_text("\n\n\n".join(hands[:8]) + "\n\n\n")
    assert "grown" not in CliRunner().invoke(main, command).output
    log.write_text("\n\n\n".join(hands) + "\n\n\n")
    result = CliRunner().invoke(main, [*command, "--json"])
    assert result.exit_code == 0
    assert '"files_grown": 1' in result.output
    log.write_text("\n\n\n".join([*hands, *_hands(2, seed=6)]) + "\n\n\n")
    result = CliRunner().invoke(main, command)
    # counted as a whole read counts: the 12 hands read before are stored already
    assert ("\n1 file (0 unchanged, 1 grown, read from its last game on), 2 games stored, 12 already stored,"
            in result.output), result.output


def _ingest_encoded(steps: list[str], log: Path, warehouse: Path, encoding: str, newline: str,
                    **options) -> list[int]:
    """:func:`_ingest_steps` of a log written in ``encoding`` (a byte order mark with it, as Windows
    clients write one); the line each reading of it began at."""
    began = []
    for text in steps:
        log.write_bytes(text.replace("\n", newline).encode(encoding))
        ingest([log], warehouse, jobs=1, on_file=lambda result: began.append(result.read_from_line),
               **options)
    return began


@pytest.mark.parametrize(("encoding", "newline"), [("utf-8-sig", "\r\n"), ("utf-16", "\r\n"), ("utf-16", "\n")])
def test_a_windows_log_appended_to_in_steps_is_read_from_its_last_game_and_holds_what_one_read_holds(
        tmp_path, encoding, newline):
    hands = _hands(30, seed=11)
    hands[24] = _with_finding(hands[24])
    garbage = "PokerStars Hand #1: gibberish"
    whole = "\n\n\n".join([*hands[:22], garbage, *hands[22:]]) + "\n\n\n"
    steps = ["\n\n\n".join(hands[:12]) + "\n\n\n", "\n\n\n".join([*hands[:22], garbage]) + "\n\n\n", whole]
    began = _ingest_encoded(steps, tmp_path / "hands.txt", tmp_path / "by-steps", encoding, newline)
    assert began == [1, _first_line_of_last_hand(steps[0]), _first_line_of_last_hand(steps[1])]

    _ingest_encoded([whole], tmp_path / "hands.txt", tmp_path / "at-once", encoding, newline, **REFERENCE)
    _assert_same_tables(tmp_path / "by-steps", tmp_path / "at-once")
    assert _rows(tmp_path / "by-steps", "superseded") == []
    assert len(_rows(tmp_path / "by-steps", "findings")) >= 1
    quarantined = _rows(tmp_path / "by-steps", "quarantine")
    line = whole[:whole.index(garbage)].count("\n") + 1
    assert [(int(row[2]), int(row[3])) for row in quarantined] == [(line, line)]
    stored = _latest_ledger_row(tmp_path / "by-steps")
    assert stored == _latest_ledger_row(tmp_path / "at-once")
    data = whole.replace("\n", newline).encode(encoding)
    last = whole.rindex(HEADER)
    assert stored["resume_line"] == _first_line_of_last_hand(whole)
    # the byte the last hand starts at: the encoded text before it
    assert stored["resume_offset"] == len((whole[:last].replace("\n", newline)).encode(encoding))
    assert data[stored["resume_offset"]:].startswith(HEADER.encode({"utf-8-sig": "utf-8", "utf-16": "utf-16-le"}[encoding]))


def test_a_grown_files_earlier_bytes_are_not_looked_at_again():
    from parsers.source import decodes_alone, line_offset

    # counted from a line the reading before found (line 4 at byte 4): the lone carriage return
    # before it, which a count from the start refuses, is not looked at; line 5 starts at byte 7
    data = b"a\rb\nc\r\nd"
    assert line_offset(data, 5) is None
    assert line_offset(data, 5, known=(4, 4)) == 7
    assert line_offset(data, 3, known=(4, 4)) is None      # (before the line known)
    # a byte not UTF-8 before the unchanged part's end is not looked at again; one after it is
    grown = "Анна\n".encode() + b"\xe9\n" + "Борис\n".encode()
    assert not decodes_alone(grown, 11)
    assert decodes_alone(grown, 11, unchanged=11)
    assert not decodes_alone(grown + b"\xe9\n", 11, unchanged=11)
    assert not decodes_alone(grown + b"\x00", 11, unchanged=11)


def test_a_code_page_log_grown_by_ascii_hands_is_read_from_its_last_game_and_holds_what_one_read_holds(tmp_path):
    hands = _hands(24, seed=12)
    player = hands[0].split("Seat 1: ", 1)[1].split(" (", 1)[0]
    # the first hands name a player in Cyrillic (Windows-1251); those appended are ASCII
    cyrillic = [hand.replace(player, "Ярослав") for hand in hands[:10]]
    hands[18] = _with_finding(hands[18])
    steps = ["\n\n\n".join(cyrillic) + "\n\n\n", "\n\n\n".join([*cyrillic, *hands[10:16]]) + "\n\n\n",
             "\n\n\n".join([*cyrillic, *hands[10:]]) + "\n\n\n"]
    began = _ingest_encoded(steps, tmp_path / "hands.txt", tmp_path / "by-steps", "cp1251", "\r\n")
    # the first reading's last hand holds the Cyrillic name, which tells its code page alone; the second's is ASCII
    assert began == [1, _first_line_of_last_hand(steps[0]), _first_line_of_last_hand(steps[1])]

    _ingest_encoded(steps[-1:], tmp_path / "hands.txt", tmp_path / "at-once", "cp1251", "\r\n", **REFERENCE)
    _assert_same_tables(tmp_path / "by-steps", tmp_path / "at-once")
    assert any("Ярослав" in value for row in _rows(tmp_path / "at-once", "game_players") for value in row)
    assert len(_rows(tmp_path / "by-steps", "findings")) >= 1
    assert _latest_ledger_row(tmp_path / "by-steps") == _latest_ledger_row(tmp_path / "at-once")


class _CountedBytes(bytes):
    """Bytes that note every count made of them (a count is a pass over all of a file's lines)."""

    counts: list[bytes]

    def count(self, sub, *args):
        self.counts.append(bytes(sub))
        return super().count(sub, *args)


def test_the_first_read_of_a_crlf_file_counts_its_lines_once():
    from parsers.source import line_offset

    data = _CountedBytes(b"Hand 1\r\nA\r\n\r\nHand 2\r\nB\r\n")
    data.counts = []
    # worked by hand: line 4 ("Hand 2") starts after 6 + 2, 1 + 2 and 2 bytes
    assert line_offset(data, 4) == 13
    assert data.counts == [b"\n"]
    # a lone carriage return still numbers the lines otherwise: no offset
    lone = _CountedBytes(b"Hand 1\r\nA\rB\r\nHand 2\r\n")
    lone.counts = []
    assert line_offset(lone, 4) is None
    assert lone.counts == [b"\n"]


def _winning_steps() -> tuple[list[bytes], list[str]]:
    """A real Winning log (UTF-16 with its byte order mark, ending a byte past its last character: a
    line feed written as one byte, 0A) as the client grows it: each write of hands, its one byte
    after it, what it appends standing a byte off the characters before. Its bytes at each step,
    and their text as a whole read gives it (the lone byte a line feed)."""
    from tests.conftest import corpus

    real = corpus("rooms", "Winning", "NLHE-9max-play-5.00-10.00-201608.HH00000000 G0.txt").read_bytes()
    assert real.startswith(b"\xff\xfe") and len(real) % 2 == 1 and real.endswith(b"\n\x00\n")
    hands = real[2:-1].decode("utf-16-le").split("\n\n\n\n")[:-1]
    assert len(hands) == 12
    writes = ["\n\n\n\n".join(hands[:10]) + "\n\n\n\n", hands[10] + "\n\n\n\n", hands[11] + "\n\n\n\n"]
    steps, texts = [], []
    data, text = b"\xff\xfe", ""
    for written in writes:
        data += written.encode("utf-16-le") + b"\n"
        text += written + "\n"
        steps.append(data)
        texts.append(text)
    return steps, texts


def test_a_winning_log_grown_a_byte_off_is_read_from_its_last_game_and_holds_what_one_read_holds(tmp_path):
    steps, texts = _winning_steps()
    assert [len(step) % 2 for step in steps] == [1, 0, 1]      # each write a byte off the one before
    log, rules = tmp_path / "winning.txt", ["room Winning: no_limit"]
    began = []
    for data in steps:
        log.write_bytes(data)
        ingest([log], tmp_path / "by-steps", jobs=1, rules=rules,
               on_file=lambda result: began.append(result.read_from_line))
    # worked by hand: the last hand of each step starts on the line after the text before it
    last = "Game started at:"
    assert began == [1] + [text[:text.rindex(last)].count("\n") + 1 for text in texts[:2]]
    assert began[1] > 1000 and began[2] > began[1]

    log.write_bytes(steps[-1])
    ingest([log], tmp_path / "at-once", jobs=1, rules=rules, **REFERENCE)
    _assert_same_tables(tmp_path / "by-steps", tmp_path / "at-once")
    assert len(_rows(tmp_path / "at-once", "games")) == 12
    assert _rows(tmp_path / "by-steps", "quarantine") == _rows(tmp_path / "by-steps", "superseded") == []
    stored = _latest_ledger_row(tmp_path / "by-steps")
    assert len(stored["game_ids"]) == 12 and stored["size_bytes"] == len(steps[-1])
    # the next growth starts at the last hand, in the bytes the client wrote last (a byte off)
    assert stored["resume_line"] == texts[2][:texts[2].rindex(last)].count("\n") + 1
    assert stored["resume_offset"] == len(steps[1]) and stored["resume_offset"] % 2 == 0


def test_a_code_page_log_grown_by_accented_names_is_read_from_its_last_game_and_holds_what_one_read_holds(
        tmp_path):
    hands = _hands(30, seed=12)
    player = hands[0].split("Seat 1: ", 1)[1].split(" (", 1)[0]

    def named(hand: str, name: str) -> str:
        return hand.replace(player, name)

    # Windows-1252 throughout: each hand names a player with an accented letter, decided on its own
    hands[14] = _with_finding(hands[14])
    written = [[named(hand, "José") for hand in hands[:10]], [named(hand, "Chloé") for hand in hands[10:16]],
               [named(hand, "Zoë") for hand in hands[16:22]]]
    # then hands whose Cyrillic names (Windows-1251) turn what the whole file reads as to 1251
    cyrillic = "\n\n\n".join(named(hand, "Ярослав Ёж") for hand in hands[22:]) + "\n\n\n"
    steps, text = [], ""
    for part in written:
        text += "\n\n\n".join(part) + "\n\n\n"
        steps.append(text.replace("\n", "\r\n").encode("cp1252"))
    steps.append(steps[-1] + cyrillic.replace("\n", "\r\n").encode("cp1251"))
    log = tmp_path / "hands.txt"
    began = []
    for data in steps:
        log.write_bytes(data)
        ingest([log], tmp_path / "by-steps", jobs=1, on_file=lambda result: began.append(result.read_from_line))
    # worked by hand: each later reading began at the last hand read before; the Cyrillic hands,
    # which change the code page the whole file would be read in, had it read whole
    firsts = [_first_line_of_last_hand(text) for text in
              ("\n\n\n".join(sum(written[:count], [])) + "\n\n\n" for count in (1, 2))]
    assert began == [1, *firsts, 1]
    assert firsts[0] > 100

    log.write_bytes(steps[-1])
    ingest([log], tmp_path / "at-once", jobs=1, **REFERENCE)
    _assert_same_tables(tmp_path / "by-steps", tmp_path / "at-once")
    players = {row[1] for row in _rows(tmp_path / "at-once", "game_players")}
    assert {repr("José"), repr("Chloé"), repr("Zoë"), repr("Ярослав Ёж")} <= players
    assert len(_rows(tmp_path / "at-once", "games")) == 30
    assert len(_rows(tmp_path / "by-steps", "findings")) >= 1
    assert _rows(tmp_path / "by-steps", "superseded") == []
    assert _latest_ledger_row(tmp_path / "by-steps") == _latest_ledger_row(tmp_path / "at-once")


def test_a_winning_log_first_read_after_it_grew_a_byte_off_is_read_on_from_its_last_game(tmp_path):
    # read first when it held two writes (the second a byte off the first), then grown by a third:
    # the ledger had no offset to start from (the file is no UTF-16 at one alignment), so every
    # later read of it read it whole
    steps, texts = _winning_steps()
    log, rules = tmp_path / "winning.txt", ["room Winning: no_limit"]
    began = []
    for data in steps[1:]:
        log.write_bytes(data)
        ingest([log], tmp_path / "grown", jobs=1, rules=rules,
               on_file=lambda result: began.append(result.read_from_line))
    last = "Game started at:"
    # worked by hand: the second read starts at the line of the last hand of the first one
    assert began == [1, texts[1][:texts[1].rindex(last)].count("\n") + 1]
    stored = _latest_ledger_row(tmp_path / "grown")
    assert stored["resume_line"] == texts[2][:texts[2].rindex(last)].count("\n") + 1
    log.write_bytes(steps[-1])
    ingest([log], tmp_path / "at-once", jobs=1, rules=rules, **REFERENCE)
    _assert_same_tables(tmp_path / "grown", tmp_path / "at-once")
