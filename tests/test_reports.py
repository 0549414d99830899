"""The hand browser's list and the Hold'em reports (position, stack depth, starting hands, sittings)
against one small history worked out by hand, written as the ingest stores it (see test_marts).

Anna's hands (USD at club Neva unless said; blinds 0.50/1 or 1/2):

=====  ================  =======  ========  =====  =====  =====  ======  =======================================
hand   played            stakes   position  cards  stack  net    all-in  play
=====  ================  =======  ========  =====  =====  =====  ======  =======================================
h1     2026-01-10 20:00  0.50/1   BTN       As Ks  100    +1     no      raises to 3, Boris folds his big blind
h2     2026-01-10 20:20  0.50/1   BB        Kd Ah  15     -15    yes     Boris raises to 15, Anna calls all-in, loses
                                                                          (all-in EV -5)
h3     2026-01-10 20:50  1/2      BTN       Ts 9s  200    +6     no      table T2: raises to 6, bets the flop, Boris folds
h4     2026-01-11 19:00  0.50/1   CO        2c 2d  40     +1     no      EUR: raises to 3, Vera folds
h5     (no date)         0.50/1   BTN       ?      100    -1     no
h6     2026-01-10 21:21  1/2      BTN       Jc Jd  100    -2     no      31 minutes after h3
=====  ================  =======  ========  =====  =====  =====  ======  =======================================
"""

from __future__ import annotations

from datetime import date, datetime

import pytest

from pipeline.tables import TableRows
from tests.test_marts import D, build, gid, query

HANDS = {
    # hand: (played_at, stakes, big_blind, currency, table)
    "h1": (datetime(2026, 1, 10, 20, 0), "0.50/1 USD", "1", "USD", "T1"),
    "h2": (datetime(2026, 1, 10, 20, 20), "0.50/1 USD", "1", "USD", "T1"),
    "h3": (datetime(2026, 1, 10, 20, 50), "1/2 USD", "2", "USD", "T2"),
    "h4": (datetime(2026, 1, 11, 19, 0), "0.50/1 EUR", "1", "EUR", "T3"),
    "h5": (None, "0.50/1 USD", "1", "USD", "T1"),
    "h6": (datetime(2026, 1, 10, 21, 21), "1/2 USD", "2", "USD", "T2"),
}
RESULTS = {
    # hand: [(player, seat, position, hole_cards, stack_start, net, allin_ev_net)]
    "h1": [("Anna", 1, "BTN", "As Ks", "100", "1", "1"), ("Boris", 2, "BB", "Qh Qd", "30", "-1", "-1")],
    "h2": [("Boris", 1, "BTN", "7c 7s", "50", "15", "5"), ("Anna", 2, "BB", "Kd Ah", "15", "-15", "-5")],
    "h3": [("Anna", 1, "BTN", "Ts 9s", "200", "6", "6"), ("Boris", 2, "BB", None, "80", "-6", "-6")],
    "h4": [("Anna", 1, "CO", "2c 2d", "40", "1", "1"), ("Vera", 2, "BB", None, "60", "-1", "-1")],
    "h5": [("Anna", 1, "BTN", None, "100", "-1", "-1"), ("Boris", 2, "BB", None, "100", "1", "1")],
    "h6": [("Anna", 1, "BTN", "Jc Jd", "100", "-2", "-2"), ("Boris", 2, "BB", None, "100", "2", "2")],
}
ACTIONS = {
    # hand: [(street, player, action, amount, to_call, bet_level, is_all_in)]
    "h1": [("preflop", "Anna", "post_sb", "0.50", None, 0, False), ("preflop", "Boris", "post_bb", "1", None, 0, False),
           ("preflop", "Anna", "raise", "2.50", "0.50", 1, False), ("preflop", "Boris", "fold", None, "2", 2, False),
           ("preflop", "Anna", "uncalled", "2", None, 2, False), ("preflop", "Anna", "collect", "2", None, 2, False)],
    "h2": [("preflop", "Boris", "post_sb", "0.50", None, 0, False), ("preflop", "Anna", "post_bb", "1", None, 0, False),
           ("preflop", "Boris", "raise", "14.50", "0.50", 1, False), ("preflop", "Anna", "call", "14", "14", 2, True),
           ("showdown", "Boris", "collect", "30", None, 2, False)],
    "h3": [("preflop", "Anna", "post_sb", "1", None, 0, False), ("preflop", "Boris", "post_bb", "2", None, 0, False),
           ("preflop", "Anna", "raise", "5", "1", 1, False), ("preflop", "Boris", "call", "4", "4", 2, False),
           ("flop", "Boris", "check", None, "0", 0, False), ("flop", "Anna", "bet", "6", "0", 0, False),
           ("flop", "Boris", "fold", None, "6", 1, False), ("flop", "Anna", "uncalled", "6", None, 1, False),
           ("flop", "Anna", "collect", "12", None, 1, False)],
    "h4": [("preflop", "Vera", "post_bb", "1", None, 0, False), ("preflop", "Anna", "raise", "3", "1", 1, False),
           ("preflop", "Vera", "fold", None, "2", 2, False), ("preflop", "Anna", "uncalled", "2", None, 2, False),
           ("preflop", "Anna", "collect", "2", None, 2, False)],
}


