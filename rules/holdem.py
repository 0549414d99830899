"""Hold'em: the game's rule texts (:data:`RULES`, from :mod:`rules.holdem_rules`) and the all-in EV of a
replayed hand.

The replay itself is the compiled engine (:mod:`rules.holdem_fast`; one hand at a time,
:func:`rules.holdem_engine.replay`). :func:`allin_ev_cents` turns the exact equity of each pot
(:func:`rules.equity.pot_equities`) into each contender's expected collected amount.

>>> from rules.evaluator import RankOrder
>>> allin_ev_cents([[51, 50], [47, 46]], [], [[0, 1]], [10000], RankOrder.STANDARD, 1)
[8264, 1736]
>>> allin_ev_cents([[51, 50], [47, 46]], [], [[0, 1]], [10000], RankOrder.STANDARD, 100)   # whole chips
[8300, 1700]
"""

from __future__ import annotations

import math
from decimal import Decimal

from rules.evaluator import HandError, RankOrder
from rules.holdem_rules import RULES

__all__ = ["RULES", "allin_ev_cents"]


def allin_ev_cents(holes: list[list[int]], board: list[int], pot_sets: list[list[int]], pot_nets: list[int],
                   order: RankOrder, unit: int) -> list[int] | None:
    """Each contender's expected collected amount in cents: the net of every pot (``pot_nets``, in
    cents) times his exact equity in it (``holes``: the contenders' card codes; ``pot_sets``: indices
    into ``holes``), rounded half to even to ``unit`` cents (1, or 100 for whole chips), as Decimal
    rounds the sum of each net times the shortest decimal of its float equity; None when the cards
    cannot be ranked (a card twice or off the deck)."""
    from rules.equity import pot_equities  # Numba: loaded only for all-in hands
    try:
        equities = pot_equities(holes, board, pot_sets, order).tolist()
    except HandError:
        return None
    if not pot_nets:
        return []
    # The float sum is within (pots + 2) * 2**-52 of the nets of the Decimal one: rounded from
    # farther than this margin off a half unit, both round alike; nearer, Decimal decides.
    margin = sum(map(abs, pot_nets)) / unit * 2.0 ** -40
    values = []
    for i in range(len(holes)):
        units = sum([net * shares[i] for net, shares in zip(pot_nets, equities)]) / unit
        if abs(units - math.floor(units) - 0.5) <= margin:
            return _decimal_ev_cents(equities, pot_nets, unit)
        values.append(round(units) * unit)
    return values


def _decimal_ev_cents(equities: list[list[float]], pot_nets: list[int], unit: int) -> list[int]:
    """:func:`allin_ev_cents` in Decimal (28 digits, half to even): each equity's shortest decimal
    times the net in money, summed, quantized to the unit."""
    ev = [Decimal(0)] * len(equities[0])
    for net, shares in zip(pot_nets, equities):
        money = Decimal(net) / 100
        for i, share in enumerate(shares):
            ev[i] = ev[i] + money * Decimal(repr(share))
    quantum = Decimal(unit) / 100
    return [int(value.quantize(quantum) * 100) for value in ev]
