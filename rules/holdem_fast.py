"""The compiled Hold'em engine: a whole :class:`~rules.holdem_batch.HandBatch` replayed in one Numba call.

:func:`replay_batch` walks every hand of a batch with the Hold'em rules (:class:`rules.holdem_rules.HE`)
in integer cents, and reports every rule a log breaks as a finding row: the hand, the rule's code,
the line, the seat and the expected and actual amounts (:class:`FindingRows`). Like a referee it
carries on after a finding, so a broken hand yields all its findings at once. Each rule is one small
compiled function named after its rule ID (``he_check``, ``he_min_raise``, …), called where it applies.

A hand is *certified* when the engine models it and it breaks no rule. The :class:`FactBatch` then
holds the warehouse facts of the hand (actions, players, pots), the all-in EV included (computed
after the kernel by :func:`rules.holdem.allin_ev_cents`).

Not modelled (``explained`` False, no findings): an uncalled bet returned while two players share the
top bet and nothing was returned; two dealt players with one seat number; a pot that would be split
with a negative amount; a board with a gap; more than 62 seats.
Hands out of the lane (``in_lane`` False: what a batch's columns cannot hold, see rules.holdem_batch)
are not modelled either. A hand run twice or three times shares each pot between its boards (the
odd unit to the first board) and each board's share by that board's showdown; a cash-out is paid
by the room (in ``collected``, and a pot "not awarded" to the player who cashed out is no missing
collect); a capped table puts a player all in at the cap; a cancelled hand has players and no play.

>>> from rules.holdem_batch import batch_from_hands
>>> from parsers.formats import HEADERS, parse_chunk
>>> from parsers.source import normalize_lines, split_games
>>> from pipeline.generators.holdem import generate
>>> hands = [parse_chunk(c, "g.txt") for c in split_games(normalize_lines(generate("holdem", 3, seed=2)), HEADERS)]
>>> facts = replay_batch(batch_from_hands(hands))
>>> facts.certified.tolist()
[True, True, True]
>>> broken = batch_from_hands(hands)
>>> broken.total_pot[0] += 1      # the summary's total pot says a cent more
>>> found = replay_batch(broken)
>>> found.certified.tolist(), [str(rule) for rule in found.findings.rules()]
([False, True, True], ['HE-POT-BALANCE'])
>>> int(found.findings.line[0]) == int(broken.total_line[0]), int(found.findings.actual[0] - found.findings.expected[0])
(True, 1)
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass, fields

import numpy as np
from numba import from_dtype
from numba.core.types import UniTuple, boolean, int64, void

from rules.compiled import entry_in_place, inlined, kernel
from rules.evaluator import RankOrder, add_card_masks, mask_strength, rank_tables
from rules.holdem import allin_ev_cents
from rules.holdem_batch import BETTINGS, KINDS, POSITIONS, STREETS, UNSET, HandBatch, column
from rules.holdem_hand import ActionKind, BettingStructure, Street
from rules.holdem_room import breached
from rules.holdem_rules import (
    DEFAULT,
    HE,
    LIMIT_CAP_BETS,
    LIMIT_CAP_HEADS_UP,
    POSITIONS_AFTER_BB,
    reopens_betting,
)

__all__ = ["LISTED_CARDS", "FactBatch", "FindingRows", "listed_cards", "pot_of_collect", "replay_batch"]

# Codes as compile-time constants of the kernel, written out: Numba's cache keeps a global's value
# from compile time and is renewed only when THIS file changes, so a literal here (checked against
# the enums below) cannot go stale when rules.holdem_hand reorders its members.
K_SB, K_BB, K_BUTTON, K_ANTE, K_STRADDLE, K_DEAD = 0, 1, 2, 3, 4, 5
K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE, K_UNCALLED, K_COLLECT, K_MUCK = 6, 7, 8, 9, 10, 11, 12, 14
ST_PREFLOP, ST_FLOP, ST_RIVER = 0, 1, 3
N_KINDS, N_STREETS = 15, 5
B_NO_LIMIT, B_POT_LIMIT, B_LIMIT = 0, 1, 2
P_BTN, P_SB, P_BB = 0, 1, 2
assert (K_SB, K_BB, K_BUTTON, K_ANTE, K_STRADDLE, K_DEAD, K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE, K_UNCALLED,
        K_COLLECT, K_MUCK) == tuple(KINDS.index(k) for k in (
            ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.POST_BUTTON, ActionKind.POST_ANTE,
            ActionKind.POST_STRADDLE, ActionKind.POST_DEAD, ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL,
            ActionKind.BET, ActionKind.RAISE, ActionKind.UNCALLED, ActionKind.COLLECT, ActionKind.MUCK)), \
    "update the kind codes"
assert (ST_PREFLOP, ST_FLOP, ST_RIVER) == tuple(STREETS.index(s) for s in (Street.PREFLOP, Street.FLOP, Street.RIVER))
# the posts come first, then the bets (K_FOLD to K_RAISE)
assert [(kind.is_post, kind.is_betting) for kind in KINDS] == [(k <= K_DEAD, K_FOLD <= k <= K_RAISE) for k in range(N_KINDS)]
assert len(STREETS) == N_STREETS, "a street's code is its place in the order: update N_STREETS"
assert (B_NO_LIMIT, B_POT_LIMIT, B_LIMIT) == tuple(BETTINGS.index(x) for x in BettingStructure)
assert (P_BTN, P_SB, P_BB) == tuple(POSITIONS.index(x) for x in ("BTN", "SB", "BB"))
ERROR, WARNING = 0, 1
"""Finding severities: ``FindingRows.severity`` codes."""
_MAX_SEATS = 62     # seats of one hand held in an int64 bit mask
_MIN_PLAYERS, _MAX_PLAYERS = 2, 10      # HE-PLAYERS (rules.holdem_rules.MIN_PLAYERS, MAX_PLAYERS)


def _position_table() -> np.ndarray:
    """Position codes by [the button's blind alone][players dealt][place on the ring from the button]."""
    table = np.full((2, _MAX_SEATS + 1, _MAX_SEATS), -1, dtype=np.int8)
    for n in range(1, _MAX_SEATS + 1):
        blinds = ("BTN", "BB") if n == 2 else ("BTN", "SB", "BB")
        for button_blind, names in enumerate((blinds + POSITIONS_AFTER_BB.get(n - 3, ()),
                                              ("BTN",) + POSITIONS_AFTER_BB.get(n - 1, ()))):
            for i, name in enumerate(names[:n]):
                table[button_blind, n, i] = POSITIONS.index(name)
    return table


# ---------------------------------------------------------------------- what the kernel reads and writes

Tables = namedtuple("Tables", "positions standard short_deck short_deck_straights")
"""Constant tables: positions by ring place, the rank tables of both decks."""

_TABLES = Tables(_position_table(), rank_tables(RankOrder.STANDARD), rank_tables(RankOrder.SHORT_DECK),
                 rank_tables(RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS))

# What the kernel reads of a batch (see rules.holdem_batch), in groups, so that each helper is handed
# the group it reads: its per-hand and per-seat facts as two tables (a row per column of
# ``HAND_COLUMNS``, ``SEAT_COLUMNS``), its actions and its cards as they are (the batch's columns of
# the names of their fields).
Columns = namedtuple("Columns", "in_lane seat_start action_start pot_start hands seats actions cards pot_amount")
Actions = namedtuple("Actions", "street actor kind amount raise_to is_all_in is_capped line pot")
Cards = namedtuple("Cards", "hole hole_line hole_conflict hole_conflict_line boards board_lines summary_boards "
                            "summary_board_lines board_change_line board_change named_hand action_board "
                            "summary_named_hand made_cards summary_made_cards summary_made_line")

RULE = namedtuple("KernelRules", (
    "PLAYERS ACTION_ORDER CHECK CALL BET BLINDS MIN_RAISE POT_LIMIT LIMIT_SIZE LIMIT_CAP STACK UNCALLED SIDE_POT "
    "SHOWDOWN SPLIT POT_BALANCE COLLECTED SD_ORDER DECK BOARD SUMMARY_SEATS HAND_NAME"))(*range(22))
"""The rules as the kernel codes them (``RULE.CHECK``), written here as the kind codes are; the
findings leave the kernel as :class:`HE` codes (``_HE_CODE``), whatever the enum's order."""
_HE_CODE = np.array([HE[name].code for name in RULE._fields], np.int16)
assert set(RULE._fields) == {rule.name for rule in HE} - {HE.FINISHING_STACKS.name}, "update RULE"

# The state of the hand being replayed, NumPy records of named int64 fields: the betting round (R),
# the hand (G: its stakes and what the replay knows of it), its seats (S, a record per seat). Records,
# not tables with column constants: Numba compiles a named field (a fixed offset) cheaper.
ROUND = np.dtype([(name, np.int64) for name in (
    "street", "current", "last_raise", "level_at_full", "bets", "to_act", "acted", "blocked", "last_actor",
    "heads_up", "passed_over")], align=True)
HAND_COLUMNS = ("betting", "big_blind", "small_bet", "big_bet", "cap", "button_seat", "rake", "unit", "is_short_deck",
                "straight_beats_trips", "total_line", "total_pot", "has_summary", "results_not_stated", "first_line",
                "last_line", "ante", "small_blind", "second_sb_live", "away_folds", "is_cancelled",
                "summary_lists_every_seat", "limit_cap", "cap_heads_up", "odd_chip_any", "has_named_hand")
HAND = np.dtype([(name, np.int64) for name in HAND_COLUMNS + (
    "hand", "seats", "n_live", "sb_posted", "bb_posted", "allin_street", "not_stated", "unplaced", "end_line",
    "collected_log", "mucked", "played", "posts_end", "pots_listed", "returned", "awarded")], align=True)
"""The hand: its batch columns (``HAND_COLUMNS``, in order; ``total_pot`` the summary's,
``limit_cap`` and ``cap_heads_up`` :func:`replay_batch`'s options, ``odd_chip_any`` a split's odd units to
any winner, ``has_named_hand`` a line names a made hand: HE-HAND-NAME looks at no other), then the replay's (``n_live``: the
players dealt in). Bit masks of seats: ``not_stated`` their stack not stated, ``unplaced`` of those no
seat line (a turn neither checked nor expected), ``mucked`` a muck line. ``end_line``: where the play
ends (the total pot's line, else the last); ``played``: an action but a fold before the flop (no
walk); ``posts_end``: the action after the last post; ``pots_listed``: the summary lists the replay's
pots one by one, so a collect line's "main pot" or "side pot" names one of them; ``returned``: an
uncalled bet line; ``awarded``: the rules tell who wins each pot (what each seat is owed is whole)."""
SEAT_COLUMNS = ("seat_no", "is_unseated", "summary_won", "summary_line", "summary_won_again", "summary_line_again",
                "has_cash_out", "won_not_awarded", "stack", "is_sitting_out", "is_out_of_hand", "stack_not_stated",
                "cash_out", "summary_seat_no")
SEAT = np.dtype([(name, np.int64) for name in SEAT_COLUMNS + (
    "invested", "dead", "bet", "folded", "all_in", "all_in_by_post", "fold_street", "dealt", "position", "collected",
    "has_collect", "collect_line", "first_line", "expected", "after_split", "in_split", "odd_given", "odd_reach",
    "cited", "owed_cited", "paid_away", "pot_got", "pot_lines", "pot_last", "pot_owed", "strength",
    "std_strength", "std_winner", "ranked_0", "ranked_1", "ranked_2", "ring_key", "live", "ring", "winners", "by_line", "pot_amount", "pot_net", "pot_eligible",
    "pot_winners")], align=True)
"""A seat of the hand being replayed (S, a record per seat): its batch columns (``SEAT_COLUMNS``, in
order; ``stack`` is what is left of it, ``summary_seat_no`` the summary's other seat number, -1 none), then
the replay's (``odd_given``: the odd units the replay gives him of split pots, ``odd_reach``: the odd units
he may get of them, one a split pot that has some; ``ranked_0`` … ``ranked_2``: the strength of his
cards on each board, in the table's ranking, 0 until ranked, -1 not a hand; ``cited``: what his collect lines already cited one by one pay him, ``owed_cited`` what the rules
give at those lines; ``paid_away``: what the lines cited so, or a co-winner's lines, pay of his share of a pot no
line of his names; ``pot_got``, ``pot_lines``, ``pot_last``, ``pot_owed``: his lines of the pot being checked,
what they pay, how many, the last, and his share of it; ``ring_key``: its place in the ring, by which
``live`` is sorted). The last eight are lists
by place, not by seat: the players dealt in by seat number (``live``) and clockwise from the button's left
(``ring``), a pot's winners clockwise, the seats by their hole cards' line, and the pots (pot k in record k;
``pot_winners`` the bits of the seats that win it)."""
State = namedtuple("State", "round round_values hand hand_values seats seat_values")
"""R, G and S, each with an int64 view of its fields by number (to clear them and copy the batch's
columns in), made by :func:`replay_batch`: made in the kernel, each would compile NumPy's constructors."""
SEAT_FIELDS, _BATCH_SEAT_FIELDS = len(SEAT.names), len(SEAT_COLUMNS)
HAND_FIELDS, _BATCH_HAND_FIELDS = len(HAND.names), len(HAND_COLUMNS)
assert (HAND.names[_BATCH_HAND_FIELDS], SEAT.names[_BATCH_SEAT_FIELDS]) == ("hand", "invested")
_NOT_STATED = np.int64(1) << 60     # a stack not stated: more chips than any hand puts in
_NO_LEVEL = np.int64(1) << 62       # above any chips a player puts in (_NOT_STATED included)


@dataclass(slots=True)
class FindingRows:
    """The rules a batch's logs break, one row each, in the order the engine met them.

    ``rule`` is a :class:`~rules.holdem_rules.HE` code (``HE.by_code``), ``severity`` 0 error 1
    warning, ``line`` the file line (0 when the log has none), ``seat`` the seat's index in its hand
    (-1 none); ``expected`` and ``actual`` are what the rules give and what the log says, in cents
    (what they count depends on the rule).
    """

    hand: np.ndarray = column("rows", np.int32)
    rule: np.ndarray = column("rows", np.int16)
    severity: np.ndarray = column("rows", np.int8)
    line: np.ndarray = column("rows", np.int32)
    seat: np.ndarray = column("rows", np.int16, -1)
    expected: np.ndarray = column("rows", np.int64)
    actual: np.ndarray = column("rows", np.int64)

    def __len__(self) -> int:
        return len(self.hand)

    def rules(self) -> list[HE]:
        return [HE.by_code(int(code)) for code in self.rule]

    def of_hand(self, h: int) -> FindingRows:
        take = self.hand == h
        return FindingRows(**{f.name: getattr(self, f.name)[take] for f in fields(self)})


# The kernel writes a finding as a row of one int64 array, a column per field in this order: one
# array handed down to every check rather than seven, each costing compile time at every call.
assert tuple(f.name for f in fields(FindingRows)) == ("hand", "rule", "severity", "line", "seat", "expected", "actual")


@dataclass(slots=True)
class FactBatch:
    """The kernel's verdict and facts for H hands, S seats, A actions of a batch (aligned with it).

    Values are meaningful for explained hands only. Money is int64 cents, positions are
    ``holdem_batch.POSITIONS`` indices (-1 none). Every action of an explained hand has a fact row
    (``action_no`` = its index in the hand). The players are the seats with ``has_fact``, in
    ``fact_order`` (by seat number).
    """

    # per hand (H)
    explained: np.ndarray = column("hands", np.bool_)  # the engine modelled the hand (all its findings found)
    certified: np.ndarray = column("hands", np.bool_)  # explained, and no finding
    is_walk: np.ndarray = column("hands", np.bool_)
    count_players: np.ndarray = column("hands", np.int16)  # players dealt in
    total_pot: np.ndarray = column("hands", np.int64)
    rake: np.ndarray = column("hands", np.int64)
    allin_street: np.ndarray = column("hands", np.int8, -1)  # the street where the betting ended all in, -1 none
    needs_allin_ev: np.ndarray = column("hands", np.bool_)  # all in before the river with every contender's cards known
    has_allin_ev: np.ndarray = column("hands", np.bool_)  # the all-in EV was computed
    n_pots: np.ndarray = column("hands", np.int16)  # the replay's pots; pot k of hand h at seat_start[h] + k
    owed_known: np.ndarray = column("hands", np.bool_)  # the rules tell who wins each pot: ``owed`` is whole
    # per action (A)
    action_no: np.ndarray = column("actions", np.int16)
    seat: np.ndarray = column("actions", np.int16, -1)  # the actor's seat number, -1 none
    position: np.ndarray = column("actions", np.int8, -1)
    amount: np.ndarray = column("actions", np.int64)  # chips put in (a raise: its total less the bet before)
    to_call: np.ndarray = column("actions", np.int64)
    bet_level: np.ndarray = column("actions", np.int16)
    is_all_in: np.ndarray = column("actions", np.bool_)
    # a decision's player may raise as far as HE-MIN-RAISE goes: no short all-in since his last action
    # left the betting closed to him (his chips and the others' are the statistics' to weigh)
    is_reopened: np.ndarray = column("actions", np.bool_)
    # per seat (S)
    has_fact: np.ndarray = column("seats", np.bool_)  # dealt in, or antes left in the pot by a seat sitting out
    fact_order: np.ndarray = column("seats", np.int16, -1)  # place among the hand's players, -1 none
    seat_position: np.ndarray = column("seats", np.int8, -1)
    invested: np.ndarray = column("seats", np.int64)
    collected: np.ndarray = column("seats", np.int64)
    cash_out: np.ndarray = column("seats", np.int64)  # the room paid it for cashing out (in ``collected`` too)
    net: np.ndarray = column("seats", np.int64)
    # what the rules pay him from the pots, after rake (his findings' expected): with ``owed_known``
    owed: np.ndarray = column("seats", np.int64)
    allin_ev_net: np.ndarray = column("seats", np.int64)
    saw_flop: np.ndarray = column("seats", np.bool_)
    saw_turn: np.ndarray = column("seats", np.bool_)
    saw_river: np.ndarray = column("seats", np.bool_)
    went_to_showdown: np.ndarray = column("seats", np.bool_)
    won_at_showdown: np.ndarray = column("seats", np.bool_)
    # pots, S slots (see n_pots)
    pot_amount: np.ndarray = column("seats", np.int64)  # the pot before rake
    pot_net: np.ndarray = column("seats", np.int64)  # after rake, as the replay awards it
    pot_eligible: np.ndarray = column("seats", np.int64)  # bit i = the hand's seat i may win it
    pot_winners: np.ndarray = column("seats", np.int64)  # bit i = the rules give seat i (a share of) it; 0 not known
    findings: FindingRows | None = None


# The facts as the kernel writes them: an int64 table per kind of row, a row per FactBatch column of
# that kind (``HAND_FACT.rake`` names the rake's row), made FactBatch's columns after the kernel. Three
# tables, not 34 arrays: unboxing and handing down each array costs compile time.
Facts = namedtuple("Facts", "hands actions seats")
_FACT_COLUMNS = Facts(*([f for f in fields(FactBatch) if f.metadata.get("column", "-")[0] == rows]
                        for rows in Facts._fields))
HAND_FACT, ACTION_FACT, SEAT_FACT = (namedtuple(kind.title() + "Fact", [f.name for f in columns])(*range(len(columns)))
                                     for kind, columns in zip(("hand", "action", "seat"), _FACT_COLUMNS))


def replay_batch(batch: HandBatch, *, limit_cap: int | None = DEFAULT, cap_heads_up: bool = DEFAULT,
                 allin_ev: bool = True) -> FactBatch:
    """Replay every hand of ``batch`` (see the module docstring). ``limit_cap``: the bets allowed per
    Limit round (default ``rules.holdem_rules.LIMIT_CAP_BETS``, ``None``: no cap); ``cap_heads_up``: whether
    the cap holds heads-up (default ``LIMIT_CAP_HEADS_UP``), each for the hands whose own columns
    (a rule setting's) leave it unset; ``allin_ev=False`` skips the equity."""
    if limit_cap is DEFAULT:
        limit_cap = LIMIT_CAP_BETS
    if cap_heads_up is DEFAULT:
        cap_heads_up = LIMIT_CAP_HEADS_UP
    b = batch
    units = np.array([hand_unit(b, h) for h in range(b.hands)], np.int64)
    set_cap, set_heads_up = b.limit_cap[:b.hands], b.cap_heads_up[:b.hands]     # a rule setting's, per hand
    hands = _table(b, HAND_COLUMNS, b.hands, unit=units,
                   limit_cap=np.where(set_cap == UNSET, -1 if limit_cap is None else int(limit_cap), set_cap),
                   cap_heads_up=np.where(set_heads_up == UNSET, int(bool(cap_heads_up)), set_heads_up))
    seats = _table(b, SEAT_COLUMNS, len(b.seat_no))
    actions, cards = (group(*(getattr(b, name) for name in group._fields)) for group in (Actions, Cards))
    columns = Columns(b.in_lane, b.seat_start, b.action_start, b.pot_start, hands, seats, actions, cards, b.pot_amount)
    capacity = 2 * len(b.kind) + 2 * len(b.seat_no) + 4 * b.hands + 64
    sizes = Facts(b.hands, len(b.kind), len(b.seat_no))
    state = _state(max(int(np.diff(b.seat_start).max(initial=1)), 1))
    while True:
        tables = Facts(*(_fact_table(group, rows) for group, rows in zip(_FACT_COLUMNS, sizes)))
        found = np.zeros((capacity, len(fields(FindingRows))), np.int64)
        count = np.zeros(1, np.int64)
        _kernel(columns, _TABLES, state, tables, found, count)
        if count[0] <= capacity:
            break
        capacity = int(count[0])     # more findings than room for them: once more, with room
    f = FactBatch(**{c.name: table[k].astype(c.metadata["column"][1])
                     for group, table in zip(_FACT_COLUMNS, tables) for k, c in enumerate(group)})
    f.certified &= ~b.room_noted    # its reader's findings are reported by the full path
    f.certified &= ~breached(b, f)     # a room fact the log breaks: the full path words it
    n = int(count[0])
    found[:n, 1] = _HE_CODE[found[:n, 1]]
    found = found[:n]
    if b.running_pots is not None:
        off = _running_pots_off(b, f, units)
        if len(off):
            f.certified[off[:, 0]] = False
            found = np.concatenate([found, off])
            found = found[np.argsort(found[:, 0], kind="stable")]     # each hand's rows together, in hand order
    f.findings = FindingRows(**{c.name: found[:, k].astype(c.metadata["column"][1])
                                for k, c in enumerate(fields(FindingRows))})
    if allin_ev:
        _add_allin_ev(b, f, units)
    return f


def _running_pots_off(b: HandBatch, f: FactBatch, units: np.ndarray) -> np.ndarray:
    """HE-POT-BALANCE at each running pot the log states (``HandBatch.running_pots``) of a hand the
    replay modelled, as finding rows. With the rake stated beside it, a pot is what the replay puts
    in before its line (the actions' chips, ``FactBatch.amount``, less the bets returned); a run's
    share of a hand run twice, stated once the betting is over, is the run's share of each of the
    replay's pots after rake, the odd unit to the first run (as the replay awards them)."""
    hand, line, pots, rake, run = b.running_pots.T
    a0, a1 = b.action_start[hand], b.action_start[hand + 1]
    n = (a1 - a0).astype(np.int64)
    owner = np.repeat(np.arange(len(hand)), n)      # each stated pot's actions, one row each
    j = np.arange(int(n.sum())) - np.repeat(np.cumsum(n) - n, n) + np.repeat(a0, n)
    kind = b.kind[j]
    chips = np.where((kind <= K_DEAD) | ((K_FOLD <= kind) & (kind <= K_RAISE)), f.amount[j],
                     np.where(kind == K_UNCALLED, -f.amount[j], 0))
    put_in = np.zeros(len(hand), np.int64)
    np.add.at(put_in, owner, np.where(b.line[j] < line[owner], chips, 0))
    expected, actual = put_in, pots + rake
    for k in np.flatnonzero(run > 0).tolist():
        h = int(hand[k])
        s0, boards = int(b.seat_start[h]), max(int((b.boards[h, :, 0] >= 0).sum()), 1)
        expected[k] = sum(_share.py_func(net, boards, int(units[h]), int(run[k]) - 1)
                          for net in f.pot_net[s0:s0 + int(f.n_pots[h])].tolist())
        actual[k] = pots[k]
    off = f.explained[hand] & ~b.is_cancelled[hand] & (expected != actual)
    rows = np.zeros((int(off.sum()), len(fields(FindingRows))), np.int64)
    rows[:, 0], rows[:, 1], rows[:, 2], rows[:, 3] = hand[off], HE.POT_BALANCE.code, ERROR, line[off]
    rows[:, 4], rows[:, 5], rows[:, 6] = -1, expected[off], actual[off]
    return rows


def _state(width: int) -> State:
    """The replay's state for hands of up to ``width`` seats, with an int64 view of each record's fields."""
    records = np.zeros(1, ROUND), np.zeros(1, HAND), np.zeros(width, SEAT)
    return State(*(part for record in records for part in (record, record.view(np.int64))))


def _fact_table(columns: list, rows: int) -> np.ndarray:
    """The int64 table the kernel writes the FactBatch ``columns`` into, each row at its column's fill
    (broadcast into an empty table: np.repeat took 15 times as long, 0.1 CPU-s of 20,000 hands)."""
    table = np.empty((len(columns), rows), np.int64)
    table[:] = np.array([c.metadata["column"][2] for c in columns], np.int64)[:, None]
    return table


def _table(b: HandBatch, names: tuple[str, ...], rows: int, **given) -> np.ndarray:
    """The batch's columns ``names`` (or the values ``given`` for them) as the rows of one int64
    table (each copied whole, not strided), of their first ``rows`` values (a reader may leave a
    column longer); an optional column the batch leaves out (None) is 0."""
    table = np.zeros((len(names), rows), np.int64)
    for k, name in enumerate(names):
        values = given[name] if name in given else getattr(b, name)
        if values is not None:
            table[k] = values[:rows] if isinstance(values, np.ndarray) else values
    return table


def hand_unit(b: HandBatch, h: int) -> int:
    """The smallest unit of hand ``h`` in cents: a chip (100) in tournament chips and play money
    whose stacks and amounts are all whole chips, else a cent (a hand in chips that states
    cents, a PHH file's ``0.5`` blind, is played in cents)."""
    if b.currency[h] not in ("chips", "play"):
        return 1
    stacks = b.stack[b.seat_start[h]:b.seat_start[h + 1]]
    amounts = b.amount[b.action_start[h]:b.action_start[h + 1]]
    return 1 if (stacks % 100).any() or (amounts % 100).any() else 100


def _add_allin_ev(b: HandBatch, f: FactBatch, units: np.ndarray) -> None:
    """The all-in EV of every explained hand that needs it (:func:`rules.holdem.allin_ev_cents`), its
    spots gathered as arrays: each hand's contenders (its players at showdown, in fact order), their
    hole cards, the board of the all-in street and each pot's net and contenders."""
    needs = f.needs_allin_ev & f.explained
    hands = np.flatnonzero(needs)
    if not len(hands):
        return
    hand = np.repeat(np.arange(b.hands), np.diff(b.seat_start))     # each seat's hand
    seats = np.flatnonzero(needs[hand] & f.has_fact[:len(hand)] & f.went_to_showdown[:len(hand)])
    seats = seats[np.lexsort((f.fact_order[seats], hand[seats]))]
    spot = np.searchsorted(hands, hand[seats])
    players = np.bincount(spot, minlength=len(hands))
    place = np.arange(len(spot)) - (np.cumsum(players) - players)[spot]
    first = b.seat_start[hands].astype(np.int64)
    holes = np.full((len(hands), max(players.max(), 1), 2), -1, np.int64)
    holes[spot, place] = b.hole[seats]
    at = np.full(holes.shape[:2], 63, np.int64)    # each contender's seat in the hand (63: none, no pot's bit)
    at[spot, place] = seats - first[spot]
    pots = f.n_pots[hands].astype(np.int64)
    present = np.arange(max(pots.max(), 1)) < pots[:, None]
    pot = np.where(present, first[:, None] + np.arange(present.shape[1]), 0)
    eligible = np.where(present, f.pot_eligible[pot], 0)[:, :, None] >> at[:, None, :] & 1
    nets = np.where(present, f.pot_net[pot], 0)
    board_size = np.array([street.board_size for street in STREETS])[f.allin_street[hands]]
    board = np.where(np.arange(5) < board_size[:, None], b.boards[hands, 0], -1)
    deck = np.where(b.is_short_deck[hands], np.where(b.straight_beats_trips[hands], 2, 1), 0)
    ok, cents = np.zeros(len(hands), bool), np.zeros(holes.shape[:2], np.int64)
    for code in np.unique(deck).tolist():
        these = deck == code
        order = (RankOrder.STANDARD, RankOrder.SHORT_DECK, RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS)[code]
        cents[these], ok[these] = allin_ev_cents(holes[these], board[these], eligible[these], nets[these],
                                                 pots[these], order, units[hands[these]])
    f.has_allin_ev[hands[ok]] = True
    done = ok[spot]
    f.allin_ev_net[seats[done]] = cents[spot[done], place[done]] - f.invested[seats[done]]


_BETS, _INVESTED = True, False     # what _top_two ranks
_SEATS, _ROUND, _HAND = from_dtype(SEAT)[::1], from_dtype(ROUND), from_dtype(HAND)


# ---------------------------------------------------------------------- the rules, each where it applies
# Each returns whether the log keeps the rule; the kernel reports a finding when it does not.


@inlined
def he_players(dealt, cancelled):
    """HE-PLAYERS: 2 to 10 players dealt in; a hand with fewer is cancelled, as the room does (its
    one player posts, nobody else is there to post the big blind)."""
    return dealt <= _MAX_PLAYERS and (dealt >= _MIN_PLAYERS or cancelled)


@inlined
def he_check(to_call):
    """HE-CHECK: nothing to call."""
    return to_call <= 0


@inlined
def he_call(to_call, owed, owed_to_top_bet, amount):
    """HE-CALL: something to call, and the call puts in what is owed (or the whole stack), or
    what the largest bet actually made asks (PokerStars' way after a big blind posted all-in short)."""
    return to_call > 0 and (amount == owed or (owed_to_top_bet > 0 and amount == owed_to_top_bet))


@inlined
def he_bet(current):
    """HE-BET: a bet opens the betting."""
    return current <= 0


@inlined
def he_stack(chips, left):
    """HE-STACK: no more chips in than the stack holds."""
    return chips <= left


@inlined
def he_stack_all_in(said_all_in, left):
    """HE-STACK: a player said to be all-in keeps nothing (below nothing, he put in more than he had:
    that HE-STACK is found where the chips go in)."""
    return not said_all_in or left <= 0


@inlined
def he_blinds(posted, stated, all_in, may_be_less):
    """HE-BLINDS: a blind or ante as the stakes state, less only all-in (or a Limit small blind)."""
    return not (posted > stated or (posted < stated and not all_in and not may_be_less))


@inlined
def he_min_raise(size, last_raise, all_in_now):
    """HE-MIN-RAISE: a bet at least the big blind, a raise at least the last full one, unless all-in."""
    return not (size < last_raise and not all_in_now and size > 0)


he_reopens = inlined(reopens_betting)
"""HE-MIN-RAISE: a full bet or raise reopens the betting (``rules.holdem_rules.reopens_betting``, compiled)."""


@inlined
def he_min_raise_written(amount, raise_to, current, top_bet):
    """HE-MIN-RAISE: ``raises X to Y`` with X the raise over the bet, or over the largest bet
    actually made (PokerStars' way after a big blind posted all-in short)."""
    return raise_to < 0 or current <= 0 or amount == raise_to - current or amount == raise_to - top_bet


@inlined
def he_pot_limit(size, pot_after_call):
    """HE-POT-LIMIT: at most the pot after calling."""
    return size <= pot_after_call


@inlined
def he_limit_size(size, fixed, all_in_now, top):
    """HE-LIMIT-SIZE: the fixed size, less only all-in. Over a bet ``top`` that a short all-in left
    between two multiples of the size, also: a full size past the next multiple when the all-in is
    at least half a size over the last one (it counts as a full bet), else the next multiple (the
    bet completed)."""
    if size == fixed or (all_in_now and size < fixed):
        return True
    short = top % fixed if fixed > 0 else 0
    if short == 0:
        return False
    return top + size == top - short + (2 * fixed if short * 2 >= fixed else fixed)


@inlined
def he_limit_cap(bets_after, limit_cap, cap_applies):
    """HE-LIMIT-CAP: at most ``limit_cap`` bets a round (no cap: -1)."""
    return limit_cap < 0 or not cap_applies or bets_after <= limit_cap


@inlined
def he_uncalled(returned_to_top, amount, excess):
    """HE-UNCALLED: the uncalled part goes back to the top bettor."""
    return returned_to_top and amount == excess


# The kernel and its steps make no array and hand none back: the arrays of the batch, the state and
# the facts are Python's while the kernel runs, so no reference of theirs is counted (see rules.compiled).
_helper = kernel(from_python=False, counts_references=False)
"""A step only the kernel calls."""


# one signature, whatever integer types its callers pass: compiled once
@kernel(void(int64[:, ::1], int64[::1], _HAND, int64, int64, int64, int64, int64, int64), from_python=False,
        counts_references=False)
def _emit(out, count, G, rule, severity, line, seat, expected, actual):
    """A finding of hand G; rows beyond the room are counted, not written (the caller makes room)."""
    n = count[0]
    if n < out.shape[0]:
        row = (G.hand, rule, severity, line, seat, expected, actual)
        for k in range(len(row)):
            out[n, k] = row[k]
    count[0] = n + 1


# ---------------------------------------------------------------------- the kernel


@inlined
def _is_post(kind):
    return kind <= K_DEAD


@inlined
def _is_betting(kind):
    return K_FOLD <= kind <= K_RAISE


@inlined
def _fixed(st, G):
    """The Limit bet size of street ``st``."""
    small = G.small_bet if G.small_bet >= 0 else G.big_blind
    big = G.big_bet if G.big_bet >= 0 else small * 2
    return small if st <= ST_FLOP else big


@inlined
def _dealt(boards, h, b):
    """How many cards board ``b`` of hand ``h`` holds (those dealt come first, then -1)."""
    nb = 0
    while nb < 5 and boards[h, b, nb] >= 0:
        nb += 1
    return nb


@_helper
def _share(amount, n, unit, q):
    """Share ``q`` of ``amount`` shared by ``n`` in whole units, the odd units to the first; a
    negative amount (a rake above the pot) in shares rounded toward zero, with no odd units."""
    if n <= 1:
        return amount
    if amount < 0:
        return -((-amount) // (n * unit)) * unit
    each = (amount // (n * unit)) * unit
    odd = (amount - each * n) // unit
    return each + (unit if q < odd else 0)


@entry_in_place     # the one kernel Python calls
def _kernel(c, t, state, f, out, count):
    """Every hand of the batch: seat it, check its deck, walk its actions with the rules, settle the
    pots and the awards, write its facts. The one entry from Python; each helper is handed the state
    arrays and the groups of the batch (``Columns``) and of the facts (``Facts``) it reads or writes,
    not the whole: each array handed down costs compile time at each call."""
    R, G, S = state.round[0], state.hand[0], state.seats
    for h in range(c.in_lane.shape[0]):
        s0 = c.seat_start[h]
        ns = c.seat_start[h + 1] - s0
        if not c.in_lane[h] or ns > _MAX_SEATS or ns == 0:
            continue
        a0, a1 = c.action_start[h], c.action_start[h + 1]
        before = count[0]
        # the batch's columns first, then the replay's (loops: a slice's copy compiles Numba helpers)
        for k in range(HAND_FIELDS):
            state.hand_values[k] = c.hands[k, h] if k < _BATCH_HAND_FIELDS else 0
        G.hand = h
        G.seats = ns
        G.end_line = G.total_line if G.total_line > 0 else G.last_line
        state.seat_values[:] = 0
        for i in range(ns):
            for k in range(_BATCH_SEAT_FIELDS):
                state.seat_values[i * SEAT_FIELDS + k] = c.seats[k, s0 + i]
            if S[i].stack_not_stated:
                S[i].stack = _NOT_STATED
                G.not_stated |= np.int64(1) << i
                if S[i].is_unseated:
                    G.unplaced |= np.int64(1) << i
            S[i].fold_street = -1
            S[i].position = -1
            # a seat sitting out, or out of the hand, is dealt in only when it posts or bets; an ante
            # alone leaves him out (dead money), unless it puts him all in: a tournament deals an
            # away player his cards, and his ante plays for the main pot
            S[i].dealt = S[i].summary_line > 0 and not S[i].is_sitting_out and not S[i].is_out_of_hand
        cancelled = G.is_cancelled != 0
        modelled = _seat_hand(a0, a1, c.actions, t.positions, S, G, out, count)
        if modelled and G.summary_lists_every_seat:
            _check_summary_seats(S, G, out, count)
        if modelled and cancelled:      # players and positions, no play, and it pays nobody (HE-COLLECTED)
            for i in range(ns):
                _summary_won(i, np.int64(0), np.int64(0), S, G, out, count)
            _give_back(a0, a1, c.actions, f.actions, S, G, out, count)
        elif modelled:
            modelled = _check_deck(s0, c.cards, S, G, out, count)
            if modelled and G.has_named_hand:
                ranks = t.standard if not G.is_short_deck else t.short_deck_straights if G.straight_beats_trips \
                    else t.short_deck
                _check_hand_names(s0, a0, a1, c.actions, c.cards, ranks, S, G, out, count)
        npots = 0
        if modelled and not cancelled:
            state.round_values[:] = 0
            modelled = _play(a0, a1, c.actions, f.actions, S, R, G, out, count)
            if modelled:
                npots = _settle(c.pot_amount[c.pot_start[h]:c.pot_start[h + 1]], S, G, out, count)
                short_deck_ranks = t.short_deck_straights if G.straight_beats_trips else t.short_deck
                if _contenders(S, G) > 0:      # else no winner to check the collect lines against
                    modelled = _award(s0, a0, a1, c.actions, c.cards.boards, c.cards.hole, t.standard,
                                  short_deck_ranks, npots, S, G, out, count)
        if not modelled:
            count[0] = before       # not modelled: no findings, no facts
            continue
        _hand_facts(s0, npots, c.cards.boards, c.cards.hole, f.hands, f.seats, S, G)
        f.hands[HAND_FACT.explained, h] = True
        f.hands[HAND_FACT.certified, h] = count[0] == before


@inlined
def he_collected_given_back(collected, posted):
    """HE-COLLECTED in a cancelled hand: a player's collect lines give back his posts, no more, no less."""
    return collected == posted


@_helper
def _give_back(a0, a1, acts, facts, S, G, out, count):
    """The actions of a cancelled hand, numbered in order with their seats and positions: its posts
    go in and come back to their posters (a collect line, where the room writes one, is that return:
    HE-COLLECTED at a player's first collect line when his collect lines give back another amount,
    expected his posts, actual what they give); nothing is bet, so nothing is owed, all in or to call."""
    for j in range(a0, a1):
        p = np.int64(acts.actor[j])
        k = acts.kind[j]
        facts[ACTION_FACT.seat, j] = S[p].seat_no if S[p].seat_no != 0 else -1
        facts[ACTION_FACT.action_no, j] = j - a0
        facts[ACTION_FACT.position, j] = S[p].position
        if _is_post(k):
            S[p].invested += acts.amount[j]
            facts[ACTION_FACT.amount, j] = acts.amount[j]
        elif k == K_COLLECT:
            facts[ACTION_FACT.amount, j] = acts.amount[j]
            S[p].collected += acts.amount[j]
            if not S[p].has_collect:
                S[p].collect_line = acts.line[j]
            S[p].has_collect = 1
    for i in range(G.seats):
        # a room that writes no collect line (PokerStars) gives the posts back all the same
        if S[i].has_collect and not he_collected_given_back(S[i].collected, S[i].invested):
            _emit(out, count, G, RULE.COLLECTED, ERROR, S[i].collect_line, i, S[i].invested, S[i].collected)
        S[i].collected = S[i].invested


@_helper
def _play(a0, a1, acts, facts, S, R, G, out, count):
    """The actions of a hand, one by one, with their facts; False when not modelled."""
    ring0_seat = S[S[G.n_live - 1].ring].seat_no       # the button, last of the ring
    R.street = ST_PREFLOP
    anchor = np.int64(-1)
    straddled = False
    sb_seat = np.int64(-1)
    pre_started = False
    for j in range(a0, a1):
        p = np.int64(acts.actor[j])
        k = acts.kind[j]
        st = acts.street[j]
        amt = acts.amount[j]
        line = np.int64(acts.line[j])
        facts[ACTION_FACT.seat, j] = S[p].seat_no if S[p].seat_no != 0 else -1
        facts[ACTION_FACT.action_no, j] = j - a0
        to_call = max(R.current - S[p].bet, 0)
        level = R.bets
        amount_in = 0
        if _is_post(k):
            amount_in = amt
            _put(p, amt, line, S, G, out, count)
            S[p].all_in_by_post = S[p].all_in
            all_in = S[p].all_in != 0
            if k == K_ANTE:
                if G.ante != 0 and not he_blinds(amt, G.ante, all_in, False):
                    _emit(out, count, G, RULE.BLINDS, ERROR, line, p, G.ante, amt)
            elif k == K_DEAD:
                live = min(amt, G.big_blind) if amt > G.small_blind else 0     # a missed small blind alone is all dead
                S[p].bet += live
                S[p].dead += amt - live
            elif k == K_SB and G.sb_posted != 0 and not G.second_sb_live:
                S[p].dead += amt          # a second small blind (a returning player's) is dead money
            else:
                if k == K_SB:
                    G.sb_posted = 1
                    sb_seat = S[p].seat_no
                elif k == K_BB or k == K_BUTTON:
                    G.bb_posted = 1
                S[p].bet += amt
                if k != K_STRADDLE:
                    stated = G.small_blind if k == K_SB else G.big_blind
                    limit_sb = k == K_SB and G.betting == B_LIMIT
                    if limit_sb and amt <= G.big_blind:
                        stated = G.big_blind       # Limit small blinds vary (a third to a half of the big blind)
                    if not he_blinds(amt, stated, all_in, limit_sb):
                        _emit(out, count, G, RULE.BLINDS, ERROR, line, p, stated, amt)
            if (k == K_BB or k == K_BUTTON) and anchor < 0 and not straddled:
                # a big blind of unknown seat sits next to the small blind: the turn passes from it
                anchor = S[p].seat_no if not G.unplaced >> p & 1 else sb_seat
            elif k == K_STRADDLE:
                anchor = S[p].seat_no
                straddled = True
        elif k == K_FOLD and not pre_started and st == ST_PREFLOP and j + 1 < G.posts_end:
            # gone while the blinds are still being posted (after his ante): he leaves before the
            # deal, and it was no turn of his
            S[p].folded = 1
            S[p].fold_street = ST_PREFLOP
        elif _is_betting(k):
            if st != R.street:
                _end_round(line, S, R, G, out, count)
                R.street = st
                _open_round(False, ring0_seat, S, R, G)     # the first live player left of the button acts
            if not pre_started:
                pre_started = True
                _open_round(True, anchor, S, R, G)
            to_call = max(R.current - S[p].bet, 0)
            level = R.bets
            facts[ACTION_FACT.is_reopened, j] = R.blocked >> p & 1 == 0
            if k != K_FOLD or st != ST_PREFLOP:
                G.played = 1        # no walk
            amount_in = _act(p, k, amt, line, acts.raise_to[j], acts.is_all_in[j], acts.is_capped[j], S, R, G, out, count)
        elif k == K_UNCALLED:
            if not _uncalled(p, amt, line, S, R, G, out, count):
                return False
            G.returned = 1
            amount_in = amt
        elif k == K_COLLECT:
            S[p].collected += amt
            if not S[p].has_collect:
                S[p].collect_line = line
            S[p].has_collect = 1
            G.collected_log += amt
            amount_in = amt
        elif k == K_MUCK:
            G.mucked |= np.int64(1) << p
        facts[ACTION_FACT.position, j] = S[p].position
        facts[ACTION_FACT.amount, j] = amount_in
        facts[ACTION_FACT.to_call, j] = to_call
        facts[ACTION_FACT.bet_level, j] = level
        facts[ACTION_FACT.is_all_in, j] = S[p].all_in != 0 and (_is_post(k) or _is_betting(k)) and \
            (S[p].stack == 0 or G.not_stated >> p & 1 == 1)
    if not pre_started:
        _open_round(True, anchor, S, R, G)
    _end_round(G.end_line, S, R, G, out, count)
    return True


@_helper
def _put(p, chips, line, S, G, out, count):
    """Chips from a stack into the pot (HE-STACK when they are more than the stack: the stack then
    goes below zero, as the log says); a stack at zero or below, or chips in up to the table's
    cap (``cap`` ≥ 0), is all in."""
    if not he_stack(chips, S[p].stack):
        _emit(out, count, G, RULE.STACK, ERROR, line, p, S[p].stack, chips)
    S[p].stack -= chips
    S[p].invested += chips
    if S[p].stack <= 0 or 0 <= G.cap <= S[p].invested:
        S[p].all_in = 1


@_helper
def _contenders(S, G):
    """How many players dealt in have not folded."""
    n_cont = 0
    for r in range(G.n_live):
        if not S[S[r].live].folded:
            n_cont += 1
    return n_cont


@_helper
def _total(S, G):
    """The chips in the pot."""
    total = 0
    for i in range(G.seats):
        total += S[i].invested
    return total


@_helper
def _end_round(line, S, R, G, out, count):
    """The betting round is over: HE-ACTION-ORDER when a player still owed an action (at ``line``).
    The last player with chips owes one only facing a bet he has not matched: the others all in,
    a big blind posted all in short of the stakes' asks him nothing more than its chips."""
    n_active = 0
    n_cont = 0
    owing = -1
    top = 0         # the largest bet in
    low = -1        # the smallest bet of a player with chips
    for r in range(G.n_live):
        i = S[r].live
        if S[i].folded:
            continue
        n_cont += 1
        top = max(top, S[i].bet)
        if S[i].all_in:
            continue
        n_active += 1
        if R.to_act >> i & 1 and owing < 0:
            owing = i
        if low < 0 or S[i].bet < low:
            low = S[i].bet
    if n_cont <= 1:
        return
    if owing >= 0 and (n_active > 1 or 0 <= low < top):
        _emit(out, count, G, RULE.ACTION_ORDER, ERROR, line, owing, R.street, -1)
    if n_active <= 1 and G.allin_street < 0:
        G.allin_street = R.street


@_helper
def _hand_facts(s0, npots, boards, hole, hand, seat, S, G):
    """The facts of a replayed hand (``hand``) and of its players and pots (``seat``)."""
    h = G.hand
    n = G.n_live
    cancelled = G.is_cancelled != 0
    n_cont = 0
    winner = -1
    for r in range(n):
        if not S[S[r].live].folded:
            n_cont += 1
            winner = S[r].live
    streets_dealt = 0 if cancelled else max(_dealt(boards, h, 0) - 2, 0)    # flop, turn, river
    showdown = n_cont >= 2 and not cancelled
    for i in range(G.seats):
        cash = S[i].cash_out     # paid by the room for cashing out (or by him, to insure): not won
        seat[SEAT_FACT.seat_position, s0 + i] = S[i].position
        seat[SEAT_FACT.invested, s0 + i] = S[i].invested
        seat[SEAT_FACT.collected, s0 + i] = S[i].collected + cash
        seat[SEAT_FACT.cash_out, s0 + i] = cash
        net = 0 if cancelled else S[i].collected + cash - S[i].invested
        seat[SEAT_FACT.net, s0 + i] = net
        seat[SEAT_FACT.owed, s0 + i] = 0 if cancelled else S[i].expected
        seat[SEAT_FACT.allin_ev_net, s0 + i] = net
    shown = True        # every contender's cards known
    for r in range(n):
        i = S[r].live
        j = s0 + i
        if not S[i].folded and hole[j, 0] < 0:
            shown = False
        seat[SEAT_FACT.has_fact, j] = True
        seat[SEAT_FACT.fact_order, j] = r
        fold_street = S[i].fold_street      # a street's code is its ordinal
        seen = streets_dealt if fold_street < 0 else min(streets_dealt, fold_street)
        seat[SEAT_FACT.saw_flop, j] = seen >= 1
        seat[SEAT_FACT.saw_turn, j] = seen >= 2
        seat[SEAT_FACT.saw_river, j] = seen >= 3
        sd = showdown and not S[i].folded
        seat[SEAT_FACT.went_to_showdown, j] = sd
        seat[SEAT_FACT.won_at_showdown, j] = sd and S[i].collected > 0
    placed = n
    for i in range(G.seats):
        if not S[i].dealt and S[i].invested != 0:
            # antes left by a seat sitting out, dealt no cards: a player of the hand (his loss), with
            # no position
            seat[SEAT_FACT.has_fact, s0 + i] = True
            seat[SEAT_FACT.fact_order, s0 + i] = placed
            placed += 1
    for k in range(npots):
        seat[SEAT_FACT.pot_amount, s0 + k] = S[k].pot_amount
        seat[SEAT_FACT.pot_net, s0 + k] = S[k].pot_net
        seat[SEAT_FACT.pot_eligible, s0 + k] = S[k].pot_eligible
        seat[SEAT_FACT.pot_winners, s0 + k] = S[k].pot_winners
    ais = G.allin_street
    hand[HAND_FACT.n_pots, h] = npots
    hand[HAND_FACT.owed_known, h] = cancelled or G.awarded != 0     # a cancelled hand pays nobody
    hand[HAND_FACT.total_pot, h] = 0 if cancelled else _total(S, G)     # a cancelled hand's posts go back: no pot
    hand[HAND_FACT.count_players, h] = n
    hand[HAND_FACT.rake, h] = 0 if cancelled else G.rake
    hand[HAND_FACT.is_walk, h] = n_cont == 1 and (S[winner].position == P_BB or S[winner].position == P_BTN) and \
        not cancelled and not G.played
    hand[HAND_FACT.allin_street, h] = ais
    hand[HAND_FACT.needs_allin_ev, h] = ais >= 0 and ais != ST_RIVER and n_cont >= 2 and shown


@_helper
def _seat_hand(a0, a1, acts, positions, S, G, out, count):
    """Who is dealt in, their ring and positions, and HE-PLAYERS; False when not modelled."""
    ns = G.seats
    sb_poster = np.int64(-1)    # int64 from the start: a literal -1 would compile _unplaced_ring_key twice
    bb_poster = np.int64(-1)
    button_blind = False
    for j in range(a1 - 1, a0 - 1, -1):     # backwards: what is kept is each one's first
        i = acts.actor[j]
        k = acts.kind[j]
        if i < 0 or i >= ns or k < 0 or k >= N_KINDS or acts.street[j] < 0 or acts.street[j] >= N_STREETS:
            return False        # a code no reader writes
        if _is_betting(k) or _is_post(k) and not (k == K_ANTE and S[i].is_sitting_out and not acts.is_all_in[j]):
            S[i].dealt = 1
        if _is_post(k):
            G.posts_end = max(G.posts_end, j + 1)
        S[i].first_line = acts.line[j]
        if k == K_SB:
            sb_poster = i
        elif k == K_BB:
            bb_poster = i
        elif k == K_BUTTON:
            button_blind = True
    for i in range(ns):
        # each seat's place in the ring worked once, not at each comparison of the sort: a player of
        # unknown seat is placed by reading the actions (a call per comparison cost the replay a fifth)
        S[i].ring_key = _unplaced_ring_key(i, sb_poster, bb_poster, a0, a1, acts, S, G) if G.unplaced >> i & 1 \
            else 2 * S[i].seat_no
    n = np.int64(0)     # int64 from the start: a literal 0 would compile he_players twice
    for i in range(ns):       # live: the dealt seats by seat number (insertion sort)
        if not S[i].dealt:
            continue
        r = n
        key = S[i].ring_key
        while r > 0 and S[S[r - 1].live].ring_key > key:
            S[r].live = S[r - 1].live
            r -= 1
        if r > 0 and S[S[r - 1].live].seat_no == S[i].seat_no and not S[i].is_unseated:
            return False      # two players in one seat (the unseated share seat 0, by name)
        S[r].live = i
        n += 1
    G.n_live = n
    for i in range(ns):
        # a player without a seat line, or whose seat line puts him out of the hand
        if S[i].dealt and (S[i].is_unseated and not G.unplaced >> i & 1 or S[i].is_out_of_hand):
            _emit(out, count, G, RULE.ACTION_ORDER, ERROR, S[i].first_line, i, 0, 0)
    G.allin_street = -1
    if n == 0:
        return False
    if not he_players(n, G.is_cancelled != 0):
        _emit(out, count, G, RULE.PLAYERS, ERROR, G.first_line, -1, _MAX_PLAYERS if n > _MAX_PLAYERS
              else _MIN_PLAYERS, n)
    button = G.button_seat if G.button_seat > 0 else S[S[n - 1].live].seat_no
    at = n - 1      # the button's place in the ring: its seat's, else the place before the next seat
    for r in range(n):
        seat = S[S[r].live].seat_no
        if seat >= button:
            at = r if seat == button else (r - 1) % n
            break
    # the positions follow the blinds the hand posts, not its deck: a button blind (6+ Hold'em), or a
    # 36-card hand of antes alone, names nobody SB or BB; a 36-card hand of small and big blinds
    # (Winning's Six Plus Hold'em) names them as a 52-card hand does
    button_game = button_blind or G.is_short_deck != 0 and sb_poster < 0 and bb_poster < 0
    for k in range(n):      # the ring from the button the log names: the odd chip's order
        S[(k - 1) % n].ring = S[(at + k) % n].live
    if n == 2 and not button_game and bb_poster >= 0:
        # heads-up the big-blind poster is BB and the other the button, even where the log marks the
        # big-blind poster as the button (a dead button)
        for r in range(n):
            S[S[r].live].position = P_BB if S[r].live == bb_poster else P_BTN
    elif n > 2 and not button_game and (sb_poster >= 0 or bb_poster >= 0):
        _blind_positions(positions, sb_poster, bb_poster, S, n)
    else:
        for k in range(n):      # n is at most _MAX_SEATS: within the table
            S[S[(at + k) % n].live].position = positions[1 if button_game else 0, n, k]
    return True


@_helper
def _blind_positions(positions, sb_poster, bb_poster, S, n):
    """The posters of the blinds are SB and BB; the others count back from the first blind, whichever
    seat the log names the button (a dead button: an empty seat, or one whose player is away): the
    player before it is BTN, the one before that CO, and so on. With no small blind (its seat empty,
    or its player away) the others keep the places they have at a table of one more."""
    first = sb_poster if sb_poster >= 0 else bb_poster
    start = 0
    for r in range(n):
        if S[r].live == first:
            start = r
    others = n - (sb_poster >= 0) - (bb_poster >= 0 and bb_poster != sb_poster)
    table = min(others + 2, _MAX_SEATS)     # a table with both blinds: the missing one's seat counted
    place = 3               # the places after the big blind, then the button last
    for k in range(n):
        i = S[(start + k) % n].live
        if i == sb_poster:
            S[i].position = P_SB
        elif i == bb_poster:
            S[i].position = P_BB
        else:
            S[i].position = positions[0, table, place if place < table else 0]
            place += 1


@_helper
def _unplaced_ring_key(i, sb_poster, bb_poster, a0, a1, acts, S, G):
    """The place in the ring of seat ``i``, a player of unknown seat, where a seated player's is
    twice the seat number (so that one of unknown seat fits between): a big blind right after the
    small blind (the blinds are posted in turn); any other right before the first seated player whose
    first turn before the flop comes after theirs (the turn shows where they sit), else by its seat."""
    if i == bb_poster and sb_poster >= 0 and not G.unplaced >> sb_poster & 1:
        return 2 * S[sb_poster].seat_no + 1
    seated = _seated_after(i, a0, a1, acts, G)
    return 2 * S[seated].seat_no - 1 if seated >= 0 else 2 * S[i].seat_no


@_helper
def _seated_after(u, a0, a1, acts, G):
    """The first seated player whose first turn before the flop comes after the first turn of ``u``,
    a player of unknown seat; -1 if none (``u`` takes no turn, or nobody seated takes one after)."""
    turned = np.int64(0)        # the players whose first turn has come
    for j in range(a0, a1):
        p = acts.actor[j]
        k = acts.kind[j]
        # a fold while the blinds are still posted is no turn (the player leaves before the deal)
        if acts.street[j] != ST_PREFLOP or not _is_betting(k) or k == K_FOLD and j + 1 < G.posts_end:
            continue
        if turned >> u & 1 and p != u and not turned >> p & 1 and not G.unplaced >> p & 1:
            return p
        turned |= np.int64(1) << p
    return np.int64(-1)


@_helper
def _check_deck(s0, cards, S, G, out, count):
    """HE-DECK and HE-BOARD: every card of the deck, dealt once; the summary's board the board dealt.
    False when not modelled (a board with a gap)."""
    h = G.hand
    ns = G.seats
    c_hole, c_hole_line, c_boards = cards.hole, cards.hole_line, cards.boards
    low = 16 if G.is_short_deck else 0
    # hole cards in the order the log gave them
    m = 0
    for i in range(ns):
        if c_hole[s0 + i, 0] < 0:
            continue
        r = m
        while r > 0 and c_hole_line[s0 + S[r - 1].by_line] > c_hole_line[s0 + i]:
            S[r].by_line = S[r - 1].by_line
            r -= 1
        S[r].by_line = i
        m += 1
    used = np.int64(0)
    for r in range(m):
        i = S[r].by_line
        line = c_hole_line[s0 + i]
        for k in range(2):
            code = np.int64(c_hole[s0 + i, k])
            if code < 0:
                continue
            if code < low or code > 51:
                _emit(out, count, G, RULE.DECK, ERROR, line, i, -1, code)
            bit = np.int64(1) << code
            if used & bit:
                _emit(out, count, G, RULE.DECK, ERROR, line, i, -1, code)
            used |= bit
    for i in range(ns):
        # a later record shows two other cards than the player was dealt: expected and actual are
        # the two cards each, as (first + 1) * 64 + second (apart from a single card's code)
        for k in range(2):
            if cards.hole_conflict_line[s0 + i, k] > 0:
                _emit(out, count, G, RULE.DECK, ERROR, cards.hole_conflict_line[s0 + i, k], i,
                      (np.int64(c_hole[s0 + i, 0]) + 1) * 64 + c_hole[s0 + i, 1],
                      (np.int64(cards.hole_conflict[s0 + i, k, 0]) + 1) * 64 + cards.hole_conflict[s0 + i, k, 1])
    board = c_boards[h, 0]
    nb = _dealt(c_boards, h, 0)
    for k in range(nb, 5):
        if board[k] >= 0:
            return False        # a gap in the board: not what a reader writes
    # each board against the deck and the hole cards, at the line that deals the card; the first
    # against itself too, a card at its second place (a later board of a hand run twice or thrice
    # shares the first's first cards: those are checked once, on the first)
    for b in range(3):
        for k in range(5):
            code = np.int64(c_boards[h, b, k])
            if code < 0:
                break
            if b > 0 and code == board[k]:
                continue
            line = cards.board_lines[h, b, k]
            if code < low or code > 51:
                _emit(out, count, G, RULE.DECK, ERROR, line, -1, -1, code)
            twice = (used >> code & 1) != 0
            for q in range(k if b == 0 else 0):
                if board[q] == code:
                    twice = True
            if twice:
                _emit(out, count, G, RULE.DECK, ERROR, line, -1, -1, code)
    if cards.board_change_line[h] > 0:     # a street line that repeats the board otherwise (HE-BOARD)
        _emit(out, count, G, RULE.BOARD, ERROR, cards.board_change_line[h], -1, np.int64(cards.board_change[h, 0]),
              np.int64(cards.board_change[h, 1]))
    for b in range(3):      # each board of the summary against the board dealt (HE-BOARD)
        summary = cards.summary_boards[h, b]
        line = cards.summary_board_lines[h, b]
        if summary[0] >= 0 or line > 0:
            for k in range(5):
                if summary[k] != c_boards[h, b, k]:
                    _emit(out, count, G, RULE.BOARD, ERROR, line, -1, c_boards[h, b, k], summary[k])
                    break
    return True


@inlined
def _board_at(street):
    """How many board cards are out at a street's code (preflop 0, flop 3, turn 4, then 5)."""
    return 0 if street == ST_PREFLOP else 3 if street == ST_FLOP else 4 if street == ST_FLOP + 1 else 5


@_helper
def _rank_cards(c0, c1, boards, h, b, nb, ranks):
    """The strength of hole cards ``c0``, ``c1`` and the first ``nb`` cards of board ``b`` of hand ``h``
    in ``ranks``; -1 when a card is not known, twice or off the deck."""
    m1 = m2 = m3 = m4 = np.int64(0)     # int64 from the start, as in rules.evaluator
    sc = sm = used = np.int64(0)
    for j in range(2 + nb):
        c = c0 if j == 0 else c1 if j == 1 else np.int64(boards[h, b, j - 2])
        if c < ranks.low_code or c > 51 or used >> c & 1:
            return np.int64(-1)
        used |= np.int64(1) << c
        m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, c)
    return mask_strength(m1, m2, m3, m4, sc, sm, ranks.cat_pos, ranks.straight_top, ranks.top5)


@inlined
def _strength_on(s0, i, b, boards, hole, ranks, S, G):
    """Seat ``i``'s strength on board ``b`` as dealt (:func:`_rank_cards`, in the table's ``ranks``),
    ranked once a hand: the name check and the award both ask, and the seat's record keeps it."""
    kept = S[i].ranked_0 if b == 0 else S[i].ranked_1 if b == 1 else S[i].ranked_2
    if kept != 0:       # a hand's strength is never 0: its ranks are nibbles of rank + 1
        return kept
    strength = _rank_cards(np.int64(hole[s0 + i, 0]), np.int64(hole[s0 + i, 1]), boards, G.hand, b,
                           _dealt(boards, G.hand, b), ranks)
    if b == 0:
        S[i].ranked_0 = strength
    elif b == 1:
        S[i].ranked_1 = strength
    else:
        S[i].ranked_2 = strength
    return strength


@inlined
def he_hand_name(named, strength, cat_pos):
    """HE-HAND-NAME: a named hand (``NamedHand.code``) is the kind of ``strength`` and each rank it names."""
    rank, second = named >> 4 & 15, named & 15
    return (strength >> 20 == cat_pos[named >> 8] and (rank == 0 or rank == strength >> 16 & 15)
            and (second == 0 or second == strength >> 12 & 15))


@inlined
def he_hand_name_cards(listed, c0, c1, board, nb, best, ranks):
    """HE-HAND-NAME: the cards a line lists as the made hand (``listed``, -1 beyond them) are the
    player's two, ``c0`` and ``c1`` (-1: not known), and the first ``nb`` cards of ``board``, each
    once, and make the best hand of them, of strength ``best`` (the five and the hand's seven ranked
    alike, in the table's ``ranks``). A card not known stands for any card off the board, and then
    what the five make is not judged; nor are they where ``best`` is -1 while both cards are known
    (a card twice or off the deck: HE-DECK cites it)."""
    known = c0 >= 0 and c1 >= 0
    if known and best < 0:
        return True
    own = np.int64(0)
    for k in range(2 + nb):
        c = c0 if k == 0 else c1 if k == 1 else np.int64(board[k - 2])
        if c >= 0:
            own |= np.int64(1) << c
    used = np.int64(0)
    off = n = 0
    for k in range(5):
        c = np.int64(listed[k])
        if c < 0:
            break
        if used >> c & 1:
            return False
        used |= np.int64(1) << c
        if not own >> c & 1:
            off += 1
        n += 1
    if off > (0 if c0 >= 0 else 1) + (0 if c1 >= 0 else 1):     # more than the cards not known stand for
        return False
    if not known or 2 + nb < 5:
        return True
    if n < 5:
        return False
    m1 = m2 = m3 = m4 = np.int64(0)     # int64 from the start, as in rules.evaluator
    sc = sm = np.int64(0)
    for k in range(5):      # each the player's or the board's: cards of the table's deck
        m1, m2, m3, m4, sc, sm = add_card_masks(m1, m2, m3, m4, sc, sm, np.int64(listed[k]))
    return mask_strength(m1, m2, m3, m4, sc, sm, ranks.cat_pos, ranks.straight_top, ranks.top5) == best


LISTED_CARDS = np.int64(1) << 24
"""A made hand's listed cards in one finding value (HE-HAND-NAME's ``actual``): each card's code + 1
in six bits, the first at the top of 30 (:func:`listed_code`), so any list is at least this, above
every ``NamedHand.code``."""


@inlined
def listed_code(listed):
    """The cards ``listed`` (-1 beyond them) as one finding value (:data:`LISTED_CARDS`)."""
    code = np.int64(0)
    for k in range(5):
        code = code << 6 | (np.int64(listed[k]) + 1 if listed[k] >= 0 else 0)
    return code


def listed_cards(code: int) -> list[int]:
    """The card codes of a finding value :func:`listed_code` made, in the line's order.

    >>> listed_cards(listed_code(np.array([51, 0, 12, -1, -1], np.int8)))
    [51, 0, 12]
    """
    return [(code >> 6 * (4 - k) & 63) - 1 for k in range(5) if code >> 6 * (4 - k) & 63]


@_helper
def _check_hand_names(s0, a0, a1, acts, cards, ranks, S, G, out, count):
    """HE-HAND-NAME: each made hand a show line names, on the board dealt by its street, and each its
    summary line names, on each board, against the player's cards (``ranks``: the table's ranking),
    in words and by the cards it lists (a summary line's: on the first board). Cards not known, twice
    or off the deck are not judged here (HE-DECK cites them). ``expected``: the strength of the hand
    the cards make (-1: not known), ``actual`` the named hand's code, or the cards listed
    (:func:`listed_code`). One loop over the show lines, then over four turns a seat (the summary's
    names on each board, then its cards listed), so that each rule is compiled into one place."""
    h = G.hand
    boards, hole = cards.boards, cards.hole
    n_shows = a1 - a0
    for k in range(n_shows + 4 * G.seats):
        if k < n_shows:
            a = a0 + k
            named = np.int64(cards.named_hand[a])
            listed = cards.made_cards[a]
            judge_listed = listed[0] >= 0
            if named < 0 and not judge_listed:
                continue
            i = np.int64(acts.actor[a])
            b = min(max(np.int64(cards.action_board[a]), 0), 2)
            shown = np.int64(_board_at(acts.street[a]))     # the cards out at the line's street
            named_line = listed_line = np.int64(acts.line[a])
        else:
            i, b = divmod(k - n_shows, 4)      # b 0 to 2: the name on board b; 3: the cards listed
            listed = cards.summary_made_cards[s0 + i]
            judge_listed = b == 3 and listed[0] >= 0
            named = np.int64(cards.summary_named_hand[s0 + i, b]) if b < 3 else np.int64(-1)
            if b == 3:
                b = 0
            elif named < 0 or b > 0 and boards[h, b, 0] < 0:    # (a board never dealt: no name to judge)
                continue
            if named < 0 and not judge_listed:
                continue
            shown = np.int64(5)     # the whole board
            named_line, listed_line = S[i].summary_line, np.int64(cards.summary_made_line[s0 + i])
        dealt = _dealt(boards, h, b)
        nb = min(dealt, shown)
        c0, c1 = np.int64(hole[s0 + i, 0]), np.int64(hole[s0 + i, 1])
        # the whole board: the strength the award ranks too; a show before the river: its own
        strength = _strength_on(s0, i, b, boards, hole, ranks, S, G) if nb == dealt else \
            _rank_cards(c0, c1, boards, h, b, nb, ranks)
        if named >= 0 and strength >= 0 and not he_hand_name(named, strength, ranks.cat_pos):
            _emit(out, count, G, RULE.HAND_NAME, ERROR, named_line, i, strength, named)
        if judge_listed and not he_hand_name_cards(listed, c0, c1, boards[h, b], nb, strength, ranks):
            _emit(out, count, G, RULE.HAND_NAME, ERROR, listed_line, i, strength, listed_code(listed))


@_helper
def _act(p, k, amt, line, raise_to, said_all_in, capped, S, R, G, out, count):
    """A fold, check, call, bet or raise: HE-ACTION-ORDER, then the rules of its kind. Returns the
    chips it put in."""
    if k == K_FOLD and S[p].all_in_by_post and S[p].all_in and S[p].stack == 0 and not S[p].folded and \
            R.street == ST_PREFLOP:
        # a blind that put a sitting-out player all in, written as a fold: he is out, and it was no turn
        S[p].folded = 1
        S[p].fold_street = R.street
        return 0
    to_call = max(R.current - S[p].bet, 0)
    nxt = _next_to_act(S, R, G)
    me = np.int64(1) << p
    unplaced = G.unplaced >> p & 1 == 1
    # ROOM-AWAY-FOLDS: the room wrote the fold of a player away from the table before his turn; it was
    # no turn, and the turn stays where it was
    away = k == K_FOLD and G.away_folds and nxt != p and R.street == ST_PREFLOP and not S[p].folded and \
        not R.acted & me
    if away:
        pass
    elif S[p].folded or (S[p].all_in and S[p].stack == 0 and k != K_FOLD):
        _emit(out, count, G, RULE.ACTION_ORDER, ERROR, line, p, -1, k)
    elif nxt != p and not unplaced:
        # the player an action out of turn passed over acts in his own turn, not out of it: the
        # finding is the line that passed him (two lines written in each other's place are one fault)
        if p != R.passed_over:
            _emit(out, count, G, RULE.ACTION_ORDER, ERROR, line, p, nxt, p)
            R.passed_over = nxt
        else:
            R.passed_over = -1
    if not unplaced and not away:    # a seat not known: the turn goes on from the last player seen in his seat
        R.last_actor = S[p].seat_no
    R.to_act &= ~me
    R.acted |= me
    chips = 0
    if k == K_FOLD:
        S[p].folded = 1
        S[p].fold_street = R.street
    elif k == K_CHECK:
        if not he_check(to_call):
            _emit(out, count, G, RULE.CHECK, ERROR, line, p, 0, to_call)
    elif k == K_CALL:
        owed = min(to_call, S[p].stack)
        top = _top_live_bet(S, G)
        owed_to_top = min(top - S[p].bet, S[p].stack) if top < R.current else 0
        # a call of more than the stack is HE-STACK, which _put finds
        if not he_call(to_call, owed, owed_to_top, amt) and not (to_call > 0 and amt > S[p].stack):
            _emit(out, count, G, RULE.CALL, ERROR, line, p, owed if to_call > 0 else 0, amt)
        _put(p, amt, line, S, G, out, count)
        S[p].bet += amt
        chips = amt
    else:
        chips = _bet_or_raise(p, k, amt, line, to_call, raise_to, said_all_in or capped, S, R, G, out, count)
    if k != K_FOLD and not G.not_stated >> p & 1 and not he_stack_all_in(said_all_in, S[p].stack):
        _emit(out, count, G, RULE.STACK, ERROR, line, p, 0, S[p].stack)
    if said_all_in or capped:
        S[p].all_in = 1
    return chips


@_helper
def _bet_or_raise(p, k, amt, line, to_call, raise_to, all_in_said, S, R, G, out, count):
    """A bet or raise: HE-BET, HE-MIN-RAISE, HE-POT-LIMIT, HE-LIMIT-SIZE, HE-LIMIT-CAP; the round's
    new bet and who must act on it. Returns the chips it put in."""
    betting = G.betting
    fixed = _fixed(R.street, G)
    cur = R.current
    if k == K_BET:
        if not he_bet(cur):
            _emit(out, count, G, RULE.BET, ERROR, line, p, 0, cur)
        new_total = S[p].bet + amt
    else:
        rt = raise_to
        new_total = rt if rt >= 0 else cur + amt
        if not he_min_raise_written(amt, rt, cur, _top_live_bet(S, G)):
            _emit(out, count, G, RULE.MIN_RAISE, ERROR, line, p, rt - cur, amt)
    chips = new_total - S[p].bet
    size = new_total - cur
    all_in_now = chips >= S[p].stack or all_in_said
    me = np.int64(1) << p
    if k == K_RAISE and (R.blocked & me) != 0:
        _emit(out, count, G, RULE.MIN_RAISE, ERROR, line, p, 0, size)
    if betting == B_LIMIT:
        if not he_limit_size(size, fixed, all_in_now, cur):
            _emit(out, count, G, RULE.LIMIT_SIZE, ERROR, line, p, fixed, size)
        cap_applies = G.cap_heads_up != 0 or R.heads_up == 0
        if not he_limit_cap(R.bets + 1, G.limit_cap, cap_applies):
            _emit(out, count, G, RULE.LIMIT_CAP, ERROR, line, p, G.limit_cap, R.bets + 1)
    elif betting == B_POT_LIMIT and not he_pot_limit(size, _total(S, G) + to_call):     # the pot after a call
        _emit(out, count, G, RULE.POT_LIMIT, ERROR, line, p, _total(S, G) + to_call, size)
    elif not he_min_raise(size, R.last_raise, all_in_now):
        _emit(out, count, G, RULE.MIN_RAISE, ERROR, line, p, R.last_raise, size)
    _put(p, chips, line, S, G, out, count)
    S[p].bet = new_total
    full = he_reopens(size, fixed if betting == B_LIMIT else R.last_raise, betting == B_LIMIT)
    if full:
        R.last_raise = fixed if betting == B_LIMIT else max(size, R.last_raise)
    else:
        # a short all-in: who acted since the last full raise may call or fold, not raise
        R.blocked = R.acted & ~me
    if full or new_total - R.level_at_full >= R.last_raise:    # or short all-ins adding up to a full raise
        R.level_at_full = new_total
        R.bets += 1
        R.acted = me
        R.blocked = 0
    R.current = max(cur, new_total)
    to_act = np.int64(0)
    for r in range(G.n_live):
        i = S[r].live
        if not S[i].folded and not S[i].all_in and i != p:
            to_act |= np.int64(1) << i
    R.to_act = to_act
    return chips


@_helper
def _top_live_bet(S, G):
    """The largest bet a dealt player has actually made on this street: a walk of the players of its
    own, as it runs at every call and raise, where :func:`_top_two`'s walk of every seat costs more."""
    top = 0
    for r in range(G.n_live):
        top = max(top, S[S[r].live].bet)
    return top


@kernel(UniTuple(int64, 4)(boolean, boolean, _SEATS, _HAND), from_python=False, counts_references=False)
def _top_two(of_bets, contenders, S, G):
    """The largest bet (``of_bets``, else the largest chips invested) among the seats (``contenders``: the players dealt in
    who have not folded), its seat, how many seats share it, and the second largest (the top again
    when shared; 0 with fewer than two seats; the top is 0 with none)."""
    top = -(np.int64(1) << 62)
    top_i = -1
    ties = 0
    second = top
    seen = 0
    for i in range(G.seats):
        if contenders and (not S[i].dealt or S[i].folded):
            continue
        seen += 1
        v = S[i].bet if of_bets else S[i].invested
        if v > top:
            second = top
            top = v
            top_i = i
            ties = 1
        elif v == top:
            ties += 1
            second = top
        elif v > second:
            second = v
    if seen < 2:
        second = 0
    if seen == 0:
        top = 0
    return top, top_i, ties, second


@kernel(void(boolean, int64, _SEATS, _ROUND, _HAND), from_python=False, counts_references=False)
def _open_round(at_posts, anchor, S, R, G):
    """A betting round begins, at the posts (the first round) or at no bet (a street's): the bet to
    match, who must act, and from whose left (``anchor``'s seat; at the posts -1: the button's)."""
    live = 0
    to_act = np.int64(0)
    last_seat = np.int64(0)     # the seat of the last player in, by seat number
    for r in range(G.n_live):
        i = S[r].live
        if not at_posts:
            S[i].bet = 0
        if not S[i].folded:
            live += 1
            last_seat = S[i].seat_no
            if not S[i].all_in:
                to_act |= np.int64(1) << i
    if at_posts:
        top, _, _, second = _top_two(_BETS, True, S, G)
        cur = top
        if G.bb_posted:
            cur = max(cur, G.big_blind)     # a big blind posted all-in short still sets the bet to call
        # the big blind opens the betting: a small blind is no bet before it, so the last raise is
        # the top post over a post of the big blind's size (a straddle's), else the top post itself
        R.last_raise = max(G.big_blind, cur - second if second >= G.big_blind else cur)
        if anchor < 0:
            anchor = G.button_seat if G.button_seat > 0 else last_seat
    else:
        cur = 0
        R.last_raise = _fixed(R.street, G) if G.betting == B_LIMIT else G.big_blind
    R.current = cur
    R.level_at_full = cur
    R.bets = 1 if cur > 0 else 0
    R.to_act = to_act
    R.acted = 0
    R.blocked = 0
    R.heads_up = 1 if live == 2 else 0
    R.last_actor = anchor
    R.passed_over = -1


@_helper
def _uncalled(p, amt, line, S, R, G, out, count):
    """An uncalled bet returned (HE-UNCALLED); False when not modelled."""
    top, top_i, ties, second = _top_two(_BETS, False, S, G)
    if ties > 1:
        if amt == 0:
            return False        # which of the tied bettors is named: not modelled
        _emit(out, count, G, RULE.UNCALLED, ERROR, line, p, 0, amt)
    elif not he_uncalled(top_i == p, amt, top - second):
        _emit(out, count, G, RULE.UNCALLED, ERROR, line, p, top - second, amt)
    S[p].bet -= amt
    S[p].stack += amt
    S[p].invested -= amt
    if S[p].stack > 0 and S[p].all_in and not 0 <= G.cap <= S[p].invested:
        S[p].all_in = 0
    R.current = _top_two(_BETS, False, S, G)[0]
    return True


@_helper
def _settle(c_pots, S, G, out, count):
    """Pots and rake against the log (HE-UNCALLED, HE-POT-BALANCE, HE-SIDE-POT; ``c_pots``: the
    summary's pots); the number of pots."""
    ns = G.seats
    rake = G.rake
    log_total = G.total_pot     # the summary's
    has_summary = G.has_summary != 0
    total_line = G.end_line     # the Total line; none written (a summary cut short), the hand's last line
    n_cont = _contenders(S, G)
    total = _total(S, G)
    if ns > 1 and n_cont > 0:
        top, top_i, ties, second = _top_two(_BETS, False, S, G)
        if ties == 1 and top > second and (log_total != total or not has_summary):
            # an uncalled bet no line returns: a warning when the log's pot leaves it out; where a line
            # returns another amount, that line's HE-UNCALLED is the fault, the rest is no missing line
            excess = top - second
            severity = WARNING if has_summary and log_total == total - excess else ERROR
            if not G.returned:
                _emit(out, count, G, RULE.UNCALLED, severity, G.end_line, top_i, excess, 0)
            S[top_i].invested -= excess
            S[top_i].stack += excess
            total -= excess
    not_awarded = 0
    for i in range(ns):
        not_awarded += _not_awarded(i, S)
    paid_out = G.collected_log + rake + not_awarded
    if has_summary and log_total != total:
        _emit(out, count, G, RULE.POT_BALANCE, ERROR, total_line, -1, total, log_total)
    # the collections against the pot, unless they agree with the log's total pot, found wrong just above
    if has_summary and paid_out != total and (log_total == total or paid_out != log_total):
        _emit(out, count, G, RULE.POT_BALANCE, ERROR, total_line, -1, total - rake, G.collected_log + not_awarded)
    if n_cont > 0:
        npots = _build_pots(S, G)
    else:       # every player folded: one pot no one may win
        npots = 1 if total != 0 else 0
        S[0].pot_amount = total
    # each pot after rake: the summary's own split when it lists the pots, else the rake from the main pot
    n_log = c_pots.shape[0]
    # the uncalled part of the top bet, which only its bettor can win, listed within the pot below it
    # (Winamax): that pot's net is the rest, the uncalled part unraked; a top pot of its bettor's chips
    # alone (a side pot a folded player paid into is not)
    within = False
    if n_log > 0 and n_log == npots - 1:
        e = S[npots - 1].pot_eligible
        first, _, _, second = _top_two(_INVESTED, False, S, G)
        within = e != 0 and e & (e - 1) == 0 and first - second == S[npots - 1].pot_amount
    if n_log > 0 and (n_log == npots or within):
        G.pots_listed = n_log == npots
        listed = 0
        over = -1
        for k in range(npots):
            net = S[k].pot_amount if within and k == npots - 1 else c_pots[k]
            if within and k == npots - 2:
                net -= S[npots - 1].pot_amount
            S[k].pot_net = net
            listed += net
            if net > S[k].pot_amount and over < 0:
                over = k
        if listed + rake != total:
            _emit(out, count, G, RULE.SIDE_POT, ERROR, total_line, -1, total - rake, listed)
        elif over >= 0:     # a pot listed with more than its all-in level holds
            _emit(out, count, G, RULE.SIDE_POT, ERROR, total_line, -1, S[over].pot_amount, S[over].pot_net)
    else:
        if n_log > 0 and npots > 1:
            _emit(out, count, G, RULE.SIDE_POT, ERROR, total_line, -1, npots, n_log)
        for k in range(npots):
            S[k].pot_net = S[k].pot_amount
        if npots > 0:
            S[0].pot_net -= rake
    return npots


@_helper
def _build_pots(S, G):
    """Main and side pots per all-in level of the contenders' live chips (the chips of folded
    players go in too); dead money (a returning player's dead blind) goes to the main pot.
    Returns how many pots."""
    ns = G.seats
    contenders = np.int64(0)
    for i in range(ns):
        if S[i].dealt and not S[i].folded:
            contenders |= np.int64(1) << i
    npots = 0
    previous = 0
    first = True
    while True:
        level = _NO_LEVEL       # the next level: the smallest contender's live chips above the last one
        for i in range(ns):
            live = S[i].invested - S[i].dead
            if contenders >> i & 1 and (first or live > previous) and live < level:
                level = live
        if level == _NO_LEVEL:
            break
        first = False
        chips = 0
        elig = np.int64(0)
        for i in range(ns):
            live = S[i].invested - S[i].dead
            chips += min(live, level) - min(live, previous)
            if contenders >> i & 1 and live >= level:
                elig |= np.int64(1) << i
        if npots > 0 and S[npots - 1].pot_eligible == elig:
            S[npots - 1].pot_amount += chips
        elif chips > 0:
            S[npots].pot_amount = chips
            S[npots].pot_eligible = elig
            npots += 1
        previous = level
    extra = 0
    dead = 0
    for i in range(ns):
        extra += max(S[i].invested - S[i].dead - previous, 0)
        dead += S[i].dead
    if extra != 0 and npots > 0:
        S[npots - 1].pot_amount += extra
    if npots == 0 and dead > 0:      # only dead money: one pot for every contender
        S[0].pot_eligible = contenders
        npots = 1
    if npots > 0:
        S[0].pot_amount += dead
    return npots


@_helper
def _award(s0, a0, a1, acts, boards, hole, t_standard, t_short_deck, npots, S, G, out, count):
    """Who should collect what, against the collect lines and the summary (HE-SHOWDOWN, HE-SD-ORDER,
    HE-SPLIT, HE-COLLECTED); False when not modelled. ``t_short_deck``: the short deck's ranks at
    this table. When the log states no results (``results_not_stated``), what each player should
    collect is what he collects, nothing is checked, and a player who mucks gives up his claim; a
    pot whose winner the cards do not tell leaves the hand not modelled."""
    h = G.hand
    ns = G.seats
    n = G.n_live
    unit = G.unit
    rake = G.rake
    short = G.is_short_deck != 0
    unstated = G.results_not_stated != 0
    played = 0          # boards dealt (a hand run twice or thrice has more than one)
    for b in range(3):
        if boards[h, b, 0] >= 0:
            played += 1
    n_boards = max(played, 1)
    contested = False
    for k in range(npots):
        e = S[k].pot_eligible
        if e & (e - 1):
            contested = True
    unverifiable = False
    q = np.int64(0)         # the board's place among the boards dealt (int64: one _share)
    for b in range(3):
        nb = _dealt(boards, h, b)
        if nb == 0 and (b > 0 or played > 0):
            continue
        if contested:       # each hand's strength on this board, -1 when not known
            for i in range(ns):
                if nb == 5 and hole[s0 + i, 0] >= 0 and hole[s0 + i, 1] >= 0:
                    # the table's ranking as the name check ranked it, and the standard one besides
                    # (HE-SD-ORDER) by the same step: rules.evaluator.strength7 would be one more compile
                    c0, c1 = np.int64(hole[s0 + i, 0]), np.int64(hole[s0 + i, 1])
                    S[i].strength = _strength_on(s0, i, b, boards, hole, t_short_deck if short else t_standard, S, G)
                    S[i].std_strength = _rank_cards(c0, c1, boards, h, b, nb, t_standard) if short \
                        else S[i].strength
                else:
                    S[i].strength = -1
                    S[i].std_strength = -1
        for k in range(npots):
            e = S[k].pot_eligible
            if unstated:
                e &= ~G.mucked
                if e == 0:      # everyone mucked: no rule says who takes the pot
                    return False
            net = S[k].pot_net
            amount = S[k].pot_amount
            # the pot shared between the boards, the odd unit to the first
            share = _share(net, n_boards, unit, q)
            gross = _share(amount, n_boards, unit, q) if amount >= net else share
            alone = e & (e - 1) == 0
            best = -1
            best_std = -1
            bad = False
            for r in range(n if not alone else 0):
                i = S[r].live
                if not e >> i & 1:
                    continue
                if S[i].strength >= 0:
                    best = max(best, S[i].strength)
                    best_std = max(best_std, S[i].std_strength)
                elif S[i].has_collect or unstated:
                    bad = True
            if not alone and (bad or best < 0):     # a contender's cards not shown, or nobody's
                unverifiable = True
                continue
            m = np.int64(0)     # (not a literal 0: _share would be compiled for it too)
            for r in range(n):
                i = S[r].ring    # the winners clockwise from the button
                if not e >> i & 1:
                    continue
                if short and not alone and S[i].std_strength == best_std:
                    S[i].std_winner = 1
                if alone or S[i].strength == best:
                    S[m].winners = i
                    m += 1
            if m > 1 and share < 0:
                return False
            low = _share(share, m, unit, m - 1)     # the last winner clockwise gets no odd unit
            for w in range(m):
                winner = S[w].winners
                mine = _share(share, m, unit, w)
                S[k].pot_winners |= np.int64(1) << winner
                S[winner].expected += mine
                S[winner].after_split += _share(gross, m, unit, w) if m > 1 else share
                if m > 1:
                    S[winner].in_split = 1
                    S[winner].odd_given += mine - low
                    if share > low * m:
                        S[winner].odd_reach += unit
        q += 1
    if unverifiable:
        return not unstated
    G.awarded = 1
    if unstated:
        for i in range(ns):
            S[i].collected = S[i].expected
            S[i].has_collect = S[i].expected > 0
        return True
    # the older logs' way: some winner keeps his whole share of the pot before rake, the others pay
    # the rake out of theirs; without such a winner an odd share is an error
    rake_after_split = False
    # a split no known room rule gives, but the split winners together collect what they share,
    # each within the rake of his equal share: a warning
    split_gap = 0
    # side pots, or the runs of a hand run twice, under a rake: the log does not say which pot or run
    # the room took it from (the replay takes it from the main pot, shared evenly between the runs);
    # winners who together collect what the pots hold, each within the rake of his share, are a warning
    gap = 0
    mismatch = False
    for i in range(ns):
        taken = S[i].collected + _not_awarded(i, S)     # his collect lines, or what he won and cashed out of
        gap += taken - S[i].expected
        mismatch |= S[i].collected != S[i].expected
        if S[i].in_split:
            split_gap += taken - S[i].expected
            if S[i].has_collect and S[i].collected == S[i].after_split and S[i].after_split != S[i].expected:
                rake_after_split = True
    split_balances = split_gap == 0
    rake_between_pots = (npots > 1 or n_boards > 1) and rake > 0 and gap == 0
    if mismatch and (G.pots_listed or npots == 1):      # each collect line names its pot
        _cite_collect_lines(a0, a1, acts, short, npots, n_boards, S, G, out, count)
    for i in range(ns):
        exp = S[i].expected - S[i].owed_cited
        act = S[i].collected - S[i].cited
        if S[i].cited and exp == act:
            continue
        if act > 0 and exp == act + S[i].paid_away:
            continue        # his own collect lines are right: the lines paying his pot to another are cited
        if S[i].has_cash_out and act == 0:
            continue        # cashed out: the room paid him instead
        severity = ERROR
        if exp == 0 and act > 0:
            rule = RULE.SD_ORDER if short and S[i].std_winner else RULE.SHOWDOWN
            _emit(out, count, G, rule, ERROR, S[i].collect_line, i, exp, act)
        elif exp > 0 and act == 0:
            rule = RULE.SPLIT if S[i].in_split else RULE.SHOWDOWN
            # no collect line to point at: his summary line, which says what he got, else the pot's
            line = S[i].summary_line if S[i].summary_line > 0 else G.end_line
            _emit(out, count, G, rule if _contenders(S, G) > 1 else RULE.COLLECTED, ERROR, line, i, exp, act)
        elif exp != act and S[i].in_split and G.odd_chip_any and split_balances and \
                exp - S[i].odd_given <= act <= exp - S[i].odd_given + S[i].odd_reach:
            continue        # the odd units went to other winners, as the table's setting allows
        elif exp != act and S[i].in_split:
            top = S[i].after_split
            # a rake shared out another way moves at most the rake between the winners
            by_rake = split_balances and abs(act - exp) <= rake
            severity = WARNING if by_rake or (rake_after_split and top - rake <= act <= top) else ERROR
            _emit(out, count, G, RULE.SPLIT, severity, S[i].collect_line, i, exp, act)
        elif exp != act:
            severity = WARNING if rake_between_pots and abs(act - exp) <= rake else ERROR
            _emit(out, count, G, RULE.COLLECTED, severity, S[i].collect_line, i, exp, act)
    for i in range(ns):       # the summary's "won (…)" amounts against the collect lines and the rules
        if not S[i].has_cash_out:
            _summary_won(i, S[i].collected, S[i].expected, S, G, out, count)
    return True


@inlined
def pot_of_collect(code, npots):
    """The pot (0 the main pot, k side pot k) a collect line whose ``pot`` code is ``code`` takes from, in a
    hand of ``npots`` pots the summary lists: "main pot" is pot 0, "side pot" (or "side pot-1") pot 1,
    "side pot-2" pot 2; in a hand of one pot, a line naming no side pot takes from that pot. -1 when the
    line names no pot of the hand."""
    if npots == 1 and code <= 1:        # "pot", no name, or "main pot"
        return 0
    k = code - 1
    return k if 0 <= k < npots else -1


@_helper
def _cite_collect_lines(a0, a1, acts, short, npots, n_boards, S, G, out, count):
    """Each collect line against the pot it names (the pots the summary lists are the replay's, or the hand
    has one pot), so that a pot paid to the wrong hands is cited at the lines that pay it wrong, not at a
    winner's right line for a sum no line states. A line paying a player who does not win the pot, where
    his collect lines together are not what he is owed: HE-SIDE-POT when he is all in for less than the
    pot, else HE-SHOWDOWN (HE-SD-ORDER where he wins by the 52-card ranking), expected nothing. With one
    board, a winner's lines of a pot that are not all his collect lines (he has another pot, or a second
    line of this one) and pay other than his share: HE-SPLIT at his last line of the pot (HE-COLLECTED for
    the pot's one winner), expected his share less his earlier lines of it; a warning when the pot's lines
    together pay what it holds and he is within the rake of his share. What a line cited pays is his
    ``cited`` and what the rules give there his ``owed_cited``, both left out of his other lines' check.
    What the lines pay of a pot beyond its winners' shares is the ``paid_away`` of its winners no line
    of that pot pays, clockwise from the button, up to their shares: the lines cited name them, and their
    own right collect lines of other pots are no finding."""
    ns = G.seats
    for k in range(npots):
        won = S[k].pot_winners
        paid = np.int64(0)          # what the lines of pot k pay
        spare = np.int64(0)         # of that, what they pay beyond the winners' shares
        for i in range(ns):
            S[i].pot_got = 0
            S[i].pot_lines = 0
        for j in range(a0, a1):
            if acts.kind[j] != K_COLLECT or pot_of_collect(acts.pot[j], npots) != k:
                continue
            p = np.int64(acts.actor[j])
            paid += acts.amount[j]
            if won >> p & 1:
                S[p].pot_got += acts.amount[j]
                S[p].pot_lines += 1
                S[p].pot_last = j
                continue
            spare += acts.amount[j]
            if S[p].collected == S[p].expected:
                continue
            rule = RULE.SD_ORDER if short and S[p].std_winner else RULE.SHOWDOWN
            if not S[k].pot_eligible >> p & 1 and S[p].invested > 0 and not S[p].folded:
                rule = RULE.SIDE_POT        # all in for less than the pot
            _emit(out, count, G, rule, ERROR, acts.line[j], p, 0, acts.amount[j])
            S[p].cited += acts.amount[j]
        if n_boards > 1:    # each board's winners are not kept: only a pot's one winner is known to be owed it
            for w in range(ns):
                if won == np.int64(1) << w:
                    S[w].paid_away += spare
            continue
        winners = _winner_count(won, S, G)
        low = _share(S[k].pot_net, winners, G.unit, winners - 1)    # a share without an odd unit
        odd_any = G.odd_chip_any != 0 and winners > 1 and S[k].pot_net > low * winners
        q = np.int64(0)
        for r in range(G.n_live):
            i = S[r].ring       # the winners clockwise from the button, as the award shares the pot
            if won >> i & 1:
                S[i].pot_owed = _share(S[k].pot_net, winners, G.unit, q)
                q += 1
        for r in range(G.n_live):
            i = S[r].ring
            if not won >> i & 1:
                continue
            got = S[i].pot_got
            owed = S[i].pot_owed
            if odd_any and low <= got <= low + G.unit:
                owed = got      # an odd unit to him or to another winner, as the table's setting allows
            spare += max(got - owed, 0)
            if got == 0 or got == owed or S[i].has_cash_out:
                continue
            if S[i].pot_lines == 1 and got == S[i].collected:
                continue        # his one collect line: the check of what he collects cites it
            j = S[i].pot_last
            line_owed = max(owed - (got - acts.amount[j]), 0)
            severity = WARNING if paid == S[k].pot_net and abs(got - owed) <= G.rake else ERROR
            _emit(out, count, G, RULE.SPLIT if winners > 1 else RULE.COLLECTED, severity, acts.line[j], i, line_owed,
                  acts.amount[j])
            S[i].cited += acts.amount[j]
            S[i].owed_cited += line_owed
        for r in range(G.n_live):
            i = S[r].ring
            if won >> i & 1 and S[i].pot_got == 0 and spare > 0:
                given = min(spare, S[i].pot_owed)
                S[i].paid_away += given
                spare -= given


@inlined
def _winner_count(won, S, G):
    """How many of the players dealt in the bits ``won`` hold."""
    m = np.int64(0)     # (int64 from the start, as every count handed to _share: one compile of it)
    for r in range(G.n_live):
        m += won >> S[r].ring & 1
    return m


@_helper
def _summary_won(i, won, right, S, G, out, count):
    """HE-COLLECTED: the "won (…)" amounts of seat ``i``'s summary lines (a second line of his too) say
    ``right``, what the rules give him, or ``won``, what his collect lines give (where those break the
    rules, their own finding tells it, at them: the summary repeats it). A summary saying neither is
    cited at its line, expected what the rules give."""
    for said, line in ((S[i].summary_won, S[i].summary_line), (S[i].summary_won_again, S[i].summary_line_again)):
        if said >= 0 and said != won and said != right:
            _emit(out, count, G, RULE.COLLECTED, ERROR, line, i, right, said)


@inlined
def _not_awarded(i, S):
    """What seat ``i`` won of pots not awarded to him, as he cashed out: the summary still says it."""
    if S[i].has_cash_out and not S[i].has_collect and S[i].won_not_awarded:
        return max(S[i].summary_won, 0) + max(S[i].summary_won_again, 0)
    return 0


@inlined
def he_summary_seats(lines, seated):
    """HE-SUMMARY-SEATS: one summary line for each seat of the seat lines in the hand, none for anyone else."""
    return lines == (1 if seated else 0)


@_helper
def _check_summary_seats(S, G, out, count):
    """HE-SUMMARY-SEATS where the room sums up every seat: a seat left out is cited at the hand's last
    line (where its summary stops), a line too many at that line; expected and actual count lines.
    A summary line giving the player another seat than his seat line (``summary_seat_no``, -1 when
    the same) is cited at it, expected and actual the two seat numbers."""
    for i in range(G.seats):
        other = S[i].summary_seat_no
        if other >= 0:
            _emit(out, count, G, RULE.SUMMARY_SEATS, ERROR, S[i].summary_line, i, S[i].seat_no, other)
        lines = (1 if S[i].summary_line > 0 else 0) + (1 if S[i].summary_line_again > 0 else 0)
        seated = not S[i].is_unseated and not S[i].is_out_of_hand     # (a seat out of the hand is summed up by none)
        if not he_summary_seats(lines, seated):
            line = G.last_line
            if lines > 0:
                line = S[i].summary_line_again if seated else S[i].summary_line
            _emit(out, count, G, RULE.SUMMARY_SEATS, ERROR, line, i, 1 if seated else 0, lines)


@_helper
def _next_to_act(S, R, G):
    """The seat index whose turn it is, -1 when nobody may act (a player of unknown seat is never
    expected: he acts when the log says)."""
    to_act = R.to_act & ~G.unplaced
    n = G.n_live
    if n == 0 or to_act == 0:
        return -1
    start = R.last_actor
    wrapped = -1        # nobody after the last actor's seat: the first from the ring's lowest seat
    for r in range(n):
        i = S[r].live
        if to_act >> i & 1:
            if S[i].seat_no > start:
                return i
            if wrapped < 0:
                wrapped = i
    return wrapped
