"""Real PokerStars hands changed the way the fuzz benchmark changes them (a cash-out written twice,
a line lost, a byte flipped in the header) are refused at the changed line by both lanes: the full
path quarantines them with the reason, and the compiled lane leaves them to it, so that no
changed hand is stored as if it were the original. A line without play written twice changes
nothing stored, and PokerStars writes some so: it is read."""

from __future__ import annotations

from datetime import datetime

import pytest

from parsers.errors import ParseError
from parsers.pokerstars import parse, read_header
from parsers.pokerstars_fast import read_batch
from parsers.source import decode, split
from rules.holdem_engine import replay
from rules.records import Source
from tests.conftest import corpus
from tests.test_holdem_lane import assert_same_rows

MICROGRIND = ("fpdb-cash", "Flop", "NLHE-FR-USD-0.01-0.02-201005.microgrind.txt")
CASHOUT = ("fpdb-cash", "Flop", "2025-NL-6max-USD-0.05-0.10.cashout.txt")
JOINS = ("fpdb-cash", "Flop", "NLHE-6max-EUR-0.05-0.10-200911.txt")


def real_hand(parts: tuple[str, ...], holding: str) -> list[str]:
    """The lines of the first hand of a real PokerStars file that holds the line ``holding``."""
    text = decode(corpus("pokerstars", *parts).read_bytes())
    return next(list(c.lines) for c in split(text) if c.format == "pokerstars" and holding in c.lines)


def refusal(lines: list[str]) -> ParseError:
    """The reader's refusal of a hand, after checking that the hand is neither read by the
    compiled lane nor stored by either path (both quarantine it with the same reason)."""
    text = "\n".join(lines) + "\n"
    assert read_batch(split(text), "t.txt").in_lane.tolist() == [False]
    games, *_ = assert_same_rows(text.encode(), "t.txt")
    assert games == 0
    with pytest.raises(ParseError) as caught:
        parse(tuple(lines), Source(file="t.txt", first_line=1, last_line=len(lines), game_id="t"))
    return caught.value


def stored(lines: list[str]) -> int:
    text = "\n".join(lines) + "\n"
    games, *_ = assert_same_rows(text.encode(), "t.txt")
    return games


def twice(lines: list[str], line: str) -> list[str]:
    at = lines.index(line)
    return lines[:at + 1] + [line] + lines[at + 1:]


@pytest.mark.parametrize("parts,holding,line", [
    (MICROGRIND, "Player11: sits out", "Player11: sits out"),
    (JOINS, "Oswood joins the table at seat #1", "Oswood joins the table at seat #1"),
    (JOINS, "Oswood joins the table at seat #1", "Oswood is disconnected")])
def test_pokerstars_a_line_without_play_written_twice_is_read_by_both_lanes_as_once(parts, holding, line):
    # PokerStars writes a player's status each time it is reported ('… is disconnected' twice in a
    # row in a real 2021 hand), and no table keeps a line without play: the hand's results are the
    # same as with the line written once, the same in both lanes.
    hand = real_hand(parts, holding)
    if line not in hand:    # written once, before the hole cards
        at = hand.index("*** HOLE CARDS ***")
        hand = hand[:at] + [line] + hand[at:]
    doubled = twice(hand, line)
    assert stored(doubled) == 1
    assert read_batch(split("\n".join(doubled) + "\n"), "t.txt").in_lane.tolist() == [True]
    once, again = (replay(parse(tuple(lines), Source(file="t.txt", first_line=1, last_line=len(lines), game_id="t")))
                   for lines in (hand, doubled))
    assert again.findings == once.findings == () and again.players == once.players


def test_pokerstars_cash_out_written_twice_is_refused_at_the_second_line():
    line = "Player3 cashed out the hand for $22.77 | Cash Out Fee $0.46"
    hand = real_hand(CASHOUT, line)
    assert stored(hand) == 1
    error = refusal(twice(hand, line))
    assert error.line == hand.index(line) + 2 and "Player3 cashes out a second time" in str(error)


