"""Hold'em hands of one file as columns: the fast lane's record.

``HoldemHand`` (rules.holdem_hand) is one frozen object per hand, with Decimals and Card
objects: right for the replay that explains every finding, too heavy for a million hands.
``HandBatch`` holds the same facts for all the hands of a file as NumPy columns (a struct
of arrays), so that a compiled kernel can replay them all in one call.

The fast lane (``parsers.pokerstars_fast`` reads a file into a batch,
``rules.holdem_fast`` replays it) is only a shortcut: a hand it cannot read or certify
takes the full path (``parsers.pokerstars.parse`` and ``rules.holdem.replay``), and the
tests hold both paths to the same rows.

Conventions, shared by every producer and consumer of a batch:

- Money is ``int64`` in hundredths of the table's unit (cents; tournament chips × 100).
  An amount with more than two decimals puts the hand out of the lane.
- Lines are 1-based FILE lines, as in the records (0 = none).
- Cards are ``int8`` codes (``rank * 4 + suit``, rules.cards); -1 = none.
- ``kind`` is the index of the action's kind in ``list(ActionKind)``; ``street`` the index
  of its street in ``list(Street)``; ``betting`` the index in ``list(BettingStructure)``.
- Seats keep the order of the log's seat lines; ``actor`` is a seat's index within its hand
  (0-based, ``seat_start[h]`` is the hand's first seat).
- ``in_lane[h]`` is False when hand ``h`` holds anything the lane does not model: a hand
  run twice, a cash-out, a capped table, a cancelled hand, an action or summary seat of a
  player without a seat line, hole cards other than two or in conflict, a summary seat
  won more than one amount, or no summary. Its other columns are then unspecified.
"""

from __future__ import annotations

import dataclasses  # noqa: F401 (the doctests use it)
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from rules.holdem_hand import ActionKind, BettingStructure, CardsHow, HoldemHand, Street

KINDS = tuple(ActionKind)
STREETS = tuple(Street)
BETTINGS = tuple(BettingStructure)
HOWS = (None, CardsHow.DEALT, CardsHow.SHOWN, CardsHow.MUCKED)
"""``hole_how`` codes: 0 unknown, 1 dealt, 2 shown, 3 mucked (the first record that gave the cards)."""

POT_NAMES = ("pot", "main pot", "side pot")
"""``pot`` codes of collect lines: 0 ``pot``, 1 ``main pot``, 2 ``side pot``, k + 1 ``side pot-k``
(k ≥ 2); -1 for other actions."""

POSITIONS = ("BTN", "SB", "BB", "UTG", "UTG1", "UTG2", "MP", "MP1", "MP2", "HJ", "CO")
"""Position codes of the replay's output: index into this tuple; -1 = none."""


def pot_code(name: str | None) -> int:
    if name is None:
        return -1
    if name in POT_NAMES:
        return POT_NAMES.index(name)
    return int(name.rsplit("-", 1)[1]) + 1


def pot_name(code: int) -> str | None:
    if code < 0:
        return None
    return POT_NAMES[code] if code < len(POT_NAMES) else f"side pot-{code - 1}"


def _i(n: int, dtype, fill=0, width: int | None = None) -> np.ndarray:
    shape = (n,) if width is None else (n, width)
    return np.full(shape, fill, dtype=dtype)


