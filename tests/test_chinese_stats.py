"""player_stats_chinese against hands worked out by hand (ingested into a temporary warehouse)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from test_ofc_rules import A_HAND, B_HAND, FORMATS_EXAMPLE, classic_log

from pipeline.ingest import ingest
from pipeline.models import run_audits
from pipeline.warehouse import Warehouse, connect

CHINESE = """Chinese poker hand H1
Scoring: 2-4
Players: Anna, Boris, Vera
Dealer: Vera
Anna: back [Kh Kd Kc 4s 4d] middle [Qs Qh 9c 7d 2c] front [6s 6h 3c]
Boris: back [Ah Jh 8h 5h 2h] middle [Tc Td 9s 9h 3d] front [5s 5c Ad]
Vera: surrenders

Chinese poker hand H2
Scoring: 1-6
Players: Anna, Boris, Vera
Anna: back [7s 7d 7c 7h 2s] middle [Ks Kd Kh 4c 4d] front [5c 5d 5h]
Boris: back [Ac Kc Jc 9c 3c] middle [Td 9d 8s 6h 2d] front [4s 3d 2h]
Vera: surrenders

Chinese poker hand H3
Scoring: 1-6
Players: Anna, Boris
Anna: natural dragon [2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac]
Boris: back [Ah Ad Kd Qd 3h] middle [Qc Qs 4c 4d 6s] front [6d 3s 2h]

