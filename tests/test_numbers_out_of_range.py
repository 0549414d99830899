"""Whole numbers too large for the warehouse (a bid of 40,000, round 32,768, box 32,768): the
game is quarantined at the number, in words, and the rest of the file and of the run is stored;
the table writer refuses what a reader let through, naming the game, and never stops the run.

The texts are the examples of docs/formats.md, each with one number changed as a fuzz tester
changed it (session s36)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.tables import NumberOutOfRange, TableRows
from pipeline.worker import parse_bytes

RASPISNOY_LOG = """\
Raspisnoy game R-2026-11-30-1
Date: 2026-11-30 19:00
Club: Tverskaya
Players: Anna, Boris, Vera
Rules: default
First dealer: Vera

Round 1: 1 card, regular, dealer Vera, trump Td
Hands: Anna [Qd], Boris [Ks], Vera [7s]
Bids: Anna 1, Boris 0, Vera 1
Trick 1: Anna Qd, Boris Ks, Vera 7s high; won by Vera
Points: Anna -10, Boris 5, Vera 10
Totals: Anna -10, Boris 5, Vera 10

Round 2: 2 cards, regular, dealer Anna, trump 8c
Hands: Boris [Ah 9s], Vera [Jc 6h], Anna [Kh Tc]
Bids: Boris 1, Vera 1, Anna 1
Trick 1: Boris Ah, Vera 6h, Anna Kh; won by Boris
Trick 2: Boris 9s, Vera Jc, Anna Tc; won by Vera
Points: Boris 10, Vera 10, Anna -10
Totals: Anna -20, Boris 15, Vera 20
"""

SHEET = """\
Raspisnoy sheet R-2026-11-30-2
Date: 30.11.2026
Club: Tverskaya
Players: Anna | Boris | Vera | Gleb
Rules: specials no-trump misere golden
First dealer: Boris

 #  cards kind     | Anna     | Boris    | Vera     | Gleb
 1  1     regular  | 0/0 5    | 1/0 -10  | 0/0 5    | 1/1 10
 2  2     regular  | 0/1 6    | 0/0 -5   | 0/0 10   | 1/1 20
 3  3     regular  | 1/1 16   | 1/0 -15  | 1/1 20   | 1/1 30
"""

SIXCARD = """\
Six-card poker session S-2026-11-30
Date: 2026-11-30 20:15
Casino: Metropol
Player: Boris

