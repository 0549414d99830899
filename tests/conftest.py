"""Shared fixtures: where the real corpora are, and temporary warehouses."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

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


# The files whose tests run longest (a Spark session, writers killed and run again, first compiles
# of kernels, the browser): run first, so that `pytest -n 2` hands them out while the two workers
# are both busy, and the suite ends on short tests on both workers, not on one long test on one.
LONGEST_FIRST = (
    "test_spark.py", "test_warehouse_concurrency.py", "test_stopped_writers.py", "test_coldstart.py",
    "test_dashboards_browser.py", "test_house_edge.py", "test_models_incremental.py", "test_worked_tournaments.py",
    "test_pokerstars_fast.py", "test_reaudit.py", "test_upgrades.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))   # stable: the rest keep their order
