"""What the text readers of the other rooms share: a table of line kinds, and Lark over lines.

Each room's reader declares its lines once, as a tuple of :class:`parsers.pokerstars.LineKind`
(pattern, fields, words): the classifier, the grammar's terminals (its ``%declare`` list) and
the words of syntax errors are made from that table, as the PokerStars reader makes its own.
A room's grammar (``grammars/<room>.lark``) checks the order of the sections of a hand; Lark
gets one token per run of lines of one kind (a custom lexer).

:class:`StreetBets` keeps what each player has put in on the current street, for rooms that
write a raise's total or the chips it adds but not the raise over the bet, as the record wants.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from parsers.errors import ParseError
from parsers.pokerstars import LineKind
from rules.cards import Card, CardError
from rules.holdem_hand import Action, ActionKind, Street

__all__ = ["LineKind", "RoomLines", "StreetBets", "cards", "money", "return_uncalled"]


class _LineLexer(Lexer):
    """Hands Lark the tokens the classifier made: one per run of lines."""

    def __init__(self, lexer_conf) -> None:
        pass

    def lex(self, data):
        return iter(data)


class RoomLines:
    """A room's line kinds and grammar: classifies a hand's lines and checks their order.

    ``kinds`` are tried in order (a kind with a ``hint`` only on lines that hold it, at their
    start when it begins with "^"); a kind named None is a line without play, read and left
    out. A hand's lines fall in sections: the first of ``sections``, then the next one from the
    line of each kind of ``switches`` on; a kind is tried only in the sections its ``section``
    names (space-separated, or "any"). Consecutive lines of a kind in ``merge`` make one token;
    kinds in ``body`` are folded into one BODY token.
    """

    def __init__(self, room: str, kinds: tuple[LineKind, ...], *, merge: frozenset[str] = frozenset(),
                 body: frozenset[str] = frozenset(), sections: tuple[str, ...] = ("play", "summary"),
                 switches: dict[str, str] | None = None, expected: str = "") -> None:
        self.room = room
        self.kinds = kinds
        self.merge = merge | ({"BODY"} if body else set())
        self.body = body
        self.first_section = sections[0]
        self.switches = switches if switches is not None else {"SUMMARY": "summary"}
        self.expected = expected
        self.words = {k.name: k.words for k in kinds if k.name}
        if body:
            self.words["BODY"] = "an action, a show, an uncalled bet or a collect line"
        self.terminals = tuple(dict.fromkeys(["HEADER"] + [k.name for k in kinds if k.name and k.name not in body]
                                             + (["BODY"] if body else [])))
        self._steps = {section: tuple((k.pattern.match, k.hint.removeprefix("^"), k.hint.startswith("^"), k.name)
                                      for k in kinds if k.pattern is not None
                                      and (k.section == "any" or section in k.section.split()))
                       for section in sections}
        self._grammar: Lark | None = None
        self._accepted: set[tuple[str, ...]] = set()

    def grammar(self) -> Lark:
        if self._grammar is None:
            path = Path(__file__).with_name("grammars") / f"{self.room}.lark"
            text = path.read_text(encoding="utf-8") + "\n%declare " + " ".join(self.terminals) + "\n"
            self._grammar = Lark(text, parser="lalr", lexer=_LineLexer)
        return self._grammar

    def classify(self, lines: tuple[str, ...], start: int = 1) -> list[tuple[str, re.Match, int]]:
        """(kind, match, index) per line from ``start`` that takes part in play; a line no kind
        reads is a ParseError."""
        out = []
        steps = self._steps[self.first_section]
        switches = self.switches
        for index in range(start, len(lines)):
            line = lines[index]
            if not line or line.isspace():
                continue
            for match, hint, at_start, name in steps:
                if hint and not (line.startswith(hint) if at_start else hint in line):
                    continue
                m = match(line)
                if m is None:
                    continue
                if name is not None:
                    if name in switches:
                        steps = self._steps[switches[name]]
                    out.append((name, m, index))
                break
            else:
                raise ParseError(f"cannot read {line.strip()[:60]!r}: expected {self.expected}",
                                 line=index + 1, column=1, line_text=line)
        return out

    def check(self, tokens: list[tuple[str, re.Match, int]], lines: tuple[str, ...], header: int = 0) -> None:
        """Does the room's grammar accept a hand of these kinds in this order, after its header
        (``lines[header]``)? A ParseError says what was expected where. A shape accepted once is
        remembered."""
        kinds, indexes = ["HEADER"], [header]
        for kind, _, index in tokens:
            if kind in self.body:
                kind = "BODY"
            if kind == kinds[-1] and kind in self.merge:
                continue
            kinds.append(kind)
            indexes.append(index)
        shape = tuple(kinds)
        if shape in self._accepted:
            return
        stream = [Token(kind, lines[index], line=index + 1, column=1) for kind, index in zip(kinds, indexes)]
        try:
            self.grammar().parse(stream)
        except UnexpectedToken as exc:
            token = exc.token
            expected = sorted({self.words[n] for n in (exc.accepts or exc.expected) if n in self.words})
            wanted = (expected[0] if len(expected) == 1 else ", ".join(expected[:-1]) + " or " + expected[-1]
                      if expected else "nothing more")
            if token.type == "$END":
                raise ParseError(f"the hand ends too soon: expected {wanted}, found the end of the hand",
                                 line=len(lines), column=len(lines[-1]) + 1, line_text=lines[-1]) from None
            raise ParseError(f"expected {wanted}, found {str(token).strip()[:60]!r}",
                             line=token.line, column=1, line_text=str(token)) from None
        except UnexpectedInput as exc:  # pragma: no cover - the custom lexer makes only tokens
            raise ParseError(f"unexpected input: {exc}", line=1, column=1, line_text=lines[0]) from None
        if len(self._accepted) < 10_000:
            self._accepted.add(shape)


class StreetBets:
    """What each player has put in on the current street, and the bet to match.

    >>> bets = StreetBets()
    >>> bets.put("SB", Decimal("0.10")), bets.put("BB", Decimal("0.25"))
    (Decimal('0.10'), Decimal('0.25'))
    >>> bets.raise_over("SB", Decimal("0.75"))    # raises to 0.75: 0.50 over the bet
    Decimal('0.50')
    """

    def __init__(self) -> None:
        self.street = None
        self.bets: dict[str, Decimal] = {}
        self.top = Decimal(0)
        self.pot = Decimal(0)
        """Every chip put in on every street, less the bets returned."""

    def new_street(self, street) -> None:
        if street != self.street:
            self.street = street
            self.bets = {}
            self.top = Decimal(0)

    def of(self, player: str) -> Decimal:
        return self.bets.get(player, Decimal(0))

    def put(self, player: str, chips: Decimal) -> Decimal:
        """``player`` puts ``chips`` more in; returns his total on the street."""
        total = self.bets[player] = self.of(player) + chips
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
        self.top = max(self.bets.values(), default=Decimal(0))


def return_uncalled(actions: list[Action], bets: StreetBets, street: Street, line: int) -> Action | None:
    """For rooms that write no return of a bet nobody called (their result pays it back with
    the pot): the part of the street's top bet nobody matched goes back to its bettor before the
    results. The return, if any, is given back so that the result can leave it out."""
    if not bets.bets:
        return None
    ranked = sorted(bets.bets.items(), key=lambda item: item[1], reverse=True)
    excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else Decimal(0))
    if excess <= 0:
        return None
    bets.take_back(ranked[0][0], excess)
    back = Action(street=street, player=ranked[0][0], kind=ActionKind.UNCALLED, amount=excess, line=line)
    actions.append(back)
    return back


_MONEY = re.compile(r"[\d,]*\.?\d+")


def money(text: str) -> Decimal:
    """An amount as the rooms write it: a currency sign or code around digits with thousands commas."""
    found = _MONEY.search(text)
    if found is None:
        raise ValueError(f"{text!r} is not an amount")
    try:
        return Decimal(found[0].replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern lets only digits through
        raise ValueError(f"{text!r} is not an amount") from None


def cards(text: str | None, index: int, line: str, separators: str = ",") -> tuple[Card, ...]:
    """The cards of ``text`` ("As Kd", "As, Kd"), a ParseError pointing at a card that is none."""
    if not text:
        return ()
    out = []
    for word in text.translate({ord(c): " " for c in separators}).split():
        try:
            out.append(Card.parse(word))
        except CardError as error:
            column = line.find(word) + 1
            raise ParseError(str(error), line=index + 1, column=max(column, 1), line_text=line) from None
    return tuple(out)
