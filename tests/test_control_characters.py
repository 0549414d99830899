"""A control character inside a line (a NUL a writer that stopped leaves, an escape) is told as
such at its line and column, whatever line holds it (a header's too, which still opens its game),
and no command sends one to the terminal: each is written escaped (\\x00)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.source import decode, split
from pipeline.cli import main

WINAMAX_HEADER = ("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2017/03/28 16:50:52 UTC")
WINAMAX = WINAMAX_HEADER + """
Table: 'Buzau' 2-max (real money) Seat #1 is the button
Seat 1: Anna (100€)
Seat 2: Boris (100€)
*** ANTE/BLINDS ***
Anna posts small blind 1€
Boris posts big blind 2€
*** PRE-FLOP ***
Anna raises 2€ to 4€
Boris folds
Anna collected 6€ from pot
*** SUMMARY ***
Total pot 6€ | No rake
Seat 1: Anna (small blind) (button) won 6€
"""
STARS = """\
PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/02 03:04:05 ET
Table 'Alcor' 6-max Seat #1 is the button
Seat 1: Anna ($2 in chips)
Seat 2: Boris ($2 in chips)
Anna: posts small blind $0.01
Boris: posts big blind $0.02
*** HOLE CARDS ***
Anna: folds
Uncalled bet ($0.01) returned to Boris
Boris collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Anna (button) (small blind) folded before Flop
Seat 2: Boris (big blind) collected ($0.02)
"""
SUMMARY = """\
PokerStars Tournament #1, No Limit Hold'em
Buy-In: $1.00/$0.10 USD
2 players
 1: A (X), $2.00
 2: B (Y),
