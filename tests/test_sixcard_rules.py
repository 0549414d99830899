"""Six-card poker rules (RULES.md §6): each SIX rule against hand-worked hands."""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.errors import ParseError
from parsers.sixcard import parse
from rules.cards import parse_cards
from rules.evaluator import HandCategory, evaluate
from rules.records import Source
from rules.rulebook import RULES
from rules.sixcard import (
    Outcome,
    SixcardRules,
    dealer_qualifies,
    may_draw,
    pay_out,
    qualifying_strength,
    replay,
    settle_box,
)

HEADER = ["Six-card poker session T-1", "Date: 2026-11-28 23:40", "Casino: Metropol", "Player: Anna", ""]
FORMATS_EXAMPLE = HEADER + [
    "Hand 1",
    "Dealer up: Qs",
    "Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 9h; plays 20",
    "Box 2: ante 10 [Kc 8d 6h 4s 3c]; exchanges 3c for Kd; folds",
    "Dealer: [8h 8c 4d 3s Qs]",
    "Result: box 1 +20, box 2 -30",
]


def session(lines, first_line=1):
    return parse(tuple(lines), Source(file="t.txt", first_line=first_line, last_line=first_line + len(lines) - 1,
                                      game_id="t"))


def hand(*lines, rules: str | None = None):
    return session(HEADER[:-1] + ([f"Rules: {rules}"] if rules else []) + ["", "Hand 1", *lines])


def rules_broken(result):
    return [f.rule_id for f in result.findings]


def test_rulebook_has_every_six_rule():
    assert {"SIX-BOXES", "SIX-DRAW", "SIX-QUALIFY", "SIX-PAY", "SIX-DECK", "SIX-BET"} <= RULES.keys()


def test_formats_example_nets_box1_plus20_box2_minus30():
    result = replay(session(FORMATS_EXAMPLE))
    assert [b.net for b in result.boxes] == [Decimal(20), Decimal(-30)]
    assert result.findings == ()
    assert result.players[0].net == Decimal(-10)
    assert [b.outcome for b in result.boxes] == [Outcome.WIN, Outcome.FOLD]


def test_six_pay_seed_figures_quads_620_royal_3020():
    assert pay_out(HandCategory.FOUR_OF_A_KIND, ante=Decimal(20), bet=Decimal(30)) == 620
    assert pay_out(HandCategory.ROYAL_FLUSH, ante=Decimal(20), bet=Decimal(30)) == 3020
    quads = settle_box(cards=parse_cards("9s 9h 9d 9c 2s"), dealer=parse_cards("Kh Kd 5c 4s 3h"),
                       ante=Decimal(20), bet=Decimal(30))
    assert quads.net == 620 and quads.returned == 670


def test_six_pay_royal_flush_in_a_log_nets_3020():
    result = replay(hand("Dealer up: 3h", "Box 1: ante 20 [As Ks Qs Js Ts]; plays 30",
                         "Dealer: [Kh Kd 5c 4s 3h]", "Result: box 1 +3020"))
    # the seed's bet of 30 on an ante of 20 is not 2 antes: a SIX-BET warning, settled as bet
    assert result.boxes[0].net == 3020 and rules_broken(result) == ["SIX-BET"]


def test_six_pay_dealer_wins_takes_ante_and_bet():
    result = replay(hand("Dealer up: 3h", "Box 1: ante 10 [Qs Qh 7c 5d 2s]; plays 20",
                         "Dealer: [Kh Kd 5c 4s 3h]", "Result: box 1 -30"))
    assert result.boxes[0].outcome is Outcome.LOSE and result.boxes[0].net == -30 and result.findings == ()


def test_six_pay_tie_returns_ante_and_bet():
    result = replay(hand("Dealer up: 4h", "Box 1: ante 10 [Ks Kc 9h 7d 4s]; plays 20",
                         "Dealer: [Kh Kd 9c 7s 4h]", "Result: box 1 +0"))
    assert result.boxes[0].outcome is Outcome.TIE and result.boxes[0].net == 0
    assert result.findings == ()


def test_six_pay_wrong_result_is_a_finding_at_its_line():
    lines = FORMATS_EXAMPLE[:-1] + ["Result: box 1 +40, box 2 -30"]
    result = replay(session(lines, first_line=101))
    (finding,) = result.findings
    assert finding.rule_id == "SIX-PAY" and finding.line == 101 + len(lines) - 1
    assert finding.expected == "+20" and finding.actual == "+40"
    assert result.players[0].net == -10  # the true net, not the claim


# Under `dealer qualifies ace-king`: a pair of kings and a flush (box 2 bought its sixth card, 5).
ACE_KING_BOXES = ("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 8s 4h 2c]; plays 10",
                  "Box 2: ante 5 [Qh Jh 9h 3h 7c]; buys 2h; plays 10")


