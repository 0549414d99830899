"""The PokerStars Hold'em parser: every feature of the format, syntax errors, refusals, fuzzing."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from parsers.errors import ParseError
from parsers.formats import HEADERS, parse_chunk
from parsers.pokerstars import parse, read_header
from parsers.source import decode, normalize_lines, split_games
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind, BettingStructure, CardsHow, Street
from rules.records import Source
from tests.test_holdem_replay import LEGAL, SHORT_DECK

SRC = Source(file="t.txt", first_line=1, last_line=40, game_id="t")


def hands_of(data: bytes):
    lines = normalize_lines(decode(data))
    return [parse_chunk(chunk, "t.txt") for chunk in split_games(lines, HEADERS)]


def test_cash_hand_fields():
    hand = parse(tuple(LEGAL.split("\n")), SRC)
    assert (hand.hand_id, hand.info.game, hand.info.table_name, hand.info.ruleset) == (
        "100", "holdem", "Test", "pokerstars no_limit")
    assert (hand.small_blind, hand.big_blind, hand.currency, hand.max_seats, hand.button_seat) == (
        Decimal(1), Decimal(2), "USD", 6, 1)
    assert [(s.seat, s.player, s.stack) for s in hand.seats][0] == (1, "Anna", Decimal(100))
    assert [str(c) for c in hand.boards[0]] == ["2c", "7d", "9h", "Jc", "3s"]
    assert hand.summary.total_pot == Decimal(73) and hand.summary.rake == Decimal(2)
    raise_ = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.raise_to, raise_.line, raise_.street) == (Decimal(4), Decimal(6), 10, Street.PREFLOP)
    assert {(h.player, h.how) for h in hand.hole_cards} >= {("Anna", CardsHow.DEALT), ("Vera", CardsHow.SHOWN)}
    assert hand.info.played_at.isoformat() == "2024-01-02T08:04:05"     # 3:04:05 ET in January is UTC-5


TOURNAMENT = """PokerStars Hand #149652059422: Tournament #1495192630, $0.91+$0.09 USD Hold'em No Limit - Level XI (400/800) - 2016/03/01 1:33:54 ET
Table '1495192630 3' 9-max Seat #3 is the button
Seat 1: Fi: [x] ($) (3475 in chips)
Seat 3: Irisha (24314 in chips)
Seat 4: Dmello (33302 in chips)
Fi: [x] ($): posts the ante 50
Irisha: posts the ante 50
Dmello: posts the ante 50
Irisha: posts small blind 400
Dmello: posts big blind 800
*** HOLE CARDS ***
Fi: [x] ($): raises 2625 to 3425 and is all-in
Fi: [x] ($) said, "gl: [all] :)"
Irisha: folds
Dmello: calls 2625
*** FLOP *** [8h Kd 2s]
*** TURN *** [8h Kd 2s] [6s]
*** RIVER *** [8h Kd 2s 6s] [4s]
*** SHOW DOWN ***
Dmello: shows [7h 7d] (a pair of Sevens)
Fi: [x] ($): shows [2c Ad] (a pair of Deuces)
Dmello collected 7400 from pot
Fi: [x] ($) finished the tournament in 4th place and received $5.11.
*** SUMMARY ***
Total pot 7400 | Rake 0
Board [8h Kd 2s 6s 4s]
Seat 1: Fi: [x] ($) showed [2c Ad] and lost with a pair of Deuces
Seat 3: Irisha (button) (small blind) folded before Flop
Seat 4: Dmello (big blind) showed [7h 7d] and won (7400) with a pair of Sevens"""


def test_tournament_antes_and_names_with_colons_brackets_and_chat():
    hand = parse(tuple(TOURNAMENT.split("\n")), SRC)
    assert hand.is_tournament and hand.tournament_id == "1495192630" and hand.currency == "chips"
    assert (hand.small_blind, hand.big_blind) == (Decimal(400), Decimal(800))
    assert hand.seats[0].player == "Fi: [x] ($)"
    antes = [a for a in hand.actions if a.kind is ActionKind.POST_ANTE]
    assert len(antes) == 3 and antes[0].player == "Fi: [x] ($)"
    result = replay(hand)
    assert result.findings == ()
    assert {p.player: p.net for p in result.players} == {"Fi: [x] ($)": -3475, "Irisha": -450, "Dmello": 3925}


PLAY_MONEY_AND_POINTS_BUY_INS = ("300+20", "100 FPP", "100FPP", "250 SC", "1,500+100")
"""Buy-ins PokerStars writes with no currency sign: play money's, and the room's points (FPP, SC)."""


@pytest.mark.parametrize("buy_in", PLAY_MONEY_AND_POINTS_BUY_INS)
def test_tournament_bought_in_play_money_or_points_is_read_in_chips(buy_in):
    """'Tournament #99900, 300+20 Hold'em No Limit' was quarantined: "300+20 Hold'em No Limit is not
    supported yet". The buy-in is read past, its unit is no money, and the hand is chips as any
    tournament's: the same nets as with a dollar buy-in (Dmello +3925)."""
    text = TOURNAMENT.replace("$0.91+$0.09 USD", buy_in)
    hand = parse(tuple(text.split("\n")), SRC)
    assert (hand.is_tournament, hand.tournament_id, hand.currency) == (True, "1495192630", "chips")
    assert {p.player: p.net for p in replay(hand).players} == {"Fi: [x] ($)": -3475, "Irisha": -450, "Dmello": 3925}
    # a game PokerStars' reader does not read is refused by its own name, not the buy-in's
    with pytest.raises(ParseError, match=r": Omaha Pot Limit is not supported yet"):
        parse(tuple(text.replace("Hold'em No Limit", "Omaha Pot Limit").split("\n")), SRC)


