"""Chinese poker (13 cards): rows, fouls, pairwise scoring, royalties, naturals, and the replay.

Open-face Chinese poker (:mod:`rules.ofc`) shares everything here but the deal: its rows
are ranked, fouled, scored and paid the same way, only its royalty table and its
placement rules differ.

A player's hand is three rows: back (5 cards), middle (5) and front (3). Every row is
ranked by :func:`rules.evaluator.evaluate_many` under the standard order; a 3-card front
row gets a strength comparable with the 5-card rows, so CP-FOUL is two integer
comparisons. The table's claims (``Royalties:``, ``Points:``) are checked, not trusted.

>>> hand = arrange("Kh Kd Kc 4s 4d", "Qs Qh 9c 7d 2c", "6s 6h 3c")
>>> [row.category.label for row in hand.rows], hand.is_foul
(['full house', 'pair', 'pair'], False)
>>> arrange("2h 3d 4c 7s 9s", "Ah Ad 5c 6c 8d", "Ks Kc Kd").is_foul
True
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

import numpy as np

from rules.cards import Card, Deck, Rank, parse_cards
from rules.evaluator import HandCategory, HandError, RankOrder, categories, evaluate_many
from rules.findings import Findings, Severity
from rules.records import GameInfo, PlayerResult, Replay, Source
from rules.rules_line import ON_OFF, Choice, RulesLine, Setting, Whole, set_to
from rules.words import counted

RULES = {
    "CP-PLAYERS": ("2 to 4 players (Chinese poker and OFC), each listed once; the dealer and every hand "
                   "belong to a listed player."),
    "CP-DEAL": ("13 cards each, no card twice, rows of 5, 5 and 3. A card twice is reported, and the hands are "
                "still ranked and scored as written, each copy counted, wherever the other copy lies (the same "
                "hand or another): a hand fouls only by its rows' order."),
    "CP-FOUL": ("The back row ranks at least as high as the middle, the middle at least as high as the "
                "front (compared as a three-card hand). A fouled hand loses all three rows to every "
                "opponent and earns no royalty. A foul is scored, not reported: it breaks no rule of the "
                "log."),
    "CP-SURRENDER": ("Before the showdown, in turn from the dealer's left, a player may surrender: they pay "
                     "each opponent 3 points under 1-6 scoring, 2 under 2-4, and pay and earn no "
                     "royalties. No surrender against a natural, and none at all under `surrender off`."),
    "CP-SCORE": ("Every pair of players compares row by row; a tied row scores 0. 2-4 scoring: +1 a row "
                 "won, and +1 more to a player who won two or three rows (3-0 is 4, 2-1 is 2, 2-0 with a "
                 "tie is 3, 1-0 with two ties is 1; under `bonus more-rows`, to the player who won more "
                 "rows, so 1-0 is 2). 1-6 scoring: +1 a row won, +3 more for all three (3-0 is 6, 2-1 is "
                 "1). Cited once when `Points:` entries differ, naming each (a pair settled wrong makes two "
                 "entries wrong); a warning when the line leaves a player out."),
    "CP-ROYALTY": ("Royalties (Chinese table): +1 from each opponent who neither surrendered nor holds a "
                   "natural, for four of a kind or a straight flush in back or middle, a full house in the "
                   "middle, three of a kind in front; the club may set more for a straight flush or a royal "
                   "flush. Cited when a `Royalties:` entry differs."),
    "CP-NATURAL": ("A natural (three straights, three flushes, six pairs, no face cards, or thirteen "
                   "different ranks: the dragon) wins against every hand that is not one, by a scoop "
                   "unless the club sets a bonus, and pays and earns no royalties: the pair settles for "
                   "the scoop or the bonus alone. Two naturals score 0 against each other, whatever their "
                   "kinds. Cards that do not make the natural claimed are scored as a foul."),
}

_ORDER = RankOrder.STANDARD


# ---------------------------------------------------------------- vocabulary


class Row(enum.StrEnum):
    """The three rows of a Chinese poker hand; the value is the wire code of the logs."""

    BACK = "back"
    """The bottom row, 5 cards: must be the strongest."""
    MIDDLE = "middle"
    """The middle row, 5 cards."""
    FRONT = "front"
    """The top row, 3 cards: only trips, pairs and high cards count."""

    @property
    def size(self) -> int:
        return 3 if self is Row.FRONT else 5


ROWS = (Row.BACK, Row.MIDDLE, Row.FRONT)


class TwoFourBonus(enum.Enum):
    """Who earns the extra point of 2-4 scoring (CP-SCORE); the value is the ``Rules:`` wire code."""

    TWO_OR_THREE_ROWS = "two-or-three-rows"
    """The player who won two or three rows of the pair (the default): 1-0 with two ties is 1."""
    MORE_ROWS = "more-rows"
    """The player who won more rows than he lost: 1-0 with two ties is 2."""


class Scoring(enum.Enum):
    """How a pair of players settles its rows (CP-SCORE); the value is the wire code."""

    ONE_SIX = "1-6"
    """+1 per row won, +3 more for winning all three (a scoop is 6)."""
    TWO_FOUR = "2-4"
    """+1 per row won, +1 more to a player who won two or three rows (a scoop is 4)."""

    @property
    def scoop(self) -> int:
        """What winning all three rows is worth (also what a foul pays)."""
        return 6 if self is Scoring.ONE_SIX else 4

    @property
    def surrender(self) -> int:
        """What a surrender pays each opponent (CP-SURRENDER)."""
        return 3 if self is Scoring.ONE_SIX else 2

    def rows_points(self, won: int, lost: int, bonus: TwoFourBonus | None = None) -> int:
        """Points of the player who won ``won`` rows and lost ``lost`` (ties score 0).

        Under 2-4 the extra point goes by ``bonus`` (the default: to a player who won two or
        three rows, so 1-0 with two tied rows is worth 1).

        >>> Scoring.TWO_FOUR.rows_points(2, 1), Scoring.ONE_SIX.rows_points(2, 1), Scoring.ONE_SIX.rows_points(0, 3)
        (2, 1, -6)
        >>> Scoring.TWO_FOUR.rows_points(1, 0), Scoring.TWO_FOUR.rows_points(1, 0, TwoFourBonus.MORE_ROWS)
        (1, 2)
        """
        points = won - lost
        if self is Scoring.ONE_SIX:
            if scoops(won):
                points += 3
            elif scoops(lost):
                points -= 3
            return points
        if (bonus or TwoFourBonus.TWO_OR_THREE_ROWS) is TwoFourBonus.MORE_ROWS:
            return points + (won > lost) - (lost > won)
        return points + (won >= 2) - (lost >= 2)

    @classmethod
    def parse(cls, text: str) -> Scoring:
        try:
            return cls(text.strip().replace(" ", "").replace("–", "-"))
        except ValueError:
            raise ValueError(f"{text!r} is not a scoring: expected 1-6 or 2-4") from None


class NaturalKind(enum.StrEnum):
    """The naturals of CP-NATURAL: 13 cards that win against all without being set."""

    THREE_STRAIGHTS = "three straights"
    """Back and middle straights and a 3-card straight in front (here straights count in front)."""
    THREE_FLUSHES = "three flushes"
    """Back and middle flushes and three cards of one suit in front."""
    SIX_PAIRS = "six pairs"
    """Six pairs among the 13 cards (trips hold one pair, quads two)."""
    NO_FACES = "no faces"
    """No jack, queen or king among the 13 cards."""
    DRAGON = "dragon"
    """Thirteen different ranks, 2 to ace."""

    @classmethod
    def parse(cls, text: str) -> NaturalKind:
        words = " ".join(text.lower().split())
        try:
            return cls(words)
        except ValueError:
            raise ValueError(f"{text!r} is not a natural: expected one of {', '.join(k.value for k in cls)}") from None

    def holds(self, cards: tuple[Card, ...]) -> bool:
        """Whether 13 cards make this natural.

        >>> NaturalKind.DRAGON.holds(parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"))
        True
        >>> NaturalKind.SIX_PAIRS.holds(parse_cards("2c 2d 4h 4s 6c 6d 8h 8s Tc Td Qh Ks Ac"))
        False
        """
        # judged as written, a card twice counted twice: the deal's CP-DEAL finding reports it
        if len(cards) != 13 or any(card.is_joker for card in cards):
            return False
        ranks = Counter(card.rank for card in cards)
        if self is NaturalKind.DRAGON:
            return len(ranks) == 13
        if self is NaturalKind.SIX_PAIRS:
            return sum(count // 2 for count in ranks.values()) >= 6
        if self is NaturalKind.NO_FACES:
            return not ranks.keys() & {Rank.JACK, Rank.QUEEN, Rank.KING}
        if self is NaturalKind.THREE_FLUSHES:
            return _three_flushes(sorted(Counter(card.suit for card in cards).values()))
        return _three_straights(ranks)


def _three_flushes(counts: list[int]) -> bool:
    # Three rows of 5, 5 and 3 cards, each row of one suit: the suit counts split into 5, 5, 3.
    def fits(rest: list[int], sizes: list[int]) -> bool:
        if not sizes:
            return all(c == 0 for c in rest)
        size, others = sizes[0], sizes[1:]
        return any(fits(rest[:i] + [c - size] + rest[i + 1:], others) for i, c in enumerate(rest) if c >= size)
    return fits(counts, [5, 5, 3])


def _runs(length: int) -> list[tuple[Rank, ...]]:
    runs = [tuple(Rank(r) for r in range(start, start + length)) for start in range(14 - length)]
    runs.append((Rank.ACE,) + tuple(Rank(r) for r in range(length - 1)))  # the ace plays low
    return runs


_RUNS5, _RUNS3 = _runs(5), _runs(3)


def _three_straights_table() -> frozenset[tuple[int, ...]]:
    # Every rank-count vector that splits into a 3-card run and two 5-card runs.
    table = set()
    for front in _RUNS3:
        for back, middle in itertools.combinations_with_replacement(_RUNS5, 2):
            counts = [0] * 13
            for rank in front + back + middle:
                counts[rank] += 1
            table.add(tuple(counts))
    return frozenset(table)


_THREE_STRAIGHTS = _three_straights_table()


def _three_straights(ranks: Counter) -> bool:
    return tuple(ranks.get(Rank(r), 0) for r in range(13)) in _THREE_STRAIGHTS


# ---------------------------------------------------------------- royalties


class RoyaltyTable(enum.Enum):
    """The royalty tables; the value is the wire code used in a ``Rules:`` line."""

    CHINESE = "chinese"
    """CP-ROYALTY: one unit from each opponent per royal row: straight flush or quads in back or
    middle, full house or better in the middle, trips in front."""
    OFC_CLASSIC = "classic"
    """OFC-ROYALTY, the seed's table (default for OFC): back straight 2, flush 4, full house 6,
    quads 8, straight flush 10, royal 20; middle doubled; front 66 = 1 … AA = 9, 222 = 10 … AAA = 22."""
    OFC_MODERN = "modern"
    """The card rooms' schedule since 2013 (ruleset option; docs/rules.md names its source): back
    2/4/6/10/15/25; middle trips 2, straight 4, flush 8, full house 12, quads 20, straight flush 30,
    royal 50; front as classic. Beyond the traditional game's classic table and its 15/25 option."""


_C = HandCategory
_FIVE_CARD_TABLES: dict[RoyaltyTable, dict[Row, dict[HandCategory, int]]] = {
    RoyaltyTable.CHINESE: {
        Row.BACK: {_C.FOUR_OF_A_KIND: 1, _C.STRAIGHT_FLUSH: 1, _C.ROYAL_FLUSH: 1},
        Row.MIDDLE: {_C.FULL_HOUSE: 1, _C.FOUR_OF_A_KIND: 1, _C.STRAIGHT_FLUSH: 1, _C.ROYAL_FLUSH: 1},
    },
    RoyaltyTable.OFC_CLASSIC: {
        Row.BACK: {_C.STRAIGHT: 2, _C.FLUSH: 4, _C.FULL_HOUSE: 6, _C.FOUR_OF_A_KIND: 8,
                   _C.STRAIGHT_FLUSH: 10, _C.ROYAL_FLUSH: 20},
        Row.MIDDLE: {_C.STRAIGHT: 4, _C.FLUSH: 8, _C.FULL_HOUSE: 12, _C.FOUR_OF_A_KIND: 16,
                     _C.STRAIGHT_FLUSH: 20, _C.ROYAL_FLUSH: 40},
    },
    RoyaltyTable.OFC_MODERN: {
        Row.BACK: {_C.STRAIGHT: 2, _C.FLUSH: 4, _C.FULL_HOUSE: 6, _C.FOUR_OF_A_KIND: 10,
                   _C.STRAIGHT_FLUSH: 15, _C.ROYAL_FLUSH: 25},
        Row.MIDDLE: {_C.THREE_OF_A_KIND: 2, _C.STRAIGHT: 4, _C.FLUSH: 8, _C.FULL_HOUSE: 12,
                     _C.FOUR_OF_A_KIND: 20, _C.STRAIGHT_FLUSH: 30, _C.ROYAL_FLUSH: 50},
    },
}


def royalty(row: Row, strength: int, table: RoyaltyTable, overrides: tuple[tuple[HandCategory, int], ...] = ()
            ) -> int:
    """The royalty a row earns under a table (``overrides`` replace the amounts of some
    categories: the option for straight and royal flushes). Under the Chinese table an
    override holds for back and middle alike; under the OFC tables it is the back's amount
    and the middle's is double, as every OFC middle row pays (``straight flush 15, royal
    flush 25``: back 15/25, middle 30/50). A royal flush, the best straight flush, never pays
    less than a straight flush unless its own amount is set: ``straight flush 5`` alone pays a
    Chinese royal 5, not the table's 1.

    >>> front = int(evaluate_many(np.array([[parse_cards("Qh Qs 7d")[i].code for i in range(3)]]))[0])
    >>> royalty(Row.FRONT, front, RoyaltyTable.OFC_CLASSIC), royalty(Row.FRONT, front, RoyaltyTable.CHINESE)
    (7, 0)
    """
    category = _CATEGORY_AT[strength >> 20]
    top = ((strength >> 16) & 0xF) - 1  # the made hand's rank: the pair's, the trips'
    if row is Row.FRONT:
        if table is RoyaltyTable.CHINESE:
            return 1 if category is _C.THREE_OF_A_KIND else 0
        if category is _C.THREE_OF_A_KIND:
            return 10 + top
        if category is _C.PAIR and top >= Rank.SIX:
            return top - Rank.SIX + 1
        return 0
    amounts = dict(_FIVE_CARD_TABLES[table][row])
    doubled = table is not RoyaltyTable.CHINESE and row is Row.MIDDLE
    for overridden, amount in overrides:
        if overridden in amounts:
            amounts[overridden] = 2 * amount if doubled else amount
    if _C.ROYAL_FLUSH not in dict(overrides):
        # a royal flush is the best straight flush: a raised straight flush raises it too
        amounts[_C.ROYAL_FLUSH] = max(amounts[_C.ROYAL_FLUSH], amounts[_C.STRAIGHT_FLUSH])
    return amounts.get(category, 0)


# ---------------------------------------------------------------- ruleset


@dataclass(frozen=True, kw_only=True)
class ChineseRules:
    """A ruleset: the royalty table and the options of a ``Rules:`` line (docs/formats.md).

    Written in a log as ``Rules: default`` or settings separated by commas:
    ``royalties modern``, ``straight flush 3``, ``royal flush 5``, ``natural 10``,
    ``surrender off``, ``bonus more-rows``.

    >>> ChineseRules.parse("royalties modern, natural 10", game="ofc").royalties
    <RoyaltyTable.OFC_MODERN: 'modern'>
    >>> ChineseRules.parse("surrender off, bonus more-rows", game="chinese").surrender_allowed
    False
    >>> ChineseRules.parse("surrender off, jokers 2", game="chinese")
    Traceback (most recent call last):
    ...
    rules.rules_line.SettingError: 'jokers 2' is not a setting of Chinese poker and OFC. Its settings are royalties, straight flush, royal flush, natural, surrender and bonus.
    """

    royalties: RoyaltyTable = RoyaltyTable.CHINESE
    overrides: tuple[tuple[HandCategory, int], ...] = ()
    """Royalty amounts replacing the table's (the straight and royal flush option); see :func:`royalty`."""
    natural_bonus: int | None = None
    """Points a natural wins from each opponent without one; None: as a scoop."""
    surrender_allowed: bool = True
    """``surrender off`` forbids surrender: a surrender is then a CP-SURRENDER finding."""
    two_four_bonus: TwoFourBonus = TwoFourBonus.TWO_OR_THREE_ROWS
    """Who earns the extra point of 2-4 scoring."""

    @classmethod
    def default(cls, game: str) -> ChineseRules:
        return cls(royalties=RoyaltyTable.OFC_CLASSIC if game == "ofc" else RoyaltyTable.CHINESE)

    @classmethod
    def parse(cls, text: str | None, *, game: str) -> ChineseRules:
        """The rules of a ``Rules:`` line (a :class:`~rules.rules_line.SettingError` at the first
        setting refused)."""
        return RULES_LINE.read(text, cls.default(game))


def _overriding(category: HandCategory):
    """What a royalty setting does: replace the table's amount for ``category``."""
    return lambda rules, amount: dataclasses.replace(
        rules, overrides=tuple(sorted({**dict(rules.overrides), category: amount}.items())))


RULES_LINE = RulesLine("Chinese poker and OFC", [
    Setting("royalties", Choice({table.value: table for table in RoyaltyTable}), set_to("royalties")),
    Setting("straight flush", Whole(0), _overriding(_C.STRAIGHT_FLUSH)),
    Setting("royal flush", Whole(0), _overriding(_C.ROYAL_FLUSH)),
    Setting("natural", Whole(1, words={"scoop": None}), set_to("natural_bonus")),
    Setting("surrender", ON_OFF, set_to("surrender_allowed")),
    Setting("bonus", Choice({bonus.value: bonus for bonus in TwoFourBonus}), set_to("two_four_bonus")),
])
"""The settings of a ``Rules:`` line, each once: what the parser reads, the refusals say and
docs/formats.md's table lists. A natural wins at least 1: at 0 it would win less than the same
cards set as three rows."""


# ---------------------------------------------------------------- a set hand


def fouls(back, middle, front):
    """CP-FOUL: back below middle or middle below front (strengths, or arrays of them).

    >>> fouls(5, 7, 1), bool(fouls(np.array([9]), np.array([7]), np.array([7]))[0])
    (True, False)
    """
    return (back < middle) | (middle < front)


@dataclass(frozen=True, kw_only=True, slots=True)
class RowValue:
    """One row of a set hand, ranked."""

    row: Row
    cards: tuple[Card, ...]
    strength: int
    category: HandCategory


@dataclass(frozen=True, kw_only=True, slots=True)
class SetHand:
    """Three ranked rows, back first, and whether they foul (CP-FOUL)."""

    rows: tuple[RowValue, RowValue, RowValue]
    # Worked out once from the rows: the settlement reads them for every pair of players.
    strengths: tuple[int, int, int] = field(init=False, compare=False, repr=False)
    is_foul: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        strengths = tuple(row.strength for row in self.rows)
        back, middle, front = strengths
        object.__setattr__(self, "strengths", strengths)
        object.__setattr__(self, "is_foul", fouls(back, middle, front))


    def royalties(self, rules: ChineseRules) -> tuple[int, int, int]:
        """Each row's royalty, back first; all zero when the hand fouls."""
        if self.is_foul:
            return (0, 0, 0)
        return tuple(royalty(row.row, row.strength, rules.royalties, rules.overrides) for row in self.rows)


def rank_rows(back: tuple[Card, ...], middle: tuple[Card, ...], front: tuple[Card, ...]) -> SetHand:
    """Rank three rows of 5, 5 and 3 cards (a HandError if a row is not a hand)."""
    return rank_many([(back, middle, front)])[0]


def rank_many(hands: list[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]]) -> list[SetHand]:
    """:func:`rank_rows` of many hands (back, middle, front) at once: one evaluator call for all
    their 5-card rows and one for their fronts (a call costs more than the ranking of a row)."""
    if not hands:
        return []
    for hand in hands:
        for row, cards in zip(ROWS, hand):
            if len(cards) != row.size:
                raise HandError(f"a {row} row of {len(cards)} cards is not a hand: a {row} row is {row.size}")
    strengths = row_strengths(np.array([[c.code for row in hand for c in row] for hand in hands],
                                       dtype=np.int64)).tolist()
    return [
        SetHand(rows=tuple(
            RowValue(row=row, cards=tuple(cards), strength=s, category=_CATEGORY_AT[s >> 20])
            for row, cards, s in zip(ROWS, hand, strengths[i])
        ))
        for i, hand in enumerate(hands)
    ]


