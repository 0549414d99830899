"""Raspisnoy rules: the schedule, scoring, and one test per rule ID showing its finding at the right line.

Most cases start from the game log of FORMATS.md (file lines noted below) and change one line.
"""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal

import pytest

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from rules.cards import Card, Suit
from rules.raspisnoy import (
    Declaration,
    DoublingScope,
    RoundKind,
    Ruleset,
    duty_mask,
    jokers_of,
    legal_cards,
    max_cards,
    replay_log,
    replay_sheet,
    round_points,
    schedule,
    trick_duty,
    trick_winner,
)
from rules.rulebook import RULES
from tests import formats_examples

# FORMATS.md's log, verbatim. File lines: 8 Round 1, 9 Hands, 10 Bids, 11 Trick 1, 12 Points,
# 13 Totals; 15 Round 2, 16 Hands, 17 Bids, 18 Trick 1, 19 Trick 2, 20 Points, 21 Totals.
FORMATS_LOG = formats_examples.RASPISNOY_LOG

# FORMATS.md's sheet, verbatim: row 1 is file line 9, row 2 line 10.
FORMATS_SHEET = formats_examples.RASPISNOY_SHEET


def parse(text: str):
    (chunk,) = split_games(normalize_lines(text), HEADERS)
    return parse_chunk(chunk, "test.txt")


def replay(text: str):
    record = parse(text)
    return (replay_log if hasattr(record, "rounds") else replay_sheet)(record)


def edit(text: str, line: int, new: str) -> str:
    lines = text.splitlines()
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


def found(result, rule_id: str):
    return [(f.line, f.expected, f.actual) for f in result.findings if f.rule_id == rule_id]


# ------------------------------------------------------------------ the examples as written

def test_formats_log_example_is_right_under_the_rules():
    # Checked by hand: round 1 Boris 1/1 = 10, Vera pass 0 = 5, Anna 1/0 = -10; round 2 the joker
    # (7s, declared high) takes trick 1 for Anna, Vera's 7c trumps trick 2: Vera 10, Anna 10,
    # Boris 1/0 -10; totals Boris 0, Vera 15, Anna 0. The hook holds (2 ≠ 1, 3 ≠ 2).
    result = replay(FORMATS_LOG)
    assert result.findings == ()
    assert {p.player: p.net for p in result.players} == {"Anna": 0, "Boris": 0, "Vera": 15}
    assert [(r.player, r.points) for r in result.rounds if r.round_no == 2] == [
        ("Vera", 10), ("Anna", 10), ("Boris", -10)]


def test_formats_sheet_example_is_right_under_the_rules():
    # Round 2: Vera passed and took a trick: +1 (11); Anna's pass +5 (-5); Boris 1/1 +10 (15).
    result = replay(FORMATS_SHEET)
    assert result.findings == ()
    assert {p.player: p.net for p in result.players} == {"Anna": -5, "Boris": 15, "Vera": 11}


def test_every_rsp_rule_has_its_text_registered():
    for rule in ("PLAYERS", "DECK", "SCHEDULE", "DEALER", "TRUMP", "BID", "THREE-PASSES", "HOOK", "LEAD",
                 "FOLLOW", "JOKER-LEAD", "JOKER-FOLLOW", "TRICK", "SCORE", "SCORE-SPECIAL", "TOTAL"):
        assert f"RSP-{rule}" in RULES


# ------------------------------------------------------------------ schedule and scoring

@pytest.mark.parametrize("players, top, simple, total", [(3, 9, 19, 31), (4, 9, 20, 36), (5, 7, 17, 37), (6, 6, 16, 40)])
def test_rsp_schedule_rounds_per_player_count(players, top, simple, total):
    rules = Ruleset()
    plan = schedule(rules, players)
    assert max_cards(rules, players) == top
    assert sum(1 for r in plan if not r.kind.is_special) == simple == 2 * (top - 1) + players
    assert len(plan) == total
    specials = [r.kind for r in plan if r.kind.is_special]
    assert specials == [k for k in (RoundKind.NO_TRUMP, RoundKind.BLIND, RoundKind.MISERE, RoundKind.GOLDEN)
                        for _ in range(players)]
    assert all(r.cards == top for r in plan if r.kind.is_special)


def test_rsp_schedule_deals_the_maximum_once_per_player_as_the_traditions_example_counts():
    # The traditions' "21 simple rounds" is read as the maximum dealt once per player (rules.md):
    # their own example deals three players 9 cards in rounds 9, 10 and 11, and 8 in rounds 8 and 12.
    plan = schedule(Ruleset(), 3)
    assert [r.number for r in plan if r.cards == 9 and not r.kind.is_special] == [9, 10, 11]
    assert (plan[7].cards, plan[11].cards) == (8, 8)
    # four players: 8 up, 4 of 9, 8 down = 20 simple rounds, the 21st is the first special one
    four = schedule(Ruleset(), 4)
    assert [r.number for r in four if r.cards == 9 and not r.kind.is_special] == [9, 10, 11, 12]
    assert (four[19].cards, four[19].kind, four[20].kind) == (1, RoundKind.REGULAR, RoundKind.NO_TRUMP)


