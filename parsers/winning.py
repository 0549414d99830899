"""Winning Poker Network (Americas Cardroom, Winning Poker, WPN) Hold'em hands → HoldemHand.

The text from 2019 on is read: ``Hand #N - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08
04:43:23 UTC``, close to PokerStars' lines (``posts the small blind``, ``raises $A to $T``,
``collected $X from main pot``), with the pot paid out, the rake and the jackpot fee in the
summary (ROOM-RAKE); its tournament hands (``Game Hand #N - Tournament #T - Holdem(No Limit) -
Level 5 (1000.00/2000.00)- …``) in chips, their blinds posted after the hole cards line. The older
text (``Game started at: …``, files in UTF-16) names no betting structure: ``parsers.formats``
recognizes it and quarantines its hands saying so. A hand's lines are read
by :data:`LINE_KINDS` and their order checked by ``grammars/winning.lark``.

>>> lines = '''Hand #1 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC
... Fort Lupton 9-max Seat #1 is the button
... Seat 1: Anna ($5)
... Seat 2: Boris ($5)
... Anna posts the small blind $0.02
... Boris posts the big blind $0.05
... *** HOLE CARDS ***
... Anna folds
... Boris does not show
... *** SUMMARY ***
... Total pot $0.07
... Seat 2: Boris did not show and won $0.07'''.split("\\n")
>>> hand = parse(tuple(lines), Source(file="x.txt", first_line=1, last_line=12, game_id="0"))
>>> [(a.player, str(a.kind), str(a.amount)) for a in hand.actions][-3:]
[('Boris', 'uncalled', '0.03'), ('Boris', 'muck', '0'), ('Boris', 'collect', '0.04')]
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

from parsers.errors import (
    BUTTON_WORDS,
    SEAT_WORDS,
    TABLE_WORDS,
    ParseError,
    UnstatedRule,
    UnsupportedGame,
    stored_number,
)
from parsers.lines import (
    CURRENCY_SIGN,
    BoardDeals,
    CurrencyMarks,
    HandWords,
    StreetActions,
    read_amount_at,
    stakes_label,
)
from parsers.room_lines import LineKind, RoomLines, cards, in_utc, zone_clock
from rules.cards import Card
from rules.holdem_hand import (
    Action,
    ActionKind,
    BettingStructure,
    HoldemHand,
    RunningPot,
    Seat,
    Street,
    Summary,
)
from rules.holdem_options import ORDER_OPTIONS
from rules.records import GameInfo, Source
from rules.words import listed

__all__ = ["HAND_WORDS", "LINE_KINDS", "OLDER_LINE_KINDS", "SITE", "game_named_older", "parse", "parse_older", "read_header"]

SITE = "winning"
"""The room, as the ``ruleset`` column names it (``games.site``: Winning, for Americas Cardroom and
the other WPN skins)."""

_STAKE = r"\$?[\d,]*\.?\d+"
_AMT = CURRENCY_SIGN + r"?[\d,]*\.?\d+"
"""An amount: dollars (ROOM-CURRENCY), another sign read and noted."""
_GAME = r"(?P<game>[^(]+)\((?P<struct>No Limit|Pot Limit|Fixed Limit|Limit)\) - "
_WHEN = r"(?P<d>\d{4}/\d{2}/\d{2}) (?P<t>\d{1,2}:\d{2}:\d{2})(?: (?P<zone>[A-Z]{2,4}))?\s*$"
_HEADER = re.compile(r"^Hand #(?P<id>\d+) - " + _GAME + r"(?P<sb>" + _STAKE + r")/(?P<bb>" + _STAKE + r") - " + _WHEN)
_TOURNAMENT_HEADER = re.compile(r"^Game Hand #(?P<id>\d+) - Tournament #(?P<tid>\d+) - " + _GAME
                                + r"Level (?P<level>\d+) \((?P<sb>[\d,]*\.?\d+)/(?P<bb>[\d,]*\.?\d+)\)\s*- " + _WHEN)
"""A tournament hand's header: its level's blinds in chips."""
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_POSTS = {"small blind": ActionKind.POST_SB, "big blind": ActionKind.POST_BB, "dead": ActionKind.POST_DEAD,
          "straddle": ActionKind.POST_STRADDLE, "ante": ActionKind.POST_ANTE}
_NOT_READ = "Rasklad reads the Hold'em hands of the Winning Poker Network"
_OUTCOMES = ("folded", "showed", "mucked", "did not show", "won", "lost", "collected")
"""The words a summary seat line's outcome starts with, after the player and his positions."""
_SUMMARY_WON = re.compile(r"\b(?:won|collected) \(?(" + _AMT + r")")
"""An amount a summary seat won ('and won $1.19 with …'), the group 1."""
_SUMMARY_CARDS = re.compile(r"^(?:showed|mucked) \[([^\]]*)\]")
_MADE_CARDS = re.compile(r"\[([^\]]*)\]\s*$")
"""The cards a made hand's name ends with: its five ('a pair of Queens [Qh Qd As 9c 6c]')."""
_WITH = " with "
"""What a summary line's outcome writes before the made hand it names."""

