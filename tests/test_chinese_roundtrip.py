"""Round trip: generated hands parse, replay without findings, and their claims equal the replay."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.games import handler_for
from pipeline.generators.chinese import generate

VARIANTS = [("chinese", {}), ("ofc", {"variant": "classic"}), ("ofc", {"variant": "pineapple"}),
            ("ofc", {"variant": "fantasyland"}), ("ofc", {"variant": "fantasyland", "royalties": "modern"})]


def replays(text: str):
    for chunk in split_games(normalize_lines(text), HEADERS):
        record = parse_chunk(chunk, "generated.txt")
        yield record, handler_for(record).replay(record)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), which=st.sampled_from(range(len(VARIANTS))), players=st.integers(2, 4),
       scoring=st.sampled_from(["1-6", "2-4"]))
def test_generated_hands_replay_clean_and_points_equal_claims(seed, which, players, scoring):
    game, options = VARIANTS[which]
    if options.get("variant", "classic") != "classic":
        players = min(players, 3)  # 17 cards a player
    text = generate(game, count=2, seed=seed, players=str(players), scoring=scoring, **options)
    for record, replay in replays(text):
        assert replay.findings == (), text
        claimed = {claim.player: claim.amount for claim in record.points.items}
        assert claimed == {p.player: p.net for p in replay.players}
        assert sum(p.net for p in replay.players) == 0
        royalties = {claim.player: claim.amount for claim in (record.royalties.items if record.royalties else ())}
        assert royalties == {h.player: h.royalty for h in replay.hands if h.player in royalties}


def test_generated_wrong_claims_are_found():
    for game in ("chinese", "ofc"):
        for record, replay in replays(generate(game, count=8, seed=5, mistakes="1")):
            assert {f.rule_id for f in replay.findings} & {"CP-SCORE", "CP-ROYALTY", "OFC-ROYALTY"}


def test_generated_fouls_occur_at_a_realistic_rate():
    fouls = hands = 0
    for _, replay in replays(generate("ofc", count=40, seed=11, variant="classic", players=2)):
        fouls += sum(h.is_foul for h in replay.hands)
        hands += len(replay.hands)
    assert 0.05 <= fouls / hands <= 0.5
