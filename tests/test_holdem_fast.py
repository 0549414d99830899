"""The fast lane's batch and kernel: ``rules.holdem_batch.batch_from_hands`` and ``rules.holdem_fast``.

Hand-worked hands: the findings (rule, line, player, expected, actual) and nets worked out in the
comments. The engine against external oracles (pokerkit, the logs, the generator) is in
tests/test_holdem_oracles.py.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from pipeline.generators.holdem import generate_hands
from rules.cards import Card
from rules.holdem_batch import KINDS, STREETS, HandBatch, batch_from_hands, pot_code
from rules.holdem_hand import ActionKind, HoldemHand
from tests.holdem_helpers import parse_hands


def _generated(game: str, count: int, seed: int, **options) -> list[HoldemHand]:
    text = "\n\n\n".join(t for t, _ in generate_hands(game, count=count, seed=seed, **options)) + "\n"
    return parse_hands(text)


def _cents(value: Decimal) -> int:
    return int(value * 100)


def _assert_batch_matches(b: HandBatch, hands: list[HoldemHand]) -> None:
    assert b.hands == len(hands)
    for h, hand in enumerate(hands):
        s0, s1 = b.seat_start[h], b.seat_start[h + 1]
        a0, a1 = b.action_start[h], b.action_start[h + 1]
        assert s1 - s0 == len(hand.seats) and a1 - a0 == len(hand.actions)
        if not b.in_lane[h]:
            continue
        assert b.small_blind[h] == _cents(hand.small_blind) and b.big_blind[h] == _cents(hand.big_blind)
        assert b.total_pot[h] == _cents(hand.summary.total_pot) and b.rake[h] == _cents(hand.summary.rake)
        assert [b.player[j] for j in range(s0, s1)] == [s.player for s in hand.seats]
        assert b.stack[s0:s1].tolist() == [_cents(s.stack) for s in hand.seats]
        for k, a in enumerate(hand.actions):
            j = a0 + k
            assert KINDS[b.kind[j]] is a.kind and STREETS[b.street[j]] is a.street
            assert b.player[s0 + b.actor[j]] == a.player
            assert b.amount[j] == _cents(a.amount) and b.line[j] == a.line
            assert b.pot[j] == (pot_code(a.pot) if a.kind is ActionKind.COLLECT else -1)
        holes = {}
        for r in hand.hole_cards:
            holes.setdefault(r.player, tuple(c.code for c in r.cards))
        for i, s in enumerate(hand.seats):
            got = tuple(x for x in b.hole[s0 + i].tolist() if x >= 0)
            assert got == holes.get(s.player, ())
        won = {s.player: _cents(s.won[0]) for s in hand.summary.seats if s.won}
        assert [b.summary_won[s0 + i] for i in range(len(hand.seats))] == [won.get(s.player, -1) for s in hand.seats]
        board = tuple(c.code for c in hand.boards[0]) if hand.boards else ()
        assert tuple(x for x in b.boards[h, 0].tolist() if x >= 0) == board


@pytest.mark.parametrize("game", ["holdem", "holdem36"])
def test_batch_from_hands_keeps_every_column_of_the_records(game):
    hands = _generated(game, 200, 11, allin=0.01, short_stacks=0.1, straddle=0.1)
    b = batch_from_hands(hands)
    assert b.in_lane.all()
    _assert_batch_matches(b, hands)


def test_batch_from_hands_puts_out_of_the_lane_only_what_its_columns_cannot_hold():
    import dataclasses

    hands = _generated("holdem", 4, 5)
    hands[1] = dataclasses.replace(hands[1], summary=None)     # a hand cut before its summary: still read
    hands[2] = dataclasses.replace(hands[2], small_blind=Decimal("0.005"))     # half a cent: no cents column holds it
    b = batch_from_hands(hands)
    assert b.in_lane.tolist() == [True, True, False, True]
    assert b.has_summary.tolist() == [True, False, True, True]


def test_an_amount_of_a_seat_or_an_action_no_column_holds_puts_out_its_own_hand_only():
    import dataclasses

    hands = _generated("holdem", 5, 6)
    first_seat = dataclasses.replace(hands[1].seats[0], stack=Decimal("1.005"))
    hands[1] = dataclasses.replace(hands[1], seats=(first_seat, *hands[1].seats[1:]))
    first_action = dataclasses.replace(hands[3].actions[0], amount=Decimal("0.011"))
    hands[3] = dataclasses.replace(hands[3], actions=(first_action, *hands[3].actions[1:]))
    b = batch_from_hands(hands)
    assert b.in_lane.tolist() == [True, False, True, False, True]
    # the amount is written 0, as the other columns of a hand out of the lane, and its neighbours keep theirs
    assert b.stack[b.seat_start[1]] == 0 and b.amount[b.action_start[3]] == 0
    assert b.stack[b.seat_start[1] - 1] == _cents(hands[0].seats[-1].stack)


# ---------------------------------------------------------------------- the kernel on hand-worked hands

from rules.holdem_fast import FactBatch, replay_batch


def _d(cents) -> Decimal:
    return Decimal(int(cents)) / 100


_HEAD = ("PokerStars Hand #{n}:  Hold'em No Limit ($0.01/$0.02 USD) - 2024/02/07 21:29:31 ET\n"
         "Table 'Vesta' 6-max Seat #1 is the button\n")

WALK = _HEAD.format(n=1) + """Seat 1: Anna ($1 in chips)
Seat 2: Boris ($1 in chips)
Seat 3: Vera ($1 in chips)
Boris: posts small blind $0.01
Vera: posts big blind $0.02
*** HOLE CARDS ***
Anna: folds
Boris: folds
Uncalled bet ($0.01) returned to Vera
Vera collected $0.02 from pot
Vera: doesn't show hand
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Anna (button) folded before Flop (didn't bet)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) collected ($0.02)
"""

# Boris and Vera both hold the Ace-high straight: the pot of 0.06 less 0.01 rake is 0.05, split
# 0.03 / 0.02, the odd cent to Boris, the first winner clockwise from the button (Anna).
SPLIT = _HEAD.format(n=2) + """Seat 1: Anna ($1 in chips)
Seat 2: Boris ($1 in chips)
Seat 3: Vera ($1 in chips)
Boris: posts small blind $0.01
Vera: posts big blind $0.02
*** HOLE CARDS ***
Anna: calls $0.02
Boris: calls $0.01
Vera: checks
*** FLOP *** [As Ks Qd]
Boris: checks
Vera: checks
Anna: checks
*** TURN *** [As Ks Qd] [Jh]
Boris: checks
Vera: checks
Anna: checks
*** RIVER *** [As Ks Qd Jh] [2c]
Boris: checks
Vera: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [Tc 3d] (a straight, Ten to Ace)
Vera: shows [Td 4c] (a straight, Ten to Ace)
Anna: shows [7h 8h] (high card Ace)
Boris collected $0.03 from pot
Vera collected $0.02 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0.01
Board [As Ks Qd Jh 2c]
Seat 1: Anna (button) showed [7h 8h] and lost with high card Ace
Seat 2: Boris (small blind) showed [Tc 3d] and won ($0.03) with a straight, Ten to Ace
Seat 3: Vera (big blind) showed [Td 4c] and won ($0.02) with a straight, Ten to Ace
"""

# Anna is all in for 0.50: the main pot of 1.50 is hers (aces), the side pot of 0.80 Boris's (kings).
SIDE_POT = _HEAD.format(n=3) + """Seat 1: Anna ($0.50 in chips)
Seat 2: Boris ($2 in chips)
Seat 3: Vera ($2 in chips)
Boris: posts small blind $0.01
Vera: posts big blind $0.02
*** HOLE CARDS ***
Anna: raises $0.48 to $0.50 and is all-in
Boris: calls $0.49
Vera: calls $0.48
*** FLOP *** [2c 7s 9d]
Boris: bets $0.40
Vera: calls $0.40
*** TURN *** [2c 7s 9d] [Jc]
Boris: checks
Vera: checks
*** RIVER *** [2c 7s 9d Jc] [3h]
Boris: checks
Vera: checks
*** SHOW DOWN ***
Boris: shows [Kh Kd] (a pair of Kings)
Vera: shows [Qh Qd] (a pair of Queens)
Boris collected $0.80 from side pot
Anna: shows [Ah Ad] (a pair of Aces)
Anna collected $1.50 from main pot
*** SUMMARY ***
Total pot $2.30 Main pot $1.50. Side pot $0.80. | Rake $0
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Ah Ad] and won ($1.50) with a pair of Aces
Seat 2: Boris (small blind) showed [Kh Kd] and won ($0.80) with a pair of Kings
Seat 3: Vera (big blind) showed [Qh Qd] and lost with a pair of Queens
"""


def _one(text: str) -> tuple[HandBatch, FactBatch, HoldemHand]:
    hands = parse_hands(text)
    assert len(hands) == 1
    b = batch_from_hands(hands)
    return b, replay_batch(b), hands[0]


def _rows(f: FactBatch) -> list[tuple]:
    """The engine's findings of a one-hand batch: rule, line, player, expected, actual."""
    from rules.holdem_rules import HE

    rows = f.findings
    names = ["Anna", "Boris", "Vera"]
    return [(HE.by_code(int(rule)).value, int(line), names[seat] if seat >= 0 else None, int(exp), int(act))
            for rule, line, seat, exp, act in zip(rows.rule, rows.line, rows.seat, rows.expected, rows.actual)]


