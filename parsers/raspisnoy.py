"""Raspisnoy poker game logs and score sheets → ``RaspisnoyGame`` and ``RaspisnoySheet`` records.

The grammars are ``grammars/raspisnoy_log.lark`` and ``grammars/raspisnoy_sheet.lark``, each on
two levels. Lark (LALR) checks the game's shape over whole lines: every line is classified by its
first word with one precompiled pattern and handed to Lark as one token (a custom lexer), in
order, so the first error in the text is the one reported. The fields of each line are read by a
precompiled pattern of that kind of line; a line its pattern does not read is parsed alone by the
grammar's rule for that line, which says where (line, column) and what was expected in words, or
reads it when it is a form the pattern does not know. ~25 µs per Lark token made the token-level
grammar cost ~180 ms for a 36-round game; this way costs a few µs per line. Line numbers in
records are file lines.

>>> from rules.records import Source
>>> src = Source(file="x.txt", first_line=1, last_line=4, game_id="0")
>>> lines = ("Raspisnoy sheet S", "Players: A | B | C", "First dealer: A", " # cards kind | A | B | C",
...          " 1 1 regular | 1/1 10 | 0/0 5 | 0/0 5")
>>> parse_sheet(lines, src).rows[0].cells[0]
SheetCell(player='A', bid=1, tricks=1, total=Decimal('10'))
>>> parse_sheet(lines[:4] + (" 1 1 regular | 1/1 10 | 0/0 5 | 0/Ax 5",), src)
Traceback (most recent call last):
...
parsers.errors.ParseError: line 5, column 35: expected the tricks taken (a whole number), found 'Ax'
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from parsers.errors import ParseError, from_lark
from rules.cards import Card, CardError
from rules.raspisnoy import (
    Declaration,
    Play,
    RaspisnoyGame,
    RaspisnoySheet,
    Round,
    RoundKind,
    Ruleset,
    RulesetError,
    SheetCell,
    SheetRow,
    Trick,
    Written,
    split_settings,
)
from rules.records import GameInfo, Source

_GRAMMARS = Path(__file__).resolve().parent / "grammars"

WORDS = {
    "_GAME": "'Raspisnoy game <name>'",
    "_SHEET": "'Raspisnoy sheet <name>'",
    "_DATE": "'Date:'",
    "_CLUB": "'Club:'",
    "_TABLE": "'Table:'",
    "_PLAYERS": "'Players:'",
    "_RULES": "'Rules:'",
    "_FIRST_DEALER": "'First dealer:'",
    "_ROUND": "a round header like 'Round 1: 1 card, regular, dealer Anna, trump 9h'",
    "_CARDS": "'cards'",
    "_KIND": "'kind'",
    "KIND": "a round kind (regular, no-trump, blind, misere, golden, forehead)",
    "_DEALER": "'dealer <name>'",
    "_TRUMP": "'trump <card>'",
    "CARD": "a card like As or 10♥",
    "_NONE": "'none'",
    "JOKER_MARK": "'(joker)'",
    "_HANDS": "'Hands:'",
    "_BIDS": "'Bids:'",
    "_TRICK": "'Trick <n>:'",
    "_POINTS": "'Points:'",
    "_TOTALS": "'Totals:'",
    "_WON_BY": "'won by <name>'",
    "HIGH_LOW": "a joker declaration (high, low, high trumps, high <suit>, low <suit>)",
    "TRUMPS": "'trumps'",
    "SUIT_NAME": "a suit (spades, hearts, diamonds, clubs)",
    "BID": "a bid (a whole number or pass)",
    "PLAYER": "a player's name",
    "INT": "a whole number",
    "SIGNED_NUMBER": "a number of points like 10, -10 or 7.5",
    "COMMA": "a comma",
    "COLON": "a colon",
    "SEMICOLON": "';'",
    "LSQB": "'['",
    "HAND_CARDS": "a hand of cards in brackets like [As 10h]",
    "RSQB": "']'",
    "VBAR": "'|'",
    "SLASH": "'/'",
    "HASH": "the table header ' #  cards kind | <players>'",
    "$END": "the end of the line",
    # The game's shape: one terminal per kind of line.
    "GAME_LINE": "'Raspisnoy game <name>'",
    "SHEET_LINE": "'Raspisnoy sheet <name>'",
    "DATE_LINE": "'Date:'",
    "CLUB_LINE": "'Club:'",
    "TABLE_LINE": "'Table:'",
    "PLAYERS_LINE": "'Players:'",
    "RULES_LINE": "'Rules:'",
    "FIRST_DEALER_LINE": "'First dealer:'",
    "ROUND_LINE": "a round header like 'Round 1: 1 card, regular, dealer Anna, trump 9h'",
    "HANDS_LINE": "'Hands:'",
    "BIDS_LINE": "'Bids:'",
    "TRICK_LINE": "'Trick <n>:'",
    "POINTS_LINE": "'Points:'",
    "TOTALS_LINE": "'Totals:'",
    "TABLE_HEAD_LINE": "the table header ' #  cards kind | <players>'",
    "ROW_LINE": "a row like ' 1  1  regular | 1/0 -10 | …'",
}
_SHEET_WORDS = {**WORDS, "BID": "a bid (a whole number, or - for none)", "INT": "the tricks taken (a whole number)"}

_TRAILING_COMMENT = re.compile(r"\s+#.*$")
_DATE_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d", "%d.%m.%Y %H:%M", "%d.%m.%Y", "%Y-%m-%dT%H:%M")

# ////////////////////////////////////////////////////////////////////// line patterns
# They read the same text as the grammars' terminals; possessive quantifiers and atomic groups
# keep them from splitting a word the way Lark's lexer would not (Lark takes a terminal whole).

_W = r"[ \t\u00a0]*"
_PLAYER = r"[^\s,:;\[\]|#]++"
_SHEET_PLAYER = r"[^\s,:;\[\]|#/]++"
_CARD = r"(?>(?:10|[2-9TJQKAtjqkaТКДВтквд])[cdhsCDHS♣♦♥♠♧♢♡♤птбчПТБЧ]\ufe0f?|JK[12]?|[Jj]oker[12]?|🃏)"
_KIND = r"(?>(?i:regular|no-trump|notrump|blind|mis[eè]re|golden|forehead|lobovaya|лобовая))"
_SIGNED = r"[+\-−]?\d++(?:[.,]\d++)?+"
_REST = _W + r"(?P<rest>[^ \t\u00a0\n][^\n]*)"

_CLASSIFY = re.compile(
    _W + r"(?:(?P<DATE_LINE>(?i:date:))|(?P<CLUB_LINE>(?i:club:))|(?P<TABLE_LINE>(?i:table:))"
    r"|(?P<PLAYERS_LINE>(?i:players:))|(?P<RULES_LINE>(?i:rules:))|(?P<FIRST_DEALER_LINE>(?i:first[ \t]+dealer:))"
    r"|(?P<ROUND_LINE>(?i:round))|(?P<HANDS_LINE>(?i:hands:))|(?P<BIDS_LINE>(?i:bids:))|(?P<TRICK_LINE>(?i:trick))"
    r"|(?P<POINTS_LINE>(?i:points:))|(?P<TOTALS_LINE>(?i:totals:))|(?P<TABLE_HEAD_LINE>\#)|(?P<ROW_LINE>\d))"
)
_PREFIX = {"Trick": ("TRICK_LINE", "Trick"), "Round": ("ROUND_LINE", "Round"), "Hands": ("HANDS_LINE", "Hands:"),
           "Bids:": ("BIDS_LINE", "Bids:"), "Point": ("POINTS_LINE", "Points:"), "Total": ("TOTALS_LINE", "Totals:")}
_NO_PREFIX = (None, "")
_TABLE_HEAD = re.compile(r"^\s*#\s*cards\b", re.IGNORECASE)


def _items(item: str, sep: str = ",") -> str:
    return item + "(?:" + _W + sep + _W + item + ")*"


_HAND_ITEM = "(?P<p>" + _PLAYER + ")" + _W + r"(?P<h>\[[^\[\]\n]*\])"
_BID_ITEM = "(?P<p>" + _PLAYER + ")" + _W + r"(?P<b>\d++|(?i:pass))"
_PLAY_ITEM = ("(?P<p>" + _PLAYER + ")" + _W + "(?P<c>" + _CARD + ")"
              r"(?:" + _W + r"(?P<hl>(?i:high|low))(?:" + _W + r"(?P<s>(?i:trumps?|spades|hearts|diamonds|clubs)|[♠♥♦♣]))?)?")
_SCORE_ITEM = "(?P<p>" + _PLAYER + ")" + _W + "(?P<n>" + _SIGNED + ")"
_CELL_ITEM = (r"(?P<b>\d++|-|(?i:pass))" + _W + "/" + _W + r"(?P<t>\d++)" + _W + "(?P<n>" + _SIGNED + ")")

_LINE = {
    "GAME_LINE": re.compile(_W + r"(?i:raspisnoy[ \t]+game)(?:" + _REST + ")?$"),
    "SHEET_LINE": re.compile(_W + r"(?i:raspisnoy[ \t]+sheet)(?:" + _REST + ")?$"),
    "DATE_LINE": re.compile(_W + r"(?i:date:)" + _REST + "$"),
    "CLUB_LINE": re.compile(_W + r"(?i:club:)" + _REST + "$"),
    "TABLE_LINE": re.compile(_W + r"(?i:table:)" + _REST + "$"),
    "RULES_LINE": re.compile(_W + r"(?i:rules:)" + _REST + "$"),
    "PLAYERS_LINE": re.compile(_W + r"(?i:players:)" + _W + "(?P<list>" + _items(_PLAYER, "[,|]") + ")" + _W + "$"),
    "FIRST_DEALER_LINE": re.compile(_W + r"(?i:first[ \t]+dealer:)" + _W + "(?P<p>" + _PLAYER + ")" + _W + "$"),
    "ROUND_LINE": re.compile(
        _W + r"(?i:round)" + _W + r"(?P<n>\d++)" + _W + ":" + _W + r"(?P<c>\d++)" + _W + r"(?i:cards?+)" + _W + ",?"
        + _W + "(?P<k>" + _KIND + ")" + _W + ",?" + _W + "(?i:dealer)" + _W + "(?P<d>" + _PLAYER + ")" + _W + ",?"
        + _W + "(?i:trump)" + _W + "(?:(?P<t>" + _CARD + ")(?:" + _W + r"(?P<j>(?i:\(joker\))))?|(?i:none))" + _W + "$"),
    "HANDS_LINE": re.compile(_W + r"(?i:hands:)" + _W + "(?P<list>" + _items(_HAND_ITEM.replace("?P<p>", "").replace(
        "?P<h>", "")) + ")" + _W + "$"),
    "BIDS_LINE": re.compile(_W + r"(?i:bids:)" + _W + "(?P<list>" + _items(_BID_ITEM.replace("?P<p>", "").replace(
        "?P<b>", "")) + ")" + _W + "$"),
    "TRICK_LINE": re.compile(
        _W + r"(?i:trick)" + _W + r"(?P<n>\d++)" + _W + ":" + _W + "(?P<list>" + _items(
            re.sub(r"\?P<\w+>", "", _PLAY_ITEM)) + ")" + _W
        + "(?:;" + _W + r"(?i:won[ \t]+by)" + _W + "(?P<w>" + _PLAYER + "))?" + _W + "$"),
    "POINTS_LINE": re.compile(_W + r"(?i:points:)" + _W + "(?P<list>" + _items(re.sub(r"\?P<\w+>", "", _SCORE_ITEM))
                              + ")" + _W + "$"),
    "TOTALS_LINE": re.compile(_W + r"(?i:totals:)" + _W + "(?P<list>" + _items(re.sub(r"\?P<\w+>", "", _SCORE_ITEM))
                              + ")" + _W + "$"),
}
_SHEET_LINE = {
    **_LINE,
    "PLAYERS_LINE": re.compile(_W + r"(?i:players:)" + _W + "(?P<list>" + _items(_SHEET_PLAYER, "[,|]") + ")"
                               + _W + "$"),
    "FIRST_DEALER_LINE": re.compile(_W + r"(?i:first[ \t]+dealer:)" + _W + "(?P<p>" + _SHEET_PLAYER + ")" + _W + "$"),
    "TABLE_HEAD_LINE": re.compile(_W + r"\#" + _W + r"(?i:cards)" + _W + r"(?i:kind)(?P<list>(?:" + _W + r"\|" + _W
                                  + _SHEET_PLAYER + ")+)" + _W + "$"),
    "ROW_LINE": re.compile(_W + r"(?P<n>\d++)" + _W + r"(?P<c>\d++)" + _W + "(?P<k>" + _KIND + ")(?P<list>(?:" + _W
                           + r"\|" + _W + re.sub(r"\?P<\w+>", "", _CELL_ITEM) + ")+)" + _W + "$"),
}
_LOG_KINDS = frozenset(("GAME_LINE", "DATE_LINE", "CLUB_LINE", "TABLE_LINE", "PLAYERS_LINE", "RULES_LINE",
                        "FIRST_DEALER_LINE", "ROUND_LINE", "HANDS_LINE", "BIDS_LINE", "TRICK_LINE", "POINTS_LINE",
                        "TOTALS_LINE"))
_SHEET_KINDS = frozenset(("SHEET_LINE", "DATE_LINE", "CLUB_LINE", "TABLE_LINE", "PLAYERS_LINE", "RULES_LINE",
                          "FIRST_DEALER_LINE", "TABLE_HEAD_LINE", "ROW_LINE"))

_RUNS = {
    **dict.fromkeys(("DATE_LINE", "CLUB_LINE", "TABLE_LINE", "PLAYERS_LINE", "RULES_LINE", "FIRST_DEALER_LINE"), "meta"),
    **dict.fromkeys(("HANDS_LINE", "BIDS_LINE", "TRICK_LINE", "POINTS_LINE", "TOTALS_LINE"), "round"),
    "ROW_LINE": "rows",
}
"""Kinds of lines the grammars take in any order and number (``_meta*``, ``_round_line*``, ``ROW_LINE*``):
Lark is given the first line of a run of them only; it checks the shape, the readers check each line."""
_PLAYER_RE = re.compile(_PLAYER)
_SHEET_PLAYER_RE = re.compile(_SHEET_PLAYER)
_HAND_RE = re.compile(_HAND_ITEM)
_BID_RE = re.compile(_BID_ITEM)
_PLAY_RE = re.compile(_PLAY_ITEM)
_SCORE_RE = re.compile(_SCORE_ITEM)
_CELL_RE = re.compile(_CELL_ITEM)

# The rule of each kind of line in the grammars (the start of a one-line parse).
_RULE = {
    "GAME_LINE": "game", "SHEET_LINE": "sheet", "DATE_LINE": "date", "CLUB_LINE": "club", "TABLE_LINE": "table",
    "PLAYERS_LINE": "players", "RULES_LINE": "rules", "FIRST_DEALER_LINE": "first_dealer",
    "ROUND_LINE": "round_head", "HANDS_LINE": "hands", "BIDS_LINE": "bids", "TRICK_LINE": "trick",
    "POINTS_LINE": "points", "TOTALS_LINE": "totals", "TABLE_HEAD_LINE": "table_head", "ROW_LINE": "row",
}

# ////////////////////////////////////////////////////////////////////// Lark over lines


class _LineLexer(Lexer):
    """Hands Lark the tokens the classifier makes: one per line."""

    def __init__(self, lexer_conf) -> None:
        pass

    def lex(self, data):
        return iter(data)


_SHAPES: dict[str, Lark] = {}
_ACCEPTED: set[tuple[str, ...]] = set()
"""Sequences of kinds of lines (after the grammar's name) that Lark has accepted."""
_LINES: dict[str, Lark] = {}


def _shape(name: str) -> Lark:
    if name not in _SHAPES:
        _SHAPES[name] = Lark.open(str(_GRAMMARS / f"{name}.lark"), parser="lalr", lexer=_LineLexer)
    return _SHAPES[name]


def _line_parser(name: str) -> Lark:
    if name not in _LINES:
        kinds = _LOG_KINDS if name == "raspisnoy_log" else _SHEET_KINDS
        _LINES[name] = Lark.open(str(_GRAMMARS / f"{name}.lark"), parser="lalr", propagate_positions=True,
                                 start=sorted(_RULE[kind] for kind in kinds))
    return _LINES[name]


class _Field(str):
    """The text of one field of a line with its 1-based column (and the game's line, 1-based)."""

    __slots__ = ("column", "line")

    def __new__(cls, text: str, column: int, line: int):
        self = str.__new__(cls, text)
        self.column = column
        self.line = line
        return self


class _Lines:
    """The classified, comment-free lines of one game and the fields of each."""

    def __init__(self, lines: tuple[str, ...], grammar: str) -> None:
        self.lines = lines
        self.grammar = grammar
        self.is_log = grammar == "raspisnoy_log"
        self.patterns = _LINE if self.is_log else _SHEET_LINE
        self.kinds = _LOG_KINDS if self.is_log else _SHEET_KINDS
        self.words = WORDS if self.is_log else _SHEET_WORDS
        self.read: list[tuple[str, int, object]] = []
        """(kind, 0-based index, fields) per line, in order."""

    def check(self) -> None:
        """Classify and read every line, Lark checking their order; raise the first error in the text.

        Lark's verdict depends on the sequence of kinds of lines only, and most games of a file share
        one: a sequence Lark has accepted is not given to it again. A line that fails its own reading
        sends the game the interleaved way, so the first error in the text is still the one raised."""
        try:
            tokens = list(self._tokens())
        except ParseError:
            self.read = []
            self._parse(self._tokens())
            raise AssertionError("unreachable: the line's error is raised again") from None  # pragma: no cover
        shape = (self.grammar, *[token.type for token in tokens])
        if shape in _ACCEPTED:
            return
        self._parse(iter(tokens))
        if len(_ACCEPTED) < 1_000:
            _ACCEPTED.add(shape)

    def _parse(self, tokens) -> None:
        try:
            _shape(self.grammar).parse(tokens)
        except UnexpectedToken as exc:
            token = exc.token
            words = {**self.words, "$END": "the end of the game"}
            expected = sorted({words[name] for name in (exc.accepts or exc.expected) if name in words})
            wanted = (expected[0] if len(expected) == 1 else ", ".join(expected[:-1]) + " or " + expected[-1]
                      if expected else "nothing more")
            if token.type == "$END":
                last = len(self.lines)
                raise ParseError(f"expected {wanted}, found the end of the game", line=last,
                                 column=len(self.lines[-1]) + 1, line_text=self.lines[-1]) from None
            text = str(token)
            word = text.split()[0] if text.split() else text
            raise ParseError(f"expected {wanted}, found {word[:16]!r}", line=token.line, column=token.column,
                             line_text=self.lines[token.line - 1]) from None

    def _tokens(self):
        lines, patterns, kinds, read = self.lines, self.patterns, self.kinds, self.read
        classify = _CLASSIFY.match
        previous = None
        for index, line in enumerate(lines):
            if not line or line.isspace():
                continue
            if "#" in line:
                if _TABLE_HEAD.match(line):
                    pass
                elif line.lstrip().startswith("#"):
                    continue
                else:
                    line = _TRAILING_COMMENT.sub("", line)
                    if not line.strip():
                        continue
            if index == 0:
                kind = "GAME_LINE" if self.is_log else "SHEET_LINE"
            else:
                kind, word = _PREFIX.get(line[:5], _NO_PREFIX)  # the usual spellings; the pattern reads any
                if kind is None or not line.startswith(word):  # case and spacing
                    match = classify(line)
                    kind = match.lastgroup if match is not None else "OTHER_LINE"
                if kind not in kinds:
                    kind = "OTHER_LINE"
            if kind != "OTHER_LINE":
                match = patterns[kind].match(line)
                read.append((kind, index, match if match is not None else self._slow(kind, index, line)))
            run = _RUNS.get(kind)
            if run is not None and run == previous:
                continue  # see _RUNS
            previous = run
            yield Token(kind, line, line=index + 1, column=len(line) - len(line.lstrip()) + 1)

    def _slow(self, kind: str, index: int, line: str) -> Tree:
        """The line parsed alone by its rule: its tree, or a ParseError at the field's column."""
        try:
            return _line_parser(self.grammar).parse(line, start=_RULE[kind])
        except UnexpectedInput as exc:
            error = from_lark(exc, line, self.words)
            raise ParseError(error.reason, line=index + 1, column=error.column,
                             line_text=self.lines[index]) from None


# ////////////////////////////////////////////////////////////////////// fields of a line
# Each reader takes the pattern's match (fast) or the line's tree (a form only the grammar reads)
# and returns the same fields.


def _tokens_of(tree: Tree) -> list[Token]:
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _rest(found, index: int) -> _Field | None:
    if isinstance(found, Tree):
        return _Field(str(found.children[0]), found.children[0].column, index + 1) if found.children else None
    if found["rest"] is None:
        return None
    return _Field(found["rest"], found.start("rest") + 1, index + 1)


def _names(found, index: int, pattern: re.Pattern) -> list[_Field]:
    if isinstance(found, Tree):
        return [_Field(str(t), t.column, index + 1) for t in _tokens_of(found)]
    start, end = found.span("list")
    return [_Field(m.group(), m.start() + 1, index + 1) for m in pattern.finditer(found.string, start, end)]


def _pairs(found, index: int, pattern: re.Pattern, second: str, pos: bool) -> list[tuple[str, str]]:
    """(player, value) per item of a Hands:, Bids:, Points: or Totals: line; fields with columns if ``pos``."""
    line = index + 1
    if not pos and not isinstance(found, Tree):
        return pattern.findall(found.string, *found.span("list"))
    if isinstance(found, Tree):
        tokens = _tokens_of(found)
        return [(_Field(str(p), p.column, line), _Field(str(v), v.column, line))
                for p, v in zip(tokens[0::2], tokens[1::2])]
    start, end = found.span("list")
    return [(_Field(m["p"], m.start() + 1, line), _Field(m[second], m.start(second) + 1, line))
            for m in pattern.finditer(found.string, start, end)]


class _Retry(Exception):
    """A field without its column was wrong: the line is read again with columns, to say where."""


class _Builder:
    """What both formats share: header lines, players, the ruleset; raises ParseError with positions."""

    def __init__(self, lines: tuple[str, ...], source: Source) -> None:
        self.lines = lines
        self.source = source
        self.players: tuple[str, ...] = ()
        self.player_set: frozenset[str] = frozenset()
        self.meta: dict[str, tuple[int, object]] = {}

    def error(self, reason: str, field: _Field) -> ParseError:
        if not isinstance(field, _Field):
            raise _Retry
        line, column = field.line, field.column
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return ParseError(reason, line=line, column=column, line_text=text)

    def line_error(self, reason: str, index: int) -> ParseError:
        text = self.lines[index]
        return ParseError(reason, line=index + 1, column=len(text) - len(text.lstrip()) + 1, line_text=text)

    def read_meta(self, read: list) -> None:
        for kind, index, found in read:
            if kind in ("DATE_LINE", "CLUB_LINE", "TABLE_LINE", "PLAYERS_LINE", "RULES_LINE", "FIRST_DEALER_LINE"):
                name = kind[:-5].lower()
                if name in self.meta:
                    raise self.line_error(f"a second '{name.replace('_', ' ').capitalize()}:' line", index)
                self.meta[name] = (index, found)
            elif kind not in ("GAME_LINE", "SHEET_LINE"):
                break
        if "players" not in self.meta:
            raise self.line_error("the game has no 'Players:' line", 0)

    def read_players(self, pattern: re.Pattern) -> None:
        index, found = self.meta["players"]
        seen = set()
        names = _names(found, index, pattern)
        for name in names:
            if str(name) in seen:
                raise self.error(f"{str(name)!r} is listed twice among the players", name)
            seen.add(str(name))
        self.players = tuple(str(n) for n in names)
        self.player_set = frozenset(self.players)

    def player(self, name: _Field) -> str:
        if name not in self.player_set:
            raise self.error(f"{str(name)!r} is not one of the players ({', '.join(self.players)})", name)
        return str(name)

    def info(self, game: str, rules: Ruleset) -> GameInfo:
        played_at = None
        if "date" in self.meta:
            field = _rest(self.meta["date"][1], self.meta["date"][0])
            value = str(field).strip()
            for fmt in _DATE_FORMATS:
                try:
                    played_at = datetime.strptime(value, fmt)
                    break
                except ValueError:
                    continue
            else:
                raise self.error(f"expected a date like 2026-11-28 19:30, found {value!r}", field)
        club = str(_rest(self.meta["club"][1], 0)).strip() if "club" in self.meta else None
        table = str(_rest(self.meta["table"][1], 0)).strip() if "table" in self.meta else None
        return GameInfo(game=game, played_at=played_at, club=club or None, table_name=table or None,
                        ruleset=rules.canonical)

    def rules(self) -> Ruleset:
        if "rules" not in self.meta:
            return Ruleset()
        index, found = self.meta["rules"]
        field = _rest(found, index)
        rules = Ruleset()
        for item, offset in split_settings(str(field)):
            try:
                rules = rules.setting(item)
            except RulesetError as error:
                raise ParseError(str(error), line=index + 1, column=field.column + offset,
                                 line_text=self.lines[index]) from None
        return rules

    def first_dealer(self, pattern: re.Pattern) -> tuple[str, int]:
        if "first_dealer" not in self.meta:
            raise self.line_error("the game has no 'First dealer: <name>' line", self.meta["players"][0])
        index, found = self.meta["first_dealer"]
        (name,) = _names(found, index, pattern) if isinstance(found, Tree) else (
            _Field(found["p"], found.start("p") + 1, index + 1),)
        return self.player(name), self.source.line(index)

    def name(self, read: list) -> str:
        _, index, found = read[0]
        rest = _rest(found, index)
        return str(rest).strip() if rest is not None else ""


def _kind(builder: _Builder, field: _Field) -> RoundKind:
    try:
        return RoundKind.parse(str(field))
    except RulesetError as error:
        raise builder.error(str(error), field) from None


_CARDS: dict[str, Card] = {}
"""Cards by their text, as read (a few hundred spellings at most)."""


def _card_of(text: str) -> Card:
    """The card of a text (CardError if none), remembered."""
    card = _CARDS.get(text)
    if card is None:
        card = Card.parse(text)
        if len(_CARDS) < 10_000:
            _CARDS[str(text)] = card
    return card


def _card(builder: _Builder, field: _Field) -> Card:
    try:
        return _card_of(field)
    except CardError as error:
        raise builder.error(str(error), field) from None


def _hand(builder: _Builder, field: _Field) -> tuple[Card, ...]:
    """The cards of a ``[As Kd 10h]`` field; a word that is no card is reported at its own column."""
    cards = _CARDS
    try:
        return tuple([cards[text] if text in cards else _card_of(text)
                      for text in field[1:-1].replace(",", " ").split()])
    except CardError:
        if not isinstance(field, _Field):
            raise _Retry from None
    for match in re.finditer(r"[^\s,\[\]]+", str(field)):
        try:
            Card.parse(match.group())
        except CardError:
            line_text = builder.lines[field.line - 1] if 0 < field.line <= len(builder.lines) else ""
            raise ParseError(f"expected a card like As or 10♥, found {match.group()!r}", line=field.line,
                             column=field.column + match.start(), line_text=line_text) from None
    raise AssertionError("unreachable")  # pragma: no cover


_NUMBERS: dict[str, Decimal] = {}


def _number(builder: _Builder, field: _Field) -> Decimal:
    value = _NUMBERS.get(field)
    if value is None:
        text = str(field).replace("−", "-").replace(",", ".").lstrip("+")
        try:
            value = Decimal(text)
        except InvalidOperation:
            raise builder.error(f"expected a number of points, found {str(field)!r}", field) from None
        if len(_NUMBERS) < 10_000:
            _NUMBERS[str(field)] = value
    return value


def _checked(lines: tuple[str, ...], grammar: str) -> list:
    """(kind, index, fields) per line of a game whose shape Lark has checked."""
    if not lines:
        raise ParseError("empty game", line=1, column=1)
    read = _Lines(lines, grammar)
    read.check()
    return read.read


# ---------------------------------------------------------------------------------------------
# Game logs
# ---------------------------------------------------------------------------------------------

def parse_log(lines: tuple[str, ...], source: Source) -> RaspisnoyGame:
    """Parse one game log (its lines, header first) into a record."""
    builder = _Builder(lines, source)
    read = _checked(lines, "raspisnoy_log")
    builder.read_meta(read)
    builder.read_players(_PLAYER_RE)
    rules = builder.rules()
    first_dealer, first_dealer_line = builder.first_dealer(_PLAYER_RE)
    rounds = []
    at = 0
    while at < len(read) and read[at][0] != "ROUND_LINE":
        at += 1
    while at < len(read):
        end = at + 1
        while end < len(read) and read[end][0] != "ROUND_LINE":
            end += 1
        rounds.append(_round(builder, read[at:end]))
        at = end
    return RaspisnoyGame(
        source=source, info=builder.info("raspisnoy", rules), name=builder.name(read),
        players=builder.players, rules=rules, first_dealer=first_dealer, rounds=tuple(rounds),
        players_line=source.line(builder.meta["players"][0]), first_dealer_line=first_dealer_line,
    )


def _round_head(found, index: int) -> tuple[_Field, ...]:
    """number, cards, kind, dealer, and the trump card and joker mark (None when absent)."""
    line = index + 1
    if isinstance(found, Tree):
        number, cards, kind, dealer, trump = found.children
        fields = [_Field(str(t), t.column, line) for t in (number, cards, kind, dealer)]
        if trump.data == "trump_none":
            return (*fields, None, None)
        card = trump.children[0]
        return (*fields, _Field(str(card), card.column, line), trump.children[1] if len(trump.children) > 1 else None)
    return (_Field(found["n"], found.start("n") + 1, line), _Field(found["c"], found.start("c") + 1, line),
            _Field(found["k"], found.start("k") + 1, line), _Field(found["d"], found.start("d") + 1, line),
            _Field(found["t"], found.start("t") + 1, line) if found["t"] else None, found["j"])


def _trick(found, index: int, pos: bool) -> tuple[str, list[tuple[str, str, str | None]], str | None]:
    """The trick's number, (player, card, declaration words) per play, and the winner written."""
    line = index + 1
    if isinstance(found, Tree):
        number, *rest = found.children
        plays = []
        winner = None
        for child in rest:
            if isinstance(child, Token):
                winner = _Field(str(child), child.column, line)
                continue
            player, card, *declaration = child.children
            said = None
            if declaration:
                words = declaration[0].children
                said = _Field(" ".join(str(t) for t in words), words[0].column, line)
            plays.append((_Field(str(player), player.column, line), _Field(str(card), card.column, line), said))
        return str(number), plays, winner
    start, end = found.span("list")
    if not pos:
        plays = [(p, c, hl + " " + s if s else hl or None) for p, c, hl, s in _PLAY_RE.findall(found.string, start, end)]
        return found["n"], plays, found["w"]
    plays = [(_Field(m["p"], m.start() + 1, line), _Field(m["c"], m.start("c") + 1, line),
              _Field(m["hl"] + (" " + m["s"] if m["s"] else ""), m.start("hl") + 1, line) if m["hl"] else None)
             for m in _PLAY_RE.finditer(found.string, start, end)]
    winner = _Field(found["w"], found.start("w") + 1, line) if found["w"] else None
    return found["n"], plays, winner


def _round(builder: _Builder, read: list) -> Round:
    _, head_index, head_found = read[0]
    fields: dict = {"tricks": []}
    try:
        _read_head(builder, fields, head_index, head_found, False)
    except _Retry:
        _read_head(builder, fields, head_index, head_found, True)
    for kind, index, found in read[1:]:
        name = _NAMES[kind]
        if name in fields and name != "tricks":
            raise builder.line_error(f"a second '{name.capitalize()}:' line in round {fields['number']}", index)
        try:
            _read_line(builder, fields, name, index, found, False)
        except _Retry:
            _read_line(builder, fields, name, index, found, True)
    fields["tricks"] = tuple(fields["tricks"])
    return Round(**fields)


_new = object.__new__
_set_player, _set_card, _set_declaration = Play.player.__set__, Play.card.__set__, Play.declaration.__set__

_NAMES = {"HANDS_LINE": "hands", "BIDS_LINE": "bids", "TRICK_LINE": "tricks", "POINTS_LINE": "points",
          "TOTALS_LINE": "totals"}


def _read_head(builder: _Builder, fields: dict, index: int, found, pos: bool) -> None:
    if isinstance(found, Tree) or pos:
        number, cards, kind, dealer, trump, joker_mark = _round_head(found, index)
    else:
        number, cards, kind, dealer, trump, joker_mark = found.group("n", "c", "k", "d", "t", "j")
    fields["number"] = int(number)
    fields["cards"] = int(cards)
    fields["kind"] = _kind(builder, kind)
    fields["dealer"] = builder.player(dealer)
    fields["line"] = builder.source.line(index)
    if trump is None:
        fields["trump"] = None
    else:
        fields["trump"] = _card(builder, trump)
        fields["trump_marked_joker"] = joker_mark is not None


def _read_line(builder: _Builder, fields: dict, name: str, index: int, found, pos: bool) -> None:
    """Add one Hands:, Bids:, Trick, Points: or Totals: line to the round's fields."""
    player = builder.player
    at = builder.source.line(index)
    if name == "tricks":
        if not pos and not isinstance(found, Tree):  # the common case, inline: ~40% of a game's fields
            players, cards, declarations = builder.player_set, _CARDS, _DECLARATIONS
            plays = []
            start, end = found.span("list")
            # The pattern has checked the line, so each comma-separated piece is one play whose words are
            # its fields; a piece split otherwise (a card run into its call) is read again by the pattern.
            for piece in found.string[start:end].split(","):
                words = piece.split()
                if len(words) == 2:
                    p, c = words
                    said = None
                elif 3 <= len(words) <= 4:
                    p, c = words[0], words[1]
                    said = declarations.get(" ".join(words[2:]))
                    if said is None:
                        raise _Retry  # a call not seen yet: read with columns
                else:
                    raise _Retry
                card = cards.get(c)
                if p not in players or card is None:
                    raise _Retry  # or a card not seen yet
                play = _new(Play)  # the frozen dataclass's __init__ costs ~3x: one object.__setattr__ per field
                _set_player(play, p)
                _set_card(play, card)
                _set_declaration(play, said)
                plays.append(play)
            winner = found["w"]
            fields["tricks"].append(Trick(number=int(found["n"]), plays=tuple(plays),
                                          winner=player(winner) if winner is not None else None, line=at))
            return
        number, plays, winner = _trick(found, index, pos)
        fields["tricks"].append(Trick(
            number=int(number), plays=tuple([_play(builder, *play) for play in plays]),
            winner=player(winner) if winner is not None else None, line=at,
        ))
    elif name == "hands":
        fields["hands"] = tuple([(player(p), _hand(builder, h)) for p, h in _pairs(found, index, _HAND_RE, "h", pos)])
        fields["hands_line"] = at
    elif name == "bids":
        fields["bids"] = tuple([(player(p), 0 if b.lower() == "pass" else int(b))
                                for p, b in _pairs(found, index, _BID_RE, "b", pos)])
        fields["bids_line"] = at
        fields["bids_before_hands"] = "hands" not in fields
    else:
        fields[name] = Written(
            values=tuple([(player(p), _number(builder, n)) for p, n in _pairs(found, index, _SCORE_RE, "n", pos)]),
            line=at,
        )


_DECLARATIONS: dict[str, Declaration] = {}


def _play(builder: _Builder, player: _Field, card: _Field, declaration: _Field | None) -> Play:
    said = None
    if declaration is not None:
        said = _DECLARATIONS.get(declaration)
        if said is None:
            parts = declaration.split()
            words = f"{parts[0]} trumps" if len(parts) == 2 and parts[1].lower().startswith("trump") else " ".join(parts)
            try:
                said = Declaration.parse(words)
            except RulesetError as error:
                raise builder.error(str(error), declaration) from None
            _DECLARATIONS[str(declaration)] = said
    return Play(player=builder.player(player), card=_card(builder, card), declaration=said)


# ---------------------------------------------------------------------------------------------
# Score sheets
# ---------------------------------------------------------------------------------------------

def parse_sheet(lines: tuple[str, ...], source: Source) -> RaspisnoySheet:
    """Parse one score sheet into a record."""
    builder = _Builder(lines, source)
    read = _checked(lines, "raspisnoy_sheet")
    builder.read_meta(read)
    builder.read_players(_SHEET_PLAYER_RE)
    rules = builder.rules()
    first_dealer, first_dealer_line = builder.first_dealer(_SHEET_PLAYER_RE)
    _, head_index, head_found = next(item for item in read if item[0] == "TABLE_HEAD_LINE")
    columns = tuple(builder.player(p) for p in _names(head_found, head_index, _SHEET_PLAYER_RE))
    if sorted(columns) != sorted(builder.players):
        raise builder.line_error(f"the table's columns ({', '.join(columns)}) are not the players "
                                 f"({', '.join(builder.players)})", head_index)
    rows = []
    for kind, index, found in read:
        if kind != "ROW_LINE":
            continue
        try:
            rows.append(_sheet_row(builder, columns, index, found, False))
        except _Retry:
            rows.append(_sheet_row(builder, columns, index, found, True))
    return RaspisnoySheet(
        source=source, info=builder.info("raspisnoy_sheet", rules), name=builder.name(read),
        players=builder.players, rules=rules, first_dealer=first_dealer, rows=tuple(rows),
        players_line=source.line(builder.meta["players"][0]), first_dealer_line=first_dealer_line,
    )


def _sheet_row(builder: _Builder, columns: tuple[str, ...], index: int, found, pos: bool) -> SheetRow:
    number, cards, round_kind, cells = _row(found, index, pos)
    if len(cells) != len(columns):
        raise builder.line_error(f"round {int(number)} has {len(cells)} columns of players, the table has "
                                 f"{len(columns)}", index)
    return SheetRow(
        number=int(number), cards=int(cards), kind=_kind(builder, round_kind), line=builder.source.line(index),
        cells=tuple([
            SheetCell(player=player, bid=_sheet_bid(bid), tricks=int(tricks), total=_number(builder, total))
            for player, (bid, tricks, total) in zip(columns, cells)
        ]),
    )


def _row(found, index: int, pos: bool):
    """number, cards, kind, and (bid, tricks, total) per cell of a sheet row."""
    line = index + 1
    if isinstance(found, Tree):
        number, cards, kind, *cells = found.children
        return (str(number), str(cards), _Field(str(kind), kind.column, line),
                [(str(c.children[0]), str(c.children[1]), _Field(str(c.children[2]), c.children[2].column, line))
                 for c in cells])
    start, end = found.span("list")
    if not pos:
        return found["n"], found["c"], found["k"], _CELL_RE.findall(found.string, start, end)
    return (found["n"], found["c"], _Field(found["k"], found.start("k") + 1, line),
            [(m["b"], m["t"], _Field(m["n"], m.start("n") + 1, line))
             for m in _CELL_RE.finditer(found.string, start, end)])


def _sheet_bid(text: str) -> int | None:
    text = text.lower()
    if text == "-":
        return None
    return 0 if text == "pass" else int(text)
