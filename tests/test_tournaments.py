"""Tournament summaries: the reader against real PokerStars summaries, and the marts against a
case worked by hand (ROI, ITM, average finish, re-entries, a tournament summarized twice)."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from parsers.errors import ParseError
from parsers.formats import NO_FORMAT
from parsers.pokerstars_summary import parse
from parsers.source import decode, normalize_lines, split
from pipeline.tables import TableRows
from pipeline.warehouse import Warehouse
from rules.records import Source
from tests.conftest import CORPORA, ROOT, warehouse_of_pages
from tests.test_marts import audit, build, gid, query

D = Decimal
STARS = CORPORA / "summaries" / "Stars"


def read_summary(name: str):
    path = STARS / name
    if not path.exists():
        pytest.skip(f"the summaries corpus is not here ({path})")
    chunk = next(c for c in split(decode(path.read_bytes())) if c.format == "pokerstars_summary")
    return parse(chunk.lines, Source(file=name, first_line=chunk.first_line, last_line=chunk.last_line,
                                     game_id=chunk.game_id))


def test_summary_with_reentry_and_bounties():
    # "Buy-In: $250.00/$250.00/$30.00 USD", 959 players, "You finished in 72nd place", line 78
    # "72: joiso [2] (Russia), $827.17", "You made 1 re-entries", "5 bounties for a total of USD 875.00"
    s = read_summary("NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt")
    assert (s.tournament_id, s.buy_in, s.bounty, s.fee, s.currency) == ("2874010268", D(250), D(250), D(30), "USD")
    assert (s.count_entries, s.prize_pool, s.hero, s.hero_finish) == (959, D("315750.00"), "joiso", 72)
    assert (s.count_reentries, s.count_bounties, s.bounties_won) == (1, 5, D("875.00"))
    joiso = [(e.entry_no, e.finish, e.prize) for e in s.entries if e.player == "joiso"]
    assert joiso == [(2, 72, D("827.17")), (1, 1042, D(0))]
    # "Tournament started 2020/05/06 2:00:00 CUST [2020/05/05 18:00:00 ET]": the player's own clock, and
    # the room's ET (daylight time in May, UTC-4): 22:00 UTC, the day before the time as written first
    assert (s.started_at, s.info.played_at, s.info.played_in_utc) == (datetime(2020, 5, 5, 22, 0),) * 2 + (True,)
    # "Tournament finished 2020/05/06 7:04:30 CUST [2020/05/05 23:04:30 ET]"
    assert s.finished_at == datetime(2020, 5, 6, 3, 4, 30)


@pytest.mark.parametrize(("started", "expected", "in_utc"), [
    # ET in November is UTC-5, in July UTC-4; the older form writes the zone in parentheses
    ("2010/11/07 8:03:52 ET", datetime(2010, 11, 7, 13, 3, 52), True),
    ("- 2007/08/13 - 08:15:00 (ET)", datetime(2007, 8, 13, 12, 15), True),
    # the client's zone beside the room's ET: the ET time is read (CET in July is Paris summer time, UTC+2)
    ("2011/07/26 21:30:00 WET [2011/07/26 16:30:00 ET]", datetime(2011, 7, 26, 20, 30), True),
    ("2019/07/31 22:07:43 CET", datetime(2019, 7, 31, 20, 7, 43), True),
    # the player's own offset with no ET time: a clock no name tells, as written
    ("2020/05/06 2:00:00 CUST", datetime(2020, 5, 6, 2, 0), False),
    ("2020/05/06 2:00:00", datetime(2020, 5, 6, 2, 0), False),
])
def test_summary_time_is_in_utc_where_it_names_its_zone(started, expected, in_utc):
    lines = ("PokerStars Tournament #1, No Limit Hold'em", "Buy-In: $1.00/$0.10 USD", "2 players",
             f"Tournament started {started}", " 1: A (X), $2.00", " 2: B (Y),")
    s = parse(lines, Source(file="t.txt", first_line=1, last_line=6, game_id="0"))
    assert (s.started_at, s.info.played_at, s.info.played_in_utc) == (expected, expected, in_utc)


def test_winamax_summary_time_names_utc():
    from parsers.winamax_summary import parse as parse_winamax

    lines = ("Winamax Poker - Tournament summary : Expresso(1)", "Player : Hero", "Buy-In : 1€ + 0€",
             "Tournament started 2011/05/28 19:10:00 UTC", "You finished in 2nd place")
    s = parse_winamax(lines, Source(file="w.txt", first_line=1, last_line=5, game_id="0"))
    assert (s.started_at, s.info.played_in_utc) == (datetime(2011, 5, 28, 19, 10), True)


# "Tournament started " is 19 characters: the date starts at column 20; in the bracketed form the ET
# time's date at column 20 + len("2020/05/06 2:00:00 CUST [") = 45
@pytest.mark.parametrize(("started", "column"), [
    ("2011/1e30/28 19:10:00 UTC", 20),       # a month no date holds: the start would be dropped
    ("2020/05/06 2:00:00 CUST [2020/05/05 18:00:1000 ET]", 45),     # the player's clock would be read
    ("2020/05/06 2:00:00 CUST [2020/05/05 18:00 ET]", 45),
])
def test_a_summary_date_not_written_whole_is_refused_at_its_column(started, column):
    lines = ("PokerStars Tournament #1, No Limit Hold'em", "Buy-In: $1.00/$0.10 USD", "2 players",
             f"Tournament started {started}", " 1: A (X), $2.00", " 2: B (Y),")
    with pytest.raises(ParseError, match="is not a date and time written whole") as refused:
        parse(lines, Source(file="t.txt", first_line=1, last_line=6, game_id="0"))
    assert (refused.value.line, refused.value.column) == (4, column)


def test_a_winamax_summary_date_not_written_whole_is_refused_at_its_column():
    from parsers.winamax_summary import parse as parse_winamax

    lines = ("Winamax Poker - Tournament summary : Expresso(1)", "Player : Hero", "Buy-In : 1€ + 0€",
             "Tournament started 2011/1e30/28 19:10:00 UTC", "You finished in 2nd place")
    with pytest.raises(ParseError, match="is not a date and time written whole") as refused:
        parse_winamax(lines, Source(file="w.txt", first_line=1, last_line=5, game_id="0"))
    assert (refused.value.line, refused.value.column) == (4, 20)


def test_summary_of_a_file_that_opens_with_a_control_byte_keeps_every_entry():
    # byte 0x10 before "PokerStars Tournament #329147523": the whole file was quarantined
    s = read_summary("NLHE-USD-MTT-4max-2.00-201011.Stars.local.format.txt")
    assert (s.tournament_id, s.count_entries, len(s.entries), s.entries[0].player) == (
        "329147523", 440, 440, "koppelbaas")


def test_an_emailed_summarys_banner_belongs_to_no_summary():
    # "NLHE-USD-HUSnG-10-201011.s0rrow.wins.txt" line 1 went to quarantine (and the ingest exited 1)
    text = ("Tournament History for your last 1 tournament requested by Hero (hero@example.com)\n\n\n"
            "PokerStars Tournament #329052872, No Limit Hold'em\nBuy-In: $10.00/$0.50 USD\n2 players\n"
            " 1: Hero (Perth), $20.00 (100%)\n 2: v.v.75 (Грязи),\n")
    assert [(c.format, c.first_line, c.last_line) for c in split(text)] == [("pokerstars_summary", 4, 8)]
    assert [c.format for c in split(text.replace("your last 1 tournament", "your last 3 tournaments"))] == [
        "pokerstars_summary"]


@pytest.mark.parametrize(("header", "reason"), [
    ("Full Tilt Tournament #1571041343, No Limit Hold'em", "Full Tilt Poker tournament summaries are not supported yet"),
    ("Run It Once Poker Tournament #158168, Cubed SNG No Limit Hold 'Em",
     "Run It Once Poker tournament summaries are not supported yet"),
    ("Tournament #1, No Limit Hold'em", NO_FORMAT),
])
def test_a_summary_of_a_room_not_read_is_refused_naming_the_room(header, reason):
    from parsers.formats import parse_chunk

    chunk, = split(f"{header}\nBuy-In: 870/130\n6 players\n")
    with pytest.raises(ParseError) as caught:
        parse_chunk(chunk, "t.txt")
    assert (caught.value.reason, caught.value.line) == (reason, 1)


def test_a_summary_whose_prize_is_a_ticket_is_a_satellite():
    # "Total Prize Pool: Sunday Million ticket", "1: Bayezidur (Ukraine), Sunday Million ticket": no
    # "Satellite" line, yet its prize is a seat
    s = read_summary("NLHE-USD-5-201603.Sunday.Million.ticket.txt")
    assert (s.is_satellite, s.prize_pool, s.entries[0].prize, s.entries[0].prize_text) == (
        True, None, None, "Sunday Million ticket")
    assert read_summary("NLHE-USD-MTT-0.50-201107.Super.Satellite.txt").is_satellite
    assert not read_summary("NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt").is_satellite


def test_summary_with_rebuys_and_addons():
    s = read_summary("PLO-MTT-USD-505-25-202005.rebuy.addon.txt")
    assert (s.buy_in, s.bounty, s.fee, s.hero, s.hero_finish) == (D(505), D(0), D(25), "joiso", 47)
    assert (s.count_rebuys, s.count_addons, s.rebuy_cost) == (5, 1, D("3180.00"))


def test_summary_letter_form_in_cp1252_play_money_and_foreign_prizes():
    letter = read_summary("NLHE-EUR-STT-0.42-201102.emailed.cp1252.txt")
    # "Buy-In: €0.42/€0.08 EUR", "Dear Hero,", "2nd place. A EUR 0.90 award"
    assert (letter.buy_in, letter.fee, letter.currency, letter.hero, letter.hero_finish, letter.hero_prize) == (
        D("0.42"), D("0.08"), "EUR", "Hero", 2, D("0.90"))
    play = read_summary("NLHE-Play-STT-20110405.txt")      # "Buy-In: 300/20": play money
    assert (play.buy_in, play.fee, play.currency) == (D(300), D(20), "chips")
    stars_coins = read_summary("NLHE-9max-SC-MTT-201512.txt")    # "3: sexyhedgehog (New Zealand), 25,750 FPP"
    third = stars_coins.entries[2]
    assert (stars_coins.currency, third.player, third.prize, third.prize_text) == ("SC", "sexyhedgehog", None,
                                                                                   "25,750 FPP")
    nested = read_summary("NLHE-USD-MTT-20-200708.s0rrow.2nd.txt")   # "badkarmatom (Horn (HOLLAND)),"
    assert any(e.player == "badkarmatom" and e.country == "Horn (HOLLAND)" for e in nested.entries)


def test_summary_without_a_buy_in_is_an_error_with_its_line():
    lines = ("PokerStars Tournament #1, No Limit Hold'em", "2 players", " 1: A (X), $2.00", " 2: B (Y),")
    with pytest.raises(ParseError, match="buy-in"):
        parse(lines, Source(file="t.txt", first_line=1, last_line=4, game_id="0"))


def entry(rows: TableRows, summary: str, tournament: str, player: str, *, finish: int | None, prize: str | None,
          buy_in: str, fee: str, currency: str = "USD", entry_no: int = 1, is_hero: bool = False,
          finished: bool = True, started: datetime = datetime(2026, 11, 1), count_entries: int = 3,
          **holders_lines) -> None:
    rows.add("tournament_results", "tournament", game_id=gid(summary), tournament_id=tournament, player=player,
             entry_no=entry_no, finish=finish, prize=None if prize is None else D(prize), is_hero=is_hero,
             buy_in=D(buy_in), bounty=D(0), fee=D(fee), currency=currency, count_entries=count_entries,
             started_at=started, finished_at=datetime(2026, 11, 2) if finished else None, **holders_lines)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    rows = TableRows()
    # A: $10 + $1, Gleb wins $30, Anna 2nd, nothing. A was also summarized while it ran (a1):
    # that snapshot must not count a second time.
    entry(rows, "a", "A", "Gleb", finish=1, prize="30", buy_in="10", fee="1", is_hero=True)
    entry(rows, "a", "A", "Anna", finish=2, prize="0", buy_in="10", fee="1")
    entry(rows, "a1", "A", "Gleb", finish=None, prize=None, buy_in="10", fee="1", finished=False)
    entry(rows, "a1", "A", "Anna", finish=2, prize="0", buy_in="10", fee="1", finished=False)
    # B: $5 + $0.50, Gleb entered twice: 7th on his first entry, 3rd on his second, no prize.
    entry(rows, "b", "B", "Gleb", finish=3, prize="0", buy_in="5", fee="0.50", entry_no=2, is_hero=True)
    entry(rows, "b", "B", "Gleb", finish=7, prize="0", buy_in="5", fee="0.50")
    # C: €2 + €0.20, Gleb wins €4.
    entry(rows, "c", "C", "Gleb", finish=1, prize="4", buy_in="2", fee="0.20", currency="EUR", is_hero=True)
    return build(tmp_path_factory.mktemp("tournaments") / "warehouse", rows)


def test_tournament_list_counts_each_tournament_once_with_every_entry_paid(store):
    rows = query(store, "select tournament_id, count_entries, cost, finish, won, net, is_itm "
                        "from player_tournaments where player = 'Gleb' order by tournament_id")
    assert [tuple(r.values()) for r in rows] == [
        ("A", 1, D("11.00"), 1, D(30), D("19.00"), True),
        ("B", 2, D("11.00"), 3, D(0), D("-11.00"), False),     # 2 × 5.50
        ("C", 1, D("2.20"), 1, D(4), D("1.80"), True),
    ]


def test_player_tournament_stats_roi_itm_and_average_finish_per_currency(store):
    rows = {r["currency"]: r for r in query(store, "select * from player_stats_tournaments where player = 'Gleb'")}
    usd = rows["USD"]
    # USD: cost 11 + 11 = 22, won 30, net 8: ROI 8 / 22 = 36.36 %; ITM 1 of 2 = 50 %; finishes 1 and 3: 2.0
    assert (usd["count_tournaments"], usd["count_entries"], usd["cost"], usd["net"]) == (2, 3, D(22), D(8))
    assert (usd["roi"], usd["itm"], usd["avg_finish"]) == (D("36.36"), 50.0, 2.0)
    eur = rows["EUR"]
    # EUR: 1.80 / 2.20 = 81.82 %, never added to the USD figures
    assert (eur["count_tournaments"], eur["net"], eur["roi"], eur["itm"]) == (1, D("1.80"), D("81.82"), 100.0)


def test_roi_of_a_cent_buy_in_and_the_top_prize_is_exact_and_ties_round_away_from_zero(tmp_path):
    """A buy-in of $0.01 and a prize at the top of DECIMAL(18, 2) make an ROI of 1e20 percent: the
    mart cast it to DECIMAL(18, 2) and stopped the build with an overflow."""
    rows = TableRows()
    entry(rows, "t", "T", "Tiny", finish=1, prize="9999999999999999.99", buy_in="0.01", fee="0")
    # 0.29 on 200.00 is 0.145 %, a tie at the third decimal that a double holds as 0.14499…
    entry(rows, "u", "U", "Up", finish=1, prize="200.29", buy_in="200", fee="0")
    entry(rows, "d", "D", "Down", finish=2, prize="199.71", buy_in="200", fee="0")
    store = build(tmp_path / "warehouse", rows)
    roi = {r["player"]: (r["net"], r["roi"], r["roi_type"])
           for r in query(store, "select player, net, roi, typeof(roi) as roi_type from player_stats_tournaments")}
    # Tiny: net 9999999999999999.99 - 0.01 = 9999999999999999.98; 100 x that / 0.01 = 10,000 x that
    assert roi["Tiny"] == (D("9999999999999999.98"), D("99999999999999999800.00"), "DECIMAL(38,2)")
    # 100 x 0.29 / 200 = 0.145: half away from zero, 0.15 (and -0.15 for a loss of 0.29)
    assert roi["Up"][:2] == (D("0.29"), D("0.15"))
    assert roi["Down"][:2] == (D("-0.29"), D("-0.15"))


def test_two_summaries_of_a_tournament_merge_player_by_player_keeping_the_holders_own_lines(tmp_path):
    """A later summary replaced the earlier one for everyone: when the later one was written for an
    account that did not play ("There are no personal statistics because you did not play"), the
    holder lost his is_hero, rebuys and bounties; one that did not list him (anonymised otherwise)
    lost his row altogether."""
    rows = TableRows()
    price = {"buy_in": "10", "fee": "1"}
    # D, $10 + $1. d1, written while it ran for Gleb: 29th, 2 rebuys for $20, 1 bounty of $5; Anna
    # still playing, Boris 30th. d2, at its end, for an account that did not play: Anna won $30.
    entry(rows, "d1", "D", "Gleb", finish=29, prize="0", is_hero=True, finished=False, count_rebuys=2,
          rebuy_cost=D(20), count_bounties=1, bounties_won=D(5), **price)
    entry(rows, "d1", "D", "Anna", finish=None, prize=None, finished=False, **price)
    entry(rows, "d1", "D", "Boris", finish=30, prize="0", finished=False, **price)
    entry(rows, "d2", "D", "Gleb", finish=29, prize="0", **price)
    entry(rows, "d2", "D", "Anna", finish=1, prize="30", **price)
    entry(rows, "d2", "D", "Boris", finish=30, prize="0", **price)
    # E: e1 names its holder Hero, 40th; e2 (more finishes) lists the others under other names only
    entry(rows, "e1", "E", "Hero", finish=40, prize="0", is_hero=True, **price)
    entry(rows, "e1", "E", "Vera", finish=41, prize="0", **price)
    entry(rows, "e2", "E", "Vera", finish=41, prize="0", **price)
    entry(rows, "e2", "E", "Zoya", finish=1, prize="30", **price)
    entry(rows, "e2", "E", "Lev", finish=2, prize="0", **price)
    store = build(tmp_path / "warehouse", rows)
    listed = query(store, "select tournament_id, player, is_hero, finish, count_rebuys, cost, won, net, "
                          "is_still_playing from player_tournaments order by all")
    assert [tuple(r.values()) for r in listed] == [
        # Gleb from d1, his own lines: cost 11 + 20 = 31, won 0 + 5 = 5, net -26
        ("D", "Anna", False, 1, 0, D("11.00"), D(30), D("19.00"), False),
        ("D", "Boris", False, 30, 0, D("11.00"), D(0), D("-11.00"), False),
        ("D", "Gleb", True, 29, 2, D("31.00"), D(5), D("-26.00"), False),
        ("E", "Hero", True, 40, 0, D("11.00"), D(0), D("-11.00"), False),
        ("E", "Lev", False, 2, 0, D("11.00"), D(0), D("-11.00"), False),
        ("E", "Vera", False, 41, 0, D("11.00"), D(0), D("-11.00"), False),
        ("E", "Zoya", False, 1, 0, D("11.00"), D(30), D("19.00"), False),
    ]


def test_the_field_counts_every_entry_the_summary_lists_re_entries_included(tmp_path):
    """count_tournament_entries was the summary's players line: "104 players" of a tournament of 145
    entries (a pool of $145,000 at $1,000). R: "2 players", Gleb re-entered: 3 entries listed.
    W: a summary that lists its holder alone, "Registered players : 18": 18."""
    rows = TableRows()
    entry(rows, "r", "R", "Gleb", finish=1, prize="20", buy_in="10", fee="0", entry_no=2, is_hero=True,
          count_entries=2, count_reentries=1)
    entry(rows, "r", "R", "Anna", finish=2, prize="10", buy_in="10", fee="0", count_entries=2)
    entry(rows, "r", "R", "Gleb", finish=3, prize="0", buy_in="10", fee="0", count_entries=2)
    entry(rows, "w", "W", "Gleb", finish=9, prize="0", buy_in="9", fee="1", is_hero=True, count_entries=18)
    store = build(tmp_path / "warehouse", rows)
    listed = query(store, "select tournament_id, player, count_tournament_entries, count_entries "
                          "from player_tournaments order by all")
    assert [tuple(r.values()) for r in listed] == [("R", "Anna", 3, 1), ("R", "Gleb", 3, 2), ("W", "Gleb", 18, 1)]


def two_rooms(root: Path):
    """Gleb's $10 + $1 tournaments, both numbered 7: PokerStars (he wins $30: net +19) and Winamax
    (5th, nothing: −11). Two rooms, two accounts, two tournaments: never one tournament of two entries."""
    rows = TableRows()
    for summary, site, prize, finish in (("p", "PokerStars", "30", 1), ("w", "Winamax", "0", 5)):
        rows.add("games", "tournament", game_id=gid(summary), source_file="cases.txt", first_line=1, last_line=1,
                 count_players=3, count_errors=0, count_warnings=0, site=site, currency="USD", is_tournament=True)
        entry(rows, summary, "7", "Gleb", finish=finish, prize=prize, buy_in="10", fee="1", is_hero=True)
    return build(root, rows)


def test_tournament_marts_keep_each_room_apart(tmp_path):
    store = two_rooms(tmp_path / "warehouse")
    listed = query(store, "select site, tournament_id, count_entries, cost, net from player_tournaments "
                          "where player = 'Gleb' order by site")
    assert [tuple(r.values()) for r in listed] == [
        ("PokerStars", "7", 1, D("11.00"), D("19.00")), ("Winamax", "7", 1, D("11.00"), D("-11.00"))]
    stats = query(store, "select site, count_tournaments, net, itm from player_stats_tournaments "
                         "where player = 'Gleb' order by site")
    # one row per account: 100 % ITM at PokerStars, 0 % at Winamax, never 50 % over both
    assert [tuple(r.values()) for r in stats] == [("PokerStars", 1, D("19.00"), 100.0), ("Winamax", 1, D("-11.00"), 0.0)]


def test_player_review_room_filter_keeps_the_rooms_tournaments(tmp_path):

    from streamlit.testing.v1 import AppTest


    store = two_rooms(tmp_path / "warehouse")
    with warehouse_of_pages(store.root):
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=60)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Gleb").run()
        assert not at.exception, [e.value for e in at.exception]
        assert at.selectbox(key="player_site").options == ["All rooms", "PokerStars", "Winamax"]
        listed = next(d.value for d in at.dataframe if "tournament_id" in d.value.columns)
        assert sorted(zip(listed["site"], listed["net"].astype(str))) == [("PokerStars", "19.00"),
                                                                          ("Winamax", "-11.00")]
        at.selectbox(key="player_site").set_value("Winamax").run()
        assert not at.exception, [e.value for e in at.exception]
        listed = next(d.value for d in at.dataframe if "tournament_id" in d.value.columns)
        assert list(listed["site"]) == ["Winamax"]
        assert {m.label: m.value for m in at.metric}["Net (USD)"] == "-11.00"


def test_tournament_stats_follow_the_pages_dates(tmp_path, monkeypatch):
    # Gleb's $10 + $1 tournaments: X on 1 November (wins $30: +19), Y on 5 November (nothing: −11).
    # All dates: 2 tournaments, net +8, ROI 8 / 22 = 36.36 %, ITM 50 %. 5 November: Y alone,
    # net −11, ROI −100 %, ITM 0 %.
    from datetime import date

    from dashboards import queries as q

    rows = TableRows()
    entry(rows, "x", "X", "Gleb", finish=1, prize="30", buy_in="10", fee="1", is_hero=True,
          started=datetime(2026, 11, 1, 20))
    entry(rows, "y", "Y", "Gleb", finish=5, prize="0", buy_in="10", fee="1", is_hero=True,
          started=datetime(2026, 11, 5, 20))
    store = build(tmp_path / "warehouse", rows)
    monkeypatch.setenv(q.WAREHOUSE_ENV, str(store.root))
    q.release()
    try:
        db = q.database()
        shape = ("count_tournaments", "net", "roi", "itm", "avg_finish")
        every = q.tournament_stats(db, "Gleb").select(shape).rows()
        both_days = q.tournament_stats(db, "Gleb", start=date(2026, 11, 1), end=date(2026, 11, 5)).select(shape).rows()
        fifth = q.tournament_stats(db, "Gleb", start=date(2026, 11, 5), end=date(2026, 11, 5)).select(shape).rows()
    finally:
        q.release()
    assert every == both_days == [(2, D(8), D("36.36"), 50.0, 3.0)]
    assert fifth == [(1, D(-11), D("-100.00"), 0.0, 5.0)]


@pytest.fixture(scope="module")
def joiso(tmp_path_factory):
    """A warehouse of two real summaries of joiso's: a knockout he re-entered, and a rebuy tournament."""
    if not STARS.exists():
        pytest.skip(f"the summaries corpus is not here ({STARS})")
    from pipeline.ingest import ingest

    folder = tmp_path_factory.mktemp("summaries")
    for name in ("NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt", "PLO-MTT-USD-505-25-202005.rebuy.addon.txt"):
        (folder / name).write_bytes((STARS / name).read_bytes())
    root = folder.parent / "warehouse"
    summary = ingest([folder], root, jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0)
    return root


