"""Every SQL model: ordered, documented with its grain and key, layered (only staging reads the warehouse's
tables), portable to Spark SQL via sqlglot, and its declared key unique (a generic audit from the header)."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
import sqlglot
from sqlglot.errors import ErrorLevel

from pipeline.models import LAYERS, audits, expand_macros, macros, models
from pipeline.tables import SCHEMAS

ALL_MODELS = models()


def test_model_names_are_unique_across_layers():
    names = [model.name for model in ALL_MODELS]
    assert len(names) == len(set(names))


def test_staging_models_are_named_stg_and_intermediate_int():
    for model in ALL_MODELS:
        if model.layer == LAYERS[0]:
            assert model.name.startswith("stg_"), model.path
        if model.layer == LAYERS[1]:
            assert model.name.startswith("int_"), model.path


@pytest.mark.parametrize("model", ALL_MODELS + audits(), ids=lambda m: m.name)
def test_every_model_states_its_grain_or_invariant_first(model):
    first = model.path.read_text(encoding="utf-8").lstrip().splitlines()[0]
    assert first.startswith("--"), f"{model.path} should open with a comment stating its grain"
    if model.layer != "tests":
        assert "grain:" in first, f"{model.path} should open with '-- grain: …'"


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: m.name)
def test_every_model_transpiles_to_spark_sql(model):
    # The same models must run as Spark SQL past one machine (DESIGN.md, "Scale"); Spark has no DuckDB
    # macros, so the rates' macros are written out first, as the Spark path does.
    spark = sqlglot.transpile(expand_macros(model.body), read="duckdb", write="spark",
                              error_level=ErrorLevel.RAISE, unsupported_level=ErrorLevel.RAISE)
    assert len(spark) == 1 and spark[0].strip()
    code = re.sub(r"/\*.*?\*/", "", spark[0], flags=re.DOTALL)     # the comments may name a macro
    called = {name for name in macros() if re.search(rf"\b{name}\s*\(", code, re.IGNORECASE)}
    assert not called, f"macros left for Spark: {called}"


def test_a_macro_written_out_is_one_operand_and_the_macros_it_calls_are_written_out_too():
    # 12 / big_blinds(6, 2) is 12 / 3, not 12 / 6 / 2; bb_per_100 calls down_to_step and
    # decimal_big_blinds calls big_blinds: written out, each gives what DuckDB's macro gives
    import duckdb

    from pipeline.models import define_macros

    sql = "select 12 / big_blinds(6, 2) as a, bb_per_100(-2, 4) as b, decimal_big_blinds(1, 8) as c"
    with duckdb.connect() as con:
        define_macros(con)
        assert con.sql(expand_macros(sql)).fetchall() == con.sql(sql).fetchall() == [(4.0, Decimal("-50.00"),
                                                                                      Decimal("0.125"))]


def test_season_of_names_the_four_kinds_and_refuses_another():
    # 23:30 on 31 December 2025 is in 2025, 2025-Q4 and 2025-12; 1 April 2026 (a date) is 2026-Q2; a game
    # without a date (an untyped null too) is in 'all time' only. 'Year', 'week' and null are no kinds:
    # an error naming the four, where they gave the month.
    import duckdb

    from pipeline.models import define_macros
    from pipeline.spark import to_spark_sql

    with duckdb.connect() as con:
        define_macros(con)
        named = con.execute("""
            select list(season_of(kind, timestamp '2025-12-31 23:30') order by n),
                   season_of('quarter', date '2026-04-01'),
                   list(season_of(kind, null) order by n),
            from (select unnest(['all', 'year', 'quarter', 'month']) as kind, generate_subscripts([1, 2, 3, 4], 1) as n)
        """).fetchone()
        assert named == (["all time", "2025", "2025-Q4", "2025-12"], "2026-Q2", ["all time", None, None, None])
        for kind, said in (("Year", "'Year'"), ("week", "'week'"), (None, "null")):
            with pytest.raises(duckdb.InvalidInputException,
                               match=f"season_of: no season kind {said}, the kinds are all, year, quarter and month"):
                con.execute("select season_of(?, timestamp '2026-01-01')", [kind]).fetchall()
    # Spark's name for DuckDB's error()
    spark = to_spark_sql("select season_of(kind, played_at) from t")
    assert "RAISE_ERROR(" in spark and not re.search(r"(?<!RAISE_)ERROR\(", spark)


def test_the_leaderboard_order_ranks_net_then_wins_then_the_lower_average_placement():
    # Worked by hand, one table:
    #   Boris  net 5, 1 win,  placements 1, 2 (1.5)   first
    #   Gleb   net 5, 1 win,  1.5                     equal to Boris on all three: shares 1, 2 is skipped
    #   Anna   net 5, 1 win,  2.0                     3: as many wins as Boris, a worse average
    #   Ilya   net 5, 1 win,  never placed            4: no placement is the last of placements
    #   Roma   net 5, 0 wins, 1.0                     5: fewer wins, whatever the placement
    #   Egor   net 5, no wins counted, 1.0            6: no wins is below 0 wins
    #   Vera   net -4, 2 wins, 1.0                    7: a lower net, whatever the wins
    #   Max    no net, 3 wins, 1.0                    8: no net is last
    # DuckDB's macro and the Spark path's written-out expression give the same ranks.
    import duckdb

    from pipeline.models import define_macros

    sql = """
        select player, rank() over (order by leaderboard_order(net, count_wins, avg_placement)) as rank,
        from (values ('Anna', 5.00::decimal(18, 2), 1, 2.0), ('Boris', 5.00, 1, 1.5), ('Gleb', 5.00, 1, 1.5),
                     ('Ilya', 5.00, 1, null), ('Roma', 5.00, 0, 1.0), ('Egor', 5.00, null, 1.0),
                     ('Vera', -4.00, 2, 1.0), ('Max', null, 3, 1.0)) as t(player, net, count_wins, avg_placement)
        order by rank, player
    """
    worked = [("Boris", 1), ("Gleb", 1), ("Anna", 3), ("Ilya", 4), ("Roma", 5), ("Egor", 6), ("Vera", 7), ("Max", 8)]
    with duckdb.connect() as con:
        define_macros(con)
        assert con.sql(sql).fetchall() == worked
        assert con.sql(expand_macros(sql)).fetchall() == worked


def test_the_leaderboard_order_is_written_once():
    # the marts and the Leaderboards page rank by the macro; none writes the order again, in SQL or Python
    root = Path(__file__).resolve().parents[1]
    code = {f"sql/{model.layer}/{model.name}.sql": strip_comments(model.body) for model in ALL_MODELS}
    code["dashboards/queries.py"] = (root / "dashboards" / "queries.py").read_text(encoding="utf-8")
    assert [name for name, text in code.items() if re.search(r"count_wins\s+desc|-\s*p\[.count_wins.\]", text)] == []
    assert [name for name, text in code.items() if "leaderboard_order(" in text] == [
        "sql/30_marts/leaderboard.sql", "sql/30_marts/leaderboard_raspisnoy.sql", "dashboards/queries.py"]


# ---------------------------------------------------------------- layering and declared keys

WAREHOUSE_TABLES = sorted(SCHEMAS)
SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"


def strip_comments(sql: str) -> str:
    return re.sub(r"--[^\n]*", "", sql)


def declared_key(model) -> list[str]:
    """The columns of the model's ``-- key: a, b`` header (one of its opening comment lines)."""
    for line in model.source.splitlines():
        if not line.startswith("--"):
            break
        if line.startswith("-- key:"):
            return [column.strip() for column in line.removeprefix("-- key:").split(",") if column.strip()]
    return []


