"""Players are people: `rasklad alias` links screen names to a person, in the warehouse, where
the links survive re-ingests and re-audits; "me" is a setting there too; the Player review
counts a person's names together and names each.

The games: the raspisnoy example of the formats page (Vera ends on 15 points), and the same
game played by "Вера" (her Cyrillic name, another game ID): Вера ends on 15 too. Linked, the
person Vera has 2 games and 30 points.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests import formats_examples
from tests.conftest import ROOT, made_once, warehouse_of_pages

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


# Each warehouse below is made once a test run (an ingest builds every model: seconds) and copied
# for each test that uses it (a tenth of a second), which may change its copy as it likes.

def made(tmp_path_factory, name: str, make: Callable[[Path], object]) -> Path:
    """The warehouse ``make`` fills at the path it is given, made once a test run (:func:`made_once`)."""
    folder = made_once(tmp_path_factory, f"test_people-{name}", lambda folder: make(folder / "warehouse"))
    return folder / "warehouse"


def _ingested_two_games(root: Path) -> None:
    logs = root.parent / "logs"
    logs.mkdir()
    (logs / "latin.txt").write_text(GAME, encoding="utf-8")
    (logs / "cyrillic.txt").write_text(CYRILLIC, encoding="utf-8")
    ingest([logs], root, jobs=1)


@pytest.fixture(scope="module")
def two_games(tmp_path_factory) -> Path:
    return made(tmp_path_factory, "two_games", _ingested_two_games)


@pytest.fixture()
def root(two_games, tmp_path) -> Path:
    """A warehouse of the game and its Cyrillic twin, the test's own."""
    return Path(shutil.copytree(two_games, tmp_path / "warehouse"))


@pytest.fixture(scope="module")
def two_games_linked(two_games, tmp_path_factory) -> Path:
    def linked_copy(root: Path) -> None:
        alias(shutil.copytree(two_games, root), "Vera", "Вера")    # (a link rebuilds every model: seconds)

    return made(tmp_path_factory, "two_games_linked", linked_copy)


@pytest.fixture()
def linked(two_games_linked, tmp_path) -> Path:
    """:func:`root`'s warehouse with Vera and Вера linked (``rasklad alias Vera Вера``), the test's own."""
    return Path(shutil.copytree(two_games_linked, tmp_path / "warehouse"))


@pytest.fixture(scope="module")
def no_games(tmp_path_factory) -> Path:
    # (an ingest of an empty file makes no warehouse)
    return made(tmp_path_factory, "no_games", lambda root: ingest([], root, jobs=1))


@pytest.fixture()
def empty(no_games, tmp_path) -> Path:
    """A warehouse that holds no game, the test's own."""
    return Path(shutil.copytree(no_games, tmp_path / "warehouse"))


def test_alias_links_names_to_a_person_and_says_who_is_me(root):
    assert alias(root, "Vera", "Вера").strip() == "Vera: Vera, Вера"
    assert alias(root, "Vera", "--me").strip() == "Vera is me."
    found = people(root)
    assert found["Vera"] == found["Вера"] == ("Vera", True)
    assert found["Boris"] == ("Boris", False)
    listed = alias(root, "--list")
    assert "Vera, Вера" in listed and "Boris" in listed
    alias(root, "--remove", "Вера")
    assert people(root)["Вера"] == ("Вера", False)


def test_alias_links_survive_a_new_ingest_and_a_reaudit(linked, tmp_path):
    more = tmp_path / "more"
    more.mkdir()
    (more / "sheet.txt").write_text(formats_examples.RASPISNOY_SHEET, encoding="utf-8")
    assert ingest([more], linked, jobs=1).games == 1
    assert people(linked)["Вера"] == ("Vera", False)
    with connect(linked) as con:
        game_id = con.execute("select game_id from stg_game_players where player = 'Вера'").fetchone()[0]
    result = CliRunner().invoke(main, ["reaudit", "--warehouse", str(linked), "--game", game_id])
    assert result.exit_code == 0, result.output
    assert people(linked)["Вера"] == ("Vera", False)


