"""The tournament and people marts against summaries, links and rates worked out by hand.

player_tournaments, player_stats_tournaments, people and conversion_rates: every column of each
is held by rows worked out on paper from the tournament summaries below (PokerStars' and one of
Winamax's, Anna the account holder), the three Hold'em hands of test_worked_holdem (Anna, Boris
and Vera at PokerStars), and the links and rates a user sets with `rasklad alias` and
`rasklad settings rate`. Everything goes through the real ingest and commands.

A summary's times are in UTC, as the hands' are, where it names their zone: PokerStars' ET time
in brackets (14:00 ET on 1 March 2024 is 19:00 UTC, as is the 20:00 CET beside it), Winamax's UTC.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_worked_holdem import LOG as HOLDEM_LOG
from tests.worked_marts import assert_worked, ingest_files

SUMMARIES = """\
PokerStars Tournament #1001, No Limit Hold'em
Buy-In: $10.00/$1.00 USD
4 players
Total Prize Pool: $40.00 USD
Tournament started 2024/03/01 20:00:00 CET [2024/03/01 14:00:00 ET]

  1: Gleb (Russia), still playing
  2: Anna [2] (Russia), still playing
  3: Boris (Russia),
  4: Anna (Russia),

You finished in 4th place.



PokerStars Tournament #1001, No Limit Hold'em
Buy-In: $10.00/$1.00 USD
4 players
Total Prize Pool: $40.00 USD
Tournament started 2024/03/01 20:00:00 CET [2024/03/01 14:00:00 ET]
Tournament finished 2024/03/01 22:00:00 CET [2024/03/01 16:00:00 ET]
  1: Gleb (Russia), $28.00 (70%)
  2: Anna [2] (Russia), $12.00 (30%)
  3: Boris (Russia),
  4: Anna (Russia),

You finished in 2nd place.

You made 1 re-entries for a total of $11.00.



PokerStars Tournament #1002, No Limit Hold'em
Buy-In: $2.50/$2.50/$0.50 USD
3 players
Total Prize Pool: $12.50 USD
Tournament started 2024/03/02 20:00:00 CET [2024/03/02 14:00:00 ET]
Tournament finished 2024/03/02 21:00:00 CET [2024/03/02 15:00:00 ET]
  1: Anna (Russia), $12.50 (100%)
  2: Boris (Russia),
  3: Gleb (Russia),

You finished in 1st place.

You made 1 rebuys and 1 addons for a total of USD 6.00.

You collected 2 bounties for a total of USD 5.00.



PokerStars Tournament #1003, No Limit Hold'em
Satellite
Buy-In: $4.70/$0.30 USD
3 players
Total Prize Pool: Sunday Million ticket
Tournament started 2024/03/03 20:00:00 CET [2024/03/03 14:00:00 ET]
Tournament finished 2024/03/03 20:40:00 CET [2024/03/03 14:40:00 ET]
  1: Anna (Russia), Sunday Million ticket
  2: Gleb (Russia),
  3: Boris (Russia),

You finished in 1st place.



PokerStars Tournament #1004, No Limit Hold'em
Buy-In: €2.00/€0.20 EUR
2 players
Total Prize Pool: €4.00 EUR
Tournament started 2024/03/04 20:00:00 CET [2024/03/04 14:00:00 ET]
Tournament finished 2024/03/04 20:30:00 CET [2024/03/04 14:30:00 ET]
  1: Gleb (Russia), €4.00 (100%)
  2: Anna (Russia),

You finished in 2nd place.



PokerStars Tournament #1005, No Limit Hold'em
Buy-In: $10.00/$1.00 USD
3 players
Total Prize Pool: $30.00 USD
Tournament started 2024/03/05 20:00:00 CET [2024/03/05 14:00:00 ET]

  1: Anna (Russia), still playing
  2: Gleb (Russia), still playing
  3: Boris (Russia),



PokerStars Tournament #1006, No Limit Hold'em
Buy-In: £5.00/£0.50 GBP
6 players
Total Prize Pool: £30.00 GBP
Tournament started 2024/03/06 20:00:00 CET [2024/03/06 14:00:00 ET]


Dear Anna,

You finished the tournament in 5th place.



