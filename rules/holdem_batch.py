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

from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from rules.holdem_hand import ActionKind, BettingStructure, CardsHow, Street

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
