"""The other rooms' Hold'em hands replayed as one batch per file: the same rows as the full path.

The worker parses each room hand with its room's reader, replays all of a file's hands in one
call of the compiled engine and stores those it certifies; a hand with a finding, or one the
engine's columns cannot hold, takes the full path, which replays and explains it alone.
``parse_bytes(..., lane=False)`` sends every hand the full path: both must give the same rows.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from pipeline.worker import parse_bytes
from tests.conftest import corpus
from tests.test_holdem_lane import assert_same_rows
from tests.test_room_bovada import ZONE_WALK

D = Decimal
ROOMS = ("Bovada", "GGPoker", "PacificPoker", "PartyPoker", "Winamax", "Winning", "iPoker")


def _nets(result) -> dict[str, Decimal]:
    players = result.tables[("game_players", "holdem")]
    return dict(zip(players.column("player").to_pylist(), players.column("net").to_pylist()))


def test_room_hand_is_stored_by_the_batch_with_the_room_and_its_nets():
    # A walk: Small Blind posts $0.10 and folds, Hero's big blind of $0.25 gets $0.15 back
    # uncalled and collects the $0.20 of the blinds: +$0.10.
    data = (ZONE_WALK.strip("\n") + "\n").encode()
    result = parse_bytes(data, "bovada.txt")
    assert (result.count_games, result.count_lane, result.count_findings) == (1, 1, 0)
    assert _nets(result) == {"UTG": D(0), "Dealer": D(0), "Small Blind": D("-0.10"), "Hero": D("0.10")}
    games = result.tables[("games", "holdem")]
    assert games.column("site").to_pylist() == ["Bovada"]
    assert games.column("ruleset").to_pylist() == ["bovada no_limit"]
    assert assert_same_rows(data, "bovada.txt") == (1, 1)


def test_room_hand_with_a_finding_takes_the_full_path_and_keeps_it():
    # Small Blind checks facing the big blind's $0.25: a finding to explain, so the batch does
    # not store the hand and the full path does, with the finding.
    text = ZONE_WALK.replace("Small Blind : Folds", "Small Blind : Checks")
    data = (text.strip("\n") + "\n").encode()
    result = parse_bytes(data, "bovada.txt")
    assert (result.count_games, result.count_lane) == (1, 0)
    assert result.count_findings >= 1
    assert "HE-CHECK" in result.tables[("findings", "holdem")].column("rule_id").to_pylist()
    assert assert_same_rows(data, "bovada.txt") == (1, 0)


@pytest.mark.parametrize("room", ROOMS)
def test_room_corpus_batch_and_full_path_give_the_same_rows(room):
    folder = corpus("rooms", room)
    games = batched = 0
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands"):
            continue
        stored, through_batch = assert_same_rows(path.read_bytes(), path.name)
        games, batched = games + stored, batched + through_batch
    assert batched > 0 and batched <= games
