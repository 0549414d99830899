"""The compiled Hold'em engine on hand-worked hands of real PokerStars notation.

Each hand is written the way PokerStars writes it; the expected findings (rule, line, severity)
and nets are worked out by hand in the comments. The engine (``rules.holdem_fast``) must give them.
"""

from __future__ import annotations

from decimal import Decimal

from rules.holdem_batch import batch_from_hands
from rules.holdem_engine import replay
from rules.holdem_fast import WARNING, replay_batch
from rules.holdem_rules import HE
from tests.holdem_helpers import parse_one_hand


def _engine(text: str) -> tuple[set, dict]:
    """The engine's findings as (rule, line, severity) and each dealt player's net."""
    hand = parse_one_hand(text)
    b = batch_from_hands([hand])
    f = replay_batch(b, allin_ev=False)
    assert f.explained[0]
    rows = f.findings
    found = {(HE.by_code(int(r)).value, int(line), "warning" if sev == WARNING else "error")
             for r, line, sev in zip(rows.rule, rows.line, rows.severity)}
    nets = {b.player[j]: Decimal(int(f.net[j])) / 100 for j in range(len(b.player)) if f.has_fact[j]}
    return found, nets


_HEAD = ("PokerStars Hand #{n}:  Hold'em No Limit ($0.10/$0.25 USD) - 2021/03/07 21:29:31 ET\n"
         "Table 'Vesta' 6-max Seat #1 is the button\n")
_CHECKS = "{a}: checks\n{b}: checks\n"

# Gleb comes back: he posts a dead small blind (a second "posts small blind", line 9) and a live big
# blind. Pot: 0.10 dead + 4 x 0.25 = 1.10, rake 0.05; Vera's aces win all 1.05. The dead 0.10 is in
# the main pot, not a side pot of Gleb's own.
DEAD_SMALL_BLIND = _HEAD.format(n=101) + """Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Seat 3: Vera ($10 in chips)
Seat 4: Gleb ($10 in chips)
Boris: posts small blind $0.10
Vera: posts big blind $0.25
Gleb: posts small blind $0.10
Gleb: posts big blind $0.25
*** HOLE CARDS ***
Gleb: checks
Anna: calls $0.25
Boris: calls $0.15
Vera: checks
*** FLOP *** [2c 7s 9d]
Boris: checks
Vera: checks
Gleb: checks
Anna: checks
*** TURN *** [2c 7s 9d] [Jc]
Boris: checks
Vera: checks
Gleb: checks
Anna: checks
*** RIVER *** [2c 7s 9d Jc] [3h]
Boris: checks
Vera: checks
Gleb: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [4h 5h] (high card Jack)
Vera: shows [Ah Ad] (a pair of Aces)
Gleb: shows [Kh Kd] (a pair of Kings)
Anna: shows [Qh Qd] (a pair of Queens)
Vera collected $1.05 from pot
*** SUMMARY ***
Total pot $1.10 | Rake $0.05
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Qh Qd] and lost with a pair of Queens
Seat 2: Boris (small blind) showed [4h 5h] and lost with high card Jack
Seat 3: Vera (big blind) showed [Ah Ad] and won ($1.05) with a pair of Aces
Seat 4: Gleb showed [Kh Kd] and lost with a pair of Kings
"""


def test_he_side_pot_dead_small_blind_goes_to_the_main_pot():
    found, nets = _engine(DEAD_SMALL_BLIND)
    assert found == set()
    assert nets == {"Anna": Decimal("-0.25"), "Boris": Decimal("-0.25"), "Vera": Decimal("0.80"),
                    "Gleb": Decimal("-0.35")}
    # Gleb's kings winning instead: he takes the whole 1.05, dead money included
    gleb_wins = DEAD_SMALL_BLIND.replace("Vera: shows [Ah Ad] (a pair of Aces)", "Vera: shows [8h 8d] (a pair of Eights)") \
        .replace("Vera collected $1.05", "Gleb collected $1.05") \
        .replace("showed [Ah Ad] and won ($1.05) with a pair of Aces", "showed [8h 8d] and lost with a pair of Eights") \
        .replace("Seat 4: Gleb showed [Kh Kd] and lost with a pair of Kings", "Seat 4: Gleb showed [Kh Kd] and won ($1.05) with a pair of Kings")
    found, nets = _engine(gleb_wins)
    assert found == set() and nets["Gleb"] == Decimal("0.70")


# Heads-up, both play the board's broadway: the pot of 20.30 less 1.15 rake is 19.15. An equal split
# gives 9.58 to Boris (first left of the button) and 9.57 to Anna; the log gives 9.51 and 9.64, as
# PokerStars did in a real hand. The two together collect 19.15: chips balance, so each share is a
# warning (HE-SPLIT, lines 22 and 23), not an error.
SPLIT_UNDER_RAKE = _HEAD.format(n=102).replace("6-max", "2-max") + """Seat 1: Anna ($20 in chips)
Seat 2: Boris ($20 in chips)
Anna: posts small blind $0.10
Boris: posts big blind $0.25
*** HOLE CARDS ***
Anna: raises $9.90 to $10.15
Boris: calls $9.90
*** FLOP *** [As Ks Qd]
Boris: checks
Anna: checks
*** TURN *** [As Ks Qd] [Jh]
Boris: checks
Anna: checks
*** RIVER *** [As Ks Qd Jh] [Tc]
Boris: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [2d 3c] (a straight, Ten to Ace)
Anna: shows [2c 3d] (a straight, Ten to Ace)
Boris collected $9.51 from pot
Anna collected $9.64 from pot
*** SUMMARY ***
Total pot $20.30 | Rake $1.15
Board [As Ks Qd Jh Tc]
Seat 1: Anna (button) (small blind) showed [2c 3d] and won ($9.64) with a straight, Ten to Ace
Seat 2: Boris (big blind) showed [2d 3c] and won ($9.51) with a straight, Ten to Ace
"""


def test_he_split_under_rake_that_balances_is_a_warning():
    found, nets = _engine(SPLIT_UNDER_RAKE)
    assert found == {("HE-SPLIT", 22, "warning"), ("HE-SPLIT", 23, "warning")}
    assert nets == {"Anna": Decimal("-0.51"), "Boris": Decimal("-0.64")}
    # shares that do not add up to the pot after rake stay errors
    short = SPLIT_UNDER_RAKE.replace("Anna collected $9.64", "Anna collected $9.54").replace("won ($9.64)", "won ($9.54)")
    found, _ = _engine(short)
    assert ("HE-SPLIT", 23, "error") in found


