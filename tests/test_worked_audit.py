"""The audit's marts (games, findings, quarantine), every column against files worked by hand.

club.txt holds, from line 1, a score sheet whose round 2 writes Boris's total 16 where his 5 + 10
for a kept bid of 1 makes 15 (one RSP-TOTAL error, lines 1-10), the same sheet written right and
played later that evening (lines 12-21), and a log that deals the card 'Ax' (quarantined, lines
23-30). hook.txt is the RSP-HOOK example of docs/rules.md without its Hands line (lines 1-8): no date,
no club, the dealer Vera passes where the bids would add up to the one card dealt (an error), and
the trick is written with no hands dealt (a warning). holdem.txt is the PokerStars cash
hand of docs/formats.md, its summary's board wrong (one HE-BOARD error). The worker stamps the rules
version 'rules-a', so that the version each row carries is known.
"""

from __future__ import annotations

import hashlib
from decimal import Decimal
from pathlib import Path

import pytest

import pipeline.worker
from pipeline.warehouse import connect
from tests import formats_examples
from tests.test_docs import examples
from tests.worked_marts import assert_worked, ingest_files

# FORMATS.md's score sheet, dated 18:00, with Boris's round-2 total written 16.
SHEET_WRONG = formats_examples.RASPISNOY_SHEET.replace("Date: 2026-11-28\n", "Date: 2026-11-28 18:00\n").replace(
    "1/1 15 ", "1/1 16 ")
SHEET_RIGHT = SHEET_WRONG.replace("R-2026-11-28-2", "R-2026-11-28-3").replace("18:00", "23:00").replace(
    "1/1 16", "1/1 15")
BROKEN = """\
Raspisnoy game R-2026-11-28-4
Date: 2026-11-28 21:00
Club: Tverskaya
Players: Anna, Boris, Vera
First dealer: Anna

Round 1: 1 card, regular, dealer Anna, trump 9h
Hands: Boris [Ax], Vera [6c], Anna [Kd]
"""
# docs/formats.md's PokerStars cash hand, its summary showing a river card (4s) the board did not deal (3s).
BOARD_WRONG = next(text for _, _, text in examples(Path(__file__).resolve().parents[1] / "docs" / "formats.md")
                   if text.startswith("PokerStars Hand #230000000001:")).replace(
    "Board [Ks 7d 2c 9h 3s]", "Board [Ks 7d 2c 9h 4s]")
HOOK = """\
Raspisnoy game R-hook
Players: Anna, Boris, Vera
First dealer: Vera

Round 1: 1 card, regular, dealer Vera, trump Td
Bids: Anna 1, Boris 0, Vera 0
Trick 1: Anna Qd, Boris Ks, Vera 7s high; won by Vera
Points: Anna -10, Boris 5, Vera 1
"""

@pytest.fixture(scope="module")
def con(tmp_path_factory):
    folder = tmp_path_factory.mktemp("worked_audit")
    stamp = pipeline.worker.record_provenance
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pipeline.worker, "record_provenance",
                      lambda tables, text_of, version=None, **kept: stamp(tables, text_of, version="rules-a", **kept))
        summary = ingest_files(folder, {"club.txt": SHEET_WRONG + "\n" + SHEET_RIGHT + "\n" + BROKEN,
                                        "hook.txt": HOOK, "holdem.txt": BOARD_WRONG})
    assert (summary.games, summary.quarantined, summary.findings) == (4, 1, 4), summary.as_dict()
    with connect(folder / "warehouse") as connection:
        yield connection


def test_the_ids_are_the_hashes_of_the_texts():
    # game_id and quarantine_id: the first 8 bytes of the BLAKE2b hash of the text's lines, below as literals
    assert [hashlib.blake2b(text.rstrip("\n").encode(), digest_size=8).hexdigest()
            for text in (SHEET_WRONG, SHEET_RIGHT, BROKEN, HOOK, BOARD_WRONG)] == [
        "d15decb21c5b5b99", "74752194438941f5", "459f8f7d6ab3905d", "31b96c6282f49df8", "1fee9ed704c7944f"]


