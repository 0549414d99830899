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

import numpy as np

from rules.evaluator import RankOrder
from rules.holdem_rules import RULES

__all__ = ["RULES", "allin_ev_cents", "exact_ev_cents"]


def allin_ev_cents(holes, board, eligible, nets, pots, order: RankOrder, unit) -> tuple[np.ndarray, np.ndarray]:
    """Each contender's expected collected amount in cents, for N spots: (cents (N, P), ok (N,)).

    The net of every pot (``nets`` (N, K), in cents) times the contender's exact equity in it
    (``holes`` (N, P, 2): the contenders' card codes, -1 after the last; ``board`` (N, B), -1
    none; ``eligible`` (N, K, P) 0/1; ``pots`` (N,): how many of the K pots are the spot's, the
    rows after them 0), summed pot by pot, rounded half to even to ``unit`` (N,) cents (1, or 100
    for whole chips). The equities are the exact counts of :func:`rules.equity.spot_shares`, so an
    amount that falls on a half unit (1/44 of 110 cents: 2.5) is rounded as the half it is. Not
    ok: no pot, a pot with no contender, or cards that cannot be ranked (a card twice or off the
    deck).
    """
    from rules.equity import spot_shares  # Numba: loaded only for all-in hands
    eligible = np.asarray(eligible, dtype=np.int64)
    nets, pots, unit = (np.asarray(x, dtype=np.int64) for x in (nets, pots, unit))
    shares, denominators, ok = spot_shares(holes, board, eligible, order)
    ok &= (pots > 0) & (eligible.any(axis=2) | (np.arange(nets.shape[1]) >= pots[:, None])).all(axis=1)
    total = np.zeros(shares.shape[::2])
    for k in range(nets.shape[1]):  # pot by pot, in floats: the products may pass 64-bit integers
        total = total + nets[:, k, None].astype(np.float64) * shares[:, k]
    units = total / (np.maximum(denominators, 1) * unit)[:, None]
    # The float sum is within (pots + 2) * 2**-52 of the exact one: rounded from farther than this
    # margin off a half unit, both round alike; nearer, the exact integers decide.
    margin = np.abs(nets).sum(axis=1) / unit * 2.0 ** -40
    cents = np.rint(units).astype(np.int64) * unit[:, None]
    near = (np.abs(units - np.floor(units) - 0.5) <= margin[:, None]) & (np.asarray(holes)[:, :, 0] >= 0)
    for i in np.flatnonzero(near.any(axis=1) & ok).tolist():
        cents[i] = exact_ev_cents(shares[i].tolist(), int(denominators[i]), nets[i].tolist(), int(unit[i]))
    return cents, ok


def exact_ev_cents(shares: list[list[int]], denominator: int, pot_nets: list[int], unit: int) -> list[int]:
    """:func:`allin_ev_cents` of one spot in integers: each contender's sum over the pots of the
    pot's net times his share, over the denominator, rounded half to even to the unit (cents).

    >>> exact_ev_cents([[43, 1]], 44, [110], 1)     # 2.5 cents: half to even is 2, not 3
    [108, 2]
    """
    whole = denominator * unit
    cents = []
    for i in range(len(shares[0])):
        units, rest = divmod(sum(net * pot[i] for net, pot in zip(pot_nets, shares)), whole)
        if 2 * rest > whole or (2 * rest == whole and units % 2):
            units += 1
        cents.append(units * unit)
    return cents