def test_straddle_and_dead_blinds():
    text = LEGAL.replace("Vera: posts big blind $2\n", "Vera: posts big blind $2\nAnna: posts straddle $4\n")
    text = text.replace("Anna: raises $4 to $6\nBoris: folds\nVera: calls $4",
                        "Boris: folds\nVera: calls $2\nAnna: raises $2 to $6\nVera: calls $2")
    hand = parse(tuple(text.split("\n")), SRC)
    assert [a.kind for a in hand.actions[:3]] == [ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.POST_STRADDLE]
    assert replay(hand).findings == ()
    dead = LEGAL.replace("Vera: posts big blind $2\n", "Vera: posts big blind $2\nAnna: posts small & big blinds $3\n")
    hand = parse(tuple(dead.split("\n")), SRC)
    assert hand.actions[2].kind is ActionKind.POST_DEAD and hand.actions[2].amount == Decimal(3)


RUN_TWICE = """PokerStars Hand #90721705235:  Hold'em No Limit (€1/€2 EUR) - 2012/12/14 7:59:19 CET [2012/12/14 1:59:19 ET]
Table 'Mekbuda II' 6-max Seat #1 is the button
Seat 1: Anna (€100 in chips)
Seat 2: Boris (€100 in chips)
Anna: posts small blind €1
Boris: posts big blind €2
*** HOLE CARDS ***
Anna: raises €98 to €100 and is all-in
Boris: calls €98 and is all-in
*** FIRST FLOP *** [Ks 4c 8c]
*** FIRST TURN *** [Ks 4c 8c] [8d]
*** FIRST RIVER *** [Ks 4c 8c 8d] [2h]
*** SECOND FLOP *** [4s Qd 5h]
*** SECOND TURN *** [4s Qd 5h] [Ac]
*** SECOND RIVER *** [4s Qd 5h Ac] [Th]
*** FIRST SHOW DOWN ***
Anna: shows [Kd Kh] (a full house, Kings full of Eights)
Boris: shows [Ah As] (two pair, Aces and Eights)
Anna collected €99.50 from pot
*** SECOND SHOW DOWN ***
Anna: shows [Kd Kh] (a pair of Kings)
Boris: shows [Ah As] (three of a kind, Aces)
Boris collected €99.50 from pot
*** SUMMARY ***
Total pot €200 | Rake €1
Hand was run twice
FIRST Board [Ks 4c 8c 8d 2h]
SECOND Board [4s Qd 5h Ac Th]
Seat 1: Anna (button) (small blind) showed [Kd Kh] and won (€99.50) with a full house, Kings full of Eights, and lost with a pair of Kings
Seat 2: Boris (big blind) showed [Ah As] and lost with two pair, Aces and Eights, and won (€99.50) with three of a kind, Aces"""


