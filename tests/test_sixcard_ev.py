"""Six-card decision EVs against brute-force enumerations with the batch evaluator."""

from __future__ import annotations

import numpy as np
import pytest

import rules.sixcard_ev
from parsers.sixcard import parse
from rules.evaluator import evaluate_many, hand_combinations
from rules.records import Source
from rules.sixcard import DealerQualifier, SixcardRules, hand_strength, qualifying_strength
from rules.sixcard_ev import (
    DrawTree,
    analyse_hand,
    best_first_decision,
    best_first_decisions,
    codes,
    dealer_game_options,
    play_strength,
)

PAIR = 1 << 20


def brute_play(hand, up, dead, beta=2.0, drawn=(), orig=None, pay=None, lowest=False, qualify=PAIR):
    """Σ over every dealer hand of the box's value, the dealer's game bought when it pays more.

    The dealer's replacement card comes from the cards unseen at the first decision (``orig``,
    the up card and ``dead`` removed, the drawn cards not), as rules/sixcard_ev.py models it.
    It replaces the dealer's highest card, or his lowest when ``lowest``; a dealer hand of strength
    ``qualify`` or more has a game. ``pay``: the bet's pay by category, the default rules' when None.
    """
    pay = SixcardRules().pay_by_category if pay is None else pay
    orig = hand if orig is None else orig
    known = set(hand) | set(orig) | {up} | set(dead) | set(drawn)
    unseen = [c for c in range(52) if c not in known]
    hidden = hand_combinations(unseen, 4).astype(np.int64)
    dealer = np.hstack([hidden, np.full((len(hidden), 1), up)])
    ds = evaluate_many(dealer)
    ps = int(evaluate_many(np.array([hand]))[0])
    win, lose = 1 + beta * pay[ps >> 20], 1 + beta
    q = ds >= qualify
    total = win * np.sum(q & (ds < ps)) - lose * np.sum(q & (ds > ps))
    pool = np.array([c for c in range(52) if c not in set(orig) | {up} | set(dead)])
    nq = dealer[~q]
    top = np.argmin(nq >> 2, axis=1) if lowest else np.argmax(nq >> 2, axis=1)
    kept = np.array([np.delete(row, t) for row, t in zip(nq, top)])
    rows = np.concatenate([np.repeat(kept[:, None, :], len(pool), axis=1),
                           np.broadcast_to(pool[None, :, None], (len(nq), len(pool), 1))], axis=2)
    valid = ~(pool[None, :, None] == nq[:, None, :4]).any(axis=2)
    rows[~valid] = np.repeat(nq[:, None, :], len(pool), axis=1)[~valid]  # any legal hand, masked below
    bs = evaluate_many(rows.reshape(-1, 5)).reshape(len(nq), len(pool))
    bought = valid & (bs >= qualify)
    buy = -1 + (win * np.sum(bought & (bs < ps), axis=1) - lose * np.sum(bought & (bs > ps), axis=1)) / (
        len(pool) - 4)
    total += np.maximum(1.0, buy).sum()
    return total / len(ds)


def test_the_ev_takes_its_thresholds_from_the_rules_on_the_kernels_scale():
    # The least hands the EV bounds and the dealer's qualifier compare with are ranked once, by
    # rules.sixcard, as the kernels rank hands; a strength's category sits above bit 20 (high
    # card 0, pair 1, two pair 2, trips 3, straight 4, flush 5)
    least = {"5s 4h 3d 2c Ah": 4, "7h 5h 4h 3h 2h": 5, "2s 2h 5d 4c 3s": 1, "As Kh 4d 3c 2s": 0}
    for hand, category in least.items():
        assert hand_strength(hand) == play_strength(codes(hand))
        assert hand_strength(hand) >> 20 == category
    assert qualifying_strength() == hand_strength("2s 2h 5d 4c 3s")    # the default: a pair
    ace_king = SixcardRules.parse("dealer qualifies ace-king")
    assert ace_king.qualifier is DealerQualifier.ACE_KING
    assert qualifying_strength(ace_king) == hand_strength("As Kh 4d 3c 2s")
    assert not hasattr(rules.sixcard_ev, "qualify_level")   # one home: rules.sixcard


