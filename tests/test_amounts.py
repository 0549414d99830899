"""Amounts not written as amounts, and amounts the warehouse cannot hold, quarantine their own game, at their
line and column, and the run goes on."""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.lines import read_amount
from parsers.source import split
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from pipeline.worker import parse_bytes
from tests.conftest import SAMPLES
from tests.test_room_bovada import ZONE_WALK
from tests.test_room_ggpoker import FOLDED_ON_THE_TURN
from tests.test_room_pacific import SILENT_UNCALLED
from tests.test_room_winamax import WALK_IN_EUROS
from tests.test_room_winning import WALK

HAND = """PokerStars Hand #250000000001: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ({stack} in chips)
Seat 3: Vera ($100 in chips)
Boris: posts small blind $1
Vera: posts big blind $2
*** HOLE CARDS ***
Anna: folds
Boris: folds
Uncalled bet ($1) returned to Vera
Vera collected $2 from pot
Vera: doesn't show hand
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: Anna (button) folded before Flop (didn't bet)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) collected ($2)
"""


def _hand(stack: str, number: int) -> str:
    return HAND.replace("250000000001", str(250000000000 + number)).format(stack=stack)


def test_a_stack_too_large_to_store_quarantines_its_hand_at_its_line_and_column():
    text = "\n\n".join([_hand("$100", 1), _hand("$20000000000000000", 2), _hand("$100", 3)])
    result = parse_bytes(text.encode(), "huge.txt", lane=False)
    assert (result.count_games, result.count_quarantined) == (2, 1)
    row, = result.tables[("quarantine", "holdem")].to_pylist()
    assert row["error"] == ("the amount 20000000000000000 is too large to store: amounts must be below "
                            "10,000,000,000,000,000 (16 digits before the point)")
    # the first hand is 18 lines and a newline, then two blank lines: the second starts on
    # line 21, and its Seat 2 line, its 4th, is line 24; "$2000…" starts at column 16, the digits at 17
    assert (row["first_line"], row["line"], row["column"]) == (21, 24, 17)


def test_the_largest_storable_stack_is_stored_to_the_cent():
    result = parse_bytes(_hand("$9999999999999999.99", 1).encode(), "edge.txt", lane=False)
    assert (result.count_games, result.count_quarantined) == (1, 0), result.reasons


def test_an_amount_finer_than_a_cent_quarantines_its_hand():
    # a room's reader refuses a third decimal itself (see below); a six-card result, whose points
    # may have decimals, is held to the warehouse's cents here: "Result: box 1 " is 14 characters
    text = (SAMPLES / "sixcard-generated-best.txt").read_text(encoding="utf-8")
    at = text.split("\n").index("Result: box 1 -15, box 2 -30, box 3 -150") + 1
    text = text.replace("Result: box 1 -15, box 2 -30, box 3 -150", "Result: box 1 -15.005, box 2 -30, box 3 -150", 1)
    result = parse_bytes(text.encode(), "fine.txt")
    assert result.count_quarantined == 1
    assert result.reasons == {"the amount -15.005 has more decimals than the warehouse keeps (2: cents)": 1}
    row, = result.tables[("quarantine", "sixcard")].to_pylist()
    assert (row["line"], row["column"]) == (at, len("Result: box 1 ") + 1)


def test_a_figure_computed_too_large_quarantines_its_game_and_keeps_the_others():
    # A six-card ante of 10^15: each amount fits, but the box's expected values (up to
    # 100 × the bet) do not fit their column, decimal(18, 4).
    text = (SAMPLES / "sixcard-generated-best.txt").read_text(encoding="utf-8")
    sessions = text.count("Six-card poker session")
    text = text.replace("Box 1: ante 5 [Js Ts 8h Jc Ah]; plays 10",
                        "Box 1: ante 1000000000000000 [Js Ts 8h Jc Ah]; plays 2000000000000000", 1)
    text = text.replace("Result: box 1 -15, box 2 -30, box 3 -150",
                        "Result: box 1 -3000000000000000, box 2 -30, box 3 -150", 1)
    result = parse_bytes(text.encode(), "ante.txt")
    assert (result.count_games, result.count_quarantined) == (sessions - 1, 1)
    reason, = result.reasons
    assert reason.startswith("the figure ") and "cannot be stored: it must have at most 14 digits before the point" in reason


