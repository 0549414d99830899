"""HE-HAND-NAME in the other rooms' readers: a real hand of each room's samples, its show or summary
line's words changed to name a hand the cards do not make, is one finding at that line, naming what
the cards make (worked out by hand from the cards and the board here, not read from the engine);
the hand as the room wrote it has none. PokerStars' own cases are tests/test_holdem_hand_name.py."""

from __future__ import annotations

from parsers import bovada, ggpoker, partypoker, winamax, winning
from rules.holdem_engine import replay
from tests.conftest import corpus
from tests.room_corpus import parse_text


def sample_hand(room: str, file: str, first: str, *, blank_lines: int = 0) -> str:
    """The text of one hand of a room's sample file: from the line that holds ``first`` to the blank
    line after it (after ``blank_lines`` blank lines inside the hand)."""
    lines = (corpus("rooms", room) / "Flop" / file).read_text(encoding="utf-8-sig").replace("\r", "").split("\n")
    start = next(n for n, line in enumerate(lines) if first in line)
    end = [n for n in range(start, len(lines)) if not lines[n].strip()][blank_lines:][:1] or [len(lines)]
    end = end[0]
    return "\n".join(lines[start:end])


def hand_name_findings(parser, text: str) -> list[tuple[int, str, str]]:
    """(line, expected, actual) of each HE-HAND-NAME finding of the one hand of ``text``."""
    return [(f.line, f.expected, f.actual) for f in replay(parse_text(parser, text), allin_ev=False).findings
            if f.rule_id == "HE-HAND-NAME"]


def line_of(text: str, words: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if words in line)


# ////////////////////////////////////////////////////////////////////// GGPoker

# Short Deck: board Ah 6d Ks Qc 8h; f1da9c5a shows Qh Ts (a pair of queens with the board's Qc),
# 27925b27 8d Td (a pair of eights with the board's 8h).
GG_SHORT_DECK = ("GGPoker", "NL-ShortDeck-5max-USD-0.2-202103.txt", "Poker Hand #SD27208838")


def test_ggpoker_names_as_written_are_no_finding():
    assert hand_name_findings(ggpoker.parse, sample_hand(*GG_SHORT_DECK)) == []


def test_ggpoker_show_line_naming_another_pair_is_a_finding_at_that_line():
    text = sample_hand(*GG_SHORT_DECK).replace("(Pair of Queens)", "(Pair of Kings)")
    assert hand_name_findings(ggpoker.parse, text) == [
        (line_of(text, "f1da9c5a: shows"), "pair of queens", "pair of kings")]


def test_ggpoker_summary_line_naming_trips_for_a_pair_is_a_finding_at_that_line():
    text = sample_hand(*GG_SHORT_DECK).replace("lost with Pair of Eights", "lost with Three Eights")
    assert hand_name_findings(ggpoker.parse, text) == [
        (line_of(text, "lost with Three Eights"), "pair of eights", "three of a kind, eights")]


def test_ggpoker_names_a_high_card_by_its_top_rank():
    # The room's words for a high card, 'Ace-High' (as 'Queen-High' in a show line, 'lost with Ace-High'
    # in a summary): f1da9c5a's 7c Jd on Ah 6d Ks Qc 8h make no pair and no straight (no ten, no nine),
    # an ace high; named a jack high, the show line is a finding, and so is a summary naming a pair an ace high.
    text = sample_hand(*GG_SHORT_DECK).replace("[Qh Ts]", "[7c Jd]")
    ace_high = text.replace("(Pair of Queens)", "(Ace-High)").replace("with Pair of Queens", "with Ace-High")
    assert hand_name_findings(ggpoker.parse, ace_high) == []
    assert hand_name_findings(ggpoker.parse, ace_high.replace("(Ace-High)", "(Jack-High)")) == [
        (line_of(text, "f1da9c5a: shows"), "high card, ace", "high card, jack")]
    eights = sample_hand(*GG_SHORT_DECK).replace("lost with Pair of Eights", "lost with Ace-High")
    assert hand_name_findings(ggpoker.parse, eights) == [
        (line_of(eights, "lost with Ace-High"), "pair of eights", "high card, ace")]


