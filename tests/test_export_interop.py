"""rasklad export of real rooms' hands as another tool reads them: the board of every room, the
table's size, seats, caps and what a PHH round trip keeps.

Each hand is checked against its log's own text, worked out by hand in the comments.
"""

from __future__ import annotations

import json
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path

import pokerkit

from pipeline.export import export
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.conftest import corpus

D = Decimal


def _exported(tmp_path: Path, logs: Path, fmt: str):
    """The export summary of the hands of ``logs``, and the files written by hand ID (PHH's
    ``hand``, OHH's ``game_number``), read."""
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        summary = export(con, fmt, tmp_path / fmt)
    if fmt == "phh":
        files = {tomllib.loads(p.read_text())["hand"]: p.read_text() for p in summary.written}
    else:
        files = {doc["ohh"]["game_number"]: doc["ohh"] for doc in (json.loads(p.read_text()) for p in summary.written)}
    return summary, files


def _rounds(ohh: dict) -> list[tuple[str, list[str] | None]]:
    return [(r["street"], r.get("cards")) for r in ohh["rounds"]]


def _pokerkit_stacks(text: str) -> list[Decimal]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [D(s) for s in list(pokerkit.HandHistory.loads(text))[-1].stacks]


IPOKER_LIMIT = ("rooms", "iPoker", "Flop", "LHE-5-10-10-20-USD-201103.HEM.archive.txt")
IPOKER_ALL_IN = ("rooms", "iPoker", "Flop", "NLHE-GBP-0.05-0.10-201307.uncalled.2nd.winner.xml")


def test_export_ohh_of_an_ipoker_hand_has_its_board_and_showdown(tmp_path):
    """Game 2606454888 deals ``<cards type="Flop">SJ D3 C5</cards>``, ``CQ``, ``DA``; Player5 (S5 CA)
    and Player0 (H4 D4) check the river down, and the XML writes no show: they showed down."""
    _, files = _exported(tmp_path, corpus(*IPOKER_LIMIT), "ohh")
    ohh = files["2606454888"]
    assert _rounds(ohh) == [("Preflop", None), ("Flop", ["Js", "3d", "5c"]), ("Turn", ["Qc"]), ("River", ["Ad"]),
                            ("Showdown", None)]
    names = {p["id"]: p["name"] for p in ohh["players"]}
    assert [(names[a["player_id"]], a["action"], a["cards"]) for a in ohh["rounds"][-1]["actions"]] == [
        ("Player5", "Shows Cards", ["5s", "Ac"]), ("Player0", "Shows Cards", ["4h", "4d"])]


def test_export_ohh_of_an_ipoker_all_in_deals_the_board_out(tmp_path):
    """Game 2594948741 (the GBP file): P0k3rkIng2k calls all in preflop; the XML deals D5 C7 D9,
    DJ, DQ with nobody left to act."""
    _, files = _exported(tmp_path, corpus(*IPOKER_ALL_IN), "ohh")
    [ohh] = [o for o in files.values() if any(p["name"] == "P0k3rkIng2k" for p in o["players"])]
    assert _rounds(ohh) == [("Preflop", None), ("Flop", ["5d", "7c", "9d"]), ("Turn", ["Jd"]), ("River", ["Qd"]),
                            ("Showdown", None)]
    names = {p["id"]: p["name"] for p in ohh["players"]}
    assert sorted((names[a["player_id"]], a["cards"]) for a in ohh["rounds"][-1]["actions"]) == [
        ("P0k3rkIng2k", ["Kd", "Ks"]), ("gortaleva", ["Ac", "Qh"])]


def test_export_phh_writes_an_ipoker_hand_with_a_board_and_pokerkit_replays_it(tmp_path):
    """The same game 2606454888 as PHH: Player5 (210.14) puts in 30 and is paid 64.50, 244.64;
    Player0 (468.70) puts in 30, 438.70. The pot is 2.50 + 5 + 2 × 30 = 67.50, raked 3."""
    summary, files = _exported(tmp_path, corpus(*IPOKER_LIMIT), "phh")
    assert not any("board" in why for why in summary.skipped.values()), summary.skipped
    text = files["2606454888"]
    fields = tomllib.loads(text, parse_float=Decimal)
    assert [a for a in fields["actions"] if a.startswith("d db")] == ["d db Js3d5c", "d db Qc", "d db Ad"]
    stacks = dict(zip(fields["players"], fields["finishing_stacks"]))
    assert (stacks["Player5"], stacks["Player0"]) == (D("244.64"), D("438.70"))
    # pokerkit takes no rake: the winner ends with the 3 more
    replayed = dict(zip(fields["players"], _pokerkit_stacks(text)))
    assert (replayed["Player5"], replayed["Player0"]) == (D("247.64"), D("438.70"))


