"""Exact pot equities (HE-SIDE-POT) against brute force by other means and known figures."""

from __future__ import annotations

import doctest
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rules.cards
import rules.equity
import rules.holdem
from rules.cards import parse_cards
from rules.equity import pot_equities
from rules.evaluator import HandError, RankOrder, evaluate_many, hand_combinations


def codes(text: str) -> list[int]:
    return [card.code for card in parse_cards(text)]


def brute_force_phevaluator(holes, board, pots, dead=()):
    """Independent check: every completion, ranked by phevaluator (lower is better)."""
    phevaluator = pytest.importorskip("phevaluator")
    known = set(itertools.chain(*holes, board, dead))
    stub = [c for c in range(52) if c not in known]
    total = np.zeros((len(pots), len(holes)), dtype=object)
    boards = 0
    for extra in itertools.combinations(stub, 5 - len(board)):
        ranks = [phevaluator.evaluate_cards(*hole, *board, *extra) for hole in holes]
        for k, pot in enumerate(pots):
            best = min(ranks[p] for p in pot)
            winners = [p for p in pot if ranks[p] == best]
            for p in winners:
                total[k, p] += Fraction(1, len(winners))
        boards += 1
    return np.array([[float(x / boards) for x in row] for row in total])


def brute_force_arrays(holes, board, pots, order):
    """Independent enumeration path: all completions as one array, ranked with evaluate_many."""
    known = set(itertools.chain(*holes, board))
    stub = [c for c in order.deck.codes if c not in known]
    extra = hand_combinations(stub, 5 - len(board))
    strengths = np.stack([
        evaluate_many(np.hstack([np.tile(np.array(hole + board, dtype=np.int8), (len(extra), 1)), extra]), order)
        for hole in holes
    ])
    result = np.zeros((len(pots), len(holes)))
    for k, pot in enumerate(pots):
        best = strengths[pot].max(axis=0)
        winners = strengths[pot] == best
        result[k, pot] = (winners / winners.sum(axis=0)).mean(axis=1)
    return result


def test_he_side_pot_three_way_flop_matches_phevaluator_brute_force():
    holes = [codes("As Ah"), codes("Ks Kh"), codes("7c 8c")]
    board = codes("9c Td 2s")
    pots = [[0, 1, 2], [1, 2]]
    got = pot_equities(holes, board, pots)
    assert np.allclose(got, brute_force_phevaluator(holes, board, pots), atol=1e-12)
    assert np.allclose(got.sum(axis=1), 1.0)
    assert got[1, 0] == 0.0  # player 0 is not in the side pot


def test_dead_cards_leave_the_stub():
    holes, board, dead = [codes("Ac Kc"), codes("Qd Qh")], codes("2c 7c 9d"), codes("3c 4c 5c")
    got = pot_equities(holes, board, [[0, 1]], dead=dead)
    assert np.allclose(got, brute_force_phevaluator(holes, board, [[0, 1]], dead), atol=1e-12)
    assert not np.allclose(got, pot_equities(holes, board, [[0, 1]]))


def test_he_preflop_aces_against_kings_exact_figure():
    # All 1,712,304 boards. 0.826366112559452 is the same enumeration ranked by phevaluator
    # (checked once); PokerStove and most calculators print 82.64 % / 17.36 %.
    got = pot_equities([codes("As Ah"), codes("Ks Kh")], [], [[0, 1]])
    assert got[0, 0] == pytest.approx(0.826366112559452, abs=1e-12)
    assert round(got[0, 0] * 100, 2) == 82.64
    assert got.sum() == pytest.approx(1.0, abs=1e-15)


@pytest.mark.parametrize("order", [RankOrder.SHORT_DECK, RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS])
def test_he_sd_preflop_equity_on_36_cards_matches_array_enumeration(order):
    holes = [codes("As Ah"), codes("Ks Kh"), codes("Tc 9c")]
    pots = [[0, 1, 2], [1, 2]]
    got = pot_equities(holes, [], pots, order)
    assert np.allclose(got, brute_force_arrays(holes, [], pots, order), atol=1e-12)
    assert np.allclose(got.sum(axis=1), 1.0)