def test_alias_refuses_to_name_a_person_after_another_persons_name(linked):
    result = CliRunner().invoke(main, ["alias", "--warehouse", str(linked), "Вера", "Boris"])
    assert result.exit_code != 0 and "is a name of 'Vera'" in result.output


def refused(root, *args: str) -> str:
    """What ``rasklad alias ARGS`` says refusing them (exit 1)."""
    result = CliRunner().invoke(main, ["alias", "--warehouse", str(root), *args])
    assert result.exit_code == 1, result.output
    return result.stderr


def noted(root, *args: str) -> tuple[str, str]:
    """What ``rasklad alias ARGS`` says on stdout and on stderr, having done it (exit 0)."""
    result = CliRunner().invoke(main, ["alias", "--warehouse", str(root), *args])
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


KEPT = ("  The link is kept: it counts those names' games once they are ingested. A misspelling? "
        "Undo it with rasklad alias --remove NAME.\n")


def test_alias_says_a_name_no_game_has_yet_naming_the_close_ones(root):
    """`alias Vrea --me` said "Vrea is me." and `alias Vera Vera22` linked a name of no game, silently:
    a misspelling. A name whose games are not ingested yet may be linked all the same: said, not refused."""
    assert noted(root, "Vrea", "--me") == ("Vrea is me.\n", "Note: No stored game has a player 'Vrea' yet, and no "
                                           "person is named so. Did you mean 'Vera'?\n" + KEPT)
    assert noted(root, "Vera", "Vera22") == ("Vera: Vera, Vera22\n",
                                             "Note: No stored game has a player 'Vera22' yet. Did you mean 'Vera'?\n"
                                             + KEPT)
    assert people(root)["Vera22"] == ("Vera", False)
    assert noted(root, "--remove", "Vera22")[1] == ""
    assert refused(root, "--remove", "Вера").startswith("Error: 'Вера' has no link to remove.\n")
    # a person is any text: his names are what the games have
    assert noted(root, "Верочка", "Вера", "--me") == ("Верочка: Вера, Верочка\nВерочка is me.\n", "")


def test_alias_says_a_room_no_game_was_played_in_and_a_name_not_in_that_room(rooms):
    """`alias Gleb Anna --site Stars` linked `Anna (Stars)` silently."""
    root = rooms
    _, said = noted(root, "Gleb", "Anna", "--site", "Stars")
    assert said.startswith("Note: No stored game was played on the site 'Stars'. Did you mean 'PokerStars'?\n"
                           "Note: No stored game in Stars has a player 'Anna' yet.")
    _, said = noted(root, "Gleb", "Boris", "--site", "PokerStars")
    assert said.startswith("Note: No stored game in PokerStars has a player 'Boris' yet.")
    assert refused(root, "--remove", "Gleb", "--site", "Pokerstarz").startswith(
        "Error: No stored game was played on the site 'Pokerstarz'.")
    assert noted(root, "Gleb", "Boris", "--site", "winamax") == (
        "Gleb: Anna (Stars), Boris (PokerStars), Boris (Winamax)\n", "")
    assert refused(root, "--remove", "Vera", "--site", "PokerStars") == (
        "Error: 'Vera' has no link in PokerStars to remove.\n"
        "  `rasklad alias --list` lists every person with their names.\n")


def test_alias_on_a_warehouse_without_games_links_for_the_games_to_come(empty):
    assert noted(empty, "Gleb", "--me") == (
        "Gleb is me.\n", ("Note: No stored game has a player 'Gleb' yet, and no person is named so.\n"
                          "  This warehouse holds no game yet: the links count the games once they are ingested.\n"))


