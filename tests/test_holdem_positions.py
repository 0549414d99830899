"""Position labels of Hold'em players, as PokerTracker 4 names them, worked out by hand.

The seat right of the button is always the cutoff (CO): 4-handed BTN, SB, BB, CO; 5-handed
UTG and CO after the big blind; 6-handed UTG, MP, CO. A hand with no small blind (its seat
empty) has the big-blind poster, left of the button, as BB, and the places after him as at a
table of one more player. Heads-up the small-blind poster is the
button (BTN) and the other player the big blind (BB), also where the log marks the big-blind
poster as the button (a dead button). At a larger table too the posters of the blinds are SB
and BB whichever seat the log names the button, and the others count back from the small blind.
"""

from __future__ import annotations

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from rules.holdem_engine import replay
from tests.conftest import ROOT


def _replay(text: str):
    chunks = split_games(normalize_lines(text), HEADERS)
    assert len(chunks) == 1
    return replay(parse_chunk(chunks[0], "hand.txt"), allin_ev=False)


def _positions(text: str) -> dict[str, str]:
    result = _replay(text)
    assert result.findings == ()            # a legal hand: the labels come from a clean replay
    return {player.player: player.position for player in result.players}


FOUR_HANDED = """\
PokerStars Hand #260000000001: Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 20:00:00 ET
Table 'Positions' 6-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($50 in chips)
Seat 4: Vera ($50 in chips)
Seat 6: Gleb ($50 in chips)
Boris: posts small blind $0.25
Vera: posts big blind $0.50
*** HOLE CARDS ***
Gleb: raises $1 to $1.50
Anna: folds
Boris: folds
Vera: folds
Uncalled bet ($1) returned to Gleb
Gleb collected $1.25 from pot
Gleb: doesn't show hand
*** SUMMARY ***
Total pot $1.25 | Rake $0
Seat 1: Anna (button) folded before Flop (didn't bet)
Seat 2: Boris (small blind) folded before Flop
Seat 4: Vera (big blind) folded before Flop
Seat 6: Gleb collected ($1.25)
"""


def test_four_handed_the_seat_before_the_button_is_the_cutoff():
    # button seat 1; then clockwise seat 2 posts the small blind, seat 4 the big blind, and seat 6,
    # the last before the button, is the cutoff (not UTG: there is no seat between it and the blinds)
    positions = _positions(FOUR_HANDED)
    assert positions == {"Anna": "BTN", "Boris": "SB", "Vera": "BB", "Gleb": "CO"}
    opening = _replay(FOUR_HANDED).actions[2]
    assert (opening.action.player, opening.position) == ("Gleb", "CO")


FIVE_HANDED = """\
PokerStars Hand #260000000002: Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 20:01:00 ET
Table 'Positions' 6-max Seat #3 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($50 in chips)
Seat 3: Vera ($50 in chips)
Seat 4: Gleb ($50 in chips)
Seat 5: Dasha ($50 in chips)
Gleb: posts small blind $0.25
Dasha: posts big blind $0.50
*** HOLE CARDS ***
Anna: folds
Boris: folds
Vera: folds
Gleb: calls $0.25
Dasha: checks
*** FLOP *** [2c 7d 9h]
Gleb: checks
Dasha: checks
*** TURN *** [2c 7d 9h] [Jc]
Gleb: checks
Dasha: checks
*** RIVER *** [2c 7d 9h Jc] [3s]
Gleb: checks
Dasha: checks
*** SHOW DOWN ***
Gleb: shows [Kc Kd] (a pair of Kings)
Dasha: shows [4h 5h] (high card Jack)
Gleb collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Board [2c 7d 9h Jc 3s]
Seat 1: Anna folded before Flop (didn't bet)
Seat 2: Boris folded before Flop (didn't bet)
Seat 3: Vera (button) folded before Flop (didn't bet)
Seat 4: Gleb (small blind) showed [Kc Kd] and won ($1) with a pair of Kings
Seat 5: Dasha (big blind) showed [4h 5h] and lost with high card Jack
"""


