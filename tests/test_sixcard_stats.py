"""Six-card marts against hand-worked sessions, every column: player_stats_sixcard and its sums by day,
sixcard_category_frequencies and its boxes by day."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal

import pyarrow.parquet as pq
import pytest

from pipeline import models
from pipeline.ingest import ingest
from pipeline.manifest import EMPTY_PARTITION, MANIFEST_FILE
from pipeline.warehouse import Warehouse, connect
from tests import formats_examples
from tests.conftest import warehouse_of_pages
from tests.worked_marts import assert_worked

FORMATS_EXAMPLE = formats_examples.SIXCARD

DEALER_BUY = """Six-card poker session S-78
Date: 2026-11-29 21:00
Casino: Metropol
Player: Anna

Hand 1
Dealer up: Qs
Box 1: ante 10 [2h 2d 2c 5s 3d]; plays 20
Box 2: ante 10 [Ah Jd 7c 8s 6d]; plays 20
Dealer: [Kh 9c Td 4s Qs]
Box 1 buys dealer game: Kh for 9h
Result: box 1 +60, box 2 +10

Hand 2
Dealer up: Qs
Box 1: ante 5 [2h 2d 7c 5s 3d]; plays 10
Dealer: [Kh 9c Td 4s Qs]
Result: box 1 +5
"""

# Boris plays a full house and takes the ante from a dealer without a game instead of buying it.
TAKES_ANTE = """Six-card poker session S-79
Player: Boris

