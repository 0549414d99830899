"""A name typed by hand with a doubled blank inside it is the same person (parsers.names.player_name):
'Anna  Maria' is 'Anna Maria' in every line of Chinese poker, OFC and six-card logs, in every reader
(the batch lanes, the line reader, Lark), so her games count together. Raspisnoy names hold no
blank at all (docs/formats.md), so the question does not arise there."""

from __future__ import annotations

import pytest

from parsers.chinese import read_batch, read_ofc_batch
from parsers.formats import split_named
from parsers.names import player_name
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from pipeline.worker import parse_bytes
from tests.test_chinese_batch import OFC_HAND

# The QA's two hands: the same two people, typed once with single spaces, once with doubled ones.
# Anna Maria wins back (four kings against aces up) and front (J against T), the middles tie (A Q 9 7 4
# both): she wins each hand, so she has 2 games and 2 wins, Boris 2 games and none.
TWO_HANDS = """\
Chinese poker hand N-1
Date: 2026-12-05 21:00
Club: Tverskaya
Players: Anna Maria, Boris
Anna Maria: back [Kc Kd Kh Ks 2c] middle [Ac Qc 9d 7s 4h] front [Jc 5d 3s]
Boris: back [Ah Ad 8c 8d 3c] middle [As Qs 9h 7d 4d] front [Tc 6h 2d]

Chinese poker hand N-2
Date: 2026-12-05 22:00
Club: Tverskaya
Players: Anna  Maria ,  Boris
Anna  Maria: back [Kc Kd Kh Ks 2c] middle [Ac Qc 9d 7s 4h] front [Jc 5d 3s]
Boris: back [Ah Ad 8c 8d 3c] middle [As Qs 9h 7d 4d] front [Tc 6h 2d]
Points: Anna   Maria +3, Boris -3
"""


def test_player_name_makes_each_run_of_blanks_one_space():
    assert player_name(" Anna  Maria\t") == "Anna Maria"
    assert player_name("Anna \t Maria") == "Anna Maria"
    assert player_name("Anna Maria") == "Anna Maria"
    assert player_name("Anna") == "Anna"


def _players(result, game: str) -> list[str]:
    return result.tables[("game_players", game)].column("player").to_pylist()


@pytest.mark.parametrize("lane", [True, False])
def test_chinese_names_with_a_doubled_blank_are_one_player_on_every_path(lane):
    result = parse_bytes(TWO_HANDS.encode(), "names.txt", lane=lane)
    assert (result.count_games, result.count_quarantined, result.count_findings) == (2, 0, 0)
    assert _players(result, "chinese") == ["Anna Maria", "Boris", "Anna Maria", "Boris"]


def test_the_chinese_batch_reader_reads_a_doubled_blank_as_one_space():
    batch, taken, _ = read_batch(split_named(TWO_HANDS, "names.txt"), "names.txt")
    assert taken.tolist() == [0, 1]
    assert batch.seat_player == ["Anna Maria", "Boris", "Anna Maria", "Boris"]


def test_ofc_names_with_a_doubled_blank_are_one_player_on_every_path():
    text = OFC_HAND.format(rules="", last="2c").replace("Players: Anna,", "Players: Anna  Lee,")
    lines = text.split("\n")
    # the sets and the draws typed with one space or two, at random places
    lines = [line.replace("Anna ", "Anna Lee " if k % 2 else "Anna  Lee  ") if line.startswith("Anna ") else line
             for k, line in enumerate(lines)]
    text = "\n".join(lines)
    batch, taken = read_ofc_batch(split_named(text, "names.txt"), "names.txt")
    assert taken.tolist() == [0] and batch.rows.seat_player == ["Anna Lee", "Boris"]
    for lane in (True, False):
        result = parse_bytes(text.encode(), "names.txt", lane=lane)
        assert (result.count_games, result.count_quarantined) == (1, 0)
        assert _players(result, "ofc") == ["Anna Lee", "Boris"]


def test_a_misspelled_name_is_still_refused_at_its_column_among_doubled_blanks():
    text = TWO_HANDS.replace("Points: Anna   Maria +3, Boris -3", "Points: Anna   Maria +3,  Borsi  -3")
    result = parse_bytes(text.encode(), "names.txt", lane=False)
    (row,) = result.tables[("quarantine", "chinese")].to_pylist()
    assert row["error"] == "'Borsi' is not one of the players (Anna Maria, Boris)"
    assert (row["line"], row["column"]) == (14, 27)     # 'Points: Anna   Maria +3,  ' is 26 characters


def test_a_six_card_player_typed_with_a_doubled_blank_is_the_same_player():
    session = """\
Six-card poker session S-{n}
Date: 2026-11-30 20:15
Casino: Metropol
Player: {name}

Hand 1
Dealer up: 9d
Box 1: ante 5 [Kc Kd 8s 4h 2c]; plays 10
Box 2: ante 5 [Qh Jh 9h 3h 7c]; buys 2h; plays 10
Dealer: [Jd 8c 6s 3c 9d]
Box 1 buys dealer game: Jd for 8d
"""
    text = session.format(n=1, name="Boris Ivanov") + "\n" + session.format(n=2, name=" Boris   Ivanov ")
    result = parse_bytes(text.encode(), "names.txt")
    assert _players(result, "sixcard") == ["Boris Ivanov", "Boris Ivanov"]


def test_a_person_typed_two_ways_has_one_row_of_results(tmp_path):
    (tmp_path / "n.txt").write_text(TWO_HANDS, encoding="utf-8")
    summary = ingest([tmp_path / "n.txt"], tmp_path / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 0, 0)
    with connect(tmp_path / "warehouse") as con:
        assert con.execute("select player, count_games, count_wins from player_results order by player"
                           ).fetchall() == [("Anna Maria", 2, 2), ("Boris", 2, 0)]
