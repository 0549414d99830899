"""PokerStars Hold'em hand histories → :class:`rules.holdem_hand.HoldemHand`.

Each line is classified once by the patterns of its kind (LINE_KINDS, made from the declared
line forms); Lark checks the order of the kinds (``grammars/pokerstars.lark``), and the record is
built from the same matches. Lines without play are read and left out. Other games are refused
with a reason in words, so that they go to quarantine.

>>> lines = '''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02 3:04:05 ET
... Table 'T' 6-max Seat #1 is the button
... Seat 1: Anna ($2 in chips)
... Seat 2: Boris: the great ($2 in chips)
... Anna: posts small blind $0.01
... Boris: the great: posts big blind $0.02
... *** HOLE CARDS ***
... Anna: folds
... Uncalled bet ($0.01) returned to Boris: the great
... Boris: the great collected $0.02 from pot
... *** SUMMARY ***
... Total pot $0.02 | Rake $0
... Seat 1: Anna (button) (small blind) folded before Flop
... Seat 2: Boris: the great (big blind) collected ($0.02)'''.split("\\n")
>>> hand = parse(tuple(lines), Source(file="x.txt", first_line=10, last_line=23, game_id="0"))
>>> hand.info.game, hand.big_blind, [str(a.kind) for a in hand.actions], hand.actions[2].line
('holdem', Decimal('0.02'), ['post_sb', 'post_bb', 'fold', 'uncalled', 'collect'], 17)
>>> parse(("PokerStars Hand #2:  Omaha Pot Limit ($1/$2 USD) - 2020/01/02 3:04:05 ET",),
...       Source(file="x.txt", first_line=1, last_line=1, game_id="0"))
Traceback (most recent call last):
...
parsers.errors.UnsupportedGame: line 1, column 22: Omaha Pot Limit is not supported yet: Rasklad reads Hold'em and 6+ Hold'em hands of PokerStars
"""

from __future__ import annotations

import re
import string
import sys
from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal
from zoneinfo import ZoneInfo

from parsers.errors import BUTTON_WORDS, SEAT_WORDS, TABLE_WORDS, ParseError, UnsupportedGame, stored_number
from parsers.lines import (
    BoardDeals,
    CurrencyMarks,
    HandWords,
    LineForm,
    LineKind,
    LineTable,
    Piece,
    amount_at_fault,
    named_hand,
    read_amount_at,
    stakes_label,
)
from parsers.lines import read_amount as _money
from parsers.lines import read_cards as _cards
from parsers.pokerstars_summary import SITE
from parsers.room_lines import in_utc as _room_in_utc
from parsers.room_lines import zone_clock
from rules.cards import Card
from rules.holdem_hand import (
    Action,
    ActionKind,
    BettingStructure,
    CardsHow,
    CashOut,
    HoldemHand,
    HoleCards,
    NamedHand,
    Seat,
    Street,
    Summary,
    SummarySeat,
)
from rules.records import GameInfo, Source, slot_filler

__all__ = [
    "BETS", "CURRENCY_SIGNS", "DATE_TIME", "FOLDED_ON", "FORMS", "HAND_NAME", "HAND_NAMES", "HAND_WORDS", "LINE_KINDS", "MARKERS",
    "MISC_ENDS", "MISC_OPEN", "NAMED_IN_SUMMARY", "NO_PLAY", "NO_PLAY_OPEN", "NO_SHOWS", "OUTCOMES", "PHRASES", "POSITIONS", "POSTS",
    "RANK_NAMES", "RANK_PLURALS", "RUNS", "SHOWS", "SITE", "SUMMARY_OUTCOME", "SYNTAX", "TABLE_KINDS", "TERMINALS",
    "WORDS", "ZONE_LETTERS", "LineKind", "build_hand", "check_shape", "code_at_odds", "cut_short", "game_named",
    "in_utc", "line_forms", "local_time_matches", "parse", "read_header", "stakes_sign",
]

# ////////////////////////////////////////////////////////////////////// the words of the lines
# Declared once: the line patterns and the compiled scanner's byte words are made from them.

MARKERS: dict[str, tuple[str, ...]] = {
    "HOLE": ("HOLE CARDS", "DEALING HANDS", "PRE-FLOP"),
    "STREET": ("FLOP", "TURN", "RIVER"),
    "SHOWDOWN": ("SHOW DOWN",),
    "SUMMARY": ("SUMMARY",),
}
"""The words between '*** ' and ' ***' of each marker line's terminal."""
RUNS = ("FIRST", "SECOND", "THIRD")
"""The words before a street, showdown or board line of a hand run two or three times."""
BETS: dict[str, ActionKind] = {"calls": ActionKind.CALL, "bets": ActionKind.BET}
"""The actions written with one amount after them, besides the posts."""
POSTS: dict[str, ActionKind] = {
    "posts small blind": ActionKind.POST_SB, "posts big blind": ActionKind.POST_BB,
    "posts the ante": ActionKind.POST_ANTE, "posts button blind": ActionKind.POST_BUTTON,
    "posts small & big blinds": ActionKind.POST_DEAD, "posts straddle": ActionKind.POST_STRADDLE,
    "posts dead blind": ActionKind.POST_DEAD, "posts a dead small blind": ActionKind.POST_DEAD,
}
"""The posts, each written with its amount after it."""
SHOWS: dict[str, ActionKind] = {"shows": ActionKind.SHOW, "mucks": ActionKind.MUCK}
"""Cards shown, or mucked and shown in the log, in brackets after the word."""
NO_SHOWS = ("mucks hand", "doesn't show hand")
NO_PLAY = ("sits out", "is sitting out", "is disconnected", "is connected", "has timed out", "has returned",
           "leaves the table")
"""'<player>: <words>' lines without play."""
NO_PLAY_OPEN = ("Table deposit ", "re-buys and receives ", "takes the add-on", "is sitting out ")
"""'<player>: <words><anything>' lines without play."""
MISC_ENDS = ("leaves the table", "has timed out while disconnected", "has timed out while being disconnected",
             "has timed out", "is sitting out", "sits out", "has returned", "is disconnected",
             "is connected", "has reconnected", "will be allowed to play after the button", "has been disconnected",
             "is being treated as all-in")
"""'<player> <words>' lines without play (a word before any word it starts: the scanner takes the first that stands)."""
MISC_OPEN = ("was removed from the table", "wins the tournament", "re-buys", "takes the add-on", "is feeling ",
             "stands up", "sits down", "will be allowed to play ", "will be able to play ")
