"""Findings in words: the compiled engine's finding rows said in the hand's own money and names.

The engine (:mod:`rules.holdem_fast`) reports each broken rule as numbers: the rule's code, the
line, the seat, the expected and actual amounts in cents. :func:`explain` words the rows of one
hand and the room facts it breaks (:mod:`rules.holdem_room`). Each rule's words
are written once, in :data:`WORDS` keyed by the rule's ID: its cases, each a template of the
message, the expected and the actual, and when it applies. A template names values of
:data:`WORD_VALUES` (``{who}``, ``{got}``, ``{owed}`` …), worked out from the batch's columns and
the engine's facts only when asked for, so only the hands with findings are worded.

>>> money(7100), money(3550), money(25), money(-200)
('71', '35.50', '0.25', '-2')
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable
from decimal import Decimal
from typing import NamedTuple

import numpy as np

from rules.cards import Card
from rules.evaluator import HandCategory, HandValue, RankOrder, categories, evaluate
from rules.findings import Finding, Severity
from rules.holdem_batch import KINDS, STREETS, UNSET, HandBatch
from rules.holdem_fast import LISTED_CARDS, WARNING, FactBatch, hand_unit, listed_cards, pot_of_collect
from rules.holdem_hand import ActionKind
from rules.holdem_options import CAP_OPTIONS, HEADS_UP_OPTIONS, ODD_CHIP_OPTIONS, ORDER_OPTIONS, option_said
from rules.holdem_room import breaches
from rules.holdem_rules import HE, LIMIT_CAP_BETS, LIMIT_CAP_HEADS_UP, MAX_PLAYERS, MIN_PLAYERS
from rules.words import listed, player_named

__all__ = ["WORDS", "WORD_VALUES", "amount", "explain", "explain_hands", "money"]


def amount(cents: int) -> Decimal:
    """An amount in cents as the logs write it, whole units bare, else two decimals (``Decimal('3')``,
    ``Decimal('-0.05')``)."""
    cents = int(cents)
    return Decimal(cents // 100) if cents % 100 == 0 else Decimal(cents).scaleb(-2)


def money(cents: int) -> str:
    """:func:`amount` in words: ``3``, ``-0.05``."""
    return str(amount(cents))


_Row = namedtuple("_Row", "rule severity line seat expected actual")
"""One finding row of a hand: the rule's ID and what its words start from (the line None when none)."""


def _card(code: int) -> str:
    return str(Card(int(code))) if 0 <= code < 52 else f"card code {code}"


def _cards(codes) -> str:
    return " ".join(_card(c) for c in codes if c >= 0)


_PAIR = 64
"""Two cards in one finding value: (first + 1) * 64 + second."""


def _pair(value: int) -> str:
    if value < _PAIR:
        return _card(value)
    first, second = divmod(value, _PAIR)
    return f"{_card(first - 1)} {_card(second)}"


_BLIND_WORDS = {ActionKind.POST_SB: "the small blind", ActionKind.POST_BB: "the big blind",
                ActionKind.POST_BUTTON: "the button blind", ActionKind.POST_STRADDLE: "a straddle",
                ActionKind.POST_DEAD: "a dead blind"}


class _Said:
    """One finding row of hand ``h`` and the values its templates name (:data:`WORD_VALUES`), each
    worked out the first time a template or a case asks for it."""

    def __init__(self, batch: HandBatch, facts: FactBatch, h: int, row: _Row, rows: list[_Row]) -> None:
        self.batch, self.facts, self.h, self.rows = batch, facts, h, rows
        self.rule, self.severity, self.line, self.seat, self.expected, self.actual = row
        self.s0, self.a0 = int(batch.seat_start[h]), int(batch.action_start[h])
        self.n_seats = int(batch.seat_start[h + 1]) - self.s0

    def __getattr__(self, name: str):      # only for a value not worked out yet
        if name not in WORD_VALUES:
            raise AttributeError(name)
        value = WORD_VALUES[name](self)
        setattr(self, name, value)
        return value

    def __getitem__(self, name: str):
        return getattr(self, name)      # str.format_map reads a template's names here

    def name(self, seat: int) -> str:
        return player_named(self.batch.player[self.s0 + seat]) if 0 <= seat < self.n_seats else "someone"

    def written(self, column: str) -> int:
        """What the batch's ``column`` holds of the action at the row's line."""
        return int(getattr(self.batch, column)[self.j])

    def fact(self, column: str) -> int:
        """What the engine's facts ``column`` holds of the action at the row's line."""
        return int(getattr(self.facts, column)[self.j])


def _action_at(s: _Said) -> int:
    at = np.flatnonzero(s.batch.line[s.a0:int(s.batch.action_start[s.h + 1])] == (s.line or 0))
    return s.a0 + int(at[0]) if len(at) else -1


