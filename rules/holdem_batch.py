"""Hold'em hands of one file as columns: the compiled engine's record.

``HoldemHand`` (rules.holdem_hand) is one frozen object per hand, as a reader states it.
``HandBatch`` holds the same facts for all the hands of a file as NumPy columns (a struct of
arrays), which the engine (``rules.holdem_fast``) replays in one call. The PokerStars scanner
(``parsers.pokerstars_fast``) writes a batch from a file's text; :func:`batch_from_hands` builds
one from records (for the other readers, one hand's replay, and as the scanner's test oracle).

Conventions, shared by every writer and reader of a batch:

- Money is ``int64`` in hundredths of the table's unit (cents; tournament chips × 100).
- Lines are 1-based FILE lines, as in the records (0 = none). Cards are ``int8`` codes
  (``rank * 4 + suit``, rules.cards); -1 = none.
- ``kind``, ``street`` and ``betting`` are the value's index in ``KINDS``, ``STREETS``, ``BETTINGS``.
- Seats keep the order of the log's seat lines; ``actor`` is a seat's index within its hand
  (0-based, ``seat_start[h]`` is the hand's first seat). When one name has two seat lines, the
  last one is the player's. A player without a seat line (named by an action or a summary seat)
  gets a seat of his own after them: ``is_unseated``, seat number 0 and no chips.
- A hand run twice (or three times) keeps its boards in order in ``boards``; show, muck and
  collect lines name their board in ``action_board``.
- ``in_lane[h]`` is False only when hand ``h`` holds what the columns cannot hold: amounts
  with more than two decimals, hole cards or a show line of more than two cards, a board of
  more than five cards, a made hand listed with more than five, more than three boards, three
  summary seat lines of one player, a third record of a player's hole cards that differs from
  the first. Its other columns are then unspecified.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from datetime import datetime
from itertools import accumulate
from operator import attrgetter

import numpy as np

from rules.holdem_hand import ActionKind, BettingStructure, CardsHow, HoldemHand, Street
from rules.records import is_nameless
from rules.rooms import DEAD_POSTS_CHECKED

KINDS = tuple(ActionKind)
STREETS = tuple(Street)
BETTINGS = tuple(BettingStructure)
HOWS = (None, CardsHow.DEALT, CardsHow.SHOWN, CardsHow.MUCKED)
"""``hole_how`` codes: 0 unknown, 1 dealt, 2 shown, 3 mucked (the first record that gave the cards)."""

POT_NAMES = ("pot", "main pot", "side pot")
"""``pot`` codes of collect lines: 0 ``pot``, 1 ``main pot``, 2 ``side pot``, k + 1 ``side pot-k``
(k ≥ 2); -1 for other actions."""

UNSET = -2
"""A per-hand rule option (``limit_cap``, ``cap_heads_up``) no setting gives: the replay's default."""

POSITIONS = ("BTN", "SB", "BB", "UTG", "UTG1", "UTG2", "MP", "MP1", "MP2", "HJ", "CO", "MP3")
"""Position codes of the replay's output: index into this tuple; -1 = none. A name added goes last,
so that the codes of the others stay."""


def pot_code(name: str | None) -> int:
    if name is None:
        return -1
    if name in POT_NAMES:
        return POT_NAMES.index(name)
    return int(name.replace("-", " ").rsplit(" ", 1)[1]) + 1     # "side pot-2", or Winamax's "side pot 2"


def _i(n: int, dtype, fill=0, width: int | tuple[int, ...] | None = None) -> np.ndarray:
    out = np.zeros(n if width is None else (n, *width) if isinstance(width, tuple) else (n, width), dtype)
    if fill:     # zeros, then fill: a fraction of np.full's cost, and a file of one hand pays every column
        out.fill(fill)
    return out


def column(rows: str, dtype, fill=0, width: int | tuple[int, ...] | None = None, of: str | None = None):
    """A dataclass field that is a column of ``rows`` rows (a size :meth:`HandBatch.empty` is given),
    each ``width`` values of ``dtype`` (one when None), ``fill`` until it is written; ``of`` names the
    field of the row's record (the hand, its seat line or its action; a dotted path) that
    :func:`batch_from_hands` copies into it."""
    return field(metadata={"column": (rows, dtype, fill, width), "of": of})


