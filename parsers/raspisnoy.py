"""Raspisnoy poker game logs and score sheets → ``RaspisnoyGame`` and ``RaspisnoySheet`` records.

The grammars are ``grammars/raspisnoy_log.lark`` and ``grammars/raspisnoy_sheet.lark``, each on
two levels. Lark (LALR) checks the game's shape over whole lines: every line is classified by its
leading keywords and handed to Lark as one token (a custom lexer), in order, so the first error in
the text is the one reported. Each line is read by one regular expression generated from its rule
in the grammar (:func:`parsers.grammar.line_expression`: the rule's terminals, its repetitions,
each terminal taken whole as Lark's lexer takes it); a line the expression does not read is parsed
alone by the grammar's rule for that line, which says where (line, column) and what was expected
in words. Lark's Python LALR costs ~25 µs per token, ~180 ms for a 36-round game read token by
token; an expression reads a line in a few µs. Line numbers in records are file lines.

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

import dataclasses
import re
from decimal import Decimal, InvalidOperation
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from parsers.club_date import CLUB_DATE_WORDS, read_club_date
from parsers.errors import (
    CARD_WANTED,
    LARGEST_WHOLE,
    TEXT_WANTED,
    ParseError,
    cards_in_words,
    from_lark,
    not_a_card,
    not_among_players,
    out_of_range,
)
from parsers.grammar import gap_expression, line_expression
from parsers.names import same_name
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
)
from rules.records import GameInfo, Source, slot_filler
from rules.rules_line import SettingError

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
    "CARD": CARD_WANTED,
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
    "DATETIME": CLUB_DATE_WORDS,
    "REST": TEXT_WANTED,
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


# ////////////////////////////////////////////////////////////////////// the grammar's lines as expressions


class _Reading:
    """What the grammar's rules of each kind of line compile to: a whole-line expression per kind
    (:func:`parsers.grammar.line_expression`), one per rule a line holds several of or nests
    (a hand, a play, a cell …), and a classifier of lines by their leading keywords."""

    def __init__(self, name: str) -> None:
        parser = _line_parser(name)
        kinds = _LOG_KINDS if name == "raspisnoy_log" else _SHEET_KINDS
        terminals = {t.name: t for t in parser.terminals}
        rules: dict[str, list] = {}
        for rule in parser.rules:
            rules.setdefault(str(rule.origin.name), []).append(rule)    # (a name is a Token: slow to compare)

        def expression(rule: str):
            aliases = frozenset(r.alias or rule for r in rules[rule])
            return line_expression(parser, (rule,), aliases, whole_terminals=True)

        self.lines = {kind: expression(_RULE[kind]) for kind in kinds}
        self.fullmatch = {kind: line[0].fullmatch for kind, line in self.lines.items()}
        """Per kind of line, its expression's ``fullmatch`` (asked per line)."""
        self.rules = {rule: expression(rule) for rule in rules
                      if not rule.startswith("_") and rule not in _RULE.values()}
        """The expressions of the rules lines are made of (hand, play, trump …)."""

        def keyword(symbol) -> bool:
            return symbol.is_term and (symbol.name.startswith("_")
                                       or terminals[symbol.name].pattern.type == "str")

        self.items: dict[str, tuple[str, re.Pattern | None]] = {}
        """Per repetition (a helper rule), the symbol it repeats, and that terminal's pattern."""
        for rule, alternatives in rules.items():
            if rule.startswith("__"):
                (item,) = {str(sym.name) for alternative in alternatives for sym in alternative.expansion
                           if sym.name != rule and not keyword(sym)}
                self.items[rule] = (item, re.compile(terminals[item].pattern.to_regexp()) if item in terminals
                                    else None)
        gap = gap_expression(parser)
        heads = []
        for kind in sorted(kinds - {"GAME_LINE", "SHEET_LINE"}):
            expansion = rules[_RULE[kind]][0].expansion
            leading = []
            for symbol in expansion:     # the line's keywords (a row has none: its first number)
                if leading and not keyword(symbol):
                    break
                leading.append("(?:" + terminals[symbol.name].pattern.to_regexp() + ")")
            heads.append(f"(?P<{kind}>{gap.join(leading)})")
        self.classify = re.compile(gap + "(?:" + "|".join(heads) + ")").match
        self.after: dict[str, str] = {}
        """Per kind of line, the kind of the line that followed one the last time (read first)."""
        self.layouts: dict[str, dict[str, tuple[str, str, tuple[tuple[str, str], ...]]]] = {}
        """Per kind of line and alternative: the first and last groups of its items (plays, hands …)
        and its own terminals' (type, group), keywords left out."""
        for kind, (_, alternatives) in self.lines.items():
            layouts = self.layouts[kind] = {}
            symbols = alternatives.symbols
            for key, (_, groups) in alternatives.items():
                items = [g for g in groups if symbols[g] in self.rules or symbols[g] in self.items]
                own = tuple((symbols[g], g) for g in groups if g not in items and not symbols[g].startswith("_"))
                layouts[key] = (items[0] if items else None, items[-1] if items else None, own)
        self.tricks = {key: (first, last, own[0][1], own[1][1] if len(own) > 1 else None)
                       for key, (first, last, own) in self.layouts.get("TRICK_LINE", {}).items()}
        """Per alternative of a Trick line: the groups of its first and last play, its number and its winner."""