def test_summaries_ingest_into_tournament_results(joiso):
    from pipeline.warehouse import connect

    root = joiso

    with connect(root) as con:
        games = con.execute("select currency, is_tournament from stg_games").fetchall()
        joiso = con.execute("select tournament_id, cost, won, net from player_tournaments where player = 'joiso' "
                            "order by tournament_id").fetchall()
    assert games == [("USD", True), ("USD", True)]
    # re-entered once at $530: cost 1,060; won $827.17 + $875.00 bounties. Rebuys: 530 + 3,180 = 3,710.
    assert joiso == [("2874010268", D("1060.00"), D("1702.17"), D("642.17")),
                     ("2874010306", D("3710.00"), D("0.00"), D("-3710.00"))]


def test_player_review_shows_the_tournaments_of_a_summary_holder(joiso):
    # joiso: USD, 2 tournaments, 3 entries; cost 1,060 + 3,710 = 4,770; net 642.17 − 3,710 = −3,067.83;
    # ROI −3,067.83 / 4,770 = −64.3 %; ITM 1 of 2 = 50 %; finishes 72 and 47: 59.5

    from streamlit.testing.v1 import AppTest

    with warehouse_of_pages(joiso):
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=60)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        assert "joiso" in at.selectbox(key="player").options
        at.selectbox(key="player").set_value("joiso").run()
        assert not at.exception, [e.value for e in at.exception]
        assert "Tournaments" in [tab.label for tab in at.tabs]
        shown = {m.label: m.value for m in at.metric}
        assert (shown["Net (USD)"], shown["ROI"], shown["ITM"], shown["Average finish"]) == (
            "-3,067.83", "-64.3%", "50.0%", "59.5")
        listed = next(d.value for d in at.dataframe if "tournament_id" in d.value.columns)
        assert sorted(listed["tournament_id"]) == ["2874010268", "2874010306"]


