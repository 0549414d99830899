"""Bovada, Ignition and Bodog Hold'em hand histories → :class:`rules.holdem_hand.HoldemHand`.

The room seats players anonymously: a seat is named by its position at the deal ("Dealer",
"Small Blind", "UTG+1"), and "[ME]" marks the log's owner, whom the record names ``Hero`` so
that his hands are one player's hands; every other name is one of the record's
``anonymous_players``, nobody's (the same name in two hands is not the same player). Amounts are written as chips added ("Calls $0.50",
"All-in $8"; ROOM-ALL-IN), raises as "Raises $A to $T" (A added, T the total) or, before 2012, "Raises $T"
(the total alone); the reader turns each into the record's raise over the bet. A hand's
lines are read by :data:`LINE_KINDS` and their order checked by ``grammars/bovada.lark``.

>>> lines = '''Bovada Hand #1 TBL#2 HOLDEM No Limit - 2012-08-26 23:35:15
... Seat 1: Dealer [ME] ($10 in chips)
... Seat 2: Big Blind ($10 in chips)
... Dealer  [ME] : Set dealer/Bring in spot [1]
... Dealer  [ME] : Ante/Small Blind $0.10
... Big Blind : Big blind/Bring in $0.25
... *** HOLE CARDS ***
... Dealer  [ME] : Card dealt to a spot [As Kd]
... Big Blind : Card dealt to a spot [7c 2h]
... Dealer  [ME] : Raises $0.65 to $0.75
... Big Blind : Folds
... Dealer  [ME] : Return uncalled portion of bet $0.50
... Dealer  [ME] : Hand result $0.50
... *** SUMMARY ***
... Total Pot($0.50) | Rake ($0)'''.split("\\n")
>>> hand = parse(tuple(lines), Source(file="x.txt", first_line=1, last_line=15, game_id="0"))
>>> [(a.player, str(a.kind), str(a.amount), a.raise_to) for a in hand.actions][2]
('Hero', 'raise', '0.50', Decimal('0.75'))
>>> hand.anonymous_players
('Big Blind',)
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import ROUND_DOWN, Decimal

from parsers.errors import BUTTON_WORDS, SEAT_WORDS, ParseError, UnstatedRule, UnsupportedGame, stored_number
from parsers.lines import (
    CURRENCY_SIGN,
    BoardDeals,
    CurrencyMarks,
    HandWords,
    StreetActions,
    read_amount_at,
    stakes_label,
    usual_small_blind,
)
from parsers.room_lines import LineKind, RoomLines, cards, in_utc, zone_clock
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

__all__ = ["HAND_WORDS", "HERO", "LINE_KINDS", "SITE", "parse"]

_ZERO = Decimal(0)
_CENT = Decimal("0.01")
_SMALL_BLIND_OF = {Decimal("0.05"): Decimal("0.02"), Decimal("0.25"): Decimal("0.10")}
"""The room's tables whose small blind is not half the big blind, big blind → small blind: the
samples' $0.02/$0.05 and $0.10/$0.25 (at the others, $0.05/$0.10 to $2/$4, it is half)."""

SITE = "bovada"
"""The room, as the ``ruleset`` column names it (Bovada, Ignition and Bodog are one network;
``games.site`` is the room the header names)."""
HERO = "Hero"
"""The name of the seat marked "[ME]": the log's owner."""

_AMT = CURRENCY_SIGN + r"?[\d,]*\.?\d+"
"""An amount: dollars (ROOM-CURRENCY), another sign read and noted."""
_HEADER = re.compile(
    r"^(?P<room>Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?) Hand #(?P<id>\d+)\s+"
    r"(?:TBL#(?P<table>\d+)|Zone Poker ID#(?P<zone>\d+))\s+"
    r"(?P<game>[A-Z0-9][A-Za-z0-9 ]*?)\s+(?P<struct>No Limit|Pot Limit|Fixed Limit)(?: \[MVS\])?"
    r"\s+-\s+(?P<d>\d{4}-\d{2}-\d{2}) (?P<t>\d{1,2}:\d{2}:\d{2})(?: (?P<zone_name>[A-Z]{2,4}))?\s*$")
_TOURNAMENT_HEADER = re.compile(
    r"^(?P<room>Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?) Hand #(?P<id>\d+):?\s+(?P<game>[A-Z0-9][A-Za-z0-9 ]*?)\s+"
    r"Tournament #(?P<tid>\d+)\s+TBL#(?P<table>\d+),?\s+(?P<speed>[^-]*?)\s*-\s*Level (?P<level>\d+) "
    r"\((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)\s+-\s+(?P<d>\d{4}-\d{2}-\d{2}) (?P<t>\d{1,2}:\d{2}:\d{2})"
    r"(?: (?P<zone_name>[A-Z]{2,4}))?\s*$")