def key_audit_sql(relation: str, key: list[str]) -> str:
    """The generic zero-row audit of a declared key: the key values held by more than one row."""
    columns = ", ".join(key)
    return f"select {columns}, count(*) as count_rows from {relation} group by {columns} having count(*) > 1"


def test_every_warehouse_table_has_a_staging_model():
    staging = {model.name for model in ALL_MODELS if model.layer == LAYERS[0]}
    assert len(WAREHOUSE_TABLES) >= 14
    assert {f"stg_{table}" for table in WAREHOUSE_TABLES} <= staging


@pytest.mark.parametrize("model", [m for m in ALL_MODELS if m.layer != LAYERS[0]] + audits(), ids=lambda m: m.name)
def test_models_past_staging_and_audits_read_staging_only(model):
    body = strip_comments(model.body)
    ctes = set(re.findall(r"\b(\w+)\s+as\s*\(", body, re.IGNORECASE))  # a CTE may reuse a table's name
    raw = re.compile(rf"\b(?:from|join)\s+({'|'.join(WAREHOUSE_TABLES)})\b", re.IGNORECASE)
    read = [name for name in raw.findall(body) if name not in ctes]
    assert read == [], f"{model.path} reads a warehouse table, not its stg_ model"


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: m.name)
def test_every_model_declares_its_key(model):
    assert declared_key(model), f"{model.path} should declare its key in a '-- key: col, col' header line"