def test_six_pay_message_says_in_words_that_an_ace_queen_dealer_has_no_game_and_writes_zero_unsigned():
    # A-Q high does not qualify: ante 5 paid, bet returned: box 1 +5, box 2 +5 - 5 = 0
    result = replay(hand(*ACE_KING_BOXES, "Dealer: [Ad Qd 6s 3c 9d]", "Result: box 1 +15, box 2 +50",
                         rules="dealer qualifies ace-king"))
    assert [(f.expected, f.actual) for f in result.findings] == [("+5", "+15"), ("0", "+50")]
    assert [f.message for f in result.findings] == [
        "hand 1, box 1: the result says +15, the rules give +5 (pair; the dealer has no game "
        "(A-Q high does not qualify): +5)",
        "hand 1, box 2: the result says +50, the rules give 0 (flush; the dealer has no game "
        "(A-Q high does not qualify): +5, costs -5)"]


def test_six_pay_message_says_an_ace_king_dealer_qualifies_by_the_table_s_rule():
    # A-K high qualifies here: box 1's pair wins ante 5 + bet 10 = +15; box 2's flush 5 + 10 x 5 - 5 = +50
    result = replay(hand(*ACE_KING_BOXES, "Dealer: [Ad Kh 6s 3c 9d]", "Result: box 1 +5, box 2 0",
                         rules="dealer qualifies ace-king"))
    assert [(f.expected, f.actual) for f in result.findings] == [("+15", "+5"), ("+50", "0")]
    assert [f.message for f in result.findings] == [
        "hand 1, box 1: the result says +5, the rules give +15 (pair beats the dealer's A-K high, which "
        "qualifies under this table's rule `dealer qualifies ace-king`: +15)",
        "hand 1, box 2: the result says 0, the rules give +50 (flush beats the dealer's A-K high, which "
        "qualifies under this table's rule `dealer qualifies ace-king`: +55, costs -5)"]


def test_six_pay_a_box_with_two_results_says_what_was_written():
    result = replay(session(FORMATS_EXAMPLE[:-1] + ["Result: box 1 +20, box 1 +30, box 2 -30"]))
    twice = [f for f in result.findings if "two results" in f.message]
    assert [(f.rule_id, f.expected, f.actual) for f in twice] == [("SIX-PAY", "one result", "+20 and +30")]


def test_six_qualify_no_game_pays_ante_returns_bet():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [2h 2d 7c 5s 3d]; plays 20",
                         "Dealer: [Kh 9c 6d 4s Qs]", "Result: box 1 +10"))
    assert result.boxes[0].outcome is Outcome.NO_GAME and result.boxes[0].net == 10 and result.findings == ()


def test_six_qualify_bought_dealer_game_qualifies_and_is_paid_for_that_box_alone():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [2h 2d 2c 5s 3d]; plays 20",
                         "Box 2: ante 10 [Ah Jd 7c 8s 6d]; plays 20",
                         "Dealer: [Kh 9c Td 4s Qs]", "Box 1 buys dealer game: Kh for 9h",
                         "Result: box 1 +60, box 2 +10"))
    one, two = result.boxes
    # trips beat the dealer's new pair of nines: ante 10 + bet 20 x 3, less 10 for the dealer's game
    assert one.outcome is Outcome.WIN and one.net == 60 and one.dealer_cards[0] == parse_cards("9h")[0]
    assert two.outcome is Outcome.NO_GAME and two.net == 10  # box 2 keeps the original dealer hand
    assert result.findings == ()


def test_six_qualify_bought_game_still_no_game_returns_ante_and_bet_unpaid():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [2h 2d 2c 5s 3d]; plays 20",
                         "Dealer: [Kh 9c Td 4s Qs]", "Box 1 buys dealer game: Kh for 7h", "Result: box 1 -10"))
    assert result.boxes[0].outcome is Outcome.NO_GAME_AFTER_BUY and result.boxes[0].net == -10
    assert result.findings == ()


def test_six_qualify_buying_a_qualified_dealers_game_is_a_finding():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [2h 2d 2c 5s 3d]; plays 20",
                         "Dealer: [Kh Kc Td 4s Qs]", "Box 1 buys dealer game: Td for 7h"))
    assert "SIX-QUALIFY" in rules_broken(result)


def test_six_draw_costs_one_ante_to_buy_two_to_exchange_never_returned():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 9h; exchanges 2d for 3c; folds",
                         "Dealer: [8h 8c 4d 3s Qs]", "Result: box 1 -40"))
    assert result.boxes[0].net == -40 and result.boxes[0].wagered == 40 and result.findings == ()


def test_six_draw_box_three_of_three_cannot_buy_exchange_or_fold():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; plays 20",
                         "Box 2: ante 10 [Kc 8d 6h 4s 3c]; plays 20",
                         "Box 3: ante 10 [Jc Jd 6c 9s Tc]; buys 2c; folds",
                         "Dealer: [8h 8c 4d 3s Qs]"))
    assert rules_broken(result).count("SIX-DRAW") == 2