_READINGS: dict[str, _Reading] = {}


def _reading(name: str) -> _Reading:
    reading = _READINGS.get(name)
    if reading is None:
        reading = _READINGS[name] = _Reading(name)
    return reading


class _Field(str):
    """The text of one field of a line with its 1-based column (and the game's line, 1-based)."""

    __slots__ = ("column", "line")

    def __new__(cls, text: str, column: int, line: int):
        self = str.__new__(cls, text)
        self.column = column
        self.line = line
        return self


def _tokens(reading: _Reading, kind: str, found, line: int) -> list[tuple[str, _Field]]:
    """The tokens of a line as Lark's parse gives them (type and text, keywords left out), each
    with its column, from the line's match (or its tree, when only Lark reads it)."""
    if isinstance(found, Tree):
        return [(t.type, _Field(str(t), t.column, line))
                for t in found.scan_values(lambda v: isinstance(v, Token))]
    tokens: list[tuple[str, _Field]] = []
    _match_tokens(reading, found, reading.lines[kind][1], line, tokens)
    return tokens


def _match_tokens(reading: _Reading, match: re.Match, alternatives, line: int, tokens: list) -> None:
    _, groups = alternatives[match.lastgroup]
    for group in groups:
        symbol = alternatives.symbols[group]
        start, end = match.span(group)
        if symbol in reading.rules:
            expression, inner = reading.rules[symbol]
            _match_tokens(reading, expression.fullmatch(match.string, start, end), inner, line, tokens)
        elif symbol in reading.items:
            item, terminal = reading.items[symbol]
            if terminal is not None:
                tokens += [(item, _Field(m.group(), m.start() + 1, line))
                           for m in terminal.finditer(match.string, start, end)]
            else:
                expression, inner = reading.rules[item]
                for found in expression.finditer(match.string, start, end):
                    _match_tokens(reading, found, inner, line, tokens)
        elif not symbol.startswith("_"):    # (a keyword is no token of the tree)
            tokens.append((symbol, _Field(match.group(group), start + 1, line)))


