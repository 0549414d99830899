"""Real PokerStars hands edited the way a dispute reads: each finding at the line that breaks the
rule, under that rule, with the amounts the rules give and the line states (hand-worked below).

The hands come from the real corpus (skipped without it); lines count from the hand's header (1)."""
from __future__ import annotations

from tests.holdem_helpers import corpus_hand, edit_line, engine_findings, findings_in_words

FLOP = ("pokerstars", "fpdb-cash", "Flop")
MICROGRIND = (*FLOP, "NLHE-FR-USD-0.01-0.02-201005.microgrind.txt")


# Hand #41511921426: Player20 (seat index 0) AA, Player10 (index 1) KK all in for 1.05, Player9 (index 5)
# Q7, all in preflop; Player20's 2.55 over Player9's 2.84 comes back. Main pot 3 × 1.05 = 3.15, side pot
# 2 × (2.84 - 1.05) = 3.58; the summary lists them after the rake of 0.30 as 3 and 3.43. On 2c 2s Ts Kd 9s
# Player10's kings full takes the main pot (line 36), Player20's aces up the side pot (line 34), for
# which Player10 is not eligible. Player20's summary line is 40, Player10's 41.
THREE_WAY = "41511921426"


def test_the_real_three_way_all_in_is_clean():
    assert engine_findings(corpus_hand(MICROGRIND, THREE_WAY)) == set()


def test_he_showdown_a_main_pot_paid_to_the_side_pot_winner_is_cited_at_its_own_line():
    # Player20 gets the main pot too (line 36): his side pot line (34) is right and not cited; line 36
    # pays 3 of a pot he does not win (expected nothing, actual 300), and Player10, owed 300, collects nothing
    text = edit_line(corpus_hand(MICROGRIND, THREE_WAY), "Player10 collected $3 from main pot",
                   "Player20 collected $3 from main pot")
    assert engine_findings(text) == {("HE-SHOWDOWN", 36, 0, 0, 300), ("HE-SHOWDOWN", 41, 1, 300, 0)}
    assert findings_in_words(text)[36] == (
        "HE-SHOWDOWN", "Player20 collects 3 without holding the best hand among the players eligible for the pot",
        "Player10", "Player20 collects 3")


def test_he_side_pot_a_side_pot_paid_to_a_player_all_in_for_less():
    # Player10 gets the side pot (line 34), which his 1.05 all in does not reach: HE-SIDE-POT at that line,
    # expected nothing, actual 343; his main pot line (36) is right. Player20, owed 343, collects nothing.
    text = edit_line(corpus_hand(MICROGRIND, THREE_WAY), "Player20 collected $3.43 from side pot",
                   "Player10 collected $3.43 from side pot")
    assert engine_findings(text) == {("HE-SIDE-POT", 34, 1, 0, 343), ("HE-SHOWDOWN", 40, 0, 343, 0)}
    rule, message, expected, actual = findings_in_words(text)[34]
    assert (rule, expected, actual) == ("HE-SIDE-POT", "Player20", "Player10 collects 3.43")
    assert message.startswith("Player10 collects 3.43 from a pot Player10 may not win")


# Hand #35824396158: Hero (seat index 4) bets $6 all-in on the turn (8.20 less 0.90 and 1.30 is 6.00 behind)
# and Gles65 folds, so the whole 6 comes back (line 26); the pot is 2 × (0.90 + 1.30) + 0.10 = 4.50.
USD_6MAX = (*FLOP, "NLHE-6max-USD-0.05-0.10-200911.txt")
UNCALLED = "35824396158"


def test_the_real_uncalled_bet_is_clean():
    assert engine_findings(corpus_hand(USD_6MAX, UNCALLED)) == set()


