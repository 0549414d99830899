"""Open-face Chinese poker rules (RULES.md section 5): placements, royalties of both tables, variants."""

from __future__ import annotations

import re

import pytest

from parsers.chinese import parse_ofc
from pipeline.worker import parse_bytes
from rules.cards import parse_cards
from rules.chinese import ROWS, ChineseRules, Row, RoyaltyTable, royalty
from rules.evaluator import evaluate
from rules.ofc import replay_ofc
from rules.records import Source
from rules.rulebook import RULES
from tests import formats_examples

FORMATS_EXAMPLE = formats_examples.OFC.rstrip("\n")


def replay_text(text: str, first_line: int = 1):
    lines = tuple(text.splitlines())
    record = parse_ofc(lines, Source(file="t.txt", first_line=first_line, last_line=first_line + len(lines) - 1,
                                     game_id="t"))
    return record, replay_ofc(record)


def classic_log(hands: dict[str, str], *, header: tuple[str, ...] = (), variant: str = "classic") -> str:
    """A legal classic log reaching the given final rows ("back [..] middle [..] front [..]"); the
    last player deals, each sets his first 5 cards (back, middle, front order) and draws the rest."""
    names = list(hands)
    cards = {}
    for name, text in hands.items():
        parts = [part.split("]")[0] for part in text.split("[")[1:]]
        cards[name] = [(card, row) for row, part in zip(ROWS, parts) for card in parse_cards(part)]
    lines = ["OFC hand T-1", f"Variant: {variant}", "Scoring: 1-6", f"Players: {', '.join(names)}",
             f"Dealer: {names[-1]}", *header]
    for name in names:
        first = cards[name][:5]
        rows = " ".join(f"{row} [{' '.join(str(c) for c, r in first if r is row)}]"
                        for row in ROWS if any(r is row for _, r in first))
        lines.append(f"{name} sets: {rows}")
    for turn in range(5, 13):
        for name in names:
            card, row = cards[name][turn]
            lines.append(f"{name} draws {card}: {row}")
    return "\n".join(lines)


def nets(replay) -> dict[str, int]:
    return {p.player: int(p.net) for p in replay.players}


def rule_ids(replay) -> list[str]:
    return [f.rule_id for f in replay.findings]


A_HAND = "back [Ah Ad Ac 4s 4d] middle [7c 8c 9c Tc 2c] front [2h 3d 5s]"   # royalties 6 + 8
B_HAND = "back [Ks Kc Kd 6h 6c] middle [5d 5h Js Jd 8s] front [Qh Qs 7d]"   # royalties 6 + 7


# ---------------------------------------------------------------- the FORMATS.md example


def test_formats_example_scores_as_written():
    _, replay = replay_text(FORMATS_EXAMPLE)
    assert replay.findings == ()
    assert nets(replay) == {"Anna": 2, "Boris": -2}
    assert {h.player: h.royalty for h in replay.hands} == {"Anna": 14, "Boris": 13}
    assert {h.player: h.royalties for h in replay.hands} == {"Anna": (6, 8, 0), "Boris": (6, 0, 7)}
    assert len(replay.placements) == 26 and replay.placements[0].turn_no == 0


def test_formats_example_wrong_claims_are_findings_at_their_lines():
    text = FORMATS_EXAMPLE.replace("Royalties: Anna 14", "Royalties: Anna 12").replace("Anna +2, Boris -2",
                                                                                        "Anna +4, Boris -4")
    _, replay = replay_text(text, first_line=100)
    # two faults: Anna's royalties, and the pair's points (one finding for both its entries)
    assert rule_ids(replay) == ["OFC-ROYALTY", "CP-SCORE"]
    assert [f.line for f in replay.findings] == [125, 126]
    assert (replay.findings[1].expected, replay.findings[1].actual) == ("Anna +2, Boris -2", "Anna +4, Boris -4")


# ---------------------------------------------------------------- OFC-ROYALTY, both tables