# Vera's big blind is all in short, 0.15 of 0.25 (line 7). PokerStars measures Anna's raise from the
# largest bet made, 0.15: "raises $0.35 to $0.50" (line 9). Boris folds; 0.35 of Anna's 0.50 is
# uncalled. Pot: 0.10 + 0.15 + 0.15 = 0.40 to Vera's aces. Nets: Vera +0.25, Anna -0.15, Boris -0.10.
SHORT_BIG_BLIND_RAISE = _HEAD.format(n=103) + """Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Seat 3: Vera ($0.15 in chips)
Boris: posts small blind $0.10
Vera: posts big blind $0.15 and is all-in
*** HOLE CARDS ***
Anna: raises $0.35 to $0.50
Boris: folds
Uncalled bet ($0.35) returned to Anna
*** FLOP *** [2c 7s 9d]
*** TURN *** [2c 7s 9d] [Jc]
*** RIVER *** [2c 7s 9d Jc] [3h]
*** SHOW DOWN ***
Anna: shows [Kh Kd] (a pair of Kings)
Vera: shows [Ah Ad] (a pair of Aces)
Vera collected $0.40 from pot
*** SUMMARY ***
Total pot $0.40 | Rake $0
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Kh Kd] and lost with a pair of Kings
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Ah Ad] and won ($0.40) with a pair of Aces
"""


def test_he_min_raise_measured_from_a_short_all_in_big_blind():
    found, nets = _engine(SHORT_BIG_BLIND_RAISE)
    assert found == set()
    assert nets == {"Anna": Decimal("-0.15"), "Boris": Decimal("-0.10"), "Vera": Decimal("0.25")}
    # "raises $0.30 to $0.50" matches neither the bet to call (0.25) nor the largest bet (0.15)
    wrong = SHORT_BIG_BLIND_RAISE.replace("raises $0.35 to $0.50", "raises $0.30 to $0.50")
    found, _ = _engine(wrong)
    assert found == {("HE-MIN-RAISE", 9, "error")}


# Heads-up, Vera's big blind is all in for 0.10 (line 6), short of 0.25, and Boris's small blind
# (the button) is 0.10 too: he has matched every chip anyone can bet against him, and owes no action
# though the stakes' big blind is 0.25. The cards are dealt; Vera's aces win 0.20.
HEADS_UP_SHORT_BIG_BLIND = _HEAD.format(n=104) + """Seat 1: Boris ($10 in chips)
Seat 2: Vera ($0.10 in chips)
Boris: posts small blind $0.10
Vera: posts big blind $0.10 and is all-in
*** HOLE CARDS ***
*** FLOP *** [2c 7s 9d]
*** TURN *** [2c 7s 9d] [Jc]
*** RIVER *** [2c 7s 9d Jc] [3h]
*** SHOW DOWN ***
Boris: shows [Kh Kd] (a pair of Kings)
Vera: shows [Ah Ad] (a pair of Aces)
Vera collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Board [2c 7s 9d Jc 3h]
Seat 1: Boris (button) (small blind) showed [Kh Kd] and lost with a pair of Kings
Seat 2: Vera (big blind) showed [Ah Ad] and won ($0.20) with a pair of Aces
"""


def test_he_action_order_the_last_player_with_chips_matching_a_short_all_in_big_blind_owes_nothing():
    found, nets = _engine(HEADS_UP_SHORT_BIG_BLIND)
    assert found == set()
    assert nets == {"Boris": Decimal("-0.10"), "Vera": Decimal("0.10")}
    # a small blind of less than the big blind's all-in still owes his turn: to call its 0.05 more or fold
    short = HEADS_UP_SHORT_BIG_BLIND.replace("posts big blind $0.10 and", "posts big blind $0.15 and").replace(
        "($0.10 in", "($0.15 in").replace("$0.20", "$0.25")
    found, _ = _engine(short)
    assert {rule for rule, _, _ in found} == {"HE-ACTION-ORDER"}


# The same short big blind; Anna calls only the 0.15 actually bet (line 9), Boris completes to it
# with 0.05 (line 10). Each put in 0.15: one pot of 0.45, Vera's aces. Nets: Vera +0.30, others -0.15.
SHORT_BIG_BLIND_CALL = SHORT_BIG_BLIND_RAISE.replace("#103", "#104").replace(
    "Anna: raises $0.35 to $0.50\nBoris: folds\nUncalled bet ($0.35) returned to Anna\n",
    "Anna: calls $0.15\nBoris: calls $0.05\n").replace(
    "*** FLOP *** [2c 7s 9d]\n", "*** FLOP *** [2c 7s 9d]\nBoris: checks\nAnna: checks\n").replace(
    "*** TURN *** [2c 7s 9d] [Jc]\n", "*** TURN *** [2c 7s 9d] [Jc]\nBoris: checks\nAnna: checks\n").replace(
    "*** RIVER *** [2c 7s 9d Jc] [3h]\n", "*** RIVER *** [2c 7s 9d Jc] [3h]\nBoris: checks\nAnna: checks\n").replace(
    "Vera: shows [Ah Ad] (a pair of Aces)\n", "Vera: shows [Ah Ad] (a pair of Aces)\nBoris: mucks hand\n").replace(
    "collected $0.40", "collected $0.45").replace("Total pot $0.40", "Total pot $0.45").replace(
    "won ($0.40)", "won ($0.45)").replace("Seat 2: Boris (small blind) folded before Flop",
                                          "Seat 2: Boris (small blind) mucked [4h 5h]")


def test_he_call_capped_at_the_largest_bet_actually_made():
    found, nets = _engine(SHORT_BIG_BLIND_CALL)
    assert found == set()
    assert nets == {"Anna": Decimal("-0.15"), "Boris": Decimal("-0.15"), "Vera": Decimal("0.30")}
    # a call of 0.20 is neither what is owed (0.25) nor the largest bet (0.15)
    found, _ = _engine(SHORT_BIG_BLIND_CALL.replace("Anna: calls $0.15", "Anna: calls $0.20"))
    assert ("HE-CALL", 9, "error") in found


# Vera sits out; her big blind of 0.25 puts her all in (line 7), and PokerStars writes her as
# folding (line 11). She is out of the hand, and the fold took no turn. Anna's raise to 0.50 is
# uncalled by 0.25; she collects 0.10 + 0.25 + 0.25 = 0.60: nets Anna +0.35, Boris -0.10, Vera -0.25.
SITTING_OUT_BLIND_FOLDS = _HEAD.format(n=105) + """Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Seat 3: Vera ($0.25 in chips) is sitting out
Boris: posts small blind $0.10
Vera: posts big blind $0.25 and is all-in
*** HOLE CARDS ***
Anna: raises $0.25 to $0.50
Boris: folds
Vera: folds
Uncalled bet ($0.25) returned to Anna
Anna collected $0.60 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $0.60 | Rake $0
Seat 1: Anna (button) collected ($0.60)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) folded before Flop
"""


