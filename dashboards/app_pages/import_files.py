"""Import: upload logs into the warehouse, with progress, the run's summary and the quarantine."""

from __future__ import annotations

import shutil
from pathlib import Path

import streamlit as st

from dashboards import queries as q
from dashboards import tables
from dashboards.safe_text import md
from dashboards.uploads import (
    BUDGET,
    MAX_FILES,
    MAX_IMPORT_MB,
    MAX_MB,
    MAX_SERVER_MB,
    UPLOADS,
    unique_uploads,
)


def _clear_uploads() -> None:
    """Let go of the uploaded files (a new uploader widget): the server frees their memory."""
    st.session_state["import_round"] = st.session_state.get("import_round", 0) + 1


st.title("Import")
st.caption("The formats Rasklad reads, with examples: docs/formats.md in the Rasklad folder.")
root = q.warehouse_root()
st.caption(f"Each file is parsed, replayed and stored in the warehouse {md(root)}; the warehouse keeps every "
           "game's text, so the audit shows its lines later. Files whose content was imported before are not "
           "read twice.")

uploads = st.file_uploader(f"Log files (at most {MAX_MB} MB each, {MAX_IMPORT_MB} MB and {MAX_FILES} files "
                           "an import)", accept_multiple_files=True,
                           key=f"import_files_{st.session_state.get('import_round', 0)}", max_upload_size=MAX_MB)
if st.button("Import", type="primary", key="import_run", disabled=not uploads):
    too_big = [u.name for u in uploads if u.size > MAX_MB * 1024 * 1024]
    total_mb = sum(u.size for u in uploads) / (1024 * 1024)
    if too_big or total_mb > MAX_IMPORT_MB or len(uploads) > MAX_FILES:
        _clear_uploads()
        if too_big:
            st.error(f"Over {MAX_MB} MB: {md(', '.join(too_big))}. Import such files with `rasklad ingest`.")
        else:
            st.error(f"{len(uploads)} files of {total_mb:,.1f} MB in all: an import takes at most {MAX_FILES} files "
                     f"and {MAX_IMPORT_MB} MB. Import them in parts, or with `rasklad ingest`.")
        st.stop()
    from pipeline.ingest import ingest

    held = BUDGET.take(sum(u.size for u in uploads))
    if held is None:
        _clear_uploads()
        st.error(f"The server is importing other files now ({MAX_SERVER_MB} MB at most at once, for everyone): "
                 "add these files again in a moment, or import them with `rasklad ingest`.")
        st.stop()
    with held:     # the server's memory for this import, given back when it is done
        distinct, repeated = unique_uploads(uploads)
        _clear_uploads()
        written = []
        for digest, name, data in distinct:
            # one folder per content: the same bytes land at the same path, whatever their name
            path = root / UPLOADS / digest / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
        del distinct
        bar = st.progress(0.0, text="Reading files…")
        done = [0, 0]

        # the note of a wait for another writer, said while it lasts and then in the past
        waiting = st.empty()
        waited = []

        def on_wait(message: str) -> None:
            waited.append(message)
            waiting.info(message, icon=":material/hourglass_top:")

        def after_wait() -> None:
            if waited:
                waiting.caption("Another writer held the warehouse: this import waited for it to finish, then ran.")

        def on_start(total: int) -> None:
            after_wait()    # the lock is held by now
            done[1] = total
            bar.progress(0.0, text=f"0 of {q.counted(total, 'file')}")

        def on_file(result) -> None:
            done[0] += 1
            bar.progress(done[0] / max(done[1], 1),
                         text=f"{done[0]:,} of {q.counted(done[1], 'file')}: {md(Path(result.source_file).name)}")

        q.release()  # the ingest rebuilds the DuckDB file: no read-only connection may hold it
        try:
            # One writer at a time: another import or a command-line ingest holds the warehouse's
            # lock until it is done; this import waits for it, and says so.
            summary = ingest(written, root, jobs=1, on_file=on_file, on_start=on_start, on_wait=on_wait)
        except Exception as error:  # noqa: BLE001 — any failure is reported on the page
            st.error(f"The import failed: {type(error).__name__}: {md(error)}")
            st.stop()
        finally:
            after_wait()
            q.release()
            for path in written:    # stored or not, the copies go: the warehouse keeps the texts
                shutil.rmtree(path.parent, ignore_errors=True)
    bar.progress(1.0, text="Done")
    st.session_state["import_summary"] = (summary.as_dict(), repeated)

if "import_summary" in st.session_state:
    summary, repeated = st.session_state["import_summary"]
    st.subheader("This import")
    cols = st.columns(5)
    cols[0].metric("Files", summary["files"])
    cols[1].metric("Games stored", summary["games"])
    cols[2].metric("Already stored", summary["games_known"] + summary["duplicates"])
    cols[3].metric("Quarantined", summary["quarantined"])
    cols[4].metric("Findings", summary["findings"])
    # a file whose bytes came before under another name (a copy) was imported before too
    before = summary["files_unchanged"] + len(summary.get("files_copied", ()))
    st.caption(f"{q.counted(before, 'file')} imported before, "
               f"{q.counted(repeated, 'upload')} that repeated another; "
               f"{summary['seconds']:.2f} s.")
    for reason, count in summary["quarantine_reasons"].items():
        st.markdown(f"- quarantined {count} × {md(reason)}")
    for name, reason in summary.get("files_unreadable", {}).items():
        st.markdown(f"- not read: {md(Path(name).name)}: {md(reason)}")

db = q.open_or_stop(none_yet="No warehouse yet: the first import creates it.")
st.subheader("Quarantine")
reasons = q.quarantine_reasons(db)
if reasons.is_empty():
    st.success("Nothing is in quarantine: every game parsed.")
    st.stop()
tables.show(reasons, hide_index=True, key="quarantine_reasons")
held = q.quarantine(db)
tables.show(held.drop("text"), hide_index=True, key="quarantine_table")
pick = st.selectbox("Show the text of", range(held.height), key="quarantine_pick",
                    format_func=lambda i: f"{Path(held['source_file'][i]).name}:{held['line'][i]}:{held['column'][i]} — "
                                          f"{held['error'][i][:80]}")
row = held.row(pick, named=True)
from dashboards import replay_views as rv

st.markdown(f"**{md(row['error'])}** (line {row['line']}, column {row['column']})")
rv.show_source(row["text"].split("\n"), row["first_line"], {row["line"]: [("here", "error")]},
               caret=(row["line"], row["column"]))
