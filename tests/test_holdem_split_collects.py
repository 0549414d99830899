"""Split pots paid wrong, in real PokerStars hands edited the way a dispute reads: each share paid to the
wrong player is cited at the line that pays it, under the rule it breaks, with what the rules give, and a
winner's right collect lines are no finding (hand-worked below; lines count from the hand's header, 1).

The hands come from the real corpus (skipped without it)."""
from __future__ import annotations

from rules.findings import Severity
from tests.holdem_helpers import corpus_hand, edit_line, engine_findings, findings_in_words
from tests.test_holdem_arbiter import EUR_6MAX, FLOP, MICROGRIND


def _edits(text: str, *edits: tuple[str, str]) -> str:
    for line, edited in edits:
        text = edit_line(text, line, edited)
    return text


def _severity(text: str, line: int) -> Severity:
    from parsers.formats import HEADERS, parse_chunk
    from parsers.source import normalize_lines, split_games
    from rules.holdem_batch import batch_from_hands
    from rules.holdem_explain import explain
    from rules.holdem_fast import replay_batch

    (chunk,) = split_games(normalize_lines(text), HEADERS)
    b = batch_from_hands([parse_chunk(chunk, "hand.txt")])
    (found,) = [f for f in explain(b, replay_batch(b, allin_ev=False)) if f.line == line]
    return found.severity


# Hand #41511921426 (see test_holdem_arbiter): Player20 (seat 1, index 0) Ad Ah, Player10 (seat 2, index 1) all in
# for 1.05, Player9 (seat 9, the button, index 5) all in for 2.84; main pot 3.15, side pot 3.58, listed after the
# rake of 0.30 as $3 and $3.43. Board 2c 2s Ts Kd 9s. The button is seat 9: clockwise from it, Player20 (seat 1)
# is the first winner of any pot he shares, and gets its odd cent.
def _three_way() -> str:
    return corpus_hand(MICROGRIND, "41511921426")


def _side_pot_split() -> str:
    """Player9 shows Ac As: aces up with a king, as Player20. Player10's kings full take the main pot, $3 (line 37);
    Player20 and Player9 share the side pot, for which Player10's 1.05 is too short: 3.43 / 2 = 1.715, the odd
    cent to Player20, 1.72 (line 34), Player9 1.71 (line 35). Summary lines: Player20 41, Player10 42, Player9 46."""
    return _edits(_three_way(),
                  ("Player9: shows [Qs 7h] (a pair of Deuces)", "Player9: shows [Ac As] (two pair, Aces and Deuces)"),
                  ("Player20 collected $3.43 from side pot",
                   "Player20 collected $1.72 from side pot\nPlayer9 collected $1.71 from side pot"),
                  ("won ($3.43) with two pair", "won ($1.72) with two pair"),
                  ("Seat 9: Player9 (button) showed [Qs 7h] and lost with a pair of Deuces",
                   "Seat 9: Player9 (button) showed [Ac As] and won ($1.71) with two pair, Aces and Deuces"))


def _both_pots_split() -> str:
    """As :func:`_side_pot_split`, but Player10 shows Qh Qd: queens up lose, so Player20 and Player9 share the main
    pot too, 3 / 2 = 1.50 each (lines 37, 38). Player20 wins 3.22, Player9 3.21; Player10 nothing. Summary lines:
    Player20 42, Player10 43, Player9 47."""
    return _edits(_side_pot_split(),
                  ("Player10: shows [Kh Ks] (a full house, Kings full of Deuces)",
                   "Player10: shows [Qh Qd] (two pair, Queens and Deuces)"),
                  ("Player10 collected $3 from main pot",
                   "Player20 collected $1.50 from main pot\nPlayer9 collected $1.50 from main pot"),
                  ("won ($1.72) with two pair", "won ($3.22) with two pair"),
                  ("and won ($1.71) with two pair", "and won ($3.21) with two pair"),
                  ("Seat 2: Player10 (big blind) showed [Kh Ks] and won ($3) with a full house, Kings full of Deuces",
                   "Seat 2: Player10 (big blind) showed [Qh Qd] and lost with two pair, Queens and Deuces"))


