"""The marts the Player review and the leaderboards read over the rows their filters keep, against
small cases worked out by hand: the per-game headline (player_results), the six-card hand
categories (sixcard_category_frequencies), bid accuracy by round (player_stats_raspisnoy_by_round)
and the rank over time (leaderboard), each through the page's own query of dashboards/queries.py.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import pytest

from pipeline import models
from pipeline.tables import TableRows
from tests.test_marts import add_game, build, dashboard_db, gid, query, sixcard_box  # noqa: F401 (a fixture)

D = Decimal


# ------------------------------------------------------------------ the seam


def test_select_over_refuses_a_relation_the_model_does_not_read():
    with pytest.raises(models.ModelError, match="does not read games"):
        models.select_over("player_results", games="select 1")
    with pytest.raises(models.ModelError, match="no model named"):
        models.select_over("no_such_mart", games="select 1")


# ------------------------------------------------------------------ the per-game headline


def test_player_headlines_follow_the_pages_dates_club_and_room(warehouse, dashboard_db):
    # Anna's Chinese games:
    #   c1  1 November  club Friday  no room      Anna +4, Boris 0, Vera −4   placed 1st: a win
    #   c2  2 November  —            PokerStars   Anna −2, Boris +2           placed 2nd
    #   c3  2 November  —            PokerStars   Anna +3, Boris +3           a tie for 1st: a win
    # All: 3 games, +5, 2 won, average place (1 + 2 + 1) / 3, not rounded. 2 November: 2 games, +1, 1 won,
    # 1.5. Friday: c1 alone. PokerStars: c2 and c3. Her EUR Hold'em hand (+7) has a row of its own.
    from dashboards import queries as q

    rows = TableRows()
    for game_id, day, club, site, nets in (
            ("c1", 1, "Friday", None, {"Anna": "4", "Boris": "0", "Vera": "-4"}),
            ("c2", 2, None, "PokerStars", {"Anna": "-2", "Boris": "2"}),
            ("c3", 2, None, "PokerStars", {"Anna": "3", "Boris": "3"})):
        add_game(rows, "chinese", game_id, nets, club=club, site=site, played_at=datetime(2026, 11, day, 20))
    add_game(rows, "holdem", "h1", {"Anna": "7", "Boris": "-7"}, currency="EUR", club="Friday",
             played_at=datetime(2026, 11, 1, 21))
    store = build(warehouse, rows)
    db = dashboard_db(store)
    shape = ("game", "currency", "count_games", "net", "count_wins", "avg_placement")

    def headline(**filters):
        found = q.player_headlines(db, "Anna", filters.get("start"), filters.get("end"), filters.get("club"),
                                   filters.get("site"))
        return [tuple(r[c] for c in shape) for r in found.to_dicts()]

    assert headline() == [("chinese", None, 3, D(5), 2, (1 + 2 + 1) / 3), ("holdem", "EUR", 1, D(7), 1, 1.0)]
    assert headline(start=date(2026, 11, 2), end=date(2026, 11, 2)) == [("chinese", None, 2, D(1), 1, 1.5)]
    assert headline(club="Friday") == [("chinese", None, 1, D(4), 1, 1.0), ("holdem", "EUR", 1, D(7), 1, 1.0)]
    assert headline(site="PokerStars") == [("chinese", None, 2, D(1), 1, 1.5)]
    # the mart, per account (a name in a room) over every date, is the same select over its rows
    mart = {r["site"]: tuple(r[c] for c in shape) for r in
            query(store, "select * from player_results where player = 'Anna' and game = 'chinese'")}
    assert mart == {None: ("chinese", None, 1, D(4), 1, 1.0), "PokerStars": headline(site="PokerStars")[0]}


def test_player_headline_counts_raspisnoy_logs_and_sheets_as_one_game(warehouse, dashboard_db):
    # Vera's raspisnoy, one night card by card and one on paper:
    #   r1  log    1 November  Vera +40, Anna −5, Boris −35    placed 1st: a win
    #   r2  sheet  8 November  Vera −20, Anna +30, Boris −10   placed 3rd
    # One raspisnoy row: 2 games, net +20, 1 won, average place (1 + 3) / 2 = 2.0 (not a log row of
    # 1 game, +40, 1.0 and a sheet row of 1 game, −20, 3.0). Her Chinese game stays its own.
    from dashboards import queries as q

    rows = TableRows()
    add_game(rows, "raspisnoy", "r1", {"Vera": "40", "Anna": "-5", "Boris": "-35"}, club="Kotelnaya",
             played_at=datetime(2026, 11, 1, 19))
    add_game(rows, "raspisnoy_sheet", "r2", {"Vera": "-20", "Anna": "30", "Boris": "-10"}, club="Kotelnaya",
             played_at=datetime(2026, 11, 8, 19))
    add_game(rows, "chinese", "c1", {"Vera": "4", "Anna": "-4"}, club="Kotelnaya", played_at=datetime(2026, 11, 8, 23))
    store = build(warehouse, rows)
    db = dashboard_db(store)
    shape = ("game", "count_games", "net", "count_wins", "avg_placement")
    found = [tuple(r[c] for c in shape) for r in q.player_headlines(db, "Vera", None, None, None).to_dicts()]
    assert found == [("chinese", 1, D(4), 1, 1.0), ("raspisnoy", 2, D(20), 1, 2.0)]
    # the week of the sheet alone: that game only, under the same name
    found = [tuple(r[c] for c in shape) for r in
             q.player_headlines(db, "Vera", date(2026, 11, 8), date(2026, 11, 8), None).to_dicts()]
    assert found == [("chinese", 1, D(4), 1, 1.0), ("raspisnoy", 1, D(-20), 0, 3.0)]
    # as the raspisnoy leaderboard counts her
    (board,) = [r for r in q.leaderboard(db, "Kotelnaya", "raspisnoy", "all", "all time", 1, currency=None).to_dicts()
                if r["player"] == "Vera"]
    assert (board["count_games"], board["net"], board["count_wins"]) == (2, D(20), 1)
    # player_results keeps the warehouse's games apart (its game column is the games' table, as
    # docs/warehouse.md says): a log row and a sheet row
    mart = {r["game"]: (r["count_games"], r["net"], r["avg_placement"]) for r in
            query(store, "select * from player_results where player = 'Vera' and game like 'raspisnoy%'")}
    assert mart == {"raspisnoy": (1, D(40), 1.0), "raspisnoy_sheet": (1, D(-20), 3.0)}


# ------------------------------------------------------------------ six-card hand categories


def test_sixcard_categories_follow_the_pages_dates_club_and_room(warehouse, dashboard_db):
    # Anna's boxes: s1 on 1 November at club Friday, a pair of kings (5 cards) and ace high (5 cards);
    # s2 on 2 November at PokerStars, a pair of aces after a buy (6 cards).
    # All: pair 2 of 3, exact (2 × 1,098,240 / 2,598,960 + 9,730,740 / 20,358,520) / 3.
    # 2 November, or PokerStars: pair 1 of 1, exact 9,730,740 / 20,358,520 (the 6-card odds alone).
    # Friday: pair 1 of 2, exact 1,098,240 / 2,598,960 (the 5-card odds alone).
    from dashboards import queries as q

    rows = TableRows()
    add_game(rows, "sixcard", "s1", {"Anna": "0"}, club="Friday", played_at=datetime(2026, 11, 1, 20))
    add_game(rows, "sixcard", "s2", {"Anna": "0"}, site="PokerStars", played_at=datetime(2026, 11, 2, 20))
    sixcard_box(rows, "s1", "Anna", 1, 1, "Kc Kd 8h 6s 4d", "pair", None)
    sixcard_box(rows, "s1", "Anna", 2, 1, "Ah Jd 7c 8s 6d", "high card", None)
    sixcard_box(rows, "s2", "Anna", 1, 1, "Ah Ad 9h 7s 4c 2d", "pair", None)
    db = dashboard_db(build(warehouse, rows))

    def pair(**filters):
        rows = {r["category"]: r for r in q.sixcard_categories(db, "Anna", **filters).to_dicts()}
        assert len(rows) == 10 and sum(r["exact_probability"] for r in rows.values()) == pytest.approx(1.0)
        found = rows["pair"]
        return found["count_boxes"], found["count_player_boxes"], found["observed_rate"], found["exact_probability"]

    five, six = 1_098_240 / 2_598_960, 9_730_740 / 20_358_520
    assert pair() == (2, 3, pytest.approx(2 / 3), pytest.approx((2 * five + six) / 3))
    assert pair(start=date(2026, 11, 2), end=date(2026, 11, 2)) == (1, 1, 1.0, pytest.approx(six))
    assert pair(site="PokerStars") == (1, 1, 1.0, pytest.approx(six))
    assert pair(club="Friday") == (1, 2, 0.5, pytest.approx(five))


# ------------------------------------------------------------------ raspisnoy bid accuracy


def raspisnoy_round(rows: TableRows, game_id: str, round_no: int, player: str, bid: int | None, tricks: int) -> None:
    rows.add("raspisnoy_rounds", "raspisnoy", game_id=gid(game_id), round_no=round_no, cards=1, kind="regular",
             dealer=player, player=player, seat=1, bid=bid, tricks=tricks, points=D(0), total=D(0),
             points_written=D(0), total_written=D(0), is_dealer=True, line=round_no)


def test_raspisnoy_bid_accuracy_by_round_sums_hits_over_bids_across_clubs(warehouse, dashboard_db):
    # Anna, regular rounds of one card:
    #   Tverskaya: round 1 bid 1 took 1 (exact); round 2 her bid went unwritten (no bid), took 0.
    #              1 exact of 1 bid: accuracy 1.0 over 2 rounds.
    #   Arbat:     round 1 bid 0 took 1; round 2 bid 1 took 0: 0 exact of 2 bids, accuracy 0.
    # Both clubs: 1 exact of 3 bids = 1/3. The average of the clubs' accuracies, or each weighted by
    # its rounds ((1.0 × 2 + 0 × 2) / 4), says 0.5.
    from dashboards import queries as q

    rows = TableRows()
    add_game(rows, "raspisnoy", "t1", {"Anna": "0"}, club="Tverskaya", played_at=datetime(2026, 3, 5, 20))
    raspisnoy_round(rows, "t1", 1, "Anna", 1, 1)
    raspisnoy_round(rows, "t1", 2, "Anna", None, 0)
    add_game(rows, "raspisnoy", "a1", {"Anna": "0"}, club="Arbat", played_at=datetime(2026, 3, 6, 20))
    raspisnoy_round(rows, "a1", 1, "Anna", 0, 1)
    raspisnoy_round(rows, "a1", 2, "Anna", 1, 0)
    store = build(warehouse, rows)
    by_club = {r["club"]: r for r in query(store, "select * from player_stats_raspisnoy_by_round")}
    assert (by_club["Tverskaya"]["count_rounds"], by_club["Tverskaya"]["count_bid_rounds"],
            by_club["Tverskaya"]["count_exact_rounds"], by_club["Tverskaya"]["bid_accuracy"]) == (2, 1, 1, 1.0)
    assert (by_club["Arbat"]["count_bid_rounds"], by_club["Arbat"]["bid_accuracy"]) == (2, 0.0)
    db = dashboard_db(store)
    (both,) = q.raspisnoy_by_round(db, ("Anna",)).to_dicts()
    assert (both["kind"], both["cards"], both["count_rounds"], both["count_bid_rounds"],
            both["count_exact_rounds"]) == ("regular", 1, 4, 3, 1)
    assert both["bid_accuracy"] == pytest.approx(1 / 3)
    (arbat,) = q.raspisnoy_by_round(db, ("Anna",), "Arbat").to_dicts()
    assert (arbat["count_bid_rounds"], arbat["bid_accuracy"]) == (2, 0.0)
    (first_day,) = q.raspisnoy_by_round(db, ("Anna",), None, date(2026, 3, 5), date(2026, 3, 5)).to_dicts()
    assert (first_day["count_rounds"], first_day["bid_accuracy"]) == (2, 1.0)


# ------------------------------------------------------------------ rank over time


def test_rank_trend_draws_each_unit_apart(warehouse, dashboard_db):
    # Club Neva, Hold'em. January: Anna +10 USD against Boris −10 USD (1st), and −5 EUR against Boris
    # +5 EUR (2nd). February: Anna −3 USD (2nd) and +8 EUR (1st). Added, her January would be +5
    # (1st of one made-up table); each unit ranks apart, one line each.
    from dashboards import queries as q

    rows = TableRows()
    for game_id, month, currency, anna in (("u1", 1, "USD", "10"), ("e1", 1, "EUR", "-5"),
                                           ("u2", 2, "USD", "-3"), ("e2", 2, "EUR", "8")):
        add_game(rows, "holdem", game_id, {"Anna": anna, "Boris": str(-D(anna))}, club="Neva", currency=currency,
                 played_at=datetime(2026, month, 10, 20))
    db = dashboard_db(build(warehouse, rows))
    trend = q.rank_trend(db, "Neva", "holdem", "Anna", "month")
    assert [(r["unit"], r["season"], r["rank"], r["net"]) for r in trend.to_dicts()] == [
        ("EUR", "2026-01", 2, D(-5)), ("EUR", "2026-02", 1, D(8)),
        ("USD", "2026-01", 1, D(10)), ("USD", "2026-02", 2, D(-3))]


def test_the_leaderboard_in_one_currency_ranks_in_the_marts_order(warehouse, dashboard_db):
    # Club Neva, cash, at the user's rate 1 EUR = 2 USD, in USD:
    #   Chinese poker  c1 USD  Anna +5 (1st, a win), Vera −2 (2nd), Boris −3 (3rd)
    #                  c2 EUR  Boris +3 (1st, a win), Anna −1 (2nd), Vera −2 (3rd)
    #     Anna   5 − 2 = +3, 1 win, placements 1, 2: 1.5    rank 1
    #     Boris −3 + 6 = +3, 1 win, placements 3, 1: 2.0    rank 2 (equal net and wins, a worse average)
    #     Vera  −2 − 4 = −6, 0 wins, 2.5                    rank 3
    #   Six-card (never placed)  Gleb +4 USD and −2 EUR: 4 − 4 = 0, 1 win; Ilya +1 EUR and −2 USD:
    #     2 − 2 = 0, 1 win; Roma 0 USD: 0, no win (a net of 0 is not won).
    #     Gleb and Ilya equal on all three share rank 1; Roma is 3
    from dashboards import queries as q
    from pipeline import people

    rows = TableRows()
    for game_id, game, currency, nets in (
            ("c1", "chinese", "USD", {"Anna": "5", "Vera": "-2", "Boris": "-3"}),
            ("c2", "chinese", "EUR", {"Boris": "3", "Anna": "-1", "Vera": "-2"}),
            ("s1", "sixcard", "USD", {"Gleb": "4"}), ("s2", "sixcard", "EUR", {"Gleb": "-2"}),
            ("s3", "sixcard", "EUR", {"Ilya": "1"}), ("s4", "sixcard", "USD", {"Ilya": "-2"}),
            ("s5", "sixcard", "USD", {"Roma": "0"})):
        add_game(rows, game, game_id, nets, club="Neva", currency=currency, played_at=datetime(2026, 3, 1, 20))
    store = build(warehouse, rows)
    people.set_rate(store.root, "EUR", "USD", "2")
    db = dashboard_db(store)
    rates = q.conversion_rates(db)
    shape = ("rank", "player", "net", "count_wins", "avg_placement")

    table, used, _ = q.leaderboard_in_one_currency(db, "Neva", "chinese", "all", "all time", 1, "USD", rates)
    assert [tuple(r[c] for c in shape) for r in table.to_dicts()] == [
        (1, "Anna", D(3), 1, 1.5), (2, "Boris", D(3), 1, 2.0), (3, "Vera", D(-6), 0, 2.5)]
    assert used == ["1 EUR = 2 USD"]
    table, _, _ = q.leaderboard_in_one_currency(db, "Neva", "sixcard", "all", "all time", 1, "USD", rates)
    assert [tuple(r[c] for c in shape) for r in table.to_dicts()] == [
        (1, "Gleb", D(0), 1, None), (1, "Ilya", D(0), 1, None), (3, "Roma", D(0), 0, None)]


# ------------------------------------------------------------------ rates: one definition each
# The Hold'em reports over the small history of tests/test_reports.py (its table lists the hands).
# Boris, USD, club Neva (h4 is Anna's EUR hand against Vera):
#
#   hand  day         position  stack/bb      depth   net   in bb  preflop decision   VPIP  PFR
#   h1    10 January  BB        30 / 1        20-40   −1    −1     folds to the raise yes   no    no
#   h2    10 January  BTN       50 / 1        40-60   +15   +15    raises              yes   yes   yes
#   h3    10 January  BB        80 / 2        40-60   −6    −3     calls the raise     yes   yes   no
#   h5    no date     BB        100 / 1       100-150 +1    +1     none (no actions)   no    —     —
#   h6    10 January  BB        100 / 2       40-60   +2    +1     none (no actions)   no    —     —
#
# BB: 4 hands, net −4, −2 bb over 4 hands with a big blind: bb/100 = −50.00; VPIP 1 of the 2 hands
# with a preflop decision = 50 %, PFR 0 of 2 = 0 %. BTN: 1 hand, +15 bb: bb/100 = 1500.00, VPIP and
# PFR 100 %. Depth 40-60: h2, h3, h6: +11, +13 bb over 3 = 433.33; VPIP 2 of 2, PFR 1 of 2 = 50 %.
# 10 January alone leaves h5 out: BB 3 hands, −3 bb: −100.00.
# Sittings (30 minutes apart at most): h1 20:00, h2 20:20, h3 20:50 are one (−1 + 15 − 3 = +11 bb over
# 3: 366.67), h6 at 21:21 another (+1 over 1: 100.00); h5 has no time.


@pytest.fixture(scope="module")
def reports_store(tmp_path_factory):
    from tests.test_reports import history

    return build(tmp_path_factory.mktemp("rates") / "warehouse", history())


def test_report_rates_by_position_through_the_page_query(reports_store, dashboard_db):
    from dashboards import queries as q

    db = dashboard_db(reports_store)
    rows = {r["position"]: r for r in q.holdem_report(db, "position", "Boris", "USD", None, None, (), ()).to_dicts()}
    bb, btn = rows["BB"], rows["BTN"]
    assert (bb["count_hands"], bb["net_won"], bb["count_bb_hands"], bb["bb_per_100"]) == (4, D(-4), 4, D("-50.00"))
    assert (bb["count_vpip_opportunities"], bb["vpip"], bb["count_pfr_opportunities"], bb["pfr"]) == (2, 50.0, 2, 0.0)
    assert (btn["count_hands"], btn["bb_per_100"], btn["vpip"], btn["pfr"]) == (1, D("1500.00"), 100.0, 100.0)
    (day,) = [r for r in q.holdem_report(db, "position", "Boris", "USD", date(2026, 1, 10), date(2026, 1, 10), (),
                                         ()).to_dicts() if r["position"] == "BB"]
    assert (day["count_hands"], day["bb_per_100"]) == (3, D("-100.00"))


def test_report_rates_by_stack_depth_through_the_page_query(reports_store, dashboard_db):
    from dashboards import queries as q

    db = dashboard_db(reports_store)
    rows = {r["stack_depth"]: r for r in q.holdem_report(db, "stack_depth", "Boris", "USD", None, None, (),
                                                         ()).to_dicts()}
    deep = rows["40-60"]
    assert (deep["count_hands"], deep["net_won"], deep["bb_per_100"]) == (3, D(11), D("433.33"))
    assert (deep["vpip"], deep["count_pfr_opportunities"], deep["pfr"]) == (100.0, 2, 50.0)
    assert (rows["20-40"]["vpip"], rows["100-150"]["vpip"]) == (0.0, None)  # h5 had no decision: no rate


def test_report_rates_by_starting_hand_through_the_page_query(reports_store, dashboard_db):
    # Anna's known hands: AKs (h1, +1, raised), AKo (h2, −15, called), T9s (h3, +3 bb), JJ (h6, −1 bb, no
    # decision); her EUR 22 (h4) is another unit.
    from dashboards import queries as q

    db = dashboard_db(reports_store)
    cells = {r["hand_class"]: r for r in q.holdem_report(db, "hand_class", "Anna", "USD", None, None, (),
                                                         ()).to_dicts()}
    assert sorted(cells) == ["AKo", "AKs", "JJ", "T9s"]
    assert [(cells[c]["bb_per_100"], cells[c]["vpip"], cells[c]["pfr"]) for c in ("AKs", "AKo", "T9s", "JJ")] == [
        (D("100.00"), 100.0, 100.0), (D("-1500.00"), 100.0, 0.0), (D("300.00"), 100.0, 100.0), (D("-100.00"), None, None)]


def test_session_bb_per_100_through_the_page_query(reports_store, dashboard_db):
    from dashboards import queries as q

    db = dashboard_db(reports_store)
    sittings = q.holdem_sessions(db, "Boris", "USD", None, None, (), ()).to_dicts()
    assert [(s["count_hands"], s["net_won"], s["bb_per_100"]) for s in sittings] == [
        (3, D(8), D("366.67")), (1, D(2), D("100.00"))]


def test_winnings_in_big_blinds_through_the_page_query(reports_store, dashboard_db):
    # Boris's USD hands in the order played (the hand without a date first): h5 +1, h1 −1, h2 +15,
    # h3 −3 (−6 at 1/2), h6 +1 (+2 at 1/2), in big blinds; running −: 1, 0, 15, 12, 13.
    from dashboards import queries as q

    db = dashboard_db(reports_store)
    line = q.holdem_winnings(db, ("Boris",), None, None, None, None, True, currency="USD")
    assert line["won"].to_list() == [1.0, 0.0, 15.0, 12.0, 13.0]
    assert q.holdem_winnings(db, ("Boris",), None, None, None, None, False, currency="USD")["won"].to_list()[-1] == 11


def _tenth_hands() -> TableRows:
    """Zoya's three USD hands at blinds of 0.05/0.10, one a day: +0.30, −0.10, −0.20 (Kim the other seat)."""
    rows = TableRows()
    for day, (hand, net) in enumerate((("t1", "0.30"), ("t2", "-0.10"), ("t3", "-0.20")), start=1):
        rows.add("games", "holdem", game_id=gid(hand), source_file="cases.txt", first_line=1, last_line=1,
                 played_at=datetime(2026, 2, day, 20), club=None, table_name="Tenths", count_players=2,
                 count_errors=0, count_warnings=0, currency="USD", is_tournament=False)
        for seat, (player, amount) in enumerate((("Zoya", D(net)), ("Kim", -D(net))), start=1):
            rows.add("game_players", "holdem", game_id=gid(hand), player=player, seat=seat, net=amount)
            rows.add("holdem_results", "holdem", game_id=gid(hand), hand_id=hand, player=player, seat=seat,
                     position=("BTN", "BB")[seat - 1], hole_cards=None, stack_start=D(10), invested=D(0),
                     collected=D(0), net=amount, net_showdown=amount, allin_ev_net=amount, saw_flop=True,
                     saw_turn=True, saw_river=True, went_to_showdown=True, won_at_showdown=amount > 0,
                     is_walk=False, small_blind=D("0.05"), big_blind=D("0.10"), stakes="$0.05/$0.10 USD",
                     betting="no_limit", currency="USD", is_tournament=False, max_seats=6, count_players=2,
                     rake=D(0), cash_out=D(0), total_pot=None)
    return rows


