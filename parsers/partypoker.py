"""PartyPoker Hold'em hand histories → :class:`rules.holdem_hand.HoldemHand`.

A hand opens with ``***** Hand History for Game N *****`` (older clients write ``Game #N
starts.`` and ``#Game No : N`` before it: the splitter keeps them with the hand). The next line
names the game and the stakes or the table's buy-in (``$0.10/$0.25 USD NL Texas Hold'em - …``,
``$25 USD NL Texas Hold'em - …``, ``0.50/1 Texas Hold'em Game Table (NL) - …``). Every amount
is the chips the line adds (``calls [$0.60 USD]``, ``raises [$0.85 USD]``, ``is all-In [$2]``: ROOM-ALL-IN);
the room writes no return of an uncalled bet and no rake: the winner's ``wins $X`` pays the
bet back with the pot after rake (ROOM-UNCALLED, ROOM-RAKE). A tournament hand (``NL Texas Hold'em Trny: N Level: N
Blinds(20/40)``, in chips) writes its level's blinds on a line of their own (``Blinds-Antes(400/800 -25)``
with its antes, whose posts it writes) and no blind posts: the two players after the button post
them (heads-up, the button the small blind), all-in when short.
A newcomer who posts a small blind out of turn posts a live bet (he then calls the big blind less
it), not dead money (ROOM-DEAD-BLIND). A returning player may post both blinds without a line: he then checks
facing the big blind, and the reader puts his 'big blind + dead' post back. A hand's lines are
read by :data:`LINE_KINDS` and their order checked by ``grammars/partypoker.lark``.

>>> lines = '''***** Hand History for Game 1 *****
... $0.10/$0.25 USD NL Texas Hold'em - Tuesday, June 19, 23:00:41 EDT 2018
... Table Clifton (Real Money)
... Seat 1 is the button
... Total number of players : 2/9
... Seat 1: Anna ( $10 USD )
... Seat 2: Boris ( $10 USD )
... Anna posts small blind [$0.10 USD].
... Boris posts big blind [$0.25 USD].
... ** Dealing down cards **
... Anna raises [$0.65 USD]
... Boris folds
... Anna does not show cards.
... Anna wins $1 USD'''.split("\\n")
>>> hand = parse(tuple(lines), Source(file="x.txt", first_line=1, last_line=14, game_id="0"))
>>> [(a.player, str(a.kind), str(a.amount)) for a in hand.actions][2:]
[('Anna', 'raise', '0.50'), ('Boris', 'fold', '0'), ('Anna', 'uncalled', '0.50'), ('Anna', 'collect', '0.50')]
"""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime
from decimal import Decimal

from parsers.errors import BUTTON_WORDS, SEAT_WORDS, TABLE_WORDS, ParseError, UnsupportedGame, stored_number
from parsers.lines import (
    CURRENCY_SIGNS,
    CurrencyMarks,
    HandWords,
    StreetActions,
    read_amount,
    read_amount_at,
    stakes_label,
    usual_small_blind,
)
from parsers.room_lines import LineKind, RoomLines, cards, in_utc, zone_clock
from rules.holdem_batch import pot_code
from rules.holdem_hand import (
    Action,
    ActionKind,
    BettingStructure,
    HoldemHand,
    HoleCards,
    Seat,
    Street,
    Summary,
)
from rules.records import GameInfo, Source

__all__ = ["HAND_WORDS", "LINE_KINDS", "SITE", "parse"]

SITE = "partypoker"
"""The room, as the ``ruleset`` column names it (``games.site``: PartyPoker)."""

_NUM = r"[\d,.]*\d"
_AMT = r"[$€£]?\s*" + _NUM + r"(?:\s*(?:USD|EUR|GBP|€|\$))?"
_BRACKET = r"(?:\[\s*(?P<a>" + _AMT + r")\s*\]|\(\s*(?P<a2>" + _AMT + r")\s*\))"
"""An amount as the lines write it: ``[$0.25 USD]``, ``[ $0,25 USD ]``, ``[0,35 €]``, ``(0.5)``."""
_HEADER = re.compile(r"^\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}(?: \((?P<via>[^)]*)\))?\s*$")
_GAME = re.compile(
    r"^(?:(?P<sign>[$€£]?)(?P<a>" + _NUM + r")(?:/[$€£]?(?P<b>" + _NUM + r"))?\s*(?P<cur>USD|EUR|GBP)?\s+)?"
    r"(?P<what>.*?)\s*-\s*(?P<when>(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s*[A-Z][a-z]+ .*)$")
