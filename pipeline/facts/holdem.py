"""Hold'em facts: one row per action and one row per player per hand.

The columns below are what the SQL models of ``player_stats_holdem`` read; add columns,
never rename them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import pyarrow as pa

from parsers.formats import FORMATS
from pipeline.facts import (
    MONEY,
    Derived,
    Handler,
    Lane,
    RecordBatch,
    define,
    finding_columns,
    money_from_cents,
    money_unit,
    played_in_utc,
)
from rules.cards import Card, format_cards
from rules.findings import Finding, Severity
from rules.records import GameInfo

if TYPE_CHECKING:
    from pipeline.table_rules import RuleSettings, SettledBatch
    from pipeline.tables import TableRows
    from rules.holdem_batch import HandBatch
    from rules.holdem_engine import HoldemReplay
    from rules.holdem_fast import FactBatch
    from rules.holdem_hand import HoldemHand

# The engine (rules.holdem_engine, rules.holdem_fast: the compiled kernels) and the lane's byte
# reader are imported by the functions that replay or read: the tables are declared, and a run
# without Hold'em goes, without them.


# Added: what the player faced, by decision_context() below (null but the first two on a row
# that is no decision: fold, check, call, bet or raise).
_DECISION_CONTEXT_FIELDS = (
    ("invested_before", MONEY),        # chips he had put in before this action (posts in, returns out)
    ("count_out_before", pa.int16()),  # players out of the betting before it: folded or all-in
    ("count_entries_before", pa.int16()),  # calls, bets and raises on the street before it
    ("full_increment_before", MONEY),  # the largest bet or raise increment on the street before it
    ("raise_level", pa.int8()),        # bets and raises on the street before it, short all-ins too
    ("decision_no", pa.int16()),       # his decisions on the street, from 1
    ("decision_no_at_level", pa.int16()),  # his decisions on the street at this raise level, from 1
)
DECISION_CONTEXT = tuple(name for name, _ in _DECISION_CONTEXT_FIELDS)
"""The columns of ``holdem_actions`` that :func:`decision_context` derives from the others."""

HOLDEM_ACTIONS = define(
    "holdem_actions",
    ("game_id", pa.string()),
    ("hand_id", pa.string()),          # the room's hand number
    ("action_no", pa.int16()),         # order in the hand, from 0 (posts included)
    ("street", pa.string()),           # preflop, flop, turn, river, showdown
    ("player", pa.string()),
    ("seat", pa.int16()),
    ("position", pa.string()),         # BTN, SB, BB, UTG, UTG1, MP, HJ, CO … (heads-up: BTN is SB)
    ("action", pa.string()),           # post_sb, post_bb, post_ante, post_straddle, post_dead, fold,
                                       # check, call, bet, raise, uncalled, collect, show, muck
                                       # (6+ Hold'em: post_button, the button blind, which plays as a big blind)
    ("amount", MONEY),                 # chips this action put in (or took back, for uncalled/collect)
    ("raise_to", MONEY),               # for raises: the total bet after the raise
    ("to_call", MONEY),                # what the player had to call before acting
    ("bet_level", pa.int8()),          # bets and raises on the street before this action
                                       # (preflop the big blind counts as 1: an open raise is the 2-bet)
    ("is_all_in", pa.bool_()),
    ("is_voluntary", pa.bool_()),      # a call, bet or raise (not a post)
    ("line", pa.int32()),
    ("board", pa.int8()),              # added: for show/collect lines of a hand run twice, the board (0, 1)
    ("is_reopened", pa.bool_()),       # added: on a decision, the betting is open to his raise (HE-MIN-RAISE:
                                       # no short all-in since his last action); the replay's, as it rules
    *_DECISION_CONTEXT_FIELDS,
    derived=Derived(DECISION_CONTEXT, lambda rows: with_decision_context(rows)),
)

HOLDEM_RESULTS = define(
    "holdem_results",
    ("game_id", pa.string()),
    ("hand_id", pa.string()),
    ("player", pa.string()),
    ("seat", pa.int16()),
    ("position", pa.string()),
    ("hole_cards", pa.string()),       # "As Kd" when known
    ("stack_start", MONEY),
    ("invested", MONEY),               # everything put in, posts included, uncalled part excluded
    ("collected", MONEY),
    ("net", MONEY),                    # collected - invested
    ("net_showdown", MONEY),           # net in hands that reached showdown, else 0
    ("allin_ev_net", MONEY),           # expected net from the all-in equity; = net when no all-in
    ("saw_flop", pa.bool_()),
    ("saw_turn", pa.bool_()),
    ("saw_river", pa.bool_()),
    ("went_to_showdown", pa.bool_()),
    ("won_at_showdown", pa.bool_()),
    ("is_walk", pa.bool_()),           # everyone folded to the big blind
    ("small_blind", MONEY),
    ("big_blind", MONEY),
    ("stakes", pa.string()),           # "0.25/0.50 USD", "100/200 T" …
    ("betting", pa.string()),          # no_limit, pot_limit, limit
    ("currency", pa.string()),         # USD, EUR, GBP, play, chips (tournament)
    ("is_tournament", pa.bool_()),
    ("max_seats", pa.int16()),
    ("count_players", pa.int16()),     # dealt in
    ("rake", MONEY),                   # the hand's rake (same on each row of the hand)
    ("cash_out", MONEY),               # added: paid by the room for a cashed-out hand; included in collected
    ("total_pot", MONEY),              # added: the hand's pot before rake (same on each row of the hand)
    # added: the hand was cancelled (its posts go back; same on each row of the hand). Parts written
    # before it get it from their pot (with_is_cancelled)
    ("is_cancelled", pa.bool_()),
    ("is_anonymous", pa.bool_()),      # added: the name is no person's (as game_players.is_anonymous)
    derived=Derived(("is_cancelled",), lambda rows: with_is_cancelled(rows)),
)
TABLES = (HOLDEM_ACTIONS, HOLDEM_RESULTS)


def _replay(record: HoldemHand) -> HoldemReplay:
    from rules.holdem_engine import replay

    return replay(record)


def _add_rows(rows: TableRows, record: HoldemHand, result: HoldemReplay) -> None:
    """The hand's ``holdem_actions`` and ``holdem_results`` rows, by the batch lane's row builder
    (the ``games``, ``game_players`` and ``findings`` rows are every game's, written before)."""
    for table, columns in _holdem_tables(result.batch, result.fact_batch, np.zeros(1, np.int64),
                                         decisions=False).items():
        rows.extend(table, record.info.game, columns.to_pydict())     # its context: by TableRows, once



# ////////////////////////////////////////////////////////////////////// the compiled lane
# Every Hold'em row is built here, column by column from a batch and the engine's facts
# (rules.holdem_fast) without a Python object per value: the lane's hands a file at a time, the
# others (rules.holdem_engine.replay) a hand at a time.

def _codes_text(values) -> pa.Array:
    """A string array to ``take`` codes from; the last entry (taken by code -1) is null."""
    return pa.array([*values, None], pa.string())


class _Codes(NamedTuple):
    """What the engine's codes stand for in the rows: texts to ``take`` and flags by code."""

    kind: pa.Array
    street: pa.Array
    position: pa.Array
    voluntary: np.ndarray
    raise_code: int
    ruleset: pa.Array
    betting: pa.Array
    hole: pa.Array
    """Each pair of hole cards' text by its codes (``a * 54 + b``)."""


@functools.cache
def _codes() -> _Codes:
    """Made with the first Hold'em rows: every ingest loads this module (for its tables), and a run
    of other games paid for Hold'em's batch and hand modules and 2,916 hole-card texts (~25 ms)."""
    from rules.holdem_batch import BETTINGS, KINDS, POSITIONS, STREETS
    from rules.holdem_hand import ActionKind

    return _Codes(
        kind=_codes_text(kind.value for kind in KINDS),
        street=_codes_text(street.value for street in STREETS),
        position=_codes_text(POSITIONS),
        voluntary=np.array([kind.is_voluntary for kind in KINDS]),
        raise_code=KINDS.index(ActionKind.RAISE),
        ruleset=_codes_text(f"pokerstars {betting.value}" for betting in BETTINGS),
        betting=_codes_text(betting.value for betting in BETTINGS),
        hole=_codes_text(format_cards((Card(a), Card(b))) if a != b else None for a in range(54) for b in range(54)),
    )


def _text_codes(codes: np.ndarray, table: pa.Array) -> pa.Array:
    """``table[code]`` per code, -1 (or any negative) taking the null at the table's end."""
    codes = np.where(codes < 0, len(table) - 1, codes)
    return table.take(pa.array(codes.astype(np.int32)))


def ingest_lane(batch: HandBatch, wanted: np.ndarray, rows: TableRows) -> np.ndarray:
    """Replay and store a file's batch of PokerStars hands (``parsers.pokerstars_fast``) in one
    go: the rows of each ``wanted`` hand of the lane the engine can hold, a hand with findings
    with them in words (:func:`rules.holdem_explain.explain_hands`, for those hands only). Returns per
    hand whether its rows were added; the others (out of the lane, or finer than the engine's
    columns) are left to the full path, which parses and replays them one by one."""
    from rules.holdem_fast import replay_batch

    facts = replay_batch(batch)
    take = facts.explained & batch.in_lane & wanted
    add_batch_rows(rows, batch, facts, take, found=_findings_of(batch, facts, take))
    return take


def settle_lane(batch: HandBatch, source_file: str, settings: RuleSettings) -> SettledBatch:
    """Set the straight/trips order the user's settings hold for each short-deck hand of a
    file's PokerStars batch (the lane reads that room only), in the column the kernel reads."""
    return settings.settle_batch(batch, source_file, "PokerStars")


def ingest_hands(hands: list[HoldemHand], rows: TableRows, unread: list[Finding | None],
                 checked: Callable[[HoldemHand, Callable[[], dict[str, Decimal]]], Sequence[Finding]] | None = None
                 ) -> np.ndarray:
    """Replay and store parsed hands of the other rooms in one go, as :func:`ingest_lane` does a
    file's PokerStars batch: the rows of each hand the engine can hold, with its findings in
    words and its reader's (``HoldemHand.room_findings``), as the one-hand replay gives them,
    after its ``unread`` warning (see :class:`pipeline.facts.RecordBatch`). ``checked``: a
    format's own check of a replayed hand, after the engine's (PHH: its finishing stacks), given
    the hand and a function that gives its nets by player. Returns per hand whether its rows were
    added; the others take the full path."""
    from parsers.formats import read_despite
    from rules.holdem_batch import batch_from_hands
    from rules.holdem_fast import replay_batch

    batch = batch_from_hands(hands)
    facts = replay_batch(batch)
    take = facts.explained & batch.in_lane
    found = _findings_of(batch, facts, take, [hand.room_findings for hand in hands])
    if checked is not None:
        for h in np.flatnonzero(take).tolist():
            more = tuple(checked(hands[h], functools.partial(_nets, batch, facts, h)))
            if more:
                found[h] = found.get(h, ()) + more
    for h, warning in enumerate(unread):
        if warning is not None and take[h]:
            take[h] = read_despite(found.get(h, ())) is None
            found[h] = (warning, *found.get(h, ()))
    add_batch_rows(rows, batch, facts, take, [hand.info for hand in hands], found)
    return take


def _nets(batch: HandBatch, facts: FactBatch, h: int) -> dict[str, Decimal]:
    """The engine's net of each player of the batch's hand ``h``, as the logs write amounts (a
    name seated twice: its last seat's, as the batch keys players by name)."""
    from rules.holdem_explain import amount

    s0, s1 = int(batch.seat_start[h]), int(batch.seat_start[h + 1])
    return {batch.player[s]: amount(facts.net[s]) for s in range(s0, s1)}


def _findings_of(batch: HandBatch, facts: FactBatch, take: np.ndarray,
                 noted: list[tuple[Finding, ...]] | None = None) -> dict[int, tuple[Finding, ...]]:
    """The findings of each hand of ``take`` that has any, by its index: the engine's in words,
    then its reader's (``noted``), as :func:`rules.holdem_engine.replay` gives a hand's."""
    from rules.holdem_explain import explain_hands

    worded = explain_hands(batch, facts, np.flatnonzero(take & ~facts.certified).tolist())
    return {h: found + (noted[h] if noted else ()) for h, found in worded.items()}


BATCH_MIN_HANDS = 3
"""Files with fewer hands of a room replay them one at a time (as ``LANE_MIN_HANDS``)."""
BATCH_FORMATS = frozenset(fmt.name for fmt in FORMATS if fmt.game == "holdem")
"""The Hold'em formats read a hand at a time by their room's reader, then replayed together:
every room's, and the PokerStars hands the lane does not read (a run too small for it)."""


def add_batch_rows(rows: TableRows, batch: HandBatch, facts: FactBatch, take: np.ndarray,
                   infos: list[GameInfo] | None = None, found: dict[int, tuple[Finding, ...]] | None = None) -> int:
    """The rows of the batch's hands marked in ``take``: ``games``, ``game_players``,
    ``holdem_actions``, ``holdem_results`` and ``findings``; returns how many hands.
    ``infos``: each hand's game, room and ruleset as its reader wrote them (without them, the
    PokerStars lane's: Hold'em, or short deck Hold'em, at PokerStars). ``found``: the findings
    of the hands that have any, by hand (the others are certified)."""
    hands = np.flatnonzero(take)
    if hands.size == 0:
        return 0
    b, f = batch, facts
    # Per-hand strings and values as Arrow arrays, taken per row below.
    game_id = pa.array(b.game_id, pa.string())
    hand_id = pa.array(b.hand_id, pa.string())
    if infos is None:
        games = np.where(b.is_short_deck[hands], "holdem36", "holdem")
        site = ruleset = None
    else:
        games = np.array([infos[h].game for h in hands])
        site = pa.array([info.site for info in infos], pa.string())
        ruleset = pa.array([info.ruleset for info in infos], pa.string())
    for game in sorted(set(games.tolist())):
        chosen = hands[games == game]
        _add_game_batch(rows, game, b, f, chosen, game_id, hand_id, site, ruleset, found or {})
    return int(hands.size)


def _add_game_batch(rows: TableRows, game: str, b: HandBatch, f: FactBatch, hands: np.ndarray,
                    game_id: pa.Array, hand_id: pa.Array, site: pa.Array | None, ruleset: pa.Array | None,
                    found: dict[int, tuple[Finding, ...]]) -> None:
    worded = [(h, finding) for h in hands.tolist() for finding in found.get(h, ())]
    errors = np.zeros(len(b.in_lane), np.int32)
    warnings = np.zeros(len(b.in_lane), np.int32)
    for h, finding in worded:
        (errors if finding.severity is Severity.ERROR else warnings)[h] += 1
    _, s_hand = _fact_seats(b, f, hands)
    players_per_hand = np.bincount(s_hand, minlength=len(b.in_lane))
    units = {currency: money_unit(currency) for currency in set(b.currency)}     # a file's hands have one or two
    rows.add_table("games", game, pa.table({
        "game_id": game_id.take(hands),
        "source_file": pa.array([b.source_file] * len(hands), pa.string()),
        "first_line": pa.array(b.first_line[hands], pa.int32()),
        "last_line": pa.array(b.last_line[hands], pa.int32()),
        "played_at": pa.array([b.played_at[h] for h in hands], pa.timestamp("us")),
        "club": pa.array([b.club[h] for h in hands], pa.string()),
        "table_name": pa.array([b.table_name[h] for h in hands], pa.string()),
        "ruleset": _text_codes(b.betting[hands], _codes().ruleset) if ruleset is None else ruleset.take(hands),
        "count_players": pa.array(players_per_hand[hands], pa.int16()),
        "count_errors": pa.array(errors[hands]),
        "count_warnings": pa.array(warnings[hands]),
        "site": pa.array(["PokerStars"] * len(hands), pa.string()) if site is None else site.take(hands),
        "currency": pa.array([units[b.currency[h]] for h in hands.tolist()], pa.string()),
        "is_tournament": pa.array(b.is_tournament[hands]),
        "played_in_utc": pa.array([played_in_utc(b.played_at[h], b.played_in_utc[h]) for h in hands.tolist()],
                                  pa.bool_()),
        "name_in_log": hand_id.take(hands),
    }))
    holdem = _holdem_tables(b, f, hands, game_id, hand_id)
    # a player's game_players row is his holdem_results row's first columns: shared, not built twice
    rows.add_table("game_players", game,
                   holdem["holdem_results"].select(["game_id", "player", "seat", "net", "is_anonymous"]))
    for table, columns in holdem.items():
        rows.add_table(table, game, columns)
    if worded:
        rows.extend("findings", game, finding_columns([(b.game_id[h], f) for h, f in worded], b.source_file))


def _fact_seats(b: HandBatch, f: FactBatch, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The players (seats with facts) of ``hands``, in each hand's fact order, and their hands."""
    n_hands = len(b.in_lane)
    seat_hand = np.repeat(np.arange(n_hands), np.diff(b.seat_start))
    chosen_hand = np.zeros(n_hands, dtype=bool)
    chosen_hand[hands] = True
    seats = np.flatnonzero(chosen_hand[seat_hand] & f.has_fact)
    seats = seats[np.lexsort((f.fact_order[seats], seat_hand[seats]))]
    return seats, seat_hand[seats]


def _holdem_tables(b: HandBatch, f: FactBatch, hands: np.ndarray, game_id: pa.Array | None = None,
                   hand_id: pa.Array | None = None, decisions: bool = True) -> dict[str, pa.Table]:
    """The ``holdem_actions`` and ``holdem_results`` rows of ``hands`` (sorted indices of the batch);
    ``decisions=False`` leaves out the ``DECISION_CONTEXT`` columns, for rows that
    ``TableRows.to_arrow`` derives them on (a hand at a time, their arrays cost more than the rows)."""
    if game_id is None:
        game_id = pa.array(b.game_id, pa.string())
    if hand_id is None:
        hand_id = pa.array(b.hand_id, pa.string())
    n_hands = len(b.in_lane)
    chosen_hand = np.zeros(n_hands, dtype=bool)
    chosen_hand[hands] = True
    from rules.holdem_batch import anonymous_seats

    seats, s_hand = _fact_seats(b, f, hands)
    player = pa.array(b.player, pa.string())
    s_game_id = game_id.take(s_hand)

    action_hand = np.repeat(np.arange(n_hands), np.diff(b.action_start))
    actions = np.flatnonzero(chosen_hand[action_hand])
    a_hand = action_hand[actions]
    kind = b.kind[actions]
    is_raise = kind == _codes().raise_code
    tables = {"holdem_actions": pa.table({
        "game_id": game_id.take(a_hand), "hand_id": hand_id.take(a_hand),
        "action_no": pa.array(f.action_no[actions], pa.int16()),
        "street": _text_codes(b.street[actions], _codes().street),
        "player": player.take(b.seat_start[a_hand] + b.actor[actions]),
        "seat": pa.array(f.seat[actions], pa.int16(), mask=f.seat[actions] < 0),
        "position": _text_codes(f.position[actions], _codes().position),
        "action": _text_codes(kind, _codes().kind),
        "amount": money_from_cents(f.amount[actions]),
        "raise_to": money_from_cents(b.raise_to[actions], is_raise),
        "to_call": money_from_cents(f.to_call[actions]),
        "bet_level": pa.array(f.bet_level[actions], pa.int8()),
        "is_all_in": pa.array(f.is_all_in[actions]),
        "is_voluntary": pa.array(_codes().voluntary[kind]),
        "line": pa.array(b.line[actions], pa.int32()),
        "board": pa.array(b.action_board[actions], pa.int8()),
        "is_reopened": pa.array(f.is_reopened[actions], mask=~_kind_flags().is_decision[kind]),
        **({} if not decisions else decision_context(
            hand=a_hand, player=b.seat_start[a_hand] + b.actor[actions], street=b.street[actions], kind=kind,
            amount=f.amount[actions], amount_valid=np.ones(len(actions), np.bool_), to_call=f.to_call[actions],
            bet_level=f.bet_level[actions], bet_level_valid=np.ones(len(actions), np.bool_),
            is_all_in=f.is_all_in[actions])),
    })}

    hole = b.hole[seats].astype(np.int64)
    hole_code = np.where((hole[:, 0] >= 0) & (hole[:, 1] >= 0), hole[:, 0] * 54 + hole[:, 1], -1)
    showdown = f.went_to_showdown[seats]
    net = f.net[seats]
    at = np.searchsorted(hands, s_hand)      # each seat's place among the chosen hands
    tables["holdem_results"] = pa.table({
        "game_id": s_game_id, "hand_id": hand_id.take(s_hand), "player": player.take(seats),
        "seat": pa.array(b.seat_no[seats], pa.int16()),
        "position": _text_codes(f.seat_position[seats], _codes().position),
        "hole_cards": _text_codes(hole_code, _codes().hole),
        "stack_start": money_from_cents(b.stack[seats], None if b.stack_not_stated is None
                                        else ~b.stack_not_stated[seats]),     # null: the log states none
        "invested": money_from_cents(f.invested[seats]),
        "collected": money_from_cents(f.collected[seats]),
        "net": money_from_cents(net),
        "net_showdown": money_from_cents(np.where(showdown, net, 0)),
        "allin_ev_net": money_from_cents(f.allin_ev_net[seats]),
        "saw_flop": pa.array(f.saw_flop[seats]), "saw_turn": pa.array(f.saw_turn[seats]),
        "saw_river": pa.array(f.saw_river[seats]), "went_to_showdown": pa.array(showdown),
        "won_at_showdown": pa.array(f.won_at_showdown[seats]),
        "is_walk": pa.array(f.is_walk[s_hand]),
        "small_blind": money_from_cents(b.small_blind[s_hand]),
        "big_blind": money_from_cents(b.big_blind[s_hand]),
        "stakes": _stakes_texts(b, hands).take(at),
        "betting": _text_codes(b.betting[s_hand], _codes().betting),
        "currency": pa.array([b.currency[h] for h in hands.tolist()], pa.string()).take(at),
        "is_tournament": pa.array(b.is_tournament[s_hand]),
        "max_seats": pa.array(b.max_seats[s_hand], pa.int16(), mask=b.max_seats[s_hand] <= 0),
        "count_players": pa.array(f.count_players[s_hand], pa.int16()),
        "rake": money_from_cents(f.rake[s_hand]), "cash_out": money_from_cents(f.cash_out[seats]),
        "total_pot": money_from_cents(f.total_pot[s_hand]),
        "is_cancelled": pa.array(b.is_cancelled[s_hand]),
        "is_anonymous": pa.array(anonymous_seats(b)[seats]),
    })
    return tables


def _stakes_texts(b: HandBatch, hands: np.ndarray) -> pa.Array:
    """Each of ``hands``' stakes text, worked out once per distinct stakes: a file's hands come
    at a few."""
    texts: dict[tuple, str] = {}
    out = []
    stakes, small, big, tournament = b.stakes, b.small_blind.tolist(), b.big_blind.tolist(), b.is_tournament.tolist()
    for h in hands.tolist():
        key = (stakes[h], small[h], big[h], tournament[h])
        text = texts.get(key)
        if text is None:
            text = texts[key] = _stakes_text(b, h)
        out.append(text)
    return pa.array(out, pa.string())


def _stakes_text(b: HandBatch, h: int) -> str:
    from rules.holdem_explain import money

    stakes = b.stakes[h] or f"{money(b.small_blind[h])}/{money(b.big_blind[h])}"
    if b.is_tournament[h] and not stakes.endswith(" T"):
        stakes = f"{stakes} T"
    return stakes


# ////////////////////////////////////////////////////////////////////// the decision context
# What each action faced, from the actions before it in its hand: written into the rows once, so
# that the SQL models read it instead of sorting every action of the warehouse again per window.
# Rows come hand by hand (a hand's rows together), each hand's actions in their order.

class _KindFlags(NamedTuple):
    """Per action code (``rules.holdem_batch.KINDS``, then one more for an unknown action)."""

    is_decision: np.ndarray     # fold, check, call, bet, raise: a turn in a betting round
    is_entry: np.ndarray        # call, bet, raise
    is_aggressive: np.ndarray   # bet, raise
    is_fold: np.ndarray
    invested_sign: np.ndarray   # what its amount does to the chips a player has in: +1, -1 or 0


@functools.cache
def _kind_flags() -> _KindFlags:
    from rules.holdem_batch import KINDS
    from rules.holdem_hand import ActionKind

    def flags(test) -> np.ndarray:
        return np.array([test(kind) for kind in KINDS] + [False])

    returned = (ActionKind.UNCALLED, ActionKind.COLLECT)
    return _KindFlags(
        is_decision=flags(lambda kind: kind.is_betting),
        is_entry=flags(lambda kind: kind.is_voluntary),
        is_aggressive=flags(lambda kind: kind in (ActionKind.BET, ActionKind.RAISE)),
        is_fold=flags(lambda kind: kind == ActionKind.FOLD),
        # a show or muck puts nothing in; an action the rows do not name counts its amount in
        invested_sign=np.array([-1 if kind in returned else 0 if kind in (ActionKind.SHOW, ActionKind.MUCK) else 1
                                for kind in KINDS] + [1], np.int64),
    )


def decision_context(hand: np.ndarray, player: np.ndarray, street: np.ndarray, kind: np.ndarray,
                     amount: np.ndarray, amount_valid: np.ndarray, to_call: np.ndarray, bet_level: np.ndarray,
                     bet_level_valid: np.ndarray, is_all_in: np.ndarray) -> dict[str, pa.Array]:
    """The ``DECISION_CONTEXT`` columns of ``holdem_actions`` rows, from per-row arrays: the row's
    hand (a number that never goes down: a hand's rows together, in their order) and player (any
    integers that tell a hand's players apart), street (a small code, -1 and up), action
    (``KINDS`` index, -1 unknown), amount and to_call (cents), bet_level. One compiled walk over
    the rows (``pipeline.facts.holdem_decisions``) derives them.

    - ``invested_before``: the chips the player put in before the action (posts in, the uncalled
      and collected chips taken back out); ``count_out_before``: the players out of the betting
      before it, having folded or gone all-in.
    - On a decision only (fold, check, call, bet, raise), over the decisions before it on its
      street: ``count_entries_before`` calls, bets and raises (0: folded to him);
      ``full_increment_before`` the largest bet or raise increment (the last full one: a short
      all-in never exceeds it); ``raise_level`` the bets and raises, every one counted as
      PokerTracker 4 counts them (a short all-in raise too), over the bet level of the street's
      first decision (preflop the big blind is level 1); ``decision_no`` his decisions on the
      street, from 1, and ``decision_no_at_level`` those at this raise level.
    """
    from pipeline.facts.holdem_decisions import decision_rows

    flags = _kind_flags()
    kind = np.where(kind < 0, len(flags.is_decision) - 1, kind)

    def ints(values: np.ndarray) -> np.ndarray:     # one signature of the kernel, whoever calls
        return np.asarray(values, np.int64)

    def flags_of(values: np.ndarray) -> np.ndarray:
        return np.asarray(values, np.bool_)

    (invested_before, count_out_before, entries, increment, has_increment, raise_level, level_known, decision_no,
     at_level) = decision_rows(
        ints(hand), ints(player), ints(street), ints(kind), ints(amount), flags_of(amount_valid), ints(to_call),
        ints(bet_level), flags_of(bet_level_valid), flags_of(is_all_in), flags.is_decision, flags.is_entry,
        flags.is_aggressive, flags.is_fold, flags.invested_sign)
    decisions = flags.is_decision[kind]
    return {
        "invested_before": money_from_cents(invested_before),
        "count_out_before": pa.array(count_out_before, pa.int16()),
        "count_entries_before": pa.array(entries, pa.int16(), mask=~decisions),
        "full_increment_before": money_from_cents(increment, has_increment),
        "raise_level": pa.array(raise_level, pa.int8(), mask=~level_known),
        "decision_no": pa.array(decision_no, pa.int16(), mask=~decisions),
        "decision_no_at_level": pa.array(at_level, pa.int16(), mask=~level_known),
    }


def _cents(column: pa.ChunkedArray | pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """A MONEY column's values in cents (0 where null), and which are not null."""
    array = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    array = array.cast(MONEY)
    words = np.frombuffer(array.buffers()[1], np.int64)[2 * array.offset: 2 * (array.offset + len(array))]
    valid = array.is_valid().to_numpy(zero_copy_only=False)
    return np.where(valid, words[::2], 0), valid


def with_decision_context(actions: pa.Table) -> pa.Table:
    """``holdem_actions`` rows (whole hands) with their ``DECISION_CONTEXT`` columns derived again
    from the others: for rows written without them, by a Rasklad before they existed (see
    ``pipeline.warehouse``'s upgrades) or by hand."""
    import pyarrow.compute as pc

    from rules.holdem_batch import KINDS, STREETS

    order = pc.sort_indices(actions, [("game_id", "ascending"), ("action_no", "ascending")])
    rows = actions.select(["game_id", "player", "street", "action", "amount", "to_call", "bet_level", "is_all_in"]
                          ).take(order).combine_chunks()

    def codes(name: str, values=None) -> np.ndarray:
        column = rows.column(name)
        found = (pc.index_in(column, value_set=pa.array(values)) if values is not None
                 else column.dictionary_encode().combine_chunks().indices)
        return found.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int64)

    hand = codes("game_id")
    player = codes("player")
    amount, amount_valid = _cents(rows.column("amount"))
    to_call, _ = _cents(rows.column("to_call"))
    bet_level = rows.column("bet_level")
    context = decision_context(
        hand=hand, player=hand * (player.max(initial=0) + 2) + player + 1,
        street=codes("street", [street.value for street in STREETS]),
        kind=codes("action", [kind.value for kind in KINDS]), amount=amount, amount_valid=amount_valid,
        to_call=to_call, bet_level=bet_level.fill_null(0).to_numpy(zero_copy_only=False),
        bet_level_valid=bet_level.is_valid().to_numpy(zero_copy_only=False),
        is_all_in=rows.column("is_all_in").fill_null(False).to_numpy(zero_copy_only=False))
    back = pc.sort_indices(order)   # the rows' own order again
    for name, values in context.items():
        values = values.take(back)
        at = actions.schema.get_field_index(name)
        actions = actions.append_column(name, values) if at < 0 else actions.set_column(at, name, values)
    return actions


def with_is_cancelled(results: pa.Table) -> pa.Table:
    """``holdem_results`` rows with ``is_cancelled`` where they lack it (rows written before the column
    existed, by an older Rasklad, or by hand): a hand whose pot is 0 is taken for cancelled, as the
    models told a cancelled hand until the column came, unless it is a walk (a big blind's bet that
    came back uncalled leaves no pot, and a cancelled hand is never a walk); a pot not known (null,
    or no column) is a hand played. A row that holds the flag keeps it: the engine's.

    >>> rows = pa.table({"total_pot": money_from_cents(np.array([0, 150, 0, 0])),
    ...                  "is_walk": [False, False, True, False],
    ...                  "is_cancelled": pa.array([None, None, None, False], pa.bool_())})
    >>> with_is_cancelled(rows).column("is_cancelled").to_pylist()
    [True, False, False, False]
    >>> with_is_cancelled(pa.table({"player": ["Anna"]})).column("is_cancelled").to_pylist()
    [False]
    """
    import pyarrow.compute as pc

    by_pot = pa.array([False] * results.num_rows, pa.bool_())
    if "total_pot" in results.column_names:
        by_pot = pc.fill_null(pc.equal(results.column("total_pot"), pa.scalar(0, MONEY)), False)
        if "is_walk" in results.column_names:
            by_pot = pc.and_(by_pot, pc.invert(pc.fill_null(results.column("is_walk"), False)))
    at = results.schema.get_field_index("is_cancelled")
    if at < 0:
        return results.append_column("is_cancelled", by_pot)
    return results.set_column(at, "is_cancelled", pc.coalesce(results.column("is_cancelled"), by_pot))


# ////////////////////////////////////////////////////////////////////// registration

LANE_MIN_HANDS = 3
"""Files with fewer PokerStars hands take the other paths: the lane's fixed cost per file (its
columns, kernel calls and Arrow arrays) is more than they spend on a few hands."""
LANE_RUN_HANDS = 1000
"""Runs with fewer PokerStars hands take the record batch (the reference reader a hand at a
time, the same engine over them all): loading the lane's byte reader costs about what the record
batch spends more than the lane on hundreds of hands."""
LANE_FIRST_RUN_HANDS = 30_000
"""The same while the byte reader is not compiled (a machine's first run): compiling it costs about
9.5 CPU-s, and the record batch spends 0.27 ms per hand more than the lane (20,000 hands of
tournament play: 9.3 CPU-s against 3.9), so the compiling pays for itself within a run of some
35,000 hands; a little less will do, as the runs after it gain too. A history read in smaller runs
stays on the record batch."""


HAND_MARK = "PokerStars"
"""The word each PokerStars hand's header starts with: a file's hands are counted by it."""


LANE_WARM_HANDS = 200
"""A run that forks with this many PokerStars hands or more reads the lane's warm-up file first,
though too small for the lane: it compiles the multiway all-in equity once, where each reader would
compile it again (on a first run, 575 hands of the PokerStars corpus in two readers: 24.7 CPU-s,
19.9 with the file read). Fewer hands seldom need it: data/samples' twenty would compile it for
nothing (+5 CPU-s on its first run)."""


def count_hands(text: str) -> int:
    return text.count(HAND_MARK)


def takes_file(text: str) -> bool:
    """Whether a decoded file holds enough PokerStars hands for the lane: looked for from its start
    until there are enough, not counted over the whole file (every file is asked, before reading).

    >>> takes_file("PokerStars Hand #1 … PokerStars Hand #2 … PokerStars Hand #3"), takes_file("PokerStars " * 2)
    (True, False)
    """
    at = -1
    for _ in range(LANE_MIN_HANDS):
        at = text.find(HAND_MARK, at + 1)
        if at < 0:
            return False
    return True


def read_lane(text: str, source_file: str) -> tuple[list, HandBatch, np.ndarray]:
    """The lane's reading of a file (``parsers.pokerstars_fast.read_text``)."""
    from parsers.pokerstars_fast import read_text

    return read_text(text, source_file)


def lane_compiled() -> bool:
    """Whether the kernel cache holds the lane's byte reader (the engine's kernels are the
    record batch's too)."""
    from parsers.pokerstars_fast import KERNELS
    from pipeline.kernels import cached

    return all(map(cached, KERNELS))


HANDLERS: dict = {"rules.holdem_hand.HoldemHand": Handler(replay=_replay, add_rows=_add_rows, lane=Lane(
    takes=takes_file, count=count_hands, run_minimum=LANE_RUN_HANDS, first_run_minimum=LANE_FIRST_RUN_HANDS,
    warm_minimum=LANE_WARM_HANDS, compiled=lane_compiled, read=read_lane, ingest=ingest_lane,
    warm_up="pokerstars_lane", settle=settle_lane),
    money=lambda hand: (money_unit(hand.currency), hand.is_tournament), name_in_log=lambda hand: hand.hand_id,
    batch=RecordBatch(formats=BATCH_FORMATS, minimum=BATCH_MIN_HANDS, ingest=ingest_hands))}
