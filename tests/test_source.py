"""Decoding, splitting and hashing of log files (parsers/source.py, parsers/formats.py)."""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
from decimal import Decimal

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.errors import ParseError
from parsers.formats import HEADERS, parse_chunk
from parsers.source import (
    MAX_LINE_CHARS,
    Chunk,
    DecodedText,
    FileEnd,
    cut_games,
    decode,
    game_id,
    line_starts,
    normalize_lines,
    split,
)
from pipeline.audit import audit_chunk
from pipeline.generators.holdem import generate_hands
from rules.findings import Severity
from tests import formats_examples
from tests.conftest import corpus
from tests.split_oracle import split_reference
from tests.test_holdem_lane import assert_same_rows


def test_decode_reads_utf8_with_and_without_bom():
    assert decode("Т♠ Дч".encode()) == "Т♠ Дч"
    assert decode("\ufeffRaspisnoy game".encode("utf-8")) == "Raspisnoy game"


def test_decode_tells_windows_1251_from_windows_1252():
    assert decode("Игроки: Анна, Борис, Вера".encode("cp1251")) == "Игроки: Анна, Борис, Вера"
    assert decode("Seat 1: José (€10 in chips)".encode("cp1252")) == "Seat 1: José (€10 in chips)"


_CYRILLIC_WORD = re.compile(rb"(?<![A-Za-z])[\xa8\xb8\xc0-\xff]+(?![A-Za-z])|[\xa8\xb8\xc0-\xff]{2,}")
_LATIN_LETTER = re.compile(rb"(?<=[A-Za-z])[\xc0-\xff](?![\xa8\xb8\xc0-\xff])|(?<![\xa8\xb8\xc0-\xff])[\xc0-\xff](?=[A-Za-z])")


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(b"aZz@[`{1 \n\xa8\xb8\xc0\xdf\xe9\xff\x80\xbf"), max_size=150))
def test_the_shapes_of_high_letters_are_counted_as_their_patterns_say(values):
    # The code page of a game not in UTF-8 is told by how its high letters stand: as Cyrillic words
    # (a run apart from ASCII letters, or two or more in a row) or as accented Latin letters (one
    # beside an ASCII letter). These patterns, run over every byte, cost seconds on a file of tens of
    # megabytes; the count, run by run of high letters, must say what they say.
    from parsers.source import _letter_shapes

    data = bytes(values)
    expected = (sum(len(word) for word in _CYRILLIC_WORD.findall(data)), len(_LATIN_LETTER.findall(data)))
    assert _letter_shapes(np.frombuffer(data, dtype=np.uint8)) == expected


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


def test_a_tournament_transcripts_first_line_is_no_game_wherever_it_stands():
    # PokerStars sends a tournament's hands on request as one text: a line naming the tournament and
    # who asked, then each hand under a banner. Two transcripts in one file put the line between hands.
    head = "Transcript for tournament #3990000001 requested by Hero (hero@example.com)"
    hand = "PokerStars Hand #1: Tournament #3990000001, x\n*** SUMMARY ***\nSeat 1: Hero collected (20)"
    text = f"{head}\n\n*********** # 1 **************\n{hand}\n\n{head}\n\n*********** # 1 **************\n{hand}\n"
    chunks = split(text)
    assert [(c.format, c.first_line, c.last_line) for c in chunks] == [("pokerstars", 4, 6), ("pokerstars", 11, 13)]
    # the line alone is nothing; beside any other text it is kept with it, to be read and quarantined
    assert split(head + "\n") == []
    assert [(c.format, c.lines) for c in split(f"{head}\nnot a game\n")] == [(None, (head, "not a game"))]


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


@pytest.mark.parametrize("header", ["PokerStars Tournament #329147523, No Limit Hold'em", "OFC hand 1",
                                    "Winamax Poker - Tournament summary : Expresso(1)"])
def test_control_characters_opening_a_file_are_no_text_of_its_first_game(header):
    """A PokerStars summary whose file opens with byte 0x10 went to quarantine whole, as "text is
    not a game of any known format" (440 entries lost): the header is read after the stray byte,
    in every format, and the game is the one without it (its ID too)."""
    text = f"{header}\nPlayers: A\n"
    plain, = split(text)
    for junk in ("\x10", "\x10\x1f\x7f"):
        chunk, = split(decode((junk + text).encode()))
        assert (chunk.format, chunk.first_line, chunk.last_line, chunk.lines, chunk.game_id) == (
            plain.format, 1, 2, plain.lines, plain.game_id)
    # a control character inside the text is text: the line it opens is no header
    assert [c.format for c in split("x\n\x10" + text)] == [None]


def test_line_starts_finds_every_break_of_a_text_longer_than_its_search_blocks():
    rng = random.Random(11)
    chars = ["\n" if rng.random() < 0.1 else "a" for _ in range(3 << 18)]
    for k in range(1, 3):       # breaks at and beside the edges of 256 KB blocks (and of any power of two below)
        chars[(k << 18) - 1] = chars[k << 18] = chars[(k << 18) + 1] = "\n"
    text = "".join(chars)
    expected = [0] + [at + 1 for at, char in enumerate(text) if char == "\n"]
    assert line_starts(np.frombuffer(text.encode(), dtype=np.uint8)).tolist() == expected
    assert line_starts(np.zeros(0, dtype=np.uint8)).tolist() == [0]


def test_a_chunk_cut_from_its_file_reads_compares_hashes_and_pickles_as_one_made_whole():
    text = "x\n\nPokerStars Hand #1: a\nb\n\n\nPokerStars Hand #2: c\nd\n"
    lines = text.split("\n")
    cut = split(text)
    whole = [Chunk(c.format, c.first_line, c.last_line, tuple(lines[c.first_line - 1:c.last_line]), c.game_id)
             for c in cut]
    assert [c.lines for c in split(text)] == [("x",), ("PokerStars Hand #1: a", "b"), ("PokerStars Hand #2: c", "d")]
    assert split(text) == whole and {hash(c) for c in split(text)} == {hash(c) for c in whole}
    assert pickle.loads(pickle.dumps(split(text))) == whole
    assert [repr(c) for c in split(text)] == [repr(c) for c in whole]
    moved = dataclasses.replace(split(text)[2], first_line=9, last_line=10)
    assert (moved.lines, moved.first_line) == (whole[2].lines, 9)


# ////////////////////////////////////////////////////////////////////// the split


UNUSUAL = [
    "",
    "\n\n",
    "junk\n# comment\n",
    "\ufeffPokerStars Hand #1: x\nTable 'T'\n\n*********** # 2 **************\n\nPokerStars Hand #2: y\n",
    "PokerStars Hand #1: x  \r\nSeat 1: A\u00a0B ($1 in chips) \r\n\r\n\r\nPokerStars Hand #2: y\t\n",
    "  PokerStars Hand #1: x\n    Seat 1: A\n  *** SUMMARY ***\n\n  PokerStars Hand #2: y\n  z\n",
    "# PokerStars Hand #0: a comment\npreamble\n\n\nPOKERSTARS GAME #5: HOLD'EM\nRaspisnoy game 1\nx\n",
    "PokerStars Hand #1: Zoë\u2003\nSeat 1: Zoë ($1 in chips)\u2003\n\n\n#Game No : 5\n  #Game No : 6\n",
    "Full Tilt Poker Game #1\n*** HOLE CARDS ***\n***** Hand History for Game 5\nBoris: folds\n",
    "Зоя\n  #Game No\n: 5\nPoKerStars Hand #1: x\u3000\nPokerſtars Hand #2\n\ufeff\ufeff PokerStars Hand #3\x85\n",
    "Zoë\n\n\ufeffPokerStars Hand #1: x\n\n\t\n\n*** # 3 ***\nPokerStars Game #2: y\u2028z\n",
    "\x10\x1fPokerStars Tournament #1, x\n 1: A (B),\n\x10PokerStars Hand #2: y\n",
]


