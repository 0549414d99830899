"""PHH, the Poker Hand History standard: hands written as TOML, read into Hold'em hand records.

A ``.phh`` file holds one hand; a ``.phhs`` file holds several, each a table of its own
(``[1]``, ``[2]`` …). Neither has a header line, so the file's extension names the format
(:data:`parsers.formats.FILE_FORMATS`) and :func:`split` cuts a file into one chunk per hand.

The players are ``p1`` … ``pN`` in the order of the arrays: ``p1`` sits left of the button (the
small blind) and ``pN`` on the button. Heads-up, PHH reverses the forced bets: ``p1`` is the big
blind and ``p2`` the button, who posts the small blind and acts first before the flop.

A PHH hand states its actions without amounts where the rules fix them: ``cc`` checks or calls
what the player owes, ``cbr X`` bets X or raises to X, and the part of a bet nobody matched goes
back to its bettor. The reader writes these amounts as a room's log would, so that the one
Hold'em replay checks them as it checks every room's: the cards shown or mucked (``sm``) at the
showdown, even when an all-in's board is still to come, and a pot won by the last player in on
the street where the others folded (his show after the last fold too, and his not showing,
which Rasklad's own field :data:`NOT_SHOWN` states, and his show of one card of two,
:data:`SHOWN_PARTLY`'s). What each player won comes from what the
file states: ``winnings`` (after the rake), else ``finishing_stacks``, else, when everyone else
folded, the pot to the last player. A hand that reaches a showdown without either field states
no result: the reader writes no collect line and marks it ``results_not_stated``, and the replay
awards the pots by the cards, with no rake (a player who mucks gives up his claim, and so does
one whose cards the showdown leaves unknown, ``sm ????``, or some of them, ``sm Ah??``: they were
not shown; where the result is stated, ``sm Ah??`` is a show of the ace). When the cards
cannot tell (no player in at the showdown shows known cards, one all-in never shows his, or a
board not dealt out), the hand goes to quarantine saying so. A starting stack ``inf`` is one the
source did not record: the hand is played as if it were deeper than any bet and the stack is
stored as unknown (``HoldemHand.stack_not_stated``). The forced bets are posted as pokerkit posts
them, the antes before the blinds, unless Rasklad's own field :data:`POSTING_ORDER` gives the
order a log posted them in.

>>> text = '''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 ????", "p2 cbr 6", "p1 f"]
... players = ["Anna", "Boris"]'''
>>> [chunk] = split(text)
>>> hand = parse(list(chunk.lines), Source(file="a.phh", first_line=1, last_line=7, game_id=chunk.game_id))
>>> [(a.player, a.kind.value, str(a.amount)) for a in hand.actions]
[('Boris', 'post_sb', '1'), ('Anna', 'post_bb', '2'), ('Boris', 'raise', '4'), ('Anna', 'fold', '0'), \
('Boris', 'uncalled', '4'), ('Boris', 'collect', '4')]
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import datetime, time
from decimal import Decimal
from itertools import pairwise
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from parsers.errors import LARGEST_WHOLE, SEAT_WORDS, TABLE_WORDS, ParseError, UnsupportedGame, out_of_range
from parsers.lines import CURRENCY_SIGNS, stakes_label
from parsers.room_lines import in_utc, zone_clock
from parsers.source import Chunk, game_id, normalize_lines
from rules.cards import Card, CardError
from rules.holdem_hand import (
    Action,
    ActionKind,
    BettingStructure,
    CardsHow,
    HoldemHand,
    HoleCards,
    Seat,
    Street,
    Summary,
)
from rules.records import GameInfo, Source

try:    # TOML read in Rust: a tenth of the standard library's time, most of a PHH hand's reading
    import rtoml
except ImportError:     # the standard library's reader, the same documents, slower
    rtoml = None

__all__ = ["NOT_SHOWN", "POSTING_ORDER", "SHOWN_PARTLY", "TOURNAMENT", "VARIANTS", "PhhHand", "forced_bets", "parse", "rooms", "split"]

VARIANTS = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven single draw",
    "F2L3D": "fixed-limit deuce-to-seven triple draw",
    "FB": "fixed-limit badugi",
}
"""The variant codes of the PHH specification and what they name."""
READ_VARIANTS = {"NT": BettingStructure.NO_LIMIT, "FT": BettingStructure.LIMIT}
"""The variants the Hold'em replay plays; the others go to quarantine naming the variant."""
POSTING_ORDER = "_posting_order"
"""Rasklad's own field (user-defined, so named with PHH's leading underscore): the forced bets in
the order the log posted them, ``["p1 blind", "p2 blind", "p1 ante", "p2 ante"]``, when it is
not PHH's (:func:`forced_bets`). PHH states each player's ante and blind, not the order of posting."""
NOT_SHOWN = "_not_shown"
"""Rasklad's own field: the player left alone when the others fold who, as the log says, does not
show his hand (``["p3"]``; PokerStars' ``doesn't show hand``). PHH has no action for it: its
showdown action after the last fold is a show of all the cards (pokerkit refuses a muck or a card
left unknown there), and a hand without one says nothing of what the winner did."""
TOURNAMENT = "_tournament"
"""Rasklad's own field: the ID of the tournament a hand was played in (``"1495192630"``), so that
it reads back as a tournament hand in tournament chips. PHH's ``event`` names an event for people,
and says nothing of whether the chips are a tournament's."""
SHOWN_PARTLY = "_shown_partly"
"""Rasklad's own field: the show of the player left alone when the others fold, where he shows some
of his cards and not all, as the action PHH writes it (``["p3 sm Ah??"]``, one card of two). PHH's
action would do, but pokerkit refuses it in ``actions``: its hand is over at the last fold, and it
takes a show of all the cards there and no other."""


