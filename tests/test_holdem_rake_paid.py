"""The rake each player paid (hand_list.rake_paid, summed in player_stats_holdem, its sums by day and
holdem_sessions), worked by hand: a hand's rake shared in proportion to what each player put in
(an uncalled bet returned left out), in whole cents that add up to the rake, the cents left over to
the largest fractions, ties to the first seat clockwise from the button.

Four PokerStars home-game hands at $0.25/$0.50 USD go through the real ingest; the shares of a
tournament hand, a cancelled one and amounts past a BIGINT are worked on int_holdem_rake_shares
alone; and over the real PokerStars corpus every raked hand's shares add up to its rake, each
within a cent of its exact proportion, and each player's mart rows to the sum of their hands.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

import duckdb
import pytest

from dashboards import tables
from pipeline.models import define_macros, select_over
from rules import holdem_rules
from tests.conftest import corpus, warehouse_of_pages
from tests.worked_marts import assert_worked, ingest_files

HANDS = [
    # 201, heads-up at Luna: Anna on the button posts the small blind and raises to 1.50, Boris (big
    # blind) calls; Anna bets 4.50 on the flop, Boris calls: 6 each, a pot of 12, rake 0.55. Exact
    # shares 55 × 6 ÷ 12 = 27.5 cents each: 27 + 27 whole, one cent left, the fractions tie, and the
    # cent goes to the first seat clockwise from the button, Boris: Boris 0.28, Anna 0.27.
    """PokerStars Home Game Hand #201: {Club Tverskaya}  Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 14:00:00 ET
Table 'Luna' 2-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($50 in chips)
Anna: posts small blind $0.25
Boris: posts big blind $0.50
*** HOLE CARDS ***
Anna: raises $1 to $1.50
Boris: calls $1
*** FLOP *** [Kd 8s 4c]
Boris: checks
Anna: bets $4.50
Boris: calls $4.50
*** TURN *** [Kd 8s 4c] [3h]
Boris: checks
Anna: checks
*** RIVER *** [Kd 8s 4c 3h] [9d]
Boris: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [Kh Qh] (a pair of Kings)
Anna: shows [Jc Tc] (high card King)
Boris collected $11.45 from pot
*** SUMMARY ***
Total pot $12 | Rake $0.55
Board [Kd 8s 4c 3h 9d]
Seat 1: Anna (button) (small blind) showed [Jc Tc] and lost with high card King
Seat 2: Boris (big blind) showed [Kh Qh] and won ($11.45) with a pair of Kings""",
    # 202, three-way at Vesta with a side pot: Anna (button, $2.50) raises all in, Boris (small blind)
    # and Vera (big blind) call, and on the flop Boris bets 4.50 and Vera calls. Put in: Anna 2.50,
    # Boris 7, Vera 7, 16.50 in all (main pot 7.50, side pot 9); rake 0.79, from the main pot. Exact
    # shares: Anna 79 × 2.50 ÷ 16.50 = 11.97 cents, Boris and Vera 79 × 7 ÷ 16.50 = 33.52 each; whole
    # cents 11 + 33 + 33 = 77, two left: the first to Anna (fraction 0.97, the largest), the second to
    # the tie at 0.52, Boris before Vera clockwise from the button. Anna 0.12, Boris 0.34, Vera 0.33.
    """PokerStars Home Game Hand #202: {Club Tverskaya}  Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 14:05:00 ET