def test_play_value_of_a_pair_matches_brute_force_with_other_boxes_seen():
    hand, up, dead = codes("Ah Ad 7c 5s 2d"), codes("Qs")[0], codes("Kc 8d 6h 4s 3c Tc 9d 8s 7h 6c")
    tree = DrawTree.build(hand, up, dead)
    assert tree.values[0] == pytest.approx(brute_play(hand, up, dead), abs=1e-12)


def test_play_value_of_trips_counts_buying_the_dealers_game():
    # 3 boxes' worth of seen cards keep the brute force quick; trips sometimes buy the game.
    hand, up = codes("9s 9h 9d Kc 4d"), codes("2s")[0]
    dead = codes("Ah Ad 7c 5s 2d Kd 8d 6h 4s 3c Qc Jc Tc 7h 6s")
    tree = DrawTree.build(hand, up, dead)
    assert tree.values[0] == pytest.approx(brute_play(hand, up, dead), abs=1e-12)


def test_exchange_option_averages_every_drawn_card():
    hand, up = codes("Ah Kh Qh Jh 2c"), codes("3s")[0]
    dead = codes("Ad 7c 5s 2d Kd 8d 6h 4s 3c Qc Jc Tc 7h 6s 9s 9d 5d 4d 8c 8s")
    tree = DrawTree.build(hand, up, dead)
    unseen = [c for c in range(52) if c not in set(hand) | {up} | set(dead)]
    values = []
    for d in unseen:
        new = tuple(d if c == codes("2c")[0] else c for c in hand)
        values.append(max(-1.0, brute_play(new, up, dead, drawn=(d,), orig=hand)))
    expected = -2 + np.mean(values)
    assert dict(tree.root_options())["exchange 2c"] == pytest.approx(expected, abs=1e-9)


def test_fold_is_minus_one_ante_and_box_three_only_plays():
    tree = DrawTree.build(codes("2h 7d 9c Js 4c"), codes("Qs")[0], ())
    assert dict(tree.root_options())["fold"] == -1.0
    blind = DrawTree.build(codes("2h 7d 9c Js 4c"), codes("Qs")[0], (), may_draw=False)
    assert [name for name, _ in blind.root_options()] == ["play"]


def test_dealer_game_is_bought_with_a_full_house_and_never_with_a_pair():
    dealer = codes("Qs 9h 7d 3c 2s")
    full = dict(dealer_game_options(codes("Kh Kd Ks 4c 4d"), dealer, (), bet_antes=2.0))
    pair = dict(dealer_game_options(codes("Kh Kd 5s 4c 8d"), dealer, (), bet_antes=2.0))
    # full house: 15 antes for each replacement that pairs the dealer's 9, 7, 3 or 2 (12 of 42), else 0
    assert full["buy dealer game"] == pytest.approx(-1 + 15 * 12 / 42)
    assert full["buy dealer game"] > full["take ante"] and pair["buy dealer game"] < pair["take ante"]


def test_decisions_of_the_formats_example():
    lines = ("Six-card poker session S-77", "Player: Anna", "Hand 1", "Dealer up: Qs",
             "Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 9h; plays 20",
             "Box 2: ante 10 [Kc 8d 6h 4s 3c]; exchanges 3c for Kd; folds",
             "Dealer: [8h 8c 4d 3s Qs]")
    session = parse(lines, Source(file="t", first_line=1, last_line=len(lines), game_id="t"))
    one, two = analyse_hand(session.hands[0])
    assert [d.stage for d in one.decisions] == ["draw", "after_buy"]
    assert [d.stage for d in two.decisions] == ["draw", "after_exchange"]
    assert one.option_taken == "buy" and two.option_taken == "exchange 3c"
    # box 2 folded a pair of kings after paying for the exchange: playing was worth more
    after = two.decisions[1]
    assert after.taken == "fold" and after.best == "play" and after.ev_lost > 0
    assert one.ev_lost >= 0 and one.ev_taken == pytest.approx(one.ev_best - one.ev_lost)
    # money: the tree works in antes, the decisions are in money (ante 10)
    assert dict(one.decisions[0].options)["fold"] == -10