HAND_WORDS = HandWords({
    "PAIR": ("a pair of {ranks}",), "TWO_PAIR": ("two pair, {ranks} and {second_ranks}",),
    "THREE_OF_A_KIND": ("three of a kind, Set of {ranks}",), "STRAIGHT": ("a straight, {rank} high",),
    "FLUSH": ("a flush, {rank} high",), "FULL_HOUSE": ("a full house, {ranks} full of {second_ranks}",),
}, (("Deuce", "Two"), "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"),
    (("Deuces", "Twos"), "Threes", "Fours", "Fives", ("Sixes", "Sixs"), "Sevens", "Eights", "Nines", "Tens", "Jacks",
     "Queens", "Kings", "Aces"), rest=r" \[[^\]]*\]")
"""How the Winning Poker Network names a made hand in a show line's parentheses and after a summary
line's 'with' (HE-HAND-NAME), its five cards after it: 'a pair of Queens [Qh Qd As 9c 6c]', 'two
pair, Eights and Threes […]', 'three of a kind, Set of Sevens […]', 'a straight, Five high […]' (and
'Sixs' for sixes). The five cards are read beside the name (``NamedHand.cards``), and held against
the cards too. Its names of a high card, four of a kind and a straight flush are in no sample: not
read, not judged (their five cards are)."""

LINE_KINDS: tuple[LineKind, ...] = (
    LineKind("TABLE", "the line 'Table 9-max Seat #1 is the button'",
             re.compile(r"^(?P<name>.+?) (?P<max>\d+)-max Seat #(?P<btn>\d+) is the button\s*$"), ("name", "max", "btn"),
             " is the button", "setup"),
    LineKind("SEAT", "a seat line like 'Seat 1: Name ($5.07)'",
             re.compile(r"^Seat (?P<n>\d+): (?P<p>.+?) \((?P<s>" + _AMT + r")\)(?P<out> is sitting out)?\s*$"),
             ("n", "p", "s", "out"), "^Seat ", "setup"),
    LineKind("POST", "a post like 'Name posts the small blind $0.02'",
             re.compile(r"^(?P<p>.+?) posts (?:the )?(?P<post>small blind|big blind|dead|straddle|ante) (?P<a>"
                        + _AMT + r")(?P<allin> and is all-in)?\s*$"), ("p", "post", "a", "allin"), " posts ",
             "setup play"),     # (a tournament posts its blinds after the hole cards line and the pot of its antes)
    LineKind("HOLE", "the '*** HOLE CARDS ***' line", re.compile(r"^\*\*\* HOLE CARDS \*\*\*\s*$"), (), "^***", "setup"),
    LineKind("DEALT", "a 'Dealt to Name […]' line", re.compile(r"^Dealt to (?P<p>.+?) \[(?P<c>[^\]]*)\]\s*$"),
             ("p", "c"), "^Dealt to ", "play"),
    LineKind("STREET", "a street line like '*** FLOP *** […]' (of a hand run twice: '*** FLOP 2 *** […]')",
             re.compile(r"^\*\*\* (?P<what>FLOP|TURN|RIVER)(?: (?P<run>[12]))? \*\*\* \[(?P<c1>[^\]]*)\]"
                        r"(?: \[(?P<c2>[^\]]*)\])?\s*$"), ("what", "run", "c1", "c2"), "^*** ", "play"),
    LineKind("SHOWDOWN", "the '*** SHOW DOWN ***' line", re.compile(r"^\*\*\* SHOW DOWN(?: (?P<run>[12]))? \*\*\*\s*$"),
             ("run",), "^*** ", "play"),
    LineKind("RUNTWICE", "the '*** RUN IT TWICE ***' line", re.compile(r"^\*\*\* RUN IT TWICE \*\*\*\s*$"), (),
             "^*** ", "play"),
    LineKind("SUMMARY", "the '*** SUMMARY ***' line", re.compile(r"^\*\*\* SUMMARY \*\*\*\s*$"), (), "^*** ", "play"),
    LineKind("POT", "a running pot line like 'Main pot $0.17 | Rake $0.00'",
             re.compile(r"^(?:Main|Side) pot(?: \d+|\(\d+\))? (?P<a>" + _AMT + r")(?: \| Rake (?P<r>" + _AMT + r"))?"
                        r"(?: \| .*)?$"), ("a", "r"), " pot", "play"),
    LineKind("UNCALLED", "an 'Uncalled bet ($1) returned to Name' line",
             re.compile(r"^Uncalled bet \((?P<a>" + _AMT + r")\) returned to (?P<p>.+?)\s*$"), ("a", "p"),
             "^Uncalled bet (", "play"),
    LineKind("COLLECT", "a 'Name collected $1 from main pot' line",
             re.compile(r"^(?P<p>.+?) collected (?P<a>" + _AMT + r") from (?P<pot>main pot|side pot(?:-\d+)?)"
                        r"(?: (?P<run>[12]))?\s*$"),
             ("p", "a", "pot", "run"), " collected ", "play"),
    LineKind("ACTION", "an action like 'Name folds', 'checks', 'calls $1', 'bets $1', 'raises $1 to $2' or 'caps $3'",
             re.compile(r"^(?P<p>.+?) (?:(?P<fold>folds)|(?P<check>checks)|(?P<verb>calls|bets) (?P<a>" + _AMT + r")"
                        r"|raises (?P<ra>" + _AMT + r") to (?P<rt>" + _AMT + r")|caps (?P<cap>" + _AMT + r"))"
                        r"(?P<allin> and is all-in)?\s*$"),
             ("p", "fold", "check", "verb", "a", "ra", "rt", "cap", "allin"), " ", "play"),
    LineKind("SHOW", "a 'Name shows […]' line", re.compile(r"^(?P<p>.+?) shows \[(?P<c>[^\]]*)\](?: \((?P<named>.*)\))?\s*$"),
             ("p", "c", "named"), " shows [", "play"),
    LineKind("NOSHOW", "a 'Name does not show' or 'mucks hand' line",
             re.compile(r"^(?P<p>.+?) (?:does not show|mucks hand)\s*$"), ("p",), "", "play"),
    LineKind(None, "a line without play like 'Name sits out'",
             re.compile(r"^.+? (?:sits out|is sitting out|has returned|is disconnected|is connected|has timed out"
                        r"|will be allowed to play after the button|joins the table.*|leaves the table.*)\s*$"),
             (), "", "setup play"),
    LineKind("TOTAL", "the 'Total pot $1 | Rake $0.05 | JP Fee $0.01' line",
             re.compile(r"^Total pot (?P<t>" + _AMT + r")(?: \| Rake (?P<r>" + _AMT + r"))?(?: \| JP Fee (?P<jp>"
                        + _AMT + r"))?\s*$"), ("t", "r", "jp"), "^Total pot ", "summary"),
    LineKind("BOARD", "a 'Board […]' line (of a hand run twice: 'Board 2 […]')",
             re.compile(r"^Board(?: [12])? \[(?P<c>[^\]]*)\]\s*$"), ("c",), "^Board", "summary"),
    LineKind("SEATSUM", "a summary seat line like 'Seat 1: Name folded on the Flop'",
             re.compile(r"^Seat (?P<n>\d+): (?:(?P<p>.+?)(?: \((?:button|small blind|big blind)\))* (?P<what>(?:"
                        + "|".join(_OUTCOMES) + r")\b.*)|.*)$"), ("n", "p", "what"), "^Seat ", "summary"),
)
"""Every kind of line of a hand from 2019 on after its header, in the order the classifier tries them."""

