"""Chinese poker and OFC facts: rows, pair scores, per-player hands and OFC placements.

Both games share the tables; the ``game`` partition (``chinese`` or ``ofc``) tells them
apart. The columns below are what ``player_stats_chinese`` reads; add columns, never
rename them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers.formats import split_named
from pipeline.facts import (
    MONEY,
    Follows,
    Handler,
    Lane,
    NoResult,
    Table,
    define,
    money_from_cents,
    played_in_utc,
)
from rules.cards import Card, format_cards
from rules.records import GameInfo

if TYPE_CHECKING:
    from pipeline.tables import TableRows
    from rules.chinese import ChineseBatch, ChineseHand, ChineseReplay
    from rules.ofc import OfcBatch, OfcHand, OfcReplay

# The parser and the engine (parsers.chinese, rules.chinese, rules.ofc, the evaluator) are imported
# by the functions that read or replay: every ingest loads this module for its tables, and a run
# without Chinese poker paid for them before (40 ms of a Hold'em ingest's imports, paired).


CHINESE_ROWS = define(
    "chinese_rows",
    ("game_id", pa.string()),
    ("player", pa.string()),
    ("row", pa.string()),              # back, middle, front
    ("cards", pa.string()),            # "Kh Kd Kc 4s 4d", as set
    ("category", pa.string()),         # "full house", "pair", … (HandCategory label)
    ("royalty", MONEY),                # what the row earns under the hand's table (0 when fouled)
    ("is_foul", pa.bool_()),           # the player's hand fouls (CP-FOUL)
    ("strength", pa.int32()),          # the evaluator's strength: comparable between rows of any size
    ("variant", pa.string()),          # classic (Chinese poker), classic / pineapple / fantasyland (OFC)
    ("line", pa.int32()),
)

CHINESE_SCORES = define(
    "chinese_scores",
    ("game_id", pa.string()),
    ("player", pa.string()),
    ("opponent", pa.string()),
    ("points", MONEY),                 # what player won from opponent, royalties included
    ("rows_won", pa.int8()),
    ("rows_lost", pa.int8()),
    ("is_scoop", pa.bool_()),          # player won all three rows (or a foul or a natural counted as that)
    ("royalty_points", MONEY),         # player's royalty minus opponent's, in this pairing
    ("variant", pa.string()),
    ("scoring", pa.string()),          # 1-6 or 2-4
    ("is_scoop_chance", pa.bool_()),   # added: either could scoop the other, as the rules settle the pairing
)

CHINESE_PLAYERS = define(
    "chinese_players",
    ("game_id", pa.string()),
    ("player", pa.string()),
    ("variant", pa.string()),
    ("scoring", pa.string()),
    ("status", pa.string()),           # set, surrender, natural, invalid (rows that cannot be ranked)
    ("natural", pa.string()),          # three straights, three flushes, six pairs, no faces, dragon
    ("is_foul", pa.bool_()),
    ("royalty", MONEY),                # the hand's royalty (sum of its rows)
    ("royalty_back", MONEY),
    ("royalty_middle", MONEY),
    ("royalty_front", MONEY),
    ("points", MONEY),                 # the player's true total (= game_players.net)
    ("count_opponents", pa.int8()),
    ("in_fantasyland", pa.bool_()),    # OFC: played this hand in Fantasyland
    ("fantasyland_entry", pa.bool_()), # OFC Fantasyland variant: qualified to enter (QQ+ front, no foul)
    ("fantasyland_stay", pa.bool_()),  # OFC Fantasyland variant: in Fantasyland and qualified to stay
    ("line", pa.int32()),
)

OFC_PLACEMENTS = define(
    "ofc_placements",
    ("game_id", pa.string()),
    ("player", pa.string()),
    ("turn_no", pa.int16()),           # the player's own turns: 0 = the 5-card set (or Fantasyland), 1… draws
    ("card", pa.string()),
    ("row", pa.string()),              # back, middle, front; null for a discard
    ("is_discard", pa.bool_()),
    ("is_fantasyland", pa.bool_()),
    ("line", pa.int32()),
)
TABLES = (CHINESE_ROWS, CHINESE_SCORES, CHINESE_PLAYERS, OFC_PLACEMENTS)


def _add_rows(rows: TableRows, game: str, game_id: str, replay: ChineseReplay) -> None:
    # one hand's rows, as lists of length n, through the builders the batch lane calls too
    variant, scoring = replay.variant, replay.scoring
    results = replay.rows
    if results:
        n = len(results)
        _store(rows, CHINESE_ROWS, game, _row_columns(
            game_id=[game_id] * n, player=[r.player for r in results], row=[r.row.value for r in results],
            cards=[format_cards(r.cards) for r in results], strength=[r.strength for r in results],
            royalty=[r.royalty for r in results], is_foul=[r.is_foul for r in results], variant=[variant] * n,
            line=[r.line for r in results]))
    scores = replay.scores
    if scores:
        n = len(scores)
        _store(rows, CHINESE_SCORES, game, _score_columns(
            game_id=[game_id] * n, player=[x.player for x in scores], opponent=[x.opponent for x in scores],
            points=[x.points for x in scores], rows_won=[x.rows_won for x in scores],
            rows_lost=[x.rows_lost for x in scores], royalty_points=[x.royalty_points for x in scores],
            can_scoop=[x.can_scoop for x in scores], variant=[variant] * n, scoring=[scoring] * n))
    hands = replay.hands
    if hands:
        n = len(hands)
        _store(rows, CHINESE_PLAYERS, game, _player_columns(
            game_id=[game_id] * n, player=[h.player for h in hands], variant=[variant] * n, scoring=[scoring] * n,
            status=[h.status for h in hands], natural=[h.natural for h in hands], is_foul=[h.is_foul for h in hands],
            royalties=[h.royalties for h in hands], points=[h.points for h in hands], count_players=[n] * n,
            line=[h.line for h in hands], fantasyland=([h.in_fantasyland for h in hands],
                                                     [h.fantasyland_entry for h in hands],
                                                     [h.fantasyland_stay for h in hands])))


# ---- the columns of chinese_rows, chinese_scores and chinese_players, each derived here once
# for both lanes: the explaining path gives one hand's values as lists, the batch lane a file's
# as arrays. Amounts are whole points.


def _row_columns(*, game_id, player, row, cards, strength, royalty, is_foul, variant, line) -> dict:
    strength = np.asarray(strength, np.int64)
    return {"game_id": game_id, "player": player, "row": row, "cards": cards,
            "category": _category_texts()[strength >> 20], "royalty": royalty, "is_foul": is_foul,
            "strength": strength, "variant": variant, "line": line}


def _score_columns(*, game_id, player, opponent, points, rows_won, rows_lost, royalty_points, can_scoop, variant,
                   scoring) -> dict:
    from rules.chinese import scoops

    return {"game_id": game_id, "player": player, "opponent": opponent, "points": points, "rows_won": rows_won,
            "rows_lost": rows_lost, "is_scoop": scoops(np.asarray(rows_won)), "royalty_points": royalty_points,
            "variant": variant, "scoring": scoring, "is_scoop_chance": can_scoop}


def _player_columns(*, game_id, player, variant, scoring, status, natural, is_foul, royalties, points,
                    count_players, line, fantasyland=None) -> dict:
    """``royalties``: each row's, back first (zero when fouled); ``count_players``: of the hand,
    per player; ``fantasyland``: OFC's three flags (in, entry, stay), none played when None."""
    royalties = np.asarray(royalties, np.int64).reshape(-1, 3)
    if fantasyland is None:
        fantasyland = (np.zeros(len(royalties), bool),) * 3
    return {"game_id": game_id, "player": player, "variant": variant, "scoring": scoring,
            "status": [kind.value for kind in status], "natural": [kind.value if kind else None for kind in natural],
            "is_foul": is_foul, "royalty": royalties.sum(axis=1), "royalty_back": royalties[:, 0],
            "royalty_middle": royalties[:, 1], "royalty_front": royalties[:, 2], "points": points,
            "count_opponents": np.asarray(count_players) - 1, "in_fantasyland": fantasyland[0],
            "fantasyland_entry": fantasyland[1], "fantasyland_stay": fantasyland[2], "line": line}