def test_he_action_order_an_all_in_blind_written_as_folding_takes_no_turn():
    found, nets = _engine(SITTING_OUT_BLIND_FOLDS)
    assert found == set()
    assert nets == {"Anna": Decimal("0.35"), "Boris": Decimal("-0.10"), "Vera": Decimal("-0.25")}
    # a player all in by a raise, not by a blind, who then folds, still acts after the betting is over
    raised = SITTING_OUT_BLIND_FOLDS.replace("Seat 3: Vera ($0.25 in chips) is sitting out", "Seat 3: Vera ($1 in chips)")
    raised = raised.replace("Vera: posts big blind $0.25 and is all-in", "Vera: posts big blind $0.25")
    raised = raised.replace("Boris: folds\nVera: folds\nUncalled bet ($0.25) returned to Anna\n",
                            "Boris: folds\nVera: raises $0.50 to $1 and is all-in\nAnna: calls $0.50\nVera: folds\n")
    raised = raised.replace("Anna collected $0.60", "Anna collected $2.10").replace("Total pot $0.60", "Total pot $2.10")
    raised = raised.replace("collected ($0.60)", "collected ($2.10)")
    found, _ = _engine(raised)
    assert ("HE-ACTION-ORDER", 13, "error") in found


# Facing Anna's raise to 1.20 (line 9), Boris's call is written "bets $1.20" (line 10): a bet when
# there is already one.
BET_FACING_A_RAISE = _HEAD.format(n=106) + """Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Seat 3: Vera ($10 in chips)
Boris: posts small blind $0.10
Vera: posts big blind $0.25
*** HOLE CARDS ***
Anna: raises $0.95 to $1.20
Boris: bets $1.20
Vera: folds
*** FLOP *** [2c 7s 9d]
Boris: checks
Anna: checks
*** TURN *** [2c 7s 9d] [Jc]
Boris: checks
Anna: checks
*** RIVER *** [2c 7s 9d Jc] [3h]
Boris: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [Kh Kd] (a pair of Kings)
Anna: shows [Ah Ad] (a pair of Aces)
Anna collected $2.65 from pot
*** SUMMARY ***
Total pot $2.65 | Rake $0
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Ah Ad] and won ($2.65) with a pair of Aces
Seat 2: Boris (small blind) showed [Kh Kd] and lost with a pair of Kings
Seat 3: Vera (big blind) folded before Flop
"""


def test_he_bet_a_call_written_as_a_bet_facing_a_raise():
    found, _ = _engine(BET_FACING_A_RAISE)
    assert ("HE-BET", 10, "error") in found


# ---------------------------------------------------------------------- the guard: every rule raised

from tests.test_holdem_fast import SIDE_POT, SPLIT, WALK  # hand-worked hands of the lane tests

SIX_PLUS = """PokerStars Hand #178331557181:  6+ Hold'em No Limit (Button Blind $0.25 - Ante $0.25 USD) - 2024/07/17 12:55:58 ET
Table 'Juno IV' 6-max Seat #3 is the button
Seat 2: Boris ($52.43 in chips)
Seat 3: Anna ($29.32 in chips)
Boris: posts the ante $0.25
Anna: posts the ante $0.25
Anna: posts button blind $0.25
*** HOLE CARDS ***
Dealt to Anna [As 8s]
Boris: calls $0.25
Anna: checks
*** FLOP *** [Qs Ts 9s]
Boris: checks
Anna: checks
*** TURN *** [Qs Ts 9s] [Qd]
Boris: checks
Anna: checks
*** RIVER *** [Qs Ts 9s Qd] [7d]
Boris: bets $0.50
Anna: calls $0.50
*** SHOW DOWN ***
Boris: shows [Qc Tc] (a full house, Queens full of Tens)
Anna: shows [As 8s] (a flush, Ace high)
Anna collected $1.90 from pot
*** SUMMARY ***
Total pot $2 | Rake $0.10
Board [Qs Ts 9s Qd 7d]
Seat 2: Boris showed [Qc Tc] and lost with a full house, Queens full of Tens
Seat 3: Anna (button blind) showed [As 8s] and won ($1.90) with a flush, Ace high
"""


def _eleven_players() -> str:
    """WALK with eleven players dealt in: Anna, Boris and Vera, and eight more who fold."""
    more = [f"Player{i}" for i in range(4, 12)]
    text = WALK.replace("6-max", "10-max").replace(
        "Seat 3: Vera ($1 in chips)\n", "Seat 3: Vera ($1 in chips)\n" + "".join(
            f"Seat {i}: {name} ($1 in chips)\n" for i, name in enumerate(more, 4)))
    text = text.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n" + "".join(f"{name}: folds\n" for name in more))
    return text.replace("Seat 3: Vera (big blind) collected ($0.02)\n", "Seat 3: Vera (big blind) collected ($0.02)\n"
                        + "".join(f"Seat {i}: {name} folded before Flop (didn't bet)\n" for i, name in enumerate(more, 4)))


def _limit(text: str) -> str:
    return text.replace("Hold'em No Limit ($0.01/$0.02 USD)", "Hold'em Limit ($0.02/$0.04 USD)")


# One hand per rule, each a hand-worked edit of a legal hand, and the rule the edit breaks.
BROKEN_BY_RULE = {
    HE.PLAYERS: _eleven_players(),
    HE.ACTION_ORDER: WALK.replace("Anna: folds\nBoris: folds", "Boris: folds\nAnna: folds"),
    HE.CHECK: WALK.replace("Anna: folds", "Anna: checks"),
    HE.CALL: SPLIT.replace("Anna: calls $0.02", "Anna: calls $0.01"),
    HE.BET: SPLIT.replace("Anna: calls $0.02", "Anna: bets $0.02"),
    HE.BLINDS: SPLIT.replace("Boris: posts small blind $0.01", "Boris: posts small blind $0.02"),
    HE.MIN_RAISE: SPLIT.replace("Anna: calls $0.02", "Anna: raises $0.01 to $0.03"),
    HE.POT_LIMIT: SPLIT.replace("No Limit", "Pot Limit").replace("Anna: calls $0.02", "Anna: raises $0.90 to $0.92"),
    HE.LIMIT_SIZE: _limit(SPLIT).replace("Anna: calls $0.02", "Anna: raises $0.03 to $0.05"),
    HE.LIMIT_CAP: _limit(SPLIT).replace(
        "Anna: calls $0.02\nBoris: calls $0.01\nVera: checks\n",
        "Anna: raises $0.02 to $0.04\nBoris: raises $0.02 to $0.06\nVera: raises $0.02 to $0.08\n"
        "Anna: raises $0.02 to $0.10\n"),
    HE.STACK: SIDE_POT.replace("Seat 1: Anna ($0.50 in chips)", "Seat 1: Anna ($0.40 in chips)"),
    HE.UNCALLED: WALK.replace("Uncalled bet ($0.01) returned to Vera", "Uncalled bet ($0.02) returned to Vera"),
    HE.SIDE_POT: SIDE_POT.replace("Main pot $1.50. Side pot $0.80.", "Main pot $1.40. Side pot $0.90."),
    HE.SHOWDOWN: SIDE_POT.replace("Boris collected $0.80 from side pot", "Vera collected $0.80 from side pot"),
    HE.SPLIT: SPLIT.replace("Boris collected $0.03", "Boris collected $0.02").replace(
        "Vera collected $0.02", "Vera collected $0.03"),
    HE.POT_BALANCE: SPLIT.replace("Total pot $0.06", "Total pot $0.07"),
    HE.COLLECTED: SPLIT.replace("won ($0.03) with a straight", "won ($0.04) with a straight"),
    HE.SD_ORDER: SIX_PLUS.replace("Anna collected $1.90", "Boris collected $1.90"),
    HE.DECK: SPLIT.replace("Anna: shows [7h 8h]", "Anna: shows [As 8h]").replace("showed [7h 8h]", "showed [As 8h]"),
    HE.BOARD: SPLIT.replace("Board [As Ks Qd Jh 2c]", "Board [As Ks Qd Jh 3c]"),
    HE.SUMMARY_SEATS: WALK.replace("Seat 2: Boris (small blind) folded before Flop\n", ""),
    HE.HAND_NAME: SPLIT.replace("Anna: shows [7h 8h] (high card Ace)", "Anna: shows [7h 8h] (a pair of Aces)"),
}


