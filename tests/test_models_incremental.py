"""Incremental model builds: after any sequence of ingests, the models an ingest updated hold
exactly the rows a whole build over the same commits holds, mart by mart, row by row."""

from __future__ import annotations

import random
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from pipeline import models
from pipeline.generators.holdem import generate
from pipeline.ingest import ingest, refresh_models
from pipeline.warehouse import Warehouse, connect
from tests.conftest import SAMPLES

TABLE_MODELS = [model for model in models.models() if model.materialized == "table"]
SAMPLE_FILES = ("pokerstars-holdem.txt", "raspisnoy-night.txt", "raspisnoy-sheets.txt", "chinese-night.txt",
                "ofc-pineapple.txt", "sixcard-metropol.txt")


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> list[Path]:
    """Files to ingest in random order: generated Hold'em of a few tables that share players and
    days, short deck, the samples of every other game, a file that is no game (quarantined), and
    a file repeating games of another (its known games skipped, its new one stored)."""
    folder = tmp_path_factory.mktemp("incremental-logs")
    files = []
    for seed in range(4):
        path = folder / f"holdem-{seed}.txt"
        path.write_text(generate("holdem", 12, seed=seed))
        files.append(path)
    (folder / "holdem36.txt").write_text(generate("holdem36", 8, seed=5))
    (folder / "junk.txt").write_text("not a game of any room\nnor this\n")
    (folder / "holdem-0-and-more.txt").write_text(generate("holdem", 12, seed=0) + "\n\n" + generate("holdem", 3, seed=9))
    files += [folder / "holdem36.txt", folder / "junk.txt", folder / "holdem-0-and-more.txt"]
    for name in SAMPLE_FILES:
        shutil.copy(SAMPLES / name, folder / name)
        files.append(folder / name)
    return files


def model_rows(root: Path) -> dict[str, list[tuple]]:
    """Every row of every table model, sorted; a float rounded to 9 digits (an average summed
    in another order may differ in its last bit)."""
    def cell(value):
        if isinstance(value, float):
            return f"{value:.9g}"
        if isinstance(value, Decimal):
            return str(value)
        return repr(value)

    with connect(root) as con:
        return {model.name: sorted(tuple(map(cell, row)) for row in con.sql(f"select * from {model.name}").fetchall())
                for model in TABLE_MODELS}


def whole_build_rows(root: Path, scratch: Path) -> dict[str, list[tuple]]:
    """The rows a whole build gives over the warehouse's commits (built in a copy of it)."""
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(root, scratch)
    with Warehouse(scratch).open() as store:
        models.build(store)
    return model_rows(scratch)


@pytest.mark.parametrize(("seed", "rebuild_when_reached"), [(1, 2.0), (2, models.REBUILD_WHEN_REACHED)],
                         ids=["every model updated by key", "models mostly reached rebuilt whole"])
def test_incremental_models_equal_a_whole_build_after_random_ingests(tmp_path, logs, monkeypatch, seed,
                                                                      rebuild_when_reached):
    # small warehouses: most key values are reached by each ingest, so the first case turns off
    # the whole rebuild of a mostly reached model, to hold every model's update by key
    monkeypatch.setattr(models, "REBUILD_WHEN_REACHED", rebuild_when_reached)
    chooser = random.Random(seed)
    root = tmp_path / "warehouse"
    ingest([chooser.choice(logs)], root, jobs=1)     # the first ingest builds the models whole
    updated = 0
    for step in range(5):
        batch = chooser.sample(logs, chooser.choice([1, 1, 2]))   # files seen before come again too
        ingest(batch, root, jobs=1)
        with Warehouse(root).open() as store:
            again = models.update(store)
            assert (again.incremental, again.rebuilt) == ({}, []), "the models stand for every commit"
        expected = whole_build_rows(root, tmp_path / f"whole-{step}")
        got = model_rows(root)
        for name in expected:
            assert got[name] == expected[name], f"after ingesting {[p.name for p in batch]}: {name} differs"
        updated += 1
    assert updated == 5