def test_he_sd_order_decides_a_straight_against_trips():
    # Board 6 7 8 + river/turn: only the order changes who wins the trips-vs-straight boards.
    holes, board = [codes("9c Ts"), codes("8h 8d")], codes("6s 7d 8c Ah Kd")
    assert pot_equities(holes, board, [[0, 1]], RankOrder.SHORT_DECK).tolist() == [[0.0, 1.0]]
    assert pot_equities(holes, board, [[0, 1]], RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS).tolist() == [[1.0, 0.0]]


def test_ties_split_equally_and_exactly():
    board = codes("As Ks Qs Js Ts")  # the board plays: a royal flush for everyone
    got = pot_equities([codes("2c 3d"), codes("4h 5c"), codes("7d 8h")], board, [[0, 1, 2]])
    assert got.tolist() == [[1 / 3, 1 / 3, 1 / 3]]
    chop = pot_equities([codes("Ac Kd"), codes("Ad Kc")], codes("2s 7h 9d"), [[0, 1]])
    assert chop[0, 0] == pytest.approx(chop[0, 1]) and chop.sum() == pytest.approx(1.0)


def test_he_side_pot_with_one_claimant_is_his_and_leaves_the_rest_as_counted():
    # A pot only one player may win is his on every board; the contested pot beside it keeps
    # its own count (aces against kings, 1,712,304 boards: the figure of the exact-figure test).
    holes = [codes("As Ah"), codes("Ks Kh")]
    got = pot_equities(holes, [], [[0, 1], [0]])
    assert got[1].tolist() == [1.0, 0.0]
    assert got[0].tolist() == pot_equities(holes, [], [[0, 1]])[0].tolist()
    alone = pot_equities([codes("As Ah"), codes("Ks Kh"), codes("Qs Qh")], codes("2c 7d 9h"), [[1], [2]])
    assert alone.tolist() == [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]


def test_he_side_pot_preflop_of_thirteen_players_equals_brute_force():
    # More players than the rank-multiset count keeps sets of winners for: the boards are walked
    # one by one (here a stub of 7 cards, the rest dead), and must agree with phevaluator's count.
    holes = [[4 * r, 4 * r + 1] for r in range(13)]           # each rank's clubs and diamonds
    stub = [2, 7, 18, 23, 34, 42, 51]                          # 2h 3s 6h 7s Th Qh As
    dead = [c for c in range(52) if c not in stub and c not in {x for h in holes for x in h}]
    pots = [list(range(13)), [0, 5, 12]]
    got = pot_equities(holes, [], pots, dead=dead)
    expected = _brute_force_fractions(holes, stub, pots, RankOrder.STANDARD)
    assert got.tolist() == [[float(x) for x in row] for row in expected]


def test_full_board_is_one_showdown():
    got = pot_equities([codes("As Ah"), codes("Ks Kh")], codes("Kd 2c 7d 9c 3h"), [[0, 1]])
    assert got.tolist() == [[0.0, 1.0]]


def test_equity_errors_quote_the_input():
    with pytest.raises(HandError, match=r"^Ks appears twice among the known cards \(hole cards As Ah \| Ks Kh, "
                                        r"board Ks, dead -\): each card is dealt once$"):
        pot_equities([codes("As Ah"), codes("Ks Kh")], codes("Ks"), [[0, 1]])
    with pytest.raises(HandError, match=r"^pot 0 names player 2, but there are 2 players \(0 to 1\)$"):
        pot_equities([codes("As Ah"), codes("Ks Kh")], [], [[0, 2]])
    with pytest.raises(HandError, match=r"is not a card of the 36-card deck of SHORT_DECK"):
        pot_equities([codes("As Ah"), codes("2s 2h")], [], [[0, 1]], RankOrder.SHORT_DECK)
    with pytest.raises(HandError, match=r"^a board has at most 5 cards, got 6"):
        pot_equities([codes("As Ah")], codes("2c 3c 4c 5c 6c 7c"), [[0]])


def test_doctests_of_equity():
    result = doctest.testmod(rules.equity)
    assert result.attempted >= 3 and result.failed == 0


