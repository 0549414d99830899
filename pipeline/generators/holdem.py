"""Random legal Hold'em hands written the way PokerStars writes them.

Every hand is played out by a seeded simulator that keeps the rules of docs/rules.md: blinds
(or the button blind and antes of 6+ Hold'em), antes and straddles; fold, check, call, bet
and raise with legal sizes (the minimum raise, the pot-limit maximum, fixed limit sizes and
a cap of four bets); all-ins for less that do not reopen the betting; side pots per all-in
level; the uncalled part of a bet returned; showdowns won by the best hand under the
project's evaluator (``RankOrder.STANDARD`` or ``SHORT_DECK``); split pots whose odd chips go
to the first winner left of the button; rake taken when a flop is dealt. Amounts are integer
cents inside and written as PokerStars writes them (``$12``, ``$0.25``).

Players sit at a table for a session of hands: the button moves, stacks carry over, a
player short of chips buys in again. ``generate`` returns the text; ``generate_hands``
yields each hand's text with the true net of every player, for round-trip tests.

>>> text = generate("holdem", count=2, seed=7)
>>> text.startswith("PokerStars Hand #") and text.count("*** SUMMARY ***")
2
>>> hand, nets = next(generate_hands("holdem36", count=1, seed=3))
>>> "6+ Hold'em No Limit (Button Blind" in hand, sum(nets.values()) <= 0
(True, True)
>>> generate("holdem", count=1, seed=1, betting="spread")
Traceback (most recent call last):
...
ValueError: betting 'spread' is not one of no_limit, pot_limit, limit, mixed
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal

import numpy as np

from parsers.pokerstars import (
    BETS,
    FOLDED_ON,
    HAND_NAMES,
    MARKERS,
    NO_SHOWS,
    PHRASES,
    POSITIONS,
    POSTS,
    RANK_NAMES,
    RANK_PLURALS,
    SHOWS,
    SYNTAX,
)
from pipeline.generators import one_of, player_range
from rules.cards import Card, Deck
from rules.evaluator import HandCategory, RankOrder, categories, evaluate_many
from rules.holdem_hand import ActionKind
from rules.holdem_rules import reopens_betting

__all__ = ["GeneratorSettings", "generate", "generate_hands"]

GAMES = ("holdem", "holdem36")
BETTINGS = ("no_limit", "pot_limit", "limit")
CHOICES = {game: {"betting": (*BETTINGS, "mixed"), "currency": ("USD", "EUR")} for game in GAMES}
"""The settings whose value is one of a few, by game: the command's help lists them."""
_BETTING_TITLE = {"no_limit": "No Limit", "pot_limit": "Pot Limit", "limit": "Limit"}

# Blinds in cents: (small blind, big blind). For Limit the header shows (big blind / 2 big blinds).
_STAKES = ((1, 2), (2, 5), (5, 10), (10, 25), (25, 50), (50, 100), (100, 200), (200, 400), (500, 1000))
_LIMIT_STAKES = ((5, 10), (10, 20), (25, 50), (50, 100), (100, 200), (200, 400))
# 6+ Hold'em: (ante, button blind) in cents, equal as the room sets them.
_SHORT_STAKES = ((25, 25), (50, 50), (100, 100), (200, 200), (500, 500))

_NAMES = (
    "Hero", "Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ilya", "Katya",
    "Lev", "Masha", "Nikita", "Olga", "Pasha", "Rita", "Sasha", "Taras", "Ulyana", "Fedor",
    "Kira", "Yana", "Stepan", "Alisa", "Denis", "Inna", "Kostya", "Lida", "Mark", "Nina",
    "river_rat", "NutPeddler", "Tight.Tom", "donk-o-matic", "xXAceXx", "fishy77", "Grinder_42",
    "Lucky Lu", "o'Malley", "Chip Leader",
)
_TABLES = ("Aaltje", "Bharani", "Discovery", "Elektra", "Juno", "Lucretia", "Melpomene", "Olga",
           "Rhodesia", "Vibilia", "Archid", "Liriope", "Adelaide", "Hygiea", "Pallas", "Vesta")
_ROMAN = ("", " II", " III", " IV", " V", " VI")

# The words of the lines are the reader's (parsers.pokerstars), so that the two cannot drift apart:
# where the reader takes several words for one thing, the generator writes the first.
_BUTTON, _SMALL_BLIND, _BIG_BLIND, _BUTTON_BLIND = POSITIONS