def history() -> TableRows:
    rows = TableRows()
    for hand, (played_at, stakes, big_blind, currency, table) in HANDS.items():
        players = RESULTS[hand]
        rows.add("games", "holdem", game_id=gid(hand), source_file="cases.txt", first_line=1, last_line=1,
                 played_at=played_at, club="Neva", table_name=table, count_players=len(players), count_errors=0,
                 count_warnings=0, currency=currency, is_tournament=False)
        for player, seat, position, cards, stack, net, ev in players:
            rows.add("game_players", "holdem", game_id=gid(hand), player=player, seat=seat, net=D(net))
            rows.add("holdem_results", "holdem", game_id=gid(hand), hand_id=hand, player=player, seat=seat,
                     position=position, hole_cards=cards, stack_start=D(stack), invested=D(0), collected=D(0),
                     net=D(net), net_showdown=D(0), allin_ev_net=D(ev), saw_flop=False, saw_turn=False,
                     saw_river=False, went_to_showdown=hand == "h2", won_at_showdown=hand == "h2" and net != "-15",
                     is_walk=False, small_blind=D(big_blind) / 2, big_blind=D(big_blind), stakes=stakes,
                     betting="no_limit", currency=currency, is_tournament=False, max_seats=6, count_players=len(players),
                     rake=D(0), cash_out=D(0), total_pot=None)     # (a pot of 0 is a cancelled hand)
        seats = {player: (seat, position) for player, seat, position, *_ in players}
        for action_no, (street, player, action, amount, to_call, level, all_in) in enumerate(ACTIONS.get(hand, [])):
            seat, position = seats[player]
            rows.add("holdem_actions", "holdem", game_id=gid(hand), hand_id=hand, action_no=action_no, street=street,
                     player=player, seat=seat, position=position, action=action,
                     amount=None if amount is None else D(amount), to_call=None if to_call is None else D(to_call),
                     bet_level=level, is_all_in=all_in, is_voluntary=action in ("call", "bet", "raise"),
                     line=action_no + 1)
    return rows


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return build(tmp_path_factory.mktemp("reports") / "warehouse", history())


def anna(store, mart: str, key: str) -> dict:
    return {row[key]: row for row in query(store, f"select * from {mart} where player = 'Anna'")}


# -- hand_list ----------------------------------------------------------------------------------------

def test_hand_list_names_the_starting_hand_of_the_grid(store):
    hands = {r["hand_id"]: r for r in query(store, "select * from hand_list where player = 'Anna'")}
    assert {h: r["hand_class"] for h, r in hands.items()} == {
        "h1": "AKs", "h2": "AKo", "h3": "T9s", "h4": "22", "h5": None, "h6": "JJ"}  # Kd Ah reads AKo