def _main_pot_split() -> str:
    """Player10 shows Ac As: he and Player20 share the main pot, 3 / 2 = 1.50 each (Player10 line 36, Player20 line
    37), and Player20 alone takes the side pot, 3.43 (line 34): 4.93 in all. Player9's Q7 loses both. Summary
    lines: Player20 41, Player10 42, Player9 45."""
    return _edits(_three_way(),
                  ("Player10: shows [Kh Ks] (a full house, Kings full of Deuces)",
                   "Player10: shows [Ac As] (two pair, Aces and Deuces)"),
                  ("Player10 collected $3 from main pot",
                   "Player10 collected $1.50 from main pot\nPlayer20 collected $1.50 from main pot"),
                  ("won ($3.43) with two pair", "won ($4.93) with two pair"),
                  ("showed [Kh Ks] and won ($3) with a full house, Kings full of Deuces",
                   "showed [Ac As] and won ($1.50) with two pair, Aces and Deuces"))


def test_the_edited_split_pot_hands_are_clean():
    assert engine_findings(_side_pot_split()) == set()
    assert engine_findings(_both_pots_split()) == set()
    assert engine_findings(_main_pot_split()) == set()


def test_he_showdown_a_loser_paid_one_winners_share_of_a_split_main_pot():
    # line 37 pays Player20's 1.50 of the main pot to Player9, who loses it: HE-SHOWDOWN there, expected nothing,
    # actual 150, naming Player20, whose side pot line (34, 3.43) and summary line (41, 4.93) are right and no
    # finding, though his lines give 3.43 of 4.93
    text = _edits(_main_pot_split(), ("Player20 collected $1.50 from main pot", "Player9 collected $1.50 from main pot"))
    assert engine_findings(text) == {("HE-SHOWDOWN", 37, 5, 0, 150)}
    assert findings_in_words(text) == {37: (
        "HE-SHOWDOWN", "Player9 collects 1.50 without holding the best hand among the players eligible for the pot",
        "Player20", "Player9 collects 1.50")}


def test_he_showdown_a_loser_paid_the_share_of_a_winner_who_has_no_other_line():
    # line 36 pays Player10's 1.50 to Player9: cited there, naming Player10, who collects nothing and is cited at
    # his summary line (42), which says the 1.50 the rules give him
    text = _edits(_main_pot_split(), ("Player10 collected $1.50 from main pot", "Player9 collected $1.50 from main pot"))
    assert engine_findings(text) == {("HE-SHOWDOWN", 36, 5, 0, 150), ("HE-SPLIT", 42, 1, 150, 0)}
    words = findings_in_words(text)
    assert words[36][2:] == ("Player10", "Player9 collects 1.50")
    assert words[42] == ("HE-SPLIT", "Player10 should collect 1.50, as Player10's summary line says, but no collect "
                         "line pays it", "Player10 collects 1.50", "nothing")


def test_he_split_a_co_winner_paid_the_whole_split_main_pot():
    # Player10's one line (36) takes the whole main pot, 3, where his equal share is 1.50; Player20, no line of
    # whose pays the main pot, has only his right side pot line (34): no finding there
    text = _edits(_main_pot_split(), ("Player10 collected $1.50 from main pot\nPlayer20 collected $1.50 from main pot",
                                      "Player10 collected $3 from main pot"))
    assert engine_findings(text) == {("HE-SPLIT", 36, 1, 150, 300)}