_S = {"straight": "9s 8d 7c 6h 5s", "flush": "As Js 9s 6s 2s", "full house": "Ks Kd Kh 4c 4d",
      "quads": "7s 7d 7c 7h 2s", "straight flush": "9h 8h 7h 6h 5h", "royal": "Ad Kd Qd Jd Td",
      "trips": "Qs Qd Qc 7h 2s", "two pair": "Qs Qd 7c 7h 2s"}

FIVE_CARD = [
    # (table, row, hand, royalty)
    *[(RoyaltyTable.OFC_CLASSIC, Row.BACK, k, v) for k, v in
      {"straight": 2, "flush": 4, "full house": 6, "quads": 8, "straight flush": 10, "royal": 20,
       "trips": 0, "two pair": 0}.items()],
    *[(RoyaltyTable.OFC_CLASSIC, Row.MIDDLE, k, v) for k, v in
      {"straight": 4, "flush": 8, "full house": 12, "quads": 16, "straight flush": 20, "royal": 40,
       "trips": 0, "two pair": 0}.items()],
    *[(RoyaltyTable.OFC_MODERN, Row.BACK, k, v) for k, v in
      {"straight": 2, "flush": 4, "full house": 6, "quads": 10, "straight flush": 15, "royal": 25,
       "trips": 0, "two pair": 0}.items()],
    *[(RoyaltyTable.OFC_MODERN, Row.MIDDLE, k, v) for k, v in
      {"trips": 2, "straight": 4, "flush": 8, "full house": 12, "quads": 20, "straight flush": 30,
       "royal": 50, "two pair": 0}.items()],
]


@pytest.mark.parametrize(("table", "row", "name", "amount"), FIVE_CARD,
                         ids=[f"{t.value}-{r}-{n}" for t, r, n, _ in FIVE_CARD])
def test_ofc_royalty_five_card_rows(table, row, name, amount):
    assert royalty(row, evaluate(parse_cards(_S[name])).strength, table) == amount


FRONT = ([(f"{r}{r}", 1 + i) for i, r in enumerate("6789TJQKA")] + [(f"{r}{r}{r}", 10 + i) for i, r in
         enumerate("23456789TJQKA")] + [("55", 0), ("22", 0), ("high", 0)])


@pytest.mark.parametrize("table", [RoyaltyTable.OFC_CLASSIC, RoyaltyTable.OFC_MODERN])
@pytest.mark.parametrize(("made", "amount"), FRONT, ids=[m for m, _ in FRONT])
def test_ofc_royalty_front_pairs_from_sixes_and_every_trips(table, made, amount):
    suits = "shd"
    if made == "high":
        cards = "Ks Qd 9h"
    else:
        kicker = "4c" if made[0] != "4" else "3c"
        cards = " ".join(f"{made[0]}{suits[i]}" for i in range(len(made))) + ("" if len(made) == 3 else f" {kicker}")
    assert royalty(Row.FRONT, evaluate(parse_cards(cards)).strength, table) == amount


@pytest.mark.parametrize(("setting", "table", "back", "middle"), [
    # classic royal 20 / 40 and modern 25 / 50 sit below a straight flush raised to 25 / 50 (the
    # middle doubles it): the royal, the best straight flush, pays as much; set too, it keeps its own
    ("straight flush 25", RoyaltyTable.OFC_CLASSIC, 25, 50),
    ("royalties modern, straight flush 30", RoyaltyTable.OFC_MODERN, 30, 60),
    ("straight flush 15", RoyaltyTable.OFC_CLASSIC, 20, 40),
    ("straight flush 25, royal flush 20", RoyaltyTable.OFC_CLASSIC, 20, 40),
])
def test_ofc_royalty_royal_flush_never_below_a_raised_straight_flush(setting, table, back, middle):
    rules = ChineseRules.parse(setting, game="ofc")
    assert rules.royalties is table
    royal = evaluate(parse_cards(_S["royal"])).strength
    assert royalty(Row.BACK, royal, rules.royalties, rules.overrides) == back
    assert royalty(Row.MIDDLE, royal, rules.royalties, rules.overrides) == middle