def test_five_handed_utg_then_the_cutoff_counted_round_from_the_button():
    # button seat 3, blinds seats 4 and 5; round the table: seat 1 is first after the big blind
    # (UTG) and seat 2, right of the button, the cutoff
    assert _positions(FIVE_HANDED) == {"Vera": "BTN", "Gleb": "SB", "Dasha": "BB", "Anna": "UTG", "Boris": "CO"}


SIX_HANDED = """\
PokerStars Hand #260000000003: Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 20:02:00 ET
Table 'Positions' 6-max Seat #6 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Boris ($50 in chips)
Seat 3: Vera ($50 in chips)
Seat 4: Gleb ($50 in chips)
Seat 5: Dasha ($50 in chips)
Seat 6: Egor ($50 in chips)
Anna: posts small blind $0.25
Boris: posts big blind $0.50
*** HOLE CARDS ***
Vera: folds
Gleb: folds
Dasha: folds
Egor: folds
Anna: folds
Uncalled bet ($0.25) returned to Boris
Boris collected $0.50 from pot
Boris: doesn't show hand
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 1: Anna (small blind) folded before Flop
Seat 2: Boris (big blind) collected ($0.50)
Seat 3: Vera folded before Flop (didn't bet)
Seat 4: Gleb folded before Flop (didn't bet)
Seat 5: Dasha folded before Flop (didn't bet)
Seat 6: Egor (button) folded before Flop (didn't bet)
"""


def test_six_handed_utg_mp_and_the_cutoff():
    positions = _positions(SIX_HANDED)
    assert positions == {"Egor": "BTN", "Anna": "SB", "Boris": "BB", "Vera": "UTG", "Gleb": "MP", "Dasha": "CO"}


HEADS_UP = """\
PokerStars Hand #260000000004: Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 20:03:00 ET
Table 'Positions' 6-max Seat #2 is the button
Seat 2: Anna ($50 in chips)
Seat 5: Boris ($50 in chips)
Anna: posts small blind $0.25
Boris: posts big blind $0.50
*** HOLE CARDS ***
Anna: raises $1 to $1.50
Boris: folds
Uncalled bet ($1) returned to Anna
Anna collected $1 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 2: Anna (button) (small blind) collected ($1)
Seat 5: Boris (big blind) folded before Flop
"""


def test_heads_up_the_button_posts_the_small_blind_and_the_other_is_the_big_blind():
    assert _positions(HEADS_UP) == {"Anna": "BTN", "Boris": "BB"}


DEAD_BUTTON_HEADS_UP = """\
PokerStars Hand #260000000005: Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 20:04:00 ET
Table 'Positions' 6-max Seat #5 is the button
Seat 2: Anna ($50 in chips)
Seat 5: Boris ($50 in chips)
Anna: posts small blind $0.25
Boris: posts big blind $0.50
*** HOLE CARDS ***
Anna: raises $1 to $1.50
Boris: folds
Uncalled bet ($1) returned to Anna
Anna collected $1 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 2: Anna (small blind) collected ($1)
Seat 5: Boris (button) (big blind) folded before Flop
"""


def test_heads_up_with_the_button_on_the_big_blind_the_small_blind_poster_is_not_the_big_blind():
    # the log puts the button on Boris, who posts the big blind; Anna posts the small blind and acts
    # first: she is the heads-up button, Boris the big blind
    assert _positions(DEAD_BUTTON_HEADS_UP) == {"Anna": "BTN", "Boris": "BB"}
    actions = _replay(DEAD_BUTTON_HEADS_UP).actions
    assert [(a.action.player, a.position) for a in actions[:4]] == [
        ("Anna", "BTN"), ("Boris", "BB"), ("Anna", "BTN"), ("Boris", "BB")]


