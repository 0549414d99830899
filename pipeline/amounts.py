"""Amounts the warehouse can hold, checked where a game's text states them.

Money, chips and points are stored as ``decimal(18, 2)`` (``pipeline.tables.MONEY``): 16
digits before the point and cents after it. Real logs need far less: the largest amounts
they print are play-money and tournament chip counts in the billions (10 digits), and no
room prints a fraction finer than a cent. Eight-byte decimals keep every column exact and
cheap to scan; a wider type would double their size for amounts no log holds.

An amount beyond that (a stack of $20000000000000000, a six-card ``Result: box 1 +1e30``)
is not a game anyone played: its game goes to quarantine at the amount's line and column,
with the reason, and the rest of the file is stored.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal, InvalidOperation

from parsers.errors import ParseError
from parsers.source import Chunk
from pipeline.tables import MONEY

LARGEST_DIGITS = MONEY.precision - MONEY.scale
"""Digits before the point that a stored amount may have."""
LIMIT = Decimal(10) ** LARGEST_DIGITS
"""Every stored amount is smaller than this in size."""
_NUMBER = re.compile(r"[+-]?\d[\d,]*(?:\.\d+)?(?:[eE][+-]?\d+)?")


def check_amounts(record, chunk: Chunk) -> None:
    """Raise a ParseError at the first amount of ``record`` (a parsed game) that the warehouse
    cannot hold: too large, more exact than a cent, or not a number at all (NaN, infinity).

    The error stands where the amount is written: the first line, from that of the record
    part holding it (a seat, an action, a hand of a session), whose text holds it, and its
    column there."""
    found = _first_bad(record, chunk.first_line)
    if found is None:
        return
    amount, line, why = found
    column = 1
    for number in range(max(line, chunk.first_line), chunk.last_line + 1):
        at = _column(chunk.lines[number - chunk.first_line], amount)
        if at:
            line, column = number, at
            break
    text = chunk.lines[line - chunk.first_line] if chunk.first_line <= line <= chunk.last_line else ""
    raise ParseError(f"the amount {amount} {why}", line=line, column=column, line_text=text)


def _problem(amount: Decimal) -> str | None:
    if not amount.is_finite():
        return "is not a number the warehouse can store"
    if abs(amount) >= LIMIT:
        return (f"is too large to store: amounts must be below {LIMIT:,.0f} "
                f"({LARGEST_DIGITS} digits before the point)")
    if amount != amount.quantize(Decimal(1).scaleb(-MONEY.scale)):
        return f"has more decimals than the warehouse keeps ({MONEY.scale}: cents)"
    return None


def _first_bad(value, line: int) -> tuple[Decimal, int, str] | None:
    if isinstance(value, Decimal):
        why = _problem(value)
        return None if why is None else (value, line, why)
    if isinstance(value, (tuple, list)):
        for item in value:
            found = _first_bad(item, line)
            if found:
                return found
    elif isinstance(value, dict):
        for item in value.values():
            found = _first_bad(item, line)
            if found:
                return found
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for name in ("line", "header_line", "total_line"):
            own = getattr(value, name, None)
            if isinstance(own, int) and own > 0:
                line = own
                break
        for field in dataclasses.fields(value):
            found = _first_bad(getattr(value, field.name), line)
            if found:
                return found
    return None


def _column(text: str, amount: Decimal) -> int:
    """Where ``amount`` is written in ``text`` (1-based), or 0 when it is not there."""
    for match in _NUMBER.finditer(text):
        try:
            value = Decimal(match.group().replace(",", ""))
        except InvalidOperation:
            continue
        if value == amount or value == -amount:     # a sign may be written apart ("- 5") or implied
            return match.start() + 1
    return 0