"""A tournament hand's header: no betting structure, the level's blinds in chips."""
_PLAYER = r"^(?P<p>[^:\[]*?[^\s:\[])(?P<me>\s*\[ME\])?\s+: "
"""A position as the name ("Big Blind", "UTG+1"), the owner's "[ME]" after it, then " : "."""

HAND_WORDS = HandWords({
    "HIGH_CARD": ("High Card",), "PAIR": ("One pair",), "TWO_PAIR": ("Two pair",),
    "THREE_OF_A_KIND": ("Three of a kind",), "STRAIGHT": ("Straight",), "FLUSH": ("Flush",),
    "FULL_HOUSE": ("Full House",), "FOUR_OF_A_KIND": ("Four of a kind",), "STRAIGHT_FLUSH": ("Straight Flush",),
}, (), ())
"""How Bovada names the kind of a made hand after a showdown line's five cards (HE-HAND-NAME), no
rank: 'Showdown [8h 8d Qc Jd 7d] (One pair)', 'Showdown [5s 6s 4s 2s 3s] (Straight Flush)'. A royal
flush is a straight flush of that kind, whatever its name (no sample names one); the name after a
'Does not show' line, 'High Card' for a pair of kings folded before the flop, is no name of the
cards' hand and is not read. The five cards are read with the kind (``NamedHand.cards``), and so
are those a summary line lists after the hole cards (:data:`_SUMMARY_MADE`)."""

_SUMMARY_MADE = re.compile(r"^Seat[ +](?P<n>\d+):[^\[]*(?:\[ME\][^\[]*)?\[[^\]-]*-(?P<c>[^\]]*)\]")
"""A summary seat line that lists the player's hole cards, a dash and the five cards of the made
hand ('Seat+4: UTG+2 $4.85  with One pair [Ac 9h-Ad Ac Js 9h 8s]'): its seat number and the five.
Its name of the kind is not read: the room names a hand in the line of a player who folded too
('lost with One pair [5d 9d]', the hole cards alone)."""