_LINES = RoomLines("winning", LINE_KINDS, merge=frozenset({"SEAT", "POST", "DEALT", "BODY", "SEATSUM"}),
                   body=frozenset({"ACTION", "UNCALLED", "COLLECT", "SHOW", "NOSHOW"}),
                   sections=("setup", "play", "summary"), switches={"HOLE": "play", "SUMMARY": "summary"},
                   expected="a seat, a post, an action (folds, checks, calls, bets, raises, caps), a street line "
                            "like '*** FLOP *** […]', a show, a collect or a summary line")


def read_header(line: str) -> re.Match:
    """The header's fields, or a ParseError naming a game the reader does not replay."""
    match = _HEADER.match(line.lstrip("\ufeff")) or _TOURNAMENT_HEADER.match(line.lstrip("\ufeff"))
    if match is None:
        raise ParseError("expected a 'Hand #N - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC' header",
                         line=1, column=1, line_text=line)
    if match["game"].strip() != "Holdem":
        raise UnsupportedGame(f"Winning {match['game'].strip()} {match['struct']} is not supported yet: {_NOT_READ}",
                              game=match["game"].strip(), line=1, column=match.start("game") + 1, line_text=line)
    return match


def parse(lines: tuple[str, ...], source: Source) -> HoldemHand:
    """One hand of the Winning Poker Network from 2019 on (its lines, header first) → HoldemHand."""
    if not lines:
        raise ParseError("empty hand", line=1, column=1)
    head = read_header(lines[0])
    tokens = _LINES.classify(lines)
    _LINES.check([token for token in tokens if token[0] != "POT"], lines)     # (the running pots stand anywhere)
    first = source.first_line
    betting = BettingStructure.parse(head["struct"])
    small_blind = read_amount_at(head["sb"], 0, lines[0], head.start("sb"))
    big_blind = read_amount_at(head["bb"], 0, lines[0], head.start("bb"))
    small_bet = big_bet = None
    if betting is BettingStructure.LIMIT:
        small_bet, big_bet = small_blind, big_blind
        small_blind, big_blind = (small_bet / 2).quantize(Decimal("0.01")), small_bet
    seats: list[Seat] = []
    play = StreetActions(track_bets=True)     # the bets on the street tell a raise's size and a walk's return
    actions = play.actions
    deals = BoardDeals()     # the street lines repeat the board so far: it is checked against them
    board_lines: list[list[int]] = [[]]
    table = max_seats = button = None
    total = rake = None
    fees = Decimal(0)
    total_line = 0
    returned = False
    walk_back: Action | None = None
    summary_board: list = []
    summary_board_lines: list[int] = []
    marks = CurrencyMarks("$", first)   # ROOM-CURRENCY: another sign is read as written, and noted

    def read(text: str, start: int = -1) -> Decimal:
        """An amount of the line the reader is on (at ``start``, when known): one that is none
        quarantines the hand at its column."""
        marks.other(text, text[0])
        return read_amount_at(text, marks.index, lines[marks.index], start)

    # the running pot lines, a group of them (main, then side pots) after a street's line: each
    # group's first line, its pots, the rake it states, its run and the line kind it follows
    groups: list[list] = []
    run = 0     # the run of the streets being read (0 but in a hand run twice)
    run_twice = False
    summary_lines: dict[str, list] = {}     # player -> [seat, won, cards, text, line]: his lines of every board
    summary_unread = False

    for k, (kind, m, index) in enumerate(tokens):
        line = first + index
        marks.index = index
        text = lines[index]
        if kind == "SEAT":
            seats.append(Seat(seat=stored_number(m, "n", SEAT_WORDS, index + 1, text), player=m["p"], stack=read(m["s"]),
                              is_sitting_out=bool(m["out"]),
                              line=line))
        elif kind == "TABLE":
            table, max_seats = m["name"], stored_number(m, "max", TABLE_WORDS, index + 1, text)
            button = stored_number(m, "btn", BUTTON_WORDS, index + 1, text)
        elif kind == "POST":
            post, amount = _POSTS[m["post"]], read(m["a"])
            live = min(amount, big_blind) if post is ActionKind.POST_DEAD else None
            play.post(m["p"], post, amount, line, bool(m["allin"]), live)
        elif kind == "DEALT":
            play.dealt(m["p"], cards(m["c"], index, text), line)
        elif kind == "STREET":
            run = int(m["run"]) if m["run"] else 0
            board, street = max(run - 1, 0), _STREETS[m["what"]]
            repeated = cards(m["c1"], index, text)
            deals.deal(board, street, repeated + cards(m["c2"], index, text),
                       len(repeated) if m["c2"] is not None else -1, line, index, lines)
            while len(board_lines) <= board:
                board_lines.append([])
            board_lines[board].append(line)
            play.to_street(street, board)
        elif kind == "SHOWDOWN":
            run = int(m["run"]) if m["run"] else 0
            play.to_street(Street.SHOWDOWN, max(run - 1, 0))
        elif kind == "RUNTWICE":
            run_twice = True
        elif kind == "POT":
            before = tokens[k - 1][0] if k else ""    # what the pot lines follow: a street's line, or a pot line
            if before != "POT":
                groups.append([line, [], Decimal(0), run, before])
            groups[-1][1].append(read(m["a"], m.start("a")))
            if m["r"]:      # the rake so far, which each line of the group may repeat
                groups[-1][2] = read(m["r"], m.start("r"))
        elif kind == "ACTION":
            _action(m, play, line, read)
        elif kind == "UNCALLED":
            returned = True
            play.uncalled(m["p"], read(m["a"]), line)
        elif kind == "SHOW":
            play.show(m["p"], cards(m["c"], index, text), line)
            if m["named"]:
                play.name_hand(m["p"], HAND_WORDS.named(m["named"]), line,
                               cards=_made_cards(m["named"], index, text))
        elif kind == "NOSHOW":
            if not returned:    # a walk: the room writes no return of the big blind nobody called (ROOM-UNCALLED)
                returned = True
                walk_back = play.return_unmatched(line)
            play.muck(m["p"], line)
        elif kind == "COLLECT":
            play.collect(m["p"], read(m["a"]), line, m["pot"], int(m["run"]) - 1 if m["run"] else 0,
                         street=play.pot_street())
        elif kind == "TOTAL":
            total_line = line
            fees = read(m["jp"]) if m["jp"] else Decimal(0)
            rake = (read(m["r"]) if m["r"] else Decimal(0)) + fees
            total = read(m["t"])
        elif kind == "BOARD":
            summary_board.append(cards(m["c"], index, text))
            summary_board_lines.append(line)
        elif kind == "SEATSUM":
            if m["p"] is None:
                summary_unread = True   # an outcome not read: nothing is said of who is summed up
                continue
            what, at = m["what"], m.start("what")
            won = [read(w[1], at + w.start(1)) for w in _SUMMARY_WON.finditer(what)]
            shown = _SUMMARY_CARDS.match(what)
            made = _made_cards(what.partition(_WITH)[2], index, text)
            seat = summary_lines.get(m["p"])
            if seat is None:    # a hand run twice sums a seat up under each board: one seat, a win a board
                if shown:       # (the replay holds a seat's first summary line's name)
                    said = HAND_WORDS.named_in_summary(what)
                    play.name_hand(m["p"], said[0] if said else None, line, 0, made)
                summary_lines[m["p"]] = [stored_number(m, "n", SEAT_WORDS, index + 1, text), won, cards(shown[1], index, text) if shown else (), what, line]
            else:
                seat[1] += won
    if walk_back is not None and total is not None:
        total -= walk_back.amount   # the written total counts the big blind nobody called
        said = summary_lines.get(walk_back.player)
        if said is not None and said[1]:
            said[1][-1] -= walk_back.amount     # so does the big blind's "won": he collects the rest
    for player, (seat, won, shown, what, line) in summary_lines.items():
        play.summary_seat(seat, player, tuple(won), shown, what, line)
    collects = [a for a in actions if a.kind is ActionKind.COLLECT]
    if not collects and total is not None:
        # all fold: "does not show" and no collect line; the summary's total (after rake) is his
        winner = next((a.player for a in reversed(actions) if a.kind is ActionKind.MUCK), None)
        if winner is not None:
            play.collect(winner, total, total_line, street=play.pot_street())
    # the showdown's pots are the summary's, which the replay checks as such (HE-SIDE-POT): not twice
    showdown_pots = bool(groups) and groups[-1][4] == "SHOWDOWN" and not run_twice and total is not None
    running_pots = tuple(RunningPot(amount=sum(pots), rake=group_rake, run=group_run, line=group_line)
                         for group_line, pots, group_rake, group_run, _ in groups[:-1 if showdown_pots else None])
    summary = None
    if total is not None:
        # the summary's "Total pot" is what is paid out: the pot less the rake and jackpot fee
        # the pots the showdown's running lines write are the pots after rake, main first (as PokerStars'
        # summary lists them); every seat not sitting out is summed up, under each board of a hand run twice
        pots = tuple(groups[-1][1]) if showdown_pots else ()
        summary = Summary(total_pot=total + rake, rake=rake, fees=fees, pots=pots, boards=tuple(summary_board),
                          seats=tuple(play.summary_seats), total_line=total_line,
                          lists_every_seat=not summary_unread and not any(seat.is_sitting_out for seat in seats),
                          board_lines=tuple(summary_board_lines))
    played_at = in_utc(datetime.strptime(f"{head['d']} {head['t']}", "%Y/%m/%d %H:%M:%S"), head["zone"])
    tournament = head["tid"] if "tid" in head.re.groupindex else None
    if tournament:      # chips, the level's blinds; the table named within its tournament ("Table '2'")
        number = (table or "").removeprefix("Table ").strip("'")
        table = f"Tournament {tournament} table {number}"
        currency = "chips"
    else:
        currency = "USD"
    # the blinds, or Limit's bets (as PokerStars names Limit stakes)
    stakes = stakes_label(*((small_bet, big_bet) if small_bet is not None else (small_blind, big_blind)), currency)
    info = GameInfo(game="holdem", played_at=played_at, table_name=table, ruleset=f"{SITE} {betting.value}",
                    site="Winning", played_in_utc=zone_clock(head["zone"]) is not None)
    return HoldemHand(
        all_in_said=True,   # the room says every all-in (ROOM-ALL-IN)
        source=source, info=info, hand_id=head["id"], betting=betting, small_blind=small_blind, big_blind=big_blind,
        tournament_id=tournament, is_tournament=tournament is not None,
        small_bet=small_bet, big_bet=big_bet, stakes=stakes, currency=currency,
        max_seats=max_seats, button_seat=button, seats=tuple(seats), actions=tuple(actions),
        boards=deals.boards(), board_lines=tuple(tuple(b) for b in board_lines), board_change=deals.change,
        hole_cards=tuple(play.holes), named_hands=tuple(play.named_hands), running_pots=running_pots, summary=summary, room_findings=marks.findings,
        header_line=first)


