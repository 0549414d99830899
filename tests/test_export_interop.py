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
import pytest

from pipeline.export import export
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.conftest import CORPORA, corpus, made_once

D = Decimal


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """The warehouse of a log, ingested once a test run however many tests export its hands (an
    ingest builds every model: seconds); an export only reads it."""
    def warehouse_of(logs: Path) -> Path:
        def ingest_it(folder: Path) -> None:
            ingest([logs], folder / "wh", jobs=1)

        name = "-".join(logs.relative_to(CORPORA).parts)
        return made_once(tmp_path_factory, f"test_export_interop-{name}", ingest_it) / "wh"
    return warehouse_of


def _exported(stored, tmp_path: Path, logs: Path, fmt: str):
    """The export summary of the hands of ``logs`` (their warehouse ``stored``) into ``tmp_path``,
    and the files written by hand ID (PHH's ``hand``, OHH's ``game_number``), read."""
    with connect(stored(logs)) as con:
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


def test_export_ohh_of_an_ipoker_hand_has_its_board_and_showdown(stored, tmp_path):
    """Game 2606454888 deals ``<cards type="Flop">SJ D3 C5</cards>``, ``CQ``, ``DA``; Player5 (S5 CA)
    and Player0 (H4 D4) check the river down, and the XML writes no show: they showed down."""
    _, files = _exported(stored, tmp_path, corpus(*IPOKER_LIMIT), "ohh")
    ohh = files["2606454888"]
    assert _rounds(ohh) == [("Preflop", None), ("Flop", ["Js", "3d", "5c"]), ("Turn", ["Qc"]), ("River", ["Ad"]),
                            ("Showdown", None)]
    names = {p["id"]: p["name"] for p in ohh["players"]}
    assert [(names[a["player_id"]], a["action"], a["cards"]) for a in ohh["rounds"][-1]["actions"]] == [
        ("Player5", "Shows Cards", ["5s", "Ac"]), ("Player0", "Shows Cards", ["4h", "4d"])]


def test_export_ohh_of_an_ipoker_all_in_deals_the_board_out(stored, tmp_path):
    """Game 2594948741 (the GBP file): P0k3rkIng2k calls all in preflop; the XML deals D5 C7 D9,
    DJ, DQ with nobody left to act."""
    _, files = _exported(stored, tmp_path, corpus(*IPOKER_ALL_IN), "ohh")
    [ohh] = [o for o in files.values() if any(p["name"] == "P0k3rkIng2k" for p in o["players"])]
    assert _rounds(ohh) == [("Preflop", None), ("Flop", ["5d", "7c", "9d"]), ("Turn", ["Jd"]), ("River", ["Qd"]),
                            ("Showdown", None)]
    names = {p["id"]: p["name"] for p in ohh["players"]}
    assert sorted((names[a["player_id"]], a["cards"]) for a in ohh["rounds"][-1]["actions"]) == [
        ("P0k3rkIng2k", ["Kd", "Ks"]), ("gortaleva", ["Ac", "Qh"])]


def test_export_phh_writes_an_ipoker_hand_with_a_board_and_pokerkit_replays_it(stored, tmp_path):
    """The same game 2606454888 as PHH: Player5 (210.14) puts in 30 and is paid 64.50, 244.64;
    Player0 (468.70) puts in 30, 438.70. The pot is 2.50 + 5 + 2 × 30 = 67.50, raked 3."""
    summary, files = _exported(stored, tmp_path, corpus(*IPOKER_LIMIT), "phh")
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


def test_export_ohh_table_size_is_the_size_the_log_states(stored, tmp_path):
    """PartyPoker's game 198585626: ``Total number of players : 9/9``, a 9-seat table (its first
    number is the players seated: 7, 8 or 9 in this file, the second always 9)."""
    party = corpus("pokerstars", "hhp", "partypoker", "cash.hhsmithy.usd.NLHE.9max.txt")
    _, files = _exported(stored, tmp_path, party, "ohh")
    assert files["198585626"]["table_size"] == 9
    assert {ohh["table_size"] for ohh in files.values()} == {9}