def test_rsp_schedule_four_players_play_36_rounds_20_simple_16_special():
    plan = schedule(Ruleset(), 4)
    assert [r.cards for r in plan[:20]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert len(plan) == 36 and sum(r.kind.is_special for r in plan) == 16


def test_rsp_schedule_options_change_cap_specials_and_their_cards():
    rules = Ruleset.parse("max cards 6, specials golden misere, special cards 4")
    plan = schedule(rules, 3)
    assert [r.cards for r in plan if not r.kind.is_special] == [1, 2, 3, 4, 5, 6, 6, 6, 5, 4, 3, 2, 1]
    assert [(r.kind, r.cards) for r in plan if r.kind.is_special] == [(RoundKind.GOLDEN, 4)] * 3 + [(RoundKind.MISERE, 4)] * 3


@pytest.mark.parametrize("kind, cards, bid, tricks, points", [
    (RoundKind.REGULAR, 4, 0, 0, "5"),        # a good pass
    (RoundKind.REGULAR, 4, 2, 2, "20"),       # 10 per trick
    (RoundKind.REGULAR, 4, 2, 3, "3"),        # RULES.md: bid 2, took 3: +3
    (RoundKind.REGULAR, 4, 0, 2, "2"),        # a pass that took tricks: +1 per trick
    (RoundKind.REGULAR, 4, 3, 1, "-20"),      # two missing: -10 each
    (RoundKind.REGULAR, 5, 5, 5, "100"),      # seed 000: 5 × 20
    (RoundKind.REGULAR, 5, 5, 4, "-20"),      # seed 000: one missing of all: -20
    (RoundKind.REGULAR, 1, 1, 1, "10"),       # all of one card is not doubled
    (RoundKind.NO_TRUMP, 3, 0, 0, "7.5"),     # RULES.md: a good pass is +7.5
    (RoundKind.BLIND, 9, 2, 3, "4.5"),
    (RoundKind.BLIND, 3, 3, 3, "90"),         # 3 × 20 × 1.5
    (RoundKind.MISERE, 9, None, 0, "50"),
    (RoundKind.MISERE, 9, None, 3, "-45"),
    (RoundKind.GOLDEN, 9, None, 4, "60"),
])
def test_rsp_score_table(kind, cards, bid, tricks, points):
    assert round_points(kind, cards, bid, tricks, Ruleset()) == Decimal(points)


def test_rsp_score_options_multiplier_and_all_tricks_doubling():
    rules = Ruleset.parse("special multiplier 2, all-tricks double off")
    assert round_points(RoundKind.REGULAR, 5, 5, 5, rules) == 50
    assert round_points(RoundKind.NO_TRUMP, 5, 0, 0, rules) == 10


def test_rsp_trick_high_joker_later_one_wins_and_low_joker_loses():
    rules, c = Ruleset.parse("deck 54"), Card.parse
    high, low = Declaration.parse("high"), Declaration.parse("low")
    plays = [(c("Kh"), None), (c("JK"), high), (c("JK"), high), (c("2h"), None)]
    assert trick_winner(plays, Suit.SPADES, rules) == 2
    assert trick_winner([(c("Kh"), None), (c("JK"), low), (c("2h"), None)], Suit.SPADES, rules) == 0
    led_low = [(c("JK"), Declaration.parse("low clubs")), (c("5d"), None), (c("3c"), None)]
    assert trick_winner(led_low, None, rules) == 2
    assert trick_winner([(c("JK"), Declaration.parse("low clubs")), (c("5d"), None)], None, rules) == 0


# ------------------------------------------------------------------ one finding per rule, at its line

def _hand(*texts):
    return Counter(Card.parse(text) for text in texts)


def test_rsp_follow_led_suit_then_trump_then_any_card_the_36_card_joker_always_allowed():
    hand, rules = _hand("Kh", "9h", "8c", "7s"), Ruleset()     # 7s: the 36-card deck's joker
    c = Card.parse
    duty = legal_cards(hand, c("Ah"), None, Suit.CLUBS, rules)
    assert (duty.cards, duty.rule_id) == ({c("Kh"), c("9h"), c("7s")}, "RSP-FOLLOW")
    assert legal_cards(hand, c("Ad"), None, Suit.CLUBS, rules).cards == {c("8c"), c("7s")}    # void: trump
    assert legal_cards(hand, c("Ad"), None, Suit.DIAMONDS, rules).cards == set(hand)         # void, no trump
    hand[c("Kh")] = 0      # a card already played is no longer held
    assert legal_cards(hand, c("Ah"), None, Suit.CLUBS, rules).cards == {c("9h"), c("7s")}


def test_rsp_follow_a_jk_led_in_the_36_card_game_leads_no_suit_so_a_trump_is_due():
    hand, c = _hand("9h", "8c"), Card.parse
    duty = legal_cards(hand, c("JK"), None, Suit.CLUBS, Ruleset())    # JK is no card of the 36-card deck
    assert (duty.cards, duty.rule_id) == ({c("8c")}, "RSP-FOLLOW")


def test_rsp_joker_lead_high_suit_asks_the_highest_of_the_suit_then_a_trump():
    hand, rules, c = _hand("Kh", "9h", "8c"), Ruleset(), Card.parse
    high_hearts, high_spades = Declaration.parse("high hearts"), Declaration.parse("high spades")
    assert legal_cards(hand, c("7s"), high_hearts, Suit.CLUBS, rules).cards == {c("Kh")}
    duty = legal_cards(hand, c("7s"), high_spades, Suit.CLUBS, rules)
    assert (duty.cards, duty.rule_id) == ({c("8c")}, "RSP-JOKER-LEAD")


def test_rsp_follow_the_cards_a_duty_always_allows_are_allowed_whatever_else_is_held():
    # The replay looks no further at a card of the led suit or a joker (TrickDuty.free): each such
    # card must be one the duty allows, for every lead, call, trump and hand.
    rng = random.Random(15)
    for rules in (Ruleset(), Ruleset.parse("deck 54"), Ruleset.parse("joker low lowest")):
        jokers = jokers_of(rules)
        deck = list(rules.deck_cards.codes)
        calls = [None] + [Declaration.parse(words) for words in ("high", "low", "high trumps")] + [
            Declaration.parse(f"{call} {suit}") for call in ("high", "low") for suit in ("spades", "hearts", "diamonds", "clubs")]
        for led in deck:
            for said in calls if led in jokers.codes else [None]:
                for trump in (None, *Suit):
                    duty = trick_duty(led, said, trump, jokers)
                    for _ in range(20):
                        held = sum(1 << code for code in rng.sample(deck, rng.randint(1, 9)))
                        allowed, _, _ = duty_mask(held, duty)
                        assert held & duty.free & ~allowed == 0, (led, said, trump, bin(held))


def test_rsp_players_forbids_two_players():
    result = replay("Raspisnoy game X\nPlayers: Anna, Boris\nFirst dealer: Anna\n")
    assert found(result, "RSP-PLAYERS") == [(2, "3-6", "2")]


def test_rsp_deck_rejects_a_card_outside_the_36_card_deck_and_a_card_dealt_twice():
    result = replay(edit(FORMATS_LOG, 9, "Hands: Boris [2s], Vera [6c], Anna [Kd]"))
    assert (9, "a card of the 36-card deck", "2s") in found(result, "RSP-DECK")
    result = replay(edit(FORMATS_LOG, 16, "Hands: Vera [Qh 7c], Anna [7s Th], Boris [Ah Qh]"))
    assert [line for line, *_ in found(result, "RSP-DECK")][:1] == [16]


def test_rsp_deck_card_played_must_be_in_the_hand():
    result = replay(edit(FORMATS_LOG, 11, "Trick 1: Boris Ks, Vera 6c, Anna Kd; won by Boris"))
    assert (11, "a card of [As]", "Ks") in found(result, "RSP-DECK")


def test_rsp_deck_a_card_dealt_twice_to_one_player_is_held_twice():
    # Boris is dealt Ah twice (a finding at the deal): he holds both copies, plays both, and then none.
    twice = edit(FORMATS_LOG, 16, "Hands: Vera [Qh 7c], Anna [7s Th], Boris [Ah Ah]")
    result = replay(edit(twice, 19, "Trick 2: Anna Th, Boris Ah, Vera 7c; won by Vera"))
    assert [line for line, *_ in found(result, "RSP-DECK")] == [16]
    result = replay(edit(twice, 19, "Trick 2: Anna Th, Boris 8d, Vera 7c; won by Vera"))
    assert (19, "a card of [Ah]", "8d") in found(result, "RSP-DECK")


def test_rsp_schedule_round_two_deals_two_cards():
    result = replay(edit(FORMATS_LOG, 15, "Round 2: 3 cards, regular, dealer Boris, trump Jc"))
    assert (15, "2 cards, regular", "3 cards, regular") in found(result, "RSP-SCHEDULE")


# Three rounds of one card, then a blind one (max cards 1, specials blind). File lines: 24 Round 4,
# 25 Bids, 26 Hands, 27 Trick 1, 28 Points, 29 Totals. Worked by hand: rounds 1-3 end at Anna 1,
# Boris -15, Vera 5; round 4 as blind, Anna 1 made +15, Boris's clean pass +7.5, Vera's 1
# missed -15 (as a regular round: +10, +5, -10).
BLIND_ROUND_LOG = """Raspisnoy game K
Players: Anna, Boris, Vera
Rules: max cards 1, specials blind
First dealer: Vera

Round 1: 1 card, regular, dealer Vera, trump Td
Hands: Anna [Qd], Boris [Ks], Vera [7s]
Bids: Anna 1, Boris 0, Vera 1
Trick 1: Anna Qd, Boris Ks, Vera 7s high; won by Vera
Points: Anna -10, Boris 5, Vera 10

Round 2: 1 card, regular, dealer Anna, trump 8c
Hands: Boris [Ah], Vera [Kh], Anna [Qc]
Bids: Boris 1, Vera 0, Anna 1
Trick 1: Boris Ah, Vera Kh, Anna Qc; won by Anna
Points: Boris -10, Vera 5, Anna 10

Round 3: 1 card, regular, dealer Boris, trump 9d
Hands: Vera [Ts], Anna [Js], Boris [6h]
Bids: Vera 1, Anna 0, Boris 1
Trick 1: Vera Ts, Anna Js, Boris 6h; won by Anna
Points: Vera -10, Anna 1, Boris -10

Round 4: 1 card, blind, dealer Vera, trump Ac
Bids: Anna 1, Boris 0, Vera 1
Hands: Anna [Kc], Boris [Qs], Vera [9h]
Trick 1: Anna Kc, Boris Qs, Vera 9h; won by Anna
Points: Anna 15, Boris 7.5, Vera -15
Totals: Anna 16, Boris -7.5, Vera -10
"""

# The same game on a sheet: rows 1-3 are lines 7-9, row 4 (blind) line 10.
BLIND_ROUND_SHEET = """Raspisnoy sheet K
Players: Anna | Boris | Vera
Rules: max cards 1, specials blind
First dealer: Vera

 #  cards kind     | Anna     | Boris    | Vera
 1  1     regular  | 1/0 -10  | 0/0 5    | 1/1 10
 2  1     regular  | 1/1 0    | 1/0 -5   | 0/0 15
 3  1     regular  | 0/1 1    | 1/0 -15  | 1/0 5
 4  1     blind    | 1/1 16   | 0/0 -7.5 | 1/0 -10
"""


def nets(result):
    return {p.player: p.net for p in result.players}


def round_kinds(result, round_no):
    return {row.kind for row in result.rounds if row.round_no == round_no}


def test_rsp_schedule_a_blind_round_written_regular_is_one_finding_and_scored_blind():
    # Only the header's word is wrong: the bids come before the hands and the points and totals are
    # the blind round's. One finding; the round scored as blind (before: three RSP-SCORE findings,
    # and the nets of a regular round, Anna 11, Boris -10, Vera -5).
    result = replay(edit(BLIND_ROUND_LOG, 24, "Round 4: 1 card, regular, dealer Vera, trump Ac"))
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in result.findings] == [
        ("RSP-SCHEDULE", 24, "1 card, blind", "1 card, regular")]
    assert "scored as a blind round" in result.findings[0].message
    assert nets(result) == {"Anna": 16, "Boris": Decimal("-7.5"), "Vera": -10}
    assert round_kinds(result, 4) == {"blind"}


