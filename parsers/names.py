"""Players' names: one spelling per name, whatever form its letters were typed in, and the names
the club formats (raspisnoy, Chinese poker, OFC, six-card) type by hand."""

from __future__ import annotations

import unicodedata


def same_name(name: str) -> str:
    """``name`` in Unicode's composed form (NFC): a letter typed as one character (``ё``, U+0451)
    or as a letter and a combining mark (``е`` + U+0308, as phones paste it) is one letter, so
    one player, in every reader and every name a user types (docs/formats.md, "Blanks inside a
    name"). An ASCII name, or one already composed, is returned as it is, at no cost.

    >>> same_name("Але\\u0308на") == "Алёна", len(same_name("Але\\u0308на")), same_name("Anna")
    (True, 5, 'Anna')
    """
    if name.isascii() or unicodedata.is_normalized("NFC", name):
        return name
    return unicodedata.normalize("NFC", name)


def player_name(text: str) -> str:
    """A name typed by hand, without the blanks around it and with each run of blanks inside it
    one space: a doubled space is a slip of the keyboard, not another person (docs/formats.md,
    "What every parser forgives"); its letters composed (:func:`same_name`).

    >>> player_name("  Anna  Maria ")
    'Anna Maria'
    >>> player_name("Anna\\tMaria") == player_name("Anna Maria")
    True
    """
    name = text.strip()
    if "  " in name or "\t" in name:
        name = " ".join(name.split())
    return same_name(name)
