"""Chinese poker and OFC logs into records (grammars ``chinese.lark`` and ``ofc.lark``).

The transformers stay thin: each line becomes a small tuple with its line number, and
:func:`parse_chinese` / :func:`parse_ofc` put them into a :class:`~rules.chinese.ChineseHand`
or :class:`~rules.ofc.OfcHand`. Nothing here judges the rules: a card twice, a row
overfilled, a turn out of order all parse, and the replay reports them.

>>> from rules.records import Source
>>> src = Source(file="x.txt", first_line=10, last_line=16, game_id="0")
>>> hand = parse_chinese(("Chinese poker hand C-1", "Scoring: 1-6", "Players: Anna, Boris",
...     "Anna: back [As Ad Ah 2c 2d] middle [Kc Kd 3h 4s 5s] front [Qc Jd 9h]",
...     "Boris: surrenders"), src)
>>> hand.scoring.value, [s.status.value for s in hand.seats], hand.seats[1].line
('1-6', ['set', 'surrender'], 14)
>>> parse_chinese(("Chinese poker hand C-1", "Anna: back [As Ax]"), src)
Traceback (most recent call last):
...
parsers.errors.ParseError: line 2, column 16: expected a card like As or 10♥, found 'Ax'
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal

import lark_cython
import numpy as np
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken, VisitError

from parsers.club_date import CLUB_DATE_WORDS, read_club_date
from parsers.errors import CARD_WANTED, TEXT_WANTED, ParseError, from_lark, not_a_card, not_among_players
from parsers.grammar import line_expression, open_grammar
from parsers.names import player_name
from rules.cards import Card, CardError, Deck
from rules.chinese import (
    ROWS,
    ChineseBatch,
    ChineseHand,
    ChineseRules,
    ChineseSeat,
    Claim,
    Claims,
    NaturalKind,
    Row,
    Scoring,
    Status,
)
from rules.ofc import OfcBatch, OfcBatchBuilder, OfcHand, OfcStep, Placement, StepKind, Variant
from rules.records import GameInfo, Source

_PARSERS: dict[tuple[str, bool], Lark] = {}

_WORDS = {
    "CARD": CARD_WANTED,
    "ROW": "a row (back, middle or front)",
    "SEAT_NAME": "a player's name and their rows",
    "ACTOR": "a player's name and what they do (sets, draws, fantasyland)",
    "NAME": "a player's name",
    "CLAIM": "a player's name and an amount like Anna +2",
    "SCORING": "a scoring (1-6 or 2-4)",
    "DATETIME": CLUB_DATE_WORDS,
    "TEXT": TEXT_WANTED,
    "HAND_ID": "the hand's number",
    "VARIANT": "a variant (classic, pineapple or fantasyland)",
    "NATURAL_KIND": "a natural (three straights, three flushes, six pairs, no faces, dragon)",
    "_NL": "the end of the line",
}


def _parser(name: str, *, compiled: bool = True) -> Lark:
    """The grammar's LALR parser, the transformer running inside it (no parse tree is built).
    ``compiled``: its parse tables driven by lark-cython, several times faster; the pure-Python
    parser of the same grammar explains a syntax error (it can say what it expected)."""
    key = (name, compiled)
    if key not in _PARSERS:
        _PARSERS[key] = open_grammar(name, maybe_placeholders=False, transformer=_Lines(),
                                     _plugins=lark_cython.plugins if compiled else {})
    return _PARSERS[key]


def _words(parser: Lark) -> dict[str, str]:
    words = dict(_WORDS)
    for terminal in parser.terminals:
        if terminal.name not in words and terminal.pattern.type == "str":
            words[terminal.name] = repr(terminal.pattern.value)
    return words


def grammar_statements(name: str, lines: tuple[str, ...]):
    """The statements of a hand as the grammar ``name`` reads it (Lark), or its ParseError."""
    text = "\n".join(lines)
    try:
        return _parser(name).parse(text)
    except UnexpectedInput:
        pass
    parser = _parser(name, compiled=False)
    try:
        return parser.parse(text)
    except UnexpectedInput as error:
        error = _where_its_text_ends(_name_as_its_first_word(error), text)
        raise _fantasyland_with_draws(_bracket_in_name(from_lark(error, text, _words(parser)))) from None


def _where_its_text_ends(error: UnexpectedInput, text: str) -> UnexpectedInput:
    """``error`` at the end of a line whose text ends in a comment, moved to where that text ends:
    right after the last thing read on the line, as a line without its comment is told (``Date: #
    no date`` lacks its date after 'Date:', at column 6, never after the comment's last word).
    Lark's error stands at the line's break, or at the end of the hand, past the ignored comment."""
    if not isinstance(error, UnexpectedToken) or str(error.token).strip():
        return error
    ended = error.token.type == "$END"
    # (the end of the hand takes the position of the last token read; a break keeps that token)
    last = error.token if ended else (error.token_history or [None])[-1]
    stop = len(text) if ended else error.token.start_pos
    if last is None or last.end_pos is None or stop is None or "\n" in text[last.end_pos:stop]:
        return error
    end = Token("_NL", "", start_pos=last.end_pos, line=last.end_line, column=last.end_column)
    return UnexpectedToken(end, error.expected, interactive_parser=error.interactive_parser,
                           token_history=error.token_history)


def _name_as_its_first_word(error: UnexpectedInput) -> UnexpectedInput:
    """``error`` at a name where the line holds none (Lark's lexer, asked what stands there, reads
    the longest name it can): its first word is the fault a person sees, 'centre' of ``centre [Qs
    Qh 9c 7d 2c] front [6s 6h 3c]``, since a name's brackets take in a row's cards."""
    if isinstance(error, UnexpectedToken) and error.token.type == "NAME" and len(error.token.split()) > 1:
        error.token = error.token.update(value=error.token.split()[0])
    return error


NAME_LIMIT = "a name holds no commas, colons or '#', and its square brackets come in pairs"
"""What a name of Chinese poker and OFC holds (the grammars' NAME and PLAYER): ``Марк [Казань]`` is
one, while a bracket left open would take in what follows it (``Марк [Казань, Россия]``, one name
or two?), and one closed before it opens closes nothing of the name's. A '#' opens a comment on
every line but ``Players:`` and ``Dealer:``, so no other line could name a player whose name holds one."""


def _not_a_name(written: str) -> str:
    """The reason a name of ``Players:`` or ``Dealer:`` is refused: that name alone, as written, and
    the limit it breaks."""
    return f"expected a player's name, found {written!r} ({NAME_LIMIT})"


def _listed_name(token: Token) -> str:
    """A name of ``Players:`` or ``Dealer:`` (the grammars' NAME), refused at its '#' (see :data:`NAME_LIMIT`)."""
    name = str(token)
    at = name.find("#")
    if at >= 0:
        raise ParseError(_not_a_name(name), line=token.line, column=token.column + at)
    return player_name(name)


def _bracket_in_name(error: ParseError) -> ParseError:
    """``error`` told as the name it stands in when it stands at a bracket of a Players: or Dealer:
    line that no name closes (``Players: Марк [Казань, Россия]``), where a club may have written a
    guest or a city in brackets: that name quoted alone, its text between the commas around the
    bracket (``'Марк [Казань'``), not the other players' names after it, and the limit of names."""
    text, column = error.line_text, error.column
    head = text.split(":", 1)[0].strip().casefold()
    if head not in ("players", "dealer") or text[column - 1:column] not in ("[", "]"):
        return error
    start = max(text.rfind(",", 0, column - 1), text.index(":")) + 1
    end = text.find(",", column - 1)
    name = text[start:len(text) if end < 0 else end].strip()
    return ParseError(_not_a_name(name), line=error.line, column=column, line_text=text)


def _fantasyland_with_draws(error: ParseError) -> ParseError:
    """``error`` at a ``Variant:`` line that names Fantasyland beside a way of drawing (``Variant:
    pineapple, fantasyland``, as apps name the game), told with the line to write instead: one
    variant a hand, and a Fantasyland hand's other players draw classic or Pineapple as they do."""
    text = error.line_text
    head, _, value = text.partition(":")
    if head.strip().casefold() != "variant" or "fantasyland" not in value.casefold():
        return error
    return ParseError(f"{error.reason}: a hand names one variant; write `Variant: fantasyland` for a Fantasyland "
                      "hand, whose other players draw classic or Pineapple", line=error.line, column=error.column,
                      line_text=text)


# ---------------------------------------------------------------- transformers


class _Lines(Transformer):
    """Each line → (kind, line number relative to the game, value); the line is its first token's."""

    def cards(self, children):
        return _cards(children[0])

    def rows(self, children):
        return tuple((_row(str(children[i])), children[i + 1]) for i in range(0, len(children), 2))

    def header(self, children):
        return ("header", children[0].line, str(children[-1]))

    def date(self, children):
        token = children[0]     # the line's text is added where the error is caught (_statements)
        return ("date", token.line, read_club_date(str(token), line=token.line, column=token.column, line_text=""))

    def club(self, children):
        return ("club", children[0].line, str(children[0]).strip())

    def rules(self, children):
        return ("rules", children[0].line, str(children[0]).strip())

    def scoring(self, children):
        return ("scoring", children[0].line, Scoring.parse(str(children[0]).replace("–", "-")))

    def variant(self, children):
        return ("variant", children[0].line, Variant(str(children[0]).lower()))

    def players(self, children):
        return ("players", children[0].line, tuple(_listed_name(name) for name in children))

    def dealer(self, children):
        return ("dealer", children[0].line, _listed_name(children[0]))

    def royalties(self, children):
        return ("royalties", children[0].line, tuple(_claim(token) for token in children))

    def points(self, children):
        return ("points", children[0].line, tuple(_claim(token) for token in children))

    def royalties_line(self, children):
        return ("royalties", children[0].line, _claims_of(children[0]))

    def points_line(self, children):
        return ("points", children[0].line, _claims_of(children[0]))

    # Chinese poker player lines
    def seat_line(self, children):
        return ("seat", children[0].line, (player_name(str(children[0])), children[1]))

    def set_line(self, children):
        token = children[0]
        name, rows = _set_line_rows(str(token))
        rows = tuple((row, _cards_at(cards, token.line, token.column + at)) for row, cards, at in rows)
        return ("seat", token.line, (name, ("set", rows)))

    def set_rows(self, children):
        return ("set", children[0])

    def surrender(self, children):
        return ("surrender", None)

    def natural(self, children):
        return ("natural", (NaturalKind.parse(str(children[0])), children[1]))

    # OFC lines
    def sets(self, children):
        name, rows = children
        cards = tuple(card for _, cs in rows for card in cs)
        placements = tuple(Placement(card=card, row=row) for row, cs in rows for card in cs)
        return ("step", children[0].line, (str(name), StepKind.SET, cards, placements))

    def sets_line(self, children):
        token = children[0]
        text = str(token)
        head = _SETS.match(text)
        rows = [(_row(match.group(1)), _cards_at(match.group(2), token.line, token.column + match.start(2)))
                for match in _BRACKETS.finditer(text, head.end())]
        cards = tuple(card for _, cs in rows for card in cs)
        placements = tuple(Placement(card=card, row=row) for row, cs in rows for card in cs)
        return ("step", token.line, (head.group(1), StepKind.SET, cards, placements))

    def draw_one(self, children):
        name, card, row = children
        card = _card(card)
        return ("step", children[0].line, (str(name), StepKind.DRAW, (card,), (Placement(card=card, row=_row(str(row))),)))

    def draw_many(self, children):
        name, cards, *placements = children
        return ("step", children[0].line, (str(name), StepKind.DRAW, cards, tuple(placements)))

    def draw_line(self, children):
        token = children[0]
        name, dealt, at, placed = _draw_parts(str(token))
        dealt = _cards_at(dealt, token.line, token.column + at)
        placements = tuple(Placement(card=_CARD_OF_WORD.get(word) or Card.parse(word), row=row and _row(row))
                           for word, row in placed)
        return ("step", token.line, (name, StepKind.DRAW, dealt, placements))

    def place(self, children):
        return Placement(card=_card(children[0]), row=_row(str(children[1])))

    def discard(self, children):
        return Placement(card=_card(children[0]), row=None)

    def fantasyland(self, children):
        name, cards, rows, *discards = children
        placements = tuple(Placement(card=card, row=row) for row, cs in rows for card in cs)
        placements += tuple(Placement(card=card, row=None) for cs in discards for card in cs)
        return ("step", children[0].line, (str(name), StepKind.FANTASYLAND, cards, placements))

    def start(self, children):
        return children


def _card(token: Token) -> Card:
    try:
        return Card.parse(str(token))
    except CardError:  # the grammar's CARD admits nothing Card.parse refuses; kept as a guard
        raise ParseError(not_a_card(str(token)), line=token.line, column=token.column) from None


def _cards(token: Token) -> tuple[Card, ...]:
    return _cards_at(str(token)[1:-1], token.line, token.column + 1)


def _cards_at(text: str, line: int, column: int) -> tuple[Card, ...]:
    """The cards written in ``text``, which starts at ``column`` of ``line``."""
    known = _CARD_OF_WORD
    try:    # the usual spellings, each read once per process
        return tuple([known[word] for word in text.replace(",", " ").split()])
    except KeyError:
        pass
    cards = []
    for match in _WORD.finditer(text):
        try:
            card = Card.parse(match.group())
            cards.append(card)
            if len(_CARD_OF_WORD) < 4096:
                _CARD_OF_WORD[match.group()] = card
        except CardError:
            raise ParseError(not_a_card(match.group()), line=line, column=column + match.start()) from None
    return tuple(cards)


_WORD = re.compile(r"[^\s,]+")
_CARD_OF_WORD: dict[str, Card] = {}
"""Card words already read, and their cards."""
_ROW_OF_WORD = {word: row for row in Row for word in (row.value, row.value.title(), row.value.upper())}


def _row(word: str) -> Row:
    """A row's word as the grammar's ROW admits it, in any case (a dict, not an enum call per row)."""
    return _ROW_OF_WORD.get(word) or Row(word.lower())


_BRACKETS = re.compile(r"(back|middle|front)\s*\[([^\]]*)\]", re.IGNORECASE)
"""A row and its cards, looked for after the player's name only: a name may hold a row's word and a
bracket (``Front [Гость]``)."""
_DRAWS = re.compile(r"(.+)\s+draws\s+", re.IGNORECASE)
"""The player of a draw line and the verb after him: the last "draws" (a name may hold the word,
``Boris Draws``; the cards and rows after the verb never do)."""
_SETS = re.compile(r"(.+?)[ \t]+sets[ \t]*:", re.IGNORECASE)
"""The player of a sets line: a name holds no colon, so the first "sets:" follows it."""


def _placed_words(item: str) -> tuple[str, str | None]:
    """One item of a draw's placements ("Kd middle", "discards 2c"): its card's word and its row's
    word (None for a discard)."""
    first, second = item.split()
    return (second, None) if first.lower() == "discards" else (first, second)


def _draw_parts(text: str, read_item=_placed_words) -> tuple[str, str, int, list]:
    """A DRAW_LINE token's player, the text of his dealt cards and where it starts, and each
    placed card as ``read_item`` reads its item (by default its card's word and its row's word)."""
    head = _DRAWS.match(text)
    name, at = head.group(1), head.end()
    rest = text[at:]
    if not rest.startswith("["):
        card, row = rest.split(":")
        return name, card.strip(), at, [read_item(f"{card.strip()} {row.strip()}")]
    close = rest.index("]")
    return name, rest[1:close], at + 1, list(map(read_item, rest[close + 1:].lstrip(" \t:").split(",")))


def _set_line_rows(text: str) -> tuple[str, list[tuple[Row, str, int]]]:
    """A SET_LINE token's player and rows: each row's text of cards and where that text starts."""
    colon = text.index(":")     # a name holds none: the first ends it
    rows = [(_row(match.group(1)), match.group(2), match.start(2)) for match in _BRACKETS.finditer(text, colon)]
    return player_name(text[:colon]), rows


_CLAIM_OF_TEXT: dict[str, Claim] = {}
"""Claims already read ("Ann +3" recurs from hand to hand; a Claim is frozen, so one is shared)."""


def _claim(token: Token | str) -> Claim:
    text = str(token)
    claim = _CLAIM_OF_TEXT.get(text)
    if claim is None:
        name, amount = text.rsplit(None, 1)
        claim = Claim(player=player_name(name), amount=Decimal(amount.replace("−", "-")))
        if len(_CLAIM_OF_TEXT) < _LINES_KEPT:
            _CLAIM_OF_TEXT[text] = claim
    return claim


def _claims_of(token: Token) -> tuple[Claim, ...]:
    """The claims of a whole Royalties: or Points: line, each as the CLAIM terminal reads it."""
    return tuple(_claim(piece.strip()) for piece in str(token).split(":", 1)[1].split(","))


def _statements(name: str, lines: tuple[str, ...]):
    fast = line_statements(name, lines)
    if fast is not None:
        return fast
    try:
        return grammar_statements(name, lines)
    except ParseError as error:
        if not error.line_text and 0 < error.line <= len(lines):
            error.line_text = lines[error.line - 1]
        raise
    except VisitError as error:  # a transformer method refused a value the grammar let through
        if isinstance(error.orig_exc, ParseError):
            raise error.orig_exc from None
        meta = getattr(error.obj, "meta", None)
        line = getattr(meta, "line", 1)
        raise ParseError(str(error.orig_exc), line=line, column=getattr(meta, "column", 1),
                         line_text=lines[line - 1]) from None


def _headers(statements, lines: tuple[str, ...], allowed: set[str]) -> dict[str, tuple[int, object]]:
    headers: dict[str, tuple[int, object]] = {}
    for kind, line, value in statements:
        if kind in allowed:
            if kind in headers:
                raise ParseError(f"{kind.capitalize()} is given twice (first on line {headers[kind][0]})",
                                 line=line, column=1, line_text=lines[line - 1])
            headers[kind] = (line, value)
    if "players" not in headers:
        raise ParseError("the hand has no Players: line", line=1, column=1, line_text=lines[0])
    return headers


def _common(headers, source: Source, game: str, lines: tuple[str, ...]):
    players_line, players = headers["players"]
    rules_line, rules_text = headers.get("rules", (None, None))
    try:
        rules = ChineseRules.parse(rules_text, game=game)
    except ValueError as error:
        # at the setting refused, as raspisnoy's parser points at it: after 'Rules:' and its blanks
        text = lines[rules_line - 1]
        after = text[text.index(":") + 1:]
        column = len(text) - len(after.lstrip()) + 1 + getattr(error, "offset", 0)
        raise ParseError(str(error), line=rules_line, column=column, line_text=text) from None
    info = GameInfo(game=game, played_at=headers.get("date", (0, None))[1], club=headers.get("club", (0, None))[1],
                    ruleset=rules_text or "default")
    dealer_line, dealer = headers.get("dealer", (None, None))
    at = source.line
    claims = {
        kind: Claims(items=headers[kind][1], line=at(headers[kind][0] - 1)) if kind in headers else None
        for kind in ("royalties", "points")
    }
    return {
        "source": source, "info": info, "hand_id": headers["header"][1],
        "scoring": headers.get("scoring", (0, Scoring.ONE_SIX))[1], "players": players,
        "players_line": at(players_line - 1), "dealer": dealer,
        "dealer_line": None if dealer_line is None else at(dealer_line - 1), "rules": rules,
        "royalties": claims["royalties"], "points": claims["points"],
    }


_HEADERS = {"header", "date", "club", "scoring", "players", "dealer", "rules", "royalties", "points"}


def _check_names(statements, lines: tuple[str, ...], players: tuple[str, ...]) -> None:
    """Every name the lines give (a player's hand or step, the dealer, a claim) is one of the
    ``Players:``, as in raspisnoy: a misspelled name is refused at its line and column, never read
    as a player of its own who takes a share of the points while the real one has none."""
    listed = frozenset(players)
    for kind, line, value in statements:
        if kind in ("seat", "step"):
            names = (player_name(value[0]),)
        elif kind == "dealer":
            names = (value,)
        elif kind in ("royalties", "points"):
            names = tuple(claim.player for claim in value)
        else:
            continue
        for at, name in enumerate(names):
            if name not in listed:
                text = lines[line - 1]
                raise ParseError(not_among_players(name, players), line=line,
                                 column=_name_column(text, kind, at, name), line_text=text)


def _name_column(text: str, kind: str, at: int, name: str) -> int:
    """The column of the ``at``-th name of a line (a claims line gives one a claim, between commas)."""
    start = 0 if kind in ("seat", "step") else text.index(":") + 1
    if kind in ("royalties", "points"):
        start += sum(len(piece) + 1 for piece in text[start:].split(",")[:at])
    # the name as typed: its blanks inside may be runs that player_name made one space
    typed = re.compile(r"[ \t]+".join(map(re.escape, name.split(" "))))
    return typed.search(text, start).start() + 1


def parse_chinese(lines: tuple[str, ...], source: Source) -> ChineseHand:
    """A Chinese poker hand from its lines (docs/formats.md); line numbers of errors relative to the game."""
    statements = _statements("chinese", lines)
    headers = _headers(statements, lines, _HEADERS)
    _check_names(statements, lines, headers["players"][1])
    seats = []
    for kind, line, value in statements:
        if kind != "seat":
            continue
        player, (status, body) = value
        file_line = source.line(line - 1)
        if status == "set":
            seats.append(ChineseSeat(player=player, status=Status.SET, rows=body, line=file_line))
        elif status == "surrender":
            seats.append(ChineseSeat(player=player, status=Status.SURRENDER, line=file_line))
        else:
            natural, cards = body
            seats.append(ChineseSeat(player=player, status=Status.NATURAL, natural=natural, cards=cards,
                                     line=file_line))
    return ChineseHand(**_common(headers, source, "chinese", lines), seats=tuple(seats))


def parse_ofc(lines: tuple[str, ...], source: Source) -> OfcHand:
    """An OFC hand from its lines (docs/formats.md); line numbers of errors relative to the game."""
    statements = _statements("ofc", lines)
    headers = _headers(statements, lines, _HEADERS | {"variant"})
    _check_names(statements, lines, headers["players"][1])
    steps = tuple(
        OfcStep(player=player_name(value[0]), kind=value[1], dealt=value[2], placements=value[3],
                line=source.line(line - 1))
        for kind, line, value in statements if kind == "step"
    )
    variant = headers.get("variant", (0, Variant.CLASSIC))[1]
    return OfcHand(**_common(headers, source, "ofc", lines), variant=variant, steps=steps)


HAND_CARDS = sum(row.size for row in ROWS)
"""The cards a player's hand holds in the end (13): back, middle and front."""


def cut_short(hand: ChineseHand | OfcHand) -> bool:
    """Whether a hand stops before the lines every hand ends with (docs/formats.md, "A file that
    ends inside a hand"): it has no closing claims (``Royalties:``, ``Points:``) and a listed
    player lacks his hand (Chinese poker: no hand line, or rows short of 13 cards; OFC: fewer than
    13 cards placed). A hand with its claims written was closed by the table: what it lacks breaks
    a rule (CP-DEAL, OFC-ROWS), wherever it stands in its file.

    >>> src = Source(file="x.txt", first_line=1, last_line=4, game_id="0")
    >>> lines = ("Chinese poker hand C-1", "Players: Anna, Boris",
    ...          "Anna: back [As Ad Ah 2c 2d] middle [Kc Kd 3h 4s 5s] front [Qc Jd 9h]")
    >>> cut_short(parse_chinese(lines, src)), cut_short(parse_chinese((*lines, "Points: Anna +6, Boris -6"), src))
    (True, False)
    """
    if hand.royalties is not None or hand.points is not None:
        return False
    held: dict[str, int] = dict.fromkeys(hand.players, 0)
    if isinstance(hand, OfcHand):
        for step in hand.steps:
            held[step.player] = held.get(step.player, 0) + sum(1 for placed in step.placements if placed.row is not None)
    else:
        for seat in hand.seats:
            cards = sum(len(row) for _, row in seat.rows) if seat.status is Status.SET else HAND_CARDS
            held[seat.player] = held.get(seat.player, 0) + cards
    return any(held[player] < HAND_CARDS for player in hand.players)


# ---------------------------------------------------------------- the batch reader


_LINE_BY_LINE = {
    "chinese": frozenset({"header", "date", "club", "scoring", "players", "dealer", "rules", "royalties_line",
                          "points_line", "set_line", "seat_line"}),
    "ofc": frozenset({"header", "date", "club", "variant", "scoring", "players", "dealer", "rules",
                      "royalties_line", "points_line", "draw_line", "sets_line"}),
}
"""The lines :func:`line_statements` reads by the grammar's line expression (the whole-line
terminals and the table's lines): nearly every line of a log; a hand with another goes to Lark."""


@functools.cache
def _line_reader(name: str) -> tuple[re.Pattern, dict, re.Pattern, dict[str, str]]:
    expression, alternatives = line_expression(_parser(name), ("header", "line"), _LINE_BY_LINE[name])
    names = next(t for t in _parser(name).terminals if t.name == "NAME").pattern.to_regexp()
    return expression, alternatives, re.compile(names), alternatives.symbols


def line_statements(name: str, lines: tuple[str, ...]) -> list | None:
    """The statements Lark's parse of a hand gives, read line by line with the grammar's own line
    expression and transformer; None when a line is not one it reads (Lark then reads the hand,
    and says where a line is wrong)."""
    expression, alternatives, names, kinds = _line_reader(name)
    transformer = _Lines()
    statements = []
    for number, text in enumerate(lines, 1):
        if not text or text.isspace():
            continue
        match = expression.fullmatch(text)
        if match is None:
            return None
        alias, groups = alternatives[match.lastgroup]
        if (alias == "header") != (not statements):
            return None     # the header first, and only there
        tokens = [Token(kinds.get(g, "VALUE"), match.group(g), line=number, column=match.start(g) + 1)
                  for g in groups]
        try:
            if alias == "players":
                tokens = tokens[:1] + [Token("NAME", n, line=number, column=1) for n in names.findall(tokens[1])] \
                    if len(tokens) > 1 else tokens
                statements.append(transformer.players(tokens))
            elif alias == "seat_line":
                seat = _seat_statement(transformer, tokens[1])
                if seat is None:
                    return None
                statements.append(("seat", number, (player_name(str(tokens[0])), seat)))
            else:
                statements.append(getattr(transformer, alias)(tokens))
        except (ParseError, ValueError):
            return None     # Lark says what is wrong, and where
    return statements if statements else None


def _seat_statement(transformer: _Lines, token: Token):
    expression, alternatives = _seat_expression()
    match = expression.fullmatch(str(token))
    if match is None:
        return None
    kind, groups = alternatives[match.lastgroup]
    if kind == "surrender":
        return transformer.surrender([])
    natural, cards = (match.group(g) for g in groups)
    return transformer.natural([Token("NATURAL_KIND", natural),
                                _cards(Token("CARDS", cards, line=token.line,
                                             column=token.column + match.start(groups[1])))])


_BATCH_LINES = frozenset({"header", "date", "club", "scoring", "players", "dealer", "royalties_line",
                          "points_line", "set_line", "seat_line"})


@functools.cache
def _batch_expression() -> tuple[re.Pattern, dict, re.Pattern]:
    expression, alternatives = line_expression(_parser("chinese"), ("header", "line"), _BATCH_LINES)
    names = re.compile(next(t for t in _parser("chinese").terminals if t.name == "NAME").pattern.to_regexp())
    return expression, alternatives, names


@functools.cache
def _seat_expression() -> tuple[re.Pattern, dict]:
    return line_expression(_parser("chinese"), ("seat",), frozenset({"surrender", "natural"}))


def _token(kind: str, text: str, line: int) -> Token:
    return Token(kind, text, line=line, column=1)


class _CardCodes(dict):
    """A card's word as a log writes it → its code, -1 for one off the 52-card deck (Card.parse, once per spelling)."""

    def __missing__(self, word: str) -> int:
        try:
            card = Card.parse(word)
            code = card.code if card in Deck.STANDARD_52 else -1
        except CardError:
            code = -2
        self[word] = code
        return code


_CARD_CODES = _CardCodes()
_TABLE_LINES: dict[str, dict[str, tuple[str, object]]] = {"chinese": {}, "ofc": {}}
"""Per batch reader, the table lines it has read (a club's Scoring:, Players:, Dealer: lines
recur from hand to hand): each line's kind and value."""
_LINES_KEPT = 1 << 16


def read_batch(chunks, source_file: str) -> tuple[ChineseBatch, np.ndarray, list]:
    """The Chinese poker hands of ``chunks`` that hold only the usual lines, in columns for
    :func:`rules.chinese.replay_batch`: the batch, the indices of the chunks it holds, and per
    hand its :class:`~rules.records.GameInfo` with its header's ID. Each line is read by the grammar's own line
    expression and transformer; a hand with any other line (a ``Rules:`` line, a natural, a
    comment, a line the grammar refuses) is left out, for :func:`parse_chinese` to read or refuse."""
    expression, alternatives, names = _batch_expression()
    lines_of = _Lines()
    columns = {"scoring": [], "players": [], "dealer": [], "royalty_claims": [], "point_claims": []}
    seat_expression, seat_alternatives = _seat_expression()
    seat_hand, seat_player, seat_surrenders, seat_natural, seat_line, codes, infos, taken = ([] for _ in range(8))
    card_codes, table_lines = _CARD_CODES, _TABLE_LINES["chinese"]
    brackets, words, row_index = _BRACKETS.findall, _WORD.findall, _row_index
    for index, chunk in enumerate(chunks):
        if chunk.format != "chinese" or chunk.undecodable is not None:
            continue
        values: dict[str, object] = {}
        seats: dict[str, tuple[int, Status, NaturalKind | None, list[int]]] = {}
        usual = True
        for number, text in enumerate(chunk.lines, 1):
            known = table_lines.get(text)
            if known is not None:
                alias, value = known
                if alias in values:
                    usual = False
                    break
                values[alias] = value
                continue
            if not text or text.isspace():
                continue
            match = expression.fullmatch(text)
            if match is None:
                usual = False
                break
            alias, groups = alternatives[match.lastgroup]
            found = [match.group(g) for g in groups]
            if alias == "set_line":
                # the rows by their words' indices, not as Row members (hashing the enum is slow), in
                # any case the grammar admits
                colon = found[0].index(":")     # a name holds none: the first ends it
                rows = brackets(found[0], colon)
                name = player_name(found[0][:colon])
                hand_codes = [card_codes[word] for _, cards in rows for word in words(cards)]
                if name in seats or [row_index(row) for row, _ in rows] != [0, 1, 2] or len(hand_codes) != 13:
                    usual = False
                    break
                seats[name] = (chunk.first_line + number - 1, Status.SET, None, hand_codes)
                continue
            if alias == "seat_line":
                name = player_name(found[0])
                if name in seats:
                    usual = False
                    break
                seat = seat_expression.fullmatch(found[1])
                kind = seat and seat_alternatives[seat.lastgroup][0]
                if kind == "surrender":
                    seats[name] = (chunk.first_line + number - 1, Status.SURRENDER, None, [-1] * 13)
                elif kind == "natural":
                    natural, cards = (seat.group(g) for g in seat_alternatives[seat.lastgroup][1])
                    hand_codes = [card_codes[word] for word in _WORD.findall(cards[1:-1])]
                    if len(hand_codes) != 13:
                        usual = False
                        break
                    seats[name] = (chunk.first_line + number - 1, Status.NATURAL, NaturalKind.parse(natural),
                                   hand_codes)
                else:
                    usual = False
                    break
                continue
            if alias in values:
                usual = False
                break
            value = _table_value(lines_of, names, alias, found, text, number, table_lines)
            if value is None:
                usual = False
                break
            values[alias] = value
        if not usual or "players" not in values or "header" not in values:
            continue
        players = values["players"]
        if len(seats) != len(players) or set(seats) != set(players):
            continue
        h = len(infos)
        for player in players:
            line, status, natural, cards = seats[player]
            seat_hand.append(h)
            seat_player.append(player)
            seat_surrenders.append(status is Status.SURRENDER)
            seat_natural.append(natural)
            seat_line.append(line)
            codes.append(cards)
        columns["scoring"].append(values.get("scoring", Scoring.ONE_SIX))
        columns["players"].append(players)
        columns["dealer"].append(values.get("dealer"))
        columns["royalty_claims"].append(values.get("royalties_line"))
        columns["point_claims"].append(values.get("points_line"))
        infos.append((GameInfo(game="chinese", played_at=values.get("date"), club=values.get("club"),
                               ruleset="default"), values["header"]))
        taken.append(index)
    batch = ChineseBatch(**columns, seat_hand=np.array(seat_hand, dtype=np.int64), seat_player=seat_player,
                         seat_surrenders=np.array(seat_surrenders, dtype=bool), seat_natural=seat_natural,
                         codes=np.array(codes, dtype=np.int64).reshape(-1, 13),
                         seat_line=np.array(seat_line, dtype=np.int64))
    return batch, np.array(taken, dtype=np.int64), infos


_OFC_BATCH_LINES = frozenset({"header", "date", "club", "variant", "scoring", "players", "dealer", "royalties_line",
                              "points_line", "draw_line", "sets_line"})
_ROW_INDEX = {row: i for i, row in enumerate(ROWS)}
_ROW_INDEX_OF_WORD = {word: _ROW_INDEX[row] for word, row in _ROW_OF_WORD.items()}


def _row_index(word: str) -> int:
    """A row's word → its index in ``ROWS`` (a dict of words: hashing the enum is slow)."""
    index = _ROW_INDEX_OF_WORD.get(word)
    return _ROW_INDEX[_row(word)] if index is None else index


class _ItemCodes(dict):
    """A draw's placement item as the column reader keeps it → card code and row index (-1 for a
    discard), read once per spelling: a Pineapple draw's line rarely recurs (three cards of a deck
    in any order) but its items do. A dict, so that a known item costs no Python call."""

    def __missing__(self, item: str) -> tuple[int, int]:
        word, row = _placed_words(item)
        codes = (_CARD_CODES[word], -1 if row is None else _row_index(row))
        if len(self) < _LINES_KEPT:
            self[item] = codes
        return codes


_CODES_OF_ITEM = _ItemCodes()


_STEP_OF_LINE: dict[str, tuple] = {}
"""Step lines already read (a player's draws recur from hand to hand), and what they say."""


@functools.cache
def _ofc_batch_expression() -> tuple[re.Pattern, dict, re.Pattern]:
    expression, alternatives = line_expression(_parser("ofc"), ("header", "line"), _OFC_BATCH_LINES)
    names = re.compile(next(t for t in _parser("ofc").terminals if t.name == "NAME").pattern.to_regexp())
    return expression, alternatives, names


def read_ofc_batch(chunks, source_file: str) -> tuple[OfcBatch, np.ndarray]:
    """The OFC hands of ``chunks`` that hold only the usual lines and whose placements break no
    rule (:func:`rules.ofc.placement_columns`), in columns for the batch replay: the batch and the
    indices of the chunks it holds. Each line is read by the grammar's own line expression, a
    step's cards straight into codes; a hand with any other line (a ``Rules:`` line, a Fantasyland
    line, a comment, a line the grammar refuses) is left out, for :func:`parse_ofc` to read or refuse."""
    expression, alternatives, names = _ofc_batch_expression()
    lines_of = _Lines()
    card_codes, row_index, words, step_of_line = _CARD_CODES, _row_index, _WORD.findall, _STEP_OF_LINE
    table_lines = _TABLE_LINES["ofc"]
    builder = OfcBatchBuilder()
    offered = []
    for index, chunk in enumerate(chunks):
        if chunk.format != "ofc" or chunk.undecodable is not None:
            continue
        values: dict[str, object] = {}
        steps = []
        usual = True
        for number, text in enumerate(chunk.lines, 1):
            step = step_of_line.get(text)
            if step is not None:
                steps.append((*step, chunk.first_line + number - 1))
                continue
            known = table_lines.get(text)
            if known is not None:
                alias, value = known
                if alias in values or not values:
                    usual = False
                    break
                values[alias] = (chunk.first_line + number - 1, value)
                continue
            if not text or text.isspace():
                continue
            match = expression.fullmatch(text)
            if match is None:
                usual = False
                break
            alias, groups = alternatives[match.lastgroup]
            found = [match.group(g) for g in groups]
            line = chunk.first_line + number - 1
            if alias in ("draw_line", "sets_line"):
                if alias == "draw_line":
                    name, dealt, _, placed = _draw_parts(found[0], _CODES_OF_ITEM.__getitem__)
                    step = (player_name(name), "draws", tuple([card_codes[word] for word in words(dealt)]), tuple(placed))
                else:
                    placed, head = [], _SETS.match(found[0])
                    for m in _BRACKETS.finditer(found[0], head.end()):
                        row = row_index(m.group(1))
                        placed += [(card_codes[word], row) for word in words(m.group(2))]
                    placed = tuple(placed)
                    step = (player_name(head.group(1)), "sets", tuple(code for code, _ in placed), placed)
                # only a one-card draw's line recurs (a player, a card, a row); a set's five cards and
                # a Pineapple draw's three come in too many orders to be met again
                if len(step[2]) == 1 and len(step_of_line) < _LINES_KEPT:
                    step_of_line[text] = step
                steps.append((*step, line))
                continue
            if alias in values or (alias == "header") != (not values):
                usual = False       # a line given twice, or the header not first: the parser says so
                break
            value = _table_value(lines_of, names, alias, found, text, number, table_lines)
            if value is None:
                usual = False
                break
            values[alias] = (line, value)
        if not usual or "players" not in values:
            continue
        offered.append(index)
        value = {kind: v for kind, (_, v) in values.items()}
        builder.add(variant=value.get("variant", Variant.CLASSIC), scoring=value.get("scoring", Scoring.ONE_SIX),
                    players=value["players"], dealer=value.get("dealer"), players_line=values["players"][0],
                    steps=steps, royalty_claims=value.get("royalties_line"), point_claims=value.get("points_line"),
                    info=GameInfo(game="ofc", played_at=value.get("date"), club=value.get("club"), ruleset="default"),
                    name=value["header"])
    batch = builder.batch()
    return batch, np.array([offered[k] for k in batch.kept], dtype=np.int64)


def _table_value(lines_of: _Lines, names: re.Pattern, alias: str, found: list, text: str, number: int,
                 table_lines: dict[str, tuple[str, object]]):
    """A table line's value as the transformer reads it, remembered in ``table_lines`` (the
    reader's own, see ``_TABLE_LINES``) unless it is a hand's header; None for a value it refuses
    (the parser then says where).

    Both batch readers look a line up in their ``table_lines`` first, inline, and call this only
    for a line not seen before. Their loops around it differ on purpose: OFC keeps each line's
    number (its batch keeps the Players: line's) and wants the header first, as its grammar does;
    a Chinese hand's seats are whole set lines, an OFC hand's are steps."""
    if alias == "header":
        return found[-1]
    try:
        if alias == "players":
            tokens = [_token("NAME", found[0], number)]
            tokens += [_token("NAME", n, number) for n in names.findall(found[1] or "")]
            value = lines_of.players(tokens)[2]
        elif alias in ("royalties_line", "points_line"):
            value = _claims_of(_token("CLAIM", text, number))
        else:
            value = getattr(lines_of, alias)([_token("VALUE", found[0], number)])[2]
    except (ParseError, ValueError):
        return None
    if len(table_lines) < _LINES_KEPT:
        table_lines[text] = (alias, value)
    return value