def _nets(b: HandBatch, f: FactBatch) -> dict[str, Decimal]:
    return {b.player[j]: _d(f.net[j]) for j in range(len(b.player)) if f.has_fact[j]}


def test_he_split_odd_cent_goes_to_the_first_winner_clockwise_from_the_button():
    b, f, hand = _one(SPLIT)
    assert f.certified[0]
    assert _nets(b, f) == {"Anna": Decimal("-0.02"), "Boris": Decimal("0.01"), "Vera": Decimal("0.00")}
    assert f.n_pots[0] == 1 and f.pot_net[0] == 5 and f.rake[0] == 1
    # the odd cent to Vera instead: HE-SPLIT, not certified
    swapped = SPLIT.replace("Boris collected $0.03", "Boris collected $0.02").replace(
        "Vera collected $0.02", "Vera collected $0.03").replace("won ($0.03)", "won ($0.0x)").replace(
        "won ($0.02)", "won ($0.03)").replace("won ($0.0x)", "won ($0.02)")
    b, f, hand = _one(swapped)
    assert not f.certified[0] and f.explained[0]
    # lines 28 and 29 are the collect lines: Boris owed 3 cents gets 2, Vera owed 2 gets 3
    assert _rows(f) == [("HE-SPLIT", 28, "Boris", 3, 2), ("HE-SPLIT", 29, "Vera", 2, 3)]


