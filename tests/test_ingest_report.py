"""The summary `rasklad ingest` prints (pipeline.cli.ingest_report), from hand-built summaries: the
counts of the commit of an interrupted ingest that the run finished first count once, in every
line they belong to."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pipeline.cli import STATISTICS_BUILT, ingest_report
from pipeline.ingest import IngestSummary
from pipeline.provenance import RULES_VERSION, OlderRules


def _with_an_interrupted_commit() -> IngestSummary:
    # this run: 4 games, 1 quarantined, 2 findings, 3 quarantined games judged again (1 stored, 1
    # finding), 1 game superseded, 2 relocated; the interrupted commit it finished first: 5 games,
    # 1 quarantined, 3 findings, 1 superseded, 1 followed
    return IngestSummary(files=3, files_unchanged=1, games=4, games_known=2, duplicates=1, quarantined=1, findings=2,
                         seconds=1.5, reasons=Counter({"the hand ends too soon": 1}), retried=3, retried_stored=1,
                         retried_findings=1, superseded=1, relocated=2,
                         finished={"games": 5, "quarantined": 1, "findings": 3, "superseded": 1, "relocated": 0,
                                   "followed": 1})


def test_the_finished_commit_counts_with_the_runs_own():
    summary = _with_an_interrupted_commit()
    published = summary.with_finished()
    assert (published.games, published.quarantined, published.findings, published.superseded,
            published.relocated, published.followed, published.unquarantined) == (9, 2, 5, 2, 2, 1, 0)
    assert published.finished == {} and published.retried_stored == 1     # counted once; the rest as it was
    assert (summary.games, summary.finished["games"]) == (4, 5)            # the summary itself unchanged


def test_the_report_adds_the_finished_commit_once():
    lines = ingest_report(_with_an_interrupted_commit(), Path("wh"), (Path("logs"),), None)
    # stored 4 + 1 taken out of quarantine + 5 finished = 10; already stored 2 + 1 duplicate = 3;
    # quarantined 1 + 1 = 2, and 3 − 1 judged again stay there; findings 2 + 1 + 3 = 6;
    # dropped 1 + 1 = 2; relocated 2 + 0 = 2; followed 0 + 1 = 1; 8 games handled: no rate
    assert lines == [
        ("3 files (1 unchanged), 10 games stored (1 taken out of quarantine) (5 of them by the interrupted ingest "
         "this one finished), 3 already stored, 2 quarantined (and 2 judged again stay there), 6 findings in 1.50 s"),
        ("  2 games dropped by their files' new text: no file read holds them now (the table superseded keeps "
         "their text)"),
        "  2 games stored before stand at other lines of their file now: their lines follow it",
        "  1 game stored before follows its file to its new path, at the same lines",
        "  quarantined     1 × the hand ends too soon",
        "See them with: rasklad quarantine --warehouse wh",
    ]


def test_a_finished_commit_without_games_is_said_apart():
    summary = IngestSummary(files=1, files_unchanged=1, finished={"quarantined": 1})
    lines = ingest_report(summary, Path("wh"), (Path("logs"),), OlderRules(2, 0, ("0.9",)), statistics_built=True)
    assert lines == [
        "1 file (1 unchanged), 0 games stored, 0 already stored, 1 quarantined, 0 findings in 0.00 s",
        STATISTICS_BUILT,
        "  finished the commit of an interrupted ingest first",
        "See them with: rasklad quarantine --warehouse wh",
        (f"2 stored games were judged by older rules or parsers (rules version 0.9; this Rasklad's is "
         f"{RULES_VERSION}) and keep the figures they gave: `rasklad reaudit --warehouse wh` judges them again"),
    ]
