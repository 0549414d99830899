"""What the command line prints of a big warehouse: the rows a table leaves out are counted and
the way to all of them named, stats lists me and the most played first, and long work shows
progress (real click runs, real warehouses in tmp_path)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from pipeline.cli import main
from tests.conftest import SAMPLES

CHINESE = SAMPLES / "chinese-night.txt"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def chinese_hands_by_player() -> Counter:
    """Hands per (player, scoring) of the Chinese sample, counted from its text: the grain of
    player_stats_chinese there (one variant, no site)."""
    counts: Counter = Counter()
    scoring = None
    for line in CHINESE.read_text(encoding="utf-8").splitlines():
        if line.startswith("Scoring: "):
            scoring = line.removeprefix("Scoring: ")
        elif line.startswith("Players: "):
            counts.update((player, scoring) for player in line.removeprefix("Players: ").split(", "))
    return counts


def table_rows(output: str) -> list[list[str]]:
    """The cells of each row (the header's first) of the tables in ``output``: polars' │ … ┆ … │ lines."""
    return [[cell.strip() for cell in line.strip("│ ").split("┆")] for line in output.splitlines()
            if line.startswith("│")]


def test_query_table_says_how_many_rows_it_left_out_and_how_to_get_them(tmp_path, monkeypatch):
    # polars printed rows 0-99, a bare "…" row and the last 100: nothing said 800 rows were missing
    wh = tmp_path / "wh"
    run("ingest", str(CHINESE), "--warehouse", str(wh), "-q")
    monkeypatch.setenv("COLUMNS", "200")
    shown = run("query", "select range as n from range(250)", "--warehouse", str(wh))
    assert shown.exit_code == 0
    numbers = [int(row[0]) for row in table_rows(shown.output)[1:]]     # (the first row is the header)
    assert numbers == list(range(200))      # the first 200, none skipped in the middle
    assert shown.output.endswith("└─────┘\n… and 50 rows more (--csv or --json prints every row)\n")
    # the block layout (a table wider than the terminal) says it the same way
    monkeypatch.setenv("COLUMNS", "20")
    blocks = run("query", "select range as n, 'some text wider than twenty' as note from range(250)",
                 "--warehouse", str(wh))
    assert blocks.output.count("note:") == 200
    assert blocks.output.endswith("\n\n… and 50 rows more (--csv or --json prints every row)\n")
    # the options named give every row
    every = run("query", "select range as n from range(250)", "--csv", "--warehouse", str(wh))
    assert every.output.splitlines() == ["n", *map(str, range(250))]
    assert len(json.loads(run("query", "select range as n from range(250)", "--json",
                              "--warehouse", str(wh)).output)) == 250
    # a result that fits says nothing more
    assert "rows more" not in run("query", "select range as n from range(200)", "--warehouse", str(wh)).output


def test_stats_lists_me_then_the_most_played_and_limit_shows_as_many_as_asked(tmp_path, monkeypatch):
    # 200 rows in name order left out the user's own; --all did not lift the cap and no --limit existed
    wh = tmp_path / "wh"
    run("ingest", str(CHINESE), "--warehouse", str(wh), "-q")
    monkeypatch.setenv("COLUMNS", "400")    # wide enough for the headline table
    hands = chinese_hands_by_player()
    most_played = sorted(hands, key=lambda key: (-hands[key], key))
    rest = "(--limit N or --all shows more; --json prints every row)"

    three = run("stats", "--game", "chinese", "--limit", "3", "--warehouse", str(wh))
    assert three.exit_code == 0
    rows = table_rows(three.output)
    assert rows[0][:5] == ["player", "game", "variant", "scoring", "count_hands"]
    assert [(row[0], row[3], int(row[4])) for row in rows[1:]] == [
        (player, scoring, hands[player, scoring]) for player, scoring in most_played[:3]]
    assert three.output.endswith(f"… and {len(hands) - 3} rows more {rest}\n")

    # me first (both of my rows, the more played first), whatever I played
    least = most_played[-1][0]
    assert run("alias", least, "--me", "--warehouse", str(wh)).exit_code == 0
    mine = sorted((key for key in hands if key[0] == least), key=lambda key: (-hands[key], key))
    rows = table_rows(run("stats", "--game", "chinese", "--limit", str(len(mine) + 1), "--warehouse", str(wh)).output)
    after_me = next(key for key in most_played if key[0] != least)
    assert [(row[0], row[3]) for row in rows[1:]] == [*mine, after_me]

    # --all: every column and every row; --limit still holds when given with it
    blocks = lambda output: re.findall(r"^player: +(\w+)$", output, flags=re.MULTILINE)  # noqa: E731
    every = run("stats", "--game", "chinese", "--all", "--warehouse", str(wh))    # (wider: a block per row)
    assert "rows more" not in every.output and len(blocks(every.output)) == len(hands)
    two = run("stats", "--game", "chinese", "--all", "--limit", "2", "--warehouse", str(wh)).output
    assert blocks(two) == [player for player, _ in [*mine, after_me][:2]]
    assert two.endswith(f"\n\n… and {len(hands) - 2} rows more {rest}\n")
    # --json: every row, unless --limit is given (then the rows left out are said on stderr)
    every_json = json.loads(run("stats", "--game", "chinese", "--json", "--warehouse", str(wh)).stdout)
    assert len(every_json["player_stats_chinese"]) == len(hands)
    two = run("stats", "--game", "chinese", "--json", "--limit", "2", "--warehouse", str(wh))
    assert [(row["player"], row["scoring"]) for row in json.loads(two.stdout)["player_stats_chinese"]] == [
        *mine, after_me][:2]
    # (--json is given, and --all does not lift a --limit given: only the limit can show more)
    assert two.stderr == (f"player_stats_chinese: … and {len(hands) - 2} rows more "
                          "(a larger --limit N shows more, and no --limit every row)\n")


def test_stats_help_and_readme_name_the_limit():
    from tests.test_cli import README

    helped = run("stats", "--help").output
    assert re.search(r"--limit INTEGER RANGE\s+At most this many rows of each mart", helped)
    assert "stats --limit" in README


def test_build_models_shows_the_progress_of_the_build_as_ingest_does(tmp_path, monkeypatch):
    # a full build ran 40 s over 150,000 hands and said nothing until its last line, while the same
    # build inside an ingest said every few seconds how far it was
    from pipeline.cli import _Progress
    from pipeline.models import models

    wh = tmp_path / "wh"
    run("ingest", str(CHINESE), "--warehouse", str(wh), "-q")
    monkeypatch.setattr(_Progress, "PROGRESS_EVERY", 0.0)   # a line for every model, not every 5 s
    built = run("build-models", "--full", "--warehouse", str(wh))
    assert built.exit_code == 0
    assert built.stderr.splitlines() == [f"building the statistics (SQL models): {count} so far, now {model.name}"
                                         for count, model in enumerate(models(), 1)]
    assert built.stdout.startswith(f"{len(models())} models built: ")
    quiet = run("build-models", "--full", "--quiet", "--warehouse", str(wh))
    assert quiet.exit_code == 0 and quiet.output == ""


BROKEN = "Full Tilt Poker Game #{number}: Table T - $1/$2 - No Limit Hold'em\nSeat 1: A ($10)\n"
"""A game no reader takes: quarantined, its ID its text's."""


def test_games_already_in_quarantine_are_counted_as_the_quarantine_lists_them(tmp_path):
    # a first import said "4 games already in quarantine" for texts found in two files of the run,
    # and every later one 190 where the quarantine listed 186: each file's copies were added up
    wh, logs = tmp_path / "wh", tmp_path / "logs"
    logs.mkdir()
    (logs / "a.txt").write_text(BROKEN.format(number=1) + "\n" + BROKEN.format(number=2), encoding="utf-8")
    (logs / "b.txt").write_text(BROKEN.format(number=1), encoding="utf-8")     # game 1 again, in another file
    quarantine_rows = lambda: json.loads(run("quarantine", "--json", "--warehouse", str(wh)).stdout)  # noqa: E731
    copy_line = ("  1 more copy of a game in quarantine in another file read: `rasklad quarantine` lists each "
                 "game once, where it was first quarantined\n")

    first = run("ingest", str(logs), "--warehouse", str(wh), "-j", "1")
    assert first.exit_code == 1
    assert len(quarantine_rows()) == 2      # games 1 and 2, each once
    assert first.stdout.startswith("2 files (0 unchanged), 0 games stored, 0 already stored, 2 quarantined, ")
    assert copy_line in first.stdout and "already in quarantine" not in first.stdout

    # later: both files unchanged (the run that reads nothing), then beside a new file (the readers' run)
    again = run("ingest", str(logs), "--warehouse", str(wh), "-j", "1")
    assert again.exit_code == 1
    assert again.stdout.startswith("2 files (2 unchanged), 0 games stored, 0 already stored, "
                                   "2 games already in quarantine, 0 quarantined, ")
    assert copy_line in again.stdout
    (logs / "c.txt").write_text(BROKEN.format(number=3), encoding="utf-8")
    more = json.loads(run("ingest", str(logs), "--warehouse", str(wh), "-j", "1", "--json").stdout)
    assert (more["files_unchanged"], more["already_quarantined"], more["quarantined"],
            more["quarantined_copies_elsewhere"]) == (2, 2, 1, 1)
    assert len(quarantine_rows()) == 2 + 1


def test_query_blocks_indent_each_line_of_a_value_and_wrap_a_value_without_spaces(tmp_path, monkeypatch):
    # the lines after a value's first started at column 0, where a line "y: …" of it read as a column, and
    # 70 x's ran past a terminal of 60 columns
    wh = tmp_path / "wh"
    run("ingest", str(CHINESE), "--warehouse", str(wh), "-q")
    monkeypatch.setenv("COLUMNS", "60")
    shown = run("query", "select 'line one' || chr(10) || 'y: line two' || chr(10) || '  three' as t, "
                "repeat('x', 70) as y", "--warehouse", str(wh))
    assert shown.exit_code == 0
    # the label is the longest column name and ': ' (3 places); 60 - 3 = 57 x's, then the other 13
    assert shown.stdout.splitlines() == [
        "t: line one",
        "   y: line two",
        "     three",       # (its own two spaces kept)
        "y: " + "x" * 57,
        "   " + "x" * 13,
    ]


def test_stats_rounds_its_rates_to_the_decimals_the_docs_name_and_query_prints_them_whole(tmp_path):
    # the README said every value of a table is printed whole, but stats rounds its rates
    from pipeline.cli import STATS_DECIMALS
    from tests.test_cli import README

    wh = tmp_path / "wh"
    run("ingest", str(CHINESE), "--warehouse", str(wh), "-q")
    shown = run("stats", "--game", "chinese", "--all", "--warehouse", str(wh)).output
    blocks = [dict(re.findall(r"^(\w+): +(.*)$", block, flags=re.MULTILINE)) for block in shown.split("\n\n")]
    foul_rates = {(block["player"], block["scoring"]): block["foul_rate"] for block in blocks if "foul_rate" in block}
    # Anna fouled 1 of her 7 hands at 1-6, Boris 1 of 4 at 2-4, Egor 1 of 6 at 1-6 (the sample's
    # fouls): 0.142857… 0.25 and 0.1666… to 3 places
    assert (foul_rates["Anna", "1-6"], foul_rates["Boris", "2-4"], foul_rates["Egor", "1-6"]) == ("0.143", "0.25", "0.167")
    assert foul_rates["Dasha", "1-6"] == "0.0"
    whole = run("query", "select foul_rate from player_stats_chinese where player = 'Anna' and scoring = '1-6'",
                "--csv", "--warehouse", str(wh)).output
    assert whole == f"foul_rate\n{1 / 7}\n"
    readme = " ".join(README.split())
    assert STATS_DECIMALS == 3 and "`rasklad stats`, a summary, shows each rate and average" in readme
    assert "rounded to 3 decimal places, half to even" in readme
    warehouse_doc = " ".join((Path(__file__).resolve().parents[1] / "docs" / "warehouse.md").read_text().split())
    assert "`rasklad stats` round only to show it (`stats` to 3 decimal places, half to even" in warehouse_doc
