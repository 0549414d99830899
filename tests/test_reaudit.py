"""Re-audit: every game records the rules version that judged it and keeps its text; games
judged by other rules are judged again from those texts, and their rows replaced.

"Other rules" are simulated by stamping another version (and, for stored games, by dropping
their findings, as rules that missed them would) while the files are first ingested.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import pipeline.reaudit
import pipeline.worker
from pipeline.audit import Audited
from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.manifest import EMPTY_PARTITION
from pipeline.provenance import RULES_VERSION, VERSIONED_TABLES, rules_version
from pipeline.reaudit import UnknownVersion, reaudit
from pipeline.tables import SCHEMAS
from pipeline.warehouse import MANIFEST_FILE, MODELS_STATE_TABLE, Warehouse, connect, read_manifest
from tests.conftest import ROOT, SAMPLES, corpus
from tests.warehouse_rows import VOLATILE, committed_rows

OLD = "0ld0ld0ld0ld"
CLAIMS_HANDS = 12       # the Chinese hands of chinese-wrong-claims.txt, 4 of them with findings
OLD_HANDS = CLAIMS_HANDS + 36       # and of chinese-night.txt


def logs(folder: Path, *names: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(SAMPLES / name, folder / name)
    return folder


def judged_by_old_rules(monkeypatch, *, findings: bool = False, unreadable: str | None = None,
                        half_unreadable: bool = False) -> None:
    """From now on the worker judges as older rules did: it stamps OLD, finds nothing (unless
    ``findings``), and cannot read the games of files whose name holds ``unreadable`` (nor,
    with ``half_unreadable``, the games whose ID is odd)."""
    stamp, audit_chunk = pipeline.worker.record_provenance, pipeline.worker.audit_chunk

    def old_provenance(tables, text_of, version=None, **kept):
        if not findings:
            for key in [key for key in tables if key[0] == "findings"]:
                tables[key] = tables[key].slice(0, 0)
        stamp(tables, text_of, version=OLD, **kept)

    def old_audit(chunk, file):
        if (unreadable and unreadable in file) or (half_unreadable and int(chunk.game_id, 16) % 2):
            return Audited(chunk=chunk, error="old parser: unreadable", error_line=chunk.first_line, error_column=1)
        return audit_chunk(chunk, file)

    monkeypatch.setattr(pipeline.worker, "record_provenance", old_provenance)
    monkeypatch.setattr(pipeline.worker, "audit_chunk", old_audit)


def test_rules_version_is_a_hash_of_the_judging_sources(tmp_path):
    for source in ("rules", "parsers", "pipeline/facts", "pipeline/audit.py", "pipeline/worker.py", "pipeline/cli.py"):
        target = tmp_path / source
        target.parent.mkdir(parents=True, exist_ok=True)
        copy = shutil.copytree if (ROOT / source).is_dir() else shutil.copy
        copy(ROOT / source, target)
    assert rules_version(tmp_path) == RULES_VERSION == rules_version()
    (tmp_path / "pipeline" / "cli.py").write_text("# not a judging source\n")
    assert rules_version(tmp_path) == RULES_VERSION
    grammar = tmp_path / "parsers" / "grammars" / "chinese.lark"
    grammar.write_text(grammar.read_text() + "\n")
    assert rules_version(tmp_path) != RULES_VERSION


def test_games_findings_and_quarantine_record_the_version_and_games_keep_their_text(tmp_path):
    folder = logs(tmp_path / "logs", "chinese-wrong-claims.txt")
    (folder / "junk.txt").write_text("not a game\n")
    ingest([folder], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        for table in ("games", "findings", "quarantine"):
            assert con.execute(f"select distinct rules_version from {table}").fetchall() == [(RULES_VERSION,)]
        first, last, text = con.execute(
            "select first_line, last_line, text from games join game_texts using (game_id) "
            "order by first_line limit 1").fetchone()
        assert con.execute("select count(*) from game_texts").fetchone()[0] == CLAIMS_HANDS
    lines = (folder / "chinese-wrong-claims.txt").read_text(encoding="utf-8").splitlines()
    assert text == "\n".join(lines[first - 1:last]) and text.startswith("Chinese poker hand")


def kept_texts(result) -> dict[str, str]:
    """Of a parse's rows: each stored game's kept text, by its first and last line."""
    texts = {}
    for (table, game), rows in result.tables.items():
        if table == "game_texts":
            kept = dict(zip(rows.column("game_id").to_pylist(), rows.column("text").to_pylist()))
            games = result.tables[("games", game)].to_pylist()
            texts.update({f"{row['first_line']}-{row['last_line']}": kept[row["game_id"]] for row in games})
    return texts


@pytest.mark.parametrize("line_break", ["\n", "\r\n"])
@pytest.mark.parametrize("shared_lines", [False, True])
def test_kept_texts_are_the_lines_of_the_file_as_written_whatever_path_stored_the_game(line_break, shared_lines):
    # A note in Russian first (its bytes are more than its letters), then games of the Hold'em
    # lane (rows before those of other paths), of the full path (Chinese poker), and iPoker
    # games that the full path stores after the lane's, two of them sharing a line when
    # ``shared_lines``: each game's text is its lines as written, trailing blanks kept, line
    # breaks as "\n".
    from pipeline.worker import parse_bytes
    from tests.test_room_ipoker import SESSION

    inner = SESSION.split('<game gamecode="11">')[1].split("</game>")[0]
    session = SESSION.replace("</game>", '</game><game gamecode="12">' + inner + "</game>", 1) if shared_lines else SESSION
    holdem = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").replace("\n", "  \n", 1)
    text = "\n\n".join(["Заметки клуба: не игра", session, holdem,
                         (SAMPLES / "chinese-night.txt").read_text(encoding="utf-8")])
    lines = text.split("\n")
    result = parse_bytes(text.replace("\n", line_break).encode("utf-8"), "mixed.txt")
    texts = kept_texts(result)
    assert result.count_games == len(texts) > 50 and result.count_lane
    assert "12-44" in texts and shared_lines == ("44-76" in texts)      # the iPoker games
    for key, kept in texts.items():
        first, last = map(int, key.split("-"))
        assert kept == "\n".join(lines[first - 1:last])
    assert any(kept.startswith("PokerStars") and kept.split("\n")[0].endswith("  ") for kept in texts.values())


@pytest.mark.parametrize("jobs", [1, 2])
def test_reaudit_judges_again_only_games_of_other_rules_and_replaces_their_rows(tmp_path, monkeypatch, jobs):
    old = logs(tmp_path / "old", "chinese-wrong-claims.txt", "chinese-night.txt")
    new = logs(tmp_path / "new", "raspisnoy-night.txt")
    judged_by_old_rules(monkeypatch)
    assert ingest([old], tmp_path / "wh", jobs=1).findings == 0
    monkeypatch.undo()
    ingest([new], tmp_path / "wh", jobs=1)
    current_parts = {part for part in read_manifest(tmp_path / "wh").paths("games") if "raspisnoy" in part}
    shutil.rmtree(old)          # the texts are in the warehouse: the files are not needed
    with Warehouse(tmp_path / "wh").open() as store:
        summary = reaudit(store, jobs=jobs)
        assert (summary.judged, summary.games, summary.quarantined) == (OLD_HANDS, OLD_HANDS, 0)
        assert summary.versions == {OLD: OLD_HANDS} and summary.findings > 0
        assert reaudit(store).judged == 0       # all judged by these rules now
    # Only the old games' rows were rewritten; the whole warehouse is what a clean ingest stores.
    assert current_parts <= set(read_manifest(tmp_path / "wh").paths("games"))
    ingest([logs(old, "chinese-wrong-claims.txt", "chinese-night.txt"), new], tmp_path / "clean", jobs=1)
    rows, clean = committed_rows(tmp_path / "wh"), committed_rows(tmp_path / "clean")
    assert rows["findings"] == clean["findings"] and len(rows["findings"]) > 0
    assert rows["games"] == clean["games"] and rows["game_texts"] == clean["game_texts"]
    assert rows == clean


def committed_column(root: Path, table: str, column: str = "source_file") -> list:
    """A column of every committed row of ``table``."""
    files = [str(root / part) for part in read_manifest(root).paths(table)]
    return ds.dataset(files, format="parquet", schema=SCHEMAS[table]).to_table(columns=[column]).column(column).to_pylist()


def test_reaudit_in_two_processes_lays_each_file_out_from_texts_kept_in_several_parts(tmp_path, monkeypatch):
    """Texts kept in two ingests' parts and in the quarantine, one file's games in both, judged
    again in two processes, each file a unit of its own: the rows a clean ingest stores."""
    first = logs(tmp_path / "first", "chinese-night.txt", "pokerstars-holdem.txt")
    second = logs(tmp_path / "second", "chinese-wrong-claims.txt", "raspisnoy-night.txt")
    judged_by_old_rules(monkeypatch, half_unreadable=True)
    ingest([first], tmp_path / "wh", jobs=1, build_models=False)
    ingest([second], tmp_path / "wh", jobs=1, build_models=False)
    monkeypatch.undo()
    # the Chinese games' texts are kept in both ingests' parts
    assert sum("game=chinese" in part for part in read_manifest(tmp_path / "wh").paths("game_texts")) == 2
    stored, quarantined = committed_column(tmp_path / "wh", "games"), committed_column(tmp_path / "wh", "quarantine")
    split_files = {Path(name).name for name in set(stored) & set(quarantined)}
    judged = len(stored) + len(quarantined)
    # files whose texts are kept in two places: games stored (game_texts), games quarantined
    assert {"chinese-night.txt", "chinese-wrong-claims.txt", "raspisnoy-night.txt"} <= split_files
    monkeypatch.setattr(pipeline.reaudit, "BATCH_BYTES", 1)     # a unit per file: four, in two processes
    warmed = []
    monkeypatch.setattr(pipeline.reaudit, "warm_up", lambda names, *, found: warmed.append((set(names), found)))
    with Warehouse(tmp_path / "wh").open() as store:
        summary = reaudit(store, jobs=2)
    assert summary.judged == judged and summary.quarantined == 0
    # before the readers fork, what the texts need is loaded: the formats a look at them found,
    # and no lane (twenty PokerStars hands are far below its run minimum)
    [(names, found)] = warmed
    assert {Path(name).name for name in names} == {"chinese-night.txt", "pokerstars-holdem.txt",
                                                   "chinese-wrong-claims.txt", "raspisnoy-night.txt"}
    assert found == ({"chinese", "pokerstars", "raspisnoy_log"}, [], [])
    ingest([first, second], tmp_path / "clean", jobs=1, build_models=False)
    rows, clean = committed_rows(tmp_path / "wh"), committed_rows(tmp_path / "clean")
    assert len(rows["findings"]) > 0 and rows["quarantine"] == []
    assert {table: r for table, r in rows.items() if table != "files"} == \
        {table: r for table, r in clean.items() if table != "files"}


def test_ingest_retries_games_quarantined_by_other_parsers(tmp_path, monkeypatch):
    folder = logs(tmp_path / "logs", "raspisnoy-night.txt", "chinese-wrong-claims.txt")
    judged_by_old_rules(monkeypatch, findings=True, unreadable="raspisnoy")
    first = ingest([folder], tmp_path / "wh", jobs=1)
    assert first.quarantined > 0
    monkeypatch.undo()
    again = ingest([folder], tmp_path / "wh", jobs=1)      # no new file: only the retry
    assert (again.retried, again.retried_stored, again.files_unchanged) == (first.quarantined, first.quarantined, 2)
    assert ingest([folder], tmp_path / "wh", jobs=1).retried == 0
    ingest([folder], tmp_path / "clean", jobs=1)
    # The Chinese games stay as the older rules stored them (only a re-audit judges them again).
    unversioned = VOLATILE | {"rules_version"}
    games = {table: rows for table, rows in committed_rows(tmp_path / "wh", unversioned).items() if table != "files"}
    assert games == {table: rows for table, rows in committed_rows(tmp_path / "clean", unversioned).items()
                     if table != "files"}
    assert games["quarantine"] == []
    with connect(tmp_path / "wh") as con:
        assert con.execute("select game, rules_version, count(*) from games group by all order by game").fetchall() == [
            ("chinese", OLD, CLAIMS_HANDS), ("raspisnoy", RULES_VERSION, first.quarantined)]


def test_reaudit_of_one_game_and_since_a_version(tmp_path, monkeypatch):
    folder = logs(tmp_path / "logs", "chinese-wrong-claims.txt")
    judged_by_old_rules(monkeypatch)
    ingest([folder], tmp_path / "wh", jobs=1)
    monkeypatch.undo()
    with connect(tmp_path / "wh") as con:
        game_id, = con.execute("select game_id from games order by first_line limit 1").fetchone()
    result = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh"), "--game", game_id[:10]])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"1 game judged again by rules version {RULES_VERSION}: 1 stored, 0 quarantined")
    # --since: the versions the manifest recorded, oldest first; an unknown one is an error.
    manifest = json.loads((tmp_path / "wh" / MANIFEST_FILE).read_text())
    manifest["versions"] = {OLD: "2026-01-01T00:00:00Z", OLD[:3] + "~": "2026-01-02T00:00:00Z",
                            **manifest["versions"]}
    (tmp_path / "wh" / MANIFEST_FILE).write_text(json.dumps(manifest))
    with Warehouse(tmp_path / "wh").open() as store:
        with pytest.raises(UnknownVersion, match=f"^No rules version starting with 'fffff' in this warehouse; "
                                                 f"it knows: {OLD} .first used 2026-01-01"):
            reaudit(store, since="fffff")
        with pytest.raises(UnknownVersion, match=f"^More than one rules version starts with '{OLD[:3]}' in"):
            reaudit(store, since=OLD[:3])
        assert reaudit(store, since=RULES_VERSION).judged == 0      # nothing judged by it is older
        assert reaudit(store, since=OLD[:4]).judged == CLAIMS_HANDS - 1
    part = read_manifest(tmp_path / "wh").paths("games")[0]
    assert set(pq.read_table(tmp_path / "wh" / part).column("rules_version").to_pylist()) == {RULES_VERSION}


def committed_bytes(root: Path) -> dict[str, bytes]:
    """Every committed part's bytes, by its path in the warehouse."""
    return {part: (root / part).read_bytes() for parts in read_manifest(root).parts.values() for part in parts}


