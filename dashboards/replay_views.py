"""The audit replayer: a game's source lines, its findings with their rule texts, and its replay step by step.

A stored game is re-read from the file the warehouse names (``stg_games.source_file``, never
a path from the browser), cut into games by the same splitter as the ingest, parsed and
replayed by the same engine, so what the page shows is what the warehouse holds. Pasted or
uploaded text takes the same way without being stored.

Game-specific rendering lives here, one function per kind of record, chosen by the record's
``info.game``; a game whose renderer is missing falls back to the record's fields.
"""

from __future__ import annotations

import html
import importlib
import traceback
from dataclasses import dataclass, fields, is_dataclass
from decimal import Decimal
from enum import Enum
from pathlib import Path

import polars as pl
import streamlit as st

from parsers.errors import ParseError
from parsers.formats import HEADERS, parse_chunk
from parsers.source import Chunk, decode, normalize_lines, split_games
from pipeline.games import handler_for
from rules.findings import Severity

GAME_MODULES = ("rules.holdem", "rules.raspisnoy", "rules.chinese", "rules.sixcard")
MAX_TEXT_BYTES = 20 * 1024 * 1024
"""The largest text the page audits on the spot (and the largest upload)."""


def load_rules() -> None:
    """Import every game's rules module that exists, so that each registers its rule texts."""
    for name in GAME_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            continue  # a game not built yet: its findings show without their text


def rule_text(rule_id: str) -> str:
    load_rules()
    from rules.rulebook import RULES

    return RULES.get(rule_id, "(no text registered for this rule)")


# -- reading and replaying ----------------------------------------------------------------------

class SourceGone(Exception):
    """The file a stored game came from is no longer where the warehouse says it was."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Audited:
    """One game read from text: its chunk, and either its record and replay or why it failed."""

    chunk: Chunk
    record: object | None = None
    replay: object | None = None
    error: str | None = None
    error_line: int | None = None
    error_column: int | None = None


def file_lines(source_file: str) -> list[str]:
    """The normalized lines of a stored game's file, as the ingest numbered them."""
    path = Path(source_file)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SourceGone(f"The source file {source_file} cannot be read any more ({error.strerror or error}).") from None
    return normalize_lines(decode(data))


def audit_chunk(chunk: Chunk, label: str) -> Audited:
    """Parse and replay one game the way the ingest worker does, keeping failures as text."""
    try:
        record = parse_chunk(chunk, label)
        replay = handler_for(record).replay(record)
    except ParseError as error:
        return Audited(chunk=chunk, error=error.reason, error_line=error.line, error_column=error.column)
    except LookupError as error:
        return Audited(chunk=chunk, error=str(error), error_line=chunk.first_line, error_column=1)
    except Exception as error:  # a fault of ours must not take the page down
        where = traceback.extract_tb(error.__traceback__)[-1]
        return Audited(chunk=chunk, error=f"internal error ({type(error).__name__}: {error}) at "
                                          f"{Path(where.filename).name}:{where.lineno}",
                       error_line=chunk.first_line, error_column=1)
    return Audited(chunk=chunk, record=record, replay=replay)


def audit_text(data: bytes, label: str) -> list[Audited]:
    """Every game of a pasted or uploaded text, parsed and replayed, nothing stored."""
    if len(data) > MAX_TEXT_BYTES:
        raise ValueError(f"the text is {len(data) / 1e6:.1f} MB; the page audits at most "
                         f"{MAX_TEXT_BYTES // (1024 * 1024)} MB at once — import larger files instead")
    return [audit_chunk(chunk, label) for chunk in split_games(normalize_lines(decode(data)), HEADERS)]


def audit_stored(source_file: str, game_id: str, first_line: int) -> Audited:
    """Re-read a stored game from its file; raises SourceGone when the file or the game is not there."""
    lines = file_lines(source_file)
    chunks = split_games(lines, HEADERS)
    chunk = next((c for c in chunks if c.game_id == game_id), None)
    if chunk is None:
        raise SourceGone(f"The file {source_file} no longer holds this game's text (it was edited since the "
                         f"import); the lines from {first_line} on are shown as they are now.")
    return audit_chunk(chunk, source_file)


# -- rendering: source and findings -------------------------------------------------------------

_MARK_ERROR = "background:#fde2e1;border-left:4px solid #d93025;"
_MARK_WARNING = "background:#fef3d6;border-left:4px solid #f29900;"
_PLAIN = "border-left:4px solid transparent;"


