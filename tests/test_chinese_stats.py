"""player_stats_chinese and its sums by day against hands worked out by hand, every column (ingested into a
temporary warehouse)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from test_ofc_rules import A_HAND, B_HAND, FORMATS_EXAMPLE, classic_log

from pipeline.ingest import ingest
from pipeline.models import run_audits
from pipeline.warehouse import Warehouse, connect
from tests.worked_marts import assert_worked

CHINESE = """Chinese poker hand H1
Date: 2026-11-28 22:10
Club: Tverskaya
Scoring: 2-4
Players: Anna, Boris, Vera
Dealer: Vera
Anna: back [Kh Kd Kc 4s 4d] middle [Qs Qh 9c 7d 2c] front [6s 6h 3c]
Boris: back [Ah Jh 8h 5h 2h] middle [Tc Td 9s 9h 3d] front [5s 5c Ad]
Vera: surrenders

Chinese poker hand H2
Date: 2026-11-28 22:20
Club: Tverskaya
Scoring: 1-6
Players: Anna, Boris, Vera
Anna: back [7s 7d 7c 7h 2s] middle [Ks Kd Kh 4c 4d] front [5c 5d 5h]
Boris: back [Ac Kc Jc 9c 3c] middle [Td 9d 8s 6h 2d] front [4s 3d 2h]
Vera: surrenders

Chinese poker hand H3
Date: 2026-11-29 00:30
Club: Tverskaya
Scoring: 1-6
Players: Anna, Boris
Anna: natural dragon [2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac]
Boris: back [Ah Ad Kd Qd 3h] middle [Qc Qs 4c 4d 6s] front [6d 3s 2h]

