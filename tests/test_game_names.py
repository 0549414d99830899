"""A game's own name or number as its header writes it (``games.name_in_log``): stored for every
game, and the name an arbiter holding a club's paper log opens the game by (`rasklad show NAME`),
the name `rasklad audit` says beside each finding's game.

Each expected name and line is read from the sample files themselves: the header line that opens
the game (``Raspisnoy game R-demo-violations`` on its line of raspisnoy-violations.txt).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.warehouse import connect
from pipeline.worker import parse_bytes
from tests.conftest import SAMPLES

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
        return con.sql("select g.game_id, g.game, g.source_file, g.first_line, g.last_line, g.name_in_log, t.text "
                       "from games g join game_texts t using (game_id)").pl().to_dicts()


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("names") / "wh"
    files = [str(SAMPLES / file) for file, _ in HEADERS.values()] + [str(SAMPLES / HOLDEM)]
    assert run("ingest", *files, "--warehouse", str(root), "-q", "-j", "1").exit_code == 0
    return root


def test_every_stored_game_keeps_the_name_or_number_of_its_header(warehouse):
    games = stored_games(warehouse)
    assert {row["game"] for row in games} == {*HEADERS, "holdem", "holdem36"}     # (the sample's 6+ hands)
    for row in games:
        first = row["text"].splitlines()[0]
        number = HAND_NUMBER.match(first)
        assert row["name_in_log"] == (number.group(1) if row["game"].startswith("holdem") else name_of(first)), row


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
