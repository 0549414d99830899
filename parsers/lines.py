"""Line-kind tables: how the readers of Hold'em rooms classify lines and check a hand's shape.

A room's hand history is a run of lines, each of one kind (a seat, a post, an action, a
street marker …). A reader declares its kinds once, in a table of :class:`LineKind`; a
:class:`LineTable` makes from it the classifier (each line to its kind and match, in one
pass), the terminals of the room's Lark grammar (its ``%declare`` list) and the words of its
syntax errors. Lark (LALR, with a lexer that hands it one token per line) then checks the
order of the sections.

>>> import re
>>> kinds = (
...     LineKind("HEADER", "a header", re.compile(r"^Hand #(\\d+)")),
...     LineKind("SEAT", "a seat line", re.compile(r"^Seat (?P<n>\\d+): (?P<p>.+)$"), ("n", "p"), "^Seat "),
...     LineKind(None, "a chat line", re.compile(r'^.+ said, ".*"$'), (), ' said, "'),
...     LineKind("HOLE", "the hole cards line", re.compile(r"^\\*\\*\\* HOLE"), (), "^*** "),
...     LineKind("SUMMARY", "the summary line", re.compile(r"^\\*\\*\\* SUMMARY"), (), "^*** SUMMARY"),
... )
>>> table = LineTable(kinds, grammar="start: HEADER SEAT HOLE SUMMARY", unreadable="expected a seat")
>>> tokens = table.classify(("Hand #1", "Seat 1: Anna", 'Anna said, "hi"', "*** HOLE", "*** SUMMARY"))
>>> [(kind, index) for kind, _, index in tokens]
[('SEAT', 1), ('HOLE', 3), ('SUMMARY', 4)]
>>> table.check_shape(tokens, ("Hand #1", "Seat 1: Anna", 'Anna said, "hi"', "*** HOLE", "*** SUMMARY"))
>>> table.check_shape(tokens[1:], ("Hand #1", "Seat 1: Anna", "", "*** HOLE", "*** SUMMARY"))
Traceback (most recent call last):
...
parsers.errors.ParseError: line 4, column 1: expected a seat line, found '*** HOLE'
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import ROUND_DOWN, Decimal
from itertools import groupby
from pathlib import Path

import numpy as np
from lark import Lark, Token
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from parsers.errors import LineOutOfPlace, ParseError, UnsupportedGame
from rules.cards import Card, CardError, Rank
from rules.compiled import entry_in_place
from rules.findings import Finding, Severity
from rules.holdem_batch import pot_code
from rules.holdem_hand import Action, ActionKind, CardsHow, HoleCards, NamedHand, Street, SummarySeat
from rules.records import slot_filler

__all__ = [
    "AMOUNT",
    "CURRENCY_SIGN",
    "CURRENCY_SIGNS",
    "DEALT",
    "GRAMMARS",
    "UNSHOWN_CARDS",
    "BoardDeals",
    "CurrencyMarks",
    "HandWords",
    "LineForm",
    "LineKind",
    "LineTable",
    "Piece",
    "StreetActions",
    "StreetBets",
    "amount_at_fault",
    "clear_caches",
    "deal_street",
    "named_hand",
    "read_amount",
    "read_amount_at",
    "read_cards",
    "stakes_label",
    "unsupported_game",
    "usual_small_blind",
]

GRAMMARS = Path(__file__).with_name("grammars")
"""The folder of the grammar files."""

CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
"""The ISO code of each currency sign the rooms write before or after an amount."""

CURRENCY_SIGN = "[" + re.escape("".join(CURRENCY_SIGNS)) + "]"
"""A pattern of one currency sign, for the rooms whose amounts carry one."""

_SIGN_OF_CURRENCY = {code: sign for sign, code in CURRENCY_SIGNS.items()}
_UNPRICED = frozenset({"chips", "play"})
_CENT = Decimal("0.01")


@functools.lru_cache(maxsize=4096)     # a table's stakes recur hand after hand; Decimal formatting is slow
def stakes_label(first: Decimal, second: Decimal, currency: str, *, ante: Decimal | None = None,
                 cap: Decimal | None = None) -> str:
    """A hand's stakes (``holdem_results.stakes``) as every reader stores them, one way for every
    room: as PokerStars writes a table's, the currency's sign before each amount and its code
    after (``$0.10/$0.25 USD``), a currency without a sign by its code alone (``1/2 RSD``), chips
    and play money bare (``100/200``, as a PokerStars tournament or play-money table). The two
    are the blinds, or in Limit the small and the big bet; each is written whole when it is
    whole, else to the cent (``$0.50/$1 USD``, as PokerStars writes it). With ``ante``, a table of a button blind (``second``) and an
    ante, as PokerStars writes its 6+ Hold'em: ``Button Blind $1 - Ante $0.50 USD``. With
    ``cap``, a capped table, which is other stakes than the same blinds uncapped: ``$0.25/$0.50 -
    $10 Cap USD`` (the cap whole or to the cent on its own, as PokerStars writes it).

    >>> stakes_label(Decimal("0.1"), Decimal("0.25"), "USD"), stakes_label(Decimal("0.50"), Decimal(1), "EUR")
    ('$0.10/$0.25 USD', '€0.50/€1 EUR')
    >>> stakes_label(Decimal(1), Decimal("2.00"), "RSD"), stakes_label(Decimal("1000.00"), Decimal(2000), "chips")
    ('1/2 RSD', '1000/2000')
    >>> stakes_label(Decimal("0.02"), Decimal("0.02"), "USD", ante=Decimal("0.02"))
    'Button Blind $0.02 - Ante $0.02 USD'
    >>> stakes_label(Decimal("0.25"), Decimal("0.5"), "USD", cap=Decimal("10.00"))
    '$0.25/$0.50 - $10 Cap USD'
    """
    sign = "" if currency in _UNPRICED else _SIGN_OF_CURRENCY.get(currency, "")

    def written(*amounts: Decimal) -> list[str]:
        """The amounts, each whole when it is, else to the cent (finer: as it is)."""
        return [f"{sign}{a:.0f}" if a == a.to_integral_value() else
                f"{sign}{a:.2f}" if a == a.quantize(_CENT) else f"{sign}{a.normalize():f}" for a in amounts]

    if ante is not None:
        label = "Button Blind {} - Ante {}".format(*written(second, ante))
    else:
        label = "{}/{}".format(*written(first, second))
    if cap is not None:
        label += f" - {written(cap)[0]} Cap"
    return label + ("" if currency in _UNPRICED else f" {currency}")


_CURRENCY_OF = {**CURRENCY_SIGNS, **{code: code for code in CURRENCY_SIGNS.values()}}
_CURRENCIES_IN: dict[str, tuple[str, ...]] = {}   # amount text -> the currencies its marks name
_CURRENCY_MARK = re.compile(CURRENCY_SIGN + r"|\b(?:" + "|".join(dict.fromkeys(CURRENCY_SIGNS.values())) + r")\b")

AMOUNT = r"[^\d\s(\[]?\d[\d,]*(?:\.\d+)?"
"""An amount as the rooms write it: an optional currency sign, digits, thousands commas, decimals."""

_AMOUNTS: dict[tuple[bool | None, str], Decimal] = {}   # (mode, text) -> value: a few thousand texts recur

_MARKS_BEFORE = re.compile(r"^\s*(?:[A-Z]{3}\s*)?(?:" + CURRENCY_SIGN + r"\s*)?")
_MARKS_AFTER = re.compile(r"(?:\s*" + CURRENCY_SIGN + r")?(?:\s*[A-Z]{3})?\s*$")
_NUMBER = {
    False: re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?|\.\d{1,2}"),
    True: re.compile(r"(?:\d{1,3}(?:[. \u00a0\u202f]\d{3})+|\d+)(?:,\d{1,2})?"),
}
"""The digits of an amount: with a decimal point, thousands grouped by commas; with a decimal
comma, by dots or spaces; in either, groups of three digits, and cents at most: no room writes a
third decimal, so ``$1.000`` is never read as $1 (see :func:`read_amount`)."""
_DECIMAL_COMMA = re.compile(r",\d{1,2}$")
_DOT_THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")
"""Thousands grouped by dots, no decimals: how a room that writes decimal commas writes a round
amount (888poker's Dutch tables: ``$ 3.243`` beside ``$ 552,72``)."""
_MANY_DECIMALS = re.compile(r"[.,](\d{3,})$")
_AMOUNT_WORDS = {
    False: "digits with at most one decimal point, two decimals at most, and thousands grouped by commas, "
           "such as $1,234.50",
    True: "digits with at most one decimal comma, two decimals at most, and thousands grouped by dots or "
          "spaces, such as 1.234,50 €",
    None: "digits with at most one decimal point (or comma), two decimals at most, and thousands grouped by "
          "threes, such as $1,234.50 or 1.234,50 €",
}
_WRITTEN_ON = re.compile(r"[\w.,]*\d")
"""What a line writes on past an amount its pattern took, when the amount goes on (``$0.1`` of
``$0.1x2``, ``$0`` of ``$0..56``): letters, digits and separators up to a last digit."""


def _place_of(text: str, line: str) -> int:
    """Where the amount ``text`` stands in ``line``: its first place that is no part of another
    amount (``$0`` of ``Total pot $0.6 | Rake $0`` is the last), else its first place (a line whose
    every ``$0.1`` goes on, as ``$0.1x2``, holds an amount that is none)."""
    first = at = line.find(text)
    while at >= 0:
        if not (at and line[at - 1] in _WITHIN_AMOUNT) and _WRITTEN_ON.match(line, at + len(text)) is None:
            return at
        at = line.find(text, at + 1)
    return first


_WITHIN_AMOUNT = frozenset("0123456789.,")


def read_amount(text: str, *, decimal_comma: bool | None = False) -> Decimal:
    """An amount's value, read strictly: a currency sign before or after the digits (and an ISO code
    before or after them, ``RSD2``, ``$0.25 USD``) dropped, the digits grouped by threes and with one
    decimal separator at most, before one or two decimals. With ``decimal_comma`` a comma is the
    decimal point and a dot or a space groups thousands; None decides by the text, as the rooms that
    write either do: a comma before one or two last digits is the decimal point, before three it
    groups thousands, and dots before groups of three group thousands (``$ 3.243``). Anything else
    (a minus, a letter, a second point, a group of two, a third decimal: ``$1.000`` is no room's
    dollar) is a ValueError naming the amount, never another amount.

    >>> read_amount("$1,334"), read_amount("12.50€"), read_amount("0,25", decimal_comma=True)
    (Decimal('1334'), Decimal('12.50'), Decimal('0.25'))
    >>> read_amount("0,55 $", decimal_comma=None), read_amount("$28,031.33 USD", decimal_comma=None)
    (Decimal('0.55'), Decimal('28031.33'))
    >>> read_amount("$ 3.243", decimal_comma=None), read_amount("1.234,50 €", decimal_comma=None)
    (Decimal('3243'), Decimal('1234.50'))
    >>> read_amount("$0.0x4")
    Traceback (most recent call last):
    ...
    ValueError: '$0.0x4' is not an amount: expected digits with at most one decimal point, two decimals at \
most, and thousands grouped by commas, such as $1,234.50
    >>> read_amount("$0.505")
    Traceback (most recent call last):
    ...
    ValueError: '$0.505' is not an amount: 3 decimals, where amounts have two at most (cents); expected digits with at most one decimal point, two decimals at most, and thousands grouped by commas, such as $1,234.50
    >>> read_amount("$1.000")
    Traceback (most recent call last):
    ...
    ValueError: '$1.000' is not an amount: 3 decimals, where amounts have two at most (cents), and this room \
groups thousands with commas, not dots; expected digits with at most one decimal point, two decimals at most, \
and thousands grouped by commas, such as $1,234.50
    """
    key = (decimal_comma, text)
    value = _AMOUNTS.get(key)
    if value is not None:
        return value
    number = text[_MARKS_BEFORE.match(text).end():]
    number = number[:_MARKS_AFTER.search(number).start()]
    comma = decimal_comma if decimal_comma is not None else (
        _DECIMAL_COMMA.search(number) is not None or _DOT_THOUSANDS.fullmatch(number) is not None)
    if _NUMBER[comma].fullmatch(number) is None:
        raise ValueError(f"{text!r} is not an amount: {_fault(number, comma, decimal_comma)}"
                         f"expected {_AMOUNT_WORDS[decimal_comma]}")
    if comma:
        number = number.translate(_COMMA_GROUPS).replace(",", ".")
    value = Decimal(number.replace(",", ""))
    if len(_AMOUNTS) < 200_000:
        _AMOUNTS[key] = value
    return value


_COMMA_GROUPS = str.maketrans("", "", ". \u00a0\u202f")


def _fault(number: str, comma: bool, decimal_comma: bool | None) -> str:
    """What is wrong with an amount's digits when it is their decimals (more than cents), else ""."""
    many = _MANY_DECIMALS.search(number)
    if many is None or _NUMBER[comma].fullmatch(number[:many.start(1) + 2]) is None:
        return ""
    # the dots are named only where they could group thousands ($1.000): $0.505 is no thousand
    could_group = decimal_comma is False and _DOT_THOUSANDS.fullmatch(number) is not None
    dots = ", and this room groups thousands with commas, not dots" if could_group else ""
    return f"{len(many[1])} decimals, where amounts have two at most (cents){dots}; "


def read_amount_at(text: str, index: int, line: str, start: int = -1, *, decimal_comma: bool | None = False) -> Decimal:
    """:func:`read_amount` of the amount ``text`` that stands at ``start`` of the hand's line
    ``index`` (``line``; -1: where ``text`` first stands in it). An amount that is none, or that the
    line writes on past what its pattern took (``$0.1x2``: the pattern took ``$0.1``), is a
    ParseError at its column, naming it as the line writes it.

    >>> read_amount_at("$2", 4, "Anna: calls $2")
    Decimal('2')
    >>> read_amount_at("$0.1", 4, "Anna wins $0.1x2 USD")
    Traceback (most recent call last):
    ...
    parsers.errors.ParseError: line 5, column 11: '$0.1x2' is not an amount: expected digits with at most one \
decimal point, two decimals at most, and thousands grouped by commas, such as $1,234.50
    """
    at = start if start >= 0 else _place_of(text, line)
    more = _WRITTEN_ON.match(line, at + len(text)) if at >= 0 else None
    try:
        if more is not None:
            raise ValueError(f"{text + more[0]!r} is not an amount: expected {_AMOUNT_WORDS[decimal_comma]}")
        return read_amount(text, decimal_comma=decimal_comma)
    except ValueError as error:
        raise ParseError(str(error), line=index + 1, column=max(at + 1, 1), line_text=line) from None


_CARD_CACHE: dict[str, tuple[Card, ...]] = {}


UNSHOWN_CARDS = ("XX", "X", "??")
"""How the rooms write a card not shown, in a ``[…]`` group."""


def read_cards(text: str | None, index: int, line: str) -> tuple[Card, ...]:
    """The cards of a ``[…]`` group (words such as ``As Kd``; ``X``, ``XX`` and ``??`` are cards not
    shown and left out); a card no deck holds is a ParseError at its column of line ``index``."""
    if not text:
        return ()
    found = _CARD_CACHE.get(text)
    if found is None:
        cards = []
        for word in text.replace(",", " ").split():
            if word in UNSHOWN_CARDS:
                continue
            try:
                cards.append(Card.parse(word))
            except CardError as error:
                column = line.find(text) + text.find(word) + 1
                raise ParseError(f"{error}", line=index + 1, column=max(column, 1), line_text=line) from None
        found = tuple(cards)
        if len(_CARD_CACHE) < 100_000:
            _CARD_CACHE[text] = found
    return found


def clear_caches() -> None:
    """Forget the amounts and cards read so far (benchmarks measure a cold start with it)."""
    _AMOUNTS.clear()
    _CARD_CACHE.clear()
    _CURRENCIES_IN.clear()


class CurrencyMarks:
    """ROOM-CURRENCY: a hand is played in one currency, whose mark (``sign``: a sign or an ISO code;
    '' for none) its amounts carry. :meth:`other` tells an amount whose mark (a sign or a code) is
    another currency's, and notes it, one warning a line, among :attr:`findings`
    (``HoldemHand.room_findings``); the reader reads the amount as written. ``index`` is the
    hand's line the reader is on, unless one is given.

    >>> marks = CurrencyMarks("$", first_line=10)
    >>> marks.other("$4", "$"), marks.other("4€", "€", index=2), marks.other("4€", "€", index=2)
    (False, True, True)
    >>> marks.other_in("$4 USD"), marks.other_in("€4 USD", index=3), marks.other_in("4 GBP", index=4)
    (False, True, True)
    >>> [(f.rule_id, str(f.severity), f.line, f.expected, f.actual) for f in marks.findings]
    [('ROOM-CURRENCY', 'warning', 12, 'USD', 'EUR'), ('ROOM-CURRENCY', 'warning', 13, 'USD', 'EUR'), \
('ROOM-CURRENCY', 'warning', 14, 'USD', 'GBP')]
    """

    __slots__ = ("currency", "first_line", "index", "noted", "sign")

    def __init__(self, sign: str, first_line: int) -> None:
        self.sign, self.first_line, self.index = sign, first_line, 0
        self.currency = _CURRENCY_OF.get(sign)
        self.noted: dict[int, Finding] = {}

    def other(self, text: str, mark: str, index: int | None = None) -> bool:
        """Whether the amount ``text``, whose mark is ``mark``, is in another currency than the hand's."""
        return mark != self.sign and self._differs(text, _CURRENCY_OF.get(mark), index)

    def other_in(self, text: str, index: int | None = None) -> bool:
        """Whether any mark of the amount ``text`` (a sign before or after its digits, a code after
        them: ``$0.25 USD``, ``0,35 €``) is another currency's than the hand's."""
        currencies = _CURRENCIES_IN.get(text)
        if currencies is None:
            currencies = tuple(dict.fromkeys(_CURRENCY_OF[mark] for mark in _CURRENCY_MARK.findall(text)))
            if len(_CURRENCIES_IN) < 100_000:
                _CURRENCIES_IN[text] = currencies
        if len(currencies) == 1 and currencies[0] == self.currency:
            return False
        found = False
        for currency in currencies:
            found = self._differs(text, currency, index) or found
        return found

    def _differs(self, text: str, actual: str | None, index: int | None) -> bool:
        expected = self.currency
        if actual is None or expected is None or actual == expected:
            return False
        at = self.index if index is None else index
        if at not in self.noted:
            self.noted[at] = Finding(
                rule_id="ROOM-CURRENCY", severity=Severity.WARNING, line=self.first_line + at, expected=expected,
                actual=actual, message=f"the amount {text} is in {actual}, the hand's stakes in {expected}")
        return True

    def stakes_at_odds(self, sign: str, column: int) -> None:
        """Note that the header's stakes carry ``sign`` (at ``column``), another currency's than
        their code, the hand's: its amounts are read in the code's currency.

        >>> marks = CurrencyMarks("$", first_line=3)
        >>> marks.stakes_at_odds("€", 40)
        >>> [(f.line, f.expected, f.actual, f.message) for f in marks.findings]
        [(3, 'USD', 'EUR', "the stakes' sign € at column 40 is EUR's, their code USD's: the hand is read in USD")]
        """
        actual = _CURRENCY_OF.get(sign, sign)
        self.noted[0] = Finding(
            rule_id="ROOM-CURRENCY", severity=Severity.WARNING, line=self.first_line, expected=self.currency,
            actual=actual, message=f"the stakes' sign {sign} at column {column} is {actual}'s, their code "
                                   f"{self.currency}'s: the hand is read in {self.currency}")

    @property
    def findings(self) -> tuple[Finding, ...]:
        return tuple(self.noted.values())


def usual_small_blind(big_blind: Decimal, odd: Mapping[Decimal, Decimal]) -> Decimal:
    """A room's small blind at a table of ``big_blind`` where the hand does not show it (no stakes
    written, and the small blind posted all in short, or by nobody): half the big blind, down to
    the cent, but at the big blinds of ``odd`` the room's own (big blind → small blind, as its
    other hands show them: ``$0.10`` at ``$0.25``).

    >>> odd = {Decimal("0.25"): Decimal("0.10")}
    >>> usual_small_blind(Decimal("0.04"), odd), usual_small_blind(Decimal("0.25"), odd)
    (Decimal('0.02'), Decimal('0.10'))
    >>> usual_small_blind(Decimal(1), odd), usual_small_blind(Decimal("0.05"), odd)
    (Decimal('0.50'), Decimal('0.02'))
    """
    return odd.get(big_blind, (big_blind / 2).quantize(_CENT, rounding=ROUND_DOWN))


def unsupported_game(room: str, game: str, reads: str, *, line: str, column: int,
                     line_no: int = 1, name: str | None = None) -> UnsupportedGame:
    """The error that sends a hand of a game Rasklad does not replay to quarantine, naming it:
    ``GGPoker PLO-5 is not supported yet: …``; ``line`` is the text of the hand's line ``line_no``;
    ``name`` the game without its betting structure (None: ``game``)."""
    return UnsupportedGame(f"{room} {game} is not supported yet: Rasklad reads {reads} hands of {room}",
                           game=game if name is None else name, line=line_no, column=column, line_text=line)


@dataclass(frozen=True, slots=True)
class LineKind:
    """One kind of line of a room's hands, as its reader knows it.

    The grammar's terminals, the words of syntax errors and the classifier are all made from a
    room's table of these (:class:`LineTable`).
    """

    name: str | None
    """The grammar's terminal; None for a line without play, which is read and left out."""
    words: str
    """The kind in words, for syntax errors."""
    pattern: re.Pattern[str] | None
    """Reads the line, its fields as named groups; None for BODY, which stands for a run of lines."""
    fields: tuple[str, ...] = ()
    """The named groups the record is built from."""
    hint: str = ""
    """A literal that any such line holds (at its start when written with a leading "^"): the
    pattern is tried only on lines that hold it."""
    section: str = "any"
    """"play": only before the summary line; "summary": only after it; "any"."""
    group: str | None = None
    """For kinds that share a pattern: the group whose match makes a line of this kind (the
    first kind whose group matched wins; None: the lines the kinds before it leave)."""
    code: int = 0
    """The terminal's code in a compiled scanner's shape words (PokerStars: 1-15), 0 for the kinds
    it folds into BODY and for lines without play. A room without such a scanner leaves it 0 and
    lists its terminals in the table's ``terminals``."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece of a line, in the order the line writes them. A reader declares a kind of line
    once, as its pieces (:class:`LineForm`); its pattern (:meth:`LineForm.pattern`) and a compiled
    scanner's reader of the same line are both made from that declaration.

    ``what`` is one of: "word" (``words[0]`` as written), "choice" (one of ``words``, whose
    ``kinds`` say what each does; ``inner`` names the group each word is also (None: none; a
    group's words follow one another); ``open`` words may be followed by anything, ``numbered``
    words by ``lead`` and digits, when what follows never starts so), "amount", "number" (digits),
    "skip" (anything, up to the first place the next piece's first word stands), "cards" (a
    bracketed group: the table's ``bracket``, anything but its ``bracket_end``, ``bracket_end``),
    "aside" (``aside``, words that ``free`` reads, ``close``), "free" (what the pattern ``free``
    reads, starting with one of ``words``: the scanner takes the rest of the line, for the reader's
    table to judge), "spaces" (any, or none) or "repeat"
    (its ``parts``, pieces, any number of times, taken while they read: what follows them never
    starts as they do); a header's "mark" and "when" (a date) are :meth:`mark`'s and :meth:`when`'s.
    ``group`` names what the pattern captures;
    an amount, a number or a skip is written after ``lead``, and an amount, a number or a choice
    before ``tail``. An ``optional`` piece may be left out, and the scanner takes it where it stands, as
    the pattern's greedy ``?`` does when what follows it never starts as it does (a rule of the
    declaration). A "name" (a player's, or with no ``group`` anyone's) ends where the next piece's
    first word (a choice: any of its words) stands: at the first such place (``words``
    ("first",)), the last ("last"; "last0": it may be empty), or at the line's end ("rest";
    "rest0": it may be empty, and is not a player's). A number with ``letters`` may have letters
    after its digits (a place: "3rd").
    """

    what: str
    words: tuple[str, ...] = ()
    group: str | None = None
    optional: bool = False
    kinds: tuple = ()
    inner: tuple[str | None, ...] = ()
    open: tuple[str, ...] = ()
    free: str = ""
    numbered: tuple[str, ...] = ()
    lead: str = ""
    tail: str = ""
    letters: bool = False
    """A number's: letters may follow its digits (a place, "3rd")."""
    parts: tuple[Piece, ...] = ()
    """A repeat's pieces."""
    most: int = 0
    """The most capitals of a "when" piece's time zone (:meth:`when`)."""

    @staticmethod
    def word(text: str, group: str | None = None, *, optional: bool = False) -> Piece:
        return Piece("word", (text,), group, optional)

    @staticmethod
    def choice(words: dict, group: str | None = None, *, inner: dict[str, str] | None = None,
               open: tuple[str, ...] = (), numbered: tuple[str, ...] = (), lead: str = "",
               optional: bool = False, tail: str = "") -> Piece:
        """One of the keys of ``words`` (each mapped to what it does, or None)."""
        return Piece("choice", tuple(words), group, optional, kinds=tuple(words.values()),
                     inner=tuple(map((inner or {}).get, words)), open=tuple(open), numbered=tuple(numbered),
                     lead=lead, tail=tail)

    @staticmethod
    def name(group: str | None, ends: str = "first") -> Piece:
        return Piece("name", (ends,), group)

    @staticmethod
    def amount(group: str | None = None, *, optional: bool = False, lead: str = "") -> Piece:
        return Piece("amount", (), group, optional, lead=lead)

    @staticmethod
    def number(group: str | None, *, lead: str = "", tail: str = "", optional: bool = False,
               letters: bool = False) -> Piece:
        return Piece("number", (), group, optional, lead=lead, tail=tail, letters=letters)

    @staticmethod
    def skip(lead: str, *, optional: bool = False) -> Piece:
        return Piece("skip", (), None, optional, lead=lead)

    @staticmethod
    def cards(group: str | None = None, *, optional: bool = False) -> Piece:
        return Piece("cards", (), group, optional)

    @staticmethod
    def free_words(words: tuple[str, ...], pattern: str, group: str) -> Piece:
        return Piece("free", tuple(words), group, free=pattern)

    @staticmethod
    def spaces() -> Piece:
        return Piece("spaces")

    @staticmethod
    def repeat(parts: tuple[Piece, ...], group: str | None = None) -> Piece:
        return Piece("repeat", (), group, parts=tuple(parts))

    @staticmethod
    def aside(free: str, *, optional: bool = True) -> Piece:
        return Piece("aside", (), None, optional, free=free)

    @staticmethod
    def mark(text: str) -> Piece:
        """A mark between a line's pieces (``" - "``, ``": "``): the scanner reads it as written, the
        pattern with any spaces, or none, where it writes a space.

        >>> print(Piece.mark(" - ").pattern("AMT", {}))
        \\s*\\-\\s*
        """
        return Piece("mark", (text,))

    @staticmethod
    def when(groups: tuple[str, str, str], fields: tuple[tuple[str, int, int], ...], *, letters: int,
             lead: str = "", tail: str = "", optional: bool = False) -> Piece:
        """A date and time and its time zone, captured as ``groups`` (date, time, zone): ``fields``
        the year, month, day, hour, minute and second, each as (the mark after it, its fewest and
        most digits); then a space and 1 to ``letters`` capitals; written after ``lead`` and before
        ``tail`` (a bracket) when given. The scanner reads it as declared; the pattern as logs write
        it too: any spaces (and a dash) between date and time, a time without seconds, the zone left
        out or in parentheses.

        >>> fields = (("/", 4, 4), ("/", 1, 2), (" ", 1, 2), (":", 1, 2), (":", 2, 2), ("", 2, 2))
        >>> marks = {"open": "(", "close": ")", "dash": " - "}
        >>> found = re.fullmatch(Piece.when(("d", "t", "z"), fields, letters=5).pattern("", marks),
        ...                      "2009/05/05 - 11:11:02 (ET)")
        >>> found["d"], found["t"], found["z"]
        ('2009/05/05', '11:11:02', 'ET')
        """
        return Piece("when", (), None, optional, kinds=tuple(fields), inner=tuple(groups), lead=lead, tail=tail,
                     most=letters)

    def pattern(self, amount: str, marks: dict[str, str]) -> str:
        """This piece as a regular expression: ``amount`` the pattern of an amount, ``marks`` the
        table's marks (``bracket``, ``bracket_end``, ``aside``, ``close``; for a "when": ``open``, ``dash``)."""
        if self.what in ("mark", "when"):
            return _dated_pattern(self, marks)
        if self.what == "word":
            body = re.escape(self.words[0])
        elif self.what == "choice":
            alternatives = []
            for name, run in groupby(zip(self.words, self.inner, strict=True), key=lambda pair: pair[1]):
                words = "|".join(re.escape(w) + (rf"(?:{re.escape(self.lead)}\d+)?" if w in self.numbered else "")
                                 for w, _ in run)
                alternatives.append(f"(?P<{name}>{words})" if name else words)
            body = "|".join(alternatives + [re.escape(w) + ".*" for w in self.open])
        elif self.what in ("amount", "number"):
            body = amount if self.what == "amount" else r"\d+\w*" if self.letters else r"\d+"
        elif self.what == "name":
            body = {"last": ".+", "last0": ".*", "rest0": ".*"}.get(self.words[0], ".+?")
        elif self.what == "skip":
            body = ".*?"
        elif self.what == "free":
            body = self.free
        elif self.what == "spaces":
            return r"\s*"
        elif self.what == "repeat":
            body = "(?:" + "".join(part.pattern(amount, marks) for part in self.parts) + ")*"
        elif self.what == "cards":
            inside = "[^" + re.escape(marks["bracket_end"]) + "]*"
            if self.group:
                inside = f"(?P<{self.group}>{inside})"
            text = re.escape(marks["bracket"]) + inside + re.escape(marks["bracket_end"])
            return f"(?:{text})?" if self.optional else text
        else:
            text = re.escape(marks["aside"]) + f"(?:{self.free})?" + re.escape(marks["close"])
            return f"(?:{text})?" if self.optional else text
        body = f"(?P<{self.group}>{body})" if self.group else body if self.what == "word" else f"(?:{body})"
        if self.what != "word":     # (a choice's lead is the mark before its number)
            body = (re.escape(self.lead) if self.what != "choice" else "") + body + re.escape(self.tail)
        return f"(?:{body})?" if self.optional else body


@dataclass(frozen=True, slots=True)
class LineForm:
    """One way a line of a kind is written: its pieces in order, and the action it makes (``kind``;
    None when a choice's word says it, or for a line without play).

    >>> marks = {"bracket": " [", "bracket_end": "]", "aside": " (", "close": ")"}
    >>> print(LineForm((Piece.word("folds", "fold"), Piece.cards(optional=True))).pattern("AMT", marks))
    (?P<fold>folds)(?:\\ \\[[^\\]]*\\])?
    >>> print(LineForm((Piece.choice({"calls": None, "posts": None}, "verb", inner={"posts": "post"}),
    ...                 Piece.word(" "), Piece.amount("a"))).pattern("AMT", marks))
    (?P<verb>calls|(?P<post>posts))\\ (?P<a>AMT)
    >>> print(LineForm((Piece.choice({"sits out": None}, "misc", open=("deposit ",)),)).pattern("AMT", marks))
    (?P<misc>sits\\ out|deposit\\ .*)
    >>> print(LineForm((Piece.choice({"pot": None, "side pot": None}, "pot", numbered=("side pot",), lead="-"),))
    ...                .pattern("AMT", marks))
    (?P<pot>pot|side\\ pot(?:\\-\\d+)?)
    >>> print(LineForm((Piece.word("T"), Piece.number("max", lead=" ", tail="-max", optional=True),
    ...                 Piece.skip(", ", optional=True), Piece.word(")"))).pattern("AMT", marks))
    T(?:\\ (?P<max>\\d+)\\-max)?(?:,\\ (?:.*?))?\\)
    >>> print(LineForm((Piece.amount("t"), Piece.repeat((Piece.word(" pot "), Piece.amount()), "pots"), Piece.spaces(),
    ...                 Piece.word("|"))).pattern("AMT", marks))
    (?P<t>AMT)(?P<pots>(?:\\ pot\\ (?:AMT))*)\\s*\\|
    """

    pieces: tuple[Piece, ...]
    kind: object = None

    def pattern(self, amount: str, marks: dict[str, str]) -> str:
        return "".join(piece.pattern(amount, marks) for piece in self.pieces)


# ////////////////////////////////////////////////////////////////////// a header's marks and dates
# A header line is declared as pieces too (Piece.mark, Piece.when): its words, an ID, the words of
# its table and stakes, marks and a date and time. Its pattern takes the spaces logs vary in (a
# log's own mark, as written, is what a compiled scanner reads: the pattern's exact case).


def _spaced(text: str) -> str:
    return "".join(r"\s*" if character == " " else re.escape(character) for character in text)


def _dated_pattern(piece: Piece, marks: dict[str, str]) -> str:
    """The pattern of a "mark" or a "when" piece (a field of ``kinds``: its mark after it, fewest, most digits)."""
    if piece.what == "mark":
        return _spaced(piece.words[0])
    date, clock, zone = piece.inner
    (year, month, day, hour, minute, second) = piece.kinds

    def digits(field: tuple[str, int, int]) -> str:
        return rf"\d{{{field[1]},{field[2]}}}"

    written = digits(year) + re.escape(year[0]) + digits(month) + re.escape(month[0]) + digits(day)
    time = digits(hour) + re.escape(hour[0]) + digits(minute) + "(?:" + re.escape(minute[0]) + digits(second) + ")?"
    text = (rf"(?P<{date}>{written})\s+(?:{re.escape(marks['dash'].strip())}\s+)?(?P<{clock}>{time})"
            rf"\s*{re.escape(marks['open'])}?(?P<{zone}>[A-Z]{{1,{piece.most}}})?{re.escape(marks['close'])}?")
    if piece.lead:
        text = _spaced(piece.lead) + text + _spaced(piece.tail)
    return f"(?:{text})?" if piece.optional else text


_AMOUNT_SHAPED = re.compile(r"(?<![\w.,])(" + CURRENCY_SIGN + r"?)(\d(?:[\w.,]*\w)?)(" + CURRENCY_SIGN + ")?")
"""A word that may be an amount: digits, then letters, digits or separators, a currency sign before or after."""


def _steps_read(steps: tuple[tuple, ...], line: str) -> bool:
    """Does a step of a section (:meth:`LineTable._steps`) read ``line``?"""
    return any((not hint or (line.startswith(hint) if at_start else hint in line)) and match(line) is not None
               for match, hint, at_start, _ in steps)


def amount_at_fault(line: str, reads: Callable[[str], bool], decimal_comma: bool | None = False
                    ) -> tuple[str, int] | None:
    """Why a line its pattern does not read is refused when an amount that is none is the cause:
    (the reason, the amount's place in ``line``). An amount-shaped word (a currency sign beside
    its digits, or a point or a comma among them: ``$1.2x5``, ``1,,00``, ``6.0.0€``) that
    :func:`read_amount` refuses is at fault when the line ``reads`` with an amount in its place;
    else None (a seat number ``1x``, or a line wrong elsewhere, keeps the line's own reason).

    >>> reads = re.compile(r"^\\w+: calls \\$\\d+(?:\\.\\d+)?$").match
    >>> amount_at_fault("Anna: calls $1.2x5", reads)
    ("'$1.2x5' is not an amount: expected digits with at most one decimal point, two decimals at most, and \
thousands grouped by commas, such as $1,234.50", 12)
    >>> amount_at_fault("Anna: calls 1x5", reads), amount_at_fault("Anna: raises $1.2x5", reads)
    (None, None)
    """
    for found in _AMOUNT_SHAPED.finditer(line):
        before, digits, after = found.groups()
        if not (before or after or "." in digits or "," in digits):
            continue
        text = before + digits
        try:
            read_amount(text, decimal_comma=decimal_comma)
            continue
        except ValueError as error:
            reason = str(error)
        if reads(line[:found.start(2)] + "1" + line[found.end(2):]):
            return reason, found.start()
    return None


class _LineLexer(Lexer):
    """Hands Lark the tokens the classifier made: one per line."""

    def __init__(self, lexer_conf) -> None:
        pass

    def lex(self, data):
        return iter(data)


_SHAPES_MAX = 100_000


class LineTable:
    """A room's line kinds and what they make: the classifier, the terminals, the error words
    and the grammar's check of a hand's shape.

    ``kinds`` are tried in order; with ``header_kind`` the first is the header, which the reader
    reads on its own. ``grammar`` is the Lark grammar's text or the name of its file in
    ``parsers/grammars``; its terminals are declared from the kinds (and HEADER, BODY). A hand's
    lines fall in ``sections``: the first, then from a line of a kind in ``switches`` on the
    section it names; a kind is tried in the sections its ``section`` names (space-separated,
    or "any"; the default switch: ``summary`` opens the last section). ``body`` are the
    terminals a run of which the grammar sees as one BODY token (``post`` among them only once
    ``hole`` was seen; None: always); ``runs`` the terminals whose consecutive lines make one
    token; ``unreadable`` ends the message for a line no kind reads. A line no kind reads only
    because of an amount that is none (``$1.2x5``) is refused at that amount, read as the room
    reads its amounts (``decimal_comma``, as :func:`read_amount`). ``collect`` names the kind of a
    collect line, after which a hand that ends too soon is told what may still come: no ``street``
    line (the pot is paid, no card is dealt), nor a ``showdown`` line unless one came before (a
    hand run twice shows down again).
    """

    def __init__(self, kinds: tuple[LineKind, ...], *, grammar: str, unreadable: str,
                 terminals: tuple[str, ...] | None = None, summary: str = "SUMMARY",
                 body: frozenset[str] = frozenset(), runs: frozenset[str] = frozenset(),
                 post: str | None = "POST", hole: str | None = "HOLE",
                 sections: tuple[str, ...] = ("play", "summary"), switches: dict[str, str] | None = None,
                 header_kind: bool = True, decimal_comma: bool | None = False, collect: str | None = None,
                 street: str = "STREET", showdown: str = "SHOWDOWN") -> None:
        self.kinds = kinds
        self.collect, self.street, self.showdown = collect, street, showdown
        self.decimal_comma = decimal_comma
        if terminals is None:
            coded = sorted((k for k in kinds if k.code), key=lambda k: k.code)
            terminals = tuple(k.name for k in coded) or tuple(dict.fromkeys(
                ["HEADER", *(k.name for k in kinds if k.name), *(["BODY"] if body else [])]))
        self.terminals: tuple[str, ...] = terminals
        """The terminals of a hand's shape as the grammar sees it."""
        self.words: dict[str, str] = {k.name: k.words for k in kinds if k.name}
        """Terminal names in words, for syntax errors."""
        self.body, self.runs, self.post, self.hole = body, runs, post, hole
        self.unreadable = unreadable
        self.switches = switches if switches is not None else {summary: sections[-1]}
        self._read_from = 1 if header_kind else 0
        self.sections = sections
        self.steps = {section: self._steps(section) for section in sections}
        """The classifier's steps in each section."""
        self.first_section = sections[0]
        self.accepted: set[tuple[str, ...]] = set()
        """Shapes Lark accepted once: the verdict depends on the terminals alone."""
        self._grammar_source = grammar
        self._grammar: Lark | None = None

    def _steps(self, section: str) -> tuple[tuple, ...]:
        """The classifier's steps in a section of a hand: (match, hint, hint at start, kinds) per
        pattern in order, where kinds are (group index or -1, terminal) for the kinds that share
        the pattern."""
        steps: list[list] = []
        for kind in self.kinds[self._read_from:]:     # the header line is read on its own
            if kind.pattern is None or not (kind.section == "any" or section in kind.section.split()):
                continue
            index = kind.pattern.groupindex[kind.group] - 1 if kind.group else -1
            if steps and steps[-1][0] is kind.pattern:
                steps[-1][3].append((index, kind.name))
                continue
            steps.append([kind.pattern, kind.hint.removeprefix("^"), kind.hint.startswith("^"), [(index, kind.name)]])
        return tuple((pattern.match, hint, at_start, tuple(kinds)) for pattern, hint, at_start, kinds in steps)

    def grammar(self) -> Lark:
        """The room's Lark parser, built on first use."""
        if self._grammar is None:
            source = self._grammar_source
            if source.endswith(".lark"):
                source = (GRAMMARS / source).read_text(encoding="utf-8")
            text = source + "\n%declare " + " ".join(self.terminals) + "\n"
            self._grammar = Lark(text, parser="lalr", lexer=_LineLexer)
        return self._grammar

    def classify(self, lines: tuple[str, ...], start: int = 1) -> list[tuple[str, re.Match, int]]:
        """(terminal, match, index) per line from ``start`` that takes part in play; lines
        without play are read and left out, and a line no kind reads is a ParseError."""
        out: list[tuple[str, re.Match, int]] = []
        append = out.append
        by_section = self.steps
        steps = by_section[self.first_section]
        switches = self.switches
        for index in range(start, len(lines)):
            line = lines[index]
            if not line or line.isspace():
                continue
            for match, hint, at_start, kinds in steps:
                if hint and not (line.startswith(hint) if at_start else hint in line):
                    continue
                m = match(line)
                if m is None:
                    continue
                if len(kinds) == 1 and kinds[0][0] < 0:
                    name = kinds[0][1]
                else:
                    groups = m.groups()
                    for group, name in kinds:
                        if group < 0 or groups[group] is not None:
                            break
                if name is not None:
                    if name in switches:
                        steps = by_section[switches[name]]
                    append((name, m, index))
                break
            else:
                fault = amount_at_fault(line, functools.partial(_steps_read, steps), self.decimal_comma)
                if fault is not None:
                    raise ParseError(fault[0], line=index + 1, column=fault[1] + 1, line_text=line)
                section = next(name for name, section_steps in by_section.items() if section_steps is steps)
                unread = f"cannot read {line.strip()[:60]!r}: {self.unreadable}"
                later = self._belongs_later(line, section)
                if later is not None:
                    raise LineOutOfPlace(f"cannot read {line.strip()[:60]!r}: {later}", unread=unread,
                                         line=index + 1, column=1, line_text=line)
                raise ParseError(unread, line=index + 1, column=1, line_text=line)
        return out

    def _belongs_later(self, line: str, section: str) -> str | None:
        """Why ``line``, which no kind of ``section`` reads, stands wrong when it is a line of a
        later section (a 'Total pot' line with no '*** SUMMARY ***' line before it): the line that
        opens that section is missing. None when no later section reads it either."""
        later = self.sections[self.sections.index(section) + 1:]
        for name in later:
            for match, _, _, kinds in self.steps[name]:
                if match(line) is not None and any(kind is not None for _, kind in kinds):
                    opening = [self.words[kind] for kind, target in self.switches.items() if target == name]
                    if opening:
                        return f"it belongs after {' or '.join(opening)}, which is missing before it"
        return None

    def check_shape(self, tokens: list[tuple[str, re.Match | None, int]], lines: tuple[str, ...],
                    header: int = 0) -> None:
        """Does the grammar accept a hand of these line kinds in this order, after its header
        (``lines[header]``)? ``tokens`` are as :meth:`classify` gives them; a ParseError says
        what was expected where. A shape accepted once is remembered."""
        # One token per run of lines of the same terminal: the grammar sees the sections, not
        # each action (a run of actions, posts, shows and collects is one BODY).
        body, runs, post, hole = self.body, self.runs, self.post, self.hole
        kinds = ["HEADER"]
        indexes = [header]
        previous = "HEADER"
        seen_hole = False
        for kind, _, index in tokens:
            if kind in body:
                if kind != post or seen_hole:
                    kind = "BODY"
            elif kind == hole:
                seen_hole = True
            if kind == previous and kind in runs:
                continue
            kinds.append(kind)
            indexes.append(index)
            previous = kind
        # The grammar has no callbacks and the lexer is ours: a shape Lark accepted once is
        # accepted again. Hands come in a few hundred shapes, so Lark checks each once.
        shape = tuple(kinds)
        if shape in self.accepted:
            return
        stream = [Token(kind, lines[index], line=index + 1, column=1) for kind, index in zip(kinds, indexes)]
        try:
            self.grammar().parse(stream)
            if len(self.accepted) < _SHAPES_MAX:
                self.accepted.add(shape)
        except UnexpectedToken as exc:
            token = exc.token
            words = self.words
            names = set(exc.accepts or exc.expected)
            if token.type == "$END" and tokens and tokens[-1][0] == self.collect:
                # the pot is paid: no card comes, nor a showdown but a hand run twice's second one
                names -= {self.street} if self.showdown in kinds else {self.street, self.showdown}
            expected = sorted({words[name] for name in names if name in words})
            wanted = (expected[0] if len(expected) == 1 else ", ".join(expected[:-1]) + " or " + expected[-1]
                      if expected else "nothing more")
            if token.type == "$END":
                raise ParseError(f"the hand ends too soon: expected {wanted}, found the end of the hand",
                                 line=len(lines), column=len(lines[-1]) + 1, line_text=lines[-1]) from None
            raise ParseError(f"expected {wanted}, found {str(token).strip()[:60]!r}",
                             line=token.line, column=1, line_text=str(token)) from None
        except UnexpectedInput as exc:  # pragma: no cover - the custom lexer makes only tokens
            raise ParseError(f"unexpected input: {exc}", line=1, column=1, line_text=lines[0]) from None


_ZERO = Decimal(0)


class StreetBets:
    """What each player has put in on the current street, and the bet to match.

    >>> bets = StreetBets()
    >>> bets.put("SB", Decimal("0.10")), bets.put("BB", Decimal("0.25"))
    (Decimal('0.10'), Decimal('0.25'))
    >>> bets.raise_over("SB", Decimal("0.75"))    # raises to 0.75: 0.50 over the bet
    Decimal('0.50')
    >>> bets.new_street("flop")                     # the big blind folded: the flop deals no bet
    >>> bets.unmatched()                            # the preflop round's 0.50 nobody matched
    ('SB', Decimal('0.50'), None)
    """

    __slots__ = ("bets", "closed", "pot", "street", "top")

    def __init__(self) -> None:
        self.street = None
        self.bets: dict[str, Decimal] = {}
        self.top = _ZERO
        self.pot = _ZERO
        """Every chip put in on every street, less the bets returned."""
        self.closed: tuple | None = None
        """The street and bets of the last round that put chips in, once a later street began."""

    def new_street(self, street) -> None:
        if street != self.street:
            if any(self.bets.values()):
                self.closed = (self.street, self.bets)
            self.street = street
            self.bets = {}
            self.top = _ZERO

    def of(self, player: str) -> Decimal:
        return self.bets.get(player, _ZERO)

    def put(self, player: str, chips: Decimal) -> Decimal:
        """``player`` puts ``chips`` more in; returns his total on the street."""
        total = self.bets[player] = self.bets.get(player, _ZERO) + chips
        self.pot += chips
        self.top = max(self.top, total)
        return total

    def raise_over(self, player: str, total: Decimal) -> Decimal:
        """``player`` raises to ``total``: returns the raise over the bet, as the record wants it."""
        over = total - self.top
        self.pot += total - self.of(player)
        self.bets[player] = total
        self.top = max(self.top, total)
        return over

    def take_back(self, player: str, chips: Decimal) -> None:
        self.bets[player] = self.of(player) - chips
        self.pot -= chips
        self.top = max(self.bets.values(), default=_ZERO)

    def _last_round(self) -> tuple:
        """The street and bets of the hand's last round that put chips in: the current street's, or
        the round before when the streets after it dealt no bet (after a bet nobody matched, none can)."""
        if self.closed is None or any(self.bets.values()):
            return self.street, self.bets
        return self.closed

    def unmatched(self) -> tuple | None:
        """(bettor, chips, street) of the part of the top bet of the hand's last round of bets that
        nobody matched (all the others folded, or went all in for less); None when it was matched."""
        street, bets = self._last_round()
        if not bets:
            return None
        ranked = sorted(bets.items(), key=lambda item: item[1], reverse=True)
        excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else _ZERO)
        return (ranked[0][0], excess, street) if excess > 0 else None

    def return_unmatched(self) -> tuple | None:
        """:meth:`unmatched`, given back to its bettor: off his bet and the pot."""
        found = self.unmatched()
        if found is not None:
            player, chips, _ = found
            _, bets = self._last_round()
            bets[player] -= chips
            self.pot -= chips
            if bets is self.bets:
                self.top = max(bets.values(), default=_ZERO)
        return found


