"""The replay's cards played, kept as columns, against the log as written; and deliberate revokes
in generated games, each found by the follow rule at its own line (hypothesis)."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.facts.raspisnoy import add_rows
from pipeline.generators.raspisnoy import generate
from pipeline.tables import TableRows
from rules.raspisnoy import PlayRow, replay_log

RULESETS = ["default", "deck 54", "deck 54, joker low lowest", "joker 6c, specials blind no-trump", "max cards 12"]


def parse(text: str):
    return [parse_chunk(chunk, "generated.txt") for chunk in split_games(normalize_lines(text), HEADERS)]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), rules=st.sampled_from(RULESETS),
       rounds=st.integers(1, 14))
def test_play_columns_hold_each_card_as_the_log_writes_it_and_one_winner_per_trick(seed, players, rules, rounds):
    (record,) = parse(generate("raspisnoy", seed=seed, players=players, rules=rules, rounds=rounds))
    result = replay_log(record)
    assert result.findings == ()
    written = [(rnd.number, trick.number, position, play.player, str(play.card),
                None if play.declaration is None else str(play.declaration), trick.winner, trick.line)
               for rnd in record.rounds for trick in rnd.tricks for position, play in enumerate(trick.plays, 1)]
    plays = result.plays
    assert [(p.round_no, p.trick_no, p.play_no, p.player, p.card, p.joker_declaration, p.winner, p.line)
            for p in plays] == written
    assert all(len(column) == len(written) for column in result.play_columns)
    winners: dict[tuple[int, int], list[str]] = {}
    for play in plays:
        if play.is_winner:
            winners.setdefault((play.round_no, play.trick_no), []).append(play.player)
    assert winners == {(p.round_no, p.trick_no): [p.winner] for p in plays}
    # the warehouse rows are the replay's, field for field
    rows = TableRows()
    add_rows(rows, record, result)
    stored = rows.to_arrow()[("raspisnoy_tricks", "raspisnoy")].to_pylist()
    assert [tuple(row[name] for name in PlayRow._fields) for row in stored] == [tuple(p) for p in plays]
    assert {row["game_id"] for row in stored} == {record.source.game_id}


def _revoke(record, rng: random.Random):
    """A follower who played a card of the led suit (a plain card led) and, in a later trick of the
    round, a plain card of another suit: (round, the two tricks, player, the two cards), or None."""
    jokers = set(record.rules.joker_codes)
    found = []
    for rnd in record.rounds:
        for at, trick in enumerate(rnd.tricks):
            led = trick.plays[0].card
            if led.code in jokers or led.code >= 52:
                continue
            for play in trick.plays[1:]:
                kept = play.card
                if kept.code in jokers or kept.code >= 52 or kept.code & 3 != led.code & 3:
                    continue
                for later in rnd.tricks[at + 1:]:
                    for other in later.plays:
                        card = other.card
                        if (other.player == play.player and card.code not in jokers and card.code < 52
                                and card.code & 3 != led.code & 3 and other.declaration is None):
                            found.append((trick, later, play.player, kept, card))
    return rng.choice(found) if found else None


def _swap(text: str, line: int, player: str, old: str, new: str) -> str:
    lines = text.split("\n")
    pattern = re.compile(rf"(?<=[:,] ){re.escape(player)} {re.escape(old)}(?=[,;]|$)")
    lines[line - 1], count = pattern.subn(f"{player} {new}", lines[line - 1])
    assert count == 1, lines[line - 1]
    return "\n".join(lines)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), rules=st.sampled_from(RULESETS),
       pick=st.integers(0, 10**6))
def test_a_card_of_the_led_suit_kept_back_for_a_later_trick_is_an_rsp_follow_finding_at_that_trick(
        seed, players, rules, pick):
    text = generate("raspisnoy", seed=seed, players=players, rules=rules, rounds=12)
    (record,) = parse(text)
    revoke = _revoke(record, random.Random(pick))
    if revoke is None:
        return      # (rare: no follower of a plain lead holds a card of another suit for later)
    trick, later, player, kept, played = revoke
    # the file's lines are the game's: the generated text is one game from line 1
    broken = _swap(_swap(text, trick.line, player, str(kept), str(played)), later.line, player, str(played), str(kept))
    (record,) = parse(broken)
    follow = [f for f in replay_log(record).findings if f.rule_id == "RSP-FOLLOW" and f.line == trick.line]
    assert len(follow) == 1, replay_log(record).findings
    assert follow[0].actual == str(played)
    assert str(kept) in follow[0].expected.split(" or ")
    assert f"{player} played {played}" in follow[0].message


def test_a_trick_number_too_large_to_store_quarantines_its_game_and_the_file_keeps_the_others(tmp_path):
    from pipeline.worker import parse_file

    text = generate("raspisnoy", count=2, seed=7, players=4, rounds=3)
    first_trick = text.index("\nTrick 1:") + 1     # the first game's first trick
    path = tmp_path / "night.txt"
    path.write_text(text[:first_trick] + "Trick 40000:" + text[first_trick + len("Trick 1:"):], encoding="utf-8")
    result = parse_file(path)
    assert (result.count_games, result.count_quarantined) == (1, 1)
    (reason,) = result.reasons
    assert "40000" in reason
    stored = result.tables[("raspisnoy_tricks", "raspisnoy")].column("trick_no").to_pylist()
    assert stored and 40000 not in stored