def test_export_ohh_table_size_where_the_log_states_none_is_the_highest_seat(stored, tmp_path):
    """Bovada's hand 2599656336 states no table size and seats players at 1, 3, 4, 5, 6, 8 and 9
    (seven players): the table has at least 9 seats."""
    _, files = _exported(stored, tmp_path, corpus("rooms", "Bovada", "Flop",
                                                  "LHE-9max-USD - $20-$40 - 201204.limit.blinds.txt"), "ohh")
    ohh = files["2599656336"]
    assert sorted(p["seat"] for p in ohh["players"]) == [1, 3, 4, 5, 6, 8, 9]
    assert ohh["table_size"] == 9


def _ingested_phh(tmp_path: Path, text: str):
    """The ingest summary of one PHH file of ``text``, and its quarantine's reasons."""
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "hand.phh").write_text(text)
    summary = ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        reasons = [r for (r,) in con.execute("select error from quarantine").fetchall()]
    return summary, reasons


SEATED_AT = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
seats = {seats}
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]
"""


def test_phh_import_says_a_seat_0_is_no_seat_number(tmp_path):
    summary, reasons = _ingested_phh(tmp_path, SEATED_AT.format(seats="[5, 0, 2]"))
    assert summary.quarantined == 1
    assert reasons == ["seats gives p2 the seat 0: seats are numbered from 1"]


def test_phh_import_says_which_seat_two_players_share(tmp_path):
    summary, reasons = _ingested_phh(tmp_path, SEATED_AT.format(seats="[5, 2, 5]"))
    assert summary.quarantined == 1
    assert reasons == ["seats gives the seat 5 to two players: a seat holds one player"]


def test_export_leaves_out_a_player_the_log_seats_nowhere_and_says_why(stored, tmp_path):
    """PartyPoker's game 14017581513: seats 4, 2 and 5 are Player0, Hero and Player1; Player3
    "has joined the table" and posts the big blind with no seat line. PHH cannot number his seat:
    the hand is not written, rather than written with a seat 0 that PHH's import refuses."""
    logs = corpus("rooms", "PartyPoker", "Flop", "NLHE-6max-USD-5-10-201408.joins.and.posts.bb.txt")
    summary, files = _exported(stored, tmp_path, logs, "phh")
    assert files == {} and list(summary.skipped.values()) == [
        "Player3 has no seat in the log (a player who joins the table and posts): PHH gives every player a seat "
        "number from 1"]


WINNING_CAPPED = ("rooms", "Winning", "Flop", "NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar (Cap) GAMETYPE.txt")


def test_export_of_a_hand_capped_at_a_table_that_states_no_cap(stored, tmp_path):
    """Winning's hand 151588328 at 'Miramar (Cap)': IrishPimp2233 raises to 0.05 preflop and
    ``caps $0.55`` on the flop, 0.60 in all; ccZORBAcc (0.02 + 0.03 preflop, 0.11 + 0.44 on the
    flop) puts in 0.60 too, and neither acts again though both have chips: the cap is 0.60.
    PHH has no cap: the hand is not written (pokerkit would have them act on)."""
    summary, files = _exported(stored, tmp_path, corpus(*WINNING_CAPPED), "phh")
    assert files == {} and list(summary.skipped.values()) == [
        "IrishPimp2233 is held in for what they have put in, with chips left (a table's cap, or the room's "
        "disconnection protection): PHH has no cap"]
    with connect(stored(corpus(*WINNING_CAPPED))) as con:
        export(con, "ohh", tmp_path / "ohh")
    [path] = (tmp_path / "ohh").iterdir()
    ohh = json.loads(path.read_text())["ohh"]
    assert ohh["bet_limit"] == {"bet_type": "NL", "bet_cap": 0.6}
    names = {p["id"]: p["name"] for p in ohh["players"]}
    flop = next(r for r in ohh["rounds"] if r["street"] == "Flop")
    assert [(names[a["player_id"]], a["action"], a.get("amount"), a.get("is_allin")) for a in flop["actions"]] == [
        ("Papabear2016", "Check", None, None), ("ccZORBAcc", "Bet", 0.11, False),
        ("IrishPimp2233", "Raise", 0.55, True), ("Papabear2016", "Fold", None, None),
        ("ccZORBAcc", "Call", 0.44, True)]