def test_settings_rate_refuses_what_decimal_18_6_cannot_hold_before_saving_it(root):
    """The models keep a rate as decimal(18, 6): one of 10^12 or more stopped every later model build,
    one finer than 0.000001 became 0 (or was rounded). Refused, nothing is saved and the models build."""
    def rate(value: str):
        return CliRunner().invoke(main, ["settings", "rate", "EUR", "USD", value, "--warehouse", str(root)])

    def stored() -> list[tuple]:
        with connect(root) as con:
            return con.execute("select from_currency, to_currency, rate from conversion_rates").fetchall()

    for value in ("1e400", "1000000000000", "0.0000001", "1.0000005", "0", "nan", "inf"):
        refused = rate(value)
        assert refused.exit_code == 2, value     # a usage error, refused before the warehouse is read
        # in the user's words: what a rate is, not the type that keeps it
        said = ("a rate is more than 0 (what 1 EUR is worth in USD)" if value == "0" else
                "a rate is a number from 0.000001 to 999,999,999,999.999999 with at most 6 decimals (kept exactly so)")
        assert refused.stderr.endswith(f"\nError: {said}, not {value}\n  Example: rasklad settings rate EUR USD "
                                       "1.08\n"), value
        with connect(root) as con:
            assert con.execute("select * from settings where name like 'rate %'").fetchall() == [], value
    assert CliRunner().invoke(main, ["build-models", "--warehouse", str(root)]).exit_code == 0
    for value, kept in (("0.000001", Decimal("0.000001")), ("999999999999.999999", Decimal("999999999999.999999")),
                        ("1e3", Decimal(1000)), ("1.080000000", Decimal("1.08"))):
        assert rate(value).exit_code == 0, value
        assert stored() == [("EUR", "USD", kept)], value


def test_player_review_counts_a_persons_names_together_and_starts_from_me(linked):
    from streamlit.testing.v1 import AppTest


    alias(linked, "Vera", "--me")
    with warehouse_of_pages(linked):
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
            ("Raspisnoy (logs and sheets)", 2, Decimal(30))]
        assert any("Vera, Вера" in caption.value for caption in at.caption)


def test_stats_of_a_linked_name_are_its_persons_figures_and_say_whose(linked):
    # raspisnoy's statistics are per person: a linked name finds them through the person it belongs to
    args = ["stats", "--player", "Вера", "--game", "raspisnoy", "--warehouse", str(linked)]
    shown = CliRunner().invoke(main, args)
    assert shown.exit_code == 0, shown.output
    assert "Вера is a name of Vera: the figures of Vera, every linked name together." in shown.output
    assert "No statistics yet" not in shown.output
    rows = json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)["player_stats_raspisnoy"]
    assert [(row["player"], row["count_games"], Decimal(str(row["total_points"]))) for row in rows
            if row["season_kind"] == "all"] == [("Vera", 2, Decimal(30))]


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

    with warehouse_of_pages(root):
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=120)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Vera").run()
        at.multiselect(key="alias_names").set_value(["Вера"])
        at.checkbox(key="alias_me").check()
        next(button for button in at.button if button.label == "Save").click().run()
        assert not at.exception, [e.value for e in at.exception]
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


@pytest.fixture(scope="module")
def rooms_built(tmp_path_factory) -> Path:
    return made(tmp_path_factory, "rooms", lambda root: rooms_warehouse(root).close())


@pytest.fixture()
def rooms(rooms_built, tmp_path) -> Path:
    """A warehouse of :func:`rooms_warehouse`, the test's own."""
    return Path(shutil.copytree(rooms_built, tmp_path / "warehouse"))


def holdem_board(root) -> dict:
    """The Hold'em leaderboards, all time: (room, person) -> (games, net). Online games of no club
    rank in their room."""
    with connect(root) as con:
        return {(row[0], row[1]): row[2:] for row in con.execute(
            "select club, player, count_games, net from leaderboard where game = 'holdem' and season_kind = 'all'"
        ).fetchall()}


def test_alias_same_name_in_two_rooms_is_two_accounts_one_link_per_room(rooms):
    from pipeline import people as links

    root = rooms
    with connect(root) as con:
        accounts = {(site, player): person for site, player, person in con.execute(
            "select site, player, person from people").fetchall()}
        stats = con.execute("select site, person, count_hands, net_won from player_stats_holdem "
                            "where player = 'Gleb' order by site").fetchall()
    # two accounts, each with its own rows; unlinked, each is the person of its plain name
    assert accounts == {("PokerStars", "Gleb"): "Gleb", ("Winamax", "Gleb"): "Gleb",
                        ("PokerStars", "Anna"): "Anna", ("Winamax", "Boris"): "Boris"}
    assert stats == [("PokerStars", "Gleb", 2, Decimal(2)), ("Winamax", "Gleb", 1, Decimal(5))]
    assert holdem_board(root) == {("PokerStars", "Gleb"): (2, Decimal(2)), ("PokerStars", "Anna"): (2, Decimal(-2)),
                                  ("Winamax", "Gleb"): (1, Decimal(5)), ("Winamax", "Boris"): (1, Decimal(-5))}
    # the Winamax account given to another person: its room's link wins over the name
    assert alias(root, "Gleb W", "Gleb", "--site", "Winamax").strip() == "Gleb W: Gleb (Winamax)"
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