def test_the_rulebook_the_docs_and_the_engine_list_the_same_hold_em_rules():
    import re
    from pathlib import Path

    from rules.holdem_fast import RULE
    from rules.rulebook import RULES

    docs = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    assert set(re.findall(r"^\| `(HE-[A-Z0-9-]+)` \|", docs, re.MULTILINE)) == {rule.value for rule in HE}
    assert {rule for rule in RULES if rule.startswith("HE-")} == {rule.value for rule in HE}
    # the engine's own list: every rule but the one checked outside it (see the next test)
    assert set(RULE._fields) == {rule.name for rule in HE} - {HE.FINISHING_STACKS.name}
    assert list(RULE) == list(range(len(RULE)))


def test_every_hold_em_rule_is_raised_by_the_engine():
    # HE-FINISHING-STACKS is checked against the engine's nets where a file states the stacks after
    # the hand (PHH: tests/test_phh.py), not inside the kernel
    assert set(BROKEN_BY_RULE) == set(HE) - {HE.FINISHING_STACKS}, "a rule without a hand that breaks it"
    missing = []
    for rule, text in BROKEN_BY_RULE.items():
        found, _ = _engine(text)
        if rule.value not in {r for r, _, _ in found}:
            missing.append(f"{rule.value}: {sorted(found)}")
    assert not missing, "\n".join(missing)


def test_the_legal_hands_behind_the_guard_break_no_rule():
    for text in (WALK, SPLIT, SIDE_POT, SIX_PLUS, _limit(SPLIT)):
        found, _ = _engine(text)
        assert found == set(), found


# ---------------------------------------------------------------------- hands the engine reads since stage B
# Hands the kernel once left to another replay: run twice, cash-outs, capped tables, cancelled
# hands, conflicting hole cards, players without a seat line, one name in two seats, no summary.
# Each expected value is worked out by hand in the comment above the hand.

_B_HEAD = ("PokerStars Hand #{n}:  Hold'em No Limit ($0.10/$0.25 USD) - 2021/03/07 21:29:31 ET\n"
           "Table 'Vesta' 6-max Seat #1 is the button\n")


def _engine_batch(text: str):
    hand = parse_one_hand(text)
    b = batch_from_hands([hand])
    assert b.in_lane[0]
    return b, replay_batch(b, allin_ev=False)


# Heads-up all in preflop for $10 each, run twice. Pot $20, rake $0.99: $19.01 shared by the two
# boards, the odd cent to the first: $9.51 and $9.50. Board one: Anna's aces beat Boris's kings;
# board two (Kc 8s 4d 5c 6h): Boris's three kings win. Anna nets 9.51 - 10 = -0.49, Boris -0.50.
RUN_TWICE = _B_HEAD.format(n=201) + """Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Anna: posts small blind $0.10
Boris: posts big blind $0.25
*** HOLE CARDS ***
Anna: raises $9.75 to $10 and is all-in
Boris: calls $9.75 and is all-in
*** FIRST FLOP *** [2c 7s 9d]
*** FIRST TURN *** [2c 7s 9d] [Jc]
*** FIRST RIVER *** [2c 7s 9d Jc] [3h]
*** SECOND FLOP *** [Kc 8s 4d]
*** SECOND TURN *** [Kc 8s 4d] [5c]
*** SECOND RIVER *** [Kc 8s 4d 5c] [6h]
*** FIRST SHOW DOWN ***
Anna: shows [Ah Ad] (a pair of Aces)
Boris: shows [Kh Kd] (a pair of Kings)
Anna collected $9.51 from pot
*** SECOND SHOW DOWN ***
Anna: shows [Ah Ad] (a pair of Aces)
Boris: shows [Kh Kd] (three of a kind, Kings)
Boris collected $9.50 from pot
*** SUMMARY ***
Total pot $20 | Rake $0.99
Hand was run twice
FIRST Board [2c 7s 9d Jc 3h]
SECOND Board [Kc 8s 4d 5c 6h]
Seat 1: Anna (button) (small blind) showed [Ah Ad] and won ($9.51) with a pair of Aces, and lost with a pair of Aces
Seat 2: Boris (big blind) showed [Kh Kd] and lost with a pair of Kings, and won ($9.50) with three of a kind, Kings
"""


def test_he_split_a_pot_run_twice_is_shared_between_the_boards_odd_cent_to_the_first():
    b, f = _engine_batch(RUN_TWICE)
    assert len(f.findings) == 0 and f.certified[0]
    nets = {b.player[j]: int(f.net[j]) for j in range(len(b.player))}
    assert nets == {"Anna": -49, "Boris": -50}
    collects = [int(b.action_board[j]) for j in range(len(b.kind)) if b.line[j] and b.kind[j] == 12]
    assert collects == [0, 1]       # each collect line on its board


def test_he_collected_the_odd_cent_of_a_pot_run_twice_on_the_second_board():
    # Anna takes $9.50 on board one, Boris $9.51 on board two: each collect line is a cent off the
    # even share (Anna's line 19, Boris's line 23). Together they take what the pot holds, each within
    # the rake: a warning, as the runs of a PokerStars hand are at times raked unevenly. Their summary
    # seats, still saying $9.51 and $9.50, say what the rules give: right, no finding (lines 29, 30).
    text = (RUN_TWICE.replace("Anna collected $9.51", "Anna collected $9.50")
            .replace("Boris collected $9.50", "Boris collected $9.51"))
    found, nets = _engine(text)
    assert found == {("HE-COLLECTED", 19, "warning"), ("HE-COLLECTED", 23, "warning")}
    assert nets == {"Anna": Decimal("-0.50"), "Boris": Decimal("-0.49")}


