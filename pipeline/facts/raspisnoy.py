"""Raspisnoy poker facts: one row per player per round, and one row per card played.

Game logs go to the ``raspisnoy`` partition, score sheets to ``raspisnoy_sheet``; sheets fill
``raspisnoy_rounds`` only (they hold no cards). ``points`` and ``total`` are the replay's true
values; ``points_written`` and ``total_written`` what the table wrote. The SQL models of
``player_stats_raspisnoy`` read these columns; add columns, never rename them.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import pyarrow as pa

from pipeline.facts import MONEY, Handler, NoResult, define

if TYPE_CHECKING:
    from pipeline.tables import TableRows
    from rules.raspisnoy import PlayArrays, RaspisnoyGame, RaspisnoyReplay, RaspisnoySheet

# The rules of raspisnoy are imported by the functions that replay and store a game: an ingest of
# other games loads this module for its tables only.


RASPISNOY_ROUNDS = define(
    "raspisnoy_rounds",
    ("game_id", pa.string()),
    ("round_no", pa.int16()),
    ("cards", pa.int16()),             # cards dealt to each player
    ("kind", pa.string()),             # a rules.raspisnoy.RoundKind value: regular, no-trump, blind, misere,
                                       # golden, forehead
    ("dealer", pa.string()),
    ("trump", pa.string()),            # the card turned up ("9h", "7s" for the joker); null: none or a sheet
    ("player", pa.string()),
    ("seat", pa.int16()),              # order of play in the round: 1 left of the dealer … n the dealer
    ("bid", pa.int16()),               # null where the round has no bids (misere, golden) or the player's
                                       # is not written (no Bids line, left out of it, a sheet's "-")
    ("tricks", pa.int16()),            # tricks taken (true, from the cards played; as written on sheets)
    ("points", MONEY),                 # true points of the round
    ("total", MONEY),                  # true running total after the round
    ("points_written", MONEY),         # what the table wrote (sheets: the change of the written total)
    ("total_written", MONEY),
    ("is_dealer", pa.bool_()),
    ("line", pa.int32()),              # the round header line (sheets: the round's row)
    ("is_game_finished", pa.bool_()),  # added: the game played every round of its schedule (the same on
                                       # each row of a game; false: it stops before, unfinished)
)

RASPISNOY_TRICKS = define(
    "raspisnoy_tricks",
    ("game_id", pa.string()),
    ("round_no", pa.int16()),
    ("trick_no", pa.int16()),
    ("play_no", pa.int16()),           # 1 for the lead
    ("player", pa.string()),
    ("card", pa.string()),
    ("joker_declaration", pa.string()),  # high, low, high trumps, high <suit>, low <suit>; null for other cards
    ("led_suit", pa.string()),         # spades, hearts, diamonds, clubs (a joker's declared suit counts)
    ("winner", pa.string()),           # the trick's true winner
    ("is_winner", pa.bool_()),
    ("line", pa.int32()),              # the Trick line
)
TABLES = (RASPISNOY_ROUNDS, RASPISNOY_TRICKS)


def add_rows(rows: TableRows, record: RaspisnoyGame | RaspisnoySheet, replay: RaspisnoyReplay) -> None:
    # Rounds column by column, one extend: a round row is a named tuple whose fields are the
    # table's columns in order, the game's is_game_finished after them (a test holds them so), so
    # zip(*rows) is the transpose, in C. The plays, a thousand a game, go straight to Arrow from the replay's arrays (a Python object per
    # value and column cost more to convert than the replay took to make them); added last, so
    # that a game whose rounds cannot be stored adds nothing.
    from rules.raspisnoy import RoundRow

    game, game_id = record.info.game, record.source.game_id
    rounds = replay.rounds
    if rounds:
        rows.extend("raspisnoy_rounds", game, {"game_id": [game_id] * len(rounds)} | dict(
            zip(RoundRow._fields, map(list, zip(*rounds))))
            | {"is_game_finished": [replay.is_finished] * len(rounds)})
    if replay.played is not None and replay.played.tricks:
        rows.add_table("raspisnoy_tricks", game, plays_table(game_id, replay.played.arrays()))


def plays_table(game_id: str, played: PlayArrays) -> pa.Table:
    """One game's ``raspisnoy_tricks`` rows, from the replay's arrays. Each column is indexed by
    numpy and given to Arrow as one array of its type: an Arrow ``take`` or a cast per column
    cost as much as the rest of the game's rows."""
    trick_of = played.trick_of
    player = pa.array(played.player, pa.string())
    return pa.Table.from_arrays([
        pa.repeat(game_id, len(trick_of)),
        pa.array(_narrowed(played.round_no, "round_no", game_id)[trick_of]),
        pa.array(_narrowed(played.trick_no, "trick_no", game_id)[trick_of]),
        pa.array(_narrowed(played.play_no, "play_no", game_id)),
        player,
        _texts().cards.take(played.card),
        pa.array(played.joker_declaration, pa.string()),
        _texts().led_suits.take(played.led_suit[trick_of]),
        player.take(played.winning[trick_of]),
        pa.array(played.is_winner),
        pa.array(_narrowed(played.line, "line", game_id)[trick_of]),
    ], schema=RASPISNOY_TRICKS.schema)