def test_room_odd_chip_swapped_in_a_split_main_pot_is_cited_at_the_main_pot_lines():
    # the summary lists the main pot as $2.99 under a rake of 0.31 (2.99 + 3.43 = 6.42 = 6.73 - 0.31): 2.99 / 2 =
    # 1.495, the odd cent to Player20 (1.50, line 37), Player10 1.49 (line 36). The cent
    # swapped in the main pot lines: each main pot line is cited for its own amount (Player10 line 36: 149
    # expected, 150 actual; Player20 line 37: 150, 149), the odd-chip fact, and Player20's side pot line (34) is not
    odd = _edits(_main_pot_split(), ("Main pot $3. Side pot $3.43. | Rake $0.30", "Main pot $2.99. Side pot $3.43. | Rake $0.31"),
                 ("Player10 collected $1.50 from main pot", "Player10 collected $1.49 from main pot"),
                 ("showed [Ac As] and won ($1.50)", "showed [Ac As] and won ($1.49)"))
    assert engine_findings(odd) == set()
    text = _edits(odd, ("Player10 collected $1.49 from main pot", "Player10 collected $1.50 from main pot"),
                  ("Player20 collected $1.50 from main pot", "Player20 collected $1.49 from main pot"))
    assert engine_findings(text) == {("HE-SPLIT", 36, 1, 149, 150), ("HE-SPLIT", 37, 0, 150, 149)}
    assert {line: (rule, expected, actual) for line, (rule, _, expected, actual) in findings_in_words(text).items()} == {
        36: ("ROOM-ODD-CHIP", "1.49", "1.50"), 37: ("ROOM-ODD-CHIP", "1.50", "1.49")}


def test_he_side_pot_a_player_all_in_for_less_paid_a_share_of_a_split_side_pot():
    # line 35 pays Player9's 1.71 of the side pot to Player10, all in for 1.05, short of it: HE-SIDE-POT there,
    # naming Player9, who collects nothing and is cited at his summary line (46); Player20's line 34 is right
    text = _edits(_side_pot_split(), ("Player9 collected $1.71 from side pot", "Player10 collected $1.71 from side pot"))
    assert engine_findings(text) == {("HE-SIDE-POT", 35, 1, 0, 171), ("HE-SPLIT", 46, 5, 171, 0)}
    rule, message, expected, actual = findings_in_words(text)[35]
    assert (rule, expected, actual) == ("HE-SIDE-POT", "Player9", "Player10 collects 1.71")
    assert message.startswith("Player10 collects 1.71 from a pot Player10 may not win, being all in for less")


def test_he_side_pot_a_share_paid_away_from_a_winner_whose_other_pot_is_right():
    # both pots split: line 34 pays Player20's 1.72 of the side pot to Player10 (all in for less): cited there,
    # naming Player20, whose main pot line (37, 1.50) and summary line are right and no finding
    text = _edits(_both_pots_split(), ("Player20 collected $1.72 from side pot", "Player10 collected $1.72 from side pot"))
    assert engine_findings(text) == {("HE-SIDE-POT", 34, 1, 0, 172)}
    assert findings_in_words(text)[34][2:] == ("Player20", "Player10 collects 1.72")


def test_he_showdown_a_loser_paid_a_share_of_one_of_two_split_pots():
    # line 38 pays Player9's 1.50 of the main pot to Player10, whose queens up lose it: cited there, naming
    # Player9, whose side pot line (35, 1.71) is right and no finding
    text = _edits(_both_pots_split(), ("Player9 collected $1.50 from main pot", "Player10 collected $1.50 from main pot"))
    assert engine_findings(text) == {("HE-SHOWDOWN", 38, 1, 0, 150)}
    assert findings_in_words(text)[38][2:] == ("Player9", "Player10 collects 1.50")


def test_room_odd_chip_swapped_in_one_of_two_split_pots_is_cited_for_that_pot():
    # the side pot's odd cent to Player9: lines 34 (1.72 expected, 1.71 actual) and 35 (1.71, 1.72), each for
    # its own line, not for the sums 3.22 and 3.21 no line states; the main pot lines are right
    text = _edits(_both_pots_split(), ("Player20 collected $1.72 from side pot", "Player20 collected $1.71 from side pot"),
                  ("Player9 collected $1.71 from side pot", "Player9 collected $1.72 from side pot"))
    assert engine_findings(text) == {("HE-SPLIT", 34, 0, 172, 171), ("HE-SPLIT", 35, 5, 171, 172)}
    assert {line: words[0] for line, words in findings_in_words(text).items()} == {34: "ROOM-ODD-CHIP", 35: "ROOM-ODD-CHIP"}