def test_he_collected_runs_raked_unevenly_are_a_warning_and_a_run_off_by_more_than_the_rake_an_error():
    # PokerStars at times takes more of the rake from one run (a real 2021 hand: pot $35.39, rake
    # $1.99, the runs paid $16.81 and $16.59). Here $9.81 and $9.20: together the $19.01 the pot holds
    # after rake, each within the rake ($0.99) of the even $9.51 and $9.50: warnings at the collect
    # lines (19, 23). Nets: Anna 9.81 - 10 = -0.19, Boris 9.20 - 10 = -0.80.
    uneven = RUN_TWICE.replace("$9.51", "$9.81").replace("$9.50", "$9.20")
    found, nets = _engine(uneven)
    assert found == {("HE-COLLECTED", 19, "warning"), ("HE-COLLECTED", 23, "warning")}
    assert nets == {"Anna": Decimal("-0.19"), "Boris": Decimal("-0.80")}
    assert next(f.message for f in replay(parse_one_hand(uneven)).findings) == (
        "Anna collects 9.81, where Anna's runs of the pot hold 9.51 with the rake shared evenly between the runs; "
        "the winners together collect what the pot holds, so the room raked the runs another way")
    # $10.51 and $8.50 still balance, but each is $1 off its share, more than the rake: errors
    found, _ = _engine(RUN_TWICE.replace("$9.51", "$10.51").replace("$9.50", "$8.50"))
    assert found == {("HE-COLLECTED", 19, "error"), ("HE-COLLECTED", 23, "error")}


# Anna (aces) and Vera (kings) all in for $10, Boris folds his small blind: pot 10 + 0.10 + 10 = 20.10,
# rake $1. Anna cashed out for $15 before the river, so the $19.10 she won is not awarded and no line
# collects it: no finding. Anna nets 15 - 10 = +5 (the room pays her), Vera -10, Boris -0.10.
CASH_OUT = _B_HEAD.format(n=202) + """Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Seat 3: Vera ($10 in chips)
Boris: posts small blind $0.10
Vera: posts big blind $0.25
*** HOLE CARDS ***
Anna: raises $9.75 to $10 and is all-in
Boris: folds
Vera: calls $9.75 and is all-in
*** FLOP *** [2c 7s 9d]
*** TURN *** [2c 7s 9d] [Jc]
*** RIVER *** [2c 7s 9d Jc] [3h]
*** SHOW DOWN ***
Anna: shows [Ah Ad] (a pair of Aces)
Vera: shows [Kh Kd] (a pair of Kings)
Anna cashed out the hand for $15 | Cash Out Fee $0.15
*** SUMMARY ***
Total pot $20.10 | Rake $1
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Ah Ad] and won ($19.10) with a pair of Aces (pot not awarded as player cashed out)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Kh Kd] and lost with a pair of Kings
"""


def test_he_collected_a_pot_not_awarded_to_a_player_who_cashed_out_is_no_finding():
    b, f = _engine_batch(CASH_OUT)
    assert len(f.findings) == 0
    anna = b.player.index("Anna")
    assert (int(f.cash_out[anna]), int(f.collected[anna]), int(f.net[anna])) == (1500, 1500, 500)
    _found, nets = _engine(CASH_OUT)
    assert nets == {"Anna": Decimal(5), "Boris": Decimal("-0.10"), "Vera": Decimal(-10)}


def test_he_pot_balance_a_cash_out_does_not_hide_a_missing_pot():
    # The same hand with the pot said not awarded to Vera, who won nothing and did not cash out:
    # collected 0 + rake 1 makes no pot of 20.10 (line 19), and Anna's 19.10 is owed (at her summary
    # line 21, which says she won it: right, so it is not cited for itself).
    text = CASH_OUT.replace("Anna cashed out the hand for $15 | Cash Out Fee $0.15\n", "")
    found, _ = _engine(text)
    assert found == {("HE-POT-BALANCE", 19, "error"), ("HE-SHOWDOWN", 21, "error")}


# A split pot one winner cashed out of (a real 2021 PokerStars hand, names and stakes changed): Anna's
# and Boris's wheels tie. Pot 26.87 + 26.87 + 0.50 = 54.24, rake $2.25: $51.99 to share, the odd cent
# to the first winner clockwise from the button: Boris 26.00, Anna 25.99. The room pays Anna $25.87
# and says Boris won $26.12, not awarded as he cashed out: the two add up to the pot after rake, each
# within the rake of his share, so Anna's collect is a warning (line 22). Nets: Anna 25.87 - 26.87 =
# -1.00, Boris 20.10 - 26.87 = -6.77 (the room pays his cash-out), Vera -0.50.
CASH_OUT_SPLIT = _B_HEAD.format(n=206).replace("$0.10/$0.25", "$0.25/$0.50") + """Seat 1: Anna ($89.92 in chips)
Seat 2: Boris ($26.87 in chips)
Seat 3: Vera ($50 in chips)
Boris: posts small blind $0.25
Vera: posts big blind $0.50
*** HOLE CARDS ***
Anna: raises $0.75 to $1.25
Boris: calls $1
Vera: folds
*** FLOP *** [4c 5c 3d]
Boris: checks
Anna: bets $3.80
Boris: raises $21.82 to $25.62 and is all-in
Anna: calls $21.82
*** TURN *** [4c 5c 3d] [2s]
*** RIVER *** [4c 5c 3d 2s] [As]
*** SHOW DOWN ***
Boris: shows [2h Ac] (a straight, Ace to Five)
Anna: shows [4d 5d] (a straight, Ace to Five)
Anna collected $25.87 from pot
Boris cashed out the hand for $20.10 | Cash Out Fee $0.20
*** SUMMARY ***
Total pot $54.24 | Rake $2.25
Board [4c 5c 3d 2s As]
Seat 1: Anna (button) showed [4d 5d] and won ($25.87) with a straight, Ace to Five
Seat 2: Boris (small blind) showed [2h Ac] and won ($26.12) with a straight, Ace to Five (pot not awarded as player cashed out)
Seat 3: Vera (big blind) folded before Flop
"""


def test_he_split_a_share_not_awarded_to_a_winner_who_cashed_out_counts_in_the_balance():
    found, nets = _engine(CASH_OUT_SPLIT)
    assert found == {("HE-SPLIT", 22, "warning")}
    assert nets == {"Anna": Decimal("-1.00"), "Boris": Decimal("-6.77"), "Vera": Decimal("-0.50")}
    # the summary's share not awarded short by $1: the shares no longer make the pot after rake
    found, _ = _engine(CASH_OUT_SPLIT.replace("won ($26.12)", "won ($25.12)"))
    assert ("HE-SPLIT", 22, "error") in found


