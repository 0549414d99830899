"""A Chinese poker or OFC hand its file ends inside (docs/formats.md, "A file that ends inside a
hand"): the file's last hand, stopping before every player holds his hand and before the
table's claims, is quarantined as cut off, never stored with findings that blame the players;
read whole on a later ingest, it is stored and leaves the quarantine. The same hand with its
claims, or in the middle of a file, breaks a rule (CP-DEAL, OFC-ROWS) and is stored."""

from __future__ import annotations

from pathlib import Path

from parsers.formats import FILE_ENDS_INSIDE
from pipeline.audit import audit_bytes
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.conftest import SAMPLES
from tests.test_reaudit import judged_by_old_rules

OFC_LINES = (SAMPLES / "ofc-pineapple.txt").read_text(encoding="utf-8").split("\n")
# Lines 1-42: the file's comments and its hands O-2027-1 (Boris +1, Anna -1) and O-2027-2 (Kirill -6,
# Vera +6); 44-62: O-2027-3 (Boris vs Vera), whose 4th draws line is line 56.
OFC_CUT = "\n".join(OFC_LINES[:56]) + "\n"
OFC_WHOLE = "\n".join(OFC_LINES[:62]) + "\n"
CHINESE_LINES = (SAMPLES / "chinese-night.txt").read_text(encoding="utf-8").split("\n")
# C-2026-2 and C-2026-3 (lines 15-36), then C-2026-1 (lines 4-13) cut just before Kirill's line.
CHINESE_CUT = "\n".join(CHINESE_LINES[14:36] + CHINESE_LINES[3:10]) + "\n"


def ingest_text(tmp_path: Path, text: str, name: str = "club.txt", warehouse: str = "wh"):
    path = tmp_path / "logs" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return ingest([path], tmp_path / warehouse, jobs=1)


def query(tmp_path: Path, sql: str, warehouse: str = "wh") -> list[tuple]:
    with connect(tmp_path / warehouse) as con:
        return con.execute(sql).fetchall()


def stats(tmp_path: Path, game: str) -> list[tuple]:
    return query(tmp_path, "select player, count_hands, count_fouls, points_per_hand::double from "
                           f"player_stats_chinese where game = '{game}' order by player")


def test_ofc_hand_the_file_ends_inside_is_quarantined_and_counts_nowhere(tmp_path):
    summary = ingest_text(tmp_path, OFC_CUT)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 1, 0)
    (where,) = query(tmp_path, "select first_line, last_line, line, error, text from quarantine")
    assert where[:4] == (44, 56, 56, FILE_ENDS_INSIDE.format(line=56))
    assert where[4] == "\n".join(OFC_LINES[43:56])
    assert query(tmp_path, "select count(*) from findings") == [(0,)]
    # Boris's only whole hand gives him +1, Vera's +6; neither fouled
    assert stats(tmp_path, "ofc") == [("Anna", 1, 0, -1.0), ("Boris", 1, 0, 1.0), ("Kirill", 1, 0, -6.0),
                                      ("Vera", 1, 0, 6.0)]


def test_ofc_hand_read_whole_later_is_stored_and_leaves_the_quarantine(tmp_path):
    ingest_text(tmp_path, OFC_CUT)
    summary = ingest_text(tmp_path, OFC_WHOLE)       # the same file, written to its end
    assert (summary.games, summary.quarantined, summary.unquarantined) == (1, 0, 1)
    assert query(tmp_path, "select count(*) from quarantine") == [(0,)]
    # O-2027-3: Boris +6, Vera -6 (she fouls: her back, a pair of threes, under her middle's aces and tens)
    assert stats(tmp_path, "ofc") == [("Anna", 1, 0, -1.0), ("Boris", 2, 0, 3.5), ("Kirill", 1, 0, -6.0),
                                      ("Vera", 2, 1, 0.0)]


