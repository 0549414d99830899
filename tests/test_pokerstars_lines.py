"""Every line PokerStars writes is read: lines without play are left out, none sends a good hand
to quarantine, and a returning player's dead small blind reaches the record as dead money."""

from __future__ import annotations

from decimal import Decimal

import numpy as np

from parsers.pokerstars import parse
from parsers.pokerstars_fast import read_batch
from parsers.source import split
from rules.findings import Severity
from rules.holdem_batch import batch_from_hands
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind
from rules.records import Source


def read(text: str):
    lines = tuple(text.split("\n"))
    return parse(lines, Source(file="t.txt", first_line=1, last_line=len(lines), game_id="t"))


def errors(hand) -> list:
    return [f for f in replay(hand, allin_ev=False).findings if f.severity is Severity.ERROR]


def nets(hand) -> dict[str, Decimal]:
    return {p.player: p.net for p in replay(hand, allin_ev=False).players}


# A returning player (Gleb) pays his missed small blind after the big blind; the small blind's
# seat is empty. Pot: Vera's 0.50 + Gleb's dead 0.25 + Gleb's call of 0.50 = 1.25.
DEAD_SMALL_BLIND = """PokerStars Hand #226000000001: Hold'em No Limit ($0.25/$0.50 USD) - 2021/05/06 12:00:00 ET
Table 'Alcor II' 6-max Seat #2 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($50 in chips)
Seat 4: Vera ($50 in chips)
Seat 5: Gleb ($50 in chips)
Vera: posts big blind $0.50
Gleb: posts small blind $0.25
*** HOLE CARDS ***
Gleb: calls $0.50
Anna: folds
Boris: folds
Vera: checks
*** FLOP *** [2c 7d 9h]
Vera: bets $1
Gleb: folds
Uncalled bet ($1) returned to Vera
Vera collected $1.20 from pot
Vera: doesn't show hand
*** SUMMARY ***
Total pot $1.25 | Rake $0.05
Board [2c 7d 9h]
Seat 1: Anna folded before Flop (didn't bet)
Seat 2: Boris (button) folded before Flop (didn't bet)
Seat 4: Vera (big blind) collected ($1.20)
Seat 5: Gleb folded on the Flop"""

# The same money with the small blind's seat taken: Dima posts the live small blind first, Gleb's
# is the second "posts small blind". Pot 1.25 + Dima's 0.25 = 1.50, rake 0.05.
SECOND_SMALL_BLIND = """PokerStars Hand #226000000002: Hold'em No Limit ($0.25/$0.50 USD) - 2021/05/06 12:01:00 ET
Table 'Alcor II' 6-max Seat #2 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($50 in chips)
Seat 3: Dima ($50 in chips)
Seat 4: Vera ($50 in chips)
Seat 5: Gleb ($50 in chips)
Dima: posts small blind $0.25
Vera: posts big blind $0.50
Gleb: posts small blind $0.25
*** HOLE CARDS ***
Gleb: calls $0.50
Anna: folds
Boris: folds
Dima: folds
Vera: checks
*** FLOP *** [2c 7d 9h]
Vera: bets $1
Gleb: folds
Uncalled bet ($1) returned to Vera
Vera collected $1.45 from pot
Vera: doesn't show hand
*** SUMMARY ***
Total pot $1.50 | Rake $0.05
Board [2c 7d 9h]
Seat 1: Anna folded before Flop (didn't bet)
Seat 2: Boris (button) folded before Flop (didn't bet)
Seat 3: Dima (small blind) folded before Flop
Seat 4: Vera (big blind) collected ($1.45)
Seat 5: Gleb folded on the Flop"""


def test_he_blinds_dead_small_blind_after_the_big_blind_is_dead_money():
    hand = read(DEAD_SMALL_BLIND)
    posts = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.is_post]
    assert posts == [("Vera", ActionKind.POST_BB, Decimal("0.50")), ("Gleb", ActionKind.POST_DEAD, Decimal("0.25"))]
    assert errors(hand) == []
    # Gleb loses his dead 0.25 and his call of 0.50; Vera wins 1.20 for her 0.50
    assert nets(hand) == {"Anna": 0, "Boris": 0, "Vera": Decimal("0.70"), "Gleb": Decimal("-0.75")}