def test_rsp_schedule_a_round_played_as_the_header_says_is_scored_so():
    # The table played round 4 as a regular round: bids after the hands, points and totals unmultiplied.
    # One finding; the round scored as it was played (no RSP-BID for the bids after the hands).
    text = BLIND_ROUND_LOG
    for line, new in [(24, "Round 4: 1 card, regular, dealer Vera, trump Ac"),
                      (25, "Hands: Anna [Kc], Boris [Qs], Vera [9h]"), (26, "Bids: Anna 1, Boris 0, Vera 1"),
                      (28, "Points: Anna 10, Boris 5, Vera -10"), (29, "Totals: Anna 11, Boris -10, Vera -5")]:
        text = edit(text, line, new)
    result = replay(text)
    assert [(f.rule_id, f.line) for f in result.findings] == [("RSP-SCHEDULE", 24)]
    assert "scored as a regular round" in result.findings[0].message
    assert nets(result) == {"Anna": 11, "Boris": -10, "Vera": -5}


def test_rsp_schedule_a_round_with_nothing_to_bear_out_its_kind_is_scored_as_the_schedule_says():
    # No Points nor Totals, and the bids before the hands: the schedule's blind round.
    text = edit(BLIND_ROUND_LOG, 24, "Round 4: 1 card, regular, dealer Vera, trump Ac")
    text = "\n".join(text.splitlines()[:27]) + "\n"
    result = replay(text)
    assert [(f.rule_id, f.line) for f in result.findings] == [("RSP-SCHEDULE", 24)]
    assert nets(result) == {"Anna": 16, "Boris": Decimal("-7.5"), "Vera": -10}


def test_rsp_schedule_between_no_trump_and_another_kind_the_trump_decides():
    # The schedule's no-trump round written regular, with `trump none`: one finding, no RSP-TRUMP
    # for a regular round without trump; scored as no-trump (Anna 1 made +15).
    text = BLIND_ROUND_LOG.replace("specials blind", "specials no-trump")
    text = edit(text, 24, "Round 4: 1 card, regular, dealer Vera, trump none")
    result = replay(text)
    assert [(f.rule_id, f.line) for f in result.findings] == [("RSP-SCHEDULE", 24)]
    assert round_kinds(result, 4) == {"no-trump"}
    # with a trump card turned, the round was played with a trump: a regular round, as written, so
    # the points written for no-trump are wrong
    result = replay(edit(text, 24, "Round 4: 1 card, regular, dealer Vera, trump Ac"))
    assert [(f.rule_id, f.line) for f in result.findings] == [("RSP-SCHEDULE", 24)] + [("RSP-SCORE", 28)] * 3
    assert round_kinds(result, 4) == {"regular"}


def test_rsp_schedule_the_sheet_as_written_is_right():
    result = replay(BLIND_ROUND_SHEET)
    assert result.findings == ()
    assert nets(result) == {"Anna": 16, "Boris": Decimal("-7.5"), "Vera": -10}


@pytest.mark.parametrize("row_4, kind, expected_nets", [
    # totals stepped as a blind round: a slip of the word (before: three RSP-TOTAL findings)
    (" 4  1     regular  | 1/1 16   | 0/0 -7.5 | 1/0 -10", "blind", {"Anna": 16, "Boris": Decimal("-7.5"), "Vera": -10}),
    # totals stepped as a regular round: played as written
    (" 4  1     regular  | 1/1 11   | 0/0 -10  | 1/0 -5", "regular", {"Anna": 11, "Boris": -10, "Vera": -5}),
])
def test_rsp_schedule_a_sheet_row_of_the_wrong_kind_is_one_finding(row_4, kind, expected_nets):
    result = replay(edit(BLIND_ROUND_SHEET, 10, row_4))
    assert [(f.rule_id, f.line) for f in result.findings] == [("RSP-SCHEDULE", 10)]
    assert nets(result) == expected_nets
    assert round_kinds(result, 4) == {kind}


def test_rsp_schedule_a_sheet_total_after_a_kind_slip_is_cited_once():
    # Row 4's word slips and Anna's total there is mistyped 11 for 16: one RSP-TOTAL, built from the
    # blind round's +15, not a figure made of both mistakes.
    result = replay(edit(BLIND_ROUND_SHEET, 10, " 4  1     regular  | 1/1 11   | 0/0 -7.5 | 1/0 -10"))
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in result.findings] == [
        ("RSP-SCHEDULE", 10, "1 card, blind", "1 card, regular"), ("RSP-TOTAL", 10, "16", "11")]


# Three players under `max cards 2`: the schedule deals 1, 2, 2, 2, 1 cards; Anna deals first, so
# Boris deals round 2 (bids Vera, Anna, Boris). Row 2 (line 8) writes 3 cards where the schedule
# deals 2, and everything else on it fits 2 cards: its tricks add up to 2, and Vera's total steps
# by +40, bid 2 of 2 taken (20 a trick; of 3 cards it would be 10 a trick, +20). Worked by hand:
# Anna -10, -5, 5, -5, -4; Boris 5, -5 (bid 1 missed, -10), -15, -10, -5; Vera 10, 50, 60, 100, 105.
# The bids of row 2 add up to 3: the hook is kept with 2 cards, broken with 3.
CARDS_SLIP_SHEET = """Raspisnoy sheet K
Players: Anna | Boris | Vera
Rules: max cards 2, specials none
First dealer: Anna

 #  cards kind      | Anna      | Boris     | Vera
 1  1     regular   | 1/0 -10   | 0/0 5     | 1/1 10
 2  3     regular   | 0/0 -5    | 1/0 -5    | 2/2 50
 3  2     regular   | 1/1 5     | 1/0 -15   | 1/1 60
 4  2     regular   | 1/0 -5    | 0/0 -10   | 2/2 100
 5  1     regular   | 0/1 -4    | 0/0 -5    | 0/0 105
"""


def round_cards(result, round_no):
    return {row.cards for row in result.rounds if row.round_no == round_no}


def test_rsp_schedule_a_sheet_row_with_a_slip_in_its_cards_is_one_finding_and_scored_as_dealt():
    # before: RSP-HOOK, RSP-TRICK and RSP-TOTAL besides, Vera's net 85 and the round stored as 3 cards
    result = replay(CARDS_SLIP_SHEET)
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in result.findings] == [
        ("RSP-SCHEDULE", 8, "2 cards, regular", "3 cards, regular")]
    assert "scored as a regular round of 2 cards" in result.findings[0].message
    assert nets(result) == {"Anna": -4, "Boris": -5, "Vera": 105}
    assert round_cards(result, 2) == {2}


def test_rsp_schedule_a_sheet_row_checked_as_dealt_keeps_the_rules_it_breaks_there():
    # Boris, the dealer, passes instead: the bids add up to the 2 cards dealt, a hook the header's
    # 3 cards hid. Still one slip for the cards; Boris +5 (10), then -10, +5, +5: 10.
    text = CARDS_SLIP_SHEET
    for line, row in [(8, " 2  3     regular   | 0/0 -5    | 0/0 10    | 2/2 50"),
                      (9, " 3  2     regular   | 1/1 5     | 1/0 0     | 1/1 60"),
                      (10, " 4  2     regular   | 1/0 -5    | 0/0 5     | 2/2 100"),
                      (11, " 5  1     regular   | 0/1 -4    | 0/0 10    | 0/0 105")]:
        text = edit(text, line, row)
    result = replay(text)
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in result.findings] == [
        ("RSP-SCHEDULE", 8, "2 cards, regular", "3 cards, regular"), ("RSP-HOOK", 8, "a bid other than 0", "0")]
    assert nets(result) == {"Anna": -4, "Boris": 10, "Vera": 105}


def test_rsp_schedule_a_sheet_row_that_dealt_the_cards_it_writes_is_scored_so():
    # The table dealt 3 cards in round 2: the tricks add up to 3 and every total steps by a 3-card
    # round's points (Anna passed and took 1, +1; Boris's clean pass +5; Vera 2 of 3, +20). One
    # finding, and the row scored as written: Anna -9, Boris 10, Vera 30.
    text = "\n".join(CARDS_SLIP_SHEET.splitlines()[:7]) + "\n"
    result = replay(text + " 2  3     regular   | 0/1 -9    | 0/0 10    | 2/2 30\n")
    assert [(f.rule_id, f.line) for f in result.findings] == [("RSP-SCHEDULE", 8)]
    assert nets(result) == {"Anna": -9, "Boris": 10, "Vera": 30}
    assert round_cards(result, 2) == {3}


