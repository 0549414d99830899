"""Raspisnoy statistics and leaderboard against two games worked out by hand.

Game A is a score sheet under "max cards 1, specials misere golden": three players, nine rounds of one
card (3 regular, 3 misère, 3 golden). Dealers rotate Anna, Boris, Vera from round 1.

    round  kind     dealer  Anna          Boris         Vera
      1    regular  Anna    bid 1 took 0  bid 0 took 0  bid 1 took 1     -10 / +5 / +10
      2    regular  Boris   bid 0 took 0  bid 0 took 0  bid 0 took 1     +5 / +5 / +1 (a pass that took 1)
      3    regular  Vera    bid 1 took 1  bid 1 took 0  bid 0 took 0     +10 / -10 / +5 (Boris may not pass a 3rd time)
      4-6  misere           took 0,1,0    took 1,0,0    took 0,0,1       Anna +50 -15 +50, Boris -15 +50 +50, Vera +50 +50 -15
      7-9  golden           took 1,1,0    took 0,0,1    took 0,0,0       +15 per trick
    final                   120           100           101              placements Anna 1, Vera 2, Boris 3

Game B is FORMATS.md's log (two rounds): Anna 0, Boris 0, Vera 15 (placements Vera 1, Anna 2, Boris 2).
Both are at Tverskaya; A on 2026-03-05 (2026-Q1), B on 2026-11-28 (2026-Q4).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from pipeline import models
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.test_raspisnoy_rules import FORMATS_LOG

SHEET_A = """\
Raspisnoy sheet A
Date: 2026-03-05
Club: Tverskaya
Players: Anna | Boris | Vera
Rules: max cards 1, specials misere golden
First dealer: Anna

 #  cards kind    | Anna     | Boris    | Vera
 1  1     regular | 1/0 -10  | 0/0 5    | 1/1 10
 2  1     regular | 0/0 -5   | 0/0 10   | 0/1 11
 3  1     regular | 1/1 5    | 1/0 0    | 0/0 16
 4  1     misere  | -/0 55   | -/1 -15  | -/0 66
 5  1     misere  | -/1 40   | -/0 35   | -/0 116
 6  1     misere  | -/0 90   | -/0 85   | -/1 101
 7  1     golden  | -/1 105  | -/0 85   | -/0 101
 8  1     golden  | -/1 120  | -/0 85   | -/0 101
 9  1     golden  | -/0 120  | -/1 100  | -/0 101
