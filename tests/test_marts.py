"""The marts' figures against small cases worked out by hand, one per defect they once had.

Each case writes its fact rows straight into a warehouse (Parquet, as the ingest stores them),
builds every model with DuckDB and reads the mart back, so the SQL is tested on its own: the
rows below are what the ingest would store for the games described in the comments.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from pipeline import models
from pipeline.tables import TableRows
from pipeline.warehouse import Warehouse, connect
from pipeline.worker import FileResult
from tests.warehouse_rows import written_by_hand

D = Decimal


def gid(name: str) -> str:
    """A game ID as the warehouse keeps them (16 hex digits), from a short name used in the cases."""
    return hashlib.blake2b(name.encode(), digest_size=8).hexdigest()


def build(root: Path, rows: TableRows) -> Warehouse:
    """Store ``rows`` as one ingested file and build every model over them."""
    tables = written_by_hand(rows)
    games = tables.get(("games", next((g for t, g in tables if t == "games"), "")))
    result = FileResult("cases.txt", hashlib.blake2b(repr(sorted(tables)).encode(), digest_size=16).hexdigest(), 1)
    result.tables = tables
    result.count_games = 0 if games is None else games.num_rows
    store = Warehouse(root).open()
    store.commit([result])
    models.build(store)
    return store


def query(store: Warehouse, sql: str, **params) -> list[dict]:
    with connect(store.root) as con:
        return con.sql(sql, params=params or None).pl().to_dicts()


def audit(store: Warehouse, name: str) -> int:
    return models.run_audits(store)[name]


def add_game(rows: TableRows, game: str, game_id: str, nets: dict[str, str], *, club: str | None = None,
             played_at: datetime | None = None, currency: str | None = None, is_tournament: bool = False,
             site: str | None = None) -> None:
    game_id = gid(game_id)
    rows.add("games", game, game_id=game_id, source_file="cases.txt", first_line=1, last_line=1,
             played_at=played_at, club=club, count_players=len(nets), count_errors=0, count_warnings=0,
             currency=currency, is_tournament=is_tournament, site=site)
    for seat, (player, net) in enumerate(nets.items(), 1):
        rows.add("game_players", game, game_id=game_id, player=player, seat=seat, net=D(net))


# ------------------------------------------------------------------ Hold'em: big blind of zero


def holdem_result(rows: TableRows, game_id: str, player: str, *, net: str, big_blind: str, stakes: str,
                  invested: str = "0", collected: str = "0", rake: str = "0", cash_out: str = "0",
                  total_pot: str | None = None, position: str = "BTN", seat: int = 1, stack_start: str = "100",
                  betting: str = "no_limit", currency: str = "USD", is_tournament: bool = False,
                  count_players: int = 2) -> None:
    rows.add("holdem_results", "holdem", game_id=gid(game_id), hand_id=game_id, player=player, seat=seat,
             position=position, stack_start=D(stack_start), invested=D(invested), collected=D(collected), net=D(net),
             net_showdown=D(0), allin_ev_net=D(net), saw_flop=False, saw_turn=False, saw_river=False,
             went_to_showdown=False, won_at_showdown=False, is_walk=False, small_blind=D(0),
             big_blind=D(big_blind), stakes=stakes, betting=betting, currency=currency, is_tournament=is_tournament,
             max_seats=6, count_players=count_players, rake=D(rake), cash_out=D(cash_out),
             total_pot=None if total_pot is None else D(total_pot))    # null: not stated (a pot of 0 is a cancelled hand)


def test_holdem_zero_big_blind_builds_and_is_flagged_by_its_audit(warehouse):
    # A home game at "0/0": Anna wins 2 from Boris. Before the guard, net / 0 gave inf and the
    # cast to decimal failed the whole build. A normal hand at 0.50/1 beside it: Anna +3.
    rows = TableRows()
    add_game(rows, "holdem", "h0", {"Anna": "2", "Boris": "-2"})
    holdem_result(rows, "h0", "Anna", net="2", big_blind="0", stakes="0/0 USD")
    holdem_result(rows, "h0", "Boris", net="-2", big_blind="0", stakes="0/0 USD", seat=2, position="BB")
    add_game(rows, "holdem", "h1", {"Anna": "3", "Boris": "-3"})
    holdem_result(rows, "h1", "Anna", net="3", big_blind="1", stakes="0.50/1 USD")
    holdem_result(rows, "h1", "Boris", net="-3", big_blind="1", stakes="0.50/1 USD", seat=2, position="BB")
    store = build(warehouse, rows)
    anna = {r["stakes"]: r for r in query(store, "select * from player_stats_holdem where player = 'Anna'")}
    assert (anna["0/0 USD"]["net_won"], anna["0/0 USD"]["count_bb_hands"], anna["0/0 USD"]["bb_per_100"]) == (
        D(2), 0, None)
    # 3 big blinds in 1 hand: 300 bb/100
    assert (anna["0.50/1 USD"]["count_bb_hands"], anna["0.50/1 USD"]["bb_per_100"]) == (1, D("300.00"))
    assert audit(store, "holdem_big_blind_positive") == 1


# ------------------------------------------------------------------ Hold'em: cash-outs


def cash_out_hand(rows: TableRows, *, player1_collects: str, player3_cash_out: str) -> None:
    """PokerStars hand 257180854570 ($0.05/$0.10, 6-max): Player1 and Player3 all in for $13.53 each
    on the turn, Hero posted $0.05 and Player5 $0.10; pot $27.21, rake $1.25. Player1 collects $25.96,
    Player3 (who lost) had cashed out the hand: the room pays him $22.77, not from the pot.
    Nets: Player1 25.96 − 13.53 = +12.43; Player3 22.77 − 13.53 = +9.24; Hero −0.05; Player5 −0.10."""
    add_game(rows, "holdem", "co", {})
    hand = {"big_blind": "0.10", "stakes": "0.05/0.10 USD", "rake": "1.25", "total_pot": "27.21", "count_players": 6}
    collected1, cash3 = D(player1_collects), D(player3_cash_out)
    holdem_result(rows, "co", "Player1", net=str(collected1 - D("13.53")), invested="13.53",
                  collected=str(collected1), seat=1, **hand)
    holdem_result(rows, "co", "Player2", net="0", seat=2, **hand)
    holdem_result(rows, "co", "Player3", net=str(cash3 - D("13.53")), invested="13.53", collected=str(cash3),
                  cash_out=str(cash3), seat=3, **hand)
    holdem_result(rows, "co", "Hero", net="-0.05", invested="0.05", seat=4, **hand)
    holdem_result(rows, "co", "Player5", net="-0.10", invested="0.10", seat=5, **hand)
    holdem_result(rows, "co", "Player6", net="0", seat=6, **hand)


def test_holdem_chips_balance_sets_the_rooms_cash_out_apart(warehouse):
    # +12.43 + 9.24 − 0.05 − 0.10 + rake 1.25 = 22.77: exactly what the room paid, so the hand balances.
    rows = TableRows()
    cash_out_hand(rows, player1_collects="25.96", player3_cash_out="22.77")
    store = build(warehouse, rows)
    assert sum(r["net"] for r in query(store, "select net from stg_holdem_results")) == D("21.52")
    assert audit(store, "holdem_chips_balance") == 0


def test_holdem_chips_balance_still_catches_chips_that_vanish_beside_a_cash_out(warehouse):
    # Player1 "collects" $35.00 of a $25.96 pot after rake: 9.04 more came out than went in.
    # (Chips may go missing in a hand with a cash-out, up to the pot after rake: a pot won by a player
    # who cashed out is not awarded. Chips may never appear from nowhere.)
    rows = TableRows()
    cash_out_hand(rows, player1_collects="35.00", player3_cash_out="22.77")
    store = build(warehouse, rows)
    assert audit(store, "holdem_chips_balance") == 1


# ------------------------------------------------------------------ Hold'em: Limit and No Limit at one label


def limit_and_no_limit_at_one_label() -> TableRows:
    """888poker's play money labels two tables "1/2": a Limit one with blinds of 0.50/1 (its bets are
    1/2) and a No Limit one with blinds of 1/2. Borr wins 3 in the Limit hand and loses 4 in the No
    Limit one, 2 March 2026, ten minutes apart (one sitting)."""
    rows = TableRows()
    for hand, betting, big_blind, net, minute in (("fl", "limit", "1", "3", 0), ("nl", "no_limit", "2", "-4", 10)):
        add_game(rows, "holdem", hand, {"Borr": net, "Vera": str(-D(net))}, currency="chips", site="888poker",
                 played_at=datetime(2026, 3, 2, 20, minute))
        holdem_result(rows, hand, "Borr", net=net, big_blind=big_blind, stakes="1/2", betting=betting,
                      currency="chips")
        holdem_result(rows, hand, "Vera", net=str(-D(net)), big_blind=big_blind, stakes="1/2", betting=betting,
                      currency="chips", seat=2, position="BB")
    return rows


def test_holdem_limit_and_no_limit_at_one_stakes_label_are_rows_apart(warehouse, dashboard_db):
    # Limit: 3 big blinds of 1 in 1 hand, 300 bb/100; No Limit: −4 is 2 big blinds of 2, −200 bb/100.
    # One row of both said 2 hands, net −1 and 50 bb/100 ((3 − 2) big blinds in 2 hands): neither table's.
    from dashboards import queries as q

    store = build(warehouse, limit_and_no_limit_at_one_label())
    figures = [(r["stakes"], r["betting"], r["count_hands"], r["net_won"], r["bb_per_100"]) for r in query(
        store, "select * from player_stats_holdem where player = 'Borr' order by betting")]
    assert figures == [("1/2", "limit", 1, D(3), D("300.00")), ("1/2", "no_limit", 1, D(-4), D("-200.00"))]
    for mart in ("player_stats_holdem_by_day", "holdem_report_positions", "holdem_report_stack_depths"):
        assert query(store, f"select betting, net_won from {mart} where player = 'Borr' order by betting") == [
            {"betting": "limit", "net_won": D(3)}, {"betting": "no_limit", "net_won": D(-4)}], mart
    assert query(store, "select stakes from holdem_sessions where player = 'Borr'") == [
        {"stakes": "Limit 1/2, No Limit 1/2"}]
    # the pages offer the two as two stakes, and each choice keeps its own hand
    db = dashboard_db(store)
    labels = q.holdem_stakes(db, "Borr", False, "chips")
    assert labels == ["Limit 1/2", "No Limit 1/2"] == q.hand_choices(db, "Borr")["stakes"]
    rows = q.holdem_stats(db, "Borr", is_tournament=False, currency="chips").to_dicts()
    assert [(r["betting"], r["count_hands"], r["bb_per_100"]) for r in rows] == [
        ("limit", 1, D("300.00")), ("no_limit", 1, D("-200.00"))]
    limit = q.holdem_stats(db, "Borr", is_tournament=False, currency="chips", stakes="Limit 1/2").to_dicts()
    assert [(r["betting"], r["net_won"]) for r in limit] == [("limit", D(3))]
    assert q.holdem_winnings(db, "Borr", "No Limit 1/2", None, None, None, False,
                             currency="chips")["won"].to_list() == [D(-4)]
    report = q.holdem_report(db, "position", "Borr", "chips", None, None, ("Limit 1/2",), ()).to_dicts()
    assert [(r["count_hands"], r["net_won"], r["bb_per_100"]) for r in report] == [(1, D(3), D("300.00"))]
    hands = q.hand_page(db, "Borr", None, None, ("No Limit 1/2",), (), (), (), None, None, None, "Newest first", 1, 10)
    assert hands.select("stakes", "net").rows() == [("No Limit 1/2", D(-4))]


def test_hand_list_stack_depth_holds_each_lower_bound_as_the_docs_say(warehouse):
    # Stacks of 19.99, 20, 40, 60, 100 and 150 big blinds of 1: each bound opens the bucket above it,
    # so the usual full buy-in, 100 bb, is 100-150; the page on the warehouse says the same.
    import re

    rows = TableRows()
    stacks = {"19.99": "<20", "20": "20-40", "40": "40-60", "60": "60-100", "100": "100-150", "150": "150+"}
    for hand, stack in enumerate(stacks):
        add_game(rows, "holdem", f"s{hand}", {"Anna": "0"})
        holdem_result(rows, f"s{hand}", "Anna", net="0", big_blind="1", stakes="0.50/1 USD", stack_start=stack)
    store = build(warehouse, rows)
    found = {r["stack_start"]: r["stack_depth"] for r in query(store, "select stack_start, stack_depth from hand_list")}
    assert found == {D(stack): depth for stack, depth in stacks.items()}
    page = " ".join((Path(__file__).parents[1] / "docs" / "warehouse.md").read_text(encoding="utf-8").split())
    said = re.search(r"exactly 100 big blinds, the usual full buy-in, is `(.+?)`, and 20, 40, 60 and 150 big "
                     r"blinds are `(.+?)`, `(.+?)`, `(.+?)` and `(.+?)`", page)
    assert said and list(said.groups()) == [stacks[s] for s in ("100", "20", "40", "60", "150")]



def test_hand_list_stack_in_big_blinds_agrees_with_its_bucket_at_the_bounds(warehouse):
    # Big blind 0.07: stacks of 1.40, 4.20 and 7.00 are exactly 20, 60 and 100 big blinds; big
    # blind 0.17: 10.20 is exactly 60. Each is in the bucket its bound opens, and reads as that bound,
    # so "stack_big_blinds >= 100" keeps the hands the 100-150 bucket counts.
    rows = TableRows()
    stacks = {("1.40", "0.07"): (20, "20-40"), ("4.20", "0.07"): (60, "60-100"),
              ("7.00", "0.07"): (100, "100-150"), ("10.20", "0.17"): (60, "60-100")}
    for hand, (stack, big_blind) in enumerate(stacks):
        add_game(rows, "holdem", f"b{hand}", {"Anna": "0"})
        holdem_result(rows, f"b{hand}", "Anna", net="0", big_blind=big_blind, stakes=f"0.01/{big_blind} USD",
                      stack_start=stack)
    store = build(warehouse, rows)
    found = {(str(r["stack_start"]), str(r["big_blind"])): (r["stack_big_blinds"], r["stack_depth"])
             for r in query(store, "select stack_start, big_blind, stack_big_blinds, stack_depth from hand_list")}
    assert found == {key: (D(in_bb), depth) for key, (in_bb, depth) in stacks.items()}
    (deep,) = query(store, "select count(*) as n from hand_list where stack_big_blinds >= 100")
    assert deep["n"] == 1

# ------------------------------------------------------------------ Hold'em decisions

SEATS = {"Anna": (1, "BTN"), "Boris": (2, "SB"), "Vera": (3, "BB")}


def holdem_actions(rows: TableRows, game_id: str, actions: list[tuple], closed_to: tuple[int, ...] = ()) -> None:
    """``actions``: (street, player, action, amount, to_call, bet_level, is_all_in), numbered in order.
    ``closed_to``: the numbers of the decisions the betting was not reopened to (``is_reopened``, the
    replay's ruling, which rows written by hand state)."""
    for action_no, (street, player, action, amount, to_call, bet_level, is_all_in) in enumerate(actions):
        seat, position = SEATS[player]
        decision = action in ("fold", "check", "call", "bet", "raise")
        rows.add("holdem_actions", "holdem", game_id=gid(game_id), hand_id=game_id, action_no=action_no,
                 street=street, player=player, seat=seat, position=position, action=action,
                 amount=None if amount is None else D(amount), to_call=None if to_call is None else D(to_call),
                 bet_level=bet_level, is_all_in=is_all_in, is_voluntary=action in ("call", "bet", "raise"),
                 line=action_no + 1, is_reopened=action_no not in closed_to if decision else None)


def three_handed_results(rows: TableRows, game_id: str, results: dict[str, tuple[str, str, str, str]],
                         betting: str = "no_limit", currency: str = "USD", is_tournament: bool = False) -> None:
    """``results``: player -> (stack_start, invested, collected, net)."""
    add_game(rows, "holdem", game_id, {player: net for player, (_, _, _, net) in results.items()})
    for player, (stack, invested, collected, net) in results.items():
        seat, position = SEATS[player]
        holdem_result(rows, game_id, player, net=net, invested=invested, collected=collected, big_blind="1",
                      stakes="0.50/1 USD", total_pot=str(sum(D(put_in) for _, put_in, _, _ in results.values())), seat=seat, position=position, stack_start=stack,
                      betting=betting, count_players=len(results))


def test_holdem_three_bet_chance_needs_betting_reopened_to_the_player(warehouse):
    # 0.50/1. Anna (BTN, 100) limps for 1; Boris (SB, 1.50 in all) raises all-in to 1.50: a raise of
    # 0.50, short of the full 1, yet a raise level (the 2-bet) as PokerTracker 4 counts it. Vera (BB)
    # has not acted: she may re-raise, so she has a 3-bet chance (she calls). Anna has acted and faces
    # 0.50 more, less than a full raise: the betting is not reopened to her, no 3-bet chance.
    # Boris shows down and wins the 4.50: Boris +3, Anna −1.50, Vera −1.50.
    rows = TableRows()
    holdem_actions(rows, "ra", [
        ("preflop", "Boris", "post_sb", "0.50", None, 0, False),
        ("preflop", "Vera", "post_bb", "1", None, 0, False),
        ("preflop", "Anna", "call", "1", "1", 1, False),
        ("preflop", "Boris", "raise", "1", "0.50", 1, True),
        ("preflop", "Vera", "call", "0.50", "0.50", 2, False),
        ("preflop", "Anna", "call", "0.50", "0.50", 2, False),
    ], closed_to=(5,))      # Anna's second call: Boris's 0.50 is short of the big blind's 1
    three_handed_results(rows, "ra", {"Anna": ("100", "1.50", "0", "-1.50"), "Boris": ("1.50", "1.50", "4.50", "3"),
                                      "Vera": ("100", "1.50", "0", "-1.50")})
    store = build(warehouse, rows)
    could_raise = [(r["player"], r["could_raise"]) for r in query(
        store, "select player, could_raise from int_holdem_decisions order by action_no")]
    assert could_raise == [("Anna", True), ("Boris", True), ("Vera", True), ("Anna", False)]
    chances = {r["player"]: r["count_three_bet_opportunities"] for r in query(
        store, "select player, count_three_bet_opportunities from player_stats_holdem")}
    assert chances == {"Anna": 0, "Boris": 0, "Vera": 1}


@pytest.mark.parametrize("betting, anna_could_raise", [("limit", True), ("no_limit", False)])
def test_holdem_half_a_bet_all_in_reopens_the_betting_in_limit_only(warehouse, betting, anna_could_raise):
    # 0.50/1. Anna (BTN) raises to 2 (by 1, a full bet), Boris (SB) calls, Vera (BB, 2.50 in all) goes
    # all-in to 2.50: a raise by 0.50. In Limit half a bet counts as a full raise and reopens the
    # betting, so Anna may raise again; in No Limit it is short, and Anna may only call or fold.
    rows = TableRows()
    holdem_actions(rows, "lim", [
        ("preflop", "Boris", "post_sb", "0.50", None, 0, False),
        ("preflop", "Vera", "post_bb", "1", None, 0, False),
        ("preflop", "Anna", "raise", "2", "1", 1, False),
        ("preflop", "Boris", "call", "1.50", "1.50", 2, False),
        ("preflop", "Vera", "raise", "1.50", "1", 2, True),
        ("preflop", "Anna", "call", "0.50", "0.50", 3, False),
        ("preflop", "Boris", "call", "0.50", "0.50", 3, False),
    ], closed_to=() if betting == "limit" else (5, 6))     # 2 × 0.50 ≥ Limit's 1; 0.50 < No Limit's raise by 1
    three_handed_results(rows, "lim", {"Anna": ("100", "2.50", "7.50", "5"), "Boris": ("100", "2.50", "0", "-2.50"),
                                       "Vera": ("2.50", "2.50", "0", "-2.50")}, betting=betting)
    store = build(warehouse, rows)
    could_raise = [r["could_raise"] for r in query(
        store, "select could_raise from int_holdem_decisions where action_no >= 5 order by action_no")]
    assert could_raise == [anna_could_raise, anna_could_raise]


def test_holdem_fold_to_cbet_chance_is_never_the_cbettors_own(warehouse):
    # 0.50/1. Anna (BTN) raises to 3, Boris folds, Vera (BB, 8 in all) calls. Flop: Vera checks, Anna
    # c-bets 4, Vera raises all-in to 5: 1 more, short of a full raise, so the level stays 1 (the c-bet).
    # Anna calls the 1 at level 1: she faced no c-bet (it was hers), and could not re-raise.
    # Vera faced the c-bet (and raised): her fold-to-c-bet chance. Anna wins the 16.50:
    # Anna +8.50, Vera −8, Boris −0.50.
    rows = TableRows()
    holdem_actions(rows, "cb", [
        ("preflop", "Boris", "post_sb", "0.50", None, 0, False),
        ("preflop", "Vera", "post_bb", "1", None, 0, False),
        ("preflop", "Anna", "raise", "3", "1", 1, False),
        ("preflop", "Boris", "fold", None, "0.50", 2, False),
        ("preflop", "Vera", "call", "2", "2", 2, False),
        ("flop", "Vera", "check", None, "0", 0, False),
        ("flop", "Anna", "bet", "4", "0", 0, False),
        ("flop", "Vera", "raise", "5", "4", 1, True),
        ("flop", "Anna", "call", "1", "1", 1, False),
    ], closed_to=(8,))      # Vera's 1 more is short of Anna's bet of 4
    three_handed_results(rows, "cb", {"Anna": ("100", "8", "16.50", "8.50"), "Boris": ("100", "0.50", "0", "-0.50"),
                                      "Vera": ("8", "8", "0", "-8")})
    store = build(warehouse, rows)
    stats = {r["player"]: r for r in query(store, "select * from player_stats_holdem")}
    assert (stats["Anna"]["count_cbet_flop_opportunities"], stats["Anna"]["count_cbet_flop"]) == (1, 1)
    assert stats["Anna"]["count_fold_to_cbet_flop_opportunities"] == 0
    assert (stats["Vera"]["count_fold_to_cbet_flop_opportunities"], stats["Vera"]["count_fold_to_cbet_flop"]) == (1, 0)
    (anna_call,) = query(store, "select could_raise from int_holdem_decisions where action_no = 8")
    assert anna_call["could_raise"] is False


# ------------------------------------------------------------------ leaderboards


def test_leaderboard_ranks_raspisnoy_logs_and_sheets_as_one_game(warehouse):
    # Tverskaya, March 2026. Log L: Anna 30, Boris 10, Vera −5 (places 1, 2, 3).
    # Sheet S: Anna 0, Boris 50, Vera 20 (places 3, 1, 2).
    # One game: Boris 60 (2 games, 1 win, average place 1.5) rank 1; Anna 30 (1 win, 2.0) rank 2;
    # Vera 15 (0 wins, 2.5) rank 3. As two games, Anna was first in one table and last in the other.
    rows = TableRows()
    march = datetime(2026, 3, 5, 20)
    add_game(rows, "raspisnoy", "L", {"Anna": "30", "Boris": "10", "Vera": "-5"}, club="Tverskaya", played_at=march)
    add_game(rows, "raspisnoy_sheet", "S", {"Anna": "0", "Boris": "50", "Vera": "20"}, club="Tverskaya",
             played_at=march)
    store = build(warehouse, rows)
    board = query(store, "select * from leaderboard where season_kind = 'month' order by rank")
    assert [(r["game"], r["player"], r["rank"], r["count_games"], r["net"], r["count_wins"], r["avg_placement"])
            for r in board] == [
        ("raspisnoy", "Boris", 1, 2, D(60), 1, 1.5),
        ("raspisnoy", "Anna", 2, 2, D(30), 1, 2.0),
        ("raspisnoy", "Vera", 3, 2, D(15), 0, 2.5),
    ]
    merged = query(store, "select player, rank, total_points from leaderboard_raspisnoy "
                          "where season_kind = 'month' order by rank")
    assert [(r["player"], r["rank"], r["net"]) for r in board] == [
        (r["player"], r["rank"], r["total_points"]) for r in merged]


def test_leaderboard_places_nobody_in_a_six_card_session(warehouse):
    # Anna's two six-card sessions against the house: −10 and +75. Alone in each, she was "first"
    # in both; a house game has no placement, so no average place, and is won by its net above
    # zero: one win (+75), as the Player review counts it.
    rows = TableRows()
    add_game(rows, "sixcard", "s1", {"Anna": "-10"})
    add_game(rows, "sixcard", "s2", {"Anna": "75"})
    add_game(rows, "chinese", "c1", {"Anna": "4", "Boris": "0", "Vera": "-4"})
    store = build(warehouse, rows)
    games = query(store, "select game, placement, is_win from int_player_games where player = 'Anna' order by game")
    assert [(r["game"], r["placement"], r["is_win"]) for r in games] == [
        ("chinese", 1, True), ("sixcard", None, False), ("sixcard", None, True)]
    (six,) = query(store, "select * from leaderboard where game = 'sixcard' and season_kind = 'all'")
    assert (six["club"], six["count_games"], six["net"], six["count_wins"], six["avg_placement"]) == (
        "(no club)", 2, D(65), 1, None)


@pytest.fixture()
def dashboard_db(monkeypatch):
    """The dashboards' connection to the warehouse a test built (call it with the store)."""
    from dashboards import queries as q

    def open_db(store: Warehouse):
        monkeypatch.setenv(q.WAREHOUSE_ENV, str(store.root))
        q.release()
        return q.database()

    yield open_db
    q.release()


def test_player_headline_counts_a_six_card_session_won_by_its_net(warehouse, dashboard_db):
    # Anna alone against the house in three sessions: −10, +75, +5. Won: the two above zero, not all
    # three; no place. Her Chinese game against Boris and Vera (+4, 0, −4) is ranked: first, one win.
    from dashboards import queries as q

    rows = TableRows()
    for game_id, net in (("s1", "-10"), ("s2", "75"), ("s3", "5")):
        add_game(rows, "sixcard", game_id, {"Anna": net})
    add_game(rows, "chinese", "c1", {"Anna": "4", "Boris": "0", "Vera": "-4"})
    headlines = q.player_headlines(dashboard_db(build(warehouse, rows)), "Anna", None, None, None)
    assert [(r["game"], r["count_games"], r["net"], r["count_wins"], r["avg_placement"])
            for r in headlines.to_dicts()] == [("chinese", 1, D(4), 1, 1.0), ("sixcard", 3, D(70), 2, None)]


def test_player_headline_counts_a_holdem_hand_won_by_its_chips(warehouse, dashboard_db):
    # Hero's three EUR cash hands: a pot won (+1.20), a pot lost (-0.50), and a raked split pot he
    # folded without a chip in (0; the two who split it -0.01 and 0, the other caller -0.10). Nobody
    # is above zero in the third, so Hero ties for first there, but won no chip: 1 hand won of 3, not
    # 2. His places are 1, 2, 1: the average place keeps the ranking, 4 / 3 (an average, never rounded).
    from dashboards import queries as q

    rows = TableRows()
    add_game(rows, "holdem", "h1", {"Hero": "1.20", "Oswood": "-1.20"}, currency="EUR")
    add_game(rows, "holdem", "h2", {"Hero": "-0.50", "Oswood": "0.50"}, currency="EUR")
    add_game(rows, "holdem", "h3", {"Hero": "0", "Oswood": "-0.01", "PokerMill": "0", "andi": "-0.10"},
             currency="EUR")
    headlines = q.player_headlines(dashboard_db(build(warehouse, rows)), "Hero", None, None, None)
    assert [(r["game"], r["currency"], r["count_games"], r["net"], r["count_wins"], r["avg_placement"])
            for r in headlines.to_dicts()] == [("holdem", "EUR", 3, D("0.70"), 1, 4 / 3)]


# ------------------------------------------------------------------ Chinese poker


def chinese_player(rows: TableRows, game_id: str, player: str, scoring: str, points: str) -> None:
    rows.add("chinese_players", "chinese", game_id=gid(game_id), player=player, variant="classic", scoring=scoring,
             status="set", is_foul=False, royalty=D(0), royalty_back=D(0), royalty_middle=D(0),
             royalty_front=D(0), points=D(points), count_opponents=1)


def test_player_stats_chinese_keeps_the_scoring_systems_apart(warehouse):
    # Anna: one hand under 2-4 (+4) and two under 1-6 (+12, +6). Per hand: 4 under 2-4, 9 under 1-6;
    # mixed, the mart once said 22 / 3 = 7.33 on no scale at all.
    rows = TableRows()
    for game_id, scoring, anna in (("c1", "2-4", "4"), ("c2", "1-6", "12"), ("c3", "1-6", "6")):
        add_game(rows, "chinese", game_id, {"Anna": anna, "Boris": str(-D(anna))})
        chinese_player(rows, game_id, "Anna", scoring, anna)
        chinese_player(rows, game_id, "Boris", scoring, str(-D(anna)))
    store = build(warehouse, rows)
    anna = {r["scoring"]: r for r in query(store, "select * from player_stats_chinese where player = 'Anna'")}
    assert set(anna) == {"1-6", "2-4"}
    assert (anna["2-4"]["count_hands"], anna["2-4"]["points_per_hand"]) == (1, D("4.0000"))
    assert (anna["1-6"]["count_hands"], anna["1-6"]["total_points"], anna["1-6"]["points_per_hand"]) == (
        2, D(18), D("9.0000"))


def test_player_stats_chinese_keeps_each_room_apart(warehouse):
    # Anna, 1-6 scoring: +12 in a home game (no room), +6 and −3 at PokerStars. Two accounts: the home
    # name 1 hand, 12 points; the PokerStars one 2 hands, 3 points, 1.5 a hand. Unlinked, the room
    # names her there only when the name is in two rooms: here it is one room, so both rows are Anna's.
    rows = TableRows()
    for game_id, site, anna in (("k1", None, "12"), ("k2", "PokerStars", "6"), ("k3", "PokerStars", "-3")):
        add_game(rows, "chinese", game_id, {"Anna": anna, "Boris": str(-D(anna))}, site=site)
        chinese_player(rows, game_id, "Anna", "1-6", anna)
        chinese_player(rows, game_id, "Boris", "1-6", str(-D(anna)))
    store = build(warehouse, rows)
    anna = {r["site"]: r for r in query(store, "select * from player_stats_chinese where player = 'Anna'")}
    assert {site: (r["person"], r["count_hands"], r["total_points"], r["points_per_hand"])
            for site, r in anna.items()} == {
        None: ("Anna", 1, D(12), D("12.0000")), "PokerStars": ("Anna", 2, D(3), D("1.5000"))}


def test_chinese_stats_follow_the_pages_dates_club_and_room(warehouse, dashboard_db):
    # Anna, 1-6 scoring:
    #   d1  1 November  club Friday  no room      +12
    #   d2  2 November  —            PokerStars   −6
    #   d3  2 November  —            PokerStars   +3
    # All: 3 hands, 9 points, 3 a hand. 2 November: 2 hands, −3, −1.5 a hand. Friday: d1 alone.
    # PokerStars: d2 and d3. (Unlinked, the name is one person in every room.)
    from datetime import date

    from dashboards import queries as q

    rows = TableRows()
    for game_id, day, club, site, anna in (("d1", 1, "Friday", None, "12"), ("d2", 2, None, "PokerStars", "-6"),
                                           ("d3", 2, None, "PokerStars", "3")):
        add_game(rows, "chinese", game_id, {"Anna": anna, "Boris": str(-D(anna))}, site=site, club=club,
                 played_at=datetime(2026, 11, day, 20))
        chinese_player(rows, game_id, "Anna", "1-6", anna)
        chinese_player(rows, game_id, "Boris", "1-6", str(-D(anna)))
    db = dashboard_db(build(warehouse, rows))
    shape = ("names", "count_hands", "total_points", "points_per_hand")
    assert [tuple(r[c] for c in shape) for r in q.chinese_stats(db, "Anna").to_dicts()] == [
        ("Anna, Anna (PokerStars)", 3, D(9), D("3.0000"))]
    day = q.chinese_stats(db, "Anna", start=date(2026, 11, 2), end=date(2026, 11, 2)).to_dicts()
    assert [tuple(r[c] for c in shape) for r in day] == [("Anna (PokerStars)", 2, D(-3), D("-1.5000"))]
    club = q.chinese_stats(db, "Anna", club="Friday").to_dicts()
    assert [tuple(r[c] for c in shape) for r in club] == [("Anna", 1, D(12), D("12.0000"))]
    room = q.chinese_stats(db, "Anna", site="PokerStars", per_account=True).to_dicts()
    assert [(r["player"], r["site"], r["count_hands"], r["total_points"]) for r in room] == [
        ("Anna", "PokerStars", 2, D(-3))]


# ------------------------------------------------------------------ six-card poker


def sixcard_box(rows: TableRows, game_id: str, player: str, hand_no: int, box: int, cards: str,
                category: str | None, ev_lost: str | None) -> None:
    rows.add("sixcard_boxes", "sixcard", game_id=gid(game_id), player=player, hand_no=hand_no, box=box, count_boxes=1,
             ante=D(10), bet=D(20), folded=False, bought_dealer_game=False, cards=cards, category=category,
             outcome="win", costs=D(0), net=D(0), wagered=D(30), returned=D(30),
             ev_lost=None if ev_lost is None else D(ev_lost))


def test_player_stats_sixcard_ev_lost_per_hand_counts_analysed_hands_only(warehouse):
    # Anna, one session of three hands. Hand 1: 0.50 lost; hand 2: not analysed; hand 3: box 1 lost
    # 1.00, box 2 not analysed. 1.50 over the two analysed hands = 0.75 (not 1.50 / 3 = 0.50).
    # Boris: one hand, never analysed: nothing is known of his EV, so neither figure is 0.
    rows = TableRows()
    add_game(rows, "sixcard", "s1", {"Anna": "0"})
    sixcard_box(rows, "s1", "Anna", 1, 1, "Kc Kd 8h 6s 4d", "pair", "0.50")
    sixcard_box(rows, "s1", "Anna", 2, 1, "Ah Jd 7c 8s 6d", "high card", None)
    sixcard_box(rows, "s1", "Anna", 3, 1, "Ah Ad 9h 7s 4c 2d", "pair", "1.00")
    sixcard_box(rows, "s1", "Anna", 3, 2, "2h 3d 5c 9s Jd", "high card", None)
    add_game(rows, "sixcard", "s2", {"Boris": "0"})
    sixcard_box(rows, "s2", "Boris", 1, 1, "Qh Qd Qc 4h 4d", "full house", None)
    store = build(warehouse, rows)
    stats = {r["player"]: r for r in query(store, "select * from player_stats_sixcard")}
    anna, boris = stats["Anna"], stats["Boris"]
    assert (anna["count_hands"], anna["count_hands_analysed"], anna["count_boxes_analysed"]) == (3, 2, 2)
    assert anna["ev_lost_total"] == D("1.5000")
    assert float(anna["ev_lost_per_hand"]) == pytest.approx(0.75)
    assert (boris["count_hands_analysed"], boris["ev_lost_total"], boris["ev_lost_per_hand"]) == (0, None, None)


def test_sixcard_category_frequencies_one_distribution_per_player(warehouse):
    # Anna's boxes: two of 5 cards (a pair, ace high), one of 6 cards after a buy (a pair): pairs 2 of 3.
    # The deal alone at her mix of sizes: pair (2 × 1,098,240 / 2,598,960 + 9,730,740 / 20,358,520) / 3.
    # One row per category, so a chart by category cannot stack the 5- and 6-card rows on each other.
    rows = TableRows()
    add_game(rows, "sixcard", "s1", {"Anna": "0"})
    sixcard_box(rows, "s1", "Anna", 1, 1, "Kc Kd 8h 6s 4d", "pair", None)
    sixcard_box(rows, "s1", "Anna", 2, 1, "Ah Jd 7c 8s 6d", "high card", None)
    sixcard_box(rows, "s1", "Anna", 3, 1, "Ah Ad 9h 7s 4c 2d", "pair", None)
    store = build(warehouse, rows)
    frequencies = query(store, "select * from sixcard_category_frequencies where player = 'Anna'")
    assert len(frequencies) == 10 == len({r["category"] for r in frequencies})
    by_category = {r["category"]: r for r in frequencies}
    pair, high = by_category["pair"], by_category["high card"]
    assert (pair["count_boxes"], pair["count_player_boxes"], pair["observed_rate"]) == (2, 3, pytest.approx(2 / 3))
    assert high["observed_rate"] == pytest.approx(1 / 3) and by_category["flush"]["observed_rate"] == 0
    assert pair["exact_probability"] == pytest.approx((2 * 1_098_240 / 2_598_960 + 9_730_740 / 20_358_520) / 3)
    assert high["exact_probability"] == pytest.approx((2 * 1_302_540 / 2_598_960 + 6_612_900 / 20_358_520) / 3)
    assert sum(r["exact_probability"] for r in frequencies) == pytest.approx(1.0)
    assert sum(r["observed_rate"] for r in frequencies) == pytest.approx(1.0)
