"""The raspisnoy generator plays by every setting of the ruleset it is given: a game generated
under any setting replays with no finding, and the choices a setting opens up are made."""

from __future__ import annotations

import pytest

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.generators.raspisnoy import generate
from rules.raspisnoy import RULES_LINE, JokerCall, RoundKind, replay_log, replay_sheet

# Each setting of a `Rules:` line, each value of the settings that take one of a few (the short
# games keep the whole test fast: `max cards` cuts the simple rounds).
SETTINGS = [
    "deck 54",
    "deck 54, max cards 18",
    "joker 6c",
    "max cards 2",
    "specials forehead golden no-trump, max cards 3",
    "specials none",
    "special cards 2, max cards 4",
    "special multiplier 2, max cards 3",
    "all-tricks double off, max cards 3",
    "all-tricks double special, max cards 3",
    "all-tricks double simple, max cards 3",
    "all-tricks double special-made, max cards 3",
    "misere 10 40, max cards 3",
    "golden 20, max cards 3",
    "pass limit 0, max cards 3",
    "pass limit 1, max cards 3",
    "pass limit none, max cards 3",
    "hook off, max cards 3",
    "joker low lowest, max cards 3",
    "whole-deck trump dealer, max cards 12",
    "joker high lead on, max cards 3",
    "pass run rounds, max cards 3",
]


def _game(text: str):
    (record,) = [parse_chunk(chunk, "generated.txt") for chunk in split_games(normalize_lines(text), HEADERS)]
    return record


def test_the_settings_tried_are_every_setting_of_the_rules_line():
    named = {RULES_LINE.named_by(item.strip()).name for rules in SETTINGS for item in rules.split(",")}
    assert named == set(RULES_LINE.names)


@pytest.mark.parametrize("rules", SETTINGS)
def test_a_game_generated_under_each_setting_replays_clean(rules):
    for seed, (game, replay, strategy) in enumerate([("raspisnoy", replay_log, "random"),
                                                     ("raspisnoy_sheet", replay_sheet, "club")]):
        result = replay(_game(generate(game, seed=seed, players=3, rules=rules, strategy=strategy)))
        assert result.findings == ()
        assert all(row.total_written == row.total for row in result.rounds)


def _passes_after_a_round_without_bids(record) -> int:
    """Passes that make three in a row over the rounds with bids, with a misère or golden round
    between the first and the third: the run of `pass run bids` would bar them, `pass run rounds`
    allows them (the round without bids ends the run)."""
    count = 0
    for player in record.players:
        steps = []  # per round: "pass", "bid" or "none" (a round without bids)
        for rnd in record.rounds:
            bids = dict(rnd.bids or ())
            steps.append("none" if not rnd.kind.has_bids else "pass" if bids[player] == 0 else "bid")
        for at, step in enumerate(steps):
            before = [i for i in range(at) if steps[i] != "none"][-2:]   # the two rounds with bids before
            if step == "pass" and len(before) == 2 and all(steps[i] == "pass" for i in before):
                count += "none" in steps[before[0]:at]
    return count


def test_a_pass_after_a_misere_block_is_made_under_pass_run_rounds():
    # Under `pass run rounds` a misère round ends a run of passes: a player who passed in the last
    # two simple rounds may pass again in the blind rounds after the misère ones.
    rules = "pass run rounds, max cards 3, specials misere blind"
    count = 0
    for seed in range(80):
        record = _game(generate("raspisnoy", seed=seed, players=3, rules=rules, strategy="random"))
        assert [r.kind for r in record.rounds][7:] == [RoundKind.MISERE] * 3 + [RoundKind.BLIND] * 3
        assert replay_log(record).findings == ()
        count += _passes_after_a_round_without_bids(record)
    assert count >= 5, count


def test_the_joker_is_led_plain_high_under_joker_high_lead_on_and_takes_the_trick():
    # `joker high lead on` lets the joker lead declared plain `high`: it takes the trick.
    led_high = 0
    for seed in range(60):
        record = _game(generate("raspisnoy", seed=seed, players=3, rules="joker high lead on, max cards 3",
                                strategy="random"))
        assert replay_log(record).findings == ()
        for rnd in record.rounds:
            for trick in rnd.tricks:
                lead = trick.plays[0]
                if lead.declaration is not None and lead.declaration.call is JokerCall.HIGH:
                    led_high += 1
                    assert trick.winner == lead.player
    assert led_high >= 3, led_high