def test_export_of_a_player_held_in_by_disconnection_protection(stored, tmp_path):
    """iPoker's game 2855472319: Player7 (2.29) raises to 0.20 and is then held in by
    ``type="7" sum="DP"``, with 2.09 left; Player4 and Player5 play on to 0.30 and beyond. That
    is no table cap (bet_cap stays 0); Player7's raise is his all-in."""
    sitting_out = corpus("rooms", "iPoker", "Flop", "LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml")
    summary, files = _exported(stored, tmp_path, sitting_out, "phh")
    assert "2855472319" not in files
    assert any(why.startswith("Player7 is held in for what they have put in") for why in summary.skipped.values())
    with connect(stored(sitting_out)) as con:
        export(con, "ohh", tmp_path / "ohh")
    [ohh] = [doc["ohh"] for doc in (json.loads(p.read_text()) for p in (tmp_path / "ohh").iterdir())
             if doc["ohh"]["game_number"] == "2855472319"]
    assert ohh["bet_limit"]["bet_cap"] == 0
    names = {p["id"]: p["name"] for p in ohh["players"]}
    assert [(a["action"], a["amount"], a["is_allin"]) for r in ohh["rounds"] for a in r["actions"]
            if names[a["player_id"]] == "Player7" and "amount" in a] == [("Raise", 0.2, True)]


def _round_trip(tmp_path: Path, logs: Path) -> tuple[dict, dict, dict[str, str]]:
    """(stakes, is_tournament, currency) of each hand ID of ``logs`` as stored, and as stored
    again from its exported PHH file; the PHH texts by hand ID."""
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        summary = export(con, "phh", tmp_path / "phh")
    back = ingest([tmp_path / "phh"], tmp_path / "back", jobs=1)
    assert back.quarantined == 0

    def stored(warehouse: Path) -> dict:
        with connect(warehouse) as con:
            return {h: rest for h, *rest in con.execute(
                "select distinct hand_id, stakes, is_tournament, currency from holdem_results").fetchall()}

    texts = {tomllib.loads(p.read_text())["hand"]: p.read_text() for p in summary.written}
    return stored(tmp_path / "wh"), stored(tmp_path / "back"), texts


def test_phh_round_trip_keeps_a_tournament_hand_a_tournament_hand(tmp_path):
    """PokerStars' hand 183617887084 of Tournament #2244109429, Level X (300/600), in chips."""
    before, after, texts = _round_trip(tmp_path, corpus("pokerstars", "hhp", "holdem", "pokerstars",
                                                        "timezone-costarica.sng.txt"))
    assert before["183617887084"] == ["300/600 T", True, "chips"]
    assert after["183617887084"] == before["183617887084"]
    fields = tomllib.loads(texts["183617887084"])
    assert (fields["event"], fields["_tournament"]) == ("Tournament #2244109429", "2244109429")


def test_phh_round_trip_keeps_the_stakes_of_a_small_blind_posted_short(tmp_path):
    """PartyPoker's game 9498788316 at a $1.60 buy-in table: Player5 (seat 3, left of the button
    at seat 2) has $0.01 and posts it as the small blind, all in; Hero posts the $0.04 big blind.
    The table's small blind is $0.02: PHH writes it, and posts Player5 all in for his $0.01."""
    before, after, texts = _round_trip(tmp_path, corpus("rooms", "PartyPoker", "Flop",
                                                        "NLHE-USD-0.02-0.04-20100804.smallBlindIsForcedAllIn.txt"))
    assert before["9498788316"] == after["9498788316"] == ["$0.02/$0.04 USD", False, "USD"]
    fields = tomllib.loads(texts["9498788316"], parse_float=Decimal)
    assert fields["blinds_or_straddles"][:2] == [D("0.02"), D("0.04")]
    assert fields["starting_stacks"][0] == D("0.01")


PACIFIC_SIDE_POT = ("rooms", "PacificPoker", "Flop", "888-NLHE-PM-1.00-2.00.txt")


