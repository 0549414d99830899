"""The compiled Hold'em lane writes exactly the rows of the full path.

``parse_bytes`` sends PokerStars hands through the lane (``pipeline.facts.holdem.ingest_lane``:
batch read, one Numba replay, columns straight to Arrow) and leaves the rest to the full path
(one parse and one replay per hand). ``lane=False`` sends everything the full path. Every
table of every file must come out the same both ways, row for row and value for value; only
the order of rows may differ (lane rows follow the full path's in a file).
"""

from __future__ import annotations

import pyarrow as pa
import pytest

import pipeline.facts.holdem
import pipeline.worker
from pipeline.generators.holdem import generate
from pipeline.worker import parse_bytes
from tests.conftest import corpus

SORT_KEYS = {
    "games": ["game_id"],
    "game_players": ["game_id", "seat", "player"],
    "holdem_actions": ["game_id", "action_no"],
    "holdem_results": ["game_id", "seat", "player"],
    "findings": ["game_id", "line", "rule_id", "message"],
    "quarantine": ["quarantine_id"],
}


def _sorted(table: pa.Table, name: str) -> pa.Table:
    return table.sort_by([(key, "ascending") for key in SORT_KEYS.get(name, table.column_names[:1])])


def assert_same_rows(data: bytes, name: str = "hands.txt") -> tuple[int, int, int]:
    """Both paths over one file's bytes; returns (games, games through the lane, games through the
    record batch)."""
    full = parse_bytes(data, name, lane=False)
    fast = parse_bytes(data, name)
    assert (fast.count_games, fast.count_quarantined, fast.count_findings, fast.reasons) == (
        full.count_games, full.count_quarantined, full.count_findings, full.reasons)
    assert fast.tables.keys() == full.tables.keys()
    for key, expected in full.tables.items():
        got, want = _sorted(fast.tables[key], key[0]), _sorted(expected, key[0])
        assert got.schema == want.schema, key
        assert got.num_rows == want.num_rows, key
        for column in want.column_names:
            a, b = got.column(column), want.column(column)
            if not a.equals(b):
                at = next(i for i, (x, y) in enumerate(zip(a.to_pylist(), b.to_pylist())) if x != y)
                row = {c: want.column(c)[at].as_py() for c in ("game_id", "player", "action_no") if c in want.column_names}
                pytest.fail(f"{key} column {column!r} row {at} {row}: lane {a[at].as_py()!r}, full path {b[at].as_py()!r}")
    assert full.count_lane == full.count_batched == 0
    return full.count_games, fast.count_lane, fast.count_batched


@pytest.mark.parametrize("game,options", [
    ("holdem", {}),
    ("holdem", {"allin": 0.01, "short_stacks": 0.1}),
    ("holdem", {"betting": "limit", "players": "2-4"}),
    ("holdem", {"betting": "pot_limit", "straddle": 0.3}),
    ("holdem", {"ante": 1.0, "hero": "none", "currency": "EUR"}),
    ("holdem36", {"allin": 0.01, "short_stacks": 0.1}),
])
def test_lane_rows_equal_full_path_on_generated_hands(game, options):
    data = generate(game, 300, seed=7, **options).encode()
    games, lane, _ = assert_same_rows(data)
    assert games == 300
    assert lane >= 0.95 * games, f"only {lane} of {games} hands took the lane"


def test_lane_rows_equal_full_path_on_the_real_corpus(monkeypatch):
    root = corpus("pokerstars")
    monkeypatch.setattr(pipeline.facts.holdem, "LANE_MIN_HANDS", 1)    # the lane for every file, one hand or more
    # an earlier ingest of these files in this process planned a run too small for the lane: forget it
    pipeline.worker.plan(())
    checked = games = lane = 0
    for path in sorted(root.rglob("*.txt")):
        data = path.read_bytes()
        if b"PokerStars" not in data:
            continue
        file_games, file_lane, _ = assert_same_rows(data, str(path))
        checked, games, lane = checked + 1, games + file_games, lane + file_lane
    assert checked > 50
    assert lane >= games // 2, f"only {lane} of {games} real hands took the lane"


def test_files_of_few_hands_take_the_full_path():
    # Below LANE_MIN_HANDS the lane's fixed cost per file is more than the full path's.
    few = generate("holdem", pipeline.facts.holdem.LANE_MIN_HANDS - 1, seed=3).encode()
    enough = generate("holdem", pipeline.facts.holdem.LANE_MIN_HANDS, seed=3).encode()
    assert parse_bytes(few, "few.txt").count_lane == 0
    assert parse_bytes(enough, "enough.txt").count_lane == pipeline.facts.holdem.LANE_MIN_HANDS
