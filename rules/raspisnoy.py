"""Raspisnoy poker (Up-and-Down poker): rulesets, the round schedule, game records and the replay.

Every rule of docs/rules.md for raspisnoy is checked here, each rule where it is stated, each
finding naming its rule ID and the file line it is about. The replay never stops at a
fault: it records the finding, goes on with what was played and computes the true points.

>>> rules = Ruleset.parse("default")
>>> [(r.cards, r.kind.value) for r in schedule(rules, 3)][:4]
[(1, 'regular'), (2, 'regular'), (3, 'regular'), (4, 'regular')]
>>> len(schedule(rules, 4)), len([r for r in schedule(rules, 4) if r.kind.is_special])
(36, 16)
>>> round_points(RoundKind.NO_TRUMP, 3, 0, 0, rules)
Decimal('7.5')
>>> Ruleset.parse("deck 52")
Traceback (most recent call last):
...
rules.rules_line.SettingError: 'deck 52': deck takes '36' or '54', not '52'
"""

from __future__ import annotations

import enum
import functools
from collections import Counter, namedtuple
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property
from typing import NamedTuple

import numpy as np

from rules.cards import JOKER_CODES, Card, CardError, Deck, Suit
from rules.findings import Findings, Severity
from rules.records import GameInfo, PlayerResult, Replay, Source
from rules.rules_line import (
    DECIMALS,
    LARGEST,
    ON_OFF,
    ON_OFF_SYNONYMS,
    BadValue,
    Choice,
    Number,
    RulesLine,
    Setting,
    Whole,
    one_word,
    set_to,
)
from rules.words import counted

RULES = {
    "RSP-PLAYERS": "3 to 6 players; the 54-card deck takes up to 10.",
    "RSP-DECK": ("Every card dealt, turned up or played is a card of the deck, and appears once. The joker "
                 "is the 7♠ of the 36-card deck, or the two `JK` of the 54-card deck."),
    "RSP-SCHEDULE": ("The rounds follow the schedule: their number, the cards dealt and the kind of each. "
                     "With P players, a hand holds at most M = min(9, deck ÷ P) cards; the simple rounds "
                     "deal 1, 2, …, M−1 cards, then M cards once per player, then M−1 down to 1; then come "
                     "the special rounds, each kind once per player, M cards each, in the order no-trump, "
                     "blind, misère, golden. A round whose cards or kind differ from the schedule's is one "
                     "finding: the round is then checked and scored as the schedule's, unless more of what "
                     "it writes fits the header's: between no-trump and another kind, the trump decides "
                     "(`trump none` is a no-trump round); else count the cards of each hand and the tricks "
                     "played (on a sheet, the tricks taken added up), its bids (none in misère and golden "
                     "rounds, written before the hands in blind and forehead rounds), and each player's "
                     "points (else the step of their total)."),
    "RSP-DEALER": ("The first dealer is drawn by lot; the deal then passes clockwise. Cards go one at a "
                   "time clockwise from the dealer's left, the dealer last, and every player gets the "
                   "round's number of cards. A dealer out of turn, or misnamed, is one finding: the "
                   "round is then checked as the header's dealer dealt it when the hands (else the "
                   "bids, else the lead) go round from that dealer's left, else as the rules' dealer dealt it. "
                   "A hand left out of `Hands:` is one finding, and the cards that player plays are not "
                   "checked against a hand. A warning when tricks are written without a `Hands:` line."),
    "RSP-TRUMP": ("The top card of the stock is turned up and its suit is trump. When the whole deck is "
                  "dealt, the trump card is drawn before the deal (or, with `whole-deck trump dealer`, "
                  "shown by the dealer from their own cards). A joker turned up means no trump; no-trump "
                  "rounds have none."),
    "RSP-BID": ("Bids go clockwise from the dealer's left, the dealer last; a bid is 0 (a pass) up to the "
                "cards in hand. Blind and forehead rounds bid before anyone sees their own cards; misère and "
                "golden rounds have no bids."),
    "RSP-THREE-PASSES": ("A player who passed in each of the two previous rounds in which they bid may not "
                         "pass a third time, unless the hook leaves them nothing else. Under `pass run rounds` "
                         "the two previous rounds are the two rounds before, of any kind: a misère or golden "
                         "round, where nobody bids, ends the run."),
    "RSP-HOOK": "The dealer may not bid so that the bids add up to the number of cards dealt to each player.",
    "RSP-LEAD": ("The player left of the dealer leads the first trick; the winner of each trick leads the "
                 "next; play goes clockwise."),
    "RSP-FOLLOW": ("Follow the suit led; if void, play a trump; if void in trumps too, any card. The joker "
                   "is free of these duties, and holding only the joker of a suit counts as being void in "
                   "it."),
    "RSP-JOKER-LEAD": ("A joker that leads is declared `high trumps` (everyone plays their highest trump, "
                       "else any card; needs a trump in the round), `high <suit>` (everyone plays their "
                       "highest card of that suit, else a trump, else any card) or `low <suit>` (the joker "
                       "is the lowest card of that suit, which counts as led). Every duty of a high call "
                       "is cited under this rule, the \"else a trump\" of `high <suit>` included; after "
                       "`low <suit>` the ordinary duties of RSP-FOLLOW apply (but the lowest card, under "
                       "`joker low lowest`). Under `joker high lead on` it may also be led plain `high`: it takes "
                       "the trick and, naming no suit, asks nothing of the others, who play any card."),
    "RSP-JOKER-FOLLOW": ("A joker played to a trick already led is declared `high` (it wins the trick; of "
                         "two high jokers the later wins) or `low` (it loses to every card)."),
    "RSP-TRICK": ("The trick goes to the high joker if one was played, else to the highest trump, else to "
                  "the highest card of the suit led; a round has as many tricks as cards in hand. A log "
                  "that stops inside a round (a round with no tricks and no points, or a last round cut "
                  "off after some of its tricks, with no points) is incomplete, not wrong: a warning, and "
                  "the round is not scored. Tricks missing from a round the log goes on after, or that "
                  "has its points written, are an error."),
    "RSP-SCORE": ("A simple round scores, for bid b, tricks taken t and cards in hand c: a clean pass (b = "
                  "t = 0) +5; t = b > 0: +10 a trick, +20 a trick when b = c > 1 in the rounds `all-tricks "
                  "double` names; t > b: +1 a trick taken; t < b: −10 a trick missing, −20 when b = c > 1 "
                  "in those rounds (but under `all-tricks double special-made`, which doubles a made bid "
                  "only). Cited when a `Points:` entry differs."),
    "RSP-SCORE-SPECIAL": ("No-trump, blind and forehead rounds score as simple rounds times 1.5; misère "
                          "−15 a trick, +50 for none; golden +15 a trick."),
    "RSP-TOTAL": ("Each player's total is the running sum of their points; the highest total after the last "
                  "round wins. Cited when a `Totals:` entry, or a sheet's total, is neither the previous total "
                  "as written plus this round's points (as the rules score them, or as the `Points:` line "
                  "writes them) nor the running sum of the points as the rules score them. So each mistake "
                  "is cited once, on the line where it was made: a wrong score under RSP-SCORE only, a wrong "
                  "total here, and not again where a later total carries it on or comes back to the true "
                  "running sum; on a sheet's row whose tricks do not add up (RSP-TRICK), a total that fits "
                  "exactly the one trick count of its player that makes them add up is named in that "
                  "finding, not cited here."),
}


class RulesetError(ValueError):
    """A round kind or a joker declaration the game does not know (a ``Rules:`` setting refused is a
    :class:`~rules.rules_line.SettingError`)."""


class RoundKind(enum.Enum):
    """The kinds of rounds; the value is the wire code of logs and sheets."""

    REGULAR = "regular"
    """A simple round: trump from the stock, bids, tricks."""
    NO_TRUMP = "no-trump"
    """Special: no trump; scores times the special multiplier."""
    BLIND = "blind"
    """Special: bids made before anyone looks at the cards; scores times the special multiplier."""
    MISERE = "misere"
    """Special: no bids; −15 per trick taken, +50 for none."""
    GOLDEN = "golden"
    """Special: no bids; +15 per trick taken."""
    FOREHEAD = "forehead"
    """Special (лобовая, seed 000; not in the default specials): each player, without looking at his
    cards, shows one of them to the others, then all bid; scores as a blind round."""

    @property
    def is_special(self) -> bool:
        return self is not RoundKind.REGULAR

    @property
    def has_bids(self) -> bool:
        return self not in (RoundKind.MISERE, RoundKind.GOLDEN)

    @property
    def is_multiplied(self) -> bool:
        return self in (RoundKind.NO_TRUMP, RoundKind.BLIND, RoundKind.FOREHEAD)

    @property
    def bids_unseen(self) -> bool:
        """The bids are made before each player looks at his own cards (the log writes Bids before Hands)."""
        return self in (RoundKind.BLIND, RoundKind.FOREHEAD)

    @property
    def score_rule(self) -> str:
        return "RSP-SCORE-SPECIAL" if self.is_special else "RSP-SCORE"

    @classmethod
    def parse(cls, text: str) -> RoundKind:
        word = text.strip().lower().replace("è", "e").replace("_", "-")
        word = {"notrump": "no-trump", "no trump": "no-trump", "lobovaya": "forehead",
                "лобовая": "forehead"}.get(word, word)
        try:
            return cls(word)
        except ValueError:
            raise RulesetError(f"{text!r} is not a round kind: expected regular, no-trump, blind, misere, "
                               f"golden or forehead") from None


class JokerCall(enum.Enum):
    """What a joker's player declares; the value is the wire code (a suit name follows the ``*_suit`` ones)."""

    HIGH = "high"
    """Followed to a trick: the joker wins it (the later high joker wins)."""
    LOW = "low"
    """Followed to a trick: the joker loses to every card."""
    HIGH_TRUMPS = "high trumps"
    """Led: everyone plays his highest trump, else any card; the joker wins."""
    HIGH_SUIT = "high suit"
    """Led as ``high <suit>``: everyone plays his highest card of the suit, else a trump, else any; the joker wins."""
    LOW_SUIT = "low suit"
    """Led as ``low <suit>``: the lowest card of the suit; the suit counts as led."""

    @property
    def word(self) -> str:
        return self.value.split()[0]


_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