def test_reaudit_rewrites_only_the_rows_of_the_game_judged_by_other_rules(tmp_path, monkeypatch):
    old = logs(tmp_path / "old", "chinese-wrong-claims.txt")
    new = logs(tmp_path / "new", "raspisnoy-night.txt", "pokerstars-holdem.txt")
    judged_by_old_rules(monkeypatch)
    ingest([old], tmp_path / "wh", jobs=1, build_models=False)
    monkeypatch.undo()
    ingest([new], tmp_path / "wh", jobs=1, build_models=False)
    before = committed_bytes(tmp_path / "wh")
    untouched = {part for part in before if "game=chinese" not in part or part.startswith("game_texts/")}
    assert any("game=raspisnoy" in part for part in untouched) and any("game=holdem" in part for part in untouched)
    with Warehouse(tmp_path / "wh").open() as store:
        summary = reaudit(store, jobs=1)
    assert (summary.judged, summary.games) == (CLAIMS_HANDS, CLAIMS_HANDS) and summary.findings > 0
    after = committed_bytes(tmp_path / "wh")
    # The other games' parts, and the Chinese games' kept texts, are the same files, byte for byte.
    assert {part: after.get(part) for part in untouched} == {part: before[part] for part in untouched}
    assert {part for part in after if part not in before} and all("game=chinese" in p for p in after if p not in before)


