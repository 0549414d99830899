"""What each Hold'em decision faced, written into its ``holdem_actions`` row by the ingest
(``pipeline.facts.holdem.decision_context``): a hand worked by hand, through both ways a hand is
stored, and the rows of a warehouse written before the columns existed, which the writer gives
them when it opens the warehouse."""

from __future__ import annotations

import json
from decimal import Decimal

import numpy as np
import pyarrow.parquet as pq
import pytest

import pipeline.facts.holdem
import pipeline.worker
from pipeline import models
from pipeline.facts.holdem import DECISION_CONTEXT
from pipeline.generators.holdem import generate
from pipeline.ingest import ingest
from pipeline.manifest import MANIFEST_FILE
from pipeline.warehouse import Warehouse, connect
from pipeline.worker import parse_bytes
from rules.holdem_hand import Street
from tests.warehouse_rows import committed_rows

# 0.50/1, four-handed. Gleb (UTG, 4.50 in all) limps, Anna (BTN) raises to 3 (by 2), Boris (SB)
# folds, Vera (BB) calls; Gleb goes all-in to 4.50: a raise by 1.50, short of a full raise, yet a
# raise level. Anna and Vera call. Flop: Vera checks, Anna bets 5, Vera calls. Turn: both check.
# River: Vera bets 10, Anna folds, the 10 comes back. Vera's queens beat Gleb's jacks: she takes
# the side pot (10) and the main pot (14).
HAND = """PokerStars Hand #900001:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/01 20:00:00 ET
Table 'Vesta' 4-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Seat 4: Gleb ($4.50 in chips)
Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
Gleb: calls $1
Anna: raises $2 to $3
Boris: folds
Vera: calls $2
Gleb: raises $1.50 to $4.50 and is all-in
Anna: calls $1.50
Vera: calls $1.50
*** FLOP *** [Ac 7d 2s]
Vera: checks
Anna: bets $5
Vera: calls $5
*** TURN *** [Ac 7d 2s] [9h]
Vera: checks
Anna: checks
*** RIVER *** [Ac 7d 2s 9h] [3c]
Vera: bets $10
Anna: folds
Uncalled bet ($10) returned to Vera
*** SHOW DOWN ***
Vera: shows [Qs Qc] (a pair of Queens)
Gleb: shows [Jh Jd] (a pair of Jacks)
Vera collected $10 from side pot
Vera collected $14 from main pot
*** SUMMARY ***
Total pot $24 Main pot $14. Side pot $10. | Rake $0
Board [Ac 7d 2s 9h 3c]
Seat 1: Anna (button) folded on the River
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Qs Qc] and won ($24) with a pair of Queens
Seat 4: Gleb showed [Jh Jd] and lost with a pair of Jacks
"""

# Every row: (action, invested_before, count_out_before). Chips in before: posts count, the
# returned 10 and the collected pots come back out. Out before: Boris's fold from row 5, Gleb's
# all-in from row 7, Anna's fold from row 16.
EVERY_ROW = [
    ("post_sb", "0", 0), ("post_bb", "0", 0),
    ("call", "0", 0), ("raise", "0", 0), ("fold", "0.50", 0), ("call", "1", 1), ("raise", "1", 1),
    ("call", "3", 2), ("call", "3", 2),
    ("check", "4.50", 2), ("bet", "4.50", 2), ("call", "4.50", 2),
    ("check", "9.50", 2), ("check", "9.50", 2),
    ("bet", "9.50", 2), ("fold", "9.50", 2),
    ("uncalled", "19.50", 3), ("show", "9.50", 3), ("show", "4.50", 3), ("collect", "9.50", 3),
    ("collect", "-0.50", 3),
]
# Each decision: (action_no, player, count_entries_before, full_increment_before, raise_level,
# decision_no, decision_no_at_level). Preflop the big blind is level 1: Anna's raise makes 2,
# Gleb's short all-in 3 (the rules' bet_level stays 2). The largest increment stays Anna's 2.
DECISIONS = [
    (2, "Gleb", 0, None, 1, 1, 1), (3, "Anna", 1, None, 1, 1, 1), (4, "Boris", 2, "2", 2, 1, 1),
    (5, "Vera", 2, "2", 2, 1, 1), (6, "Gleb", 3, "2", 2, 2, 1), (7, "Anna", 4, "2", 3, 2, 1),
    (8, "Vera", 5, "2", 3, 2, 1),
    (9, "Vera", 0, None, 0, 1, 1), (10, "Anna", 0, None, 0, 1, 1), (11, "Vera", 1, "5", 1, 2, 1),
    (12, "Vera", 0, None, 0, 1, 1), (13, "Anna", 0, None, 0, 1, 1),
    (14, "Vera", 0, None, 0, 1, 1), (15, "Anna", 1, "10", 1, 1, 1),
]


