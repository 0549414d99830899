"""The rule IDs the replay engines cite, with the rule's text: the one wording of each rule.

docs/rules.md shows the same texts in its tables (a test holds the two equal).

Each game module declares its ``RULES`` (rule ID to text); the rulebook gathers them here,
one module after the other, so the audit can show an auditor the rule behind every
finding. A rule ID belongs to one game: an ID declared twice stops the import.

>>> rule_text("CP-FOUL").startswith("The back row ranks at least as high as the middle")
True
>>> rule_text("XX-NONE")
'XX-NONE: no text registered for this rule'
"""

from __future__ import annotations

from rules import chinese, holdem, ofc, raspisnoy, rooms, sixcard


def gather(*books: dict[str, str]) -> dict[str, str]:
    """The rule texts of every book, in order; a rule ID in two books is an error.

    >>> gather({"A-1": "one"}, {"B-1": "two"})
    {'A-1': 'one', 'B-1': 'two'}
    >>> gather({"A-1": "one"}, {"A-1": "again"})
    Traceback (most recent call last):
    ...
    ValueError: rule IDs declared twice: A-1
    """
    rules: dict[str, str] = {}
    for book in books:
        clash = rules.keys() & book.keys()
        if clash:
            raise ValueError(f"rule IDs declared twice: {', '.join(sorted(clash))}")
        rules.update(book)
    return rules


RULES: dict[str, str] = gather(holdem.RULES, raspisnoy.RULES, chinese.RULES, ofc.RULES, sixcard.RULES, rooms.RULES)


def rule_text(rule_id: str) -> str:
    return RULES.get(rule_id, f"{rule_id}: no text registered for this rule")
