"""Parse-and-replay speed of the other rooms' readers on their real samples, a line per room.

Run: ``python -m bench rooms``. Per room: the Hold'em hands of ../shared/corpora/rooms/<Room>
that its reader stores, repeated to a few thousand, read and replayed one at a time (the path
every hand of these rooms takes); hands per second on one core. Compare with the full-path
line of ``python -m bench parse`` (PokerStars).
"""

from __future__ import annotations

import time
from pathlib import Path

from parsers.errors import ParseError
from parsers.formats import HEADERS, parse_chunk
from parsers.source import decode, normalize_lines, split_games
from rules.holdem import replay

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "rooms"
ROOMS = {"Bovada": "bovada", "Winning": "winning", "PartyPoker": "partypoker", "iPoker": "ipoker"}
"""Corpus folder → the format its reader registers."""
REPEAT_TO = 2000


def _chunks(folder: Path, fmt: str) -> list:
    out = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".hp", ".gt", ".hands")):
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            if chunk.format != fmt:
                continue
            try:
                parse_chunk(chunk, "b")
            except ParseError:
                continue
            out.append(chunk)
    return out


def main() -> None:
    if not CORPUS.exists():
        print(f"corpus {CORPUS} is absent: nothing to measure")
        return
    for room, fmt in ROOMS.items():
        base = _chunks(CORPUS / room, fmt)
        if not base:
            print(f"{room:<12} no hand stored: nothing to measure")
            continue
        chunks = (base * (REPEAT_TO // len(base) + 1))[:REPEAT_TO]
        started = time.perf_counter()
        for chunk in chunks:
            replay(parse_chunk(chunk, "b"))
        seconds = time.perf_counter() - started
        print(f"{room:<12} {len(base):>5} distinct, {len(chunks):>5} hands  {seconds:6.2f} s  "
              f"{len(chunks) / seconds:9,.0f} hands/s (parse + replay)")
