"""Real logs, audited: what an ingest of real hand histories stores, quarantines and finds.

Run with ``python -m bench logs``. Set ``RASKLAD_BENCH_LOGS_DATA`` to folders of real hand
histories of any room (several, separated by ``:``), and ``RASKLAD_BENCH_LOGS_RULES`` to the
rule options their logs cannot state (as ``rasklad ingest --rules`` takes them, separated by
``;``: ``room Bovada: no_limit``); without the first, the real corpus (``corpora`` under
``RASKLAD_SHARED``, else ``../shared``) is read, or nothing, saying why. Each folder is ingested
by one reader into a warehouse of its own, the models built: the games stored and quarantined
(by reason), the findings by rule and severity, and the CPU seconds of the run. An error
finding on a genuine log is a false finding, unless the log contradicts itself: each is listed
with its file and line, to judge. Keep such folders outside the repository, which holds none.
Nothing asserts a speed.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bench import CORPORA
from pipeline.ingest import ingest
from pipeline.warehouse import connect

LISTED = 12
"""The error findings listed one by one, per folder."""


def folders() -> list[Path]:
    """The folders to read: ``RASKLAD_BENCH_LOGS_DATA``'s, else the real corpus's rooms."""
    given = os.environ.get("RASKLAD_BENCH_LOGS_DATA")
    if given:
        return [Path(part) for part in given.split(":") if part]
    return [path for path in (CORPORA / "pokerstars", CORPORA / "rooms") if path.is_dir()]


def main() -> None:
    chosen = folders()
    if not chosen:
        print(f"no logs to read: set RASKLAD_BENCH_LOGS_DATA to folders of hand histories ({CORPORA} is not there)")
        return
    rules = [part.strip() for part in os.environ.get("RASKLAD_BENCH_LOGS_RULES", "").split(";") if part.strip()]
    for folder in chosen:
        with tempfile.TemporaryDirectory(prefix="rasklad-bench-logs-") as root:
            started = time.process_time()
            summary = ingest([folder], Path(root) / "warehouse", jobs=1, rules=rules)
            cpu = time.process_time() - started
            con = connect(Path(root) / "warehouse")
            by_rule = con.execute("select rule_id, severity, count(*) from finding_list group by all "
                                  "order by severity, count(*) desc, rule_id").fetchall()
            errors = con.execute("select source_file, line, rule_id, message from finding_list "
                                 "where severity = 'error' order by source_file, line").fetchall()
            con.close()
        print(f"{folder}: {summary.games:,} games stored, {summary.quarantined:,} quarantined, "
              f"{summary.findings:,} findings, {cpu:.1f} CPU-s ({summary.games / max(cpu, 1e-9):,.0f} games per CPU-s)")
        for reason, count in summary.reasons.most_common():
            print(f"  quarantined {count:5,} × {reason[:150]}")
        for rule_id, severity, count in by_rule:
            print(f"  {severity:7} {rule_id:20} {count:5,}")
        for source_file, line, rule_id, message in errors[:LISTED]:
            print(f"    {Path(source_file).name}:{line} {rule_id}: {message[:140]}")
        if len(errors) > LISTED:
            print(f"    … and {len(errors) - LISTED:,} more error findings")