def row_strengths(codes: np.ndarray) -> np.ndarray:
    """The strengths of back, middle and front of hands given as 13 card codes each (back's 5,
    middle's 5, front's 3): one evaluator call for all 5-card rows and one for the fronts. A card
    written twice counts twice (see :func:`rankable`)."""
    fives = evaluate_many(codes[:, :10].reshape(-1, 5), _ORDER, as_written=True).astype(np.int64).reshape(-1, 2)
    threes = evaluate_many(codes[:, 10:13], _ORDER, as_written=True).astype(np.int64)
    return np.column_stack((fives, threes))


# Each strength's category, by its top bits (the evaluator's ``categories``, read once into a table:
# the replay asks it per row, and a numpy call per row costs more than the ranking).
_CATEGORY_AT = tuple(HandCategory(int(c)) for c in categories(np.arange(len(HandCategory)) << 20, _ORDER))


def arrange(back: str, middle: str, front: str) -> SetHand:
    """A set hand from card text, for examples and tests."""
    return rank_rows(parse_cards(back), parse_cards(middle), parse_cards(front))


# ---------------------------------------------------------------- pairwise settlement


class Status(enum.StrEnum):
    """What a player did with his 13 cards."""

    SET = "set"
    """Set three rows (fouled or not)."""
    SURRENDER = "surrender"
    """Surrendered before the showdown (CP-SURRENDER)."""
    NATURAL = "natural"
    """Declared a natural (CP-NATURAL)."""
    INVALID = "invalid"
    """Rows that cannot be ranked (wrong sizes, a card not of the 52-card deck): scored as a foul."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Seated:
    """One player's hand as the settlement sees it."""

    player: str
    status: Status
    hand: SetHand | None = None
    royalties: tuple[int, int, int] = (0, 0, 0)

    @property
    def is_foul(self) -> bool:
        return self.status is Status.INVALID or (self.hand is not None and self.hand.is_foul)

    @property
    def royalty(self) -> int:
        return 0 if self.is_foul or self.status is not Status.SET else sum(self.royalties)


