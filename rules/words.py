"""How the program words a count, a player, and the names close to a misspelt one, for users: in
the findings' messages, the quarantine's reasons, on the command line and on the dashboards alike.

A log may name ``Aнна`` (a Latin A in a Cyrillic word) beside ``Анна``, or ``ВОВА`` (Cyrillic) beside
``BOBA`` (Latin): two players, printed the same. The messages quote such a name and name its odd
letters (:func:`rules.findings.quoted_name`: ``'Aнна' (A is Latin)``); every list of players shows it
so too (:func:`listed_name`), and names twins that print alike letter for letter by the scripts of
their letters, among the names the list is read with (:func:`printing_alike`): the command line's
tables and the dashboards' pages alike. The stored name stays as it is: only the text shown is marked.
"""

from __future__ import annotations

import difflib
import os
import unicodedata
from collections.abc import Collection, Iterable
from functools import lru_cache

from rules.findings import look_alike_scripts, look_alikes, quoted_name, visible
from rules.records import is_nameless


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """A count and its noun, singular for one.

    >>> counted(1, "hand"), counted(2, "game"), counted(0, "match", "matches"), counted(1234, "box", "boxes")
    ('1 hand', '2 games', '0 matches', '1,234 boxes')
    """
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def same_name(name: str) -> str:
    """``name`` in Unicode's composed form (NFC): a letter typed as one character (``ё``, U+0451)
    or as a letter and a combining mark (``е`` + U+0308, as phones paste it) is one letter, so
    one player, in every reader and every name a user types or an address gives (docs/formats.md, "Blanks inside a
    name"). An ASCII name, or one already composed, is returned as it is, at no cost.

    >>> same_name("Але\\u0308на") == "Алёна", len(same_name("Але\\u0308на")), same_name("Anna")
    (True, 5, 'Anna')
    """
    if name.isascii() or unicodedata.is_normalized("NFC", name):
        return name
    return unicodedata.normalize("NFC", name)


def player_named(player: str) -> str:
    """A player as a message names him: his name, or words for a name the log leaves blank.

    >>> player_named("Anna"), player_named("")
    ('Anna', 'a player with no name')
    """
    return "a player with no name" if is_nameless(player) else player


def name_order(name: str) -> tuple[str, str]:
    """The key every list of names shown is sorted by: the letters without case or marks first, so
    that ``Ёжик`` stands among the ``Е``s and ``анна`` by ``Анна`` (not after ``Я``, as in code
    order), then the name itself, so that the order is always the same.

    >>> sorted(["Яна", "анна", "Ёжик", "Жук", "Анна", "Ежевика", "Й", "И"], key=name_order)
    ['Анна', 'анна', 'Ежевика', 'Ёжик', 'Жук', 'И', 'Й', 'Яна']
    """
    if name.isascii():
        return name.casefold(), name
    letters = "".join(c for c in unicodedata.normalize("NFD", name) if unicodedata.category(c) != "Mn")
    return letters.casefold(), name


def did_you_mean(name: str, known: Iterable[str], alike: Collection[str] = ()) -> str:
    """" Did you mean 'Anna'?" when ``known`` holds names close to ``name`` (case aside), else ""; a
    twin of ``alike`` (:func:`printing_alike`) with the scripts of its letters (:func:`suggested`)."""
    return suggested(close_names(name, known), alike)


def close_names(name: str, known: Iterable[str]) -> list[str]:
    """The names of ``known`` close to ``name`` (case aside), at most three, the closest first."""
    by_folded: dict[str, str] = {}
    for candidate in known:
        by_folded.setdefault(candidate.casefold(), candidate)
    wanted = name.casefold()
    close = difflib.get_close_matches(wanted, list(by_folded), n=3, cutoff=0.6)
    # the closest first: fewest letters to change, then the longest start in common ('Ana': Anna before Yana)
    close.sort(key=lambda folded: (letters_to_change(wanted, folded), -len(os.path.commonprefix([wanted, folded])),
                                   -difflib.SequenceMatcher(None, wanted, folded).ratio(), folded))
    return [by_folded[folded] for folded in close]


def listed(items: Iterable[str], last: str = "or") -> str:
    """``a, b or c``.

    >>> listed(["`on`", "`off`"]), listed(["a", "b", "c"], "and")
    ('`on` or `off`', 'a, b and c')
    """
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def suggested(names: list[str], alike: Collection[str] = ()) -> str:
    """" Did you mean 'Anna' or 'Anya'?" for ``names``, "" for none; names that print alike told
    apart (:func:`rules.findings.quoted_name`), a twin of ``alike`` (:func:`printing_alike`) with
    the scripts of its letters, as the lists show it (:func:`listed_name`).

    >>> print(suggested(["Анна", "Aнна"]))
     Did you mean 'Анна' or 'Aнна' (A is Latin)?
    >>> print(suggested(["BOBA"], alike={"BOBA", "ВОВА"}))
     Did you mean 'BOBA' (Latin letters)?
    """
    if not names:
        return ""
    shown = [quoted_name(name) + _twin_mark(name, alike) for name in names]
    # two names that still print alike (a mark no rule shows) are shown by their codes
    shown = [ascii(name) if shown.count(quoted) > 1 else quoted for name, quoted in zip(names, shown)]
    return f" Did you mean {listed(shown)}?"


