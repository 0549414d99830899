"""What the text readers of the other rooms share: a table of line kinds, and Lark over lines.

Each room's reader declares its lines once, as a tuple of :class:`parsers.lines.LineKind`
(pattern, fields, words): the classifier, the grammar's terminals (its ``%declare`` list) and
the words of syntax errors are made from that table by :class:`parsers.lines.LineTable`, as for
every reader.
A room's grammar (``grammars/<room>.lark``) checks the order of the sections of a hand; Lark
gets one token per run of lines of one kind (a custom lexer).

:class:`StreetBets` keeps what each player has put in on the current street, for rooms that
write a raise's total or the chips it adds but not the raise over the bet, as the record wants.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from parsers.errors import ParseError
from parsers.lines import LineKind, LineTable
from rules.cards import Card, CardError
from rules.holdem_hand import Action, ActionKind, Street

__all__ = ["LineKind", "RoomLines", "StreetBets", "cards", "money", "return_uncalled"]


class RoomLines(LineTable):
    """A room's line kinds and grammar (``grammars/<room>.lark``): classifies a hand's lines and
    checks their order, as :class:`parsers.lines.LineTable` does for every room.

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
        super().__init__(kinds, grammar=f"{room}.lark", unreadable=f"expected {expected}", body=body,
                         runs=merge | ({"BODY"} if body else frozenset()), post=None, hole=None, sections=sections,
                         switches=switches if switches is not None else {"SUMMARY": "summary"}, header_kind=False)
        self.room = room
        if body:
            self.words["BODY"] = "an action, a show, an uncalled bet or a collect line"

    def check(self, tokens: list[tuple[str, re.Match, int]], lines: tuple[str, ...], header: int = 0) -> None:
        """Does the room's grammar accept a hand of these kinds in this order, after its header
        (``lines[header]``)? A ParseError says what was expected where."""
        self.check_shape(tokens, lines, header)


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
