"""House-rule settings refused, kept and matched, through the real command line and a real warehouse.

- A setting refused before anything is read (an unknown one, a room nothing names, two that
  contradict each other) is a usage error, as click's own: exit code 2, nothing stored.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from tests.test_holdem_limit_cap_setting import HAND as LIMIT_HAND


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize(("rules", "said"), [
    (["cap 4"], "unknown rule setting 'cap 4'"),                              # no game declares it
    (["table Vienna: hook off"], "'hook off' is a setting of raspisnoy"),      # another game's, set in its logs
    (["room Pokerstar: cap_heads_up"], "Did you mean 'PokerStars'"),            # a room nothing names
    (["limit_cap_3", "limit_cap_5"], "'limit_cap_5' contradicts 'limit_cap_3'"),
])
def test_a_rule_setting_refused_before_anything_is_read_is_a_usage_error(tmp_path, rules, said):
    log, wh = tmp_path / "limit.txt", tmp_path / "wh"
    log.write_text(LIMIT_HAND, encoding="utf-8")
    refused = run("ingest", str(log), "--warehouse", str(wh), *[arg for rule in rules for arg in ("--rules", rule)])
    assert refused.exit_code == 2, refused.output
    assert "Invalid value for '--rules'" in refused.output and said in refused.output
    assert not wh.exists()


def test_a_usage_error_of_click_itself_exits_as_a_refused_setting_does(tmp_path):
    # the yardstick: an option click itself refuses
    assert run("ingest", str(tmp_path), "--jobs", "0").exit_code == 2


def test_house_edge_and_settings_refuse_an_unknown_setting_as_a_usage_error(tmp_path):
    edge = run("house-edge", "--warehouse", str(tmp_path / "wh"), "--rules", "pay high card 1")
    assert edge.exit_code == 2 and "Invalid value for '--rules'" in edge.output
    removed = run("settings", "rules", "room PokerStars: cap 4", "--remove", "--warehouse", str(tmp_path / "wh"))
    assert removed.exit_code == 2 and "unknown rule setting 'cap 4'" in removed.output
