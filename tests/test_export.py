"""rasklad export: stored Hold'em hands written as PHH and OHH.

pokerkit, the PHH reference implementation, loads every exported PHH file and replays it; its
finishing stacks must be the starting stacks plus the generator's own nets. Exported files
read back by Rasklad's ingest give the same nets. Every OHH file validates against the schema.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
import warnings
from collections import Counter
from decimal import ROUND_DOWN, Decimal
from pathlib import Path

import jsonschema
import pokerkit
import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.export import export, phh_text, stored_hands
from pipeline.generators.holdem import generate_hands
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.conftest import SAMPLES, made_once
from tests.holdem_helpers import pokerkit_chip_stacks
from tests.test_phh import HANDHQ_UNKNOWN_STACKS, SIDE_POT, SIDE_POT_NETS, UNKNOWN_STACKS_NETS

ROOT = Path(__file__).resolve().parents[1]
OHH_SCHEMA = json.loads((ROOT / "docs" / "ohh.schema.json").read_text())
D = Decimal


def cents_divmod(amount, count):
    """A pot shared in whole cents, the odd cents to the first winners (PokerStars' way; pokerkit's
    own divmod shares a Decimal exactly, in fractions of a cent)."""
    each = (D(amount) / count).quantize(D("0.01"), rounding=ROUND_DOWN)
    return each, D(amount) - each * count


def pokerkit_stacks(text: str) -> list[Decimal]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [D(s) for s in list(pokerkit.HandHistory.loads(text, divmod=cents_divmod))[-1].stacks]


def generated(folder: Path, seed: int, count: int, **options) -> dict[tuple[str, str], Decimal]:
    """Write generated PokerStars hands into ``folder``; the generator's nets by (hand ID, player)."""
    folder.mkdir(parents=True, exist_ok=True)
    truth, texts = {}, []
    for text, nets in generate_hands("holdem", count=count, seed=seed, **options):
        hand_id = text.split("#", 1)[1].split(":", 1)[0]
        truth.update({(hand_id, player): net for player, net in nets.items()})
        texts.append(text)
    (folder / f"holdem-{seed}.txt").write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")
    return truth


def stored_nets(warehouse: Path) -> dict[tuple[str, str], Decimal]:
    with connect(warehouse) as con:
        return {(h, p): net for h, p, net in con.execute("select hand_id, player, net from holdem_results").fetchall()}


@pytest.mark.parametrize("betting", ["no_limit", "limit"])
def test_export_phh_pokerkit_replays_every_hand_to_the_stored_nets(tmp_path, betting):
    # no rake: pokerkit's replay knows none
    truth = generated(tmp_path / "logs", seed=11, count=60, betting=betting, rake=0, straddle=0.1, allin=0.05,
                      short_stacks=0.1)
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        summary = export(con, "phh", tmp_path / "phh")
        starts = {(h, p): s for h, p, s in con.execute(
            "select hand_id, player, stack_start from holdem_results").fetchall()}
    assert len(summary.written) == 60 and summary.skipped == {}
    for path in summary.written:
        text = path.read_text()
        fields = tomllib.loads(text, parse_float=Decimal)
        expected = [starts[(fields["hand"], p)] + truth[(fields["hand"], p)] for p in fields["players"]]
        assert pokerkit_stacks(text) == expected, path.name
        assert [D(s) for s in fields["finishing_stacks"]] == expected


@pytest.mark.parametrize("betting", ["no_limit", "limit"])
def test_export_phh_then_ingest_gives_the_same_nets_rake_included(tmp_path, betting):
    truth = generated(tmp_path / "logs", seed=12, count=60, betting=betting, straddle=0.1, allin=0.05)
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        summary = export(con, "phh", tmp_path / "phh")
    assert len(summary.written) == 60
    back = ingest([tmp_path / "phh"], tmp_path / "back", jobs=1)
    assert (back.games, back.quarantined, back.findings) == (60, 0, 0)
    assert stored_nets(tmp_path / "back") == truth
    with connect(tmp_path / "back") as con:
        assert con.execute("select distinct site from games").fetchall() == [("PokerStars",)]
    with connect(tmp_path / "wh") as a, connect(tmp_path / "back") as b:
        query = "select hand_id, player, position, invested, collected, rake from holdem_results order by all"
        assert a.execute(query).fetchall() == b.execute(query).fetchall()
        # the cards shown go to the showdown, and a pot is taken on the street where it was won, as in
        # the text (which writes a collect line per pot where PHH states a total per player)
        for action in ("show", "collect"):
            query = f"select distinct hand_id, street, player from holdem_actions where action = '{action}' order by all"
            rows = a.execute(query).fetchall()
            assert rows and b.execute(query).fetchall() == rows, action


def test_export_phh_leaves_out_pot_limit_hands_saying_why(tmp_path):
    generated(tmp_path / "logs", seed=14, count=3, betting="pot_limit")
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        summary = export(con, "phh", tmp_path / "phh")
    assert summary.written == []
    assert list(summary.skipped.values()) == ["PHH has no pot-limit Hold'em variant"] * 3


def test_export_of_a_phh_hand_writes_it_back_as_pokerkit_reads_it(tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "side-pot.phh").write_text(SIDE_POT)
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        (hand,) = stored_hands(con)
    text = phh_text(hand)
    fields = tomllib.loads(text)
    assert fields["players"] == ["Anna", "Boris", "Vera", "Dasha"]
    assert fields["blinds_or_straddles"] == [5, 10, 20, 0] and fields["antes"] == [1, 1, 1, 1]
    assert fields["finishing_stacks"] == [80, 201, 179, 200]
    assert pokerkit_stacks(text) == [D(80), D(201), D(179), D(200)]
    assert {p.player: p.net for p in hand.players} == SIDE_POT_NETS


def test_export_ohh_validates_against_the_schema_and_states_the_pot(tmp_path):
    generated(tmp_path / "logs", seed=13, count=40, betting="no_limit", straddle=0.1, allin=0.05)
    (tmp_path / "logs" / "dwan-ivey.phh").write_text(
        (ROOT / "tests" / "fixtures" / "phh" / "dwan-ivey-2009.phh").read_text())
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        summary = export(con, "ohh", tmp_path / "ohh")
        won_by_hand = dict(con.execute("select any_value(hand_id), any_value(total_pot - rake) from holdem_results "
                                       "group by game_id").fetchall())
    assert len(summary.written) == 41
    validator = jsonschema.Draft202012Validator(OHH_SCHEMA)
    for path in summary.written:
        document = json.loads(path.read_text())
        errors = [error.message for error in validator.iter_errors(document)]
        assert errors == [], path.name
        hand = document["ohh"]
        won = sum(D(str(w["win_amount"])) for pot in hand["pots"] for w in pot["player_wins"])
        assert won == won_by_hand[hand["game_number"]], path.name
    (dwan,) = [json.loads(p.read_text())["ohh"] for p in summary.written
               if "Tom Dwan" in p.read_text()]
    ids = {p["name"]: p["id"] for p in dwan["players"]}
    turn = next(r for r in dwan["rounds"] if r["street"] == "Turn")
    # Dwan calls Ivey's all-in with his last 262,400 (495,000 behind at the turn, 232,600 in)
    assert turn["actions"][-1] == {"action_number": turn["actions"][-1]["action_number"],
                                   "player_id": ids["Tom Dwan"], "action": "Call", "amount": 262400.0,
                                   "is_allin": True}
    assert dwan["pots"][0]["player_wins"] == [{"player_id": ids["Tom Dwan"], "win_amount": 1109500.0}]
    assert next(r for r in dwan["rounds"] if r["street"] == "Flop")["cards"] == ["Jc", "3d", "5c"]