def test_one_file_with_a_huge_amount_never_stops_the_ingest_of_the_others(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "good.txt").write_text((SAMPLES / "chinese-night.txt").read_text(encoding="utf-8"), encoding="utf-8")
    (logs / "huge.txt").write_text(_hand("$20000000000000000", 1), encoding="utf-8")
    summary = ingest([logs], tmp_path / "wh", jobs=1, build_models=False)
    good = (SAMPLES / "chinese-night.txt").read_text(encoding="utf-8").count("Chinese poker hand")
    assert (summary.games, summary.quarantined) == (good, 1)


def test_a_result_too_large_is_quarantined_at_the_line_it_is_written_on():
    text = (SAMPLES / "sixcard-generated-best.txt").read_text(encoding="utf-8")
    lines = text.split("\n")
    at = lines.index("Result: box 1 -15, box 2 -30, box 3 -150") + 1
    text = text.replace("Result: box 1 -15, box 2 -30, box 3 -150",
                        "Result: box 1 +100000000000000000, box 2 -30, box 3 -150", 1)
    result = parse_bytes(text.encode(), "result.txt")
    row, = result.tables[("quarantine", "sixcard")].to_pylist()
    assert row["error"].startswith("the amount 100000000000000000 is too large to store")
    assert (row["line"], row["column"]) == (at, len("Result: box 1 ") + 1)


@pytest.mark.parametrize(("text", "right", "written", "line", "column", "as_written"), [
    # each worked by hand: the hand's line (its header is line 1) and the column where the amount
    # starts, its currency sign included; before, each was read as another amount or put elsewhere
    (FOLDED_ON_THE_TURN, "f1da9c5a: calls $0.04", "f1da9c5a: calls -0.04", 20, 17, "-0.04"),
    (FOLDED_ON_THE_TURN, "Seat 2: 27925b27 ($2.09 in chips)", "Seat 2: 27925b27 ($2,0,9 in chips)", 4, 19, "$2,0,9"),
    (WALK_IN_EUROS, "Seat 1: Anna (small blind) (button) won 6€", "Seat 1: Anna (small blind) (button) won 6.0.0€",
     14, 41, "6.0.0"),
    (SILENT_UNCALLED, "Player0 bets [$3]", "Player0 bets [$3..0]", 15, 15, "$3..0"),
    (ZONE_WALK, "Big Blind  [ME] : Hand result $0.35", "Big Blind  [ME] : Hand result $0,,35", 19, 31, "$0,,35"),
    (WALK, "Player4 posts the small blind $0.02", "Player4 posts the small blind $0,02", 7, 31, "$0,02"),
], ids=["ggpoker-minus", "ggpoker-groups", "winamax-summary", "888", "bovada", "winning"])
def test_an_amount_not_written_as_one_quarantines_its_hand_at_its_own_line_and_column(
        text, right, written, line, column, as_written):
    lines = text.strip("\n").split("\n")
    assert lines[line - 1] == right
    lines[line - 1] = written
    [chunk] = split("\n".join(lines))
    with pytest.raises(ParseError) as caught:
        parse_chunk(chunk, "hand.txt")
    assert (caught.value.line, caught.value.column, caught.value.line_text) == (line, column, written)
    assert caught.value.reason.startswith(f"{as_written!r} is not an amount: expected digits")


@pytest.mark.parametrize(("text", "value"), [
    ("$1,334", "1334"), ("12.50€", "12.50"), ("$0.25 USD", "0.25"), ("RSD2", "2"), ("£3", "3"), ("$.50", "0.50"),
])
def test_amounts_as_the_rooms_write_them_are_read(text, value):
    assert read_amount(text) == Decimal(value)


@pytest.mark.parametrize("text", ["-$0.02", "$-0.02", "$0.0x4", "$1..2", "$0.5.8", "$1,2,3", "$0,02", "x5", "", "DP"])
def test_anything_else_is_no_amount(text):
    with pytest.raises(ValueError, match="is not an amount: expected digits"):
        read_amount(text)