def test_an_ingest_of_new_hands_updates_the_marts_without_rebuilding_them(tmp_path, logs, monkeypatch):
    root = tmp_path / "warehouse"
    ingest([logs[0], SAMPLES / "raspisnoy-night.txt"], root, jobs=1)
    rebuilt = []
    real_build = models.build
    monkeypatch.setattr(models, "build", lambda *a, **k: rebuilt.append(1) or real_build(*a, **k))
    updates = []
    real_update = models.update
    monkeypatch.setattr(models, "update", lambda *a, **k: updates.append(real_update(*a, **k)) or updates[-1])
    monkeypatch.setattr(models, "REBUILD_WHEN_REACHED", 2.0)    # every reached model updated by key
    ingest([logs[1]], root, jobs=1)
    assert rebuilt == [] and len(updates) == 1
    summary = updates[0]
    # 12 new Hold'em hands: a row per hand and player in hand_list, straight from the new games
    with connect(root) as con:
        new_rows = con.sql("select count(*) from hand_list where source_file like '%holdem-1.txt'").fetchall()[0][0]
    assert summary.incremental["hand_list"] == new_rows > 12
    # no raspisnoy, Chinese, six-card game or tournament came: their marts keep every row
    for name in ("player_stats_raspisnoy_by_round", "leaderboard_raspisnoy", "player_stats_chinese",
                 "player_stats_sixcard", "player_tournaments"):
        assert name in summary.unchanged or summary.incremental[name] == 0, name
    assert summary.rebuilt == []


def test_the_first_games_of_a_kind_update_the_models_a_build_made_empty(tmp_path, logs):
    # A first ingest of Chinese poker makes the Hold'em, raspisnoy and six-card models empty tables
    # of their kept columns (kept by the first build that ran them); the first games of those
    # kinds then update them as they update any model.
    ingest([SAMPLES / "chinese-night.txt"], tmp_path / "first", jobs=1)
    assert {model.name for model in TABLE_MODELS if model.games} <= set(models.kept_shapes())
    root = tmp_path / "warehouse"
    ingest([SAMPLES / "chinese-night.txt"], root, jobs=1)
    with connect(root) as con:
        assert con.sql("select count(*) from player_stats_holdem").fetchall() == [(0,)]
    ingest([logs[0], SAMPLES / "raspisnoy-night.txt", SAMPLES / "sixcard-metropol.txt"], root, jobs=1)
    got = model_rows(root)
    assert got == whole_build_rows(root, tmp_path / "whole")
    assert got["player_stats_holdem"] and got["leaderboard_raspisnoy"] and got["player_stats_sixcard"]


def test_build_models_full_and_a_changed_sql_rebuild_every_model(tmp_path, logs, monkeypatch):
    root = tmp_path / "warehouse"
    ingest([logs[0]], root, jobs=1)
    ingest([logs[1]], root, jobs=1, build_models=False)
    with Warehouse(root).open() as store:
        assert refresh_models(store, full=True) > 0
        assert models.built_from(store)["parts"] == store.manifest.parts
        # other SQL than the models were built from: update() declines, a whole build follows
        monkeypatch.setattr(models, "sql_fingerprint", lambda *a: "other sql")
        assert models.update(store) is None


def test_a_model_whose_inputs_lost_parts_is_rebuilt_whole(tmp_path, logs):
    from pipeline import people

    root = tmp_path / "warehouse"
    ingest([logs[0]], root, jobs=1)
    people.link(root, "Anna", ["Boris"], build=False)    # the aliases' part is replaced
    with Warehouse(root).open() as store:
        summary = models.update(store)
    assert "int_player_games" in summary.rebuilt and "leaderboard" in summary.rebuilt
    assert "hand_list" in summary.unchanged     # it reads no alias
    assert model_rows(root) == whole_build_rows(root, tmp_path / "whole")


