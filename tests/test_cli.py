"""The command line: help, messages and exit codes (real subprocess-free click runs, real warehouse)."""

from __future__ import annotations

import csv
import errno
import io
import json
import re
import shutil
import socket
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

import pipeline.cli
import pipeline.ingest
import pipeline.warehouse
from pipeline.cli import main
from pipeline.models import models
from pipeline.warehouse import DUCKDB_FILE
from tests.conftest import ROOT, SAMPLES, made_once

README = (ROOT / "README.md").read_text(encoding="utf-8")


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


# The samples many tests read, each ingested once a test run (an ingest and its models' build cost
# seconds, a copy of the warehouse folder a tenth of one): a test that only reads shares it; one that
# writes, or checks that nothing is written, works on a copy (a warehouse folder may be moved).

def _ingested(tmp_path_factory, sample: str) -> Path:
    def ingest_it(folder: Path) -> None:
        assert run("ingest", str(SAMPLES / sample), "--warehouse", str(folder / "wh"), "-q").exit_code == 0

    return made_once(tmp_path_factory, f"test_cli-{sample}", ingest_it) / "wh"


@pytest.fixture(scope="module")
def night_wh(tmp_path_factory) -> Path:
    return _ingested(tmp_path_factory, "chinese-night.txt")


@pytest.fixture(scope="module")
def claims_wh(tmp_path_factory) -> Path:
    return _ingested(tmp_path_factory, "chinese-wrong-claims.txt")


@pytest.fixture(scope="module")
def holdem_wh(tmp_path_factory) -> Path:
    return _ingested(tmp_path_factory, "pokerstars-holdem.txt")


def copy_of(warehouse: Path, to: Path) -> Path:
    shutil.copytree(warehouse, to)
    return to


def test_every_command_has_help_ending_with_an_example_and_is_in_the_readme():
    for name in main.commands:
        result = run(name, "--help")
        assert result.exit_code == 0, name
        assert re.search(r"Example: rasklad " + re.escape(name), result.output), f"{name} help has no example"
        assert f"rasklad {name}" in README, f"{name} is not in the README"


def test_readme_opens_with_the_demo_and_test_commands():
    first_block = README.split("```")[1]
    assert "make demo" in first_block and "make test" in first_block


def test_ingest_of_a_missing_path_says_what_and_how_to_fix(tmp_path):
    result = run("ingest", str(tmp_path / "nope.txt"), "--warehouse", str(tmp_path / "wh"))
    assert result.exit_code == 1
    assert f"  could not read {tmp_path / 'nope.txt'}: no such file or folder (check the path)\n" in result.output
    assert "Check the paths that do not exist" in result.output
    assert "Error: No games found: no file given could be read (each is named with the reason)." in result.output


def test_ingest_exits_1_with_a_summary_when_anything_was_quarantined(tmp_path):
    log = tmp_path / "bad.txt"
    log.write_text("Full Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em\nSeat 1: A ($10)\n")
    result = run("ingest", str(log), "--warehouse", str(tmp_path / "wh"), "--json")
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    assert summary["quarantined"] == 1
    assert summary["quarantine_reasons"] == {"Full Tilt Poker hand histories are not supported yet": 1}
    listing = run("quarantine", "--warehouse", str(tmp_path / "wh"), "--json")
    row, = json.loads(listing.stdout)
    assert row["where"] == f"{log}:1:1" and row["text"].startswith("Full Tilt Poker Game #1")


def test_ingest_under_a_rule_setting_counts_the_games_it_takes_out_of_quarantine(tmp_path):
    # A Bovada tournament hand names no betting structure: quarantined until --rules sets one. The
    # second run reads no file anew (it is unchanged) but judges the quarantine again first: the
    # hand is stored, the Full Tilt one stays; the summary says so, not "0 games stored".
    from tests.test_room_bovada import TOURNAMENT_PRIZES

    log = tmp_path / "hands.txt"
    log.write_text(TOURNAMENT_PRIZES.lstrip() + "\nFull Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em\n"
                   "Seat 1: A ($10)\n", encoding="utf-8")
    first = run("ingest", str(log), "-j", "1", "-q", "--warehouse", str(tmp_path / "wh"))
    assert first.stdout.startswith("1 file (0 unchanged), 0 games stored, 0 already stored, 2 quarantined, ")
    again = run("ingest", str(log), "-j", "1", "-q", "--warehouse", str(tmp_path / "wh"), "--rules", "no_limit")
    # the Full Tilt hand stays in quarantine, and the file still holds it: the run says so, and fails
    assert again.stdout.startswith("1 file (1 unchanged), 1 game stored (1 taken out of quarantine), 0 already "
                                   "stored, 1 game already in quarantine, 0 quarantined (and 1 judged again stays "
                                   "there), 0 findings in "), again.output
    assert again.exit_code == 1
    with pipeline.warehouse.connect(tmp_path / "wh") as con:
        assert con.execute("select count(*) from games").fetchone()[0] == 1


def test_an_ingest_stopped_in_its_models_says_so_and_any_other_error_stays_an_error(tmp_path, monkeypatch):
    """A stop signal that lands in a DuckDB query comes back as DuckDB's own error ("Query
    interrupted"): after a stop it is the stop, and without one it is a fault, not hidden."""
    def interrupted(*args, **kwargs):
        raise RuntimeError("Query interrupted")

    monkeypatch.setattr(pipeline.ingest, "refresh_models", interrupted)
    args = ["ingest", str(SAMPLES / "raspisnoy-night.txt"), "--warehouse", str(tmp_path / "wh"), "-q"]
    fault = CliRunner().invoke(main, args)
    assert isinstance(fault.exception, RuntimeError) and "Stopped" not in fault.output
    monkeypatch.setattr(pipeline.cli, "STOPPED_BY", [15])   # SIGTERM, as the program's handler records it
    stopped = CliRunner().invoke(main, args)
    assert stopped.exit_code == 143
    assert stopped.stderr.startswith("Stopped before the end: no file was stored whole yet; the same ingest run "
                                     "again goes on from there")


def test_an_ingest_on_a_full_disk_says_so_and_what_is_kept(tmp_path, monkeypatch):
    """The system's full disk, as Python raises it (errno ENOSPC) while the Parquet is written,
    and as DuckDB words it while the models are built: a sentence, not a traceback, saying what is
    kept: nothing, when the first commit's parts could not be written; the commit whole in its
    journal, unpublished, when its models could not be."""
    args = ["ingest", str(SAMPLES / "raspisnoy-night.txt"), "--warehouse", str(tmp_path / "wh"), "-q"]
    full_disk = f"Error: The disk of the warehouse {str(tmp_path / 'wh')!r} is full (no space left on device).\n"
    fix = "  Free some space, or name another folder with --warehouse: "

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "Error writing bytes to file")

    with monkeypatch.context() as patched:
        patched.setattr(pipeline.warehouse, "write_part", full)
        parts = CliRunner().invoke(main, args)
    assert (parts.exit_code, parts.stderr) == (1, (f"{full_disk}{fix}nothing was committed yet (the warehouse is "
                                                   "as it was), and the same ingest run again starts over.\n"))

    def models_full(*args, **kwargs):
        raise duckdb.IOException('IO Error: Could not write file "x": No space left on device')

    monkeypatch.setattr(pipeline.ingest, "refresh_models", models_full)
    building = CliRunner().invoke(main, args)
    assert (building.exit_code, building.stderr) == (1, (
        f"{full_disk}{fix}no file was stored whole yet; the same ingest run again goes on from there (what was "
        "stored is not read twice). The commit it was making waits, whole, for its statistics: readers see the "
        "warehouse without it until the next command that writes the warehouse publishes it with them.\n"))
    assert not (tmp_path / "wh" / "_manifest.json").exists() and list((tmp_path / "wh" / "_journal").iterdir())


def test_an_ingest_into_a_folder_it_cannot_make_says_so(tmp_path):
    (tmp_path / "notes").write_text("a file, not a folder")
    result = CliRunner().invoke(main, ["ingest", str(SAMPLES / "raspisnoy-night.txt"), "-q",
                                       "--warehouse", str(tmp_path / "notes" / "wh")])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: The warehouse {str(tmp_path / 'notes' / 'wh')!r} cannot be written: "
                                    f"Not a directory ({tmp_path / 'notes' / 'wh'}")
    assert "Name a folder you may write with --warehouse (or RASKLAD_WAREHOUSE)" in result.stderr