def per_hand(of: str):
    """A dataclass field that is a list of one value per hand, copied from the hand's field ``of``."""
    return field(default_factory=list, metadata={"of": of})


@dataclass(slots=True)
class HandBatch:
    """H hands, S seats, A actions, P summary pots of one file (see the module's conventions)."""

    # ---------------------------------------------------------------- per hand (H)
    in_lane: np.ndarray = column("hands", np.bool_, True)
    first_line: np.ndarray = column("hands", np.int32, of="source.first_line")  # the header's file line
    last_line: np.ndarray = column("hands", np.int32, of="source.last_line")
    betting: np.ndarray = column("hands", np.int8, of="betting")
    is_short_deck: np.ndarray = column("hands", np.bool_, of="is_short_deck")
    straight_beats_trips: np.ndarray = column("hands", np.bool_, of="straight_beats_trips")  # short deck, a straight over three of a kind
    is_tournament: np.ndarray = column("hands", np.bool_, of="is_tournament")
    # Limit's cap as a rule setting gives it (-1: none), and whether it holds heads-up (0, 1);
    # UNSET: the replay's default
    limit_cap: np.ndarray = column("hands", np.int16, UNSET, of="limit_cap")
    cap_heads_up: np.ndarray = column("hands", np.int8, UNSET, of="cap_heads_up")
    odd_chip_any: np.ndarray = column("hands", np.bool_, of="odd_chip_any")  # a split's odd units to any winner
    small_blind: np.ndarray = column("hands", np.int64, of="small_blind")
    big_blind: np.ndarray = column("hands", np.int64, of="big_blind")  # (6+: the button blind)
    small_bet: np.ndarray = column("hands", np.int64, -1, of="small_bet")  # -1 unless Limit
    big_bet: np.ndarray = column("hands", np.int64, -1, of="big_bet")  # -1 unless Limit
    ante: np.ndarray = column("hands", np.int64, of="ante")  # the header's ante (0 when none)
    max_seats: np.ndarray = column("hands", np.int16, of="max_seats")  # 0 when unknown
    button_seat: np.ndarray = column("hands", np.int16, of="button_seat")  # 0 when unknown
    seat_start: np.ndarray = column("bounds", np.int32)  # seats of hand h are seat_start[h]:seat_start[h+1]
    action_start: np.ndarray = column("bounds", np.int32)
    pot_start: np.ndarray = column("bounds", np.int32)  # the summary's "Main pot X. Side pot Y." amounts
    boards: np.ndarray = column("hands", np.int8, -1, (3, 5))  # the boards dealt in the body, -1 beyond their length
    # the street line that dealt each card of each board (a later board's cards shared with the
    # first: that board's first street line), 0 none
    board_lines: np.ndarray = column("hands", np.int32, 0, (3, 5))
    # the first street line that repeats the board otherwise (0 none), and there the card dealt and
    # the card it writes (-1 none)
    board_change_line: np.ndarray = column("hands", np.int32, 0)
    board_change: np.ndarray = column("hands", np.int8, -1, 2)
    summary_boards: np.ndarray = column("hands", np.int8, -1, (3, 5))  # the summary's "Board […]" lines
    summary_board_lines: np.ndarray = column("hands", np.int32, 0, 3)  # their lines, 0 none
    total_pot: np.ndarray = column("hands", np.int64, of="summary.total_pot")
    rake: np.ndarray = column("hands", np.int64, of="summary.rake")
    total_line: np.ndarray = column("hands", np.int32, of="summary.total_line")
    has_summary: np.ndarray = column("hands", np.bool_, True)  # a summary: a Total pot line or summary seats
    summary_lists_every_seat: np.ndarray = column("hands", np.bool_, of="summary.lists_every_seat")
    is_cancelled: np.ndarray = column("hands", np.bool_, of="is_cancelled")  # "Hand cancelled"
    cap: np.ndarray = column("hands", np.int64, -1, of="cap")  # the most one player may put in on a capped table, -1 none
    second_sb_live: np.ndarray = column("hands", np.bool_, of="second_small_blind_live")  # a second small blind is live
    away_folds: np.ndarray = column("hands", np.bool_, of="away_folds_out_of_turn")  # ROOM-AWAY-FOLDS
    results_not_stated: np.ndarray = column("hands", np.bool_, of="results_not_stated")
    all_in_said: np.ndarray = column("hands", np.bool_, of="all_in_said")  # the room says every all-in (ROOM-ALL-IN)
    dead_posts_checked: np.ndarray = column("hands", np.int8)  # the rules.rooms.DeadPost forms of its room whose
    # amount ROOM-DEAD-BLIND checks, 0 none
    # a show or summary line names a made hand, in words or by its cards (``named_hand``,
    # ``summary_named_hand``, ``made_cards``, ``summary_made_cards``): the replay looks for names in
    # this hand's lines only
    has_named_hand: np.ndarray = column("hands", np.bool_)
    room_noted: np.ndarray = column("hands", np.bool_)  # HoldemHand.room_findings (the reader found the log against
    # a room fact), so the hand is never certified
    # ---------------------------------------------------------------- per seat (S)
    seat_no: np.ndarray = column("seats", np.int16, of="seat")
    stack: np.ndarray = column("seats", np.int64, of="stack")
    is_sitting_out: np.ndarray = column("seats", np.bool_)
    is_out_of_hand: np.ndarray = column("seats", np.bool_)  # Seat.is_out_of_hand
    seat_line: np.ndarray = column("seats", np.int32, of="line")
    hole: np.ndarray = column("seats", np.int8, -1, 2)  # the hole cards as far as the log tells them
    hole_how: np.ndarray = column("seats", np.int8)  # HOWS code of the first record that gave them
    hole_line: np.ndarray = column("seats", np.int32)  # that record's line
    summary_won: np.ndarray = column("seats", np.int64, -1)  # "won (X)" / "collected (X)" added up, -1 none
    summary_line: np.ndarray = column("seats", np.int32)  # the player's summary seat line, 0 when none
    summary_won_again: np.ndarray = column("seats", np.int64, -1)  # of a second summary seat line, -1 none
    summary_line_again: np.ndarray = column("seats", np.int32)  # that second line, 0 when none
    won_not_awarded: np.ndarray = column("seats", np.bool_)  # the summary says "not awarded" (a cash-out)
    has_cash_out: np.ndarray = column("seats", np.bool_)  # the player cashed the hand out (or paid to insure it)
    cash_out: np.ndarray = column("seats", np.int64)  # what the room paid him (negative: he paid), 0 none
    hole_conflict: np.ndarray = column("seats", np.int8, -1, (2, 2))  # up to two later records' cards unlike ``hole``
    hole_conflict_line: np.ndarray = column("seats", np.int32, 0, 2)  # those records' lines, 0 when none
    is_unseated: np.ndarray = column("seats", np.bool_)  # a player without a seat line (seat number 0, no chips)
    summary_seat_no: np.ndarray = column("seats", np.int16, -1)  # the other seat number the player's summary line
    # gives, -1 when it agrees with his seat line (a seat 0 is another seat too)
    is_anonymous: np.ndarray = column("seats", np.bool_)  # HoldemHand.anonymous_players: a name that is no person's
    # the made hand the player's summary line names on each board (NamedHand.code), -1 none
    summary_named_hand: np.ndarray = column("seats", np.int16, -1, 3)
    # the cards a summary line of the player lists as the made hand on the first board (NamedHand.cards,
    # in order; -1 beyond them, or none), and that line (0 none): a room may list them in a line the
    # summary's seats do not hold (Bovada's)
    summary_made_cards: np.ndarray = column("seats", np.int8, -1, 5)
    summary_made_line: np.ndarray = column("seats", np.int32)
    # ---------------------------------------------------------------- per action (A)
    street: np.ndarray = column("actions", np.int8, of="street")
    actor: np.ndarray = column("actions", np.int16)
    kind: np.ndarray = column("actions", np.int8, of="kind")
    amount: np.ndarray = column("actions", np.int64, of="amount")
    raise_to: np.ndarray = column("actions", np.int64, -1, of="raise_to")  # -1 unless a raise
    is_all_in: np.ndarray = column("actions", np.bool_, of="is_all_in")
    is_capped: np.ndarray = column("actions", np.bool_, of="is_capped")  # "and has reached the $X cap" (all in at the table's cap)
    action_board: np.ndarray = column("actions", np.int8, of="board")  # the board of a show, muck or collect line (0 first), else 0
    cards: np.ndarray = column("actions", np.int8, -1, 2)  # the cards of a show or muck line
    pot: np.ndarray = column("actions", np.int8, -1)  # collect lines' pot code (pot_code), -1 otherwise
    named_hand: np.ndarray = column("actions", np.int16, -1)  # the made hand a show line names (NamedHand.code), -1 none
    # the cards a show line lists as its made hand (NamedHand.cards, in order), -1 beyond them or none
    made_cards: np.ndarray = column("actions", np.int8, -1, 5)
    line: np.ndarray = column("actions", np.int32, of="line")
    # ---------------------------------------------------------------- per summary pot (P)
    pot_amount: np.ndarray = column("pots", np.int64)
    # ------------------------------------------- optional: None (as empty() leaves it) while no row needs it
    stack_not_stated: np.ndarray | None = None  # bool per seat: HoldemHand.stack_not_stated (no stack is checked)
    # int64 rows (hand, line, pots, rake, run) of HoldemHand.running_pots, in order
    running_pots: np.ndarray | None = None
    # ---------------------------------------------------------------- strings, one per hand / seat
    game_id: list[str] = per_hand("source.game_id")
    source_file: str = ""
    hand_id: list[str] = per_hand("hand_id")
    tournament_id: list[str | None] = per_hand("tournament_id")
    stakes: list[str] = per_hand("stakes")
    currency: list[str] = per_hand("currency")
    club: list[str | None] = per_hand("info.club")
    table_name: list[str | None] = per_hand("info.table_name")
    played_at: list[datetime | None] = per_hand("info.played_at")
    played_in_utc: list[bool] = per_hand("info.played_in_utc")  # played_at is UTC, not as written
    player: list[str] = field(default_factory=list)         # per seat

    @property
    def hands(self) -> int:
        return len(self.in_lane)

    @classmethod
    def empty(cls, hands: int, seats: int, actions: int, pots: int) -> HandBatch:
        """A batch of the given sizes, every :func:`column` at its fill (cards and optional amounts at -1)."""
        rows = {"hands": hands, "bounds": hands + 1, "seats": seats, "actions": actions, "pots": pots}
        return cls(**{name: _i(rows[size], dtype, fill, width) for name, size, dtype, fill, width in _COLUMNS})