def test_ofc_royalty_modern_table_as_a_ruleset_option():
    # Boris's middle trips earn 2 under the modern table and nothing under the classic one.
    hands = {"A": A_HAND, "B": "back [Ks Kc Kd 6h 6c] middle [5d 5h 5c Jd 8s] front [Qh Qs 7d]"}
    _, classic = replay_text(classic_log(hands))
    _, modern = replay_text(classic_log(hands, header=("Rules: royalties modern",)))
    assert {h.player: h.royalty for h in classic.hands} == {"A": 14, "B": 13}
    assert {h.player: h.royalty for h in modern.hands} == {"A": 14, "B": 15}
    assert nets(modern) == {"A": 1 - 1, "B": 0}  # rows 2-1 for A (+1), royalties 14 - 15 (-1)


@pytest.mark.parametrize(("row", "cards", "amount"), [
    (Row.BACK, "9s 8s 7s 6s 5s", 15), (Row.BACK, "As Ks Qs Js Ts", 25),
    (Row.MIDDLE, "9s 8s 7s 6s 5s", 30), (Row.MIDDLE, "As Ks Qs Js Ts", 50),
    (Row.MIDDLE, "7s 7d 7c 7h 2s", 16),  # quads keep the classic table's middle amount
])
def test_ofc_royalty_seed_variant_fifteen_twenty_five_doubles_in_the_middle(row, cards, amount):
    rules = ChineseRules.parse("straight flush 15, royal flush 25", game="ofc")
    assert royalty(row, evaluate(parse_cards(cards)).strength, rules.royalties, rules.overrides) == amount


def test_ofc_royalty_seed_variant_in_a_logged_hand():
    # B: a royal flush in back (classic 20, seed 25) and a straight flush in the middle (classic 20, seed 30).
    hands = {"A": A_HAND, "B": "back [As Ks Qs Js Ts] middle [9d 8d 7d 6d 5d] front [2s 3c 6c]"}
    _, classic = replay_text(classic_log(hands))
    _, seed = replay_text(classic_log(hands, header=("Rules: straight flush 15, royal flush 25",)))
    b_classic = next(h for h in classic.hands if h.player == "B")
    b_seed = next(h for h in seed.hands if h.player == "B")
    assert (b_classic.royalty, b_seed.royalty) == (20 + 20, 25 + 30)


def test_ofc_royalty_fouled_hand_pays_a_scoop_and_the_opponents_royalties():
    fouled = "back [2s 3d 5h 7c 9d] middle [Kh Kd 4c 8d Js] front [Qc Qd 6s]"  # pair over high card
    _, replay = replay_text(classic_log({"A": A_HAND, "B": fouled}))
    b = next(h for h in replay.hands if h.player == "B")
    assert b.is_foul and b.royalty == 0
    assert nets(replay) == {"A": 6 + 14, "B": -20}


# ---------------------------------------------------------------- OFC-PLACE and OFC-ROWS


def test_ofc_place_legal_log_has_no_findings():
    _, replay = replay_text(classic_log({"A": A_HAND, "B": B_HAND}))
    assert replay.findings == ()


def test_ofc_place_draw_out_of_turn_is_a_finding():
    lines = classic_log({"A": A_HAND, "B": B_HAND}).splitlines()
    i = next(i for i, line in enumerate(lines) if " draws " in line)
    lines[i], lines[i + 1] = lines[i + 1], lines[i]  # B draws before A
    _, replay = replay_text("\n".join(lines))
    assert rule_ids(replay) == ["OFC-PLACE"]
    assert replay.findings[0].line == i + 1 and "A's turn" in replay.findings[0].message


def test_ofc_place_first_set_is_five_cards():
    text = FORMATS_EXAMPLE.replace("Anna sets: back [Ah Ad] middle [7c 8c] front [2h]",
                                   "Anna sets: back [Ah Ad] middle [7c 8c]").replace("Anna draws 5s: front",
                                                                                     "Anna draws 5s: front\nAnna draws 2h: front")
    _, replay = replay_text(text)
    assert "OFC-PLACE" in rule_ids(replay)
    assert any("sets 4 cards" in f.message for f in replay.findings)