@pytest.mark.parametrize(("text", "right", "written", "line", "column", "as_written"), [
    # an amount whose letters or second point make the whole line fail its pattern: each worked by
    # hand, the column where the amount starts (its currency sign included); before, column 1
    (HAND, "Boris: posts small blind $1", "Boris: posts small blind $1.2x5", 6, 26, "$1.2x5"),
    (HAND, "Seat 2: Boris ({stack} in chips)", "Seat 2: Boris ($1.2x5 in chips)", 4, 16, "$1.2x5"),
    (HAND, "Uncalled bet ($1) returned to Vera", "Uncalled bet ($1..0) returned to Vera", 11, 15, "$1..0"),
    (HAND, "Total pot $2 | Rake $0", "Total pot $2 | Rake $0.x", 15, 21, "$0.x"),
    (HAND, "Seat 3: Vera (big blind) collected ($2)", "Seat 3: Vera (big blind) collected ($2.x5)", 18, 37, "$2.x5"),
    (FOLDED_ON_THE_TURN, "f1da9c5a: calls $0.04", "f1da9c5a: calls $0.0x4", 20, 17, "$0.0x4"),
    (SILENT_UNCALLED, "Player0 bets [$3]", "Player0 bets [$3.x0]", 15, 15, "$3.x0"),
    (ZONE_WALK, "Big Blind  [ME] : Hand result $0.35", "Big Blind  [ME] : Hand result $0.3x5", 19, 31, "$0.3x5"),
    (WALK, "Player4 posts the small blind $0.02", "Player4 posts the small blind $0..02", 7, 31, "$0..02"),
], ids=["pokerstars-post", "pokerstars-seat", "pokerstars-uncalled", "pokerstars-rake", "pokerstars-summary",
        "ggpoker", "888", "bovada", "winning"])
def test_an_amount_that_breaks_its_line_quarantines_its_hand_at_the_amount(
        text, right, written, line, column, as_written):
    lines = text.strip("\n").split("\n")
    assert lines[line - 1] == right
    lines[line - 1] = written
    [chunk] = split("\n".join(lines).replace("{stack}", "$100"))
    with pytest.raises(ParseError) as caught:
        parse_chunk(chunk, "hand.txt")
    assert (caught.value.line, caught.value.column, caught.value.line_text) == (line, column, written)
    assert caught.value.reason.startswith(f"{as_written!r} is not an amount: expected digits")


def test_a_line_wrong_elsewhere_keeps_its_own_reason_at_column_1():
    # "1x" is a seat's number, no amount: the line is wrong, and nothing says an amount is
    lines = _hand("$100", 1).split("\n")
    lines[3] = "Seat 2x: Boris ($100 in chips)"
    [chunk] = split("\n".join(lines))
    with pytest.raises(ParseError) as caught:
        parse_chunk(chunk, "hand.txt")
    assert (caught.value.line, caught.value.column) == (4, 1)
    assert caught.value.reason.startswith("cannot read 'Seat 2x: Boris ($100 in chips)'")


@pytest.mark.parametrize(("stakes", "column", "as_written"), [
    # "PokerStars Hand #250000000001: Hold'em No Limit (" is 49 characters: the small blind at 50
    ("($1/$2.x5 USD)", 53, "$2.x5"),    # the pattern does not read it
    ("($1,,0/$2 USD)", 50, "$1,,0"),    # the pattern reads it; before, an internal error
])
def test_a_stake_that_is_no_amount_quarantines_its_hand_at_the_stake(stakes, column, as_written):
    text = _hand("$100", 1).replace("($1/$2 USD)", stakes)
    result = parse_bytes(text.encode(), "stakes.txt", lane=True)
    row, = result.tables[("quarantine", "holdem")].to_pylist()
    assert (row["line"], row["column"]) == (1, column)
    assert row["error"].startswith(f"{as_written!r} is not an amount: expected digits")