def _store(rows: TableRows, table: Table, game: str, columns: dict) -> None:
    """A builder's columns stored by their type: a batch's (arrays) in Arrow, money from whole
    points without a Decimal each; a hand's (lists) gathered as lists, Decimals for money (an
    Arrow table per hand would cost more than its rows)."""
    money = _MONEY_COLUMNS[table.name]
    if isinstance(columns["game_id"], list):
        listed = {name: values.tolist() if isinstance(values, np.ndarray) else values
                  for name, values in columns.items()}
        for name in money:
            listed[name] = [_DECIMALS[amount] for amount in listed[name]]
        rows.extend(table.name, game, listed)
        return
    rows.add_table(table.name, game, pa.table({
        name: (money_from_cents(np.asarray(values, np.int64) * 100) if name in money
               else values if isinstance(values, pa.Array) else pa.array(values, table.schema.field(name).type))
        for name, values in columns.items()}))


_MONEY_COLUMNS = {table.name: frozenset(field.name for field in table.schema if field.type == MONEY)
                  for table in (CHINESE_ROWS, CHINESE_SCORES, CHINESE_PLAYERS)}


class _Decimals(dict):
    """Whole points as Decimals, each made once (the decimal columns take Decimals)."""

    def __missing__(self, amount: int) -> Decimal:
        value = self[amount] = Decimal(amount)
        return value


