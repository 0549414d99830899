"""888poker (Pacific Poker, Cassava) Hold'em hand histories → :class:`rules.holdem_hand.HoldemHand`.

The lines are declared once in :data:`LINE_KINDS`, from which ``parsers.lines`` makes the
classifier, the terminals of ``grammars/pacific.lark`` and the words of syntax errors. The
room's own facts:

- a hand opens with ``***** 888poker Hand History for Game N *****`` (older logs: ``Cassava``),
  after a ``#Game No : N`` line that stands between hands; the next line gives the blinds, the
  structure and the game, then the date
  as ``DD MM YYYY HH:MM:SS``, with no time zone;
- the stakes are the blinds in every structure (``$5/$10 Blinds Fix Limit Holdem``: a small bet
  of $10, a big bet of $20, stored as the stakes ``$10/$20 USD``: Limit stakes are named by the bets,
  as PokerStars names them); ``(Practice Play)`` tables are play money;
- amounts are written ``$2.06``, ``2,06$``, ``0,55 $`` or ``28,031.33``: a comma followed by
  exactly three digits groups thousands, followed by one or two it is the decimal point;
- every bet is written as the chips it adds (``raises [$2.50]`` by a small blind of $0.50 makes
  a bet of $3); all-ins are not said, the stacks show them (ROOM-ALL-IN);
- ``posts dead blind [$0.01 + $0.02]``: a returning player's dead small blind and live big blind
  (ROOM-DEAD-BLIND);
- the summary is the showdown: shows, mucks and ``collected [ $X ]``; no pot total and no rake
  are written: the rake is the pot less what the players collect (ROOM-RAKE). Which pot the rake came from
  the log does not say: the replay takes it from the main pot, and where 888 took it from a side
  pot the collect lines differ from the replay's (HE-COLLECTED);
- ``Name folds`` before ``** Dealing down cards **``: he declines to post and is not dealt in;
- two seats without a name (some logs write none) cannot be told apart: such hands are refused;
- an uncalled bet goes back without a line saying so, and the collect lines leave it out — except
  in logs whose collect lines hold more than the rest of the pot, where its bettor collects it
  back (and the reader takes it off his collect): the numbers of each hand tell which (ROOM-UNCALLED);
- a hand whose cards were never dealt (no ``** Dealing down cards **``) was cancelled;
- German clients write suits as words (``8Pik``: spades, ``Herz``, ``Karo``, ``Kreuz``); Russian
  clients the picture cards' ranks in Cyrillic (``Вh``: the jack of hearts).

>>> lines = '''***** 888poker Hand History for Game 7 *****
... $0.50/$1 Blinds No Limit Holdem - *** 04 07 2016 02:30:27
... Table Leeds 10 Max (Real Money)
... Seat 6 is the button
... Total number of players : 2
... Seat 6: Anna ( $35 )
... Seat 8: Boris ( $98.24 )
... Anna posts small blind [$0.50]
... Boris posts big blind [$1]
... ** Dealing down cards **
... Anna raises [$2.50]
... Boris calls [$2]
... ** Dealing flop ** [ 4c, Tc, 6c ]
... Boris bets [$3]
... Anna folds
... ** Summary **
... Boris did not show his hand
... Boris collected [ $5.70 ]'''.split("\\n")
>>> hand = parse(tuple(lines), Source(file="888.txt", first_line=2, last_line=19, game_id="p"))
>>> hand.info.site, hand.actions[2].raise_to, hand.summary.total_pot, hand.summary.rake
('888poker', Decimal('3.00'), Decimal('6.00'), Decimal('0.30'))
>>> [str(a.kind) for a in hand.actions][-4:]
['fold', 'uncalled', 'muck', 'collect']
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

from parsers.errors import BUTTON_WORDS, SEAT_WORDS, TABLE_WORDS, ParseError, stored_number
from parsers.lines import (
    CURRENCY_SIGNS,
    CurrencyMarks,
    LineKind,
    LineTable,
    StreetActions,
    read_amount_at,
    read_cards,
    stakes_label,
    unsupported_game,
)
from parsers.lines import (
    read_amount as amount,
)
from rules.findings import Finding, Severity
from rules.holdem_hand import (
    Action,
    ActionKind,
    BettingStructure,
    HoldemHand,
    Seat,
    Street,
    Summary,
)
from rules.records import GameInfo, Source, slot_filler

__all__ = ["LINE_KINDS", "TABLE", "parse", "read_amount"]

SITE = "888poker"
_SIGN_OF = {code: sign for sign, code in CURRENCY_SIGNS.items()}

_SIGN = r"[$€£]"
_AMT = r"(?:" + _SIGN + r" ?)?\d[\d,.]*(?: ?" + _SIGN + r")?"
"""An amount as 888 writes it: the currency sign before or after, a decimal point or comma."""
_BRAND = re.compile(r"^\*{4,5} (?P<brand>888poker|Cassava|888)\S*(?: Snap Poker| BLAST)? Hand History for Game "
                    r"(?P<id>\d+) \*{4,5}\s*$")
_GAME_LINE = re.compile(
    r"^(?P<sb>" + _AMT + r")/(?P<bb>" + _AMT + r") Blinds (?P<struct>No Limit|Pot Limit|Fix Limit|Limit) "
    r"(?P<game>\S+)(?P<extra>.*?) - \*\*\* (?P<d>\d{2} \d{2} \d{4}) (?P<t>\d{1,2}:\d{2}:\d{2})\s*$"
)
_READS = "Hold'em"
_SMALL_BLIND_POSTED = {(Decimal("0.12"), Decimal("0.25")): Decimal("0.10")}
"""The stakes lines whose small blind is not the one the table posts: 888 writes its table of a
$0.25 big blind ``$0.12/$0.25`` (half the big blind, down to the cent), and its small blinds post
$0.10, which its rake confirms (5% of a pot holding a $0.10 small blind)."""
_STRUCTURES = {"No Limit": BettingStructure.NO_LIMIT, "Pot Limit": BettingStructure.POT_LIMIT,
               "Fix Limit": BettingStructure.LIMIT, "Limit": BettingStructure.LIMIT}

_GAME_NO = re.compile(r"^#Game No : (?P<id>\d+)\s*$")
_TABLE = re.compile(r"^(?:Table (?P<name>.+?)|Tournament #(?P<tid>\d+) .*? Table #(?P<tno>\d+))(?: (?P<max>\d+) Max)?"
                    r" \((?P<money>Real Money|Practice Play|Play Money)\)\s*$")
_BUTTON = re.compile(r"^Seat (?P<btn>\d+) is the button\s*$")
_PLAYERS = re.compile(r"^Total number of players : \d+(?:/\d+)?\s*$")
_SEAT = re.compile(r"^Seat (?P<n>\d+): (?P<p>.*?) \( (?P<s>" + _AMT + r") \)\s*$")
_POST = re.compile(r"^(?P<p>.*?) ?posts (?P<post>small blind|big blind|dead blind|ante) "
                   r"\[(?P<a>" + _AMT + r")(?: \+ (?P<a2>" + _AMT + r"))?\](?: and is all-in)?\s*$")
_MARKER = re.compile(r"^\*\* (?:(?P<hole>Dealing down cards)|(?P<summary>Summary)|Dealing (?P<what>flop|turn|river))"
                     r" \*\*(?: \[ (?P<c>[^\]]*) \])?\s*$")
_DEALT = re.compile(r"^Dealt to (?P<p>.*?) ?\[ (?P<c>[^\]]*) \]\s*$")
_ACTION = re.compile(r"^(?P<p>.*?) ?(?:(?P<fold>folds)|(?P<check>checks)|(?P<verb>calls|bets|raises) \[(?P<a>" + _AMT +
                     r")\](?: and is all-in)?|(?P<show>shows|mucks) \[ (?P<cards>[^\]]*) \])\s*$")
_COLLECT = re.compile(r"^(?P<p>.*?) ?collected \[ (?P<a>" + _AMT + r") \]\s*$")
_NOSHOW = re.compile(r"^(?P<p>.*?) ?did not show his hand\s*$")
_CHAT = re.compile(r'^.+? said, ".*"?\s*$')
_MISC = re.compile(r"^.+ (?:has left the table|has joined the table|is sitting out|sits out|has returned"
                   r"|is disconnected|is connected|has timed out)\s*$")
_LOW = re.compile(r"^\(Lo: .*\)\s*$")

LINE_KINDS: tuple[LineKind, ...] = (
    LineKind("HEADER", "the '***** 888poker Hand History for Game … *****' line", _BRAND, ("brand", "id")),
    LineKind(None, "the '#Game No : …' line", _GAME_NO, (), "^#Game No"),
    LineKind("GAME", "the stakes line like '$0.01/$0.02 Blinds No Limit Holdem - *** 04 02 2011 13:04:49'",
             _GAME_LINE, ("sb", "bb", "struct", "game", "d", "t"), " Blinds "),
    LineKind("HOLE", "the '** Dealing down cards **' line", _MARKER, (), "^** ", group="hole"),
    LineKind("SUMMARY", "the '** Summary **' line", _MARKER, (), "^** ", group="summary"),
    LineKind("STREET", "a street line like '** Dealing flop ** [ … ]'", _MARKER, ("what", "c"), "^** "),
    LineKind("BUTTON", "the 'Seat N is the button' line", _BUTTON, ("btn",), "^Seat "),
    LineKind("SEAT", "a seat line like 'Seat 1: Name ( $2 )'", _SEAT, ("n", "p", "s"), "^Seat "),
    LineKind("TABLE", "the line 'Table Name (Real Money)'", _TABLE, ("name", "tid", "max", "money")),
    LineKind(None, "the 'Total number of players : N' line", _PLAYERS, (), "^Total number of players"),
    LineKind("DEALT", "a 'Dealt to … [ … ]' line", _DEALT, ("p", "c"), "^Dealt to "),
    LineKind("POST", "a post like 'Name posts small blind [$0.01]'", _POST, ("p", "post", "a", "a2"), "posts "),
    LineKind("COLLECT", "a '… collected [ … ]' line", _COLLECT, ("p", "a"), "collected [ "),
    LineKind("NOSHOW", "a '… did not show his hand' line", _NOSHOW, ("p",), "did not show his hand"),
    LineKind(None, "a chat line like 'Name said, \"…\"'", _CHAT, (), ' said, "'),
    LineKind(None, "a line without play like 'Name has left the table'", _MISC),
    LineKind(None, "the low hand of a hi/lo summary '(Lo: …)'", _LOW, (), "^(Lo: "),
    LineKind("ACTION", "an action like 'Name folds', 'checks', 'calls […]', 'bets […]', 'raises […]' or a show",
             _ACTION, ("p", "fold", "check", "verb", "a", "show", "cards")),
    LineKind("BODY", "an action ('Name folds', 'checks', 'calls', 'bets', 'raises'), a show or a collect line", None),
)
"""Every kind of line of an 888poker hand, in the order the classifier tries them."""

TABLE = LineTable(
    LINE_KINDS, grammar="pacific.lark", body=frozenset({"ACTION", "POST", "COLLECT", "NOSHOW"}), decimal_comma=None,
    runs=frozenset({"BODY", "SEAT", "POST", "DEALT"}),
    unreadable="expected a seat, a post, an action (folds, checks, calls, bets, raises), a street line like "
               "'** Dealing flop ** [ … ]' or a summary line")
"""The classifier, terminals and shape check made from LINE_KINDS."""

_action = slot_filler(Action)   # street, player, kind, amount, raise_to, is_all_in, is_capped, cards, pot, board, line
_seat = slot_filler(Seat)                   # seat, player, stack, is_sitting_out, is_out_of_hand, line
_ZERO = Decimal(0)
_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
_HOW = {"calls": "call", "bets": "open", "raises": "raise"}
"""What 888's words mean as :meth:`parsers.lines.StreetActions.put_in` reads them: a bet over a
bet is a raise."""
_SUIT_WORDS = (("Pik", "s"), ("Herz", "h"), ("Karo", "d"), ("Kreuz", "c"))
_CYRILLIC_RANKS_AS_1252 = str.maketrans({"Â": "J", "Ä": "Q", "Ê": "K", "Ò": "A"})
"""Russian clients write the picture cards' ranks in Cyrillic (В валет, Д дама, К король, Т туз);
a file whose only such letters are these is read as Windows-1252, where those bytes are Â Ä Ê Ò."""


def read_amount(text: str) -> Decimal:
    """An 888 amount's value (:func:`parsers.lines.read_amount`): the sign dropped; a comma before
    three digits groups thousands, before one or two it is the decimal point; anything else is a
    ValueError naming the amount.

    >>> read_amount("$1,728.25"), read_amount("222,75$"), read_amount("0,55 $"), read_amount("28,031.33")
    (Decimal('1728.25'), Decimal('222.75'), Decimal('0.55'), Decimal('28031.33'))
    """
    return amount(text, decimal_comma=None)


def _cards(text: str | None, index: int, line: str) -> tuple:
    if text:
        for word, suit in _SUIT_WORDS:
            text = text.replace(word, suit)
        if not text.isascii():
            text = text.translate(_CYRILLIC_RANKS_AS_1252)
    return read_cards(text, index, line)


def read_header(lines: tuple[str, ...]) -> dict:
    """The fields of a hand's first two lines, or a ParseError saying why the hand is not read
    (a game Rasklad does not replay names the game)."""
    brand = _BRAND.match(lines[0])
    if brand is None:
        raise ParseError("expected the line '***** 888poker Hand History for Game … *****'", line=1, column=1,
                         line_text=lines[0])
    game = _GAME_LINE.match(lines[1]) if len(lines) > 1 else None
    if game is None:
        raise ParseError("expected the stakes line like '$0.01/$0.02 Blinds No Limit Holdem - *** 04 02 2011 "
                         "13:04:49'", line=2, column=1, line_text=lines[1] if len(lines) > 1 else "")
    if game["game"] != "Holdem":
        raise unsupported_game(SITE, f"{game['struct']} {game['game']}", _READS, line=lines[1],
                               column=game.start("struct") + 1, line_no=2, name=game["game"])
    sign = next((c for c in game["bb"] if c in CURRENCY_SIGNS), None)
    try:
        day, month, year = game["d"].split()
        hour, minute, second = (int(part) for part in game["t"].split(":"))
        played_at = datetime(int(year), int(month), int(day), hour, minute, second)
    except ValueError as error:
        raise ParseError(f"'{game['d']} {game['t']}' is not a real date and time ({error})", line=2,
                         column=game.start("d") + 1, line_text=lines[1]) from None
    small_blind = read_amount_at(game["sb"], 1, lines[1], game.start("sb"), decimal_comma=None)
    big_blind = read_amount_at(game["bb"], 1, lines[1], game.start("bb"), decimal_comma=None)
    small_blind = _SMALL_BLIND_POSTED.get((small_blind, big_blind), small_blind)
    return {"id": brand["id"], "brand": brand["brand"], "small_blind": small_blind,
            "big_blind": big_blind, "betting": _STRUCTURES[game["struct"]],
            "currency": CURRENCY_SIGNS[sign] if sign else None, "played_at": played_at,
            "stakes": f"{game['sb']}/{game['bb']}"}


def parse(lines: tuple[str, ...], source: Source) -> HoldemHand:
    """One 888poker hand (its lines, header first) → HoldemHand; ParseError with game-relative lines."""
    if not lines:
        raise ParseError("empty hand", line=1, column=1)
    head = read_header(lines)
    tokens = TABLE.classify(lines)
    TABLE.check_shape(tokens, lines)
    return _build(lines, source, head, tokens)


def _build(lines, source: Source, head: dict, tokens) -> HoldemHand:
    table_name = max_seats = button = tid = None
    currency = head["currency"]
    seats: list[Seat] = []
    # 888 writes what a bet adds: the builder keeps each player's chips on the street
    play = StreetActions(track_bets=True)
    bets = play.bets
    board: tuple = ()
    board_lines: list[int] = []
    dealt = False
    summary_line = 0
    big_blind = head["big_blind"]
    declined: list[int] = []    # folds before the deal
    first_line = source.first_line
    marks = CurrencyMarks(_SIGN_OF.get(currency or "", ""), first_line)
    split_off: list[Finding] = []     # ROOM-DEAD-BLIND: dead posts whose parts the room does not post
    # the first small and big blind posts: who, the amount, the amount as written, the line
    blinds: dict[ActionKind, tuple[str, Decimal, str, int]] = {}
    # each seat's chips after his posts: a post of all he has leaves him all in, and so in the
    # hand even if he never acts (an ante alone is otherwise no sign that he plays)
    chips_left: dict[str, Decimal] = {}

    def money(text: str) -> Decimal:
        # ROOM-CURRENCY: read as written, noted when another currency's (its sign before or after)
        marks.other(text, next((c for c in text if c in CURRENCY_SIGNS), ""))
        return read_amount_at(text, marks.index, lines[marks.index], decimal_comma=None)

    for kind, m, index in tokens:
        line = first_line + index
        marks.index = index
        text = lines[index]
        if kind == "ACTION":
            player = m["p"]
            if m["fold"]:
                if not dealt:
                    declined.append(len(play.actions))
                play.fold(player, line)
            elif m["check"]:
                play.check(player, line)
            elif m["verb"]:
                # "raises [X]": X is what he adds; "bets [X]" over a bet is a raise too
                play.put_in(player, money(m["a"]), line, _HOW[m["verb"]])
            else:
                play.show(player, _cards(m["cards"], index, text), line, m["show"] == "shows")
        elif kind == "POST":
            player, post = m["p"], m["post"]
            amount = money(m["a"])
            live = amount
            if post == "dead blind":
                what = ActionKind.POST_DEAD
                if m["a2"] is not None:     # "[$0.01 + $0.02]": the small blind dead, the big blind live
                    live = money(m["a2"])
                    split_off.extend(_dead_parts_off(head, amount, live, line, text))
                    amount += live
                else:
                    live = _ZERO
            elif post == "ante":
                what, live = ActionKind.POST_ANTE, _ZERO
            else:
                what = ActionKind.POST_SB if post == "small blind" else ActionKind.POST_BB
                blinds.setdefault(what, (player, amount, m["a"], line))
            left = chips_left.get(player)
            if left is not None:
                chips_left[player] = left - amount
            play.post(player, what, amount, line, left is not None and amount >= left > 0, live=live)
        elif kind == "SEAT":
            if not m["p"] and any(not s.player for s in seats):
                raise ParseError("two seats have no player's name: their lines cannot be told apart",
                                 line=index + 1, column=1, line_text=text)
            seats.append(_seat(stored_number(m, "n", SEAT_WORDS, index + 1, text), m["p"], money(m["s"]), False, False,
                                line))
            chips_left[m["p"]] = seats[-1].stack
        elif kind == "STREET":
            board = board + _cards(m["c"], index, text)
            board_lines.append(line)
            play.to_street(_STREETS[m["what"]])
        elif kind == "HOLE":
            dealt = True
        elif kind == "SUMMARY":
            play.street = Street.SHOWDOWN
            summary_line = line
        elif kind == "COLLECT":
            play.collect(m["p"], money(m["a"]), line, street=play.pot_street())
        elif kind == "NOSHOW":
            play.muck(m["p"], line)
        elif kind == "DEALT":
            play.dealt(m["p"], _cards(m["c"], index, text), line)
        elif kind == "TABLE":
            table_name = m["name"] or f"#{m['tno']}"
            tid = m["tid"]
            max_seats = stored_number(m, "max", TABLE_WORDS, index + 1, text)
            if m["money"] != "Real Money" and tid is None:
                currency = "play"
        elif kind == "BUTTON":
            button = stored_number(m, "btn", BUTTON_WORDS, index + 1, text)
        # GAME needs no fields: the header's reader took them

    actions = play.actions
    if tid is not None:
        currency = "chips"
    elif currency is None:
        raise ParseError("a real money table whose stakes name no currency", line=2, column=1, line_text=lines[1])
    if dealt and declined:
        # before the deal "Name folds" declines a blind: he is not dealt in (a hand never dealt keeps
        # them: they are what cancelled it)
        actions[:] = [a for i, a in enumerate(actions) if i not in set(declined)]
    collected = sum((a.amount for a in actions if a.kind is ActionKind.COLLECT), _ZERO)
    unmatched = bets.unmatched()
    if dealt and unmatched is not None:
        # ROOM-UNCALLED: returned without a line; the collect lines leave it out, or hold it when
        # they hold more than the pot without it (every chip put in, less it)
        play.return_unmatched(summary_line, within=collected > bets.pot - unmatched[1])
        collected = sum((a.amount for a in actions if a.kind is ActionKind.COLLECT), _ZERO)
    total = bets.pot        # every chip put in the pot, less the bet returned
    summary = Summary(total_pot=total, rake=total - collected, total_line=summary_line) if dealt else None
    betting = head["betting"]
    small_blind = head["small_blind"]
    level = _table_level(head, blinds, seats, actions) if tid is not None else None
    if level is not None:
        small_blind, big_blind, behind = level
        split_off.append(behind)
    small_bet = big_bet = None
    if betting is BettingStructure.LIMIT:
        small_bet, big_bet = big_blind, big_blind * 2
    # the blinds, or Limit's bets (as PokerStars names Limit stakes); a tournament's in chips, though
    # the stakes line gives them a currency sign
    stakes = stakes_label(*((small_bet, big_bet) if small_bet is not None else (small_blind, big_blind)), currency)
    info = GameInfo(game="holdem", played_at=head["played_at"], table_name=table_name,
                    ruleset=f"888poker {betting.value}", site=SITE)
    return HoldemHand(
        source=source, info=info, hand_id=head["id"], tournament_id=tid, betting=betting,
        small_blind=small_blind, big_blind=big_blind, small_bet=small_bet, big_bet=big_bet,
        stakes=stakes, currency=currency, is_tournament=tid is not None, max_seats=max_seats,
        button_seat=button, seats=tuple(seats), actions=tuple(actions), boards=(tuple(board),),
        board_lines=(tuple(board_lines),), hole_cards=tuple(play.holes), summary=summary, is_cancelled=not dealt,
        room_findings=marks.findings + tuple(split_off), header_line=source.first_line,
    )


def _table_level(head: dict, blinds: dict[ActionKind, tuple[str, Decimal, str, int]], seats: list[Seat],
                 actions: list[Action]) -> tuple[Decimal, Decimal, Finding] | None:
    """ROOM-LEVEL: the blinds a tournament hand was dealt at, when its posts name the level before
    its header's (both blinds other than the header's, in its proportion, each poster keeping chips
    after his posts): the small blind, the big blind and the warning at the big blind's line,
    which quotes the header's stakes and the posts as written; else None.

    >>> head = {"small_blind": Decimal(200), "big_blind": Decimal(400), "stakes": "$200/$400"}
    >>> seats = [Seat(seat=1, player="Ann", stack=Decimal(830), line=7), Seat(seat=2, player="Bo", stack=Decimal(3965), line=8)]
    >>> posts = {ActionKind.POST_SB: ("Ann", Decimal(150), "$150", 17), ActionKind.POST_BB: ("Bo", Decimal(300), "$300", 18)}
    >>> small, big, behind = _table_level(head, posts, seats, [])
    >>> small, big, behind.line, behind.expected, behind.actual
    (Decimal('150'), Decimal('300'), 18, '$200/$400', '$150/$300')
    >>> posts[ActionKind.POST_SB] = ("Ann", Decimal(200), "$200", 17)
    >>> _table_level(head, posts, seats, []) is None    # a short big blind
    True
    """
    if ActionKind.POST_SB not in blinds or ActionKind.POST_BB not in blinds:
        return None
    (small_by, small, small_text, _), (big_by, big, big_text, line) = blinds[ActionKind.POST_SB], blinds[ActionKind.POST_BB]
    if small == head["small_blind"] or big == head["big_blind"] or small * head["big_blind"] != big * head["small_blind"]:
        return None
    kept = {seat.player: seat.stack for seat in seats}     # after his posts: none all in
    for action in actions:
        if action.kind.is_post and action.player in kept:
            kept[action.player] -= action.amount
    if kept.get(small_by, 0) <= 0 or kept.get(big_by, 0) <= 0:
        return None
    stakes = f"{small_text}/{big_text}"
    return small, big, Finding(
        rule_id="ROOM-LEVEL", severity=Severity.WARNING, line=line, expected=head["stakes"], actual=stakes,
        message=f"the blinds posted are {stakes}, the level before the header's {head['stakes']}: the hand is "
                f"played at the blinds its table dealt it at")


def _dead_parts_off(head: dict, dead: Decimal, live: Decimal, line: int, text: str) -> list[Finding]:
    """ROOM-DEAD-BLIND of a post ``[$dead + $live]`` whose parts the room does not post (the small
    blind dead, then the big blind live or nothing) where its total does: a total of another
    amount is the replay's to report (``rules.holdem_room``), as every room's, and an all-in or a
    Limit hand's post is not checked there either.

    >>> head = {"small_blind": Decimal("0.01"), "big_blind": Decimal("0.02"), "betting": BettingStructure.NO_LIMIT}
    >>> _dead_parts_off(head, Decimal("0.01"), Decimal("0.02"), 7, "Ann posts dead blind [$0.01 + $0.02]")
    []
    >>> [(f.line, f.expected, f.actual) for f in _dead_parts_off(
    ...     head, Decimal("0.02"), Decimal("0.01"), 7, "Ann posts dead blind [$0.02 + $0.01]")]
    [(7, '0.01 dead + 0.02 live', '0.02 dead + 0.01 live')]
    """
    small, big = head["small_blind"], head["big_blind"]
    if (head["betting"] is BettingStructure.LIMIT or text.rstrip().endswith("all-in")
            or dead + live not in (small + big, small) or (dead, live) in ((small, big), (small, 0))):
        return []
    expected = f"{small} dead + {big if dead + live != small else 0} live"
    return [Finding(rule_id="ROOM-DEAD-BLIND", severity=Severity.ERROR, line=line, expected=expected,
                    actual=f"{dead} dead + {live} live",
                    message=f"the dead blind [{dead} + {live}] posts {dead} dead and {live} live, where the room "
                            f"posts the small blind dead and the big blind live: {expected}")]
