"""From a file's bytes to the games in it: decoding, splitting, and the hash of each game.

Several games may follow each other in one file, with or without blank lines between
them. A game starts at its header line (``PokerStars Hand #…``, ``Raspisnoy game …``);
whatever stands before the first header is kept as a chunk of its own so that it can be
quarantined, never dropped.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

_HIGH_LETTER = re.compile(r"[\xc0-\xff]")
_HIGH_RUN = re.compile(r"[\xc0-\xff]{3,}")


def decode(data: bytes) -> str:
    """Text of a log file: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1251/1252.

    Club logs typed in Russian come as Windows-1251; PokerStars' own files as Windows-1252.
    Both map the same bytes to letters, so the shape decides: Russian words are runs of
    high bytes, while accented Latin letters stand alone among ASCII ones.

    >>> decode("Туз пик".encode("cp1251"))
    'Туз пик'
    >>> decode("Café".encode("cp1252"))
    'Café'
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    latin1 = data.decode("latin-1")
    in_runs = sum(len(run) for run in _HIGH_RUN.findall(latin1))
    if in_runs * 2 > len(_HIGH_LETTER.findall(latin1)):
        return data.decode("cp1251", errors="replace")
    return data.decode("cp1252", errors="replace")


def normalize_lines(text: str) -> list[str]:
    """Lines without line endings or trailing blanks; non-breaking spaces become spaces."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").replace("\u202f", " ")
    return [line.rstrip() for line in text.split("\n")]


def game_id(lines: list[str]) -> str:
    """The hash of a game's normalized text: the same game always has the same ID."""
    return hashlib.blake2b("\n".join(lines).encode("utf-8"), digest_size=8).hexdigest()


@dataclass(frozen=True, slots=True)
class Chunk:
    """The text of one game (or of unrecognized text) and where it stands in its file."""

    format: str | None
    """The format whose header opened the chunk, or None for text before any header."""
    first_line: int
    last_line: int
    lines: tuple[str, ...]
    game_id: str

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def split_games(lines: list[str], headers: re.Pattern[str]) -> list[Chunk]:
    """Cut a file's lines into chunks, one per game, at each line that ``headers`` matches.

    ``headers`` has one named group per format; the name of the group that matched is the
    chunk's format. Blank and comment lines at the end of a chunk are left out of it.
    """
    starts: list[tuple[int, str | None]] = []
    for index, line in enumerate(lines):
        if line[:1] not in ("", "#", " ") or line.startswith("\ufeff"):
            match = headers.match(line.lstrip("\ufeff"))
            if match:
                starts.append((index, match.lastgroup))
    if not starts or starts[0][0] > 0:
        starts.insert(0, (0, None))
    starts.append((len(lines), None))
    chunks = []
    for (begin, fmt), (end, _) in zip(starts, starts[1:]):
        stop = end
        while stop > begin and (not lines[stop - 1].strip() or lines[stop - 1].lstrip().startswith("#")):
            stop -= 1
        body = [line.lstrip("\ufeff") if i == begin else line for i, line in enumerate(lines[begin:stop], begin)]
        if fmt is None and stop == begin:
            continue  # nothing but blank lines and comments before the first game
        if fmt is None:
            # Leading blank and comment lines are not part of unrecognized text.
            while body and (not body[0].strip() or body[0].lstrip().startswith("#")):
                body.pop(0)
                begin += 1
        chunks.append(Chunk(fmt, begin + 1, begin + len(body), tuple(body), game_id(body)))
    return chunks
