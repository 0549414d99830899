"""Random legal Chinese poker and OFC hands as log text: demo data, round-trip tests, benchmarks.

The players follow a simple strategy that is legal but not perfect, so fouls occur:
in Chinese poker the best back, then the best middle of what is left (with a small chance
of a careless middle, which may foul); in OFC each card goes where it pairs or suits what
the row holds, with some noise, which fouls now and then as beginners do. Claims
(``Royalties:``, ``Points:``) are computed by the rules, or made wrong on purpose with
``mistakes`` so that the demo shows findings.

>>> text = generate("chinese", count=2, seed=1, players=3)
>>> text.count("Chinese poker hand"), text.splitlines()[0]
(2, 'Chinese poker hand C-1-1')
>>> generate("ofc", count=1, seed=1, variant="pineapple", players=4)
Traceback (most recent call last):
...
ValueError: pineapple deals 17 cards a player: at most 3 players with 52 cards, not 4
"""

from __future__ import annotations

import itertools
import random
from datetime import datetime, timedelta
from typing import NamedTuple

import numpy as np

from pipeline.generators import one_of, player_range
from rules.cards import Card, Deck, format_cards
from rules.chinese import (
    ROWS,
    ChineseRules,
    NaturalKind,
    Row,
    RoyaltyTable,
    Scoring,
    Seated,
    Status,
    rank_rows,
    seat_order,
    settle,
    totals,
)
from rules.evaluator import RankOrder, evaluate_many
from rules.ofc import qualifies_entry, qualifies_stay

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Inna", "Kirill")
_COMBOS = {(n, k): np.array(list(itertools.combinations(range(n), k)), dtype=np.int64)
           for n, k in ((13, 5), (8, 5), (14, 5), (9, 5), (4, 3))}


SETTINGS: dict[str, dict[str, object]] = {
    "chinese": {"players": "2-4", "scoring": "random", "mistakes": 0, "foul_rate": 0.05,
                "surrender_rate": 0.05, "club": "Tverskaya"},
    "ofc": {"players": "2-3", "scoring": "1-6", "variant": "classic", "royalties": "classic", "mistakes": 0,
            "club": "Tverskaya"},
}
"""Each game's settings (``-o KEY=VALUE``) and what they are by default, for the command's help."""
SCORINGS = tuple(scoring.value for scoring in Scoring)
VARIANTS = ("classic", "pineapple", "fantasyland")
CHOICES = {
    "chinese": {"scoring": ("random", *SCORINGS)},
    "ofc": {"scoring": SCORINGS, "variant": VARIANTS,
            "royalties": tuple(table.value for table in RoyaltyTable if table is not RoyaltyTable.CHINESE)},
}
"""The settings whose value is one of a few, by game: the command's help lists them."""


def generate(game: str, count: int = 10, seed: int = 0, **options) -> str:
    """``count`` hands of ``game`` (``chinese`` or ``ofc``) as one log text.

    Options (strings from the CLI are accepted): ``players`` (2-4, default random),
    ``scoring`` (1-6 or 2-4), ``variant`` (OFC: classic, pineapple, fantasyland),
    ``royalties`` (OFC: classic or modern), ``mistakes`` (share of hands with a wrong
    claim, default 0), ``foul_rate`` (Chinese: share of careless settings, default 0.05),
    ``surrender_rate`` (Chinese, default 0.05), ``club``. In OFC's Fantasyland variant a player
    plays Fantasyland only when the hand before earned it (queens or better in front on a hand that
    does not foul, or a stay): the table then plays on, the same players, the deal to the dealer's left.
    """
    count, seed = int(count), int(seed)
    rng = random.Random(seed)
    players = options.pop("players", None)      # the fewest and most a hand deals in (2-4 by default)
    players = None if players in (None, "", "random") else player_range(players, 2, 4)
    mistakes = float(options.pop("mistakes", 0))
    club = options.pop("club", "Tverskaya")
    start = datetime(2026, 11, 28, 20, 0)
    texts = []
    if game == "chinese":
        scoring = options.pop("scoring", "random")     # (the default, which may be named too)
        foul_rate = float(options.pop("foul_rate", 0.05))
        surrender_rate = float(options.pop("surrender_rate", 0.05))
        _no_more(options)
        for i in range(count):
            n = _dealt_in(rng, players or (2, 4))
            texts.append(_chinese_hand(rng, f"C-{seed}-{i + 1}", start + timedelta(minutes=3 * i), club, n,
                                       Scoring.parse(scoring) if scoring not in ("", "random") else rng.choice(list(Scoring)),
                                       foul_rate, surrender_rate, rng.random() < mistakes))
    elif game == "ofc":
        variant = options.pop("variant", "classic")
        if variant not in VARIANTS:
            raise ValueError(f"variant must be {one_of(VARIANTS)}, not {variant!r}")
        scoring = Scoring.parse(options.pop("scoring", "1-6"))
        royalties = options.pop("royalties", "classic")
        if royalties not in CHOICES["ofc"]["royalties"]:
            raise ValueError(f"royalties must be {one_of(CHOICES['ofc']['royalties'])}, not {royalties!r}")
        table = RoyaltyTable(royalties)
        _no_more(options)
        per_player = 13 if variant == "classic" else 17
        limit = 52 // per_player
        if players and players[1] > limit:
            raise ValueError(f"{variant} deals {per_player} cards a player: at most {limit} players with 52 "
                             f"cards, not {players[1]}")
        before: _Table | None = None
        for i in range(count):
            n = len(before.names) if before and before.fantasyland else _dealt_in(rng, players or (2, min(3, limit)))
            text, before = _ofc_hand(rng, f"O-{seed}-{i + 1}", start + timedelta(minutes=4 * i), club, n, variant,
                                     scoring, table, rng.random() < mistakes, before)
            texts.append(text)
    else:
        raise ValueError(f"this generator writes chinese or ofc hands, not {game!r}")
    return "\n".join(texts)