@pytest.mark.parametrize("text", UNUSUAL)
def test_split_equals_the_oracle_on_unusual_files(text):
    assert split(text) == split_reference(text)


@pytest.mark.parametrize("text", UNUSUAL)
def test_games_cut_already_come_out_as_the_split_of_their_file_cuts_them(text):
    assert cut_again(text) == split(text)


def generated(game: str, count: int, seed: int, **options) -> str:
    return "\n\n\n".join(text for text, _ in generate_hands(game, count=count, seed=seed, **options)) + "\n"


_PIECES = ["*** SUMMARY ***", "  *** SUMMARY ***", "Total pot $1 | Rake $0", "Seat 2: B folded", "\x00\x00",
           "Hand was run twice", "said *** SUMMARY *** here", "PokerStars Ha", "PokerStars Hand #1: a", "POKERSTARS GAME #2: b", "PoKerStars Hand #3", "Pokerſtars Hand #4",
           "Raspisnoy game 1", "  PokerStars Hand #5: c", "\tOFC hand 1", "\ufeffChinese poker hand 2", "#Game No : 5",
           "  #Game No : 6", "***** Hand History for Game 7", "*** HOLE CARDS ***", "*********** # 12 **************",
           "# comment", "", " ", "\t", "\u3000", "Seat 1: Zoë ($1 in chips)", "Boris: folds", "x\u2003",
           "Six-card  poker session 1", "Game #5 starts.", "Hand #1-2 - ", "<?xml", "Board [As]",
           "\u00a0PokerStars Hand #8", "Transcript for tournament #9 requested by Hero (hero@example.com)",
           "\x10PokerStars Tournament #10, x", "\x10"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12), st.sampled_from(["\n", "\r\n", "\r"]),
       st.sampled_from(["", "\n", "  ", "\n\n"]))
def test_split_equals_the_oracle_on_any_mix_of_headers_fillers_and_blanks(lines, sep, end):
    text = sep.join(lines) + end
    assert split(text) == split_reference(text)
    assert cut_again(text) == split(text)


def test_header_filter_knows_every_case_variant_and_space_outside_ascii():
    from parsers.source import _UNICODE_SPACES, ICASE_EXTRA

    extra: dict[str, str] = {}
    for code in range(128, 0x110000):
        char = chr(code)
        for case in (char.lower(), char.upper()):
            if len(case) == 1 and case.isascii():
                extra[case.lower()] = extra.get(case.lower(), "") + char
    assert extra == ICASE_EXTRA
    assert _UNICODE_SPACES.tolist() == [c for c in range(128, 0x110000) if chr(c).isspace()]


def test_split_equals_the_oracle_on_generated_files():
    for game, seed in (("holdem", 1), ("holdem36", 2)):
        text = generated(game, 60, seed, betting="mixed")
        assert split(text) == split_reference(text)
        crlf = text.replace("\n", "\r\n")
        assert split(crlf) == split_reference(crlf)


def test_split_equals_the_oracle_on_the_real_corpus():
    files = [p for p in sorted(corpus("pokerstars").rglob("*")) if p.is_file()]
    assert files
    for path in files:
        text = decode(path.read_bytes())
        assert split(text) == split_reference(text), path


# ////////////////////////////////////////////////////////////////////// games cut already


