"""Wrong texts the replay used to certify. A PokerStars summary that leaves out a player who
played: a finding of HE-SUMMARY-SEATS (PokerStars sums up every seat; other rooms list only some,
so the replay asks it only of a summary that says it lists every seat). A cancelled hand whose summary pays a player: a
finding of HE-COLLECTED, the rule that holds the summary's seat lines to what each player collects, and so is a
cancelled hand whose collect line gives back other than the player's posts. And a right one the replay
faulted: a PokerStars hand cancelled for want of a second player keeps HE-PLAYERS."""
from __future__ import annotations

from rules.holdem_batch import batch_from_hands
from rules.holdem_fast import replay_batch
from rules.holdem_rules import HE
from tests.holdem_helpers import parse_one_hand
from tests.test_holdem_cancelled import STARS
from tests.test_holdem_engine import CANCELLED
from tests.test_holdem_fast import WALK
from tests.test_room_pacific import CANCELLED as CANCELLED_888

PACIFIC_CANCELLED = CANCELLED_888.lstrip("\n")     # its header at line 1, its collect line at 11


def _findings(hand) -> set[tuple[str, int, int, int, int]]:
    """(rule, line, seat, expected, actual) of each finding, and the hand must be explained."""
    b = batch_from_hands([hand])
    assert b.in_lane[0]
    f = replay_batch(b, allin_ev=False)
    assert f.explained[0]
    rows = f.findings
    return {(HE.by_code(int(r)).value, int(line), int(seat), int(e), int(a))
            for r, line, seat, e, a in zip(rows.rule, rows.line, rows.seat, rows.expected, rows.actual)}


def test_he_collected_the_walk_as_written_is_clean():
    assert _findings(parse_one_hand(WALK)) == set()


def test_he_summary_seats_a_pokerstars_summary_without_a_player_who_played():
    # the walk with Boris's summary seat (line 17, seat index 1) cut: PokerStars sums up every seat,
    # so the hand is one cut short, cited where it now ends (line 17: Vera's line)
    assert _findings(parse_one_hand(WALK.replace("Seat 2: Boris (small blind) folded before Flop\n", ""))) == {
        ("HE-SUMMARY-SEATS", 17, 1, 1, 0)}


def test_he_collected_a_cancelled_hand_as_written_is_clean():
    assert _findings(parse_one_hand(CANCELLED)) == set()


def test_he_collected_nothing_is_collected_in_a_cancelled_hand():
    # The cancelled hand's summary says Boris (seat index 1) "collected ($0.01)" at line 10: in a
    # cancelled hand everybody keeps his chips, so he collects 0 and the summary says 1 cent.
    text = CANCELLED.replace("Seat 2: Boris (big blind) collected ($0)", "Seat 2: Boris (big blind) collected ($0.01)")
    assert _findings(parse_one_hand(text)) == {("HE-COLLECTED", 10, 1, 0, 1)}



def test_he_collected_a_cancelled_hand_paying_someone_says_so():
    from rules.holdem_explain import explain

    text = CANCELLED.replace("Seat 2: Boris (big blind) collected ($0)", "Seat 2: Boris (big blind) collected ($0.01)")
    b = batch_from_hands([parse_one_hand(text)])
    f = replay_batch(b, allin_ev=False)
    (finding,) = explain(b, f)
    assert (finding.rule_id, finding.line) == ("HE-COLLECTED", 10)
    assert finding.message == "the hand was cancelled and pays nobody, but the summary says Boris won 0.01"


def test_he_collected_a_cancelled_hand_giving_back_its_post_is_clean():
    # 888poker's cancelled hand: Player0 posts $5 (line 8) and his collect line (11) gives back $5
    assert _findings(parse_one_hand(PACIFIC_CANCELLED)) == set()


def test_he_collected_a_cancelled_hands_collect_line_gives_back_another_amount():
    # The same hand, its collect line (11) giving Player0 (seat index 0) $6 for the $5 he posted:
    # expected 500 cents given back, actual 600. A collect of $4 is as wrong, the other way.
    for written, cents in (("$6", 600), ("$4", 400)):
        text = PACIFIC_CANCELLED.replace("Player0 collected [ $5 ]", f"Player0 collected [ {written} ]")
        assert _findings(parse_one_hand(text)) == {("HE-COLLECTED", 11, 0, 500, cents)}


def test_he_collected_a_cancelled_hand_paying_a_player_who_posted_nothing():
    # The $5 collected by Player1 (seat index 1), who declined his blind and posted nothing, at line 11;
    # Player0 has no collect line: his post comes back as in a PokerStars hand, no finding of his.
    text = PACIFIC_CANCELLED.replace("Player0 collected [ $5 ]", "Player1 collected [ $5 ]")
    assert _findings(parse_one_hand(text)) == {("HE-COLLECTED", 11, 1, 0, 500)}


def test_he_collected_a_cancelled_hands_collect_in_words():
    from rules.holdem_explain import explain

    text = PACIFIC_CANCELLED.replace("Player0 collected [ $5 ]", "Player0 collected [ $6 ]")
    b = batch_from_hands([parse_one_hand(text)])
    (finding,) = explain(b, replay_batch(b, allin_ev=False))
    assert (finding.rule_id, finding.line, finding.expected, finding.actual) == (
        "HE-COLLECTED", 11, "5 given back", "6 collected")
    assert finding.message == "the hand was cancelled, so Player0 gets back the 5 posted, but collects 6"
    text = PACIFIC_CANCELLED.replace("Player0 collected [ $5 ]", "Player1 collected [ $5 ]")
    b = batch_from_hands([parse_one_hand(text)])
    (finding,) = explain(b, replay_batch(b, allin_ev=False))
    assert (finding.message, finding.expected, finding.actual) == (
        "the hand was cancelled and Player1 posted nothing, but collects 5", "nothing", "5 collected")


# PokerStars' cancelled hand as its logs write it (the first hand of tests.test_holdem_cancelled's
# file): the one player seated (Anna, seat index 0) posts the small blind, the big blind's player
# sits out without a seat line, and the hand stops. One player: the room cancelled the hand for want
# of a second, which keeps HE-PLAYERS.
CANCELLED_ALONE = STARS.split("\n\n\n\n")[0] + "\n"


def test_he_players_a_hand_cancelled_for_want_of_a_second_player_is_clean():
    b = batch_from_hands([parse_one_hand(CANCELLED_ALONE)])
    f = replay_batch(b, allin_ev=False)
    assert (len(f.findings), bool(f.certified[0]), int(f.count_players[0]), int(f.total_pot[0])) == (0, True, 1, 0)
    assert (f.invested[0], f.collected[0], f.net[0]) == (50, 50, 0)      # her post comes back


def test_he_players_one_player_dealt_in_a_hand_not_cancelled_is_worded_in_the_singular():
    from rules.holdem_explain import explain

    alone = CANCELLED_ALONE.replace("Hand cancelled\n", "*** HOLE CARDS ***\nUncalled bet ($0.50) returned to Anna\n")
    b = batch_from_hands([parse_one_hand(alone)])
    found = [f for f in explain(b, replay_batch(b, allin_ev=False)) if f.rule_id == "HE-PLAYERS"]
    assert [(f.message, f.expected, f.actual) for f in found] == [
        ("only 1 player is dealt in", "2 to 10 players", "1 player")]
