"""A short round of the fuzz benchmark (bench/bench_fuzz.py): mutated samples and real files never
crash the reader, never hang it, never cost a game the mutation did not touch, and a game the
mutation changed is flagged or stored true to its text (the oracle is tested on its own here)."""

from __future__ import annotations

from bench.bench_fuzz import SAMPLES, Read, Seed, _changed_game, corpus_files, gist, run, unstored_change
from tests.conftest import corpus


def test_mutated_samples_raise_nothing_and_hang_nothing():
    outcome = run(60, sorted(p for p in SAMPLES.glob("*.txt") if not p.name.startswith("sixcard")), seed=7)
    assert outcome.tried == 60 and len(outcome.by_mutation) >= 6
    assert outcome.tracebacks == [] and outcome.hangs == []
    assert outcome.lost == [] and outcome.vanished == []
    assert sum(outcome.changed.values()) > 0


def test_mutated_club_logs_lose_no_untouched_game():
    # A club game ends after its last part, so junk, a broken or lost header after it never joins it.
    clubs = sorted(p for p in SAMPLES.glob("*.txt") if not p.name.startswith("pokerstars"))
    outcome = run(80, clubs, seed=5)
    assert outcome.tracebacks == [] and outcome.lost == []


def test_mutated_pokerstars_hands_lose_no_untouched_hand():
    # A PokerStars hand ends after its summary; and a file re-encoded in Windows-1251 keeps its euros.
    outcome = run(60, [SAMPLES / "pokerstars-holdem.txt"], seed=11)
    assert outcome.tracebacks == [] and outcome.lost == []
    assert outcome.by_mutation.get("cp1251", 0) > 0


def test_mutated_pokerstars_hands_are_flagged_or_stored_true_to_their_text():
    # Seat, street and summary lines written twice, changed words and currency signs, hands cut
    # inside their summary: each is quarantined or stored as its new text says, never as before.
    outcome = run(150, [SAMPLES / "pokerstars-holdem.txt"], seed=11)
    assert outcome.changed.get("flagged", 0) > 90
    assert outcome.untrue == [] and outcome.vanished == []


def test_mutated_real_pokerstars_files_raise_nothing_and_lose_nothing():
    corpus("pokerstars")
    outcome = run(30, corpus_files(8), seed=3)
    assert outcome.tried == 30
    assert outcome.tracebacks == [] and outcome.hangs == [] and outcome.lost == []


# ////////////////////////////////////////////////////////////////////// the oracle for changed games

_GAME = ["Chinese poker hand C-1", "Players: Anna, Boris", "Anna: back [As Ks Qs Js 9s]",
         "Points: Anna +2, Boris -2"]
_ROWS = (("games", ("2026-11-28", "Tverskaya")), ("game_players", ("Anna", "2")))
_SEED = Seed("night.txt@1", "\n".join(_GAME) + "\n", (("g1", 1, 4),), {"g1": _ROWS}, {"g1": gist(_GAME)})


def _verdict(lines: list[str], rows=_ROWS, quarantined=(), findings=(), stored=True) -> str:
    games = [("g2", 1, len(lines))] if stored else []
    seen = Read(games, list(quarantined), set(findings), {"g2": rows} if stored else {})
    return _changed_game(_SEED, "g1", 1, 4, (3, 3), seen, lines)[0]


def test_fuzz_oracle_calls_a_line_gained_without_a_change_of_rows_untrue():
    twice = [*_GAME[:3], _GAME[2], _GAME[3]]
    assert _verdict(twice) == "not true to text"
    assert _verdict([*_GAME[:2], "Anna: back [As Ks Qs Js 8s]", _GAME[3]]) == "not true to text"


def test_fuzz_oracle_takes_case_blanks_comments_order_and_lost_claims_as_immaterial():
    assert _verdict([_GAME[0], "players:  Anna,   Boris  # late", _GAME[3], _GAME[2]]) == "immaterial change"
    assert _verdict(_GAME[:3]) == "immaterial change"