"""The game line: stakes or buy-in, the game's words, a dash, the date."""
_WHEN = re.compile(
    r"(?:(?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}), (?P<t>\d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]+) (?P<year>\d{4})"
    r"|(?P<month2>[A-Z][a-z]{2}) (?P<day2>\d{1,2}) (?P<t2>\d{1,2}:\d{2}:\d{2}) (?P<zone2>[A-Z]+) (?P<year2>\d{4}))")
_SMALL_BLIND_OF = {Decimal("0.25"): Decimal("0.10")}
"""The room's tables whose small blind is not half the big blind, big blind → small blind: its
$0.10/$0.25 (the others its hands show, $0.01/$0.02 to $25/$50, post half)."""
_STRUCTS = {"NL": BettingStructure.NO_LIMIT, "PL": BettingStructure.POT_LIMIT, "FL": BettingStructure.LIMIT}
_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                       "dec"), 1)}
_PLAYER = r"^(?P<p>\S.*?) "
_LEVEL_BLINDS = r"Blinds(?:-Antes)?\((?P<sb>" + _NUM + r")/(?P<bb>" + _NUM + r")(?: -(?P<ante>" + _NUM + r"))?\)"
"""A tournament level's blinds, on the header and on a line of their own: ``Blinds(20/40)``, ``Blinds-Antes(400/800 -25)``."""

