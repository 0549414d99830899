"""The Chinese poker and OFC grammars: canonical and lenient forms, and errors with positions."""

from __future__ import annotations

import re

import pytest

from parsers.chinese import parse_chinese, parse_ofc
from parsers.errors import ParseError
from pipeline.worker import parse_bytes, parse_file
from rules.cards import parse_cards
from rules.chinese import Row, Status
from rules.ofc import StepKind
from rules.records import Source
from tests import formats_examples
from tests.conftest import SAMPLES

CANONICAL = formats_examples.CHINESE

LENIENT = """Chinese poker hand C-1001
# typed by the club secretary
Date:   2026-11-28 22:10
Club: Tverskaya
Scoring:  2 - 4
Players: Anna ,  Boris, Vera
Dealer: Vera
Anna:   back [К♥ Кб Кт 4п 4♦]  middle [Дп Д♥ 9♣ 7б 2т]   front [6♠ 6♥ 3♣]   # kings full
Boris: back [Т♥ В♥ 8♥ 5♥ 2♥], middle [10♣ 10♦ 9♠ 9♥ 3♦], front [5♠ 5♣ Т♦]

Vera:  surrenders
Royalties: Anna 0 , Boris 0
Points: Anna +4, Boris 0, Vera −4
"""


def src(n: int, first: int = 1) -> Source:
    return Source(file="t.txt", first_line=first, last_line=first + n - 1, game_id="t")


def parse(text: str, parser=parse_chinese):
    lines = tuple(text.rstrip("\n").split("\n"))
    return parser(lines, src(len(lines)))


def seats(record):
    return [(s.player, s.status, s.rows) for s in record.seats]


def test_canonical_chinese_log_parses_every_line():
    record = parse(CANONICAL)
    assert record.hand_id == "C-1001" and record.info.club == "Tverskaya"
    assert record.info.played_at.isoformat() == "2026-11-28T22:10:00"
    assert record.players == ("Anna", "Boris", "Vera") and record.dealer == "Vera"
    assert record.seats[0].rows[0] == (Row.BACK, parse_cards("Kh Kd Kc 4s 4d"))
    assert record.seats[2].status is Status.SURRENDER
    assert [(c.player, int(c.amount)) for c in record.points.items] == [("Anna", 4), ("Boris", 0), ("Vera", -4)]
    assert record.points.line == 11 and record.seats[1].line == 8


def test_lenient_chinese_log_unicode_russian_ten_spaces_comments_commas():
    canonical, lenient = parse(CANONICAL), parse(LENIENT)
    assert seats(lenient) == seats(canonical)
    assert lenient.scoring is canonical.scoring and lenient.players == canonical.players
    assert [c.amount for c in lenient.points.items] == [c.amount for c in canonical.points.items]


@pytest.mark.parametrize("encode", [
    lambda text: text.replace("\n", "\r\n").encode("utf-8"),
    lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),
    lambda text: text.replace("Anna", "Анна").replace("Boris", "Борис").encode("cp1251"),
], ids=["crlf", "bom", "cp1251"])
def test_chinese_log_in_any_file_encoding_is_ingested(tmp_path, encode):
    path = tmp_path / "night.txt"
    path.write_bytes(encode(CANONICAL.replace("♥", "h")))
    result = parse_file(path)
    assert (result.count_games, result.count_quarantined) == (1, 0)
    nets = result.tables[("game_players", "chinese")].column("net").to_pylist()
    assert sorted(int(n) for n in nets) == [-4, 0, 4]
    assert result.tables[("findings", "chinese")].num_rows == 0 if ("findings", "chinese") in result.tables else True


def test_natural_line():
    record = parse(CANONICAL.replace("Vera: surrenders",
                                     "Vera: natural  Six Pairs [2c 2d 5h 5s 7c 7d 9h Jc Jd Kh Ks Ac As]"))
    assert record.seats[2].natural.value == "six pairs" and len(record.seats[2].cards) == 13


