"""The other rooms' Hold'em hands replayed as one batch per file: the same rows as the full path.

The worker parses each room hand with its room's reader, replays all of a file's hands in one
call of the compiled engine and stores those it certifies; a hand with a finding, or one the
engine's columns cannot hold, takes the full path, which replays and explains it alone.
``parse_bytes(..., lane=False)`` sends every hand the full path: both must give the same rows.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from pipeline.facts.holdem import BATCH_MIN_HANDS
from pipeline.worker import parse_bytes, rule_settings
from tests.conftest import corpus
from tests.room_corpus import hands_in_one_file, sample_settings
from tests.test_holdem_lane import assert_same_rows
from tests.test_room_bovada import ZONE_WALK

D = Decimal
ROOMS = ("Bovada", "GGPoker", "PacificPoker", "PartyPoker", "Winamax", "Winning", "iPoker")
ROOMS_WITH_LONG_FILES = ("Bovada", "PacificPoker", "Winning", "iPoker")
"""The rooms whose sample folder has files of many Hold'em hands (the others: a hand or two a file,
fewer than ``BATCH_MIN_HANDS``, so each of their files takes the full path)."""
ROOMS_OF_SHORT_FILES = tuple(room for room in ROOMS if room not in ROOMS_WITH_LONG_FILES)


def _nets(result) -> dict[str, Decimal]:
    players = result.tables[("game_players", "holdem")]
    return dict(zip(players.column("player").to_pylist(), players.column("net").to_pylist()))


def _walks(count: int, text: str = ZONE_WALK) -> bytes:
    """``count`` hands of ``text``, each with a hand number of its own."""
    hands = [text.strip("\n").replace("#4101241500", f"#41012415{k:02}") for k in range(count)]
    return ("\n\n".join(hands) + "\n").encode()


def test_room_hands_are_stored_by_the_batch_with_the_room_and_their_nets():
    # Three walks: Small Blind posts $0.10 and folds, Hero's big blind of $0.25 gets $0.15 back
    # uncalled and collects the $0.20 of the blinds: +$0.10 a hand.
    data = _walks(3)
    result = parse_bytes(data, "bovada.txt")
    assert (result.count_games, result.count_batched, result.count_findings) == (3, 3, 0)
    players = result.tables[("game_players", "holdem")].to_pylist()
    assert sorted((row["player"], row["net"]) for row in players if row["net"]) == [
        ("Hero", D("0.10"))] * 3 + [("Small Blind", D("-0.10"))] * 3
    games = result.tables[("games", "holdem")]
    assert games.column("site").to_pylist() == ["Bovada"] * 3
    assert games.column("ruleset").to_pylist() == ["bovada no_limit"] * 3
    assert assert_same_rows(data, "bovada.txt") == (3, 0, 3)


def test_room_file_of_fewer_hands_than_the_batch_minimum_takes_the_full_path():
    data = _walks(BATCH_MIN_HANDS - 1)
    result = parse_bytes(data, "bovada.txt")
    assert (result.count_games, result.count_batched) == (BATCH_MIN_HANDS - 1, 0)
    assert _nets(result)["Hero"] == D("0.10")


def test_room_hand_with_a_finding_is_stored_by_the_batch_with_it_in_words():
    # Small Blind checks facing the big blind's $0.25: the batch stores that hand too, with the
    # finding worded as the full path words it (the rows of both paths are compared whole).
    text = ZONE_WALK.replace("Small Blind : Folds", "Small Blind : Checks")
    data = _walks(2) + b"\n" + _walks(1, text).replace(b"#4101241500", b"#4101241599")
    result = parse_bytes(data, "bovada.txt")
    assert (result.count_games, result.count_batched) == (3, 3)
    assert result.count_findings >= 1
    findings = result.tables[("findings", "holdem")]
    assert "HE-CHECK" in findings.column("rule_id").to_pylist()
    games = result.tables[("games", "holdem")].to_pylist()
    assert sorted(g["count_errors"] > 0 for g in games) == [False, False, True]
    assert assert_same_rows(data, "bovada.txt") == (3, 0, 3)


@pytest.mark.parametrize("room", ROOMS)
def test_room_corpus_batch_and_full_path_give_the_same_rows(room):
    folder = corpus("rooms", room)
    games = batched = 0
    # text that names no betting structure (Winning's older text) read under the one its hands show
    with rule_settings(sample_settings(folder)):
        for path in sorted(folder.rglob("*")):
            if not path.is_file() or path.suffix in (".hp", ".gt", ".hands"):
                continue
            stored, _, through_batch = assert_same_rows(path.read_bytes(), path.name)
            games, batched = games + stored, batched + through_batch
    assert batched <= games
    if room in ROOMS_WITH_LONG_FILES:
        assert batched > 0


@pytest.mark.parametrize("room", ROOMS_OF_SHORT_FILES)
def test_room_hands_of_one_session_file_are_stored_by_the_batch(room):
    # A room writes a table's session to one file: the sample hands of one file a hand joined so,
    # every hand the engine certifies is stored by the batch, with the rows of the full path.
    data = hands_in_one_file(corpus("rooms", room))
    full = parse_bytes(data, "session.txt", lane=False)
    assert full.count_games >= BATCH_MIN_HANDS and full.count_quarantined == 0
    games, _, batched = assert_same_rows(data, "session.txt")
    explained = {game_id for (table, _), rows in full.tables.items() if table == "findings"
                 for game_id in rows.column("game_id").to_pylist()}
    assert batched == games - len(explained) > 0