@dataclass(slots=True)
class HandBatch:
    """H hands, S seats, A actions, P summary pots of one file (see the module's conventions)."""

    # ---------------------------------------------------------------- per hand (H)
    in_lane: np.ndarray             # bool
    first_line: np.ndarray          # int32: the header's file line
    last_line: np.ndarray           # int32
    betting: np.ndarray             # int8
    is_short_deck: np.ndarray       # bool
    is_tournament: np.ndarray       # bool
    small_blind: np.ndarray         # int64
    big_blind: np.ndarray           # int64 (6+: the button blind)
    small_bet: np.ndarray           # int64, -1 unless Limit
    big_bet: np.ndarray             # int64, -1 unless Limit
    ante: np.ndarray                # int64: the header's ante (0 when none)
    max_seats: np.ndarray           # int16, 0 when unknown
    button_seat: np.ndarray         # int16, 0 when unknown
    seat_start: np.ndarray          # int32 (H + 1): seats of hand h are seat_start[h]:seat_start[h+1]
    action_start: np.ndarray        # int32 (H + 1)
    pot_start: np.ndarray           # int32 (H + 1): the summary's "Main pot X. Side pot Y." amounts
    board: np.ndarray               # int8 (H, 5): the board dealt in the body, -1 beyond its length
    board_lines: np.ndarray         # int32 (H, 3): the flop, turn, river marker lines, 0 when absent
    summary_board: np.ndarray       # int8 (H, 5): the summary's "Board […]", -1 beyond its length
    summary_board_line: np.ndarray  # int32, 0 when the summary has no board line
    total_pot: np.ndarray           # int64: the summary's total pot
    rake: np.ndarray                # int64
    total_line: np.ndarray          # int32
    # ---------------------------------------------------------------- per seat (S)
    seat_no: np.ndarray             # int16
    stack: np.ndarray               # int64
    is_sitting_out: np.ndarray      # bool
    seat_line: np.ndarray           # int32
    hole: np.ndarray                # int8 (S, 2): the hole cards as far as the log tells them
    hole_how: np.ndarray            # int8: HOWS code of the first record that gave them
    hole_line: np.ndarray           # int32: that record's line
    summary_won: np.ndarray         # int64: the amount of "won (X)" / "collected (X)", -1 when none
    summary_line: np.ndarray        # int32: the player's summary seat line, 0 when none
    # ---------------------------------------------------------------- per action (A)
    street: np.ndarray              # int8
    actor: np.ndarray               # int16
    kind: np.ndarray                # int8
    amount: np.ndarray              # int64: Action.amount
    raise_to: np.ndarray            # int64, -1 unless a raise
    is_all_in: np.ndarray           # bool
    cards: np.ndarray               # int8 (A, 2): the cards of a show or muck line
    pot: np.ndarray                 # int8: collect lines' pot code (pot_code), -1 otherwise
    line: np.ndarray                # int32
    # ---------------------------------------------------------------- per summary pot (P)
    pot_amount: np.ndarray          # int64
    # ---------------------------------------------------------------- strings, one per hand / seat
    game_id: list[str] = field(default_factory=list)
    source_file: str = ""
    hand_id: list[str] = field(default_factory=list)
    tournament_id: list[str | None] = field(default_factory=list)
    stakes: list[str] = field(default_factory=list)         # as HoldemHand.stakes
    currency: list[str] = field(default_factory=list)
    club: list[str | None] = field(default_factory=list)
    table_name: list[str | None] = field(default_factory=list)
    played_at: list[datetime | None] = field(default_factory=list)
    player: list[str] = field(default_factory=list)         # per seat

    @property
    def hands(self) -> int:
        return len(self.in_lane)

    @classmethod
    def empty(cls, hands: int, seats: int, actions: int, pots: int) -> HandBatch:
        """A batch of the given sizes, every column zeroed (cards and optional amounts at -1)."""
        return cls(
            in_lane=_i(hands, np.bool_, True), first_line=_i(hands, np.int32), last_line=_i(hands, np.int32),
            betting=_i(hands, np.int8), is_short_deck=_i(hands, np.bool_), is_tournament=_i(hands, np.bool_),
            small_blind=_i(hands, np.int64), big_blind=_i(hands, np.int64), small_bet=_i(hands, np.int64, -1),
            big_bet=_i(hands, np.int64, -1), ante=_i(hands, np.int64), max_seats=_i(hands, np.int16),
            button_seat=_i(hands, np.int16), seat_start=_i(hands + 1, np.int32),
            action_start=_i(hands + 1, np.int32), pot_start=_i(hands + 1, np.int32),
            board=_i(hands, np.int8, -1, 5), board_lines=_i(hands, np.int32, 0, 3),
            summary_board=_i(hands, np.int8, -1, 5), summary_board_line=_i(hands, np.int32),
            total_pot=_i(hands, np.int64), rake=_i(hands, np.int64), total_line=_i(hands, np.int32),
            seat_no=_i(seats, np.int16), stack=_i(seats, np.int64), is_sitting_out=_i(seats, np.bool_),
            seat_line=_i(seats, np.int32), hole=_i(seats, np.int8, -1, 2), hole_how=_i(seats, np.int8),
            hole_line=_i(seats, np.int32), summary_won=_i(seats, np.int64, -1), summary_line=_i(seats, np.int32),
            street=_i(actions, np.int8), actor=_i(actions, np.int16), kind=_i(actions, np.int8),
            amount=_i(actions, np.int64), raise_to=_i(actions, np.int64, -1), is_all_in=_i(actions, np.bool_),
            cards=_i(actions, np.int8, -1, 2), pot=_i(actions, np.int8, -1), line=_i(actions, np.int32),
            pot_amount=_i(pots, np.int64),
        )


