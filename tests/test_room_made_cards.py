"""HE-HAND-NAME on the five cards a show or summary line lists as the made hand: the Winning Poker
Network's ``(a pair of Queens [Qh Qd As 9c 8s])`` and ``… with a pair of Queens [Qh Qd As 9c 8s]``,
Bovada's ``Showdown [9s 9h 2h 2c Qs] (Two pair)`` and its summary's ``[2c 2h-9s 9h 2h 2c Qs]`` (the
hole cards, a dash, the five). Each listed card is one of the player's or the board's dealt by then,
none twice, and the five make the best hand of them. The hands here are worked by hand, their
expected five and hands counted from the cards (the evaluator writes a hand's made cards first, then
its kickers from the highest); the rooms' real samples are read last (skipped when absent)."""

from __future__ import annotations

import pytest

from parsers import bovada, winning
from rules.cards import Card
from rules.holdem_batch import batch_from_hands
from rules.holdem_engine import NotReplayed, replay
from rules.records import Source
from tests.conftest import corpus
from tests.room_corpus import parse_text, read_room


def hand_name_findings(parser, text: str) -> list[tuple[int, str, str, str]]:
    """(line, message, expected, actual) of each HE-HAND-NAME finding of the one hand of ``text``."""
    found = replay(parse_text(parser, text), allin_ev=False).findings
    return [(f.line, f.message, f.expected, f.actual) for f in found if f.rule_id == "HE-HAND-NAME"]


def line_of(text: str, words: str) -> int:
    return next(n for n, line in enumerate(text.strip("\n").split("\n"), 1) if words in line)