def test_rasklad_export_selects_by_player_and_by_game(tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "side-pot.phh").write_text(SIDE_POT)
    (tmp_path / "logs" / "dwan-ivey.phh").write_text(
        (ROOT / "tests" / "fixtures" / "phh" / "dwan-ivey-2009.phh").read_text())
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    run = CliRunner().invoke
    result = run(main, ["export", "--format", "phh", "--player", "Tom Dwan", "-w", str(tmp_path / "wh"),
                        "--out", str(tmp_path / "dwan"), "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    (written,) = json.loads(result.stdout)["written"]
    assert "Tom Dwan" in Path(written).read_text()
    game_id = Path(written).name.removesuffix(".phh")
    result = run(main, ["export", "--format", "ohh", "--game", game_id, "-w", str(tmp_path / "wh"),
                        "--out", str(tmp_path / "one")], catch_exceptions=False)
    assert result.exit_code == 0 and "1 hand written" in result.output
    assert [p.name for p in (tmp_path / "one").iterdir()] == [f"{game_id}.ohh.json"]
    result = run(main, ["export", "--format", "phh", "--player", "Nobody", "-w", str(tmp_path / "wh")])
    assert result.exit_code == 1 and "No stored game has a player 'Nobody'" in result.output
    # a game is named by the start of its ID, as `rasklad show` takes it
    result = run(main, ["export", "--format", "phh", "--game", game_id[:6], "-w", str(tmp_path / "wh"),
                        "--out", str(tmp_path / "short")], catch_exceptions=False)
    assert result.exit_code == 0 and [p.name for p in (tmp_path / "short").iterdir()] == [f"{game_id}.phh"]
    # nothing to write is an error, and leaves no empty folder; nor is a folder it cannot make a traceback
    ingest([SAMPLES / "raspisnoy-night.txt"], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        other, = con.execute("select game_id from games where game = 'raspisnoy' limit 1").fetchone()
    result = run(main, ["export", "--format", "phh", "--game", other, "-w", str(tmp_path / "wh"),
                        "--out", str(tmp_path / "none")])
    assert (result.exit_code, result.stderr) == (1, (f"Error: Game {other} is not a Hold'em hand.\n  Only Hold'em "
                                                    "hands are exported; `rasklad show GAME_ID` tells a game's kind "
                                                    "and players.\n"))
    assert not (tmp_path / "none").exists()
    (tmp_path / "a-file").write_text("")
    inside = tmp_path / "a-file" / "hands"
    result = run(main, ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out", str(inside)])
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: Cannot write the hands to {str(inside)!r}: "
                                                             "Not a directory")


@pytest.fixture(scope="module")
def real_pokerstars(tmp_path_factory) -> Path:
    """The real PokerStars corpus ingested once a test run for the tests that export it (it takes seconds)."""
    from tests.conftest import corpus

    logs = corpus("pokerstars")     # (skips here, where the corpus is absent)

    def ingest_it(folder: Path) -> None:
        ingest([logs], folder / "wh", jobs=1)

    return made_once(tmp_path_factory, "test_export-pokerstars", ingest_it) / "wh"


def test_export_phh_of_real_pokerstars_hands_loads_in_pokerkit_to_the_stored_nets(tmp_path, real_pokerstars):
    with connect(real_pokerstars) as con:
        summary = export(con, "phh", tmp_path / "phh")
        rakes = dict(con.execute("select game_id, any_value(rake) from holdem_results group by game_id").fetchall())
        # a hand whose log breaks a rule keeps the log's result, which pokerkit's rules do not reach either
        broken = {row[0] for row in con.execute("select game_id from games where count_errors > 0").fetchall()}
    assert len(summary.written) >= 300
    # what PHH cannot state is left out, each hand with its reason
    assert all(("PHH" in why) for why in summary.skipped.values()), summary.skipped
    checked = 0
    for path in summary.written:
        if path.name.removesuffix(".phh") in broken:
            continue
        checked += 1
        text = path.read_text()
        fields = tomllib.loads(text, parse_float=Decimal)
        want = [D(s) for s in fields["finishing_stacks"]]
        got = pokerkit_stacks(text) if fields.get("currency") else pokerkit_chip_stacks(text)
        rake = rakes[path.name.removesuffix(".phh")]
        if rake == 0:
            assert got == want, path.name
        else:   # pokerkit takes no rake: the winners end with the rake more, nobody else differs
            gained = [g - w for g, w in zip(got, want)]
            assert sum(gained) == rake and all(x == 0 or D(c) > 0 for x, c in zip(gained, fields["winnings"])) \
                and min(gained) >= 0, path.name
    assert checked >= 300


# The HandHQ hand of unknown stacks with p1's and p6's recorded: 100 and 50. p1 takes the pot of 14
# (+9), p6 puts in 4; the others' chips stay unknown.
SOME_STACKS_KNOWN = HANDHQ_UNKNOWN_STACKS.replace("[inf, inf, inf, inf, inf, inf]", "[100, inf, inf, inf, inf, 50]")


def _ingested_some_stacks_known(folder: Path) -> None:
    (folder / "logs").mkdir()
    (folder / "logs" / "hand.phh").write_text(SOME_STACKS_KNOWN)
    ingest([folder / "logs"], folder / "wh", jobs=1)


@pytest.fixture(scope="module")
def some_stacks_known(tmp_path_factory) -> Path:
    """A warehouse of SOME_STACKS_KNOWN, ingested once a test run for the tests that export it."""
    return made_once(tmp_path_factory, "test_export-some_stacks_known", _ingested_some_stacks_known) / "wh"


def _exported(warehouse: Path, tmp_path: Path, fmt: str):
    with connect(warehouse) as con:
        return export(con, fmt, tmp_path / fmt)


def test_export_phh_writes_an_unknown_stack_inf_and_pokerkit_replays_the_known_ones(
        some_stacks_known, tmp_path):
    summary = _exported(some_stacks_known, tmp_path, "phh")
    assert summary.skipped == {}
    (path,) = summary.written
    text = path.read_text()
    fields = tomllib.loads(text, parse_float=Decimal)
    assert fields["players"] == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert "starting_stacks = [100, inf, inf, inf, inf, 50]" in text.split("\n")
    finishing = [D(100 + 9), D("Infinity"), D("Infinity"), D("Infinity"), D("Infinity"), D(50 - 4)]
    assert [D(s) for s in fields["finishing_stacks"]] == finishing
    # pokerkit plays the file: the known stacks end as stored, the unknown ones stay inf
    assert pokerkit_stacks(text) == finishing
    # and Rasklad reads it back to the same nets, the unknown stacks still unknown
    back = ingest([path], tmp_path / "back", jobs=1)
    assert (back.games, back.quarantined, back.findings) == (1, 0, 0)
    with connect(tmp_path / "back") as con:
        rows = con.execute("select player, stack_start, net from holdem_results order by player").fetchall()
    assert rows == [(p, {"p1": D(100), "p6": D(50)}.get(p), net) for p, net in sorted(UNKNOWN_STACKS_NETS.items())]


def test_export_ohh_refuses_an_unknown_stack_saying_why(tmp_path, some_stacks_known):
    summary = _exported(some_stacks_known, tmp_path, "ohh")
    assert summary.written == []
    assert list(summary.skipped.values()) == [
        ("the log does not state a player's chips at the start: OHH needs every player's starting stack, a number, "
         "and has no way to say it is unknown (PHH writes it inf)")]


# Heads-up, checked to the turn, all in on it: nobody acts on the river, whose card is dealt all the same.
TURN_ALLIN = """PokerStars Hand #301:  Hold'em No Limit ($0.10/$0.25 USD) - 2021/03/07 21:29:31 ET
Table 'Vesta' 6-max Seat #1 is the button
Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Anna: posts small blind $0.10
Boris: posts big blind $0.25
*** HOLE CARDS ***
Anna: calls $0.15
Boris: checks
*** FLOP *** [2c 7s 9d]
Boris: checks
Anna: checks
*** TURN *** [2c 7s 9d] [Jc]
Boris: bets $9.75 and is all-in
Anna: calls $9.75 and is all-in
*** RIVER *** [2c 7s 9d Jc] [3h]
*** SHOW DOWN ***
Boris: shows [Kh Kd] (a pair of Kings)
Anna: shows [Ah Ad] (a pair of Aces)
Anna collected $20 from pot
*** SUMMARY ***
Total pot $20 | Rake $0
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) (small blind) showed [Ah Ad] and won ($20) with a pair of Aces
Seat 2: Boris (big blind) showed [Kh Kd] and lost with a pair of Kings
"""


def _ohh_rounds(path: Path) -> list[tuple]:
    document = json.loads(path.read_text())
    assert [error.message for error in jsonschema.Draft202012Validator(OHH_SCHEMA).iter_errors(document)] == []
    rounds = document["ohh"]["rounds"]
    numbers = [action["action_number"] for entry in rounds for action in entry["actions"]]
    assert numbers == list(range(1, len(numbers) + 1)), path.name
    assert [entry["id"] for entry in rounds] == list(range(len(rounds)))
    return [(entry["street"], entry.get("cards"), [a["action"] for a in entry["actions"]]) for entry in rounds]


def test_export_ohh_writes_every_street_dealt_with_its_cards_after_an_all_in(tmp_path):
    """A street's round was made by its first action only: an all-in on the turn lost the river
    card, and one before the flop the whole board."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "turn.txt").write_text(TURN_ALLIN)
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        (path,) = export(con, "ohh", tmp_path / "ohh").written
    assert _ohh_rounds(path) == [
        ("Preflop", None, ["Dealt Cards", "Dealt Cards", "Post SB", "Post BB", "Call", "Check"]),
        ("Flop", ["2c", "7s", "9d"], ["Check", "Check"]),
        ("Turn", ["Jc"], ["Bet", "Call"]),
        ("River", ["3h"], []),
        ("Showdown", None, ["Shows Cards", "Shows Cards"]),
    ]


def test_export_ohh_of_a_real_hand_all_in_before_the_flop_writes_its_board(tmp_path):
    from tests.conftest import corpus

    hand = corpus("pokerstars", "fpdb-cash", "Flop", "NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt")
    ingest([hand], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        (path,) = export(con, "ohh", tmp_path / "ohh").written
    rounds = _ohh_rounds(path)
    assert [(street, cards) for street, cards, _ in rounds] == [
        ("Preflop", None), ("Flop", ["3d", "7h", "Kh"]), ("Turn", ["Ts"]), ("River", ["5c"]), ("Showdown", None)]
    assert [actions for street, _, actions in rounds if street in ("Flop", "Turn", "River")] == [[], [], []]
    assert rounds[-1][2] == ["Shows Cards", "Shows Cards"]


def test_export_leaves_out_a_hand_run_twice_in_both_formats_saying_why(tmp_path):
    """OHH wrote the first board only, and each player's show twice."""
    from tests.test_holdem_engine import RUN_TWICE

    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "twice.txt").write_text(RUN_TWICE)
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        for fmt in ("ohh", "phh"):
            summary = export(con, fmt, tmp_path / fmt)
            assert summary.written == [] and list(summary.skipped.values()) == [
                f"the hand was run twice: {fmt.upper()} states one board"], fmt


def test_export_phh_says_the_time_is_utc_where_the_log_named_its_zone_and_pokerkit_reads_it(tmp_path):
    """PokerStars' 21:29:31 ET of 7 March 2021 is stored 02:29:31 UTC the next day: the PHH file
    said the time without its zone, which a reader takes as local. A PHH hand dated without a zone
    keeps its time as written, and is written again without one."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "turn.txt").write_text(TURN_ALLIN)
    (logs / "no-zone.phh").write_text(SIDE_POT + "year = 2021\nmonth = 3\nday = 7\ntime = 21:29:31\n")
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        written = {path.read_text().count("\ntime_zone"): path for path in export(con, "phh", tmp_path / "phh").written}
        stored = dict(con.execute("select hand_id, played_at from holdem_results join games using (game_id)").fetchall())
    stars, local = tomllib.loads(written[1].read_text()), tomllib.loads(written[0].read_text())
    assert (stars["time_zone"], str(stars["time"]), stars["day"], stars["month"], stars["year"]) == (
        "UTC", "02:29:31", 8, 3, 2021)
    assert "time_zone" not in local and str(local["time"]) == "21:29:31"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hand = pokerkit.HandHistory.loads(written[1].read_text(), divmod=cents_divmod)
    assert (hand.time_zone, str(hand.time), hand.day) == ("UTC", "02:29:31", 8)
    # and Rasklad reads both back to the times it stored
    ingest(list(written.values()), tmp_path / "back", jobs=1)
    with connect(tmp_path / "back") as con:
        assert dict(con.execute("select hand_id, played_at from holdem_results join games using (game_id)")
                    .fetchall()) == stored


def test_export_names_the_short_deck_and_raked_side_pot_hands_it_leaves_out(tmp_path):
    """The samples' Short Deck hands were left out without a word, and their IDs answered "not a
    Hold'em hand". A hand whose room raked its side pot came back from PHH with the rake from the
    main pot: the samples' hand 250000000002 (main pot 60 less the rake of 2, side pot 60) is
    written; the same hand with the rake taken 1 from each pot (59 and 59) is not, as PHH, and is
    as OHH, which states each pot's rake."""
    from pipeline.cli import main

    samples = (ROOT / "data" / "samples" / "pokerstars-holdem.txt").read_text()
    hand = next(text for text in samples.split("\n\n") if text.startswith("PokerStars Hand #250000000002:"))
    raked_both = hand.replace("Main pot $58. Side pot $60.", "Main pot $59. Side pot $59.")
    raked_both = (raked_both.replace("Hand #250000000002", "Hand #250000000902")
                  .replace("$60 from side pot", "$59 from side pot").replace("$58 from main pot", "$59 from main pot")
                  .replace("won ($58)", "won ($59)").replace("won ($60)", "won ($59)"))
    assert "Main pot $59. Side pot $59." in raked_both
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "samples.txt").write_text(samples)
    (logs / "raked.txt").write_text(raked_both)
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        def games(where: str) -> set[str]:
            return {row[0] for row in con.execute(f"select distinct game_id from holdem_results where {where}").fetchall()}

        short_deck = {row[0] for row in con.execute("select game_id from games where game = 'holdem36'").fetchall()}
        for fmt in ("phh", "ohh"):
            summary = export(con, fmt, tmp_path / fmt)
            assert len(short_deck) == 2 and {summary.skipped[g] for g in short_deck} == {
                f"a Short Deck (36-card) hand: the export writes {fmt.upper()} for 52-card Hold'em only"}
            raked_both_id = games("hand_id = '250000000902'")
            if fmt == "phh":
                assert [summary.skipped[g] for g in raked_both_id] == [
                    "the room raked the side pots of this hand: PHH states the winnings and one rake, and a "
                    "replay takes the rake from the main pot, not from the pots as the log did"]
            else:   # OHH states each pot's rake: Anna 50, Boris 20, Vera 50 make a main pot of 60 and a side pot of 60
                (ohh,) = [json.loads(p.read_text())["ohh"] for p in summary.written if p.name.startswith(*raked_both_id)]
                names = {p["id"]: p["name"] for p in ohh["players"]}
                assert [(pot["number"], pot["amount"], pot["rake"],
                         [(names[w["player_id"]], w["win_amount"]) for w in pot["player_wins"]]) for pot in ohh["pots"]] \
                    == [(0, 60, 1, [("Boris", 59)]), (1, 60, 1, [("Vera", 59)])]
            assert not games("hand_id = '250000000002'") & set(summary.skipped)
    one = CliRunner().invoke(main, ["export", "--format", "phh", "--game", sorted(short_deck)[0][:8],
                                    "--out", str(tmp_path / "one"), "--warehouse", str(tmp_path / "wh")])
    assert "Short Deck" in one.output and "is not a Hold'em hand" not in one.output, one.output


# An ante table: PokerStars posts the blinds, then the antes from the small blind on. Anna (button)
# raises to 0.30, Boris (small blind) folds, Vera (big blind) calls; Anna bets 0.40 on the flop and
# Vera calls; checked down. Vera shows her aces, Anna mucks her queens (the summary names them).
# Pot: antes 0.06 + Boris' 0.05 + 0.30 x 2 + 0.40 x 2 = 1.51, all Vera's.
MUCKED_AT_AN_ANTE_TABLE = """PokerStars Hand #302:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/03/07 21:29:31 ET
Table 'Mora IV' 6-max Seat #1 is the button
Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Seat 3: Vera ($10 in chips)
Boris: posts small blind $0.05
Vera: posts big blind $0.10
Boris: posts the ante $0.02
Vera: posts the ante $0.02
Anna: posts the ante $0.02
*** HOLE CARDS ***
Dealt to Anna [Qh Qd]
Anna: raises $0.20 to $0.30
Boris: folds
Vera: calls $0.20
*** FLOP *** [2c 7s 9d]
Vera: checks
Anna: bets $0.40
Vera: calls $0.40
*** TURN *** [2c 7s 9d] [Jc]
Vera: checks
Anna: checks
*** RIVER *** [2c 7s 9d Jc] [3h]
Vera: checks
Anna: checks
*** SHOW DOWN ***
Vera: shows [Ah Ad] (a pair of Aces)
Anna: mucks hand
Vera collected $1.51 from pot
*** SUMMARY ***
Total pot $1.51 | Rake $0
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) mucked [Qh Qd]
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Ah Ad] and won ($1.51) with a pair of Aces
"""
MUCKED_AT_AN_ANTE_TABLE_NETS = {"Anna": D("-0.72"), "Boris": D("-0.07"), "Vera": D("0.79")}


def _stored_fields(warehouse: Path) -> dict[str, dict]:
    """What a PHH round trip must keep of each stored hand (by hand ID): the forced bets in the order
    posted, each show or muck in order with its street (the showdown's, or a winner's after the
    others fold), the street and player of each pot taken (PHH states a total per player where a
    log may write a collect line per pot), and each player's net and cards."""
    with connect(warehouse) as con:
        actions = con.execute("select hand_id, street, player, action, amount, is_all_in from holdem_actions "
                              "order by hand_id, action_no").fetchall()
        results = con.execute("select hand_id, player, net, hole_cards from holdem_results").fetchall()
    hands: dict[str, dict] = {}
    for hand_id, street, player, action, amount, all_in in actions:
        hand = hands.setdefault(hand_id, {"posts": [], "showdown": [], "collects": set(), "players": {}})
        if action.startswith("post_"):
            hand["posts"].append((player, action, amount, all_in))
        elif action in ("show", "muck"):
            hand["showdown"].append((street, player, action))
        elif action == "collect":
            hand["collects"].add((street, player))
    for hand_id, player, net, cards in results:
        hands[hand_id]["players"][player] = (net, cards)
    return hands


RoundTrip = tuple[dict[str, dict], dict[str, dict], dict[str, str]]


def _round_trip(tmp_path: Path, logs: Path) -> RoundTrip:
    """The stored fields of the hands in ``logs``, and of the same hands exported as PHH and read
    back; and the text of each PHH file by hand ID."""
    ingest([logs], tmp_path / "wh", jobs=1)
    return _round_trip_of(tmp_path / "wh", tmp_path)


def _round_trip_of(warehouse: Path, tmp_path: Path) -> RoundTrip:
    """:func:`_round_trip` of the hands stored in ``warehouse``, exported and read back in ``tmp_path``."""
    with connect(warehouse) as con:
        summary = export(con, "phh", tmp_path / "phh")
    back = ingest([tmp_path / "phh"], tmp_path / "back", jobs=1)
    assert back.games == len(summary.written) and back.quarantined == 0
    texts = {tomllib.loads(path.read_text())["hand"]: path.read_text() for path in summary.written}
    return _stored_fields(warehouse), _stored_fields(tmp_path / "back"), texts


def _logged(tmp_path: Path, text: str) -> Path:
    (tmp_path / "logs").mkdir(parents=True)
    (tmp_path / "logs" / "hand.txt").write_text(text)
    return tmp_path / "logs"


@pytest.fixture(scope="module")
def mucked_round_trip(tmp_path_factory) -> RoundTrip:
    """:func:`_round_trip` of MUCKED_AT_AN_ANTE_TABLE, made once a test run for the tests that read it
    (two ingests), its fields and texts read back from the folder it wrote."""
    folder = made_once(tmp_path_factory, "test_export-mucked",
                       lambda folder: _round_trip(folder, _logged(folder, MUCKED_AT_AN_ANTE_TABLE)))
    texts = {tomllib.loads(path.read_text())["hand"]: path.read_text() for path in (folder / "phh").iterdir()}
    return _stored_fields(folder / "wh"), _stored_fields(folder / "back"), texts


def test_export_phh_writes_a_muck_of_known_cards_as_a_muck_and_reads_it_back_so(mucked_round_trip):
    """Anna's muck was written "p3 sm QhQd", a show, and read back as one."""
    before, after, texts = mucked_round_trip
    actions = tomllib.loads(texts["302"])["actions"]
    # her cards stay in her deal; at the showdown she mucks, PHH's "sm" without cards
    assert "d dh p3 QhQd" in actions and actions[-2:] == ["p2 sm AhAd", "p3 sm"]
    assert pokerkit_stacks(texts["302"]) == [D("9.93"), D("10.79"), D("9.28")]
    assert before["302"]["showdown"] == after["302"]["showdown"] == [("showdown", "Vera", "show"),
                                                                     ("showdown", "Anna", "muck")]
    assert after["302"]["players"] == before["302"]["players"]
    assert {player: net for player, (net, _) in after["302"]["players"].items()} == MUCKED_AT_AN_ANTE_TABLE_NETS
    assert after["302"]["players"]["Anna"][1] == "Qh Qd"


def test_export_phh_states_the_order_the_log_posted_the_forced_bets_in(tmp_path, mucked_round_trip):
    """PHH posts the antes before the blinds: a log that posts the blinds first came back with its
    posts reordered. The export writes the log's order (_posting_order) where it is not PHH's."""
    before, after, texts = mucked_round_trip
    fields = tomllib.loads(texts["302"])
    assert fields["antes"] == [0.02, 0.02, 0.02] and fields["blinds_or_straddles"] == [0.05, 0.1, 0]
    assert fields["_posting_order"] == ["p1 blind", "p2 blind", "p1 ante", "p2 ante", "p3 ante"]
    assert [(player, action) for player, action, _, _ in after["302"]["posts"]] == [
        ("Boris", "post_sb"), ("Vera", "post_bb"), ("Boris", "post_ante"), ("Vera", "post_ante"),
        ("Anna", "post_ante")]
    assert after["302"]["posts"] == before["302"]["posts"]
    # a log that posts in PHH's order needs no such field
    tournament_order = MUCKED_AT_AN_ANTE_TABLE.replace(
        "Boris: posts small blind $0.05\nVera: posts big blind $0.10\n", "").replace(
        "Anna: posts the ante $0.02\n", "Anna: posts the ante $0.02\nBoris: posts small blind $0.05\n"
                                        "Vera: posts big blind $0.10\n")
    before, after, texts = _round_trip(tmp_path / "again", _logged(tmp_path / "again", tournament_order))
    assert "_posting_order" not in tomllib.loads(texts["302"])
    assert after["302"]["posts"] == before["302"]["posts"]


# The ante table's hand, Anna's raise unanswered: Boris and Vera fold, 0.20 of her 0.30 comes back,
# and she takes antes 0.06 + Boris' 0.05 + Vera's 0.10 + her 0.10 = 0.31 without showing.
NOT_SHOWN_AFTER_THE_FOLDS = MUCKED_AT_AN_ANTE_TABLE[:MUCKED_AT_AN_ANTE_TABLE.index("Vera: calls $0.20")] + """\
Vera: folds
Uncalled bet ($0.20) returned to Anna
Anna collected $0.31 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $0.31 | Rake $0
Seat 1: Anna (button) collected ($0.31)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) folded before Flop
"""


def test_export_phh_keeps_a_winners_not_showing_after_the_others_fold(tmp_path):
    """Anna's "doesn't show hand", once the others folded, was not written and read back as no
    action. PHH has no action for it (pokerkit ends the hand at the last fold and takes a show of
    all the cards there, no muck), so Rasklad's own field _not_shown names her."""
    before, after, texts = _round_trip(tmp_path, _logged(tmp_path, NOT_SHOWN_AFTER_THE_FOLDS))
    fields = tomllib.loads(texts["302"])
    assert fields["_not_shown"] == ["p3"] and fields["actions"][-2:] == ["p1 f", "p2 f"]
    hand = pokerkit.HandHistory.loads(texts["302"])
    assert hand.user_defined_fields["_not_shown"] == ["p3"]
    assert pokerkit_stacks(texts["302"]) == [D("9.93"), D("9.88"), D("10.19")]
    # read back: her muck on the street the others folded on, after what she collected, as logged
    assert before["302"]["showdown"] == after["302"]["showdown"] == [("preflop", "Anna", "muck")]
    assert after["302"]["collects"] == {("preflop", "Anna")}
    assert {player: net for player, (net, _) in after["302"]["players"].items()} == {
        "Anna": D("0.19"), "Boris": D("-0.07"), "Vera": D("-0.12")}
    with connect(tmp_path / "back") as con:
        assert con.execute("select action from holdem_actions where hand_id = '302' order by action_no desc "
                           "limit 2").fetchall() == [("muck",), ("collect",)]
    # a show then is PHH's own, and stays one
    shows = NOT_SHOWN_AFTER_THE_FOLDS.replace("Anna: doesn't show hand", "Anna: shows [Qh Qd] (a pair of Queens)")
    before, after, texts = _round_trip(tmp_path / "shows", _logged(tmp_path / "shows", shows))
    assert "_not_shown" not in tomllib.loads(texts["302"]) and tomllib.loads(texts["302"])["actions"][-1] == \
        "p3 sm QhQd"
    assert before["302"]["showdown"] == after["302"]["showdown"] == [("preflop", "Anna", "show")]


# The ante table's hand, Anna (not the hero: her cards are not dealt to the log) showing one queen of
# her two after Vera's aces; the summary says she mucked it. Nets as before.
ONE_CARD_SHOWN = MUCKED_AT_AN_ANTE_TABLE.replace("Dealt to Anna [Qh Qd]\n", "").replace(
    "Anna: mucks hand", "Anna: shows [Qh]").replace("mucked [Qh Qd]", "mucked [Qh]")


def test_export_phh_writes_one_card_shown_of_two_with_the_other_unknown(tmp_path):
    """Anna's one card shown was written "p3 sm ????", no show, and read back as no action."""
    before, after, texts = _round_trip(tmp_path, _logged(tmp_path, ONE_CARD_SHOWN))
    actions = tomllib.loads(texts["302"])["actions"]
    assert "d dh p3 ????" in actions and actions[-2:] == ["p2 sm AhAd", "p3 sm Qh??"]
    assert pokerkit_stacks(texts["302"]) == [D("9.93"), D("10.79"), D("9.28")]
    assert before["302"]["showdown"] == after["302"]["showdown"] == [("showdown", "Vera", "show"),
                                                                     ("showdown", "Anna", "show")]
    assert after["302"]["players"] == before["302"]["players"]
    assert after["302"]["players"]["Anna"] == (D("-0.72"), None)     # (one card is no hole cards to store)
    with connect(tmp_path / "back") as con:
        (hand,) = stored_hands(con)
    assert hand.shown == {"Vera": ("Ah", "Ad"), "Anna": ("Qh",)}
    # the hero's one card shown of the two dealt to him: the other stays in his deal
    hero = ONE_CARD_SHOWN.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nDealt to Anna [Qh Qd]\n")
    before, after, texts = _round_trip(tmp_path / "hero", _logged(tmp_path / "hero", hero))
    actions = tomllib.loads(texts["302"])["actions"]
    assert "d dh p3 QhQd" in actions and actions[-1] == "p3 sm Qh??"
    assert pokerkit_stacks(texts["302"]) == [D("9.93"), D("10.79"), D("9.28")]
    assert after["302"] == before["302"]


def _ohh_exported(tmp_path: Path, logs: Path) -> dict[str, dict]:
    """The hands in ``logs`` exported as OHH, each file valid by the schema, by hand ID."""
    ingest([logs], tmp_path / "wh", jobs=1)
    return _ohh_of(tmp_path / "wh", tmp_path / "ohh")


def _ohh_of(warehouse: Path, out: Path) -> dict[str, dict]:
    """:func:`_ohh_exported` of the hands stored in ``warehouse``, written into ``out``."""
    with connect(warehouse) as con:
        summary = export(con, "ohh", out)
    assert summary.skipped == {}
    for path in summary.written:
        _ohh_rounds(path)   # (valid by the schema, its actions and rounds numbered in order)
    return {hand["game_number"]: hand for hand in (json.loads(path.read_text())["ohh"] for path in summary.written)}


def _ohh_cards(hand: dict, street: str) -> list[tuple]:
    """(player name, action, cards) of each action on ``street`` that states cards."""
    names = {p["id"]: p["name"] for p in hand["players"]}
    return [(names[a["player_id"]], a["action"], a["cards"]) for entry in hand["rounds"] if entry["street"] == street
            for a in entry["actions"] if "cards" in a]


def test_export_ohh_writes_one_card_shown_of_two_with_the_other_unknown(tmp_path):
    """Anna's one card shown was written "Shows Cards" without a card. OHH writes an unknown card
    "??": her show is her queen and "??", as PHH's "p3 sm Qh??" (the hero's, 303, too: his other card
    stays in his deal)."""
    hero = ONE_CARD_SHOWN.replace("Hand #302", "Hand #303").replace(
        "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nDealt to Anna [Qh Qd]\n")
    logs = _logged(tmp_path, ONE_CARD_SHOWN + "\n\n" + hero)
    hands = _ohh_exported(tmp_path, logs)
    for hand_id in ("302", "303"):
        assert _ohh_cards(hands[hand_id], "Showdown") == [("Vera", "Shows Cards", ["Ah", "Ad"]),
                                                          ("Anna", "Shows Cards", ["Qh", "??"])], hand_id
    assert _ohh_cards(hands["302"], "Preflop") == [("Vera", "Dealt Cards", ["Ah", "Ad"])]
    assert _ohh_cards(hands["303"], "Preflop") == [("Anna", "Dealt Cards", ["Qh", "Qd"]),
                                                   ("Vera", "Dealt Cards", ["Ah", "Ad"])]


# The ante table's hand won when the others fold, Anna (not the hero) showing one queen of her two
# after she takes the pot. Nets as there: Anna +0.19, Boris -0.07, Vera -0.12.
ONE_CARD_SHOWN_AFTER_THE_FOLDS = NOT_SHOWN_AFTER_THE_FOLDS.replace("Dealt to Anna [Qh Qd]\n", "").replace(
    "Anna: doesn't show hand", "Anna: shows [Qh]")


def test_export_writes_a_winners_one_card_show_after_the_others_fold_in_both_formats(tmp_path):
    """Anna's show of one card, once the others folded, was not written as PHH, and read back as no
    action; OHH wrote it without its card. pokerkit refuses "p3 sm Qh??" after the last fold (its
    hand is over, and it takes a show of all the cards there), so Rasklad's own field _shown_partly
    states it; OHH writes her queen and "??"."""
    before, after, texts = _round_trip(tmp_path, _logged(tmp_path, ONE_CARD_SHOWN_AFTER_THE_FOLDS))
    fields = tomllib.loads(texts["302"])
    assert fields["_shown_partly"] == ["p3 sm Qh??"] and "_not_shown" not in fields
    assert "d dh p3 ????" in fields["actions"] and fields["actions"][-2:] == ["p1 f", "p2 f"]
    hand = pokerkit.HandHistory.loads(texts["302"])
    assert hand.user_defined_fields["_shown_partly"] == ["p3 sm Qh??"]
    assert pokerkit_stacks(texts["302"]) == [D("9.93"), D("9.88"), D("10.19")]
    # read back: her show of the queen on the street the others folded on, as logged
    assert before["302"]["showdown"] == after["302"]["showdown"] == [("preflop", "Anna", "show")]
    assert before["302"]["collects"] == after["302"]["collects"] == {("preflop", "Anna")}
    assert after["302"]["players"] == before["302"]["players"]
    assert {player: net for player, (net, _) in after["302"]["players"].items()} == {
        "Anna": D("0.19"), "Boris": D("-0.07"), "Vera": D("-0.12")}
    with connect(tmp_path / "back") as con:
        (back,) = stored_hands(con)
    assert back.shown == {"Anna": ("Qh",)}
    # the hero's one card shown of the two dealt to him: the other stays in his deal, and his show is
    # of the queen alone (it was written as a show of both)
    hero = ONE_CARD_SHOWN_AFTER_THE_FOLDS.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nDealt to Anna [Qh Qd]\n")
    before, after, texts = _round_trip(tmp_path / "hero", _logged(tmp_path / "hero", hero))
    fields = tomllib.loads(texts["302"])
    assert "d dh p3 QhQd" in fields["actions"] and fields["actions"][-2:] == ["p1 f", "p2 f"]
    assert fields["_shown_partly"] == ["p3 sm Qh??"]
    assert pokerkit_stacks(texts["302"]) == [D("9.93"), D("9.88"), D("10.19")]
    assert after["302"] == before["302"]
    with connect(tmp_path / "hero" / "back") as con:
        (back,) = stored_hands(con)
    assert back.shown == {"Anna": ("Qh",)}
    # OHH: her show after the folds, her queen and "??" (its showdown round, as every show), from the
    # warehouse of the first round trip above, which holds that hand
    hands = _ohh_of(tmp_path / "wh", tmp_path / "ohh")
    assert _ohh_cards(hands["302"], "Showdown") == [("Anna", "Shows Cards", ["Qh", "??"])]
    assert _ohh_cards(hands["302"], "Preflop") == []


def test_export_phh_writes_an_all_in_muck_that_leaves_one_player_after_the_board(tmp_path):
    """Heads-up all in on the turn, Boris mucks his unknown cards before Anna shows her aces: his muck
    was written "p1 sm ????" (as his cards: pokerkit fails to deal the river to one player) and read
    back as no action. Written after the river's deal, where pokerkit plays the all-in's showdown,
    it stays a muck, and Anna's show after it. Anna takes the 20: stacks 0 (Boris) and 20."""
    mucked = TURN_ALLIN.replace("Boris: shows [Kh Kd] (a pair of Kings)", "Boris: mucks hand").replace(
        "Seat 2: Boris (big blind) showed [Kh Kd] and lost with a pair of Kings", "Seat 2: Boris (big blind) mucked")
    before, after, texts = _round_trip(tmp_path, _logged(tmp_path, mucked))
    actions = tomllib.loads(texts["301"])["actions"]
    assert actions[-6:] == ["d db Jc", "p1 cbr 9.75", "p2 cc", "d db 3h", "p1 sm", "p2 sm AhAd"]
    assert pokerkit_stacks(texts["301"]) == [D(0), D(20)]
    assert before["301"]["showdown"] == after["301"]["showdown"] == [("showdown", "Boris", "muck"),
                                                                     ("showdown", "Anna", "show")]
    assert after["301"]["players"] == before["301"]["players"]


def test_export_phh_of_real_hands_read_back_keeps_posts_showdown_pots_and_nets(tmp_path, real_pokerstars):
    """The real PokerStars corpus (and the other rooms' hands in it) exported and read back: each
    hand keeps its forced bets in the order posted, its nets and cards, and every show and muck in
    order with its street: the showdown's (a show of one card of two among them, and an all-in's
    muck that leaves one player, which was written as his cards, or lost where they were not known),
    or a winner's show or "doesn't show hand" after the others fold; and a PokerStars hand takes
    each pot on the street it took it on: the showdown, or the street where the others folded."""
    before, after, texts = _round_trip_of(real_pokerstars, tmp_path)
    with connect(real_pokerstars) as con:
        sites = dict(con.execute("select hand_id, any_value(site) from games join holdem_results using (game_id) "
                                 "group by hand_id").fetchall())
    assert len(after) >= 400
    mucks = not_shown = one_card = all_in_mucks = 0
    for hand_id, back in after.items():
        stored = before[hand_id]
        assert back["posts"] == stored["posts"], hand_id
        assert back["players"] == stored["players"], hand_id
        shown = stored["showdown"]
        won_on = {street for street, _ in back["collects"]}
        if sites[hand_id] != "PokerStars" and len(won_on) == 1 and won_on != {"showdown"}:
            # (Bovada, for one, has the winner show on the showdown's street when the others fold: PHH
            # has him show on the street they folded on, where he takes the pot)
            shown = [(*won_on, player, action) for _, player, action in shown]
        assert back["showdown"] == shown, hand_id
        actions = tomllib.loads(texts[hand_id])["actions"]
        mucks += ("muck", "showdown") in {(action, street) for street, _, action in stored["showdown"]}
        not_shown += any(street != "showdown" and action == "muck" for street, _, action in stored["showdown"])
        one_card += any(action.endswith("??") and " sm " in action for action in actions)
        # a muck after the board's deals: an all-in's showdown, before the board was dealt out
        all_in_mucks += any(action.endswith(" sm") and actions[k - 1].startswith("d db")
                            for k, action in enumerate(actions))
        if sites[hand_id] == "PokerStars":
            assert back["collects"] == stored["collects"], hand_id
    assert mucks >= 30 and not_shown >= 100 and one_card >= 1 and all_in_mucks >= 5


def _real_hand(name: str, number: str) -> str:
    """Hand ``number`` of the real PokerStars file ``name`` (fpdb's NL Hold'em cash corpus)."""
    from tests.conftest import corpus

    text = corpus("pokerstars", "fpdb-cash", "Flop", name).read_text(encoding="utf-8-sig").replace("\r", "")
    (hand,) = [chunk.strip() + "\n" for chunk in text.split("\n\n") if chunk.strip().startswith(
        f"PokerStars Game #{number}:")]
    return hand


def _edited(hand: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert hand.count(old) == 1, old
        hand = hand.replace(old, new)
    return hand


def test_export_ohh_of_a_disputed_hand_writes_the_logs_amounts_where_they_balance_else_says_why_not(tmp_path):
    """A hand with an error finding was written with the replay's pot (what the actions put in)
    and the log's wins: C06a's winner took 0.11 out of a pot of 0.10, and C01's disputed pot of
    4.60 was silently written 4.50. Real hands, each edited once (hand-worked):

    - C01: the summary's pot 4.50 made 4.60. The actions put in 4.50 (Gles65 0.90 + 1.30, Swiss777
      0.10, Hero 0.90 + 1.30, his 6 returned); Hero collects 4.30 and the rake is 0.20.
    - C06a: Player9's call after his dead small blind made 0.01 (it is 0.02): the actions put in
      0.10, the summary's pot and Player22's collect are 0.11.
    - C09: DSOR65's collect 5.15 made 5.25: the pot of 5.40 pays 5.25 and a rake of 0.25 (5.50).
    - C11: the rake 0.29 made 0.39: the pot of 6.02 pays Oswood's 5.73 and 0.39 (6.12).
    - C05: the pot given to rico4429's pair over Poptart74's two pair: the amounts agree (rico4429
      1.71, Poptart74 1.71, PokerMill100 0.20 put in 3.62; 3.45 won, 0.17 raked), so the hand is
      written as the log states it, rico4429 winning, and the command says it breaks a rule.
    """
    usd, eur = "NLHE-6max-USD-0.05-0.10-200911.txt", "NLHE-6max-EUR-0.05-0.10-200911.txt"
    cases = {
        "C01": _edited(_real_hand(usd, "35824396158"), ("Total pot $4.50 | Rake $0.20", "Total pot $4.60 | Rake $0.20")),
        "C06a": _edited(_real_hand("NLHE-FR-USD-0.01-0.02-201005.microgrind.txt", "22991200661"),
                        ("Player9: calls $0.02", "Player9: calls $0.01")),
        "C09": _edited(_real_hand(usd, "35824150484"),
                       ("DSOR65 collected $5.15 from pot", "DSOR65 collected $5.25 from pot")),
        "C11": _edited(_real_hand(eur, "35602204974"), ("Total pot €6.02 | Rake €0.29", "Total pot €6.02 | Rake €0.39")),
        "C05": _edited(_real_hand(eur, "35602127914"),
                       ("Poptart74 collected €3.45 from pot", "rico4429 collected €3.45 from pot")),
    }
    logs = tmp_path / "logs"
    logs.mkdir()
    for name, text in cases.items():
        (logs / f"{name}.txt").write_text(text, encoding="utf-8")
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        game_of = dict(con.execute("select distinct hand_id, game_id from holdem_results").fetchall())
        with_errors = {row[0] for row in con.execute("select game_id from games where count_errors > 0").fetchall()}
    game = {name: game_of[text.split("#", 1)[1].split(":", 1)[0]] for name, text in cases.items()}
    assert set(game.values()) == with_errors        # each edit is an error finding

    result = CliRunner().invoke(main, ["export", "--format", "ohh", "--out", str(tmp_path / "ohh"),
                                       "--warehouse", str(tmp_path / "wh")])
    assert result.exit_code == 0, result.output
    why = ("an OHH file states one pot, which the actions fill and the wins and the rake take, so no file of "
           "this hand would agree with itself (`rasklad show` gives the hand as logged)")
    refused = "the hand breaks a rule (rasklad audit lists it) and its log's amounts disagree: {}: " + why
    # one line for the four hands, not one each (a history's thousands): the first three played named
    # (their headers: C11 2009/11/20 7:20:46, C09 2009/11/25 6:22:38, C01 2009/11/25 6:34:37, C06a 2010/05/07)
    lines = [line.strip() for line in result.output.splitlines()]
    assert lines == [
        f"1 hand written to {tmp_path / 'ohh'} as OHH",
        f"written {game['C05']} as its log states it, though it breaks a rule (rasklad audit lists it): "
        "its pot, rake and wins are the log's, and they balance",
        "not written      4 × the hand breaks a rule (rasklad audit lists it) and its log's amounts disagree (the "
        f"summary's pot and what the actions put in, or the pot and the wins and the rake): {why} "
        f"(games {game['C11']}, {game['C09']}, {game['C01']} …)",
        "--json gives each hand's game ID and whole reason",
    ]
    as_json = CliRunner().invoke(main, ["export", "--format", "ohh", "--out", str(tmp_path / "ohh-json"),
                                        "--warehouse", str(tmp_path / "wh"), "--json"])
    told = json.loads(as_json.stdout)
    # --json keeps each hand's amounts
    assert (told["disputed"], told["skipped"]) == ([game["C05"]], {
        game["C01"]: refused.format("the summary's pot is 4.60 where the actions put in 4.50, and the pot of 4.60 "
                                    "pays 4.30 in wins and 0.20 in rake (4.50)"),
        game["C06a"]: refused.format("the summary's pot is 0.11 where the actions put in 0.10"),
        game["C09"]: refused.format("the pot of 5.40 pays 5.25 in wins and 0.25 in rake (5.50)"),
        game["C11"]: refused.format("the pot of 6.02 pays 5.73 in wins and 0.39 in rake (6.12)"),
    })
    (path,) = (tmp_path / "ohh").iterdir()
    document = json.loads(path.read_text())
    assert list(jsonschema.Draft202012Validator(OHH_SCHEMA).iter_errors(document)) == []
    hand = document["ohh"]
    ids = {p["name"]: p["id"] for p in hand["players"]}
    (pot,) = hand["pots"]
    assert (pot["amount"], pot["rake"], pot["player_wins"]) == (
        3.62, 0.17, [{"player_id": ids["rico4429"], "win_amount": 3.45}])
    # the file balances: what the actions put in is the pot, which the win and the rake take
    put_in = sum(D(str(a.get("amount", 0))) for r in hand["rounds"] for a in r["actions"])
    assert put_in == D("3.62") == D("3.45") + D("0.17")


def test_export_phh_read_back_repeats_the_warnings_on_what_the_log_paid_not_on_its_wording(tmp_path):
    """formats.md said a replay of a warning's PHH file does not repeat the warning: the split's
    warnings come back, as the file's winnings are the log's. Real hands (hand-worked):

    - the 4-way split #14402833808, unedited: 2.00 less a rake of 0.10 is 1.90, equal shares
      0.48, 0.48, 0.47, 0.47 (the odd cents to Hero and Player7, first left of the button); the
      log pays 0.50, 0.50, 0.45, 0.45: HE-SPLIT warnings, within the rake.
    - #35602268793 with its odd cent swapped in the collect and summary lines: 2.30 less 0.11 is
      2.19, the odd cent to PokerMill100 (seat 6, first left of the button on 5): 1.10, Oswood
      1.09; the log pays 1.09 and 1.10: ROOM-ODD-CHIP warnings.
    - #35602127914 with rico4429's all-in raise no longer saying "and is all-in": ROOM-ALL-IN,
      a warning on the log's wording, which the file does not keep.
    """
    eur = "NLHE-6max-EUR-0.05-0.10-200911.txt"
    odd_chip = _edited(_real_hand(eur, "35602268793"),
                       ("PokerMill100 collected €1.10 from pot", "PokerMill100 collected €1.09 from pot"),
                       ("Oswood collected €1.09 from pot", "Oswood collected €1.10 from pot"),
                       ("[Tc Ac] and won (€1.09)", "[Tc Ac] and won (€1.10)"),
                       ("[As 7d] and won (€1.10)", "[As 7d] and won (€1.09)"))
    logs = tmp_path / "logs"
    logs.mkdir()
    from tests.conftest import corpus

    (logs / "split.txt").write_text(corpus("pokerstars", "fpdb-cash", "Flop",
                                           "NLHE-9max-USD-0.25-0.50-200801.4.way.split.unequal.rake.txt")
                                    .read_text(encoding="utf-8-sig"), encoding="utf-8")
    (logs / "odd.txt").write_text(odd_chip, encoding="utf-8")
    (logs / "allin.txt").write_text(_edited(_real_hand(eur, "35602127914"), (
        "rico4429: raises €1.31 to €1.51 and is all-in", "rico4429: raises €1.31 to €1.51")), encoding="utf-8")
    expected = sorted([
        ("14402833808", "HE-SPLIT", "0.48", "0.50"), ("14402833808", "HE-SPLIT", "0.48", "0.50"),
        ("14402833808", "HE-SPLIT", "0.47", "0.45"), ("14402833808", "HE-SPLIT", "0.47", "0.45"),
        ("35602268793", "ROOM-ODD-CHIP", "1.10", "1.09"), ("35602268793", "ROOM-ODD-CHIP", "1.09", "1.10"),
    ])
    query = ("select hand_id, rule_id, severity, expected, actual, f.line, f.source_file from findings f "
             "join (select distinct game_id, hand_id from holdem_results) using (game_id)")
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        before = con.execute(query).fetchall()
        summary = export(con, "phh", tmp_path / "phh")
    assert summary.skipped == {} and len(summary.written) == 3
    assert {row[:2] for row in before} == {(h, r) for h, r, _, _ in expected} | {("35602127914", "ROOM-ALL-IN")}
    ingest([tmp_path / "phh"], tmp_path / "back", jobs=1)
    with connect(tmp_path / "back") as con:
        after = con.execute(query).fetchall()
    assert sorted((h, r, e, a) for h, r, _, e, a, _, _ in after) == expected
    assert {severity for _, _, severity, *_ in after} == {"warning"}
    for _, _, _, _, _, line, source in after:      # each at the file's winnings line
        assert Path(source).read_text().splitlines()[line - 1].startswith("winnings = ")


class _ScanCounting:
    """A warehouse connection that counts the queries an export runs."""

    def __init__(self, con) -> None:
        self.con, self.executed = con, []

    def execute(self, sql: str, params=()):
        self.executed.append(sql)
        return self.con.execute(sql, params)


def _header_times(folder: Path) -> dict[str, str]:
    """Each generated hand's time as its header writes it, sortable, by hand ID."""
    times = {}
    for path in folder.iterdir():
        for header in re.findall(r"PokerStars Hand #(\d+):.* - (\d{4}/\d\d/\d\d) (\d+):(\d\d:\d\d) ET",
                                 path.read_text()):
            hand_id, day, hour, rest = header
            times[hand_id] = f"{day} {int(hour):02}:{rest}"
    return times


def test_export_reads_a_batch_of_hands_at_a_time_and_writes_the_same_files_as_at_once(tmp_path, monkeypatch):
    """The export read every chosen hand's rows before writing one: a history of 151,000 hands
    took 3.6 GB. Read 4 at a time, 23 hands (6 batches, the last of 3) give the same files, in the
    order played, and no batch holds more than 4 hands' rows; each table is read once, not once a
    batch (each batch's query scanned the whole table again). Hand-worked from the generated text: 17 No Limit hands of seed
    12 are written, 6 Pot Limit of seed 14 are not."""
    import pipeline.export

    generated(tmp_path / "logs", seed=12, count=17, betting="no_limit")
    generated(tmp_path / "logs", seed=14, count=6, betting="pot_limit")
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    held = []
    hands_of = pipeline.export._hands_of

    def noting_held(chosen, *rows):
        held.append(max(len({row[0] for row in read}) for read in rows))
        return hands_of(chosen, *rows)
    monkeypatch.setattr(pipeline.export, "_hands_of", noting_held)
    with connect(tmp_path / "wh") as con:
        at_once = export(con, "phh", tmp_path / "at-once", batch=1000)
        assert held == [23]     # (one batch)
        held.clear()
        counting = _ScanCounting(con)
        batched = export(counting, "phh", tmp_path / "batched", batch=4)
        hand_of = dict(con.execute("select distinct game_id, hand_id from holdem_results").fetchall())
    # each table read once, for the 6 batches (the choice of hands read games and holdem_results before)
    read = Counter(table for sql in counting.executed for table in re.findall(
        r"\bfrom (games|game_texts|holdem_results|holdem_actions)\b", sql))
    assert read == {"games": 2, "game_texts": 1, "holdem_results": 2, "holdem_actions": 1}
    assert len(held) == 6 and max(held) == 4
    assert (len(batched.written), len(batched.skipped)) == (17, 6)
    assert set(batched.skipped.values()) == {"PHH has no pot-limit Hold'em variant"}
    assert [p.name for p in batched.written] == [p.name for p in at_once.written]
    assert batched.skipped == at_once.skipped and batched.disputed == at_once.disputed == []
    assert {p.name: p.read_bytes() for p in (tmp_path / "batched").iterdir()} == {
        p.name: p.read_bytes() for p in (tmp_path / "at-once").iterdir()}
    # the order played: the headers' times (the two sessions do not overlap, each goes forward)
    times = _header_times(tmp_path / "logs")
    taken = [hand_of[p.name.removesuffix(".phh")] for p in batched.written]
    assert taken == sorted(taken, key=times.get)
    pot_limit = re.findall(r"PokerStars Hand #(\d+): +Hold'em Pot Limit", (tmp_path / "logs" / "holdem-14.txt").read_text())
    assert len(pot_limit) == 6 and sorted(hand_of[g] for g in batched.skipped) == sorted(pot_limit)


def test_rasklad_export_counts_the_hands_not_written_by_reason_and_shows_its_progress(tmp_path, monkeypatch):
    """A history's export printed one line per hand not written (29,973 lines for 151,000 hands,
    nearly all one reason) and nothing while it ran. 3 No Limit hands are written, 5 Pot Limit
    ones counted under their one reason; --json names them; progress goes to stderr."""
    import pipeline.cli
    from pipeline.cli import _Progress

    generated(tmp_path / "logs", seed=12, count=3, betting="no_limit")
    generated(tmp_path / "logs", seed=14, count=5, betting="pot_limit")
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        pot_limit = {g for (g,) in con.execute("select distinct game_id from holdem_results "
                                               "where betting = 'pot_limit'").fetchall()}
    assert len(pot_limit) == 5
    monkeypatch.setattr(_Progress, "PROGRESS_EVERY", 0.0)
    out = tmp_path / "phh"
    result = CliRunner().invoke(main, ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    # the first three played of seed 14's file (its hands go forward in time)
    first = re.findall(r"PokerStars Hand #(\d+):", (tmp_path / "logs" / "holdem-14.txt").read_text())[:3]
    with connect(tmp_path / "wh") as con:
        game_of = dict(con.execute("select distinct hand_id, game_id from holdem_results").fetchall())
    assert result.stdout == (f"3 hands written to {out} as PHH\n"
                             "  not written      5 × PHH has no pot-limit Hold'em variant "
                             f"(games {', '.join(game_of[h] for h in first)} …)\n"
                             "  --json gives each hand's game ID and whole reason\n")
    assert result.stderr.splitlines() == [f"exporting: {k} of 8 hands done" for k in range(1, 9)]
    as_json = CliRunner().invoke(main, ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out",
                                        str(tmp_path / "json"), "--json"])
    assert set(json.loads(as_json.stdout)["skipped"]) == pot_limit and as_json.stderr == ""
    quiet = CliRunner().invoke(main, ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out",
                                      str(tmp_path / "quiet"), "-q"])
    assert quiet.stdout == result.stdout.replace(str(out), str(tmp_path / "quiet")) and quiet.stderr == ""
    # past the reasons shown, the rest are counted together
    monkeypatch.setattr(pipeline.cli, "EXPORT_REASONS_SHOWN", 0)
    fewer = CliRunner().invoke(main, ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out",
                                      str(tmp_path / "fewer"), "-q"])
    assert fewer.stdout.splitlines()[1:] == ["  not written      5 × 1 other reason",
                                             "  --json gives each hand's game ID and whole reason"]


