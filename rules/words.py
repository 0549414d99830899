"""How the program words a count, and a player, for users: in the findings' messages, on the command
line and on the dashboards alike."""

from __future__ import annotations

from rules.records import is_nameless


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """A count and its noun, singular for one.

    >>> counted(1, "hand"), counted(2, "game"), counted(0, "match", "matches"), counted(1234, "box", "boxes")
    ('1 hand', '2 games', '0 matches', '1,234 boxes')
    """
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def player_named(player: str) -> str:
    """A player as a message names him: his name, or words for a name the log leaves blank.

    >>> player_named("Anna"), player_named("")
    ('Anna', 'a player with no name')
    """
    return "a player with no name" if is_nameless(player) else player
