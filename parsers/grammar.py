"""The Lark grammars under ``parsers/grammars/``, each compiled once, on first use.

A run over one format never pays for compiling the others. Syntax errors come out as
:class:`~parsers.errors.ParseError` worded with the reader's own names for its terminals.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Tree
from lark.exceptions import UnexpectedInput

from parsers.errors import from_lark

GRAMMARS = Path(__file__).with_name("grammars")


@cache
def grammar(name: str) -> Lark:
    """``grammars/<name>.lark`` as an LALR parser that keeps each node's line and column."""
    return Lark.open(str(GRAMMARS / f"{name}.lark"), parser="lalr", propagate_positions=True,
                     maybe_placeholders=False)


def parse_lines(name: str, lines: tuple[str, ...], words: dict[str, str]) -> Tree:
    """A game's lines (its own numbering, 1-based) parsed by grammar ``name``; a syntax error is a
    ParseError at its line and column, naming what was expected in ``words``."""
    text = "\n".join(lines) + "\n"
    try:
        return grammar(name).parse(text)
    except UnexpectedInput as error:
        raise from_lark(error, text, words) from None