def _dealt_in(rng: random.Random, players: tuple[int, int]) -> int:
    """How many players a hand deals in: drawn from the range, unless it is one number (no draw, so
    that a run of a fixed number of players deals the cards it always did for its seed)."""
    low, high = players
    return low if low == high else rng.randint(low, high)


def _no_more(options: dict) -> None:
    if options:
        raise ValueError(f"unknown option(s): {', '.join(sorted(options))}")


# ---------------------------------------------------------------- setting 13 cards


def _best(cards: list[Card], k: int, pick=np.argmax) -> tuple[list[Card], list[Card]]:
    """The strongest k cards of ``cards`` (by the evaluator) and the rest; ``pick=np.argmin``:
    the weakest."""
    combos = _COMBOS[(len(cards), k)]
    codes = np.array([c.code for c in cards], dtype=np.int64)[combos]
    chosen = [cards[i] for i in combos[int(pick(evaluate_many(codes, RankOrder.STANDARD)))]]
    return chosen, [c for c in cards if c not in chosen]


def _worst(cards: list[Card], k: int) -> tuple[list[Card], list[Card]]:
    return _best(cards, k, pick=np.argmin)


def set_hand(cards: list[Card], careless: bool = False) -> dict[Row, list[Card]]:
    """Best back, then the best middle of the rest (never fouls); careless: the weakest middle."""
    back, rest = _best(cards, 5)
    middle, rest = (_worst if careless else _best)(rest, 5)
    if len(rest) > 3:
        front, rest = _best(rest, 3)
    else:
        front = rest
    return {Row.BACK: back, Row.MIDDLE: middle, Row.FRONT: front}


def _rows_text(rows: dict[Row, list[Card]], *, skip_empty: bool = False) -> str:
    return " ".join(f"{row} [{format_cards(rows[row])}]" for row in ROWS if rows[row] or not skip_empty)


def _claims(rng: random.Random, royalties: dict[str, int], points: dict[str, int], wrong: bool) -> list[str]:
    royalties, points = dict(royalties), dict(points)
    if wrong:
        names = list(points)
        if rng.random() < 0.5 and royalties:
            name = rng.choice(list(royalties))
            royalties[name] += rng.choice((1, 2, 3))
        else:
            a, b = rng.sample(names, 2)
            delta = rng.choice((1, 2))
            points[a] += delta
            points[b] -= delta
    # Nobody set rows (all surrendered or declared naturals): no royalties to claim, and the
    # format has no empty Royalties: line.
    claimed = ["Royalties: " + ", ".join(f"{p} {v}" for p, v in royalties.items())] if royalties else []
    return claimed + ["Points: " + ", ".join(f"{p} {v:+d}" if v else f"{p} 0" for p, v in points.items())]


# ---------------------------------------------------------------- Chinese poker


