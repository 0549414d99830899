"""Round trip: generated hands → ingest (parse, replay, facts, Parquet, SQL) → the same nets.

The generator knows each player's true net; the replay recomputes it from the text. Any
finding, quarantined hand or net that differs is a fault of the generator, the parser or
the replay, and these tests name the hand.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline import models
from pipeline.generators.holdem import generate_hands
from pipeline.warehouse import Warehouse, connect

# The generator's stress mix: ~14 % of hands with an all-in (its default is a realistic ~8 %),
# so that side pots, all-ins for less and the all-in EV are in every run.
STRESS = {"allin": 0.01, "short_stacks": 0.1}


def round_trip(folder: Path, game: str, seed: int, count: int, **options) -> tuple[dict, dict, list]:
    from pipeline.ingest import ingest

    folder.mkdir(parents=True, exist_ok=True)
    truth: dict[tuple[str, str], Decimal] = {}
    texts = []
    for text, nets in generate_hands(game, count=count, seed=seed, **options):
        hand_id = text.split("#", 1)[1].split(":", 1)[0]
        truth.update({(hand_id, player): net for player, net in nets.items()})
        texts.append(text)
    (folder / f"{game}-{seed}.txt").write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")
    summary = ingest([folder], folder / "warehouse", jobs=1)
    with connect(folder / "warehouse") as con:
        stored = {(h, p): net for h, p, net in con.execute(
            "select hand_id, player, net from stg_holdem_results").fetchall()}
        findings = con.execute(
            "select rule_id, line, message from stg_findings order by line").fetchall()
    return truth, stored, findings, summary


@pytest.mark.parametrize("game", ["holdem", "holdem36"])
@pytest.mark.parametrize("betting", ["no_limit", "pot_limit", "limit"])
def test_generated_hands_replay_clean_with_the_generators_nets(tmp_path, game, betting):
    truth, stored, findings, summary = round_trip(tmp_path, game, seed=1, count=60, betting=betting,
                                                  straddle=0.1, **STRESS)
    assert (summary.games, summary.quarantined) == (60, 0), summary.as_dict()
    assert findings == []
    assert stored == truth
    assert all(count == 0 for count in models.run_audits(Warehouse(tmp_path / "warehouse").open()).values())


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), game=st.sampled_from(["holdem", "holdem36"]),
       players=st.sampled_from(["2", "3-6", "7-9"]))
def test_any_seed_replays_clean(tmp_path_factory, seed, game, players):
    folder = tmp_path_factory.mktemp("roundtrip")
    truth, stored, findings, summary = round_trip(folder, game, seed=seed, count=25, players=players,
                                                  straddle=0.1, **STRESS)
    assert summary.quarantined == 0, summary.as_dict()
    assert findings == []
    assert stored == truth