def test_an_export_stopped_half_way_says_what_it_wrote_and_leaves_no_file_half_written(tmp_path, monkeypatch):
    """Ctrl-C in an export printed click's bare "Aborted!" and exited 1, and a file it was writing
    stayed under its name, cut short. Stopped as it renames its third file into place, of 5 hands:
    the 2 before are whole, the third is not there under any name, and the command says so and
    exits 130 (128 + SIGINT), as the shells do."""
    import pipeline.export

    generated(tmp_path / "logs", seed=12, count=5, betting="no_limit")
    ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    whole = tmp_path / "whole"
    assert CliRunner().invoke(main, ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out", str(whole),
                                     "-q"]).exit_code == 0
    renamed, out = [], tmp_path / "phh"

    def stopped_at_the_third(source, target, replace=os.replace):
        if Path(target).parent == out and len(renamed) == 2:
            raise KeyboardInterrupt
        if Path(target).parent == out:
            renamed.append(Path(target).name)
        replace(source, target)
    monkeypatch.setattr(pipeline.export.os, "replace", stopped_at_the_third)
    result = CliRunner().invoke(main, ["export", "--format", "phh", "-w", str(tmp_path / "wh"), "--out", str(out),
                                       "-q"])
    monkeypatch.undo()
    assert result.exit_code == 130
    assert result.stdout == ""
    assert result.stderr == (f"Stopped before the end: 2 of 5 hands written to {out}, each file whole; the other 3 "
                             "not (the same export run again writes them all).\n")
    assert sorted(path.name for path in out.iterdir()) == sorted(renamed)
    assert {name: (out / name).read_bytes() for name in renamed} == {name: (whole / name).read_bytes()
                                                                    for name in renamed}