def _chinese_hand(rng: random.Random, hand_id: str, when: datetime, club: str, n: int, scoring: Scoring,
                  foul_rate: float, surrender_rate: float, wrong: bool) -> str:
    names = rng.sample(NAMES, n)
    dealer = rng.choice(names)
    deck = list(Deck.STANDARD_52.cards)
    rng.shuffle(deck)
    rules = ChineseRules.default("chinese")
    hands = {name: deck[13 * i:13 * (i + 1)] for i, name in enumerate(names)}
    naturals = {}
    for name, cards in hands.items():
        for kind in NaturalKind:
            if kind.holds(tuple(cards)):
                naturals[name] = kind
                break
    lines = [f"Chinese poker hand {hand_id}", f"Date: {when:%Y-%m-%d %H:%M}", f"Club: {club}",
             f"Scoring: {scoring.value}", f"Players: {', '.join(names)}", f"Dealer: {dealer}"]
    seated = []
    for name in seat_order(tuple(names), dealer):
        cards = hands[name]
        if name in naturals:
            ordered = sorted(cards, key=lambda c: c.code, reverse=True)
            lines.append(f"{name}: natural {naturals[name].value} [{format_cards(ordered)}]")
            seated.append(Seated(player=name, status=Status.NATURAL))
            continue
        rows = set_hand(cards, careless=rng.random() < foul_rate)
        hand = rank_rows(tuple(rows[Row.BACK]), tuple(rows[Row.MIDDLE]), tuple(rows[Row.FRONT]))
        weak = hand.rows[0].category.value <= 2 and hand.rows[1].category.value <= 1
        if not naturals and rng.random() < surrender_rate * (4 if weak else 0.25):
            lines.append(f"{name}: surrenders")
            seated.append(Seated(player=name, status=Status.SURRENDER))
            continue
        lines.append(f"{name}: {_rows_text(rows)}")
        seated.append(Seated(player=name, status=Status.SET, hand=hand, royalties=hand.royalties(rules)))
    order = {name: i for i, name in enumerate(names)}
    seated.sort(key=lambda s: order[s.player])
    points = totals(seated, settle(seated, scoring, rules))
    royalties = {s.player: s.royalty for s in seated if s.status is Status.SET}
    lines += _claims(rng, royalties, points, wrong)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- OFC


def _made(cards: list[Card]) -> tuple:
    """What a partial row already holds, by rank multiplicities only: comparable between rows."""
    counts = sorted(((sum(c.rank == r for c in cards), r) for r in {c.rank for c in cards}), reverse=True)
    pattern = tuple(count for count, _ in counts[:2])
    level = {(4,): 7, (4, 1): 7, (3, 2): 6, (3,): 3, (3, 1): 3, (2, 2): 2, (2,): 1, (2, 1): 1}.get(pattern, 0)
    return (level, tuple(rank for _, rank in counts))


def _row_score(rng: random.Random, rows: dict[Row, list[Card]], row: Row, card: Card) -> float:
    held = rows[row]
    score = rng.uniform(0, 1.0)
    same = sum(c.rank == card.rank for c in held)
    if row is Row.BACK:
        score += 1.0 + 2.5 * same
        if held and {c.suit for c in held} == {card.suit}:
            score += 1.0
    elif row is Row.MIDDLE:
        score += 0.6 + 2.2 * same
    else:
        score += 1.6 * same + (0.5 if card.rank <= 7 and not same else 0) + (0.4 if card.rank >= 10 else 0)
        if card.rank >= 10:  # queens or better in front: royalties, and Fantasyland when paired
            score += 3.0 * same + (1.0 if not held else 0)
    # Foul risk: the row would outrank the row below it, which has few places left to catch up.
    after = {r: rows[r] + [card] if r is row else rows[r] for r in ROWS}
    for upper, lower in ((Row.FRONT, Row.MIDDLE), (Row.MIDDLE, Row.BACK)):
        if _made(after[upper]) > _made(after[lower]):
            left = lower.size - len(after[lower])
            score -= 4.0 if left <= 1 else 2.5 if left <= 3 else 1.0
    return score


_SAMPLES = 12


def _foul_risk(rng: random.Random, rows: dict[Row, list[Card]], pool: list[Card]) -> float:
    """The share of random completions of the rows that foul (a player's rough look ahead)."""
    missing = {row: row.size - len(rows[row]) for row in ROWS}
    need = sum(missing.values())
    codes = np.array([c.code for c in pool], dtype=np.int64)
    noise = np.random.default_rng(rng.getrandbits(64)).random((_SAMPLES, len(pool)))
    extra = codes[np.argsort(noise, axis=1)[:, :need]]  # _SAMPLES draws without replacement
    strengths, at = [], 0
    for row in ROWS:
        held = np.array([c.code for c in rows[row]], dtype=np.int64).reshape(1, -1)
        filled = np.hstack([np.repeat(held, _SAMPLES, axis=0), extra[:, at:at + missing[row]]])
        at += missing[row]
        strengths.append(evaluate_many(filled, RankOrder.STANDARD))
    back, middle, front = strengths
    return float(np.mean(~((back >= middle) & (middle >= front))))


