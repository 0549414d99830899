"""The Lark grammars under ``parsers/grammars/``, each compiled once, on first use.

A run over one format never pays for compiling the others. Syntax errors come out as
:class:`~parsers.errors.ParseError` worded with the reader's own names for its terminals.
:func:`line_expression` turns a grammar's rules for whole lines into one regular expression, so
a reader reads its usual lines as the grammar does, at the speed of a regular expression.

Each grammar's analysis (its LALR tables) is kept in ``grammars/__pycache__`` by Lark's own cache,
keyed by the grammar's text, the files it imports, its options and Lark's version: a run loads it in
a few milliseconds where analysing the grammar again takes tens (:func:`open_grammar`).
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from pathlib import Path

from lark import Lark, Tree
from lark.exceptions import UnexpectedInput

from parsers.errors import from_lark

GRAMMARS = Path(__file__).with_name("grammars")
ANALYSES = GRAMMARS / "__pycache__"
"""Where Lark keeps each grammar's analysis (see :func:`open_grammar`), as Python keeps bytecode;
named ``.analysis``, not ``.lark``: they are no grammar, and no judging source of the rules version."""
_APPLIED_ON_LOAD = frozenset({"transformer", "postlex", "lexer_callbacks", "edit_terminals", "_plugins"})
"""Options Lark applies to a parser it loads from its cache: they do not change the analysis."""


def open_grammar(name: str, **options) -> Lark:
    """``grammars/<name>.lark`` as a Lark LALR parser of ``options``, its analysis loaded from
    :data:`ANALYSES` when a run made it before (Lark checks that the grammar, its imports and
    Lark's version are the same, else analyses the grammar again and keeps it). Where that folder
    cannot be written, each run analyses the grammar, as without a cache."""
    kept = repr(sorted((key, value) for key, value in options.items() if key not in _APPLIED_ON_LOAD))
    try:
        ANALYSES.mkdir(exist_ok=True)
    except OSError:
        return Lark.open(str(GRAMMARS / f"{name}.lark"), parser="lalr", **options)
    tag = hashlib.blake2b(kept.encode(), digest_size=6).hexdigest()
    return Lark.open(str(GRAMMARS / f"{name}.lark"), parser="lalr", cache=str(ANALYSES / f"{name}-{tag}.analysis"),
                     **options)


@cache
def grammar(name: str) -> Lark:
    """``grammars/<name>.lark`` as an LALR parser that keeps each node's line and column."""
    return open_grammar(name, propagate_positions=True, maybe_placeholders=False)


def parse_lines(name: str, lines: tuple[str, ...], words: dict[str, str]) -> Tree:
    """A game's lines (its own numbering, 1-based) parsed by grammar ``name``; a syntax error is a
    ParseError at its line and column, naming what was expected in ``words``."""
    text = "\n".join(lines) + "\n"
    try:
        return grammar(name).parse(text)
    except UnexpectedInput as error:
        raise from_lark(error, text, words) from None


class LineAlternatives(dict):
    """Per alternative's group name, its alias and value groups; ``symbols``: each value group's
    terminal or rule name (the type of the token handed to the transformer)."""

    def __init__(self) -> None:
        super().__init__()
        self.symbols: dict[str, str] = {}


_CLASS_RUN = re.compile(r"\[(?:[^\]\\]|\\.)*\]\+")
"""A terminal that is a run of one character class, ``[ \t]+``."""


def gap_expression(parser: Lark) -> str:
    r"""What may stand between two terminals of a line: the grammar's ignored terminals, any number.

    The gap takes every blank and comment there is, as the lexer takes a run of them as one ignored
    token (no terminal starts with a blank); a gap that could give blanks back would try every way
    of splitting a run of blanks when a line fails, exponentially many. One ignored run of a class
    (``[ \t]+``, the usual ``%ignore WS_INLINE``) is written as the class's own run, ``[ \t]*+``:
    the same text as ``(?:[ \t]+)*+``, matched without a group per blank (a line reads ~40% faster).

    >>> gap_expression(grammar("raspisnoy_log"))
    '[ \t\xa0]*+'
    >>> gap_expression(grammar("chinese"))      # blanks and comments
    '(?:[ \t\xa0]+|#[^\n]*)*+'
    """
    patterns = [t.pattern.to_regexp() for t in parser.terminals if t.name in parser.lexer_conf.ignore]
    if len(patterns) == 1 and _CLASS_RUN.fullmatch(patterns[0]):
        return patterns[0][:-1] + "*+"
    return "(?:" + "|".join(patterns) + ")*+"


def line_expression(parser: Lark, symbols: tuple[str, ...], aliases: frozenset[str], *,
                    whole_terminals: bool = False) -> tuple[re.Pattern, LineAlternatives]:
    """One regular expression for a whole line, generated from a grammar's compiled ``parser``:
    the alternatives of the rules ``symbols`` whose alias (or rule name) is in ``aliases``, each
    symbol by its terminal's own pattern or its helper rule's, the ignored terminals allowed
    between them. Returns the expression and, per alternative's group name, its alias and the
    groups of its values (its named terminals and helper rules, in order). A line it matches
    reads as the grammar reads it; any other line is left to the parser.

    ``whole_terminals``: each terminal matches as Lark's lexer takes it, whole (an atomic group):
    ``Anna9h`` is one name, never a name and a card, however the rest of the line would match.

    >>> expression, alternatives = line_expression(grammar("chinese"), ("line",), frozenset({"dealer"}))
    >>> match = expression.fullmatch("Dealer:  Anna Petrova")
    >>> alias, groups = alternatives[match.lastgroup]
    >>> alias, [match.group(g) for g in groups]
    ('dealer', ['Anna Petrova'])
    """
    terminals = {t.name: t for t in parser.terminals}
    rules: dict[str, list] = {}
    for rule in parser.rules:
        rules.setdefault(rule.origin.name, []).append(rule)
    gap, opening = gap_expression(parser), "(?>" if whole_terminals else "(?:"

    def symbol(sym) -> str:
        if sym.is_term:
            return opening + terminals[sym.name].pattern.to_regexp() + ")"
        # a helper rule: X: body | X rest, as the grammar's repetitions compile
        first = [r.expansion for r in rules[sym.name] if not r.expansion or r.expansion[0] != sym]
        more = [r.expansion[1:] for r in rules[sym.name] if r.expansion and r.expansion[0] == sym]
        if any(sym in expansion for expansion in first + more):
            raise ValueError(f"rule {sym.name} is not a repetition")
        body = "(?:" + choice(first) + ")"
        return body + ("(?:" + gap + "(?:" + choice(more) + "))*" if more else "")

    def choice(expansions) -> str:
        """The alternatives, their common first symbols written once (``a b c | a b`` as ``a b (?:c)?``):
        the same text matched, without matching ``a b`` again for the second."""
        if len(expansions) == 1 or any(not e for e in expansions):
            return "|".join(sequence(e) for e in expansions)
        heads: dict = {}
        for expansion in expansions:
            heads.setdefault(expansion[0], []).append(expansion[1:])
        branches = []
        for head, rests in heads.items():
            ended = any(not rest for rest in rests)
            rests = [rest for rest in rests if rest]
            tail = ""
            if rests:
                tail = "(?:" + gap + "(?:" + choice(rests) + "))" + ("?" if ended else "")
            branches.append(symbol(head) + tail)
        return "|".join(branches)

    def sequence(expansion) -> str:
        return gap.join(symbol(sym) for sym in expansion)

    branches, alternatives = [], LineAlternatives()
    for origin in symbols:
        for rule in rules[origin]:
            alias = str(rule.alias or origin)
            if alias not in aliases:
                continue
            key = f"a{len(branches)}"
            parts, groups = [], []
            for k, sym in enumerate(rule.expansion):
                if sym.is_term and terminals[sym.name].pattern.type == "str":
                    parts.append(symbol(sym))
                else:
                    groups.append(f"{key}_{k}")
                    alternatives.symbols[f"{key}_{k}"] = str(sym.name)     # (a Token: slow to compare)
                    parts.append(f"(?P<{key}_{k}>{symbol(sym)})")
            priority = max((terminals[sym.name].priority for sym in rule.expansion if sym.is_term), default=0)
            branches.append((-priority, len(branches), f"(?P<{key}>{gap.join(parts)})"))
            alternatives[key] = (alias, groups)
    # as the lexer does, a terminal of higher priority is tried first (a whole SET_LINE before a name)
    ordered = "|".join(branch for _, _, branch in sorted(branches))
    return re.compile(gap + "(?:" + ordered + ")" + gap), alternatives
