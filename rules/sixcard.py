"""Six-card casino poker: one player against the dealer, 1 to 3 boxes, and the replay of a session.

Each box is settled on its own (docs/rules.md, six-card poker): the box's five cards, at most one bought sixth
card (1 ante) and one exchanged card (2 antes), then fold (ante lost) or play (a bet, normally
2 antes). Only the best five of the box's cards count. A dealer without a pair has "no game":
the ante is paid 1:1 and the bet returned, unless the player buys the dealer's game for that
box (1 ante): one dealer card is replaced, and the box is settled by the pay table if the
dealer now qualifies, or returned unpaid if not. The replay recomputes every box's net,
costs included, and checks it against the casino's ``Result:`` line.

>>> pay_out(HandCategory.FOUR_OF_A_KIND, ante=Decimal(20), bet=Decimal(30))   # the seed's figures
Decimal('620')
>>> pay_out(HandCategory.ROYAL_FLUSH, ante=Decimal(20), bet=Decimal(30))
Decimal('3020')
>>> settle_box(cards=parse_cards("Ah Ad 7c 5s 2d 9h"), dealer=parse_cards("8h 8c 4d 3s Qs"),
...            ante=Decimal(10), bet=Decimal(20)).outcome
<Outcome.WIN: 'win'>
>>> pay_out(HandCategory.HIGH_CARD, ante=Decimal(20), bet=Decimal(30))  # ace-king, under that qualifier
Decimal('50')
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field, replace
from decimal import Decimal

import numpy as np

from rules.cards import Card, format_cards, parse_cards
from rules.evaluator import HandCategory, HandValue, RankOrder, evaluate
from rules.findings import Findings, Severity
from rules.records import GameInfo, PlayerResult, Replay, Source
from rules.rules_line import BadValue, Choice, Number, RulesLine, Setting, Whole, set_to

__all__ = [
    "ANTE_RANGE",
    "MAX_BOXES",
    "PAY_TABLE",
    "RULES",
    "Box",
    "BoxResult",
    "DealerBuy",
    "DealerQualifier",
    "DealerReplaces",
    "ExtraDraw",
    "Outcome",
    "Settlement",
    "SixcardHand",
    "SixcardReplay",
    "SixcardRules",
    "SixcardSession",
    "box_subject",
    "dealer_qualifies",
    "hand_strength",
    "may_draw",
    "pay_out",
    "qualifying_strength",
    "replaced_card",
    "replay",
    "settle_box",
]

RULES = {
    "SIX-BOXES": ("52 cards, one player, 1 to 3 boxes numbered from 1, an ante of 1 to 100 a box; five "
                  "cards to each box and five to the dealer, the last of them face up. A session's last hand "
                  "that stops before the dealer's cards (the log ends inside it) is incomplete, not wrong: a "
                  "warning, and the hand is not scored."),
    "SIX-DRAW": ("Per box, at most one buy (1 ante, or `buy <n>`) and one exchange (2 antes, or `exchange "
                 "<n>`), the exchanged card one the box holds; then fold (the ante is lost) or play. The "
                 "third of three boxes plays as dealt: no buy, exchange or fold. What buying and "
                 "exchanging cost is never returned. The boxes are played in turn, box 1 first, and all "
                 "before the dealer's cards are shown; on a box the buy comes before the exchange, and both "
                 "before the fold or play. Draws written in another order are a finding at the first one "
                 "out of order; the box is settled on its cards and costs, which the order does not change. "
                 "A second buy or exchange on a box is a finding at its line: the first of each stands, a "
                 "later one's card does not play, and its cost is paid all the same."),
    "SIX-QUALIFY": ("A dealer without a pair (or, under `dealer qualifies ace-king`, without ace-king high "
                    "or better) has no game: the ante is paid 1:1 and the bet returned. Instead, the "
                    "player may pay 1 ante to buy the dealer's game for one box: one of the dealer's cards, the one "
                    "the log names, is replaced for that box alone; if the dealer then qualifies, the box is "
                    "settled by SIX-PAY, otherwise ante and bet come back unpaid. Any of the dealer's cards may be the "
                    "one replaced, unless the house fixes it (`dealer game replaces highest` or `lowest`): "
                    "then a buy that replaces another card is a finding. A folded box cannot buy, nor a box "
                    "facing a dealer who has a game, and no box before the dealer's cards are shown. A buy "
                    "against these rules is a finding; its cost is paid all the same, and the box is settled "
                    "on what the log records: against the dealer's hand with the card it replaced, and a "
                    "folded box as a fold."),
    "SIX-PAY": ("The best five cards of a box play against the dealer's five. The dealer's higher: ante "
                "and bet lost. Equal: both returned. The player's higher: the ante paid 1:1 and the bet at "
                "the table: royal flush 100, straight flush 50, four of a kind 20, full house 7, flush 5, "
                "straight 4, three of a kind 3, two pair 2, pair 1, and under `dealer qualifies ace-king` "
                "a winning ace-king high 1 (each line of the table a `pay` setting). Cited when a box's "
                "`Result:` differs; a warning when the line leaves a box out."),
    "SIX-DECK": ("No card appears twice among the boxes, the dealer's cards, and the cards bought, "
                 "exchanged in or bought for the dealer."),
    "SIX-BET": ("The bet of a played box is 2 antes, or the multiple `bet <n> antes` sets; another amount "
                "is a warning, and the box is settled on the amount bet."),
}

_ORDER = RankOrder.STANDARD
MAX_BOXES = 3
"""The most boxes a player plays in one hand (SIX-BOXES)."""
ANTE_RANGE = (Decimal(1), Decimal(100))
"""The least and the greatest ante of a box (SIX-BOXES)."""
BUY_COST = 1
"""Antes paid to buy a sixth card (SIX-DRAW)."""
EXCHANGE_COST = 2
"""Antes paid to exchange one card (SIX-DRAW)."""
DEALER_BUY_COST = 1
"""Antes paid to buy the dealer's game (SIX-QUALIFY)."""
BET_ANTES = 2
"""The usual bet, in antes; the log records the amount actually bet."""