Hand 1
Dealer up: 9d
Box 1: ante 5 [Kc Kd 8s 4h 2c]; plays 10
Box 2: ante 5 [Qh Jh 9h 3h 7c]; buys 2h; plays 10
Dealer: [Jd 8c 6s 3c 9d]
Box 1 buys dealer game: Jd for 8d
Result: box 1 +10, box 2 0
"""


def changed(text: str, line: str, to: str) -> str:
    assert text.count(line) == 1
    return text.replace(line, to)


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def quarantined(text: str) -> tuple[int, int, str]:
    """The line, column and reason of the one game of ``text`` quarantined; its other games stored."""
    result = parse_bytes(text.encode(), "mutant.txt")
    row, = [row for (table, _), rows in result.tables.items() if table == "quarantine" for row in rows.to_pylist()]
    return row["line"], row["column"], row["error"]


# ////////////////////////////////////////////////////////////////////// the readers: at the number, in words

STORED = "no number above 32767 can be stored"


@pytest.mark.parametrize(("text", "line", "to", "number", "reason"), [
    (RASPISNOY_LOG, "Bids: Anna 1, Boris 0, Vera 1", "Bids: Anna 40000, Boris 0, Vera 1", "40000",
     f"a bid of 40000 is out of range: a hand of this round has 1 card, and {STORED}"),
    # a bid past the 16 digits of the points' column was cited at the header, by that column's name
    (RASPISNOY_LOG, "Bids: Anna 1, Boris 0, Vera 1", "Bids: Anna 1, Boris 99999999999999999, Vera 1",
     "99999999999999999", f"a bid of 99999999999999999 is out of range: a hand of this round has 1 card, and {STORED}"),
    (RASPISNOY_LOG, "Round 2: 2 cards", "Round 32768: 2 cards", "32768", f"round number 32768 is out of range: {STORED}"),
    (RASPISNOY_LOG, "Round 2: 2 cards", "Round 2: 40000 cards", "40000",
     f"a round of 40000 cards is out of range: {STORED}"),
    # was "internal error (OverflowError …) at raspisnoy.py:113", at the game's first line
    (RASPISNOY_LOG, "Trick 2: Boris", "Trick 32768: Boris", "32768",
     f"trick 32768 is out of range: a round of 2 cards has 2 tricks, and {STORED}"),
    (RASPISNOY_LOG, "Trick 2: Boris", "Trick 1000000000000000000000000000000: Boris", "1000000000000000000000000000000",
     f"trick 1000000000000000000000000000000 is out of range: a round of 2 cards has 2 tricks, and {STORED}"),
    (SHEET, " 1  1     regular  | 0/0 5 ", " 32768  1     regular  | 0/0 5 ", "32768",
     f"round number 32768 is out of range: {STORED}"),
    (SHEET, " 2  2     regular  | 0/1 6 ", " 2  2     regular  | 40000/1 6 ", "40000",
     f"a bid of 40000 is out of range: a hand of this round has 2 cards, and {STORED}"),
    (SHEET, " 2  2     regular  | 0/1 6 ", " 2  2     regular  | 0/40000 6 ", "40000",
     f"40000 tricks taken is out of range: a hand of this round has 2 cards, and {STORED}"),
    (SIXCARD, "Box 2: ante 5", "Box 32768: ante 5", "32768", f"box 32768 is out of range: {STORED}"),
    (SIXCARD, "Box 1 buys dealer game", "Box 40000 buys dealer game", "40000", f"box 40000 is out of range: {STORED}"),
    (SIXCARD, "Hand 1", "Hand 99999999999999999999", "99999999999999999999",
     "hand 99999999999999999999 is out of range: no number above 2147483647 can be stored"),
])
def test_a_number_too_large_to_store_is_quarantined_at_its_line_and_column_in_words(text, line, to, number, reason):
    mutant = changed(text, line, to)
    at = mutant.split("\n").index(next(row for row in mutant.split("\n") if row.startswith(to))) + 1
    column = mutant.split("\n")[at - 1].index(number) + 1
    assert quarantined(mutant + "\n" + text) == (at, column, reason)


def test_a_bid_the_warehouse_stores_above_the_cards_in_hand_is_a_finding_not_a_quarantine():
    result = parse_bytes(changed(RASPISNOY_LOG, "Bids: Anna 1, Boris 0, Vera 1", "Bids: Anna 32767, Boris 0, Vera 1")
                         .encode(), "bid.txt")
    assert (result.count_games, result.count_quarantined) == (1, 0)
    findings = result.tables[("findings", "raspisnoy")].to_pylist()
    assert ("RSP-BID", 10, "round 1: Anna bid 32767 with 1 card in hand") in {
        (row["rule_id"], row["line"], row["message"]) for row in findings}


# ////////////////////////////////////////////////////////////////////// the table writer


def test_the_table_writer_refuses_a_number_its_column_cannot_hold_and_names_the_game():
    rows = TableRows()
    rows.add("game_players", "holdem", game_id="a1", player="Anna", seat=32767)
    with pytest.raises(NumberOutOfRange, match=r"^game b2: the number 32768 \(game_players.seat\) cannot be "
                                                r"stored: it must be a whole number from -32768 to 32767$"):
        rows.add("game_players", "holdem", game_id="b2", player="Boris", seat=32768)
    # many rows at once, nulls among them (no bid in a misere round): the row at fault names its game
    with pytest.raises(NumberOutOfRange, match=r"^game c3: the number -32769 \(raspisnoy_rounds.bid\)"):
        rows.extend("raspisnoy_rounds", "raspisnoy", {"game_id": ["c2", "c3"], "bid": [None, -32769]})
    with pytest.raises(NumberOutOfRange, match=r"the number 10{30} \(games.count_players\)"):
        rows.add("games", "holdem", game_id="d4", count_players=10 ** 30)
    # what was refused was not kept: the rows build, in their 16-bit column
    assert rows.to_arrow()[("game_players", "holdem")].column("seat").to_pylist() == [32767]


@pytest.mark.parametrize(("text", "line", "to"), [
    (RASPISNOY_LOG, "Bids: Anna 1, Boris 0, Vera 1", "Bids: Anna 40000, Boris 0, Vera 1"),
    (SHEET, " 1  1     regular  | 0/0 5 ", " 32768  1     regular  | 0/0 5 "),
    (SHEET, " 1  1     regular  | 0/0 5 ", " 9223372036854775808  1     regular  | 0/0 5 "),
    (SHEET, " 1  1     regular  | 0/0 5 ", " 1  1     regular  | 40000/0 5 "),
    (SIXCARD, "Box 2: ante 5", "Box 32768: ante 5"),
    (RASPISNOY_LOG, "Trick 2: Boris", "Trick 32768: Boris"),
    (RASPISNOY_LOG, "Trick 2: Boris", "Trick 1000000000000000000000000000000: Boris"),
])
def test_a_number_too_large_to_store_quarantines_its_game_and_the_next_game_is_stored(text, line, to):
    mutant = changed(text, line, to)
    if to.startswith("Box 32768"):
        mutant = changed(mutant, "box 2 0", "box 32768 0")
    result = parse_bytes((mutant + "\n" + text).encode(), "mutant.txt")
    assert (result.count_games, result.count_quarantined) == (1, 1)
    reason, = result.reasons
    assert " is out of range: " in reason and "internal error" not in reason
    row, = [row for (table, _), rows in result.tables.items() if table == "quarantine" for row in rows.to_pylist()]
    assert row["text"] == mutant.rstrip("\n")


def test_an_ingest_of_a_folder_with_a_number_too_large_stores_the_rest_and_prints_its_json(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "bid.txt").write_text(changed(RASPISNOY_LOG, "Bids: Anna 1, Boris 0, Vera 1",
                                            "Bids: Anna 40000, Boris 0, Vera 1"), encoding="utf-8")
    (folder / "box.txt").write_text(changed(changed(SIXCARD, "Box 2: ante 5", "Box 32768: ante 5"),
                                            "box 2 0", "box 32768 0"), encoding="utf-8")
    (folder / "sheet.txt").write_text(SHEET, encoding="utf-8")
    for _ in range(2):      # a second run reads the same folder as the first: nothing new, no crash
        result = run("ingest", str(folder), "-w", str(tmp_path / "wh"), "-j", "1", "-q", "--json")
        document = json.loads(result.stdout)
        assert result.exit_code == 1
    assert document["files"] == 3
    stored = run("query", "-w", str(tmp_path / "wh"), "--json",
                 "select (select count(*) from games) as games, (select count(*) from quarantine) as quarantined")
    assert json.loads(stored.stdout) == [{"games": 1, "quarantined": 2}]


# ////////////////////////////////////////////////////////////////////// Hold'em: seat and table numbers

def holdem_example(first_words: str) -> str:
    """The Hold'em example of docs/formats.md whose first line starts with ``first_words``."""
    from pathlib import Path

    from tests.test_docs import examples

    page = Path(__file__).resolve().parents[1] / "docs" / "formats.md"
    return next(body for _, _, body in examples(page) if body.startswith(first_words))