def test_game_list(con):
    # Nets are the true ones: the wrong sheet's Boris has 5 + 10 = 15, whatever it wrote. Anna
    # -10 + 5 = -5, Vera 10 + 1 = 11. Hook: Anna bid 1 took 0 -10, Boris kept his pass +5, Vera passed
    # and took a trick +1. Each game's name in its log is its header's (Raspisnoy game R-2026-11-28-2,
    # the hand's number without its #). A club's game has no room, no table name, no currency (points) and is no
    # tournament; its ruleset is every default of formats.md's table, spelled out in the table's order.
    # Their Date lines name no time zone: each time is as written (played_in_utc false), and the hook
    # game, without a date, has no clock either (null); the PokerStars hand's ET is kept in UTC (true).
    assert_worked(con, "game_list", [
        {"game_id": "d15decb21c5b5b99", "game": "raspisnoy_sheet", "source_file": "club.txt", "first_line": 1,
         "last_line": 10, "played_at": "2026-11-28 18:00:00", "played_in_utc": False,
         "club": "Tverskaya", "site": None, "table_name": None, "name_in_log": "R-2026-11-28-2",
         "ruleset": ("deck 36, joker 7s, max cards 9, specials no-trump blind misere golden, special cards max, "
                     "special multiplier 1.5, all-tricks double on, misere 15 50, golden 15, pass limit 2, hook on, "
                     "joker low ordinary, whole-deck trump drawn, joker high lead off, pass run bids"),
         "count_players": 3, "count_errors": 1, "count_warnings": 0, "currency": None,
         "is_tournament": False, "rules_version": "rules-a",
         "players": [{"player": "Anna", "seat": 1, "net": -5}, {"player": "Boris", "seat": 2, "net": 15},
                     {"player": "Vera", "seat": 3, "net": 11}]},
        {"game_id": "74752194438941f5", "game": "raspisnoy_sheet", "source_file": "club.txt", "first_line": 12,
         "last_line": 21, "played_at": "2026-11-28 23:00:00", "played_in_utc": False,
         "club": "Tverskaya", "site": None, "table_name": None, "name_in_log": "R-2026-11-28-3",
         "ruleset": ("deck 36, joker 7s, max cards 9, specials no-trump blind misere golden, special cards max, "
                     "special multiplier 1.5, all-tricks double on, misere 15 50, golden 15, pass limit 2, hook on, "
                     "joker low ordinary, whole-deck trump drawn, joker high lead off, pass run bids"),
         "count_players": 3, "count_errors": 0, "count_warnings": 0, "currency": None,
         "is_tournament": False, "rules_version": "rules-a",
         "players": [{"player": "Anna", "seat": 1, "net": -5}, {"player": "Boris", "seat": 2, "net": 15},
                     {"player": "Vera", "seat": 3, "net": 11}]},
        {"game_id": "31b96c6282f49df8", "game": "raspisnoy", "source_file": "hook.txt", "first_line": 1,
         "last_line": 8, "played_at": None, "played_in_utc": None,
         "club": None, "site": None, "table_name": None, "name_in_log": "R-hook",
         "ruleset": ("deck 36, joker 7s, max cards 9, specials no-trump blind misere golden, special cards max, "
                     "special multiplier 1.5, all-tricks double on, misere 15 50, golden 15, pass limit 2, hook on, "
                     "joker low ordinary, whole-deck trump drawn, joker high lead off, pass run bids"),
         "count_players": 3, "count_errors": 1, "count_warnings": 1, "currency": None,
         "is_tournament": False, "rules_version": "rules-a",
         "players": [{"player": "Anna", "seat": 1, "net": -10}, {"player": "Boris", "seat": 2, "net": 5},
                     {"player": "Vera", "seat": 3, "net": 1}]},
        # The Hold'em hand (lines 1-32): 21:15 ET is 02:15 UTC the next day; the room, its table, its
        # structure and its dollars. Anna puts in 3 + 4 and collects 14.05 (the 14.50 pot less 0.45
        # rake): +7.05; Boris his small blind, -0.50; Vera 3 + 4, -7. The wrong board is its one error.
        {"game_id": "1fee9ed704c7944f", "game": "holdem", "source_file": "holdem.txt", "first_line": 1,
         "last_line": 32, "played_at": "2026-11-29 02:15:00", "played_in_utc": True,
         "club": None, "site": "PokerStars",
         "table_name": "Tverskaya I", "name_in_log": "230000000001", "ruleset": "pokerstars no_limit", "count_players": 3, "count_errors": 1,
         "count_warnings": 0, "currency": "USD", "is_tournament": False, "rules_version": "rules-a",
         "players": [{"player": "Anna", "seat": 1, "net": Decimal("7.05")},
                     {"player": "Boris", "seat": 2, "net": Decimal("-0.50")},
                     {"player": "Vera", "seat": 3, "net": Decimal("-7.00")}]},
    ])