def test_chinese_hand_cut_before_a_players_line_is_quarantined(tmp_path):
    summary = ingest_text(tmp_path, CHINESE_CUT)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 1, 0)
    assert query(tmp_path, "select first_line, last_line, error from quarantine") == [
        (23, 29, FILE_ENDS_INSIDE.format(line=29))]
    # C-2026-2: Dasha -4, Inna +4, Gleb 0; C-2026-3: Dasha -2, Gleb +2; Boris and Kirill played no whole hand
    assert stats(tmp_path, "chinese") == [("Dasha", 2, 0, -3.0), ("Gleb", 2, 0, 1.0), ("Inna", 1, 0, 4.0)]


def test_the_same_hands_with_their_claims_or_before_another_hand_break_a_rule(tmp_path):
    # closed by its Points: line, the Chinese hand lacks Kirill's line: CP-DEAL, stored
    closed = CHINESE_CUT + "Points: Boris -4, Kirill +4\n"
    ingest_text(tmp_path, closed, warehouse="closed")
    assert ("CP-DEAL", 27) in query(tmp_path, "select rule_id, line from findings", "closed")
    assert query(tmp_path, "select count(*) from quarantine", "closed") == [(0,)]
    # followed by a whole hand, the OFC hand is no cut: its short rows are OFC-ROWS errors
    middle = OFC_CUT + "\n" + "\n".join(OFC_LINES[3:22]) + "\n"
    summary = ingest_text(tmp_path, middle, warehouse="middle")
    assert (summary.games, summary.quarantined) == (3, 0)
    assert {rule for rule, in query(tmp_path, "select rule_id from findings", "middle")} == {"OFC-ROWS"}


def test_a_cut_hand_judged_again_stays_quarantined(tmp_path, monkeypatch):
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "ofc3.txt").write_text(OFC_CUT, encoding="utf-8")
    judged_by_old_rules(monkeypatch, findings=True)
    assert ingest([folder], tmp_path / "wh", jobs=1).quarantined == 1
    monkeypatch.undo()
    again = ingest([folder], tmp_path / "wh", jobs=1)     # judged again from its kept text alone
    assert (again.retried, again.retried_stored) == (1, 0)
    assert query(tmp_path, "select error from quarantine") == [(FILE_ENDS_INSIDE.format(line=56),)]
    assert query(tmp_path, "select count(*) from games") == [(2,)]


def test_a_pasted_text_that_ends_inside_a_hand_is_told_so():
    audited = audit_bytes(OFC_CUT.encode(), "pasted")
    assert [a.error for a in audited] == [None, None, FILE_ENDS_INSIDE.format(line=56)]
    assert (audited[-1].error_line, audited[-1].error_column) == (56, len(OFC_LINES[55]) + 1)


def test_a_file_cut_in_the_middle_of_a_hands_line_ends_inside_the_hand(tmp_path):
    # "B" of "Boris draws …": no line of the hand, it is text of its own after it, to the file's end
    summary = ingest_text(tmp_path, OFC_CUT + "B")
    assert (summary.games, summary.quarantined, summary.findings) == (2, 2, 0)
    assert query(tmp_path, "select first_line, error from quarantine where game = 'ofc'") == [
        (44, FILE_ENDS_INSIDE.format(line=56))]


def test_a_file_cut_after_a_hands_table_lines_ends_inside_it():
    (audited,) = audit_bytes(b"OFC hand 78\nDate: 2024-01-01 20:00\nPlayers: Anna, Boris\n", "cut.txt")
    assert (audited.error, audited.error_line) == (FILE_ENDS_INSIDE.format(line=3), 3)


def test_a_hand_cut_after_its_sets_is_cut_and_one_cut_before_its_claims_is_whole(tmp_path):
    # the claims are optional: with every player's 13 cards placed, the hand is whole
    after_sets = "\n".join(OFC_LINES[:52]) + "\n"
    before_claims = "\n".join(OFC_LINES[:60]) + "\n"
    assert (ingest_text(tmp_path, after_sets, warehouse="sets").quarantined,
            ingest_text(tmp_path, before_claims, warehouse="claims").quarantined) == (1, 0)
    assert query(tmp_path, "select count(*) from games", "claims") == [(3,)]