def test_six_draw_exchanging_a_card_not_held_is_a_finding():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; exchanges 3c for Kd; plays 20",
                         "Dealer: [8h 8c 4d 3s Qs]"))
    assert rules_broken(result) == ["SIX-DRAW"]


def test_six_deck_a_card_twice_is_a_finding_naming_it():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 8h; plays 20",
                         "Dealer: [8h 8c 4d 3s Qs]"))
    (finding,) = [f for f in result.findings if f.rule_id == "SIX-DECK"]
    assert finding.actual == "8h" and finding.line == 8


@pytest.mark.parametrize("line, count", [
    ("Box 1: ante 500 [Ah Ad 7c 5s 2d]; plays 1000", 1),
    ("Box 2: ante 10 [Ah Ad 7c 5s 2d]; plays 20", 1),
])
def test_six_boxes_ante_range_and_numbering(line, count):
    result = replay(hand("Dealer up: Qs", line, "Dealer: [8h 8c 4d 3s Qs]"))
    assert rules_broken(result).count("SIX-BOXES") == count


def test_six_boxes_up_card_must_be_the_dealers_last():
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; plays 20", "Dealer: [8h 8c 4d Qs 3s]"))
    assert "SIX-BOXES" in rules_broken(result)


# ---------------------------------------------------------------- house rules (a session's Rules: line)


def test_six_pay_house_table_flush_pays_six():
    # ante 10, bet 20, a flush against a pair of kings: 10 + 20 x 6 = 130 (110 on the usual table)
    lines = ("Dealer up: 3h", "Box 1: ante 10 [As Js 8s 5s 2s]; plays 20", "Dealer: [Kh Kd 5c 4s 3h]")
    house = replay(hand(*lines, "Result: box 1 +130", rules="pay flush 6"))
    usual = replay(hand(*lines, "Result: box 1 +130"))
    assert house.boxes[0].net == 130 and house.findings == ()
    assert usual.boxes[0].net == 110 and rules_broken(usual) == ["SIX-PAY"]


def test_six_qualify_ace_king_dealer_has_a_game_with_ace_king_high():
    # The dealer's A-K high: no game under the usual rule (+10), a game under ace-king that the box's
    # pair of twos beats (ante 10 + bet 20 x 1 = +30).
    lines = ("Dealer up: Qs", "Box 1: ante 10 [2h 2d 7c 5s 3d]; plays 20", "Dealer: [Ah Kc 9d 4s Qs]")
    house = replay(hand(*lines, rules="dealer qualifies ace-king"))
    usual = replay(hand(*lines))
    assert (house.boxes[0].outcome, house.boxes[0].net) == (Outcome.WIN, 30)
    assert (usual.boxes[0].outcome, usual.boxes[0].net) == (Outcome.NO_GAME, 10)


def test_six_draw_house_costs_buy_two_exchange_three():
    # ante 10, buys (2 antes) and exchanges (3 antes), folds: -10 - 20 - 30 = -60
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 9h; exchanges 2d for 3c; folds",
                         "Dealer: [8h 8c 4d 3s Qs]", "Result: box 1 -60", rules="buy 2, exchange 3"))
    assert result.boxes[0].net == -60 and result.findings == ()


def test_six_qualify_house_dealer_game_costs_two_antes():
    # trips beat the dealer's new pair of nines: +10 + 20 x 3 = +70, less 2 antes for his game = +50
    result = replay(hand("Dealer up: Qs", "Box 1: ante 10 [2h 2d 2c 5s 3d]; plays 20", "Dealer: [Kh 9c Td 4s Qs]",
                         "Box 1 buys dealer game: Kh for 9h", "Result: box 1 +50", rules="dealer game 2"))
    assert result.boxes[0].net == 50 and result.findings == ()


def test_six_bet_another_amount_is_a_warning_settled_on_the_amount_bet():
    # The seed's own example: ante 20, bet 30; quads win 20 + 30 x 20 = 620.
    result = replay(hand("Dealer up: 3h", "Box 1: ante 20 [9s 9h 9d 9c 2s]; plays 30", "Dealer: [Kh Kd 5c 4s 3h]",
                         "Result: box 1 +620"))
    (finding,) = result.findings
    assert (finding.rule_id, finding.severity.value, finding.expected, finding.actual) == (
        "SIX-BET", "warning", "40", "30")
    assert result.boxes[0].net == 620


def test_six_bet_house_multiple_is_no_warning():
    result = replay(hand("Dealer up: 3h", "Box 1: ante 20 [9s 9h 9d 9c 2s]; plays 60", "Dealer: [Kh Kd 5c 4s 3h]",
                         "Result: box 1 +1220", rules="bet 3 antes"))
    assert result.findings == () and result.boxes[0].net == 20 + 60 * 20


