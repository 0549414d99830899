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


# Tracker archives put a banner between hands: "*********** # 12 **************".
_SEPARATOR = re.compile(r"^\s*\*{3,} ?# ?\d+ ?\*{3,}\s*$")


def _is_filler(line: str) -> bool:
    """Lines that stand between games without belonging to either: blanks, comments, banners."""
    stripped = line.lstrip()
    return not stripped or stripped.startswith("#") or bool(_SEPARATOR.match(line))


def split_games(lines: list[str], headers: re.Pattern[str]) -> list[Chunk]:
    """Cut a file's lines into chunks, one per game, at each line that ``headers`` matches.

    ``headers`` has one named group per format; the name of the group that matched is the
    chunk's format. Filler lines (blanks, comments, archive banners) at the end of a chunk
    are left out of it. A header may be indented, as in some tracker archives; the chunk
    then loses the indentation its lines share.
    """
    starts: list[tuple[int, str | None]] = []
    for index, line in enumerate(lines):
        first = line[:1]
        if first and first != "#":
            match = headers.match(line.lstrip(" \t\ufeff") if first in " \t\ufeff" else line)
            if match:
                starts.append((index, match.lastgroup))
    if not starts or starts[0][0] > 0:
        starts.insert(0, (0, None))
    starts.append((len(lines), None))
    chunks = []
    for (begin, fmt), (end, _) in zip(starts, starts[1:]):
        stop = end
        while stop > begin and _is_filler(lines[stop - 1]):
            stop -= 1
        if stop == begin:
            continue  # nothing but filler before the first game
        if fmt is None:
            # Leading filler is not part of unrecognized text.
            while _is_filler(lines[begin]):
                begin += 1
        body = _dedent(lines[begin:stop])
        chunks.append(Chunk(fmt, begin + 1, begin + len(body), tuple(body), game_id(body)))
    return chunks


def _dedent(lines: list[str]) -> list[str]:
    first = lines[0].lstrip("\ufeff")
    lines = [first, *lines[1:]]
    if not first.startswith((" ", "\t")):
        return lines
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return [line[indent:] for line in lines]
