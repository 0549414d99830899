"""Auditing without storing (pipeline/audit.py): pasted text, and stored games read again from the text kept."""

from __future__ import annotations

import pytest

from pipeline.audit import audit_bytes, audit_kept
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests import formats_examples


def test_pasted_text_is_parsed_and_replayed_game_by_game():
    text = formats_examples.CHINESE + "\n" + formats_examples.SIXCARD
    audited = audit_bytes(text.encode("utf-8"), "pasted")
    assert [a.chunk.format for a in audited] == ["chinese", "sixcard"]
    chinese, sixcard = audited
    assert chinese.error is None and {p.player: p.net for p in chinese.replay.players} == {
        "Anna": 4, "Boris": 0, "Vera": -4}
    assert sixcard.error is None and [p.net for p in sixcard.replay.players] == [-10]


def test_a_game_that_does_not_parse_keeps_its_reason_and_position():
    broken = formats_examples.CHINESE.replace("[Kh Kd Kc 4s 4d]", "[Kh Kd Kx 4s 4d]")
    audited, = audit_bytes(broken.encode("utf-8"), "pasted")
    assert audited.record is None and audited.error_line == 7
    assert "card" in audited.error


def test_pasted_text_is_bounded():
    with pytest.raises(ValueError, match="at most 20 MB"):
        audit_bytes(b"x" * (20 * 1024 * 1024 + 1), "huge")


def test_a_stored_game_of_an_indented_archive_is_audited_from_the_text_kept(tmp_path):
    # Tracker archives indent every line and put banners between hands; the stored game's
    # ID is that of its dedented text, so the audit must cut the kept text the way the ingest
    # cut the file. The file itself, edited or gone since, is not read.
    archive = tmp_path / "archive.txt"
    indented = "".join(" " + line + "\n" for line in formats_examples.OFC.splitlines())
    archive.write_text("*********** # 1 **************\n" + indented)
    ingest([archive], tmp_path / "wh", jobs=1)
    archive.write_text(indented.replace("Anna draws Ac: back", "Anna draws Ac: front"))
    archive.unlink()
    with connect(tmp_path / "wh") as con:
        (game_id, first_line, last_line, text), = con.execute(
            "select game_id, first_line, last_line, text from games join game_texts using (game_id)").fetchall()
    # the banner is line 1: the hand's 27 lines are lines 2 to 28
    assert (first_line, last_line) == (2, 28) == (2, 1 + len(formats_examples.OFC.splitlines()))
    audited = audit_kept(text, str(archive), game_id, first_line)
    assert audited.error is None and audited.chunk.lines[0] == "OFC hand O-501" and audited.chunk.first_line == 2
    # Anna wins the back (aces full over kings full) and the middle (a flush over two pair), Boris
    # the front (queens): +1 in rows; royalties 6 + 8 = 14 against 6 + 7 = 13: +1. Anna +2.
    assert {p.player: p.net for p in audited.replay.players} == {"Anna": 2, "Boris": -2}
