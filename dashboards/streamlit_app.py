"""Rasklad's dashboards: the router. Run with `rasklad dashboard` (it sets RASKLAD_WAREHOUSE).

Each page is a file of ``dashboards/app_pages/``; the pages describe the screen and take
their data from ``dashboards/queries.py``.
"""

import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `streamlit run dashboards/streamlit_app.py` from a checkout
    sys.path.insert(0, str(ROOT))

from dashboards import queries as q
from dashboards.safe_text import md

st.set_page_config(page_icon=":material/playing_cards:", layout="wide")

page = st.navigation({
    "Review": [
        st.Page("app_pages/overview.py", title="Overview", icon=":material/dashboard:", default=True),
        st.Page("app_pages/player.py", title="Player review", icon=":material/person:"),
        st.Page("app_pages/hands.py", title="Hands", icon=":material/style:"),
        st.Page("app_pages/reports.py", title="Hold'em reports", icon=":material/grid_on:"),
        st.Page("app_pages/leaderboards.py", title="Leaderboards", icon=":material/leaderboard:"),
    ],
    "Audit": [
        st.Page("app_pages/audit.py", title="Audit", icon=":material/fact_check:"),
        st.Page("app_pages/check.py", title="Check a game", icon=":material/content_paste_search:"),
    ],
    "Data": [
        st.Page("app_pages/import_files.py", title="Import", icon=":material/upload_file:"),
    ],
})
# the browser's tab names the page: on a phone, with the sidebar folded, it and the heading say where one is
st.set_page_config(page_title=f"{page.title} · Rasklad")
st.sidebar.caption(f"Warehouse: {md(q.warehouse_root())}")
page.run()
