"""Real PokerStars hands edited the way a dispute reads: each finding at the line that breaks the
rule, under that rule, with the amounts the rules give and the line states (hand-worked below).

The hands come from the real corpus (skipped without it); lines count from the hand's header (1)."""
from __future__ import annotations

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from rules.holdem_batch import batch_from_hands
from rules.holdem_explain import explain
from rules.holdem_fast import replay_batch
from rules.holdem_rules import HE
from tests.conftest import corpus

FLOP = ("pokerstars", "fpdb-cash", "Flop")
MICROGRIND = (*FLOP, "NLHE-FR-USD-0.01-0.02-201005.microgrind.txt")


def _real_hand(parts: tuple[str, ...], number: str) -> str:
    """The text of hand ``number`` of the corpus file ``parts``."""
    lines = normalize_lines(corpus(*parts).read_text(encoding="utf-8-sig"))
    (chunk,) = [c for c in split_games(lines, HEADERS) if f"#{number}:" in lines[c.first_line - 1]]
    return "\n".join(lines[chunk.first_line - 1:chunk.last_line]) + "\n"


def _edited(text: str, line: str, edited: str) -> str:
    assert text.count(line) == 1, line
    return text.replace(line, edited)


def _findings(text: str) -> set[tuple[str, int, int, int, int]]:
    """(rule, line, seat index, expected, actual) of each finding of the one hand of ``text``."""
    (chunk,) = split_games(normalize_lines(text), HEADERS)
    b = batch_from_hands([parse_chunk(chunk, "hand.txt")])
    f = replay_batch(b, allin_ev=False)
    assert f.explained[0]
    rows = f.findings
    return {(HE.by_code(int(r)).value, int(line), int(seat), int(e), int(a))
            for r, line, seat, e, a in zip(rows.rule, rows.line, rows.seat, rows.expected, rows.actual)}


def _words(text: str) -> dict[int, tuple[str, str, str, str]]:
    """Each finding's (rule, message, expected, actual) in words, by line."""
    (chunk,) = split_games(normalize_lines(text), HEADERS)
    b = batch_from_hands([parse_chunk(chunk, "hand.txt")])
    return {f.line: (f.rule_id, f.message, f.expected, f.actual) for f in explain(b, replay_batch(b, allin_ev=False))}


# Hand #41511921426: Player20 (seat index 0) AA, Player10 (index 1) KK all in for 1.05, Player9 (index 5)
# Q7, all in preflop; Player20's 2.55 over Player9's 2.84 comes back. Main pot 3 × 1.05 = 3.15, side pot
# 2 × (2.84 - 1.05) = 3.58; the summary lists them after the rake of 0.30 as 3 and 3.43. On 2c 2s Ts Kd 9s
# Player10's kings full takes the main pot (line 36), Player20's aces up the side pot (line 34), for
# which Player10 is not eligible. Player20's summary line is 40, Player10's 41.
THREE_WAY = "41511921426"


def test_the_real_three_way_all_in_is_clean():
    assert _findings(_real_hand(MICROGRIND, THREE_WAY)) == set()


def test_he_showdown_a_main_pot_paid_to_the_side_pot_winner_is_cited_at_its_own_line():
    # Player20 gets the main pot too (line 36): his side pot line (34) is right and not cited; line 36
    # pays 3 of a pot he does not win (expected nothing, actual 300), and Player10, owed 300, collects nothing
    text = _edited(_real_hand(MICROGRIND, THREE_WAY), "Player10 collected $3 from main pot",
                   "Player20 collected $3 from main pot")
    assert _findings(text) == {("HE-SHOWDOWN", 36, 0, 0, 300), ("HE-SHOWDOWN", 41, 1, 300, 0)}
    assert _words(text)[36] == (
        "HE-SHOWDOWN", "Player20 collects 3 but he does not hold the best hand among the players eligible for the pot",
        "Player10", "Player20 collects 3")


def test_he_side_pot_a_side_pot_paid_to_a_player_all_in_for_less():
    # Player10 gets the side pot (line 34), which his 1.05 all in does not reach: HE-SIDE-POT at that line,
    # expected nothing, actual 343; his main pot line (36) is right. Player20, owed 343, collects nothing.
    text = _edited(_real_hand(MICROGRIND, THREE_WAY), "Player20 collected $3.43 from side pot",
                   "Player10 collected $3.43 from side pot")
    assert _findings(text) == {("HE-SIDE-POT", 34, 1, 0, 343), ("HE-SHOWDOWN", 40, 0, 343, 0)}
    rule, message, expected, actual = _words(text)[34]
    assert (rule, expected, actual) == ("HE-SIDE-POT", "Player20", "Player10 collects 3.43")
    assert message.startswith("Player10 collects 3.43 from a pot he may not win")


# Hand #35824396158: Hero (seat index 4) bets $6 all-in on the turn (8.20 less 0.90 and 1.30 is 6.00 behind)
# and Gles65 folds, so the whole 6 comes back (line 26); the pot is 2 × (0.90 + 1.30) + 0.10 = 4.50.
USD_6MAX = (*FLOP, "NLHE-6max-USD-0.05-0.10-200911.txt")
UNCALLED = "35824396158"


def test_the_real_uncalled_bet_is_clean():
    assert _findings(_real_hand(USD_6MAX, UNCALLED)) == set()


def test_he_uncalled_a_return_of_the_wrong_amount_is_one_finding_at_its_line():
    # $5 returned for 6: one fault, at the return line (expected 600, actual 500), and no second finding
    # that "no line returns" the dollar left, which that line already tells
    text = _edited(_real_hand(USD_6MAX, UNCALLED), "Uncalled bet ($6) returned to Hero", "Uncalled bet ($5) returned to Hero")
    assert _findings(text) == {("HE-UNCALLED", 26, 4, 600, 500)}
    assert _words(text)[26] == ("HE-UNCALLED", "5 is returned to Hero, but the uncalled part is 6", "6 to Hero", "5 to Hero")


def test_he_uncalled_no_return_line_is_still_a_warning():
    # the return line cut (the hand's lines after it move up by one): the pot the log states, 4.50, already
    # leaves the 6 out, so the missing line is a warning at the total pot's line (28), 600 returned, none written
    text = _edited(_real_hand(USD_6MAX, UNCALLED), "Uncalled bet ($6) returned to Hero\n", "")
    assert _findings(text) == {("HE-UNCALLED", 28, 4, 600, 0)}
