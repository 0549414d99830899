"""Every table of the dashboards is drawn by :func:`show`: one look for a missing value, one rounding
for rates, and one note on what the times are.

A missing value (a six-card session's placement, a hand's club online, hole cards never shown)
reads ``—``, never ``None``. A rate reads as a percentage to one decimal place, as PokerTracker
shows it, on every page: the marts keep the exact figure (a percentage 0-100, or a fraction 0-1
that is shown times 100). A time is what the warehouse stores in ``played_at``: UTC where the
log names its time zone (the rooms' logs), else the time as the log wrote it, on a clock it does
not name (docs/warehouse.md). Where the rows say which (``played_in_utc``), each time says it
(``2026-03-01 21:05:00 UTC``, ``2026-03-01 21:05:00 (as logged)``); a time summed over games of
both kinds (a first or last game) has its column say it.
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

IN_UTC = "played_in_utc"
"""The column of a game's (or a sitting's) rows that says whether their times are in UTC (null: not known)."""

TIME_NOTE = "UTC / as logged"
TIME_HELP = ("In UTC where the log names its time zone (the rooms' logs: '3:04:05 ET' reads 08:04:05); "
             "else the time as the log wrote it, on a clock it does not name.")

CLOCKS = {True: " UTC", False: " (as logged)", None: " (UTC or as logged)"}
"""What follows a time, by its ``played_in_utc``: None for a game stored before the warehouse said so
(``rasklad reaudit`` judges it again), or a sitting of both kinds of logs."""

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"


def time_text(at, in_utc: bool | None) -> str | None:
    """A stored time with its clock, for a person; None for no time.

    >>> from datetime import datetime
    >>> time_text(datetime(2026, 3, 1, 21, 5), True), time_text(datetime(2026, 3, 1, 21, 5), False)
    ('2026-03-01 21:05:00 UTC', '2026-03-01 21:05:00 (as logged)')
    >>> time_text(datetime(2026, 3, 1, 21, 5), None), time_text(None, True)
    ('2026-03-01 21:05:00 (UTC or as logged)', None)
    """
    return None if at is None else at.strftime(TIME_FORMAT) + CLOCKS[in_utc]


def _with_clocks(data: pl.DataFrame) -> pl.DataFrame:
    """``data`` with each time column as text that names its row's clock (:func:`time_text`, for every
    row at once), without ``IN_UTC``: each time says it. The text sorts as the times do."""
    clock = pl.col(IN_UTC).replace_strict({True: CLOCKS[True], False: CLOCKS[False]}, default=CLOCKS[None],
                                          return_dtype=pl.String)
    times = [name for name in data.columns if name in TIMES and data[name].dtype.is_temporal()]
    return data.with_columns(pl.col(name).dt.strftime(TIME_FORMAT) + clock for name in times).drop(IN_UTC)


def show(data: pl.DataFrame, *, column_config: dict | None = None, **options):
    """``st.dataframe`` of ``data`` with the dashboards' look: ``column_config`` names a page's columns
    (a title, or a column of ``st.column_config``); the rates and times among them keep their title
    and take the common format."""
    config = dict(column_config or {})
    clocked = IN_UTC in data.columns
    if clocked:
        data = _with_clocks(data)
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
        elif name in TIMES and clocked:
            config[name] = st.column_config.TextColumn(title, help=TIME_HELP)
        elif name in TIMES and data[name].dtype.is_temporal():
            config[name] = st.column_config.DatetimeColumn(f"{title} ({TIME_NOTE})", help=TIME_HELP)
    return st.dataframe(data, column_config=config or None, placeholder=MISSING, **options)