PAY_TABLE: dict[HandCategory, int] = {
    HandCategory.ROYAL_FLUSH: 100,
    HandCategory.STRAIGHT_FLUSH: 50,
    HandCategory.FOUR_OF_A_KIND: 20,
    HandCategory.FULL_HOUSE: 7,
    HandCategory.FLUSH: 5,
    HandCategory.STRAIGHT: 4,
    HandCategory.THREE_OF_A_KIND: 3,
    HandCategory.TWO_PAIR: 2,
    HandCategory.PAIR: 1,
    HandCategory.HIGH_CARD: 1,
}
"""What the bet pays when the player beats a qualifying dealer (SIX-PAY), per category. A high
card wins only under the ace-king qualifier, and then it is an ace-king: its line is ``ace-king``."""

class DealerQualifier(enum.Enum):
    """The least dealer hand that has a game (SIX-QUALIFY); the value is the ``Rules:`` wire code."""

    PAIR = "pair"
    """A pair or better (the default)."""
    ACE_KING = "ace-king"
    """Ace-king high or better, as some casinos play."""


_LEAST_GAME = {DealerQualifier.PAIR: "2s 2h 5d 4c 3s", DealerQualifier.ACE_KING: "As Kh 4d 3c 2s"}
"""The least dealer hand with a game under each qualifier (SIX-QUALIFY): the lowest pair, and the
lowest ace-king high (every high card at or above A K 4 3 2 holds an ace and a king)."""


class DealerReplaces(enum.Enum):
    """The dealer card a house replaces when his game is bought (SIX-QUALIFY), where it fixes the
    card; the value is the ``Rules:`` wire code. Where it does not, any card may be replaced.

    A dealer without a game holds five different ranks, so his highest and lowest cards are
    each one card.
    """

    HIGHEST = "highest"
    """His highest card."""
    LOWEST = "lowest"
    """His lowest card."""


@dataclass(frozen=True, kw_only=True)
class SixcardRules:
    """A casino's house rules: the pay table, the dealer's qualifier, which dealer card his bought
    game replaces, the costs and the bet.

    Written in a session as ``Rules: default`` or settings separated by commas. The costs and
    the bet are in antes.

    >>> rules = SixcardRules.parse("pay flush 6, dealer qualifies ace-king, bet 3 antes")
    >>> rules.pay_table[HandCategory.FLUSH], rules.qualifier.value, rules.bet_antes
    (6, 'ace-king', Decimal('3'))
    >>> SixcardRules.parse("pay flsh 6")
    Traceback (most recent call last):
    ...
    rules.rules_line.SettingError: 'pay flsh 6': pay takes a category ('ace-king', 'pair', 'two pair', 'three of a kind' or 'trips', 'straight', 'flush', 'full house', 'four of a kind' or 'quads', 'straight flush', 'royal flush'), then what the bet pays: a whole number from 0 to 1,000,000, not 'flsh 6'. Did you mean 'pay flush 6' or 'pay royal flush 6'?
    """

    pay: tuple[tuple[HandCategory, int], ...] = tuple(PAY_TABLE.items())
    qualifier: DealerQualifier = DealerQualifier.PAIR
    replaces: DealerReplaces | None = None
    """The dealer card a bought dealer game replaces, when the house fixes it; None (the default):
    any of his cards, the one the log names."""
    buy_cost: Decimal = Decimal(BUY_COST)
    exchange_cost: Decimal = Decimal(EXCHANGE_COST)
    dealer_game_cost: Decimal = Decimal(DEALER_BUY_COST)
    bet_antes: Decimal = Decimal(BET_ANTES)

    @property
    def pay_table(self) -> dict[HandCategory, int]:
        return dict(self.pay)

    @property
    def assumed_replaces(self) -> DealerReplaces:
        """The dealer card to replace where no log names one (the decision analysis valuing a buy
        the log does not show, the house edge, the generator): the one the house fixes, else his
        highest."""
        return self.replaces or DealerReplaces.HIGHEST

    @property
    def pay_by_category(self) -> np.ndarray:
        """The pay table indexed by HandCategory value, for kernels."""
        table = self.pay_table
        return np.array([table.get(HandCategory(c), 0) for c in range(10)], dtype=np.int64)

    @classmethod
    def parse(cls, text: str | None) -> SixcardRules:
        """The rules of a ``Rules:`` line (a :class:`~rules.rules_line.SettingError` at the first
        setting refused)."""
        return RULES_LINE.read(text, cls())


_PAY_WORDS = {"ace-king": (HandCategory.HIGH_CARD,), **{
    category.label: (category,) for category in reversed(PAY_TABLE) if category is not HandCategory.HIGH_CARD}}
_PAY_WORDS |= {"trips": _PAY_WORDS["three of a kind"], "quads": _PAY_WORDS["four of a kind"]}
_CATEGORY_WORDS = {word: category for word, (category,) in _PAY_WORDS.items()}
"""The words of each line of the pay table, low to high (a high card that wins is an ace-king)."""


class _Pay:
    """The ``pay`` setting's value: a line of the pay table and what the bet pays."""

    amount = Whole(0)
    takes = ("a category (" + ", ".join(
        " or ".join(f"`{word}`" for word, of in _CATEGORY_WORDS.items() if of is category)
        for category in dict.fromkeys(_CATEGORY_WORDS.values())) + f"), then what the bet pays: {amount.takes}")

    def read(self, words: list[str]) -> tuple[HandCategory, int]:
        category = _CATEGORY_WORDS.get(" ".join(words[:-1]))
        if category is None:
            raise BadValue()
        try:
            return category, self.amount.read(words[-1:])
        except BadValue:
            raise BadValue(part=f"pay {' '.join(words[:-1])}", takes=self.amount.takes, given=words[-1]) from None

    def suggest(self, words: list[str]) -> list[str]:
        return [f"{word} {words[-1]}" for word in _CATEGORY_WORDS]