def _made_cards(named: str, index: int, text: str) -> tuple[Card, ...]:
    """The cards a made hand's name (``named``: a show line's words in parentheses, a summary line's
    after 'with') ends with, read as every card is: one that is no card (``Zz``, ``0.001c``)
    quarantines the hand at its column; () when it lists none."""
    made = _MADE_CARDS.search(named)
    return cards(made[1], index, text) if made else ()


def _action(m: re.Match, play: StreetActions, line: int, read) -> None:
    """An action line; ``read`` reads its amounts."""
    if m["verb"] or not (m["cap"] or m["rt"]):
        play.stated(m, line, read)
        return
    capped = m["cap"] is not None
    total = read(m["cap"] if capped else m["rt"])      # "raises $A to $T", "caps $T": the total
    play.raise_to(m["p"], None, total, line, m["allin"] is not None, capped)


# ---------------------------------------------------------------------- the older text (to 2019)

_OLDER_ID = re.compile(r"^Game ID: (?P<id>\d+) (?P<sb>[\d,]*\.?\d+)/(?P<bb>[\d,]*\.?\d+) (?P<table>.*?)\s*"
                       r"\((?P<game>[^()]*)\)\s*$")
_OLDER_STORED_AS = {"Hold'em": "holdem", "Six Plus Hold'em": "holdem36"}
"""The games of the older text read, by the name its ``Game ID`` line gives them, and the game each is stored as."""
_OLDER_START = re.compile(r"^Game started at: (?P<d>\d{4}/\d{1,2}/\d{1,2}) (?P<t>\d{1,2}:\d{1,2}:\d{1,2})\s*$")
_OLDER_POSTS = {"has small blind": ActionKind.POST_SB, "has big blind": ActionKind.POST_BB,
                "ante": ActionKind.POST_ANTE, "straddle": ActionKind.POST_STRADDLE, "posts": ActionKind.POST_DEAD}
