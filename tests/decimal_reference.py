"""TEST ONLY: the former Decimal Hold'em replay, the reference of the engine's differential tests
(tests/test_holdem_fast.py, tests/test_holdem_engine.py) until they compare the engine with external
oracles only. The product replays every hand with the compiled engine (rules.holdem_engine).

:func:`replay` walks the actions of a :class:`~rules.holdem_hand.HoldemHand` in order with the
table's stacks, checks each against the Hold'em rules (:class:`rules.holdem_rules.HE`, listed in
docs/rules.md) where the rule is stated
(turn order, check, call, minimum raise with the short all-in rule, pot-limit maximum, limit
sizes and cap, stacks, uncalled bets), then builds the main and side pots, awards them by the
ranking of the table's deck, and compares pots, rake and each player's collected amount with
the log. A split pot is shared after the rake in exact units (a cent; a chip in tournaments and
play money), the odd units to the first winners clockwise from the button, which is what the
split pots of the real PokerStars logs show. It returns each player's exact net and the facts the
warehouse stores per action and per player, and, for hands all in before the river with the cards
shown, the all-in EV.

Findings are collected, never raised: a broken log yields all its findings at once.

>>> from rules.holdem_hand import *
>>> from rules.records import Source, GameInfo
>>> D = Decimal
>>> def act(p, kind, amount=0, to=None, line=0, street=Street.PREFLOP, **kw):
...     return Action(street=street, player=p, kind=kind, amount=D(amount), raise_to=None if to is None else D(to), line=line, **kw)
>>> hand = HoldemHand(
...     source=Source(file="h.txt", first_line=1, last_line=12, game_id="x"), info=GameInfo(game="holdem"),
...     hand_id="1", betting=BettingStructure.NO_LIMIT, small_blind=D(1), big_blind=D(2), currency="chips",
...     button_seat=1, header_line=1,
...     seats=(Seat(seat=1, player="Anna", stack=D(100), line=3), Seat(seat=2, player="Boris", stack=D(100), line=4)),
...     actions=(act("Anna", ActionKind.POST_SB, 1, line=5), act("Boris", ActionKind.POST_BB, 2, line=6),
...              act("Anna", ActionKind.RAISE, 2, to=4, line=8), act("Boris", ActionKind.FOLD, line=9),
...              act("Anna", ActionKind.UNCALLED, 2, line=10), act("Anna", ActionKind.COLLECT, 4, line=11)),
...     summary=Summary(total_pot=D(4), rake=D(0), total_line=12))
>>> result = replay(hand)
>>> [(p.player, p.net) for p in result.players], result.findings
([('Anna', Decimal('2')), ('Boris', Decimal('-2'))], ())
>>> broken = dataclasses.replace(hand, actions=hand.actions[:2] + (act("Anna", ActionKind.CHECK, line=8),) + hand.actions[3:4])
>>> [(f.rule_id, f.line, f.expected, f.actual) for f in replay(broken).findings][:1]
[('HE-CHECK', 8, 'call 1, raise or fold', 'check facing 1')]
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal

import numpy as np

from rules.cards import Card
from rules.evaluator import RankOrder, rank_rows
from rules.findings import Finding, Findings, Severity
from rules.holdem import allin_ev_values
from rules.holdem_engine import ActionFact, PlayerFact, Pot
from rules.holdem_hand import Action, ActionKind, BettingStructure, HoldemHand, Street
from rules.holdem_rules import (
    DEFAULT,
    HE,
    LIMIT_CAP_BETS,
    LIMIT_CAP_HEADS_UP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POSITIONS_AFTER_BB,
    RULES,
)
from rules.records import PlayerResult, Replay, slot_filler

__all__ = [
    "HE",
    "LIMIT_CAP_BETS",
    "LIMIT_CAP_HEADS_UP",
    "RULES",
    "ActionFact",
    "HoldemReplay",
    "PlayerFact",
    "Pot",
    "allin_ev_values",
    "replay",
]


_ZERO = Decimal(0)


@dataclass(frozen=True, kw_only=True)
class HoldemReplay(Replay):
    """The replay of one hand: findings, each player's result, and the warehouse facts."""

    actions: tuple[ActionFact, ...] = ()
    facts: tuple[PlayerFact, ...] = ()
    pots: tuple[Pot, ...] = ()
    total_pot: Decimal = _ZERO
    rake: Decimal = _ZERO
    is_walk: bool = False
    count_players: int = 0
    has_allin_ev: bool = False


@dataclass(slots=True)
class _P:
    name: str
    seat: int
    stack: Decimal
    left: Decimal
    invested: Decimal = _ZERO
    dead: Decimal = _ZERO         # dead money in invested: a returning player's dead small blind
    bet: Decimal = _ZERO          # live chips in on the current street
    folded: bool = False
    all_in: bool = False
    all_in_by_post: bool = False  # a blind or ante put him all in
    fold_street: Street | None = None
    position: str | None = None
    collected: Decimal = _ZERO


@dataclass(slots=True)
class _Round:
    street: Street
    current: Decimal = _ZERO            # the bet to match
    last_raise: Decimal = _ZERO         # size of the last full bet or raise
    level_at_full: Decimal = _ZERO      # the bet after the last full bet or raise
    bets: int = 0                       # bets and raises so far (preflop: the big blind counts 1)
    to_act: set = field(default_factory=set)
    acted_since_full: set = field(default_factory=set)
    blocked: set = field(default_factory=set)   # may call or fold, not raise (after a short all-in)
    last_actor: int | None = None       # seat of the last player who acted
    heads_up: bool = False              # two live players when the round starts: no cap by default


def replay(hand: HoldemHand, *, limit_cap: int | None = DEFAULT, cap_heads_up: bool = DEFAULT,
           allin_ev: bool = True) -> HoldemReplay:
    """Re-derive the hand from its log; see the module docstring. ``allin_ev=False`` skips the
    equity enumeration (about 3-30 ms for a preflop all-in, less after the flop) and reports the EV net as the net.
    ``limit_cap``: the bets allowed per betting round in Limit (default :data:`LIMIT_CAP_BETS`, ``None``: no
    cap); ``cap_heads_up``: whether the cap holds heads-up (default :data:`LIMIT_CAP_HEADS_UP`)."""
    if limit_cap is DEFAULT:
        limit_cap = LIMIT_CAP_BETS
    if cap_heads_up is DEFAULT:
        cap_heads_up = LIMIT_CAP_HEADS_UP
    return _Replayer(hand, limit_cap, allin_ev, cap_heads_up).run()


