"""Winamax Hold'em hand histories (``Winamax Poker - …``) → :class:`rules.holdem_hand.HoldemHand`.

The lines are declared once in :data:`LINE_KINDS`, from which ``parsers.lines`` makes the
classifier, the terminals of ``grammars/winamax.lark`` and the words of syntax errors. The
room's own facts:

- the header writes the time zone (``UTC``); amounts carry the currency after them (``0.05€``),
  play money none (ROOM-CURRENCY); a tournament's stakes may start with the ante (``(10/50/100)``);
- actions have no colon after the name (``Anna raises 0.17€ to 0.22€``);
- the blinds come in a section of their own (``*** ANTE/BLINDS ***``) and the hero's cards
  before ``*** PRE-FLOP ***``;
- ``posts big blind X out of position``: a newcomer's live big blind; ``posts small blind X out of
  position`` of more than the small blind: both blinds at once, the small blind's part dead and
  the big blind live; a post of 0 adds nothing (ROOM-DEAD-BLIND);
- an uncalled bet is not returned by a line of its own: its bettor collects it back with a pot
  (``collected 1.29€ from side pot 1``, his chips alone), and ``Total pot`` is the pot after the
  rake, what the winners collect, so the pot before the rake is ``Total pot`` plus ``Rake``. The
  reader returns the part nobody matched and takes it off that collect, the total and his summary
  line: what remains is what the pot paid him (ROOM-UNCALLED, ROOM-RAKE);
- the collect lines name the pots (``main pot``, ``side pot 1`` …): each pot after its share of
  the rake, with the uncalled part of the top bet in the last side pot;
- Limit stakes are the bets: the blinds are half the small bet (down to the cent) and the
  small bet.

>>> lines = '''Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2017/03/28 16:50:52 UTC
... Table: 'Buzau' 2-max (real money) Seat #1 is the button
... Seat 1: Anna (100€)
... Seat 2: Boris (100€)
... *** ANTE/BLINDS ***
... Anna posts small blind 1€
... Boris posts big blind 2€
... *** PRE-FLOP ***
... Anna raises 2€ to 4€
... Boris folds
... Anna collected 6€ from pot
... *** SUMMARY ***
... Total pot 6€ | No rake
... Seat 1: Anna (small blind) (button) won 6€'''.split("\\n")
>>> hand = parse(tuple(lines), Source(file="w.txt", first_line=1, last_line=14, game_id="w"))
>>> hand.info.site, hand.currency, hand.summary.total_pot, [str(a.kind) for a in hand.actions]
('Winamax', 'EUR', Decimal('4'), ['post_sb', 'post_bb', 'raise', 'fold', 'uncalled', 'collect'])
>>> hand.actions[-1].amount         # of the 6 collected, Anna's 2 nobody called came back
Decimal('4')
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from decimal import ROUND_DOWN, Decimal

from parsers.errors import BUTTON_WORDS, SEAT_WORDS, TABLE_WORDS, ParseError, stored_number
from parsers.lines import (
    BoardDeals,
    CurrencyMarks,
    HandWords,
    LineKind,
    LineTable,
    StreetActions,
    read_amount,
    read_amount_at,
    read_cards,
    stakes_label,
    unsupported_game,
)
from rules.holdem_hand import (
    ActionKind,
    BettingStructure,
    HoldemHand,
    Seat,
    Street,
    Summary,
    SummarySeat,
)
from rules.records import GameInfo, Source, slot_filler

__all__ = ["HAND_WORDS", "LINE_KINDS", "TABLE", "parse"]

SITE = "Winamax"

_AMT = r"\d+(?:\.\d+)?(?:€|\$|£)?"
"""An amount as Winamax writes it: digits, decimals, the currency sign after them."""
_HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) "
    r"(?P<struct>no limit|pot limit|fixed limit|limit) \((?P<stakes>[^)]*)\) - "
    r"(?P<d>\d{4}/\d{1,2}/\d{1,2}) (?P<t>\d{1,2}:\d{2}(?::\d{2})?)(?: (?P<z>[A-Z]{2,5}))?\s*$"
)
_STAKES = re.compile(r"^(?:(?P<ante>" + _AMT + r")/)?(?P<sb>" + _AMT + r")/(?P<bb>" + _AMT + r")$")
_READS = "Hold'em"
_CURRENCY_SIGNS = {"€": "EUR", "$": "USD", "£": "GBP"}
_SIGN_OF = {code: sign for sign, code in _CURRENCY_SIGNS.items()}

_TABLE = re.compile(r"^Table:? '(?P<name>.*)' (?P<max>\d+)-max \((?P<money>real money|play money)\)"
                    r"(?: Seat #?(?P<btn>\d+) is the button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<n>\d+): (?P<p>.+?) \((?P<s>" + _AMT + r")(?:, [^)]*)?\)(?P<rest>.*)$")
_SEATSUM = re.compile(r"^Seat (?P<n>\d+): (?P<p>.+?)(?P<pos>(?: \((?:button|small blind|big blind)\))*) "
                      r"(?P<what>(?:folded|showed|mucked|won|lost|collected|didn't|sat out|is sitting out).*)$")
_SUMMARY_WON = re.compile(r"(?:won|collected) (" + _AMT + r")")
_SUMMARY_CARDS = re.compile(r"(?:showed|mucked) \[([^\]]*)\]")
_RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", ("10", "Ten", "Tens"), ("Jack", "Jacks"), ("Queen", "Queens"),
               ("King", "Kings"), ("Ace", "Aces"))
HAND_WORDS = HandWords({
    "HIGH_CARD": ("High card : {rank}",), "PAIR": ("One pair : {rank}",),
    "TWO_PAIR": ("Two pairs : {rank} and {second_rank}",), "THREE_OF_A_KIND": ("Trips of {rank}",),
    "STRAIGHT": ("Straight {rank} high",), "FLUSH": ("Flush {rank} high",),
    "FULL_HOUSE": ("Full of {rank} and {second_rank}",), "FOUR_OF_A_KIND": ("Quads of {rank}",),
}, _RANK_WORDS, _RANK_WORDS)
"""How Winamax names a made hand in a show line's parentheses and after a summary line's 'with'
(HE-HAND-NAME): 'One pair : Jack', 'Two pairs : 9 and 7', 'Full of Kings and Queens', 'Straight Ten
high'; a rank as a figure (2 to 9) or a word, singular or plural alike. Its name of a straight flush
is in no sample: not read, not judged."""
_MARKER = re.compile(
    r"^\*\*\* (?P<what>(?P<blinds>ANTE/BLINDS)|(?P<hole>PRE-FLOP)|(?P<showdown>SHOW DOWN)|(?P<summary>SUMMARY)"
    r"|FLOP|TURN|RIVER) \*\*\*:?(?: \[(?P<c1>[^\]]*)\])?(?: ?\[(?P<c2>[^\]]*)\])?\s*$"
)
_POST = re.compile(r"^(?P<p>.+?) posts (?P<post>small blind|big blind|ante) (?P<a>" + _AMT + r")"
                   r"(?P<oop> out of position)?(?P<allin> and is all-in)?\s*$")
_ACTION = re.compile(
    r"^(?P<p>.+?) (?:"
    r"(?P<fold>folds)"
    r"|(?P<check>checks)"
    r"|(?P<verb>calls|bets) (?P<a>" + _AMT + r")"
    r"|raises (?P<ra>" + _AMT + r") to (?P<rt>" + _AMT + r")"
    r"|(?P<show>shows|mucks) \[(?P<cards>[^\]]*)\](?: \((?P<named>.*)\))?"
    r")(?P<allin> and is all-in)?\s*$"
)
_DEALT = re.compile(r"^Dealt to (?P<p>.+?) \[(?P<c1>[^\]]*)\](?: ?\[(?P<c2>[^\]]*)\])?\s*$")
_COLLECT = re.compile(r"^(?P<p>.+) collected (?P<a>" + _AMT + r") from (?P<pot>pot|main pot|side pot(?: \d+)?)\s*$")
_TOTAL = re.compile(r"^Total pot (?P<t>" + _AMT + r") \| (?:Rake (?P<r>" + _AMT + r")|No rake)\s*$")
_BOARD = re.compile(r"^Board: \[(?P<c>[^\]]*)\]\s*$")
_CHAT = re.compile(r'^.+? said, ".*"?\s*$')
_MISC = re.compile(r"^.+ (?:denies (?:big|small) blind|sits out|is sitting out|has returned|is disconnected"
                   r"|is connected|has timed out|joins the table.*|leaves the table|will be allowed to play.*"
                   r"|doesn't show hand|mucks hand)\s*$")

LINE_KINDS: tuple[LineKind, ...] = (
    LineKind("HEADER", "a 'Winamax Poker - … - HandId: #…' header line", _HEADER, ("kind", "id", "game", "stakes")),
    LineKind("BLINDS", "the '*** ANTE/BLINDS ***' line", _MARKER, (), "^*** ", group="blinds"),
    LineKind("HOLE", "the '*** PRE-FLOP ***' line", _MARKER, (), "^*** ", group="hole"),
    LineKind("SUMMARY", "the '*** SUMMARY ***' line", _MARKER, (), "^*** ", group="summary"),
    LineKind("SHOWDOWN", "the '*** SHOW DOWN ***' line", _MARKER, (), "^*** ", group="showdown"),
    LineKind("STREET", "a street line like '*** FLOP *** […]'", _MARKER, ("what", "c1", "c2"), "^*** "),
    LineKind("SEAT", "a seat line like 'Seat 1: Name (10€)'", _SEAT, ("n", "p", "s", "rest"), "^Seat ", "play"),
    LineKind("SEATSUM", "a summary seat line like 'Seat 1: Name folded on the pre-flop'", _SEATSUM,
             ("n", "p", "pos", "what"), "^Seat ", "summary"),
    LineKind("TOTAL", "the 'Total pot … | Rake …' line", _TOTAL, ("t", "r"), "^Total pot ", "summary"),
    LineKind("BOARD", "a 'Board: […]' line", _BOARD, ("c",), "^Board: [", "summary"),
    LineKind("TABLE", "the line \"Table: '…' 6-max (real money) Seat #1 is the button\"", _TABLE,
             ("name", "max", "money", "btn"), "^Table"),
    LineKind("DEALT", "a 'Dealt to … […]' line", _DEALT, ("p", "c1", "c2"), "^Dealt to "),
    LineKind("COLLECT", "a '… collected … from pot' line", _COLLECT, ("p", "a", "pot"), " collected "),
    LineKind("POST", "a post like 'Name posts small blind 0.01€'", _POST, ("p", "post", "a", "oop", "allin"),
             " posts "),
    LineKind(None, "a chat line like 'Name said, \"…\"'", _CHAT, (), ' said, "'),
    LineKind(None, "a line without play like 'Name denies big blind'", _MISC),
    LineKind("ACTION", "an action like 'Name folds', 'checks', 'calls', 'bets', 'raises' or 'shows […]'", _ACTION,
             ("p", "fold", "check", "verb", "a", "ra", "rt", "show", "cards", "named", "allin")),
    LineKind("BODY", "an action ('Name folds', 'checks', 'calls', 'bets', 'raises'), a show or a collect line", None),
)
"""Every kind of line of a Winamax hand, in the order the classifier tries them."""

TABLE = LineTable(
    LINE_KINDS, grammar="winamax.lark", body=frozenset({"ACTION", "POST", "COLLECT"}),
    runs=frozenset({"BODY", "SEAT", "POST", "SEATSUM"}),
    unreadable="expected a seat, a post, an action (folds, checks, calls, bets, raises), a street line like "
               "'*** FLOP *** […]', a showdown or a summary line")
"""The classifier, terminals and shape check made from LINE_KINDS."""

_seat = slot_filler(Seat)                   # seat, player, stack, is_sitting_out, is_out_of_hand, line
_ZERO = Decimal(0)
_CENT = Decimal("0.01")
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}


def _money(text: str) -> Decimal:
    return read_amount(text)


def read_header(line: str) -> dict:
    """The header's fields, or a ParseError saying why the hand is not read (a game Rasklad does
    not replay names the game)."""
    match = _HEADER.match(line)
    if match is None and line.startswith("Winamax Poker - Tournament summary"):
        raise ParseError("a Winamax tournament summary is not a hand: Rasklad reads the hands of the tournament",
                         line=1, column=1, line_text=line)
    if match is None:
        raise ParseError("expected a header like 'Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit "
                         "(0.01€/0.02€) - 2020/01/02 03:04:05 UTC'", line=1, column=1, line_text=line)
    if match["game"] != "Holdem":
        raise unsupported_game(SITE, f"{match['game']} {match['struct']}", _READS, line=line,
                               column=match.start("game") + 1, name=match["game"])
    stakes = _STAKES.match(match["stakes"].strip())
    if stakes is None:
        raise ParseError(f"cannot read the stakes {match['stakes']!r}: expected blinds like 0.01€/0.02€",
                         line=1, column=match.start("stakes") + 1, line_text=line)
    kind = match["kind"]
    is_tournament = kind.startswith(("Tournament", "Sit&Go", "Expresso"))
    sign = stakes["bb"][-1]
    if is_tournament:
        currency = "chips"
    elif not sign.isdigit():
        currency = _CURRENCY_SIGNS[sign]
    else:
        currency = "play"       # checked against the table line's "(play money)"
    try:
        year, month, day = match["d"].split("/")
        clock = [int(part) for part in match["t"].split(":")]
        played_at = datetime(int(year), int(month), int(day), clock[0], clock[1], clock[2] if len(clock) > 2 else 0)
    except ValueError as error:
        raise ParseError(f"'{match['d']} {match['t']}' is not a real date and time ({error})", line=1,
                         column=match.start("d") + 1, line_text=line) from None
    betting = BettingStructure.parse(match["struct"])
    small, big = _money(stakes["sb"]), _money(stakes["bb"])
    small_bet = big_bet = None
    if betting is BettingStructure.LIMIT:
        # Limit stakes are the bets: the blinds are half the small bet (down to the cent) and the small bet
        small_bet, big_bet = small, big
        small, big = (small_bet / 2).quantize(_CENT, rounding=ROUND_DOWN), small_bet
    return {"match": match, "is_tournament": is_tournament, "currency": currency, "played_at": played_at,
            "betting": betting, "small_blind": small, "big_blind": big, "small_bet": small_bet, "big_bet": big_bet,
            "ante": _money(stakes["ante"]) if stakes["ante"] else _ZERO}


def _paid_back(seat: SummarySeat, chips: Decimal) -> SummarySeat:
    """A summary line whose "won X" counts ``chips`` returned to its player: X less them (nothing
    won when that is all it held)."""
    won = sum(seat.won, _ZERO) - chips
    return replace(seat, won=(won,) if won > 0 else ())


def parse(lines: tuple[str, ...], source: Source) -> HoldemHand:
    """One Winamax hand (its lines, header first) → HoldemHand; ParseError with game-relative lines."""
    if not lines:
        raise ParseError("empty hand", line=1, column=1)
    head = read_header(lines[0])
    tokens = TABLE.classify(lines)
    TABLE.check_shape(tokens, lines)
    return _build(lines, source, head, tokens)


def _build(lines, source: Source, head: dict, tokens) -> HoldemHand:
    table_name = max_seats = button = None
    currency = head["currency"]
    seats: list[Seat] = []
    # the bets on each street tell the part of a bet nobody matched, which a collect line pays back
    play = StreetActions(track_bets=True)
    deals = BoardDeals()     # the street lines repeat the board so far: it is checked against them
    board_lines: list[int] = []
    total = rake = None
    total_line = 0
    summary_boards: list[tuple] = []
    summary_board_lines: list[int] = []
    first_line = source.first_line
    marks = CurrencyMarks(_SIGN_OF.get(currency, ""), first_line)

    def money(text: str, start: int = -1) -> Decimal:
        """An amount of the line the reader is on (at ``start`` in it): one that is none quarantines
        the hand at its column."""
        marks.other(text, text[-1])     # ROOM-CURRENCY: read as written, noted when another currency's
        return read_amount_at(text, marks.index, lines[marks.index], start)

    for kind, m, index in tokens:
        line = first_line + index
        marks.index = index
        text = lines[index]
        if kind == "ACTION":
            if m["show"]:
                play.show(m["p"], read_cards(m["cards"], index, text), line, m["show"] == "shows")
                if m["named"]:
                    play.name_hand(m["p"], HAND_WORDS.named(m["named"]), line)
            else:
                play.stated(m, line, money)
        elif kind == "POST":
            amount = money(m["a"])
            if amount == 0:
                continue        # "posts big blind 0€ out of position": the other post holds the money
            post = m["post"]
            if post == "ante":
                what = ActionKind.POST_ANTE
            elif post == "big blind":
                what = ActionKind.POST_BB
            elif m["oop"] is None:
                what = ActionKind.POST_SB
            elif amount > head["small_blind"]:
                what = ActionKind.POST_DEAD     # both blinds at once: the small blind's part dead
            else:
                raise ParseError("a small blind posted out of position alone is not read yet: whether it is dead "
                                 "or live the log does not say", line=index + 1, column=m.start("post") + 1,
                                 line_text=text)
            # of both blinds at once the big blind is live, the rest dead in the pot
            live = min(amount, head["big_blind"]) if what is ActionKind.POST_DEAD else None
            play.post(m["p"], what, amount, line, m["allin"] is not None, live)
        elif kind == "SEAT":
            seats.append(_seat(stored_number(m, "n", SEAT_WORDS, index + 1, text), m["p"], money(m["s"]),
                                "sitting out" in m["rest"], False, line))
        elif kind == "SEATSUM":
            what = m["what"]
            won = tuple(money(w[1], m.start("what") + w.start(1)) for w in _SUMMARY_WON.finditer(what))
            shown = _SUMMARY_CARDS.search(what) if "ed [" in what else None
            play.summary_seat(stored_number(m, "n", SEAT_WORDS, index + 1, text), m["p"], won,
                              read_cards(shown[1], index, text) if shown else (), what, line)
            if shown:
                for said in HAND_WORDS.named_in_summary(what):
                    play.name_hand(m["p"], said, line)
        elif kind == "STREET":
            street = _STREETS[m["what"]]
            play.to_street(street)
            repeated = read_cards(m["c1"], index, text)
            deals.deal(0, street, repeated + read_cards(m["c2"], index, text), len(repeated) if m["c2"] is not None else -1,
                       line, index, lines)
            board_lines.append(line)
        elif kind == "SHOWDOWN":
            play.to_street(Street.SHOWDOWN)
        elif kind == "COLLECT":
            play.collect(m["p"], money(m["a"]), line, m["pot"])
        elif kind == "DEALT":
            play.dealt(m["p"], read_cards(m["c1"], index, text) + read_cards(m["c2"], index, text), line)
        elif kind == "TABLE":
            table_name = m["name"]
            max_seats = stored_number(m, "max", TABLE_WORDS, index + 1, text)
            button = stored_number(m, "btn", BUTTON_WORDS, index + 1, text)
            if m["money"] == "play money" and not head["is_tournament"]:
                currency = "play"
            elif currency == "play" and not head["is_tournament"]:
                raise ParseError("a real money table whose stakes name no currency", line=index + 1, column=1,
                                 line_text=text)
        elif kind == "TOTAL":
            rake = money(m["r"]) if m["r"] else _ZERO
            total = money(m["t"]) + rake       # Winamax's total is after the rake
            total_line = line
        elif kind == "BOARD":
            summary_boards.append(read_cards(m["c"], index, text))
            summary_board_lines.append(line)
        # BLINDS, HOLE, SUMMARY need no fields

    # ROOM-UNCALLED: the bet nobody matched comes back within its bettor's collect, which the
    # total and his summary line count too
    back = play.return_unmatched(total_line, within=True)
    actions = play.actions
    summary = None
    if total is not None:
        if back is not None:
            total -= back.amount
            play.summary_seats[:] = [_paid_back(s, back.amount) if s.player == back.player else s
                                     for s in play.summary_seats]
        # "collected … from main pot" / "from side pot 1": the pots after the rake, as Winamax split it
        named: dict[int, Decimal] = {}
        for a in actions:
            if a.kind is ActionKind.COLLECT and a.pot != "pot":
                at = 0 if a.pot == "main pot" else int(a.pot.rsplit(" ", 1)[-1]) if a.pot[-1].isdigit() else 1
                named[at] = named.get(at, _ZERO) + a.amount
        pots = tuple(named.get(at, _ZERO) for at in range(max(named) + 1)) if named else ()
        summary = Summary(total_pot=total, rake=rake, pots=pots, boards=tuple(summary_boards),
                          seats=tuple(play.summary_seats),
                          total_line=total_line, board_lines=tuple(summary_board_lines))
    betting = head["betting"]
    info = GameInfo(game="holdem", played_at=head["played_at"], table_name=table_name,
                    ruleset=f"winamax {betting.value}", site=SITE, played_in_utc=head["match"]["z"] == "UTC")
    return HoldemHand(
        all_in_said=True,   # the room says every all-in (ROOM-ALL-IN)
        source=source, info=info, hand_id=head["match"]["id"], betting=betting,
        small_blind=head["small_blind"], big_blind=head["big_blind"], small_bet=head["small_bet"],
        big_bet=head["big_bet"], currency=currency,
        stakes=stakes_label(*((head["small_bet"], head["big_bet"]) if head["small_bet"] is not None
                              else (head["small_blind"], head["big_blind"])), currency), is_tournament=head["is_tournament"],
        max_seats=max_seats, button_seat=button, seats=tuple(seats), actions=tuple(actions),
        boards=deals.boards(), board_lines=(tuple(board_lines),), board_change=deals.change, hole_cards=tuple(play.holes),
        named_hands=tuple(play.named_hands), summary=summary, room_findings=marks.findings, header_line=source.first_line,
    )
