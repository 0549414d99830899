"""Hold'em hands for the tests of several modules: texts parsed into hands, a real corpus hand
edited line by line, the compiled engine's findings in codes and in words, and pokerkit's
finishing stacks. Shared here so that no test module imports another one's helpers."""

from __future__ import annotations

import warnings
from decimal import Decimal

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split, split_games
from rules.holdem_batch import batch_from_hands
from rules.holdem_explain import explain
from rules.holdem_fast import replay_batch
from rules.holdem_hand import HoldemHand
from rules.holdem_rules import HE
from tests.conftest import corpus


def parse_one_hand(text: str):
    """The one hand of ``text``, parsed."""
    chunks = split_games(normalize_lines(text), HEADERS)
    assert len(chunks) == 1
    return parse_chunk(chunks[0], "hand.txt")


def parse_bovada_hand(text: str):
    """The one hand of ``text``, which must be read as a Bovada hand, parsed."""
    chunks = split(text.strip("\n"))
    assert [c.format for c in chunks] == ["bovada"], [c.format for c in chunks]
    return parse_chunk(chunks[0], "hand.txt")


def parse_hands(text: str, file: str = "gen.txt") -> list[HoldemHand]:
    """Every hand of ``text`` the parser reads, in order."""
    hands = []
    for chunk in split_games(normalize_lines(text), HEADERS):
        try:
            hands.append(parse_chunk(chunk, file))
        except Exception:   # a mutated hand the parser refuses: not the kernel's business
            continue
    return hands


def corpus_hand(parts: tuple[str, ...], number: str) -> str:
    """The text of hand ``number`` of the corpus file ``parts``."""
    lines = normalize_lines(corpus(*parts).read_text(encoding="utf-8-sig"))
    (chunk,) = [c for c in split_games(lines, HEADERS) if f"#{number}:" in lines[c.first_line - 1]]
    return "\n".join(lines[chunk.first_line - 1:chunk.last_line]) + "\n"


def edit_line(text: str, line: str, edited: str) -> str:
    """``text`` with its one ``line`` replaced by ``edited``."""
    assert text.count(line) == 1, line
    return text.replace(line, edited)


def engine_findings(text: str) -> set[tuple[str, int, int, int, int]]:
    """(rule, line, seat index, expected, actual) of each finding of the one hand of ``text``."""
    (chunk,) = split_games(normalize_lines(text), HEADERS)
    b = batch_from_hands([parse_chunk(chunk, "hand.txt")])
    f = replay_batch(b, allin_ev=False)
    assert f.explained[0]
    rows = f.findings
    return {(HE.by_code(int(r)).value, int(line), int(seat), int(e), int(a))
            for r, line, seat, e, a in zip(rows.rule, rows.line, rows.seat, rows.expected, rows.actual)}


def findings_in_words(text: str) -> dict[int, tuple[str, str, str, str]]:
    """Each finding's (rule, message, expected, actual) in words, by line."""
    (chunk,) = split_games(normalize_lines(text), HEADERS)
    b = batch_from_hands([parse_chunk(chunk, "hand.txt")])
    return {f.line: (f.rule_id, f.message, f.expected, f.actual) for f in explain(b, replay_batch(b, allin_ev=False))}


def pokerkit_chip_stacks(text: str) -> list[Decimal]:
    """The finishing stacks pokerkit gives the PHH hand ``text``, its pots shared pokerkit's own way."""
    import pokerkit  # only the tests that call this need pokerkit installed

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [Decimal(s) for s in list(pokerkit.HandHistory.loads(text))[-1].stacks]
