"""bb/100 to the last cent, however the warehouse was built.

Net in big blinds is added up hand by hand. Added as doubles, the sum depends on the order the rows
arrive in (a build's threads, an ingest's sums merged into the stored ones, the files' order), and
where the exact bb/100 ends in 5 at the third decimal that order decided its cent. The cases below
are worked by hand with exact fractions: eight PokerStars home-game hands, heads-up at $0.50/$1 USD,
in which Anna (button, small blind) raises to $2, Boris calls, Anna bets $1 on the flop and Boris
folds. The pot is $4 less a rake of a few cents, so Anna nets 2 - rake dollars, a number of big
blinds that no double holds exactly, and Boris nets -2.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import duckdb
import pytest

from pipeline import models
from pipeline.warehouse import Warehouse, connect
from tests.test_marts import dashboard_db  # noqa: F401 (a fixture)
from tests.worked_marts import ingest_files

RAKES_IN_CENTS = [20, 26, 1, 62, 80, 66, 56, 72]
# Anna's nets, in dollars and in big blinds of $1: 1.80, 1.74, 1.99, 1.38, 1.20, 1.34, 1.44, 1.28 = 12.17
# over 8 hands: bb/100 = 100 × 12.17 / 8 = 152.125, a tie of the cent, 152.13 half away from zero.
# Added as doubles in the hands' order the sum is 12.169999999999998 and bb/100 was 152.12; the same
# hands in the reverse order gave 152.13.
ANNA_NETS = [Fraction(200 - rake, 100) for rake in RAKES_IN_CENTS]
FIRST_PART = 4


def to_the_cent(value: Fraction) -> Decimal:
    """``value`` rounded to the hundredth, half away from zero, worked in exact fractions."""
    cents = int(abs(value) * 100 + Fraction(1, 2))
    return Decimal(cents if value >= 0 else -cents) / 100


def raked_hand(number: int, rake_cents: int) -> str:
    rake, won = f"{rake_cents / 100:.2f}", f"{(400 - rake_cents) / 100:.2f}"
    return f"""PokerStars Home Game Hand #{300 + number}: {{Club Tverskaya}}  Hold'em No Limit ($0.50/$1 USD) - 2024/03/01 14:{number:02d}:00 ET