def changed(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def cards(codes) -> str:
    return " ".join(str(Card(int(c))) for c in codes if c >= 0)


# ////////////////////////////////////////////////////////////////////// Winning Poker Network

# Board Qh As 6c 2d 8s. Boris's 9c Qd: a pair of queens, kickers ace, nine, eight (Qh Qd As 9c 8s);
# Anna's 7d 6d: a pair of sixes, kickers ace, queen, eight (6d 6c As Qh 8s). Both lines of each list
# those five. Checked to the river, heads-up: Boris wins the $0.04 pot, Anna's small blind and call.
WINNING = """
Hand #900000001 - Holdem(No Limit) - $0.01/$0.02 - 2021/04/20 18:33:50 UTC
Fort Lupton 6-max Seat #1 is the button
Seat 1: Anna ($2)
Seat 2: Boris ($2)
Anna posts the small blind $0.01
Boris posts the big blind $0.02
*** HOLE CARDS ***
Anna calls $0.01
Boris checks
*** FLOP *** [Qh As 6c]
Boris checks
Anna checks
*** TURN *** [Qh As 6c] [2d]
Boris checks
Anna checks
*** RIVER *** [Qh As 6c 2d] [8s]
Boris checks
Anna checks
*** SHOW DOWN ***
Boris shows [9c Qd] (a pair of Queens [Qh Qd As 9c 8s])
Anna shows [7d 6d] (a pair of Sixs [6d 6c As Qh 8s])
Boris collected $0.04 from main pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
Board [Qh As 6c 2d 8s]
Seat 1: Anna (button) (small blind) showed [7d 6d] and lost with a pair of Sixs [6d 6c As Qh 8s]
Seat 2: Boris (big blind) showed [9c Qd] and won $0.04 with a pair of Queens [Qh Qd As 9c 8s]
"""


def test_winning_keeps_the_five_cards_after_each_name_in_the_record_and_the_batch():
    hand = parse_text(winning.parse, WINNING)
    listed = [(n.player, n.category, cards(c.code for c in n.cards), n.line) for n in hand.named_hands]
    assert listed == [("Boris", "PAIR", "Qh Qd As 9c 8s", 20), ("Anna", "PAIR", "6d 6c As Qh 8s", 21),
                      ("Anna", "PAIR", "6d 6c As Qh 8s", 26), ("Boris", "PAIR", "Qh Qd As 9c 8s", 27)]
    b = batch_from_hands([hand])
    shows = {int(line): cards(row) for line, row in zip(b.line, b.made_cards) if row[0] >= 0}
    assert shows == {20: "Qh Qd As 9c 8s", 21: "6d 6c As Qh 8s"}
    assert [(name, cards(row), int(line)) for name, row, line in zip(b.player, b.summary_made_cards,
                                                                     b.summary_made_line)] == [
        ("Anna", "6d 6c As Qh 8s", 26), ("Boris", "Qh Qd As 9c 8s", 27)]
    assert bool(b.has_named_hand[0])


def test_winning_a_card_listed_twice_is_a_finding():
    text = changed(WINNING, "a pair of Sixs [6d 6c As Qh 8s]\nSeat 2", "a pair of Sixs [6d 6c As Qh 6d]\nSeat 2")
    assert hand_name_findings(winning.parse, text) == [
        (line_of(text, "Seat 1: Anna (button) (small blind) showed"),
         "Anna's hand is listed as 6d 6c As Qh 6d, which holds 6d twice", "6d 6c As Qh 8s (pair of sixes)",
         "6d 6c As Qh 6d")]


def test_winning_five_cards_after_a_name_the_room_s_words_do_not_read_are_judged_alone():
    # 'a pair of Twelves' is no name of the room's: the name is not judged, its five cards are
    text = changed(WINNING, "(a pair of Queens [Qh Qd As 9c 8s])", "(a pair of Twelves [Qh Qd As 9c 6c])")
    line = line_of(text, "Boris shows")
    [named] = [n for n in parse_text(winning.parse, text).named_hands if n.line == line]
    assert (named.category, named.code) == (None, -1)
    assert hand_name_findings(winning.parse, text) == [
        (line, "Boris's hand is listed as Qh Qd As 9c 6c (pair of queens), not the best five of Boris's cards "
         "and the board", "Qh Qd As 9c 8s (pair of queens)", "Qh Qd As 9c 6c (pair of queens)")]


def test_a_made_hand_listed_with_more_than_five_cards_is_not_replayed():
    # no column holds a sixth card: the hand goes to quarantine saying so, as a third hole card does
    text = changed(WINNING, "(a pair of Queens [Qh Qd As 9c 8s])", "(a pair of Queens [Qh Qd As 9c 8s 2d])")
    assert not batch_from_hands([parse_text(winning.parse, text)]).in_lane[0]
    with pytest.raises(NotReplayed, match="five cards of a made hand"):
        replay(parse_text(winning.parse, text))


# ////////////////////////////////////////////////////////////////////// Bovada

# Board 6c 9h Qs 3c 9s. The Big Blind's 2c 2h: two pair, nines and twos, a queen kicker (9s 9h 2h 2c
# Qs); the Dealer's Kh Ah: a pair of nines, ace, king, queen (9s 9h Ah Kh Qs). Pot $0.60 (Hero's $0.10
# small blind, two big blinds), rake $0.03: the Big Blind's result is $0.57.
BOVADA = """
Bovada Hand #3000000001 TBL#101 HOLDEM No Limit - 2021-04-11 01:51:55
Seat 1: Dealer ($10 in chips)
Seat 2: Small Blind [ME] ($10 in chips)
Seat 3: Big Blind ($10 in chips)
Dealer : Set dealer [1]
Small Blind  [ME] : Small Blind $0.10
Big Blind : Big blind $0.25
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Kh Ah]
Small Blind  [ME] : Card dealt to a spot [5d 4d]
Big Blind : Card dealt to a spot [2c 2h]
Dealer : Calls $0.25
Small Blind  [ME] : Folds
Big Blind : Checks
*** FLOP *** [6c 9h Qs]
Big Blind : Checks
Dealer : Checks
*** TURN *** [6c 9h Qs] [3c]
Big Blind : Checks
Dealer : Checks
*** RIVER *** [6c 9h Qs 3c] [9s]
Big Blind : Checks
Dealer : Checks
Big Blind : Showdown [9s 9h 2h 2c Qs] (Two pair)
Dealer : Showdown [9s 9h Ah Kh Qs] (One pair)
Big Blind : Hand result $0.57
*** SUMMARY ***
Total Pot($0.60) | Rake ($0.03)
Board [6c 9h Qs 3c 9s]
Seat+1: Dealer lost with One pair [Kh Ah-Ah Kh Qs 9s 9h]
Seat+2: Small Blind [ME] Folded before the FLOP
Seat+3: Big Blind $0.57  with Two pair [2c 2h-9s 9h 2h 2c Qs]
"""


def test_bovada_keeps_the_showdown_s_five_and_the_summary_s_five_after_the_hole_cards():
    hand = parse_text(bovada.parse, BOVADA)
    listed = [(n.player, n.category, cards(c.code for c in n.cards), n.line) for n in hand.named_hands]
    # the summary's names of the kind are not read: the room names a folded player's hand too
    assert listed == [("Big Blind", "TWO_PAIR", "9s 9h 2h 2c Qs", 24), ("Dealer", "PAIR", "9s 9h Ah Kh Qs", 25),
                      ("Dealer", None, "Ah Kh Qs 9s 9h", 30), ("Big Blind", None, "9s 9h 2h 2c Qs", 32)]
    b = batch_from_hands([hand])
    assert [(name, cards(row), int(line)) for name, row, line in zip(b.player, b.summary_made_cards,
                                                                     b.summary_made_line)] == [
        ("Dealer", "Ah Kh Qs 9s 9h", 30), ("Hero", "", 0), ("Big Blind", "9s 9h 2h 2c Qs", 32)]


@pytest.mark.parametrize("room", [winning, bovada], ids=["winning", "bovada"])
def test_a_hand_listing_the_best_five_is_no_finding(room):
    assert hand_name_findings(room.parse, {winning: WINNING, bovada: BOVADA}[room]) == []


# Per room, a card not dealt and five that are not the best: (the room, the listing as written and as
# changed, the words of the line cited, the message, expected, actual)
LISTINGS_AT_FAULT = [
    # Kc is neither Boris's (9c Qd) nor the board's
    (winning, "(a pair of Queens [Qh Qd As 9c 8s])", "(a pair of Queens [Qh Qd As Kc 8s])", "Boris shows",
     "Boris's hand is listed as Qh Qd As Kc 8s, but Kc is neither Boris's cards nor the board's",
     "Qh Qd As 9c 8s (pair of queens)", "Qh Qd As Kc 8s"),
    # Boris's cards and the board's, a pair of queens as named, but with the board's 2d for the kicker 8s
    (winning, "won $0.04 with a pair of Queens [Qh Qd As 9c 8s]", "won $0.04 with a pair of Queens [Qh Qd As 9c 2d]",
     "Seat 2: Boris (big blind) showed", ("Boris's hand is listed as Qh Qd As 9c 2d (pair of queens), not the best "
                                          "five of Boris's cards and the board"),
     "Qh Qd As 9c 8s (pair of queens)", "Qh Qd As 9c 2d (pair of queens)"),
    (bovada, "[2c 2h-9s 9h 2h 2c Qs]", "[2c 2h-9s 9h 2h 2c Ks]", "Seat+3: Big Blind",
     "Big Blind's hand is listed as 9s 9h 2h 2c Ks, but Ks is neither Big Blind's cards nor the board's",
     "9s 9h 2h 2c Qs (two pair, nines and twos)", "9s 9h 2h 2c Ks"),
    # the board's 6c for its queen: a pair of nines still, as the line's kind says
    (bovada, "Showdown [9s 9h Ah Kh Qs]", "Showdown [9s 9h Ah Kh 6c]", "Dealer : Showdown",
     "Dealer's hand is listed as 9s 9h Ah Kh 6c (pair of nines), not the best five of Dealer's cards and the board",
     "9s 9h Ah Kh Qs (pair of nines)", "9s 9h Ah Kh 6c (pair of nines)"),
]


@pytest.mark.parametrize(("room", "old", "new", "cited", "message", "expected", "actual"), LISTINGS_AT_FAULT,
                         ids=["winning-not-dealt", "winning-not-best", "bovada-not-dealt", "bovada-not-best"])
def test_a_listing_of_a_card_not_dealt_or_of_five_not_the_best_is_a_finding_at_its_line(
        room, old, new, cited, message, expected, actual):
    text = changed({winning: WINNING, bovada: BOVADA}[room], old, new)
    assert hand_name_findings(room.parse, text) == [(line_of(text, cited), message, expected, actual)]


def test_bovada_showdown_listing_four_cards_is_a_finding():
    text = changed(BOVADA, "Showdown [9s 9h 2h 2c Qs]", "Showdown [9s 9h 2h 2c]")
    assert hand_name_findings(bovada.parse, text) == [
        (line_of(text, "Big Blind : Showdown"), "Big Blind's hand is listed as 9s 9h 2h 2c, not five cards",
         "9s 9h 2h 2c Qs (two pair, nines and twos)", "9s 9h 2h 2c")]


def test_bovada_a_player_whose_cards_are_not_known_may_list_two_cards_off_the_board_and_no_more():
    # the Dealer's 'Card dealt' line gone: the Dealer's two cards stand for any two off the board, and what
    # the five make is not judged; three cards off the board are more than the Dealer holds
    text = changed(BOVADA, "Dealer : Card dealt to a spot [Kh Ah]\n", "")
    assert hand_name_findings(bovada.parse, text) == []
    three = changed(text, "[Kh Ah-Ah Kh Qs 9s 9h]", "[Kh Ah-Ah Kh Jd 9s 9h]")
    assert hand_name_findings(bovada.parse, three) == [
        (line_of(three, "Seat+1: Dealer"), "Dealer's hand is listed as Ah Kh Jd 9s 9h, but Ah, Kh and Jd are not "
         "on the board, more cards than the two Dealer holds",
         "five of Dealer's two cards and the board 6c 9h Qs 3c 9s", "Ah Kh Jd 9s 9h")]


# ////////////////////////////////////////////////////////////////////// the rooms' real samples

SUMMARY_OF_ANOTHER_HAND = ("LHE-USD-8-16-201204.old.format.txt", "2596806815", 7863)
"""The one line of the samples whose five cards are not the player's and the board's: hand 2596806815's
summary is an Omaha hand's (its seats show four hole cards each; the pot of $57.50 split between two
two-pair, aces and queens, each of two hole cards and three of the board Ad 3d 7h Qc 4d, as Omaha
makes them), and 'Seat 3: Small Blind $27.75  with Two pair [7s Qh Ah Ts-Qh Ah Ad 7h Qc]' lists four
cards that are not on this hand's board, 3d Qs Qc Kh 7d, for a seat dealt none."""


@pytest.mark.parametrize(("room", "lines", "off"), [("Winning", 14, []),
                                                   ("Bovada", 601, [SUMMARY_OF_ANOTHER_HAND])])
def test_every_made_hand_the_samples_list_is_the_best_five_but_one_summary_of_another_hand(room, lines, off):
    # Winning: 7 show and 7 summary lines; Bovada: 334 showdown and 267 summary lines
    run = read_room(corpus("rooms", room))
    listing = sum(bool(named.cards) for _, hand, _ in run.stored for named in hand.named_hands)
    found = [(name, hand.hand_id, f.line) for name, hand, result in run.stored for f in result.findings
             if f.rule_id == "HE-HAND-NAME"]
    assert (listing, found) == (lines, off)


def test_the_summary_of_another_hand_is_worded_as_four_cards_off_the_board():
    name, hand_id, line = SUMMARY_OF_ANOTHER_HAND
    lines = (corpus("rooms", "Bovada") / "Flop" / name).read_text(encoding="utf-8-sig").split("\n")
    start = max(n for n in range(line) if lines[n].startswith(f"Bovada Hand #{hand_id} "))
    end = next(n for n in range(line, len(lines)) if not lines[n].strip())
    source = Source(file=name, first_line=start + 1, last_line=end, game_id="t")
    hand = bovada.parse(tuple(lines[start:end]), source)
    [finding] = [f for f in replay(hand, allin_ev=False).findings if f.rule_id == "HE-HAND-NAME"]
    assert (finding.line, finding.message, finding.expected, finding.actual) == (
        line, "Small Blind's hand is listed as Qh Ah Ad 7h Qc, but Qh, Ah, Ad and 7h are not on the board, "
        "more cards than the two Small Blind holds",
        "five of Small Blind's two cards and the board 3d Qs Qc Kh 7d", "Qh Ah Ad 7h Qc")