class _Bet:
    """The ``bet`` setting's value: ``<n> antes``."""

    antes = Number(above=True, of="antes")
    takes = f"{antes.takes}, written `bet <n> antes`"

    def read(self, words: list[str]) -> Decimal:
        if len(words) != 2 or words[1] != "antes":
            raise BadValue()
        return self.antes.number(words[0])


RULES_LINE = RulesLine("six-card poker", [
    Setting("pay", _Pay(), lambda rules, paid: replace(rules, pay=tuple({**dict(rules.pay), paid[0]: paid[1]}.items())),
            subject=lambda paid: paid[0]),
    Setting("dealer qualifies", Choice({least.value: least for least in DealerQualifier}), set_to("qualifier")),
    Setting("dealer game replaces", Choice({card.value: card for card in DealerReplaces}), set_to("replaces")),
    Setting("buy", Number(of="antes"), set_to("buy_cost")),
    Setting("exchange", Number(of="antes"), set_to("exchange_cost")),
    Setting("dealer game", Number(of="antes"), set_to("dealer_game_cost")),
    Setting("bet", _Bet(), set_to("bet_antes")),
])
"""The settings of a ``Rules:`` line, each once: what the parser reads, the refusals say and
docs/formats.md's table lists. A cost may be 0 (a house that gives the card), a pay 0 (the bet
is returned), but the bet is above 0: at 0 a box would play for nothing."""


DEFAULT_RULES = SixcardRules()


# ---------------------------------------------------------------- vocabulary


class Outcome(enum.StrEnum):
    """How a box ended; the value is the wire code of the ``sixcard_boxes`` table."""

    FOLD = "fold"
    """The player folded: the ante is lost."""
    NO_GAME = "no_game"
    """The dealer had no game: ante paid 1:1, bet returned."""
    NO_GAME_AFTER_BUY = "no_game_after_buy"
    """The player bought the dealer's game and the dealer still did not qualify: ante and bet returned."""
    WIN = "win"
    """The player beat a qualifying dealer: ante 1:1, bet by the pay table."""
    LOSE = "lose"
    """A qualifying dealer beat the player: ante and bet lost."""
    TIE = "tie"
    """Equal hands: ante and bet returned."""


@dataclass(frozen=True, kw_only=True, slots=True)
class DealerBuy:
    """``Box 1 buys dealer game: 4d for Kh``: the dealer card taken out and the one put in."""

    box: int
    out: Card
    into: Card
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class ExtraDraw:
    """A buy or exchange a box writes once it has made its one (``buys Kh`` after ``buys Ks``):
    SIX-DRAW allows one of each, so its card does not play, but its cost is paid."""

    step: str
    """``buy`` or ``exchange``."""
    into: Card
    """The card bought or exchanged in."""
    out: Card | None = None
    """The card given up, for an exchange."""

    @property
    def text(self) -> str:
        """The draw in the log's words: ``buys Kh``, ``exchanges 4h for Kh``."""
        return f"buys {self.into}" if self.step == "buy" else f"exchanges {self.out} for {self.into}"


@dataclass(frozen=True, kw_only=True, slots=True)
class Box:
    """One box of one hand as the log writes it."""

    number: int
    ante: Decimal
    cards: tuple[Card, ...]
    """The five cards dealt to the box."""
    bought: Card | None = None
    exchanged_out: Card | None = None
    exchanged_in: Card | None = None
    folds: bool = False
    bet: Decimal | None = None
    """The bet when the box plays; None when it folds."""
    line: int
    steps: tuple[str, ...] = ()
    """The box's ``buy``, ``exchange`` and ``play`` or ``fold`` in the order the log writes them
    (SIX-DRAW checks it); empty for a box built in the rules' order, as the generator builds them.
    A second buy or exchange is not among them: it is in ``extra_draws``."""
    extra_draws: tuple[ExtraDraw, ...] = ()
    """Buys and exchanges written after the box's first of each, in the order written (SIX-DRAW)."""

    @property
    def first_option(self) -> str:
        """What the box did at its first decision, in the words of the decision analysis
        (``sixcard_decisions.option``): ``buy``, ``exchange Xx``, ``fold`` or ``play``."""
        if self.bought is not None:
            return "buy"
        if self.exchanged_out is not None:
            return f"exchange {self.exchanged_out}"
        return "fold" if self.folds else "play"

    @property
    def dealt_cards(self) -> tuple[Card, ...]:
        """Every card the box took from the deck: its five, the bought card, the one exchanged in and
        the cards of a second buy or exchange, which do not play."""
        drawn = (self.bought, self.exchanged_in, *(extra.into for extra in self.extra_draws))
        return self.cards + tuple(card for card in drawn if card is not None)

    @property
    def final_cards(self) -> tuple[Card, ...]:
        """The cards the box ends with: five, plus a bought card, with the exchange made."""
        cards = self.cards + ((self.bought,) if self.bought else ())
        if self.exchanged_out is not None and self.exchanged_in is not None:
            cards = tuple(self.exchanged_in if c == self.exchanged_out else c for c in cards)
        return cards


@dataclass(frozen=True, kw_only=True, slots=True)
class BoxResult:
    """The casino's claim ``box 1 +20`` of one box's net."""

    box: int
    net: Decimal