"""'<player> <words><anything>' lines without play."""
PHRASES: dict[str, str] = {
    "site": "PokerStars ", "hand": "Hand #", "game": "Game #", "et": "ET",                  # the header
    "dealt": "Dealt to ", "uncalled": "Uncalled bet (",                                    # line starts
    "table": "Table ", "max": "-max", "play_money": " (Play Money)", "button_seat": " Seat #",   # the table line
    "is_button": " is the button",
    "seat": "Seat ", "in_chips": " in chips", "sitting_out": " is sitting out", "out_of_hand": " out of hand",  # a seat
    "moved_in": " (moved from another table into small blind)",                            # (out of hand: why)
    "marker": "*** ", "marker_end": " ***",                                                 # '*** FLOP ***'
    "folds": "folds", "checks": "checks", "raises": "raises", "to": " to ",                 # actions
    "all_in": " and is all-in", "reached": " and has reached the ", "cap": " cap",
    "returned_to": ") returned to ", "from": " from ", "pot": "pot", "main_pot": "main pot", "side_pot": "side pot",
    "cashed_out_for": " cashed out the hand for ", "fee": " | Cash Out Fee ",
    "total": "Total pot ", "main": "Main pot", "side": "Side pot", "rake": "Rake ", "board": "Board",   # Total, Board
    "won": "won", "collected": "collected", "showed": "showed", "mucked": "mucked",         # summary seats
    "folded": "folded", "didnt_bet": " (didn't bet)", "lost": "lost", "and": " and ", "with": " with ",
    "not_awarded": "not awarded", "run_twice": "Hand was run t", "cancelled": "Hand cancelled",  # (twice, two times)
    "joins": " joins the table at seat #", "finished": " finished the tournament", "in": " in ", "place": " place",
    "received": " and received ", "said": ' said, "', "capped": "Betting is capped",       # lines without play
    "wins_the": " wins the ", "split_the": " split the ", "bounty_for": " bounty for eliminating ", "wins": " wins ",
    "eliminating": " for eliminating ", "splitting": " for splitting the elimination of ",
    "entry": " wins an entry to tournament #", "wins_a": " wins a ", "ticket": "ticket",
}
"""The fixed words inside lines, each written once."""
_P = {name: re.escape(words) for name, words in PHRASES.items()}
SYNTAX: dict[str, str] = {
    "thousands": ",", "point": ".",                                 # an amount: $1,334.50
    "space": " ", "open": "(", "close": ")", "aside": " (",         # ' ($2 in chips)', ' (a pair of Kings)'
    "more": ", ", "bracket": " [", "bracket_end": "]",            # ' ($2 in chips, $1 bounty)', ' [As Kd]'
    "name_end": ": ", "pot_number": "-", "pot_end": ".",            # 'Anna: folds', 'Side pot-2 $1.05.'
    "bar": "|", "quote": "'", "dash": " - ",                        # '| Rake $0', "Table 'T'", ' - 2020/01/02'
    "stray_quote": '"',                                             # logs copied out of string literals keep one
}
"""The marks between the words of the lines."""
POSITIONS = ("button", "small blind", "big blind", "button blind")
"""The positions a summary seat line names in parentheses after the player."""
OUTCOMES = ("folded", "showed", "mucked", "collected", "won", "lost", "didn't", "is sitting out", "sat out", "cashed")
"""The words a summary seat line's outcome starts with, after the player and his positions."""


# ////////////////////////////////////////////////////////////////////// line patterns

_AMT = rf"[^\d\s{re.escape(SYNTAX['open'])}]?\d[\d{re.escape(SYNTAX['thousands'])}]*(?:{re.escape(SYNTAX['point'])}\d+)?"
"""An amount as PokerStars writes it: an optional currency sign, digits, thousands commas."""

_GAME_WORDS = r"(?:Hold'em|Omaha|Razz|Badugi|Courchevel|\d|7 Card|Triple|Single|Five|5 Card|2-7|Mixed|HORSE|8-Game|Split)"
"""The words a game's name starts with, where a tournament's buy-in ends."""
_BUY_IN = _AMT + r"(?:\+" + _AMT + r")*(?: ?[A-Z]{2,4})?(?= +" + _GAME_WORDS + ")"
"""A tournament's buy-in written as amounts and their unit: '$0.92+$0.08 USD', and those whose
first character is a digit, which a game's name may start with too ('5 Card Draw'): play money's
'300+20', the room's points '100 FPP', '100FPP', '250 SC'. A hand's amounts are tournament
chips whatever the buy-in's unit: the buy-in is read past, never taken as money."""
_CLUB_AND_TOURNAMENT = (
    r"(?:\{(?P<club>[^}]*)\} +)?"
    # a shoot-out or freeroll header may have no buy-in: "Tournament #1, Hold'em No Limit - Match Round I, …"
    # (a buy-in of another form keeps its unit too, so that the rest starts at the game's name alike)
    r"(?:Tournament #(?P<tid>\d+), +(?:(?P<buyin>" + _BUY_IN + "|(?!" + _GAME_WORDS + r"\S*\s)\S.*?(?: [A-Z]{2,4})?) +"
    r"(?=\S*\s*" + _GAME_WORDS + r"))?)?")
"""What a header may write first after the ID: a home game's club, a tournament and its buy-in."""
_GAME = re.compile(r"(?P<game>[^(,-][^(,]*?)\s+(?P<struct>No Limit|Pot Limit|Fixed Limit|Limit)\b", re.IGNORECASE)
_GAME_NAME = re.compile(r"(?:[A-Z]{3} |Freeroll )?(?P<name>(?:6\+ |Split )?Hold'em)", re.IGNORECASE)
"""A Hold'em game's name, after a tournament's buy-in currency or "Freeroll"."""
_SUPPORTED = {"hold'em": "Hold'em", "6+ hold'em": "6+ Hold'em"}
_STORED_AS = {"Hold'em": "holdem", "6+ Hold'em": "holdem36"}
"""The game a hand of each game read is stored as (``games.game``)."""
_STAKES = re.compile(
    r"(?:\(|,\s)\s*(?P<button>Button Blind[\s\ufffd]*)?(?P<sb>" + _AMT + r")(?:/(?P<bb>" + _AMT + r"))?"
    r"(?:\s*-\s*Ante[\s\ufffd]*(?P<ante>" + _AMT + r"))?"
    r"(?:\s*-\s*(?P<cap>" + _AMT + r") Cap\s*-)?"
    r"\s*(?P<cur>[A-Z]{3})?\s*\)"
)
_STAKES_LEAD = re.compile(r"\s*(?:-\s*(?:Match Round [IVXLCDM]+,\s*)?Level [IVXLCDM]+\s*)?", re.IGNORECASE)
"""What a header writes between the betting structure and the stakes' parenthesis: a space, and
in a tournament its level ('Hold'em No Limit - Level IV (50/100)', a shoot-out's '- Match Round
I, Level I'); a mixed game's stakes follow the structure after a comma ('(Hold'em No Limit, $0.10/$0.25)')."""
_MIXED = re.compile(r"\S[^()]*\s\(")
"""What a mixed game's header writes before the game played: its name and a parenthesis ('Mixed NLH/PLO (')."""
DATE_TIME: tuple[tuple[str, int, int], ...] = (
    ("/", 4, 4), ("/", 1, 2), (" ", 1, 2),      # year, month, day
    (":", 1, 2), (":", 2, 2), ("", 2, 2),       # hour, minute, second
)
"""How a header writes a date and time, field by field: the mark after it, its fewest and most digits."""
ZONE_LETTERS = 5
"""The most capitals of a time zone's name in a header (ET, CET, AEST …)."""
TABLE_KINDS = ("Zoom ", "Home Game ", "HomeGame ")
"""The words a header may write between 'PokerStars ' and 'Hand #'."""
RANK_NAMES: tuple[tuple[str, ...], ...] = (
    ("Deuce", "Two"), ("Three",), ("Four",), ("Five",), ("Six",), ("Seven",), ("Eight",), ("Nine",), ("Ten",),
    ("Jack",), ("Queen",), ("King",), ("Ace",))
"""Each rank's name in a made hand's words, deuce to ace (the order of ``rules.cards.Rank``): first the
word PokerStars writes, then any other the reader takes too."""
RANK_PLURALS: tuple[tuple[str, ...], ...] = (
    ("Deuces", "Twos"), ("Threes",), ("Fours",), ("Fives",), ("Sixes",), ("Sevens",), ("Eights",), ("Nines",),
    ("Tens",), ("Jacks",), ("Queens",), ("Kings",), ("Aces",))
