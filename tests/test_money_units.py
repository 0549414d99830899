"""Money with its unit: no figure, graph or rank adds two currencies, or cash and tournament chips.

One warehouse, worked by hand: Gleb plays Hold'em for USD and for EUR at cash tables, and a
tournament for chips; Boris and Anna play USD cash; Vera plays a raspisnoy game (points).

    hand  unit          big blind  nets
    u1    USD cash      1          Gleb +3,    Anna −3
    u2    USD cash      1          Gleb −1,    Anna +1
    u3    USD cash      1          Boris +10,  Anna −10
    e1    EUR cash      2          Gleb +5,    Anna −5
    t1    chips (tour.) 100        Gleb +3925, Anna −3925
    r1    points        —          Vera +20,   Gleb −20

Added together, Gleb would have 3,912 "of something" and rank first; by unit he has USD +2
(second to Boris's +10), EUR +5, 3,925 tournament chips and −20 points.
"""

from __future__ import annotations

import os
from decimal import Decimal

import pytest

from pipeline.tables import TableRows
from tests.test_marts import add_game, build, holdem_result, query

D = Decimal

HANDS = {
    # hand: (currency, is_tournament, big blind, stakes, {player: net})
    "u1": ("USD", False, "1", "0.50/1 USD", {"Gleb": "3", "Anna": "-3"}),
    "u2": ("USD", False, "1", "0.50/1 USD", {"Gleb": "-1", "Anna": "1"}),
    "u3": ("USD", False, "1", "0.50/1 USD", {"Boris": "10", "Anna": "-10"}),
    "e1": ("EUR", False, "2", "1/2 EUR", {"Gleb": "5", "Anna": "-5"}),
    "t1": ("chips", True, "100", "50/100 T", {"Gleb": "3925", "Anna": "-3925"}),
}


def seed() -> TableRows:
    rows = TableRows()
    for hand, (currency, is_tournament, big_blind, stakes, nets) in HANDS.items():
        add_game(rows, "holdem", hand, nets, currency=currency, is_tournament=is_tournament)
        for seat, (player, net) in enumerate(nets.items(), 1):
            holdem_result(rows, hand, player, net=net, big_blind=big_blind, stakes=stakes, seat=seat,
                          currency=currency, is_tournament=is_tournament)
    add_game(rows, "raspisnoy", "r1", {"Vera": "20", "Gleb": "-20"})
    return rows


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return build(tmp_path_factory.mktemp("money") / "warehouse", seed())


def test_leaderboard_ranks_each_unit_apart(store):
    rows = query(store, """
        select player, game, is_tournament, currency, net, rank from leaderboard
        where season_kind = 'all' and player in ('Gleb', 'Boris') order by all""")
    assert {(r["player"], r["game"], r["is_tournament"], r["currency"]): (r["net"], r["rank"]) for r in rows} == {
        ("Boris", "holdem", False, "USD"): (D(10), 1),
        ("Gleb", "holdem", False, "USD"): (D(2), 2),       # behind Boris: 2 < 10
        ("Gleb", "holdem", False, "EUR"): (D(5), 1),
        ("Gleb", "holdem", True, "chips"): (D(3925), 1),
        ("Gleb", "raspisnoy", False, None): (D(-20), 2),
    }


def test_season_totals_never_sum_two_units(store):
    rows = query(store, "select currency, is_tournament, net from int_player_season_totals "
                        "where player = 'Gleb' and game = 'holdem' and season_kind = 'all' order by currency")
    assert [(r["currency"], r["is_tournament"], r["net"]) for r in rows] == [
        ("EUR", False, D(5)), ("USD", False, D(2)), ("chips", True, D(3925))]


def test_player_stats_holdem_one_row_per_unit_and_bb_per_100_unit_free(store):
    rows = query(store, "select is_tournament, currency, stakes, count_hands, net_won, bb_per_100 "
                        "from player_stats_holdem where player = 'Gleb' order by currency")
    # USD: (3 − 1) big blinds of 1 in 2 hands = 100 bb/100; EUR: 5 / 2 = 2.5 bb in 1 hand = 250;
    # chips: 3925 / 100 = 39.25 bb in 1 hand = 3925.
    assert [tuple(r.values()) for r in rows] == [
        (False, "EUR", "1/2 EUR", 1, D(5), D("250.00")),
        (False, "USD", "0.50/1 USD", 2, D(2), D("100.00")),
        (True, "chips", "50/100 T", 1, D(3925), D("3925.00")),
    ]


@pytest.fixture()
def db(store):
    from dashboards import queries as q

    before = os.environ.get(q.WAREHOUSE_ENV)
    os.environ[q.WAREHOUSE_ENV] = str(store.root)
    q.release()
    yield q.database()
    q.release()
    if before is None:
        os.environ.pop(q.WAREHOUSE_ENV, None)
    else:
        os.environ[q.WAREHOUSE_ENV] = before


