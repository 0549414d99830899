"""A player's name as the pages list it: two players whose names print alike never read alike.

A log may name ``Aнна`` (a Latin A in a Cyrillic word) beside ``Анна``: two players, printed the
same. The messages quote such a name and name its odd letters (:func:`rules.findings.quoted_name`:
``'Aнна' (A is Latin)``); the pages' lists of players (select boxes, leaderboards, every table's
player column) show it the same way, and so do the cells that list names (:func:`listed_names`). The
stored name, and the address's ``?player=``, stay as they are: only the text shown is marked.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from rules.findings import look_alikes, quoted_name, visible
from rules.words import same_name


def prints_like_another(name: str) -> bool:
    """Whether ``name`` prints as another name does: a word of letters of two look-alike scripts
    (:func:`rules.findings.look_alikes`), a character that prints as nothing (a zero-width space), or
    a letter spelled as a letter and a mark (``е`` + U+0308, which prints as the stored ``ё``).

    >>> prints_like_another("Aнна"), prints_like_another("Анна"), prints_like_another("Ан\\u200bна")
    (True, False, True)
    """
    return bool(look_alikes(name)) or visible(name) != name or same_name(name) != name


def listed_name(name: str) -> str:
    """``name`` as a list of players shows it: as it prints, or, when it prints as another name
    does, as the messages quote it.

    >>> print(listed_name("Aнна"), listed_name("Анна"), listed_name("Anna"))
    'Aнна' (A is Latin) Анна Anna
    """
    return quoted_name(name) if prints_like_another(name) else name


_WITH_ROOM = re.compile(r"(?P<name>.+) \((?P<room>[^()]*)\)")
"""An item of a list of a person's linked names: the name, then its room in brackets (``Aнна (PokerStars)``)."""


def listed_names(text: str, names: Collection[str]) -> str:
    """``text``, names parted by commas (a person's linked names, each with its room; the players a
    finding expected in turn), as a list of players shows them: each item that is one of ``names``,
    alone or before its room, marked as :func:`listed_name` marks it. Only a whole item is taken for
    a name: any other text (a finding's ``2 to 4``, ``a hand line for Aнна``) is left as it is.

    >>> print(listed_names("Aнна (PokerStars), Анна", {"Aнна", "Анна"}))
    'Aнна' (A is Latin) (PokerStars), Анна
    >>> print(listed_names("Vera, Aнна", {"Aнна"}), "/", listed_names("a hand line for Aнна", {"Aнна"}))
    Vera, 'Aнна' (A is Latin) / a hand line for Aнна
    """

    def listed(item: str) -> str:
        if item in names:
            return listed_name(item)
        with_room = _WITH_ROOM.fullmatch(item)
        if with_room and with_room["name"] in names:
            return f"{listed_name(with_room['name'])} ({with_room['room']})"
        return item

    return ", ".join(listed(item) for item in text.split(", "))
