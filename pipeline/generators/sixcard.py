"""Random six-card poker sessions as log text (docs/formats.md), played by a chosen strategy.

Strategies: ``random`` (any legal choice), ``simple`` (a rule of thumb: play a pair or
better or ace-king, buy to four to a flush, buy the dealer's game with a straight or
better) and ``best`` (the exact EV of rules/sixcard_ev.py at every decision). Every choice is
legal under the house rules ``rules`` (a ``Rules:`` value, written into each session): the
bet, the dealer's qualifier and the dealer card his bought game replaces are the rules' own.
The nets of the ``Result:`` lines are the replay's own, so a generated log has no findings,
unless ``wrong_results`` (a probability per hand) asks for a wrong claim now and then.

>>> text = generate("sixcard", count=1, seed=3, hands=2, strategy="simple")
>>> text.splitlines()[0]
'Six-card poker session G-3-1'
>>> generate("sixcard", count=1, seed=3, strategy="clever")
Traceback (most recent call last):
...
ValueError: strategy must be random, simple or best, not 'clever'
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from decimal import Decimal

from pipeline.generators import one_of
from rules.cards import Card, format_cards
from rules.evaluator import HandCategory, evaluate
from rules.records import GameInfo, Source
from rules.sixcard import (
    ANTE_RANGE,
    MAX_BOXES,
    Box,
    DealerBuy,
    SixcardHand,
    SixcardRules,
    SixcardSession,
    dealer_qualifies,
    may_draw,
    replaced_card,
    replay,
)
from rules.sixcard_ev import DrawTree, dealer_game_options

STRATEGIES = ("random", "simple", "best")
CHOICES = {"sixcard": {"strategy": STRATEGIES}}
"""The settings whose value is one of a few, by game: the command's help lists them."""
_ANTES = (5, 10, 20, 25, 50, 100)
_PLAYERS = ("Anna", "Boris", "Vera", "Gleb", "Dasha")
_CASINOS = ("Metropol", "Shangri La", "Tverskaya")


def generate(game: str = "sixcard", count: int = 1, seed: int = 0, *, hands: int | str = 10,
             strategy: str = "simple", boxes: int | str | None = None, ante: int | str | None = None,
             wrong_results: float | str = 0.0, rules: str = "default") -> str:
    """``count`` sessions of ``hands`` hands each, as one text; ``rules`` is a ``Rules:`` value."""
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be {one_of(STRATEGIES)}, not {strategy!r}")
    hands, wrong = int(hands), float(wrong_results)
    boxes = int(boxes) if boxes not in (None, "") else None
    ante = int(ante) if ante not in (None, "") else None
    if boxes is not None and not 1 <= boxes <= MAX_BOXES:
        raise ValueError(f"boxes must be 1 to {MAX_BOXES}, not {boxes}")
    low, high = ANTE_RANGE
    if ante is not None and not low <= ante <= high:
        raise ValueError(f"ante must be {low} to {high}, not {ante}")
    rules = rules.strip() or "default"
    ruleset = SixcardRules.parse(rules)
    rng = random.Random(seed)
    texts = []
    for number in range(1, int(count) + 1):
        texts.append(_session(rng, f"G-{seed}-{number}", hands, strategy, boxes, ante, wrong, rules, ruleset))
    return "\n\n".join(texts) + "\n"


def _session(rng: random.Random, name: str, count: int, strategy: str, boxes: int | None, ante: int | None,
             wrong: float, rules: str, ruleset: SixcardRules) -> str:
    player = rng.choice(_PLAYERS)
    start = datetime(2026, 11, 1, 20, 0) + timedelta(days=rng.randrange(60), minutes=rng.randrange(240))
    lines = [f"Six-card poker session {name}", f"Date: {start:%Y-%m-%d %H:%M}",
             f"Casino: {rng.choice(_CASINOS)}", f"Player: {player}"]
    if rules != "default":
        lines.append(f"Rules: {rules}")
    for number in range(1, count + 1):
        n_boxes = boxes or rng.randint(1, MAX_BOXES)
        antes = [Decimal(ante or rng.choice(_ANTES)) for _ in range(n_boxes)]
        hand = _play_hand(rng, number, antes, strategy, ruleset)
        lines.append("")
        lines.extend(_hand_lines(rng, hand, player, wrong, ruleset))
    return "\n".join(lines)