def test_ev_taken_is_the_first_decisions_value_when_a_later_decision_loses():
    # The box buys (its best first option), then takes the ante from a dealer with no game where
    # buying his game was worth more. The dealer keeps Jh 9s 7d 3s and replaces the Kh: of the 41
    # cards the player has not seen (52 - his 6 - the dealer's 5), the 10 that pair the J, 9, 7 or 3
    # (3 jacks, 2 nines, 3 sevens, 2 threes) give him a game, and the box's straight flush wins
    # ante 5 + bet 10 x 50; the others return the box. Buying costs 5, taking the ante wins 5.
    lines = ("Six-card poker session R-EV", "Player: Casey", "Hand 1", "Dealer up: Kh",
             "Box 1: ante 5 [2h 3h 4h 5h 9c]; buys 6h; plays 10", "Dealer: [Jh 9s 7d 3s Kh]")
    session = parse(lines, Source(file="t", first_line=1, last_line=len(lines), game_id="t"))
    (box,) = analyse_hand(session.hands[0])
    later_loss = (10 / 41 * (5 + 10 * 50) - 5) - 5
    assert box.option_taken == box.best_option == "buy"
    assert box.ev_lost == pytest.approx(later_loss, abs=1e-9)
    # the loss seen after the deal is not taken from the expectation before it: the line the
    # player took at the first decision is the best one, and worth no more than the box can lose
    # (ante 5 + bet 10 + buy 5 + dealer's game 5) or win
    assert box.ev_taken == box.ev_best
    assert -25 <= box.ev_taken <= 5 + 10 * 100


def test_after_buy_values_remove_both_drawn_cards_from_the_dealers_hands():
    hand, up = codes("Th Jh Qh 9c 2c"), codes("3s")[0]
    dead = codes("Ad 7c 5s 2d Kd 8d 6h 4s 3c Qc Jc Tc 7h 6s 9s 9d 5d 4d 8c 8s")
    tree = DrawTree.build(hand, up, dead)
    bought = codes("Kh")[0]
    six = hand + (bought,)
    options = dict(tree.after_buy_options(bought))
    assert options["play"] == pytest.approx(brute_play(six, up, dead, drawn=(bought,), orig=hand), abs=1e-12)
    unseen = [c for c in range(52) if c not in set(six) | {up} | set(dead)]
    out = codes("9c")[0]
    values = [max(-1.0, brute_play(tuple(d if c == out else c for c in six), up, dead, drawn=(bought, d),
                                   orig=hand)) for d in unseen]
    assert options["exchange 9c"] == pytest.approx(-2 + np.mean(values), abs=1e-9)


def test_house_pay_table_reaches_the_play_value():
    # Trips paying 5 instead of 3: the enumeration under the house table equals brute force with it.
    rules = SixcardRules.parse("pay three of a kind 5")
    hand, up, dead = codes("7h 7d 7c 5s 2d"), codes("Qs")[0], codes("Kc 8d 6h 4s 3c")
    tree = DrawTree.build(hand, up, dead, rules=rules)
    assert tree.values[0] == pytest.approx(brute_play(hand, up, dead, pay=rules.pay_by_category), abs=1e-12)
    assert tree.values[0] > DrawTree.build(hand, up, dead).values[0]


def test_house_costs_reach_the_draw_options():
    rules = SixcardRules.parse("buy 2, exchange 3")
    hand, up = codes("Ah Ad 7c 5s 2d"), codes("Qs")[0]
    house = dict(DrawTree.build(hand, up, (), rules=rules).root_options())
    usual = dict(DrawTree.build(hand, up, ()).root_options())
    assert house["buy"] == pytest.approx(usual["buy"] - 1, abs=1e-12)
    assert house["exchange 2d"] == pytest.approx(usual["exchange 2d"] - 1, abs=1e-12)