def _pots(ohh: dict) -> list[tuple[int, float, float, list[tuple[str, float]]]]:
    """(number, amount, rake, [(winner, win)]) of each OHH pot."""
    names = {p["id"]: p["name"] for p in ohh["players"]}
    return [(pot["number"], pot["amount"], pot["rake"], [(names[w["player_id"]], w["win_amount"])
                                                         for w in pot["player_wins"]]) for pot in ohh["pots"]]


def test_export_ohh_writes_each_pot_with_its_winner_and_rake(stored, tmp_path):
    """888poker's game 361198949: rensi66 is all in for 198 (40 + 158), manit2522 for 311 (40 + 200
    + 71); Champs2011 and genu74 put in 311 too (Champs2011's river bet of 203 is not called), and
    tosas23 his big blind of 2. The main pot is 4 × 198 + 2 = 794, the side pot (311 − 198) × 3
    = 339. rensi66's queens win the main pot, manit2522's jacks the side pot (Champs2011 has fives);
    888 lists no pots, and its rake of 4 (1,133 put in, 790 + 339 collected) is the main pot's."""
    _, files = _exported(stored, tmp_path, corpus(*PACIFIC_SIDE_POT), "ohh")
    assert _pots(files["361198949"]) == [(0, 794, 4, [("rensi66", 790)]), (1, 339, 0, [("manit2522", 339)])]


def test_export_ohh_writes_a_hand_whose_room_raked_the_side_pot(stored, tmp_path):
    """Winamax's hand #910116-28-1298310000: Player8 is all in for 2.98, Player4 for 4.54, Hero
    raises all in to 5.96 (1.42 of it not called); Player1 (0.15) and the blinds (0.02, 0.05)
    fold. The main pot is 3 × 2.98 + 0.22 = 9.16, the side pot (4.54 − 2.98) × 2 = 3.12. Player8
    collects 8.56 from the main pot (raked 0.60), Hero 4.34 from side pot 1, his 1.42 with it: 2.92
    of the side pot, raked 0.20 (the rake of 0.80 in all). PHH cannot state that rake; OHH can."""
    summary, files = _exported(stored, tmp_path, corpus("rooms", "Winamax", "Flop",
                                                "NLHE-FR-EUR-0.02-0.05-201010.Side.pot.Biggest.stack.loses.main.txt"),
                               "ohh")
    assert _pots(files["910116-28-1298310000"]) == [(0, 9.16, 0.6, [("Player8", 8.56)]), (1, 3.12, 0.2, [("Hero", 2.92)])]


def test_export_ohh_states_the_jackpot_fee_apart_from_the_rake(stored, tmp_path):
    """Winning's hand 151588328 ends ``Total pot $1.19 | Rake $0.04 | JP Fee $0.02``: 0.05 × 3
    before the flop, then 0.11 + 0.55 + 0.44 on it, put in 1.25; ccZORBAcc takes 1.19. The room's
    rake is 0.04; the 0.02 is OHH's ``jackpot``, the fee the specification has a field for."""
    _, files = _exported(stored, tmp_path, corpus(*WINNING_CAPPED), "ohh")
    (ohh,) = files.values()
    names = {p["id"]: p["name"] for p in ohh["players"]}
    ((pot, winner),) = [(pot, names[w["player_id"]]) for pot in ohh["pots"] for w in pot["player_wins"]]
    assert (winner, pot["amount"], pot["rake"], pot["jackpot"], pot["player_wins"][0]["win_amount"]) == (
        "ccZORBAcc", 1.25, 0.04, 0.02, 1.19)


_LIVE = ("Post SB", "Post BB", "Straddle", "Post Extra Blind", "Bet", "Raise", "Call")


