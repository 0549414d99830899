"""PHH hands: Hold'em hands replayed by the Hold'em engine, their finishing stacks checked.

A PHH file may state each player's stack after the hand (``finishing_stacks``). The replay
re-derives every player's net; HE-FINISHING-STACKS holds when each stated finishing stack is
the starting stack plus that net. The rows are the Hold'em rows of any room, and a file's
hands are replayed together as the other rooms' are; a hand whose stacks do not hold is stored
with that finding, worded as the one-hand replay words it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING

import numpy as np

from pipeline.facts import Handler, RecordBatch
from pipeline.facts import holdem as holdem_facts
from rules.findings import Finding

if TYPE_CHECKING:
    from parsers.phh import PhhHand
    from pipeline.tables import TableRows
    from rules.holdem_engine import HoldemReplay

# Hold'em's engine is imported by the functions that replay (see pipeline.facts.holdem).

TABLES = ()


def finishing_stack_findings(hand: PhhHand, nets: Mapping[str, Decimal]) -> list[Finding]:
    """HE-FINISHING-STACKS: each stated finishing stack against the starting stack plus the
    replay's net (``nets``: by player)."""
    if not hand.finishing_stacks:
        return []
    from rules.holdem_rules import HE

    starts = {seat.player: seat.stack for seat in hand.seats}
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
    from rules.holdem_engine import replay

    result = replay(record)
    extra = finishing_stack_findings(record, {player.player: player.net for player in result.players})
    return dataclasses.replace(result, findings=result.findings + tuple(extra)) if extra else result


def ingest_hands(hands: list[PhhHand], rows: TableRows, unread: list) -> np.ndarray:
    """A file's PHH hands replayed in one call, as the other rooms' are, each hand's finishing
    stacks checked against the engine's nets (:func:`finishing_stack_findings`, as the one-hand
    replay checks them). Returns per hand whether its rows were added."""
    return holdem_facts.ingest_hands(hands, rows, unread, checked=_finishing_stacks)


def _finishing_stacks(hand: PhhHand, nets: Callable[[], Mapping[str, Decimal]]) -> list[Finding]:
    return finishing_stack_findings(hand, nets()) if hand.finishing_stacks else []


_HOLDEM = holdem_facts.HANDLERS["rules.holdem_hand.HoldemHand"]

HANDLERS: dict = {"parsers.phh.PhhHand": Handler(
    replay=_replay, add_rows=_HOLDEM.add_rows, money=_HOLDEM.money, name_in_log=_HOLDEM.name_in_log,
    batch=RecordBatch(formats=frozenset({"phh"}), minimum=holdem_facts.BATCH_MIN_HANDS, ingest=ingest_hands))}
