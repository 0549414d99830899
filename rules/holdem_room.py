"""The rooms' facts (:mod:`rules.rooms`) a Hold'em log can break where no rule of the game sees it,
checked on a batch of hands (:class:`rules.holdem_batch.HandBatch`) and the engine's facts of it.

- ``ROOM-RAKE``: a rake of the whole pot of a hand played for one. It balances (nothing collected
  and all raked), so ``HE-POT-BALANCE`` does not see it; no room takes a whole pot.
- ``ROOM-RUN-TWICE``: a later board of a hand run more than once that deals again a card an earlier
  board dealt past the cards they share, or deals no card of its own. Each run deals its own cards
  from what the earlier runs left of the deck; ``HE-DECK`` checks the boards against the hole cards.
- ``ROOM-ALL-IN``: an all-in whose line does not say it, in a room that says every all-in
  (``HoldemHand.all_in_said``); one said of a player who keeps chips is ``HE-STACK``.
- ``ROOM-BUTTON``: a button on a seat the table does not have (``Seat #7 is the button`` at a 6-max
  table). An empty seat of the table is a dead button, as the rooms play it: no finding.
- ``ROOM-DEAD-BLIND``: a dead post of another amount than its room posts, read as the replay reads
  it (both blinds when more than the small blind, else the small blind alone), for the forms the
  room's samples show (``rules.rooms.DEAD_POSTS_CHECKED``); less is a short all-in. The replay
  takes the post's live and dead parts from its amount, so no rule of the game sees it.

The engine's lane leaves a hand that breaks one of them to the full path
(:func:`rules.holdem_fast.replay_batch`), which words them (:func:`rules.holdem_explain.room_findings`).

>>> import numpy as np
>>> from types import SimpleNamespace
>>> facts = SimpleNamespace(explained=np.array([True, True]), rake=np.array([200, 7300]),
...                         total_pot=np.array([7300, 7300]))
>>> whole_pot_raked(facts).tolist()
[False, True]
"""

from __future__ import annotations

import numpy as np

from rules.holdem_batch import BETTINGS, KINDS, HandBatch
from rules.holdem_hand import ActionKind, BettingStructure
from rules.rooms import DeadPost

__all__ = ["all_ins_unsaid", "breached", "button_off_table", "cards_dealt_again", "dead_posts_off", "whole_pot_raked"]

_POST_DEAD, _POST_SB = KINDS.index(ActionKind.POST_DEAD), KINDS.index(ActionKind.POST_SB)
_LIMIT = BETTINGS.index(BettingStructure.LIMIT)


def whole_pot_raked(f) -> np.ndarray:
    """ROOM-RAKE, per hand of the engine's facts ``f``: the log's rake is the whole pot of a hand
    played for one."""
    return f.explained & (f.rake > 0) & (f.rake == f.total_pot)


def cards_dealt_again(b: HandBatch, h: int) -> list[tuple[int, int]]:
    """ROOM-RUN-TWICE: (board, card code) for each card a later board of hand ``h`` deals again
    after an earlier board dealt it past the cards the two share, and (board, -1) for a later board
    that deals no card of its own; boards are counted from 0 (the first)."""
    boards = [b.board[h].tolist()] + [b.more_boards[h, k].tolist() for k in range(b.more_boards.shape[1])]
    boards = [[c for c in board if c >= 0] for board in boards]
    found = []
    for k in range(1, len(boards)):
        if not boards[k]:
            continue
        for j in range(k):
            shared = 0
            while shared < min(len(boards[j]), len(boards[k])) and boards[j][shared] == boards[k][shared]:
                shared += 1
            if shared == len(boards[k]):
                found.append((k, -1))
                break
            earlier = set(boards[j][shared:])
            found.extend((k, c) for c in boards[k][shared:] if c in earlier)
    return found


def button_off_table(b: HandBatch) -> np.ndarray:
    """ROOM-BUTTON, per hand: the button is on a seat number past the table's size, where no seat
    line puts a player."""
    off = (b.max_seats > 0) & (b.button_seat > b.max_seats)
    for h in np.flatnonzero(off).tolist():
        seats = b.seat_no[b.seat_start[h]:b.seat_start[h + 1]]
        off[h] = not (seats == b.button_seat[h]).any()
    return off


def all_ins_unsaid(b: HandBatch, f) -> np.ndarray:
    """ROOM-ALL-IN: the actions (their index in the batch) that put a player all in, as the
    engine's facts ``f`` count his chips, in a hand whose room says every all-in and whose line does
    not say it."""
    if b.all_in_said is None:
        return np.zeros(0, np.int64)
    unsaid = np.flatnonzero(f.is_all_in & ~b.is_all_in)
    if not len(unsaid):
        return unsaid
    hand_of = np.searchsorted(b.action_start, unsaid, side="right") - 1
    return unsaid[b.all_in_said[hand_of]]


def dead_posts_off(b: HandBatch, f) -> tuple[np.ndarray, np.ndarray]:
    """ROOM-DEAD-BLIND: the dead posts (their index in the batch) of another amount than their room
    posts, and that amount (cents). A dead post is a post of dead money, or a second small blind where
    the room plays it dead; of more than the small blind it is both blinds (the small blind and the
    big blind), else the small blind alone. Each is checked where the hand's room has the form
    (``HandBatch.dead_posts_checked``), not in a Limit hand; less than the amount is an all-in."""
    none = np.zeros(0, np.int64)
    if b.dead_posts_checked is None:
        return none, none
    dead = b.kind == _POST_DEAD
    small_blinds = np.flatnonzero(b.kind == _POST_SB)
    if len(small_blinds) < 2 and not dead.any():    # the sign of neither (a hand alone: most of them)
        return none, none
    hand_of = np.searchsorted(b.action_start, small_blinds, side="right") - 1
    second = np.ones(len(small_blinds), np.bool_)
    second[np.unique(hand_of, return_index=True)[1]] = False      # each hand's first small blind is live
    if b.second_sb_live is not None:
        second &= ~b.second_sb_live[hand_of]
    posts = np.union1d(np.flatnonzero(dead), small_blinds[second])
    if not len(posts):
        return none, none
    hand_of = np.searchsorted(b.action_start, posts, side="right") - 1
    amount, small, big = b.amount[posts], b.small_blind[hand_of], b.big_blind[hand_of]
    both = (b.kind[posts] == _POST_DEAD) & (amount > small)
    expected = np.where(both, small + big, small)
    checked = (b.dead_posts_checked[hand_of] & np.where(both, DeadPost.BOTH, DeadPost.SMALL)) != 0
    checked &= b.betting[hand_of] != _LIMIT      # a Limit small blind is no fixed part of the stakes
    all_in = b.is_all_in[posts] | f.is_all_in[posts]
    off = checked & ((amount > expected) | ((amount < expected) & ~all_in))
    return posts[off], expected[off]


def breached(b: HandBatch, f) -> np.ndarray:
    """Per hand: a room fact of this module is broken (the full path words it). Each check runs
    only when a cheap sign of it is in the batch: few hands come near any of them."""
    out = np.zeros(b.hands, np.bool_)
    if (f.rake == f.total_pot).any():
        out |= whole_pot_raked(f)
    if (b.button_seat > b.max_seats).any():
        out |= button_off_table(b)
    for h in np.flatnonzero(b.more_boards[:, 0, 0] >= 0).tolist():
        out[h] |= bool(cards_dealt_again(b, h))
    for actions in (all_ins_unsaid(b, f), dead_posts_off(b, f)[0]):
        if len(actions):
            out[np.searchsorted(b.action_start, actions, side="right") - 1] = True
    return out
