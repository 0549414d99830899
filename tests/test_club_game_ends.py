"""Where a club format's game ends (parsers.formats Format.last_section…, parsers.source.split): text
after a game that no header opens is a chunk of its own, so the good game is stored and only the
junk goes to quarantine."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.source import split
from tests.conftest import SAMPLES
from tests.split_oracle import split_reference

# The first two games of a sample of each club format, and the header words of the second.
CLUB_SAMPLES = {
    "chinese": ("chinese-night.txt", "Chinese poker hand"),
    "ofc": ("ofc-pineapple.txt", "OFC hand"),
    "raspisnoy_log": ("raspisnoy-night.txt", "Raspisnoy game"),
    "raspisnoy_sheet": ("raspisnoy-sheets.txt", "Raspisnoy sheet"),
    "sixcard": ("sixcard-metropol.txt", "Six-card poker session"),
}


def two_games(fmt: str) -> tuple[list[str], list[str]]:
    """The lines of the first two games of the format's sample, each without its trailing blanks."""
    name, header = CLUB_SAMPLES[fmt]
    lines = (SAMPLES / name).read_text(encoding="utf-8").split("\n")
    starts = [k for k, line in enumerate(lines) if line.startswith(header)][:3]
    games = []
    for begin, end in zip(starts, [*starts[1:], len(lines)], strict=False):
        body = lines[begin:end]
        while not body[-1].strip():
            body.pop()
        games.append(body)
    return games[0], games[1]


def verdicts(text: str) -> list[tuple[str | None, int, str]]:
    """(format, first line, "ok" or the reason) per chunk, as the ingest reads them."""
    out = []
    for chunk in split(text):
        try:
            parse_chunk(chunk, "f.txt")
            out.append((chunk.format, chunk.first_line, "ok"))
        except ParseError as error:
            out.append((chunk.format, chunk.first_line, error.reason))
    return out


def _junk(fmt: str, second: list[str]) -> dict[str, list[str]]:
    header = second[0]
    broken = header.replace(header.split()[1], header.split()[1] + "x", 1)
    return {
        "a broken next header": [broken, *second[1:]],
        "the next header lost": second[1:],
        "unknown text": ["BetOnline game 77 - not a club log", "Seat 1: Kim (10)", "Kim: back [As]"],
        "NULs after a line's text": ["x" + "\x00" * 300],     # (NULs that open a line are filler)
        "a file cut inside the next header": [header[:6]],
        "a file cut after the next header's first lines": second[:3],
    }


@pytest.mark.parametrize("fmt", sorted(CLUB_SAMPLES))
@pytest.mark.parametrize("junk", ["a broken next header", "the next header lost", "unknown text", "NULs after a line's text",
                                  "a file cut inside the next header",
                                  "a file cut after the next header's first lines"])
def test_club_game_followed_by_junk_is_stored_and_the_junk_quarantined_alone(fmt, junk):
    first, second = two_games(fmt)
    after = _junk(fmt, second)[junk]
    text = "\n".join(first) + "\n\n" + "\n".join(after) + "\n"
    result = verdicts(text)
    if junk == "a file cut after the next header's first lines":
        # the next game's header stands: it is a game of its own, cut short
        assert result[0] == (fmt, 1, "ok") and result[1][:2] == (fmt, len(first) + 2), junk
        return
    assert result[0] == (fmt, 1, "ok"), (junk, result)
    assert split(text)[0].lines == tuple(first)
    assert [r[0] for r in result[1:]] == [None], (junk, result)


@pytest.mark.parametrize("fmt", sorted(CLUB_SAMPLES))
def test_a_bad_line_inside_a_club_game_keeps_the_game_whole_for_its_parser_to_report(fmt):
    # A mistyped line in the middle does not end the game: the whole game is quarantined at that
    # line, never stored without its last lines.
    first, second = two_games(fmt)
    middle = len(first) - 3
    bad = [*first[:middle], "Tsick 9: a line nobody wrote", *first[middle:]]
    text = "\n".join(bad) + "\n\n" + "\n".join(second) + "\n"
    result = verdicts(text)
    assert [(f, line) for f, line, _ in result] == [(fmt, 1), (fmt, len(bad) + 2)]
    assert result[0][2] != "ok" and result[1][2] == "ok"


def test_a_once_only_line_written_twice_inside_a_chinese_hand_is_reported_by_its_parser():
    # followed by a line of the hand, the second Date: is a typo in the hand, not the next hand
    first, _ = two_games("chinese")
    date = next(line for line in first if line.startswith("Date:"))
    typo = [*first[:-2], date, *first[-2:]]         # a Date: line twice, inside the hand
    assert verdicts("\n".join(typo) + "\n")[0][2].startswith("Date is given twice")


@pytest.mark.parametrize("fmt", sorted(CLUB_SAMPLES))
def test_split_equals_the_oracle_on_the_club_samples_and_their_junk(fmt):
    first, second = two_games(fmt)
    name = CLUB_SAMPLES[fmt][0]
    texts = [(SAMPLES / name).read_text(encoding="utf-8")]
    for after in _junk(fmt, second).values():
        texts.append("\n".join(first) + "\n\n" + "\n".join(after) + "\n")
        texts.append("\n".join(first) + "\n" + "\n".join(after) + "\n# trailing comment\n")
    for text in texts:
        assert split(text) == split_reference(text)


def grammar_openings(name: str) -> list[str]:
    """How each line the grammar ``name`` reads after a hand's header may open, from its compiled
    rules: a table line's keyword and colon, a player's name and each word that may follow it."""
    from parsers.grammar import grammar

    parser = grammar(name)
    terminals = {t.name: t.pattern for t in parser.terminals}
    expansions = {}
    for rule in parser.rules:
        expansions.setdefault(rule.origin.name, []).append([str(symbol.name) for symbol in rule.expansion])

    def words(symbol: str) -> list[str]:
        # a keyword ("surrenders"i) or a terminal of alternatives (ROW: /back|middle|front/i)
        return terminals[symbol].value.split("|")

    openings = []
    for first, *rest in expansions["line"]:
        if first == "SEAT_NAME":
            for seat in expansions["seat"]:
                opens = expansions[seat[0]][0][0] if seat[0] in expansions else seat[0]    # rows: ROW
                openings += [f"Zed: {word} x" for word in words(opens)]
        elif first == "ACTOR":
            openings += [f"Zed {word} x" for word in words(rest[0])]
        elif rest[:1] == ["COLON"]:
            openings += [f"{word.title()}: x" for word in words(first)]
    return list(dict.fromkeys(openings))


@pytest.mark.parametrize("fmt", ["chinese", "ofc"])
def test_every_line_its_grammar_reads_is_kept_in_its_hand_by_the_splitter(fmt):
    # the splitter spells the grammar's keywords and verbs itself (it runs before any grammar is
    # opened): each line a grammar reads, last in its hand, stays in that hand
    first, second = two_games(fmt)
    openings = grammar_openings(fmt)
    assert len(openings) == (8 + 5 if fmt == "chinese" else 9 + 3), openings
    for line in openings:
        keyword = line.split(":")[0].casefold() if not line.startswith("Zed") else None
        body = [kept for kept in first if keyword is None or not kept.casefold().startswith(keyword)]
        text = "\n".join([*body, line]) + "\n\n" + "\n".join(second) + "\n"
        assert split(text)[0].lines[-1] == line, line
