"""A game's own name or number as its header writes it (``games.name_in_log``): stored for every
game, and the name an arbiter holding a club's paper log opens the game by (`rasklad show NAME`),
the name `rasklad audit` says beside each finding's game.

Each expected name and line is read from the sample files themselves: the header line that opens
the game (``Raspisnoy game R-demo-violations`` on its line of raspisnoy-violations.txt).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.warehouse import connect
from pipeline.worker import parse_bytes
from tests.conftest import SAMPLES
from tests.test_reaudit import games_stored_before

# one game of each club format, by the header that opens it in its sample file
HEADERS = {
    "raspisnoy": ("raspisnoy-violations.txt", "Raspisnoy game R-demo-violations"),
    "raspisnoy_sheet": ("raspisnoy-sheets.txt", "Raspisnoy sheet G-301-1"),
    "chinese": ("chinese-formats-examples.txt", "Chinese poker hand C-1001"),
    "ofc": ("ofc-formats-example.txt", "OFC hand O-501"),
    "sixcard": ("sixcard-metropol.txt", "Six-card poker session S-77"),
}
HOLDEM = "pokerstars-holdem.txt"
HAND_NUMBER = re.compile(r"PokerStars Hand #(\d+):")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def header_line(file: str, header: str) -> int:
    """The line of ``file`` (1-based) that is ``header``."""
    return (SAMPLES / file).read_text(encoding="utf-8").splitlines().index(header) + 1


def name_of(header: str) -> str:
    return header.rsplit(" ", 1)[1]


def stored_games(root: Path) -> list[dict]:
    with connect(root) as con:
        return con.sql("select g.game_id, g.game, g.source_file, g.first_line, g.last_line, g.club, g.name_in_log, t.text "
                       "from games g join game_texts t using (game_id)").pl().to_dicts()


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("names") / "wh"
    files = [str(SAMPLES / file) for file, _ in HEADERS.values()] + [str(SAMPLES / HOLDEM)]
    assert run("ingest", *files, "--warehouse", str(root), "-q", "-j", "1").exit_code == 0
    return root


@pytest.mark.parametrize("game", sorted(HEADERS))
def test_show_opens_each_club_formats_game_by_the_name_its_header_gives(warehouse, game):
    file, header = HEADERS[game]
    first = header_line(file, header)
    [stored] = [row for row in stored_games(warehouse) if row["source_file"].endswith(file) and row["first_line"] == first]
    shown = run("show", name_of(header), "--warehouse", str(warehouse))
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.splitlines()[0] == (f"{game} game {stored['game_id']}: {stored['source_file']} lines "
                                            f"{first}–{stored['last_line']} (name {name_of(header)})")
    as_json = json.loads(run("show", name_of(header), "--json", "--warehouse", str(warehouse)).stdout)
    assert (as_json["game_id"], as_json["name_in_log"]) == (stored["game_id"], name_of(header))


def test_every_stored_game_keeps_the_name_or_number_of_its_header(warehouse):
    games = stored_games(warehouse)
    assert {row["game"] for row in games} == {*HEADERS, "holdem", "holdem36"}     # (the sample's 6+ hands)
    for row in games:
        first = row["text"].splitlines()[0]
        number = HAND_NUMBER.match(first)
        assert row["name_in_log"] == (number.group(1) if row["game"].startswith("holdem") else name_of(first)), row


def test_show_opens_a_holdem_hand_by_its_number_and_names_it_so(warehouse):
    # with the # its log writes before the number, or without
    hand = next(row for row in stored_games(warehouse) if row["game"] == "holdem")
    for given in (hand["name_in_log"], "#" + hand["name_in_log"]):
        shown = run("show", given, "--warehouse", str(warehouse))
        assert shown.stdout.startswith(f"holdem game {hand['game_id']}: "), shown.output
        assert f"(hand number {hand['name_in_log']})" in shown.stdout.splitlines()[0]


@pytest.mark.parametrize("file", ["chinese-night.txt", "ofc-classic.txt", "pokerstars-holdem.txt"])
def test_the_batch_lanes_store_the_names_the_full_path_stores(file):
    data = (SAMPLES / file).read_bytes()
    fast, full = parse_bytes(data, file), parse_bytes(data, file, lane=False)
    assert fast.count_lane > 0 and full.count_lane == 0

    def names(result) -> dict[int, str]:
        return {line: name for (table, _), games in result.tables.items() if table == "games"
                for line, name in zip(games.column("first_line").to_pylist(), games.column("name_in_log").to_pylist())}

    lines = data.decode("utf-8").splitlines()
    headers = {number: HAND_NUMBER.match(line).group(1) if line.startswith("PokerStars") else name_of(line)
               for number, line in enumerate(lines, 1) if re.match(r"(Chinese poker hand|OFC hand|PokerStars Hand) ", line)}
    assert names(fast) == names(full) == headers


def test_audit_names_each_findings_game_as_its_log_does(warehouse):
    findings = json.loads(run("audit", "--json", "--all", "--warehouse", str(warehouse)).stdout)
    games = {row["game_id"]: row for row in stored_games(warehouse)}
    assert findings and any(row["name_in_log"] == "R-demo-violations" for row in findings)
    for row in findings:
        assert row["name_in_log"] == games[row["game_id"]]["name_in_log"]
    table = run("audit", "--rule", "RSP-", "--warehouse", str(warehouse)).output
    assert re.search(r"name_in_log: +R-demo-violations\n", table) or " R-demo-violations " in table, table


def test_two_games_of_one_name_are_both_listed_to_choose_from(tmp_path):
    file, header = HEADERS["raspisnoy"]
    text = (SAMPLES / file).read_text(encoding="utf-8")
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "tverskaya.txt").write_text(text, encoding="utf-8")
    (tmp_path / "logs" / "arbat.txt").write_text(text.replace("Club: Tverskaya", "Club: Arbat"), encoding="utf-8")
    wh = tmp_path / "wh"
    run("ingest", str(tmp_path / "logs"), "--warehouse", str(wh), "-q", "-j", "1")
    games = sorted((row["game_id"], row["source_file"], row["first_line"], row["last_line"], row["club"])
                   for row in stored_games(wh) if row["name_in_log"] == name_of(header))
    assert len(games) == 2 and {game[-1] for game in games} == {"Tverskaya", "Arbat"}
    shown = run("show", name_of(header), "--warehouse", str(wh))
    # each with its club: the same name in two clubs' logs
    listed = "".join(f"\n    {game_id}  {source}:{first}–{last}, club {club}" for game_id, source, first, last, club in games)
    assert shown.exit_code == 1
    assert shown.stderr == (f"Error: {name_of(header)!r} is the name of several stored games:{listed}\n"
                            "  Name one by its game ID (or the start of it).\n")
    for game_id, source, *_ in games:
        assert run("show", game_id[:10], "--warehouse", str(wh)).stdout.startswith(f"raspisnoy game {game_id}: {source}")


def test_a_name_opens_its_game_before_an_id_it_is_the_start_of(tmp_path):
    # a club may call its game by any word, one that starts another game's ID too: the name is what
    # the arbiter's paper says, the start of an ID what he never typed; a whole ID is the game's own
    file, header = HEADERS["raspisnoy"]
    text = (SAMPLES / file).read_text(encoding="utf-8")
    (tmp_path / "first.txt").write_text(text, encoding="utf-8")
    wh = tmp_path / "wh"
    run("ingest", str(tmp_path / "first.txt"), "--warehouse", str(wh), "-q", "-j", "1")
    [first] = [row for row in stored_games(wh) if row["name_in_log"] == name_of(header)]
    start = first["game_id"][:6]
    (tmp_path / "second.txt").write_text(text.replace(header, f"Raspisnoy game {start}"), encoding="utf-8")
    run("ingest", str(tmp_path / "second.txt"), "--warehouse", str(wh), "-q", "-j", "1")
    [second] = [row for row in stored_games(wh) if row["name_in_log"] == start]
    assert run("show", start, "--warehouse", str(wh)).stdout.startswith(f"raspisnoy game {second['game_id']}: ")
    assert run("show", first["game_id"], "--warehouse", str(wh)).stdout.startswith(
        f"raspisnoy game {first['game_id']}: ")


def test_a_name_no_game_has_is_told_with_the_close_names(warehouse):
    shown = run("show", "R-demo-violation", "--warehouse", str(warehouse))
    assert shown.exit_code == 1
    assert shown.stderr.startswith("Error: No stored game has an ID starting with 'R-demo-violation'. "
                                   "Did you mean 'R-demo-violations' or ")
    assert "\n  Nor has one that name or number in its log. " in shown.stderr


# -- a warehouse written before the column ------------------------------------------------------------

def test_an_older_warehouse_opens_its_games_until_a_reaudit_names_them(warehouse, tmp_path):
    old = tmp_path / "old"
    shutil.copytree(warehouse, old)
    games_stored_before(old, "name_in_log")
    games = {row["game_id"]: row for row in stored_games(old)}
    assert {row["name_in_log"] for row in games.values()} == {None}
    club = next(row for row in games.values() if row["game"] == "raspisnoy")
    by_id = run("show", club["game_id"][:8], "--warehouse", str(old))
    assert by_id.exit_code == 0, by_id.output
    assert by_id.stdout.splitlines()[0] == (f"raspisnoy game {club['game_id']}: {club['source_file']} lines "
                                            f"{club['first_line']}–{club['last_line']}")
    # a Hold'em hand by its number as before (holdem_results.hand_id); a club game not yet by its name
    number = HAND_NUMBER.match((SAMPLES / HOLDEM).read_text(encoding="utf-8")).group(1)
    assert run("show", number, "--warehouse", str(old)).stdout.startswith("holdem game ")
    assert run("show", "R-demo-violations", "--warehouse", str(old)).exit_code == 1
    audited = run("audit", "--json", "--warehouse", str(old))
    assert audited.exit_code == 0 and {row["name_in_log"] for row in json.loads(audited.stdout)} == {None}
    judged = run("reaudit", "--warehouse", str(old))
    assert judged.exit_code == 0, judged.output
    assert {row["game_id"]: row["name_in_log"] for row in stored_games(old)} == {
        row["game_id"]: row["name_in_log"] for row in stored_games(warehouse)}
    assert run("show", "R-demo-violations", "--warehouse", str(old)).stdout.startswith(
        f"raspisnoy game {club['game_id']}: ")


# -- stats --all: a player's seasons ---------------------------------------------------------------------

def test_stats_all_lists_a_players_seasons_all_year_quarter_month_the_newest_first(tmp_path):
    wh = tmp_path / "wh"
    run("ingest", str(SAMPLES / "raspisnoy-night.txt"), str(SAMPLES / "raspisnoy-sheets.txt"),
        str(SAMPLES / "raspisnoy-unfinished.txt"), "--warehouse", str(wh), "-q", "-j", "1")
    rows = json.loads(run("stats", "--all", "--game", "raspisnoy", "--json", "--warehouse", str(wh)).stdout)[
        "player_stats_raspisnoy"]
    kinds = ["all", "year", "quarter", "month"]     # the README's order
    for player in {row["player"] for row in rows}:
        clubs = [row["club"] for row in rows if row["player"] == player]
        assert clubs == sorted(clubs, key=clubs.index)      # each club's seasons together
        for club in set(clubs):
            seasons = [(row["season_kind"], row["season"]) for row in rows
                       if (row["player"], row["club"]) == (player, club)]
            assert seasons == sorted(seasons, key=lambda season: (kinds.index(season[0]), _newest_first(season[1])))
    players = [row["player"] for row in rows]
    assert players == sorted(players, key=players.index)    # each player's rows together
    # a player of several seasons of each kind, so that the order is seen
    assert any(len({row["season"] for row in rows if (row["player"], row["season_kind"]) == (player, "month")}) > 1
               for player in players)


def _newest_first(season: str) -> list[int]:
    return [-ord(letter) for letter in season]
