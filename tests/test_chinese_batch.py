"""The Chinese poker batch lane against the explaining path: the same rows, hand-worked cases."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.chinese import grammar_statements, line_statements, read_batch
from parsers.formats import split_named
from pipeline.generators.chinese import generate
from pipeline.tables import SCHEMAS
from pipeline.worker import parse_bytes
from rules.chinese import replay_batch

HAND = """Chinese poker hand C-{n}
Date: 2026-11-28 20:00
Scoring: 2-4
Players: Anna, Boris, Vera
Dealer: Vera
Boris: back [Ah Jh 8h 5h 2h] middle [Tc Td 9s 9h 3d] front [3s 3h Ad]
Anna: back [Kh Kd Kc 4s 4d] middle [Qs Qh 9c 7d 2c] front [6s 6h 3c]
Vera: surrenders
Royalties: Anna 0, Boris 0
Points: {points}
"""


def _batch(text: str):
    chunks = split_named(text, "hands.txt")
    batch, taken, _ = read_batch(chunks, "hands.txt")
    return batch, taken, replay_batch(batch)


def test_cp_score_batch_two_four_with_a_surrender_hand_worked():
    # Anna v Boris: back full house > flush, middle QQ < TT99, front 66 > 33: 2-1, worth 1 + 1 bonus = 2.
    # Vera surrenders: 2 to each opponent under 2-4. Anna 2 + 2 = 4, Boris -2 + 2 = 0, Vera -4.
    batch, taken, facts = _batch(HAND.format(n=1, points="Anna +4, Boris 0, Vera -4"))
    assert taken.tolist() == [0] and facts.certified.tolist() == [True]
    assert batch.seat_player == ["Anna", "Boris", "Vera"]
    assert facts.points.tolist() == [4, 0, -4]
    pairs = {(batch.seat_player[a], batch.seat_player[b]): (p, w, lost) for a, b, p, w, lost in zip(
        facts.pair_a, facts.pair_b, facts.pair_points, facts.pair_won, facts.pair_lost)}
    assert pairs[("Anna", "Boris")] == (2, 2, 1)
    assert pairs[("Boris", "Anna")] == (-2, 1, 2)
    assert pairs[("Vera", "Anna")] == (-2, 0, 0)


def test_cp_score_batch_wrong_claim_is_left_to_the_explaining_path():
    _, _, facts = _batch(HAND.format(n=2, points="Anna +2, Boris 0, Vera -2"))
    assert facts.certified.tolist() == [False]


def test_batch_reader_takes_rows_in_any_case_the_grammar_admits():
    # The grammar's ROW takes any case, and so does the batch reader: back, Back, BACK and bAck.
    plain = HAND.format(n=5, points="Anna +4, Boris 0, Vera -4")
    upper = plain.replace("C-5", "C-6").replace("Boris: back", "Boris: BACK").replace("] middle", "] Middle")
    mixed = plain.replace("C-5", "C-7").replace("Boris: back", "Boris: bAck")
    _, taken, facts = _batch(plain + "\n" + upper + "\n" + mixed)
    assert taken.tolist() == [0, 1, 2] and facts.certified.tolist() == [True, True, True]
    result = parse_bytes((plain + "\n" + upper + "\n" + mixed).encode(), "hands.txt")
    assert (result.count_games, result.count_quarantined, result.count_findings) == (3, 0, 0)


def test_cp_deal_batch_card_twice_is_left_to_the_explaining_path():
    text = HAND.format(n=3, points="Anna +4, Boris 0, Vera -4").replace("front [3s 3h Ad]", "front [3s 3h Ah]")
    _, _, facts = _batch(text)
    assert facts.certified.tolist() == [False]


def test_cp_deal_batch_card_twice_in_one_row_is_ranked_as_written_and_left_to_the_explaining_path():
    # Boris's front Ad 3h Ad is a pair of aces as written (under Boris's middle two pair: no foul); the lane
    # used to refuse the row and stop the file. Anna v Boris: back full house > flush (Anna), middle
    # QQ < TT99 (Boris), front 66 < AA (Boris): 1-2, -2 for Anna under 2-4. Vera pays each 2.
    text = HAND.format(n=8, points="Anna 0, Boris +4, Vera -4")
    text = text.replace("front [3s 3h Ad]", "front [Ad 3h Ad]")
    _, _, facts = _batch(text)
    assert facts.certified.tolist() == [False]
    fast = parse_bytes(text.encode(), "hands.txt", lane=True)
    slow = parse_bytes(text.encode(), "hands.txt", lane=False)
    assert (fast.count_games, fast.count_findings) == (slow.count_games, slow.count_findings) == (1, 1)
    assert _rows(fast.tables) == _rows(slow.tables)
    stored = slow.tables["chinese_players", "chinese"].to_pylist()
    players = {row["player"]: (row["points"], row["is_foul"]) for row in stored}
    assert players == {"Anna": (0, False), "Boris": (4, False), "Vera": (-4, False)}


def test_batch_reader_leaves_a_rules_line_to_the_parser():
    text = HAND.format(n=4, points="Anna +4, Boris 0, Vera -4").replace("Dealer: Vera", "Dealer: Vera\nRules: default")
    batch, taken, _ = _batch(text)
    assert taken.tolist() == [] and len(batch.players) == 0


def _rows(tables):
    return {key: sorted(map(repr, table.to_pylist())) for key, table in tables.items()}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from(["random", 2, 4]),
       mistakes=st.sampled_from([0, 0.2]), foul_rate=st.sampled_from([0.05, 0.5]),
       surrender_rate=st.sampled_from([0.05, 0.3]))
def test_batch_lane_stores_what_the_explaining_path_stores(seed, players, mistakes, foul_rate, surrender_rate):
    text = generate("chinese", count=40, seed=seed, players=players, mistakes=mistakes, foul_rate=foul_rate,
                    surrender_rate=surrender_rate)
    data = text.encode()
    fast = parse_bytes(data, "hands.txt", lane=True)
    slow = parse_bytes(data, "hands.txt", lane=False)
    assert fast.count_lane > 0
    assert (fast.count_games, fast.count_findings) == (slow.count_games, slow.count_findings)
    assert _rows(fast.tables) == _rows(slow.tables)
    if mistakes == 0:
        assert fast.count_lane == fast.count_games == 40


def test_batch_lane_matches_on_a_mangled_file():
    # cards off the deck, a second line for a player, a missing line: each hand is refused or explained alike
    text = generate("chinese", count=30, seed=7, players=3)
    hands = text.split("\n\n")
    hands[1] = hands[1].replace("[", "[Zz ", 1)
    hands[2] = hands[2] + "\n" + [line for line in hands[2].splitlines() if "back [" in line][0]
    hands[3] = "\n".join(line for line in hands[3].splitlines() if "back [" not in line or "surrenders" in line)
    hands[4] = "\n".join("Scoring: 1-4" if line.startswith("Scoring:") else line for line in hands[4].splitlines())
    hands[5] = "\n".join("Date: 2026-13-45 10:00" if line.startswith("Date:") else line
                         for line in hands[5].splitlines())
    data = "\n\n".join(hands).encode()
    fast, slow = parse_bytes(data, "hands.txt", lane=True), parse_bytes(data, "hands.txt", lane=False)
    assert (fast.count_games, fast.count_quarantined, fast.count_findings) == (
        slow.count_games, slow.count_quarantined, slow.count_findings)
    assert _rows(fast.tables) == _rows(slow.tables)
    assert slow.count_quarantined >= 3 and np.int64(fast.count_lane) >= 23


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), kind=st.sampled_from([("chinese", {}), ("ofc", {"variant": "classic"}),
                                                          ("ofc", {"variant": "pineapple"}),
                                                          ("ofc", {"variant": "fantasyland"})]))
def test_line_statements_read_as_the_grammar_reads(seed, kind):
    game, options = kind
    chunks = split_named(generate(game, count=15, seed=seed, mistakes=0.2, **options), "hands.txt")
    read = 0
    for chunk in chunks:
        fast = line_statements(game, chunk.lines)
        if fast is not None:
            read += 1
            assert fast == grammar_statements(game, chunk.lines)
    if options.get("variant") != "fantasyland":     # a Fantasyland line is read by Lark
        assert read >= len(chunks) // 2


def test_line_statements_leave_a_broken_line_to_the_grammar():
    lines = tuple(HAND.format(n=5, points="Anna +4").splitlines())
    assert line_statements("chinese", lines) == grammar_statements("chinese", lines)
    broken = tuple(line.replace("[Kh Kd", "[Kh Kx") for line in lines)
    assert line_statements("chinese", broken) is None
    moved = lines[1:2] + lines[:1] + lines[2:]      # the header not first
    assert line_statements("chinese", moved) is None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["classic", "pineapple", "fantasyland"]),
       mistakes=st.sampled_from([0, 0.3]), royalties=st.sampled_from(["classic", "modern"]))
def test_ofc_batch_lane_stores_what_the_explaining_path_stores(seed, variant, mistakes, royalties):
    text = generate("ofc", count=30, seed=seed, variant=variant, mistakes=mistakes, royalties=royalties)
    data = text.encode()
    fast = parse_bytes(data, "hands.txt", lane=True)
    slow = parse_bytes(data, "hands.txt", lane=False)
    assert (fast.count_games, fast.count_findings) == (slow.count_games, slow.count_findings)
    assert _rows(fast.tables) == _rows(slow.tables)
    if variant != "fantasyland" and royalties == "classic":
        assert fast.count_lane > 0


def test_ofc_place_batch_out_of_turn_is_left_to_the_explaining_path():
    from parsers.chinese import parse_ofc
    from rules.ofc import placement_columns, step_columns
    from rules.records import Source

    def placed(lines):
        hand = parse_ofc(lines, source)
        return placement_columns(hand.variant, hand.players, hand.dealer, [step_columns(step) for step in hand.steps])

    chunk = split_named(generate("ofc", count=1, seed=2, variant="classic", players=2), "hands.txt")[0]
    source = Source(file="hands.txt", first_line=1, last_line=len(chunk.lines), game_id="x")
    order, final = placed(chunk.lines)
    # classic OFC: each of the two players sets 5 cards, then draws and places 8 one by one, 13 in all
    assert len(order) == 2 * (5 + 8) and sorted(len(codes) for codes in final.values()) == [13, 13]
    draws = [i for i, line in enumerate(chunk.lines) if " draws " in line]
    swapped = list(chunk.lines)
    swapped[draws[0]], swapped[draws[1]] = swapped[draws[1]], swapped[draws[0]]
    assert placed(tuple(swapped)) is None


OFC_HAND = """OFC hand O-1
Variant: classic
Players: Anna, Boris
Dealer: Boris
{rules}Anna sets: back [As Ad Ac] middle [Ks] front [Qs]
Boris sets: back [Th Jh] middle [7c 7d] front [6c]
Anna draws 2s: back
Boris draws 8h: back
Anna draws 2d: back
Boris draws 9h: back
Anna draws Kd: middle
Boris draws 5h: back
Anna draws Kc: middle
Boris draws 7h: middle
Anna draws 3s: middle
Boris draws 4c: middle
Anna draws 4s: middle
Boris draws 3c: middle
Anna draws Qd: front
Boris draws 6d: front
Anna draws 5s: front
Boris draws {last}: front
"""


def test_ofc_place_column_reader_takes_a_hand_in_turn_into_codes():
    from parsers.chinese import read_ofc_batch
    from rules.cards import parse_cards

    chunks = split_named(OFC_HAND.format(rules="", last="2c"), "hands.txt")
    batch, taken = read_ofc_batch(chunks, "hands.txt")
    assert taken.tolist() == [0] and batch.variants == ["classic"]
    anna = [c.code for c in parse_cards("As Ad Ac 2s 2d Ks Kd Kc 3s 4s Qs Qd 5s")]
    boris = [c.code for c in parse_cards("Th Jh 8h 9h 5h 7c 7d 7h 4c 3c 6c 6d 2c")]
    assert batch.rows.codes.tolist() == [anna, boris] and batch.rows.seat_player == ["Anna", "Boris"]
    assert batch.rows.seat_line.tolist() == [21, 22]     # each player's last step
    assert len(batch.place_code) == 26
    first_anna = [t for p, t in zip(batch.place_player, batch.place_turn.tolist()) if p == "Anna"]
    assert first_anna == [0] * 5 + list(range(1, 9))
    assert batch.place_row[:5].tolist() == [0, 0, 0, 1, 2] and batch.place_line[:6].tolist() == [5] * 5 + [6]


def test_ofc_rows_column_reader_leaves_a_card_twice_or_a_rules_line_to_the_explaining_path():
    from parsers.chinese import read_ofc_batch

    twice = split_named(OFC_HAND.format(rules="", last="Qs"), "hands.txt")    # Qs already in Anna's front
    assert read_ofc_batch(twice, "hands.txt")[1].tolist() == []
    ruled = split_named(OFC_HAND.format(rules="Rules: modern\n", last="2c"), "hands.txt")
    assert read_ofc_batch(ruled, "hands.txt")[1].tolist() == []


def test_both_lanes_store_each_chinese_column_through_one_builder(monkeypatch):
    # chinese_rows, chinese_scores and chinese_players: each column derived in one builder, which the
    # batch lane calls once per file and the explaining path once per hand. Twenty copies of HAND
    # (the lane takes files of 20 hands and more), as worked out above: Anna +4, Boris 0, Vera -4;
    # Anna beats Boris 2-1 (no scoop), a chance to scoop; against or by Vera's surrender none.
    import pipeline.facts.chinese as facts

    builders = {"chinese_rows": "_row_columns", "chinese_scores": "_score_columns",
                "chinese_players": "_player_columns"}
    called = []

    def counted(table: str, build):
        def columns(**given) -> dict:
            built = build(**given)
            assert list(built) == SCHEMAS[table].names     # every column of the table, none left to nulls
            called.append(table)
            return built
        return columns

    for table, name in builders.items():
        monkeypatch.setattr(facts, name, counted(table, getattr(facts, name)))
    text = "\n".join(HAND.format(n=n, points="Anna +4, Boris 0, Vera -4") for n in range(20)).encode()
    stored = {}
    for lane, calls in ((True, 1), (False, 20)):
        called.clear()
        result = parse_bytes(text, "hands.txt", lane=lane)
        assert (result.count_lane, result.count_games) == (20 if lane else 0, 20)
        assert sorted(called) == sorted(list(builders) * calls)
        for table in builders:
            assert result.tables[table, "chinese"].num_rows
        stored[lane] = _rows(result.tables)
        players = {(row["player"], row["status"], row["points"], row["count_opponents"])
                   for row in result.tables["chinese_players", "chinese"].to_pylist()}
        assert players == {("Anna", "set", 4, 2), ("Boris", "set", 0, 2), ("Vera", "surrender", -4, 2)}
        scores = {(row["player"], row["opponent"], row["points"], row["is_scoop"], row["is_scoop_chance"])
                  for row in result.tables["chinese_scores", "chinese"].to_pylist()}
        assert scores == {("Anna", "Boris", 2, False, True), ("Boris", "Anna", -2, False, True),
                          ("Anna", "Vera", 2, False, False), ("Vera", "Anna", -2, False, False),
                          ("Boris", "Vera", 2, False, False), ("Vera", "Boris", -2, False, False)}
    assert stored[True] == stored[False]


def test_the_batch_reads_the_outcome_table_by_its_fields_names(monkeypatch):
    # The same hand as the first test above (Anna +4, Boris 0, Vera -4; Anna beats Boris 2-1 with a
    # chance to scoop, none against Vera's surrender), settled with PairOutcome's fields in another
    # order: the batch finds each column by its name, not its place
    from typing import NamedTuple

    import rules.chinese

    class Reordered(NamedTuple):
        can_scoop: bool
        royalties_paid: bool
        lost: int
        won: int
        points: int

    settle, fields = rules.chinese.pair_outcome, rules.chinese.PairOutcome._fields
    monkeypatch.setattr(rules.chinese, "PairOutcome", Reordered)
    # pair_outcome's values, in its own order, each put under its name
    monkeypatch.setattr(rules.chinese, "pair_outcome", lambda *given: Reordered(**dict(zip(fields, settle(*given)))))
    batch, _, facts = _batch(HAND.format(n=1, points="Anna +4, Boris 0, Vera -4"))
    assert facts.certified.tolist() == [True] and facts.points.tolist() == [4, 0, -4]
    pairs = {(batch.seat_player[a], batch.seat_player[b]): (p, w, lost, chance) for a, b, p, w, lost, chance in zip(
        facts.pair_a, facts.pair_b, facts.pair_points, facts.pair_won, facts.pair_lost, facts.pair_can_scoop)}
    assert pairs[("Anna", "Boris")] == (2, 2, 1, True)
    assert pairs[("Vera", "Anna")] == (-2, 0, 0, False)
