"""The filters a page keeps in its address, so that a reload or a shared link opens the same view.

Every filter a user sets is drawn through :func:`kept`: on the filter's first run in a browser tab
(a page opened, reloaded, or a link followed) its value is read from the address; after each run
the address names the value again, or leaves the filter out while it is at its default, so that a
plain link stays short. A value the warehouse no longer offers (a season, a stake, a unit), or one
that does not read (``?min_games=many``), leaves the filter at its default and says so in a line:
a link never stops a page.

A filter's name in the address is a word of its own (``?stakes=``, ``?dates=``), and a page's
names are its own: Streamlit clears the address's filters when another page is opened.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from dashboards.safe_text import md
from rules.words import same_name

FIRST = object()
"""The default of a choice: its first option, as a select box or a radio opens at it."""


def asked(name: str) -> list[str]:
    """The address's values of ``name`` (several for a multiple choice: ``?stakes=a&stakes=b``)."""
    return st.query_params.get_all(name)


def put(name: str, texts: str | Sequence[str] | None) -> None:
    """The address names ``texts`` for ``name``, or leaves it out (None or nothing: the default)."""
    if texts is None or (not isinstance(texts, str) and not texts):
        st.query_params.pop(name, None)
    elif st.query_params.get_all(name) != ([texts] if isinstance(texts, str) else list(texts)):
        st.query_params[name] = texts


def not_offered(label: str, texts: Sequence[str], default: str) -> None:
    """The short line said when the address asks for what the page no longer offers."""
    said = ", ".join(f"“{text}”" for text in texts)
    st.info(md(f"{label}: this link's {said} is not offered here; showing {default}."), icon=":material/link_off:")


def first_run(key: str) -> bool:
    """Whether the widget ``key`` is drawn for the first time in this browser tab (or since it was
    last left undrawn): then its value comes from the address."""
    return key not in st.session_state


def _number(text: str, default, widget_args: dict):
    """``text`` as the number the input takes (of ``default``'s type), within its bounds; None if not."""
    try:
        value = type(default)(text)
    except ValueError:
        return None
    low, high = widget_args.get("min_value"), widget_args.get("max_value")
    if not math.isfinite(value) or (low is not None and value < low) or (high is not None and value > high):
        return None
    return value


def _read(texts: list[str], options, default, as_text, read, widget_args: dict):
    """The value the address's ``texts`` ask for, and the texts no option or number matches."""
    if read is not None:
        value = read(texts[0])
        return value, ([] if value is not None else texts[:1])
    if options is not None:
        by_text = {as_text(option): option for option in options}
        # a name in a link may have its letters decomposed (ё as е and a mark): stored names are composed
        no_option = object()
        matched = [(text, by_text.get(text, by_text.get(same_name(text), no_option))) for text in texts]
        found = [option for _, option in matched if option is not no_option]
        unknown = [text for text, option in matched if option is no_option]
        if isinstance(default, list):
            return list(dict.fromkeys(found)), unknown
        return (found[0], []) if found else (None, texts)
    if isinstance(default, bool):
        value = {"yes": True, "no": False}.get(texts[0])
    elif isinstance(default, (int, float)):
        value = _number(texts[0], default, widget_args)
    else:
        value = texts[0]
    return value, ([] if value is not None else texts[:1])


def _written(value, default, as_text, write=None) -> str | list[str] | None:
    """The address's text for ``value``: none at the default."""
    if value == default or value is None or value == []:
        return None
    if write is not None:
        return write(value)
    if isinstance(value, list):
        return [as_text(option) for option in value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    return as_text(value)


def kept(draw: Callable, label: str, options: Sequence | None = None, *, key: str, name: str,
         default: Any = FIRST, as_text: Callable[[Any], str] = str,
         read: Callable[[str], Any] | None = None, write: Callable[[Any], str | None] | None = None,
         default_words: str | None = None, **widget_args):
    """The widget ``draw`` (``st.selectbox``, ``column.multiselect``, ``st.toggle`` …) drawn with
    ``label``, ``options`` (for a choice), ``key`` and ``widget_args``, its value kept in the
    address as ``?name=``; returns the widget's value.

    ``default``: the value the page opens at, left out of the address (the first option of a
    choice unless said; ``[]`` for a multiple choice, whose options are each a ``?name=`` of
    their own). ``as_text``: an option as the address writes it (a word, never a label with
    counts that change as games are added).

    A value of its own kind (the Dates filter's range) gives its ``read`` (the address's text to the
    value, None when it does not read or is not offered) and ``write`` (the value to the text), and
    ``default_words``, the default as the line about a link's value not offered names it."""
    if default is FIRST:
        default = options[0] if options else None
    _from_address(label, options, key=key, name=name, default=default, as_text=as_text, read=read, write=write,
                  default_words=default_words, widget_args=widget_args)
    value = draw(label, key=key, **widget_args) if options is None else draw(label, options, key=key, **widget_args)
    put(name, _written(value, default, as_text, write))
    return value


def kept_tabs(labels: Sequence[str], words: Sequence[str], *, key: str, name: str = "tab") -> Sequence:
    """``st.tabs`` of ``labels`` whose open tab is kept in the address as ``?name=``, in its word of
    ``words`` (``?tab=holdem``: a tab's label may change, its word does not), read and written as
    :func:`kept` keeps a filter: the first tab is the default, left out of the address, and a word
    no tab has opens the first and says so in a line. Returns the tabs' containers.

    Opening a tab runs the page again (``on_change="rerun"``), so that the address follows it."""
    as_text = dict(zip(labels, words)).get
    _from_address("Tab", labels, key=key, name=name, default=labels[0], as_text=as_text, default_words=labels[0])
    tabs = st.tabs(labels, key=key, on_change="rerun")
    # (a tab gone since it was opened, when the filters leave its games out: Streamlit opens the first)
    put(name, _written(st.session_state.get(key), labels[0], as_text))
    return tabs


def _from_address(label: str, options: Sequence | None, *, key: str, name: str, default, as_text,
                  read=None, write=None, default_words: str | None = None, widget_args: dict | None = None) -> None:
    """On the widget ``key``'s first run, the value the address's ``?name=`` asks for set as its
    state, and a line said for each text it holds that no option (or reading) matches."""
    texts = asked(name)
    if not (first_run(key) and texts):
        return
    value, unknown = _read(texts, options, default, as_text, read, widget_args or {})
    if value is not None and value != []:
        st.session_state[key] = value
    if unknown:
        shown = "the others" if value else default_words or _written(default, None, as_text, write) or "all"
        not_offered(label, unknown, shown)