WINAMAX = CORPORA / "summaries" / "Winamax"


def read_winamax(name: str):
    path = WINAMAX / name
    if not path.exists():
        pytest.skip(f"the summaries corpus is not here ({path})")
    from parsers.formats import parse_chunk

    chunk = next(c for c in split(decode(path.read_bytes())) if c.format == "winamax_summary")
    return parse_chunk(chunk, name)


def test_winamax_summary_with_rebuys_and_addons():
    # "Buy-In : 9€ + 1€", "Rebuy cost : 9€ + 1€", "Addon cost : 9€ + 1€", "Your rebuys : 4", "Your addons : 2",
    # "Registered players : 18", "You finished in 9th place": rebuys and add-ons cost 6 × 10 = 60
    s = read_winamax("NLHE-EUR-9.00-MTSNG-201105.rebuy.addons.txt")
    assert (s.tournament_id, s.buy_in, s.fee, s.currency, s.count_entries) == ("winamax-7949467", D(9), D(1), "EUR", 18)
    assert (s.count_rebuys, s.count_addons, s.rebuy_cost, s.hero, s.hero_finish) == (4, 2, D(60), "Hero", 9)
    assert [(e.player, e.finish, e.prize) for e in s.entries] == [("Hero", 9, D(0))]


def test_winamax_summary_cashed_and_ticket_entry():
    cashed = read_winamax("NLHE-EUR-0.46-STT-201110.hero.cashed.txt")   # 0.46€ + 0.04€, 3rd, "You won 0.92€"
    assert (cashed.buy_in, cashed.fee, cashed.hero_finish, cashed.entries[0].prize) == (
        D("0.46"), D("0.04"), 3, D("0.92"))
    ticket = read_winamax("NLHE-Freeroll-Ticket-STT-201208.txt")       # "Buy-In : Ticket uniquement"
    assert (ticket.buy_in, ticket.fee, ticket.currency, ticket.hero_finish) == (None, D(0), "EUR", 1)


