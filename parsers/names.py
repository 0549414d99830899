"""Players' names as the club formats (raspisnoy, Chinese poker, OFC, six-card) type them by hand."""

from __future__ import annotations


def player_name(text: str) -> str:
    """A name typed by hand, without the blanks around it and with each run of blanks inside it
    one space: a doubled space is a slip of the keyboard, not another person (docs/formats.md,
    "What every parser forgives").

    >>> player_name("  Anna  Maria ")
    'Anna Maria'
    >>> player_name("Anna\\tMaria") == player_name("Anna Maria")
    True
    """
    name = text.strip()
    if "  " in name or "\t" in name:
        return " ".join(name.split())
    return name