def test_he_side_pot_main_to_the_all_in_player_side_to_the_best_of_the_others():
    b, f, hand = _one(SIDE_POT)
    assert f.certified[0]
    assert _nets(b, f) == {"Anna": Decimal("1.00"), "Boris": Decimal("-0.10"), "Vera": Decimal("-0.90")}
    assert f.n_pots[0] == 2 and f.pot_amount[:2].tolist() == [150, 80]
    assert f.allin_street[0] == -1 and not f.has_allin_ev[0]     # Boris and Vera kept betting: no all-in EV
    wrong = SIDE_POT.replace("Main pot $1.50. Side pot $0.80.", "Main pot $1.40. Side pot $0.90.")
    b, f, hand = _one(wrong)
    assert not f.certified[0]
    # line 28 is the total pot line: the side pot of 0.90 is more than the 0.80 above Anna's all-in;
    # awarding the log's pots, Anna (line 26) should collect 1.40 and Boris (line 24) 0.90
    assert _rows(f) == [("HE-SIDE-POT", 28, None, 80, 90), ("HE-COLLECTED", 26, "Anna", 140, 150),
                        ("HE-COLLECTED", 24, "Boris", 90, 80)]


def test_walk_is_certified_and_marked():
    b, f, hand = _one(WALK)
    assert f.certified[0] and f.is_walk[0]
    assert _nets(b, f) == {"Anna": Decimal("0.00"), "Boris": Decimal("-0.01"), "Vera": Decimal("0.01")}
    out_of_turn = WALK.replace("Anna: folds\nBoris: folds", "Boris: folds\nAnna: folds")
    b, f, hand = _one(out_of_turn)
    assert not f.certified[0]
    # line 9: Boris folds when it is Anna's turn; line 10, Anna, acts in the turn he passed over: the two
    # lines written in each other's place are one fault, found once
    assert _rows(f) == [("HE-ACTION-ORDER", 9, "Boris", 0, 1)]



def test_a_pot_the_big_blind_wins_after_a_call_and_a_raise_is_no_walk():
    played = WALK.replace("Boris: folds\nUncalled bet ($0.01) returned to Vera\nVera collected $0.02",
                          "Boris: calls $0.01\nVera: raises $0.04 to $0.06\nBoris: folds\n"
                          "Uncalled bet ($0.04) returned to Vera\nVera collected $0.04").replace(
        "Total pot $0.02", "Total pot $0.04").replace("collected ($0.02)", "collected ($0.04)")
    b, f, _ = _one(played)
    assert f.certified[0] and not f.is_walk[0]
    assert _nets(b, f) == {"Anna": Decimal("0.00"), "Boris": Decimal("-0.02"), "Vera": Decimal("0.02")}


def test_he_check_facing_a_bet_is_reported_and_the_replay_carries_on():
    facing = WALK.replace("Anna: folds\nBoris: folds\nUncalled bet ($0.01) returned to Vera\n",
                          "Anna: checks\nBoris: folds\nUncalled bet ($0.01) returned to Vera\n")
    b, f, hand = _one(facing)
    # line 9: Anna checks facing the big blind of 2 cents. She stays in, so Vera (the big blind) still
    # has her turn when the betting ends (at the summary's total, line 15). The uncalled cent and the
    # pot of 0.02 stay right: nothing else is wrong.
    assert _rows(f) == [("HE-CHECK", 9, "Anna", 0, 2), ("HE-ACTION-ORDER", 15, "Vera", 0, -1)]


