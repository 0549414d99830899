"""A player's name as the pages show it: two players whose names print alike never read alike.

A log may name ``Aнна`` (a Latin A in a Cyrillic word) beside ``Анна``, or ``ВОВА`` (Cyrillic) beside
``BOBA`` (Latin): two players, printed the same. The messages quote such a name and name its odd
letters (:func:`rules.findings.quoted_name`: ``'Aнна' (A is Latin)``); the pages show it the same way
(:func:`listed_name`) wherever a reader tells players apart by their names: the lists of players
(select boxes, leaderboards, every table's player column), the cells that list names, and the
sentences that name players (a finding's message, a replay's steps, :func:`marked_names`). The
stored name, and the address's ``?player=``, stay as they are: only the text shown is marked.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterable
from functools import cache, lru_cache

from rules.cards import Suit
from rules.findings import look_alike_scripts, look_alikes, quoted_name, visible
from rules.words import same_name


def _marked_alone(name: str) -> bool:
    """Whether ``name`` prints as another name would, whatever the other names: a word of letters of
    two look-alike scripts, a character that prints as nothing, a letter spelled as a letter and a mark."""
    return bool(look_alikes(name)) or visible(name) != name or same_name(name) != name


@cache
def _prototypes() -> dict[int, str]:
    """Each character that prints as others do (by its code, a ``str.translate`` table), mapped to one
    character of those (the same for all): the classes of Unicode's confusables (UTS #39), from the
    data ``confusable_homoglyphs`` keeps of it. Loaded on first use (a few tenths of a second): only a
    page that shows names needs it."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while char in parent:
            char = parent[char]
        return char

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            # (a sequence, "rn" for "m", is left out: a name is compared letter by letter)
            if len(char) == 1 and len(glyph["c"]) == 1:
                first, other = root(char), root(glyph["c"])
                if first != other:
                    parent[max(first, other)] = min(first, other)
    return {ord(char): root(char) for char in parent}


def skeleton(name: str) -> str:
    """``name`` with each character replaced by the one its class of look-alikes is known by, after
    its letters and marks are taken apart (NFD), as Unicode's skeleton: two names that print alike
    have one skeleton.

    >>> skeleton("ВОВА") == skeleton("BOBA"), skeleton("Анна") == skeleton("Anna")
    (True, False)
    """
    return unicodedata.normalize("NFD", name).translate(_prototypes())


def printing_alike(names: Iterable[str]) -> frozenset[str]:
    """The names of ``names`` that print as another name does: alone (a word of letters of two
    look-alike scripts, a character that prints as nothing, a letter spelled as a letter and a mark),
    or beside another of ``names`` that prints the same letter for letter in other scripts (one
    :func:`skeleton`, other letters or digits: :func:`_written_in`), when neither is marked alone.
    ``Анна`` beside ``Aнна`` is not: the Latin A's mark tells them apart.

    >>> sorted(printing_alike(["ВОВА", "BOBA", "Анна", "Anna", "Иван", "Ivan", "Aнна"]))
    ['Aнна', 'BOBA', 'ВОВА']
    """
    return _printing_alike(frozenset(names))


@lru_cache(maxsize=16)
def _printing_alike(names: frozenset[str]) -> frozenset[str]:
    alone = {name for name in names if _marked_alone(name)}
    by_skeleton: dict[str, list[str]] = {}
    for name in names - alone:
        by_skeleton.setdefault(skeleton(name), []).append(name)
    twins = {name for group in by_skeleton.values()
             if len(group) > 1 and len({_written_in(name) for name in group}) > 1 for name in group}
    return frozenset(alone | twins)


def prints_like_another(name: str, among: Collection[str] = ()) -> bool:
    """Whether ``name`` prints as another name does (:func:`printing_alike`): alone, or beside a name of
    ``among``.

    >>> prints_like_another("Aнна"), prints_like_another("Анна"), prints_like_another("Ан\\u200bна")
    (True, False, True)
    >>> prints_like_another("ВОВА"), prints_like_another("ВОВА", ["BOBA"]), prints_like_another("Анна", ["Anna"])
    (False, True, False)
    """
    return name in printing_alike({name, *among})


def listed_name(name: str, alike: Collection[str] = ()) -> str:
    """``name`` as the pages show it: as it prints, or, when it prints as another name does, as the
    messages quote it (:func:`rules.findings.quoted_name`), and, when it prints as another of
    ``alike`` (:func:`printing_alike`) letter for letter, with the scripts of its letters.

    >>> print(listed_name("Aнна"), listed_name("Анна"), listed_name("Anna"))
    'Aнна' (A is Latin) Анна Anna
    >>> print(listed_name("ВОВА", {"ВОВА", "BOBA"}), listed_name("BOBA", {"ВОВА", "BOBA"}), listed_name("ВОВА"))
    'ВОВА' (Cyrillic letters) 'BOBA' (Latin letters) ВОВА
    """
    if _marked_alone(name):
        return quoted_name(name)
    if name in alike:
        return f"{quoted_name(name)} ({_written_in(name)})"
    return name


def _written_in(name: str) -> str:
    """What a twin's mark says it is written in: the scripts of its letters that look alike, and its
    digits (``B0BA`` beside ``BOBA``, ``007`` beside ``OO7``).

    >>> _written_in("ВОВА"), _written_in("B0BA"), _written_in("007")
    ('Cyrillic letters', 'Latin letters and digits', 'digits')
    """
    scripts = look_alike_scripts(name)
    parts = [f"{' and '.join(scripts)} letters"] if scripts else []
    if any(char.isdigit() for char in name):
        parts.append("digits")
    return " and ".join(parts) or "no letters"


def marked_names(text: str, alike: Collection[str], written: Callable[[str], str] = str) -> str:
    """``text`` with each name of ``alike`` in it shown as :func:`listed_name` shows it: a name alone
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
