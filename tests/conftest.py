"""Shared fixtures: where the real corpora are, and temporary warehouses."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import pytest

# Hypothesis keeps its examples and caches in a temporary folder, not the project's: tests write
# nowhere else. A failing example is still tried first on this machine's next run.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(Path(tempfile.gettempdir()) / "rasklad-hypothesis"))

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("RASKLAD_SHARED", ROOT.parent / "shared"))
CORPORA = SHARED / "corpora"
SAMPLES = ROOT / "data" / "samples"


def corpus(*parts: str) -> Path:
    """A folder or file of ../shared/corpora, or skip the test saying why it cannot run."""
    path = CORPORA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"real corpus {path} is absent (../shared/corpora is not beside the project)")
    return path


@pytest.fixture
def warehouse(tmp_path: Path) -> Path:
    """An empty warehouse folder under pytest's temporary directory."""
    return tmp_path / "warehouse"


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name``, filled by ``make`` once per test run whichever worker asks first: under
    ``pytest -n`` each worker is a process of its own, and a session fixture would be made once per
    worker (pytest-xdist's groups do not hold under pytest 9.2, whose node IDs it can no longer
    mark). The workers' temporary folders share one parent; a worker that finds the folder being
    made waits for it, and skips or fails as its maker did (or fails after :data:`MADE_ONCE_WAIT`
    seconds, its maker killed)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder, done, skipped, failed = (root / f"{name}{end}" for end in ("", ".done", ".skipped", ".failed"))
    try:
        (root / f"{name}.making").mkdir()       # atomic: the first worker makes it
    except FileExistsError:
        waited = time.monotonic()
        while not done.exists():
            if skipped.exists():
                pytest.skip(skipped.read_text(encoding="utf-8"))
            if failed.exists():
                pytest.fail(f"{name} could not be made: {failed.read_text(encoding='utf-8')}")
            if time.monotonic() - waited > MADE_ONCE_WAIT:
                pytest.fail(f"{name} was not made in {MADE_ONCE_WAIT} s: its maker stopped")
            time.sleep(0.2)
        return folder
    try:
        folder.mkdir()
        make(folder)
    except BaseException as error:
        shutil.rmtree(folder, ignore_errors=True)
        if isinstance(error, pytest.skip.Exception):
            skipped.write_text(str(error.msg), encoding="utf-8")
        else:
            failed.write_text(f"{type(error).__name__}: {error}"[:2000], encoding="utf-8")
        raise
    done.touch()
    return folder


MADE_ONCE_WAIT = 1800
"""Seconds a worker waits for a folder another is making (the slowest, a first compile, takes 1-2 minutes)."""


@contextmanager
def warehouse_of_pages(root: Path):
    """The dashboards' queries module pointed at the warehouse ``root``, and its database; the
    environment and the module's connection are restored afterwards."""
    from dashboards import queries as q

    before = os.environ.get(q.WAREHOUSE_ENV)
    os.environ[q.WAREHOUSE_ENV] = str(root)
    q.release()
    try:
        yield q, q.database()
    finally:
        q.release()
        if before is None:
            os.environ.pop(q.WAREHOUSE_ENV, None)
        else:
            os.environ[q.WAREHOUSE_ENV] = before


# The files whose tests run longest (worker-seconds of a whole run, most first: the browser, Spark,
# the dashboards' pages, writers killed and run again, first compiles of kernels, many ingests). `make
# test` hands out whole files (`--dist loadfile`, in this order), so each file's module fixtures (a
# Streamlit server, a Spark session, a shared warehouse) are made once, and the long files start
# first, one a worker, while the short ones fill the end. Handing out tests (`--dist load`) sent each
# worker first a run of consecutive tests (339 of 4,076): all of these files went to the first worker,
# which ran on alone for minutes after the others had finished.
LONGEST_FIRST = (
    "test_dashboards_browser.py", "test_spark.py", "test_dashboards_apptest.py", "test_warehouse_concurrency.py",
    "test_coldstart.py", "test_reingest_versions.py", "test_cli.py", "test_export.py", "test_people.py",
    "test_ingest_append.py", "test_control_characters.py", "test_sql_models.py",
    "test_rule_settings_follow_files.py", "test_dashboard_follows.py", "test_stopped_commands.py",
    "test_models_incremental.py", "test_cli_json.py", "test_export_interop.py", "test_reingest_merge_back.py",
    "test_reingest.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))   # stable: the rest keep their order
