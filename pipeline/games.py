"""Which replay engine and which fact tables serve each kind of game record.

Each module of ``pipeline/facts/`` declares its tables and a ``HANDLERS`` mapping from the
record class it handles to a :class:`Handler`. Adding a game means adding its module to
``FACT_MODULES``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

FACT_MODULES = (
    "pipeline.facts.holdem",
    "pipeline.facts.raspisnoy",
    "pipeline.facts.chinese",
    "pipeline.facts.sixcard",
)


@dataclass(frozen=True, slots=True)
class Handler:
    """How the pipeline treats one record type."""

    replay: Callable
    """``replay(record) -> rules.records.Replay`` (or a subclass with the game's facts)."""
    add_rows: Callable
    """``add_rows(rows: TableRows, record, replay)``: the game's own tables."""


_HANDLERS: dict[type, Handler] | None = None


def handlers() -> dict[type, Handler]:
    global _HANDLERS
    if _HANDLERS is None:
        found: dict[type, Handler] = {}
        for name in FACT_MODULES:
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name != name:
                    raise
                continue  # a game whose facts are not built yet
            found.update(module.HANDLERS)
        _HANDLERS = found
    return _HANDLERS


def handler_for(record) -> Handler:
    try:
        return handlers()[type(record)]
    except KeyError:
        raise LookupError(f"no replay engine for {type(record).__name__} records") from None


def load_all_tables() -> None:
    """Import every game's fact module so that all table schemas are defined."""
    handlers()