def test_reaudit_of_games_the_new_rules_quarantine_moves_their_texts_to_the_quarantine(tmp_path, monkeypatch):
    folder = logs(tmp_path / "logs", "chinese-wrong-claims.txt", "pokerstars-holdem.txt")
    judged_by_old_rules(monkeypatch, findings=True)
    ingest([folder], tmp_path / "wh", jobs=1, build_models=False)
    monkeypatch.undo()
    audit_chunk = pipeline.worker.audit_chunk

    def stricter(chunk, file, **options):      # rules under which no Chinese hand is readable
        if chunk.format == "chinese":
            return Audited(chunk=chunk, error="stricter rules", error_line=chunk.first_line, error_column=1)
        return audit_chunk(chunk, file, **options)

    monkeypatch.setattr(pipeline.worker, "audit_chunk", stricter)
    with Warehouse(tmp_path / "wh").open() as store:
        summary = reaudit(store, jobs=1)
    assert (summary.judged, summary.quarantined) == (summary.games + CLAIMS_HANDS, CLAIMS_HANDS)
    ingest([folder], tmp_path / "clean", jobs=1, build_models=False)
    rows, clean = committed_rows(tmp_path / "wh"), committed_rows(tmp_path / "clean")
    assert len(rows["quarantine"]) == CLAIMS_HANDS and rows["game_texts"] == clean["game_texts"]
    assert {table: r for table, r in rows.items() if table != "files"} == \
        {table: r for table, r in clean.items() if table != "files"}