class _Lines:
    """The classified, comment-free lines of one game and the match (or tree) of each."""

    def __init__(self, lines: tuple[str, ...], grammar: str) -> None:
        self.lines = lines
        self.grammar = grammar
        self.is_log = grammar == "raspisnoy_log"
        self.reading = _reading(grammar)
        self.words = WORDS if self.is_log else _SHEET_WORDS
        self.read: list[tuple[str, int, object]] = []
        """(kind, 0-based index, match or tree) per line, in order."""

    def check(self) -> None:
        """Classify and read every line, Lark checking their order; raise the first error in the text.

        Lark's verdict depends on the sequence of kinds of lines only, and most games of a file share
        one: a sequence Lark has accepted is not given to it again. A line that fails its own reading
        sends the game the interleaved way, so the first error in the text is still the one raised."""
        try:
            heads = list(self._heads())
        except ParseError:
            self.read = []
            self._parse(self._heads())
            raise AssertionError("unreachable: the line's error is raised again") from None  # pragma: no cover
        shape = (self.grammar, *[kind for kind, _, _ in heads])
        if shape in _ACCEPTED:
            return
        self._parse(iter(heads))
        if len(_ACCEPTED) < 1_000:
            _ACCEPTED.add(shape)

    def _parse(self, heads) -> None:
        """Lark checks the shape of the lines ``heads`` gives (kind, text, index), each one token."""
        tokens = (Token(kind, line, line=index + 1, column=len(line) - len(line.lstrip()) + 1)
                  for kind, line, index in heads)
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

    def _heads(self):
        """Read every line into ``read``; yield (kind, text, index) of each line Lark is given (a
        Lark token is made only when Lark is asked: most games' shapes are known)."""
        lines, read, reading = self.lines, self.read, self.reading
        classify, fullmatch, add, after = reading.classify, reading.fullmatch, read.append, reading.after
        previous = kind = None
        for index, line in enumerate(lines):
            # A line is first read as of the kind that followed the last line's kind the last time (a
            # Trick line mostly follows one): a line the expression of a kind reads is of that kind, the
            # kinds' leading keywords being none the start of another's. Else it is classified.
            guess = after.get(kind)
            if guess is not None and line and "#" not in line:
                match = fullmatch[guess](line)
                if match is not None:
                    kind = guess
                    add((kind, index, match))
                    run = _RUNS.get(kind)
                    if run is None or run != previous:
                        previous = run
                        yield kind, line, index
                    continue
            if not line or line.isspace():
                continue
            last = kind
            if index == 0:
                kind = "GAME_LINE" if self.is_log else "SHEET_LINE"
            else:
                head = classify(line)
                kind = head.lastgroup if head is not None else None
                if "#" in line and kind != "TABLE_HEAD_LINE":   # a comment, or a line's trailing one
                    if line.lstrip().startswith("#"):
                        kind = last
                        continue
                    line = _TRAILING_COMMENT.sub("", line)
                    if not line.strip():
                        kind = last
                        continue
                if kind is None:
                    kind = "OTHER_LINE"
            if kind != "OTHER_LINE":
                match = fullmatch[kind](line)
                add((kind, index, match if match is not None else self._slow(kind, index, line)))
                if last is not None:
                    after[last] = kind
            run = _RUNS.get(kind)
            if run is not None and run == previous:
                continue  # see _RUNS
            previous = run
            yield kind, line, index

    def _slow(self, kind: str, index: int, line: str) -> Tree:
        """The line parsed alone by its rule: its tree, or a ParseError at the field's column."""
        try:
            return _line_parser(self.grammar).parse(line, start=_RULE[kind])
        except UnexpectedInput as exc:
            error = from_lark(exc, line, self.words)
            raise ParseError(error.reason, line=index + 1, column=error.column,
                             line_text=self.lines[index]) from None


class _Retry(Exception):
    """A field without its column was wrong: the line is read again with columns, to say where."""


