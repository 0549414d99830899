"""Rasklad's own words are neutral: a player is named, "the player", or "they", never "he" or "she".

The guard reads what users read: the rule texts the rulebook gives the audit and the dashboards,
the messages rules/ writes into findings (the Hold'em ones from templates), the pages of docs/ and the README, every command's
--help and the dashboards' column labels. Quoted log text is not Rasklad's: a room's own line
(888poker's `did not show his hand`) stands in code spans and fenced blocks, which are left out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import ROOT

GENDERED = re.compile(r"\b(?:[Hh]e|[Hh]is|[Hh]im|[Hh]imself|[Ss]he|[Hh]er|[Hh]ers|[Hh]erself)\b")
"""The pronouns of one sex; case-sensitive so that the Hold'em rule IDs (HE-CALL) are not words."""

FENCE = re.compile(r"^\s*```.*?^\s*```", re.DOTALL | re.MULTILINE)
CODE_SPAN = re.compile(r"`[^`\n]*`")


def gendered(text: str) -> list[str]:
    return GENDERED.findall(text)


def prose(markdown: str) -> str:
    """A page without its fenced blocks and code spans, where logs and commands are quoted."""
    return CODE_SPAN.sub("", FENCE.sub("", markdown))


def test_the_guard_finds_a_pronoun_and_leaves_rule_ids_and_quoted_log_text_alone():
    assert gendered("Nobody puts in more than his stack; He stays. She folds.") == ["his", "He", "She"]
    assert gendered("HE-CALL: the player's stack; the hero, they, their, them, there, where, hence") == []
    page = "Anna `did not show his hand`.\n```text\nBoris did not show his hand\n```\nhe acts\n"
    assert gendered(prose(page)) == ["he"]


def test_rule_texts_are_neutral():
    from rules.rulebook import RULES

    assert len(RULES) >= 40, "the rulebook was not read"
    worded = {rule_id: gendered(text) for rule_id, text in RULES.items() if gendered(text)}
    assert not worded, f"rule texts saying he/she: {worded}"


def finding_messages(path: Path) -> list[tuple[int, str]]:
    """The literal words of each message a module writes into findings (``findings.add`` or
    ``findings.check`` with a rule ID), an f-string's fixed parts included, with their lines."""
    words = []
    for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                and call.func.attr in ("add", "check") and call.args
                and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
                and re.fullmatch(r"[A-Z]+-[A-Z0-9-]+", call.args[0].value)):
            continue
        for argument in call.args[1:] + [keyword.value for keyword in call.keywords]:
            for node in ast.walk(argument):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    words.append((node.lineno, node.value))
    return words


def test_finding_messages_are_neutral():
    sources = sorted((ROOT / "rules").glob("*.py")) + sorted((ROOT / "parsers").glob("*.py"))
    messages = [(path.relative_to(ROOT).as_posix(), line, text)
                for path in sources for line, text in finding_messages(path)]
    assert len(messages) >= 150, f"only {len(messages)} finding message parts found: is the scan right?"
    worded = [message for message in messages if gendered(message[2])]
    assert not worded, f"finding messages saying he/she: {worded}"


def test_holdem_finding_templates_are_neutral():
    # the Hold'em engine's findings are worded from data: each rule's cases of templates
    from rules.holdem_explain import WORDS

    templates = [(rule_id, template) for rule_id, cases in WORDS.items()
                 for case in cases for template in (case.message, case.expected, case.actual)]
    assert len(templates) >= 60, f"only {len(templates)} templates found: is WORDS read right?"
    worded = [(rule_id, template) for rule_id, template in templates if gendered(template)]
    assert not worded, f"Hold'em finding templates saying he/she: {worded}"


@pytest.mark.parametrize("page", sorted(path.relative_to(ROOT).as_posix()
                                        for path in [*(ROOT / "docs").glob("*.md"), ROOT / "README.md"]))
def test_pages_are_neutral(page):
    lines = prose((ROOT / page).read_text(encoding="utf-8")).splitlines()
    worded = [line for line in lines if gendered(line)]
    assert not worded, f"{page} says he/she outside quoted log text:\n" + "\n".join(worded)


def help_pages(group, path=()) -> dict[str, str]:
    """The --help text of the CLI and of each command, subcommands included."""
    from pipeline.cli import main

    pages = {}
    for name in [None, *sorted(group.commands)] if hasattr(group, "commands") else [None]:
        args = [*path, name] if name else [*path]
        result = CliRunner().invoke(main, [*args, "--help"])
        assert result.exit_code == 0, (args, result.output)
        pages[" ".join(args) or "rasklad"] = result.output
        command = group.commands[name] if name else None
        if command is not None and hasattr(command, "commands"):
            pages |= help_pages(command, (*path, name))
    return pages


def test_cli_help_is_neutral():
    from pipeline.cli import main

    pages = help_pages(main)
    assert {"rasklad", "alias", "reaudit"} <= pages.keys()
    worded = {name: gendered(text) for name, text in pages.items() if gendered(text)}
    assert not worded, f"--help saying he/she: {worded}"


def test_dashboard_column_labels_are_neutral():
    from dashboards.tables import COLUMN_LABELS

    worded = {column: label for column, label in COLUMN_LABELS.items() if gendered(label)}
    assert not worded, f"dashboard column labels saying he/she: {worded}"