def test_no_small_blind_the_big_blind_poster_is_bb_and_the_others_keep_their_places():
    # Boris's seat 2 (the small blind's) is empty this hand: Vera, left of the button, posts the big
    # blind and is BB; Gleb and Dasha keep the places of a five-handed table without its small blind
    # (UTG, then the cutoff), and Anna is the button
    no_sb = FOUR_HANDED.replace("Seat 2: Boris ($50 in chips)\n", "").replace(
        "Boris: posts small blind $0.25\n", "").replace("Seat 6: Gleb ($50 in chips)\n",
                                                        "Seat 5: Dasha ($50 in chips)\nSeat 6: Gleb ($50 in chips)\n")
    no_sb = no_sb.replace("Gleb: raises $1 to $1.50\nAnna: folds\nBoris: folds\n",
                          "Dasha: folds\nGleb: raises $1 to $1.50\nAnna: folds\n").replace(
        "Uncalled bet ($1) returned to Gleb\nGleb collected $1.25", "Uncalled bet ($1) returned to Gleb\nGleb collected $1")
    no_sb = no_sb.replace("Total pot $1.25", "Total pot $1").replace(
        "Seat 2: Boris (small blind) folded before Flop\n", "").replace(
        "Seat 4: Vera (big blind) folded before Flop\n",
        "Seat 4: Vera (big blind) folded before Flop\nSeat 5: Dasha folded before Flop (didn't bet)\n").replace(
        "Seat 6: Gleb collected ($1.25)", "Seat 6: Gleb collected ($1)")
    assert _positions(no_sb) == {"Anna": "BTN", "Vera": "BB", "Dasha": "UTG", "Gleb": "CO"}


# PartyPoker game 14019052 as the room wrote it: the button the log names, seat 1, is empty; seat 2
# posts nothing, seat 3 the small blind and seat 4 the big one
PARTY_DEAD_BUTTON = """\
#Game No : 14019052
***** Hand History for Game 14019052 *****
$10 USD NL Texas Hold'em - Sunday, September 2, 21:10:58 ET 2012
Table Banjul1 (Real Money)
Seat 1 is the button
Total number of players : 5
Seat 2: Player0 ( $9.95 USD )
Seat 3: Player1 ( $9.95 USD )
Seat 4: Hero ( $10.00 USD )
Seat 5: Player2 ( $6.53 USD )
Seat 6: Player3 ( $1.24 USD )
Player1 posts small blind [$0.05 USD].
Hero posts big blind [$0.10 USD].
** Dealing down cards **
Dealt to Hero [  9d 8s ]
Player2 folds.
Player3 calls [$0.10 USD].
Player0 folds.
Player1 folds.
Hero checks.
** Dealing Flop ** [ Jh, 9h, 2h ]
Hero checks.
Player3 checks.
** Dealing Turn ** [ 9c ]
Hero bets [$0.12 USD].
Player3 calls [$0.12 USD].
** Dealing River ** [ 5c ]
Hero bets [$0.24 USD].
Player3 calls [$0.24 USD].
Player0 does not show cards.
Player1 does not show cards.
Hero shows [ 9d, 8s ].
Player2 does not show cards.
Player3 does not show cards.
Hero wins $0.92 USD
"""


def test_dead_button_the_blind_posters_are_sb_and_bb_and_the_others_count_back_from_them():
    # Player1 posts the small blind and Hero the big one, whatever seat the log names the button;
    # counted back from the small blind: seat 2 (Player0) is the button, seat 6 (Player3) the cutoff,
    # and seat 5 (Player2), first after the big blind, UTG. The preflop order agrees: Player2,
    # Player3, Player0, then the blinds
    assert _positions(PARTY_DEAD_BUTTON) == {
        "Player0": "BTN", "Player1": "SB", "Hero": "BB", "Player2": "UTG", "Player3": "CO"}


def test_a_button_named_two_seats_before_the_small_blind_moves_to_the_seat_before_it():
    # the same hand with the button named at seat 6 (Player3): the blinds still sit at seats 3 and 4,
    # so the seat before the small blind's, seat 2, is the button and seat 6 the cutoff
    moved = PARTY_DEAD_BUTTON.replace("Seat 1 is the button", "Seat 6 is the button")
    assert _positions(moved) == {
        "Player0": "BTN", "Player1": "SB", "Hero": "BB", "Player2": "UTG", "Player3": "CO"}