SPLIT_IN_CHIPS_WITH_CENTS = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.5, 1, 0]
min_bet = 1
starting_stacks = [10, 10, 10]
actions = [
  "d dh p1 2c3d", "d dh p2 2d3c", "d dh p3 4h4s",
  "p3 f", "p1 cc", "p2 cbr 2.25", "p1 cc",
  "d db ThJdQs", "p1 cc", "p2 cc", "d db Kh", "p1 cc", "p2 cc", "d db Ac", "p1 cc", "p2 cc",
  "p1 sm 2c3d", "p2 sm 2d3c",
]
players = ["Anna", "Boris", "Vera"]
finishing_stacks = [10, 10, 10]
winnings = [2.25, 2.25, 0]
"""


def _findings(warehouse: Path) -> set[tuple[str, str, str]]:
    """(hand ID, rule, severity) of every finding of the warehouse's Hold'em hands."""
    with connect(warehouse) as con:
        return set(con.execute("select distinct r.hand_id, f.rule_id, f.severity from findings f "
                               "join holdem_results r using (game_id)").fetchall())


def test_phh_hand_in_chips_that_states_cents_is_split_in_cents(tmp_path):
    """No currency: chips. Anna posts 0.50 and calls Boris's raise to 2.25: the pot is 4.50, and
    both play the board's broadway straight, so each gets 4.50 / 2 = 2.25, no odd chip."""
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "split.phh").write_text(SPLIT_IN_CHIPS_WITH_CENTS)
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    assert _findings(tmp_path / "wh") == set()
    with connect(tmp_path / "wh") as con:
        assert dict(con.execute("select player, collected from holdem_results").fetchall()) == {
            "Anna": D("2.25"), "Boris": D("2.25"), "Vera": D(0)}


def test_phh_round_trip_of_888_play_money_brings_no_new_findings(tmp_path):
    """Game 440730046 (Practice Play, 0.50/1 Limit): four players put in 1 + 2 + 2 = 5 each, 20,
    raked 1.15; Borr_09 and smir794 split 18.85 with 5-to-9 straights, 9.425 each: the odd cent
    to Borr_09 (seat 4, the first left of the button at seat 1), 9.43, and 9.42 to smir794, as the
    log pays. The PHH file states no currency (play money has none) and reads back in chips."""
    logs = corpus("rooms", "PacificPoker", "Flop", "888-FLH-PM-1.00-2.00-stacks_over_1k.txt")
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        summary = export(con, "phh", tmp_path / "phh")
    ingest([tmp_path / "phh"], tmp_path / "back", jobs=1)
    before, after = _findings(tmp_path / "wh"), _findings(tmp_path / "back")
    assert after - before == set()
    with connect(tmp_path / "back") as con:
        assert dict(con.execute("select player, collected from holdem_results where hand_id = '440730046' "
                                "and collected > 0").fetchall()) == {"Borr_09": D("9.43"), "smir794": D("9.42")}
    assert "440730046" in {tomllib.loads(p.read_text())["hand"] for p in summary.written}


def test_export_ohh_table_size_is_the_size_the_log_states(tmp_path):
    """PartyPoker's game 198585626: ``Total number of players : 9/9``, a 9-seat table (its first
    number is the players seated: 7, 8 or 9 in this file, the second always 9)."""
    _, files = _exported(tmp_path, corpus("pokerstars", "hhp", "partypoker", "cash.hhsmithy.usd.NLHE.9max.txt"), "ohh")
    assert files["198585626"]["table_size"] == 9
    assert {ohh["table_size"] for ohh in files.values()} == {9}


def test_export_ohh_table_size_where_the_log_states_none_is_the_highest_seat(tmp_path):
    """Bovada's hand 2599656336 states no table size and seats players at 1, 3, 4, 5, 6, 8 and 9
    (seven players): the table has at least 9 seats."""
    _, files = _exported(tmp_path, corpus("rooms", "Bovada", "Flop", "LHE-9max-USD - $20-$40 - 201204.limit.blinds.txt"),
                         "ohh")
    ohh = files["2599656336"]
    assert sorted(p["seat"] for p in ohh["players"]) == [1, 3, 4, 5, 6, 8, 9]
    assert ohh["table_size"] == 9