def test_the_club_default_and_the_season_totals_are_written_once():
    code = {model.name: strip_comments(model.body) for model in ALL_MODELS}
    assert [name for name, body in code.items() if "'(no club)'" in body] == ["int_player_games"]
    averages = re.compile(r"avg\(placement\)|/\s*sum\(count_placed\)")
    assert [name for name, body in code.items() if averages.search(body)] == ["int_player_season_totals"]
    # the seasons are named by the macro season_of alone
    assert [name for name, body in code.items() if "'%Y" in body] == []
    assert "season_of" in macros()


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory):
    from pipeline.ingest import ingest

    root = tmp_path_factory.mktemp("samples") / "warehouse"
    summary = ingest(sorted(SAMPLES.glob("*.txt")), root, jobs=1)
    assert summary.games > 0 and summary.quarantined == 0
    from pipeline.warehouse import connect

    with connect(root) as con:
        yield con


def test_int_player_games_stores_only_columns_a_model_reading_it_names(samples_db):
    # a column no reader names is stored for nothing: its compression and write cost the build (the seat,
    # the table and whether the game is against the house were a tenth of the model's storing)
    from pipeline.models import reads

    read = reads()
    readers = [model for model in ALL_MODELS if "int_player_games" in read[model.name]]
    stored = [name for name, *_ in samples_db.execute("describe int_player_games").fetchall()]
    unread = [column for column in stored
              if not any(re.search(rf"\b{column}\b", strip_comments(model.body)) for model in readers)]
    assert unread == []
    assert "seat" not in stored and "table_name" not in stored and "is_house_game" not in stored


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: m.name)
def test_every_models_key_is_unique_over_the_samples(samples_db, model):
    # (an empty model, stg_quarantine over clean samples, still checks that its key columns exist)
    duplicates = samples_db.execute(key_audit_sql(model.name, declared_key(model))).fetchall()
    assert duplicates == []


def test_every_audit_holds_over_the_samples(samples_db):
    failing = {audit.name: n for audit in audits()
               if (n := samples_db.execute(f"select count(*) from ({audit.body})").fetchone()[0])}
    assert failing == {}


def test_the_key_audit_finds_a_key_held_twice(samples_db):
    # Each game holds one row per player, and four per player in int_player_game_seasons (one per
    # season kind): checked against the key of int_player_games, every dated game is a duplicate.
    games = next(model for model in ALL_MODELS if model.name == "int_player_games")
    duplicates = samples_db.execute(key_audit_sql("int_player_game_seasons", declared_key(games))).fetchall()
    dated = samples_db.execute("select count(*) from int_player_games where played_at is not null").fetchone()[0]
    assert len(duplicates) == dated > 0
    assert {row[-1] for row in duplicates} == {4}


# ---------------------------------------------------------------- incremental builds

TABLE_MODELS = [model for model in ALL_MODELS if model.materialized == "table"]
DOCS = Path(__file__).resolve().parents[1] / "docs" / "warehouse.md"