LINE_KINDS: tuple[LineKind, ...] = (
    LineKind("TABLE", "the 'Table … (Real Money)' line",
             re.compile(r"^Table (?P<name>.*?)\s*\(\s*(?P<money>Real|Play) Money\s*\)(?: -- Seat (?P<btn>\d+) is the "
                        r"button)?\s*$"), ("name", "money", "btn"), "^Table ", "setup"),
    LineKind("BUTTON", "the 'Seat N is the button' line", re.compile(r"^Seat (?P<btn>\d+) is the button\s*$"),
             ("btn",), "^Seat ", "setup"),
    LineKind("PLAYERS", "the 'Total number of players : N/N' line",
             re.compile(r"^Total number of players : \d+(?:\s*/\s*(?P<max>\d+))?\s*$"), ("max",), "^Total number",
             "setup"),
    LineKind("SEAT", "a seat line like 'Seat 1: Name ( $10 USD )'",
             re.compile(r"^[Ss]eat ?(?P<n>\d+): (?P<p>.+?) \(\s*(?P<s>" + _AMT + r")\s*\)(?: - .*)?\s*$"),
             ("n", "p", "s"), "", "setup"),
    LineKind("BLINDS", "a tournament's 'Blinds(20/40)' or 'Blinds-Antes(400/800 -25)' line",
             re.compile(r"^" + _LEVEL_BLINDS + r"\s*$"), ("sb", "bb", "ante"), "^Blinds", "setup"),
    LineKind(None, "a tournament's 'Trny: N Level: N' line", re.compile(r"^Trny: *\d+ +Level: *\d+\s*$"), (), "^Trny:",
             "setup"),
    LineKind("POST", "a post like 'Name posts small blind [$0.01 USD].'",
             re.compile(_PLAYER + r"posts (?P<post>small blind|big blind \+ dead|big blind|dead blind|ante)\s*"
                        + _BRACKET + r"\.?\s*$"), ("p", "post", "a", "a2"), " posts ", "setup"),
    LineKind("NOSB", "the line 'There is no Small Blind in this hand …'",
             re.compile(r"^There is no Small Blind in this hand\b.*$"), (), "^There is no Small Blind", "setup"),
    LineKind("DEAL", "the '** Dealing down cards **' line", re.compile(r"^\*\* Dealing down cards \*\*\s*$"), (),
             "^** Dealing down", "setup"),
    LineKind("DEALT", "a 'Dealt to Name [ … ]' line", re.compile(r"^Dealt to (?P<p>.+?) \[(?P<c>[^\]]*)\]\s*$"),
             ("p", "c"), "^Dealt to ", "play"),
    LineKind("STREET", "a street line like '** Dealing Flop ** [ As, 6h, Qc ]'",
             re.compile(r"^\*\* Dealing (?P<what>Flop|Turn|River) \*\*\s*:?\s*\[(?P<c>[^\]]*)\]\s*$"), ("what", "c"),
             "^** Dealing ", "play"),
    LineKind("ACTION", "an action like 'Name folds', 'checks', 'calls [$1]', 'bets [$1]', 'raises [$2]' or "
             "'is all-In [$3]'",
             re.compile(_PLAYER + r"(?:(?P<fold>folds)|(?P<check>checks)"
                        r"|(?P<verb>calls|bets|raises|is all-In)\s*(?:" + _BRACKET + r"|(?P<ra>" + _NUM + r") to (?P<rt>"
                        + _NUM + r")))\s*\.?\s*$"), ("p", "fold", "check", "verb", "a", "a2", "ra", "rt"), " ", "play"),
    LineKind("SHOW", "a 'Name shows [ … ]' or 'doesn't show [ … ]' line",
             re.compile(_PLAYER + r"(?P<how>shows|doesn't show)\s*\[(?P<c>[^\]]*)\](?P<named>.*)$"), ("p", "how", "c", "named"),
             " show",
             "play"),
    LineKind(None, "a 'Name does not show cards.' line", re.compile(_PLAYER + r"does not show cards\.?\s*$"), (),
             " does not show", "play"),
    LineKind("COLLECT", "a 'Name wins $1 USD' line",
             re.compile(_PLAYER + r"wins (?:[$€£]?\s*" + _NUM + r").*$"), ("p",), " wins ", "play"),
    LineKind(None, "a line without play like 'Name has joined the table.'",
             re.compile(r"^.+? (?:has joined the table\.?|has left the table\.?|is sitting out\.?"
                        r"|will be using (?:his|her|their) time bank for this hand\.?|did not respond in time\.?"
                        r"|could not respond in time\.?(?:\(disconnected\))?|is disconnected\. .*|has been reconnected.*"
                        r"|is connected\.?|finished in \d[\d,]*(?: \d+)?\.?)\s*$")),
    LineKind(None, "a 'Name Forward Folds' line (fast forward: the fold is written again in turn)",
             re.compile(_PLAYER + r"Forward Folds\s*$"), (), " Forward Folds"),
    LineKind(None, "a message of the client like 'Due to current high memory use in your system …'",
             re.compile(r"^(?:Due to current high memory use in your system |Chat has been disabled till the end of "
                        r"this hand |Player .+ has been moved from table \d+ to this table|Table Closed\s*$"
                        r"|The tournament is now finished as ).*$")),
    LineKind(None, "a chat line like 'Name: text'", re.compile(r"^[^\s:]+: .*$")),
    LineKind(None, "a 'Game #N starts.' or '#Game No : N' line of the next hand",
             re.compile(r"^\ufeff?(?:Game #\d+ starts\.|#Game No\s*:\s*\d+)\s*$")),
    LineKind("SUMMARY", "the '** Summary **' line", re.compile(r"^\*\* Summary \*\*\s*$"), (), "^** Summary", "play"),
    LineKind("TOTAL", "the 'Main Pot: $7.13 Rake: $0.37' line",
             re.compile(r"^Main Pot: (?P<t>" + _AMT + r")(?:\s*\|?\s*Side Pot.*?)?\s*Rake: (?P<r>" + _AMT + r")\s*$"),
             ("t", "r"), "^Main Pot:", "summary"),
    LineKind("BOARD", "a 'Board: [ … ]' line", re.compile(r"^Board: \[(?P<c>[^\]]*)\]\s*$"), ("c",), "^Board:",
             "summary"),
    LineKind("SEATSUM", "a summary line like 'Name balance $1, lost $0.5 (folded)'",
             re.compile(r"^(?P<p>.+?) (?:Cashed out\s+)?balance [^,]*,(?:.*? collected (?P<c>[$€£]?" + _NUM + r"))?.*$"),
             ("p", "c"), " balance ", "summary"),
)
"""Every kind of line of a hand after its header and game line, in the order the classifier tries them."""

_LINES = RoomLines("partypoker", LINE_KINDS, merge=frozenset({"SEAT", "POST", "DEALT", "BODY", "SEATSUM"}),
                   body=frozenset({"ACTION", "SHOW", "COLLECT"}), sections=("setup", "play", "summary"),
                   switches={"DEAL": "play", "SUMMARY": "summary"}, decimal_comma=None,
                   expected="a seat, a post, an action (folds, checks, calls, bets, raises, is all-In), a street "
                            "line like '** Dealing Flop ** [ … ]', a show or a 'wins' line")