def test_finding_list(con):
    assert_worked(con, "finding_list", [
        # The sheet's row 2 (line 10): Boris's previous total 5 plus 10 for his bid of 1 made.
        {"game_id": "d15decb21c5b5b99", "game": "raspisnoy_sheet", "played_at": "2026-11-28 18:00:00",
         "played_in_utc": False, "club": "Tverskaya", "name_in_log": "R-2026-11-28-2", "rule_id": "RSP-TOTAL", "severity": "error", "line": 10,
         "message": "round 2: Boris's total (previous 5 + 10 points for regular, 2 cards, bid 1, took 1)",
         "expected": "15", "actual": "16", "source_file": "club.txt", "site": None,
         "players": ["Anna", "Boris", "Vera"]},
        # The Bids line (line 6): Anna 1 + Boris 0 + the dealer's 0 = 1, the one card dealt.
        {"game_id": "31b96c6282f49df8", "game": "raspisnoy", "played_at": None, "played_in_utc": None,
         "club": None, "name_in_log": "R-hook", "rule_id": "RSP-HOOK", "severity": "error", "line": 6,
         "message": "round 1: the dealer Vera bid 0, making the sum of bids 1 equal to the 1 card dealt",
         "expected": "a bid other than 0", "actual": "0", "source_file": "hook.txt", "site": None,
         "players": ["Anna", "Boris", "Vera"]},
        # The round (its header, line 5) plays a trick with no Hands line: a warning.
        {"game_id": "31b96c6282f49df8", "game": "raspisnoy", "played_at": None, "played_in_utc": None,
         "club": None, "name_in_log": "R-hook", "rule_id": "RSP-DEALER", "severity": "warning", "line": 5,
         "message": "round 1: tricks are recorded without a Hands line",
         "expected": "Hands: line", "actual": "none", "source_file": "hook.txt", "site": None,
         "players": ["Anna", "Boris", "Vera"]},
        # The summary's Board line (line 29) against the five cards dealt.
        {"game_id": "1fee9ed704c7944f", "game": "holdem", "played_at": "2026-11-29 02:15:00",
         "played_in_utc": True, "club": None, "name_in_log": "230000000001", "rule_id": "HE-BOARD", "severity": "error", "line": 29,
         "message": "the summary's board differs from the board dealt",
         "expected": "Ks 7d 2c 9h 3s", "actual": "Ks 7d 2c 9h 4s", "source_file": "holdem.txt", "site": "PokerStars",
         "players": ["Anna", "Boris", "Vera"]},
    ])


def test_games_by_day(con):
    # The two sheets share a file, day and club: 2 games, the wrong one's error, 18:00 to 23:00. The
    # hook game has no date and no club: its row has neither, with its error and warning. The quarantined
    # log is no game.
    assert_worked(con, "games_by_day", [
        {"game": "raspisnoy_sheet", "source_file": "club.txt", "played_on": "2026-11-28", "club": "Tverskaya",
         "site": None, "rules_version": "rules-a", "count_games": 2, "count_errors": 1, "count_warnings": 0,
         "first_played_at": "2026-11-28 18:00:00", "last_played_at": "2026-11-28 23:00:00"},
        {"game": "raspisnoy", "source_file": "hook.txt", "played_on": None, "club": None,
         "site": None, "rules_version": "rules-a", "count_games": 1, "count_errors": 1, "count_warnings": 1,
         "first_played_at": None, "last_played_at": None},
        {"game": "holdem", "source_file": "holdem.txt", "played_on": "2026-11-29", "club": None,
         "site": "PokerStars", "rules_version": "rules-a", "count_games": 1, "count_errors": 1, "count_warnings": 0,
         "first_played_at": "2026-11-29 02:15:00", "last_played_at": "2026-11-29 02:15:00"},
    ])


def test_quarantine_list(con):
    # The log's last line (30) deals 'Ax'; "Hands: Boris [" is 14 characters, so the card is at column 15.
    assert_worked(con, "quarantine_list", [
        {"quarantine_id": "459f8f7d6ab3905d", "game": "raspisnoy", "source_file": "club.txt", "first_line": 23,
         "last_line": 30, "line": 30, "column": 15, "error": "expected a card like As or 10♥, found 'Ax'",
         "text": "Raspisnoy game R-2026-11-28-4\nDate: 2026-11-28 21:00\nClub: Tverskaya\n"
                 "Players: Anna, Boris, Vera\nFirst dealer: Anna\n\nRound 1: 1 card, regular, dealer Anna, trump 9h\n"
                 "Hands: Boris [Ax], Vera [6c], Anna [Kd]",
         "rules_version": "rules-a", "copies_first_lines": None},     # the text is once in its file
    ])