def test_a_box_is_valued_without_the_boxes_the_player_has_not_seen_yet():
    # He sees box 2 only after deciding box 1: box 1's decisions are those of box 1 played alone,
    # while box 2's count box 1's cards as seen.
    header = ("Six-card poker session S-1", "Player: Anna", "Hand 1", "Dealer up: Qs")
    box_one = "Box 1: ante 10 [Ah Ad 7c 5s 2d]; plays 20"
    box_two = "Box 2: ante 10 [Kc 8d 6h 4s 3c]; plays 20"
    dealer = "Dealer: [8h 8c 4d 3s Qs]"

    def analysed(*lines):
        lines = header + lines
        session = parse(lines, Source(file="t", first_line=1, last_line=len(lines), game_id="t"))
        return analyse_hand(session.hands[0])

    one, two = analysed(box_one, box_two, dealer)
    (alone,) = analysed(box_one, dealer)
    assert one.decisions[0].options == alone.decisions[0].options
    tree_two = DrawTree.build(codes("Kc 8d 6h 4s 3c"), codes("Qs")[0], codes("Ah Ad 7c 5s 2d"))
    assert dict(two.decisions[0].options)["play"] == pytest.approx(10 * tree_two.values[0], abs=1e-9)


def test_six_qualify_ace_king_boxes_are_analysed_with_that_qualifier():
    lines = ("Six-card poker session S-1", "Player: Anna", "Rules: dealer qualifies ace-king", "Hand 1",
             "Dealer up: Qs", "Box 1: ante 10 [Ah Ad 7c 5s 2d]; plays 20", "Dealer: [8h 8c 4d 3s Qs]")
    session = parse(lines, Source(file="t", first_line=1, last_line=len(lines), game_id="t"))
    (box,) = analyse_hand(session.hands[0], session.rules)
    tree = DrawTree.build(codes("Ah Ad 7c 5s 2d"), codes("Qs")[0], (), rules=session.rules)
    assert dict(box.decisions[0].options)["play"] == pytest.approx(10 * tree.values[0], abs=1e-9)
    assert tree.values[0] != pytest.approx(DrawTree.build(codes("Ah Ad 7c 5s 2d"), codes("Qs")[0], ()).values[0])


def test_six_qualify_ace_king_turns_the_dealer_game_decision_from_ante_to_buy():
    # Trips (a win is 1 + 2 x 3 = 7 antes) against K J T 9 2, whose 2 the house replaces; 42 cards
    # unseen. Pairs of K, J, T or 9 (12 cards) lose to the trips, a queen's straight (4) beats them.
    # Pair qualifier: -1 + (7 x 12 - 3 x 4) / 42 = 0.71 < 1, take the ante. Ace-king: the four aces
    # (A K J T 9) qualify the dealer too, and lose: -1 + (7 x 16 - 3 x 4) / 42 = 1.38 > 1, buy.
    player, dealer = codes("4h 4d 4c 7s 6h"), codes("Ks Jh Td 9c 2s")
    pair = dealer_game_options(player, dealer, (), bet_antes=2.0,
                               rules=SixcardRules.parse("dealer game replaces lowest"))
    ace_king = dealer_game_options(player, dealer, (), bet_antes=2.0,
                                   rules=SixcardRules.parse("dealer game replaces lowest, dealer qualifies ace-king"))
    assert dict(pair)["buy dealer game"] == pytest.approx(-1 + 72 / 42, abs=1e-12)
    assert dict(ace_king)["buy dealer game"] == pytest.approx(-1 + 100 / 42, abs=1e-12)
    assert max(pair, key=lambda o: o[1])[0] == "take ante"
    assert max(ace_king, key=lambda o: o[1])[0] == "buy dealer game"