def _every_board(holes, pots, order, dead=()):
    """The preflop count and the plain depth-by-depth walk over every board (no rank counting),
    both as exact integer shares, and the number of boards."""
    import math

    from rules.evaluator import rank_tables

    known = set(itertools.chain(*holes, dead))
    stub = np.array([c for c in order.deck.codes if c not in known], dtype=np.int64)
    start = rules.equity._hand_states(holes)
    eligible = np.zeros((len(pots), len(holes)), dtype=np.int64)
    for k, pot in enumerate(pots):
        eligible[k, pot] = 1
    unit = math.lcm(*range(1, len(holes) + 1))
    tables = rank_tables(order)
    slow, boards = rules.equity._enumerate(start, stub, 5, eligible, unit, tables.cat_pos, tables.straight_top,
                                           tables.top5)
    with pytest.MonkeyPatch.context() as patch:     # counted, not looked up
        patch.setattr(rules.equity, "_HEADS_UP", rules.equity._NO_TABLE)
        fast, denominators, _ = rules.equity.spot_shares([holes], np.empty((1, 0)), [eligible], order, [dead])
    assert denominators[0] == boards * unit
    return fast[0], slow, boards


@pytest.mark.parametrize("seed", range(6))
def test_he_side_pot_preflop_rank_count_equals_every_board_exactly(seed):
    # The preflop path counts boards by ranks and suited cards; its integer shares must equal
    # the walk over every board, side pots, dead cards and both 36-card orders included.
    rng = np.random.default_rng(seed)
    order = [RankOrder.SHORT_DECK, RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS, RankOrder.STANDARD][seed % 3]
    deck = list(order.deck.codes)
    n = int(rng.integers(2, 6 if order is not RankOrder.STANDARD else 4))
    cards = [int(c) for c in rng.choice(deck, 2 * n + int(rng.integers(0, 3)), replace=False)]
    if seed == 0:
        suited = codes("As Ks Qs Js")  # suited hands: the most flush boards to correct (each card dealt once)
        cards = suited + [c for c in cards if c not in suited][:len(cards) - 4]
    holes, dead = [cards[2 * i:2 * i + 2] for i in range(n)], cards[2 * n:]
    pots = [list(range(n)), list(range(1, n))]
    fast, slow, boards = _every_board(holes, pots, order, dead)
    assert boards > 50_000
    assert fast.tolist() == slow.tolist()


def test_he_side_pot_equity_ignores_suit_names():
    first = pot_equities([codes("As Kh"), codes("Qs Qd")], codes("2c"), [[0, 1]], dead=codes("3s"))
    # the same situation with spades and hearts swapped and clubs and diamonds swapped
    second = pot_equities([codes("Ah Ks"), codes("Qh Qc")], codes("2d"), [[0, 1]], dead=codes("3h"))
    assert second.tolist() == first.tolist()
    other = pot_equities([codes("As Kh"), codes("Qs Qd")], codes("2c"), [[0, 1]], dead=codes("3c"))
    assert other.tolist() != first.tolist()


def test_heads_up_table_key_ignores_suit_names_and_card_order():
    keys = rules.equity.heads_up_keys(np.array([codes("As Ah Ks Kh"), codes("Ac Ad Kd Kc"), codes("As Kh Qs Qd"),
                                                codes("Kh As Qd Qs"), codes("As Kh Qh Qd")]))
    assert keys[0] == keys[1] and keys[2] == keys[3] != keys[4]


# ---------------------------------------------------------------- the heads-up preflop table

@pytest.fixture
def no_table(monkeypatch):
    """pot_equities with an empty heads-up table: every situation enumerated."""
    monkeypatch.setattr(rules.equity, "_HEADS_UP", rules.equity._NO_TABLE)


def _table():
    if not rules.equity.HEADS_UP_TABLE.exists():
        pytest.fail(f"{rules.equity.HEADS_UP_TABLE} is missing: python -m bench.build_tables writes it")
    return np.load(rules.equity.HEADS_UP_TABLE)


def test_heads_up_table_rows_share_out_every_board():
    # Each row splits all C(48, 5) boards between the two hands, in half boards (ties).
    table = _table()
    assert (np.diff(table["keys"]) > 0).all()     # each once, sorted: the lookup's searchsorted needs it
    assert (table["first"] + table["second"] == 2 * 1_712_304).all()
    assert (table["first"] >= 0).all() and (table["second"] >= 0).all()