def _line_of(text: str, start: str) -> int:
    """The number of the first line of ``text`` that starts with ``start``."""
    return next(n for n, line in enumerate(text.split("\n"), 1) if line.startswith(start))


def _found_by_both_readers(text: str, rule: str) -> list[tuple]:
    """The findings of ``rule`` in a one-hand text, by rule, line, player, expected and actual, the
    same through the reference reader and the byte reader (asserted)."""
    from parsers.pokerstars_fast import read_text

    b, f, hand = _one(text)
    lane = read_text(text, "gen.txt")[1]
    assert lane.in_lane.tolist() == [True]
    rows = [row for row in _rows(f) if row[0] == rule]
    assert [row for row in _rows(replay_batch(lane)) if row[0] == rule] == rows
    return rows


def test_he_deck_is_found_at_the_street_line_that_deals_the_card_again_once():
    # the river deals Boris's Tc again: the RIVER line, where the card is dealt, not the FLOP line
    river = SPLIT.replace("[As Ks Qd Jh] [2c]", "[As Ks Qd Jh] [Tc]").replace("Jh 2c]", "Jh Tc]")
    ten = Card.parse("Tc").code
    assert _found_by_both_readers(river, "HE-DECK") == [("HE-DECK", _line_of(river, "*** RIVER"), None, -1, ten)]
    # the turn deals the flop's Qd again: one finding, at the TURN line (the flop's Qd is the first)
    turn = SPLIT.replace("[As Ks Qd] [Jh]", "[As Ks Qd] [Qd]").replace("Qd Jh", "Qd Qd")
    assert [row[:2] for row in _found_by_both_readers(turn, "HE-DECK")] == [("HE-DECK", _line_of(turn, "*** TURN"))]


def test_a_call_of_more_than_the_stack_is_one_he_stack_finding():
    over = SIDE_POT.replace("Vera: calls $0.48", "Vera: calls $2.10")
    line = _line_of(over, "Vera: calls")
    for text in (over, over.replace("Vera: calls $2.10", "Vera: calls $2.10 and is all-in")):
        # said all-in too: he keeps nothing, he is below it (not a second finding that he "keeps -0.12")
        rows = _found_by_both_readers(text, "HE-STACK")
        assert [row for row in rows if row[1] == line] == [("HE-STACK", line, "Vera", 198, 210)]   # 2.00 less the blind


def test_a_total_pot_the_collections_agree_with_is_one_he_pot_balance_finding():
    # the log's total pot and Vera's collection both count a cent no one put in: one fault, at the total line
    b, f, hand = _one(WALK.replace("Total pot $0.02", "Total pot $0.03").replace("collected $0.02", "collected $0.03")
                      .replace("collected ($0.02)", "collected ($0.03)"))
    balance = [row for row in _rows(f) if row[0] == "HE-POT-BALANCE"]
    assert balance == [("HE-POT-BALANCE", _line_of(WALK, "Total pot"), None, 2, 3)]


def test_collections_of_the_whole_pot_under_a_rake_are_worded_as_collections():
    # the players collect the log's whole total pot though it states a rake: the collections' finding,
    # in their words (the total pot is the contributions, not in question)
    from rules.holdem_explain import explain_hands

    raked = SPLIT.replace("Boris collected $0.03", "Boris collected $0.04").replace("won ($0.03)", "won ($0.04)")
    b, f, _ = _one(raked)
    found = explain_hands(b, f, [0])[0]
    balance = [finding for finding in found if finding.rule_id == "HE-POT-BALANCE"]
    assert [(x.line, x.message) for x in balance] == [
        (_line_of(raked, "Total pot"), "the players collect 0.06; the pot less the rake of 0.01 is 0.05")]


def test_a_side_pot_collected_by_a_player_not_in_it_names_its_winner():
    # Anna, all in for the main pot only, holds 6-4 and loses it; she collects the side pot, and Boris
    # (kings) only the main one: the finding on Anna is the side pot's rule, which she may not win,
    # and names Boris, owed more than he collects
    from rules.holdem_explain import explain_hands

    wrong = (SIDE_POT.replace("[Ah Ad] (a pair of Aces)", "[6h 4d] (high card Jack)")
             .replace("Boris collected $0.80 from side pot", "Anna collected $0.80 from side pot")
             .replace("Anna collected $1.50 from main pot", "Boris collected $1.50 from main pot")
             .replace("showed [Ah Ad] and won ($1.50) with a pair of Aces", "showed [6h 4d] and won ($0.80)")
             .replace("and won ($0.80) with a pair of Kings", "and won ($1.50) with a pair of Kings"))
    b, f, _ = _one(wrong)
    found = explain_hands(b, f, [0])[0]
    assert [(x.rule_id, x.expected, x.actual) for x in found if x.message.startswith("Anna collects")] == [
        ("HE-SIDE-POT", "Boris", "Anna collects 0.80")]
