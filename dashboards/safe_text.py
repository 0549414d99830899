"""Log text on a page is shown as text: never read as Markdown, never as HTML.

A log is written by whoever kept it, and Streamlit reads Markdown in every title, caption,
message and ``st.markdown``: a club named ``![x](http://…)`` would make the browser fetch
that address, and ``*** FLOP ***`` would turn bold. Every value that comes from a log (names,
clubs, tables, hand IDs, file names, messages and reasons that quote the log) goes into such
text through :func:`md`; whole lines of log go through ``st.code``, ``st.text``, dataframes, or
HTML whose every text is escaped (``replay_views.source_html``).
"""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~:$&=^\"'])")


def md(value) -> str:
    r"""``value`` as literal text inside Markdown: each punctuation mark that Markdown or
    Streamlit's own directives (``:red[…]``, ``:material/…:``, ``$…$``) would read is
    escaped, and line breaks become spaces (a new line could open a heading or a list).

    >>> md("![x](http://example.com/a.png)")
    '\\!\\[x\\]\\(http\\://example\\.com/a\\.png\\)'
    >>> md("*** FLOP *** [2c 7d]")
    '\\*\\*\\* FLOP \\*\\*\\* \\[2c 7d\\]'
    >>> md(None), md(12)
    ('', '12')
    """
    if value is None:
        return ""
    return _SPECIAL.sub(r"\\\1", " ".join(str(value).splitlines()))


def md_with_code(value) -> str:
    r"""Text the project writes (a rule's text), whose `code spans` quote the logs' own words: each
    span stays code, which Markdown shows as written, and the rest is literal as by :func:`md`.
    Unpaired backticks leave the whole text literal.

    >>> md_with_code("Bovada writes `All-in $X` for a raise to $X")
    'Bovada writes `All-in $X` for a raise to \\$X'
    >>> md_with_code("a lone ` mark")
    'a lone \\` mark'
    """
    parts = str(value).split("`")
    if len(parts) % 2 == 0:
        return md(value)
    return "".join(f"`{part}`" if k % 2 else md(part) for k, part in enumerate(parts))    # odd parts: inside a span