def _nets_by_the_docs(ohh: dict) -> dict[str, Decimal]:
    """Each player's net as docs/formats.md tells an OHH reader to work it out: his wins (and
    cash-out) less his actions' amounts, plus what came back to him: on the last round with a live
    bet (a blind, bet, raise or call; a dead blind is not one), the part of the largest live total
    above the next largest."""
    names = {p["id"]: p["name"] for p in ohh["players"]}
    nets = dict.fromkeys(names.values(), D(0))
    last: dict[str, D] = {}
    for round_ in ohh["rounds"]:
        live: dict[str, D] = {}
        for a in round_["actions"]:
            if "amount" in a:
                nets[names[a["player_id"]]] -= D(str(a["amount"]))
                if a["action"] in _LIVE:
                    live[names[a["player_id"]]] = live.get(names[a["player_id"]], D(0)) + D(str(a["amount"]))
        last = live or last
    ranked = sorted(last.items(), key=lambda bet: bet[1], reverse=True) + [("", D(0))]
    nets[ranked[0][0]] = nets.get(ranked[0][0], D(0)) + ranked[0][1] - ranked[1][1]
    for pot in ohh["pots"]:
        for w in pot["player_wins"]:
            nets[names[w["player_id"]]] += D(str(w["win_amount"])) + D(str(w.get("cashout_amount", 0)))
    return {name: net for name, net in nets.items() if name}


def test_export_ohh_nets_come_back_as_the_docs_say_a_reader_works_them_out(stored, tmp_path):
    """OHH has no action for a bet returned: the bet is in the actions, the part nobody called in
    no pot. 888poker's game 361198949: Champs2011 puts in 40 + 200 + 71 and bets 203 on the river,
    which nobody calls: −514 by his actions, +203 back, −311. PokerStars' (converted) hand
    2762719793: Small Blind posts 3, HOOP the big blind 6, and all fold; the log has HOOP collect
    $9 from the pot, the 3 nobody matched with it, where the file's pot is the 6 matched (3 + 3): HOOP
    −6, +3 back, +6 won, +3, his net (the file wrote a pot of 9 and a win of 9: +6)."""
    _, fold_to_hoop = _exported(stored, tmp_path / "a", corpus("pokerstars", "fpdb-cash", "Flop",
                                                       "NLHE-6max-USD-3.00-6.00-201310.old.converted.walk.txt"), "ohh")
    _, side_pots = _exported(stored, tmp_path / "b", corpus(*PACIFIC_SIDE_POT), "ohh")
    hoop = fold_to_hoop["2762719793"]
    assert _pots(hoop) == [(0, 6, 0, [("HOOP", 6)])]
    assert _nets_by_the_docs(hoop) == {"HOOP": D(3), "Dealer": D(0), "Small Blind": D(-3)}
    assert _nets_by_the_docs(side_pots["361198949"]) == {"rensi66": D(592), "Champs2011": D(-311), "orcogro2": D(0),
                                                         "genu74": D(-311), "tosas23": D(-2), "manit2522": D(28)}


def test_export_phh_leaves_out_a_limit_raise_over_a_short_all_in_that_pokerkit_refuses(stored, tmp_path):
    """iPoker's game 2855501026, Limit 0.10/0.20: on the river Player4 bets his last 0.13 (0.83 less
    0.20, 0.10 and 0.40 before), short of the big bet of 0.20, and Player13 raises to 0.40: iPoker
    counts the all-in as a full bet (half a bet or more) and the raise as the second bet. pokerkit
    raises a full bet over the all-in, to 0.13 + 0.20 = 0.33 and no other amount, and refused the
    file the export wrote ("Unable to repair the hand history"); the file is right, the rules
    differ: the hand is not written, as PHH."""
    summary, files = _exported(stored, tmp_path, corpus("rooms", "iPoker", "Flop",
                                                "LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml"), "phh")
    assert "2855501026" not in files
    assert ("Player13 raises to 0.40 over an all-in short of a full bet, as the room counts it a full bet; pokerkit's "
            "Limit raises a full bet over the all-in (0.33) and would refuse the hand") in summary.skipped.values()


def test_export_ohh_names_the_hero_the_log_deals_to(stored, tmp_path):
    """PokerStars' hand 2762719793 has ``Dealt to HOOP [7c Th]``: HOOP is OHH's hero. 888poker's game
    361198949 deals nobody's cards by name (no ``Dealt to`` line): no hero."""
    _, dealt = _exported(stored, tmp_path / "a", corpus("pokerstars", "fpdb-cash", "Flop",
                                                "NLHE-6max-USD-3.00-6.00-201310.old.converted.walk.txt"), "ohh")
    _, undealt = _exported(stored, tmp_path / "b", corpus(*PACIFIC_SIDE_POT), "ohh")
    hoop = dealt["2762719793"]
    assert {p["id"]: p["name"] for p in hoop["players"]}[hoop["hero_player_id"]] == "HOOP"
    assert "hero_player_id" not in undealt["361198949"]


