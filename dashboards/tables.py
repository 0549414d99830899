"""Every table of the dashboards is drawn by :func:`show`: one look for a missing value, one rounding
for rates, and one note on what the times are.

A missing value (a six-card session's placement, a hand's club online, hole cards never shown)
reads ``—``, never ``None``. A rate reads as a percentage to one decimal place, as PokerTracker
shows it, on every page: the marts keep the exact figure (a percentage 0-100, or a fraction 0-1
that is shown times 100). A time is what the warehouse stores in ``played_at``: UTC where the
log names its time zone (the rooms' logs), else the time as the log wrote it, on a clock it does
not name (docs/warehouse.md); its column says so.
"""

from __future__ import annotations

import polars as pl
import streamlit as st

MISSING = "—"
"""What a table shows for a missing value."""

RATE_FORMAT = "%.1f%%"
"""A rate as a percentage to one decimal place: 26.923 reads 26.9%."""

PERCENT_RATES = frozenset({
    "vpip", "pfr", "three_bet", "fold_to_three_bet", "afq", "wtsd", "wsd", "wwsf", "cbet_flop",
    "fold_to_cbet_flop", "steal_attempt", "roi", "itm",
})
"""Rates the marts keep as percentages (0-100): Hold'em's (sql/00_macros/rates.sql percent_of) and the
tournaments' ROI and ITM."""

FRACTION_RATES = frozenset({
    "rtp", "house_edge_perfect_play", "foul_rate", "scoop_won_rate", "scoop_suffered_rate", "surrender_rate",
    "bid_accuracy", "dealer_bid_accuracy", "pass_success_rate", "misere_clean_rate",
})
"""Rates the marts keep as fractions (0-1): shown times 100, as the percentages above."""

TIMES = frozenset({"played_at", "started_at", "ended_at", "first_played_at", "last_played_at"})
"""The columns that hold a time of play as the warehouse stores it."""

TIME_NOTE = "UTC / as logged"
TIME_HELP = ("In UTC where the log names its time zone (the rooms' logs: '3:04:05 ET' reads 08:04:05); "
             "else the time as the log wrote it, on a clock it does not name.")


def show(data: pl.DataFrame, *, column_config: dict | None = None, **options):
    """``st.dataframe`` of ``data`` with the dashboards' look: ``column_config`` names a page's columns
    (a title, or a column of ``st.column_config``); the rates and times among them keep their title
    and take the common format."""
    config = dict(column_config or {})
    fractions = [name for name in data.columns if name in FRACTION_RATES and data[name].dtype.is_numeric()]
    if fractions:
        data = data.with_columns(pl.col(name).cast(pl.Float64) * 100 for name in fractions)
    for name in data.columns:
        given = config.get(name)
        if given is not None and not isinstance(given, str):
            continue  # a page's own column, formatted as it chose
        title = given or name
        if name in PERCENT_RATES or name in fractions:
            config[name] = st.column_config.NumberColumn(title, format=RATE_FORMAT)
        elif name in TIMES and data[name].dtype.is_temporal():
            config[name] = st.column_config.DatetimeColumn(f"{title} ({TIME_NOTE})", help=TIME_HELP)
    return st.dataframe(data, column_config=config or None, placeholder=MISSING, **options)