def test_winnings_in_big_blinds_add_up_exactly(tmp_path, dashboard_db):
    # 0.30, −0.10 and −0.20 at a big blind of 0.10 are 3, −1 and −2 big blinds: running 3, 2, 0. In
    # doubles 0.30 / 0.10 is 2.9999999999999996, and the running total came out 1.9999999999999996,
    # then −4.4e-16, which the chart was given. Every hand went to showdown: none won without one.
    from dashboards import charts
    from dashboards import queries as q

    db = dashboard_db(build(tmp_path / "warehouse", _tenth_hands()))
    line = q.holdem_winnings(db, ("Zoya",), None, None, None, None, True, currency="USD")
    worked = [D("3.00"), D("2.00"), D("0.00")]
    assert [line[c].to_list() for c in ("won", "showdown", "allin_ev")] == [worked] * 3
    assert line["non_showdown"].to_list() == [D("0.00")] * 3
    drawn = charts.numeric(line)
    assert drawn["won"].to_list() == [3.0, 2.0, 0.0] and str(drawn["won"][2]) == "0.0"
    money = q.holdem_winnings(db, ("Zoya",), None, None, None, None, False, currency="USD")
    assert money["won"].to_list() == [D("0.30"), D("0.20"), D("0.00")]


def test_player_review_mart_and_report_take_pfr_over_its_own_opportunities(reports_store, dashboard_db):
    # PFR's chances are VPIP's (PokerTracker 4: hands less walks). At 0.50/1 Boris folded h1 and raised
    # h2 (1 of 2: 50 %); h5 gave him no decision. At 1/2 he called h3 (0 of 1); h6 no decision. The
    # mart, the Player review and the report all divide count_pfr by count_pfr_opportunities.
    from dashboards import queries as q

    db = dashboard_db(reports_store)
    mart = query(reports_store, "select stakes, count_pfr, count_pfr_opportunities, pfr from player_stats_holdem "
                                "where player = 'Boris' and currency = 'USD' order by stakes")
    assert [tuple(r.values()) for r in mart] == [("0.50/1 USD", 1, 2, 50.0), ("1/2 USD", 0, 1, 0.0)]
    review = q.holdem_stats(db, ("Boris",), is_tournament=False, currency="USD").to_dicts()
    assert [(r["stakes"], r["count_pfr"], r["count_pfr_opportunities"], r["pfr"]) for r in review] == [
        tuple(r.values()) for r in mart]
    report = q.holdem_report(db, "stack_depth", "Boris", "USD", None, None, ("No Limit 0.50/1 USD",), ()).to_dicts()
    assert sorted((r["stack_depth"], r["count_pfr_opportunities"], r["pfr"]) for r in report) == [
        ("100-150", 0, None), ("20-40", 1, 0.0), ("40-60", 1, 100.0)]