def _left_before(s: _Said) -> int:
    """The player's chips behind before the action, from the engine's facts."""
    left = int(s.batch.stack[s.s0 + s.seat])
    for i in s.earlier:
        kind = KINDS[int(s.batch.kind[i])]
        if kind.is_post or kind.is_betting:
            left -= int(s.facts.amount[i])
        elif kind is ActionKind.UNCALLED:
            left += int(s.facts.amount[i])
    return left


def _keeps_chips(s: _Said) -> bool:
    """Said all-in, or putting in nothing, where the engine counts chips left (HE-STACK)."""
    chips = s.fact("amount") if s.j >= 0 else None
    return s.expected == 0 and (s.j >= 0 and bool(s.batch.is_all_in[s.j]) and s.actual != chips or chips == 0)


def _named_pot(s: _Said) -> int:
    """The pot the collect line at the row's line takes from (0 the main pot), -1 when no such line."""
    if s.j < 0 or s.kind is not ActionKind.COLLECT:
        return -1
    return int(pot_of_collect.py_func(s.written("pot"), int(s.facts.n_pots[s.h])))


def _unpaid_winners(s: _Said) -> list[str]:
    """Of the pot the collect line at the row's line names, its winners no collect line of that pot pays:
    the share the line pays is theirs (each may collect his other pots at right lines, which are no finding)."""
    pot = s.named_pot
    won = int(s.facts.pot_winners[s.s0 + pot]) if pot >= 0 else 0
    n_pots, a1 = int(s.facts.n_pots[s.h]), int(s.batch.action_start[s.h + 1])
    paid = {int(s.batch.actor[j]) for j in range(s.a0, a1) if KINDS[int(s.batch.kind[j])] is ActionKind.COLLECT
            and pot_of_collect.py_func(int(s.batch.pot[j]), n_pots) == pot}
    return sorted(s.name(i) for i in range(s.n_seats) if won >> i & 1 and i not in paid)


def _winners(s: _Said) -> str:
    """The players the engine says should collect: of the pot a collect line names, its winners no line of
    that pot pays (:func:`_unpaid_winners`), else all its winners (the line pays more than the pot holds);
    with no such pot, the rows of this hand owed something, or owed more than they collect (a winner who
    collects too little)."""
    pot = s.named_pot
    won = int(s.facts.pot_winners[s.s0 + pot]) if pot >= 0 else 0
    if won:
        return ", ".join(s.unpaid_winners or sorted(s.name(i) for i in range(s.n_seats) if won >> i & 1))
    names = sorted({s.name(o.seat) for o in s.rows if o.seat >= 0 and o.expected > 0 and (
        o.rule in _BY_RANKING or o.rule is HE.COLLECTED and o.expected > o.actual)})
    return ", ".join(names) if names else "another player"


def _collect_line_numbers(s: _Said) -> str:
    """The lines of the row's player's collect lines, in words: ``line 19``, ``lines 19 and 21``."""
    a1 = int(s.batch.action_start[s.h + 1])
    lines = [str(int(s.batch.line[j])) for j in range(s.a0, a1) if int(s.batch.actor[j]) == s.seat
             and KINDS[int(s.batch.kind[j])] is ActionKind.COLLECT]
    return ("line " if len(lines) == 1 else "lines ") + listed(lines, "and")


def _running_run(s: _Said) -> int | None:
    """The run of the pot the log states at the row's line (``HandBatch.running_pots``), None when none."""
    stated = s.batch.running_pots
    if stated is None or s.line is None:
        return None
    at = np.flatnonzero((stated[:, 0] == s.h) & (stated[:, 1] == s.line))
    return int(stated[at[0], 4]) if len(at) else None


def _holders(s: _Said) -> str:
    """Who holds the card dealt twice: the row's holder, then every other."""
    others = [s.name(i) for i in range(s.n_seats) if i != s.seat and s.actual in s.batch.hole[s.s0 + i].tolist()]
    if s.seat >= 0 and s.actual in s.batch.boards[s.h, 0].tolist():
        others.append("the board")
    return " and ".join([s.holder, *others])


def _hand_words(category: int, ranks: int) -> str:
    """A made hand in words (``pair of kings``), from its category and its ranks as a strength's low
    20 bits hold them; its kind alone where the ranks are not all known."""
    value = HandValue(strength=ranks, category=HandCategory(category), cards=())
    needed = 0 if value.category is HandCategory.ROYAL_FLUSH else 2 if value.category in (
        HandCategory.TWO_PAIR, HandCategory.FULL_HOUSE) else 1
    return value.describe() if len(value.ranks) >= needed else value.category.label


def _order(s: _Said) -> RankOrder:
    """The table's ranking of hand ``s.h``."""
    return (RankOrder.STANDARD if not s.short_deck else RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS
            if s.straight_over_trips else RankOrder.SHORT_DECK)


def _made_hand(s: _Said) -> str:
    """HE-HAND-NAME's expected: the hand the cards make, a strength under the table's ranking."""
    return _hand_words(int(categories(np.array([s.expected]), _order(s))[0]), s.expected & 0xFFFFF)