"""


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    folder = tmp_path_factory.mktemp("raspisnoy_stats")
    (folder / "a.txt").write_text(SHEET_A, encoding="utf-8")
    (folder / "b.txt").write_text(FORMATS_LOG, encoding="utf-8")
    summary = ingest([folder / "a.txt", folder / "b.txt"], folder / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 0, 0)
    with connect(folder / "warehouse") as connection:
        yield connection


def stats(con, player: str, season_kind: str = "all", season: str = "all time") -> dict:
    frame = con.sql("select * from player_stats_raspisnoy where player = $player and season_kind = $kind "
                    "and season = $season", params={"player": player, "kind": season_kind, "season": season}).pl()
    (row,) = frame.to_dicts()
    return row


def test_sheet_a_alone_first_quarter(con):
    anna = stats(con, "Anna", "quarter", "2026-Q1")
    assert anna["count_games"] == 1 and anna["count_rounds"] == 9
    assert anna["count_bid_rounds"] == 3
    assert anna["bid_accuracy"] == pytest.approx(2 / 3)          # rounds 2 and 3 of 1, 2, 3
    assert (anna["count_undertricks"], anna["rounds_under_bid"]) == (1, 1)  # round 1: bid 1, took 0
    assert (anna["count_overtricks"], anna["rounds_over_bid"]) == (0, 0)
    assert (anna["pass_attempts"], anna["pass_success_rate"]) == (1, 1.0)  # round 2
    assert anna["points_per_round"] == Decimal("13.33")          # 120 / 9
    assert anna["misere_clean_rate"] == pytest.approx(2 / 3)     # rounds 4 and 6 clean
    assert anna["golden_tricks_per_round"] == pytest.approx(2 / 3)
    assert anna["dealer_bid_accuracy"] == 0.0                    # dealt round 1 (bid 1, took 0); 4, 7 have no bids
    assert (anna["count_wins"], anna["avg_placement"], anna["total_points"]) == (1, 1.0, Decimal(120))


def test_boris_and_vera_first_quarter(con):
    boris = stats(con, "Boris", "quarter", "2026-Q1")
    assert boris["bid_accuracy"] == pytest.approx(2 / 3)         # 0/0, 0/0, 1/0
    assert (boris["pass_attempts"], boris["pass_success_rate"]) == (2, 1.0)
    assert boris["dealer_bid_accuracy"] == 1.0                   # dealt round 2: 0/0
    assert boris["golden_tricks_per_round"] == pytest.approx(1 / 3)
    assert (boris["count_wins"], boris["avg_placement"], boris["total_points"]) == (0, 3.0, Decimal(100))
    vera = stats(con, "Vera", "quarter", "2026-Q1")
    assert (vera["count_overtricks"], vera["rounds_over_bid"]) == (1, 1)  # round 2: passed, took 1
    assert (vera["pass_attempts"], vera["pass_success_rate"]) == (2, 0.5)
    assert vera["points_per_round"] == Decimal("11.22")          # 101 / 9
    assert vera["misere_clean_rate"] == pytest.approx(2 / 3)
    assert vera["golden_tricks_per_round"] == 0.0


def test_all_time_adds_the_log_game(con):
    anna = stats(con, "Anna")
    # Log B: round 1 bid 1 took 0, round 2 bid 1 took 1: exact 2 + 1 of 3 + 2 bid rounds.
    assert (anna["count_games"], anna["count_rounds"], anna["count_bid_rounds"]) == (2, 11, 5)
    assert anna["bid_accuracy"] == pytest.approx(3 / 5)
    assert anna["avg_placement"] == 1.5 and anna["total_points"] == Decimal(120)
    vera = stats(con, "Vera")
    assert (vera["count_wins"], vera["total_points"]) == (1, Decimal(116))


def test_by_round_breakdown(con):
    row = con.sql("select * from player_stats_raspisnoy_by_round where player = 'Anna' and kind = 'regular' "
                  "and cards = 1").pl().to_dicts()[0]
    # Sheet rounds 1-3 and log round 1: bids 1/0, 0/0, 1/1, 1/0; points -10 + 5 + 10 - 10 = -5.
    assert row["count_rounds"] == 4 and row["bid_accuracy"] == 0.5
    assert row["count_overtricks"] == 0 and row["points_per_round"] == Decimal("-1.25")


def test_leaderboard_settlement_and_rank(con):
    rows = {r["player"]: r for r in con.sql(
        "select * from leaderboard_raspisnoy where club = 'Tverskaya' and season_kind = 'all'").pl().to_dicts()}
    # Settlement per game: own × (n − 1) − others. A (sum 321): Anna 360 − 321 = 39, Boris −21, Vera −18;
    # B (sum 15): Anna −15, Boris −15, Vera 30.
    assert {p: r["settlement_points"] for p, r in rows.items()} == {"Anna": 24, "Boris": -36, "Vera": 12}
    # Winner-only: A: Anna +20 +19, Boris −20, Vera −19; B: Vera +15 +15, Anna −15, Boris −15.
    assert {p: r["settlement_points_winner"] for p, r in rows.items()} == {"Anna": 24, "Boris": -35, "Vera": 11}
    assert {p: r["rank"] for p, r in rows.items()} == {"Anna": 1, "Vera": 2, "Boris": 3}
    assert {p: r["count_wins"] for p, r in rows.items()} == {"Anna": 1, "Vera": 1, "Boris": 0}
    assert sum(r["settlement_points"] for r in rows.values()) == 0


def test_audits_hold(con):
    names = [audit.name for audit in models.audits() if audit.name.startswith("raspisnoy_")]
    assert len(names) >= 3
    for audit in models.audits():
        if audit.name.startswith("raspisnoy_"):
            assert con.execute(f"select count(*) from ({audit.body})").fetchone()[0] == 0, audit.name


def test_audit_catches_a_total_that_is_not_a_running_sum(con):
    body = next(a for a in models.audits() if a.name == "raspisnoy_totals_are_running_sums").body
    broken = body.replace("from stg_raspisnoy_rounds",
                          "from (select * replace (case when round_no = 2 then total + 1 else total end as total) "
                          "from stg_raspisnoy_rounds)")
    assert broken != body
    assert con.execute(f"select count(*) from ({broken})").fetchone()[0] > 0


@pytest.mark.parametrize("sample", ["raspisnoy-violations.txt", "raspisnoy-sheets.txt", "raspisnoy-54-deck.txt",
                                    "raspisnoy-unfinished.txt", "raspisnoy-night.txt"])
def test_stored_rows_are_the_replays_rows(sample):
    # The facts tables a file's ingest makes (Arrow, as written to Parquet) hold each game's replay
    # rows value for value, and its findings: the rows are transposed, not recomputed.
    from pathlib import Path

    from parsers.formats import parse_chunk
    from pipeline.worker import parse_bytes, split_named
    from rules.raspisnoy import RaspisnoyGame, replay_log, replay_sheet

    path = Path(__file__).resolve().parent.parent / "data" / "samples" / sample
    if not path.exists():
        pytest.skip(f"the sample {sample} is not in this checkout")
    expected: dict[str, list] = {"raspisnoy_rounds": [], "raspisnoy_tricks": [], "findings": []}
    for chunk in split_named(path.read_text(encoding="utf-8"), str(path)):
        record = parse_chunk(chunk, str(path))
        replay = (replay_log if isinstance(record, RaspisnoyGame) else replay_sheet)(record)
        expected["raspisnoy_rounds"] += [{"game_id": chunk.game_id, **row._asdict()} for row in replay.rounds]
        expected["raspisnoy_tricks"] += [{"game_id": chunk.game_id, **row._asdict()} for row in replay.plays]
        expected["findings"] += [{"game_id": chunk.game_id, "rule_id": f.rule_id, "line": f.line}
                                 for f in replay.findings]
    stored: dict[str, list] = {name: [] for name in expected}
    for (name, _), table in parse_bytes(path.read_bytes(), str(path)).tables.items():
        if name in stored:
            columns = ["game_id", "rule_id", "line"] if name == "findings" else table.column_names
            stored[name] += table.select(columns).to_pylist()
    assert expected["raspisnoy_rounds"]
    for name, rows in expected.items():
        assert sorted(stored[name], key=repr) == sorted(rows, key=repr), name


def test_the_replays_rows_are_the_facts_columns_in_order():
    # The facts transpose the replay's rows as they are (zip(*rows)): a field moved in RoundRow or
    # PlayRow would land in another column without this.
    from pipeline.facts.raspisnoy import RASPISNOY_ROUNDS, RASPISNOY_TRICKS
    from rules.raspisnoy import PlayRow, RoundRow

    assert RASPISNOY_ROUNDS.schema.names == ["game_id", *RoundRow._fields]
    assert RASPISNOY_TRICKS.schema.names == ["game_id", *PlayRow._fields]