# Casebook-style classic hand (dealer Boris): Anna's first set holds 4 cards, so her 2s becomes her
# first draw and she makes 9 draws; she still ends with 13 cards.
SETS_FOUR = """OFC hand Z1
Scoring: 1-6
Players: Anna, Boris
Dealer: Boris
Anna sets: back [9s 9h 9d 9c]
Boris sets: back [Ah Kh Th 6h 3h]
Anna draws 2s: back
Boris draws Jc: middle
Anna draws Ks: middle
Boris draws Jd: middle
Anna draws Kd: middle
Boris draws Js: middle
Anna draws 7c: middle
Boris draws 5s: middle
Anna draws 7h: middle
Boris draws 4s: middle
Anna draws 3d: middle
Boris draws 8s: front
Anna draws Qs: front
Boris draws 8c: front
Anna draws Qd: front
Boris draws 8d: front
Anna draws 4c: front
Royalties: Anna 15, Boris 20
Points: Anna -6, Boris +6"""


def test_ofc_place_a_short_first_set_is_one_finding_at_its_line_not_a_second_at_the_extra_draw():
    # her 9th draw (line 23) is her 13th card: the set of 4 is the one fault
    _, replay = replay_text(SETS_FOUR)
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in replay.findings] == [("OFC-PLACE", 5, "5", "4")]
    assert nets(replay) == {"Anna": -6, "Boris": 6}


def test_ofc_place_a_card_past_13_is_a_finding_that_counts_the_cards():
    lines = classic_log({"A": A_HAND, "B": B_HAND}).splitlines()
    lines.append("A draws Kh: front")           # A's 14th card, every row of his full
    _, replay = replay_text("\n".join(lines))
    place = [f for f in replay.findings if f.rule_id == "OFC-PLACE"]
    assert [(f.line, f.expected, f.actual) for f in place] == [(len(lines), "13", "14")]
    assert "after holding 13 cards" in place[0].message


def test_ofc_rows_a_card_into_a_full_row_is_a_finding_and_the_hand_is_short():
    text = FORMATS_EXAMPLE.replace("Anna draws 3d: front", "Anna draws 3d: back")
    _, replay = replay_text(text)
    assert rule_ids(replay)[:2] == ["OFC-ROWS", "OFC-ROWS"]  # the full back row, then the short front row
    assert set(rule_ids(replay)[2:]) == {"OFC-ROYALTY", "CP-SCORE"}  # the claims counted Anna unfouled
    assert replay.findings[0].line == 22
    assert (replay.findings[0].expected, replay.findings[0].actual) == ("a row with room (the back row holds 5)",
                                                                        "3d back")
    assert nets(replay) == {"Anna": -6 - 13, "Boris": 19}


def test_ofc_rows_a_hand_with_rows_of_the_wrong_size_is_invalid_and_scored_as_a_foul_as_its_rule_says():
    # Anna's 4c goes to a full front row: her middle ends with 4 cards. Scored as a foul, she pays
    # Boris the scoop (6) and his royalties (flush 4 + three jacks 0 + three eights 16 = 20): -26.
    text = classic_log({"Anna": "back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]",
                        "Boris": "back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 8d]"})
    text = text.replace("Anna draws 3d: middle", "Anna draws 3d: front")
    _, replay = replay_text(text)
    assert rule_ids(replay) == ["OFC-ROWS", "OFC-ROWS"]
    assert [(h.player, h.status.value, h.is_foul) for h in replay.hands] == [("Anna", "invalid", True),
                                                                              ("Boris", "set", False)]
    assert nets(replay) == {"Anna": -26, "Boris": 26}
    assert "stored as `invalid` and scored as a foul" in RULES["OFC-ROWS"]


def test_ofc_rows_a_card_twice_is_a_finding():
    text = FORMATS_EXAMPLE.replace("Boris draws 7d: front", "Boris draws 2h: front")
    _, replay = replay_text(text)
    assert rule_ids(replay) == ["OFC-ROWS"]
    assert "2h" in replay.findings[0].message and replay.findings[0].line == 25
    assert (replay.findings[0].expected, replay.findings[0].actual) == ("a card not yet dealt", "2h")