def test_six_rules_an_unknown_setting_is_a_parse_error_naming_the_known_ones():
    with pytest.raises(ParseError, match="'pay flsh 6': pay takes a category .*Did you mean 'pay flush 6'"):
        hand("Dealer up: 3h", "Box 1: ante 20 [9s 9h 9d 9c 2s]; plays 40", "Dealer: [Kh Kd 5c 4s 3h]",
             rules="pay flsh 6")


def test_six_rules_default_is_the_usual_table():
    rules = SixcardRules.parse("default")
    assert rules.pay_table[HandCategory.FULL_HOUSE] == 7 and rules.bet_antes == 2 and rules.buy_cost == 1


# The dealer K Q T 9 4 has no game. Replacing his 4 by the 9h gives him nines, which box 1's trips
# beat: ante 10 + bet 20 x 3 = 70, less 10 for his game: +60. Replacing his king by the 9h: the same.
REPLACES_LOW = ("Dealer up: Qs", "Box 1: ante 10 [2h 2d 2c 5s 3d]; plays 20", "Dealer: [Kh 9c Td 4s Qs]",
                "Box 1 buys dealer game: 4s for 9h", "Result: box 1 +60")
REPLACES_HIGH = ("Dealer up: Qs", "Box 1: ante 10 [2h 2d 2c 5s 3d]; plays 20", "Dealer: [Kh 9c Td 4s Qs]",
                 "Box 1 buys dealer game: Kh for 9h", "Result: box 1 +60")


def test_six_qualify_by_default_any_dealer_card_is_replaced_the_log_naming_it():
    for lines in (REPLACES_LOW, REPLACES_HIGH):
        result = replay(hand(*lines))
        assert result.findings == ()
        assert result.boxes[0].outcome is Outcome.WIN and result.boxes[0].net == 60
    assert SixcardRules().replaces is None


def test_six_qualify_a_house_that_replaces_the_highest_card_makes_another_card_a_finding():
    result = replay(hand(*REPLACES_LOW, rules="dealer game replaces highest"))
    (finding,) = result.findings
    assert (finding.rule_id, finding.expected, finding.actual, finding.line) == ("SIX-QUALIFY", "Kh", "4s", 11)
    assert "highest" in finding.message
    assert result.boxes[0].outcome is Outcome.WIN and result.boxes[0].net == 60  # settled on the card replaced
    assert replay(hand(*REPLACES_HIGH, rules="dealer game replaces highest")).findings == ()


def test_six_qualify_dealer_game_replaces_lowest_is_a_house_rule():
    assert replay(hand(*REPLACES_LOW, rules="dealer game replaces lowest")).findings == ()
    (finding,) = replay(hand(*REPLACES_HIGH, rules="dealer game replaces lowest")).findings
    assert (finding.rule_id, finding.expected, finding.actual) == ("SIX-QUALIFY", "4s", "Kh")
    assert "lowest" in finding.message


def test_six_pay_ace_king_high_beating_an_ace_king_dealer_is_paid_by_the_ace_king_line():
    # Both hold ace-king; the box's queen beats the dealer's jack: ante 10 + bet 20 x 1 = +30,
    # and 10 + 20 x 3 = +70 under 'pay ace-king 3'. A tie of the same ranks returns both (0).
    lines = ("Dealer up: 4s", "Box 1: ante 10 [As Kd Qc 7s 3d]; plays 20", "Dealer: [Ah Kc Jd 9c 4s]")
    usual = replay(hand(*lines, "Result: box 1 +30", rules="dealer qualifies ace-king"))
    assert (usual.boxes[0].outcome, usual.boxes[0].net, usual.findings) == (Outcome.WIN, 30, ())
    house = replay(hand(*lines, rules="dealer qualifies ace-king, pay ace-king 3"))
    assert house.boxes[0].net == 70
    tie = replay(hand("Dealer up: 4s", "Box 1: ante 10 [As Kd Jc 9s 4d]; plays 20", "Dealer: [Ah Kc Jd 9c 4s]",
                      rules="dealer qualifies ace-king"))
    assert (tie.boxes[0].outcome, tie.boxes[0].net) == (Outcome.TIE, 0)


def test_a_box_that_cannot_be_settled_is_void_and_its_net_is_returned_less_wagered():
    # Exchanging the 3c, which the box does not hold (SIX-DRAW), leaves cards that settle nothing:
    # ante 10 and bet 20 come back (30), the exchange's 2 antes (20) do not: wagered 50, net -20.
    void = replay(hand("Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; exchanges 3c for Kd; plays 20",
                       "Dealer: [8h 8c 4d 3s Qs]")).boxes[0]
    assert (void.wagered, void.returned, void.net) == (50, 30, -20)
    # With the casino's Result line, its -50 stands in: nothing came back.
    claimed = replay(hand("Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; exchanges 3c for Kd; plays 20",
                          "Dealer: [8h 8c 4d 3s Qs]", "Result: box 1 -50")).boxes[0]
    assert (claimed.wagered, claimed.returned, claimed.net) == (50, 0, -50)