def test_the_dashboard_takes_the_next_free_port_unless_told_one(tmp_path, monkeypatch):
    started = []

    class Server:
        def __init__(self, command, env):
            started.append(command[command.index("--server.port") + 1])

        def wait(self, timeout=None):
            return 0

    monkeypatch.setattr(pipeline.cli.subprocess, "Popen", Server)
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        monkeypatch.setattr(pipeline.cli, "DASHBOARD_PORT", port)
        told = CliRunner().invoke(main, ["dashboard", "-w", str(tmp_path), "--port", str(port)])
        assert told.exit_code == 1 and not started
        assert told.stderr == (f"Error: Port {port} is in use, by another dashboard or another program.\n"
                               f"  Open http://127.0.0.1:{port} if it is a dashboard of Rasklad's, or name another "
                               "port with --port (or leave it out for the first free one).\n")
        free = CliRunner().invoke(main, ["dashboard", "-w", str(tmp_path)])
    assert free.exit_code == 0 and int(started[0]) > port
    assert free.stdout.startswith(f"Port {port} is in use (another dashboard?): this one takes {started[0]}.\n"
                                  f"Dashboard on http://127.0.0.1:{started[0]} (Ctrl+C stops it)")


def test_commands_on_a_missing_warehouse_say_how_to_make_one(tmp_path):
    # every command but ingest: the writing ones made a new, empty warehouse at a mistyped path,
    # and the rate or the build went there, unseen by the real one
    for command in (["stats"], ["audit"], ["quarantine"], ["query", "select 1"], ["show", "0cd0"], ["alias", "--list"],
                    ["reaudit"], ["export", "--format", "ohh", "--out", str(tmp_path / "out")], ["build-models"],
                    ["settings"], ["settings", "rate", "EUR", "USD", "1.1"], ["house-edge", "--max-chunks", "1"]):
        result = run(*command, "--warehouse", str(tmp_path / "none"))
        assert result.exit_code == 1, command
        assert f"No warehouse at '{tmp_path / 'none'}'." in result.output, command
        assert "Run `rasklad ingest PATH --warehouse" in result.output
        assert not (tmp_path / "none").exists(), command


def test_a_warehouse_without_its_models_file_is_built_again_by_build_models(tmp_path):
    # its tables are there (a manifest): not "no warehouse", but statistics to build
    pipeline.ingest.ingest([SAMPLES / "chinese-night.txt"], tmp_path / "wh", jobs=1, build_models=False)
    before = run("stats", "--warehouse", str(tmp_path / "wh"))
    assert before.exit_code == 1
    assert before.output == (f"Error: The statistics of the warehouse '{tmp_path / 'wh'}' are not built.\n"
                             "  An ingest into it that is still running builds them when it ends; else run "
                             f"`rasklad build-models --warehouse {tmp_path / 'wh'}` to build them.\n")
    assert run("build-models", "--warehouse", str(tmp_path / "wh")).exit_code == 0
    assert "player_stats_chinese" in run("stats", "--warehouse", str(tmp_path / "wh")).output


def test_query_errors_quote_the_database_and_list_tables(tmp_path):
    run("ingest", str(ROOT / "README.md"), "--warehouse", str(tmp_path / "wh"), "-q")
    result = run("query", "select * from no_such_table", "--warehouse", str(tmp_path / "wh"))
    assert result.exit_code == 1
    assert "The query failed:" in result.output and "no_such_table" in result.output


def test_query_reads_every_warehouse_table_by_its_contract_name(night_wh):
    # DESIGN.md's table names are what users query: `games`, `holdem_results`, ...
    from pipeline.tables import SCHEMAS

    for table in SCHEMAS:
        result = run("query", f"select count(*) as n from {table}", "--warehouse", str(night_wh), "--json")
        assert result.exit_code == 0, result.output
    games = json.loads(run("query", "select game, count(*) as n from games group by all",
                           "--warehouse", str(night_wh), "--json").output)
    assert games and {row["game"] for row in games} == {"chinese"}


def test_generate_rejects_options_without_values(tmp_path):
    result = run("generate", "sixcard", "-o", "strategy")
    assert result.exit_code == 2     # a usage error: no warehouse could make it right
    assert "The option 'strategy' has no value." in result.output


def test_stats_shows_headline_figures_and_all_columns_on_request(tmp_path, monkeypatch):
    sheet = ROOT / "data" / "samples" / "raspisnoy-formats-examples.txt"
    run("ingest", str(sheet), "--warehouse", str(tmp_path / "wh"), "-q")
    monkeypatch.setenv("COLUMNS", "1000")      # a terminal wide enough for every column as a table
    brief = run("stats", "--game", "raspisnoy", "--warehouse", str(tmp_path / "wh"))
    full = run("stats", "--game", "raspisnoy", "--all", "--warehouse", str(tmp_path / "wh"))
    assert brief.exit_code == full.exit_code == 0
    assert "bid_accuracy" in brief.output and "pass_attempts" not in brief.output
    columns = lambda output: output.splitlines()[2].count("┬") + 1  # the table's top border
    with duckdb.connect(str(tmp_path / "wh" / DUCKDB_FILE), read_only=True) as con:
        every = len(con.execute("select * from player_stats_raspisnoy limit 0").description)
    assert columns(brief.output) == 12 and columns(full.output) == every > 12
    rows = json.loads(run("stats", "--game", "raspisnoy", "--json", "--player", "Vera",
                          "--warehouse", str(tmp_path / "wh")).output)["player_stats_raspisnoy"]
    assert rows and {row["player"] for row in rows} == {"Vera"} and "count_undertricks" in rows[0]
    # narrower than the table: a block per row, a line per column, no value squeezed
    monkeypatch.setenv("COLUMNS", "100")
    narrow = run("stats", "--game", "raspisnoy", "--all", "--player", "Vera", "--warehouse", str(tmp_path / "wh"))
    assert narrow.exit_code == 0 and narrow.output.startswith("\nplayer_stats_raspisnoy\nplayer: ")
    blocks = narrow.output.removeprefix("\nplayer_stats_raspisnoy\n").split("\n\n")
    assert "┬" not in narrow.output and len(blocks) == len(rows)
    for block, row in zip(blocks, rows):
        assert [line.split(":")[0] for line in block.strip().splitlines()] == list(row)


def test_stats_of_chinese_poker_name_the_scale_of_each_row(night_wh, monkeypatch):
    # a player's 1-6 and 2-4 rows are two rows, never added: the headline says which is which
    monkeypatch.setenv("COLUMNS", "250")    # a terminal that holds the table (pytest-xdist's workers say 80)
    shown = run("stats", "--game", "chinese", "--warehouse", str(night_wh)).output
    header = shown.splitlines()[3]
    assert "scoring" in header.split("┆")[3]
    assert {line.split("┆")[3].strip() for line in shown.splitlines()[5:] if "┆" in line} == {"1-6", "2-4"}


def test_stats_whose_filters_match_nothing_say_so_and_what_there_is(night_wh):
    wh = night_wh
    none = run("stats", "--game", "sixcard", "--warehouse", str(wh))
    assert none.exit_code == 0
    assert none.output == "No statistics match --game sixcard.\n  The statistics stored: chinese (a club game: no site).\n"
    anna = run("stats", "--player", "Anna", "--game", "raspisnoy", "--warehouse", str(wh))
    assert anna.output == ("No statistics match --player Anna --game raspisnoy.\n"
                           "  Anna's statistics: chinese (a club game: no site).\n")


