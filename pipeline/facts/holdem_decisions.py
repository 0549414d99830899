"""The compiled pass behind ``pipeline.facts.holdem.decision_context``: what each ``holdem_actions``
row faced, from the rows before it in its hand, in one walk over the rows.

Kept apart from the facts module, which every ingest imports for its tables: Numba loads with the
first Hold'em rows only.
"""

from __future__ import annotations

import numpy as np

from rules.compiled import entry


@entry
def decision_rows(hand, player, street, kind, amount, amount_valid, to_call, bet_level, bet_level_valid,
                  is_all_in, is_decision, is_entry, is_aggressive, is_fold, invested_sign):   # pragma: no cover
    """Per row (all int64 but the flags, a hand's rows together and in their order, ``hand`` never
    going down; ``street`` from -1, ``kind`` from 0, the flags and ``invested_sign`` per kind):
    ``(invested_before, count_out_before, entries, increment, has_increment, raise_level,
    level_known, decision_no, at_level)``, as ``decision_context`` names them. A hand's players and
    streets are looked up in a few slots reset per hand, instead of grouping every row by sort."""
    n = len(hand)
    invested_before = np.zeros(n, np.int64)
    count_out_before = np.zeros(n, np.int64)
    entries = np.zeros(n, np.int64)
    increment = np.zeros(n, np.int64)
    has_increment = np.zeros(n, np.bool_)
    raise_level = np.zeros(n, np.int64)
    level_known = np.zeros(n, np.bool_)
    decision_no = np.zeros(n, np.int64)
    at_level = np.zeros(n, np.int64)
    streets = 1
    longest = 0
    start = 0
    for i in range(n):
        if street[i] < -1 or not 0 <= kind[i] < len(is_decision):
            raise ValueError("decision context: a street or action code out of range")
        streets = max(streets, street[i] + 2)
        if i > 0 and hand[i] != hand[i - 1]:
            if hand[i] < hand[i - 1]:
                raise ValueError("decision context: a hand's rows must come together, hands in order")
            longest = max(longest, i - start)
            start = i
    longest = max(longest, n - start)
    # per player slot of the hand: his key, chips in; per slot and street: decisions, the level
    # of his last one and how many at it; per street: the decisions' running figures
    keys = np.empty(longest, np.int64)
    invested = np.zeros(longest, np.int64)
    decisions = np.zeros((longest, streets), np.int64)
    last_level = np.zeros((longest, streets), np.int64)
    at_last_level = np.zeros((longest, streets), np.int64)
    seen_street = np.zeros(streets, np.bool_)
    first_level = np.zeros(streets, np.int64)
    first_known = np.zeros(streets, np.bool_)
    street_entries = np.zeros(streets, np.int64)
    street_aggressive = np.zeros(streets, np.int64)
    largest = np.zeros(streets, np.int64)
    has_largest = np.zeros(streets, np.bool_)
    slots = 0
    out = 0
    for i in range(n):
        if i == 0 or hand[i] != hand[i - 1]:
            for slot in range(slots):
                invested[slot] = 0
                for s in range(streets):
                    decisions[slot, s] = 0
                    at_last_level[slot, s] = 0
            slots = 0
            out = 0
            seen_street[:] = False
            street_entries[:] = 0
            street_aggressive[:] = 0
            has_largest[:] = False
        slot = 0
        while slot < slots and keys[slot] != player[i]:
            slot += 1
        if slot == slots:
            keys[slot] = player[i]
            slots += 1
        k = kind[i]
        chips = amount[i] if amount_valid[i] else 0
        invested_before[i] = invested[slot]
        invested[slot] += invested_sign[k] * chips
        count_out_before[i] = out
        if is_fold[k] or is_all_in[i]:
            out += 1
        if not is_decision[k]:
            continue
        s = street[i] + 1
        if not seen_street[s]:
            seen_street[s] = True
            first_level[s] = bet_level[i]
            first_known[s] = bet_level_valid[i]
        entries[i] = street_entries[s]
        if has_largest[s]:
            increment[i] = largest[s]
            has_increment[i] = True
        raise_level[i] = first_level[s] + street_aggressive[s]
        level_known[i] = first_known[s]
        decisions[slot, s] += 1
        decision_no[i] = decisions[slot, s]
        # a street's raise level never goes down: his decisions at one level follow each other
        level = raise_level[i] + 1 if first_known[s] else 0
        if at_last_level[slot, s] and last_level[slot, s] == level:
            at_last_level[slot, s] += 1
        else:
            last_level[slot, s] = level
            at_last_level[slot, s] = 1
        at_level[i] = at_last_level[slot, s]
        if is_entry[k]:
            street_entries[s] += 1
        if is_aggressive[k]:
            street_aggressive[s] += 1
            if amount_valid[i]:
                value = amount[i] - to_call[i]
                if not has_largest[s] or value > largest[s]:
                    largest[s] = value
                    has_largest[s] = True
    return (invested_before, count_out_before, entries, increment, has_increment, raise_level, level_known,
            decision_no, at_level)