_RankWords = tuple[str | tuple[str, ...], ...] | Mapping[int, str | tuple[str, ...]]
"""A room's word (or words) for each rank, deuce to ace, or by rank for some ranks only."""


class HandWords:
    """How a room names a made hand in a show or summary line, read into the kind and ranks the
    replay holds against the cards (HE-HAND-NAME). ``names``: by category (``rules.evaluator.HandCategory``'s
    names), the ways the room writes it, for ``str.format``: ``rank`` (the hand's top or first rank)
    and ``second_rank`` take a word of ``rank_names``, ``ranks``, ``second_ranks`` one of ``plurals``
    (each a rank's word or words, deuce to ace, or by rank),
    ``low_rank`` a rank not compared (a straight's low end: its top tells it); ``rest``: what may
    follow the name (a kicker). Words that match no name name no hand: a room's name not listed is
    not judged.

    >>> words = HandWords({"PAIR": ("Pair of {ranks}",), "TWO_PAIR": ("Pair of {ranks} and Pair of {second_ranks}",)},
    ...                   ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    ...                    "King", "Ace"), {12: "Aces", 8: "Tens"})
    >>> words.named("Pair of Aces and Pair of Tens")
    ('TWO_PAIR', <Rank.ACE: 12>, <Rank.TEN: 8>)
    >>> words.named("Pair of Kings") is None     # a plural not listed
    True
    """

    __slots__ = ("_parts", "_rank_of", "_read")

    def __init__(self, names: Mapping[str, tuple[str, ...]], rank_names: _RankWords, plurals: _RankWords, *,
                 rest: str = "") -> None:
        words_of = {number: {r: (said,) if isinstance(said, str) else said
                             for r, said in (enumerate(given) if isinstance(given, tuple) else given.items())}
                    for number, given in (("one", rank_names), ("many", plurals))}
        self._rank_of = {(number, word): Rank(r) for number, words in words_of.items()
                         for r, said in words.items() for word in said}
        any_of = {number: "(?:" + "|".join(re.escape(w) for w in sorted((w for said in words.values() for w in said),
                                                                           key=len, reverse=True)) + ")"
                  for number, words in words_of.items()}
        self._parts = tuple(
            (category, re.compile("".join(
                re.escape(words) + ("" if not field else any_of["one"] if field == "low_rank" else
                                    f"(?P<{field}>{any_of[_RANK_FIELDS[field][1]]})")
                for words, field, _, _ in string.Formatter().parse(name)) + f"(?:{rest})?"))
            for category, written in names.items() for name in written)
        self._read: dict[str, tuple[str, Rank | None, Rank | None] | None] = {}

    def named(self, words: str) -> tuple[str, Rank | None, Rank | None] | None:
        """The made hand ``words`` name: its category's name, the rank it names first and its second
        rank (None when not named); None when they name none of the room's names."""
        if words in self._read:     # a table's names recur hand after hand
            return self._read[words]
        said = None
        for category, pattern in self._parts:
            found = pattern.fullmatch(words.strip())
            if found:
                ranks = [None, None]
                for field, word in found.groupdict().items():
                    place, number = _RANK_FIELDS[field]
                    ranks[place] = self._rank_of[(number, word)]
                said = (category, ranks[0], ranks[1])
                break
        if len(self._read) < 10_000:
            self._read[words] = said
        return said

    def named_in_summary(self, what: str, *, between_boards: str | None = None
                         ) -> list[tuple[str, Rank | None, Rank | None] | None]:
        """What a summary line's outcome ``what`` names (as :meth:`named`) after ``' with '``: none when
        it says no ``' with '``; the words to the line's end; or, for a room that names one hand a
        board, ``between_boards`` (the words it writes after a name) ending each name.

        >>> words = HandWords({"PAIR": ("Pair of {ranks}",), "THREE_OF_A_KIND": ("Three {ranks}",)},
        ...                   {8: "Ten"}, {8: "Tens"})
        >>> words.named_in_summary("showed [Td Ts] and lost with Three Tens, and lost with Pair of Tens",
        ...                        between_boards=",")
        [('THREE_OF_A_KIND', <Rank.TEN: 8>, None), ('PAIR', <Rank.TEN: 8>, None)]
        >>> words.named_in_summary("showed [Td Ts] and won (9) with Pair of Tens")
        [('PAIR', <Rank.TEN: 8>, None)]
        >>> words.named_in_summary("mucked [Td Ts]")
        []
        """
        if _WITH not in what:
            return []
        if between_boards is None:
            return [self.named(what[what.index(_WITH) + len(_WITH):])]
        return [self.named(after.split(between_boards, 1)[0]) for after in what.split(_WITH)[1:]]


