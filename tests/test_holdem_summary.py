"""HE-SUMMARY-SEATS: PokerStars sums up every seat, so its summary is cross-checked against the seat lines.

Every PokerStars hand of the real corpora (566 hands of every game) has exactly one summary line
per seat line, sitting-out seats included. A hand cut inside its summary seat lines, or with a
summary seat line written twice, is stored with a finding of HE-SUMMARY-SEATS: the byte scanner
puts it out of the lane and the explaining path (reader, engine, words) reports it. Rooms whose
summaries list only some seats are not held to it.
"""

from __future__ import annotations

import dataclasses

from parsers.formats import HEADERS, parse_chunk
from parsers.pokerstars_fast import read_text
from parsers.source import normalize_lines, split_games
from rules.holdem_batch import batch_from_hands
from rules.holdem_engine import replay
from rules.holdem_fast import replay_batch
from rules.holdem_rules import HE
from tests.conftest import corpus
from tests.test_holdem_fast import WALK

# A real tournament hand, 58 lines: nine seats (seat 8 sitting out, then back), the summary's seat
# lines at file lines 49 (Seat 1: vilmondesm) to 57 (Seat 9: ramonrdg).
SITTING_OUT = ("pokerstars", "hhp", "holdem", "pokerstars", "player-sitting-out.txt")


def _real_lines() -> list[str]:
    return corpus(*SITTING_OUT).read_text(encoding="utf-8").replace("\r\n", "\n").rstrip("\n").split("\n")


def _both_lanes(text: str):
    """The lane's verdict on the one hand of ``text`` and the explaining path's findings, as
    (rule, line, seat index, expected, actual) and in words."""
    chunks, batch, _ = read_text(text + "\n", "f.txt")
    hand = parse_chunk(chunks[0], "f.txt")
    b = batch_from_hands([hand])
    f = replay_batch(b, allin_ev=False)
    assert f.explained[0]
    rows = f.findings
    found = {(HE.by_code(int(r)).value, int(line), int(seat), int(e), int(a))
             for r, line, seat, e, a in zip(rows.rule, rows.line, rows.seat, rows.expected, rows.actual)}
    return bool(batch.in_lane[0]), found, replay(hand, allin_ev=False).findings


def test_he_summary_seats_the_real_hand_as_written_is_clean():
    in_lane, found, _ = _both_lanes("\n".join(_real_lines()))
    assert in_lane and found == set()


def test_he_summary_seats_a_real_hand_cut_inside_its_summary():
    # cut after line 53 (Seat 5: andreirsousa): seats 6 to 9 (held, frazioneto, UP.itAA007 who sat
    # out and came back, ramonrdg; seat indices 5 to 8) have no summary line; each is cited at
    # line 53, where the hand now ends, expecting 1 line and finding 0
    lines = _real_lines()[:53]
    assert lines[-1] == "Seat 5: andreirsousa folded before Flop (didn't bet)"
    in_lane, found, words = _both_lanes("\n".join(lines))
    assert not in_lane
    assert found == {("HE-SUMMARY-SEATS", 53, seat, 1, 0) for seat in (5, 6, 7, 8)}
    assert words[0].message == "the summary has no line for seat 6 (held): the hand is cut short or a line is lost"
    assert (words[0].expected, words[0].actual, words[0].line) == ("a summary line for seat 6", "none", 53)


def test_he_summary_seats_a_real_hand_cut_before_its_summary_seat_lines():
    # cut after the Board line (48): all nine seats are missing from the summary
    in_lane, found, _ = _both_lanes("\n".join(_real_lines()[:48]))
    assert not in_lane
    assert found == {("HE-SUMMARY-SEATS", 48, seat, 1, 0) for seat in range(9)}


def test_he_summary_seats_a_summary_seat_line_written_twice():
    # line 50 (Seat 2: josyyane) written again as line 51: seat index 1 has 2 lines, cited at the second
    lines = _real_lines()
    text = "\n".join(lines[:50] + lines[49:])
    in_lane, found, words = _both_lanes(text)
    assert not in_lane
    assert found == {("HE-SUMMARY-SEATS", 51, 1, 1, 2)}
    assert (words[0].message, words[0].line) == ("the summary lists seat 2 (josyyane) 2 times", 51)