HAND_WORDS = HandWords({
    "HIGH_CARD": ("high card {rank}", "high card, {rank}"), "PAIR": ("a pair of {ranks}",),
    "TWO_PAIR": ("two pairs, {ranks} and {second_ranks}",), "THREE_OF_A_KIND": ("three of a kind, {ranks}",),
    "STRAIGHT": ("a straight, {low_rank} to {rank}",), "FLUSH": ("a flush, {rank} high",),
    "FULL_HOUSE": ("a full house, {ranks} full of {second_ranks}",), "FOUR_OF_A_KIND": ("four of a kind, {ranks}",),
}, (("Deuce", "Two"), "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"),
    (("Deuces", "Twos"), "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens",
     "Kings", "Aces"), rest=r"(?: with \w+ kicker)?\.?")
"""How PartyPoker names a shown hand after a show line's cards (HE-HAND-NAME), as its samples write
them: 'high card, Ace.', 'a pair of Queens.', 'two pairs, Aces and Nines with King kicker.', 'a
straight, Eight to Queen.', 'a flush, Ace high.'; three of a kind, a full house and four of a kind
by the same pattern, in no sample. A name in other words (a straight flush's, a rank in lower case)
is not read, not judged; a hand mucked face up ('doesn't show') and a wins line name the hand too,
which the replay does not hold."""
_WIN = re.compile(r"(?P<p>[^\s.][^.]*?) wins (?P<a>[$€£]?\s*" + _NUM + r"(?:\s*(?:USD|EUR|GBP))?)(?:\s*chips)?"
                  r"(?: from the (?P<pot>main pot|side pot(?: \d+)?))?(?: with [^.]*)?\.?")
_ZERO = Decimal(0)
_BLINDS = (ActionKind.POST_SB, ActionKind.POST_BB)
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_TOURNAMENT = re.compile(r"^(?P<game>(?P<struct>NL|PL|FL)?\s*(?:Texas Hold'em|Holdem)) Trny: *(?P<tid>\d+) +Level: *\d+"
                         r" +" + _LEVEL_BLINDS + r"$")
"""A tournament's game words: ``NL Texas Hold'em Trny: 71487580 Level: 1 Blinds(20/40)``, from the
antes on ``Blinds-Antes(400/800 -25)``."""
_HOLDEM = re.compile(r"^(?P<struct>NL|PL|FL)?\s*(?:fastforward\s+)?(?P<struct2>NL|PL|FL)?\s*(?:Texas Hold'em|Holdem)"
                     r"(?: Game Table \((?P<struct3>NL|PL|FL)\))?\s*$")


def money(text: str) -> Decimal:
    """An amount as the room writes it: a comma before one or two last digits is a decimal
    comma (``$0,25 USD``, ``0,35 €``), before three a thousands separator (``3,000``); anything
    else than digits so written and a currency's marks is a ValueError (:func:`parsers.lines.read_amount`)."""
    return read_amount(text, decimal_comma=None)


def read_game_line(line: str, number: int) -> dict:
    """The fields of the game line (the hand's line ``number``): stakes or buy-in, structure,
    date; or a ParseError naming a game the reader does not replay."""
    m = _GAME.match(line.lstrip("\ufeff"))
    what = " ".join(m["what"].split()) if m is not None else ""
    tournament = _TOURNAMENT.match(what) if "Trny:" in line else None
    if m is None or ("Trny:" in line and (tournament is None or tournament["struct"] is None)):
        what = "tournament hands that name no betting structure" if "Trny:" in line else "this game line"
        raise UnsupportedGame(f"PartyPoker {what} are not supported yet: Rasklad reads PartyPoker Hold'em hands",
                         line=number, column=1, line_text=line)
    if tournament is not None:
        what = tournament["game"]
    game = _HOLDEM.match(what)
    if game is None:
        name = re.sub(r"^(?:NL|PL|FL|fastforward)\s+", "", what)
        name = re.sub(r"^(?:NL|PL|FL)\s+", "", name).replace(" Game Table", "").strip() or what
        raise UnsupportedGame(f"PartyPoker {name} is not supported yet: Rasklad reads PartyPoker Hold'em hands", game=name,
                              line=number,
                         column=m.start("what") + 1, line_text=line)
    struct = game["struct"] or game["struct2"] or game["struct3"]
    betting = _STRUCTS[struct] if struct else BettingStructure.LIMIT   # "$15/$30 USD Texas Hold'em": Limit
    when = _WHEN.search(m["when"])
    if when is None:
        raise ParseError("expected the date like 'Tuesday, June 19, 23:00:41 EDT 2018'", line=number,
                         column=m.start("when") + 1, line_text=line)
    month = when["month"] or when["month2"]
    hour = [int(x) for x in (when["t"] or when["t2"]).split(":")]
    played_at = datetime(int(when["year"] or when["year2"]), _MONTHS[month[:3].lower()],
                         int(when["day"] or when["day2"]), *hour)
    zone = when["zone"] or when["zone2"]
    return {"betting": betting, "a": m["a"], "b": m["b"], "a_at": m.start("a") + len(line) - len(line.lstrip("\ufeff")),
            "b_at": m.start("b") + len(line) - len(line.lstrip("\ufeff")), "sign": m["sign"], "cur": m["cur"],
            "at": in_utc(played_at, zone), "zone": zone, "tid": tournament["tid"] if tournament else None}


