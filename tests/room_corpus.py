"""The rooms' sample folders (../shared/corpora/rooms/<Room>) read, replayed and counted, for the
tests of each room's reader (tests/test_room_*.py) and its benchmark."""

from __future__ import annotations

import ast
import collections
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from parsers.errors import ParseError, UnstatedRule
from parsers.formats import parse_chunk
from parsers.source import Chunk, decode, split
from pipeline.table_rules import RuleSettings
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.records import Source


@dataclass
class RoomRun:
    """What a room's folder gives: files, hands stored, quarantined by reason, findings by rule."""

    files: int = 0
    stored: list = field(default_factory=list)
    """(file name, hand, replay) per hand stored."""
    quarantined: collections.Counter = field(default_factory=collections.Counter)
    flagged: collections.Counter = field(default_factory=collections.Counter)
    """(rule, severity) → findings."""

    def errors(self) -> list[tuple[str, str, str]]:
        """(file name, hand number, rule) of every error finding."""
        return sorted((name, hand.hand_id, str(f.rule_id)) for name, hand, result in self.stored
                      for f in result.findings if f.severity is Severity.ERROR)


def sample_settings(folder: Path) -> RuleSettings:
    """The betting structure (and the 36-card order) of the samples whose text names none, as their hands show it: the
    files named LHE… raise by fixed bets (limit); the others (Winning's older no-limit files, the
    Bovada network's tournaments) raise by any amount, all in for any sum (no limit)."""
    limit = [path.name for path in folder.rglob("LHE*") if path.is_file()]
    rooms = RuleSettings.of([f"room {room}: no_limit" for room in ("Winning", "Bovada", "Ignition", "Bodog")]
                            # Winning's one Six Plus hand ends before a showdown: either order reads it alike
                            + ["room Winning: trips_beat_straight"])
    return rooms.merged(RuleSettings.of(["limit"], limit))


def read_chunk(chunk: Chunk, file: str, settings: RuleSettings):
    """A chunk's hand, one whose text names no betting structure read under ``settings``."""
    try:
        return parse_chunk(chunk, file)
    except UnstatedRule as unstated:
        return settings.apply(unstated, file)


def read_room(folder: Path) -> RoomRun:
    """Every game of every sample file of a room's folder (not the ``.hp``, ``.gt``, ``.hands``
    notes), the structure of text that names none set as :func:`sample_settings` says."""
    run = RoomRun()
    settings = sample_settings(folder)
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands"):
            continue
        run.files += 1
        for chunk in split(decode(path.read_bytes())):
            try:
                hand = read_chunk(chunk, path.name, settings)
            except ParseError as error:
                run.quarantined[error.reason] += 1
                continue
            result = replay(hand, allin_ev=False)
            run.stored.append((path.name, hand, result))
            for f in result.findings:
                run.flagged[(str(f.rule_id), str(f.severity))] += 1
    return run


def hands_in_one_file(folder: Path) -> bytes:
    """The text of every sample file of a room's folder that holds Hold'em hands the reader
    stores and none it quarantines, each once, joined into one file as a room writes a session's
    hands (a blank line between them)."""
    texts: dict[str, None] = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands"):
            continue
        text = decode(path.read_bytes()).strip("\ufeff\n")
        chunks = split(text)
        try:
            stored = chunks and all(parse_chunk(chunk, path.name) for chunk in chunks)
        except ParseError:
            stored = False
        if stored:
            texts[text] = None
    return ("\n\n\n".join(texts) + "\n").encode()


def expected_nets(hp: Path) -> dict[str, Decimal]:
    """fpdb's per-player result of a ``.hp`` file (a Python literal, amounts in cents)."""
    return {player: Decimal(row["totalProfit"]) / 100 for player, row in ast.literal_eval(hp.read_text()).items()}


def nets(run: RoomRun, file_name: str) -> dict[str, Decimal]:
    """Each player's net over the stored hands of one file."""
    total: dict[str, Decimal] = collections.defaultdict(Decimal)
    for name, _, result in run.stored:
        if name == file_name:
            for p in result.players:
                total[p.player] += p.net
    return dict(total)


def parse_text(parser, text: str):
    """A hand's text through a reader's ``parse``, its lines numbered from 1."""
    lines = tuple(text.strip("\n").split("\n"))
    return parser(lines, Source(file="test.txt", first_line=1, last_line=len(lines), game_id="t"))


def in_other_currency(parser, text: str, old: str, new: str):
    """ROOM-CURRENCY: ``text`` with its line ``old`` written ``new`` (an amount in another currency
    than the stakes'), read by ``parser`` and replayed: its findings (rule, severity, line, expected,
    actual), each player's net, and the line of ``new``."""
    changed = text.replace(old, new)
    assert changed != text, old
    result = replay(parse_text(parser, changed), allin_ev=False)
    findings = [(f.rule_id, f.severity, f.line, f.expected, f.actual) for f in result.findings]
    return findings, {p.player: p.net for p in result.players}, changed.strip("\n").split("\n").index(new) + 1
