"""The Hold'em engine's findings in words: one test per rule ID, each a small PokerStars hand broken on purpose.

Every hand is written inline as PokerStars text and replayed by the compiled engine
(``rules.holdem_engine.replay``); ``LEGAL`` replays clean, each test changes a line or two and
expects the finding of its rule at the right FILE line, with the expected and actual values
worked out by hand.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from parsers.pokerstars import parse
from rules import holdem_fast
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_rules import HE, RULES
from rules.records import Source
from rules.rulebook import rule_text

LEGAL = """PokerStars Hand #100: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Boris: posts small blind $1
Vera: posts big blind $2
*** HOLE CARDS ***
Dealt to Anna [As Ad]
Anna: raises $4 to $6
Boris: folds
Vera: calls $4
*** FLOP *** [2c 7d 9h]
Vera: checks
Anna: bets $10
Vera: calls $10
*** TURN *** [2c 7d 9h] [Jc]
Vera: checks
Anna: checks
*** RIVER *** [2c 7d 9h Jc] [3s]
Vera: bets $20
Anna: calls $20
*** SHOW DOWN ***
Vera: shows [Kc Kd] (a pair of Kings)
Anna: shows [As Ad] (a pair of Aces)
Anna collected $71 from pot
*** SUMMARY ***
Total pot $73 | Rake $2
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) showed [As Ad] and won ($71) with a pair of Aces
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Kc Kd] and lost with a pair of Kings"""

FIRST_LINE = 20  # the hand starts at line 20 of its file: findings carry file lines


def run(text: str, **options):
    lines = tuple(text.split("\n"))
    hand = parse(lines, Source(file="t.txt", first_line=FIRST_LINE, last_line=FIRST_LINE + len(lines) - 1,
                               game_id="t"))
    return replay(hand, **options)


def edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def line_of(text: str, needle: str) -> int:
    return FIRST_LINE + text.split("\n").index(needle)


def only(result, rule_id: str):
    found = [f for f in result.findings if f.rule_id == rule_id]
    assert found, f"no {rule_id} among {[(f.rule_id, f.message) for f in result.findings]}"
    return found[0]


def test_legal_hand_replays_clean_with_exact_nets():
    result = run(LEGAL)
    assert result.findings == ()
    nets = {p.player: p.net for p in result.players}
    assert nets == {"Anna": Decimal(35), "Boris": Decimal(-1), "Vera": Decimal(-36)}
    assert sum(nets.values()) == -Decimal(2)  # the rake
    anna = next(f for f in result.players if f.player == "Anna")
    assert (anna.position, anna.went_to_showdown, anna.won_at_showdown, anna.saw_river) == ("BTN", True, True, True)
    raise_fact = next(a for a in result.actions if a.action.kind.value == "raise")
    assert (raise_fact.to_call, raise_fact.bet_level, raise_fact.amount) == (Decimal(2), 1, Decimal(6))


def test_every_rule_id_has_a_registered_text():
    for rule_id in RULES:
        assert rule_id.startswith("HE-") and RULES[rule_id] == rule_text(rule_id)


def test_he_action_order_forbids_acting_out_of_turn():
    text = edit(LEGAL, ("Boris: folds\nVera: calls $4", "Vera: calls $4\nBoris: folds"))
    finding = only(run(text), "HE-ACTION-ORDER")
    assert (finding.line, finding.expected, finding.actual) == (line_of(text, "Vera: calls $4"), "Boris", "Vera")
    assert [f.rule_id for f in run(text).findings] == ["HE-ACTION-ORDER"]


def test_he_check_forbids_checking_facing_a_bet():
    text = edit(LEGAL, ("Anna: bets $10\nVera: calls $10", "Anna: bets $10\nVera: checks"))
    finding = only(run(text), "HE-CHECK")
    assert finding.line == FIRST_LINE + 15  # the flop's "Vera: checks" after the bet
    assert (finding.expected, finding.actual) == ("call 10, raise or fold", "check facing 10")


def test_he_call_puts_in_what_is_owed():
    text = edit(LEGAL, ("Vera: calls $4", "Vera: calls $5"))
    finding = only(run(text), "HE-CALL")
    assert (finding.line, finding.expected, finding.actual) == (line_of(text, "Vera: calls $5"), "4", "5")


def test_he_bet_forbids_betting_over_a_bet():
    text = edit(LEGAL, ("Anna: calls $20", "Anna: bets $20"))
    finding = only(run(text), "HE-BET")
    assert finding.line == line_of(text, "Anna: bets $20") and finding.actual == "bet 20"


def test_he_blinds_posts_the_stated_blind():
    text = edit(LEGAL, ("Vera: posts big blind $2", "Vera: posts big blind $3"))
    finding = only(run(text), "HE-BLINDS")
    assert (finding.line, finding.expected, finding.actual) == (FIRST_LINE + 6, "2", "3")


def test_he_min_raise_requires_the_size_of_the_last_raise():
    text = edit(LEGAL, ("Anna: raises $4 to $6", "Anna: raises $1 to $3"), ("Vera: calls $4", "Vera: calls $1"))
    finding = only(run(text), "HE-MIN-RAISE")
    assert (finding.line, finding.expected, finding.actual) == (FIRST_LINE + 9, "at least 2 (to 4)", "1 (to 3)")


def over_posted_big_blind(raise_line: str, call_line: str, pot: int) -> str:
    """LEGAL with Vera's big blind posted at $4, twice the stakes' $2, then Anna's raise and Vera's call."""
    return edit(LEGAL, ("Vera: posts big blind $2", "Vera: posts big blind $4"),
                ("Anna: raises $4 to $6", raise_line), ("Vera: calls $4", call_line),
                ("Total pot $73", f"Total pot ${pot}"), ("Anna collected $71", f"Anna collected ${pot - 2}"),
                ("won ($71)", f"won (${pot - 2})"))


def test_he_min_raise_after_a_big_blind_posted_over_the_stakes_is_the_posted_blind():
    # the big blind is the round's opening bet, whatever it was posted at; the small blind is no bet
    # before it, so the least raise is 4 (to 8), not 4 - 1 = 3
    full = over_posted_big_blind("Anna: raises $4 to $8", "Vera: calls $4", 77)
    assert [(f.rule_id, f.expected, f.actual) for f in run(full).findings] == [("HE-BLINDS", "2", "4")]
    short = over_posted_big_blind("Anna: raises $3 to $7", "Vera: calls $3", 75)
    finding = only(run(short), "HE-MIN-RAISE")
    assert (finding.line, finding.expected, finding.actual) == (
        line_of(short, "Anna: raises $3 to $7"), "at least 4 (to 8)", "3 (to 7)")


SHORT_ALL_IN = """PokerStars Hand #101: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($9 in chips)
Seat 3: Vera ($100 in chips)
Boris: posts small blind $1
Vera: posts big blind $2
*** HOLE CARDS ***
Anna: raises $4 to $6
Boris: raises $3 to $9 and is all-in
Vera: calls $7
Anna: raises $21 to $30
Vera: folds
Uncalled bet ($21) returned to Anna
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [3s]
*** SHOW DOWN ***
Boris: shows [Kc Kd] (a pair of Kings)
Anna: shows [As Ad] (a pair of Aces)
Anna collected $27 from pot
*** SUMMARY ***
Total pot $27 | Rake $0
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) showed [As Ad] and won ($27) with a pair of Aces
Seat 2: Boris (small blind) showed [Kc Kd] and lost with a pair of Kings
Seat 3: Vera (big blind) folded before Flop"""


def test_he_min_raise_short_all_in_does_not_reopen_the_betting():
    result = run(SHORT_ALL_IN)
    finding = only(result, "HE-MIN-RAISE")
    assert finding.line == line_of(SHORT_ALL_IN, "Anna: raises $21 to $30")
    assert finding.expected == "call 3 or fold"
    assert [f.rule_id for f in result.findings] == ["HE-MIN-RAISE"]


def test_he_pot_limit_caps_a_raise_at_the_pot():
    pl = LEGAL.replace("Hold'em No Limit", "Hold'em Pot Limit")
    assert run(pl).findings == ()
    text = edit(pl, ("Anna: raises $4 to $6", "Anna: raises $6 to $8"), ("Vera: calls $4", "Vera: calls $6"))
    finding = only(run(text), "HE-POT-LIMIT")
    assert finding.line == FIRST_LINE + 9 and finding.expected == "at most 5 (to 7)" and finding.actual == "6 (to 8)"


LIMIT = """PokerStars Hand #102: Hold'em Limit ($2/$4 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Boris: posts small blind $1
Vera: posts big blind $2
*** HOLE CARDS ***
Anna: raises $2 to $4
Boris: raises $2 to $6
Vera: raises $2 to $8
Anna: calls $4
Boris: calls $2
*** FLOP *** [2c 7d 9h]
Boris: checks
Vera: bets $2
Anna: folds
Boris: folds
Uncalled bet ($2) returned to Vera
Vera collected $24 from pot
*** SUMMARY ***
Total pot $24 | Rake $0
Board [2c 7d 9h]
Seat 1: Anna (button) folded on the Flop
Seat 2: Boris (small blind) folded on the Flop
Seat 3: Vera (big blind) collected ($24)"""


def test_he_limit_size_fixes_bets_and_raises():
    assert run(LIMIT).findings == ()
    text = edit(LIMIT, ("Vera: bets $2", "Vera: bets $3"), ("Uncalled bet ($2)", "Uncalled bet ($3)"))
    finding = only(run(text), "HE-LIMIT-SIZE")
    assert (finding.line, finding.expected, finding.actual) == (line_of(text, "Vera: bets $3"), "2", "3")


def test_he_limit_cap_allows_four_bets():
    text = edit(LIMIT, ("Anna: calls $4\nBoris: calls $2", "Anna: raises $2 to $10\nBoris: calls $4\nVera: calls $2"),
                ("Total pot $24", "Total pot $30"), ("Vera collected $24", "Vera collected $30"),
                ("collected ($24)", "collected ($30)"))
    finding = only(run(text), "HE-LIMIT-CAP")
    assert (finding.line, finding.expected, finding.actual) == (
        line_of(text, "Anna: raises $2 to $10"), "at most 4 bets", "5 bets")
    # the cap is an option: a caller sets the number of bets, or None for no cap
    assert [f.rule_id for f in run(text, limit_cap=None).findings] == []
    assert [f.rule_id for f in run(text, limit_cap=5).findings] == []
    assert only(run(text, limit_cap=3), "HE-LIMIT-CAP").line == line_of(text, "Vera: raises $2 to $8")


def test_he_limit_cap_follows_the_module_setting(monkeypatch):
    text = edit(LIMIT, ("Anna: calls $4\nBoris: calls $2", "Anna: raises $2 to $10\nBoris: calls $4\nVera: calls $2"),
                ("Total pot $24", "Total pot $30"), ("Vera collected $24", "Vera collected $30"),
                ("collected ($24)", "collected ($30)"))
    monkeypatch.setattr(holdem_fast, "LIMIT_CAP_BETS", None)
    assert run(text).findings == ()
    monkeypatch.setattr(holdem_fast, "LIMIT_CAP_BETS", 4)
    assert only(run(text), "HE-LIMIT-CAP").actual == "5 bets"


HEADS_UP_LIMIT = """PokerStars Hand #105: Hold'em Limit ($2/$4 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Anna: posts small blind $1
Boris: posts big blind $2
*** HOLE CARDS ***
Anna: raises $2 to $4
Boris: raises $2 to $6
Anna: raises $2 to $8
Boris: raises $2 to $10
Anna: calls $2
*** FLOP *** [2c 7d 9h]
Boris: bets $2
Anna: folds
Uncalled bet ($2) returned to Boris
Boris collected $20 from pot
*** SUMMARY ***
Total pot $20 | Rake $0
Board [2c 7d 9h]
Seat 1: Anna (button) (small blind) folded on the Flop
Seat 2: Boris (big blind) collected ($20)"""


def test_he_limit_cap_not_heads_up_by_default():
    # PokerStars caps no round that starts heads-up: five bets are legal there by default
    assert run(HEADS_UP_LIMIT).findings == ()
    finding = only(run(HEADS_UP_LIMIT, cap_heads_up=True), "HE-LIMIT-CAP")
    assert (finding.line, finding.actual) == (line_of(HEADS_UP_LIMIT, "Boris: raises $2 to $10"), "5 bets")


def test_he_stack_forbids_putting_in_more_than_the_stack():
    text = edit(LEGAL, ("Seat 3: Vera ($100 in chips)", "Seat 3: Vera ($12 in chips)"))
    finding = only(run(text), "HE-STACK")
    assert (finding.line, finding.expected, finding.actual) == (line_of(text, "Vera: calls $10"), "at most 6", "10")


def test_he_uncalled_returns_only_the_uncalled_part():
    text = edit(LIMIT, ("Uncalled bet ($2) returned to Vera", "Uncalled bet ($3) returned to Vera"))
    finding = only(run(text), "HE-UNCALLED")
    assert (finding.line, finding.expected, finding.actual) == (
        line_of(text, "Uncalled bet ($3) returned to Vera"), "2 to Vera", "3 to Vera")


SIDE_POT = """PokerStars Hand #103: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($20 in chips)
Seat 3: Vera ($100 in chips)
Boris: posts small blind $1
Vera: posts big blind $2
*** HOLE CARDS ***
Anna: raises $4 to $6
Boris: raises $14 to $20 and is all-in
Vera: raises $30 to $50
Anna: calls $44
*** FLOP *** [2c 7d 9h]
Vera: bets $10
Anna: folds
Uncalled bet ($10) returned to Vera
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [3s]
*** SHOW DOWN ***
Vera: shows [Qc Qd] (a pair of Queens)
Boris: shows [Kc Kd] (a pair of Kings)
Vera collected $60 from side pot
Boris collected $58 from main pot
*** SUMMARY ***
Total pot $120 Main pot $58. Side pot $60. | Rake $2
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) folded on the Flop
Seat 2: Boris (small blind) showed [Kc Kd] and won ($58) with a pair of Kings
Seat 3: Vera (big blind) showed [Qc Qd] and won ($60) with a pair of Queens"""


def test_he_side_pot_per_all_in_level():
    result = run(SIDE_POT)
    assert result.findings == ()
    assert [(p.amount, set(p.eligible)) for p in result.pots] == [
        (Decimal(60), {"Boris", "Vera"}), (Decimal(60), {"Vera"})]  # Anna folded: in no pot
    text = edit(SIDE_POT, ("Main pot $58. Side pot $60.", "Main pot $48. Side pot $70."))
    finding = only(run(text), "HE-SIDE-POT")
    assert finding.line == line_of(text, "Total pot $120 Main pot $48. Side pot $70. | Rake $2")
    # the side pot listed holds 70, more than the 60 of its all-in level (Vera's 50 less Boris's 20, twice)
    assert (finding.expected, finding.actual) == ("60", "70")


def test_he_showdown_awards_the_best_hand():
    text = edit(LEGAL, ("Anna collected $71 from pot", "Vera collected $71 from pot"),
                ("won ($71) with a pair of Aces", "lost with a pair of Aces"),
                ("and lost with a pair of Kings", "and won ($71) with a pair of Kings"))
    finding = next(f for f in run(text).findings if f.rule_id == "HE-SHOWDOWN" and f.actual == "Vera collects 71")
    assert (finding.line, finding.expected, finding.actual) == (
        line_of(text, "Vera collected $71 from pot"), "Anna", "Vera collects 71")
    # Anna, who should have won, has no collect line: her summary line, which says she lost, is cited
    finding = next(f for f in run(text).findings if f.rule_id == "HE-SHOWDOWN" and f.actual == "nothing")
    assert (finding.line, finding.expected, finding.message) == (
        line_of(text, "Seat 1: Anna (button) showed [As Ad] and lost with a pair of Aces"), "Anna collects 71",
        "Anna should collect 71 but collects nothing")


def test_he_split_shares_identical_hands():
    split = edit(LEGAL, ("Vera: shows [Kc Kd] (a pair of Kings)", "Vera: shows [Ac Ah] (a pair of Aces)"),
                 ("Anna collected $71 from pot", "Anna collected $35.50 from pot\nVera collected $35.50 from pot"),
                 ("won ($71)", "won ($35.50)"),
                 ("showed [Kc Kd] and lost with a pair of Kings", "showed [Ac Ah] and won ($35.50) with a pair of Aces"),
                 ("Dealt to Anna [As Ad]", "Dealt to Anna [As Ad]"))
    # ace-king each on this board: ace high, as the show and summary lines name it (HE-HAND-NAME)
    split = split.replace("[As Ad]", "[As Kd]").replace("[Ac Ah]", "[Ac Kh]").replace("a pair of Aces", "high card Ace")
    assert run(split).findings == ()
    text = edit(split, ("Anna collected $35.50 from pot\nVera collected $35.50 from pot", "Anna collected $71 from pot"),
                ("won ($35.50) with high card Ace\nSeat 2", "won ($71) with high card Ace\nSeat 2"),
                ("showed [Ac Kh] and won ($35.50) with high card Ace", "showed [Ac Kh] and lost with high card Ace"))
    finding = next(f for f in run(text).findings if f.rule_id == "HE-SPLIT" and f.actual == "71")
    assert finding.line == line_of(text, "Anna collected $71 from pot")
    assert (finding.expected, finding.actual) == ("35.50", "71")


def split_pot(anna: str, vera: str, rake: str) -> str:
    """LEGAL with Anna (the button) and Vera (the big blind) tied on ace-king, ace high, collecting as given."""
    text = edit(LEGAL, ("Vera: shows [Kc Kd] (a pair of Kings)", "Vera: shows [Ac Kh] (a pair of Aces)"),
                ("Anna collected $71 from pot", f"Anna collected ${anna} from pot\nVera collected ${vera} from pot"),
                ("Rake $2", f"Rake ${rake}"), ("won ($71)", f"won (${anna})"),
                ("showed [Kc Kd] and lost with a pair of Kings", f"showed [Ac Kh] and won (${vera}) with a pair of Aces"))
    return text.replace("[As Ad]", "[As Kd]").replace("a pair of Aces", "high card Ace")


def test_he_split_odd_chip_goes_to_the_first_winner_left_of_the_button():
    # $73 less a $1.99 rake leaves $71.01: 35.50 each and the odd cent to Vera, the first winner
    # clockwise from the button (Anna, the button, comes last), as PokerStars' logs do
    right = split_pot("35.50", "35.51", "1.99")
    assert run(right).findings == ()
    # the odd cent to Anna instead: an equal split whose odd cent went against the room's rule
    # (ROOM-ODD-CHIP); the two still collect the 71.01 they share, each within the rake ($1.99) of his
    # equal share, which is how PokerStars' own shares under rake look: a warning at each collect line
    wrong = split_pot("35.51", "35.50", "1.99")
    findings = [(f.rule_id, f.severity, f.line, f.expected, f.actual) for f in run(wrong).findings]
    assert findings == [
        ("ROOM-ODD-CHIP", Severity.WARNING, line_of(wrong, "Anna collected $35.51 from pot"), "35.50", "35.51"),
        ("ROOM-ODD-CHIP", Severity.WARNING, line_of(wrong, "Vera collected $35.50 from pot"), "35.51", "35.50"),
    ]
    # shares that move more than the rake, or do not add up to the pot after rake, are errors
    uneven = split_pot("33.40", "37.61", "1.99")
    assert {(f.rule_id, f.severity, f.expected, f.actual) for f in run(uneven).findings} == {
        ("HE-SPLIT", Severity.ERROR, "35.50", "33.40"), ("HE-SPLIT", Severity.ERROR, "35.51", "37.61")}
    short = split_pot("35.40", "35.51", "1.99")
    assert [(f.rule_id, f.severity) for f in run(short).findings if f.rule_id == "HE-SPLIT"] == [
        ("HE-SPLIT", Severity.ERROR)]


def test_he_split_odd_chip_of_a_tournament_is_one_chip():
    def tournament(anna: str, vera: str) -> str:
        text = split_pot(anna, vera, "0").replace("$", "")
        return text.replace("Hold'em No Limit (1/2 USD)", "Tournament #7, $0.91+$0.09 USD Hold'em No Limit - Level I (1/2)")

    # 73 chips, no rake: 36 each and the odd chip to Vera, left of the button; to Anna, with no rake
    # to explain it, an error of the room's odd chip (ROOM-ODD-CHIP)
    assert run(tournament("36", "37")).findings == ()
    wrong = tournament("37", "36")
    findings = [(f.rule_id, f.severity, f.line, f.expected, f.actual) for f in run(wrong).findings]
    assert findings == [("ROOM-ODD-CHIP", Severity.ERROR, line_of(wrong, "Anna collected 37 from pot"), "36", "37"),
                        ("ROOM-ODD-CHIP", Severity.ERROR, line_of(wrong, "Vera collected 36 from pot"), "37", "36")]
    # two chips moved are no odd chip: the shares are not equal
    uneven = tournament("38", "35")
    assert {f.rule_id for f in run(uneven).findings} == {"HE-SPLIT"}
    assert "odd chips" in run(wrong).findings[0].message


def test_he_split_rake_taken_from_the_shares_after_the_split_is_a_warning():
    # older PokerStars logs split the pot before rake ($36.50 each) and rake some shares only
    text = split_pot("34.50", "36.50", "2")
    findings = run(text).findings
    assert [(f.rule_id, f.severity, f.expected, f.actual) for f in findings] == [
        ("HE-SPLIT", Severity.WARNING, "35.50", "34.50"), ("HE-SPLIT", Severity.WARNING, "35.50", "36.50")]


def test_he_pot_balance_total_is_the_sum_of_contributions():
    text = edit(LEGAL, ("Total pot $73 | Rake $2", "Total pot $75 | Rake $2"))
    finding = only(run(text), "HE-POT-BALANCE")
    assert (finding.line, finding.expected, finding.actual) == (line_of(text, "Total pot $75 | Rake $2"), "73", "75")


def test_he_collected_summary_agrees_with_the_collect_lines():
    text = edit(LEGAL, ("won ($71) with a pair of Aces", "won ($70) with a pair of Aces"))
    finding = only(run(text), "HE-COLLECTED")
    assert finding.line == FIRST_LINE + 29 and (finding.expected, finding.actual) == ("71", "70")


SHORT_DECK = """PokerStars Hand #104:  6+ Hold'em No Limit (Button Blind $2 - Ante $1 USD) - 2024/01/02 3:04:05 CET [2024/01/01 21:04:05 ET]
Table 'Short' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Anna: posts the ante $1
Boris: posts the ante $1
Anna: posts button blind $2
*** HOLE CARDS ***
Boris: raises $2 to $4
Anna: calls $2
*** FLOP *** [Ah Kh 6h]
Boris: checks
Anna: checks
*** TURN *** [Ah Kh 6h] [6c]
Boris: checks
Anna: checks
*** RIVER *** [Ah Kh 6h 6c] [7d]
Boris: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [Qh 8h] (a flush, Ace high)
Anna: shows [As Ad] (a full house, Aces full of Sixes)
Boris collected $10 from pot
*** SUMMARY ***
Total pot $10 | Rake $0
Board [Ah Kh 6h 6c 7d]
Seat 1: Anna (button blind) showed [As Ad] and lost with a full house, Aces full of Sixes
Seat 2: Boris showed [Qh 8h] and won ($10) with a flush, Ace high"""


def test_he_sd_order_flush_beats_full_house_on_36_cards():
    result = run(SHORT_DECK)
    assert result.findings == ()
    assert {p.player: p.net for p in result.players} == {"Anna": Decimal(-5), "Boris": Decimal(5)}
    text = edit(SHORT_DECK, ("Boris collected $10 from pot", "Anna collected $10 from pot"),
                ("and lost with a full house, Aces full of Sixes", "and won ($10) with a full house, Aces full of Sixes"),
                ("and won ($10) with a flush, Ace high", "and lost with a flush, Ace high"))
    finding = only(run(text), "HE-SD-ORDER")
    assert finding.line == line_of(text, "Anna collected $10 from pot") and finding.actual == "Anna collects 10"


def test_he_deck_36_cards_have_no_deuces():
    text = SHORT_DECK.replace("[Qh 8h]", "[Qh 2h]")
    finding = only(run(text), "HE-DECK")
    assert finding.actual == "2h" and finding.line == line_of(text, "Boris: shows [Qh 2h] (a flush, Ace high)")


def test_he_board_summary_shows_the_board_dealt():
    text = edit(LEGAL, ("Board [2c 7d 9h Jc 3s]", "Board [2c 7d 9h Jc 4s]"))
    finding = only(run(text), "HE-BOARD")
    assert (finding.line, finding.expected, finding.actual) == (
        line_of(text, "Board [2c 7d 9h Jc 4s]"), "2c 7d 9h Jc 3s", "2c 7d 9h Jc 4s")


def test_missing_uncalled_line_is_only_a_warning_when_the_pot_leaves_it_out():
    text = edit(LIMIT, ("Uncalled bet ($2) returned to Vera\n", ""))
    finding = only(run(text), "HE-UNCALLED")
    assert finding.severity is Severity.WARNING


def test_all_in_ev_is_the_equity_share_of_each_pot_minus_investment():
    allin = """PokerStars Hand #105: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($50 in chips)