Chinese poker hand H4
Date: 2026-11-29 00:40
Club: Tverskaya
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
# Royalties under the Chinese table (docs/rules.md), one unit a row: H2 Anna quads back, full house
# middle, trips front; H4 trips front; H1 none (a full house in back earns none). A surrender is no
# scoop; a pairing is one hand against one opponent (a surrendered one too), a chance to scoop when
# either could scoop the other (never against or by a surrender, whose rows are not compared). The
# royalties earned are the royalty part of the points, per opponent. H1, H2 on 28 November,
# H3, H4 after midnight, all at Tverskaya.
#
# OFC (classic royalties, 1-6), Boris's final hand as tests/test_ofc_rules.py's B_HAND in every hand:
# KKK66 back (6), two pair middle (0), queens front (7): 13. The classic hand is FORMATS.md's (28
# November 23:05, Tverskaya), Anna's hand its A_HAND: AAA44 back (full house 6), a club flush middle
# (8), 5-high front (0): 14; Anna wins back and middle, Boris front: +1, plus the royalty difference
# 14 - 13: Anna +2, Boris -2. The Fantasyland hands have no date or club. F-1: Anna's A_HAND with
# queens in front (QQ5: 7), 21, so both enter Fantasyland; Boris's QQ7 still wins the front: +1 and
# 21 - 13, Anna +9, Boris -9. F-2: Anna plays the Fantasyland she earned, Boris draws as before (his
# Fantasyland not taken, which is no fault): 7-J of clubs back (straight flush 10), aces full middle
# (12), 5-high front: 22, and stays (the straight flush);
# she wins back and middle (+1) and 22 - 13: +10; Boris's queens enter again. F-3: Anna plays
# Fantasyland again, a heart flush back (4), tens and nines middle, 5-high front: 4, and leaves (no
# trips in front, no full house in the middle, no quads in back); Boris's kings full, jacks and fives
# and queens win every row: a scoop, 3 + 3, plus 13 - 4: Boris +15, Anna -15; his queens enter again.


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stats")
    (folder / "chinese.txt").write_text(CHINESE, encoding="utf-8")
    stay = ("Anna fantasyland [Ah Ad Ac 4s 4d 7c 8c 9c Tc Jc 2h 3d 5s Kh]: "
            "back [7c 8c 9c Tc Jc] middle [Ah Ad Ac 4s 4d] front [2h 3d 5s], discards [Kh]")
    queens = A_HAND.replace("front [2h 3d 5s]", "front [Qd Qc 5s]")      # enters Fantasyland
    fantasy_1 = classic_log({"Anna": queens, "Boris": B_HAND}, variant="fantasyland").replace("T-1", "F-1")
    lines = [line for line in fantasy_1.replace("F-1", "F-2").splitlines() if not line.startswith("Anna ")]
    fantasy_2 = "\n".join(lines[:5] + [stay] + lines[5:])
    leave = ("Anna fantasyland [Ah Kh Th 7h 3h Ts Td 9s 9d 4c 2d 3s 5c Ac]: "
             "back [Ah Kh Th 7h 3h] middle [Ts Td 9s 9d 4c] front [2d 3s 5c], discards [Ac]")
    fantasy_3 = "\n".join(lines[:5] + [leave] + lines[5:]).replace("F-2", "F-3")
    (folder / "ofc.txt").write_text(f"{FORMATS_EXAMPLE}\n\n{fantasy_1}\n\n{fantasy_2}\n\n{fantasy_3}\n",
                                    encoding="utf-8")
    warehouse = Warehouse(folder / "warehouse")
    summary = ingest([folder / "chinese.txt", folder / "ofc.txt"], warehouse.root, jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (8, 0, 0)
    warehouse.open()
    assert all(count == 0 for name, count in run_audits(warehouse).items() if name.startswith("chinese"))
    with connect(warehouse.root) as connection:
        yield connection


def test_player_stats_chinese_per_scale(con):
    # H1 is scored 2-4, H2-H4 1-6: a row for each, never a points-per-hand over both scales. Rates
    # per hand (fouls, surrenders), scoops per pairing; a club's hands have no room (site null).
    assert_worked(con, "player_stats_chinese", [
        # Anna 1-6: H2 +12, H3 +6, H4 +7 = 25 in 3 hands (8.3333); royalties 3 + 1 = 4 (back 1, middle 1,
        # front 2), 1.3333 a hand; scoops won: H2 v Boris, H3, H4 of 4 pairings (H2 two, H3, H4 one), of
        # which 3 are chances to scoop (H2 v Vera's surrender is none): 1.0. Royalties earned: H2 3 from
        # Boris (none from Vera, who surrendered), H3 none (a natural), H4 1 from Boris (fouled, 0): 4.
        {"player": "Anna", "site": None, "person": "Anna", "game": "chinese", "variant": "classic",
         "scoring": "1-6", "count_hands": 3, "points_per_hand": Decimal("8.3333"), "total_points": 25,
         "royalties_total": 4, "royalties_per_hand": Decimal("1.3333"), "royalties_back": 1,
         "royalties_middle": 1, "royalties_front": 2, "foul_rate": 0.0, "scoop_won_rate": 1.0,
         "scoop_suffered_rate": 0.0, "surrender_rate": 0.0, "count_naturals": 1, "fantasyland_entries": 0,
         "fantasyland_stays": 0, "count_fouls": 0, "count_surrenders": 0, "count_pairings": 4,
         "count_scoops_won": 3, "count_scoops_suffered": 0, "count_fantasyland_hands": 0,
         "royalties_earned": 4, "royalties_earned_per_hand": Decimal("1.3333"), "count_scoop_chances": 3},
        # Anna 2-4: H1 +4, no royalty, beat Boris 2-1 (no scoop), two pairings, one a chance (v Boris).
        {"player": "Anna", "site": None, "person": "Anna", "game": "chinese", "variant": "classic",
         "scoring": "2-4", "count_hands": 1, "points_per_hand": Decimal("4.0000"), "total_points": 4,
         "royalties_total": 0, "royalties_per_hand": Decimal("0.0000"), "royalties_back": 0,
         "royalties_middle": 0, "royalties_front": 0, "foul_rate": 0.0, "scoop_won_rate": 0.0,
         "scoop_suffered_rate": 0.0, "surrender_rate": 0.0, "count_naturals": 0, "fantasyland_entries": 0,
         "fantasyland_stays": 0, "count_fouls": 0, "count_surrenders": 0, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "count_fantasyland_hands": 0,
         "royalties_earned": 0, "royalties_earned_per_hand": Decimal("0.0000"), "count_scoop_chances": 1},
        # Boris 1-6: H2 -6, H3 -6, H4 -7 = -19 (-6.3333); fouls in H3 and H4 (2 of 3), so his quads earn
        # nothing; scooped in H2 by Anna, in H3 and H4: 3 of 4 pairings, 3 of 3 chances (not v Vera);
        # pays Anna's royalties, 3 in H2 and 1 in H4: -4 earned, his own royalty 0.
        {"player": "Boris", "site": None, "person": "Boris", "game": "chinese", "variant": "classic",
         "scoring": "1-6", "count_hands": 3, "points_per_hand": Decimal("-6.3333"), "total_points": -19,
         "royalties_total": 0, "royalties_per_hand": Decimal("0.0000"), "royalties_back": 0,
         "royalties_middle": 0, "royalties_front": 0, "foul_rate": 0.6666666667, "scoop_won_rate": 0.0,
         "scoop_suffered_rate": 1.0, "surrender_rate": 0.0, "count_naturals": 0, "fantasyland_entries": 0,
         "fantasyland_stays": 0, "count_fouls": 2, "count_surrenders": 0, "count_pairings": 4,
         "count_scoops_won": 0, "count_scoops_suffered": 3, "count_fantasyland_hands": 0,
         "royalties_earned": -4, "royalties_earned_per_hand": Decimal("-1.3333"), "count_scoop_chances": 3},
        # Boris 2-4: H1 +2 from Vera's surrender, -2 to Anna: 0.
        {"player": "Boris", "site": None, "person": "Boris", "game": "chinese", "variant": "classic",
         "scoring": "2-4", "count_hands": 1, "points_per_hand": Decimal("0.0000"), "total_points": 0,
         "royalties_total": 0, "royalties_per_hand": Decimal("0.0000"), "royalties_back": 0,
         "royalties_middle": 0, "royalties_front": 0, "foul_rate": 0.0, "scoop_won_rate": 0.0,
         "scoop_suffered_rate": 0.0, "surrender_rate": 0.0, "count_naturals": 0, "fantasyland_entries": 0,
         "fantasyland_stays": 0, "count_fouls": 0, "count_surrenders": 0, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "count_fantasyland_hands": 0,
         "royalties_earned": 0, "royalties_earned_per_hand": Decimal("0.0000"), "count_scoop_chances": 1},
        # Vera surrenders in H2 (3 to each: -6) and H1 (2 to each: -4): every hand a surrender, so no
        # chance to scoop or be scooped (no rate), and no royalty paid either way.
        {"player": "Vera", "site": None, "person": "Vera", "game": "chinese", "variant": "classic",
         "scoring": "1-6", "count_hands": 1, "points_per_hand": Decimal("-6.0000"), "total_points": -6,
         "royalties_total": 0, "royalties_per_hand": Decimal("0.0000"), "royalties_back": 0,
         "royalties_middle": 0, "royalties_front": 0, "foul_rate": 0.0, "scoop_won_rate": None,
         "scoop_suffered_rate": None, "surrender_rate": 1.0, "count_naturals": 0, "fantasyland_entries": 0,
         "fantasyland_stays": 0, "count_fouls": 0, "count_surrenders": 1, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "count_fantasyland_hands": 0,
         "royalties_earned": 0, "royalties_earned_per_hand": Decimal("0.0000"), "count_scoop_chances": 0},
        {"player": "Vera", "site": None, "person": "Vera", "game": "chinese", "variant": "classic",
         "scoring": "2-4", "count_hands": 1, "points_per_hand": Decimal("-4.0000"), "total_points": -4,
         "royalties_total": 0, "royalties_per_hand": Decimal("0.0000"), "royalties_back": 0,
         "royalties_middle": 0, "royalties_front": 0, "foul_rate": 0.0, "scoop_won_rate": None,
         "scoop_suffered_rate": None, "surrender_rate": 1.0, "count_naturals": 0, "fantasyland_entries": 0,
         "fantasyland_stays": 0, "count_fouls": 0, "count_surrenders": 1, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "count_fantasyland_hands": 0,
         "royalties_earned": 0, "royalties_earned_per_hand": Decimal("0.0000"), "count_scoop_chances": 0},
    ], where="game = 'chinese'")


def test_player_stats_ofc_per_variant(con):
    # The classic variant has no Fantasyland: Boris's queens enter nothing there.
    assert_worked(con, "player_stats_chinese", [
        {"player": "Anna", "site": None, "person": "Anna", "game": "ofc", "variant": "classic",
         "scoring": "1-6", "count_hands": 1, "points_per_hand": Decimal("2.0000"), "total_points": 2,
         "royalties_total": 14, "royalties_per_hand": Decimal("14.0000"), "royalties_back": 6,
         "royalties_middle": 8, "royalties_front": 0, "foul_rate": 0.0, "scoop_won_rate": 0.0,
         "scoop_suffered_rate": 0.0, "surrender_rate": 0.0, "count_naturals": 0, "fantasyland_entries": 0,
         "fantasyland_stays": 0, "count_fouls": 0, "count_surrenders": 0, "count_pairings": 1,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "count_fantasyland_hands": 0,
         "royalties_earned": 1, "royalties_earned_per_hand": Decimal("1.0000"), "count_scoop_chances": 1},
        {"player": "Boris", "site": None, "person": "Boris", "game": "ofc", "variant": "classic",
         "scoring": "1-6", "count_hands": 1, "points_per_hand": Decimal("-2.0000"), "total_points": -2,
         "royalties_total": 13, "royalties_per_hand": Decimal("13.0000"), "royalties_back": 6,
         "royalties_middle": 0, "royalties_front": 7, "foul_rate": 0.0, "scoop_won_rate": 0.0,
         "scoop_suffered_rate": 0.0, "surrender_rate": 0.0, "count_naturals": 0, "fantasyland_entries": 0,
         "fantasyland_stays": 0, "count_fouls": 0, "count_surrenders": 0, "count_pairings": 1,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "count_fantasyland_hands": 0,
         "royalties_earned": -1, "royalties_earned_per_hand": Decimal("-1.0000"), "count_scoop_chances": 1},
        # Classic: royalties 14 and 13 (under the table), earned +1 and -1 (their difference).
        # Fantasyland: Anna +9 +10 -15 = 4 in 3 hands (1.3333 a hand), royalties 21 + 22 + 4 = 47 (back
        # 6 + 10 + 4, middle 8 + 12, front 7): 15.6667 a hand; enters once (F-1), two hands in
        # Fantasyland, one stay; scooped once of 3 pairings. Boris -9 -10 +15 = -4, royalties 13 three
        # times (back 6, front 7), enters three times, scoops once. Royalties earned, the differences:
        # Anna 21 - 13 + 22 - 13 + 4 - 13 = 8 (2.6667 a hand), Boris -8.
        {"player": "Anna", "site": None, "person": "Anna", "game": "ofc", "variant": "fantasyland",
         "scoring": "1-6", "count_hands": 3, "points_per_hand": Decimal("1.3333"), "total_points": 4,
         "royalties_total": 47, "royalties_per_hand": Decimal("15.6667"), "royalties_back": 20,
         "royalties_middle": 20, "royalties_front": 7, "foul_rate": 0.0, "scoop_won_rate": 0.0,
         "scoop_suffered_rate": 0.3333333333, "surrender_rate": 0.0, "count_naturals": 0,
         "fantasyland_entries": 1, "fantasyland_stays": 1, "count_fouls": 0, "count_surrenders": 0,
         "count_pairings": 3, "count_scoops_won": 0, "count_scoops_suffered": 1, "count_fantasyland_hands": 2,
         "royalties_earned": 8, "royalties_earned_per_hand": Decimal("2.6667"), "count_scoop_chances": 3},
        {"player": "Boris", "site": None, "person": "Boris", "game": "ofc", "variant": "fantasyland",
         "scoring": "1-6", "count_hands": 3, "points_per_hand": Decimal("-1.3333"), "total_points": -4,
         "royalties_total": 39, "royalties_per_hand": Decimal("13.0000"), "royalties_back": 18,
         "royalties_middle": 0, "royalties_front": 21, "foul_rate": 0.0, "scoop_won_rate": 0.3333333333,
         "scoop_suffered_rate": 0.0, "surrender_rate": 0.0, "count_naturals": 0, "fantasyland_entries": 3,
         "fantasyland_stays": 0, "count_fouls": 0, "count_surrenders": 0, "count_pairings": 3,
         "count_scoops_won": 1, "count_scoops_suffered": 0, "count_fantasyland_hands": 0,
         "royalties_earned": -8, "royalties_earned_per_hand": Decimal("-2.6667"), "count_scoop_chances": 3},
    ], where="game = 'ofc'")


def test_player_stats_chinese_by_day(con):
    # The sums of the rows above by day and club: H1 and H2 on the 28th, H3 and H4 on the 29th.
    assert_worked(con, "player_stats_chinese_by_day", [
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "chinese", "variant": "classic", "scoring": "2-4", "count_hands": 1, "total_points": 4,
         "royalties_total": 0, "royalties_back": 0, "royalties_middle": 0, "royalties_front": 0,
         "count_fouls": 0, "count_surrenders": 0, "count_naturals": 0, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "fantasyland_entries": 0, "fantasyland_stays": 0,
         "count_fantasyland_hands": 0, "royalties_earned": 0,
         "count_scoop_chances": 1},
        # H2: quads, full house, trips (1 each), scoops Boris.
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "chinese", "variant": "classic", "scoring": "1-6", "count_hands": 1, "total_points": 12,
         "royalties_total": 3, "royalties_back": 1, "royalties_middle": 1, "royalties_front": 1,
         "count_fouls": 0, "count_surrenders": 0, "count_naturals": 0, "count_pairings": 2,
         "count_scoops_won": 1, "count_scoops_suffered": 0, "fantasyland_entries": 0, "fantasyland_stays": 0,
         "count_fantasyland_hands": 0, "royalties_earned": 3,
         "count_scoop_chances": 1},
        # H3 (the dragon, +6) and H4 (+7, trips in front).
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-29", "club": "Tverskaya",
         "game": "chinese", "variant": "classic", "scoring": "1-6", "count_hands": 2, "total_points": 13,
         "royalties_total": 1, "royalties_back": 0, "royalties_middle": 0, "royalties_front": 1,
         "count_fouls": 0, "count_surrenders": 0, "count_naturals": 1, "count_pairings": 2,
         "count_scoops_won": 2, "count_scoops_suffered": 0, "fantasyland_entries": 0, "fantasyland_stays": 0,
         "count_fantasyland_hands": 0, "royalties_earned": 1,
         "count_scoop_chances": 2},
        {"player": "Boris", "site": None, "person": "Boris", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "chinese", "variant": "classic", "scoring": "2-4", "count_hands": 1, "total_points": 0,
         "royalties_total": 0, "royalties_back": 0, "royalties_middle": 0, "royalties_front": 0,
         "count_fouls": 0, "count_surrenders": 0, "count_naturals": 0, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "fantasyland_entries": 0, "fantasyland_stays": 0,
         "count_fantasyland_hands": 0, "royalties_earned": 0,
         "count_scoop_chances": 1},
        {"player": "Boris", "site": None, "person": "Boris", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "chinese", "variant": "classic", "scoring": "1-6", "count_hands": 1, "total_points": -6,
         "royalties_total": 0, "royalties_back": 0, "royalties_middle": 0, "royalties_front": 0,
         "count_fouls": 0, "count_surrenders": 0, "count_naturals": 0, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 1, "fantasyland_entries": 0, "fantasyland_stays": 0,
         "count_fantasyland_hands": 0, "royalties_earned": -3,
         "count_scoop_chances": 1},
        {"player": "Boris", "site": None, "person": "Boris", "played_on": "2026-11-29", "club": "Tverskaya",
         "game": "chinese", "variant": "classic", "scoring": "1-6", "count_hands": 2, "total_points": -13,
         "royalties_total": 0, "royalties_back": 0, "royalties_middle": 0, "royalties_front": 0,
         "count_fouls": 2, "count_surrenders": 0, "count_naturals": 0, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 2, "fantasyland_entries": 0, "fantasyland_stays": 0,
         "count_fantasyland_hands": 0, "royalties_earned": -1,
         "count_scoop_chances": 2},
        {"player": "Vera", "site": None, "person": "Vera", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "chinese", "variant": "classic", "scoring": "2-4", "count_hands": 1, "total_points": -4,
         "royalties_total": 0, "royalties_back": 0, "royalties_middle": 0, "royalties_front": 0,
         "count_fouls": 0, "count_surrenders": 1, "count_naturals": 0, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "fantasyland_entries": 0, "fantasyland_stays": 0,
         "count_fantasyland_hands": 0, "royalties_earned": 0,
         "count_scoop_chances": 0},
        {"player": "Vera", "site": None, "person": "Vera", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "chinese", "variant": "classic", "scoring": "1-6", "count_hands": 1, "total_points": -6,
         "royalties_total": 0, "royalties_back": 0, "royalties_middle": 0, "royalties_front": 0,
         "count_fouls": 0, "count_surrenders": 1, "count_naturals": 0, "count_pairings": 2,
         "count_scoops_won": 0, "count_scoops_suffered": 0, "fantasyland_entries": 0, "fantasyland_stays": 0,
         "count_fantasyland_hands": 0, "royalties_earned": 0,
         "count_scoop_chances": 0},
    ], where="game = 'chinese'")
    # The Fantasyland hands have no date or club: one row each, with its entries, stay and hands.
    assert_worked(con, "player_stats_chinese_by_day", [
        {"player": "Anna", "played_on": None, "club": None, "count_hands": 3, "fantasyland_entries": 1,
         "fantasyland_stays": 1, "count_fantasyland_hands": 2},
        {"player": "Boris", "played_on": None, "club": None, "count_hands": 3, "fantasyland_entries": 3,
         "fantasyland_stays": 0, "count_fantasyland_hands": 0},
    ], where="variant = 'fantasyland'")