def test_run_it_twice_has_two_boards_and_splits_each_pot():
    hand = parse(tuple(RUN_TWICE.split("\n")), SRC)
    assert len(hand.boards) == 2 and [str(c) for c in hand.boards[1]] == ["4s", "Qd", "5h", "Ac", "Th"]
    assert [a.board for a in hand.actions if a.kind is ActionKind.COLLECT] == [0, 1]
    result = replay(hand)
    assert result.findings == ()
    assert {p.player: p.net for p in result.players} == {"Anna": Decimal("-0.50"), "Boris": Decimal("-0.50")}
    assert hand.currency == "EUR" and hand.info.played_at.isoformat() == "2012-12-14T06:59:19"


def test_cash_out_line_is_paid_beside_the_pot():
    text = LEGAL.replace("Anna collected $71 from pot", "Anna collected $71 from pot\n"
                         "Vera cashed out the hand for $10.50 | Cash Out Fee $0.11")
    hand = parse(tuple(text.split("\n")), SRC)
    assert hand.cash_outs[0].player == "Vera" and hand.cash_outs[0].amount == Decimal("10.50")
    result = replay(hand)
    assert result.findings == ()
    assert {p.player: p.net for p in result.players}["Vera"] == Decimal("-25.50")


def test_sits_out_and_disconnected_lines_are_read_and_left_out():
    text = LEGAL.replace("*** HOLE CARDS ***", "Gleb: sits out\nBoris is disconnected\n*** HOLE CARDS ***")
    text = text.replace("Seat 3: Vera ($100 in chips)", "Seat 3: Vera ($100 in chips)\nSeat 4: Gleb ($5 in chips) is sitting out")
    text += "\nSeat 4: Gleb is sitting out"     # PokerStars sums up every seat, sitting out or not
    hand = parse(tuple(text.split("\n")), SRC)
    assert hand.seats[-1].is_sitting_out and replay(hand).findings == ()


# A tournament table refilled from another: Gleb sits at seat 3, between the button and the small
# blind, and waits for the button to pass him. He posts nothing, is dealt nothing and has no
# summary line. Antes 4 × 25 and the blinds 100 + 200; Boris raises to 440 and takes 600 back
# less the 240 nobody called: Boris +375, Anna -25, Vera -125, Lev -225.
OUT_OF_HAND = """PokerStars Hand #260000000101: Tournament #3990000001, $2.50+$2.40+$0.60 USD Hold'em No Limit - Level VIII (100/200) - 2026/04/27 12:42:33 BRT [2026/04/27 11:42:33 ET]
Table '3990000001 27' 5-max Seat #2 is the button
Seat 1: Anna (6400 in chips, $2.40 bounty)
Seat 2: Boris (5400 in chips, $2.40 bounty)
Seat 3: Gleb (5000 in chips) out of hand (moved from another table into small blind)
Seat 4: Vera (9500 in chips, $3.60 bounty)
Seat 5: Lev (2100 in chips, $2.40 bounty)
Gleb will be allowed to play after the button
Anna: posts the ante 25
Boris: posts the ante 25
Vera: posts the ante 25
Lev: posts the ante 25
Vera: posts small blind 100
Lev: posts big blind 200
*** HOLE CARDS ***
Dealt to Boris [Ac Th]
Anna: folds
Boris: raises 240 to 440
Vera: folds
Lev: folds
Uncalled bet (240) returned to Boris
Boris collected 600 from pot
Boris: doesn't show hand
*** SUMMARY ***
Total pot 600 | Rake 0
Seat 1: Anna folded before Flop (didn't bet)
Seat 2: Boris (button) collected (600)
Seat 4: Vera (small blind) folded before Flop
Seat 5: Lev (big blind) folded before Flop"""


def test_a_seat_out_of_hand_is_dealt_nothing_and_summed_up_by_no_line():
    hand = parse(tuple(OUT_OF_HAND.split("\n")), SRC)
    assert [(s.player, s.is_out_of_hand) for s in hand.seats] == [
        ("Anna", False), ("Boris", False), ("Gleb", True), ("Vera", False), ("Lev", False)]
    result = replay(hand)
    assert result.findings == ()
    assert {p.player: p.net for p in result.players} == {
        "Anna": Decimal(-25), "Boris": Decimal(375), "Vera": Decimal(-125), "Lev": Decimal(-225)}


