"""The dashboards' own drawing, against cases worked by hand: the bars' labels, the doctests of the helpers."""

from __future__ import annotations

import doctest

import polars as pl

from dashboards import charts, queries, tables


def test_bars_label_every_bar():
    # 14 rules, the names long: Vega-Lite hid every other label that overlapped, the tallest bar's too
    frame = pl.DataFrame({"rule_id": [f"HE-RULE-{n:02}" for n in range(14)], "count_findings": list(range(14, 0, -1))})
    axis = charts.bars(frame, "rule_id", "count_findings").to_dict()["encoding"]["x"]["axis"]
    assert axis["labelOverlap"] is False and axis["labelAngle"] == -40


def test_doctests_of_the_dashboards_helpers():
    assert doctest.testmod(queries).failed == 0
    assert doctest.testmod(tables).failed == 0