@dataclass(frozen=True, kw_only=True, slots=True)
class SixcardHand:
    """One deal: the dealer's up card, the boxes, the dealer's hand, dealer-game buys, the claim."""

    number: int
    dealer_up: Card
    boxes: tuple[Box, ...]
    """In their numbers' order, the turn the rules play them in; each box's ``line`` keeps where
    the log wrote it."""
    dealer_cards: tuple[Card, ...]
    dealer_buys: tuple[DealerBuy, ...] = ()
    results: tuple[BoxResult, ...] | None = None
    line: int
    """The file line of ``Hand N``."""
    dealer_line: int
    result_line: int | None = None


@dataclass(frozen=True, kw_only=True)
class SixcardSession:
    """A six-card poker session: one player, one casino, a series of hands."""

    source: Source
    info: GameInfo
    session_id: str
    player: str
    hands: tuple[SixcardHand, ...]
    rules: SixcardRules = DEFAULT_RULES
    """The house rules of the session's ``Rules:`` line."""
    unfinished_hand: int | None = None
    """The number of a last hand the log stops inside, before the dealer's cards: not played out,
    so not among ``hands`` and not scored (a SIX-BOXES warning)."""
    unfinished_line: int | None = None
    """The file line of that hand's ``Hand N``."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Settlement:
    """How one played box is settled against the dealer, before buying and exchanging costs."""

    outcome: Outcome
    returned: Decimal
    """What the casino hands back on the ante and the bet (stakes included): 0 when lost."""
    net: Decimal
    """``returned`` less ante and bet."""
    category: HandCategory
    best_five: tuple[Card, ...]
    dealer_category: HandCategory
    dealer_qualifies: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class BoxFacts:
    """The replay's verdict on one box: what it cost, what came back, and the true net."""

    hand_no: int
    box: Box
    final_cards: tuple[Card, ...]
    best_five: tuple[Card, ...]
    category: HandCategory | None
    dealer_cards: tuple[Card, ...]
    """The dealer hand this box was settled against (after a dealer-game buy for this box)."""
    dealer_category: HandCategory | None
    dealer_qualifies: bool | None
    dealer_buy: DealerBuy | None
    outcome: Outcome | None
    costs: Decimal
    wagered: Decimal
    """Ante + bet + costs of buying, exchanging and the dealer's game."""
    returned: Decimal
    net: Decimal
    net_written: Decimal | None
    valid: bool
    """False when the box's cards could not be settled (a card twice, a broken exchange)."""


@dataclass(frozen=True, kw_only=True)
class SixcardReplay(Replay):
    boxes: tuple[BoxFacts, ...] = field(default=())
    decisions: tuple = field(default=())
    """Per box, the decision analysis of rules/sixcard_ev.py (BoxDecisions), when it was run."""


# ---------------------------------------------------------------- the rules


def pay_out(category: HandCategory, *, ante: Decimal, bet: Decimal, rules: SixcardRules = DEFAULT_RULES
            ) -> Decimal:
    """What a winning box gains (SIX-PAY): ante 1:1 plus the bet times the table (a winning high
    card, possible only under the ace-king qualifier, is paid by the ``ace-king`` line)."""
    table = rules.pay_table
    if category not in table:
        raise ValueError(f"{category.label} is not on the pay table: a hand that beats a qualifying "
                         f"dealer is a pair or better")
    return ante + bet * table[category]


def qualifying_strength(rules: SixcardRules = DEFAULT_RULES) -> int:
    """SIX-QUALIFY: the least strength (``HandValue.strength``) of a dealer hand that has a game
    under ``rules``: the lowest pair, or under the ace-king qualifier the lowest ace-king high.

    >>> qualifying_strength() == evaluate(parse_cards("2c 2d 5h 4s 3c")).strength
    True
    >>> evaluate(parse_cards("Ah Qd Jc Ts 8h")).strength < qualifying_strength(
    ...     SixcardRules.parse("dealer qualifies ace-king")) < evaluate(parse_cards("2c 2d 5h 4s 3c")).strength
    True
    """
    return hand_strength(_LEAST_GAME[rules.qualifier])


@functools.cache
def hand_strength(hand: str) -> int:
    """The strength (``HandValue.strength``) of the five cards written in ``hand``, in six-card's
    order, ranked once: the least hand of a kind, which thresholds compare strengths with.

    >>> hand_strength("As Kd Qh Jc 9d") < hand_strength("5s 4h 3d 2c Ah") < hand_strength("6s 5h 4d 3c 2h")
    True
    """
    # ranked on first use, not at import: ranking compiles a kernel
    return evaluate(parse_cards(hand), _ORDER).strength


def dealer_qualifies(dealer: HandValue, rules: SixcardRules = DEFAULT_RULES) -> bool:
    """SIX-QUALIFY: the dealer has a game with a pair or better (or ace-king high, by the rules).

    >>> dealer_qualifies(evaluate(parse_cards("Ah Kd 9c 5s 2h")))
    False
    >>> dealer_qualifies(evaluate(parse_cards("Ah Kd 9c 5s 2h")), SixcardRules.parse("dealer qualifies ace-king"))
    True
    """
    return dealer.strength >= qualifying_strength(rules)


def may_draw(box_number: int, count_boxes: int) -> bool:
    """SIX-DRAW: whether box ``box_number`` of a hand of ``count_boxes`` boxes may buy, exchange or
    fold; the third of three boxes plays as dealt.

    >>> may_draw(3, 3), may_draw(2, 3), may_draw(2, 2)
    (False, True, True)
    """
    return not (count_boxes == MAX_BOXES and box_number == MAX_BOXES)


def replaced_card(dealer: tuple[Card, ...], rules: SixcardRules = DEFAULT_RULES) -> Card:
    """SIX-QUALIFY: the card of a dealer without a game replaced when his game is bought and no log
    names it: the one the house fixes, else his highest (:attr:`SixcardRules.assumed_replaces`).

    >>> str(replaced_card(parse_cards("Jd 8c 6s 3c 9d")))
    'Jd'
    >>> str(replaced_card(parse_cards("Jd 8c 6s 3c 9d"), SixcardRules.parse("dealer game replaces lowest")))
    '3c'
    """
    pick = min if rules.assumed_replaces is DealerReplaces.LOWEST else max
    return pick(dealer, key=lambda card: card.rank)