def test_fuzz_oracle_sorts_changed_rows_quarantine_findings_and_vanished_games():
    changed = (("games", ("2026-11-28", "Tverskaya")), ("game_players", ("Anna", "3")))
    assert _verdict(_GAME, rows=changed) == "stored as changed"
    assert _verdict(_GAME, quarantined=[(3, 4)], stored=False) == "flagged"
    assert _verdict(_GAME, rows=changed, findings=["g2"]) == "flagged"
    assert _verdict(_GAME, stored=False) == "vanished"


def test_fuzz_oracle_reads_a_byte_order_mark_as_nothing():
    # a file's first game keeps its mark in the seed's lines; the reader drops it
    assert gist(["\ufeffChinese poker hand C-1", "Players: Anna"]) == gist(["Chinese poker hand C-1", "Players: Anna"])


_PS_HEADER = ("PokerStars Hand #149652017195: Tournament #1495192630, $0.91+$0.09 USD Hold'em No Limit - Level XI "
              "(400/800) - 2016/03/01 1:31:14 ET")


def test_fuzz_oracle_takes_a_changed_pokerstars_line_without_play_as_a_change_no_table_holds():
    # the warehouse keeps no line without play: who left the table is not stored
    assert unstored_change("@layer2 leaves the table", ["Player2 leaves the table"], _PS_HEADER)
    assert unstored_change("Player: leaves the table", ["Player8 leaves the table"], _PS_HEADER)
    # a line of play is held: a changed call is not waved through
    assert not unstored_change("Player2: calls 900", ["Player2: calls 800"], _PS_HEADER)
    # nor is a line without play in another room's game
    assert not unstored_change("@layer2 leaves the table", ["Player2 leaves the table"], "OFC hand O-2026-1")
    # a file's first hand keeps its byte order mark before the header: still a PokerStars hand
    assert unstored_change("Player4 leaves the table", [], "\ufeff" + _PS_HEADER)


def test_fuzz_oracle_masks_only_the_pokerstars_header_fields_no_table_holds():
    for changed in (_PS_HEADER.replace("#149652017195", "#149652017197"),
                    _PS_HEADER.replace("$0.91+$0.09", "$0.91*$0.09"),
                    _PS_HEADER.replace("Level XI", "Level XII")):
        assert unstored_change(changed, [_PS_HEADER], _PS_HEADER, is_first=True), changed
    # a stray character in the level is no header PokerStars writes: the reader refuses it, and it is no masked change
    assert not unstored_change(_PS_HEADER.replace("Level XI", "Level\"XI"), [_PS_HEADER], _PS_HEADER, is_first=True)
    # the time is held (games.played_at): a changed time with the same rows stays untrue
    assert not unstored_change(_PS_HEADER.replace("1:31:14", "1:31:15"), [_PS_HEADER], _PS_HEADER, is_first=True)


def test_fuzz_oracle_masks_a_cash_out_fee_but_not_the_cash_out():
    line = "Player3 cashed out the hand for $22.77 | Cash Out Fee $0.46"
    assert unstored_change(line.replace("$0.46", "$0.06"), [line], _PS_HEADER)
    assert not unstored_change(line.replace("$22.77", "$22.73"), [line], _PS_HEADER)


def test_fuzz_oracle_takes_another_rooms_changed_own_id_as_a_change_no_table_holds():
    assert unstored_change("Chinese poker hand C-2026-36", [], "Chinese poker hand C-2026-34", is_first=True)
    assert unstored_change("OFC hand`O-2026-1", [], "OFC hand O-2026-1", is_first=True)
    # any other word of the first line, or a line that is not the first, is held
    assert not unstored_change("Chinese poker hamd C-2026-34", [], "Chinese poker hand C-2026-34", is_first=True)
    assert not unstored_change("Chinese poker hand C-2026-36", [], "Chinese poker hand C-2026-34")