def test_alias_in_one_room_links_the_names_given_and_not_the_persons_own_name_there(rooms):
    """`alias Gleb Boris --site Winamax` also linked 'Gleb (Winamax)', an account nobody named."""
    root = rooms
    assert noted(root, "Anna", "Gleb", "--site", "Winamax") == ("Anna: Gleb (Winamax)\n", "")
    with connect(root) as con:
        assert con.execute("select player, person, site from aliases").fetchall() == [("Gleb", "Anna", "Winamax")]
    # Anna's own account at Winamax is none: no row of people names it
    assert ("Winamax", "Anna") not in {(site, player) for site, player in _accounts(root)}


def test_alias_says_whose_an_account_was_when_it_moves_to_another_person(rooms):
    root = rooms
    alias(root, "Anna", "Gleb", "--site", "Winamax")
    assert noted(root, "Boris", "Gleb", "--site", "Winamax") == (
        "Boris: Gleb (Winamax)\n", "Note: 'Gleb' (Winamax) was a name of 'Anna'; it is a name of 'Boris' now.\n")
    # a link for every room moves the account in a room without a link of its own
    alias(root, "Vera", "Anna")
    assert noted(root, "Boris", "Anna", "--site", "PokerStars")[1] == (
        "Note: 'Anna' (PokerStars) was a name of 'Vera'; it is a name of 'Boris' now.\n")
    # linked again to the same person, or a name nobody held: nothing to say
    assert noted(root, "Boris", "Anna", "--site", "PokerStars")[1] == ""
    assert noted(root, "Vera", "Boris")[1] == ""


def _accounts(root) -> list[tuple[str, str]]:
    with connect(root) as con:
        return con.execute("select site, player from people").fetchall()


def test_player_review_room_filter_and_a_persons_total_over_his_rooms(rooms):
    from streamlit.testing.v1 import AppTest


    root = rooms
    with warehouse_of_pages(root):
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=60)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Gleb").run()
        assert not at.exception, [e.value for e in at.exception]
        assert at.selectbox(key="player_site").options == ["All rooms", "PokerStars", "Winamax"]
        headline = table_with(at, "count_games").to_dict("records")
        assert [(row["count_games"], Decimal(str(row["net"]))) for row in headline] == [(3, Decimal(7))]
        # all his names together (3 hands, +7), then each account apart: PokerStars 2 hands +2, Winamax 1 hand +5
        together = table_with(at, "names", "bb_per_100").to_dict("records")
        assert [(row["names"], row["count_hands"], Decimal(str(row["net_won"]))) for row in together] == [
            ("Gleb (PokerStars), Gleb (Winamax)", 3, Decimal(7))]
        accounts = table_with(at, "site", "bb_per_100").to_dict("records")
        assert [(row["site"], row["count_hands"], Decimal(str(row["net_won"]))) for row in accounts] == [
            ("PokerStars", 2, Decimal(2)), ("Winamax", 1, Decimal(5))]

        at.selectbox(key="player_site").set_value("Winamax").run()
        assert not at.exception, [e.value for e in at.exception]
        headline = table_with(at, "count_games").to_dict("records")
        assert [(row["count_games"], Decimal(str(row["net"]))) for row in headline] == [(1, Decimal(5))]
        # one account left: the person's table alone, naming it
        together = table_with(at, "names", "bb_per_100").to_dict("records")
        assert [(row["names"], row["count_hands"]) for row in together] == [("Gleb (Winamax)", 1)]
        assert number_of_metric(at, "Net won") == Decimal(5)


