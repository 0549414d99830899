"""Cancelled Hold'em hands in the warehouse: ``holdem_results.is_cancelled`` says which hands were
cancelled, and the statistics leave out those (macro ``is_played``), not every hand whose pot is 0: a
walk whose big blind comes back uncalled has no pot and was played. Hands worked by hand, through
both ways a hand is stored, a warehouse's statistics, and a warehouse written before the column,
which gets it when a writer next opens it."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal

import pyarrow.parquet as pq
import pytest

import pipeline.facts.holdem
import pipeline.worker
from pipeline import models
from pipeline.ingest import ingest
from pipeline.manifest import MANIFEST_FILE
from pipeline.reaudit import reaudit
from pipeline.warehouse import Warehouse, connect
from pipeline.worker import parse_bytes
from tests.test_room_pacific import ALL_IN_BLIND
from tests.test_room_pacific import CANCELLED as CANCELLED_888
from tests.worked_marts import assert_worked

# PokerStars cancels a hand the way every `Hand cancelled` of its logs shows: the one player seated
# posts the small blind, the big blind's player sits out (no seat line), and the hand stops. Anna's
# $0.50 comes back: one player, no pot, no finding (HE-PLAYERS holds: a hand of one is cancelled).
# Then a walk with a pot: Vera's big blind takes Boris's small blind.
STARS = """PokerStars Hand #900101:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/01 20:00:00 ET
Table 'Vesta' 6-max Seat #2 is the button
Seat 2: Anna ($100 in chips)
Anna: posts small blind $0.50
Boris: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 2: Anna (button) collected ($0)



