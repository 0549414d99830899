"""The splitter written plainly, line by line: the oracle that parsers.source.split is tested against."""

from __future__ import annotations

import dataclasses
import re
from itertools import pairwise

from parsers.formats import FORMATS, HEADERS
from parsers.source import MAX_LINE_CHARS, Chunk, dedent, expand_elements, game_id, is_filler, normalize_lines

_FILLER = re.compile(r"[ \t]*(?:#.*|\*{3,} ?# ?\d+ ?\*{3,}[ \t]*)?")
_ELEMENT = {fmt.name for fmt in FORMATS if fmt.element}
_PREAMBLE = {fmt.name: re.compile(fmt.preamble) for fmt in FORMATS if fmt.preamble}
_HEAD_LINES = [re.compile(fmt.head_lines) for fmt in FORMATS if fmt.head_lines]
_LAST = {fmt.name: fmt for fmt in FORMATS if fmt.last_section is not None}


def _starts_as(line: str, declared) -> bool:
    body = line.lstrip(" \t")
    return body.startswith(declared) if isinstance(declared, str) else bool(declared.match(body))


def _game_end(lines: list[str], begin: int, stop: int, fmt, cut_at_end: bool = False) -> int | None:
    """The first line after the game's last section opens that does not belong, and after which
    the next line that is not filler does not belong either (None: the game runs to ``stop``).
    ``cut_at_end``: the text ends inside line ``stop - 1``, which belongs when a literal line start
    of the section begins with it and the line before it is not filler."""
    opening = [k for k in range(begin, stop) if _starts_as(lines[k], fmt.last_section)]
    if not opening:
        return None
    seen: set[int] = set()

    def belongs(line: str, record: bool) -> bool:
        if _FILLER.fullmatch(line) or any(_starts_as(line, d) for d in fmt.last_section_lines):
            return True
        kinds = [i for i, d in enumerate(fmt.last_section_once) if _starts_as(line, d)]
        if not kinds or kinds[0] in seen:
            return False
        if record:
            seen.add(kinds[0])
        return True

    for k in range(opening[0] + 1, stop):
        if belongs(lines[k], True):
            continue
        cut_short = lines[k].lstrip(" \t")
        if cut_at_end and k == stop - 1 and cut_short and not _FILLER.fullmatch(lines[k - 1]) and any(
                isinstance(d, str) and d and d.startswith(cut_short)
                for d in (*fmt.last_section_lines, *fmt.last_section_once)):
            return None
        following = [j for j in range(k + 1, stop) if not _FILLER.fullmatch(lines[j])]
        if not fmt.keeps_lone_lines or not following or not belongs(lines[following[0]], False):
            return k
    return None


def split_reference(text: str) -> list[Chunk]:
    lines = normalize_lines(text)
    cut_at_end = text[-1:] not in ("", "\n", "\r")
    starts: list[tuple[int, str | None]] = []
    for index, line in enumerate(lines):
        first = line[:1]
        match = None
        if first and first != "#":
            match = HEADERS.match(line.lstrip(" \t\ufeff") if first in " \t\ufeff" else line)
        if match:
            starts.append((index, match.lastgroup))
        elif "\x00" in line or len(line) > MAX_LINE_CHARS:
            starts.append((index, None))
    # a game of a format with a preamble starts at the preamble lines right before its header
    floor = -1
    for k, (index, fmt) in enumerate(starts):
        pattern = _PREAMBLE.get(fmt)
        if pattern is not None:
            begin = index
            for r in range(index - 1, floor, -1):
                line = lines[r].lstrip(" \t\ufeff")
                if line and not pattern.match(line):
                    break
                if line:
                    begin = r
            starts[k] = (begin, fmt)
        floor = starts[k][0]
    if not starts or starts[0][0] > 0:
        starts.insert(0, (0, None))
    starts.append((len(lines), None))
    pieces = list(pairwise(starts))
    chunks = []
    i = 0
    while i < len(pieces):
        (begin, fmt), (end, _) = pieces[i]
        stop = end
        while stop > begin and is_filler(lines[stop - 1]) and not (
                fmt in _LAST and isinstance(_LAST[fmt].last_section, re.Pattern)
                and _LAST[fmt].last_section.pattern.startswith("\\#") and _starts_as(lines[stop - 1], _LAST[fmt].last_section)):
            stop -= 1       # (a score sheet's table header, ' #  cards kind | …', is its game's, not filler)
        if stop == begin:
            i += 1
            continue
        if fmt in _LAST:
            cut = _game_end(lines, begin, stop, _LAST[fmt], cut_at_end and stop == len(lines))
            if cut is not None:
                pieces[i] = ((begin, fmt), (cut, None))
                pieces.insert(i + 1, ((cut, None), (end, None)))
                continue
        i += 1
        if fmt is None:
            while is_filler(lines[begin]):
                begin += 1
        body = dedent(lines[begin:stop])
        if fmt is None and all(is_filler(line) or any(p.match(line) for p in _HEAD_LINES) for line in body):
            continue    # a room's head of a file, belonging to no game
        where = [u for u in getattr(text, "undecodable", ()) if begin + 1 <= u[0] <= begin + len(body)]
        chunks.append(Chunk(fmt, begin + 1, begin + len(body), tuple(body), game_id(body),
                            where[0] if where else None))
    # the games of an XML document (formats with an element) are chunks of their own
    undecodable = getattr(text, "undecodable", ())
    out = []
    for chunk in chunks:
        if chunk.format not in _ELEMENT:
            out.append(chunk)
            continue
        for piece in expand_elements(dataclasses.replace(chunk, undecodable=None)):
            where = [u for u in undecodable if piece.first_line <= u[0] <= piece.last_line]
            out.append(dataclasses.replace(piece, undecodable=where[0] if where else None))
    return out