def number_of_metric(at, label: str) -> Decimal:
    value = next(m.value for m in at.metric if m.label == label)
    return Decimal(value.replace(",", "").replace("+", ""))


def table_with(at, *columns: str):
    """The first table of the page with these columns."""
    return next(d.value for d in at.dataframe if set(columns) <= set(d.value.columns))


def test_player_review_form_links_a_name_in_one_room(rooms):
    from streamlit.testing.v1 import AppTest


    root = rooms
    with warehouse_of_pages(root):
        at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=120)
        at.run()
        at.switch_page("app_pages/player.py")
        at.run()
        at.selectbox(key="player").set_value("Anna").run()
        at.multiselect(key="alias_names").set_value(["Boris"])
        at.selectbox(key="alias_site").set_value("Winamax")
        next(button for button in at.button if button.label == "Save").click().run()
        assert not at.exception, [e.value for e in at.exception]
    with connect(root) as con:
        accounts = {(site, player): person for site, player, person in con.execute(
            "select site, player, person from people").fetchall()}
    assert accounts[("Winamax", "Boris")] == "Anna" and accounts[("PokerStars", "Anna")] == "Anna"


# ---------------------------------------------------------------- a person's Hold'em figures

def two_names_warehouse(root):
    """Anna plays as "Anna" at PokerStars and as "Анна" at Winamax, $0.50/$1 cash, three-handed with
    Boris (SB) and Vera (BB); each hand is folded to her on the button.

        hand  room        day         club     she            flags          net
        h1    PokerStars  2026-11-01  —        raises to 3    VPIP, PFR      +1.50 (the blinds)
        h2    PokerStars  2026-11-02  Friday   folds          —               0
        h3    Winamax     2026-11-02  —        calls 1        VPIP           −1

    The person: 3 hands, VPIP 2/3 = 66.67 %, PFR 1/3 = 33.33 %, net +0.50, 0.5 big blinds in 3 hands
    = 16.67 bb/100. (Averaging her names' rates would give VPIP (50 + 100) / 2 = 75 % and PFR 25 %.)
    """
    from datetime import datetime

    from pipeline.tables import TableRows
    from tests.test_marts import D, add_game, gid, holdem_result

    seats = {"Boris": (1, "SB"), "Vera": (2, "BB")}
    hands = {
        # hand: (room, her name, day, club, her action and amount, {player: net})
        "h1": ("PokerStars", "Anna", 1, None, ("raise", "3"), {"Anna": "1.50", "Boris": "-0.50", "Vera": "-1"}),
        "h2": ("PokerStars", "Anna", 2, "Friday", ("fold", None), {"Anna": "0", "Boris": "-0.50", "Vera": "0.50"}),
        "h3": ("Winamax", "Анна", 2, None, ("call", "1"), {"Анна": "-1", "Boris": "-0.50", "Vera": "1.50"}),
    }
    rows = TableRows()
    for hand, (site, her, day, club, (action, amount), nets) in hands.items():
        add_game(rows, "holdem", hand, nets, currency="USD", site=site, club=club,
                 played_at=datetime(2026, 11, day, 20, 0))
        actions = [("Boris", "post_sb", "0.50", None, 0), ("Vera", "post_bb", "1", None, 0),
                   (her, action, amount, "1", 1)]
        for action_no, (player, kind, paid, to_call, level) in enumerate(actions):
            seat, position = seats.get(player, (3, "BTN"))
            rows.add("holdem_actions", "holdem", game_id=gid(hand), hand_id=hand, action_no=action_no,
                     street="preflop", player=player, seat=seat, position=position, action=kind,
                     amount=None if paid is None else D(paid), to_call=None if to_call is None else D(to_call),
                     bet_level=level, is_all_in=False, is_voluntary=kind in ("call", "bet", "raise"),
                     line=action_no + 1)
        for player, net in nets.items():
            seat, position = seats.get(player, (3, "BTN"))
            holdem_result(rows, hand, player, net=net, big_blind="1", stakes="0.50/1 USD", seat=seat,
                          position=position)
    from tests.test_marts import build

    store = build(root, rows)
    from pipeline import people as links

    links.link(root, "Anna", ["Анна"])
    return store


