"""Generated raspisnoy games round-trip: generate → parse → replay gives no finding and the written points."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.generators.raspisnoy import generate
from rules.raspisnoy import RaspisnoyGame, Ruleset, replay_log, replay_sheet, schedule

RULESETS = [
    "default",
    "deck 54",
    "deck 54, pass limit none, hook off, joker low lowest",
    "max cards 6, specials golden misere, special cards 4, special multiplier 2, all-tricks double off",
    "joker 6c, pass limit 1, specials blind no-trump",
    "specials none",
    "specials no-trump forehead misere golden, misere 10 40, golden 20, all-tricks double special",
    "max cards 12, whole-deck trump dealer, special multiplier 1",
]


def games(text: str):
    for chunk in split_games(normalize_lines(text), HEADERS):
        yield parse_chunk(chunk, "generated.txt")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), rules=st.sampled_from(RULESETS),
       rounds=st.one_of(st.none(), st.integers(1, 12)), sheet=st.booleans(),
       strategy=st.sampled_from(["club", "random"]))
def test_generated_games_replay_clean_with_the_written_points(seed, players, rules, rounds, sheet, strategy):
    text = generate("raspisnoy_sheet" if sheet else "raspisnoy", count=1, seed=seed, players=players,
                    rules=rules, rounds=rounds, strategy=strategy)
    (record,) = games(text)
    result = (replay_sheet if sheet else replay_log)(record)
    assert result.findings == ()
    plan = schedule(Ruleset.parse(rules), players)
    assert len({row.round_no for row in result.rounds}) == (len(plan) if rounds is None else min(rounds, len(plan)))
    for row in result.rounds:
        assert row.total_written == row.total
        if not sheet:
            assert row.points_written == row.points
    by_round: dict[int, int] = {}
    for row in result.rounds:
        by_round[row.round_no] = by_round.get(row.round_no, 0) + row.tricks
    assert all(by_round[row.round_no] == row.cards for row in result.rounds)


@pytest.mark.parametrize("players", [7, 10])
def test_generated_54_card_games_for_up_to_ten_players(players):
    (record,) = games(generate("raspisnoy", seed=players, players=players, rules="deck 54", rounds=25))
    assert replay_log(record).findings == ()


def test_full_four_player_game_has_36_rounds_20_simple_16_special():
    (record,) = games(generate("raspisnoy", seed=4, players=4))
    assert isinstance(record, RaspisnoyGame) and len(record.rounds) == 36
    kinds = [r.kind.value for r in record.rounds]
    assert kinds.count("regular") == 20 and len(kinds) - kinds.count("regular") == 16
    assert kinds[20:] == ["no-trump"] * 4 + ["blind"] * 4 + ["misere"] * 4 + ["golden"] * 4
    result = replay_log(record)
    assert result.findings == ()
    assert sum(p.net for p in result.players) == sum(r.points for r in result.rounds)
    assert all(isinstance(p.net, Decimal) for p in result.players)


def test_log_and_sheet_of_the_same_seed_are_the_same_game():
    (log,) = games(generate("raspisnoy", seed=11, players=5))
    (sheet,) = games(generate("raspisnoy_sheet", seed=11, players=5))
    assert [p.net for p in replay_log(log).players] == [p.net for p in replay_sheet(sheet).players]


def test_generator_refuses_bad_settings():
    with pytest.raises(ValueError, match="players must be 3 to 6"):
        generate("raspisnoy", players=7)
    with pytest.raises(ValueError, match="'trumps rotate' is not a setting of raspisnoy"):
        generate("raspisnoy", rules="trumps rotate")


def _bid_accuracy(strategy: str) -> float:
    made = bids = 0
    for seed in range(3):
        for players in (3, 4, 5, 6):
            (record,) = games(generate("raspisnoy", seed=seed, players=players, strategy=strategy))
            rows = [row for row in replay_log(record).rounds if row.bid is not None]
            bids += len(rows)
            made += sum(row.bid == row.tricks for row in rows)
    return made / bids


def test_club_strategy_makes_about_half_its_bids_random_a_fifth():
    # A club's night: bids are what the hand is worth and play aims at them; random bids rarely come true.
    club, random_ = _bid_accuracy("club"), _bid_accuracy("random")
    assert 0.45 <= club <= 0.7, club
    assert random_ < 0.3, random_


def test_club_strategy_scores_are_mostly_positive():
    nets = [p.net for seed in range(3) for p in replay_log(next(games(generate("raspisnoy", seed=seed, players=4)))).players]
    assert sum(net > 0 for net in nets) >= 0.75 * len(nets)


def test_generator_refuses_an_unknown_strategy():
    with pytest.raises(ValueError, match="strategy must be club or random"):
        generate("raspisnoy", strategy="cautious")


def test_forehead_round_bids_before_the_hands_and_scores_as_blind():
    text = generate("raspisnoy", seed=7, players=3, rules="specials forehead", rounds=None)
    (record,) = games(text)
    assert [r.kind.value for r in record.rounds][-3:] == ["forehead"] * 3
    assert all(r.bids_before_hands for r in record.rounds if r.kind.value == "forehead")
    assert replay_log(record).findings == ()