Table 'Vesta' 3-max Seat #1 is the button
Seat 1: Anna ($2.50 in chips)
Seat 2: Boris ($20 in chips)
Seat 3: Vera ($20 in chips)
Boris: posts small blind $0.25
Vera: posts big blind $0.50
*** HOLE CARDS ***
Anna: raises $2 to $2.50 and is all-in
Boris: calls $2.25
Vera: calls $2
*** FLOP *** [Kd 8s 4c]
Boris: bets $4.50
Vera: calls $4.50
*** TURN *** [Kd 8s 4c] [3h]
Boris: checks
Vera: checks
*** RIVER *** [Kd 8s 4c 3h] [9d]
Boris: checks
Vera: checks
*** SHOW DOWN ***
Boris: shows [Qh Jh] (high card King)
Vera: shows [As Ad] (a pair of Aces)
Vera collected $9 from side pot
Anna: shows [7c 2d] (high card King)
Vera collected $6.71 from main pot
*** SUMMARY ***
Total pot $16.50 Main pot $6.71. Side pot $9. | Rake $0.79
Board [Kd 8s 4c 3h 9d]
Seat 1: Anna (button) showed [7c 2d] and lost with high card King
Seat 2: Boris (small blind) showed [Qh Jh] and lost with high card King
Seat 3: Vera (big blind) showed [As Ad] and won ($15.71) with a pair of Aces""",
    # 203, an uncalled bet returned: Anna (button) raises to 3, Boris folds his small blind, Vera (big
    # blind) calls; on the flop Anna bets 5, Vera folds, and the 5 comes back to Anna. Put in: Anna 3
    # (not 8), Boris 0.25, Vera 3, 6.25 in all; rake 0.31. Exact shares: Anna and Vera 31 × 3 ÷ 6.25 =
    # 14.88 cents each, Boris 31 × 0.25 ÷ 6.25 = 1.24; whole cents 14 + 1 + 14 = 29, two left, to the
    # two largest fractions (0.88 each): Anna 0.15, Vera 0.15, Boris 0.01. Had the 5 counted, Anna's
    # share would have been 31 × 8 ÷ 11.25 = 22.04 cents.
    """PokerStars Home Game Hand #203: {Club Tverskaya}  Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 14:10:00 ET
Table 'Vesta' 3-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($20 in chips)
Seat 3: Vera ($20 in chips)
Boris: posts small blind $0.25
Vera: posts big blind $0.50
*** HOLE CARDS ***
Anna: raises $2.50 to $3
Boris: folds
Vera: calls $2.50
*** FLOP *** [Kd 8s 4c]
Vera: checks
Anna: bets $5
Vera: folds
Uncalled bet ($5) returned to Anna
Anna collected $5.94 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $6.25 | Rake $0.31
Board [Kd 8s 4c]
Seat 1: Anna (button) collected ($5.94)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) folded on the Flop""",
    # 204, unraked: Boris (button) raises to 1.50, Vera (small blind) and Anna (big blind) fold, his 1
    # comes back; no flop, no rake: every share 0.
    """PokerStars Home Game Hand #204: {Club Tverskaya}  Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 14:15:00 ET
