"""The rooms' facts (:mod:`rules.rooms`) a Hold'em log can break where no rule of the game sees it,
checked on a batch of hands (:class:`rules.holdem_batch.HandBatch`) and the engine's facts of it.

Each fact is one row of :data:`ROOM_FACTS`: its ID, its severity and the check that finds where a
batch breaks it, in the terms of the engine's finding rows (line, seat, expected, actual). The
engine's lane leaves a hand that breaks one to the full path (:func:`rules.holdem_fast.replay_batch`),
which words it (:func:`rules.holdem_explain.explain`).

>>> import numpy as np
>>> from types import SimpleNamespace
>>> facts = SimpleNamespace(explained=np.array([True, True]), rake=np.array([200, 7300]),
...                         total_pot=np.array([7300, 7300]))
>>> _raked(SimpleNamespace(total_line=np.array([20, 41])), facts)
[(1, 41, -1, 0, 7300)]
"""

from __future__ import annotations

import numpy as np

from rules.findings import Severity
from rules.holdem_batch import BETTINGS, KINDS, HandBatch
from rules.holdem_hand import ActionKind, BettingStructure
from rules.rooms import DeadPost

__all__ = ["ROOM_FACTS", "breached", "breaches"]

_POST_DEAD, _POST_SB = KINDS.index(ActionKind.POST_DEAD), KINDS.index(ActionKind.POST_SB)
_LIMIT = BETTINGS.index(BettingStructure.LIMIT)


Found = list[tuple[int, int, int, int, int]]
"""What a check finds: (hand, line, seat, expected, actual) of each breach, the line 0 when the log
has none, the seat an index in its hand (-1 none), what the room's fact gives and what the log says."""


def _raked(b: HandBatch, f) -> Found:
    """ROOM-RAKE, at the total's line: the log's rake (actual) is the whole pot. It balances (nothing
    collected and all raked), so ``HE-POT-BALANCE`` does not see it."""
    raked = f.explained & (f.rake > 0) & (f.rake == f.total_pot)
    return [(h, int(b.total_line[h]), -1, 0, int(f.total_pot[h])) for h in np.flatnonzero(raked).tolist()]


def _dealt_again(b: HandBatch, f) -> Found:
    """ROOM-RUN-TWICE, at the later board's first street line: each card a later board (expected,
    counted from 0: the first) deals again past the cards it shares with an earlier board (actual),
    or -1 for a later board that deals no card of its own. ``HE-DECK`` checks boards against holes."""
    found = []
    for h in np.flatnonzero(b.boards[:, 1, 0] >= 0).tolist():
        boards = [[c for c in board if c >= 0] for board in b.boards[h].tolist()]
        for k in range(1, len(boards)):
            if not boards[k]:
                continue
            line = int(b.board_lines[h, k, 0])     # the later board's first street line
            for j in range(k):
                shared = next((i for i, (x, y) in enumerate(zip(boards[j], boards[k])) if x != y),
                              min(len(boards[j]), len(boards[k])))
                if shared == len(boards[k]):
                    found.append((h, line, -1, k, -1))
                    break
                earlier = set(boards[j][shared:])
                found.extend((h, line, -1, k, c) for c in boards[k][shared:] if c in earlier)
    return found


def _button_off_table(b: HandBatch, f) -> Found:
    """ROOM-BUTTON, at the hand's first line: the button (actual) is on a seat number past the
    table's size (expected), where no seat line puts a player; an empty seat is a dead button."""
    return [(h, int(b.first_line[h]), -1, int(b.max_seats[h]), int(b.button_seat[h]))
            for h in np.flatnonzero((b.max_seats > 0) & (b.button_seat > b.max_seats)).tolist()
            if not (b.seat_no[b.seat_start[h]:b.seat_start[h + 1]] == b.button_seat[h]).any()]


def _hand_of(b: HandBatch, actions: np.ndarray) -> np.ndarray:
    """The hand of each action (its index in the batch)."""
    return np.searchsorted(b.action_start, actions, side="right") - 1


