"""What docs/warehouse.md says of `raspisnoy_rounds`: its `kind` takes every kind of round the rules
know, and its `bid` is null exactly in the cases the page names."""

from __future__ import annotations

import re

from parsers.formats import parse_chunk
from parsers.source import split
from pipeline.facts.raspisnoy import add_rows, replay_log, replay_sheet
from pipeline.tables import TableRows
from rules.raspisnoy import RoundKind
from tests.conftest import ROOT, SAMPLES


def first_game(name: str, header: str) -> str:
    lines = (SAMPLES / name).read_text(encoding="utf-8").split("\n")
    starts = [k for k, line in enumerate(lines) if line.startswith(header)]
    return "\n".join(lines[starts[0]:starts[1]]) + "\n"


def stored_bids(text: str, replay) -> tuple[dict[tuple[int, str], int | None], set[str]]:
    """Per (round, player) the stored bid, and the rules of the replay's findings."""
    (chunk,) = split(text)
    record = parse_chunk(chunk, "f.txt")
    result = replay(record)
    rows = TableRows()
    add_rows(rows, record, result)
    stored = rows.to_arrow()[("raspisnoy_rounds", record.info.game)].to_pylist()
    return {(row["round_no"], row["player"]): row["bid"] for row in stored}, {f.rule_id for f in result.findings}


def test_warehouse_page_names_every_round_kind_the_kind_column_holds():
    page = (ROOT / "docs" / "warehouse.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| `kind` | varchar |") and "`regular`" in line]
    assert len(rows) == 2   # raspisnoy_rounds, and player_stats_raspisnoy_by_round that takes it
    for row in rows:
        assert re.findall(r"`([a-z-]+)`", row.split("|")[3]) == [kind.value for kind in RoundKind]


def test_a_sheet_bid_written_as_a_dash_in_a_round_with_bids_is_stored_as_null():
    text = first_game("raspisnoy-sheets.txt", "Raspisnoy sheet")
    row = " 1  1     regular   | 0/1 1     | 0/0 5     | 0/0 5"
    assert row in text
    bids, rules = stored_bids(text.replace(row, row.replace("| 0/1 1 ", "| -/1 1 ")), replay_sheet)
    assert [bids[1, player] for player in ("Gleb", "Egor", "Dasha")] == [None, 0, 0]
    assert "RSP-BID" in rules
    # the sheet's misère and golden rows (26 to 30) have no bids
    assert {bids[number, "Gleb"] for number in range(26, 31)} == {None}
    assert bids[2, "Gleb"] == 1


def test_a_player_left_out_of_a_log_bids_line_has_a_null_bid():
    text = first_game("raspisnoy-night.txt", "Raspisnoy game")
    line = "Bids: Vera 0, Dasha 1, Boris 1"
    assert line in text
    bids, rules = stored_bids(text.replace(line, "Bids: Vera 0, Dasha 1"), replay_log)
    assert [bids[1, player] for player in ("Vera", "Dasha", "Boris")] == [0, 1, None]
    assert "RSP-BID" in rules
