"""PHH hands: Hold'em hands replayed by the Hold'em engine, their finishing stacks checked.

A PHH file may state each player's stack after the hand (``finishing_stacks``). The replay
re-derives every player's net; HE-FINISHING-STACKS holds when each stated finishing stack is
the starting stack plus that net. The rows are the Hold'em rows of any room.
"""

from __future__ import annotations

import dataclasses

from parsers.phh import PhhHand
from pipeline.facts import Handler
from pipeline.facts import holdem as holdem_facts
from rules.findings import Finding
from rules.holdem_engine import HoldemReplay, replay
from rules.holdem_hand import HoldemHand
from rules.holdem_rules import HE

TABLES = ()


def finishing_stack_findings(hand: PhhHand, result: HoldemReplay) -> list[Finding]:
    """HE-FINISHING-STACKS: each stated finishing stack against the starting stack plus the replay's net."""
    if not hand.finishing_stacks:
        return []
    starts = {seat.player: seat.stack for seat in hand.seats}
    nets = {player.player: player.net for player in result.players}
    out = []
    for player, stated in hand.finishing_stacks:
        if player not in starts:
            continue
        replayed = starts[player] + nets.get(player, 0)
        if replayed != stated:
            out.append(Finding(
                rule_id=HE.FINISHING_STACKS.value, line=hand.finishing_line,
                message=f"{player} finishes with {stated}, the replay gives {starts[player]} "
                        f"{'+' if replayed >= starts[player] else '-'} {abs(replayed - starts[player])} = {replayed}",
                expected=str(replayed), actual=str(stated)))
    return out


def _replay(record: PhhHand) -> HoldemReplay:
    result = replay(record)
    extra = finishing_stack_findings(record, result)
    return dataclasses.replace(result, findings=result.findings + tuple(extra)) if extra else result


HANDLERS: dict = {PhhHand: Handler(replay=_replay, add_rows=holdem_facts.HANDLERS[HoldemHand].add_rows,
                                   money=holdem_facts.HANDLERS[HoldemHand].money)}