def test_he_blinds_second_small_blind_is_dead_money():
    hand = read(SECOND_SMALL_BLIND)
    kinds = [(a.player, a.kind) for a in hand.actions if a.kind.is_post]
    assert kinds == [("Dima", ActionKind.POST_SB), ("Vera", ActionKind.POST_BB), ("Gleb", ActionKind.POST_DEAD)]
    assert errors(hand) == []
    assert nets(hand) == {"Anna": 0, "Boris": 0, "Dima": Decimal("-0.25"), "Vera": Decimal("0.95"),
                          "Gleb": Decimal("-0.75")}


def test_the_compiled_reader_marks_the_dead_small_blind_as_the_reader_does():
    text = f"{DEAD_SMALL_BLIND}\n\n{SECOND_SMALL_BLIND}"
    chunks = split(text)
    batch = read_batch(chunks, "t.txt")
    assert batch.in_lane.tolist() == [True, True]
    reference = batch_from_hands([read(DEAD_SMALL_BLIND), read(SECOND_SMALL_BLIND)], "t.txt")
    assert np.array_equal(batch.kind, reference.kind)
    assert batch.kind.tolist().count(list(ActionKind).index(ActionKind.POST_DEAD)) == 2


# Lines that carry no play, each where PokerStars writes it.
NO_PLAY = """PokerStars Hand #226000000003: Hold'em No Limit ($0.25/$0.50 USD) - 2021/05/06 12:02:00 ET
Table 'Alcor II' 6-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($50 in chips)
Seat 3: Vera ($50 in chips)
Seat 4: Gleb ($50 in chips) is sitting out
Gleb: sits out
Anna: posts small blind $0.25
Boris: posts big blind $0.50
*** HOLE CARDS ***
Vera: folds
Vera: sits out
Anna: folds
Gleb sits out
Uncalled bet ($0.25) returned to Boris
Boris collected $0.50 from pot
Boris: doesn't show hand
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 1: Anna (button) (small blind) folded before Flop
Seat 2: Boris (big blind) collected ($0.50)
Seat 3: Vera folded before Flop (didn't bet)
Seat 4: Gleb is sitting out"""


def test_sits_out_lines_are_read_anywhere_in_the_hand():
    hand = read(NO_PLAY)
    assert [a.kind for a in hand.actions] == [ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.FOLD,
                                              ActionKind.FOLD, ActionKind.UNCALLED, ActionKind.COLLECT, ActionKind.MUCK]
    assert [(s.player, s.is_sitting_out) for s in hand.seats] == [
        ("Anna", False), ("Boris", False), ("Vera", False), ("Gleb", True)]


def test_he_action_order_skips_a_seat_sitting_out():
    assert errors(read(NO_PLAY)) == []


LIMIT_CAPPED = """PokerStars Hand #35839001299: Hold'em Limit ($0.10/$0.20 USD) - 2009/11/25 14:12:58 ET
Table 'Theodora VI' 6-max Seat #1 is the button
Seat 1: Anna ($4 in chips)
Seat 2: Boris ($4 in chips)
Seat 3: Vera ($4 in chips)
Boris: posts small blind $0.05
Vera: posts big blind $0.10
*** HOLE CARDS ***
Anna: raises $0.10 to $0.20
Boris: raises $0.10 to $0.30
Vera: raises $0.10 to $0.40
Betting is capped
Anna: calls $0.20
Boris: calls $0.10
*** FLOP *** [2c 7d 9h]
Boris: checks
Vera: checks
Anna: checks
*** TURN *** [2c 7d 9h] [Jc]
Boris: checks
Vera: checks
Anna: checks
*** RIVER *** [2c 7d 9h Jc] [3s]
Boris: checks
Vera: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [As Ad] (a pair of Aces)
Vera: mucks hand
Anna: mucks hand
Boris collected $1.14 from pot
*** SUMMARY ***
Total pot $1.20 | Rake $0.06
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) mucked
Seat 2: Boris (small blind) showed [As Ad] and won ($1.14) with a pair of Aces
Seat 3: Vera (big blind) mucked"""


def test_betting_is_capped_is_read_in_limit():
    hand = read(LIMIT_CAPPED)
    assert [a.raise_to for a in hand.actions if a.kind is ActionKind.RAISE] == [
        Decimal("0.20"), Decimal("0.30"), Decimal("0.40")]
    assert errors(hand) == []
    assert nets(hand) == {"Anna": Decimal("-0.40"), "Boris": Decimal("0.74"), "Vera": Decimal("-0.40")}


