"""Raspisnoy poker game logs and score sheets → ``RaspisnoyGame`` and ``RaspisnoySheet`` records.

The grammars are ``grammars/raspisnoy_log.lark`` and ``grammars/raspisnoy_sheet.lark``; this
module only turns their trees into records. Line numbers in records are file lines.

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
from lark.exceptions import UnexpectedInput

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
_PARSERS: dict[str, Lark] = {}

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
    "KIND": "a round kind (regular, no-trump, blind, misere, golden)",
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
    "_NL": "the end of the line",
    "$END": "the end of the game",
}
_SHEET_WORDS = {**WORDS, "BID": "a bid (a whole number, or - for none)", "INT": "the tricks taken (a whole number)"}

_TABLE_HEAD = re.compile(r"^\s*#\s*cards\b", re.IGNORECASE)
_TRAILING_COMMENT = re.compile(r"\s+#.*$")
_DATE_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d", "%d.%m.%Y %H:%M", "%d.%m.%Y", "%Y-%m-%dT%H:%M")


def _parser(name: str) -> Lark:
    if name not in _PARSERS:
        _PARSERS[name] = Lark.open(str(_GRAMMARS / f"{name}.lark"), parser="lalr", propagate_positions=True)
    return _PARSERS[name]


def _text(lines: tuple[str, ...]) -> str:
    """The game's text with comments blanked (the sheet's table header is kept), one line per line."""
    kept = []
    for line in lines:
        if _TABLE_HEAD.match(line):
            kept.append(line)
        elif line.lstrip().startswith("#"):
            kept.append("")
        else:
            kept.append(_TRAILING_COMMENT.sub("", line))
    return "\n".join(kept) + "\n"


def _tree(name: str, lines: tuple[str, ...], words: dict[str, str]) -> Tree:
    text = _text(lines)
    try:
        return _parser(name).parse(text)
    except UnexpectedInput as exc:
        raise from_lark(exc, text, words) from None


class _Builder:
    """What both formats share: header lines, players, the ruleset; raises ParseError with positions."""

    def __init__(self, lines: tuple[str, ...], source: Source) -> None:
        self.lines = lines
        self.source = source
        self.players: tuple[str, ...] = ()
        self.meta: dict[str, Tree] = {}

    def error(self, reason: str, token_or_tree) -> ParseError:
        line = getattr(token_or_tree, "line", None) or getattr(getattr(token_or_tree, "meta", None), "line", 1)
        column = getattr(token_or_tree, "column", None) or getattr(getattr(token_or_tree, "meta", None), "column", 1)
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return ParseError(reason, line=line, column=column, line_text=text)

    def file_line(self, token_or_tree) -> int:
        line = getattr(token_or_tree, "line", None) or token_or_tree.meta.line
        return self.source.line(line - 1)

    def read_meta(self, tree: Tree) -> None:
        for child in tree.children:
            if isinstance(child, Tree) and child.data in ("date", "club", "table", "players", "rules", "first_dealer"):
                if child.data in self.meta:
                    raise self.error(f"a second '{child.data.replace('_', ' ').capitalize()}:' line", child)
                self.meta[child.data] = child
        if "players" not in self.meta:
            raise self.error("the game has no 'Players:' line", tree.children[0])
        names = list(self.meta["players"].children)
        seen = set()
        for token in names:
            if str(token) in seen:
                raise self.error(f"{str(token)!r} is listed twice among the players", token)
            seen.add(str(token))
        self.players = tuple(str(t) for t in names)

    def player(self, token: Token) -> str:
        name = str(token)
        if name not in self.players:
            raise self.error(f"{name!r} is not one of the players ({', '.join(self.players)})", token)
        return name

    def info(self, game: str, rules: Ruleset) -> GameInfo:
        played_at = None
        if "date" in self.meta:
            token = self.meta["date"].children[0]
            value = str(token).strip()
            for fmt in _DATE_FORMATS:
                try:
                    played_at = datetime.strptime(value, fmt)
                    break
                except ValueError:
                    continue
            else:
                raise self.error(f"expected a date like 2026-11-28 19:30, found {value!r}", token)
        club = str(self.meta["club"].children[0]).strip() if "club" in self.meta else None
        table = str(self.meta["table"].children[0]).strip() if "table" in self.meta else None
        return GameInfo(game=game, played_at=played_at, club=club or None, table_name=table or None,
                        ruleset=rules.canonical)

    def rules(self) -> tuple[Ruleset, int]:
        if "rules" not in self.meta:
            return Ruleset(), self.file_line(self.meta["players"])
        token = self.meta["rules"].children[0]
        text = str(token)
        rules = Ruleset()
        for item, offset in split_settings(text):
            try:
                rules = rules.setting(item)
            except RulesetError as error:
                raise ParseError(str(error), line=token.line, column=token.column + offset,
                                 line_text=self.lines[token.line - 1]) from None
        return rules, self.file_line(token)

    def first_dealer(self) -> tuple[str, int]:
        if "first_dealer" not in self.meta:
            raise self.error("the game has no 'First dealer: <name>' line", self.meta["players"])
        tree = self.meta["first_dealer"]
        return self.player(tree.children[0]), self.file_line(tree)

    def name(self, tree: Tree) -> str:
        header = tree.children[0]
        return str(header.children[0]).strip() if header.children else ""


def _kind(builder: _Builder, token: Token) -> RoundKind:
    try:
        return RoundKind.parse(str(token))
    except RulesetError as error:
        raise builder.error(str(error), token) from None


def _card(builder: _Builder, token: Token) -> Card:
    try:
        return Card.parse(str(token))
    except CardError as error:
        raise builder.error(str(error), token) from None


def _hand(builder: _Builder, token: Token) -> tuple[Card, ...]:
    """The cards of a ``[As Kd 10h]`` token; a word that is no card is reported at its own column."""
    cards = []
    for match in re.finditer(r"[^\s,\[\]]+", str(token)):
        try:
            cards.append(Card.parse(match.group()))
        except CardError:
            line_text = builder.lines[token.line - 1] if 0 < token.line <= len(builder.lines) else ""
            raise ParseError(f"expected a card like As or 10♥, found {match.group()!r}", line=token.line,
                             column=token.column + match.start(), line_text=line_text) from None
    return tuple(cards)


def _number(builder: _Builder, token: Token) -> Decimal:
    text = str(token).replace("−", "-").replace(",", ".").lstrip("+")
    try:
        return Decimal(text)
    except InvalidOperation:
        raise builder.error(f"expected a number of points, found {str(token)!r}", token) from None


# ---------------------------------------------------------------------------------------------
# Game logs
# ---------------------------------------------------------------------------------------------

def parse_log(lines: tuple[str, ...], source: Source) -> RaspisnoyGame:
    """Parse one game log (its lines, header first) into a record."""
    tree = _tree("raspisnoy_log", lines, WORDS)
    builder = _Builder(lines, source)
    builder.read_meta(tree)
    rules, _ = builder.rules()
    first_dealer, first_dealer_line = builder.first_dealer()
    rounds = tuple(_round(builder, child) for child in tree.children
                   if isinstance(child, Tree) and child.data == "round")
    return RaspisnoyGame(
        source=source, info=builder.info("raspisnoy", rules), name=builder.name(tree),
        players=builder.players, rules=rules, first_dealer=first_dealer, rounds=rounds,
        players_line=builder.file_line(builder.meta["players"]), first_dealer_line=first_dealer_line,
    )


def _round(builder: _Builder, tree: Tree) -> Round:
    head = tree.children[0]
    number, cards, kind, dealer, trump = head.children
    fields: dict = {
        "number": int(number), "cards": int(cards), "kind": _kind(builder, kind),
        "dealer": builder.player(dealer), "line": builder.file_line(head),
    }
    if trump.data == "trump_none":
        fields["trump"] = None
    else:
        fields["trump"] = _card(builder, trump.children[0])
        fields["trump_marked_joker"] = len(trump.children) > 1
    tricks = []
    for line in tree.children[1:]:
        if not isinstance(line, Tree):
            continue
        kind_of_line = line.data
        if kind_of_line in ("hands", "bids", "points", "totals") and kind_of_line in fields:
            raise builder.error(f"a second '{kind_of_line.capitalize()}:' line in round {int(number)}", line)
        at = builder.file_line(line)
        if kind_of_line == "hands":
            fields["hands"] = tuple(
                (builder.player(hand.children[0]), _hand(builder, hand.children[1])) for hand in line.children
            )
            fields["hands_line"] = at
        elif kind_of_line == "bids":
            fields["bids"] = tuple(
                (builder.player(bid.children[0]), 0 if str(bid.children[1]).lower() == "pass" else int(bid.children[1]))
                for bid in line.children
            )
            fields["bids_line"] = at
            fields["bids_before_hands"] = "hands" not in fields
        elif kind_of_line in ("points", "totals"):
            fields[kind_of_line] = Written(
                values=tuple((builder.player(s.children[0]), _number(builder, s.children[1])) for s in line.children),
                line=at,
            )
        elif kind_of_line == "trick":
            trick_number, *rest = line.children
            plays = [child for child in rest if isinstance(child, Tree) and child.data == "play"]
            winner = [child for child in rest if isinstance(child, Token)]
            tricks.append(Trick(
                number=int(trick_number), plays=tuple(_play(builder, play) for play in plays),
                winner=builder.player(winner[0]) if winner else None, line=at,
            ))
    fields["tricks"] = tuple(tricks)
    return Round(**fields)


def _play(builder: _Builder, tree: Tree) -> Play:
    player, card, *declaration = tree.children
    said = None
    if declaration:
        words = " ".join(str(token) for token in declaration[0].children)
        if len(declaration[0].children) == 2 and str(declaration[0].children[1]).lower().startswith("trump"):
            words = f"{declaration[0].children[0]} trumps"
        try:
            said = Declaration.parse(words)
        except RulesetError as error:
            raise builder.error(str(error), declaration[0].children[0]) from None
    return Play(player=builder.player(player), card=_card(builder, card), declaration=said)


# ---------------------------------------------------------------------------------------------
# Score sheets
# ---------------------------------------------------------------------------------------------

def parse_sheet(lines: tuple[str, ...], source: Source) -> RaspisnoySheet:
    """Parse one score sheet into a record."""
    tree = _tree("raspisnoy_sheet", lines, _SHEET_WORDS)
    builder = _Builder(lines, source)
    builder.read_meta(tree)
    rules, _ = builder.rules()
    first_dealer, first_dealer_line = builder.first_dealer()
    head = next(child for child in tree.children if isinstance(child, Tree) and child.data == "table_head")
    columns = tuple(builder.player(p) for p in head.children)
    if sorted(columns) != sorted(builder.players):
        raise builder.error(f"the table's columns ({', '.join(columns)}) are not the players "
                            f"({', '.join(builder.players)})", head)
    rows = []
    for child in tree.children:
        if not (isinstance(child, Tree) and child.data == "row"):
            continue
        number, cards, kind, *cells = child.children
        if len(cells) != len(columns):
            raise builder.error(f"round {int(number)} has {len(cells)} columns of players, the table has "
                                f"{len(columns)}", child)
        rows.append(SheetRow(
            number=int(number), cards=int(cards), kind=_kind(builder, kind), line=builder.file_line(child),
            cells=tuple(
                SheetCell(player=player, bid=_sheet_bid(cell.children[0]), tricks=int(cell.children[1]),
                          total=_number(builder, cell.children[2]))
                for player, cell in zip(columns, cells)
            ),
        ))
    return RaspisnoySheet(
        source=source, info=builder.info("raspisnoy_sheet", rules), name=builder.name(tree),
        players=builder.players, rules=rules, first_dealer=first_dealer, rows=tuple(rows),
        players_line=builder.file_line(builder.meta["players"]), first_dealer_line=first_dealer_line,
    )


def _sheet_bid(token: Token) -> int | None:
    text = str(token).lower()
    if text == "-":
        return None
    return 0 if text == "pass" else int(text)
