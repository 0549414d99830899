"""What every game record and every replay share: where the game came from and who won what.

Each game module defines its own frozen record (``HoldemHand``, ``RaspisnoyGame`` …) with a
``source: Source`` and an ``info: GameInfo`` field, and its own replay result extending
``Replay``. The pipeline turns these common parts into the ``games``, ``game_players`` and
``findings`` tables.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from rules.findings import Finding


@dataclass(frozen=True, kw_only=True, slots=True)
class Source:
    """Where a game's text is: file, first and last line (1-based), and the hash of its text."""

    file: str
    first_line: int
    last_line: int
    game_id: str

    def line(self, offset: int) -> int:
        """The file line of the ``offset``-th line of the game (0-based)."""
        return self.first_line + offset


@dataclass(frozen=True, kw_only=True, slots=True)
class GameInfo:
    """The columns of the ``games`` table that the log itself states."""

    game: str
    """``holdem``, ``holdem36``, ``raspisnoy``, ``raspisnoy_sheet``, ``chinese``, ``ofc``, ``sixcard``."""
    played_at: datetime | None = None
    club: str | None = None
    table_name: str | None = None
    ruleset: str = "default"
    site: str | None = None
    """The poker room the hand was played in (``PokerStars``, ``GGPoker``, ``Winamax``, ``888poker``
    …); None for a club's own games. A screen name belongs to its site."""
    played_in_utc: bool = False
    """``played_at`` is in UTC: the log names the zone of its time (ROOM-TIME-ZONE). Else it is the
    time as written, on a clock the log does not name."""


def is_nameless(player: str) -> bool:
    """Whether a log names a player with no name at all (a broken line, ``Player  has big blind``):
    such a name is nobody's, and never the same player as another blank name.

    >>> is_nameless(""), is_nameless("  "), is_nameless("Anna")
    (True, True, False)
    """
    return not player.strip()


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerResult:
    """One player's result in one game: chips, points or money, by game."""

    player: str
    net: Decimal
    seat: int | None = None
    is_anonymous: bool = False
    """The name is no person's: a room's anonymous seat (Bovada names seats by their position), or a
    player the log gives no name. The game's facts count him; no player's statistics do."""


@dataclass(frozen=True, kw_only=True)
class Replay:
    """What a replay engine found: its findings and each player's true result."""

    findings: tuple[Finding, ...] = ()
    players: tuple[PlayerResult, ...] = field(default=())


def slot_filler(cls, name: str = "make"):
    """A maker of ``cls`` values from its fields in declaration order, for hot paths.

    A frozen dataclass's own __init__ sets each field through object.__setattr__ (a few
    microseconds per object); this fills each slot by its own descriptor, unrolled (a loop
    over the setters costs twice as much), and makes the same frozen value.

    >>> make = slot_filler(PlayerResult)
    >>> make("Anna", Decimal("2.50"), 3, False) == PlayerResult(player="Anna", net=Decimal("2.50"), seat=3)
    True
    """
    names = [f.name for f in dataclasses.fields(cls)]
    env = {"_new": object.__new__, "cls": cls, **{f"_set_{n}": getattr(cls, n).__set__ for n in names}}
    body = "".join(f"    _set_{n}(obj, {n})\n" for n in names)
    exec(f"def {name}({', '.join(names)}):\n    obj = _new(cls)\n{body}    return obj\n", env)  # noqa: S102 - our own field names, as dataclasses does
    return env[name]