# A progressive knockout tournament's hand: bounties on the seat lines, knockout and bounty lines
# after the pot is collected, the finish lines of the players knocked out.
KNOCKOUT = """PokerStars Hand #230000000001: Tournament #3100000001, $4.40+$4.40+$1.20 USD Hold'em No Limit - Level IV (50/100) - 2021/09/12 20:10:00 ET
Table '3100000001 7' 9-max Seat #1 is the button
Seat 1: Anna (3000 in chips, $4.40 bounty)
Seat 2: Boris (1500 in chips, $2.20 bounty)
Seat 3: Vera (800 in chips, $2.20 bounty)
Boris: posts small blind 50
Vera: posts big blind 100
*** HOLE CARDS ***
Anna: raises 1400 to 1500
Boris: calls 1450 and is all-in
Vera: calls 700 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [3s]
*** SHOW DOWN ***
Anna: shows [As Ad] (a pair of Aces)
Boris: shows [Kc Kd] (a pair of Kings)
Vera: shows [Qc Qd] (a pair of Queens)
Anna collected 1400 from side pot
Anna collected 2400 from main pot
Anna wins $1.10 for eliminating Boris and their own bounty increases by $1.10 to $5.50
Anna wins $1.10 for eliminating Vera and their own bounty increases by $1.10 to $6.60
Anna wins the $2.20 bounty for eliminating Boris
Anna, Gleb split the $2 bounty for eliminating Vera
Boris finished the tournament in 3rd place
Vera finished the tournament in 2nd place and received a ticket for the Sunday Storm
Anna wins an entry to tournament #3200000001
Anna wins the tournament and receives $30.00 - congratulations!
*** SUMMARY ***
Total pot 3800 Main pot 2400. Side pot 1400. | Rake 0
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) showed [As Ad] and won (3800) with a pair of Aces
Seat 2: Boris (small blind) showed [Kc Kd] and lost with a pair of Kings
Seat 3: Vera (big blind) showed [Qc Qd] and lost with a pair of Queens"""


def test_bounty_knockout_and_satellite_lines_are_read():
    hand = read(KNOCKOUT)
    assert (hand.tournament_id, hand.currency, hand.big_blind) == ("3100000001", "chips", Decimal(100))
    assert [(s.player, s.stack) for s in hand.seats] == [("Anna", 3000), ("Boris", 1500), ("Vera", 800)]
    assert errors(hand) == []
    assert nets(hand) == {"Anna": Decimal(2300), "Boris": Decimal(-1500), "Vera": Decimal(-800)}


def test_cash_out_line_without_a_fee_is_read_with_a_fee_of_zero():
    text = """PokerStars Hand #226000000004: Hold'em No Limit ($0.05/$0.10 USD) - 2020/11/02 10:00:00 ET
Table 'Hydra' 6-max Seat #1 is the button
Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Anna: posts small blind $0.05
Boris: posts big blind $0.10
*** HOLE CARDS ***
Anna: raises $9.90 to $10 and is all-in
Boris: calls $9.90 and is all-in
Boris cashed out the hand for $9.50
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [3s]
*** SHOW DOWN ***
Anna: shows [As Ad] (a pair of Aces)
Boris: shows [Kc Kd] (a pair of Kings)
Anna collected $19.50 from pot
*** SUMMARY ***
Total pot $20 | Rake $0.50
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) (small blind) showed [As Ad] and won ($19.50) with a pair of Aces
Seat 2: Boris (big blind) showed [Kc Kd] and lost with a pair of Kings"""
    hand = read(text)
    assert [(c.player, c.amount, c.fee, c.line) for c in hand.cash_outs] == [("Boris", Decimal("9.50"), 0, 10)]


def test_shoot_out_header_without_a_buy_in_is_read():
    text = KNOCKOUT.replace(
        "Tournament #3100000001, $4.40+$4.40+$1.20 USD Hold'em No Limit - Level IV (50/100)",
        "Tournament #3100000001, Hold'em No Limit - Match Round I, Level IV (50/100)")
    hand = read(text)
    assert (hand.tournament_id, hand.stakes, hand.small_blind, hand.big_blind) == (
        "3100000001", "50/100", Decimal(50), Decimal(100))
    assert hand.info.played_at.isoformat() == "2021-09-13T00:10:00"     # 20:10:00 ET in September is UTC-4