def test_alias_and_settings_update_only_the_models_that_read_them(tmp_path, logs, monkeypatch):
    from pipeline import people

    root = tmp_path / "warehouse"
    ingest([logs[0]], root, jobs=1)
    whole_builds = []
    real_build = models.build
    monkeypatch.setattr(models, "build", lambda *a, **k: whole_builds.append(1) or real_build(*a, **k))
    updates = []
    real_update = models.update
    monkeypatch.setattr(models, "update", lambda *a, **k: updates.append(real_update(*a, **k)) or updates[-1])

    people.link(root, "Anna", ["Boris"])
    people.set_me(root, "Anna")
    people.set_rate(root, "EUR", "USD", "1.08")

    assert whole_builds == [] and len(updates) == 3, "each change updates the models, none builds them all"
    linked, named_me, rated = updates
    # the links: the per-person models are rebuilt, hand_list (a row per hand, no person) is not
    assert {"int_player_games", "people", "leaderboard", "player_stats_holdem"} <= set(linked.rebuilt)
    assert "hand_list" in linked.unchanged and "conversion_rates" in linked.unchanged
    # "me" and a rate are settings: people and conversion_rates read them, hand_list does not
    assert "people" in named_me.rebuilt and "hand_list" in named_me.unchanged
    assert "conversion_rates" in rated.rebuilt and "hand_list" in rated.unchanged
    assert "leaderboard" in rated.unchanged     # it reads the links, not the settings
    with connect(root) as con:
        persons = dict(con.sql("select player, person from people where player in ('Anna', 'Boris')").fetchall())
        rate = con.sql("select rate from conversion_rates where from_currency = 'EUR' and to_currency = 'USD'"
                       ).fetchall()
    assert persons == {"Anna": "Anna", "Boris": "Anna"}
    assert [Decimal(str(value)) for (value,) in rate] == [Decimal("1.08")]
    monkeypatch.setattr(models, "build", real_build)
    assert model_rows(root) == whole_build_rows(root, tmp_path / "whole")


# -- sittings, season totals, the standby file, models with each commit ----------------------

HAND = (SAMPLES / "pokerstars-holdem.txt").read_text().split("\n\n")[0].strip()


def hands_at(*times: str) -> str:
    """The sample's first hand (Anna nets +$35, Boris -$1, Vera -$36) once per ``HH:MM`` on
    2024/01/02, each under its own hand number."""
    texts = []
    for clock in times:
        hours, minutes = clock.split(":")
        number = 250_000_100_000 + int(hours) * 60 + int(minutes)
        texts.append(HAND.replace("#250000000000", f"#{number}")
                     .replace("2024/01/02 3:04:05", f"2024/01/02 {int(hours)}:{minutes}:00"))
    return "\n\n\n".join(texts) + "\n"


def anna_sittings(root: Path) -> list[tuple[int, str, str, int, str]]:
    with connect(root) as con:
        return con.sql("select session_no, strftime(started_at, '%H:%M'), strftime(ended_at, '%H:%M'), "
                       "count_hands, cast(net_won as varchar) from holdem_sessions where player = 'Anna' "
                       "order by session_no").fetchall()


def test_holdem_sittings_are_updated_where_new_hands_fall_and_renumbered_after(tmp_path):
    root = tmp_path / "warehouse"
    logs = tmp_path / "logs"
    logs.mkdir()

    def ingest_hands(name: str, *times: str):
        (logs / name).write_text(hands_at(*times))
        ingest([logs / name], root, jobs=1)

    ingest_hands("1.txt", "10:00", "10:20", "12:00", "15:00")
    first = [row[1] for row in anna_sittings(root)]     # the log's ET clock, as stored
    shift = int(first[0][:2]) - 10

    def at(clock: str) -> str:
        return f"{int(clock[:2]) + shift:02d}{clock[2:]}"

    assert anna_sittings(root) == [(1, at("10:00"), at("10:20"), 2, "70.00"), (2, at("12:00"), at("12:00"), 1, "35.00"),
                                   (3, at("15:00"), at("15:00"), 1, "35.00")]
    updates = []
    real_update = models.update
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(models, "update", lambda *a, **k: updates.append(real_update(*a, **k)) or updates[-1])
        # 25 minutes after the second sitting's hand: it joins that sitting
        ingest_hands("2.txt", "12:25")
        assert anna_sittings(root) == [(1, at("10:00"), at("10:20"), 2, "70.00"),
                                       (2, at("12:00"), at("12:25"), 2, "70.00"),
                                       (3, at("15:00"), at("15:00"), 1, "35.00")]
        # a morning hand before them all: a sitting of its own, and every later one renumbered
        ingest_hands("3.txt", "08:00")
        assert anna_sittings(root) == [(1, at("08:00"), at("08:00"), 1, "35.00"),
                                       (2, at("10:00"), at("10:20"), 2, "70.00"),
                                       (3, at("12:00"), at("12:25"), 2, "70.00"),
                                       (4, at("15:00"), at("15:00"), 1, "35.00")]
        # hands 30 minutes apart (not more) and less bridge the third sitting to the fourth: one sitting
        ingest_hands("4.txt", "12:55", "13:20", "13:45", "14:10", "14:35")
        assert anna_sittings(root) == [(1, at("08:00"), at("08:00"), 1, "35.00"),
                                       (2, at("10:00"), at("10:20"), 2, "70.00"),
                                       (3, at("12:00"), at("15:00"), 8, "280.00")]
    assert all("holdem_sessions" in summary.incremental for summary in updates), "updated, not rebuilt"
    assert model_rows(root) == whole_build_rows(root, tmp_path / "whole")