"""Each rank's plural in a made hand's words ('a pair of Kings'), as :data:`RANK_NAMES`."""
HAND_NAMES: dict[str, str] = {
    "HIGH_CARD": "high card {rank}",
    "PAIR": "a pair of {ranks}",
    "TWO_PAIR": "two pair, {ranks} and {second_ranks}",
    "THREE_OF_A_KIND": "three of a kind, {ranks}",
    "STRAIGHT": "a straight, {low_rank} to {rank}",
    "FLUSH": "a flush, {rank} high",
    "FULL_HOUSE": "a full house, {ranks} full of {second_ranks}",
    "FOUR_OF_A_KIND": "four of a kind, {ranks}",
    "STRAIGHT_FLUSH": "a straight flush, {low_rank} to {rank}",
    "ROYAL_FLUSH": "a Royal Flush",
}
"""How PokerStars names a made hand, by its category (``rules.evaluator.HandCategory``'s names), for
``str.format``: ``rank`` and ``low_rank`` take a word of :data:`RANK_NAMES`, ``ranks`` and
``second_ranks`` one of :data:`RANK_PLURALS`. The reader takes a kicker after it too ('- Queen kicker')."""
FOLDED_ON: tuple[tuple[str, ...], ...] = (("before Flop",), ("on the Flop", "before Turn"), ("on the Turn",),
                                          ("on the River",))
"""When a summary seat folded, by street (preflop to river), after 'folded ': the words PokerStars
writes first, then any other the reader takes too."""
_RANK = "(?:" + "|".join(re.escape(word) for words in RANK_NAMES for word in words) + ")"
_RANKS = "(?:" + "|".join(re.escape(word) for words in RANK_PLURALS for word in words) + ")"
_RANK_PATTERNS = {"rank": _RANK, "low_rank": _RANK, "ranks": _RANKS, "second_ranks": _RANKS}


def _hand_name_pattern(name: str) -> str:
    """One of HAND_NAMES as a pattern: its words as they are, each rank field any rank's word."""
    return "".join(re.escape(words) + (_RANK_PATTERNS[field] if field else "")
                   for words, field, _, _ in string.Formatter().parse(name))


_HAND_NAME = (
    "(?:" + "|".join(_hand_name_pattern(name) for name in HAND_NAMES.values()) + ")"
    rf"(?: - (?:(?:{_RANK}(?:\+{_RANK})*|lower) (?:kicker|cards)|{_RANK}(?:\+{_RANK})* higher))?"
)
"""How PokerStars names a made hand: 'a pair of Kings', 'two pair, Aces and Tens - Queen kicker', 'a flush,
King high - Eight higher' …"""
HAND_WORDS = HandWords({category: (name,) for category, name in HAND_NAMES.items()}, RANK_NAMES, RANK_PLURALS,
                       rest=r" - .*")
"""The made hand words of :data:`HAND_NAMES` name, a kicker after them too ('two pair, Aces and Tens -
Queen kicker' names two pair, aces and tens), read as every room's words are."""


_WON = _P["won"] + r" (?:\(" + _AMT + r"\)|" + _AMT + r")"
_WITH_HAND = _P["with"] + _HAND_NAME
OUTCOME_PATTERN = (
    "(?:" + _P["folded"] + " (?:" + "|".join(re.escape(words) for street in FOLDED_ON for words in street) + ")"
    "(?:" + _P["didnt_bet"] + ")?"
    r"|" + _P["collected"] + r" (?:\(" + _AMT + r"\)|" + _AMT + r")|" + _WON +
    r"|" + _P["mucked"] + r"(?: \[[^\]]*\])?(?:" + _P["and"] + _P["lost"] + ")?|" + _P["mucked"] + " hand and " + _WON +
    r"|" + _P["showed"] + r" \[[^\]]*\]" + _P["and"] + "(?:" + _WON + "(?:" + _WITH_HAND + ")?|"
    + _P["lost"] + "(?:" + _WITH_HAND + ")?)"
    r"(?:," + _P["and"] + "(?:" + _WON + _WITH_HAND + "|" + _P["lost"] + _WITH_HAND + "))*"
    r"|is sitting out|sat out|didn't .*|cashed .*)"
    r"(?: \((?:cashed out|pot " + _P["not_awarded"] + r" as player cashed out)\)\.?)?"
)
"""What a summary seat line says after its player and positions, as a pattern (its first word one of OUTCOMES)."""


