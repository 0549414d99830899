"""HE-MIN-RAISE's reopening, ruled once (``rules.holdem_rules.reopens_betting``): the replay's
finding, the ``is_reopened`` it stores per decision and ``could_raise`` of the statistics agree."""

from __future__ import annotations

import numpy as np
import pytest

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.generators.holdem import generate
from pipeline.warehouse import connect
from rules.holdem_batch import KINDS
from rules.holdem_hand import ActionKind
from rules.holdem_rules import HE, reopens_betting

# No Limit $1/$2. Flop: Boris and Vera check, Anna bets her last $1 all-in, half the big blind:
# no full bet, so Boris and Vera, who checked, may call or fold. {boris} is Boris's answer.
_SHORT_BET = """PokerStars Hand #250000000900: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($3 in chips)
Seat 2: Boris ($50 in chips)
Seat 3: Vera ($50 in chips)
Boris: posts small blind $1
Vera: posts big blind $2
*** HOLE CARDS ***
Anna: calls $2
Boris: calls $1
Vera: checks
*** FLOP *** [2c 7h 9s]
Boris: checks
Vera: checks
Anna: bets $1 and is all-in
{boris}
*** TURN *** [2c 7h 9s] [3d]
*** RIVER *** [2c 7h 9s 3d] [Js]
*** SHOW DOWN ***
Boris: shows [Kc Kd] (a pair of Kings)
Anna: shows [Ah Ad] (a pair of Aces)
Anna collected $8 from pot
*** SUMMARY ***
Total pot $8 | Rake $0
Board [2c 7h 9s 3d Js]
Seat 1: Anna (button) showed [Ah Ad] and won ($8) with a pair of Aces
Seat 2: Boris (small blind) showed [Kc Kd] and lost with a pair of Kings
Seat 3: Vera (big blind) folded on the Flop
"""
# Boris raises to $3 (line 16): Vera folds and Boris's $2 over Anna's $1 comes back; the pot is
# $6 preflop + $1 + $1 = $8 either way.
RAISED = _SHORT_BET.format(boris="Boris: raises $2 to $3\nVera: folds\nUncalled bet ($2) returned to Boris")
CALLED = _SHORT_BET.format(boris="Boris: calls $1\nVera: folds")


def test_a_full_bet_or_raise_is_at_least_the_last_full_one_or_half_a_limit_bet():
    assert (reopens_betting(1, 2, False), reopens_betting(2, 2, False), reopens_betting(5, 4, False)) == (False, True, True)
    # Limit $4/$8 on the turn: $4 all-in is half the $8 bet, a full one; $3.99 is not
    assert (reopens_betting(400, 800, True), reopens_betting(399, 800, True)) == (True, False)


def _decisions(warehouse) -> list[tuple]:
    with connect(warehouse) as con:
        return con.sql("""
            select street, player, action, is_reopened, could_raise from int_holdem_decisions
            where street = 'flop' order by action_no
        """).fetchall()


def _findings(warehouse) -> list[tuple]:
    with connect(warehouse) as con:
        return con.sql("select rule_id, line, expected from findings order by line").fetchall()


def test_who_checked_may_not_raise_an_all_in_bet_below_the_big_blind(tmp_path, warehouse):
    from pipeline.ingest import ingest

    log = tmp_path / "short_bet.txt"
    log.write_text(RAISED, encoding="utf-8")
    ingest([log], warehouse, jobs=1)
    # the audit and the statistics say the same: Boris, who checked, could not raise
    assert _findings(warehouse) == [("HE-MIN-RAISE", 16, "call 1 or fold")]
    assert _decisions(warehouse) == [
        ("flop", "Boris", "check", True, True),
        ("flop", "Vera", "check", True, True),
        ("flop", "Anna", "bet", True, True),
        ("flop", "Boris", "raise", False, False),
        # Boris's raise, wrong as it is, was a full one ($2): it reopens the betting to Vera
        ("flop", "Vera", "fold", True, True),
    ]


def test_who_checked_calls_an_all_in_bet_below_the_big_blind_and_cannot_raise(tmp_path, warehouse):
    from pipeline.ingest import ingest

    log = tmp_path / "short_bet_called.txt"
    log.write_text(CALLED, encoding="utf-8")
    ingest([log], warehouse, jobs=1)
    assert _findings(warehouse) == []
    # Boris and Vera checked before Anna's $1: neither may raise it (Vera also has no one left to
    # raise against once Anna is all in and Boris has called)
    assert _decisions(warehouse) == [
        ("flop", "Boris", "check", True, True),
        ("flop", "Vera", "check", True, True),
        ("flop", "Anna", "bet", True, True),
        ("flop", "Boris", "call", False, False),
        ("flop", "Vera", "fold", False, False),
    ]


def _replayed(text: str):
    from rules.holdem_batch import batch_from_hands
    from rules.holdem_fast import replay_batch

    hands = [parse_chunk(chunk, "gen.txt") for chunk in split_games(normalize_lines(text), HEADERS)]
    batch = batch_from_hands(hands)
    return batch, replay_batch(batch)


@pytest.mark.parametrize("seed", [3, 4])
def test_at_every_raise_the_stored_flag_is_the_replays_ruling(seed):
    # Generated hands, all-ins frequent and stacks short: at each raise, the replay finds the raise
    # closed to its player (HE-MIN-RAISE, expected 0: call or fold) exactly when the flag it stores
    # says the betting was not reopened. The generator plays by the same rule, so none is closed.
    text = generate("holdem", count=1500, seed=seed, allin=0.05, short_stacks=0.3, betting="no_limit") + "\n\n\n" + RAISED
    batch, facts = _replayed(text)
    findings = facts.findings
    closed_raises = {(int(h), int(line)) for h, rule, line, expected in zip(
        findings.hand, findings.rule, findings.line, findings.expected)
        if rule == HE.MIN_RAISE.code and expected == 0}
    hand_of_action = np.repeat(np.arange(len(batch.in_lane)), np.diff(batch.action_start))
    raises = np.flatnonzero(batch.kind == KINDS.index(ActionKind.RAISE))
    ruled = {(int(hand_of_action[j]), int(batch.line[j])): not facts.is_reopened[j] for j in raises}
    assert {at for at, closed in ruled.items() if closed} == closed_raises
    last = len(batch.in_lane) - 1
    boris_raises = text.count("\n", 0, text.index("Boris: raises $2 to $3")) + 1     # its line in the file
    assert closed_raises == {(last, boris_raises)}       # the hand written above alone
    # and the flag is no constant: short all-ins closed the betting at some decisions (calls, folds)
    decisions = np.isin(batch.kind, [KINDS.index(ActionKind.CALL), KINDS.index(ActionKind.FOLD)])
    assert (decisions & ~facts.is_reopened & (hand_of_action < last)).sum() > 0
