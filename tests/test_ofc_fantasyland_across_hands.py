"""OFC-FANTASYLAND across hands (RULES.md section 5: queens or better in front on a valid hand, the
next hand is dealt at once): a player dealt Fantasyland earned it in the table's previous hand,
the hand before it in its log with the same players; a hand first in its log is not judged so."""

from __future__ import annotations

from pathlib import Path

import pyarrow.dataset as ds

from parsers.chinese import parse_ofc
from pipeline.ingest import ingest
from pipeline.tables import SCHEMAS
from pipeline.worker import parse_bytes
from rules.ofc import check_fantasyland_earned, replay_ofc
from rules.records import Source

# Casebook O.6: Anna in Fantasyland stays (a royal flush in back); Boris ends with Th 9c 3c in front,
# no pair: he does not enter.
HAND_1 = """OFC hand CB-O6
Variant: fantasyland
Scoring: 1-6
Players: Anna, Boris
Dealer: Boris
Anna fantasyland [As Ks Qs Js Ts 9h 8h 7h 6h 5h Qd Qc 2c 4s]: back [As Ks Qs Js Ts] middle [9h 8h 7h 6h 5h] front [Qd Qc 2c], discards [4s]
Boris sets: back [Ad Ac Kd] middle [Jd Jc]
Boris draws Kc: back
Boris draws 2d: back
Boris draws 4d: middle
Boris draws 4c: middle
Boris draws 3d: middle
Boris draws Th: front
Boris draws 9c: front
Boris draws 3c: front
Royalties: Anna 47, Boris 0
Points: Anna +53, Boris -53
"""

# Both in Fantasyland: Anna's by her stay, Boris's unearned.
HAND_2 = """OFC hand FL-2
Variant: fantasyland
Scoring: 1-6
Players: Anna, Boris
Dealer: Anna
Boris fantasyland [As Ks Qs Js Ts 8h 8d 8c 7s 7c Qd Qc 6h 5d]: back [As Ks Qs Js Ts] middle [8h 8d 8c 7s 7c] front [Qd Qc 6h], discards [5d]
Anna fantasyland [Ah Kh Qh Jh Th 9d 9c 9s 2h 2d 3c 3d 4h 5s]: back [Ah Kh Qh Jh Th] middle [9d 9c 9s 2h 2d] front [3c 3d 4h], discards [5s]
Royalties: Anna 32, Boris 39
Points: Anna -7, Boris +7
"""

BORIS_LINE = 24     # Boris's fantasyland line in HAND_1 + a blank line + HAND_2


def _hand(text: str, first_line: int = 1):
    lines = tuple(text.strip("\n").splitlines())
    return parse_ofc(lines, Source(file="night.txt", first_line=first_line,
                                   last_line=first_line + len(lines) - 1, game_id=str(first_line)))


def _findings(result) -> list[tuple]:
    table = result.tables.get(("findings", "ofc"))
    return [] if table is None else [(f["rule_id"], f["line"], f["actual"]) for f in table.to_pylist()]


def test_ofc_fantasyland_not_earned_in_the_previous_hand_is_a_finding_for_that_player_alone():
    previous, hand = _hand(HAND_1), _hand(HAND_2, first_line=19)
    found = check_fantasyland_earned(hand, previous, replay_ofc(previous))
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in found] == [
        ("OFC-FANTASYLAND", BORIS_LINE, "draws as the other players do", "Fantasyland")]
    assert found[0].message == ("Boris plays Fantasyland, but Boris's previous hand at this table (OFC hand CB-O6, "
                                "line 1) did not enter: no pair of queens or better in front on a hand that does "
                                "not foul")


def test_ofc_fantasyland_is_judged_only_after_a_fantasyland_hand_of_the_same_players():
    hand = _hand(HAND_2, first_line=19)
    other_table = _hand(HAND_1.replace("Anna", "Vera"))
    assert check_fantasyland_earned(hand, other_table, replay_ofc(other_table)) == ()
    # Boris entering (queens in front, no foul) earns it
    entered = _hand(HAND_1.replace("Boris draws Th: front", "Boris draws Qh: front")
                    .replace("Boris draws 9c: front", "Boris draws Qs: front"))
    assert check_fantasyland_earned(hand, entered, replay_ofc(entered)) == ()


def test_an_ingest_reports_the_unearned_fantasyland_at_its_line_and_none_for_a_first_hand():
    both = parse_bytes((HAND_1 + "\n" + HAND_2).encode(), "night.txt")
    assert both.count_games == 2 and _findings(both) == [("OFC-FANTASYLAND", BORIS_LINE, "Fantasyland")]
    alone = parse_bytes(HAND_2.encode(), "night.txt")        # the first hand of its file: nothing to judge by
    assert alone.count_games == 1 and _findings(alone) == []


