"""Upgrading a warehouse an older Rasklad wrote, and refusing one a newer Rasklad wrote.

The command line tells the stored games older rules judged (they keep those rules' figures until
``rasklad reaudit``), a re-audit names the games it sends to quarantine, and the manifest records
the warehouse format of the Rasklad that last wrote it. A newer format is simulated by writing a
higher number into the manifest; an older one by taking the number out, as a Rasklad from before
the marker writes it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
from click.testing import CliRunner

import pipeline.worker
from pipeline.audit import Audited
from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.manifest import EMPTY_PARTITION
from pipeline.provenance import RULES_VERSION
from pipeline.warehouse import MANIFEST_FILE, MODELS_STATE_TABLE, Warehouse, read_manifest
from tests.test_reaudit import OLD, judged_by_old_rules, logs

CLAIMS_HANDS = 12   # chinese-wrong-claims.txt: `rasklad generate chinese --count 12`, its header says


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_the_commands_count_the_stored_games_older_rules_judged_until_a_reaudit(tmp_path, monkeypatch):
    warehouse = tmp_path / "wh"
    judged_by_old_rules(monkeypatch, findings=True)
    ingest([logs(tmp_path / "old", "chinese-wrong-claims.txt")], warehouse, jobs=1)
    monkeypatch.undo()
    _set_manifest(warehouse, versions={OLD: "2026-01-01T00:00:00Z"})    # as the older Rasklad recorded itself
    # the Chinese hands keep the old rules' figures; the Hold'em hands read now are this version's
    told = (f"{CLAIMS_HANDS} stored games were judged by older rules or parsers (rules version {OLD}; this "
            f"Rasklad's is {RULES_VERSION}) and keep the figures they gave: `rasklad reaudit --warehouse "
            f"{warehouse}` judges them again")
    new = logs(tmp_path / "new", "pokerstars-holdem.txt")
    for args in (["ingest", str(new), "-j", "1", "-q"], ["build-models"], ["audit"], ["stats", "--game", "chinese"]):
        result = run(*args, "--warehouse", str(warehouse))
        assert result.exit_code == 0, result.output
        assert result.stdout.splitlines().count(told) == 1, (args, result.stdout)
    summary = json.loads(run("ingest", str(new), "-w", str(warehouse), "-j", "1", "--json").stdout)
    assert summary["older_rules"] == {"games": CLAIMS_HANDS, "quarantined": 0, "versions": [OLD]}
    assert run("reaudit", "-w", str(warehouse), "-j", "1").exit_code == 0
    for args in (["audit"], ["build-models"]):
        assert "older rules" not in run(*args, "--warehouse", str(warehouse)).output
    assert json.loads(run("ingest", str(new), "-w", str(warehouse), "-j", "1", "--json").stdout)["older_rules"] == {
        "games": 0, "quarantined": 0, "versions": []}


def test_a_reaudit_names_each_stored_game_it_sends_to_quarantine_with_its_place_and_reason(tmp_path, monkeypatch):
    warehouse = tmp_path / "wh"
    judged_by_old_rules(monkeypatch, findings=True)
    ingest([logs(tmp_path / "logs", "chinese-wrong-claims.txt", "pokerstars-holdem.txt")], warehouse, jobs=1)
    monkeypatch.undo()
    with Warehouse(warehouse).open() as store:
        chinese = store.read_table("games", ["game_id", "source_file", "first_line"]).to_pylist()
    chinese = sorted((row["source_file"], row["first_line"], row["game_id"]) for row in chinese
                     if row["source_file"].endswith("chinese-wrong-claims.txt"))
    assert len(chinese) == CLAIMS_HANDS
    audit_chunk = pipeline.worker.audit_chunk

    def stricter(chunk, file, **options):      # rules under which no Chinese hand is readable, at its first line
        if chunk.format == "chinese":
            return Audited(chunk=chunk, error="stricter rules", error_line=chunk.first_line, error_column=1)
        return audit_chunk(chunk, file, **options)

    monkeypatch.setattr(pipeline.worker, "audit_chunk", stricter)
    copy = tmp_path / "copy"
    shutil.copytree(warehouse, copy)
    result = run("reaudit", "-w", str(warehouse), "-j", "1")
    assert result.exit_code == 1, result.output     # a game quarantined, as an ingest's
    lines = result.stdout.splitlines()
    assert f"{CLAIMS_HANDS} quarantined ({CLAIMS_HANDS} of them stored before)" in lines[0]
    # the first ten in file order, each at its first line and column 1, then how many more
    assert lines[1:12] == [f"  sent to quarantine: {file}:{line}:1 (game {game_id}): stricter rules"
                           for file, line, game_id in chinese[:10]] + ["  and 2 more sent to quarantine"]
    assert lines[12] == f"  {CLAIMS_HANDS} games stored before are quarantined now: they count in no statistics any more"
    assert lines[13] == f"See them with: rasklad quarantine --warehouse {warehouse}"
    summary = json.loads(run("reaudit", "-w", str(copy), "-j", "1", "--json").stdout)
    assert summary["sent_to_quarantine"] == [
        {"game_id": game_id, "source_file": file, "line": line, "column": 1, "reason": "stricter rules"}
        for file, line, game_id in chinese]


def _manifest(warehouse: Path) -> dict:
    return json.loads((warehouse / MANIFEST_FILE).read_text())


def _set_manifest(warehouse: Path, **changes) -> None:
    state = _manifest(warehouse)
    for key, value in changes.items():
        if value is None:
            state.pop(key, None)
        else:
            state[key] = value
    (warehouse / MANIFEST_FILE).write_text(json.dumps(state))


def _stored(warehouse: Path) -> dict[str, bytes]:
    """Every file of the warehouse but its models and caches, with its bytes."""
    return {str(path.relative_to(warehouse)): path.read_bytes() for path in sorted(warehouse.rglob("*"))
            if path.is_file() and path.suffix in (".parquet", ".json") and not path.name.startswith("_known")
            and not path.name.startswith("_quarantined")}


def test_a_warehouse_of_a_newer_format_is_read_but_never_written(tmp_path):
    warehouse, logs_folder = tmp_path / "wh", logs(tmp_path / "logs", "chinese-wrong-claims.txt")
    ingest([logs_folder], warehouse, jobs=1)
    assert (_manifest(warehouse)["format"], _manifest(warehouse)["readable_from"]) == (1, 1)   # the first format
    _set_manifest(warehouse, format=2)     # written by a newer Rasklad that this one still reads
    before = _stored(warehouse)
    more = logs(tmp_path / "more", "pokerstars-holdem.txt")
    refused = "The warehouse {!r} was written by a newer Rasklad (warehouse format 2); this Rasklad knows format 1"
    for args in (["ingest", str(more), "-j", "1"], ["ingest", str(logs_folder), "-j", "1"], ["reaudit"],
                 ["build-models"], ["alias", "Anna", "Anya"], ["settings", "rate", "EUR", "USD", "1.08"]):
        result = run(*args, "--warehouse", str(warehouse))
        assert result.exit_code == 1, (args, result.output)
        assert refused.format(str(warehouse)) in result.output, (args, result.output)
    assert _stored(warehouse) == before     # not a byte written
    result = run("query", "select count(*) as n from games", "-w", str(warehouse), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout) == [{"n": CLAIMS_HANDS}]
    assert run("audit", "-w", str(warehouse)).exit_code == 0
    _set_manifest(warehouse, readable_from=2)  # a newer format that says this Rasklad would misread it
    result = run("query", "select count(*) from games", "-w", str(warehouse))
    assert result.exit_code == 1
    assert "was written by a newer Rasklad (warehouse format 2); this Rasklad knows format 1 and cannot read it" \
        in result.output


def test_a_warehouse_an_older_rasklad_wrote_is_upgraded_and_the_command_says_so(tmp_path):
    warehouse = tmp_path / "wh"
    ingest([logs(tmp_path / "logs", "chinese-wrong-claims.txt")], warehouse, jobs=1)
    _set_manifest(warehouse, format=None, readable_from=None)     # as a Rasklad from before the marker writes it
    result = run("alias", "Anna", "Anya", "-w", str(warehouse))
    assert result.exit_code == 0, result.output
    assert f"Upgraded the warehouse {warehouse} from format 0 (written by an older Rasklad) to format 1" \
        in result.stderr
    assert (_manifest(warehouse)["format"], _manifest(warehouse)["readable_from"]) == (1, 1)
    # a warehouse of this format: nothing more to say
    assert "Upgraded" not in run("alias", "Boris", "Borya", "-w", str(warehouse)).output


# the first hand of pokerstars-holdem.txt: Anna raises, Boris folds, Vera calls; on the flop Vera
# checks, Anna bets, Vera calls; on the turn both check; on the river Vera bets and Anna calls
ONE_HAND = (Path(__file__).parent.parent / "data" / "samples" / "pokerstars-holdem.txt").read_text(
    encoding="utf-8").split("\n\n", 1)[0] + "\n"


def _without_is_reopened(warehouse: Path) -> None:
    """The warehouse as the release before holdem_actions.is_reopened left it: its parts and
    placeholder without the column, its models stamped with that release's SQL."""
    placeholders = [path.relative_to(warehouse) for path in warehouse.glob(f"holdem_actions/{EMPTY_PARTITION}/*")]
    for part in [*read_manifest(warehouse).paths("holdem_actions"), *placeholders]:
        pq.write_table(pq.read_table(warehouse / part).drop_columns(["is_reopened"]), warehouse / part)
    with duckdb.connect(str(warehouse / "rasklad.duckdb")) as models_file:
        models_file.execute(f"update {MODELS_STATE_TABLE} set value = 'the SQL of 26bf382' where name = 'sql'")


