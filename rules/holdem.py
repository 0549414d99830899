"""Hold'em: the game's rule texts (:data:`RULES`, from :mod:`rules.holdem_rules`) and the all-in EV of a
replayed hand.

The replay itself is the compiled engine (:mod:`rules.holdem_fast`; one hand at a time,
:func:`rules.holdem_engine.replay`). :func:`allin_ev_values` turns the exact equity of each pot
(:func:`rules.equity.pot_equities`) into each contender's expected collected amount.

>>> from rules.evaluator import RankOrder
>>> [str(v) for v in allin_ev_values([[51, 50], [47, 46]], [], [[0, 1]], [Decimal(100)], RankOrder.STANDARD,
...                                   Decimal("0.01"))]
['82.64', '17.36']
"""

from __future__ import annotations

from decimal import Decimal

from rules.evaluator import HandError, RankOrder
from rules.holdem_rules import RULES

__all__ = ["RULES", "allin_ev_values"]


def allin_ev_values(holes: list[list[int]], board: list[int], pot_sets: list[list[int]], net_pots: list[Decimal],
                    order: RankOrder, unit: Decimal) -> list[Decimal] | None:
    """Each contender's expected collected amount: the net of every pot times his exact equity in it
    (``holes``: the contenders' card codes; ``pot_sets``: indices into ``holes``), quantized to
    ``unit``; None when the cards cannot be ranked (a card twice or off the deck)."""
    from rules.equity import pot_equities  # Numba: loaded only for all-in hands
    try:
        eq = pot_equities(holes, board, pot_sets, order)
    except HandError:
        return None
    if not net_pots:
        return []
    ev = [Decimal(0)] * len(holes)
    for net, shares in zip(net_pots, eq.tolist()):
        for i, share in enumerate(shares):
            ev[i] = ev[i] + net * Decimal(repr(share))
    return [value.quantize(unit) for value in ev]