def _context(actions) -> tuple[list, list]:
    rows = actions.sort_by("action_no").to_pylist()
    every = [(r["action"], r["invested_before"], r["count_out_before"]) for r in rows]
    decisions = [(r["action_no"], r["player"], r["count_entries_before"], r["full_increment_before"],
                  r["raise_level"], r["decision_no"], r["decision_no_at_level"])
                 for r in rows if r["decision_no"] is not None]
    return every, decisions


def _expected() -> tuple[list, list]:
    def money(text):
        return None if text is None else Decimal(text).quantize(Decimal("0.01"))

    return ([(action, money(chips), out) for action, chips, out in EVERY_ROW],
            [(no, player, entries, money(increment), *rest) for no, player, entries, increment, *rest in DECISIONS])


@pytest.mark.parametrize("lane", [False, True], ids=["full path", "lane"])
def test_each_action_row_carries_what_its_player_faced(monkeypatch, lane):
    monkeypatch.setattr(pipeline.facts.holdem, "LANE_MIN_HANDS", 1)    # the lane for a file of one hand
    pipeline.worker.plan(())    # (forget a plan an earlier ingest of this process made)
    result = parse_bytes(HAND.encode(), "hand.txt", lane=lane)
    assert (result.count_games, result.count_findings, result.count_lane) == (1, 0, int(lane))
    assert _context(result.tables[("holdem_actions", "holdem")]) == _expected()


def test_rows_written_by_hand_get_the_same_context():
    # The rows without the columns (a test's, or an older Rasklad's): derived from the others.
    actions = parse_bytes(HAND.encode(), "hand.txt", lane=False).tables[("holdem_actions", "holdem")]
    bare = actions.drop_columns(list(DECISION_CONTEXT))
    assert _context(pipeline.facts.holdem.with_decision_context(bare)) == _expected()


def _as_an_older_rasklad_wrote_it(root) -> None:
    """The parts of holdem_actions without the columns, and a manifest that does not name them."""
    manifest = json.loads((root / MANIFEST_FILE).read_text())
    assert manifest.pop("derived")
    (root / MANIFEST_FILE).write_text(json.dumps(manifest))
    for part in manifest["parts"]["holdem_actions"]:
        table = pq.ParquetFile(root / part).read()
        pq.write_table(table.drop_columns(list(DECISION_CONTEXT)), root / part)


def test_a_warehouse_written_before_the_columns_gets_them_on_the_writers_next_open(tmp_path):
    log = tmp_path / "hands.txt"
    log.write_text(HAND + "\n\n" + generate("holdem", 150, seed=11, allin=0.05, short_stacks=0.2), encoding="utf-8")
    root = tmp_path / "warehouse"
    summary = ingest([log], root, jobs=1)
    assert (summary.games, summary.quarantined) == (151, 0)
    stored = committed_rows(root)
    with connect(root) as con:
        stats = con.sql("select * from player_stats_holdem order by all").fetchall()

    _as_an_older_rasklad_wrote_it(root)
    assert committed_rows(root) != stored
    with Warehouse(root).open() as store:
        models.build(store)
    assert committed_rows(root) == stored
    with connect(root) as con:
        assert con.sql("select * from player_stats_holdem order by all").fetchall() == stats

    # once every part holds them, the next writers look no more
    parts = sorted(root.glob("holdem_actions/game=holdem/*.parquet"))
    written = [part.stat().st_mtime_ns for part in parts]
    Warehouse(root).open().close()
    assert [part.stat().st_mtime_ns for part in parts] == written


def _two_posts_and_a_raise(hand: list[int], player: list[int]) -> dict:
    """Rows of Anna (player 1) posting 1, Boris (2) posting 2 and Anna raising by 4 to 6, preflop,
    in the hands given per row."""
    from rules.holdem_batch import KINDS, STREETS
    from rules.holdem_hand import ActionKind

    kinds = [KINDS.index(ActionKind.POST_SB), KINDS.index(ActionKind.POST_BB), KINDS.index(ActionKind.RAISE)]
    n = len(hand)
    return pipeline.facts.holdem.decision_context(
        hand=np.array(hand), player=np.array(player), street=np.full(n, STREETS.index(Street.PREFLOP)),
        kind=np.array(kinds * (n // 3)), amount=np.array([100, 200, 500] * (n // 3)), amount_valid=np.ones(n, bool),
        to_call=np.array([0, 0, 100] * (n // 3)), bet_level=np.array([0, 0, 1] * (n // 3)),
        bet_level_valid=np.ones(n, bool), is_all_in=np.zeros(n, bool))


def test_a_hands_players_start_again_with_nothing_in_even_under_the_same_numbers():
    context = _two_posts_and_a_raise([0, 0, 0, 1, 1, 1], [1, 2, 1, 1, 2, 1])
    assert context["invested_before"].to_pylist() == [Decimal(0), Decimal(0), Decimal("1.00")] * 2
    assert context["decision_no"].to_pylist() == [None, None, 1] * 2


def test_rows_of_hands_out_of_order_are_refused_not_misread():
    with pytest.raises(ValueError, match="a hand's rows must come together"):
        _two_posts_and_a_raise([0, 0, 1, 1, 0, 1], [1, 2, 1, 1, 2, 1])