def test_he_uncalled_a_return_of_the_wrong_amount_is_one_finding_at_its_line():
    # $5 returned for 6: one fault, at the return line (expected 600, actual 500), and no second finding
    # that "no line returns" the dollar left, which that line already tells
    text = edit_line(corpus_hand(USD_6MAX, UNCALLED), "Uncalled bet ($6) returned to Hero", "Uncalled bet ($5) returned to Hero")
    assert engine_findings(text) == {("HE-UNCALLED", 26, 4, 600, 500)}
    assert findings_in_words(text)[26] == ("HE-UNCALLED", "5 is returned to Hero, but the uncalled part is 6", "6 to Hero", "5 to Hero")


def test_he_uncalled_no_return_line_is_still_a_warning():
    # the return line cut (the hand's lines after it move up by one): the pot the log states, 4.50, already
    # leaves the 6 out, so the missing line is a warning at the total pot's line (28), 600 returned, none written
    text = edit_line(corpus_hand(USD_6MAX, UNCALLED), "Uncalled bet ($6) returned to Hero\n", "")
    assert engine_findings(text) == {("HE-UNCALLED", 28, 4, 600, 0)}


# Hand #35602268793: a split pot. 2.30 in (andi661 0.10, PokerMill100 and Oswood 1.10 each) less the rake
# of 0.11 is 2.19, 1.095 each: the button is seat 5, so the odd cent goes to seat 6, PokerMill100 (seat
# index 5, collect line 33, summary line 43): 1.10; Oswood (index 0, collect line 34, summary line 38) 1.09.
EUR_6MAX = (*FLOP, "NLHE-6max-EUR-0.05-0.10-200911.txt")
SPLIT = "35602268793"
ODD_CENT_SWAPPED = (("PokerMill100 collected €1.10 from pot", "PokerMill100 collected €1.09 from pot"),
                    ("Oswood collected €1.09 from pot", "Oswood collected €1.10 from pot"))


def _split(*edits: tuple[str, str]) -> str:
    text = corpus_hand(EUR_6MAX, SPLIT)
    for line, edited in edits:
        text = edit_line(text, line, edited)
    return text


def test_the_real_split_is_clean():
    assert engine_findings(_split()) == set()


def test_he_collected_a_summary_that_says_what_the_rules_give_is_right_beside_wrong_collects():
    # the odd cent swapped in the collect lines only: the two odd-chip warnings at the collect lines, and
    # no finding at the summary lines, which say 1.10 and 1.09 as the rules give
    text = _split(*ODD_CENT_SWAPPED)
    assert engine_findings(text) == {("HE-SPLIT", 33, 5, 110, 109), ("HE-SPLIT", 34, 0, 109, 110)}
    assert {line: rule for line, (rule, *_) in findings_in_words(text).items()} == {33: "ROOM-ODD-CHIP", 34: "ROOM-ODD-CHIP"}
    # shares 1.30 and 0.89, an error: the summary lines, right, are no finding either
    uneven = _split(("PokerMill100 collected €1.10 from pot", "PokerMill100 collected €1.30 from pot"),
                    ("Oswood collected €1.09 from pot", "Oswood collected €0.89 from pot"))
    assert engine_findings(uneven) == {("HE-SPLIT", 33, 5, 110, 130), ("HE-SPLIT", 34, 0, 109, 89)}


def test_he_collected_a_summary_saying_neither_is_cited_with_what_the_rules_give():
    # Oswood's summary says he won 1.20: the rules give 1.09 (expected), the summary 1.20 (actual),
    # whether his collect line says 1.09 too or, the odd cent swapped, 1.10
    wrong_summary = ("won (€1.09) with two pair", "won (€1.20) with two pair")
    text = _split(wrong_summary)
    assert engine_findings(text) == {("HE-COLLECTED", 38, 0, 109, 120)}
    assert findings_in_words(text)[38] == ("HE-COLLECTED", "the summary says Oswood won 1.20, the pots Oswood wins hold 1.09, "
                                "as Oswood's collect lines give", "1.09", "1.20")
    text = _split(*ODD_CENT_SWAPPED, wrong_summary)
    assert engine_findings(text) == {("HE-SPLIT", 33, 5, 110, 109), ("HE-SPLIT", 34, 0, 109, 110),
                               ("HE-COLLECTED", 38, 0, 109, 120)}
    assert findings_in_words(text)[38][1] == ("the summary says Oswood won 1.20, the pots Oswood wins hold 1.09, and Oswood's "
                                   "collect lines give 1.10")


