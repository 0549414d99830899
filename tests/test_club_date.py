"""The `Date:` line of the club formats (parsers.club_date): every game reads the same forms to the
same moment, and refuses another value in the same words, quoting it whole, at its column."""

from __future__ import annotations

from datetime import datetime

import pytest

from parsers.chinese import read_batch
from parsers.club_date import CLUB_DATE_FORMS
from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.source import split
from tests.conftest import SAMPLES

# The first game of a sample of each club format, and the words its header opens with.
CLUB_SAMPLES = {
    "chinese": ("chinese-night.txt", "Chinese poker hand"),
    "ofc": ("ofc-pineapple.txt", "OFC hand"),
    "raspisnoy_log": ("raspisnoy-night.txt", "Raspisnoy game"),
    "raspisnoy_sheet": ("raspisnoy-sheets.txt", "Raspisnoy sheet"),
    "sixcard": ("sixcard-metropol.txt", "Six-card poker session"),
}

# Each form a club writes, and the moment it names, worked out by hand.
ACCEPTED = {
    "2026-11-30 22:40": datetime(2026, 11, 30, 22, 40),
    "2026-11-30 22:40:05": datetime(2026, 11, 30, 22, 40, 5),
    "2026-11-30": datetime(2026, 11, 30),
    "2026-11-30T22:40": datetime(2026, 11, 30, 22, 40),
    "2026-11-30T22:40:05": datetime(2026, 11, 30, 22, 40, 5),
    "30.11.2026 22:40": datetime(2026, 11, 30, 22, 40),
    "30.11.2026 22:40:05": datetime(2026, 11, 30, 22, 40, 5),
    "30.11.2026": datetime(2026, 11, 30),
    "2026/11/30 22:40": datetime(2026, 11, 30, 22, 40),
    "2026/11/30": datetime(2026, 11, 30),
    "2026-1-5 9:05": datetime(2026, 1, 5, 9, 5),            # digits not padded
    "5.1.2026 9:05": datetime(2026, 1, 5, 9, 5),
    "30.11.2026 \t 22:40  ": datetime(2026, 11, 30, 22, 40),  # a run of blanks is one space
}


def first_game(fmt: str) -> list[str]:
    name, header = CLUB_SAMPLES[fmt]
    lines = (SAMPLES / name).read_text(encoding="utf-8").split("\n")
    starts = [k for k, line in enumerate(lines) if line.startswith(header)]
    end = starts[1] if len(starts) > 1 else len(lines)
    return lines[starts[0]:end]


def dated(fmt: str, date_line: str) -> str:
    """The format's first sample game with its `Date:` line replaced by ``date_line``."""
    lines = first_game(fmt)
    at = next(k for k, line in enumerate(lines) if line.startswith("Date:"))
    return "\n".join([*lines[:at], date_line, *lines[at + 1:]]) + "\n"


def read(text: str):
    (chunk,) = split(text)
    return parse_chunk(chunk, "f.txt")


@pytest.mark.parametrize("fmt", sorted(CLUB_SAMPLES))
@pytest.mark.parametrize("value", sorted(ACCEPTED))
def test_every_club_format_reads_each_date_form_to_the_same_moment(fmt, value):
    assert read(dated(fmt, f"Date: {value}")).info.played_at == ACCEPTED[value]


@pytest.mark.parametrize("fmt", sorted(CLUB_SAMPLES))
@pytest.mark.parametrize("key", ["Date :", "Date\t:", "DATE  :"])
def test_every_club_format_reads_blanks_before_the_date_colon(fmt, key):
    # a secretary's "Date : …" (raspisnoy refused it while the other club formats read it)
    assert read(dated(fmt, f"{key} 30.11.2026 22:40")).info.played_at == datetime(2026, 11, 30, 22, 40)


@pytest.mark.parametrize("value", ["30.11.2026 22:40", "2026/11/30 22:40"])
def test_chinese_batch_lane_reads_the_date_forms_as_the_hand_parser(value):
    (chunk,) = split(dated("chinese", f"Date: {value}"))
    _, taken, infos = read_batch([chunk], "f.txt")
    assert list(taken) == [0]
    assert infos[0][0].played_at == ACCEPTED[value]