Table 'Vesta' 3-max Seat #2 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($20 in chips)
Seat 3: Vera ($20 in chips)
Vera: posts small blind $0.25
Anna: posts big blind $0.50
*** HOLE CARDS ***
Boris: raises $1 to $1.50
Vera: folds
Anna: folds
Uncalled bet ($1) returned to Boris
Boris collected $1.25 from pot
Boris: doesn't show hand
*** SUMMARY ***
Total pot $1.25 | Rake $0
Seat 1: Anna (big blind) folded before Flop
Seat 2: Boris (button) collected ($1.25)
Seat 3: Vera (small blind) folded before Flop""",
]
LOG = "\n\n\n".join(HANDS) + "\n"


@pytest.fixture(scope="module")
def worked_warehouse(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rake_paid")
    summary = ingest_files(folder, {"hands.txt": LOG})
    assert (summary.games, summary.quarantined, summary.findings) == (4, 0, 0), summary.as_dict()
    return folder / "warehouse"


@pytest.fixture(scope="module")
def con(worked_warehouse):
    from pipeline.warehouse import connect

    with connect(worked_warehouse) as connection:
        yield connection


def test_each_hands_rake_is_shared_by_what_each_player_put_in(con):
    assert_worked(con, "hand_list", [
        {"hand_id": "201", "player": "Anna", "position": "BTN", "invested": Decimal("6.00"), "rake_paid": Decimal("0.27")},
        {"hand_id": "201", "player": "Boris", "position": "BB", "invested": Decimal("6.00"), "rake_paid": Decimal("0.28")},
        {"hand_id": "202", "player": "Anna", "position": "BTN", "invested": Decimal("2.50"), "rake_paid": Decimal("0.12")},
        {"hand_id": "202", "player": "Boris", "position": "SB", "invested": Decimal("7.00"), "rake_paid": Decimal("0.34")},
        {"hand_id": "202", "player": "Vera", "position": "BB", "invested": Decimal("7.00"), "rake_paid": Decimal("0.33")},
        {"hand_id": "203", "player": "Anna", "position": "BTN", "invested": Decimal("3.00"), "rake_paid": Decimal("0.15")},
        {"hand_id": "203", "player": "Boris", "position": "SB", "invested": Decimal("0.25"), "rake_paid": Decimal("0.01")},
        {"hand_id": "203", "player": "Vera", "position": "BB", "invested": Decimal("3.00"), "rake_paid": Decimal("0.15")},
        {"hand_id": "204", "player": "Anna", "position": "BB", "invested": Decimal("0.50"), "rake_paid": Decimal("0.00")},
        {"hand_id": "204", "player": "Boris", "position": "BTN", "invested": Decimal("0.50"), "rake_paid": Decimal("0.00")},
        {"hand_id": "204", "player": "Vera", "position": "SB", "invested": Decimal("0.25"), "rake_paid": Decimal("0.00")},
    ])


def test_the_marts_add_up_each_players_shares(con):
    # Anna 0.27 + 0.12 + 0.15 + 0 = 0.54, Boris 0.28 + 0.34 + 0.01 + 0 = 0.63, Vera 0.33 + 0.15 + 0 =
    # 0.48: 1.65 in all, the three rakes 0.55 + 0.79 + 0.31. In big blinds of 0.50: 1.08, 1.26 and
    # 0.96; per 100 hands, Anna and Boris over 4 hands 27.00 and 31.50, Vera over 3 32.00.
    assert_worked(con, "player_stats_holdem", [
        {"player": "Anna", "count_hands": 4, "count_bb_hands": 4, "rake_paid": Decimal("0.54"),
         "rake_paid_bb_per_100": Decimal("27.00")},
        {"player": "Boris", "count_hands": 4, "count_bb_hands": 4, "rake_paid": Decimal("0.63"),
         "rake_paid_bb_per_100": Decimal("31.50")},
        {"player": "Vera", "count_hands": 3, "count_bb_hands": 3, "rake_paid": Decimal("0.48"),
         "rake_paid_bb_per_100": Decimal("32.00")},
    ])
    assert_worked(con, "player_stats_holdem_by_day", [
        {"player": "Anna", "played_on": "2024-03-01", "rake_paid": Decimal("0.54"), "rake_paid_big_blinds": 1.08},
        {"player": "Boris", "played_on": "2024-03-01", "rake_paid": Decimal("0.63"), "rake_paid_big_blinds": 1.26},
        {"player": "Vera", "played_on": "2024-03-01", "rake_paid": Decimal("0.48"), "rake_paid_big_blinds": 0.96},
    ])
    # the four hands within 15 minutes: one sitting each
    assert_worked(con, "holdem_sessions", [
        {"player": "Anna", "session_no": 1, "count_hands": 4, "rake_paid": Decimal("0.54"), "rake_paid_big_blinds": 1.08},
        {"player": "Boris", "session_no": 1, "count_hands": 4, "rake_paid": Decimal("0.63"), "rake_paid_big_blinds": 1.26},
        {"player": "Vera", "session_no": 1, "count_hands": 3, "rake_paid": Decimal("0.48"), "rake_paid_big_blinds": 0.96},
    ])


def test_the_player_review_shows_the_rake_paid_of_its_dates(worked_warehouse):
    # the Player review's Hold'em statistics: Anna's four hands of 1 March, as the mart sums them;
    # a day without hands has no row
    with warehouse_of_pages(worked_warehouse) as (q, db):
        shown = q.holdem_stats(db, "Anna", start=date(2024, 3, 1), end=date(2024, 3, 1))
        assert shown.select("count_hands", "rake_paid", "rake_paid_bb_per_100").rows() == [
            (4, Decimal("0.54"), Decimal("27.00"))]
        assert q.holdem_stats(db, "Anna", start=date(2024, 3, 2)).is_empty()
        assert tables.title("rake_paid") == "Rake paid" and "rake_paid" in tables.MONEY


def _shares(rows: list[str]) -> dict[tuple[str, str], Decimal]:
    """int_holdem_rake_shares over the given holdem_results rows:
    (game_id, player, seat, position, invested, rake, is_tournament, is_cancelled)."""
    con = duckdb.connect()
    define_macros(con)
    results = ("select * from (values " + ", ".join(rows) + ") as t (game_id, player, seat, position, invested, rake, "
               "is_tournament, is_cancelled)")
    found = con.execute(f"select game_id, player, rake_paid from ({select_over('int_holdem_rake_shares', stg_holdem_results=results)})")
    return {(game_id, player): paid for game_id, player, paid in found.fetchall()}


def test_odd_cents_go_in_the_order_of_the_positions_not_of_the_seats_nor_their_names():
    # four seats of a ten-handed table put in 2.00 each, with a rake of 0.02: half a cent each, no
    # whole cent, two left over, the fractions equal. Clockwise from the button UTG is third and MP3
    # ninth, before HJ (tenth) and CO (eleventh): UTG and MP3 pay a cent. By seat the cents would go
    # to HJ (seat 1) and CO (seat 2), by name to CO and HJ.
    assert _shares([
        "('ten', 'Anna', 1, 'HJ', 2.00, 0.02, false, false)",
        "('ten', 'Boris', 2, 'CO', 2.00, 0.02, false, false)",
        "('ten', 'Vera', 7, 'UTG', 2.00, 0.02, false, false)",
        "('ten', 'Gleb', 9, 'MP3', 2.00, 0.02, false, false)",
    ]) == {("ten", "Anna"): Decimal("0.00"), ("ten", "Boris"): Decimal("0.00"), ("ten", "Vera"): Decimal("0.01"),
           ("ten", "Gleb"): Decimal("0.01")}


def test_the_order_from_the_button_is_written_from_the_rules_order_of_positions(monkeypatch):
    # a position the rules add (an MP4 before the hijack, say) takes its place in the SQL order with
    # no edit of the SQL: the positions after it move one place on, and a seat without one comes last
    monkeypatch.setattr(holdem_rules, "POSITIONS_FROM_BUTTON",
                        ("SB", "BB", "UTG", "UTG1", "UTG2", "MP", "MP1", "MP2", "MP3", "MP4", "HJ", "CO", "BTN"))
    con = duckdb.connect()
    define_macros(con)
    got = {name: con.execute("select order_from_button(?)", [name]).fetchone()[0]
           for name in ("SB", "MP3", "MP4", "HJ", "BTN", None)}
    assert got == {"SB": 1, "MP3": 9, "MP4": 10, "HJ": 11, "BTN": 13, None: 14}


def test_an_edit_of_the_rules_the_macro_is_written_from_builds_the_models_again(tmp_path, monkeypatch):
    # the models' fingerprint covers the rules module, so an ingest after such an edit rebuilds them
    from pipeline import provenance

    before = provenance.sql_fingerprint()
    edited = tmp_path / "holdem_rules.py"
    edited.write_bytes(provenance.MACROS_FROM.read_bytes().replace(b'"BTN")', b'"MP4", "BTN")', 1))
    monkeypatch.setattr(provenance, "MACROS_FROM", edited)
    assert provenance.sql_fingerprint() != before


def test_tournament_and_cancelled_hands_attribute_no_rake():
    # a tournament's chips pay its fee, not a rake; a cancelled hand has no pot
    assert _shares([
        "('tournament', 'Anna', 1, 'SB', 100.00, 10.00, true, false)",
        "('tournament', 'Boris', 2, 'BB', 100.00, 10.00, true, false)",
        "('cancelled', 'Anna', 1, 'SB', 0.50, 0.10, false, true)",
        "('cash', 'Anna', 1, 'SB', 1.00, 0.03, false, false)",
        "('cash', 'Boris', 2, 'BB', 1.00, 0.03, false, false)",
        # a seat without a position (a sitting-out ante) comes after the named ones for an odd cent
        "('cash', 'Vera', 3, null, 1.00, 0.03, false, false)",
    ]) == {("cash", "Anna"): Decimal("0.01"), ("cash", "Boris"): Decimal("0.01"), ("cash", "Vera"): Decimal("0.01")}


def test_an_odd_cent_of_equal_fractions_goes_clockwise_from_the_button_and_large_amounts_stay_exact():
    # 0.05 over three equal shares: 1.67 cents each, 1 whole each, two left: to the small blind's
    # seat 3 and the big blind's seat 1 (clockwise from the button's seat 2, round the table), the
    # button's last. Then 9,999,999,999,999,999.99 put in by each of two, with a rake of 0.03: 1.5
    # cents each, the odd one to the big blind's seat 5 (heads-up the button is the small blind, the
    # big blind first clockwise from it), whatever the seat numbers; the product of the cents passes
    # a BIGINT's range, and a hundred times either amount a decimal(18, 2)'s.
    assert _shares([
        "('three', 'Anna', 1, 'BB', 2.00, 0.05, false, false)",
        "('three', 'Boris', 2, 'BTN', 2.00, 0.05, false, false)",
        "('three', 'Vera', 3, 'SB', 2.00, 0.05, false, false)",
        "('large', 'Anna', 2, 'BTN', 9999999999999999.99, 0.03, false, false)",
        "('large', 'Boris', 5, 'BB', 9999999999999999.99, 0.03, false, false)",
    ]) == {("three", "Anna"): Decimal("0.02"), ("three", "Boris"): Decimal("0.01"), ("three", "Vera"): Decimal("0.02"),
           ("large", "Anna"): Decimal("0.01"), ("large", "Boris"): Decimal("0.02")}


@pytest.fixture(scope="module")
def corpus_warehouse(tmp_path_factory):
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    root = tmp_path_factory.mktemp("rake_corpus") / "warehouse"
    ingest([corpus("pokerstars")], root, jobs=1)
    with connect(root) as connection:
        yield connection


def test_over_the_corpus_each_hands_shares_add_up_to_its_rake(corpus_warehouse):
    con = corpus_warehouse
    seats = con.execute("""
        select results.game_id, results.rake, results.invested, shares.rake_paid
        from stg_holdem_results as results
        left join int_holdem_rake_shares as shares using (game_id, player)
        where results.rake > 0 and not results.is_tournament and not results.is_cancelled
    """).fetchall()
    hands: dict[str, list[tuple[Decimal, Decimal, Decimal | None]]] = {}
    for game_id, rake, invested, paid in seats:
        hands.setdefault(game_id, []).append((rake, invested, paid))
    assert len(hands) > 100, "the corpus has raked cash hands to check"
    for game_id, rows in hands.items():
        rake, put_in = rows[0][0], sum(invested for _, invested, _ in rows)
        assert sum(paid or 0 for *_, paid in rows) == rake, game_id
        for _, invested, paid in rows:
            # each share within a cent of its exact proportion: the whole cents, or one more
            exact_cents = Fraction(rake * 100) * Fraction(invested) / Fraction(put_in)
            assert int(exact_cents) <= (paid or 0) * 100 <= int(exact_cents) + 1, (game_id, invested, paid)


def test_over_the_corpus_each_players_marts_are_the_sum_of_their_hands(corpus_warehouse):
    con = corpus_warehouse
    keys = "player, site, game, is_tournament, currency, stakes, betting"
    hands = {tuple(key): paid for *key, paid in con.execute(
        f"select {keys}, sum(rake_paid) from hand_list group by all").fetchall()}
    marts = {tuple(key): paid for *key, paid in con.execute(
        f"select {keys}, rake_paid from player_stats_holdem").fetchall()}
    by_day = {tuple(key): paid for *key, paid in con.execute(
        f"select {keys}, sum(rake_paid) from player_stats_holdem_by_day group by all").fetchall()}
    assert sum(hands.values()) > 0
    assert marts == hands and by_day == hands
    sittings = dict(con.execute("select player, sum(rake_paid) from holdem_sessions group by all").fetchall())
    dated = dict(con.execute("select player, sum(rake_paid) from hand_list where played_at is not null "
                             "group by all").fetchall())
    assert sittings == dated
