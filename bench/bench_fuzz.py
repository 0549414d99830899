"""Fuzzed and hostile inputs: no traceback, no hang, no good game lost, no changed game stored untrue.

Run with ``python -m bench fuzz`` (``RASKLAD_FUZZ_INPUTS``, default 10,000; ``RASKLAD_FUZZ_FILES``:
``all``, the default, for the samples and up to 40 small files of the real PokerStars corpus
when ../shared/corpora is there, ``samples`` or ``corpora`` for one of them). The inputs are
small files cut from those: two or three games in a row, each mutated once (truncated at a
random byte, a byte flipped, a line deleted, swapped with the next or written twice, a NUL block
or a long line put in, or the whole text re-encoded). Each mutant goes through the ingest's own
``parse_bytes``. It must not raise; it must not take more than a minute; and every game the
mutation did not touch (its lines lie wholly outside the changed ones) must still be stored
with the same ID.

A game the mutation changed (its lines hold the changed ones; with a truncation, the game cut)
must be flagged, that is quarantined or stored with a finding (a row whose lines meet the
game's), or stored true to its text. The oracle for that is the same for every format, since
the formats share their warehouse rows: the stored game's rows in every table (less game IDs,
files, line numbers and rules versions) are compared with the original game's rows.

- Rows that differ: the change was read, and the game is stored as its new text says
  (counted as "stored as changed"; no format has a writer of text from rows that would check
  it further).
- The same rows from a text that gained no line (compared in any case and order, without
  blanks and comments): an immaterial change, true to its text. So is a text that only lost
  lines the rows do not hold (a claim, a summary line the replay recomputes).
- The same rows from a text that gained a line (a new one, a changed one, one written twice):
  the parser let that line go by unread, and the game is **not true to its text**. Changes to
  text that no table holds are not counted (:func:`unstored_change`: a line without play, a
  game's own ID, a tournament's buy-in and level, a cash-out fee); each case is printed with
  the lines gained, to judge.
- No row and no quarantine over the game's lines, while some of its text is left: the game
  **vanished**.

``tests/test_fuzz.py`` runs a short round over the samples, and one over the real corpus.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench import CORPORA
from parsers.source import decode, normalize_lines
from pipeline.worker import parse_bytes

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples"
POKERSTARS_CORPUS = CORPORA / "pokerstars"
HANG_SECONDS = 60.0
MUTATIONS = ("truncate", "flip", "delete", "swap", "duplicate", "nul", "long line", "utf-16", "cp1251")


IGNORED_COLUMNS = frozenset({"game_id", "source_file", "first_line", "last_line", "line", "rules_version"})
"""What a game's rows hold besides what it says: where it stands and which rules read it."""
UNCOMPARED_TABLES = frozenset({"quarantine", "game_texts", "findings"})


@dataclass(frozen=True)
class Seed:
    """A small file of whole games and, for each game, its ID and its first and last line (1-based),
    its rows (see :func:`game_rows`) and its text as the oracle compares it (see :func:`gist`)."""

    name: str
    text: str
    games: tuple[tuple[str, int, int], ...]
    rows: dict[str, tuple] = field(default_factory=dict, compare=False)
    gists: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)


@dataclass
class Outcome:
    tried: int = 0
    by_mutation: dict[str, int] = field(default_factory=dict)
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    slowest: float = 0.0
    changed: dict[str, int] = field(default_factory=dict)
    """Games the mutations changed, by what became of them: flagged, stored as changed, immaterial
    change, not true to text, vanished."""
    untrue: list[str] = field(default_factory=list)
    vanished: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Read:
    """What ``parse_bytes`` made of a file: its stored games (ID, first and last line), the lines
    of its quarantined chunks, the IDs of games stored with a finding, and each game's rows."""

    games: list[tuple[str, int, int]]
    quarantined: list[tuple[int, int]]
    with_findings: set[str]
    rows: dict[str, tuple]


def read(data: bytes, name: str) -> Read:
    result = parse_bytes(data, name)
    games, quarantined, with_findings = [], [], set()
    per_game: dict[str, list] = {}
    for (table, _), rows in sorted(result.tables.items()):
        if table == "games":
            games += zip(*(rows.column(c).to_pylist() for c in ("game_id", "first_line", "last_line")))
        if table == "quarantine":
            quarantined += zip(rows.column("first_line").to_pylist(), rows.column("last_line").to_pylist())
        elif table == "findings":
            with_findings.update(rows.column("game_id").to_pylist())
        if table in UNCOMPARED_TABLES:
            continue
        columns = [c for c in rows.column_names if c not in IGNORED_COLUMNS]
        values = [rows.column(c).to_pylist() for c in columns]
        for k, game_id in enumerate(rows.column("game_id").to_pylist()):
            per_game.setdefault(game_id, []).append((table, tuple(str(v[k]) for v in values)))
    return Read(sorted(games, key=lambda game: game[1]), quarantined, with_findings,
                {game_id: tuple(sorted(rows)) for game_id, rows in per_game.items()})


