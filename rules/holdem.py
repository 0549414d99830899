"""Hold'em: the game's rule texts (:data:`RULES`, from :mod:`rules.holdem_rules`) and the all-in EV of
replayed hands.

The replay itself is the compiled engine (:mod:`rules.holdem_fast`; one hand at a time,
:func:`rules.holdem_engine.replay`). :func:`allin_ev_cents` turns the exact equity of each pot
(:func:`rules.equity.spot_equities`) into each contender's expected collected amount, for a
batch of spots at once.

>>> from rules.evaluator import RankOrder
>>> spots = dict(holes=[[[51, 50], [47, 46]]], board=[[]], eligible=[[[1, 1]]], nets=[[10000]], pots=[1])
>>> for unit in (1, 100):     # in cents, then in whole chips
...     print(allin_ev_cents(**spots, order=RankOrder.STANDARD, unit=[unit])[0].tolist())
[[8264, 1736]]
[[8300, 1700]]
"""

from __future__ import annotations

from decimal import Decimal

import numpy as np

from rules.evaluator import RankOrder
from rules.holdem_rules import RULES

__all__ = ["RULES", "allin_ev_cents"]


def allin_ev_cents(holes, board, eligible, nets, pots, order: RankOrder, unit) -> tuple[np.ndarray, np.ndarray]:
    """Each contender's expected collected amount in cents, for N spots: (cents (N, P), ok (N,)).

    The net of every pot (``nets`` (N, K), in cents) times the contender's exact equity in it
    (``holes`` (N, P, 2): the contenders' card codes, -1 after the last; ``board`` (N, B), -1
    none; ``eligible`` (N, K, P) 0/1; ``pots`` (N,): how many of the K pots are the spot's, the
    rows after them 0), summed pot by pot, rounded half to even to ``unit`` (N,) cents (1, or 100
    for whole chips) as Decimal rounds the sum of each net times the shortest decimal of its float
    equity. Not ok: no pot, a pot with no contender, or cards that cannot be ranked (a card twice
    or off the deck).
    """
    from rules.equity import spot_equities  # Numba: loaded only for all-in hands
    eligible = np.asarray(eligible, dtype=np.int64)
    nets, pots, unit = (np.asarray(x, dtype=np.int64) for x in (nets, pots, unit))
    equities, ok = spot_equities(holes, board, eligible, order)
    ok &= (pots > 0) & (eligible.any(axis=2) | (np.arange(nets.shape[1]) >= pots[:, None])).all(axis=1)
    total = np.zeros((len(equities), equities.shape[2]))
    for k in range(nets.shape[1]):  # pot by pot, the float sum of the nets' shares in order
        total = total + nets[:, k, None] * equities[:, k]
    units = total / unit[:, None]
    # The float sum is within (pots + 2) * 2**-52 of the nets of the Decimal one: rounded from
    # farther than this margin off a half unit, both round alike; nearer, Decimal decides.
    margin = np.abs(nets).sum(axis=1) / unit * 2.0 ** -40
    cents = np.rint(units).astype(np.int64) * unit[:, None]
    near = (np.abs(units - np.floor(units) - 0.5) <= margin[:, None]) & (np.asarray(holes)[:, :, 0] >= 0)
    for i in np.flatnonzero(near.any(axis=1) & ok).tolist():
        cents[i] = _decimal_ev_cents(equities[i].tolist(), nets[i].tolist(), int(unit[i]))
    return cents, ok


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