@dataclass(frozen=True, kw_only=True, slots=True)
class PairScore:
    """What ``player`` won from ``opponent`` (the opponent's row has the opposite sign)."""

    player: str
    opponent: str
    points: int
    rows_won: int
    rows_lost: int
    is_scoop: bool
    royalty_points: int
    can_scoop: bool
    """Either player could scoop the other in this pairing (:attr:`PairOutcome.can_scoop`)."""


class PairOutcome(NamedTuple):
    """What :func:`pair_outcome` settles; a tuple, for :func:`outcome_table` to tabulate."""

    points: int
    """Points before royalties."""
    won: int
    lost: int
    royalties_paid: bool
    can_scoop: bool
    """Three rows could go to one side: two hands that stand compare their rows, a natural counts
    as three against any hand but a natural, a hand that stands as three against a fouled one.
    Otherwise no chance: against or by a surrender, between two naturals or two fouled hands.
    The scoop rates of the statistics count their chances by it."""


def pair_outcome(a: Status, b: Status, won: int, lost: int, scoring: Scoring, rules: ChineseRules) -> PairOutcome:
    """What a player of status ``a`` wins from one of status ``b`` (CP-SCORE, CP-SURRENDER,
    CP-NATURAL, CP-FOUL): points before royalties, rows won, rows lost, whether the pair's
    royalties are paid and whether either could scoop. ``INVALID`` is a fouled hand, ``SET`` a
    hand that does not foul; ``won`` and ``lost`` (rows compared) count only between two ``SET``
    hands. The one rule both the replay of a hand and the batch replay (which tabulates it) settle by.

    >>> pair_outcome(Status.SET, Status.SURRENDER, 0, 0, Scoring.ONE_SIX, ChineseRules())
    PairOutcome(points=3, won=0, lost=0, royalties_paid=False, can_scoop=False)
    >>> pair_outcome(Status.SET, Status.SET, 1, 0, Scoring.TWO_FOUR, ChineseRules())
    PairOutcome(points=1, won=1, lost=0, royalties_paid=True, can_scoop=True)
    """
    if a is Status.NATURAL or b is Status.NATURAL:
        if a is b:
            return PairOutcome(0, 0, 0, False, False)
        bonus = scoring.scoop if rules.natural_bonus is None else rules.natural_bonus
        return PairOutcome(bonus, 3, 0, False, True) if a is Status.NATURAL else PairOutcome(-bonus, 0, 3, False, True)
    if a is Status.SURRENDER or b is Status.SURRENDER:
        if a is b:
            return PairOutcome(0, 0, 0, False, False)
        surrender = -scoring.surrender if a is Status.SURRENDER else scoring.surrender
        return PairOutcome(surrender, 0, 0, False, False)
    if a is Status.INVALID or b is Status.INVALID:
        if a is b:
            return PairOutcome(0, 0, 0, False, False)
        return (PairOutcome(-scoring.scoop, 0, 3, True, True) if a is Status.INVALID
                else PairOutcome(scoring.scoop, 3, 0, True, True))
    return PairOutcome(scoring.rows_points(won, lost, rules.two_four_bonus), won, lost, True, True)


