"""What judged each stored game: the rules version, and the game's own text kept beside its rows.

The rules version is a hash of the sources that decide what a game is and what it broke: the
rules and replay (``rules/``), the readers and grammars (``parsers/``), and the code that turns
a replay into rows (``pipeline/facts/``, ``pipeline/audit.py``, ``pipeline/worker.py``). Any
edit of them gives a new version, so a warehouse can tell which games were judged by older
code and judge them again (``rasklad reaudit``) from the texts it keeps: a moved or deleted
log file does not matter.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import duckdb
    import numpy as np
    import pyarrow as pa

PROJECT_ROOT = Path(__file__).resolve().parents[1]
INSTALLED_SQL = Path(__file__).resolve().with_name("sql")
"""Where an installed copy keeps the models (pyproject ships the source's ``sql/`` as ``pipeline/sql``)."""
SQL_ROOT = INSTALLED_SQL if INSTALLED_SQL.is_dir() else PROJECT_ROOT / "sql"
"""The models' SQL: staging views, intermediate tables and marts (run by pipeline.models)."""
MODELS_RUNNER = Path(importlib.util.find_spec("pipeline.models").origin)
"""The models' runner (how views and marts are made), found without loading it."""
MACROS_FROM = Path(importlib.util.find_spec("rules.holdem_rules").origin)
"""The rules whose values the runner writes as macros (``order_from_button``), found without loading them."""
JUDGING_SOURCES = ("rules", "parsers", "pipeline/facts", "pipeline/audit.py", "pipeline/worker.py")
"""Where the code that judges a game lives, relative to the project root."""

VERSIONED_TABLES = ("games", "findings", "quarantine")
"""The tables whose rows carry the rules version they were judged by."""


class ModelError(RuntimeError):
    """A SQL model that does not build (here, beside :class:`ModelsMissing`, so that the command
    line tells it in words without loading the models' runner)."""

    @property
    def interrupted(self) -> bool:
        """Whether the model stopped because the run was (Ctrl-C, or a SIGTERM taken as one), not
        for a fault of its own: DuckDB stops the statement (an interrupt), or a Python function
        the statement calls meets the KeyboardInterrupt, which DuckDB words as its own error."""
        import duckdb  # loaded already: the model that failed ran in it

        cause = self.__cause__
        return isinstance(cause, duckdb.InterruptException) or (
            isinstance(cause, duckdb.Error) and "KeyboardInterrupt" in str(cause))


class ModelsMissing(RuntimeError):
    """The models' SQL is not where this copy of Rasklad looks for it (an install that left it
    out): without it every game would be stored and no statistic built, silently."""

    def __init__(self, sql_root: Path) -> None:
        self.sql_root = sql_root
        super().__init__(f"This copy of Rasklad has no SQL models: {sql_root} holds no .sql file, so no "
                         "statistic could be built.")


def sql_files(sql_root: Path = SQL_ROOT) -> list[Path]:
    """Every ``.sql`` file of the models, in order of path; :class:`ModelsMissing` when there is none."""
    files = sorted(sql_root.rglob("*.sql"))
    if not files:
        raise ModelsMissing(sql_root)
    return files


def sql_fingerprint(sql_root: Path = SQL_ROOT) -> str:
    """What the models are made from: every ``.sql`` file, their runner and the rules it writes
    macros from (read, not loaded: an ingest that finds nothing new compares it without loading DuckDB)."""
    digest = hashlib.blake2b(MODELS_RUNNER.read_bytes() + MACROS_FROM.read_bytes(), digest_size=16)
    for path in sql_files(sql_root):
        digest.update(str(path.relative_to(sql_root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def rules_version(project_root: Path = PROJECT_ROOT) -> str:
    """A short hash of every judging source (``.py`` and ``.lark``), by path and content."""
    digest = hashlib.blake2b(digest_size=6)
    for source in JUDGING_SOURCES:
        path = project_root / source
        files = sorted(p for p in path.rglob("*") if p.suffix in (".py", ".lark")) if path.is_dir() else [path]
        for file in files:
            digest.update(file.relative_to(project_root).as_posix().encode() + b"\0")
            digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()


RULES_VERSION = rules_version()


@dataclass(frozen=True, slots=True)
class OlderRules:
    """The games of a warehouse that rules other than this Rasklad's judged: they keep the figures
    those rules gave until ``rasklad reaudit`` judges them again."""

    games: int
    """Stored games."""
    quarantined: int
    versions: tuple[str, ...]
    """The versions that judged them, in order of name (``none recorded``: games stored before
    versions were)."""


OLDER_RULES_SQL = """
    select
        (select coalesce(sum(count_games), 0)::bigint from games_by_day
         where rules_version is distinct from $version) as count_games,
        (select count(*) from quarantine_list where rules_version is distinct from $version) as count_quarantined,
        (select list(distinct coalesce(rules_version, 'none recorded') order by 1) from (
            select rules_version from games_by_day union all select rules_version from quarantine_list)
         where rules_version is distinct from $version) as versions
"""
"""The one rule of what is out of date: a game whose ``rules_version`` is not this Rasklad's (read
from the marts the dashboard's overview and the command line read)."""


def judged_by_older_rules(con: duckdb.DuckDBPyConnection) -> OlderRules:
    """The stored and quarantined games of the warehouse ``con`` reads (its marts) that older
    rules or parsers judged than this Rasklad's (:data:`RULES_VERSION`)."""
    games, quarantined, versions = con.execute(OLDER_RULES_SQL, {"version": RULES_VERSION}).fetchone()
    return OlderRules(games, quarantined, tuple(versions or ()))


_TEXTS_KEPT: frozenset[str] = frozenset()
"""Games whose text the warehouse keeps already (see :func:`texts_kept`)."""


@contextmanager
def texts_kept(game_ids: Iterable[str]):
    """Inside the block, games of ``game_ids`` get no ``game_texts`` row: a re-audit judges
    them from the text the warehouse keeps, and a game's text never changes. Set before
    readers fork, so that each inherits it."""
    global _TEXTS_KEPT
    before, _TEXTS_KEPT = _TEXTS_KEPT, frozenset(game_ids)
    try:
        yield
    finally:
        _TEXTS_KEPT = before


def record_provenance(tables: dict[tuple[str, str], pa.Table],
                      texts_of: Callable[[np.ndarray, np.ndarray], pa.Array],
                      version: str = RULES_VERSION, contexts: dict[str, str] | None = None,
                      undecodable: dict[str, tuple[int, int, int]] | None = None) -> None:
    """Stamp ``version`` on the versioned tables of one file's rows, and add each stored game's
    text (lines ``first_line`` to ``last_line``; ``texts_of`` gives those of every game at once)
    as ``game_texts``, with its ``contexts`` entry if it has one (an XML document's text before
    its first game) and its ``undecodable`` entry (line, column, byte) if it has one."""
    import pyarrow as pa  # here, not at the top: a re-ingest that finds nothing new reads RULES_VERSION only

    from pipeline.tables import UNDECODABLE

    for (table, game), rows in list(tables.items()):
        if table in VERSIONED_TABLES:
            tables[(table, game)] = rows.set_column(rows.schema.get_field_index("rules_version"),
                                                    "rules_version", pa.repeat(pa.scalar(version, pa.string()),
                                                                               rows.num_rows))
        if table == "games" and _TEXTS_KEPT and rows.num_rows:     # a set lookup per game: files are small
            kept = _TEXTS_KEPT
            rows = rows.filter(pa.array([game_id not in kept for game_id in rows.column("game_id").to_pylist()]))
        if table == "games" and rows.num_rows:
            texts = texts_of(rows.column("first_line").to_numpy(), rows.column("last_line").to_numpy())
            ids = rows.column("game_id")
            context = (pa.array([contexts.get(game_id) for game_id in ids.to_pylist()], pa.string()) if contexts
                       else pa.nulls(len(texts), pa.string()))
            where = (pa.array([undecodable.get(game_id) for game_id in ids.to_pylist()], UNDECODABLE) if undecodable
                     else pa.nulls(len(texts), UNDECODABLE))
            tables[("game_texts", game)] = pa.table({"game_id": ids, "text": texts, "context": context,
                                                     "undecodable": where})