@pytest.mark.parametrize("last, where, anna", [
    # Classic table. Anna: four nines in back 8, kings and sevens in the middle 0, queens in front 7: 15.
    # Boris: a flush in back 4, three jacks in the middle 0. Back to Anna, middle to Boris.
    # 4c (Anna's front): Boris's front 8 8 4 pays 3, Boris's 7 against Anna's 15; fronts QQ > 88: Anna 2-1,
    # +1, and 15 - 7: +9.
    ("4c", "Anna", 9),
    # 5s (Boris's middle): the front 8 8 5 is still a pair of eights: +9.
    ("5s", "Boris", 9),
    # 8c (the same front): three eights as written, 16, under three jacks: no foul. Boris wins the
    # front: Anna 1-2, -1, and 15 - 20: -6.
    ("8c", "Boris", -6),
])
def test_ofc_rows_a_card_twice_ranks_the_hands_as_written_wherever_the_copy_lies(last, where, anna):
    text = classic_log({"Anna": "back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]",
                        "Boris": f"back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c {last}]"})
    _, replay = replay_text(text)
    (dealt,) = [f for f in replay.findings if f.rule_id == "OFC-ROWS"]
    assert (dealt.line, dealt.actual) == (len(text.splitlines()), last)
    assert dealt.message.startswith(f"{last} of Boris was already dealt to {where}: a deal cannot")
    # a card Boris drew before, drawn again, is also a placed card that moved (OFC-PLACE)
    assert set(rule_ids(replay)) == ({"OFC-ROWS"} if where == "Anna" else {"OFC-ROWS", "OFC-PLACE"})
    assert nets(replay) == {"Anna": anna, "Boris": -anna}
    assert [(h.player, h.status.value, h.is_foul) for h in replay.hands] == [("Anna", "set", False),
                                                                              ("Boris", "set", False)]


def test_ofc_place_a_placed_card_never_moves():
    text = FORMATS_EXAMPLE.replace("Anna draws 2c: middle", "Anna draws Ac: middle")  # Ac went to back before
    _, replay = replay_text(text)
    assert rule_ids(replay)[0] == "OFC-PLACE"
    moved = replay.findings[0]
    assert (moved.line, moved.expected, moved.actual) == (20, "back", "middle") and "never moves" in moved.message


# ---------------------------------------------------------------- OFC-PINEAPPLE

PINEAPPLE = """OFC hand P-1
Variant: pineapple
Scoring: 1-6
Players: A, B
Dealer: B
A sets: back [Ah Ad] middle [7c 8c] front [2h]
B sets: back [Ks Kc Kd] middle [5d] front [Qh]
A draws [Ac 3s 3h]: Ac back, 4s back, discards 3h
B draws [6h 6c 2d]: 6h back, 6c back, discards 2d
A draws [4d 9c 3c]: 4d back, 9c middle, discards 3c
B draws [5h Js 4h]: 5h middle, Js middle, discards 4h
A draws [Tc 2c Th]: Tc middle, 2c middle, discards Th
B draws [Jd 8s 9d]: Jd middle, 8s middle, discards 9d
A draws [3d 5s Td]: 3d front, 5s front, discards Td
B draws [Qs 7d 8d]: Qs front, 7d front, discards 8d
Points: A +2, B -2"""


def test_ofc_pineapple_legal_hand():
    _, replay = replay_text(PINEAPPLE.replace("[Ac 3s 3h]: Ac back, 4s back", "[Ac 4s 3h]: Ac back, 4s back"))
    assert replay.findings == ()
    assert nets(replay) == {"A": 2, "B": -2}
    discards = [p for p in replay.placements if p.is_discard]
    assert len(discards) == 8 and all(p.row is None for p in discards)


def test_ofc_pineapple_placing_a_card_not_dealt_is_a_finding():
    _, replay = replay_text(PINEAPPLE)  # A places 4s, which was not among [Ac 3s 3h]
    assert rule_ids(replay) == ["OFC-PLACE"]
    assert replay.findings[0].line == 8