Table 'Vesta' 2-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Anna: posts small blind $0.50
Boris: posts big blind $1
*** HOLE CARDS ***
Dealt to Anna [Ah Kd]
Anna: raises $1 to $2
Boris: calls $1
*** FLOP *** [Ks 8h 4c]
Boris: checks
Anna: bets $1
Boris: folds
Uncalled bet ($1) returned to Anna
Anna collected ${won} from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $4 | Rake ${rake}
Board [Ks 8h 4c]
Seat 1: Anna (button) (small blind) collected (${won})
Seat 2: Boris (big blind) folded on the Flop"""


def log(numbers: list[int]) -> str:
    return "\n\n\n".join(raked_hand(number, RAKES_IN_CENTS[number]) for number in numbers) + "\n"


HANDS = list(range(len(RAKES_IN_CENTS)))


def test_the_case_is_a_tie_that_doubles_round_the_other_way():
    # the case tests what it claims: a tie exactly, and a double sum that falls short of it
    exact = sum(ANNA_NETS) * 100 / len(ANNA_NETS)
    assert exact == Fraction(152125, 1000) and to_the_cent(exact) == Decimal("152.13")
    in_doubles = 0.0
    for net in ANNA_NETS:
        in_doubles += float(net)
    assert in_doubles != float(sum(ANNA_NETS)) and round(100 * in_doubles / len(ANNA_NETS), 2) == 152.12


@pytest.mark.parametrize(("net_big_blinds", "count_bb_hands"), [
    ("12.17", 8),            # the hands below: 152.125
    ("-12.17", 8),           # a loss rounds away from zero too: -152.125
    ("0.0145", 10),          # 0.145, below its tie as a double (0.14499999999999999)
    ("-0.0145", 10),
    ("1.0001", 2),           # 50.005
    ("0.000000000003", 3),   # 1e-10: nothing
    ("2", 3),                # 66.666…: no tie
    ("-2", 3),
])
def test_bb_per_100_is_the_exact_quotient_rounded_half_away_from_zero(net_big_blinds, count_bb_hands):
    con = duckdb.connect()
    models.define_macros(con)
    got = con.execute("select bb_per_100(cast($1 as decimal(38, 12)), $2::bigint)",
                      [net_big_blinds, count_bb_hands]).fetchone()[0]
    assert got == to_the_cent(Fraction(net_big_blinds) * 100 / count_bb_hands)


@pytest.fixture(scope="module")
def one_file(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("bb_one_file")
    summary = ingest_files(folder, {"hands.txt": log(HANDS)})
    assert (summary.games, summary.quarantined, summary.findings) == (8, 0, 0), summary.as_dict()
    return folder / "warehouse"


def test_every_mart_holds_the_tie_worked_by_hand(one_file, dashboard_db):  # noqa: F811 (the fixture)
    from dashboards import queries as q

    exact_sum = sum(ANNA_NETS)
    bb_per_100 = to_the_cent(exact_sum * 100 / len(ANNA_NETS))
    net_big_blinds = Decimal(exact_sum.numerator) / exact_sum.denominator     # 12.17
    with connect(one_file) as con:
        per_hand = sorted(con.execute("select net_big_blinds from hand_list where player = 'Anna'").fetchall())
        assert per_hand == sorted((Decimal(net.numerator) / net.denominator,) for net in ANNA_NETS)
        for mart in ("player_stats_holdem_by_day", "holdem_report_positions", "holdem_report_stack_depths",
                     "holdem_report_starting_hands", "holdem_sessions"):
            rows = con.execute(f"select net_big_blinds, count_bb_hands from {mart} where player = 'Anna'").fetchall()
            assert rows == [(net_big_blinds, 8)], mart
        for mart in ("player_stats_holdem", "holdem_sessions"):
            assert con.execute(f"select bb_per_100 from {mart} where player = 'Anna'").fetchall() == [(bb_per_100,)]
            assert con.execute(f"select bb_per_100 from {mart} where player = 'Boris'").fetchall() == [
                (Decimal("-200.00"),)]
    db = dashboard_db(Warehouse(one_file))
    report = q.holdem_report(db, "position", "Anna", "USD", None, None, (), ()).to_dicts()
    assert [row["bb_per_100"] for row in report] == [bb_per_100]


NET_BIG_BLINDS_MARTS = {
    "hand_list": "player, game_id",
    "player_stats_holdem_by_day": "player, played_on",
    "holdem_report_positions": "player, position",
    "holdem_report_stack_depths": "player, stack_depth",
    "holdem_report_starting_hands": "player, hand_class",
    "holdem_sessions": "player, session_no",
}
BB_PER_100_MARTS = {"player_stats_holdem": "player", "holdem_sessions": "player, session_no"}


def figures(root: Path) -> dict[str, list[tuple]]:
    """Every net in big blinds and every bb/100 of the marts, by their rows' keys."""
    with connect(root) as con:
        found = {mart: con.execute(f"select {key}, net_big_blinds from {mart} order by all").fetchall()
                 for mart, key in NET_BIG_BLINDS_MARTS.items()}
        found |= {f"{mart}.bb_per_100": con.execute(f"select {key}, bb_per_100 from {mart} order by all").fetchall()
                  for mart, key in BB_PER_100_MARTS.items()}
    return found


def test_the_figures_do_not_depend_on_how_the_warehouse_was_built(one_file, tmp_path, monkeypatch):
    # the same hands in the other order; in two files of one ingest; in two ingests, the second's
    # sums merged into the stored ones (no whole rebuild however many rows the new games reach)
    monkeypatch.setattr(models, "REBUILD_WHEN_REACHED", 2.0)
    first, last = HANDS[:FIRST_PART], HANDS[FIRST_PART:]
    reversed_order, two_files, two_ingests = tmp_path / "reversed", tmp_path / "two_files", tmp_path / "two_ingests"
    for folder in (reversed_order, two_files, two_ingests):
        folder.mkdir()
    ingest_files(reversed_order, {"hands.txt": log(HANDS[::-1])})
    ingest_files(two_files, {"first.txt": log(first), "last.txt": log(last)})
    ingest_files(two_ingests, {"first.txt": log(first)})
    ingest_files(two_ingests, {"last.txt": log(last)})
    expected = figures(one_file)
    for folder in (reversed_order, two_files, two_ingests):
        assert figures(folder / "warehouse") == expected, folder.name
