"""Random legal games written as log text: demo data, round-trip tests, benchmarks."""

from __future__ import annotations

__all__ = ["one_of", "player_range"]


def one_of(values: tuple[str, ...]) -> str:
    """A setting's allowed values in words, for its refusal.

    >>> one_of(("random", "simple", "best"))
    'random, simple or best'
    """
    return ", ".join(values[:-1]) + " or " + values[-1]


def player_range(value, fewest: int, most: int) -> tuple[int, int]:
    """The fewest and most players of a generator's ``players`` setting: a number, a range as
    text (``"2-6"``, as the command's settings give it) or a pair, within ``fewest`` to ``most``.

    >>> player_range("2-4", 2, 4), player_range(3, 2, 4), player_range("3", 2, 4)
    ((2, 4), (3, 3), (3, 3))
    >>> player_range("2-5", 2, 4)
    Traceback (most recent call last):
    ValueError: players '2-5' must be 2 to 4 (or a range like 2-4)
    """
    if isinstance(value, (tuple, list)):
        low, high = (int(v) for v in value)
    elif isinstance(value, int):
        low = high = value
    else:
        low_text, _, high_text = str(value).partition("-")
        low, high = int(low_text), int(high_text or low_text)
    if not fewest <= low <= high <= most:
        raise ValueError(f"players {value!r} must be {fewest} to {most} (or a range like {fewest}-{most})")
    return low, high