def no_player(name: str, close: list[str], alike: Collection[str] = ()) -> str:
    """The words for a player no stored game has, with the stored names ``close`` to it
    (:func:`close_names`); look-alike letters named (:func:`rules.findings.quoted_name`), so that
    the name said missing never reads as one that is stored, and a stored twin of ``alike``
    (:func:`printing_alike`) offered with the scripts of its letters.

    >>> print(no_player("Aнна", ["Анна"]))
    No stored game has a player 'Aнна' (A is Latin). Did you mean 'Анна'?
    >>> print(no_player("BOBAN", ["BOBA"], alike={"BOBA", "ВОВА"}))
    No stored game has a player 'BOBAN'. Did you mean 'BOBA' (Latin letters)?
    """
    return f"No stored game has a player {quoted_name(name)}.{suggested(close, alike)}"


def told_apart(names: Iterable[str]) -> list[str]:
    """``names`` as a list shows them side by side: each as it prints, but those that print alike
    as another of the list (one letter in two Unicode spellings, ``ё`` and ``е`` + U+0308) quoted
    as a message compares them (:func:`rules.findings.quoted_name`), the decomposed one's mark
    by its code.

    >>> print(", ".join(told_apart(["Alyona", "Алёна", "Але\u0308на"])))
    Alyona, 'Алёна', 'Але\u0308на'
    """
    names = list(names)
    composed = [same_name(name) for name in names]
    return [quoted_name(name) if composed.count(same) > 1 else name for name, same in zip(names, composed)]


def letters_to_change(one: str, other: str) -> int:
    """The fewest letters to insert, delete or replace to turn ``one`` into ``other`` (Levenshtein).

    >>> letters_to_change("hok", "hook"), letters_to_change("surender", "surrender")
    (1, 1)
    """
    previous = list(range(len(other) + 1))
    for i, letter in enumerate(one, 1):
        current = [i]
        for j, theirs in enumerate(other, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (letter != theirs)))
        previous = current
    return previous[-1]


# -- names that print alike ----------------------------------------------------------------------

def listed_name(name: str, alike: Collection[str] = ()) -> str:
    """``name`` as a list of players shows it: as it prints, or, when it prints as another name does,
    as the messages quote it (:func:`rules.findings.quoted_name`), and, when it prints as another of
    ``alike`` (:func:`printing_alike`) letter for letter, with the scripts of its letters.

    >>> print(listed_name("Aнна"), listed_name("Анна"), listed_name("Anna"))
    'Aнна' (A is Latin) Анна Anna
    >>> print(listed_name("ВОВА", {"ВОВА", "BOBA"}), listed_name("BOBA", {"ВОВА", "BOBA"}), listed_name("ВОВА"))
    'ВОВА' (Cyrillic letters) 'BOBA' (Latin letters) ВОВА
    """
    if name in alike or _marked_alone(name):
        return quoted_name(name) + _twin_mark(name, alike)
    return name


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


def skeleton(name: str) -> str:
    """``name`` with each character replaced by the one its class of look-alikes is known by, after
    its letters and marks are taken apart (NFD), as Unicode's skeleton (UTS #39): two names that print
    alike have one skeleton.

    >>> skeleton("ВОВА") == skeleton("BOBA"), skeleton("Анна") == skeleton("Anna")
    (True, False)
    """
    return unicodedata.normalize("NFD", name).translate(_PROTOTYPES)


def _marked_alone(name: str) -> bool:
    """Whether ``name`` prints as another name would, whatever the other names: a word of letters of
    two look-alike scripts, a character that prints as nothing, a letter spelled as a letter and a mark."""
    return bool(look_alikes(name)) or visible(name) != name or same_name(name) != name


def _twin_mark(name: str, alike: Collection[str]) -> str:
    """The words after a quoted name that say what it is written in, when it prints as another of
    ``alike`` letter for letter (a name marked alone says its odd letters instead), else ""."""
    return f" ({_written_in(name)})" if name in alike and not _marked_alone(name) else ""


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


class _Prototypes(dict):
    """Each character that prints as others do (by its code, a ``str.translate`` table), mapped to one
    character of them (the same for all: the least), from Unicode's confusables as
    ``confusable_homoglyphs.confusables.is_confusable`` gives them: a character's class is looked up
    the first time a name holds it, so that a command that lists a few names reads a few classes."""

    def __missing__(self, code: int) -> str:
        from confusable_homoglyphs import confusables

        found, asked = {chr(code)}, chr(code)
        while asked:    # the library lists a character's look-alikes; theirs are of its class too
            glyphs = {glyph["c"] for each in confusables.is_confusable(asked, greedy=True) or ()
                      for glyph in each["homoglyphs"]
                      if len(glyph["c"]) == 1}  # (a sequence, "rn" for "m": a name is compared letter by letter)
            asked = "".join(glyphs - found)
            found |= glyphs
        prototype = min(found)
        self.update(dict.fromkeys(map(ord, found), prototype))
        return prototype


_PROTOTYPES = _Prototypes()
