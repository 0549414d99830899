"""The Hold'em hand record: what a PokerStars hand history states, as frozen values.

Each room's reader (``parsers/``) fills these records; the engine (``rules.holdem_engine``)
re-derives every number from them. Amounts are exact ``Decimal``s in the table's unit (dollars,
euros, play chips or tournament chips); every line keeps its FILE line, for the findings.

>>> Street("flop").board_size
3
>>> ActionKind("raise").is_voluntary, ActionKind("post_bb").is_post
(True, True)
>>> BettingStructure.parse("Pot Limit")
<BettingStructure.POT_LIMIT: 'pot_limit'>
>>> BettingStructure.parse("Spread Limit")
Traceback (most recent call last):
...
ValueError: 'Spread Limit' is not a betting structure: expected No Limit, Pot Limit or Limit
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal

from rules.cards import Card, Rank
from rules.findings import Finding
from rules.records import GameInfo, Source


class Street(enum.StrEnum):
    """A betting round of Hold'em, and the showdown after the last one."""

    PREFLOP = "preflop"
    """Before the flop: blinds, antes and straddles, then the first betting round."""
    FLOP = "flop"
    """After the first three board cards."""
    TURN = "turn"
    """After the fourth board card."""
    RIVER = "river"
    """After the fifth board card."""
    SHOWDOWN = "showdown"
    """Cards shown and pots collected after the betting."""

    board_size: int
    """How many board cards are out on this street (a plain attribute, set below the class)."""


class ActionKind(enum.StrEnum):
    """What one line of a hand does; the value is the ``holdem_actions.action`` wire code."""

    POST_SB = "post_sb"
    """Posts the small blind (a live bet)."""
    POST_BB = "post_bb"
    """Posts a big blind (a live bet): the big blind's own, or a new player's out of turn."""
    POST_BUTTON = "post_button"
    """Posts the button blind of 6+ Hold'em: a live bet by the button, who acts last preflop."""
    POST_ANTE = "post_ante"
    """Posts an ante: dead money, not part of any bet."""
    POST_STRADDLE = "post_straddle"
    """Posts a straddle: a live blind raise; its poster acts last preflop."""
    POST_DEAD = "post_dead"
    """Posts dead money (returning player): small and big blind together, of which the small blind
    part is dead and the big blind live; or a missed small blind alone, all of it dead."""
    FOLD = "fold"
    """Gives up the hand."""
    CHECK = "check"
    """Passes with nothing to call."""
    CALL = "call"
    """Matches the bet."""
    BET = "bet"
    """The first bet of a street."""
    RAISE = "raise"
    """Raises the bet; ``raise_to`` is the total bet after it."""
    UNCALLED = "uncalled"
    """The part of a bet nobody called, returned to its bettor."""
    COLLECT = "collect"
    """Takes chips from a pot."""
    SHOW = "show"
    """Shows hole cards."""
    MUCK = "muck"
    """Mucks (throws away) the hand at showdown, or does not show it after winning."""

    is_post: bool
    """A blind, ante, straddle or dead post (this and the next two: plain attributes set below the class)."""
    is_voluntary: bool
    """A call, bet or raise: chips put in by choice."""
    is_betting: bool
    """An action that takes a turn in a betting round."""


for _street, _size in zip(Street, (0, 3, 4, 5, 5)):
    object.__setattr__(_street, "board_size", _size)
for _kind in ActionKind:
    object.__setattr__(_kind, "is_post", _kind.value.startswith("post_"))
    object.__setattr__(_kind, "is_voluntary", _kind.value in ("call", "bet", "raise"))
    object.__setattr__(_kind, "is_betting", _kind.value in ("fold", "check", "call", "bet", "raise"))
del _street, _size, _kind


class BettingStructure(enum.StrEnum):
    """How much a player may bet or raise."""

    NO_LIMIT = "no_limit"
    """Any amount up to the stack (at least the last bet or raise, unless all-in)."""
    POT_LIMIT = "pot_limit"
    """At most the pot after calling."""
    LIMIT = "limit"
    """Fixed sizes: small bet preflop and flop, big bet turn and river, raises capped."""

    @classmethod
    def parse(cls, text: str) -> BettingStructure:
        words = " ".join(text.lower().replace("fixed", "").split())
        found = {"no limit": cls.NO_LIMIT, "pot limit": cls.POT_LIMIT, "limit": cls.LIMIT}.get(words)
        if found is None:
            raise ValueError(f"{text!r} is not a betting structure: expected No Limit, Pot Limit or Limit")
        return found


