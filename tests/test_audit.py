"""Auditing without storing (pipeline/audit.py): pasted text and stored games re-read from their files."""

from __future__ import annotations

import pytest

from parsers.formats import HEADERS
from parsers.source import normalize_lines, split_games
from pipeline.audit import SourceGone, audit_bytes, audit_stored
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


def test_stored_game_is_found_again_in_an_indented_archive(tmp_path):
    # Tracker archives indent every line and put banners between hands; the stored game's
    # ID is that of its dedented text, so the audit must cut the file the way the ingest did.
    archive = tmp_path / "archive.txt"
    indented = "".join(" " + line + "\n" for line in formats_examples.OFC.splitlines())
    archive.write_text("*********** # 1 **************\n" + indented)
    chunk, = split_games(normalize_lines(archive.read_text()), HEADERS)
    audited = audit_stored(str(archive), chunk.game_id, chunk.first_line, chunk.last_line)
    assert audited.error is None and audited.chunk.lines[0] == "OFC hand O-501"


def test_an_edited_or_missing_file_is_said_to_be_gone(tmp_path):
    log = tmp_path / "night.txt"
    log.write_text(formats_examples.CHINESE)
    chunk, = split_games(normalize_lines(log.read_text()), HEADERS)
    log.write_text(formats_examples.CHINESE.replace("Vera: surrenders", "Vera: surrenders  # edited"))
    with pytest.raises(SourceGone, match="no longer holds this game's text at lines 1–11"):
        audit_stored(str(log), chunk.game_id, chunk.first_line, chunk.last_line)
    log.unlink()
    with pytest.raises(SourceGone, match="cannot be read any more"):
        audit_stored(str(log), chunk.game_id, chunk.first_line, chunk.last_line)