_COLUMNS = [(f.name, *f.metadata["column"]) for f in fields(HandBatch) if "column" in f.metadata]
"""The column fields of a batch, read once."""


# ---------------------------------------------------------------------- the reference converter


def in_cents(value) -> int | None:
    """``value`` (a Decimal) in hundredths, or None when it has more than two decimals."""
    scaled = value * 100
    whole = int(scaled)
    return whole if whole == scaled else None


def _unseated(hand: HoldemHand) -> list[str]:
    """Names that act or have a summary seat but no seat line, by name (the replay's order for seat 0)."""
    seated = {s.player for s in hand.seats}
    named = {a.player for a in hand.actions}
    if hand.summary is not None:
        named.update(s.player for s in hand.summary.seats)
    return sorted(named - seated)


def batch_from_hands(hands: list[HoldemHand], source_file: str = "") -> HandBatch:
    """The batch of parsed hands, following the module's conventions: the plain-Python
    reference (and test oracle) for ``parsers.pokerstars_fast``, not a fast path.
    ``pot`` follows :func:`pot_code` (``side pot-1`` is code 2).

    >>> import dataclasses
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
    >>> bool(b.in_lane[0]), bool(b.has_summary[0])
    (True, False)
    >>> bool(batch_from_hands([dataclasses.replace(hand, small_blind=D("0.005"))]).in_lane[0])
    False
    """
    unseated = [_unseated(hand) for hand in hands]
    by_hand = {"seats": [(*hand.seats, *[None] * len(names)) for hand, names in zip(hands, unseated)],  # None: unseated
               "actions": [hand.actions for hand in hands],
               "pots": [() if hand.summary is None else hand.summary.pots for hand in hands]}
    b = HandBatch.empty(len(hands), *(sum(map(len, records)) for records in by_hand.values()))
    for start, records in zip((b.seat_start, b.action_start, b.pot_start), by_hand.values()):
        start[1:] = list(accumulate(map(len, records)))
    unfit = np.zeros(len(hands), np.bool_)     # hands with an amount of more than two decimals
    for kind, records, starts in (("hands", hands, None), ("seats", by_hand["seats"], b.seat_start),
                                  ("actions", by_hand["actions"], b.action_start)):
        rows = records if starts is None else [record for of_hand in records for record in of_hand]
        for name, get, fill in _COPIED[kind]:
            unfitting = _copy(getattr(b, name), [None if row is None else get(row) for row in rows], fill)
            if unfitting:
                unfit[unfitting if starts is None else np.searchsorted(starts, unfitting, "right") - 1] = True
    for name, get, _ in _COPIED["lists"]:
        getattr(b, name).extend(map(get, hands))
    b.dead_posts_checked[:] = [DEAD_POSTS_CHECKED.get(hand.info.site, 0) if hand.small_blind_stated else 0
                               for hand in hands]
    b.room_noted[:] = [bool(hand.room_findings) for hand in hands]
    if any(hand.stack_not_stated for hand in hands):
        b.stack_not_stated = _i(len(b.seat_no), np.bool_)
    running = [(h, pot.line, in_cents(pot.amount), in_cents(pot.rake), pot.run)
               for h, hand in enumerate(hands) for pot in hand.running_pots]
    if running:
        for h, _, pots, rake, _ in running:
            unfit[h] |= pots is None or rake is None
        b.running_pots = np.array([[value or 0 for value in row] for row in running], np.int64)
    b.source_file = source_file or (hands[0].source.file if hands else "")
    for h, (hand, s0, a0, p0) in enumerate(zip(hands, b.seat_start.tolist(), b.action_start.tolist(),
                                                b.pot_start.tolist())):
        b.in_lane[h] = _fill_hand(b, h, hand, unseated[h], s0, a0, p0) and not unfit[h]
        b.player.extend(s.player for s in hand.seats)
        b.player.extend(unseated[h])
    return b