# A No Limit hand of the largest stakes: big blind $180,000,000,000,000 (15 digits), stacks of 50 big
# blinds, $9,000,000,000,000,000 (16 digits): 60 big blinds, 1.08e16, no longer fits decimal(18, 2).
DEEP_AT_HUGE_STAKES = """PokerStars Hand #250000000101: Hold'em No Limit ($90000000000000/$180000000000000 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($9000000000000000 in chips)
Seat 2: Boris ($9000000000000000 in chips)
Seat 3: Vera ($9000000000000000 in chips)
Boris: posts small blind $90000000000000
Vera: posts big blind $180000000000000
*** HOLE CARDS ***
Anna: folds
Boris: folds
Uncalled bet ($90000000000000) returned to Vera
Vera collected $180000000000000 from pot
Vera: doesn't show hand
*** SUMMARY ***
Total pot $180000000000000 | Rake $0
Seat 1: Anna (button) folded before Flop (didn't bet)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) collected ($180000000000000)
"""

# A Limit hand where Boris, in the small blind for $1,000,000,000,000,000, faces a raise to
# $8,000,000,000,000,000: his call, 7e15, counted twice (Limit's full raise) is 1.4e16.
LIMIT_AT_HUGE_STAKES = """PokerStars Hand #250000000102: Hold'em Limit ($4000000000000000/$8000000000000000 USD) - 2024/01/02 3:05:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($9000000000000000 in chips)
Seat 2: Boris ($9000000000000000 in chips)
Seat 3: Vera ($9999999999999999.99 in chips)
Boris: posts small blind $1000000000000000
Vera: posts big blind $4000000000000000
*** HOLE CARDS ***
Anna: raises $4000000000000000 to $8000000000000000
Boris: folds
Vera: folds
Uncalled bet ($4000000000000000) returned to Anna
Anna collected $9000000000000000 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $9000000000000000 | Rake $0
Seat 1: Anna (button) collected ($9000000000000000)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) folded before Flop
"""


def test_every_model_builds_over_the_largest_stakes_the_warehouse_stores(tmp_path):
    # Products of stored amounts (60 big blinds, twice a call) are taken in a wider decimal.
    logs = tmp_path / "huge.txt"
    logs.write_text(DEEP_AT_HUGE_STAKES + "\n\n" + LIMIT_AT_HUGE_STAKES, encoding="utf-8")
    summary = ingest([logs], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0)
    with connect(tmp_path / "wh") as con:
        depths = dict(con.sql("select player || ' ' || hand_id::varchar, stack_depth from hand_list").fetchall())
        could_raise = dict(con.sql("select player, could_raise from int_holdem_decisions "
                                   "where hand_id::varchar = '250000000102'").fetchall())
    # 9e15 / 1.8e14 = 50 big blinds; 9e15 / 4e15 = 2.25 and 9,999,999,999,999,999.99 / 4e15 < 3
    assert depths == {"Anna 250000000101": "40-60", "Boris 250000000101": "40-60", "Vera 250000000101": "40-60",
                      "Anna 250000000102": "<20", "Boris 250000000102": "<20", "Vera 250000000102": "<20"}
    # each has chips beyond his call (Anna 9e15 for 4e15, Boris 8e15 for 7e15, Vera 5.99…e15 for
    # 4e15), Anna decides first, and the others face a full raise: each could raise
    assert could_raise == {"Anna": True, "Boris": True, "Vera": True}


@pytest.mark.parametrize("lane", [True, False], ids=["lane", "full-path"])
@pytest.mark.parametrize(("right", "written", "line", "column", "as_written"), [
    # columns worked by hand: "PokerStars Hand #250000000001: Hold'em No Limit (" is 49 characters,
    # "Seat 2: Boris (" 15, "Boris: posts small blind " 25, "Seat 3: Vera (big blind) collected (" 36
    ("($1/$2 USD)", "($1.000/$2.000 USD)", 1, 50, "$1.000"),
    ("Seat 2: Boris ($100 in chips)", "Seat 2: Boris ($100.000 in chips)", 4, 16, "$100.000"),
    ("posts small blind $1\n", "posts small blind $1.000\n", 6, 26, "$1.000"),
    ("collected ($2)", "collected ($2.000)", 18, 37, "$2.000"),
], ids=["stakes", "stack", "post", "summary"])
def test_three_decimals_in_a_room_that_writes_cents_quarantine_the_hand_at_the_amount(
        lane, right, written, line, column, as_written):
    # PokerStars writes two decimals at most and groups thousands with commas: "$1.000" was read as
    # $1 (its decimals are whole cents), every amount of the hand silently a thousandth of itself
    text = _hand("$100", 1)
    assert right in text
    result = parse_bytes(text.replace(right, written).encode(), "dots.txt", lane=lane)
    assert (result.count_games, result.count_quarantined) == (0, 1)
    row, = result.tables[("quarantine", "holdem")].to_pylist()
    assert (row["line"], row["column"]) == (line, column)
    assert row["error"].startswith(
        f"{as_written!r} is not an amount: 3 decimals, where amounts have two at most (cents), "
        "and this room groups thousands with commas, not dots; expected digits")


