"""Chinese poker and OFC facts: rows, pair scores, per-player hands and OFC placements.

Both games share the tables; the ``game`` partition (``chinese`` or ``ofc``) tells them
apart. The columns below are what ``player_stats_chinese`` reads; add columns, never
rename them.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

import pyarrow as pa

from pipeline.facts import MONEY, Handler, define
from rules.cards import format_cards
from rules.chinese import ChineseHand, ChineseReplay, replay_chinese
from rules.ofc import OfcHand, OfcReplay, replay_ofc

if TYPE_CHECKING:
    from pipeline.tables import TableRows


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
    for row in replay.rows:
        rows.add("chinese_rows", game, game_id=game_id, player=row.player, row=row.row.value,
                 cards=format_cards(row.cards), category=row.category.label, royalty=Decimal(row.royalty),
                 is_foul=row.is_foul, strength=row.strength, variant=replay.variant, line=row.line)
    for score in replay.scores:
        rows.add("chinese_scores", game, game_id=game_id, player=score.player, opponent=score.opponent,
                 points=Decimal(score.points), rows_won=score.rows_won, rows_lost=score.rows_lost,
                 is_scoop=score.is_scoop, royalty_points=Decimal(score.royalty_points), variant=replay.variant,
                 scoring=replay.scoring)
    opponents = len(replay.hands) - 1
    for hand in replay.hands:
        back, middle, front = (Decimal(amount) for amount in hand.royalties)
        rows.add("chinese_players", game, game_id=game_id, player=hand.player, variant=replay.variant,
                 scoring=replay.scoring, status=hand.status.value,
                 natural=hand.natural.value if hand.natural else None, is_foul=hand.is_foul,
                 royalty=back + middle + front, royalty_back=back, royalty_middle=middle, royalty_front=front,
                 points=Decimal(hand.points), count_opponents=opponents, in_fantasyland=hand.in_fantasyland,
                 fantasyland_entry=hand.fantasyland_entry, fantasyland_stay=hand.fantasyland_stay,
                 line=hand.line)


def add_chinese_rows(rows: TableRows, record: ChineseHand, replay: ChineseReplay) -> None:
    _add_rows(rows, "chinese", record.source.game_id, replay)


def add_ofc_rows(rows: TableRows, record: OfcHand, replay: OfcReplay) -> None:
    _add_rows(rows, "ofc", record.source.game_id, replay)
    for p in replay.placements:
        rows.add("ofc_placements", "ofc", game_id=record.source.game_id, player=p.player, turn_no=p.turn_no,
                 card=str(p.card), row=p.row.value if p.row else None, is_discard=p.is_discard,
                 is_fantasyland=p.is_fantasyland, line=p.line)


class NoHandLines(LookupError):
    """A hand whose text names players but holds none of their hands: nothing to replay or
    store (stored, it would be a game of 0 players), so it goes to quarantine."""


def _replay_chinese_hand(record: ChineseHand) -> ChineseReplay:
    if not record.seats:
        raise NoHandLines("the hand has no hand lines: no player set rows, surrendered or declared a natural")
    return replay_chinese(record)


def _replay_ofc_hand(record: OfcHand) -> OfcReplay:
    if not record.steps:
        raise NoHandLines("the hand has no hand lines: no player placed a card")
    return replay_ofc(record)


HANDLERS = {
    ChineseHand: Handler(replay=_replay_chinese_hand, add_rows=add_chinese_rows),
    OfcHand: Handler(replay=_replay_ofc_hand, add_rows=add_ofc_rows),
}
