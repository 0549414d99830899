"""House-rule settings refused, kept and matched, through the real command line and a real warehouse.

- A setting refused before anything is read (an unknown one, a room nothing names, two that
  contradict each other) is a usage error, as click's own: exit code 2, nothing stored.
- A raspisnoy ``pass limit`` no game can use is refused, as ``max cards 19`` is. Worked by hand:
  the most rounds with bids is 10 players on 54 cards, M = min(18, 54 // 10) = 5 cards: simple
  rounds of 1, 2, 3, 4 cards, 5 cards ten times, then 4, 3, 2, 1 (18 rounds), and 10 each of the
  special kinds that bid (no-trump, blind, forehead: 30), 48 in all. ``pass limit L`` bars a pass
  after L in a row, which needs L + 1 rounds with bids: 47 can bar the 48th, 48 bars nothing.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.warehouse import connect
from tests.formats_examples import RASPISNOY_LOG
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


def test_a_pass_limit_no_game_can_use_is_refused_in_words_and_the_largest_one_is_taken(tmp_path):
    wh, night = tmp_path / "wh", tmp_path / "night.txt"
    night.write_text(RASPISNOY_LOG.replace("Rules: default", "Rules: pass limit 48"), encoding="utf-8")
    refused = run("ingest", str(night), "--warehouse", str(wh), "-q")
    assert refused.exit_code == 1, refused.output
    with connect(wh) as con:
        assert con.execute("select line, error from quarantine").fetchall() == [(
            5, "'pass limit 48': pass limit takes a whole number from 0 to 47, or 'none', not '48'")]
    night.write_text(RASPISNOY_LOG.replace("Rules: default", "Rules: pass limit 47"), encoding="utf-8")
    taken = run("ingest", str(night), "--warehouse", str(wh), "-q")
    assert taken.exit_code == 0, taken.output
    with connect(wh) as con:
        assert con.execute("select count(*) from quarantine").fetchone()[0] == 0
        [(ruleset,)] = con.execute("select ruleset from games").fetchall()
    assert "pass limit 47" in ruleset
