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
import functools
import re
import typing
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


_CENT = Decimal(1).scaleb(-MONEY.scale)


def _problem(amount: Decimal) -> str | None:
    if not amount.is_finite():
        return "is not a number the warehouse can store"
    if amount and amount.adjusted() >= LARGEST_DIGITS:
        return (f"is too large to store: amounts must be below {LIMIT:,.0f} "
                f"({LARGEST_DIGITS} digits before the point)")
    if amount != amount.quantize(_CENT):
        return f"has more decimals than the warehouse keeps ({MONEY.scale}: cents)"
    return None


_PLAIN = frozenset((str, int, bool, float, type(None)))
"""Types that hold no amount, passed over without a call."""


def _first_bad(value, line: int) -> tuple[Decimal, int, str] | None:
    kind = type(value)
    if kind is Decimal:
        why = _problem(value)
        return None if why is None else (value, line, why)
    if kind is tuple or kind is list:
        for item in value:
            if type(item) in _PLAIN:    # (a name beside each amount: a call each cost a third of the walk)
                continue
            found = _first_bad(item, line)
            if found:
                return found
        return None
    if kind is dict:
        return _first_bad(tuple(value.values()), line)
    fields = _record_fields(kind)
    if fields is None:
        return None
    for name in ("line", "header_line", "total_line"):
        own = getattr(value, name, None)
        if type(own) is int and own > 0:
            line = own
            break
    for name in fields:
        found = _first_bad(getattr(value, name), line)
        if found:
            return found
    return None


@functools.cache
def _record_fields(kind: type) -> tuple[str, ...] | None:
    """The fields of a record class worth walking for amounts, or None for a type that is not
    a record (text, numbers, enums: no amount inside)."""
    if not dataclasses.is_dataclass(kind):
        return None
    return _amount_fields(kind)


@functools.cache
def _amount_fields(cls: type) -> tuple[str, ...]:
    """The fields of a record class that may hold an amount, by their declared types: a game
    holds hundreds of cards and enums, and walking them would cost as much as the parse."""
    return _fields_holding_amounts(cls, frozenset({cls}))


def _fields_holding_amounts(cls: type, seen: frozenset[type]) -> tuple[str, ...]:
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 — a type that cannot be resolved: walk every field
        return tuple(f.name for f in dataclasses.fields(cls))
    return tuple(f.name for f in dataclasses.fields(cls) if _may_hold_amount(hints.get(f.name, object), seen))


def _may_hold_amount(hint, seen: frozenset[type]) -> bool:
    if hint is Decimal or hint is object or hint is typing.Any:
        return True
    arguments = typing.get_args(hint)
    if arguments:
        return any(_may_hold_amount(argument, seen) for argument in arguments if argument is not Ellipsis)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        # a record that holds itself is walked, to be safe
        return hint in seen or bool(_fields_holding_amounts(hint, seen | {hint}))
    return False


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
