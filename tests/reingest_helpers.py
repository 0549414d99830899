"""Helpers of the re-ingest tests: where hands start in a file of them, a summary without its
seconds, and what a warehouse keeps of settings, findings and rulesets. Shared here so that no
test module imports another one's helpers."""

from __future__ import annotations

import re

from pipeline.reaudit import reaudit
from pipeline.warehouse import Warehouse, connect


def first_lines(hands: list[str]) -> list[int]:
    """The first line of each of ``hands`` in a file of them, a blank line between two."""
    starts, line = [], 1
    for hand in hands:
        starts.append(line)
        line += hand.count("\n") + 2     # its lines, and the blank one after it
    return starts


def without_seconds(output: str) -> str:
    """A command's output with its timings written as '… s', for comparing outputs."""
    return re.sub(r" in \d+\.\d\d s", " in … s", output)


def settings_findings_rulesets(wh) -> tuple[dict[str, str], list[tuple[str, int]], dict[str, str], int]:
    """The settings kept, the findings (rule, line), each stored game's ruleset, and the games in quarantine."""
    with connect(wh) as con:
        return (dict(con.execute("select name, value from settings").fetchall()),
                con.execute("select rule_id, line from findings order by line, rule_id").fetchall(),
                dict(con.execute("select source_file, ruleset from games").fetchall()),
                con.execute("select count(*) from quarantine").fetchone()[0])


def games_reaudited(wh) -> int:
    """Re-audit the warehouse ``wh``; the number of games judged again."""
    with Warehouse(wh).open() as store:
        return reaudit(store).judged