@pytest.mark.parametrize("seed", range(3))
def test_he_preflop_heads_up_table_equals_the_enumeration(seed, monkeypatch):
    # Random heads-up all-ins, both seat orders, through the table and then enumerated.
    rng = np.random.default_rng(seed)
    situations = [rng.choice(52, 4, replace=False).tolist() for _ in range(12)]
    looked_up = [pot_equities([s[:2], s[2:]], [], [[0, 1]]) for s in situations]
    assert len(rules.equity._HEADS_UP[0]), "the table was not used"
    monkeypatch.setattr(rules.equity, "_HEADS_UP", rules.equity._NO_TABLE)
    for s, got in zip(situations, looked_up):
        assert got.tolist() == pot_equities([s[:2], s[2:]], [], [[0, 1]]).tolist(), s


def test_he_preflop_heads_up_table_keeps_the_exact_figure(no_table):
    enumerated = pot_equities([[51, 50], [47, 46]], [], [[0, 1]])
    rules.equity._HEADS_UP = None       # load the shipped table again
    assert pot_equities([[51, 50], [47, 46]], [], [[0, 1]]).tolist() == enumerated.tolist()
    assert len(rules.equity._HEADS_UP[0])


# ---------------------------------------------------------------- hand-worked and independent counts

def _rest_of_deck(*texts: str) -> list[int]:
    """Every card of the 52 not named: the dead cards that leave exactly the named stub."""
    named = {c for text in texts for c in codes(text)}
    return [c for c in range(52) if c not in named]


def test_he_side_pot_aces_kings_queens_on_a_seven_card_stub_hand_worked():
    # Stub Ad Kd Qd 2c 7c 9d 4c: a board leaves out 2 of the 7 (21 boards); no straight and no
    # flush can be made. All of Ad Kd Qd dealt (the 6 boards missing two low cards): sets all
    # round, aces win. Ad missing: kings win 5 (a set, or Qd missing too) and queens 1 (Kd
    # missing too). Ad dealt, Kd or Qd missing (5 + 4 boards): a set of aces wins.
    # Side pot, kings against queens: queens win only when Kd is missing and Qd dealt (5).
    holes = [codes("As Ah"), codes("Ks Kh"), codes("Qs Qh")]
    stub = "Ad Kd Qd 2c 7c 9d 4c"
    got = pot_equities(holes, [], [[0, 1, 2], [1, 2]], dead=_rest_of_deck("As Ah Ks Kh Qs Qh", stub))
    assert got.tolist() == [[15 / 21, 5 / 21, 1 / 21], [0.0, 16 / 21, 5 / 21]]


def test_he_side_pot_full_house_beats_the_flush_on_paired_boards_hand_worked():
    # As 2s against Kh Kd against 9h 9d, stub 3s 5s Js 7s Kc 9c 7d (21 boards, no straight).
    # At most one spade left out: A-high flush, unless the board pairs 7s 7d under a set:
    #   both non-spades left out (3 boards): the flush;
    #   one spade and one non-spade (12): 9c out and 7s dealt, kings full (3); Kc out and 7s
    #   dealt, nines full (3); the other 6, the flush.
    # Two spades left out (6): no flush, the set of kings (full or not) beats the nines.
    # Side pot, kings against nines: nines win with 9c and without Kc: 1 + 4 boards.
    holes = [codes("As 2s"), codes("Kh Kd"), codes("9h 9d")]
    stub = "3s 5s Js 7s Kc 9c 7d"
    got = pot_equities(holes, [], [[0, 1, 2], [1, 2]], dead=_rest_of_deck("As 2s Kh Kd 9h 9d", stub))
    assert got.tolist() == [[9 / 21, 9 / 21, 3 / 21], [0.0, 16 / 21, 5 / 21]]