def forced_bets(antes: list[Decimal], blinds: list[Decimal]) -> list[str]:
    """The forced bets posted (each player's ante and blind, heads-up already reversed), in PHH's
    order: every ante from p1 on, as pokerkit posts the antes before any blind, then the blinds
    and straddles from p1 on, heads-up the button's small blind first, as a room writes it.

    >>> forced_bets([1, 1, 1], [1, 2, 0])
    ['p1 ante', 'p2 ante', 'p3 ante', 'p1 blind', 'p2 blind']
    """
    n = len(antes)
    return ([f"p{i + 1} ante" for i in range(n) if antes[i] > 0]
            + [f"p{i + 1} blind" for i in ((1, 0) if n == 2 else range(n)) if blinds[i] != 0])



@dataclass(frozen=True, kw_only=True, slots=True)
class PhhHand(HoldemHand):
    """A Hold'em hand read from PHH, with the finishing stacks the file states."""

    finishing_stacks: tuple[tuple[str, Decimal], ...] = ()
    """(player, stack after the hand), when the file gives ``finishing_stacks``."""
    finishing_line: int | None = None


# ////////////////////////////////////////////////////////////////////// the splitter

_TABLE = re.compile(r"^[ \t]*\[[ \t]*([^\[\]]+?)[ \t]*\][ \t]*(?:#.*)?$")


def split(text: str) -> list[Chunk]:
    """A PHH file's hands, one chunk each: the whole text of a ``.phh`` file, or each table of
    a ``.phhs`` file from its ``[name]`` line. Text before the first table of a file that has
    tables is a chunk of its own (it goes to quarantine). A table line is never looked for
    inside a value: PHH's arrays hold strings and numbers, one value a line or more, and a line
    ``[name]`` within one breaks only the hand it stands in, which its parse quarantines.

    >>> [(c.first_line, c.last_line) for c in split("[1]\\nvariant = 'NT'\\n\\n[2]\\nvariant = 'NT'\\n")]
    [(1, 2), (4, 5)]
    """
    lines = normalize_lines(text)
    starts = [number for number, line in enumerate(lines) if line[:1] in "[ \t" and _TABLE.match(line)]
    if not starts or any(_is_content(line) for line in lines[:starts[0]]):
        starts = [0, *starts]
    starts.append(len(lines))
    chunks = []
    for begin, end in pairwise(starts):
        while end > begin and not _is_content(lines[end - 1]):
            end -= 1
        if end == begin:
            continue
        body = tuple(lines[begin:end])
        chunks.append(Chunk("phh", begin + 1, end, body, game_id(body)))
    return chunks


def _is_content(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


# ////////////////////////////////////////////////////////////////////// the reader

_TOML_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)|\(at end of document\)")


def parse(lines: list[str], source: Source) -> PhhHand:
    """One hand's lines (a ``.phh`` file, or a table of a ``.phhs`` file) as a Hold'em hand.

    Raises ParseError (lines counted from the chunk's first line) for text that is not TOML,
    a field missing or of the wrong type, a variant the replay does not play, an action that
    is not PHH, and a hand whose result the file does not state and its cards do not tell."""
    text = "\n".join(lines)
    try:
        document = _load(text)
    except tomllib.TOMLDecodeError as error:
        where = _TOML_WHERE.search(str(error))
        line, column = (int(where[1]), int(where[2])) if where and where[1] else (len(lines), 1)
        reason = _TOML_WHERE.sub("", str(error)).strip()
        raise ParseError(f"not TOML: {reason}", line=line, column=column,
                         line_text=lines[line - 1] if 0 < line <= len(lines) else "") from None
    return _Reader(lines, source, _hand_fields(document)).read()


def rooms(text: str) -> set[str]:
    """The rooms the hands of a PHH file name, as its reader writes them in ``games.site`` (its
    ``venue``, else PHH), without reading the hands: a setting for a room only these files name is
    checked before they are read. A hand that is not TOML names none (its parse quarantines it)."""
    named = set()
    for chunk in split(text):
        try:
            named.add(_room(_hand_fields(_load("\n".join(chunk.lines)))))
        except ValueError:      # tomllib's TOMLDecodeError is one
            continue
    return named