def test_hand_list_buckets_the_stack_in_big_blinds(store):
    hands = {r["hand_id"]: r for r in query(store, "select * from hand_list where player = 'Anna'")}
    # 100/1, 15/1, 200/2, 40/1 (40 opens its bucket), no date but 100/1, 100/2
    assert {h: r["stack_depth"] for h, r in hands.items()} == {
        "h1": "100-150", "h2": "<20", "h3": "100-150", "h4": "40-60", "h5": "100-150", "h6": "40-60"}
    assert hands["h3"]["stack_big_blinds"] == 100 and hands["h3"]["net_big_blinds"] == 3  # 6 / 2


def test_hand_list_flags_all_ins_and_keeps_dates_and_tables(store):
    hands = {r["hand_id"]: r for r in query(store, "select * from hand_list where player = 'Anna'")}
    assert [h for h, r in sorted(hands.items()) if r["is_all_in"]] == ["h2"]
    assert hands["h3"]["table_name"] == "T2" and hands["h3"]["club"] == "Neva"
    assert hands["h3"]["played_on"] == date(2026, 1, 10) and hands["h5"]["played_on"] is None
    assert (hands["h1"]["is_vpip"], hands["h1"]["is_pfr"]) == (True, True)
    assert (hands["h2"]["is_vpip"], hands["h2"]["is_pfr"]) == (True, False)     # called the raise
    boris = query(store, "select is_vpip, is_vpip_opportunity from hand_list where player = 'Boris' and hand_id = 'h1'")
    assert boris == [{"is_vpip": False, "is_vpip_opportunity": True}]           # folded his big blind


# -- position and stack depth ---------------------------------------------------------------------------

def sums(store, mart: str, where: str, by: str) -> dict:
    rows = query(store, f"""
        select {by} as k, sum(count_hands) as hands, sum(net_won) as net, sum(net_big_blinds) as net_bb,
               sum(count_bb_hands) as bb_hands, sum(count_vpip) as vpip, sum(count_vpip_opportunities) as vpip_chances,
               sum(count_pfr) as pfr, sum(allin_ev_net) as ev
        from {mart} where player = 'Anna' and {where} group by {by}""")
    return {r["k"]: r for r in rows}


def test_position_report_sums_hands_net_and_big_blinds(store):
    usd = sums(store, "holdem_report_positions", "currency = 'USD'", "position")
    # BTN: h1 +1 (1 bb), h3 +6 (3 bb), h5 -1 (-1 bb), h6 -2 (-1 bb): 4 hands, +4, 2 bb, 50 bb/100
    btn = usd["BTN"]
    assert (btn["hands"], btn["net"], btn["net_bb"], btn["bb_hands"]) == (4, D(4), 2, 4)
    assert 100 * btn["net_bb"] / int(btn["bb_hands"]) == 50
    assert (btn["vpip"], btn["vpip_chances"], btn["pfr"]) == (2, 2, 2)   # h1 and h3 raised; h5, h6 have no actions
    assert (usd["BB"]["hands"], usd["BB"]["net"], usd["BB"]["vpip"], usd["BB"]["pfr"]) == (1, D(-15), 1, 0)
    assert "CO" not in usd   # the euro hand stays in its own unit
    eur = sums(store, "holdem_report_positions", "currency = 'EUR'", "position")
    assert (eur["CO"]["hands"], eur["CO"]["net"]) == (1, D(1))


def test_position_report_filters_by_date_and_stakes(store):
    day = sums(store, "holdem_report_positions", "played_on = date '2026-01-10' and stakes = '1/2 USD'", "position")
    assert (day["BTN"]["hands"], day["BTN"]["net"]) == (2, D(4))   # h3 +6, h6 -2


def test_stack_depth_report(store):
    usd = sums(store, "holdem_report_stack_depths", "currency = 'USD'", "stack_depth")
    assert {k: (r["hands"], r["net"], r["net_bb"]) for k, r in usd.items()} == {
        "100-150": (3, D(6), 3),    # h1 +1, h3 +6 (3 bb), h5 -1
        "<20": (1, D(-15), -15),    # h2
        "40-60": (1, D(-2), -1),    # h6: 100 at 1/2 is 50 big blinds
    }


def test_starting_hand_report_leaves_unknown_cards_out(store):
    grid = sums(store, "holdem_report_starting_hands", "true", "hand_class")
    assert {k: (r["hands"], r["net"], r["net_bb"]) for k, r in grid.items()} == {
        "AKs": (1, D(1), 1), "AKo": (1, D(-15), -15), "T9s": (1, D(6), 3), "22": (1, D(1), 1), "JJ": (1, D(-2), -1)}