@pytest.fixture(scope="module")
def two_names(tmp_path_factory):
    root = made(tmp_path_factory, "two_names", lambda root: two_names_warehouse(root).close())
    with warehouse_of_pages(root):     # (the tests only read it)
        yield root


def figures(frame, *columns: str) -> list[tuple]:
    """Rows of a frame as tuples of ``columns``, rates rounded to the hundredth."""
    return [tuple(round(v, 2) if isinstance(v, float) else v for v in row)
            for row in frame.select(columns).iter_rows()]


def test_holdem_stats_of_a_person_are_the_rates_of_his_names_summed_counts(two_names):
    from dashboards import queries as q

    db = q.database()
    together = q.holdem_stats(db, "Anna")
    assert figures(together, "names", "count_hands", "net_won", "bb_per_100", "count_vpip",
                   "count_vpip_opportunities", "vpip", "pfr") == [
        ("Anna (PokerStars), Анна (Winamax)", 3, Decimal("0.50"), Decimal("16.67"), 2, 3, 66.67, 33.33)]
    by_name = q.holdem_stats(db, "Anna", per_account=True)
    assert figures(by_name, "player", "site", "count_hands", "net_won", "vpip", "pfr") == [
        ("Anna", "PokerStars", 2, Decimal("1.50"), 50.0, 50.0), ("Анна", "Winamax", 1, Decimal(-1), 100.0, 0.0)]
    # each name's row is the mart's own row of that account
    with connect(two_names) as con:
        mart = con.execute("select player, site, count_hands, net_won, round(vpip, 2), round(pfr, 2), bb_per_100 "
                           "from player_stats_holdem where person = 'Anna' order by player").fetchall()
    assert figures(by_name, "player", "site", "count_hands", "net_won", "vpip", "pfr", "bb_per_100") == mart


def test_holdem_stats_of_a_person_follow_the_dates_club_and_room(two_names):
    from datetime import date

    from dashboards import queries as q

    db = q.database()
    # 2 November: h2 (folded) and h3 (called): VPIP 1/2, PFR 0/2, net 0 − 1 = −1
    day = q.holdem_stats(db, "Anna", start=date(2026, 11, 2), end=date(2026, 11, 2))
    assert figures(day, "count_hands", "net_won", "vpip", "pfr") == [(2, Decimal(-1), 50.0, 0.0)]
    # the club Friday: h2 alone
    club = q.holdem_stats(db, "Anna", club="Friday")
    assert figures(club, "names", "count_hands", "net_won", "vpip") == [("Anna (PokerStars)", 1, Decimal(0), 0.0)]
    # Winamax: h3 alone, as Анна
    room = q.holdem_stats(db, "Anna", site="Winamax")
    assert figures(room, "names", "count_hands", "net_won", "vpip", "pfr") == [
        ("Анна (Winamax)", 1, Decimal(-1), 100.0, 0.0)]
    # a day she did not play
    assert q.holdem_stats(db, "Anna", start=date(2026, 11, 3)).is_empty()


def test_player_review_shows_a_persons_holdem_figures_and_each_name(two_names):
    from datetime import date

    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "dashboards" / "streamlit_app.py"), default_timeout=120)
    at.run()
    at.switch_page("app_pages/player.py")
    at.run()
    at.selectbox(key="player").set_value("Anna").run()
    assert not at.exception, [e.value for e in at.exception]
    together = table_with(at, "names", "vpip").to_dict("records")
    assert [(r["count_hands"], round(r["vpip"], 2), round(r["pfr"], 2)) for r in together] == [(3, 66.67, 33.33)]
    each = table_with(at, "site", "vpip").to_dict("records")
    assert [(r["player"], r["count_hands"]) for r in each] == [("Anna", 2), ("Анна", 1)]
    at.date_input(key="player_dates").set_value((date(2026, 11, 2), date(2026, 11, 2))).run()
    assert not at.exception, [e.value for e in at.exception]
    together = table_with(at, "names", "vpip").to_dict("records")
    assert [(r["count_hands"], round(r["vpip"], 2)) for r in together] == [(2, 50.0)]