def test_player_headline_shows_one_figure_per_unit(db):
    from dashboards import queries as q

    rows = q.player_headlines(db, "Gleb", None, None, None).to_dicts()
    assert [(r["game"], r["is_tournament"], r["currency"], r["count_games"], r["net"]) for r in rows] == [
        ("holdem", False, "EUR", 1, D(5)), ("holdem", False, "USD", 2, D(2)), ("holdem", True, "chips", 1, D(3925)),
        ("raspisnoy", False, None, 1, D(-20))]


def test_winnings_graph_draws_one_unit(db):
    from dashboards import queries as q

    assert q.holdem_money(db, "Gleb") == [(False, "USD"), (False, "EUR"), (True, "chips")]
    usd = q.holdem_winnings(db, "Gleb", None, None, None, None, False, is_tournament=False, currency="USD")
    assert usd["won"].to_list() == [D(3), D(2)]      # u1 then u2: +3, then 3 − 1
    chips = q.holdem_winnings(db, "Gleb", None, None, None, None, False, is_tournament=True, currency="chips")
    assert chips["won"].to_list() == [D(3925)]
    assert q.holdem_stakes(db, "Gleb", False, "EUR") == ["1/2 EUR"]


def test_leaderboard_page_queries_one_unit(db):
    from dashboards import queries as q

    assert q.leaderboard_money(db, "(no club)", "holdem") == [(False, "USD"), (False, "EUR"), (True, "chips")]
    usd = q.leaderboard(db, "(no club)", "holdem", "all", "all time", 1, False, "USD")
    assert [(r["player"], r["net"], r["rank"]) for r in usd.to_dicts()] == [
        ("Boris", D(10), 1), ("Gleb", D(2), 2), ("Anna", D(-12), 3)]
    chips = q.leaderboard(db, "(no club)", "holdem", "all", "all time", 1, True, "chips")
    assert [(r["player"], r["net"]) for r in chips.to_dicts()] == [("Gleb", D(3925)), ("Anna", D(-3925))]


def test_conversion_is_at_the_users_rate_only_and_says_it(store, tmp_path):
    # Gleb's cash: USD +2 and EUR +5. No rate: nothing is added. At the user's 1 EUR = 1.08 USD:
    # 2 + 5 × 1.08 = 7.40 USD; his tournament chips (3,925) and points (−20) are never converted.
    from click.testing import CliRunner

    from dashboards import queries as q
    from pipeline.cli import main

    headlines = [{"is_tournament": False, "currency": "USD", "net": D(2)},
                 {"is_tournament": False, "currency": "EUR", "net": D(5)},
                 {"is_tournament": True, "currency": "chips", "net": D(3925)},
                 {"is_tournament": False, "currency": None, "net": D(-20)}]
    assert q.in_one_currency(headlines, {}, "USD") == (D("2.00"), [], ["EUR", "points", "tournament chips"])
    result = CliRunner().invoke(main, ["settings", "rate", "eur", "USD", "1.08", "--warehouse", str(store.root)])
    assert result.exit_code == 0 and result.output.strip() == "1 EUR = 1.08 USD", result.output
    assert query(store, "select * from conversion_rates") == [
        {"from_currency": "EUR", "to_currency": "USD", "rate": D("1.080000")}]
    q.release()
    os.environ[q.WAREHOUSE_ENV] = str(store.root)
    try:
        rates = q.conversion_rates(q.database())
    finally:
        q.release()
        os.environ.pop(q.WAREHOUSE_ENV, None)
    assert q.in_one_currency(headlines, rates, "USD") == (D("7.40"), ["1 EUR = 1.08 USD"],
                                                           ["points", "tournament chips"])
    # in EUR, the same rate read the other way: 5 + 2 / 1.08 = 6.85185… = 6.85 EUR
    assert q.in_one_currency(headlines, rates, "EUR")[:2] == (D("6.85"), ["1 EUR = 1.08 USD"])
    page_metric = converted_on_the_page(store, "USD")
    assert page_metric == ("Cash net in USD, at your rates", "+7.40 USD")
    refused = CliRunner().invoke(main, ["settings", "rate", "EUR", "USD", "-", "--warehouse", str(store.root)])
    assert refused.exit_code != 0 and "no rate" in refused.output
    removed = CliRunner().invoke(main, ["settings", "rate", "EUR", "USD", "--remove", "--warehouse", str(store.root)])
    assert removed.exit_code == 0 and query(store, "select * from conversion_rates") == []


def converted_on_the_page(store, target: str) -> tuple[str, str]:
    """The Player review's converted cash metric for Gleb in ``target``."""
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    from dashboards import queries as q

    os.environ[q.WAREHOUSE_ENV] = str(store.root)
    q.release()
    try:
        app = Path(__file__).resolve().parents[1] / "dashboards" / "streamlit_app.py"
        at = AppTest.from_file(str(app), default_timeout=60)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Gleb").run()
        at.selectbox(key="player_convert").set_value(target).run()
        assert not at.exception, [e.value for e in at.exception]
        shown = next(m for m in at.metric if m.label.startswith("Cash net in"))
        return shown.label, shown.value
    finally:
        q.release()
        os.environ.pop(q.WAREHOUSE_ENV, None)