_DECIMALS = _Decimals()


def add_chinese_rows(rows: TableRows, record: ChineseHand, replay: ChineseReplay) -> None:
    _add_rows(rows, "chinese", record.source.game_id, replay)


def add_ofc_rows(rows: TableRows, record: OfcHand, replay: OfcReplay) -> None:
    _add_rows(rows, "ofc", record.source.game_id, replay)
    placements = replay.placements
    if placements:
        rows.extend("ofc_placements", "ofc", {
            "game_id": [record.source.game_id] * len(placements), "player": [p.player for p in placements],
            "turn_no": [p.turn_no for p in placements], "card": [str(p.card) for p in placements],
            "row": [p.row.value if p.row else None for p in placements],
            "is_discard": [p.is_discard for p in placements],
            "is_fantasyland": [p.is_fantasyland for p in placements], "line": [p.line for p in placements],
        })


class NoHandLines(NoResult):
    """A hand whose text names players but holds none of their hands: nothing to replay or
    store (stored, it would be a game of 0 players), so it goes to quarantine, at its last line,
    as every game with nothing played out does."""


def _replay_chinese_hand(record: ChineseHand) -> ChineseReplay:
    from rules.chinese import replay_chinese

    if not record.seats:
        raise NoHandLines("the hand has no hand lines: no player set rows, surrendered or declared a natural",
                          line=record.source.last_line)
    return replay_chinese(record)


def _fantasyland_earned(record: OfcHand, previous: OfcHand, before: OfcReplay) -> tuple:
    from rules.ofc import check_fantasyland_earned

    return check_fantasyland_earned(record, previous, before)


def _has_fantasyland(record: OfcHand) -> bool:
    return any(step.kind.value == "fantasyland" for step in record.steps)


def _replay_ofc_hand(record: OfcHand) -> OfcReplay:
    from rules.ofc import replay_ofc

    if not record.steps:
        raise NoHandLines("the hand has no hand lines: no player placed a card", line=record.source.last_line)
    return replay_ofc(record)


