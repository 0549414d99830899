"""A raspisnoy game that ends in a tie for first, and one that stops before its schedule ends,
against the standings, worked by hand.

The sheet (3 players, default rules: M = min(9, 36 / 3) = 9 cards; 2 × (9 − 1) + 3 = 19 simple
rounds and 4 × 3 = 12 special rounds, 31 in a full game) stops after round 1 of 1 card: Gleb and
Egor pass and take nothing (+5 each), Dasha passes and takes the trick (+1, a pass that took a
trick). Totals 5, 5, 1.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.test_raspisnoy_stats import SHEET_A
from tests.worked_marts import assert_worked

TIE = """Raspisnoy sheet TIE-1
Date: 2026-11-10
Club: Tverskaya
Players: Gleb | Egor | Dasha
Rules: default
First dealer: Dasha

 #  cards kind      | Gleb      | Egor      | Dasha
 1  1     regular   | 0/0 5     | 0/0 5     | 0/1 1
"""


def _stored(tmp_path: Path, *texts: str) -> Path:
    (tmp_path / "logs").mkdir()
    for number, text in enumerate(texts):
        (tmp_path / "logs" / f"sheet{number}.txt").write_text(text, encoding="utf-8")
    summary = ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (len(texts), 0, 0)
    return tmp_path / "wh"


def test_tied_winners_split_what_each_other_player_pays_once(tmp_path):
    # settlement_points_winner: Dasha pays the winning total less hers, 5 - 1 = 4, once; Gleb and
    # Egor split it, 2 each (each taking 4 from her would be +4, +4, -8). settlement_points: every
    # pair settles: Gleb 5 x 2 - (5 + 1) = 4, Egor 4, Dasha 1 x 2 - 10 = -8. Both winners place 1.
    with connect(_stored(tmp_path, TIE)) as con:
        assert_worked(con, "leaderboard_raspisnoy", [
            {"player": "Gleb", "total_points": 5, "count_wins": 1, "rank": 1, "settlement_points": 4,
             "settlement_points_winner": 2},
            {"player": "Egor", "total_points": 5, "count_wins": 1, "rank": 1, "settlement_points": 4,
             "settlement_points_winner": 2},
            {"player": "Dasha", "total_points": 1, "count_wins": 0, "rank": 3, "settlement_points": -8,
             "settlement_points_winner": -4},
        ], where="season_kind = 'all'")
    page = " ".join((Path(__file__).resolve().parents[1] / "docs" / "warehouse.md").read_text("utf-8").split())
    assert "Gleb and Egor take 2 each, so +2, +2, −4" in page


def test_an_unfinished_game_counts_as_it_stands_and_the_standings_count_it(tmp_path):
    # TIE-1 stops after round 1 of its 31: unfinished, with no finding (a log may stop after any
    # round), a win for Gleb and for Egor as its totals stand. Sheet A (max cards 1, specials misere
    # golden: M = 1, 3 rounds of one card, then 3 misere and 3 golden, 9 in all) writes all 9.
    with connect(_stored(tmp_path, TIE, SHEET_A)) as con:
        finished = dict(con.execute("""
            select regexp_extract(t.text, 'sheet (\\S+)', 1), bool_and(r.is_game_finished)
            from raspisnoy_rounds r join game_texts t using (game_id) group by 1""").fetchall())
        assert finished == {"TIE-1": False, "A": True}
        assert_worked(con, "leaderboard_raspisnoy", [
            {"player": "Gleb", "count_games": 1, "count_wins": 1, "count_unfinished_games": 1},
            {"player": "Egor", "count_games": 1, "count_wins": 1, "count_unfinished_games": 1},
            {"player": "Dasha", "count_games": 1, "count_wins": 0, "count_unfinished_games": 1},
            {"player": "Anna", "count_games": 1, "count_wins": 1, "count_unfinished_games": 0},
            {"player": "Boris", "count_games": 1, "count_wins": 0, "count_unfinished_games": 0},
            {"player": "Vera", "count_games": 1, "count_wins": 0, "count_unfinished_games": 0},
        ], where="season_kind = 'all'")


def test_show_says_where_an_unfinished_game_stops_and_not_of_a_finished_one(tmp_path):
    # TIE-1 stops after round 1 of its 31 (3 players, default rules); sheet A plays all 9 of its own
    root = str(_stored(tmp_path, TIE, SHEET_A))
    shown = CliRunner().invoke(main, ["show", "TIE-1", "-w", root])
    assert shown.exit_code == 0, shown.output
    assert "\nunfinished: stops after round 1 of 31\n" in shown.output
    as_json = CliRunner().invoke(main, ["show", "TIE-1", "-w", root, "--json"])
    assert json.loads(as_json.output)["unfinished"] == {"last_round": 1, "scheduled_rounds": 31}
    name = SHEET_A.split("\n", 1)[0].split()[-1]
    finished = CliRunner().invoke(main, ["show", name, "-w", root])
    assert finished.exit_code == 0 and "unfinished" not in finished.output
    assert json.loads(CliRunner().invoke(main, ["show", name, "-w", root, "--json"]).output)["unfinished"] is None
