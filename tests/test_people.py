"""Players are people: `rasklad alias` links screen names to a person, in the warehouse, where
the links survive re-ingests and re-audits; "me" is a setting there too; the Player review
counts a person's names together and names each.

The games: the raspisnoy example of the formats page (Vera ends on 15 points), and the same
game played by "Вера" (her Cyrillic name, another game ID): Вера ends on 15 too. Linked, the
person Vera has 2 games and 30 points.
"""

from __future__ import annotations

import os
from decimal import Decimal

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests import formats_examples
from tests.conftest import ROOT

GAME = formats_examples.RASPISNOY_LOG
CYRILLIC = GAME.replace("Vera", "Вера").replace("R-2026-11-28-1", "R-2026-11-29-1").replace(
    "2026-11-28 19:30", "2026-11-29 19:30")


def people(root) -> dict[str, tuple[str, bool]]:
    with connect(root) as con:
        return {player: (person, is_me) for player, person, is_me in
                con.execute("select player, person, is_me from people").fetchall()}


def alias(root, *args: str):
    result = CliRunner().invoke(main, ["alias", "--warehouse", str(root), *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture()
def root(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "latin.txt").write_text(GAME, encoding="utf-8")
    (logs / "cyrillic.txt").write_text(CYRILLIC, encoding="utf-8")
    root = tmp_path / "warehouse"
    ingest([logs], root, jobs=1)
    return root


def test_alias_links_names_to_a_person_and_says_who_is_me(root):
    assert alias(root, "Vera", "Вера").strip() == "Vera: Vera, Вера"
    assert alias(root, "Vera", "--me").strip() == "Vera is me."
    found = people(root)
    assert found["Vera"] == found["Вера"] == ("Vera", True)
    assert found["Boris"] == ("Boris", False)
    listed = alias(root, "--list")
    assert "Vera, Вера" in listed and "Boris" not in listed
    alias(root, "--remove", "Вера")
    assert people(root)["Вера"] == ("Вера", False)


def test_alias_links_survive_a_new_ingest_and_a_reaudit(root, tmp_path):
    alias(root, "Vera", "Вера")
    more = tmp_path / "more"
    more.mkdir()
    (more / "sheet.txt").write_text(formats_examples.RASPISNOY_SHEET, encoding="utf-8")
    assert ingest([more], root, jobs=1).games == 1
    assert people(root)["Вера"] == ("Vera", False)
    with connect(root) as con:
        game_id = con.execute("select game_id from stg_game_players where player = 'Вера'").fetchone()[0]
    result = CliRunner().invoke(main, ["reaudit", "--warehouse", str(root), "--game", game_id])
    assert result.exit_code == 0, result.output
    assert people(root)["Вера"] == ("Vera", False)


def test_alias_refuses_to_name_a_person_after_another_persons_name(root):
    alias(root, "Vera", "Вера")
    result = CliRunner().invoke(main, ["alias", "--warehouse", str(root), "Вера", "Boris"])
    assert result.exit_code != 0 and "is a name of 'Vera'" in result.output


def test_player_review_counts_a_persons_names_together_and_starts_from_me(root):
    from streamlit.testing.v1 import AppTest

    from dashboards import queries

    alias(root, "Vera", "Вера")
    alias(root, "Vera", "--me")
    before = os.environ.get(queries.WAREHOUSE_ENV)
    os.environ[queries.WAREHOUSE_ENV] = str(root)
    queries.release()
    try:
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=60)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        assert at.selectbox(key="player").value == "Vera"        # me, without choosing
        assert "Вера" not in at.selectbox(key="player").options   # a name of Vera's, not a person
        headline = at.dataframe[0].value.to_dict("records")
        # two games of 15 points each, one per name: 30 points, never in two rows
        assert [(row["game"], row["count_games"], Decimal(str(row["net"]))) for row in headline] == [
            ("Raspisnoy (log)", 2, Decimal(30))]
        assert any("Vera, Вера" in caption.value for caption in at.caption)
    finally:
        queries.release()
        if before is None:
            os.environ.pop(queries.WAREHOUSE_ENV, None)
        else:
            os.environ[queries.WAREHOUSE_ENV] = before


def test_leaderboards_rank_a_person_once_with_his_names(root):
    # Unlinked, Vera and Вера each have 1 game and 15 points; linked, the person Vera has 2 games and
    # 30 points, ranked once, with both names listed. Boris and Anna end both games on 0.
    def board(mart: str, points: str) -> dict:
        with connect(root) as con:
            return {row[0]: row[1:] for row in con.execute(
                f"select player, count_games, {points}, rank from {mart} "
                "where club = 'Tverskaya' and season_kind = 'all'").fetchall()}

    assert board("leaderboard_raspisnoy", "total_points")["Вера"] == (1, Decimal(15), 1)
    alias(root, "Vera", "Вера")
    merged = board("leaderboard_raspisnoy", "total_points")
    assert "Вера" not in merged and merged["Vera"] == (2, Decimal(30), 1)
    assert merged["Boris"][:2] == (2, Decimal(0))
    with connect(root) as con:
        names = con.execute("select names from leaderboard where player = 'Vera' and season_kind = 'all'").fetchall()
        stats = con.execute("select count_games, count_rounds, total_points from player_stats_raspisnoy "
                            "where player = 'Vera' and season_kind = 'all'").fetchall()
    assert names == [("Vera, Вера",)]
    assert stats == [(2, 4, Decimal(30))]     # two rounds in each game


def test_player_review_form_links_a_name_and_says_this_is_me(root):
    from streamlit.testing.v1 import AppTest

    from dashboards import queries

    before = os.environ.get(queries.WAREHOUSE_ENV)
    os.environ[queries.WAREHOUSE_ENV] = str(root)
    queries.release()
    try:
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=120)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Vera").run()
        at.multiselect(key="alias_names").set_value(["Вера"])
        at.checkbox(key="alias_me").check()
        next(button for button in at.button if button.label == "Save").click().run()
        assert not at.exception, [e.value for e in at.exception]
    finally:
        queries.release()
        if before is None:
            os.environ.pop(queries.WAREHOUSE_ENV, None)
        else:
            os.environ[queries.WAREHOUSE_ENV] = before
    found = people(root)
    assert found["Вера"] == found["Vera"] == ("Vera", True)