LINE_KINDS: tuple[LineKind, ...] = (
    LineKind("SEAT", "a seat line like 'Seat 1: Dealer ($10 in chips)'",
             re.compile(r"^Seat (?P<n>\d+): (?P<p>[^\[(]*?[^\s\[(])(?P<me>\s*\[ME\])? \((?P<s>" + _AMT
                        + r") in chips\)\s*$"), ("n", "p", "me", "s"), "^Seat ", "setup"),
    LineKind("HOLE", "the '*** HOLE CARDS ***' line", re.compile(r"^\*\*\* HOLE CARDS \*\*\*\s*$"), (), "^***", "setup"),
    LineKind("SUMMARY", "the '*** SUMMARY ***' line", re.compile(r"^\*\*\* SUMMARY \*\*\*\s*$"), (), "^***", "play"),
    LineKind("STREET", "a street line like '*** FLOP *** […]' or 'Card dealt to table […]'",
             re.compile(r"^(?:\*\*\* (?P<what>FLOP|TURN|RIVER) \*\*\* \[(?P<c1>[^\]]*)\](?: \[(?P<c2>[^\]]*)\])?"
                        r"|Card dealt to table \[(?P<c3>[^\]]*)\])\s*$"), ("what", "c1", "c2", "c3"), "", "play"),
    # alone, 'Set dealer' names no seat: the table has no dealer seat (a dead button)
    LineKind("DEALER", "the 'Dealer : Set dealer [N]' line",
             re.compile(r"(?:" + _PLAYER + r"Set dealer(?:/Bring in spot)? \[(?P<btn>\d+)\]|^Set dealer)\s*$"), ("btn",),
             "Set dealer", "setup"),
    LineKind("POST", "a post like 'Small Blind : Small Blind $0.10'",
             re.compile(_PLAYER + r"(?P<post>Small [Bb]lind|Ante/Small Blind|Big [Bb]lind(?:/Bring in)?|Posts chip"
                        r"|Posts dead chip|Ante chip|All-in) (?P<a>" + _AMT + r")\s*$"), ("p", "me", "post", "a"), " : ",
             "setup"),
    LineKind("DEALT", "a 'Name : Card dealt to a spot […]' line",
             re.compile(_PLAYER + r"Card dealt to a spot \[(?P<c>[^\]]*)\]\s*$"), ("p", "me", "c"), " : Card dealt",
             "play"),
    LineKind("ACTION", "an action like 'Name : Folds', 'Checks', 'Calls $1', 'Bets $1' or 'Raises $1 to $2'",
             re.compile(_PLAYER + r"(?:(?P<fold>Folds)(?: ?\((?:timeout|auth|disconnect)\)| & shows \[(?P<fc>[^\]]*)\])?"
                        r"|(?P<check>Checks)(?: ?\((?:timeout|auth|disconnect)\))?"
                        r"|(?P<verb>Calls?|Bets|All-in(?:\(raise\))?|Raises)(?:\(timeout\))? (?P<a>" + _AMT
                        + r")(?: to (?P<to>" + _AMT + r"))?)\s*$"),
             ("p", "me", "fold", "fc", "check", "verb", "a", "to"), " : ", "play"),
    LineKind("UNCALLED", "a 'Name : Return uncalled portion of bet $1' line",
             re.compile(_PLAYER + r"Return uncalled portion of bet (?P<a>" + _AMT + r")\s*$"), ("p", "me", "a"),
             " : Return uncalled", "play"),
    LineKind("SHOW", "a 'Name : Showdown […]', 'Mucks […]' or 'Does not show […]' line",
             # (after 'Does not show [As Kd]', 'Show1 [As]': the one card the player chose to show)
             re.compile(_PLAYER + r"(?P<how>Showdown|Mucks|Does not show)\s*(?:\[(?P<c>[^\]]*)\])?"
                        r"(?:\s*Show\d \[[^\]]*\])?\s*(?:\((?P<named>.*)\))?\s*$"),
             ("p", "me", "how", "c", "named"), " : ", "play"),
    LineKind("COLLECT", "a 'Name : Hand result $1' line",
             re.compile(_PLAYER + r"Hand [Rr]esult(?P<side>-Side [Pp]ot)? (?P<a>" + _AMT + r")\s*$"),
             ("p", "me", "side", "a"), " : Hand ", "play"),
    LineKind(None, "a line without play like 'Name : Seat sit out' or 'Enter(Auto)'",
             re.compile(r"^(?:[^:]+ : )?(?:(?:Leave|Enter)\(Auto\)|Seat (?:sit out|stand|re-join|sit down)"
                        r"|Sitout \(.*\)|Table (?:deposit .*|enter user|leave user)|Set dealer/Bring in spot"
                        r"|Draw for dealer \[[^\]]*\]|Stand|Sit out|Re-join|Ranking \d+|Prize Cash \[[^\]]*\]"
                        r"|BOUNTY PRIZE \[[^\]]*\]|Prize Tournament Ticket \[[^\]]*\])\s*$")),
    LineKind(None, "a 'Table Info: …' or 'Player Info: …' line", re.compile(r"^(?:Table|Player) Info: "), (), "",
             "setup"),
    LineKind("TOTAL", "the 'Total Pot($1) | Rake ($0.05)' line",
             re.compile(r"^Total Pot\((?P<t>" + _AMT + r")\)(?:\s*\|\s*Rake \((?P<r>" + _AMT + r")\))?\s*$"),
             ("t", "r"), "^Total Pot(", "summary"),
    LineKind("BOARD", "a 'Board […]' line", re.compile(r"^Board \[(?P<c>[^\]]*)\]\s*$"), ("c",), "^Board [",
             "summary"),
    # (a tournament's bounty winner: 'Seat 9:Small Blind 4410  with … BOUNTY awarded:$10')
    LineKind("SEATSUM", "a summary seat line like 'Seat+1: Dealer Folded before the FLOP'",
             re.compile(r"^Seat[ +]\d+: ?.*$"), (), "^Seat", "summary"),
)
"""Every kind of line of a hand after its header, in the order the classifier tries them."""

_LINES = RoomLines("bovada", LINE_KINDS, merge=frozenset({"SEAT", "DEALT", "BODY", "SEATSUM"}),
                   body=frozenset({"ACTION", "UNCALLED", "SHOW", "COLLECT"}),
                   sections=("setup", "play", "summary"), switches={"HOLE": "play", "SUMMARY": "summary"},
                   expected="a seat, a post, an action (Folds, Checks, Calls, Bets, Raises, All-in), a street line, "
                            "a result or a summary line")