def line_forms(table, hand_name: str = "") -> dict[str, tuple[LineForm, ...]]:
    """The line kinds declared as pieces, by terminal, each way of writing a line in the order tried,
    made from a table's words (this module's: :data:`FORMS`). Besides the terminals' lines: "ACTION"
    and "TAIL", what follows "<player>: " and what may end it (all-in, a Limit cap reached); "POT",
    one pot of the Total line; "SAYS", what a summary seat won and showed; "NO_PLAY" and "CHAT", the
    lines without play; "HEADER", whose "rest" (table and stakes) the reader reads itself. The
    reader's patterns and the compiled scanner are both made from these forms. ``table``: this module,
    or an object with the same names."""
    phrase, mark = table.PHRASES, table.SYNTAX
    forms = (
        LineForm((Piece.word(phrase["folds"], "fold"), Piece.cards(optional=True)), ActionKind.FOLD),
        LineForm((Piece.word(phrase["checks"], "check"),), ActionKind.CHECK),
        LineForm((Piece.choice({**table.BETS, **table.POSTS}, "verb", inner=dict.fromkeys(table.POSTS, "post")),
                  Piece.word(mark["space"]), Piece.amount("a"))),
        LineForm((Piece.word(phrase["raises"] + mark["space"]), Piece.amount("ra"), Piece.word(phrase["to"]),
                  Piece.amount("rt")), ActionKind.RAISE),
        LineForm((Piece.choice(table.SHOWS, "show"), Piece.cards("cards"), Piece.aside(hand_name))),
        LineForm((Piece.choice(dict.fromkeys(table.NO_SHOWS, ActionKind.MUCK), "muck"),)),
        LineForm((Piece.choice(dict.fromkeys(table.NO_PLAY), "misc", open=table.NO_PLAY_OPEN),)),
    )
    tails = (
        LineForm((Piece.word(phrase["all_in"], "allin"),)),
        LineForm((Piece.word(phrase["reached"]), Piece.amount("cap"), Piece.word(phrase["cap"]))),
    )
    dealt = LineForm((Piece.word(phrase["dealt"]), Piece.name("p"), Piece.cards("c1"), Piece.cards("c2", optional=True)))
    uncalled = LineForm((Piece.word(phrase["uncalled"]), Piece.amount("a"), Piece.word(phrase["returned_to"]),
                         Piece.name("p", "rest")), ActionKind.UNCALLED)
    pots = dict.fromkeys((phrase["pot"], phrase["main_pot"], phrase["side_pot"]))
    collect = LineForm((Piece.name("p", "last"), Piece.word(mark["space"] + phrase["collected"] + mark["space"]),
                        Piece.amount("a"), Piece.word(phrase["from"]),
                        Piece.choice(pots, "pot", numbered=(phrase["side_pot"],), lead=mark["pot_number"])),
                       ActionKind.COLLECT)
    cash_out = LineForm((Piece.name("p", "last"), Piece.word(phrase["cashed_out_for"]), Piece.amount("a"),
                         Piece.amount("f", optional=True, lead=phrase["fee"])))
    table_line = LineForm((Piece.word(phrase["table"] + mark["quote"]), Piece.name("name", "last0"), Piece.word(mark["quote"]),
                      Piece.number("max", lead=mark["space"], tail=phrase["max"], optional=True),
                      Piece.choice({phrase["play_money"]: None}, "play", optional=True),
                      Piece.number("btn", lead=phrase["button_seat"], tail=phrase["is_button"], optional=True)))
    seat = LineForm((Piece.word(phrase["seat"]), Piece.number("n"), Piece.word(mark["name_end"]), Piece.name("p"),
                     Piece.word(mark["aside"]), Piece.amount("s"), Piece.word(phrase["in_chips"]),
                     Piece.skip(mark["more"], optional=True), Piece.word(mark["close"]),
                     Piece.choice(dict.fromkeys((phrase["sitting_out"], phrase["out_of_hand"] + phrase["moved_in"],
                                                 phrase["out_of_hand"])), "rest", optional=True)))
    seat_sum = LineForm((Piece.word(phrase["seat"]), Piece.number("n"), Piece.word(mark["name_end"]), Piece.name("p"),
                         Piece.repeat((Piece.choice(dict.fromkeys(mark["aside"] + p + mark["close"]
                                                                  for p in table.POSITIONS)),), "pos"),
                         Piece.word(mark["space"]), Piece.free_words(table.OUTCOMES, table.OUTCOME_PATTERN, "what"),
                         Piece.word(mark["stray_quote"], optional=True)))
    won = LineForm((Piece.choice(dict.fromkeys(word + mark["space"] for word in (phrase["won"], phrase["collected"]))),
                    Piece.word(mark["open"], optional=True), Piece.amount("a"), Piece.word(mark["close"], optional=True)))
    shown = LineForm((Piece.choice(dict.fromkeys((phrase["showed"], phrase["mucked"]))), Piece.cards("c")))
    pot_name = Piece.choice(dict.fromkeys((phrase["main"], phrase["side"])), numbered=(phrase["main"], phrase["side"]),
                            lead=mark["pot_number"])
    pot = (Piece.word(mark["space"]), pot_name, Piece.word(mark["space"]), Piece.amount("pot"), Piece.word(mark["pot_end"]))
    total = LineForm((Piece.word(phrase["total"]), Piece.amount("t"), Piece.repeat(pot, "pots"), Piece.spaces(),
                      Piece.word(mark["bar"]), Piece.spaces(), Piece.word(phrase["rake"]), Piece.amount("r"),
                      Piece.spaces(), Piece.choice({}, open=(mark["bar"],), optional=True)))
    run = Piece.choice(dict.fromkeys(table.RUNS), "run", optional=True, tail=mark["space"])
    board = LineForm((run, Piece.word(phrase["board"]), Piece.cards("c")))
    named = {word: terminal.lower() for terminal in ("HOLE", "SHOWDOWN", "SUMMARY") for word in table.MARKERS[terminal]}
    marker = LineForm((Piece.word(phrase["marker"]), run,
                       Piece.choice(dict.fromkeys(w for words in table.MARKERS.values() for w in words), "what", inner=named),
                       Piece.word(phrase["marker_end"]), Piece.cards("c1", optional=True), Piece.cards("c2", optional=True)))
    chat = LineForm((Piece.name(None), Piece.choice({}, open=(phrase["said"],))))
    anyone = Piece.name(None, "last")
    no_play_lines = (
        # '<player>:' and no more: PokerStars writes one for each player all in once the betting is over
        LineForm((anyone, Piece.word(mark["name_end"].rstrip()))),
        LineForm((anyone, Piece.choice(dict.fromkeys(mark["space"] + words for words in table.MISC_ENDS),
                                       open=tuple(mark["space"] + words for words in table.MISC_OPEN)))),
        LineForm((anyone, Piece.word(phrase["joins"]), Piece.number(None))),
        LineForm((anyone, Piece.word(phrase["finished"]),
                  Piece.number(None, lead=phrase["in"], tail=phrase["place"], optional=True, letters=True),
                  Piece.choice({}, open=(phrase["received"],), optional=True))),
        # bounties and knockouts, satellites' tickets
        LineForm((anyone, Piece.choice(dict.fromkeys((phrase["wins_the"], phrase["split_the"]))), Piece.amount(),
                  Piece.word(phrase["bounty_for"]), Piece.name(None, "rest"))),
        LineForm((anyone, Piece.word(phrase["wins"]), Piece.amount(),
                  Piece.choice(dict.fromkeys((phrase["eliminating"], phrase["splitting"]))), Piece.name(None, "rest"))),
        LineForm((anyone, Piece.word(phrase["entry"]), Piece.number(None), Piece.name(None, "rest0"))),
        LineForm((anyone, Piece.word(phrase["wins_a"]), Piece.skip(""), Piece.choice({}, open=(phrase["ticket"],)))),
        LineForm((Piece.word(phrase["capped"]),)),     # Limit: the fourth bet of a round, which the actions show too
    )
    header = LineForm((Piece.word(phrase["site"]), Piece.choice(dict.fromkeys(table.TABLE_KINDS), optional=True),
                       Piece.choice(dict.fromkeys((phrase["hand"], phrase["game"]))), Piece.number("id"),
                       Piece.mark(mark["name_end"]), Piece.name("rest", "last"), Piece.mark(mark["dash"]),
                       Piece.when(("d", "t", "z"), table.DATE_TIME, letters=table.ZONE_LETTERS),
                       Piece.when(("d2", "t2", "z2"), table.DATE_TIME, letters=table.ZONE_LETTERS, lead=mark["bracket"],
                                  tail=mark["bracket_end"], optional=True)))
    return {"ACTION": forms, "TAIL": tails, "DEALT": (dealt,), "UNCALLED": (uncalled,), "COLLECT": (collect,),
            "CASHOUT": (cash_out,), "TABLE": (table_line,), "TOTAL": (total,),
            "POT": (LineForm((*pot, Piece.name(None, "rest0"))),), "BOARD": (board,), "SEAT": (seat,),
            "MARKER": (marker,), "CHAT": (chat,), "NO_PLAY": no_play_lines,
            "SEATSUM": (seat_sum,), "SAYS": (won, shown),
            "RUNTWICE": (LineForm((Piece.choice({}, open=(phrase["run_twice"],)),)),),
            "CANCELLED": (LineForm((Piece.choice({}, open=(phrase["cancelled"],)),)),), "HEADER": (header,)}


FORMS = line_forms(sys.modules[__name__], _HAND_NAME)
"""The line kinds declared as pieces, from this table's words (:func:`line_forms`)."""
_PIECE_MARKS = {name: SYNTAX[name] for name in ("bracket", "bracket_end", "aside", "open", "close", "dash")}


def _pattern(*forms: LineForm) -> str:
    """A line part of any of ``forms``, as a regular expression."""
    return "|".join(form.pattern(_AMT, _PIECE_MARKS) for form in forms)


_HEAD = FORMS["HEADER"][0].pieces
_REST = next(at for at, piece in enumerate(_HEAD) if piece.group == "rest")
# the header's pieces up to the rest (where the reader finds the game and stakes), the dash, the dates;
# exports of old tracking programs write POKERSTARS GAME #…: HOLD'EM NO LIMIT
_HEADER = re.compile("^" + _pattern(LineForm(_HEAD[:_REST])) + _CLUB_AND_TOURNAMENT + "(?P<rest>.*)$", re.IGNORECASE)
_DASH = re.compile(_HEAD[_REST + 1].pattern(_AMT, _PIECE_MARKS))
_WHEN = re.compile(_pattern(LineForm(_HEAD[_REST + 2:])))
_HEADER_WORDS = f"a '{PHRASES['site']}{PHRASES['hand']}…' header line"
_WHEN_WORDS = ("".join(f"{value:0{low}d}{after}" for (after, low, _), value in zip(DATE_TIME, (2020, 1, 2, 3, 4, 5)))
               + SYNTAX["space"] + PHRASES["et"])
"""The header and its date in words, for errors: made from the header's words and DATE_TIME."""
_ACTION = re.compile(rf"^(?P<p>.+?){re.escape(SYNTAX['name_end'])}(?:{_pattern(*FORMS['ACTION'])})"
                     rf"(?:{_pattern(*FORMS['TAIL'])})?\s*$")