Thank you for participating.
"""
# 1001 is summarized twice: first while Gleb and Anna's second entry still played (2 finishes), then
# at its end (4 finishes): the second counts. 1005 names no account holder (no "You finished").
# 1006 is the letter form: no finishing order, and no award, so nothing won.

WINAMAX = """\
Winamax Poker - Tournament summary : Quitte ou Double(2002)
Player : Anna
Buy-In : 0.46€ + 0.04€
Registered players : 10
Prizepool : 4.60€
Tournament started 2024/03/03 17:00:00 UTC
You played 51min 0s
You finished in 3rd place
You won 0.92€
"""


def rasklad(root: Path, *args: str) -> None:
    from pipeline.cli import main

    result = CliRunner().invoke(main, [*args, "--warehouse", str(root)])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    folder = tmp_path_factory.mktemp("worked_tournaments")
    summary = ingest_files(folder, {"summaries.txt": SUMMARIES, "winamax.txt": WINAMAX, "hands.txt": HOLDEM_LOG})
    assert (summary.games, summary.quarantined, summary.findings) == (11, 0, 0), summary.as_dict()
    root = folder / "warehouse"
    rasklad(root, "alias", "Anna", "--me")                              # Anna is me
    rasklad(root, "alias", "Boris", "Borya")                            # in every room
    rasklad(root, "alias", "Vika", "Vera", "--site", "PokerStars")      # Vera at PokerStars is Vika
    rasklad(root, "settings", "rate", "eur", "usd", "1.08")
    rasklad(root, "settings", "rate", "USD", "EUR", "0.925")
    rasklad(root, "settings", "rate", "GBP", "EUR", "1.17")
    rasklad(root, "settings", "rate", "GBP", "EUR", "--remove")
    return root


@pytest.fixture(scope="module")
def con(root):
    from pipeline.warehouse import connect

    with connect(root) as connection:
        yield connection


def test_player_tournaments_of_the_account_holder(con):
    # 1001: two entries at 10 + 1 = 11 (her re-entry): cost 22; her best finish 2nd, $12: net -10.
    # 1002: a knockout, 2.50 + 2.50 + 0.50 = 5.50, plus a rebuy and an add-on for 6: cost 11.50;
    #       won 12.50 and two bounties for 5: 17.50, net +6.
    # 1003: a satellite at 4.70 + 0.30 = 5; she won a ticket, a prize but no dollars: prize 0, one
    #       prize unknown, net -5; in the money all the same.
    # 1004: euros, 2 + 0.20 = 2.20, 2nd of 2, nothing: -2.20.
    # 1005: still playing in its only summary, which names no account holder: cost 11, no prize yet.
    # 1006: pounds, 5 + 0.50 = 5.50; the letter says 5th and names no award: nothing won, -5.50.
    # Every entry's price is stated (none paid with a ticket of unsaid value): no price unknown.
    assert_worked(con, "player_tournaments", [
        {"player": "Anna", "site": "PokerStars", "tournament_id": "1001", "started_at": "2024-03-01 19:00:00",
         "game_type": "No Limit Hold'em", "currency": "USD", "is_satellite": False,
         "count_tournament_entries": 4, "price": Decimal("11.00"), "count_entries": 2, "count_rebuys": 0,
         "count_addons": 0, "cost": Decimal("22.00"), "finish": 2, "prize": Decimal("12.00"),
         "bounties_won": Decimal("0.00"), "won": Decimal("12.00"), "net": Decimal("-10.00"), "is_itm": True,
         "is_hero": True, "is_still_playing": False, "count_prizes_unknown": 0,
         "is_price_unknown": False},
        {"player": "Anna", "site": "PokerStars", "tournament_id": "1002", "started_at": "2024-03-02 19:00:00",
         "game_type": "No Limit Hold'em", "currency": "USD", "is_satellite": False,
         "count_tournament_entries": 3, "price": Decimal("5.50"), "count_entries": 1, "count_rebuys": 1,
         "count_addons": 1, "cost": Decimal("11.50"), "finish": 1, "prize": Decimal("12.50"),
         "bounties_won": Decimal("5.00"), "won": Decimal("17.50"), "net": Decimal("6.00"), "is_itm": True,
         "is_hero": True, "is_still_playing": False, "count_prizes_unknown": 0,
         "is_price_unknown": False},
        {"player": "Anna", "site": "PokerStars", "tournament_id": "1003", "started_at": "2024-03-03 19:00:00",
         "game_type": "No Limit Hold'em", "currency": "USD", "is_satellite": True,
         "count_tournament_entries": 3, "price": Decimal("5.00"), "count_entries": 1, "count_rebuys": 0,
         "count_addons": 0, "cost": Decimal("5.00"), "finish": 1, "prize": Decimal("0.00"),
         "bounties_won": Decimal("0.00"), "won": Decimal("0.00"), "net": Decimal("-5.00"), "is_itm": True,
         "is_hero": True, "is_still_playing": False, "count_prizes_unknown": 1,
         "is_price_unknown": False},
        {"player": "Anna", "site": "PokerStars", "tournament_id": "1004", "started_at": "2024-03-04 19:00:00",
         "game_type": "No Limit Hold'em", "currency": "EUR", "is_satellite": False,
         "count_tournament_entries": 2, "price": Decimal("2.20"), "count_entries": 1, "count_rebuys": 0,
         "count_addons": 0, "cost": Decimal("2.20"), "finish": 2, "prize": Decimal("0.00"),
         "bounties_won": Decimal("0.00"), "won": Decimal("0.00"), "net": Decimal("-2.20"), "is_itm": False,
         "is_hero": True, "is_still_playing": False, "count_prizes_unknown": 0,
         "is_price_unknown": False},
        {"player": "Anna", "site": "PokerStars", "tournament_id": "1005", "started_at": "2024-03-05 19:00:00",
         "game_type": "No Limit Hold'em", "currency": "USD", "is_satellite": False,
         "count_tournament_entries": 3, "price": Decimal("11.00"), "count_entries": 1, "count_rebuys": 0,
         "count_addons": 0, "cost": Decimal("11.00"), "finish": None, "prize": Decimal("0.00"),
         "bounties_won": Decimal("0.00"), "won": Decimal("0.00"), "net": Decimal("-11.00"), "is_itm": False,
         "is_hero": False, "is_still_playing": True, "count_prizes_unknown": 0,
         "is_price_unknown": False},
        {"player": "Anna", "site": "PokerStars", "tournament_id": "1006", "started_at": "2024-03-06 19:00:00",
         "game_type": "No Limit Hold'em", "currency": "GBP", "is_satellite": False,
         "count_tournament_entries": 6, "price": Decimal("5.50"), "count_entries": 1, "count_rebuys": 0,
         "count_addons": 0, "cost": Decimal("5.50"), "finish": 5, "prize": Decimal("0.00"),
         "bounties_won": Decimal("0.00"), "won": Decimal("0.00"), "net": Decimal("-5.50"), "is_itm": False,
         "is_hero": True, "is_still_playing": False, "count_prizes_unknown": 0,
         "is_price_unknown": False},
    ], where="player = 'Anna' and site = 'PokerStars'")
    # Winamax numbers its tournaments apart: 0.46 + 0.04 = 0.50; 3rd of 10, won 0.92: +0.42
    assert_worked(con, "player_tournaments", [
        {"player": "Anna", "site": "Winamax", "tournament_id": "winamax-2002",
         "started_at": "2024-03-03 17:00:00", "currency": "EUR", "count_tournament_entries": 10,
         "price": Decimal("0.50"), "count_entries": 1, "cost": Decimal("0.50"), "finish": 3,
         "prize": Decimal("0.92"), "won": Decimal("0.92"), "net": Decimal("0.42"), "is_itm": True,
         "is_hero": True, "is_still_playing": False},
    ], where="site = 'Winamax'")


def test_player_tournaments_of_the_other_players(con):
    # the room tells the account holder alone of his rebuys and bounties: the others paid one entry
    assert_worked(con, "player_tournaments", [
        {"player": "Gleb", "tournament_id": "1001", "finish": 1, "count_entries": 1, "cost": Decimal("11.00"),
         "prize": Decimal("28.00"), "won": Decimal("28.00"), "net": Decimal("17.00"), "is_itm": True,
         "is_hero": False, "is_still_playing": False},
        {"player": "Gleb", "tournament_id": "1002", "finish": 3, "count_entries": 1, "cost": Decimal("5.50"),
         "prize": Decimal("0.00"), "won": Decimal("0.00"), "net": Decimal("-5.50"), "is_itm": False,
         "is_hero": False, "is_still_playing": False},
        {"player": "Gleb", "tournament_id": "1003", "finish": 2, "count_entries": 1, "cost": Decimal("5.00"),
         "prize": Decimal("0.00"), "won": Decimal("0.00"), "net": Decimal("-5.00"), "is_itm": False,
         "is_hero": False, "is_still_playing": False},
        {"player": "Gleb", "tournament_id": "1004", "finish": 1, "count_entries": 1, "cost": Decimal("2.20"),
         "prize": Decimal("4.00"), "won": Decimal("4.00"), "net": Decimal("1.80"), "is_itm": True,
         "is_hero": False, "is_still_playing": False},
        {"player": "Gleb", "tournament_id": "1005", "finish": None, "count_entries": 1,
         "cost": Decimal("11.00"), "prize": Decimal("0.00"), "won": Decimal("0.00"), "net": Decimal("-11.00"),
         "is_itm": False, "is_hero": False, "is_still_playing": True},
    ], where="player = 'Gleb'")


def test_player_stats_tournaments(con):
    # Over the finished tournaments (1005 is left out for Anna and Gleb, still playing; Boris was out):
    # roi = 100 x net / cost over the tournaments whose every prize is in dollars; itm = with a prize.
    assert_worked(con, "player_stats_tournaments", [
        # Anna, dollars: 1001, 1002, 1003. Cost 22 + 11.50 + 5 = 38.50, won 12 + 17.50 + 0 = 29.50,
        # net -9. The ticket of 1003 has no dollar value: ROI over 1001 and 1002, net -10 + 6 = -4
        # over cost 33.50: -11.94 %. A prize in all three: ITM 100 %. Finishes 2, 1, 1: 4 / 3, not rounded.
        {"player": "Anna", "site": "PokerStars", "currency": "USD", "count_tournaments": 3,
         "count_entries": 4, "cost": Decimal("38.50"), "won": Decimal("29.50"), "net": Decimal("-9.00"),
         "roi": Decimal("-11.94"), "roi_net": Decimal("-4.00"), "roi_cost": Decimal("33.50"),
         "count_roi_tournaments": 2, "itm": 100.0, "count_itm": 3, "avg_finish": 1.3333333333, "best_finish": 1,
         "first_played_at": "2024-03-01 19:00:00", "last_played_at": "2024-03-03 19:00:00"},
        # Anna, euros at PokerStars (1004): -2.20 of 2.20, -100 %; 2nd
        {"player": "Anna", "site": "PokerStars", "currency": "EUR", "count_tournaments": 1,
         "count_entries": 1, "cost": Decimal("2.20"), "won": Decimal("0.00"), "net": Decimal("-2.20"),
         "roi": Decimal("-100.00"), "roi_net": Decimal("-2.20"), "roi_cost": Decimal("2.20"),
         "count_roi_tournaments": 1, "itm": 0.0, "count_itm": 0, "avg_finish": 2.0, "best_finish": 2,
         "first_played_at": "2024-03-04 19:00:00", "last_played_at": "2024-03-04 19:00:00"},
        # Anna, pounds (1006): nothing won, a known prize of 0: in the ROI, -100 %; 5th
        {"player": "Anna", "site": "PokerStars", "currency": "GBP", "count_tournaments": 1,
         "count_entries": 1, "cost": Decimal("5.50"), "won": Decimal("0.00"), "net": Decimal("-5.50"),
         "roi": Decimal("-100.00"), "roi_net": Decimal("-5.50"), "roi_cost": Decimal("5.50"),
         "count_roi_tournaments": 1, "itm": 0.0, "count_itm": 0, "avg_finish": 5.0, "best_finish": 5,
         "first_played_at": "2024-03-06 19:00:00", "last_played_at": "2024-03-06 19:00:00"},
        # Anna at Winamax, another account: 0.42 / 0.50 = 84 %
        {"player": "Anna", "site": "Winamax", "currency": "EUR", "count_tournaments": 1, "count_entries": 1,
         "cost": Decimal("0.50"), "won": Decimal("0.92"), "net": Decimal("0.42"), "roi": Decimal("84.00"),
         "roi_net": Decimal("0.42"), "roi_cost": Decimal("0.50"), "count_roi_tournaments": 1, "itm": 100.0,
         "count_itm": 1, "avg_finish": 3.0, "best_finish": 3, "first_played_at": "2024-03-03 17:00:00",
         "last_played_at": "2024-03-03 17:00:00"},
        # Gleb, dollars: 1001 (+17), 1002 (-5.50), 1003 (-5): cost 21.50, won 28, net 6.50, ROI
        # 6.50 / 21.50 = 30.23 %; a prize in 1001 alone: 33.3 %; finishes 1, 3, 2: 2
        {"player": "Gleb", "site": "PokerStars", "currency": "USD", "count_tournaments": 3,
         "count_entries": 3, "cost": Decimal("21.50"), "won": Decimal("28.00"), "net": Decimal("6.50"),
         "roi": Decimal("30.23"), "roi_net": Decimal("6.50"), "roi_cost": Decimal("21.50"),
         "count_roi_tournaments": 3, "itm": 33.333333333333, "count_itm": 1, "avg_finish": 2.0,
         "best_finish": 1, "first_played_at": "2024-03-01 19:00:00", "last_played_at": "2024-03-03 19:00:00"},
        # Gleb, euros (1004): 1.80 / 2.20 = 81.82 %
        {"player": "Gleb", "site": "PokerStars", "currency": "EUR", "count_tournaments": 1,
         "count_entries": 1, "cost": Decimal("2.20"), "won": Decimal("4.00"), "net": Decimal("1.80"),
         "roi": Decimal("81.82"), "roi_net": Decimal("1.80"), "roi_cost": Decimal("2.20"),
         "count_roi_tournaments": 1, "itm": 100.0, "count_itm": 1, "avg_finish": 1.0, "best_finish": 1,
         "first_played_at": "2024-03-04 19:00:00", "last_played_at": "2024-03-04 19:00:00"},
        # Boris, out of all four dollar tournaments (3rd, 2nd, 3rd, 3rd): cost 11 + 5.50 + 5 + 11 = 32.50,
        # nothing won; finishes average 11 / 4 = 2.75
        {"player": "Boris", "site": "PokerStars", "currency": "USD", "count_tournaments": 4,
         "count_entries": 4, "cost": Decimal("32.50"), "won": Decimal("0.00"), "net": Decimal("-32.50"),
         "roi": Decimal("-100.00"), "roi_net": Decimal("-32.50"), "roi_cost": Decimal("32.50"),
         "count_roi_tournaments": 4, "itm": 0.0, "count_itm": 0, "avg_finish": 2.75, "best_finish": 2,
         "first_played_at": "2024-03-01 19:00:00", "last_played_at": "2024-03-05 19:00:00"},
    ])


def test_people(con):
    # The accounts: every name that played a stored game (Anna, Boris, Vera: three hands each at
    # PokerStars), every account holder of a summary (Anna at PokerStars: 1001 to 1004 and 1006;
    # 1005 names none; Anna at Winamax: one), and every linked name. Gleb only ever appears in
    # others' summaries: no account. Borya, linked in every room, has no game of a room: his
    # account has none. Anna is me in both her rooms: "me" is a person.
    assert_worked(con, "people", [
        {"site": "PokerStars", "player": "Anna", "person": "Anna", "is_me": True, "count_games": 3,
         "count_tournaments": 5},
        {"site": "Winamax", "player": "Anna", "person": "Anna", "is_me": True, "count_games": 0,
         "count_tournaments": 1},
        {"site": "PokerStars", "player": "Boris", "person": "Boris", "is_me": False, "count_games": 3,
         "count_tournaments": 0},
        {"site": None, "player": "Borya", "person": "Boris", "is_me": False, "count_games": 0,
         "count_tournaments": 0},
        # a link in one room links the names it is given alone: Vika's own name in PokerStars,
        # which no game has, is no account
        {"site": "PokerStars", "player": "Vera", "person": "Vika", "is_me": False, "count_games": 3,
         "count_tournaments": 0},
    ])


def test_conversion_rates(con):
    # the codes in capitals, as the command takes them; the removed GBP rate is gone
    assert_worked(con, "conversion_rates", [
        {"from_currency": "EUR", "to_currency": "USD", "rate": Decimal("1.080000")},
        {"from_currency": "USD", "to_currency": "EUR", "rate": Decimal("0.925000")},
    ])


def stats(root: Path, *args: str) -> list[dict]:
    from pipeline.cli import main

    result = CliRunner().invoke(main, ["stats", "--game", "tournament", "--json", *args, "--warehouse", str(root)])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["player_stats_tournaments"]


def test_stats_shows_the_tournament_figures_of_each_account_and_currency(root):
    """`rasklad stats` showed no tournament figure, and `--player Gleb` said no stored game had him:
    Gleb is only ever listed in summaries (test_people: no account). His figures are
    test_player_stats_tournaments' rows: dollars cost 21.50, won 28, net +6.50, ROI 30.23 %, 1 in
    the money of 3; euros 2.20, 4, +1.80, 81.82 %; each currency its own row."""
    def headline(rows: list[dict]) -> list[tuple]:
        return [(r["player"], r["site"], r["currency"], r["count_tournaments"], r["cost"], r["won"], r["net"],
                 r["roi"], r["count_itm"], r["best_finish"]) for r in rows]

    assert sorted(headline(stats(root, "--player", "Gleb"))) == [     # (listed most entries first)
        ("Gleb", "PokerStars", "EUR", 1, "2.20", "4.00", "1.80", "81.82", 1, 1),
        ("Gleb", "PokerStars", "USD", 3, "21.50", "28.00", "6.50", "30.23", 1, 1)]
    # Anna: her two rooms, her four currencies (listed most entries first); Boris: out of all four dollar tournaments
    assert sorted((r["site"], r["currency"], r["net"]) for r in stats(root, "--player", "Anna")) == [
        ("PokerStars", "EUR", "-2.20"), ("PokerStars", "GBP", "-5.50"), ("PokerStars", "USD", "-9.00"),
        ("Winamax", "EUR", "0.42")]
    assert [(r["player"], r["net"]) for r in stats(root, "--player", "Boris")] == [("Boris", "-32.50")]
    # without --player: the accounts' rows (Anna holds the summaries, Boris plays hands), not every
    # opponent a summary lists (Gleb); --site keeps one room's
    assert {(r["player"], r["site"]) for r in stats(root)} == {("Anna", "PokerStars"), ("Anna", "Winamax"),
                                                              ("Boris", "PokerStars")}
    assert [(r["player"], r["currency"]) for r in stats(root, "--site", "winamax")] == [("Anna", "EUR")]
    from pipeline.cli import main

    shown = CliRunner().invoke(main, ["stats", "--player", "Gleb", "--warehouse", str(root)])
    assert shown.exit_code == 0 and "player_stats_tournaments" in shown.output, shown.output


def test_alias_sees_a_name_only_summaries_have(root):
    """`alias Gleb --me` noted "No stored game has a player 'Gleb' yet … A misspelling?": his
    summaries are stored. (The link is removed again: the other tests' people have none.)"""
    from pipeline.cli import main

    for args in (["Gleb", "--me"], ["Anna", "Gleb", "--site", "PokerStars"]):
        result = CliRunner().invoke(main, ["alias", *args, "--warehouse", str(root)])
        assert result.exit_code == 0 and result.stderr == "", result.output
    rasklad(root, "alias", "--remove", "Gleb", "--site", "PokerStars")
    rasklad(root, "alias", "Anna", "--me")


def test_show_of_a_summary_says_its_time_is_utc_and_that_it_is_read_not_replayed(root, con):
    """`show` said "played 2020-05-06 02:00:00 (as written: the log names no time zone)" of a summary
    whose line names CUST and ET: 1002 started at 14:00 ET, 19:00 UTC; Winamax's names UTC. It also
    printed an empty "players:" and "No findings: the replay agrees with the log" of a text no replay
    reads: 1002 lists 3 entries, Winamax's 1 (its holder's)."""
    from pipeline.cli import main

    for table, said, entries in (("Tournament #1002", "played 2024-03-02 19:00:00 UTC", "3 entries"),
                                 ("Tournament #2002", "played 2024-03-03 17:00:00 UTC", "1 entry")):
        game_id = con.execute("select game_id from games where table_name = ?", [table]).fetchone()[0]
        shown = CliRunner().invoke(main, ["show", game_id, "--warehouse", str(root)])
        lines = shown.output.split("\n")
        assert shown.exit_code == 0 and lines[1].startswith(said), shown.output
        assert lines[2] == (f"a tournament summary of {entries}: rasklad query \"select * from tournament_results "
                            f"where game_id = '{game_id}'\" lists them")
        assert lines[-2] == "No findings: a tournament summary is read, not replayed."