def test_he_side_pot_five_suited_cards_go_to_the_highest_held_card_that_plays_hand_worked():
    # 6s 2h against 3s 2d against 2c 3c, stub 5s 7s 9s Js Qs Ks: every board (one of the six
    # left out) is five spades; no pair, straight or straight flush can be made. With 5s dealt
    # (5 boards) the 6s plays: its holder wins. Without it (7s 9s Js Qs Ks) no held spade is
    # above the board's lowest: all three tie on the board. Side pot: the 3s never plays, a tie.
    holes = [codes("6s 2h"), codes("3s 2d"), codes("2c 3c")]
    stub = "5s 7s 9s Js Qs Ks"
    got = pot_equities(holes, [], [[0, 1, 2], [1, 2]], dead=_rest_of_deck("6s 2h 3s 2d 2c 3c", stub))
    assert got.tolist() == [[16 / 18, 1 / 18, 1 / 18], [0.0, 1 / 2, 1 / 2]]


def test_he_side_pot_straight_flush_beats_the_highest_held_card_of_the_suit_hand_worked():
    # Ah 2c against 9h 2d against Qc Qd, stub 5h 6h 7h 8h Kc Jd (six boards). All four hearts
    # dealt (Kc or Jd left out, 2 boards): the ace-high flush loses to 9h's straight flush, in
    # both pots. A heart left out (4 boards): no flush, no straight, no pair but the queens.
    holes = [codes("Ah 2c"), codes("9h 2d"), codes("Qc Qd")]
    stub = "5h 6h 7h 8h Kc Jd"
    got = pot_equities(holes, [], [[0, 1, 2], [1, 2]], dead=_rest_of_deck("Ah 2c 9h 2d Qc Qd", stub))
    assert got.tolist() == [[0.0, 2 / 6, 4 / 6], [0.0, 2 / 6, 4 / 6]]


def test_he_side_pot_aces_kings_queens_preflop_equals_phevaluator_count():
    # All C(46, 5) = 1,370,754 boards ranked once by phevaluator (a separate evaluator, one
    # Python call a hand and board): the pots' shares in sixths of a board, ties split.
    boards_in_sixths = 6 * 1_370_754
    got = pot_equities([codes("As Ad"), codes("Kh Kc"), codes("Qs Qh")], [], [[0, 1, 2], [1, 2]])
    assert got.tolist() == [
        [5_499_566 / boards_in_sixths, 1_522_790 / boards_in_sixths, 1_202_168 / boards_in_sixths],
        [0.0, 6_703_998 / boards_in_sixths, 1_520_526 / boards_in_sixths],
    ]


def _brute_force_fractions(holes, stub, pots, order):
    """Exact shares by listing every board of the stub: phevaluator for 52 cards, the
    evaluator's row ranking for 36 (phevaluator knows one order only)."""
    boards = list(itertools.combinations(stub, 5))
    if order is RankOrder.STANDARD:
        phevaluator = pytest.importorskip("phevaluator")
        strengths = [[-phevaluator.evaluate_cards(*hole, *board) for board in boards] for hole in holes]
    else:
        rows = np.array(boards, dtype=np.int64)
        strengths = [evaluate_many(np.hstack([np.tile(hole, (len(rows), 1)), rows]), order).tolist()
                     for hole in holes]
    total = [[Fraction(0)] * len(holes) for _ in pots]
    for b in range(len(boards)):
        for k, pot in enumerate(pots):
            best = max(strengths[p][b] for p in pot)
            winners = [p for p in pot if strengths[p][b] == best]
            for p in winners:
                total[k][p] += Fraction(1, len(winners) * len(boards))
    return total


@st.composite
def _small_spots(draw):
    """Three or four hands, a stub of 7 to 13 cards (the rest of the deck dead), pots."""
    order = draw(st.sampled_from([RankOrder.STANDARD, RankOrder.STANDARD, RankOrder.SHORT_DECK,
                                  RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS]))
    deck = list(order.deck.codes)
    cards = draw(st.permutations(deck))
    n = draw(st.integers(3, 4))
    holes = [sorted(cards[2 * i:2 * i + 2]) for i in range(n)]
    rest = cards[2 * n:]
    # Stubs crowded into few suits or ranks make flushes, full houses and flushes against
    # full houses common; an open stub keeps the rest.
    crowd = draw(st.sampled_from(["open", "suits", "ranks"]))
    if crowd == "suits":
        suits = {holes[0][0] & 3, holes[1][1] & 3}
        rest = [c for c in rest if c & 3 in suits]
    elif crowd == "ranks":
        ranks = {c >> 2 for hole in holes for c in hole} | {draw(st.sampled_from(deck)) >> 2}
        rest = [c for c in rest if c >> 2 in ranks]
    stub = sorted(rest[:draw(st.integers(7, 13))])
    side = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    return order, holes, stub, [list(range(n)), sorted(side)]


