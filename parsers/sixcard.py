"""Six-card poker session logs → :class:`rules.sixcard.SixcardSession`.

The grammar (``grammars/sixcard.lark``) reads the form of docs/formats.md and the
lenient ones (Unicode suits, ``10``, Russian letters, extra spaces, comment lines); the
text arrives decoded and with line ends normalized by :mod:`parsers.source`. A syntax
error becomes a :class:`ParseError` that names what was expected in words.

>>> text = '''Six-card poker session S-77
... Date: 2026-11-28 23:40
... Casino: Metropol
... Player: Anna
...
... Hand 1
... Dealer up: Qs
... Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 9h; plays 20
... Box 2: ante 10 [Kc 8d 6h 4s 3c]; exchanges 3c for Kd; folds
... Dealer: [8h 8c 4d 3s Qs]
... Result: box 1 +20, box 2 -30'''.split("\\n")
>>> session = parse(tuple(text), Source(file="s.txt", first_line=1, last_line=11, game_id="0"))
>>> session.player, session.info.club, [(b.number, b.bought, b.bet) for b in session.hands[0].boxes]
('Anna', 'Metropol', [(1, Card('9h'), Decimal('20')), (2, None, None)])
>>> parse(tuple(text[:7] + ["Box 1: ante 10 [Ah Ax 7c 5s 2d]; plays 20"]),
...       Source(file="s.txt", first_line=1, last_line=8, game_id="0"))
Traceback (most recent call last):
...
parsers.errors.ParseError: line 8, column 20: expected a card like As or 10♥, found 'Ax'
"""

from __future__ import annotations

import re
from decimal import Decimal

from lark import Token, Tree

from parsers.club_date import CLUB_DATE_WORDS, read_club_date
from parsers.errors import CARD_WANTED, LARGEST_WHOLE, TEXT_WANTED, ParseError, out_of_range
from parsers.grammar import parse_lines
from parsers.names import player_name
from rules.cards import Card
from rules.records import GameInfo, Source
from rules.rules_line import SettingError
from rules.sixcard import Box, BoxResult, DealerBuy, ExtraDraw, SixcardHand, SixcardRules, SixcardSession

__all__ = ["WORDS", "parse"]

WORDS = {
    "CARD": CARD_WANTED,
    "NUMBER": "an amount like 10",
    "SIGNED_NUMBER": "a box net like +20 or -30",
    "INT": "a number",
    "ID": "the session's name",
    "SESSION": "'Six-card poker session'",
    "HAND": "'Hand N'",
    "BOX": "'Box N:'",
    "DEALER": "'Dealer:'",
    "RESULT": "'Result:'",
    "REST": TEXT_WANTED,
    "PLAYER_NAME": "the player's name",
    "DATETIME": CLUB_DATE_WORDS,
    "UP": "'up'",
    "ANTE": "'ante'",
    "BUYS": "'buys'",
    "EXCHANGES": "'exchanges'",
    "FOR": "'for'",
    "PLAYS": "'plays'",
    "FOLDS": "'folds'",
    "GAME": "'game'",
    "SEMICOLON": "';'",
    "COLON": "':'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COMMA": "','",
    "_NL": "the end of the line",
    "DATE": "'Date:'",
    "CASINO": "'Casino:'",
    "PLAYER": "'Player:'",
}


_STEPS = {"buy": "buy", "exchange": "exchange", "plays": "play", "folds": "fold"}
"""A box line's clauses (grammar rule → :attr:`Box.steps` word), kept in the order written."""
_DRAWS = ("buy", "exchange")


def parse(lines: tuple[str, ...], source: Source) -> SixcardSession:
    """One session's lines (the game's own numbering, 1-based) → its record."""
    try:
        tree = parse_lines("sixcard", lines, WORDS)
    except ParseError as error:
        raise _exponent(error) from None
    return _Builder(lines, source).session(tree)


