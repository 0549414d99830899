"""Each dashboard page run headless by Streamlit's AppTest over a warehouse built in a temp dir.

The warehouse is ingested by ``pipeline.ingest.ingest`` from ``data/samples/`` (whatever it
holds) and from the small games below (the examples of FORMATS.md, one of them with a wrong
running total, and one that does not parse) and 60 generated Hold'em hands. The figures each page shows are compared with
the warehouse's own tables, queried here independently of ``dashboards/queries.py``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from datetime import date
from decimal import Decimal
from pathlib import Path

import polars as pl
import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

from dashboards.safe_text import md
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests import formats_examples
from tests.conftest import made_once

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "dashboards" / "streamlit_app.py")
SAMPLES = ROOT / "data" / "samples"

RASPISNOY = formats_examples.RASPISNOY_LOG
# The same game a week later, with Anna's running total written wrong (RSP-TOTAL).
RASPISNOY_WRONG_TOTAL = (
    RASPISNOY.replace("R-2026-11-28-1", "R-2026-12-05-1").replace("2026-11-28 19:30", "2026-12-05 19:30")
    .replace("Totals: Boris 0, Vera 15, Anna 0", "Totals: Boris 0, Vera 15, Anna 5")
)
NOT_A_GAME = "Raspisnoy game broken\nPlayers: Anna\nRound x\n"
CHINESE = formats_examples.CHINESE


def write_fixture_logs(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "club-night.txt").write_text(RASPISNOY + "\n" + RASPISNOY_WRONG_TOTAL + "\n" + NOT_A_GAME,
                                           encoding="utf-8")
    (folder / "chinese.txt").write_text(CHINESE, encoding="utf-8")
    from pipeline.generators.holdem import generate

    (folder / "holdem.txt").write_text(generate("holdem", count=60, seed=1), encoding="utf-8")
    paths = [folder]
    if SAMPLES.is_dir() and any(SAMPLES.iterdir()):
        paths.append(SAMPLES)
    return paths


def copy_of_made(tmp_path_factory, name: str, make) -> Path:
    """A warehouse of its own for the caller (a module), copied from the one ``make`` ingests into
    ``warehouse`` once a test run, on whichever worker asks first (:func:`made_once`): these tests
    and the browser's share it, and a page that imports (the browser's Import page) changes its
    copy alone. A warehouse is a folder that can be moved: its views resolve paths from where it is."""
    copy = tmp_path_factory.mktemp(name) / "warehouse"
    shutil.copytree(made_once(tmp_path_factory, name, make) / "warehouse", copy)
    return copy


def fixture_warehouse(tmp_path_factory) -> Path:
    """The warehouse of these tests (:func:`copy_of_made`)."""
    def ingest_logs(base: Path) -> None:
        ingest(write_fixture_logs(base / "logs"), base / "warehouse", jobs=2)

    return copy_of_made(tmp_path_factory, "dashboards-fixture", ingest_logs)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The fixture warehouse, with RASKLAD_WAREHOUSE pointing at it while the module runs."""
    warehouse = fixture_warehouse(tmp_path_factory)
    before = os.environ.get("RASKLAD_WAREHOUSE")
    os.environ["RASKLAD_WAREHOUSE"] = str(warehouse)
    yield warehouse
    from dashboards import queries

    queries.release()  # AppTest ran in this process: let go of the DuckDB file for whoever writes it next
    if before is None:
        os.environ.pop("RASKLAD_WAREHOUSE", None)
    else:
        os.environ["RASKLAD_WAREHOUSE"] = before


def sql(warehouse: Path, query: str, params=None) -> list[tuple]:
    with connect(warehouse) as con:
        return con.execute(query, params or []).fetchall()


@pytest.fixture
def tables(built):
    """:func:`sql` over one connection: for a test that looks up the tables hundreds of times (a
    connection lays every table's views, which costs more than most lookups)."""
    with connect(built) as reader:
        yield lambda query, params=None: reader.execute(query, params or []).fetchall()