def test_reaudit_that_sends_stored_games_to_quarantine_says_so_and_exits_1(tmp_path, monkeypatch):
    # the exit-code rule of every command (docs/warehouse.md): a game quarantined is exit 1
    folder = logs(tmp_path / "logs", "chinese-wrong-claims.txt", "pokerstars-holdem.txt")
    judged_by_old_rules(monkeypatch, findings=True)
    ingest([folder], tmp_path / "wh", jobs=1, build_models=False)
    monkeypatch.undo()
    audit_chunk = pipeline.worker.audit_chunk

    def stricter(chunk, file, **options):      # rules under which no Chinese hand is readable
        if chunk.format == "chinese":
            return Audited(chunk=chunk, error="stricter rules", error_line=chunk.first_line, error_column=1)
        return audit_chunk(chunk, file, **options)

    monkeypatch.setattr(pipeline.worker, "audit_chunk", stricter)
    shutil.copytree(tmp_path / "wh", tmp_path / "wh_json")
    result = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh"), "-j", "1"])
    assert result.exit_code == 1, result.output
    assert f"{CLAIMS_HANDS} games stored before are quarantined now: they count in no statistics any more" \
        in result.output
    shown = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh_json"), "-j", "1", "--json"])
    assert shown.exit_code == 1, shown.output
    assert len(json.loads(shown.stdout)["sent_to_quarantine"]) == CLAIMS_HANDS
    # judged again with nothing left to judge, nothing is quarantined: done as asked
    again = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh"), "-j", "1"])
    assert again.exit_code == 0, again.output