def test_the_export_summary_counts_a_reason_naming_players_once_by_its_kind(tmp_path):
    """PokerStars' 0.05/0.10 6-max history of November 2009: 78 hands, of which 6 have a second
    big blind, posted out of the seat's turn each by another player (shaunsaville, DSOR65,
    Dragsta03, StifflerPL, ChrVo, Andrey_UKRNA, counted in the log). PHH has no such post: the
    summary says 6 hands for that reason, not six reasons of one hand each."""
    from click.testing import CliRunner

    from pipeline.cli import main

    ingest([corpus("pokerstars", "fpdb-cash", "Flop", "NLHE-6max-USD-0.05-0.10-200911.txt")], tmp_path / "wh", jobs=1)
    done = CliRunner().invoke(main, ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out",
                                     str(tmp_path / "phh")])
    assert done.exit_code == 0, done.output
    with connect(tmp_path / "wh") as con:
        game_of = dict(con.execute("select distinct hand_id, game_id from holdem_results").fetchall())
    # the first three of the six in the log (its hands go forward in time), by game ID
    first = ", ".join(game_of[hand] for hand in ("35824123646", "35824150484", "35824195938"))
    assert done.stdout == (f"72 hands written to {tmp_path / 'phh'} as PHH\n"
                           "  not written      6 × a player posts a blind out of the seat's turn (a new or returning "
                           f"player's post): PHH has no such post (games {first} …)\n"
                           "  --json gives each hand's game ID and whole reason\n")


def test_the_export_summary_counts_blinds_posted_out_of_turn_as_one_reason_whichever_the_blind(tmp_path):
    """Three PartyPoker hands, each with one blind PHH has no post for (its forced bets go by seat:
    the small blind, then the big blind): game 10398176832's Player1 (seat 6) posts a second small
    blind after Hero's big blind (PartyPoker's second small blind is live), game 11253035050's
    Player5 (seat 5) posts "big blind + dead" (both blinds, the small one dead) after Player3's big
    blind, and game 9507514114's Player8 (seat 2) a second big blind after Player7's. They were three
    reasons of one hand each (posts sb, posts dead, posts bb); they are one reason of three hands,
    and --json still says which blind each hand's player posted."""
    from click.testing import CliRunner

    from pipeline.cli import main

    logs = tmp_path / "logs"
    logs.mkdir()
    for name in ("LHE-6max-USD-15-30-201104.live.second.sb.txt", "NLHE-EUR-6max-0.10-0.25-201112.post.both.txt",
                 "NLHE-USD-0.01-0.02-20100807.newPlayerWithZeroStack.txt"):
        (logs / name).write_bytes(corpus("rooms", "PartyPoker", "Flop", name).read_bytes())
    ingest([logs], tmp_path / "wh", jobs=1)
    tail = "out of the seat's turn (a new or returning player's post): PHH has no such post"
    args = ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out", str(tmp_path / "phh")]
    done = CliRunner().invoke(main, args)
    with connect(tmp_path / "wh") as con:
        hand_of = dict(con.execute("select distinct game_id, hand_id from holdem_results").fetchall())
    # in the order played: 7 August 2010, 25 April 2011, 30 December 2011
    played = ", ".join({hand: game for game, hand in hand_of.items()}[hand]
                       for hand in ("9507514114", "10398176832", "11253035050"))
    assert done.exit_code == 1     # no hand written
    assert done.stdout == (f"0 hands written to {tmp_path / 'phh'} as PHH\n"
                           f"  not written      3 × a player posts a blind {tail} (games {played})\n"
                           "  --json gives each hand's game ID and whole reason\n")
    told = json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)
    assert {hand_of[game]: why for game, why in told["skipped"].items()} == {
        "10398176832": f"Player1 posts sb {tail}", "11253035050": f"Player5 posts dead {tail}",
        "9507514114": f"Player8 posts bb {tail}"}
