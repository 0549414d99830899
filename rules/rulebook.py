"""The rule IDs the replay engines cite, with the rule's text (docs/rules.md lists them all).

Each game module registers its rules here, so the audit can show an auditor the rule
behind every finding without leaving the tool.
"""

from __future__ import annotations

RULES: dict[str, str] = {}


def register(rules: dict[str, str]) -> None:
    """Add a game's rule texts; a rule ID may be registered once only."""
    clash = RULES.keys() & rules.keys()
    if clash:
        raise ValueError(f"rule IDs registered twice: {', '.join(sorted(clash))}")
    RULES.update(rules)


def rule_text(rule_id: str) -> str:
    return RULES.get(rule_id, f"{rule_id}: no text registered for this rule")