def _own_cards(s: _Said) -> list[int]:
    """The codes of the row's player's known hole cards and the board dealt by the row's line: a show
    line's, by its street; a summary line's, the first board whole (as the engine judges them)."""
    board = s.batch.boards[s.h, 0]
    if s.kind is ActionKind.SHOW:
        board = s.batch.boards[s.h, min(max(s.written("action_board"), 0), 2)]
        board = board[:STREETS[s.written("street")].board_size]
    return [int(c) for c in (*s.batch.hole[s.s0 + s.seat], *board) if c >= 0]


def _best_five(s: _Said) -> str:
    """HE-HAND-NAME's expected for listed cards: the best five of the player's cards and the board, and
    the hand they make; five of them, where the player's cards are not known."""
    if s.expected < 0:
        return f"five of {s.who}'s two cards and the board {_cards(s.own_cards[len(s.holes):]) or 'dealt'}"
    own = [Card(c) for c in s.own_cards]
    five = " ".join(map(str, evaluate(own, _order(s)).cards)) if len(own) >= 5 else _cards(s.own_cards)
    return f"{five} ({s.made})"


WORD_VALUES: dict[str, Callable[[_Said], object]] = {
    # the row's player and amounts (money in the logs' way; ``_cents``: in cents)
    "who": lambda s: s.name(s.seat),
    "got": lambda s: money(s.actual),
    "owed": lambda s: money(s.expected),
    "warned": lambda s: s.severity is Severity.WARNING,
    "run_twice": lambda s: int(s.batch.boards[s.h, 1, 0]) >= 0,     # a second board dealt
    # the action written at the row's line, ``j`` its batch index (-1: none)
    "j": _action_at,
    "kind": lambda s: KINDS[s.written("kind")] if s.j >= 0 else None,
    "written_amount": lambda s: money(s.written("amount")) if s.j >= 0 else s.got,
    "verb": lambda s: "bets" if s.kind is ActionKind.BET else "raises",
    "on_street": lambda s: f" on the {STREETS[s.written('street')]}" if s.j >= 0 else "",
    "of_street": lambda s: f" of the {STREETS[s.written('street')]}" if s.j >= 0 else "",
    "blind": lambda s: _BLIND_WORDS.get(s.kind, "a blind"),
    # HE-ACTION-ORDER (``expected``: the street whose betting ended, or the player whose turn it is)
    "ended_street": lambda s: STREETS[s.expected] if 0 <= s.expected < len(STREETS) else "betting",
    "then": lambda s: "the next street" if s.j >= 0 else "the end of the betting",
    "turn_of": lambda s: s.name(s.expected),
    "unseated": lambda s: s.seat >= 0 and bool(s.batch.is_unseated[s.s0 + s.seat]),
    "out_of_hand": lambda s: s.seat >= 0 and bool(s.batch.is_out_of_hand[s.s0 + s.seat]),
    "earlier": lambda s: [i for i in range(s.a0, s.j) if int(s.batch.actor[i]) == s.seat],
    "action_word": lambda s: s.kind.value if s.kind is not None else "an action",
    # HE-MIN-RAISE, HE-POT-LIMIT: a raise to a stated total, against the bet before it (``current``)
    "stated": lambda s: s.kind is ActionKind.RAISE and s.written("raise_to") >= 0,
    "to_cents": lambda s: s.written("raise_to") if s.stated else s.actual,
    # the bet to match, from the engine's facts: what he had to call and had in (his total less what he put in)
    "current_cents": lambda s: s.fact("to_call") + s.to_cents - s.fact("amount"),
    "to": lambda s: money(s.to_cents),
    "current": lambda s: money(s.current_cents),
    "size": lambda s: money(s.to_cents - s.current_cents),
    "expected_to": lambda s: money(s.current_cents + s.expected),
    "to_call": lambda s: money(s.fact("to_call")),
    # HE-STACK
    "keeps_chips": _keeps_chips,
    "calls_short": lambda s: s.kind is ActionKind.CALL and s.expected != _left_before(s),
    # the pots and the collects
    "listed": lambda s: s.batch.pot_amount[int(s.batch.pot_start[s.h]):int(s.batch.pot_start[s.h + 1])].tolist(),
    "named_pot": _named_pot,
    # the row's player wins the pot the collect line at the row's line names
    "wins_named_pot": lambda s: s.named_pot >= 0 and bool(int(s.facts.pot_winners[s.s0 + s.named_pot]) >> s.seat & 1),
    "unpaid_winners": _unpaid_winners,
    "winners": _winners,
    # a line paying a winner a second time from a pot: whose share it pays, else nothing more
    "second_share_of": lambda s: ", ".join(s.unpaid_winners) or f"nothing more for {s.who}",
    "unit": lambda s: "chip" if hand_unit(s.batch, s.h) == 100 else "cent",
    "rake": lambda s: money(int(s.batch.rake[s.h])),
    "cancelled": lambda s: bool(s.batch.is_cancelled[s.h]),
    # the row is at the player's summary line (a row's line is None, not 0, when it has none)
    "at_summary": lambda s: s.seat >= 0 and s.line == int(s.batch.summary_line[s.s0 + s.seat]),
    "summary_won": lambda s: int(s.batch.summary_won[s.s0 + s.seat]),
    # what the player's collect lines give, the room's cash-out left out
    "collect_lines": lambda s: money(int(s.facts.collected[s.s0 + s.seat]) - int(s.facts.cash_out[s.s0 + s.seat])),
    "collect_line_numbers": _collect_line_numbers,
    # HE-POT-BALANCE at a pot the log states as the play goes: its run (0 the whole pot), None when no such pot
    "running_run": _running_run,
    "run_of": lambda s: ("first", "second", "third")[s.running_run - 1],
    # HE-DECK, HE-BOARD
    "short_deck": lambda s: bool(s.batch.is_short_deck[s.h]),
    "straight_over_trips": lambda s: s.short_deck and bool(s.batch.straight_beats_trips[s.h]),
    "deck": lambda s: 36 if s.short_deck else 52,
    "card": lambda s: _card(s.actual),
    "holder": lambda s: s.who if s.seat >= 0 else "the board",
    "holders": _holders,
    "dealt": lambda s: _pair(s.expected),
    "shown": lambda s: _pair(s.actual),
    "expected_card": lambda s: _card(s.expected) if s.expected >= 0 else "no card",
    "actual_card": lambda s: _card(s.actual) if s.actual >= 0 else "no card",
    "board_dealt": lambda s: _cards(s.batch.boards[s.h, 0]) or "no board",
    "board_shown": lambda s: _cards(s.batch.summary_boards[s.h, 0]),
    # HE-HAND-NAME: the hand the cards make (``expected``, a strength) and the one named (``actual``, NamedHand.code)
    "made": _made_hand,
    "named": lambda s: _hand_words(s.actual >> 8, (s.actual >> 4 & 15) << 16 | (s.actual & 15) << 12),
    # ... or the cards listed as the hand (``actual``, rules.holdem_fast.listed_code), against the
    # player's cards and the board by then (``own_cards``) and the best five of them
    "is_listed": lambda s: s.actual >= LISTED_CARDS,
    "listed_codes": lambda s: listed_cards(s.actual),
    "cards_listed": lambda s: _cards(s.listed_codes),
    "holes": lambda s: [c for c in s.batch.hole[s.s0 + s.seat].tolist() if c >= 0],
    "own_cards": _own_cards,
    "twice": lambda s: next((_card(c) for k, c in enumerate(s.listed_codes) if c in s.listed_codes[:k]),
                            None),
    "strangers": lambda s: [_card(c) for c in s.listed_codes if c not in s.own_cards],
    "strangers_are": lambda s: listed(s.strangers, "and") + (" is" if len(s.strangers) == 1 else " are"),
    "listed_made": lambda s: evaluate([Card(c) for c in s.listed_codes], _order(s)).describe(),
    "best": _best_five,
    # HE-SUMMARY-SEATS: the other seat number the player's summary line gives (-1: it agrees with his seat line)
    "other_seat_no": lambda s: int(s.batch.summary_seat_no[s.s0 + s.seat]),
    "seat_no": lambda s: int(s.batch.seat_no[s.s0 + s.seat]),
    # the room facts
    "run": lambda s: ("first", "second", "third")[s.expected],
    "small": lambda s: money(int(s.batch.small_blind[s.h])),
    "big": lambda s: money(int(s.batch.big_blind[s.h])),
    "both_blinds": lambda s: s.expected == int(s.batch.small_blind[s.h]) + int(s.batch.big_blind[s.h]),
}
"""The values a template or a case names, by name: each worked out from the row, the hand's batch
columns and the engine's facts."""


