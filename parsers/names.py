"""Players' names: as the club formats (raspisnoy, Chinese poker, OFC, six-card) type them by hand,
and the names of a room's anonymous seats that another room's text keeps."""

from __future__ import annotations

import re
from collections.abc import Iterable

BOVADA_SEAT = re.compile(r"Dealer|Small Blind|Big Blind|UTG(?:(?:\+|plus)\d)?|Seat \d+")
"""A seat Bovada (Ignition, Bodog) names by its position, as its text writes it (``UTG+1``) and as
the trackers that convert its hands to PokerStars' text do (``UTGplus1``, ``Seat 3``)."""


def player_name(text: str) -> str:
    """A name typed by hand, without the blanks around it and with each run of blanks inside it
    one space: a doubled space is a slip of the keyboard, not another person (docs/formats.md,
    "What every parser forgives").

    >>> player_name("  Anna  Maria ")
    'Anna Maria'
    >>> player_name("Anna\\tMaria") == player_name("Anna Maria")
    True
    """
    name = text.strip()
    if "  " in name or "\t" in name:
        return " ".join(name.split())
    return name


def seats_named_by_position(players: Iterable[str]) -> frozenset[str]:
    """Of a hand's seated players, those that are Bovada's anonymous seats in a hand converted to
    another room's text: every seat but at most one (the log's owner, whom a conversion names by
    the account's name, ``brian``, or ``Big Blind [ME]``) named by its position (:data:`BOVADA_SEAT`). Each is
    nobody: the same name in two hands is two strangers. In a hand of real names none is, even a
    player named ``Dealer``.

    >>> sorted(seats_named_by_position(["Big Blind", "UTG", "UTGplus1", "brian", "Small Blind"]))
    ['Big Blind', 'Small Blind', 'UTG', 'UTGplus1']
    >>> seats_named_by_position(["Dealer", "Anna", "Boris"])
    frozenset()
    """
    names = list(players)
    positions = frozenset(name for name in names if BOVADA_SEAT.fullmatch(name))
    return positions if positions and len(set(names) - positions) <= 1 else frozenset()