PokerStars Hand #900102:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/01 20:01:00 ET
Table 'Vesta' 6-max Seat #2 is the button
Seat 2: Anna ($100 in chips)
Seat 3: Boris ($100 in chips)
Seat 4: Vera ($100 in chips)
Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
Anna: folds
Boris: folds
Uncalled bet ($0.50) returned to Vera
Vera collected $1 from pot
Vera: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 2: Anna (button) folded before Flop (didn't bet)
Seat 3: Boris (small blind) folded before Flop
Seat 4: Vera (big blind) collected ($1)
"""

# A Bovada walk with no small blind: UTG, UTG+1 and the dealer (Hero) fold, and the big blind's
# $0.25, called by nobody, comes back. Nothing stays in: the pot is 0, and the hand was played (three
# preflop decisions, each a VPIP and PFR chance; UTG+1 in the cutoff and Hero on the button, folded
# to, each a steal chance).
BOVADA_WALK = """Bovada Hand #3000000001 TBL#1000001 HOLDEM No Limit - 2024-03-01 20:00:00
Seat 1: Big Blind ($10 in chips)
Seat 3: UTG ($20 in chips)
Seat 4: UTG+1 ($25 in chips)
Seat 6: Dealer [ME] ($30 in chips)
Dealer  [ME] : Set dealer/Bring in spot [6]
Big Blind : Big blind/Bring in $0.25
*** HOLE CARDS ***
Big Blind : Card dealt to a spot [Kh 6s]
UTG : Card dealt to a spot [4h 7h]
UTG+1 : Card dealt to a spot [Qd 5c]
Dealer  [ME] : Card dealt to a spot [6h 7c]
UTG : Folds
UTG+1 : Folds
Dealer  [ME] : Folds
Big Blind : Return uncalled portion of bet $0.25
Big Blind : Does not show [Kh 6s] (High Card)
*** SUMMARY ***
Total Pot($0) | Rake ($0)
Seat+1: Big Blind [Does not show]
Seat+3: UTG Folded before the FLOP
Seat+4: UTG+1 Folded before the FLOP
Seat+6: Dealer Folded before the FLOP
"""

FILES = {"stars.txt": STARS, "888.txt": CANCELLED_888.lstrip("\n"), "bovada.txt": BOVADA_WALK}
D = Decimal

# (hand, player): invested, collected, net, total_pot, is_cancelled, worked from the lines above
EXPECTED = {
    ("900101", "Anna"): (D("0.50"), D("0.50"), D(0), D(0), True),
    ("900102", "Anna"): (D(0), D(0), D(0), D(1), False),
    ("900102", "Boris"): (D("0.50"), D(0), D("-0.50"), D(1), False),
    ("900102", "Vera"): (D("0.50"), D(1), D("0.50"), D(1), False),
    ("414375633", "Player0"): (D(5), D(5), D(0), D(0), True),     # 888poker: no card dealt
    ("414375633", "Player1"): (D(0), D(0), D(0), D(0), True),
    **{("3000000001", player): (D(0), D(0), D(0), D(0), False) for player in ("Big Blind", "UTG", "UTG+1", "Hero")},
}


def _results(rows: list[dict]) -> dict:
    return {(row["hand_id"], row["player"]): (row["invested"], row["collected"], row["net"], row["total_pot"],
                                              row["is_cancelled"]) for row in rows}


@pytest.mark.parametrize("lane", [False, True], ids=["full path", "lane"])
def test_holdem_results_say_which_hands_were_cancelled(monkeypatch, lane):
    monkeypatch.setattr(pipeline.facts.holdem, "LANE_MIN_HANDS", 1)    # the lane for a file of few hands
    pipeline.worker.plan(())    # (forget a plan an earlier ingest of this process made)
    got = {}
    for name, text in FILES.items():
        result = parse_bytes(text.encode(), name, lane=lane)
        assert (result.count_findings, result.count_quarantined) == (0, 0), name
        got.update(_results(result.tables[("holdem_results", "holdem")].to_pylist()))
    assert got == EXPECTED


def _stats(con) -> tuple[dict, dict]:
    decisions = dict(con.sql("select hand_id, count(*) from int_holdem_decisions group by all").fetchall())
    chances = {(hand, player): (vpip, steal) for hand, player, vpip, steal in con.sql(
        "select hand_id, player, is_vpip_opportunity, is_steal_opportunity from hand_list").fetchall()}
    return decisions, chances


# Decisions per hand: the walk at PokerStars has Anna's and Boris's folds, the Bovada walk its three;
# the cancelled hands none (888poker's fold of the declined big blind is no decision).
DECISIONS = {"900102": 2, "3000000001": 3}
# VPIP and steal chances: a walk gives the big blind none; Anna (BTN) and Boris (SB) are folded to,
# as is Hero (BTN) at Bovada. The Bovada walk's other seats (Big Blind, UTG, UTG+1) are anonymous:
# their folds are decisions of the hand, but they are no players of hand_list.
CHANCES = {("900101", "Anna"): (False, False), ("414375633", "Player0"): (False, False),
           ("414375633", "Player1"): (False, False),
           ("900102", "Anna"): (True, True), ("900102", "Boris"): (True, True), ("900102", "Vera"): (False, False),
           ("3000000001", "Hero"): (True, True)}


def _ingest(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    for name, text in FILES.items():
        (logs / name).write_text(text, encoding="utf-8")
    root = tmp_path / "warehouse"
    summary = ingest([logs], root, jobs=1)
    assert (summary.games, summary.quarantined) == (4, 0)
    return root


# Each account's games played: Anna's cancelled hand is none, nor is the 888poker one, the only hand
# Player0 and Player1 sat in (kept as accounts, with no game); the walks were played. The Bovada
# walk's anonymous seats are no accounts.
ACCOUNT_GAMES = {"Anna": 1, "Boris": 1, "Vera": 1, "Hero": 1, "Player0": 0, "Player1": 0}


def test_the_statistics_leave_out_the_cancelled_hands_not_the_hands_without_a_pot(tmp_path):
    root = _ingest(tmp_path)
    with connect(root) as con:
        assert _stats(con) == (DECISIONS, CHANCES)
        assert dict(con.sql("select player, count_games from people").fetchall()) == ACCOUNT_GAMES
    with Warehouse(root).open() as store:
        assert {name: count for name, count in models.run_audits(store).items() if count} == {}


def _as_an_older_rasklad_wrote_it(root) -> None:
    """The parts of holdem_results without the column, and a manifest that does not name it."""
    manifest = json.loads((root / MANIFEST_FILE).read_text())
    manifest["derived"].remove("holdem_results.is_cancelled")
    (root / MANIFEST_FILE).write_text(json.dumps(manifest))
    for part in manifest["parts"]["holdem_results"]:
        pq.write_table(pq.ParquetFile(root / part).read().drop_columns(["is_cancelled"]), root / part)


def test_a_warehouse_written_before_the_column_gets_it_on_the_writers_next_open(tmp_path):
    root = _ingest(tmp_path)
    _as_an_older_rasklad_wrote_it(root)
    with Warehouse(root).open():
        pass
    # Its parts get the flag from their pot, as the statistics told a cancelled hand before: the two
    # cancelled hands have none; so has the Bovada walk, a walk, which no cancelled hand is.
    for part in json.loads((root / MANIFEST_FILE).read_text())["parts"]["holdem_results"]:
        assert "is_cancelled" in pq.read_schema(root / part).names
    with connect(root) as con:
        flags = dict(con.sql("select hand_id || ' ' || player, is_cancelled from holdem_results").fetchall())
    assert flags == {f"{hand} {player}": expected[4] for (hand, player), expected in EXPECTED.items()}
    with connect(root) as con:
        games = [game for (game,) in con.sql("select game_id from games").fetchall()]
    with Warehouse(root).open() as store:     # each judged again, from its kept text: the same flags
        assert [reaudit(store, game=game).judged for game in games] == [1] * 4
        models.build(store)
    with connect(root) as con:
        assert dict(con.sql("select hand_id || ' ' || player, is_cancelled from holdem_results").fetchall()) == flags
        assert _stats(con) == (DECISIONS, CHANCES)


# The hand of the corpus's 888-FHE-USD-5-10-201203.all.in.blind.txt, played after the cancelled one:
# Player0's big blind of $10 is all-in, Hero raises to $20 and gets back the $10 nobody called, and
# Player0's 2 pair takes the $25 pot less $1.25 rake. Nets: Player0 +13.75, Player1 0 (folded
# nothing in), Player2 -5 (the small blind), Hero -10.
PLAYED_888 = "#Game No : 418361264" + ALL_IN_BLIND


def _counted(root) -> dict:
    """What the marts count of Player0 and Player1, and which hands hand_list lists (cancelled or not)."""
    with connect(root) as con:
        def rows(sql):
            return con.sql(sql).fetchall()
        return {
            "stats": rows("select player, count_hands, count_bb_hands, net_won, bb_per_100 from player_stats_holdem "
                          "where player in ('Player0', 'Player1') order by player"),
            "results": rows("select player, count_games, count_wins, placement_sum, avg_placement from player_results "
                            "where player in ('Player0', 'Player1') order by player"),
            "leaderboard": rows("select player, count_games, avg_placement from leaderboard where season_kind = 'all' "
                                "and player in ('Player0', 'Player1') order by player"),
            "by_day": rows("select player, sum(count_games) from player_results_by_day "
                           "where player in ('Player0', 'Player1') group by all order by player"),
            # an account's games, which the pages' lists of players and `alias --list` read
            "people": rows("select player, count_games from people where player in ('Player0', 'Player1') "
                           "order by player"),
            "sittings": rows("select player, count(*), sum(count_hands) from holdem_sessions "
                             "where player in ('Player0', 'Player1') group by all order by player"),
            "reports": rows("select player, sum(count_hands) from holdem_report_positions "
                            "where player in ('Player0', 'Player1') group by all order by player"),
            "listed": rows("select hand_id, player, is_cancelled from hand_list "
                           "where player in ('Player0', 'Player1') order by hand_id, player"),
        }


# Worked by hand. The cancelled hand #414375633 is no hand played: each of the two players has one
# hand, the one above. Player0: bb/100 = 100 x (13.75 / 10) / 1 = 137.50 (counting the cancelled hand
# halved it, 68.75). Player1 placed second of four at net 0 (Player0 above, Player2 and Hero below):
# average 2 / 1 = 2.0 (counting the cancelled hand, where both tied first at 0, made it 1.5).
COUNTED = {
    "stats": [("Player0", 1, 1, D("13.75"), D("137.50")), ("Player1", 1, 1, D("0.00"), D("0.00"))],
    "results": [("Player0", 1, 1, 1, 1.0), ("Player1", 1, 0, 2, 2.0)],
    "leaderboard": [("Player0", 1, 1.0), ("Player1", 1, 2.0)],
    "by_day": [("Player0", 1), ("Player1", 1)],
    "people": [("Player0", 1), ("Player1", 1)],
    "sittings": [("Player0", 1, 1), ("Player1", 1, 1)],
    "reports": [("Player0", 1), ("Player1", 1)],
    # listed, as it happened, and marked
    "listed": [("414375633", "Player0", True), ("414375633", "Player1", True),
               ("418361264", "Player0", False), ("418361264", "Player1", False)],
}


def test_a_cancelled_hand_is_listed_but_counted_as_no_hand_no_game_and_no_place(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "cancelled.txt").write_text("#Game No : 414375633" + CANCELLED_888, encoding="utf-8")
    (logs / "played.txt").write_text(PLAYED_888, encoding="utf-8")
    summary = ingest([logs], tmp_path / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0)
    assert _counted(tmp_path / "warehouse") == COUNTED
    with connect(tmp_path / "warehouse") as con:    # hand_list lists each hand as it happened, marked
        assert_worked(con, "hand_list", [
            {"hand_id": "414375633", "player": "Player0", "net": Decimal("0.00"), "is_cancelled": True},
            {"hand_id": "414375633", "player": "Player1", "net": Decimal("0.00"), "is_cancelled": True},
        ], where="hand_id = '414375633'")
    # the pages: the hand browser lists both of Player1's hands, the cancelled one marked; the
    # winnings graph has a point per hand played, one
    from tests.conftest import warehouse_of_pages

    with warehouse_of_pages(tmp_path / "warehouse") as (q, db):
        listed = q.hand_page(db, "Player1", None, None, (), (), (), (), None, None, None, "Newest first", 1, 10)
        graph = q.holdem_winnings(db, "Player1", None, None, None, None, False, currency="USD")
    assert sorted(listed.select("hand_id", "is_cancelled").rows()) == [("414375633", True), ("418361264", False)]
    assert graph.select("hand_no", "played_at").rows() == [(1, datetime(2012, 3, 4, 15, 32, 21))]


def test_the_corpus_cancelled_888_hand_counts_for_no_statistic(tmp_path):
    from tests.conftest import corpus

    folder = corpus("rooms", "PacificPoker", "Flop")
    files = [folder / "888-LHE-HU-USD-10-20-201202.cancelled.hand.txt", folder / "888-FHE-USD-5-10-201203.all.in.blind.txt"]
    summary = ingest(files, tmp_path / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0)
    assert _counted(tmp_path / "warehouse") == COUNTED
