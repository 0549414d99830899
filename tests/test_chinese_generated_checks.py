"""Generated Chinese poker and OFC games pass the ingest's own checks, and a hand with no hand
lines goes to quarantine instead of being stored as a game of 0 players."""

from __future__ import annotations

import itertools
import re

import pytest

from pipeline.generators.chinese import generate
from pipeline.worker import parse_bytes


def test_generated_chinese_never_writes_an_empty_royalties_line():
    # Everybody surrenders or declares a natural now and then: nobody has royalties to claim.
    text = generate("chinese", count=60, seed=15, surrender_rate="1")
    hands = text.split("\n\n")
    nobody_set = [hand for hand in hands if not re.search(r"^\w+: back \[", hand, re.MULTILINE)]
    assert nobody_set, "the seed must yield a hand where nobody set rows, or this test checks nothing"
    assert not re.search(r"^Royalties:\s*$", text, re.MULTILINE)
    result = parse_bytes(text.encode(), "generated.txt")
    assert (result.count_games, result.count_quarantined) == (60, 0), result.reasons



def test_generated_fantasyland_is_dealt_only_to_who_earned_it_in_the_hand_before():
    # OFC-FANTASYLAND across hands: queens or better in front (no foul), or a stay, earns the next
    # hand in Fantasyland, which the same table plays on; a first hand deals none.
    result = parse_bytes(generate("ofc", count=60, seed=24, variant="fantasyland").encode(), "generated.txt")
    first_line = {row["game_id"]: row["first_line"] for row in result.tables[("games", "ofc")].to_pylist()}
    hands: dict[int, dict[str, dict]] = {}
    for row in result.tables[("chinese_players", "ofc")].to_pylist():
        hands.setdefault(first_line[row["game_id"]], {})[row["player"]] = row
    order = sorted(hands)
    dealt = [(before, now, player) for before, now in itertools.pairwise(order)
             for player, row in hands[now].items() if row["in_fantasyland"]]
    assert len(dealt) >= 2, "the seed must deal Fantasyland, or this test checks nothing"
    assert not any(row["in_fantasyland"] for row in hands[order[0]].values())
    for before, now, player in dealt:
        assert hands[before].keys() == hands[now].keys()
        assert hands[before][player]["fantasyland_entry"] or hands[before][player]["fantasyland_stay"]
    assert (result.count_games, result.count_findings) == (60, 0)

def test_chinese_hand_with_no_hand_lines_is_quarantined_not_stored():
    text = ("Chinese poker hand 77\nDate: 2024-01-01 20:00\nClub: Tverskaya\nPlayers: Anna, Boris\n"
            "Points: Anna 0, Boris 0\n")
    result = parse_bytes(text.encode(), "empty.txt")
    assert (result.count_games, result.count_quarantined) == (0, 1)
    quarantine = result.tables[("quarantine", "chinese")].to_pylist()
    assert quarantine[0]["error"].startswith("the hand has no hand lines")
    assert quarantine[0]["first_line"] == 1 and quarantine[0]["last_line"] == 5
    assert quarantine[0]["line"] == 5      # its last line, where the hand lines should have stood
    assert ("games", "chinese") not in result.tables


def test_ofc_hand_with_no_hand_lines_is_quarantined_not_stored():
    # closed by its claims (without them, the file would end inside the hand: tests/test_chinese_cut.py)
    text = "OFC hand 78\nDate: 2024-01-01 20:00\nClub: Tverskaya\nPlayers: Anna, Boris\nPoints: Anna 0, Boris 0\n"
    result = parse_bytes(text.encode(), "empty.txt")
    assert (result.count_games, result.count_quarantined) == (0, 1)
    assert result.tables[("quarantine", "ofc")].column("error")[0].as_py().startswith("the hand has no hand lines")


@pytest.mark.parametrize("game, players", [("chinese", "2-4"), ("ofc", "2-3"), ("chinese", "3-3")])
def test_the_generator_takes_the_player_ranges_its_help_gives_as_defaults(game, players):
    """`rasklad generate chinese -o players=2-4` (the help's default) failed: "invalid literal for int()"."""
    from pipeline.generators.chinese import SETTINGS, generate

    low, high = (int(n) for n in players.split("-"))
    counts = {text.count(",") + 1 for text in generate(game, count=30, seed=3, players=players).splitlines()
              if text.startswith("Players:")}
    assert counts and min(counts) >= low and max(counts) <= high
    assert SETTINGS[game]["players"] in ("2-4", "2-3")
