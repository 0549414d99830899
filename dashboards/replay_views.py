"""The audit replayer: a game's source lines, its findings with their rule texts, and its replay step by step.

The replay is drawn by :mod:`dashboards.replayer` (the table after each step) and stepped here
with buttons and a slider; it opens at the step of the finding the page came from.

A stored game is read again from the text the warehouse keeps of it (never from a file a
row names), cut into games by the same splitter as the ingest, parsed and replayed by the
same engine, so what the page shows is what the warehouse holds. Pasted or uploaded text
takes the same way without being stored. Log text is shown as text: values from a log go
into Markdown through ``safe_text.md``, and source lines into HTML whose every text is escaped.

Game-specific rendering lives here, one function per kind of record, chosen by the record's
``info.game``; a game whose renderer is missing falls back to the record's fields.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import fields, is_dataclass
from decimal import Decimal
from enum import Enum
from typing import NamedTuple

import polars as pl
import streamlit as st

from dashboards import queries as q
from dashboards import tables
from dashboards.money import amount_text
from dashboards.names import marked_names
from dashboards.replayer import (
    Step,
    box_decisions,
    holdem_states,
    reads_whole_chips,
    step_at_line,
    step_count,
    steps_of,
    steps_of_finding,
)
from dashboards.safe_text import md, md_with_code
from pipeline.audit import MAX_TEXT_BYTES, Audited, audit_bytes, audit_kept
from pipeline.facts import money_unit
from rules.findings import Severity
from rules.holdem_engine import owed_with_cash_out, sold_to_the_room
from rules.rulebook import RULES
from rules.words import listed_name

__all__ = ["MAX_TEXT_BYTES", "Audited", "audit_kept_text", "audit_text"]
audit_text = audit_bytes
audit_kept_text = audit_kept


def rule_text(rule_id: str) -> str:
    return RULES.get(rule_id, "(no text registered for this rule)")


# -- reading and replaying: the ingest's own path (pipeline.audit) ----------------------------

# -- rendering: source and findings -------------------------------------------------------------

_MARK_ERROR = "background:#fde2e1;border-left:4px solid #d93025;"
_MARK_WARNING = "background:#fef3d6;border-left:4px solid #f29900;"
_PLAIN = "border-left:4px solid transparent;"


def rules_named(rule_ids) -> str:
    """Rule IDs once each, in their order, a repeated one with its count: ``SIX-PAY ×2, SIX-DRAW``.

    >>> rules_named(["SIX-PAY", "SIX-DRAW", "SIX-PAY"]), rules_named(["HE-POT"])
    ('SIX-PAY ×2, SIX-DRAW', 'HE-POT')
    """
    counts = Counter(rule_ids)
    return ", ".join(rule + (f" ×{count}" if count > 1 else "") for rule, count in counts.items())


def source_html(lines: list[str], first_line: int, marks: dict[int, list[tuple[str, str]]],
                caret: tuple[int, int] | None = None) -> str:
    """The lines as an HTML block, numbered from ``first_line``, the lines in ``marks`` highlighted.

    ``marks`` maps a file line to its (rule ID, severity) pairs (or :class:`Mark`); every text is escaped.

    >>> "&lt;b&gt;" in source_html(["<b>"], 1, {})
    True
    >>> 'HE-POT' in source_html(["x", "y"], 10, {11: [("HE-POT", "error")]})
    True
    >>> "   ^</div>" in source_html(["Seat Ax"], 5, {}, caret=(5, 4))
    True
    """
    rows = []
    for offset, text in enumerate(lines):
        number = first_line + offset
        found = marks.get(number, [])
        if found:
            style = _MARK_ERROR if any(mark[1] == Severity.ERROR for mark in found) else _MARK_WARNING
            note = " ◀ " + html.escape(rules_named(mark[0] for mark in found))
        else:
            style, note = _PLAIN, ""
        rows.append(
            f'<div style="{style}padding:0 6px;white-space:pre-wrap;">'
            f'<span style="color:#888;display:inline-block;min-width:4.5em;user-select:none;">{number}</span>'
            f'{html.escape(text) or "&nbsp;"}<b style="color:#d93025;">{note}</b></div>'
        )
        if caret and caret[0] == number and caret[1] >= 1:
            rows.append(
                f'<div style="{_PLAIN}padding:0 6px;white-space:pre;color:#d93025;font-weight:bold;">'
                f'<span style="display:inline-block;min-width:4.5em;"></span>{" " * (caret[1] - 1)}^</div>'
            )
    return ('<div style="font-family:ui-monospace,Menlo,Consolas,monospace;font-size:0.85rem;'
            'line-height:1.45;border:1px solid #ddd;border-radius:6px;padding:6px 0;overflow-x:auto;">'
            + "".join(rows) + "</div>")


def show_source(lines: list[str], first_line: int, marks: dict[int, list[tuple[str, str]]],
                caret: tuple[int, int] | None = None) -> None:
    """The lines with the marked ones highlighted, and a caret under ``caret`` = (line, column).

    Shown by ``st.html``, which reads no Markdown, with every text escaped: a log line shows
    as it is written."""
    st.html(source_html(lines, first_line, marks, caret))


def show_findings(findings: pl.DataFrame, alike: Collection[str] | None = None) -> None:
    """Each finding with the text of the rule it cites; a name of ``alike`` (the page's names that print
    alike, by default the warehouse's: :func:`dashboards.queries.names_alike`) shown marked in its words
    (:func:`dashboards.names.marked_names`)."""
    if findings.is_empty():
        st.success("No findings: the replay agrees with the log.")
        return
    if alike is None:
        alike = q.names_alike(q.database())
    for row in findings.iter_rows(named=True):
        where = f"line {row['line']}" if row["line"] is not None else "the whole game"
        icon = ":material/error:" if row["severity"] == "error" else ":material/warning:"
        message, expected, actual = (None if row[part] is None else marked_names(row[part], alike)
                                     for part in ("message", "expected", "actual"))
        with st.container(border=True):
            st.markdown(f"{icon} **{md(row['rule_id'])}** ({md(row['severity'])}, {where}): {md(message)}")
            said = ([f"expected **{md(expected)}**"] if expected is not None else []) + (
                [f"the log says **{md(actual)}**"] if actual is not None else [])
            if said:    # (a part the finding has no value for is left out, never shown as None)
                st.markdown(", ".join(said))
            st.caption(f"Rule {md(row['rule_id'])}: {md_with_code(rule_text(row['rule_id']))}")


def findings_frame(replay) -> pl.DataFrame:
    """A replay's findings as the Audit lists a stored game's: by line (the whole game's first), then rule."""
    return pl.DataFrame(
        [{"rule_id": f.rule_id, "severity": str(f.severity), "line": f.line, "message": f.message,
          "expected": f.expected, "actual": f.actual, "subject": f.subject} for f in replay.findings],
        schema={"rule_id": pl.String, "severity": pl.String, "line": pl.Int64, "message": pl.String,
                "expected": pl.String, "actual": pl.String, "subject": pl.String},
    ).sort("line", "rule_id", nulls_last=False, maintain_order=True)


class Mark(NamedTuple):
    """A finding as the source and the replay mark it at its line: the rule, its severity, its
    message, and its subject (``findings.subject``), which tells which of the steps sharing a line
    it is about (a six-card box)."""

    rule: str
    severity: str
    message: str = ""
    subject: str | None = None


def marks_of(findings: pl.DataFrame) -> dict[int, list[Mark]]:
    marks: dict[int, list[Mark]] = {}
    for row in findings.iter_rows(named=True):
        if row["line"] is not None:
            marks.setdefault(int(row["line"]), []).append(
                Mark(row["rule_id"], row["severity"], row["message"] or "", row.get("subject")))
    return marks


def with_subjects_now(marks: dict[int, list], replay) -> dict[int, list]:
    """``marks`` where a finding stored before ``findings.subject`` existed (null) takes the subject of
    the finding of the same rule, line and message that the game's kept text gives when replayed now;
    one the replay no longer gives keeps none, and is marked on every step of its line until
    ``rasklad reaudit`` stores it again.

    >>> from rules.findings import Finding
    >>> class Replayed: findings = (Finding(rule_id="SIX-PAY", message="m", line=12, subject="hand 1, box 2"),)
    >>> with_subjects_now({12: [Mark("SIX-PAY", "error", "m"), Mark("SIX-PAY", "error", "n")]}, Replayed)[12]
    [Mark(rule='SIX-PAY', severity='error', message='m', subject='hand 1, box 2'), Mark(rule='SIX-PAY', severity='error', message='n', subject=None)]
    """
    now = {(f.rule_id, f.line, f.message): f.subject for f in replay.findings if f.subject is not None}
    if not now:
        return marks
    return {line: [mark if not isinstance(mark, Mark) or mark.subject is not None
                   else mark._replace(subject=now.get((mark.rule, line, mark.message))) for mark in found]
            for line, found in marks.items()}


# -- the game a page opens -----------------------------------------------------------------------

def pick_game(title: str, labels: dict[str, str], key: str, kept_label: Callable[[str], str | None],
              named: Callable[[str], list[str]] = lambda name: []) -> str | None:
    """The game a page opens below its filters, picked in a select box and named in the address
    (``?game=``) so that the view can be shared, or None, with no game in the address, when the
    filters keep no game.

    ``labels``: the games the filters keep that the page lists (ID: label, in the page's order). The
    game the address names stays open while the filters keep it, also beyond the list (a link from
    another page): ``kept_label`` gives its label then, else None. The address may name it by the
    name or number its log gives it (``?game=R-2026-11-28-1``), which ``named`` turns into the IDs of
    the stored games so named: the one game of that name opens. Otherwise the first game is open:
    a filter changed never leaves open a game it leaves out.

    The game is set in the box's session state at every run: the browser keeps showing the text of
    the game it last picked, even when that game left the list, until the server sends a value."""
    wanted = st.query_params.get("game")
    if wanted and wanted not in labels:
        label = kept_label(wanted)
        if label is None and len(ids := named(wanted)) == 1:   # (a name several games share opens none)
            wanted = ids[0]
            label = labels.get(wanted) or kept_label(wanted)
        if label is not None and wanted not in labels:
            labels = {wanted: label, **labels}
    if not labels:
        st.query_params.pop("game", None)
        return None
    picked = st.session_state.get(key)
    shown = picked if picked in labels else wanted if wanted in labels else next(iter(labels))
    st.session_state[key] = shown  # (a value set here reaches the browser with its label of this run)
    game_id = st.selectbox(title, list(labels), format_func=labels.get, key=key)
    st.query_params["game"] = game_id
    return game_id


def played_text(played_at, in_utc: bool | None, audited: Audited | None) -> str:
    """When a stored game was played, saying on which clock: the warehouse keeps UTC where the log
    names its time zone, else the time as the log wrote it (``games.played_in_utc``, docs/warehouse.md).
    A game stored before the warehouse said so (``in_utc`` None) is told by its text read again."""
    if played_at is None:
        return "no date"
    if in_utc is None:
        info = getattr(getattr(audited, "record", None), "info", None)
        in_utc = None if info is None else info.played_in_utc
    return tables.time_text(played_at, in_utc)


# -- rendering: the replay, game by game ------------------------------------------------------

Marks = dict[int, list[tuple]]
"""A file line's findings: :class:`Mark` (rule, severity, message, subject), or (rule, severity) pairs."""


def game_names(record, replay) -> frozenset[str]:
    """The names of a game's players, as its record and its replay hold them."""
    seated = [*getattr(record, "players", ()), *(seat.player for seat in getattr(record, "seats", ())),
              getattr(record, "player", None), *(result.player for result in getattr(replay, "players", ()))]
    return frozenset(name for name in seated if isinstance(name, str))


def show_replay(audited: Audited, marks: Marks | None = None, start_line: int | None = None,
                shortcuts: bool = False) -> None:
    """One parsed game: the table drawn step by step (opened at the step of ``start_line``, a
    finding's line), then its steps as tables by its kind; steps at a line in ``marks`` name its findings.
    ``shortcuts``: the arrow keys step too (for a page that shows one replay). A name that prints as
    another's, among the warehouse's and the game's (:func:`dashboards.queries.names_alike`), is shown
    marked wherever the replay names it, as the page's lists show it."""
    record, replay = audited.record, audited.replay
    marks = marks or {}
    game = record.info.game
    alike = q.names_alike(q.database(), game_names(record, replay))
    if replay is None:
        st.warning(f"Not replayed: {md(audited.error)}. What the log says:")
        show_generic(record, replay)
        return
    try:
        steps = steps_of(record, replay)
    except Exception as error:  # noqa: BLE001 — a drawing that trips on a record must leave the rest of the page
        st.warning(f"The table of this {md(game)} game could not be drawn ({type(error).__name__}: {md(error)}).")
        steps = []
    if steps:
        show_stepper(steps, _key(record, f"at_{start_line or 0}"), step_at_line(steps, start_line),
                     with_subjects_now(marks, replay), shortcuts=shortcuts, alike=alike)
    view = _VIEWS.get(game, show_generic)
    try:
        with st.expander("Step by step as tables", expanded=not steps):
            view(record, replay, marks, alike=alike) if view in _MARKING else view(record, replay, alike=alike)
    except Exception as error:  # noqa: BLE001 — as above
        st.warning(f"The step-by-step view of this {md(game)} game failed ({type(error).__name__}: {md(error)}); "
                   "the record's fields follow.")
        show_generic(record, replay)
    show_results(replay, record, alike)


def _move(state_key: str, by: int, count: int) -> None:
    st.session_state[state_key] = min(max(st.session_state.get(state_key, 1) + by, 1), count)


def flagged_at(steps: list[Step], index: int, marks: Marks) -> list[tuple[int, str, str]]:
    """The findings (line, rule, message) that step ``index`` is about (:func:`dashboards.replayer.steps_of_finding`:
    its own line's, a shared line's whose subject is its, a summary's or totals' after it, the header's at the first)."""
    flagged = []
    for line, found in marks.items():
        for mark in found:
            message = mark[2] if len(mark) > 2 else ""
            if index in steps_of_finding(steps, line, mark[3] if len(mark) > 3 else None):
                flagged.append((line, mark[0], message))
    return sorted(flagged)


def show_stepper(steps: list[Step], key: str, start: int, marks: Marks | None = None,
                 shortcuts: bool = False, alike: Collection[str] = ()) -> None:
    """The drawn table of one step, with previous/next buttons (and the arrow keys, with ``shortcuts``)
    and a slider where there are several; opened at ``start``; the findings the step is about marked above it.
    A name of ``alike`` (names that print alike) is shown marked in the drawing and the words."""
    marks = marks or {}
    count = len(steps)
    state_key = f"{key}_step"    # the step's number as the slider shows it: 1 to count
    if state_key not in st.session_state or not 1 <= st.session_state[state_key] <= count:
        st.session_state[state_key] = min(max(start, 0), count - 1) + 1
    if count > 1:    # a game drawn in one step (Chinese poker) has nothing to step through
        # each button as wide as its label, the slider the rest: a fixed share of a narrow column cut
        # "◀ Previous" to "◀ Pre…"; on a phone the slider wraps to the next line
        with st.container(horizontal=True, vertical_alignment="center"):
            st.button("◀ Previous", key=f"{key}_previous", on_click=_move, args=(state_key, -1, count),
                      disabled=st.session_state[state_key] <= 1, width="content",
                      shortcut="Left" if shortcuts else None)
            st.button("Next ▶", key=f"{key}_next", on_click=_move, args=(state_key, 1, count),
                      disabled=st.session_state[state_key] >= count, width="content",
                      shortcut="Right" if shortcuts else None)
            st.slider("Step", 1, count, key=state_key, label_visibility="collapsed")
    index = st.session_state[state_key] - 1
    step = steps[index]
    flagged = flagged_at(steps, index, marks)
    if flagged:
        st.error(("Finding at this step: " if len(flagged) == 1 else "Findings at this step:  \n") + "  \n".join(
            md(f"{rule} (line {line})" + (f": {marked_names(message, alike)}" if message else ""))
            for line, rule, message in flagged), icon=":material/error:")
    st.html(marked_names(step.html, alike, html.escape))    # (the drawing writes every text escaped)
    # a game drawn in one step has no step to count; a step of no one line names none
    where = ", ".join(part for part in (step_count(index, count).capitalize() if count > 1 else "",
                                        f"line {step.line}" if step.line is not None else "") if part)
    label = marked_names(step.label, alike)
    st.caption(f"{where}: {md(label)}" if where else md(label[:1].upper() + label[1:]))


def unit_of(record):
    """The unit of a game's amounts, for :func:`tables.show`: a Hold'em hand's currency (``chips`` in a
    tournament or at play money, as the warehouse counts them), points (None) in raspisnoy and Chinese
    poker, else unsaid."""
    if hasattr(record, "currency"):
        return money_unit(record.currency)
    return None if record.info.game in q.FAMILIES["raspisnoy"] + q.FAMILIES["chinese"] else tables.UNSAID


def show_results(replay, record, alike: Collection[str] = ()) -> None:
    if hasattr(replay, "owed_known"):
        show_holdem_results(replay, record, alike)
    elif replay.players:
        st.markdown("**Result by the replay**")
        # the net a number, to the cent of the game's unit (points and chips whole): sorted as a number
        tables.show(
            pl.DataFrame([{"player": p.player, "seat": p.seat, "net": p.net} for p in replay.players],
                         schema={"player": pl.String, "seat": pl.Int64, "net": pl.Decimal(18, 2)}),
            hide_index=True, unit=unit_of(record), alike=alike,
        )


def holdem_results(replay) -> pl.DataFrame:
    """Each player of a replayed Hold'em hand: what they put in, what the rules pay them from the
    pots (rake taken), given a cash-out (:func:`rules.holdem_engine.owed_with_cash_out`), and their
    net by the rules, beside what the log's collect lines pay them from the pots and their net in the
    log (the net the warehouse keeps: the money the room moved); where someone cashed out, what the
    room paid each (``cash_out``), and where someone paid the room (GGPoker's Cashout Risk, which the
    warehouse keeps as a negative ``cash_out``), what each paid it (``paid_the_room``): each amount
    as it was paid, in a column named for the way the money went, never a negative cash-out.
    Without ``owed_known`` (a contender's cards not shown) the rules' columns are empty."""
    known = replay.owed_known
    results = pl.DataFrame(
        [{"player": p.player, "seat": p.seat, "invested": p.invested,
          "owed": owed_with_cash_out(p) if known else None,
          "net": owed_with_cash_out(p) - p.invested if known else None,
          "cash_out": max(p.cash_out, 0), "paid_the_room": max(-p.cash_out, 0),
          "collected": p.collected - p.cash_out, "net_in_log": p.net}
         for p in replay.players],
        schema={"player": pl.String, "seat": pl.Int64, **dict.fromkeys(
            ("invested", "owed", "net", "cash_out", "paid_the_room", "collected", "net_in_log"), pl.Decimal(18, 2))})
    return results.drop(name for name, paid in (("cash_out", max), ("paid_the_room", min))
                        if not any(paid(p.cash_out, 0) for p in replay.players))


def cash_out_notes(replay, whole: bool) -> list[str]:
    """A sentence per player who cashed out: what the room paid them (or they paid it) outside the
    pots, and what that does to what the rules pay them (``whole``: amounts read whole, dashboards.money)."""
    notes = []
    for p in (p for p in replay.players if p.cash_out):
        paid, share = amount_text(abs(p.cash_out), whole), amount_text(p.owed, whole)
        if sold_to_the_room(p):
            notes.append(f"{p.player} cashed out the hand for {paid}: the share of the pots ({share} by the "
                         f"rules) was sold to the room, which paid {paid} in its place; the rules pay that.")
        elif p.cash_out > 0:
            notes.append(f"{p.player} cashed out for {paid}, which the room paid beside the share of the pots "
                         f"({share} by the rules): the rules pay both.")
        else:
            notes.append(f"{p.player} took an EV Cashout and paid the room {paid} of the share of the pots "
                         f"({share} by the rules) as its Cashout Risk: the rules pay that share less {paid}, "
                         f"{amount_text(owed_with_cash_out(p), whole)}.")
    return notes


def show_holdem_results(replay, record, alike: Collection[str] = ()) -> None:
    """A Hold'em hand's result by the rules beside the log's: the nets the warehouse keeps for a hand
    are the log's (docs/warehouse.md), and an arbiter needs both, each named for what it is."""
    if not replay.players:
        return
    results = holdem_results(replay)
    if replay.owed_known:
        st.markdown("**Result by the replay**, beside the log's")
        st.caption("The rules pay each pot to its winners, the rake taken; a net by the rules is that, less "
                   "what the player put in. The log's columns are what its collect lines pay.")
        for note in cash_out_notes(replay, reads_whole_chips(record, replay)):
            st.caption(md(marked_names(note, alike)))
    else:
        st.markdown("**Result in the log**")
        st.caption("The rules cannot tell who wins every pot of this hand (a contender's cards are not shown): "
                   "the nets are the log's.")
        results = results.drop("owed", "net")
    headings = {"net": "Net by the rules", "collected": "Collected in the log"}
    tables.show(results, hide_index=True, unit=unit_of(record), alike=alike,
                column_config={name: heading for name, heading in headings.items() if name in results.columns})


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


def show_generic(record, replay, alike: Collection[str] = ()) -> None:
    """Any record: its fields as a tree (for games without a step-by-step view yet)."""
    st.json(plain(record), expanded=2)


SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def card(value) -> str:
    """A card as people read it: ``A♥``, ``10♣`` (``JK`` for a joker).

    >>> card("Th"), card("7s"), card(None)
    ('10♥', '7♠', '—')
    """
    if value is None:
        return "—"
    text = str(value)
    if len(text) == 2 and text[1] in SUITS:
        return ("10" if text[0] == "T" else text[0]) + SUITS[text[1]]
    return text


def word(value) -> str:
    """An enum member (or anything) as a plain word: ``regular``, ``full house``, ``no limit``."""
    if value is None:
        return ""
    if isinstance(value, Enum):
        text = value.value if isinstance(value.value, str) else value.name.lower()
        return text.replace("_", " ")
    return str(value)


def cards(values) -> str:
    return " ".join(card(v) for v in values) if values else ""


def _key(record, name: str) -> str:
    """A widget key unique to one game on the page."""
    return f"replay_{record.source.game_id}_{name}"


# -- Hold'em: stacks, pot and board after each action, from the replay's facts -------------------

def _flag(marks: Marks, line: int | None) -> str:
    return rules_named(mark[0] for mark in marks.get(line, [])) if line is not None else ""


def holdem_table(record, replay, marks: Marks | None = None) -> pl.DataFrame:
    """One row per action: who did what, then the pot, the board and every stack after it
    (the replayer's states, which sum the replay's per-action chips)."""
    rows = []
    for number, state in enumerate(holdem_states(record, replay)[1:], 1):
        rows.append({
            "step": number, "line": state.line, "finding": _flag(marks or {}, state.line), "street": state.street,
            "action": state.label, "pot": state.pot, "board": cards(state.board),
            **{stack_column(s.player): s.stack for s in state.seats},
        })
    # the pot and stacks numbers (null: a stack the log does not state), to the cent of the unit on the page
    return pl.DataFrame(rows, schema_overrides={name: pl.Decimal(18, 2) for name in rows[0] if name == "pot"
                                                or name.startswith("stack ")}) if rows else pl.DataFrame()


def stack_column(player: str) -> str:
    """The step table's column of a player's stack (a column per player: names never clash with ours)."""
    return f"stack {player}"


def show_holdem(record, replay, marks: Marks | None = None, alike: Collection[str] = ()) -> None:
    st.markdown(
        # the stakes as every other page names them ('No Limit €0.05/€0.10 EUR')
        f"Hand **{md(record.hand_id)}** — {md(tables.BETTING_WORDS.get(record.betting.value, word(record.betting)))} "
        + (md(record.stakes) if record.stakes else f"{md(record.small_blind)}/{md(record.big_blind)} "
           f"{md(record.currency)}")
        + (f", ante {md(record.ante)}" if record.ante else "") + (", 36 cards" if record.is_short_deck else "")
        + (f"; button seat {record.button_seat}" if record.button_seat else "")
    )
    steps = holdem_table(record, replay, marks)
    if steps.is_empty():
        st.info("No action in this hand.")
        return
    stacks = {stack_column(seat.player): f"{listed_name(seat.player, alike)}'s stack" for seat in record.seats}
    tables.show(steps, hide_index=True, key=_key(record, "steps"), unit=unit_of(record), alike=alike,
                column_config={name: heading for name, heading in stacks.items() if name in steps.columns})
    if record.summary is not None:
        st.caption(f"Summary: total pot {md(record.summary.total_pot)}, rake {md(record.summary.rake)}"
                   + (f", board {md(cards(record.summary.boards[0]))}" if record.summary.boards else ""))


# -- raspisnoy: hands, trump, bids and each trick with its winner ---------------------------------

def _round_table(replay) -> pl.DataFrame:
    return pl.DataFrame([{
        "round": r.round_no, "cards": r.cards, "kind": word(r.kind), "dealer": r.dealer, "trump": card(r.trump),
        "player": r.player, "bid": r.bid, "tricks": r.tricks, "points": str(r.points), "total": str(r.total),
        "written": "" if r.total_written is None else str(r.total_written),
    } for r in replay.rounds]) if replay.rounds else pl.DataFrame()


def show_raspisnoy(record, replay, marks: Marks | None = None, alike: Collection[str] = ()) -> None:
    marks = marks or {}
    st.markdown(f"Game **{md(record.name)}** — players {md(marked_names(', '.join(record.players), alike))}; "
                f"first dealer {md(listed_name(record.first_dealer, alike))}")
    rounds = record.rounds
    if not rounds:
        st.info("The log has no round.")
        return
    numbers = [r.number for r in rounds]
    number = (st.select_slider("Round", numbers, value=numbers[0], key=_key(record, "round"))
              if len(numbers) > 1 else numbers[0])
    this = next(r for r in rounds if r.number == number)
    trump = "none" if this.trump is None else card(this.trump) + (" (joker)" if this.trump_marked_joker else "")
    st.markdown(f"**Round {this.number}**: {this.cards} card{'s' if this.cards != 1 else ''}, {md(word(this.kind))}, "
                f"dealer {md(listed_name(this.dealer, alike))}, trump {md(trump)}")
    by_player = {row.player: row for row in replay.rounds if row.round_no == this.number}
    hands = dict(this.hands or ())
    bids = dict(this.bids or ())
    order = [p for p, _ in (this.hands or this.bids or ())] or list(record.players)
    tables.show(pl.DataFrame([{
        "player": p, "hand": cards(hands.get(p, ())), "bid": bids.get(p),
        "tricks": by_player[p].tricks if p in by_player else None,
        "points": str(by_player[p].points) if p in by_player else "",
        "total": str(by_player[p].total) if p in by_player else "",
    } for p in order]), hide_index=True, key=_key(record, "hands"), alike=alike)
    following = [r.line for r in rounds if r.line > this.line]
    until = min(following) if following else 10**9
    flagged = sorted({mark[0] for line, found in marks.items() if this.line <= line < until for mark in found})
    if flagged:
        st.error(f"Findings in this round: {md(', '.join(flagged))}", icon=":material/error:")
    if this.bids_before_hands:
        st.caption("Blind round: the bids were made before the cards were seen.")
    if this.tricks:
        tables.show(pl.DataFrame([{
            "trick": t.number, "line": t.line, "finding": _flag(marks, t.line),
            "plays": ", ".join(f"{p.player} {card(p.card)}" + (f" ({word(p.declaration.call)}" + (f" {word(p.declaration.suit)}" if p.declaration.suit else "") + ")" if p.declaration else "")
                               for p in t.plays),
            "winner": next((pl_.winner for pl_ in replay.plays if pl_.round_no == this.number
                            and pl_.trick_no == t.number), t.winner),
            "winner in the log": t.winner,
        } for t in this.tricks]), hide_index=True, key=_key(record, "tricks"), alike=alike)
    with st.expander("Every round"):
        tables.show(_round_table(replay), hide_index=True, key=_key(record, "all_rounds"), alike=alike)


def show_raspisnoy_sheet(record, replay, alike: Collection[str] = ()) -> None:
    st.markdown(f"Score sheet **{md(record.name)}** — players {md(marked_names(', '.join(record.players), alike))}; "
                f"first dealer {md(listed_name(record.first_dealer, alike))}. A sheet has no cards: bids, tricks and "
                "totals are checked.")
    tables.show(_round_table(replay), hide_index=True, key=_key(record, "sheet_rounds"), alike=alike)


# -- Chinese and OFC: the rows, and for OFC the rows as they fill ------------------------------------

def _rows_table(replay) -> pl.DataFrame:
    return pl.DataFrame([{
        "player": r.player, "row": word(r.row), "cards": cards(r.cards), "hand": word(r.category),
        "royalty": r.royalty, "foul": "foul" if r.is_foul else "",
    } for r in replay.rows]) if replay.rows else pl.DataFrame()


def _scores(replay, record, alike: Collection[str]) -> None:
    if replay.hands:
        tables.show(pl.DataFrame([{
            "player": h.player, "status": word(h.status), "natural": word(h.natural),
            "foul": h.is_foul, "royalties back/middle/front": "/".join(map(str, h.royalties)), "points": h.points,
        } for h in replay.hands]), hide_index=True, key=_key(record, "hands"), alike=alike)
    if replay.scores:
        st.markdown("**Pair by pair**")
        tables.show(pl.DataFrame([{
            "player": s.player, "opponent": s.opponent, "rows won": s.rows_won, "rows lost": s.rows_lost,
            "scoop": s.is_scoop, "royalty points": s.royalty_points, "points": s.points,
        } for s in replay.scores]), hide_index=True, key=_key(record, "scores"), alike=alike)


def show_chinese(record, replay, alike: Collection[str] = ()) -> None:
    st.markdown(f"Hand **{md(record.hand_id)}** — scoring {md(word(record.scoring))}; "
                f"players {md(marked_names(', '.join(record.players), alike))}")
    rows = _rows_table(replay)
    if not rows.is_empty():
        tables.show(rows, hide_index=True, key=_key(record, "rows"), alike=alike)
    _scores(replay, record, alike)


def ofc_rows_at(replay, turn: int) -> pl.DataFrame:
    """Each player's rows after ``turn`` placements (discards left out)."""
    filled: dict[tuple[str, str], list[str]] = {}
    for placement in replay.placements:
        if placement.turn_no <= turn and not placement.is_discard and placement.row is not None:
            filled.setdefault((placement.player, word(placement.row)), []).append(card(placement.card))
    players = list(dict.fromkeys(p.player for p in replay.placements))
    return pl.DataFrame([{
        "player": player, **{row: " ".join(filled.get((player, row), [])) for row in ("front", "middle", "back")},
    } for player in players])


def show_ofc(record, replay, alike: Collection[str] = ()) -> None:
    st.markdown(f"Hand **{md(record.hand_id)}** — {md(word(record.variant))}, scoring {md(word(record.scoring))}; "
                f"players {md(marked_names(', '.join(record.players), alike))}")
    turns = sorted({p.turn_no for p in replay.placements})
    if turns:
        turn = (st.select_slider("After turn", turns, value=turns[-1], key=_key(record, "turn"))
                if len(turns) > 1 else turns[0])
        placed = [p for p in replay.placements if p.turn_no == turn]
        st.caption("This turn: " + md("; ".join(
            f"{listed_name(p.player, alike)} {card(p.card)} → {'discard' if p.is_discard else word(p.row)}"
            for p in placed)))
        tables.show(ofc_rows_at(replay, turn), hide_index=True, key=_key(record, "filling"), alike=alike)
    st.markdown("**Final rows**")
    rows = _rows_table(replay)
    if not rows.is_empty():
        tables.show(rows, hide_index=True, key=_key(record, "rows"), alike=alike)
    _scores(replay, record, alike)


# -- six-card: each box's decisions and payouts -----------------------------------------------------

SIXCARD_AMOUNTS = ("ante", "costs", "wagered", "returned", "net", "net_in_log")
"""A six-card box's amounts: numbers, which the table writes as every page writes money (tables.MONEY)."""


def sixcard_boxes(replay) -> pl.DataFrame:
    rows = []
    for f in replay.boxes:
        box = f.box
        rows.append({
            "hand": f.hand_no, "box": box.number, "ante": box.ante, "cards": cards(box.cards),
            "decisions": box_decisions(box), "best five": cards(f.best_five),
            "hand rank": word(f.category),
            "dealer": cards(f.dealer_cards),
            "dealer rank": word(f.dealer_category),
            "dealer buy": f"{card(f.dealer_buy.out)} → {card(f.dealer_buy.into)}" if f.dealer_buy else "",
            "outcome": word(f.outcome),
            "costs": f.costs, "wagered": f.wagered, "returned": f.returned, "net": f.net,
            "net_in_log": f.net_written,
        })
    return pl.DataFrame(rows, schema_overrides=dict.fromkeys(SIXCARD_AMOUNTS, pl.Decimal(18, 2))) if rows \
        else pl.DataFrame()


def show_sixcard(record, replay, alike: Collection[str] = ()) -> None:
    count = len(record.hands)
    st.markdown(f"Session **{md(record.session_id)}** — player {md(listed_name(record.player, alike))}, "
                f"{count} hand{'s' if count != 1 else ''}")
    boxes = sixcard_boxes(replay)
    if boxes.is_empty():
        st.info("No box was played.")
        return
    hands = boxes["hand"].unique(maintain_order=True).to_list()
    hand = (st.select_slider("Hand", hands, value=hands[0], key=_key(record, "hand")) if len(hands) > 1 else hands[0])
    tables.show(boxes.filter(pl.col("hand") == hand), hide_index=True, key=_key(record, "boxes"), unit=unit_of(record))
    with st.expander("Every box of the session"):
        tables.show(boxes, hide_index=True, key=_key(record, "all_boxes"), unit=unit_of(record))


_MARKING = {show_holdem, show_raspisnoy}
"""Views that flag the steps at which findings were made."""

_VIEWS: dict[str, callable] = {
    "holdem": show_holdem,
    "holdem36": show_holdem,
    "raspisnoy": show_raspisnoy,
    "raspisnoy_sheet": show_raspisnoy_sheet,
    "chinese": show_chinese,
    "ofc": show_ofc,
    "sixcard": show_sixcard,
}