def test_leaderboard_and_player_results_keep_the_scales_apart(con):
    # A point of 1-6 is not one of 2-4: each scale ranks its own table (H1 2-4, H2-H4 1-6, as above).
    # H2: Boris and Vera both -6 share second place.
    assert_worked(con, "leaderboard", [
        {"club": "Tverskaya", "scoring": "1-6", "player": "Anna", "count_games": 3, "net": 25, "count_wins": 3,
         "avg_placement": 1.0, "rank": 1},
        {"club": "Tverskaya", "scoring": "1-6", "player": "Vera", "count_games": 1, "net": -6, "count_wins": 0,
         "avg_placement": 2.0, "rank": 2},
        {"club": "Tverskaya", "scoring": "1-6", "player": "Boris", "count_games": 3, "net": -19, "count_wins": 0,
         "avg_placement": 2.0, "rank": 3},
        {"club": "Tverskaya", "scoring": "2-4", "player": "Anna", "count_games": 1, "net": 4, "count_wins": 1,
         "avg_placement": 1.0, "rank": 1},
        {"club": "Tverskaya", "scoring": "2-4", "player": "Boris", "count_games": 1, "net": 0, "count_wins": 0,
         "avg_placement": 2.0, "rank": 2},
        {"club": "Tverskaya", "scoring": "2-4", "player": "Vera", "count_games": 1, "net": -4, "count_wins": 0,
         "avg_placement": 3.0, "rank": 3},
    ], where="game = 'chinese' and season_kind = 'all'")
    assert_worked(con, "player_results", [
        {"player": "Anna", "scoring": "1-6", "count_games": 3, "net": 25, "count_wins": 3},
        {"player": "Anna", "scoring": "2-4", "count_games": 1, "net": 4, "count_wins": 1},
        {"player": "Boris", "scoring": "1-6", "count_games": 3, "net": -19, "count_wins": 0},
        {"player": "Boris", "scoring": "2-4", "count_games": 1, "net": 0, "count_wins": 0},
        {"player": "Vera", "scoring": "1-6", "count_games": 1, "net": -6, "count_wins": 0},
        {"player": "Vera", "scoring": "2-4", "count_games": 1, "net": -4, "count_wins": 0},
    ], where="game = 'chinese'")
    # By day and the game's own club: H1 and H2 on the 28th, H3 and H4 on the 29th.
    assert_worked(con, "player_results_by_day", [
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "chinese", "is_tournament": False, "currency": None, "scoring": "2-4", "count_games": 1, "net": 4,
         "count_wins": 1, "count_placed": 1, "placement_sum": 1, "first_played_at": "2026-11-28 22:10:00",
         "last_played_at": "2026-11-28 22:10:00"},
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-28", "club": "Tverskaya",
         "game": "chinese", "is_tournament": False, "currency": None, "scoring": "1-6", "count_games": 1, "net": 12,
         "count_wins": 1, "count_placed": 1, "placement_sum": 1, "first_played_at": "2026-11-28 22:20:00",
         "last_played_at": "2026-11-28 22:20:00"},
        {"player": "Anna", "site": None, "person": "Anna", "played_on": "2026-11-29", "club": "Tverskaya",
         "game": "chinese", "is_tournament": False, "currency": None, "scoring": "1-6", "count_games": 2, "net": 13,
         "count_wins": 2, "count_placed": 2, "placement_sum": 2, "first_played_at": "2026-11-29 00:30:00",
         "last_played_at": "2026-11-29 00:40:00"},
    ], where="game = 'chinese' and player = 'Anna'")


