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
    # column by column, one extend per table: an add per row costs its keyword arguments
    variant, scoring = replay.variant, replay.scoring
    results = replay.rows
    if results:
        n = len(results)
        rows.extend("chinese_rows", game, {
            "game_id": [game_id] * n, "player": [r.player for r in results], "row": [r.row.value for r in results],
            "cards": [format_cards(r.cards) for r in results], "category": [r.category.label for r in results],
            "royalty": [_DECIMALS[r.royalty] for r in results], "is_foul": [r.is_foul for r in results],
            "strength": [r.strength for r in results], "variant": [variant] * n, "line": [r.line for r in results],
        })
    scores = replay.scores
    if scores:
        n = len(scores)
        rows.extend("chinese_scores", game, {
            "game_id": [game_id] * n, "player": [x.player for x in scores], "opponent": [x.opponent for x in scores],
            "points": [_DECIMALS[x.points] for x in scores], "rows_won": [x.rows_won for x in scores],
            "rows_lost": [x.rows_lost for x in scores], "is_scoop": [x.is_scoop for x in scores],
            "royalty_points": [_DECIMALS[x.royalty_points] for x in scores], "variant": [variant] * n,
            "scoring": [scoring] * n,
        })
    hands = replay.hands
    if hands:
        n = len(hands)
        royalties = [[_DECIMALS[amount] for amount in hand.royalties] for hand in hands]
        rows.extend("chinese_players", game, {
            "game_id": [game_id] * n, "player": [h.player for h in hands], "variant": [variant] * n,
            "scoring": [scoring] * n, "status": [h.status.value for h in hands],
            "natural": [h.natural.value if h.natural else None for h in hands],
            "is_foul": [h.is_foul for h in hands], "royalty": [sum(r, _DECIMALS[0]) for r in royalties],
            "royalty_back": [r[0] for r in royalties], "royalty_middle": [r[1] for r in royalties],
            "royalty_front": [r[2] for r in royalties], "points": [_DECIMALS[h.points] for h in hands],
            "count_opponents": [n - 1] * n, "in_fantasyland": [h.in_fantasyland for h in hands],
            "fantasyland_entry": [h.fantasyland_entry for h in hands],
            "fantasyland_stay": [h.fantasyland_stay for h in hands], "line": [h.line for h in hands],
        })


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
