"""The Dates filter of the pages: the warehouse's days, following the warehouse until the user picks a range.

A page runs again at each click, and each run reads the warehouse's first and last day afresh
(an ingest may have committed since). The widget keeps its value between runs, so a range set
once would stay at the days of the page's first run and hide the games an ingest adds later.
So the range the page offered is remembered beside it: while the user leaves it whole, it moves
to the warehouse's days; a range the user chose stays, and the page says how many games were
added after it since.

The range chosen is kept in the address (``?dates=2026-11-28..2026-12-05``, :mod:`dashboards.address`);
the whole range is left out of it.
"""

from __future__ import annotations

from datetime import date

import streamlit as st

from dashboards import address
from dashboards import queries as q

ADDRESS_NAME = "dates"


def _chosen(offered_key: str, whole: tuple[date, date]) -> None:
    """The user picked dates: remember the warehouse's days the choice was made among."""
    st.session_state[offered_key] = whole


def _widen(key: str, offered_key: str, whole: tuple[date, date]) -> None:
    st.session_state[key] = (st.session_state[key][0], whole[1])
    st.session_state[offered_key] = whole


def _within(picked, first: date, last: date) -> bool:
    return isinstance(picked, (tuple, list)) and all(first <= day <= last for day in picked)


def _range_text(picked) -> str | None:
    """The address's text for the dates ``picked``; while only a range's first day is picked (its
    last not yet), the text the address holds: the address waits for the range."""
    if len(picked) != 2:
        return st.query_params.get(ADDRESS_NAME)
    start, end = picked
    return f"{start.isoformat()}..{end.isoformat()}"


def _asked_range(text: str, first: date, last: date) -> tuple[date, date] | None:
    """The range an address's ``text`` names, when it reads and lies within the warehouse's days."""
    try:
        start, end = (date.fromisoformat(day) for day in text.split(".."))
    except ValueError:
        return None
    return (start, end) if first <= start <= end <= last else None


def pick_dates(place, db: q.Db, key: str) -> tuple[date | None, date | None]:
    """The Dates filter, drawn in ``place`` (a column, or ``st``), as (start, end); (None, None) when
    the range is whole, so that the games without a date count too, or when no game has a date.

    The whole range is the warehouse's first to last day at this run. The range follows it while
    the user has not chosen one (a run whose range is the one offered before); a chosen range stays,
    and when games dated after the days it was chosen among were added since, a note says how many,
    with a button that stretches the range to them."""
    first, last = q.date_range(db)
    if first is None:
        return None, None
    whole = (first, last)
    offered_key = f"{key}_offered"

    def read(text: str) -> tuple[date, date] | None:
        asked = _asked_range(text, first, last)
        if asked is not None:   # a range chosen among the warehouse's days of this run
            st.session_state[offered_key] = whole
        return asked

    def follow_and_draw(label: str, key: str, **widget_args):
        picked = st.session_state.get(key)
        offered = st.session_state.get(offered_key)
        if not _within(picked, first, last) or (picked is not None and tuple(picked) == offered != whole):
            # never set, outside the warehouse's days, or the whole range of an earlier run: the whole range now
            st.session_state[key] = whole
            st.session_state[offered_key] = whole
        return place.date_input(label, key=key, **widget_args)

    picked = address.kept(follow_and_draw, "Dates", key=key, name=ADDRESS_NAME, default=whole,
                          read=read, write=_range_text,
                          default_words=f"every day, {first:%Y/%m/%d} to {last:%Y/%m/%d}",
                          min_value=first, max_value=last, on_change=_chosen, args=(offered_key, whole))
    if not (isinstance(picked, (tuple, list)) and len(picked) == 2) or tuple(picked) == whole:
        return None, None    # (or the first day of a range picked, its last not yet)
    start, end = picked
    offered = st.session_state.get(offered_key)
    if offered is not None and offered[1] < last and end < last:
        added = q.count_games_after(db, offered[1])
        if added:
            st.info(f"{q.counted(added, 'game')} dated after {offered[1]:%Y/%m/%d} {'was' if added == 1 else 'were'} "
                    f"added since these dates were chosen (the warehouse now reaches {last:%Y/%m/%d}): "
                    "these dates leave them out.", icon=":material/update:")
            st.button(f"Extend the dates to {last:%Y/%m/%d}", key=f"{key}_widen", on_click=_widen,
                      args=(key, offered_key, whole))
    return start, end
