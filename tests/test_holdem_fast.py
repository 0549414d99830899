"""The fast lane's batch and kernel: ``rules.holdem_batch.batch_from_hands`` and ``rules.holdem_fast``.

Every certified hand must replay in ``rules.holdem.replay`` with no finding and the very same facts.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.generators.holdem import generate_hands
from rules.holdem_batch import KINDS, STREETS, HandBatch, batch_from_hands, pot_code
from rules.holdem_hand import ActionKind, HoldemHand


def _parse_text(text: str, file: str = "gen.txt") -> list[HoldemHand]:
    hands = []
    for chunk in split_games(normalize_lines(text), HEADERS):
        try:
            hands.append(parse_chunk(chunk, file))
        except Exception:   # a mutated hand the parser refuses: not the kernel's business
            continue
    return hands


def _generated(game: str, count: int, seed: int, **options) -> list[HoldemHand]:
    text = "\n\n\n".join(t for t, _ in generate_hands(game, count=count, seed=seed, **options)) + "\n"
    return _parse_text(text)


def _cents(value: Decimal) -> int:
    return int(value * 100)


def _assert_batch_matches(b: HandBatch, hands: list[HoldemHand]) -> None:
    assert b.hands == len(hands)
    for h, hand in enumerate(hands):
        s0, s1 = b.seat_start[h], b.seat_start[h + 1]
        a0, a1 = b.action_start[h], b.action_start[h + 1]
        assert s1 - s0 == len(hand.seats) and a1 - a0 == len(hand.actions)
        if not b.in_lane[h]:
            continue
        assert b.small_blind[h] == _cents(hand.small_blind) and b.big_blind[h] == _cents(hand.big_blind)
        assert b.total_pot[h] == _cents(hand.summary.total_pot) and b.rake[h] == _cents(hand.summary.rake)
        assert [b.player[j] for j in range(s0, s1)] == [s.player for s in hand.seats]
        assert b.stack[s0:s1].tolist() == [_cents(s.stack) for s in hand.seats]
        for k, a in enumerate(hand.actions):
            j = a0 + k
            assert KINDS[b.kind[j]] is a.kind and STREETS[b.street[j]] is a.street
            assert b.player[s0 + b.actor[j]] == a.player
            assert b.amount[j] == _cents(a.amount) and b.line[j] == a.line
            assert b.pot[j] == (pot_code(a.pot) if a.kind is ActionKind.COLLECT else -1)
        holes = {}
        for r in hand.hole_cards:
            holes.setdefault(r.player, tuple(c.code for c in r.cards))
        for i, s in enumerate(hand.seats):
            got = tuple(x for x in b.hole[s0 + i].tolist() if x >= 0)
            assert got == holes.get(s.player, ())
        won = {s.player: _cents(s.won[0]) for s in hand.summary.seats if s.won}
        assert [b.summary_won[s0 + i] for i in range(len(hand.seats))] == [won.get(s.player, -1) for s in hand.seats]
        board = tuple(c.code for c in hand.boards[0]) if hand.boards else ()
        assert tuple(x for x in b.board[h].tolist() if x >= 0) == board


@pytest.mark.parametrize("game", ["holdem", "holdem36"])
def test_batch_from_hands_keeps_every_column_of_the_records(game):
    hands = _generated(game, 200, 11, allin=0.01, short_stacks=0.1, straddle=0.1)
    b = batch_from_hands(hands)
    assert b.in_lane.all()
    _assert_batch_matches(b, hands)


def test_batch_from_hands_puts_a_hand_without_summary_out_of_the_lane():
    import dataclasses

    hands = _generated("holdem", 3, 5)
    hands[1] = dataclasses.replace(hands[1], summary=None)
    b = batch_from_hands(hands)
    assert b.in_lane.tolist() == [True, False, True]


# ---------------------------------------------------------------------- the kernel against the reference

from rules.holdem import replay  # noqa: E402
from rules.holdem_batch import POSITIONS  # noqa: E402
from rules.holdem_fast import FactBatch, replay_batch  # noqa: E402


def _d(cents) -> Decimal:
    return Decimal(int(cents)) / 100


def _pos(code) -> str | None:
    return None if code < 0 else POSITIONS[code]


def _mismatch(b: HandBatch, f: FactBatch, h: int, hand: HoldemHand, result) -> str | None:
    """Why certified hand ``h`` differs from the reference's replay, or None when it does not."""
    if result.findings:
        return f"certified, but the reference finds {[x.rule_id for x in result.findings]}"
    got = (bool(f.is_walk[h]), int(f.count_players[h]), _d(f.total_pot[h]), _d(f.rake[h]))
    want = (result.is_walk, result.count_players, result.total_pot, result.rake)
    if got != want:
        return f"hand facts {got} != {want}"
    a0 = b.action_start[h]
    if len(result.actions) != b.action_start[h + 1] - a0:
        return "action facts count"
    for k, fact in enumerate(result.actions):
        j = a0 + k
        mine = (int(f.action_no[j]), None if f.seat[j] < 0 else int(f.seat[j]), _pos(f.position[j]),
                _d(f.amount[j]), _d(f.to_call[j]), int(f.bet_level[j]), bool(f.is_all_in[j]))
        ref = (fact.action_no, fact.seat, fact.position, fact.amount, fact.to_call, fact.bet_level, fact.is_all_in)
        if mine != ref or fact.action.line != b.line[j]:
            return f"action {k} ({fact.action.kind}): {mine} != {ref}"
    s0, s1 = b.seat_start[h], b.seat_start[h + 1]
    rows = sorted((int(f.fact_order[j]), j) for j in range(s0, s1) if f.has_fact[j])
    if len(rows) != len(result.facts) or len(rows) != len(result.players):
        return f"player facts count {len(rows)} != {len(result.facts)}"
    for (_, j), fact, res in zip(rows, result.facts, result.players):
        mine = (b.player[j], int(b.seat_no[j]), _pos(f.seat_position[j]), _d(f.stack_start[j]), _d(f.invested[j]),
                _d(f.collected[j]), _d(f.cash_out[j]), _d(f.net[j]), _d(f.allin_ev_net[j]), bool(f.saw_flop[j]),
                bool(f.saw_turn[j]), bool(f.saw_river[j]), bool(f.went_to_showdown[j]), bool(f.won_at_showdown[j]))
        ref = (fact.player, fact.seat, fact.position, fact.stack_start, fact.invested, fact.collected, fact.cash_out,
               fact.net, fact.allin_ev_net, fact.saw_flop, fact.saw_turn, fact.saw_river, fact.went_to_showdown,
               fact.won_at_showdown)
        if mine != ref:
            return f"player {b.player[j]}: {mine} != {ref}"
        if (res.player, res.seat, res.net) != (b.player[j], int(b.seat_no[j]), _d(f.net[j])):
            return f"player result {res} differs"
    return None


def _check_hands(hands: list[HoldemHand], allin_ev: bool = True, **options) -> tuple[int, list[str]]:
    b = batch_from_hands(hands)
    f = replay_batch(b, allin_ev=allin_ev, **options)
    problems = []
    for h in map(int, f.certified.nonzero()[0]):
        why = _mismatch(b, f, h, hands[h], replay(hands[h], allin_ev=allin_ev, **options))
        if why:
            problems.append(f"{hands[h].hand_id}: {why}")
    return int(f.certified.sum()), problems