@pytest.mark.parametrize(("first_words", "line", "to", "number", "reason"), [
    ("PokerStars Hand #230000000001", "Seat 1: Anna ($100 in chips)", "Seat 32768: Anna ($100 in chips)", "32768",
     f"seat 32768 is out of range: {STORED}"),
    ("PokerStars Hand #230000000001", "Table 'Tverskaya I' 6-max", "Table 'Tverskaya I' 40000-max", "40000",
     f"a table of 40000 seats is out of range: {STORED}"),
    ("PokerStars Hand #230000000001", "6-max Seat #1 is the button", "6-max Seat #32768 is the button", "32768",
     f"button seat 32768 is out of range: {STORED}"),
    ("Poker Hand #RC100", "Seat 1: Anna ($10 in chips)", "Seat 32768: Anna ($10 in chips)", "32768",
     f"seat 32768 is out of range: {STORED}"),
    ("Poker Hand #RC100", "Table 'RushAndCash1' 6-max", "Table 'RushAndCash1' 40000-max", "40000",
     f"a table of 40000 seats is out of range: {STORED}"),
    ("Winamax Poker - CashGame", "Seat 1: Anna (10€)", "Seat 32768: Anna (10€)", "32768",
     f"seat 32768 is out of range: {STORED}"),
    ("Winamax Poker - CashGame", "Table: 'Paris' 6-max", "Table: 'Paris' 40000-max", "40000",
     f"a table of 40000 seats is out of range: {STORED}"),
    ("***** 888poker Hand History", "Seat 6: Anna ( $35 )", "Seat 32768: Anna ( $35 )", "32768",
     f"seat 32768 is out of range: {STORED}"),
    ("***** 888poker Hand History", "Table Leeds 10 Max", "Table Leeds 40000 Max", "40000",
     f"a table of 40000 seats is out of range: {STORED}"),
    ("***** Hand History for Game 9582251255", "Seat 1: Anna ( $10 USD )", "Seat 32768: Anna ( $10 USD )", "32768",
     f"seat 32768 is out of range: {STORED}"),
    ("***** Hand History for Game 9582251255", "Total number of players : 3/9", "Total number of players : 3/40000",
     "40000", f"a table of 40000 seats is out of range: {STORED}"),
    ("Bovada Hand #4101241500", "Seat 1: UTG ($10 in chips)", "Seat 32768: UTG ($10 in chips)", "32768",
     f"seat 32768 is out of range: {STORED}"),
    ("Hand #151588328", "Seat 2: Papabear2016 ($0.90)", "Seat 32768: Papabear2016 ($0.90)", "32768",
     f"seat 32768 is out of range: {STORED}"),
    ("Hand #151588328", "Miramar (Cap) 9-max", "Miramar (Cap) 40000-max", "40000",
     f"a table of 40000 seats is out of range: {STORED}"),
])
def test_a_seat_or_table_number_too_large_to_store_is_quarantined_at_its_line_and_column(first_words, line, to,
                                                                                          number, reason):
    # was "internal error (OverflowError …) at holdem_batch.py:…", at the hand's first line
    mutant = changed(holdem_example(first_words), line, to)
    rows = mutant.split("\n")
    at = next(n for n, row in enumerate(rows, 1) if to in row)
    assert quarantined(mutant) == (at, rows[at - 1].index(number) + 1, reason)


