"""The rooms' readers on their sample folders (../shared/corpora/rooms/<Room>): a line per room.

Run: ``python -m bench rooms``. Per room: the files, the hands stored, those quarantined (by
reason) and flagged (by rule), and the speed of reading alone and of the full path, reading and
replaying one hand at a time with its all-in equity (hands per second on one core, the room's
Hold'em hands repeated to a few hundred), beside the same figures for the PokerStars hands of
../shared/corpora/pokerstars (the path every hand of the other rooms takes; PokerStars files of
many hands take the compiled lane of ``python -m bench parse`` instead).
"""

from __future__ import annotations

import collections
import time
from pathlib import Path

from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.source import decode, split
from rules.holdem_engine import replay

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
ROOMS = ("GGPoker", "Winamax", "PacificPoker", "Bovada", "Winning", "PartyPoker", "iPoker")
"""The folders of ../shared/corpora/rooms, a room each."""
REPEAT_TO = 600


def _read(folder: Path, formats: set[str] | None = None):
    """(files, stored chunks, quarantined by reason, flagged by rule) of a folder's games."""
    files, stored = 0, []
    quarantined, flagged = collections.Counter(), collections.Counter()
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands"):
            continue
        files += 1
        for chunk in split(decode(path.read_bytes())):
            if formats is not None and chunk.format not in formats:
                continue
            try:
                hand = parse_chunk(chunk, path.name)
            except ParseError as error:
                quarantined[error.reason.split(":")[0]] += 1
                continue
            stored.append((chunk, path.name))
            for finding in replay(hand).findings:
                flagged[f"{finding.rule_id} {finding.severity}"] += 1
    return files, stored, quarantined, flagged


def _rate(stored) -> tuple[float, float]:
    """(read, read and replayed) hands per second."""
    chunks = (stored * (REPEAT_TO // max(len(stored), 1) + 1))[:REPEAT_TO]
    for chunk, name in stored:      # grammars built and shapes seen, outside the clock
        replay(parse_chunk(chunk, name))
    started = time.perf_counter()
    for chunk, name in chunks:
        parse_chunk(chunk, name)
    read = len(chunks) / (time.perf_counter() - started)
    started = time.perf_counter()
    for chunk, name in chunks:
        replay(parse_chunk(chunk, name))
    return read, len(chunks) / (time.perf_counter() - started)


def main() -> None:
    if not (CORPORA / "rooms").exists():
        print(f"corpus {CORPORA / 'rooms'} is absent: nothing to measure")
        return
    reference = None
    if (CORPORA / "pokerstars").exists():
        _, stars, _, _ = _read(CORPORA / "pokerstars", {"pokerstars"})
        read, reference = _rate(stars[:REPEAT_TO])
        print(f"{'PokerStars (reference)':<24} read {read:7,.0f} hands/s, full path {reference:6,.0f} hands/s")
    for room in ROOMS:
        files, stored, quarantined, flagged = _read(CORPORA / "rooms" / room)
        read, rate = _rate(stored) if stored else (0.0, 0.0)
        ratio = f" ({rate / reference:.2f} of PokerStars' rate)" if reference and rate else ""
        print(f"{room:<24} read {read:7,.0f} hands/s, full path {rate:6,.0f} hands/s{ratio}; {files} files, "
              f"{len(stored)} hands stored, {sum(quarantined.values())} quarantined, "
              f"{sum(flagged.values())} findings")
        for reason, count in quarantined.most_common():
            print(f"    quarantined {count:>4}  {reason}")
        for rule, count in sorted(flagged.items()):
            print(f"    flagged     {count:>4}  {rule}")
