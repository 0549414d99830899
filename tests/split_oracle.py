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
_LAST = {fmt.name: (fmt.last_section, fmt.last_section_lines) for fmt in FORMATS if fmt.last_section}


def split_reference(text: str) -> list[Chunk]:
    lines = normalize_lines(text)
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
        while stop > begin and is_filler(lines[stop - 1]):
            stop -= 1
        if stop == begin:
            i += 1
            continue
        if fmt in _LAST:
            marker, belongs = _LAST[fmt]
            opening = [k for k in range(begin, stop) if lines[k].lstrip(" \t").startswith(marker)]
            if opening:
                after = [k for k in range(opening[-1] + 1, stop)
                         if not (_FILLER.fullmatch(lines[k]) or lines[k].lstrip(" \t").startswith(belongs))]
                if after:
                    pieces[i] = ((begin, fmt), (after[0], None))
                    pieces.insert(i + 1, ((after[0], None), (end, None)))
                    continue
        i += 1
        if fmt is None:
            while is_filler(lines[begin]):
                begin += 1
        body = dedent(lines[begin:stop])
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