class _Builder:
    """What both formats share: header lines, players, the ruleset; raises ParseError with positions."""

    def __init__(self, lines: tuple[str, ...], source: Source, reading: _Reading) -> None:
        self.lines = lines
        self.source = source
        self.reading = reading
        self.players: tuple[str, ...] = ()
        self.player_set: frozenset[str] = frozenset()
        self.meta: dict[str, tuple[int, list[tuple[str, _Field]]]] = {}
        """Per header line (date, players …): its 0-based index and its tokens."""

    def error(self, reason: str, field: _Field) -> ParseError:
        if not isinstance(field, _Field):
            raise _Retry
        line, column = field.line, field.column
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return ParseError(reason, line=line, column=column, line_text=text)

    def line_error(self, reason: str, index: int) -> ParseError:
        text = self.lines[index]
        return ParseError(reason, line=index + 1, column=len(text) - len(text.lstrip()) + 1, line_text=text)

    def tokens(self, kind: str, index: int, found) -> list[tuple[str, _Field]]:
        return _tokens(self.reading, kind, found, index + 1)

    def read_meta(self, read: list) -> None:
        for kind, index, found in read:
            if kind in ("DATE_LINE", "CLUB_LINE", "TABLE_LINE", "PLAYERS_LINE", "RULES_LINE", "FIRST_DEALER_LINE"):
                name = kind[:-5].lower()
                if name in self.meta:
                    raise self.line_error(f"a second '{name.replace('_', ' ').capitalize()}:' line", index)
                self.meta[name] = (index, self.tokens(kind, index, found))
            elif kind not in ("GAME_LINE", "SHEET_LINE"):
                break
        if "players" not in self.meta:
            raise self.line_error("the game has no 'Players:' line", 0)

    def read_players(self) -> None:
        seen = set()
        names = [value for _, value in self.meta["players"][1]]
        composed = [same_name(str(name)) for name in names]
        for name, spelled in zip(names, composed):
            if spelled in seen:
                raise self.error(f"{str(name)!r} is listed twice among the players", name)
            seen.add(spelled)
        self.players = tuple(composed)
        self.player_set = frozenset(self.players)

    def player(self, name: _Field) -> str:
        if name not in self.player_set:
            # (the fast paths look a name up as typed; one typed in another Unicode form comes here)
            composed = same_name(str(name))
            if composed not in self.player_set:
                raise self.error(not_among_players(str(name), self.players), name)
            return composed
        return str(name)

    def rest(self, name: str) -> _Field | None:
        """The text of a header line after its keyword (None without the line)."""
        if name not in self.meta:
            return None
        return self.meta[name][1][0][1]

    def info(self, game: str, rules: Ruleset) -> GameInfo:
        played_at = None
        field = self.rest("date")
        if field is not None:
            played_at = read_club_date(field, line=field.line, column=field.column,
                                       line_text=self.lines[field.line - 1])
        club, table = (str(self.rest(name) or "").strip() for name in ("club", "table"))
        return GameInfo(game=game, played_at=played_at, club=club or None, table_name=table or None,
                        ruleset=rules.canonical)

    def rules(self) -> Ruleset:
        field = self.rest("rules")
        if field is None:
            return Ruleset()
        try:
            return Ruleset.parse(str(field))
        except SettingError as error:     # at the setting refused
            raise ParseError(str(error), line=field.line, column=field.column + error.offset,
                             line_text=self.lines[field.line - 1]) from None

    def first_dealer(self) -> tuple[str, int]:
        if "first_dealer" not in self.meta:
            raise self.line_error("the game has no 'First dealer: <name>' line", self.meta["players"][0])
        index, ((_, name),) = self.meta["first_dealer"]
        return self.player(name), self.source.line(index)

    def name(self, read: list) -> str:
        kind, index, found = read[0]
        tokens = self.tokens(kind, index, found)
        return str(tokens[0][1]).strip() if tokens else ""


def _kind(builder: _Builder, field: _Field) -> RoundKind:
    kind = _KINDS.get(field)
    if kind is None:
        try:
            kind = RoundKind.parse(str(field))
        except RulesetError as error:
            raise builder.error(str(error), field) from None
        if len(_KINDS) < 1_000:
            _KINDS[str(field)] = kind
    return kind


_KINDS: dict[str, RoundKind] = {}
"""Round kinds by their text, as read (a few spellings)."""


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
    except CardError:
        raise builder.error(not_a_card(str(field)), field) from None


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
            raise ParseError(not_a_card(match.group()), line=field.line, column=field.column + match.start(),
                             line_text=line_text) from None
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


def _whole(builder: _Builder, field: _Field, what: str, why: str = "") -> int:
    """The whole number of ``field`` (a round's, a trick's, cards, a bid, tricks taken): one above
    what the warehouse stores is refused at its column, ``what`` (with ``{}`` for the number) and
    ``why`` saying what it is and what the rules allow there."""
    number = int(field)
    if number > LARGEST_WHOLE:
        raise builder.error(out_of_range(what.format(number), why), field)
    return number