# ---------------------------------------------------------------- a screen name is per room

def rooms_warehouse(root):
    """Gleb in two rooms, $0.50/$1 cash: PokerStars p1 Gleb +3 Anna −3, p2 Gleb −1 Anna +1;
    Winamax w1 Gleb +5 Boris −5."""
    from pipeline.tables import TableRows
    from tests.test_marts import add_game, build, holdem_result

    rows = TableRows()
    for hand, site, nets in (("p1", "PokerStars", {"Gleb": "3", "Anna": "-3"}),
                             ("p2", "PokerStars", {"Gleb": "-1", "Anna": "1"}),
                             ("w1", "Winamax", {"Gleb": "5", "Boris": "-5"})):
        add_game(rows, "holdem", hand, nets, currency="USD", site=site)
        for seat, (player, net) in enumerate(nets.items(), 1):
            holdem_result(rows, hand, player, net=net, big_blind="1", stakes="0.50/1 USD", seat=seat)
    return build(root, rows)


def holdem_board(root) -> dict:
    """The Hold'em leaderboards, all time: (room, person) -> (games, net). Online games of no club
    rank in their room."""
    with connect(root) as con:
        return {(row[0], row[1]): row[2:] for row in con.execute(
            "select club, player, count_games, net from leaderboard where game = 'holdem' and season_kind = 'all'"
        ).fetchall()}


def test_alias_same_name_in_two_rooms_is_two_accounts_one_link_per_room(tmp_path):
    from pipeline import people as links

    root = tmp_path / "warehouse"
    rooms_warehouse(root)
    with connect(root) as con:
        accounts = dict(((site, player), person) for site, player, person in con.execute(
            "select site, player, person from people").fetchall())
        stats = con.execute("select site, person, count_hands, net_won from player_stats_holdem "
                            "where player = 'Gleb' order by site").fetchall()
    # two accounts, each with its own rows; unlinked, each is the person of its plain name
    assert accounts == {("PokerStars", "Gleb"): "Gleb", ("Winamax", "Gleb"): "Gleb",
                        ("PokerStars", "Anna"): "Anna", ("Winamax", "Boris"): "Boris"}
    assert stats == [("PokerStars", "Gleb", 2, Decimal(2)), ("Winamax", "Gleb", 1, Decimal(5))]
    assert holdem_board(root) == {("PokerStars", "Gleb"): (2, Decimal(2)), ("PokerStars", "Anna"): (2, Decimal(-2)),
                                  ("Winamax", "Gleb"): (1, Decimal(5)), ("Winamax", "Boris"): (1, Decimal(-5))}
    # the Winamax account given to another person: its room's link wins over the name
    assert alias(root, "Gleb W", "Gleb", "--site", "Winamax").strip() == "Gleb W: Gleb (Winamax), Gleb W (Winamax)"
    board = holdem_board(root)
    assert (board[("PokerStars", "Gleb")], board[("Winamax", "Gleb W")]) == ((2, Decimal(2)), (1, Decimal(5)))
    with connect(root) as con:
        assert con.execute("select site, person, count_hands, net_won from player_stats_holdem "
                           "where player = 'Gleb' order by site").fetchall() == [
            ("PokerStars", "Gleb", 2, Decimal(2)), ("Winamax", "Gleb W", 1, Decimal(5))]
    # a link for every room yields to the room's own link
    links.link(root, "Глеб", ["Gleb"])
    with connect(root) as con:
        accounts = {(r[0], r[1]): r[2] for r in con.execute("select site, player, person from people").fetchall()}
    assert (accounts[("PokerStars", "Gleb")], accounts[("Winamax", "Gleb")]) == ("Глеб", "Gleb W")
    alias(root, "--remove", "Gleb", "--site", "Winamax")
    assert holdem_board(root)[("Winamax", "Глеб")] == (1, Decimal(5))