@pytest.mark.parametrize("replaces", ["highest", "lowest"])
def test_six_qualify_ace_king_play_value_matches_brute_force(replaces):
    # Ace-king high beats the dealer's weaker ace-king highs (paid by the ace-king line, 1) and
    # buys his game when its lowest card is replaced by an ace.
    rules = SixcardRules.parse(f"dealer qualifies ace-king, dealer game replaces {replaces}")
    level = play_strength(codes("As Kh 4d 3c 2s"))
    assert play_strength(codes("Ac Qh Jd Tc 8s")) < level <= play_strength(codes("Ac Kh 5d 3c 2s"))
    dead = codes("Ad 7c 5s 2d Kd 8d 6h 4s 3c Qc Jc Tc 7h 6s")
    for hand, up in ((codes("As Kh Qd 9c 8h"), codes("2s")[0]), (codes("9s 9h 9d Kc 4d"), codes("2h")[0])):
        value = DrawTree.build(hand, up, dead, rules=rules).values[0]
        expected = brute_play(hand, up, dead, lowest=replaces == "lowest", qualify=level)
        assert value == pytest.approx(expected, abs=1e-12)


def test_six_qualify_dealer_game_value_follows_the_card_the_house_replaces():
    # Aces full (bet pays 7: a win is 1 + 2 x 7 = 15 antes) against K J T 9 2, 42 cards unseen.
    # Highest replaced: J T 9 2 + a card qualifies by pairing (3 x 4 = 12 cards), never a straight.
    # Lowest replaced: K J T 9 + a card pairs (12) or makes a straight with a queen (4): 16.
    player, dealer = codes("Ah Ad Ac 4c 4d"), codes("Ks Jh Td 9c 2s")
    highest = dict(dealer_game_options(player, dealer, (), bet_antes=2.0))
    lowest = dict(dealer_game_options(player, dealer, (), bet_antes=2.0,
                                      rules=SixcardRules.parse("dealer game replaces lowest")))
    assert highest["buy dealer game"] == pytest.approx(-1 + 15 * 12 / 42, abs=1e-12)
    assert lowest["buy dealer game"] == pytest.approx(-1 + 15 * 16 / 42, abs=1e-12)
    named = dict(dealer_game_options(player, dealer, (), bet_antes=2.0, replaced=codes("2s")[0]))
    assert named == lowest
    # the default leaves the card open: where no log names it, the highest is assumed
    assert dict(dealer_game_options(player, dealer, (), bet_antes=2.0,
                                    rules=SixcardRules.parse("dealer game replaces highest"))) == highest


def test_six_qualify_dealer_game_decision_is_valued_with_the_card_the_log_replaced():
    # The log replaces the 2 (any card may be, by default; the highest is assumed only where no
    # log names one): the decision is valued as the buy was made, 16 qualifying cards of 42; ante 10.
    lines = ("Six-card poker session S-1", "Player: Anna", "Hand 1", "Dealer up: 2s",
             "Box 1: ante 10 [Ah Ad Ac 4c 4d]; plays 20", "Dealer: [Ks Jh Td 9c 2s]",
             "Box 1 buys dealer game: 2s for Qh")
    session = parse(lines, Source(file="t", first_line=1, last_line=len(lines), game_id="t"))
    (box,) = analyse_hand(session.hands[0])
    game = box.decisions[-1]
    assert game.stage == "dealer_game" and game.taken == "buy dealer game"
    assert dict(game.options)["buy dealer game"] == pytest.approx(10 * (-1 + 15 * 16 / 42), abs=1e-9)


def test_play_value_when_the_house_replaces_the_dealers_lowest_card_matches_brute_force():
    rules = SixcardRules.parse("dealer game replaces lowest")
    hand, up = codes("9s 9h 9d Kc 4d"), codes("2s")[0]
    dead = codes("Ah Ad 7c 5s 2d Kd 8d 6h 4s 3c Qc Jc Tc 7h 6s")
    value = DrawTree.build(hand, up, dead, rules=rules).values[0]
    assert value == pytest.approx(brute_play(hand, up, dead, lowest=True), abs=1e-12)
    assert value != pytest.approx(brute_play(hand, up, dead), abs=1e-6)


