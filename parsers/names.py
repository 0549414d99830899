"""Players' names: one spelling per name, whatever form its letters were typed in, and the names
the club formats (raspisnoy, Chinese poker, OFC, six-card) type by hand."""

from __future__ import annotations

# one composed spelling per name, the rule the dashboards and the command line read names by too
from rules.words import same_name


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