def test_a_seat_out_of_hand_that_posts_or_is_summed_up_is_a_finding_at_its_line():
    posting = OUT_OF_HAND.replace("Boris: posts the ante 25", "Boris: posts the ante 25\nGleb: posts the ante 25")
    lines = posting.split("\n")
    found = [f for f in replay(parse(tuple(lines), SRC)).findings if f.rule_id == "HE-ACTION-ORDER"]
    # first his own line; then the turns he is owed, having posted, as a player dealt in
    assert (found[0].line, found[0].message) == (
        lines.index("Gleb: posts the ante 25") + 1, "Gleb acts, though Gleb's seat line says the seat is out of the hand")
    summed = OUT_OF_HAND.replace("Seat 4: Vera (small blind)",
                                 "Seat 3: Gleb folded before Flop (didn't bet)\nSeat 4: Vera (small blind)")
    lines = summed.split("\n")
    found = [f for f in replay(parse(tuple(lines), SRC)).findings]
    assert [(f.rule_id, f.line, f.message, f.expected, f.actual) for f in found] == [
        ("HE-SUMMARY-SEATS", lines.index("Seat 3: Gleb folded before Flop (didn't bet)") + 1,
         "the summary lists Gleb, whose seat line says the seat is out of the hand", "no summary line", "a line for Gleb")]


# Anna is all in on the flop, Boris calls all in for $6.86: PokerStars writes '<player>:' and no more
# for each of them once the betting is over (2021 hands), and names the better of two King-high
# flushes by the card that beats the other ('- Nine higher'). Preflop 2 × $1.75, the flop 2 × $6.86
# ($41.39 of Anna's bet comes back): a pot of $17.22, rake $0.86, Boris collects $16.36: Boris
# +$7.75, Anna -$8.61.
ALL_IN_BLANKS = """PokerStars Hand #228600000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 16:28:45 ET
Table 'Vega II' 9-max Seat #3 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($8.61 in chips)
Seat 3: Vera ($50 in chips)
Anna: posts small blind $0.25
Boris: posts big blind $0.50
*** HOLE CARDS ***
Vera: folds
Anna: raises $1.25 to $1.75
Boris: calls $1.25
*** FLOP *** [7c 5c 4d]
Anna: bets $48.25 and is all-in
Boris: calls $6.86 and is all-in
Uncalled bet ($41.39) returned to Anna
Boris:
Anna:
*** TURN *** [7c 5c 4d] [Kc]
*** RIVER *** [7c 5c 4d Kc] [2c]
*** SHOW DOWN ***
Anna: shows [8c 3h] (a flush, King high)
Boris: shows [9c 3d] (a flush, King high - Nine higher)
Boris collected $16.36 from pot
*** SUMMARY ***
Total pot $17.22 | Rake $0.86
Board [7c 5c 4d Kc 2c]
Seat 1: Anna (small blind) showed [8c 3h] and lost with a flush, King high
Seat 2: Boris (big blind) showed [9c 3d] and won ($16.36) with a flush, King high - Nine higher
Seat 3: Vera (button) folded before Flop (didn't bet)"""


def test_a_player_line_with_nothing_said_and_a_flush_named_by_its_higher_card_are_read():
    hand = parse(tuple(ALL_IN_BLANKS.split("\n")), SRC)
    assert [a.player for a in hand.actions if a.street is Street.FLOP] == ["Anna", "Boris", "Anna"]
    result = replay(hand)
    assert result.findings == ()
    assert {p.player: p.net for p in result.players} == {
        "Anna": Decimal("-8.61"), "Boris": Decimal("7.75"), "Vera": Decimal(0)}


def test_bom_crlf_cp1252_and_no_blank_line_between_hands():
    two = LEGAL.replace("Anna", "Zoë") + "\n" + LEGAL.replace("#100", "#200")
    for data in (two.encode("utf-8-sig"), two.replace("\n", "\r\n").encode("cp1252"),
                 two.replace(" ", "\u00a0", 3).encode("utf-8")):
        hands = hands_of(data)
        assert [h.hand_id for h in hands] == ["100", "200"]
        assert hands[0].seats[0].player == "Zoë"
        assert hands[1].source.first_line == LEGAL.count("\n") + 2
        assert all(not replay(h).findings for h in hands)


