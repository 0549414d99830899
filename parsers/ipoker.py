"""iPoker hand histories (XML sessions) → :class:`rules.holdem_hand.HoldemHand`, one per game.

An iPoker file holds a ``<session>``: its ``<general>`` names the game and stakes
(``<gametype>Holdem NL $0.02/$0.04</gametype>``), the currency and the table; each ``<game>``
holds its players (seat, name, stack, the dealer button, what each bet and won in all) and
its rounds (0: the posts; 1: the hole cards and preflop; 2-4: flop, turn, river). The text is
read with a real XML parser (``defusedxml``, which refuses entity bombs), not with a grammar:
XML may put any number of elements on a line. Actions come grouped by player within a round;
their ``no`` gives the order of play, the posts' and the preflop play's together (a player who
sits out between two posts leaves his ante and is not dealt in). Amounts are the chips each action adds, except a raise
(``type="23"``), which gives the player's total on the street; an all-in of ``sum="DP"`` keeps a
disconnected player in for what he has in (ROOM-DISCONNECTED). The room writes
no return of an uncalled bet and no collect: a player's ``win`` is what he was paid, the
uncalled part of his bet included, after rake (ROOM-UNCALLED, ROOM-RAKE).

>>> text = '''<session sessioncode="1"><general><gametype>Holdem NL $0.01/$0.02</gametype>
... <tablename>T, 1</tablename><currency>USD</currency></general>
... <game gamecode="7"><general><startdate>2011-11-04 18:46:19</startdate><players>
... <player seat="1" name="Anna" chips="$1" dealer="1" win="$0.08" bet="$0.06"/>
... <player seat="2" name="Boris" chips="$1" dealer="0" win="$0" bet="$0.01"/></players></general>
... <round no="0"><action no="1" player="Anna" type="1" sum="$0.01"/>
... <action no="2" player="Boris" type="2" sum="$0.02"/></round>
... <round no="1"><action no="3" player="Anna" type="23" sum="$0.06"/>
... <action no="4" player="Boris" type="0" sum="$0"/></round></game></session>'''
>>> [hand] = read_session(text, "x.xml")
>>> [(a.player, str(a.kind), str(a.amount)) for a in hand.actions][2:]
[('Anna', 'raise', '0.04'), ('Boris', 'fold', '0'), ('Anna', 'uncalled', '0.04'), ('Anna', 'collect', '0.04')]
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import re
import xml.etree.ElementTree as ET
from datetime import datetime
from decimal import Decimal

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from parsers.errors import LARGEST_WHOLE, SEAT_WORDS, ParseError, UnsupportedGame, out_of_range
from parsers.lines import CURRENCY_SIGNS, CurrencyMarks, StreetActions, read_amount, stakes_label
from rules.cards import Card, CardError
from rules.holdem_hand import (
    ActionKind,
    BettingStructure,
    HoldemHand,
    Seat,
    Street,
    Summary,
)
from rules.records import GameInfo, Source

__all__ = ["SITE", "parse", "read_session"]

SITE = "ipoker"
_SIGN_OF = {code: sign for sign, code in CURRENCY_SIGNS.items()}
"""The room, as the ``ruleset`` column names it (``games.site``: iPoker, for the network's skins)."""

_GAMETYPE = re.compile(r"^(?P<game>Holdem|Omaha|LH|[^\s]+(?: [^\s$€£]+)*?)\s+(?P<struct>NL|SL|БЛ|PL|Pot limit|L|Limit|"
                       r"\S+(?: x\d+)?(?: Limit)?)\s+(?P<stakes>\S*?(?P<sb>[\d.,]+)/\D*(?P<bb>[\d.,]+))(?:\s.*)?$")
_STRUCTS = {"NL": BettingStructure.NO_LIMIT, "SL": BettingStructure.NO_LIMIT, "БЛ": BettingStructure.NO_LIMIT,
            "PL": BettingStructure.POT_LIMIT, "Pot limit": BettingStructure.POT_LIMIT, "L": BettingStructure.LIMIT,
            "Limit": BettingStructure.LIMIT}
"""The structure's words: No Limit in English, Spanish (sin límite) and Russian (без лимита)."""
_ROUNDS = {0: Street.PREFLOP, 1: Street.PREFLOP, 2: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
_FOLD, _SB, _BB, _CALL, _CHECK, _BET, _RAISE_OLD, _ALL_IN, _SITS_OUT, _SAT_OUT, _ANTE, _RAISE = (
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "15", "23")
_NO_PLAY = {_SITS_OUT, _SAT_OUT}
_BOARD_TYPES = {"Flop", "Turn", "River"}
_HOW = {_CALL: "call", _BET: "bet", _RAISE: "open", _RAISE_OLD: "open", _ALL_IN: "any"}
"""What each action type means as :meth:`parsers.lines.StreetActions.put_in` reads it."""


def parse(lines: tuple[str, ...], source: Source, context: tuple[str, ...] = ()) -> HoldemHand:
    """One ``<game>`` of an iPoker session (its text, from ``<game``), with the session's text
    before its first game as ``context`` (the splitter cuts a session so) → its HoldemHand.
    Without a context, the chunk is a whole session, which must hold one game."""
    try:
        if context:
            text = "\n".join(context) + "\n".join(lines)
            # the game's first line lands on its line of the file (the context's last line is the
            # part of that line before "<game")
            hands = read_session(text, source.file, source.first_line - len(context) + 1, source.game_id)
        else:
            hands = read_session("\n".join(lines), source.file, source.first_line, source.game_id)
    except ParseError as error:
        # the session's errors are at lines of the file; a reader's, at lines of its chunk. The
        # session's head is no part of the game's lines (nor at its own lines in the context, for
        # a game after the first): a fault of the head is at the game's first line.
        if context and error.line < source.first_line:
            if isinstance(error, UnsupportedGame):     # still the game it names, its quarantine's partition
                raise UnsupportedGame(error.reason, game=error.game, line=1, column=1,
                                      line_text=lines[0] if lines else "") from None
            raise ParseError(error.reason, line=1, column=1, line_text=lines[0] if lines else "") from None
        raise error.shifted(2 - source.first_line) from None
    if len(hands) != 1:
        raise ParseError(f"expected one iPoker game, found {len(hands)}", line=1, column=1,
                         line_text=lines[0] if lines else "")
    return hands[0]


_XML_PLACE = re.compile(r":? line \d+, column \d+$")
"""Where the XML parser's message says its error is (in the document's numbering)."""


def read_session(text: str, file: str, first_line: int = 1, game_id: str = "") -> list[HoldemHand]:
    """Every game of an iPoker session's XML text, in order; a ParseError names what is not read,
    at its line of the file (the text's first being ``first_line``)."""
    start = text.find("<?xml")
    start = text.find("<session") if start < 0 else start
    body = text[start:] if start >= 0 else text
    try:
        # exports often stop after the last round, without the end tags of the game and the
        # session (and a game the splitter cut out has none): those are closed, and a game cut
        # short shows in its replay
        root = _read_xml(body if body.rstrip().endswith("</session>") else _closed(body))
    except (ET.ParseError, DefusedXmlException) as error:
        where = getattr(error, "position", (1, 1))
        line = (where[0] if where else 1) + (text[:max(start, 0)].count("\n")) + first_line - 1
        # the parser's own "line 25, column 397" counts from the document: the ParseError's place is the file's
        said = _XML_PLACE.sub("", str(error))
        raise ParseError(f"the XML of the iPoker session cannot be read ({said})", line=line,
                         column=(where[1] + 1) if where else 1) from None
    general = root.find("general")
    if general is None:
        raise ParseError("the iPoker session has no <general> element", line=first_line, column=1)
    gametype = (general.findtext("gametype") or "").strip()
    head = _GAMETYPE.match(gametype)
    game_line = first_line - 1 + _line_of(text, "<gametype>", 0)
    if head is None or head["game"] not in ("Holdem", "LH") or head["struct"].split()[-1] not in _STRUCTS:
        named = gametype or "game without a <gametype>"
        dealt = _game_of_pockets(root) if gametype.split(" ", 1)[0] in _STRUCTS else None
        what = f"{named!r} deals {dealt[0]}: {dealt[1]} is" if dealt else f"{named!r} is"
        # filed under the game the type names, else the one its pockets show
        raise UnsupportedGame(f"iPoker {what} not supported yet: Rasklad reads iPoker Hold'em (No Limit, Pot Limit, "
                              "Limit)", game=dealt[1] if dealt else head["game"] if head else "", line=game_line,
                              column=1)
    betting = _STRUCTS[head["struct"].split()[-1]]
    bets_named = re.match(r"LH (\d+)/(\d+)", gametype)     # "LH 20/40 x2 Limit $10.00/$20.00": bets, then blinds
    # ROOM-CURRENCY: the table's currency; <currency> is the log owner's account's (CAD at a table of euros)
    currency = (general.findtext("tablecurrency") or general.findtext("currency") or "").strip() or "USD"
    if (general.findtext("mode") or "").strip() == "play":
        currency = "play"
    table = (general.findtext("tablename") or "").strip() or None
    try:
        small, big = _money(head["sb"]), _money(head["bb"])
    except ValueError as error:
        written = text.find(gametype, text.find("<gametype>"))
        begins = text.rfind("\n", 0, written) + 1
        raise ParseError(str(error), line=game_line, column=written - begins + head.start("stakes") + 1,
                         line_text=text[begins:text.find("\n", written) % (len(text) + 1)]) from None
    hands = []
    at = 0
    for game in root.findall("game"):
        code = game.get("gamecode", "")
        at = text.find(f'gamecode="{code}"', at)
        line = first_line - 1 + _line_of(text, "", at)
        hands.append(_hand(game, text, at, line, file, game_id, betting, small, big, currency, table,
                           (Decimal(bets_named[1]), Decimal(bets_named[2])) if bets_named else None))
    return hands


_GAME_OF_POCKET = {4: ("four hole cards", "Omaha"), 5: ("five hole cards", "five-card Omaha")}
"""The game a pocket of so many cards is, for a game type that names none (``PL €2/€4``)."""


def _game_of_pockets(root: ET.Element) -> tuple[str, str] | None:
    """(the cards dealt, the game) of a session whose every pocket holds the same number of cards
    that is some other game's than Hold'em's (shown or not: ``X X X X X`` is five); else None."""
    sizes = {len(cards.text.split()) for cards in root.iter("cards")
             if cards.get("type") == "Pocket" and cards.text and cards.text.strip()}
    return _GAME_OF_POCKET.get(sizes.pop()) if len(sizes) == 1 else None


def _read_xml(text: str) -> ET.Element:
    """The element tree of ``text``. Entity bombs and external entities can only be declared in
    a document type: a text with one goes through defusedxml, which refuses them; one without
    (every export) through the standard library's compiled parser, which has nothing to expand
    and reads it several times faster than defusedxml's Python callbacks."""
    if "<!" in text and ("<!DOCTYPE" in text or "<!ENTITY" in text):
        return fromstring(text)
    parser = ET.XMLParser()
    parser.feed(text)
    return parser.close()


_TAG = re.compile(r"<(/?)([A-Za-z_][\w.-]*)[^<>]*?(/?)>")


def _closed(text: str) -> str:
    """``text`` with the end tags of the elements it leaves open. The text before its last game
    is the session's head, the same for each game the splitter cut out: its open tags are
    remembered."""
    cut = text.rfind("<game ")
    stack = list(_open_tags(text[:cut])) if cut > 0 else []
    if not (cut > 0 and text.rstrip().endswith("</game>")):     # a whole last game leaves no tag open
        _push_tags(stack, text[max(cut, 0):])
    return text + "".join(f"</{tag}>" for tag in reversed(stack))


@functools.lru_cache(maxsize=64)
def _open_tags(text: str) -> tuple[str, ...]:
    stack: list[str] = []
    _push_tags(stack, text)
    return tuple(stack)


def _push_tags(stack: list[str], text: str) -> None:
    for m in _TAG.finditer(text):
        if m[1]:
            if stack and stack[-1] == m[2]:
                stack.pop()
        elif not m[3]:
            stack.append(m[2])


def _line_of(text: str, needle: str, start: int) -> int:
    at = text.find(needle, start) if needle else start
    return text.count("\n", 0, max(at, 0)) + 1


def _money(text: str | None) -> Decimal:
    """An amount of the XML (``$0.25``, ``£3``, ``€0,50``, ``€1,198``, ``RSD2``), read strictly by
    :func:`parsers.lines.read_amount` (a comma before one or two last digits is the decimal
    point); an attribute left out or empty is nothing. Any other text (an export's ``sum="DP"``,
    ``-$0.02``, ``$0.0x4``) is a ValueError in words."""
    if text is None or not text.strip():
        return _ZERO
    return read_amount(text, decimal_comma=None)


_ZERO = Decimal(0)


_START_TAG = re.compile(r"<([^\s<>/!?\"'=]+)[^<>]*")
"""A start tag (``<player …``, ``<action …/>``): not an end tag, a comment, CDATA or ``<?xml``."""
_LINE_BREAK = re.compile("\n")


@functools.lru_cache(maxsize=16)
def _attribute_pattern(name: str) -> re.Pattern:
    return re.compile(r"\s" + re.escape(name) + r"\s*=")


class _Places:
    """Where each element of a game stands in the file, and each attribute of it: a fact is cited
    at the line of the element or attribute it is read from (a player's ``win="$0.72"``, not the
    line of ``</game>``, which the next game's ``<game`` may share). The start tags of the game's
    text are its elements in document order; where the text holds a tag the tree does not (in a
    comment), they are paired while their names agree, and the elements after stand at the game's
    first line."""

    def __init__(self, game: ET.Element, text: str, start: int, end: int, first_line: int):
        self.text, self.first_line = text, first_line
        self._breaks = [m.start() for m in _LINE_BREAK.finditer(text, start, end)]     # to count lines by bisection
        elements = list(game.iter())
        tags = list(_START_TAG.finditer(text, start, end))
        if len(tags) != len(elements) or (tags and (tags[0][1], tags[-1][1]) != (elements[0].tag, elements[-1].tag)):
            agree = next((k for k, (e, m) in enumerate(zip(elements, tags)) if e.tag != m[1]), len(elements))
            elements, tags = elements[:agree], tags[:agree]
        self._tags = dict(zip(map(id, elements), tags))

    def attribute(self, element: ET.Element, name: str | None = None) -> tuple[int, int | None]:
        """(line, offset) of ``name="…"`` in ``element``'s start tag (without a name, or when the text
        does not show it, the tag's own; at the game's first line, with no offset, when the tag is
        not known)."""
        tag = self._tags.get(id(element))
        if tag is None:
            return self.first_line, None
        at = tag.start()
        if name is not None:
            m = _attribute_pattern(name).search(self.text, at, tag.end())
            at = at if m is None else m.start() + 1
        return self.first_line + bisect.bisect(self._breaks, at), at

    def line(self, element: ET.Element, name: str | None = None) -> int:
        """The file line of ``element`` (of its attribute ``name``)."""
        tag = self._tags.get(id(element))
        if tag is None:
            return self.first_line
        if name is not None and self.text.find("\n", tag.start(), tag.end()) >= 0:
            return self.attribute(element, name)[0]
        # a start tag on one line (every export's) holds its attributes on that line
        return self.first_line + bisect.bisect(self._breaks, tag.start())

    def error(self, reason: str, element: ET.Element, name: str) -> ParseError:
        """The ParseError of attribute ``name`` of ``element``, at its line and column."""
        line, where = self.attribute(element, name)
        if where is None:   # pragma: no cover - the XML's elements are the text's
            return ParseError(reason, line=line, column=1)
        begins, ends = self.text.rfind("\n", 0, where) + 1, self.text.find("\n", where)
        return ParseError(reason, line=line, column=where - begins + 1,
                          line_text=self.text[begins:ends if ends >= 0 else len(self.text)])


_MONTHS = {name: number for number, name in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_START_DATE = re.compile(
    r"(?:(?P<y>\d{4})(?P<sep>[-/])(?P<m>\d{1,2})(?P=sep)(?P<d>\d{1,2})|(?P<d2>\d{1,2})-(?P<mon>[A-Za-z]{3})-(?P<y2>\d{4})"
    r"|(?P<d3>\d{1,2})\.(?P<m3>\d{1,2})\.(?P<y3>\d{4}))[ T](?P<H>\d{1,2}):(?P<M>\d{2}):(?P<S>\d{2})(?:\.\d+)?")
"""A game's start as the exports write it: 2011-11-04 18:46:19, 22-Jan-2011 21:25:31 (in English),
2017/01/23 22:27:48 or 18.05.2021 18:26:13."""
_START_DATE_WORDS = "2011-11-04 18:46:19, 22-Jan-2011 21:25:31, 2017/01/23 22:27:48 or 18.05.2021 18:26:13"


def _start_date(written: str | None, text: str, at: int, game_line: int) -> datetime | None:
    """A game's ``<startdate>`` (None when it has none: the export states no time); one that is
    not read quarantines its game at the date, as a header's date does in the other rooms."""
    started = (written or "").strip()
    if not started:
        return None
    m = _START_DATE.fullmatch(started)
    try:
        if m is None:
            raise ValueError(f"expected the start date like {_START_DATE_WORDS}, found {started!r}")
        month = int(m["m"] or m["m3"]) if m["mon"] is None else _MONTHS.get(m["mon"].lower())
        if month is None:
            raise ValueError(f"{m['mon']} is not a month")
        return datetime(int(m["y"] or m["y2"] or m["y3"]), month, int(m["d"] or m["d2"] or m["d3"]),
                        int(m["H"]), int(m["M"]), int(m["S"]))
    except ValueError as error:
        reason = str(error) if m is None else f"{started!r} is not a real date and time ({error})"
        where = text.find(started, max(text.find("<startdate>", at), 0))     # the date in the game's text
        if where < 0:   # pragma: no cover - the XML's text is the file's
            raise ParseError(reason, line=game_line, column=1) from None
        begins, ends = text.rfind("\n", 0, where) + 1, text.find("\n", where)
        raise ParseError(reason, line=game_line + text.count("\n", at, where), column=where - begins + 1,
                         line_text=text[begins:ends if ends >= 0 else len(text)]) from None


def _disconnected(actions: list, player: str, code: str, line: int) -> None:
    """ROOM-DISCONNECTED: an all-in of ``sum="DP"`` is the room's disconnection protection: the
    player, gone when his turn came, stays in for the chips he has in and puts in no more. The
    reader marks his last bet, call or raise capped (all in at what it puts in, as at a capped
    table's cap); with none, a ParseError."""
    for k in range(len(actions) - 1, -1, -1):
        if actions[k].player == player and actions[k].kind.is_voluntary:
            actions[k] = dataclasses.replace(actions[k], is_capped=True)
            return
    raise ParseError(f"game {code}: {player} is kept in by disconnection protection before any bet of theirs: "
                     f"what they have in is not read", line=line, column=1)


def _number(text: str | None, what: str, line: int) -> int:
    """A whole-number attribute (seat, round or action number), or a ParseError saying which."""
    if text is None or not text.strip().isdigit():
        raise ParseError(f"the {what} number {text!r} is not a number", line=line, column=1)
    return int(text)


def _card(word: str, line: int) -> Card | None:
    """iPoker writes the suit first: ``D10``, ``HA``, ``S5``; ``X`` is a card not shown."""
    if word.upper() == "X":
        return None
    try:
        return Card.parse(word[1:] + word[0].lower())
    except (CardError, IndexError):
        raise ParseError(f"{word!r} is not a card (iPoker writes the suit first: D10, HA)", line=line,
                         column=1) from None


def _hand(game: ET.Element, text: str, at: int, line: int, file: str, game_id: str, betting: BettingStructure,
          small: Decimal, big: Decimal, currency: str, table: str | None,
          limit_bets: tuple[Decimal, Decimal] | None) -> HoldemHand:
    code = game.get("gamecode", "")
    game_line = line
    end = text.find("</game>", at)
    last_line = line + text.count("\n", at, end if end >= 0 else len(text))
    opens = text.rfind("<game", 0, at) if at >= 0 else -1     # the game's start tag (before its gamecode=)
    opens = opens if opens >= 0 else max(at, 0)
    places = _Places(game, text, opens, end if end >= 0 else len(text), line - text.count("\n", opens, at))
    source = Source(file=file, first_line=line, last_line=last_line, game_id=game_id or code)
    general = game.find("general")
    players = general.find("players") if general is not None else None
    if players is None:
        raise ParseError(f"game {code} has no <players>", line=game_line, column=1)
    # ROOM-CURRENCY: an amount with another currency's sign is read as written, and noted at its line
    marks = CurrencyMarks(_SIGN_OF.get(currency, ""), first_line=0)

    def money(element: ET.Element, attribute: str) -> Decimal:
        """The amount of ``attribute`` of ``element``; a currency of its own is noted at its line."""
        amount = element.get(attribute)
        try:
            value = _money(amount)
        except ValueError as error:
            raise places.error(str(error), element, attribute) from None
        if amount and amount[0] != marks.sign:      # (its line sought only then)
            marks.other(amount, amount[0], index=places.line(element, attribute))
        return value

    seats, won, button = [], {}, None
    for p in players.findall("player"):
        seat = _number(p.get("seat"), "seat", places.line(p))
        if seat > LARGEST_WHOLE:
            raise places.error(out_of_range(SEAT_WORDS.format(seat)), p, "seat")
        # each fact at the line of the attribute it is read from: the stack at chips=, the win at win=
        seats.append(Seat(seat=seat, player=p.get("name", ""), stack=money(p, "chips"), line=places.line(p, "chips")))
        won[p.get("name", "")] = (money(p, "win"), places.line(p, "win"))
        if p.get("dealer") == "1":
            button = seat
    played_at = _start_date(general.findtext("startdate"), text, at, game_line)
    play = StreetActions(track_bets=True)     # the room writes what a line adds
    actions = play.actions
    board: list[Card] = []
    blind = small if betting is BettingStructure.LIMIT and limit_bets is None else big
    """The big blind: the game type's stakes are the blinds; in Limit ("Holdem L $0.10/$0.20") the
    bets, the small bet being the big blind, unless the bets are named first ("LH 20/40 … $10/$20")."""
    board_lines: list[int] = []
    rounds = sorted(game.findall("round"), key=lambda r: _number(r.get("no"), "round", game_line))
    posts = [(a, "0") for r in rounds if r.get("no") == "0" for a in r.findall("action")]
    last_post = max((_number(a.get("no"), "action", game_line) for a, _ in posts if a.get("type") not in _NO_PLAY),
                    default=0)
    sitting_out: set[str] = set()
    for rnd in rounds:
        street = _ROUNDS.get(_number(rnd.get("no"), "round", game_line), Street.RIVER)
        play.to_street(street)
        # the posts (round 0) and the preflop play (round 1) in one order: a player may leave
        # between two posts
        if rnd.get("no") == "0" and any(r.get("no") == "1" for r in rounds):
            continue
        in_order = [(a, rnd.get("no")) for a in rnd.findall("action")] + (posts if rnd.get("no") == "1" else [])
        for cards in rnd.findall("cards"):
            words = (cards.text or "").split()
            line = places.line(cards)
            found = tuple(c for c in (_card(w, line) for w in words) if c is not None)
            if cards.get("type") in _BOARD_TYPES:
                board.extend(found)
                board_lines.append(line)
            else:
                play.dealt(cards.get("player", ""), found, line)
        for a, round_no in sorted(in_order, key=lambda x: _number(x[0].get("no"), "action", game_line)):
            line = places.line(a, "sum")
            if a.get("type") == _ALL_IN and a.get("sum") == "DP":
                _disconnected(actions, a.get("player", ""), code, line)
                continue
            kind, player, amount = a.get("type", ""), a.get("player", ""), money(a, "sum")
            if kind in _NO_PLAY:
                posted = {x.kind for x in actions if x.player == player and x.kind.is_post}
                among_posts = round_no == "0" or _number(a.get("no"), "action", game_line) < last_post
                if posted == {ActionKind.POST_ANTE} and among_posts:
                    # he antes and sits out among the posts (before the deal): he is dealt no
                    # cards, and his ante stays in the pot
                    sitting_out.add(player)
                elif round_no != "0" and posted:
                    # "sits out" in a betting round, after posting: he gives up what he posted
                    play.fold(player, line)
                continue
            if kind in (_SB, _BB, _ANTE):
                post = {_SB: ActionKind.POST_SB, _BB: ActionKind.POST_BB, _ANTE: ActionKind.POST_ANTE}[kind]
                if post is ActionKind.POST_BB and amount > blind:
                    post = ActionKind.POST_DEAD     # both blinds at once: the big blind live, the rest dead
                stack = next((s.stack for s in seats if s.player == player), None)
                play.post(player, post, amount, line, amount == stack,
                          None if post is ActionKind.POST_ANTE else min(amount, blind))
            elif kind == _FOLD:
                play.fold(player, line)
            elif kind == _CHECK:
                play.check(player, line)
            elif kind in _HOW:
                # a raise (type 23) gives the player's total on the street; the rest the chips added
                play.put_in(player, amount, line, _HOW[kind], kind == _ALL_IN, amount if kind == _RAISE else None)
            else:
                raise ParseError(f"game {code}: action type {kind!r} of {player} is not known", line=line, column=1)
    # the wins: each winner's "win" pays the bet nobody called back with his share of the pot
    taken_on = play.pot_street()
    for name, (amount, line) in won.items():
        if amount > 0:
            play.collect(name, amount, line, street=taken_on)
    # the wins are the lines the pot and the rake are read from (the log states neither)
    win_lines = [a.line for a in actions if a.kind is ActionKind.COLLECT] or [places.line(players)]
    play.return_unmatched(win_lines[0], within=True)
    paid = sum((a.amount for a in actions if a.kind is ActionKind.COLLECT), Decimal(0))
    # the blinds are the posts (the game type's stakes when a hand has none); Limit bets are
    # the big blind and twice it
    big_blind = blind
    stated_small = small if betting is not BettingStructure.LIMIT or limit_bets else (small / 2).quantize(
        Decimal("0.01"))
    small_blind = next((a.amount for a in actions if a.kind is ActionKind.POST_SB and not a.is_all_in), stated_small)
    small_bet = big_bet = None
    if betting is BettingStructure.LIMIT:
        small_bet, big_bet = limit_bets or (small, big)
    summary = Summary(total_pot=play.bets.pot, rake=play.bets.pot - paid, total_line=win_lines[0])
    info = GameInfo(game="holdem", played_at=played_at, table_name=table, ruleset=f"{SITE} {betting.value}",
                    site="iPoker")
    return HoldemHand(
        source=source, info=info, hand_id=code, betting=betting, small_blind=small_blind, big_blind=big_blind,
        small_bet=small_bet, big_bet=big_bet, currency=currency, button_seat=button,
        # the game type's stakes; Limit's named by the bets (as PokerStars names them)
        stakes=stakes_label(*((small_bet, big_bet) if small_bet is not None else (small, big)), currency),
        seats=tuple(sorted((dataclasses.replace(s, is_sitting_out=True) if s.player in sitting_out else s
                            for s in seats), key=lambda s: s.seat)), actions=tuple(actions), boards=(tuple(board),),
        board_lines=(tuple(board_lines),), hole_cards=tuple(play.holes), summary=summary,
        room_findings=marks.findings, header_line=game_line)