def test_rsp_schedule_a_log_round_with_a_slip_in_its_cards_is_one_finding_and_played_as_dealt():
    # FORMATS.md's round 2 headed `3 cards`, its hands and tricks those of the 2 cards dealt. Before:
    # three RSP-DEALER (each hand "2 cards of 3"), an RSP-HOOK (bids 3 of "3 cards") and an RSP-TRICK.
    result = replay(edit(FORMATS_LOG, 15, "Round 2: 3 cards, regular, dealer Boris, trump Jc"))
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in result.findings] == [
        ("RSP-SCHEDULE", 15, "2 cards, regular", "3 cards, regular")]
    assert nets(result) == {"Anna": 0, "Boris": 0, "Vera": 15}
    assert round_cards(result, 2) == {2}


def test_rsp_dealer_passes_clockwise():
    result = replay(edit(FORMATS_LOG, 15, "Round 2: 2 cards, regular, dealer Vera, trump Jc"))
    assert (15, "Boris", "Vera") in found(result, "RSP-DEALER")


def dealer_findings(result):
    return [(f.rule_id, f.line, f.expected, f.actual) for f in result.findings]


def round_two_dealer(result):
    (dealer,) = {row.player for row in result.rounds if row.round_no == 2 and row.is_dealer}
    return dealer


def test_rsp_dealer_a_wrong_name_in_the_header_is_one_finding():
    # Round 2 of FORMATS.md's log is Boris's deal (Anna dealt round 1). The header names Anna, but the
    # hands, the bids and the lead go Vera, Anna, Boris: Boris dealt. One fault, one finding, and the
    # replay goes on with Boris as the dealer (before: three more findings, as if Anna had dealt).
    result = replay(edit(FORMATS_LOG, 15, "Round 2: 2 cards, regular, dealer Anna, trump Jc"))
    assert dealer_findings(result) == [("RSP-DEALER", 15, "Boris", "Anna")]
    assert round_two_dealer(result) == "Boris"


def test_rsp_dealer_a_deal_out_of_turn_is_one_finding():
    # Anna deals round 2 out of turn, and the round goes round from her left: Boris, Vera, Anna.
    # The same tricks fall the same way (the joker 7s high, then Vera's trump 7c): one finding.
    text = FORMATS_LOG
    for line, new in [(15, "Round 2: 2 cards, regular, dealer Anna, trump Jc"),
                      (16, "Hands: Boris [Ah 8d], Vera [Qh 7c], Anna [7s Th]"),
                      (17, "Bids: Boris 1, Vera 1, Anna 1"),
                      (18, "Trick 1: Boris Ah, Vera Qh, Anna 7s high; won by Anna")]:
        text = edit(text, line, new)
    result = replay(text)
    assert dealer_findings(result) == [("RSP-DEALER", 15, "Boris", "Anna")]
    assert round_two_dealer(result) == "Anna"


def test_rsp_dealer_deal_order_and_card_count():
    result = replay(edit(FORMATS_LOG, 9, "Hands: Vera [6c], Boris [As], Anna [Kd]"))
    assert found(result, "RSP-DEALER") == [(9, "Boris, Vera, Anna", "Vera, Boris, Anna")]
    result = replay(edit(FORMATS_LOG, 16, "Hands: Vera [Qh 7c], Anna [7s Th], Boris [Ah 8d 9d]"))
    assert (16, "2", "3") in found(result, "RSP-DEALER")


def test_rsp_dealer_each_hand_holds_the_cards_due_and_every_player_has_one():
    # six cards for three players of two, but three and one: each wrong hand is named
    result = replay(edit(FORMATS_LOG, 16, "Hands: Vera [Qh 7c Ah], Anna [7s Th], Boris [8d]"))
    assert [(line, expected, actual) for line, expected, actual in found(result, "RSP-DEALER")] == [
        (16, "2", "3"), (16, "2", "1")]
    result = replay(edit(FORMATS_LOG, 16, "Hands: Vera [Qh 7c], Anna [7s Th]"))
    assert (16, "2 cards", "none") in found(result, "RSP-DEALER")


def messages(result):
    return [(f.rule_id, f.line, f.message, f.expected, f.actual) for f in result.findings]


def test_rsp_dealer_a_hand_left_out_is_one_finding_in_words():
    # Anna's hand is left out of round 1; she plays Kd. One fault, one finding (before: the order of
    # the deal as well, and RSP-DECK for a card "not in his hand ([])", with "1 cards").
    result = replay(edit(FORMATS_LOG, 9, "Hands: Boris [As], Vera [6c]"))
    assert messages(result) == [("RSP-DEALER", 9, "round 1: Anna has no hand", "1 card", "none")]
    # a hand left out and the others out of order: both faults
    result = replay(edit(FORMATS_LOG, 16, "Hands: Boris [Ah 8d], Vera [Qh 7c]"))
    assert [(f.line, f.expected, f.actual) for f in result.findings] == [
        (16, "Vera, Anna, Boris", "Boris, Vera"), (16, "2 cards", "none")]


def test_rsp_deck_a_card_played_from_an_empty_hand_names_the_player_and_no_cards():
    # Boris is dealt one card of two; he plays it to trick 1, then 8d from no cards to trick 2.
    result = replay(edit(FORMATS_LOG, 16, "Hands: Vera [Qh 7c], Anna [7s Th], Boris [Ah]"))
    assert [(line, message, expected, actual) for rule, line, message, expected, actual in messages(result)
            if rule == "RSP-DECK"] == [
        (19, "round 2, trick 2: Boris played 8d, though every card dealt to Boris was played before this trick",
         "no card left in Boris's hand", "8d")]
    assert ("RSP-DEALER", 16, "round 2: Boris was dealt 1 card of 2", "2", "1") in messages(result)


@pytest.mark.parametrize("edits, message", [
    # one card in hand: singular nouns
    ({9: "Hands: Boris [As], Vera [6c], Anna [Kd]", 10: "Bids: Boris 2, Vera 0, Anna 1"},
     ("RSP-BID", "round 1: Boris bid 2 with 1 card in hand")),
    ({11: "Trick 1: Boris As, Vera 6c, Anna Kd; won by Boris\nTrick 2: Boris As, Vera 6c, Anna Kd; won by Boris"},
     ("RSP-TRICK", "round 1: a hand of 1 card makes 1 trick")),
    ({5: "Rules: pass limit 1", 17: "Bids: Vera 0, Anna 1, Boris 0"},
     ("RSP-THREE-PASSES", "round 2: Vera passed 2 times in a row in the rounds with bids")),
])
def test_rsp_messages_word_one_card_and_one_trick_in_the_singular(edits, message):
    text = FORMATS_LOG
    for line, new in sorted(edits.items(), reverse=True):
        text = edit(text, line, new)
    assert message in [(rule, text) for rule, _, text, _, _ in messages(replay(text))]


def test_rsp_total_message_says_one_point_in_the_singular():
    # Round 1: everyone passes and Boris takes the trick: +1 point, his total mistyped 2.
    text = edit(edit(FORMATS_LOG, 10, "Bids: Boris 0, Vera 0, Anna 0"), 12, "Points: Boris 1, Vera 5, Anna 5")
    result = replay(edit(text, 13, "Totals: Boris 2, Vera 5, Anna 5"))
    assert [(f.message, f.expected, f.actual) for f in result.findings if f.line == 13] == [
        ("round 1: Boris's running total (previous 0 + 1 point)", "1", "2")]


def test_rsp_total_message_writes_a_loss_as_a_subtraction():
    # Round 2: Boris bid 1 and took 0, -10 points; his total mistyped 5 where 10 - 10 = 0.
    result = replay(edit(FORMATS_LOG, 21, "Totals: Boris 5, Vera 15, Anna 0"))
    assert [(f.message, f.expected, f.actual) for f in result.findings if f.line == 21] == [
        ("round 2: Boris's running total (previous 10 − 10 points)", "0", "5")]


def test_rsp_trump_card_turned_from_the_stock_is_not_in_a_hand():
    result = replay(edit(FORMATS_LOG, 8, "Round 1: 1 card, regular, dealer Anna, trump As"))
    assert found(result, "RSP-TRUMP") == [(8, "a card of the undealt stock", "As dealt")]