def test_an_ipoker_seat_too_large_to_store_is_quarantined_at_its_attribute():
    from tests.test_room_ipoker import SESSION

    mutant = changed(SESSION, '<player seat="3" name="Boris"', '<player seat="32768" name="Boris"')
    result = parse_bytes(mutant.encode(), "session.xml")
    row, = [row for (table, _), rows in result.tables.items() if table == "quarantine" for row in rows.to_pylist()]
    rows = mutant.split("\n")
    at = next(n for n, text in enumerate(rows, 1) if 'seat="32768"' in text)
    assert (row["line"], row["column"], row["error"]) == (at, rows[at - 1].index('seat="32768"') + 1,
                                                          f"seat 32768 is out of range: {STORED}")


@pytest.mark.parametrize(("field", "to", "reason"), [
    ("seats", "seats = [1, 32768]", f"seat 32768 is out of range: {STORED}"),
    ("seat_count", "seat_count = 40000", f"a table of 40000 seats is out of range: {STORED}"),
])
def test_a_phh_seat_or_seat_count_too_large_to_store_is_quarantined_at_its_field(field, to, reason):
    from tests.test_phh import HEADS_UP

    mutant = HEADS_UP + to + "\n"
    result = parse_bytes(mutant.encode(), "hand.phh")
    row, = [row for (table, _), rows in result.tables.items() if table == "quarantine" for row in rows.to_pylist()]
    assert (row["line"], row["error"]) == (mutant.split("\n").index(to) + 1, reason)