def anonymous_seats(b: HandBatch) -> np.ndarray:
    """Per seat, whether its name is no person's: one its reader says is anonymous (``is_anonymous``:
    Bovada's seats, named by their position), or a name the log leaves blank, which would otherwise
    be one player with every other blank name. The hand's rows keep such seats; the statistics of
    players leave them out (docs/warehouse.md, ``is_anonymous``).

    >>> b = HandBatch.empty(1, 3, 0, 0)
    >>> b.player[:] = ["Hero", "Big Blind", ""]
    >>> b.is_anonymous[1] = True
    >>> anonymous_seats(b).tolist()
    [False, True, True]
    """
    said = b.is_anonymous[:len(b.player)]     # (the lane's scan leaves the columns it does not write longer)
    blank = {name for name in set(b.player) if is_nameless(name)}     # a file's names, each once
    if not blank:
        return said
    return said | np.array([name in blank for name in b.player], np.bool_)


def _path(path: str) -> Callable:
    """The getter of a dotted field path of a record, None where a step of it is None (a hand without a summary)."""
    if "." not in path:
        return attrgetter(path)
    head, rest = path.split(".", 1)
    inner = _path(rest)
    return lambda record: None if (value := getattr(record, head)) is None else inner(value)


_COPIED = {rows: [(f.name, _path(f.metadata["of"]), f.metadata.get("column", (0, 0, 0))[2]) for f in fields(HandBatch)
                  if f.metadata.get("of") and f.metadata.get("column", ("lists",))[0] == rows]
           for rows in ("hands", "seats", "actions", "lists")}