_NUM = r"[\d,]*\.?\d+"

OLDER_LINE_KINDS: tuple[LineKind, ...] = (
    LineKind("GAMEID", "the 'Game ID: N 0.01/0.02 Table (Hold'em)' line", _OLDER_ID, ("id", "sb", "bb", "table", "game"),
             "^Game ID: "),
    LineKind("BUTTON", "the 'Seat 3 is the button' line", re.compile(r"^Seat (?P<btn>\d+) is the button\s*$"), ("btn",),
             "^Seat "),
    LineKind("SEAT", "a seat line like 'Seat 1: Name (2.50).'",
             re.compile(r"^Seat (?P<n>\d+): (?P<p>.*?) \((?P<s>" + _NUM + r")\)\.?\s*$"), ("n", "p", "s"), "^Seat ",
             "play"),
    LineKind("POST", "a post like 'Player Name has small blind (0.01)' or 'Player Name ante (0.15)'",
             re.compile(r"^Player (?P<p>.*?) ?(?P<post>has small blind|has big blind|ante|straddle|posts) \((?P<a>"
                        + _NUM + r")\)\s*$"), ("p", "post", "a"), "^Player ", "play"),
    LineKind("DEALT", "a 'Player Name received a card.' or 'received card: [Ad]' line",
             re.compile(r"^Player (?P<p>.*?) ?received (?:a card\.|card: \[(?P<c>[^\]]*)\])\s*$"), ("p", "c"),
             " received ", "play"),
    LineKind("STREET", "a street line like '*** FLOP ***: [Ks 2d 7c]'",
             re.compile(r"^\*\*\* (?P<what>FLOP|TURN|RIVER) \*\*\*:(?: \[(?P<c1>[^\]]*)\])?(?: \[(?P<c2>[^\]]*)\])?"
                        r"\s*$"), ("what", "c1", "c2"), "^*** ", "play"),
    LineKind("SUMMARY", "the '------ Summary ------' line", re.compile(r"^-+ Summary -+\s*$"), (), "^---", "play"),
    LineKind("UNCALLED", "an 'Uncalled bet (1) returned to Name' line",
             re.compile(r"^Uncalled bet \((?P<a>" + _NUM + r")\) returned to ?(?P<p>.*?)\s*$"), ("a", "p"),
             "^Uncalled bet (", "play"),
    LineKind("ACTION", "an action like 'Player Name folds', 'checks', 'calls (1)', 'bets (1)', 'raises (2)', "
                       "'allin (5)' or 'caps (3)'",
             re.compile(r"^Player (?P<p>.*?) ?(?:(?P<fold>folds)|(?P<check>checks)|(?P<verb>calls|bets|raises|allin|caps)"
                        r" \((?P<a>" + _NUM + r")\))\s*$"), ("p", "fold", "check", "verb", "a"), "^Player ", "play"),
    LineKind("NOSHOW", "a 'Player Name mucks cards' line", re.compile(r"^Player (?P<p>.*?) ?mucks cards\s*$"), ("p",),
             " mucks cards", "play"),
    LineKind(None, "a line without play like 'Player Name sitting out' or 'is timed out.'",
             re.compile(r"^Player .*?(?:sitting out|wait BB|is timed out\.|is disconnected.*|is connected.*)\s*$"
                        r"|^\ufffd+\s*$"), (), "", "play summary"),
    LineKind("POT", "the 'Pot: 0.49. Rake 0.02' line (with '. JP fee 0.04')",
             re.compile(r"^Pot: (?P<t>" + _NUM + r")\.? Rake (?P<r>" + _NUM + r")(?:\. JP fee (?P<jp>" + _NUM
                        + r"))?\.?\s*$"), ("t", "r", "jp"), "^Pot: ", "summary"),
    LineKind("BOARD", "a 'Board: […]' line", re.compile(r"^Board: \[(?P<c>[^\]]*)\]\s*$"), ("c",), "^Board: ",
             "summary"),
    LineKind("SEATSUM", "a summary line like 'Player Name does not show cards.Bets: 0.05. Collects: 0. Loses: 0.05.'",
             re.compile(r"^\*?Player (?P<p>.*?) ?(?:(?P<none>does not show cards)|(?P<muck>mucks \(does not show "
                        r"(?:cards|: \[(?P<mc>[^\]]*)\])\))|shows: [^\[]*\[(?P<c>[^\]]*)\][^.]*?(?: Low hand \([^)]*\))?)"
                        r"\.\s*Bets: (?P<bets>" + _NUM + r")\. Collects: (?P<got>" + _NUM + r")\. (?:Wins|Loses): "
                        + _NUM + r"\.?\s*$"), ("p", "none", "muck", "mc", "c", "bets", "got"), "Player ", "summary"),
    LineKind("END", "the 'Game ended at: …' line", re.compile(r"^Game ended at: .*$"), (), "^Game ended", "summary"),
)
"""Every kind of line of a hand of the older text after its 'Game started at' line."""