def _hand_fields(document: dict) -> dict:
    """A hand's fields: the document's, or those of its one table (a hand of a ``.phhs`` file)."""
    if "variant" not in document and len(document) == 1:
        (fields,) = document.values()
        if isinstance(fields, dict):
            return fields
    return document


def _room(fields: dict) -> str:
    """The room a hand names (``venue``), else PHH: its players' names belong to no known room."""
    venue = fields.get("venue")
    return venue.strip() if isinstance(venue, str) and venue.strip() else "PHH"


_LONG_FLOAT = re.compile(r"(?=[\d_.]{17})[\d_]*\.\d")
"""A float of 16 digits or more, which a binary float may not hold exactly."""


def _load(text: str) -> dict:
    """The TOML document, its floats as Decimals: read by rtoml where it is installed and every
    float of the text has at most 15 digits, which a binary float holds, so that its shortest
    form is the number written; else (and for a text that is not TOML, to say where it breaks)
    by the standard library, each float read straight into a Decimal."""
    if rtoml is not None and not _LONG_FLOAT.search(text):
        try:
            return _decimals(rtoml.loads(text))
        except rtoml.TomlParsingError:
            pass
    return tomllib.loads(text, parse_float=Decimal)


def _decimals(value):
    """``value`` with every float in it as the Decimal of its shortest form."""
    kind = type(value)
    if kind is float:
        return Decimal(repr(value))
    if kind is dict:
        return {key: _decimals(item) for key, item in value.items()}
    if kind is list and set(map(type, value)) - _PLAIN:    # an array of strings (actions) as it is
        return [_decimals(item) for item in value]
    return value


_PLAIN = {str, int, bool}