(_DEALT, _UNCALLED, _TABLE, _SEAT, _COLLECT, _CASHOUT, _TOTAL, _BOARD, _MARKER, _CHAT, _MISC, _RUN_TWICE, _CANCELLED,
 _SEATSUM) = (re.compile(rf"^(?:{_pattern(*FORMS[kind])})\s*$") for kind in (
    "DEALT", "UNCALLED", "TABLE", "SEAT", "COLLECT", "CASHOUT", "TOTAL", "BOARD", "MARKER", "CHAT", "NO_PLAY", "RUNTWICE",
    "CANCELLED", "SEATSUM"))
"""Each terminal's lines, whole (a 'Dealt to' line's second group: the cards drawn, in other games)."""
_SUMMARY_WON, _SUMMARY_CARDS = (re.compile(_pattern(form)) for form in FORMS["SAYS"])
"""What a summary seat won (each amount, the group "a") and the cards it showed or mucked (the group "c")."""
_POTS = re.compile(_pattern(LineForm(next(p for p in FORMS["TOTAL"][0].pieces if p.what == "repeat").parts)))
"""A pot of the Total line ('Side pot-1 $2.50.'): its amount the group "pot"."""
_STARS = "^" + PHRASES["marker"]
SUMMARY_OUTCOME = re.compile(OUTCOME_PATTERN + r"\"?\s*")
"""What a summary seat line says after the seat and player, as the reader's table reads it."""
HAND_NAME = re.compile(f"(?:{_HAND_NAME})?")
"""The words in a show line's parentheses, as the reader's table reads them."""
NAMED_IN_SUMMARY = re.compile(_P["with"] + f"({_HAND_NAME})")
"""Each made hand a summary seat line names (``… and won ($1) with a pair of Kings, and lost with …``: one
a board), its words the group."""

# ////////////////////////////////////////////////////////////////////// the line kinds

LINE_KINDS: tuple[LineKind, ...] = (
    LineKind("HEADER", _HEADER_WORDS, _HEADER, ("id", "club", "tid", "rest"), code=1),
    # the markers: one pattern, four terminals
    LineKind("HOLE", "the '*** HOLE CARDS ***' line", _MARKER, (), _STARS, group="hole", code=5),
    LineKind("SUMMARY", "the '*** SUMMARY ***' line", _MARKER, (), _STARS, group="summary", code=10),
    LineKind("SHOWDOWN", "the '*** SHOW DOWN ***' line", _MARKER, ("run",), _STARS, group="showdown", code=9),
    LineKind("STREET", "a street line like '*** FLOP *** […]'", _MARKER, ("run", "what", "c1", "c2"), _STARS, code=8),
    LineKind("SEAT", "a seat line like 'Seat 1: Name ($10 in chips)'", _SEAT, ("n", "p", "s", "rest"),
             "^" + PHRASES["seat"], "play", code=3),
    LineKind("SEATSUM", "a summary seat line like 'Seat 1: Name folded before Flop'", _SEATSUM,
             ("n", "p", "pos", "what"), "^Seat ", "summary", code=14),
    LineKind("TOTAL", "the 'Total pot … | Rake …' line", _TOTAL, ("t", "pots", "r"), "^" + PHRASES["total"], "summary",
             code=11),
    LineKind("BOARD", "a 'Board […]' line", _BOARD, ("run", "c"), PHRASES["board"] + SYNTAX["bracket"], "summary",
             code=13),
    LineKind("RUNTWICE", "'Hand was run twice'", _RUN_TWICE, (), "^" + PHRASES["run_twice"], "summary", code=12),
    # "<player>: <action>": one pattern, four terminals and the lines without play
    LineKind(None, "a line without play like 'Name: sits out'", _ACTION, (), ": ", group="misc"),
    LineKind("POST", "a post like 'Name: posts small blind $0.01'", _ACTION, ("p", "post", "a", "allin", "cap"), ": ",
             group="post", code=4),
    LineKind("SHOW", "a 'Name: shows […]' line", _ACTION, ("p", "show", "cards"), ": ", group="show"),
    LineKind("NOSHOW", "a 'Name: mucks hand' line", _ACTION, ("p",), ": ", group="muck"),
    LineKind("ACTION", "an action like 'Name: folds', 'checks', 'calls', 'bets' or 'raises'", _ACTION,
             ("p", "fold", "check", "verb", "a", "ra", "rt", "allin", "cap"), ": "),
    LineKind("TABLE", "the line \"Table '…' 9-max Seat #1 is the button\"", _TABLE, ("name", "max", "play", "btn"),
             "^" + PHRASES["table"] + SYNTAX["quote"], code=2),
    LineKind("DEALT", "a 'Dealt to …' line", _DEALT, ("p", "c1", "c2"), "^" + PHRASES["dealt"], code=6),
    LineKind("UNCALLED", "an 'Uncalled bet (…) returned to …' line", _UNCALLED, ("a", "p"), "^" + PHRASES["uncalled"]),
    LineKind("COLLECT", "a '… collected … from pot' line", _COLLECT, ("p", "a", "pot"), " collected "),
    LineKind(None, "a chat line like 'Name said, \"…\"'", _CHAT, (), PHRASES["said"]),
    LineKind("CASHOUT", "a '… cashed out the hand …' line", _CASHOUT, ("p", "a", "f"), " cashed out the hand"),
    LineKind("CANCELLED", "'Hand cancelled'", _CANCELLED, (), "^" + PHRASES["cancelled"], code=15),
    LineKind(None, "a line without play like 'Name joins the table at seat #3' or 'Betting is capped'", _MISC),
    LineKind("BODY", "an action ('Name: folds', 'checks', 'calls', 'bets', 'raises'), a show, an uncalled bet or "
             "a collect line", None, code=7),
)
"""Every kind of line, in the order the classifier tries them."""

TABLE = LineTable(
    LINE_KINDS, grammar="pokerstars.lark",
    body=frozenset({"ACTION", "POST", "UNCALLED", "COLLECT", "SHOW", "NOSHOW", "CASHOUT"}),   # (a post once dealt)
    runs=frozenset({"BODY", "SEAT", "POST", "DEALT", "BOARD", "SEATSUM"}),    # consecutive lines: one token
    collect="COLLECT",
    unreadable="expected a seat, a post, an action (folds, checks, calls, bets, raises), a street line like "
               "'*** FLOP *** […]', a showdown or a summary line")
"""The classifier, terminals and shape check made from LINE_KINDS: a run of the ``body`` kinds is one
BODY token."""

TERMINALS: tuple[str, ...] = TABLE.terminals
"""The terminals of a hand's shape as the grammar sees it, in the order of their scanner codes (1-15)."""
WORDS: dict[str, str] = TABLE.words
"""Terminal names in words, for syntax errors."""
check_shape = TABLE.check_shape
"""Does the grammar accept a hand of these line kinds in this order? (``LineTable.check_shape``)"""


# ////////////////////////////////////////////////////////////////////// helpers

_ZERO = Decimal(0)
_action = slot_filler(Action)   # street, player, kind, amount, raise_to, is_all_in, is_capped, cards, pot, board, line
_seat = slot_filler(Seat)                   # seat, player, stack, is_sitting_out, is_out_of_hand, line
_hole = slot_filler(HoleCards)              # player, cards, how, line
_summary_seat = slot_filler(SummarySeat)    # seat, player, won, cards, text, line

_ET = PHRASES["et"]
_ZONE_NAMES = (_ET, "CT", "MT", "PT", "AKT", "HT", "AT", "BRT", "ART", "GMT", "UTC", "WET", "CET", "EET", "MSK", "IST",
               "CCT", "JST", "AWST", "ACST", "AEST", "NZT")
