"""What the rooms' tournament-summary readers do alike, written once.

Each room's reader (``parsers/pokerstars_summary.py``, ``winamax_summary.py``, ``pacific_summary.py``)
reads its own format with its own grammar and extends :class:`SummaryBuilder`, which turns the
parsed lines into a :class:`rules.tournaments.TournamentSummary` the same way everywhere: errors at
the line that holds the fault, counts that fit the warehouse's columns, dates in UTC where they
name their zone, prices written 'price + fee', one currency a summary, and the account holder's
own entry when the room tells him his own place only.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

from lark import Tree

from parsers.errors import ParseError
from parsers.lines import CURRENCY_SIGNS, read_amount_at
from parsers.room_lines import in_utc, zone_clock
from rules.records import Source
from rules.tournaments import LARGEST_COUNT, TournamentEntry

__all__ = ["SummaryBuilder"]

_DATE = r"(\d{4})/(\d\d?)/(\d\d?)\D+?(\d\d?):(\d\d):(\d\d)"
_WHEN = re.compile(_DATE + r"(?:\s*\(?([A-Z]{2,5})\)?)?(?:\s*\[" + _DATE + r"\s*([A-Z]{2,5})?\])?")
"""A date and time as the rooms write them, with the zone they name if any: ``2010/11/07 8:03:52 ET``
(any words between date and time; the zone in parentheses too, ``(ET)``), then perhaps the time
again on the room's own clock, ``2020/05/06 2:00:00 CUST [2020/05/05 18:00:00 ET]``."""
_DIGIT = re.compile(r"\d")


class SummaryBuilder:
    """One summary's lines (the game's own numbering, 1-based) and where they came from."""

    def __init__(self, lines: tuple[str, ...], source: Source) -> None:
        self.lines = lines
        self.source = source

    def error(self, reason: str, node: Tree | None = None) -> ParseError:
        """The summary breaks its format at ``node``'s line and column (at its first line without one)."""
        line, column = (node.meta.line, node.meta.column) if node is not None else (1, 1)
        return ParseError(reason, line=line, column=column, line_text=self.lines[line - 1])

    def match(self, pattern: re.Pattern[str], text: str, node: Tree, example: str) -> re.Match[str]:
        """``text`` (a line the grammar has typed) read by the reader's ``pattern``; the error names an
        ``example`` of the line when the two disagree (the grammar takes a line the pattern refuses)."""
        found = pattern.match(text)
        if not found:
            raise self.error(f"expected {example}, found {text!r}", node)
        return found

    def count(self, text: str, node: Tree, largest: int = LARGEST_COUNT) -> int:
        value = int(text)
        if value > largest:
            raise self.error(f"the number {value} is too large for a tournament (at most {largest:,})", node)
        return value

    decimal_comma: bool | None = False
    """How the room writes its amounts (:func:`parsers.lines.read_amount`): False, a decimal point and
    thousands by commas or none (Winamax); None, either, as its hands are (888poker: ``$ 3.243``
    beside ``0,09 €``)."""

    def amount(self, text: str, line: int, column: int) -> tuple[Decimal, str | None]:
        """The amount ``text`` that stands at ``column`` (1-based) of the summary's ``line``, read as
        the room's hands are, and the currency its sign names (None: no sign). One that is none
        (``won $1.000`` where a room writes decimal points) is a ParseError at its column."""
        start = column - 1 + len(text) - len(text.lstrip())     # a grammar's token may take a space before it
        text = text.strip()
        value = read_amount_at(text, line - 1, self.lines[line - 1], start, decimal_comma=self.decimal_comma)
        sign = next((char for char in text if char in CURRENCY_SIGNS), None)
        return value, CURRENCY_SIGNS[sign] if sign else None

    writes_zones_all_year = False
    """The room writes a zone's standard name all year (PokerStars' ``CET`` in July): read as
    :func:`parsers.room_lines.zone_clock` reads such names."""

    def date(self, node: Tree | None) -> tuple[datetime | None, bool]:
        """The date and time of a 'Tournament started' (or finished) line, and whether it is in UTC:
        in UTC where the line names the zone (ROOM-TIME-ZONE, as the rooms' hand histories are read),
        from the time in brackets when there is one (the room's ET clock beside the player's own,
        ``CUST``), else as written. (None, False) without the line, or without a date on it. A figure
        the date does not read (``2011/1e30/28``, a bracketed time cut short) is a ParseError at its
        column: the start dropped, or read on the player's clock, would be a wrong one."""
        if node is None:
            return None, False
        token = node.children[-1]
        text = str(token)
        found = _WHEN.search(text)
        outside = text if found is None else text[:found.start()] + " " * (found.end() - found.start()) + text[found.end():]
        stray = _DIGIT.search(outside)
        if stray is not None:
            raise ParseError(f"{text.strip()!r} is not a date and time written whole, like '2011/05/28 19:10:00 UTC'",
                             line=token.line, column=token.column + stray.start(), line_text=self.lines[token.line - 1])
        if not found:
            return None, False
        def read(first: int) -> datetime:      # the date and time of groups first to first + 5
            try:
                return datetime(*map(int, found.group(*range(first, first + 6))))
            except ValueError:
                text = found.string[found.start(first):found.end(first + 5)]
                raise self.error(f"{text!r} is not a date and time", node) from None

        written, zone = read(1), found[7]
        if found[8] is not None:
            written, zone = read(8), found[14]
        if zone_clock(zone, self.writes_zones_all_year) is None:
            return written, False
        return in_utc(written, zone, self.writes_zones_all_year), True

    def price_and_fee(self, parts: list[Decimal], node: Tree) -> tuple[Decimal, Decimal]:
        """A price written 'price + fee' (the buy-in's, a rebuy's, an add-on's): its two parts, 0 for
        a part not written."""
        if len(parts) > 2:
            raise self.error(f"a price has at most two parts (buy-in + fee), found {len(parts)}", node)
        zero = Decimal(0)
        return parts[0] if parts else zero, parts[1] if len(parts) == 2 else zero

    def one_currency(self, currencies: list[str], node: Tree | None = None) -> str | None:
        """The currency every amount of the summary is in; None when none names one."""
        if len(set(currencies)) > 1:
            raise self.error(f"a summary in two currencies ({', '.join(sorted(set(currencies)))})", node)
        return currencies[0] if currencies else None

    def hero_entry(self, hero: str | None, finish: int | None, won: Decimal | None,
                   currency: str | None, *, still_playing: bool = False) -> tuple[TournamentEntry, ...]:
        """The account holder's entry, for the rooms that tell him his own place and prize only.
        It is his row whenever the summary gives his place, named or not (``hero`` None: a summary
        that does not say who he is, as 1005 of PokerStars' worked case names no account holder);
        with ``still_playing`` (the summary says he has no place yet) his row has no place and no
        prize. None when the summary says neither."""
        if finish is None and not (hero and still_playing):
            return ()
        prize = None if finish is None else won if won is not None else Decimal(0)
        return (TournamentEntry(finish=finish, player=hero or None, entry_no=1, country=None, prize=prize,
                                prize_text=None if won is None else f"{won} {currency}", line=self.source.first_line),)