def scoops(rows_won):
    """Whether a player who won ``rows_won`` rows (a number, or an array of them) scoops: all
    three, a natural or a foul counted so.

    >>> scoops(3), scoops(2)
    (True, False)
    """
    return rows_won == len(ROWS)


def settle_pair(a: Seated, b: Seated, scoring: Scoring, rules: ChineseRules) -> PairScore:
    """Settle two players: surrender, naturals, fouls, rows and royalties (CP-SCORE).

    >>> a = Seated(player="A", status=Status.SET, hand=arrange("Kh Kd Kc 4s 4d", "Qs Qh 9c 7d 2c", "6s 6h 3c"))
    >>> b = Seated(player="B", status=Status.SET, hand=arrange("Ah Jh 8h 5h 2h", "Tc Td 9s 9h 3d", "3s 3h Ad"))
    >>> settle_pair(a, b, Scoring.TWO_FOUR, ChineseRules()).points, settle_pair(a, b, Scoring.ONE_SIX, ChineseRules()).points
    (2, 1)
    """
    sa = Status.INVALID if a.is_foul else a.status
    sb = Status.INVALID if b.is_foul else b.status
    won = lost = 0
    if sa is Status.SET and sb is Status.SET:
        won = sum(x > y for x, y in zip(a.hand.strengths, b.hand.strengths))
        lost = sum(x < y for x, y in zip(a.hand.strengths, b.hand.strengths))
    points, won, lost, paid, can_scoop = pair_outcome(sa, sb, won, lost, scoring, rules)
    royalty_points = a.royalty - b.royalty if paid else 0
    return PairScore(player=a.player, opponent=b.player, points=points + royalty_points, rows_won=won,
                     rows_lost=lost, is_scoop=scoops(won), royalty_points=royalty_points, can_scoop=can_scoop)


