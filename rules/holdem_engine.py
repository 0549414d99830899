"""One Hold'em hand replayed by the compiled engine: its findings in words and its facts.

:func:`replay` puts one :class:`~rules.holdem_hand.HoldemHand` through the same kernel that replays
whole files (:func:`rules.holdem_fast.replay_batch`), as a batch of one, and returns what the
audit pages, ``Check a game`` and the warehouse need of it: the findings in words
(:mod:`rules.holdem_explain`), each player's result and facts, each action's facts and the pots.
The engine's own columns travel along (``batch``, ``fact_batch``), so the warehouse rows are
written by the one row builder of the batch lane.

>>> import dataclasses
>>> from decimal import Decimal as D
>>> from rules.holdem_hand import Action, ActionKind, BettingStructure, Seat, Street, Summary
>>> from rules.records import GameInfo, Source
>>> def act(p, kind, amount=0, to=None, line=0):
...     return Action(street=Street.PREFLOP, player=p, kind=kind, amount=D(amount),
...                   raise_to=None if to is None else D(to), line=line)
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

from collections.abc import Callable
from dataclasses import dataclass, field, fields, make_dataclass
from decimal import Decimal

from rules.cards import Card
from rules.holdem_batch import POSITIONS, HandBatch, anonymous_seats, batch_from_hands
from rules.holdem_explain import amount, explain
from rules.holdem_fast import FactBatch, replay_batch
from rules.holdem_hand import Action, HoldemHand
from rules.records import Replay

__all__ = ["ActionFact", "HoldemReplay", "NotReplayed", "PlayerFact", "Pot", "owed_with_cash_out", "replay",
           "sold_to_the_room"]


_READ: dict[object, Callable] = {Decimal: amount, int: int, bool: bool,
                                 str | None: lambda code: POSITIONS[code] if 0 <= code < len(POSITIONS) else None,
                                 int | None: lambda seat: seat if seat >= 0 else None}
"""How a FactBatch value (cents, a position code, a seat number; -1 for none) becomes a fact's field, by its type."""


def _fact_class(name: str, doc: str, field_types: dict[str, object]) -> type:
    """A frozen dataclass of keyword-only fields, declared as a dict so that _columns reads them by type."""
    cls = make_dataclass(name, list(field_types.items()), frozen=True, kw_only=True, slots=True)
    cls.__module__, cls.__doc__ = __name__, doc
    return cls


ActionFact = _fact_class("ActionFact", """What the engine knows about one action of the log (one ``holdem_actions``
    row): the action, then the FactBatch's action columns of the same names. ``amount``: chips this action put
    in (for a raise: the raise_to less what the player had in before), or took back.""", {
    "action": Action, "action_no": int, "seat": int | None, "position": str | None, "amount": Decimal,
    "to_call": Decimal, "bet_level": int, "is_all_in": bool})

PlayerFact = _fact_class("PlayerFact", """One player's hand as the engine derived it (one ``holdem_results``
    row); ``player``, ``seat`` and ``net`` are what every game's replay reports (rules.records.PlayerResult).
    ``stack_start`` is the batch's stack, None when the log does not state it
    (``HoldemHand.stack_not_stated``); ``collected`` is the chips taken from the pots, plus what the room
    paid for a cash-out (see ``cash_out``); ``net`` is what the log moves (collected less invested);
    ``owed`` is what the rules pay him from the pots, the rake taken (the ``expected`` of his findings;
    whole when the replay's ``owed_known``), so ``owed - invested`` is his net by the rules;
    ``is_anonymous``: a name that is no person's (``rules.holdem_batch.anonymous_seats``); the rest are the FactBatch's seat columns of the same names.""", {
    "player": str, "seat": int, "position": str | None, "hole_cards": tuple[Card, ...], "is_anonymous": bool,
    **dict.fromkeys(("stack_start", "invested", "collected", "cash_out", "net", "owed", "allin_ev_net"), Decimal),
    **dict.fromkeys(("saw_flop", "saw_turn", "saw_river", "went_to_showdown", "won_at_showdown"), bool)})


def sold_to_the_room(player) -> bool:
    """Whether a player (a :class:`PlayerFact`) cashed out and collects nothing from the pots: they
    sold their claim on them to the room, which pays them the cash-out in its place (PokerStars'
    "cashed out the hand for $X", their share "not awarded"). One who collects from them as well
    (GGPoker's EV Cashout, played out) kept their claim. As the replay judges their collect lines
    (rules.holdem_fast: a player who cashed out and collects nothing is no finding)."""
    return player.cash_out > 0 and player.collected == player.cash_out


