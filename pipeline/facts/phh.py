"""PHH hands: Hold'em hands replayed by the Hold'em engine, their finishing stacks checked.

A PHH file may state each player's stack after the hand (``finishing_stacks``). The replay
re-derives every player's net; HE-FINISHING-STACKS holds when each stated finishing stack is
the starting stack plus that net. The rows are the Hold'em rows of any room, and a file's
hands are replayed together as the other rooms' are: a hand whose stacks do not hold, or with
another finding, takes the full path, which explains it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
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
    """A file's PHH hands replayed in one call: the rows of each hand the engine certifies and
    whose finishing stacks hold (the replay's nets, in hundredths, per seat), but one read with a
    byte its file's encoding could not read (``unread``: the full path words it). Returns per hand
    whether its rows were added."""
    from rules.holdem_batch import batch_from_hands
    from rules.holdem_fast import replay_batch

    batch = batch_from_hands(hands)
    facts = replay_batch(batch)
    take = facts.certified & batch.in_lane & np.array([warning is None for warning in unread], np.bool_)
    for h in np.flatnonzero(take).tolist():
        hand = hands[h]
        if hand.finishing_stacks:
            s0 = int(batch.seat_start[h])
            # the last seat of a name is the player's, as the batch keys players by name
            nets = {seat.player: Decimal(int(facts.net[s0 + i])) / 100 for i, seat in enumerate(hand.seats)}
            take[h] = not finishing_stack_findings(hand, nets)
    holdem_facts.add_batch_rows(rows, batch, facts, take, [hand.info for hand in hands])
    return take


_HOLDEM = holdem_facts.HANDLERS["rules.holdem_hand.HoldemHand"]

HANDLERS: dict = {"parsers.phh.PhhHand": Handler(
    replay=_replay, add_rows=_HOLDEM.add_rows, money=_HOLDEM.money,
    batch=RecordBatch(formats=frozenset({"phh"}), minimum=holdem_facts.BATCH_MIN_HANDS, ingest=ingest_hands))}
