"""Syntax errors that say where and what, in words.

>>> err = ParseError("expected a card like As or 10♥", line=3, column=9, line_text="Hands: Bo [Ax]")
>>> print(err.render("club.txt"))
club.txt:3:9: expected a card like As or 10♥
  Hands: Bo [Ax]
          ^
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from rules.findings import quoted_name
from rules.words import listed_name, printing_alike


class ParseError(ValueError):
    """A game whose text does not parse: the reason in words and its position.

    ``line`` is counted from the first line of the game's text (1-based) until the splitter
    shifts it to the file's numbering with :meth:`shifted`.
    """

    def __init__(self, reason: str, *, line: int = 1, column: int = 1, line_text: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column
        self.line_text = line_text

    def shifted(self, first_line: int) -> ParseError:
        return type(self)(self.reason, line=self.line + first_line - 1, column=self.column,
                          line_text=self.line_text)

    def render(self, file: str) -> str:
        caret = " " * (max(self.column, 1) - 1) + "^"
        return f"{file}:{self.line}:{self.column}: {self.reason}\n  {self.line_text}\n  {caret}"

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.reason}"


class UnsupportedGame(ParseError):
    """A game of a kind Rasklad does not read (Omaha, Stud, a room's tournament text it does not
    replay), refused by what its header names: the reason stands whatever else its text holds, a
    byte that could not be read included. ``game`` is the game as its text names it (``5 Card
    Draw``; '' when it names none), which its quarantine row is filed under
    (:func:`parsers.formats.quarantine_game`), never under a game Rasklad reads."""

    def __init__(self, reason: str, *, game: str = "", line: int = 1, column: int = 1, line_text: str = "") -> None:
        super().__init__(reason, line=line, column=column, line_text=line_text)
        self.game = game

    def shifted(self, first_line: int) -> UnsupportedGame:
        return UnsupportedGame(self.reason, game=self.game, line=self.line + first_line - 1, column=self.column,
                               line_text=self.line_text)


class LineOutOfPlace(ParseError):
    """A line its section cannot read that a later section reads: the reason says that the line
    opening that section is missing before it. ``unread`` is the reason for a line that cannot be
    read at all, which a line a crash cut (:attr:`parsers.source.Chunk.cut_by_crash`) is given: its
    fragment (``Seat 4: Bob ($5``) may read as a later line and was never out of place."""

    def __init__(self, reason: str, *, unread: str, line: int = 1, column: int = 1, line_text: str = "") -> None:
        super().__init__(reason, line=line, column=column, line_text=line_text)
        self.unread = unread

    def shifted(self, first_line: int) -> LineOutOfPlace:
        return LineOutOfPlace(self.reason, unread=self.unread, line=self.line + first_line - 1, column=self.column,
                              line_text=self.line_text)

    def as_unread(self) -> ParseError:
        """The same fault told as a line that cannot be read."""
        return ParseError(self.unread, line=self.line, column=self.column, line_text=self.line_text)


class UnstatedRule(ParseError):
    """A game whose log leaves unstated a rule its replay needs (Winning's older text names no
    betting structure): the user states it with a setting (``pipeline.table_rules``), and
    :meth:`read` reads the game under it. Without a setting the game stays in quarantine, its
    reason naming the setting to give.

    ``rule`` is the kind of setting (``betting``); ``site`` and ``table`` are the game's room and
    table, which a setting may name. ``then`` is the kind of the setting its reading under one
    asks for next (Six Plus Hold'em's ``order``): the reason names both, so that one ingest given
    both reads the game, and ``reason_then_set`` names this one alone, for when the other is set."""

    def __init__(self, reason: str, *, rule: str, site: str, table: str | None,
                 read: Callable[[str], Any], then: str | None = None, reason_then_set: str = "",
                 line: int = 1, column: int = 1, line_text: str = "") -> None:
        super().__init__(reason, line=line, column=column, line_text=line_text)
        self.rule, self.site, self.table = rule, site, table
        self.then, self.reason_then_set = then, reason_then_set
        self._read = read
        self._shift = 0

    def read(self, option: str) -> Any:
        """The game's record under ``option`` (``no_limit``); a ParseError in the file's numbering."""
        try:
            return self._read(option)
        except ParseError as error:
            raise error.shifted(self._shift + 1) if self._shift else error from None

    def shifted(self, first_line: int) -> UnstatedRule:
        moved = UnstatedRule(self.reason, rule=self.rule, site=self.site, table=self.table, read=self._read,
                             then=self.then, reason_then_set=self.reason_then_set, line=self.line + first_line - 1,
                             column=self.column, line_text=self.line_text)
        moved._shift = self._shift + first_line - 1
        return moved

    def then_set(self) -> UnstatedRule:
        """The same game, its reason naming this setting alone: the one asked next (``then``) is set."""
        alone = UnstatedRule(self.reason_then_set, rule=self.rule, site=self.site, table=self.table,
                             read=self._read, line=self.line, column=self.column, line_text=self.line_text)
        alone._shift = self._shift
        return alone


CARD_WANTED = "a card like As or 10♥"
"""What every reader says it expected where a card cannot be read (its grammar's ``CARD``)."""

TEXT_WANTED = "some text"
"""What every club reader says is missing from a line of free text left empty (``Club:``, ``Table:``,
``Rules:``): its grammar's terminal for the rest of the line (``REST``, ``TEXT``)."""

_CARD_WORD = re.compile(r"[^\s,;:#\[\]]+")
"""A card's word: cards are parted by blanks or commas, bracketed, and end a clause (``;``),
a line's heading (``:``) or the text before a comment (``#``)."""


def not_a_card(word: str) -> str:
    """The reason a card cannot be read, every reader's, given at the card's own column: the word
    written, quoted whole (a clerk told ``'2'`` of a ``2x`` is not told which card it is).

    >>> not_a_card("2x")
    "expected a card like As or 10♥, found '2x'"
    """
    return f"expected {CARD_WANTED}, found {word!r}"


def not_among_players(name: str, players: tuple[str, ...]) -> str:
    """The reason a game is refused for a name its lines give that is not among its ``Players:``
    (a misspelling read as a player of its own would take another's part of the game)."""
    # (a look-alike letter named, as every list of players shows it: 'Aнна' is not the Анна listed)
    alike = printing_alike(players)
    return f"{quoted_name(name)} is not one of the players ({', '.join(listed_name(p, alike) for p in players)})"


LARGEST_WHOLE = 32_767
"""The greatest whole number a club log may write where it numbers or counts (a round, a trick,
a hand or a box; cards dealt, a bid, tricks taken): the warehouse keeps them in 16 bits. A
larger one quarantines its game at its column (``out_of_range``); one that fits and breaks a
rule (a bid above the cards in hand) is the rule's finding."""


def out_of_range(what: str, why: str = "", largest: int = LARGEST_WHOLE) -> str:
    """The reason a game is refused for a number above ``largest``, at the number's column;
    ``why``: what the rules allow there, when they bound it.

    >>> out_of_range("a bid of 40000", "a hand of this round has 1 card")
    'a bid of 40000 is out of range: a hand of this round has 1 card, and no number above 32767 can be stored'
    >>> out_of_range("round number 32768")
    'round number 32768 is out of range: no number above 32767 can be stored'
    """
    return f"{what} is out of range: {why + ', and ' if why else ''}no number above {largest} can be stored"


def stored_number(match, group: str, what: str, line: int, line_text: str) -> int | None:
    """The whole number ``match`` read in ``group`` (None when the group read nothing), where a
    room's line numbers a seat or counts a table's seats; a ParseError at its column, in words
    (:func:`out_of_range`), when it is larger than the warehouse stores. ``what`` names it around
    its digits (``"seat {}"``); ``line`` and ``line_text``: the line as the reader's errors cite it.

    >>> import re
    >>> seat = re.match(r"Seat (?P<n>\\d+): ", "Seat 32768: Anna ($100 in chips)")
    >>> try:
    ...     stored_number(seat, "n", "seat {}", 3, seat.string)
    ... except ParseError as error:
    ...     print(error)
    line 3, column 6: seat 32768 is out of range: no number above 32767 can be stored
    >>> stored_number(re.match(r"Seat #(?P<n>\\d+)", "Seat #0000005"), "n", "button seat {}", 2, "Seat #0000005")
    5
    """
    digits = match[group]
    if digits is None:
        return None
    # (leading zeros are Winamax's own, "Seat #0000005"; a number of thousands of digits, which
    # int() refuses, is told by its length first)
    if len(digits.lstrip("0")) > len(str(LARGEST_WHOLE)) or int(digits) > LARGEST_WHOLE:
        raise ParseError(out_of_range(what.format(digits)), line=line, column=match.start(group) + 1,
                         line_text=line_text)
    return int(digits)


SEAT_WORDS = "seat {}"
TABLE_WORDS = "a table of {} seats"
BUTTON_WORDS = "button seat {}"
"""What :func:`stored_number` calls the numbers of the rooms' seat, table and button lines."""


def cards_in_words(count: int) -> str:
    """``count`` cards in words: '1 card', '2 cards'."""
    return f"{count} card" + ("" if count == 1 else "s")


def from_lark(exc: UnexpectedInput, text: str, words: dict[str, str]) -> ParseError:
    """Turn Lark's error into a ParseError whose reason names the expected things in words.

    ``words`` maps terminal names of the grammar to phrases ("CARD" → "a card like As or 10♥");
    terminals without a phrase are left out, so the sentence only names what a person writes.
    """
    lines = text.split("\n")
    line = getattr(exc, "line", None) or len(lines)
    column = getattr(exc, "column", None) or 1
    at_end = isinstance(exc, UnexpectedEOF) or isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    if line < 0 or at_end:
        # Lark reports the end of input as line -1, or at the start of the last token: the end is
        # after the last character written
        written = text.rstrip("\n").split("\n")
        line, column = len(written), len(written[-1]) + 1
    line_text = lines[line - 1] if 0 < line <= len(lines) else ""
    end = words.get("$END", "the end of the game")     # a text of one line ends with the line
    cut_short = False   # the line stops where a thing was expected: the thing is missing
    if at_end:
        expected = exc.expected if isinstance(exc, UnexpectedEOF) else exc.accepts or exc.expected
        seen = end
        # a text of one line (its words name its end, "$END") stops at its line's end, as a game's
        # line that ends before its newline: told in the same words
        cut_short = "$END" in words
    elif isinstance(exc, UnexpectedToken):
        expected = exc.accepts or exc.expected
        cut_short = not str(exc.token).strip()
        seen = f"{str(exc.token).strip()!r}"
    elif isinstance(exc, UnexpectedCharacters):
        expected = exc.allowed or set()
        seen = repr(line_text[column - 1:column + 15].rstrip() or line_text)
    else:
        expected, seen = set(), "this"
    phrases = sorted({words[name] for name in expected if name in words})
    history = getattr(exc, "token_history", None) or ()
    card = history[-1] if history and history[-1].type == "CARD" else None
    if card is not None and not at_end and (card.end_line, card.end_column) == (line, column):
        # the lexer read a card from the start of a longer word (the 'A♥' of 'A♥x') and stopped at
        # the rest: the card written is the whole word, quoted at its own column
        written = _CARD_WORD.match(line_text, card.column - 1)
        if written and len(written.group()) > len(card):
            return ParseError(not_a_card(written.group()), line=line, column=card.column, line_text=line_text)
    card_word = _CARD_WORD.match(line_text, column - 1) if "CARD" in {str(name) for name in expected} else None
    if card_word and not at_end:
        # Lark shows what its lexer took, part of a card (the '2' of '2x') or the rest of the line
        # (from 'Ax' on): the card is quoted whole, as the readers that read their cards do
        if phrases == [words.get("CARD")]:
            return ParseError(not_a_card(card_word.group()), line=line, column=column, line_text=line_text)
        seen = repr(card_word.group())
    before = line_text[:column - 1].split()
    if phrases and cut_short and before:
        wanted = phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]
        reason = f"{wanted} is missing after {before[-1]!r}"
    elif phrases:
        wanted = phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]
        reason = f"expected {wanted}, found {seen}"
    else:
        reason = f"unexpected {seen}"
    return ParseError(reason, line=line, column=column, line_text=line_text)