# ////////////////////////////////////////////////////////////////////// the batch lane


@dataclass
class _FileBatch:
    batch: ChineseBatch
    infos: list[tuple[GameInfo, str]]
    chunks: list
    taken: np.ndarray
    source_file: str


def _read_lane(text: str, source_file: str) -> tuple[list, _FileBatch, np.ndarray]:
    from parsers.chinese import read_batch

    chunks = split_named(text, source_file)
    try:
        batch, taken, infos = read_batch(chunks, source_file)
    except Exception:  # noqa: BLE001 — a fault of the lane's: every hand takes the full path, which reports it
        batch, taken, infos = read_batch([], source_file)
    return chunks, _FileBatch(batch, infos, chunks, taken, source_file), taken


_CARD_TEXT = np.array([str(Card.from_code(code)) for code in range(52)] + [""], dtype=object)
_ROW_SLICES = ((0, 5), (5, 10), (10, 13))
"""Where each row's cards are in a seat's 13 codes: back, middle, front."""


def _ingest_lane(file: _FileBatch, wanted: np.ndarray, rows: TableRows) -> np.ndarray:
    """Replay a file's batch of Chinese poker hands at once and store those with nothing to
    report; the others are left to the full path, which explains them hand by hand."""
    from rules.chinese import replay_batch

    facts = replay_batch(file.batch)
    take = facts.certified & wanted
    chunks = [file.chunks[i] for i in file.taken]
    _store_batch(rows, "chinese", file.batch, facts, take, chunks, [info for info, _ in file.infos],
                 [name for _, name in file.infos], ["classic"] * len(take), file.source_file)
    return take


