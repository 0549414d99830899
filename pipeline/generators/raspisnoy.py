"""Random legal raspisnoy games, written as game logs or as score sheets.

Every choice is legal under the ruleset: bids respect the hook and the three-passes rule,
cards follow suit, jokers are declared as the rules allow; points and totals are the true
ones. So a generated game replays with no finding (the round-trip tests check that).

>>> text = generate("raspisnoy", count=1, seed=7, players=3, rounds=2)
>>> text.splitlines()[0], text.count("Round ")
('Raspisnoy game G-7-1', 2)
>>> generate("raspisnoy", players=2)
Traceback (most recent call last):
...
ValueError: players must be 3 to 6 (up to 10 with deck 54), not 2
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from rules.cards import Card, Suit
from rules.raspisnoy import (
    Declaration,
    JokerCall,
    RoundKind,
    Ruleset,
    allowed_bids,
    deal_order,
    dealer_of,
    legal_cards,
    round_points,
    schedule,
    trick_winner,
)

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Igor", "Kira", "Lev")
CLUBS = ("Tverskaya", "Arbat", "Nevsky")


@dataclass(slots=True)
class _Round:
    number: int
    cards: int
    kind: RoundKind
    dealer: str
    trump: Card | None
    hands: dict[str, list[Card]]
    bids: dict[str, int]
    tricks: list[tuple[list[tuple[str, Card, Declaration | None]], str]]
    won: dict[str, int]
    points: dict[str, Decimal]
    totals: dict[str, Decimal]


def generate(game: str = "raspisnoy", count: int = 1, seed: int = 0, *, players: int | str = 4,
             rules: str = "default", rounds: int | str | None = None, club: str | None = None) -> str:
    """``count`` games as text: ``game`` is ``raspisnoy`` (logs) or ``raspisnoy_sheet``.

    ``rules`` is a ``Rules:`` value; ``rounds`` stops each game early (an unfinished game).
    """
    if game not in ("raspisnoy", "raspisnoy_sheet"):
        raise ValueError(f"game must be raspisnoy or raspisnoy_sheet, not {game!r}")
    ruleset = Ruleset.parse(rules)
    count, players = int(count), int(players)
    most = 10 if ruleset.deck == 54 else 6
    if not 3 <= players <= most:
        raise ValueError(f"players must be 3 to 6 (up to 10 with deck 54), not {players}")
    rounds = None if rounds in (None, "", "all") else int(rounds)
    rng = random.Random(int(seed))
    texts = []
    for index in range(1, count + 1):
        names = tuple(rng.sample(NAMES[:max(players, 6)], players))
        first = rng.choice(names)
        played = list(play_game(rng, ruleset, names, first, rounds))
        when = datetime(2025, 1, 1, 19, 0) + timedelta(days=rng.randrange(700), minutes=30 * rng.randrange(8))
        header = {
            "name": f"G-{seed}-{index}", "date": when, "club": club or rng.choice(CLUBS),
            "rules": rules.strip() or "default", "ruleset": ruleset, "players": names, "first": first,
        }
        writer = write_log if game == "raspisnoy" else write_sheet
        texts.append(writer(header, played))
    return "\n".join(texts)


def play_game(rng: random.Random, rules: Ruleset, names: tuple[str, ...], first: str, rounds: int | None):
    """Yield the rounds of one random legal game."""
    totals = {name: Decimal(0) for name in names}
    passes = {name: [] for name in names}
    plan = schedule(rules, len(names))
    for scheduled in plan[:rounds]:
        dealer = dealer_of(names, first, scheduled.number)
        order = deal_order(names, dealer)
        cards = scheduled.cards
        deck = list(rules.deck_cards.cards)
        rng.shuffle(deck)
        if cards * len(names) >= len(deck):
            turned = rng.choice(deck)  # the whole deck is dealt: the trump card is drawn first
        else:
            turned = deck[cards * len(names)]
        hands = {name: [deck[i * len(order) + k] for i in range(cards)] for k, name in enumerate(order)}
        trump_card = None if scheduled.kind is RoundKind.NO_TRUMP else turned
        trump = None if trump_card is None or rules.is_joker(trump_card) else trump_card.suit
        bids: dict[str, int] = {}
        if scheduled.kind.has_bids:
            so_far = 0
            for name in order:
                allowed = sorted(allowed_bids(cards, so_far, name == dealer, passes[name], rules))
                weights = [1.0 / (1 + abs(b - cards / len(names))) for b in allowed]
                bid = rng.choices(allowed, weights)[0]
                bids[name] = bid
                passes[name].append(bid == 0)
                so_far += bid
        left = {name: Counter(hand) for name, hand in hands.items()}
        won = {name: 0 for name in order}
        tricks = []
        leader = order[0]
        for _ in range(cards):
            at = order.index(leader)
            plays: list[tuple[str, Card, Declaration | None]] = []
            for name in order[at:] + order[:at]:
                lead = plays[0] if plays else None
                legal, _ = legal_cards(left[name], lead[1] if lead else None, lead[2] if lead else None, trump, rules)
                card = rng.choice(sorted(legal, key=lambda c: c.code))
                declaration = _declare(rng, card, not plays, trump, rules)
                left[name][card] -= 1
                plays.append((name, card, declaration))
            winner = plays[trick_winner([(c, d) for _, c, d in plays], trump, rules)][0]
            won[winner] += 1
            tricks.append((plays, winner))
            leader = winner
        points = {}
        for name in order:
            points[name] = round_points(scheduled.kind, cards, bids.get(name), won[name], rules)
            totals[name] += points[name]
        yield _Round(scheduled.number, cards, scheduled.kind, dealer, trump_card, hands, bids, tricks, won,
                     points, dict(totals))


def _declare(rng: random.Random, card: Card, leading: bool, trump, rules: Ruleset) -> Declaration | None:
    if not rules.is_joker(card):
        return None
    if not leading:
        return Declaration(call=rng.choice((JokerCall.HIGH, JokerCall.LOW)))
    options = [Declaration(call=call, suit=suit) for call in (JokerCall.HIGH_SUIT, JokerCall.LOW_SUIT) for suit in Suit]
    if trump is not None:
        options.append(Declaration(call=JokerCall.HIGH_TRUMPS))
    return rng.choice(options)


def _num(value: Decimal) -> str:
    return str(value.normalize()) if value != value.to_integral_value() else str(value.quantize(Decimal(1)))


def _card(card: Card, declaration: Declaration | None = None) -> str:
    return str(card) + (f" {declaration}" if declaration else "")


def write_log(header: dict, rounds: list[_Round]) -> str:
    lines = [
        f"Raspisnoy game {header['name']}",
        f"Date: {header['date']:%Y-%m-%d %H:%M}",
        f"Club: {header['club']}",
        f"Players: {', '.join(header['players'])}",
        f"Rules: {header['rules']}",
        f"First dealer: {header['first']}",
    ]
    for rnd in rounds:
        order = list(rnd.hands)
        joker = rnd.trump is not None and header["ruleset"].is_joker(rnd.trump)
        trump = "none" if rnd.trump is None else str(rnd.trump) + (" (joker)" if joker else "")
        word = "card" if rnd.cards == 1 else "cards"
        lines += ["", f"Round {rnd.number}: {rnd.cards} {word}, {rnd.kind.value}, dealer {rnd.dealer}, trump {trump}"]
        hands = "Hands: " + ", ".join(f"{name} [{' '.join(str(c) for c in rnd.hands[name])}]" for name in order)
        bids = "Bids: " + ", ".join(f"{name} {rnd.bids.get(name)}" for name in order)
        if rnd.kind is RoundKind.BLIND:
            lines += [bids, hands]
        elif rnd.kind.has_bids:
            lines += [hands, bids]
        else:
            lines.append(hands)
        for number, (plays, winner) in enumerate(rnd.tricks, 1):
            played = ", ".join(f"{name} {_card(card, declaration)}" for name, card, declaration in plays)
            lines.append(f"Trick {number}: {played}; won by {winner}")
        lines.append("Points: " + ", ".join(f"{name} {_num(rnd.points[name])}" for name in order))
        lines.append("Totals: " + ", ".join(f"{name} {_num(rnd.totals[name])}" for name in order))
    return "\n".join(lines) + "\n"


def write_sheet(header: dict, rounds: list[_Round]) -> str:
    names = header["players"]
    width = max(9, *(len(n) for n in names))
    lines = [
        f"Raspisnoy sheet {header['name']}",
        f"Date: {header['date']:%Y-%m-%d}",
        f"Club: {header['club']}",
        f"Players: {' | '.join(names)}",
        f"Rules: {header['rules']}",
        f"First dealer: {header['first']}",
        "",
        " #  cards kind      | " + " | ".join(n.ljust(width) for n in names).rstrip(),
    ]
    for rnd in rounds:
        cells = []
        for name in names:
            bid = str(rnd.bids[name]) if name in rnd.bids else "-"
            cells.append(f"{bid}/{rnd.won[name]} {_num(rnd.totals[name])}".ljust(width))
        lines.append(f"{rnd.number:>2}  {rnd.cards:<5} {rnd.kind.value:<9} | " + " | ".join(cells).rstrip())
    return "\n".join(lines) + "\n"