# ---------------------------------------------------------------- settings


@dataclass(frozen=True, kw_only=True)
class GeneratorSettings:
    """What a run may vary; the CLI passes every value as text (``-o ante=0.2``)."""

    players: tuple[int, int] = (2, 9)
    """Fewest and most players dealt in (``players=6`` or ``players=2-6``)."""
    betting: str = "mixed"
    """``no_limit``, ``pot_limit``, ``limit`` or ``mixed`` (a table's structure drawn at random).
    6+ Hold'em is No Limit only, as the room deals it."""
    ante: float = 0.15
    """Share of tables with antes (Hold'em; 6+ Hold'em always has them)."""
    straddle: float = 0.0
    """Share of hands where the player left of the big blind straddles (No Limit tables)."""
    rake: Decimal = Decimal("0.05")
    """Rake taken from pots that see a flop."""
    rake_cap: Decimal = Decimal(3)
    """Most rake per hand, in the table's currency."""
    currency: str = "USD"
    """``USD`` or ``EUR``."""
    session: int = 40
    """Hands per table before the players move on."""
    hero: str = "Hero"
    """The player whose hole cards the log shows (``Dealt to …``); ``none`` shows nobody's."""
    allin: float = 0.002
    """How often a player facing a decision moves all in (short stacks do it more)."""
    short_stacks: float = 0.02
    """Share of buy-ins for 8 to 40 big blinds (the rest buy in for 40 to 250).

    The defaults give a realistic mix: about 8 % of hands have an all-in, 1 % a called
    preflop all-in (real cash games: a few %). ``allin=0.01 short_stacks=0.1`` is the stress
    mix the round-trip tests use (about 14 % and 3-4 %)."""

    @classmethod
    def from_options(cls, **options) -> GeneratorSettings:
        values: dict = {}
        for key, value in options.items():
            if key not in cls.__dataclass_fields__:
                raise TypeError(f"unknown Hold'em generator setting {key!r}: expected one of "
                                f"{', '.join(cls.__dataclass_fields__)}")
            values[key] = _convert(key, value)
        return cls(**values)


def _convert(key: str, value):
    if key == "players":
        return player_range(value, 2, 9)
    if key == "betting":
        value = str(value).lower().replace("-", "_").replace(" ", "_")
        if value not in CHOICES["holdem"]["betting"]:
            raise ValueError(f"betting {value!r} is not one of {', '.join(CHOICES['holdem']['betting'])}")
        return value
    if key in ("ante", "straddle", "allin", "short_stacks"):
        number = float(value)
        if not 0 <= number <= 1:
            raise ValueError(f"{key} {value!r} is a share of hands: expected 0 to 1")
        return number
    if key in ("rake", "rake_cap"):
        number = Decimal(str(value))
        if number < 0 or (key == "rake" and number >= 1):
            raise ValueError(f"{key} {value!r} is out of range")
        return number
    if key == "session":
        number = int(value)
        if number < 1:
            raise ValueError(f"session {value!r} must be at least 1 hand")
        return number
    if key == "currency":
        value = str(value).upper()
        if value not in CHOICES["holdem"]["currency"]:
            raise ValueError(f"currency {value!r} is not {one_of(CHOICES['holdem']['currency'])}")
        return value
    return str(value)


# ---------------------------------------------------------------- entry points


def generate(game: str = "holdem", count: int = 10, seed: int = 0, **options) -> str:
    """``count`` random legal hands of ``game`` (``holdem`` or ``holdem36``) as PokerStars text."""
    return "\n\n\n".join(text for text, _ in generate_hands(game, count, seed, **options)) + "\n"


def generate_hands(game: str = "holdem", count: int = 10, seed: int = 0,
                   **options) -> Iterator[tuple[str, dict[str, Decimal]]]:
    """Yield ``(text, nets)`` per hand: the hand's text and each dealt player's true net."""
    if game not in GAMES:
        raise ValueError(f"game {game!r} is not one of {', '.join(GAMES)}")
    count = int(count)
    settings = GeneratorSettings.from_options(**options)
    rng = random.Random(int(seed))
    hand_number = 100_000_000_000 + rng.randrange(100_000_000_000)
    clock = datetime(2024, 1, 1, 8, 0, 0) + timedelta(minutes=rng.randrange(500_000))
    made = 0
    while made < count:
        table = _Table.draw(game, settings, rng)
        for _ in range(min(settings.session, count - made)):
            hand_number += rng.randrange(1, 5000)
            clock += timedelta(seconds=rng.randrange(20, 240))
            yield table.play(hand_number, clock, rng)
            made += 1