# Enum members as module globals: a member looked up on its class costs ~90 ns, and the
# replay looks them up a few dozen times per action.
_BET = ActionKind.BET
_CALL = ActionKind.CALL
_CHECK = ActionKind.CHECK
_COLLECT = ActionKind.COLLECT
_FOLD = ActionKind.FOLD
_POST_ANTE = ActionKind.POST_ANTE
_POST_BB = ActionKind.POST_BB
_POST_BUTTON = ActionKind.POST_BUTTON
_POST_DEAD = ActionKind.POST_DEAD
_POST_SB = ActionKind.POST_SB
_POST_STRADDLE = ActionKind.POST_STRADDLE
_RAISE = ActionKind.RAISE
_UNCALLED = ActionKind.UNCALLED
_LIMIT = BettingStructure.LIMIT
_NO_LIMIT = BettingStructure.NO_LIMIT
_POT_LIMIT = BettingStructure.POT_LIMIT
_FLOP = Street.FLOP
_PREFLOP = Street.PREFLOP
_RIVER = Street.RIVER
_TURN = Street.TURN


class _Replayer:
    def __init__(self, hand: HoldemHand, limit_cap: int | None, allin_ev: bool = True,
                 cap_heads_up: bool = False) -> None:
        self.want_ev = allin_ev
        self.hand = hand
        self.limit_cap = limit_cap
        self.cap_heads_up = cap_heads_up
        self.f = Findings()
        self.order = ((RankOrder.SHORT_DECK_STRAIGHT_OVER_TRIPS if hand.straight_beats_trips else RankOrder.SHORT_DECK)
                      if hand.is_short_deck else RankOrder.STANDARD)
        self.unit = _unit(hand)
        self.facts: list[ActionFact] = []
        self.small_blind_posted = self.big_blind_posted = False

    # ------------------------------------------------------------------ setup
    def run(self) -> HoldemReplay:
        hand = self.hand
        players: dict[str, _P] = {}
        for s in hand.seats:
            players[s.player] = _P(s.player, s.seat, s.stack, s.stack)
        self.players = players
        dealt = set()
        if hand.summary is not None:
            # a seat sitting out is dealt in only when it posts or bets
            sitting_out = {s.player for s in hand.seats if s.is_sitting_out}
            dealt.update(s.player for s in hand.summary.seats if s.player not in sitting_out)
        dealt.update(a.player for a in hand.actions if a.kind.is_post or a.kind.is_betting)
        for name in sorted(dealt - players.keys()):
            line = next((a.line for a in hand.actions if a.player == name), None)
            self.f.add("HE-ACTION-ORDER", f"{name} acts but has no seat at the table", line=line,
                       expected="a player seated in the seat lines", actual=name)
            players[name] = _P(name, 0, _ZERO, _ZERO)
        # By seat, then name: players without a seat (seat 0) must not be ordered by the set's hash.
        self.live = sorted((players[n] for n in dealt), key=lambda p: (p.seat, p.name))
        if self.live and not MIN_PLAYERS <= len(self.live) <= MAX_PLAYERS:
            self.f.add(HE.PLAYERS, f"{len(self.live)} players are dealt in", line=hand.source.first_line,
                       expected=f"{MIN_PLAYERS} to {MAX_PLAYERS} players", actual=f"{len(self.live)} players")
        self._positions()
        if hand.is_cancelled:
            return self._result(pots=(), total=_ZERO, rake=_ZERO, ev={}, walk=False)
        self.holes = self._hole_cards()
        self._check_deck()
        self._play()
        return self._settle()

    def _positions(self) -> None:
        live = self.live
        n = len(live)
        if n == 0:
            return
        button = self.hand.button_seat or live[-1].seat
        start = next((i for i, p in enumerate(live) if p.seat >= button), 0)
        # the button is the seat at or before the stated button seat (dead button: the one before)
        at = next((i for i, p in enumerate(live) if p.seat == button), None)
        if at is None:
            at = (start - 1) % n
        ring = live[at:] + live[:at]
        self.ring = ring
        if self.hand.is_short_deck:
            names = ("BTN",) + POSITIONS_AFTER_BB.get(n - 1, ())[: n - 1]
        elif n == 2:
            names = ("BTN", "BB")
        else:
            names = ("BTN", "SB", "BB") + POSITIONS_AFTER_BB.get(n - 3, ())
        for p, name in zip(ring, names):
            p.position = name

    def _hole_cards(self) -> dict[str, tuple[Card, ...]]:
        holes: dict[str, tuple[Card, ...]] = {}
        for h in self.hand.hole_cards:
            if len(h.cards) > len(holes.get(h.player, ())):
                holes[h.player] = h.cards
            elif holes.get(h.player) and len(h.cards) == 2 and set(h.cards) != set(holes[h.player]):
                self.f.add("HE-DECK", f"{h.player} shows {' '.join(map(str, h.cards))} but was dealt "
                           f"{' '.join(map(str, holes[h.player]))}", line=h.line,
                           expected=" ".join(map(str, holes[h.player])), actual=" ".join(map(str, h.cards)))
        return holes

    def _check_deck(self) -> None:
        hand = self.hand
        deck = self.order.deck
        in_deck = _DECK_CODES[deck]     # cards by code: a Card's hash and deck test cost more
        seen: dict[int, str] = {}
        lines = {}
        for h in hand.hole_cards:
            lines.setdefault(h.player, h.line)
        for player, cards in self.holes.items():
            for c in cards:
                code = c.code
                if code not in in_deck:
                    self.f.add("HE-DECK", f"{player} holds {c}, which is not a card of the {deck.value}-card deck",
                               line=lines.get(player), expected=f"a card of the {deck.value}-card deck", actual=str(c))
                if code in seen:
                    self.f.add("HE-DECK", f"{c} is dealt twice ({seen[code]} and {player})", line=lines.get(player),
                               expected="each card dealt once", actual=f"{c} twice")
                seen[code] = player
        for b, board in enumerate(hand.boards):
            line = hand.board_lines[b][0] if b < len(hand.board_lines) and hand.board_lines[b] else None
            for c in board:
                code = c.code
                if code not in in_deck:
                    self.f.add("HE-DECK", f"the board holds {c}, which is not a card of the {deck.value}-card deck",
                               line=line, expected=f"a card of the {deck.value}-card deck", actual=str(c))
                if seen.get(code, "board") != "board" or (b == 0 and board.count(c) > 1):
                    self.f.add("HE-DECK", f"{c} is dealt twice (board and {seen.get(code, 'board')})", line=line,
                               expected="each card dealt once", actual=f"{c} twice")
                if b == 0:
                    seen.setdefault(code, "board")
        if hand.summary is not None and hand.summary.boards:
            for b, board in enumerate(hand.summary.boards):
                dealt = hand.boards[b] if b < len(hand.boards) else ()
                if tuple(board) != tuple(dealt):
                    self.f.add("HE-BOARD", "the summary's board differs from the board dealt",
                               line=hand.summary.board_lines[b], expected=" ".join(map(str, dealt)) or "no board",
                               actual=" ".join(map(str, board)))

    # ------------------------------------------------------------------ betting
    def _play(self) -> None:
        hand = self.hand
        players = self.players
        rnd = _Round(_PREFLOP)
        self.rnd = rnd
        anchor_seat = None
        straddled = False
        self.uncalled_seen = False
        self.returned: dict[str, Decimal] = {}
        self.collects: list[Action] = []
        self.last_bet_street = _PREFLOP
        self.allin_street: Street | None = None
        preflop_started = False
        action_no = 0
        add_fact = self.facts.append
        for a in hand.actions:
            p = players.get(a.player)
            if p is None:  # only collects/shows of unseated names reach here
                p = players[a.player] = _P(a.player, 0, _ZERO, _ZERO)
            kind = a.kind
            amount_in = _ZERO
            to_call = rnd.current - p.bet
            if to_call < 0:
                to_call = _ZERO
            level = rnd.bets
            if kind.is_post:
                amount_in = self._post(p, a)
                if kind in (_POST_BB, _POST_BUTTON) and anchor_seat is None and not straddled:
                    anchor_seat = p.seat
                elif kind is _POST_STRADDLE:
                    anchor_seat, straddled = p.seat, True
                elif kind is _POST_DEAD and anchor_seat is None and a.amount > hand.big_blind:
                    pass
            elif kind.is_betting:
                street = a.street
                if street is not rnd.street:
                    self._end_round(rnd, a)
                    rnd = self.rnd = self._new_round(street)
                    to_call, level = _ZERO, rnd.bets
                elif not preflop_started and street is _PREFLOP:
                    self._start_preflop(rnd, anchor_seat)
                if not preflop_started:
                    preflop_started = True
                    if street is _PREFLOP:
                        pass
                    else:
                        self._start_preflop(rnd, anchor_seat)
                to_call = rnd.current - p.bet
                if to_call < 0:
                    to_call = _ZERO
                level = rnd.bets
                amount_in = self._act(rnd, p, a, to_call)
            elif kind is _UNCALLED:
                amount_in = self._uncalled(p, a)
            elif kind is _COLLECT:
                self.collects.append(a)
                p.collected += a.amount
                amount_in = a.amount
            add_fact(_action_fact(
                a, action_no, p.seat or None, p.position, amount_in, to_call, level,
                p.all_in and (kind.is_post or kind.is_betting) and p.left == 0,
            ))
            action_no += 1
        if not preflop_started:
            self._start_preflop(rnd, anchor_seat)
        self._end_round(rnd, None)
        self.final_street = rnd.street

    def _start_preflop(self, rnd: _Round, anchor_seat: int | None) -> None:
        """After the posts: the bet to match, who must act, and from where."""
        hand = self.hand
        live = [p for p in self.live if not p.folded]
        rnd.current = max((p.bet for p in live), default=_ZERO)
        if self.big_blind_posted:  # a big blind posted all-in short still sets the bet to call
            rnd.current = max(rnd.current, hand.big_blind)
        rnd.last_raise = hand.big_blind
        rnd.last_raise = max(rnd.last_raise, rnd.current - _second(sorted((p.bet for p in live), reverse=True)))
        rnd.level_at_full = rnd.current
        rnd.bets = 1 if rnd.current > 0 else 0
        rnd.to_act = {p.name for p in live if not p.all_in}
        rnd.acted_since_full = set()
        rnd.heads_up = len(live) == 2
        if anchor_seat is None:
            anchor_seat = hand.button_seat if hand.button_seat is not None else (live[-1].seat if live else 0)
        rnd.last_actor = anchor_seat
        self._preflop_started = True

    def _new_round(self, street: Street) -> _Round:
        for p in self.live:
            p.bet = _ZERO
        live = [p for p in self.live if not p.folded]
        rnd = _Round(street)
        rnd.last_raise = self._fixed_size(street) if self.hand.betting is _LIMIT else self.hand.big_blind
        rnd.to_act = {p.name for p in live if not p.all_in}
        rnd.heads_up = len(live) == 2
        rnd.last_actor = self.ring[0].seat if self.ring else 0  # the button: the first live player left of it acts
        return rnd

    def _end_round(self, rnd: _Round, next_action: Action | None) -> None:
        """A betting round is over: nobody may still owe an action (unless only one can act)."""
        active = [p for p in self.live if not p.folded and not p.all_in]
        contenders = [p for p in self.live if not p.folded]
        if len(contenders) <= 1:
            return
        owing = [p for p in active if p.name in rnd.to_act]
        facing = [p for p in active if p.bet < rnd.current]
        if owing and (len(active) > 1 or facing):
            who = owing[0]
            line = next_action.line if next_action is not None else self._end_line()
            self.f.add("HE-ACTION-ORDER", f"the {rnd.street} betting ends before {who.name} acted",
                       line=line, expected=f"{who.name} to act on the {rnd.street}",
                       actual="the next street" if next_action is not None else "the end of the betting")
        if len(active) <= 1 and self.allin_street is None and len(contenders) >= 2:
            self.allin_street = rnd.street

    def _end_line(self) -> int | None:
        if self.hand.summary is not None and self.hand.summary.total_line:
            return self.hand.summary.total_line
        return self.hand.source.last_line

    def _next_to_act(self, rnd: _Round) -> _P | None:
        ring = self.live
        if not ring or not rnd.to_act:
            return None
        start = rnd.last_actor if rnd.last_actor is not None else 0
        to_act = rnd.to_act
        for p in ring:      # the first seat after the last actor, round the table
            if p.seat > start and p.name in to_act:
                return p
        for p in ring:
            if p.seat <= start and p.name in to_act:
                return p
        return None

    def _top_live_bet(self) -> Decimal:
        """The largest bet a dealt player has actually made on this street."""
        return max((q.bet for q in self.live), default=_ZERO)

    def _fixed_size(self, street: Street) -> Decimal:
        hand = self.hand
        small = hand.small_bet if hand.small_bet is not None else hand.big_blind
        big = hand.big_bet if hand.big_bet is not None else small * 2
        return small if street in (_PREFLOP, _FLOP) else big

    def _pot_now(self) -> Decimal:
        return sum((p.invested for p in self.players.values()), _ZERO)

    def _put(self, p: _P, chips: Decimal, a: Action) -> Decimal:
        """Move chips from a stack into the pot; a stack never goes below zero (HE-STACK)."""
        if chips > p.left:
            self.f.add("HE-STACK", f"{p.name} puts in {chips} with {p.left} left", line=a.line,
                       expected=f"at most {p.left}", actual=str(chips))
        p.left -= chips
        p.invested += chips
        if self.hand.cap is not None and p.invested >= self.hand.cap:
            p.all_in = True
        if p.left <= 0:
            p.all_in = True
        return chips

    def _post(self, p: _P, a: Action) -> Decimal:
        hand, kind = self.hand, a.kind
        chips = a.amount
        self._put(p, chips, a)
        p.all_in_by_post = p.all_in
        if kind is _POST_ANTE:
            stated = hand.ante
            if stated and chips > stated or (stated and chips < stated and not p.all_in):
                self.f.add("HE-BLINDS", f"{p.name} posts an ante of {chips}, the table's ante is {stated}",
                           line=a.line, expected=str(stated), actual=str(chips))
            return chips
        if kind is _POST_DEAD:
            # a missed small blind alone is all dead; with the big blind, the big blind is live
            live = min(chips, hand.big_blind) if chips > hand.small_blind else _ZERO
            p.bet += live
            p.dead += chips - live
            return chips
        if kind is _POST_SB:
            if self.small_blind_posted:  # a second small blind (a player coming back) is dead money
                p.dead += chips
                return chips
            self.small_blind_posted = True
        elif kind in (_POST_BB, _POST_BUTTON):
            self.big_blind_posted = True
        p.bet += chips
        stated = {_POST_SB: hand.small_blind, _POST_BB: hand.big_blind,
                  _POST_BUTTON: hand.big_blind}.get(kind)
        if kind is _POST_SB and hand.betting is _LIMIT:
            stated = hand.big_blind if chips <= hand.big_blind else stated  # limit small blinds vary (1/3 to 1/2)
        if stated is not None and (chips > stated or (chips < stated and not p.all_in and
                                                      not (kind is _POST_SB and hand.betting is _LIMIT))):
            self.f.add("HE-BLINDS", f"{p.name} posts {chips} as {kind.value.removeprefix('post_')} blind, "
                       f"the stakes say {stated}", line=a.line, expected=str(stated), actual=str(chips))
        return chips

    def _act(self, rnd: _Round, p: _P, a: Action, to_call: Decimal) -> Decimal:
        f = self.f
        kind = a.kind
        if kind is _FOLD and p.all_in_by_post and p.all_in and p.left == 0 and not p.folded and rnd.street is _PREFLOP:
            # a blind that put a sitting-out player all in, written as a fold: he is out, and it was no turn
            p.folded, p.fold_street = True, rnd.street
            return _ZERO
        expected = self._next_to_act(rnd)
        if p.folded or (p.all_in and p.left == 0 and kind is not _FOLD):
            f.add("HE-ACTION-ORDER", f"{p.name} acts after {'folding' if p.folded else 'going all-in'}",
                  line=a.line, expected="no action", actual=f"{kind.value}")
        elif expected is None:
            f.add("HE-ACTION-ORDER", f"{p.name} acts after the {rnd.street} betting is over", line=a.line,
                  expected="no action", actual=kind.value)
        elif expected is not p:
            f.add("HE-ACTION-ORDER", f"{p.name} acts out of turn: it is {expected.name}'s turn", line=a.line,
                  expected=expected.name, actual=p.name)
        rnd.last_actor = p.seat
        rnd.to_act.discard(p.name)
        rnd.acted_since_full.add(p.name)
        chips = _ZERO
        if kind is _FOLD:
            p.folded, p.fold_street = True, rnd.street
        elif kind is _CHECK:
            if to_call > 0:
                f.add("HE-CHECK", f"{p.name} checks facing a bet of {to_call}", line=a.line,
                      expected=f"call {to_call}, raise or fold", actual=f"check facing {to_call}")
        elif kind is _CALL:
            owed = min(to_call, p.left)
            # after a big blind posted all-in short, PokerStars caps a call at the largest bet made
            top = self._top_live_bet()
            owed_to_top = min(top - p.bet, p.left) if top < rnd.current else _ZERO
            if to_call <= 0:
                f.add("HE-CALL", f"{p.name} calls {a.amount} with nothing to call", line=a.line,
                      expected="check, bet or fold", actual=f"call {a.amount}")
            elif a.amount != owed and not (owed_to_top > 0 and a.amount == owed_to_top):
                rule = "HE-STACK" if a.amount > p.left else "HE-CALL"
                f.add(rule, f"{p.name} calls {a.amount} but owes {owed}", line=a.line, expected=str(owed),
                      actual=str(a.amount))
            chips = self._put(p, a.amount, a)
            p.bet += chips
        elif kind is _BET or kind is _RAISE:
            chips = self._bet_or_raise(rnd, p, a, to_call)
        if a.is_all_in and p.left != 0 and kind is not _FOLD:
            f.add("HE-STACK", f"{p.name} is said to be all-in but keeps {p.left}", line=a.line,
                  expected="0 left", actual=f"{p.left} left")
        if a.is_all_in or a.is_capped:
            p.all_in = True
        return chips

    def _bet_or_raise(self, rnd: _Round, p: _P, a: Action, to_call: Decimal) -> Decimal:
        hand, f = self.hand, self.f
        kind = a.kind
        if kind is _BET:
            if rnd.current > 0:
                f.add("HE-BET", f"{p.name} bets {a.amount} when there is already a bet of {rnd.current}",
                      line=a.line, expected=f"call {to_call}, raise or fold", actual=f"bet {a.amount}")
            new_total = p.bet + a.amount
        else:
            new_total = a.raise_to if a.raise_to is not None else rnd.current + a.amount
            # "raises X to Y": X over the bet, or over the largest bet made (after a short all-in big blind)
            if (a.raise_to is not None and a.amount != a.raise_to - rnd.current and rnd.current > 0
                    and a.amount != a.raise_to - self._top_live_bet()):
                f.add("HE-MIN-RAISE", f"{p.name} raises {a.amount} to {a.raise_to}, but the bet was {rnd.current}",
                      line=a.line, expected=f"raises {a.raise_to - rnd.current} to {a.raise_to}",
                      actual=f"raises {a.amount} to {a.raise_to}")
        chips = new_total - p.bet
        size = new_total - rnd.current
        all_in_now = chips >= p.left or a.is_all_in or a.is_capped
        # a short all-in does not reopen the betting to those who acted since the last full raise
        if kind is _RAISE and p.name in rnd.blocked:
            f.add("HE-MIN-RAISE", f"{p.name} raises after a short all-in, which did not reopen the betting",
                  line=a.line, expected=f"call {to_call} or fold", actual=f"raise to {new_total}")
        betting = hand.betting
        if betting is _NO_LIMIT:
            if size < rnd.last_raise and not all_in_now and size > 0:
                f.add("HE-MIN-RAISE", f"{p.name} {'bets' if kind is _BET else 'raises'} {size}, "
                      f"less than the minimum {rnd.last_raise}", line=a.line,
                      expected=f"at least {rnd.last_raise} (to {rnd.current + rnd.last_raise})",
                      actual=f"{size} (to {new_total})")
        elif betting is _POT_LIMIT:
            pot_after_call = self._pot_now() + to_call
            if size > pot_after_call:
                f.add("HE-POT-LIMIT", f"{p.name} raises {size}, more than the pot after calling ({pot_after_call})",
                      line=a.line, expected=f"at most {pot_after_call} (to {rnd.current + pot_after_call})",
                      actual=f"{size} (to {new_total})")
            elif size < rnd.last_raise and not all_in_now and size > 0:
                f.add("HE-MIN-RAISE", f"{p.name} raises {size}, less than the minimum {rnd.last_raise}",
                      line=a.line, expected=f"at least {rnd.last_raise}", actual=str(size))
        else:
            fixed = self._fixed_size(rnd.street)
            if size != fixed and not (all_in_now and size < fixed):
                f.add("HE-LIMIT-SIZE", f"{p.name} {'bets' if kind is _BET else 'raises'} {size} on the "
                      f"{rnd.street}, where the fixed size is {fixed}", line=a.line, expected=str(fixed),
                      actual=str(size))
            # PokerStars caps no round that starts heads-up (LIMIT_CAP_HEADS_UP)
            capped = self.limit_cap is not None and (self.cap_heads_up or not rnd.heads_up)
            if capped and rnd.bets + 1 > self.limit_cap:
                f.add("HE-LIMIT-CAP", f"{p.name} makes bet number {rnd.bets + 1} of the {rnd.street}; "
                      f"the cap is {self.limit_cap} bets", line=a.line, expected=f"at most {self.limit_cap} bets",
                      actual=f"{rnd.bets + 1} bets")
        self._put(p, chips, a)
        p.bet = new_total
        full = size >= rnd.last_raise or rnd.current == 0 and size > 0
        if betting is _LIMIT:
            full = size >= self._fixed_size(rnd.street) or (size * 2 >= self._fixed_size(rnd.street))
        if full:
            rnd.last_raise = max(size, rnd.last_raise) if betting is not _LIMIT else self._fixed_size(rnd.street)
            rnd.level_at_full = new_total
            rnd.bets += 1
            rnd.acted_since_full = {p.name}
            rnd.blocked = set()
        else:
            # short all-in: those who acted since the last full raise may call or fold, not raise
            rnd.blocked = set(rnd.acted_since_full) - {p.name}
            if new_total - rnd.level_at_full >= rnd.last_raise:  # short all-ins that add up to a full raise
                rnd.level_at_full = new_total
                rnd.bets += 1
                rnd.blocked = set()
                rnd.acted_since_full = {p.name}
        rnd.current = max(rnd.current, new_total)
        rnd.to_act = {q.name for q in self.live if not q.folded and not q.all_in and q is not p}
        if p.left > 0 and not a.is_capped:
            pass
        return chips

    def _uncalled(self, p: _P, a: Action) -> Decimal:
        """The part of the top bet nobody matched goes back to its bettor (HE-UNCALLED)."""
        bets = sorted(((q.bet, q.name) for q in self.players.values()), reverse=True)
        top_bet, top_name = bets[0] if bets else (_ZERO, "")
        second = bets[1][0] if len(bets) > 1 else _ZERO
        excess = top_bet - second
        if top_name != p.name or a.amount != excess:
            self.f.add("HE-UNCALLED", f"{a.amount} is returned to {p.name}, but the uncalled part is {excess}"
                       + (f" of {top_name}'s bet" if top_name != p.name else ""), line=a.line,
                       expected=f"{excess} to {top_name}", actual=f"{a.amount} to {p.name}")
        p.bet -= a.amount
        p.left += a.amount
        p.invested -= a.amount
        if p.left > 0 and p.all_in and (self.hand.cap is None or p.invested < self.hand.cap):
            p.all_in = False
        self.returned[p.name] = self.returned.get(p.name, _ZERO) + a.amount
        self.rnd.current = max((q.bet for q in self.players.values()), default=_ZERO)
        return a.amount

    # ------------------------------------------------------------------ pots and showdown
    def _settle(self) -> HoldemReplay:
        hand, f = self.hand, self.f
        everyone = list(self.players.values())
        contenders = [p for p in self.live if not p.folded]
        # an uncalled bet the log did not return
        bets = sorted(((p.bet, p.name) for p in everyone), reverse=True)
        if len(bets) > 1 and bets[0][0] > bets[1][0] and len(contenders) >= 1:
            top = self.players[bets[0][1]]
            excess = bets[0][0] - bets[1][0]
            total = sum((p.invested for p in everyone), _ZERO)
            if hand.summary is None or hand.summary.total_pot != total:
                # the log's pot leaves the excess out: it went back without the line that says so
                severity = Severity.WARNING if hand.summary is not None and hand.summary.total_pot == total - excess \
                    else Severity.ERROR
                f.add("HE-UNCALLED", f"{excess} of {top.name}'s bet was not called and no line returns it",
                      line=self._end_line(), expected=f"Uncalled bet ({excess}) returned to {top.name}",
                      actual="no such line", severity=severity)
                top.invested -= excess
                top.left += excess
            # else: older logs keep the uncalled part in the pot and the bettor collects it back
        pots = _build_pots(everyone, contenders)
        total = sum((p.invested for p in everyone), _ZERO)
        summary = hand.summary
        rake = summary.rake if summary is not None else _ZERO
        if summary is not None:
            if summary.total_pot != total:
                f.add("HE-POT-BALANCE", f"the log's total pot is {summary.total_pot}, the contributions add up to "
                      f"{total}", line=summary.total_line, expected=str(total), actual=str(summary.total_pot))
        collected_log = sum((a.amount for a in self.collects), _ZERO)
        not_awarded = self._cashed_out_winnings()
        if summary is not None and collected_log + rake + not_awarded != total:
            f.add("HE-POT-BALANCE", f"collected {collected_log} plus rake {rake} does not make the pot {total}",
                  line=summary.total_line, expected=str(total - rake), actual=str(collected_log + not_awarded))
        net_pots = self._net_pots(pots, total, rake)
        award = self._award(pots, net_pots, contenders)
        ev = self._allin_ev(pots, net_pots, contenders)
        walk = self._is_walk(contenders)
        return self._result(pots=tuple(pots), total=total, rake=rake, ev=ev, walk=walk, award=award)

    def _cashed_out_winnings(self) -> Decimal:
        """Pots won by a player who cashed out are not awarded: the summary still says what he won."""
        hand = self.hand
        if not hand.cash_outs or hand.summary is None:
            return _ZERO
        out = {c.player for c in hand.cash_outs}
        collected = {a.player for a in self.collects}
        return sum((sum(s.won, _ZERO) for s in hand.summary.seats if s.player in out and s.player not in collected
                    and "not awarded" in s.text), _ZERO)

    def _net_pots(self, pots: list[Pot], total: Decimal, rake: Decimal) -> list[Decimal]:
        """Each pot after rake: the summary's own split when it lists the pots, else rake from the main pot."""
        summary = self.hand.summary
        listed = summary.pots if summary is not None else ()
        invested = sorted((p.invested for p in self.players.values()), reverse=True) + [_ZERO, _ZERO]
        if (listed and len(listed) == len(pots) - 1 and len(pots) > 1 and len(pots[-1].eligible) == 1
                and invested[0] - invested[1] == pots[-1].amount):
            # the uncalled part of the top bet, which only its bettor can win, listed within the pot
            # below it (Winamax): that pot's net is the rest, the uncalled part unraked
            listed = (*listed[:-1], listed[-1] - pots[-1].amount, pots[-1].amount)
        if listed and len(listed) == len(pots):
            net = list(listed)
            gross = [p.amount for p in pots]
            if sum(net, _ZERO) + rake != total or any(n > g for n, g in zip(net, gross)):
                self.f.add("HE-SIDE-POT", "the log's main and side pots do not match the all-in levels",
                           line=summary.total_line, expected=" / ".join(str(g) for g in gross) + f" (rake {rake})",
                           actual=" / ".join(str(n) for n in net))
            return net
        if summary is not None and summary.pots and len(summary.pots) != len(pots) and len(pots) > 1:
            self.f.add("HE-SIDE-POT", f"the log lists {len(summary.pots)} pots, the all-in levels make {len(pots)}",
                       line=summary.total_line, expected=" / ".join(str(p.amount) for p in pots),
                       actual=" / ".join(str(n) for n in summary.pots))
        net = [p.amount for p in pots]
        if net:
            net[0] -= rake
        return net

    def _strengths(self, boards: list, order: RankOrder) -> dict[tuple[int, str], int]:
        """The strength of every 2-card hand on every full board, ranked in one batch; a hand
        with a card twice or off the deck is left out (the deck check reports it)."""
        keys, rows = [], []
        for b, board in enumerate(boards):
            if len(board) != 5:
                continue
            codes = [c.code for c in board]
            for name, cards in self.holes.items():
                if len(cards) == 2:
                    keys.append((b, name))
                    rows.append([cards[0].code, cards[1].code, *codes])
        if not rows:
            return {}
        out = rank_rows(np.array(rows, dtype=np.int64), order)
        return {key: int(value) for key, value in zip(keys, out.tolist()) if value >= 0}

    def _award(self, pots: list[Pot], net_pots: list[Decimal], contenders: list[_P]) -> dict[str, Decimal]:
        """Who should collect what; compare with the collect lines (HE-SHOWDOWN, HE-SPLIT, HE-COLLECTED)."""
        hand, f = self.hand, self.f
        expected: dict[str, Decimal] = {}
        # the same awards with the rake taken from the shares after an equal split of the pot
        # before rake (older PokerStars logs, e.g. a 4-way split of 2008): a warning, not an error
        after_split: dict[str, Decimal] = {}
        split: set[str] = set()     # players who share a pot
        clockwise = self._clockwise()
        unverifiable = False
        rake = hand.summary.rake if hand.summary is not None else _ZERO
        boards = [b for b in hand.boards if b] or [()]
        n_boards = len(boards)
        actual: dict[str, Decimal] = {}
        for a in self.collects:
            actual[a.player] = actual.get(a.player, _ZERO) + a.amount
        cashed = {c.player for c in hand.cash_outs}
        # ranked only when some pot has two or more players eligible (most hands end with one)
        contested = any(len(pot.eligible) > 1 for pot in pots)
        strengths = self._strengths(boards, self.order) if contested else {}
        standard = self._strengths(boards, RankOrder.STANDARD) if contested and hand.is_short_deck else {}
        for k, (pot, net) in enumerate(zip(pots, net_pots)):
            shares = _halves(net, n_boards, self.unit)
            gross_shares = _halves(pot.amount, n_boards, self.unit) if pot.amount >= net else shares
            for b, board in enumerate(boards):
                share = shares[b]
                eligible = [self.players[n] for n in pot.eligible]
                if len(eligible) == 1:
                    winners = eligible
                else:
                    known = []
                    for q in eligible:
                        cards = self.holes.get(q.name, ())
                        if len(cards) == 2 and len(board) == 5:
                            if (b, q.name) not in strengths:
                                continue    # a card twice or off the deck: not a hand to rank
                            known.append(q)
                    # players who collected without showing cannot be checked
                    if any(q.name in actual and q not in known for q in eligible) or not known:
                        unverifiable = True
                        continue
                    best = max(strengths[(b, q.name)] for q in known)
                    winners = [q for q in known if strengths[(b, q.name)] == best]
                    if hand.is_short_deck:
                        best_std = max(standard[(b, q.name)] for q in known)
                        std_winners = [q for q in known if standard[(b, q.name)] == best_std]
                        self._std_winners = getattr(self, "_std_winners", {})
                        self._std_winners[(k, b)] = {q.name for q in std_winners}
                if len(winners) > 1:
                    # HE-SPLIT: equal shares in the pot's unit (after rake), the odd units to the
                    # first winners clockwise from the button, as PokerStars does
                    winners = sorted(winners, key=lambda q: clockwise.get(q.name, len(clockwise)))
                    split.update(q.name for q in winners)
                    gross_each = _split(gross_shares[b], len(winners), self.unit)
                else:
                    gross_each = [share]
                each = _split(share, len(winners), self.unit)
                for q, amount, gross in zip(winners, each, gross_each):
                    expected[q.name] = expected.get(q.name, _ZERO) + amount
                    after_split[q.name] = after_split.get(q.name, _ZERO) + gross
                self._winners = getattr(self, "_winners", {})
                self._winners[(k, b)] = {q.name for q in winners}
        if unverifiable:
            return expected
        lines = {}
        for a in self.collects:
            lines.setdefault(a.player, a.line)
        end = self._end_line()
        # the older logs' way: some winner keeps his whole share of the pot before rake, the
        # others pay the rake out of theirs; without such a winner an odd share is an error
        rake_after_split = any(actual.get(n) == after_split[n] != expected[n] for n in split)
        # a split no known room rule gives, but the split winners together collect what they share,
        # each within the rake of his equal share: a warning
        split_balances = sum((expected[n] for n in split), _ZERO) == sum((actual.get(n, _ZERO) for n in split), _ZERO)
        for name in sorted(set(expected) | set(actual), key=lambda n: lines.get(n, 0)):
            exp, act = expected.get(name, _ZERO), actual.get(name, _ZERO)
            if name in cashed and act == 0:
                continue
            if exp == 0 and act > 0:
                rule, why = self._wrong_winner_rule(name)
                f.add(rule, f"{name} collects {act} but {why}", line=lines.get(name),
                      expected=self._winner_text(), actual=f"{name} collects {act}")
            elif exp > 0 and act == 0:
                rule, why = self._wrong_winner_rule(None)
                if name in split:
                    rule = "HE-SPLIT"
                f.add(rule if len(contenders) > 1 else "HE-COLLECTED", f"{name} should collect {exp} but collects nothing",
                      line=end, expected=f"{name} collects {exp}", actual="nothing")
            elif exp != act and name in split:
                top = after_split.get(name, exp)
                if rake_after_split and top - rake <= act <= top:
                    f.add("HE-SPLIT", f"{name} collects {act}, not the {exp} of an equal split after the rake: the "
                          f"log splits the pot before the rake (his share {top}) and takes the rake from the shares",
                          line=lines.get(name), expected=str(exp), actual=str(act), severity=Severity.WARNING)
                elif split_balances and abs(act - exp) <= rake:     # the rake shared out another way
                    f.add("HE-SPLIT", f"{name} collects {act}, not the {exp} of an equal split after the rake; the "
                          f"split winners together collect what they share, the rake shared out by a rule the replay "
                          f"does not know",
                          line=lines.get(name), expected=str(exp), actual=str(act), severity=Severity.WARNING)
                else:
                    odd = "chip" if self.unit == 1 else "cent"
                    f.add("HE-SPLIT", f"{name} collects {act}, his equal share is {exp} (the odd {odd}s "
                          f"going to the first winners clockwise from the button)",
                          line=lines.get(name), expected=str(exp), actual=str(act))
            elif exp != act:
                f.add("HE-COLLECTED", f"{name} collects {act}, the pots he wins hold {exp} for him", line=lines.get(name),
                      expected=str(exp), actual=str(act))
        # the summary's "won (…)" amounts against the collect lines
        if hand.summary is not None:
            for s in hand.summary.seats:
                if not s.won:
                    continue
                won = sum(s.won, _ZERO)
                got = actual.get(s.player, _ZERO)
                if won != got and s.player not in cashed:
                    f.add("HE-COLLECTED", f"the summary says {s.player} won {won}, the log's collect lines give {got}",
                          line=s.line, expected=str(got), actual=str(won))
        return expected

    def _clockwise(self) -> dict[str, int]:
        """Each player's place clockwise from the button: the first player left of it 0, the button last."""
        ring = getattr(self, "ring", [])
        n = len(ring)
        return {p.name: (i - 1) % n for i, p in enumerate(ring)}

    def _wrong_winner_rule(self, name: str | None) -> tuple[str, str]:
        std = getattr(self, "_std_winners", {})
        if name is not None and self.hand.is_short_deck and any(name in w for w in std.values()):
            return "HE-SD-ORDER", "he wins only by the 52-card ranking; on 36 cards a flush beats a full house and trips beat a straight"
        return "HE-SHOWDOWN", "he does not hold the best hand among the players eligible for the pot"

    def _winner_text(self) -> str:
        winners = getattr(self, "_winners", {})
        names = sorted({n for w in winners.values() for n in w})
        return ", ".join(names) if names else "no one"

    def _allin_ev(self, pots: list[Pot], net_pots: list[Decimal], contenders: list[_P]) -> dict[str, Decimal]:
        """Expected collected amount of each contender from the all-in equity of every pot.

        The equity of each pot is enumerated exactly over the boards left at the street where the
        betting ended with at most one player not all-in; each pot counts after its rake share
        (the rake is taken from the main pot, or as the summary lists the pots), so a player's
        EV net plus the others' adds up to minus the rake, as nets do.
        """
        street = self.allin_street
        if not self.want_ev or street is None or street is _RIVER or len(contenders) < 2:
            return {}
        holes = [self.holes.get(p.name, ()) for p in contenders]
        if any(len(h) != 2 for h in holes):
            return {}
        board = tuple(self.hand.boards[0][: street.board_size]) if self.hand.boards else ()
        index = {p.name: i for i, p in enumerate(contenders)}
        pot_sets = [[index[n] for n in pot.eligible] for pot in pots]
        values = allin_ev_values([[c.code for c in h] for h in holes], [c.code for c in board], pot_sets,
                                 net_pots, self.order, self.unit)
        if values is None:
            return {}
        return {p.name: value for p, value in zip(contenders, values)}

    def _is_walk(self, contenders: list[_P]) -> bool:
        if len(contenders) != 1:
            return False
        winner = contenders[0]
        preflop = [a for a in self.hand.actions if a.kind.is_betting]
        return (winner.position in ("BB", "BTN") and all(a.kind is _FOLD for a in preflop)
                and all(a.street is _PREFLOP for a in preflop))

    def _result(self, *, pots, total, rake, ev, walk, award=None) -> HoldemReplay:
        hand = self.hand
        cash = {c.player: c.amount for c in hand.cash_outs}
        boards = hand.boards[0] if hand.boards else ()
        contenders = [p for p in self.live if not p.folded]
        showdown = len(contenders) >= 2 and not hand.is_cancelled
        results, facts = [], []
        holes = getattr(self, "holes", {})
        # the streets each player saw: dealt (the board reached them) and not folded before
        dealt = 0 if hand.is_cancelled else sum(1 for street in _SEEN_STREETS if len(boards) >= street.board_size)
        cancelled = hand.is_cancelled
        for p in self.live:
            name, invested = p.name, p.invested
            cash_p = cash.get(name, _ZERO) if cash else _ZERO
            collected = p.collected + cash_p
            net = _ZERO if cancelled else collected - invested
            results.append(_player_result(name, net, p.seat))
            folded_at = p.fold_street
            seen = dealt if folded_at is None else min(dealt, folded_at.ordinal)
            sd = showdown and not p.folded
            ev_net = ev[name] + cash_p * 0 - invested if name in ev else net
            facts.append(_player_fact(  # the fields in PlayerFact's order
                name, p.seat, p.position, holes.get(name, ()), p.stack, invested, collected,
                cash_p, net, ev_net, seen >= 1, seen >= 2, seen >= 3, sd, sd and p.collected > _ZERO,
            ))
        return HoldemReplay(
            findings=tuple(self.f), players=tuple(results), actions=tuple(self.facts), facts=tuple(facts),
            pots=tuple(pots), total_pot=total, rake=rake, is_walk=walk, count_players=len(self.live),
            has_allin_ev=bool(ev),
        )