def _built(lines: tuple[str, ...], grammar: str, body: str, build):
    """``build`` of the (kind, index, match or tree) of each line, once Lark has checked their shape.

    A line that fails its own reading, or Lark's shape, is found before the fields of the lines above
    it are read (a card in a hand, a player's name): when one of those is wrong, it comes first in the
    text, so it is the error raised. They are built once the header is whole (a line of the ``body``
    kind above the error)."""
    if not lines:
        raise ParseError("empty game", line=1, column=1)
    read = _Lines(lines, grammar)
    try:
        read.check()
    except ParseError as error:
        above = [item for item in read.read if item[1] + 1 < error.line]
        if any(kind == body for kind, _, _ in above):
            try:
                build(above)
            except ParseError as earlier:
                if earlier.line < error.line:
                    raise earlier from None
        raise
    return build(read.read)


# ---------------------------------------------------------------------------------------------
# Game logs
# ---------------------------------------------------------------------------------------------

def parse_log(lines: tuple[str, ...], source: Source) -> RaspisnoyGame:
    """Parse one game log (its lines, header first) into a record."""
    builder = _Builder(lines, source, _reading("raspisnoy_log"))
    return _built(lines, "raspisnoy_log", "ROUND_LINE", lambda read: _log(builder, read, source))


def _log(builder: _Builder, read: list, source: Source) -> RaspisnoyGame:
    """The record of a log's lines as read (:func:`_built`)."""
    builder.read_meta(read)
    builder.read_players()
    rules = builder.rules()
    first_dealer, first_dealer_line = builder.first_dealer()
    rounds = []
    fields = None
    # One pass over the rounds' lines. A Trick line whose plays have all been read before (a club's logs
    # repeat the same few thousand) is read here: a game has ~250 Trick lines, ~65% of its lines. A play
    # is looked up among those of the same players' games first, then among all (its player checked).
    players, known, layouts = builder.player_set, _PLAYS, builder.reading.tricks
    table_plays = _TABLE_PLAYS.get(players)
    if table_plays is None:
        table_plays = {}
        if len(_TABLE_PLAYS) < 1_000:
            _TABLE_PLAYS[players] = table_plays
    seen = table_plays.get
    first_line = source.first_line
    for kind, index, found in read:
        if kind == "TRICK_LINE" and type(found) is not Tree:
            first, last, number, winner = layouts[found.lastgroup]
            pieces = found.string[found.start(first):found.end(last)].split(",")
            plays = [seen(piece) for piece in pieces]
            # (``all(plays)``, not ``None not in plays``: that compares each play with None by its __eq__)
            if not all(plays):
                plays = [known.get(piece) for piece in pieces]
                if all(plays) and all(play.player in players for play in plays):
                    if len(table_plays) < 10_000:
                        table_plays.update(zip(pieces, plays))
                else:
                    plays = None
            number = int(found[number])
            if plays is not None and number <= LARGEST_WHOLE:     # (else read with columns, to say where)
                winner = found[winner] if winner is not None else None
                if winner is None or winner in players:
                    fields["tricks"].append(_make_trick(number, tuple(plays), winner, first_line + index))
                    continue
        elif kind == "ROUND_LINE":
            if fields is not None:
                rounds.append(_round(fields))
            fields = {"tricks": []}
            try:
                _read_head(builder, fields, _head_fields(builder.reading, found))
            except _Retry:
                _read_head(builder, fields, builder.tokens(kind, index, found))
            fields["line"] = first_line + index
            continue
        elif fields is None:
            continue    # (the header's lines)
        name = _NAMES[kind]
        if name in fields and name != "tricks":
            raise builder.line_error(f"a second '{name.capitalize()}:' line in round {fields['number']}", index)
        try:
            _read_line(builder, fields, kind, index, _fast(builder.reading, kind, found))
        except _Retry:
            _read_line(builder, fields, kind, index, builder.tokens(kind, index, found))
    if fields is not None:
        rounds.append(_round(fields))
    return RaspisnoyGame(
        source=source, info=builder.info("raspisnoy", rules), name=builder.name(read),
        players=builder.players, rules=rules, first_dealer=first_dealer, rounds=tuple(rounds),
        players_line=source.line(builder.meta["players"][0]), first_dealer_line=first_dealer_line,
    )