def test_play_money_home_game_and_euro_pound():
    play = LEGAL.replace("($1/$2 USD)", "(1/2)").replace("$", "").replace(
        "6-max Seat", "6-max (Play Money) Seat")
    hand = parse(tuple(play.split("\n")), SRC)
    assert hand.currency == "play" and replay(hand).findings == ()
    home = LEGAL.replace("PokerStars Hand #100: ", "PokerStars Home Game Hand #100: {Club Tverskaya}  ")
    hand = parse(tuple(home.split("\n")), SRC)
    assert hand.info.club == "Club Tverskaya"
    assert parse(tuple(LEGAL.replace("$", "£").replace("USD", "GBP").split("\n")), SRC).currency == "GBP"
    assert parse(tuple(LEGAL.replace("$", "€").replace(" USD", "").split("\n")), SRC).currency == "EUR"


def test_pot_limit_limit_and_short_deck_headers():
    assert parse(tuple(LEGAL.replace("No Limit", "Pot Limit").split("\n")), SRC).betting is BettingStructure.POT_LIMIT
    hand = parse(tuple(SHORT_DECK.split("\n")), SRC)
    assert (hand.info.game, hand.is_short_deck, hand.big_blind, hand.ante) == ("holdem36", True, Decimal(2), Decimal(1))
    assert hand.actions[2].kind is ActionKind.POST_BUTTON


@pytest.mark.parametrize("header, reason", [
    ("PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2020/01/02 3:04:05 ET", "Omaha Pot Limit is not supported yet"),
    ("PokerStars Hand #1:  Courchevel Hi/Lo Pot Limit ($1/$2 USD) - 2020/01/02 3:04:05 ET",
     "Courchevel Hi/Lo Pot Limit is not supported yet"),
    ("PokerStars Game #1:  7 Card Stud Limit ($0.04/$0.08 USD) - 2020/01/02 3:04:05 ET",
     "7 Card Stud Limit is not supported yet"),
    ("PokerStars Game #1:  Razz Limit ($0.04/$0.08 USD) - 2020/01/02 3:04:05 ET", "Razz Limit is not supported yet"),
    ("PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2020/01/02 3:04:05 ET", "Badugi Limit is not supported yet"),
    ("PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2020/01/02 3:04:05 ET",
     "Triple Draw 2-7 Lowball Limit is not supported yet"),
    ("PokerStars Hand #1:  5 Card Omaha Pot Limit ($1/$2 USD) - 2020/01/02 3:04:05 ET",
     "5 Card Omaha Pot Limit is not supported yet"),
])
def test_other_pokerstars_games_are_refused_in_words(header, reason):
    with pytest.raises(ParseError) as error:
        parse((header, "Table 'T' 6-max Seat #1 is the button"), SRC)
    assert error.value.reason.startswith(reason) and error.value.line == 1


def test_syntax_error_names_line_column_and_what_was_expected():
    broken = LEGAL.replace("Vera: calls $4", "Vera: callz $4")
    with pytest.raises(ParseError) as error:
        parse(tuple(broken.split("\n")), SRC)
    assert (error.value.line, error.value.column) == (12, 1)
    assert "cannot read 'Vera: callz $4'" in error.value.reason
    cut = "\n".join(LEGAL.split("\n")[:20])
    with pytest.raises(ParseError) as error:
        parse(tuple(cut.split("\n")), SRC)
    assert error.value.line == 20 and "the hand ends too soon" in error.value.reason
    assert "the '*** SUMMARY ***' line" in error.value.reason
    misplaced = LEGAL.replace("*** HOLE CARDS ***\n", "").replace("Boris: posts small blind $1\n",
                                                                    "Boris: posts small blind $1\n*** HOLE CARDS ***\n")
    with pytest.raises(ParseError) as error:
        parse(tuple(misplaced.split("\n")), SRC)
    assert error.value.line == 9 and "found 'Dealt to Anna [As Ad]'" in error.value.reason
    bad_card = LEGAL.replace("[2c 7d 9h]", "[2c 7x 9h]", 1)
    with pytest.raises(ParseError) as error:
        parse(tuple(bad_card.split("\n")), SRC)
    assert (error.value.line, error.value.column) == (13, 18) and "'7x' is not a card" in error.value.reason