# ////////////////////////////////////////////////////////////////////// the table of line kinds


def test_the_grammar_words_and_scanner_codes_come_from_the_table_of_line_kinds():
    from parsers import pokerstars as ps
    from parsers import pokerstars_fast

    named = [k for k in ps.LINE_KINDS if k.name]
    # the grammar's rules use exactly the table's shape terminals
    rules = ps.TABLE.grammar().rules
    assert {symbol.name for rule in rules for symbol in rule.expansion if symbol.is_term} == set(ps.TERMINALS)
    assert ps.TERMINALS[:3] == ("HEADER", "TABLE", "SEAT") and len(ps.TERMINALS) == 15
    assert sorted(k.code for k in ps.LINE_KINDS if k.code) == list(range(1, 16))
    assert set(ps.WORDS) == {k.name for k in named}
    for kind in ps.LINE_KINDS:
        if kind.pattern is not None:
            assert set(kind.fields) <= set(kind.pattern.groupindex), kind.name
    assert pokerstars_fast._TERMINALS == ("", *ps.TERMINALS)


def test_every_line_kind_is_read_by_its_own_pattern():
    from parsers import pokerstars as ps

    samples = {
        "HOLE": "*** HOLE CARDS ***", "SUMMARY": "*** SUMMARY ***", "SHOWDOWN": "*** SHOW DOWN ***",
        "STREET": "*** FLOP *** [2c 7d 9h]", "POST": "Anna: posts small blind $1", "SHOW": "Anna: shows [As Ad]",
        "NOSHOW": "Anna: mucks hand", "ACTION": "Anna: raises $2 to $4", "TABLE": "Table 'T' 6-max Seat #1 is the button",
        "DEALT": "Dealt to Anna [As Ad]", "UNCALLED": "Uncalled bet ($1) returned to Anna",
        "COLLECT": "Anna collected $2 from pot", "CASHOUT": "Anna cashed out the hand for $2 | Cash Out Fee $0.02",
        "CANCELLED": "Hand cancelled",
    }
    header = "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET"
    for name, line in samples.items():
        (kind, _, index), = ps.TABLE.classify((header, line))
        assert (kind, index) == (name, 1), line
    for line in ("Anna: sits out", "Anna said, \"hi\"", "Anna joins the table at seat #3", "Betting is capped"):
        assert ps.TABLE.classify((header, line)) == [], line


def test_the_hand_names_and_fold_words_are_read_as_the_table_declares_them():
    """The words of a made hand's name and of a summary seat's fold are declared once (the generator
    writes the first of each); the reader's patterns are made from them, every other form included."""
    from parsers import pokerstars as ps
    from rules.evaluator import HandCategory

    assert set(ps.HAND_NAMES) == {c.name for c in HandCategory}
    assert len(ps.RANK_NAMES) == len(ps.RANK_PLURALS) == 13 and len(ps.FOLDED_ON) == 4
    for name in ps.HAND_NAMES.values():
        for words, plurals in zip(ps.RANK_NAMES, ps.RANK_PLURALS):
            for word, plural in zip(words, plurals):
                hand = name.format(rank=word, low_rank=word, ranks=plural, second_ranks=plural)
                assert ps.HAND_NAME.fullmatch(hand), hand
    for hand in ("a pair of Twos", "high card Two", "two pair, Aces and Deuces", "a straight, Ace to Five",
                 "a full house, Sixes full of Jacks", "a flush, King high - Eight higher", "a Royal Flush"):
        assert ps.HAND_NAME.fullmatch(hand), hand
    for hand in ("a pair of Twoes", "a pair of King", "high card Kings", "a royal flush"):
        assert not ps.HAND_NAME.fullmatch(hand), hand
    for said in ("folded before Flop (didn't bet)", "folded before Turn", "folded on the River",
                 "showed [2c 2d] and lost with a pair of Twos", "showed [As Ad] and won ($2) with a pair of Aces"):
        assert ps.SUMMARY_OUTCOME.fullmatch(said), said
    for said in ("folded on the Preflop", "folded before River", "showed [2c 2d] and lost with a pair of Twoes"):
        assert not ps.SUMMARY_OUTCOME.fullmatch(said), said
