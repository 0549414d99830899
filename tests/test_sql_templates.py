"""Models written once for several tables: a template of sql/ (its ``-- for each:`` and ``-- each:``
lines) expands into one model per line, and the three Hold'em reports are one such template, worked
by hand over a few rows of hand_list."""

from __future__ import annotations

from decimal import Decimal

import duckdb
import pytest

from pipeline.models import ModelError, define_macros, models, models_of_file, select_over

REPORTS = ("holdem_report_positions", "holdem_report_stack_depths", "holdem_report_starting_hands")


def test_a_template_makes_one_model_per_line_with_its_values(tmp_path):
    template = tmp_path / "30_marts" / "totals.sql"
    template.parent.mkdir()
    template.write_text(
        "-- grain: one row per {grain}\n"
        "-- for each: name | column | grain\n"
        "-- each: totals_by_player | player | player\n"
        "-- each: totals_by_day | played_on | day\n"
        "-- incremental: {column}\n"
        "-- merge: total = old.total + new.total\n"
        "select {column}, sum(net) as total from games group by all\n", encoding="utf-8")
    made = models_of_file(template, "30_marts")
    assert [model.name for model in made] == ["totals_by_player", "totals_by_day"]
    by_day = made[1]
    assert by_day.path == template and by_day.materialized == "table"
    assert by_day.header("grain") == "one row per day"
    assert by_day.incremental_key == ["played_on"]
    assert by_day.merges == {"total": "old.total + new.total"}
    # the template's own lines are left out of the models it makes
    assert by_day.body == ("-- grain: one row per day\n-- incremental: played_on\n"
                           "-- merge: total = old.total + new.total\n"
                           "select played_on, sum(net) as total from games group by all")


@pytest.mark.parametrize(("lines", "reason"), [
    ("-- for each: name | column\n-- each: a | player\nselect {columns} from games\n", "no field columns"),
    ("-- for each: name | column\n-- each: a | player | day\nselect {column} from games\n", "gives 3 values for 2"),
    ("-- for each: column\n-- each: player\nselect {column} from games\n", "names no field 'name'"),
    ("-- for each: name | column\nselect {column} from games\n", "no '-- each:' line"),
])
def test_a_template_that_cannot_be_read_says_why(tmp_path, lines, reason):
    template = tmp_path / "wrong.sql"
    template.write_text(lines, encoding="utf-8")
    with pytest.raises(ModelError, match=reason):
        models_of_file(template, "30_marts")


def test_the_three_reports_are_one_template_with_one_set_of_measures():
    reports = {model.name: model for model in models() if model.name in REPORTS}
    assert sorted(reports) == sorted(REPORTS)
    assert len({model.path for model in reports.values()}) == 1
    dimensions = {name: model.incremental_key[-1] for name, model in reports.items()}
    assert dimensions == {"holdem_report_positions": "position", "holdem_report_stack_depths": "stack_depth",
                          "holdem_report_starting_hands": "hand_class"}
    common = ["player", "played_on", "game", "currency", "is_tournament", "stakes", "betting", "club", "site"]
    for name, model in reports.items():
        assert model.incremental_key == [*common, dimensions[name]]
        assert model.header("key") == ", ".join(model.incremental_key)
        assert model.games == frozenset({"holdem", "holdem36"})
    assert len({tuple(sorted(model.merges.items())) for model in reports.values()}) == 1


HANDS = """select * from (values
    ('Anna', date '2024-03-01', 'BTN', '20-40', 'AKs', 1.50, 0.75, 2.00, true, true, false),
    ('Anna', date '2024-03-01', 'BTN', '20-40', null, -2.00, -1.00, 2.00, true, false, false),
    ('Anna', date '2024-03-01', 'SB', '40-60', 'AKs', 0.50, 0.25, 0.00, false, false, false),
    ('Anna', date '2024-03-01', 'BTN', '20-40', 'AKs', 0.00, 0.00, 2.00, false, false, true)
) as hands (player, played_on, position, stack_depth, hand_class, net, net_big_blinds, big_blind, is_vpip, is_pfr,
            is_cancelled)"""
"""Three hands of Anna's: the button twice (one with cards not shown), the small blind once, at a table
whose big blind the log did not state (0); and a fourth on the button, cancelled, that no report counts."""


@pytest.mark.parametrize(("report", "expected"), [
    # BTN: 2 hands, 1.50 − 2.00 = −0.50, 0.75 − 1.00 = −0.25 big blinds over 2 hands with a big blind,
    # both voluntary, one raised; SB: 1 hand, +0.50, no big blind: 0 hands in big blinds
    ("holdem_report_positions", [("BTN", 2, Decimal("-0.50"), -0.25, 2, 2, 1), ("SB", 1, Decimal("0.50"), 0.25, 0, 0, 0)]),
    ("holdem_report_stack_depths", [("20-40", 2, Decimal("-0.50"), -0.25, 2, 2, 1),
                                    ("40-60", 1, Decimal("0.50"), 0.25, 0, 0, 0)]),
    # the hand of unknown cards is left out: AKs is the first and third hands, 1.50 + 0.50
    ("holdem_report_starting_hands", [("AKs", 2, Decimal("2.00"), 1.00, 1, 1, 1)]),
])
def test_each_report_sums_the_hands_by_its_own_dimension(report, expected):
    columns = ["player", "played_on", "position", "stack_depth", "hand_class", "net", "net_big_blinds", "big_blind",
               "is_vpip", "is_pfr", "is_cancelled"]
    hand_list = (f"select {', '.join(columns)}, 'holdem' as game, 'USD' as currency, false as is_tournament, "
                 "'$1/$2' as stakes, 'no_limit' as betting, null as club, 'PokerStars' as site, "
                 "null::decimal(18, 2) as allin_ev_net, true as is_vpip_opportunity, true as is_pfr_opportunity "
                 f"from ({HANDS})")
    dimension = {"holdem_report_positions": "position", "holdem_report_stack_depths": "stack_depth",
                 "holdem_report_starting_hands": "hand_class"}[report]
    with duckdb.connect() as con:
        define_macros(con)
        rows = con.execute(f"select {dimension}, count_hands, net_won, net_big_blinds, count_bb_hands, count_vpip, "
                           f"count_pfr from ({select_over(report, hand_list=hand_list)}) order by 1").fetchall()
    assert [(key, hands, net, float(big_blinds), *counts) for key, hands, net, big_blinds, *counts in rows] == expected