def settle_box(*, cards: tuple[Card, ...], dealer: tuple[Card, ...], ante: Decimal, bet: Decimal,
               dealer_bought: bool = False, rules: SixcardRules = DEFAULT_RULES) -> Settlement:
    """Settle a played box (SIX-QUALIFY, SIX-PAY) from its final cards and the dealer's five.

    ``dealer_bought``: the player bought the dealer's game for this box, so ``dealer`` is the
    dealer's hand after the replacement, and a dealer without a game returns ante and bet.
    """
    player = evaluate(cards, _ORDER)
    house = evaluate(dealer, _ORDER)
    qualifies = dealer_qualifies(house, rules)
    stake = ante + bet
    if not qualifies:
        outcome = Outcome.NO_GAME_AFTER_BUY if dealer_bought else Outcome.NO_GAME
        returned = stake if dealer_bought else stake + ante
    elif player.strength > house.strength:
        outcome, returned = Outcome.WIN, stake + pay_out(player.category, ante=ante, bet=bet, rules=rules)
    elif player.strength == house.strength:
        outcome, returned = Outcome.TIE, stake
    else:
        outcome, returned = Outcome.LOSE, Decimal(0)
    return Settlement(outcome=outcome, returned=returned, net=returned - stake, category=player.category,
                      best_five=player.cards, dealer_category=house.category, dealer_qualifies=qualifies)


# ---------------------------------------------------------------- the replay


def replay(session: SixcardSession) -> SixcardReplay:
    """Re-check every hand of a session; the player's net is the sum of the true box nets."""
    findings = Findings()
    facts: list[BoxFacts] = []
    for hand in session.hands:
        facts.extend(_replay_hand(hand, findings, session.rules))
    if session.unfinished_hand is not None:
        # a log that stops inside its last hand is incomplete, not wrong: nothing of that hand counts
        findings.add("SIX-BOXES", f"hand {session.unfinished_hand} stops before the dealer's cards (the log ends "
                     "inside it): not played out, not scored", line=session.unfinished_line,
                     expected="the dealer's five cards", actual="none", severity=Severity.WARNING)
    total = sum((f.net for f in facts), Decimal(0))
    return SixcardReplay(
        findings=tuple(findings), players=(PlayerResult(player=session.player, net=total, seat=None),),
        boxes=tuple(facts),
    )


def _replay_hand(hand: SixcardHand, findings: Findings, rules: SixcardRules) -> list[BoxFacts]:
    _check_deal(hand, findings)
    _check_order(hand, findings)
    _check_deck(hand, findings)
    buys: dict[int, DealerBuy] = {}
    box_numbers = {box.number for box in hand.boxes}
    for buy in hand.dealer_buys:
        if buy.box in buys:
            findings.add("SIX-QUALIFY", f"hand {hand.number}: box {buy.box} buys the dealer's game twice",
                         line=buy.line, expected="one buy per box", actual=f"{buy.out} for {buy.into}",
                         subject=box_subject(hand.number, buy.box))
            continue
        if buy.box not in box_numbers:
            findings.add("SIX-QUALIFY", f"hand {hand.number}: box {buy.box} buys the dealer's game but "
                         f"there is no box {buy.box}", line=buy.line,
                         subject=box_subject(hand.number, buy.box))
            continue
        buys[buy.box] = buy
    facts = [_replay_box(hand, box, len(hand.boxes), buys.get(box.number), findings, rules)
             for box in hand.boxes]
    _check_results(hand, facts, findings)
    return facts


def _check_deal(hand: SixcardHand, findings: Findings) -> None:
    numbers = [box.number for box in hand.boxes]
    if not 1 <= len(hand.boxes) <= MAX_BOXES or numbers != list(range(1, len(numbers) + 1)):
        findings.add("SIX-BOXES", f"hand {hand.number}: the player plays 1 to 3 boxes numbered from 1",
                     line=hand.line, expected="boxes 1 to 3", actual=", ".join(map(str, numbers)) or "none")
    for box in hand.boxes:
        low, high = ANTE_RANGE
        if not low <= box.ante <= high:
            findings.add("SIX-BOXES", f"hand {hand.number}, box {box.number}: ante {box.ante} is out of "
                         f"the table's range {low}-{high}", line=box.line, expected=f"{low}-{high}",
                         actual=box.ante, subject=box_subject(hand.number, box.number))
    if hand.dealer_cards and hand.dealer_cards[-1] != hand.dealer_up:
        findings.add("SIX-BOXES", f"hand {hand.number}: the dealer's up card {hand.dealer_up} is not "
                     f"the last of the dealer's cards {format_cards(hand.dealer_cards)}", line=hand.dealer_line,
                     expected=hand.dealer_up, actual=hand.dealer_cards[-1])


_STEP_TURN = {"buy": 0, "exchange": 1, "play": 2, "fold": 2}
"""Where each of a box's steps comes in its turn (SIX-DRAW): the buy, the exchange, the decision."""


def _step_text(box: Box, step: str) -> str:
    """A box's step in the log's words: ``buys Ks``, ``exchanges 2c for Kh``, ``plays 10``, ``folds``."""
    return {"buy": f"buys {box.bought}", "exchange": f"exchanges {box.exchanged_out} for {box.exchanged_in}",
            "play": f"plays {box.bet}", "fold": "folds"}[step]