def test_he_split_a_co_winner_paid_a_second_share_of_a_split_pot():
    # line 35 pays Player9's 1.71 of the side pot to Player20 as a second line: the rules give that line
    # nothing (Player20's 1.72 is paid at line 34), expected nothing, actual 171, naming Player9; an error, as
    # 1.71 is over the rake. Player9's main pot line (38) is right: no finding for him.
    text = _edits(_both_pots_split(), ("Player9 collected $1.71 from side pot", "Player20 collected $1.71 from side pot"))
    assert engine_findings(text) == {("HE-SPLIT", 35, 0, 0, 171)}
    assert findings_in_words(text)[35] == ("HE-SPLIT", "Player20 collects 1.71 again from a pot Player20 shares: another collect line "
                                "of that pot already pays Player20 an equal share", "Player9", "Player20 collects 1.71")
    assert _severity(text, 35) is Severity.ERROR
    # with the side pot alone split, Player9 has no other line: cited at his summary line (46) as well
    alone = _edits(_side_pot_split(), ("Player9 collected $1.71 from side pot", "Player20 collected $1.71 from side pot"))
    assert engine_findings(alone) == {("HE-SPLIT", 35, 0, 0, 171), ("HE-SPLIT", 46, 5, 171, 0)}


def test_an_extra_payment_beside_both_right_split_lines():
    # both side pot lines right, and line 36 pays Player10, all in for less, 1 more from the side pot: cited there,
    # naming both winners (each is paid his share); the collect lines make 7.43 of the 6.43 the pots hold after
    # the rake, HE-POT-BALANCE at the total line (40)
    text = _edits(_side_pot_split(), ("Player9 collected $1.71 from side pot",
                                      "Player9 collected $1.71 from side pot\nPlayer10 collected $1 from side pot"))
    assert engine_findings(text) == {("HE-SIDE-POT", 36, 1, 0, 100), ("HE-POT-BALANCE", 40, -1, 643, 743)}
    assert findings_in_words(text)[36][2] == "Player20, Player9"


# Hand #14402833808 (four two pairs, kings and deuces, on a board that plays), edited to a three-way split:
# Player6 folds before the flop, so Hero (seat 8, index 7, small blind), Player7 (seat 9, index 8, big blind)
# and Player1 (seat 2, index 1) put in 0.50 each: 1.50 less a rake of 0.07 is 1.43, 0.47 each and 2 odd cents
# to the first winners clockwise from the button (seat 7): Hero 0.48 (line 41), Player7 0.48 (42), Player1
# 0.47 (43). Summary lines: Player0 47, Player1 48, Player6 53, Hero 54, Player7 55.
def _three_way_split() -> str:
    text = corpus_hand((*FLOP, "NLHE-9max-USD-0.25-0.50-200801.4.way.split.unequal.rake.txt"), "14402833808")
    return _edits(text.replace("Player6: checks\n", ""), ("Player6: calls $0.50\n", "Player6: folds\n"),
                  ("Player6: shows [9h 5h] (two pair, Kings and Deuces)\n", ""), ("Player6 collected $0.45 from pot\n", ""),
                  ("Hero collected $0.50", "Hero collected $0.48"), ("Player7 collected $0.50", "Player7 collected $0.48"),
                  ("Player1 collected $0.45", "Player1 collected $0.47"),
                  ("Total pot $2 | Rake $0.10", "Total pot $1.50 | Rake $0.07"),
                  ("Seat 7: Player6 (button) showed [9h 5h] and won ($0.45) with two pair, Kings and Deuces",
                   "Seat 7: Player6 (button) folded before Flop (didn't bet)"),
                  ("won ($0.50) with two pair, Kings and Deuces\nSeat 9", "won ($0.48) with two pair, Kings and Deuces\nSeat 9"),
                  ("Player7 (big blind) showed [Th 9d] and won ($0.50)", "Player7 (big blind) showed [Th 9d] and won ($0.48)"),
                  ("Player1 showed [6s 5c] and won ($0.45)", "Player1 showed [6s 5c] and won ($0.47)"))