# ---------------------------------------------------------------------- the reference converter


def _cents(value) -> int | None:
    """``value`` (a Decimal) in hundredths, or None when it has more than two decimals."""
    scaled = value * 100
    whole = int(scaled)
    return whole if whole == scaled else None


def batch_from_hands(hands: list[HoldemHand], source_file: str = "") -> HandBatch:
    """The batch of parsed hands, following the module's conventions: the plain-Python
    reference (and test oracle) for ``parsers.pokerstars_fast``, not a fast path.

    Besides the module's out-of-lane cases it also puts out: one name in two seats, a hole-card
    record of other than two cards, a show line of more than two cards, two summary seat lines of
    one player, a summary board that is empty or of more than five cards. ``pot`` follows :func:`pot_code` (``side pot-1`` is code 2).

    >>> from decimal import Decimal as D
    >>> from rules.holdem_hand import Action, Seat, Summary
    >>> from rules.records import GameInfo, Source
    >>> hand = HoldemHand(
    ...     source=Source(file="h.txt", first_line=1, last_line=9, game_id="g"), info=GameInfo(game="holdem"),
    ...     hand_id="1", betting=BettingStructure.NO_LIMIT, small_blind=D("0.01"), big_blind=D("0.02"),
    ...     currency="USD", button_seat=1, header_line=1,
    ...     seats=(Seat(seat=1, player="Anna", stack=D(1), line=3), Seat(seat=2, player="Boris", stack=D(2), line=4)),
    ...     actions=(Action(street=Street.PREFLOP, player="Boris", kind=ActionKind.POST_BB, amount=D("0.02"), line=5),),
    ...     summary=Summary(total_pot=D("0.02"), rake=D(0), total_line=8))
    >>> b = batch_from_hands([hand])
    >>> bool(b.in_lane[0]), b.stack.tolist(), b.actor.tolist(), b.amount.tolist()
    (True, [100, 200], [1], [2])
    >>> b = batch_from_hands([dataclasses.replace(hand, summary=None)])
    >>> bool(b.in_lane[0])
    False
    """
    n_seats = sum(len(h.seats) for h in hands)
    n_actions = sum(len(h.actions) for h in hands)
    n_pots = sum(len(h.summary.pots) if h.summary is not None else 0 for h in hands)
    b = HandBatch.empty(len(hands), n_seats, n_actions, n_pots)
    b.source_file = source_file or (hands[0].source.file if hands else "")
    s0 = a0 = p0 = 0
    for h, hand in enumerate(hands):
        b.seat_start[h], b.action_start[h], b.pot_start[h] = s0, a0, p0
        ok = _fill_hand(b, h, hand, s0, a0, p0)
        b.in_lane[h] = ok
        s0 += len(hand.seats)
        a0 += len(hand.actions)
        p0 += len(hand.summary.pots) if hand.summary is not None else 0
        b.game_id.append(hand.source.game_id)
        b.hand_id.append(hand.hand_id)
        b.tournament_id.append(hand.tournament_id)
        b.stakes.append(hand.stakes)
        b.currency.append(hand.currency)
        b.club.append(hand.info.club)
        b.table_name.append(hand.info.table_name)
        b.played_at.append(hand.info.played_at)
        b.player.extend(s.player for s in hand.seats)
    n = len(hands)
    b.seat_start[n], b.action_start[n], b.pot_start[n] = s0, a0, p0
    return b