def test_rsp_trump_regular_round_needs_a_trump_card():
    result = replay(edit(FORMATS_LOG, 8, "Round 1: 1 card, regular, dealer Anna, trump none"))
    assert found(result, "RSP-TRUMP") == [(8, "a trump card", "none")]


def test_rsp_trump_joker_turned_up_means_no_trump():
    # 7s turned up: no trump, so Anna's Kd cannot trump; the trick stays Boris's.
    result = replay(edit(FORMATS_LOG, 8, "Round 1: 1 card, regular, dealer Anna, trump 7s (joker)"))
    assert result.findings == ()


def test_rsp_bid_above_the_cards_in_hand():
    result = replay(edit(FORMATS_LOG, 10, "Bids: Boris 2, Vera 0, Anna 1"))
    assert (10, "0 to 1", "2") in found(result, "RSP-BID")


def test_rsp_bid_order_is_clockwise_from_the_dealers_left():
    result = replay(edit(FORMATS_LOG, 10, "Bids: Anna 1, Boris 1, Vera 0"))
    assert found(result, "RSP-BID") == [(10, "Boris, Vera, Anna", "Anna, Boris, Vera")]


def test_rsp_three_passes_with_pass_limit_one_forbids_a_second_pass():
    # With "pass limit 1", Vera's pass in round 1 bars a pass in round 2 (line 17).
    text = edit(edit(FORMATS_LOG, 5, "Rules: pass limit 1"), 17, "Bids: Vera 0, Anna 1, Boris 0")
    result = replay(text)
    assert found(result, "RSP-THREE-PASSES") == [(17, "a bid of 1 or more", "0")]


def test_rsp_three_passes_on_a_sheet_and_the_hook_winning_over_it():
    sheet = """\
Raspisnoy sheet P
Players: Anna | Boris | Vera
Rules: max cards 1, specials none
First dealer: Vera

 #  cards kind    | Anna   | Boris  | Vera
 1  1     regular | 0/0 5  | 0/1 1  | 0/0 5
 2  1     regular | 0/0 10 | 0/1 2  | 0/0 10
 3  1     regular | 0/1 11 | 0/0 7  | 0/0 15
"""
    # Dealers Vera, Anna, Boris. Round 3: Boris deals and passed twice, but Anna and Vera passed too:
    # bidding 1 would make the sum 1 = the cards (hook), so he may pass. Anna and Vera (line 9) may not.
    result = replay(sheet)
    assert found(result, "RSP-THREE-PASSES") == [(9, "a bid of 1 or more", "0")] * 2
    assert "Boris" not in " ".join(f.message for f in result.findings)


def test_rsp_hook_forbids_sum_equal_to_cards():
    result = replay(edit(FORMATS_LOG, 10, "Bids: Boris 1, Vera 0, Anna 0"))
    assert found(result, "RSP-HOOK") == [(10, "a bid other than 0", "0")]


def test_rsp_hook_off_allows_it():
    text = edit(edit(FORMATS_LOG, 5, "Rules: hook off"), 10, "Bids: Boris 1, Vera 0, Anna 0")
    assert found(replay(text), "RSP-HOOK") == []


def test_rsp_lead_winner_of_the_trick_leads_the_next():
    result = replay(edit(FORMATS_LOG, 19, "Trick 2: Boris 8d, Vera 7c, Anna Th; won by Vera"))
    assert found(result, "RSP-LEAD") == [(19, "Anna", "Boris")]


def test_rsp_follow_revoke_shows_the_card_in_hand():
    # Boris holds Ah but plays 8d to Vera's Qh (line 18).
    text = edit(edit(FORMATS_LOG, 18, "Trick 1: Vera Qh, Anna 7s high, Boris 8d; won by Anna"),
                19, "Trick 2: Anna Th, Boris Ah, Vera 7c; won by Vera")
    result = replay(text)
    (finding,) = [f for f in result.findings if f.rule_id == "RSP-FOLLOW"]
    assert (finding.line, finding.expected, finding.actual) == (18, "Ah", "8d")
    assert "holding [Ah 8d]" in finding.message and "hearts" in finding.message


def test_rsp_follow_void_must_trump():
    text = FORMATS_LOG.replace("Hands: Boris [As], Vera [6c], Anna [Kd]", "Hands: Boris [As], Vera [9c], Anna [Kh]")
    # Anna is void in spades and holds the trump Kh: Kd would be wrong, Kh is right.
    text = text.replace("Trick 1: Boris As, Vera 6c, Anna Kd; won by Boris", "Trick 1: Boris As, Vera 9c, Anna Kh; won by Anna")
    result = replay(text)
    assert found(result, "RSP-FOLLOW") == []
    assert found(result, "RSP-SCORE")  # the written points assumed Boris won


def test_rsp_joker_lead_needs_a_lead_declaration():
    text = FORMATS_LOG.replace("Boris [As]", "Boris [7s]").replace("Boris As,", "Boris 7s high,")
    result = replay(text)
    assert found(result, "RSP-JOKER-LEAD") == [(11, "high trumps, high <suit> or low <suit>", "high")]


def test_rsp_joker_lead_high_trumps_needs_a_trump():
    # 54 cards: one joker turned up (no trump), Boris leads the other declaring high trumps.
    text = edit(edit(edit(edit(FORMATS_LOG, 5, "Rules: deck 54"), 8, "Round 1: 1 card, regular, dealer Anna, trump JK (joker)"),
                     9, "Hands: Boris [JK], Vera [6c], Anna [Kd]"), 11, "Trick 1: Boris JK high trumps, Vera 6c, Anna Kd; won by Boris")
    result = replay(text)
    assert found(result, "RSP-JOKER-LEAD") == [(11, "high <suit> or low <suit>", "high trumps")]
    assert found(result, "RSP-TRUMP") == []


def test_rsp_joker_lead_high_suit_demands_the_highest_card_of_it():
    text = edit(edit(edit(FORMATS_LOG, 16, "Hands: Vera [7s 7c], Anna [Qh Th], Boris [Ah 8d]"),
                     18, "Trick 1: Vera 7s high hearts, Anna Th, Boris Ah; won by Vera"),
                19, "Trick 2: Vera 7c, Anna Qh, Boris 8d; won by Vera")
    result = replay(text)
    assert found(result, "RSP-JOKER-LEAD") == [(18, "Qh", "Th")]


def test_rsp_joker_lead_high_suit_void_must_trump_under_the_joker_rule():
    # Vera leads the joker "high hearts"; Anna holds no heart, so she must trump (9c, clubs are trump):
    # a duty of the joker's demand, cited as RSP-JOKER-LEAD, not RSP-FOLLOW.
    text = edit(edit(edit(FORMATS_LOG, 16, "Hands: Vera [7s 7c], Anna [Qd 9c], Boris [Ah 8d]"),
                     18, "Trick 1: Vera 7s high hearts, Anna Qd, Boris Ah; won by Vera"),
                19, "Trick 2: Vera 7c, Anna 9c, Boris 8d; won by Anna")
    result = replay(text)
    assert found(result, "RSP-JOKER-LEAD") == [(18, "9c", "Qd")]
    assert found(result, "RSP-FOLLOW") == []


def test_rsp_joker_follow_declares_high_or_low():
    result = replay(edit(FORMATS_LOG, 18, "Trick 1: Vera Qh, Anna 7s high trumps, Boris Ah; won by Anna"))
    assert found(result, "RSP-JOKER-FOLLOW") == [(18, "high or low", "high trumps")]


def test_rsp_joker_follow_low_loses_the_trick():
    result = replay(edit(FORMATS_LOG, 18, "Trick 1: Vera Qh, Anna 7s low, Boris Ah; won by Anna"))
    assert found(result, "RSP-TRICK") == [(18, "Boris", "Anna")]


def test_rsp_trick_winner_as_written_is_checked():
    result = replay(edit(FORMATS_LOG, 11, "Trick 1: Boris As, Vera 6c, Anna Kd; won by Vera"))
    assert found(result, "RSP-TRICK") == [(11, "Boris", "Vera")]
    # The true winner scores: the written points (Boris 10) stay right.
    assert found(result, "RSP-SCORE") == []


def test_rsp_trick_count_must_equal_cards():
    lines = FORMATS_LOG.splitlines()
    del lines[18]  # round 2 loses its second trick
    result = replay("\n".join(lines) + "\n")
    assert (18, "2", "1") in found(result, "RSP-TRICK")