def test_settings_rate_refuses_what_is_no_rate_and_says_when_the_two_ways_disagree(tmp_path, night_wh):
    wh = copy_of(night_wh, tmp_path / "wh")
    refused = {("EUR", "USD", "0"): "a rate is more than 0 (what 1 EUR is worth in USD), not 0",
               ("EUR", "USD", "-1"): "a rate is more than 0 (what 1 EUR is worth in USD), not -1",
               ("XYZ", "USD", "2"): "'XYZ' is no currency code of ISO 4217: give one, as USD or EUR",
               ("EUR", "fpp", "2"): "'FPP' has no rate: tournament chips, play chips and points are never converted"}
    for words, said in refused.items():
        result = run("settings", "rate", *words, "--warehouse", str(wh))
        assert result.exit_code == 2, words      # a usage error: refused before the warehouse is read
        assert f"\nError: {said}\n" in result.output, words
    assert run("settings", "rate", "EUR", "USD", "1.08", "--warehouse", str(wh)).output == "1 EUR = 1.08 USD\n"
    # 1.08 × 0.925 = 0.999: a buying and a selling rate, which agree
    agreeing = run("settings", "rate", "USD", "EUR", "0.925", "--warehouse", str(wh))
    assert (agreeing.stdout, agreeing.stderr) == ("1 USD = 0.925 EUR\n", "")
    # 1.08 × 0.5 = 0.54: said, both kept
    apart = run("settings", "rate", "USD", "EUR", "0.5", "--warehouse", str(wh))
    assert apart.stdout == "1 USD = 0.5 EUR\n"
    assert apart.stderr == ("Note: the rate of EUR in USD set before, 1 EUR = 1.08 USD, says 1 USD = 0.925926 EUR. "
                            "Both are kept: the pages convert USD into EUR at 0.5, and EUR into USD at 1.08.\n"
                            "  If they should agree: rasklad settings rate EUR USD --remove\n")
    rates = json.loads(run("query", "select * from conversion_rates order by all", "--json", "--warehouse",
                           str(wh)).output)
    assert rates == [{"from_currency": "EUR", "to_currency": "USD", "rate": "1.080000"},
                     {"from_currency": "USD", "to_currency": "EUR", "rate": "0.500000"}]


def test_an_export_that_writes_no_hand_says_why_and_fails(tmp_path, holdem_wh):
    # hand 250000000005 was run twice: OHH states one board, so it is not written
    wh = holdem_wh
    result = run("export", "--format", "ohh", "--game", "250000000005", "--out", str(tmp_path / "out"),
                 "--warehouse", str(wh))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"0 hands written to {tmp_path / 'out'} as OHH\n  not written ")
    assert "the hand was run twice: OHH states one board" in result.stdout
    assert result.stderr == "Error: no hand could be written as OHH (the reason is given for each).\n"


def test_a_bad_warehouse_from_the_environment_is_blamed_on_the_variable(tmp_path, monkeypatch):
    afile = tmp_path / "afile"
    afile.write_text("")
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(afile))
    from_env = run("stats")
    assert from_env.exit_code == 2
    assert (f"Error: Invalid value for the environment variable RASKLAD_WAREHOUSE: Directory '{afile}' is a file."
            in from_env.output)
    given = run("stats", "--warehouse", str(afile))     # the option, when given, is the one named
    assert f"Error: Invalid value for '--warehouse' / '-w': Directory '{afile}' is a file." in given.output


def _parquet_parts(warehouse) -> dict[str, bytes]:
    return {str(path): path.read_bytes() for path in sorted(warehouse.rglob("*.parquet"))}


def test_query_refuses_every_statement_that_writes_or_reaches_outside(tmp_path, night_wh):
    wh = copy_of(night_wh, tmp_path / "wh")
    before = _parquet_parts(wh)
    part = next(iter(before))
    refused = {
        f"copy (select * from games limit 0) to '{part}' (format parquet)": "COPY",
        f"export database '{tmp_path / 'out'}'": "EXPORT",
        f"attach '{tmp_path / 'other.duckdb'}' as other": "ATTACH",
        "install httpfs": "INSTALL",
        "load httpfs": "LOAD",
        "set enable_external_access = true": "SET",
        "select 1; copy games to 'games.csv'": "COPY",
        "explain analyze copy games to 'games.csv'": "EXPLAIN",
        "pragma profiling_output = 'profile.txt'": "PRAGMA",
        "create table stolen as select 1": "CREATE",
    }
    for sql, word in refused.items():
        result = run("query", sql, "--warehouse", str(wh))
        assert result.exit_code == 1, sql
        assert f"rasklad query only reads; it refuses {word} (" in result.output, result.output
        assert "--csv > result.csv" in result.output
    outside = run("query", f"select * from read_csv('{ROOT / 'README.md'}')", "--warehouse", str(wh))
    assert outside.exit_code == 1
    assert "never other files or the network" in outside.output
    assert _parquet_parts(wh) == before
    assert not (tmp_path / "out").exists() and not (tmp_path / "other.duckdb").exists()


def test_query_refuses_more_than_one_statement_instead_of_printing_the_last(night_wh):
    wh = night_wh
    result = run("query", "select 1 as a; select 2 as b", "--warehouse", str(wh), "--csv")
    assert (result.exit_code, result.stderr) == (1, ("Error: rasklad query runs one statement; this is 2 (separated "
                                                    "by ';').\n  Run each on its own, or join their rows into one "
                                                    "query (union all, a join).\n"))
    one = run("query", "select 1 as a;", "--warehouse", str(wh), "--csv")
    assert (one.exit_code, one.output) == (0, "a\n1\n")


def test_query_runs_reading_statements_and_prints_csv(night_wh):
    wh = night_wh
    result = run("query", "select 'Anna' as player, 2.5 as net union all select 'Boris, Jr', -2.5",
                 "--warehouse", str(wh), "--csv")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["player,net", "Anna,2.5", '"Boris, Jr",-2.5']
    for sql in ("show tables", "describe games", "explain select count(*) from games",
                "with n as (select count(*) as c from games) select c from n"):
        assert run("query", sql, "--warehouse", str(wh), "--json").exit_code == 0, sql


def test_query_csv_writes_list_and_struct_cells_as_their_json_text(night_wh):
    # CSV has no nested cells: files.game_ids, quarantine.copies_first_lines, game_list.players are
    # lists, and --csv stopped on them with a traceback
    wh = night_wh
    result = run("query", "select [1, 2] as x, {'a': 1.5::decimal(4, 2), 'b': 'Жора, Jr'} as s, null::int[] as n",
                 "--warehouse", str(wh), "--csv")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["x,s,n", '"[1, 2]","{""a"": ""1.50"", ""b"": ""Жора, Jr""}",']
    files = run("query", "select count_games, game_ids from files", "--warehouse", str(wh), "--csv")
    assert files.exit_code == 0, files.output
    count, ids = next(csv.reader(io.StringIO(files.output.splitlines()[1])))
    assert len(json.loads(ids)) == int(count) > 0


def test_query_show_tables_lists_each_table_once(night_wh):
    # the connection's own view of each table (over the committed parts) shadows the one stored in
    # rasklad.duckdb: DuckDB's own listing names both, so games, findings … came twice
    import json

    wh = night_wh
    for sql in ("show tables", "SHOW TABLES;"):
        result = run("query", sql, "--warehouse", str(wh), "--json")
        assert result.exit_code == 0, result.output
        names = [row["name"] for row in json.loads(result.stdout)]
        assert names == sorted(set(names)), sql
        assert {"games", "game_players", "findings", "quarantine", "player_stats_chinese", "leaderboard"} <= set(names)


def test_generate_help_lists_each_generators_settings():
    result = run("generate", "--help")
    assert result.exit_code == 0
    settings = " ".join(result.output.split("Settings (-o KEY=VALUE")[1].split())    # (lines wrapped as it fits)
    assert re.search(r"raspisnoy\s+players=4, rules=default, rounds, club, date, strategy=club", settings)
    assert re.search(r"sixcard\s+hands=10, strategy=simple \(or random, best\), boxes, ante, wrong_results=0.0",
                     settings)
    assert "variant=classic" in settings.split("ofc")[1] and "foul_rate=0.05" in settings.split("chinese")[1]