def _check_order(hand: SixcardHand, findings: Findings) -> None:
    """SIX-DRAW, SIX-QUALIFY: the draws in the order the game is played. A box's own steps out of
    turn are cited at its line; in a hand, the first box out of turn, the first written after the
    dealer's cards and the first dealer-game buy before them, once each (a box written late is not
    cited again as out of turn). The order changes neither the cards nor the costs: the boxes are
    settled as if written in turn."""
    for box in hand.boxes:
        latest = None  # the step furthest in the turn so far
        for step in box.steps:
            if latest is not None and _STEP_TURN[step] < _STEP_TURN[latest]:
                findings.add("SIX-DRAW", f"hand {hand.number}, box {box.number}: '{_step_text(box, step)}' is "
                             f"written after '{_step_text(box, latest)}'; a box buys its sixth card first, "
                             f"then exchanges, then plays or folds (settled on the same cards and costs)",
                             line=box.line, expected="buys, exchanges, then plays or folds",
                             actual="; ".join(_step_text(box, s) for s in box.steps),
                             subject=box_subject(hand.number, box.number))
                break
            if latest is None or _STEP_TURN[step] > _STEP_TURN[latest]:
                latest = step
    written = sorted(hand.boxes, key=lambda box: box.line)
    late = next((box for box in written if box.line > hand.dealer_line), None)
    if late is not None:
        findings.add("SIX-DRAW", f"hand {hand.number}: box {late.number} is written after the dealer's cards "
                     f"(line {hand.dealer_line}); the player draws on every box and plays or folds it "
                     f"before the dealer's hand is shown", line=late.line, expected=f"before line {hand.dealer_line}",
                     actual=f"line {late.line}", subject=box_subject(hand.number, late.number))
    highest = 0
    for box in written:
        if box.number < highest and box is not late:  # a line already cited is not cited twice
            findings.add("SIX-DRAW", f"hand {hand.number}: box {box.number} is written after box {highest}; the "
                         f"boxes are played in turn, box 1 first", line=box.line,
                         expected=", ".join(f"box {b.number}" for b in hand.boxes),
                         actual=", ".join(f"box {b.number}" for b in written),
                         subject=box_subject(hand.number, box.number))
            break
        highest = max(highest, box.number)
    early = next((buy for buy in hand.dealer_buys if buy.line < hand.dealer_line), None)
    if early is not None:
        findings.add("SIX-QUALIFY", f"hand {hand.number}: box {early.box} buys the dealer's game before the dealer's "
                     f"cards are written (line {hand.dealer_line}); that game is bought only once the cards "
                     f"show the dealer has none", line=early.line, expected=f"after line {hand.dealer_line}",
                     actual=f"line {early.line}", subject=box_subject(hand.number, early.box))


def _check_deck(hand: SixcardHand, findings: Findings) -> None:
    """SIX-DECK: every card dealt, bought, exchanged in (a second buy's or exchange's too) or put
    into the dealer's hand is new."""
    seen: dict[Card, str] = {}

    def deal(card: Card, where: str, line: int, box: int | None) -> None:
        # (a dealer's card is every box's: a finding at the dealer's line is the whole hand's)
        subject = None if box is None else box_subject(hand.number, box)
        if card in seen:
            findings.add("SIX-DECK", f"hand {hand.number}: {card} ({where}) was already dealt ({seen[card]})",
                         line=line, expected="a card not yet dealt", actual=card, subject=subject)
        else:
            seen[card] = where

    for box in hand.boxes:
        for card in box.cards:
            deal(card, f"box {box.number}", box.line, box.number)
    for card in hand.dealer_cards:
        deal(card, "dealer", hand.dealer_line, None)
    for box in hand.boxes:
        if box.bought:
            deal(box.bought, f"bought on box {box.number}", box.line, box.number)
        if box.exchanged_in:
            deal(box.exchanged_in, f"exchanged in on box {box.number}", box.line, box.number)
        for extra in box.extra_draws:  # its card does not play, but it left the deck
            deal(extra.into, f"{extra.text} on box {box.number}", box.line, box.number)
    for buy in hand.dealer_buys:
        deal(buy.into, f"dealer card bought for box {buy.box}", buy.line, buy.box)


def _replay_box(hand: SixcardHand, box: Box, count_boxes: int, buy: DealerBuy | None,
                findings: Findings, rules: SixcardRules) -> BoxFacts:
    """One box's verdict: its draws and bet checked, what it cost, the dealer hand it meets, and
    how it is settled against him."""
    valid = _check_draws(hand, box, count_boxes, findings)
    costs = _costs(box, buy, rules)
    bet = Decimal(0) if box.folds else _checked_bet(hand, box, findings, rules)
    wagered = box.ante + bet + costs
    dealer, settles = _dealer_after_buy(hand, box, buy, findings, rules)
    final = box.final_cards
    if box.folds:
        return _facts(hand, box, final, None, dealer, None, buy, Outcome.FOLD, costs, Decimal(0), valid,
                      wagered=wagered, returned=Decimal(0), rules=rules)
    if not (valid and settles):
        # Cards that cannot be settled make the box void: ante and bet come back, what buying and
        # exchanging cost does not (the casino's Result line, when written, stands in instead).
        return _facts(hand, box, final, None, dealer, None, buy, None, costs, Decimal(0), False,
                      wagered=wagered, returned=box.ante + bet, rules=rules)
    settled = settle_box(cards=final, dealer=dealer, ante=box.ante, bet=bet, dealer_bought=buy is not None,
                         rules=rules)
    return _facts(hand, box, final, settled, dealer, settled.dealer_qualifies, buy, settled.outcome, costs,
                  settled.net, True, wagered=wagered, returned=settled.returned, rules=rules)