_make_round = slot_filler(Round)
_ROUND_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Round) if f.default is not dataclasses.MISSING}


def _round(fields: dict) -> Round:
    """The round of its fields, the fields its log leaves out at their defaults (a game has ~36
    rounds: a frozen dataclass's __init__ costs ~4x)."""
    fields["tricks"] = tuple(fields["tricks"])
    return _make_round(**{**_ROUND_DEFAULTS, **fields})


_NAMES = {"HANDS_LINE": "hands", "BIDS_LINE": "bids", "TRICK_LINE": "tricks", "POINTS_LINE": "points",
          "TOTALS_LINE": "totals"}


def _read_head(builder: _Builder, fields: dict, tokens: list[tuple[str, _Field]]) -> None:
    """number, cards, kind, dealer, and the trump card and its joker mark, if any."""
    (_, number), (_, cards), (_, kind), (_, dealer), *trump = tokens
    fields["number"] = _whole(builder, number, "round number {}")
    fields["cards"] = _whole(builder, cards, "a round of {} cards")
    fields["kind"] = _kind(builder, kind)
    fields["dealer"] = builder.player(dealer)
    if not trump:
        fields["trump"] = None
    else:
        fields["trump"] = _card(builder, trump[0][1])
        fields["trump_marked_joker"] = len(trump) > 1


def _head_fields(reading: _Reading, match) -> list[tuple[str, str]]:
    """A round header's fields as ``_read_head`` takes them, without their columns (``_fast``),
    its trump read by the expression of the grammar's ``trump`` rule."""
    text, terminals = _fast(reading, "ROUND_LINE", match)
    trump = _TRUMPS.get(text)
    if trump is None:
        expression, alternatives = reading.rules["trump"]
        found = expression.fullmatch(text)
        _, groups = alternatives[found.lastgroup]
        symbols = alternatives.symbols
        trump = [(symbols[group], found[group]) for group in groups if not symbols[group].startswith("_")]
        if len(_TRUMPS) < 1_000:
            _TRUMPS[text] = trump
    return [("", value) for value in terminals] + trump


_TRUMPS: dict[str, list[tuple[str, str]]] = {}
"""A round header's trump fields by their text, as read (each card, with or without its joker mark, or none)."""


def _fast(reading: _Reading, kind: str, match):
    """The line's fields without their columns: the text of its items (plays, hands, bids or
    scores) and its own terminals by type; a tree (a form only Lark reads) is read with columns."""
    if isinstance(match, Tree):
        raise _Retry
    first, last, terminals = reading.layouts[kind][match.lastgroup]
    return match.string[match.start(first):match.end(last)], [match[group] for _, group in terminals]


# As a Round, a game's hundreds of plays and tricks are made without their __init__ (~3x the cost).
_make_play = slot_filler(Play)              # player, card, declaration
_make_trick = slot_filler(Trick)            # number, plays, winner, line
_make_written = slot_filler(Written)        # values, line