_OLDER_LINES = RoomLines("winning_older", OLDER_LINE_KINDS, merge=frozenset({"SEAT", "POST", "DEALT", "BODY",
                                                                              "SEATSUM"}),
                         body=frozenset({"ACTION", "UNCALLED", "NOSHOW"}),
                         expected="a seat, a post ('has small blind (0.01)'), a dealt card, an action (folds, checks, "
                                  "calls, bets, raises, allin), a street line like '*** FLOP ***: […]' or a summary "
                                  "line")
_HOW_OLDER = {"calls": "call", "bets": "bet", "raises": "raise", "allin": "any", "caps": "any"}
"""What a line's word means: the older text writes the chips a line adds ('raises (3)' over a
small blind of 1 at 2/4 makes 4)."""


def parse_older(lines: tuple[str, ...], source: Source) -> HoldemHand:
    """One hand of the Winning Poker Network's older text (``Game started at: …``). The text names
    no betting structure: the hand's lines are read and checked, then
    :class:`parsers.errors.UnstatedRule` asks for the structure the user set (``rasklad ingest
    --rules 'room Winning: no_limit'``), under which :meth:`~parsers.errors.UnstatedRule.read`
    makes the record."""
    if not lines:
        raise ParseError("empty hand", line=1, column=1)
    start = _OLDER_START.match(lines[0].lstrip("\ufeff"))
    if start is None:
        raise ParseError("expected a 'Game started at: 2016/8/8 16:26:41' line", line=1, column=1, line_text=lines[0])
    at = next((i for i, line in enumerate(lines) if line.startswith("Game ID: ")), None)
    head = _OLDER_ID.match(lines[at]) if at is not None else None
    if head is None:
        raise ParseError("expected a 'Game ID: N 0.01/0.02 Table (Hold'em)' line after the start",
                         line=2, column=1, line_text=lines[1] if len(lines) > 1 else "")
    game = head["game"].strip()
    if game not in _OLDER_STORED_AS:
        raise UnsupportedGame(f"Winning {game} is not supported yet: {_NOT_READ}", game=game, line=at + 1,
                         column=head.start("game") + 1, line_text=lines[at])
    tokens = _OLDER_LINES.classify(lines)
    _OLDER_LINES.check(tokens, lines)
    table = head["table"].strip() or None

    def read(option: str) -> HoldemHand:
        betting = BettingStructure(option)
        if game == "Hold'em":
            return _older_hand(lines, source, tokens, start, head, table, betting)

        # Six Plus Hold'em (36 cards) does not say either whether a straight beats three of a kind
        def read_order(order: str) -> HoldemHand:
            return _older_hand(lines, source, tokens, start, head, table, betting,
                               straight_beats_trips=order == "straight_beats_trips")

        raise UnstatedRule(_unstated(game, "order"), rule="order", site="Winning", table=table, read=read_order,
                           line=at + 1, column=head.start("game") + 1, line_text=lines[at])

    if game == "Hold'em":
        raise UnstatedRule(_unstated(game, "betting"), rule="betting", site="Winning", table=table, read=read,
                           line=at + 1, column=1, line_text=lines[at])
    # a Six Plus hand asks for its order once read under a structure: its reason names both, so
    # that one ingest given both reads it
    raise UnstatedRule(_unstated(game, "betting", "order"), rule="betting", site="Winning", table=table, read=read,
                       then="order", reason_then_set=_unstated(game, "betting"), line=at + 1, column=1,
                       line_text=lines[at])