# ---------------------------------------------------------------- the order of the draws (SIX-DRAW)
# A log that writes the draws in another order than the game plays them breaks a rule: a finding at
# the first line out of order, and the game is stored. The cards and the costs are the same whatever
# the order, so every box nets what it nets written in turn.

IN_TURN = ("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 8s 4h 2c]; plays 10",
           "Box 2: ante 5 [Qh Jh 9h 3h 7c]; buys 2h; plays 10", "Dealer: [Jd 8c 6s 3c 9d]",
           "Box 1 buys dealer game: Jd for 8d", "Result: box 1 +10, box 2 0")
"""docs/formats.md's example: box 1's kings beat the dealer's eights once his J♦ is replaced by the 8♦:
+5 + 10 - 5 for his game = +10; box 2 takes the ante of a dealer with no game, less its card: 0."""


def order_findings(result):
    return [(f.rule_id, f.line) for f in result.findings]


def test_six_draw_an_exchange_written_before_the_buy_is_a_finding_and_nets_as_in_turn():
    # docs/casebook.md S.21: buys Ks, exchanges 2c for Kh: four kings, 5 + 10 x 20 - 5 - 10 = +190.
    in_turn = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; exchanges 2c for Kh; plays 10",
                          "Dealer: [8d 8c 6s 3c 9d]", "Result: box 1 +190"))
    swapped = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; exchanges 2c for Kh; buys Ks; plays 10",
                          "Dealer: [8d 8c 6s 3c 9d]", "Result: box 1 +190"))
    assert in_turn.findings == ()
    (finding,) = swapped.findings
    assert (finding.rule_id, finding.line) == ("SIX-DRAW", 8)
    assert "'buys Ks' is written after 'exchanges 2c for Kh'" in finding.message
    assert swapped.boxes[0].net == in_turn.boxes[0].net == 190
    assert swapped.boxes[0].category is HandCategory.FOUR_OF_A_KIND and swapped.boxes[0].costs == 15


def test_six_draw_out_of_order_still_checks_the_casinos_result():
    # The same swapped box, paid +195 (the card's 5 returned): the order and the result are two findings.
    result = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; exchanges 2c for Kh; buys Ks; plays 10",
                         "Dealer: [8d 8c 6s 3c 9d]", "Result: box 1 +195"))
    assert order_findings(result) == [("SIX-DRAW", 8), ("SIX-PAY", 10)]
    assert result.findings[1].expected == "+190" and result.players[0].net == 190


def test_six_draw_a_buy_written_after_the_decision_is_a_finding():
    # docs/casebook.md S.6: the bought 2h makes a heart flush against eights: 5 + 10 x 5 - 5 = +50.
    result = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Qh Jh 9h 3h 7c]; plays 10; buys 2h",
                         "Dealer: [8d 8c 6s 3c 9d]", "Result: box 1 +50"))
    (finding,) = result.findings
    assert (finding.rule_id, finding.line) == ("SIX-DRAW", 8)
    assert "'buys 2h' is written after 'plays 10'" in finding.message
    assert result.boxes[0].net == 50 and result.boxes[0].box.bet == 10


def test_six_draw_a_box_written_after_the_dealers_cards_is_a_finding_at_its_line():
    dealer_first = IN_TURN[:2] + IN_TURN[3:5] + IN_TURN[2:3] + IN_TURN[5:]
    result = replay(hand(*dealer_first))
    (finding,) = result.findings
    # lines: 6 Hand 1, 7 up, 8 box 1, 9 Dealer, 10 the dealer's game, 11 box 2
    assert (finding.rule_id, finding.line) == ("SIX-DRAW", 11)
    assert "box 2 is written after the dealer's cards (line 9)" in finding.message
    assert [b.net for b in result.boxes] == [b.net for b in replay(hand(*IN_TURN)).boxes] == [10, 0]


def test_six_draw_the_first_of_several_late_boxes_is_cited_once():
    result = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 8s 4h 2c]; plays 10", "Dealer: [Jd 8c 6s 3c 9d]",
                         "Box 2: ante 5 [Qh Jh 9h 3h 7c]; buys 2h; plays 10",
                         "Box 3: ante 5 [Ac Ad 5s 4d 2s]; plays 10",
                         "Result: box 1 +5, box 2 0, box 3 +5"))
    assert order_findings(result) == [("SIX-DRAW", 10)]
    assert [b.net for b in result.boxes] == [5, 0, 5]