def named_hand(player: str, said: tuple[str, Rank | None, Rank | None] | None, board: int,
               line: int, cards: tuple[Card, ...] = ()) -> NamedHand | None:
    """The record of the made hand a line of ``player`` names on ``board``: in words, ``said``
    (:meth:`HandWords.named`), and by the ``cards`` it lists; None when it names none either way."""
    if said is None and not cards:
        return None
    category, rank, second_rank = said or (None, None, None)
    return NamedHand(player=player, category=category, rank=rank, second_rank=second_rank, cards=cards,
                     board=board, line=line)


_WITH = " with "
"""The words before a made hand's name in a summary line, in every room that names one there."""
_RANK_FIELDS = {"rank": (0, "one"), "ranks": (0, "many"), "second_rank": (1, "one"), "second_ranks": (1, "many")}
"""What each rank field of a room's hand names is: the named hand's first or second rank, in a
rank's word or its plural."""


_action = slot_filler(Action)   # street, player, kind, amount, raise_to, is_all_in, is_capped, cards, pot, board, line
_hole = slot_filler(HoleCards)              # player, cards, how, line
_summary_seat = slot_filler(SummarySeat)    # seat, player, won, cards, text, line


class StreetActions:
    """A hand's play as the record wants it, built line by line: every room's reader reads a
    line with its own grammar and hands what it says to one of these methods, so that a fold,
    a bet or a show means the same in every room.

    Rooms write a bet in one of two ways. Some write the raise and the total
    (``raises 2 to 4``): :meth:`raise_to` takes them as they are. Others write the chips a line
    adds (``raises [$2.50]``, ``Calls $0.50``): with ``track_bets`` the builder keeps each
    player's bet on the street (:attr:`bets`) and :meth:`put_in` turns the chips into the
    record's call, bet or raise over the bet.

    >>> play = StreetActions(track_bets=True)
    >>> play.post("Anna", ActionKind.POST_SB, Decimal("0.50"), 8)
    >>> play.post("Boris", ActionKind.POST_BB, Decimal("1"), 9)
    >>> play.put_in("Anna", Decimal("2.50"), 11, "raise")     # adds 2.50 to her 0.50: raises to 3
    >>> play.put_in("Boris", Decimal("2"), 12, "call")
    >>> play.to_street(Street.FLOP)
    >>> play.put_in("Boris", Decimal("3"), 14, "open")        # nothing to match: a bet
    >>> [(a.player, str(a.kind), str(a.amount), a.raise_to) for a in play.actions[2:]]
    [('Anna', 'raise', '2.00', Decimal('3.00')), ('Boris', 'call', '2', None), ('Boris', 'bet', '3', None)]
    >>> play.bets.pot
    Decimal('9.00')
    """

    __slots__ = ("actions", "bets", "holes", "named_hands", "run", "street", "summary_seats")

    def __init__(self, *, track_bets: bool = False) -> None:
        self.actions: list[Action] = []
        self.named_hands: list[NamedHand] = []
        """The made hands the show and summary lines name (HoldemHand.named_hands)."""
        self.holes: list[HoleCards] = []
        self.summary_seats: list[SummarySeat] = []
        self.street = Street.PREFLOP
        self.run = 0
        """The board a hand run more than once is on (0 the first)."""
        self.bets: StreetBets | None = None
        if track_bets:
            self.bets = StreetBets()
            self.bets.new_street(Street.PREFLOP)

    def to_street(self, street: Street, run: int = 0) -> None:
        """A street (or the showdown) begins, of the board ``run``."""
        self.street, self.run = street, run
        if self.bets is not None:
            self.bets.new_street(street)

    def post(self, player: str, kind: ActionKind, amount: Decimal, line: int, all_in: bool = False,
             live: Decimal | None = None) -> None:
        """A post before the deal; ``live`` is the part of it that counts as the player's bet
        (all of a blind, none of an ante, the big blind of a dead blind's small and big)."""
        if self.bets is not None:
            if live is None:
                live = _ZERO if kind is ActionKind.POST_ANTE else amount
            self.bets.put(player, live)
            self.bets.pot += amount - live
        self.actions.append(_action(Street.PREFLOP, player, kind, amount, None, all_in, False, (), None, 0, line))

    def fold(self, player: str, line: int) -> None:
        self.actions.append(_action(self.street, player, ActionKind.FOLD, _ZERO, None, False, False, (), None, 0, line))

    def check(self, player: str, line: int) -> None:
        self.actions.append(_action(self.street, player, ActionKind.CHECK, _ZERO, None, False, False, (), None, 0, line))

    def call(self, player: str, amount: Decimal, line: int, all_in: bool = False) -> None:
        """A call of ``amount`` chips, as the line writes it."""
        if self.bets is not None:
            self.bets.put(player, amount)
        self.actions.append(_action(self.street, player, ActionKind.CALL, amount, None, all_in, False, (), None, 0,
                                    line))

    def bet(self, player: str, amount: Decimal, line: int, all_in: bool = False, capped: bool = False) -> None:
        """The first bet of a street, of ``amount`` chips."""
        if self.bets is not None:
            self.bets.put(player, amount)
        self.actions.append(_action(self.street, player, ActionKind.BET, amount, None, all_in, capped, (), None, 0,
                                    line))

    def raise_to(self, player: str, over: Decimal | None, total: Decimal, line: int, all_in: bool = False,
                 capped: bool = False) -> None:
        """A raise to ``total``, ``over`` the bet as the line writes it (None: the builder's
        bets tell it; with nothing to raise it is a bet of ``total``)."""
        bets = self.bets
        if bets is not None:
            if over is None and bets.top == 0:
                self.bet(player, total, line, all_in, capped)
                return
            over_bets = bets.raise_over(player, total)
            if over is None:
                over = over_bets
        self.actions.append(_action(self.street, player, ActionKind.RAISE, over, total, all_in, capped, (), None, 0,
                                    line))

    def put_in(self, player: str, chips: Decimal, line: int, how: str, all_in: bool = False,
               total: Decimal | None = None) -> None:
        """A line that puts ``chips`` more in (or brings the player's bet to ``total``), for
        rooms that write what a line adds (needs ``track_bets``). ``how`` is what the room's
        word means: "call", "bet" or "raise" always that; "open" a bet with nothing to match,
        else a raise; "any" (an all-in) a call when it does not top the bet, else as "open"."""
        bets = self.bets
        if total is None:
            added = chips
            total = bets.of(player) + chips
        else:
            added = total - bets.of(player)
        top = bets.top
        if how == "call" or (how == "any" and total <= top):
            bets.put(player, added)
            kind = ActionKind.CALL
        elif how == "bet" or (how != "raise" and top == 0):
            bets.put(player, added)
            kind = ActionKind.BET
        else:
            over = bets.raise_over(player, total)
            self.actions.append(_action(self.street, player, ActionKind.RAISE, over, total, all_in, False, (), None,
                                        0, line))
            return
        self.actions.append(_action(self.street, player, kind, added, None, all_in, False, (), None, 0, line))

    def stated(self, m: re.Match, line: int, read=read_amount, player: str | None = None) -> None:
        """An action line of a room that writes raises as ``raises X to Y``, read by a pattern
        whose groups are named ``fold``, ``check``, ``verb`` (``calls`` or ``bets``) and ``a``,
        ``ra`` and ``rt`` (the raise and its total), ``allin``; ``read`` reads the room's amounts."""
        if player is None:
            player = m["p"]
        if m["fold"]:
            self.fold(player, line)
        elif m["check"]:
            self.check(player, line)
        elif m["ra"]:
            self.raise_to(player, read(m["ra"]), read(m["rt"]), line, m["allin"] is not None)
        elif m["verb"] == "calls":
            self.call(player, read(m["a"]), line, m["allin"] is not None)
        else:
            self.bet(player, read(m["a"]), line, m["allin"] is not None)

    def uncalled(self, player: str, amount: Decimal, line: int) -> None:
        """The part of a bet nobody called goes back to ``player``."""
        if self.bets is not None:
            self.bets.take_back(player, amount)
        self.actions.append(_action(self.street, player, ActionKind.UNCALLED, amount, None, False, False, (), None, 0,
                                    line))

    def return_unmatched(self, line: int, *, within: bool = False) -> Action | None:
        """ROOM-UNCALLED, for rooms that write no return of a bet nobody called: the part of the top
        bet of the hand's last round of bets that nobody matched goes back to its bettor, as an
        uncalled action of that round's street, at ``line``, right after the hand's last bet, fold
        or post (before any show or collection). With ``within`` the room's collect (or win) lines
        pay it back with the pot: it is taken off the bettor's collections, the last pot's first (a
        side pot may hold his chips alone), a collection left at nothing is dropped, and the return
        stands at the line of the one that paid it. Collections of his that hold less than it do
        not pay it: they are left as written. The return, if any, is given back.

        >>> play = StreetActions(track_bets=True)
        >>> play.post("Anna", ActionKind.POST_SB, Decimal(1), 5)
        >>> play.post("Boris", ActionKind.POST_BB, Decimal(2), 6)
        >>> play.put_in("Anna", Decimal(7), 8, "raise")                 # to 8
        >>> play.put_in("Boris", Decimal(4), 9, "call", all_in=True)    # all in for 6
        >>> play.to_street(Street.FLOP)
        >>> play.show("Boris", (), 11)
        >>> play.collect("Anna", Decimal(2), 12, "side pot 1")          # her own 2 back: she lost
        >>> play.collect("Boris", Decimal(12), 13, "main pot")
        >>> back = play.return_unmatched(14, within=True)
        >>> [(a.player, str(a.kind), str(a.amount), a.line) for a in play.actions[3:]]
        [('Boris', 'call', '4', 9), ('Anna', 'uncalled', '2', 12), ('Boris', 'show', '0', 11), \
('Boris', 'collect', '12', 13)]
        >>> str(back.street), play.bets.pot
        ('preflop', Decimal('12'))
        """
        found = self.bets.return_unmatched()
        if found is None:
            return None
        player, chips, street = found
        actions = self.actions
        paying = [k for k, a in enumerate(actions) if a.kind is ActionKind.COLLECT and a.player == player]
        if within and sum(actions[k].amount for k in paying) >= chips:
            owed = chips
            for k in sorted(paying, key=lambda k: pot_code(actions[k].pot), reverse=True):
                if owed == chips:
                    line = actions[k].line
                taken = min(owed, actions[k].amount)
                actions[k] = replace(actions[k], amount=actions[k].amount - taken)
                owed -= taken
                if not owed:
                    break
            actions[:] = [a for a in actions if a.kind is not ActionKind.COLLECT or a.amount]
        place = next((k + 1 for k in range(len(actions) - 1, -1, -1)
                      if actions[k].kind.is_betting or actions[k].kind.is_post), 0)
        back = _action(street, player, ActionKind.UNCALLED, chips, None, False, False, (), None, 0, line)
        actions.insert(place, back)
        return back

    def show(self, player: str, cards: tuple[Card, ...], line: int, shown: bool = True,
             street: Street | None = None, hole: bool = True) -> None:
        """``player`` shows (or, ``shown`` False, mucks face up) ``cards``: an action, and (unless
        ``hole`` is False: the room's line shows other cards than his own two) his hole cards."""
        self.actions.append(_action(self.street if street is None else street, player,
                                    ActionKind.SHOW if shown else ActionKind.MUCK, _ZERO, None, False, False, cards,
                                    None, self.run, line))
        if cards and hole:
            self.holes.append(_hole(player, cards, CardsHow.SHOWN if shown else CardsHow.MUCKED, line))

    def name_hand(self, player: str, said: tuple[str, Rank | None, Rank | None] | None, line: int,
                  board: int | None = None, cards: tuple[Card, ...] = ()) -> None:
        """A show or summary line of ``player`` names the made hand ``said`` (:meth:`HandWords.named`;
        None: no name the room's words read) and lists its ``cards`` (none: ()) on ``board`` (the
        current run's when None)."""
        hand = named_hand(player, said, self.run if board is None else board, line, cards)
        if hand is not None:
            self.named_hands.append(hand)

    def muck(self, player: str, line: int, street: Street | None = None) -> None:
        """``player`` mucks, or does not show, his cards unseen."""
        self.actions.append(_action(self.street if street is None else street, player, ActionKind.MUCK, _ZERO, None,
                                    False, False, (), None, self.run, line))

    def collect(self, player: str, amount: Decimal, line: int, pot: str | None = "pot", run: int | None = None,
                street: Street | None = None) -> None:
        """``player`` takes ``amount`` from ``pot`` (of the board ``run``: the current one)."""
        self.actions.append(_action(self.street if street is None else street, player, ActionKind.COLLECT, amount,
                                    None, False, False, (), pot, self.run if run is None else run, line))

    def pot_street(self) -> Street:
        """The street a collect goes on, as PokerStars writes it: the showdown while two players or
        more are left in, else (the others folded) the street of the last fold. A player is in once
        he acts in a round, posts a blind or is all-in by a post (an ante alone is no sign: a player
        sitting out antes too), until he folds.

        >>> play = StreetActions()
        >>> play.post("Anna", ActionKind.POST_SB, Decimal(1), 5)
        >>> play.post("Boris", ActionKind.POST_BB, Decimal(2), 6)
        >>> play.call("Anna", Decimal(1), 8)
        >>> play.to_street(Street.FLOP)
        >>> play.bet("Boris", Decimal(2), 10)
        >>> str(play.pot_street())                   # Anna still to act
        'showdown'
        >>> play.fold("Anna", 11)
        >>> play.to_street(Street.SHOWDOWN)          # a room's summary: Boris won on the flop
        >>> str(play.pot_street())
        'flop'
        """
        folds = [a for a in self.actions if a.kind is ActionKind.FOLD]
        folded = {a.player for a in folds}
        left_in = {a.player for a in self.actions if a.player not in folded and (
            a.kind.is_betting or a.kind.is_post and a.kind is not ActionKind.POST_ANTE or a.is_all_in)}
        if len(left_in) > 1 or not folds:
            return Street.SHOWDOWN
        return folds[-1].street

    def dealt(self, player: str, cards: tuple[Card, ...], line: int) -> None:
        """``player`` is dealt ``cards`` (none: his cards are not shown to the log's owner)."""
        if cards:
            self.holes.append(_hole(player, cards, CardsHow.DEALT, line))

    def dealt_more(self, player: str, cards: tuple[Card, ...], line: int) -> None:
        """``player`` is dealt ``cards`` more, as a room that deals a line a card writes it: they
        join his dealt cards (the record keeps his first card's line), so a card dealt twice or a
        third card stays in the record for the replay to judge."""
        for k, record in enumerate(self.holes):
            if record.player == player and record.how is CardsHow.DEALT:
                self.holes[k] = _hole(player, record.cards + cards, CardsHow.DEALT, record.line)
                return
        self.dealt(player, cards, line)

    def summary_seat(self, seat: int, player: str, won: tuple[Decimal, ...], cards: tuple[Card, ...], text: str,
                     line: int) -> None:
        """A seat's summary line: what it won, and the cards it showed (``text`` starts "showed")
        or mucked, which are his hole cards too."""
        self.summary_seats.append(_summary_seat(seat, player, won, cards, text, line))
        if cards:
            self.holes.append(_hole(player, cards, CardsHow.SHOWN if text.startswith("showed") else CardsHow.MUCKED,
                                    line))