def test_ofc_pineapple_draw_must_discard_one_of_three():
    text = PINEAPPLE.replace("[Ac 3s 3h]: Ac back, 4s back, discards 3h", "[Ac 4s 3h]: Ac back, 4s back, 3h front")
    _, replay = replay_text(text)
    assert "OFC-PINEAPPLE" in rule_ids(replay)


def test_ofc_pineapple_column_reader_takes_only_draws_that_place_the_cards_dealt():
    from parsers.chinese import read_ofc_batch
    from parsers.formats import split_named

    legal = PINEAPPLE.replace("[Ac 3s 3h]: Ac back, 4s back", "[Ac 4s 3h]: Ac back, 4s back")
    not_dealt = PINEAPPLE                                        # 4s placed, 3s dealt
    no_discard = (legal.replace("Ac back, 4s back, discards 3h", "Ac back, 4s back, 3h front")   # rows still full
                  .replace("3d front, 5s front, discards Td", "3d front, discards 5s, discards Td"))
    taken = [read_ofc_batch(split_named(text, "hands.txt"), "hands.txt")[1].tolist()
             for text in (legal, not_dealt, no_discard)]
    assert taken == [[0], [], []]     # the last two are the explaining path's to report


def test_ofc_pineapple_three_card_draw_in_a_classic_hand_is_a_finding():
    _, replay = replay_text(PINEAPPLE.replace("Variant: pineapple", "Variant: classic")
                            .replace("[Ac 3s 3h]: Ac back, 4s back", "[Ac 4s 3h]: Ac back, 4s back"))
    assert rule_ids(replay).count("OFC-PINEAPPLE") == 8



# A `Variant: fantasyland` hand with no one in Fantasyland: Anna draws Pineapple, Boris classic.
MIXED_DRAWS = """OFC hand MIX
Variant: fantasyland
Scoring: 1-6
Players: Anna, Boris
Dealer: Boris
Anna sets: back [Ks Kh 4c] middle [Qc Jc]
Boris sets: back [Ts 9s 8s] middle [Jd Jh]
Anna draws [Kd 6s Ac]: Kd back, 6s front, discards Ac
Boris draws 7s: back
Anna draws [4h 8c 3h]: 4h back, 8c middle, discards 3h
Boris draws Qs: front
Anna draws [5c 6d Ad]: 5c middle, 6d front, discards Ad
Boris draws 6h: back
Anna draws [2c 3s Ah]: 2c middle, 3s front, discards Ah
Boris draws 7d: middle
Boris draws 7h: middle
Boris draws Qh: front
Boris draws 2d: middle
Boris draws 5s: front
Royalties: Anna 15, Boris 9
Points: Anna +7, Boris -7"""


def test_ofc_pineapple_mixed_draws_in_a_fantasyland_hand_are_one_finding_naming_what_was_inferred():
    _, replay = replay_text(MIXED_DRAWS)
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in replay.findings] == [("OFC-PINEAPPLE", 9, "3", "1")]
    assert replay.findings[0].message == ("Anna drew 3 cards a turn (Pineapple, line 8), Boris draws 1: "
                                          "the players of a hand all draw alike")
    # the other way round: a classic first draw, then Pineapple draws
    lines = MIXED_DRAWS.replace("Dealer: Boris", "Dealer: Anna").splitlines()
    for i in range(5, 15, 2):                     # Boris sets and draws first, each turn
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    flipped = "\n".join(lines)
    _, replay = replay_text(flipped)
    mismatch = [f for f in replay.findings if f.rule_id == "OFC-PINEAPPLE"]
    assert [(f.expected, f.actual) for f in mismatch] == [("1", "3")]
    assert mismatch[0].message.startswith("Boris drew 1 card a turn (classic, line 8), Anna draws 3")