_NUMBER_TYPES = {field.name: field.type.to_pandas_dtype() for field in RASPISNOY_TRICKS.schema
                 if pa.types.is_integer(field.type)}
"""The numpy type of each integer column of ``raspisnoy_tricks``."""


def _narrowed(values: np.ndarray, column: str, game_id: str) -> np.ndarray:
    """``values`` in the numpy type of ``column``; a value out of its range raises NumberOutOfRange
    (the game is quarantined) rather than wrap around. The readers bound the numbers of a log:
    this is the last check. (A number past 64 bits makes an array of objects, or of floats.)"""
    kind = _NUMBER_TYPES[column]
    bounds = np.iinfo(kind)
    if values.size and (values.dtype.kind not in "iu" or values.min() < bounds.min or values.max() > bounds.max):
        from pipeline.tables import NumberOutOfRange

        value = next((value for value in values.tolist() if not bounds.min <= value <= bounds.max), None)
        if value is None:   # (whole numbers in range, held as floats)
            return values.astype(kind)
        shown = int(value) if isinstance(value, float) and value.is_integer() else value
        raise NumberOutOfRange(f"game {game_id}: the number {shown} (raspisnoy_tricks.{column}) cannot be stored: "
                               f"it must be a whole number from {bounds.min} to {bounds.max}")
    return values.astype(kind)


class _Texts(NamedTuple):
    cards: pa.Array
    """Each card's text by its code."""
    led_suits: pa.Array
    """Each led suit's text by its code."""


@functools.cache
def _texts() -> _Texts:
    """The texts the replay gives by code, as Arrow takes them."""
    from rules.raspisnoy import CARD_TEXT, LED_SUIT_TEXT

    return _Texts(pa.array(CARD_TEXT, pa.string()), pa.array(LED_SUIT_TEXT, pa.string()))


def replay_log(game: RaspisnoyGame) -> RaspisnoyReplay:
    from rules.raspisnoy import replay_log

    return _with_a_result(replay_log(game), game, "game log", len(game.rounds))


def replay_sheet(sheet: RaspisnoySheet) -> RaspisnoyReplay:
    from rules.raspisnoy import replay_sheet

    return _with_a_result(replay_sheet(sheet), sheet, "score sheet", len(sheet.rows))


def _with_a_result(replay: RaspisnoyReplay, record: RaspisnoyGame | RaspisnoySheet, kind: str,
                   count_written: int) -> RaspisnoyReplay:
    """The replay of a game with at least one round played out (scored). RSP-TOTAL gives the game
    to the highest total after the last round: with none, every total is 0 and every player would
    place first, so the game has no result and is quarantined (NoResult), as an unfinished last
    round is left unscored."""
    if replay.rounds:
        return replay
    if count_written == 0:
        told = "has no rounds"
    elif count_written == 1:
        told = "stops inside its first round"
    else:
        told = f"plays none of its {count_written} rounds out"
    raise NoResult(f"the {kind} {told}: no round was played out, so the game has no result "
                   "(no winner, no placements); it is stored once its file holds a whole round",
                   line=record.source.last_line)


HANDLERS = {
    "rules.raspisnoy.RaspisnoyGame": Handler(replay=replay_log, add_rows=add_rows, name_in_log=lambda game: game.name),
    "rules.raspisnoy.RaspisnoySheet": Handler(replay=replay_sheet, add_rows=add_rows,
                                              name_in_log=lambda sheet: sheet.name),
}
