"""Legal raspisnoy games, written as game logs or as score sheets.

Every choice is legal under the ruleset, whatever its settings: bids respect the hook and the
three-passes rule (the run of passes kept by the rules' own ``PassHistory``, so ``pass run``
counts as the replay counts it), cards follow suit, jokers are declared as the rules allow
(``joker_lead_calls``); points and totals are the true ones. So a generated game replays with
no finding (the round-trip tests check that, under every setting).

Two strategies. ``club`` (the default) plays like a club's regular: each bid is the tricks the
hand is worth (high cards, trumps, the joker; the share of the tricks when bidding blind), the
nearest legal one; in play a player short of his bid tries to take the trick with the cheapest
card that wins it, one who has made it ducks under the cards on the table, the joker is called
high or low to suit, misere ducks, golden takes. Bids come true about half the time or a little more (0.5-0.6 with 3-6 players). ``random``
bids near an even share and plays any legal card, leading the joker with any call the rules
allow: the widest variety of situations, for tests.

>>> text = generate("raspisnoy", count=1, seed=7, players=3, rounds=2)
>>> text.splitlines()[0], text.count("Round ")
('Raspisnoy game G-7-1', 2)
>>> generate("raspisnoy", strategy="cautious")
Traceback (most recent call last):
...
ValueError: strategy must be club or random, not 'cautious'
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

from pipeline.generators import one_of
from rules.cards import Card, Suit
from rules.raspisnoy import (
    FEWEST_PLAYERS,
    MOST_PLAYERS,
    Declaration,
    JokerCall,
    PassHistory,
    RoundKind,
    Ruleset,
    WholeDeckTrump,
    deal_order,
    dealer_of,
    joker_lead_calls,
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


STRATEGIES = ("club", "random")
CHOICES = {game: {"strategy": STRATEGIES} for game in ("raspisnoy", "raspisnoy_sheet")}
"""The settings whose value is one of a few, by game: the command's help lists them."""


def generate(game: str = "raspisnoy", count: int = 1, seed: int = 0, *, players: int | str = 4,
             rules: str = "default", rounds: int | str | None = None, club: str | None = None,
             date: str | None = None, strategy: str = "club") -> str:
    """``count`` games as text: ``game`` is ``raspisnoy`` (logs) or ``raspisnoy_sheet``.

    ``rules`` is a ``Rules:`` value; ``rounds`` stops each game early (an unfinished game);
    ``strategy`` is ``club`` (bids what the hand is worth, plays to make it) or ``random``.
    Each game's club and day are drawn from the seed (a day of 2025 and 2026), unless ``club`` and
    ``date`` (``2026-12-05``) give them: both given, the games are one evening in one club.

    >>> night = generate(count=3, club="Arbat", date="2026-12-05")
    >>> sorted({line[:16] for line in night.splitlines() if line.startswith("Date: ")}), night.count("Club: Arbat")
    (['Date: 2026-12-05'], 3)
    >>> generate(date="5 Dec")
    Traceback (most recent call last):
    ...
    ValueError: date must be a day written like 2026-12-05, not '5 Dec'
    """
    if game not in ("raspisnoy", "raspisnoy_sheet"):
        raise ValueError(f"game must be raspisnoy or raspisnoy_sheet, not {game!r}")
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be {one_of(STRATEGIES)}, not {strategy!r}")
    ruleset = Ruleset.parse(rules)
    count, players = int(count), int(players)
    if not FEWEST_PLAYERS <= players <= MOST_PLAYERS[ruleset.deck]:
        raise ValueError(f"players must be {FEWEST_PLAYERS} to {MOST_PLAYERS[36]} (up to {MOST_PLAYERS[54]} with "
                         f"deck 54), not {players}")
    rounds = None if rounds in (None, "", "all") else int(rounds)
    evening = _evening(date)
    rng = random.Random(int(seed))
    texts = []
    for index in range(1, count + 1):
        names = tuple(rng.sample(NAMES[:max(players, 6)], players))
        first = rng.choice(names)
        played = list(play_game(rng, ruleset, names, first, rounds, strategy))
        # (drawn whether a date is given or not: the games are the same either way, but for their day)
        day, start = rng.randrange(700), timedelta(minutes=30 * rng.randrange(8))
        when = (evening or datetime(2025, 1, 1, 19, 0) + timedelta(days=day)) + start
        header = {
            "name": f"G-{seed}-{index}", "date": when, "club": club or rng.choice(CLUBS),
            "rules": rules.strip() or "default", "ruleset": ruleset, "players": names, "first": first,
        }
        writer = write_log if game == "raspisnoy" else write_sheet
        texts.append(writer(header, played))
    return "\n".join(texts)


