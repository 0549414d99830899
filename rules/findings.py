"""Findings: what the replay engine reports when a log breaks a rule.

A rule broken in a log is a finding, never an exception: the replay collects every
finding of a game and goes on, so an auditor sees all of them at once.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass


class Severity(enum.StrEnum):
    """How bad a finding is."""

    ERROR = "error"
    """The log contradicts the rules or its own arithmetic."""
    WARNING = "warning"
    """Allowed by the rules, but unusual enough that an auditor should look."""


CONTROL_CHARACTER = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""A control character: C0 (a NUL, an escape), DEL, or C1 (U+0080 to U+009F, which no decoded
text holds: a Windows code page's 0x80-0x9F are letters and signs). No log writes one in a line,
and no output sends one as it is, to move a terminal's cursor or clear its screen. A tab (a blank)
and a line feed (a line's end) are not among them."""
_INVISIBLE = ("Cc", "Cf")
"""The kinds of characters that print as nothing: controls and format characters (U+FEFF,
U+200D, U+202E …). A name holding one looks like another player's."""


def visible(text: str) -> str:
    """``text`` with each character that prints as nothing written as its code (``\\ufeff``), so
    that a message never shows two different names alike.

    >>> visible("Bo\\ufeffris acts"), visible("Анна")
    ('Bo\\\\ufeffris acts', 'Анна')
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join((f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
                   if c not in "\t\n" and unicodedata.category(c) in _INVISIBLE else c for c in text)


_LOOK_ALIKE_SCRIPTS = frozenset(("LATIN", "CYRILLIC", "GREEK"))
"""The scripts whose letters look alike (Latin A, Cyrillic А, Greek Α): a word mixing them reads
as a word of one script, and as another player's name."""


def _script(letter: str) -> str:
    return unicodedata.name(letter, "").partition(" ")[0]


def look_alikes(name: str) -> str:
    """Words for the letters of ``name`` that stand in a word of another script, among Latin,
    Cyrillic and Greek (" (A is Latin)"), else "": such a name prints like another player's
    (Cyrillic ``Анна``), and is another player.

    >>> look_alikes("Aнна"), look_alikes("Анна"), look_alikes("Глеб (me)"), look_alikes("Сaшa Kozlov")
    (' (A is Latin)', '', '', ' (a is Latin)')
    """
    if name.isascii():
        return ""
    marked: dict[str, str] = {}
    word: list[str] = []
    for char in name + " ":
        if unicodedata.category(char).startswith("L"):
            word.append(char)
            continue
        scripts = [_script(letter) for letter in word]
        mixed = _LOOK_ALIKE_SCRIPTS.intersection(scripts)
        if len(mixed) > 1:
            # the word's script is the one most of its letters are in (a tie: its first letter's)
            main = max(mixed, key=lambda script: (scripts.count(script), -scripts.index(script)))
            for letter, script in zip(word, scripts):
                if script in mixed and script != main:
                    marked.setdefault(letter, script.capitalize())
        word = []
    return f" ({', '.join(f'{letter} is {script}' for letter, script in marked.items())})" if marked else ""


def look_alike_scripts(name: str) -> tuple[str, ...]:
    """The scripts whose letters look alike (Latin, Cyrillic, Greek) that the letters of ``name`` are
    in, in the order of their first letter: what tells apart two names that print alike letter for
    letter, each in one script (Cyrillic ``ВОВА``, Latin ``BOBA``).

    >>> look_alike_scripts("ВОВА"), look_alike_scripts("Марк Kazan"), look_alike_scripts("山田")
    (('Cyrillic',), ('Cyrillic', 'Latin'), ())
    """
    scripts = (_script(char) for char in name if unicodedata.category(char).startswith("L"))
    return tuple(dict.fromkeys(script.capitalize() for script in scripts if script in _LOOK_ALIKE_SCRIPTS))


def quoted_name(name: str) -> str:
    """``name`` quoted as a message that compares names shows it: a character that prints as
    nothing by its code (as :func:`visible`), a combining mark of a name not in composed form too
    (``е`` + U+0308 prints as ``ё``), and the letters of another script named (:func:`look_alikes`),
    so that two names a message sets side by side never read alike.

    >>> print(quoted_name("Aнна"), quoted_name("Але\u0308на"), quoted_name("Ан\u200bна"), quoted_name("Anna"))
    'Aнна' (A is Latin) 'Але\u0308на' 'Ан\u200bна' 'Anna'
    """
    quoted = repr(name)     # (repr writes a character that prints as nothing by its code)
    if not name.isascii() and not unicodedata.is_normalized("NFC", name):
        quoted = "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) == "Mn" else c for c in quoted)
    return quoted + look_alikes(name)


@dataclass(frozen=True, kw_only=True, slots=True)
class Finding:
    """One rule broken at one line of a log.

    ``line`` is the line number in the source file (1-based), so the auditor can open the
    exact line; ``expected`` and ``actual`` are what the rules give and what the log says;
    ``subject``, where one line speaks for several parts of a game (a six-card ``Result:`` line,
    one net per box), the part the finding is about, so that a replay marks that part's step
    alone (:func:`rules.sixcard.box_subject`); None for the line as a whole.
    """

    rule_id: str
    message: str
    line: int | None = None
    severity: Severity = Severity.ERROR
    expected: str | None = None
    actual: str | None = None
    subject: str | None = None

    def __post_init__(self) -> None:
        # names come from the log: a character that prints as nothing is shown by its code
        for name in ("message", "expected", "actual"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, visible(value))


class Findings:
    """A collector the replay engines append to instead of stopping at the first fault."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[Finding] = []

    def add(self, rule_id: str, message: str, *, line: int | None = None, expected: object = None,
            actual: object = None, severity: Severity = Severity.ERROR, subject: str | None = None) -> None:
        self.items.append(Finding(
            rule_id=rule_id, message=message, line=line, severity=severity,
            expected=None if expected is None else str(expected),
            actual=None if actual is None else str(actual), subject=subject,
        ))

    def check(self, rule_id: str, expected: object, actual: object, message: str, *,
              line: int | None = None, severity: Severity = Severity.ERROR) -> bool:
        """Add a finding when ``actual`` differs from ``expected``; return whether they agree."""
        if expected == actual:
            return True
        self.add(rule_id, message, line=line, expected=expected, actual=actual, severity=severity)
        return False

    def __iter__(self):
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)
