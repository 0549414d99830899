"""The dashboards' own arithmetic and drawing, against cases worked by hand: sittings converted to one
currency (added, then rounded once), the bars' labels, the doctests of the helpers."""

from __future__ import annotations

import doctest
from datetime import datetime
from decimal import Decimal as D

import polars as pl

from dashboards import charts, money, queries, tables


def sittings(*rows: tuple[str, str]) -> pl.DataFrame:
    """holdem_sessions' frame of sittings (started at, net), each with an all-in EV equal to its net."""
    return pl.DataFrame({
        "started_at": [datetime.fromisoformat(at) for at, _ in rows],
        "club": ["PokerStars"] * len(rows),
        "count_hands": [10] * len(rows),
        "net_won": [D(net) for _, net in rows],
        "allin_ev_net": [D(net) for _, net in rows],
    }, schema_overrides={"net_won": pl.Decimal(18, 2), "allin_ev_net": pl.Decimal(18, 2)})


def test_sessions_in_one_currency_add_the_converted_nets_then_round_once(monkeypatch):
    # USD +7.46 on the 1st; EUR −3.20 on the 2nd and the 3rd, at 1 USD = 1.08 EUR. In USD each EUR
    # sitting is −3.20 / 1.08 = −2.962962…, shown −2.96. The total is 7.46 − 6.40 / 1.08 = 1.534074…
    # = +1.53 (as Player review and Leaderboards add), where the rounded rows add up to +1.54.
    by_currency = {"USD": sittings(("2024-01-01 20:00", "7.46")),
                   "EUR": sittings(("2024-01-02 20:00", "-3.20"), ("2024-01-03 20:00", "-3.20"))}
    monkeypatch.setattr(queries, "holdem_sessions", lambda db, player, currency, *rest, game: by_currency[currency])
    merged, used, left_out = queries.sessions_in_one_currency(
        None, "Hero", ["USD", "EUR"], "USD", {("USD", "EUR"): D("1.08")}, None, None, (), ())
    assert used == ["1 USD = 1.08 EUR"] and left_out == []
    assert merged["own_currency"].to_list() == ["USD", "EUR", "EUR"]
    assert merged["own_net"].to_list() == [D("7.46"), D("-3.20"), D("-3.20")]
    assert merged["net_won"].to_list() == [D("7.46"), D("-2.96"), D("-2.96")]
    # running totals: 7.46; 7.46 − 2.962962… = 4.497037… → 4.50; 1.534074… → 1.53
    assert merged["cumulative_net"].to_list() == [D("7.46"), D("4.50"), D("1.53")]
    assert merged["cumulative_allin_ev"].to_list() == [D("7.46"), D("4.50"), D("1.53")]
    assert merged["sitting"].to_list() == [1, 2, 3]
    assert queries.in_one_currency(
        [{"is_tournament": False, "currency": "USD", "net": D("7.46")},
         {"is_tournament": False, "currency": "EUR", "net": D("-6.40")}],
        {("USD", "EUR"): D("1.08")}, "USD")[0] == D("1.53")   # the Player review's total of the same nets


def test_bars_label_every_bar():
    # 8 rules, the names long: Vega-Lite hid every other label that overlapped, the tallest bar's too
    frame = pl.DataFrame({"rule_id": [f"HE-RULE-{n:02}" for n in range(8)], "count_findings": list(range(8, 0, -1))})
    axis = charts.bars(frame, "rule_id", "count_findings").to_dict()["encoding"]["x"]["axis"]
    assert axis["labelOverlap"] is False and axis["labelAngle"] == -40
    # 17 rules: slanted, their labels overlapped one another in the Audit's narrow column; across, each
    # rule has a row of its own (14 pixels a rule, a bar per severity within it)
    frame = pl.DataFrame({"rule_id": [f"HE-RULE-{n:02}" for n in range(17)], "count_findings": list(range(17, 0, -1)),
                          "severity": ["error", "warning"] * 8 + ["error"]})
    chart = charts.bars(frame, "rule_id", "count_findings", color="severity").to_dict()
    assert chart["encoding"]["y"]["field"] == "rule_id" and chart["encoding"]["y"]["axis"]["labelOverlap"] is False
    assert chart["encoding"]["x"]["field"] == "count_findings" and chart["height"] == {"step": 14}
    assert chart["encoding"]["yOffset"]["field"] == "severity"


def test_every_raspisnoy_game_drawn_has_a_colour_of_its_own_and_legends_sit_below():
    games = [f"2026-11-{day:02d} 20:00" for day in range(1, 13)]
    frame = pl.DataFrame({"game_name": [g for g in games for _ in (1, 2)], "round_no": [1, 2] * len(games),
                          "total": [0.0, 5.0] * len(games)})
    color = charts.running_totals(frame).to_dict()["encoding"]["color"]
    # 12 games, 12 colours, none twice (the default palette has ten: the eleventh game took the first's)
    assert len(set(color["scale"]["range"])) == len(games) == 12
    assert color["legend"]["orient"] == "bottom"
    # the legend's six rows of two (22 px each) and its title (24 px) come on top of the 320-px plot
    assert charts.running_totals(frame).to_dict()["height"] == 320 + 6 * 22 + 24
    winnings = pl.DataFrame({"hand_no": [1, 2], "won": [1.0, 2.0], "showdown": [0.0, 1.0],
                             "non_showdown": [1.0, 1.0], "allin_ev": [1.0, 2.0]})
    legend = charts.winnings(winnings, "USD").to_dict()["encoding"]["color"]["legend"]
    assert (legend["orient"], legend["columns"]) == ("bottom", 2)    # four names in two rows fit a phone


def test_doctests_of_the_dashboards_helpers():
    assert doctest.testmod(queries).failed == 0
    assert doctest.testmod(tables).failed == 0
    assert doctest.testmod(money).failed == 0