@st.composite
def _whole_rank_spots(draw):
    """Three to five hands and a stub the small spots rarely draw: every card of one to three
    ranks no hand holds, some cards of the held ranks and of one suit (flushes, against full
    houses on the paired boards); the rest of the deck dead, pots main and side."""
    order = draw(st.sampled_from([RankOrder.STANDARD, RankOrder.STANDARD, RankOrder.SHORT_DECK]))
    deck = list(order.deck.codes)
    cards = draw(st.permutations(deck))
    n = draw(st.integers(3, 5))
    holes = [sorted(cards[2 * i:2 * i + 2]) for i in range(n)]
    held = {c >> 2 for hole in holes for c in hole}
    free = sorted({c >> 2 for c in deck} - held)
    assume(free)   # five short-deck hands can hold every one of its nine ranks
    whole = draw(st.lists(st.sampled_from(free), min_size=1, max_size=min(3, len(free)), unique=True))
    rest = cards[2 * n:]
    of_held = [c for c in rest if c >> 2 in held][:draw(st.integers(0, 4))]
    suit = holes[0][0] & 3
    of_suit = [c for c in rest if c & 3 == suit and c >> 2 not in held and c >> 2 not in whole][:draw(st.integers(0, 4))]
    stub = sorted({c for c in rest if c >> 2 in whole} | set(of_held) | set(of_suit))
    side = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    return order, holes, stub, [list(range(n)), sorted(side)]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_small_spots(), _whole_rank_spots()))
def test_he_side_pot_multiway_preflop_equals_brute_force(spot):
    # Exact to the last bit: each share is a ratio of integers, so the float is the correctly
    # rounded fraction of the brute-force count.
    order, holes, stub, pots = spot
    assume(5 <= len(stub) <= 15)
    known = {c for hole in holes for c in hole}
    dead = [c for c in order.deck.codes if c not in known and c not in stub]
    got = pot_equities(holes, [], pots, order, dead=dead)
    expected = _brute_force_fractions(holes, stub, pots, order)
    assert got.tolist() == [[float(x) for x in row] for row in expected]


def test_he_showdown_pair_strength_table_equals_the_evaluator_without_flushes():
    # Each entry is two hole ranks with a board rank multiset; dealt in suits that make no flush
    # (the i-th card of the seven, ranks ascending, in suit i % 4), the evaluator must agree.
    import itertools as it

    table = rules.equity._preflop_tables(RankOrder.STANDARD)[0]
    rng = np.random.default_rng(3)
    multisets = list(it.combinations_with_replacement(range(13), 5))
    rows, columns, hands = [], [], []
    for _ in range(3000):
        board = multisets[int(rng.integers(len(multisets)))]
        low, high = sorted(int(r) for r in rng.integers(0, 13, 2))
        ranks = sorted((*board, low, high))
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        column = sum(math.comb(r + i, i + 1) for i, r in enumerate(board))
        rows.append(low * 13 + high)
        columns.append(column)
        hands.append([4 * r + i % 4 for i, r in enumerate(ranks)])
    assert len(hands) > 2500
    assert table[rows, columns].tolist() == evaluate_many(np.array(hands, dtype=np.int8)).tolist()


def test_shipped_preflop_tables_equal_the_count():
    shipped = np.load(rules.equity.PREFLOP_TABLE)
    pair_strengths, flush = rules.equity.count_preflop_tables(RankOrder.STANDARD)
    assert shipped["pair_strengths"].dtype == pair_strengths.dtype and shipped["flush"].dtype == flush.dtype
    assert np.array_equal(shipped["pair_strengths"], pair_strengths) and np.array_equal(shipped["flush"], flush)