def test_play_money_hands_are_in_chips_on_every_page(tmp_path, dashboard_db):
    # holdem_results says "play" for play money; the game's unit, and every mart's, is "chips". The
    # Player review offers the units of player_stats_holdem: the winnings line of that unit must
    # find the hands, and the reports list them under the same unit.
    from dashboards import queries as q
    from tests.test_marts import add_game, holdem_result

    rows = TableRows()
    add_game(rows, "holdem", "p1", {"Anna": "40", "Boris": "-40"}, currency="chips",
             played_at=datetime(2026, 4, 1, 20))
    holdem_result(rows, "p1", "Anna", net="40", big_blind="20", stakes="10/20 play", position="BTN",
                  currency="play")
    holdem_result(rows, "p1", "Boris", net="-40", big_blind="20", stakes="10/20 play", seat=2, position="BB",
                  currency="play")
    db = dashboard_db(build(tmp_path / "warehouse", rows))
    assert q.holdem_money(db, ("Anna",)) == [(False, "chips")]
    assert q.report_unit_hands(db, "Anna") == {"chips": 1}
    line = q.holdem_winnings(db, ("Anna",), None, None, None, None, True, currency="chips")
    assert line["won"].to_list() == [2.0]   # +40 at a big blind of 20


def test_rate_macros_are_stored_with_the_models_and_written_out_alike(reports_store):
    # Every reader of the models file has the macros; the Spark path writes them out in place: both agree.
    import duckdb

    cases = "select bb_per_100(-2, 4) as a, percent_of(1, 3) as b, ratio_of(3, 0) as c, big_blinds(6, 0) as d, " \
            "big_blinds(-6.0, 2) as e, percent_of(2 + 1, 4 - 1) as f"
    (stored,) = query(reports_store, cases)
    with duckdb.connect() as bare:
        written_out = bare.sql(models.expand_macros(cases)).pl().to_dicts()[0]
    assert stored == written_out == {"a": D("-50.00"), "b": pytest.approx(100 / 3), "c": None, "d": None, "e": -3,
                                     "f": 100.0}


def test_no_page_writes_a_rate_of_its_own():
    # a division guarded by nullif is a rate: the pages call the macros of sql/00_macros or read a mart
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    found = [f"{path.relative_to(root)}: {line.strip()}" for folder in ("dashboards", "pipeline")
             for path in (root / folder).rglob("*.py") for line in path.read_text(encoding="utf-8").splitlines()
             if re.search(r"/\s*nullif\(", line, re.IGNORECASE)]
    assert found == []