"""Per kind of row, the fields declared with the record field they copy (``of``): its getter and fill."""

_CODES = {kinds: {member: code for code, member in enumerate(kinds)} for kinds in (BettingStructure, Street, ActionKind)}
"""The enums a column holds as the value's index in the enum (BETTINGS, STREETS, KINDS)."""


def _copy(column: np.ndarray, values: list, fill) -> list[int]:
    """Write a record field's values into ``column`` as the conventions code them: amounts (the int64
    columns) in cents, enums by :data:`_CODES`, None as ``fill``. Returns the rows of amounts of more
    than two decimals (written 0)."""
    if column.dtype == np.int64:
        values = [fill if value is None else in_cents(value) for value in values]
        unfitting = [row for row, cents in enumerate(values) if cents is None]
        column[:] = [0 if cents is None else cents for cents in values] if unfitting else values
        return unfitting
    codes = _CODES.get(type(next((value for value in values if value is not None), None)))
    if codes is not None:
        values = [fill if value is None else codes[value] for value in values]
    elif None in values:
        values = [fill if value is None else value for value in values]
    column[:] = values
    return []


def _card_lines(lines: tuple[int, ...], cards: int) -> list[int]:
    """The line of each of a board's five places, from the street lines of its run (``lines``, in
    order) and its number of cards: the lines deal its last streets (the flop three cards, the turn
    and the river one each); the cards before them, shared with an earlier board, take its first line."""
    if not lines or cards == 0:
        return [0] * 5
    streets = [3, 4, 5][:max(cards - 2, 1)]             # the cards dealt once each street is out
    ends = streets[-len(lines):] if len(lines) <= len(streets) else [cards] * len(lines)
    out, at = [], 0
    for line, end in zip(lines, ends):
        out += [line] * (end - at)
        at = end
    return (out + [0] * 5)[:5] if at else [0] * 5


