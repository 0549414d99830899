"""What the text readers of the other rooms share: a table of line kinds, and Lark over lines.

Each room's reader declares its lines once, as a tuple of :class:`parsers.lines.LineKind`
(pattern, fields, words): the classifier, the grammar's terminals (its ``%declare`` list) and
the words of syntax errors are made from that table by :class:`parsers.lines.LineTable`, as for
every reader.
A room's grammar (``grammars/<room>.lark``) checks the order of the sections of a hand; Lark
gets one token per run of lines of one kind (a custom lexer).

:class:`parsers.lines.StreetActions` builds a hand's actions from what its lines say, for
every room alike.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from parsers.errors import ParseError
from parsers.lines import LineKind, LineTable, StreetBets
from rules.cards import Card, CardError

__all__ = ["ALL_YEAR_NAMES", "TIME_ZONES", "LineKind", "RoomLines", "StreetBets", "cards", "in_utc", "zone_clock"]


class RoomLines(LineTable):
    """A room's line kinds and grammar (``grammars/<room>.lark``): classifies a hand's lines and
    checks their order, as :class:`parsers.lines.LineTable` does for every room.

    ``kinds`` are tried in order (a kind with a ``hint`` only on lines that hold it, at their
    start when it begins with "^"); a kind named None is a line without play, read and left
    out. A hand's lines fall in sections: the first of ``sections``, then the next one from the
    line of each kind of ``switches`` on; a kind is tried only in the sections its ``section``
    names (space-separated, or "any"). Consecutive lines of a kind in ``merge`` make one token;
    kinds in ``body`` are folded into one BODY token; ``decimal_comma``: how the room writes its
    amounts (as :func:`parsers.lines.read_amount` reads them).
    """

    def __init__(self, room: str, kinds: tuple[LineKind, ...], *, merge: frozenset[str] = frozenset(),
                 body: frozenset[str] = frozenset(), sections: tuple[str, ...] = ("play", "summary"),
                 switches: dict[str, str] | None = None, expected: str = "",
                 decimal_comma: bool | None = False) -> None:
        super().__init__(kinds, grammar=f"{room}.lark", unreadable=f"expected {expected}", body=body,
                         runs=merge | ({"BODY"} if body else frozenset()), post=None, hole=None, sections=sections,
                         switches=switches if switches is not None else {"SUMMARY": "summary"}, header_kind=False,
                         decimal_comma=decimal_comma)
        self.room = room
        if body:
            self.words["BODY"] = "an action, a show, an uncalled bet or a collect line"

    def check(self, tokens: list[tuple[str, re.Match, int]], lines: tuple[str, ...], header: int = 0) -> None:
        """Does the room's grammar accept a hand of these kinds in this order, after its header
        (``lines[header]``)? A ParseError says what was expected where."""
        self.check_shape(tokens, lines, header)


_CARDS_READ: dict[tuple[str, str], tuple[Card, ...]] = {}


def cards(text: str | None, index: int, line: str, separators: str = ",") -> tuple[Card, ...]:
    """The cards of ``text`` ("As Kd", "As, Kd"), a ParseError pointing at a card that is none."""
    if not text:
        return ()
    found = _CARDS_READ.get((text, separators))
    if found is not None:
        return found
    out = []
    for word in text.translate({ord(c): " " for c in separators}).split():
        try:
            out.append(Card.parse(word))
        except CardError as error:
            column = line.find(word) + 1
            raise ParseError(str(error), line=index + 1, column=max(column, 1), line_text=line) from None
    found = tuple(out)
    if len(_CARDS_READ) < 100_000:
        _CARDS_READ[(text, separators)] = found
    return found


_EASTERN = ZoneInfo("America/New_York")
TIME_ZONES: dict[str, int | ZoneInfo] = {
    "UTC": 0, "GMT": 0, "WET": 0, "BST": 60, "WEST": 60, "CET": 60, "MEZ": 60, "CEST": 120, "MESZ": 120,
    "EET": 120, "EEST": 180, "MSK": 180, "MSKS": 240, "YEKT": 300, "YEKST": 360, "ICT": 420,
    "AST": -240, "ADT": -180, "EST": -300, "EDT": -240, "PST": -480, "PDT": -420,
    "ET": _EASTERN, "CT": ZoneInfo("America/Chicago"), "MT": ZoneInfo("America/Denver"),
    "PT": ZoneInfo("America/Los_Angeles"), "AKT": ZoneInfo("America/Anchorage"), "HT": ZoneInfo("Pacific/Honolulu"),
    "AT": ZoneInfo("America/Halifax"), "NZT": ZoneInfo("Pacific/Auckland"), "JST": ZoneInfo("Asia/Tokyo"),
    "CCT": ZoneInfo("Asia/Shanghai"),
}
"""ROOM-TIME-ZONE: the zones the rooms name in their headers, each as its offset from UTC in minutes
(a standard or summer name names its own offset: ``EDT`` is UTC-4 in any month), or, for a name
without standard or summer in it (``ET``: Eastern Time, standard or daylight by the date), the
zone itself. Names that stand for two zones (``CST``: China or the American Central; ``IST``:
India, Ireland or Israel) are not read."""

ALL_YEAR_NAMES: dict[str, ZoneInfo] = {
    "GMT": ZoneInfo("Europe/London"), "WET": ZoneInfo("Europe/Lisbon"), "CET": ZoneInfo("Europe/Paris"),
    "EET": ZoneInfo("Europe/Helsinki"), "MSK": ZoneInfo("Europe/Moscow"), "IST": ZoneInfo("Asia/Kolkata"),
    "BRT": ZoneInfo("America/Sao_Paulo"), "ART": ZoneInfo("America/Argentina/Buenos_Aires"),
    "AWST": ZoneInfo("Australia/Perth"), "ACST": ZoneInfo("Australia/Adelaide"), "AEST": ZoneInfo("Australia/Sydney"),
}
"""ROOM-TIME-ZONE: a room that writes a zone's standard name all year (PokerStars: ``CET`` in July
too, for Paris summer time) means by it the zone's clock, standard or summer by the date, not
the standard offset :data:`TIME_ZONES` gives the name; ``IST`` there is India's. Its other names
mean what :data:`TIME_ZONES` says."""


def zone_clock(zone: str | None, all_year: bool = False) -> int | ZoneInfo | None:
    """The clock a header's zone name stands for (an offset from UTC in minutes, or a zone), None
    for a name not read; ``all_year``: the room writes a zone's standard name all year
    (:data:`ALL_YEAR_NAMES`)."""
    if all_year and zone in ALL_YEAR_NAMES:
        return ALL_YEAR_NAMES[zone]
    return TIME_ZONES.get(zone or "")


def in_utc(when: datetime, zone: str | None, all_year: bool = False) -> datetime:
    """A header's time in UTC (without tzinfo), read in the zone the header names; the time as
    written when it names none or one not in :data:`TIME_ZONES` (``all_year``: as :func:`zone_clock`).
    A time written twice when clocks go back is read as the first of the two.

    >>> in_utc(datetime(2018, 6, 19, 23, 0, 41), "EDT")
    datetime.datetime(2018, 6, 20, 3, 0, 41)
    >>> in_utc(datetime(2012, 1, 5, 10, 0), "ET"), in_utc(datetime(2012, 7, 5, 10, 0), "ET")
    (datetime.datetime(2012, 1, 5, 15, 0), datetime.datetime(2012, 7, 5, 14, 0))
    >>> in_utc(datetime(2012, 1, 5, 10, 0), "CST")
    datetime.datetime(2012, 1, 5, 10, 0)
    >>> in_utc(datetime(2012, 7, 5, 10, 0), "CET"), in_utc(datetime(2012, 7, 5, 10, 0), "CET", all_year=True)
    (datetime.datetime(2012, 7, 5, 9, 0), datetime.datetime(2012, 7, 5, 8, 0))
    """
    offset = zone_clock(zone, all_year)
    if offset is None:
        return when
    if isinstance(offset, ZoneInfo):
        return when.replace(tzinfo=offset).astimezone(ZoneInfo("UTC")).replace(tzinfo=None)
    return when - timedelta(minutes=offset)
