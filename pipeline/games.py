"""Which replay engine and which fact tables serve each kind of game record.

Each module of ``pipeline/facts/`` declares its tables and a ``HANDLERS`` mapping from the
name of the record class it handles (:func:`record_kind`, such as ``rules.chinese.ChineseHand``)
to a :class:`Handler`; a game with a batch lane gives its handler a :class:`Lane`. Keyed by name,
the registry loads no game's records, parser nor engine: each loads when a game of it is read.
Adding a game means adding its module to the imports and to ``HANDLERS`` below (and its tables
to :mod:`pipeline.tables`).
"""

from __future__ import annotations

from pipeline.facts import Handler, Lane, chinese, holdem, phh, raspisnoy, record_kind, sixcard, tournament

__all__ = ["HANDLERS", "Handler", "Lane", "following_games", "handler_for", "lanes", "record_kind"]


def gather(*groups: dict[str, Handler]) -> dict[str, Handler]:
    """Every record class's handler, by the class's name; a record class handled twice is an error."""
    found: dict[str, Handler] = {}
    for group in groups:
        for kind, handler in group.items():
            if kind in found:
                raise ValueError(f"{kind} records have two handlers")
            found[kind] = handler
    return found


HANDLERS: dict[str, Handler] = gather(holdem.HANDLERS, phh.HANDLERS, raspisnoy.HANDLERS, chinese.HANDLERS,
                                        sixcard.HANDLERS, tournament.HANDLERS)


def handler_for(record) -> Handler:
    try:
        return HANDLERS[record_kind(record)]
    except KeyError:
        raise LookupError(f"no replay engine for {type(record).__name__} records") from None


def lanes() -> tuple[Lane, ...]:
    """The registered batch lanes, in the order the worker offers them a file."""
    return tuple(handler.lane for handler in HANDLERS.values() if handler.lane is not None)


def following_games() -> frozenset[str]:
    """The ``games.game`` values of the games judged against the game before them in their file."""
    return frozenset(handler.follows.game for handler in HANDLERS.values() if handler.follows is not None)