Hand 1
Dealer up: 2s
Box 1: ante 10 [Qh Qd Qc 4h 4d]; plays 20
Dealer: [Ks 9h 7d 3c 2s]
Result: box 1 +10
"""


@pytest.fixture(scope="module")
def six_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("six")
    (root / "a.txt").write_text(FORMATS_EXAMPLE, encoding="utf-8")
    (root / "b.txt").write_text(DEALER_BUY, encoding="utf-8")
    (root / "c.txt").write_text(TAKES_ANTE, encoding="utf-8")
    ingest([root / "a.txt", root / "b.txt", root / "c.txt"], root / "wh", jobs=1)
    audits = models.run_audits(Warehouse(root / "wh"))
    assert {name: rows for name, rows in audits.items() if name.startswith("sixcard") and rows} == {}
    return root / "wh"


@pytest.fixture(scope="module")
def con(six_root):
    with connect(six_root) as connection:
        yield connection


def stats(con):
    rows = con.sql("select * from player_stats_sixcard where player = 'Anna'").pl().to_dicts()
    assert len(rows) == 1
    return rows[0]


def test_player_stats_sixcard(con):
    # Anna, sessions S-77 and S-78; hands 1 + 2; boxes 2 + 2 + 1. Wagered (ante + bet + costs: a buy 1
    # ante, an exchange 2, the dealer's game 1): S-77 box 1 10+20+10, box 2 10+20 (folded after the
    # exchange); S-78 hand 1 box 1 10+20+10, box 2 10+20; hand 2 5+10 -> 155. Nets +20 -30 +60 +10 +5 =
    # 65; returned = wagered + net = 220, RTP 220/155. One fold, buy, exchange and dealer-game buy;
    # every box is played under the default rules, so every box and hand is analysed. No room, no
    # currency named; the house edge is empty until 'rasklad house-edge' has run.
    assert_worked(con, "player_stats_sixcard", [
        {"player": "Anna", "site": None, "person": "Anna", "currency": None, "count_sessions": 2,
         "count_hands": 3, "count_boxes": 5, "total_wagered": Decimal("155.00"), "total_net": Decimal("65.00"),
         "rtp": 1.4193548387, "count_folds": 1, "count_buys": 1, "count_exchanges": 1, "count_dealer_buys": 1,
         "count_boxes_analysed": 5, "count_hands_analysed": 3, "house_edge_perfect_play": None},
    ], where="player = 'Anna'")
    # Boris, S-79: one box, ante 10 + bet 20, a dealer without a game: the ante paid 1:1 and the bet
    # back: returned 40 of 30. Playing his full house was the best draw (nothing lost there); taking
    # the ante instead of buying the dealer's game gave away 22.8571 (test_dealer_game_ev_lost_hand_worked),
    # over his one analysed hand.
    assert_worked(con, "player_stats_sixcard", [
        {"player": "Boris", "site": None, "person": "Boris", "currency": None, "count_sessions": 1,
         "count_hands": 1, "count_boxes": 1, "total_wagered": Decimal("30.00"), "total_net": Decimal("10.00"),
         "rtp": 1.3333333333, "ev_lost_total": Decimal("22.8571"), "ev_lost_per_hand": Decimal("22.8571"),
         "count_folds": 0, "count_buys": 0, "count_exchanges": 0, "count_dealer_buys": 0,
         "count_boxes_analysed": 1, "count_hands_analysed": 1, "house_edge_perfect_play": None},
    ], where="player = 'Boris'")


def test_player_stats_sixcard_by_day(con):
    # S-77 (28 November, Metropol): box 1 wagered 40, returned 60 (ante 10 + 10, bet 20 + 20 for a
    # pair of aces over the dealer's eights); box 2 wagered 30, returned 0 (folded). S-78 (29 November):
    # trips over the dealer's bought nines: 40 wagered, 100 back (ante 10 + 10, bet 20 + 3 x 20); ace
    # high against no game: 30, 40 back; hand 2: 15, 20 back. S-79: no date, no casino.
    assert_worked(con, "player_stats_sixcard_by_day", [
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-28", "club": "Metropol",
         "currency": None, "count_sessions": 1, "count_hands": 1, "count_boxes": 2, "total_wagered": 70,
         "total_returned": 60, "total_net": -10, "count_boxes_analysed": 2, "count_hands_analysed": 1,
         "count_folds": 1, "count_buys": 1, "count_exchanges": 1, "count_dealer_buys": 0},
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-29", "club": "Metropol",
         "currency": None, "count_sessions": 1, "count_hands": 2, "count_boxes": 3, "total_wagered": 85,
         "total_returned": 160, "total_net": 75, "count_boxes_analysed": 3, "count_hands_analysed": 2,
         "count_folds": 0, "count_buys": 0, "count_exchanges": 0, "count_dealer_buys": 1},
        {"player": "Boris", "site": None, "person": "Boris", "played_on": None, "club": None,
         "currency": None, "count_sessions": 1, "count_hands": 1, "count_boxes": 1, "total_wagered": 30,
         "total_returned": 40, "total_net": 10, "count_boxes_analysed": 1, "count_hands_analysed": 1,
         "count_folds": 0, "count_buys": 0, "count_exchanges": 0, "count_dealer_buys": 0},
    ])
    # Boris's EV given away: the dealer-game decision only (see above).
    assert_worked(con, "player_stats_sixcard_by_day", [{"player": "Boris", "ev_lost_total": Decimal("22.8571")}],
                  where="player = 'Boris'")


def test_game_players_net_is_the_sessions_true_net(con):
    nets = con.execute("select player, seat, net from stg_game_players where game = 'sixcard' "
                       "and player = 'Anna' order by net").fetchall()
    assert nets == [("Anna", None, Decimal("-10.00")), ("Anna", None, Decimal("75.00"))]


def test_ev_lost_total_is_the_sum_of_every_decisions_loss(con):
    row = stats(con)
    per_decision = con.execute("""
        select sum(best - taken) from (
            select max(ev) as best, max(ev) filter (where is_taken) as taken
            from sixcard_decisions
            where game_id in (select game_id from sixcard_boxes where player = 'Anna')
            group by game_id, hand_no, box, decision_no)""").fetchall()[0][0]
    assert float(row["ev_lost_total"]) == pytest.approx(float(per_decision), abs=0.001)
    # every box of her three hands was analysed: the rate is over the three hands
    assert (row["count_hands_analysed"], row["count_boxes_analysed"]) == (3, 5)
    assert float(row["ev_lost_per_hand"]) == pytest.approx(float(row["ev_lost_total"]) / 3, abs=0.0001)
    # hand-worked: box 2 of S-77 folded a pair of kings after paying the exchange, so it lost EV
    lost = con.execute("select ev_lost from int_sixcard_boxes where hand_no = 1 and box = 2 "
                       "and cards = 'Kc 8d 6h 4s Kd'").fetchall()[0][0]
    assert lost > 0


def test_house_edge_is_joined_to_every_player(con):
    edge = con.execute("select house_edge_perfect_play from int_sixcard_house_edge").fetchall()[0][0]
    assert stats(con)["house_edge_perfect_play"] == edge


def test_results_of_sessions_against_the_house(con):
    # A session is one game against the house: won when its net is above zero, never placed. Anna:
    # S-77 -10 (lost), S-78 +75 (won): 2 sessions, +65, 1 win, no placement. Boris: S-79 +10, undated.
    assert_worked(con, "player_results", [
        {"player": "Anna", "site": None, "person": "Anna", "game": "sixcard", "is_tournament": False,
         "currency": None, "count_games": 2, "net": 65, "count_wins": 1, "avg_placement": None, "count_placed": 0,
         "first_played_at": "2026-11-28 23:40:00", "last_played_at": "2026-11-29 21:00:00"},
        {"player": "Boris", "site": None, "person": "Boris", "game": "sixcard", "is_tournament": False,
         "currency": None, "count_games": 1, "net": 10, "count_wins": 1, "avg_placement": None, "count_placed": 0,
         "first_played_at": None, "last_played_at": None},
    ])
    assert_worked(con, "player_results_by_day", [
        {"player": "Anna", "played_on": "2026-11-28", "club": "Metropol", "count_games": 1, "net": -10,
         "count_wins": 0, "count_placed": 0, "placement_sum": None},
        {"player": "Anna", "played_on": "2026-11-29", "club": "Metropol", "count_games": 1, "net": 75,
         "count_wins": 1, "count_placed": 0, "placement_sum": None},
        {"player": "Boris", "played_on": None, "club": None, "count_games": 1, "net": 10,
         "count_wins": 1, "count_placed": 0, "placement_sum": None},
    ])
    # The leaderboard ranks the sessions' nets in their casino (Boris's, of no casino, under '(no
    # club)'), with the wins the Player review counts (Anna 1 of 2, Boris 1) and no placement.
    assert_worked(con, "leaderboard", [
        {"club": "Metropol", "game": "sixcard", "player": "Anna", "names": "Anna", "count_games": 2, "net": 65,
         "count_wins": 1, "avg_placement": None, "rank": 1},
        {"club": "(no club)", "game": "sixcard", "player": "Boris", "names": "Boris", "count_games": 1, "net": 10,
         "count_wins": 1, "avg_placement": None, "rank": 1},
    ], where="season_kind = 'all'")


UNSETTLED = """Six-card poker session S-90
Date: 2026-11-30 20:00
Player: Gleb