_UNSTATED = {"betting": ("name no betting structure", listed(BettingStructure), BettingStructure.NO_LIMIT),
             "order": ("do not say whether a straight beats three of a kind", listed(ORDER_OPTIONS),
                       "trips_beat_straight")}
"""What the older text leaves unstated, by the kind of setting that states it: the words saying
so, the options, and one option, to show a setting's form."""


def _unstated(game: str, *rules: str) -> str:
    """The reason a hand of the older text of ``game`` waits for settings of the kinds ``rules``.

    >>> _unstated("Hold'em", "betting")  # doctest: +NORMALIZE_WHITESPACE
    "Winning Poker Network hands of the older text ('Game started at: …') name no betting structure:
    set it with rasklad ingest --rules (no_limit, pot_limit or limit; for the files of the run, or
    'table NAME: no_limit', or 'room Winning: no_limit')"
    """
    hands = "Winning Poker Network hands" if game == "Hold'em" else f"Winning {game} hands"
    said = [_UNSTATED[rule] for rule in rules]

    def each(form: str) -> str:
        return " and ".join(f"'{form}: {example}'" for _, _, example in said)

    return (f"{hands} of the older text ('Game started at: …') {' and '.join(words for words, _, _ in said)}: "
            f"set {'it' if len(said) == 1 else 'both'} with rasklad ingest --rules"
            f"{'' if len(said) == 1 else ', once for each'} ({'; '.join(options for _, options, _ in said)}; "
            f"for the files of the run, or {each('table NAME')}, or {each('room Winning')})")


def game_named_older(lines: tuple[str, ...]) -> str | None:
    """The game a hand of the older text names on its ``Game ID`` line (``holdem36`` for Six Plus
    Hold'em): the game a hand that does not parse, or awaits a setting, is quarantined under; None
    where it names no game read here."""
    head = next((_OLDER_ID.match(line) for line in lines if line.startswith("Game ID: ")), None)
    return _OLDER_STORED_AS.get(head["game"].strip()) if head else None