@dataclass(frozen=True, kw_only=True, slots=True)
class Declaration:
    """A joker's declaration: ``high``, ``low``, ``high trumps``, ``high hearts``, ``low clubs``.

    >>> Declaration.parse("high ♥"), str(Declaration.parse("Low clubs"))
    (Declaration(call=<JokerCall.HIGH_SUIT: 'high suit'>, suit=<Suit.HEARTS: 2>), 'low clubs')
    >>> Declaration.parse("middle")
    Traceback (most recent call last):
    ...
    rules.raspisnoy.RulesetError: 'middle' is not a joker declaration: expected high, low, high trumps, high <suit> or low <suit>
    """

    call: JokerCall
    suit: Suit | None = None

    @property
    def is_high(self) -> bool:
        return self.call in (JokerCall.HIGH, JokerCall.HIGH_TRUMPS, JokerCall.HIGH_SUIT)

    @property
    def is_lead_call(self) -> bool:
        return self.call in (JokerCall.HIGH_TRUMPS, JokerCall.HIGH_SUIT, JokerCall.LOW_SUIT)

    def __str__(self) -> str:
        if self.call is JokerCall.HIGH_TRUMPS:
            return "high trumps"
        if self.suit is not None:
            return f"{self.call.word} {_SUIT_NAMES[self.suit]}"
        return self.call.word

    @classmethod
    def parse(cls, text: str) -> Declaration:
        words = text.lower().split()
        if words and words[0] in ("high", "low"):
            high = words[0] == "high"
            if len(words) == 1:
                return cls(call=JokerCall.HIGH if high else JokerCall.LOW)
            if len(words) == 2 and words[1] in ("trumps", "trump") and high:
                return cls(call=JokerCall.HIGH_TRUMPS)
            if len(words) == 2:
                try:
                    suit = Suit.parse(words[1])
                except CardError:
                    pass
                else:
                    return cls(call=JokerCall.HIGH_SUIT if high else JokerCall.LOW_SUIT, suit=suit)
        raise RulesetError(f"{text!r} is not a joker declaration: expected high, low, high trumps, "
                           f"high <suit> or low <suit>")


# ---------------------------------------------------------------------------------------------
# Rulesets
# ---------------------------------------------------------------------------------------------

DEFAULT_SPECIALS = (RoundKind.NO_TRUMP, RoundKind.BLIND, RoundKind.MISERE, RoundKind.GOLDEN)


class JokerLow(enum.Enum):
    """What a joker led ``low <suit>`` asks of the others (the seeds disagree)."""

    ORDINARY = "ordinary"
    """The ordinary duties with that suit led (the default)."""
    LOWEST = "lowest"
    """Everyone holding the suit plays his lowest card of it (seed 001)."""


class DoublingScope(enum.Enum):
    """The rounds in which a bid of every card in hand scores 20 per trick (RSP-SCORE)."""

    ON = "on"
    """Every round (the default)."""
    OFF = "off"
    """No round."""
    SPECIAL = "special"
    """The special rounds only (seed 001: "во время проведения специальных конов")."""
    SIMPLE = "simple"
    """The simple rounds only."""
    SPECIAL_MADE = "special-made"
    """The special rounds only, and a made bid only: a miss costs the ordinary 10 a trick (seed 001:
    "и наборе этого числа взяток, ваши выигранные очки умножаются в два раза")."""

    def doubles(self, kind: RoundKind) -> bool:
        """Whether a bid of every card made in a round of this kind scores 20 a trick."""
        if self in (DoublingScope.SPECIAL, DoublingScope.SPECIAL_MADE):
            return kind.is_special
        if self is DoublingScope.SIMPLE:
            return not kind.is_special
        return self is DoublingScope.ON

    def doubles_misses(self, kind: RoundKind) -> bool:
        """Whether a bid of every card missed in a round of this kind costs 20 a trick missing."""
        return self is not DoublingScope.SPECIAL_MADE and self.doubles(kind)


class PassRun(enum.Enum):
    """Which rounds a run of passes is counted over (RSP-THREE-PASSES)."""

    BIDS = "bids"
    """The rounds with bids: a misère or golden round between two passes is passed over (the default)."""
    ROUNDS = "rounds"
    """Every round: a round without bids ends the run (seed 000: "если он 2 кона до этого пасовал")."""

    def counts(self, kind: RoundKind) -> bool:
        """Whether a round of this kind is one of the run, a pass or not."""
        return self is PassRun.ROUNDS or kind.has_bids


class WholeDeckTrump(enum.Enum):
    """Where the trump card comes from when the whole deck is dealt (RSP-TRUMP)."""

    DRAWN = "drawn"
    """Drawn before the deal: it is one of the dealt cards, in any hand (the default)."""
    DEALER = "dealer"
    """Shown by the dealer from his own cards (seed 001)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Ruleset:
    """The settings a table plays by; every setting of a ``Rules:`` line (docs/formats.md) is one field.

    >>> Ruleset.parse("deck 54, pass limit none, hook off").canonical
    'deck 54, joker JK, max cards 9, specials no-trump blind misere golden, special cards max, special multiplier 1.5, all-tricks double on, misere 15 50, golden 15, pass limit none, hook off, joker low ordinary, whole-deck trump drawn, joker high lead off, pass run bids'
    >>> Ruleset.parse("Deck 36, hook on") == Ruleset.parse("default")
    True
    >>> Ruleset.parse("trumps 4")
    Traceback (most recent call last):
    ...
    rules.rules_line.SettingError: 'trumps 4' is not a setting of raspisnoy. Its settings are deck, joker, max cards, specials, special cards, special multiplier, all-tricks double, misere, golden, pass limit, hook, joker low, whole-deck trump, joker high lead and pass run.
    """

    deck: int = 36
    joker: Card = Card.parse("7s")  # noqa: RUF009 (a Card is frozen: one shared default is safe)
    """The joker of the 36-card deck (the 54-card deck has its two JK)."""
    max_cards: int = 9
    specials: tuple[RoundKind, ...] = DEFAULT_SPECIALS
    special_cards: int | None = None
    """Cards dealt in special rounds; None deals M, the most of the simple rounds."""
    special_multiplier: Decimal = Decimal("1.5")
    all_tricks_double: DoublingScope = DoublingScope.ON
    """Where a bid of every card in hand (more than one) scores 20 per trick, made (and, but under
    ``special-made``, missed)."""
    misere_trick: Decimal = Decimal(15)
    """Points lost per trick taken in a misère round."""
    misere_clean: Decimal = Decimal(50)
    """Points for taking no trick in a misère round."""
    golden_trick: Decimal = Decimal(15)
    """Points per trick taken in a golden round."""
    pass_limit: int | None = 2
    """Passes in a row a player may bid; None for no limit (2 is the three-passes rule)."""
    hook: bool = True
    joker_low: JokerLow = JokerLow.ORDINARY
    whole_deck_trump: WholeDeckTrump = WholeDeckTrump.DRAWN
    pass_run: PassRun = PassRun.BIDS
    joker_high_lead: bool = False
    """The joker may also be led declared plain ``high``: it takes the trick and asks nothing of the
    others (seeds 000 and 001: "объявив ее самой старшей. В этом случае взятка достается ему")."""

    @property
    def deck_cards(self) -> Deck:
        return Deck.JOKERS_54 if self.deck == 54 else Deck.SHORT_36

    @property
    def joker_codes(self) -> tuple[int, ...]:
        """The codes of the cards that play as the joker: the two jokers of the 54-card deck, or
        the 36-card deck's chosen card."""
        return JOKER_CODES if self.deck == 54 else (self.joker.code,)

    def is_joker(self, card: Card) -> bool:
        return card.code in jokers_of(self).codes

    def in_deck(self, card: Card) -> bool:
        return card in self.deck_cards

    @property
    def canonical(self) -> str:
        """The settings as one string, the same for every way of writing the same ruleset."""
        joker = "JK" if self.deck == 54 else str(self.joker)
        return ", ".join((
            f"deck {self.deck}",
            f"joker {joker}",
            f"max cards {self.max_cards}",
            "specials " + (" ".join(kind.value for kind in self.specials) or "none"),
            f"special cards {self.special_cards or 'max'}",
            f"special multiplier {self.special_multiplier.normalize()}",
            f"all-tricks double {self.all_tricks_double.value}",
            f"misere {_whole(self.misere_trick)} {_whole(self.misere_clean)}",
            f"golden {_whole(self.golden_trick)}",
            f"pass limit {'none' if self.pass_limit is None else self.pass_limit}",
            f"hook {'on' if self.hook else 'off'}",
            f"joker low {self.joker_low.value}",
            f"whole-deck trump {self.whole_deck_trump.value}",
            f"joker high lead {'on' if self.joker_high_lead else 'off'}",
            f"pass run {self.pass_run.value}",
        ))

    @classmethod
    def parse(cls, text: str | None) -> Ruleset:
        """A ruleset from a ``Rules:`` line: ``default`` or settings separated by commas (a
        :class:`~rules.rules_line.SettingError` at the first one refused)."""
        return RULES_LINE.read(text, cls())


class _JokerCard:
    """The ``joker`` setting's value: a card (the 54-card deck's ``JK`` leaves the ruleset as it is)."""

    takes = "a card"

    def read(self, words: list[str]) -> Card:
        return Card.parse(one_word(words))


class _Specials:
    """The ``specials`` setting's value: round kinds, each once, in the order played."""

    takes = ("round kinds in the order played, each once (" + ", ".join(
        f"`{kind.value}`" for kind in RoundKind if kind.is_special) + "), or `none`")

    def read(self, words: list[str]) -> tuple[RoundKind, ...]:
        if words == ["none"]:
            return ()
        kinds = []
        for word in words:
            try:
                kind = RoundKind.parse(word)
            except RulesetError:
                raise BadValue(f"{word!r} is not a special round kind") from None
            if not kind.is_special:
                raise BadValue(f"{word!r} is not a special round kind")
            if kind in kinds:
                raise BadValue(f"{word!r} is listed twice")
            kinds.append(kind)
        if not kinds:
            raise BadValue()
        return tuple(kinds)


class _Misere:
    """The ``misere`` setting's value: the points lost per trick, then the points for no trick."""

    points = Number()
    takes = (f"points lost per trick, then points for no trick: two numbers from 0 to {LARGEST:,}, "
             f"with at most {DECIMALS} decimals")

    def read(self, words: list[str]) -> tuple[Decimal, Decimal]:
        if len(words) != 2:
            raise BadValue()
        return self.points.number(words[0]), self.points.number(words[1])


# ---------------------------------------------------------------------------------------------
# The schedule
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True, slots=True)
class ScheduledRound:
    number: int
    cards: int
    kind: RoundKind