def _store_batch(rows: TableRows, game: str, b: ChineseBatch, facts, take: np.ndarray, chunks: list,
                 infos: list[GameInfo], names: list[str], variants: list[str], source_file: str) -> None:
    """The rows of the batch's hands marked in ``take``: ``games`` and ``game_players`` as
    ``pipeline.worker.add_game_rows`` makes them for one hand, and ``chinese_players``,
    ``chinese_rows`` and ``chinese_scores`` through the builders :func:`_add_rows` calls."""
    from rules.chinese import Status

    hands = np.flatnonzero(take)
    if hands.size == 0:
        return
    seat_taken = take[b.seat_hand]
    seats = np.flatnonzero(seat_taken)
    counts = np.bincount(b.seat_hand, minlength=len(take))
    chunks = [chunks[h] for h in hands]
    game_id = [chunk.game_id for chunk in chunks]
    infos = [infos[h] for h in hands]
    names = [names[h] for h in hands]
    seat_variant = np.array(variants, dtype=object)[b.seat_hand[seats]]
    seat_game = np.array(game_id, dtype=object)[np.searchsorted(hands, b.seat_hand[seats])]
    surrenders, naturals = b.seat_surrenders[seats], [b.seat_natural[s] for s in seats]
    status = [Status.NATURAL if n else Status.SURRENDER if x else Status.SET for n, x in zip(naturals, surrenders)]
    scoring = [b.scoring[h].value for h in hands]
    seat_scoring = np.array(scoring, dtype=object)[np.searchsorted(hands, b.seat_hand[seats])]
    seat_player = np.array(b.seat_player, dtype=object)
    players = seat_player[seats]
    lines = b.seat_line[seats]
    # the seat a player has: his place on the Players: line
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    seat_no = seats - starts[b.seat_hand[seats]] + 1
    rows.add_table("games", game, pa.table({
        "game_id": pa.array(game_id, pa.string()),
        "source_file": pa.array([source_file] * len(hands), pa.string()),
        "first_line": pa.array([c.first_line for c in chunks], pa.int32()),
        "last_line": pa.array([c.last_line for c in chunks], pa.int32()),
        "played_at": pa.array([i.played_at for i in infos], pa.timestamp("us")),
        "club": pa.array([i.club for i in infos], pa.string()),
        "table_name": pa.nulls(len(hands), pa.string()),
        "ruleset": pa.array([i.ruleset for i in infos], pa.string()),
        "site": pa.nulls(len(hands), pa.string()),
        "count_players": pa.array(counts[hands], pa.int32()),
        "count_errors": pa.array(np.zeros(len(hands), np.int32)),
        "count_warnings": pa.array(np.zeros(len(hands), np.int32)),
        "currency": pa.nulls(len(hands), pa.string()),
        "is_tournament": pa.array(np.zeros(len(hands), bool)),
        "played_in_utc": pa.array([played_in_utc(i.played_at, i.played_in_utc) for i in infos], pa.bool_()),
        "name_in_log": pa.array(names, pa.string()),
    }))
    rows.add_table("game_players", game, pa.table({
        "game_id": pa.array(seat_game, pa.string()), "player": pa.array(players, pa.string()),
        "seat": pa.array(seat_no, pa.int16()), "net": money_from_cents(facts.points[seats] * 100),
        "is_anonymous": pa.array(np.zeros(len(players), np.bool_)),     # a club's players are named
    }))
    _store(rows, CHINESE_PLAYERS, game, _player_columns(
        game_id=seat_game, player=players, variant=seat_variant, scoring=seat_scoring, status=status,
        natural=naturals, is_foul=facts.is_foul[seats], royalties=facts.royalties[seats],
        points=facts.points[seats], count_players=counts[b.seat_hand[seats]], line=lines))
    # one row per row set: the players who set their hand (not a surrender, not a natural)
    set_seats = seats[~b.seat_surrenders[seats] & np.array([n is None for n in naturals], dtype=bool)]
    row_seat = np.repeat(set_seats, 3)
    row_index = np.tile(np.arange(3), len(set_seats))
    strengths = facts.strengths[row_seat, row_index]
    codes = b.codes[set_seats]
    texts = _CARD_TEXT[codes]
    # each row's text joined column by column in Arrow, then interleaved back, middle, front per seat
    row_texts = [pc.binary_join_element_wise(*(pa.array(texts[:, i], pa.string()) for i in range(start, end)), " ")
                 for start, end in _ROW_SLICES]
    cards = pa.concat_arrays(row_texts).take(pa.array(np.arange(3 * len(set_seats)).reshape(3, -1).T.ravel()))
    at_row = np.searchsorted(seats, row_seat)
    _store(rows, CHINESE_ROWS, game, _row_columns(
        game_id=seat_game[at_row], player=seat_player[row_seat], row=_row_texts()[row_index], cards=cards,
        strength=strengths, royalty=facts.royalties[row_seat, row_index], is_foul=facts.is_foul[row_seat],
        variant=seat_variant[at_row], line=b.seat_line[row_seat]))
    pairs = np.flatnonzero(take[b.seat_hand[facts.pair_a]])
    a, o = facts.pair_a[pairs], facts.pair_b[pairs]
    at_pair = np.searchsorted(seats, a)
    _store(rows, CHINESE_SCORES, game, _score_columns(
        game_id=seat_game[at_pair], player=seat_player[a], opponent=seat_player[o], points=facts.pair_points[pairs],
        rows_won=facts.pair_won[pairs], rows_lost=facts.pair_lost[pairs],
        royalty_points=facts.pair_royalty_points[pairs], can_scoop=facts.pair_can_scoop[pairs],
        variant=seat_variant[at_pair], scoring=seat_scoring[at_pair]))


@dataclass
class _OfcFile:
    batch: OfcBatch
    chunks: list
    source_file: str