def test_an_entry_paid_with_a_ticket_of_unsaid_value_is_left_out_of_the_roi(tmp_path):
    # Hero's two Winamax sit-and-goes: 0.46€ + 0.04€, 3rd, won 0.92€ (net 0.42€); and one entered
    # with "Buy-In : Ticket uniquement", 1st, here made to win 5€. The ticket's worth is unsaid: its
    # price is unknown, counted 0 in cost, and the ROI is the paid one's alone: 0.42 / 0.50 = 84%.
    from tests.worked_marts import ingest_files

    texts = {"cashed.txt": read_text("NLHE-EUR-0.46-STT-201110.hero.cashed.txt"),
             "ticket.txt": read_text("NLHE-Freeroll-Ticket-STT-201208.txt").replace(
                 "You finished in 1st place", "You finished in 1st place\nYou won 5€")}
    assert ingest_files(tmp_path, texts).quarantined == 0
    store = Warehouse(tmp_path / "warehouse").open()
    rows = query(store, "select tournament_id, price, cost, won, net, is_price_unknown from player_tournaments "
                        "order by tournament_id")
    assert [tuple(r.values()) for r in rows] == [("winamax-13828726", D("0.50"), D("0.50"), D("0.92"), D("0.42"), False),
                                                 ("winamax-28101157", None, D(0), D(5), D(5), True)]
    stats = query(store, "select count_tournaments, cost, won, net, roi_cost, roi_net, count_roi_tournaments, roi "
                         "from player_stats_tournaments where player = 'Hero'")
    assert [tuple(r.values()) for r in stats] == [(2, D("0.50"), D("5.92"), D("5.42"), D("0.50"), D("0.42"), 1,
                                                   D("84.00"))]