class _Case(NamedTuple):
    """One way of breaking a rule: the message, expected and actual templates (by default the
    amounts the rules give and the log says), and when they apply (None: otherwise, the rule's last
    case)."""

    message: str
    expected: str = "{owed}"
    actual: str = "{got}"
    when: Callable[[_Said], bool] | None = None


_OWES = _Case("{who} calls {got} but owes {owed}")
# cited at the player's summary line for want of a collect line: where that line says what the rules give, it is right
_PAID_BY_NO_LINE = _Case("{who} should collect {owed}, as {who}'s summary line says, but no collect line pays it",
                         "{who} collects {owed}", "nothing",
                         lambda s: s.actual == 0 and s.at_summary and s.expected == s.summary_won)
_COLLECTS_NOTHING = _Case("{who} should collect {owed} but collects nothing", "{who} collects {owed}", "nothing",
                          lambda s: s.actual == 0 and (s.seat < 0 or s.collect_lines == "0"))
# owed, while the player's collect lines are each cited at their own line (a pot paid the wrong way round):
# "collects nothing" would deny the lines the log writes
_PAID_AT_NO_RIGHT_LINE = _Case("{who} should collect {owed}, which no right collect line pays: the {collect_lines} "
                               "{who} collects, at {collect_line_numbers}, is cited there", "{who} collects {owed}",
                               "nothing at a right line", lambda s: s.actual == 0)
