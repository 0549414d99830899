"""Raspisnoy grammars: the canonical forms of FORMATS.md, the lenient ones, and syntax errors in words."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.errors import ParseError
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from rules.cards import Card
from rules.raspisnoy import JokerCall, RoundKind, Ruleset, replay_log, replay_sheet
from tests.test_raspisnoy_rules import FORMATS_LOG, FORMATS_SHEET, parse


def test_log_canonical_form_fields():
    game = parse(FORMATS_LOG)
    assert game.name == "R-2026-11-28-1" and game.players == ("Anna", "Boris", "Vera")
    assert game.info.club == "Tverskaya" and str(game.info.played_at) == "2026-11-28 19:30:00"
    assert game.info.ruleset == Ruleset().canonical and game.first_dealer == "Anna"
    first, second = game.rounds
    assert (first.number, first.cards, first.kind, first.dealer, first.trump) == (1, 1, RoundKind.REGULAR, "Anna", Card.parse("9h"))
    assert second.hands[1] == ("Anna", (Card.parse("7s"), Card.parse("Th")))
    assert second.tricks[0].plays[1].declaration.call is JokerCall.HIGH
    assert second.totals.values[1] == ("Vera", Decimal(15)) and second.totals.line == 21


def test_sheet_canonical_form_fields():
    sheet = parse(FORMATS_SHEET)
    assert sheet.players == ("Anna", "Boris", "Vera") and len(sheet.rows) == 2
    cell = sheet.rows[1].cells[2]
    assert (cell.player, cell.bid, cell.tricks, cell.total) == ("Vera", 0, 1, Decimal(11))
    assert sheet.rows[0].line == 9


LENIENT_LOG = """\ufeffRaspisnoy game  R-lenient\r
# a comment line\r
Date: 28.11.2026 19:30\r
Club:   Tverskaya\r
Players: Anna , Boris,Vera\r
Rules: default\r
First dealer: Anna\r
\r
Round 1:  1 card , regular , dealer Anna , trump 9♥    # trailing comment\r
Hands: Boris [Т♠], Vera [6т], Anna [Кб]\r
BIDS: Boris 1, Vera pass, Anna 1\r
Trick 1: Boris Тп, Vera 6♣, Anna Kd ; won by Boris\r
Points: Boris +10, Vera 5, Anna −10\r
\r
\r
Round 2: 2 cards, regular, dealer Boris, trump Вт\r
Hands: Vera [Дч 7c], Anna [7♠ 10♥], Boris [A♥ 8♦]\r
Bids: Vera 1, Anna 1, Boris 1\r
Trick 1: Vera Qh, Anna 7s HIGH, Boris Ah; won by Anna\r
Trick 2: Anna 10h, Boris 8d, Vera 7c; won by Vera\r
Totals: Boris 0, Vera 15, Anna 0\r
"""


@pytest.mark.parametrize("encoding", ["utf-8", "cp1251"])
def test_log_lenient_forms_parse_like_the_canonical_one(tmp_path, encoding):
    # Unicode suits, Russian ranks (Т К Д В) and suits (п т б ч), 10, CRLF, BOM, comments, spaces, case.
    # Windows-1251 has no suit symbols: Russian suit letters instead, and a Russian comment as clubs write.
    text = LENIENT_LOG if encoding == "utf-8" else LENIENT_LOG.replace("\ufeff", "").replace("♥", "ч").replace(
        "♠", "п").replace("♣", "т").replace("♦", "б").replace("−", "-").replace("a comment line", "Турнир клуба Тверская, вечер пятницы")
    path = tmp_path / "lenient.txt"
    path.write_bytes(text.encode(encoding))
    from pipeline.worker import parse_file
    result = parse_file(path)
    assert result.count_games == 1 and result.count_quarantined == 0
    game = result.tables[("raspisnoy_rounds", "raspisnoy")].to_pylist()
    assert [r["total"] for r in game if r["round_no"] == 2] == [15, 0, 0]
    assert result.count_findings == 0


def test_log_lenient_cards_are_the_canonical_cards():
    game = parse(LENIENT_LOG.replace("\r", "").replace("\ufeff", ""))
    assert game.rounds[0].hands == parse(FORMATS_LOG).rounds[0].hands
    assert game.rounds[1].hands == parse(FORMATS_LOG).rounds[1].hands
    assert replay_log(game).findings == ()


def test_unfinished_game_is_ingested(warehouse, tmp_path):
    lines = FORMATS_LOG.splitlines()[:13]  # stops after round 1
    path = tmp_path / "unfinished.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    summary = ingest([path], warehouse, jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (1, 0, 0)


def test_rules_line_settings_become_the_canonical_ruleset():
    text = FORMATS_LOG.replace("Rules: default", "Rules: deck 36, joker 7s, Pass Limit 2, hook on")
    assert parse(text).info.ruleset == parse(FORMATS_LOG).info.ruleset
    text = FORMATS_LOG.replace("Rules: default", "Rules: specials misere golden, special multiplier 2")
    assert "specials misere golden" in parse(text).info.ruleset and "special multiplier 2" in parse(text).info.ruleset


def test_unknown_rules_setting_is_a_parse_error_naming_it_and_the_known_ones():
    with pytest.raises(ParseError) as error:
        parse(FORMATS_LOG.replace("Rules: default", "Rules: deck 36, trumps rotate"))
    assert (error.value.line, error.value.column) == (5, 17)
    assert "'trumps rotate' is not a setting of raspisnoy" in error.value.reason
    assert "pass limit, hook, joker low" in error.value.reason


def test_bad_setting_value_says_what_is_allowed():
    with pytest.raises(ParseError, match="'deck 52': deck takes '36' or '54', not '52'"):
        parse(FORMATS_LOG.replace("Rules: default", "Rules: deck 52"))


@pytest.mark.parametrize("line, bad, where, words", [
    (11, "Trick 1: Boris Ax, Vera 6c, Anna Kd; won by Boris", (11, 16), "expected a card like As or 10♥"),
    (10, "Bids: Boris one, Vera 0, Anna 1", (10, 13), "expected a bid (a whole number or pass)"),
    (8, "Round 1: 1 card, regulr, dealer Anna, trump 9h", (8, 18), "expected a round kind"),
    (9, "Hands: Boris [As, Vera [6c], Anna [Kd]", (9, 14), "expected a hand of cards in brackets like [As 10h]"),
    (9, "Hands: Boris [As], Vera [6x], Anna [Kd]", (9, 26), "expected a card like As or 10♥, found '6x'"),
    (12, "Points: Boris ten, Vera 5, Anna -10", (12, 15), "expected a number of points"),
    # a header cut short: the line ends (column 38, after "Anna"), not the game, which goes on; told
    # as the other club formats tell a line that ends before a thing it holds
    (8, "Round 1: 1 card, regular, dealer Anna", (8, 38), "'trump <card>' or a comma is missing after 'Anna'"),
])
def test_syntax_errors_say_where_and_what_in_words(line, bad, where, words):
    lines = FORMATS_LOG.splitlines()
    lines[line - 1] = bad
    with pytest.raises(ParseError) as error:
        parse("\n".join(lines) + "\n")
    assert (error.value.line, error.value.column) == where
    assert words in error.value.reason
    assert error.value.line_text == bad


@pytest.mark.parametrize("text, where, words", [
    # the bad card written twice, in the hand (9:15, the A of [Ax]) and in the trick (11:16)
    (FORMATS_LOG.replace("Boris [As]", "Boris [Ax]").replace("Boris As,", "Boris Ax,"), (9, 15),
     "expected a card like As or 10♥, found 'Ax'"),
    # a misspelt name in the bids (10:24), then a bad card in the trick
    (FORMATS_LOG.replace("Anna 1\n", "Ana 1\n", 1).replace("Boris As,", "Boris Ax,"), (10, 24),
     "'Ana' is not one of the players"),
    # a misspelt column of the sheet (8:35), then a row's tricks that are no number
    (FORMATS_SHEET.replace("| Boris     |", "| Borsi     |").replace("0/1 11", "0/x 11"), (8, 35),
     "'Borsi' is not one of the players"),
])
def test_the_first_error_in_the_text_is_the_one_raised(text, where, words):
    # A line that fails its own reading (the trick, the row) is found before the fields of the lines
    # above it are read; their error comes first in the text, as when it is the only one.
    with pytest.raises(ParseError) as error:
        parse(text)
    assert (error.value.line, error.value.column) == where
    assert words in error.value.reason


def test_unknown_player_is_a_parse_error_at_the_name():
    with pytest.raises(ParseError, match=r"'Bors' is not one of the players \(Anna, Boris, Vera\)") as error:
        parse(FORMATS_LOG.replace("won by Boris", "won by Bors"))
    assert error.value.line == 11


def test_sheet_syntax_error_and_columns():
    with pytest.raises(ParseError) as error:
        parse(FORMATS_SHEET.replace("0/1 11", "0/x 11"))
    assert error.value.line == 10 and "expected the tricks taken (a whole number)" in error.value.reason
    with pytest.raises(ParseError, match="round 2 has 2 columns of players, the table has 3"):
        parse(FORMATS_SHEET.replace("| 1/1 15    | 0/1 11", "| 1/1 15"))
    with pytest.raises(ParseError, match="round 2 has 1 column of players, the table has 3"):
        parse(FORMATS_SHEET.replace(" | 1/1 15    | 0/1 11", ""))


def test_syntax_error_goes_to_quarantine_with_file_line_column(warehouse, tmp_path):
    path = tmp_path / "night.txt"
    broken = FORMATS_LOG.replace("Boris As,", "Boris Ax,")
    path.write_text(FORMATS_SHEET + "\n" + broken, encoding="utf-8")
    summary = ingest([path], warehouse, jobs=1)
    assert (summary.games, summary.quarantined) == (1, 1)
    with connect(warehouse) as con:
        row = con.execute("select game, line, \"column\", error from stg_quarantine").fetchone()
    # The log starts at file line 12, so its line 11 is file line 22.
    assert row[:3] == ("raspisnoy", 22, 16) and "expected a card like As or 10♥, found 'Ax'" in row[3]


def test_sheet_lenient_forms():
    text = FORMATS_SHEET.replace("Players: Anna | Boris | Vera", "Players: Anna, Boris, Vera").replace(
        " 1  1     regular   | 1/0 -10", "# first round\n 1  1     Regular | 1 / 0   -10")
    sheet = parse(text)
    assert replay_sheet(sheet).findings == () and sheet.rows[0].line == 10


def test_formats_rules_line_example():
    game = parse(FORMATS_LOG.replace("Rules: default", "Rules: deck 54, max cards 9, specials no-trump blind misere golden"))
    assert game.rules.deck == 54 and game.info.ruleset.startswith("deck 54, joker JK, max cards 9, specials no-trump")


@pytest.mark.parametrize("line, bad, column", [
    (9, "Hands: Boris [As], Vira [6c], Anna [Kd]", 20),
    (10, "Bids: Boris 1, Vera 0, Ana 1", 24),
    (11, "Trick 1: Boris As, Vera 6c, Ann Kd; won by Boris", 29),
    (12, "Points: Boris 10, Vera 5, Anya -10", 27),
    (15, "Round 2: 2 cards, regular, dealer Borya, trump Jc", 35),
])
def test_unknown_player_is_reported_at_its_column_on_every_kind_of_line(line, bad, column):
    # The fast reading has no columns: a wrong field makes the line be read again with them.
    lines = FORMATS_LOG.splitlines()
    lines[line - 1] = bad
    with pytest.raises(ParseError, match="is not one of the players") as error:
        parse("\n".join(lines) + "\n")
    assert (error.value.line, error.value.column, error.value.line_text) == (line, column, bad)


def test_a_decimal_comma_in_points_and_totals_reads_as_a_decimal_point(warehouse, tmp_path):
    # The fast reading splits a Points: or Totals: line at its commas, which a decimal comma is too.
    comma = FORMATS_LOG.replace("Points: Boris 10, Vera 5,", "Points: Boris 10, Vera 7,5,").replace(
        "Totals: Boris 0, Vera 15, Anna 0", "Totals: Boris 0, Vera 15, Anna 0,5")
    assert parse(comma).rounds == parse(comma.replace("7,5", "7.5").replace("0,5", "0.5")).rounds
    path = tmp_path / "comma.txt"
    path.write_text(comma, encoding="utf-8")
    summary = ingest([path], warehouse, jobs=1)
    assert (summary.games, summary.quarantined) == (1, 0)
    with connect(warehouse) as con:
        written = con.execute("select round_no, player, points_written, total_written from stg_raspisnoy_rounds "
                              "where (round_no, player) in ((1, 'Vera'), (2, 'Anna')) order by round_no").fetchall()
    assert written == [(1, "Vera", Decimal("7.5"), Decimal(5)), (2, "Anna", Decimal(10), Decimal("0.5"))]


def test_line_out_of_place_names_the_lines_expected():
    lines = FORMATS_LOG.splitlines()
    lines.insert(13, "Club: Arbat")  # after round 1's Totals
    with pytest.raises(ParseError) as error:
        parse("\n".join(lines) + "\n")
    assert (error.value.line, error.value.column) == (14, 1)
    assert "expected 'Bids:', 'Hands:', 'Points:', 'Totals:', 'Trick <n>:'" in error.value.reason
    assert "found 'Club:'" in error.value.reason


def _agreement_texts() -> list[str]:
    from pipeline.generators.raspisnoy import generate
    from tests.conftest import SAMPLES
    samples = [path.read_text(encoding="utf-8") for path in sorted(SAMPLES.glob("raspisnoy-*.txt"))]
    assert len(samples) >= 6
    return samples + [
        FORMATS_LOG, LENIENT_LOG.replace("\r", "").replace("\ufeff", ""), FORMATS_SHEET,
        generate("raspisnoy", seed=3, players=4, rules="deck 54", rounds=14),
        generate("raspisnoy_sheet", seed=3, players=5, rounds=8),
        generate("raspisnoy", seed=5, players=4),                        # a whole 36-round game
        generate("raspisnoy", count=3, seed=6, players=3, strategy="random", rules="deck 54"),
        generate("raspisnoy", count=2, seed=7, players=6, strategy="random"),
    ]


def _games(text: str):
    from parsers.formats import HEADERS, parse_chunk
    from parsers.source import normalize_lines, split_games
    for chunk in split_games(normalize_lines(text), HEADERS):
        try:
            yield parse_chunk(chunk, "agree.txt")
        except ParseError as error:
            yield ("error", error.line, error.column, error.reason)


def test_every_line_reads_to_the_tokens_of_lark_parse_of_it():
    # The expressions generated from the grammar give each line the tokens Lark's parse of the line
    # alone gives: the same types, texts and columns, in order.
    import parsers.raspisnoy as module
    from parsers.formats import HEADERS
    from parsers.source import normalize_lines, split_games
    compared = 0
    for text in _agreement_texts():
        for chunk in split_games(normalize_lines(text), HEADERS):
            grammar = "raspisnoy_log" if chunk.lines[0].lower().startswith("raspisnoy game") else "raspisnoy_sheet"
            reading = module._Lines(chunk.lines, grammar)
            reading.check()
            for kind, index, found in reading.read:
                line = found.string if not isinstance(found, module.Tree) else chunk.lines[index]
                assert not isinstance(found, module.Tree), (kind, line)
                tree = module._line_parser(grammar).parse(line, start=module._RULE[kind])
                fast = [(kind_, str(f), f.column) for kind_, f in module._tokens(reading.reading, kind, found, 1)]
                lark = [(kind_, str(f), f.column) for kind_, f in module._tokens(reading.reading, kind, tree, 1)]
                assert fast == lark, line
                compared += 1
    assert compared > 1_000


def test_lines_read_by_the_grammar_alone_give_the_same_records(monkeypatch):
    # Every line read through its one-line Lark rule (the path of a form the expressions do not
    # read) gives the record the generated expressions give.
    import parsers.raspisnoy as module
    texts = _agreement_texts()
    fast = [list(_games(text)) for text in texts]

    class NoMatch:
        def fullmatch(self, line):
            return None

    for grammar in ("raspisnoy_log", "raspisnoy_sheet"):
        reading = module._reading(grammar)
        for kind, (_, alternatives) in list(reading.lines.items()):
            monkeypatch.setitem(reading.lines, kind, (NoMatch(), alternatives))
            monkeypatch.setitem(reading.fullmatch, kind, NoMatch().fullmatch)
    slow = [list(_games(text)) for text in texts]
    assert slow == fast
    assert sum(len(games) for games in fast) > 20


@given(spaces=st.lists(st.sampled_from(["", " ", "  ", "\t"]), min_size=64, max_size=64), upper=st.booleans())
@settings(max_examples=30, deadline=None)
def test_spacing_and_case_of_keywords_do_not_change_the_record(spaces, upper):
    # Blanks may stand or not between any two fields that the grammar separates by punctuation.
    canonical = parse(FORMATS_LOG)
    pieces = iter(spaces)
    lines = FORMATS_LOG.splitlines()
    for at in range(7, len(lines)):  # the round lines: around commas, semicolons and the colon after a number
        lines[at] = re.sub(r" *([,;]|(?<=\d):) *", lambda m: next(pieces, "") + m.group(1) + " " + next(pieces, ""),
                           lines[at])
    text = "\n".join(lines) + "\n"
    if upper:
        text = re.sub(r"^(Hands|Bids|Trick|Points|Totals|Round)", lambda m: m.group(1).upper(), text,
                      flags=re.MULTILINE)
    assert parse(text).rounds == canonical.rounds


# Each keyword of the worked examples that a colon ends, and how many lines open with one.
_KEYS = re.compile(r"^(Date|Club|Players|Rules|First dealer|Hands|Bids|Points|Totals)(?=:)", re.MULTILINE)


@pytest.mark.parametrize(("example", "keys", "played_at", "last_totals"), [
    ("log", 5 + 2 * 4, datetime(2026, 11, 28, 19, 30), {"Anna": 0, "Boris": 0, "Vera": 15}),
    ("sheet", 5, datetime(2026, 11, 28), {"Anna": -5, "Boris": 15, "Vera": 11}),
])
@pytest.mark.parametrize("blanks", [" ", "\t", " \t "])
def test_blanks_before_a_keywords_colon_store_the_rows_of_the_worked_example(example, keys, played_at, last_totals,
                                                                             blanks):
    # "Date : 2026-11-28 19:30", as the other club formats read it: the worked example with every
    # keyword's colon so gives the rows it gives as written, but for its game's ID (a hash of its text)
    from pipeline.worker import parse_bytes

    text = FORMATS_LOG if example == "log" else FORMATS_SHEET
    spaced, count = _KEYS.subn(lambda m: m[1] + blanks, text)
    assert count == keys and f"Date{blanks}: 2026-11-28" in spaced
    written, read = parse_bytes(text.encode(), "f.txt"), parse_bytes(spaced.encode(), "f.txt")
    assert (read.count_games, read.count_quarantined) == (1, 0)
    game = "raspisnoy" if example == "log" else "raspisnoy_sheet"
    (stored,) = read.tables[("games", game)].to_pylist()
    assert (stored["played_at"], stored["club"]) == (played_at, "Tverskaya")
    rounds = read.tables[("raspisnoy_rounds", game)].to_pylist()
    assert {row["player"]: row["total"] for row in rounds if row["round_no"] == 2} == last_totals
    assert read.tables.keys() == written.tables.keys()
    for key, table in written.tables.items():
        kept = [name for name in table.column_names if name not in ("game_id", "text")]
        assert read.tables[key].select(kept).to_pylist() == table.select(kept).to_pylist(), key


def test_a_card_run_into_its_joker_call_reads_as_written_apart():
    # The grammar's lexer needs no blank between a card and its call; the fast reading splits on blanks.
    canonical = parse(FORMATS_LOG)
    assert parse(FORMATS_LOG.replace("Anna 7s high,", "Anna 7shigh ,")).rounds == canonical.rounds
    assert parse(FORMATS_LOG.replace("Anna 7s high,", "Anna\t7s   HIGH,")).rounds[1].tricks == canonical.rounds[1].tricks


def test_a_name_run_into_a_card_is_one_name_as_lark_reads_it():
    # Lark's lexer takes a terminal whole: 'Vera6c' is one name, and the line then lacks its card.
    # The generated expression must not split it into a name and a card to make the line match.
    import parsers.raspisnoy as module
    line = "Trick 1: Boris As, Vera6c, Anna Kd; won by Boris"
    expression, _ = module._reading("raspisnoy_log").lines["TRICK_LINE"]
    assert expression.fullmatch(line) is None
    with pytest.raises(ParseError) as error:
        parse(FORMATS_LOG.replace("Trick 1: Boris As, Vera 6c, Anna Kd; won by Boris", line))
    assert (error.value.line, error.value.column) == (11, 26)
    assert "expected a card like As or 10♥" in error.value.reason


@pytest.mark.parametrize("line", [9, 10, 12, 13, 18])
def test_a_name_read_in_another_players_game_is_still_not_one_of_these_players(line):
    # The reader keeps what it has read of lines (plays, pairs) for the games that follow: a play or a
    # pair read in a game of Vera's is no play or pair of a game without her.
    parse(FORMATS_LOG)
    lines = [text if at == line else text.replace("Vera", "Gleb")
             for at, text in enumerate(FORMATS_LOG.splitlines(), 1)]
    with pytest.raises(ParseError, match=r"'Vera' is not one of the players \(Anna, Boris, Gleb\)") as error:
        parse("\n".join(lines) + "\n")
    bad = lines[line - 1]
    assert (error.value.line, error.value.column, error.value.line_text) == (line, bad.index("Vera") + 1, bad)


def test_a_line_read_by_the_expression_of_a_kind_is_classified_as_that_kind():
    # The reader reads a line first as the kind of line its predecessor's kind was last followed by,
    # and classifies it only when that expression does not read it: right only while no line that one
    # kind's expression reads starts with another kind's keywords.
    import parsers.raspisnoy as module
    from parsers.formats import HEADERS
    from parsers.source import normalize_lines, split_games
    checked = 0
    for text in _agreement_texts():
        for chunk in split_games(normalize_lines(text), HEADERS):
            grammar = "raspisnoy_log" if chunk.lines[0].lower().startswith("raspisnoy game") else "raspisnoy_sheet"
            reading = module._reading(grammar)
            for line in chunk.lines[1:]:
                for kind, fullmatch in reading.fullmatch.items():
                    if kind not in ("GAME_LINE", "SHEET_LINE") and fullmatch(line) is not None:
                        assert reading.classify(line).lastgroup == kind, line
                        checked += 1
    assert checked > 1_000