_GAMES = {"HOLDEM": "Hold'em", "HOLDEMZonePoker": "Hold'em"}
_OTHER_GAMES = {"OMAHA": "Omaha", "HiLo": "Hi-Lo", "7CARD": "7 Card Stud"}
_STREET_BY_CARDS = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
_POSTS = {"Small Blind": ActionKind.POST_SB, "Small blind": ActionKind.POST_SB, "Ante/Small Blind": ActionKind.POST_SB,
          "Ante chip": ActionKind.POST_ANTE,
          "Big Blind": ActionKind.POST_BB, "Big blind": ActionKind.POST_BB, "Big blind/Bring in": ActionKind.POST_BB,
          "Big Blind/Bring in": ActionKind.POST_BB, "Posts chip": ActionKind.POST_BB,
          "Posts dead chip": ActionKind.POST_DEAD}


def read_header(line: str) -> re.Match:
    """The header's fields, or a ParseError saying why the hand is not read (another game)."""
    match = _HEADER.match(line.lstrip("\ufeff")) or _TOURNAMENT_HEADER.match(line.lstrip("\ufeff"))
    if match is None:
        raise ParseError("expected a 'Bovada Hand #… TBL#… HOLDEM No Limit - 2012-01-02 03:04:05' header line",
                         line=1, column=1, line_text=line)
    if match["game"] not in _GAMES:
        name = " ".join(_OTHER_GAMES.get(word, word) for word in match["game"].replace("ZonePoker", "").split())
        struct = f" {match['struct']}" if "struct" in match.re.groupindex else " tournament"
        raise UnsupportedGame(f"Bovada {name}{struct} is not supported yet: Rasklad reads the Hold'em hands "
                              "of Bovada, Ignition and Bodog", game=name, line=1, column=match.start("game") + 1, line_text=line)
    return match


_SET_DEALER = next(kind.pattern for kind in LINE_KINDS if kind.name == "DEALER")


def _classify(lines: tuple[str, ...]) -> list[tuple[str, re.Match, int]]:
    """The hand's lines by kind; a 'Set dealer' line after the summary, which opens the play of
    a hand, says that the next hand's text runs into this one, its header and seats lost."""
    try:
        return _LINES.classify(lines)
    except ParseError as error:
        if _SET_DEALER.match(error.line_text) and any(line.startswith("*** SUMMARY") for line in
                                                        lines[:error.line - 1]):
            raise ParseError("a 'Set dealer' line, which opens a hand's play, comes after this hand's summary: the "
                             "text of another hand runs into it, that hand's header and seat lines lost (a file cut "
                             "and joined), so the lines of the two cannot be told apart", line=error.line,
                             column=1, line_text=error.line_text) from None
        raise


def _name(m: re.Match) -> str:
    return HERO if m["me"] else m["p"]


def parse(lines: tuple[str, ...], source: Source) -> HoldemHand:
    """One Bovada/Ignition/Bodog hand (its lines, header first) → HoldemHand."""
    if not lines:
        raise ParseError("empty hand", line=1, column=1)
    head = read_header(lines[0])
    tokens = _classify(lines)
    _LINES.check(tokens, lines)
    if "tid" not in head.re.groupindex:
        return _hand(lines, source, head, tokens, BettingStructure.parse(head["struct"]))

    # The header names no betting structure, and a hand's bets do not prove one (a bet only No
    # Limit allows is a broken Pot Limit log too): the user sets it, or the hand stays in quarantine.
    def read(option: str) -> HoldemHand:
        return _hand(lines, source, head, tokens, BettingStructure(option))

    table = f"Tournament {head['tid']} table {head['table']}"
    raise UnstatedRule("Bovada tournament hands name no betting structure: set it with rasklad ingest --rules "
                       "(no_limit, pot_limit or limit; for the files of the run, or 'table NAME: no_limit', or "
                       f"'room {head['room'].split('.')[0].split()[0]}: no_limit')",
                       rule="betting", site=head["room"].split(".")[0].split()[0], table=table, read=read,
                       line=1, column=head.start("tid") - len("Tournament #") + 1, line_text=lines[0])


_NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}
_FOLDED_ON = re.compile(r"^Seat[ +](?P<n>\d+): ?.*? Folded (?:on|before) the (?P<street>POCKET CARDS|FLOP|TURN|RIVER)\b")
_FOLD_STREET = {"POCKET CARDS": Street.PREFLOP, "FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_NO_STREET_LINES = "this Bovada export writes no street lines: the streets of its actions cannot be told apart"


class _Rounds:
    """The streets of a hand whose export writes no street lines, its board only in the summary
    (Bovada and Bodog, spring 2012): a betting round is over when every player who can still bet
    has acted on it and matched its bet, and the next action opens the next street. What the hand
    says besides (the summary's board, its 'Folded on the TURN' seat lines) must agree, or the
    streets cannot be told and the hand is quarantined: a street told wrong would be a false finding.
    Who folded and who is all in, the actions built so far say."""

    __slots__ = ("acted", "board", "dealt", "play")

    def __init__(self, play: StreetActions, board: tuple, dealt: dict[str, tuple]) -> None:
        self.play, self.board = play, board
        self.dealt = dealt              # the players dealt in, as the lines deal them
        self.acted: set[str] = set()    # on this street

    def live(self) -> list[str]:
        """The players dealt in who have not folded."""
        folded = {a.player for a in self.play.actions if a.kind is ActionKind.FOLD}
        return [p for p in self.dealt if p not in folded]

    def over(self, live: list[str]) -> bool:
        """Is the street's betting over?"""
        bets = self.play.bets
        all_in = {a.player for a in self.play.actions if a.is_all_in}
        free = [p for p in live if p not in all_in]
        if len(free) < 2 and all(bets.of(p) >= bets.top for p in free):
            return True
        return all(p in self.acted and bets.of(p) >= bets.top for p in free)

    def act(self, player: str, index: int, text: str) -> None:
        """Before ``player``'s action: the street it is on begins if the last one's betting is over."""
        live = self.live()
        if len(live) > 1 and self.over(live):      # (after the last fold, an action is the replay's finding)
            street = _NEXT_STREET.get(self.play.street)
            if street is None or len(self.board) < street.board_size:
                cards_out = " ".join(map(str, self.board)) or "no board"
                raise ParseError(f"{_NO_STREET_LINES} ({player} acts after the betting of the "
                                 f"{self.play.street} is over, and the summary's board is {cards_out})",
                                 line=index + 1, column=1, line_text=text)
            self.play.to_street(street)
            self.acted = set()
        self.acted.add(player)

    def check(self, lines: tuple[str, ...], tokens, seat_names: dict[int, str]) -> None:
        """The streets told against the summary: its board, and the street each seat folded on."""
        # with one player left the hand ended on the street told; with more the board was dealt out
        end = self.play.street if len(self.live()) < 2 else Street.RIVER
        if len(self.board) != end.board_size:
            raise ParseError(f"{_NO_STREET_LINES} (the betting ends on the {end}, the summary's board has "
                             f"{len(self.board)} cards)", line=1, column=1, line_text=lines[0])
        folds = {a.player: a for a in self.play.actions if a.kind is ActionKind.FOLD}
        for kind, _, index in tokens:
            m = _FOLDED_ON.match(lines[index]) if kind == "SEATSUM" else None
            fold = folds.get(seat_names.get(int(m["n"]))) if m else None
            if fold is not None and fold.street is not _FOLD_STREET[m["street"]]:
                raise ParseError(f"{_NO_STREET_LINES} (the betting puts {fold.player}'s fold at line {fold.line} on "
                                 f"the {fold.street}, the summary on the {_FOLD_STREET[m['street']]})",
                                 line=index + 1, column=1, line_text=lines[index])


def _hand(lines: tuple[str, ...], source: Source, head: re.Match, tokens, betting: BettingStructure) -> HoldemHand:
    """The record of a hand whose lines are read and checked, under ``betting``."""
    tournament = "tid" in head.re.groupindex
    first = source.first_line
    seats: list[Seat] = []
    # the room writes what a line adds: the builder keeps each player's chips on the street
    play = StreetActions(track_bets=True)
    actions = play.actions
    dealt: dict[str, tuple] = {}
    board: list = []
    deals = BoardDeals()     # the street lines repeat the board so far: it is checked against them
    board_lines: list[int] = []
    button = None
    total = rake = None
    total_line = 0
    summary_board: list = []
    summary_board_lines: list[int] = []
    big_blind = small_blind = None
    second_small_blind_live = False
    positions: dict[str, int] = {}
    returned = False
    paid_back: Action | None = None
    written_back = Decimal(0)
    # ROOM-CURRENCY: US dollars (a tournament's chips: no sign); another sign is read as written, and noted
    marks = CurrencyMarks("" if tournament else "$", first)

    def read(text: str) -> Decimal:
        """An amount of the line the reader is on: one that is none quarantines the hand at its column."""
        marks.other(text, text[0])
        return read_amount_at(text, marks.index, lines[marks.index])

    # the export of spring 2012 writes no street lines, its board only in the summary: the
    # betting tells the streets (or the hand is quarantined)
    rounds = None
    if not any(kind == "STREET" for kind, _, _ in tokens):
        written = [(cards(m["c"], index, lines[index]), first + index) for kind, m, index in tokens if kind == "BOARD"]
        if written and written[0][0]:
            rounds = _Rounds(play, written[0][0], dealt)
    seat_names: dict[int, str] = {}

    for kind, m, index in tokens:
        line = first + index
        marks.index = index
        text = lines[index]
        if kind == "SEAT":
            # a tournament's seat numbers are the players' own; the seats are listed clockwise, and
            # 'Set dealer [N]' names the N-th: a seat is its place in the list
            listed = stored_number(m, "n", SEAT_WORDS, index + 1, text)
            number = len(seats) + 1 if tournament else listed
            seats.append(Seat(seat=number, player=HERO if m["me"] else m["p"], stack=read(m["s"]), line=line))
            positions[m["p"]] = number
            seat_names[listed] = _name(m)
        elif kind == "DEALER":
            button = stored_number(m, "btn", BUTTON_WORDS, index + 1, text)     # ROOM-BUTTON: the line names the button
        elif kind == "POST":
            player, amount = _name(m), read(m["a"])
            post = _POSTS.get(m["post"])
            all_in = post is None       # "All-in $8" in the blinds: the blind of the poster's position
            if post is None:
                post = ActionKind.POST_SB if m["p"] == "Small Blind" or (
                    big_blind is None and small_blind is None and m["p"] == "Dealer") else ActionKind.POST_BB
            elif m["post"] == "Posts chip" and big_blind is not None and amount < big_blind:
                # a newcomer's chip of less than the big blind is a live small blind: his call adds the rest
                post = ActionKind.POST_SB
                second_small_blind_live = True
            if post is ActionKind.POST_SB and small_blind is None:
                small_blind = amount
            elif post is ActionKind.POST_BB and big_blind is None:
                big_blind = amount
            # small and big blind together: the big blind is live, the rest dead in the pot
            live = min(amount, big_blind or amount) if post is ActionKind.POST_DEAD else \
                None if post is ActionKind.POST_ANTE else amount
            play.post(player, post, amount, line, all_in, live)
        elif kind == "DEALT":
            found = cards(m["c"], index, text)
            dealt[_name(m)] = found
            play.dealt(_name(m), found, line)
        elif kind == "STREET":
            # 'Card dealt to table [Jd]' writes its new cards alone, after the board so far
            repeated = tuple(board) if m["c3"] else cards(m["c1"], index, text)
            written = repeated + cards(m["c2"] or m["c3"], index, text)
            street = _STREET_BY_CARDS.get(len(written))
            if street is None:
                raise ParseError(f"{len(written)} cards on the board: expected 3 on the flop, 4 on the turn, 5 on the "
                                 "river", line=index + 1, column=1, line_text=text)
            deals.deal(0, street, written, len(repeated) if repeated and (m["c2"] or m["c3"]) else -1, line, index, lines)
            board = list(deals.boards()[0])
            board_lines.append(line)
            play.to_street(street)
        elif kind == "ACTION":
            if rounds is not None:
                rounds.act(_name(m), index, text)
            _action(m, play, line, read)
            if m["fc"]:
                play.holes.append(HoleCards(player=_name(m), cards=cards(m["fc"], index, text), how=CardsHow.SHOWN,
                                            line=line))
        elif kind == "UNCALLED":
            returned = True
            play.uncalled(_name(m), read(m["a"]), line)
        elif kind == "SHOW":
            player = _name(m)
            if m["how"] == "Showdown":
                # the line lists the best five cards, not the hole cards: those are the dealt ones
                play.show(player, dealt.get(player, ()), line, True, Street.SHOWDOWN, hole=False)
                # (a 'Does not show' line's name is not the cards' hand: not read)
                play.name_hand(player, HAND_WORDS.named(m["named"]) if m["named"] else None, line,
                               cards=cards(m["c"], index, text))
            else:
                play.show(player, cards(m["c"], index, text), line, False, Street.SHOWDOWN, hole=False)
        elif kind == "COLLECT":
            if not returned:
                returned = True
                paid_back = play.return_unmatched(line)
            amount = read(m["a"])
            if paid_back is not None and paid_back.player == _name(m):
                amount -= paid_back.amount      # the result pays the uncalled bet back with the pot (ROOM-UNCALLED)
                written_back, paid_back = paid_back.amount, None
            play.collect(_name(m), amount, line, "side pot" if m["side"] else "pot", street=play.pot_street())
        elif kind == "TOTAL":
            total, rake, total_line = read(m["t"]), read(m["r"]) if m["r"] else None, line
        elif kind == "BOARD":
            summary_board.append(cards(m["c"], index, text))
            summary_board_lines.append(line)
        elif kind == "SEATSUM":
            made = _SUMMARY_MADE.match(text)
            if made is not None and int(made["n"]) in seat_names:
                play.name_hand(seat_names[int(made["n"])], None, line, 0, cards(made["c"], index, text))
    if rounds is not None:
        rounds.check(lines, tokens, seat_names)
        # the board is the summary's, each street's cards dealt at its line
        board, board_lines = list(rounds.board), [written[0][1]] * (len(rounds.board) - 2)
    if button is None:
        # no "Set dealer" line: the seat named Dealer holds the button, else it is dead, just
        # before the small blind
        small = positions.get("Small Blind")
        button = positions.get("Dealer") or (small - 1 if small is not None and small > 1 else None)
    if big_blind is None:
        raise ParseError("the hand has no big blind: the stakes are not known", line=1, column=1, line_text=lines[0])
    small_blind_stated = small_blind is not None     # else the cash text names no small blind
    small_blind, big_blind = _stakes_blinds(actions, betting)
    small_bet = big_bet = None
    if betting is BettingStructure.LIMIT:
        small_bet, big_bet = big_blind, big_blind * 2
    # Zone Poker writes no total and no rake, and some hands a total without rake: the rake is
    # then the pot less what the results pay, and the pot the chips the lines put in.
    collects = [a for a in actions if a.kind is ActionKind.COLLECT]
    paid = sum((a.amount for a in collects), Decimal(0))
    if total is None:
        total = play.bets.pot
    else:
        total -= written_back       # the written total counts the bet nobody called
        total_line = collects[-1].line if collects else first
    if rake is None:
        rake = total - paid
    # the results name the main pot and the side pots: each pot's share after rake, main first
    side = sum((a.amount for a in collects if a.pot == "side pot"), Decimal(0))
    pots = (paid - side, side) if side else ()
    summary = Summary(total_pot=total, rake=rake, pots=pots, boards=tuple(summary_board), total_line=total_line,
                      board_lines=tuple(summary_board_lines))
    played_at = in_utc(datetime.fromisoformat(f"{head['d']} {head['t']}"), head["zone_name"])
    if tournament:
        table = f"Tournament {head['tid']} table {head['table']}"
    else:
        table = head["table"] or (f"Zone {head['zone']}" if head["zone"] else None)
    info = GameInfo(game="holdem", played_at=played_at, table_name=table, ruleset=f"{SITE} {betting.value}",
                    site=head["room"].split(".")[0].split()[0], played_in_utc=zone_clock(head["zone_name"]) is not None)
    # the stakes: the blinds; in Limit the bets, as PokerStars names Limit stakes
    if tournament:      # chips, the level's blinds (in Limit its big blind and twice it)
        currency = "chips"
        level = read_amount_at(head["bb"], 0, lines[0], head.start("bb"))
        named = (read_amount_at(head["sb"], 0, lines[0], head.start("sb")), level) if small_bet is None else \
            (level, level * 2)
    else:
        currency = "USD"
        named = (small_bet, big_bet) if small_bet else (small_blind, big_blind)
    stakes = stakes_label(*named, currency)
    # the room seats its players anonymously: every name but the owner's is a position, nobody's
    named = {seat.player for seat in seats} | {action.player for action in actions}
    if summary is not None:
        named.update(seat.player for seat in summary.seats)
    return HoldemHand(
        anonymous_players=tuple(sorted(named - {HERO})),
        all_in_said=True,   # the room says every all-in (ROOM-ALL-IN)
        source=source, info=info, hand_id=head["id"], tournament_id=head["tid"] if tournament else None,
        betting=betting, small_blind=small_blind, small_blind_stated=small_blind_stated, big_blind=big_blind,
        small_bet=small_bet, big_bet=big_bet, stakes=stakes, currency=currency, is_tournament=tournament,
        max_seats=None, button_seat=button, second_small_blind_live=second_small_blind_live,
        seats=tuple(seats), actions=tuple(actions), boards=(tuple(board),), board_change=deals.change,
        board_lines=(tuple(board_lines),), hole_cards=tuple(play.holes),
        named_hands=tuple(play.named_hands), summary=summary, room_findings=marks.findings,
        header_line=first)


def _stakes_blinds(actions: list[Action], betting: BettingStructure) -> tuple[Decimal, Decimal]:
    """The stakes' small and big blind, which the cash text does not name: the blinds posted, but
    a blind posted all in may be short of them. The big blind is the first posted in full, else
    the bet the first call before any raise makes (the others call the full big blind), else in
    Limit twice the small blind (the blinds are half the small bet and the small bet), else the
    post all in. The small blind is the first posted in full, else the part of a dead chip over
    the big blind (small and big blind together), else in Limit half the small bet (down to the
    cent), else a post all in, else the room's small blind of that big blind, which the hand does
    not say (``small_blind_stated`` is then False): half of it, but $0.02 at $0.05 and $0.10 at $0.25
    (:data:`_SMALL_BLIND_OF`).

    >>> def post(kind, amount, all_in=False):
    ...     return Action(street=Street.PREFLOP, player=str(kind), kind=kind, amount=Decimal(amount), is_all_in=all_in,
    ...                   line=1)
    >>> sb, bb, dead = ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.POST_DEAD
    >>> _stakes_blinds([post(sb, 15), post(bb, 15, True)], BettingStructure.LIMIT)    # the big blind all in short
    (Decimal('15'), Decimal('30'))
    >>> _stakes_blinds([post(bb, 8)], BettingStructure.LIMIT)                           # no small blind
    (Decimal('4.00'), Decimal('8'))
    >>> _stakes_blinds([post(bb, "0.25"), post(dead, "0.35")], BettingStructure.NO_LIMIT)
    (Decimal('0.10'), Decimal('0.25'))
    >>> _stakes_blinds([post(bb, "0.25")], BettingStructure.NO_LIMIT), _stakes_blinds([post(bb, 2)], BettingStructure.NO_LIMIT)
    ((Decimal('0.10'), Decimal('0.25')), (Decimal('1.00'), Decimal('2')))
    """
    posts = [a for a in actions if a.kind.is_post]
    big = next((a.amount for a in posts if a.kind is ActionKind.POST_BB and not a.is_all_in), None)
    small = next((a.amount for a in posts if a.kind is ActionKind.POST_SB and not a.is_all_in), None)
    short_big = next((a.amount for a in posts if a.kind is ActionKind.POST_BB), None)
    limit = betting is BettingStructure.LIMIT
    if big is None:
        put: dict[str, Decimal] = {}
        for a in actions:
            if a.kind.is_post:
                put[a.player] = put.get(a.player, _ZERO) + (a.amount if a.kind is not ActionKind.POST_DEAD else _ZERO)
            elif a.kind in (ActionKind.RAISE, ActionKind.BET) or a.street is not Street.PREFLOP:
                break
            elif a.kind is ActionKind.CALL and not a.is_all_in:
                big = put.get(a.player, _ZERO) + a.amount
                break
        if big is None and limit and small is not None:
            big = small * 2
        big = max(big or _ZERO, short_big or _ZERO)
    if small is None:
        dead = next((a.amount for a in posts if a.kind is ActionKind.POST_DEAD and a.amount > big), None)
        if dead is not None:
            small = dead - big
        elif limit:
            small = (big / 2).quantize(_CENT, rounding=ROUND_DOWN)
        else:
            small = next((a.amount for a in posts if a.kind is ActionKind.POST_SB), None)
            if small is None:
                small = usual_small_blind(big, _SMALL_BLIND_OF)
    return small, big


_HOW = {"Calls": "call", "Call": "call", "Bets": "bet", "Raises": "raise", "All-in": "any", "All-in(raise)": "open"}
"""What the room's words mean as :meth:`parsers.lines.StreetActions.put_in` reads them."""


def _action(m: re.Match, play: StreetActions, line: int, read) -> None:
    """An action line; ``read`` reads its amounts."""
    player = _name(m)
    if m["fold"]:
        play.fold(player, line)
    elif m["check"]:
        play.check(player, line)
    else:
        verb, amount = m["verb"], read(m["a"])
        all_in = verb.startswith("All-in")
        if m["to"] is not None:
            play.put_in(player, amount, line, _HOW[verb], all_in, read(m["to"]))   # "Raises $A to $T": A added
        elif verb == "Raises" or verb == "All-in(raise)":
            play.put_in(player, amount, line, _HOW[verb], all_in, amount)   # the older "Raises $T": the total
        else:
            play.put_in(player, amount, line, _HOW[verb], all_in)   # "Calls $A", "Bets $A", "All-in $A": A added
