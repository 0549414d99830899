"""The options of Hold'em's rulebook that a setting chooses (``--rules``, ``rasklad settings rules``):
each option's name and what it chooses, declared once. The settings (``pipeline.table_rules``) read
them, and the findings name the options that judged them (``rules.holdem_explain``). A module of its
own, importing nothing, so that the worker's settings load no Hold'em rules before a hand is read.
"""

from __future__ import annotations

__all__ = ["CAP_OPTIONS", "HEADS_UP_OPTIONS", "ODD_CHIP_OPTIONS", "ORDER_OPTIONS", "option_said"]

ORDER_OPTIONS = {"straight_beats_trips": True, "trips_beat_straight": False}
"""Each 36-card order's name and what it chooses (True: a straight beats three of a kind)."""
CAP_OPTIONS = {**{f"limit_cap_{bets}": bets for bets in range(2, 10)}, "limit_uncapped": -1}
"""Limit Hold'em's cap (HE-LIMIT-CAP): the bets a betting round allows, or none (-1)."""
HEADS_UP_OPTIONS = {"cap_heads_up": True, "uncapped_heads_up": False}
"""Whether Limit's cap holds in a round that starts heads-up."""
ODD_CHIP_OPTIONS = {"odd_chip_left_of_button": False, "odd_chip_any": True}
"""Who gets a split pot's odd units: the first winners clockwise from the button (the default),
or any winners (True: each collects his equal share or one unit more)."""
_OPTION_WORDS = {"straight_beats_trips": "a straight beats three of a kind",
                 "trips_beat_straight": "three of a kind beats a straight",
                 "odd_chip_left_of_button": "the odd units to the first winners clockwise from the button",
                 "odd_chip_any": "any winners may take the odd units, one each",
                 "cap_heads_up": "the cap holds in a round that starts heads-up",
                 "uncapped_heads_up": "no cap in a round that starts heads-up",
                 "limit_uncapped": "no cap on the bets of a betting round",
                 **{name: f"{bets} bets a betting round" for name, bets in CAP_OPTIONS.items() if bets > 0}}


def option_said(options: dict[str, object], value: object) -> str:
    """The option of ``options`` (one of the tables above) that chooses ``value``, named as its
    setting is, with what it says: ``odd_chip_any (any winners may take the odd units, one each)``."""
    name = next(name for name, chosen in options.items() if chosen == value)
    return f"{name} ({_OPTION_WORDS[name]})"