def test_ofc_pineapple_turn_of_two_or_four_cards_is_the_pineapple_rule():
    # A Pineapple turn deals 3 cards: a turn of 2 or 4 breaks that rule, as a turn of 1 does, so an
    # arbiter's `audit --rule OFC-PINEAPPLE` lists it; the cards placed are still all dealt ones.
    legal = PINEAPPLE.replace("[Ac 3s 3h]: Ac back, 4s back", "[Ac 4s 3h]: Ac back, 4s back")
    for dealt, placed in (("[Ac 4s]: Ac back, 4s back", 2), ("[Ac 4s 3h Kh]: Ac back, 4s back, discards 3h, discards Kh", 4)):
        text = legal.replace("[Ac 4s 3h]: Ac back, 4s back, discards 3h", dealt)
        _, replay = replay_text(text)
        turn = [f for f in replay.findings if f.line == 8]
        assert [(f.rule_id, f.expected, f.actual) for f in turn] == [("OFC-PINEAPPLE", "3", str(placed))], turn

# ---------------------------------------------------------------- OFC-FANTASYLAND

FANTASY_A = "A fantasyland [Ah Ad Ac 4s 4d 7c 8c 9c Tc 2c 2h 3d 5s Kh]: " \
            "back [Ah Ad Ac 4s 4d] middle [7c 8c 9c Tc 2c] front [2h 3d 5s], discards [Kh]"


def test_ofc_fantasyland_entry_on_queens_in_front():
    text = classic_log({"A": A_HAND, "B": B_HAND}, variant="fantasyland")
    _, replay = replay_text(text)
    assert replay.findings == ()
    entries = {h.player: h.fantasyland_entry for h in replay.hands}
    assert entries == {"A": False, "B": True}  # B: QQ in front, unfouled


def test_ofc_fantasyland_no_entry_on_jacks_or_a_fouled_hand():
    jacks = "back [Ks Kc Kd 6h 6c] middle [5d 5h Qs Qh 8s] front [Jd Js 7d]"
    fouled = "back [Ks Kc 9d 6h 3c] middle [5d 5h Js Jd 8s] front [Qh Qs 7d]"
    for hand in (jacks, fouled):
        _, replay = replay_text(classic_log({"A": A_HAND, "B": hand}, variant="fantasyland"))
        assert not any(h.fantasyland_entry for h in replay.hands)


def test_ofc_fantasyland_in_a_classic_hand_counts_no_entry():
    _, replay = replay_text(classic_log({"A": A_HAND, "B": B_HAND}))
    assert not any(h.fantasyland_entry for h in replay.hands)


def _with_fantasy(a_line: str) -> str:
    lines = classic_log({"A": A_HAND, "B": B_HAND}, variant="fantasyland").splitlines()
    lines = [line for line in lines if not line.startswith("A ")]
    lines.insert(5, a_line)
    return "\n".join(lines)


def test_ofc_fantasyland_14_cards_at_once_and_stay_on_a_middle_full_house_or_better():
    _, replay = replay_text(_with_fantasy(FANTASY_A))
    assert replay.findings == ()
    a = next(h for h in replay.hands if h.player == "A")
    assert a.in_fantasyland and not a.fantasyland_stay  # aces full in back, a flush in the middle: out
    stay = ("A fantasyland [Ah Ad Ac 4s 4d 7c 8c 9c Tc Jc 2h 3d 5s Kh]: "
            "back [7c 8c 9c Tc Jc] middle [Ah Ad Ac 4s 4d] front [2h 3d 5s], discards [Kh]")
    _, replay = replay_text(_with_fantasy(stay))
    assert replay.findings == ()
    assert next(h for h in replay.hands if h.player == "A").fantasyland_stay
    fl = [p for p in replay.placements if p.player == "A"]
    assert len(fl) == 14 and all(p.is_fantasyland and p.turn_no == 0 for p in fl)