"""


def refused(text: str) -> str:
    """Why the one game of a text is not stored, as the ingest reads it: 'line L, column C: reason'."""
    (chunk,) = split(decode(text.encode()))
    with pytest.raises(ParseError) as error:
        parse_chunk(chunk, "hand.txt")
    return str(error.value)


# (the text, the line's text before the character put in it, the character and its name)
@pytest.mark.parametrize(("text", "before", "character", "name"), [
    (WINAMAX, "Winamax Poker - Cash", "\x00", "NUL"),      # was stored, its header's NUL kept
    (STARS, "PokerStars Hand #1: Hold'", "\x00", "NUL"),     # was "Hold'\x00em No Limit is not supported yet"
    (SUMMARY, "PokerStars Tournament #1, No Limit Hold'", "\x00", "NUL"),     # was stored with it
    (STARS, "PokerStars Hand #1: Hold'", "\x1b", "ESC"),
])
def test_a_control_character_in_a_header_is_told_at_its_column(text, before, character, name):
    damaged = text.replace(before, before + character, 1)
    # the character stands after the text before it: one column past its length
    assert refused(damaged).startswith(f"line 1, column {len(before) + 1}: a control character ({name}) at column "
                                       f"{len(before) + 1}")


def test_a_control_character_in_a_later_line_is_told_at_its_line():
    damaged = STARS.replace("Seat 2: Boris ($2 in chips)", "Seat 2: Bo\x01ris ($2 in chips)")
    assert refused(damaged).startswith("line 4, column 11: a control character (SOH) at column 11")


def test_no_command_prints_a_control_character_raw(tmp_path):
    hands = tmp_path / "hands.txt"
    hands.write_text(STARS, encoding="utf-8")
    warehouse = str(tmp_path / "wh")
    CliRunner().invoke(main, ["ingest", str(hands), "--warehouse", warehouse, "-q"], catch_exceptions=False)
    shown = CliRunner().invoke(main, ["query", "select 'a' || chr(0) || 'b' as x, 'c' || chr(27) || 'd' as y",
                                      "--warehouse", warehouse], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    assert "\x00" not in shown.output and "\x1b" not in shown.output
    assert "a\\x00b" in shown.output and "c\\x1bd" in shown.output


def test_a_whole_escape_sequence_is_printed_escaped_into_a_pipe_never_deleted(tmp_path):
    # Into a pipe, click deleted ESC[31m (a colour) before the output was escaped: the table showed
    # 'a' for its 'a\x1b[31m' and --csv saved other bytes than the warehouse holds.
    import os
    import subprocess
    import sys
    from pathlib import Path

    hands = tmp_path / "hands.txt"
    hands.write_text(STARS, encoding="utf-8")
    warehouse = str(tmp_path / "wh")
    CliRunner().invoke(main, ["ingest", str(hands), "--warehouse", warehouse, "-q"], catch_exceptions=False)
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    sql = "select 'a' || chr(27) || '[31m' as x, chr(27) || '[0mb' as y"

    def piped(*options: str) -> str:
        done = subprocess.run([sys.executable, "-m", "pipeline.cli", "query", sql, "-w", warehouse, *options],
                              cwd=root, env=env, capture_output=True, stdin=subprocess.DEVNULL, timeout=120,
                              check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout.decode("utf-8")

    assert piped("--csv") == "x,y\na\\x1b[31m,\\x1b[0mb\n"
    table = piped().splitlines()
    # each value escaped whole (9 and 8 characters), and the borders measured on what is shown
    assert table[3] == "│ a\\x1b[31m ┆ \\x1b[0mb │"
    assert len({len(line) for line in table}) == 1


@pytest.mark.parametrize("character", ["\x85", "\x9b"])    # NEL, and CSI: a terminal's ESC [
def test_a_c1_control_character_in_a_line_is_told_as_the_others_are(character):
    damaged = STARS.replace("Seat 2: Boris ($2 in chips)", f"Seat 2: Bo{character}ris ($2 in chips)")
    assert refused(damaged).startswith(f"line 4, column 11: a control character (U+{ord(character):04X}) at column 11")


def test_an_ingest_quarantines_a_game_holding_a_c1_control_character(tmp_path):
    hands = tmp_path / "hands.txt"
    hands.write_text(STARS.replace("Seat 2: Boris ($2 in chips)", "Seat 2: Bo\x9bris ($2 in chips)"), encoding="utf-8")
    warehouse = str(tmp_path / "wh")
    CliRunner().invoke(main, ["ingest", str(hands), "--warehouse", warehouse, "-q"], catch_exceptions=False)
    listed = CliRunner().invoke(main, ["quarantine", "--warehouse", warehouse, "--json"], catch_exceptions=False)
    (row,) = json.loads(listed.output)
    assert row["where"].endswith("hands.txt:4:11")
    assert row["error"].startswith("a control character (U+009B) at column 11")


def test_standard_error_is_escaped_too(tmp_path):
    # A writer's note in the lock file (its command line, or any bytes a damaged one holds) is told on
    # stderr while an ingest waits for it: its escape sequence cleared the terminal.
    import fcntl
    import os
    import threading

    from pipeline.warehouse import LOCK_FILE

    hands = tmp_path / "hands.txt"
    hands.write_text(STARS, encoding="utf-8")
    warehouse = tmp_path / "wh"
    CliRunner().invoke(main, ["ingest", str(hands), "--warehouse", str(warehouse), "-q"], catch_exceptions=False)
    fd = os.open(warehouse / LOCK_FILE, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.ftruncate(fd, 0)
    os.pwrite(fd, b"process 1, ingest \x1b[2J\xc2\x9b2J, since 10:00:00", 0)
    hands.write_text(STARS.replace("Hand #1:", "Hand #2:"), encoding="utf-8")    # a game to write
    release = threading.Timer(1.0, lambda: (fcntl.flock(fd, fcntl.LOCK_UN), os.close(fd)))
    release.start()
    try:
        done = CliRunner().invoke(main, ["ingest", str(hands), "--warehouse", str(warehouse), "-q"],
                                  catch_exceptions=False)
    finally:
        release.join()
    assert "is being written by another process (process 1, ingest \\x1b[2J\\x9b2J, since 10:00:00)" in done.stderr
    assert "\x1b" not in done.stderr and "\x9b" not in done.stderr
