"""Overview: what the warehouse holds, game by game, and where to go next."""

import polars as pl
import streamlit as st

from dashboards import queries as q
from dashboards import tables
from dashboards.safe_text import md

st.title("Rasklad")
st.caption("Hand histories and score sheets, every game replayed against the rules.")
st.caption("Reference, in the Rasklad folder: docs/formats.md, docs/rules.md, docs/warehouse.md.")
db = q.open_or_stop()

status = q.rules_status(db)
if status["count_older_games"] or status["count_older_quarantined"]:
    st.warning(f"{q.counted(status['count_older_games'], 'stored game')} and "
               f"{q.counted(status['count_older_quarantined'], 'quarantined one')} were judged "
               f"by older rules or parsers than this Rasklad's ({status['rules_version']}): "
               "run `rasklad reaudit` to judge them again.", icon=":material/update:")

kinds = q.games_by_kind(db)
findings = int(kinds["count_errors"].sum() or 0) + int(kinds["count_warnings"].sum() or 0)
cols = st.columns(4)
cols[0].metric("Games", f"{int(kinds['count_games'].sum() or 0):,}")
cols[1].metric("Players", f"{q.count_players(db):,}")
cols[2].metric("Findings", f"{findings:,}")
cols[3].metric("Quarantined", f"{q.count_quarantined(db):,}")

me = q.me(db)
if me:
    st.page_link("app_pages/player.py", label=f"Review {md(me)} (me)", icon=":material/person:",
                 query_params={"player": me})
else:
    st.caption("Say which player is you (Player review, \"Names of this person\", or `rasklad alias NAME --me`): "
               "every page then starts from you.")

st.subheader("Games in the warehouse")
if kinds.is_empty():
    st.info("No game is stored yet: import logs on the **Import** page.")
else:
    tables.show(
        kinds.with_columns(pl.col("game").replace_strict(q.GAME_LABELS, default=pl.col("game")).alias("game")),
        hide_index=True,   # every column titled as on every page (tables.COLUMN_LABELS)
    )

st.subheader("Statistics built")
ready = {name: mart in q.relations(db) for name, mart in q.STATS_MARTS.items()}
st.markdown("  \n".join(
    f"{':material/check_circle:' if ok else ':material/hourglass_empty:'} **{q.FAMILY_LABELS[name]}** — "
    + ("statistics ready" if ok else "statistics not built yet")
    for name, ok in ready.items()
))

st.subheader("Where next")
links = st.columns(4)
links[0].page_link("app_pages/player.py", label="Review a player", icon=":material/person:")
links[1].page_link("app_pages/leaderboards.py", label="Club leaderboards", icon=":material/leaderboard:")
links[2].page_link("app_pages/audit.py", label="Audit the findings", icon=":material/fact_check:")
links[3].page_link("app_pages/import_files.py", label="Import logs", icon=":material/upload_file:")