def test_ggpoker_reads_each_board_of_a_hand_run_twice():
    # Td Ts on the first board Tc 8h Ah 6h Jd make three tens, on the second 9h 9c Kc 6s As two pair,
    # tens and nines: the summary names them in that order, one a board
    text = sample_hand("GGPoker", "NL-ShortDeck-5max-USD-100-202104.internal.txt", "Poker Hand #")
    assert hand_name_findings(ggpoker.parse, text) == []
    swapped = text.replace("and lost with Three Tens, and lost with Pair of Tens and Pair of Nines",
                           "and lost with Pair of Tens and Pair of Nines, and lost with Three Tens")
    line = line_of(text, "lost with Three Tens")
    assert sorted(hand_name_findings(ggpoker.parse, swapped)) == [
        (line, "three of a kind, tens", "two pair, tens and nines"),
        (line, "two pair, tens and nines", "three of a kind, tens")]


# ////////////////////////////////////////////////////////////////////// PartyPoker

# board Td 7c 9h 3h Jc; Hero shows 8h Kc: seven to jack, a straight
PARTY_STRAIGHT = ("PartyPoker", "NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt", "Game #9485557849 starts.")


def test_partypoker_names_as_written_are_no_finding():
    assert hand_name_findings(partypoker.parse, sample_hand(*PARTY_STRAIGHT, blank_lines=1)) == []


def test_partypoker_show_line_naming_another_straight_is_a_finding_at_that_line():
    text = sample_hand(*PARTY_STRAIGHT, blank_lines=1).replace("Kc ]a straight, Seven to Jack.",
                                                               "Kc ]a straight, Eight to Queen.")
    assert hand_name_findings(partypoker.parse, text) == [
        (line_of(text, "Hero shows"), "straight, jack high", "straight, queen high")]


def test_partypoker_show_line_naming_a_flush_for_a_straight_is_a_finding():
    text = sample_hand(*PARTY_STRAIGHT, blank_lines=1).replace("Kc ]a straight, Seven to Jack.",
                                                               "Kc ]a flush, King high.")
    assert hand_name_findings(partypoker.parse, text) == [
        (line_of(text, "Hero shows"), "straight, jack high", "flush, king high")]


def test_partypoker_names_three_of_a_kind_a_full_house_and_four_of_a_kind_in_its_words():
    # Hero's Th Tc on Td 7c 9h 3h Jc make three tens, 'three of a kind, Tens with Jack kicker.' in
    # the room's words; naming his straight a full house or four of a kind is a finding, read in those words.
    trips = sample_hand(*PARTY_STRAIGHT, blank_lines=1).replace("8h Kc", "Th Tc").replace("8h, Kc", "Th, Tc")
    assert hand_name_findings(partypoker.parse, trips.replace(
        "Tc ]a straight, Seven to Jack.", "Tc ]three of a kind, Tens with Jack kicker.")) == []
    assert hand_name_findings(partypoker.parse, trips.replace("Tc ]a straight, Seven to Jack.", "Tc ]a pair of Tens.")) == [
        (line_of(trips, "Hero shows"), "three of a kind, tens", "pair of tens")]
    text = sample_hand(*PARTY_STRAIGHT, blank_lines=1)
    for words, named in (("a full house, Kings full of Sevens.", "full house, kings full of sevens"),
                         ("four of a kind, Nines.", "four of a kind, nines")):
        assert hand_name_findings(partypoker.parse, text.replace("Kc ]a straight, Seven to Jack.", f"Kc ]{words}")) == [
            (line_of(text, "Hero shows"), "straight, jack high", named)]


# ////////////////////////////////////////////////////////////////////// Winamax

# board Qc 5d Qh Ks 5h; Player4 shows Js Jd (two pair, queens and jacks), Player8 Qs Qd (four
# queens), Hero Kd Kh (kings full of queens)
WINAMAX_FULL = ("Winamax", "NLHE-FR-EUR-0.02-0.05-201010.Side.pot.Biggest.stack.loses.main.txt",
                "HandId: #910116-28-1298310000")


def test_winamax_names_as_written_are_no_finding():
    assert hand_name_findings(winamax.parse, sample_hand(*WINAMAX_FULL)) == []


def test_winamax_show_line_naming_the_full_house_the_other_way_round_is_a_finding_at_that_line():
    text = sample_hand(*WINAMAX_FULL).replace("(Full of Kings and Queens)", "(Full of Queens and Kings)")
    assert hand_name_findings(winamax.parse, text) == [
        (line_of(text, "Hero shows"), "full house, kings full of queens", "full house, queens full of kings")]


