"""The raspisnoy figures by day: two games of one month, on two days, worked out by hand.

Game A is tests/test_raspisnoy_stats.py's score sheet (2026-03-05, Tverskaya). Anna there: 9 rounds,
3 with a bid (rounds 1-3: 1/0, 0/0, 1/1), 2 exact; 120 points (120 / 9 = 13.33 a round); first.
Game B is FORMATS.md's log moved to 2026-03-20 (same club). Anna there: 2 rounds, both bid (1/0,
1/1), 1 exact; -10 + 10 = 0 points; second (Boris ties her on 0, Vera 15).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.conftest import warehouse_of_pages
from tests.test_raspisnoy_rules import FORMATS_LOG
from tests.test_raspisnoy_stats import SHEET_A

LOG_B = FORMATS_LOG.replace("Date: 2026-11-28 19:30", "Date: 2026-03-20 19:30")


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    assert LOG_B != FORMATS_LOG
    folder = tmp_path_factory.mktemp("raspisnoy_by_day")
    (folder / "a.txt").write_text(SHEET_A, encoding="utf-8")
    (folder / "b.txt").write_text(LOG_B, encoding="utf-8")
    summary = ingest([folder / "a.txt", folder / "b.txt"], folder / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 0, 0)
    return folder / "warehouse"


def page_stats(root, **filters):
    with warehouse_of_pages(root) as (q, db):
        return q.raspisnoy_stats(db, "Anna", **filters).to_dicts()


def figures(row: dict) -> tuple:
    return (row["count_games"], row["count_rounds"], row["count_bid_rounds"], row["bid_accuracy"],
            row["points_per_round"], row["count_wins"], row["avg_placement"], row["total_points"])


def test_the_mart_holds_one_row_per_day(root):
    with connect(root) as con:
        rows = con.sql("select played_on, club, count_games, count_rounds, count_exact_rounds, total_points,"
                       " placement_sum from player_stats_raspisnoy_by_day where player = 'Anna'"
                       " order by played_on").fetchall()
    assert rows == [(date(2026, 3, 5), "Tverskaya", 1, 9, 2, Decimal(120), 1),
                    (date(2026, 3, 20), "Tverskaya", 1, 2, 1, Decimal(0), 2)]


def test_a_filter_of_one_day_gives_that_days_game(root):
    (first,) = page_stats(root, start=date(2026, 3, 5), end=date(2026, 3, 5))
    assert figures(first) == (1, 9, 3, pytest.approx(2 / 3), Decimal("13.33"), 1, 1.0, Decimal(120))
    assert (first["club"], first["season_kind"], first["season"]) == ("Tverskaya", "days", "2026-03-05 to 2026-03-05")
    (second,) = page_stats(root, start=date(2026, 3, 20), end=date(2026, 3, 20))
    assert figures(second) == (1, 2, 2, 0.5, Decimal("0.00"), 0, 2.0, Decimal(0))
    assert page_stats(root, start=date(2026, 3, 6), end=date(2026, 3, 19)) == []
    assert page_stats(root, club="Elsewhere", start=date(2026, 3, 5), end=date(2026, 3, 5)) == []


def test_the_month_is_both_days_and_the_seasons_add_the_days(root):
    (both,) = page_stats(root, start=date(2026, 3, 1), end=date(2026, 3, 31))
    assert figures(both) == (2, 11, 5, pytest.approx(3 / 5), Decimal("10.91"), 1, 1.5, Decimal(120))
    seasons = {(row["season_kind"], row["season"]): row for row in page_stats(root)}
    assert sorted(seasons) == [("all", "all time"), ("month", "2026-03"), ("quarter", "2026-Q1"), ("year", "2026")]
    for row in seasons.values():
        assert figures(row) == figures(both)


def test_the_points_chart_reads_the_stored_rounds(root):
    # The page's running totals come from int_raspisnoy_rounds: the stored raspisnoy_rounds rows of
    # the player, round for round, and a day's filter keeps that day's game alone.
    with warehouse_of_pages(root) as (q, db):
        every = q.raspisnoy_points(db, "Anna", None, None, None)
        one_day = q.raspisnoy_points(db, "Anna", date(2026, 3, 20), date(2026, 3, 20), None)
        elsewhere = q.raspisnoy_points(db, "Anna", None, None, "Elsewhere")
    with connect(root) as con:
        stored = con.sql("select game_id, round_no, cards, kind, bid, tricks, points, total from raspisnoy_rounds"
                         " where player = 'Anna' order by all").fetchall()
    shown = sorted(every.select("game_id", "round_no", "cards", "kind", "bid", "tricks", "points", "total").rows())
    assert len(stored) == 11 and shown == stored
    assert one_day.height == 2 and one_day["total"].to_list() == [-10, 0]
    assert elsewhere.is_empty()


def test_player_review_shows_the_chosen_days_figures(root):
    # The page itself: Anna's raspisnoy table over 20 March is game B's row alone.
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    app = Path(__file__).resolve().parent.parent / "dashboards" / "streamlit_app.py"
    with warehouse_of_pages(root):
        at = AppTest.from_file(str(app), default_timeout=120)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Anna").run()
        at.date_input(key="player_dates").set_value((date(2026, 3, 20), date(2026, 3, 20))).run()
        assert not at.exception, [e.value for e in at.exception]
        table = next(d.value for d in at.dataframe if {"season_kind", "bid_accuracy"} <= set(d.value.columns))
    rows = [(r["club"], r["season_kind"], r["count_games"], r["count_rounds"], r["bid_accuracy"], r["avg_placement"])
            for r in table.to_dict("records")]
    assert rows == [("Tverskaya", "days", 1, 2, 50.0, 2.0)]     # bid accuracy 0.5, shown as a percentage