DEALT_TWICE = """Chinese poker hand Y-01
Date: 2026-11-06 21:00
Club: Sandbox
Scoring: 1-6
Players: Anna, Boris
Anna: back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]
Boris: back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 4c]

Chinese poker hand Y-03
Date: 2026-11-06 21:10
Club: Sandbox
Scoring: 1-6
Players: Anna, Boris
Anna: back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]
Boris: back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 8c]
"""


def test_a_card_dealt_twice_counts_no_foul_in_the_statistics_wherever_the_copy_lies(tmp_path):
    # Y-01, the 4c in both fronts: Anna's nines win the back, Boris's jacks the middle, queens over
    # eights the front: 2-1, +1, and the nines' royalty: Anna +2. Y-03, the 8c twice in Boris's front:
    # three eights under three jacks, no foul; Boris wins middle and front: Anna -1, the royalties
    # (nines, front trips) cancelling. Anna 2 - 1 = +1 and one win each; no foul in either deal.
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "dup.txt").write_text(DEALT_TWICE, encoding="utf-8")
    warehouse = Warehouse(tmp_path / "warehouse")
    summary = ingest([folder / "dup.txt"], warehouse.root, jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 0, 2)
    with connect(warehouse.root) as connection:
        assert_worked(connection, "player_stats_chinese", [
            {"player": "Anna", "count_hands": 2, "total_points": 1, "count_fouls": 0, "foul_rate": 0.0},
            {"player": "Boris", "count_hands": 2, "total_points": -1, "count_fouls": 0, "foul_rate": 0.0},
        ])
        assert_worked(connection, "leaderboard", [
            {"player": "Anna", "count_games": 2, "net": 1, "count_wins": 1, "avg_placement": 1.5, "rank": 1},
            {"player": "Boris", "count_games": 2, "net": -1, "count_wins": 1, "avg_placement": 1.5, "rank": 2},
        ], where="season_kind = 'all'")