def test_six_draw_boxes_out_of_turn_are_a_draw_finding_not_a_numbering_one():
    # Box 2 written before box 1: the boxes are numbered 1 and 2 (SIX-BOXES holds); the turn is wrong.
    swapped = IN_TURN[:1] + IN_TURN[2:3] + IN_TURN[1:2] + IN_TURN[3:]
    result = replay(hand(*swapped))
    (finding,) = result.findings
    assert (finding.rule_id, finding.line) == ("SIX-DRAW", 9)
    assert "box 1 is written after box 2" in finding.message
    assert [(b.box.number, b.net) for b in result.boxes] == [(1, 10), (2, 0)]


def test_six_qualify_the_dealers_game_bought_before_his_cards_is_a_finding():
    early = IN_TURN[:3] + IN_TURN[4:5] + IN_TURN[3:4] + IN_TURN[5:]
    result = replay(hand(*early))
    (finding,) = result.findings
    assert (finding.rule_id, finding.line) == ("SIX-QUALIFY", 10)
    assert "before the dealer's cards are written (line 11)" in finding.message
    assert [b.net for b in result.boxes] == [10, 0]


def test_six_boxes_a_hand_without_a_box_is_a_finding():
    result = replay(hand("Dealer up: 9d", "Dealer: [Jd 8c 6s 3c 9d]"))
    (finding,) = result.findings
    assert (finding.rule_id, finding.actual) == ("SIX-BOXES", "none") and result.boxes == ()


def test_six_draw_a_box_written_after_box_two_and_the_dealer_is_cited_once():
    # Box 1 stands after the dealer's cards, and so after box 2: one line out of place, one finding.
    late_one = IN_TURN[:1] + IN_TURN[2:5] + IN_TURN[1:2] + IN_TURN[5:]
    result = replay(hand(*late_one))
    assert order_findings(result) == [("SIX-DRAW", 11)]
    assert "box 1 is written after the dealer's cards (line 9)" in result.findings[0].message
    assert [b.net for b in result.boxes] == [10, 0]


# ---------------------------------------------------------------- boxes that break a rule, as stored
# A rule broken is a finding, and the box is settled on what the log records; what buying,
# exchanging and the dealer's game cost is paid all the same. Each box as its sixcard_boxes row.

def box_rows(*lines):
    from pipeline.facts.sixcard import add_rows, replay_session
    from pipeline.tables import TableRows

    record = hand(*lines)
    result = replay_session(record)
    rows = TableRows()
    add_rows(rows, record, result)
    return rules_broken(result), rows.to_arrow()[("sixcard_boxes", "sixcard")].to_pylist()


def test_the_third_of_three_boxes_that_folds_is_stored_as_the_fold_the_log_shows():
    # docs/casebook.md S.14: the kings beat the dealer's eights (+5 + 10), the queen high loses
    # ante and bet (-15), the third box's fold loses its ante (-5). It had no option but to play,
    # so the fold is not valued against that one option: no EV figures, and option_taken 'fold'.
    broken, rows = box_rows("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; plays 10",
                            "Box 2: ante 5 [Qh Jh Th 3h 7c]; plays 10", "Box 3: ante 5 [5s 5h Ad Js 2d]; folds",
                            "Dealer: [8d 8c 6s 3c 9d]", "Result: box 1 +15, box 2 -15, box 3 -5")
    assert broken == ["SIX-DRAW"]
    assert [(r["outcome"], r["option_taken"], r["net"]) for r in rows] == [
        ("win", "play", 15), ("lose", "play", -15), ("fold", "fold", -5)]
    third = rows[2]
    assert (third["folded"], third["bet"], third["wagered"], third["returned"]) == (True, 0, 5, 0)
    assert (third["ev_best"], third["ev_taken"], third["ev_lost"], third["best_option"]) == (None,) * 4
    assert rows[0]["ev_best"] is not None


def test_a_box_that_buys_the_game_of_a_dealer_who_has_one_is_settled_with_the_card_replaced():
    # docs/casebook.md S.19: the dealer's eights keep their pair with his 9d replaced by the 2d;
    # the kings win +5 + 10, less the 5 the buy cost: +10.
    broken, (row,) = box_rows("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; plays 10",
                              "Dealer: [8d 8c 6s 3c 9d]", "Box 1 buys dealer game: 9d for 2d", "Result: box 1 +10")
    assert broken == ["SIX-QUALIFY"]
    assert (row["outcome"], row["dealer_cards"], row["costs"], row["wagered"], row["returned"], row["net"]) == (
        "win", "8d 8c 6s 3c 2d", 5, 20, 30, 10)