"""The time zones PokerStars writes a hand's time in (its client's settings), each its standard name
all year: its zone's clock as ``zone_clock(name, all_year=True)`` reads it (``CET`` is Paris time in
July too). Each changes its clocks at whole hours, which the compiled lane relies on."""
_CUSTOM_ZONE = "CUST"
"""The zone of a clock the player set to an offset of his own: any whole number of quarter-hours."""


def _utc_readings(at: datetime, zone: str) -> set[datetime]:
    """The UTC instants a wall-clock time of ``zone`` can mean (two in the hour clocks go back)."""
    clock = zone_clock(zone, all_year=True)
    if not isinstance(clock, ZoneInfo):
        return {at - timedelta(minutes=clock)}
    return {at - at.replace(tzinfo=clock, fold=fold).utcoffset() for fold in (0, 1)}


def local_time_matches(zone: str, written: datetime, et: datetime) -> bool:
    """Is ``written``, a header's local time in ``zone``, the time ``et`` on the ET clock? (A
    zone PokerStars does not write: no.)"""
    if zone == _CUSTOM_ZONE:
        apart = abs((written - et).total_seconds())
        return apart % 900 == 0 and apart <= 26 * 3600     # an offset of whole quarter-hours
    return zone in _ZONE_NAMES and bool(_utc_readings(written, zone) & _utc_readings(et, _ET))


def in_utc(at: datetime, zone: str) -> datetime:
    """A wall-clock time of a zone PokerStars writes, in UTC (ROOM-TIME-ZONE; the first of two
    readings in the hour clocks go back).

    >>> in_utc(datetime(2020, 1, 2, 3, 4, 5), "ET"), in_utc(datetime(2020, 7, 2, 3, 4, 5), "ET")
    (datetime.datetime(2020, 1, 2, 8, 4, 5), datetime.datetime(2020, 7, 2, 7, 4, 5))
    """
    return _room_in_utc(at, zone, all_year=True)


def _when(d: str, t: str) -> datetime:
    year, month, day = d.split(DATE_TIME[0][0])
    clock = t.split(DATE_TIME[3][0])
    return datetime(int(year), int(month), int(day), int(clock[0]), int(clock[1]),
                    int(clock[2]) if len(clock) > 2 else 0)


CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY"}
"""The currency of each sign the stakes may carry (one with another sign is play money)."""

_FOLD, _CHECK, _RAISE = ActionKind.FOLD, ActionKind.CHECK, ActionKind.RAISE
_PREFLOP = Street.PREFLOP
_POST_SB, _POST_BB, _POST_DEAD_KIND = ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.POST_DEAD
_COLLECT_KIND, _UNCALLED_KIND, _DEALT_HOW = ActionKind.COLLECT, ActionKind.UNCALLED, CardsHow.DEALT
_STREETS = dict(zip(MARKERS["STREET"], (Street.FLOP, Street.TURN, Street.RIVER), strict=True))
_RUNS = {None: 0, **{run: order for order, run in enumerate(RUNS)}}
_SITTING_OUT, _OUT_OF_HAND, _WON_WORD, _COLLECTED_WORD, _SHOWED = (
    PHRASES[name] for name in ("sitting_out", "out_of_hand", "won", "collected", "showed"))
_VERBS = {**BETS, **POSTS}


def _refused(message: str, index: int, lines) -> ParseError:
    """The reader's refusal of line ``index`` as a whole."""
    return ParseError(message, line=index + 1, column=1, line_text=lines[index])


def _sign_checker(sign: str, lines, marks: CurrencyMarks):
    """``money(text, index)``: the amount ``text`` of line ``index``, which must carry the hand's
    currency sign (``sign``, or none), since a hand is played in one currency: one in another
    currency is read as written and noted in ``marks`` (ROOM-CURRENCY); any other mark (none where
    the stakes have one, or one that is no currency's) is a ParseError."""
    def money(text: str, index: int) -> Decimal:
        first = text[0]
        if first != sign and (sign or not first.isdigit()) and not marks.other(text, first, index):
            line = lines[index]
            raise ParseError(f"the amount {text!r} is not written like the stakes ({sign or 'no sign'})",
                             line=index + 1, column=line.find(text) + 1, line_text=line)
        return read_amount_at(text, index, lines[index])
    return money


def stakes_sign(head: dict) -> str:
    """The currency sign of the stakes of a header read by :func:`read_header` ('' for none): every
    amount of the hand carries it."""
    small_blind = head["stakes"]["sb"]
    return small_blind[0] if not small_blind[0].isdigit() else ""


_SIGN_OF_CODE = {code: sign for sign, code in CURRENCY_SIGNS.items()}


def code_at_odds(head: dict) -> str | None:
    """The sign of the stakes' code when the stakes carry another currency's sign (``(€1/€2 USD)``):
    the code rules (the table's currency), and the sign is a ROOM-CURRENCY warning; None when they
    agree, or either is missing."""
    sign, code = stakes_sign(head), head["stakes"]["cur"]
    coded = _SIGN_OF_CODE.get(code)
    return coded if coded is not None and sign in CURRENCY_SIGNS and sign != coded else None


def read_header(line: str) -> dict:
    """The fields of a hand's header line: ``match`` (its own groups: ``id``, ``club``, ``tid``,
    ``buyin``, ``rest``), ``game``, ``struct`` (the betting structure's words), the ``stakes`` and
    ``when`` matches (in ``match["rest"]``), ``played_at`` and ``local`` (:func:`_times`); or a
    ParseError saying why the hand is not read."""
    def refused(message: str, at: int = 0) -> ParseError:
        return ParseError(message, line=1, column=at + 1, line_text=line)

    match = _HEADER.match(line)
    if match is None:
        raise refused(f"expected {_HEADER_WORDS}")
    rest, at = match["rest"], match.start("rest")
    game = _GAME.search(rest)
    if game is None:
        raise refused("the header names no game and betting structure (like \"Hold'em No Limit\")")
    name = game["game"].strip()     # (in a mixed game's "Mixed NLH/PLO (Hold'em No Limit, …)": the game played)
    known = _GAME_NAME.fullmatch(name)
    name = known["name"] if known else name
    if name.lower() not in _SUPPORTED:
        raise UnsupportedGame(f"{name} {game['struct']} is not supported yet: Rasklad reads Hold'em and 6+ Hold'em "
                              "hands of PokerStars", game=name, line=1, column=at + game.start("game") + 1, line_text=line)
    stakes = _STAKES.search(rest, game.end())
    if stakes is None:
        fault = amount_at_fault(rest, lambda text: _STAKES.search(text, game.end()) is not None)
        if fault is not None:
            raise refused(fault[0], at + fault[1])
        raise refused("expected the stakes in parentheses after the game, like ($0.01/$0.02 USD) or (10/20)",
                      at + game.end())
    # the header as PokerStars writes it, or refused where a stray character stands: a mixed game's
    # name before the game, and its stakes after a comma, or the stakes after the game and a level
    mixed = stakes[0].startswith(",")
    if not (_MIXED.fullmatch(rest, 0, game.start()) if mixed else game.start() == 0):
        raise refused(f"unexpected {rest[:game.start()].strip()[:20]!r} before the game: PokerStars writes the "
                      "game right after the hand's number, like \"Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\"", at)
    lead = _STAKES_LEAD.match(rest, game.end())
    if lead.end() != stakes.start():
        raise refused(f"unexpected {rest[lead.end()]!r} between the game and its stakes: PokerStars writes them "
                      "apart by a space, like \"Hold'em No Limit ($0.01/$0.02 USD)\"", at + lead.end())
    for group in ("sb", "bb", "ante", "cap"):    # (an amount its pattern took may still be none: $1,,00)
        if stakes[group]:
            read_amount_at(stakes[group], 0, line, at + stakes.start(group))
    when = _WHEN.search(rest, stakes.end())
    if when is None or not _DASH.fullmatch(rest, stakes.end(), when.start()) or rest[when.end():].strip():
        raise refused(f"expected the date and time like {_WHEN_WORDS}", at + stakes.end())
    played_at, local = _times(when, lambda message, group: refused(message, at + when.start(group)))
    return {"match": match, "game": _SUPPORTED[name.lower()], "struct": game["struct"], "stakes": stakes, "when": when,
            "played_at": played_at, "local": local,
            "in_utc": when["d2"] is not None or when["z"] not in (None, _CUSTOM_ZONE)}