_SHOWDOWN = (
    _Case("{who} collects {got} without holding the best hand among the players eligible for the pot",
          "{winners}", "{who} collects {got}", lambda s: s.expected == 0),
    _PAID_BY_NO_LINE,
    _COLLECTS_NOTHING,
    _PAID_AT_NO_RIGHT_LINE,
    _Case("{who} collects {got}, where the pots {who} wins hold {owed}"),
)
_SHORT_ALL_IN = "{who} raises after a short all-in, which did not reopen the betting"

ODD_CHIP = "ROOM-ODD-CHIP"
"""The room fact (rules.rooms) of who gets the odd units of a split pot."""
_BY_RANKING = (HE.SHOWDOWN, HE.SPLIT, HE.SD_ORDER, ODD_CHIP)
"""The rules whose findings say who wins a pot: the 36-card order judges them."""

WORDS: dict[str, tuple[_Case, ...]] = {
    HE.PLAYERS: (_Case("only 1 player is dealt in", f"{MIN_PLAYERS} to {MAX_PLAYERS} players", "1 player",
                       lambda s: s.actual == 1),
                 _Case("{actual} players are dealt in", f"{MIN_PLAYERS} to {MAX_PLAYERS} players",
                       "{actual} players"),),
    HE.ACTION_ORDER: (
        _Case("the {ended_street} betting ends before {who} acted", "{who} to act on the {ended_street}", "{then}",
              lambda s: s.actual == -1),     # a betting round ended with a player still to act
        _Case("{who} acts but has no seat at the table", "a player seated in the seat lines", "{who}",
              lambda s: s.unseated),
        _Case("{who} acts, though {who}'s seat line says the seat is out of the hand",
              "no action from a seat out of the hand", "{who}", lambda s: s.out_of_hand),
        _Case("{who} acts out of turn: it is {turn_of}'s turn", "{turn_of}", "{who}",
              lambda s: s.expected >= 0 and s.j >= 0),
        _Case("{who} acts after folding", "no action", "{action_word}",
              lambda s: any(KINDS[int(s.batch.kind[i])] is ActionKind.FOLD for i in s.earlier)),
        _Case("{who} acts after going all-in", "no action", "{action_word}",
              lambda s: any(s.batch.is_all_in[i] for i in s.earlier)),
        _Case("{who} acts when no one may act", "no action", "{action_word}"),
    ),
    HE.CHECK: (_Case("{who} checks facing a bet of {got}", "call {got}, raise or fold", "check facing {got}"),),
    HE.CALL: (
        _Case("{who} calls {written_amount} with nothing to call", "check, bet or fold", "call {written_amount}",
              lambda s: s.expected == 0),
        _OWES,
    ),
    HE.BET: (_Case("{who} bets {written_amount} when there is already a bet of {got}",
                   "call or raise the bet of {got}, or fold", "bet {written_amount}"),),
    HE.BLINDS: (
        _Case("{who} posts an ante of {got}, the table's ante is {owed}",
              when=lambda s: s.kind is ActionKind.POST_ANTE),
        _Case("{who} posts {got} as {blind}, the stakes say {owed}"),
    ),
    HE.MIN_RAISE: (
        _Case("{who} raises {got} to {to}, but the bet was {current}", "raises {size} to {to}", "raises {got} to {to}",
              lambda s: s.stated and s.actual != s.to_cents - s.current_cents),   # "raises X to Y", X not the raise
        _Case(_SHORT_ALL_IN, "call {to_call} or fold", "raise to {to}", lambda s: s.stated and s.expected == 0),
        _Case("{who} raises {size}, less than the minimum {owed}", "at least {owed} (to {expected_to})",
              "{size} (to {to})", lambda s: s.stated),
        _Case(_SHORT_ALL_IN, "call or fold", "{verb}", lambda s: s.expected == 0),
        _Case("{who} {verb} {got}, less than the minimum {owed}", "at least {owed}"),
    ),
    HE.POT_LIMIT: (
        _Case("{who} raises {got}, more than the pot after calling ({owed})", "at most {owed} (to {expected_to})",
              "{got} (to {to})", lambda s: s.stated),
        _Case("{who} bets {got}, more than the pot ({owed})", "at most {owed}"),
    ),
    HE.LIMIT_SIZE: (_Case("{who} {verb} {got}{on_street}, where the fixed size is {owed}"),),
    HE.LIMIT_CAP: (_Case("{who} makes bet number {actual}{of_street}; the cap is {expected} bets",
                         "at most {expected} bets", "{actual} bets"),),
    HE.STACK: (
        _Case("{who} is said to be all-in but keeps {got}", "0 left", "{got} left", lambda s: s.keeps_chips),
        _OWES._replace(when=lambda s: s.calls_short),
        _Case("{who} puts in {got} with {owed} left", "at most {owed}"),
    ),
    HE.UNCALLED: (
        _Case("{owed} of {who}'s bet was not called and no line returns it", "Uncalled bet ({owed}) returned to {who}",
              "no such line", lambda s: s.kind is not ActionKind.UNCALLED),
        _Case("{got} is returned to {who}, but two players share the top bet: nothing is uncalled",
              "nothing returned", "{got} to {who}", lambda s: s.expected == 0),
        _Case("{got} is returned to {who}, who does not hold the top bet", "{owed} to the player with the top bet",
              "{got} to {who}", lambda s: s.expected == s.actual),
        _Case("{got} is returned to {who}, but the uncalled part is {owed}", "{owed} to {who}", "{got} to {who}"),
    ),
    HE.SIDE_POT: (
        _Case("{who} collects {got} from a pot {who} may not win, being all in for less than that pot's level",
              "{winners}", "{who} collects {got}", lambda s: s.kind is ActionKind.COLLECT),
        _Case("the summary lists {actual} pots, the all-in levels make {expected}", "{expected} pots",
              "{actual} pots", lambda s: len(s.listed) != int(s.facts.n_pots[s.h])),
        _Case("the summary's pots add up to {got}, the pots after rake hold {owed}",
              when=lambda s: s.actual == sum(s.listed)),
        _Case("a pot listed as {got} holds more than the {owed} its all-in level gives"),
    ),
    HE.SHOWDOWN: _SHOWDOWN,
    HE.SPLIT: (
        _PAID_BY_NO_LINE,
        _COLLECTS_NOTHING,
        _PAID_AT_NO_RIGHT_LINE,
        _Case("{who} collects {got} again from a pot {who} shares: another collect line of that pot already "
              "pays {who} an equal share", "{second_share_of}", "{who} collects {got}",
              lambda s: s.expected == 0 and s.wins_named_pot),
        _Case("{who} collects {got}, not the {owed} of an equal split after the rake; the shares differ from equal "
              "ones by no more than the rake, taken by a room rule the replay does not know",
              when=lambda s: s.warned),
        _Case("{who} collects {got}, which no equal split gives: {owed} is {who}'s share with the odd {unit}s "
              "given clockwise from the button, and any winner may take one odd {unit} instead",
              when=lambda s: bool(s.batch.odd_chip_any[s.h])),
        _Case("{who} collects {got}, where an equal share is {owed} (the odd {unit}s going to the first winners "
              "clockwise from the button)"),
    ),
    ODD_CHIP: (_Case("{who} collects {got} of an equal split that owes {who} {owed}: the odd {unit}s go to the first "
                     "winners clockwise from the button"),),
    HE.POT_BALANCE: (
        _Case("the log's total pot is {got}, the contributions add up to {owed}",
              when=lambda s: s.actual == int(s.batch.total_pot[s.h]) and s.expected == int(s.facts.total_pot[s.h])),
        _Case("the log states a pot of {got} here, the rake it states included; the chips put in before this line "
              "add up to {owed}", when=lambda s: s.running_run == 0),
        _Case("the log states the {run_of} run's share of the pot after rake as {got}, the run's share is {owed}",
              when=lambda s: s.running_run is not None),
        _Case("the players collect {got}; the pot less the rake of {rake} is {owed}"),
    ),
    HE.COLLECTED: (
        # a cancelled hand's collect line, which gives back the player's posts
        _Case("the hand was cancelled, so {who} gets back the {owed} posted, but collects {got}",
              "{owed} given back", "{got} collected",
              lambda s: s.cancelled and s.kind is ActionKind.COLLECT and s.expected > 0),
        _Case("the hand was cancelled and {who} posted nothing, but collects {got}", "nothing", "{got} collected",
              lambda s: s.cancelled and s.kind is ActionKind.COLLECT),
        _Case("the hand was cancelled and pays nobody, but the summary says {who} won {got}",
              when=lambda s: s.cancelled),
        _PAID_BY_NO_LINE,
        _COLLECTS_NOTHING,      # owed at his summary line, which has no collect line to cite
        _PAID_AT_NO_RIGHT_LINE,
        _Case("the summary says {who} won {got}, the pots {who} wins hold {owed}, and {who}'s collect lines give "
              "{collect_lines}", when=lambda s: s.at_summary and s.collect_lines != money(s.expected)),
        _Case("the summary says {who} won {got}, the pots {who} wins hold {owed}, as {who}'s collect lines give",
              when=lambda s: s.at_summary),
        _Case("{who} collects {got}, where {who}'s runs of the pot hold {owed} with the rake shared evenly between "
              "the runs; the winners together collect what the pot holds, so the room raked the runs another way",
              when=lambda s: s.warned and s.run_twice),
        _Case("{who} collects {got}, where the pots {who} wins hold {owed} with the rake taken from the main pot; "
              "the winners together collect what the pots hold, so the room took the rake from the pots another "
              "way", when=lambda s: s.warned),
        _Case("{who} collects {got} again from a pot {who} wins: another collect line of that pot already pays {who} "
              "what it holds", "nothing more for {who}", "{who} collects {got}",
              lambda s: s.expected == 0 and s.wins_named_pot),
        *_SHOWDOWN,
    ),
    HE.SD_ORDER: (_Case("{who} collects {got} but wins only by the 52-card ranking; on 36 cards a flush beats a "
                        "full house", "{winners}", "{who} collects {got}", lambda s: s.straight_over_trips),
                  _Case("{who} collects {got} but wins only by the 52-card ranking; on 36 cards a flush beats a "
                        "full house and trips beat a straight", "{winners}", "{who} collects {got}"),),
    HE.DECK: (
        _Case("{holder} shows {shown} but was dealt {dealt}", "{dealt}", "{shown}",
              lambda s: s.expected >= _PAIR or s.actual >= _PAIR),   # a later record shows other cards than dealt
        _Case("{holder} holds {card}, which is not a card of the {deck}-card deck", "a card of the {deck}-card deck",
              "{card}", lambda s: not (16 if s.short_deck else 0) <= s.actual <= 51),
        _Case("{card} is dealt twice ({holders})", "each card dealt once", "{card} twice"),
    ),
    HE.BOARD: (
        _Case("the street line repeats the board's {expected_card} as {actual_card}: the lines before it dealt "
              "{expected_card}, and a later line only repeats the cards dealt", "{expected_card}", "{actual_card}",
              lambda s: s.line == int(s.batch.board_change_line[s.h])),
        _Case("the summary's board differs from the board dealt", "{expected_card}", "{actual_card}",
              lambda s: s.line != int(s.batch.summary_board_lines[s.h, 0])),   # another board of a hand run again
        _Case("the summary's board differs from the board dealt", "{board_dealt}", "{board_shown}"),
    ),
    HE.SUMMARY_SEATS: (
        _Case("the summary puts {who} in seat {actual}, the seat lines in seat {expected}", "seat {expected}",
              "seat {actual}", lambda s: s.other_seat_no >= 0 and s.actual == s.other_seat_no),
        _Case("the summary lists {who}, whose seat line says the seat is out of the hand", "no summary line",
              "a line for {who}", lambda s: s.expected == 0 and s.out_of_hand),
        _Case("the summary lists {who}, who has no seat line", "no summary line", "a line for {who}",
              lambda s: s.expected == 0),
        _Case("the summary has no line for seat {seat_no} ({who}): the hand is cut short or a line is lost",
              "a summary line for seat {seat_no}", "none", lambda s: s.actual == 0),
        _Case("the summary lists seat {seat_no} ({who}) {actual} times", "one line", "{actual} lines"),
    ),
    HE.HAND_NAME: (
        _Case("{who}'s hand is listed as {cards_listed}, which holds {twice} twice", "{best}",
              "{cards_listed}", lambda s: s.is_listed and s.twice is not None),
        _Case("{who}'s hand is listed as {cards_listed}, but {strangers_are} neither {who}'s cards nor the "
              "board's", "{best}", "{cards_listed}",
              lambda s: s.is_listed and s.strangers and len(s.holes) == 2),
        # (a hole card not known stands for any card off the board)
        _Case("{who}'s hand is listed as {cards_listed}, but {strangers_are} not on the board, more cards "
              "than the two {who} holds", "{best}", "{cards_listed}", lambda s: s.is_listed and s.strangers),
        _Case("{who}'s hand is listed as {cards_listed}, not five cards", "{best}", "{cards_listed}",
              lambda s: s.is_listed and len(s.listed_codes) < 5),
        _Case("{who}'s hand is listed as {cards_listed} ({listed_made}), not the best five of {who}'s cards and "
              "the board", "{best}", "{cards_listed} ({listed_made})", lambda s: s.is_listed),
        _Case("{who}'s hand is named {named}, but {who}'s cards and the board make {made}", "{made}",
              "{named}"),
    ),
    "ROOM-RAKE": (_Case("the rake {got} is the whole pot: a room takes a share of a pot and its winners collect "
                        "the rest, here nothing", "less than {got}", "{got}"),),
    "ROOM-RUN-TWICE": (
        _Case("the {run} board deals no card of its own: it is the first board again", "a card of its own", "none",
              lambda s: s.actual < 0),
        _Case("the {run} board deals {card} again: an earlier board dealt it past the cards they share, and each "
              "run deals its own cards from what is left of the deck", "a card no earlier board dealt", "{card}"),
    ),
    "ROOM-ALL-IN": (_Case("{who} puts in the last chips left and the line does not say all-in, as the room "
                          "writes every all-in", "all-in said", "not said"),),
    "ROOM-DEAD-BLIND": (
        _Case("{who} posts {got} as both blinds, where the room's returning player posts the small blind dead and "
              "the big blind live: {small} and {big}", when=lambda s: s.both_blinds),
        _Case("{who} posts {got} as a dead small blind, where the room posts the small blind, {small}, all of it "
              "dead"),
    ),
    "ROOM-BUTTON": (_Case("the button is on seat {actual} of a {expected}-seat table", "a seat of 1 to {expected}",
                          "{actual}"),),
}
"""Each rule's words, by its ID: its cases in the order they are tried."""