def test_ofc_fantasyland_wrong_card_count_or_variant_is_a_finding():
    short = FANTASY_A.replace(" Kh]:", "]:").replace(", discards [Kh]", "").replace("2c 2h 3d", "2c 2h 3d")
    twelve = short.replace(" 5s]:", "]:").replace("front [2h 3d 5s]", "front [2h 3d]")
    _, replay = replay_text(_with_fantasy(twelve))
    assert rule_ids(replay).count("OFC-FANTASYLAND") == 2  # 12 cards dealt, 12 set
    _, replay = replay_text(_with_fantasy(FANTASY_A).replace("Variant: fantasyland", "Variant: classic"))
    assert "OFC-FANTASYLAND" in rule_ids(replay)


def test_ofc_fantasyland_first_in_its_log_is_not_judged_across_hands():
    # replay_ofc judges one hand; whether its Fantasyland was earned is judged against the hand before
    # it in its log (tests/test_ofc_fantasyland_across_hands.py), and the rule, with docs/rules.md
    # (tests/test_docs.py), says where a hand has none.
    _, replay = replay_text(_with_fantasy(FANTASY_A))
    assert replay.findings == ()
    assert "a hand first in its log, or after a hand of other players, is not judged so" in RULES["OFC-FANTASYLAND"]


def test_every_ofc_rule_id_has_a_registered_text():
    for rule_id in ("OFC-ROWS", "OFC-PLACE", "OFC-ROYALTY", "OFC-PINEAPPLE", "OFC-FANTASYLAND"):
        assert len(RULES.get(rule_id, "")) > 20, rule_id


@pytest.mark.parametrize(("example", "after", "known"), [
    (formats_examples.CHINESE, "Dealer: Vera", "surrender"),
    (formats_examples.OFC, "Dealer: Boris", "straight flush"),
])
def test_unknown_rules_setting_quarantines_the_hand_naming_the_known_ones(example, after, known):
    # Issue 15: a setting the replay does not know is never ignored; the hand goes to quarantine
    # with a reason that names the settings there are, and the hands beside it are stored.
    broken = example.replace(after, after + "\nRules: jokers 2")
    result = parse_bytes((broken + "\n" + example).encode(), "night.txt")
    assert (result.count_games, result.count_quarantined) == (1, 1)
    [reason] = result.reasons
    assert "jokers 2" in reason and known in reason


# ---------------------------------------------------------------- the royalty tables of docs/rules.md

_MADE = {"straight": "9s 8d 7c 6h 5s", "flush": "As Js 8s 6s 3s", "full house": "Ks Kd Kc 6h 6c",
         "four of a kind": "7s 7d 7c 7h 2s", "straight flush": "9s 8s 7s 6s 5s", "royal flush": "As Ks Qs Js Ts",
         "three of a kind": "5d 5h 5c Jd 8s"}
# a front range "1 … 9": its ends are the lowest and the highest hand it names
_FRONT_ENDS = {"pair of sixes … aces": ("6s 6h 3c", "As Ah 3c"), "three of a kind, 2s … aces": ("2s 2h 2c", "As Ah Ac")}


def test_the_royalty_tables_of_the_docs_are_the_code_s():
    # docs/rules.md, "Royalty tables": every cell, the modern table's quads 10/20 and middle trips 2
    # among them, is what the code pays ("–" nothing; "as classic" the classic cell).
    from tests.conftest import ROOT

    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("### Royalty tables"):]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in section.splitlines()
            if line.startswith("| back") or line.startswith("| middle") or line.startswith("| front")]
    assert len(rows) == 15
    tables = (RoyaltyTable.CHINESE, RoyaltyTable.OFC_CLASSIC, RoyaltyTable.OFC_MODERN)
    for row_name, hand_name, *cells in rows:
        row = Row(row_name)
        cells[2] = cells[1] if cells[2] == "as classic" else cells[2]
        for table, cell in zip(tables, cells):
            paid = [royalty(row, evaluate(parse_cards(cards)).strength, table)
                    for cards in _FRONT_ENDS.get(hand_name, (_MADE.get(hand_name),))]
            written = [int(amount) for amount in re.findall(r"\d+", cell)] or [0]
            if hand_name in _FRONT_ENDS and len(written) == 1:
                written *= 2    # one amount for the whole range (the Chinese table's trips)
            assert paid == written[:2], (row_name, hand_name, table.value, cell)