def parse(lines: tuple[str, ...], source: Source) -> HoldemHand:
    """One PartyPoker hand (its lines from the header, or from ``Game #N starts.``) → HoldemHand."""
    start = next((i for i, line in enumerate(lines) if _HEADER.match(line.lstrip("\ufeff"))), None)
    if start is None:
        raise ParseError("expected a '***** Hand History for Game N *****' header line", line=1, column=1,
                         line_text=lines[0] if lines else "")
    head = _HEADER.match(lines[start].lstrip("\ufeff"))
    if start + 1 >= len(lines):
        raise ParseError("the hand ends after its header", line=start + 1, column=1, line_text=lines[start])
    game = read_game_line(lines[start + 1], start + 2)
    lines = tuple(_after_sitting_out(line) for line in lines)
    tokens = _LINES.classify(lines, start + 2)
    _LINES.check(tokens, lines, start)
    first = source.first_line
    # ROOM-CURRENCY: the game line's code or sign is the hand's currency (a tournament's, chips: none)
    marks = CurrencyMarks("" if game["tid"] else game["cur"] or game["sign"] or "", first)

    def amount_of(text: str, start: int = -1) -> Decimal:
        """An amount of the line the reader is on (at ``start`` in it); one that is none quarantines
        the hand at its column."""
        return read_amount_at(text, marks.index, lines[marks.index], start, decimal_comma=None)

    def read(text: str, start: int = -1) -> Decimal:
        marks.other_in(text)        # read as written, noted when another currency's
        return amount_of(text, start)

    seats: list[Seat] = []
    # the room writes what a line adds: the builder keeps each player's chips on the street
    play = StreetActions(track_bets=True)
    actions, bets = play.actions, play.bets
    board: list = []
    board_lines: list[int] = []
    button = table = max_seats = None
    total = rake = None
    total_line = 0
    play_money = False
    small_blind = big_blind = None
    summary_board: list = []
    summary_board_lines: list[int] = []
    summary_wins: list[tuple[str, Decimal, int]] = []
    blinds: tuple[Decimal, Decimal, int] | None = None
    ante = _ZERO
    no_small_blind = False
    for kind, m, index in tokens:
        line = first + index
        marks.index = index
        text = lines[index]
        if kind == "SEAT":
            seats.append(Seat(seat=stored_number(m, "n", SEAT_WORDS, index + 1, text), player=m["p"],
                              stack=read(m["s"], m.start("s")), line=line))
        elif kind == "TABLE":
            table, play_money = m["name"], m["money"] == "Play"
            if m["btn"]:
                button = stored_number(m, "btn", BUTTON_WORDS, index + 1, text)
        elif kind == "BUTTON":
            button = stored_number(m, "btn", BUTTON_WORDS, index + 1, text)
        elif kind == "PLAYERS" and m["max"]:
            max_seats = stored_number(m, "max", TABLE_WORDS, index + 1, text)      # "9/9": players seated of the table's seats
        elif kind == "POST":
            amount = read(m["a"] or m["a2"])
            post, live = m["post"], amount
            if post == "small blind":
                kind_ = ActionKind.POST_SB
                small_blind = amount if small_blind is None else small_blind
            elif post == "big blind":
                kind_ = ActionKind.POST_BB
                big_blind = amount if big_blind is None else big_blind
            elif post == "ante":
                kind_, live = ActionKind.POST_ANTE, None
            else:   # "big blind + dead": the big blind live, the small blind's part dead
                kind_ = ActionKind.POST_DEAD
                live = min(amount, big_blind or amount)
            stack = next((s.stack for s in seats if s.player == m["p"]), None)
            play.post(m["p"], kind_, amount, line, amount == stack, live)
        elif kind == "BLINDS":
            blinds = (amount_of(m["sb"], m.start("sb")), amount_of(m["bb"], m.start("bb")), line)
            ante = amount_of(m["ante"], m.start("ante")) if m["ante"] else _ZERO
        elif kind == "NOSB":
            no_small_blind = True
        elif kind == "DEAL" and blinds is not None and not any(a.kind in _BLINDS for a in actions):
            # a tournament hand writes the level's blinds and no blind post (its antes it writes):
            # the two players after the button post them (heads-up, the button the small blind), all-in
            # when short; with no small blind, the first of them posts the big blind
            in_play = {found["p"] for kind_of, found, _ in tokens if kind_of in ("POST", "ACTION", "SHOW", "COLLECT")}
            for player, stack, post, amount in _silent_blinds(seats, button, blinds, in_play, no_small_blind):
                stack -= sum((a.amount for a in actions if a.player == player), _ZERO)    # (his ante)
                play.post(player, post, min(amount, stack), blinds[2], stack <= amount)
                if post is ActionKind.POST_SB:
                    small_blind = min(amount, stack) if small_blind is None else small_blind
                else:
                    big_blind = min(amount, stack) if big_blind is None else big_blind
        elif kind == "DEALT":
            play.dealt(m["p"], cards(m["c"], index, text), line)
        elif kind == "STREET":
            new = cards(m["c"], index, text)
            board = list(new) if m["what"] == "Flop" else board + list(new)
            board_lines.append(line)
            play.to_street(_STREETS[m["what"]])
        elif kind == "ACTION":
            if m["check"] and play.street is Street.PREFLOP and small_blind is not None and big_blind is not None \
                    and play.bets.of(m["p"]) == 0 and play.bets.top == big_blind:
                _silent_post_both(play, m["p"], small_blind, big_blind, line)
            _action(m, play, line, read)
        elif kind == "SHOW":
            play.show(m["p"], cards(m["c"], index, text), line, m["how"] == "shows", Street.SHOWDOWN)
            if m["named"]:
                play.name_hand(m["p"], HAND_WORDS.named(m["named"]), line)
        elif kind == "COLLECT":
            for win in _WIN.finditer(text):
                pot = win["pot"] if win["pot"] and win["pot"].startswith("side") else "pot"     # ('side pot 2')
                play.collect(win["p"], read(win["a"], win.start("a")), line, pot, street=play.pot_street())
        elif kind == "TOTAL":
            total_line = line
            rake = read(m["r"], m.start("r"))
            total = read(m["t"], m.start("t")) + rake
        elif kind == "SEATSUM":
            if m["c"]:
                summary_wins.append((m["p"], read(m["c"], m.start("c")), line))
        elif kind == "BOARD":
            summary_board.append(cards(m["c"], index, text, separators=","))
            summary_board_lines.append(line)
    if big_blind is None:
        raise ParseError("the hand has no big blind post: the stakes are not known", line=start + 2, column=1,
                         line_text=lines[start + 1])
    betting = game["betting"]
    if game["b"]:
        marks.index = start + 1     # the game line's stakes
        stated = (amount_of(game["a"], game["a_at"]), amount_of(game["b"], game["b_at"]))
    small_bet = big_bet = None
    small_blind_stated = True
    if betting is BettingStructure.LIMIT:
        # "$15/$30 USD Texas Hold'em": the bet sizes; the blinds are the posts ($10 and $15)
        small_bet, big_bet = stated if game["b"] else (big_blind, big_blind * 2)
    elif game["b"]:     # the stakes the game line states win over a blind posted all-in short
        small_blind, big_blind = stated
    elif blinds is not None:    # a tournament's level
        small_blind, big_blind = blinds[0], blinds[1]
    else:
        # the game line gives the buy-in: the blinds are the posts, but a blind posted all-in short is
        # not the table's. The first call of the round matches the true big blind; the small blind is
        # the first posted in full, else the room's small blind of that big blind
        blind = next((a for a in actions if a.kind is ActionKind.POST_BB), None)
        call = next((a for a in actions if a.kind is ActionKind.CALL and a.street is Street.PREFLOP), None)
        posted = {a.player: a.amount for a in actions if a.kind.is_post and a.kind is not ActionKind.POST_DEAD}
        if blind is not None and blind.is_all_in and call is not None:
            big_blind = max(big_blind, posted.get(call.player, Decimal(0)) + call.amount)
        usual = usual_small_blind(big_blind, _SMALL_BLIND_OF)
        full = next((a.amount for a in actions if a.kind is ActionKind.POST_SB and (not a.is_all_in or a.amount >= usual)),
                    None)
        small_blind_stated = full is not None
        small_blind = full if full is not None else usual
    if small_blind is None:
        small_blind = big_blind
    if summary_wins and not any(a.kind is ActionKind.COLLECT for a in actions):
        # no "wins" line: the summary's "collected $X" pays, the uncalled bet with the pot
        for player, amount, line in summary_wins:
            play.collect(player, amount, line, street=play.pot_street())
    # ROOM-UNCALLED: the bet nobody called comes back within its bettor's win (a win it was all of is none)
    win_lines = [a.line for a in actions if a.kind is ActionKind.COLLECT]
    play.return_unmatched(win_lines[0] if win_lines else first, within=True)
    seats, actions, holes, not_stated = _newcomers(seats, actions, play.holes, lines[start:])
    collects = [a for a in actions if a.kind is ActionKind.COLLECT]
    paid = sum((a.amount for a in collects), Decimal(0))
    if total is None:
        # the room writes no pot and no rake: the pot is what the lines put in, the rake what
        # the results do not pay of it
        total, rake = bets.pot, bets.pot - paid
        total_line = win_lines[-1] if win_lines else first
    # the pots the wins name, the main pot first and the side pots by number (a tournament's last one
    # may have been the bet nobody called, its bettor's chips alone: returned above, it is no pot)
    sides: dict[str, Decimal] = {}
    for a in collects:
        if a.pot != "pot" and a.amount:
            sides[a.pot] = sides.get(a.pot, Decimal(0)) + a.amount
    side = sum(sides.values(), Decimal(0))
    pots = (paid - side, *(sides[name] for name in sorted(sides, key=pot_code))) if sides else ()
    summary = Summary(total_pot=total, rake=rake, pots=pots,
                      boards=tuple(summary_board), total_line=total_line, board_lines=tuple(summary_board_lines))
    if game["cur"]:
        currency = game["cur"]
    else:
        currency = CURRENCY_SIGNS.get(game["sign"] or "", "USD")
    if play_money:
        currency = "play"
    if game["tid"] is not None:
        currency = "chips"
    # Limit stakes are named by the bets (as PokerStars names them), the others by the blinds
    stakes = stakes_label(*((small_bet, big_bet) if small_bet is not None else (small_blind, big_blind)), currency)
    info = GameInfo(game="holdem", played_at=game["at"], table_name=table, ruleset=f"{SITE} {betting.value}",
                    site="PartyPoker", played_in_utc=zone_clock(game["zone"]) is not None)
    return HoldemHand(
        source=source, info=info, hand_id=head["id"], tournament_id=game["tid"], is_tournament=game["tid"] is not None,
        second_small_blind_live=True, away_folds_out_of_turn=game["tid"] is not None, ante=ante,
        betting=betting, small_blind=small_blind, small_blind_stated=small_blind_stated, big_blind=big_blind,
        small_bet=small_bet, big_bet=big_bet, stakes=stakes, currency=currency, max_seats=max_seats, button_seat=button,
        seats=tuple(sorted(seats, key=lambda s: s.seat)), stack_not_stated=not_stated, actions=tuple(actions),
        boards=(tuple(board),),
        board_lines=(tuple(board_lines),), hole_cards=tuple(holes), named_hands=tuple(play.named_hands), summary=summary, room_findings=marks.findings,
        header_line=first + start)