Anna: posts small blind $1
Boris: posts big blind $2
*** HOLE CARDS ***
Anna: raises $48 to $50 and is all-in
Boris: calls $48 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [3s]
*** SHOW DOWN ***
Anna: shows [As Ah] (a pair of Aces)
Boris: shows [Ks Kh] (a pair of Kings)
Anna collected $100 from pot
*** SUMMARY ***
Total pot $100 | Rake $0
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) (small blind) showed [As Ah] and won ($100) with a pair of Aces
Seat 2: Boris (big blind) showed [Ks Kh] and lost with a pair of Kings"""
    result = run(allin)
    assert result.findings == () and result.has_allin_ev
    ev = {f.player: f.allin_ev_net for f in result.players}
    # AA against KK (no suits shared) preflop: 82.6% and 17.4% (exact enumeration)
    assert ev["Anna"] + ev["Boris"] == Decimal(0)
    assert Decimal(32) < ev["Anna"] < Decimal("33.5")
    nets = {p.player: p.net for p in result.players}
    assert nets == {"Anna": Decimal(50), "Boris": Decimal(-50)}


def test_all_in_ev_is_rounded_per_player_so_a_chop_can_sum_a_cent_short_of_the_pot():
    # Hero (Kc 5s) and Tight.Tom (Ks 5h) are all in on 8d 7s 2c, $49.83 in each: no flush can come
    # (two cards to go, at most two of a suit held), so every board is a chop, 50 % each. The pot's
    # net, 102.81 - 3 = 99.81, gives each 49.905, 49.90 half to even: +0.07 each, 0.14, where the
    # collect lines pay 49.91 and 49.90 (the odd cent to Tight.Tom), +0.08 and +0.07, 0.15. The
    # others' nets (Stepan -0.75, Grinder_42 -0.10, Ilya -2.30) bring net to -3.00, the rake, and
    # all-in EV net to -3.01 (docs/warehouse.md, "All-in EV rounded per player").
    chop = """PokerStars Hand #152191461172:  Hold'em No Limit ($0.10/$0.25 USD) - 2024/08/27 18:15:52 ET