def test_winamax_summaries_still_running_or_naming_no_player_store_the_account_holders_row(tmp_path):
    # The two corpus summaries stored with no row: a heads-up sit-and-go of 4.70€ + 0.30€ whose
    # "You finished in ... place" gives no place yet, and a freeroll of 2011 that writes no
    # "Player :" line, the account holder 3497th of 5000.
    from tests.worked_marts import ingest_files

    still = read_winamax("NLHE-EUR-HUSNG-4.70-201302.semiturbo.txt")
    freeroll = read_winamax("20110305_Freeroll 150%80(5142226)_real_holdem_no-limit_summary.txt")
    assert [(e.player, e.finish, e.prize) for e in still.entries] == [("Hero", None, None)]
    assert [(e.player, e.finish, e.prize) for e in freeroll.entries] == [(None, 3497, D(0))]
    texts = {"husng.txt": read_text("NLHE-EUR-HUSNG-4.70-201302.semiturbo.txt"),
             "freeroll.txt": read_text("20110305_Freeroll 150%80(5142226)_real_holdem_no-limit_summary.txt")}
    summary = ingest_files(tmp_path, texts)
    assert (summary.games, summary.quarantined) == (2, 0)
    store = Warehouse(tmp_path / "warehouse").open()
    assert audit(store, "games_have_players") == 0      # each summary's players are its rows
    rows = query(store, "select tournament_id, player, finish, prize, is_hero, buy_in, fee, count_entries "
                        "from tournament_results order by tournament_id")
    assert [tuple(r.values()) for r in rows] == [
        ("winamax-39203383", "Hero", None, None, True, D("4.70"), D("0.30"), 2),
        ("winamax-5142226", None, 3497, D(0), True, D(0), D(0), 5000)]
    # the unnamed holder is no account: the people are the named one alone
    people = query(store, "select site, player, count_tournaments from people")
    assert [tuple(r.values()) for r in people] == [("Winamax", "Hero", 1)]


def read_text(name: str) -> str:
    path = WINAMAX / name
    if not path.exists():
        pytest.skip(f"the summaries corpus is not here ({path})")
    return decode(path.read_bytes())


PACIFIC = CORPORA / "summaries" / "PacificPoker"


def read_pacific(name: str):
    path = PACIFIC / name
    if not path.exists():
        pytest.skip(f"the summaries corpus is not here ({path})")
    from parsers.formats import parse_chunk

    chunk = next(c for c in split(decode(path.read_bytes())) if c.format == "pacific_summary")
    return parse_chunk(chunk, name)