def test_a_folded_box_that_buys_the_dealers_game_stays_folded_and_pays_for_the_game():
    # docs/casebook.md S.25: box 1's kings take the ante of a dealer with no game (+5); box 2
    # folded (-5) and paid 5 for his game all the same: -10. Its row shows the hand the log gave
    # the dealer for it, his Jd replaced by the 8d.
    broken, rows = box_rows("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; plays 10",
                            "Box 2: ante 5 [Qh 5h 4s 3h 2d]; folds", "Dealer: [Jd 8c 6s 3c 9d]",
                            "Box 2 buys dealer game: Jd for 8d", "Result: box 1 +5, box 2 -10")
    assert broken == ["SIX-QUALIFY"]
    folded = rows[1]
    assert (folded["outcome"], folded["option_taken"], folded["bought_dealer_game"], folded["dealer_cards"]) == (
        "fold", "fold", True, "8d 8c 6s 3c 9d")
    assert (folded["costs"], folded["wagered"], folded["returned"], folded["net"]) == (5, 10, 0, -10)
    assert rows[0]["net"] == 5 and rows[0]["dealer_cards"] == "Jd 8c 6s 3c 9d"


def test_an_exchange_of_a_card_not_held_voids_the_box_but_not_its_cost():
    # docs/casebook.md S.22: the box cannot say which cards it played, so it is void: ante 5 and bet
    # 10 come back (15), the exchange's 2 antes (10) do not: -10. The row keeps what the log did.
    broken, (row,) = box_rows("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; exchanges 3s for Ks; plays 10",
                              "Dealer: [8d 8c 6s 3c 9d]")
    assert broken == ["SIX-DRAW"]
    assert (row["outcome"], row["option_taken"], row["costs"], row["wagered"], row["returned"], row["net"]) == (
        None, "exchange 3s", 10, 25, 15, -10)
    assert row["ev_best"] is None


# ---------------------------------------------------------------- a second buy or exchange (SIX-DRAW)
# A box buys at most one card and exchanges at most one. A later buy or exchange is a finding at the
# box's line and the game is stored: the first of each stands, a later one's card does not play, and
# what it cost is paid all the same, as every draw's cost is. The hand's other boxes settle as usual.

def test_six_draw_a_second_buy_is_a_finding_its_card_dead_its_cost_paid():
    # docs/casebook.md S.37. Box 1 buys the Ks (three kings), then the Kh, which would make four. The
    # first stands: three kings beat the dealer's eights, ante +5, bet 10 x 3 = +30, less two buys of
    # 5: +25 (wagered 5 + 10 + 10 = 25, returned 5 + 5 + 10 + 30 = 50). Box 2's queen high loses: -15.
    result = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; buys Kh; plays 10",
                         "Box 2: ante 5 [Qh Jh Th 3h 7c]; plays 10", "Dealer: [8d 8c 6s 3c 9d]",
                         "Result: box 1 +25, box 2 -15"))
    (finding,) = result.findings
    assert (finding.rule_id, finding.line, finding.expected, finding.actual) == (
        "SIX-DRAW", 8, "at most one buy", "buys Ks; buys Kh")
    assert "'buys Kh' is a buy beyond the one a box may make" in finding.message
    one, two = result.boxes
    assert one.final_cards == parse_cards("Kc Kd 7s 4h 2c Ks")
    assert (one.category, one.outcome) == (HandCategory.THREE_OF_A_KIND, Outcome.WIN)
    assert (one.costs, one.wagered, one.returned, one.net) == (10, 25, 50, 25)
    assert (two.outcome, two.wagered, two.returned, two.net) == (Outcome.LOSE, 15, 0, -15)
    assert result.players[0].net == 10


def test_six_draw_a_second_exchange_is_a_finding_its_card_dead_its_cost_paid():
    # docs/casebook.md S.38. Box 1 exchanges the 2c for the Ks (three kings), then the 4h for the Kh.
    # The first stands: three kings win +5 + 30, less two exchanges of 10: +15 (wagered 5 + 10 + 20 =
    # 35, returned 50). Box 2's aces beat the eights at ante 10, bet 20: +10 + 20 = +30.
    result = replay(hand("Dealer up: 9d",
                         "Box 1: ante 5 [Kc Kd 7s 4h 2c]; exchanges 2c for Ks; exchanges 4h for Kh; plays 10",
                         "Box 2: ante 10 [Ac Ad 5s 4d 2s]; plays 20", "Dealer: [8d 8c 6s 3c 9d]",
                         "Result: box 1 +15, box 2 +30"))
    (finding,) = result.findings
    assert (finding.rule_id, finding.line, finding.expected, finding.actual) == (
        "SIX-DRAW", 8, "at most one exchange", "exchanges 2c for Ks; exchanges 4h for Kh")
    assert "'exchanges 4h for Kh' is an exchange beyond the one a box may make" in finding.message
    one, two = result.boxes
    assert one.final_cards == parse_cards("Kc Kd 7s 4h Ks")
    assert (one.category, one.costs, one.wagered, one.returned, one.net) == (
        HandCategory.THREE_OF_A_KIND, 20, 35, 50, 15)
    assert (two.outcome, two.wagered, two.returned, two.net) == (Outcome.WIN, 30, 60, 30)
    assert result.players[0].net == 45