def _silent_post_both(play: StreetActions, player: str, small_blind: Decimal, big_blind: Decimal,
                      line: int) -> None:
    """A player who checks facing the big blind with no post line posted both blinds without one
    (the returning player's 'big blind + dead', the small blind dead): the room's wins line pays
    the pot with them. The post is put with the others, at the check's line (it has none of its own)."""
    at = next((k for k, a in enumerate(play.actions) if not a.kind.is_post), len(play.actions))
    play.post(player, ActionKind.POST_DEAD, small_blind + big_blind, line, live=big_blind)
    play.actions.insert(at, play.actions.pop())


_SITTING_OUT_THEN = re.compile(r"^\S.*? is sitting out(?P<next>\S.*? (?:posts|folds|checks|calls|bets|raises|is all-In|"
                               r"has joined|has left) .*)$")


def _after_sitting_out(line: str) -> str:
    """A line that a 'Name is sitting out' line runs into, with no line break ('Player3 is sitting
    outPlayer4 posts big blind [$0,25 USD].', as the Mac client writes it): the sitting out is no
    play, the line after it is read."""
    if " is sitting out" not in line:
        return line
    m = _SITTING_OUT_THEN.match(line)
    return line if m is None else m["next"]


_JOINED = re.compile(r"^(?P<p>.+?) has joined the table\.?\s*$")