# Hand #35602127914: Poptart74 (seat index 4) and rico4429 (index 0) all in for 1.71 each, with PokerMill100's
# 0.20: 3.62 less the rake of 0.17 is 3.45, Poptart74's tens up over rico4429's pair of sevens.
WEAKER = "35602127914"


def test_he_showdown_a_winner_no_collect_line_pays_is_cited_at_his_right_summary_line_as_such():
    # the pot paid to rico4429 (line 29); Poptart74's summary line (37) says he won 3.45, as the rules give:
    # cited there for want of a collect line, and worded so
    text = edit_line(corpus_hand(EUR_6MAX, WEAKER), "Poptart74 collected €3.45 from pot", "rico4429 collected €3.45 from pot")
    assert engine_findings(text) == {("HE-SHOWDOWN", 29, 0, 0, 345), ("HE-SHOWDOWN", 37, 4, 345, 0)}
    assert findings_in_words(text)[37] == ("HE-SHOWDOWN", "Poptart74 should collect 3.45, as Poptart74's summary line says, "
                                "but no collect line pays it", "Poptart74 collects 3.45", "nothing")


def test_a_hand_cut_after_its_pot_is_paid_is_told_only_the_summary_can_follow():
    # Hand #35824756274: DSOR65's raise is not called, and "DSOR65 collected $1.15 from pot" is line 22 of
    # the hand; cut there, only the summary may follow it: no street line (no card comes once the pot
    # is paid), and no showdown line, as none came before. Cut one line earlier (after the uncalled bet),
    # a street line could still come.
    import pytest

    from parsers.errors import ParseError
    from parsers.pokerstars import parse

    lines = corpus_hand(USD_6MAX, "35824756274").split("\n")
    assert lines[21] == "DSOR65 collected $1.15 from pot"
    with pytest.raises(ParseError) as error:
        parse(tuple(lines[:22]), "hand.txt")
    assert error.value.line == 22
    assert error.value.reason == "the hand ends too soon: expected the '*** SUMMARY ***' line, found the end of the hand"
    with pytest.raises(ParseError) as error:
        parse(tuple(lines[:21]), "hand.txt")
    assert "a street line like '*** FLOP *** […]'" in error.value.reason


# Hand #76511550927: Player8 (seat index 6) all in for 0.07 with Kh Th, Player22 (index 5) Ac 6c; the main pot
# is 5 × 0.07 = 0.35, the side pot 4 × 0.01 + 2 × 0.04 = 0.12, no rake. On 9c 9s Ah Td 3d Player22's aces up
# beat Player8's tens up: both pots are Player22's (side pot line 39, main pot line 41, summary line 50: 0.47).
BOTH_POTS = "76511550927"


def test_he_showdown_a_main_pot_paid_to_the_weaker_hand_is_cited_only_at_that_line():
    # line 41 pays the main pot to Player8: HE-SHOWDOWN there, expected nothing, actual 35, naming Player22,
    # whose side pot line (39) and summary line (50) are right and no finding, though he collects 0.12 of 0.47
    text = edit_line(corpus_hand(MICROGRIND, BOTH_POTS), "Player22 collected $0.35 from main pot",
                   "Player8 collected $0.35 from main pot")
    assert engine_findings(text) == {("HE-SHOWDOWN", 41, 6, 0, 35)}
    assert findings_in_words(text) == {41: (
        "HE-SHOWDOWN", "Player8 collects 0.35 without holding the best hand among the players eligible for the pot",
        "Player22", "Player8 collects 0.35")}
    assert engine_findings(corpus_hand(MICROGRIND, BOTH_POTS)) == set()