class CardsHow(enum.StrEnum):
    """How a player's hole cards became known."""

    DEALT = "dealt"
    """``Dealt to …`` (the hero's own cards)."""
    SHOWN = "shown"
    """``shows`` in the body, or ``showed`` in the summary."""
    MUCKED = "mucked"
    """``mucked […]`` in the summary: thrown away at showdown but written in the log."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Seat:
    """One seat at the start of the hand."""

    seat: int
    player: str
    stack: Decimal
    is_sitting_out: bool = False
    is_out_of_hand: bool = False
    """A seat the log says is out of this hand (PokerStars: a player moved from another table, who
    waits for the button to pass him): dealt no cards, he has no summary line."""
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class Action:
    """One line of the hand that moves chips or cards, in the order of the log."""

    street: Street
    player: str
    kind: ActionKind
    amount: Decimal = Decimal(0)
    """Chips this line puts in (for a raise: the raise increment the log writes, ``raises X to Y``
    has amount X), or takes back (uncalled, collect)."""
    raise_to: Decimal | None = None
    """For raises: the total bet after the raise, as the log writes it."""
    is_all_in: bool = False
    is_capped: bool = False
    """``has reached the $X cap`` of a capped No Limit table: treated as all-in."""
    cards: tuple[Card, ...] = ()
    """For show and muck lines: the cards."""
    pot: str | None = None
    """For collect lines: ``pot``, ``main pot``, ``side pot``, ``side pot-2``."""
    board: int = 0
    """For show and collect lines of a hand run twice: the board (0 first, 1 second)."""
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class HoleCards:
    """A player's hole cards, as far as the log tells them."""

    player: str
    cards: tuple[Card, ...]
    how: CardsHow
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class CashOut:
    """``X cashed out the hand for $A | Cash Out Fee $F``: paid by the room, not from the pot."""

    player: str
    amount: Decimal
    fee: Decimal
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class RunningPot:
    """A pot the log states as the play goes, before the summary (Winning's ``Main pot $1.19 | Rake
    $0.06`` after a street line): its pots added up, main and side, and the rake taken so far."""

    amount: Decimal
    rake: Decimal = Decimal(0)
    run: int = 0
    """0: the whole pot; 1, 2, 3: the share of that run of a hand run twice or three times."""
    line: int
    """The line of its first pot (the main pot)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class SummarySeat:
    """One ``Seat N: …`` line of the summary."""

    seat: int
    player: str
    won: tuple[Decimal, ...] = ()
    """Amounts after ``won (…)`` or ``collected (…)``, one per board."""
    cards: tuple[Card, ...] = ()
    text: str = ""
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class NamedHand:
    """The made hand a show or summary line names in words (PokerStars' ``shows [Ah Kd] (a pair of
    Kings)``, ``and won ($1) with two pair, Aces and Tens``), by its five cards (Bovada's ``Showdown
    [9s 9h 2h 2c Qs]``), or both (Winning's ``a pair of Queens [Qh Qd As 9c 6c]``), which the replay
    holds against the best hand of the player's cards and the board (HE-HAND-NAME)."""

    player: str
    category: str | None = None
    """The name of its ``rules.evaluator.HandCategory`` (``"PAIR"``), which readers need not import;
    None when the line lists the hand's cards in no words the room's names read."""
    rank: Rank | None = None
    """The rank the words name first: a pair's, three or four of a kind's, two pair's higher pair, a
    full house's three, the top card of a high card, a straight or a flush; None when not named."""
    second_rank: Rank | None = None
    """Two pair's lower pair, a full house's pair; None when not named."""
    cards: tuple[Card, ...] = ()
    """The cards the line lists as the made hand, in its order (five, as the rooms that list them
    write them); () when it lists none."""
    board: int = 0
    """The board it is made on (0 the first; a summary line of a hand run twice names one per board)."""
    line: int

    @property
    def code(self) -> int:
        """As the hand batch holds it: ``category << 8 | (rank + 1) << 4 | (second_rank + 1)``, a rank
        not named 0 (the nibbles of a strength, rules.evaluator); -1 when no category is named."""
        # imported here: the evaluator's ranking tables cost readers a tenth of a second at import
        from rules.evaluator import HandCategory

        if self.category is None:
            return -1
        rank = 0 if self.rank is None else self.rank + 1
        second = 0 if self.second_rank is None else self.second_rank + 1
        return HandCategory[self.category] << 8 | rank << 4 | second


@dataclass(frozen=True, kw_only=True, slots=True)
class Summary:
    """The ``*** SUMMARY ***`` block."""

    total_pot: Decimal
    rake: Decimal
    pots: tuple[Decimal, ...] = ()
    """``Main pot X. Side pot Y. …`` when the log splits the pot: main first."""
    boards: tuple[tuple[Card, ...], ...] = ()
    seats: tuple[SummarySeat, ...] = ()
    lists_every_seat: bool = False
    """The room writes a summary line for every seat of the seat lines (PokerStars does): a seat
    missing from it, or listed twice, is a finding (HE-SUMMARY-SEATS)."""
    total_line: int
    board_lines: tuple[int, ...] = ()
    fees: Decimal = Decimal(0)
    """Of ``rake``, the fees the room takes from the pot beside its rake, as it takes the rake: a
    jackpot fee (Winning's ``JP Fee``; GGPoker's ``Jackpot``, ``Bingo``, ``Fortune``, ``Tax``)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class HoldemHand:
    """One hand of Hold'em (52 cards, or 36 for 6+ Hold'em) as the log states it."""

    source: Source
    info: GameInfo
    hand_id: str
    tournament_id: str | None = None
    betting: BettingStructure
    small_blind: Decimal
    small_blind_stated: bool = True
    """False where the log states no small blind (Bovada's cash text names no stakes, and nobody
    posts it): ``small_blind`` is then the stakes' as the hand shows it (a dead chip's part over
    the big blind; in Limit half the small bet), else the room's small blind of that big blind,
    and no dead blind is checked against it."""
    big_blind: Decimal
    """The big blind; for 6+ Hold'em the button blind."""
    small_bet: Decimal | None = None
    """Limit: the bet size preflop and on the flop (the first stake of the header); None otherwise."""
    big_bet: Decimal | None = None
    """Limit: the bet size on the turn and river (the second stake of the header)."""
    stakes: str = ""
    """The stakes as the header writes them, without parentheses: ``$0.01/$0.02 USD``."""
    ante: Decimal = Decimal(0)
    """The ante the header states (6+ Hold'em); other tables state it in the posts only."""
    cap: Decimal | None = None
    """The most a player may put in one hand on a capped No Limit table."""
    currency: str
    """``USD``, ``EUR``, ``GBP``, ``play`` or ``chips`` (tournament)."""
    is_tournament: bool = False
    is_short_deck: bool = False
    straight_beats_trips: bool = False
    """Short deck: a straight beats three of a kind (GGPoker's order); otherwise trips beat a straight
    (PokerStars 6+ Hold'em). A flush beats a full house in both."""
    limit_cap: int | None = None
    """Limit: the bets a betting round allows as a rule setting gives it (-1: no cap); None: the
    replay's default (``rules.holdem_rules.LIMIT_CAP_BETS``)."""
    cap_heads_up: bool | None = None
    """Limit: whether the cap holds in a round that starts heads-up, as a rule setting gives it;
    None: the replay's default (``rules.holdem_rules.LIMIT_CAP_HEADS_UP``)."""
    odd_chip_any: bool = False
    """A split pot's odd units may go to any of its winners (each then collects his equal share or
    one unit more), as a rule setting gives it; False: to the first winners clockwise from the
    button (``ROOM-ODD-CHIP``)."""
    second_small_blind_live: bool = False
    """A small blind posted by a second player (a newcomer, out of turn) is a live bet, as PartyPoker
    plays it; otherwise it is dead money."""
    away_folds_out_of_turn: bool = False
    """The room writes the folds of players away from the table out of turn (PartyPoker tournaments,
    ROOM-AWAY-FOLDS): a preflop fold written before its player's turn, by a player who has not acted,
    takes him out of the hand, and the turn stays where it was."""
    all_in_said: bool = False
    """The room says every all-in on its line (ROOM-ALL-IN): an all-in its line does not say is a finding."""
    max_seats: int | None = None
    button_seat: int | None = None
    seats: tuple[Seat, ...]
    stack_not_stated: tuple[str, ...] = ()
    """Players whose chips at the start the log does not state: one who sits down as the hand starts
    (PartyPoker writes no seat line for him, or a seat line of 0 before his buy-in), or one whose PHH
    stack is ``inf`` (not recorded; the seat's stack is then 0). The replay checks
    no stack of theirs, and without a seat line not their turn either; their chips still balance the pot."""
    anonymous_players: tuple[str, ...] = ()
    """Players whose names are no person's: the room seats its players anonymously and names each seat
    by its position at the deal (Bovada's ``Big Blind``, ``UTG+1``), so the same name in two hands is
    not the same player. The hand's facts count them (pots, nets, opponents); no player's statistics
    do. A player the log gives no name is such a player too (``rules.holdem_batch.anonymous_seats``)."""
    actions: tuple[Action, ...]
    boards: tuple[tuple[Card, ...], ...] = ()
    """The boards dealt in the body: one, or two when the hand was run twice. Each full
    board is the cards of its last street marker."""
    board_lines: tuple[tuple[int, ...], ...] = ()
    """The file line of each board's street markers (flop, turn, river)."""
    board_change: tuple[int, int, int] | None = None
    """The first street line that repeats the board otherwise than the lines before it dealt it
    (HE-BOARD): its file line, the card dealt and the card it writes in its place (card codes, -1
    for none). The board is the cards as first dealt."""
    hole_cards: tuple[HoleCards, ...] = ()
    cash_outs: tuple[CashOut, ...] = ()
    named_hands: tuple[NamedHand, ...] = ()
    """The made hands the show and summary lines name, in the order of the lines."""
    running_pots: tuple[RunningPot, ...] = ()
    """The pots the log states before the summary, in order; the replay checks each against the chips
    put in before its line (HE-POT-BALANCE). Pots the summary is given (``Summary.pots``) are not here."""
    summary: Summary | None = None
    results_not_stated: bool = False
    """The log states no collect line and no summary for a hand that ends with two players or more
    in (a PHH file without ``winnings`` or ``finishing_stacks``): the replay awards the pots by the
    cards and takes its awards as what each player collected, since no stated amount is there to check."""
    is_cancelled: bool = False
    room_findings: tuple[Finding, ...] = ()
    """Where the log contradicts a fact of its room (``rules.rooms``): the reader's findings, under
    the fact's ID, which the replay reports beside its own."""
    header_line: int