def test_he_summary_seats_the_walk_without_a_seat_that_played():
    # WALK's summary seat lines are 16-18; Boris's (17, seat index 1) cut: the hand ends at line 17 now
    cut = WALK.replace("Seat 2: Boris (small blind) folded before Flop\n", "").rstrip("\n")
    in_lane, found, _ = _both_lanes(cut)
    assert not in_lane
    assert found == {("HE-SUMMARY-SEATS", 17, 1, 1, 0)}


def test_he_summary_seats_a_summary_line_of_a_player_without_a_seat_line():
    # "Seat 4: Gleb" added as line 19 of the summary, where no seat line seats him: seat index 3 (after
    # the three seated), one line where none is due
    text = WALK.rstrip("\n") + "\nSeat 4: Gleb folded before Flop (didn't bet)"
    _, found, words = _both_lanes(text)
    assert ("HE-SUMMARY-SEATS", 19, 3, 0, 1) in found
    assert "the summary lists Gleb, who has no seat line" in {w.message for w in words}


def test_he_summary_seats_holds_only_where_the_room_sums_up_every_seat():
    # the same cut hand, read as from a room whose summary lists some seats only: no finding
    cut = WALK.replace("Seat 2: Boris (small blind) folded before Flop\n", "")
    hand = parse_chunk(split_games(normalize_lines(cut), HEADERS)[0], "f.txt")
    some_seats = dataclasses.replace(hand, summary=dataclasses.replace(hand.summary, lists_every_seat=False))
    assert replay(some_seats, allin_ev=False).findings == ()


def test_he_summary_seats_a_real_summary_line_in_another_seat_than_the_seat_lines():
    # line 50, "Seat 2: josyyane …", rewritten as seat 3 (FelP CasT's, whose own line follows): the
    # hand is read and stored, the lane leaves it to the explaining path, and josyyane (seat index 1)
    # is cited at line 50, expected seat 2, actual seat 3; no other seat is faulted
    lines = _real_lines()
    assert lines[49] == "Seat 2: josyyane folded before Flop (didn't bet)"
    lines[49] = lines[49].replace("Seat 2:", "Seat 3:")
    in_lane, found, words = _both_lanes("\n".join(lines))
    assert not in_lane
    assert found == {("HE-SUMMARY-SEATS", 50, 1, 2, 3)}
    assert (words[0].message, words[0].expected, words[0].actual, words[0].line) == (
        "the summary puts josyyane in seat 3, the seat lines in seat 2", "seat 2", "seat 3", 50)


def test_he_summary_seats_a_summary_line_in_seat_0():
    # No seat is numbered 0, so "Seat 0: josyyane …" (one flipped byte) gives her another seat than
    # her seat line's, as seat 3 does above: a seat 0 once read as "the same seat" and passed
    lines = _real_lines()
    lines[49] = lines[49].replace("Seat 2:", "Seat 0:")
    in_lane, found, words = _both_lanes("\n".join(lines))
    assert not in_lane
    assert found == {("HE-SUMMARY-SEATS", 50, 1, 2, 0)}
    assert (words[0].message, words[0].expected, words[0].actual) == (
        "the summary puts josyyane in seat 0, the seat lines in seat 2", "seat 2", "seat 0")


def test_he_summary_seats_the_corpus_hand_whose_summary_names_seats_with_other_names():
    # hhsmithy's WithSittingOut.txt: seats 1 and 4 are "neverJa(1)ger" and "Blahdi:42eblah" in the seat
    # lines, "neverJager" and "Blahdieblah" in the actions and the summary (lines 20 and 22). The seat
    # numbers agree, the names do not: the hand is stored with each side cited, not quarantined (the
    # unseated names get seat indices 4 and 5 in the order they first appear: Blahdieblah posts at line 8)
    lines = corpus("pokerstars", "hhsmithy", "CashGame", "PlayerTests", "WithSittingOut.txt").read_text(
        encoding="utf-8-sig").replace("\r\n", "\n").rstrip("\n").split("\n")
    _, found, words = _both_lanes("\n".join(lines))
    summary = {row for row in found if row[0] == "HE-SUMMARY-SEATS"}
    assert summary == {("HE-SUMMARY-SEATS", 23, 0, 1, 0), ("HE-SUMMARY-SEATS", 23, 2, 1, 0),
                       ("HE-SUMMARY-SEATS", 20, 5, 0, 1), ("HE-SUMMARY-SEATS", 22, 4, 0, 1)}
    assert not any(w.message.startswith("the summary puts") for w in words)