def explain(batch: HandBatch, facts: FactBatch, h: int = 0) -> tuple[Finding, ...]:
    """The findings of hand ``h`` of ``batch`` in words: the engine's rows (``facts.findings``, in its
    order), then the room facts the hand breaks where no rule of the game sees it (a certified hand
    breaks none)."""
    return explain_hands(batch, facts, [h])[h]


def explain_hands(batch: HandBatch, facts: FactBatch, hands: list[int]) -> dict[int, tuple[Finding, ...]]:
    """:func:`explain` of each of ``hands``, the batch's room facts and finding rows read once for
    all of them (a file's batch may word thousands of hands)."""
    found = facts.findings
    rows_of: dict[int, list[_Row]] = {h: [] for h in hands}
    for k in np.flatnonzero(np.isin(found.hand, hands)).tolist():
        rows_of[int(found.hand[k])].append(_Row(
            HE.by_code(int(found.rule[k])), Severity.WARNING if int(found.severity[k]) == WARNING else Severity.ERROR,
            int(found.line[k]) or None, int(found.seat[k]), int(found.expected[k]), int(found.actual[k])))
    for h, rows in rows_of.items():
        if _odd_units_moved(rows, hand_unit(batch, h)):   # the hands worded only, not the whole batch
            rows_of[h] = [row._replace(rule=ODD_CHIP) if row.rule is HE.SPLIT else row for row in rows]
    if not facts.certified[hands].all():
        for hand, rule, severity, line, *rest in breaches(batch, facts):
            if hand in rows_of and not facts.certified[hand]:
                rows_of[hand].append(_Row(rule, severity, line or None, *rest))
    return {h: tuple(_worded(batch, facts, h, row, rows) for row in rows) for h, rows in rows_of.items()}