def test_parse_errors_shift_to_file_lines_through_the_framework():
    data = (LEGAL + "\n\n" + LEGAL.replace("#100", "#300").replace("Vera: calls $4", "Vera: callz $4")).encode()
    lines = normalize_lines(decode(data))
    chunks = split_games(lines, HEADERS)
    with pytest.raises(ParseError) as error:
        parse_chunk(chunks[1], "t.txt")
    assert error.value.line == LEGAL.count("\n") + 3 + 11


def test_random_edits_never_crash_the_parser_or_the_replay():
    rng = random.Random(20240102)
    pieces = [LEGAL, TOURNAMENT, RUN_TWICE, SHORT_DECK]
    outcomes = {"parsed": 0, "refused": 0}
    for _ in range(400):
        lines = rng.choice(pieces).split("\n")
        for _ in range(rng.randint(1, 4)):
            op = rng.random()
            i = rng.randrange(len(lines))
            if op < 0.3:
                lines.pop(i) if len(lines) > 1 else None
            elif op < 0.5:
                j = rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            elif op < 0.7:
                lines.insert(i, rng.choice(lines))
            elif op < 0.85 and lines[i]:
                k = rng.randrange(len(lines[i]))
                lines[i] = lines[i][:k] + rng.choice("$0.9[]:()x ") + lines[i][k + 1:]
            else:
                lines[i] = lines[i].replace("$", "", 1).replace("1", "7", 1)
        try:
            hand = parse(tuple(lines), SRC)
        except ParseError as error:
            assert error.reason and error.line >= 1
            outcomes["refused"] += 1
            continue
        replay(hand, allin_ev=False)  # findings, never an exception
        outcomes["parsed"] += 1
    assert outcomes["parsed"] > 20 and outcomes["refused"] > 20, outcomes


def test_grammar_checks_each_shape_once_and_still_refuses_a_bad_one():
    from parsers import pokerstars

    pokerstars.TABLE.accepted.clear()
    first = parse(tuple(LEGAL.split("\n")), SRC)
    assert len(pokerstars.TABLE.accepted) == 1             # Lark accepted this shape once
    again = parse(tuple(LEGAL.replace("Vera: calls $4", "Vera: calls $4 and is all-in").split("\n")), SRC)
    assert len(pokerstars.TABLE.accepted) == 1 and again.hand_id == first.hand_id  # same shape: remembered
    misplaced = LEGAL.replace("*** HOLE CARDS ***\n", "").replace("Boris: posts small blind $1\n",
                                                                    "Boris: posts small blind $1\n*** HOLE CARDS ***\n")
    for _ in range(2):  # a refused shape is never remembered: refused with its line each time
        with pytest.raises(ParseError) as error:
            parse(tuple(misplaced.split("\n")), SRC)
        assert error.value.line == 9 and "found 'Dealt to Anna [As Ad]'" in error.value.reason
    assert len(pokerstars.TABLE.accepted) == 1


@pytest.mark.parametrize("date", ["2020/13/01 21:01:08", "2020/02/30 10:00:00", "2020/01/02 25:00:00"])
def test_a_date_that_does_not_exist_is_a_syntax_error_at_the_date(date):
    lines = LEGAL.strip("\n").split("\n")
    header = lines[0]
    start = header.index(" - ") + 3
    lines[0] = header[:start] + date + " ET"
    with pytest.raises(ParseError) as caught:
        parse(tuple(lines), Source(file="x.txt", first_line=1, last_line=len(lines), game_id="0"))
    assert caught.value.line == 1 and caught.value.column == start + 1
    assert "is not a real date and time" in str(caught.value)


@pytest.mark.parametrize(("old", "new", "column", "reason"), [
    # "PokerStars Hand #100: " is 22 characters, "Hold'em No Limit" 16 more: the stray character is
    # the 39th, or the 40th after a space; before, each header was read as if it were right
    ("Hold'em No Limit (", "Hold'em No Limit!(", 39, "unexpected '!' between the game and its stakes"),
    ("Hold'em No Limit (", "Hold'em No Limit ! (", 40, "unexpected '!' between the game and its stakes"),
    ("Hold'em No Limit (", "- Hold'em No Limit (", 23, "unexpected '-' before the game"),
])
def test_a_stray_character_in_the_header_refuses_the_hand_at_its_column(old, new, column, reason):
    header = LEGAL.split("\n")[0]
    assert old in header
    with pytest.raises(ParseError) as error:
        parse(tuple(LEGAL.replace(old, new, 1).split("\n")), SRC)
    assert (error.value.line, error.value.column) == (1, column)
    assert error.value.reason.startswith(reason)