def _check_draws(hand: SixcardHand, box: Box, count_boxes: int, findings: Findings) -> bool:
    """SIX-DRAW: the box's buys, exchange and fold against what it may do; False when its cards
    cannot be settled (an exchanged card it does not hold, a card twice)."""
    where = f"hand {hand.number}, box {box.number}"
    subject = box_subject(hand.number, box.number)
    valid = True
    if not may_draw(box.number, count_boxes):
        for did, what in ((box.bought, "buy a card"), (box.exchanged_out, "exchange a card"),
                          (box.folds or None, "fold")):
            if did:
                findings.add("SIX-DRAW", f"{where}: the third of three boxes cannot {what}", line=box.line,
                             expected="plays as dealt", actual=what, subject=subject)
    hand_cards = box.cards + ((box.bought,) if box.bought else ())
    if box.exchanged_out is not None and box.exchanged_out not in hand_cards:
        findings.add("SIX-DRAW", f"{where}: exchanges {box.exchanged_out}, which the box does not hold",
                     line=box.line, expected=f"one of {format_cards(hand_cards)}", actual=box.exchanged_out,
                     subject=subject)
        valid = False
    final = box.final_cards
    if len(set(final)) != len(final):
        valid = False
    for extra in box.extra_draws:
        # As an arbiter rules it: the box's first buy and exchange stand; a later one's card does not
        # play, and what it cost stays paid, as every draw's cost does.
        first = _step_text(box, extra.step)
        findings.add("SIX-DRAW", f"{where}: '{extra.text}' is {'an' if extra.step[0] in 'aeiou' else 'a'} {extra.step} beyond the one a box may make; "
                     f"'{first}' stands, the {extra.into} does not play, and its cost is paid all the same",
                     line=box.line, expected=f"at most one {extra.step}", actual=f"{first}; {extra.text}",
                     subject=subject)
    return valid


def _costs(box: Box, buy: DealerBuy | None, rules: SixcardRules) -> Decimal:
    """SIX-DRAW, SIX-QUALIFY: what the box paid to buy, exchange (a second draw's too) and buy the
    dealer's game; never returned."""
    buys = (box.bought is not None) + sum(extra.step == "buy" for extra in box.extra_draws)
    exchanges = (box.exchanged_in is not None) + sum(extra.step == "exchange" for extra in box.extra_draws)
    dealer_games = buy is not None
    return box.ante * (rules.buy_cost * buys + rules.exchange_cost * exchanges + rules.dealer_game_cost * dealer_games)


def _checked_bet(hand: SixcardHand, box: Box, findings: Findings, rules: SixcardRules) -> Decimal:
    """SIX-BET: the played box's bet, a warning when it is not the rules' multiple of the ante."""
    bet = box.bet or Decimal(0)
    ante = box.ante
    if bet != ante * rules.bet_antes:
        findings.add("SIX-BET", f"hand {hand.number}, box {box.number}: bets {bet} on an ante of {ante}; the rules "
                     f"set {rules.bet_antes} antes ({ante * rules.bet_antes}); settled on the amount bet",
                     line=box.line, expected=ante * rules.bet_antes, actual=bet, severity=Severity.WARNING,
                     subject=box_subject(hand.number, box.number))
    return bet


def _dealer_after_buy(hand: SixcardHand, box: Box, buy: DealerBuy | None, findings: Findings,
                      rules: SixcardRules) -> tuple[tuple[Card, ...], bool]:
    """SIX-QUALIFY: the dealer hand the box meets, his card replaced where the box bought his game
    (the buy checked), and whether the box can be settled against it: five different cards, none
    of the box's, the card replaced one he holds."""
    dealer = hand.dealer_cards
    known = True
    if buy is not None:
        if box.folds:
            # The fold stands and the buy's cost is paid all the same; the dealer hand the box is
            # shown with is the one the log gives it, his card replaced.
            findings.add("SIX-QUALIFY", f"hand {hand.number}, box {box.number}: a folded box cannot buy the "
                         f"dealer's game; its cost is paid all the same and the box is settled as a fold",
                         line=buy.line, expected="no dealer-game buy", actual=f"{buy.out} for {buy.into}",
                         subject=box_subject(hand.number, box.number))
        else:
            known = _check_dealer_buy(hand, box, buy, findings, rules)
        if buy.out in dealer:
            dealer = tuple(buy.into if c == buy.out else c for c in dealer)
    return dealer, known and len(set(dealer)) == 5 and not set(dealer) & set(box.final_cards)


def _check_dealer_buy(hand: SixcardHand, box: Box, buy: DealerBuy, findings: Findings,
                      rules: SixcardRules) -> bool:
    """SIX-QUALIFY: a played box's buy of the dealer's game against a dealer with a game, and the
    card it replaces; False when the dealer does not hold that card."""
    where = f"hand {hand.number}, box {box.number}"
    subject = box_subject(hand.number, box.number)
    dealer = hand.dealer_cards
    original_house = evaluate(dealer, _ORDER) if len(set(dealer)) == 5 else None
    has_game = original_house is not None and dealer_qualifies(original_house, rules)
    if has_game:
        findings.add("SIX-QUALIFY", f"{where}: buys the dealer's game, but the dealer has a game "
                     f"({original_house.describe()}); its cost is paid all the same and the box is "
                     f"settled against the dealer's hand with the card replaced", line=buy.line,
                     expected="dealer without a pair", actual=original_house.describe(), subject=subject)
    if buy.out not in dealer:
        findings.add("SIX-QUALIFY", f"{where}: the dealer-game buy replaces {buy.out}, which the dealer "
                     f"does not hold", line=buy.line, expected=f"one of {format_cards(dealer)}",
                     actual=buy.out, subject=subject)
        return False
    # Where the house does not fix the card, any card the log names is the one replaced.
    if rules.replaces is not None and original_house is not None and not has_game:
        rule_card = replaced_card(dealer, rules)
        if buy.out != rule_card:
            findings.add("SIX-QUALIFY", f"{where}: the dealer-game buy replaces {buy.out}, but the house "
                         f"replaces the dealer's {rules.replaces.value} card, {rule_card}; settled on "
                         f"the card replaced", line=buy.line, expected=rule_card, actual=buy.out,
                         subject=subject)
    return True


