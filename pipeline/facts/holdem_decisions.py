"""The compiled pass behind ``pipeline.facts.holdem.decision_context``: what each ``holdem_actions``
row faced, from the rows before it in its hand, in one walk over the rows.

Kept apart from the facts module, which every ingest imports for its tables: Numba loads with the
first Hold'em rows only.
"""

from __future__ import annotations

import numpy as np

from rules.compiled import entry_in_place


def decision_rows(hand, player, street, kind, amount, amount_valid, to_call, bet_level, bet_level_valid,
                  is_all_in, is_decision, is_entry, is_aggressive, is_fold, invested_sign):
    """Per row (all int64 but the flags, a hand's rows together and in their order, ``hand`` never
    going down; ``street`` from -1, ``kind`` from 0, the flags and ``invested_sign`` per kind):
    ``(invested_before, count_out_before, entries, increment, has_increment, raise_level,
    level_known, decision_no, at_level)``, as ``decision_context`` names them. A hand's players and
    streets are looked up in a few slots reset per hand, instead of grouping every row by sort.

    The arrays are made here, not in the kernel: each constructor compiled there cost a first
    run more than the walk."""
    n = len(hand)
    if n and (street.min() < -1 or kind.min() < 0 or kind.max() >= len(is_decision)):
        raise ValueError("decision context: a street or action code out of range")
    if (np.diff(hand) < 0).any():
        raise ValueError("decision context: a hand's rows must come together, hands in order")
    streets = int(street.max()) + 2 if n else 1
    longest = int(np.diff(np.flatnonzero(np.diff(hand)) + 1, prepend=0, append=n).max()) if n else 0  # a hand's rows
    numbers, flags = np.zeros((7, n), np.int64), np.zeros((2, n), np.bool_)
    _walk(hand, player, street, kind, amount, amount_valid, to_call, bet_level, bet_level_valid, is_all_in,
          is_decision, is_entry, is_aggressive, is_fold, invested_sign, numbers, flags,
          np.zeros((2, longest), np.int64), np.zeros((3, longest, streets), np.int64),
          np.zeros((4, streets), np.int64), np.zeros((3, streets), np.bool_))
    invested_before, count_out_before, entries, increment, raise_level, decision_no, at_level = numbers
    has_increment, level_known = flags
    return (invested_before, count_out_before, entries, increment, has_increment, raise_level, level_known,
            decision_no, at_level)


@entry_in_place     # (counting the references of its arrays made its code a third larger)
def _walk(hand, player, street, kind, amount, amount_valid, to_call, bet_level, bet_level_valid, is_all_in,
          is_decision, is_entry, is_aggressive, is_fold, invested_sign, numbers, flags, per_slot, per_slot_street,
          per_street, per_street_flags):   # pragma: no cover
    """:func:`decision_rows`' walk, into ``numbers`` (invested_before, count_out_before, entries,
    increment, raise_level, decision_no, at_level) and ``flags`` (has_increment, level_known). The
    scratch, zeros: per player slot of the hand (rows: his key,
    chips in); per slot and street (decisions, the level of his last one and how many at it); per
    street, the decisions' running figures (first level, entries, aggressive, largest increment;
    flags: seen, first level known, has a largest). Returns nothing: a returned array would be
    boxed for Python, which a first run compiles."""
    n = len(hand)
    invested_before, count_out_before, entries, increment = numbers[0], numbers[1], numbers[2], numbers[3]
    raise_level, decision_no, at_level = numbers[4], numbers[5], numbers[6]
    has_increment, level_known = flags[0], flags[1]
    keys, invested = per_slot[0], per_slot[1]
    decisions, last_level, at_last_level = per_slot_street[0], per_slot_street[1], per_slot_street[2]
    first_level, street_entries, street_aggressive, largest = per_street[0], per_street[1], per_street[2], per_street[3]
    seen_street, first_known, has_largest = per_street_flags[0], per_street_flags[1], per_street_flags[2]
    streets = per_street.shape[1]
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
            for s in range(streets):     # a loop, not four slice assignments: less to compile
                seen_street[s] = has_largest[s] = False
                street_entries[s] = street_aggressive[s] = 0
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