@pytest.mark.parametrize("header", [
    "PokerStars Hand #1: Tournament #2, $0.92+$0.08 USD Hold'em No Limit - Level IV (50/100) - 2020/01/02 3:04:05 ET",
    "PokerStars Hand #1: Tournament #2, Hold'em No Limit - Match Round I, Level I (10/20) - 2020/01/02 3:04:05 ET",
    "PokerStars Hand #1: Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25) - 2020/01/02 3:04:05 ET",
])
def test_the_header_forms_pokerstars_writes_are_still_read(header):
    assert read_header(header)["game"] == "Hold'em"


@pytest.mark.parametrize("old, new, stakes", [
    ("($1/$2 USD)", "($1/$2)", "$1/$2 USD"),     # a zoom archive's header: no code, the sign's currency
    ("($1/$2 USD)", "($1.00/$2.00 USD)", "$1/$2 USD"),
    ("($1/$2 USD)", "($1/$2 - $40 Cap -  USD)", "$1/$2 - $40 Cap USD"),
    ("($1/$2 USD)", "($0.50/$1 - $20 Cap - USD)", "$0.50/$1 - $20 Cap USD"),
    ("($1/$2 USD)", "(€1/€2 EUR)", "€1/€2 EUR"),
])
def test_the_stakes_are_written_one_way_whatever_the_header_spells(old, new, stakes):
    """The stakes as every room's are written (parsers.lines.stakes_label): the same table's hands
    under one label, however the header spells it; a capped table keeps its cap."""
    hand = parse(tuple(LEGAL.replace(old, new).split("\n")), SRC)
    assert hand.stakes == stakes


def test_six_plus_stakes_are_its_button_blind_and_ante_with_single_spaces():
    # the header's non-breaking space after 'Button Blind' and its two spaces before the code
    header = SHORT_DECK.replace("(Button Blind $2 - Ante $1 USD)", "(Button Blind\u00a0$2 - Ante $1  USD)")
    assert parse(tuple(header.split("\n")), SRC).stakes == "Button Blind $2 - Ante $1 USD"


def test_stakes_whose_sign_and_code_disagree_are_a_warning_at_the_header_and_read_in_the_code():
    # Every amount written with € under a USD header: read as USD without a word, as if the
    # room had written one currency; the header itself says two.
    text = LEGAL.replace("$", "€")
    hand = parse(normalize_lines(text), SRC)
    assert hand.currency == "USD"
    column = len("PokerStars Hand #100: Hold'em No Limit (") + 1
    head = [(f.rule_id, f.line, f.expected, f.actual, f.message) for f in hand.room_findings if f.line == 1]
    assert head == [("ROOM-CURRENCY", 1, "USD", "EUR",
                     f"the stakes' sign € at column {column} is EUR's, their code USD's: the hand is read in USD")]
    # each amount is checked against the code: every line with a € amount is one more warning
    euro_lines = [n for n, line in enumerate(text.split("\n")[1:], 2) if "€" in line]
    assert sorted(f.line for f in hand.room_findings if f.line != 1) == euro_lines
    # the amounts are read as written, as in the same hand in dollars
    dollars = parse(normalize_lines(LEGAL), SRC)
    assert [(s.player, s.stack) for s in hand.seats] == [(s.player, s.stack) for s in dollars.seats]
    assert not dollars.room_findings
    # a sign that agrees with its code, or a code alone, is no warning
    assert not parse(normalize_lines(LEGAL.replace("$", "€").replace(" USD)", " EUR)")), SRC).room_findings
    # the ingest's lane leaves such a hand to this reader, so the warehouse gets the same warnings
    from pipeline.worker import parse_bytes

    result = parse_bytes((text + "\n").encode(), "eur.txt")
    lines = sorted(f["line"] for (table, _), rows in result.tables.items() if table == "findings"
                   for f in rows.to_pylist() if f["rule_id"] == "ROOM-CURRENCY")
    assert lines == [1, *euro_lines]