def test_generate_helps_example_runs_and_each_choice_listed_is_taken():
    # the help's example once took strategy=best (a sixcard value) beside players (no sixcard
    # setting): every generator refused it; and a choice's other values were listed nowhere
    (option,) = [param for param in main.commands["generate"].params if "--option" in param.opts]
    game, settings = re.search(r"e\.g\. (\w+)((?: -o \S+)+)", option.help).groups()
    example = run("generate", game, "-n", "1", *settings.split())
    assert example.exit_code == 0, example.output
    assert example.output.startswith("Raspisnoy game G-0-1\n")
    assert "Players: " in example.output and example.output.split("Players: ")[1].split("\n")[0].count(",") == 4
    text = run("generate", "--help").output.split("Settings (-o KEY=VALUE")[1].split("\n", 1)[1]
    # each game's settings, their wrapped lines joined, each ended by a comma
    listed = {game: " ".join(settings.split()) + "," for game, settings
              in re.findall(r"^  (\w+) +(.*(?:\n {4,}.*)*)", text, flags=re.MULTILINE)}
    assert listed["raspisnoy"] == "players=4, rules=default, rounds, club, date, strategy=club (or random),"
    assert listed["ofc"].startswith("players=2-3, scoring=1-6 (or 2-4), variant=classic (or pineapple, "
                                    "fantasyland), royalties=classic (or modern),")
    assert listed["chinese"].startswith("players=2-4, scoring=random (or 1-6, 2-4),")
    assert "betting=mixed (or no_limit, pot_limit, limit)," in listed["holdem"]
    assert "currency=USD (or EUR)," in listed["holdem36"]
    taken = {"holdem": {"betting": 4, "currency": 2}, "holdem36": {"betting": 4, "currency": 2},
             "raspisnoy": {"strategy": 2}, "raspisnoy_sheet": {"strategy": 2}, "chinese": {"scoring": 3},
             "ofc": {"scoring": 2, "variant": 3, "royalties": 2}, "sixcard": {"strategy": 3}}
    small = {"raspisnoy": ["-o", "rounds=1"], "raspisnoy_sheet": ["-o", "rounds=1"], "sixcard": ["-o", "hands=1"]}
    for game, counts in taken.items():
        for name, count in counts.items():
            values = re.search(rf"\b{name}=(\S+?)(?: \(or ([^)]*)\))?,", listed[game]).groups()
            values = [values[0], *values[1].split(", ")]
            assert len(values) == count, (game, name, values)
            for value in values:
                result = run("generate", game, "-n", "1", "-o", f"{name}={value}", *small.get(game, []))
                assert result.exit_code == 0, (game, name, value, result.output)
            wrong = run("generate", game, "-n", "1", "-o", f"{name}=nonesuch")
            assert wrong.exit_code == 2 and values[-1] in wrong.output, (game, name, wrong.output)


def test_generate_writes_one_evening_in_one_club_given_its_date_and_club_as_its_help_says(tmp_path):
    # `generate raspisnoy -n 2 --out night.txt` wrote its "night" in two clubs, months apart: the
    # help says the days and clubs are drawn from the seed, and how to write one evening
    helped = " ".join(run("generate", "--help").output.split())
    assert "unless settings give them, are a raspisnoy game's day (one of 2025 and 2026) and club (one of three)" in (
        helped)
    example = re.search(r"Example: rasklad generate (.*?) --out night\.txt", helped).group(1).split()
    night = tmp_path / "night.txt"
    result = run("generate", *example, "--out", str(night), "-q")
    assert result.exit_code == 0, result.output
    text = night.read_text(encoding="utf-8")
    dates = re.findall(r"^Date: (\S+) (\d\d:\d\d)$", text, flags=re.MULTILINE)
    assert text.count("Raspisnoy game ") == 3 and len(dates) == 3
    assert {day for day, _ in dates} == {"2026-12-05"} and all("19:00" <= time <= "22:30" for _, time in dates)
    assert re.findall(r"^Club: (.*)$", text, flags=re.MULTILINE) == ["Arbat"] * 3
    # the README shows the same evening
    assert "rasklad generate raspisnoy -n 3 -o players=4 -o date=2026-12-05 -o club=Arbat --out night.txt" in (
        (ROOT / "README.md").read_text(encoding="utf-8"))
    wrong = run("generate", "raspisnoy", "-o", "date=05.12.2026")
    assert wrong.exit_code == 2 and "date must be a day written like 2026-12-05, not '05.12.2026'" in wrong.output


def test_generate_names_the_known_settings_for_a_misspelt_one():
    result = run("generate", "raspisnoy", "-o", "plyers=4")
    assert result.exit_code == 2
    assert ("Error: Invalid value for '--option': The raspisnoy generator has no setting 'plyers'. Did you mean "
            "'players'?") in result.output
    assert "Its settings: players, rules, rounds, club, date, strategy (see rasklad generate --help)." in result.output


def test_did_you_mean_ignores_case_and_says_nothing_when_nothing_is_close():
    from pipeline.cli import did_you_mean

    assert did_you_mean("anna", ["Anna", "Boris"]) == " Did you mean 'Anna'?"
    assert did_you_mean("BORIS", ["Anna", "Boris", "Borys"]) == " Did you mean 'Boris' or 'Borys'?"
    assert did_you_mean("Zhenya", ["Anna", "Boris"]) == ""
    # the closest first: one letter from Anna and from Yana, but Anna starts as 'Ana' does; Tanya is two away
    assert did_you_mean("Ana", ["Tanya", "Yana", "Anna"]) == " Did you mean 'Anna', 'Yana' or 'Tanya'?"


def test_unknown_game_rule_or_player_is_an_error_with_the_close_names(claims_wh):
    wh = claims_wh
    game = run("audit", "--game", "chinses", "--warehouse", str(wh))
    assert game.exit_code == 2
    assert "Error: Invalid value for '--game': There is no game 'chinses'. Did you mean 'chinese'?" in game.output
    rule = run("audit", "--rule", "CP-SCOR", "--warehouse", str(wh))
    assert rule.exit_code == 0 and "CP-SCORE" in rule.output     # a prefix of a rule ID
    rule = run("audit", "--rule", "CP-SCRE", "--warehouse", str(wh))
    assert rule.exit_code == 2
    assert "Error: Invalid value for '--rule': No rule ID is or starts with 'CP-SCRE'. Did you mean 'CP-SCORE', " \
        in rule.output
    players = json.loads(run("query", "select distinct player from game_players", "--warehouse", str(wh),
                             "--json").output)
    assert "Gleb" in {row["player"] for row in players}
    player = run("stats", "--player", "gleb", "--warehouse", str(wh))
    assert player.exit_code == 1
    assert "Error: No stored game has a player 'gleb'. Did you mean 'Gleb'?" in player.output
    assert run("stats", "--player", "Gleb", "--warehouse", str(wh)).exit_code == 0


def test_every_game_option_names_the_close_games_for_an_unknown_one(claims_wh):
    # stats --game and generate's game printed click's "'poker' is not one of …", guessing nothing
    wh = claims_wh
    takes = ("  The games stats --game takes: chinese, holdem, holdem36, ofc, raspisnoy, raspisnoy_sheet, sixcard, "
             "tournament.\n")
    misspelt = run("stats", "--game", "holdm", "--warehouse", str(wh))
    assert misspelt.exit_code == 2
    assert misspelt.output.endswith("\nError: Invalid value for '--game' / '-g': There is no game 'holdm'. Did you "
                                    "mean 'holdem' or 'holdem36'?\n" + takes)
    unknown = run("stats", "--game", "poker", "--warehouse", str(wh))
    assert unknown.exit_code == 2
    assert unknown.output.endswith("\nError: Invalid value for '--game' / '-g': There is no game 'poker'.\n" + takes)
    chinese = run("stats", "--game", "CHINESE", "--json", "--warehouse", str(wh))
    assert chinese.exit_code == 0
    assert {row["game"] for row in json.loads(chinese.stdout)["player_stats_chinese"]} == {"chinese"}
    generated = run("generate", "chines", "-n", "1")
    assert generated.exit_code == 2
    assert ("\nError: Invalid value for 'GAME': There is no game 'chines'. Did you mean 'chinese'?\n"
            "  The games generate writes: holdem, holdem36, raspisnoy, ") in generated.output
    audited = run("audit", "--game", "poker", "--warehouse", str(wh))
    assert audited.exit_code == 2
    assert "\nError: Invalid value for '--game': There is no game 'poker'.\n  The games: " in audited.output


def test_audit_explain_shows_the_text_of_each_rule_broken(claims_wh):
    from rules.rulebook import rule_text

    wh = claims_wh
    result = run("audit", "--rule", "CP-SCORE", "--explain", "--warehouse", str(wh))
    assert result.exit_code == 0
    explained = result.output.split("The rules broken:\n")[1].splitlines()
    assert explained == ["  CP-SCORE: " + rule_text("CP-SCORE")]
    assert "Every pair of players compares row by row" in explained[0]
    rows = json.loads(run("audit", "--explain", "--json", "--warehouse", str(wh)).stdout)
    assert rows and all(row["rule_text"] == rule_text(row["rule_id"]) for row in rows)