def test_a_three_way_split_paid_wrong():
    assert engine_findings(_three_way_split()) == set()
    # Player1's 0.47 paid to Player6, who folded: HE-SHOWDOWN at line 43, naming Player1, cited at his summary line
    folded = _edits(_three_way_split(), ("Player1 collected $0.47", "Player6 collected $0.47"))
    assert engine_findings(folded) == {("HE-SHOWDOWN", 43, 6, 0, 47), ("HE-SPLIT", 48, 1, 47, 0)}
    assert findings_in_words(folded)[43][2:] == ("Player1", "Player6 collects 0.47")
    # all three right and 0.10 more to Player0, who folded: cited at that line (44), naming the three winners
    # (each is paid his share), and the collect lines make 1.53 of the 1.43 after the rake (line 46)
    extra = _edits(_three_way_split(), ("Player1 collected $0.47 from pot",
                                        "Player1 collected $0.47 from pot\nPlayer0 collected $0.10 from pot"))
    assert engine_findings(extra) == {("HE-SHOWDOWN", 44, 0, 0, 10), ("HE-POT-BALANCE", 46, -1, 143, 153)}
    assert findings_in_words(extra)[44][2] == "Hero, Player1, Player7"
    # an odd cent to Player1 instead of Hero: both lines, the odd-chip fact
    odd = _edits(_three_way_split(), ("Player1 collected $0.47", "Player1 collected $0.48"),
                 ("Hero collected $0.48", "Hero collected $0.47"))
    assert engine_findings(odd) == {("HE-SPLIT", 41, 7, 48, 47), ("HE-SPLIT", 43, 1, 47, 48)}
    assert {line: words[0] for line, words in findings_in_words(odd).items()} == {41: "ROOM-ODD-CHIP", 43: "ROOM-ODD-CHIP"}


# Hand #159582406766 (a tournament, no rake): GuiTrettel (seat 1, index 0) and held (seat 4, index 3) split
# 4060 chips, 2030 each (lines 48, 49; held's summary line 56); bobalex007 (index 2) called 80 and folded.
def _no_rake_split() -> str:
    return corpus_hand(("pokerstars", "hhp", "holdem", "pokerstars", "uncalled-bet-returned.txt"), "159582406766")


def test_a_split_without_rake_paid_wrong():
    assert engine_findings(_no_rake_split()) == set()
    # held's share to bobalex007: cited at line 49 (amounts in hundredths of a chip), held at his summary line
    folded = _edits(_no_rake_split(), ("held collected 2030", "bobalex007 collected 2030"))
    assert engine_findings(folded) == {("HE-SHOWDOWN", 49, 2, 0, 203000), ("HE-SPLIT", 56, 3, 203000, 0)}
    assert findings_in_words(folded)[49][2:] == ("held", "bobalex007 collects 2030")
    # held's share to GuiTrettel as a second line of the one pot: that line (49) is cited, not GuiTrettel's
    # right first line (48) for a sum of 4060
    twice = _edits(_no_rake_split(), ("held collected 2030", "GuiTrettel collected 2030"))
    assert engine_findings(twice) == {("HE-SPLIT", 49, 0, 0, 203000), ("HE-SPLIT", 56, 3, 203000, 0)}
    assert findings_in_words(twice)[49][2] == "held"


def test_the_real_split_pot_of_one_line_each_is_unchanged():
    # Hand #35602268793 (test_holdem_arbiter): Oswood's 1.09 paid to andi661, who folded on the flop: cited at
    # that line (34), naming Oswood, cited at his summary line (38)
    text = _edits(corpus_hand(EUR_6MAX, "35602268793"), ("Oswood collected €1.09", "andi661 collected €1.09"))
    assert engine_findings(text) == {("HE-SHOWDOWN", 34, 2, 0, 109), ("HE-SPLIT", 38, 0, 109, 0)}