# ////////////////////////////////////////////////////////////////////// the streets, judged once
# by deal_street, for every room's reader (BoardDeals) and PokerStars' compiled scanner (whose Numba
# cache follows its own file only: touch parsers/pokerstars_fast.py after a change here). DEALT;
# OTHER_BOARD, dealt too, its line repeating the board otherwise (HE-BOARD); or why a reader refuses a line.
DEALT, STREET_AGAIN, SHOWDOWN_AGAIN, NO_BOARD_BEFORE, OTHER_BOARD = range(5)
_SHOWN_DOWN = 4
_STREET_NUMBER = {street: number for number, street in enumerate(Street)}     # the flop 1 … the showdown 4
_NO_BOARD = np.full((3, 5), -1, np.int64)     # the boards of a hand's three runs before its first street line
_REFUSALS = ("", "a {what} line after the {reached} of its run: each street is dealt once, in order",
             "the showdown is written a second time", "a {what} line with no street line before it: a street line is lost")
_STREET_NAMES = ("hole cards", "FLOP", "TURN", "RIVER", "SHOW DOWN")


@entry_in_place
def deal_street(boards, reached, run, street, cards, n, repeated, before):
    """A marker line of board ``run`` deals ``street`` (1-3 the flop, turn, river; 4 the showdown),
    writing ``cards[:n]``, the first ``repeated`` of them the board so far (-1: none). ``boards`` (per
    run, card codes, -1 after the last) and ``reached`` (per run, the last street dealt) take a line
    DEALT. Each street is dealt once per run, in order; the cards repeated are the run's board, or on
    its first street line the nearest earlier run's (a hand run twice after the flop shares them);
    ``before`` gets the board so far. A line that repeats other cards (OTHER_BOARD) deals its new
    cards after the board so far: each card is dealt once, at its street, and a later line only
    repeats it."""
    if street <= reached[run]:
        return STREET_AGAIN if street < _SHOWN_DOWN else SHOWDOWN_AGAIN
    reached[run] = street
    if street == _SHOWN_DOWN:
        return DEALT
    if repeated >= 0:
        source = run
        while source >= 0 and boards[source, 0] < 0:
            source -= 1
        if source < 0:
            return NO_BOARD_BEFORE
        same = True     # (loops, not array expressions: those allocate, on every line the scanner reads)
        for k in range(before.shape[0]):
            before[k] = boards[source, k] if source == run or k < repeated else -1
            same = same and (before[k] == cards[k] if k < repeated else before[k] < 0)
        if not same:
            kept = 0
            while kept < before.shape[0] and before[kept] >= 0:
                kept += 1
            for k in range(boards.shape[1]):
                new = repeated + k - kept
                boards[run, k] = before[k] if k < kept else cards[new] if new < n else -1
            return OTHER_BOARD
    for k in range(boards.shape[1]):
        boards[run, k] = cards[k] if k < n else -1
    return DEALT