def page(name: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    if name:
        at.switch_page(f"app_pages/{name}.py")
        at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def all_markdown(at: AppTest) -> str:
    """The page's Markdown and captions as they read (log values are sent escaped: ``\\(``
    reads ``(``), and the HTML blocks (the source lines) as sent."""
    return "\n".join([*(as_read(m.value) for m in at.markdown), *(as_read(c.value) for c in at.caption),
                      *(h.proto.body for h in at.get("html"))])


def as_read(markdown: str) -> str:
    """Markdown text with its backslash escapes resolved, as a reader sees it."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown)


def number(text: str) -> Decimal:
    return Decimal(text.replace(",", "").replace("+", ""))


# -- overview -----------------------------------------------------------------------------------

def test_overview_counts_equal_the_warehouse(built):
    at = page()
    games = sql(built, "select count(*) from stg_games")[0][0]
    quarantined = sql(built, "select count(*) from stg_quarantine")[0][0]
    findings = sql(built, "select count(*) from stg_findings")[0][0]
    assert games >= 3 and quarantined >= 1 and findings >= 1
    assert number(metric(at, "Games")) == games
    assert number(metric(at, "Quarantined")) == quarantined
    assert number(metric(at, "Findings")) == findings
    table = at.dataframe[0].value
    assert int(table["count_games"].sum()) == games


# -- Hero's two days in two currencies ---------------------------------------------------------------
# Three hands of his in EUR on 1 March 2024 and four in USD on 5 March, at 0.05/0.10, four-handed
# (Hero, Oswood, PokerMill, andi), at 9:00 ET and after: 14:00 UTC and after. Worked by hand:
# STEAL: Hero opens to 0.30 on the button, both blinds fold; 0.20 back, he collects 0.25: +0.15.
# SPLIT: Hero folds first without a chip in; Oswood opens to 0.30, the small blind folds (-0.05),
#   andi calls; they split 0.65 less 0.05 rake, 0.30 each: Oswood 0, andi 0, Hero 0. Nobody is
#   above zero: Hero, Oswood and andi tie for first, but none won a chip.
# LOSS: Hero calls 0.20 more in the big blind and folds the flop to a bet: -0.30.
# EUR: STEAL, SPLIT, LOSS: 3 hands, net 0.15 + 0 - 0.30 = -0.15, 1 won (not 2). USD: STEAL and LOSS
# at 9:00, 9:02, STEAL and STEAL at 11:00, 11:02 (two sittings, 118 minutes apart): 4 hands, net
# 0.15 - 0.30 + 0.15 + 0.15 = +0.15, 3 won.
STEAL = """PokerStars Game #{number}:  Hold'em No Limit ({s}0.05/{s}0.10 {code}) - {day} {clock} ET
Table 'Lampland' 6-max Seat #1 is the button
Seat 1: Hero ({s}10 in chips)
Seat 2: Oswood ({s}10 in chips)
Seat 3: PokerMill ({s}10 in chips)
Seat 4: andi ({s}10 in chips)
Oswood: posts small blind {s}0.05
PokerMill: posts big blind {s}0.10
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
andi: folds
Hero: raises {s}0.20 to {s}0.30
Oswood: folds
PokerMill: folds
Uncalled bet ({s}0.20) returned to Hero
Hero collected {s}0.25 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot {s}0.25 | Rake {s}0
Seat 1: Hero (button) collected ({s}0.25)
Seat 2: Oswood (small blind) folded before Flop
Seat 3: PokerMill (big blind) folded before Flop
Seat 4: andi folded before Flop (didn't bet)"""
SPLIT = """PokerStars Game #{number}:  Hold'em No Limit ({s}0.05/{s}0.10 {code}) - {day} {clock} ET
Table 'Lampland' 6-max Seat #2 is the button
Seat 1: Hero ({s}10 in chips)
Seat 2: Oswood ({s}10 in chips)
Seat 3: PokerMill ({s}10 in chips)
Seat 4: andi ({s}10 in chips)
PokerMill: posts small blind {s}0.05
andi: posts big blind {s}0.10
*** HOLE CARDS ***
Dealt to Hero [2d 7h]
Hero: folds
Oswood: raises {s}0.20 to {s}0.30
PokerMill: folds
andi: calls {s}0.20
*** FLOP *** [2c 7d 9h]
andi: checks
Oswood: checks
*** TURN *** [2c 7d 9h] [Js]
andi: checks
Oswood: checks
*** RIVER *** [2c 7d 9h Js] [Qd]
andi: checks
Oswood: checks
*** SHOW DOWN ***
Oswood: shows [Ah Kc] (high card Ace)
andi: shows [As Kd] (high card Ace)
Oswood collected {s}0.30 from pot
andi collected {s}0.30 from pot
*** SUMMARY ***
Total pot {s}0.65 | Rake {s}0.05
Board [2c 7d 9h Js Qd]
Seat 1: Hero folded before Flop (didn't bet)
Seat 2: Oswood (button) showed [Ah Kc] and won ({s}0.30) with high card Ace
Seat 3: PokerMill (small blind) folded before Flop
Seat 4: andi (big blind) showed [As Kd] and won ({s}0.30) with high card Ace"""
LOSS = """PokerStars Game #{number}:  Hold'em No Limit ({s}0.05/{s}0.10 {code}) - {day} {clock} ET
Table 'Lampland' 6-max Seat #3 is the button
Seat 1: Hero ({s}10 in chips)
Seat 2: Oswood ({s}10 in chips)
Seat 3: PokerMill ({s}10 in chips)
Seat 4: andi ({s}10 in chips)
andi: posts small blind {s}0.05
Hero: posts big blind {s}0.10
*** HOLE CARDS ***
Dealt to Hero [9c 8c]
Oswood: raises {s}0.20 to {s}0.30
PokerMill: folds
andi: folds
Hero: calls {s}0.20
*** FLOP *** [3c 8d Ts]
Hero: checks
Oswood: bets {s}0.40
Hero: folds
Uncalled bet ({s}0.40) returned to Oswood
Oswood collected {s}0.65 from pot
Oswood: doesn't show hand
*** SUMMARY ***
Total pot {s}0.65 | Rake {s}0
Board [3c 8d Ts]
Seat 1: Hero (big blind) folded on the Flop
Seat 2: Oswood collected ({s}0.65)
Seat 3: PokerMill (button) folded before Flop (didn't bet)
Seat 4: andi (small blind) folded before Flop"""
HERO_DAYS = {"EUR": {"s": "€", "code": "EUR", "day": "2024/03/01"}, "USD": {"s": "$", "code": "USD", "day": "2024/03/05"}}
HERO_LOG = "\n\n\n".join([
    STEAL.format(number=9001, clock="9:00:00", **HERO_DAYS["EUR"]), SPLIT.format(number=9002, clock="9:02:00", **HERO_DAYS["EUR"]),
    LOSS.format(number=9003, clock="9:04:00", **HERO_DAYS["EUR"]),
    STEAL.format(number=9101, clock="9:00:00", **HERO_DAYS["USD"]), LOSS.format(number=9102, clock="9:02:00", **HERO_DAYS["USD"]),
    STEAL.format(number=9103, clock="11:00:00", **HERO_DAYS["USD"]), STEAL.format(number=9104, clock="11:02:00", **HERO_DAYS["USD"]),
]) + "\n"
EUR_DAY = date(2024, 3, 1)


def hero_warehouse(tmp_path_factory) -> Path:
    """Hero's two days (:func:`copy_of_made`)."""
    def ingest_log(base: Path) -> None:
        (base / "hero.txt").write_text(HERO_LOG, encoding="utf-8")
        summary = ingest([base / "hero.txt"], base / "warehouse", jobs=1)
        assert (summary.games, summary.quarantined, summary.findings) == (7, 0, 0), summary.as_dict()

    return copy_of_made(tmp_path_factory, "dashboards-hero", ingest_log)


@pytest.fixture
def hero(tmp_path_factory, monkeypatch):
    """The pages over Hero's warehouse for one test."""
    from dashboards import queries

    queries.release()
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(hero_warehouse(tmp_path_factory)))
    yield
    queries.release()


# -- player review ------------------------------------------------------------------------------

@pytest.mark.parametrize("player", ["Anna", "Vera"])
def test_player_review_headlines_equal_the_games_table(built, player):
    at = page("player")
    at.selectbox(key="player").set_value(player).run()
    assert not at.exception
    # one row per game and unit (currency, cash or tournament, Chinese poker's scale): two units are never
    # added; no currency is the casino's money in six-card poker, points in the scored games; raspisnoy
    # logs and score sheets are one game, as the leaderboards count them
    expected = {
        (game, unit): (count, net) for game, unit, count, net in sql(
            built, "select if(game = 'raspisnoy_sheet', 'raspisnoy', game), "
                   "coalesce(currency, if(game = 'sixcard', 'money', 'points')) "
                   "|| coalesce(' (' || scoring || ' scoring)', '') "
                   "|| if(is_tournament, ' (tournaments)', ''), count(*), sum(net) "
                   "from stg_game_players join stg_games using (game_id, game) "
                   "left join (select distinct game_id, scoring from stg_chinese_players) using (game_id) "
                   "where player = ? group by all",
            [player])
    }
    shown = at.dataframe[0].value
    labels = {"Raspisnoy (logs and sheets)": "raspisnoy", "Chinese poker": "chinese", "Hold'em (52 cards)": "holdem",
              "Open-face Chinese": "ofc", "Six-card poker": "sixcard", "Hold'em 6+ (short deck, 36 cards)": "holdem36"}
    got = {(labels[row["game"]], row["unit"].replace("tournament chips", "chips (tournaments)")
            .replace("play chips", "chips")): (row["count_games"], Decimal(str(row["net"])))
           for row in shown.to_dict("records")}
    assert got == {key: (count, Decimal(net)) for key, (count, net) in expected.items()}


def review_at(address_player: str) -> AppTest:
    """The Player review opened at an address naming ``address_player`` (``?player=…``)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("app_pages/player.py")
    at.query_params["player"] = address_player
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_player_review_opens_the_person_of_a_linked_name_and_no_one_for_an_unknown_name(served_copy):
    from pipeline import people

    # the fixture's Глеб is Gleb renamed: linked, a shared ?player=Глеб opens Gleb (not the busiest player)
    people.link(served_copy, "Gleb", ["Глеб"])
    at = review_at("Глеб")
    assert at.selectbox(key="player").value == "Gleb"
    assert at.query_params["player"] == "Gleb"    # the address rewritten to the person
    assert "Глеб is a name of Gleb: the figures of Gleb, every linked name together." in all_markdown(at)
    assert not at.error
    # a name no game has: said so, with the close one, and no one's review under it
    at = review_at("Glebb")
    assert [as_read(error.value) for error in at.error] == [
        "No stored game has a player 'Glebb'. Did you mean 'Gleb'? Choose a player below."]
    assert [(link.proto.label, link.proto.query_string) for link in at.get("page_link")] == [
        ("Review Gleb", "player=Gleb")]
    assert at.selectbox(key="player").value is None
    assert not at.dataframe and not at.metric and not at.tabs


@pytest.mark.parametrize("name", ["hands", "reports"])
def test_hands_and_reports_say_an_addresss_player_has_no_hand_and_show_no_one_elses(built, name):
    with_hands = {p for (p,) in sql(built, "select distinct player from hand_list")}
    assert "Gleb" not in with_hands and sql(built, "select count(*) from game_players where player = 'Gleb'")[0][0]
    for wanted, says in [("Gleb", "Gleb has no Hold'em hand in this warehouse. Choose a player below."),
                         ("Glebb", "No stored game has a player 'Glebb'. Did you mean 'Gleb'? Choose a player below.")]:
        at = AppTest.from_file(APP, default_timeout=60)
        at.run()
        at.switch_page(f"app_pages/{name}.py")
        at.query_params["player"] = wanted
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        assert [as_read(box.value) for box in [*at.info, *at.error]] == [says]
        assert at.selectbox(key=f"{name}_player").value is None
        assert at.query_params["player"] == wanted     # the address still names who was asked for
        assert not at.dataframe and not at.metric


def test_player_review_club_filter_leaves_other_clubs_out(built):
    at = page("player")
    at.selectbox(key="player").set_value("Anna").run()
    clubs = [c for c in at.selectbox(key="player_club").options if c != "All clubs"]
    assert "Tverskaya" in clubs
    at.selectbox(key="player_club").set_value("Tverskaya").run()
    assert not at.exception
    expected = sql(built, "select count(*) from stg_game_players join stg_games using (game_id) "
                          "where player = 'Anna' and club = 'Tverskaya'")[0][0]
    assert int(at.dataframe[0].value["count_games"].sum()) == expected


def test_player_review_holdem_winnings_end_at_the_players_net(built):
    at = page("player")
    hands = sql(built, "select player, sum(net), count(*) from stg_holdem_results group by all order by 3 desc")
    assert hands, "the fixture's Hold'em hands left no results: the replay stored none"
    player = hands[0][0]
    at.selectbox(key="player").set_value(player).run()
    # the graph shows one unit: the page opens at the player's cash unit with the most hands
    is_tournament, currency = at.selectbox(key="holdem_money").value
    one_unit = ("from stg_holdem_results join stg_games using (game_id, game) where player = ? "
                "and stg_games.is_tournament = ? and stg_games.currency is not distinct from ?")
    net, showdown, allin_ev = sql(built, f"select sum(net), sum(net_showdown), sum(allin_ev_net) {one_unit}",
                                  [player, is_tournament, currency])[0]
    assert number(metric(at, "Net won")) == Decimal(net).quantize(Decimal("0.01"))
    assert number(metric(at, "At showdown")) == Decimal(showdown).quantize(Decimal("0.01"))
    assert number(metric(at, "Without showdown")) == (Decimal(net) - Decimal(showdown)).quantize(Decimal("0.01"))
    assert number(metric(at, "All-in EV")) == Decimal(allin_ev).quantize(Decimal("0.01"))
    stats = next(d.value for d in at.dataframe if "bb_per_100" in d.value.columns)
    expected = sql(built, "select count(*), sum(count_hands) from player_stats_holdem where player = ? "
                          "and is_tournament = ? and currency is not distinct from ?", [player, is_tournament, currency])[0]
    assert (len(stats), int(stats["count_hands"].sum())) == expected
    at.toggle(key="holdem_bb").set_value(True).run()
    assert not at.exception


def test_player_review_shows_tournament_chips_whole(built):
    # Irisha's one hand is the sample's tournament hand #250000000004 (400/800, ante 50): the ante and the
    # small blind in, then a fold: 50 + 400 = -450 tournament chips, which read whole, never "-450.00"
    if not (SAMPLES / "pokerstars-holdem.txt").is_file():
        pytest.skip("the samples' tournament hand is not in this build")
    at = page("player")
    at.selectbox(key="player").set_value("Irisha").run()
    assert not at.exception
    assert metric(at, "Hold'em (52 cards), tournament chips") == "-450"     # (the unit is in the label)
    headlines = at.dataframe[0].value
    assert headlines[["unit", "net"]].to_dict("records") == [{"unit": "tournament chips", "net": "-450"}]
    assert (metric(at, "Net won"), metric(at, "Without showdown"), metric(at, "All-in EV")) == ("-450",) * 3


def test_player_review_raspisnoy_tab_shows_points_and_stats(built):
    at = page("player")
    at.selectbox(key="player").set_value("Vera").run()
    tabs = [t.label for t in at.tabs]
    assert "Raspisnoy" in tabs
    text = all_markdown(at)
    assert "Points over the rounds" in text or "not in the warehouse yet" in "\n".join(i.value for i in at.info)


def test_player_review_chinese_and_sixcard_figures_equal_the_marts(built):
    tables = {r[0] for r in sql(built, "show tables")}
    at = page("player")
    at.selectbox(key="player").set_value("Vera").run()
    assert not at.exception
    shown = [m for m in at.metric]
    if "player_stats_chinese" in tables:
        fouls = [f"{float(r):.1%}" for (r,) in sql(built, "select foul_rate from player_stats_chinese "
                                                          "where player = 'Vera' order by all")]
        assert sorted(m.value for m in shown if m.label == "Foul rate") == sorted(fouls)
    if "player_stats_sixcard" in tables:
        rtp = sql(built, "select rtp from player_stats_sixcard where player = 'Vera'")
        if rtp:
            assert metric(at, "Return to player") == f"{float(rtp[0][0]):.1%}"


# -- leaderboards -------------------------------------------------------------------------------

def test_leaderboard_table_equals_the_mart(built):
    at = page("leaderboards")
    at.selectbox(key="lb_club").set_value("Tverskaya").run()
    at.selectbox(key="lb_game").set_value("chinese").run()
    at.radio(key="lb_kind").set_value("all").run()
    assert not at.exception
    # Chinese poker's two scales are two tables, each ranking the points of its own scale
    scales = [row[0] for row in sql(built, "select distinct scoring from leaderboard where club = 'Tverskaya' "
                                           "and game = 'chinese' order by scoring")]
    assert scales == ["1-6", "2-4"]
    for scoring in scales:
        at.selectbox(key="lb_money").set_value((False, None, scoring)).run()
        assert not at.exception
        expected = sql(built, "select player, count_games, net from leaderboard where club = 'Tverskaya' "
                              "and game = 'chinese' and season_kind = 'all' and scoring = ? order by rank, player",
                       [scoring])
        table = at.dataframe[0].value
        assert [(r["player"], r["count_games"], Decimal(str(r["net"]))) for r in table.to_dict("records")] == [
            (p, c, Decimal(n)) for p, c, n in expected]
        assert any(md(f"points ({scoring} scoring)") in header.value for header in at.subheader)


@pytest.mark.parametrize("before", ["chinese", "ofc"])
def test_leaderboard_shows_six_card_after_a_game_of_points(built, before):
    # Chinese poker's and OFC's units carry a scoring scale that six-card money has not: the Money
    # choice of the game before must not be kept for six-card, where it matches no table
    at = page("leaderboards")
    at.selectbox(key="lb_club").set_value("Tverskaya").run()
    at.radio(key="lb_kind").set_value("all").run()
    at.selectbox(key="lb_game").set_value(before).run()
    assert at.selectbox(key="lb_money").value[2] == "1-6"
    at.selectbox(key="lb_game").set_value("sixcard").run()
    assert not at.exception
    assert not any("No dated games" in i.value for i in at.info)
    expected = sql(built, "select player, net from leaderboard where club = 'Tverskaya' and game = 'sixcard' "
                          "and season_kind = 'all' order by rank, player")
    assert expected
    table = at.dataframe[0].value
    assert [(r["player"], Decimal(str(r["net"]))) for r in table.to_dict("records")] == [
        (p, Decimal(n)) for p, n in expected]


def test_leaderboard_minimum_games_and_month_seasons(built):
    at = page("leaderboards")
    at.selectbox(key="lb_club").set_value("Tverskaya").run()
    at.selectbox(key="lb_game").set_value("raspisnoy").run()
    at.radio(key="lb_kind").set_value("month").run()
    # with the raspisnoy mart, logs and score sheets share one table; without it, the common leaderboard
    merged = "leaderboard_raspisnoy" in {r[0] for r in sql(built, "show tables")}
    source = ("leaderboard_raspisnoy where club = 'Tverskaya'" if merged
              else "leaderboard where club = 'Tverskaya' and game = 'raspisnoy'")
    months = [m for (m,) in sql(built, f"select distinct season from {source} and season_kind = 'month' "
                                       "order by season desc")]
    assert "2026-12" in months and at.selectbox(key="lb_season").options == months
    at.radio(key="lb_kind").set_value("all").run()
    most = sql(built, f"select max(count_games) from {source} and season_kind = 'all'")[0][0]
    at.number_input(key="lb_min_games").set_value(most).run()
    assert not at.exception
    table = at.dataframe[0].value
    assert len(table) >= 1 and (table["count_games"] >= most).all()
    at.number_input(key="lb_min_games").set_value(most + 1).run()
    assert any(f"Nobody played {most + 1} games" in i.value for i in at.info)


def test_leaderboard_raspisnoy_settlement_in_money(built):
    at = page("leaderboards")
    at.selectbox(key="lb_club").set_value("Tverskaya").run()
    at.selectbox(key="lb_game").set_value("raspisnoy").run()
    at.radio(key="lb_kind").set_value("all").run()
    at.number_input(key="lb_point_value").set_value(2.5).run()
    table = at.dataframe[0].value
    expected = dict(sql(built, "select player, settlement_points from leaderboard_raspisnoy where club = 'Tverskaya' "
                               "and season_kind = 'all'"))
    assert {r["player"]: Decimal(str(r["settlement_points"])) for r in table.to_dict("records")} == expected
    for row in table.to_dict("records"):
        assert Decimal(str(row["settlement_money"])) == (Decimal(str(row["settlement_points"])) * Decimal("2.5")
                                                         ).quantize(Decimal("0.01"))
    if len(at.radio(key="lb_settlement").options) == 2:  # the mart has the winner-only settlement too
        at.radio(key="lb_settlement").set_value("winner").run()
        winner = dict(sql(built, "select player, settlement_points_winner from leaderboard_raspisnoy "
                                 "where club = 'Tverskaya' and season_kind = 'all'"))
        table = at.dataframe[0].value
        assert {r["player"]: Decimal(str(r["settlement_points"])) for r in table.to_dict("records")} == winner


def test_leaderboard_counts_six_card_wins_as_the_player_review(built):
    # a six-card session is won when its net is above zero: the leaderboard's wins are the Player review's
    at = page("leaderboards")
    at.selectbox(key="lb_club").set_value("Metropol").run()
    at.selectbox(key="lb_game").set_value("sixcard").run()
    at.radio(key="lb_kind").set_value("all").run()
    expected = sql(built, "select person, count(*), count(*) filter (where net > 0) from int_player_games "
                          "where game = 'sixcard' and club = 'Metropol' group by person order by person")
    assert expected and any(wins for _, _, wins in expected)
    table = at.dataframe[0].value
    assert sorted((r["player"], r["count_games"], r["count_wins"]) for r in table.to_dict("records")) == expected
    assert table["avg_placement"].isna().all()   # no placement: shown "—", never "None"
    at = page("player")
    at.selectbox(key="player").set_value(expected[0][0]).run()
    wins = sql(built, "select count(*) filter (where net > 0) from int_player_games where game = 'sixcard' "
                      "and person = ?", [expected[0][0]])[0][0]
    assert any(m.label.startswith("Six-card poker") and m.proto.delta.endswith(f", {wins} won") for m in at.metric)


def test_six_card_money_is_labelled_money_and_scored_games_points(built):
    # six-card amounts are the casino's money, whose logs name no currency; Chinese poker's and
    # raspisnoy's are points, which have no currency either: the same null, two different units
    (gleb_net,) = sql(built, "select sum(net) from int_player_games where game = 'sixcard' and person = 'Gleb'")[0]
    at = page("player")
    at.selectbox(key="player").set_value("Gleb").run()
    six = next(m for m in at.metric if m.label.startswith("Six-card poker"))
    # (in no currency, whole where it is, as the six-card table beside it reads it: -235, not -235.00)
    assert gleb_net == gleb_net.to_integral_value()
    assert (six.label, six.value) == ("Six-card poker, money", f"{gleb_net:+,.0f}")
    units = {row["game"]: row["unit"] for row in at.dataframe[0].value.to_dict("records")}
    assert units["Six-card poker"] == "money"
    at.selectbox(key="player").set_value("Vera").run()
    assert any(m.label == "Raspisnoy (logs and sheets), points" for m in at.metric), [m.label for m in at.metric]
    at = page("leaderboards")
    at.selectbox(key="lb_club").set_value("Metropol").run()
    at.selectbox(key="lb_game").set_value("sixcard").run()
    assert at.selectbox(key="lb_money").options == ["money"]


def test_six_card_shares_read_as_percentages_and_its_money_to_the_cent(built):
    at = page("player")
    at.selectbox(key="player").set_value("Gleb").run()
    categories = next(t for t in at.dataframe if "observed_rate" in t.value.columns)
    shares = formats_of(categories)
    assert (shares["observed_rate"], shares["exact_probability"]) == ("%.1f%%", "%.1f%%")
    # each share is sent times 100: every box holds one category, so the shares add up to 100 (%), not 1
    assert abs(sum(categories.value["observed_rate"]) - 100) < 1e-6
    assert abs(sum(categories.value["exact_probability"]) - 100) < 1e-3
    stats = next(t for t in at.dataframe if "total_wagered" in t.value.columns)
    money = formats_of(stats)
    assert {money[name] for name in ("total_wagered", "total_net", "ev_lost_total", "ev_lost_per_hand")
            if name in money} == {"%,.2f"}


def test_chinese_and_ofc_points_read_whole_in_the_headline(built):
    expected = dict(sql(built, "select game || ' ' || scoring, sum(net) from stg_game_players "
                               "join stg_games using (game_id, game) join (select distinct game_id, scoring "
                               "from stg_chinese_players) using (game_id) where player = 'Anna' group by all"))
    assert expected
    at = page("player")
    at.selectbox(key="player").set_value("Anna").run()
    labels = {"chinese": "Chinese poker", "ofc": "Open-face Chinese"}
    for key, net in expected.items():
        game, scoring = key.split()
        assert net == net.to_integral_value()
        shown = metric(at, f"{labels[game]}, points ({scoring} scoring)")
        assert shown == f"{int(net):+,}"


def test_per_game_figures_say_their_unit_once_in_a_label_that_fits(built):
    # the unit repeated in the figure, four figures a row, cut the scoring scale to an ellipsis at 1280 px
    at = page("player")
    at.selectbox(key="player").set_value("Anna").run()
    per_game = [m for m in at.metric if m.proto.help.startswith("Net of ")]
    (chinese_net,) = sql(built, "select sum(net) from stg_game_players join stg_games using (game_id, game) "
                                "join (select distinct game_id, scoring from stg_chinese_players) using (game_id) "
                                "where player = 'Anna' and game = 'chinese' and scoring = '1-6'")[0]
    assert metric(at, "Chinese poker, points (1-6 scoring)") == f"{int(chinese_net):+,}"
    for figure in per_game:
        assert re.fullmatch(r"[+-][\d,]+(\.\d\d)?", figure.value), figure.value     # the figure alone
        assert figure.proto.help == f"Net of {figure.label}"
    # three a row: a label of 40 characters fits a third of the page at 1280 px, not a quarter
    labels = {figure.label for figure in per_game}
    assert {column.weight for column in at.columns if labels & {m.label for m in column.metric}} == {1 / 3}


def formats_of(table) -> dict:
    return {name: config.get("type_config", {}).get("format") for name, config in json.loads(table.proto.columns).items()}


def test_player_review_counts_in_words_and_says_how_to_get_the_house_edge(built):
    # Gleb: one six-card session at Shangri La, lost; no house edge computed in this warehouse
    (count,) = sql(built, "select count(*) from int_player_games where game = 'sixcard' and person = 'Gleb'")[0]
    assert count == 1
    at = page("player")
    at.selectbox(key="player").set_value("Gleb").run()
    assert any(m.label.startswith("Six-card poker") and m.proto.delta == "1 game, 0 won" for m in at.metric)
    captions = [as_read(c.value) for c in at.caption]
    assert any(c.startswith("1 session, ") and "not computed yet (`rasklad house-edge` computes it)" in c
               for c in captions), captions


def test_leaderboard_says_why_undated_games_have_no_trend(built):
    at = page("leaderboards")
    at.selectbox(key="lb_club").set_value("(no club)").run()
    at.selectbox(key="lb_game").set_value("ofc").run()
    at.radio(key="lb_kind").set_value("all").run()
    at.selectbox(key="lb_trend_player").set_value("Anna").run()
    notes = [i.value for i in at.info]
    assert any("games of this club and game have no date" in note for note in notes), notes
    assert not any("0 month" in note for note in notes)


def test_leaderboard_rank_trend_draws_for_two_months(built):
    at = page("leaderboards")
    at.selectbox(key="lb_club").set_value("Tverskaya").run()
    at.selectbox(key="lb_game").set_value("raspisnoy").run()
    at.selectbox(key="lb_trend_player").set_value("Vera").run()
    at.radio(key="lb_trend_kind").set_value("month").run()
    assert not at.exception
    assert not any("no trend to draw" in i.value for i in at.info)


# -- audit --------------------------------------------------------------------------------------

def test_audit_counts_and_marks_the_line_of_the_wrong_total(built):
    at = page("audit")
    total = sql(built, "select count(*) from stg_findings")[0][0]
    assert number(metric(at, "Findings")) == total
    game_id, line = sql(built, "select game_id, line from stg_findings where rule_id = 'RSP-TOTAL' "
                               "and source_file like '%club-night.txt'")[0]
    at.multiselect(key="audit_rules").set_value(["RSP-TOTAL"]).run()
    assert number(metric(at, "Findings")) == sql(built, "select count(*) from stg_findings "
                                                        "where rule_id = 'RSP-TOTAL'")[0][0]
    at.selectbox(key="audit_game").set_value(game_id).run()
    assert not at.exception
    text = all_markdown(at)
    assert "Rule RSP-TOTAL:" in text
    # the source block numbers file lines and marks the finding's line with its rule
    assert f">{line}</span>Totals: Boris 0, Vera 15, Anna 5<b" in text and "◀ RSP-TOTAL" in text
    assert "**Round 1**: 1 card, regular, dealer Anna, trump 9♥" in text  # the replay tab


def test_audit_filters_by_severity_and_player(built):
    at = page("audit")
    at.selectbox(key="audit_severity").set_value("warning").run()
    warnings = sql(built, "select count(*) from stg_findings where severity = 'warning'")[0][0]
    assert number(metric(at, "Findings")) == warnings
    at.selectbox(key="audit_severity").set_value("Any").run()
    at.selectbox(key="audit_player").set_value("Anna").run()
    expected = sql(built, "select count(*) from stg_findings where game_id in "
                          "(select game_id from stg_game_players where player = 'Anna')")[0][0]
    assert number(metric(at, "Findings")) == expected


def test_audit_opens_a_game_the_filters_keep(built):
    # the first game opened has an error only; a warning chosen opens a game with a warning, never the one before
    at = page("audit")
    opened = at.selectbox(key="audit_game").value
    assert at.query_params["game"] == opened
    warned = {g for (g,) in sql(built, "select distinct game_id from stg_findings where severity = 'warning'")}
    assert warned and opened not in warned
    at.selectbox(key="audit_severity").set_value("warning").run()
    assert not at.exception
    assert at.selectbox(key="audit_game").value in warned
    assert at.query_params["game"] == at.selectbox(key="audit_game").value
    # every choice is named as the table reads it, its file and line, never a bare ID; the game open and
    # the rules it broke said below the box (short, so that it fits a phone)
    assert all(re.fullmatch(r"[^:]+:\d+", label)
               for label in at.selectbox(key="audit_game").options), at.selectbox(key="audit_game").options
    (game, rules), = sql(built, "select any_value(game), string_agg(distinct rule_id, ', ') from stg_findings "
                                "where game_id = ? and severity = 'warning'", [at.selectbox(key="audit_game").value])
    (name,), = sql(built, "select name_in_log from stg_games where game_id = ?", [at.selectbox(key="audit_game").value])
    from dashboards.queries import label

    game_said, rules_said = next(as_read(c.value) for c in at.caption if " — " in c.value).split(" — ")
    assert game_said == f"{label(game)} {name}" and set(rules_said.split(", ")) == set(rules.split(", "))
    # nothing matches: no game is open, and the address names none
    only_errors = sql(built, "select rule_id from stg_findings group by rule_id "
                             "having bool_and(severity = 'error') order by rule_id limit 1")[0][0]
    at.multiselect(key="audit_rules").set_value([only_errors]).run()
    assert any("No finding matches these filters." in s.value for s in at.success)
    assert "audit_game" not in [s.key for s in at.selectbox] and "game" not in at.query_params


def test_audit_keeps_the_game_a_link_names_while_it_matches(built):
    game_id = sql(built, "select game_id from stg_findings where severity = 'warning' limit 1")[0][0]
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["game"] = game_id
    at.run()
    at.switch_page("app_pages/audit.py")
    at.run()
    assert at.selectbox(key="audit_game").value == game_id  # no filter leaves it out
    at.selectbox(key="audit_severity").set_value("error").run()
    if not sql(built, "select 1 from stg_findings where game_id = ? and severity = 'error'", [game_id]):
        assert at.selectbox(key="audit_game").value != game_id  # the error filter leaves it out
    at.selectbox(key="audit_severity").set_value("warning").run()
    assert at.selectbox(key="audit_game").value in {
        g for (g,) in sql(built, "select game_id from stg_findings where severity = 'warning'")}


def test_audit_opens_the_game_a_link_names_by_the_name_its_log_gives_it(built):
    # an arbiter's paper names a club game as its header does (Raspisnoy game <name>): the address takes it
    (game_id, name), = sql(built, "select game_id, name_in_log from stg_games where game = 'raspisnoy' and "
                                  "game_id in (select game_id from stg_findings) and name_in_log in "
                                  "(select name_in_log from stg_games group by all having count(*) = 1) limit 1")
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["game"] = name
    at.run()
    at.switch_page("app_pages/audit.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="audit_game").value == game_id and at.query_params["game"] == game_id
    assert any(f" {name} — " in as_read(c.value) for c in at.caption)   # said below the box
    # the findings' table names each game's name in its log beside its club, titled in words
    table = next(d for d in at.dataframe if "rule_id" in d.value.columns)
    assert name in set(table.value["name_in_log"])
    titles = {column: c.get("label") for column, c in json.loads(table.proto.columns).items()}
    assert titles["name_in_log"] == "Name in the log"


def _forge_source_file(warehouse: Path, path: str) -> None:
    """Point every stored game's ``source_file`` at ``path``, as a hand-edited warehouse could."""
    import pyarrow.parquet as pq

    for part in warehouse.glob("games/*/*.parquet"):
        table = pq.read_table(part)
        if table.num_rows:
            column = table.schema.get_field_index("source_file")
            table = table.set_column(column, "source_file", pa.array([path] * table.num_rows, pa.string()))
            pq.write_table(table, part)
    from pipeline.models import build
    from pipeline.warehouse import Warehouse

    build(Warehouse(warehouse))     # the marts the pages look games up in hold the forged path too


def test_audit_never_reads_the_file_a_games_row_names(tmp_path, monkeypatch):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "night.txt").write_text(RASPISNOY_WRONG_TOTAL, encoding="utf-8")
    ingest([logs], tmp_path / "warehouse", jobs=1)
    secret = tmp_path / "secret.txt"
    secret.write_text("Raspisnoy game R-2026-12-05-1\nroot:x:0:0:the secret line\n", encoding="utf-8")
    _forge_source_file(tmp_path / "warehouse", str(secret))
    shutil.rmtree(logs)
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(tmp_path / "warehouse"))
    at = page("audit")
    shown = all_markdown(at) + "\n".join(as_read(e.value) for e in [*at.info, *at.warning, *at.error])
    assert "the secret line" not in shown
    assert "Rule RSP-TOTAL:" in shown   # the findings still show, from the warehouse
    from dashboards import queries

    if queries.game_text(queries.database(), sql(tmp_path / "warehouse", "select game_id from stg_games")[0][0]):
        assert "Totals: Boris 0, Vera 15, Anna 5" in shown     # the text the warehouse keeps
    else:
        assert any("keeps no text for this game" in i.value for i in at.info)