def test_rsp_trick_a_log_cut_off_inside_its_last_round_is_a_warning_and_the_round_not_scored(warehouse, tmp_path):
    # The log stops after round 2's first trick (line 18): incomplete, which breaks no rule.
    path = tmp_path / "cut.txt"
    path.write_text("\n".join(FORMATS_LOG.splitlines()[:18]) + "\n", encoding="utf-8")
    summary = ingest([path], warehouse, jobs=1)
    assert (summary.games, summary.quarantined) == (1, 0)
    with connect(warehouse) as con:
        findings = con.execute("select rule_id, severity, line, expected, actual from stg_findings").fetchall()
        nets = dict(con.execute("select player, net from stg_game_players").fetchall())
        rounds = con.execute("select distinct round_no from stg_raspisnoy_rounds").fetchall()
    assert findings == [("RSP-TRICK", "warning", 18, "2 tricks", "1")]
    assert rounds == [(1,)] and nets == {"Boris": 10, "Vera": 5, "Anna": -10}     # round 1 only


def test_rsp_trick_the_tricks_of_a_cut_off_round_are_still_judged():
    # Round 2 cut off after its first trick, in which Boris, holding the Ah, plays the 8d to Vera's Qh.
    text = "\n".join(edit(FORMATS_LOG, 18, "Trick 1: Vera Qh, Anna 7s high, Boris 8d; won by Anna").splitlines()[:18])
    result = replay(text + "\n")
    assert [(f.rule_id, f.severity.value, f.line) for f in result.findings] == [
        ("RSP-FOLLOW", "error", 18), ("RSP-TRICK", "warning", 18)]


def test_rsp_score_points_line_is_checked():
    result = replay(edit(FORMATS_LOG, 12, "Points: Boris 10, Vera 10, Anna -10"))
    assert found(result, "RSP-SCORE") == [(12, "5", "10")]


def test_rsp_score_special_misere_points():
    log = """\
Raspisnoy game M
Players: Anna, Boris, Vera
Rules: max cards 1, specials misere
First dealer: Anna

Round 1: 1 card, regular, dealer Anna, trump 9h
Hands: Boris [As], Vera [6c], Anna [Kd]
Bids: Boris 1, Vera 0, Anna 1
Trick 1: Boris As, Vera 6c, Anna Kd; won by Boris

Round 2: 1 card, regular, dealer Boris, trump 9h
Hands: Vera [As], Anna [6c], Boris [Kd]
Bids: Vera 1, Anna 0, Boris 1
Trick 1: Vera As, Anna 6c, Boris Kd; won by Vera

Round 3: 1 card, regular, dealer Vera, trump 9h
Hands: Anna [As], Boris [6c], Vera [Kd]
Bids: Anna 1, Boris 0, Vera 1
Trick 1: Anna As, Boris 6c, Vera Kd; won by Anna

Round 4: 1 card, misere, dealer Anna, trump 9h
Hands: Boris [As], Vera [6c], Anna [Kd]
Trick 1: Boris As, Vera 6c, Anna Kd; won by Boris
Points: Boris -10, Vera 50, Anna 50
"""
    result = replay(log)
    assert found(result, "RSP-SCORE-SPECIAL") == [(24, "-15", "-10")]
    assert len(result.findings) == 1


def test_rsp_total_running_total_is_checked():
    result = replay(edit(FORMATS_LOG, 21, "Totals: Boris 0, Vera 16, Anna 0"))
    assert found(result, "RSP-TOTAL") == [(21, "15", "16")]
    # The true total stands: Vera's net is 15.
    assert {p.player: p.net for p in result.players}["Vera"] == 15


def test_rsp_total_on_a_sheet_row():
    result = replay(edit(FORMATS_SHEET, 10, " 2  2     regular   | 0/0 -5    | 1/1 15    | 0/1 20"))
    assert found(result, "RSP-TOTAL") == [(10, "11", "20")]


# Each mistake of the secretary is found once, on its line: a wrong score alone (its total right), a
# wrong total alone (the next one the true running sum), a wrong total carried on into the next one.
@pytest.mark.parametrize("edits, findings", [
    ({12: "Points: Boris 10, Vera 6, Anna -10"}, [("RSP-SCORE", 12, "5", "6")]),
    ({12: "Points: Boris 10, Vera 6, Anna -10", 13: "Totals: Boris 10, Vera 6, Anna -10",
      21: "Totals: Boris 0, Vera 16, Anna 0"}, [("RSP-SCORE", 12, "5", "6")]),
    ({13: "Totals: Boris 10, Vera 6, Anna -10"}, [("RSP-TOTAL", 13, "5", "6")]),
    ({13: "Totals: Boris 10, Vera 6, Anna -10", 21: "Totals: Boris 0, Vera 16, Anna 0"},
     [("RSP-TOTAL", 13, "5", "6")]),
    ({13: "Totals: Boris 10, Vera 6, Anna -10", 21: "Totals: Boris 0, Vera 17, Anna 0"},
     [("RSP-TOTAL", 13, "5", "6"), ("RSP-TOTAL", 21, "16", "17")]),
])
def test_rsp_total_reports_each_mistake_once_where_it_was_made(edits, findings):
    text = FORMATS_LOG
    for line, new in edits.items():
        text = edit(text, line, new)
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in replay(text).findings] == findings


@pytest.mark.parametrize("row_2_boris, findings", [
    ("1/1 15", [(9, "5", "6")]),    # back to the true running sum: 5 + 10
    ("1/1 16", [(9, "5", "6")]),    # the wrong total carried on: 6 + 10
    ("1/1 17", [(9, "5", "6"), (10, "16", "17")]),
])
def test_rsp_total_on_a_sheet_reports_a_wrong_total_once(warehouse, tmp_path, row_2_boris, findings):
    text = edit(edit(FORMATS_SHEET, 9, " 1  1     regular   | 1/0 -10   | 0/0 6     | 1/1 10"), 10,
                f" 2  2     regular   | 0/0 -5    | {row_2_boris}    | 0/1 11")
    path = tmp_path / "sheet.txt"
    path.write_text(text, encoding="utf-8")
    ingest([path], warehouse, jobs=1)
    with connect(warehouse) as con:
        rows = con.execute("select line, expected, actual from stg_findings order by line").fetchall()
    assert rows == findings


def test_rsp_trick_on_a_sheet_tricks_add_up_to_cards():
    result = replay(edit(FORMATS_SHEET, 10, " 2  2     regular   | 0/0 -5    | 1/1 15    | 0/0 15"))
    assert found(result, "RSP-TRICK") == [(10, "2", "1")]
    # the message names the sum taken, the actual beside the expected
    assert [f.message for f in result.findings if f.rule_id == "RSP-TRICK"] == [
        "round 2: the tricks of 2 cards add up to 1"]


def test_rsp_trick_on_a_sheet_names_a_total_that_fits_the_tricks_that_add_up_and_cites_it_no_more():
    # Round 2: Vera bid 0 and took the 1 trick left (+1: 10 + 1 = 11), her 1 written 0: the tricks
    # add up to 1 of 2, and her 11 fits 1 trick, not the 0 written (a clean pass, 15)
    result = replay(edit(FORMATS_SHEET, 10, " 2  2     regular   | 0/0 -5    | 1/1 15    | 0/0 11"))
    assert [(f.rule_id, f.message) for f in result.findings] == [
        ("RSP-TRICK", "round 2: the tricks of 2 cards add up to 1; Vera's total fits 1 trick")]
    # a total that fits no count is a mistake of its own, cited as ever
    result = replay(edit(FORMATS_SHEET, 10, " 2  2     regular   | 0/0 -5    | 1/1 15    | 0/0 12"))
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in result.findings] == [
        ("RSP-TRICK", 10, "2", "1"), ("RSP-TOTAL", 10, "15", "12")]
    assert result.findings[0].message == "round 2: the tricks of 2 cards add up to 1"


def test_rsp_hook_on_a_sheet():
    # Round 2: Boris deals; Anna 0 + Vera 1 + Boris 1 = 2 = cards.
    result = replay(edit(FORMATS_SHEET, 10, " 2  2     regular   | 0/0 -5    | 1/1 15    | 1/1 20"))
    assert found(result, "RSP-HOOK") == [(10, "a bid other than 1", "1")]


