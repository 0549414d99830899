"""The names a warehouse shows its players and persons by, and the names its games' logs give them.

Players: the names that print alike (a Latin A in a Cyrillic word; ``ВОВА`` in Cyrillic beside ``BOBA``
in Latin) are told apart among these, so that the command line and every page of the dashboards mark
one name the same (:func:`rules.words.printing_alike`). Games: a game is found by the name or number
its log gives it (``games.name_in_log``), as the command line and the dashboards' addresses take it."""

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


def games_named_sql(games: str) -> str:
    """The query of the IDs (at most 6, in order) of the games of the relation ``games`` (``stg_games``,
    ``game_list``: any with ``game_id`` and ``name_in_log``) that their log names as ``$name`` or
    ``$bare`` (:func:`name_parameters`)."""
    return f"select game_id from {games} where name_in_log in ($name, $bare) order by game_id limit 6"


def name_parameters(name: str) -> dict[str, str]:
    """The parameters of :func:`games_named_sql` for a name as a user types it: a club game's name as
    its header writes it (``R-2026-11-28-1``), a Hold'em hand's number with or without the ``#`` the
    log writes before it (``#250000000000``).

    >>> name_parameters(" #250000000000 ")
    {'name': '#250000000000', 'bare': '250000000000'}
    """
    name = name.strip()
    return {"name": name, "bare": name.removeprefix("#")}
