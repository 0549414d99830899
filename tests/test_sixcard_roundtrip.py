"""Generated sessions survive the round trip: generate → parse → replay → no findings, nets as written."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.generators.sixcard import generate
from rules.sixcard import replay


def sessions(text: str):
    return [parse_chunk(chunk, "gen.txt") for chunk in split_games(normalize_lines(text), HEADERS)]


def check_round_trip(text: str, count: int) -> None:
    parsed = sessions(text)
    assert len(parsed) == count
    for session in parsed:
        result = replay(session)
        assert result.findings == ()
        for fact in result.boxes:
            assert fact.net == fact.net_written
        assert result.players[0].net == sum(fact.net for fact in result.boxes)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), strategy=st.sampled_from(["random", "simple"]), boxes=st.sampled_from([None, 1, 3]))
def test_generated_sessions_replay_without_findings(seed, strategy, boxes):
    check_round_trip(generate("sixcard", count=2, seed=seed, hands=6, strategy=strategy, boxes=boxes), 2)


def test_best_strategy_round_trip_and_never_loses_ev():
    text = generate("sixcard", count=1, seed=11, hands=3, strategy="best", boxes=2)
    check_round_trip(text, 1)
    from rules.sixcard_ev import analyse_hand
    for hand in sessions(text)[0].hands:
        for analysis in analyse_hand(hand):
            assert analysis.ev_lost == pytest.approx(0.0, abs=1e-9)


def test_wrong_results_make_six_pay_findings():
    (session,) = sessions(generate("sixcard", count=1, seed=4, hands=8, strategy="simple", wrong_results=1.0))
    findings = replay(session).findings
    assert len(findings) == 8 and {f.rule_id for f in findings} == {"SIX-PAY"}


def test_generator_refuses_unknown_settings():
    with pytest.raises(ValueError, match="boxes must be 1 to 3"):
        generate("sixcard", count=1, seed=1, boxes=4)