def _newcomers(seats: list[Seat], actions: list[Action], holes: list[HoleCards], lines: tuple[str, ...]):
    """The seats, actions and hole cards under one name per player, and the players whose stack
    the log does not state.

    The seat list is written before the hand's last arrivals: a player who joins then plays
    with no seat line, or with a seat line of 0 written before his buy-in ('Seat 2: Anna ( $0 USD )',
    then 'Anna has joined the table.'); neither states his chips. A long name may be cut short in
    the seat line and some plays ('Seat 2: Hero ($100)', 'Hero checks', for the 'Hero Name' dealt
    and raising): the one seated name that begins a name without a seat line, followed by a space,
    is that player's."""
    seated = {s.player for s in seats}
    rename: dict[str, str] = {}
    for name in sorted(({a.player for a in actions} | {h.player for h in holes}) - seated):
        cut = [s.player for s in seats if name.startswith(s.player + " ")]
        # a name holding another seated name after the cut is two lines run together, not one name
        if len(cut) == 1 and cut[0] not in rename and not any(s.player in name[len(cut[0]):] for s in seats):
            rename[cut[0]] = name
    if rename:
        seats = [dataclasses.replace(s, player=rename[s.player]) if s.player in rename else s for s in seats]
        actions = [dataclasses.replace(a, player=rename[a.player]) if a.player in rename else a for a in actions]
        holes = [dataclasses.replace(h, player=rename[h.player]) if h.player in rename else h for h in holes]
        seated = {s.player for s in seats}
    joined = {m["p"] for m in map(_JOINED.match, lines) if m is not None}
    bought_in = {s.player for s in seats if s.stack == 0 and s.player in joined}
    players = {a.player for a in actions if a.kind.is_post or a.kind.is_betting}
    return seats, actions, holes, tuple(sorted((players - seated) | (bought_in & players)))