@pytest.mark.parametrize("up", ["2c", "2d", "2h", "2s"])
def test_play_value_matches_brute_force_whatever_the_up_cards_suit(up):
    # The dealer hands are looked up with the up card moved to the first suit: each suit of it
    # must give the brute force's value (trips buy the dealer's game sometimes, so every part counts).
    hand, up = codes("9s 9h 9d Kc 4d"), codes(up)[0]
    dead = codes("Ah Ad 7c 5s Kd 8d 6h 4s 3c Qc Jc Tc 7h 6s")
    assert DrawTree.build(hand, up, dead).values[0] == pytest.approx(brute_play(hand, up, dead), abs=1e-12)


def test_deals_alike_up_to_the_suits_have_the_same_best_value():
    # What the exact house edge relies on: renaming the suits changes no EV.
    hand, up = codes("Th Jh Qh 9c 2c"), codes("3s")[0]
    rename = {0: 2, 1: 3, 2: 0, 3: 1}
    renamed = tuple((c & ~3) | rename[c & 3] for c in hand)
    assert best_first_decision(hand, up) == pytest.approx(
        best_first_decision(renamed, (up & ~3) | rename[up & 3]), abs=1e-12)


def _final_hand(tree, at):
    """(cards, drawn cards) of the final hand at index ``at`` of the tree's layout: play as
    dealt, exchange c for d, buy d1, buy d1 and exchange c for d2."""
    box, unseen, n = list(tree.orig), [int(c) for c in tree.unseen], tree.unseen.size
    if at == 0:
        return tuple(box), ()
    if at < 1 + 5 * n:
        c, d = divmod(at - 1, n)
        return tuple(unseen[d] if i == c else box[i] for i in range(5)), (unseen[d],)
    if at < 1 + 6 * n:
        d1 = at - 1 - 5 * n
        return tuple(box + [unseen[d1]]), (unseen[d1],)
    d1, rest = divmod(at - 1 - 6 * n, 6 * n)
    c, d2 = divmod(rest, n)
    six = box + [unseen[d1]]
    return tuple(unseen[d2] if i == c else six[i] for i in range(6)), (unseen[d1], unseen[d2])


