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

from decimal import Decimal

import pytest

from pipeline.tables import TableRows
from tests.conftest import warehouse_of_pages
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


PLAYED_AT = {"u1": (20, 0), "u2": (20, 10), "u3": (20, 20), "e1": (22, 0), "t1": (23, 0)}
"""When each hand was played, 1 November 2026: u1 and u2 are one sitting of Gleb's (10 minutes apart)."""

TOURNAMENTS = {
    # Gleb's tournament summaries: tournament: (currency, buy-in, fee, prize, finish)
    "TU": ("USD", "10", "1", "30", 1),      # cost 11, net +19
    "TE": ("EUR", "2", "0.20", "4", 1),     # cost 2.20, net +1.80
    "TC": ("chips", "100", "0", "0", 4),    # play money: cost 100 chips, net −100 chips
}


def seed() -> TableRows:
    from datetime import datetime

    from tests.test_tournaments import entry

    rows = TableRows()
    for hand, (currency, is_tournament, big_blind, stakes, nets) in HANDS.items():
        add_game(rows, "holdem", hand, nets, currency=currency, is_tournament=is_tournament,
                 played_at=datetime(2026, 11, 1, *PLAYED_AT[hand]))
        for seat, (player, net) in enumerate(nets.items(), 1):
            holdem_result(rows, hand, player, net=net, big_blind=big_blind, stakes=stakes, seat=seat,
                          currency=currency, is_tournament=is_tournament)
    add_game(rows, "raspisnoy", "r1", {"Vera": "20", "Gleb": "-20"})
    for tournament, (currency, buy_in, fee, prize, finish) in TOURNAMENTS.items():
        entry(rows, tournament.lower(), tournament, "Gleb", finish=finish, prize=prize, buy_in=buy_in, fee=fee,
              currency=currency, is_hero=True)
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
    with warehouse_of_pages(store.root) as (_, database):
        yield database


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
    assert q.holdem_stakes(db, "Gleb", False, "EUR") == ["No Limit 1/2 EUR"]


def test_leaderboard_page_queries_one_unit(db):
    from dashboards import queries as q

    assert q.leaderboard_money(db, "(no club)", "holdem") == [(False, "USD", None), (False, "EUR", None),
                                                              (True, "chips", None)]
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
    with warehouse_of_pages(store.root) as (q, database):
        rates = q.conversion_rates(database)
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

    with warehouse_of_pages(store.root):
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


# ---------------------------------------------------------------- conversion on every money table


@pytest.fixture()
def rated(store, db):
    """The store with the user's rate 1 EUR = 1.08 USD, removed afterwards."""
    from dashboards import queries as q
    from pipeline import people

    people.set_rate(store.root, "EUR", "USD", "1.08")
    q.release()
    yield q.database()
    people.set_rate(store.root, "EUR", "USD", None)
    q.release()


def test_leaderboard_in_one_currency_at_the_users_rate(rated):
    from dashboards import queries as q

    rates = q.conversion_rates(rated)
    # cash only: Boris USD +10; Gleb USD +2 and EUR +5 = 2 + 5.40 = 7.40; Anna USD −12 and EUR −5 = −17.40.
    # Gleb's 3,925 tournament chips never count.
    table, used, left_out = q.leaderboard_in_one_currency(rated, "(no club)", "holdem", "all", "all time", 1,
                                                          "USD", rates)
    assert [(r["rank"], r["player"], r["count_games"], r["net"]) for r in table.to_dicts()] == [
        (1, "Boris", 1, D(10)), (2, "Gleb", 3, D("7.40")), (3, "Anna", 4, D("-17.40"))]
    assert (used, left_out) == (["1 EUR = 1.08 USD"], [])
    # in EUR: Boris 10 / 1.08 = 9.26; Gleb 5 + 2 / 1.08 = 6.85; Anna −5 − 12 / 1.08 = −16.11
    table, _, _ = q.leaderboard_in_one_currency(rated, "(no club)", "holdem", "all", "all time", 2, "EUR", rates)
    assert [(r["rank"], r["player"], r["net"]) for r in table.to_dicts()] == [(1, "Gleb", D("6.85")),
                                                                             (2, "Anna", D("-16.11"))]


def test_sessions_in_one_currency_at_the_users_rate(rated):
    from dashboards import queries as q

    rates = q.conversion_rates(rated)
    hands = q.report_unit_hands(rated, "Gleb")
    # his hands by unit as the reports offer them, the most first: u1 and u2 in USD, e1 in EUR, t1 in chips
    assert list(hands.items()) == [("USD", 2), ("EUR", 1), ("chips", 1)]
    units = list(hands)
    sittings, used, left_out = q.sessions_in_one_currency(rated, "Gleb", units, "USD", rates, None, None, (), ())
    # his USD sitting (u1 and u2: +2) at 20:00, then his EUR one (e1: +5 = 5.40 USD) at 22:00; the chips apart
    assert [(r["own_currency"], r["own_net"], r["net_won"], r["cumulative_net"]) for r in sittings.to_dicts()] == [
        ("USD", D(2), D("2.00"), D("2.00")), ("EUR", D(5), D("5.40"), D("7.40"))]
    assert (used, left_out) == (["1 EUR = 1.08 USD"], ["chips"])


def test_pages_convert_leaderboards_sessions_and_tournaments_and_say_the_rate(rated, store):
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    app = str(Path(__file__).resolve().parents[1] / "dashboards" / "streamlit_app.py")
    at = AppTest.from_file(app, default_timeout=120)
    at.run()
    at.switch_page("app_pages/leaderboards.py")
    at.run()
    at.selectbox(key="lb_game").set_value("holdem").run()
    at.selectbox(key="lb_convert").set_value("USD").run()
    assert not at.exception, [e.value for e in at.exception]
    board = next(d.value for d in at.dataframe if "rank" in d.value.columns)
    assert [(row["player"], D(str(row["net"]))) for row in board.to_dict("records")] == [
        ("Boris", D(10)), ("Gleb", D("7.40")), ("Anna", D("-17.40"))]
    assert any("1 EUR = 1.08 USD" in c.value for c in at.caption)

    at.switch_page("app_pages/reports.py")
    at.run()
    at.selectbox(key="reports_player").set_value("Gleb").run()
    at.selectbox(key="reports_unit").set_value("USD").run()
    at.selectbox(key="reports_sessions_in").set_value("EUR").run()
    assert not at.exception, [e.value for e in at.exception]
    # in EUR: USD +2 = 2 / 1.08 = 1.85, EUR +5 as it is: 6.85 EUR
    assert {m.label: m.value for m in at.metric}["Net (EUR at your rates)"] == "+6.85"

    at.switch_page("app_pages/player.py")
    at.run()
    at.selectbox(key="player").set_value("Gleb").run()
    at.selectbox(key="tournaments_convert").set_value("USD").run()
    assert not at.exception, [e.value for e in at.exception]
    shown = {m.label: m.value for m in at.metric}
    # USD +19 and EUR +1.80 = 1.94 USD: +20.94; cost 11 + 2.20 × 1.08 = 2.38: 13.38; play chips apart
    assert (shown["Net in USD, at your rates"], shown["Cost in USD, at your rates"]) == ("+20.94 USD", "13.38 USD")
    assert any("not converted: play chips" in c.value for c in at.caption)