def test_the_table_models_without_an_incremental_key_are_the_ones_the_docs_name():
    # every table model is updated by key after an ingest: none is left to be rebuilt whole
    whole = {model.name for model in TABLE_MODELS if not model.incremental_key}
    section = DOCS.read_text(encoding="utf-8").split("## Incremental builds", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(\w+)`", section.split("Rebuilt whole instead", 1)[1].split("\n- ", 1)[0]))
    assert whole == set()
    assert whole <= named
    assert all(model.materialized == "table" for model in ALL_MODELS if model.header("incremental"))


@pytest.mark.parametrize("model", [m for m in TABLE_MODELS if m.incremental_key], ids=lambda m: m.name)
def test_every_incremental_key_is_made_of_the_models_columns(samples_db, model):
    columns = [row[0] for row in samples_db.execute(f"describe {model.name}").fetchall()]
    assert set(model.incremental_key) <= set(columns)
    assert set(model.incremental_key) <= set(declared_key(model)) | {"game_id"}


@pytest.mark.parametrize(("mart", "scanned"), [("player_stats_holdem_by_day", "hand_list"),
                                               ("player_stats_holdem", "player_stats_holdem_by_day")])
def test_an_update_reads_a_players_rows_through_a_filter_pushed_into_the_scan(samples_db, mart, scanned):
    # a Hold'em stats mart reached for one account: the scan of the table it sums carries the
    # player filter itself, so the update never reads the other players' hands
    from pipeline.models import restricted_select

    model = next(m for m in ALL_MODELS if m.name == mart)
    key = ", ".join(model.incremental_key)
    reached = samples_db.sql(f"select distinct {key} from {mart} order by all limit 1").to_arrow_table()
    player = reached.column("player")[0].as_py()
    samples_db.register("_reached", reached)
    try:
        plan = samples_db.execute(f"explain (format json) {restricted_select(model, reached)}").fetchall()[0][1]
        rows = samples_db.sql(restricted_select(model, reached)).fetchall()
    finally:
        samples_db.unregister("_reached")

    def nodes(node):
        yield node
        for child in node.get("children", []):
            yield from nodes(child)

    scans = [node["extra_info"] for top in json.loads(plan) for node in nodes(top)
             if str(node.get("extra_info", {}).get("Table", "")).endswith(f".{scanned}")]
    assert scans and all(any(term.startswith("(player = ") for term in scan.get("Filters", [])) for scan in scans)
    assert len(rows) == 1 and rows[0][0] == player

_DIVISOR = re.compile(r"\b(?:percent_of|ratio_of|bb_per_100)\(\s*[^,()]+,\s*(\w+)\s*\)|/\s*nullif\(\s*(\w+)\s*,\s*0\s*\)")
"""The count a rate of a mart divides by: a rate macro's second argument, or what a division's nullif guards."""


def test_every_rate_of_a_mart_is_kept_beside_the_count_it_divides_by(samples_db):
    # A rate alone cannot be summed nor judged: each mart keeps the count under it as a column.
    marts = [model for model in ALL_MODELS if model.layer == "30_marts"]
    checked, missing = 0, []
    for mart in marts:
        held = {row[0] for row in samples_db.execute(
            "select column_name from information_schema.columns where table_name = ?", [mart.name]).fetchall()}
        for macro_divisor, guarded in _DIVISOR.findall(re.sub(r"--[^\n]*", "", mart.body)):
            checked += 1
            if (macro_divisor or guarded) not in held:
                missing.append(f"{mart.name}: {macro_divisor or guarded}")
    assert checked >= 15 and not missing, missing


def test_a_build_reports_the_cpu_of_each_model(tmp_path):
    # the models benchmark lists the costly models from these figures: every model has one
    from pipeline import models as runner
    from pipeline.ingest import ingest
    from pipeline.warehouse import Warehouse

    root = tmp_path / "warehouse"
    ingest([min(SAMPLES.glob("*.txt"))], root, jobs=1, build_models=False)
    seconds: dict[str, float] = {}
    built = runner.build(Warehouse(root).open(), threads=1, cpu_seconds=seconds)
    assert list(seconds) == built == [model.name for model in ALL_MODELS]
    assert all(value >= 0 for value in seconds.values()) and sum(seconds.values()) > 0


def test_a_build_writes_its_tables_in_small_row_groups_and_several_threads_give_its_rows(tmp_path, monkeypatch):
    # row groups of BUILD_ROW_GROUP_ROWS on any threads (written as they fill, not compressed whole
    # at the commit); threads that split a table's scan by row group give a one-thread build's rows
    from pipeline import models as runner
    from pipeline.generators.holdem import generate_hands
    from pipeline.ingest import ingest
    from pipeline.warehouse import Warehouse, connect

    log = tmp_path / "hands.txt"
    log.write_text("\n\n\n".join(text for text, _ in generate_hands("holdem", count=500, seed=3)) + "\n",
                   encoding="utf-8")
    root = tmp_path / "warehouse"
    ingest([log], root, jobs=1, build_models=False)
    monkeypatch.setattr(runner, "BUILD_ROW_GROUP_ROWS", 2048)
    tables = [model.name for model in TABLE_MODELS]

    def built(threads: int) -> tuple[int, int, dict[str, list]]:
        runner.build(Warehouse(root).open(), threads=threads)
        with connect(root) as con:
            rows = con.execute("select count(*) from hand_list").fetchone()[0]
            groups = con.execute("select count(distinct row_group_id) from pragma_storage_info('hand_list')").fetchone()[0]
            return rows, groups, {name: sorted(con.execute(f"select * from {name}").fetchall(), key=repr)
                                  for name in tables}

    rows, groups, one_thread = built(1)
    assert rows > 2048 and groups == -(-rows // 2048)
    assert built(2) == (rows, groups, one_thread)


def test_a_build_reads_a_part_an_older_rasklad_wrote_without_a_column_added_since(tmp_path):
    # the runner reads a table whose parts all hold its placeholder's columns without uniting the
    # files' columns by name: a part that lacks one (written before it was added) is still read, by
    # name, null in that column, and the part that holds it keeps its values
    import duckdb
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from pipeline import models as runner
    from pipeline.ingest import ingest
    from pipeline.warehouse import Warehouse, connect, lay_table_views, read_manifest

    root = tmp_path / "warehouse"
    ingest([SAMPLES / "chinese-night.txt", SAMPLES / "ofc-pineapple.txt"], root, jobs=1, build_models=False)
    manifest = read_manifest(root)
    older, newer = (pq.read_table(root / part) for part in manifest.paths("games"))
    pq.write_table(older.drop_columns(["played_in_utc"]), root / manifest.paths("games")[0])
    held = pc.count(newer.column("played_in_utc")).as_py()
    assert held > 0
    with duckdb.connect() as con:
        lay_table_views(con, root, manifest, {"games"}, checked=True)
        assert con.sql("select count(*), count(played_in_utc) from games").fetchall() == [
            (older.num_rows + newer.num_rows, held)]
    runner.build(Warehouse(root), threads=1)
    with connect(root) as con:
        assert con.sql("select count(*) from game_list").fetchall() == [(older.num_rows + newer.num_rows,)]


# ---------------------------------------------------------------- models of games not stored

GAME_MODELS = [model for model in TABLE_MODELS if model.games is not None]


def test_the_models_of_each_games_kind_say_so():
    declared = {model.name: model.games for model in GAME_MODELS}
    assert declared["player_stats_holdem"] == {"holdem", "holdem36"}
    assert declared["leaderboard_raspisnoy"] == {"raspisnoy", "raspisnoy_sheet"}
    assert declared["player_stats_sixcard"] == {"sixcard"}
    assert declared["player_stats_chinese"] == {"chinese", "ofc"}
    assert "game_list" not in declared and "leaderboard" not in declared


@pytest.mark.parametrize("model", GAME_MODELS, ids=lambda m: m.name)
def test_a_model_of_some_games_has_no_rows_over_the_other_games(samples_db, model):
    """What ``-- games:`` promises, which a build relies on to make the model empty without running
    it: every model computed over the samples without those games leaves the model empty (and
    over all the samples, it has rows when they hold its games)."""
    import duckdb

    from pipeline.models import define_macros

    held = {game for (game,) in samples_db.execute("select distinct game from games").fetchall()}
    left_out = ", ".join(f"'{game}'" for game in sorted(model.games))
    with duckdb.connect() as con:
        for table in SCHEMAS:
            con.register(table, samples_db.sql(f"select * from {table} where game not in ({left_out})").to_arrow_table())
        define_macros(con)
        for each in ALL_MODELS:
            con.execute(f"create view {each.name} as\n{each.body}")
        assert con.execute(f"select count(*) from {model.name}").fetchone()[0] == 0
    over_all = samples_db.execute(f"select count(*) from {model.name}").fetchone()[0]
    assert over_all > 0 or not model.games & held


def test_a_build_makes_the_models_of_games_not_stored_empty_with_the_columns_they_had(tmp_path):
    import shutil

    from pipeline.ingest import ingest
    from pipeline.models import build, kept_shapes
    from pipeline.provenance import SQL_ROOT
    from pipeline.warehouse import Warehouse, connect

    sql = tmp_path / "sql"
    shutil.copytree(SQL_ROOT, sql, ignore=shutil.ignore_patterns("__pycache__"))
    root = tmp_path / "warehouse"
    ingest([SAMPLES / "chinese-night.txt"], root, jobs=1, build_models=False)

    def described() -> dict[str, tuple[list, int]]:
        with connect(root) as con:
            return {model.name: (con.execute(f"describe {model.name}").fetchall(),
                                 con.execute(f"select count(*) from {model.name}").fetchone()[0])
                    for model in TABLE_MODELS}

    assert kept_shapes(sql) == {}
    build(Warehouse(root), sql)    # runs every model, and keeps the columns of those of some games
    ran = described()
    kept = kept_shapes(sql)
    assert set(kept) == {model.name for model in GAME_MODELS}
    assert ran["player_stats_chinese"][1] > 0 and ran["player_stats_holdem"][1] == 0
    build(Warehouse(root), sql)    # makes the Hold'em, raspisnoy, six-card and tournament ones from them
    assert described() == ran
    # the kept columns are what the second build used (a column added to them shows up)
    kept["player_stats_holdem"].append(["kept_only", "INTEGER"])
    kept["player_stats_chinese"].append(["kept_only", "INTEGER"])
    path = next((sql / "__pycache__").glob("shapes-*.json"))
    path.write_text(json.dumps(kept), encoding="utf-8")
    build(Warehouse(root), sql)
    with connect(root) as con:
        assert con.execute("select * from player_stats_holdem").description[-1][0] == "kept_only"
        assert con.execute("select * from player_stats_chinese").description[-1][0] != "kept_only"


# ---------------------------------------------------------------- cancelled hands, keys over the corpora

def test_a_cancelled_hand_keeps_its_actions_in_order_and_counts_for_no_statistic_in_any_room(tmp_path):
    # 888poker: Player0 posts $5 (line 9), Player1 folds his big blind (line 10), so no card is dealt
    # and the $5 goes back (line 12). PokerStars: Anna posts 0.10 (line 5), Boris 0.25 (line 6), "Hand
    # cancelled": no collect line gives them back. Nets 0; the fold is no decision, no one has a chance.
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect
    from tests.test_holdem_engine import CANCELLED as POKERSTARS_CANCELLED
    from tests.test_room_pacific import CANCELLED as PACIFIC_CANCELLED

    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "888.txt").write_text("#Game No : 414375633" + PACIFIC_CANCELLED, encoding="utf-8")
    (logs / "stars.txt").write_text(POKERSTARS_CANCELLED, encoding="utf-8")
    ingest([logs], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        actions = con.execute("select games.site, action_no, action, amount, line from holdem_actions "
                              "join games using (game_id) order by games.site, action_no").fetchall()
        players = con.execute("select site, player, invested, collected, net, is_vpip_opportunity, "
                              "is_pfr_opportunity, is_steal_opportunity from hand_list order by site, player").fetchall()
        decisions = con.execute("select count(*) from int_holdem_decisions").fetchone()[0]
        failing = {audit.name: n for audit in audits()
                   if (n := con.execute(f"select count(*) from ({audit.body})").fetchone()[0])}
    assert actions == [
        ("888poker", 0, "post_sb", Decimal(5), 9), ("888poker", 1, "fold", Decimal(0), 10),
        ("888poker", 2, "collect", Decimal(5), 12),
        ("PokerStars", 0, "post_sb", Decimal("0.10"), 5), ("PokerStars", 1, "post_bb", Decimal("0.25"), 6)]
    assert players == [
        ("888poker", "Player0", Decimal(5), Decimal(5), Decimal(0), False, False, False),
        ("888poker", "Player1", Decimal(0), Decimal(0), Decimal(0), False, False, False),
        ("PokerStars", "Anna", Decimal("0.10"), Decimal("0.10"), Decimal(0), False, False, False),
        ("PokerStars", "Boris", Decimal("0.25"), Decimal("0.25"), Decimal(0), False, False, False)]
    assert decisions == 0 and failing == {}


def test_holdem_actions_key_is_unique_over_every_rooms_corpus(tmp_path):
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect
    from tests.conftest import corpus

    ingest([corpus("pokerstars"), corpus("rooms")], tmp_path / "wh", jobs=1)
    with connect(tmp_path / "wh") as con:
        sites = {site for (site,) in con.execute("select distinct site from games where game = 'holdem'").fetchall()}
        duplicates = con.execute(key_audit_sql("holdem_actions", ["game_id", "action_no"])).fetchall()
    assert len(sites) >= 7 and duplicates == []


def test_a_comment_naming_another_model_orders_nothing(tmp_path):
    # A model whose comment names a model of its layer that reads it: ordered by what it reads,
    # not by its comment (a comment naming the other once made the build refuse them as a cycle).
    from pipeline.models import models

    layer = tmp_path / "20_intermediate"
    layer.mkdir(parents=True)
    (layer / "int_first.sql").write_text("-- int_second reads this model\nselect 1 as one\n")
    (layer / "int_second.sql").write_text("select one from int_first\n")
    assert [model.name for model in models(tmp_path)] == ["int_first", "int_second"]