def _pokerkit_fractions(holes, board_stub, pots):
    """Every board of the stub ranked by pokerkit's own hand evaluation, as exact fractions."""
    from pokerkit import Card as KitCard
    from pokerkit import StandardHighHand

    def kit(cards):
        return list(KitCard.parse("".join(str(rules.cards.Card(c)) for c in cards)))

    boards = list(itertools.combinations(board_stub, 5))
    total = [[Fraction(0)] * len(holes) for _ in pots]
    for board in boards:
        best_of = [StandardHighHand.from_game(kit(hole), kit(board)) for hole in holes]
        for k, pot in enumerate(pots):
            best = max(best_of[p] for p in pot)
            winners = [p for p in pot if best_of[p] == best]
            for p in winners:
                total[k][p] += Fraction(1, len(winners) * len(boards))
    return total


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(range(52)), st.integers(3, 4), st.integers(5, 9))
def test_he_side_pot_preflop_equals_pokerkit_showdowns_on_small_stubs(cards, players, stub_size):
    pytest.importorskip("pokerkit")
    holes = [sorted(cards[2 * i:2 * i + 2]) for i in range(players)]
    stub = cards[2 * players:2 * players + stub_size]
    dead = cards[2 * players + stub_size:]
    pots = [list(range(players)), list(range(1, players))]
    got = pot_equities(holes, [], pots, RankOrder.STANDARD, dead=dead)
    assert got.tolist() == [[float(x) for x in row] for row in _pokerkit_fractions(holes, stub, pots)]


def test_he_preflop_heads_up_two_pots_of_the_same_pair_get_a_row_each():
    # Both players eligible for a main and a side pot: the table's row serves each pot.
    one_pot = pot_equities([[51, 50], [47, 46]], [], [[0, 1]])
    two_pots = pot_equities([[51, 50], [47, 46]], [], [[0, 1], [1, 0]])
    assert two_pots.shape == (2, 2)
    assert two_pots.tolist() == [one_pot[0].tolist(), one_pot[0].tolist()]


@pytest.mark.parametrize("seed", range(4))
def test_he_turn_and_river_rank_count_equals_every_board_exactly(seed):
    # With one or two cards to come, the boards that make or change no flush are counted by their
    # ranks: the integer shares must equal the walk over every board, for hands of one to four
    # cards, side pots, dead cards, both decks and (half the deals) cards of two suits only, where
    # flushes made, improved and already held are the most.
    from rules.evaluator import rank_tables

    rng = np.random.default_rng(seed)
    for deal in range(150):
        order = [RankOrder.STANDARD, RankOrder.SHORT_DECK, RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS][deal % 3]
        deck = [c for c in order.deck.codes if deal % 2 or c & 3 < 2]
        n, held, n_draw = int(rng.integers(2, 5)), int(rng.integers(1, 5)), int(rng.integers(1, 3))
        known_count = n * held + 5 - n_draw + int(rng.integers(0, 3))
        if known_count + n_draw > len(deck):    # two suits of the short deck: 18 cards
            n, held = 2, 2
            known_count = n * held + 5 - n_draw
        cards = [int(c) for c in rng.choice(deck, known_count, replace=False)]
        holes = [cards[held * i:held * (i + 1)] for i in range(n)]
        board, dead = cards[n * held:n * held + 5 - n_draw], cards[n * held + 5 - n_draw:]
        known = set(cards)
        stub = np.array([c for c in order.deck.codes if c not in known], dtype=np.int64)
        start = rules.equity._hand_states([hand + board for hand in holes])
        eligible = np.zeros((2, n), dtype=np.int64)
        eligible[0, :] = 1
        eligible[1, 1:] = 1
        unit = math.lcm(*range(1, n + 1))
        tables = rank_tables(order)
        walked, boards = rules.equity._enumerate(start, stub, n_draw, eligible, unit, tables.cat_pos,
                                                 tables.straight_top, tables.top5)
        counted, denominators, _ = rules.equity.spot_shares([holes], [board], [eligible], order, [dead])
        assert denominators[0] == boards * unit and boards == math.comb(len(stub), n_draw)
        assert counted[0].tolist() == walked.tolist(), (order, holes, board, dead)


# ---------------------------------------------------------------- the all-in EV in cents

