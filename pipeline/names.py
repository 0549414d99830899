"""The names a warehouse shows its players and persons by: the names that print alike (a Latin A in a
Cyrillic word; ``ВОВА`` in Cyrillic beside ``BOBA`` in Latin) are told apart among these, so that the
command line and every page of the dashboards mark one name the same (:func:`rules.words.printing_alike`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import duckdb

STORED_NAMES = ("select player as name from people where count_games > 0 or count_tournaments > 0 "
                "union select person from people")
"""Every name a warehouse lists: the screen names of its games and of the tournament summaries' account
holders (an opponent a summary lists, met once, is no player of ours), and the persons they belong to."""


def stored_names(con: duckdb.DuckDBPyConnection) -> frozenset[str]:
    """The names :data:`STORED_NAMES` lists; none before the people mart is built."""
    if not con.execute("select 1 from information_schema.tables where table_name = 'people'").fetchone():
        return frozenset()
    return frozenset(name for (name,) in con.execute(STORED_NAMES).fetchall())
