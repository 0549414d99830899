"""Six-card session grammar: the canonical form, the lenient forms, and syntax errors in words."""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.errors import ParseError
from parsers.sixcard import parse
from pipeline.worker import parse_file
from rules.cards import parse_cards
from rules.records import Source
from rules.sixcard import replay
from tests import formats_examples

CANONICAL = formats_examples.SIXCARD

LENIENT = """\ufeffSix-card  poker session   S-77
# записано за столом крупье Метрополя, вечерняя сессия (typed at the table)
Player:   Anna
Casino: Metropol
Date: 28.11.2026 23:40

Hand 1
Dealer  up :  Д♠
Box 1:  ante 10  [Т♥ Тб 7т 5п 2б] ; buys 9♥ ; plays 20
# второй бокс игрока: обмен карты
Box 2: ante 10 [K♣ 8♦ 6♥ 4♠ 3♣]; exchanges 3♣ for Кб; folds
Dealer: [8ч 8т 4б 3п Дп]
Result: box 1 +20, box 2 −30
"""


def parse_text(text: str):
    lines = tuple(text.replace("\r\n", "\n").lstrip("\ufeff").rstrip("\n").split("\n"))
    return parse(lines, Source(file="t.txt", first_line=1, last_line=len(lines), game_id="t"))


def test_canonical_form_parses_as_written():
    session = parse_text(CANONICAL)
    (hand,) = session.hands
    assert session.session_id == "S-77" and session.player == "Anna" and session.info.club == "Metropol"
    assert session.info.played_at.isoformat() == "2026-11-28T23:40:00"
    one, two = hand.boxes
    assert one.cards == parse_cards("Ah Ad 7c 5s 2d") and one.bought == parse_cards("9h")[0]
    assert one.bet == Decimal(20) and not one.folds and one.line == 8
    assert two.exchanged_out == parse_cards("3c")[0] and two.exchanged_in == parse_cards("Kd")[0] and two.folds
    assert [(r.box, r.net) for r in hand.results] == [(1, Decimal(20)), (2, Decimal(-30))]


def test_lenient_forms_parse_to_the_same_hand():
    canonical, lenient = parse_text(CANONICAL), parse_text(LENIENT)
    assert lenient.hands[0].boxes[0].cards == canonical.hands[0].boxes[0].cards
    assert lenient.hands[0].boxes[1].exchanged_in == canonical.hands[0].boxes[1].exchanged_in
    assert lenient.hands[0].dealer_cards == canonical.hands[0].dealer_cards
    assert lenient.hands[0].results == canonical.hands[0].results
    assert replay(lenient).players[0].net == replay(canonical).players[0].net == -10


@pytest.mark.parametrize("encode", [
    lambda t: t.replace("\n", "\r\n").encode("utf-8"),
    lambda t: ("\ufeff" + t).encode("utf-8"),
    lambda t: t.replace("−", "-").encode("cp1251"),
])
def test_files_in_crlf_bom_and_cp1251_ingest(tmp_path, encode):
    text = LENIENT.lstrip("\ufeff").replace("♥", "ч").replace("♦", "б").replace("♠", "п").replace("♣", "т")
    path = tmp_path / "s.txt"
    path.write_bytes(encode(text))
    result = parse_file(path)
    assert (result.count_games, result.count_quarantined, result.count_findings) == (1, 0, 0)


@pytest.mark.parametrize("bad, line, column, words", [
    ("Box 1: ante 10 [Ah Ax 7c 5s 2d]; plays 20", 8, 20, "expected a card like As or 10♥"),
    ("Box 1: ante 10 [Ah Ad 7c 5s]; plays 20", 8, 28, "expected a card like As or 10♥, found ']"),
    ("Box 1: ante ten [Ah Ad 7c 5s 2d]; plays 20", 8, 13, "expected an amount like 10"),
    ("Box 1: ante 10 [Ah Ad 7c 5s 2d]; raises 20", 8, 34, "'folds'"),
])
def test_syntax_errors_say_where_and_what_in_words(bad, line, column, words):
    lines = CANONICAL.splitlines()
    lines[7] = bad
    with pytest.raises(ParseError) as error:
        parse_text("\n".join(lines))
    assert (error.value.line, error.value.column) == (line, column)
    assert words in error.value.reason


