"""Generated sessions survive the round trip: generate → parse → replay → no findings, nets as written."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.generators.sixcard import generate
from rules.cards import Card, Rank
from rules.evaluator import HandCategory, evaluate
from rules.sixcard import SixcardRules, replay


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


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), boxes=st.sampled_from([None, 1, 2]), data=st.data())
def test_a_second_buy_or_exchange_costs_its_price_and_changes_nothing_else(seed, boxes, data):
    # Each box of a generated session that buys buys again, each that exchanges exchanges again, a card
    # no one was dealt (SIX-DRAW). Each second draw is one finding at its box's line; the box plays the
    # same cards to the same outcome, and nets less by exactly what the draw cost; the other boxes net
    # as before. The Result lines, written for the session as generated, are then wrong for the
    # changed boxes alone (SIX-PAY).
    text = generate("sixcard", count=1, seed=seed, hands=6, strategy="random", boxes=boxes)
    (session,) = sessions(text)
    lines = text.split("\n")
    deck = [Card.from_code(code) for code in range(52)]
    drawn_again, cost = [], {}
    for hand in session.hands:
        dealt = {c for box in hand.boxes for c in box.dealt_cards} | set(hand.dealer_cards)
        dealt |= {buy.into for buy in hand.dealer_buys}
        undealt = [c for c in deck if c not in dealt]
        for box in hand.boxes:
            line = lines[box.line - 1]
            assert line.startswith(f"Box {box.number}:")
            if box.bought is not None:
                card = undealt.pop(data.draw(st.integers(0, len(undealt) - 1)))
                line = re.sub(r"(; buys [^\s;]+)", rf"\1; buys {card}", line, count=1)
                drawn_again.append(box.line)
                cost[box.line] = box.ante * session.rules.buy_cost
            if box.exchanged_in is not None:
                card = undealt.pop(data.draw(st.integers(0, len(undealt) - 1)))
                line = re.sub(r"(; exchanges [^\s;]+ for [^\s;]+)", rf"\1; exchanges {box.cards[0]} for {card}", line,
                              count=1)
                drawn_again.append(box.line)
                cost[box.line] = cost.get(box.line, 0) + box.ante * session.rules.exchange_cost
            lines[box.line - 1] = line
    assume(drawn_again)
    before = replay(session)
    (changed,) = sessions("\n".join(lines))
    after = replay(changed)
    assert sorted(f.line for f in after.findings if f.rule_id == "SIX-DRAW") == sorted(drawn_again)
    assert sum(f.rule_id == "SIX-PAY" for f in after.findings) == len(cost) == len(after.findings) - len(drawn_again)
    for old, new in zip(before.boxes, after.boxes, strict=True):
        assert (new.final_cards, new.outcome, new.returned) == (old.final_cards, old.outcome, old.returned)
        assert new.net == old.net - cost.get(old.box.line, 0)
    assert after.players[0].net == before.players[0].net - sum(cost.values())


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


def test_generated_sessions_follow_the_house_rules_they_are_given():
    # Under these rules an ace-king high dealer has a game (no buy of it), a bought game replaces
    # the dealer's lowest card, and a box bets 3 antes; a generator playing the default rules
    # would break each of them, and the replay would cite it.
    rules = "dealer qualifies ace-king, dealer game replaces lowest, bet 3 antes"
    text = generate("sixcard", count=3, seed=5, hands=40, strategy="random", rules=rules)
    assert text.count(f"\nRules: {rules}\n") == 3
    check_round_trip(text, 3)
    ace_king_dealers = buys = 0
    for session in sessions(text):
        assert session.rules == SixcardRules.parse(rules)
        for hand in session.hands:
            assert all(box.folds or box.bet == 3 * box.ante for box in hand.boxes)
            ranks = sorted((card.rank for card in hand.dealer_cards), reverse=True)
            high_card = evaluate(hand.dealer_cards).category is HandCategory.HIGH_CARD
            ace_king_dealers += high_card and ranks[:2] == [Rank.ACE, Rank.KING]
            for buy in hand.dealer_buys:
                assert high_card and ranks[:2] != [Rank.ACE, Rank.KING]
                assert buy.out.rank == ranks[-1]
                buys += 1
    assert ace_king_dealers and buys   # the rules were put to the test


def test_generator_refuses_unknown_settings():
    with pytest.raises(ValueError, match="boxes must be 1 to 3"):
        generate("sixcard", count=1, seed=1, boxes=4)