def _read_line(builder: _Builder, fields: dict, kind: str, index: int, found) -> None:
    """Add one Hands:, Bids:, Trick, Points: or Totals: line to the round's fields, from its text
    (``_fast``; a wrong field raises _Retry) or its tokens with columns."""
    player = builder.player
    at = builder.source.line(index)
    if kind == "TRICK_LINE":
        if isinstance(found, tuple):     # the common case, inline: ~40% of a game's fields
            text, terminals = found
            players, cards, declarations, known = builder.player_set, _CARDS, _DECLARATIONS, _PLAYS
            plays = []
            # The expression has checked the line, so each comma-separated piece is one play whose words
            # are its fields; a piece split otherwise (a card run into its call) is read with columns.
            for piece in text.split(","):
                play = known.get(piece)
                if play is not None and play.player in players:
                    plays.append(play)
                    continue
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
                play = _make_play(p, card, said)
                plays.append(play)
                if len(known) < 100_000:
                    known[piece] = play
            number, winner = terminals[0], terminals[1] if len(terminals) > 1 else None
        else:
            (_, number), *tokens = found
            plays, winner = _plays(builder, tokens)
        number = _whole(builder, number, "trick {}", f"a round of {cards_in_words(fields['cards'])} has "
                                                     f"{fields['cards']} trick" + "s" * (fields["cards"] != 1))
        fields["tricks"].append(_make_trick(number, tuple(plays), player(winner) if winner is not None else None, at))
        return
    if isinstance(found, tuple):
        text, _ = found
        players = builder.player_set
        if kind == "HANDS_LINE":
            # The expression has checked the line: each hand is a name, then its cards up to a ']'
            # (neither holds a bracket or a comma but the commas between cards).
            card_of = _CARDS.get
            hands = []
            for piece in text.split("]")[:-1]:
                name, inside = piece.split("[")
                hand = tuple(map(card_of, inside.replace(",", " ").split()))
                if not all(hand):   # a card not seen yet (a Card's __eq__ would be a call per card)
                    try:
                        hand = tuple([_card_of(text) for text in inside.replace(",", " ").split()])
                    except CardError:
                        raise _Retry from None  # read with columns, to say where
                name = name.split()[-1].lstrip(",")
                if name not in players:
                    raise _Retry
                hands.append((name, hand))
            fields["hands"] = tuple(hands)
            fields["hands_line"] = at
            return
        # A Bids:, Points: or Totals: line is pairs of a name and a value between commas, each pair
        # read once (a club's logs repeat the same few thousand).
        known = _PAIRS[kind]
        values = []
        for piece in text.split(","):
            pair = known.get(piece)
            if pair is None:
                words = piece.split()
                if len(words) != 2:
                    raise _Retry  # a decimal comma (7,5) split a pair: read with columns
                name, value = words
                pair = (name, _bid(builder, value, fields["cards"]) if kind == "BIDS_LINE" else _number(builder, value))
                if len(known) < 10_000:
                    known[piece] = pair
            if pair[0] not in players:
                raise _Retry
            values.append(pair)
        values = tuple(values)
    elif kind == "HANDS_LINE":
        pairs = [(p, v) for (_, p), (_, v) in zip(found[0::2], found[1::2])]
        fields["hands"] = tuple([(player(p), _hand(builder, h)) for p, h in pairs])
        fields["hands_line"] = at
        return
    else:
        values = tuple([(player(p), _bid(builder, v, fields["cards"]) if kind == "BIDS_LINE" else _number(builder, v))
                        for (_, p), (_, v) in zip(found[0::2], found[1::2])])
    if kind == "BIDS_LINE":
        fields["bids"] = values
        fields["bids_line"] = at
        fields["bids_before_hands"] = "hands" not in fields
    else:
        fields[_NAMES[kind]] = _make_written(values, at)


_PAIRS: dict[str, dict[str, tuple[str, object]]] = {"BIDS_LINE": {}, "POINTS_LINE": {}, "TOTALS_LINE": {}}
"""Per kind of line, its (name, value) pairs by their text between commas, as read."""


def _bid(builder: _Builder, field: _Field, cards: int) -> int:
    """A bid of a log or sheet (``pass`` is 0); a bid above the ``cards`` in hand that the
    warehouse stores is the rules' finding, a larger one refused at its column."""
    if field.lower() == "pass":
        return 0
    return _whole(builder, field, "a bid of {}", f"a hand of this round has {cards_in_words(cards)}")