def _fill_hand(b: HandBatch, h: int, hand: HoldemHand, unseated: list[str], s0: int, a0: int, p0: int) -> bool:
    """Fill hand ``h``'s columns that copy no record field; False when the hand is out of the lane."""
    ok = True

    def cents(value) -> int:
        nonlocal ok
        c = in_cents(value)
        ok &= c is not None
        return c or 0

    summary = hand.summary
    b.has_summary[h] = summary is not None
    ok &= _put_boards(hand.boards, b.boards[h])
    for run, lines in enumerate(hand.board_lines[:3]):
        b.board_lines[h, run] = _card_lines(lines, int((b.boards[h, run] >= 0).sum()))
    if hand.board_change is not None:
        b.board_change_line[h], *b.board_change[h] = hand.board_change
    # seats, by name: the last seat line of a name is the player's (as the replay keys players by name)
    n = len(hand.seats)
    index = {s.player: i for i, s in enumerate(hand.seats)}
    for s in hand.seats:
        b.is_sitting_out[s0 + index[s.player]] |= s.is_sitting_out
        b.is_out_of_hand[s0 + index[s.player]] |= s.is_out_of_hand
    index.update((name, n + k) for k, name in enumerate(unseated))
    b.is_unseated[s0 + n:s0 + n + len(unseated)] = True
    for names, column in ((hand.stack_not_stated, b.stack_not_stated), (hand.anonymous_players, b.is_anonymous)):
        for name in index.keys() & names:
            column[s0 + index[name]] = True
    # hole cards merged as the replay merges them: the longest record wins, a later two-card
    # record that differs is a conflict; the line is the player's first record's
    holes: dict[str, tuple] = {}
    for record in hand.hole_cards:
        i = index.get(record.player)
        if i is None or len(record.cards) > 2:
            ok = False
            continue
        j, known = s0 + i, holes.get(record.player, ())
        if not known:
            b.hole_line[j] = record.line
        if len(record.cards) > len(known):
            holes[record.player] = record.cards
            b.hole[j] = [card.code for card in record.cards] + [-1] * (2 - len(record.cards))
            b.hole_how[j] = HOWS.index(record.how)
        elif known and len(record.cards) == 2 and set(known) != set(record.cards):
            slot = 0 if not b.hole_conflict_line[j, 0] else 1
            if b.hole_conflict_line[j, slot]:
                ok = False      # a third record against the dealt cards: no column holds it
                continue
            b.hole_conflict[j, slot] = [card.code for card in record.cards]
            b.hole_conflict_line[j, slot] = record.line
    for c in hand.cash_outs:
        b.has_cash_out[s0 + index[c.player]] = True
        b.cash_out[s0 + index[c.player]] = cents(c.amount)
    for j, a in enumerate(hand.actions, a0):
        b.actor[j] = index[a.player]
        if a.cards:
            ok &= len(a.cards) <= 2
            b.cards[j, :len(a.cards[:2])] = [card.code for card in a.cards[:2]]
        b.pot[j] = pot_code(a.pot) if a.kind is ActionKind.COLLECT else -1
    if summary is not None:
        b.pot_amount[p0:p0 + len(summary.pots)] = [cents(amount) for amount in summary.pots]
        ok &= _put_boards(summary.boards, b.summary_boards[h])
        lines = summary.board_lines[:min(len(summary.boards), 3)]      # a board without its line keeps 0
        b.summary_board_lines[h, :len(lines)] = lines
        for s in summary.seats:
            j = s0 + index[s.player]
            won = sum(cents(amount) for amount in s.won) if s.won else -1
            if not b.summary_line[j]:
                b.summary_line[j], b.summary_won[j] = s.line, won
            elif not b.summary_line_again[j]:
                b.summary_line_again[j], b.summary_won_again[j] = s.line, won
            else:
                ok = False      # a third summary seat line of one player: no column holds it
            b.won_not_awarded[j] |= "not awarded" in s.text
            if j - s0 < n and s.seat != b.seat_no[j] and not b.summary_line_again[j] \
                    and sum(seat.player == s.player for seat in hand.seats) == 1:
                b.summary_seat_no[j] = s.seat      # another seat than the seat line's: HE-SUMMARY-SEATS
    if hand.named_hands:
        ok &= _put_named_hands(b, h, hand, index, s0, a0)
    return ok


