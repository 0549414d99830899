"""The date of the club formats' ``Date:`` line (raspisnoy logs and sheets, Chinese poker, OFC,
six-card), read one way for every game: a club writes its dates alike whatever it plays, so a date
one game stores is never one another game quarantines (docs/formats.md, "The `Date:` line of the
club formats").

>>> read_club_date("30.11.2026  22:40", line=2, column=7, line_text="Date: 30.11.2026  22:40")
datetime.datetime(2026, 11, 30, 22, 40)
>>> read_club_date("2026/11/30", line=2, column=7, line_text="Date: 2026/11/30")
datetime.datetime(2026, 11, 30, 0, 0)
>>> read_club_date(" 30 Nov 2026", line=2, column=6, line_text="Date: 30 Nov 2026")
Traceback (most recent call last):
...
parsers.errors.ParseError: line 2, column 7: expected a date like 2026-11-30 22:40, 30.11.2026 22:40 or \
2026/11/30 22:40 (the seconds or the time may be left out), found '30 Nov 2026'
"""

from __future__ import annotations

import re
from datetime import datetime

from parsers.errors import ParseError

__all__ = ["CLUB_DATE_FORMS", "CLUB_DATE_WORDS", "read_club_date"]

_CLUB_DATE = re.compile(
    r"(?:(?P<iso_year>\d{4})-(?P<iso_month>\d{1,2})-(?P<iso_day>\d{1,2})"
    r"|(?P<dotted_day>\d{1,2})\.(?P<dotted_month>\d{1,2})\.(?P<dotted_year>\d{4})"
    r"|(?P<slashed_year>\d{4})/(?P<slashed_month>\d{1,2})/(?P<slashed_day>\d{1,2}))"
    r"(?:[ T](?P<hour>\d{1,2}):(?P<minute>\d{2})(?::(?P<second>\d{2}))?)?",
    re.ASCII)
"""A day written year first with dashes or slashes, or day first with dots; then, after a blank or
ISO 8601's ``T``, an optional time with optional seconds."""

_USUAL = re.compile(r"\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?", re.ASCII)
"""The zero-padded ISO form most logs hold, which :meth:`datetime.fromisoformat` reads in C (a
quarter of the time); only after this check, since it also takes forms no club writes (``20261130``)."""

CLUB_DATE_WORDS = ("a date like 2026-11-30 22:40, 30.11.2026 22:40 or 2026/11/30 22:40 "
                   "(the seconds or the time may be left out)")
"""What a ``Date:`` line may hold, in words: a grammar names its date token so, so that a line with
no value and one with a bad value say the same forms."""
CLUB_DATE_FORMS = f"expected {CLUB_DATE_WORDS}"
"""What a ``Date:`` line may hold, in the words of the error that refuses another value."""


def read_club_date(text: str, *, line: int, column: int, line_text: str) -> datetime:
    """The moment a ``Date:`` line's value names. ``text`` is the value as the line holds it
    (blanks around it allowed), starting at the 1-based ``column`` of the game's ``line``; each
    run of blanks inside it counts as one space. A value of another form, or a day or time that
    does not exist (``31.02.2026``), is a :class:`~parsers.errors.ParseError` that quotes the
    whole value and points at its first character."""
    value = text.strip()
    if _USUAL.fullmatch(value):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            pass    # no such day or time: refused below, in the same words
    match = _CLUB_DATE.fullmatch(" ".join(value.split()))
    if match is not None:
        parts = match.groupdict()
        form = "iso" if parts["iso_year"] else "dotted" if parts["dotted_year"] else "slashed"
        try:
            return datetime(int(parts[f"{form}_year"]), int(parts[f"{form}_month"]), int(parts[f"{form}_day"]),
                            int(parts["hour"] or 0), int(parts["minute"] or 0), int(parts["second"] or 0))
        except ValueError:
            pass    # the form is right but no such day or time: the same message, whole value quoted
    blanks = len(text) - len(text.lstrip())
    raise ParseError(f"{CLUB_DATE_FORMS}, found {value!r}", line=line, column=column + blanks,
                     line_text=line_text)
