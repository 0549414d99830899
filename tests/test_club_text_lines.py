"""The free-text lines of the club formats (`Club:`, `Table:`, `Rules:`; six-card's `Casino:`): one
left empty quarantines its game in the same words in every format that has the line, at the column
after its colon."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError
from tests.test_club_date import CLUB_SAMPLES, first_game, read

# The free-text lines each club format reads (Chinese poker and OFC have no Table: line).
TEXT_LINES = {
    "chinese": ("Club:", "Rules:"),
    "ofc": ("Club:", "Rules:"),
    "raspisnoy_log": ("Club:", "Table:", "Rules:"),
    "raspisnoy_sheet": ("Club:", "Table:", "Rules:"),
    "sixcard": ("Casino:", "Club:", "Table:", "Rules:"),
}
CASES = [(fmt, heading) for fmt, headings in sorted(TEXT_LINES.items()) for heading in headings]


def with_line(fmt: str, line: str) -> str:
    """The format's first sample game with ``line`` in place of its free-text lines, right after
    its `Date:` line (a line given twice would be refused for that)."""
    lines = [written for written in first_game(fmt) if not written.startswith(TEXT_LINES[fmt])]
    at = next(k for k, written in enumerate(lines) if written.startswith("Date:")) + 1
    return "\n".join([*lines[:at], line, *lines[at:]]) + "\n"


def test_every_club_format_is_covered():
    assert set(TEXT_LINES) == set(CLUB_SAMPLES)


@pytest.mark.parametrize(("fmt", "heading"), CASES)
def test_each_free_text_line_reads_with_a_value(fmt, heading):
    # the line placed so is one the format reads: its refusal below is for the missing value alone
    read(with_line(fmt, f"{heading} {'default' if heading == 'Rules:' else 'Tverskaya'}"))


@pytest.mark.parametrize("blanks", ["", " ", " \t "])
@pytest.mark.parametrize(("fmt", "heading"), CASES)
def test_a_free_text_line_with_no_value_says_some_text_is_missing_in_every_club_format(fmt, heading, blanks):
    # raspisnoy said "unexpected the end of the line", six-card "text is missing after 'Club:'"
    line = heading + blanks
    text = with_line(fmt, line)
    with pytest.raises(ParseError) as refusal:
        read(text)
    error = refusal.value
    assert (error.line, error.column, error.line_text.rstrip(), error.reason) == (
        text.split("\n").index(line) + 1, len(heading) + 1, heading, f"some text is missing after {heading!r}")


def test_an_ingest_quarantines_an_empty_club_line_in_the_same_words_in_every_club_format(tmp_path):
    # the way an ingest reads each game (the Chinese poker batch too), its text kept whole
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    games = [with_line(fmt, "Club:") for fmt in sorted(CLUB_SAMPLES)]
    log = tmp_path / "night.txt"
    log.write_text("\n".join(games), encoding="utf-8")
    summary = ingest([log], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined) == (0, len(CLUB_SAMPLES))
    with connect(tmp_path / "wh") as con:
        held = con.execute('select "column", error, text from quarantine').fetchall()
    assert {(column, error) for column, error, _ in held} == {(6, "some text is missing after 'Club:'")}
    assert sorted(text.strip("\n") for _, _, text in held) == sorted(game.strip("\n") for game in games)