def test_pokerstars_turn_line_with_its_flop_line_lost_is_refused_at_the_turn():
    line = "*** FLOP *** [Qh Ad Ts]"
    hand = real_hand(CASHOUT, line)
    at = hand.index(line)
    without_flop = hand[:at] + hand[at + 1:]
    error = refusal(without_flop)
    # the TURN line now stands where the FLOP's bets were: line at + 3 of the changed hand
    assert error.line == at + 3 and without_flop[error.line - 1].startswith("*** TURN ***")
    assert "TURN line with no street line before it" in str(error)


# ////////////////////////////////////////////////////////////////////// the header's two times

def test_pokerstars_header_local_time_in_summer_is_the_et_time_in_its_zone():
    hand = real_hand(CASHOUT, "Seat 4: Hero ($15.35 in chips)")
    # 11:24:53 CET in August is UTC+2, 5:24:53 ET is UTC-4: six hours apart, as written; stored in UTC
    head = read_header(hand[0])
    assert (head["played_at"], head["local"]) == (datetime(2025, 8, 2, 9, 24, 53), datetime(2025, 8, 2, 11, 24, 53))
    assert stored(hand) == 1


@pytest.mark.parametrize("written,wrong", [
    ("11:24:53 CET", "11:25:53 CET"),   # a minute changed: 6 h 1 min apart, no zone's offset
    ("11:24:53 CET", "10:24:53 CET"),   # an hour changed: CET is UTC+2 in August, 5 h would be UTC+1
])
def test_pokerstars_header_local_time_that_is_not_the_et_time_is_refused_at_the_time(written, wrong):
    hand = real_hand(CASHOUT, "Seat 4: Hero ($15.35 in chips)")
    changed = [hand[0].replace(written, wrong), *hand[1:]]
    error = refusal(changed)
    assert (error.line, error.column) == (1, changed[0].index(wrong) + 1)
    assert "is not the ET time 5:24:53 in that zone" in str(error)


def test_pokerstars_header_zone_it_does_not_write_is_refused_at_the_zone():
    hand = real_hand(MICROGRIND, "Player11: sits out")
    assert " WET [" in hand[0]
    changed = [hand[0].replace(" WET [", " GET ["), *hand[1:]]
    error = refusal(changed)
    assert (error.line, error.column) == (1, changed[0].index("GET") + 1)
    assert "'GET' is not a time zone PokerStars writes" in str(error)


def test_room_time_zone_pokerstars_time_in_another_zone_alone_is_stored_in_utc():
    # 9:15:00 CT (Chicago, UTC-6 in January) is 15:15:00 UTC; 9:15:00 ET (UTC-5) is 14:15:00 UTC
    line = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 9:15:00 CT"
    head = read_header(line)
    assert (head["played_at"], head["local"]) == (datetime(2024, 1, 2, 15, 15), datetime(2024, 1, 2, 9, 15))
    assert read_header(line.replace(" CT", " ET"))["played_at"] == datetime(2024, 1, 2, 14, 15)
    # CET written in July is Paris summer time, UTC+2: 9:15:00 is 7:15:00 UTC
    assert read_header(line.replace("01/02 9:15:00 CT", "07/02 9:15:00 CET"))["played_at"] == datetime(2024, 7, 2, 7, 15)


def test_pokerstars_header_custom_zone_takes_any_whole_quarter_hour_offset():
    line = ("PokerStars Hand #90721705235:  Hold'em No Limit ($1/$2 USD) - 2012/12/14 7:59:19 CUST "
            "[2012/12/13 19:59:19 ET]")
    # the player's own offset: the ET time in brackets, 19:59:19 EST (UTC-5), is 0:59:19 UTC the next day
    assert read_header(line)["played_at"] == datetime(2012, 12, 14, 0, 59, 19)
    with pytest.raises(ParseError, match="is not the ET time"):
        read_header(line.replace("7:59:19 CUST", "7:58:19 CUST"))