# A capped table ($5 cap): Anna raises to $5 and Vera calls to $5, both at the cap, so both are all in
# with $15 behind and no one acts after the flop. Pot 5 + 0.10 + 5 = 10.10, rake 0.50: Anna's aces
# collect 9.60. Anna +4.60, Vera -5, Boris -0.10; no finding (not "the flop betting ends before...").
CAPPED = """PokerStars Hand #203:  Hold'em No Limit ($0.10/$0.25 - $5 Cap - USD) - 2021/03/07 21:29:31 ET
Table 'Vesta' 6-max Seat #1 is the button
Seat 1: Anna ($20 in chips)
Seat 2: Boris ($20 in chips)
Seat 3: Vera ($20 in chips)
Boris: posts small blind $0.10
Vera: posts big blind $0.25
*** HOLE CARDS ***
Anna: raises $4.75 to $5 and has reached the $5 cap
Boris: folds
Vera: calls $4.75 and has reached the $5 cap
*** FLOP *** [2c 7s 9d]
*** TURN *** [2c 7s 9d] [Jc]
*** RIVER *** [2c 7s 9d Jc] [3h]
*** SHOW DOWN ***
Anna: shows [Ah Ad] (a pair of Aces)
Vera: shows [Kh Kd] (a pair of Kings)
Anna collected $9.60 from pot
*** SUMMARY ***
Total pot $10.10 | Rake $0.50
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Ah Ad] and won ($9.60) with a pair of Aces
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Kh Kd] and lost with a pair of Kings
"""


def test_he_action_order_players_at_a_tables_cap_are_all_in():
    b, f = _engine_batch(CAPPED)
    assert len(f.findings) == 0 and f.certified[0]
    assert int(b.cap[0]) == 500
    _found, nets = _engine(CAPPED)
    assert nets == {"Anna": Decimal("4.60"), "Boris": Decimal("-0.10"), "Vera": Decimal(-5)}


# Both blinds posted, then the hand is cancelled: nothing is played, the posts go back (put in and
# collected: every net is 0, and no pot), and the summary's "collected ($0)" is no finding.
CANCELLED = _B_HEAD.format(n=204) + """Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Anna: posts small blind $0.10
Boris: posts big blind $0.25
Hand cancelled
*** SUMMARY ***
Seat 1: Anna (button) (small blind) collected ($0)
Seat 2: Boris (big blind) collected ($0)
"""


def test_he_players_a_cancelled_hand_has_its_players_and_no_play():
    _b, f = _engine_batch(CANCELLED)
    assert len(f.findings) == 0 and f.explained[0]
    assert (int(f.count_players[0]), int(f.total_pot[0])) == (2, 0)
    assert f.net.tolist() == [0, 0] and not f.went_to_showdown.any()
    assert f.invested.tolist() == f.collected.tolist() == [10, 25]
    # its actions numbered in order, each post with its amount (cents), seat and position
    assert (f.action_no.tolist(), f.amount.tolist(), f.seat.tolist()) == ([0, 1], [10, 25], [1, 2])


def test_he_deck_cards_shown_against_the_cards_dealt_at_each_line():
    # SPLIT with "Dealt to Boris [Tc 3d]" (line 9): his show line (26) and his summary seat (35) give Kc 3d.
    text = SPLIT.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nDealt to Boris [Tc 3d]\n").replace(
        "Boris: shows [Tc 3d]", "Boris: shows [Kc 3d]").replace("showed [Tc 3d]", "showed [Kc 3d]")
    found, nets = _engine(text)
    assert found == {("HE-DECK", 26, "error"), ("HE-DECK", 35, "error")}
    assert nets == {"Anna": Decimal("-0.02"), "Boris": Decimal("0.01"), "Vera": Decimal(0)}


def test_he_showdown_a_collect_line_of_a_name_without_a_seat():
    # WALK with the pot collected by "Vira", who has no seat line: Vira collects what she cannot win
    # (HE-SHOWDOWN at her line 12); Vera's $0.02 is owed (HE-COLLECTED at her summary line 18, whose
    # "collected ($0.02)" is right: one finding there, not a second for the summary).
    text = WALK.replace("Vera collected $0.02 from pot", "Vira collected $0.02 from pot")
    b, f = _engine_batch(text)
    assert b.player[-1] == "Vira" and b.is_unseated[-1] and not f.has_fact[-1]
    found, nets = _engine(text)
    assert found == {("HE-SHOWDOWN", 12, "error"), ("HE-COLLECTED", 18, "error")}
    assert sorted((HE.by_code(int(r)).value, int(line)) for r, line in zip(f.findings.rule, f.findings.line)) == [
        ("HE-COLLECTED", 18), ("HE-SHOWDOWN", 12)]
    assert nets == {"Anna": Decimal(0), "Boris": Decimal("-0.01"), "Vera": Decimal("-0.01")}


def test_he_action_order_a_player_who_acts_without_a_seat():
    # WALK where "Gleb", who has no seat line, folds first (line 9): he is dealt in with no seat
    # and no chips, which is a finding at his line; he sits first (seat 0), and Anna acts in turn after him.
    text = WALK.replace("Anna: folds\n", "Gleb: folds\nAnna: folds\n")
    found, nets = _engine(text)
    assert ("HE-ACTION-ORDER", 9, "error") in found
    assert nets["Gleb"] == 0 and nets["Vera"] == Decimal("0.01")


def test_one_name_in_two_seats_plays_the_last_seat():
    # WALK where Vera's seat line is written twice, $5 at seat 4 last: the seat-4 Vera plays
    # (the replay keys players by name), the seat-3 line is not dealt in. The summary's one Vera
    # line (19, moved by the seat line added) is the playing Vera's, so the seat-3 line (index 2)
    # has none: PokerStars sums up every seat, HE-SUMMARY-SEATS at the hand's last line (19), 1
    # line expected, 0 found.
    text = WALK.replace("Seat 3: Vera ($1 in chips)\n", "Seat 3: Vera ($1 in chips)\nSeat 4: Vera ($5 in chips)\n")
    b, f = _engine_batch(text)
    rows = f.findings
    assert [(rule, int(line), int(seat), int(e), int(a)) for rule, line, seat, e, a in zip(
        rows.rules(), rows.line, rows.seat, rows.expected, rows.actual)] == [(HE.SUMMARY_SEATS, 19, 2, 1, 0)]
    assert [int(b.seat_no[j]) for j in range(len(b.player)) if f.has_fact[j]] == [1, 2, 4]
    assert int(f.net[3]) == 1 and int(b.stack[3]) == 500


def test_he_uncalled_a_hand_cut_before_its_summary():
    # WALK cut after its "*** SUMMARY ***" line (13), the uncalled line lost: Vera's 0.01 nobody called
    # comes back with no line that says so (HE-UNCALLED at the hand's last line, 13), and she collects
    # the 0.02 left. Read in the middle of a file, its bare summary leaves out all three seats
    # (HE-SUMMARY-SEATS) and its Total line (HE-POT-BALANCE: the pot 0.02, none stated), both at line 13.
    text = WALK.split("Total pot")[0].replace("Uncalled bet ($0.01) returned to Vera\n", "")
    b, _f = _engine_batch(text)
    assert b.has_summary[0] and b.total_line[0] == 0
    found, nets = _engine(text)
    assert found == {("HE-UNCALLED", 13, "error"), ("HE-SUMMARY-SEATS", 13, "error"), ("HE-POT-BALANCE", 13, "error")}
    assert nets == {"Anna": Decimal(0), "Boris": Decimal("-0.01"), "Vera": Decimal("0.01")}