Table 'Vibilia IV' 9-max Seat #5 is the button
Seat 1: Stepan ($162.60 in chips)
Seat 3: Nikita ($3.37 in chips)
Seat 4: Vera ($16.40 in chips)
Seat 5: Hero ($317.61 in chips)
Seat 6: Grinder_42 ($22.76 in chips)
Seat 7: Ilya ($49.45 in chips)
Seat 8: Tight.Tom ($49.83 in chips)
Seat 9: Masha ($72.49 in chips)
Grinder_42: posts small blind $0.10
Ilya: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Hero [Kc 5s]
Tight.Tom: raises $0.50 to $0.75
Masha: folds
Stepan: calls $0.75
Nikita: folds
Vera: folds
Hero: calls $0.75
Grinder_42: folds
Ilya: calls $0.50
*** FLOP *** [8d 7s 2c]
Ilya: checks
Tight.Tom: checks
Stepan: checks
Hero: bets $1.55
Ilya: calls $1.55
Tight.Tom: raises $47.53 to $49.08 and is all-in
Stepan: folds
Hero: calls $47.53
Ilya: folds
*** TURN *** [8d 7s 2c] [3d]
*** RIVER *** [8d 7s 2c 3d] [7c]
*** SHOW DOWN ***
Tight.Tom: shows [5h Ks] (a pair of Sevens)
Hero: shows [Kc 5s] (a pair of Sevens)
Tight.Tom collected $49.91 from pot
Hero collected $49.90 from pot
*** SUMMARY ***
Total pot $102.81 | Rake $3
Board [8d 7s 2c 3d 7c]
Seat 1: Stepan folded on the Flop
Seat 3: Nikita folded before Flop (didn't bet)
Seat 4: Vera folded before Flop (didn't bet)
Seat 5: Hero (button) showed [Kc 5s] and won ($49.90) with a pair of Sevens
Seat 6: Grinder_42 (small blind) folded before Flop
Seat 7: Ilya (big blind) folded on the Flop
Seat 8: Tight.Tom showed [5h Ks] and won ($49.91) with a pair of Sevens
Seat 9: Masha folded before Flop (didn't bet)"""
    result = run(chop)
    assert result.findings == () and result.has_allin_ev
    ev = {p.player: p.allin_ev_net for p in result.players}
    net = {p.player: p.net for p in result.players}
    assert (ev["Hero"], ev["Tight.Tom"]) == (Decimal("0.07"), Decimal("0.07"))
    assert (net["Hero"], net["Tight.Tom"]) == (Decimal("0.07"), Decimal("0.08"))
    assert (sum(net.values()), sum(ev.values())) == (Decimal("-3.00"), Decimal("-3.01"))
    page = " ".join((Path(__file__).resolve().parents[1] / "docs" / "warehouse.md").read_text("utf-8").split())
    assert ("each `allin_ev_net` is 49.90 − 49.83 = +0.07, 0.14 for the two, where the pot paid them $49.91 "
            "and $49.90, a `net` of +0.08 and +0.07, 0.15") in page


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_ids_are_documented_with_a_sentence(rule_id):
    assert len(RULES[rule_id].split()) >= 5


def test_all_in_ev_is_given_for_a_hand_with_a_warning_too():
    # Boris shoves $60 over Anna's $50 all-in and the log leaves out the line returning his
    # uncalled $10 (its pot of $100 leaves it out too): a warning, and the EV as in a clean hand
    text = """PokerStars Hand #106: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($60 in chips)
Anna: posts small blind $1
Boris: posts big blind $2
*** HOLE CARDS ***
Anna: raises $48 to $50 and is all-in
Boris: raises $10 to $60 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [3s]
*** SHOW DOWN ***
Anna: shows [As Ah] (a pair of Aces)
Boris: shows [Ks Kh] (a pair of Kings)
Anna collected $100 from pot
*** SUMMARY ***
Total pot $100 | Rake $0
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) (small blind) showed [As Ah] and won ($100) with a pair of Aces
Seat 2: Boris (big blind) showed [Ks Kh] and lost with a pair of Kings"""
    result = run(text)
    assert [(f.rule_id, f.severity, f.expected) for f in result.findings] == [
        ("HE-UNCALLED", Severity.WARNING, "Uncalled bet (10) returned to Boris")]
    assert {p.player: p.net for p in result.players} == {"Anna": Decimal(50), "Boris": Decimal(-50)}
    ev = {f.player: f.allin_ev_net for f in result.players}
    # AA against KK (no suits shared) preflop: 82.6% of the $100 for Anna, who put in $50
    assert result.has_allin_ev and ev["Anna"] + ev["Boris"] == Decimal(0)
    assert Decimal(32) < ev["Anna"] < Decimal("33.5")


ELEVEN = "\n".join([
    "PokerStars Hand #107: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET",
    "Table 'Test' 10-max Seat #1 is the button",
    *(f"Seat {i}: P{i} ($100 in chips)" for i in range(1, 12)),
    "P2: posts small blind $1", "P3: posts big blind $2", "*** HOLE CARDS ***",
    *(f"P{i}: folds" for i in (*range(4, 12), 1, 2)),
    "Uncalled bet ($1) returned to P3", "P3 collected $2 from pot", "*** SUMMARY ***", "Total pot $2 | Rake $0",
    *(f"Seat {i}: P{i} folded before Flop" for i in (*range(1, 3), *range(4, 12))),
    "Seat 3: P3 (big blind) collected ($2)",
])


def test_he_players_at_most_ten_are_dealt_in():
    finding = only(run(ELEVEN), "HE-PLAYERS")
    assert (finding.line, finding.expected, finding.actual) == (FIRST_LINE, "2 to 10 players", "11 players")


def test_every_rule_is_raised_by_the_engine_on_some_hand():
    """A rule in the rulebook that no broken hand raises would be a silent gap: one hand per rule."""
    limit_cap = edit(LIMIT, ("Anna: calls $4\nBoris: calls $2", "Anna: raises $2 to $10\nBoris: calls $4\nVera: calls $2"),
                     ("Total pot $24", "Total pot $30"), ("Vera collected $24", "Vera collected $30"),
                     ("collected ($24)", "collected ($30)"))
    broken = [
        ELEVEN,
        edit(LEGAL, ("Boris: folds\nVera: calls $4", "Vera: calls $4\nBoris: folds")),
        edit(LEGAL, ("Anna: bets $10\nVera: calls $10", "Anna: bets $10\nVera: checks")),
        edit(LEGAL, ("Vera: calls $4", "Vera: calls $5")),
        edit(LEGAL, ("Anna: calls $20", "Anna: bets $20")),
        edit(LEGAL, ("Vera: posts big blind $2", "Vera: posts big blind $3")),
        SHORT_ALL_IN,
        edit(LEGAL.replace("Hold'em No Limit", "Hold'em Pot Limit"), ("Anna: raises $4 to $6", "Anna: raises $6 to $8"),
             ("Vera: calls $4", "Vera: calls $6")),
        edit(LIMIT, ("Vera: bets $2", "Vera: bets $3"), ("Uncalled bet ($2)", "Uncalled bet ($3)")),
        limit_cap,
        edit(LEGAL, ("Seat 3: Vera ($100 in chips)", "Seat 3: Vera ($12 in chips)")),
        edit(LIMIT, ("Uncalled bet ($2) returned to Vera", "Uncalled bet ($3) returned to Vera")),
        edit(SIDE_POT, ("Main pot $58. Side pot $60.", "Main pot $48. Side pot $70.")),
        split_pot("33.40", "37.61", "1.99"),
        edit(LEGAL, ("Total pot $73 | Rake $2", "Total pot $75 | Rake $2")),
        edit(LEGAL, ("Anna collected $71 from pot", "Vera collected $71 from pot"),
             ("won ($71) with a pair of Aces", "lost with a pair of Aces"),
             ("and lost with a pair of Kings", "and won ($71) with a pair of Kings")),
        edit(SHORT_DECK, ("Boris collected $10 from pot", "Anna collected $10 from pot"),
             ("and lost with a full house, Aces full of Sixes", "and won ($10) with a full house, Aces full of Sixes"),
             ("and won ($10) with a flush, Ace high", "and lost with a flush, Ace high")),
        SHORT_DECK.replace("[Qh 8h]", "[Qh 2h]"),
        edit(LEGAL, ("Board [2c 7d 9h Jc 3s]", "Board [2c 7d 9h Jc 4s]")),
        edit(LEGAL, ("Seat 2: Boris (small blind) folded before Flop\n", "")),
        edit(LEGAL, ("(a pair of Kings)", "(three of a kind, Kings)")),
    ]
    raised = {f.rule_id for text in broken for f in run(text).findings}
    assert raised == set(RULES) - set(CHECKED_BESIDE_THE_ENGINE), f"no hand raises {set(RULES) - raised}"


CHECKED_BESIDE_THE_ENGINE = {
    "HE-FINISHING-STACKS": "a PHH file's stated finishing stacks, checked against the engine's nets by pipeline/facts/phh.py",
}


def test_every_rule_the_engine_raises_has_its_words():
    from rules.holdem_explain import WORDS

    assert set(HE) & set(WORDS) == set(HE) - {HE(rule) for rule in CHECKED_BESIDE_THE_ENGINE}


@pytest.mark.parametrize(("edits", "rule_id", "at", "expected", "actual"), [
    # Vera calls on the river where Anna had checked behind nothing: there is nothing to call
    ([("Vera: bets $20\nAnna: calls $20", "Vera: checks\nAnna: calls $20")], "HE-CALL", "Anna: calls $20",
     "check, bet or fold", "call 20"),
    # Boris folded preflop and then calls on the flop: no action is his any more
    ([("Anna: bets $10\nVera: calls $10", "Anna: bets $10\nVera: calls $10\nBoris: calls $10")], "HE-ACTION-ORDER",
     "Boris: calls $10", "no action", "call"),
    # the turn ends with Anna still to act: Vera checked, then the river's first action comes
    ([("Vera: checks\nAnna: checks\n*** RIVER", "Vera: checks\n*** RIVER")], "HE-ACTION-ORDER",
     "Vera: bets $20", "Anna to act on the turn", "the next street"),
    # Anna collects $70 and the rake is $2: the players collect 70 where the pot less the rake is 71
    ([("Anna collected $71 from pot", "Anna collected $70 from pot"), ("won ($71)", "won ($70)")],
     "HE-POT-BALANCE", "Total pot $73 | Rake $2", "71", "70"),
    # Vera is dealt the ace of spades that Anna holds
    ([("Vera: shows [Kc Kd]", "Vera: shows [As Kd]"), ("showed [Kc Kd]", "showed [As Kd]")], "HE-DECK",
     "Vera: shows [As Kd] (a pair of Kings)", "each card dealt once", "As twice"),
])
def test_findings_in_words_of_each_check(edits, rule_id, at, expected, actual):
    text = edit(LEGAL, *edits)
    found = [(f.line, f.expected, f.actual) for f in run(text).findings if f.rule_id == rule_id]
    assert (line_of(text, at), expected, actual) in found, found


def test_he_uncalled_returned_to_a_player_without_the_top_bet():
    # Vera's $2 bet on the flop is uncalled, but the log returns it to Boris, who folded
    text = edit(LIMIT, ("Uncalled bet ($2) returned to Vera", "Uncalled bet ($2) returned to Boris"))
    finding = only(run(text), "HE-UNCALLED")
    assert (finding.line, finding.expected, finding.actual) == (
        line_of(text, "Uncalled bet ($2) returned to Boris"), "2 to the player with the top bet", "2 to Boris")


def test_he_side_pot_counts_the_pots_listed():
    # the summary lists one pot where the all-in levels make two (Boris's $20 and the rest)
    text = edit(SIDE_POT, ("Main pot $58. Side pot $60.", "Main pot $118."))
    finding = only(run(text), "HE-SIDE-POT")
    assert (finding.expected, finding.actual) == ("2 pots", "1 pots")


def test_he_collected_a_wrong_collect_line_leaves_the_right_summary_line_alone():
    # Anna's collect line says 72 where the pot less the rake is 71; her summary line still says 71,
    # what the rules give her: the collect line is cited (and the pot's balance), the summary is not.
    text = edit(LEGAL, ("Anna collected $71 from pot", "Anna collected $72 from pot"))
    assert sorted((f.rule_id, f.line, f.expected, f.actual) for f in run(text).findings) == [
        ("HE-COLLECTED", line_of(text, "Anna collected $72 from pot"), "71", "72"),
        ("HE-POT-BALANCE", line_of(text, "Total pot $73 | Rake $2"), "71", "72")]
    # a summary that says neither what the rules give nor what the collect lines give is cited too,
    # expected what the rules give (71), not the collect line's 72
    text = edit(text, ("won ($71) with a pair of Aces", "won ($70) with a pair of Aces"))
    assert [(f.line, f.expected, f.actual) for f in run(text).findings if f.rule_id == "HE-COLLECTED"][1:] == [
        (line_of(text, "Seat 1: Anna (button) showed [As Ad] and won ($70) with a pair of Aces"), "71", "70")]