def test_an_exports_summary_counts_disputed_hands_and_names_the_game_of_a_reason_of_one():
    from pipeline.cli import _export_notes
    from pipeline.export import ExportSummary

    summary = ExportSummary(disputed=["g1", "g2"], skipped={"g3": "a cap", "g4": "pot limit", "g5": "pot limit",
                                                            "g6": "run twice"})
    assert _export_notes(summary) == [
        "  written 2 hands as their logs state them, though they break a rule (rasklad audit lists them): their "
        "pots, rakes and wins are the logs', and they balance",
        "  not written      2 × pot limit (games g4, g5)",
        "  not written g3: a cap",      # ties in the order played
        "  not written g6: run twice",
        "  --json gives each hand's game ID and whole reason",
    ]
    # of more than three hands, the first three played
    four = ExportSummary(skipped={f"g{k}": "pot limit" for k in range(1, 5)})
    assert _export_notes(four)[0] == "  not written      4 × pot limit (games g1, g2, g3 …)"
    assert _export_notes(ExportSummary(disputed=["g1"], skipped={"g3": "a cap"})) == [
        "  written g1 as its log states it, though it breaks a rule (rasklad audit lists it): its pot, rake and "
        "wins are the log's, and they balance",
        "  not written g3: a cap",
    ]


def test_export_ohh_dealer_seat_is_the_button_the_log_names_an_empty_seat_too(tmp_path):
    from tests.test_holdem_positions import PARTY_DEAD_BUTTON

    # "Seat 1 is the button", and seat 1 is empty (a dead button): Player0 in seat 2, the seat before
    # the small blind's, is BTN in the warehouse, yet OHH's dealer_seat is the seat the log names
    (hand,) = _ohh_exported(tmp_path, _logged(tmp_path, PARTY_DEAD_BUTTON)).values()
    assert hand["dealer_seat"] == 1
    assert sorted(p["seat"] for p in hand["players"]) == [2, 3, 4, 5, 6]
