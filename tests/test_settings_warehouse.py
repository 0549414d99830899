"""``rasklad settings``'s subcommands take the warehouse given to the group before their name.

``settings -w DIR rules … --remove`` looked for the default warehouse (data/warehouse) and
failed with "No warehouse at 'data/warehouse'", though ``settings --help`` lists ``-w`` and the
listing honours it; the same ``-w`` after the subcommand worked.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from pipeline.cli import WAREHOUSE_ENV, main
from tests.test_holdem_straight_order import HAND


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_settings_subcommands_honour_the_warehouse_given_before_them(tmp_path, monkeypatch):
    monkeypatch.delenv(WAREHOUSE_ENV, raising=False)
    log, wh = tmp_path / "short.txt", tmp_path / "wh"
    log.write_text(HAND, encoding="utf-8")
    assert run("ingest", str(log), "-w", str(wh), "-q", "--rules", "straight_beats_trips").exit_code == 0
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")    # no data/warehouse here: only the -w given can be meant

    def kept() -> dict[str, str]:
        rows = json.loads(run("settings", "-w", str(wh), "--json").stdout)
        return {row["name"]: row["value"] for row in rows}

    assert kept() == {f"rules file {log}": "straight_beats_trips"}
    rate = run("settings", "-w", str(wh), "rate", "EUR", "USD", "1.08")
    assert (rate.exit_code, rate.output) == (0, "1 EUR = 1.08 USD\n")
    assert kept() == {f"rules file {log}": "straight_beats_trips", "rate EUR USD": "1.08"}
    removed = run("settings", "-w", str(wh), "rules", f"file {log}: straight_beats_trips", "--remove")
    assert removed.exit_code == 0, removed.output
    assert removed.output.startswith(f"Removed the rule setting 'file {log}: straight_beats_trips'.\n")
    assert kept() == {"rate EUR USD": "1.08"}
    # the same warehouse on both sides is one; two different ones are refused, nothing changed
    again = run("settings", "-w", str(wh), "rate", "EUR", "USD", "--remove", "-w", str(wh))
    assert (again.exit_code, again.output) == (0, "No rate of EUR in USD any more.\n")
    two = run("settings", "-w", str(wh), "rate", "EUR", "USD", "1.1", "-w", str(tmp_path / "other"))
    assert two.exit_code == 2
    assert two.output.endswith(f"\nError: Two warehouses given: {wh} before `rate` and {tmp_path / 'other'} after "
                               "it.\n  Give one, before the subcommand or after it.\n")
    assert kept() == {}


def test_a_rule_setting_not_kept_points_at_the_listing_of_the_warehouse_given(tmp_path, monkeypatch):
    monkeypatch.delenv(WAREHOUSE_ENV, raising=False)
    log, wh = tmp_path / "short.txt", tmp_path / "wh"
    log.write_text(HAND, encoding="utf-8")
    assert run("ingest", str(log), "-w", str(wh), "-q", "--rules", "straight_beats_trips").exit_code == 0
    refused = run("settings", "-w", str(wh), "rules", "room PokerStars: straight_beats_trips", "--remove")
    assert refused.exit_code == 1, refused.output
    # the listing it points at is that of the warehouse given, not the default one
    assert refused.output.endswith(f"\n  See them with: rasklad settings --warehouse {wh}\n"), refused.output