def _ev_cents(*spots):
    """allin_ev_cents of spots (holes, board, pots, nets, unit) in one batch, padded to the widest:
    each spot's cents, or None where not ok."""
    from rules.holdem import allin_ev_cents

    width, most = max(len(spot[0]) for spot in spots), max(max(len(spot[2]) for spot in spots), 1)
    holes = np.full((len(spots), width, 2), -1)
    board = np.full((len(spots), 5), -1)
    eligible = np.zeros((len(spots), most, width), dtype=np.int64)
    nets = np.zeros((len(spots), most), dtype=np.int64)
    for i, (hands, cards, pots, pot_nets, _) in enumerate(spots):
        holes[i, :len(hands)] = hands
        board[i, :len(cards)] = cards
        for k, pot in enumerate(pots):
            eligible[i, k, pot] = 1
        nets[i, :len(pot_nets)] = pot_nets
    cents, ok = allin_ev_cents(holes, board, eligible, nets, [len(spot[2]) for spot in spots], RankOrder.STANDARD,
                               [spot[4] for spot in spots])
    return [row[:len(spot[0])].tolist() if good else None for row, good, spot in zip(cents, ok, spots)]


def test_he_allin_ev_is_the_exact_amount_rounded_half_to_even_on_random_spots():
    # The float sum decides the rounding only far from a half unit: every figure must equal each
    # pot's net times the exact equity (a Fraction of the boards counted), summed and rounded half
    # to even (Python's round of a Fraction), the spots of every kind (two to four players, one or
    # two pots, preflop, flop, turn) in one batch.
    rng = np.random.default_rng(7)
    spots, expected = [], []
    for n in range(300):
        players, board = int(rng.integers(2, 5)), [0, 3, 4][n % 3]
        cards = [int(c) for c in rng.choice(52, 2 * players + board, replace=False)]
        holes, board_cards = [cards[2 * i:2 * i + 2] for i in range(players)], cards[2 * players:]
        pots = [list(range(players))] + [list(range(1, players))] * (players > 2)
        nets = [int(x) for x in rng.integers(1, 10 ** int(rng.integers(1, 9)), len(pots))]
        unit = int(rng.choice([1, 100]))
        spots.append((holes, board_cards, pots, nets, unit))
        eligible = np.zeros((len(pots), players), dtype=np.int64)
        for k, pot in enumerate(pots):
            eligible[k, pot] = 1
        shares, boards, _ = rules.equity.spot_shares([holes], [board_cards + [-1] * (5 - board)], [eligible],
                                                     RankOrder.STANDARD)
        expected.append([round(sum(Fraction(net * int(share[i]), int(boards[0]) * unit)
                                   for net, share in zip(nets, shares[0]))) * unit for i in range(players)])
    assert _ev_cents(*spots) == expected


def test_he_allin_ev_an_exact_half_cent_rounds_to_even_though_its_float_equity_is_above_it():
    # Boris's nines against Anna's kings on 2c 7d 9h Kh: only the 9s of 44 river cards wins him the
    # 110-cent pot, exactly 1/44: 2.5 cents, half to even 2 (the float 1/44 is a hair above it, and
    # its decimal times 110 rounded to 3). Anna's 43/44 is 107.5: 108. The two sum to the pot.
    assert _ev_cents(([codes("Ks Kd"), codes("9c 9d")], codes("2c 7d 9h Kh"), [[0, 1]], [110], 1)) == [[108, 2]]
    # 3/44 of 110 is 7.5 cents exactly (the float 3/44 is a hair below): half to even, 8
    assert rules.holdem.exact_ev_cents([[41, 3]], 44, [110], 1) == [102, 8]


def test_he_allin_ev_half_a_cent_rounds_to_even():
    chop = [codes("As Kd"), codes("Ah Kc")]     # the same hand up to the suits: half each, exactly
    assert _ev_cents((chop, [], [[0, 1]], [1001], 1), (chop, [], [[0, 1]], [1003], 1),
                     (chop, [], [[0, 1]], [300], 100)) == [[500, 500], [502, 502], [200, 200]]


def test_he_allin_ev_needs_rankable_cards_and_a_contender_for_every_pot():
    chop = [codes("As Kd"), codes("Ah Kc")]
    assert _ev_cents((chop + [codes("As 2c")], [], [[0, 1]], [100], 1),    # As twice
                     (chop, [], [[0, 1], []], [100, 50], 1),               # a pot no one may win
                     (chop, [], [], [], 1),                                # no pot
                     (chop, [], [[0, 1]], [100], 1)) == [None, None, None, [50, 50]]