# Anna all in for $0.50; Boris raises to $1 and Vera folds her big blind. Boris's last $0.50 is a
# pot only he can win, and the summary lists it within the main pot ("Main pot $1.52.", the way of
# Winamax's logs): the main pot is 0.50 + 0.50 + 0.02 = 1.02 (Anna's aces), the $0.50 goes back to
# Boris. No finding; Anna +0.52, Boris -0.50, Vera -0.02.
POT_LISTED_WITH_THE_UNCALLED_PART = _B_HEAD.format(n=205).replace("$0.10/$0.25", "$0.01/$0.02") + """Seat 1: Anna ($0.50 in chips)
Seat 2: Boris ($2 in chips)
Seat 3: Vera ($2 in chips)
Boris: posts small blind $0.01
Vera: posts big blind $0.02
*** HOLE CARDS ***
Anna: raises $0.48 to $0.50 and is all-in
Boris: raises $0.50 to $1
Vera: folds
*** FLOP *** [2c 7s 9d]
*** TURN *** [2c 7s 9d] [Jc]
*** RIVER *** [2c 7s 9d Jc] [3h]
*** SHOW DOWN ***
Anna: shows [Ah Ad] (a pair of Aces)
Boris: shows [Kh Kd] (a pair of Kings)
Anna collected $1.02 from main pot
Boris collected $0.50 from side pot
*** SUMMARY ***
Total pot $1.52 Main pot $1.52. | Rake $0
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Ah Ad] and won ($1.02) with a pair of Aces
Seat 2: Boris (small blind) showed [Kh Kd] and won ($0.50) with a pair of Kings
Seat 3: Vera (big blind) folded before Flop
"""


def test_he_side_pot_an_uncalled_part_listed_within_the_pot_below_it():
    found, nets = _engine(POT_LISTED_WITH_THE_UNCALLED_PART)
    assert found == set()
    assert nets == {"Anna": Decimal("0.52"), "Boris": Decimal("-0.50"), "Vera": Decimal("-0.02")}
    # "Main pot $1.40.": the main pot's net is 1.40 - 0.50 = 0.90, and 0.90 + 0.50 is no pot of 1.52
    # (HE-SIDE-POT at the Total line, 21); Anna is owed 0.90 and collects 1.02 (HE-COLLECTED, line 18).
    found, _ = _engine(POT_LISTED_WITH_THE_UNCALLED_PART.replace("Main pot $1.52.", "Main pot $1.40."))
    assert found == {("HE-SIDE-POT", 21, "error"), ("HE-COLLECTED", 18, "error")}


# 6+ Hold'em on Qs Td 9h 6c 7d: Anna's Jc 8h make a straight, Boris's Qc Qh three queens. PokerStars
# ranks three of a kind over a straight on 36 cards, so Boris's $1.90 is right; a room that ranks the
# straight higher (GGPoker's short deck) owes it to Anna: Boris collects what he cannot win (line 24)
# and Anna's 1.90 is missing (the Total line, 26), both HE-SHOWDOWN.
SIX_PLUS_TRIPS_AND_STRAIGHT = (
    SIX_PLUS.replace("[As 8s]", "[Jc 8h]").replace("[Qc Tc]", "[Qc Qh]")
    .replace("[Qs Ts 9s]", "[Qs Td 9h]").replace("[Qs Ts 9s Qd]", "[Qs Td 9h 6c]").replace("[Qd]", "[6c]")
    .replace("[Qs Ts 9s Qd 7d]", "[Qs Td 9h 6c 7d]")
    .replace("Anna collected $1.90 from pot", "Boris collected $1.90 from pot")
    .replace("and lost with a full house, Queens full of Tens", "and won ($1.90) with three of a kind, Queens")
    .replace("and won ($1.90) with a flush, Ace high", "and lost with a straight, Eight to Queen")
    .replace("(a full house, Queens full of Tens)", "(three of a kind, Queens)")
    .replace("(a flush, Ace high)", "(a straight, Eight to Queen)"))


def test_he_showdown_short_deck_ranked_with_the_straight_over_three_of_a_kind():
    import dataclasses

    hand = parse_one_hand(SIX_PLUS_TRIPS_AND_STRAIGHT)
    for straight_first, expected in ((False, set()), (True, {("HE-SHOWDOWN", 24), ("HE-SHOWDOWN", 29)})):
        b = batch_from_hands([dataclasses.replace(hand, straight_beats_trips=straight_first)])
        f = replay_batch(b, allin_ev=False)
        assert {(HE.by_code(int(r)).value, int(line)) for r, line in zip(f.findings.rule, f.findings.line)} == expected


# A tournament deals a player sitting out his cards: Vera (seat 4, 5 chips) is all in by her ante
# of 5 and plays for the main pot, 4 x 5 = 20, with no turn of hers. Boris's call and Gleb's big
# blind, 20 more each, are a side pot of 40. Gleb's eights win it, Vera's aces the main pot:
# Vera +15, Gleb +15, Boris -25, Anna -5 (her ante). An ante not all in would leave a seat sitting
# out undealt (as iPoker writes a player who antes and sits out, tests/test_room_ipoker.py).
SITTING_OUT_ALL_IN_BY_THE_ANTE = """\
PokerStars Hand #202: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level II (10/20) - 2021/03/07 21:29:31 ET
Table '9 1' 9-max Seat #1 is the button
Seat 1: Anna (1000 in chips)
Seat 2: Boris (1000 in chips)
Seat 3: Gleb (1000 in chips)
Seat 4: Vera (5 in chips) is sitting out
Anna: posts the ante 5
Boris: posts the ante 5
Gleb: posts the ante 5
Vera: posts the ante 5 and is all-in
Boris: posts small blind 10
Gleb: posts big blind 20
*** HOLE CARDS ***
Anna: folds
Boris: calls 10
Gleb: checks
*** FLOP *** [2c 7s 9d]
Boris: checks
Gleb: checks
*** TURN *** [2c 7s 9d] [Jh]
Boris: checks
Gleb: checks
*** RIVER *** [2c 7s 9d Jh] [3s]
Boris: checks
Gleb: checks
*** SHOW DOWN ***
Boris: shows [Kc Qd] (high card King)
Gleb: shows [8c 8d] (a pair of Eights)
Gleb collected 40 from side pot
Vera: shows [Ah As] (a pair of Aces)
Vera collected 20 from main pot
*** SUMMARY ***
Total pot 60 Main pot 20. Side pot 40. | Rake 0
Board [2c 7s 9d Jh 3s]
Seat 1: Anna (button) folded before Flop (didn't bet)
Seat 2: Boris (small blind) showed [Kc Qd] and lost with high card King
Seat 3: Gleb (big blind) showed [8c 8d] and won (40) with a pair of Eights
Seat 4: Vera showed [Ah As] and won (20) with a pair of Aces
"""


