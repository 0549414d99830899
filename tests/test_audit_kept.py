"""A stored game is audited again from the text the warehouse keeps, numbered as in its file."""

from __future__ import annotations

from pipeline.audit import audit_kept
from tests.test_dashboards_apptest import RASPISNOY, RASPISNOY_WRONG_TOTAL


def test_a_kept_text_replays_with_its_file_line_numbers():
    from parsers.formats import HEADERS
    from parsers.source import normalize_lines, split_games

    file_text = RASPISNOY + "\n" + RASPISNOY_WRONG_TOTAL
    second = split_games(normalize_lines(file_text), HEADERS)[1]
    audited = audit_kept(second.text, "night.txt", second.game_id, second.first_line)
    assert audited is not None and audited.chunk.first_line == second.first_line
    total, = (f for f in audited.replay.findings if f.rule_id == "RSP-TOTAL")
    # the wrong total stands on the same line of the file as in the text kept
    assert file_text.split("\n")[total.line - 1] == "Totals: Boris 0, Vera 15, Anna 5"


def test_a_kept_text_without_the_game_gives_none():
    assert audit_kept("Chinese poker hand C-1\nPlayers: Anna, Boris\n", "x.txt", "not-this-game", 7) is None