# PartyPoker game 13290328324 as the room wrote it (fpdb's sample hands, AGPL-3.0 data): seat 5, the
# button the log names, is Player3's; Hero (seat 1) posts the small blind and Player0 (seat 2) the
# big one; Player4 joins the table and posts a big blind with no seat line, so only the turn shows
# where Player4 sits
PARTY_JOINS_AND_POSTS = (ROOT / "tests" / "fixtures" / "partypoker" /
                         "joins-and-posts-a-bb-13290328324.txt").read_text(encoding="utf-8")


def test_a_player_of_unknown_seat_sits_where_their_turn_shows():
    # four dealt in (Player1 sits out, Player2 has left): before the flop Player4 checks, then
    # Player3 folds, then the blinds act, so Player4 sits between the big blind and Player3: counted
    # back from the small blind, Player3 (seat 5, the button the log names) is BTN and Player4 the
    # seat before it, CO (4-handed: BTN, SB, BB, CO)
    chunk, = split_games(normalize_lines(PARTY_JOINS_AND_POSTS), HEADERS)
    assert chunk.game_id == "5afbc44288d28101"
    assert _positions(PARTY_JOINS_AND_POSTS) == {"Hero": "SB", "Player0": "BB", "Player3": "BTN", "Player4": "CO"}


def test_a_player_of_unknown_seat_who_acts_after_the_button_seat_is_the_button():
    # the same hand with Player4's turn after Player3's: Player4 now sits between Player3 and the
    # small blind, so Player4 is BTN and Player3, the seat before, CO
    later = PARTY_JOINS_AND_POSTS.replace("Player4 checks\nPlayer3 folds\n", "Player3 folds\nPlayer4 checks\n")
    assert later != PARTY_JOINS_AND_POSTS
    assert _positions(later) == {"Hero": "SB", "Player0": "BB", "Player3": "CO", "Player4": "BTN"}


def _open_raise(players: int, *, small_blind: bool = True) -> str:
    """A PokerStars Hold'em hand of ``players`` seated in seats 1 to ``players``, the button seat 1,
    the small blind seat 2 (its seat left empty with ``small_blind=False``, the others one seat on)
    and the big blind seat 3: the first player after the big blind raises and everyone folds. Player
    Pn sits in seat n."""
    seats = [1, 2, *range(3, players + 1)] if small_blind else [1, *range(3, players + 2)]
    opener = seats[seats.index(3) + 1]
    won = "1.25" if small_blind else "1"        # the blinds and the raiser's called $0.50
    lines = [f"PokerStars Hand #2600000001{players:02d}: Hold'em No Limit ($0.25/$0.50 USD) - 2024/03/01 21:00:00 ET",
             "Table 'Positions' 10-max Seat #1 is the button", *(f"Seat {n}: P{n} ($50 in chips)" for n in seats),
             *(["P2: posts small blind $0.25"] if small_blind else []), "P3: posts big blind $0.50",
             "*** HOLE CARDS ***", f"P{opener}: raises $1 to $1.50",
             *(f"P{n}: folds" for n in seats[seats.index(opener) + 1:] + seats[:seats.index(3) + 1]),
             f"Uncalled bet ($1) returned to P{opener}", f"P{opener} collected ${won} from pot",
             f"P{opener}: doesn't show hand", "*** SUMMARY ***", f"Total pot ${won} | Rake $0"]
    says = {1: "(button) folded before Flop (didn't bet)", 2: "(small blind) folded before Flop",
            3: "(big blind) folded before Flop", opener: f"collected (${won})"}
    lines += [f"Seat {n}: P{n} " + says.get(n, "folded before Flop (didn't bet)") for n in seats]
    return "\n".join(lines) + "\n"


# Seven to ten handed, counted back from the small blind: the seat before it is BTN, before that CO,
# HJ, then MP, MP1 … and the places right after the big blind are UTG, UTG1, UTG2. With the button
# in seat 1 and the blinds in seats 2 and 3, seat 4 is first after the big blind and the last seat
# right of the button.
def test_seven_handed_utg_mp_hijack_and_the_cutoff():
    assert _positions(_open_raise(7)) == {"P1": "BTN", "P2": "SB", "P3": "BB", "P4": "UTG", "P5": "MP", "P6": "HJ",
                                    "P7": "CO"}