def _evening(date: str | None) -> datetime | None:
    """7 pm of the day ``date`` writes (``2026-12-05``), when the games start from; None for no date."""
    if date in (None, ""):
        return None
    try:
        return datetime.strptime(str(date).strip(), "%Y-%m-%d").replace(hour=19)
    except ValueError:
        raise ValueError(f"date must be a day written like 2026-12-05, not {date!r}") from None


def play_game(rng: random.Random, rules: Ruleset, names: tuple[str, ...], first: str, rounds: int | None,
              strategy: str = "club"):
    """Yield the rounds of one legal game played by ``strategy`` (``club`` or ``random``)."""
    clever = strategy == "club"
    totals = {name: Decimal(0) for name in names}
    pass_history = PassHistory(names, rules)
    plan = schedule(rules, len(names))
    for scheduled in plan[:rounds]:
        dealer = dealer_of(names, first, scheduled.number)
        order = deal_order(names, dealer)
        cards = scheduled.cards
        deck = list(rules.deck_cards.cards)
        rng.shuffle(deck)
        hands = {name: [deck[i * len(order) + k] for i in range(cards)] for k, name in enumerate(order)}
        if cards * len(names) < len(deck):
            turned = deck[cards * len(names)]
        elif rules.whole_deck_trump is WholeDeckTrump.DEALER:
            turned = rng.choice(hands[dealer])  # the whole deck is dealt: the dealer shows one of his cards
        else:
            turned = rng.choice(deck)  # the whole deck is dealt: the trump card is drawn first
        trump_card = None if scheduled.kind is RoundKind.NO_TRUMP else turned
        trump = None if trump_card is None or rules.is_joker(trump_card) else trump_card.suit
        bids: dict[str, int] = {}
        if scheduled.kind.has_bids:
            so_far = 0
            for name in order:
                allowed = sorted(pass_history.allowed(name, cards, so_far, name == dealer))
                if clever:
                    worth = (cards / len(names) if scheduled.kind.bids_unseen
                             else hand_worth(hands[name], trump, cards, len(names), rules))
                    bid = min(allowed, key=lambda b: (abs(b - worth), rng.random()))
                else:
                    weights = [1.0 / (1 + abs(b - cards / len(names))) for b in allowed]
                    bid = rng.choices(allowed, weights)[0]
                bids[name] = bid
                so_far += bid
        pass_history.record(scheduled.kind, bids)
        left = {name: Counter(hand) for name, hand in hands.items()}
        won = {name: 0 for name in order}
        tricks = []
        leader = order[0]
        for _ in range(cards):
            at = order.index(leader)
            plays: list[tuple[str, Card, Declaration | None]] = []
            for name in order[at:] + order[:at]:
                lead = plays[0] if plays else None
                legal = legal_cards(left[name], lead[1] if lead else None, lead[2] if lead else None, trump,
                                    rules).cards
                if clever:
                    wants = _wants_trick(scheduled.kind, bids.get(name), won[name], left[name], trump, rules)
                    card, declaration = choose_play(rng, sorted(legal, key=lambda c: c.code), plays, wants,
                                                    len(plays) == len(order) - 1, left[name], trump, rules)
                else:
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


# ////////////////////////////////////////////////////////////////////// the club strategy

# The worths are least-squares fits of the tricks this strategy takes (40 games, 3-6 players).
_TRUMP_WORTH = {12: 0.9, 11: 0.7, 10: 0.7, 9: 0.5, 8: 0.5}
"""What a trump is worth in tricks by rank index (A = 12); lower trumps 0.25."""
_SIDE_WORTH = {12: 0.55, 11: 0.1}
"""What a plain ace and king outside trumps are worth."""
_NO_TRUMP_WORTH = {12: 0.85, 11: 0.3, 10: 0.15}
"""The same in a round without trumps, where no one can ruff them."""


def hand_worth(hand: list[Card], trump: Suit | None, cards: int, players: int, rules: Ruleset) -> float:
    """The tricks a hand is worth: the joker one, trumps by rank, side aces and kings; at most ``cards``.

    With one card each, only the joker or a high trump is likely the best card on the table. The
    sum is rounded after taking 0.4 off: bidding a little low made ~54% of bids come true against
    ~51% rounding plainly (a player over his bid can still duck; one short may find no winner).

    >>> r, c = Ruleset(), Card.parse
    >>> hand_worth([c("7s"), c("Ah"), c("Kh"), c("6d")], Suit.HEARTS, 4, 4, r)  # 1 + 0.9 + 0.7 + 0.2 - 0.4
    2.0
    >>> hand_worth([c("Ad")], Suit.HEARTS, 1, 4, r)
    0.0
    """
    worth = 0.0
    trumps = 0
    side = _SIDE_WORTH if trump is not None else _NO_TRUMP_WORTH
    for card in hand:
        if rules.is_joker(card):
            worth += 1.0
            continue
        rank = int(card.rank)
        if trump is not None and card.suit == trump:
            trumps += 1
            worth += _TRUMP_WORTH.get(rank, 0.25)
        else:
            worth += side.get(rank, 0.0)
    if trumps >= 4:  # long trumps take tricks by ruffing
        worth += 0.9 * (trumps - 3)
    worth += (0.2 if trump is not None else 0.3) * cards / players  # a share of the small tricks
    if cards == 1:
        worth = 1.0 if worth >= 0.85 else 0.0
    return min(float(cards), float(round(worth - 0.4)))  # rounded low: an over costs less than an under


