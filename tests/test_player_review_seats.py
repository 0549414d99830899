"""The Player review counts a game once per person, as the leaderboards do, when two of his linked
names sat in it: a warehouse built by the real ingest from the formats' examples, against figures
worked by hand.

The person "Verochka" is Vera and Boris, linked in every room. Each family has a game both names
sat in, and one (or a session) of Vera's alone; Anna, one name, plays them all beside them.

Hold'em, No Limit $1/$2 USD (data/samples/pokerstars-holdem.txt's first hand, and a copy a day
later with Boris renamed Gleb). In the first Anna raises to $6, Boris folds his small blind ($1),
Vera calls from the big blind, calls $10 on the flop and $20 on the river, and Anna's aces take
$71 of the $73 pot: Anna +71 − 36 = +35, Boris −1, Vera −36 (placed 1, 2, 3). The copy: Anna +35,
Gleb −1, Vera −36.

    Verochka   hand 1: −1 − 36 = −37 (best seat Boris, 2nd; no seat won chips)   hand 2: −36, 3rd
               2 hands, net −73, 0 won, average place (2 + 3) / 2 = 2.5
               in big blinds −18.5 − 18 = −36.5 over 2 hands: −1825.00 bb/100
               his seats' own play: 3 chances to put money in voluntarily (Boris's small blind,
               Vera's big blind twice), 2 taken (Vera's calls): VPIP 2 / 3
    Anna       2 hands, +70, 2 won, placed 1 and 1

Raspisnoy (the formats' log, and a copy on 2026-11-29 with Boris renamed Gleb): totals Boris 0,
Vera 15, Anna 0 (placed Vera 1, Anna and Boris 2); the copy Vera 15, Anna 0, Gleb 0.

    Verochka   game 1: 0 + 15 = 15, best place 1, won; game 2: 15, 1st, won
               2 games, 30 points, 2 won, average place 1.0; per round, his seats' points added:
               game 1 after round 1 10 + 5 = 15, after round 2 0 + 15 = 15
    Anna       2 games, 0 points, 0 won, placed 2 and 2

Chinese poker, 2-4 (the formats' hand C-1001, and C-1002 a day later with Boris renamed Gleb):
Anna +4, Boris 0, Vera −4 (Vera surrenders; placed 1, 2, 3); C-1002 Anna +4, Gleb 0, Vera −4.

    Verochka   C-1001: 0 − 4 = −4, best place 2; C-1002: −4, 3rd
               2 hands, −8 points, −4 per hand, 0 won, average place 2.5; surrender rate over the
               hands his seats set: 2 surrenders of 3 (Vera twice, Boris never)

OFC, 1-6 (the formats' hand O-501 with Anna renamed Vera): Vera +2, Boris −2. Verochka: one hand,
0 points, best place 1, won.

Six-card (the formats' session S-77, Anna's, played by Vera, and S-78 by Boris): each −10 (box 1
+20, box 2 −30). A session has one player: two names never share one. Verochka: 2 sessions, −20,
none won (a session is won by a net above zero), no place.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import polars as pl
import pytest

from pipeline.ingest import ingest
from pipeline.people import link
from pipeline.warehouse import connect
from tests import formats_examples
from tests.conftest import ROOT, warehouse_of_pages
from tests.worked_marts import assert_worked

HOLDEM = (ROOT / "data" / "samples" / "pokerstars-holdem.txt").read_text(encoding="utf-8")
D = Decimal


def renamed(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        text = text.replace(old, new)
    return text


@pytest.fixture(scope="module")
def review(tmp_path_factory):
    folder = tmp_path_factory.mktemp("review_seats")
    logs = folder / "logs"
    logs.mkdir()
    first_hand = HOLDEM.split("\n\n")[0].strip() + "\n"
    assert first_hand.startswith("PokerStars Hand #250000000000:") and "Anna collected $71" in first_hand
    files = {
        "holdem.txt": first_hand + "\n\n" + renamed(first_hand, ("#250000000000", "#250000000100"),
                                                    ("2024/01/02", "2024/01/03"), ("Boris", "Gleb")),
        "raspisnoy.txt": formats_examples.RASPISNOY_LOG + "\n" + renamed(
            formats_examples.RASPISNOY_LOG, ("R-2026-11-28-1", "R-2026-11-29-1"), ("2026-11-28", "2026-11-29"),
            ("Boris", "Gleb")),
        "chinese.txt": formats_examples.CHINESE + "\n" + renamed(
            formats_examples.CHINESE, ("C-1001", "C-1002"), ("2026-11-28", "2026-11-29"), ("Boris", "Gleb")),
        "ofc.txt": renamed(formats_examples.OFC, ("Anna", "Vera")),
        "sixcard.txt": renamed(formats_examples.SIXCARD, ("Anna", "Vera")) + "\n" + renamed(
            formats_examples.SIXCARD, ("Anna", "Boris"), ("S-77", "S-78")),
    }
    for name, text in files.items():
        (logs / name).write_text(text, encoding="utf-8")
    root = folder / "warehouse"
    summary = ingest([logs], root, jobs=1)
    assert (summary.games, summary.quarantined) == (9, 0)
    link(root, "Verochka", ["Vera", "Boris"])
    with warehouse_of_pages(root) as (q, db):
        yield root, q, db


def figures(rows, *columns: str) -> dict:
    return {row["game"]: tuple(row[c] for c in columns) for row in rows.to_dicts()}


def test_the_headline_counts_a_game_two_of_his_names_sat_in_once(review):
    _, q, db = review
    headline = figures(q.player_headlines(db, "Verochka", None, None, None),
                       "count_games", "net", "count_wins", "avg_placement")
    assert headline == {
        "holdem": (2, D(-73), 0, 2.5),
        "raspisnoy": (2, D(30), 2, 1.0),
        "chinese": (2, D(-8), 0, 2.5),
        "ofc": (1, D(0), 1, 1.0),
        "sixcard": (2, D(-20), 0, None),
    }
    # the leaderboards count him so too
    board = q.leaderboard(db, "Tverskaya", "raspisnoy", "all", "all time", 1, currency=None)
    (mine,) = [row for row in board.to_dicts() if row["player"] == "Verochka"]
    assert (mine["count_games"], mine["net"], mine["count_wins"]) == (2, D(30), 2)


def test_the_persons_sums_by_day_count_each_game_once(review):
    # the Hold'em hands were played at 3:04:05 ET (UTC−5 in January), the club games as written;
    # a PokerStars hand has a room and no club, a home game a club and no room
    root, _, _ = review
    with connect(root) as con:
        assert_worked(con, "person_results_by_day", [
            {"person": "Verochka", "is_tournament": False, "site": "PokerStars", "played_on": "2024-01-02", "club": None, "game": "holdem", "currency": "USD",
             "scoring": None, "count_games": 1, "net": -37, "count_wins": 0, "count_placed": 1,
             "placement_sum": 2, "first_played_at": "2024-01-02 08:04:05", "last_played_at": "2024-01-02 08:04:05"},
            {"person": "Verochka", "is_tournament": False, "site": "PokerStars", "played_on": "2024-01-03", "club": None, "game": "holdem", "currency": "USD",
             "scoring": None, "count_games": 1, "net": -36, "count_wins": 0, "count_placed": 1,
             "placement_sum": 3, "first_played_at": "2024-01-03 08:04:05", "last_played_at": "2024-01-03 08:04:05"},
            {"person": "Verochka", "is_tournament": False, "site": None, "played_on": "2026-11-28", "club": "Tverskaya", "game": "raspisnoy", "currency": None,
             "scoring": None, "count_games": 1, "net": 15, "count_wins": 1, "count_placed": 1,
             "placement_sum": 1, "first_played_at": "2026-11-28 19:30:00", "last_played_at": "2026-11-28 19:30:00"},
            {"person": "Verochka", "is_tournament": False, "site": None, "played_on": "2026-11-29", "club": "Tverskaya", "game": "raspisnoy", "currency": None,
             "scoring": None, "count_games": 1, "net": 15, "count_wins": 1, "count_placed": 1,
             "placement_sum": 1, "first_played_at": "2026-11-29 19:30:00", "last_played_at": "2026-11-29 19:30:00"},
            {"person": "Verochka", "is_tournament": False, "site": None, "played_on": "2026-11-28", "club": "Tverskaya", "game": "chinese", "currency": None,
             "scoring": "2-4", "count_games": 1, "net": -4, "count_wins": 0, "count_placed": 1,
             "placement_sum": 2, "first_played_at": "2026-11-28 22:10:00", "last_played_at": "2026-11-28 22:10:00"},
            {"person": "Verochka", "is_tournament": False, "site": None, "played_on": "2026-11-29", "club": "Tverskaya", "game": "chinese", "currency": None,
             "scoring": "2-4", "count_games": 1, "net": -4, "count_wins": 0, "count_placed": 1,
             "placement_sum": 3, "first_played_at": "2026-11-29 22:10:00", "last_played_at": "2026-11-29 22:10:00"},
            {"person": "Verochka", "is_tournament": False, "site": None, "played_on": "2026-11-28", "club": "Tverskaya", "game": "ofc", "currency": None,
             "scoring": "1-6", "count_games": 1, "net": 0, "count_wins": 1, "count_placed": 1,
             "placement_sum": 1, "first_played_at": "2026-11-28 23:05:00", "last_played_at": "2026-11-28 23:05:00"},
            {"person": "Verochka", "is_tournament": False, "site": None, "played_on": "2026-11-28", "club": "Metropol", "game": "sixcard", "currency": None,
             "scoring": None, "count_games": 2, "net": -20, "count_wins": 0, "count_placed": 0,
             "placement_sum": None, "first_played_at": "2026-11-28 23:40:00", "last_played_at": "2026-11-28 23:40:00"},
        ], where="person = 'Verochka'")
        # a hand both names sat in counts for the person on the row of the first name, Boris
        assert_worked(con, "player_stats_holdem_by_day", [
            {"player": "Boris", "played_on": "2024-01-02", "count_hands": 1, "count_person_hands": 1,
             "count_bb_hands": 1, "count_person_bb_hands": 1},
            {"player": "Vera", "played_on": "2024-01-02", "count_hands": 1, "count_person_hands": 0,
             "count_bb_hands": 1, "count_person_bb_hands": 0},
            {"player": "Vera", "played_on": "2024-01-03", "count_hands": 1, "count_person_hands": 1,
             "count_bb_hands": 1, "count_person_bb_hands": 1},
        ], where="person = 'Verochka'")
        assert_worked(con, "player_stats_chinese_by_day", [
            {"player": "Boris", "game": "chinese", "played_on": "2026-11-28", "count_hands": 1,
             "count_person_hands": 1, "count_seat_hands": 1, "count_surrenders": 0},
            {"player": "Vera", "game": "chinese", "played_on": "2026-11-28", "count_hands": 1,
             "count_person_hands": 0, "count_seat_hands": 1, "count_surrenders": 1},
            {"player": "Vera", "game": "chinese", "played_on": "2026-11-29", "count_hands": 1,
             "count_person_hands": 1, "count_seat_hands": 1, "count_surrenders": 1},
            {"player": "Boris", "game": "ofc", "played_on": "2026-11-28", "count_hands": 1,
             "count_person_hands": 1, "count_seat_hands": 1, "count_surrenders": 0},
            {"player": "Vera", "game": "ofc", "played_on": "2026-11-28", "count_hands": 1,
             "count_person_hands": 0, "count_seat_hands": 1, "count_surrenders": 0},
        ], where="person = 'Verochka'")


def test_a_persons_games_are_his_seats_as_they_are_but_where_two_of_his_names_sat(review):
    # int_person_games is a view: nearly every row is a seat as int_player_games stores it, and
    # storing them again cost a 20,000-hand build a tenth of a CPU-second; the hand of Boris and Vera
    # is grouped (their nets added, Boris's second place the best, neither seat won chips)
    root, _, _ = review
    with connect(root) as con:
        kinds = dict(con.execute("select table_name, table_type from information_schema.tables "
                                 "where table_name in ('int_person_games', 'int_repeat_seats')").fetchall())
        holdem = con.execute("select cast(played_at as date)::varchar, person, count_seats, first_player, net, "
                             "is_win, placement from int_person_games where game = 'holdem' order by all").fetchall()
    assert kinds == {"int_person_games": "VIEW", "int_repeat_seats": "VIEW"}
    assert holdem == [
        ("2024-01-02", "Anna", 1, "Anna", D(35), True, 1),
        ("2024-01-02", "Verochka", 2, "Boris", D(-37), False, 2),
        ("2024-01-03", "Anna", 1, "Anna", D(35), True, 1),
        ("2024-01-03", "Gleb", 1, "Gleb", D(-1), False, 2),
        ("2024-01-03", "Verochka", 1, "Vera", D(-36), False, 3),
    ]


def test_the_headline_follows_the_dates_and_keeps_a_shared_game_whole(review):
    _, q, db = review
    first_day = figures(q.player_headlines(db, "Verochka", date(2026, 11, 28), date(2026, 11, 28), None),
                        "count_games", "net", "count_wins", "avg_placement")
    assert first_day == {"raspisnoy": (1, D(15), 1, 1.0), "chinese": (1, D(-4), 0, 2.0), "ofc": (1, D(0), 1, 1.0),
                         "sixcard": (2, D(-20), 0, None)}
    room = figures(q.player_headlines(db, "Verochka", None, None, None, site="PokerStars"),
                   "count_games", "net", "count_wins", "avg_placement")
    assert room == {"holdem": (2, D(-73), 0, 2.5)}


def test_a_person_with_one_name_per_game_is_counted_as_before(review):
    _, q, db = review
    headline = figures(q.player_headlines(db, "Anna", None, None, None),
                       "count_games", "net", "count_wins", "avg_placement")
    assert headline == {"holdem": (2, D(70), 2, 1.0), "raspisnoy": (2, D(0), 0, 2.0), "chinese": (2, D(8), 2, 1.0)}
    # and as her account's own row of player_results
    accounts = figures(q.frame(db, "select * from player_results where player = 'Anna'"),
                       "count_games", "net", "count_wins", "avg_placement")
    assert accounts == headline


def test_holdem_counts_his_hand_once_and_his_seats_play_each(review):
    _, q, db = review
    unit = {"is_tournament": False, "currency": "USD"}
    (together,) = q.holdem_stats(db, "Verochka", **unit).to_dicts()
    assert (together["count_hands"], together["net_won"], together["count_bb_hands"]) == (2, D(-73), 2)
    assert together["bb_per_100"] == D("-1825.00")
    assert (together["count_vpip"], together["count_vpip_opportunities"]) == (2, 3)
    assert together["names"] == "Boris (PokerStars), Vera (PokerStars)"
    # each name apart: his seats, as each account played them
    apart = {row["player"]: (row["count_hands"], row["net_won"])
             for row in q.holdem_stats(db, "Verochka", **unit, per_account=True).to_dicts()}
    assert apart == {"Boris": (1, D(-1)), "Vera": (2, D(-72))}
    played = q.holdem_hands_played(db, "Verochka")
    assert played.to_dicts() == [{"game": "holdem", "is_tournament": False, "currency": "USD",
                                  "stakes": "No Limit $1/$2 USD", "count_hands": 2}]
    running = q.holdem_winnings(db, "Verochka", None, None, None, None, False, currency="USD")
    assert running["hand_no"].to_list() == [1, 2]
    assert [D(str(won)) for won in running["won"].to_list()] == [D(-37), D(-73)]
    in_bb = q.holdem_winnings(db, "Verochka", None, None, None, None, True, currency="USD")
    assert [D(str(won)) for won in in_bb["won"].to_list()] == [D("-18.5"), D("-36.5")]


def test_raspisnoy_counts_his_game_once_and_his_running_total_is_both_seats(review):
    _, q, db = review
    (stats,) = q.raspisnoy_stats(db, "Verochka", club="Tverskaya").filter(
        pl.col("season_kind") == "all").to_dicts()
    assert (stats["count_games"], stats["total_points"], stats["count_wins"], stats["avg_placement"]) == (
        2, D(30), 2, 1.0)
    rounds = q.raspisnoy_points(db, q.person_names(db, "Verochka"), None, None, None)
    assert [(row["game_id"] == rounds["game_id"][0], row["round_no"], row["points"], row["total"])
            for row in rounds.to_dicts()] == [(True, 1, 15, 15), (True, 2, 0, 15), (False, 1, 5, 5),
                                              (False, 2, 10, 15)]


def test_chinese_counts_his_hand_once_and_his_settings_each(review):
    _, q, db = review
    stats = {row["game"]: row for row in q.chinese_stats(db, "Verochka").to_dicts()}
    chinese, ofc = stats["chinese"], stats["ofc"]
    assert (chinese["count_hands"], chinese["total_points"], chinese["points_per_hand"]) == (2, D(-8), D(-4))
    assert (chinese["count_surrenders"], chinese["surrender_rate"], chinese["foul_rate"]) == (2, 2 / 3, 0.0)
    assert (ofc["count_hands"], ofc["total_points"], ofc["points_per_hand"]) == (1, D(0), D(0))
    apart = {(row["game"], row["player"]): row["count_hands"]
             for row in q.chinese_stats(db, "Verochka", per_account=True).to_dicts()}
    assert apart == {("chinese", "Boris"): 1, ("chinese", "Vera"): 2, ("ofc", "Boris"): 1, ("ofc", "Vera"): 1}


def test_sixcard_sessions_are_never_shared(review):
    _, q, db = review
    (stats,) = q.sixcard_stats(db, "Verochka").to_dicts()
    assert (stats["count_sessions"], stats["count_hands"], stats["count_boxes"], stats["total_net"]) == (
        2, 2, 4, D(-20))


def test_the_player_review_shows_his_games_once(review):
    from streamlit.testing.v1 import AppTest

    # the page reads the warehouse the fixture points the dashboards at
    at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=120)
    at.run()
    at.switch_page("app_pages/player.py")
    at.query_params["player"] = "Verochka"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="player").value == "Verochka"
    shown = {row["game"]: (row["count_games"], Decimal(str(row["net"])), row["count_wins"])
             for row in at.dataframe[0].value.to_dict("records")}
    assert shown == {"Hold'em (52 cards)": (2, D(-73), 0), "Raspisnoy (logs and sheets)": (2, D(30), 2), "Chinese poker": (2, D(-8), 0),
                     "Open-face Chinese": (1, D(0), 1), "Six-card poker": (2, D(-20), 0)}
    # raspisnoy's statistics, per person, count the game once too
    assert not [info.value for info in at.info if "No raspisnoy statistics" in info.value]
    tables = [frame.value.to_dict("records") for frame in at.dataframe]
    assert [(row["count_games"], Decimal(str(row["total_points"])), row["count_wins"]) for rows in tables
            for row in rows if row.get("season_kind") == "all"] == [(2, D(30), 2)]
