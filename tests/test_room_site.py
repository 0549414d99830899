"""The room column: each reader says its site, games.site stores it, the Hold'em statistics are
per site and player, and `rasklad stats` and `rasklad audit` filter by site."""

from __future__ import annotations

import json
from decimal import Decimal as D

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from parsers.errors import UnstatedRule
from parsers.formats import FORMATS, parse_chunk
from parsers.source import decode, split
from pipeline.cli import main
from pipeline.table_rules import RuleSettings
from pipeline.tables import SCHEMAS
from pipeline.warehouse import Warehouse, connect
from pipeline.worker import WARM_UP

# Anna plays on PokerStars and on GGPoker: two accounts. On PokerStars she wins Boris's big
# blind, 1; on GGPoker she loses her small blind, 0.05.
POKERSTARS = """PokerStars Hand #1: Hold'em No Limit ($0.50/$1 USD) - 2026/01/02 3:04:05 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Anna: posts small blind $0.50
Boris: posts big blind $1
*** HOLE CARDS ***
Anna: raises $2 to $3
Boris: folds
Uncalled bet ($2) returned to Anna
Anna collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: Anna (button) (small blind) collected ($2)
Seat 2: Boris (big blind) folded before Flop
"""

GGPOKER = """Poker Hand #HD2: Hold'em No Limit ($0.05/$0.1) - 2026/01/02 03:05:05
Table 'NLHWhite1' 6-max Seat #1 is the button
Seat 1: Anna ($10 in chips)
Seat 2: Vera ($10 in chips)
Anna: posts small blind $0.05
Vera: posts big blind $0.1
*** HOLE CARDS ***
Dealt to Anna
Dealt to Vera
Anna: folds
Uncalled bet ($0.05) returned to Vera
*** SHOWDOWN ***
Vera collected $0.1 from pot
*** SUMMARY ***
Total pot $0.1 | Rake $0 | Jackpot $0 | Bingo $0
Seat 1: Anna (button) (small blind) folded before Flop
Seat 2: Vera (big blind) collected ($0.1)
"""

# Winamax: Gleb collects 0.20€ more than the 3€ pot holds (an error finding, HE-POT-BALANCE).
WINAMAX = """Winamax Poker - CashGame - HandId: #3-3-3 - Holdem no limit (1€/2€) - 2026/01/02 03:06:06 UTC
Table: 'Paris' 5-max (real money) Seat #1 is the button
Seat 1: Gleb (100€)
Seat 2: Dasha (100€)
*** ANTE/BLINDS ***
Gleb posts small blind 1€
Dasha posts big blind 2€
*** PRE-FLOP ***
Gleb folds
Dasha collected 3.20€ from pot
*** SUMMARY ***
Total pot 3.20€ | No rake
Seat 2: Dasha (big blind) won 3.20€
"""


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def ingest(tmp_path):
    (tmp_path / "hands").mkdir()
    for name, text in (("stars.txt", POKERSTARS), ("gg.txt", GGPOKER), ("wina.txt", WINAMAX)):
        (tmp_path / "hands" / name).write_text(text, encoding="utf-8")
    warehouse = tmp_path / "wh"
    run("ingest", str(tmp_path / "hands"), "--warehouse", str(warehouse))
    return warehouse


def test_site_is_stored_per_game_and_statistics_are_per_site_and_player(tmp_path):
    warehouse = ingest(tmp_path)
    with connect(warehouse) as con:
        sites = dict(con.execute("select source_file like '%gg.txt' as gg, site from games "
                                 "where source_file like '%gg.txt' or source_file like '%stars.txt'").fetchall())
        anna = con.execute("select site, count_hands, net_won from player_stats_holdem where player = 'Anna' "
                           "order by site").fetchall()
        winamax = con.execute("select distinct site from games where source_file like '%wina.txt'").fetchall()
    assert sites == {True: "GGPoker", False: "PokerStars"}
    assert winamax == [("Winamax",)]
    assert anna == [("GGPoker", 1, D("-0.05")), ("PokerStars", 1, D("1.00"))]


def test_stats_and_audit_filter_by_site(tmp_path):
    warehouse = ingest(tmp_path)
    result = run("stats", "--warehouse", str(warehouse), "--site", "ggpoker", "--json")
    document = json.loads(result.stdout)    # the statistics tables that have a site: no tournament was read
    assert document["player_stats_tournaments"] == []
    rows = document["player_stats_holdem"]
    assert {(r["player"], r["site"]) for r in rows} == {("Anna", "GGPoker"), ("Vera", "GGPoker")}
    findings = json.loads(run("audit", "--warehouse", str(warehouse), "--site", "Winamax", "--json").stdout)
    assert findings and {f["rule_id"] for f in findings} >= {"HE-POT-BALANCE"}
    assert json.loads(run("audit", "--warehouse", str(warehouse), "--site", "GGPoker", "--json").stdout) == []
    unknown = run("stats", "--warehouse", str(warehouse), "--site", "PartyPoker")
    assert unknown.exit_code != 0
    assert "No stored game was played on the site 'PartyPoker'" in unknown.output
    assert "GGPoker, PokerStars, Winamax" in unknown.output


def test_a_placeholder_from_before_the_site_column_is_relaid_with_it(tmp_path):
    old = SCHEMAS["games"].remove(SCHEMAS["games"].get_field_index("site"))
    placeholder = tmp_path / "wh" / "games" / "game=_none" / "empty.parquet"
    placeholder.parent.mkdir(parents=True)
    pq.write_table(old.empty_table(), placeholder)
    with Warehouse(tmp_path / "wh").open():
        pass
    # the views read every part by name: a warehouse of older parts still has a site column
    assert "site" in pq.read_schema(placeholder).names


SITES = {"pokerstars": "PokerStars", "ggpoker": "GGPoker", "winamax": "Winamax", "pacific": "888poker",
         "bovada": "Bovada", "partypoker": "PartyPoker", "winning": "Winning", "winning_older": "Winning",
         "ipoker": "iPoker"}


def _read(chunk, file: str):
    """A chunk's hand; one of a text that names no betting structure read as no-limit, as set."""
    try:
        return parse_chunk(chunk, file)
    except UnstatedRule as unstated:
        return RuleSettings.of(["no_limit"], [file]).apply(unstated, file)


@pytest.mark.parametrize(("fmt", "site"), sorted(SITES.items()))
def test_each_holdem_reader_names_its_site(fmt, site):
    text = decode((WARM_UP / f"{fmt}.txt").read_bytes())
    hands = [_read(chunk, f"{fmt}.txt") for chunk in split(text) if chunk.format == fmt]
    assert hands and {hand.info.site for hand in hands} == {site}


def test_every_holdem_format_is_given_a_site():
    assert {fmt.name for fmt in FORMATS if fmt.game == "holdem"} == set(SITES)