def max_cards(rules: Ruleset, players: int) -> int:
    """M = min(cap, floor(deck / players)) (RSP-SCHEDULE)."""
    return max(1, min(rules.max_cards, rules.deck // max(players, 1)))


def schedule(rules: Ruleset, players: int) -> tuple[ScheduledRound, ...]:
    """Every round of a full game: simple rounds up to M and back down, then the specials."""
    top = max_cards(rules, players)
    cards = [*range(1, top), *[top] * players, *range(top - 1, 0, -1)]
    kinds = [RoundKind.REGULAR] * len(cards)
    special = min(rules.special_cards or top, rules.deck // max(players, 1))
    for kind in rules.specials:
        cards += [special] * players
        kinds += [kind] * players
    return tuple(ScheduledRound(number=i + 1, cards=c, kind=k) for i, (c, k) in enumerate(zip(cards, kinds)))


FEWEST_PLAYERS = 3
MOST_PLAYERS = {36: 6, 54: 10}
"""The most players each deck takes (RSP-PLAYERS)."""
MOST_CARDS = 18
"""The most cards a hand may hold (``max cards``, ``special cards``): the 54-card deck dealt to 3."""


def _most_rounds_with_bids() -> int:
    """The most rounds with bids a full game schedules, every player bidding in each: over both
    decks, every number of players and every special kind (10 players on 54 cards: 18 simple
    rounds, and 10 each of no-trump, blind and forehead, 48 in all)."""
    every_special = tuple(kind for kind in RoundKind if kind.is_special)
    return max(sum(due.kind.has_bids for due in schedule(
        Ruleset(deck=deck, max_cards=MOST_CARDS, specials=every_special), players))
        for deck, most in MOST_PLAYERS.items() for players in range(FEWEST_PLAYERS, most + 1))


MOST_PASS_LIMIT = _most_rounds_with_bids() - 1
"""The largest pass limit a game can use: ``pass limit L`` bars a player's pass after L in a row,
which takes L + 1 rounds with bids; a larger one would bar none, whatever the table meant."""


RULES_LINE = RulesLine("raspisnoy", [
    Setting("deck", Choice({"36": 36, "54": 54}), set_to("deck")),
    Setting("joker", _JokerCard(), lambda rules, card: rules if card.is_joker else replace(rules, joker=card)),
    Setting("max cards", Whole(1, MOST_CARDS), set_to("max_cards")),
    Setting("specials", _Specials(), set_to("specials")),
    Setting("special cards", Whole(1, MOST_CARDS, {"max": None}), set_to("special_cards")),
    Setting("special multiplier", Number(above=True), set_to("special_multiplier")),
    Setting("all-tricks double", Choice({scope.value: scope for scope in DoublingScope},
                                        {**ON_OFF_SYNONYMS, "specials": "special"}), set_to("all_tricks_double")),
    Setting("misere", _Misere(), lambda rules, points: replace(rules, misere_trick=points[0], misere_clean=points[1])),
    Setting("golden", Number(of="points per trick"), set_to("golden_trick")),
    Setting("pass limit", Whole(0, MOST_PASS_LIMIT, {"none": None}, {"off": "none"}), set_to("pass_limit")),
    Setting("hook", ON_OFF, set_to("hook")),
    Setting("joker low", Choice({low.value: low for low in JokerLow}), set_to("joker_low")),
    Setting("whole-deck trump", Choice({trump.value: trump for trump in WholeDeckTrump}), set_to("whole_deck_trump")),
    Setting("joker high lead", ON_OFF, set_to("joker_high_lead")),
    Setting("pass run", Choice({run.value: run for run in PassRun}), set_to("pass_run")),
])
"""The settings of a ``Rules:`` line, each once: what the parser reads, the refusals say and
docs/formats.md's table lists."""


def dealer_of(players: tuple[str, ...], first_dealer: str, round_no: int) -> str:
    """The dealer of round ``round_no`` (1-based): the deal passes clockwise, in the order of Players."""
    start = players.index(first_dealer) if first_dealer in players else 0
    return players[(start + round_no - 1) % len(players)]


def deal_order(players: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Players from the dealer's left round to the dealer: the order of the deal, the bids and trick 1."""
    at = players.index(dealer)
    return players[at + 1:] + players[:at + 1]


# ---------------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------------

def round_points(kind: RoundKind, cards: int, bid: int | None, tricks: int, rules: Ruleset) -> Decimal:
    """The points of one player in one round (RSP-SCORE, RSP-SCORE-SPECIAL).

    >>> rules = Ruleset()
    >>> [round_points(RoundKind.REGULAR, 5, b, t, rules) for b, t in [(0, 0), (2, 2), (2, 3), (3, 1), (5, 5), (5, 4)]]
    [Decimal('5'), Decimal('20'), Decimal('3'), Decimal('-20'), Decimal('100'), Decimal('-20')]
    >>> round_points(RoundKind.MISERE, 9, None, 0, rules), round_points(RoundKind.MISERE, 9, None, 2, rules)
    (Decimal('50'), Decimal('-30'))
    """
    if kind is RoundKind.MISERE:
        return _whole(rules.misere_clean if tricks == 0 else -rules.misere_trick * tricks)
    if kind is RoundKind.GOLDEN:
        return _whole(rules.golden_trick * tricks)
    bid = bid or 0
    every_card = bid == cards and cards > 1
    if bid == 0 and tricks == 0:
        points = 5
    elif tricks == bid:
        points = (20 if every_card and rules.all_tricks_double.doubles(kind) else 10) * tricks
    elif tricks > bid:
        points = tricks
    else:
        points = -(20 if every_card and rules.all_tricks_double.doubles_misses(kind) else 10) * (bid - tricks)
    result = Decimal(points)
    if kind.is_multiplied:
        result *= rules.special_multiplier
    return _whole(result)


def _whole(points: Decimal) -> Decimal:
    """Points as written on a sheet: 20, 7.5 (no trailing zeros, no exponent)."""
    return points.normalize() if points != points.to_integral_value() else points.quantize(Decimal(1))


# ---------------------------------------------------------------------------------------------
# Playing a trick
# ---------------------------------------------------------------------------------------------

_SUIT_OF = tuple(Suit(code & 3) for code in range(52)) + (None, None)


def _suit(card: Card) -> Suit | None:
    """A card's suit by table lookup (``Card.suit`` builds an enum per call; the replay asks often)."""
    return _SUIT_OF[card.code]


_DECK_CODES: dict[int, frozenset[int]] = {}


def _deck_codes(rules: Ruleset) -> frozenset[int]:
    """The codes of the ruleset's deck, remembered (asked per card dealt)."""
    codes = _DECK_CODES.get(rules.deck)
    if codes is None:
        codes = _DECK_CODES[rules.deck] = frozenset(rules.deck_cards.codes)
    return codes


@dataclass(frozen=True, kw_only=True, slots=True)
class Duty:
    """What a player must play to a trick: the cards he may play, the duty in words, and the rule
    that states it (RSP-JOKER-LEAD for every duty a led joker's demand creates, else RSP-FOLLOW)."""

    cards: set[Card]
    words: str
    rule_id: str = "RSP-FOLLOW"


def legal_cards(hand: Counter, led: Card | None, declaration: Declaration | None, trump: Suit | None,
                rules: Ruleset) -> Duty:
    """The cards a player may play to a trick, the duty in words and its rule.

    ``led`` is the first card of the trick (None to lead); ``declaration`` is the led joker's.
    A joker led high (trumps or a suit) makes every tier of its demand RSP-JOKER-LEAD's: the
    highest card asked for, else a trump, else any card. A joker led low makes its suit the led
    suit, and the ordinary duties of RSP-FOLLOW apply (but the lowest card, where the rules ask it).
    (The rule itself is :func:`legal_mask`, over the codes of the cards held.)
    """
    held = _held(hand)
    mask = 0
    for card in held:
        mask |= 1 << card.code
    allowed, words, rule_id = legal_mask(mask, led, declaration, trump, jokers_of(rules))
    return Duty(cards={card for card in held if allowed >> card.code & 1}, words=words, rule_id=rule_id)


_SUIT_MASKS = tuple(sum(1 << code for code in range(suit, 52, 4)) for suit in range(4))
"""The codes of each suit's cards (a card's suit is its code's low two bits), as bits."""
_PLAIN = (1 << 52) - 1


class Jokers(NamedTuple):
    """What a ruleset says of its jokers, as the trick rules ask it once per card."""

    codes: frozenset[int]
    """The codes of the cards that play as the joker."""
    mask: int
    """The same codes, as bits."""
    low_lowest: bool
    """A joker led ``low <suit>`` asks for the lowest card of the suit (:class:`JokerLow`)."""


_JOKERS: dict[tuple[int, int, JokerLow], Jokers] = {}
_JOKERS_OF: dict[int, tuple[Ruleset, Jokers]] = {}
"""The last rulesets asked, by identity (a ruleset's own hash, and an enum's, are Python calls, and
a replay asks several times a round); each kept with its ruleset, so that its id is not reused."""


def jokers_of(rules: Ruleset) -> Jokers:
    """The ruleset's :class:`Jokers`, made once per deck, joker and ``joker low`` setting."""
    known = _JOKERS_OF.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    key = (rules.deck, rules.joker.code, rules.joker_low)
    jokers = _JOKERS.get(key)
    if jokers is None:
        codes = frozenset(rules.joker_codes)
        jokers = _JOKERS[key] = Jokers(codes, sum(1 << code for code in codes), rules.joker_low is JokerLow.LOWEST)
    if len(_JOKERS_OF) >= 64:
        _JOKERS_OF.clear()
    _JOKERS_OF[id(rules)] = (rules, jokers)
    return jokers


class Pick(enum.IntEnum):
    """Which of the cards a tier of a duty asks for does the player have to play."""

    ALL = 0
    """Any of them."""
    HIGHEST = 1
    """His highest."""
    LOWEST = 2
    """His lowest."""


class Tier(NamedTuple):
    """One step of a duty: the cards it asks for (bits of their codes, the jokers left out), which
    of them, the duty in words and the rule that states it."""

    asked: int
    pick: Pick
    words: str
    rule_id: str


class TrickDuty(NamedTuple):
    """What the first card of a trick asks of every later card (RSP-FOLLOW, RSP-JOKER-LEAD), whatever
    the hand: the first tier the hand holds a card of decides; a hand that holds none may play any
    card. The joker may always be played. The replay makes it once per trick (:func:`trick_duty`)
    and asks it per card followed (:func:`duty_mask`)."""

    tiers: tuple[Tier, ...]
    otherwise: tuple[str, str]
    """The duty in words and its rule when the hand holds no card of any tier: any card."""
    jokers: int
    """The bits of the cards that play as the joker."""
    free: int
    """Cards always allowed, whatever else the hand holds: the jokers, and the cards of the first
    tier when it asks for any of them (a card of the led suit follows it); -1 when every card is."""


def _asked(suit: Suit, jokers: Jokers) -> int:
    return _SUIT_MASKS[suit] & ~jokers.mask


@functools.cache
def trick_duty(led: int | None, declaration: Declaration | None, trump: Suit | None, jokers: Jokers) -> TrickDuty:
    """The duty that the card of code ``led`` (None to lead), with its ``declaration``, puts on every
    later card of the trick (RSP-FOLLOW, RSP-JOKER-LEAD; see :func:`legal_cards`). A joker led high
    (trumps or a suit) makes every tier of its demand RSP-JOKER-LEAD's: the highest card asked
    for, else a trump, else any card. A joker led low makes its suit the led suit, and the
    ordinary duties apply (but the lowest card, where the rules ask it).

    >>> duty = trick_duty(Card.parse("Qh").code, None, Suit.CLUBS, jokers_of(Ruleset()))
    >>> [(tier.pick.name, tier.words) for tier in duty.tiers], duty.otherwise
    ([('ALL', 'a card of the led suit hearts'), ('ALL', 'a trump (void in hearts)')], ('any card', 'RSP-FOLLOW'))
    """
    tiers: list[Tier] = []
    if led is None:
        return TrickDuty((), ("any card to lead", "RSP-FOLLOW"), jokers.mask, -1)
    trumps = () if trump is None else (_asked(trump, jokers),)
    demand = "RSP-JOKER-LEAD"
    if (1 << led) & jokers.mask:
        call = declaration.call if declaration else None
        if call is JokerCall.HIGH_TRUMPS and trump is not None:
            tiers.append(Tier(trumps[0], Pick.HIGHEST, "the highest trump (joker led high trumps)", demand))
            otherwise = "any card (no trump for the joker's high trumps)", demand
            led_suit = None
        elif call is JokerCall.HIGH_SUIT:
            suit_name = _SUIT_NAMES[declaration.suit]
            tiers.append(Tier(_asked(declaration.suit, jokers), Pick.HIGHEST,
                              f"the highest {suit_name} (joker led high {suit_name})", demand))
            tiers += [Tier(asked, Pick.ALL, f"a trump (void in {suit_name}, joker led high {suit_name})", demand)
                      for asked in trumps]
            otherwise = "any card", demand
            led_suit = None
        elif call is JokerCall.LOW_SUIT:
            if jokers.low_lowest:
                suit_name = _SUIT_NAMES[declaration.suit]
                tiers.append(Tier(_asked(declaration.suit, jokers), Pick.LOWEST,
                                  f"the lowest {suit_name} (joker led low {suit_name})", demand))
            led_suit, otherwise = declaration.suit, None
        else:   # plain high (``joker high lead on``, else a finding) or no call: no suit, no duty
            return TrickDuty((), ("any card (the joker led no suit)", "RSP-FOLLOW"), jokers.mask, -1)
    else:
        led_suit, otherwise = _SUIT_OF[led], None
    if otherwise is None:   # the ordinary duties, with led_suit led (None: a JK led that is no joker here)
        if led_suit is not None:
            tiers.append(Tier(_asked(led_suit, jokers), Pick.ALL, _FOLLOW_WORDS[led_suit], "RSP-FOLLOW"))
        tiers += [Tier(asked, Pick.ALL, _VOID_WORDS.get(led_suit, "a trump (void in the led suit)"), "RSP-FOLLOW")
                  for asked in trumps]
        otherwise = "any card", "RSP-FOLLOW"
    free = jokers.mask | (tiers[0].asked if tiers and tiers[0].pick is Pick.ALL else 0)
    return TrickDuty(tuple(tiers), otherwise, jokers.mask, free if tiers else -1)


def duty_mask(held: int, duty: TrickDuty) -> tuple[int, str, str]:
    """The bits of the cards a player holding ``held`` may play under ``duty``, the duty in words,
    and its rule."""
    for asked, pick, words, rule_id in duty.tiers:
        cards = held & asked
        if cards:
            if pick is Pick.HIGHEST:
                cards = 1 << (cards.bit_length() - 1)
            elif pick is Pick.LOWEST:
                cards &= -cards
            return cards | held & duty.jokers, words, rule_id
    return (held, *duty.otherwise)


def legal_mask(held: int, led: Card | None, declaration: Declaration | None, trump: Suit | None,
               jokers: Jokers) -> tuple[int, str, str]:
    """The duty of a player holding the cards whose codes are the bits of ``held`` (RSP-FOLLOW,
    RSP-JOKER-LEAD; see :func:`trick_duty`): the bits of the cards he may play, the duty in
    words, and its rule."""
    return duty_mask(held, trick_duty(None if led is None else led.code, declaration, trump, jokers))


def _held(hand: Counter) -> set[Card]:
    return {card for card, count in hand.items() if count > 0}


_FOLLOW_WORDS = {suit: f"a card of the led suit {name}" for suit, name in _SUIT_NAMES.items()}
_VOID_WORDS = {suit: f"a trump (void in {name})" for suit, name in _SUIT_NAMES.items()}


def led_suit_of(plays: list[tuple[Card, Declaration | None]], rules: Ruleset) -> Suit | None:
    """The suit that counts as led: the first card's, a joker's declared suit, else the first plain card's."""
    return _led_suit([card.code for card, _ in plays], [said for _, said in plays], jokers_of(rules).codes)


def _led_suit(codes: list[int], declarations: list[Declaration | None], joker_codes: frozenset[int]) -> Suit | None:
    """:func:`led_suit_of` over a trick as columns: its cards' codes, and their declarations."""
    if not codes:
        return None
    first = codes[0]
    if first not in joker_codes:
        return _SUIT_OF[first]
    declaration = declarations[0]
    if declaration is not None and declaration.suit is not None:
        return declaration.suit
    for code in codes[1:]:
        if code not in joker_codes:
            return _SUIT_OF[code]
    return None


def trick_winner(plays: list[tuple[Card, Declaration | None]], trump: Suit | None, rules: Ruleset) -> int:
    """The index of the play that wins the trick (RSP-TRICK).

    >>> r, c = Ruleset(), Card.parse
    >>> trick_winner([(c("Qh"), None), (c("7s"), Declaration.parse("high")), (c("Ah"), None)], Suit.CLUBS, r)
    1
    >>> trick_winner([(c("Th"), None), (c("8d"), None), (c("7c"), None)], Suit.CLUBS, r)
    2
    """
    return _winner_and_led([card.code for card, _ in plays], [said for _, said in plays], trump,
                           jokers_of(rules).codes)[0]


def _winner_and_led(codes: list[int], declarations: list[Declaration | None], trump: Suit | None,
                    joker_codes: frozenset[int]) -> tuple[int, Suit | None]:
    """The index of the winning card and the suit that counts as led (:func:`led_suit_of`), over
    a trick as columns: its cards' codes, and their declarations."""
    led = _led_suit(codes, declarations, joker_codes)
    high_joker = None
    best, best_rank = 0, -1     # the highest trump, else the highest card of the led suit
    for index, code in enumerate(codes):
        if code >= 52 or code in joker_codes:
            if code in joker_codes:
                declaration = declarations[index]
                if declaration is None or declaration.is_high:
                    high_joker = index  # the later high joker wins
            continue
        suit = code & 3
        rank = code + 64 if suit == trump else code if suit == led else -1
        if rank >= best_rank and rank >= 0:     # (a card dealt twice: the later copy wins)
            best, best_rank = index, rank
    return (best if high_joker is None else high_joker), led


# ---------------------------------------------------------------------------------------------
# Game records
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True, slots=True)
class Play:
    """One card played to a trick, with the joker's declaration when there is one."""

    player: str
    card: Card
    declaration: Declaration | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Trick:
    number: int
    plays: tuple[Play, ...]
    winner: str | None
    """The winner the log wrote (``won by``), None when it wrote none."""
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Written:
    """A ``Points:`` or ``Totals:`` line: what the table wrote per player."""

    values: tuple[tuple[str, Decimal], ...]
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Round:
    """One round of a game log as written."""

    number: int
    cards: int
    kind: RoundKind
    dealer: str
    trump: Card | None
    """The card turned up, None for ``trump none``."""
    trump_marked_joker: bool = False
    line: int
    hands: tuple[tuple[str, tuple[Card, ...]], ...] | None = None
    hands_line: int | None = None
    bids: tuple[tuple[str, int], ...] | None = None
    bids_line: int | None = None
    bids_before_hands: bool = False
    tricks: tuple[Trick, ...] = ()
    points: Written | None = None
    totals: Written | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class RaspisnoyGame:
    """A game log (docs/formats.md, "Raspisnoy poker: game log")."""

    source: Source
    info: GameInfo
    name: str
    players: tuple[str, ...]
    rules: Ruleset
    first_dealer: str
    rounds: tuple[Round, ...]
    players_line: int
    first_dealer_line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class SheetCell:
    player: str
    bid: int | None
    tricks: int
    total: Decimal


@dataclass(frozen=True, kw_only=True, slots=True)
class SheetRow:
    number: int
    cards: int
    kind: RoundKind
    cells: tuple[SheetCell, ...]
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class RaspisnoySheet:
    """A paper score sheet (docs/formats.md, "Raspisnoy poker: score sheet")."""

    source: Source
    info: GameInfo
    name: str
    players: tuple[str, ...]
    rules: Ruleset
    first_dealer: str
    rows: tuple[SheetRow, ...]
    players_line: int
    first_dealer_line: int


# ---------------------------------------------------------------------------------------------
# Replay results
# ---------------------------------------------------------------------------------------------

class RoundRow(NamedTuple):
    """One player in one round, with the true points and running total. (A named tuple, as
    :class:`PlayRow`: a game makes hundreds, and a frozen dataclass sets each field apart.)"""

    round_no: int
    cards: int
    kind: str
    dealer: str
    trump: str | None
    player: str
    seat: int
    """Order of play in the round: 1 left of the dealer … n the dealer."""
    bid: int | None
    tricks: int
    points: Decimal
    total: Decimal
    points_written: Decimal | None
    total_written: Decimal | None
    is_dealer: bool
    line: int


class PlayRow(NamedTuple):
    """One card played, with the trick's true winner."""

    round_no: int
    trick_no: int
    play_no: int
    player: str
    card: str
    joker_declaration: str | None
    led_suit: str | None
    winner: str
    is_winner: bool
    line: int


PlayColumns = namedtuple("PlayColumns", PlayRow._fields)
"""The cards played as columns: one list per field of :class:`PlayRow`, in its order."""


class PlayArrays(NamedTuple):
    """The cards played as arrays, for the facts to store without a Python object per value: a
    value that a trick's cards share is given once per trick, and ``trick_of`` names each card's
    trick. Numbers are int64 arrays, as read (the facts narrow them to their columns' types); the
    card codes and led suits are int8."""

    trick_of: np.ndarray
    """Per card: the index of its trick."""
    round_no: np.ndarray
    """Per trick."""
    trick_no: np.ndarray
    """Per trick."""
    led_suit: np.ndarray
    """Per trick: the code of the suit that counts as led (``LED_SUIT_TEXT[code]`` is its text)."""
    winning: np.ndarray
    """Per trick: the index of the card that wins it (its player is the trick's true winner)."""
    line: np.ndarray
    """Per trick: the Trick line."""
    play_no: np.ndarray
    """Per card: 1 for the lead."""
    player: list[str]
    """Per card."""
    card: np.ndarray
    """Per card: its code (``CARD_TEXT[code]`` is its text)."""
    joker_declaration: list[str | None]
    """Per card."""
    is_winner: np.ndarray
    """Per card (bool)."""


class PlayedCards:
    """The cards a replay has played, kept per trick until the game ends, then made into
    :class:`PlayArrays` at once (or the :class:`PlayColumns` made from them): a value the trick's
    cards share (round, winner, line …) is kept once per trick and spread over its cards by numpy,
    where a list per trick and column cost a fifth of the replay, and a Python object per card and
    column as much again to turn into Arrow."""

    def __init__(self) -> None:
        self.tricks: list[tuple] = []
        """Per trick: round, trick number, the led suit's code, line, number of cards, the winning card's
        index in the trick."""
        self.players: list[str] = []
        """Who played each card, in order."""
        self.codes: list[int] = []
        """The code of each card played, in order."""
        self.declarations: list[tuple[int, list[Declaration | None]]] = []
        """Per trick holding a joker or a declaration: the index of its first card, and each of its
        cards' declarations (as checked); most tricks hold none."""

    def arrays(self) -> PlayArrays:
        declarations: list[str | None] = [None] * len(self.codes)
        for at, said in self.declarations:
            declarations[at:at + len(said)] = [None if one is None else str(one) for one in said]
        if not self.tricks:
            none = np.zeros(0, dtype=np.int64)
            return PlayArrays(none, none, none, none, none, none, none, [], none, [], none.astype(bool))
        rounds, numbers, leds, lines, counts, winners_at = zip(*self.tricks)
        counts = np.array(counts)
        trick_of = np.repeat(np.arange(len(counts)), counts)
        starts = np.cumsum(counts) - counts     # each trick's first card
        winning = starts + np.array(winners_at)
        is_winner = np.zeros(len(trick_of), dtype=bool)
        is_winner[winning] = True
        return PlayArrays(
            trick_of=trick_of, round_no=np.array(rounds), trick_no=np.array(numbers),
            led_suit=np.fromiter(leds, dtype=np.int8, count=len(leds)), winning=winning, line=np.array(lines),
            play_no=np.arange(1, len(trick_of) + 1) - starts[trick_of], player=self.players,
            card=np.array(self.codes, dtype=np.int8), joker_declaration=declarations, is_winner=is_winner,
        )

    def columns(self) -> PlayColumns:
        """:meth:`arrays` as one list per field of :class:`PlayRow`."""
        played = self.arrays()
        trick_of = played.trick_of
        return PlayColumns(
            round_no=played.round_no[trick_of].tolist(), trick_no=played.trick_no[trick_of].tolist(),
            play_no=played.play_no.tolist(), player=list(played.player),
            card=list(map(CARD_TEXT.__getitem__, played.card.tolist())),
            joker_declaration=played.joker_declaration,
            led_suit=list(map(LED_SUIT_TEXT.__getitem__, played.led_suit[trick_of].tolist())),
            winner=list(map(played.player.__getitem__, played.winning[trick_of].tolist())),
            is_winner=played.is_winner.tolist(), line=played.line[trick_of].tolist(),
        )


@dataclass(frozen=True, kw_only=True)
class RaspisnoyReplay(Replay):
    rounds: tuple[RoundRow, ...] = field(default=())
    is_finished: bool = True
    """Every round of a full game was played out (RSP-SCHEDULE); false: the log or sheet stops before,
    an unfinished game (no finding: a log may stop after any round)."""
    played: PlayedCards | None = None
    """The cards played (the facts store them as :meth:`PlayedCards.arrays`); None for a score sheet."""

    @cached_property
    def play_columns(self) -> PlayColumns | None:
        """The cards played, a list per field of :class:`PlayRow` (made on first use)."""
        return None if self.played is None else self.played.columns()

    @cached_property
    def plays(self) -> tuple[PlayRow, ...]:
        """The cards played, one row each (made on first use: the facts read the arrays)."""
        if self.play_columns is None:
            return ()
        return tuple(map(PlayRow._make, zip(*self.play_columns)))


# ---------------------------------------------------------------------------------------------
# The replay engine
# ---------------------------------------------------------------------------------------------

def _fmt(value: Decimal) -> str:
    return str(value.normalize()) if value != value.to_integral_value() else str(value.quantize(Decimal(1)))


def _check_total(findings: Findings, total: Decimal, previous: Decimal, points: Decimal, running: Decimal,
                 points_written: Decimal | None, number: int, player: str, what: str, detail: str,
                 line: int) -> None:
    """RSP-TOTAL: a total written is right when it is the previous total as written plus this round's
    points (as the rules score them, or as the Points: line writes them), or the running sum of the
    points as the rules score them. So a mistake is reported once, on the line where it was made: a
    wrong score by RSP-SCORE alone, a wrong total here, and neither again where a later total carries
    it on or comes back to the true running sum."""
    expected = previous + points
    if _total_agrees(total, previous, points, running, points_written):
        return
    # A loss is written as a subtraction, "35 − 20 points", as the rules' text writes it, never "+ -20".
    said = f"{'−' if points < 0 else '+'} {_fmt(abs(points))} point" + ("" if abs(points) == 1 else "s")
    message = f"round {number}: {player}'s {what} (previous {_fmt(previous)} {said}{detail})"
    if running != expected:
        message += f"; the running sum of the points as scored is {_fmt(running)}"
    findings.add("RSP-TOTAL", message, line=line, expected=_fmt(expected), actual=_fmt(total))


def _total_agrees(total: Decimal, previous: Decimal, points: Decimal, running: Decimal,
                  points_written: Decimal | None) -> bool:
    """Whether RSP-TOTAL takes a total written as right (:func:`_check_total`)."""
    return total in (previous + points, running) or (points_written is not None and total == previous + points_written)


def _cards(count: int) -> str:
    return counted(count, "card")


def _list(pairs) -> str:
    return ", ".join(f"{name} {value}" for name, value in pairs)


def allowed_bids(cards: int, so_far: int, is_dealer: bool, passes: list[bool], rules: Ruleset) -> set[int]:
    """The bids a player may make (RSP-BID, RSP-HOOK, RSP-THREE-PASSES).

    ``so_far`` is the sum of the bids before his; ``passes`` whether he passed in each earlier
    round of the run (:class:`PassRun`: the rounds with bids, by default). The hook wins when the two rules leave nothing (the dealer may then pass).

    >>> sorted(allowed_bids(3, 2, True, [], Ruleset()))
    [0, 2, 3]
    >>> sorted(allowed_bids(1, 0, True, [True, True], Ruleset()))
    [0]
    """
    allowed = set(range(cards + 1))
    if is_dealer and rules.hook:
        allowed.discard(cards - so_far)
    if pass_barred(passes, rules) and allowed - {0}:
        allowed.discard(0)
    return allowed


def pass_barred(passes: list[bool], rules: Ruleset) -> bool:
    """Whether the three-passes rule bars a pass: he passed in each of his last ``pass_limit`` bids."""
    limit = rules.pass_limit
    return limit is not None and len(passes) >= limit and all(passes[len(passes) - limit:])


class PassHistory:
    """Each player's run of passes, round by round, for the three-passes rule (RSP-THREE-PASSES).

    The replay checks the bids against it and the generator picks its bids from it, so both count
    the run alike (:class:`PassRun`: under ``pass run rounds`` a misère or golden round ends it).

    >>> history = PassHistory(("Anna", "Boris", "Vera"), Ruleset.parse("pass run rounds"))
    >>> history.record(RoundKind.REGULAR, {"Anna": 0, "Boris": 1, "Vera": 0})
    >>> history.record(RoundKind.REGULAR, {"Anna": 0, "Boris": 0, "Vera": 1})
    >>> sorted(history.allowed("Anna", 2, 0, False)), sorted(history.allowed("Boris", 2, 0, False))
    ([1, 2], [0, 1, 2])
    >>> history.record(RoundKind.MISERE, {})
    >>> sorted(history.allowed("Anna", 2, 0, False))
    [0, 1, 2]
    """

    def __init__(self, players, rules: Ruleset):
        self.rules = rules
        self.passes: dict[str, list[bool]] = {player: [] for player in players}
        """Whether the player passed in each round of the run, oldest first."""

    def allowed(self, player: str, cards: int, so_far: int, is_dealer: bool) -> set[int]:
        """The bids the player may make now, ``so_far`` being the sum of the bids before theirs
        (:func:`allowed_bids`)."""
        return allowed_bids(cards, so_far, is_dealer, self.passes[player], self.rules)

    def bars_pass(self, player: str, cards: int, so_far: int, is_dealer: bool) -> bool:
        """Whether the three-passes rule bars the player's pass now (never when the hook leaves
        nothing else)."""
        return pass_barred(self.passes[player], self.rules) and bool(
            allowed_bids(cards, so_far, is_dealer, [], self.rules) - {0})

    def record(self, kind: RoundKind, bids: dict[str, int]) -> None:
        """A round played: each player who bid passed or not; in a round without bids (misère,
        golden), where the run counts it, nobody passed."""
        if not kind.has_bids:
            if self.rules.pass_run.counts(kind):
                for passes in self.passes.values():
                    passes.append(False)
            return
        for player, passes in self.passes.items():
            bid = bids.get(player)
            if bid is not None:
                passes.append(bid == 0)


def _check_bidding(findings: Findings, history: PassHistory, kind: RoundKind, cards: int,
                   order: tuple[str, ...], bids: dict[str, int], line: int | None, round_no: int) -> None:
    """The hook and the three-passes rule over one round's bids; the round is then recorded."""
    rules = history.rules
    dealer = order[-1]
    so_far = 0
    for player in order:
        bid = bids.get(player)
        if bid is None:
            continue
        if player == dealer and rules.hook and bid == cards - so_far:
            findings.add("RSP-HOOK", f"round {round_no}: the dealer {dealer} bid {bid}, making the sum "
                         f"of bids {so_far + bid} equal to the {_cards(cards)} dealt",
                         line=line, expected=f"a bid other than {bid}", actual=bid)
        if bid == 0 and history.bars_pass(player, cards, so_far, player == dealer):
            over = " in the rounds with bids" if rules.pass_run is PassRun.BIDS else ""
            findings.add("RSP-THREE-PASSES", f"round {round_no}: {player} passed "
                         f"{counted(rules.pass_limit + 1, 'time')} in a row{over}",
                         line=line, expected="a bid of 1 or more", actual=0)
        so_far += bid
    history.record(kind, bids)


def replay_log(game: RaspisnoyGame) -> RaspisnoyReplay:
    """Replay a game log, checking every rule of docs/rules.md that the log holds the data for."""
    findings = Findings()
    rules, players = game.rules, game.players
    _check_players(findings, game.players, rules, game.players_line)
    plan = schedule(rules, len(players))
    pass_history = PassHistory(players, rules)
    totals = {player: Decimal(0) for player in players}
    basis = dict(totals)  # previous total as written (else true), for the Totals line check
    round_rows: list[RoundRow] = []
    played = PlayedCards()
    scores: dict[tuple, Decimal] = {}   # round_points by kind, cards, bid and tricks: a game repeats them
    for index, rnd in enumerate(game.rounds):
        played_as = _log_round_borne_out(rnd, _due(plan, index), rules, basis)
        _check_schedule(findings, plan, index, rnd.number, rnd.cards, rnd.kind, rnd.line, played_as)
        if (played_as.cards, played_as.kind) != (rnd.cards, rnd.kind):
            # every later check, and the score, is the round's as played
            rnd = replace(rnd, cards=played_as.cards, kind=played_as.kind)
        expected_dealer = dealer_of(players, game.first_dealer, index + 1)
        if rnd.dealer != expected_dealer:
            findings.check("RSP-DEALER", expected_dealer, rnd.dealer,
                           f"round {rnd.number}: the deal passes clockwise, so {expected_dealer} deals",
                           line=rnd.line)
        dealer = _dealer_replayed(rnd, players, expected_dealer)
        order = deal_order(players, dealer)
        # each hand's card codes, read once for the trump's and the hands' checks
        dealt = None if rnd.hands is None else [(player, [card.code for card in cards]) for player, cards in rnd.hands]
        trump = _check_trump(findings, rnd, rules, dealer, len(players), dealt)
        held, spares = _check_hands(findings, rnd, rules, order, dealt)
        bids = _check_bids(findings, rnd, rules, order, pass_history)
        if rnd.points is None and rnd.totals is None and len(rnd.tricks) < rnd.cards and (
                not rnd.tricks or index == len(game.rounds) - 1):
            # The log stops inside this round (nothing of it written, or it is the last and stops after
            # some tricks): an incomplete log, which breaks no rule. The tricks written are checked;
            # the round is not played out, so it is not scored.
            _play_tricks(findings, rnd, rules, order, held, spares, trump, played, complete=False)
            told = ("has no tricks and no points" if not rnd.tricks else
                    f"stops after {len(rnd.tricks)} of its {rnd.cards} tricks, with no points")
            findings.add("RSP-TRICK", f"round {rnd.number} {told}: not played out, not scored",
                         line=rnd.tricks[-1].line if rnd.tricks else rnd.line, severity=Severity.WARNING,
                         expected=counted(rnd.cards, "trick"), actual=len(rnd.tricks) or "none")
            continue
        won = _play_tricks(findings, rnd, rules, order, held, spares, trump, played)
        written_points = dict(rnd.points.values) if rnd.points else {}
        written_totals = dict(rnd.totals.values) if rnd.totals else {}
        kind, has_bids = rnd.kind, rnd.kind.has_bids
        kind_text = kind.value     # (an enum's value and hash are Python calls: once a round, and the text as key)
        trump_text = None if rnd.trump is None else str(rnd.trump)
        number, cards, line = rnd.number, rnd.cards, rnd.line     # (read once for the round's rows)
        for seat, player in enumerate(order, 1):
            bid, took = bids.get(player), won[player]
            score = (kind_text, cards, bid, took)
            points = scores.get(score)
            if points is None:
                points = scores[score] = round_points(kind, cards, bid, took, rules)
            totals[player] += points
            wrote = written_points.get(player)
            if wrote is not None and wrote != points:   # (the message is made only for a finding)
                right, written = _fmt(points), _fmt(wrote)
                if right != written:
                    detail = (f"bid {bids.get(player, 0)}, " if rnd.kind.has_bids else "") + f"took {won[player]}"
                    findings.add(rnd.kind.score_rule, f"round {rnd.number}: {player}'s points ({rnd.kind.value}, "
                                 f"{_cards(rnd.cards)}, {detail})", line=rnd.points.line, expected=right,
                                 actual=written)
            total_wrote = written_totals.get(player)
            if total_wrote is not None:
                _check_total(findings, total_wrote, basis[player], points, totals[player], wrote,
                             rnd.number, player, "running total", "", rnd.totals.line)
                basis[player] = total_wrote
            else:
                basis[player] += points if wrote is None else wrote
            round_rows.append(_row(RoundRow, (
                number, cards, kind_text, dealer, trump_text, player, seat, bid if has_bids else None,
                took, points, totals[player], wrote, total_wrote, player == dealer, line,
            )))
    # each round played out adds a row per player
    played_out = len(round_rows) // len(players) if players else 0
    return RaspisnoyReplay(
        findings=tuple(findings), rounds=tuple(round_rows), played=played,
        is_finished=_is_finished(plan, played_out),
        players=tuple(PlayerResult(player=p, net=totals[p], seat=i + 1) for i, p in enumerate(players)),
    )


def _dealer_replayed(rnd: Round, players: tuple[str, ...], expected: str) -> str:
    """The dealer the round is checked with once the header's name is checked: one fault, one finding.
    The header's dealer when the round's deal goes round from his left (the hands as written, else
    the bids, else the first lead): he dealt out of turn. Otherwise the rules' dealer, whom the header
    misnames: the deal, bids and lead are checked against his order, not the wrong name's."""
    named = rnd.dealer
    if named == expected or named not in players:
        return expected
    follows = deal_order(players, named)
    if rnd.hands is not None:
        written = tuple([player for player, _ in rnd.hands])
    elif rnd.bids is not None:
        written = tuple([player for player, _ in rnd.bids])
    elif rnd.tricks and rnd.tricks[0].plays:
        return named if rnd.tricks[0].plays[0].player == follows[0] else expected
    else:
        return expected
    return named if written == follows else expected


def _check_players(findings: Findings, players: tuple[str, ...], rules: Ruleset, line: int) -> None:
    fewest, most = FEWEST_PLAYERS, MOST_PLAYERS[rules.deck]
    if not fewest <= len(players) <= most:
        findings.add("RSP-PLAYERS", f"{counted(len(players), 'player')}: the {rules.deck}-card game takes {fewest} to {most}",
                     line=line, expected=f"{fewest}-{most}", actual=len(players))


def _check_schedule(findings: Findings, plan, index: int, number: int, cards: int, kind: RoundKind,
                    line: int, scored_as: ScheduledRound) -> None:
    """``cards`` and ``kind``: the header's; ``scored_as``: the round as it is checked and scored
    (:func:`_round_borne_out`), which the finding names."""
    if number != index + 1:
        findings.check("RSP-SCHEDULE", index + 1, number, f"round {number} follows round {index}", line=line)
    if index >= len(plan):
        findings.add("RSP-SCHEDULE", f"round {number}: a full game has {len(plan)} rounds only", line=line,
                     expected=f"{len(plan)} rounds", actual=f"round {number}")
        return
    due = plan[index]
    if due.cards != cards or due.kind is not kind:
        findings.check("RSP-SCHEDULE", f"{_cards(due.cards)}, {due.kind.value}", f"{_cards(cards)}, {kind.value}",
                       f"round {number}: the schedule deals {_cards(due.cards)}, {due.kind.value}; scored as a "
                       f"{scored_as.kind.value} round of {_cards(scored_as.cards)}", line=line)


def _is_finished(plan: tuple[ScheduledRound, ...], played_out: int) -> bool:
    """Whether the game was played to the end of its schedule (RSP-SCHEDULE). The rules give the game
    to the highest total after the last round and say nothing of a game left off, and a log may stop
    after any round: an unfinished game breaks no rule and keeps its totals as its result, and the
    facts flag it so that the standings can tell it."""
    return played_out >= len(plan)


def _due(plan: tuple[ScheduledRound, ...], index: int) -> ScheduledRound | None:
    """The round the schedule gives at ``index`` (0-based), None past a full game."""
    return plan[index] if index < len(plan) else None


def _log_round_borne_out(rnd: Round, due: ScheduledRound | None, rules: Ruleset,
                         basis: dict[str, Decimal]) -> ScheduledRound:
    """:func:`_round_borne_out` for a round of a log; ``basis``: each player's previous total as
    written, which their ``Totals:`` entry steps from when the round writes no ``Points:``."""
    if due is not None and due.cards == rnd.cards and due.kind is rnd.kind:
        return due    # (as the schedule says: the common case, with nothing made)
    header = ScheduledRound(number=rnd.number, cards=rnd.cards, kind=rnd.kind)
    if due is None:
        return header
    kinds = (due.kind, rnd.kind)
    if RoundKind.NO_TRUMP in kinds and due.kind is not rnd.kind:
        # the trump decides, and the other kind's tricks would be played with another trump
        other = rnd.kind if due.kind is RoundKind.NO_TRUMP else due.kind
        kinds = (RoundKind.NO_TRUMP if rnd.trump is None else other,)
    if rnd.points is not None:
        scored = dict(rnd.points.values)
    elif rnd.totals is not None:
        scored = {player: total - basis[player] for player, total in rnd.totals.values if player in basis}
    else:
        scored = {}
    bids_unseen = rnd.bids_before_hands if rnd.bids is not None and rnd.hands is not None else None
    # the cards dealt show in each hand and in the tricks played
    sizes = [len(cards) for _, cards in rnd.hands or ()] + [len(rnd.tricks)]
    return _round_borne_out(header, due, kinds, sizes, dict(rnd.bids or ()), bids_unseen,
                            _tricks_taken(rnd, rules), scored, rules)


def _sheet_row_borne_out(row: SheetRow, due: ScheduledRound | None, rules: Ruleset,
                         basis: dict[str, Decimal]) -> ScheduledRound:
    """:func:`_round_borne_out` for a row of a score sheet; ``basis``: each player's previous total
    as written, which their total on the row steps from."""
    if due is not None and due.cards == row.cards and due.kind is row.kind:
        return due    # (as the schedule says: the common case, with nothing made)
    header = ScheduledRound(number=row.number, cards=row.cards, kind=row.kind)
    if due is None:
        return header
    return _round_borne_out(header, due, (due.kind, row.kind), [sum(cell.tricks for cell in row.cells)],
                            {cell.player: cell.bid for cell in row.cells if cell.bid is not None}, None,
                            {cell.player: cell.tricks for cell in row.cells},
                            {cell.player: cell.total - basis[cell.player] for cell in row.cells}, rules)


def _round_borne_out(header: ScheduledRound, due: ScheduledRound, kinds: tuple[RoundKind, ...], sizes: list[int],
                     bids: dict[str, int], bids_unseen: bool | None, taken: dict[str, int],
                     scored: dict[str, Decimal], rules: Ruleset) -> ScheduledRound:
    """The round a round whose header differs from the schedule's (in its cards, its kind or both)
    is checked and scored as (RSP-SCHEDULE): one fault, one finding. The schedule's cards and kind,
    unless the header's fit more of what the round writes: the ``sizes`` that count the cards
    dealt (each hand, the tricks), its ``bids`` (none in misère and golden rounds), whether they
    come before the hands (``bids_unseen``, None when not known) and each player's points
    ``scored`` for the tricks they took (``taken``). ``kinds``: the kinds in question, the schedule's first."""
    def fits(cards: int, kind: RoundKind) -> int:
        count = (bool(bids) == kind.has_bids) + sum(size == cards for size in sizes)
        if bids_unseen is not None and kind.has_bids:
            count += bids_unseen == kind.bids_unseen
        return count + sum(points == round_points(kind, cards, bids.get(player), taken.get(player, 0), rules)
                           for player, points in scored.items())
    # the schedule's first, so that it stands when the header's fits no more (max keeps the first)
    candidates = dict.fromkeys((cards, kind) for cards in (due.cards, header.cards) for kind in kinds)
    cards, kind = max(candidates, key=lambda candidate: fits(*candidate))
    return ScheduledRound(number=header.number, cards=cards, kind=kind)


def _tricks_taken(rnd: Round, rules: Ruleset) -> Counter:
    """The tricks each player takes, by the cards as written and the trump turned up (the replay's
    own count, :func:`_play_tricks`, comes after the checks that need the round's kind)."""
    trump = _trump_suit(rnd.trump, rules)
    joker_codes = jokers_of(rules).codes
    taken = Counter()
    for trick in rnd.tricks:
        if trick.plays:
            winner_at, _ = _winner_and_led([play.card.code for play in trick.plays],
                                           [play.declaration for play in trick.plays], trump, joker_codes)
            taken[trick.plays[winner_at].player] += 1
    return taken


def _trump_suit(card: Card | None, rules: Ruleset) -> Suit | None:
    """The trump suit a card turned up makes: none for no card, a card outside the deck or the joker."""
    if card is None or not rules.in_deck(card) or rules.is_joker(card):
        return None
    return _suit(card)


def _check_trump(findings: Findings, rnd: Round, rules: Ruleset, dealer: str, count_players: int,
                 dealt: list[tuple[str, list[int]]] | None) -> Suit | None:
    """The trump suit (None: no trump, or the joker turned up); ``dealer``: the dealer the rules give;
    ``dealt``: each hand's card codes."""
    card = rnd.trump
    if rnd.kind is RoundKind.NO_TRUMP:
        findings.check("RSP-TRUMP", "none", "none" if card is None else str(card),
                       f"round {rnd.number}: no-trump rounds have no trump", line=rnd.line)
        return None
    if card is None:
        findings.add("RSP-TRUMP", f"round {rnd.number}: a {rnd.kind.value} round has a trump card turned up",
                     line=rnd.line, expected="a trump card", actual="none")
        return None
    if not rules.in_deck(card):
        findings.add("RSP-DECK", f"round {rnd.number}: trump card {card} is not in the {rules.deck}-card deck",
                     line=rnd.line, expected=f"a card of the {rules.deck}-card deck", actual=card)
        return None
    if rnd.trump_marked_joker and not rules.is_joker(card):
        findings.add("RSP-TRUMP", f"round {rnd.number}: {card} is marked as the joker but is not the joker",
                     line=rnd.line, expected="no (joker) mark", actual=f"{card} (joker)")
    if dealt is not None:
        # the trump card's copies in the hands, counted by code (a Card's __eq__ is a Python call per card)
        code = card.code
        copies = sum([codes.count(code) for _, codes in dealt])
        whole_deck = rnd.cards * count_players >= rules.deck
        in_hands = copies >= (2 if card.is_joker else 1)
        if not whole_deck and in_hands:
            findings.add("RSP-TRUMP", f"round {rnd.number}: trump card {card} is turned up from the stock but "
                         f"is also in a hand", line=rnd.line, expected="a card of the undealt stock",
                         actual=f"{card} dealt")
        elif whole_deck and copies == 0:
            findings.add("RSP-TRUMP", f"round {rnd.number}: the whole deck is dealt, so the trump card {card} "
                         f"must be one of the dealt cards", line=rnd.line, expected=f"{card} in a hand",
                         actual="not dealt")
        elif whole_deck and rules.whole_deck_trump is WholeDeckTrump.DEALER:
            dealer_hand = next((hand for player, hand in rnd.hands if player == dealer), ())
            if card not in dealer_hand:
                findings.add("RSP-TRUMP", f"round {rnd.number}: the whole deck is dealt, so the trump is "
                             f"shown from the dealer {dealer}'s own cards, but {card} is not among them",
                             line=rnd.line, expected=f"{card} in {dealer}'s hand", actual="another hand")
    return _trump_suit(card, rules)


def _check_hands(findings: Findings, rnd: Round, rules: Ruleset, order: tuple[str, ...],
                 dealt: list[tuple[str, list[int]]] | None) -> tuple[dict[str, int], dict[str, dict[int, int]]]:
    """Each player's hand: the cards he holds as bits of their codes (what :func:`legal_mask`
    reads; empty without a Hands line), and, per player dealt a card more than once, his copies
    of it beyond the first, by code (none in a usual deal); ``dealt``: each hand's card codes,
    as written."""
    if rnd.hands is None:
        if rnd.tricks:
            findings.add("RSP-DEALER", f"round {rnd.number}: tricks are recorded without a Hands line",
                         line=rnd.line, severity=Severity.WARNING, expected="Hands: line", actual="none")
        return {}, {}
    line = rnd.hands_line
    written = tuple([player for player, _ in rnd.hands])
    # (each message is made only for a finding: most rounds have none) A hand left out is cited
    # once, below, not as the order of the deal too.
    if written != order and written != tuple([player for player in order if player in written]):
        findings.check("RSP-DEALER", ", ".join(order), ", ".join(written),
                       f"round {rnd.number}: cards go clockwise from the dealer's left, the dealer last", line=line)
    held = dict.fromkeys(order, 0)
    every = [code for _, codes in dealt for code in codes]
    distinct = set(every)
    if (written == order and len(distinct) == len(every) == rnd.cards * len(order)
            and distinct <= _deck_codes(rules)):
        # the usual deal: cards of the deck, each once, the cards due to each player in turn (no
        # finding of _deal_checked, nor a hand missing, can be made): the bits are set without checks
        for player, codes in dealt:
            if len(codes) != rnd.cards:
                break
            held[player] = sum(map(_BITS.__getitem__, codes))
        else:
            return held, {}
        held = dict.fromkeys(order, 0)
    spares = _deal_checked(findings, rnd, rules, order, held)
    dealt_to = dict(rnd.hands)
    for player in order:
        if player not in dealt_to:
            findings.add("RSP-DEALER", f"round {rnd.number}: {player} has no hand", line=line,
                         expected=_cards(rnd.cards), actual="none")
            del held[player]    # no hand written: nothing to check his cards against, as with no Hands line
    return held, spares


def _deal_checked(findings: Findings, rnd: Round, rules: Ruleset, order: tuple[str, ...],
                  held: dict[str, int]) -> dict[str, dict[int, int]]:
    """:func:`_check_hands` for a deal that is not the usual one: each card checked, its bit
    set in ``held``; returns the copies of a card beyond the first, per player who has any."""
    line = rnd.hands_line
    hands = {player: [0] * 54 for player in order}  # copies held, by card code
    deck = _deck_codes(rules)
    seen = [0] * 54     # copies dealt, by card code
    for player, cards in rnd.hands:
        if len(cards) != rnd.cards:
            findings.check("RSP-DEALER", rnd.cards, len(cards),
                           f"round {rnd.number}: {player} was dealt {_cards(len(cards))} of {rnd.cards}", line=line)
        hand = hands.get(player)
        if hand is None:
            hand = hands[player] = [0] * 54
        bits = held.get(player, 0)
        for card in cards:
            code = card.code
            if code not in deck:
                findings.add("RSP-DECK", f"round {rnd.number}: {player}'s {card} is not in the {rules.deck}-card deck",
                             line=line, expected=f"a card of the {rules.deck}-card deck", actual=card)
            seen[code] += 1
            if seen[code] > (2 if code >= 52 else 1):
                findings.add("RSP-DECK", f"round {rnd.number}: {card} is dealt twice", line=line,
                             expected=f"{card} once", actual=f"{card} again in {player}'s hand")
            hand[code] += 1
            bits |= 1 << code
        held[player] = bits
    spares = {player: {code: copies - 1 for code, copies in enumerate(hand) if copies > 1}
              for player, hand in hands.items()}
    return {player: extra for player, extra in spares.items() if extra}


def _check_bids(findings: Findings, rnd: Round, rules: Ruleset, order: tuple[str, ...],
                pass_history: PassHistory) -> dict[str, int]:
    if not rnd.kind.has_bids:
        pass_history.record(rnd.kind, {})
        if rnd.bids is not None:
            findings.add("RSP-BID", f"round {rnd.number}: {rnd.kind.value} rounds have no bids", line=rnd.bids_line,
                         expected="no Bids line", actual=_list(rnd.bids))
        return {}
    if rnd.bids is None:
        if rnd.tricks or rnd.points:
            findings.add("RSP-BID", f"round {rnd.number}: a {rnd.kind.value} round has bids", line=rnd.line,
                         expected="a Bids line", actual="none")
        return {}
    line = rnd.bids_line
    if rnd.kind.bids_unseen and rnd.hands is not None and not rnd.bids_before_hands:
        findings.add("RSP-BID", f"round {rnd.number}: {rnd.kind.value} bids are made before the cards are seen",
                     line=line, expected="Bids: before Hands:", actual="Bids: after Hands:")
    written = tuple([player for player, _ in rnd.bids])
    if written != order:    # (the message is made only for a finding, as the hands')
        findings.check("RSP-BID", ", ".join(order), ", ".join(written),
                       f"round {rnd.number}: bidding goes clockwise from the dealer's left, the dealer last",
                       line=line)
    bids: dict[str, int] = {}
    for player, bid in rnd.bids:
        if not 0 <= bid <= rnd.cards:
            findings.add("RSP-BID", f"round {rnd.number}: {player} bid {bid} with {_cards(rnd.cards)} in hand",
                         line=line, expected=f"0 to {rnd.cards}", actual=bid)
        bids[player] = bid
    _check_bidding(findings, pass_history, rnd.kind, rnd.cards, order, bids, line, rnd.number)
    return bids


def _play_tricks(findings: Findings, rnd: Round, rules: Ruleset, order: tuple[str, ...],
                 held: dict[str, int], spares: dict[str, dict[int, int]],
                 trump: Suit | None, played: PlayedCards, *, complete: bool = True) -> dict[str, int]:
    """The tricks each player won; each trick is added to ``played``. ``held``: the cards each
    player still holds, as bits of their codes (:func:`legal_mask` reads them), and ``spares``
    his copies of a card beyond the first (:func:`_check_hands`), both updated as he plays them.
    ``complete``: the round is written to its end, so its tricks are as many as its cards (not so
    in a round the log stops inside)."""
    won = dict.fromkeys(order, 0)
    played_tricks, played_by_all = played.tricks, played.players
    codes_all, declarations_all = played.codes, played.declarations
    jokers = jokers_of(rules)
    joker_codes = jokers.codes
    clockwise_from = {player: order[at:] + order[:at] for at, player in enumerate(order)}
    duties: dict[int, TrickDuty] = {}   # by the code led without words: the round's trump and jokers are set
    round_no = rnd.number
    leader = order[0]
    for trick_index, trick in enumerate(rnd.tricks):
        line = trick.line
        trick_no = trick.number
        if trick_no != trick_index + 1:
            findings.add("RSP-TRICK", f"round {round_no}: trick {trick_no} follows trick {trick_index}",
                         line=line, expected=trick_index + 1, actual=trick_no)
        clockwise = clockwise_from[leader]
        played_by = tuple([play.player for play in trick.plays])
        if played_by != clockwise:
            if played_by[:1] != (leader,):
                findings.add("RSP-LEAD", f"round {round_no}, trick {trick_no}: {leader} leads "
                             + ("(left of the dealer)" if trick_index == 0 else "(won the previous trick)"),
                             line=line, expected=leader, actual=played_by[0] if played_by else "nobody")
            else:
                findings.add("RSP-LEAD", f"round {round_no}, trick {trick_no}: play goes clockwise",
                             line=line, expected=", ".join(clockwise), actual=", ".join(played_by))
        # the trick as columns: its cards' codes and declarations (as checked)
        plays = trick.plays
        codes = [play.card.code for play in plays]
        if not codes:
            continue
        said = [play.declaration for play in plays]
        declaring = said.count(None) != len(said) or not joker_codes.isdisjoint(codes)
        duty = None     # what the led card, with its declaration, asks of every later card
        for position, player in enumerate(played_by):
            key = codes[position]
            if declaring and (said[position] is not None or key in joker_codes):   # else a plain card, no words
                said[position] = _check_declaration(findings, rnd, trick, plays[position], position, rules, trump)
            if not position:
                duty = duties.get(key) if said[0] is None else None
                if duty is None:
                    duty = trick_duty(key, said[0], trump, jokers)
                    if said[0] is None:
                        duties[key] = duty
            bits = held.get(player)
            if bits is None:    # no hand written for him: nothing to check his card against
                continue
            if key >= 52:   # both jokers of the 54-card deck are written JK: whichever he holds is played
                key = next((joker for joker in JOKER_CODES if bits >> joker & 1), key)
            if not bits >> key & 1:
                card = plays[position].card
                hand = _hand_text(bits, spares.get(player))
                if bits:
                    findings.add("RSP-DECK", f"round {round_no}, trick {trick_no}: {player} played "
                                 f"{card}, a card not in {player}'s hand ({hand})", line=line,
                                 expected=f"a card of {hand}", actual=card)
                else:   # a hand dealt short (RSP-DEALER) runs out before the tricks do
                    findings.add("RSP-DECK", f"round {round_no}, trick {trick_no}: {player} played "
                                 f"{card}, though every card dealt to {player} was played before this trick",
                                 line=line, expected=f"no card left in {player}'s hand", actual=card)
                continue
            if position and not duty.free >> key & 1:
                allowed, words, rule_id = duty_mask(bits, duty)
                if not allowed >> key & 1:
                    card = plays[position].card
                    could = sorted(CARD_TEXT[code] for code in range(54) if allowed >> code & 1)
                    findings.add(rule_id, f"round {round_no}, trick {trick_no}: {player} "
                                 f"played {card} holding {_hand_text(bits, spares.get(player))}: must play "
                                 f"{words}", line=line, expected=" or ".join(could), actual=card)
            extra = spares.get(player) if spares else None
            if extra and extra.get(key):
                extra[key] -= 1     # another copy of the card stays in his hand
            else:
                held[player] = bits & ~(1 << key)
        winner_at, led = _winner_and_led(codes, said, trump, joker_codes)
        winner = played_by[winner_at]
        if trick.winner is not None and trick.winner != winner:
            findings.check("RSP-TRICK", winner, trick.winner,
                           f"round {round_no}, trick {trick_no}: the trick goes to "
                           f"{plays[winner_at].card} of {winner}", line=line)
        # The trick's rows are made once per game, column by column (:meth:`PlayedCards.arrays`).
        played_tricks.append((round_no, trick_no, _NO_SUIT if led is None else led, line, len(codes), winner_at))
        played_by_all += played_by
        codes_all += codes
        if declaring:
            declarations_all.append((len(codes_all) - len(codes), said))
        if winner in won:
            won[winner] += 1
            leader = winner
    if complete and len(rnd.tricks) != rnd.cards and (rnd.tricks or rnd.points or rnd.totals):
        findings.add("RSP-TRICK", f"round {round_no}: a hand of {_cards(rnd.cards)} makes "
                     f"{counted(rnd.cards, 'trick')}",
                     line=rnd.tricks[-1].line if rnd.tricks else rnd.line, expected=rnd.cards,
                     actual=len(rnd.tricks))
    return won


_NO_SUIT = 4
"""The code of "no led suit" beside the suits' own (0-3), for :attr:`PlayArrays.led_suit`."""
LED_SUIT_TEXT = (*(_SUIT_NAMES[Suit(code)] for code in range(4)), None)
"""A led suit's text by its code (:attr:`PlayArrays.led_suit`), None for no suit."""
_BITS = tuple(1 << code for code in range(54))
"""Each card code's bit."""
CARD_TEXT = tuple(str(Card.from_code(code)) for code in range(54))
"""A card's text by its code: a game writes each card many times, and a Card's own hash and
``__str__`` are Python calls."""
_row = tuple.__new__
"""A named tuple from its values without its generated ``__new__`` (a game makes a thousand rows)."""


def _hand_text(held: int, spares: dict[int, int] | None) -> str:
    """The cards of a hand, highest first: ``[As Kd 7s]``, or ``no cards``; ``held``: the bits of
    the codes held, ``spares``: the copies of a code beyond the first (:func:`_check_hands`)."""
    if not held:
        return "no cards"
    spares = spares or {}
    return "[" + " ".join(CARD_TEXT[code] for code in range(53, -1, -1)
                          for _ in range((held >> code & 1) + spares.get(code, 0))) + "]"


def joker_lead_calls(trump: Suit | None, rules: Ruleset) -> tuple[Declaration, ...]:
    """The declarations a joker may be led with (RSP-JOKER-LEAD): high or low in each suit, high
    trumps in a round with a trump, and plain high under ``joker high lead on``.

    >>> calls = joker_lead_calls(None, Ruleset.parse("joker high lead on"))
    >>> len(calls), str(calls[0]), str(calls[-1])
    (9, 'high clubs', 'high')
    >>> calls = joker_lead_calls(Suit.HEARTS, Ruleset())
    >>> len(calls), str(calls[-1])
    (9, 'high trumps')
    """
    return _lead_calls(trump, rules.joker_high_lead)


@functools.cache
def _lead_calls(trump: Suit | None, plain_high: bool) -> tuple[Declaration, ...]:
    calls = [Declaration(call=call, suit=suit) for call in (JokerCall.HIGH_SUIT, JokerCall.LOW_SUIT) for suit in Suit]
    if trump is not None:
        calls.append(Declaration(call=JokerCall.HIGH_TRUMPS))
    if plain_high:
        calls.append(Declaration(call=JokerCall.HIGH))
    return tuple(calls)


def _check_declaration(findings: Findings, rnd: Round, trick: Trick, play: Play, position: int,
                       rules: Ruleset, trump: Suit | None) -> Declaration | None:
    declaration = play.declaration
    if declaration is None and not rules.is_joker(play.card):
        return None     # the common case: a plain card, no words
    where = f"round {rnd.number}, trick {trick.number}: {play.player}'s {play.card}"
    if not rules.is_joker(play.card):
        if declaration is not None:
            findings.add("RSP-JOKER-FOLLOW", f"{where} is no joker and takes no declaration", line=trick.line,
                         expected=str(play.card), actual=f"{play.card} {declaration}")
        return None
    if position == 0:
        if declaration in joker_lead_calls(trump, rules):
            return declaration
        if declaration is not None and declaration.call is JokerCall.HIGH_TRUMPS:
            findings.add("RSP-JOKER-LEAD", f"{where}: high trumps needs a trump, and this round has none",
                         line=trick.line, expected="high <suit> or low <suit>", actual="high trumps")
            return declaration
        calls = ("high, " if rules.joker_high_lead else "") + "high trumps, high <suit> or low <suit>"
        findings.add("RSP-JOKER-LEAD", f"{where} is led: declare {calls}", line=trick.line,
                     expected=calls, actual=str(declaration) if declaration else "no declaration")
        return Declaration(call=JokerCall.HIGH) if declaration is None else declaration
    if declaration is None or declaration.is_lead_call:
        findings.add("RSP-JOKER-FOLLOW", f"{where} follows a lead: declare high or low", line=trick.line,
                     expected="high or low", actual=str(declaration) if declaration else "no declaration")
        if declaration is None:
            return Declaration(call=JokerCall.HIGH)
        return Declaration(call=JokerCall.HIGH if declaration.is_high else JokerCall.LOW)
    return declaration


# ---------------------------------------------------------------------------------------------
# Score sheets
# ---------------------------------------------------------------------------------------------

def _totals_fitting(row: SheetRow, order: tuple[str, ...], cells: dict[str, SheetCell], bids: dict[str, int],
                    basis: dict[str, Decimal], totals: dict[str, Decimal], rules: Ruleset) -> dict[str, int]:
    """On a row whose tricks do not add up to the cards dealt (RSP-TRICK), the players whose total
    written is wrong for the tricks written but fits exactly the one count of theirs that makes the
    tricks add up, with that count: the slip is then in the tricks, and the total is no second
    mistake (RSP-TOTAL). The sheet cannot tell which count is wrong; the total that fits points at it."""
    short = row.cards - sum(cell.tricks for cell in row.cells)
    fitting = {}
    for player in order:
        cell, bid = cells[player], bids.get(player)
        tricks = cell.tricks + short
        if not 0 <= tricks <= row.cards:
            continue
        points = round_points(row.kind, row.cards, bid, cell.tricks, rules)
        written = cell.total - basis[player]
        if written == round_points(row.kind, row.cards, bid, tricks, rules) and not _total_agrees(
                cell.total, basis[player], points, totals[player] + points, None):
            fitting[player] = tricks
    return fitting


def replay_sheet(sheet: RaspisnoySheet) -> RaspisnoyReplay:
    """Check a score sheet: schedule, bidding rules, tricks adding up, points and running totals."""
    findings = Findings()
    rules, players = sheet.rules, sheet.players
    _check_players(findings, players, rules, sheet.players_line)
    plan = schedule(rules, len(players))
    pass_history = PassHistory(players, rules)
    totals = {player: Decimal(0) for player in players}
    basis = dict(totals)
    rows: list[RoundRow] = []
    for index, row in enumerate(sheet.rows):
        line = row.line
        played_as = _sheet_row_borne_out(row, _due(plan, index), rules, basis)
        _check_schedule(findings, plan, index, row.number, row.cards, row.kind, line, played_as)
        if (played_as.cards, played_as.kind) != (row.cards, row.kind):
            # every later check, and the score, is the round's as played
            row = replace(row, cards=played_as.cards, kind=played_as.kind)
        dealer = dealer_of(players, sheet.first_dealer, index + 1)
        order = deal_order(players, dealer)
        cells = {cell.player: cell for cell in row.cells}
        bids: dict[str, int] = {}
        for player in order:
            bid = cells[player].bid
            if row.kind.has_bids and bid is None:
                findings.add("RSP-BID", f"round {row.number}: {player} has no bid in a {row.kind.value} round",
                             line=line, expected="a bid", actual="-")
            elif not row.kind.has_bids and bid is not None:
                findings.add("RSP-BID", f"round {row.number}: {row.kind.value} rounds have no bids, {player} "
                             f"has {bid}", line=line, expected="-", actual=bid)
            elif bid is not None:
                if not 0 <= bid <= row.cards:
                    findings.add("RSP-BID", f"round {row.number}: {player} bid {bid} with {_cards(row.cards)}",
                                 line=line, expected=f"0 to {row.cards}", actual=bid)
                bids[player] = bid
        if row.kind.has_bids:
            _check_bidding(findings, pass_history, row.kind, row.cards, order, bids, line, row.number)
        else:
            pass_history.record(row.kind, {})
        taken = sum(cell.tricks for cell in row.cells)
        fitting = {} if taken == row.cards else _totals_fitting(row, order, cells, bids, basis, totals, rules)
        findings.check("RSP-TRICK", row.cards, taken,
                       f"round {row.number}: the tricks of {_cards(row.cards)} add up to {taken}"
                       + "".join(f"; {player}'s total fits {counted(tricks, 'trick')}" for player, tricks in fitting.items()),
                       line=line)
        for player in order:
            cell = cells[player]
            points = round_points(row.kind, row.cards, bids.get(player), cell.tricks, rules)
            totals[player] += points
            detail = (f"bid {bids.get(player, 0)}, " if row.kind.has_bids else "") + f"took {cell.tricks}"
            if player not in fitting:   # (the RSP-TRICK finding names a total that fits: one mistake, cited once)
                _check_total(findings, cell.total, basis[player], points, totals[player], None, row.number, player,
                             "total", f" for {row.kind.value}, {_cards(row.cards)}, {detail}", line)
            written_points = cell.total - basis[player]
            rows.append(RoundRow(
                round_no=row.number, cards=row.cards, kind=row.kind.value, dealer=dealer, trump=None,
                player=player, seat=order.index(player) + 1, bid=cell.bid if row.kind.has_bids else None,
                tricks=cell.tricks, points=points, total=totals[player], points_written=written_points,
                total_written=cell.total, is_dealer=player == dealer, line=line,
            ))
            basis[player] = cell.total
    return RaspisnoyReplay(
        findings=tuple(findings), rounds=tuple(rows), is_finished=_is_finished(plan, len(sheet.rows)),
        players=tuple(PlayerResult(player=p, net=totals[p], seat=i + 1) for i, p in enumerate(players)),
    )