def settle(seated: list[Seated], scoring: Scoring, rules: ChineseRules) -> list[PairScore]:
    """Every ordered pair of players: two rows per pair, opposite in sign."""
    scores = []
    for a in seated:
        for b in seated:
            if a is not b:
                scores.append(settle_pair(a, b, scoring, rules))
    return scores


def totals(seated: list[Seated], scores: list[PairScore]) -> dict[str, int]:
    out = {s.player: 0 for s in seated}
    for score in scores:
        out[score.player] += score.points
    return out


# ---------------------------------------------------------------- records


@dataclass(frozen=True, kw_only=True, slots=True)
class Claim:
    """One player's amount in a ``Royalties:`` or ``Points:`` line."""

    player: str
    amount: Decimal


@dataclass(frozen=True, kw_only=True, slots=True)
class Claims:
    """A ``Royalties:`` or ``Points:`` line: the table's word, checked by the replay."""

    items: tuple[Claim, ...]
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class ChineseSeat:
    """One player line: ``Anna: back […] middle […] front […]``, ``Vera: surrenders`` or a natural."""

    player: str
    status: Status
    rows: tuple[tuple[Row, tuple[Card, ...]], ...] = ()
    """The rows as written (in the log's order); a row twice or missing is a CP-DEAL finding."""
    natural: NaturalKind | None = None
    cards: tuple[Card, ...] = ()
    """A natural's 13 cards."""
    line: int


@dataclass(frozen=True, kw_only=True)
class ChineseHand:
    """A Chinese poker hand as its log states it."""

    source: Source
    info: GameInfo
    hand_id: str
    scoring: Scoring
    players: tuple[str, ...]
    players_line: int
    dealer: str | None = None
    dealer_line: int | None = None
    rules: ChineseRules = field(default_factory=ChineseRules)
    seats: tuple[ChineseSeat, ...] = ()
    royalties: Claims | None = None
    points: Claims | None = None


# ---------------------------------------------------------------- replay results


@dataclass(frozen=True, kw_only=True, slots=True)
class RowResult:
    """One row of one player, recomputed: a ``chinese_rows`` row."""

    player: str
    row: Row
    cards: tuple[Card, ...]
    strength: int
    category: HandCategory
    royalty: int
    is_foul: bool
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerHand:
    """One player's hand, recomputed: a ``chinese_players`` row."""

    player: str
    status: Status
    is_foul: bool
    natural: NaturalKind | None
    royalties: tuple[int, int, int]
    points: int
    line: int
    in_fantasyland: bool = False
    fantasyland_entry: bool = False
    fantasyland_stay: bool = False

    @property
    def royalty(self) -> int:
        return sum(self.royalties)


@dataclass(frozen=True, kw_only=True)
class ChineseReplay(Replay):
    """The replay of a Chinese poker or OFC hand: rows, pair scores and player totals."""

    rows: tuple[RowResult, ...] = ()
    scores: tuple[PairScore, ...] = ()
    hands: tuple[PlayerHand, ...] = ()
    variant: str = "classic"
    scoring: str = "1-6"


# ---------------------------------------------------------------- shared checks


def seat_order(players: tuple[str, ...], dealer: str | None) -> tuple[str, ...]:
    """The players in turn from the dealer's left (the dealer last); as listed without a dealer.

    >>> seat_order(("Anna", "Boris", "Vera"), "Anna")
    ('Boris', 'Vera', 'Anna')
    """
    if dealer not in players:
        return players
    d = players.index(dealer)
    return players[d + 1:] + players[:d + 1]


def check_table(findings: Findings, players: tuple[str, ...], players_line: int, dealer: str | None,
                dealer_line: int | None) -> None:
    """CP-PLAYERS: 2 to 4 players, each once; the dealer one of them."""
    if not 2 <= len(players) <= 4:
        findings.add("CP-PLAYERS", f"{counted(len(players), 'player')} at the table: Chinese poker is played by 2 to 4",
                     line=players_line, expected="2 to 4", actual=len(players))
    for name, count in Counter(players).items():
        if count > 1:
            findings.add("CP-PLAYERS", f"{name} is listed {count} times among the players", line=players_line,
                         expected=1, actual=count)
    if dealer is not None and dealer not in players:
        findings.add("CP-PLAYERS", f"the dealer {dealer} is not one of the players", line=dealer_line,
                     expected=", ".join(players), actual=dealer)