# -- check a game -------------------------------------------------------------------------------

def test_check_a_pasted_game_finds_the_wrong_total_and_stores_nothing(built):
    before = sql(built, "select count(*) from stg_games")[0][0]
    stamp = (built / "rasklad.duckdb").stat().st_mtime_ns
    at = page("check")
    at.text_area(key="check_text").set_value(RASPISNOY_WRONG_TOTAL + "\n" + NOT_A_GAME).run()
    at.button(key="check_run").click().run()
    assert not at.exception
    assert metric(at, "Games read") == "1"
    assert metric(at, "Findings") == "1"
    assert metric(at, "Not read or not replayed") == "1"
    # each game is named as the other pages name it, never by its format's code
    assert any(as_read(e.label).startswith("Raspisnoy (log) — lines ") for e in at.expander), [e.label for e in at.expander]
    assert any("expected a whole number, found 'x'" in as_read(e.value) for e in at.error)
    assert "◀ RSP-TOTAL" in all_markdown(at)
    at.select_slider(key=next(k for k in _keys(at) if k.endswith("_round"))).set_value(2).run()
    assert "**Round 2**: 2 cards, regular, dealer Boris, trump J♣" in all_markdown(at)
    assert sql(built, "select count(*) from stg_games")[0][0] == before
    assert (built / "rasklad.duckdb").stat().st_mtime_ns == stamp


