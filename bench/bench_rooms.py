"""The rooms' readers on their sample folders (../shared/corpora/rooms/<Room>): a line per room.

Run: ``python -m bench rooms``. Per room: the files, the hands stored, those quarantined (by
reason) and flagged (by rule), and the speed of reading alone and of the full path, reading and
replaying one hand at a time with its all-in equity (hands per CPU-second of this process: per
core, whatever else the machine runs; the room's Hold'em hands repeated to a few hundred), beside the same figures for the PokerStars hands of
../shared/corpora/pokerstars (PokerStars files of many hands take the compiled lane of
``python -m bench parse`` instead). Then the ingest's own unit of work
(``pipeline.worker.parse_bytes`` over the room's files, all of them, repeated to a few hundred
stored hands): every hand the full path, one replay each, against the worker as it runs, a
file's hands replayed in one batch and only those with something to explain replayed alone; and
the same over one file of all the room's stored sample hands, since a folder of one hand a file
(GGPoker, Winamax, Winning, PartyPoker) is under the batch's minimum file by file. Text that
names no betting structure (Winning's older text) is read under the structure its hands show
(``tests.room_corpus.sample_settings``), as a user sets it; each ``.hp`` file of fpdb's expected
nets is compared with the nets of its stored hands.
"""

from __future__ import annotations

import collections
import os
import time
from pathlib import Path

from bench import CORPORA
from parsers.errors import ParseError
from parsers.source import decode, split
from pipeline.table_rules import RuleSettings
from pipeline.worker import parse_bytes, rule_settings
from rules.holdem_engine import replay
from tests.room_corpus import expected_nets, hands_in_one_file, nets, read_chunk, read_room, sample_settings

ROOMS = ("GGPoker", "Winamax", "PacificPoker", "Bovada", "Winning", "PartyPoker", "iPoker")
"""The folders of ../shared/corpora/rooms, a room each."""
REPEAT_TO = 600


def _read(folder: Path, formats: set[str] | None = None):
    """(files, stored chunks, quarantined by reason, flagged by rule) of a folder's games."""
    settings = sample_settings(folder)
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
                hand = read_chunk(chunk, path.name, settings)
            except ParseError as error:
                quarantined[error.reason.split(":")[0]] += 1
                continue
            stored.append((chunk, path.name, settings))
            for finding in replay(hand).findings:
                flagged[f"{finding.rule_id} {finding.severity}"] += 1
    return files, stored, quarantined, flagged


def _rate(stored) -> tuple[float, float]:
    """(read, read and replayed) hands per second."""
    chunks = (stored * (REPEAT_TO // max(len(stored), 1) + 1))[:REPEAT_TO]
    for chunk, name, settings in stored:      # grammars built and shapes seen, outside the clock
        replay(read_chunk(chunk, name, settings))
    started = time.process_time()
    for chunk, name, settings in chunks:
        read_chunk(chunk, name, settings)
    read = len(chunks) / (time.process_time() - started)
    started = time.process_time()
    for chunk, name, settings in chunks:
        replay(read_chunk(chunk, name, settings))
    return read, len(chunks) / (time.process_time() - started)


def _ingest_rate(files: list[tuple[str, bytes]]) -> tuple[float, float, int, int]:
    """(full path, batched) stored hands per second of the worker over files (name, bytes), and
    (stored, of them through the batch) per pass over them."""
    results = [parse_bytes(data, name) for name, data in files]     # kernels loaded, outside the clock
    stored = sum(r.count_games for r in results)
    through_batch = sum(r.count_batched for r in results)
    if not stored:
        return 0.0, 0.0, 0, 0
    passes = REPEAT_TO // stored + 1
    rates = []
    for lane in (False, True):
        started = time.process_time()
        for _ in range(passes):
            for name, data in files:
                parse_bytes(data, name, lane=lane)
        rates.append(passes * stored / (time.process_time() - started))
    return rates[0], rates[1], stored, through_batch


def _nets_equal(got: dict, expected: dict) -> bool:
    """Each player's net as fpdb's; a player one side leaves out nets 0 on it."""
    return all(got.get(player, 0) == net for player, net in expected.items()) and \
        all(net == 0 for player, net in got.items() if player not in expected)


def main() -> None:
    if not (CORPORA / "rooms").exists():
        print(f"corpus {CORPORA / 'rooms'} is absent: nothing to measure")
        return
    # CPU-seconds, not wall: on a shared machine the wall clock measures the others' load
    print(f"hands per CPU-second of one process; load average {os.getloadavg()[0]:.1f} at the start")
    reference = None
    if (CORPORA / "pokerstars").exists():
        _, stars, _, _ = _read(CORPORA / "pokerstars", {"pokerstars"})
        stars = [(chunk, name, RuleSettings()) for chunk, name, _ in stars]
        read, reference = _rate(stars[:REPEAT_TO])
        print(f"{'PokerStars (reference)':<24} read {read:7,.0f} hands/CPU-s, full path {reference:6,.0f} hands/CPU-s")
    for room in ROOMS:
        files, stored, quarantined, flagged = _read(CORPORA / "rooms" / room)
        read, rate = _rate(stored) if stored else (0.0, 0.0)
        ratio = f" ({rate / reference:.2f} of PokerStars' rate)" if reference and rate else ""
        print(f"{room:<24} read {read:7,.0f} hands/CPU-s, full path {rate:6,.0f} hands/CPU-s{ratio}; {files} files, "
              f"{len(stored)} hands stored, {sum(quarantined.values())} quarantined, "
              f"{sum(flagged.values())} findings")
        folder = CORPORA / "rooms" / room
        hps = sorted(folder.rglob("*.hp"))
        if hps:
            run = read_room(folder)
            # a .hp of a file whose hands are all of another game (quarantined by name) has nothing to compare
            held = {name for name, _, _ in run.stored}
            compared = [hp for hp in hps if hp.with_suffix("").name in held]
            unequal = [hp.name for hp in compared if not _nets_equal(nets(run, hp.with_suffix("").name),
                                                                      expected_nets(hp))]
            print(f"{'':<24} .hp nets equal: {len(compared) - len(unequal)} of {len(compared)} files of Hold'em "
                  f"hands ({len(hps) - len(compared)} of other games)"
                  + "".join(f"\n    .hp not equal: {name}" for name in unequal))
        files = [(path.name, path.read_bytes()) for path in sorted(folder.rglob("*"))
                 if path.is_file() and path.suffix not in (".hp", ".gt", ".hands")]
        # a room's samples of a hand or two a file (fewer than the batch takes) joined as one
        # session file, as the room writes a table's hands
        for what, run in (("ingest", files), ("one file", [("session.txt", hands_in_one_file(folder))])):
            with rule_settings(sample_settings(folder)):
                full, batched, kept, through_batch = _ingest_rate(run)
            if kept:
                print(f"{'':<24} {what + ':':<9} full path {full:6,.0f} hands/CPU-s, batched {batched:6,.0f} hands/CPU-s "
                      f"({batched / full:.1f}x; {through_batch} of {kept} stored hands through the batch)")
        print(f"{'':<24} load average {os.getloadavg()[0]:.1f}")
        for reason, count in quarantined.most_common():
            print(f"    quarantined {count:>4}  {reason}")
        for rule, count in sorted(flagged.items()):
            print(f"    flagged     {count:>4}  {rule}")