def check_claims(findings: Findings, claims: Claims | None, truth: dict[str, int], rule_id: str, what: str,
                 *, as_one: bool = False) -> None:
    """Compare a claims line with the recomputed amounts, player by player. ``as_one``: the entries
    that differ make one finding (a ``Points:`` line: its amounts are settled pair by pair, so one
    pair settled wrong makes two entries wrong, and a finding each would cite the one fault twice)."""
    if claims is None:
        return
    wrong: list[tuple[str, str, str]] = []     # (player, expected, written)
    for claim in claims.items:
        if claim.player not in truth:
            findings.add(rule_id, f"{what} claimed for {claim.player}, who has no hand line",
                         line=claims.line, expected="no claim", actual=claim.player)
            continue
        expected, written = _signed(truth[claim.player]), _signed(claim.amount)
        if expected == written:
            continue
        if not as_one:
            findings.add(rule_id, f"{claim.player}'s {what} are {expected}, the log says {written}",
                         line=claims.line, expected=expected, actual=written)
        wrong.append((claim.player, expected, written))
    if as_one and wrong:
        expected = ", ".join([f"{player} {amount}" for player, amount, _ in wrong])
        written = ", ".join([f"{player} {amount}" for player, _, amount in wrong])
        findings.add(rule_id, f"the {what} are {expected}; the log says {written}", line=claims.line,
                     expected=expected, actual=written)


def _signed(amount: Decimal | int) -> str:
    amount = Decimal(amount).normalize()
    text = f"{amount:f}"
    return text if amount <= 0 else f"+{text}"


def check_cards(findings: Findings, cards_by_line: list[tuple[Card, int, str]], rule_id: str) -> None:
    """No card twice among all players' cards (and discards), every card of the 52-card deck."""
    seen: dict[Card, str] = {}
    for card, line, player in cards_by_line:
        if card not in Deck.STANDARD_52:
            findings.add(rule_id, f"{card} of {player} is not a card of the 52-card deck", line=line,
                         expected="a card of the 52-card deck", actual=card)
        elif card in seen:
            findings.add(rule_id, f"{card} of {player} was already dealt to {seen[card]}: a deal cannot hold a "
                         "card twice (the hands are scored as written)", line=line,
                         expected="a card not yet dealt", actual=card)
        else:
            seen[card] = player


def rankable(rows: dict[Row, tuple[Card, ...]]) -> bool:
    """Whether a player's rows can be ranked: the right sizes, all of the 52-card deck.

    A card twice does not stop it: the deal is impossible and :func:`check_cards` says so, but the
    rows are ranked as written (``8s 8c 8c`` is three eights), and a foul is only rows out of order,
    so a hand scores the same wherever the card's other copy lies, in its own rows or another's.
    """
    if any(len(rows.get(row, ())) != row.size for row in ROWS):
        return False
    return all(card in Deck.STANDARD_52 for row in ROWS for card in rows[row])


def rank_players(players: list[tuple[str, dict[Row, tuple[Card, ...]]]]) -> dict[str, SetHand]:
    """The set hands of the players whose rows can be ranked (see :func:`rankable`), ranked at once."""
    players = [(player, rows) for player, rows in players if rankable(rows)]
    ranked = rank_many([(rows[Row.BACK], rows[Row.MIDDLE], rows[Row.FRONT]) for _, rows in players])
    return {player: set_hand for (player, _), set_hand in zip(players, ranked)}


# ---------------------------------------------------------------- the Chinese replay


def replay_chinese(hand: ChineseHand) -> ChineseReplay:
    """Recompute every row, royalty, pair score and total of a Chinese poker hand.

    A foul is no broken rule (the hand is only scored as losing everything): it shows in
    the rows' ``is_foul``, and as a finding only where the log's claims disagree with it.
    """
    findings = Findings()
    check_table(findings, hand.players, hand.players_line, hand.dealer, hand.dealer_line)
    by_player: dict[str, ChineseSeat] = {}
    for seat in hand.seats:
        if seat.player not in hand.players:
            findings.add("CP-PLAYERS", f"{seat.player} sets a hand but is not listed among the players",
                         line=seat.line, expected=", ".join(hand.players), actual=seat.player)
        elif seat.player in by_player:
            findings.add("CP-DEAL", f"{seat.player} has a second hand line", line=seat.line,
                         expected="one hand line a player", actual="a second")
        else:
            by_player[seat.player] = seat
    players = [p for p in dict.fromkeys(hand.players) if p in by_player]
    for player in dict.fromkeys(hand.players):
        if player not in by_player:
            findings.add("CP-DEAL", f"{player} is listed but has no hand line", line=hand.players_line,
                         expected=f"a hand line for {player}", actual="none")
    check_cards(findings, [(card, seat.line, seat.player) for seat in (by_player[p] for p in players)
                           for card in (seat.cards if seat.status is Status.NATURAL
                                        else [c for _, cs in seat.rows for c in cs])], "CP-DEAL")

    seated: list[Seated] = []
    row_results: list[RowResult] = []
    has_natural = any(by_player[p].status is Status.NATURAL for p in players)
    set_rows = {}   # the rows of the players who set them; ranked at once below
    for player in players:
        seat = by_player[player]
        if seat.status is Status.SURRENDER:
            if has_natural:
                findings.add("CP-SURRENDER", f"{player} surrenders against a natural, which the rules forbid; "
                             "the natural is paid in full", line=seat.line, expected="a hand set in three rows",
                             actual="surrenders")
            elif not hand.rules.surrender_allowed:
                findings.add("CP-SURRENDER", f"{player} surrenders, which this table's rules forbid "
                             "(surrender off); scored as a surrender", line=seat.line,
                             expected="a hand set in three rows", actual="surrenders")
            seated.append(Seated(player=player, status=Status.SURRENDER))
        elif seat.status is Status.NATURAL:
            if seat.natural.holds(seat.cards):
                seated.append(Seated(player=player, status=Status.NATURAL))
            else:
                findings.add("CP-NATURAL", f"{player}'s cards do not make {seat.natural.value}: scored as a foul",
                             line=seat.line, expected=seat.natural.value,
                             actual=" ".join(str(c) for c in seat.cards))
                seated.append(Seated(player=player, status=Status.INVALID))
        else:
            set_rows[player] = _rows_of(findings, seat, "CP-DEAL")
            seated.append(Seated(player=player, status=Status.INVALID))    # until its rows are ranked
    ranked = rank_players(list(set_rows.items()))
    for at, entry in enumerate(seated):
        set_hand = ranked.get(entry.player) if entry.player in set_rows else None
        if set_hand is None:
            continue
        player, line = entry.player, by_player[entry.player].line
        royalties = set_hand.royalties(hand.rules)
        seated[at] = Seated(player=player, status=Status.SET, hand=set_hand, royalties=royalties)
        for value, amount in zip(set_hand.rows, royalties):
            row_results.append(RowResult(player=player, row=value.row, cards=value.cards,
                                         strength=value.strength, category=value.category, royalty=amount,
                                         is_foul=set_hand.is_foul, line=line))
    return finish(findings, seated, hand.scoring, hand.rules, hand.royalties, hand.points, row_results,
                   {p: by_player[p].line for p in players}, "CP-ROYALTY", variant="classic",
                   naturals={p: by_player[p].natural for p in players if by_player[p].natural},
                   seats={p: hand.players.index(p) + 1 for p in players})