def _options_judging(batch: HandBatch, h: int, rule: str) -> list[str]:
    """The options, other than the rulebook's defaults, that judged a finding of ``rule`` in hand
    ``h``, each as its setting is named with what it says (:func:`rules.holdem_options.option_said`). The
    36-card order is GGPoker's own or a setting's, the others come from settings only."""
    options = []
    if rule in _BY_RANKING and batch.is_short_deck[h] and batch.straight_beats_trips[h]:
        options.append(option_said(ORDER_OPTIONS, True))
    if rule in (HE.SPLIT, ODD_CHIP) and batch.odd_chip_any[h]:
        options.append(option_said(ODD_CHIP_OPTIONS, True))
    if rule is HE.LIMIT_CAP:
        cap = int(batch.limit_cap[h])
        if cap not in (UNSET, -1 if LIMIT_CAP_BETS is None else LIMIT_CAP_BETS):
            options.append(option_said(CAP_OPTIONS, cap))
        if int(batch.cap_heads_up[h]) not in (UNSET, int(LIMIT_CAP_HEADS_UP)):
            options.append(option_said(HEADS_UP_OPTIONS, bool(batch.cap_heads_up[h])))
    return options


def _worded(batch: HandBatch, facts: FactBatch, h: int, row: _Row, rows: list[_Row]) -> Finding:
    said = _Said(batch, facts, h, row, rows)
    case = next(case for case in WORDS[row.rule] if case.when is None or case.when(said))
    message, expected, actual = (template.format_map(said) for template in case[:3])
    options = _options_judging(batch, h, row.rule)
    if options:     # an arbiter reading the rulebook's default sees which house option judged it
        message = f"under {', '.join(options)}: {message}"
    return Finding(rule_id=str(row.rule), message=message, line=row.line, severity=row.severity,
                   expected=expected, actual=actual)


def _odd_units_moved(rows: list[_Row], unit: int) -> bool:
    """ROOM-ODD-CHIP: the split winners the replay faults share the pot equally and only its odd units
    went to others than the room gives them to: each collects one of the two shares of an equal
    split (``low`` and ``low`` + one unit) where he is owed the other, and together what they are owed."""
    split = [r for r in rows if r.rule is HE.SPLIT]
    if len(split) < 2 or sum(r.actual - r.expected for r in split):
        return False
    low = min(min(r.expected, r.actual) for r in split)
    return low > 0 and all({r.expected, r.actual} == {low, low + unit} for r in split)