def test_winamax_summary_line_naming_another_second_pair_is_a_finding_at_that_line():
    text = sample_hand(*WINAMAX_FULL).replace("lost with Two pairs : Queens and Jacks", "lost with Two pairs : Queens and 5")
    assert hand_name_findings(winamax.parse, text) == [
        (line_of(text, "Two pairs : Queens and 5"), "two pair, queens and jacks", "two pair, queens and fives")]


# ////////////////////////////////////////////////////////////////////// Winning Poker Network

# board 5s 3s 3c 8d 8c; Player6 shows Ac 6c (two pair, eights and threes), Player8 7d 8h (eights
# full of threes)
WINNING_FULL = ("Winning", "NLHE-9max-USD-0.02-0.05-202104.post.dead.txt", "Hand #784383001")


def test_winning_names_as_written_are_no_finding():
    assert hand_name_findings(winning.parse, sample_hand(*WINNING_FULL)) == []


def test_winning_show_line_naming_the_full_house_the_other_way_round_is_a_finding_at_that_line():
    text = sample_hand(*WINNING_FULL).replace("(a full house, Eights full of Threes [", "(a full house, Threes full of Eights [")
    assert hand_name_findings(winning.parse, text) == [
        (line_of(text, "Player8 shows"), "full house, eights full of threes", "full house, threes full of eights")]


def test_winning_summary_line_naming_a_pair_for_two_pair_is_a_finding_at_that_line():
    text = sample_hand(*WINNING_FULL).replace("lost with two pair, Eights and Threes [8d 8c 3s 3c Ac]",
                                              "lost with a pair of Eights [8d 8c 3s 3c Ac]")
    assert hand_name_findings(winning.parse, text) == [
        (line_of(text, "lost with a pair of Eights"), "two pair, eights and threes", "pair of eights")]


# ////////////////////////////////////////////////////////////////////// Bovada

# board 6c 9h Qs 3c 9s; Big Blind holds 2c 2h: two pair, nines and twos (the line names the kind
# alone); UTG+2 mucks Kh Ah face up, named too, but a muck's name is not read
BOVADA_TWO_PAIR = ("Bovada", "NLHE-6max-USD - $0.10-$0.25 - 202104.ZonePoker.txt", "Bovada Hand #4101241126")


def test_bovada_names_as_written_are_no_finding():
    assert hand_name_findings(bovada.parse, sample_hand(*BOVADA_TWO_PAIR)) == []


def test_bovada_showdown_line_naming_another_kind_is_a_finding_at_that_line():
    text = sample_hand(*BOVADA_TWO_PAIR).replace("Qs] (Two pair)", "Qs] (Three of a kind)")
    assert hand_name_findings(bovada.parse, text) == [
        (line_of(text, "Big Blind : Showdown"), "two pair, nines and twos", "three of a kind")]


def test_bovada_showdown_line_naming_a_straight_flush_is_read():
    # 'Showdown [5s 6s 4s 2s 3s] (Straight Flush)' in the room's words: a kind like the others, held
    # against the Big Blind's two pair
    text = sample_hand(*BOVADA_TWO_PAIR).replace("Qs] (Two pair)", "Qs] (Straight Flush)")
    assert hand_name_findings(bovada.parse, text) == [
        (line_of(text, "Big Blind : Showdown"), "two pair, nines and twos", "straight flush")]


# ////////////////////////////////////////////////////////////////////// a summary line's names, one reader

def test_the_rooms_read_a_summary_lines_names_after_with_the_one_way():
    from rules.cards import Rank

    # GGPoker names one hand a board, a comma after each (the comma in an amount is before 'with')
    assert ggpoker.HAND_WORDS.named_in_summary(
        "showed [Qs Ks] and won ($1,354) with Aces-High Straight, and won ($1,354) with Pair of Kings and Pair of Nines",
        between_boards=",") == [("STRAIGHT", Rank.ACE, None), ("TWO_PAIR", Rank.KING, Rank.NINE)]
    # Winning names one hand to the end of the line, commas and its five cards included
    assert winning.HAND_WORDS.named_in_summary("showed [8h 3d] and won ($2.10) with two pair, Eights and Threes "
                                               "[8h 8c 3d 3s Kc]") == [("TWO_PAIR", Rank.EIGHT, Rank.THREE)]
    assert winamax.HAND_WORDS.named_in_summary("showed [Jh Jd] and won 10€ with One pair : Jack") == \
        [("PAIR", Rank.JACK, None)]
    assert winamax.HAND_WORDS.named_in_summary("folded before Flop") == []