def _put_named_hands(b: HandBatch, h: int, hand: HoldemHand, index: dict[str, int], s0: int, a0: int) -> bool:
    """The made hands the show lines (``named_hand``, ``made_cards``) and the players' summary lines
    name: in words, the first summary line's (``summary_named_hand``, by board), by their cards, the
    first that lists them on the first board (``summary_made_cards`` and its line); and whether hand
    ``h`` has one (``has_named_hand``). A name at another line (a second summary line) is left out.
    False when a line lists more than five cards, which no column holds."""
    shows = {a.line: j for j, a in enumerate(hand.actions, a0) if a.kind is ActionKind.SHOW}
    for named in hand.named_hands:
        cards = [card.code for card in named.cards]
        if len(cards) > 5:
            return False
        if named.line in shows:
            j = shows[named.line]
            b.named_hand[j] = named.code
            b.made_cards[j, :len(cards)] = cards
            b.has_named_hand[h] = True
        elif named.player in index and named.board < 3:
            j = s0 + index[named.player]
            if b.summary_line[j] == named.line and named.category is not None:
                b.summary_named_hand[j, named.board] = named.code
                b.has_named_hand[h] = True
            if cards and named.board == 0 and not b.summary_made_line[j]:
                b.summary_made_cards[j, :len(cards)] = cards
                b.summary_made_line[j] = named.line
                b.has_named_hand[h] = True
    return True


def _put_boards(boards, rows: np.ndarray) -> bool:
    """The card codes of up to three boards, a row of ``rows`` each; False when there are more than
    three, or a board has more than five cards."""
    for k, board in enumerate(boards[:3]):
        rows[k, :len(board[:5])] = [card.code for card in board[:5]]
    return len(boards) <= 3 and all(len(board) <= 5 for board in boards)