def test_player_review_room_filter_and_a_persons_total_over_his_rooms(tmp_path):
    from streamlit.testing.v1 import AppTest

    from dashboards import queries

    root = tmp_path / "warehouse"
    rooms_warehouse(root)
    before = os.environ.get(queries.WAREHOUSE_ENV)
    os.environ[queries.WAREHOUSE_ENV] = str(root)
    queries.release()
    try:
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=60)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Gleb").run()
        assert not at.exception, [e.value for e in at.exception]
        assert at.selectbox(key="player_site").options == ["All rooms", "PokerStars", "Winamax"]
        headline = table_with(at, "count_games").to_dict("records")
        assert [(row["count_games"], Decimal(str(row["net"]))) for row in headline] == [(3, Decimal(7))]
        # each account its own rows: PokerStars 2 hands +2, Winamax 1 hand +5
        accounts = table_with(at, "site", "bb_per_100").to_dict("records")
        assert [(row["site"], row["count_hands"], Decimal(str(row["net_won"]))) for row in accounts] == [
            ("PokerStars", 2, Decimal(2)), ("Winamax", 1, Decimal(5))]

        at.selectbox(key="player_site").set_value("Winamax").run()
        assert not at.exception, [e.value for e in at.exception]
        headline = table_with(at, "count_games").to_dict("records")
        assert [(row["count_games"], Decimal(str(row["net"]))) for row in headline] == [(1, Decimal(5))]
        accounts = table_with(at, "site", "bb_per_100").to_dict("records")
        assert [(row["site"], row["count_hands"]) for row in accounts] == [("Winamax", 1)]
        assert number_of_metric(at, "Net won") == Decimal(5)
    finally:
        queries.release()
        if before is None:
            os.environ.pop(queries.WAREHOUSE_ENV, None)
        else:
            os.environ[queries.WAREHOUSE_ENV] = before


def number_of_metric(at, label: str) -> Decimal:
    value = next(m.value for m in at.metric if m.label == label)
    return Decimal(value.replace(",", "").replace("+", ""))


def table_with(at, *columns: str):
    """The first table of the page with these columns."""
    return next(d.value for d in at.dataframe if set(columns) <= set(d.value.columns))


def test_player_review_form_links_a_name_in_one_room(tmp_path):
    from streamlit.testing.v1 import AppTest

    from dashboards import queries

    root = tmp_path / "warehouse"
    rooms_warehouse(root)
    before = os.environ.get(queries.WAREHOUSE_ENV)
    os.environ[queries.WAREHOUSE_ENV] = str(root)
    queries.release()
    try:
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=120)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Anna").run()
        at.multiselect(key="alias_names").set_value(["Boris"])
        at.selectbox(key="alias_site").set_value("Winamax")
        next(button for button in at.button if button.label == "Save").click().run()
        assert not at.exception, [e.value for e in at.exception]
    finally:
        queries.release()
        if before is None:
            os.environ.pop(queries.WAREHOUSE_ENV, None)
        else:
            os.environ[queries.WAREHOUSE_ENV] = before
    with connect(root) as con:
        accounts = dict(((site, player), person) for site, player, person in con.execute(
            "select site, player, person from people").fetchall())
    assert accounts[("Winamax", "Boris")] == "Anna" and accounts[("PokerStars", "Anna")] == "Anna"