def stored_games(data: bytes, name: str) -> list[tuple[str, int, int]]:
    """(game_id, first_line, last_line) of every game ``parse_bytes`` stores from ``data``."""
    return read(data, name).games


_BLANKS = re.compile(r"\s+")
_COMMENT = re.compile(r"(?:^|[ \t])#(?![0-9{]).*")
"""A comment, whole-line or after a line's text (not "Seat #1", "Hand #5", "#{Club}")."""


def gist(lines: list[str]) -> tuple[str, ...]:
    """A game's lines as the oracle compares them: no blank line, comment or byte order mark,
    blanks evened out, in any case and any order."""
    out = []
    for line in lines:
        line = _BLANKS.sub(" ", _COMMENT.sub("", line.replace("\ufeff", ""))).strip().casefold()
        if line and not line.startswith("#"):
            out.append(line)
    return tuple(sorted(out))


def seeds(files: list[Path], games_per_seed: int = 3) -> list[Seed]:
    """Files of ``games_per_seed`` consecutive stored games cut from each of ``files``."""
    out = []
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace")
        lines = text.splitlines()
        games = stored_games(text.encode(), path.name)
        for start in range(0, len(games), games_per_seed):
            group = games[start:start + games_per_seed]
            first, last = group[0][1], group[-1][2]
            piece = "\n".join(lines[first - 1:last]) + "\n"
            shifted = tuple((gid, a - first + 1, b - first + 1) for gid, a, b in group)
            seen = read(piece.encode(), path.name)
            gists = {gid: gist(lines[a - 1:b]) for gid, a, b in group}
            out.append(Seed(f"{path.name}@{first}", piece, shifted, seen.rows, gists))
    return out


def mutate(seed: Seed, rng: random.Random) -> tuple[str, bytes, tuple[int, int]]:
    """One mutant of ``seed``: the mutation's name, the bytes, and the original lines it touched
    (a range past the end for a change of the whole text's encoding, which touches no game)."""
    kind = rng.choice(MUTATIONS)
    lines = seed.text.splitlines(keepends=True)
    count = len(lines)
    at = rng.randrange(count)
    if kind in ("utf-16", "cp1251"):
        try:
            return kind, seed.text.encode("utf-16" if kind == "utf-16" else "cp1251"), (count + 1, count + 1)
        except UnicodeEncodeError:
            kind = "flip"   # text cp1251 cannot hold (suit symbols): a byte flip instead
    data = seed.text.encode("utf-8")
    if kind in ("truncate", "flip"):
        offset = rng.randrange(len(data))
        line = data[:offset].count(b"\n") + 1
        if kind == "truncate":
            return kind, data[:offset], (line, count)
        flipped = bytes([data[offset] ^ (1 << rng.randrange(8))])
        return kind, data[:offset] + flipped + data[offset + 1:], (line, line)
    if kind == "delete":
        changed, touched = lines[:at] + lines[at + 1:], (at + 1, at + 1)
    elif kind == "swap" and at + 1 < count:
        changed, touched = lines[:at] + [lines[at + 1], lines[at]] + lines[at + 2:], (at + 1, at + 2)
    elif kind == "duplicate" or kind == "swap":
        kind = "duplicate"
        changed, touched = lines[:at + 1] + [lines[at]] + lines[at + 1:], (at + 1, at + 1)
    elif kind == "nul":
        changed, touched = lines[:at] + ["\0" * rng.randrange(1, 4096) + "\n"] + lines[at:], (at, at + 1)
    else:   # a long line
        changed, touched = lines[:at] + ["x" * rng.randrange(100_000, 300_000) + "\n"] + lines[at:], (at, at + 1)
    return kind, "".join(changed).encode("utf-8"), touched


