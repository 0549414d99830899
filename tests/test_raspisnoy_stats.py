"""Raspisnoy statistics and leaderboard against two games worked out by hand: the audits and the stored
rows here; every figure of the marts, column by column, in tests/test_worked_raspisnoy.py.

Game A is a score sheet under "max cards 1, specials misere golden": three players, nine rounds of one
card (3 regular, 3 misère, 3 golden). Dealers rotate Anna, Boris, Vera from round 1.

    round  kind     dealer  Anna          Boris         Vera
      1    regular  Anna    bid 1 took 0  bid 0 took 0  bid 1 took 1     -10 / +5 / +10
      2    regular  Boris   bid 0 took 0  bid 0 took 0  bid 0 took 1     +5 / +5 / +1 (a pass that took 1)
      3    regular  Vera    bid 1 took 1  bid 1 took 0  bid 0 took 0     +10 / -10 / +5 (Boris may not pass a 3rd time)
      4-6  misere           took 0,1,0    took 1,0,0    took 0,0,1       Anna +50 -15 +50, Boris -15 +50 +50, Vera +50 +50 -15
      7-9  golden           took 1,1,0    took 0,0,1    took 0,0,0       +15 per trick
    final                   120           100           101              placements Anna 1, Vera 2, Boris 3

Game B is FORMATS.md's log (two rounds): Anna 0, Boris 0, Vera 15 (placements Vera 1, Anna 2, Boris 2).
Both are at Tverskaya; A on 2026-03-05 (2026-Q1), B on 2026-11-28 (2026-Q4).
"""

from __future__ import annotations

import pytest

from pipeline import models
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from tests.test_raspisnoy_rules import FORMATS_LOG

SHEET_A = """\
Raspisnoy sheet A
Date: 2026-03-05
Club: Tverskaya
Players: Anna | Boris | Vera
Rules: max cards 1, specials misere golden
First dealer: Anna

 #  cards kind    | Anna     | Boris    | Vera
 1  1     regular | 1/0 -10  | 0/0 5    | 1/1 10
 2  1     regular | 0/0 -5   | 0/0 10   | 0/1 11
 3  1     regular | 1/1 5    | 1/0 0    | 0/0 16
 4  1     misere  | -/0 55   | -/1 -15  | -/0 66
 5  1     misere  | -/1 40   | -/0 35   | -/0 116
 6  1     misere  | -/0 90   | -/0 85   | -/1 101
 7  1     golden  | -/1 105  | -/0 85   | -/0 101
 8  1     golden  | -/1 120  | -/0 85   | -/0 101
 9  1     golden  | -/0 120  | -/1 100  | -/0 101
"""


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    folder = tmp_path_factory.mktemp("raspisnoy_stats")
    (folder / "a.txt").write_text(SHEET_A, encoding="utf-8")
    (folder / "b.txt").write_text(FORMATS_LOG, encoding="utf-8")
    summary = ingest([folder / "a.txt", folder / "b.txt"], folder / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 0, 0)
    with connect(folder / "warehouse") as connection:
        yield connection


def test_audits_hold(con):
    names = [audit.name for audit in models.audits() if audit.name.startswith("raspisnoy_")]
    assert len(names) >= 3
    for audit in models.audits():
        if audit.name.startswith("raspisnoy_"):
            assert con.execute(f"select count(*) from ({audit.body})").fetchone()[0] == 0, audit.name


def test_audit_catches_a_total_that_is_not_a_running_sum(con):
    body = next(a for a in models.audits() if a.name == "raspisnoy_totals_are_running_sums").body
    broken = body.replace("from stg_raspisnoy_rounds",
                          "from (select * replace (case when round_no = 2 then total + 1 else total end as total) "
                          "from stg_raspisnoy_rounds)")
    assert broken != body
    assert con.execute(f"select count(*) from ({broken})").fetchone()[0] > 0


@pytest.mark.parametrize("sample", ["raspisnoy-violations.txt", "raspisnoy-sheets.txt", "raspisnoy-54-deck.txt",
                                    "raspisnoy-unfinished.txt", "raspisnoy-night.txt"])
def test_stored_rows_are_the_replays_rows(sample):
    # The facts tables a file's ingest makes (Arrow, as written to Parquet) hold each game's replay
    # rows value for value, and its findings: the rows are transposed, not recomputed.
    from pathlib import Path

    from parsers.formats import parse_chunk
    from pipeline.worker import parse_bytes, split_named
    from rules.raspisnoy import RaspisnoyGame, replay_log, replay_sheet

    path = Path(__file__).resolve().parent.parent / "data" / "samples" / sample
    if not path.exists():
        pytest.skip(f"the sample {sample} is not in this checkout")
    expected: dict[str, list] = {"raspisnoy_rounds": [], "raspisnoy_tricks": [], "findings": []}
    for chunk in split_named(path.read_text(encoding="utf-8"), str(path)):
        record = parse_chunk(chunk, str(path))
        replay = (replay_log if isinstance(record, RaspisnoyGame) else replay_sheet)(record)
        expected["raspisnoy_rounds"] += [{"game_id": chunk.game_id, **row._asdict(), "is_game_finished": replay.is_finished}
                                         for row in replay.rounds]
        expected["raspisnoy_tricks"] += [{"game_id": chunk.game_id, **row._asdict()} for row in replay.plays]
        expected["findings"] += [{"game_id": chunk.game_id, "rule_id": f.rule_id, "line": f.line}
                                 for f in replay.findings]
    stored: dict[str, list] = {name: [] for name in expected}
    for (name, _), table in parse_bytes(path.read_bytes(), str(path)).tables.items():
        if name in stored:
            columns = ["game_id", "rule_id", "line"] if name == "findings" else table.column_names
            stored[name] += table.select(columns).to_pylist()
    assert expected["raspisnoy_rounds"]
    for name, rows in expected.items():
        assert sorted(stored[name], key=repr) == sorted(rows, key=repr), name


def test_the_replays_rows_are_the_facts_columns_in_order():
    # The facts transpose the replay's rows as they are (zip(*rows)): a field moved in RoundRow or
    # PlayRow would land in another column without this.
    from pipeline.facts.raspisnoy import RASPISNOY_ROUNDS, RASPISNOY_TRICKS
    from rules.raspisnoy import PlayRow, RoundRow

    # the game's is_game_finished comes after the round's fields, from the replay of the whole game
    assert RASPISNOY_ROUNDS.schema.names == ["game_id", *RoundRow._fields, "is_game_finished"]
    assert RASPISNOY_TRICKS.schema.names == ["game_id", *PlayRow._fields]
