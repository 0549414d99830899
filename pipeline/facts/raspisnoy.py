"""Raspisnoy poker facts: one row per player per round, and one row per card played.

Game logs go to the ``raspisnoy`` partition, score sheets to ``raspisnoy_sheet``; sheets fill
``raspisnoy_rounds`` only (they hold no cards). ``points`` and ``total`` are the replay's true
values; ``points_written`` and ``total_written`` what the table wrote. The SQL models of
``player_stats_raspisnoy`` read these columns; add columns, never rename them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyarrow as pa

from pipeline.facts import MONEY, Handler, define

if TYPE_CHECKING:
    from pipeline.tables import TableRows
    from rules.raspisnoy import RaspisnoyGame, RaspisnoyReplay, RaspisnoySheet

# The rules of raspisnoy are imported by the functions that replay and store a game: an ingest of
# other games loads this module for its tables only.


RASPISNOY_ROUNDS = define(
    "raspisnoy_rounds",
    ("game_id", pa.string()),
    ("round_no", pa.int16()),
    ("cards", pa.int16()),             # cards dealt to each player
    ("kind", pa.string()),             # regular, no-trump, blind, misere, golden
    ("dealer", pa.string()),
    ("trump", pa.string()),            # the card turned up ("9h", "7s" for the joker); null: none or a sheet
    ("player", pa.string()),
    ("seat", pa.int16()),              # order of play in the round: 1 left of the dealer … n the dealer
    ("bid", pa.int16()),               # null in misere and golden rounds (no bids)
    ("tricks", pa.int16()),            # tricks taken (true, from the cards played; as written on sheets)
    ("points", MONEY),                 # true points of the round
    ("total", MONEY),                  # true running total after the round
    ("points_written", MONEY),         # what the table wrote (sheets: the change of the written total)
    ("total_written", MONEY),
    ("is_dealer", pa.bool_()),
    ("line", pa.int32()),              # the round header line (sheets: the round's row)
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
    # column by column, one extend per table: a game has hundreds of plays, and an add per row
    # costs its keyword arguments. A round row is a named tuple whose fields are the table's
    # columns in order (a test holds them so), so zip(*rows) is the transpose, in C; the plays
    # come from the replay as columns already.
    from rules.raspisnoy import RoundRow

    game, game_id = record.info.game, record.source.game_id
    rounds = replay.rounds
    if rounds:
        rows.extend("raspisnoy_rounds", game, {"game_id": [game_id] * len(rounds)} | dict(
            zip(RoundRow._fields, map(list, zip(*rounds)))))
    plays = replay.play_columns     # already columns (a game plays a thousand cards)
    if plays is not None and plays.round_no:
        rows.extend("raspisnoy_tricks", game, {"game_id": [game_id] * len(plays.round_no)} | plays._asdict())


def replay_log(game: RaspisnoyGame) -> RaspisnoyReplay:
    from rules.raspisnoy import replay_log

    return replay_log(game)


def replay_sheet(sheet: RaspisnoySheet) -> RaspisnoyReplay:
    from rules.raspisnoy import replay_sheet

    return replay_sheet(sheet)


HANDLERS = {
    "rules.raspisnoy.RaspisnoyGame": Handler(replay=replay_log, add_rows=add_rows),
    "rules.raspisnoy.RaspisnoySheet": Handler(replay=replay_sheet, add_rows=add_rows),
}