def test_a_grown_file_read_from_its_last_game_on_judges_the_hand_appended(tmp_path: Path):
    # another table's hand first, so that the second read, from the last game on, starts at CB-O6
    other = HAND_1.replace("Anna", "Vera").replace("Boris", "Gleb").replace("CB-O6", "V-1")
    log, warehouse = tmp_path / "night.txt", tmp_path / "wh"
    began = []
    for text in (other + "\n" + HAND_1, other + "\n" + HAND_1 + "\n" + HAND_2):
        log.write_text(text, encoding="utf-8")
        ingest([log], warehouse, jobs=1, build_models=False, on_file=lambda result: began.append(result.read_from_line))
    assert began == [1, 19]        # the second read starts at CB-O6 (line 19), the game before FL-2
    rows = ds.dataset(warehouse / "findings", format="parquet", schema=SCHEMAS["findings"],
                      partitioning="hive").to_table(columns=["rule_id", "line"]).to_pylist()
    assert rows == [{"rule_id": "OFC-FANTASYLAND", "line": 18 + BORIS_LINE}]


def test_a_reaudit_from_the_kept_texts_judges_the_hand_against_the_one_before(tmp_path: Path, monkeypatch):
    from pipeline.reaudit import reaudit
    from pipeline.warehouse import Warehouse
    from tests.test_reaudit import judged_by_old_rules

    log, warehouse = tmp_path / "night.txt", tmp_path / "wh"
    log.write_text(HAND_1 + "\n" + HAND_2, encoding="utf-8")
    judged_by_old_rules(monkeypatch)            # stored with no finding, as older rules judged
    assert ingest([log], warehouse, jobs=1, build_models=False).findings == 0
    monkeypatch.undo()
    log.unlink()                                # judged again from the texts the warehouse keeps
    with Warehouse(warehouse).open() as store:
        assert reaudit(store).judged == 2
    rows = ds.dataset(warehouse / "findings", format="parquet", schema=SCHEMAS["findings"],
                      partitioning="hive").to_table(columns=["rule_id", "line"]).to_pylist()
    assert rows == [{"rule_id": "OFC-FANTASYLAND", "line": BORIS_LINE}]


def test_a_reaudit_of_the_fantasyland_hand_alone_judges_it_after_the_hand_before(tmp_path: Path):
    from pipeline.reaudit import reaudit
    from pipeline.warehouse import Warehouse

    log, warehouse = tmp_path / "night.txt", tmp_path / "wh"
    log.write_text(HAND_1 + "\n" + HAND_2, encoding="utf-8")
    ingest([log], warehouse, jobs=1, build_models=False)
    with Warehouse(warehouse).open() as store:
        games = store.read_table("games", ["game_id", "first_line"]).to_pylist()
        (fl2,) = [row["game_id"] for row in games if row["first_line"] == 19]
        assert reaudit(store, game=fl2).judged == 2     # FL-2 and CB-O6, the hand before it
        findings = store.read_table("findings", ["rule_id", "line"]).to_pylist()
        assert len(store.read_table("games", ["game_id"])) == 2
    assert findings == [{"rule_id": "OFC-FANTASYLAND", "line": BORIS_LINE}]


def test_a_file_the_ofc_lane_reads_judges_the_unearned_fantasyland_as_the_per_game_path_does():
    # Enough classic hands around the two for the batch lane to take the file; it stores the classic
    # ones and leaves the Fantasyland hands to the per-game path, which judges FL-2 after CB-O6.
    from pipeline.facts.chinese import LANE_MIN_HANDS
    from pipeline.generators.chinese import generate

    classic = generate("ofc", count=LANE_MIN_HANDS, seed=5, variant="classic").rstrip("\n") + "\n\n"
    text = classic + HAND_1 + "\n" + HAND_2 + "\n" + classic.replace("OFC hand O-", "OFC hand P-")
    boris_line = classic.count("\n") + BORIS_LINE
    lane = parse_bytes(text.encode(), "night.txt")
    per_game = parse_bytes(text.encode(), "night.txt", lane=False)
    assert lane.count_lane == 2 * LANE_MIN_HANDS and per_game.count_lane == 0
    assert lane.count_games == per_game.count_games == 2 * LANE_MIN_HANDS + 2
    assert _findings(lane) == _findings(per_game) == [("OFC-FANTASYLAND", boris_line, "Fantasyland")]


def test_the_hand_before_is_read_once_when_the_run_has_just_read_it(monkeypatch):
    # the Fantasyland hand is judged against the hand the loop read just before it, not a second reading
    import pipeline.worker as worker

    read = []
    audit_chunk = worker.audit_chunk
    monkeypatch.setattr(worker, "audit_chunk", lambda chunk, *args, **kwargs: read.append(chunk.game_id)
                        or audit_chunk(chunk, *args, **kwargs))
    result = parse_bytes((HAND_1 + "\n" + HAND_2).encode(), "night.txt", lane=False)
    assert result.count_games == 2 and len(read) == 2 == len(set(read))
    assert [row["rule_id"] for row in result.tables[("findings", "ofc")].to_pylist()] == ["OFC-FANTASYLAND"]