def _read_ofc_lane(text: str, source_file: str) -> tuple[list, _OfcFile, np.ndarray]:
    """A file's OFC hands read into columns, those whose placements break no rule; the rest,
    and every line the reader does not take, are left to the full path."""
    from parsers.chinese import read_ofc_batch

    chunks = split_named(text, source_file)
    try:
        batch, taken = read_ofc_batch(chunks, source_file)
    except Exception:  # noqa: BLE001 — a fault of the lane's: every hand takes the full path, which reports it
        batch, taken = read_ofc_batch([], source_file)
    return chunks, _OfcFile(batch, [chunks[i] for i in taken], source_file), taken


@functools.cache
def _row_texts() -> np.ndarray:
    """Each row's name by its index (back, middle, front), and None at -1 (a discard)."""
    from rules.chinese import ROWS

    return np.array([row.value for row in ROWS] + [None], dtype=object)


@functools.cache
def _category_texts() -> np.ndarray:
    """Each hand category's label by its value (a strength's bits from the 20th)."""
    from rules.chinese import HandCategory

    labels = {c.value: c.label for c in HandCategory}
    return np.array([labels.get(value) for value in range(max(labels) + 1)], dtype=object)


def _ingest_ofc_lane(file: _OfcFile, wanted: np.ndarray, rows: TableRows) -> np.ndarray:
    """Replay a file's batch of OFC hands at once and store those with nothing to report."""
    from rules.chinese import ChineseRules, replay_batch

    b = file.batch
    facts = replay_batch(b.rows, ChineseRules.default("ofc"))
    take = facts.certified & wanted
    _store_batch(rows, "ofc", b.rows, facts, take, file.chunks, b.infos, b.names, b.variants, file.source_file)
    placed = np.flatnonzero(take[b.place_hand])
    if placed.size:
        game_id = np.array([chunk.game_id for chunk in file.chunks], dtype=object)
        row = b.place_row[placed]
        rows.add_table("ofc_placements", "ofc", pa.table({
            "game_id": pa.array(game_id[b.place_hand[placed]], pa.string()),
            "player": pa.array([b.place_player[k] for k in placed], pa.string()),
            "turn_no": pa.array(b.place_turn[placed], pa.int16()),
            "card": pa.array(_CARD_TEXT[b.place_code[placed]], pa.string()),
            "row": pa.array(_row_texts()[row], pa.string()),
            "is_discard": pa.array(row < 0),
            "is_fantasyland": pa.array(np.zeros(placed.size, bool)),
            "line": pa.array(b.place_line[placed], pa.int32()),
        }))
    return take


LANE_MIN_HANDS = 20
"""Files with fewer Chinese poker (or OFC) hands take the full path: the lane's fixed cost per
file (its tables, its evaluator calls) is about what the full path spends on that many hands."""
LANE_RUN_HANDS = 100
"""Runs with fewer such hands take the full path: loading the lane costs about what the full
path spends on a hundred hands, and such a run is over in a fraction of a second either way."""


def _count_hands(text: str) -> int:
    return text.count("Chinese poker hand")


def _count_ofc_hands(text: str) -> int:
    return text.count("OFC hand")


HANDLERS = {
    "rules.chinese.ChineseHand": Handler(replay=_replay_chinese_hand, add_rows=add_chinese_rows, lane=Lane(
        takes=lambda text: _count_hands(text) >= LANE_MIN_HANDS, count=_count_hands, run_minimum=LANE_RUN_HANDS,
        read=_read_lane, ingest=_ingest_lane, warm_up="chinese"), name_in_log=lambda hand: hand.hand_id),
    "rules.ofc.OfcHand": Handler(replay=_replay_ofc_hand, add_rows=add_ofc_rows, lane=Lane(
        takes=lambda text: _count_ofc_hands(text) >= LANE_MIN_HANDS, count=_count_ofc_hands,
        run_minimum=LANE_RUN_HANDS, read=_read_ofc_lane, ingest=_ingest_ofc_lane, warm_up="ofc"),
        name_in_log=lambda hand: hand.hand_id,
        follows=Follows(game="ofc", needs=_has_fantasyland, judge=_fantasyland_earned)),
}