def _wants_trick(kind: RoundKind, bid: int | None, won: int, hand: Counter, trump: Suit | None,
                 rules: Ruleset) -> bool:
    """Whether the player tries to take the trick now: golden; short of his bid, unless the sure
    winners he keeps (jokers, trump ace and king) make up the rest while other tricks remain."""
    if kind is RoundKind.GOLDEN:
        return True
    if kind is RoundKind.MISERE:
        return False
    need = (bid or 0) - won
    if need <= 0:
        return False
    left = sum(hand.values())
    sure = sum(n for c, n in hand.items() if n > 0 and (rules.is_joker(c) or (
        trump is not None and c.suit == trump and int(c.rank) >= 11)))
    return need > sure or need >= left


def _strength(card: Card, trump: Suit | None, rules: Ruleset) -> int:
    """An order for choosing among cards: the joker, then trumps, then plain cards, each by rank."""
    if rules.is_joker(card):
        return 200
    return card.code + (100 if trump is not None and card.suit == trump else 0)


def _lead_value(card: Card, trump: Suit | None, rules: Ruleset) -> int:
    """An order for leading to take a trick: the joker, the trump ace and king, side aces, other trumps."""
    if rules.is_joker(card):
        return 100
    rank = int(card.rank)
    if trump is not None and card.suit == trump:
        return 90 + rank if rank >= 11 else 50 + rank
    return 80 if rank == 12 else rank


def choose_play(rng: random.Random, legal: list[Card], plays: list, wants: bool, last: bool, hand: Counter,
                trump: Suit | None, rules: Ruleset) -> tuple[Card, Declaration | None]:
    """The card (and the joker's call) of a player who wants the trick, or wants to lose it.

    Leading, he leads his strongest card to take a trick, his weakest to lose one. Following,
    he takes the trick with the cheapest card that beats the table when he plays last (else the
    strongest, keeping the joker for when nothing else wins), or ducks with the strongest card
    that does not win; when he cannot have what he wants, he keeps his good cards.
    """
    by_strength = sorted(legal, key=lambda c: _strength(c, trump, rules))
    if not plays:
        card = max(legal, key=lambda c: _lead_value(c, trump, rules)) if wants else by_strength[0]
        if len(by_strength) > 1 and rules.is_joker(card) and not wants:
            card = by_strength[0]
        return card, _lead_call(rng, card, wants, hand, trump, rules) if rules.is_joker(card) else None
    table = [(c, d) for _, c, d in plays]
    winning, losing = [], []
    for card in by_strength:
        declaration = Declaration(call=JokerCall.HIGH if wants else JokerCall.LOW) if rules.is_joker(card) else None
        (winning if trick_winner(table + [(card, declaration)], trump, rules) == len(table) else losing).append(
            (card, declaration))
    if wants and winning:
        plain = [w for w in winning if not rules.is_joker(w[0])] or winning
        return plain[0] if last else plain[-1]
    if not wants and losing:
        plain = [w for w in losing if not rules.is_joker(w[0])] or losing
        return plain[-1]
    if wants:
        return losing[0]  # cannot take it: the cheapest card, the good ones kept
    return winning[-1]  # must take it: the strongest card goes, the one that could take a trick later


def _lead_call(rng: random.Random, card: Card, wants: bool, hand: Counter, trump: Suit | None,
               rules: Ruleset) -> Declaration:
    """A led joker's call: high trumps (or high in his longest suit) to take, low in a suit to lose."""
    if wants and trump is not None:
        return Declaration(call=JokerCall.HIGH_TRUMPS)
    counts = Counter(c.suit for c, n in hand.items() if n > 0 and not rules.is_joker(c))
    suit = counts.most_common(1)[0][0] if counts else rng.choice(list(Suit))
    return Declaration(call=JokerCall.HIGH_SUIT if wants else JokerCall.LOW_SUIT, suit=suit)


def _declare(rng: random.Random, card: Card, leading: bool, trump, rules: Ruleset) -> Declaration | None:
    if not rules.is_joker(card):
        return None
    if not leading:
        return Declaration(call=rng.choice((JokerCall.HIGH, JokerCall.LOW)))
    return rng.choice(joker_lead_calls(trump, rules))


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
        if rnd.kind.bids_unseen:
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