def test_raspisnoy_stats_follow_the_pages_club_and_dates(root):
    # Boris played both games (28 and 29 November 2026, club Tverskaya): 2 games in every season
    # of the club. With dates, the figures are those days' alone: 29 November, one game. Another
    # club: nothing.
    from datetime import date

    with warehouse_of_pages(root) as (q, db):
        every = q.raspisnoy_stats(db, "Boris")
        dated = q.raspisnoy_stats(db, "Boris", start=date(2026, 11, 29), end=date(2026, 11, 29))
        elsewhere = q.raspisnoy_stats(db, "Boris", club="Elsewhere")
        rounds_elsewhere = q.raspisnoy_by_round(db, "Boris", club="Elsewhere")
        rounds_here = q.raspisnoy_by_round(db, "Boris", club="Tverskaya")
    assert sorted(zip(every["season_kind"], every["season"], every["count_games"])) == [
        ("all", "all time", 2), ("month", "2026-11", 2), ("quarter", "2026-Q4", 2), ("year", "2026", 2)]
    assert list(zip(dated["club"], dated["season_kind"], dated["season"], dated["count_games"])) == [
        ("Tverskaya", "days", "2026-11-29 to 2026-11-29", 1)]
    assert elsewhere.is_empty() and rounds_elsewhere.is_empty() and not rounds_here.is_empty()


def test_alias_remove_counts_the_links_as_alias_list_shows_them(linked):
    # `alias Vera Вера` links Вера to Vera, and Vera to herself (a person's own name goes with her
    # names): removing Вера leaves no link at all, not "1 names stay linked". --list listed only the
    # persons of two names or more, though its help says every person: Вера, unlinked, was gone from it.
    assert alias(linked, "--remove", "Вера").strip() == "Removed the links of Вера; no name stays linked."
    # every person stays listed, each with their one name now: Anna and Boris played both games
    listed = json.loads(alias(linked, "--list", "--json"))
    names = lambda row: [(name["name"], name["site"]) for name in row["names"]]  # noqa: E731
    assert [(row["person"], names(row), row["count_games"]) for row in listed] == [
        ("Anna", [("Anna", None)], 2), ("Boris", [("Boris", None)], 2), ("Vera", [("Vera", None)], 1),
        ("Вера", [("Вера", None)], 1)]
    with connect(linked) as con:
        assert con.execute("select count(*) from aliases").fetchone()[0] == 0
    alias(linked, "Vera", "Вера", "Boris")
    assert alias(linked, "--remove", "Boris").strip() == "Removed the links of Boris; 1 name stays linked."
    listed = json.loads(alias(linked, "--list", "--json"))
    assert [(row["person"], names(row)) for row in listed] == [
        ("Anna", [("Anna", None)]), ("Boris", [("Boris", None)]), ("Vera", [("Vera", None), ("Вера", None)])]
    assert people(linked)["Boris"] == ("Boris", False)


def test_alias_list_of_a_warehouse_with_no_person_says_so(empty):
    assert alias(empty, "--list").strip() == (
        "No person yet: no stored game has a player and no name is linked (rasklad alias PERSON NAME... links some).")


READ_ONLY_CHANGES = [["alias", "Vera", "Вера"], ["alias", "Vera", "--me"], ["alias", "--remove", "Вера"],
                     ["settings", "rate", "EUR", "USD", "1.08"]]


def _cannot_be_written(root) -> str:
    return (f"Error: The warehouse {str(root)!r} cannot be written: Read-only file system ({root / '.lock'}).\n"
            "  Name a folder you may write with --warehouse (or RASKLAD_WAREHOUSE), or make this one writable.\n")


@pytest.mark.parametrize("args", READ_ONLY_CHANGES)
def test_a_change_of_links_or_settings_on_a_read_only_warehouse_says_so_and_exits_1(linked, monkeypatch, args):
    import errno
    import os

    import pipeline.warehouse

    # (linked: a link to remove)
    def read_only(folder, *rest):   # as os.open fails on a read-only disk, making the writers' lock
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(folder / ".lock"))

    monkeypatch.setattr(pipeline.warehouse, "_lock", read_only)
    result = CliRunner().invoke(main, [*args, "--warehouse", str(linked)])
    assert (result.exit_code, result.stderr) == (1, _cannot_be_written(linked))