def test_888_summary_cashed_rebuys_and_price_styles():
    cashed = read_pacific("NLHE-USD-MTT-5-201111.cashed.txt")    # "$5 + $0.50", "Hero finished 7/254 and won $50.80"
    assert (cashed.tournament_id, cashed.buy_in, cashed.fee, cashed.currency, cashed.count_entries) == (
        "888-34471039", D(5), D("0.50"), "USD", 254)
    assert [(e.player, e.finish, e.prize) for e in cashed.entries] == [("Hero", 7, D("50.80"))]
    rebuys = read_pacific("NLHE-USD-MTT-3.15-201111.rebuys.addons.txt")   # a $3.15 rebuy and a $3.15 add-on
    assert (rebuys.count_rebuys, rebuys.count_addons, rebuys.rebuy_cost) == (1, 1, D("6.30"))
    euro_style = read_pacific("NLHE-USD-STT-20-201205.euro.style.txt")    # "20$ + 1$"
    assert (euro_style.buy_in, euro_style.fee, euro_style.currency) == (D(20), D(1), "USD")
    comma = read_pacific("NLHE-6max-SNG-0.10-201206.summary.txt")         # "0,09 € + 0,01 €"
    assert (comma.buy_in, comma.fee, comma.currency) == (D("0.09"), D("0.01"), "EUR")
    free = read_pacific("NLHE-Freeroll-MTT-201205.russian.txt")           # "Buy-In: Бесплатно", no prize
    assert (free.buy_in, free.currency, free.hero_finish) == (D(0), None, 440)


def read_edited(folder: Path, name: str, old: str, new: str, reader: str):
    """A real summary with ``old`` written ``new``, read by ``reader``."""
    from parsers.formats import parse_chunk

    path = folder / name
    if not path.exists():
        pytest.skip(f"the summaries corpus is not here ({path})")
    text = decode(path.read_bytes())
    assert old in text
    chunk = next(c for c in split(text.replace(old, new)) if c.format == reader)
    return parse_chunk(chunk, name)


def test_888_prize_with_dots_before_three_digits_is_thousands_as_its_tables_write_them():
    # 888 writes decimal commas ("won 1,20 €") and dots before groups of three as thousands ($ 3.243):
    # "won $1.000" is $1,000, "won $ 1.000,50" $1,000.50; a fourth decimal is no amount, at its column
    # ("Hero finished 7/254 and won " is 28 characters: column 29 of line 4)
    def prize(won: str):
        return read_edited(PACIFIC, "NLHE-USD-MTT-5-201111.cashed.txt", "won $50.80", f"won {won}",
                           "pacific_summary").entries[0].prize

    assert (prize("$1.000"), prize("$ 1.000,50"), prize("$50.80")) == (D(1000), D("1000.50"), D("50.80"))
    with pytest.raises(ParseError) as raised:
        prize("$1.0000")
    assert (raised.value.line, raised.value.column) == (4, 29)
    assert raised.value.reason.startswith("'$1.0000' is not an amount: 4 decimals, where amounts have two at most")


def test_winamax_amount_with_a_third_decimal_is_refused_at_its_column_never_read_as_another(tmp_path):
    # Winamax writes decimal points and no thousands ("Prizepool : 39348€"): "You won 1.000€" is
    # no amount. Line 14 of the file, "You won " 8 characters: column 9.
    from tests.worked_marts import ingest_files

    name = "NLHE-EUR-SNG-25-201704.new.format.txt"
    with pytest.raises(ParseError) as raised:
        read_edited(WINAMAX, name, "You won 50€", "You won 1.000€", "winamax_summary")
    assert (raised.value.line, raised.value.column) == (14, 9)
    assert raised.value.reason.startswith("'1.000€' is not an amount: 3 decimals, where amounts have two at most "
                                          "(cents), and this room groups thousands with commas, not dots")
    summary = ingest_files(tmp_path, {"won.txt": read_text(name).replace("You won 50€", "You won 1.000€")})
    assert (summary.games, summary.quarantined) == (0, 1)
    rows = query(Warehouse(tmp_path / "warehouse").open(), "select line, \"column\", text from quarantine")
    assert [(r["line"], r["column"], "You won 1.000€" in r["text"]) for r in rows] == [(14, 9, True)]


# One summary of each room, as short as its reader takes, for the faults every reader reports alike.
SHORT_SUMMARIES = {
    "pokerstars_summary": ("PokerStars Tournament #329052872, No Limit Hold'em\nBuy-In: $10.00/$0.50 USD\n"
                           "2 players\nTotal Prize Pool: $20.00 USD\nTournament started 2010/11/07 8:03:52 ET\n"
                           " 1: Hero (Perth), $20.00 (100%)\n 2: v.v.75 (Grjazi),\n\nYou finished in 1st place."),
    "winamax_summary": ("Winamax Poker - Tournament summary : Qualificatif 300€(7949467)\nPlayer : Hero\n"
                        "Buy-In : 9€ + 1€\nRegistered players : 18\nPrizepool : 300€\n"
                        "Tournament started 2011/05/28 19:10:00 UTC\nYou finished in 9th place"),
    "pacific_summary": ("***** Cassava Tournament Summary *****\nTournament ID: 34471040\nBuy-In: $3.15 + $0.35\n"
                        "Hero finished 59/468 and won $5"),
}


def read_short(reader: str, old: str, new: str):
    from parsers.formats import parse_chunk

    text = SHORT_SUMMARIES[reader]
    assert old in text
    chunk = next(c for c in split(text.replace(old, new)) if c.format == reader)
    return parse_chunk(chunk, "t.txt")


@pytest.mark.parametrize(("reader", "old", "new", "reason", "line"), [
    ("pokerstars_summary", "2010/11/07", "2010/13/07", "'2010/13/07 8:03:52' is not a date and time", 5),
    ("winamax_summary", "2011/05/28", "2011/05/32", "'2011/05/32 19:10:00' is not a date and time", 6),
    ("pokerstars_summary", "2 players", "10000000 players",
     "the number 10000000 is too large for a tournament (at most 9,999,999)", 3),
    ("winamax_summary", "players : 18", "players : 10000000",
     "the number 10000000 is too large for a tournament (at most 9,999,999)", 4),
    ("pacific_summary", "59/468", "59/10000000", "the number 10000000 is too large for a tournament (at most 9,999,999)",
     4),
    ("winamax_summary", "9€ + 1€", "9€ + 1€ + 1€", "a price has at most two parts (buy-in + fee), found 3", 3),
    ("pacific_summary", "$3.15 + $0.35", "$3.15 + $0.35 + $1", "a price has at most two parts (buy-in + fee), found 3",
     3),
    ("winamax_summary", "Prizepool : 300€", "Prizepool : 300$", "a summary in two currencies (EUR, USD)", 1),
    ("pacific_summary", "won $5", "won 5 €", "a summary in two currencies (EUR, USD)", 1),
    # a place line without its player's name: the grammar types it, the reader's pattern refuses it
    ("pacific_summary", "Hero finished", "  finished",
     "expected a line like 'Hero finished 7/254 and won $50.80', found 'finished 59/468 and won $5'", 4),
    ("pacific_summary", "Hero finished", "  performed 1 rebuys\nHero finished",
     "expected a line like 'Hero performed 1 rebuys', found 'performed 1 rebuys'", 4),
])
def test_every_summary_reader_reports_a_broken_summary_alike_at_its_line(reader, old, new, reason, line):
    with pytest.raises(ParseError) as raised:
        read_short(reader, old, new)
    assert (raised.value.reason, raised.value.line, raised.value.column) == (reason, line, 1)