def _place(rng: random.Random, rows: dict[Row, list[Card]], card: Card, pool: list[Card] | None = None) -> Row:
    open_rows = [row for row in ROWS if len(rows[row]) < row.size]
    if pool is None or len(open_rows) == 1:
        return max(open_rows, key=lambda row: _row_score(rng, rows, row, card))

    def score(row: Row) -> float:
        after = {r: rows[r] + [card] if r is row else rows[r] for r in ROWS}
        return _row_score(rng, rows, row, card) - 8.0 * _foul_risk(rng, after, pool)
    return max(open_rows, key=score)


def _unseen(rows: dict[Row, list[Card]], dealt: list[Card]) -> list[Card]:
    seen = {c for row in ROWS for c in rows[row]} | set(dealt)
    return [c for c in Deck.STANDARD_52.cards if c not in seen]


class _Table(NamedTuple):
    """An OFC hand's players and dealer, and who earned Fantasyland there for the next hand."""

    names: tuple[str, ...]
    dealer: str
    fantasyland: frozenset[str]


def _ofc_hand(rng: random.Random, hand_id: str, when: datetime, club: str, n: int, variant: str,
              scoring: Scoring, table: RoyaltyTable, wrong: bool, before: _Table | None) -> tuple[str, _Table]:
    """One hand's text, and its table for the next hand; ``before``: the previous hand's table."""
    if before is not None and before.fantasyland:
        # those who earned Fantasyland play it at once, so the table plays on (OFC-FANTASYLAND)
        names, dealer, fantasy = list(before.names), seat_order(before.names, before.dealer)[0], before.fantasyland
    else:
        names, fantasy = rng.sample(NAMES, n), frozenset()
        dealer = rng.choice(names)
    deck = list(Deck.STANDARD_52.cards)
    rng.shuffle(deck)
    pineapple = variant != "classic"
    order = seat_order(tuple(names), dealer)
    lines = [f"OFC hand {hand_id}", f"Date: {when:%Y-%m-%d %H:%M}", f"Club: {club}", f"Variant: {variant}",
             f"Scoring: {scoring.value}", f"Players: {', '.join(names)}", f"Dealer: {dealer}"]
    if table is not RoyaltyTable.OFC_CLASSIC:
        lines.append(f"Rules: royalties {table.value}")
    rows = {name: {row: [] for row in ROWS} for name in names}
    for name in order:
        if name in fantasy:
            dealt = [deck.pop() for _ in range(14 if pineapple else 13)]
            set_rows = set_hand(dealt)
            rows[name] = set_rows
            discards = [c for c in dealt if not any(c in set_rows[r] for r in ROWS)]
            text = f"{name} fantasyland [{format_cards(dealt)}]: {_rows_text(set_rows)}"
            lines.append(text + (f", discards [{format_cards(discards)}]" if discards else ""))
    playing = [name for name in order if name not in fantasy]
    for name in playing:
        dealt = sorted((deck.pop() for _ in range(5)), key=lambda c: c.rank, reverse=True)
        for card in dealt:
            rows[name][_place(rng, rows[name], card, _unseen(rows[name], dealt))].append(card)
        lines.append(f"{name} sets: {_rows_text(rows[name], skip_empty=True)}")
    for _ in range(4 if pineapple else 8):
        for name in playing:
            if pineapple:
                dealt = [deck.pop() for _ in range(3)]
                best = {c: max(_row_score(rng, rows[name], r, c) for r in ROWS if len(rows[name][r]) < r.size)
                        for c in dealt}
                discard = min(dealt, key=best.get)
                parts = []
                for card in dealt:
                    if card is not discard:
                        row = _place(rng, rows[name], card, _unseen(rows[name], dealt))
                        rows[name][row].append(card)
                        parts.append(f"{card} {row}")
                lines.append(f"{name} draws [{format_cards(dealt)}]: {', '.join(parts)}, discards {discard}")
            else:
                card = deck.pop()
                row = _place(rng, rows[name], card, _unseen(rows[name], [card]))
                rows[name][row].append(card)
                lines.append(f"{name} draws {card}: {row}")
    rules = ChineseRules(royalties=table)
    seated, earned = [], set()
    for name in names:
        hand = rank_rows(*(tuple(rows[name][row]) for row in ROWS))
        seated.append(Seated(player=name, status=Status.SET, hand=hand, royalties=hand.royalties(rules)))
        if variant == "fantasyland" and (qualifies_stay if name in fantasy else qualifies_entry)(hand):
            earned.add(name)
    points = totals(seated, settle(seated, scoring, rules))
    lines += _claims(rng, {s.player: s.royalty for s in seated}, points, wrong)
    return "\n".join(lines) + "\n", _Table(tuple(names), dealer, frozenset(earned))