@pytest.mark.parametrize("lane", [True, False], ids=["lane", "full-path"])
@pytest.mark.parametrize(("written", "as_written"), [
    ("posts small blind $0.505\n", "$0.505"), ("posts small blind $1.2345\n", "$1.2345"),
], ids=["below-a-dollar", "four-decimals"])
def test_three_decimals_that_could_group_no_thousands_are_not_said_to(lane, written, as_written):
    # "$0.505" was refused "and this room groups thousands with commas, not dots": no dot of it
    # groups a thousand (a group of dots starts with 1 to 3 digits, not 0, before groups of three)
    text = _hand("$100", 1)
    result = parse_bytes(text.replace("posts small blind $1\n", written).encode(), "fine.txt", lane=lane)
    row, = result.tables[("quarantine", "holdem")].to_pylist()
    assert (row["line"], row["column"]) == (6, 26)
    decimals = len(as_written.split(".")[1])
    assert row["error"] == (
        f"{as_written!r} is not an amount: {decimals} decimals, where amounts have two at most (cents); expected "
        "digits with at most one decimal point, two decimals at most, and thousands grouped by commas, such as "
        "$1,234.50")


@pytest.mark.parametrize("text", ["$1.000", "$20.001", "1,234.567", "$0.1234"])
def test_an_amount_with_more_than_two_decimals_is_no_amount(text):
    with pytest.raises(ValueError, match="decimals, where amounts have two at most"):
        read_amount(text)


@pytest.mark.parametrize(("text", "value"), [
    ("$ 3.243", "3243"), ("$1.000", "1000"), ("1.234.567 €", "1234567"), ("1.234,50 €", "1234.50"),
    ("$ 552,72", "552.72"), ("$1,000", "1000"), ("$0.50", "0.50"),
])
def test_a_room_that_writes_decimal_commas_reads_dots_before_three_digits_as_thousands(text, value):
    # 888poker's Dutch tables write "$ 3.243" beside "$ 552,72": the dot groups thousands there
    assert read_amount(text, decimal_comma=None) == Decimal(value)


@pytest.mark.parametrize("text", ["$0.125", "1,234.567", "$12.3456"])
def test_a_room_that_writes_decimal_commas_refuses_a_dot_that_groups_nothing(text):
    # no thousands group opens with 0, and a decimal point before three digits is no amount either
    with pytest.raises(ValueError, match="is not an amount"):
        read_amount(text, decimal_comma=None)


def test_an_888_hand_with_dot_thousands_reads_as_the_same_hand_with_comma_thousands():
    # Hero's $35 and Player0's $98.24 made $1.035 and $1.098,24 the Dutch way, and $1,035 and
    # $1,098.24 the English way: the same stacks, $1035 and $1098.24, the same nets
    dutch = SILENT_UNCALLED.replace("( $35 )", "( $1.035 )").replace("( $98.24 )", "( $1.098,24 )")
    english = SILENT_UNCALLED.replace("( $35 )", "( $1,035 )").replace("( $98.24 )", "( $1,098.24 )")
    for text in (dutch, english):
        [chunk] = split(text.strip("\n"))
        hand = parse_chunk(chunk, "hand.txt")
        assert {seat.player: seat.stack for seat in hand.seats} == {"Hero": Decimal("1035"),
                                                                    "Player0": Decimal("1098.24")}