def check(seed: Seed, kind: str, data: bytes, touched: tuple[int, int], outcome: Outcome) -> None:
    """Run one mutant through the ingest's reader and record what went wrong, if anything."""
    outcome.tried += 1
    outcome.by_mutation[kind] = outcome.by_mutation.get(kind, 0) + 1
    label = f"{seed.name} {kind} lines {touched[0]}-{touched[1]}"
    started = time.perf_counter()
    try:
        seen = read(data, seed.name)
        lines = normalize_lines(decode(data))
    except Exception as error:  # noqa: BLE001 (any exception is what this bench looks for)
        outcome.tracebacks.append(f"{label}: {type(error).__name__}: {error}")
        return
    seconds = time.perf_counter() - started
    outcome.slowest = max(outcome.slowest, seconds)
    if seconds > HANG_SECONDS:
        outcome.hangs.append(f"{label}: {seconds:.0f} s")
    stored = {game_id for game_id, _, _ in seen.games}
    low, high = touched
    for game_id, first, last in seed.games:
        # A game next to the change may lose its separating blank line: only those clear of it count.
        if last < low - 1 or first > high + 1:
            if game_id not in stored:
                outcome.lost.append(f"{label}: game {game_id} (lines {first}-{last}) untouched but not stored")
        elif first <= high and last >= low and "".join(lines[first - 1:]).strip():     # not all cut away
            verdict, gained = _changed_game(seed, game_id, first, last, touched, seen, lines)
            outcome.changed[verdict] = outcome.changed.get(verdict, 0) + 1
            if verdict == "not true to text":
                outcome.untrue.append(f"{label}: game {game_id} (lines {first}-{last}) stored with the rows of "
                                      f"its original text, although it gained: {gained}")
            elif verdict == "vanished":
                outcome.vanished.append(f"{label}: game {game_id} (lines {first}-{last}) neither stored nor "
                                        "quarantined")


def _changed_game(seed: Seed, game_id: str, first: int, last: int, touched: tuple[int, int], seen: Read,
                  lines: list[str]) -> tuple[str, str]:
    """What became of a game the mutation changed (see the module's doc), and the lines it gained."""
    shift = len(lines) - len(normalize_lines(seed.text))    # lines the mutation added (or took away)
    low = min(first, touched[0])
    high = min(max(last, last + shift), len(lines))
    others = {gid for gid, _, _ in seed.games} - {game_id}
    here = [(gid, a, b) for gid, a, b in seen.games if a <= high and b >= low and gid not in others]
    if any(a <= high and b >= low for a, b in seen.quarantined) or any(gid in seen.with_findings
                                                                       for gid, _, _ in here):
        return "flagged", ""
    if not here:
        return "vanished", ""
    verdicts = {}
    original = normalize_lines(seed.text)[first - 1:last]
    for gid, a, b in here:
        if seen.rows.get(gid) != seed.rows.get(game_id):
            verdicts["stored as changed"] = ""
            continue
        gained = _gained(lines[a - 1:b], original)
        if not gained:
            verdicts["immaterial change"] = ""
        else:
            verdicts["not true to text"] = " | ".join(gained)[:160]
    return next((v, verdicts[v]) for v in ("not true to text", "stored as changed", "immaterial change")
                if v in verdicts)


def _gained(lines: list[str], original: list[str]) -> list[str]:
    """The lines a game's text gained over its ``original`` (as :func:`gist` compares them), less
    those whose change no table holds (:func:`unstored_change`)."""
    added = Counter(gist(lines)) - Counter(gist(original))
    lost = Counter(gist(original)) - Counter(gist(lines))
    lost_lines = [line for line in original if gist([line]) and lost.get(gist([line])[0], 0) > 0]
    out = []
    for at, line in enumerate(lines):
        key = gist([line])
        if key and added.get(key[0], 0) > 0:
            added[key[0]] -= 1
            if not unstored_change(line, lost_lines, original[0] if original else "", is_first=at == 0):
                out.append(key[0])
    return out


def unstored_change(line: str, lost: list[str], header: str, is_first: bool = False) -> bool:
    """Does ``line``, which a game's text gained (its first line when ``is_first``), change only
    text no table holds? ``lost`` are the lines the text lost, ``header`` its original first line.

    - A PokerStars line without play (joins, leaves, sits out, chat …), as the reader's table of
      line kinds reads it: the warehouse keeps none of them.
    - A PokerStars header that differs from a lost one only in the hand's or the tournament's
      number, the buy-in or the level; a cash-out line that differs from a lost one only in its
      fee: no table holds these.
    - Another room's first line that differs from the original only in its last word, the game's
      own ID (like "C-2026-34"): the warehouse keeps a game's identity as the hash of its text.
    """
    from parsers import pokerstars as ps
    from parsers.errors import ParseError

    if header.lstrip("\ufeff").lower().startswith("pokerstars"):     # (a file's first header: its byte order mark)
        if not is_first:
            try:
                if ps.TABLE.classify(("", line)) == []:
                    return True
            except ParseError:
                pass
        masked = _masked(line)
        return masked is not None and any(_masked(old) == masked for old in lost)
    words = header.rsplit(None, 1)
    return (is_first and len(words) == 2 and any(c.isdigit() for c in words[1]) and line.startswith(words[0])
            and len(line[len(words[0]):].split()) == 1)


