"""PokerStars Hold'em parsing speed on the real corpus: ours, pokerkit's, a bare regex scan.

Run: ``python -m bench parse``. The hands are the Hold'em hands of ../shared/corpora/pokerstars
(repeated to a few thousand); every rate is hands per second on one core, and the ratios
compare ours with pokerkit's ``PokerStarsParser`` on the same text and with a bare scan that
only runs one combined regex over every line (the floor any line parser pays). "Ours" is
measured twice: the full path (Lark parser, then the compiled engine one hand at a time, as
the audit pages and the hands the lane leaves run it) and the compiled lane the ingest sends PokerStars hands through
(``read_text`` and ``replay_batch`` over the whole text at once).

First, without the corpus, the decoding of a file that mixes encodings: the PokerStars hands of
data/samples, one in UTF-16-LE, the next in UTF-8 (then in Windows-1252, an accented name in
each), joined to ``RASKLAD_BENCH_MIXED_MB`` megabytes (20 unless set). Its CPU seconds to decode
and to split should grow with its bytes alone, not with the number of its UTF-16 parts.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import re
import time
import warnings
from pathlib import Path

from bench import CORPORA
from parsers import pokerstars
from parsers.errors import ParseError
from parsers.formats import HEADERS
from parsers.lines import clear_caches
from parsers.pokerstars import parse
from parsers.pokerstars_fast import read_text
from parsers.source import decode, normalize_lines, split, split_games
from rules.holdem_engine import replay
from rules.holdem_fast import replay_batch
from rules.records import Source

CORPUS = CORPORA / "pokerstars"
SAMPLE = Path(__file__).resolve().parents[1] / "data" / "samples" / "pokerstars-holdem.txt"
MIXED_MB = float(os.environ.get("RASKLAD_BENCH_MIXED_MB", "20"))
REPEAT_TO = 3000
KIT_HANDS = 300

_SCAN = re.compile(
    r"^(?:(?P<seat>Seat \d+: .+ \(\S+ in chips\))|(?P<act>.+?: (?:folds|checks|calls \S+|bets \S+|raises \S+ to \S+|"
    r"posts .+))|(?P<street>\*\*\* .+ \*\*\*.*)|(?P<coll>.+ collected \S+ from .+)|(?P<other>.*))$"
)


def _hands() -> list[tuple[str, ...]]:
    chunks = []
    for path in sorted(CORPUS.rglob("*.txt")):
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            if chunk.format != "pokerstars":
                continue
            try:
                parse(chunk.lines, Source(file="b", first_line=1, last_line=len(chunk.lines), game_id="b"))
            except ParseError:
                continue
            chunks.append(chunk.lines)
    return chunks


def _rate(label: str, count: int, seconds: float) -> float:
    rate = count / seconds
    print(f"{label:<38} {count:>6} hands  {seconds:6.2f} s  {rate:9,.0f} hands/s")
    return rate


def mixed_encodings(megabytes: float = MIXED_MB) -> None:
    """Decode and split a file whose hands alternate between UTF-16-LE and another encoding."""
    hands = [hand.strip("\n") + "\n\n" for hand in SAMPLE.read_text(encoding="utf-8").split("\n\n") if hand.strip()]
    for other, name in (("utf-8", "Anna"), ("cp1252", "José")):
        parts, size, count = [], 0, 0
        while size < megabytes * 1e6:
            hand = hands[count % len(hands)]
            data = hand.encode("utf-16-le") if count % 2 else hand.replace("Anna", name).encode(other)
            parts.append(data)
            size += len(data)
            count += 1
        data = b"".join(parts)
        started = time.process_time()
        text = decode(data)
        decoding = time.process_time() - started
        started = time.process_time()
        games = split(text)
        splitting = time.process_time() - started
        read = sum(chunk.format == "pokerstars" for chunk in games)
        print(f"{'mixed UTF-16-LE and ' + other:<38} {size / 1e6:6.1f} MB  decode {decoding:5.2f} CPU-s  "
              f"split {splitting:5.2f} CPU-s  ({count // 2:,} UTF-16 parts; {read:,} of {count:,} hands read)")


def main() -> None:
    mixed_encodings()
    if not CORPUS.exists():
        print(f"corpus {CORPUS} is absent: nothing to measure")
        return
    base = _hands()
    hands = (base * (REPEAT_TO // max(len(base), 1) + 1))[:REPEAT_TO]
    source = Source(file="b", first_line=1, last_line=1, game_id="b")
    parse(hands[0], source)  # build the grammar once, outside the clock

    # The parser remembers the shapes Lark accepted and the amounts it read; repeating the
    # corpus makes those caches hotter than one pass over real logs. First one pass over the
    # distinct hands with empty caches, then the repeated corpus as before.
    pokerstars.TABLE.accepted.clear()
    clear_caches()
    started = time.perf_counter()
    for lines in base:
        parse(lines, source)
    _rate(f"rasklad parse, {len(base)} distinct, cold caches", len(base), time.perf_counter() - started)

    started = time.perf_counter()
    for lines in hands:
        for line in lines:
            _SCAN.match(line)
    scan = _rate("bare regex line scan", len(hands), time.perf_counter() - started)

    started = time.perf_counter()
    records = [parse(lines, source) for lines in hands]
    ours = _rate("rasklad parse (Lark over lines)", len(hands), time.perf_counter() - started)

    started = time.perf_counter()
    for record in records:
        replay(record, allin_ev=False)
    both = len(hands) / (time.perf_counter() - started)
    full = 1 / (1 / ours + 1 / both)
    print(f"{'rasklad replay (no all-in EV)':<38} {len(hands):>6} hands  {'':6}    {both:9,.0f} hands/s")
    print(f"{'rasklad parse + replay':<38} {len(hands):>6} hands  {'':6}    {full:9,.0f} hands/s")

    text = "\n\n\n".join("\n".join(lines) for lines in hands) + "\n"
    read_text(text, "b")                            # kernels loaded outside the clock
    started = time.perf_counter()
    _, batch, _ = read_text(text, "b")
    reading = time.perf_counter() - started
    facts = replay_batch(batch, allin_ev=False)
    lane = len(hands) / (time.perf_counter() - started)
    print(f"{'compiled lane: read_text alone':<38} {len(hands):>6} hands  {reading:6.2f} s  "
          f"{reading / len(hands) * 1e6:9.1f} us/hand")
    certified = int(facts.certified.sum())
    print(f"{'compiled lane: read + replay (no EV)':<38} {len(hands):>6} hands  {'':6}    {lane:9,.0f} hands/s"
          f"  ({certified} certified, the rest left to the full path)")

    kit = None
    try:
        from pokerkit.notation import PokerStarsParser

        sample = hands[:KIT_HANDS]  # pokerkit is slow: a sample of the same hands
        text = "\n\n\n".join("\n".join(lines) for lines in sample)
        logging.disable(logging.CRITICAL)  # pokerkit logs every hand it cannot repair
        started = time.perf_counter()
        # pokerkit prints a traceback for every hand it refuses: not part of our output
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            parsed = sum(1 for _ in PokerStarsParser()(text, error_status=False))
        kit = _rate(f"pokerkit PokerStarsParser ({parsed} ok)", len(sample), time.perf_counter() - started)
        logging.disable(logging.NOTSET)
    except Exception as error:  # noqa: BLE001 (pokerkit may refuse some hands; a benchmark reports, never stops)
        print(f"pokerkit PokerStarsParser: not measured ({type(error).__name__}: {error})")

    print(f"\nfull path parse / bare regex scan:   {ours / scan:.2f}x")
    print(f"compiled lane / bare regex scan:     {lane / scan:.2f}x   (the ingest goal, with Parquet: "
          "at least 0.5x; python -m bench ingest)")
    if kit:
        print(f"full path parse / pokerkit:          {ours / kit:.2f}x")
        print(f"compiled lane / pokerkit:            {lane / kit:.2f}x")
