"""Properties of the Chinese poker settlement over random deals (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.generators.chinese import set_hand
from rules.cards import Card
from rules.chinese import ROWS, ChineseRules, RoyaltyTable, Scoring, Seated, Status, rank_rows, settle, totals

deals = st.permutations(list(range(52)))


def seat(name: str, codes: list[int], how: str, rules: ChineseRules) -> Seated:
    cards = [Card.from_code(c) for c in codes]
    if how == "surrender":
        return Seated(player=name, status=Status.SURRENDER)
    rows = set_hand(cards) if how == "greedy" else {ROWS[0]: cards[:5], ROWS[1]: cards[5:10], ROWS[2]: cards[10:]}
    hand = rank_rows(*(tuple(rows[row]) for row in ROWS))
    return Seated(player=name, status=Status.SET, hand=hand, royalties=hand.royalties(rules))


@settings(max_examples=60, deadline=None)
@given(deck=deals, n=st.integers(2, 4), hows=st.lists(st.sampled_from(["greedy", "random", "surrender"]),
                                                      min_size=4, max_size=4),
       scoring=st.sampled_from(list(Scoring)), table=st.sampled_from(list(RoyaltyTable)))
def test_settlement_is_zero_sum_and_mirrored(deck, n, hows, scoring, table):
    rules = ChineseRules(royalties=table)
    seated = [seat(f"P{i}", deck[13 * i:13 * i + 13], hows[i], rules) for i in range(n)]
    scores = settle(seated, scoring, rules)
    by_pair = {(s.player, s.opponent): s for s in scores}
    for (a, b), score in by_pair.items():
        other = by_pair[(b, a)]
        assert score.points == -other.points
        assert (score.rows_won, score.rows_lost) == (other.rows_lost, other.rows_won)
        assert score.royalty_points == -other.royalty_points
    assert sum(totals(seated, scores).values()) == 0
    for s in seated:
        if s.is_foul:
            assert s.royalty == 0


@settings(max_examples=60, deadline=None)
@given(deck=deals)
def test_best_back_then_best_middle_never_fouls(deck):
    cards = [Card.from_code(c) for c in deck[:13]]
    rows = set_hand(cards)
    assert not rank_rows(*(tuple(rows[row]) for row in ROWS)).is_foul


@settings(max_examples=60, deadline=None)
@given(deck=deals, scoring=st.sampled_from(list(Scoring)))
def test_a_foul_pays_the_scoop_and_the_royalties_of_an_unfouled_opponent(deck, scoring):
    rules = ChineseRules(royalties=RoyaltyTable.OFC_CLASSIC)
    a = seat("A", deck[:13], "greedy", rules)
    b = seat("B", deck[13:26], "random", rules)
    score = settle([a, b], scoring, rules)[0]
    if b.is_foul:
        assert score.points == scoring.scoop + a.royalty and score.is_scoop
    else:
        assert abs(score.points - score.royalty_points) <= scoring.scoop