def test_audit_all_lists_every_finding_past_the_limit(claims_wh):
    wh = claims_wh
    every = json.loads(run("audit", "--json", "--warehouse", str(wh)).stdout)
    assert len(every) >= 2
    cut = run("audit", "--limit", "1", "--warehouse", str(wh))
    assert cut.output.splitlines()[-1] == f"{len(every)} findings (first 1 shown; --all for every one)"
    whole = run("audit", "--limit", "1", "--all", "--warehouse", str(wh))
    assert whole.output.splitlines()[-1] == f"{len(every)} findings"
    assert len(json.loads(run("audit", "--all", "--limit", "1", "--json", "--warehouse", str(wh)).stdout)) == len(every)


def test_audit_and_quarantine_never_cut_the_place_or_the_message(tmp_path, monkeypatch):
    # the arbiter needs file:line(:column) whole: a table wider than the terminal becomes blocks
    wh, bad = tmp_path / "wh", tmp_path / ("a-folder-with-a-long-name-" * 3) / "bad.txt"
    bad.parent.mkdir()
    bad.write_text("Full Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em\nSeat 1: A ($10)\n")
    run("ingest", str(SAMPLES / "raspisnoy-violations.txt"), str(bad), "--warehouse", str(wh), "-q")
    findings = json.loads(run("audit", "--json", "--warehouse", str(wh)).stdout)
    for columns in ("60", "1000"):
        monkeypatch.setenv("COLUMNS", columns)
        shown = run("audit", "--warehouse", str(wh)).output
        unwrapped = re.sub(r"\n +", " ", shown)
        for finding in findings:
            assert finding["where"] in shown and finding["message"] in unwrapped, (columns, finding)
        if columns == "60":
            # (a path longer than the terminal stays whole on its line)
            assert "┬" not in shown and all(len(line) <= 60 or line.startswith("where:") for line in shown.splitlines())
        held = run("quarantine", "--warehouse", str(wh)).output
        assert f"{bad}:1:1" in held and "Full Tilt Poker hand histories are not supported yet" in re.sub(r"\n +", " ",
                                                                                                       held)


def test_counts_are_worded_for_one_and_the_model_counts_name_tables_and_views(tmp_path):
    wh = tmp_path / "wh"
    run("ingest", str(SAMPLES / "raspisnoy-violations.txt"), "--warehouse", str(wh), "-q")
    one = run("audit", "--rule", "RSP-HOOK", "--explain", "--warehouse", str(wh)).output
    assert "\n1 finding\n" in one and "findings" not in one
    # no table's empty frame when nothing matches
    assert run("audit", "--rule", "RSP-HOOK", "--severity", "warning", "--warehouse", str(wh)).output == "No findings.\n"
    # an update and a whole build count the same models: the update brings the tables up to date
    tables = sum(model.materialized == "table" for model in models())
    views = len(models()) - tables
    assert run("build-models", "--warehouse", str(wh)).stdout == (
        f"{len(models())} models up to date: of the {tables} tables, 0 updated, 0 rebuilt and {tables} unchanged; "
        f"the {views} views read them as they stand\n")
    assert run("build-models", "--full", "--warehouse", str(wh)).stdout == (
        f"{len(models())} models built: {tables} tables and {views} views\n")


def test_ingest_prints_progress_lines_when_stderr_is_not_a_terminal(tmp_path, monkeypatch):
    from pipeline.cli import _Progress

    monkeypatch.setattr(_Progress, "PROGRESS_EVERY", 0.0)
    sample = ROOT / "data" / "samples" / "chinese-night.txt"
    games = sample.read_text(encoding="utf-8").count("Chinese poker hand")
    result = run("ingest", str(sample), "--warehouse", str(tmp_path / "wh"))
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert lines[:2] == ["reading 1 file", f"read 1 of 1 file, {games} games"]
    # then the models' first build, which takes minutes over a large history
    assert lines[2:] == [f"building the statistics (SQL models): {count} so far, now {model.name}"
                         for count, model in enumerate(models(), 1)]
    quiet = run("ingest", str(sample), "--warehouse", str(tmp_path / "wh2"), "--quiet")
    assert quiet.stderr == ""


def test_the_program_leaves_its_objects_to_the_system_at_exit(tmp_path):
    """The program sets its objects apart from the collector as it ends (its passes at shutdown
    would walk them all for nothing), and still exits with the command's code and output."""
    import subprocess
    import sys

    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
            "from pipeline.cli import run\n"
            "sys.argv = ['rasklad', 'stats', '--warehouse', sys.argv[1]]\n"
            "run()\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "none")], cwd=ROOT, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=False)
    assert done.stdout.splitlines()[-1] == "frozen True"
    assert done.returncode != 0 and "rasklad ingest" in done.stdout + done.stderr


def test_the_ingest_program_never_loads_pandas_and_stores_the_same(tmp_path):
    """pyarrow would load pandas (a fifth of a CPU-second) on its first array; the program's
    ingest runs without it, and stores what an ingest in a process holding pandas stores."""
    import subprocess
    import sys

    sample = ROOT / "data" / "samples" / "pokerstars-holdem.txt"
    program = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pipeline.cli", "ingest", str(sample),
         "--warehouse", str(tmp_path / "program"), "--jobs", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = {line.rsplit("|", 1)[-1].strip() for line in program.stderr.splitlines() if line.startswith("import time:")}
    assert "pyarrow" in loaded and "pandas.core" not in loaded
    in_process = run("ingest", str(sample), "--warehouse", str(tmp_path / "in-process"), "--jobs", "1", "--json")
    stored = {key: value for key, value in json.loads(program.stdout).items() if "seconds" not in key}
    assert stored == {key: value for key, value in json.loads(in_process.stdout).items() if "seconds" not in key}
    assert stored["games"] == 20
    # the same file again, nothing new: the program loads neither the readers' compiled code nor
    # pyarrow, which a run that reads nothing has no use for (they cost it half a CPU-second)
    again = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pipeline.cli", "ingest", str(sample),
         "--warehouse", str(tmp_path / "program"), "--jobs", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = {line.rsplit("|", 1)[-1].strip() for line in again.stderr.splitlines() if line.startswith("import time:")}
    assert json.loads(again.stdout)["games"] == 0 and not loaded & {"numba", "pyarrow", "pipeline.worker"}


def test_a_hand_number_two_stored_games_share_is_ambiguous_wherever_a_game_is_named(tmp_path):
    """The same hand stored twice (an original and its corrected copy) was "No stored game has an
    ID starting with '301'": it is two games, each named with its file and lines."""
    from tests.test_export import TURN_ALLIN

    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "original.txt").write_text(TURN_ALLIN)
    (tmp_path / "logs" / "corrected.txt").write_text(TURN_ALLIN.replace("Table 'Vesta'", "Table 'Vesta II'"))
    wh = str(tmp_path / "wh")
    run("ingest", str(tmp_path / "logs"), "--warehouse", wh, "-q", "-j", "1")
    with pipeline.warehouse.connect(tmp_path / "wh") as con:
        where = dict(con.execute("select game_id, source_file from games").fetchall())
    listed = "".join(f"\n    {gid}  {where[gid]}:1–25" for gid in sorted(where))
    said = (f"Error: '301' is the hand number of several stored games:{listed}\n"
            "  Name one by its game ID (or the start of it).\n")
    for command in (["show", "301"], ["export", "--format", "ohh", "--game", "301", "--out", str(tmp_path / "x")],
                    ["reaudit", "--game", "301"]):
        result = run(*command, "--warehouse", wh)
        assert (result.exit_code, result.stderr) == (1, said), command
    one = min(where)
    assert run("show", one[:8], "--warehouse", wh).output.startswith(f"holdem game {one}: {where[one]} lines 1–25")


def test_reaudit_of_a_game_that_does_not_exist_is_an_error_naming_the_close_ones(tmp_path, claims_wh):
    wh = copy_of(claims_wh, tmp_path / "wh")
    with pipeline.warehouse.connect(wh) as con:
        game_id = con.execute("select min(game_id) from games").fetchone()[0]
    wrong = game_id[:12] + ("0" if game_id[12] != "0" else "1")
    result = run("reaudit", "--game", wrong, "--warehouse", str(wh))
    assert result.exit_code == 1 and "judged again" not in result.output
    assert result.stderr.startswith(f"Error: No stored game has an ID starting with '{wrong}'. "
                                    f"Did you mean '{game_id}'?\n")
    judged = run("reaudit", "--game", game_id[:8], "--warehouse", str(wh), "--json")
    assert judged.exit_code == 0 and json.loads(judged.stdout)["judged"] == 1