def test_reaudit_counts_games_stored_without_their_text_and_says_how_to_judge_them(tmp_path, monkeypatch):
    folder = logs(tmp_path / "logs", "chinese-wrong-claims.txt")
    judged_by_old_rules(monkeypatch)
    ingest([folder], tmp_path / "wh", jobs=1)
    monkeypatch.undo()
    # A warehouse of a Rasklad that kept no texts: its manifest names no game_texts part.
    manifest = json.loads((tmp_path / "wh" / MANIFEST_FILE).read_text())
    del manifest["parts"]["game_texts"]
    (tmp_path / "wh" / MANIFEST_FILE).write_text(json.dumps(manifest))
    result = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh"), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    source = str(folder / "chinese-wrong-claims.txt")
    assert (summary["judged"], summary["without_text"], summary["files_without_text"]) == (
        0, CLAIMS_HANDS, {source: CLAIMS_HANDS})
    result = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh")])
    assert f"{CLAIMS_HANDS} games were not judged again" in result.output
    assert source in result.output and "rasklad ingest" in result.output
    with connect(tmp_path / "wh") as con:      # left as they were
        assert con.execute("select distinct rules_version from games").fetchall() == [(OLD,)]


def judged_by_another_version(root: Path) -> None:
    """Every versioned row of the warehouse at ``root`` stamped with another rules version, in
    place: what a change of the rules or parsers does to a warehouse."""
    manifest = read_manifest(root)
    for table in VERSIONED_TABLES:
        for part in manifest.paths(table):
            rows = pq.read_table(root / part)
            column = rows.schema.get_field_index("rules_version")
            pq.write_table(rows.set_column(column, "rules_version", pa.array([OLD] * rows.num_rows, pa.string())),
                           root / part)


