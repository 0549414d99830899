"""Amounts per unit rounded half away from zero exactly: raspisnoy points per round to the cent,
Chinese poker points and royalties per hand to 4 places, as docs/warehouse.md says.

A quotient taken in doubles may fall below its tie: 3 points over 40 rounds is 0.075, a double of
0.07499999…, which `round(…, 2)` took to 0.07; 829 points over 800 hands is 1.03625, which a cast to
4 places took to 1.0362. The macros are checked against integer arithmetic over a grid of every
numerator and count below, and each mart against a case worked by hand and ingested for real.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import duckdb
import pytest

from pipeline import models
from pipeline.warehouse import connect
from tests.test_chinese_stats import CHINESE
from tests.worked_marts import ingest_files


def half_away(value: Fraction, places: int) -> Decimal:
    """``value`` to ``places`` decimals, half away from zero, in exact fractions."""
    steps = int(abs(value) * 10 ** places + Fraction(1, 2))
    return Decimal(steps if value >= 0 else -steps).scaleb(-places)


@pytest.mark.parametrize(("macro", "places"), [("points_per_round", 2), ("amount_per_unit", 4)])
def test_every_quotient_of_whole_numbers_rounds_half_away_from_zero(macro, places):
    # every numerator from -3,000 to 3,000 over every count from 1 to 800 (4.8 million quotients),
    # against floor division of integers: sign(p) × ⌊(|p| × 10^places × 2 + c) / 2c⌋ steps
    con = duckdb.connect()
    models.define_macros(con)
    wrong, ties = con.execute(f"""
        with quotients as (
            select p, c, {macro}(p, c) as got,
                   sign(p) * ((abs(p) * {2 * 10 ** places} + c) // (2 * c)) as exact_steps,
                   (abs(p) * {2 * 10 ** places}) % (2 * c) = c as is_tie
            from (select p::bigint as p, c::bigint as c from range(-3000, 3001) t(p), range(1, 801) u(c)))
        select count(*) filter (where got * {10 ** places} != exact_steps), count(*) filter (where is_tie)
        from quotients""").fetchone()
    assert ties > 10_000      # the grid holds ties, where a double may fall either side
    assert wrong == 0


@pytest.mark.parametrize(("amount", "count", "expected"), [
    ("3", 40, "0.08"), ("-3", 40, "-0.08"), ("7.5", 2, "3.75"), ("0.5", 200, "0.00"), ("1", 200, "0.01"),
])
def test_points_per_round_of_half_points(amount, count, expected):
    # raspisnoy points are whole or half (a good pass in a no-trump round is +7.5)
    con = duckdb.connect()
    models.define_macros(con)
    got = con.execute("select points_per_round(cast($1 as decimal(18, 1)), $2::bigint)", [amount, count]).fetchone()[0]
    assert got == Decimal(expected) == half_away(Fraction(amount) / count, 2)


# Ten score sheets of four players under `max cards 1, specials none`: four rounds of one card a game,
# 40 rounds in all, in each of which one player takes the one trick. Anna's rounds, by kind:
#   win   she bids 1 and takes it (+10); Boris bids 1 and takes none (-10); Vera, Gleb pass (+5 each)
#   loss  she bids 1 and takes none (-10); Boris bids 1 and takes it (+10); Vera, Gleb pass (+5)
#   pass  she passes (+5); Boris bids 1 and takes it (+10); Vera bids 1, none (-10); Gleb passes (+5)
#   over  she passes and takes the trick (+1); the others pass (+5 each)
# Anna: 17 wins, 18 losses, 2 passes, 3 overs = 170 - 180 + 10 + 3 = 3 points: 3 / 40 = 0.075 -> 0.08.
# Boris: -170 + 180 + 20 + 15 = 45: 1.125 -> 1.13. Vera: 85 + 90 - 20 + 15 = 170: 4.25. Gleb: 200: 5.00.
PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
ROUND_KINDS = {   # bid, tricks, points of Anna, Boris, Vera, Gleb
    "win": ((1, 1, 10), (1, 0, -10), (0, 0, 5), (0, 0, 5)),
    "loss": ((1, 0, -10), (1, 1, 10), (0, 0, 5), (0, 0, 5)),
    "pass": ((0, 0, 5), (1, 1, 10), (1, 0, -10), (0, 0, 5)),
    "over": ((0, 1, 1), (0, 0, 5), (0, 0, 5), (0, 0, 5)),
}
ANNAS_ROUNDS = ["win"] * 17 + ["loss"] * 18 + ["pass"] * 2 + ["over"] * 3


def score_sheet(number: int, kinds: list[str]) -> str:
    totals = [0] * len(PLAYERS)
    rows = []
    for index, kind in enumerate(kinds, start=1):
        cells = []
        for seat, (bid, tricks, points) in enumerate(ROUND_KINDS[kind]):
            totals[seat] += points
            cells.append(f"{bid}/{tricks} {totals[seat]}")
        rows.append(f" {index}  1     regular | " + " | ".join(cells))
    return (f"Raspisnoy sheet S{number}\nDate: 2026-03-{number:02d}\nClub: Tverskaya\n"
            f"Players: {' | '.join(PLAYERS)}\nRules: max cards 1, specials none, pass limit none, hook off\n"
            f"First dealer: Anna\n\n #  cards kind    | {' | '.join(PLAYERS)}\n" + "\n".join(rows) + "\n")


def test_points_per_round_at_a_tie_worked_by_hand(tmp_path):
    sheets = {f"sheet{number}.txt": score_sheet(number, ANNAS_ROUNDS[4 * (number - 1):4 * number])
              for number in range(1, 11)}
    summary = ingest_files(tmp_path, sheets)
    assert (summary.games, summary.quarantined, summary.findings) == (10, 0, 0), summary.as_dict()
    with connect(tmp_path / "warehouse") as con:
        for mart in ("player_stats_raspisnoy", "player_stats_raspisnoy_by_round"):
            rows = dict(con.execute(f"select player, points_per_round from {mart} "
                                    "where player in ('Anna', 'Boris', 'Vera', 'Gleb')").fetchall())
            assert rows == {"Anna": Decimal("0.08"), "Boris": Decimal("1.13"), "Vera": Decimal("4.25"),
                            "Gleb": Decimal("5.00")}, mart
        assert con.execute("select count_rounds, total_points from player_stats_raspisnoy "
                           "where player = 'Anna'").fetchone() == (40, 3)


# tests/test_chinese_stats.py's H4 (1-6): Anna +7, a royalty of 1 unit (trips in front), Boris -7.
# Its H3 with the two names swapped: Boris's dragon, Anna's fouled hand: Anna -6, no royalty; Boris +6.
# 433 of the first and 367 of the second: Anna 433 × 7 - 367 × 6 = 829 points over 800 hands,
# 1.03625 -> 1.0363; her royalties 433 units: 0.54125 -> 0.5413. Boris -829: -1.0363.
def chinese_hands() -> str:
    blocks = CHINESE.strip().split("\n\n")
    h3, h4 = (next(block for block in blocks if block.startswith(f"Chinese poker hand {name}\n"))
              for name in ("H3", "H4"))
    swapped = h3.replace("Anna", "Someone").replace("Boris", "Anna").replace("Someone", "Boris")
    texts = [h4.replace("hand H4", f"hand W{number}") for number in range(433)]
    texts += [swapped.replace("hand H3", f"hand L{number}") for number in range(367)]
    return "\n\n".join(texts) + "\n"


def test_points_and_royalties_per_hand_at_a_tie_worked_by_hand(tmp_path):
    summary = ingest_files(tmp_path, {"chinese.txt": chinese_hands()})
    assert (summary.games, summary.quarantined) == (800, 0), summary.as_dict()
    with connect(tmp_path / "warehouse") as con:
        rows = {player: rest for player, *rest in con.execute(
            "select player, count_hands, total_points, points_per_hand, royalties_total, royalties_per_hand "
            "from player_stats_chinese").fetchall()}
    assert rows["Anna"] == [800, 829, Decimal("1.0363"), 433, Decimal("0.5413")]
    assert rows["Boris"][:3] == [800, -829, Decimal("-1.0363")]
