"""Findings in words: the compiled engine's finding rows said in the hand's own money and names.

The engine (:mod:`rules.holdem_fast`) reports each broken rule as numbers: the rule's code, the
line, the seat and the expected and actual amounts in cents. :func:`explain` turns the rows of one
hand into :class:`~rules.findings.Finding` objects, reading the hand's batch columns only for
names, cards and the amounts the log wrote, and the engine's own per-action facts where one rule
has several checks. Only hands with findings are worded, and no parsed record is needed: the
batch lane words the hands it reads.

>>> money(7100), money(3550), money(25), money(-200)
('71', '35.50', '0.25', '-2')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from rules.cards import Card
from rules.findings import Finding, Severity
from rules.holdem_batch import KINDS, STREETS, HandBatch
from rules.holdem_fast import WARNING, FactBatch, FindingRows, hand_units
from rules.holdem_hand import ActionKind, Street
from rules.holdem_room import (
    all_ins_unsaid,
    button_off_table,
    cards_dealt_again,
    dead_posts_off,
    whole_pot_raked,
)
from rules.holdem_rules import HE, MAX_PLAYERS, MIN_PLAYERS

__all__ = ["WORDED", "explain", "money", "room_findings"]


def money(cents: int) -> str:
    """An amount in the logs' way: whole units bare, else two decimals."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}{whole}" if part == 0 else f"{sign}{whole}.{part:02d}"


@dataclass(frozen=True, slots=True)
class _Row:
    """One finding row of the hand, with what its words need."""

    rule: HE
    severity: Severity
    line: int | None
    seat: int
    expected: int
    actual: int


class _Act(NamedTuple):
    """One action as the log wrote it (amounts in cents, ``raise_to`` -1 unless stated)."""

    kind: ActionKind
    street: Street
    actor: int
    amount: int
    raise_to: int
    is_all_in: bool


class _Hand:
    """The hand as the words need it: names by seat index, actions by line, the engine's facts."""

    def __init__(self, batch: HandBatch, facts: FactBatch, h: int, rows: list[_Row]) -> None:
        self.batch, self.facts, self.h, self.rows = batch, facts, h, rows
        self.s0, self.s1 = int(batch.seat_start[h]), int(batch.seat_start[h + 1])
        self.a0, self.a1 = int(batch.action_start[h]), int(batch.action_start[h + 1])
        self.at_line: dict[int, int] = {}
        for j in range(self.a0, self.a1):
            self.at_line.setdefault(int(batch.line[j]), j)
        self.is_short_deck = bool(batch.is_short_deck[h])

    def name(self, seat: int) -> str:
        return self.batch.player[self.s0 + seat] if 0 <= seat < self.s1 - self.s0 else "someone"

    def act(self, j: int) -> _Act:
        b = self.batch
        return _Act(KINDS[int(b.kind[j])], STREETS[int(b.street[j])], int(b.actor[j]), int(b.amount[j]),
                    int(b.raise_to[j]), bool(b.is_all_in[j]))

    def action(self, line: int | None) -> tuple[int, _Act | None]:
        """The batch index and the action written at ``line`` (-1, None when no action is)."""
        j = self.at_line.get(line or 0)
        return (-1, None) if j is None else (j, self.act(j))

    def board(self, cards) -> str:
        return " ".join(_card(c) for c in cards if c >= 0)

    def left_before(self, j: int, seat: int) -> int:
        """The player's chips behind before action ``j``, from the engine's facts."""
        b, f = self.batch, self.facts
        left = int(b.stack[self.s0 + seat])
        for i in range(self.a0, j):
            if int(b.actor[i]) != seat:
                continue
            kind = KINDS[int(b.kind[i])]
            if kind.is_post or kind.is_betting:
                left -= int(f.amount[i])
            elif kind is ActionKind.UNCALLED:
                left += int(f.amount[i])
        return left

    def unit_word(self) -> str:
        return "chip" if self.batch.currency[self.h] in ("chips", "play") else "cent"


def _card(code: int) -> str:
    return str(Card(int(code))) if 0 <= code < 52 else f"card code {code}"


# ---------------------------------------------------------------------- one function per rule
# Each returns (message, expected, actual) for one row.

Words = tuple[str, str | None, str | None]