# A value no form takes, and one in a form but naming no day or time: (the line, the value as the
# error quotes it, the column of its first character).
REFUSED = [
    ("Date: 30 Nov 2026 22:40", "30 Nov 2026 22:40", 7),
    ("Date:   31.02.2026 22:40", "31.02.2026 22:40", 9),
    ("Date: 2026-11-30 25:00", "2026-11-30 25:00", 7),
    ("Date: 2026-11-30 22:40 MSK", "2026-11-30 22:40 MSK", 7),
    ("Date: 20261130", "20261130", 7),
]


def refused(fmt: str, line: str) -> ParseError:
    """The error that refuses the format's first sample game with its `Date:` line replaced by
    ``line``, which it points at."""
    text = dated(fmt, line)
    with pytest.raises(ParseError) as refusal:
        read(text)
    assert refusal.value.line == text.split("\n").index(line) + 1, fmt
    return refusal.value


@pytest.mark.parametrize(("line", "quoted", "column"), REFUSED)
def test_a_bad_date_is_refused_in_the_same_words_at_its_column_in_every_club_format(line, quoted, column):
    errors = {fmt: refused(fmt, line) for fmt in CLUB_SAMPLES}
    assert {fmt: (error.column, error.line_text) for fmt, error in errors.items()} == {
        fmt: (column, line) for fmt in CLUB_SAMPLES}
    assert {error.reason for error in errors.values()} == {f"{CLUB_DATE_FORMS}, found '{quoted}'"}


@pytest.mark.parametrize("line", ["Date:", "Date: ", "Date: \t "])
def test_a_date_line_with_no_value_says_the_forms_a_bad_value_is_told_in_every_club_format(line):
    # raspisnoy said "unexpected the end of the line", six-card "text is missing after 'Date:'";
    # each at the end of the line (its blanks are no value), right after the colon
    told = {fmt: (error.column, error.line_text, error.reason)
            for fmt, error in ((fmt, refused(fmt, line)) for fmt in CLUB_SAMPLES)}
    assert told == {fmt: (6, "Date:", "a date like 2026-11-30 22:40, 30.11.2026 22:40 or 2026/11/30 22:40 "
                                      "(the seconds or the time may be left out) is missing after 'Date:'")
                    for fmt in CLUB_SAMPLES}


@pytest.mark.parametrize("line", ["Date: # no date", "Date:   # no date"])
def test_a_date_line_with_only_a_comment_is_told_after_the_colon_where_a_comment_may_follow(line):
    # Chinese poker and OFC said it at the comment's end, "missing after 'date'" (its last word);
    # a six-card session line reads its '#' as its value (docs/formats.md, "Comments")
    told = {fmt: (error.column, error.line_text, error.reason)
            for fmt, error in ((fmt, refused(fmt, line)) for fmt in CLUB_SAMPLES if fmt != "sixcard")}
    assert told == {fmt: (6, line, "a date like 2026-11-30 22:40, 30.11.2026 22:40 or 2026/11/30 22:40 "
                                   "(the seconds or the time may be left out) is missing after 'Date:'")
                    for fmt in CLUB_SAMPLES if fmt != "sixcard"}


@pytest.mark.parametrize("fmt", ["chinese", "ofc"])
def test_a_date_line_with_only_a_comment_that_ends_the_hand_is_told_after_the_colon(fmt):
    # the hand's text ends after the comment, not at a line break
    lines = first_game(fmt)
    last = max(k for k, line in enumerate(lines) if line.strip())
    (chunk,) = split("\n".join([*(line for line in lines[:last + 1] if not line.startswith("Date:")),
                                "Date: # no date"]))
    with pytest.raises(ParseError) as refusal:
        parse_chunk(chunk, "f.txt")
    assert (refusal.value.column, refusal.value.line_text, refusal.value.reason.endswith("after 'Date:'")) == (
        6, "Date: # no date", True)


def test_an_ingest_quarantines_a_date_line_with_no_value_in_the_same_words_in_every_club_format(tmp_path):
    # the way an ingest reads each game (the Chinese poker batch too), not only the parsers' own
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    log = tmp_path / "night.txt"
    log.write_text("\n\n".join(dated(fmt, "Date:") for fmt in sorted(CLUB_SAMPLES)), encoding="utf-8")
    summary = ingest([log], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined) == (0, len(CLUB_SAMPLES))
    with connect(tmp_path / "wh") as con:
        held = con.execute('select "column", error from quarantine').fetchall()
    assert set(held) == {(6, "a date like 2026-11-30 22:40, 30.11.2026 22:40 or 2026/11/30 22:40 "
                             "(the seconds or the time may be left out) is missing after 'Date:'")}