def _silent_blinds(seats: list[Seat], button: int | None, blinds: tuple[Decimal, Decimal, int],
                   in_play: set[str], no_small_blind: bool = False):
    """(player, stack, post, amount) of the blinds a tournament hand posts without a line: the
    first two seats after the button, clockwise (heads-up: the button, then the other), of the
    players the hand deals in. ``in_play``: the players its lines name posting an ante, acting, showing
    or winning;
    a seat none names is not dealt in (a player moved in from another table, who waits for the
    button), unless that leaves fewer than two. ``no_small_blind``: the hand says it has none (the big
    blind of the hand before left the table): the first seat after the button posts the big blind."""
    dealt = [s for s in seats if s.player in in_play]
    seats = dealt if len(dealt) >= 2 else seats
    if button is None or len(seats) < 2:
        return []
    ring = sorted(seats, key=lambda s: (s.seat <= button, s.seat))    # clockwise from the button's left
    if no_small_blind:
        return [(ring[0].player, ring[0].stack, ActionKind.POST_BB, blinds[1])]
    posters = [ring[-1], ring[0]] if len(ring) == 2 else ring[:2]
    return [(posters[0].player, posters[0].stack, ActionKind.POST_SB, blinds[0]),
            (posters[1].player, posters[1].stack, ActionKind.POST_BB, blinds[1])]


_HOW = {"calls": "call", "bets": "bet", "raises": "open", "is all-In": "any"}
"""What the room's words mean as :meth:`parsers.lines.StreetActions.put_in` reads them."""


def _action(m: re.Match, play: StreetActions, line: int, read) -> None:
    """An action line; ``read`` reads its amounts."""
    player = m["p"]
    if m["fold"]:
        play.fold(player, line)
    elif m["check"]:
        play.check(player, line)
    elif m["rt"] is not None:     # "raises 3.0 to 3.0": the total
        play.put_in(player, _ZERO, line, _HOW[m["verb"]], m["verb"] == "is all-In", read(m["rt"]))
    else:                         # the chips the line adds
        play.put_in(player, read(m["a"] or m["a2"]), line, _HOW[m["verb"]], m["verb"] == "is all-In")