def test_a_column_added_since_an_older_rasklad_wrote_the_warehouse_reads_as_null_before_any_write(tmp_path):
    # The decisions' models and holdem_actions.is_reopened failed (Binder Error) until a write laid
    # the placeholder again: nothing supplied the column the older parts lack.
    logs_folder = tmp_path / "logs"
    logs_folder.mkdir()
    (logs_folder / "one-hand.txt").write_text(ONE_HAND)
    warehouse = tmp_path / "wh"
    ingest([logs_folder], warehouse, jobs=1)
    _without_is_reopened(warehouse)
    before = {path: path.read_bytes() for path in warehouse.rglob("*") if path.is_file()}

    def query(sql: str) -> list[dict]:
        result = run("query", sql, "-w", str(warehouse), "--json")
        assert result.exit_code == 0, result.output
        assert "rasklad build-models" in result.stderr     # computed from the tables as they are read
        return json.loads(result.stdout)

    # 10 decisions (3 before the flop, 3 on it, 2 on the turn, 2 on the river), none of them told
    # reopened or not by the older release: each counted as reopened, and no one was all in
    assert query("select count(*) as n, count(is_reopened) as told, count(*) filter (where could_raise) as could "
                 "from int_holdem_decisions") == [{"n": 10, "told": 0, "could": 10}]
    assert query("select player, count(*) as n from int_holdem_player_hands group by 1 order by 1") == [
        {"player": "Anna", "n": 1}, {"player": "Boris", "n": 1}, {"player": "Vera", "n": 1}]
    assert query("select count(*) filter (where is_decision(action)) as decisions, count(is_reopened) as told "
                 "from holdem_actions") == [{"decisions": 10, "told": 0}]
    assert {path: path.read_bytes() for path in warehouse.rglob("*") if path.is_file()} == before   # read only


def test_the_docs_say_an_older_releases_unfinished_game_counts_as_finished_until_a_reaudit():
    # raspisnoy_rounds.is_game_finished is null in the games an older Rasklad stored, and
    # bool_or(not null) counts no unfinished game: the leaderboard's column must say so
    from tests.conftest import ROOT

    rows = [line for line in (ROOT / "docs" / "warehouse.md").read_text(encoding="utf-8").splitlines()
            if line.startswith(("| `count_unfinished_games` |", "| `is_game_finished` |"))]
    assert len(rows) == 2 and all("rasklad reaudit" in row for row in rows), rows