class _Reader:
    def __init__(self, lines: list[str], source: Source, fields: dict) -> None:
        self.lines, self.source, self.fields = lines, source, fields
        self.key_lines = _key_lines(lines)

    # ---------------------------------------------------------------- fields
    def fail(self, reason: str, key: str | None = None, line: int | None = None) -> ParseError:
        if line is None:
            line = self.key_lines.get(key, 1) if key else 1
        return ParseError(reason, line=line, column=1, line_text=self.lines[line - 1] if line <= len(self.lines) else "")

    def file_line(self, key: str) -> int:
        return self.source.line(self.key_lines.get(key, 1) - 1)

    def numbers(self, key: str, count: int | None, *, required: bool = True) -> list[Decimal] | None:
        value = self.fields.get(key)
        if value is None:
            if required:
                raise self.fail(f"the field {key} is missing")
            return None
        if not isinstance(value, list) or not all(_is_number(v) for v in value):
            raise self.fail(f"{key} must be an array of numbers", key)
        if count is not None and len(value) != count:
            raise self.fail(f"{key} has {len(value)} values for {count} players", key)
        return [Decimal(v) for v in value]

    def number(self, key: str) -> Decimal:
        value = self.fields.get(key)
        if value is None:
            raise self.fail(f"the field {key} is missing")
        if not _is_number(value) or not Decimal(value).is_finite() or value <= 0:
            raise self.fail(f"{key} must be a number above zero", key)
        return Decimal(value)

    # ---------------------------------------------------------------- the hand
    def read(self) -> PhhHand:
        fields = self.fields
        variant = fields.get("variant")
        if not isinstance(variant, str):
            raise self.fail("the field variant is missing" if variant is None else "variant must be a string",
                            "variant" if variant is not None else None)
        if variant not in READ_VARIANTS:
            name = VARIANTS.get(variant)
            if name:
                said = self.fail(f"PHH variant {variant} ({name}) is not supported yet", "variant")
                raise UnsupportedGame(said.reason, game=name, line=said.line, line_text=said.line_text)
            raise self.fail(f"{variant!r} is not a PHH variant: expected one of {', '.join(VARIANTS)}", "variant")
        betting = READ_VARIANTS[variant]
        stacks = self.numbers("starting_stacks", None)
        n = len(stacks)
        if not 2 <= n <= 10:
            raise self.fail(f"starting_stacks has {n} players: Hold'em is played by 2 to 10", "starting_stacks")
        for i, stack in enumerate(stacks):
            if stack.is_nan() or stack <= 0:
                raise self.fail(f"the starting stack of p{i + 1} is {stack}: a stack above zero (or inf, not "
                                "known) is needed to replay the hand", "starting_stacks")
        antes = self.numbers("antes", n)
        blinds = self.numbers("blinds_or_straddles", n)
        if n == 2:      # PHH reverses the forced bets heads-up
            antes, blinds = antes[::-1], blinds[::-1]
        small_bet = big_bet = None
        if betting is BettingStructure.LIMIT:
            small_bet, big_bet = self.number("small_bet"), self.number("big_bet")
        else:
            self.number("min_bet")
        names = self.players(n)
        seats = self.seat_numbers(n)
        self.names, self.stacks = names, stacks
        # "inf": the source did not record the stack. The reader plays it as Infinity (nobody is
        # all in but who says so) and the replay as a stack not stated; it is stored as unknown
        unknown = tuple(names[i] for i in range(n) if stacks[i].is_infinite())
        # the field's presence makes the hand a tournament's; its value, if any, is the ID
        in_tournament = isinstance(fields.get(TOURNAMENT), (str, int))
        tournament = str(fields[TOURNAMENT]).strip() or None if in_tournament else None
        currency = self.currency()
        actions, boards, board_lines, holes = self.play(antes, blinds, betting)
        result_actions, summary, finishing, finishing_line, not_stated = self.results(actions, boards, holes)
        small_blind = blinds[0] if n > 2 else blinds[1]
        big_blind = blinds[1] if n > 2 else blinds[0]
        if n > 2 and big_blind == 0:    # no small blind posted: p1's blind is the big one (see play)
            small_blind, big_blind = Decimal(0), blinds[0]
        # the blinds, or Limit's bets (as PokerStars names Limit stakes), written as every room's
        stakes = stakes_label(*((small_bet, big_bet) if small_bet is not None else (small_blind, big_blind)), currency)
        table = fields.get("table")
        seat_count = fields.get("seat_count")
        if isinstance(seat_count, int) and seat_count > LARGEST_WHOLE:
            raise self.fail(out_of_range(TABLE_WORDS.format(seat_count)), "seat_count")
        hand = fields.get("hand")
        first = self.source.first_line
        return PhhHand(
            source=self.source,
            info=GameInfo(game="holdem", played_at=self.played_at(), played_in_utc=self.played_in_utc(),
                          table_name=None if table is None else str(table), site=self.site()),
            hand_id=str(hand) if hand is not None else self.source.game_id,
            betting=betting, small_blind=small_blind, big_blind=big_blind, small_bet=small_bet, big_bet=big_bet,
            stakes=stakes, currency=currency, tournament_id=tournament, is_tournament=in_tournament,
            max_seats=seat_count if isinstance(seat_count, int) else None,
            button_seat=seats[-1],
            seats=tuple(Seat(seat=seats[i], player=names[i], stack=stacks[i] if stacks[i].is_finite() else Decimal(0),
                             line=self.file_line("starting_stacks")) for i in range(n)),
            stack_not_stated=unknown,
            actions=tuple(actions + result_actions),
            boards=(tuple(boards),) if boards else (),
            board_lines=(tuple(board_lines),) if boards else (),
            hole_cards=tuple(holes), summary=summary, results_not_stated=not_stated,
            header_line=first,
            finishing_stacks=finishing, finishing_line=finishing_line,
        )

    def players(self, n: int) -> list[str]:
        given = self.fields.get("players")
        if given is None:
            return [f"p{i + 1}" for i in range(n)]
        if not isinstance(given, list) or len(given) != n or not all(isinstance(p, str) for p in given):
            raise self.fail(f"players must be an array of {n} names", "players")
        names = [name.strip() or f"p{i + 1}" for i, name in enumerate(given)]
        if len(set(names)) != n:
            twice = next(name for name in names if names.count(name) > 1)
            raise self.fail(f"two players are named {twice!r}: a hand needs one name per player", "players")
        return names

    def seat_numbers(self, n: int) -> list[int]:
        given = self.fields.get("seats")
        if given is None:
            return list(range(1, n + 1))
        if not isinstance(given, list) or len(given) != n or not all(isinstance(s, int) for s in given):
            raise self.fail(f"seats must be an array of {n} different seat numbers", "seats")
        below = next((s for s in given if s <= 0), None)
        if below is not None:
            raise self.fail(f"seats gives p{given.index(below) + 1} the seat {below}: seats are numbered from 1",
                            "seats")
        above = next((s for s in given if s > LARGEST_WHOLE), None)
        if above is not None:
            raise self.fail(out_of_range(SEAT_WORDS.format(above)), "seats")
        twice = next((s for s in given if given.count(s) > 1), None)
        if twice is not None:
            raise self.fail(f"seats gives the seat {twice} to two players: a seat holds one player", "seats")
        return given

    def site(self) -> str:
        return _room(self.fields)

    def currency(self) -> str:
        code = self.fields.get("currency")
        if isinstance(code, str) and len(code) == 3 and code.isalpha():
            return code.upper()
        symbol = self.fields.get("currency_symbol")
        return CURRENCY_SIGNS.get(symbol, "chips") if isinstance(symbol, str) else "chips"

    def played_at(self) -> datetime | None:
        fields = self.fields
        year, month, day = fields.get("year"), fields.get("month"), fields.get("day")
        if not all(isinstance(v, int) for v in (year, month, day)):
            return None
        at = fields.get("time")
        at = at if isinstance(at, time) else time(0)
        try:
            when = datetime(year, month, day, at.hour, at.minute, at.second)
        except ValueError:
            return None
        zone = fields.get("time_zone")
        if isinstance(zone, str):
            try:    # stored in UTC, as the time the zone names
                return when.replace(tzinfo=ZoneInfo(zone)).astimezone(ZoneInfo("UTC")).replace(tzinfo=None)
            except (ZoneInfoNotFoundError, ValueError):
                return when
        # Without a zone's name, its abbreviation (ET, CET …) is read as a room's header reads it
        # (ROOM-TIME-ZONE); one that names no single zone keeps the time as written.
        abbreviation = fields.get("time_zone_abbreviation")
        return in_utc(when, abbreviation) if isinstance(abbreviation, str) else when

    def played_in_utc(self) -> bool:
        """Whether :meth:`played_at` is in UTC: a date with a zone or abbreviation it reads."""
        fields = self.fields
        if self.played_at() is None:
            return False
        zone = fields.get("time_zone")
        if isinstance(zone, str):
            try:
                ZoneInfo(zone)
            except (ZoneInfoNotFoundError, ValueError):
                return False
            return True
        abbreviation = fields.get("time_zone_abbreviation")
        return isinstance(abbreviation, str) and zone_clock(abbreviation) is not None

    # ---------------------------------------------------------------- the actions
    def posting_order(self, antes: list[Decimal], blinds: list[Decimal]) -> list[str]:
        """The forced bets in the order they are posted: the log's, where the file states it
        (:data:`POSTING_ORDER`), else PHH's."""
        posts = forced_bets(antes, blinds)
        given = self.fields.get(POSTING_ORDER)
        if given is None:
            return posts
        order = [" ".join(post.split()) for post in given] if isinstance(given, list) and all(
            isinstance(post, str) for post in given) else None
        if order is None or sorted(order) != sorted(posts):
            raise self.fail(f"{POSTING_ORDER} must list each forced bet posted once: "
                            f"{', '.join(posts) or 'none is posted'}", POSTING_ORDER)
        return order

    def play(self, antes: list[Decimal], blinds: list[Decimal], betting: BettingStructure):
        names, n = self.names, len(self.names)
        left = list(self.stacks)
        bet = [Decimal(0)] * n
        self.invested = invested = [Decimal(0)] * n
        self.folded = folded = [False] * n
        out: list[Action] = []
        # (place in out, player, line, the cards known) of each show of cards some or all unknown ("sm ????")
        self.unshown: list[tuple[int, str, int, tuple[Card, ...]]] = []
        street = Street.PREFLOP

        def put(i: int, chips: Decimal) -> bool:
            left[i] -= chips
            invested[i] += chips
            return left[i] <= 0

        antes_line, blinds_line = self.file_line("antes"), self.file_line("blinds_or_straddles")
        for post in self.posting_order(antes, blinds):
            who, what = post.split()
            i = int(who[1:]) - 1
            if what == "ante":
                chips = min(antes[i], left[i])
                out.append(Action(street=street, player=names[i], kind=ActionKind.POST_ANTE, amount=chips,
                                  is_all_in=put(i, chips), line=antes_line))
                continue
            kind = (ActionKind.POST_SB, ActionKind.POST_BB)[i] if i < 2 else ActionKind.POST_STRADDLE
            if i == 0 and n > 2 and blinds[1] == 0:     # no small blind: p1 posts the big blind alone
                kind = ActionKind.POST_BB
            if n == 2:
                kind = ActionKind.POST_BB if i == 0 else ActionKind.POST_SB
            if blinds[i] < 0:   # PHH's post: a live bet a newcomer pays to play at once, out of turn
                kind = ActionKind.POST_BB
            chips = min(abs(blinds[i]), left[i])
            bet[i] += chips
            out.append(Action(street=street, player=names[i], kind=kind, amount=chips,
                              is_all_in=put(i, chips), line=blinds_line))
        boards: list[Card] = []
        board_lines: list[int] = []
        holes: list[HoleCards] = []
        last_line = blinds_line
        round_line = blinds_line
        for text, line in self.action_lines():
            body = text.split("#", 1)[0].split()
            if not body:
                continue
            last_line = line
            actor, verb, args = body[0], body[1] if len(body) > 1 else "", body[2:]
            if actor == "d":
                if verb == "dh" and len(args) == 2:
                    i = self.player_index(args[0], line)
                    cards = self.cards(args[1], line)
                    if cards is not None:
                        holes.append(HoleCards(player=names[i], cards=cards, how=CardsHow.DEALT, line=line))
                elif verb == "db" and len(args) == 1:
                    cards = self.cards(args[0], line)
                    if cards is None:
                        raise self.at(line, f"the board cards {args[0]} are unknown: the replay needs the board")
                    out.extend(self.uncalled(bet, left, invested, street, round_line))
                    bet[:] = [Decimal(0)] * n
                    boards.extend(cards)
                    street = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}.get(len(boards))
                    if street is None:
                        raise self.at(line, f"the board has {len(boards)} cards after this deal: Hold'em deals "
                                            "3, then 1, then 1")
                    board_lines.append(line)
                else:
                    raise self.at(line, f"{text.strip()!r} is not a dealing action: expected 'd dh pN cards' "
                                        "or 'd db cards'")
                continue
            i = self.player_index(actor, line)
            name = names[i]
            if verb == "f" and not args:
                folded[i] = True
                out.append(Action(street=street, player=name, kind=ActionKind.FOLD, line=line))
                round_line = line
            elif verb == "cc" and not args:
                owed = max(bet) - bet[i]
                if owed <= 0:
                    out.append(Action(street=street, player=name, kind=ActionKind.CHECK, line=line))
                else:
                    chips = min(owed, left[i])
                    bet[i] += chips
                    out.append(Action(street=street, player=name, kind=ActionKind.CALL, amount=chips,
                                      is_all_in=put(i, chips), line=line))
                round_line = line
            elif verb == "cbr" and len(args) == 1:
                to = self.amount(args[0], line)
                current = max(bet)
                chips = to - bet[i]
                all_in = chips >= left[i]
                if current == 0:
                    action = Action(street=street, player=name, kind=ActionKind.BET, amount=to, is_all_in=all_in,
                                    line=line)
                else:
                    action = Action(street=street, player=name, kind=ActionKind.RAISE, amount=to - current,
                                    raise_to=to, is_all_in=all_in, line=line)
                bet[i] = to
                put(i, chips)
                out.append(action)
                round_line = line
            elif verb == "sm" and len(args) <= 1:
                # "sm" is the showdown's own action: the cards shown (or mucked) there, whenever the
                # board is still to come (an all-in), as a room writes them after its showdown line
                out.extend(self.uncalled(bet, left, invested, street, round_line))     # the betting is over
                cards = self.cards(args[0], line) if args and args[0] != "-" else None
                if args and args[0] == "-":
                    cards = next((h.cards for h in holes if h.player == name), None)
                # the others all folded: no showdown, the winner shows on the street they folded on
                shown_on = street if folded.count(False) == 1 else Street.SHOWDOWN
                if cards is not None:
                    holes.append(HoleCards(player=name, cards=cards, how=CardsHow.SHOWN, line=line))
                    out.append(Action(street=shown_on, player=name, kind=ActionKind.SHOW, cards=cards, line=line))
                elif not args:
                    out.append(Action(street=shown_on, player=name, kind=ActionKind.MUCK, line=line))
                else:   # some cards or all unknown ("Ah??"): see results
                    self.unshown.append((len(out), name, line, self.known_cards(args[0], line)))
            elif verb in ("pb", "sd"):
                raise self.at(line, f"{text.strip()!r}: {'a bring-in' if verb == 'pb' else 'a draw'} is no "
                                    "Hold'em action")
            else:
                raise self.at(line, f"{text.strip()!r} is not a PHH action: expected pN f, pN cc, pN cbr "
                                    "amount or pN sm cards")
        out.extend(self.uncalled(bet, left, invested, street, round_line))
        self.left, self.last_line, self.last_street = left, last_line, street
        return out, boards, board_lines, holes

    def uncalled(self, bet, left, invested, street, line) -> list[Action]:
        """The part of the top bet of a betting round that no one matched, back to its bettor."""
        if not any(bet):
            return []
        order = sorted(range(len(bet)), key=lambda i: bet[i], reverse=True)
        top, second = order[0], order[1]
        excess = bet[top] - bet[second]
        if excess <= 0:
            return []
        bet[top] -= excess
        left[top] += excess
        invested[top] -= excess
        return [Action(street=street, player=self.names[top], kind=ActionKind.UNCALLED, amount=excess, line=line)]

    def results(self, actions: list[Action], boards: list[Card], holes: list[HoleCards]):
        """What each player took from the pot, as the file states it, and the summary it implies:
        no collect line and no summary, and True last, when the hand ends at a showdown and the file
        states no result."""
        names, n = self.names, len(self.names)
        pot = sum(self.invested, Decimal(0))
        winnings = self.numbers("winnings", n, required=False)
        finishing = self.numbers("finishing_stacks", n, required=False)
        stated: tuple[tuple[str, Decimal], ...] = ()
        collected: list[Decimal] | None = None
        line = None
        not_stated = False
        self.no_result = "the file states neither winnings nor finishing_stacks"
        if winnings is not None and not any(winnings) and pot:
            # nobody collecting a pot at all states no result: HandHQ's logs, which the public PHH data
            # set converts, write such zeros for many hands of some rooms (Full Tilt, PokerStars, iPoker)
            winnings, self.no_result = None, "the file's winnings are all 0"
        if finishing is not None:
            # a finishing stack tells what its player took only beside a known starting stack
            known = [self.stacks[i].is_finite() and finishing[i].is_finite() for i in range(n)]
            stated = tuple((names[i], finishing[i]) for i in range(n) if known[i])
            if not all(known):
                finishing = None
        if winnings is not None:
            collected, line = self.unmatched_taken_back(winnings, pot, actions), self.file_line("winnings")
        elif finishing is not None:
            collected, line = [finishing[i] - self.left[i] for i in range(n)], self.file_line("finishing_stacks")
        contenders = [i for i in range(n) if not self.folded[i]]
        # a pot won by the last player in is taken on the street where the others folded
        street = Street.SHOWDOWN if len(contenders) > 1 else self.last_street
        if collected is not None:
            # a show of some cards (one of two, "sm Ah??") is a show of those, as a room writes it, where
            # the file states the result; the player keeps the cards left unknown and claims nothing
            for place, name, at, known in reversed(self.unshown):
                if known:
                    holes.append(HoleCards(player=name, cards=known, how=CardsHow.SHOWN, line=at))
                    actions.insert(place, Action(street=street, player=name, kind=ActionKind.SHOW, cards=known,
                                                 line=at))
            out = [Action(street=street, player=names[i], kind=ActionKind.COLLECT, amount=collected[i],
                          line=line) for i in range(n) if collected[i] > 0]
            taken = sum((c for c in collected if c > 0), Decimal(0))
            summary = Summary(total_pot=pot, rake=max(pot - taken, Decimal(0)), total_line=line)
        else:
            if len(contenders) > 1:
                # cards left unknown at the showdown ("sm ????") were not shown, so they claim nothing:
                # HandHQ's logs, which the public PHH data set converts, write a muck so. An all-in
                # writes "sm ????" on every street before its cards are shown: those players show.
                # So do those whose cards the deal states: HandHQ's iPoker hands write the cards shown
                # at the showdown in "d dh" (no other cards of theirs are known), then "sm ????".
                known = {h.player for h in holes if len(h.cards) == 2}
                last = {name: (place, at) for place, name, at, _ in self.unshown if name not in known}
                for name, (place, at) in sorted(last.items(), key=lambda item: item[1][0], reverse=True):
                    actions.insert(place, Action(street=Street.SHOWDOWN, player=name, kind=ActionKind.MUCK, line=at))
                self.check_cards_tell(contenders, actions, boards, holes)
                out, not_stated = [], True      # the replay awards the pots
            else:
                out = [Action(street=street, player=names[contenders[0]], kind=ActionKind.COLLECT, amount=pot,
                              line=self.last_line)] if contenders and pot else []
            summary = None
        out += self.not_shown(contenders, street) + self.shown_partly(contenders, street, holes)
        return (out, summary, stated, self.file_line("finishing_stacks") if stated else None, not_stated)

    def not_shown(self, contenders: list[int], street: Street) -> list[Action]:
        """The winner's "doesn't show hand" after the others fold, where :data:`NOT_SHOWN` names him:
        a muck on the street they folded on, after his collection, as a room writes it."""
        given = self.fields.get(NOT_SHOWN)
        if given is None:
            return []
        left = [f"p{i + 1}" for i in contenders]
        if given != left[:1] or len(left) != 1:
            raise self.fail(f"{NOT_SHOWN} names the player left when the others fold"
                            + (f": [\"{left[0]}\"]" if len(left) == 1 else f", and {len(left)} are left"), NOT_SHOWN)
        return [Action(street=street, player=self.names[contenders[0]], kind=ActionKind.MUCK,
                       line=self.file_line(NOT_SHOWN))]

    def shown_partly(self, contenders: list[int], street: Street, holes: list[HoleCards]) -> list[Action]:
        """The winner's show of some of his cards after the others fold, where :data:`SHOWN_PARTLY`
        states it: a show of the cards known on the street they folded on, after his collection, as a
        room writes it."""
        given = self.fields.get(SHOWN_PARTLY)
        if given is None:
            return []
        left = [f"p{i + 1}" for i in contenders]
        words = given[0].split() if isinstance(given, list) and len(given) == 1 and isinstance(given[0], str) else []
        line = self.file_line(SHOWN_PARTLY)
        if len(left) != 1 or words[:2] != [left[0], "sm"] or len(words) != 3:
            raise self.fail(f"{SHOWN_PARTLY} is the show of the player left when the others fold"
                            + (f", like [\"{left[0]} sm Ah??\"]" if len(left) == 1 else f", and {len(left)} are left"),
                            SHOWN_PARTLY)
        known = self.known_cards(words[2], line)
        if not known:
            raise self.fail(f"{SHOWN_PARTLY} shows no card: {words[2]} leaves them all unknown", SHOWN_PARTLY)
        name = self.names[contenders[0]]
        holes.append(HoleCards(player=name, cards=known, how=CardsHow.SHOWN, line=line))
        return [Action(street=street, player=name, kind=ActionKind.SHOW, cards=known, line=line)]

    def unmatched_taken_back(self, winnings: list[Decimal], pot: Decimal, actions: list[Action]) -> list[Decimal]:
        """What each player collected, from ``winnings`` that may count in the pot the part of a bet
        nobody matched (HandHQ's, a big blind's walk: ``winnings = [0, 1.50, 0]`` at 0.50/1), which
        the reader already gave back to its bettor: when the winnings exceed the pot by exactly
        that part, and its bettor won at least as much, it is taken out of what he collected."""
        excess = sum((w for w in winnings if w > 0), Decimal(0)) - pot
        if excess <= 0:
            return winnings
        for action in actions:
            if action.kind is ActionKind.UNCALLED and action.amount == excess:
                i = self.names.index(action.player)
                if winnings[i] >= excess:
                    return [w - excess if k == i else w for k, w in enumerate(winnings)]
        return winnings

    def check_cards_tell(self, contenders: list[int], actions: list[Action], boards: list[Card],
                         holes: list[HoleCards]) -> None:
        """A hand that ends at a showdown with no result stated: the cards must tell who wins, so
        every player still in who does not muck needs known cards, and the board all five, unless
        one player alone does not muck."""
        mucked = {a.player for a in actions if a.kind is ActionKind.MUCK}
        standing = [self.names[i] for i in contenders if self.names[i] not in mucked]
        if len(standing) == 1:
            return
        why = None
        known = {h.player for h in holes if len(h.cards) == 2}
        unknown = [name for name in standing if name not in known]
        if unknown:
            why = f"the cards of {', '.join(unknown)} are not known"
        elif not standing:
            why = "no player still in shows their cards"
        elif len(boards) < 5:
            why = f"the board has {len(boards)} cards"
        if why:
            raise self.fail(f"the hand ends with {len(contenders)} players in, {self.no_result} and {why}: "
                            "what each player won cannot be worked out", "actions")

    # ---------------------------------------------------------------- pieces
    def action_lines(self) -> list[tuple[str, int]]:
        """Each element of ``actions`` with the file line it stands on."""
        actions = self.fields.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise self.fail("actions must be an array of strings" if actions is not None else
                            "the field actions is missing", "actions" if actions is not None else None)
        lines = _element_lines(self.lines, self.key_lines.get("actions"))
        if len(lines) != len(actions):     # a layout the scanner does not follow: the key's line for all
            lines = [self.key_lines.get("actions", 1)] * len(actions)
        return [(text, self.source.line(line - 1)) for text, line in zip(actions, lines)]

    def at(self, file_line: int, reason: str) -> ParseError:
        return self.fail(reason, line=file_line - self.source.first_line + 1)

    def player_index(self, actor: str, line: int) -> int:
        if actor.startswith("p") and actor[1:].isdigit() and 1 <= int(actor[1:]) <= len(self.names):
            return int(actor[1:]) - 1
        raise self.at(line, f"{actor!r} is not a player of this hand: expected p1 to p{len(self.names)}")

    def cards(self, text: str, line: int) -> tuple[Card, ...] | None:
        """The cards of a PHH card string (``AcKd``), or None when any of them is unknown (``??``)."""
        if len(text) % 2:
            raise self.at(line, f"{text!r} is not a list of cards: each card is two characters, like Ac")
        words = [text[k:k + 2] for k in range(0, len(text), 2)]
        if any("?" in word for word in words):
            return None
        try:
            cards = tuple(Card.parse(word) for word in words)
        except CardError:
            cards = ()
        if not cards or any(card.is_joker for card in cards):
            raise self.at(line, f"{text!r} is not a list of cards: expected cards like AcKd")
        return cards

    def known_cards(self, text: str, line: int) -> tuple[Card, ...]:
        """The known cards of a card string some of whose cards are unknown (``Ah??``: the ace)."""
        if len(text) % 2:
            raise self.at(line, f"{text!r} is not a list of cards: each card is two characters, like Ac")
        known = "".join(text[k:k + 2] for k in range(0, len(text), 2) if "?" not in text[k:k + 2])
        return self.cards(known, line) if known else ()

    def amount(self, text: str, line: int) -> Decimal:
        try:
            value = Decimal(text)
        except ArithmeticError:
            value = None
        if value is None or not value.is_finite() or value <= 0:
            raise self.at(line, f"{text!r} is not an amount above zero")
        return value