Chinese poker hand H4
Scoring: 1-6
Players: Anna, Boris
Anna: back [Ac Qc Jc 9c 3c] middle [Ts Td Th 6h 2d] front [5c 5d 5s]
Boris: back [Ks Kd Kh 4c 4d] middle [7s 7d 7c 7h 2s] front [Qh Jd 3s]
"""
# By hand (RULES.md section 4):
# H1 (2-4): Anna beats Boris 2-1 (+2), Vera's surrender pays 2 to each: Anna +4, Boris 0, Vera -4.
# H2 (1-6): Anna has quads back, full house middle, trips front = 3 royalty units; she scoops Boris:
#     6 + 3 = +9; Vera pays 3 to each: Anna +12, Boris -6, Vera -6.
# H3 (1-6): Anna's dragon wins a scoop: +6 / -6 (Boris's hand fouls too: AA back under QQ44 middle).
# H4 (1-6): Boris's quads middle over a full house back fouls: Anna +6 + her trips royalty 1 = +7.


@pytest.fixture(scope="module")
def stats(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stats")
    (folder / "chinese.txt").write_text(CHINESE, encoding="utf-8")
    stay = ("Anna fantasyland [Ah Ad Ac 4s 4d 7c 8c 9c Tc Jc 2h 3d 5s Kh]: "
            "back [7c 8c 9c Tc Jc] middle [Ah Ad Ac 4s 4d] front [2h 3d 5s], discards [Kh]")
    fantasy_1 = classic_log({"Anna": A_HAND, "Boris": B_HAND}, variant="fantasyland").replace("T-1", "F-1")
    lines = [line for line in fantasy_1.replace("F-1", "F-2").splitlines() if not line.startswith("Anna ")]
    fantasy_2 = "\n".join(lines[:5] + [stay] + lines[5:])
    (folder / "ofc.txt").write_text(f"{FORMATS_EXAMPLE}\n\n{fantasy_1}\n\n{fantasy_2}\n", encoding="utf-8")
    warehouse = Warehouse(folder / "warehouse")
    summary = ingest([folder / "chinese.txt", folder / "ofc.txt"], warehouse.root, jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (7, 0, 0)
    warehouse.open()
    assert all(count == 0 for name, count in run_audits(warehouse).items() if name.startswith("chinese"))
    with connect(warehouse.root) as con:
        frame = con.sql("select * from player_stats_chinese").pl()
    return {(row["player"], row["game"], row["variant"], row["scoring"]): row for row in frame.iter_rows(named=True)}


def ofc(stats, player: str, variant: str) -> dict:
    """The one row of an OFC player and variant (every OFC hand here is scored alike)."""
    (row,) = [row for (p, game, v, _), row in stats.items() if (p, game, v) == (player, "ofc", variant)]
    return row


def test_stats_chinese_scoring_systems_are_never_averaged_together(stats):
    # H1 is scored 2-4, H2-H4 1-6: one row for each, never a points-per-hand over both scales.
    assert {key for key in stats if key[:3] == ("Anna", "chinese", "classic")} == {
        ("Anna", "chinese", "classic", "2-4"), ("Anna", "chinese", "classic", "1-6")}


def test_stats_chinese_anna(stats):
    anna = stats[("Anna", "chinese", "classic", "1-6")]
    assert anna["count_hands"] == 3                                # H2, H3, H4
    assert anna["total_points"] == Decimal(12 + 6 + 7)
    assert anna["points_per_hand"] == Decimal("8.3333")            # 25 / 3
    assert (anna["royalties_total"], anna["royalties_back"], anna["royalties_middle"], anna["royalties_front"]) == (
        4, 1, 1, 2)                                                # H2 quads, full house, trips; H4 trips
    assert anna["royalties_per_hand"] == Decimal("1.3333")
    assert anna["foul_rate"] == 0
    assert anna["scoop_won_rate"] == pytest.approx(3 / 4)  # H2 v Boris, H3 natural, H4 foul; 4 pairings
    assert anna["scoop_suffered_rate"] == 0
    assert anna["count_naturals"] == 1 and anna["surrender_rate"] == 0
    h1 = stats[("Anna", "chinese", "classic", "2-4")]
    assert (h1["count_hands"], h1["total_points"], h1["points_per_hand"]) == (1, Decimal(4), Decimal(4))
    assert (h1["count_pairings"], h1["scoop_won_rate"], h1["royalties_total"]) == (2, 0, 0)


def test_stats_chinese_boris_fouls_and_suffers_scoops(stats):
    boris = stats[("Boris", "chinese", "classic", "1-6")]
    assert boris["count_hands"] == 3 and boris["total_points"] == Decimal(-6 - 6 - 7)
    assert boris["foul_rate"] == pytest.approx(2 / 3)  # H3 and H4
    assert boris["scoop_suffered_rate"] == pytest.approx(3 / 4)  # H2 (Anna, Vera), H3, H4: 4 pairings
    assert boris["scoop_won_rate"] == 0
    assert boris["royalties_total"] == 0  # his fouled quads earn nothing
    h1 = stats[("Boris", "chinese", "classic", "2-4")]
    assert (h1["count_hands"], h1["total_points"], h1["foul_rate"]) == (1, 0, 0)


def test_stats_chinese_vera_surrenders(stats):
    vera_24, vera_16 = stats[("Vera", "chinese", "classic", "2-4")], stats[("Vera", "chinese", "classic", "1-6")]
    assert (vera_24["count_hands"], vera_24["total_points"], vera_24["points_per_hand"]) == (1, -4, -4)  # H1
    assert (vera_16["count_hands"], vera_16["total_points"], vera_16["points_per_hand"]) == (1, -6, -6)  # H2
    assert vera_24["surrender_rate"] == 1 and vera_16["surrender_rate"] == 1
    assert vera_16["scoop_won_rate"] == 0 and vera_16["scoop_suffered_rate"] == 0


def test_stats_ofc_classic(stats):
    anna, boris = ofc(stats, "Anna", "classic"), ofc(stats, "Boris", "classic")
    assert (anna["total_points"], boris["total_points"]) == (2, -2)
    assert (anna["royalties_back"], anna["royalties_middle"], anna["royalties_front"]) == (6, 8, 0)
    assert (boris["royalties_back"], boris["royalties_middle"], boris["royalties_front"]) == (6, 0, 7)
    assert boris["fantasyland_entries"] == 0  # queens in front, but the classic variant has no Fantasyland


def test_stats_ofc_fantasyland_entries_and_stays(stats):
    # F-1: as the FORMATS.md hand, Boris enters with queens in front. F-2: Anna plays Fantasyland
    # (straight flush back 10, aces full middle 12) and stays; Boris's queens enter again.
    # F-2 points: Anna wins back and middle (+1) and 22 - 13 royalties: +10.
    anna, boris = ofc(stats, "Anna", "fantasyland"), ofc(stats, "Boris", "fantasyland")
    assert (anna["fantasyland_entries"], anna["fantasyland_stays"]) == (0, 1)
    assert (boris["fantasyland_entries"], boris["fantasyland_stays"]) == (2, 0)
    assert anna["total_points"] == 2 + 10 and anna["royalties_total"] == 14 + 22
    assert anna["royalties_per_hand"] == Decimal(18)
