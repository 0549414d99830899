"""Rasklad's dashboards. Run with `rasklad dashboard`."""

import os

import duckdb
import streamlit as st

st.set_page_config(page_title="Rasklad", layout="wide")
st.title("Rasklad")
warehouse = os.environ.get("RASKLAD_WAREHOUSE", "data/warehouse")
try:
    with duckdb.connect(os.path.join(warehouse, "rasklad.duckdb"), read_only=True) as con:
        counts = con.execute("select game, count(*) as games from stg_games group by all order by game").pl()
    st.subheader("Games in the warehouse")
    st.dataframe(counts)
except duckdb.Error as error:
    st.warning(f"No warehouse at {warehouse}: run `rasklad ingest` first ({error}).")
