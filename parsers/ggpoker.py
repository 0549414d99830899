"""GGPoker Hold'em hand histories (``Poker Hand #…``) → :class:`rules.holdem_hand.HoldemHand`.

GGPoker writes hands much as PokerStars does; what differs is declared in the table of line
kinds below (:data:`LINE_KINDS`), from which ``parsers.lines`` makes the classifier, the
terminals of ``grammars/ggpoker.lark`` and the words of syntax errors. The room's own facts:

- the hand number carries a prefix naming the table kind (``HD`` Hold'em, ``RC`` Rush & Cash,
  ``SD`` Short Deck, ``TM`` tournament, ``OM`` Omaha …); the header writes no time zone;
- ``straddle $X`` (no "posts") states the straddler's new total, not what he adds;
- ``posts missed blind $X`` is dead money, posted beside the player's big blind (ROOM-DEAD-BLIND);
- ``Total pot … | Rake … | Jackpot … | Bingo … | Fortune … | Tax …``: every fee after the rake
  is taken from the pot too, so the replay counts them with the rake (ROOM-RAKE);
- a hand run two or three times writes ``*** FIRST TURN ***`` …, ``*** SECOND SHOWDOWN ***``,
  and its summary boards give only the cards a run did not share with the first (ROOM-RUN-TWICE);
- Short Deck (``ShortDeck No Limit ($A)``) states the ante alone; the button blind is the amount
  of its post; a flush beats a full house and, unlike PokerStars 6+ Hold'em, a straight beats
  three of a kind.

- EV Cashout: the pot is played out as usual; the room settles with the player outside it,
  ``Receives Cashout ($X)`` paid to him, ``Pays Cashout Risk ($X)`` (once a street) paid by him:
  his result is what he collects from the pot plus what the room paid him (``cash_out``).

Hands the replay cannot settle are refused with the reason: all-in insurance, whose payout the
log does not give, and a Cash Drop, which adds the room's money to the pot.

>>> lines = '''Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2021/01/02 03:04:05
... Table 'NLHWhite1' 6-max Seat #1 is the button
... Seat 1: Anna ($2 in chips)
... Seat 2: Hero ($2.5 in chips)
... Anna: posts small blind $0.01
... Hero: posts big blind $0.02
... *** HOLE CARDS ***
... Dealt to Anna
... Dealt to Hero [Ah Kd]
... Anna: folds
... Uncalled bet ($0.01) returned to Hero
... *** SHOWDOWN ***
... Hero collected $0.02 from pot
... *** SUMMARY ***
... Total pot $0.02 | Rake $0 | Jackpot $0 | Bingo $0
... Seat 1: Anna (button) (small blind) folded before Flop
... Seat 2: Hero (big blind) collected ($0.02)'''.split("\\n")
>>> hand = parse(tuple(lines), Source(file="gg.txt", first_line=1, last_line=17, game_id="g"))
>>> hand.info.site, hand.currency, [str(a.kind) for a in hand.actions]
('GGPoker', 'USD', ['post_sb', 'post_bb', 'fold', 'uncalled', 'collect'])
>>> parse(("Poker Hand #OM1: PLO-5 ($2/$5) - 2021/04/13 16:21:36",), Source(file="gg.txt", first_line=1,
...       last_line=1, game_id="g"))
Traceback (most recent call last):
...
parsers.errors.UnsupportedGame: line 1, column 18: GGPoker PLO-5 is not supported yet: Rasklad reads Hold'em and Short Deck hands of GGPoker
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

from parsers.errors import BUTTON_WORDS, SEAT_WORDS, TABLE_WORDS, ParseError, stored_number
from parsers.lines import (
    AMOUNT,
    CURRENCY_SIGNS,
    BoardDeals,
    CurrencyMarks,
    HandWords,
    LineKind,
    LineTable,
    StreetActions,
    read_amount_at,
    read_cards,
    stakes_label,
    unsupported_game,
)
from rules.holdem_hand import (
    ActionKind,
    BettingStructure,
    CashOut,
    HoldemHand,
    Seat,
    Street,
    Summary,
)
from rules.records import GameInfo, Source, slot_filler

__all__ = ["HAND_WORDS", "LINE_KINDS", "TABLE", "game_named", "parse"]

SITE = "GGPoker"

_AMT = AMOUNT
_HEADER = re.compile(r"^Poker Hand #(?P<id>[A-Z]{0,3}\d+): +(?P<rest>.*?)\s*$")
_REST = re.compile(
    r"^(?:Tournament #(?P<tid>\d+), +)?(?P<desc>.*?)\s*(?:-\s*)?(?:Level\s*(?P<level>\w+)\s*)?"
    r"\((?P<stakes>[^()]*)\)\s*-\s*(?P<d>\d{4}/\d{1,2}/\d{1,2})\s+(?P<t>\d{1,2}:\d{2}(?::\d{2})?)\s*$"
)
_GAME = re.compile(r"(?P<game>Hold'em|ShortDeck|Omaha Hi/Lo|Omaha|PLO-\d+|PLO|\S+)"
                   r"(?:\s+(?P<struct>No Limit|Pot Limit|Fixed Limit|Limit|\(NL postflop\)))?$")
_STAKES = re.compile(r"^(?:ante (?P<tante>[\d,]+), *)?(?P<cur>[$€£¥])?(?P<sb>\d[\d,]*(?:\.\d+)?)"
                     r"(?:/[$€£¥]?(?P<bb>\d[\d,]*(?:\.\d+)?))?(?: (?P<iso>[A-Z]{3}))?$")
_SUPPORTED = {"Hold'em": "holdem", "ShortDeck": "holdem36"}
_READS = "Hold'em and Short Deck"

_TABLE = re.compile(r"^Table '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?P<play> \(Play Money\))?"
                    r"(?: Seat #(?P<btn>\d+) is the button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<n>\d+): (?P<p>.+?) \((?P<s>" + _AMT + r") in chips(?:, .*?)?\)(?P<rest>.*)$")
_SEATSUM = re.compile(r"^Seat (?P<n>\d+): (?P<p>.+?)(?P<pos>(?: \((?:button|small blind|big blind|button blind)\))*) "
                      r"(?P<what>(?:folded|showed|mucked|collected|won|lost|didn't|is sitting out|sat out).*)$")
_SUMMARY_WON = re.compile(r"(?:won|collected) \(?(" + _AMT + r")\)?")
_SUMMARY_CARDS = re.compile(r"(?:showed|mucked) \[([^\]]*)\]")
HAND_WORDS = HandWords({
    "HIGH_CARD": ("{rank}-High",), "PAIR": ("Pair of {ranks}",), "TWO_PAIR": ("Pair of {ranks} and Pair of {second_ranks}",),
    "THREE_OF_A_KIND": ("Three {ranks}",), "STRAIGHT": ("{ranks}-High Straight",), "FLUSH": ("{rank} High Flush",),
    "FULL_HOUSE": ("{ranks} Full over {second_ranks}",), "FOUR_OF_A_KIND": ("Four {ranks}",),
}, ("Two", ("Three", "Trey"), "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"),
    (("Twos", "Deuces"), ("Treys", "Threes"), "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
     "Queens", "Kings", "Aces"))
"""How GGPoker names a made hand in a show line's parentheses and after a summary line's 'with'
(HE-HAND-NAME), as its samples write them: 'Pair of Kings and Pair of Tens', 'Aces-High Straight',
'Sevens Full over Fives'; a high card ('Ace-High') and a flush by the same pattern, in no sample. A
name in other words (a straight flush's) is not read, not judged."""
_MARKER = re.compile(
    r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?"
    r"(?P<what>(?P<hole>HOLE CARDS)|(?P<showdown>SHOW ?DOWN)|(?P<summary>SUMMARY)|FLOP|TURN|RIVER)"
    r" \*\*\*(?: +\[(?P<c1>[^\]]*)\])?(?: \[(?P<c2>[^\]]*)\])?\s*$"
)
_ACTION = re.compile(
    r"^(?P<p>.+?): (?:"
    r"(?P<fold>folds)"
    r"|(?P<check>checks)"
    r"|(?P<verb>calls|bets|(?P<post>posts small blind|posts big blind|posts the ante|posts button blind|"
    r"posts missed blind|straddle)) (?P<a>" + _AMT + r")"
    r"|raises (?P<ra>" + _AMT + r") to (?P<rt>" + _AMT + r")"
    r"|(?P<show>shows|mucks) \[(?P<cards>[^\]]*)\](?: \((?P<named>.*)\))?"
    r"|(?P<muck>mucks hand|doesn't show hand)"
    r"|(?P<cashout>(?P<chooses>Chooses to EV Cashout)|(?P<cashed>Receives Cashout|Pays Cashout Risk) "
    r"\((?P<ca>" + _AMT + r")\))"
    r"|(?P<refused>get an all-in insurance.*|pay premium of all-in insurance.*|receives? (?:an )?all-in insurance.*)"
    r"|(?P<misc>sits out|is sitting out|is disconnected|is connected|has timed out|has returned|"
    r"leaves the table|(?:activates|uses) (?:the )?time bank.*|Time Bank .*)"
    r")(?: (?P<allin>and is all-in))?\s*$"
)
_DEALT = re.compile(r"^Dealt to (?P<p>.+?)(?: \[(?P<c1>[^\]]*)\])?(?: \[(?P<c2>[^\]]*)\])?\s*$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<a>" + _AMT + r")\) returned to (?P<p>.+?)\s*$")
_COLLECT = re.compile(r"^(?P<p>.+) collected (?P<a>" + _AMT + r") from (?P<pot>pot|main pot|side pot(?:-\d+)?)\s*$")
_CASH_DROP = re.compile(r"^Cash Drop to Pot : total (?P<a>" + _AMT + r")\s*$")
_TOTAL = re.compile(r"^Total pot (?P<t>" + _AMT + r")(?: \| Rake (?P<r>" + _AMT + r"))?"
                    r"(?P<fees>(?: \| (?:Jackpot|Bingo|Fortune|Tax) " + _AMT + r")*)\s*$")
_FEES = re.compile(r"\| (?:Jackpot|Bingo|Fortune|Tax) (" + _AMT + r")")
_BOARD = re.compile(r"^(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<c>[^\]]*)\]\s*$")
_RUN_NAME = re.compile(r"^(?:FIRST|SECOND|THIRD)\s*$")
_RUN_TIMES = re.compile(r"^Hand was run (?:two|three) times\s*$")
_CHAT = re.compile(r'^.+? said, ".*"?\s*$')
_MISC = re.compile(
    r"^.+ (?:joins the table at seat #\d+|leaves the table|has timed out|is sitting out|sits out|has returned"
    r"|is disconnected|is connected|will be allowed to play after the button|was removed from the table.*"
    r"|finished the tournament.*|wins the tournament.*|wins (?:the )?" + _AMT + r" (?:bounty )?for .+"
    r"|split the " + _AMT + r" bounty for .+|(?:activates|uses) (?:the )?time bank.*)\s*$"
)

LINE_KINDS: tuple[LineKind, ...] = (
    LineKind("HEADER", "a 'Poker Hand #…' header line", _HEADER, ("id", "rest")),
    LineKind("HOLE", "the '*** HOLE CARDS ***' line", _MARKER, (), "^*** ", group="hole"),
    LineKind("SUMMARY", "the '*** SUMMARY ***' line", _MARKER, (), "^*** ", group="summary"),
    LineKind("SHOWDOWN", "the '*** SHOWDOWN ***' line", _MARKER, ("run",), "^*** ", group="showdown"),
    LineKind("STREET", "a street line like '*** FLOP *** […]'", _MARKER, ("run", "what", "c1", "c2"), "^*** "),
    LineKind("SEAT", "a seat line like 'Seat 1: Name ($10 in chips)'", _SEAT, ("n", "p", "s", "rest"), "^Seat ",
             "play"),
    LineKind("SEATSUM", "a summary seat line like 'Seat 1: Name folded before Flop'", _SEATSUM,
             ("n", "p", "pos", "what"), "^Seat ", "summary"),
    LineKind("TOTAL", "the 'Total pot … | Rake …' line", _TOTAL, ("t", "r", "fees"), "^Total pot ", "summary"),
    LineKind("BOARD", "a 'Board […]' line", _BOARD, ("run", "c"), "Board [", "summary"),
    LineKind("RUNTWICE", "'Hand was run two times'", _RUN_TIMES, (), "^Hand was run ", "summary"),
    LineKind(None, "a run's name on a line of its own ('FIRST')", _RUN_NAME, (), "", "summary"),
    LineKind(None, "a line without play like 'Name: sits out'", _ACTION, (), ": ", group="misc"),
    LineKind(None, "'Name: Chooses to EV Cashout'", _ACTION, (), ": ", group="chooses"),
    LineKind("CASHOUT", "an EV Cashout line like 'Name: Pays Cashout Risk ($19)'", _ACTION, ("p", "cashed", "ca"),
             ": ", group="cashout"),
    LineKind("REFUSED", "an all-in insurance line", _ACTION, ("p",), ": ", group="refused"),
    LineKind("POST", "a post like 'Name: posts small blind $0.01'", _ACTION, ("p", "post", "a", "allin"), ": ",
             group="post"),
    LineKind("SHOW", "a 'Name: shows […]' line", _ACTION, ("p", "show", "cards", "named"), ": ", group="show"),
    LineKind("NOSHOW", "a 'Name: mucks hand' line", _ACTION, ("p",), ": ", group="muck"),
    LineKind("ACTION", "an action like 'Name: folds', 'checks', 'calls', 'bets' or 'raises'", _ACTION,
             ("p", "fold", "check", "verb", "a", "ra", "rt", "allin"), ": "),
    LineKind("TABLE", "the line \"Table '…' 6-max Seat #1 is the button\"", _TABLE, ("name", "max", "play", "btn"),
             "^Table '"),
    LineKind("DEALT", "a 'Dealt to …' line", _DEALT, ("p", "c1", "c2"), "^Dealt to "),
    LineKind("UNCALLED", "an 'Uncalled bet (…) returned to …' line", _UNCALLED, ("a", "p"), "^Uncalled bet ("),
    LineKind("COLLECT", "a '… collected … from pot' line", _COLLECT, ("p", "a", "pot"), " collected "),
    LineKind("CASHDROP", "a 'Cash Drop to Pot : total …' line", _CASH_DROP, ("a",), "^Cash Drop to Pot"),
    LineKind(None, "a chat line like 'Name said, \"…\"'", _CHAT, (), ' said, "'),
    LineKind(None, "a line without play like 'Name joins the table at seat #3'", _MISC),
    LineKind("BODY", "an action ('Name: folds', 'checks', 'calls', 'bets', 'raises'), a show, an uncalled bet or "
             "a collect line", None),
)
"""Every kind of line of a GGPoker hand, in the order the classifier tries them."""

TABLE = LineTable(
    LINE_KINDS, grammar="ggpoker.lark",
    body=frozenset({"ACTION", "POST", "UNCALLED", "COLLECT", "SHOW", "NOSHOW", "CASHOUT", "REFUSED"}),
    runs=frozenset({"BODY", "SEAT", "POST", "DEALT", "BOARD", "SEATSUM"}),
    unreadable="expected a seat, a post, an action (folds, checks, calls, bets, raises), a street line like "
               "'*** FLOP *** […]', a showdown or a summary line")
"""The classifier, terminals and shape check made from LINE_KINDS."""

_seat = slot_filler(Seat)                   # seat, player, stack, is_sitting_out, is_out_of_hand, line
_ZERO = Decimal(0)
_POSTS = {
    "posts small blind": ActionKind.POST_SB,
    "posts big blind": ActionKind.POST_BB,
    "posts the ante": ActionKind.POST_ANTE,
    "posts button blind": ActionKind.POST_BUTTON,
    "posts missed blind": ActionKind.POST_DEAD,
    "straddle": ActionKind.POST_STRADDLE,
}
_LIVE_POSTS = frozenset({ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.POST_BUTTON, ActionKind.POST_STRADDLE})
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_RUNS = {None: 0, "FIRST": 0, "SECOND": 1, "THIRD": 2}


def game_named(lines: tuple[str, ...]) -> str | None:
    """The game a hand's header names (``holdem36`` for Short Deck), read no further than its name:
    the game a hand that does not parse is quarantined under; None where it names no game read here."""
    match = _HEADER.match(lines[0]) if lines else None
    if match is None:
        return None
    rest = _REST.match(match["rest"])
    # a header whose stakes or date do not read still names its game before the stakes
    game = _GAME.search(rest["desc"] if rest else match["rest"].partition("(")[0].rstrip(" -"))
    return _SUPPORTED.get(game["game"]) if game else None


def read_header(line: str) -> dict:
    """The header's fields: ``id``, ``tid``, ``game`` (holdem or holdem36), ``betting``, the
    blinds, ``ante``, ``currency``, ``stakes`` (as written) and ``played_at``; or a ParseError
    saying why the hand is not read (a game Rasklad does not replay names the game)."""
    match = _HEADER.match(line)
    if match is None:
        raise ParseError("expected a 'Poker Hand #…:' header line", line=1, column=1, line_text=line)
    offset = match.start("rest")
    rest = _REST.match(match["rest"])
    if rest is None:
        raise ParseError("expected the game, the stakes in parentheses and the date after the hand number, like "
                         "\"Hold'em No Limit ($0.01/$0.02) - 2021/01/02 03:04:05\"", line=1, column=offset + 1,
                         line_text=line)
    game = _GAME.search(rest["desc"])
    name = game["game"] if game else rest["desc"]
    struct = game["struct"] if game else None
    column = offset + rest.start("desc") + (game.start() if game else 0) + 1
    if name not in _SUPPORTED or struct not in ("No Limit", "Pot Limit"):
        raise unsupported_game(SITE, f"{name} {struct}" if struct else name, _READS, line=line, column=column,
                               name=name)
    stakes = _STAKES.match(rest["stakes"].strip())
    if stakes is None:
        raise ParseError(f"cannot read the stakes {rest['stakes']!r}: expected blinds like $0.01/$0.02",
                         line=1, column=offset + rest.start("stakes") + 1, line_text=line)
    short_deck = _SUPPORTED[name] == "holdem36"
    if stakes["bb"] is None and not short_deck:
        raise ParseError(f"the stakes {rest['stakes']!r} give one amount: a Hold'em table states two blinds",
                         line=1, column=offset + rest.start("stakes") + 1, line_text=line)
    tid = rest["tid"]
    if tid is not None:
        currency = "chips"
    elif stakes["iso"] or stakes["cur"]:
        currency = stakes["iso"] or CURRENCY_SIGNS[stakes["cur"]]
    else:
        raise ParseError(f"the stakes {rest['stakes']!r} name no currency", line=1,
                         column=offset + rest.start("stakes") + 1, line_text=line)
    try:
        year, month, day = rest["d"].split("/")
        clock = [int(part) for part in rest["t"].split(":")]
        played_at = datetime(int(year), int(month), int(day), clock[0], clock[1], clock[2] if len(clock) > 2 else 0)
    except ValueError as error:
        raise ParseError(f"'{rest['d']} {rest['t']}' is not a real date and time ({error})", line=1,
                         column=offset + rest.start("d") + 1, line_text=line) from None
    at = offset + rest.start("stakes") + len(rest["stakes"]) - len(rest["stakes"].lstrip())     # where the stakes start
    first = read_amount_at(stakes["sb"], 0, line, at + stakes.start("sb"))
    second = read_amount_at(stakes["bb"], 0, line, at + stakes.start("bb")) if stakes["bb"] else None
    return {
        "id": match["id"], "tid": tid, "game": _SUPPORTED[name], "betting": BettingStructure.parse(struct),
        # Short Deck's one amount is the ante; its button blind is read from the post
        "ante": first if second is None else (read_amount_at(stakes["tante"], 0, line, at + stakes.start("tante")) if stakes["tante"] else _ZERO),
        "small_blind": first if second is not None else None, "big_blind": second,
        "currency": currency, "stakes": rest["stakes"].strip(), "played_at": played_at,
    }


def parse(lines: tuple[str, ...], source: Source) -> HoldemHand:
    """One GGPoker hand (its lines, header first) → HoldemHand; ParseError with game-relative lines."""
    if not lines:
        raise ParseError("empty hand", line=1, column=1)
    head = read_header(lines[0])
    tokens = TABLE.classify(lines)
    for kind, _, index in tokens:
        if kind == "REFUSED":
            raise ParseError("GGPoker hands with all-in insurance are not replayed yet: the room settles them outside "
                             "the pot by a rule its log does not give", line=index + 1, column=1,
                             line_text=lines[index])
        if kind == "CASHDROP":
            raise ParseError("GGPoker hands with a Cash Drop are not replayed yet: the room adds its own money to "
                             "the pot", line=index + 1, column=1, line_text=lines[index])
    TABLE.check_shape(tokens, lines)
    return _build(lines, source, head, tokens)


def _build(lines, source: Source, head: dict, tokens) -> HoldemHand:
    short_deck = head["game"] == "holdem36"
    table_name = max_seats = button = None
    currency = head["currency"]
    seats: list[Seat] = []
    play = StreetActions()
    deals = BoardDeals()     # the street lines repeat the board so far: it is checked against them
    board_lines: list[list[int]] = [[]]
    total = rake = None
    fees = _ZERO
    total_line = 0
    summary_boards: list[tuple] = []
    summary_board_lines: list[int] = []
    live_bet: dict[str, Decimal] = {}       # each player's live posts, to read a straddle's total
    cashed: dict[str, tuple[Decimal, int]] = {}     # EV Cashout: what the room paid him (less what he paid it)
    button_blind = None
    first_line = source.first_line
    sign = head["stakes"][:1] if head["stakes"][:1] in CURRENCY_SIGNS else ""
    marks = CurrencyMarks(sign, first_line)

    def money(text: str, start: int = -1) -> Decimal:
        """An amount of the line the reader is on (at ``start`` in it): one that is none quarantines
        the hand at its column."""
        marks.other(text, text[0])      # ROOM-CURRENCY: read as written, noted when another currency's
        return read_amount_at(text, marks.index, lines[marks.index], start)

    for kind, m, index in tokens:
        line = first_line + index
        marks.index = index
        text = lines[index]
        if kind == "ACTION":
            play.stated(m, line, money)
        elif kind == "POST":
            player, post, amount = m["p"], _POSTS[m["post"]], money(m["a"])
            if post is ActionKind.POST_STRADDLE:
                # "straddle $X" is the straddler's new total: what he adds is X less his live posts
                amount -= live_bet.get(player, _ZERO)
                if amount <= 0:
                    raise ParseError(f"a straddle to {m['a']} is no more than the {live_bet[player]} {player} "
                                     "has posted", line=index + 1, column=m.start("a") + 1, line_text=text)
            elif post is ActionKind.POST_BUTTON and button_blind is None:
                button_blind = amount
            if post in _LIVE_POSTS:
                live_bet[player] = live_bet.get(player, _ZERO) + amount
            play.post(player, post, amount, line, m["allin"] is not None)
        elif kind == "SEAT":
            seats.append(_seat(stored_number(m, "n", SEAT_WORDS, index + 1, text), m["p"], money(m["s"]),
                                "sitting out" in m["rest"], False, line))
        elif kind == "SEATSUM":
            what = m["what"]
            won = tuple(money(w[1], m.start("what") + w.start(1)) for w in _SUMMARY_WON.finditer(what)) \
                if ("won" in what or "collected" in what) else ()
            shown = _SUMMARY_CARDS.search(what) if "ed [" in what else None
            play.summary_seat(stored_number(m, "n", SEAT_WORDS, index + 1, text), m["p"], won,
                              read_cards(shown[1], index, text) if shown else (), what, line)
            if shown:       # one name a board: "… with Three Tens, and lost with …"
                for board, said in enumerate(HAND_WORDS.named_in_summary(what, between_boards=",")):
                    play.name_hand(m["p"], said, line, board)
        elif kind == "STREET":
            run, street = _RUNS[m["run"]], _STREETS[m["what"]]
            play.to_street(street, run)
            repeated = read_cards(m["c1"], index, text)
            deals.deal(run, street, repeated + read_cards(m["c2"], index, text),
                       len(repeated) if m["c2"] is not None else -1, line, index, lines)
            while len(board_lines) <= run:
                board_lines.append([])
            board_lines[run].append(line)
        elif kind == "SHOWDOWN":
            play.to_street(Street.SHOWDOWN, _RUNS[m["run"]])
        elif kind == "COLLECT":
            # (the room writes a showdown line also when all but one folded)
            play.collect(m["p"], money(m["a"]), line, m["pot"], street=play.pot_street())
        elif kind == "UNCALLED":
            play.uncalled(m["p"], money(m["a"]), line)
        elif kind == "SHOW":
            play.show(m["p"], read_cards(m["cards"], index, text), line, m["show"] == "shows")
            if m["named"]:
                play.name_hand(m["p"], HAND_WORDS.named(m["named"]), line)
        elif kind == "NOSHOW":
            play.muck(m["p"], line)
        elif kind == "DEALT":
            play.dealt(m["p"], read_cards(m["c1"], index, text) + read_cards(m["c2"], index, text), line)
        elif kind == "TABLE":
            table_name = m["name"]
            max_seats = stored_number(m, "max", TABLE_WORDS, index + 1, text)
            button = stored_number(m, "btn", BUTTON_WORDS, index + 1, text)
            if m["play"] and head["tid"] is None:
                currency = "play"
        elif kind == "CASHOUT":
            amount = money(m["ca"])
            paid, _ = cashed.get(m["p"], (_ZERO, line))
            cashed[m["p"]] = (paid + (amount if m["cashed"] == "Receives Cashout" else -amount), line)
        elif kind == "TOTAL":
            total = money(m["t"])
            # the jackpot and the other fees leave the pot as the rake does
            fees = sum((money(fee[1], m.start("fees") + fee.start(1)) for fee in _FEES.finditer(m["fees"])), _ZERO)
            rake = (money(m["r"]) if m["r"] else _ZERO) + fees
            total_line = line
        elif kind == "BOARD":
            cards = read_cards(m["c"], index, text)
            if summary_boards and len(cards) < 5:
                # a later run's board lists only the cards it did not share with the first
                cards = summary_boards[0][: 5 - len(cards)] + cards
            summary_boards.append(cards)
            summary_board_lines.append(line)
        # HOLE, SUMMARY, RUNTWICE need no fields

    if short_deck:
        small_blind = big_blind = button_blind if button_blind is not None else head["ante"]
    else:
        small_blind, big_blind = head["small_blind"], head["big_blind"]
    summary = None
    if total is not None:
        # GGPoker sums up every seat of a hand where nobody sits out (every hand of its samples), so a
        # seat left out is a finding (HE-SUMMARY-SEATS); of a seat sitting out no sample shows the line
        summary = Summary(total_pot=total, rake=rake, fees=fees, boards=tuple(summary_boards), seats=tuple(play.summary_seats),
                          lists_every_seat=not any(seat.is_sitting_out for seat in seats),
                          total_line=total_line, board_lines=tuple(summary_board_lines))
    betting = head["betting"]
    info = GameInfo(game=head["game"], played_at=head["played_at"], table_name=table_name,
                    ruleset=f"ggpoker {betting.value}", site=SITE)
    return HoldemHand(
        all_in_said=True,   # the room says every all-in (ROOM-ALL-IN)
        source=source, info=info, hand_id=head["id"], tournament_id=head["tid"], betting=betting,
        small_blind=small_blind, big_blind=big_blind, ante=head["ante"] if short_deck else _ZERO,
        stakes=stakes_label(small_blind, big_blind, currency, ante=head["ante"] if short_deck else None),
        currency=currency, is_tournament=head["tid"] is not None, is_short_deck=short_deck,
        straight_beats_trips=short_deck, max_seats=max_seats,
        button_seat=button, seats=tuple(seats), actions=tuple(play.actions),
        boards=deals.boards(), board_lines=tuple(tuple(b) for b in board_lines), board_change=deals.change,
        hole_cards=tuple(play.holes), named_hands=tuple(play.named_hands), summary=summary,
        room_findings=marks.findings, header_line=source.first_line,
        cash_outs=tuple(CashOut(player=p, amount=a, fee=_ZERO, line=at) for p, (a, at) in cashed.items()),
    )