def _fill_hand(b: HandBatch, h: int, hand: HoldemHand, s0: int, a0: int, p0: int) -> bool:
    """Fill hand ``h``'s columns; False when the hand is out of the lane."""
    ok = True
    summary = hand.summary
    if (summary is None or hand.is_cancelled or hand.cash_outs or hand.cap is not None or len(hand.boards) > 1
            or (summary is not None and len(summary.boards) > 1)
            or any(a.board or a.is_capped for a in hand.actions)):
        ok = False
    b.first_line[h] = hand.source.first_line
    b.last_line[h] = hand.source.last_line
    b.betting[h] = BETTINGS.index(hand.betting)
    b.is_short_deck[h] = hand.is_short_deck
    b.is_tournament[h] = hand.is_tournament

    def cents(value) -> int:
        nonlocal ok
        c = _cents(value)
        if c is None:
            ok = False
            return 0
        return c

    b.small_blind[h] = cents(hand.small_blind)
    b.big_blind[h] = cents(hand.big_blind)
    if hand.betting is BettingStructure.LIMIT:
        b.small_bet[h] = -1 if hand.small_bet is None else cents(hand.small_bet)
        b.big_bet[h] = -1 if hand.big_bet is None else cents(hand.big_bet)
    b.ante[h] = cents(hand.ante)
    b.max_seats[h] = hand.max_seats or 0
    b.button_seat[h] = hand.button_seat or 0
    if hand.boards:
        for i, c in enumerate(hand.boards[0][:5]):
            b.board[h, i] = c.code
        for i, line in enumerate(hand.board_lines[0][:3] if hand.board_lines else ()):
            b.board_lines[h, i] = line
    # seats, by name
    index: dict[str, int] = {}
    for i, s in enumerate(hand.seats):
        if s.player in index:
            ok = False      # one name in two seats: actions cannot be told apart
        index[s.player] = i
        j = s0 + i
        b.seat_no[j] = s.seat
        b.stack[j] = cents(s.stack)
        b.is_sitting_out[j] = s.is_sitting_out
        b.seat_line[j] = s.line
    # hole cards merged as the replay merges them: the longest record wins, a conflict is out
    holes: dict[str, tuple] = {}
    for record in hand.hole_cards:
        i = index.get(record.player)
        if i is None or len(record.cards) != 2:
            ok = False
            continue
        known = holes.get(record.player)
        if known is None:
            holes[record.player] = record.cards
            j = s0 + i
            b.hole[j, 0], b.hole[j, 1] = record.cards[0].code, record.cards[1].code
            b.hole_how[j] = HOWS.index(record.how)
            b.hole_line[j] = record.line
        elif set(known) != set(record.cards):
            ok = False
    # actions
    for k, a in enumerate(hand.actions):
        j = a0 + k
        i = index.get(a.player)
        if i is None:
            ok = False
            i = -1
        b.street[j] = STREETS.index(a.street)
        b.actor[j] = i
        b.kind[j] = KINDS.index(a.kind)
        b.amount[j] = cents(a.amount)
        if a.kind is ActionKind.RAISE and a.raise_to is not None:
            b.raise_to[j] = cents(a.raise_to)
        b.is_all_in[j] = a.is_all_in
        if len(a.cards) > 2:
            ok = False
        for c, card in enumerate(a.cards[:2]):
            b.cards[j, c] = card.code
        b.pot[j] = pot_code(a.pot) if a.kind is ActionKind.COLLECT else -1
        b.line[j] = a.line
    if summary is not None:
        b.total_pot[h] = cents(summary.total_pot)
        b.rake[h] = cents(summary.rake)
        b.total_line[h] = summary.total_line
        for k, amount in enumerate(summary.pots):
            b.pot_amount[p0 + k] = cents(amount)
        if summary.boards:
            for i, c in enumerate(summary.boards[0][:5]):
                b.summary_board[h, i] = c.code
            if not summary.boards[0] or len(summary.boards[0]) > 5:
                ok = False
            b.summary_board_line[h] = summary.board_lines[0] if summary.board_lines else 0
        summarized = set()
        for s in summary.seats:
            i = index.get(s.player)
            if i is None or len(s.won) > 1 or s.player in summarized:
                ok = False
                continue
            summarized.add(s.player)
            j = s0 + i
            b.summary_line[j] = s.line
            if s.won:
                b.summary_won[j] = cents(s.won[0])
    if hand.boards and len(hand.boards[0]) > 5:
        ok = False
    return ok