def _players(x: _Hand, r: _Row) -> Words:
    return (f"{r.actual} players are dealt in", f"{MIN_PLAYERS} to {MAX_PLAYERS} players", f"{r.actual} players")


def _action_order(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    j, action = x.action(r.line)
    if r.actual == -1:      # a betting round ended with a player still to act
        street = STREETS[r.expected] if 0 <= r.expected < len(STREETS) else "betting"
        then = "the next street" if action is not None else "the end of the betting"
        return f"the {street} betting ends before {who} acted", f"{who} to act on the {street}", then
    unseated = getattr(x.batch, "is_unseated", None)
    if unseated is not None and r.seat >= 0 and unseated[x.s0 + r.seat]:
        return f"{who} acts but has no seat at the table", "a player seated in the seat lines", who
    if r.expected >= 0 and action is not None:
        return f"{who} acts out of turn: it is {x.name(r.expected)}'s turn", x.name(r.expected), who
    kind = action.kind.value if action is not None else "an action"
    earlier = [x.act(i) for i in range(x.a0, j) if int(x.batch.actor[i]) == r.seat]
    if any(a.kind is ActionKind.FOLD for a in earlier):
        why = "after folding"
    elif any(a.is_all_in for a in earlier):
        why = "after going all-in"
    else:
        why = "when no one may act"
    return f"{who} acts {why}", "no action", kind


def _check(x: _Hand, r: _Row) -> Words:
    owed = money(r.actual)
    return f"{x.name(r.seat)} checks facing a bet of {owed}", f"call {owed}, raise or fold", f"check facing {owed}"


def _call(x: _Hand, r: _Row) -> Words:
    who, amount = x.name(r.seat), _logged(x, r)
    if r.expected == 0:
        return f"{who} calls {amount} with nothing to call", "check, bet or fold", f"call {amount}"
    return f"{who} calls {money(r.actual)} but owes {money(r.expected)}", money(r.expected), money(r.actual)


def _logged(x: _Hand, r: _Row) -> str:
    _, action = x.action(r.line)
    return money(action.amount) if action is not None else money(r.actual)


def _bet(x: _Hand, r: _Row) -> Words:
    return (f"{x.name(r.seat)} bets {_logged(x, r)} when there is already a bet of {money(r.actual)}",
            f"call or raise the bet of {money(r.actual)}, or fold", f"bet {_logged(x, r)}")


def _blinds(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    _, action = x.action(r.line)
    if action is not None and action.kind is ActionKind.POST_ANTE:
        what = f"{who} posts an ante of {money(r.actual)}, the table's ante is {money(r.expected)}"
    else:
        blind = _BLIND_WORDS.get(action.kind, "a blind") if action is not None else "a blind"
        what = f"{who} posts {money(r.actual)} as {blind}, the stakes say {money(r.expected)}"
    return what, money(r.expected), money(r.actual)


_BLIND_WORDS = {ActionKind.POST_SB: "the small blind", ActionKind.POST_BB: "the big blind",
                ActionKind.POST_BUTTON: "the button blind", ActionKind.POST_STRADDLE: "a straddle",
                ActionKind.POST_DEAD: "a dead blind"}


def _sizes(x: _Hand, r: _Row) -> tuple[_Act | None, int, int | None]:
    """The action, the size the engine measured (``actual``) and the bet before it, when it raises to a stated total."""
    j, action = x.action(r.line)
    if action is None or action.kind is not ActionKind.RAISE or action.raise_to < 0:
        return action, r.actual, None
    # the bet to match, from the engine's facts: what he had to call and had in (his total less what he put in)
    to = action.raise_to
    return action, to, int(x.facts.to_call[j]) + to - int(x.facts.amount[j])


def _min_raise(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    action, to, current = _sizes(x, r)
    verb = "bets" if action is not None and action.kind is ActionKind.BET else "raises"
    if current is not None:
        size = to - current
        if r.actual != size:     # "raises X to Y" with X not the raise over the bet
            return (f"{who} raises {money(r.actual)} to {money(to)}, but the bet was {money(current)}",
                    f"raises {money(size)} to {money(to)}", f"raises {money(r.actual)} to {money(to)}")
        if r.expected == 0:
            return (f"{who} raises after a short all-in, which did not reopen the betting",
                    f"call {money(int(x.facts.to_call[x.action(r.line)[0]]))} or fold",
                    f"raise to {money(to)}")
        return (f"{who} raises {money(size)}, less than the minimum {money(r.expected)}",
                f"at least {money(r.expected)} (to {money(current + r.expected)})", f"{money(size)} (to {money(to)})")
    if r.expected == 0:
        return f"{who} raises after a short all-in, which did not reopen the betting", "call or fold", verb
    return (f"{who} {verb} {money(r.actual)}, less than the minimum {money(r.expected)}",
            f"at least {money(r.expected)}", money(r.actual))


def _pot_limit(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    _action, to, current = _sizes(x, r)
    if current is not None:
        return (f"{who} raises {money(r.actual)}, more than the pot after calling ({money(r.expected)})",
                f"at most {money(r.expected)} (to {money(current + r.expected)})", f"{money(r.actual)} (to {money(to)})")
    return (f"{who} bets {money(r.actual)}, more than the pot ({money(r.expected)})", f"at most {money(r.expected)}",
            money(r.actual))


def _limit_size(x: _Hand, r: _Row) -> Words:
    _, action = x.action(r.line)
    verb = "bets" if action is not None and action.kind is ActionKind.BET else "raises"
    street = f" on the {action.street}" if action is not None else ""
    return (f"{x.name(r.seat)} {verb} {money(r.actual)}{street}, where the fixed size is {money(r.expected)}",
            money(r.expected), money(r.actual))


def _limit_cap(x: _Hand, r: _Row) -> Words:
    _, action = x.action(r.line)
    street = f" of the {action.street}" if action is not None else ""
    return (f"{x.name(r.seat)} makes bet number {r.actual}{street}; the cap is {r.expected} bets",
            f"at most {r.expected} bets", f"{r.actual} bets")


def _stack(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    j, action = x.action(r.line)
    said_all_in = action is not None and action.is_all_in
    chips = int(x.facts.amount[j]) if j >= 0 else None
    if r.expected == 0 and said_all_in and r.actual != chips or r.expected == 0 and chips == 0:
        return f"{who} is said to be all-in but keeps {money(r.actual)}", "0 left", f"{money(r.actual)} left"
    if action is not None and action.kind is ActionKind.CALL and j >= 0 and r.expected != x.left_before(j, r.seat):
        return f"{who} calls {money(r.actual)} but owes {money(r.expected)}", money(r.expected), money(r.actual)
    return f"{who} puts in {money(r.actual)} with {money(r.expected)} left", f"at most {money(r.expected)}", \
        money(r.actual)


def _uncalled(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    _, action = x.action(r.line)
    if action is None or action.kind is not ActionKind.UNCALLED:     # no line returned it
        text = f"Uncalled bet ({money(r.expected)}) returned to {who}"
        return f"{money(r.expected)} of {who}'s bet was not called and no line returns it", text, "no such line"
    if r.expected == 0:
        return (f"{money(r.actual)} is returned to {who}, but two players share the top bet: nothing is uncalled",
                "nothing returned", f"{money(r.actual)} to {who}")
    if r.expected == r.actual:
        return (f"{money(r.actual)} is returned to {who}, who does not hold the top bet",
                f"{money(r.expected)} to the player with the top bet", f"{money(r.actual)} to {who}")
    return (f"{money(r.actual)} is returned to {who}, but the uncalled part is {money(r.expected)}",
            f"{money(r.expected)} to {who}", f"{money(r.actual)} to {who}")


def _side_pot(x: _Hand, r: _Row) -> Words:
    b = x.batch
    listed = b.pot_amount[int(b.pot_start[x.h]):int(b.pot_start[x.h + 1])].tolist()
    built = int(x.facts.n_pots[x.h])
    if len(listed) != built:
        return (f"the summary lists {r.actual} pots, the all-in levels make {r.expected}", f"{r.expected} pots",
                f"{r.actual} pots")
    if r.actual == sum(listed):
        return (f"the summary's pots add up to {money(r.actual)}, the pots after rake hold {money(r.expected)}",
                money(r.expected), money(r.actual))
    return (f"a pot listed as {money(r.actual)} holds more than the {money(r.expected)} its all-in level gives",
            money(r.expected), money(r.actual))


def _winners(x: _Hand, r: _Row) -> str:
    """The players the engine says should collect (the rows of this hand owed something)."""
    names = sorted({x.name(o.seat) for o in x.rows
                    if o.rule in (HE.SHOWDOWN, HE.SPLIT, HE.SD_ORDER) and o.expected > 0 and o.seat >= 0})
    return ", ".join(names) if names else "another player"


def _showdown(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    if r.expected == 0:
        return ((f"{who} collects {money(r.actual)} but he does not hold the best hand among the players "
                "eligible for the pot"), _winners(x, r), f"{who} collects {money(r.actual)}")
    if r.actual == 0:
        return f"{who} should collect {money(r.expected)} but collects nothing", \
            f"{who} collects {money(r.expected)}", "nothing"
    return f"{who} collects {money(r.actual)}, the pots he wins hold {money(r.expected)} for him", \
        money(r.expected), money(r.actual)


def _sd_order(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    return ((f"{who} collects {money(r.actual)} but he wins only by the 52-card ranking; on 36 cards a flush "
            "beats a full house and trips beat a straight"), _winners(x, r), f"{who} collects {money(r.actual)}")


def _split(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    if r.actual == 0:
        return f"{who} should collect {money(r.expected)} but collects nothing", \
            f"{who} collects {money(r.expected)}", "nothing"
    if r.severity is Severity.WARNING:
        return ((f"{who} collects {money(r.actual)}, not the {money(r.expected)} of an equal split after the rake; "
                "the shares differ from equal ones by no more than the rake, taken by a room rule the replay does "
                "not know"), money(r.expected), money(r.actual))
    return ((f"{who} collects {money(r.actual)}, his equal share is {money(r.expected)} (the odd {x.unit_word()}s "
            "going to the first winners clockwise from the button)"), money(r.expected), money(r.actual))


def _pot_balance(x: _Hand, r: _Row) -> Words:
    if r.actual == int(x.batch.total_pot[x.h]):
        return (f"the log's total pot is {money(r.actual)}, the contributions add up to {money(r.expected)}",
                money(r.expected), money(r.actual))
    rake = money(int(x.batch.rake[x.h]))
    return (f"the players collect {money(r.actual)}; the pot less the rake of {rake} is {money(r.expected)}",
            money(r.expected), money(r.actual))


def _collected(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    summary_line = int(x.batch.summary_line[x.s0 + r.seat]) if r.seat >= 0 else 0
    if bool(x.batch.is_cancelled[x.h]):
        return (f"the hand was cancelled and pays nobody, but the summary says {who} won {money(r.actual)}",
                money(r.expected), money(r.actual))
    if summary_line and r.line == summary_line:
        return (f"the summary says {who} won {money(r.actual)}, the log's collect lines give {money(r.expected)}",
                money(r.expected), money(r.actual))
    if r.severity is Severity.WARNING:
        return ((f"{who} collects {money(r.actual)}, the pots he wins hold {money(r.expected)} for him with the "
                 "rake taken from the main pot; the winners together collect what the pots hold, so the room took "
                 "the rake from the pots another way"), money(r.expected), money(r.actual))
    return _showdown(x, r)


def _deck(x: _Hand, r: _Row) -> Words:
    deck = 36 if x.is_short_deck else 52
    card = _card(r.actual)
    low = 16 if x.is_short_deck else 0
    holder = x.name(r.seat) if r.seat >= 0 else "the board"
    if r.expected >= _PAIR or r.actual >= _PAIR:     # a later record shows other cards than were dealt
        dealt, shown = _pair(r.expected), _pair(r.actual)
        return f"{holder} shows {shown} but was dealt {dealt}", dealt, shown
    if not low <= r.actual <= 51:
        return (f"{holder} holds {card}, which is not a card of the {deck}-card deck",
                f"a card of the {deck}-card deck", card)
    b = x.batch
    holders = [x.name(i) for i in range(x.s1 - x.s0) if i != r.seat and r.actual in b.hole[x.s0 + i].tolist()]
    if r.seat >= 0 and r.actual in b.board[x.h].tolist():
        holders.append("the board")
    return f"{card} is dealt twice ({' and '.join([holder, *holders])})", "each card dealt once", f"{card} twice"


_PAIR = 64
"""Two cards in one finding value: (first + 1) * 64 + second."""


def _pair(value: int) -> str:
    if value < _PAIR:
        return _card(value)
    first, second = divmod(value, _PAIR)
    return f"{_card(first - 1)} {_card(second)}"


def _board(x: _Hand, r: _Row) -> Words:
    if r.line != int(x.batch.summary_board_line[x.h]):     # another board of a hand run more than once
        return ("the summary's board differs from the board dealt", _card(r.expected) if r.expected >= 0 else "no card",
                _card(r.actual) if r.actual >= 0 else "no card")
    dealt = x.board(x.batch.board[x.h])
    shown = x.board(x.batch.summary_board[x.h])
    return "the summary's board differs from the board dealt", dealt or "no board", shown


def _summary_seats(x: _Hand, r: _Row) -> Words:
    who = x.name(r.seat)
    other_seat = x.batch.summary_seat_no
    if other_seat is not None and other_seat[x.s0 + r.seat] >= 0 and r.actual == other_seat[x.s0 + r.seat]:
        return (f"the summary puts {who} in seat {r.actual}, the seat lines in seat {r.expected}", f"seat {r.expected}",
                f"seat {r.actual}")
    if r.expected == 0:
        return f"the summary lists {who}, who has no seat line", "no summary line", f"a line for {who}"
    seat = int(x.batch.seat_no[x.s0 + r.seat])
    if r.actual == 0:
        return (f"the summary has no line for seat {seat} ({who}): the hand is cut short or a line is lost",
                f"a summary line for seat {seat}", "none")
    return f"the summary lists seat {seat} ({who}) {r.actual} times", "one line", f"{r.actual} lines"


_WORDS: dict[HE, Callable[[_Hand, _Row], Words]] = {
    HE.PLAYERS: _players, HE.ACTION_ORDER: _action_order, HE.CHECK: _check, HE.CALL: _call, HE.BET: _bet,
    HE.BLINDS: _blinds, HE.MIN_RAISE: _min_raise, HE.POT_LIMIT: _pot_limit, HE.LIMIT_SIZE: _limit_size,
    HE.LIMIT_CAP: _limit_cap, HE.STACK: _stack, HE.UNCALLED: _uncalled, HE.SIDE_POT: _side_pot,
    HE.SHOWDOWN: _showdown, HE.SPLIT: _split, HE.POT_BALANCE: _pot_balance, HE.COLLECTED: _collected,
    HE.SD_ORDER: _sd_order, HE.DECK: _deck, HE.BOARD: _board, HE.SUMMARY_SEATS: _summary_seats,
}


WORDED = frozenset(_WORDS)
"""The rules whose finding rows have their own words."""


def explain(batch: HandBatch, facts: FactBatch, h: int, found: FindingRows) -> tuple[Finding, ...]:
    """The findings of hand ``h`` of ``batch`` (``found``: its rows, in the engine's order), in words."""
    rows = [_Row(HE.by_code(int(found.rule[k])), Severity.WARNING if int(found.severity[k]) == WARNING
                 else Severity.ERROR, int(found.line[k]) or None, int(found.seat[k]), int(found.expected[k]),
                 int(found.actual[k])) for k in range(len(found))]
    x = _Hand(batch, facts, h, rows)
    odd_units_only = _odd_units_moved(rows, int(hand_units(batch)[h]))
    out = []
    for r in rows:
        words = _WORDS.get(r.rule)
        if words is None:       # a rule the engine gained before its words
            message, expected, actual = r.rule.text, str(r.expected), str(r.actual)
        else:
            message, expected, actual = words(x, r)
        rule_id = r.rule.value
        if odd_units_only and r.rule is HE.SPLIT:
            rule_id, message = ODD_CHIP, _odd_chip(x, r)
        out.append(Finding(rule_id=rule_id, message=message, line=r.line, severity=r.severity,
                           expected=expected, actual=actual))
    return tuple(out)


ODD_CHIP = "ROOM-ODD-CHIP"
"""The room fact (rules.rooms) of who gets the odd units of a split pot."""


def _odd_units_moved(rows: list[_Row], unit: int) -> bool:
    """ROOM-ODD-CHIP: the split winners the replay faults share the pot equally and only its odd units
    went to others than the room gives them to: each collects one of the two shares of an equal
    split (``low`` and ``low`` + one unit) where he is owed the other, and together what they are owed."""
    split = [r for r in rows if r.rule is HE.SPLIT]
    if len(split) < 2 or sum(r.actual - r.expected for r in split):
        return False
    low = min(min(r.expected, r.actual) for r in split)
    return low > 0 and all({r.expected, r.actual} == {low, low + unit} for r in split)


def _odd_chip(x: _Hand, r: _Row) -> str:
    who = x.name(r.seat)
    return (f"{who} collects {money(r.actual)} of an equal split where he is owed {money(r.expected)}: the odd "
            f"{x.unit_word()}s go to the first winners clockwise from the button")



def room_findings(batch: HandBatch, facts: FactBatch, h: int) -> tuple[Finding, ...]:
    """The room facts hand ``h`` breaks where no rule of the game sees it (:mod:`rules.holdem_room`),
    in words: ROOM-RAKE at the total's line, ROOM-RUN-TWICE at the later board's first street line,
    ROOM-ALL-IN and ROOM-DEAD-BLIND at the action's line, ROOM-BUTTON at the hand's first line."""
    out = []
    if whole_pot_raked(facts)[h]:
        pot = money(int(facts.total_pot[h]))
        out.append(Finding(rule_id="ROOM-RAKE", severity=Severity.ERROR, line=int(batch.total_line[h]) or None,
                           message=f"the rake {pot} is the whole pot: a room takes a share of a pot and its winners "
                                   f"collect the rest, here nothing", expected=f"less than {pot}", actual=pot))
    if batch.more_boards[h, 0, 0] >= 0:
        for board, code in cards_dealt_again(batch, h):
            line = int(batch.more_board_lines[h, board - 1]) or None
            run = _RUNS[board]
            if code < 0:
                message = f"the {run} board deals no card of its own: it is the first board again"
                expected, actual = "a card of its own", "none"
            else:
                message = (f"the {run} board deals {_card(code)} again: an earlier board dealt it past the cards "
                           f"they share, and each run deals its own cards from what is left of the deck")
                expected, actual = "a card no earlier board dealt", _card(code)
            out.append(Finding(rule_id="ROOM-RUN-TWICE", severity=Severity.ERROR, line=line, message=message,
                               expected=expected, actual=actual))
    a0, a1 = int(batch.action_start[h]), int(batch.action_start[h + 1])
    for j in all_ins_unsaid(batch, facts).tolist():
        if a0 <= j < a1:
            who = batch.player[int(batch.seat_start[h]) + int(batch.actor[j])]
            out.append(Finding(rule_id="ROOM-ALL-IN", severity=Severity.WARNING, line=int(batch.line[j]) or None,
                               message=f"{who} puts in his last chips and the line does not say all-in, as the "
                                       f"room writes every all-in", expected="all-in said", actual="not said"))
    posts, amounts = dead_posts_off(batch, facts)
    for j, expected in zip(posts.tolist(), amounts.tolist()):
        if a0 <= j < a1:
            who = batch.player[int(batch.seat_start[h]) + int(batch.actor[j])]
            small, big, posted = int(batch.small_blind[h]), int(batch.big_blind[h]), money(int(batch.amount[j]))
            if expected == small + big:
                message = (f"{who} posts {posted} as both blinds, where the room's returning player posts the small "
                           f"blind dead and the big blind live: {money(small)} and {money(big)}")
            else:
                message = (f"{who} posts {posted} as a dead small blind, where the room posts the small blind, "
                           f"{money(small)}, all of it dead")
            out.append(Finding(rule_id="ROOM-DEAD-BLIND", severity=Severity.ERROR, line=int(batch.line[j]) or None,
                               message=message, expected=money(expected), actual=posted))
    if button_off_table(batch)[h]:
        seat, size = int(batch.button_seat[h]), int(batch.max_seats[h])
        out.append(Finding(rule_id="ROOM-BUTTON", severity=Severity.ERROR, line=int(batch.first_line[h]) or None,
                           message=f"the button is on seat {seat} of a {size}-seat table",
                           expected=f"a seat of 1 to {size}", actual=str(seat)))
    return tuple(out)


_RUNS = ("first", "second", "third")
