"""Which replay engine and which fact tables serve each kind of game record.

Each module of ``pipeline/facts/`` declares its tables and a ``HANDLERS`` mapping from the
record class it handles to a :class:`Handler`; a game with a batch lane gives its handler a
:class:`Lane`. Adding a game means adding its module to the imports and to ``HANDLERS`` below
(and its tables to :mod:`pipeline.tables`).
"""

from __future__ import annotations

from pipeline.facts import Handler, Lane, chinese, holdem, phh, raspisnoy, sixcard, tournament

__all__ = ["HANDLERS", "Handler", "Lane", "handler_for", "lanes"]


def gather(*groups: dict[type, Handler]) -> dict[type, Handler]:
    """Every record class's handler; a record class handled twice is an error."""
    found: dict[type, Handler] = {}
    for group in groups:
        for record_class, handler in group.items():
            if record_class in found:
                raise ValueError(f"{record_class.__name__} records have two handlers")
            found[record_class] = handler
    return found


HANDLERS: dict[type, Handler] = gather(holdem.HANDLERS, phh.HANDLERS, raspisnoy.HANDLERS, chinese.HANDLERS,
                                        sixcard.HANDLERS, tournament.HANDLERS)


def handler_for(record) -> Handler:
    try:
        return HANDLERS[type(record)]
    except KeyError:
        raise LookupError(f"no replay engine for {type(record).__name__} records") from None


def lanes() -> tuple[Lane, ...]:
    """The registered batch lanes, in the order the worker offers them a file."""
    return tuple(handler.lane for handler in HANDLERS.values() if handler.lane is not None)