def test_six_draw_a_casino_that_played_the_second_card_is_cited_by_its_result():
    # S.37's box paid as four kings (+5 + 200 - 10 = +195): the second buy and the result, two findings.
    result = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; buys Kh; plays 10",
                         "Dealer: [8d 8c 6s 3c 9d]", "Result: box 1 +195"))
    assert order_findings(result) == [("SIX-DRAW", 8), ("SIX-PAY", 10)]
    assert result.findings[1].expected == "+25" and result.boxes[0].net == 25


def test_six_draw_a_second_buy_after_the_exchange_is_cited_once_as_a_second_buy():
    # S.21's box (buys Ks, exchanges 2c for Kh: four kings, +190) buying the 9h at the end: not also
    # out of turn. Its 5 is paid: +185.
    result = replay(hand("Dealer up: 9d",
                         "Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; exchanges 2c for Kh; buys 9h; plays 10",
                         "Dealer: [8d 8c 6s 3c 9d]"))
    assert order_findings(result) == [("SIX-DRAW", 8)]
    assert "'buys 9h' is a buy beyond the one a box may make" in result.findings[0].message
    assert (result.boxes[0].category, result.boxes[0].costs, result.boxes[0].net) == (
        HandCategory.FOUR_OF_A_KIND, 20, 185)


def test_six_draw_a_third_buy_is_a_second_finding_and_a_third_cost():
    # S.37's box buying the 9h as well: two buys too many, two findings; three kings +35 less 15: +20.
    result = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; buys Kh; buys 9h; plays 10",
                         "Dealer: [8d 8c 6s 3c 9d]"))
    assert [(f.rule_id, f.line, f.actual) for f in result.findings] == [
        ("SIX-DRAW", 8, "buys Ks; buys Kh"), ("SIX-DRAW", 8, "buys Ks; buys 9h")]
    assert (result.boxes[0].category, result.boxes[0].costs, result.boxes[0].net) == (
        HandCategory.THREE_OF_A_KIND, 15, 20)


def test_six_deck_a_second_buy_of_a_card_already_dealt_is_also_a_deck_finding():
    # The dead card still left the deck: the Kc is box 1's own. Three kings as in S.37: +25.
    result = replay(hand("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; buys Kc; plays 10",
                         "Dealer: [8d 8c 6s 3c 9d]"))
    assert rules_broken(result) == ["SIX-DECK", "SIX-DRAW"]
    assert result.boxes[0].net == 25 and result.boxes[0].valid


def test_a_box_that_draws_twice_is_stored_as_the_log_records_it_without_ev_figures():
    # S.37 as stored: the first buy is the bought card, the costs hold both; a line the rules do not
    # offer has no EV figures, and box 2, a box like any other, keeps its own.
    broken, rows = box_rows("Dealer up: 9d", "Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; buys Kh; plays 10",
                            "Box 2: ante 5 [Qh Jh Th 3h 7c]; plays 10", "Dealer: [8d 8c 6s 3c 9d]",
                            "Result: box 1 +25, box 2 -15")
    assert broken == ["SIX-DRAW"]
    one, two = rows
    assert (one["bought_card"], one["cards"], one["category"], one["option_taken"]) == (
        "Ks", "Kc Kd 7s 4h 2c Ks", "three of a kind", "buy")
    assert (one["costs"], one["wagered"], one["returned"], one["net"], one["net_written"]) == (10, 25, 50, 25, 25)
    assert (one["ev_best"], one["ev_taken"], one["ev_lost"], one["best_option"]) == (None,) * 4
    assert (two["net"], two["ev_best"] is not None) == (-15, True)


@pytest.mark.parametrize(("box", "count", "draws"), [(1, 1, True), (2, 2, True), (1, 3, True), (2, 3, True),
                                                     (3, 3, False)])
def test_six_draw_only_the_third_of_three_boxes_plays_as_dealt(box, count, draws):
    assert may_draw(box, count) is draws


@pytest.mark.parametrize(("dealer", "qualifier", "has_game"), [
    ("2c 2d 5h 4s 3c", "pair", True),        # the lowest pair
    ("Ah Kd Qc Js 9h", "pair", False),       # the highest high card
    ("As Kd 4c 3h 2s", "ace-king", True),    # the lowest ace-king high
    ("Ah Qd Jc Ts 8h", "ace-king", False),   # the highest high card without a king
    ("2c 2d 5h 4s 3c", "ace-king", True),    # a pair has a game under either qualifier
])
def test_six_qualify_one_threshold_decides_the_dealers_game(dealer, qualifier, has_game):
    rules = SixcardRules.parse(f"dealer qualifies {qualifier}")
    value = evaluate(parse_cards(dealer))
    assert (value.strength >= qualifying_strength(rules)) is has_game
    assert dealer_qualifies(value, rules) is has_game
