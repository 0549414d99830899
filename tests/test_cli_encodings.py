"""The command line writes to an output that is not UTF-8 (a redirect on a Russian Windows writes
cp1251) without failing: a character the encoding lacks (an emoji, U+FFFD, a box border, ``×``) is
written in a form it holds, the names it holds stay readable, and ``query --csv`` keeps every name
whole, as UTF-8 after a byte order mark (real processes, PYTHONIOENCODING=cp1251)."""

from __future__ import annotations

import codecs
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def chinese_hand(number: str, first: str, third: str = "Вера", first_in_hand: str | None = None) -> str:
    """The Chinese poker example of docs/formats.md with Cyrillic players: the first wins 9 points,
    Борис loses 1 and the third 8."""
    return (f"Chinese poker hand {number}\nScoring: 1-6\nPlayers: {first}, Борис, {third}\n"
            f"{first_in_hand or first}: back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]\n"
            "Борис: back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 2h]\n"
            f"{third}: back [As Ad Ac 5d 5c] middle [Td Tc 8d 8h 4d] front [Kc 6c 2c]\n"
            f"Points: {first} +9, Борис -1, {third} -8\n")


def rasklad(*args: str, encoding: str | None = "cp1251") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONUTF8", None)
    env.pop("PYTHONIOENCODING", None)
    env["COLUMNS"] = "400"    # tables as rows whatever the temporary paths' length (narrower, they print as records)
    if encoding:
        env["PYTHONIOENCODING"] = encoding
    return subprocess.run([sys.executable, "-m", "pipeline.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=300, check=False)


@pytest.fixture(scope="module")
def ingested(tmp_path_factory):
    """A warehouse of two stored games (players Лёва😀, Борис, Вера, and in the second Ве�ра, whose
    byte 0xFF no encoding reads) and one quarantined (its hand line names Лёва for Лёва😀), and
    the ingest's run in cp1251."""
    folder = tmp_path_factory.mktemp("logs")
    (folder / "a.txt").write_text(chinese_hand("E-1", "Лёва😀") + "\n"
                                  + chinese_hand("E-2", "Лёва😀", first_in_hand="Лёва"), encoding="utf-8")
    (folder / "b.txt").write_bytes(chinese_hand("E-3", "Лёва😀", third="Ве\udcffра").encode("utf-8", "surrogateescape"))
    warehouse = tmp_path_factory.mktemp("wh") / "wh"
    done = rasklad("ingest", str(folder), "-w", str(warehouse), "-j1", "-q")
    return warehouse, folder, done


def told(done: subprocess.CompletedProcess) -> str:
    """What a command printed in cp1251, read back; it never failed on a character."""
    assert b"Traceback" not in done.stderr and b"UnicodeEncodeError" not in done.stderr, done.stderr
    return done.stdout.decode("cp1251")


def test_the_ingest_summary_is_printed_whole(ingested):
    warehouse, folder, done = ingested
    assert done.returncode == 1     # a game quarantined, as in UTF-8
    lines = told(done).splitlines()
    assert lines[0].startswith("2 files (0 unchanged), 2 games stored, 0 already stored, 1 quarantined, 1 finding")
    assert lines[1] == "  quarantined     1 \\xd7 'Лёва' is not one of the players (Лёва\\U0001f600, Борис, Вера)"
    assert lines[2] == f"See them with: rasklad quarantine --warehouse {warehouse}"


def test_a_query_table_has_ascii_borders_and_the_names_cp1251_holds(ingested):
    warehouse = str(ingested[0])
    done = rasklad("query", "select player, net from game_players where net < 0 order by net, player", "-w", warehouse)
    assert done.returncode == 0
    assert told(done).splitlines() == [
        "+------------+-------+",
        "| player     | net   |",
        "+============+=======+",     # joined at the column break, as the top border
        "| Вера       | -8.00 |",
        "| Ве\\ufffdра | -8.00 |",
        "| Борис      | -1.00 |",
        "| Борис      | -1.00 |",
        "+------------+-------+"]


def test_query_csv_into_a_file_keeps_every_name_as_utf8_with_a_byte_order_mark(ingested):
    warehouse = str(ingested[0])
    done = rasklad("query", "select player, sum(net) as net from game_players group by all order by net, player", "--csv",
                   "-w", warehouse)
    assert done.returncode == 0 and not done.stderr
    assert done.stdout.startswith(codecs.BOM_UTF8)
    # Лёва😀 won 9 in each of the two stored games; Борис lost 1 in each; Вера and Ве�ра 8 once each
    assert done.stdout[3:].decode("utf-8") == "player,net\nВера,-8.00\nВе\ufffdра,-8.00\nБорис,-2.00\nЛёва😀,18.00\n"
    # where the output is UTF-8, as before: no mark
    plain = rasklad("query", "select player from game_players where player like 'Б%' limit 1", "--csv",
                    "-w", warehouse, encoding="utf-8")
    assert plain.stdout == "player\nБорис\n".encode()


def test_query_csv_bom_and_no_bom_decide_the_mark_whatever_the_output(ingested):
    # Excel in Python's UTF-8 mode on Windows, or on a Mac, reads a CSV without the mark in its own
    # code page: --bom writes it where the output is UTF-8; --no-bom leaves it out, the text UTF-8 still
    warehouse = str(ingested[0])
    sql = "select player from game_players where player like 'Б%' limit 1"
    marked = rasklad("query", sql, "--csv", "--bom", "-w", warehouse, encoding="utf-8")
    assert (marked.returncode, marked.stdout) == (0, codecs.BOM_UTF8 + "player\nБорис\n".encode())
    unmarked = rasklad("query", sql, "--csv", "--no-bom", "-w", warehouse)
    assert (unmarked.returncode, unmarked.stdout) == (0, "player\nБорис\n".encode())
    for flag in ("--bom", "--no-bom"):     # only a CSV has one: a table or JSON given it is a mistake
        refused = rasklad("query", sql, flag, "-w", warehouse, encoding="utf-8")
        assert refused.returncode == 2 and refused.stdout == b""
        assert f"Error: {flag} was given without --csv: only a CSV has a byte order mark." in refused.stderr.decode()


def test_query_csv_on_windows_is_marked_in_python_s_utf8_mode_too(ingested, monkeypatch):
    # without the mark, Excel on Windows read a UTF-8 CSV (PYTHONUTF8=1, or Python 3.15 on) in the
    # ANSI code page: Борис came out as Р‘РѕСЂРёСЃ
    from click.testing import CliRunner

    import pipeline.cli

    monkeypatch.setattr(pipeline.cli, "CSV_MARKED_BY_DEFAULT", True)
    sql = "select player from game_players where player like 'Б%' limit 1"
    for flags, mark in (((), codecs.BOM_UTF8), (("--no-bom",), b"")):
        done = CliRunner(charset="utf-8").invoke(pipeline.cli.main, ["query", sql, "--csv", *flags,
                                                                     "-w", str(ingested[0])])
        assert (done.exit_code, done.stdout_bytes) == (0, mark + "player\nБорис\n".encode()), flags


@pytest.mark.parametrize("command", [["stats", "--limit", "2"], ["quarantine"], ["show"]])
def test_stats_quarantine_and_show_print_in_cp1251(ingested, command):
    warehouse = str(ingested[0])
    if command == ["show"]:     # the game of b.txt
        found = rasklad("query", "select game_id from games where source_file like '%b.txt'", "--csv", "-w", warehouse)
        command = ["show", found.stdout.decode("utf-8-sig").split()[1]]
    done = rasklad(*command, "-w", warehouse)
    assert done.returncode == 0
    text = told(done)
    assert "Борис" in text and "Лёва\\U0001f600" in text
    if command[0] == "show":
        assert "3  Players: Лёва\\U0001f600, Борис, Ве\\ufffdра   \\u25c0 ROOM-ENCODING" in text
    if command[0] == "quarantine":
        assert "| chinese | 'Лёва' is not one of the players (Лёва\\U0001f600, Борис, Вера) |" in text