def test_season_totals_merge_the_new_games_into_the_stored_totals(tmp_path):
    from pipeline import people

    root = tmp_path / "warehouse"
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "1.txt").write_text(hands_at("10:00", "10:20"))
    ingest([logs / "1.txt"], root, jobs=1)
    people.link(root, "Anna", ["Vera"])     # one person, two names: 'Anna, Vera'
    (logs / "2.txt").write_text(hands_at("11:00"))
    updates = []
    real_update = models.update
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(models, "update", lambda *a, **k: updates.append(real_update(*a, **k)) or updates[-1])
        ingest([logs / "2.txt"], root, jobs=1)
    assert "int_player_season_totals" in updates[-1].incremental
    with connect(root) as con:
        row = con.sql("select count_games, net, count_wins, avg_placement, names from int_player_season_totals "
                      "where player = 'Anna' and season_kind = 'all'").fetchall()
    # three hands, each: Anna +35 (placed 1st, a win), Vera -36 (3rd): the person nets -1 a hand and
    # plays it once, placed as his best seat, 1st
    assert [(count, str(net), wins, avg, names) for count, net, wins, avg, names in row] == [
        (3, "-3.00", 3, 1.0, "Anna, Vera")]
    assert model_rows(root) == whole_build_rows(root, tmp_path / "whole")


def marts_and_tables(root: Path) -> tuple[int, int]:
    """What a reader sees: the Hold'em games of the tables, and of the hand list (a mart)."""
    with connect(root) as con:
        return (con.sql("select count(*) from games").fetchall()[0][0],
                con.sql("select count(distinct game_id) from hand_list").fetchall()[0][0])


def test_a_long_ingest_publishes_the_marts_with_each_commit(tmp_path, monkeypatch):
    import pipeline.ingest
    import pipeline.warehouse

    root, logs = tmp_path / "warehouse", tmp_path / "logs"
    logs.mkdir()
    (logs / "0.txt").write_text(generate("holdem", 5, seed=30))
    ingest([logs / "0.txt"], root, jobs=1)      # the models exist
    for n in range(1, 5):
        (logs / f"{n}.txt").write_text(generate("holdem", 6, seed=40 + n))
    monkeypatch.setattr(pipeline.ingest, "STAGE_BYTES", 2_000)     # a commit after each file
    seen = []
    real_write = pipeline.warehouse.write_manifest

    def watched(at: Path, manifest) -> None:
        seen.append(marts_and_tables(root))     # the models swapped in, the manifest not yet replaced
        real_write(at, manifest)
        seen.append(marts_and_tables(root))

    monkeypatch.setattr(pipeline.warehouse, "write_manifest", watched)
    ingest([logs / f"{n}.txt" for n in range(1, 5)], root, jobs=1)
    assert [tables for tables, _ in seen] == [11, 11, 17, 17, 23, 23, 29, 29], "a commit per file"
    assert all(tables == marts for tables, marts in seen), f"tables and marts of two commits: {seen}"