def _facts(hand, box, final, settled, dealer, qualifies, buy, outcome, costs, settled_net, valid, *,
           wagered, returned, rules: SixcardRules) -> BoxFacts:
    if settled is None and valid and len(set(final)) == len(final) and len(final) >= 5:
        player = evaluate(final, _ORDER)
        category, best = player.category, player.cards
    elif settled is not None:
        category, best = settled.category, settled.best_five
    else:
        category, best = None, ()
    dealer_category = None
    if len(set(dealer)) == 5:
        house = evaluate(dealer, _ORDER)
        dealer_category = house.category
        if qualifies is None:
            qualifies = dealer_qualifies(house, rules)
    net = (-box.ante - costs) if outcome is Outcome.FOLD else settled_net - costs
    return BoxFacts(
        hand_no=hand.number, box=box, final_cards=final, best_five=best, category=category,
        dealer_cards=dealer, dealer_category=dealer_category, dealer_qualifies=qualifies, dealer_buy=buy,
        outcome=outcome, costs=costs, wagered=wagered, returned=returned, net=net, net_written=None,
        valid=valid,
    )


def _check_results(hand: SixcardHand, facts: list[BoxFacts], findings: Findings) -> None:
    """SIX-PAY: each box's net, costs included, against the casino's ``Result:`` claim."""
    if hand.results is None:
        return
    line = hand.result_line
    written = {}
    for claim in hand.results:
        if claim.box in written:
            findings.add("SIX-PAY", f"hand {hand.number}: box {claim.box} has two results", line=line,
                         expected="one result", actual=f"{signed(written[claim.box])} and {signed(claim.net)}",
                         subject=box_subject(hand.number, claim.box))
        written[claim.box] = claim.net
    for i, fact in enumerate(facts):
        number = fact.box.number
        claim = written.pop(number, None)
        facts[i] = _with_written(fact, claim)
        if not fact.valid and claim is not None:
            # Cards that cannot be settled: the casino's claim stands in for the net, and what came
            # back is what that net says, so that net = returned - wagered holds for every box.
            facts[i] = replace(facts[i], net=claim, returned=fact.wagered + claim)
        if claim is None:
            findings.add("SIX-PAY", f"hand {hand.number}: the result has no net for box {number}", line=line,
                         expected=fact.net, actual="missing", severity=Severity.WARNING,
                         subject=box_subject(hand.number, number))
        elif not fact.valid:
            continue  # the deck or draw finding already explains why it cannot be recomputed
        elif claim != fact.net:
            findings.add("SIX-PAY", f"hand {hand.number}, box {number}: the result says {signed(claim)}, the rules "
                         f"give {signed(fact.net)} ({_explain(fact)})", line=line, expected=signed(fact.net),
                         actual=signed(claim), subject=box_subject(hand.number, number))
    for number, claim in written.items():
        findings.add("SIX-PAY", f"hand {hand.number}: the result names box {number}, which was not played",
                     line=line, expected="no such box", actual=signed(claim),
                     subject=box_subject(hand.number, number))


def box_subject(hand: int, box: int) -> str:
    """The :attr:`~rules.findings.Finding.subject` of a finding about one box of a hand, and the
    replay step's that draws the box: a ``Result:`` line's findings, one per box, are each marked
    on their own box's step, by this value and never by reading the message.

    >>> box_subject(3, 2)
    'hand 3, box 2'
    """
    return f"hand {hand}, box {box}"


def _with_written(fact: BoxFacts, claim: Decimal | None) -> BoxFacts:
    return replace(fact, net_written=claim)


def signed(amount: Decimal) -> str:
    """An amount as a ``Result:`` line writes it: a sign on a gain or a loss, none on a zero.

    >>> signed(Decimal(15)), signed(Decimal(-10)), signed(Decimal(0))
    ('+15', '-10', '0')
    """
    return f"{amount:+}" if amount else "0"


def _dealer_hand(fact: BoxFacts) -> str:
    """The dealer's hand as a player names it: high cards by their two highest ranks (A-Q high)."""
    if fact.dealer_category is HandCategory.HIGH_CARD:
        first, second = sorted((card.rank for card in fact.dealer_cards), reverse=True)[:2]
        return f"{first.code}-{second.code} high"
    return fact.dealer_category.label


def _explain(fact: BoxFacts) -> str:
    """How the rules settle a box, in a player's words: the hands, whether the dealer has a game
    (and when only the house's ace-king rule gives it one), and the box's result before its costs."""
    parts = []
    if fact.outcome is Outcome.FOLD:
        parts.append(f"fold: ante {-fact.box.ante}")
    elif fact.outcome is not None:
        player, dealer = fact.category.label, _dealer_hand(fact)
        result = signed(fact.returned - fact.wagered + fact.costs)
        if fact.outcome is Outcome.NO_GAME:
            parts.append(f"{player}; the dealer has no game ({dealer} does not qualify): {result}")
        elif fact.outcome is Outcome.NO_GAME_AFTER_BUY:
            parts.append(f"{player}; the dealer's game bought, still no game ({dealer} does not qualify): ante and "
                         f"bet returned, {result}")
        else:
            # a dealer without a pair who has a game has it by the house's rule alone: the disputed point
            by_house = (", which qualifies under this table's rule `dealer qualifies ace-king`"
                        if fact.dealer_category is HandCategory.HIGH_CARD else "")
            verb = {Outcome.WIN: "beats", Outcome.LOSE: "loses to", Outcome.TIE: "ties"}[fact.outcome]
            parts.append(f"{player} {verb} the dealer's {dealer}{by_house}: {result}")
    if fact.costs:
        parts.append(f"costs {-fact.costs}")
    return ", ".join(parts)