# ---------------------------------------------------------------------- helpers

# Facts are made by slot_filler (rules.records): the frozen dataclass's own __init__ costs
# ~3 us per action, filling the slots makes the same frozen value in a third of the time.

# action, action_no, seat, position, amount, to_call, bet_level, is_all_in
_action_fact = slot_filler(ActionFact, "_action_fact")
# the fields of PlayerFact in order
_player_fact = slot_filler(PlayerFact, "_player_fact")
# player, net, seat
_player_result = slot_filler(PlayerResult, "_player_result")


_SEEN_STREETS = (_FLOP, _TURN, _RIVER)   # their ordinal is 1, 2, 3
_DECK_CODES = {deck: frozenset(deck.codes) for deck in {order.deck for order in RankOrder}}


def _unit(hand: HoldemHand) -> Decimal:
    if hand.currency in ("chips",) or hand.currency == "play" and all(
            s.stack == s.stack.to_integral_value() for s in hand.seats):
        return Decimal(1)
    return Decimal("0.01")


def _second(values: list[Decimal]) -> Decimal:
    return values[1] if len(values) > 1 else _ZERO


def _build_pots(everyone: list[_P], contenders: list[_P]) -> list[Pot]:
    """Main and side pots per all-in level of the live chips (HE-SIDE-POT): the chips of folded
    players go in too; dead money (a returning player's dead blind) goes to the main pot."""
    if not contenders:
        total = sum((p.invested for p in everyone), _ZERO)
        return [Pot(amount=total, eligible=())] if total else []
    levels = sorted({p.invested - p.dead for p in contenders})
    pots: list[Pot] = []
    previous = _ZERO
    for level in levels:
        amount = sum((min(p.invested - p.dead, level) - min(p.invested - p.dead, previous) for p in everyone), _ZERO)
        eligible = tuple(p.name for p in contenders if p.invested - p.dead >= level)
        if pots and set(pots[-1].eligible) == set(eligible):
            pots[-1] = Pot(amount=pots[-1].amount + amount, eligible=eligible)
        elif amount > 0:
            pots.append(Pot(amount=amount, eligible=eligible))
        previous = level
    extra = sum((max(p.invested - p.dead - levels[-1], _ZERO) for p in everyone), _ZERO)
    if extra and pots:
        pots[-1] = Pot(amount=pots[-1].amount + extra, eligible=pots[-1].eligible)
    dead = sum((p.dead for p in everyone), _ZERO)
    if dead and not pots:       # only dead money: one pot for every contender
        pots.append(Pot(amount=_ZERO, eligible=tuple(p.name for p in contenders)))
    if dead:
        pots[0] = Pot(amount=pots[0].amount + dead, eligible=pots[0].eligible)
    # a top "pot" that only its bettor can win is an uncalled bet: it is his own
    return pots


def _split(amount: Decimal, n: int, unit: Decimal) -> list[Decimal]:
    """``amount`` shared by ``n`` winners in whole units; the odd units go to the first ones."""
    if n <= 1:
        return [amount]
    each = (amount / n).quantize(unit, rounding=ROUND_DOWN)
    odd = int((amount - each * n) / unit)
    return [each + (unit if i < odd else _ZERO) for i in range(n)]


def _halves(amount: Decimal, n: int, unit: Decimal) -> list[Decimal]:
    """A pot run ``n`` times: a share per board, the odd unit to the first board."""
    return _split(amount, n, unit)


__all__ += ["Finding", "Severity", "dataclasses"]