class BoardDeals:
    """The boards a hand's street lines deal, run by run (up to three), as :func:`deal_street` judges
    them, for every room whose street lines repeat the board so far (``*** TURN *** [2c 7d 9s] [Jh]``):
    a line that repeats it otherwise keeps the cards dealt before, and the first such line is
    ``change`` (its line, the card dealt and the card written at the first place they differ, codes,
    -1 for none), which the engine words as ``HE-BOARD``; a street dealt twice, or out of order, is a
    ParseError.

    >>> deals = BoardDeals()
    >>> deals.deal(0, Street.FLOP, read_cards("2c 7d 9s", 0, ""), -1, 13, 0, ("*** FLOP *** [2c 7d 9s]",))
    >>> deals.deal(0, Street.TURN, read_cards("2c Kh 9s Jh", 0, ""), 3, 14, 0, ("*** TURN *** [2c Kh 9s] [Jh]",))
    >>> [" ".join(map(str, board)) for board in deals.boards()], deals.change[0], [str(Card.from_code(code)) for code in deals.change[1:]]
    (['2c 7d 9s Jh'], 14, ['7d', 'Kh'])
    """

    __slots__ = ("before", "boards_dealt", "change", "reached")

    def __init__(self) -> None:
        self.boards_dealt = _NO_BOARD.copy()
        self.reached = np.zeros(3, np.int64)
        self.before = np.empty(5, np.int64)
        self.change: tuple[int, int, int] | None = None

    def deal(self, run: int, street: Street, cards: tuple[Card, ...], repeated: int, line: int, index: int,
             lines) -> None:
        """Street line ``index`` (file line ``line``) of board ``run`` deals ``street`` (or shows
        down), writing ``cards``, the first ``repeated`` of them the board so far (-1: none)."""
        street = _STREET_NUMBER[street]
        if len(cards) > self.boards_dealt.shape[1]:     # more cards than five: the engine's to judge
            self.boards_dealt = np.pad(self.boards_dealt, ((0, 0), (0, len(cards))), constant_values=-1)
            self.before = np.empty(self.boards_dealt.shape[1], np.int64)
        codes = [c.code for c in cards]
        said = deal_street(self.boards_dealt, self.reached, run, street, np.array(codes, np.int64), len(cards),
                           repeated, self.before)
        if said == OTHER_BOARD:
            if self.change is None:
                board = [code for code in self.before.tolist() if code >= 0]
                written = codes[:repeated]
                at = next(k for k in range(max(len(board), len(written)))
                          if k >= len(board) or k >= len(written) or board[k] != written[k])
                self.change = (line, board[at] if at < len(board) else -1, written[at] if at < len(written) else -1)
        elif said != DEALT:
            raise ParseError(_REFUSALS[said].format(what=_STREET_NAMES[street],
                                                    reached=_STREET_NAMES[self.reached[run]]),
                             line=index + 1, column=1, line_text=lines[index])

    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """The boards dealt, one a run that dealt a street (one empty board where none did)."""
        return tuple(tuple(Card.from_code(c) for c in board if c >= 0)
                     for board in self.boards_dealt.tolist() if board[0] >= 0) or ((),)