def test_check_a_holdem_hand_shows_its_result_by_the_rules_beside_the_logs(built):
    from tests.test_holdem_engine import SIDE_POTS_PAID_THE_WRONG_WAY

    at = page("check")
    at.text_area(key="check_text").set_value(SIDE_POTS_PAID_THE_WRONG_WAY).run()
    at.button(key="check_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "**Result by the replay**, beside the log's" in [m.value for m in at.markdown]
    results = next(t for t in at.dataframe if "net_in_log" in t.value.columns)
    rows = {r["player"]: r for r in results.value.to_dict("records")}
    # hand-worked (tests.test_holdem_engine): the main pot of 30 is Gleb's, the side pot of 40 Inna's,
    # where the log pays Gleb 40 and Inna 30
    assert {name: (number(str(r["net"])), number(str(r["net_in_log"]))) for name, r in rows.items()} == {
        "Gleb": (20, 30), "Inna": (10, 0), "Kirill": (-30, -30)}
    assert {name: number(str(r["owed"])) for name, r in rows.items()} == {"Gleb": 30, "Inna": 40, "Kirill": 0}
    titles = {name: c.get("label") for name, c in json.loads(results.proto.columns).items()}
    # a hand in dollars: each amount's title names its currency
    assert titles["net"] == "Net by the rules (USD)" and titles["net_in_log"] == "Net in the log (USD)"
    assert titles["collected"] == "Collected in the log (USD)"


def test_check_a_cashed_out_hand_says_the_rules_pay_the_cash_out(built):
    from tests.test_holdem_cash_out_replay import LOSER_CASHED_OUT

    at = page("check")
    at.text_area(key="check_text").set_value(LOSER_CASHED_OUT).run()
    at.button(key="check_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    results = next(t for t in at.dataframe if "net_in_log" in t.value.columns)
    rows = {r["player"]: r for r in results.value.to_dict("records")}
    # hand-worked (tests.test_holdem_cash_out_replay): Player3 lost the pot, the room paid him 22.77
    assert (number(str(rows["Player3"]["owed"])), number(str(rows["Player3"]["net"]))) == (Decimal("22.77"),
                                                                                         Decimal("9.24"))
    titles = {name: c.get("label") for name, c in json.loads(results.proto.columns).items()}
    assert titles["cash_out"] == "Cashed out for (USD)" and titles["owed"] == "The rules pay (USD)"
    assert any(as_read(c.value).startswith("Player3 cashed out the hand for 22.77: the share of the pots")
               for c in at.caption), [c.value for c in at.caption]


def test_check_a_hand_whose_player_paid_the_room_shows_what_was_paid_never_a_negative_cash_out(built):
    from tests.test_holdem_cash_out_replay import PAID_THE_ROOM

    at = page("check")
    at.text_area(key="check_text").set_value(PAID_THE_ROOM).run()
    at.button(key="check_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    results = next(t for t in at.dataframe if "net_in_log" in t.value.columns)
    rows = {r["player"]: r for r in results.value.to_dict("records")}
    # hand-worked (tests.test_holdem_cash_out_replay): the pot's 84.49 collected, 19 paid to the room
    assert (number(str(rows["d31522d6"]["paid_the_room"])), number(str(rows["d31522d6"]["collected"]))) == (
        Decimal("19.00"), Decimal("84.49"))
    titles = {name: c.get("label") for name, c in json.loads(results.proto.columns).items()}
    assert titles["paid_the_room"] == "Paid the room (USD)" and "cash_out" not in titles


def test_check_lists_a_games_findings_by_line_as_the_audit_does(built):
    from tests.test_holdem_engine import SIDE_POTS_PAID_THE_WRONG_WAY

    at = page("check")
    # the stakes' sign is the euro's, their code the dollar's: ROOM-CURRENCY at the header, line 1
    at.text_area(key="check_text").set_value(SIDE_POTS_PAID_THE_WRONG_WAY.replace("($0.50/$1 USD)", "(€0.50/€1 USD)")).run()
    at.button(key="check_run").click().run()
    cited = [re.search(r"\(\w+, line (\d+)\)", as_read(m.value)) for m in at.markdown]
    lines = [int(found[1]) for found in cited if found]
    assert lines[0] == 1 and lines == sorted(lines) and {19, 20} <= set(lines), lines


@pytest.mark.parametrize("name, caption, finding", [
    # a score sheet opens at the row of the round whose total is wrong, and marks it there
    ("SHEET", "Step 3 of 3, line 11: round 3: ", "RSP-TOTAL (line 11): round 3: Vera's total"),
    # two findings on one Result line: the replay opens at the first box, marked with its own only
    ("SIXCARD", "Step 1 of 2, line 8: hand 1, box 1: plays 10.00; win, net 10.00", "SIX-PAY (line 12): hand 1, box 1: "),
])
def test_check_opens_the_replay_at_the_step_a_finding_is_about_and_marks_it(built, name, caption, finding):
    from tests import test_replayer

    at = page("check")
    at.text_area(key="check_text").set_value(getattr(test_replayer, name)).run()
    at.button(key="check_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(as_read(c.value).startswith(caption) for c in at.caption), [c.value for c in at.caption]
    marked = [as_read(e.value) for e in at.error if "at this step" in e.value]
    assert len(marked) == 1 and finding in marked[0] and marked[0].count("(line ") == 1, marked
    if name == "SIXCARD":    # the source names the rule once, with its count; box 2's step: box 2's finding
        assert "◀ SIX-PAY ×2<" in all_markdown(at)
        # the boxes' amounts are numbers, written to the cent as every page writes money
        assert {column: formats(at, "decisions")[column] for column in (
            "ante", "costs", "wagered", "returned", "net", "net_in_log")} == dict.fromkeys(
            ("ante", "costs", "wagered", "returned", "net", "net_in_log"), "%,.2f")
        at.button(key=next(b.key for b in at.button if b.key and b.key.endswith("_next"))).click().run()
        marked = [as_read(e.value) for e in at.error if "at this step" in e.value]
        assert len(marked) == 1 and "SIX-PAY (line 12): hand 1, box 2: " in marked[0], marked


def test_the_replay_counts_its_steps_from_one_to_the_last(built):
    # The 3-round sheet opens at round 3 (its finding): step 3 of 3, not "2 of 2"; back to round 1,
    # step 1 of 3; the slider runs 1 to 3 as the caption counts.
    from tests import test_replayer

    at = page("check")
    at.text_area(key="check_text").set_value(test_replayer.SHEET).run()
    at.button(key="check_run").click().run()

    def step_caption() -> str:
        return next(as_read(c.value) for c in at.caption if c.value.startswith("Step "))

    assert step_caption().startswith("Step 3 of 3, line 11: round 3")
    step_key = next(s.key for s in at.slider if s.key and s.key.endswith("_step"))
    assert (at.slider(key=step_key).min, at.slider(key=step_key).max, at.slider(key=step_key).value) == (1, 3, 3)
    for _ in range(2):
        at.button(key=step_key.removesuffix("_step") + "_previous").click().run()
    assert step_caption().startswith("Step 1 of 3, line 9: round 1")
    assert at.button(key=step_key.removesuffix("_step") + "_previous").disabled
    assert not at.exception


def _keys(at: AppTest) -> list[str]:
    return [w.key for w in at.select_slider if w.key]


# -- import and quarantine -----------------------------------------------------------------------

def test_import_page_lists_the_quarantine_with_positions(built):
    at = page("import_files")
    rows = sql(built, "select source_file, line, \"column\", error from stg_quarantine order by source_file, first_line")
    reasons = at.dataframe[0].value
    assert int(reasons["count_games"].sum()) == len(rows)
    table = at.dataframe[1].value
    assert [(r["line"], r["column"], r["error"]) for r in table.to_dict("records")] == [
        (line, column, error) for _, line, column, error in rows]
    assert at.button(key="import_run").disabled  # nothing uploaded yet
    # the chosen game's text, its error line marked and a caret under the column
    line, column = rows[0][1], rows[0][2]
    text = all_markdown(at)
    assert f">{line}</span>" in text and (" " * (column - 1) + "^</div>") in text


# -- no warehouse yet -----------------------------------------------------------------------------

def test_every_pages_browser_tab_names_the_page(built, monkeypatch):
    import streamlit

    titles = []
    given = streamlit.set_page_config
    monkeypatch.setattr(streamlit, "set_page_config", lambda **config: (
        titles.append(config["page_title"]) if "page_title" in config else None, given(**config))[1])
    at = page()
    for name, shown in [("leaderboards", "Leaderboards"), ("player", "Player review"), ("check", "Check a game")]:
        at.switch_page(f"app_pages/{name}.py")
        at.run()
        assert not at.exception
        assert titles[-1] == f"{shown} · Rasklad"
    assert titles[0] == "Overview · Rasklad"


@pytest.mark.parametrize("name", [None, "player", "hands", "reports", "leaderboards", "audit", "check",
                                  "import_files"])
def test_every_page_says_how_to_start_without_a_warehouse(tmp_path, monkeypatch, name):
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(tmp_path / "none"))
    at = page(name)
    if name not in ("check",):
        assert any("rasklad ingest" in i.value or "first import" in i.value for i in at.info)


PAGES_READING = [None, "player", "hands", "reports", "leaderboards", "audit", "import_files"]
"""Every page that reads the warehouse (Check a game stores nothing and reads none)."""


@pytest.fixture
def served_copy(built, tmp_path, monkeypatch) -> Path:
    """A copy of the fixture warehouse, served to the pages, for a test to alter."""
    copy = (tmp_path / "warehouse").resolve()
    shutil.copytree(built, copy)
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(copy))
    return copy


def test_every_page_refuses_a_newer_rasklads_warehouse_in_the_command_lines_words(served_copy):
    # a newer Rasklad wrote it, in a format this one cannot read rightly (readable_from above 1)
    manifest = served_copy / "_manifest.json"
    manifest.write_text(json.dumps(json.loads(manifest.read_text()) | {"format": 2, "readable_from": 2}))
    refusal = (f"The warehouse '{served_copy}' was written by a newer Rasklad (warehouse format 2); this Rasklad "
               "knows format 1 and cannot read it rightly. Use the Rasklad that wrote it, or a later one.")
    for name in PAGES_READING:
        at = page(name)     # (no exception: a traceback is no refusal in words)
        assert [as_read(error.value) for error in at.error] == [refusal], name


def test_every_page_says_the_statistics_are_not_built_and_how_to_build_them(served_copy):
    # a first ingest stopped while it built the statistics: games committed, no models file
    (served_copy / "rasklad.duckdb").unlink()
    said = (f"The statistics of the warehouse '{served_copy}' are not built. "
            "An ingest into it that is still running builds them when it ends; else run "
            f"`rasklad build-models --warehouse {served_copy}` to build them.")
    for name in PAGES_READING:
        at = page(name)
        assert [as_read(warning.value) for warning in at.warning] == [said], name
        assert not [info.value for info in at.info if "No warehouse" in info.value], name


# -- the step-by-step views of every game --------------------------------------------------------

def sample_texts() -> list:
    """The first games of each sample file (the replay views must render every kind of record)."""
    from parsers.formats import HEADERS
    from parsers.source import decode, normalize_lines, split_games

    cases = []
    for path in sorted(SAMPLES.glob("*.txt")) if SAMPLES.is_dir() else []:
        if "generated" in path.name:
            continue  # long generated sessions: their kinds of record are in the hand-written samples
        chunks = split_games(normalize_lines(decode(path.read_bytes())), HEADERS)[:3]
        cases.append(pytest.param("\n\n".join(c.text for c in chunks), id=path.stem))
    return cases or [pytest.param(RASPISNOY + "\n" + CHINESE, id="fixture")]


@pytest.mark.parametrize("text", sample_texts())
def test_check_renders_the_replay_of_every_sample(built, text):
    at = page("check")
    at.text_area(key="check_text").set_value(text).run()
    at.button(key="check_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert int(metric(at, "Games read")) >= 1
    failed = [w.value for w in at.warning if "step-by-step view" in w.value]
    assert not failed, failed


def test_names_doctests():
    import doctest

    from dashboards import names

    assert doctest.testmod(names).failed == 0


def test_replay_views_doctests():
    import doctest

    from dashboards import replay_views

    assert doctest.testmod(replay_views).failed == 0


def test_overview_says_when_the_warehouse_is_older_than_the_rules(built, monkeypatch):
    at = page()
    assert not any("rasklad reaudit" in w.value for w in at.warning)     # judged by these rules
    import streamlit as st

    from dashboards import queries
    from pipeline import provenance

    # the count of games judged by older rules is provenance's (judged_by_older_rules); the page names the version
    monkeypatch.setattr(provenance, "RULES_VERSION", "a-newer-version")
    monkeypatch.setattr(queries, "RULES_VERSION", "a-newer-version")
    st.cache_data.clear()     # the page's counts are cached per warehouse
    at = page()
    games = sql(built, "select count(*) from stg_games")[0][0]
    warning, = (w.value for w in at.warning if "rasklad reaudit" in w.value)
    assert warning.startswith(f"{games:,} stored games and ")
    st.cache_data.clear()


# -- hands, the replayer and the Hold'em reports --------------------------------------------------

RANK_ORDER = "AKQJT98765432"


def starting_hand(cards: str | None) -> str | None:
    """The grid's name of two hole cards, worked out here apart from the mart: ``Kd Ah`` is ``AKo``."""
    if not cards or len(cards.split()) != 2:
        return None
    (r1, s1), (r2, s2) = cards.split()
    if r1 == r2:
        return r1 + r2
    high, low = sorted((r1, r2), key=RANK_ORDER.index)
    return high + low + ("s" if s1 == s2 else "o")


def test_hands_page_counts_filters_and_nets_per_unit(built):
    at = page("hands")
    player = at.selectbox(key="hands_player").value
    rows = sql(built, "select position, hole_cards, net, currency, is_walk from stg_holdem_results where player = ?",
               [player])
    assert number(metric(at, "Hands")) == len(rows)
    shown = [c for c in at.dataframe[0].value["hole_cards"] if c]
    assert shown and all(c.count(" ") == 1 and c[-1] in "♠♥♦♣" for c in shown)  # "A♠ A♦", not "As Ad"
    for unit in {r[3] for r in rows}:
        assert number(metric(at, f"Net ({unit})")) == sum(r[2] for r in rows if r[3] == unit)
    at.multiselect(key="hands_positions").set_value(["BTN"]).run()
    assert number(metric(at, "Hands")) == sum(1 for r in rows if r[0] == "BTN")
    at.multiselect(key="hands_positions").set_value([]).run()
    classes = [starting_hand(r[1]) for r in rows if starting_hand(r[1])]
    if classes:
        wanted = max(set(classes), key=classes.count)
        at.text_input(key="hands_cards").set_value(wanted).run()
        assert number(metric(at, "Hands")) == classes.count(wanted)
        at.text_input(key="hands_cards").set_value("").run()
    at.selectbox(key="hands_result").set_value("Won").run()
    assert number(metric(at, "Hands")) == sum(1 for r in rows if r[2] > 0)
    assert not at.exception


def test_hands_page_replays_the_chosen_hand_at_the_table(built):
    at = page("hands")
    game_id = at.selectbox(key="hands_game").value
    (total_pot,) = sql(built, "select distinct total_pot from stg_holdem_results where game_id = ?", [game_id])[0]
    html = [h.proto.body for h in at.get("html")]
    assert html, "the replayer draws the table as HTML"
    # it opens at the seats; the last step shows the hand's pot, rake included
    step_key = next(s.key for s in at.slider if s.key and s.key.endswith("_step"))
    last = at.slider(key=step_key).max
    at.slider(key=step_key).set_value(last).run()
    assert f"Pot {total_pot:,}" in at.get("html")[0].proto.body
    at.button(key=step_key.removesuffix("_step") + "_previous").click().run()
    assert at.slider(key=step_key).value == last - 1


def test_hands_page_opens_a_hand_the_filters_keep(built):
    at = page("hands")
    player = at.selectbox(key="hands_player").value
    nets = dict(sql(built, "select game_id, net from stg_holdem_results where player = ?", [player]))
    # his newest hand won, on the first page of the list (newest first)
    won = sql(built, "select game_id from hand_list where player = ? and net > 0 "
                     "order by played_at desc nulls last, game_id limit 1", [player])[0][0]
    at.selectbox(key="hands_game").set_value(won).run()
    assert at.query_params["game"] == won
    at.selectbox(key="hands_result").set_value("Lost").run()
    assert not at.exception
    opened = at.selectbox(key="hands_game").value
    assert nets[opened] < 0 and at.query_params["game"] == opened   # never the hand he won
    at.selectbox(key="hands_result").set_value("Won").run()
    assert nets[at.selectbox(key="hands_game").value] > 0


def test_the_hands_picker_sends_the_browser_the_label_of_the_hand_it_opens_after_a_filter_change(built):
    # The browser shows the text the server last sent for the box: sent none after a filter change, it
    # kept naming the hand picked before (its number, date, cards, net) while another hand was opened.
    at = page("hands")
    for player in at.selectbox(key="hands_player").options[1:3]:
        at.selectbox(key="hands_player").set_value(player).run()
        box = at.selectbox(key="hands_game")
        hand_id, net, currency = sql(built, "select hand_id, net, currency from stg_holdem_results "
                                            "where game_id = ? and player = ?", [box.value, player])[0]
        assert at.query_params["game"] == box.value
        assert box.proto.set_value, "the server sent the box no value: the browser keeps the text it had"
        assert box.proto.raw_value.startswith(f"#{hand_id} — ") and box.proto.raw_value.endswith(f" {net:+} {currency}")


def test_the_audit_picker_sends_the_browser_the_label_of_the_game_it_opens_after_a_filter_change(built):
    at = page("audit")
    found = {p for (p,) in sql(built, "select distinct player from stg_game_players where game_id in "
                                      "(select game_id from stg_findings)")}
    checked = [p for p in at.selectbox(key="audit_player").options if p in found][:3]
    assert len(checked) == 3
    for player in checked:
        at.selectbox(key="audit_player").set_value(player).run()
        box = at.selectbox(key="audit_game")
        source_file, line = sql(built, "select any_value(source_file), min(line) from stg_findings where game_id = ?",
                                [box.value])[0]
        assert box.proto.set_value, "the server sent the box no value: the browser keeps the text it had"
        assert box.proto.raw_value == f"{source_file.rsplit('/', 1)[-1]}:{line}"


@pytest.mark.parametrize("order, measure", [("Biggest win", "net"), ("Biggest pot", "total_pot")])
def test_hands_page_sorts_the_biggest_within_a_currency(built, order, measure):
    # a win in USD is never weighed against one in EUR: the hands of the currency with the most
    # hands first, biggest first, then those of the next
    player, count = sql(built, "select player, count(*) from hand_list group by player "
                               "having count(distinct currency) > 1 order by count(*) desc, player limit 1")[0]
    at = page("hands")
    at.selectbox(key="hands_player").set_value(player).run()
    at.selectbox(key="hands_sort").set_value(order).run()
    assert count <= 50, "the test reads one page of hands"
    table = at.dataframe[0].value.to_dict("records")
    units = [r["currency"] for r in table]
    by_count = sorted(set(units), key=lambda unit: (-units.count(unit), unit))
    assert units == sorted(units, key=by_count.index)
    for unit in by_count:
        amounts = [Decimal(str(r[measure])) for r in table if r["currency"] == unit]
        assert amounts == sorted(amounts, reverse=True)


def test_audit_opens_the_replay_at_the_findings_step(built):
    at = page("audit")
    game_id, line = sql(built, "select game_id, line from stg_findings where rule_id = 'RSP-TOTAL' "
                               "and source_file like '%club-night.txt'")[0]
    at.multiselect(key="audit_rules").set_value(["RSP-TOTAL"]).run()
    at.selectbox(key="audit_game").set_value(game_id).run()
    first = sql(built, "select first_line from stg_games where game_id = ?", [game_id])[0][0]
    text = sql(built, "select text from game_texts where game_id = ?", [game_id])[0][0].split("\n")
    # the step of a finding on a totals line is the last trick (or deal) before it
    step_line = max(first + i for i, t in enumerate(text)
                    if first + i <= line and t.startswith(("Trick", "Round")))
    captions = [as_read(c.value) for c in at.caption]
    assert any(c.startswith("Step ") and f", line {step_line}:" in c for c in captions), captions
    assert any("Finding at this step" in e.value and "RSP\\-TOTAL" in e.value for e in at.error)


def test_reports_page_sums_by_position_and_sessions(built):
    at = page("reports")
    player = at.selectbox(key="reports_player").value
    unit = at.selectbox(key="reports_unit").value
    rows = sql(built, "select r.position, r.net from stg_holdem_results r where r.player = ? and r.currency = ?",
               [player, unit])
    table = at.dataframe[0].value   # by position, the first tab
    assert int(table["count_hands"].sum()) == len(rows)
    by_position = {p: sum(n for q_, n in rows if q_ == p) for p in {r[0] for r in rows}}
    assert {r["position"]: Decimal(str(r["net_won"])) for r in table.to_dict("records")} == by_position
    dated = sql(built, "select count(*), sum(r.net) from stg_holdem_results r join stg_games g using (game_id) "
                       "where r.player = ? and r.currency = ? and g.played_at is not null", [player, unit])[0]
    if dated[0]:
        sessions = at.dataframe[-1].value   # the sessions, the last tab
        assert int(sessions["count_hands"].sum()) == dated[0]
        assert number(metric(at, f"Net ({unit})")) == dated[1]
    assert "<b>AKs</b>" in at.get("html")[0].proto.body   # the 13×13 grid, every cell named


# -- every table ------------------------------------------------------------------------------------

def test_the_pages_draw_every_table_through_one_function():
    # one look for a missing value ("—", never "None") and one rounding for rates: dashboards/tables.py
    pages = [ROOT / "dashboards" / "replay_views.py", *sorted((ROOT / "dashboards" / "app_pages").glob("*.py"))]
    assert not [p.name for p in pages if "st.dataframe(" in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("name", ["player", "hands", "reports", "leaderboards", "audit"])
def test_tables_show_a_missing_value_and_a_rate_alike(built, name):
    at = page(name)
    assert at.dataframe
    for table in at.dataframe:
        assert table.proto.placeholder == "—"
        columns = json.loads(table.proto.columns or "{}")
        for rate in set(columns) & {"vpip", "pfr", "wtsd", "rtp", "foul_rate"}:
            assert columns[rate]["type_config"]["format"] == "%.1f%%"
        for time in set(columns) & {"played_at", "started_at", "first_played_at"}:
            # each time says its clock: on its row (a game's, a sitting's), else in its column's title
            said = table.value[time].dropna()
            assert "UTC" in columns[time]["label"] or (
                len(said) and said.map(lambda text: text.endswith((" UTC", " (as logged)"))).all()), time


# -- lookups in the marts, and models an older Rasklad built ------------------------------------------

def test_lookups_read_the_marts_with_the_rows_of_the_tables(tables):
    # What the pages look up (one game, its players and findings, the overview's counts, the filters'
    # choices, the quarantine) now reads the marts; the same rows as the tables, queried here apart.
    from dashboards import queries as q

    q.release()
    db = q.database()
    game_ids = [row[0] for row in tables("select game_id from games order by game_id")]
    assert len(game_ids) >= 60
    columns = [name for name in q.columns(db, "game_list") if name != "players"]
    for game_id in game_ids:
        assert q.game(db, game_id) == dict(zip(columns, tables(
            f"select {', '.join(columns)} from games where game_id = ?", [game_id])[0]))
        assert q.game_players(db, game_id).rows() == tables(
            "select player, seat, net from game_players where game_id = ? order by seat, player", [game_id])
        found = q.game_findings(db, game_id)
        assert found["line"].to_list() == sorted(found["line"].to_list(), key=lambda line: (line is not None, line))
        assert sorted(found.rows(), key=str) == sorted(tables(
            "select rule_id, severity, line, message, expected, actual, subject from findings where game_id = ?",
            [game_id]), key=str)
    assert q.game(db, "no-such-game") is None
    assert q.games_by_kind(db).rows() == tables("""
        select game, count(*), count(distinct source_file), sum(count_errors)::bigint, sum(count_warnings)::bigint,
               min(played_at), max(played_at)
        from games group by all order by game""")
    assert q.date_range(db) == tuple(tables("select min(played_at)::date, max(played_at)::date from games")[0])
    assert q.clubs(db) == [r[0] for r in tables("select distinct club from games where club is not null order by 1")]
    assert q.sites(db) == [r[0] for r in tables("select distinct site from games where site is not null order by 1")]
    assert q.games_present(db) == [r[0] for r in tables("select distinct game from games order by 1")]
    assert q.count_quarantined(db) == tables("select count(*) from quarantine")[0][0] >= 1
    assert q.quarantine(db).rows() == tables("""
        select source_file, line, "column", game, error, first_line, last_line, text
        from quarantine order by source_file, first_line""")
    assert q.quarantine_reasons(db).rows() == tables(
        "select error, count(*) from quarantine group by all order by 2 desc, error")
    for player in [None, *q.players(db)]:
        expected = tables("""
            select f.game_id, f.rule_id, g.played_at from findings f join games g using (game_id)
            where ? is null or f.game_id in (select game_id from game_players where player = ?)
            order by g.played_at nulls last, f.source_file, f.line, f.rule_id""", [player, player])
        found = q.findings(q.database(), (), None, None, player, None, None).sort(
            pl.col("played_at"), "source_file", "line", "rule_id", nulls_last=True, maintain_order=True)
        assert found.select("game_id", "rule_id", "played_at").rows() == expected
    assert q.finding_rules(db) == [r[0] for r in tables("select distinct rule_id from findings order by 1")]
    assert q.hand_players(db) == [r[0] for r in tables(
        "select player from holdem_results group by player order by count(*) desc, player")]


def test_the_pages_read_no_staging_view_of_a_game_table():
    # The staging views read the Parquet whole on every lookup: the pages read the marts.
    text = (ROOT / "dashboards" / "queries.py").read_text(encoding="utf-8")
    for view in ("stg_games", "stg_game_players", "stg_findings", "stg_quarantine"):
        assert view not in text, f"dashboards/queries.py reads {view}"


def test_stakes_filters_name_the_betting_structure_and_run_on_models_without_it(built, tmp_path, monkeypatch):
    # Each stakes is offered with its structure (Limit and No Limit at one label are two choices), and a
    # choice keeps the hands of that structure alone; models an older Rasklad built have no betting
    # column until they are rebuilt: the pages then read this Rasklad's marts as views, and offer the
    # same choices.
    import duckdb

    from dashboards import queries as q
    from pipeline.warehouse import MODELS_STATE_TABLE

    at = page("hands")
    player = at.selectbox(key="hands_player").value
    expected = sql(built, "select stakes_label(stakes, betting) as label, count(*) from hand_list where player = ? "
                          "group by all order by label", [player])
    assert at.multiselect(key="hands_stakes").options == [label for label, _ in expected]
    assert all(label.startswith(("No Limit ", "Pot Limit ", "Limit ")) for label, _ in expected)
    label, count = expected[0]
    at.multiselect(key="hands_stakes").set_value([label]).run()
    assert number(metric(at, "Hands")) == count
    older = tmp_path / "older"
    shutil.copytree(built, older)
    for name in ("rasklad.duckdb", "rasklad.duckdb.standby"):
        if (older / name).exists():
            with duckdb.connect(str(older / name)) as con:
                for mart in ("hand_list", "player_stats_holdem", "player_stats_holdem_by_day", *q.REPORT_MARTS.values()):
                    con.execute(f"alter table {mart} drop column betting")
                con.execute("drop macro stakes_label")
                con.execute(f"update {MODELS_STATE_TABLE} set value = 'the SQL of an older Rasklad' where name = 'sql'")
                con.execute("checkpoint")
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(older))
    q.release()
    try:
        for name in ("player", "hands", "reports"):
            at = page(name)
            assert not any("Error" in e.value for e in at.error), (name, [e.value for e in at.error])
        at = page("hands")
        assert at.multiselect(key="hands_stakes").options == [label for label, _ in expected]
    finally:
        q.release()


def _as_an_older_rasklad_left_it(warehouse: Path) -> list[str]:
    """Drop from the models file the macros and the marts an older Rasklad did not make; returns the marts."""
    import duckdb

    from pipeline.models import macros
    from pipeline.warehouse import MODELS_STATE_TABLE

    dropped = ["game_list", "finding_list", "games_by_day", "quarantine_list"]
    for name in ("rasklad.duckdb", "rasklad.duckdb.standby"):
        if not (warehouse / name).exists():
            continue
        with duckdb.connect(str(warehouse / name)) as con:
            for mart in dropped:
                con.execute(f"drop table {mart}")
            for macro in macros():
                con.execute(f"drop macro {macro}")
            con.execute(f"update {MODELS_STATE_TABLE} set value = 'the SQL of an older Rasklad' where name = 'sql'")
            con.execute("checkpoint")
    return dropped


def test_pages_and_query_work_on_models_an_older_rasklad_built(built, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from dashboards import queries as q
    from pipeline.cli import main

    older = tmp_path / "older"
    shutil.copytree(built, older)
    dropped = _as_an_older_rasklad_left_it(older)
    with connect(older) as con:     # the file holds neither the marts nor the macros now
        held = {row[0] for row in con.execute("select table_name from information_schema.tables").fetchall()}
        assert not held & set(dropped)
        with pytest.raises(Exception, match="bb_per_100"):
            con.execute("select bb_per_100(150, 3)").fetchall()
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(older))
    q.release()
    try:
        for name in (None, "player", "hands", "reports", "leaderboards", "audit", "check", "import_files"):
            at = page(name)     # which fails on an exception of the page
            assert not any("Error" in e.value for e in at.error), (name, [e.value for e in at.error])
        at = page()
        assert number(metric(at, "Games")) == sql(built, "select count(*) from games")[0][0]
        db = q.database()
        game_id = sql(built, "select game_id from findings limit 1")[0][0]
        assert q.game_findings(db, game_id).height >= 1 and q.game(db, game_id)["game_id"] == game_id
    finally:
        q.release()
    out = CliRunner().invoke(main, ["query", "select bb_per_100(150, 3) as x, (select count(*) from game_list) as n",
                                    "--warehouse", str(older), "--json"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    import json

    assert json.loads(out.stdout) == [{"x": "5000.00", "n": sql(built, "select count(*) from games")[0][0]}]


# -- Hero's two days: units under the filters, games won, titles and formats, whole ticks ------------------

def test_player_review_offers_the_money_that_has_hands_in_the_dates(hero):
    at = page("player")
    at.selectbox(key="player").set_value("Hero").run()
    assert at.selectbox(key="holdem_money").options == ["USD (4 hands)", "EUR (3 hands)"]
    at.date_input(key="player_dates").set_value((EUR_DAY, EUR_DAY)).run()
    assert not at.exception
    # the EUR day only: USD is no longer offered, the page moves to EUR and says why
    money = at.selectbox(key="holdem_money")
    assert (money.options, money.value) == (["EUR (3 hands)"], (False, "EUR"))
    assert "No Hold'em hand in USD in these dates, club and room: EUR has 3 hands." in all_markdown(at)
    assert number(metric(at, "Net won")) == Decimal("-0.15")
    assert not [i.value for i in at.info if "No Hold'em hand" in i.value]
    # the statistics' caption names the money it is in, and the table is EUR's
    assert "(these dates, club and room, in EUR;" in as_read(all_markdown(at))
    stats = next(d.value for d in at.dataframe if "bb_per_100" in d.value.columns)
    assert (list(stats["currency"]), int(stats["count_hands"].sum())) == (["EUR"], 3)


def test_reports_offer_the_units_that_have_hands_in_the_dates(hero):
    at = page("reports")
    at.selectbox(key="reports_player").set_value("Hero").run()
    assert at.selectbox(key="reports_unit").options == ["USD (4 hands)", "EUR (3 hands)"]
    at.date_input(key="reports_dates").set_value((EUR_DAY, EUR_DAY)).run()
    assert not at.exception
    unit = at.selectbox(key="reports_unit")
    assert (unit.options, unit.value) == (["EUR (3 hands)"], "EUR")
    assert "No hand in USD under these filters: EUR has 3 hands." in all_markdown(at)
    positions = at.dataframe[0].value
    assert (int(positions["count_hands"].sum()), Decimal(str(positions["net_won"].sum())).quantize(Decimal("0.01"))
            ) == (3, Decimal("-0.15"))
    assert not [i.value for i in at.info if "No hand" in i.value]


def test_player_review_counts_a_holdem_hand_won_by_its_chips(hero):
    # the split pot Hero folded without a chip in ties him for first at 0 but wins him nothing
    at = page("player")
    at.selectbox(key="player").set_value("Hero").run()
    deltas = {m.label: m.delta for m in at.metric}
    assert (deltas["Hold'em (52 cards), EUR"], deltas["Hold'em (52 cards), USD"]) == ("3 games, 1 won", "4 games, 3 won")


def column_titles(at: AppTest) -> dict[str, set[str]]:
    """Every table's column titles as the browser shows them, by column name."""
    titles: dict[str, set[str]] = {}
    for table in at.dataframe:
        columns = json.loads(table.proto.columns or "{}")
        for name in table.value.columns:
            titles.setdefault(str(name), set()).add(columns.get(str(name), {}).get("label") or str(name))
    return titles


def formats(at: AppTest, column: str) -> dict[str, str]:
    """The formats of the first table that has ``column``, by column."""
    table = next(t for t in at.dataframe if column in t.value.columns)
    return {name: config.get("type_config", {}).get("format")
            for name, config in json.loads(table.proto.columns or "{}").items()}


@pytest.mark.parametrize("name, key", [("player", "player"), ("reports", "reports_player"), ("hands", "hands_player"),
                                       ("leaderboards", None), ("overview", None)])
def test_every_table_titles_its_columns_in_words(hero, name, key):
    from dashboards import tables as shown

    at = page(None if name == "overview" else name)
    if key:
        at.selectbox(key=key).set_value("Hero").run()
    titles = column_titles(at)
    assert titles
    for column, said in titles.items():
        assert not [t for t in said if "_" in t], (column, said)   # never a SQL name: net_won, is_tournament …
        assert column in shown.COLUMN_LABELS or column.startswith("stack "), column


def test_amounts_read_to_the_cent_and_rates_to_a_tenth(hero):
    at = page("reports")
    at.selectbox(key="reports_player").set_value("Hero").run()
    by_position = formats(at, "position")
    assert {name: by_position[name] for name in ("net_won", "allin_ev_net", "bb_per_100", "vpip", "pfr")} == {
        "net_won": "%,.2f", "allin_ev_net": "%,.2f", "bb_per_100": "%,.2f", "vpip": "%.1f%%", "pfr": "%.1f%%"}
    assert formats(at, "duration_minutes")["net_won"] == "%,.2f"
    # the position and stack-depth tables name the unit of their amounts, as the Sessions table does
    unit = at.selectbox(key="reports_unit").value
    for column in ("position", "stack_bb"):
        titles = {name: config.get("label") for name, config in json.loads(
            next(t for t in at.dataframe if column in t.value.columns).proto.columns).items()}
        assert (titles["net_won"], titles["allin_ev_net"]) == (f"Net ({unit})", f"All-in EV ({unit})")
    at = page("hands")
    at.selectbox(key="hands_player").set_value("Hero").run()
    assert {name: formats(at, "hand_id")[name] for name in ("net", "allin_ev_net", "total_pot")} == {
        "net": "%,.2f", "allin_ev_net": "%,.2f", "total_pot": "%,.2f"}
    # the replay's steps: the pot and each stack numbers to the cent, each stack titled with its player;
    # the hand's stakes as every page names them
    steps = next(t for t in at.dataframe if "pot" in t.value.columns)
    columns = json.loads(steps.proto.columns)
    assert columns["pot"]["type_config"]["format"] == "%,.2f"
    assert all(isinstance(pot, (Decimal, float)) for pot in steps.value["pot"])     # numbers, not text: they sort
    assert columns["stack Hero"]["label"] == "Hero's stack"
    assert "No Limit $0.05/$0.10 USD" in as_read(all_markdown(at))
    results = next(t for t in at.dataframe if "net_in_log" in t.value.columns)
    assert {name: config["type_config"]["format"] for name, config in json.loads(results.proto.columns).items()
            if name not in ("player", "seat", "_index")} == dict.fromkeys(
        ("invested", "owed", "net", "collected", "net_in_log"), "%,.2f")


def test_chips_and_points_read_whole_where_they_are():
    from dashboards import tables as shown

    assert shown.money_format(pl.Series([1500, -300]), {"chips"}) == "%,d"
    assert shown.money_format(pl.Series([25, -6]), {None}) == "%,d"
    assert shown.money_format(pl.Series([12.5, 1]), {None}) == "%,.2f"     # not whole: to the cent
    assert shown.money_format(pl.Series([13, 0]), {"USD"}) == "%,.2f"      # a currency: always to the cent
    assert shown.money_format(pl.Series([13, 0]), {"USD", "chips"}) == "%,.2f"


def chart_axes(at: AppTest) -> dict[str, dict]:
    """The axis of every field the page's charts draw on x or y, by field."""
    axes = {}
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        for layer in [spec, *spec.get("layer", [])]:
            for channel in ("x", "y"):
                encoding = layer.get("encoding", {}).get(channel) or {}
                if "field" in encoding:
                    axes[encoding["field"]] = encoding.get("axis") or {}
    return axes


def test_count_and_ordinal_axes_tick_whole_numbers(hero, built, monkeypatch):
    whole = {"tickMinStep": 1, "format": "d"}
    at = page("player")
    at.selectbox(key="player").set_value("Hero").run()
    assert chart_axes(at)["hand_no"].items() >= whole.items()     # Hands played: 4, never 1.2
    at = page("reports")
    at.selectbox(key="reports_player").set_value("Hero").run()
    assert chart_axes(at)["sitting"].items() >= whole.items()     # Session: 1 and 2, never 1.05
    from dashboards import queries

    queries.release()
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(built))          # the fixture's findings
    at = page("audit")
    assert chart_axes(at)["count_findings"].items() >= whole.items()


def chart_encodings(at: AppTest) -> dict[str, dict]:
    """Each bar or line chart's encoding, by the field its y (or, drawn across, its x) measures."""
    found = {}
    for chart in at.get("vega_lite_chart"):
        encoding = json.loads(chart.proto.spec).get("encoding", {})
        measure = encoding["y"]["field"] if encoding.get("y", {}).get("type") == "quantitative" else encoding["x"]["field"]
        found[measure] = encoding
    return found


def test_charts_give_a_category_one_colour_one_order_and_words(built):
    at = page("player")
    at.selectbox(key="player").set_value("Anna").run()
    charts = chart_encodings(at)
    bids, overtricks = charts["bid_accuracy"]["color"], charts["count_overtricks"]["color"]
    # side by side, a round kind is one colour in both, even where one chart lacks a kind the other has
    assert bids["scale"] == overtricks["scale"]
    assert bids["scale"]["domain"][:2] == ["regular", "no-trump"]
    assert (bids["title"], overtricks["title"]) == ("Round kind", "Round kind")
    royalties = charts["royalties"]
    assert royalties["x"]["sort"] == ["front", "middle", "back"]      # as the board is laid, not a-z
    # the legend names each board as the tab's headings do, never by its raw keys
    headings = {as_read(m.value).strip("*").split("**")[0] for m in at.markdown if " — " in m.value}
    boards = [name for name in royalties["color"]["scale"]["domain"]]
    assert royalties["color"]["title"] == "Game" and set(boards) <= headings, (boards, headings)
    assert "Chinese poker — classic, scored 1-6" in boards
    assert charts["royalties"]["y"]["title"] == "Royalties (points)"
    titles = {encoding.get("color", {}).get("title") for encoding in charts.values()} - {None}
    assert not titles & {"kind", "measure", "severity", "board"}, titles


# -- a cancelled hand ----------------------------------------------------------------------------------

@pytest.fixture
def cancelled(tmp_path, monkeypatch):
    """The pages over 888poker's cancelled hand #414375633 (Player0 posts the small blind, Player1 folds,
    no card is dealt: the post goes back) and the hand the corpus has after it, #418361264, where
    Player0's all-in big blind wins 13.75 against Player1, Player2 and Hero; and Olga's and Pavel's one
    hand, a cancelled copy of the first."""
    from dashboards import queries
    from tests.test_room_pacific import ALL_IN_BLIND, CANCELLED

    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "cancelled.txt").write_text("#Game No : 414375633" + CANCELLED, encoding="utf-8")
    (logs / "played.txt").write_text("#Game No : 418361264" + ALL_IN_BLIND, encoding="utf-8")
    (logs / "olga.txt").write_text("#Game No : 414375634" + CANCELLED.replace("414375633", "414375634")
                                   .replace("Player0", "Olga").replace("Player1", "Pavel"), encoding="utf-8")
    summary = ingest([logs], tmp_path / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined) == (3, 0), summary.as_dict()
    queries.release()
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(tmp_path / "warehouse"))
    yield tmp_path / "warehouse"
    queries.release()


def delta(at: AppTest, label: str) -> str:
    return next(m.proto.delta for m in at.metric if m.label == label)


def test_no_page_counts_a_cancelled_hand_as_a_hand_or_a_game_played(cancelled):
    # Worked by hand: Player1 sat at two hands, one cancelled: he played one hand, one game, won none.
    # Olga and Pavel sat at a cancelled hand only: they played nothing, and are no players of the Overview's.
    at = opened_at("overview", {})
    assert metric(at, "Games") == "3"      # the stored games, the cancelled ones among them (game_list)
    assert metric(at, "Players") == "4"    # Player0, Player1, Player2 and Hero; neither Olga nor Pavel
    at = opened_at("player", {"player": "Player1"})
    assert delta(at, "Hold'em (52 cards), USD") == "1 game, 0 won"
    assert at.selectbox(key="holdem_game").options == ["Hold'em (52 cards), 1 hand"]
    assert at.selectbox(key="holdem_money").options == ["USD (1 hand)"]
    assert any(c.value.startswith("1 hand, cumulative USD") for c in at.caption)
    at = opened_at("player", {"player": "Olga"})
    assert [as_read(i.value) for i in at.info] == ["Olga played no game in these dates, club and room."]
    # the hand browser lists both hands, the cancelled one marked, and counts the one played
    at = opened_at("hands", {"player": "Player1"})
    assert metric(at, "Hands") == "1" and delta(at, "Hands") == "and 1 cancelled hand listed"
    listed = at.dataframe[0].value
    assert sorted(zip(listed["hand_id"], listed["is_cancelled"])) == [("414375633", True), ("418361264", False)]
    at = opened_at("hands", {"player": "Player1", "result": "Won"})
    assert metric(at, "Hands") == "0" and not delta(at, "Hands")
    at = opened_at("reports", {"player": "Player1"})
    assert at.selectbox(key="reports_unit").options == ["USD (1 hand)"]
    assert metric(at, "Sessions") == "1"
    at = opened_at("leaderboards", {"club": "888poker"})
    board = next(frame.value for frame in at.dataframe if "player" in frame.value.columns)
    assert dict(zip(board["player"], board["count_games"])) == {"Player0": 1, "Player1": 1, "Player2": 1, "Hero": 1}


# -- names that print alike --------------------------------------------------------------------------

LATIN_A = "Aнна"      # a Latin A, then Cyrillic: prints as Анна
CYRILLIC = "Анна"


@pytest.fixture
def look_alikes(tmp_path, monkeypatch):
    """The pages over a warehouse where Aнна (Latin A) and Анна sat at one Hold'em hand and one Chinese
    poker hand: two players whose names print alike."""
    from dashboards import queries
    from tests.test_replayer import HAND

    (tmp_path / "logs").mkdir()
    for name, text in (("holdem.txt", HAND), ("chinese.txt", CHINESE)):
        (tmp_path / "logs" / name).write_text(text.replace("Anna", LATIN_A).replace("Boris", CYRILLIC),
                                              encoding="utf-8")
    summary = ingest([tmp_path / "logs"], tmp_path / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0), summary.as_dict()
    queries.release()
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(tmp_path / "warehouse"))
    yield tmp_path / "warehouse"
    queries.release()


def shown_options(box) -> list[str]:
    """The options of a select box as the browser lists them."""
    return [as_read(option) for option in box.options]


def test_a_name_that_prints_as_another_is_marked_in_every_list_of_players_as_the_messages_mark_it(look_alikes):
    marked = "'Aнна' (A is Latin)"    # as rules.findings.quoted_name writes it in a message
    assert sorted(r[0] for r in sql(look_alikes, "select distinct player from stg_game_players")) == sorted(
        [LATIN_A, CYRILLIC, "Vera"])
    at = opened_at("player", {"player": LATIN_A})
    box = at.selectbox(key="player")
    assert {marked, CYRILLIC} <= set(shown_options(box)) and LATIN_A not in shown_options(box)
    # the value, the address and the figures stay the stored name's
    assert box.value == LATIN_A and at.query_params["player"] == LATIN_A
    box.set_value(CYRILLIC).run()
    assert at.query_params["player"] == CYRILLIC
    for page_name, key in (("hands", "hands_player"), ("reports", "reports_player")):
        at = opened_at(page_name, {"player": LATIN_A})
        assert {marked, CYRILLIC} <= set(shown_options(at.selectbox(key=key))), page_name
        assert at.selectbox(key=key).value == LATIN_A and at.query_params["player"] == LATIN_A
    at = opened_at("audit", {})
    assert {marked, CYRILLIC, "All players"} <= set(shown_options(at.selectbox(key="audit_player")))
    at = opened_at("leaderboards", {"club": "Tverskaya"})
    table = next(frame.value for frame in at.dataframe if "player" in frame.value.columns)
    assert {marked, CYRILLIC} <= set(table["player"])
    assert {marked, CYRILLIC} <= set(shown_options(at.selectbox(key="lb_trend_player")))
    other = next(name for name in (LATIN_A, CYRILLIC) if name != at.selectbox(key="lb_trend_player").value)
    at.selectbox(key="lb_trend_player").set_value(other).run()
    assert at.query_params["player"] == other


@pytest.fixture
def linked_look_alikes(look_alikes):
    """:func:`look_alikes` with a raspisnoy game of Aнна and Анна whose trick is played out of turn (a
    finding that lists them), and the two linked as one person, Анна."""
    from dashboards import queries
    from pipeline import people

    out_of_turn = formats_examples.RASPISNOY_LOG.replace("Trick 1: Vera Qh, Anna 7s high, Boris Ah; won by Anna",
                                                         "Trick 1: Vera Qh, Boris Ah, Anna 7s high; won by Anna")
    assert out_of_turn != formats_examples.RASPISNOY_LOG
    log = look_alikes.parent / "logs" / "raspisnoy.txt"
    log.write_text(out_of_turn.replace("Anna", LATIN_A).replace("Boris", CYRILLIC), encoding="utf-8")
    summary = ingest([log], look_alikes, jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (1, 0, 1), summary.as_dict()
    people.link(look_alikes, CYRILLIC, [LATIN_A])
    queries.release()
    return look_alikes


def shown_values(at: AppTest, column: str) -> set[str]:
    """Every value the page's tables show in ``column``."""
    return {value for frame in at.dataframe if column in frame.value.columns for value in frame.value[column]
            if value is not None}


def test_a_name_that_prints_as_another_is_marked_in_every_cell_that_lists_names(linked_look_alikes):
    marked = "'Aнна' (A is Latin)"
    # stored as the logs and the links write them
    assert sql(linked_look_alikes, "select expected, actual from stg_findings") == [
        (f"Vera, {LATIN_A}, {CYRILLIC}", f"Vera, {CYRILLIC}, {LATIN_A}")]
    assert {r[0] for r in sql(linked_look_alikes, "select names from leaderboard")} == {f"{LATIN_A}, {CYRILLIC}", "Vera"}
    # the person's names, each with its room where it has one (Hold'em), over his games of each kind
    at = opened_at("player", {"player": CYRILLIC})
    assert shown_values(at, "names") == {f"{marked} (PokerStars), {CYRILLIC} (PokerStars)", f"{marked}, {CYRILLIC}"}
    assert at.query_params["player"] == CYRILLIC
    at = opened_at("leaderboards", {"club": "Tverskaya"})
    assert shown_values(at, "names") == {f"{marked}, {CYRILLIC}", "Vera"}
    # the players a finding expected in turn, and those who played (its message names none of them)
    at = opened_at("audit", {"kind": "raspisnoy"})
    findings = at.dataframe[0].value
    assert list(zip(findings["expected"], findings["actual"], findings["message"])) == [
        (f"Vera, {marked}, {CYRILLIC}", f"Vera, {CYRILLIC}, {marked}", "round 2, trick 1: play goes clockwise")]


# A raspisnoy game of Анна (Cyrillic) and Aнна (Latin A) whose round 1 total of Aнна is wrong: a finding
# whose message names Aнна; she wins round 1's trick and deals round 2.
LOOK_ALIKE_LOG = (formats_examples.RASPISNOY_LOG
                  .replace("Totals: Boris 10, Vera 5, Anna -10", "Totals: Boris 11, Vera 5, Anna -10")
                  .replace("Anna", CYRILLIC).replace("Boris", LATIN_A))
MARKED = "'Aнна' (A is Latin)"      # as rules.findings.quoted_name writes it in a message


def shown_marked(text: str) -> bool:
    """Whether ``text`` names Aнна, and only as :data:`MARKED`."""
    return MARKED in text and LATIN_A not in text.replace(MARKED, "")


def test_a_name_that_prints_as_another_is_marked_in_the_words_and_replay_of_a_checked_game(look_alikes):
    at = opened_at("check", {})
    at.text_area(key="check_text").set_value(LOOK_ALIKE_LOG).run()
    at.button(key="check_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    # the finding's message, as the Findings list and the step it is about say it
    said = f"round 1: {MARKED}'s running total (previous 0 + 10 points)"
    assert f":material/error: **RSP-TOTAL** (error, line 13): {said}" in [as_read(m.value) for m in at.markdown]
    assert f"Finding at this step: RSP-TOTAL (line 13): {said}" in [as_read(e.value) for e in at.error]
    # the step's caption, below the drawn table and in it (the drawing writes its text escaped)
    step = f"Step 2 of 5, line 11: trick 1: {MARKED} A♠, Vera 6♣, {CYRILLIC} K♦; {MARKED} takes it"
    assert step in [as_read(c.value) for c in at.caption]
    (drawn,) = [h.proto.body for h in at.get("html") if "takes it" in h.proto.body]
    assert shown_marked(drawn.replace("&#x27;", "'"))
    assert f"players {CYRILLIC}, {MARKED}, Vera; first dealer {CYRILLIC}" in all_markdown(at)
    # the tables of the steps: the plays of a trick, its winner, the dealer of each round
    (tricks,) = [frame.value for frame in at.dataframe if "plays" in frame.value.columns]
    assert tricks[["plays", "winner", "winner in the log"]].to_dict("records") == [
        {"plays": f"{MARKED} A♠, Vera 6♣, {CYRILLIC} K♦", "winner": MARKED, "winner in the log": MARKED}]
    assert shown_values(at, "dealer") == {CYRILLIC, MARKED}
    # the source lines are the log's text, as written
    assert "Totals: Aнна 11, Vera 5, Анна -10" in all_markdown(at)


def test_the_audit_marks_a_name_that_prints_as_another_in_a_findings_message(look_alikes):
    log = look_alikes.parent / "logs" / "wrong_total.txt"
    log.write_text(LOOK_ALIKE_LOG, encoding="utf-8")
    summary = ingest([log], look_alikes, jobs=1)
    assert (summary.games, summary.findings) == (1, 1), summary.as_dict()
    said = f"round 1: {MARKED}'s running total (previous 0 + 10 points)"
    at = opened_at("audit", {"kind": "raspisnoy"})
    assert shown_values(at, "message") == {said}
    # the game opened below: its findings and its replay
    assert f":material/error: **RSP-TOTAL** (error, line 13): {said}" in [as_read(m.value) for m in at.markdown]
    assert any(shown_marked(as_read(c.value)) and "takes it" in c.value for c in at.caption)


def test_the_hands_replay_marks_a_name_that_prints_as_another_in_its_steps(look_alikes):
    at = opened_at("hands", {"player": LATIN_A})
    # the fourth step: Aнна (Latin A), on the button, raises after Анна's and Vera's blinds
    (stepper,) = [slider for slider in at.slider if slider.key.endswith("_step")]
    stepper.set_value(4).run()
    caption = next(as_read(c.value) for c in at.caption if c.value.startswith("Step 4 of "))
    assert caption == f"Step 4 of 16, line 10: {MARKED} raises to 6.00", caption
    actions = [action for frame in at.dataframe if "action" in frame.value.columns for action in frame.value["action"]]
    assert actions[:3] == [f"{CYRILLIC} posts the small blind 1.00", "Vera posts the big blind 2.00",
                           f"{MARKED} raises to 6.00"]
    assert all(LATIN_A not in action.replace(MARKED, "") for action in actions)
    (steps,) = [frame for frame in at.dataframe if "action" in frame.value.columns]
    titles = {c.get("label") for c in json.loads(steps.proto.columns).values()}
    assert {f"{MARKED}'s stack", f"{CYRILLIC}'s stack"} <= titles


# -- the filters kept in the address -----------------------------------------------------------------

def opened_at(name: str, address: dict) -> AppTest:
    """A page opened at an address (a reload or a shared link): the page's first run in a new tab."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(f"app_pages/{name}.py")
    for param, value in address.items():
        at.query_params[param] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_hands_filters_of_a_link_open_the_same_hands(built):
    player = sql(built, "select player from hand_list group by player order by count(*) desc, player limit 1")[0][0]
    # a stake as the page offers it, with its betting structure ('No Limit $1/$2 USD')
    stake, = sql(built, "select stakes_label(stakes, betting) as shown from hand_list where player = ? "
                        "and stakes is not null group by shown order by count(*) desc, shown limit 1", [player])[0]
    at = opened_at("hands", {"player": player, "result": "Lost", "stakes": [stake], "order": "Biggest pot"})
    assert at.selectbox(key="hands_result").value == "Lost"
    assert at.selectbox(key="hands_sort").value == "Biggest pot"
    lost = sql(built, "select count(*) from hand_list where player = ? and net < 0 "
                      "and stakes_label(stakes, betting) = ?", [player, stake])
    assert number(metric(at, "Hands")) == lost[0][0]
    assert not at.info and not at.warning
    # each choice is written back; a filter at its default leaves the address
    at.selectbox(key="hands_all_in").set_value("All-in").run()
    assert at.query_params["all_in"] == "All-in" and at.query_params["result"] == "Lost"
    at.selectbox(key="hands_result").set_value("Any").run()
    at.multiselect(key="hands_stakes").set_value([]).run()
    assert "result" not in at.query_params and "stakes" not in at.query_params
    assert at.query_params["player"] == player


@pytest.mark.parametrize(("name", "address", "widgets"), [
    ("audit", {"severity": "warning", "kind": "raspisnoy", "dates": "2026-11-28..2026-11-28"},
     {"audit_severity": "warning", "audit_game_kind": "raspisnoy", "audit_dates": (date(2026, 11, 28),) * 2}),
    ("leaderboards", {"club": "Tverskaya", "season": "year", "min_games": "2"},
     {"lb_club": "Tverskaya", "lb_kind": "year", "lb_min_games": 2}),
    ("player", {"player": "Anna", "club": "Tverskaya"}, {"player": "Anna", "player_club": "Tverskaya"}),
    ("reports", {"grid": "Net"}, {"reports_grid_measure": "Net"}),
])
def test_every_page_reads_its_filters_from_the_address_and_writes_them_back(built, name, address, widgets):
    at = opened_at(name, address)
    for key, value in widgets.items():
        assert at.session_state[key] == value, (key, at.session_state[key])
    said = [box.value for box in [*at.info, *at.error]]
    assert not [line for line in said if "this link" in line], said
    assert {param: at.query_params[param] for param in address} == address   # written back as read


def open_tab(at: AppTest) -> str:
    """The label of the tab the browser opens: the one the tabs' container names as open."""
    container, = at.get("tab_container")
    return list(container.children.values())[container.proto.tab_container.default_tab_index].label


def test_a_link_opens_the_player_reviews_tab_it_names_and_the_first_says_nothing(built):
    at = opened_at("player", {"player": "Vera", "tab": "raspisnoy"})
    assert [tab.label for tab in at.tabs][:2] == ["Hold'em", "Raspisnoy"]   # Vera plays both: not the first
    assert open_tab(at) == "Raspisnoy" and at.query_params["tab"] == "raspisnoy"
    assert not [line for line in (box.value for box in at.info) if "this link" in line]
    # a tab opened is written in its word; the first, the default, leaves the address
    at.session_state["player_tab"] = "Chinese / OFC"
    at.run()
    assert at.query_params["tab"] == "chinese" and open_tab(at) == "Chinese / OFC"
    at.session_state["player_tab"] = "Hold'em"
    at.run()
    assert "tab" not in at.query_params and at.query_params["player"] == "Vera"
    # a tab the person has none of opens the first, and says so as every filter does
    at = opened_at("player", {"player": "Vera", "tab": "poker"})
    assert open_tab(at) == "Hold'em" and "tab" not in at.query_params
    said = [as_read(box.value) for box in at.info]
    assert "Tab: this link's “poker” is not offered here; showing Hold'em." in said, said


@pytest.mark.parametrize(("name", "key", "labels", "words"), [
    ("audit", "audit_tab", ["Findings", "Source", "Replay"], ["findings", "source", "replay"]),
    ("reports", "reports_tab", ["By position", "By stack depth", "Starting hands", "Sessions"],
     ["position", "stack_depth", "starting_hands", "sessions"]),
])
def test_a_link_opens_the_audits_and_the_reports_tab_it_names_and_the_first_says_nothing(built, name, key, labels,
                                                                                          words):
    for label, word in list(zip(labels, words))[1:]:
        at = opened_at(name, {"tab": word})
        assert [tab.label for tab in at.tabs] == labels
        assert open_tab(at) == label and at.query_params["tab"] == word
        assert not [line for line in (box.value for box in at.info) if "this link" in line]
    # a tab opened is written in its word; the first, the default, leaves the address
    at = opened_at(name, {})
    assert open_tab(at) == labels[0] and "tab" not in at.query_params
    at.session_state[key] = labels[-1]
    at.run()
    assert at.query_params["tab"] == words[-1] and open_tab(at) == labels[-1]
    at.session_state[key] = labels[0]
    at.run()
    assert "tab" not in at.query_params
    # a word no tab has opens the first, and says so as every filter does
    at = opened_at(name, {"tab": "poker"})
    assert open_tab(at) == labels[0] and "tab" not in at.query_params
    said = [as_read(box.value) for box in at.info]
    assert f"Tab: this link's “poker” is not offered here; showing {labels[0]}." in said, said


def test_the_audit_a_link_filters_counts_the_findings_it_names(built):
    at = opened_at("audit", {"severity": "warning", "kind": "raspisnoy"})
    expected = sql(built, "select count(*) from stg_findings f join stg_games g using (game_id) "
                          "where f.severity = 'warning' and g.game = 'raspisnoy'")[0][0]
    assert number(metric(at, "Findings")) == expected


def test_a_link_to_what_the_warehouse_no_longer_holds_opens_the_defaults_and_says_so(built):
    at = opened_at("leaderboards", {"club": "Nowhere", "season": "decade", "min_games": "many"})
    assert at.radio(key="lb_kind").value == "all" and at.number_input(key="lb_min_games").value == 1
    assert at.selectbox(key="lb_club").value == at.selectbox(key="lb_club").options[0]
    said = [as_read(box.value) for box in at.info]
    assert "Club / room: this link's “Nowhere” is not offered here; showing " in said[0]
    assert said[1:] == ["Season: this link's “decade” is not offered here; showing all.",
                        "Minimum games: this link's “many” is not offered here; showing 1."]
    # the address no longer names them: a reload opens the defaults without a word
    assert not {"club", "season", "min_games"} & set(at.query_params)
    at = opened_at("audit", {"player": "Nobody", "dates": "2026-13-01..2026-12-01", "rule": ["RSP-TOTAL", "NO-RULE"]})
    assert at.selectbox(key="audit_player").value == "All players"
    assert at.multiselect(key="audit_rules").value == ["RSP-TOTAL"]
    said = [as_read(box.value) for box in at.info]
    assert said[0] == "Rules: this link's “NO-RULE” is not offered here; showing the others."
    assert said[1] == "Player: this link's “Nobody” is not offered here; showing All players."
    assert said[2].startswith("Dates: this link's “2026-13-01..2026-12-01” is not offered here; showing every day")


def test_a_range_half_picked_leaves_the_address_as_it_was_until_its_last_day_is_picked(built):
    at = opened_at("audit", {"dates": "2026-11-28..2026-11-28"})
    all_findings = sql(built, "select count(*) from stg_findings")[0][0]
    at.date_input(key="audit_dates").set_value((date(2026, 12, 5),)).run()
    # the first day alone filters nothing yet, and the link still names the range it had
    assert at.query_params["dates"] == "2026-11-28..2026-11-28"
    assert number(metric(at, "Findings")) == all_findings
    at.date_input(key="audit_dates").set_value((date(2026, 12, 5), date(2026, 12, 5))).run()
    assert at.query_params["dates"] == "2026-12-05..2026-12-05"
