"""What scripts read from the command line: every --json is one valid JSON document (no NaN, the
same keys with rows or without), every DuckDB type a query gives is printed in each output,
and a value reads the same in a table, CSV and JSON (real click runs, real warehouses)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from tests.conftest import SAMPLES
from tests.test_cli_output import chinese_hands_by_player

CHINESE = SAMPLES / "chinese-night.txt"
WRONG_CLAIMS = SAMPLES / "chinese-wrong-claims.txt"
STATISTICS_TABLES = {"player_stats_holdem", "player_stats_raspisnoy", "player_stats_chinese",
                     "player_stats_sixcard", "player_stats_tournaments"}


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def strict_json(text: str):
    """``text`` read as RFC 8259 JSON: NaN and Infinity, which Python reads by default, refused."""
    def refuse(constant: str):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=refuse)


def table_rows(output: str) -> list[list[str]]:
    """The cells of each row (the header's first) of the table in ``output``."""
    return [[cell.strip() for cell in line.strip("│ ").split("┆")] for line in output.splitlines()
            if line.startswith("│")]


@pytest.fixture(scope="module")
def chinese_warehouse(tmp_path_factory) -> str:
    """The Chinese sample night only: no Hold'em, raspisnoy, six-card or tournament rows."""
    wh = tmp_path_factory.mktemp("chinese") / "wh"
    assert run("ingest", str(CHINESE), "--warehouse", str(wh), "-q").exit_code == 0
    return str(wh)


@pytest.fixture(scope="module")
def findings_warehouse(tmp_path_factory) -> str:
    wh = tmp_path_factory.mktemp("findings") / "wh"
    run("ingest", str(WRONG_CLAIMS), "--warehouse", str(wh), "-q")
    return str(wh)


def test_stats_json_is_one_document_keyed_by_statistics_table(chinese_warehouse):
    # four bare arrays were printed one after another, unnamed, their number depending on the data
    result = run("stats", "--json", "--warehouse", chinese_warehouse)
    assert result.exit_code == 0
    document = strict_json(result.stdout)
    assert set(document) == STATISTICS_TABLES
    assert {name: rows for name, rows in document.items() if name != "player_stats_chinese"} == {
        name: [] for name in STATISTICS_TABLES - {"player_stats_chinese"}}
    # the Chinese rows are the players' hands, counted from the sample's text (one row per player and scoring)
    hands = chinese_hands_by_player()
    assert {(row["player"], row["scoring"]): row["count_hands"] for row in document["player_stats_chinese"]} == hands
    # a filter that matches nothing: the same document, empty, not an empty stdout
    holdem = run("stats", "--json", "--game", "holdem", "--warehouse", chinese_warehouse)
    assert (holdem.exit_code, strict_json(holdem.stdout)) == (0, {"player_stats_holdem": []})
    player = min(hands)[0]
    mine = strict_json(run("stats", "--json", "--player", player, "--warehouse", chinese_warehouse).stdout)
    assert set(mine) == STATISTICS_TABLES and mine["player_stats_holdem"] == []
    assert {row["player"] for row in mine["player_stats_chinese"]} == {player}


def test_audit_json_says_on_stderr_how_many_findings_it_left_out(findings_warehouse):
    # --json stopped at the limit without a word, where quarantine --json says it on stderr
    every = run("audit", "--json", "--all", "--warehouse", findings_warehouse)
    total = len(strict_json(every.stdout))
    assert total >= 2 and every.stderr == ""
    cut = run("audit", "--json", "--limit", "1", "--warehouse", findings_warehouse)
    assert len(strict_json(cut.stdout)) == 1
    assert cut.stderr == f"1 of {total} shown; --limit N or --all shows more\n"


# (the SQL, the table's cell, the CSV's cell, the JSON value) of each kind of DuckDB value
TYPES = {
    "interval": ("interval 3 minute", "00:03:00", "00:03:00", "00:03:00"),
    "interval of days": ("timestamp '2024-01-03 11:00:00' - timestamp '2024-01-01 08:00:00'", "2 days 03:00:00",
                         "2 days 03:00:00", "2 days 03:00:00"),
    "list of intervals": ("[interval 50 hour]", "['50:00:00']", "['50:00:00']", "['50:00:00']"),
    "time": ("time '10:11:12'", "10:11:12", "10:11:12", "10:11:12"),
    "time with time zone": ("timetz '10:11:12+02'", "10:11:12+02", "10:11:12+02", "10:11:12+02"),
    "uuid": ("'6f1c6a62-5b0e-4b8e-9a39-1f2d3c4b5a69'::uuid", "6f1c6a62-5b0e-4b8e-9a39-1f2d3c4b5a69",
             "6f1c6a62-5b0e-4b8e-9a39-1f2d3c4b5a69", "6f1c6a62-5b0e-4b8e-9a39-1f2d3c4b5a69"),
    "blob": ("'ab'::blob", "ab", "ab", "ab"),
    "list": ("[1, 2]", "[1, 2]", '"[1, 2]"', [1, 2]),
    "struct": ("{'a': 1, 'b': 'x'}", '{"a": 1, "b": "x"}', '"{""a"": 1, ""b"": ""x""}"', {"a": 1, "b": "x"}),
    "map": ("map(['k'], [2])", '{"k": 2}', '"{""k"": 2}"', {"k": 2}),
    "hugeint": ("12::hugeint", "12", "12", 12),
    # 39 digits were cut to 38 (…105730 in E notation, a JSON string), and a UHUGEINT from 2^127 on turned negative
    "hugeint of 39 digits": ("170141183460469231731687303715884105727::hugeint", str(2**127 - 1), str(2**127 - 1),
                             2**127 - 1),
    "lowest hugeint": ("-170141183460469231731687303715884105727::hugeint", str(1 - 2**127), str(1 - 2**127),
                       1 - 2**127),
    "uhugeint of 2^127": ("1::uhugeint << 127", str(2**127), str(2**127), 2**127),
    "largest uhugeint": ("340282366920938463463374607431768211455::uhugeint", str(2**128 - 1), str(2**128 - 1),
                         2**128 - 1),
    "list of hugeints": ("[1::uhugeint << 127]", f"[{2**127}]", f"[{2**127}]", [2**127]),
    # a FLOAT (REAL) is the shortest text that reads back as it, 0.1, where JSON and a list said the double
    # it widens to, 0.10000000149011612
    "float": ("0.1::float", "0.1", "0.1", 0.1),
    "list of floats": ("[0.1::float, 2.5::float]", "[0.1, 2.5]", '"[0.1, 2.5]"', [0.1, 2.5]),
    "array of floats": ("[0.1, 0.7]::float[2]", "[0.1, 0.7]", '"[0.1, 0.7]"', [0.1, 0.7]),
    "struct of a float and a uhugeint": ("{'f': 0.1::float, 'u': 1::uhugeint << 127}", f'{{"f": 0.1, "u": {2**127}}}',
                                         f'"{{""f"": 0.1, ""u"": {2**127}}}"', {"f": 0.1, "u": 2**127}),
    "map to floats": ("map(['k'], [0.1::float])", '{"k": 0.1}', '"{""k"": 0.1}"', {"k": 0.1}),
    "decimal": ("12.5::decimal(18, 2)", "12.50", "12.50", "12.50"),
    "timestamp_ns": ("'2024-01-02 08:04:05.123456789'::timestamp_ns", "2024-01-02 08:04:05.123456789",
                     "2024-01-02 08:04:05.123456789", "2024-01-02 08:04:05.123456789"),
    "union": ("union_value(k := 7)", "7", "7", "7"),
    "bit": ("'101'::bit", "101", "101", "101"),
}


@pytest.mark.parametrize("kind", TYPES)
def test_query_prints_every_duckdb_type_in_every_output(kind, chinese_warehouse, monkeypatch):
    # an INTERVAL (a session's length: max(played_at) - min(played_at)) ended in polars' traceback
    sql, cell, csv_cell, json_value = TYPES[kind]
    monkeypatch.setenv("COLUMNS", "200")
    query = f"select {sql} as v"
    table = run("query", query, "--warehouse", chinese_warehouse)
    assert (table.exit_code, table_rows(table.stdout)) == (0, [["v"], [cell]])
    csv = run("query", query, "--csv", "--warehouse", chinese_warehouse)
    assert (csv.exit_code, csv.stdout) == (0, f"v\n{csv_cell}\n")
    as_json = run("query", query, "--json", "--warehouse", chinese_warehouse)
    assert (as_json.exit_code, strict_json(as_json.stdout)) == (0, [{"v": json_value}])


def test_query_json_gives_null_for_nan_and_infinity(chinese_warehouse):
    # a rate of a player with no opportunity (0 / 0 of the count_* columns) printed NaN, which no JSON has
    result = run("query", "select 0::double / 0 as rate, 1 / 0 as above, ln(0) as below, 0.5::double as half", "--json",
                 "--warehouse", chinese_warehouse)
    assert strict_json(result.stdout) == [{"rate": None, "above": None, "below": None, "half": 0.5}]


def test_query_json_gives_integer_sums_as_numbers_and_amounts_as_exact_text(chinese_warehouse):
    # sum() of integers is DuckDB's HUGEINT, and it came out as the text "10"
    result = run("query", "select sum(range) as total, count(*) as rows, sum(range * 1.25::decimal(18, 2)) as amount "
                 "from range(5)", "--json", "--warehouse", chinese_warehouse)
    # 0+1+2+3+4 = 10 over 5 rows; 10 × 1.25 = 12.50, kept to the cent as text
    assert strict_json(result.stdout) == [{"total": 10, "rows": 5, "amount": "12.50"}]


def test_query_writes_a_time_and_a_float_alike_in_table_csv_and_json(chinese_warehouse, monkeypatch):
    # CSV wrote 2024-01-02T08:04:05.000000 where the table and JSON say 2024-01-02 08:04:05, and the
    # table rounded 17/9 to 1.888889 where CSV and JSON print every digit of the double
    query = "select timestamp '2024-01-02 08:04:05' as at, 17 / 9 as ratio"
    monkeypatch.setenv("COLUMNS", "200")
    assert table_rows(run("query", query, "--warehouse", chinese_warehouse).stdout) == [
        ["at", "ratio"], ["2024-01-02 08:04:05", "1.8888888888888888"]]
    assert run("query", query, "--csv", "--warehouse", chinese_warehouse).stdout == (
        "at,ratio\n2024-01-02 08:04:05,1.8888888888888888\n")
    assert strict_json(run("query", query, "--json", "--warehouse", chinese_warehouse).stdout) == [
        {"at": "2024-01-02 08:04:05", "ratio": 1.8888888888888888}]
    # the block layout of a table wider than the terminal says them so too
    monkeypatch.setenv("COLUMNS", "20")
    blocks = run("query", query + ", 'a note wider than twenty columns' as note", "--warehouse", chinese_warehouse)
    assert blocks.stdout.splitlines()[:2] == ["at:    2024-01-02 08:04:05", "ratio: 1.8888888888888888"]


def test_alias_json_lists_a_persons_names_and_says_the_link_made(tmp_path):
    # --json was taken and ignored when linking; --list joined the names with ', ' into one text, which a
    # screen name holding ', ' and '(' cannot be split back from
    wh = tmp_path / "wh"
    assert run("ingest", str(CHINESE), "--warehouse", str(wh), "-q").exit_code == 0
    odd = "Fi: [x] ($), Anna (x)"
    linked = run("alias", "Anna", odd, "--json", "--warehouse", str(wh))
    assert linked.exit_code == 0
    assert strict_json(linked.stdout) == {"person": "Anna", "names": [{"name": "Anna", "site": None},
                                                                      {"name": odd, "site": None}]}
    people = {row["person"]: row for row in strict_json(run("alias", "--list", "--json", "--warehouse", str(wh)).stdout)}
    assert people["Anna"]["names"] == [{"name": "Anna", "site": None}, {"name": odd, "site": None}]
    me = run("alias", "Anna", "--me", "--json", "--warehouse", str(wh))
    assert strict_json(me.stdout) == {"person": "Anna", "is_me": True}


def test_settings_json_before_or_after_the_subcommand_prints_the_setting(tmp_path):
    # `settings --json rate …` printed "1 EUR = 1.09 USD"
    wh = tmp_path / "wh"
    assert run("ingest", str(CHINESE), "--warehouse", str(wh), "-q").exit_code == 0
    before = run("settings", "--warehouse", str(wh), "--json", "rate", "EUR", "USD", "1.09")
    assert (before.exit_code, strict_json(before.stdout)) == (0, {"name": "rate EUR USD", "value": "1.09"})
    after = run("settings", "--warehouse", str(wh), "rate", "EUR", "USD", "1.08", "--json")
    assert (after.exit_code, strict_json(after.stdout)) == (0, {"name": "rate EUR USD", "value": "1.08"})
    listed = strict_json(run("settings", "--json", "--warehouse", str(wh)).stdout)
    assert {"name": "rate EUR USD", "value": "1.08"} in listed
    removed = run("settings", "--warehouse", str(wh), "--json", "rate", "EUR", "USD", "--remove")
    assert strict_json(removed.stdout) == {"name": "rate EUR USD", "value": None}
    # a rule setting an ingest kept: for a room none of the stored games was played in, so none is judged again
    assert run("ingest", str(CHINESE), "--warehouse", str(wh), "-q", "--rules", "room WINAMAX: limit_cap_3").exit_code == 0
    rules = run("settings", "--json", "--warehouse", str(wh), "rules", "room Winamax: limit_cap_3", "--remove")
    assert (rules.exit_code, strict_json(rules.stdout)) == (0, {
        "removed": ["room Winamax: limit_cap_3"], "judged_again": 0, "findings": 0, "sent_to_quarantine": []})


# a command line of each command that takes --json, failing: `forget --undo`, `show`, `stats`, `alias` … printed
# nothing on stdout, where ingest and forget print what they did, and a script parsing stdout failed on it
FAILING = {
    "audit": ["audit", "--json", "--rule", "NOPE"],
    "stats": ["stats", "--json", "--player", "Nobody"],
    "query": ["query", "--json", "select nope"],
    "show": ["show", "--json", "nosuchid"],
    "alias": ["alias", "--json", "--remove", "Nobody"],
    "settings": ["settings", "--json", "rate", "EUR", "USD", "abc"],
    "settings rules": ["settings", "rules", "room Winning: no_limit", "--remove", "--json"],
    "forget --undo": ["forget", "--undo", "--json", "/nonexist"],
    "reaudit": ["reaudit", "--json", "--since", "zzz"],
    "export": ["export", "--json", "--format", "phh", "--player", "Nobody"],
    "house-edge": ["house-edge", "--json", "--rules", "nonsense"],
}


@pytest.mark.parametrize("command", FAILING)
def test_an_error_under_json_prints_one_document_naming_it(command, chinese_warehouse, tmp_path):
    args = [*FAILING[command], "--warehouse", chinese_warehouse]
    if command == "export":
        args += ["--out", str(tmp_path / "out")]
    result = run(*args)
    assert result.exit_code in (1, 2)
    # the words of the error, as stderr says them after "Error: " (a usage error prints its usage before)
    said = result.stderr.split("Error: ", 1)[1].rstrip("\n")
    assert strict_json(result.stdout) == {"error": said}


def test_ingest_and_forget_print_what_they_did_under_json_when_they_fail(chinese_warehouse, tmp_path):
    ingested = run("ingest", "--json", str(tmp_path / "nonexist"), "--warehouse", chinese_warehouse)
    assert ingested.exit_code == 1 and "Error: " in ingested.stderr
    assert list(strict_json(ingested.stdout)["files_unreadable"]) == [str(tmp_path / "nonexist")]
    forgot = run("forget", "--json", str(tmp_path / "nonexist"), "--warehouse", chinese_warehouse)
    assert forgot.exit_code == 1 and "Error: " in forgot.stderr
    document = strict_json(forgot.stdout)
    assert (document["files"], document["unmatched"]) == ([], [str(tmp_path / "nonexist")])