@pytest.mark.parametrize("seed", range(4))
def test_final_hand_values_match_brute_force_on_random_deals(seed):
    # Random deals (two other boxes seen, so that the brute force stays quick) under random house
    # rules; in each, final hands with no, one and two drawn cards, and the strongest hands with
    # two drawn cards (those that may buy the dealer's game), against every dealer hand.
    rng = np.random.default_rng(seed)
    replaces = ("highest", "lowest")[seed % 2]
    qualifier = ("pair", "ace-king")[seed // 2]
    rules = SixcardRules.parse(f"dealer game replaces {replaces}, dealer qualifies {qualifier}")
    qualify = play_strength(codes("As Kh 4d 3c 2s")) if qualifier == "ace-king" else PAIR
    deck = [int(c) for c in rng.permutation(52)]
    box, up, dead = tuple(deck[:5]), deck[5], tuple(deck[6:16])
    tree = DrawTree.build(box, up, dead, rules=rules)
    n = tree.unseen.size
    layout = 1 + 6 * n + 6 * n * n
    assert tree.values.size == layout
    strengths = np.array([play_strength(_final_hand(tree, at)[0]) if not np.isnan(tree.values[at]) else -1
                          for at in range(layout)])
    picks = {0, int(rng.integers(1, 1 + 5 * n)), int(rng.integers(1 + 5 * n, 1 + 6 * n)),
             int(rng.integers(1 + 6 * n, layout))}
    two_drawn = np.arange(1 + 6 * n, layout)
    picks |= {int(at) for at in two_drawn[np.argsort(strengths[two_drawn])[-3:]]}
    for at in sorted(picks):
        if np.isnan(tree.values[at]):
            continue
        hand, drawn = _final_hand(tree, at)
        expected = brute_play(hand, up, dead, drawn=drawn, orig=box, lowest=replaces == "lowest", qualify=qualify)
        assert tree.values[at] == pytest.approx(expected, abs=1e-12), (at, hand, drawn)


def test_one_box_against_many_up_cards_values_each_deal_as_its_own_tree(monkeypatch):
    # best_first_decisions ranks the box's tree once over the 47 cards it leaves and drops each
    # up card from it, and skips valuing the dealer's game when bounds settle the best option;
    # every deal must come out as DrawTree builds it alone. The least and the greatest card left
    # are among the up cards (the dropped index at both ends), and the boxes are draws to strong
    # hands and random ones, so that deals settled by the bounds and deals valued in full are both
    # among them.
    import rules.sixcard_ev as engine

    class_sums, in_full = engine._class_sums, []
    rng = np.random.default_rng(15)
    boxes = [codes("Ah Kh Qh Jh 2c"), codes("9s 8s 7s 6d 2c"), codes("Kc Kd 7h 4s 2d")]
    boxes += [tuple(int(c) for c in rng.permutation(52)[:5]) for _ in range(3)]
    deals = 0
    for box in boxes:
        pool = sorted(set(range(52)) - set(box))
        ups = [pool[0], pool[-1], *(int(c) for c in rng.choice(pool[1:-1], 4, replace=False))]
        monkeypatch.setattr(engine, "_class_sums", lambda *a: in_full.append(1) or class_sums(*a))
        got = best_first_decisions(box, ups)
        monkeypatch.setattr(engine, "_class_sums", class_sums)
        deals += len(ups)
        for up, value in zip(ups, got):
            alone = max(v for _, v in DrawTree.build(box, up, ()).root_options())
            assert value == pytest.approx(alone, abs=1e-12), (box, up)
    assert 0 < len(in_full) < deals
    up = min(set(range(52)) - set(boxes[0]))
    assert best_first_decision(boxes[0], up) == best_first_decisions(boxes[0], [up])[0]


def test_six_bet_a_folded_box_is_valued_with_the_houses_bet():
    # A box that folds shows no bet: its "play" option is valued with the bet the house sets.
    lines = ("Six-card poker session S-1", "Player: Anna", "Rules: bet 3 antes", "Hand 1", "Dealer up: Qs",
             "Box 1: ante 10 [Kc 8d 6h 4s 3c]; folds", "Dealer: [8h 8c 4d 3s Qs]")
    session = parse(lines, Source(file="t", first_line=1, last_line=len(lines), game_id="t"))
    (box,) = analyse_hand(session.hands[0], session.rules)
    three = DrawTree.build(codes("Kc 8d 6h 4s 3c"), codes("Qs")[0], (), bet_antes=3.0).values[0]
    assert dict(box.decisions[0].options)["play"] == pytest.approx(10 * three, abs=1e-9)
    assert three != pytest.approx(DrawTree.build(codes("Kc 8d 6h 4s 3c"), codes("Qs")[0], ()).values[0])


def test_six_qualify_the_houses_dealer_game_cost_reaches_its_ev():
    player, dealer = codes("Kh Kd Ks 4c 4d"), codes("Qs 9h 7d 3c 2s")
    usual = dict(dealer_game_options(player, dealer, (), bet_antes=2.0))
    house = dict(dealer_game_options(player, dealer, (), bet_antes=2.0, rules=SixcardRules.parse("dealer game 2")))
    assert house["buy dealer game"] == pytest.approx(usual["buy dealer game"] - 1, abs=1e-12)
    assert house["take ante"] == usual["take ante"] == 1.0


def test_the_house_edges_bound_on_cards_that_qualify_a_bought_game():
    # The house edge settles a deal by bounds when it can: under the pair qualifier, a dealer
    # without a game who replaces one card qualifies with at most 12 cards below a straight,
    # 20 below a flush and 29 in all. Brute force over random no-game dealers and kept cards.
    straight, flush = play_strength(codes("5s 4h 3d 2c Ah")), play_strength(codes("7h 5h 4h 3h 2h"))
    rng = np.random.default_rng(29)
    seen = 0
    while seen < 300:
        dealer = [int(c) for c in rng.choice(52, 5, replace=False)]
        if play_strength(dealer) >= PAIR:
            continue
        seen += 1
        kept = dealer[:4]
        made = [play_strength(kept + [c]) for c in range(52) if c not in dealer]
        assert sum(PAIR <= s < straight for s in made) <= 12
        assert sum(PAIR <= s < flush for s in made) <= 20
        assert sum(PAIR <= s for s in made) <= 29
    # hand-worked, near the most there can be: 9h 8h 7h 6h kept (Ks replaced): 12 cards pair
    # them, a 5 or a T makes a straight (6) or, of hearts, a straight flush (2), and the other 7
    # hearts a flush: 27 in all
    kept = list(codes("9h 8h 7h 6h"))
    made = [play_strength(kept + [c]) for c in range(52) if c not in kept + list(codes("Ks"))]
    assert sum(PAIR <= s < straight for s in made) == 12
    assert sum(PAIR <= s < flush for s in made) == 18
    assert sum(PAIR <= s for s in made) == 27


def test_boxes_written_out_of_turn_are_valued_in_turn():
    # docs/casebook.md S.32, box 2 written first (a SIX-DRAW finding): box 1 is still decided first,
    # on its own cards and the up card, where folding (-5) beats playing (-5.25); valued with box 2's
    # sevens as seen, playing would look best.
    header = ("Six-card poker session S-1", "Player: Boris", "Hand 1", "Dealer up: 7d")
    box_one = "Box 1: ante 5 [Ad Qc 6c 4h 3s]; folds"
    box_two = "Box 2: ante 5 [7h 7c Qs Ts 5c]; plays 10"
    dealer = "Dealer: [5d 5h Kc 2c 7d]"

    def analysed(*lines):
        lines = header + lines
        session = parse(lines, Source(file="t", first_line=1, last_line=len(lines), game_id="t"))
        return analyse_hand(session.hands[0])

    in_turn = analysed(box_one, box_two, dealer)
    swapped = analysed(box_two, box_one, dealer)
    assert [(a.box, a.best_option) for a in swapped] == [(1, "fold"), (2, "play")]
    assert [a.decisions for a in swapped] == [a.decisions for a in in_turn]
    assert swapped[0].ev_lost == 0


def test_a_box_that_draws_twice_is_not_valued_and_its_dead_card_is_seen_by_the_next_box():
    # docs/casebook.md S.37: box 1 buys the Ks, then the Kh, a second buy (SIX-DRAW). The rules offer no
    # second buy, so box 1 has no figures; the Kh left the deck all the same, so box 2 is valued with
    # it seen, as after 'buys Ks; exchanges 2c for Kh' (the same cards seen), not as after 'buys Ks'.
    header = ("Six-card poker session S-1", "Player: Boris", "Hand 1", "Dealer up: 9d")

    def analysed(box_one):
        lines = header + (box_one, "Box 2: ante 5 [Qh Jh Th 3h 7c]; plays 10", "Dealer: [8d 8c 6s 3c 9d]")
        session = parse(lines, Source(file="t", first_line=1, last_line=len(lines), game_id="t"))
        return analyse_hand(session.hands[0])

    twice = analysed("Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; buys Kh; plays 10")
    assert twice[0] is None
    exchanged = analysed("Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; exchanges 2c for Kh; plays 10")
    once = analysed("Box 1: ante 5 [Kc Kd 7s 4h 2c]; buys Ks; plays 10")
    assert twice[1].decisions == exchanged[1].decisions != once[1].decisions
