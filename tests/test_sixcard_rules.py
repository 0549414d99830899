"""Six-card poker rules (RULES.md §6): each SIX rule against hand-worked hands."""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.sixcard import parse
from rules.cards import parse_cards
from rules.evaluator import HandCategory
from rules.records import Source
from rules.rulebook import RULES
from rules.sixcard import Outcome, pay_out, replay, settle_box

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


def hand(*lines):
    return session(HEADER + ["Hand 1", *lines])


def rules_broken(result):
    return [f.rule_id for f in result.findings]


def test_rulebook_has_every_six_rule():
    assert {"SIX-BOXES", "SIX-DRAW", "SIX-QUALIFY", "SIX-PAY", "SIX-DECK"} <= RULES.keys()


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
    assert result.boxes[0].net == 3020 and result.findings == ()


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