def test_rsp_bid_blind_round_bids_before_hands():
    rules = "Rules: max cards 1, specials blind"
    head = f"Raspisnoy game B\nPlayers: Anna, Boris, Vera\n{rules}\nFirst dealer: Anna\n\n"
    body = ""
    for number, dealer, order in ((1, "Anna", "Boris Vera Anna"), (2, "Boris", "Vera Anna Boris"),
                                  (3, "Vera", "Anna Boris Vera"), (4, "Anna", "Boris Vera Anna")):
        a, b, c = order.split()
        kind = "blind" if number == 4 else "regular"
        hands = f"Hands: {a} [As], {b} [6c], {c} [Kd]\n"
        bids = f"Bids: {a} 1, {b} 0, {c} 1\n"
        body += f"Round {number}: 1 card, {kind}, dealer {dealer}, trump 9h\n{hands}{bids}"
        body += f"Trick 1: {a} As, {b} 6c, {c} Kd; won by {a}\n\n"
    result = replay(head + body)
    # Round 4 (blind, line 21) writes Bids (line 23) after Hands (line 22).
    assert found(result, "RSP-BID") == [(23, "Bids: before Hands:", "Bids: after Hands:")]


def test_replay_continues_after_violations_and_scores_what_was_played():
    text = edit(edit(FORMATS_LOG, 10, "Bids: Boris 1, Vera 0, Anna 0"), 11,
                "Trick 1: Boris As, Vera 6c, Anna Kd; won by Anna")
    result = replay(text)
    assert {f.rule_id for f in result.findings} >= {"RSP-HOOK", "RSP-TRICK", "RSP-SCORE"}
    # Anna passed and took nothing: +5 in round 1, +10 in round 2.
    assert {p.player: p.net for p in result.players}["Anna"] == 15


def test_demo_violations_sample_shows_each_deliberate_finding_at_its_line():
    from tests.conftest import SAMPLES
    text = (SAMPLES / "raspisnoy-violations.txt").read_text(encoding="utf-8")
    results = []
    for chunk in split_games(normalize_lines(text), HEADERS):
        record = parse_chunk(chunk, "raspisnoy-violations.txt")
        results += [(f.rule_id, f.line) for f in (replay_log if hasattr(record, "rounds") else replay_sheet)(record).findings]
    assert results == [
        ("RSP-HOOK", 14), ("RSP-SCORE", 17), ("RSP-FOLLOW", 24), ("RSP-TRICK", 26), ("RSP-TOTAL", 29),
        ("RSP-DEALER", 32), ("RSP-LEAD", 37), ("RSP-THREE-PASSES", 52), ("RSP-TOTAL", 52), ("RSP-TRICK", 54),
    ]
    # Every deliberate finding is announced by a comment on the line above it.
    lines = text.splitlines()
    for rule, line in results:
        assert rule in lines[line - 2], (rule, line)


@pytest.mark.parametrize("setting, findings", [("ordinary", []), ("lowest", [(18, "Th", "Qh")])])
def test_rsp_joker_lead_low_suit_duties_are_a_ruleset_option(setting, findings):
    # Vera leads the joker "low hearts"; Anna plays Qh holding Th. The default asks only to follow hearts;
    # "joker low lowest" (seed 001) asks for the lowest heart.
    text = edit(edit(edit(edit(FORMATS_LOG, 5, f"Rules: joker low {setting}"),
                          16, "Hands: Vera [7s 7c], Anna [Qh Th], Boris [Ah 8d]"),
                     18, "Trick 1: Vera 7s low hearts, Anna Qh, Boris Ah; won by Boris"),
                19, "Trick 2: Boris 8d, Vera 7c, Anna Th; won by Vera")
    result = replay(text)
    assert found(result, "RSP-JOKER-LEAD") == findings
    assert found(result, "RSP-TRICK") == []


def test_rsp_trick_a_round_cut_before_its_tricks_is_not_scored():
    text = "\n".join(FORMATS_LOG.splitlines()[:17]) + "\n"  # round 2 stops after its bids
    result = replay(text)
    assert [(f.rule_id, f.line, str(f.severity)) for f in result.findings] == [("RSP-TRICK", 15, "warning")]
    assert {r.round_no for r in result.rounds} == {1}
    assert {p.player: p.net for p in result.players} == {"Anna": -10, "Boris": 10, "Vera": 5}


# ------------------------------------------------------------------ variants of the seeds, as settings

def test_rsp_score_special_misere_and_golden_amounts_are_settings():
    rules = Ruleset.parse("misere 10 40, golden 20")
    assert round_points(RoundKind.MISERE, 9, None, 0, rules) == 40
    assert round_points(RoundKind.MISERE, 9, None, 2, rules) == -20
    assert round_points(RoundKind.GOLDEN, 9, None, 3, rules) == 60
    assert round_points(RoundKind.MISERE, 9, None, 2, Ruleset()) == -30  # the default -15 a trick


@pytest.mark.parametrize("scope, regular, no_trump", [
    # bid = cards = tricks: 5 of 5 in a simple round, 3 of 3 in a no-trump round (x 1.5)
    ("on", 100, 90), ("off", 50, 45), ("special", 50, 90), ("simple", 100, 45),
])
def test_rsp_score_all_tricks_doubling_scope_is_a_setting(scope, regular, no_trump):
    rules = Ruleset.parse(f"all-tricks double {scope}")
    assert rules.all_tricks_double is DoublingScope(scope)
    assert round_points(RoundKind.REGULAR, 5, 5, 5, rules) == regular
    assert round_points(RoundKind.NO_TRUMP, 3, 3, 3, rules) == no_trump


def test_rsp_score_seed_001_doubling_in_special_rounds_only():
    # Seed 001: in the special rounds, three cards each, bid 3 and take 3: 30 x 2 = 60 (no multiplier there).
    rules = Ruleset.parse("special multiplier 1, all-tricks double special")
    assert round_points(RoundKind.NO_TRUMP, 3, 3, 3, rules) == 60
    assert round_points(RoundKind.REGULAR, 3, 3, 3, rules) == 30


# The tester's sheet for seed 001 (casebook R.26 and R.36): rounds 1-5 as in R.26; in the no-trump
# round 6 (Boris deals: Vera, Anna, Boris bid) Vera bids both cards and takes one.
SEED_001_MISS = """Raspisnoy sheet S1-seed001-miss
Players: Anna | Boris | Vera
Rules: max cards 2, specials no-trump, all-tricks double {scope}, special multiplier 1
First dealer: Vera

 #  cards kind     | Anna     | Boris    | Vera
 1  1     regular  | 1/1 10   | 0/0 5    | 1/0 -10
 2  2     regular  | 1/0 0    | 1/1 15   | 1/1 0
 3  2     regular  | 1/1 10   | 1/0 5    | 1/1 10
 4  2     regular  | 1/1 20   | 1/1 15   | 1/0 0
 5  1     regular  | 1/0 10   | 1/1 25   | 1/0 -10
 6  2     no-trump | 0/0 15   | 1/1 35   | 2/1 -20
"""


def test_rsp_score_seed_001_doubles_a_made_bid_of_every_card_only():
    # Seed 001 doubles "the points you won" for a bid of every card made in the special rounds; a
    # miss is its ordinary undertrick, -10 a trick. Three cards, no 1.5 multiplier:
    rules = Ruleset.parse("special multiplier 1, all-tricks double special-made")
    assert rules.all_tricks_double is DoublingScope.SPECIAL_MADE
    assert round_points(RoundKind.NO_TRUMP, 3, 3, 3, rules) == 60     # 30 x 2
    assert round_points(RoundKind.NO_TRUMP, 3, 3, 1, rules) == -20    # 2 missing x 10 (special: -40)
    assert round_points(RoundKind.REGULAR, 3, 3, 3, rules) == 30      # simple rounds are not doubled
    assert round_points(RoundKind.REGULAR, 3, 3, 1, rules) == -20
    # with the default 1.5: bid 2 of 2, took 1, one missing: -10 x 1.5 = -15
    assert round_points(RoundKind.BLIND, 2, 2, 1, Ruleset.parse("all-tricks double special-made")) == -15


def test_rsp_total_seed_001_sheet_a_missed_bid_of_every_card_costs_10_a_trick():
    # Round 6: Vera bid 2 of 2 and took 1: under special-made one trick missing is -10, so her
    # total is -10 + -10 = -20, as written; Anna's clean pass +5 (15), Boris's 1 of 1 +10 (35).
    result = replay(SEED_001_MISS.format(scope="special-made"))
    assert result.findings == ()
    assert nets(result) == {"Anna": 15, "Boris": 35, "Vera": -20}
    # `special` doubles the miss too: -20, so the true total is -30 and the sheet's -20 is cited
    result = replay(SEED_001_MISS.format(scope="special"))
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in result.findings] == [
        ("RSP-TOTAL", 12, "-30", "-20")]


