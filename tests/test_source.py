"""Decoding, splitting and hashing of log files (parsers/source.py, parsers/formats.py)."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError
from parsers.formats import HEADERS, parse_chunk
from parsers.source import decode, game_id, normalize_lines, split_games


def split(text: str):
    return split_games(normalize_lines(text), HEADERS)


def test_decode_reads_utf8_with_and_without_bom():
    assert decode("Т♠ Дч".encode("utf-8")) == "Т♠ Дч"
    assert decode("\ufeffRaspisnoy game".encode("utf-8")) == "Raspisnoy game"


def test_decode_tells_windows_1251_from_windows_1252():
    assert decode("Игроки: Анна, Борис, Вера".encode("cp1251")) == "Игроки: Анна, Борис, Вера"
    assert decode("Seat 1: José (€10 in chips)".encode("cp1252")) == "Seat 1: José (€10 in chips)"


def test_normalize_lines_folds_crlf_nbsp_and_trailing_blanks():
    assert normalize_lines("a\u00a0b  \r\nc\rd\n") == ["a b", "c", "d", ""]


def test_games_split_at_headers_with_or_without_blank_lines():
    text = "PokerStars Hand #1: x\nline\nPokerStars Hand #2: y\n\n\nRaspisnoy game R-1\nPlayers: A\n\n"
    chunks = split(text)
    assert [(c.format, c.first_line, c.last_line) for c in chunks] == [
        ("pokerstars", 1, 2), ("pokerstars", 3, 3), ("raspisnoy_log", 6, 7),
    ]


def test_text_before_the_first_header_is_kept_as_its_own_chunk():
    chunks = split("\n\nnot a game\n\nOFC hand O-1\nPlayers: A, B\n")
    assert [(c.format, c.first_line, c.last_line) for c in chunks] == [(None, 3, 3), ("ofc", 5, 6)]
    with pytest.raises(ParseError) as caught:
        parse_chunk(chunks[0], "f.txt")
    assert caught.value.line == 3
    assert "text is not a game of any known format" in caught.value.reason


def test_trailing_comments_do_not_belong_to_the_game():
    chunks = split("Chinese poker hand C-1\nPlayers: A\n# next game follows\n\nChinese poker hand C-2\n")
    assert chunks[0].lines == ("Chinese poker hand C-1", "Players: A")


def test_other_rooms_are_recognized_and_named():
    chunk, = split("Full Tilt Poker Game #123: Table X - $1/$2 - No Limit Hold'em\nSeat 1: A ($10)\n")
    with pytest.raises(ParseError, match="Full Tilt Poker hand histories are not supported yet"):
        parse_chunk(chunk, "ft.txt")


def test_game_id_depends_on_text_only():
    assert game_id(["a", "b"]) == game_id(["a", "b"])
    assert game_id(["a", "b"]) != game_id(["a", "b "])
    assert len(game_id(["x"])) == 16
    # CRLF, a BOM and trailing blanks do not make another game.
    assert split("OFC hand 1\r\nPlayers: A  \r\n")[0].game_id == split("\ufeffOFC hand 1\nPlayers: A\n")[0].game_id