def game_named(lines: tuple[str, ...]) -> str | None:
    """The game a hand's header names, read no further than its name (``holdem36`` for 6+ Hold'em):
    the game a hand that does not parse is quarantined under; None where the header names no game
    read here."""
    match = _HEADER.match(lines[0]) if lines else None
    game = _GAME.search(match["rest"]) if match else None
    known = _GAME_NAME.fullmatch(game["game"].strip()) if game else None
    name = _SUPPORTED.get(known["name"].lower()) if known else None
    return _STORED_AS[name] if name else None


def _times(when: re.Match, refused) -> tuple[datetime, datetime | None]:
    """The hand's time in UTC (as written when the header names no zone, or only the player's own),
    and the time as written when that is another zone's than ET (else None). A zone PokerStars does
    not write, or a local time that is not the ET time in its zone, is ``refused(message, group)``:
    one of the two times is changed, and nothing shows which."""
    try:
        written = _when(when["d"], when["t"])
        et = _when(when["d2"], when["t2"]) if when["d2"] else None
    except ValueError as problem:     # 2020/13/01, 25:00:00: the shape of a date, not a date
        raise refused(f"{when[0].strip()!r} is not a real date and time ({problem})", 0) from None
    zone = when["z"]
    if zone is not None and zone not in _ZONE_NAMES and zone != _CUSTOM_ZONE:
        raise refused(f"{zone!r} is not a time zone PokerStars writes (ET, CET, WET, MSK …)", "z")
    if et is None:
        if zone in (None, _CUSTOM_ZONE):
            return written, None         # a zone not named, or of the player's own offset: as written
        return in_utc(written, zone), None if zone == _ET else written
    if when["z2"] not in (None, _ET):
        raise refused(f"the time in brackets is the ET time, not {when['z2']}", "z2")
    if zone is not None and not local_time_matches(zone, written, et):
        raise refused(f"the local time {when['t']} {zone} is not the ET time {when['t2']} in that zone: one of the "
                      "two is changed", "t")
    return in_utc(et, _ET), written


# ////////////////////////////////////////////////////////////////////// the record


def parse(lines: tuple[str, ...], source: Source) -> HoldemHand:
    """One PokerStars hand (its lines, header first) → HoldemHand; ParseError with game-relative lines."""
    if not lines:
        raise ParseError("empty hand", line=1, column=1)
    head = read_header(lines[0])
    tokens = TABLE.classify(lines)
    check_shape(tokens, lines)
    return build_hand(lines, source, head, tokens)


def cut_short(hand: HoldemHand) -> bool:
    """Whether a hand stops before its summary's end (docs/formats.md, "A file that ends inside a
    hand"): PokerStars ends every hand with its summary, a Total line and one line for each seat
    dealt in, in the order of the seats. A summary with neither (the file stops at ``*** SUMMARY
    ***`` or inside the Total line), or whose seat lines are the first seats' and stop before the
    last ones, was cut with its file. A summary that leaves out a seat between others, or names
    another, is the room's (HE-SUMMARY-SEATS), wherever the hand stands; a cancelled hand may have
    no Total line.

    >>> from types import SimpleNamespace
    >>> from rules.holdem_hand import Seat, Summary, SummarySeat
    >>> seats = (Seat(seat=1, player="A", stack=Decimal(9), line=3), Seat(seat=3, player="B", stack=Decimal(9), line=4))
    >>> def summed(*numbers):      # a summary with a Total line and these seats' lines
    ...     return Summary(total_pot=Decimal(2), rake=Decimal(0), total_line=9, lists_every_seat=True,
    ...                    seats=tuple(SummarySeat(seat=n, player="AB"[n // 2], line=9 + n) for n in numbers))
    >>> [cut_short(SimpleNamespace(seats=seats, is_cancelled=False, summary=summary))
    ...  for summary in (None, summed(), summed(1), summed(1, 3), summed(3))]
    [True, True, True, False, False]
    """
    summary = hand.summary
    if summary is None:
        return not hand.is_cancelled
    dealt = [seat.seat for seat in hand.seats if not seat.is_out_of_hand]
    summed = [seat.seat for seat in summary.seats]
    return len(summed) < len(dealt) and summed == dealt[:len(summed)]


_WITH, _ASIDE, _CLOSE = PHRASES["with"], SYNTAX["aside"], SYNTAX["close"]