def test_audit_game_given_a_game_id_says_it_takes_a_kind_and_how_to_see_one_game(claims_wh):
    wh = claims_wh
    with pipeline.warehouse.connect(wh) as con:
        game_id = con.execute("select min(game_id) from games").fetchone()[0]
    result = run("audit", "--game", game_id[:8], "--warehouse", str(wh))
    assert result.exit_code == 2
    assert (f"\nError: Invalid value for '--game': '{game_id[:8]}' is the start of a game ID, not a game: audit "
            "--game takes a kind of game (chinese, holdem, ") in result.stderr
    assert result.stderr.endswith(f"  audit has no option for one game: `rasklad show {game_id[:8]}` prints its "
                                  "findings.\n")


def test_stats_game_shows_short_deck_and_ofc_apart_as_the_readme_names_them(tmp_path, monkeypatch):
    """`stats --game holdem36`, the README's name of short-deck Hold'em, was refused; its rows are
    the Hold'em mart's, kept apart by their game, as OFC's are the Chinese mart's."""
    for game in ("holdem", "holdem36"):
        assert run("generate", game, "-n", "4", "--seed", "3", "--out", str(tmp_path / f"{game}.txt"), "-q")\
            .exit_code == 0
    wh = str(tmp_path / "wh")
    run("ingest", str(tmp_path / "holdem.txt"), str(tmp_path / "holdem36.txt"), str(SAMPLES / "ofc-classic.txt"),
        str(SAMPLES / "chinese-night.txt"), "--warehouse", wh, "-q", "-j", "1")
    for game in ("holdem", "holdem36", "chinese", "ofc"):
        result = run("stats", "--game", game, "--json", "--warehouse", wh)
        assert result.exit_code == 0, result.output
        (rows,) = json.loads(result.stdout).values()    # the one statistics table of the game
        assert rows and {row["game"] for row in rows} == {game}, game
    monkeypatch.setenv("COLUMNS", "1000")      # the marts as tables, a row a line
    shown = run("stats", "--warehouse", wh).output
    assert shown.count("\nplayer_stats_holdem\n") == shown.count("\nplayer_stats_chinese\n") == 1
    assert all(f" {game} " in shown for game in ("holdem", "holdem36", "chinese", "ofc"))


def test_ingest_summary_gives_a_rate_only_for_enough_games(tmp_path, monkeypatch):
    # One game's "0 games/s" (its seconds are the start-up's) is no rate: the summary gives the time
    # alone; from RATE_FROM games on, the rate follows it.
    log = SAMPLES / "pokerstars-holdem.txt"
    few = run("ingest", str(log), "-j", "1", "-q", "--warehouse", str(tmp_path / "few"))
    assert re.fullmatch(r"1 file \(0 unchanged\), 20 games stored, .* in \d+\.\d\d s", few.output.splitlines()[0])
    monkeypatch.setattr(pipeline.cli, "RATE_FROM", 1)
    enough = run("ingest", str(log), "-j", "1", "-q", "--warehouse", str(tmp_path / "enough"))
    assert re.fullmatch(r"1 file .* in \d+\.\d\d s \([\d,]+ games/s\)", enough.output.splitlines()[0])


def test_quarantine_text_shows_nul_and_control_bytes_escaped_never_raw(tmp_path):
    log = tmp_path / "nul.txt"
    log.write_bytes(b"Seat 3: Vera (100)\x00\x00\x1b[2J\n")
    assert run("ingest", str(log), "--warehouse", str(tmp_path / "wh"), "-q").exit_code == 1
    shown = run("quarantine", "--text", "--warehouse", str(tmp_path / "wh")).output
    assert f"{log}:1:19: NUL bytes at column 19" in shown
    assert "Seat 3: Vera (100)\\x00\\x00\\x1b[2J" in shown and "\x00" not in shown and "\x1b" not in shown


def test_query_tables_print_times_decimals_lists_and_structs_whole(night_wh, monkeypatch):
    # polars cut every cell's printed text at the longest *string*: a narrow query showed
    # 2012-12-… and -10250.5… where --csv wrote the whole values
    monkeypatch.setenv("COLUMNS", "200")
    wh = night_wh
    cases = {
        "select timestamp '2012-12-01 10:00:05' as first": "2012-12-01 10:00:05",
        "select 'Anna' as player, -10250.5::decimal(18,2) as net": "-10250.50",
        "select 'Anna' as player, 123456.78::decimal(18,2) as net": "123456.78",
        "select 12345678901234.56::decimal(18,2) as big, 'x' as s": "12345678901234.56",
        "select 12345678901234567 as i, 'x' as s": "12345678901234567",
        "select list_value(1,2,3,4,5,6,7,8,9,10,11,12) as l, 'ab' as s": "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
        "select {'a': 'some long text here', 'b': 2} as st": '{"a": "some long text here", "b": 2}',
    }
    for sql, whole in cases.items():
        shown = run("query", sql, "--warehouse", str(wh)).output
        assert "┆" in shown or "│" in shown, shown     # the table form, not blocks
        assert whole in shown and "…" not in shown, (sql, shown)
    # wider than the terminal: blocks, each value whole on its line
    monkeypatch.setenv("COLUMNS", "30")
    shown = run("query", "select timestamp '2012-12-01 10:00:05' as first, -10250.5::decimal(18,2) as net, "
                "'a long enough text to pass thirty columns' as note", "--warehouse", str(wh)).output
    assert "first: 2012-12-01 10:00:05" in shown and "net:   -10250.50" in shown and "│" not in shown


def test_a_room_rule_setting_is_matched_as_the_site_column_writes_it_and_can_be_removed(tmp_path):
    # "room Pokerstars: …" was kept as written and never held (the site is PokerStars); a room no
    # game and no reader names is an error naming the close ones; a kept setting can be removed
    from tests.test_holdem_limit_cap_setting import HAND

    wh, log = tmp_path / "wh", tmp_path / "limit.txt"
    log.write_text(HAND, encoding="utf-8")
    assert run("ingest", str(log), "--warehouse", str(wh), "-q").exit_code == 0

    def findings() -> int:
        return len(json.loads(run("audit", "--json", "--all", "--warehouse", str(wh)).stdout))

    def kept() -> dict[str, str]:
        rows = json.loads(run("query", "select name, value from settings", "--json", "--warehouse", str(wh)).stdout)
        return {row["name"]: row["value"] for row in rows}

    assert findings() == 0      # heads-up, the cap holds by default in no round
    misspelt = run("ingest", str(log), "--warehouse", str(wh), "--rules", "room Pokerstar: cap_heads_up")
    assert misspelt.exit_code == 2 and "Did you mean 'PokerStars'" in misspelt.output
    assert kept() == {}
    cased = run("ingest", str(log), "--warehouse", str(wh), "--rules", "room pokerstars: cap_heads_up")
    assert cased.exit_code == 0, cased.output
    # the cap of 4 bets heads-up: Boris's raise to $5 and Anna's to $6 break it
    assert kept() == {"rules heads_up room PokerStars": "cap_heads_up"} and findings() == 2
    # a room the readers write, with no game stored yet, is taken as they write it
    assert run("ingest", str(log), "--warehouse", str(wh), "-q", "--rules", "room WINAMAX: limit_cap_3").exit_code == 0
    assert kept()["rules cap room Winamax"] == "limit_cap_3"

    removed = run("settings", "rules", "room POKERSTARS: cap_heads_up", "--remove", "--warehouse", str(wh))
    assert removed.exit_code == 0, removed.output
    # named as --rules takes it, the room as the games write it: not the settings row "rules heads_up room …"
    assert removed.output.startswith("Removed the rule setting 'room PokerStars: cap_heads_up'.\n")
    assert kept() == {"rules cap room Winamax": "limit_cap_3"}
    assert run("reaudit", "--warehouse", str(wh)).exit_code == 0 and findings() == 0
    again = run("settings", "rules", "room PokerStars: cap_heads_up", "--remove", "--warehouse", str(wh))
    assert again.exit_code == 1
    assert again.output.startswith("Error: No rule setting 'room PokerStars: cap_heads_up' is kept. The rule "
                                   "settings kept: 'room Winamax: limit_cap_3'.\n")
    other = run("settings", "rules", "room Winamax: limit_cap_5", "--remove", "--warehouse", str(wh))
    assert other.output.startswith("Error: No rule setting 'room Winamax: limit_cap_5' is kept ('room Winamax: "
                                   "limit_cap_3' is). The rule settings kept: 'room Winamax: limit_cap_3'.\n")
    given = run("settings", "rules", "room PokerStars: cap_heads_up", "--warehouse", str(wh))
    assert given.exit_code == 2 and "rasklad ingest PATH --rules" in given.output