def test_winamax_and_888_list_the_account_holder_alone():
    # 9th of 18 at Winamax, nothing won; 59th of 468 at 888, $5 won
    winamax = read_short("winamax_summary", "Player : Hero", "Player : Hero")
    assert [(e.player, e.finish, e.prize, e.prize_text, e.line) for e in winamax.entries] == [("Hero", 9, D(0), None, 1)]
    # "You finished in ... place": still playing, his row has no place and no prize yet
    no_place = read_short("winamax_summary", "You finished in 9th place", "You finished in ... place")
    assert (no_place.hero, [(e.player, e.finish, e.prize) for e in no_place.entries]) == ("Hero", [("Hero", None, None)])
    # no "Player :" line: his place is still his row, of a player the summary does not name
    unnamed = read_short("winamax_summary", "Player : Hero\n", "")
    assert (unnamed.hero, [(e.player, e.finish, e.prize) for e in unnamed.entries]) == (None, [(None, 9, D(0))])
    pacific = read_short("pacific_summary", "Hero finished", "Hero finished")
    assert [(e.player, e.finish, e.prize, e.prize_text) for e in pacific.entries] == [("Hero", 59, D(5), "5 USD")]


_SUMMARY_FENCE = re.compile(r"^```text summary=(?P<format>\w+)\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)


def test_the_summaries_of_the_formats_page_are_read_as_it_works_them_out(tmp_path):
    """docs/formats.md, tournament summaries: each example is read as its format, with no
    quarantine, to the figures the page works out for it."""
    from pipeline.warehouse import connect
    from tests.worked_marts import ingest_files

    page = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    found = {m["format"]: m["body"] for m in _SUMMARY_FENCE.finditer(page)}
    assert set(found) == {"pokerstars_summary", "winamax_summary", "pacific_summary"}
    for name, body in found.items():
        assert [c.format for c in split(body)] == [name]
    summary = ingest_files(tmp_path, {f"{name}.txt": body for name, body in found.items()})
    assert (summary.games, summary.quarantined, summary.findings) == (3, 0, 0)
    with connect(tmp_path / "warehouse") as con:
        rows = con.execute("select site, player, started_at, currency, count_tournament_entries, count_entries, "
                           "finish, cost, won, net from player_tournaments where is_hero order by site").fetchall()
    assert rows == [
        # 888poker: $3.50 + $3.15 + $3.15, 59th of 468, no date
        ("888poker", "Anna", None, "USD", 468, 1, 59, D("9.80"), D(0), D("-9.80")),
        # 2 entries × $530; one bounty of $250; 18:00 ET in May is 22:00 UTC; 4 entries of 3 players
        ("PokerStars", "Boris", datetime(2020, 5, 5, 22, 0), "USD", 4, 2, 2, D("1060.00"), D("250.00"),
         D("-810.00")),
        # €10 + 4 × €10 + 2 × €10
        ("Winamax", "Anna", datetime(2011, 5, 28, 19, 10), "EUR", 18, 1, 9, D(70), D(0), D(-70)),
    ]


def test_player_review_says_which_tournaments_its_dates_leave_out_for_want_of_a_start_time(tmp_path):
    # Gleb's $10 + $1 tournaments: X on 1 November, Y on 5 November, Z with no start time (as 888poker's
    # summaries are). All dates: 3 tournaments, no note. 5 November alone: Y, and a note that Z is left out.
    from datetime import date

    from streamlit.testing.v1 import AppTest

    rows = TableRows()
    for summary, started in (("x", datetime(2026, 11, 1, 20)), ("y", datetime(2026, 11, 5, 20)), ("z", None)):
        rows.add("games", "tournament", game_id=gid(summary), source_file="cases.txt", first_line=1, last_line=1,
                 played_at=started, count_players=3, count_errors=0, count_warnings=0, site="PokerStars",
                 currency="USD", is_tournament=True)
        entry(rows, summary, summary.upper(), "Gleb", finish=5, prize="0", buy_in="10", fee="1", is_hero=True,
              started=started)
    store = build(tmp_path / "warehouse", rows)
    with warehouse_of_pages(store.root) as (q, db):
        assert q.undated_tournaments(db, "Gleb") == 1 and q.undated_tournaments(db, "Gleb", "Winamax") == 0
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=60)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Gleb").run()
        assert not at.exception, [e.value for e in at.exception]
        assert not [c.value for c in at.caption if "without a start time" in c.value]
        assert {m.label: m.value for m in at.metric}["Net (USD)"] == "-33.00"
        at.date_input(key="player_dates").set_value((date(2026, 11, 5), date(2026, 11, 5))).run()
        assert not at.exception, [e.value for e in at.exception]
        assert {m.label: m.value for m in at.metric}["Net (USD)"] == "-11.00"
        assert [c.value for c in at.caption if "without a start time" in c.value] == [
            ("1 tournament without a start time (the summary gives none) is left out of these dates: choose "
            "every date to count it.")]


def test_the_field_of_a_tournament_summarized_while_it_ran_is_its_final_summarys_for_the_holder_too(tmp_path):
    """#734695129: KO.v1, written for Hero while it ran (5,309 entries listed, "5305 players": Hero
    2788th), and KO.v2 at its end for another account ("6643 players", 6,643 listed). Hero's field
    was v1's 5,309 while every other row had v2's 6,643: the field is the tournament's, not his line."""
    if not STARS.exists():
        pytest.skip(f"the summaries corpus is not here ({STARS})")
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    for name in ("NLHE-9max-MTT-USD-2.50-201305.KO.v1.txt", "NLHE-9max-MTT-USD-2.50-201305.KO.v2.txt"):
        (tmp_path / name).write_bytes((STARS / name).read_bytes())
    summary = ingest([tmp_path / "NLHE-9max-MTT-USD-2.50-201305.KO.v1.txt",
                      tmp_path / "NLHE-9max-MTT-USD-2.50-201305.KO.v2.txt"], tmp_path / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0)
    with connect(tmp_path / "warehouse") as con:
        rows = con.execute("select player, is_hero, finish, count_tournament_entries, cost, prize, net "
                           "from player_tournaments where tournament_id = '734695129' "
                           "and player in ('Hero', 'Strehnin', 'Akcus') order by player").fetchall()
    # Hero from v1 (his own lines): 2788th, $2.50 + $0.20, no prize. Strehnin won $2,062.96 (v2).
    assert rows == [("Akcus", False, 2788, 6643, D("2.70"), D(0), D("-2.70")),
                    ("Hero", True, 2788, 6643, D("2.70"), D(0), D("-2.70")),
                    ("Strehnin", False, 1, 6643, D("2.70"), D("2062.96"), D("2060.26"))]