def _play_hand(rng: random.Random, number: int, antes: list[Decimal], strategy: str,
               rules: SixcardRules) -> SixcardHand:
    deck = [Card.from_code(c) for c in range(52)]
    rng.shuffle(deck)
    dealt = [tuple(deck.pop() for _ in range(5)) for _ in antes]
    dealer = tuple(deck.pop() for _ in range(5))
    up = dealer[-1]
    boxes = []
    drawn: list[Card] = []
    for k, (ante, cards) in enumerate(zip(antes, dealt)):
        seen = [c for j, other in enumerate(dealt) if j != k for c in other] + drawn
        box = _play_box(rng, k + 1, ante, cards, up, seen, deck, strategy, may_draw(k + 1, len(antes)), rules)
        drawn += [c for c in (box.bought, box.exchanged_in) if c is not None]
        boxes.append(box)
    buys = []
    if not dealer_qualifies(evaluate(dealer), rules):
        replaced = replaced_card(dealer, rules)  # the card the house fixes, else the one assumed
        for box in boxes:
            if box.folds:
                continue
            if _buys_dealer_game(rng, box, dealer, boxes, strategy, buys, rules):
                buys.append(DealerBuy(box=box.number, out=replaced, into=deck.pop(), line=0))
    return SixcardHand(number=number, dealer_up=up, boxes=tuple(boxes), dealer_cards=dealer,
                       dealer_buys=tuple(buys), line=0, dealer_line=0)


def _play_box(rng, number, ante, cards, up, seen, deck, strategy, draws, rules) -> Box:
    bought = out = into = None
    hand = list(cards)
    if draws:
        if strategy == "best":
            tree = DrawTree.build(tuple(c.code for c in cards), up.code, tuple(c.code for c in seen),
                                  bet_antes=float(rules.bet_antes), rules=rules)
            choice = _best(tree.root_options())
            if choice == "buy":
                bought = deck.pop()
                hand.append(bought)
                choice = _best(tree.after_buy_options(bought.code))
            if choice.startswith("exchange"):
                out, into = Card.parse(choice.split()[1]), deck.pop()
                choice = _best(tree.after_exchange_options(out.code, into.code, bought.code if bought else None))
            folds = choice == "fold"
        else:
            if _wants_buy(rng, hand, strategy):
                bought = deck.pop()
                hand.append(bought)
            if strategy == "random" and rng.random() < 0.25:
                out, into = rng.choice(hand), deck.pop()
            folds = _wants_fold(rng, hand if out is None else [into if c == out else c for c in hand], strategy)
    else:
        folds = False
    return Box(number=number, ante=ante, cards=cards, bought=bought, exchanged_out=out, exchanged_in=into,
               folds=folds, bet=None if folds else ante * rules.bet_antes, line=0)


def _best(options) -> str:
    return max(options, key=lambda o: o[1])[0]


def _wants_buy(rng, hand, strategy) -> bool:
    if strategy == "random":
        return rng.random() < 0.3
    suits = [c.suit for c in hand]
    return evaluate(hand).category < HandCategory.PAIR and max(suits.count(s) for s in set(suits)) == 4


def _wants_fold(rng, hand, strategy) -> bool:
    if strategy == "random":
        return rng.random() < 0.2
    value = evaluate(hand)
    ranks = {c.rank for c in hand}
    return value.category < HandCategory.PAIR and not {12, 11} <= {int(r) for r in ranks}


def _buys_dealer_game(rng, box, dealer, boxes, strategy, buys, rules) -> bool:
    if strategy == "random":
        return rng.random() < 0.3
    final = box.final_cards
    if strategy == "simple":
        return evaluate(final).category >= HandCategory.STRAIGHT
    known = {c.code for b in boxes for c in b.cards + ((b.bought,) if b.bought else ()) + b.final_cards}
    known |= {b.into.code for b in buys}
    known -= {c.code for c in final} | {c.code for c in dealer}
    options = dealer_game_options(tuple(c.code for c in final), tuple(c.code for c in dealer), tuple(known),
                                  bet_antes=float(box.bet / box.ante), rules=rules)
    return _best(options) == "buy dealer game"


def _hand_lines(rng, hand: SixcardHand, player: str, wrong: float, rules: SixcardRules) -> list[str]:
    session = SixcardSession(source=Source(file="", first_line=1, last_line=1, game_id=""),
                             info=GameInfo(game="sixcard"), session_id="", player=player, hands=(hand,),
                             rules=rules)
    nets = {fact.box.number: fact.net for fact in replay(session).boxes}
    if wrong and rng.random() < wrong:
        victim = rng.choice(list(nets))
        nets[victim] += hand.boxes[victim - 1].ante
    lines = [f"Hand {hand.number}", f"Dealer up: {hand.dealer_up}"]
    for box in hand.boxes:
        text = f"Box {box.number}: ante {box.ante} [{format_cards(box.cards)}]"
        if box.bought:
            text += f"; buys {box.bought}"
        if box.exchanged_out:
            text += f"; exchanges {box.exchanged_out} for {box.exchanged_in}"
        text += "; folds" if box.folds else f"; plays {box.bet}"
        lines.append(text)
    lines.append(f"Dealer: [{format_cards(hand.dealer_cards)}]")
    for buy in hand.dealer_buys:
        lines.append(f"Box {buy.box} buys dealer game: {buy.out} for {buy.into}")
    lines.append("Result: " + ", ".join(f"box {n} {net:+}" for n, net in nets.items()))
    return lines


__all__ = ["STRATEGIES", "generate"]