def test_a_room_only_a_phh_files_venue_names_is_set_in_the_ingest_that_first_stores_it(tmp_path, monkeypatch):
    # "--rules 'room Absolute Poker: …'" was refused: no stored game and no reader named the room,
    # which only the venue of the PHH file given names
    import parsers.phh

    logs, wh = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    real = (ROOT / "tests" / "fixtures" / "phh" / "dwan-ivey-2009.phh").read_text(encoding="utf-8")
    (logs / "dwan-ivey.phh").write_text(real + "venue = 'Absolute Poker'\n", encoding="utf-8")
    read_for_rooms = []

    def rooms(text: str) -> set[str]:
        read_for_rooms.append(text)
        return parsers.phh_rooms(text)

    monkeypatch.setattr(parsers, "phh_rooms", parsers.phh.rooms, raising=False)
    monkeypatch.setattr(parsers.phh, "rooms", rooms)
    misspelt = run("ingest", str(logs), "--warehouse", str(wh), "--rules", "room Absolut Poker: limit_cap_3")
    assert misspelt.exit_code == 2
    assert ("Error: Invalid value for '--rules': 'room Absolut Poker: limit_cap_3': no stored game was played "
            "in the room 'Absolut Poker', no reader writes it, and no file given names it. "
            "Did you mean 'Absolute Poker' or 'PartyPoker'?\n") in misspelt.output
    assert not wh.exists()     # refused before anything was read or stored
    read_for_rooms.clear()
    # two settings of the room, in any case: the file is read for its rooms once; a room the readers
    # write needs no look at the files
    given = run("ingest", str(logs), "--warehouse", str(wh), "--json", "--rules", "room absolute poker: limit_cap_3",
                "--rules", "room ABSOLUTE POKER: cap_heads_up", "--rules", "room PokerStars: limit_cap_2")
    assert given.exit_code == 0, given.output
    assert len(read_for_rooms) == 1 and json.loads(given.stdout)["games"] == 1
    kept = {row["name"]: row["value"] for row in json.loads(
        run("query", "select name, value from settings", "--json", "--warehouse", str(wh)).output)}
    assert kept == {"rules cap room Absolute Poker": "limit_cap_3", "rules heads_up room Absolute Poker": "cap_heads_up",
                    "rules cap room PokerStars": "limit_cap_2"}
    sites = json.loads(run("query", "select site from games", "--json", "--warehouse", str(wh)).stdout)
    assert sites == [{"site": "Absolute Poker"}]
    read_for_rooms.clear()
    # now a stored game's room: a later ingest knows it without reading the files for it
    again = run("ingest", str(logs), "--warehouse", str(wh), "-q", "--rules", "room absolute poker: limit_cap_4")
    assert again.exit_code == 0 and read_for_rooms == []


def test_settings_rate_remove_says_when_there_was_no_such_rate(tmp_path, night_wh):
    wh = copy_of(night_wh, tmp_path / "wh")
    missing = run("settings", "rate", "EUR", "RUB", "--remove", "--warehouse", str(wh))
    assert missing.exit_code == 1 and "There was no rate of EUR in RUB to remove." in missing.output
    assert run("settings", "rate", "EUR", "RUB", "95", "--warehouse", str(wh)).exit_code == 0
    removed = run("settings", "rate", "eur", "rub", "--remove", "--warehouse", str(wh))
    assert (removed.exit_code, removed.output) == (0, "No rate of EUR in RUB any more.\n")


def test_generate_out_makes_missing_folders_and_says_in_words_when_it_cannot_write(tmp_path):
    out = tmp_path / "nodir" / "deeper" / "h1.txt"
    made = run("generate", "holdem", "-n", "2", "--out", str(out))
    assert made.exit_code == 0, made.output
    assert made.output == f"2 holdem games written to {out}\n"
    assert out.read_text(encoding="utf-8") == run("generate", "holdem", "-n", "2").output
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    refused = CliRunner().invoke(main, ["generate", "holdem", "-n", "2", "--out", str(blocked / "h1.txt")])
    assert refused.exit_code == 1 and isinstance(refused.exception, SystemExit)     # no traceback
    assert refused.output.startswith(f"Error: Cannot write the games to {str(blocked / 'h1.txt')!r}: ")
    assert "Name a file in a folder you may write with --out." in refused.output


def test_every_game_option_takes_any_case_and_stats_takes_raspisnoy_sheet(tmp_path):
    # stats --game refused 'Holdem' (audit took it) and raspisnoy_sheet, a game the README names;
    # audit offered the quarantine's 'unknown' as a game
    assert run("generate", "Raspisnoy_Sheet", "-n", "2", "--out", str(tmp_path / "sheets.txt"), "-q").exit_code == 0
    (tmp_path / "readme.txt").write_text("These are my hands from last week.\n", encoding="utf-8")
    wh = str(tmp_path / "wh")
    run("ingest", str(tmp_path / "sheets.txt"), str(tmp_path / "readme.txt"), str(SAMPLES / "pokerstars-holdem.txt"),
        "--warehouse", wh, "-q", "-j", "1")
    quarantined = json.loads(run("query", "select game from quarantine", "--json", "--warehouse", wh).stdout)
    assert quarantined == [{"game": "unknown"}]
    sheets = json.loads(run("stats", "--game", "RASPISNOY_SHEET", "--json", "--warehouse", wh).stdout)
    assert sheets == json.loads(run("stats", "--game", "raspisnoy", "--json", "--warehouse", wh).stdout)
    sheets = sheets["player_stats_raspisnoy"]
    # each player of the two sheets: his all-time rows (one a club) count the sheets he played
    counted_games: dict[str, int] = {}
    for row in sheets:
        if row["season_kind"] == "all":
            counted_games[row["player"]] = counted_games.get(row["player"], 0) + row["count_games"]
    played = json.loads(run("query", "select player, count(*) as n from game_players join games using (game_id) "
                                     "where games.game = 'raspisnoy_sheet' group by all", "--json", "--warehouse", wh).output)
    assert counted_games == {row["player"]: row["n"] for row in played}
    assert "raspisnoy_sheet shows the raspisnoy statistics" in re.sub(r"\s+", " ", run("stats", "--help").output)
    holdem = run("stats", "--game", "Holdem", "--json", "--warehouse", wh)
    assert holdem.exit_code == 0
    assert {row["game"] for row in json.loads(holdem.stdout)["player_stats_holdem"]} == {"holdem"}
    assert run("audit", "--game", "HOLDEM", "--warehouse", wh).exit_code == 0
    unknown = run("audit", "--game", "poker", "--warehouse", wh)
    assert unknown.exit_code == 2 and "The games: " in unknown.output and "unknown" not in unknown.output


def test_the_compile_notice_takes_a_line_of_its_own_below_a_progress_bar():
    # in a terminal the notice was written after the bar's text, on its line: "…0/21 [00:00<?, ?file/s]compiling…"
    from numba.core import event
    from tqdm import tqdm

    from pipeline.kernels import CompileWatch

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    def kernel():
        pass

    class Dispatcher:
        py_func = kernel

    out = Terminal()
    bar = tqdm(total=21, unit="file", file=out)
    watch = CompileWatch(out=out, every=60)
    watch.on_start(event.Event("numba:compile", event.EventStatus.START, data={"dispatcher": Dispatcher()}))
    watch.on_end(event.Event("numba:compile", event.EventStatus.END, data={"dispatcher": Dispatcher()}))
    bar.close()
    drawn, rest = out.getvalue().split("\r\x1b[K", 1)
    assert "0/21" in drawn and "compiling" not in drawn          # the bar, then back to its line's start, cleared
    assert rest.startswith("compiling the kernels this input needs, once… (they are cached for the next runs)\n")


