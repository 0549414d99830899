"""How the program words a count, a player, and the names close to a misspelt one, for users: in
the findings' messages, the quarantine's reasons, on the command line and on the dashboards alike."""

from __future__ import annotations

import difflib
import os
import unicodedata
from collections.abc import Iterable

from rules.findings import quoted_name
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


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """" Did you mean 'Anna'?" when ``known`` holds names close to ``name`` (case aside), else ""."""
    return suggested(close_names(name, known))


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


def suggested(names: list[str]) -> str:
    """" Did you mean 'Anna' or 'Anya'?" for ``names``, "" for none; names that print alike told
    apart (:func:`rules.findings.quoted_name`).

    >>> print(suggested(["Анна", "Aнна"]))
     Did you mean 'Анна' or 'Aнна' (A is Latin)?
    """
    if not names:
        return ""
    shown = [quoted_name(name) for name in names]
    # two names that still print alike (a mark no rule shows) are shown by their codes
    shown = [ascii(name) if shown.count(quoted) > 1 else quoted for name, quoted in zip(names, shown)]
    return f" Did you mean {listed(shown)}?"


def no_player(name: str, close: list[str]) -> str:
    """The words for a player no stored game has, with the stored names ``close`` to it
    (:func:`close_names`); look-alike letters named (:func:`rules.findings.quoted_name`), so that
    the name said missing never reads as one that is stored.

    >>> print(no_player("Aнна", ["Анна"]))
    No stored game has a player 'Aнна' (A is Latin). Did you mean 'Анна'?
    """
    return f"No stored game has a player {quoted_name(name)}.{suggested(close)}"


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
