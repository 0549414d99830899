"""The words of the Hold'em findings: one table of templates keyed by rule ID (rules.holdem_explain.WORDS).

A template is only formatted when a log breaks its rule that way, so a name it misspells, or a rule
whose cases can all be passed over, would surface in a user's audit, not in the replay's tests of
the common cases: these tests read the table itself.
"""

from __future__ import annotations

import string

from rules.holdem_explain import ODD_CHIP, WORD_VALUES, WORDS
from rules.holdem_room import ROOM_FACTS
from rules.holdem_rules import HE

ROW_FIELDS = {"rule", "severity", "line", "seat", "expected", "actual"}
"""What every finding row gives its words besides the worked-out values."""


def _names(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_template_names_a_value_the_words_can_work_out():
    unknown = sorted((rule, name) for rule, cases in WORDS.items() for case in cases
                     for template in (case.message, case.expected, case.actual)
                     for name in _names(template) - ROW_FIELDS - set(WORD_VALUES))
    assert not unknown, f"templates naming values WORD_VALUES does not define: {unknown}"


def test_each_rule_s_last_case_applies_when_no_other_does():
    for rule, cases in WORDS.items():
        assert cases, f"{rule} has no words"
        assert cases[-1].when is None, f"{rule}: its last case has a condition, so a row may match none"
        assert all(case.when is not None for case in cases[:-1]), f"{rule}: a case before the last has none"


def test_every_room_fact_of_the_replay_has_its_words():
    assert {rule for rule, _, _ in ROOM_FACTS} <= set(WORDS)
    # and no words are left of a rule nothing raises any more
    assert set(WORDS) <= set(HE) | {rule for rule, _, _ in ROOM_FACTS} | {ODD_CHIP}
