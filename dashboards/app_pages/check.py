"""Check a game: paste or upload a disputed game and audit it on the spot; nothing is stored."""

from __future__ import annotations

import streamlit as st

from dashboards import queries as q
from dashboards import replay_views as rv
from dashboards.safe_text import md

MAX_MB = rv.MAX_TEXT_BYTES // (1024 * 1024)

st.title("Check a game")
st.caption("The text is parsed and replayed exactly as an import would, but nothing is written to the warehouse.")
st.caption("How each game is written: docs/formats.md; the rules it is checked against: docs/rules.md.")

mode = st.radio("Text", ["Paste", "Upload"], horizontal=True, key="check_mode")
if mode == "Paste":
    text = st.text_area("Game text", height=260, key="check_text",
                        placeholder="PokerStars Hand #…, Raspisnoy game …, Chinese poker hand …")
    data, label = text.encode("utf-8"), "pasted text"
else:
    upload = st.file_uploader(f"Log file (at most {MAX_MB} MB)", key="check_file", max_upload_size=MAX_MB)
    data, label = (upload.getvalue(), upload.name) if upload is not None else (b"", "")

if st.button("Check", type="primary", key="check_run", disabled=not data.strip()):
    try:
        st.session_state["check_result"] = (label, rv.audit_text(data, label))
    except ValueError as error:
        st.session_state.pop("check_result", None)
        st.error(str(error))

if "check_result" in st.session_state:
    label, results = st.session_state["check_result"]
    if not results:
        st.info("No game in this text.")
    games = [a for a in results if a.replay is not None]
    failed = [a for a in results if a.replay is None]
    findings = sum(len(a.replay.findings) for a in games)
    cols = st.columns(3)
    cols[0].metric("Games read", len(games))
    cols[1].metric("Findings", findings)
    cols[2].metric("Not read or not replayed", len(failed))
    for i, audited in enumerate(results):
        chunk = audited.chunk
        if audited.record is None:
            title = f":red[Does not parse] — lines {chunk.first_line}–{chunk.last_line}"
        elif audited.replay is None:
            title = f"{md(q.label(audited.record.info.game))} — lines {chunk.first_line}–{chunk.last_line} — :red[not replayed]"
        else:
            count = len(audited.replay.findings)
            game = q.label(audited.record.info.game)
            title = (f"{md(game)} — lines {chunk.first_line}–{chunk.last_line} — "
                     + (f":orange[{count} finding{'s' if count != 1 else ''}]" if count else ":green[no findings]"))
        with st.expander(title, expanded=len(results) <= 3):
            if audited.replay is None:
                st.error(f"Line {audited.error_line}, column {audited.error_column}: {md(audited.error)}")
                rv.show_source(list(chunk.lines), chunk.first_line,
                               {audited.error_line: [("parse error", "error")]} if audited.error_line else {},
                               caret=(audited.error_line, audited.error_column) if audited.record is None else None)
                if audited.record is not None:
                    rv.show_replay(audited)
                continue
            found = rv.findings_frame(audited.replay)
            rv.show_findings(found, q.names_alike(q.database(), rv.game_names(audited.record, audited.replay)))
            rv.show_source(list(chunk.lines), chunk.first_line, rv.marks_of(found))
            st.markdown("**Replay**")
            rv.show_replay(audited, rv.marks_of(found), start_line=found["line"].min() if found.height else None)
