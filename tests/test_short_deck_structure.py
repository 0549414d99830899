"""Short-deck (36-card) Hold'em beside 52-card Hold'em, on real hands ingested into a warehouse:
the positions follow the blinds a hand posts, not its deck; a short-deck hand that does not parse
is quarantined under ``holdem36``; what ``small_blind`` and ``big_blind`` hold at a table of a
button blind and antes. Every expectation below is worked from the hands' own lines.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.conftest import corpus

D = Decimal
WINNING_SIX_PLUS = ("rooms", "Winning", "6+Holdem-6-max-USD-0.02-0.05-201902.HH00000000 G0.txt")
STARS_SIX_PLUS = ("pokerstars", "fpdb-cash", "Flop", "6+Holdem-6max-USD-5.00-5.00-201901.txt")
STARS_52 = ("pokerstars", "fpdb-cash", "Flop", "2025-NL-6max-USD-0.05-0.10.cashout.txt")
GG_SHORT_DECK = ("rooms", "GGPoker", "Flop", "NL-ShortDeck-5max-USD-0.2-202103.txt")
WINNING_SETTINGS = ["room Winning: no_limit", "room Winning: trips_beat_straight"]


def _rows(warehouse: Path, sql: str) -> list[tuple]:
    with connect(warehouse) as con:
        return con.execute(sql).fetchall()


def _positions(warehouse: Path, hand_id: str) -> dict[str, tuple[str, str]]:
    return {player: (game, position) for game, player, position in _rows(
        warehouse, f"select game, player, position from holdem_results where hand_id = '{hand_id}'")}


def _copy(tmp_path: Path, parts: tuple[str, ...], name: str, *changes: tuple[str, str]) -> Path:
    """A real file with some of its text changed (each change made once, and found)."""
    text = corpus(*parts).read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_winning_six_plus_names_its_blind_posters_sb_and_bb_as_the_same_hand_on_52_cards(tmp_path):
    # Hand 1377529121: seat 5 (validraize) is the button, four players in seats 1, 3, 5, 6.
    # Clockwise from the button: seat 6 WhatAcrock420 "has small blind (0.02)" (SB), seat 1
    # ChazDazzle "has big blind (0.05)" (BB), then seat 3 primo4, the last before the button (CO):
    # 4-handed BTN, SB, BB, CO. The deck changes nothing: the same hand as 52-card Hold'em (its
    # Game ID line naming Hold'em) gets the same names.
    warehouse = tmp_path / "wh"
    six_plus = corpus(*WINNING_SIX_PLUS)
    on_52 = _copy(tmp_path, WINNING_SIX_PLUS, "winning52.txt",
                  ("Game ID: 1377529121 0.02/0.05 6+ (PRR) ($5 Max) (Six Plus Hold'em)",
                   "Game ID: 1377529555 0.02/0.05 (PRR) Vienna - 6 (Hold'em)"))
    ingest([six_plus, on_52], warehouse, jobs=1, rules=WINNING_SETTINGS)
    worked = {"validraize": "BTN", "WhatAcrock420": "SB", "ChazDazzle": "BB", "primo4": "CO"}
    assert _positions(warehouse, "1377529121") == {player: ("holdem36", at) for player, at in worked.items()}
    assert _positions(warehouse, "1377529555") == {player: ("holdem", at) for player, at in worked.items()}
    # the posts carry the poster's position too
    assert sorted(_rows(warehouse, "select hand_id, action, player, position from holdem_actions "
                                   "where action in ('post_sb', 'post_bb') order by hand_id, action")) == [
        ("1377529121", "post_bb", "ChazDazzle", "BB"), ("1377529121", "post_sb", "WhatAcrock420", "SB"),
        ("1377529555", "post_bb", "ChazDazzle", "BB"), ("1377529555", "post_sb", "WhatAcrock420", "SB")]


def test_button_blind_tables_name_nobody_sb_nor_bb_and_52_card_hands_keep_their_names(tmp_path):
    warehouse = tmp_path / "wh"
    ingest([corpus(*STARS_SIX_PLUS), corpus(*GG_SHORT_DECK), corpus(*STARS_52)], warehouse, jobs=1)
    # PokerStars 6+ hand 195853866630: antes, and the button's blind alone (seat 1 S3d3m2 "posts
    # button blind $5"). Six players, seats 1 to 6: the button, then the five places after a big
    # blind (UTG, UTG1, MP, HJ, CO, the seat right of the button always CO).
    assert _positions(warehouse, "195853866630") == {
        "S3d3m2": ("holdem36", "BTN"), "zerfer03": ("holdem36", "UTG"), "velikiDace": ("holdem36", "UTG1"),
        "buttonclickr": ("holdem36", "MP"), "treeqy": ("holdem36", "HJ"), "rObetOblancO": ("holdem36", "CO")}
    # GGPoker Short Deck hand SD27208848: seat 3 (Hero) is the button and posts the button blind;
    # seats 1, 2, 3, 5. Clockwise after the button: seat 5 (UTG), seat 1 (MP), seat 2 (CO), whose
    # straddle of $0.04 makes him no big blind.
    assert _positions(warehouse, "SD27208848") == {
        "Hero": ("holdem36", "BTN"), "11294517": ("holdem36", "UTG"), "f1da9c5a": ("holdem36", "MP"),
        "27925b27": ("holdem36", "CO")}
    # PokerStars 52-card hand 257180854570: seat 3 the button, seat 4 (Hero) the small blind, seat
    # 5 the big blind; then 6-handed UTG (seat 6), MP (seat 1), CO (seat 2).
    assert _positions(warehouse, "257180854570") == {
        "Player3": ("holdem", "BTN"), "Hero": ("holdem", "SB"), "Player5": ("holdem", "BB"),
        "Player6": ("holdem", "UTG"), "Player1": ("holdem", "MP"), "Player2": ("holdem", "CO")}


def test_a_short_deck_hand_that_does_not_parse_is_quarantined_under_holdem36(tmp_path):
    warehouse = tmp_path / "wh"
    # each real hand with one amount broken: line 24 of each file, the amount's column worked
    # from the line ("treeqy: raises $" is 16 characters, "27925b27: bets $" 16, "Player1: raises $" 17)
    stars = _copy(tmp_path, STARS_SIX_PLUS, "stars36.txt", ("treeqy: raises $150 to", "treeqy: raises $1x50 to"))
    gg = _copy(tmp_path, GG_SHORT_DECK, "gg36.txt", ("27925b27: bets $0.2\n", "27925b27: bets $0x.2\n"))
    stars_52 = _copy(tmp_path, STARS_52, "stars52.txt", ("Player1: raises $0.20 to", "Player1: raises $0.2x0 to"))
    ingest([stars, gg, stars_52], warehouse, jobs=1)
    assert sorted(_rows(warehouse, "select game, source_file, line, \"column\" from quarantine")) == [
        ("holdem", str(stars_52), 14, 17), ("holdem36", str(gg), 24, 16), ("holdem36", str(stars), 24, 16)]
    # the Winning Six Plus hand waits for its settings (betting structure, then the 36-card order)
    # at its Game ID line, line 2: a 36-card hand all the while
    six_plus = corpus(*WINNING_SIX_PLUS)
    for settings, waits_for in (([], "name no betting structure and do not say whether a straight beats three of "
                                     "a kind: set both"),
                                (["room Winning: no_limit"], "do not say whether a straight beats three of a kind")):
        ingest([six_plus], warehouse, jobs=1, rules=settings)
        [(game, line, reason)] = _rows(warehouse, "select game, line, error from quarantine "
                                                  f"where source_file = '{six_plus}'")
        assert (game, line) == ("holdem36", 2) and waits_for in reason
    # the partition's folder is the game's, as for every table
    folders = {path.name for path in (warehouse / "quarantine").iterdir() if any(path.iterdir())}
    assert {"game=holdem36", "game=holdem"} <= folders


def test_a_button_blind_table_holds_its_button_blind_in_both_blind_columns(tmp_path):
    # docs/warehouse.md (holdem_results.small_blind): a table of a button blind and antes has one
    # blind, stored as its small and its big blind; a table of two blinds keeps both, whatever
    # its deck. PokerStars "(Button Blind $5 - Ante $5 USD)"; GGPoker "ShortDeck No Limit ($0.02)"
    # with "Hero: posts button blind $0.02"; Winning Six Plus "0.02/0.05".
    warehouse = tmp_path / "wh"
    ingest([corpus(*STARS_SIX_PLUS), corpus(*GG_SHORT_DECK), corpus(*WINNING_SIX_PLUS)], warehouse, jobs=1,
           rules=WINNING_SETTINGS)
    assert sorted(_rows(warehouse, "select distinct hand_id, stakes, small_blind, big_blind from holdem_results "
                                   "where hand_id in ('195853866630', 'SD27208848', '1377529121')")) == [
        ("1377529121", "$0.02/$0.05 USD", D("0.02"), D("0.05")),
        ("195853866630", "Button Blind $5 - Ante $5 USD", D("5.00"), D("5.00")),
        ("SD27208848", "Button Blind $0.02 - Ante $0.02 USD", D("0.02"), D("0.02"))]