@pytest.mark.parametrize("card", ["2x", "11h", "Ax", "Kz", "10x", "A♥x", "4h7", "10♥x"])
def test_an_unreadable_card_is_quoted_whole(card):
    # Lark's lexer takes part of the word (the '2' of '2x' reads as a number) or the rest of the
    # line, or reads a card from the start of the word ('A♥' of 'A♥x') and stops at the rest:
    # the reason names the card the clerk wrote, whole, at its column
    lines = CANONICAL.splitlines()
    lines[7] = f"Box 1: ante 10 [Kc Kd 8s 4h {card}]; plays 20"
    with pytest.raises(ParseError) as error:
        parse_text("\n".join(lines))
    assert (error.value.line, error.value.column) == (8, 29)
    assert error.value.reason == f"expected a card like As or 10♥, found '{card}'"


@pytest.mark.parametrize("old, new, line, column, card", [
    ("[8h 8c 4d 3s Qs]", "[8h 8c 4d 3x Qs]", 10, 19, "3x"),
    ("Dealer up: Qs", "Dealer up: Qx", 7, 12, "Qx"),
    ("buys 9h", "buys 9x", 8, 39, "9x"),
    ("[8h 8c 4d 3s Qs]", "[8h 8c 4dd 3s Qs]", 10, 16, "4dd"),
    ("Dealer up: Qs", "Dealer up: Q♠x", 7, 12, "Q♠x"),
    ("buys 9h", "buys 9hx", 8, 39, "9hx"),
    ("[Ah Ad 7c 5s 2d]", "[Ah A♥x 7c 5s 2d]", 8, 20, "A♥x"),
])
def test_an_unreadable_card_of_the_dealer_and_of_a_buy_is_quoted_whole(old, new, line, column, card):
    with pytest.raises(ParseError) as error:
        parse_text(CANONICAL.replace(old, new))
    assert (error.value.line, error.value.column) == (line, column)
    assert error.value.reason == f"expected a card like As or 10♥, found '{card}'"


def test_a_session_without_player_is_refused():
    with pytest.raises(ParseError, match="expected a line 'Player: <name>'"):
        parse_text(CANONICAL.replace("Player: Anna\n", ""))


def test_broken_session_goes_to_quarantine_with_file_line(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("# night\n\n" + CANONICAL.replace("[8h 8c 4d 3s Qs]", "[8h 8c 4d 3s Qz]"), encoding="utf-8")
    result = parse_file(path)
    assert result.count_quarantined == 1
    table = result.tables[("quarantine", "sixcard")].to_pylist()[0]
    assert table["line"] == 12 and "expected a card" in table["error"]


def test_draws_out_of_order_are_read_and_the_game_stored_with_findings(tmp_path):
    # The order of the draws is a rule (SIX-DRAW), not syntax: box 2 folds before it exchanges, and
    # box 1 is written after the dealer's cards. Both read; the game is stored with two findings.
    lines = CANONICAL.splitlines()
    lines[8] = "Box 2: ante 10 [Kc 8d 6h 4s 3c]; folds; exchanges 3c for Kd"
    lines[7:10] = [lines[8], lines[9], lines[7]]
    session = parse_text("\n".join(lines))
    one, two = session.hands[0].boxes
    assert (one.number, one.line, one.steps) == (1, 10, ("buy", "play"))
    assert (two.number, two.line, two.steps) == (2, 8, ("fold", "exchange"))
    path = tmp_path / "s.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = parse_file(path)
    assert (result.count_games, result.count_quarantined, result.count_findings) == (1, 0, 2)


def test_a_second_buy_and_a_second_exchange_are_read_and_the_game_stored_with_findings(tmp_path):
    # A second buy or exchange breaks SIX-DRAW, a rule, not the form: the box keeps its first of each and
    # lists the later ones; the game is stored with one finding for each, none in quarantine. Each later
    # draw's cost is paid: box 1 +20 - 10, box 2 -30 - 20, as the result says.
    lines = CANONICAL.splitlines()
    lines[7] = "Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 9h; buys 9c; plays 20"
    lines[8] = "Box 2: ante 10 [Kc 8d 6h 4s 3c]; exchanges 3c for Kd; exchanges 4s for Ks; folds"
    lines[10] = "Result: box 1 +10, box 2 -50"
    one, two = parse_text("\n".join(lines)).hands[0].boxes
    assert (one.bought, one.steps, [d.text for d in one.extra_draws]) == (
        parse_cards("9h")[0], ("buy", "play"), ["buys 9c"])
    assert (two.exchanged_out, two.exchanged_in, two.steps, [d.text for d in two.extra_draws]) == (
        *parse_cards("3c Kd"), ("exchange", "fold"), ["exchanges 4s for Ks"])
    path = tmp_path / "s.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = parse_file(path)
    assert (result.count_games, result.count_quarantined, result.count_findings) == (1, 0, 2)