def test_a_change_on_a_warehouse_mounted_read_only_says_so_and_exits_1(linked):
    """The same on a real read-only mount (a mount namespace of its own: skipped where the system
    refuses one)."""
    import shutil
    import subprocess
    import sys

    if shutil.which("unshare") is None:
        pytest.skip("no unshare here")
    said = []
    for args in READ_ONLY_CHANGES:
        argv = [sys.executable, "-m", "pipeline.cli", *args, "--warehouse", str(linked)]
        command = " ".join(f"'{arg}'" for arg in argv)
        script = f"mount --bind -o ro '{linked}' '{linked}' || exit 99; exec {command}"
        done = subprocess.run(["unshare", "-m", "sh", "-c", script], check=False, capture_output=True, text=True,
                              cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        if done.returncode == 99:
            pytest.skip(f"a read-only mount is refused here: {done.stderr.strip()}")
        said.append((done.returncode, done.stderr))
    assert said == [(1, _cannot_be_written(linked))] * len(READ_ONLY_CHANGES)


def test_a_person_whose_names_shared_a_game_counts_it_once_and_is_known_to_stats(root):
    # "Pavel" is no screen name (alias lists him among his names): a person whose names are Boris (both games) and Vera (the first,
    # where Boris sat too). His games: the first and the second, 2, not Boris's 2 + Vera's 1. Boris
    # ends both games on 0 and Vera the first on 15: 15 points. stats --player takes the person's name.
    alias(root, "Pavel", "Boris", "Vera")
    listed = json.loads(CliRunner().invoke(main, ["alias", "--warehouse", str(root), "--list", "--json"]).stdout)
    assert [(row["person"], [name["name"] for name in row["names"]], row["count_games"]) for row in listed] == [
        ("Anna", ["Anna"], 2), ("Pavel", ["Boris", "Pavel", "Vera"], 2), ("Вера", ["Вера"], 1)]
    args = ["stats", "--player", "Pavel", "--game", "raspisnoy", "--warehouse", str(root), "--json"]
    shown = CliRunner().invoke(main, args)
    assert shown.exit_code == 0, shown.output
    assert [(row["player"], row["count_games"], Decimal(str(row["total_points"])))
            for row in json.loads(shown.stdout)["player_stats_raspisnoy"]
            if row["season_kind"] == "all"] == [("Pavel", 2, Decimal(15))]
    refused = CliRunner().invoke(main, ["stats", "--player", "Pavle", "--warehouse", str(root)])
    assert refused.exit_code != 0 and "Did you mean 'Pavel'" in refused.output


def _hold_the_lock(root, ready, release) -> None:
    from pipeline.warehouse import Warehouse

    with Warehouse(root).open(purpose="a test holding the lock"):
        ready.set()
        release.wait(60)
    os._exit(0)


def test_alias_refused_by_a_busy_warehouse_never_says_the_link_is_kept(root):
    """`alias X Y --no-wait` said "The link is kept" for a name of no game, then stopped at the
    lock another writer held, keeping nothing: the note comes once the link is written."""
    import multiprocessing

    fork = multiprocessing.get_context("fork")
    ready, release = fork.Event(), fork.Event()
    holder = fork.Process(target=_hold_the_lock, args=(root, ready, release))
    holder.start()
    try:
        assert ready.wait(30)
        result = CliRunner().invoke(main, ["alias", "--warehouse", str(root), "Vera", "Vera22", "--no-wait"])
    finally:
        release.set()
        holder.join(30)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"Error: The warehouse {str(root)!r} is being written by another process "
                                    f"(process {holder.pid}, a test holding the lock, since ")
    assert "Note:" not in result.stderr and "The link is kept" not in result.stderr
    assert "Vera22" not in people(root)
    # the lock released, the same command links the name, and then says the note
    assert noted(root, "Vera", "Vera22") == ("Vera: Vera, Vera22\n",
                                             "Note: No stored game has a player 'Vera22' yet. Did you mean 'Vera'?\n"
                                             + KEPT)
