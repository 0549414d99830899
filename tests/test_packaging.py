"""An installed copy (a normal, non-editable ``pip install .``) holds every file the program reads
at run time, and a copy that lacks its SQL models says so instead of storing games without
statistics."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pipeline import models
from pipeline.provenance import ModelsMissing
from tests.conftest import ROOT, SAMPLES

PACKAGES = ("rules", "parsers", "pipeline", "dashboards")
"""The source folders pyproject ships as they are; ``sql/`` goes in as ``pipeline/sql``."""


def _source_files() -> set[str]:
    """Every file of the product as the wheel should place it (the caches aside)."""
    placed = set()
    for folder, inside in [*((name, name) for name in PACKAGES), ("sql", "pipeline/sql")]:
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                placed.add(f"{inside}/{path.relative_to(ROOT / folder).as_posix()}")
    return placed


def _python(site: Path, code: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    """``code`` run by a fresh interpreter that sees the packages of ``site`` only, not the checkout's."""
    env = {**os.environ, "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env, check=False,
                          capture_output=True, text=True, timeout=300)


def test_the_wheel_holds_every_file_the_program_reads_and_an_installed_copy_finds_its_models(tmp_path):
    source = tmp_path / "source"    # a copy: setuptools writes its build folders into the tree it builds
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for name in (*PACKAGES, "sql"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"),
                            str(source)], check=False, capture_output=True, text=True, timeout=600)
    if built.returncode and ("No matching distribution" in built.stderr or "Could not find a version" in built.stderr):
        pytest.skip("pip cannot reach setuptools (the build requirement) from this machine")
    assert built.returncode == 0, built.stderr
    wheel, = (tmp_path / "dist").glob("rasklad-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        held = {name for name in archive.namelist() if ".dist-info/" not in name}
        archive.extractall(tmp_path / "site", [name for name in archive.namelist() if ".dist-info/" not in name])
    # the models, grammars, warm-up texts and tables, and every module, where the sources place them
    assert held == _source_files()
    found = _python(tmp_path / "site", "import sys\n"
                    "from pipeline import models, provenance\n"
                    "print(provenance.SQL_ROOT)\n"
                    "print(len(models.models()), provenance.sql_fingerprint(), provenance.RULES_VERSION)",
                    cwd=tmp_path)
    assert found.returncode == 0, found.stderr
    where, made_of = found.stdout.splitlines()
    from pipeline.provenance import RULES_VERSION, sql_fingerprint

    assert Path(where) == (tmp_path / "site" / "pipeline" / "sql").resolve()
    # the same models, byte for byte, and the same judging sources (grammars included)
    assert made_of.split() == [str(len(models.models())), sql_fingerprint(), RULES_VERSION]


def test_a_copy_without_its_models_refuses_to_ingest_and_stores_nothing(tmp_path):
    # The install the user first made: the four packages without sql/. It stored every game and
    # built no statistic, saying nothing; now it stops before reading a file, and says why.
    site = tmp_path / "site"
    for name in PACKAGES:
        shutil.copytree(ROOT / name, site / name, ignore=shutil.ignore_patterns("__pycache__"))
    ran = _python(site, "import sys; from pipeline.cli import run; sys.argv = ['rasklad', *sys.argv[1:]]; run()",
                  "ingest", str(SAMPLES / "chinese-night.txt"), "-w", str(tmp_path / "wh"), "-q", cwd=tmp_path)
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr.startswith(f"Error: This copy of Rasklad has no SQL models: {site / 'sql'} "
                                 "holds no .sql file, so no statistic could be built.\n"
                                 "  The install left the models out: install Rasklad again"), ran.stderr
    assert "Traceback" not in ran.stderr and not (tmp_path / "wh").exists()


def test_the_runner_given_an_empty_models_folder_raises_instead_of_building_nothing(tmp_path):
    with pytest.raises(ModelsMissing, match="holds no .sql file"):
        models.models(tmp_path)
    from pipeline.provenance import sql_fingerprint

    with pytest.raises(ModelsMissing):
        sql_fingerprint(tmp_path)
