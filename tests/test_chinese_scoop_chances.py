"""chinese_scores.is_scoop_chance: the replay's answer per pairing, which the scoop rates count,
and how a warehouse an older Rasklad wrote without it reads until `rasklad reaudit`."""

from __future__ import annotations

import json

import duckdb
import pyarrow.parquet as pq
from click.testing import CliRunner
from test_chinese_stats import CHINESE
from test_ofc_rules import FORMATS_EXAMPLE

from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.manifest import EMPTY_PARTITION
from pipeline.warehouse import MODELS_STATE_TABLE, connect, read_manifest
from tests.test_reaudit import judged_by_old_rules


def test_each_pairing_stores_whether_either_could_scoop_as_the_rules_settle_it(tmp_path):
    # CHINESE (tests/test_chinese_stats.py), H1 and H2: Anna and Boris set their rows (a chance, both
    # ways); against or by Vera's surrender no row is compared (none). H3: a dragon against a hand
    # that stands or fouls is three rows (a chance). H4: Anna's hand stands against Boris's foul (a
    # chance). The OFC hand of the formats' example: Anna and Boris set their rows, 2 chances.
    (tmp_path / "chinese.txt").write_text(CHINESE, encoding="utf-8")
    (tmp_path / "ofc.txt").write_text(FORMATS_EXAMPLE + "\n", encoding="utf-8")
    summary = ingest([tmp_path / "chinese.txt", tmp_path / "ofc.txt"], tmp_path / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (5, 0, 0)
    with connect(tmp_path / "warehouse") as con:
        rows = con.execute("""
            select strftime(games.played_at, '%H:%M') as at, player, opponent, is_scoop_chance
            from chinese_scores join games using (game_id, game) where game = 'chinese' order by all""").fetchall()
        ofc = con.execute("select count(*), count(*) filter (where is_scoop_chance) from chinese_scores "
                          "where game = 'ofc'").fetchone()
    assert rows == [
        ("00:30", "Anna", "Boris", True), ("00:30", "Boris", "Anna", True),
        ("00:40", "Anna", "Boris", True), ("00:40", "Boris", "Anna", True),
        *[(at, player, opponent, chance) for at in ("22:10", "22:20") for player, opponent, chance in (
            ("Anna", "Boris", True), ("Anna", "Vera", False), ("Boris", "Anna", True), ("Boris", "Vera", False),
            ("Vera", "Anna", False), ("Vera", "Boris", False))],
    ]
    assert ofc == (2, 2)


def test_a_warehouse_without_the_stored_chances_counts_every_pairing_until_a_reaudit(tmp_path, monkeypatch):
    # An older Rasklad wrote chinese_scores without is_scoop_chance, and its rules judged the hands:
    # until `rasklad reaudit`, each pairing counts as a chance. Anna 1-6: H2 v Boris and v Vera, H3
    # and H4 v Boris: 4 (3 once the surrender is told apart); 2-4: H1 v Boris and v Vera: 2 (1).
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "chinese.txt").write_text(CHINESE, encoding="utf-8")
    root = tmp_path / "warehouse"
    judged_by_old_rules(monkeypatch)
    ingest([folder], root, jobs=1)
    monkeypatch.undo()
    placeholders = [path.relative_to(root) for path in root.glob(f"chinese_scores/{EMPTY_PARTITION}/*")]
    for part in [*read_manifest(root).paths("chinese_scores"), *placeholders]:
        pq.write_table(pq.read_table(root / part).drop_columns(["is_scoop_chance"]), root / part)
    with duckdb.connect(str(root / "rasklad.duckdb")) as models_file:
        models_file.execute(f"update {MODELS_STATE_TABLE} set value = 'an older SQL' where name = 'sql'")

    def chances() -> list[dict]:
        result = CliRunner().invoke(main, [
            "query", ("select player, scoring, sum(count_scoop_chances)::int as chances, "
                      "(select count(is_scoop_chance) from chinese_scores)::int as stored "
                      "from int_chinese_player_hands where player = 'Anna' group by all order by all"),
            "-w", str(root), "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    assert chances() == [{"player": "Anna", "scoring": "1-6", "chances": 4, "stored": 0},
                         {"player": "Anna", "scoring": "2-4", "chances": 2, "stored": 0}]
    assert CliRunner().invoke(main, ["reaudit", "-w", str(root), "-j", "1"]).exit_code == 0
    # 6 + 6 + 2 + 2 pairings, each told now
    assert chances() == [{"player": "Anna", "scoring": "1-6", "chances": 3, "stored": 16},
                         {"player": "Anna", "scoring": "2-4", "chances": 1, "stored": 16}]