def _older_hand(lines: tuple[str, ...], source: Source, tokens, start: re.Match, head: re.Match, table: str | None,
                betting: BettingStructure, *, straight_beats_trips: bool | None = None) -> HoldemHand:
    """The record under ``betting``; a 36-card hand (Six Plus Hold'em) when ``straight_beats_trips`` is given."""
    short_deck = straight_beats_trips is not None
    first = source.first_line
    at = lines.index(head.string)      # the 'Game ID: …' line
    small_blind = read_amount_at(head["sb"], at, head.string, head.start("sb"))
    big_blind = read_amount_at(head["bb"], at, head.string, head.start("bb"))
    small_bet = big_bet = None
    if betting is BettingStructure.LIMIT:     # the stakes are the small and the big bet, as in the newer text
        small_bet, big_bet = small_blind, big_blind
        small_blind, big_blind = (small_bet / 2).quantize(Decimal("0.01")), small_bet
    seats: list[Seat] = []
    play = StreetActions(track_bets=True)
    board: list = []
    deals = BoardDeals()     # the street lines repeat the board so far: it is checked against them
    board_lines: list[int] = []
    button = None
    total = rake = None
    fees = Decimal(0)
    total_line = 0
    summary_board: list = []
    summary_board_lines: list[int] = []
    second_small_blind_live = False

    def money(text: str) -> Decimal:
        """An amount of the line the loop is on: one that is none quarantines the hand at its column."""
        return read_amount_at(text, index, lines[index])

    for kind, m, index in tokens:
        line = first + index
        text = lines[index]
        if kind == "BUTTON":
            button = stored_number(m, "btn", BUTTON_WORDS, index + 1, text)
        elif kind == "SEAT":
            seats.append(Seat(seat=stored_number(m, "n", SEAT_WORDS, index + 1, text), player=m["p"],
                              stack=money(m["s"]), line=line))
        elif kind == "POST":
            post, amount = _OLDER_POSTS[m["post"]], money(m["a"])
            if post is ActionKind.POST_DEAD and amount <= big_blind:
                # a newcomer's 'posts (5)' at 5/10 is a live small blind (his call adds the rest),
                # 'posts (10)' a live big blind; more is the big blind live and the rest dead (ROOM-DEAD-BLIND)
                post = ActionKind.POST_SB if amount < big_blind else ActionKind.POST_BB
                second_small_blind_live = second_small_blind_live or amount < big_blind
            live = min(amount, big_blind) if post is ActionKind.POST_DEAD else None
            play.post(m["p"], post, amount, line, False, live)
        elif kind == "DEALT":
            if m["c"]:     # the owner's cards, one a line: one record of both
                play.dealt_more(m["p"], cards(m["c"], index, text), line)
        elif kind == "STREET":
            street = _STREETS[m["what"]]
            if m["c1"]:     # (a line of no cards keeps the board so far)
                repeated = cards(m["c1"], index, text)
                deals.deal(0, street, repeated + cards(m["c2"], index, text), len(repeated) if m["c2"] else -1,
                           line, index, lines)
                board = list(deals.boards()[0])
            board_lines.append(line)
            play.to_street(street)
        elif kind == "ACTION":
            if m["fold"]:
                play.fold(m["p"], line)
            elif m["check"]:
                play.check(m["p"], line)
            else:
                play.put_in(m["p"], money(m["a"]), line, _HOW_OLDER[m["verb"]], m["verb"] == "allin")
        elif kind == "UNCALLED":
            play.uncalled(m["p"], money(m["a"]), line)
        elif kind == "NOSHOW":
            play.muck(m["p"], line)
        elif kind == "POT":
            total_line = line
            fees = money(m["jp"]) if m["jp"] else Decimal(0)
            rake = money(m["r"]) + fees
            total = money(m["t"])
        elif kind == "BOARD":
            summary_board.append(cards(m["c"], index, text))
            summary_board_lines.append(line)
        elif kind == "SEATSUM":
            # the summary is where the older text shows cards and pays the pot
            shown = m["c"] or m["mc"]
            if shown:
                play.show(m["p"], cards(shown, index, text), line, m["c"] is not None, Street.SHOWDOWN)
            got = money(m["got"])
            if got:     # (no showdown line: the pot's street is the showdown's, or the last fold's)
                play.collect(m["p"], got, line, street=play.pot_street())
    summary = None
    if total is not None:
        summary = Summary(total_pot=total + rake, rake=rake, fees=fees, boards=tuple(summary_board), total_line=total_line,
                          board_lines=tuple(summary_board_lines))
    # the older text writes no zone (the time as written) and no currency: its play-money tables are named 'PM …'
    currency = "play" if table and table.startswith("PM ") else "USD"
    played_at = in_utc(datetime.strptime(f"{start['d']} {start['t']}", "%Y/%m/%d %H:%M:%S"), None)
    info = GameInfo(game=_OLDER_STORED_AS[head["game"].strip()], played_at=played_at, table_name=table,
                    ruleset=f"{SITE} {betting.value}", site="Winning")
    return HoldemHand(
        all_in_said=True,   # the room says every all-in (ROOM-ALL-IN)
        source=source, info=info, hand_id=head["id"], betting=betting, small_blind=small_blind, big_blind=big_blind,
        small_bet=small_bet, big_bet=big_bet, currency=currency,
        stakes=stakes_label(*((small_bet, big_bet) if small_bet is not None else (small_blind, big_blind)), currency),
        is_short_deck=short_deck, straight_beats_trips=bool(straight_beats_trips),
        second_small_blind_live=second_small_blind_live, max_seats=None, button_seat=button, seats=tuple(seats),
        actions=tuple(play.actions), boards=(tuple(board),), board_lines=(tuple(board_lines),), board_change=deals.change, hole_cards=tuple(play.holes), summary=summary,
        header_line=first)