def _at_actions(b: HandBatch, actions: np.ndarray, expected=None, actual=None) -> Found:
    """The breaches at actions (their index in the batch): each at its line, of its actor."""
    n = len(actions)
    return list(zip(_hand_of(b, actions).tolist(), b.line[actions].tolist(), b.actor[actions].tolist(),
                    [0] * n if expected is None else expected.tolist(), [0] * n if actual is None else actual.tolist()))


def _all_ins_unsaid(b: HandBatch, f) -> Found:
    """ROOM-ALL-IN: the actions that put a player all in, as the engine's facts ``f`` count his
    chips, in a hand whose room says every all-in (``HoldemHand.all_in_said``) and whose line does
    not say it; one said of a player who keeps chips is ``HE-STACK``."""
    if not b.all_in_said.any():     # (rooms that do not say every all-in)
        return []
    unsaid = np.flatnonzero(f.is_all_in & ~b.is_all_in)
    if not len(unsaid):     # the usual case: the NumPy steps below cost a one-hand replay ~10 µs
        return []
    return _at_actions(b, unsaid[b.all_in_said[_hand_of(b, unsaid)]])


def _dead_posts_off(b: HandBatch, f) -> Found:
    """ROOM-DEAD-BLIND: the dead posts of another amount (actual) than their room posts (expected, in
    cents): a post of dead money, or a second small blind where the room plays it dead, of a form
    the hand's room is checked for (``HandBatch.dead_posts_checked``). The replay takes the post's
    live and dead parts from its amount, so no rule of the game sees it."""
    if not b.dead_posts_checked.any():
        return []
    dead = b.kind == _POST_DEAD
    small_blinds = np.flatnonzero(b.kind == _POST_SB)
    if len(small_blinds) < 2 and not dead.any():    # the sign of neither (a hand alone: most of them)
        return []
    hand_of = _hand_of(b, small_blinds)
    second = np.ones(len(small_blinds), np.bool_)
    second[np.unique(hand_of, return_index=True)[1]] = False      # each hand's first small blind is live
    second &= ~b.second_sb_live[hand_of]
    posts = np.union1d(np.flatnonzero(dead), small_blinds[second])
    if not len(posts):      # as above: the steps below cost a one-hand replay ~20 µs
        return []
    hand_of = _hand_of(b, posts)
    amount, small, big = b.amount[posts], b.small_blind[hand_of], b.big_blind[hand_of]
    both = (b.kind[posts] == _POST_DEAD) & (amount > small)
    expected = np.where(both, small + big, small)
    checked = (b.dead_posts_checked[hand_of] & np.where(both, DeadPost.BOTH, DeadPost.SMALL)) != 0
    checked &= b.betting[hand_of] != _LIMIT      # a Limit small blind is no fixed part of the stakes
    all_in = b.is_all_in[posts] | f.is_all_in[posts]
    off = checked & ((amount > expected) | ((amount < expected) & ~all_in))
    return _at_actions(b, posts[off], expected[off], amount[off])


ROOM_FACTS = (
    ("ROOM-RAKE", Severity.ERROR, _raked),
    ("ROOM-RUN-TWICE", Severity.ERROR, _dealt_again),
    ("ROOM-ALL-IN", Severity.WARNING, _all_ins_unsaid),
    ("ROOM-DEAD-BLIND", Severity.ERROR, _dead_posts_off),
    ("ROOM-BUTTON", Severity.ERROR, _button_off_table),
)


def breaches(b: HandBatch, f) -> list[tuple[int, str, Severity, int, int, int, int]]:
    """Every room fact of this module the hands of ``b`` break, fact by fact: (hand, the fact's ID,
    its severity, line, seat, expected, actual), as :data:`Found`."""
    return [(hand, rule, severity, *rest) for rule, severity, check in ROOM_FACTS for hand, *rest in check(b, f)]


def breached(b: HandBatch, f) -> np.ndarray:
    """Per hand: a room fact of this module is broken (the full path words it). Few hands come near
    any of them, and each check first looks for a cheap sign of its fact in the whole batch."""
    out = np.zeros(b.hands, np.bool_)
    out[[breach[0] for breach in breaches(b, f)]] = True
    return out