def source_html(lines: list[str], first_line: int, marks: dict[int, list[tuple[str, str]]]) -> str:
    """The lines as an HTML block, numbered from ``first_line``, the lines in ``marks`` highlighted.

    ``marks`` maps a file line to its (rule ID, severity) pairs; every text is escaped.

    >>> "&lt;b&gt;" in source_html(["<b>"], 1, {})
    True
    >>> 'HE-POT' in source_html(["x", "y"], 10, {11: [("HE-POT", "error")]})
    True
    """
    rows = []
    for offset, text in enumerate(lines):
        number = first_line + offset
        found = marks.get(number, [])
        if found:
            style = _MARK_ERROR if any(sev == Severity.ERROR for _, sev in found) else _MARK_WARNING
            note = " ◀ " + ", ".join(html.escape(rule) for rule, _ in found)
        else:
            style, note = _PLAIN, ""
        rows.append(
            f'<div style="{style}padding:0 6px;white-space:pre-wrap;">'
            f'<span style="color:#888;display:inline-block;min-width:4.5em;user-select:none;">{number}</span>'
            f'{html.escape(text) or "&nbsp;"}<b style="color:#d93025;">{note}</b></div>'
        )
    return ('<div style="font-family:ui-monospace,Menlo,Consolas,monospace;font-size:0.85rem;'
            'line-height:1.45;border:1px solid #ddd;border-radius:6px;padding:6px 0;overflow-x:auto;">'
            + "".join(rows) + "</div>")


def show_source(lines: list[str], first_line: int, marks: dict[int, list[tuple[str, str]]]) -> None:
    st.markdown(source_html(lines, first_line, marks), unsafe_allow_html=True)


def show_findings(findings: pl.DataFrame) -> None:
    """Each finding with the text of the rule it cites."""
    if findings.is_empty():
        st.success("No findings: the replay agrees with the log.")
        return
    for row in findings.iter_rows(named=True):
        where = f"line {row['line']}" if row["line"] is not None else "the whole game"
        icon = ":material/error:" if row["severity"] == "error" else ":material/warning:"
        with st.container(border=True):
            st.markdown(f"{icon} **{row['rule_id']}** ({row['severity']}, {where}): {row['message']}")
            if row["expected"] is not None or row["actual"] is not None:
                st.markdown(f"expected `{row['expected']}`, the log says `{row['actual']}`")
            st.caption(f"Rule {row['rule_id']}: {rule_text(row['rule_id'])}")


def findings_frame(replay) -> pl.DataFrame:
    return pl.DataFrame(
        [{"rule_id": f.rule_id, "severity": str(f.severity), "line": f.line, "message": f.message,
          "expected": f.expected, "actual": f.actual} for f in replay.findings],
        schema={"rule_id": pl.String, "severity": pl.String, "line": pl.Int64, "message": pl.String,
                "expected": pl.String, "actual": pl.String},
    )


def marks_of(findings: pl.DataFrame) -> dict[int, list[tuple[str, str]]]:
    marks: dict[int, list[tuple[str, str]]] = {}
    for row in findings.iter_rows(named=True):
        if row["line"] is not None:
            marks.setdefault(int(row["line"]), []).append((row["rule_id"], row["severity"]))
    return marks


# -- rendering: the replay, game by game ------------------------------------------------------

def show_replay(audited: Audited) -> None:
    """The step-by-step replay of one parsed game, by its kind."""
    record, replay = audited.record, audited.replay
    game = record.info.game
    view = _VIEWS.get(game, show_generic)
    try:
        view(record, replay)
    except Exception as error:  # a renderer that trips on a record must leave the rest of the page
        st.warning(f"The step-by-step view of this {game} game failed ({type(error).__name__}: {error}); "
                   "the record's fields follow.")
        show_generic(record, replay)
    show_results(replay)


def show_results(replay) -> None:
    if replay.players:
        st.markdown("**Result by the replay**")
        st.dataframe(
            pl.DataFrame([{"player": p.player, "seat": p.seat, "net": str(p.net)} for p in replay.players]),
            hide_index=True,
        )


def plain(value):
    """A record's value as JSON-friendly data: cards and enums as their text, decimals as strings."""
    if isinstance(value, Enum):
        return str(value.value) if not isinstance(value.value, (int, float)) else value.name.lower()
    if isinstance(value, Decimal):
        return str(value)
    if is_dataclass(value) and not isinstance(value, type):
        if type(value).__name__ == "Card" or hasattr(value, "code") and len(fields(value)) <= 2:
            return str(value)
        return {f.name: plain(getattr(value, f.name)) for f in fields(value) if f.name not in ("source",)}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def show_generic(record, replay) -> None:
    """Any record: its fields as a tree (for games without a step-by-step view yet)."""
    st.json(plain(record), expanded=2)


_VIEWS: dict[str, callable] = {}
