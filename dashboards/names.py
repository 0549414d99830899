"""A player's name as the pages list it: two players whose names print alike never read alike.

A log may name ``Aнна`` (a Latin A in a Cyrillic word) beside ``Анна``: two players, printed the
same. The messages quote such a name and name its odd letters (:func:`rules.findings.quoted_name`:
``'Aнна' (A is Latin)``); the pages' lists of players (select boxes, leaderboards, every table's
player column) show it the same way. The stored name, and the address's ``?player=``, stay as they
are: only the text shown is marked.
"""

from __future__ import annotations

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