def build_hand(lines, source: Source, head: dict, tokens) -> HoldemHand:
    """The record of a hand from its lines, its header's fields (:func:`read_header`) and its
    classified lines; with no tokens, the record of the header alone."""
    match, stakes = head["match"], head["stakes"]
    is_tournament = match["tid"] is not None
    small_blind = _money(stakes["sb"])
    big_blind = _money(stakes["bb"]) if stakes["bb"] else small_blind
    small_bet = big_bet = None
    betting = BettingStructure.parse(head["struct"])
    if betting is BettingStructure.LIMIT:
        # Limit stakes are the bet sizes: the blinds are half the small bet and the small bet
        small_bet, big_bet = small_blind, big_blind
        unit = Decimal(1) if small_bet == small_bet.to_integral_value() and is_tournament else Decimal("0.01")
        small_blind, big_blind = (small_bet / 2).quantize(unit, rounding=ROUND_DOWN), small_bet
    sign = stakes_sign(head)
    coded = code_at_odds(head)
    marks = CurrencyMarks(coded or sign, source.first_line)
    if coded is not None:       # every amount is then checked against the code's currency
        marks.stakes_at_odds(sign, match.start("rest") + stakes.start("sb") + 1)
        sign = coded
    money = _sign_checker(sign, lines, marks)
    currency = "chips" if is_tournament else stakes["cur"] or CURRENCY_SIGNS.get(sign, "play")
    ante = _money(stakes["ante"]) if stakes["ante"] else _ZERO
    cap = _money(stakes["cap"]) if stakes["cap"] else None

    table_name = max_seats = button = None
    seats: list[Seat] = []
    actions: list[Action] = []
    holes: list[HoleCards] = []
    cash_outs: list[CashOut] = []
    named: list[NamedHand] = []
    board_lines: list[list[int]] = [[]]
    street, run = _PREFLOP, 0
    cancelled = blinds_posted = False
    total = rake = _ZERO
    pots: tuple[Decimal, ...] = ()
    total_line = 0      # (none: no Total line)
    summary_boards: list[tuple[Card, ...]] = []
    summary_board_lines: list[int] = []
    summary_seats: list[SummarySeat] = []
    append = actions.append
    seat_numbers: set[str] = set()
    dealt: set[str] = set()
    deals = BoardDeals()

    first_line = source.first_line
    for kind, m, index in tokens:
        line = first_line + index      # source.line(index), inline
        if kind == "ACTION" or kind == "POST":
            player, fold, check, verb, post, amount, raised, raise_to, _, _, _, _, all_in, capped = m.groups()
            if fold or check:
                append(_action(street, player, _FOLD if fold else _CHECK, _ZERO, None, False, False, (), None, 0, line))
                continue
            what = _RAISE if raised else _VERBS[verb]
            if post:
                # A returning player pays a missed small blind as a second "posts small blind" (or one
                # after the big blind): that money is dead, not part of his bet (ROOM-DEAD-BLIND).
                if what is _POST_SB and blinds_posted:
                    what = _POST_DEAD_KIND
                blinds_posted = blinds_posted or what is _POST_SB or what is _POST_BB
            append(_action(_PREFLOP if post else street, player, what, money(raised or amount, index),
                           money(raise_to, index) if raised else None, all_in is not None, capped is not None, (),
                           None, 0, line))
        elif kind == "SEATSUM":
            n, player, _, what = m.groups()     # a seat other than the seat line's: the engine's (HE-SUMMARY-SEATS)
            # (most seats win nothing and show nothing: the words tell before the patterns look)
            won = (tuple(money(a, index) for a in _SUMMARY_WON.findall(what))
                   if _WON_WORD in what or _COLLECTED_WORD in what else ())
            shown = _SUMMARY_CARDS.search(what) if "[" in what else None
            cards = _cards(shown[1], index, lines[index]) if shown else ()
            summary_seats.append(_summary_seat(stored_number(m, "n", SEAT_WORDS, index + 1, lines[index]), player, won,
                                                cards, what, line))
            if _WITH in what:
                for board, words in enumerate(NAMED_IN_SUMMARY.findall(what)):
                    if (hand := named_hand(player, HAND_WORDS.named(words), board, line)) is not None:
                        named.append(hand)
            if cards:
                holes.append(_hole(player, cards, CardsHow.SHOWN if what.startswith(_SHOWED) else CardsHow.MUCKED,
                                   line))
        elif kind == "SEAT":
            n, player, stack, rest = m.groups()
            if n in seat_numbers:
                raise _refused(f"seat {n} ({player}) is listed a second time", index, lines)
            seat_numbers.add(n)
            seats.append(_seat(stored_number(m, "n", SEAT_WORDS, index + 1, lines[index]), player, money(stack, index),
                               rest == _SITTING_OUT,
                               rest is not None and rest.startswith(_OUT_OF_HAND), line))
        elif kind == "STREET":
            what, c1, c2 = m["what"], m["c1"], m["c2"]
            street, run = _STREETS[what], _RUNS[m["run"]]
            repeated = _cards(c1, index, lines[index])
            deals.deal(run, street, repeated + _cards(c2, index, lines[index]),
                       len(repeated) if c2 is not None else -1, line, index, lines)
            while len(board_lines) <= run:
                board_lines.append([])
            board_lines[run].append(line)
        elif kind == "SHOWDOWN":
            street, run = Street.SHOWDOWN, _RUNS[m["run"]]
            deals.deal(run, Street.SHOWDOWN, (), -1, line, index, lines)
        elif kind == "COLLECT":
            player, amount, pot = m.groups()
            append(_action(street, player, _COLLECT_KIND, money(amount, index), None, False, False, (), pot, run, line))
        elif kind == "UNCALLED":
            amount, player = m.groups()
            append(_action(street, player, _UNCALLED_KIND, money(amount, index), None, False, False, (), None, 0, line))
        elif kind == "SHOW":
            cards = _cards(m["cards"], index, lines[index])
            how = SHOWS[m["show"]]
            append(_action(street, m["p"], how, _ZERO, None, False, False, cards, None, run, line))
            aside = lines[index].rstrip()
            if aside.endswith(_CLOSE) and _ASIDE in aside:      # "Anna: shows [Ah Kd] (a pair of Kings)"
                words = aside[aside.rindex(_ASIDE) + len(_ASIDE):-len(_CLOSE)]
                if (hand := named_hand(m["p"], HAND_WORDS.named(words), run, line)) is not None:
                    named.append(hand)
            holes.append(_hole(m["p"], cards, CardsHow.SHOWN if how is ActionKind.SHOW else CardsHow.MUCKED, line))
        elif kind == "NOSHOW":
            append(_action(street, m["p"], ActionKind.MUCK, _ZERO, None, False, False, (), None, run, line))
        elif kind == "DEALT":
            player, c1, c2 = m.groups()
            cards = _cards(c2 or c1, index, lines[index])
            if c2:
                cards = _cards(c1, index, lines[index]) + cards
            if cards:
                if player in dealt:
                    raise _refused(f"{player} is dealt cards a second time", index, lines)
                dealt.add(player)
                holes.append(_hole(player, cards, _DEALT_HOW, line))
        elif kind == "TABLE":
            table_name = m["name"]
            max_seats = stored_number(m, "max", TABLE_WORDS, index + 1, lines[index])
            button = stored_number(m, "btn", BUTTON_WORDS, index + 1, lines[index])
            if m["play"] and not is_tournament:
                currency = "play"
        elif kind == "CASHOUT":
            if any(cash_out.player == m["p"] for cash_out in cash_outs):
                raise _refused(f"{m['p']} cashes out a second time", index, lines)
            fee = money(m["f"], index) if m["f"] else _ZERO     # older cash-out lines name no fee
            cash_outs.append(CashOut(player=m["p"], amount=money(m["a"], index), fee=fee, line=line))
        elif kind == "TOTAL":
            total, rake = money(m["t"], index), money(m["r"], index)
            total_line = line
            pots = tuple(money(p, index) for p in _POTS.findall(m["pots"])) if m["pots"] else ()
        elif kind == "BOARD":
            summary_boards.append(_cards(m["c"], index, lines[index]))
            summary_board_lines.append(line)
        elif kind == "CANCELLED":
            cancelled = True
        # HOLE, SUMMARY, RUNTWICE need no fields
    # PokerStars sums up every seat: one left out or listed twice is the engine's to find (HE-SUMMARY-SEATS),
    # but in a file's last hand, the last seats left out are the file's end (cut_short). A cancelled hand may sum up
    # its seats without a Total line, or not at all; a dealt hand's bare '*** SUMMARY ***' leaves out every seat.
    summary = None
    if total_line or summary_seats or not cancelled:
        summary = Summary(total_pot=total, rake=rake, pots=pots, boards=tuple(summary_boards),
                          seats=tuple(summary_seats), lists_every_seat=True, total_line=total_line,
                          board_lines=tuple(summary_board_lines))
    info = GameInfo(game=_STORED_AS[head["game"]], played_at=head["played_at"],
                    club=match["club"], table_name=table_name, ruleset=f"pokerstars {betting.value}", site=SITE,
                    played_in_utc=head["in_utc"])
    return HoldemHand(
        all_in_said=True,   # the room says every all-in (ROOM-ALL-IN)
        source=source, info=info, hand_id=match["id"], tournament_id=match["tid"], betting=betting,
        small_blind=small_blind, big_blind=big_blind, small_bet=small_bet, big_bet=big_bet,
        stakes=stakes_label(*((small_bet, big_bet) if small_bet is not None else (small_blind, big_blind)), currency,
                            ante=ante if stakes["button"] else None, cap=cap),
        ante=ante, cap=cap, currency=currency, is_tournament=is_tournament,
        is_short_deck=info.game == "holdem36", max_seats=max_seats, button_seat=button,
        seats=tuple(seats), actions=tuple(actions),
        boards=deals.boards(), board_lines=tuple(tuple(b) for b in board_lines), board_change=deals.change,
        hole_cards=tuple(holes), cash_outs=tuple(cash_outs), named_hands=tuple(named), summary=summary, is_cancelled=cancelled,
        room_findings=marks.findings, header_line=source.first_line,
    )