@pytest.mark.parametrize(("old", "new", "line", "at", "words"), [
    ("front [6s 6h 3c]", "front [6s 6h 3x]", 7, "3x", "expected a card like As or 10♥, found '3x'"),
    ("Scoring: 2-4", "Scoring: 3-5", 4, "3-5", "expected a scoring (1-6 or 2-4)"),
    ("Vera: surrenders", "Vera: folds", 9, "Vera", "a player's name and their rows or the end of the line, found 'Vera'"),
    ("middle [Qs", "centre [Qs", 7, "centre", "a row (back, middle or front) or the end of the line, found 'centre'"),
    ("Anna: back", "Anna back", 7, "Anna", "expected 'club', 'date'"),
])
def test_syntax_errors_say_where_and_what(old, new, line, at, words):
    with pytest.raises(ParseError) as caught:
        parse(CANONICAL.replace(old, new))
    error = caught.value
    column = CANONICAL.replace(old, new).split("\n")[line - 1].index(at) + 1
    assert (error.line, error.column) == (line, column), str(error)
    assert words in error.reason
    assert error.line_text == CANONICAL.replace(old, new).split("\n")[line - 1]


def test_missing_players_line_is_a_parse_error():
    with pytest.raises(ParseError, match="no Players: line"):
        parse(CANONICAL.replace("Players: Anna, Boris, Vera\n", ""))


@pytest.mark.parametrize("rules", ["Rules: jokers 2", "Rules:  surrender off,  jokers 2, natural 3"])
def test_unknown_ruleset_setting_is_a_parse_error_at_its_column(rules):
    # at the setting refused, as raspisnoy's parser says it
    with pytest.raises(ParseError, match="'jokers 2' is not a setting") as caught:
        parse(CANONICAL.replace("Dealer: Vera", f"Dealer: Vera\n{rules}"))
    assert (caught.value.line, caught.value.column, caught.value.line_text) == (7, rules.index("jokers") + 1, rules)


def test_syntax_error_goes_to_quarantine_with_file_positions(tmp_path):
    path = tmp_path / "night.txt"
    path.write_text("# two hands\n\n" + CANONICAL + "\n" + CANONICAL.replace("C-1001", "C-1002").replace("3c]", "3z]"),
                    encoding="utf-8")
    result = parse_file(path)
    assert (result.count_games, result.count_quarantined) == (1, 1)
    row = result.tables[("quarantine", "chinese")].to_pylist()[0]
    assert (row["first_line"], row["line"], row["column"]) == (15, 21, CANONICAL.split("\n")[6].index("3c]") + 1)
    assert "expected a card like As or 10♥, found '3z'" in row["error"]


@pytest.mark.parametrize(("old", "new", "line", "at"), [
    ("Boris: back", "Boirs: back", 8, "Boirs"),
    ("Vera: surrenders", "Vira: surrenders", 9, "Vira"),
    ("Dealer: Vera", "Dealer: Vira", 6, "Vira"),
    ("Royalties: Anna 0", "Royalties: Ana 0", 10, "Ana"),
    ("Points: Anna +4, Boris 0", "Points: Anna +4, Boirs 0", 11, "Boirs"),
])
def test_a_name_not_among_the_players_is_refused_at_its_column(old, new, line, at):
    # As raspisnoy refuses one: read as a player of its own, a misspelling took the points of another.
    text = CANONICAL.replace(old, new)
    with pytest.raises(ParseError) as caught:
        parse(text)
    error = caught.value
    assert error.reason == f"'{at}' is not one of the players (Anna, Boris, Vera)"
    assert (error.line, error.column, error.line_text) == (line, text.split("\n")[line - 1].index(at) + 1,
                                                           text.split("\n")[line - 1])