def test_an_update_writes_the_standby_file_in_place_unless_a_reader_holds_it(tmp_path, monkeypatch):
    root, logs = tmp_path / "warehouse", tmp_path / "logs"
    logs.mkdir()
    for n in range(5):
        (logs / f"{n}.txt").write_text(generate("holdem", 4, seed=60 + n))
    copies = []
    real_copy = models.shutil.copyfile

    def copy(source, target, **options):
        if Path(target).name.startswith("rasklad.duckdb"):
            copies.append(target)
        return real_copy(source, target, **options)

    monkeypatch.setattr(models.shutil, "copyfile", copy)
    ingest([logs / "0.txt"], root, jobs=1)     # built whole, and a copy of it left as the standby
    assert len(copies) == 1 and (root / "rasklad.duckdb.standby").exists()
    ingest([logs / "1.txt"], root, jobs=1)     # the build's standby, brought forward in place: no copy
    assert len(copies) == 1
    ingest([logs / "2.txt"], root, jobs=1)     # the standby, brought two commits forward in place
    assert len(copies) == 1
    reader = connect(root)      # holds the file that the next update leaves as the standby
    try:
        held = reader.sql("select count(distinct game_id) from hand_list").fetchall()[0][0]
        ingest([logs / "3.txt"], root, jobs=1)     # the standby no reader holds: in place
        assert len(copies) == 1
        ingest([logs / "4.txt"], root, jobs=1)     # the standby is the reader's file: a copy instead
        assert len(copies) == 2
        assert reader.sql("select count(distinct game_id) from hand_list").fetchall()[0][0] == held == 12
    finally:
        reader.close()
    assert marts_and_tables(root) == (20, 20)
    assert model_rows(root) == whole_build_rows(root, tmp_path / "whole")


def test_account_game_counts_merge_the_new_games_into_the_stored_counts(tmp_path):
    from pipeline import people

    root = tmp_path / "warehouse"
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "1.txt").write_text(hands_at("10:00", "10:20"))
    ingest([logs / "1.txt"], root, jobs=1)
    people.link(root, "Zoe", ["Zed"])      # names linked before any game of theirs: accounts of no game
    (logs / "2.txt").write_text(hands_at("11:00"))
    updates = []
    real_update = models.update
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(models, "update", lambda *a, **k: updates.append(real_update(*a, **k)) or updates[-1])
        ingest([logs / "2.txt"], root, jobs=1)
    assert "int_account_games" in updates[-1].incremental
    with connect(root) as con:
        counted = con.sql("select player, count_games from int_account_games order by player").fetchall()
        accounts = con.sql("select player, person, count_games from people order by player").fetchall()
    # three hands, each of Anna, Boris and Vera: two stored, one new
    assert counted == [("Anna", 3), ("Boris", 3), ("Vera", 3)]
    assert accounts == [("Anna", "Anna", 3), ("Boris", "Boris", 3), ("Vera", "Vera", 3),
                        ("Zed", "Zoe", 0), ("Zoe", "Zoe", 0)]
    assert model_rows(root) == whole_build_rows(root, tmp_path / "whole")


def test_an_update_keeps_the_small_row_groups_of_the_build(tmp_path, monkeypatch):
    # An update writes the models file with the build's row groups: opened with DuckDB's default
    # (122,880 rows), its checkpoint merged every table's small groups into big ones, rewriting
    # the whole file (100 hands into 200,000: 6.5 s instead of 0.8).
    from pipeline.generators.holdem import generate_hands

    monkeypatch.setattr(models, "BUILD_ROW_GROUP_ROWS", 2048)
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("\n\n\n".join(text for text, _ in generate_hands("holdem", count=1500, seed=3)) + "\n",
                     encoding="utf-8")
    second.write_text(generate("holdem", 5, seed=11), encoding="utf-8")
    root = tmp_path / "warehouse"

    def group_rows() -> list[int]:
        with connect(root) as con:
            return [rows for (rows,) in con.execute(
                "select sum(count) from pragma_storage_info('hand_list') where column_id = 0 "
                "group by row_group_id order by row_group_id").fetchall()]

    ingest([first], root, jobs=1)
    built = group_rows()
    assert len(built) > 1 and max(built) < 122_880   # small groups (DuckDB may fill two vectors' worth)
    summary = ingest([second], root, jobs=1)
    assert summary.games == 5
    updated = group_rows()
    assert sum(updated) > sum(built) and len(updated) >= len(built) and max(updated) <= max(built)