def _rows_of(findings: Findings, seat, rule_id: str) -> dict[Row, tuple[Card, ...]]:
    rows: dict[Row, tuple[Card, ...]] = {}
    for row, cards in seat.rows:
        if row in rows:
            findings.add(rule_id, f"{seat.player}'s {row} row is written twice", line=seat.line,
                         expected=f"one {row} row", actual="two")
            continue
        rows[row] = cards
    for row in ROWS:
        got = len(rows.get(row, ()))
        if got != row.size:
            findings.add(rule_id, f"{seat.player}'s {row} row holds {got} cards: a {row} row is {row.size}",
                         line=seat.line, expected=row.size, actual=got)
    return rows


def finish(findings: Findings, seated: list[Seated], scoring: Scoring, rules: ChineseRules,
           royalty_claims: Claims | None, point_claims: Claims | None, row_results: list[RowResult],
           lines: dict[str, int], royalty_rule: str, *, variant: str,
           fantasy: dict[str, tuple[bool, bool, bool]] | None = None,
           naturals: dict[str, NaturalKind] | None = None, seats: dict[str, int] | None = None
           ) -> ChineseReplay:
    """The end of a replay, Chinese poker's and OFC's alike: settle the seated hands pairwise,
    check the table's ``Royalties:`` (under ``royalty_rule``) and ``Points:`` claims, and make the
    replay result (``lines``: each player's line, for findings; ``fantasy``: OFC's Fantasyland
    flags per player)."""
    scores = settle(seated, scoring, rules)
    points = totals(seated, scores)
    royalties = {s.player: s.royalty for s in seated}
    check_claims(findings, royalty_claims, royalties, royalty_rule, "royalties")
    check_claims(findings, point_claims, points, "CP-SCORE", "points", as_one=True)
    if point_claims is not None:
        claimed = {claim.player for claim in point_claims.items}
        for player in points:
            if player not in claimed:
                findings.add("CP-SCORE", f"the Points: line gives no amount for {player}", line=point_claims.line,
                             expected=_signed(points[player]), severity=Severity.WARNING)
    fantasy = fantasy or {}
    hands = tuple(
        PlayerHand(player=s.player, status=s.status, is_foul=s.is_foul,
                   natural=(naturals or {}).get(s.player) if s.status is Status.NATURAL else None,
                   royalties=(0, 0, 0) if s.is_foul or s.status is not Status.SET else s.royalties,
                   points=points[s.player], line=lines[s.player],
                   in_fantasyland=fantasy.get(s.player, (False, False, False))[0],
                   fantasyland_entry=fantasy.get(s.player, (False, False, False))[1],
                   fantasyland_stay=fantasy.get(s.player, (False, False, False))[2])
        for s in seated
    )
    return ChineseReplay(
        findings=tuple(findings),
        players=tuple(PlayerResult(player=s.player, net=Decimal(points[s.player]),
                                   seat=(seats or {}).get(s.player, i + 1))
                      for i, s in enumerate(seated)),
        rows=tuple(row_results), scores=tuple(scores), hands=hands, variant=variant, scoring=scoring.value,
    )



# ---------------------------------------------------------------- the batch replay


@dataclass(kw_only=True)
class ChineseBatch:
    """Chinese poker hands of one file in columns, for :func:`replay_batch`: each hand's table
    lines, and one entry per player line (its ``seat_hand``), the lines in the order of the
    ``Players:`` line. Only the usual shapes come here: three rows set, or a surrender; no
    ``Rules:`` line. The reader leaves every other hand to :func:`replay_chinese`."""

    scoring: list[Scoring]
    players: list[tuple[str, ...]]
    dealer: list[str | None]
    royalty_claims: list[tuple[Claim, ...] | None]
    point_claims: list[tuple[Claim, ...] | None]
    seat_hand: np.ndarray
    """Per player line: its hand's index."""
    seat_player: list[str]
    seat_surrenders: np.ndarray
    """Per player line: whether he surrenders (his ``codes`` are then -1)."""
    seat_natural: list[NaturalKind | None]
    """Per player line: the natural he declares (his ``codes``: its 13 cards), or None."""
    codes: np.ndarray
    """Per player line: 13 card codes, back (5), middle (5), front (3); below 0 for a card not of the deck."""
    seat_line: np.ndarray
    """Per player line: its line in the file."""


@dataclass(kw_only=True)
class ChineseBatchReplay:
    """What :func:`replay_batch` recomputed; a hand is ``certified`` when its replay has no finding."""

    certified: np.ndarray
    strengths: np.ndarray
    """Per player line: the strengths of back, middle, front (0 for a surrender)."""
    is_foul: np.ndarray
    royalties: np.ndarray
    """Per player line: each row's royalty, 0 when fouled or surrendered."""
    pair_a: np.ndarray
    """Per ordered pair of players of a hand: the player line of the player, then of the opponent."""
    pair_b: np.ndarray
    pair_points: np.ndarray
    pair_won: np.ndarray
    pair_lost: np.ndarray
    pair_royalty_points: np.ndarray
    pair_can_scoop: np.ndarray
    """Per ordered pair: :attr:`PairOutcome.can_scoop`."""
    points: np.ndarray
    """Per player line: his total."""


_STATUS_CODES = (Status.SET, Status.INVALID, Status.SURRENDER, Status.NATURAL)


def outcome_table(scoring: Scoring, rules: ChineseRules) -> np.ndarray:
    """:func:`pair_outcome` for every pair of statuses (as ``_STATUS_CODES`` numbers them) and
    every rows won and lost: [status a, status b, won, lost] → the :class:`PairOutcome`'s fields."""
    table = np.zeros((4, 4, 4, 4, len(PairOutcome._fields)), dtype=np.int64)
    for i, a in enumerate(_STATUS_CODES):
        for j, b in enumerate(_STATUS_CODES):
            for won in range(4):
                for lost in range(4 - won):
                    table[i, j, won, lost] = pair_outcome(a, b, won, lost, scoring, rules)
    return table