# The tester's log: Anna leads the joker (7s) declared only "high"; trump diamonds.
JOKER_LED_HIGH = """Raspisnoy game R1-joker-led-high
Players: Anna, Boris, Vera
Rules: {rules}
First dealer: Vera

Round 1: 1 card, regular, dealer Vera, trump Td
Hands: Anna [7s], Boris [Ks], Vera [Qh]
Bids: Anna 1, Boris 0, Vera 1
Trick 1: Anna 7s high, Boris Ks, Vera Qh; won by Anna
Points: Anna 10, Boris 5, Vera -10
"""


def test_rsp_joker_lead_plain_high_is_a_setting_and_the_default_s_finding():
    # The default knows three lead calls: a plain high lead is a finding at the Trick line (9); the
    # joker still takes the trick, so the points stand: Anna 1 of 1 +10, Boris clean pass +5, Vera -10.
    result = replay(JOKER_LED_HIGH.format(rules="default"))
    assert found(result, "RSP-JOKER-LEAD") == [(9, "high trumps, high <suit> or low <suit>", "high")]
    assert nets(result) == {"Anna": 10, "Boris": 5, "Vera": -10}
    result = replay(JOKER_LED_HIGH.format(rules="joker high lead on"))
    assert result.findings == ()
    assert nets(result) == {"Anna": 10, "Boris": 5, "Vera": -10}
    # still refused under the setting: a plain low lead names no suit to be the lowest of
    result = replay(JOKER_LED_HIGH.format(rules="joker high lead on").replace("7s high,", "7s low,"))
    assert found(result, "RSP-JOKER-LEAD") == [(9, "high, high trumps, high <suit> or low <suit>", "low")]


def test_rsp_joker_lead_plain_high_asks_nothing_of_the_others():
    # Led plain high, the joker names no suit: a player holding a heart, a trump (clubs) and a
    # spade may play any of them, and the joker takes the trick.
    rules = Ruleset.parse("joker high lead on")
    joker, high = Card.parse("7s"), Declaration.parse("high")
    duty = legal_cards(_hand("Ah", "6c", "Ks"), joker, high, Suit.CLUBS, rules)
    assert duty.cards == {Card.parse("Ah"), Card.parse("6c"), Card.parse("Ks")}
    assert trick_winner([(joker, high), (Card.parse("Ah"), None), (Card.parse("6c"), None)], Suit.CLUBS, rules) == 0


# The tester's sheet: specials in seed 000's order (blind, golden, no-trump). Boris passes in the
# blind rounds 5 and 6 and in the no-trump round 10; the golden rounds 7-9 have no bids. Sheet
# lines: row 1 is line 7, row 10 line 16.
PASSES_ACROSS_GOLDEN = """Raspisnoy sheet S3-three-passes-across-golden
Players: Anna | Boris | Vera
Rules: max cards 1, specials blind golden no-trump{rules}
First dealer: Vera

 #  cards kind     | Anna     | Boris    | Vera
 1  1     regular  | 1/1 10   | 1/0 -10  | 1/0 -10
 2  1     regular  | 1/0 0    | 1/1 0    | 1/0 -20
 3  1     regular  | 1/0 -10  | 1/0 -10  | 1/1 -10
 4  1     blind    | 1/1 5    | 1/0 -25  | 1/0 -25
 5  1     blind    | 1/0 -10  | 0/0 -17.5 | 1/1 -10
 6  1     blind    | 1/0 -25  | 0/0 -10  | 1/1 5
 7  1     golden   | -/1 -10  | -/0 -10  | -/0 5
 8  1     golden   | -/0 -10  | -/1 5    | -/0 5
 9  1     golden   | -/0 -10  | -/0 5    | -/1 20
10  1     no-trump | 1/1 5    | 0/0 12.5 | 1/0 5
11  1     no-trump | 1/0 -10  | 1/1 27.5 | 1/0 -10
12  1     no-trump | 1/0 -25  | 1/0 12.5 | 1/1 5
"""


def test_rsp_three_passes_over_the_rounds_with_bids_by_default_or_every_round_as_a_setting():
    # Round 10 (Vera deals; Boris bids second, a bid of 1 open to him): by default the golden
    # rounds are passed over, so rounds 5, 6 and 10 are three passes in a row.
    result = replay(PASSES_ACROSS_GOLDEN.format(rules=""))
    assert [(f.rule_id, f.line, f.expected, f.actual, f.message) for f in result.findings] == [
        ("RSP-THREE-PASSES", 16, "a bid of 1 or more", "0",
         "round 10: Boris passed 3 times in a row in the rounds with bids")]
    # Every round counted: rounds 8 and 9, just before round 10, are golden and nobody passed there.
    result = replay(PASSES_ACROSS_GOLDEN.format(rules=", pass run rounds"))
    assert result.findings == ()
    # The points are the same either way: Anna -25, Boris 12.5, Vera 5 (worked row by row).
    assert nets(result) == {"Anna": Decimal(-25), "Boris": Decimal("12.5"), "Vera": Decimal(5)}


def test_rsp_three_passes_every_round_counted_still_bars_three_passes_running():
    # rules.md's sheet: Boris passes in rounds 1, 2 and 3, all with bids; counting every round
    # changes nothing there.
    sheet = """Raspisnoy sheet R-passes
Players: Anna | Boris | Vera
Rules: pass run rounds
First dealer: Vera

 #  cards kind     | Anna     | Boris    | Vera
 1  1     regular  | 0/0 5    | 0/0 5    | 0/1 1
 2  2     regular  | 1/1 15   | 0/0 10   | 0/1 2
 3  3     regular  | 1/1 25   | 0/1 11   | 1/1 12
"""
    assert [(f.rule_id, f.line, f.message) for f in replay(sheet).findings] == [
        ("RSP-THREE-PASSES", 9, "round 3: Boris passed 3 times in a row")]


def _whole_deck_round(trump: str, rules: str) -> str:
    # Three players, 12 cards each: the whole 36-card deck is dealt. Anna deals round 1.
    deck = [rank + suit for suit in "shdc" for rank in "6789TJQKA"]
    boris, vera, anna = deck[:12], deck[12:24], deck[24:]
    text = edit(FORMATS_LOG, 5, f"Rules: max cards 12, {rules}")
    text = edit(text, 8, f"Round 1: 12 cards, regular, dealer Anna, trump {trump}")
    return edit(text, 9, f"Hands: Boris [{' '.join(boris)}], Vera [{' '.join(vera)}], Anna [{' '.join(anna)}]")


@pytest.mark.parametrize("trump, setting, findings", [
    ("Kc", "whole-deck trump dealer", []),                     # Kc is Anna's: the dealer shows it
    ("9h", "whole-deck trump dealer", [(8, "9h in Anna's hand", "another hand")]),  # 9h is Vera's
    ("9h", "whole-deck trump drawn", []),                      # drawn before the deal: any hand
])
def test_rsp_trump_whole_deck_from_the_dealers_own_cards_is_a_setting(trump, setting, findings):
    assert found(replay(_whole_deck_round(trump, setting)), "RSP-TRUMP") == findings


@pytest.mark.parametrize("spelling", ["forehead", "Lobovaya", "лобовая"])
def test_rsp_forehead_round_scores_as_blind_and_reads_in_every_spelling(spelling):
    rules = Ruleset.parse(f"specials no-trump {spelling}")
    assert rules.specials == (RoundKind.NO_TRUMP, RoundKind.FOREHEAD)
    # bid 2, took 2, three cards: 20 x 1.5 = 30, as in a blind round
    assert round_points(RoundKind.FOREHEAD, 3, 2, 2, Ruleset()) == round_points(RoundKind.BLIND, 3, 2, 2, Ruleset()) == 30


def test_each_ruleset_has_its_own_jokers_when_rulesets_come_and_go():
    # jokers_of remembers rulesets by identity: a ruleset made where a freed one stood (each one below
    # is dropped at once, so the next is likely made at its address) must not get the freed one's jokers
    expected = {"joker 6c": {Card.parse("6c").code}, "default": {Card.parse("7s").code}, "deck 54": {52, 53}}
    hand, led = Counter([Card.parse("6c"), Card.parse("Ah")]), Card.parse("Kh")
    for _ in range(50):
        for text, codes in expected.items():
            assert jokers_of(Ruleset.parse(text)).codes == codes, text
            allowed = legal_cards(hand, led, None, None, Ruleset.parse(text)).cards
            assert allowed == ({Card.parse("Ah"), Card.parse("6c")} if text == "joker 6c" else {Card.parse("Ah")}), text