def test_eight_handed_adds_utg1():
    assert _positions(_open_raise(8)) == {"P1": "BTN", "P2": "SB", "P3": "BB", "P4": "UTG", "P5": "UTG1", "P6": "MP",
                                    "P7": "HJ", "P8": "CO"}


def test_nine_handed_adds_utg2():
    assert _positions(_open_raise(9)) == {"P1": "BTN", "P2": "SB", "P3": "BB", "P4": "UTG", "P5": "UTG1", "P6": "UTG2",
                                    "P7": "MP", "P8": "HJ", "P9": "CO"}


def test_ten_handed_adds_mp1():
    assert _positions(_open_raise(10)) == {"P1": "BTN", "P2": "SB", "P3": "BB", "P4": "UTG", "P5": "UTG1", "P6": "UTG2",
                                     "P7": "MP", "P8": "MP1", "P9": "HJ", "P10": "CO"}


def test_ten_handed_without_a_small_blind_keeps_the_places_of_eleven_seats():
    # seat 2 empty: ten players in seats 1 and 3 to 11, P3 the big blind. A table of eleven with
    # both blinds has eight places after the big blind, so MP2 comes in after MP1
    assert _positions(_open_raise(10, small_blind=False)) == {
        "P1": "BTN", "P3": "BB", "P4": "UTG", "P5": "UTG1", "P6": "UTG2", "P7": "MP", "P8": "MP1", "P9": "MP2",
        "P10": "HJ", "P11": "CO"}


def _button_blind_open_raise(players: int) -> str:
    """A PokerStars 6+ Hold'em hand (antes and the button's blind alone) of ``players`` in seats 1
    to ``players``, the button seat 1: the first player after the button raises and everyone
    folds. Player Pn sits in seat n."""
    seats = list(range(1, players + 1))
    won = f"{players * 2 + 4}"      # the antes, the button blind and the $2 of the raise it calls
    lines = [f"PokerStars Hand #2600000002{players:02d}:  6+ Hold'em No Limit (Button Blind $2 - Ante $2 USD) - "
             "2024/03/01 22:00:00 ET", "Table 'Positions' 10-max Seat #1 is the button",
             *(f"Seat {n}: P{n} ($500 in chips)" for n in seats), *(f"P{n}: posts the ante $2" for n in seats),
             "P1: posts button blind $2", "*** HOLE CARDS ***", "P2: raises $4 to $6",
             *(f"P{n}: folds" for n in [*seats[2:], 1]), "Uncalled bet ($4) returned to P2",
             f"P2 collected ${won} from pot", "P2: doesn't show hand", "*** SUMMARY ***", f"Total pot ${won} | Rake $0"]
    says = {1: "(button blind) folded before Flop", 2: f"collected (${won})"}
    lines += [f"Seat {n}: P{n} " + says.get(n, "folded before Flop (didn't bet)") for n in seats]
    return "\n".join(lines) + "\n"


def test_nine_handed_button_blind_table_names_eight_places_after_the_button():
    # no small nor big blind: after the button come the places after a big blind, as many as there
    # are players, the last right of the button always CO: eight here, so MP1 and MP2 come in
    assert _positions(_button_blind_open_raise(9)) == {
        "P1": "BTN", "P2": "UTG", "P3": "UTG1", "P4": "UTG2", "P5": "MP", "P6": "MP1", "P7": "MP2", "P8": "HJ",
        "P9": "CO"}


def test_ten_handed_button_blind_table_names_every_place_after_the_button():
    # nine places after the button: one more than any table of two blinds has, so MP3 follows MP2
    # (the places grow in the middle: 7 places add MP1, 8 add MP2), and nobody is left unnamed
    assert _positions(_button_blind_open_raise(10)) == {
        "P1": "BTN", "P2": "UTG", "P3": "UTG1", "P4": "UTG2", "P5": "MP", "P6": "MP1", "P7": "MP2", "P8": "MP3",
        "P9": "HJ", "P10": "CO"}