def _masked(line: str) -> str | None:
    """A PokerStars header without its hand and tournament numbers, buy-in and level, or a cash-out
    line without its fee; None for other lines."""
    from parsers import pokerstars as ps
    from parsers.errors import ParseError

    spans = []
    if line.startswith("PokerStars"):
        try:
            head = ps.read_header(line)
        except ParseError:
            return None
        match = head["match"]
        rest = match.start("rest")
        spans += [match.span(name) for name in ("id", "tid", "buyin") if match[name] is not None]
        level_from = match["rest"].find(head["struct"]) + len(head["struct"])
        spans.append((rest + level_from, rest + head["stakes"].start()))
    else:
        cash_out = next(k.pattern for k in ps.LINE_KINDS if k.name == "CASHOUT").match(line)
        if cash_out is None or cash_out["f"] is None:
            return None
        spans.append(cash_out.span("f"))
    for start, stop in sorted(spans, reverse=True):
        line = line[:start] + "…" + line[stop:]
    return line


def run(count: int, files: list[Path], seed: int = 0) -> Outcome:
    rng = random.Random(seed)
    pool = seeds(files)
    outcome = Outcome()
    for _ in range(count):
        chosen = rng.choice(pool)
        kind, data, touched = mutate(chosen, rng)
        check(chosen, kind, data, touched, outcome)
    return outcome


def corpus_files(count: int = 40) -> list[Path]:
    """Up to ``count`` small Hold'em files of the real PokerStars corpus, spread over its folders
    (none when it is not there)."""
    if not POKERSTARS_CORPUS.is_dir():
        return []
    holdem = []
    for path in sorted(POKERSTARS_CORPUS.rglob("*.txt")):
        if path.stat().st_size < 200_000:
            with path.open("rb") as file:
                if b"Hold'em" in file.read(300):
                    holdem.append(path)
    step = max(1, len(holdem) // count)
    return holdem[::step][:count]


def inputs(which: str = "all") -> list[Path]:
    """The files mutants are cut from: ``all``, ``samples`` or ``corpora``."""
    if which not in ("all", "samples", "corpora"):
        raise SystemExit(f"RASKLAD_FUZZ_FILES={which!r}: expected all, samples or corpora")
    files = sorted(SAMPLES.glob("*.txt")) if which != "corpora" else []
    if which != "samples":
        files += corpus_files()
    if not files:
        raise SystemExit(f"no files to fuzz: {POKERSTARS_CORPUS} is not there")
    return files


def main() -> None:
    count = int(os.environ.get("RASKLAD_FUZZ_INPUTS", "10000"))
    which = os.environ.get("RASKLAD_FUZZ_FILES", "all")
    started = time.perf_counter()
    outcome = run(count, inputs(which))
    seconds = time.perf_counter() - started
    print(f"{outcome.tried} fuzzed inputs in {seconds:.0f} s ({outcome.tried / seconds:.0f}/s), "
          f"slowest {outcome.slowest:.2f} s")
    print("by mutation: " + ", ".join(f"{k} {v}" for k, v in sorted(outcome.by_mutation.items())))
    print(f"tracebacks {len(outcome.tracebacks)}, hangs over {HANG_SECONDS:.0f} s {len(outcome.hangs)}, "
          f"good games lost {len(outcome.lost)}")
    for line in (outcome.tracebacks + outcome.hangs + outcome.lost)[:20]:
        print("  " + line)
    print(f"changed games {sum(outcome.changed.values())}: "
          + ", ".join(f"{k} {v}" for k, v in sorted(outcome.changed.items())))
    print(f"changed, stored, not flagged, not true to text {len(outcome.untrue)}; "
          f"changed and vanished {len(outcome.vanished)}")
    for line in (outcome.untrue + outcome.vanished)[:20]:
        print("  " + line)