def _is_number(value: object) -> bool:
    return isinstance(value, (int, Decimal)) and not isinstance(value, bool)


_KEY = re.compile(r"^[ \t]*([A-Za-z0-9_-]+)[ \t]*=")


def _key_lines(lines: list[str]) -> dict[str, int]:
    """The line (1-based, in the chunk) of each top-level key: the first line that assigns it."""
    out: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        match = _KEY.match(line)
        if match:
            out.setdefault(match[1], number)
    return out


_ARRAY_TOKENS = re.compile(r'''"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|#[^\n]*|[\[\]\n]''')
"""What the scan of an array meets: strings of the four kinds, comments, brackets and line ends."""


def _element_lines(lines: list[str], first: int | None) -> list[int]:
    """The line of each string of the array that opens at line ``first``, in order: a scan of
    the TOML text from the ``=`` to the closing bracket, over comments and the four kinds of strings."""
    if first is None:
        return []
    text = "\n".join(lines[first - 1:])
    line, depth = first, 0
    out: list[int] = []
    for token in _ARRAY_TOKENS.finditer(text, text.index("=") + 1):
        kind = token[0][0]
        if kind == "\n":
            line += 1
        elif kind == "[":
            depth += 1
        elif kind == "]":
            depth -= 1
            if depth <= 0:
                break
        elif kind in "'\"":
            out.append(line)
            line += token[0].count("\n")
    return out