def test_small_messages_a_hand_number_with_its_hash_an_empty_quarantine_and_a_missing_path(tmp_path, holdem_wh):
    wh = str(holdem_wh)
    log = SAMPLES / "pokerstars-holdem.txt"
    # the log writes "Hand #N": show takes the number with its # as without it
    number = re.search(r"Hand #(\d+)", log.read_text(encoding="utf-8")).group(1)
    with pipeline.warehouse.connect(holdem_wh) as con:
        game_id, = con.execute("select game_id from holdem_results where hand_id = $h", {"h": number}).fetchone()
    for given in (number, f"#{number}", f" #{number} "):
        shown = run("show", given, "--warehouse", wh)
        assert shown.exit_code == 0 and shown.output.startswith(f"holdem game {game_id}: "), given
    # nothing quarantined: said in words, with --text too (an empty box, or nothing at all, before)
    for extra in ((), ("--text",)):
        held = run("quarantine", *extra, "--warehouse", wh)
        assert (held.exit_code, held.output) == (0, "Nothing is in quarantine.\n"), extra
    assert json.loads(run("quarantine", "--json", "--warehouse", wh).stdout) == []
    # an ingest of a path that does not exist makes no warehouse at a new --warehouse
    typo = tmp_path / "typo-wh"
    missing = run("ingest", str(tmp_path / "nope"), "--warehouse", str(typo))
    assert missing.exit_code == 1 and not typo.exists()
    assert "  Check the paths that do not exist (quote one that has spaces).\n" in missing.output
    assert run("stats", "--warehouse", str(typo)).output.startswith(f"Error: No warehouse at {str(typo)!r}.")


def test_a_table_setting_no_stored_game_names_is_kept_with_a_note_naming_the_close_tables(tmp_path):
    from tests.test_holdem_limit_cap_setting import HAND

    wh, log = tmp_path / "wh", tmp_path / "limit.txt"
    log.write_text(HAND, encoding="utf-8")
    typo = run("ingest", str(log), "--warehouse", str(wh), "-q", "--rules", "table Tverskaya 1: cap_heads_up")
    assert typo.exit_code == 0
    assert typo.stderr == ("Note: no stored game was played at the table 'Tverskaya 1'. Did you mean 'Tverskaya I'? "
                           "The setting is kept for its games read later (a table is matched as its header writes "
                           "it).\n")
    right = run("ingest", str(log), "--warehouse", str(wh), "-q", "--rules", "table Tverskaya I: cap_heads_up")
    assert right.exit_code == 0 and right.stderr == ""


def test_an_ingest_summary_counts_the_quarantine_reasons_past_the_tenth_on_a_line(tmp_path):
    # twelve games, each quarantined for a reason of its own: ten reasons shown, and the two
    # left out were not said at all (the lines shown added up to 10 of 12)
    unsupported = ["Omaha Pot Limit", "Razz Limit", "7 Card Stud Limit", "5 Card Draw No Limit", "Badugi Limit",
                   "Omaha Hi/Lo Pot Limit", "2-7 Triple Draw Limit"]
    games = [f"PokerStars Hand #25000000{number:04d}: {game} ($1/$2 USD) - 2024/01/02 3:04:05 ET\n"
             "Table 'T' 6-max Seat #1 is the button\nSeat 1: A ($100 in chips)\n"
             for number, game in enumerate(unsupported)]
    games += [f"{header}\nSeat 1: A ($10)\n" for header in (
        "Full Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em", "Run It Once Poker Hand #2: x",
        "PokerMaster Hand #3: x", "PokerBros Hand #4: x", "Hand #5-6 - x")]
    log = tmp_path / "twelve.txt"
    log.write_text("\n\n".join(games), encoding="utf-8")
    result = run("ingest", str(log), "--warehouse", str(tmp_path / "wh"), "-q", "-j", "1")
    assert result.exit_code == 1
    reasons = [line for line in result.stdout.splitlines() if line.startswith("  quarantined ")]
    assert len(reasons) == 11
    assert all(line.startswith("  quarantined     1 × ") for line in reasons[:10])
    # the last two reasons met (ties keep the order met): PokerBros' and Merge's, one game each
    assert reasons[10] == ("  quarantined     2 × 2 other reasons (`rasklad quarantine --all` lists every game "
                           "with its reason; `ingest --json` counts every reason)")
    assert not any("PokerBros" in line or "Merge" in line for line in reasons)


def test_every_command_exits_2_for_what_no_warehouse_could_answer_and_1_for_what_this_one_lacks(
        tmp_path, holdem_wh):
    """One rule of exit codes (docs/warehouse.md): a game, rule ID, setting or value Rasklad does
    not know, or options that contradict each other, is a usage error (2), as click's own are;
    a name this warehouse does not hold is the data's answer (1). `stats --game holdm`,
    `audit --game`, `generate` and `settings rate EUR USD abc` exited 1, `ingest --rules bogus` 2."""
    wh = str(copy_of(holdem_wh, tmp_path / "wh"))
    usage = [("stats", "-w", wh, "--game", "holdm"), ("stats", "-w", wh, "--limit", "0"),
             ("audit", "-w", wh, "--game", "nope"), ("audit", "-w", wh, "--rule", "XX-NOPE"),
             ("generate", "chineze"), ("generate", "chinese", "-o", "player=4"),
             ("generate", "chinese", "-o", "players=x"), ("generate", "chinese", "-o", "players"),
             ("settings", "-w", wh, "rate", "EUR", "USD", "abc"), ("settings", "-w", wh, "rate", "EUR", "USD"),
             ("settings", "-w", wh, "rate", "EUR", "EUR", "2"),
             ("settings", "-w", wh, "rate", "EUR", "USD", "2", "-w", str(tmp_path / "other")),
             ("settings", "-w", wh, "rules", "bogus", "--remove"), ("settings", "-w", wh, "rules", "no_limit"),
             ("ingest", str(tmp_path), "-w", wh, "--rules", "bogus"), ("house-edge", "-w", wh, "--rules", "bogus 3"),
             ("export", "--format", "xml", "-w", wh), ("query", "-w", wh, "--json", "--csv", "select 1"),
             ("alias", "-w", wh, "--remove"), ("alias", "-w", wh, "Anna"), ("forget", "-w", wh, "--undo", "--gone", wh)]
    data = [("stats", "-w", wh, "--player", "Nobody"), ("stats", "-w", wh, "--site", "Nowhere"),
            ("audit", "-w", wh, "--site", "Nowhere"), ("show", "-w", wh, "deadbeef"),
            ("export", "--format", "phh", "-w", wh, "--player", "Nobody", "--out", str(tmp_path / "out")),
            ("reaudit", "-w", wh, "--game", "deadbeef"), ("query", "-w", wh, "select * from nope"),
            ("alias", "-w", wh, "--remove", "Nobody"), ("settings", "-w", wh, "rate", "EUR", "USD", "--remove"),
            ("forget", "-w", wh, str(tmp_path / "nothing-read-here.txt"))]
    codes = {args: run(*args).exit_code for args in usage + data}
    assert codes == {**{args: 2 for args in usage}, **{args: 1 for args in data}}
    with pipeline.warehouse.connect(wh) as con:    # nothing was changed by any of them
        assert con.execute("select count(*) from settings").fetchone()[0] == 0


def test_a_warehouse_path_duckdb_cannot_open_where_the_locale_is_not_utf8_is_said_in_words(tmp_path, night_wh):
    """With the locale POSIX, its coercion and Python's UTF-8 mode off, DuckDB refused a warehouse
    path that is not ASCII with `RuntimeError: std::bad_cast`, and the commands printed a traceback."""
    import os
    import subprocess
    import sys

    warehouse = copy_of(night_wh, tmp_path / "склад 2")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", "LC_ALL": "POSIX",
           "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    for command in (["audit"], ["settings", "rate", "EUR", "USD", "1.08"]):
        done = subprocess.run([sys.executable, "-m", "pipeline.cli", *command, "-w", str(warehouse)], cwd=ROOT, env=env,
                              capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
        said = done.stderr.decode("utf-8")
        assert (done.returncode, done.stdout) == (1, b""), said
        assert said == (f"Error: The warehouse '{warehouse}' cannot be opened in this process: DuckDB and Arrow take a "
                        "path that is not ASCII in a UTF-8 locale or with Python's UTF-8 mode only, and the locale here "
                        "is 'C' (ascii) with the UTF-8 mode off.\n  Run it with PYTHONUTF8=1 set (or in a UTF-8 locale, "
                        "such as LC_ALL=C.UTF-8), or name a warehouse whose path is ASCII with --warehouse.\n"), command
    # as it says: the same locale with Python's UTF-8 mode on reads it, and nothing was changed
    read = subprocess.run([sys.executable, "-m", "pipeline.cli", "settings", "-w", str(warehouse), "--json"], cwd=ROOT,
                          env={**env, "PYTHONUTF8": "1"}, capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    assert (read.returncode, json.loads(read.stdout)) == (0, [])