def test_a_player_sitting_out_all_in_by_his_ante_is_dealt_in_and_plays_for_the_main_pot():
    found, nets = _engine(SITTING_OUT_ALL_IN_BY_THE_ANTE)
    assert found == set()
    assert nets == {"Anna": Decimal(-5), "Boris": Decimal(-25), "Gleb": Decimal(15), "Vera": Decimal(15)}
    result = replay(parse_one_hand(SITTING_OUT_ALL_IN_BY_THE_ANTE))
    assert int(result.fact_batch.count_players[0]) == 4
    assert {p.player: p.position for p in result.players}["Vera"] == "CO"


# Gleb is all in for 10 with aces, Inna for 30 with kings, Kirill calls 30 with queens. The main pot
# is 3 x 10 = 30, Gleb's aces win it; the side pot 2 x 20 = 40 is Inna's and Kirill's, and her kings
# win it. The log pays them the other way round (Gleb 40, Inna 30). By the rules: Gleb is owed 30 and
# nets 30 - 10 = +20, Inna 40 and +10, Kirill nothing and -30; by the log, Gleb +30, Inna 0.
SIDE_POTS_PAID_THE_WRONG_WAY = """\
PokerStars Hand #240000000780:  Hold'em No Limit ($0.50/$1 USD) - 2026/11/29 21:00:00 ET
Table 'Arbiter' 6-max Seat #1 is the button
Seat 1: Gleb ($10 in chips)
Seat 2: Inna ($30 in chips)
Seat 3: Kirill ($50 in chips)
Inna: posts small blind $0.50
Kirill: posts big blind $1
*** HOLE CARDS ***
Gleb: raises $9 to $10 and is all-in
Inna: raises $20 to $30 and is all-in
Kirill: calls $29
*** FLOP *** [2c 5d 9h]
*** TURN *** [2c 5d 9h] [Jc]
*** RIVER *** [2c 5d 9h Jc] [3s]
*** SHOW DOWN ***
Gleb: shows [Ah Ac] (a pair of Aces)
Inna: shows [Kh Kd] (a pair of Kings)
Kirill: shows [Qs Qd] (a pair of Queens)
Gleb collected $40 from side pot
Inna collected $30 from main pot
*** SUMMARY ***
Total pot $70 Main pot $30. Side pot $40. | Rake $0
Board [2c 5d 9h Jc 3s]
Seat 1: Gleb (button) showed [Ah Ac] and won ($40) with a pair of Aces
Seat 2: Inna (small blind) showed [Kh Kd] and won ($30) with a pair of Kings
Seat 3: Kirill (big blind) showed [Qs Qd] and lost with a pair of Queens
"""


def test_he_showdown_the_replay_says_what_the_rules_owe_each_player_beside_the_logs_net():
    result = replay(parse_one_hand(SIDE_POTS_PAID_THE_WRONG_WAY))
    assert result.owed_known
    by_player = {p.player: p for p in result.players}
    assert {name: p.owed for name, p in by_player.items()} == {"Gleb": 30, "Inna": 40, "Kirill": 0}
    assert {name: p.owed - p.invested for name, p in by_player.items()} == {"Gleb": 20, "Inna": 10, "Kirill": -30}
    assert {name: p.net for name, p in by_player.items()} == {"Gleb": 30, "Inna": 0, "Kirill": -30}


def test_he_showdown_the_rules_owe_the_pot_less_the_rake_and_nothing_when_the_cards_are_not_shown():
    # Dmitry folds after 1.50; Elena and Fyodor put in 20 each: the pot is 41.50, the rake 1.50, so
    # the rules owe Elena's aces 40 (+20), where the log has her collect 41 (+21).
    raked = DISPUTED_RAKE
    result = replay(parse_one_hand(raked))
    assert result.owed_known
    assert {p.player: (p.owed, p.owed - p.invested, p.net) for p in result.players} == {
        "Dmitry": (0, Decimal("-1.5"), Decimal("-1.5")), "Elena": (40, 20, 21), "Fyodor": (0, -20, -20)}
    # Elena's cards not shown: the rules cannot tell who wins, and say so
    unshown = raked.replace("Elena: shows [Ac Ad] (a pair of Aces)\n", "")
    unshown = unshown.replace("showed [Ac Ad] and won ($41) with a pair of Aces", "collected ($41)")
    assert unshown.count("Ac Ad") == 0
    assert not replay(parse_one_hand(unshown)).owed_known


DISPUTED_RAKE = """\
PokerStars Hand #240000000777:  Hold'em No Limit ($0.25/$0.50 USD) - 2026/11/29 20:00:00 ET
Table 'Arbiter' 6-max Seat #3 is the button
Seat 1: Dmitry ($50 in chips)
Seat 2: Elena ($20 in chips)
Seat 3: Fyodor ($50 in chips)
Dmitry: posts small blind $0.25
Elena: posts big blind $0.50
*** HOLE CARDS ***
Fyodor: raises $1 to $1.50
Dmitry: calls $1.25
Elena: raises $18.50 to $20 and is all-in
Fyodor: calls $18.50
Dmitry: folds
*** FLOP *** [Kh 8d 3c]
*** TURN *** [Kh 8d 3c] [2s]
*** RIVER *** [Kh 8d 3c 2s] [9h]
*** SHOW DOWN ***
Elena: shows [Ac Ad] (a pair of Aces)
Fyodor: shows [Kc Qc] (a pair of Kings)
Elena collected $41 from pot
*** SUMMARY ***
Total pot $41.50 | Rake $1.50
Board [Kh 8d 3c 2s 9h]
Seat 1: Dmitry (small blind) folded before Flop
Seat 2: Elena (big blind) showed [Ac Ad] and won ($41) with a pair of Aces
Seat 3: Fyodor (button) showed [Kc Qc] and lost with a pair of Kings
"""


def test_he_showdown_a_winner_paid_only_at_lines_cited_apart_is_not_said_to_collect_nothing():
    # Gleb's one collect line (19) takes the side pot he may not win (HE-SIDE-POT), Inna's (20) the main
    # pot she does not win (HE-SHOWDOWN): each is still owed a pot, cited at the summary line, and each
    # does collect, so the words name what they collect and where, not "collects nothing"
    found = {f.line: f for f in replay(parse_one_hand(SIDE_POTS_PAID_THE_WRONG_WAY)).findings}
    assert [(found[n].rule_id, found[n].message, found[n].expected, found[n].actual) for n in (24, 25)] == [
        ("HE-SHOWDOWN", "Gleb should collect 30, which no right collect line pays: the 40 Gleb collects, at line 19, "
         "is cited there", "Gleb collects 30", "nothing at a right line"),
        ("HE-SHOWDOWN", "Inna should collect 40, which no right collect line pays: the 30 Inna collects, at line 20, "
         "is cited there", "Inna collects 40", "nothing at a right line")]
    assert (found[19].rule_id, found[20].rule_id) == ("HE-SIDE-POT", "HE-SHOWDOWN")