Hand 1
Dealer up: 2s
Box 1: ante 10 [Qh Qd Qc 4h 4d]; exchanges 2c for 5s; plays 20
Dealer: [Ks 9h 7d 3c 2s]

Hand 2
Dealer up: 2s
Box 1: ante 10 [Qh Qd Qc 4h 4d]; plays 20
Dealer: [Ks 9h 7d 3c 2s]
"""


def test_a_hand_whose_boxes_make_no_deal_is_not_analysed(tmp_path):
    # Hand 1 exchanges the 2c, which the box does not hold (a SIX-DRAW error): its deal cannot be
    # valued, so neither the box nor the hand is analysed; hand 2 is a deal. 2 hands, 1 analysed.
    (tmp_path / "s.txt").write_text(UNSETTLED, encoding="utf-8")
    summary = ingest([tmp_path / "s.txt"], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.findings) == (1, 1)
    with connect(tmp_path / "wh") as con:
        assert_worked(con, "player_stats_sixcard", [
            {"player": "Gleb", "count_hands": 2, "count_boxes": 2, "count_boxes_analysed": 1, "count_hands_analysed": 1}])
        assert_worked(con, "player_stats_sixcard_by_day", [
            {"player": "Gleb", "count_hands": 2, "count_boxes": 2, "count_boxes_analysed": 1, "count_hands_analysed": 1}])


def test_sixcard_categories_by_day(con):
    # Each box's final hand: S-77 box 1 Ah Ad 7c 5s 2d + the bought 9h (6 cards, a pair of aces), box 2
    # Kc 8d 6h 4s + Kd for the 3c (a pair of kings: folded, but its deal counts); S-78 three twos, ace
    # high, a pair of twos; S-79 queens full of fours.
    assert_worked(con, "sixcard_categories_by_day", [
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-28", "club": "Metropol",
         "count_cards": 6, "category": "pair", "count_boxes": 1},
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-28", "club": "Metropol",
         "count_cards": 5, "category": "pair", "count_boxes": 1},
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-29", "club": "Metropol",
         "count_cards": 5, "category": "three of a kind", "count_boxes": 1},
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-29", "club": "Metropol",
         "count_cards": 5, "category": "high card", "count_boxes": 1},
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-29", "club": "Metropol",
         "count_cards": 5, "category": "pair", "count_boxes": 1},
        {"player": "Boris", "site": None, "person": "Boris", "played_on": None, "club": None,
         "count_cards": 5, "category": "full house", "count_boxes": 1},
    ])


def test_category_frequencies_against_exact_probabilities(con):
    # Anna's five boxes: one of 6 cards and four of 5: pairs 3 of 5, trips 1, high card 1. The deal
    # alone at her mix: (p6 + 4 x p5) / 5 of each category, from the published counts of best-5
    # categories over the 2,598,960 five-card and 20,358,520 six-card hands (royal flush 4 | 188,
    # straight flush 36 | 1,656, four of a kind 624 | 14,664, full house 3,744 | 165,984, flush
    # 5,108 | 205,792, straight 10,200 | 361,620, three of a kind 54,912 | 732,160, two pair 123,552 |
    # 2,532,816, pair 1,098,240 | 9,730,740, high card 1,302,540 | 6,612,900), e.g. the pair:
    # (9,730,740 / 20,358,520 + 4 x 1,098,240 / 2,598,960) / 5 = 0.4336490079. Boris's one 5-card box:
    # the five-card odds themselves.
    assert_worked(con, "sixcard_category_frequencies", [
        {"player": "Anna", "site": None, "person": "Anna", "category": "royal flush", "count_boxes": 0,
         "count_player_boxes": 5, "observed_rate": 0.0, "exact_probability": 3.07815433866e-06},
        {"player": "Anna", "site": None, "person": "Anna", "category": "straight flush", "count_boxes": 0,
         "count_player_boxes": 5, "observed_rate": 0.0, "exact_probability": 2.73497287622e-05},
        {"player": "Anna", "site": None, "person": "Anna", "category": "four of a kind", "count_boxes": 0,
         "count_player_boxes": 5, "observed_rate": 0.0, "exact_probability": 0.000336134453782},
        {"player": "Anna", "site": None, "person": "Anna", "category": "full house", "count_boxes": 0,
         "count_player_boxes": 5, "observed_rate": 0.0, "exact_probability": 0.00278307067508},
        {"player": "Anna", "site": None, "person": "Anna", "category": "flush", "count_boxes": 0,
         "count_player_boxes": 5, "observed_rate": 0.0, "exact_probability": 0.0035940006117},
        {"player": "Anna", "site": None, "person": "Anna", "category": "straight", "count_boxes": 0,
         "count_player_boxes": 5, "observed_rate": 0.0, "exact_probability": 0.00669223499547},
        {"player": "Anna", "site": None, "person": "Anna", "category": "three of a kind", "count_boxes": 1,
         "count_player_boxes": 5, "observed_rate": 0.2, "exact_probability": 0.0240954254042},
        {"player": "Anna", "site": None, "person": "Anna", "category": "two pair", "count_boxes": 0,
         "count_player_boxes": 5, "observed_rate": 0.0, "exact_probability": 0.062913335547},
        {"player": "Anna", "site": None, "person": "Anna", "category": "pair", "count_boxes": 3,
         "count_player_boxes": 5, "observed_rate": 0.6, "exact_probability": 0.433649007885},
        {"player": "Anna", "site": None, "person": "Anna", "category": "high card", "count_boxes": 1,
         "count_player_boxes": 5, "observed_rate": 0.2, "exact_probability": 0.465906362545},
        {"player": "Boris", "site": None, "person": "Boris", "category": "royal flush", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 1.53907716933e-06},
        {"player": "Boris", "site": None, "person": "Boris", "category": "straight flush", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 1.3851694524e-05},
        {"player": "Boris", "site": None, "person": "Boris", "category": "four of a kind", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 0.000240096038415},
        {"player": "Boris", "site": None, "person": "Boris", "category": "full house", "count_boxes": 1,
         "count_player_boxes": 1, "observed_rate": 1.0, "exact_probability": 0.00144057623049},
        {"player": "Boris", "site": None, "person": "Boris", "category": "flush", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 0.00196540154523},
        {"player": "Boris", "site": None, "person": "Boris", "category": "straight", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 0.00392464678179},
        {"player": "Boris", "site": None, "person": "Boris", "category": "three of a kind", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 0.0211284513806},
        {"player": "Boris", "site": None, "person": "Boris", "category": "two pair", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 0.0475390156062},
        {"player": "Boris", "site": None, "person": "Boris", "category": "pair", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 0.422569027611},
        {"player": "Boris", "site": None, "person": "Boris", "category": "high card", "count_boxes": 0,
         "count_player_boxes": 1, "observed_rate": 0.0, "exact_probability": 0.501177394035},
    ])


def test_dealer_game_ev_lost_hand_worked(con):
    # The dealer replaces his king; 12 of the 42 unseen cards pair his 9, 7, 3 or 2 and no card
    # makes him a straight or a flush. A full house then wins ante + 7 x bet = 150, so buying is
    # worth -10 + 150 x 12/42 = 32.857 against +10 for taking the ante: 22.857 given away.
    options = dict(con.execute("select option, ev from sixcard_decisions where stage = 'dealer_game' "
                               "and game_id in (select game_id from sixcard_boxes where player = 'Boris')"
                               ).fetchall())
    assert options == {"take ante": Decimal("10.0000"), "buy dealer game": Decimal("32.8571")}
    boris = con.sql("select * from player_stats_sixcard where player = 'Boris'").pl().to_dicts()[0]
    draw_loss = con.execute("select max(ev) - max(ev) filter (where is_taken) from sixcard_decisions "
                            "where stage = 'draw' and game_id in (select game_id from sixcard_boxes "
                            "where player = 'Boris')").fetchall()[0][0]
    assert boris["ev_lost_total"] == draw_loss + Decimal("22.8571")
    assert boris["total_net"] == 10 and boris["count_dealer_buys"] == 0


def test_sixcard_figures_follow_the_pages_dates_and_club(six_root, con):
    # Anna's sessions: S-77 on 28 November (one hand: wagered 40 + 30 = 70, net +20 − 30 = −10) and
    # S-78 on 29 November (two hands: wagered 40 + 30 + 15 = 85, net +60 + 10 + 5 = +75), both at
    # the Metropol. A day alone: its own session, hands and RTP (returned = wagered + net).
    from datetime import date

    with warehouse_of_pages(six_root) as (q, db):
        first = q.sixcard_stats(db, "Anna", start=date(2026, 11, 28), end=date(2026, 11, 28)).to_dicts()
        second = q.sixcard_stats(db, "Anna", start=date(2026, 11, 29), end=date(2026, 11, 29)).to_dicts()
        every = q.sixcard_stats(db, "Anna").to_dicts()
        metropol = q.sixcard_stats(db, "Anna", club="Metropol").to_dicts()
        elsewhere = q.sixcard_stats(db, "Anna", club="Elsewhere")
    shape = ("count_sessions", "count_hands", "count_boxes", "total_wagered", "total_net")
    assert [tuple(r[c] for c in shape) for r in first] == [(1, 1, 2, Decimal(70), Decimal(-10))]
    assert float(first[0]["rtp"]) == pytest.approx(60 / 70)
    assert [tuple(r[c] for c in shape) for r in second] == [(1, 2, 3, Decimal(85), Decimal(75))]
    assert float(second[0]["rtp"]) == pytest.approx(160 / 85)
    # both days: the mart's own all-time row, summed from the days
    assert [tuple(r[c] for c in shape) for r in every] == [(2, 3, 5, Decimal(155), Decimal(65))]
    assert float(every[0]["rtp"]) == pytest.approx(float(stats(con)["rtp"]))
    assert metropol == every and elsewhere.is_empty()


def test_player_review_six_card_figures_follow_the_dates(six_root, monkeypatch):
    # 29 November alone: S-78, wagered 85, net +75 (see above); every date: net +65
    from datetime import date
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    from dashboards import queries as q

    monkeypatch.setenv(q.WAREHOUSE_ENV, str(six_root))
    q.release()
    try:
        at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "dashboards" / "streamlit_app.py"),
                               default_timeout=120)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Anna").run()
        assert not at.exception, [e.value for e in at.exception]
        net = next(m.value for m in at.metric if m.label.split(" (")[0] == "Net")
        at.date_input(key="player_dates").set_value((date(2026, 11, 29), date(2026, 11, 29))).run()
        assert not at.exception, [e.value for e in at.exception]
        day_net = next(m.value for m in at.metric if m.label.split(" (")[0] == "Net")
    finally:
        q.release()
    assert (net, day_net) == ("+65.00", "+75.00")


def test_each_box_stores_how_many_cards_it_ends_with(con):
    # S-77 box 1 buys the 9h: six cards; its box 2 exchanges the 3c for the Kd: still five. S-78's
    # three boxes and S-79's one draw nothing: five each.
    rows = con.sql("select player, hand_no, box, count_cards from sixcard_boxes order by all").fetchall()
    assert rows == [("Anna", 1, 1, 5), ("Anna", 1, 1, 6), ("Anna", 1, 2, 5), ("Anna", 1, 2, 5), ("Anna", 2, 1, 5),
                    ("Boris", 1, 1, 5)]


def _as_an_older_rasklad_wrote_it(root) -> None:
    """The parts of sixcard_boxes (and its placeholder) without count_cards, and a manifest that
    does not name it."""
    manifest = json.loads((root / MANIFEST_FILE).read_text())
    manifest["derived"].remove("sixcard_boxes.count_cards")
    (root / MANIFEST_FILE).write_text(json.dumps(manifest))
    parts = [root / part for part in manifest["parts"]["sixcard_boxes"]]
    for part in [*parts, root / "sixcard_boxes" / EMPTY_PARTITION / "empty.parquet"]:
        pq.write_table(pq.ParquetFile(part).read().drop_columns(["count_cards"]), part)


def test_a_warehouse_written_before_count_cards_gets_it_on_the_writers_next_open(six_root, tmp_path):
    root = tmp_path / "wh"
    shutil.copytree(six_root, root)
    marts = ("sixcard_categories_by_day", "sixcard_category_frequencies")
    with connect(root) as con:
        before = {mart: con.sql(f"select * from {mart} order by all").fetchall() for mart in marts}
    _as_an_older_rasklad_wrote_it(root)
    with connect(root) as con:     # read as it stands: the column reads as null, nothing fails
        assert con.sql("select count(*), count(count_cards) from sixcard_boxes").fetchall() == [(6, 0)]
    with Warehouse(root).open() as store:
        models.build(store)
    for part in json.loads((root / MANIFEST_FILE).read_text())["parts"]["sixcard_boxes"]:
        assert "count_cards" in pq.read_schema(root / part).names
    with connect(root) as con:
        assert sorted(con.sql("select count_cards from sixcard_boxes").fetchall()) == [(5,)] * 5 + [(6,)]
        assert {mart: con.sql(f"select * from {mart} order by all").fetchall() for mart in marts} == before