# -- sittings --------------------------------------------------------------------------------------------

def test_sessions_split_after_thirty_minutes_and_keep_units_apart(store):
    rows = query(store, "select * from holdem_sessions where player = 'Anna' order by currency, session_no")
    eur, first, second = rows
    # 20:00, 20:20 and 20:50 (exactly 30 minutes later) are one sitting at two tables; 21:21 is 31 minutes on
    assert (first["session_no"], first["started_at"], first["ended_at"]) == (
        1, datetime(2026, 1, 10, 20, 0), datetime(2026, 1, 10, 20, 50))
    assert (first["duration_minutes"], first["count_hands"], first["count_tables"]) == (50, 3, 2)
    assert first["stakes"] == "No Limit 0.50/1 USD, No Limit 1/2 USD"   # each with its betting structure
    assert (first["net_won"], first["allin_ev_net"]) == (D(-8), D(2))   # 1 - 15 + 6; EV 1 - 5 + 6
    assert first["net_big_blinds"] == -11   # 1 - 15 + 3 big blinds
    assert (second["session_no"], second["count_hands"], second["duration_minutes"], second["net_won"]) == (
        2, 1, 0, D(-2))
    assert (eur["currency"], eur["count_hands"], eur["net_won"]) == ("EUR", 1, D(1))
    # h5 has no date: it belongs to no sitting
    assert sum(r["count_hands"] for r in rows) == 5


# -- rooms ------------------------------------------------------------------------------------------------

def test_reports_and_sittings_keep_each_room_apart(tmp_path, monkeypatch):
    # Anna, USD 0.50/1, no club: PokerStars 20:00 (+1, BTN), Winamax 20:10 (−3, BB). Ten minutes apart,
    # yet in two rooms: two sittings, not one of −2; the Club / room filter "Winamax" keeps −3 only.
    from dashboards import queries as q
    from tests.test_marts import add_game, holdem_result

    rows = TableRows()
    for hand, site, minute, net, position in (("r1", "PokerStars", 0, "1", "BTN"), ("r2", "Winamax", 10, "-3", "BB")):
        add_game(rows, "holdem", hand, {"Anna": net, "Boris": str(-D(net))}, currency="USD", site=site,
                 played_at=datetime(2026, 2, 1, 20, minute))
        holdem_result(rows, hand, "Anna", net=net, big_blind="1", stakes="0.50/1 USD", position=position)
        holdem_result(rows, hand, "Boris", net=str(-D(net)), big_blind="1", stakes="0.50/1 USD", seat=2,
                      position="SB")
    store = build(tmp_path / "warehouse", rows)
    sittings = query(store, "select site, count_hands, net_won from holdem_sessions where player = 'Anna' order by site")
    assert [tuple(r.values()) for r in sittings] == [("PokerStars", 1, D(1)), ("Winamax", 1, D(-3))]
    assert {r["hand_id"]: r["site"] for r in query(store, "select hand_id, site from hand_list where player = 'Anna'")} == {
        "r1": "PokerStars", "r2": "Winamax"}
    monkeypatch.setenv(q.WAREHOUSE_ENV, str(store.root))
    q.release()
    try:
        db = q.database()
        assert q.hand_choices(db, "Anna")["clubs"] == ["PokerStars", "Winamax"]
        winamax = q.holdem_report(db, "position", "Anna", "USD", None, None, (), ("Winamax",))
        assert [(r["position"], r["count_hands"], r["net_won"]) for r in winamax.to_dicts()] == [("BB", 1, D(-3))]
        both = q.holdem_sessions(db, "Anna", "USD", None, None, (), ())
        assert both["cumulative_net"].to_list() == [D(1), D(-2)]
        hands = q.hand_totals(db, "Anna", None, None, (), ("PokerStars",), (), (), None, None, None)
        assert [(r["count_hands"], r["net_won"]) for r in hands.to_dicts()] == [(1, D(1))]
    finally:
        q.release()
