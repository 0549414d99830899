"""The six-card replay pages: a finding at a line the boxes of a hand share carries its box as data
(``findings.subject``), stored and read back, and marks that box's step alone.

The figures are worked by hand from the session below (tests.test_replayer's SIXCARD).
"""

from __future__ import annotations

import polars as pl

from dashboards import queries as q
from dashboards.replay_views import flagged_at, marks_of, with_subjects_now
from dashboards.replayer import steps_of
from pipeline.audit import audit_kept
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.test_replayer import SIXCARD
from tests.worked_marts import assert_worked

# SIXCARD's Result line (12) says box 1 +15 and box 2 +5, where the rules give box 1 +10 (kings win
# 5 + 10 at 1:1 against the dealer's bought pair of eights, less the 5 the buy cost) and box 2 +0
# (the ante paid 1:1 against a dealer with no game, the bet back, less the 5 its bought card cost).
BOX_1_PAY = (12, "+10", "+15", "hand 1, box 1")
BOX_2_PAY = (12, "0", "+5", "hand 1, box 2")


def _stored(tmp_path, monkeypatch):
    """SIXCARD ingested into a warehouse of its own: its connection for the pages' queries, the
    game's ID, and the game read again from the text the warehouse keeps (as the Audit reads it)."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "session.txt").write_text(SIXCARD, encoding="utf-8")
    warehouse = tmp_path / "wh"
    ingest([logs], warehouse, jobs=1)
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(warehouse))
    q.release()
    db = q.database()
    (stored,) = connect(warehouse).execute("select game_id, source_file, first_line from games").fetchall()
    game_id, source_file, first_line = stored
    return db, game_id, audit_kept(q.game_text(db, game_id), source_file, game_id, first_line)


def _pay_messages(steps, marks) -> list[list[str]]:
    """Per step, the messages of the SIX-PAY findings marked on it."""
    return [[message for _, rule, message in flagged_at(steps, i, marks) if rule == "SIX-PAY"]
            for i in range(len(steps))]


def test_a_stored_result_lines_findings_carry_their_box_and_each_marks_its_own_step(tmp_path, monkeypatch):
    db, game_id, audited = _stored(tmp_path, monkeypatch)
    with connect(tmp_path / "wh") as con:
        stored = con.execute("select line, expected, actual, subject from findings where rule_id = 'SIX-PAY' "
                             "order by subject").fetchall()
    assert stored == [BOX_1_PAY, BOX_2_PAY]
    found = q.game_findings(db, game_id).filter(pl.col("rule_id") == "SIX-PAY").sort("subject")
    assert found.select("line", "expected", "actual", "subject").rows() == [BOX_1_PAY, BOX_2_PAY]
    steps = steps_of(audited.record, audited.replay)
    assert [step.subject for step in steps] == ["hand 1, box 1", "hand 1, box 2"]
    box_1, box_2 = found["message"]
    assert _pay_messages(steps, marks_of(found)) == [[box_1], [box_2]]
    # placed by the stored subject, not by the words: messages that name the other box leave each
    # finding on its own box's step
    swapped = found.with_columns(message=pl.Series([box_2, box_1]))
    assert _pay_messages(steps, marks_of(swapped)) == [[box_2], [box_1]]


def test_findings_stored_before_the_subject_are_placed_by_the_replay_of_the_kept_text(tmp_path, monkeypatch):
    db, game_id, audited = _stored(tmp_path, monkeypatch)
    found = q.game_findings(db, game_id).filter(pl.col("rule_id") == "SIX-PAY").sort("subject")
    steps = steps_of(audited.record, audited.replay)
    box_1, box_2 = found["message"]
    older = marks_of(found.with_columns(subject=pl.lit(None, pl.String)))    # a warehouse before the column
    assert _pay_messages(steps, older) == [[box_1, box_2], [box_1, box_2]]  # the line's: every box's step
    assert _pay_messages(steps, with_subjects_now(older, audited.replay)) == [[box_1], [box_2]]
    # a finding the replay no longer gives (older rules' words) stays on every step of its line
    reworded = marks_of(found.with_columns(subject=pl.lit(None, pl.String), message=pl.lit("older words")))
    assert _pay_messages(steps, with_subjects_now(reworded, audited.replay)) == [["older words"] * 2] * 2


def test_a_sessions_box_table_holds_its_amounts_as_numbers_and_the_drawing_writes_them_alike():
    from decimal import Decimal as D

    from dashboards.replay_views import sixcard_boxes
    from pipeline.audit import audit_bytes

    (game,) = audit_bytes(SIXCARD.encode(), "session.txt")
    boxes = sixcard_boxes(game.replay)
    amounts = ["ante", "costs", "wagered", "returned", "net", "net_in_log"]
    assert {name: boxes[name].dtype for name in amounts} == dict.fromkeys(amounts, pl.Decimal(18, 2))
    # box 1: ante 5, bet 10 and the dealer's game bought for 5 = 20 wagered; kings beat his eights:
    # ante and bet back with 5 + 10 won = 30; the log says +15. Box 2: its 2♥ cost 5, 20 wagered; no
    # game: ante back paid 1:1 and the bet back = 20; the log says +5.
    assert boxes.select(amounts).rows() == [(D(5), D(5), D(20), D(30), D(10), D(15)),
                                            (D(5), D(5), D(20), D(20), D(0), D(5))]
    box_1, box_2 = steps_of(game.record, game.replay)
    assert box_1.label == "hand 1, box 1: plays 10.00; win, net 10.00"
    assert "ante 5.00" in box_1.html and "wagered 20.00 · returned 30.00 · net 10.00" in box_1.html
    assert "the log says net 15.00" in box_1.html
    assert box_2.label == "hand 1, box 2: buys 2♥; plays 10.00; no game, net 0.00"


def test_the_finding_list_names_the_box_each_finding_is_about(tmp_path, monkeypatch):
    _stored(tmp_path, monkeypatch)
    with connect(tmp_path / "wh") as con:
        # the two SIX-PAY findings of the Result line (12), worked above: each names its own box
        assert_worked(con, "finding_list", [
            {"rule_id": "SIX-PAY", "line": 12, "expected": "+10", "actual": "+15", "subject": "hand 1, box 1"},
            {"rule_id": "SIX-PAY", "line": 12, "expected": "0", "actual": "+5", "subject": "hand 1, box 2"},
        ], where="rule_id = 'SIX-PAY'")