def _plays(builder: _Builder, tokens: list[tuple[str, _Field]]) -> tuple[list[Play], _Field | None]:
    """The plays of a Trick line's tokens (after its number), and the winner written."""
    plays, winner = [], None
    at = 0
    while at < len(tokens):
        _, name = tokens[at]
        if at + 1 == len(tokens) or tokens[at + 1][0] != "CARD":
            winner = name
            break
        card = tokens[at + 1][1]
        at += 2
        words = []
        while at < len(tokens) and tokens[at][0] != "PLAYER":
            words.append(tokens[at][1])
            at += 1
        said = _Field(" ".join(words), words[0].column, words[0].line) if words else None
        plays.append(_play(builder, name, card, said))
    return plays, winner


_DECLARATIONS: dict[str, Declaration] = {}
_PLAYS: dict[str, Play] = {}
"""Plays by their text between commas, as read: a play is immutable, and a club's logs repeat
the same few thousand."""
_TABLE_PLAYS: dict[frozenset[str], dict[str, Play]] = {}
"""Per set of players, the plays of their games by their text: a play found there is by one of them."""


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
    builder = _Builder(lines, source, _reading("raspisnoy_sheet"))
    return _built(lines, "raspisnoy_sheet", "TABLE_HEAD_LINE", lambda read: _sheet(builder, read, source))


def _sheet(builder: _Builder, read: list, source: Source) -> RaspisnoySheet:
    """The record of a sheet's lines as read (:func:`_built`)."""
    builder.read_meta(read)
    builder.read_players()
    rules = builder.rules()
    first_dealer, first_dealer_line = builder.first_dealer()
    head_kind, head_index, head_found = next(item for item in read if item[0] == "TABLE_HEAD_LINE")
    columns = tuple(builder.player(p) for _, p in builder.tokens(head_kind, head_index, head_found))
    if sorted(columns) != sorted(builder.players):
        raise builder.line_error(f"the table's columns ({', '.join(columns)}) are not the players "
                                 f"({', '.join(builder.players)})", head_index)
    rows = []
    for kind, index, found in read:
        if kind == "ROW_LINE":
            try:
                rows.append(_sheet_row(builder, columns, index, *_row_fields(builder.reading, found)))
            except _Retry:
                (_, number), (_, cards), (_, round_kind), *cells = builder.tokens(kind, index, found)
                cells = [(bid, tricks, total) for (_, bid), (_, tricks), (_, total)
                         in zip(cells[0::3], cells[1::3], cells[2::3])]
                rows.append(_sheet_row(builder, columns, index, number, cards, round_kind, cells))
    return RaspisnoySheet(
        source=source, info=builder.info("raspisnoy_sheet", rules), name=builder.name(read),
        players=builder.players, rules=rules, first_dealer=first_dealer, rows=tuple(rows),
        players_line=source.line(builder.meta["players"][0]), first_dealer_line=first_dealer_line,
    )


def _row_fields(reading: _Reading, found) -> tuple[str, str, str, list[tuple[str, str, str]]]:
    """A row's number, cards, kind, and bid, tricks and total per cell, without their columns."""
    text, (number, cards, kind) = _fast(reading, "ROW_LINE", found)
    expression, alternatives = reading.rules["cell"]
    (_, groups), = alternatives.values()
    return number, cards, kind, [match.group(*groups) for match in expression.finditer(text)]


def _sheet_row(builder: _Builder, columns: tuple[str, ...], index: int, number: str, cards: str, round_kind: str,
               cells: list[tuple[str, str, str]]) -> SheetRow:
    number = _whole(builder, number, "round number {}")
    if len(cells) != len(columns):
        has = f"{len(cells)} column" + ("" if len(cells) == 1 else "s")
        raise builder.line_error(f"round {number} has {has} of players, the table has {len(columns)}", index)
    cards = _whole(builder, cards, "a round of {} cards")
    in_hand = f"a hand of this round has {cards_in_words(cards)}"
    return SheetRow(
        number=number, cards=cards, kind=_kind(builder, round_kind), line=builder.source.line(index),
        cells=tuple([
            SheetCell(player=player, bid=None if bid == "-" else _bid(builder, bid, cards),
                      tricks=_whole(builder, tricks, "{} tricks taken", in_hand), total=_number(builder, total))
            for player, (bid, tricks, total) in zip(columns, cells)
        ]),
    )
