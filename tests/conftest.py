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