def games_stored_before(root: Path, column: str) -> None:
    """The warehouse at ``root`` as a Rasklad before ``games.<column>`` wrote it, in place: the games'
    parts and placeholder without the column, judged by another rules version, and models built by
    other SQL."""
    judged_by_another_version(root)
    for part in [*read_manifest(root).paths("games"),
                 *(p.relative_to(root) for p in root.glob(f"games/{EMPTY_PARTITION}/*.parquet"))]:
        pq.write_table(pq.read_table(root / part).drop_columns([column]), root / part)
    for name in ("rasklad.duckdb", "rasklad.duckdb.standby"):
        if (root / name).exists():
            with duckdb.connect(str(root / name)) as con:
                con.execute(f"update {MODELS_STATE_TABLE} set value = 'an older Rasklad' where name = 'sql'")


@pytest.mark.parametrize("jobs", [1, 2])
def test_reaudit_of_a_whole_warehouse_equals_a_clean_ingest_of_the_samples_and_real_corpora(tmp_path, jobs):
    """Every game judged again from the texts the warehouse keeps, already cut into games: the
    rows of every table are those the first ingest stored (an XML document's games, which share
    lines and need their document's head, included)."""
    folders = [SAMPLES, corpus("pokerstars"), corpus("rooms")]
    first = ingest(folders, tmp_path / "wh", jobs=jobs, build_models=False)
    clean = committed_rows(tmp_path / "wh")
    assert first.games > 1000 and first.quarantined > 0
    assert any("iPoker" in row[1] for row in clean["games"])
    judged_by_another_version(tmp_path / "wh")
    with Warehouse(tmp_path / "wh").open() as store:
        summary = reaudit(store, jobs=jobs)
    assert (summary.judged, summary.games, summary.quarantined) == (
        first.games + first.quarantined, first.games, first.quarantined)
    assert summary.versions == {OLD: first.games + first.quarantined}
    assert committed_rows(tmp_path / "wh") == clean


def written_without(root: Path, table: str, column: str) -> None:
    """The parts of ``table`` rewritten without ``column``: a warehouse of a Rasklad that kept none."""
    for part in read_manifest(root).paths(table):
        rows = pq.read_table(root / part)
        pq.write_table(rows.drop_columns([column]), root / part)


@pytest.mark.parametrize(("jobs", "old_warehouse"), [(1, False), (2, False), (1, True)])
def test_reaudit_decides_on_undecodable_bytes_as_the_ingest_did(tmp_path, jobs, old_warehouse):
    """A byte that is not UTF-8 reads as U+FFFD: a game it leaves readable (a byte in its table's
    name) is stored with a ROOM-ENCODING warning, one whose word it breaks is quarantined at it.
    So does a byte a Windows code page has no character for (0x81 in Windows-1252). Their kept
    texts hold U+FFFD there, which alone would read as a character like any other. A re-audit
    judges them as the ingest did, from what the warehouse keeps of the byte, while a U+FFFD that
    the log holds itself (written in UTF-8) stays a character of a game stored both times, with
    no warning. A warehouse that kept no such byte in its quarantine (written before the column
    was) tells it from the reason."""
    games = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").strip().split("\n\n")
    assert len(games) >= 6
    utf8 = [game.replace("Vera", "Вера") for game in games]
    utf8[1] = utf8[1].replace("Table 'Test'", "Table 'T\ufffdst'")   # the sign itself, in UTF-8
    data = "\n\n".join(utf8).encode("utf-8")
    cut = data.index(b"Table 'Test'", data.index(utf8[3].encode("utf-8")[:60]))
    data = data[:cut] + b"Table 'Te\x81st'" + data[cut + len(b"Table 'Test'"):]    # a bad byte in game 4's name
    cut = data.index(b" collected ", data.index(utf8[5].encode("utf-8")[:60]))
    data = data[:cut] + b" co\x90lected " + data[cut + len(b" collected "):]     # one in a word of game 6
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "bad-byte.txt").write_bytes(data)
    latin = "\n\n".join(games[:3]).replace("Anna", "José").encode("cp1252")
    latin = latin.replace(b"Table 'Test'", b"Table 'T\x81st'")     # no character there
    (folder / "cp1252.txt").write_bytes(latin)
    first = ingest([folder], tmp_path / "wh", jobs=jobs, build_models=False)
    clean = committed_rows(tmp_path / "wh")
    assert first.quarantined == 1 and first.games == len(games) - 1 + 3
    (reason,) = {row[6] for row in clean["quarantine"]}
    assert reason.startswith("byte 0x90 cannot be read")
    assert sum("\ufffd" in row[1] for row in clean["game_texts"]) == 1 + 1 + 3
    encoding = [(rule, line) for rule, line in zip(committed_column(tmp_path / "wh", "findings", "rule_id"),
                                                   committed_column(tmp_path / "wh", "findings", "line"))
                if rule == "ROOM-ENCODING"]
    # each byte's line: game 4's, and the three of the Windows-1252 file
    lines = [data[:data.index(b"Te\x81st")].count(b"\n") + 1]
    lines += [latin[:at].count(b"\n") + 1 for at in range(len(latin)) if latin.startswith(b"T\x81st", at)]
    assert len(lines) == 4 and sorted(encoding) == sorted(("ROOM-ENCODING", line) for line in lines)
    judged_by_another_version(tmp_path / "wh")
    if old_warehouse:
        written_without(tmp_path / "wh", "quarantine", "undecodable")
    with Warehouse(tmp_path / "wh").open() as store:
        summary = reaudit(store, jobs=jobs)
    assert (summary.judged, summary.games, summary.quarantined) == (first.games + 1, first.games, 1)
    assert committed_rows(tmp_path / "wh") == clean


