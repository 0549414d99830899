"""Chinese poker rules (RULES.md section 4): one test per rule ID, the seed's and FORMATS.md's examples."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from parsers.chinese import parse_chinese
from rules.cards import parse_cards
from rules.chinese import (
    ChineseRules,
    NaturalKind,
    Row,
    RoyaltyTable,
    Scoring,
    Seated,
    Status,
    arrange,
    pair_outcome,
    replay_chinese,
    royalty,
    settle_pair,
)
from rules.evaluator import evaluate
from rules.records import Source
from rules.rulebook import RULES

A_ROWS = "back [Kh Kd Kc 4s 4d] middle [Qs Qh 9c 7d 2c] front [6s 6h 3c]"
B_ROWS = "back [Ah Jh 8h 5h 2h] middle [Tc Td 9s 9h 5d] front [3s 3d Ad]"


def hand(*lines: str, first_line: int = 1):
    lines = ("Chinese poker hand T-1",) + lines
    record = parse_chinese(lines, Source(file="t.txt", first_line=first_line, last_line=first_line + len(lines) - 1,
                                         game_id="t"))
    return record, replay_chinese(record)


def nets(replay) -> dict[str, Decimal]:
    return {p.player: p.net for p in replay.players}


def rules_of(findings) -> list[str]:
    return [f.rule_id for f in findings]


def seated(rows: str, player: str = "A", rules: ChineseRules | None = None) -> Seated:
    rules = rules or ChineseRules()
    back, middle, front = (part.split("]")[0] for part in rows.split("[")[1:])
    set_hand = arrange(back, middle, front)
    return Seated(player=player, status=Status.SET, hand=set_hand, royalties=set_hand.royalties(rules))


# ---------------------------------------------------------------- CP-SCORE


def test_cp_score_seed_example_two_four_gives_a_plus_two():
    _, replay = hand("Scoring: 2-4", "Players: A, B", f"A: {A_ROWS}", f"B: {B_ROWS}")
    assert nets(replay) == {"A": 2, "B": -2}
    assert replay.findings == ()


def test_cp_score_seed_example_one_six_gives_a_plus_one():
    _, replay = hand("Scoring: 1-6", "Players: A, B", f"A: {A_ROWS}", f"B: {B_ROWS}")
    assert nets(replay) == {"A": 1, "B": -1}
    score = next(s for s in replay.scores if s.player == "A")
    assert (score.rows_won, score.rows_lost, score.is_scoop) == (2, 1, False)


@pytest.mark.parametrize(("scoring", "won", "lost", "points"), [
    (Scoring.TWO_FOUR, 3, 0, 4), (Scoring.TWO_FOUR, 2, 1, 2), (Scoring.TWO_FOUR, 1, 2, -2),
    (Scoring.TWO_FOUR, 0, 3, -4), (Scoring.TWO_FOUR, 1, 0, 1), (Scoring.TWO_FOUR, 2, 0, 3), (Scoring.TWO_FOUR, 0, 1, -1), (Scoring.TWO_FOUR, 1, 1, 0),
    (Scoring.TWO_FOUR, 0, 0, 0), (Scoring.ONE_SIX, 3, 0, 6), (Scoring.ONE_SIX, 2, 1, 1),
    (Scoring.ONE_SIX, 0, 3, -6), (Scoring.ONE_SIX, 2, 0, 2), (Scoring.ONE_SIX, 1, 1, 0),
])
def test_cp_score_rows_points_by_scoring(scoring, won, lost, points):
    assert scoring.rows_points(won, lost) == points


def test_cp_score_one_six_scoop_bonus_is_decided_by_the_scoop_rule(monkeypatch):
    # 1-6: three rows won is 3 and the scoop's 3 more; three lost, -3 - 3. Whether it is a scoop is
    # asked of scoops(), the one rule the scores' is_scoop follows too
    import rules.chinese

    asked = []
    rule = rules.chinese.scoops
    monkeypatch.setattr(rules.chinese, "scoops", lambda rows_won: asked.append(rows_won) or rule(rows_won))
    assert Scoring.ONE_SIX.rows_points(3, 0) == 6
    assert Scoring.ONE_SIX.rows_points(0, 3) == -6
    assert asked == [3, 0, 3]


# One row won, two tied: A wins the front only (sevens against fives).
ONE_WON_TWO_TIED = ("A: back [Ah Ad Kh Kd 9s] middle [8s 8d 4c 3c 2d] front [7s 7d 5c]",
                    "B: back [As Ac Ks Kc 9h] middle [8h 8c 4d 3d 2h] front [5s 5d 4h]")


def test_cp_score_two_four_bonus_goes_to_two_or_three_rows_won():
    # The seed pays the extra point to a player who won two or three rows: 1-0 with two ties is +1.
    _, replay = hand("Scoring: 2-4", "Players: A, B", *ONE_WON_TWO_TIED)
    assert replay.findings == ()
    assert nets(replay) == {"A": 1, "B": -1}


def test_cp_score_two_four_bonus_more_rows_is_a_setting():
    _, replay = hand("Scoring: 2-4", "Rules: bonus more-rows", "Players: A, B", *ONE_WON_TWO_TIED)
    assert nets(replay) == {"A": 2, "B": -2}


def test_cp_score_two_four_two_won_one_tied_is_three():
    # A wins back and front, the middle ties: 2 rows + the bonus.
    _, replay = hand("Scoring: 2-4", "Players: A, B",
                     "A: back [Ah Ad Ac Kd 9s] middle [8s 8d 4c 3c 2d] front [7s 7d 5c]",
                     "B: back [As Ks Kc Kh 9h] middle [8h 8c 4d 3d 2h] front [5s 5d 4h]")
    assert nets(replay) == {"A": 3, "B": -3}


def test_cp_score_a_tied_row_scores_nothing():
    # Same ranks, other suits, in back: a tie; A wins middle and front.
    a = seated("back [Ah Ad Kh Kd 9s] middle [8s 8d 4c 3c 2d] front [7s 7d 5c]")
    b = seated("back [As Ac Ks Kc 9h] middle [6s 6d 4d 3d 2h] front [5s 5d 4h]", player="B")
    score = settle_pair(a, b, Scoring.ONE_SIX, ChineseRules())
    assert (score.rows_won, score.rows_lost, score.points) == (2, 0, 2)


def test_cp_score_three_players_everyone_against_everyone():
    # The seed's third player: straight / aces up / king high loses 2 to each under 2-4.
    _, replay = hand("Scoring: 2-4", "Players: A, B, C", f"A: {A_ROWS}", f"B: {B_ROWS}",
                     "C: back [8c 7c 6d 5s 4h] middle [Ac As 2s 2d Js] front [Ks Jc 4c]")
    assert nets(replay) == {"A": 4, "B": 0, "C": -4}


def test_cp_score_wrong_points_claim_is_one_finding_at_its_line():
    # A wins back and front, B the middle: +2 under 2-4. The table wrote the pair's score as +4 (a
    # scoop), from both sides: one fault, so one finding naming both entries.
    _, replay = hand("Scoring: 2-4", "Players: A, B", f"A: {A_ROWS}", f"B: {B_ROWS}", "Points: A +4, B -4",
                     first_line=20)
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in replay.findings] == [
        ("CP-SCORE", 25, "A +2, B -2", "A +4, B -4")]
    assert nets(replay) == {"A": 2, "B": -2}  # the truth, not the claim


def test_cp_score_one_pair_settled_wrong_among_three_is_one_finding_naming_its_two_entries():
    # The seed's three players settle A +4, B 0, C -4 (A takes 2 from each, B and C are even).
    # The table gave B a point from C: the entries of B and C are wrong, A's is right.
    _, replay = hand("Scoring: 2-4", "Players: A, B, C", f"A: {A_ROWS}", f"B: {B_ROWS}",
                     "C: back [8c 7c 6d 5s 4h] middle [Ac As 2s 2d Js] front [Ks Jc 4c]", "Points: A +4, B +1, C -5")
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in replay.findings] == [
        ("CP-SCORE", 7, "B 0, C -4", "B +1, C -5")]


def test_formats_example_vera_surrenders_scores_as_written():
    _, replay = hand("Date: 2026-11-28 22:10", "Club: Tverskaya", "Scoring: 2-4", "Players: Anna, Boris, Vera",
                     "Dealer: Vera", "Anna: back [Kh Kd Kc 4s 4d] middle [Qs Qh 9c 7d 2c] front [6s 6h 3c]",
                     "Boris: back [Ah Jh 8h 5h 2h] middle [Tc Td 9s 9h 3d] front [5s 5c Ad]", "Vera: surrenders",
                     "Royalties: Anna 0, Boris 0", "Points: Anna +4, Boris 0, Vera -4")
    assert replay.findings == ()
    assert nets(replay) == {"Anna": 4, "Boris": 0, "Vera": -4}


# ---------------------------------------------------------------- CP-FOUL


def test_cp_foul_front_above_middle_fouls_and_loses_every_row():
    _, replay = hand("Scoring: 1-6", "Players: A, B",
                     "A: back [As Ad Kc Kd 2s] middle [Qs Qd 7d 8h Ts] front [Kh Ks 7c]",  # KK front over QQ
                     "B: back [2c 3c 4h 6s 9h] middle [2d 3d 4s 6c 8d] front [2h 3h 5c]")
    a_rows = [r for r in replay.rows if r.player == "A"]
    assert all(r.is_foul for r in a_rows)
    assert nets(replay) == {"A": -6, "B": 6}


def test_cp_foul_middle_above_back_fouls():
    assert arrange("As Kd 9c 7h 2s", "Qs Qd 3c 4d 5s", "2c 3d 4h").is_foul
    assert not arrange("Qs Qd 3c 4d 5s", "As Kd 9c 7h 2s", "2c 3d 4h").is_foul


def test_cp_foul_equal_rows_do_not_foul():
    # Back and middle of the same strength (pair of nines, same kickers) are allowed.
    assert not arrange("9s 9d Kc 7h 4s", "9h 9c Kd 7d 4c", "2c 3d 5h").is_foul


def test_cp_foul_earns_no_royalty_but_pays_the_opponents():
    # A fouls with quads in back (a royalty if unfouled); B has trips in front (1 unit).
    _, replay = hand("Scoring: 1-6", "Players: A, B",
                     "A: back [Ks Kd Kh 4c 4d] middle [7s 7d 7c 7h 2s] front [Qh Jd 3s]",
                     "B: back [Ac Qc Jc 9c 3c] middle [Ts Td Th 6h 2d] front [5c 5d 5s]")
    a = next(h for h in replay.hands if h.player == "A")
    assert a.is_foul and a.royalty == 0
    assert nets(replay) == {"A": -7, "B": 7}  # scoop 6 + B's trips royalty 1


def test_cp_foul_both_fouled_settle_nothing():
    a = seated("back [As Kd 9c 7h 2s] middle [Qs Qd 3c 4d 5s] front [2c 3d 4h]")
    b = seated("back [Ac Kc 9d 7d 2h] middle [Jc Jd 3h 4c 5h] front [2d 3c 4s]", player="B")
    assert settle_pair(a, b, Scoring.ONE_SIX, ChineseRules()).points == 0


# A pairing is a chance to scoop when three rows could go to one side: two hands that stand compare
# their rows; a natural counts as three against any hand but a natural (CP-NATURAL; a surrender
# against it too, which CP-SURRENDER forbids), a hand that stands as three against a fouled one
# (CP-FOUL). Otherwise against or by a surrender no row is compared, and two naturals or two fouled
# hands settle at 0: no chance.
_CHANCE = {("set", "set"): True, ("set", "invalid"): True, ("set", "surrender"): False, ("set", "natural"): True,
           ("invalid", "invalid"): False, ("invalid", "surrender"): False, ("invalid", "natural"): True,
           ("surrender", "surrender"): False, ("surrender", "natural"): True, ("natural", "natural"): False}


@pytest.mark.parametrize("a", list(Status))
@pytest.mark.parametrize("b", list(Status))
def test_cp_score_a_pairing_is_a_chance_to_scoop_as_the_rules_settle_it(a, b):
    chance = _CHANCE.get((a.value, b.value), _CHANCE.get((b.value, a.value)))
    won, lost = (1, 1) if a is b is Status.SET else (0, 0)
    assert pair_outcome(a, b, won, lost, Scoring.ONE_SIX, ChineseRules()).can_scoop is chance


def test_cp_score_settled_pairs_say_whether_either_could_scoop():
    a = seated("back [As Kd 9c 7h 2s] middle [Qs Qd 3c 4d 5s] front [2c 3d 4h]")    # fouls
    b = seated("back [Ac Kc 9d 7d 2h] middle [Jc Jd 3h 4c 5h] front [2d 3c 4s]", player="B")   # fouls
    c = seated(A_ROWS, player="C")
    # two fouled hands: no chance; a fouled hand against one that stands: C scoops it
    assert [settle_pair(x, y, Scoring.ONE_SIX, ChineseRules()).can_scoop for x, y in ((a, b), (a, c), (c, b))] == [
        False, True, True]
    assert settle_pair(c, a, Scoring.ONE_SIX, ChineseRules()).is_scoop
    surrendered = Seated(player="D", status=Status.SURRENDER)
    assert not settle_pair(c, surrendered, Scoring.ONE_SIX, ChineseRules()).can_scoop


# ---------------------------------------------------------------- CP-SURRENDER


@pytest.mark.parametrize(("scoring", "pays"), [("1-6", 3), ("2-4", 2)])
def test_cp_surrender_pays_each_opponent(scoring, pays):
    _, replay = hand(f"Scoring: {scoring}", "Players: A, B, C", f"A: {A_ROWS}", "B: surrenders", "C: surrenders")
    assert nets(replay) == {"A": 2 * pays, "B": -pays, "C": -pays}


def test_cp_surrender_pays_and_earns_no_royalties():
    # A has trips in front (1 unit): B surrendered, so B pays 3, not 4.
    _, replay = hand("Scoring: 1-6", "Players: A, B",
                     "A: back [Ac Kc Qc Jc 9c] middle [Td 9d 8s 6h 2d] front [5c 5d 5h]", "B: surrenders")
    assert nets(replay) == {"A": 3, "B": -3}


def test_cp_surrender_against_a_natural_is_forbidden():
    _, replay = hand("Scoring: 1-6", "Players: A, B",
                     "A: natural dragon [2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac]", "B: surrenders")
    assert rules_of(replay.findings) == ["CP-SURRENDER"]
    assert nets(replay) == {"A": 6, "B": -6}


def test_cp_surrender_off_makes_a_surrender_a_finding():
    _, replay = hand("Scoring: 1-6", "Rules: surrender off", "Players: A, B", f"A: {A_ROWS}", "B: surrenders",
                     first_line=10)
    assert rules_of(replay.findings) == ["CP-SURRENDER"]
    finding = replay.findings[0]
    assert (finding.line, finding.actual) == (15, "surrenders")  # the header is line 10, B line 15
    assert nets(replay) == {"A": 3, "B": -3}


def test_cp_surrender_on_is_the_default():
    assert ChineseRules.parse("surrender on", game="chinese") == ChineseRules.parse(None, game="chinese")


def test_cp_rules_unknown_setting_names_the_known_ones():
    with pytest.raises(ValueError, match=re.escape("'surrender maybe': surrender takes 'on' or 'off' (or 'yes'/'no', 'true'/'false'), "
                                                   "not 'maybe'")):
        ChineseRules.parse("surrender maybe", game="chinese")
    with pytest.raises(ValueError, match="'jokers 2' is not a setting of Chinese poker and OFC. Its settings are "
                                         "royalties, straight flush, royal flush, natural, surrender and bonus."):
        ChineseRules.parse("jokers 2", game="chinese")


# ---------------------------------------------------------------- CP-ROYALTY


def _strength(cards: str) -> int:
    return evaluate(parse_cards(cards)).strength


@pytest.mark.parametrize(("row", "cards", "units"), [
    (Row.BACK, "As Ks Qs Js Ts", 1), (Row.BACK, "9s 8s 7s 6s 5s", 1), (Row.BACK, "7s 7d 7c 7h 2s", 1),
    (Row.BACK, "Ks Kd Kh 4c 4d", 0), (Row.BACK, "As Js 9s 6s 2s", 0),
    (Row.MIDDLE, "As Ks Qs Js Ts", 1), (Row.MIDDLE, "9s 8s 7s 6s 5s", 1), (Row.MIDDLE, "7s 7d 7c 7h 2s", 1),
    (Row.MIDDLE, "Ks Kd Kh 4c 4d", 1), (Row.MIDDLE, "As Js 9s 6s 2s", 0), (Row.MIDDLE, "Ks Kd Kh 4c 5d", 0),
    (Row.FRONT, "2c 2d 2h", 1), (Row.FRONT, "Ac Ad Ah", 1), (Row.FRONT, "Ac Ad Kh", 0),
])
def test_cp_royalty_classic_table(row, cards, units):
    assert royalty(row, _strength(cards), RoyaltyTable.CHINESE) == units


def test_cp_royalty_option_larger_straight_and_royal_flush():
    rules = ChineseRules.parse("straight flush 3, royal flush 5", game="chinese")
    assert royalty(Row.BACK, _strength("9s 8s 7s 6s 5s"), rules.royalties, rules.overrides) == 3
    assert royalty(Row.MIDDLE, _strength("As Ks Qs Js Ts"), rules.royalties, rules.overrides) == 5
    assert royalty(Row.MIDDLE, _strength("7s 7d 7c 7h 2s"), rules.royalties, rules.overrides) == 1


def test_cp_royalty_straight_flush_alone_raises_the_royal_flush_with_it():
    # A royal flush is the best straight flush: "straight flush 5" alone pays it 5 too, not the
    # Chinese table's 1; set explicitly, the royal keeps its own amount, even a lower one.
    raised = ChineseRules.parse("straight flush 5", game="chinese")
    assert royalty(Row.BACK, _strength("As Ks Qs Js Ts"), raised.royalties, raised.overrides) == 5
    assert royalty(Row.MIDDLE, _strength("Ah Kh Qh Jh Th"), raised.royalties, raised.overrides) == 5
    assert royalty(Row.BACK, _strength("7s 7d 7c 7h 2s"), raised.royalties, raised.overrides) == 1
    both = ChineseRules.parse("straight flush 5, royal flush 3", game="chinese")
    assert royalty(Row.BACK, _strength("As Ks Qs Js Ts"), both.royalties, both.overrides) == 3


def test_cp_royalty_straight_flush_alone_the_club_log_with_a_royal_in_back():
    # Anna: a royal flush in back (5) and a straight flush in the middle (5) = 10; Boris a full house
    # in the middle = 1. Rows: Anna wins all three (royal over trips-full, straight flush over a full
    # house, a pair of aces over jacks): a scoop, 6, plus royalties 10 - 1: Anna +15, Boris -15.
    _, replay = hand("Scoring: 1-6", "Players: Anna, Boris", "Dealer: Boris", "Rules: straight flush 5",
                     "Anna: back [As Ks Qs Js Ts] middle [9h 8h 7h 6h 5h] front [Ad Ac 2c]",
                     "Boris: back [Kd Kc Kh 4s 4d] middle [Qd Qc Qh 3s 3d] front [Jd Jc 2d]",
                     "Royalties: Anna 10, Boris 1")
    assert replay.findings == ()
    assert nets(replay) == {"Anna": 15, "Boris": -15}


def test_cp_royalty_paid_by_each_non_surrendered_opponent():
    # A: quads in back, a full house in the middle, trips in front = 3 units; B pays them on
    # top of the scoop, C surrendered and pays 3 to each, royalties none.
    a_rows = "back [7s 7d 7c 7h 2s] middle [Ks Kd Kh 4c 4d] front [5c 5d 5h]"
    _, replay = hand("Scoring: 1-6", "Players: A, B, C", f"A: {a_rows}",
                     "B: back [Ac Kc Jc 9c 3c] middle [Td 9d 8s 6h 2d] front [4s 3d 2h]", "C: surrenders",
                     "Royalties: A 3, B 0")
    assert replay.findings == ()
    a_vs_b = next(s for s in replay.scores if s.player == "A" and s.opponent == "B")
    assert (a_vs_b.royalty_points, a_vs_b.points) == (3, 9)
    assert nets(replay) == {"A": 12, "B": -6, "C": -6}


def test_cp_royalty_a_natural_neither_pays_nor_earns_one():
    # Anna's six pairs are a natural; Boris's middle full house earns 1. Worked by hand: Boris scoops
    # Vera (full house, full house, a pair of jacks against two pairs, two pairs, jack high), 6 + 1;
    # against Anna he pays the scoop, 6, and his royalty is not paid (else 5). Anna +12, Boris +1,
    # Vera -13.
    _, replay = hand("Scoring: 1-6", "Players: Anna, Boris, Vera",
                     "Anna: natural six pairs [2s 2h 5s 5h 8s 8h Ts Th Qs Qh As Ah 3c]",
                     "Boris: back [Kc Kd Ks 4c 4d] middle [9c 9d 9h 6c 6d] front [Jc Jd 7c]",
                     "Vera: back [Ad Ac Td Tc 3d] middle [Qd Qc 7d 7h 2c] front [Jh 8d 4h]",
                     "Royalties: Anna 0, Boris 1, Vera 0", "Points: Anna +12, Boris +1, Vera -13")
    assert replay.findings == ()
    pairs = {(s.player, s.opponent): (s.points, s.royalty_points) for s in replay.scores}
    assert pairs[("Boris", "Vera")] == (7, 1) and pairs[("Boris", "Anna")] == (-6, 0)
    assert nets(replay) == {"Anna": 12, "Boris": 1, "Vera": -13}


def test_cp_natural_against_a_natural_scores_nothing_whatever_their_kinds_and_royalties():
    # A dragon and six pairs settle 0; Vera's middle full house (a royalty of 1) is paid by neither.
    _, replay = hand("Scoring: 1-6", "Players: Anna, Boris, Vera",
                     "Anna: natural dragon [2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac]",
                     "Boris: natural six pairs [2s 2h 5c 5h 8s 8c Ts Th Qs Qc As Ad 3c]",
                     "Vera: back [Kh Kd Kc 4c 4d] middle [Jh Jc Js 9c 9d] front [7h 7c 6d]",
                     "Royalties: Anna 0, Boris 0, Vera 1")
    assert replay.findings == ()
    assert nets(replay) == {"Anna": 6, "Boris": 6, "Vera": -12}


def test_cp_royalty_wrong_claim_is_a_finding():
    _, replay = hand("Scoring: 1-6", "Players: A, B", f"A: {A_ROWS}", f"B: {B_ROWS}", "Royalties: A 1, B 0")
    assert rules_of(replay.findings) == ["CP-ROYALTY"]
    assert replay.findings[0].expected == "0" and replay.findings[0].actual == "+1"


# ---------------------------------------------------------------- CP-NATURAL

NATURALS = {
    NaturalKind.THREE_STRAIGHTS: "Ac 2d 3h 4s 5c 9d Th Js Qc Kd 6h 7s 8c",
    NaturalKind.THREE_FLUSHES: "2c 5c 7c 9c Jc 3d 6d 8d Td Qd 4h Kh Ah",
    NaturalKind.SIX_PAIRS: "2c 2d 5h 5s 7c 7d 9h 9s Jc Jd Kh Ks Ac",
    NaturalKind.NO_FACES: "2c 3c 4d 5d 6h 7h 8s 9s Tc Td Ac Ad 2s",
    NaturalKind.DRAGON: "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac",
}


@pytest.mark.parametrize("kind", list(NaturalKind))
def test_cp_natural_each_kind_is_recognised(kind):
    assert kind.holds(parse_cards(NATURALS[kind]))


@pytest.mark.parametrize(("kind", "cards"), [
    (NaturalKind.THREE_STRAIGHTS, "Ac 2d 3h 4s 5c 9d Th Js Qc Kd 6h 7s 9c"),
    (NaturalKind.THREE_FLUSHES, "2c 5c 7c 9c Jc 3d 6d 8d Td Qd 4h Kh As"),
    (NaturalKind.SIX_PAIRS, "2c 2d 5h 5s 7c 7d 9h 9s Jc Jd Kh Qs Ac"),
    (NaturalKind.NO_FACES, "2c 3c 4d 5d 6h 7h 8s 9s Tc Td Ac Ad Js"),
    (NaturalKind.DRAGON, "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Kc"),
])
def test_cp_natural_near_misses_are_not_naturals(kind, cards):
    assert not kind.holds(parse_cards(cards))


def test_cp_natural_wins_a_scoop_from_each_opponent_by_default():
    _, replay = hand("Scoring: 2-4", "Players: A, B, C", f"A: natural six pairs [{NATURALS[NaturalKind.SIX_PAIRS]}]",
                     "B: back [Ah Ad Kd Qd 3h] middle [Qh Qc 4c 4d 6s] front [6c 3s 2h]",
                     "C: back [Td 9d 8d 7s 6d] middle [Jh Js 3c 3d Tc] front [Kc Qs 4s]")
    assert nets(replay)["A"] == 8
    assert next(h for h in replay.hands if h.player == "A").natural is NaturalKind.SIX_PAIRS


def test_cp_natural_bonus_option():
    _, replay = hand("Scoring: 1-6", "Rules: natural 10", "Players: A, B",
                     f"A: natural dragon [{NATURALS[NaturalKind.DRAGON]}]",
                     "B: back [Ah Ad Kd Qd 3h] middle [Qh Qc 4c 4d 6s] front [6c 3s 2h]")
    assert nets(replay) == {"A": 10, "B": -10}


def test_cp_natural_that_is_not_one_is_a_finding_and_a_foul():
    _, replay = hand("Scoring: 1-6", "Players: A, B", "A: natural dragon [2c 3c 4h 5s 6c 7d 8c 9c Ts Jd Qh Ks Kc]",
                     f"B: {B_ROWS}")
    assert rules_of(replay.findings) == ["CP-NATURAL"]
    assert nets(replay) == {"A": -6, "B": 6}


# ---------------------------------------------------------------- CP-DEAL and CP-PLAYERS


def test_cp_natural_against_a_natural_scores_nothing():
    _, replay = hand("Scoring: 1-6", "Players: A, B", "A: natural dragon [2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac]",
                     "B: natural no faces [2d 3c 4s 5h 6d 7c 8s 9h Td Ad As Ah 2s]")
    assert replay.findings == () and nets(replay) == {"A": 0, "B": 0}


def test_cp_score_points_line_missing_a_player_is_a_warning():
    _, replay = hand("Scoring: 2-4", "Players: A, B", f"A: {A_ROWS}", f"B: {B_ROWS}", "Points: A +2")
    assert [(f.rule_id, f.severity.value, f.expected) for f in replay.findings] == [("CP-SCORE", "warning", "-2")]


def test_cp_deal_a_joker_is_no_card_of_the_deck():
    _, replay = hand("Scoring: 1-6", "Players: A, B", f"A: {A_ROWS}",
                     "B: back [Ah Jh 8h 5h JK] middle [Tc Td 9s 9h 5d] front [3s 3d Ad]")
    assert rules_of(replay.findings) == ["CP-DEAL"] and "JK" in replay.findings[0].message
    assert nets(replay) == {"A": 6, "B": -6}


def test_cp_deal_a_card_twice_is_a_finding_naming_the_card():
    _, replay = hand("Scoring: 1-6", "Players: A, B", f"A: {A_ROWS}",
                     "B: back [Ah Jh 8h 5h 2h] middle [Tc Td 9s 9h 5d] front [3s 3d Kh]")
    assert rules_of(replay.findings) == ["CP-DEAL"]
    assert "Kh" in replay.findings[0].message and replay.findings[0].line == 5


ANNA_Y = "back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]"
BORIS_Y = "back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c {}]"


@pytest.mark.parametrize("last, where, anna", [
    # Back: Anna's four nines beat the heart flush; middle: three jacks beat kings and sevens.
    # 4c (Anna's front): fronts QQ > 88, Anna wins 2-1, +1, and Anna's four of a kind's royalty: +2.
    ("4c", "Anna", 2),
    # 5s (Boris's middle): the front 8 8 5 is still a pair of eights, the same +2.
    ("5s", "Boris", 2),
    # 8c (the same front): three eights as written, under three jacks, so no foul; Boris wins the
    # front: 1-2 for Anna, -1, and the royalties cancel (Anna's nines, Boris's front trips): -1.
    ("8c", "Boris", -1),
])
def test_cp_deal_a_card_twice_ranks_the_hands_as_written_wherever_the_copy_lies(last, where, anna):
    boris = BORIS_Y.format(last)
    _, replay = hand("Scoring: 1-6", "Players: Anna, Boris", f"Anna: {ANNA_Y}", f"Boris: {boris}")
    (finding,) = replay.findings
    assert (finding.rule_id, finding.line, finding.actual) == ("CP-DEAL", 5, last)
    assert finding.message.startswith(f"{last} of Boris was already dealt to {where}: a deal cannot")
    assert nets(replay) == {"Anna": anna, "Boris": -anna}
    assert [(h.player, h.status, h.is_foul) for h in replay.hands] == [("Anna", Status.SET, False),
                                                                        ("Boris", Status.SET, False)]


def test_cp_deal_a_card_twice_in_rows_out_of_order_still_fouls():
    # Boris's front 8s 8c 8c is three eights over a middle pair of jacks: rows out of order, a foul.
    # Anna scoops (6) and takes the royalty of the nines (1): +7.
    _, replay = hand("Scoring: 1-6", "Players: Anna, Boris", f"Anna: {ANNA_Y}",
                     "Boris: back [Ah Kh Th 6h 3h] middle [Jc Jd 7s 5s 4s] front [8s 8c 8c]")
    assert rules_of(replay.findings) == ["CP-DEAL"]
    assert nets(replay) == {"Anna": 7, "Boris": -7}
    assert [(h.status, h.is_foul) for h in replay.hands] == [(Status.SET, False), (Status.SET, True)]


def test_cp_natural_with_a_card_twice_is_judged_on_its_cards_as_written():
    # 2s 2s is a pair as written: six pairs, which scoops Boris (6) whoever holds the other 2s.
    _, replay = hand("Scoring: 1-6", "Players: Anna, Boris",
                     "Anna: natural six pairs [2s 2s 5s 5h 8s 8h Ts Th Js Jh As Ah 3d]", f"Boris: {A_ROWS}")
    assert rules_of(replay.findings) == ["CP-DEAL"]
    assert nets(replay) == {"Anna": 6, "Boris": -6}


def test_cp_deal_a_row_of_the_wrong_size_is_a_finding_and_scores_as_a_foul():
    _, replay = hand("Scoring: 1-6", "Players: A, B", f"A: {A_ROWS}",
                     "B: back [Ah Jh 8h 5h] middle [Tc Td 9s 9h 5d] front [3s 3d Ad 2h]")
    assert rules_of(replay.findings) == ["CP-DEAL", "CP-DEAL"]
    assert nets(replay) == {"A": 6, "B": -6}


def test_cp_deal_a_listed_player_without_a_hand_is_a_finding():
    _, replay = hand("Scoring: 1-6", "Players: A, B, C", f"A: {A_ROWS}", f"B: {B_ROWS}")
    assert rules_of(replay.findings) == ["CP-DEAL"]
    assert nets(replay) == {"A": 1, "B": -1}


def test_cp_players_five_players():
    # (a stranger's hand line does not parse: tests/test_chinese_grammar.py)
    _, replay = hand("Scoring: 1-6", "Players: A, B, C, D, E", f"A: {A_ROWS}", f"B: {B_ROWS}",
                     "C: surrenders", "D: surrenders", "E: surrenders")
    assert rules_of(replay.findings).count("CP-PLAYERS") == 1


def test_cp_players_one_player_is_counted_in_the_singular():
    _, replay = hand("Scoring: 1-6", "Players: A", f"A: {A_ROWS}")
    (finding,) = [f for f in replay.findings if f.rule_id == "CP-PLAYERS"]
    assert finding.message == "1 player at the table: Chinese poker is played by 2 to 4"
    assert (finding.expected, finding.actual) == ("2 to 4", "1")


def test_every_chinese_rule_id_has_a_registered_text():
    for rule_id in ("CP-PLAYERS", "CP-DEAL", "CP-FOUL", "CP-SURRENDER", "CP-SCORE", "CP-ROYALTY", "CP-NATURAL"):
        assert len(RULES.get(rule_id, "")) > 20, rule_id