def kept(text: str) -> list[tuple[str, int, str | None, tuple | None]]:
    """Each chunk of a file as a warehouse keeps it: its lines as they stand in the file (line
    ends evened out), its first line, its context (an XML document's text before its games),
    and its first byte that could not be decoded (the quarantine's ``undecodable``)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [("\n".join(lines[chunk.first_line - 1:chunk.last_line]), chunk.first_line,
             "\n".join(chunk.context) or None, chunk.undecodable) for chunk in split(text)]


def cut_again(text: str) -> list:
    """The chunks of a file cut again from its kept games, laid out as a re-audit lays them: as
    few texts as their lines allow (the games of an XML document may share a line)."""
    layouts: list[tuple[list, list, list, list]] = []
    for game, first_line, context, undecodable in kept(text):
        fits = [layout for layout in layouts if layout[1][-1] + layout[0][-1].count("\n") < first_line]
        layout = fits[0] if fits else ([], [], [], [])
        if not fits:
            layouts.append(layout)
        for column, value in zip(layout, (game, first_line, context, undecodable)):
            column.append(value)
    chunks = [chunk for texts, first_lines, contexts, undecodable in layouts
              for chunk in split(cut_games(texts, first_lines, contexts, undecodable))]
    return sorted(chunks, key=lambda chunk: (chunk.first_line, chunk.last_line))


def test_games_cut_already_come_out_as_the_split_of_their_file_cuts_them_on_generated_files():
    for game, seed in (("holdem", 1), ("holdem36", 2)):     # the club games: the samples, below
        text = generated(game, 30, seed)
        assert cut_again(text) == split(text), game
        crlf = text.replace("\n", "\r\n")
        assert cut_again(crlf) == split(crlf), game


@pytest.mark.parametrize("folder", ["pokerstars", "rooms", "summaries"])
def test_games_cut_already_come_out_as_the_split_of_their_file_cuts_them_on_the_real_corpus(folder):
    files = [p for p in sorted(corpus(folder).rglob("*")) if p.is_file() and p.suffix.lower() in (".txt", ".xml")]
    assert files
    for path in files:
        text = decode(path.read_bytes())
        # a byte that could not be decoded is kept as U+FFFD, and its place and value beside it
        assert cut_again(text) == split(text), path


def test_games_cut_already_keep_the_bytes_that_could_not_be_decoded():
    from tests.conftest import SAMPLES

    good = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").replace("Anna", "Анна").encode("utf-8")
    data = good[:200] + b"\x81" + good[200:] + b"\n\n" + good.replace(b"Vera", b"V\xffra", 1)
    text = decode(data)
    assert len(text.undecodable) == 2 and sum(chunk.undecodable is not None for chunk in split(text)) == 2
    assert cut_again(text) == split(text)


def test_games_cut_already_from_the_samples_and_a_text_that_is_not_plainly_one_game():
    from tests.conftest import SAMPLES

    for path in sorted(SAMPLES.glob("*.txt")):
        text = decode(path.read_bytes())
        assert cut_again(text) == split(text), path
    # a kept text that the splitter now cuts in two (a header the older splitter did not know)
    # comes out as the split of its file cuts it
    text = "PokerStars Hand #1: a\nx\n\nChinese poker hand 2\nDate: 1"
    cut = cut_games([text], [7])
    assert [(c.format, c.first_line, c.last_line) for c in cut.cut.chunks] == [("pokerstars", 7, 8), ("chinese", 10, 11)]
    assert cut.cut.chunks == split(cut)[:0] + split("\n" * 6 + text)


# ////////////////////////////////////////////////////////////////////// per-game decoding

HAND = """PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: {a} ($100 in chips)
Seat 2: {b} ($100 in chips)
{a}: posts small blind $1
{b}: posts big blind $2
*** HOLE CARDS ***
{a}: folds
Uncalled bet ($1) returned to {b}
{b} collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: {a} (button) (small blind) folded before Flop
Seat 2: {b} (big blind) collected ($2)"""


def stored(text: str) -> list[tuple[str | None, int, str]]:
    """(format, first line, "ok" and the seats, or the reason's start) per chunk, as the ingest
    reads and replays them (:func:`pipeline.audit.audit_chunk`)."""
    out = []
    for chunk in split(text):
        audited = audit_chunk(chunk, "f.txt")
        if audited.error is None:
            out.append((chunk.format, chunk.first_line, "ok " + " ".join(s.player for s in audited.record.seats)))
        else:
            out.append((chunk.format, audited.error_line,
                        f"{audited.error_column}: " + " ".join(audited.error.split()[:4])))
    return out


def test_one_bad_byte_costs_only_its_own_game_at_its_line_and_column():
    first = HAND.format(a="Анна", b="Борис").replace("#1:", "#10:")
    second = HAND.format(a="Вера", b="Глеб").replace("#1:", "#11:")
    third = HAND.format(a="Дима", b="Егор").replace("#1:", "#12:")
    data = f"{first}\n\n{second}\n\n{third}".encode()
    # "Глеб" on the seat line of the second hand (its line 19): its first byte 0xD0 becomes 0xFF
    at = data.index("Seat 2: Глеб".encode())
    data = data[:at + 8] + b"\xff" + data[at + 9:]
    text = decode(data)
    assert isinstance(text, DecodedText) and text.undecodable == ((19, 9, 0xFF),)
    assert stored(text) == [
        ("pokerstars", 1, "ok Анна Борис"),
        ("pokerstars", 19, "9: byte 0xFF cannot be"),
        ("pokerstars", 31, "ok Дима Егор"),
    ]


def test_cyrillic_in_utf8_never_becomes_windows_1251_because_of_a_bad_byte_elsewhere():
    data = (HAND.format(a="Анна", b="Борис") + "\n\n# note: caf\xe9\n").encode("utf-8").replace(b"\xc3\xa9", b"\xe9")
    text = decode(data)
    assert "Анна" in text and "Ð" not in text
    assert stored(text) == [("pokerstars", 1, "ok Анна Борис")]


def test_a_file_with_the_utf8_byte_order_mark_is_utf8_though_a_name_is_broken():
    # A real 2021 PokerStars file (UTF-8 with its byte order mark) holds a name whose bytes are not
    # UTF-8 (0xE2, then a euro sign, then 0xA0), the same in every line and hand. Read as
    # Windows-1251 its hand gave other players names of Cyrillic letters (TeräsMies1 as
    # TerГ¤sMies1): each is UTF-8, the broken name reads with U+FFFD for each bad byte, and its hand
    # is stored with a ROOM-ENCODING warning at the first of them (line 19, column 10).
    broken = "D\ufffd€\ufffdest"
    first = HAND.format(a="TeräsMies1", b="Zoë").replace("#1:", "#20:")
    second = HAND.format(a="TeräsMies1", b=broken).replace("#1:", "#21:")
    data = b"\xef\xbb\xbf" + f"{first}\n\n{second}\n".encode().replace(broken.encode(), b"D\xe2\xe2\x82\xac\xa0est")
    text = decode(data)
    assert "TerГ¤s" not in text and isinstance(text, DecodedText)
    assert stored(text) == [("pokerstars", 1, "ok TeräsMies1 Zoë"), ("pokerstars", 16, f"ok TeräsMies1 {broken}")]
    audited = audit_chunk(split(text)[1], "f.txt")
    assert [(f.rule_id, f.severity, f.line, f.actual) for f in audited.replay.findings] == [
        ("ROOM-ENCODING", Severity.WARNING, 19, "byte 0xE2 at column 10")]
    # without the mark alike: its letters (ä, €: five bytes a name) outweigh its bad bytes (two a name)
    without_mark = decode(data[3:])
    assert without_mark == text and without_mark.undecodable == text.undecodable


def test_one_stray_byte_never_outweighs_a_games_few_utf8_letters():
    # A UTF-8 hand whose only character outside ASCII is an em dash (three bytes) in its table's
    # name, which also holds a stray Windows-1252 dash (0x96). Counted in characters, one letter
    # against one bad byte read the hand as Windows-1252, "T â€” X–", with no warning; counted in
    # bytes it stays UTF-8, the stray byte U+FFFD, stored with a ROOM-ENCODING warning at its
    # line (2) and column (13: "Table 'T — X" is twelve characters).
    hand = HAND.format(a="Anna", b="Boris").replace("Table 'T'", "Table 'T — X\x96'")
    data = hand.encode().replace(b"\xc2\x96", b"\x96")
    text = decode(data)
    assert "Table 'T — X\ufffd'" in text and text.undecodable == ((2, 13, 0x96),)
    audited = audit_chunk(split(text)[0], "f.txt")
    assert [(f.rule_id, f.line, f.actual) for f in audited.replay.findings] == [
        ("ROOM-ENCODING", 2, "byte 0x96 at column 13")]


def test_a_windows_1252_game_after_a_utf8_one_keeps_its_accented_names():
    # Two exports in one file: a UTF-8 hand of Cyrillic names, then a Windows-1252 hand of Latin
    # ones. The second holds no UTF-8 letter; its bad bytes are letters in a Windows code page
    # (0xE9 é, 0xEB ë), so it reads in one, not as UTF-8 with U+FFFD for each ("Jos\ufffd").
    russian = HAND.format(a="Анна", b="Борис").encode("utf-8")
    french = HAND.format(a="José", b="Zoë").replace("#1:", "#2:").encode("cp1252")
    text = decode(russian + b"\n\n" + french)
    assert not isinstance(text, DecodedText)
    assert stored(text) == [("pokerstars", 1, "ok Анна Борис"), ("pokerstars", 16, "ok José Zoë")]


def test_windows_1251_and_1252_files_still_read_game_by_game():
    russian = HAND.format(a="Анна", b="Борис").encode("cp1251")
    french = HAND.format(a="José", b="Zoë").replace("#1:", "#2:").encode("cp1252")
    assert stored(decode(russian)) == [("pokerstars", 1, "ok Анна Борис")]
    assert stored(decode(french)) == [("pokerstars", 1, "ok José Zoë")]
    # one file of both, as when two exports are concatenated
    assert stored(decode(russian + b"\n\n" + french)) == [("pokerstars", 1, "ok Анна Борис"),
                                                            ("pokerstars", 16, "ok José Zoë")]


@pytest.mark.parametrize("latin_first", [True, False])
def test_one_accented_latin_letter_in_a_game_reads_windows_1252_beside_windows_1251_games(latin_first):
    # A Windows-1252 hand whose one letter outside ASCII is the ü of Jürgen (five times), beside a
    # Windows-1251 hand of Russian names. Too few letters to weigh, it took the file's encoding:
    # "Jьrgen", with no warning. A letter alone between Latin letters is an accented Latin one.
    latin = HAND.format(a="Jürgen", b="Boris").encode("cp1252")
    russian = HAND.format(a="Сергей", b="Вера").replace("#1:", "#2:").encode("cp1251")
    data = latin + b"\n\n" + russian if latin_first else russian + b"\n\n" + latin
    names = {chunk.lines[2] for chunk in split(decode(data))}
    assert names == {"Seat 1: Jürgen ($100 in chips)", "Seat 1: Сергей ($100 in chips)"}
    # and a short Russian name, its letters a word of their own, stays Cyrillic beside Latin games
    short = HAND.format(a="Ян", b="Boris").replace("#1:", "#3:").encode("cp1251")
    french = HAND.format(a="José", b="Zoë").encode("cp1252")
    assert stored(decode(french + b"\n\n" + short)) == [("pokerstars", 1, "ok José Zoë"),
                                                           ("pokerstars", 16, "ok Ян Boris")]


def test_truncated_utf16_never_raises_and_costs_only_the_last_game():
    text = "\n\n".join([HAND.format(a="Анна", b="Борис"), HAND.format(a="Вера", b="Глеб").replace("#1:", "#2:")])
    data = text.encode("utf-16")[:-1]       # odd length: the last character is cut in half
    decoded = decode(data)
    # the last line is "Seat 2: Глеб (big blind) collected ($2)": its 39th character, ")", lost a byte
    assert decoded.undecodable == ((29, 39, 0x29),)
    assert stored(decoded) == [("pokerstars", 1, "ok Анна Борис"), ("pokerstars", 29, "39: byte 0x29 cannot be")]


def test_truncated_utf16_lone_last_byte_after_the_last_game_is_quarantined_as_the_byte():
    # the file's last character, an "x" after the last game's blank lines, is cut in half: its lone
    # byte 0x78 stands on a line of its own; the byte is the fault, not "a text of no known format"
    text = HAND.format(a="Анна", b="Борис") + "\n\n\nx"
    decoded = decode(text.encode("utf-16")[:-1])
    assert decoded.undecodable == ((17, 1, 0x78),)
    assert stored(decoded) == [("pokerstars", 1, "ok Анна Борис"), (None, 17, "1: byte 0x78 cannot be")]


@pytest.mark.parametrize("last", [b"\x0a", b"\x0d", b" ", b"\t"])
def test_a_utf16_file_ending_in_one_blank_byte_too_many_reads_clean(last):
    # Winning writes its UTF-16 exports with a line feed byte too many (they end 0A 00 0A): the lone
    # blank byte holds no game, so nothing is quarantined and the file reads as without it
    text = HAND.format(a="Анна", b="Борис") + "\n\n"
    data = text.encode("utf-16") + last
    assert len(data) % 2 == 1
    decoded = decode(data)
    assert not isinstance(decoded, DecodedText) and decoded.rstrip() == text.rstrip()
    assert stored(decoded) == [("pokerstars", 1, "ok Анна Борис")]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_utf16_file_whose_byte_order_mark_is_written_twice_reads_its_first_game(encoding):
    # A text that begins with U+FEFF (a UTF-8 file's mark, read and written out again as UTF-16)
    # has two marks: neither may be read as text of its own before the first header
    text = "\ufeff" + HAND.format(a="Anna", b="Boris") + "\n\n"
    data = (b"\xff\xfe" if encoding == "utf-16" else b"\xfe\xff") + text.encode(
        "utf-16-le" if encoding == "utf-16" else "utf-16-be")
    assert stored(decode(data)) == [("pokerstars", 1, "ok Anna Boris")]


def test_truncated_utf16_game_of_another_kind_is_quarantined_naming_its_game():
    # an Omaha hand holding the cut byte: refused for its game, as without the byte
    omaha = HAND.format(a="Анна", b="Борис").replace("Hold'em No Limit", "Omaha Pot Limit")
    decoded = decode(omaha.encode("utf-16")[:-1])
    assert decoded.undecodable == ((14, 40, 0x29),)
    assert stored(decoded) == [("pokerstars", 1, "21: Omaha Pot Limit is")]


# ////////////////////////////////////////////////////////////////////// the encodings a club night comes in

# A club's night in one file: a raspisnoy game (a comment between its rounds), a Chinese poker
# hand (Russian card letters) and a Hold'em hand, every name Cyrillic. Lines: the raspisnoy game
# 1-21 (its comment 14), the Chinese hand 23-32 (its club 25), the Hold'em hand 34-47 (its table 35).
NIGHT = """Raspisnoy game R-1
Date: 2026-11-28 19:30
Club: Tverskaya
Players: Анна, Борис, Вера
Rules: default
First dealer: Анна

Round 1: 1 card, regular, dealer Анна, trump 9h
Hands: Борис [As], Вера [6c], Анна [Kd]
Bids: Борис 1, Вера 0, Анна 1
Trick 1: Борис As, Вера 6c, Анна Kd; won by Борис
Points: Борис 10, Вера 5, Анна -10
Totals: Борис 10, Вера 5, Анна -10
# перерыв – чай
Round 2: 2 cards, regular, dealer Борис, trump Jc
Hands: Вера [Qh 7c], Анна [7s Th], Борис [Ah 8d]
Bids: Вера 1, Анна 1, Борис 1
Trick 1: Вера Qh, Анна 7s high, Борис Ah; won by Анна
Trick 2: Анна Th, Борис 8d, Вера 7c; won by Вера
Points: Вера 10, Анна 10, Борис -10
Totals: Борис 0, Вера 15, Анна 0

Chinese poker hand C-1
Date: 2026-11-28 20:00
Club: Tverskaya – 2
Scoring: 1-6
Players: Егор, Борис, Глеб
Dealer: Борис
Глеб: back [Вч 6т 6ч Вб 6п] middle [4п 9т 4ч 8б 9б] front [3т 2т 2п]
Егор: back [Дт Кб 10п Тч Вт] middle [7ч Дп 8ч 8п Тт] front [2ч 5б 3б]
Борис: back [4б 5п 3ч 6б 7п] middle [10ч Кт 9ч 9п 10т] front [2б Вп 5ч]
Points: Егор -7, Борис 0, Глеб +7

""" + HAND.format(a="Анна", b="Борис").replace("Table 'T'", "Table 'T – 2'") + "\n"
NIGHT_PLAYERS = ["Анна", "Борис", "Вера", "Борис", "Глеб", "Егор", "Анна", "Борис"]


def ingested(data: bytes) -> tuple[list[str], list[tuple[int, str]], int]:
    """What the ingest stores of a file's bytes: the players of its games (by game, then name),
    its ROOM-ENCODING findings (line, what the byte is), and how many games it quarantined."""
    from pipeline.worker import parse_bytes

    result = parse_bytes(data, "night.txt")
    rows = [row for (table, _), rows in result.tables.items() if table == "game_players" for row in rows.to_pylist()]
    firsts = {row["game_id"]: row["first_line"] for (table, _), rows in result.tables.items() if table == "games"
              for row in rows.to_pylist()}
    players = [row["player"] for row in sorted(rows, key=lambda row: (firsts[row["game_id"]], row["player"]))]
    encoding = sorted((f["line"], f["actual"]) for (table, _), rows in result.tables.items() if table == "findings"
                      for f in rows.to_pylist() if f["rule_id"] == "ROOM-ENCODING")
    return players, encoding, result.count_quarantined


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-8-sig"])
def test_a_stray_byte_right_before_a_header_is_left_out_and_its_game_read_with_a_warning(encoding):
    # A stray "X" between two hands of a UTF-16 file: the next hand's line opened with U+FFFD and
    # was quarantined as "not a game of any known format", a good hand sent to look for a format.
    first, second = GOOD.replace("#1:", "#2:"), GOOD
    stray = {"utf-16-le": b"X", "utf-8-sig": b"\xff"}[encoding]
    data = (first + "\n\n").encode(encoding) + stray + (second + "\n").encode(encoding.replace("-sig", ""))
    text = decode(data)
    assert text.undecodable == ((16, 1, stray[0]),)
    assert [(c.format, c.first_line, c.lines[0]) for c in split(text)] == [
        ("pokerstars", 1, first.split("\n")[0]), ("pokerstars", 16, second.split("\n")[0])]
    assert ingested(data) == (["Anna", "Boris"] * 2, [(16, f"byte 0x{stray[0]:02X} at column 1")], 0)
    game = split(text)[1]
    from parsers.formats import undecodable_finding

    assert undecodable_finding(game).message == (
        f"byte 0x{stray[0]:02X} at column 1 cannot be read in the encoding of the text around it: "
        "it stood before the game's header, which is read without it")
    # the same hand without the byte is the same game: read once, wherever it stands
    assert game.game_id == split(second)[0].game_id


@pytest.mark.parametrize("stray", [b"\xff", b"\xc3", b"\xef\xbb\xbf\xff"])
def test_a_stray_byte_before_a_header_in_a_utf8_file_without_bom_is_read_past_and_the_file_stays_utf8(stray):
    # UTF-8 without a byte order mark, its only letter outside ASCII ("Ł") in the first hand, a stray
    # 0xFF before the third hand's header: the second and third hands, one piece for want of a
    # header, held no UTF-8 letter, so the byte voted Windows-1252 and the third hand, opening with
    # "ÿ", was quarantined as no game of any known format
    first, second, third = GOOD.replace("#1:", "#2:").replace("Anna", "Łukasz"), GOOD.replace("#1:", "#3:"), GOOD
    data = (first + "\n\n" + second + "\n\n").encode() + stray + (third + "\n").encode()
    column = 2 if stray.startswith(b"\xef\xbb\xbf") else 1      # (after the byte order mark)
    header_line = 2 * (GOOD.count("\n") + 2) + 1                   # two hands of 14 lines, each and a blank
    assert header_line == 31
    text = decode(data)
    assert text.undecodable == ((header_line, column, stray[-1]),)
    assert [c.lines[0] for c in split(text)] == [hand.split("\n")[0] for hand in (first, second, third)]
    assert ingested(data) == (["Boris", "Łukasz", "Anna", "Boris", "Anna", "Boris"],
                              [(header_line, f"byte 0x{stray[-1]:02X} at column {column}")], 0)
    assert split(text)[2].game_id == split(third)[0].game_id


@pytest.mark.parametrize(("where", "line", "column"), [
    ("# перерыв – чай", 14, 11),          # a comment inside the raspisnoy game
    ("Club: Tverskaya – 2", 25, 17),      # the Chinese hand's club
    ("Table 'T – 2'", 35, 10),            # the Hold'em hand's table
])
def test_a_lone_windows_1252_byte_in_a_utf8_night_is_read_as_u_fffd_with_a_warning_at_its_line(where, line, column):
    # UTF-8 but for one Windows-1252 dash (0x96) in one game: every game stays UTF-8 and every name
    # Cyrillic; the dash reads as U+FFFD, its game stored with a warning at the byte's line and column
    data = NIGHT.encode().replace(where.encode(), where.replace("–", "\x96").encode().replace(b"\xc2\x96", b"\x96"))
    assert data.count(b"\x96") == 1 and b"\xe2\x80\x93" in data      # the other two dashes are UTF-8
    assert ingested(data) == (NIGHT_PLAYERS, [(line, f"byte 0x96 at column {column}")], 0)


def test_a_lone_windows_1252_byte_in_a_comment_between_games_costs_nothing():
    # a comment between games belongs to none, and nothing is stored of it: no game changes
    data = NIGHT.replace("\n\nChinese poker hand", "\n# \x96\n\nChinese poker hand").encode()
    data = data.replace(b"\xc2\x96", b"\x96")
    assert ingested(data) == (NIGHT_PLAYERS, [], 0)


def test_a_windows_1252_file_reads_its_accents_and_dashes_and_warns_of_a_byte_it_has_no_character_for():
    hand = HAND.format(a="José", b="Zoë").replace("Table 'T'", "Table 'T – 2'")
    assert ingested(hand.encode("cp1252")) == (["José", "Zoë"], [], 0)
    # 0x81 is no character of Windows-1252: U+FFFD, with a warning at its line (2) and column (10)
    odd = hand.encode("cp1252").replace(b"T \x96 2", b"T \x81 2")
    assert decode(odd).undecodable == ((2, 10, 0x81),)
    assert ingested(odd) == (["José", "Zoë"], [(2, "byte 0x81 at column 10")], 0)


def test_a_windows_1251_night_reads_its_names_and_warns_of_a_byte_it_has_no_character_for():
    data = NIGHT.encode("cp1251")
    assert ingested(data) == (NIGHT_PLAYERS, [], 0)
    # 0x98 is no character of Windows-1251: U+FFFD in the Chinese hand's club, with a warning
    odd = data.replace(b"Tverskaya \x96 2", b"Tverskaya \x98 2")
    assert ingested(odd) == (NIGHT_PLAYERS, [(25, "byte 0x98 at column 17")], 0)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_utf16_night_with_its_byte_order_mark_reads_its_names(encoding):
    data = NIGHT.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    assert data[:2] in (b"\xff\xfe", b"\xfe\xff")
    assert ingested(data) == (NIGHT_PLAYERS, [], 0)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_utf16_night_without_its_byte_order_mark_is_found_by_its_nuls_and_reads_its_names(encoding):
    # before, each of its lines was a quarantined text of its own (a NUL in each)
    assert ingested(NIGHT.encode(encoding)) == (NIGHT_PLAYERS, [], 0)


@pytest.mark.parametrize("utf16_first", [True, False], ids=["utf16 then utf8", "utf8 then utf16"])
def test_a_utf16_export_joined_to_a_utf8_one_reads_every_game_of_both_in_its_own_encoding(utf16_first):
    # Two exports joined as `cat` joins them: UTF-16 (with its byte order mark) and UTF-8. Before,
    # a UTF-8 part after UTF-16 was one quarantined text of CJK signs (its hands lost), a UTF-16
    # part after UTF-8 one quarantined text a line. Each part is read in its own encoding, and
    # the text kept of each game is its own, as its file holds it.
    first = HAND.format(a="Анна", b="Борис")
    second = HAND.format(a="Вера", b="Глеб").replace("#1:", "#2:")
    wide, narrow = (first + "\n\n").encode("utf-16"), (second + "\n").encode()
    if not utf16_first:
        wide, narrow = (second + "\n\n").encode("utf-16"), (first + "\n\n").encode()
    data = wide + narrow if utf16_first else narrow + wide
    assert ingested(data) == (["Анна", "Борис", "Вера", "Глеб"], [], 0)
    from pipeline.worker import parse_bytes

    texts = [text for (table, _), rows in parse_bytes(data, "joined.txt").tables.items() if table == "game_texts"
             for text in rows.column("text").to_pylist()]
    assert sorted(texts) == [first, second]


def test_two_utf16_exports_joined_with_blank_lines_between_read_as_two_files():
    # Winning exports (each of odd length, 0A 00 0A) joined with three line feeds between: the
    # four bytes between them, at the second's own byte order mark, were read as UTF-16 ("ਊਊ")
    # and the second's first hand was quarantined
    first = HAND.format(a="Анна", b="Борис")
    second = HAND.format(a="Вера", b="Глеб").replace("#1:", "#2:")
    data = (first + "\n\n").encode("utf-16") + b"\n" + b"\n\n\n" + (second + "\n\n").encode("utf-16") + b"\n"
    assert ingested(data) == (["Анна", "Борис", "Вера", "Глеб"], [], 0)


@pytest.mark.parametrize("order", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("mark", [True, False], ids=["with its mark", "without a mark"])
@pytest.mark.parametrize("after_utf8", [False, True], ids=["at the start", "after UTF-8 text"])
def test_utf16_is_read_in_its_own_byte_order_wherever_it_stands(order, mark, after_utf8):
    # Big-endian UTF-16 without its own mark after UTF-8 text was read as little-endian, one byte
    # off: its Cyrillic names came out as other letters ("Анна" as "РАнн0") and were stored so.
    # Its blanks tell the order: 00 20 in big-endian, 20 00 in little-endian; beside a letter
    # whose high byte is no NUL only the right order reads them as blanks.
    first = HAND.format(a="Вера", b="Глеб").replace("#1:", "#2:")
    wide = (HAND.format(a="Анна", b="Борис") + "\n\n").encode(order)
    if mark:
        wide = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[order] + wide
    data = (first + "\n\n").encode() + wide if after_utf8 else wide
    players = ["Вера", "Глеб", "Анна", "Борис"] if after_utf8 else ["Анна", "Борис"]
    assert ingested(data) == (players, [], 0)
    assert decode(data) == ((first + "\n\n") if after_utf8 else "") + HAND.format(a="Анна", b="Борис") + "\n\n"


@pytest.mark.parametrize("names", [("Роман", "Рита"), ("上官", "不二"), ("Ёжик", "Љуба")])
def test_little_endian_utf16_after_utf8_text_stays_little_endian_whatever_its_names(names):
    # Each of these names has a byte that the other order reads as a blank or a line break beside
    # an ASCII character (Р is 20 04, 上 0A 4E, 不 0D 4E, Љ 09 04): they must not turn the part
    # big-endian, whose text they would garble.
    first = HAND.format(a="Вера", b="Глеб").replace("#1:", "#2:")
    wide = HAND.format(a=names[0], b=names[1])
    data = (first + "\n\n").encode() + (wide + "\n\n").encode("utf-16-le")
    assert decode(data) == first + "\n\n" + wide + "\n\n"


# ////////////////////////////////////////////////////////////////////// text that no header opens

GOOD = HAND.format(a="Anna", b="Boris")


@pytest.mark.parametrize(("name", "after"), [
    ("an unknown room's hand", "\n\nBetOnline Hand #123: Hold'em No Limit ($1/$2)\nTable 'X' 6-max\n"),
    ("an unknown room's hand, no blank line", "\nGame 77 - Texas Holdem\nSeat 1: Kim (10)\n"),
    ("a 10 MB line", "\n" + "x" * 10_000_000 + "\n"),
    ("a line holding NULs after its text", "\nx" + "\x00" * 4096),
    ("a file cut inside the next header", "\n\nPokerStars Ha"),
])
def test_text_without_a_header_is_a_chunk_of_its_own_never_glued_to_the_game_before(name, after):
    text = GOOD + after
    result = stored(text)
    assert result[0] == ("pokerstars", 1, "ok Anna Boris"), name
    assert len(result) == 2 and result[1][0] is None, name
    assert split(text)[0].last_line == 14


SESSION = formats_examples.SIXCARD     # docs/formats.md's six-card session


@pytest.mark.parametrize(("name", "text", "cut_at", "line"), [
    ("a PokerStars seat line", GOOD, "Seat 2: Boris (", 4),
    ("a PokerStars summary line", GOOD, "Seat 2: Boris (big", 14),
    ("a six-card box line", SESSION, "Box 2: ante 10 [Kc 8d", 9),
])
def test_a_file_that_ends_inside_a_line_quarantines_its_game_saying_so(name, text, cut_at, line):
    # A download interrupted inside a line: the game was quarantined with its parser's reason for
    # a wrong line ("cannot read 'Seat 2: Boris ('"), as if the room had written it so.
    from pipeline.audit import audit_bytes

    lines = text.split("\n")
    assert lines[line - 1].startswith(cut_at), name
    cut = "\n".join([*lines[:line - 1], cut_at])
    audited = audit_bytes(cut.encode(), "cut.txt")
    assert [(a.error, a.error_line, a.error_column) for a in audited] == [(
        f"the file ends inside this hand, in the middle of line {line} (after column {len(cut_at)})",
        line, len(cut_at) + 1)], name
    # the same line ended by a line break is a line the log holds: its own fault, as its parser says
    whole = audit_bytes((cut + "\n").encode(), "whole.txt")
    assert whole[0].error and not whole[0].error.startswith("the file ends"), name
    # kept and judged again (a re-audit), the game is still one its file ends inside
    kept = cut_games([cut], [1], ends_file=[FileEnd.IN_LAST_LINE])
    with pytest.raises(ParseError) as caught:
        parse_chunk(split(kept)[0], "cut.txt")
    assert (caught.value.reason, caught.value.line, caught.value.column) == (
        audited[0].error, line, len(cut_at) + 1), name


def test_a_byte_order_mark_opening_a_line_inside_a_hand_is_no_part_of_the_name_after_it():
    # Files joined or written in pieces leave U+FEFF at a line's start: "\ufeffBoris: posts big
    # blind" named an unseated player, printed exactly as the seated Boris.
    lines = GOOD.split("\n")
    lines[5] = "\ufeff" + lines[5]          # Boris: posts big blind $2
    text = "\n".join(lines) + "\n"
    assert split(text)[0].lines == tuple(GOOD.split("\n"))
    audited = audit_chunk(split(text)[0], "f.txt")
    assert audited.error is None and not audited.replay.findings
    assert normalize_lines(text) == [*GOOD.split("\n"), ""]


def test_a_findings_words_show_the_characters_that_print_as_nothing_by_their_code():
    # a mark inside a name stays the name's (another player), but is never printed unseen
    lines = GOOD.split("\n")
    lines[5] = lines[5].replace("Boris", "Bo\ufeffris")
    audited = audit_chunk(split("\n".join(lines) + "\n")[0], "f.txt")
    messages = [f.message for f in audited.replay.findings if f.rule_id == "HE-ACTION-ORDER"]
    assert messages == ["Bo\\ufeffris acts but has no seat at the table"]
    assert all(f.message.isprintable() for f in audited.replay.findings)


@pytest.mark.parametrize("cut_at", ["Tot", "Total pot", "Total pot $2 | Ra"])
def test_a_file_cut_inside_its_last_games_summary_line_quarantines_that_game_whole(cut_at):
    # A download interrupted at "Total pot": the cut line, not yet a summary line, was taken for
    # text after the game (quarantined alone as "no known format") and the game stored without
    # its rake line, with a rule broken that the room never broke.
    from pipeline.audit import audit_bytes

    lines = GOOD.split("\n")
    assert lines[11].startswith(cut_at)
    cut = "\n".join([*lines[:11], cut_at])
    chunks = split(cut)
    assert [(c.format, c.first_line, c.last_line) for c in chunks] == [("pokerstars", 1, 12)]
    assert chunks == split_reference(cut)
    audited = audit_bytes(cut.encode(), "cut.txt")
    assert [(a.error, a.error_line, a.error_column) for a in audited] == [(
        f"the file ends inside this hand, in the middle of line 12 (after column {len(cut_at)})", 12, len(cut_at) + 1)]
    # kept and read again (a re-audit), it is the same one game
    kept = cut_games([cut], [1], ends_file=[FileEnd.IN_LAST_LINE])
    assert [(c.game_id, c.last_line) for c in split(kept)] == [(chunks[0].game_id, 12)]
    # ended by a line break, the line is one the log holds: a summary line ("Total pot $2 | Ra") is
    # the game's, a word that starts none ("Tot") is text after it; the whole file stores the game
    whole = [(c.format, c.first_line) for c in split(cut + "\n")]
    assert whole == ([("pokerstars", 1)] if cut_at.startswith("Total pot ") else [("pokerstars", 1), (None, 12)])
    assert stored(GOOD + "\n") == [("pokerstars", 1, "ok Anna Boris")]
    # after a blank line, the cut line starts what follows the game, not the game's summary
    assert [(c.format, c.last_line) for c in split(GOOD + "\n\nSea")] == [("pokerstars", 14), (None, 16)]


def _stored_and_quarantined(text: str, lane: bool) -> tuple[list[tuple[int, list[str]]], list[tuple[int, int, str]]]:
    """What the ingest makes of a file: (first line, rule IDs of its findings) per stored game, and
    (line, column, reason) per quarantined text."""
    from pipeline.worker import parse_bytes

    result = parse_bytes(text.encode(), "cut.txt", lane=lane)
    tables = {table: [row for (name, _), rows in result.tables.items() if name == table for row in rows.to_pylist()]
              for table in ("games", "findings", "quarantine")}
    games = sorted((game["first_line"], sorted(f["rule_id"] for f in tables["findings"]
                                               if f["game_id"] == game["game_id"])) for game in tables["games"])
    return games, sorted((row["line"], row["column"], row["error"]) for row in tables["quarantine"])


@pytest.mark.parametrize("lane", [True, False], ids=["lane", "full-path"])
@pytest.mark.parametrize("ending", ["", "\n"], ids=["cut", "line-break"])
@pytest.mark.parametrize("last", [11, 12, 13], ids=["summary-line", "total-line", "first-seat-line"])
def test_a_file_that_stops_inside_its_last_hands_summary_quarantines_that_hand_as_cut(lane, ending, last):
    # The file stops after "*** SUMMARY ***" (line 11 of the hand), after its Total line, or after the
    # first of its two seat lines: the hand was stored with rules broken that the room never broke
    # (HE-COLLECTED: the rake line missing; HE-SUMMARY-SEATS: a seat left out), in the batch lane
    # whatever the file's end, in both paths with a line break after the last line.
    first, second = GOOD.replace("#1:", "#2:"), GOOD
    lines = second.split("\n")
    assert (lines[10], lines[11][:9], lines[12][:7]) == ("*** SUMMARY ***", "Total pot", "Seat 1:")
    text = first + "\n\n" + "\n".join(lines[:last]) + ending
    at = 15 + last          # the first hand's 14 lines and a blank, then the second's line ``last``
    games, quarantined = _stored_and_quarantined(text, lane)
    assert games == [(1, [])]
    assert quarantined == [(at, len(lines[last - 1]) + 1, f"the file ends inside this hand (after line {at})")]
    if last == 11:
        return      # (before another hand, a summary with no line at all is stored without a finding yet)
    # the same hand before another is the room's as it stands: its rules judge it, a seat line
    # missing for each of the two seats after the Total line (12), for seat 2 after seat 1's (13)
    games, quarantined = _stored_and_quarantined("\n".join(lines[:last]) + "\n\n" + first + "\n", lane)
    assert games == [(1, ["HE-SUMMARY-SEATS"] * (14 - last)), (last + 2, [])]
    assert quarantined == []


@pytest.mark.parametrize("lane", [True, False], ids=["lane", "full-path"])
def test_a_last_hand_whose_summary_leaves_out_a_seat_before_another_breaks_a_rule_not_cut(lane):
    # Seat 1's summary line missing, seat 2's there: not the end of a text cut short, the room's summary
    lines = GOOD.split("\n")
    text = "\n".join([*lines[:12], lines[13]]) + "\n"
    assert _stored_and_quarantined(text, lane) == ([(1, ["HE-SUMMARY-SEATS"])], [])


def test_text_of_no_known_format_is_told_every_format_read_from_their_declarations():
    from parsers.formats import FILE_FORMATS, FORMATS, NO_FORMAT

    with pytest.raises(ParseError) as caught:
        parse_chunk(split("BetOnline Hand #123: Hold'em\nSeat 1: Kim (10)\n")[0], "x.txt")
    assert caught.value.reason == NO_FORMAT
    for room in ("PokerStars", "GGPoker", "Winamax", "888poker", "PartyPoker", "Bovada", "Winning", "iPoker", "PHH",
                 "'Raspisnoy game …'", "'Chinese poker hand …'", "'OFC hand …'", "'Six-card poker session …'"):
        assert room in NO_FORMAT, room
    assert all(fmt.shown_as in NO_FORMAT for fmt in (*FORMATS, *FILE_FORMATS))


def reason_of(data: bytes) -> list[tuple[int, int, str]]:
    """(line, column, reason) of each chunk of a file's bytes that is quarantined."""
    out = []
    for chunk in split(decode(data)):
        try:
            parse_chunk(chunk, "x.txt")
        except ParseError as error:
            out.append((error.line, error.column, error.reason))
    return out


def test_a_block_of_nuls_right_before_a_header_is_filler_and_the_game_after_it_is_read():
    # a writer that stopped left 4,096 NULs, then the next hand's header, no line break between:
    # the hand was quarantined as "not a game of any known format"; the NULs hold no text
    second = GOOD.replace("#1:", "#2:")
    for data in ((GOOD + "\n\n" + "\x00" * 4096 + second).encode(), (GOOD + "\n\n" + second + "\n" + "\x00" * 4096).encode()):
        assert stored(decode(data)) == [("pokerstars", 1, "ok Anna Boris"), ("pokerstars", 16, "ok Anna Boris")]


def test_nuls_after_a_lines_text_are_quarantined_saying_nul_bytes_at_their_column():
    lines = GOOD.split("\n")
    lines[3] += "\x00\x00"        # "Seat 2: Boris ($100 in chips)", 29 characters
    assert reason_of("\n".join(lines).encode())[-1] == (
        4, 30, "NUL bytes at column 30: a writer that stopped leaves them, they are no text")


def test_a_line_too_long_is_quarantined_saying_how_long():
    data = (GOOD + "\n" + "x" * 200_000 + "\n").encode()
    assert reason_of(data) == [(15, 1, "a line of 200,000 characters: no log line is this long (a file's lines joined, "
                                       "or no log)")]


def test_binary_and_compressed_files_are_one_quarantined_text_that_says_what_they_are():
    import gzip
    import io
    import zipfile

    noise = random.Random(7).randbytes(20_000)
    assert reason_of(noise) == [(1, 1, "binary data, not text: this file holds no hand history")]
    packed = gzip.compress((GOOD + "\n").encode() * 50)
    assert reason_of(packed) == [(1, 1, "a gzip-compressed file, not text: decompress it (gunzip) and read the file "
                                        "it holds")]
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("hands.txt", (GOOD + "\n") * 50)
    assert reason_of(archive.getvalue()) == [(1, 1, "a ZIP archive, not text: extract its files and read them")]


def test_a_zip_archive_that_stores_its_log_uncompressed_is_one_quarantined_text_too():
    # ZIP_STORED keeps the log's lines as they are: its hands were read and stored, the archive's
    # header glued to the first one and its directory quarantined apart, as if it were a log.
    import io
    import zipfile

    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as zipped:
        zipped.writestr("hands.txt", GOOD + "\n\n" + GOOD.replace("#1:", "#2:") + "\n")
    data = archive.getvalue()
    assert data.startswith(b"PK\x03\x04") and GOOD.encode() in data
    chunks = split(decode(data))
    assert [(c.format, c.first_line) for c in chunks] == [(None, 1)]
    assert reason_of(data) == [(1, 1, "a ZIP archive, not text: extract its files and read them")]
    from pipeline.worker import parse_bytes

    result = parse_bytes(data, "hands.txt")
    assert (result.count_quarantined, sum(rows.num_rows for (table, _), rows in result.tables.items()
                                          if table == "games")) == (1, 0)


def test_a_long_line_before_a_good_game_does_not_hide_its_header():
    text = "y" * (MAX_LINE_CHARS + 1) + "\n" + GOOD.replace("#1:", "#3:") + "\n\n" + GOOD
    assert [r[2][:2] for r in stored(text)] == ["1:", "ok", "ok"]


def test_summary_lines_after_blank_lines_still_belong_to_the_game():
    double_spaced = GOOD.replace("\n", "\n\n")
    assert stored(double_spaced) == [("pokerstars", 1, "ok Anna Boris")]


# ////////////////////////////////////////////////////////////////////// declared header prefixes


def test_every_header_starts_with_a_declared_prefix():
    from parsers.formats import FORMATS, HEADER_PREFIXES, UNSUPPORTED

    def declared(line: str) -> bool:
        return any(line.startswith(p) or (icase and line[:len(p)].lower() == p.lower()) for p, icase in HEADER_PREFIXES)

    headers = [f"{p}x" for fmt in FORMATS for p in fmt.prefixes] + [f"{p}x" for r in UNSUPPORTED.values() for p in r.prefixes]
    files = [p for p in sorted(corpus("").rglob("*")) if p.is_file() and p.suffix in (".txt", ".xml", "")]
    for path in files[:400]:
        headers += [line.lstrip(" \t\ufeff") for line in normalize_lines(decode(path.read_bytes()))[:2000]]
    matched = [line for line in headers if HEADERS.match(line)]
    assert len(matched) > 500
    assert [line for line in matched if not declared(line)] == []
    # and the other way round: what the prefilter lets through includes every case of "PokerStars "
    assert HEADERS.match("POKERSTARS GAME #1:") and declared("POKERSTARS GAME #1:")


_CLUB_HEADER_WORDS = re.compile(r"\A(?:Raspisnoy (?:game|sheet)|Chinese poker hand|OFC hand|Six-card poker session)")


@pytest.mark.parametrize("case", [str.upper, str.lower, str.title])
@pytest.mark.parametrize("example", ["RASPISNOY_LOG", "RASPISNOY_SHEET", "CHINESE", "OFC", "SIXCARD"])
def test_club_headers_are_read_in_any_case(example, case):
    # docs/formats.md: the club formats' keywords may be written in any case, the header's too
    # ("RASPISNOY GAME", "ofc hand", "Six-Card Poker Session"). A Hold'em hand before the game, in a
    # text outside ASCII, keeps its own format, and the game's results are the example's.
    text = getattr(formats_examples, example)
    written = _CLUB_HEADER_WORDS.sub(lambda m: case(m[0]), text)
    assert written != text
    holdem = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2024/01/01 10:00:00 ET\nSeat 1: Ünal ($2)\n\n"
    chunks = split(holdem + written)
    assert [chunk.format for chunk in chunks] == ["pokerstars", split(text)[0].format]
    audited, plain = audit_chunk(chunks[1], "club.txt"), audit_chunk(split(text)[0], "club.txt")
    assert audited.error is None and not audited.replay.findings
    assert audited.replay.players == plain.replay.players


def test_no_line_of_the_hold_em_corpus_is_read_as_a_club_header():
    club = {"raspisnoy_log", "raspisnoy_sheet", "chinese", "ofc", "sixcard"}
    files = [p for folder in ("pokerstars", "rooms", "summaries") for p in sorted(corpus(folder).rglob("*"))
             if p.is_file() and p.suffix in (".txt", ".xml", "")]
    lines = [line.lstrip(" \t\ufeff") for path in files for line in normalize_lines(decode(path.read_bytes()))]
    matched = [(m.lastgroup, line) for line in lines if (m := HEADERS.match(line))]
    assert len(matched) > 500
    assert [(fmt, line) for fmt, line in matched if fmt in club] == []


# ////////////////////////////////////////////////////////////////////// through the ingest


@pytest.mark.parametrize("lane", [True, False])
def test_ingest_stores_every_good_game_of_a_file_with_a_bad_byte_and_junk(lane):
    from pipeline.worker import parse_bytes

    hands = [HAND.format(a=a, b=b).replace("#1:", f"#{n}:") for n, (a, b) in
             enumerate([("Анна", "Борис"), ("Вера", "Глеб"), ("Дима", "Егор"), ("Женя", "Зоя")], 20)]
    text = "\n\n".join(hands[:3]) + "\nBetOnline Hand #9: junk\n\n" + hands[3] + "\n\n" + "\x00" * 64
    data = text.encode("utf-8")
    at = data.index("Seat 1: Дима".encode())
    data = data[:at + 8] + b"\xc0" + data[at + 9:]      # the third hand's seat line (line 33), column 9
    result = parse_bytes(data, "mixed.txt", lane=lane)
    assert result.count_games == 3
    quarantine = result.tables[("quarantine", "holdem")].to_pylist()
    assert [(q["first_line"], q["line"], q["column"]) for q in quarantine] == [(31, 33, 9)]
    assert "\ufffd" in quarantine[0]["text"] and "byte 0xC0" in quarantine[0]["error"]
    unknown = result.tables[("quarantine", "unknown")].to_pylist()
    assert [q["first_line"] for q in unknown] == [45]       # (the NULs that end the file are filler)


def test_a_name_broken_alike_in_every_line_is_stored_with_its_warning_by_every_path():
    """A name whose bytes are not UTF-8 in every line of a hand (as an export tool leaves it)
    reads with U+FFFD alike everywhere: its hand is stored with a ROOM-ENCODING warning at the
    first bad byte, whatever path would take it (here the GGPoker hands' record batch, which
    stores what it certifies without findings), and the hands beside it as they were."""
    from pipeline.worker import WARM_UP, parse_bytes

    def findings(result) -> list[tuple]:
        return sorted((f["rule_id"], f["severity"], f["line"], f["actual"] or "") for (table, _), rows
                      in result.tables.items() if table == "findings" for f in rows.to_pylist())

    data = b"\xef\xbb\xbf" + (WARM_UP / "ggpoker.txt").read_bytes()     # UTF-8, whatever a byte looks like
    first_hand_end = data.index(b"\nPoker Hand #")
    broken = data[:first_hand_end].replace(b"559023", b"5590\xe223") + data[first_hand_end:]
    result = parse_bytes(broken, "gg.txt")
    assert (result.count_games, result.count_quarantined) == (3, 0)
    assert findings(result) == sorted([("ROOM-ENCODING", "warning", 4, "byte 0xE2 at column 13"),
                                       *findings(parse_bytes(data, "gg.txt"))])
    players = {p["player"] for p in result.tables[("game_players", "holdem36")].to_pylist()}    # a Six Plus hand
    assert "5590\ufffd23" in players and not any("559023" in p for p in players)
    # the file's record batch stores the three, the broken one with its warning, row for row as
    # the full path does; broken in one line only, its hand is quarantined at the byte by both
    assert assert_same_rows(broken, "gg.txt") == (3, 0, 3)
    once = data[:first_hand_end].replace(b"Seat 4: 559023", b"Seat 4: 5590\xe223") + data[first_hand_end:]
    assert assert_same_rows(once, "gg.txt") == (2, 0, 2)
    (reason,) = parse_bytes(once, "gg.txt").reasons
    assert reason.startswith("byte 0xE2 cannot be read") and "HE-" in reason


# ////////////////////////////////////////////////////////////////////// a NUL opening every line

def test_a_lone_nul_opening_each_line_is_dropped_and_the_game_is_one_chunk():
    text = "\x00\n\x00" + GOOD.replace("\n", "\n\x00")
    chunks = split(text)
    assert [(c.format, c.first_line) for c in chunks] == [("pokerstars", 2)]
    assert chunks[0].lines == tuple(split(GOOD)[0].lines)
    assert normalize_lines("\x00a\n\x00\n\x00\x00\x00") == ["a", "", ""]


def test_partypoker_hand_with_a_nul_opening_every_line_is_stored_with_its_nets():
    # Every line of this PartyPoker hand opens with a NUL. Player3 posts the $0.02 small blind and
    # folds; Hero posts the $0.04 big blind and raises by $0.08 (to $0.12), Player0 calls $0.08
    # more (to $0.12); on the flop Hero bets $0.18, Player0 folds, and Hero wins $0.43: the $0.26
    # pot and his $0.18 back, less $0.01 rake. Hero: 0.43 - 0.12 - 0.18 = +0.13.
    from pipeline.worker import parse_bytes

    path = corpus("rooms", "PartyPoker", "Flop", "NLHE-6max-USD-0.02-0.04-201209.club.wpt.format.txt")
    result = parse_bytes(path.read_bytes(), path.name)
    assert (result.count_games, result.count_quarantined, result.count_findings) == (1, 0, 0)
    players = result.tables[("game_players", "holdem")].to_pylist()
    nets = {row["player"]: row["net"] for row in players}
    assert nets == {"Player4": 0, "Player3": Decimal("-0.02"), "Hero": Decimal("0.13"), "Player2": 0,
                    "Player0": Decimal("-0.12"), "Player1": 0}
