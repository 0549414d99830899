"""A player's name in the pages' text: two players whose names print alike never read alike.

A name that prints as another's is shown as every list shows it (:func:`rules.words.listed_name`:
``'Aнна' (A is Latin)``, ``'ВОВА' (Cyrillic letters)``) in the cells that list names and the
sentences that name players too (a finding's message, a replay's steps): :func:`marked_names` finds
it in a text, or in the HTML a replay draws. The stored name, and the address's ``?player=``, stay
as they are: only the text shown is marked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import lru_cache

from rules.cards import Suit
from rules.words import listed_name


def marked_names(text: str, alike: Collection[str], written: Callable[[str], str] = str) -> str:
    """``text`` with each name of ``alike`` in it shown as :func:`rules.words.listed_name` shows it: a name alone
    in a cell, a list of names, a sentence (a finding's message, a replay's step). A name is taken
    where it stands whole (no letter, digit, dash or suit sign beside it: ``A♠`` is a card, not the
    player ``A``), the longest first, and never again where it is shown marked already.
    ``written``: how ``text`` writes a text (``html.escape`` in HTML, whose tags and character
    references are never searched), the form in which a name is looked for and its mark put.

    >>> print(marked_names("Vera, Aнна (PokerStars)", {"Aнна"}), "/", marked_names("Aнна2 acts", {"Aнна"}))
    Vera, 'Aнна' (A is Latin) (PokerStars) / Aнна2 acts
    >>> print(marked_names("'Aнна' (A is Latin) is not one of the players (Aнна's table)", {"Aнна"}))
    'Aнна' (A is Latin) is not one of the players ('Aнна' (A is Latin)'s table)
    """
    if not alike:
        return text
    alike = frozenset(alike)
    pattern, shown = _names_pattern(alike, written)
    return pattern.sub(lambda found: shown[found["name"]] if found["name"] else found[0], text)


@lru_cache(maxsize=32)
def _names_pattern(alike: frozenset[str], written: Callable[[str], str]) -> tuple[re.Pattern, dict[str, str]]:
    """The expression that finds the names of ``alike`` (as ``written``) in a text, and each one's mark."""
    longest_first = sorted(alike, key=len, reverse=True)
    shown = {written(name): written(listed_name(name, alike)) for name in longest_first}
    kept = [re.escape(mark) for name, mark in shown.items() if mark != name]
    if written is not str:
        kept += [r"<[^>]*>", r"&#?\w+;"]       # markup: a tag, a character reference
    names = "|".join(re.escape(name) for name in shown)
    apart = rf"[\w\-{_SUIT_SIGNS}]"
    return re.compile("".join(f"{alternative}|" for alternative in kept)
                      + rf"(?<!{apart})(?P<name>{names})(?!{apart})"), shown


_SUIT_SIGNS = "".join(suit.symbol for suit in Suit) + "♤♡♢♧"
"""The signs a card's suit is drawn with, after its rank (``A♠``), filled or not."""