def owed_with_cash_out(player) -> Decimal:
    """What the rules pay a player (a :class:`PlayerFact`) given what the room paid them, or they paid
    it, outside the pots (``cash_out``): the cash-out in place of their share of the pots where they
    sold it to the room (:func:`sold_to_the_room`), else their share and the cash-out besides.

    >>> from dataclasses import replace
    >>> sold = PlayerFact(player="Hero", seat=6, position=None, hole_cards=(), is_anonymous=False,
    ...                   **dict.fromkeys(("stack_start", "invested", "net", "allin_ev_net"), Decimal(0)),
    ...                   owed=Decimal("71.68"), cash_out=Decimal("60.26"), collected=Decimal("60.26"),
    ...                   **dict.fromkeys(("saw_flop", "saw_turn", "saw_river", "went_to_showdown",
    ...                                    "won_at_showdown"), False))
    >>> owed_with_cash_out(sold), owed_with_cash_out(replace(sold, collected=Decimal("131.94")))
    (Decimal('60.26'), Decimal('131.94'))
    >>> owed_with_cash_out(replace(sold, cash_out=Decimal(0), collected=Decimal("71.68")))
    Decimal('71.68')
    """
    return player.cash_out if sold_to_the_room(player) else player.owed + player.cash_out


def _columns(f: FactBatch, fact_class: type, given: tuple[str, ...], **column_of: str) -> dict[str, list]:
    """The fields of ``fact_class`` but those ``given``, each read by its type from the FactBatch
    column of its name (or ``column_of`` it)."""
    return {field.name: list(map(_READ[field.type], getattr(f, column_of.get(field.name, field.name)).tolist()))
            for field in fields(fact_class) if field.name not in given}


Pot = _fact_class("Pot", "A main or side pot: its chips before rake and the players eligible for it.",
                  {"amount": Decimal, "eligible": tuple[str, ...]})


@dataclass(frozen=True, kw_only=True)
class HoldemReplay(Replay):
    """The replay of one hand: findings in words, each player's result and facts, the actions' facts,
    the pots; ``owed_known``: the rules tell who wins each pot (no contender's cards left unshown), so
    each player's ``owed`` is what they pay him; ``batch`` and ``fact_batch`` are the engine's columns
    of it (hand 0)."""

    players: tuple[PlayerFact, ...] = ()
    actions: tuple[ActionFact, ...] = ()
    pots: tuple[Pot, ...] = ()
    total_pot: Decimal = Decimal(0)
    rake: Decimal = Decimal(0)
    has_allin_ev: bool = False
    owed_known: bool = False
    batch: HandBatch = field(default=None, repr=False)
    fact_batch: FactBatch = field(default=None, repr=False)


def replay(hand: HoldemHand, **options) -> HoldemReplay:
    """Replay one hand with the compiled engine (see the module docstring); the options are
    :func:`rules.holdem_fast.replay_batch`'s. Raises :class:`NotReplayed` for a hand the engine's
    columns cannot hold."""
    b = batch_from_hands([hand])     # a batch of one hand: its seats and actions are the whole columns
    f = replay_batch(b, **options)
    if not f.explained[0]:
        raise NotReplayed("the Hold'em engine cannot replay this hand: it holds amounts finer than a cent, more "
                          "than two hole cards, five board cards or five cards of a made hand, more than three "
                          "boards or more than 62 seats, or a case the engine does not model, such as a rake larger "
                          "than the main pot it is taken from when the log lists no pots")
    findings = explain(b, f)
    order = f.fact_order.tolist()
    seats = sorted((i for i, has in enumerate(f.has_fact.tolist()) if has), key=order.__getitem__)
    seat_no, hole = b.seat_no.tolist(), b.hole.tolist()
    facts = _columns(f, PlayerFact, ("player", "seat", "hole_cards", "stack_start", "is_anonymous"),
                     position="seat_position")
    unknown = b.stack_not_stated.tolist() if b.stack_not_stated is not None else [False] * len(b.stack)
    facts["stack_start"] = [None if no else amount(c) for c, no in zip(b.stack.tolist(), unknown)]
    anonymous = anonymous_seats(b).tolist()
    players = tuple(PlayerFact(player=b.player[i], seat=seat_no[i], hole_cards=tuple(Card(c) for c in hole[i] if c >= 0),
                               is_anonymous=anonymous[i], **{name: column[i] for name, column in facts.items()})
                    for i in seats)
    columns = _columns(f, ActionFact, ("action",))
    actions = tuple(ActionFact(action=action, **{name: column[k] for name, column in columns.items()})
                    for k, action in enumerate(hand.actions))
    pots = tuple(Pot(amount=amount(chips), eligible=tuple(name for i, name in enumerate(b.player) if eligible >> i & 1))
                 for chips, eligible in zip(f.pot_amount[:int(f.n_pots[0])].tolist(),
                                             f.pot_eligible[:int(f.n_pots[0])].tolist()))
    return HoldemReplay(findings=findings + hand.room_findings, players=players, actions=actions, pots=pots,
                        total_pot=amount(int(f.total_pot[0])), rake=amount(int(f.rake[0])),
                        has_allin_ev=bool(f.has_allin_ev[0]), owed_known=bool(f.owed_known[0]), batch=b,
                        fact_batch=f)


class NotReplayed(LookupError):
    """A hand the engine cannot hold: the ingest quarantines it with this reason, its text kept."""