# ---------------------------------------------------------------- the table and its session


@dataclass
class _Table:
    game: str
    settings: GeneratorSettings
    name: str
    max_seats: int
    betting: str
    small_blind: int
    big_blind: int
    ante: int
    symbol: str
    seats: dict[int, str]            # seat -> player
    stacks: dict[str, int]           # player -> cents
    button: int

    @classmethod
    def draw(cls, game: str, settings: GeneratorSettings, rng: random.Random) -> _Table:
        low, high = settings.players
        if game == "holdem36":
            low, high = min(low, 6), min(high, 6)            # 6+ Hold'em tables are 6-max
        count = rng.randint(low, high)
        max_seats = 6 if (count <= 6 and (game == "holdem36" or rng.random() < 0.6)) else 9
        names = [name for name in _NAMES if name != settings.hero]
        rng.shuffle(names)
        chosen = names[:count]
        if settings.hero.lower() != "none":
            chosen[0] = settings.hero
        seat_numbers = sorted(rng.sample(range(1, max_seats + 1), count))
        rng.shuffle(chosen)
        seats = dict(zip(seat_numbers, chosen))
        if game == "holdem36":
            betting = "no_limit"
            ante, big = rng.choice(_SHORT_STAKES)
            small = 0
        else:
            betting = settings.betting if settings.betting != "mixed" else rng.choices(
                BETTINGS, weights=(6, 2, 2))[0]
            small, big = rng.choice(_LIMIT_STAKES if betting == "limit" else _STAKES)
            ante = 0
            if rng.random() < settings.ante:
                ante = max(1, big // 10) if big >= 10 else 1
        table = cls(
            game=game, settings=settings,
            name=rng.choice(_TABLES) + rng.choice(_ROMAN), max_seats=max_seats, betting=betting,
            small_blind=small, big_blind=big, ante=ante,
            symbol="$" if settings.currency == "USD" else "€",
            seats=seats, stacks={}, button=rng.choice(seat_numbers),
        )
        for player in chosen:
            table.stacks[player] = table._buy_in(rng)
        return table

    def _buy_in(self, rng: random.Random) -> int:
        unit = self.big_blind
        if rng.random() < self.settings.short_stacks:
            return unit * rng.randint(8, 40) + rng.randrange(unit)
        return unit * rng.randint(40, 250) + rng.randrange(unit)

    def money(self, cents: int) -> str:
        return self.symbol + _amount(cents)

    def play(self, number: int, clock: datetime, rng: random.Random) -> tuple[str, dict[str, Decimal]]:
        order = sorted(self.seats)
        self.button = order[(order.index(self.button) + 1) % len(order)]
        for player, stack in self.stacks.items():
            if stack <= 3 * (self.big_blind + self.ante):
                self.stacks[player] = self._buy_in(rng)
        hand = _Hand(self, number, clock, rng)
        text, nets = hand.play()
        for player, net in nets.items():
            self.stacks[player] += net
        return text, {player: Decimal(net).scaleb(-2) for player, net in nets.items()}


def _amount(cents: int) -> str:
    whole, part = divmod(cents, 100)
    return f"{whole}" if part == 0 else f"{whole}.{part:02d}"


# ---------------------------------------------------------------- one hand


@dataclass
class _Player:
    name: str
    seat: int
    stack: int                       # behind, cents
    cards: tuple[int, int] = (0, 0)
    committed: int = 0               # this street
    total: int = 0                   # whole hand, posts included
    folded: bool = False
    folded_street: int = -1
    all_in: bool = False
    acted_version: int = -1          # the raise version when he last acted
    posted_blind: bool = False       # small, big, button blind or straddle (summary "didn't bet")
    voluntary: bool = False

    @property
    def live(self) -> bool:
        return not self.folded

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in


@dataclass
class _Hand:
    table: _Table
    number: int
    clock: datetime
    rng: random.Random
    lines: list[str] = field(default_factory=list)
    players: list[_Player] = field(default_factory=list)   # in seat order from left of the button
    board: list[int] = field(default_factory=list)
    street: int = 0
    current_bet: int = 0
    full_level: int = 0
    last_raise: int = 0
    bets_on_street: int = 0
    raise_version: int = 0

    # -- set up ------------------------------------------------------------------------------

    def play(self) -> tuple[str, dict[str, int]]:
        t = self.table
        order = sorted(t.seats)
        at = order.index(t.button)
        clockwise = order[at + 1:] + order[:at + 1]           # left of the button first, button last
        self.players = [_Player(t.seats[s], s, t.stacks[t.seats[s]]) for s in clockwise]
        self._header()
        self._posts()
        self._deal()
        self._betting()
        return "\n".join(self.lines), self._nets

    def _header(self) -> None:
        t = self.table
        when = f"{self.clock:%Y/%m/%d} {self.clock.hour}:{self.clock:%M:%S} {PHRASES['et']}"
        if t.game == "holdem36":
            title = (f"6+ Hold'em No Limit (Button Blind {t.money(t.big_blind)} - "
                     f"Ante {t.money(t.ante)} {t.settings.currency})")
        else:
            small, big = (t.big_blind, 2 * t.big_blind) if t.betting == "limit" else (t.small_blind, t.big_blind)
            if small % 100 or big % 100:
                stakes = f"{t.symbol}{small / 100:.2f}/{t.symbol}{big / 100:.2f}"
            else:
                stakes = f"{t.money(small)}/{t.money(big)}"
            title = f"Hold'em {_BETTING_TITLE[t.betting]} ({stakes} {t.settings.currency})"
        phrase, mark = PHRASES, SYNTAX
        # two spaces after the number's colon, as PokerStars writes them
        self.lines.append(f"{phrase['site']}{phrase['hand']}{self.number}{mark['name_end']} {title}{mark['dash']}{when}")
        self.lines.append(f"{phrase['table']}{mark['quote']}{t.name}{mark['quote']}{mark['space']}{t.max_seats}"
                          f"{phrase['max']}{phrase['button_seat']}{t.button}{phrase['is_button']}")
        for p in sorted(self.players, key=lambda p: p.seat):
            self.lines.append(f"{phrase['seat']}{p.seat}{mark['name_end']}{p.name}{mark['aside']}{t.money(p.stack)}"
                              f"{phrase['in_chips']}{mark['close']}")

    def _put(self, p: _Player, amount: int) -> int:
        amount = min(amount, p.stack)
        p.stack -= amount
        p.committed += amount
        p.total += amount
        if p.stack == 0:
            p.all_in = True
        return amount

    def _posts(self) -> None:
        t, ps = self.table, self.players
        money = t.money
        if t.game == "holdem36":
            for p in sorted(ps, key=lambda p: p.seat):         # antes go in seat order
                self._put(p, t.ante)
                p.committed = 0
                self.lines.append(_bet_line(p.name, ActionKind.POST_ANTE, money(t.ante)))
            button = ps[-1]
            self._put(button, t.big_blind)
            button.posted_blind = True
            self.lines.append(_bet_line(button.name, ActionKind.POST_BUTTON, money(t.big_blind)))
            self.current_bet = self.last_raise = self.full_level = t.big_blind
            self.bets_on_street = 1
            self.first_preflop = 0
            self.blind_labels = {button.name: _BUTTON_BLIND}
            return
        heads_up = len(ps) == 2
        sb, bb = (ps[1], ps[0]) if heads_up else (ps[0], ps[1])
        self._put(sb, t.small_blind)
        sb.posted_blind = True
        self.lines.append(_bet_line(sb.name, ActionKind.POST_SB, money(t.small_blind)))
        self._put(bb, t.big_blind)
        bb.posted_blind = True
        self.lines.append(_bet_line(bb.name, ActionKind.POST_BB, money(t.big_blind)))
        self.blind_labels = {sb.name: _SMALL_BLIND, bb.name: _BIG_BLIND}
        self.current_bet = self.last_raise = self.full_level = t.big_blind
        self.bets_on_street = 1
        first = ps.index(bb) + 1
        if (t.betting == "no_limit" and len(ps) >= 4 and self.rng.random() < t.settings.straddle):
            straddler = ps[first % len(ps)]
            if straddler.stack > 6 * t.big_blind:
                self._put(straddler, 2 * t.big_blind)
                straddler.posted_blind = True
                self.lines.append(_bet_line(straddler.name, ActionKind.POST_STRADDLE, money(2 * t.big_blind)))
                self.current_bet = self.last_raise = self.full_level = 2 * t.big_blind
                first += 1
        if t.ante:
            for p in sorted(ps, key=lambda p: p.seat):
                # The ante is dead money: it is in the pot, not in the bet to call.
                self._put(p, t.ante)
                p.committed -= t.ante
                self.lines.append(_bet_line(p.name, ActionKind.POST_ANTE, money(t.ante)))
        self.first_preflop = first % len(ps)

    def _deal(self) -> None:
        t = self.table
        deck = list((Deck.SHORT_36 if t.game == "holdem36" else Deck.STANDARD_52).codes)
        self.rng.shuffle(deck)
        self.deck = deck
        for p in self.players:
            p.cards = (deck.pop(), deck.pop())
        self.lines.append(_marker(MARKERS["HOLE"][0]))
        for p in self.players:
            if p.name == t.settings.hero:
                self.lines.append(f"{PHRASES['dealt']}{p.name}{_shown(p.cards)}")

    # -- betting -----------------------------------------------------------------------------

    def _betting(self) -> None:
        self.went_to_showdown = False
        self._round(self.first_preflop)
        for street in (1, 2, 3):
            if self._live_count() < 2:
                break
            self._new_street(street)
            if sum(p.can_act for p in self.players) >= 2:
                self._round(0)
        self._finish()

    def _live_count(self) -> int:
        return sum(p.live for p in self.players)

    def _new_street(self, street: int) -> None:
        self.street = street
        before = list(self.board)
        draw = 3 if street == 1 else 1
        self.board.extend(self.deck.pop() for _ in range(draw))
        line = _marker(MARKERS["STREET"][street - 1])
        if street == 1:
            self.lines.append(line + _shown(self.board))
        else:
            self.lines.append(line + _shown(before) + _shown(self.board[-1:]))
        for p in self.players:
            p.committed = 0
            p.acted_version = -1
        self.current_bet = self.full_level = 0
        self.last_raise = self.table.big_blind
        self.bets_on_street = 0
        self.raise_version += 1

    def _needs_to_act(self, p: _Player) -> bool:
        return p.can_act and (p.acted_version < self.raise_version or p.committed < self.current_bet)

    def _round(self, first: int) -> None:
        ps = self.players
        n = len(ps)
        at = first
        while self._live_count() >= 2:
            for step in range(n):
                p = ps[(at + step) % n]
                if self._needs_to_act(p):
                    break
            else:
                break                                        # everyone has acted and matched
            at = (ps.index(p) + 1) % n
            others_can_act = sum(o.can_act for o in ps if o is not p)
            if others_can_act == 0 and p.committed >= self.current_bet:
                p.acted_version = self.raise_version         # nobody left to bet against
                continue
            self._act(p, others_can_act)
        self._return_uncalled()

    def _act(self, p: _Player, others_can_act: int) -> None:
        t, rng, money = self.table, self.rng, self.table.money
        to_call = self.current_bet - p.committed
        reopened = p.acted_version < self.raise_version
        can_raise = others_can_act > 0 and reopened and p.stack > to_call
        limit = t.betting == "limit"
        unit = t.big_blind * (2 if self.street >= 2 else 1)
        if limit and self.bets_on_street >= 4:
            can_raise = False
        if limit and p.stack < to_call + unit:
            can_raise = False                                 # no short all-in raises at Limit
        short = p.stack < 15 * t.big_blind
        shove = can_raise and not limit and rng.random() < t.settings.allin * (5 if short else 1)
        p.acted_version = self.raise_version
        suffix = ""
        if to_call == 0:
            if can_raise and (shove or rng.random() < 0.3):
                p.voluntary = True
                if self.current_bet:                          # the big blind's option: a raise
                    self._raise(p, shove)
                    return
                amount = self._bet_size(p, shove)
                self._put(p, amount)
                suffix = PHRASES["all_in"] if p.all_in else ""
                self._record_raise(p, p.committed)
                self.lines.append(_bet_line(p.name, ActionKind.BET, money(amount)) + suffix)
            else:
                self.lines.append(_said(p.name, PHRASES["checks"]))
            return
        weights = self._weights(p, to_call, can_raise)
        choice = "raise" if shove else rng.choices(("fold", "call", "raise"), weights=weights)[0]
        if choice == "fold":
            p.folded, p.folded_street = True, self.street
            self.lines.append(_said(p.name, PHRASES["folds"]))
            return
        p.voluntary = True
        if choice == "call":
            paid = self._put(p, to_call)
            suffix = PHRASES["all_in"] if p.all_in else ""
            self.lines.append(_bet_line(p.name, ActionKind.CALL, money(paid)) + suffix)
            return
        self._raise(p, shove)

    def _raise(self, p: _Player, shove: bool) -> None:
        money = self.table.money
        raise_to = self._raise_to(p, shove)
        before = self.current_bet
        self._put(p, raise_to - p.committed)
        suffix = PHRASES["all_in"] if p.all_in else ""
        self._record_raise(p, p.committed)
        self.lines.append(_said(p.name, PHRASES["raises"]) + f"{SYNTAX['space']}{money(p.committed - before)}"
                          f"{PHRASES['to']}{money(p.committed)}{suffix}")

    def _weights(self, p: _Player, to_call: int, can_raise: bool) -> tuple[float, float, float]:
        # Roughly a loose cash game: a quarter of hands entered preflop, a fair share of folds
        # to bets, a few raises; enough showdowns, all-ins and side pots to test every rule.
        pressure = min(to_call / max(self._pot(), 1), 2.0)
        if self.street == 0:
            if self.bets_on_street <= 1:                       # unopened (limps allowed)
                fold, call, raise_ = 0.62, 0.2, 0.18
            else:                                             # facing a raise
                fold, call, raise_ = 0.55 + 0.1 * pressure, 0.33, 0.09 / (self.bets_on_street - 1)
            if p.posted_blind and to_call <= self.table.small_blind:
                fold *= 0.4                                   # completing is cheap
        else:
            fold, call, raise_ = 0.3 + 0.25 * pressure, 0.5, 0.1
        return fold, call, (raise_ if can_raise else 0.0)

    def _pot(self) -> int:
        return sum(p.total for p in self.players)

    def _bet_size(self, p: _Player, shove: bool) -> int:
        t = self.table
        if t.betting == "limit":
            return t.big_blind * (2 if self.street >= 2 else 1)
        pot = self._pot()
        most = p.stack
        if t.betting == "pot_limit":
            most = min(most, pot)
        if shove:
            return most
        size = int(pot * self.rng.choice((0.33, 0.5, 0.5, 0.66, 0.66, 0.75, 1.0)))
        size = max(size, t.big_blind)
        return min(size, most)

    def _raise_to(self, p: _Player, shove: bool) -> int:
        t = self.table
        most = p.committed + p.stack
        if t.betting == "limit":
            return self.current_bet + t.big_blind * (2 if self.street >= 2 else 1)
        # The smallest legal raise, read the strictest way after an all-in for less.
        least = max(self.current_bet + self.last_raise, self.full_level + 2 * self.last_raise)
        if t.betting == "pot_limit":
            to_call = self.current_bet - p.committed
            most = min(most, self.current_bet + self._pot() + to_call)
        if shove or most <= least:
            return most                                      # all in (for less, perhaps)
        if self.street == 0:
            target = self.current_bet * self.rng.choice((2, 2.5, 3, 3, 3.5, 4))
        else:
            target = self.current_bet * self.rng.choice((2, 2.5, 3))
        target = int(target)
        if t.big_blind >= 100 and self.rng.random() < 0.7:
            target -= target % 100                            # players like round numbers
        return max(least, min(target, most))

    def _record_raise(self, p: _Player, raise_to: int) -> None:
        increment = raise_to - self.current_bet
        if increment <= 0:
            return
        limit = self.table.betting == "limit"
        unit = self.table.big_blind * (2 if self.street >= 2 else 1)
        if reopens_betting(increment, unit if limit else self.last_raise, limit):
            # A full bet or raise reopens the betting for everyone who acted before.
            self.last_raise = increment
            self.full_level = raise_to
            self.raise_version += 1
            p.acted_version = self.raise_version
        self.current_bet = raise_to
        self.bets_on_street += 1

    def _return_uncalled(self) -> None:
        ps = self.players
        top = max(ps, key=lambda p: p.committed)
        second = max((p.committed for p in ps if p is not top), default=0)
        if top.committed > second and not top.folded:
            back = top.committed - second
            top.committed -= back
            top.total -= back
            top.stack += back
            if back:
                top.all_in = top.stack == 0
            self.lines.append(f"{PHRASES['uncalled']}{self.table.money(back)}{PHRASES['returned_to']}{top.name}")

    # -- the end of the hand ---------------------------------------------------------------

    def _finish(self) -> None:
        t, ps = self.table, self.players
        live = [p for p in ps if p.live]
        pot = self._pot()
        rake = 0
        if self.board:
            rake = min(int(Decimal(pot) * t.settings.rake), int(t.settings.rake_cap * 100))
        won: dict[str, int] = {p.name: 0 for p in ps}
        pots: list[tuple[int, list[_Player]]] = []
        described: dict[str, str] = {}
        if len(live) == 1:
            winner = live[0]
            won[winner.name] = pot - rake
            self.lines.append(_collect_line(winner.name, t.money(pot - rake), PHRASES["pot"]))
            if self.rng.random() < 0.5:
                self.lines.append(_said(winner.name, _NO_SHOW))
            pots = [(pot - rake, live)]
        else:
            while len(self.board) < 5:                      # all in: the board is dealt out
                self._new_street(len(self.board) - 1 if self.board else 1)
            self.went_to_showdown = True
            self.lines.append(_marker(MARKERS["SHOWDOWN"][0]))
            strengths = self._strengths(live, described)
            for p in live:
                self.lines.append(_said(p.name, _SHOW) + _shown(p.cards) + _aside(described[p.name]))
            pots = self._pots(live, rake)
            labels = [collected for collected, _ in _pot_names(len(pots))]
            collects: list[str] = []
            for (amount, eligible), label in zip(pots, labels):
                best = max(strengths[p.name] for p in eligible)
                winners = [p for p in eligible if strengths[p.name] == best]   # left of the button first
                share, odd = divmod(amount, len(winners))
                for i, w in enumerate(winners):
                    got = share + (1 if i < odd else 0)
                    won[w.name] += got
                    collects.append(_collect_line(w.name, t.money(got), label))
            # Side pots are announced first, the main pot last, as the room writes them.
            self.lines.extend(reversed(collects) if len(pots) > 1 else collects)
        self._summary(pot, rake, pots, won, described)
        self._nets = {p.name: won[p.name] - p.total for p in ps}

    def _strengths(self, live: list[_Player], described: dict[str, str]) -> dict[str, int]:
        order = RankOrder.SHORT_DECK if self.table.game == "holdem36" else RankOrder.STANDARD
        rows = np.array([list(p.cards) + self.board for p in live], dtype=np.int64)
        strengths = evaluate_many(rows, order)
        cats = categories(strengths, order)
        for p, strength, cat in zip(live, strengths.tolist(), cats.tolist()):
            described[p.name] = _describe(int(strength), HandCategory(int(cat)), order)
        return {p.name: s for p, s in zip(live, strengths.tolist())}

    def _pots(self, live: list[_Player], rake: int) -> list[tuple[int, list[_Player]]]:
        ps = self.players
        levels = sorted({p.total for p in live})
        pots: list[tuple[int, list[_Player]]] = []
        previous = 0
        for i, level in enumerate(levels):
            top = i == len(levels) - 1
            amount = sum(max(0, (p.total if top else min(p.total, level)) - previous) for p in ps)
            eligible = [p for p in live if p.total >= level]
            if amount:
                # A pot only one live player can win is still a pot: the others who paid
                # into it folded (an amount nobody matched was returned as uncalled).
                pots.append((amount, eligible))
            previous = level
        # The rake comes out of the main pot first, then the side pots in order.
        left, raked = rake, []
        for amount, eligible in pots:
            take = min(left, amount)
            left -= take
            raked.append((amount - take, eligible))
        return raked

    def _summary(self, pot: int, rake: int, pots, won: dict[str, int], described: dict[str, str]) -> None:
        money = self.table.money
        phrase, mark = PHRASES, SYNTAX
        self.lines.append(_marker(MARKERS["SUMMARY"][0]))
        # 'Total pot $9 Main pot $6. Side pot $3. | Rake $0': the pots named only when there are several
        listed = "".join(f"{mark['space']}{name}{mark['space']}{money(amount)}{mark['pot_end']}"
                         for (amount, _), (_, name) in zip(pots, _pot_names(len(pots))) if len(pots) > 1)
        self.lines.append(f"{phrase['total']}{money(pot)}{listed}{mark['space']}{mark['bar']}{mark['space']}"
                          f"{phrase['rake']}{money(rake)}")
        if self.board:
            self.lines.append(phrase["board"] + _shown(self.board))
        button_name = self.players[-1].name
        for p in sorted(self.players, key=lambda p: p.seat):
            labels = ""
            blind = self.blind_labels.get(p.name)
            if p.name == button_name and blind != _BUTTON_BLIND:
                labels += _aside(_BUTTON)
            if blind:
                labels += _aside(blind)
            head = f"{phrase['seat']}{p.seat}{mark['name_end']}{p.name}{labels} "
            if p.folded:
                quiet = p.folded_street == 0 and not p.posted_blind and not p.voluntary
                self.lines.append(f"{head}{phrase['folded']} {FOLDED_ON[p.folded_street][0]}"
                                  + (phrase["didnt_bet"] if quiet else ""))
            elif self.went_to_showdown:
                showed = f"{head}{phrase['showed']}{_shown(p.cards)}{phrase['and']}"
                if won[p.name]:
                    self.lines.append(f"{showed}{phrase['won']}{_aside(money(won[p.name]))}"
                                      f"{phrase['with']}{described[p.name]}")
                else:
                    self.lines.append(f"{showed}{phrase['lost']}{phrase['with']}{described[p.name]}")
            else:
                self.lines.append(f"{head}{phrase['collected']}{_aside(money(won[p.name]))}")


def _pot_names(count: int) -> list[tuple[str, str]]:
    """Each of ``count`` pots' name in a collect line ('side pot-1') and in the Total line ('Side pot-1')."""
    if count == 1:
        return [(PHRASES["pot"], "")]                        # the Total line names no pot
    if count == 2:
        return [(PHRASES["main_pot"], PHRASES["main"]), (PHRASES["side_pot"], PHRASES["side"])]
    return [(PHRASES["main_pot"], PHRASES["main"])] + [
        (f"{PHRASES['side_pot']}{SYNTAX['pot_number']}{i}", f"{PHRASES['side']}{SYNTAX['pot_number']}{i}")
        for i in range(1, count)]


_SHOW = next(words for words, kind in SHOWS.items() if kind is ActionKind.SHOW)
_NO_SHOW = NO_SHOWS[1]                                       # "doesn't show hand": a winner nobody called
_WRITTEN = {kind: words for words, kind in reversed({**BETS, **POSTS}.items())}
"""The words of each bet and post, the first the reader lists where it takes several (a dead blind)."""


def _said(player: str, words: str) -> str:
    """A '<player>: <words>' line."""
    return f"{player}{SYNTAX['name_end']}{words}"


def _bet_line(player: str, kind: ActionKind, amount: str) -> str:
    """'Anna: posts small blind $1', 'Anna: calls $2'."""
    return _said(player, _WRITTEN[kind] + SYNTAX["space"] + amount)


def _collect_line(player: str, amount: str, pot_name: str) -> str:
    """'Anna collected $8 from side pot-1'."""
    return f"{player}{SYNTAX['space']}{PHRASES['collected']}{SYNTAX['space']}{amount}{PHRASES['from']}{pot_name}"


def _marker(word: str) -> str:
    """A marker line's words: '*** FLOP ***'."""
    return f"{PHRASES['marker']}{word}{PHRASES['marker_end']}"


def _shown(codes) -> str:
    """Cards in brackets after a space: ' [Ah Kd]'."""
    return f"{SYNTAX['bracket']}{_cards(codes)}{SYNTAX['bracket_end']}"


def _aside(words: str) -> str:
    """Words in parentheses after a space: ' (button)'."""
    return f"{SYNTAX['aside']}{words}{SYNTAX['close']}"


def _cards(codes) -> str:
    return " ".join(str(Card.from_code(int(code))) for code in codes)


def _describe(strength: int, category: HandCategory, order: RankOrder) -> str:
    """A hand in PokerStars' words (the reader's HAND_NAMES): ``a full house, Sixes full of Jacks``."""
    ranks = [((strength >> shift) & 0xF) - 1 for shift in (16, 12, 8, 4, 0)]
    top, second = ([x for x in ranks if x >= 0] + [-1])[:2]     # the ranks that name the hand, high first
    low = top
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        low = 12 if top == int(order.value.lowest_straight[-1]) else top - 4    # the ace plays low
    return HAND_NAMES[category.name].format(rank=RANK_NAMES[top][0], low_rank=RANK_NAMES[low][0],
                                            ranks=RANK_PLURALS[top][0], second_ranks=RANK_PLURALS[second][0])