def test_a_misspelled_name_quarantines_its_hand_and_stores_none_of_it(warehouse, tmp_path):
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect
    seat = CANONICAL.replace("C-1001", "C-1002").replace("Boris: back", "Boirs: back")
    claim = CANONICAL.replace("C-1001", "C-1003").replace("Boris 0, Vera -4", "Boirs 0, Vera -4")
    path = tmp_path / "night.txt"
    path.write_text(CANONICAL + "\n" + seat + "\n" + claim, encoding="utf-8")
    summary = ingest([path], warehouse, jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (1, 2, 0)
    with connect(warehouse) as con:
        refused = con.execute('select line, "column", error from stg_quarantine order by line').fetchall()
        players = con.execute("select player from stg_game_players order by player").fetchall()
    assert refused == [(20, 1, "'Boirs' is not one of the players (Anna, Boris, Vera)"),
                       (35, 18, "'Boirs' is not one of the players (Anna, Boris, Vera)")]
    assert players == [("Anna",), ("Boris",), ("Vera",)]


# ---------------------------------------------------------------- OFC

OFC = """OFC hand O-7
Variant: pineapple
Scoring: 1-6
Players: Anna, Boris
Dealer: Boris
Rules: royalties modern
Anna sets: back [Ah Ad] middle [7c 8c] front [2h]
Boris sets: back [Ks Kc Kd] middle [5d] front [Qh]
Anna draws [Kd 5s 2c]: Kd middle, 5s back, discards 2c
Boris fantasyland [14 cards]: back [As]
"""


def test_ofc_lines_sets_draws_pineapple_and_rules():
    text = OFC.replace("Boris fantasyland [14 cards]: back [As]\n", "")
    record = parse(text, parse_ofc)
    assert record.variant.value == "pineapple" and record.rules.royalties.value == "modern"
    kinds = [(s.player, s.kind, len(s.dealt)) for s in record.steps]
    assert kinds == [("Anna", StepKind.SET, 5), ("Boris", StepKind.SET, 5), ("Anna", StepKind.DRAW, 3)]
    draw = record.steps[2]
    assert [(str(p.card), p.row) for p in draw.placements] == [("Kd", Row.MIDDLE), ("5s", Row.BACK), ("2c", None)]


def test_ofc_lenient_classic_draw_and_fantasyland_line():
    text = ("OFC hand O-8\nVariant: fantasyland\nPlayers: Anna Maria, Boris\n"
            "Anna Maria   draws   10♥ :  Front\n"
            "Boris fantasyland [Ah Ad Ac 4s 4d 7c 8c 9c Tc 2c 2h 3d 5s Kh]: back [Ah Ad Ac 4s 4d] "
            "middle [7c 8c 9c Tc 2c] front [2h 3d 5s] discards [Kh]\n")
    record = parse(text, parse_ofc)
    assert record.steps[0].player == "Anna Maria" and str(record.steps[0].dealt[0]) == "Th"
    assert record.steps[0].placements[0].row is Row.FRONT
    fantasy = record.steps[1]
    assert fantasy.kind is StepKind.FANTASYLAND and len(fantasy.dealt) == 14
    assert sum(p.row is None for p in fantasy.placements) == 1


def test_ofc_pineapple_with_fantasyland_in_one_variant_line_says_to_write_fantasyland():
    # formats.md: one variant a hand; the app game "Pineapple with Fantasyland" is `Variant: fantasyland`
    text = OFC.replace("Boris fantasyland [14 cards]: back [As]\n", "").replace("Variant: pineapple",
                                                                              "Variant: pineapple, fantasyland")
    with pytest.raises(ParseError) as caught:
        parse(text, parse_ofc)
    assert (caught.value.line, caught.value.column) == (2, 19)
    assert caught.value.reason == ("expected the end of the line, found ', fantasyland': a hand names one variant; "
                                   "write `Variant: fantasyland` for a Fantasyland hand, whose other players draw "
                                   "classic or Pineapple")
    with pytest.raises(ParseError) as caught:    # a variant line without Fantasyland is told as before
        parse(text.replace("pineapple, fantasyland", "pineapple, classic"), parse_ofc)
    assert caught.value.reason == "expected the end of the line, found ', classic'"


def test_ofc_syntax_error_names_the_expected_row():
    with pytest.raises(ParseError) as caught:
        parse(OFC.replace("Kd middle", "Kd centre"), parse_ofc)
    assert caught.value.line == 9 and "a row (back, middle or front)" in caught.value.reason


@pytest.mark.parametrize(("line", "bad"), [
    ("Anna draws [Kd 5x 2c]: Kd middle, 2c back, discards 5x", "5x"),   # one token: the card read after
    ("Anna draws Kx: back", "Kx"),                                      # token by token
    ("Anna draws [Kd 5s 2c]: Kd middle, 5s bak, discards 2c", "bak"),
])
def test_ofc_draw_line_errors_point_at_the_fault(line, bad):
    text = OFC.replace("Anna draws [Kd 5s 2c]: Kd middle, 5s back, discards 2c", line)
    with pytest.raises(ParseError) as caught:
        parse(text, parse_ofc)
    assert (caught.value.line, caught.value.column) == (9, line.index(bad) + 1), str(caught.value)


@pytest.mark.parametrize(("old", "new", "at"), [
    ("Boris draws 6h: back", "Borya draws 6h: back", "Borya"),
    ("Anna sets: back", "Ann sets: back", "Ann"),
    ("Dealer: Boris", "Dealer: Bors", "Bors"),
    ("Points: Anna +2, Boris -2", "Points: Anna +2, Boris -2, Vera 0", "Vera"),
])
def test_ofc_a_name_not_among_the_players_is_refused_at_its_column(old, new, at):
    text = formats_examples.OFC.replace(old, new)
    with pytest.raises(ParseError) as caught:
        parse(text, parse_ofc)
    error = caught.value
    assert error.reason == f"'{at}' is not one of the players (Anna, Boris)"
    assert error.column == error.line_text.index(at) + 1 and error.line_text == text.split("\n")[error.line - 1]


def test_ofc_draw_lines_in_any_spelling_read_alike():
    plain = parse(OFC.replace("Boris fantasyland [14 cards]: back [As]\n", ""), parse_ofc)
    fancy = parse(OFC.replace("Boris fantasyland [14 cards]: back [As]\n", "").replace(
        "Anna draws [Kd 5s 2c]: Kd middle, 5s back, discards 2c",
        "Anna  DRAWS [К♦ 5п 2т] :  Кб Middle ,5♠ back,discards 2♣   # a comment"), parse_ofc)
    assert plain.steps == fancy.steps


BLANKS = " " * 40
"""Enough blanks that a line expression trying every way of splitting them would never finish."""


def test_failing_line_with_a_long_run_of_blanks_is_refused_where_it_fails():
    from parsers.chinese import line_statements
    bad = CANONICAL.replace("Dealer: Vera", f"Dealer:{BLANKS}Vera{BLANKS}:")
    lines = tuple(bad.rstrip("\n").split("\n"))
    assert line_statements("chinese", lines) is None     # left to the parser, which says where
    with pytest.raises(ParseError) as error:
        parse(bad)
    assert error.value.line == 6 and error.value.column == len("Dealer:") + 2 * len(BLANKS) + len("Vera") + 1


def test_ofc_failing_line_with_a_long_run_of_blanks_is_refused():
    from parsers.chinese import line_statements
    lines = ("OFC hand 7", "Players: Anna, Boris", f"Anna{BLANKS}draws{BLANKS}Ac{BLANKS}:{BLANKS}sideways")
    assert line_statements("ofc", lines) is None
    with pytest.raises(ParseError) as error:
        parse_ofc(lines, src(3))
    assert error.value.line == 3


def test_blanks_between_a_line_s_words_read_as_one():
    spaced = CANONICAL.replace("Dealer: Vera", f"Dealer:{BLANKS}Vera{BLANKS}")
    assert parse(spaced).dealer == "Vera" and parse(spaced).dealer_line == 6


def test_a_grammars_analysis_is_kept_and_a_later_run_loads_it_to_the_same_parser(tmp_path, monkeypatch):
    """The second opening loads the analysis the first one kept (Lark's cache), and reads lines
    as the analysed grammar does: the same line expressions and the same statements."""
    from parsers import grammar

    monkeypatch.setattr(grammar, "ANALYSES", tmp_path / "analyses")
    opened = [grammar.open_grammar("chinese", maybe_placeholders=False) for _ in range(2)]
    # one file, no .lark one: the rules version hashes the grammars, never what Lark made of them
    assert [(path.name.split("-")[0], path.suffix) for path in (tmp_path / "analyses").iterdir()] == [
        ("chinese", ".analysis")]
    assert opened[0].source_path != "<deserialized>" and opened[1].source_path == "<deserialized>"
    expressions = [grammar.line_expression(parser, ("header", "line"), frozenset({"dealer", "players"}))
                   for parser in opened]
    assert expressions[0][0].pattern == expressions[1][0].pattern
    assert dict(expressions[0][1]) == dict(expressions[1][1])
    assert opened[0].parse(CANONICAL) == opened[1].parse(CANONICAL)


def test_a_grammar_opens_where_its_analysis_cannot_be_kept(tmp_path, monkeypatch):
    from parsers import grammar

    (tmp_path / "a file").write_text("", encoding="utf-8")
    monkeypatch.setattr(grammar, "ANALYSES", tmp_path / "a file" / "analyses")
    parser = grammar.open_grammar("chinese", maybe_placeholders=False)
    assert parser.source_path != "<deserialized>" and parser.parse(CANONICAL)


# ---------------------------------------------------------------- names with brackets


def stored(text: str, *, lane: bool, renamed: str = "Anna", name: str = "Anna"):
    """What a file's games store, per game by its first line: each player (``renamed`` written
    back as ``name``) with his net, and the quarantine's reasons."""
    result = parse_bytes(text.encode(), "names.txt", lane=lane)
    rows = {}
    for (table, _), batch in result.tables.items():
        if table == "game_players":
            games = {row["game_id"]: row["first_line"] for (t, _), b in result.tables.items() if t == "games"
                     for row in b.to_pylist()}
            for row in batch.to_pylist():
                player = name if row["player"] == renamed else row["player"]
                rows.setdefault(games[row["game_id"]], []).append((player, row["net"]))
        elif table == "quarantine":
            for row in batch.to_pylist():
                rows[row["first_line"]] = row["error"]
    return rows


@pytest.mark.parametrize("sample", ["chinese-night.txt", "ofc-classic.txt", "ofc-pineapple.txt",
                                    "ofc-fantasyland.txt", "ofc-fantasyland-examples.txt"])
@pytest.mark.parametrize("name", ["Марк [Казань]", "[Гость] Иван", "Front [Гость] back", "Гость Draws Sets", "A|B"])
def test_a_name_with_brackets_is_read_in_every_line_that_names_a_player(sample, name):
    # A bracket opens cards only after a name (its colon, its verb): "Марк [Казань]" is one name,
    # and the night reads as it did with Anna in his place, in both readers.
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    assert "Anna" in text
    renamed = re.sub(r"\bAnna\b", name, text)
    for lane in (True, False):
        expected = stored(text, lane=lane)
        assert stored(renamed, lane=lane, renamed=name) == expected
        assert all(isinstance(rows, list) for rows in expected.values())


@pytest.mark.parametrize(("example", "last", "ends"), [
    (formats_examples.CHINESE, "Vera: surrenders", "Royalties:"),
    (formats_examples.OFC, "Boris draws 7d: front", "Royalties:"),
])
def test_a_hand_ending_on_the_line_of_a_name_with_brackets_keeps_that_line(example, last, ends):
    # With no claims, a player's line ends the hand: the splitter keeps it with its hand whatever
    # the name holds, instead of cutting it off as a text of its own.
    player = last.split()[0].rstrip(":")
    head, _ = example.split(ends)
    lines = [line for line in head.splitlines() if line != last] + [last]
    text = "\n".join(lines) + "\n"
    renamed = re.sub(rf"\b{player}\b", "Марк [Казань]", text)
    expected = stored(text, lane=False, renamed=player, name=player)
    assert len(expected) == 1 and isinstance(next(iter(expected.values())), list)
    for lane in (True, False):
        assert stored(renamed, lane=lane, renamed="Марк [Казань]", name=player) == expected