_NUMBER_WITH_EXPONENT = re.compile(r"[+\-−]?\d+(?:[.,]\d+)?[eE][+\-−]?\d+")
NUMBER_FORM = ("numbers are digits with an optional sign and a decimal point or comma, "
               "like 20, +60, -7.5 or 7,5, never with an exponent")


def _exponent(error: ParseError) -> ParseError:
    """A syntax error that stands in a number written with an exponent (``+1e30``) says so, at
    the number's column, with the form numbers take; any other error as it is."""
    for match in _NUMBER_WITH_EXPONENT.finditer(error.line_text):
        if match.start() < error.column <= match.end() + 1:
            return ParseError(f"the number {match[0]!r} is written with an exponent: {NUMBER_FORM}",
                              line=error.line, column=match.start() + 1, line_text=error.line_text)
    return error


LARGEST_HAND_NUMBER = 2 ** 31 - 1
"""The greatest hand number of a session the warehouse stores (32 bits: a session may run long);
a box's number is bounded as every club log's numbers are (``LARGEST_WHOLE``)."""


def _amount(token: Token) -> Decimal:
    return Decimal(str(token).replace("−", "-").replace(",", "."))


class _Builder:
    """Thin walk over the parse tree: each rule to its record, each line to its file line."""

    def __init__(self, lines: tuple[str, ...], source: Source) -> None:
        self.lines = lines
        self.source = source

    def line(self, node: Tree | Token) -> int:
        rel = node.line if isinstance(node, Token) else node.meta.line
        return self.source.line(rel - 1)

    def whole(self, token: Token, what: str, largest: int = LARGEST_WHOLE) -> int:
        """A hand's or a box's number; one above what the warehouse stores is refused at its column."""
        number = int(token)
        if number > largest:
            raise self.error(out_of_range(f"{what} {number}", largest=largest), token)
        return number

    def error(self, reason: str, node: Tree | Token) -> ParseError:
        line = node.line if isinstance(node, Token) else node.meta.line
        column = node.column if isinstance(node, Token) else node.meta.column
        return ParseError(reason, line=line, column=column, line_text=self.lines[line - 1])

    def session(self, tree: Tree) -> SixcardSession:
        header = next(tree.find_data("header"))
        session_id = str(header.children[1]).strip() if len(header.children) > 1 else ""
        meta: dict[str, tuple[str, Tree]] = {}
        hands = []
        for node in tree.children:
            if not isinstance(node, Tree) or node.data == "header":
                continue
            if node.data == "hand":
                hands.append(self.hand(node))
                continue
            value = str(node.children[-1]).strip()
            if node.data in meta:
                raise self.error(f"'{node.data.capitalize()}:' is given twice in one session", node)
            meta[node.data] = (value, node)
        nodes = [node for node in tree.children if isinstance(node, Tree) and node.data == "hand"]
        unfinished = nodes[-1] if hands and hands[-1] is None else None
        for stopped, hand in enumerate(hands[:-1]):
            if hand is None:    # only the last hand may stop before the dealer's cards: the log goes on
                raise self.error(f"expected 'Box N:' or 'Dealer:', found 'Hand': hand {nodes[stopped].children[1]} "
                                 "stops before the dealer's cards, which only a session's last hand may do",
                                 nodes[stopped + 1])
        if unfinished is not None:
            hands.pop()
        if "player" not in meta:
            raise self.error("a session names its player: expected a line 'Player: <name>'", header)
        played_at = None
        if "date" in meta:
            value = meta["date"][1].children[-1]
            played_at = read_club_date(str(value), line=value.line, column=value.column,
                                       line_text=self.lines[value.line - 1])
        rules = SixcardRules()
        if "rules" in meta:
            value, node = meta["rules"]
            try:
                rules = SixcardRules.parse(value)
            except SettingError as error:   # at the setting refused, as the other games' parsers point at it
                settings = node.children[-1]
                blanks = len(settings) - len(settings.lstrip())
                raise ParseError(str(error), line=settings.line, column=settings.column + blanks + error.offset,
                                 line_text=self.lines[settings.line - 1]) from None
        info = GameInfo(
            game="sixcard", played_at=played_at, club=meta.get("casino", (None,))[0],
            table_name=meta.get("table", (None,))[0], ruleset=meta.get("rules", ("default",))[0],
        )
        return SixcardSession(source=self.source, info=info, session_id=session_id,
                              player=player_name(meta["player"][0]), hands=tuple(hands), rules=rules,
                              unfinished_hand=None if unfinished is None else self.whole(unfinished.children[1], "hand",
                                                                                         LARGEST_HAND_NUMBER),
                              unfinished_line=None if unfinished is None else self.line(unfinished))

    def hand(self, tree: Tree) -> SixcardHand | None:
        """The hand's record; None for one that stops before the dealer's cards (see ``session``)."""
        if not any(isinstance(node, Tree) and node.data == "dealer" for node in tree.children):
            return None
        number = self.whole(tree.children[1], "hand", LARGEST_HAND_NUMBER)
        boxes, buys, results, result_line = [], [], None, None
        up = dealer_cards = dealer_line = None
        for node in tree.children[2:]:
            if not isinstance(node, Tree):
                continue
            if node.data == "up":
                up = Card.parse(node.children[-1])
            elif node.data == "box":
                boxes.append(self.box(node))
            elif node.data == "dealer":
                dealer_cards = self.cards(node.children[-1])
                dealer_line = self.line(node)
            elif node.data == "dealer_buy":
                tokens = [t for t in node.children if isinstance(t, Token) and t.type in ("INT", "CARD")]
                buys.append(DealerBuy(box=self.whole(tokens[0], "box"), out=Card.parse(tokens[1]),
                                      into=Card.parse(tokens[2]), line=self.line(node)))
            elif node.data == "result":
                result_line = self.line(node)
                results = tuple(
                    BoxResult(box=self.whole(net.children[1], "box"), net=_amount(net.children[2]))
                    for net in node.children if isinstance(net, Tree)
                )
        # The boxes in their numbers' order, the turn the rules play them in; a log that writes them
        # in another order keeps each box's line, and the replay cites it (SIX-DRAW).
        boxes.sort(key=lambda box: box.number)
        return SixcardHand(number=number, dealer_up=up, boxes=tuple(boxes), dealer_cards=dealer_cards,
                           dealer_buys=tuple(buys), results=results, line=self.line(tree),
                           dealer_line=dealer_line, result_line=result_line)

    def box(self, tree: Tree) -> Box:
        fields: dict = {"number": self.whole(tree.children[1], "box"), "line": self.line(tree)}
        steps, extra = [], []
        for node in tree.children[2:]:
            if isinstance(node, Token) and node.type == "NUMBER":
                fields["ante"] = _amount(node)
            elif isinstance(node, Tree) and node.data == "cards":
                fields["cards"] = self.cards(node)
            elif isinstance(node, Tree) and node.data in _DRAWS:
                *out, into = [Card.parse(t) for t in node.children if isinstance(t, Token) and t.type == "CARD"]
                if _STEPS[node.data] in steps:
                    # A second buy or exchange breaks a rule (SIX-DRAW), which the replay cites: kept apart.
                    extra.append(ExtraDraw(step=_STEPS[node.data], into=into, out=out[0] if out else None))
                    continue
                if node.data == "buy":
                    fields["bought"] = into
                else:
                    fields["exchanged_out"], fields["exchanged_in"] = out[0], into
            elif isinstance(node, Tree) and node.data == "plays":
                fields["bet"] = _amount(node.children[-1])
            elif isinstance(node, Tree) and node.data == "folds":
                fields["folds"] = True
            if isinstance(node, Tree) and node.data in _STEPS:
                steps.append(_STEPS[node.data])
        return Box(**fields, steps=tuple(steps), extra_draws=tuple(extra))

    @staticmethod
    def cards(tree: Tree) -> tuple[Card, ...]:
        return tuple(Card.parse(t) for t in tree.children if isinstance(t, Token) and t.type == "CARD")