def games_with_a_context(root: Path) -> dict[str, int]:
    """Per file, its stored games whose text is kept with a context."""
    with_context = {game_id for game_id, context in zip(committed_column(root, "game_texts", "game_id"),
                                                        committed_column(root, "game_texts", "context")) if context}
    return dict(Counter(file for game_id, file in zip(committed_column(root, "games", "game_id"),
                                                      committed_column(root, "games")) if game_id in with_context))


@pytest.mark.parametrize("jobs", [1, 2])
def test_reaudit_of_a_warehouse_that_kept_no_document_heads_reads_them_from_the_files_when_unchanged(tmp_path, jobs):
    """A warehouse written before game texts kept their XML document's head (``context``) holds
    iPoker games that cannot be read from their text alone: a re-audit takes each document's head
    from its file when the file is still there with the bytes the ledger knows, and keeps it from
    then on; the games of a file gone or changed are left as they are, counted by file."""
    folder = tmp_path / "logs"
    shutil.copytree(corpus("rooms", "iPoker"), folder)
    first = ingest([folder], tmp_path / "wh", jobs=1)      # with its models: the command is run below
    clean = committed_rows(tmp_path / "wh")
    per_file = games_with_a_context(tmp_path / "wh")
    assert first.games > 50 and len(per_file) > 3
    judged_by_another_version(tmp_path / "wh")
    for table in ("game_texts", "quarantine"):
        written_without(tmp_path / "wh", table, "context")
    gone, changed = sorted(per_file)[:2]
    Path(gone).unlink()
    Path(changed).write_bytes(Path(changed).read_bytes() + b"\n")
    with Warehouse(tmp_path / "wh").open() as store:
        summary = reaudit(store, jobs=jobs)
        assert summary.files_without_context == {gone: per_file[gone], changed: per_file[changed]}
        assert summary.without_context == per_file[gone] + per_file[changed]
        assert (summary.games, summary.quarantined) == (first.games - summary.without_context, first.quarantined)
    rows = committed_rows(tmp_path / "wh")
    left = {row for row in rows["games"] if row[1] in (gone, changed)}
    assert all(OLD in row for row in left) and len(left) == summary.without_context
    # every other game judged again, and stored with its document's head kept
    assert {row for row in rows["games"] if row not in left} == {row for row in clean["games"]
                                                                if row[1] not in (gone, changed)}
    assert games_with_a_context(tmp_path / "wh") == {file: n for file, n in per_file.items()
                                                     if file not in (gone, changed)}
    assert rows["quarantine"] == clean["quarantine"]
    result = CliRunner().invoke(main, ["reaudit", "--warehouse", str(tmp_path / "wh")])
    assert result.exit_code == 0, result.output
    assert f"{summary.without_context} games of XML documents were not judged again" in result.output
    assert gone in result.output and changed in result.output
