"""A six-card session whose log stops inside its last hand, before the dealer's cards
(docs/formats.md, "A file that ends inside a hand"): the session is stored with its whole hands,
and the last one is a SIX-BOXES warning, not scored, as raspisnoy leaves an unfinished round.
Only the last hand may stop so; one that has its closing lines is a syntax error as before."""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.errors import ParseError
from parsers.sixcard import parse
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from rules.findings import Severity
from rules.records import Source
from rules.sixcard import replay
from tests.conftest import SAMPLES

HEADER = ["Six-card poker session T-1", "Player: Anna", ""]
WHOLE_HAND = ["Hand 1", "Dealer up: 9d", "Box 1: ante 10 [Qc Qd Qs 4h 2c]; plays 20", "Dealer: [Jd Jc 6s 3c 9d]",
              "Result: box 1 +70", ""]
# Three queens against the dealer's jacks: the ante wins 10, the bet 20 x 3 = 60: +70.
STOPPED = ["Hand 2", "Dealer up: Kh", "Box 1: ante 10 [As Ad 7c 5s 2d]; plays 20"]


def session(lines):
    return parse(tuple(lines), Source(file="t.txt", first_line=1, last_line=len(lines), game_id="t"))


@pytest.mark.parametrize("kept", [1, 2, 3])
def test_six_boxes_a_last_hand_stopped_before_the_dealers_cards_is_a_warning_and_not_scored(kept):
    played = session(HEADER + WHOLE_HAND + STOPPED[:kept])
    assert [hand.number for hand in played.hands] == [1]
    result = replay(played)
    assert [box.net for box in result.boxes] == [Decimal(70)] and result.players[0].net == Decimal(70)
    (finding,) = result.findings
    assert (finding.rule_id, finding.severity, finding.line) == ("SIX-BOXES", Severity.WARNING, 10)
    assert finding.message == ("hand 2 stops before the dealer's cards (the log ends inside it): not played out, "
                               "not scored")


def test_six_boxes_only_the_last_hand_may_stop_before_the_dealers_cards():
    with pytest.raises(ParseError) as caught:
        session(HEADER + STOPPED + ["", *WHOLE_HAND])
    assert (caught.value.line, caught.value.column) == (8, 1)     # the next hand's line
    assert caught.value.reason == ("expected 'Box N:' or 'Dealer:', found 'Hand': hand 2 stops before the dealer's "
                                   "cards, which only a session's last hand may do")


def test_six_boxes_a_last_hand_with_its_result_but_no_dealers_cards_does_not_parse():
    with pytest.raises(ParseError) as caught:
        session(HEADER + WHOLE_HAND + STOPPED + ["Result: box 1 +30"])
    assert caught.value.line == 13


def test_a_session_file_cut_inside_its_last_hand_keeps_its_whole_hands(tmp_path):
    # sixcard-generated-best.txt up to line 93: session G-2026-2 (line 61) stops in hand 4 after its
    # boxes. Its hands 1-3, worked from the log: -10 - 25 - 15 (two folds; a pair of sevens under
    # the dealer's jacks and nines), -10 + 5 + 10 (no dealer game: box 1's buy and dealer-game buy
    # lost, the others paid the ante), -15 (threes under sixes): -60.
    lines = (SAMPLES / "sixcard-generated-best.txt").read_text(encoding="utf-8").split("\n")
    (tmp_path / "s.txt").write_text("\n".join(lines[:93]) + "\n", encoding="utf-8")
    summary = ingest([tmp_path / "s.txt"], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 0, 1)
    with connect(tmp_path / "wh") as con:
        assert con.execute("select g.first_line, p.net::double from games g join game_players p using (game_id) "
                           "order by 1").fetchall()[1] == (61, -60.0)
        assert con.execute("select rule_id, severity, line from findings").fetchall() == [
            ("SIX-BOXES", "warning", 89)]
        assert con.execute("select count(distinct hand_no) from sixcard_boxes where game_id = "
                           "(select game_id from games where first_line = 61)").fetchall() == [(3,)]