@pytest.mark.parametrize("first, last", [("orig.txt", "lower.txt"), ("lower.txt", "orig.txt")])
def test_two_final_summaries_that_disagree_keep_the_path_sorting_last_and_the_ingest_names_them(tmp_path, first,
                                                                                                last):
    """Two whole summaries of 888-34471039, one saying "won $50.80", its copy "won $5.08": the one
    whose game ID sorted higher (the copy's) was kept, and nothing said so. Now the one whose path
    sorts last (orig.txt after lower.txt), in either order of ingest, and the ingest that reads
    the second names both."""
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    text = "***** Cassava Tournament Summary *****\nTournament ID: 34471039\nBuy-In: $5 + $0.50\n"
    (tmp_path / "orig.txt").write_text(text + "Hero finished 7/254 and won $50.80\n", encoding="utf-8")
    (tmp_path / "lower.txt").write_text(text + "Hero finished 7/254 and won $5.08\n", encoding="utf-8")
    root = tmp_path / "warehouse"
    assert ingest([tmp_path / first], root, jobs=1).contradicting == []
    summary = ingest([tmp_path / last], root, jobs=1)
    with connect(root) as con:
        rows = con.execute("select player, finish, prize, net from player_tournaments").fetchall()
    # $5 + $0.50 = 5.50; won 50.80: net 45.30
    assert rows == [("Hero", 7, D("50.80"), D("45.30"))]
    assert [(e["tournament_id"], e["player"], Path(e["source_file"]).name, e["prize_text"],
             Path(e["other_source_file"]).name, e["other_prize_text"]) for e in summary.contradicting] == [
        ("888-34471039", "Hero", "orig.txt", "50.80 USD", "lower.txt", "5.08 USD")]


def test_summaries_written_while_a_tournament_ran_number_places_apart_without_contradicting(tmp_path):
    """#406766863 while it ran listed Ganorb 43rd; at its end, with every place given, 42nd. Only
    summaries that give every entry its place are compared: none of the pair is named."""
    if not STARS.exists():
        pytest.skip(f"the summaries corpus is not here ({STARS})")
    from pipeline.ingest import ingest

    names = ("NLHE-USD-MTT-0.50-201107.Super.Satellite.txt", "NLHE-USD-MTT-0.50-201107.SuperSatellite.Complete.txt")
    for name in names:
        (tmp_path / name).write_bytes((STARS / name).read_bytes())
    root = tmp_path / "warehouse"
    assert ingest([tmp_path / names[1]], root, jobs=1).contradicting == []
    summary = ingest([tmp_path / names[0]], root, jobs=1)
    assert (summary.games, summary.contradicting) == (1, [])


def test_the_headers_of_an_emailed_history_are_no_game_only_when_it_is_read_as_a_mail(tmp_path):
    """The mail's headers (Delivered-To: … Content-Transfer-Encoding: quoted-printable, lines 1 to 15,
    before the first blank line) are no game: the ingest stores the 3 tournaments, quarantines
    nothing and exits 0. The same lines in a file that is no mail to decode (its quoted-printable
    header taken out) are text of no known format, at line 1."""
    name = "PokerStars Tournament History Request - Last 3 tournaments.eml"
    if not (STARS / name).exists():
        pytest.skip(f"the summaries corpus is not here ({STARS})")
    from click.testing import CliRunner

    from pipeline.cli import main

    data = (STARS / name).read_bytes()
    assert data.split(b"\r\n\r\n" if b"\r\n" in data else b"\n\n")[0].count(b"\n") + 1 == 15
    (tmp_path / "mail.eml").write_bytes(data)
    ran = CliRunner().invoke(main, ["ingest", str(tmp_path / "mail.eml"), "-w", str(tmp_path / "w1"), "-j", "1", "-q"])
    assert ran.exit_code == 0, ran.output
    store = Warehouse(tmp_path / "w1").open()
    assert query(store, "select count(*) as n from quarantine") == [{"n": 0}]
    assert [r["n"] for r in query(store, "select count(*) as n from tournament_results group by tournament_id "
                                         "order by all")] == [10, 157, 158]
    plain = data.replace(b"Content-Transfer-Encoding: quoted-printable", b"X-Note: none")
    (tmp_path / "plain.txt").write_bytes(plain)
    ran = CliRunner().invoke(main, ["ingest", str(tmp_path / "plain.txt"), "-w", str(tmp_path / "w2"), "-j", "1",
                                    "-q"])
    assert ran.exit_code == 1
    rows = query(Warehouse(tmp_path / "w2").open(), "select line, first_line, error from quarantine "
                                                    "where first_line = 1")
    assert [(r["line"], r["error"].startswith("text is not a game of any known format")) for r in rows] == [(1, True)]


def test_an_emailed_history_saved_as_eml_is_read_as_its_letter_quoted_printable_decoded(tmp_path):
    """The mail PokerStars sends, saved whole: quoted-printable, so every entry without a prize ended
    in "=20" (a prize of unknown value: 158 of 158 in the money) and the footer's address, wrapped
    with "=", put the last tournament in quarantine."""
    name = "PokerStars Tournament History Request - Last 3 tournaments.eml"
    if not (STARS / name).exists():
        pytest.skip(f"the summaries corpus is not here ({STARS})")
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    data = (STARS / name).read_bytes()
    text = decode(data)
    # a wrapped line comes back whole, and the lines a wrap joined as blank lines at the next blank:
    # every line keeps its number (the holder's 38th place is line 251 of the file)
    assert len(normalize_lines(text)) == len(normalize_lines(data.decode("cp1252")))
    assert normalize_lines(text)[250] == "  38: ChazDazzle (United States),"
    assert '"PokerStars Support" <support@pokerstars.com>' in text and "=20" not in text
    (tmp_path / name).write_bytes(data)
    summary = ingest([tmp_path / name], tmp_path / "warehouse", jobs=1)
    assert summary.games == 3
    with connect(tmp_path / "warehouse") as con:
        equals = con.execute("select count(*) from tournament_results where prize_text like '%=%'").fetchone()
        held = con.execute("select tournament_id, count_tournament_entries, finish, cost, prize, net, is_itm "
                           "from player_tournaments where is_hero order by tournament_id").fetchall()
        itm = con.execute("select tournament_id, count_if(is_itm) from player_tournaments group by all "
                          "order by all").fetchall()
    assert equals == (0,)
    # Buy-In 45000/5000 (50,000), 70th of 158; 43500/6500 (50,000), 38th of 157; 17000/3000 (20,000),
    # 2nd of 10 with 23,035: net 3,035
    assert held == [("1789785533", 157, 38, D(50000), D(0), D(-50000), False),
                    ("1789790449", 158, 70, D(50000), D(0), D(-50000), False),
                    ("2892717422", 10, 2, D(20000), D(23035), D(3035), True)]
    # the places paid, as the letter lists them: 1st to 36th, 1st to 45th, 1st to 5th
    assert itm == [("1789785533", 36), ("1789790449", 45), ("2892717422", 5)]