def royalty_lookup(strengths: np.ndarray, rules: ChineseRules) -> np.ndarray:
    """:func:`royalty` of every row of ``strengths`` (n × 3, back first), each distinct made
    hand asked once (a royalty depends only on a strength's category and top rank)."""
    out = np.zeros(strengths.shape, dtype=np.int64)
    for column, row in enumerate(ROWS):
        keys = strengths[:, column] >> 16
        distinct, at = np.unique(keys, return_inverse=True)
        amounts = np.array([royalty(row, int(key) << 16, rules.royalties, rules.overrides) for key in distinct],
                           dtype=np.int64)
        out[:, column] = amounts[at.reshape(-1)] if len(distinct) else 0
    return out


def _pairs(counts: np.ndarray, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    # every ordered pair of player lines within each hand, in the order of replay_chinese's settle
    a_parts, b_parts = [], []
    for n in np.unique(counts):
        hands = np.flatnonzero(counts == n)
        i, j = np.nonzero(~np.eye(n, dtype=bool))
        a_parts.append((starts[hands, None] + i).reshape(-1))
        b_parts.append((starts[hands, None] + j).reshape(-1))
    if not a_parts:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    a, b = np.concatenate(a_parts), np.concatenate(b_parts)
    order = np.lexsort((b, a))
    return a[order], b[order]


def replay_batch(batch: ChineseBatch, rules: ChineseRules | None = None) -> ChineseBatchReplay:
    """:func:`replay_chinese` of many hands at once: the rows ranked in two evaluator calls,
    royalties and pair scores by lookup in tables made from :func:`royalty` and
    :func:`pair_outcome`. A hand whose replay would have a finding (CP-PLAYERS, CP-DEAL, a claim
    that does not add up) is not ``certified``: the caller explains it with :func:`replay_chinese`."""
    rules = rules or ChineseRules.default("chinese")
    hands = len(batch.players)
    seats = len(batch.seat_hand)
    seat_hand = batch.seat_hand.astype(np.int64)
    surrenders = batch.seat_surrenders.astype(bool)
    codes = batch.codes.astype(np.int64)
    certified = np.ones(hands, dtype=bool)
    counts = np.bincount(seat_hand, minlength=hands)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64)

    # CP-PLAYERS and CP-DEAL: 2 to 4 players each once, the dealer among them, one line each; every
    # card of the deck, none twice in a hand
    for h, names in enumerate(batch.players):
        if not 2 <= len(names) <= 4 or len(set(names)) != len(names) or counts[h] != len(names) or (
                batch.dealer[h] is not None and batch.dealer[h] not in names):
            certified[h] = False
    if seats and tuple(batch.seat_player) != tuple(p for names in batch.players for p in names):
        for h, names in enumerate(batch.players):
            if tuple(batch.seat_player[starts[h]:starts[h] + counts[h]]) != names:
                certified[h] = False
    naturals = np.array([kind is not None for kind in batch.seat_natural], dtype=bool)
    setting = ~surrenders
    bad = setting & (codes < 0).any(axis=1)
    for s in np.flatnonzero(naturals & ~bad):    # CP-NATURAL: the cards make what is declared
        if not batch.seat_natural[s].holds(tuple(Card.from_code(int(c)) for c in codes[s])):
            certified[seat_hand[s]] = False
    # CP-SURRENDER: no surrender against a natural
    certified[np.intersect1d(seat_hand[naturals], seat_hand[surrenders])] = False
    certified[seat_hand[bad]] = False
    keys = (seat_hand[:, None] * 64 + codes)[setting & ~bad].reshape(-1)
    keys.sort()
    twice = keys[1:][keys[1:] == keys[:-1]] // 64
    certified[twice] = False

    # the rows, ranked; fouls and royalties
    strengths = np.zeros((seats, 3), dtype=np.int64)
    ranked = setting & ~naturals & ~bad
    if ranked.any():
        strengths[ranked] = row_strengths(codes[ranked])
    is_foul = ranked & fouls(strengths[:, 0], strengths[:, 1], strengths[:, 2])
    royalties = royalty_lookup(strengths, rules)
    royalties[~ranked | is_foul] = 0

    # every ordered pair, settled by the tabulated rule
    pair_a, pair_b = _pairs(counts, starts)
    status = np.where(naturals, 3, np.where(surrenders, 2, np.where(is_foul, 1, 0)))
    sa, sb = strengths[pair_a], strengths[pair_b]
    won = (sa > sb).sum(axis=1)
    lost = (sa < sb).sum(axis=1)
    pair_points = np.zeros(len(pair_a), dtype=np.int64)
    pair_won = np.zeros(len(pair_a), dtype=np.int64)
    pair_lost = np.zeros(len(pair_a), dtype=np.int64)
    royalty_points = np.zeros(len(pair_a), dtype=np.int64)
    pair_can_scoop = np.zeros(len(pair_a), dtype=bool)
    totals_row = royalties.sum(axis=1)
    pair_hand = seat_hand[pair_a]
    for scoring in set(batch.scoring):
        table = outcome_table(scoring, rules)
        chosen = np.array([batch.scoring[h] is scoring for h in pair_hand], dtype=bool)
        out = table[status[pair_a][chosen], status[pair_b][chosen], won[chosen], lost[chosen]]
        settled = PairOutcome._make(out.T)     # by the fields' names: one added anywhere moves no column
        paid = settled.royalties_paid.astype(bool)
        royalty_points[chosen] = np.where(paid, totals_row[pair_a][chosen] - totals_row[pair_b][chosen], 0)
        pair_points[chosen] = settled.points + royalty_points[chosen]
        pair_won[chosen], pair_lost[chosen] = settled.won, settled.lost
        pair_can_scoop[chosen] = settled.can_scoop.astype(bool)
    points = np.bincount(pair_a, weights=pair_points, minlength=seats).astype(np.int64)

    # the table's claims, checked as replay_chinese checks them
    for h in np.flatnonzero(certified):
        names = batch.players[h]
        at = range(starts[h], starts[h] + counts[h])
        for claims, truth in ((batch.royalty_claims[h], [int(totals_row[s]) for s in at]),
                              (batch.point_claims[h], [int(points[s]) for s in at])):
            if claims is None:
                continue
            said = {claim.player: claim.amount for claim in claims}
            # every claim right, none twice; the Points: line names everyone (a Royalties: line need not)
            if len(said) != len(claims) or not said.keys() <= set(names) or any(
                    said.get(name, amount) != amount for name, amount in zip(names, truth)) or (
                    claims is batch.point_claims[h] and said.keys() != set(names)):
                certified[h] = False
    return ChineseBatchReplay(
        certified=certified, strengths=strengths, is_foul=is_foul, royalties=royalties, pair_a=pair_a,
        pair_b=pair_b, pair_points=pair_points, pair_won=pair_won, pair_lost=pair_lost,
        pair_royalty_points=royalty_points, pair_can_scoop=pair_can_scoop, points=points)