EGOR_THREE_WAYS = """Chinese poker hand E-1
Date: 2026-11-07 21:00
Club: Sandbox
Scoring: 1-6
Players: Anna, Egor
Anna: back [Ac Qc Jc 9c 3c] middle [Ts Td Th 6h 2d] front [5c 5d 5s]
Egor: back [Ks Kd Kh 4c 4d] middle [7s 7d 7c 7h 2s] front [Qh Jd 3s]

Chinese poker hand E-2
Date: 2026-11-07 21:10
Club: Sandbox
Scoring: 1-6
Players: Anna, Egor
Anna: back [Ac Qc Jc 9c 3c] middle [Ts Td Th 6h 2d] front [5c 5d 5s]
Egor: surrenders

Chinese poker hand E-3
Date: 2026-11-07 21:20
Club: Sandbox
Scoring: 1-6
Players: Anna, Egor
Anna: back [Ah Ad Kd Qd 3h] middle [Qc Qs 4c 4d 6s] front [6d 3s 2h]
Egor: natural dragon [2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac]
"""


def test_the_foul_and_surrender_rates_divide_by_every_hand_played_surrenders_and_naturals_included(tmp_path):
    # E-1 Egor fouls (quads middle over a full house back), E-2 he surrenders, E-3 he plays a dragon:
    # one hand of status 'set' of three. The rates are over count_hands, all three: 1 / 3 each, not
    # the foul over the one set hand (1 / 1) that "hands set" also read as. The page names the divisor.
    (tmp_path / "egor.txt").write_text(EGOR_THREE_WAYS, encoding="utf-8")
    summary = ingest([tmp_path / "egor.txt"], tmp_path / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (3, 0, 0)
    with connect(tmp_path / "warehouse") as connection:
        assert_worked(connection, "player_stats_chinese", [
            {"player": "Egor", "count_hands": 3, "count_fouls": 1, "count_surrenders": 1, "count_naturals": 1,
             "foul_rate": 0.3333333333, "surrender_rate": 0.3333333333},
        ], where="player = 'Egor'")
        statuses = connection.execute(
            "select status, count(*) from chinese_players where player = 'Egor' group by 1 order by 1").fetchall()
    assert statuses == [("natural", 1), ("set", 1), ("surrender", 1)]
    page = (Path(__file__).resolve().parents[1] / "docs" / "warehouse.md").read_text(encoding="utf-8")
    chinese = page[page.index("### `player_stats_chinese`"):page.index("### `player_stats_chinese_by_day`")]
    rates = [line for line in chinese.splitlines() if line.startswith(("| `foul_rate`", "| `surrender_rate`"))]
    assert len(rates) == 2 and all("÷ `count_hands`" in line for line in rates), rates
