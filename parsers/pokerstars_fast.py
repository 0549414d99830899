"""The fast lane's reader: a file's PokerStars Hold'em hands → one :class:`HandBatch`.

:func:`read_batch` reads the chunks of the one splitter (:func:`parsers.source.split_file`), one
hand per chunk, with a compiled scanner (Numba) over their UTF-8 bytes; :func:`read_text` splits
and reads a decoded file in one pass. The scanner is an accelerator of ``parsers.pokerstars``,
never a second syntax: its words, marks and line forms are made from the reader's table
(:func:`scanner_words`, ``parsers.pokerstars.line_forms``), it classifies lines in the reader's
order, and each reading answers "matches", "does not match" or "not sure". A hand it cannot read
exactly as ``parsers.pokerstars.parse`` does (not sure, a line kind the lane does not model,
anything ``rules.holdem_batch`` leaves out of the lane) gets ``in_lane[h]`` False and no rows, and
the worker sends it down the full path. The reference judges what the scanner only finds: each
header's table and stakes (once per form: :func:`_register`), the words of summary outcomes and
hand names, and the shape of each hand (its terminals, accepted by Lark once per shape).
Always out of the lane, among others: a player without a seat or in two, hole cards in conflict,
a seat in the hand the summary leaves out, no summary, a line written twice, amounts with more than two
decimals or in another currency than the stakes, cards not written ``As``, ``Td`` ….

>>> text = '''PokerStars Hand #7: Hold'em No Limit (€0.05/€0.10 EUR) - 2021/03/04 5:06:07 ET
... Table 'Zeta' 3-max Seat #2 is the button
... Seat 1: Vera (€5 in chips)
... Seat 2: Ivan (€4.50 in chips)
... Seat 3: Olga: the great (€10 in chips)
... Olga: the great: posts small blind €0.05
... Vera: posts big blind €0.10
... *** HOLE CARDS ***
... Ivan: raises €0.20 to €0.30
... Olga: the great: folds
... Vera: folds
... Uncalled bet (€0.20) returned to Ivan
... Ivan collected €0.25 from pot
... Ivan: doesn't show hand
... *** SUMMARY ***
... Total pot €0.25 | Rake €0
... Seat 1: Vera (big blind) folded before Flop
... Seat 2: Ivan (button) collected (€0.25)
... Seat 3: Olga: the great (small blind) folded before Flop'''
>>> from parsers.source import split
>>> batch = read_batch(split(text), "x.txt")
>>> batch.in_lane.tolist(), batch.player, batch.currency
([True], ['Vera', 'Ivan', 'Olga: the great'], ['EUR'])
>>> batch.actor.tolist(), batch.amount.tolist(), batch.raise_to.tolist()[2]
([2, 0, 1, 2, 0, 1, 1, 1], [5, 10, 20, 0, 0, 20, 25, 0], 30)
>>> read_batch(split(text.replace("€0.25 from", "€0.2x5 from")), "x.txt").in_lane.tolist()
[False]
"""

from __future__ import annotations

import dataclasses
import re
from collections import namedtuple
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import lru_cache

import numpy as np

from parsers import pokerstars as ps
from parsers.errors import ParseError
from parsers.lines import DEALT, UNSHOWN_CARDS, deal_street, named_hand
from parsers.source import Chunk, line_starts, split_file
from rules.cards import Rank, Suit
from rules.compiled import entry, helper
from rules.holdem_batch import KINDS, HandBatch, in_cents
from rules.holdem_hand import ActionKind, BettingStructure
from rules.records import Source
from rules.rooms import DEAD_POSTS_CHECKED

__all__ = ["KERNELS", "read_batch", "read_text"]


# ////////////////////////////////////////////////////////////////////// the scanner
# The scanner's words, made at import from the reader's table and handed to the compiled functions
# as arguments (Numba would cache a global array's value, and its cache follows this file only).

# The shape terminals by the table's codes (4 bits each in a shape key), and the scanner's names for them.
_TERMINALS = ("", *ps.TERMINALS)
T_HEADER, T_TABLE, T_SEAT, T_POST, T_HOLE, T_DEALT, T_BODY, T_STREET, T_SHOWDOWN, T_SUMMARY, T_TOTAL = range(1, 12)
T_RUNTWICE, T_BOARD, T_SEATSUM, T_CANCELLED = 12, 13, 14, 15
assert _TERMINALS == ("", "HEADER", "TABLE", "SEAT", "POST", "HOLE", "DEALT", "BODY", "STREET", "SHOWDOWN", "SUMMARY",
                      "TOTAL", "RUNTWICE", "BOARD", "SEATSUM", "CANCELLED"), "the table's codes: update the T_ names"

# The words the scanner finds, one by one: each has a constant index, W_<NAME>, in the packed table.
# (the hints of the table's line kinds, by terminal; phrases found as they are; the marks of its SYNTAX)
_HINTS = {"stars": "HOLE", "seat": "SEAT", "total": "TOTAL"}
_PHRASED = ("not_awarded", "showed")
_MARKS = ("thousands", "point", "open", "close", "aside", "bracket", "bracket_end", "name_end")
_SINGLE_WORDS = (*_HINTS, *_PHRASED, "et", *_MARKS)
(W_STARS, W_SEAT, W_TOTAL, W_NOT_AWARDED, W_SHOWED, W_ET, W_THOUSANDS, W_POINT, W_OPEN,
 W_CLOSE, W_ASIDE, W_BRACKET, W_BRACKET_END, W_NAME_END) = map(np.int64, range(len(_SINGLE_WORDS)))
# The word lists the scanner tries in turn: list L's words are the indices wl[L] to wl[L + 1] - 1.
_WORD_LISTS = ("markers", "unshown", "signs", "others")
L_MARKERS, L_UNSHOWN, L_SIGNS, L_OTHERS = map(np.int64, range(len(_WORD_LISTS)))
_OTHERS = ("TABLE", "DEALT", "UNCALLED", "COLLECT", "CHAT", "CASHOUT", "CANCELLED", "NO_PLAY")
"""The groups of the reader's kinds after its actions' (L_OTHERS: their hints, in its order)."""
# (then one list per word and choice of the line forms: _forms). NumPy integers: Numba would compile
# a helper once per global Python int it is handed, as a literal.


class ScannerWords(namedtuple("ScannerWords", ("data", "at", "lists", "kinds", "forms"))):
    """The compiled scanner's words, packed in a few arrays (one array per word would cost a
    reference count per word on every call): word i is ``data[at[i]:at[i + 1]]``, the single words
    first (W_ constants), then word list L from ``lists[L]`` to ``lists[L + 1]``; ``kinds[i]`` is a
    marker's (terminal, street), a date field's (fewest, most digits; its word is the mark after
    it), a currency sign's (code point, 0), a hint's of L_OTHERS (its kind's group, 1 if it starts
    the line) or a choice's word's (ActionKind index or -1, the list of a numbered word's mark);
    ``forms`` :func:`_forms`."""

    def listed(self, which: int) -> list[str]:
        """Word list ``which``, as text."""
        return [bytes(self.data[self.at[i]:self.at[i + 1]]).decode() for i in range(self.lists[which],
                                                                                      self.lists[which + 1])]


def scanner_words(reader=ps) -> ScannerWords:
    """The scanner's byte words, made from the reader's table (``reader``: the module
    :mod:`parsers.pokerstars`, or an object with the same names): its line kinds' hints, its
    phrases, and its marker, action, position, outcome and no-play words."""
    phrase, mark = reader.PHRASES, reader.SYNTAX
    hints = {k.name: k.hint.removeprefix("^") for k in reader.LINE_KINDS if k.name}
    streets = reader.MARKERS["STREET"]
    names = [k.name for k in reader.LINE_KINDS]
    others = [k for k in reader.LINE_KINDS[names.index("ACTION") + 1:] if k.pattern is not None]
    assert [k.name or group for k, group in zip(others, _OTHERS)] == list(_OTHERS), "the reader's kinds, in its order"
    single = {**{name: hints[kind] for name, kind in _HINTS.items()},
              **{name: phrase[name] for name in _PHRASED},
              "et": phrase["et"], **{name: mark[name] for name in _MARKS}}
    assert all(len(mark[name]) == 1 for name in ("thousands", "point", "open")), "one byte: _amount compares it"
    lists = {
        "markers": [(word, _TERMINALS.index(t), streets.index(word) + 1 if t == "STREET" else 4 if t == "SHOWDOWN" else 0)
                    for t in ("HOLE", "STREET", "SHOWDOWN", "SUMMARY") for word in reader.MARKERS[t]],
        "unshown": sorted(UNSHOWN_CARDS, key=len, reverse=True),    # a whole word before its prefixes
        # the signs outside ASCII the reader names a currency for (an ASCII one is any other character)
        "signs": [(sign, ord(sign), 0) for sign in reader.CURRENCY_SIGNS if not sign.isascii()],
        # the kinds after the actions', tried in the reader's order where their hints stand (a kind without
        # play: "", anywhere, since its words are the forms' alone)
        "others": [(kind.hint.removeprefix("^") if kind.name else "", _GROUPS.index(group), kind.hint.startswith("^"))
                   for kind, group in zip(others, _OTHERS, strict=True)],
    }
    assert tuple(lists) == _WORD_LISTS
    forms = _forms(reader, lists)
    rows = [(word, 0, 0) for word in single.values()]
    bounds = []
    for listed in lists.values():
        bounds.append(len(rows))
        rows += [item if isinstance(item, tuple) else (item, 0, 0) for item in listed]
    bounds.append(len(rows))
    encoded = [word.encode() for word, _, _ in rows]
    return ScannerWords(
        data=np.frombuffer(b"".join(encoded), dtype=np.uint8).copy(),
        at=np.cumsum([0] + [len(w) for w in encoded]).astype(np.int64), lists=np.array(bounds, dtype=np.int64),
        kinds=np.array([(kind, street) for _, kind, street in rows], dtype=np.int64).reshape(len(rows), 2),
        forms=forms,
    )


# The reader's line forms as rows _read_form runs: (group, role, kind, count of ops, then (op, argument)
# per op; a piece is its op between its lead and tail words; an optional piece's first op adds _UNIT
# times its count of ops, a repeat's _REPEAT more).
OP_WORD, OP_CHOICE, OP_OPEN, OP_AMOUNT, OP_CARDS, OP_ASIDE, OP_NAME_FIRST, OP_NAME_LAST, OP_NAME_REST, OP_NAME_LAST0, \
    OP_NUMBER, OP_SKIP, OP_REST, OP_WHEN, OP_ZONE, OP_PLACE, OP_SPACES, OP_FREE, OP_DIGITS = map(np.int64, range(1, 20))
_UNIT, _REPEAT = 32, 1024
_REPEATED = np.int64(2)     # an amount of a repeat: not kept as one of the line's two (a form like "POT" reads each)
GR_ACTION, GR_DEALT, GR_UNCALLED, GR_COLLECT, GR_CASHOUT, GR_TABLE, GR_BOARD, GR_SEAT, GR_MARKER, GR_TAIL, GR_CHAT, \
    GR_NO_PLAY, GR_TOTAL, GR_RUNTWICE, GR_CANCELLED, GR_POT, GR_SEATSUM, GR_SAYS, GR_HEADER = map(np.int64, range(19))
_GROUPS = ("ACTION", "DEALT", "UNCALLED", "COLLECT", "CASHOUT", "TABLE", "BOARD", "SEAT", "MARKER", "TAIL", "CHAT",
           "NO_PLAY", "TOTAL", "RUNTWICE", "CANCELLED", "POT", "SEATSUM", "SAYS", "HEADER")
"""The line kinds of the forms, by their names in ``parsers.pokerstars.line_forms`` (HEADER: the last row)."""
R_NO_PLAY, R_PLAIN, R_PUTS, R_SHOWS, R_ALL_IN, R_CAPPED, R_FOUND = map(np.int64, range(7))
"""A form's line to the batch: no play; a fold or check; chips put in (its all-in and cap kept);
cards shown or mucked; the two tails; words searched for in a line (SAYS)."""
F_GROUP, F_ROLE, F_KIND, F_PIECES, F_FIRST = 0, 1, 2, 3, 4
G_FORM, G_KIND, G_A0, G_A1, G_C1F, G_C1T, G_C2F, G_C2T, G_DESC, G_DESC_END, G_NAME_FROM, G_NAME_TO, G_TAIL, \
    G_CHOSEN0, G_CHOSEN1, G_NUMBER = range(16)
_GOT = 16
"""The places of what :func:`_read_form` read in its ``got`` array (see it)."""
_NAME_ENDS = {"first": OP_NAME_FIRST, "last": OP_NAME_LAST, "rest": OP_NAME_REST, "last0": OP_NAME_LAST0, "rest0": OP_REST}


def _forms(reader, lists: dict[str, list]) -> np.ndarray:
    """The rows of the reader's line forms (``parsers.pokerstars.line_forms`` of ``reader``'s
    words), by group, each word and choice added to ``lists`` as a list of its own. A choice's words
    must not start one another (the scanner takes the one that stands, where a regex would try the
    next after a failure), but a line's last piece may, since only one can end the line. Row 0
    holds where each group's rows start, from column 1 (and where the last ends)."""
    kinds = list(ActionKind)

    def starts(pieces, at, open_words) -> tuple[str, ...]:
        """The words a line may go on with from its piece ``at``."""
        piece = pieces[at] if at < len(pieces) else None
        if piece is not None and piece.what == "repeat":      # (read no time: what follows it)
            return starts(piece.parts, 0, open_words) + starts(pieces, at + 1, open_words)
        return (() if piece is None else (reader.SYNTAX["bracket"],) if piece.what == "cards"
                else piece.open if open_words and piece.what == "choice" and piece.open else piece.words)

    def listed(words, group, what=None, lead=0, last=False) -> int:
        assert not any(w != v and v.startswith(w) for at, w in enumerate(words)
                       for v in (words[at:] if last else words)), f"a word of {group} starts another"
        lists[f"{group or 'word'}:{len(lists)}"] = [(w, kinds.index(k) if k is not None else -1, lead and lead[w])
                                                   for w, k in zip(words, what or [None] * len(words), strict=True)]
        return len(lists) - 1

    rows = []

    def add(group, role, kind, pieces, open_words=False) -> None:
        ops, counts = [], {"amount": 0, "cards": 0}

        def emit(pieces, repeated=False) -> None:
            for at, piece in enumerate(pieces):
                first = len(ops)
                after = pieces[at + 1] if at + 1 < len(pieces) else None
                if piece.what in ("amount", "number", "skip", "when") and piece.lead:
                    ops.append((OP_WORD, listed((piece.lead,), piece.group)))
                if piece.what in ("word", "mark"):
                    ops.append((OP_WORD, listed(piece.words, piece.group)))
                elif piece.what == "choice" and open_words and piece.open:
                    ops.append((OP_OPEN, listed(piece.open, piece.group, [None] * len(piece.open))))
                elif piece.what == "choice":
                    assert not piece.numbered or after is None or after.what == "word" \
                        and not after.words[0].startswith(piece.lead), "the scanner takes a number when it stands"
                    lead = {w: listed((piece.lead,), piece.group) if w in piece.numbered else 0 for w in piece.words}
                    ops.append((OP_CHOICE, listed(piece.words, piece.group, piece.kinds, lead,
                                                  last=after is None and group != GR_ACTION)))
                elif piece.what in ("amount", "number"):     # (a number in an amount's place; repeated: the list's)
                    what = (OP_AMOUNT if piece.what == "amount" else OP_PLACE if piece.letters
                            else OP_DIGITS if group == GR_HEADER else OP_NUMBER)
                    ops.append((what, _REPEATED if repeated else counts["amount"]))
                    counts["amount"] += not repeated
                elif piece.what == "cards":
                    ops.append((OP_CARDS, counts["cards"]))
                    counts["cards"] += 1
                elif piece.what in ("name", "skip"):      # it ends where the next piece's first word stands
                    firsts = starts(pieces, at + 1, open_words)
                    firsts = [w for w in firsts if not any(w != v and w.startswith(v) for v in firsts)]    # (ends the same)
                    ends = -1
                    if after is not None:       # (a list of its own: any of its words ends it)
                        lists[f"ends:{len(lists)}"] = list(firsts)
                        ends = len(lists) - 1
                    assert (after is None) == (piece.words in (("rest",), ("rest0",))) and (after is None or firsts)
                    assert piece.what == "name" or len(firsts) == 1, "a skip ends at one word"
                    ops.append((OP_SKIP if piece.what == "skip" else _NAME_ENDS[piece.words[0]], ends))
                elif piece.what == "when":      # its fields (each word the mark after it), a space and the zone
                    assert len(piece.kinds) == 6, "the scanner reads a year, month, day, hour, minute and second"
                    lists[f"when:{len(lists)}"] = list(piece.kinds)
                    ops.extend([(OP_WHEN, len(lists) - 1), (OP_WORD, listed((reader.SYNTAX["space"],), None)),
                                (OP_ZONE, piece.most)])
                elif piece.what == "spaces":
                    ops.append((OP_SPACES, 0))
                elif piece.what == "free":
                    ops.append((OP_FREE, listed(piece.words, piece.group)))
                elif piece.what == "repeat":
                    assert not repeated and not any(part.optional for part in piece.parts), "one unit at a time"
                    emit(piece.parts, repeated=True)
                    ops[first] = (ops[first][0] + _REPEAT, ops[first][1])
                else:
                    ops.append((OP_ASIDE, 0))
                if piece.tail:
                    ops.append((OP_WORD, listed((piece.tail,), piece.group)))
                if piece.optional or piece.what == "repeat":
                    ops[first] = (ops[first][0] + _UNIT * (len(ops) - first), ops[first][1])
                if ops[-1][0] % _UNIT == OP_OPEN:
                    break       # anything may follow an open word
        emit(pieces)
        assert counts["amount"] <= 2 and counts["cards"] <= 2, \
            "the scanner keeps two amounts or numbers and two groups of cards of a line"
        assert sum(op % _UNIT in (OP_ASIDE, OP_NAME_FIRST, OP_NAME_LAST, OP_NAME_LAST0) for op, _ in ops) <= 1, \
            "one piece ends at several places"
        rows.append([group, role, kind, len(ops), *(x for op in ops for x in op)])

    forms = ps.line_forms(reader)
    assert sorted(forms) == sorted(_GROUPS)
    assert [w for p in forms["MARKER"][0].pieces if p.group == "what" for w in p.words] == [
        w for w, _, _ in lists["markers"]], "a marker's index in its choice is its index in the list of markers"
    rows.append([-1])       # (row 0: the groups' first rows, below)
    for name in _GROUPS:
        group = np.int64(_GROUPS.index(name))
        rows[0].append(len(rows))
        for form in forms[name]:
            said = {form.kind} if form.kind is not None else {k for p in form.pieces if p.what == "choice" for k in p.kinds}
            role = (R_NO_PLAY if said == {None} else R_PUTS if any(p.what == "amount" for p in form.pieces)
                    else R_SHOWS if said <= {ActionKind.SHOW, ActionKind.MUCK} else R_PLAIN)
            if group == GR_TAIL:
                role = R_ALL_IN if any(p.group == "allin" for p in form.pieces) else R_CAPPED
            elif group == GR_SAYS:
                role = R_FOUND
                assert form.pieces[0].what == "choice", "a form searched for starts with a choice"
            kind = kinds.index(form.kind) if form.kind is not None else -1
            if all(p.words or p.optional for p in form.pieces if p.what == "choice"):     # (one that can be read)
                add(group, role, kind, form.pieces)
            if any(p.open for p in form.pieces):        # its open words, after which anything may follow
                add(group, role, kind, form.pieces, open_words=True)
    rows[0].append(len(rows))
    width = max(map(len, rows))
    return np.array([row + [0] * (width - len(row)) for row in rows], dtype=np.int64)


WORDS = scanner_words()
"""The scanner's words, made from :mod:`parsers.pokerstars` at import."""

_RANKS = np.full(256, -1, dtype=np.int64)
_RANKS[[ord(rank.code) for rank in Rank]] = list(Rank)
_SUITS = np.full(256, -1, dtype=np.int64)
_SUITS[[ord(suit.code) for suit in Suit]] = list(Suit)
_SHAPE_WORDS = 3
_PER_WORD = 15

_SEAT_DIGITS, _NUMBER_DIGITS = np.int64(4), np.int64(5)
"""The most digits the lane reads in a seat number, a table's size or the button's seat, and in a numbered word (a side pot's)."""
_HOW_DEALT = np.int64(1)
"""``hole_how``'s code of dealt cards (rules.holdem_batch.HOWS), as an int64 for the reason above."""
K_COLLECT, K_SHOW, K_RAISE, K_POST_SB, K_POST_BB, K_POST_DEAD = map(np.int64, (12, 13, 10, 0, 1, 5))
assert [list(ActionKind)[k].value for k in (K_COLLECT, K_SHOW, K_RAISE, K_POST_SB, K_POST_BB, K_POST_DEAD)] == [
    "collect", "show", "raise", "post_sb", "post_bb", "post_dead"], "the kinds' codes: update them"
assert all(k.is_post == (i <= K_POST_DEAD) for i, k in enumerate(ActionKind)), "a kind up to K_POST_DEAD is a post"


@helper
def _n(at, k):
    """The length of word k."""
    return at[k + 1] - at[k]


@helper
def _at_k(b, i, e, data, at, k):
    """Does word k stand at b[i:] within the line's end ``e``?"""
    base = at[k]
    n = at[k + 1] - base
    if i + n > e:
        return False
    for j in range(n):
        if b[i + j] != data[base + j]:
            return False
    return True


@helper
def _same(b, i, j, n):
    """Are the ``n`` bytes of b from i those from j?"""
    for k in range(n):
        if b[i + k] != b[j + k]:
            return False
    return True


@helper
def _find(b, i, e, data, at, k):
    """The first position ≥ i where word k stands within b[:e], or -1."""
    last = e - _n(at, k)
    first = data[at[k]]
    while i <= last:
        if b[i] == first and _at_k(b, i, e, data, at, k):
            return i
        i += 1
    return -1


@helper
def _is_space(c):
    # ASCII whitespace as Python's \s and str.split() see it
    return c == 32 or 9 <= c <= 13 or 28 <= c <= 31


@helper
def _sign(b, wb, wa, wl, wk, i, e):
    """The currency sign outside ASCII at b[i:] of the reader's (list L_SIGNS): (its code point,
    its byte length), (0, 0) for another character."""
    for k in range(wl[L_SIGNS], wl[L_SIGNS + 1]):
        if _at_k(b, i, e, wb, wa, k):
            return wk[k, 0], _n(wa, k)
    return 0, 0


@helper
def _amount(b, wb, wa, wl, wk, sign, i, e):
    """``_AMT`` at b[i:]: (status, cents, end); status 1 read, 0 no amount, -1 not sure (or an
    amount whose currency sign is not ``sign``, the hand's: see ``_sign_code``)."""
    if i >= e:
        return 0, 0, i
    c = b[i]
    comma, point = wb[wa[W_THOUSANDS]], wb[wa[W_POINT]]
    written = 0
    if c >= 0x80:
        written, n = _sign(b, wb, wa, wl, wk, i, e)
        if n == 0:
            return -1, 0, i     # a Unicode digit or space, or a sign the lane does not know
        i += n
    elif not (48 <= c <= 57):
        if _is_space(c) or c == wb[wa[W_OPEN]]:
            return 0, 0, i
        written = c
        i += 1
    if i >= e:
        return 0, 0, i
    c = b[i]
    if c >= 0x80:
        return -1, 0, i
    if not (48 <= c <= 57):
        return 0, 0, i
    if written != sign:
        return -1, 0, i     # the reader refuses an amount in another currency than the stakes'
    value = 0
    digits = 0
    group = 0       # digits since the last thousands comma, or since the first digit
    grouped = 0     # commas seen
    misgrouped = False      # a group not of three (the reader refuses $1,9.96: parsers.lines.read_amount)
    while i < e and (48 <= b[i] <= 57 or b[i] == comma):
        if b[i] != comma:
            value = value * 10 + (b[i] - 48)
            digits += 1
            group += 1
        else:
            misgrouped = misgrouped or (group != 3 if grouped else group > 3)
            grouped += 1
            group = 0
        i += 1
    if digits > 15 or (i < e and b[i] >= 0x80) or misgrouped or (grouped and group != 3):
        return -1, 0, i
    cents = value * 100
    if i + 1 < e and b[i] == point:
        c = b[i + 1]
        if c >= 0x80:
            return -1, 0, i
        if 48 <= c <= 57:
            k = i + 1
            decimals = 0
            while k < e and 48 <= b[k] <= 57:
                decimals += 1
                k += 1
            if decimals > 2 or (k < e and b[k] >= 0x80):
                return -1, 0, i     # more than two decimals: out of the lane
            cents += (b[i + 1] - 48) * 10
            if decimals == 2:
                cents += b[i + 2] - 48
            i = k
    return 1, cents, i


@helper
def _cards(b, i, e, wb, wa, wl, out):
    """The cards of b[i:e] (the text inside brackets) into ``out``: their count, or -1 when the
    lane cannot read them exactly (a form other than As, Td …; more cards than ``out`` holds)."""
    n = 0
    while i < e:
        c = b[i]
        if c >= 0x80:
            return -1
        if _is_space(c):
            i += 1
            continue
        j = i
        while j < e and b[j] < 0x80 and not _is_space(b[j]):
            j += 1
        if j < e and b[j] >= 0x80:
            return -1
        length = j - i
        if length == 2 and _RANKS[b[i]] >= 0 and _SUITS[b[i + 1]] >= 0:
            if n == out.shape[0]:
                return -1
            out[n] = _RANKS[b[i]] * 4 + _SUITS[b[i + 1]]
            n += 1
        elif _word_of(b, i, j, wb, wa, wl, L_UNSHOWN)[1] != j:
            return -1       # a card not shown (XX …) is left out; anything else takes the full path
        i = j
    return n


@helper
def _word_of(b, j, e, wb, wa, wl, which):
    """The word of list ``which`` standing at b[j:], and where the rest starts: (-1, j) for none. (A
    form's words are prefix-free, as :func:`scanner_words` checks: at most one stands; the unshown
    cards' are longest first: the first that stands is the longest.)"""
    for k in range(wl[which], wl[which + 1]):
        if j < e and wb[wa[k]] == b[j] and _at_k(b, j, e, wb, wa, k):      # (the first byte first: most places hold none)
            return k - wl[which], j + _n(wa, k)
    return -1, j


@helper
def _read_form(b, wb, wa, wl, wk, wf, sign, group, q, e, got):
    """The forms of line kind ``group`` (rows of ``wf``: :func:`_forms`) tried in order at b[q:e],
    each as its regex reads it (an optional piece left out where it does not stand, a piece that
    may end at several places tried at each), to the line's end (an action: or a tail, then the
    end). Returns the status (1 read, 0 not, -1 not sure) and writes into ``got`` (G_ places) the
    form, kind, two amounts or numbers, two card groups' from, to, the words aside from, to (a
    repeat's: from its start), the name from, to, the tail's role, the word of the first and second
    choice (-1: none), a numbered word's number or -1; a header's dates are its amounts, their zones
    its card groups, its ID its words aside. A group searched for (R_FOUND) is read at each place
    where one of its forms stands, as a regex's findall: the last amount, how many, the first cards,
    the rest -1. (An array, not a tuple: each call place unpacking 17 values made the scan's compile
    about a second longer. One kernel: each call between kernels costs a reference count per array.)"""
    first_tail, tails = (wf[0, 1 + GR_TAIL], wf[0, 2 + GR_TAIL]) if group == GR_ACTION else (0, 0)
    found = wf[wf[0, 1 + group], F_ROLE] == R_FOUND      # (a group's forms are all searched for, or none)
    start = q
    hits, last, shown_from, shown_to, read = 0, 0, -1, -1, False     # (searched for: what all its places read)
    while True:
        for f in range(wf[0, 1 + group], wf[0, 2 + group]):
            if found and _word_of(b, start, e, wb, wa, wl, wf[f, F_FIRST + 1])[0] < 0:
                continue        # a form searched for starts with a choice: read where a word of it stands
            pieces = wf[f, F_PIECES]
            candidate = 0       # where a piece that may end at several places ends: the regex's first first
            again = True
            while again and not read:
                again = False
                for t in range(first_tail - 1, tails):     # first_tail - 1: no tail
                    kind, a0, a1, c1f, c1t, c2f, c2t = wf[f, F_KIND], 0, 0, -1, -1, -1, -1
                    desc = desc_end = name_from = name_to = number = chosen0 = chosen1 = -1
                    row, p, j, status, unit_end, unit_j, choices = f, 0, start, 1, -1, start, 0
                    unit_start = -1
                    while True:
                        if row == f and p == pieces:
                            if t < first_tail:
                                break
                            row, p, unit_end = t, 0, -1
                        if row == t and p == wf[t, F_PIECES]:
                            break
                        op, arg = wf[row, F_FIRST + 2 * p], wf[row, F_FIRST + 2 * p + 1]
                        if op > _UNIT:      # an optional piece: its ops, left out together if one does not read
                            unit_end, unit_j = p + op % _REPEAT // _UNIT, j
                            unit_start, op = p if op > _REPEAT else -1, op % _UNIT    # (a repeat: and read again)
                            if unit_start >= 0 and desc < 0:
                                desc = j
                        status = 0
                        if op == OP_WORD:
                            k = wl[arg]
                            if _at_k(b, j, e, wb, wa, k):
                                status, j = 1, j + _n(wa, k)
                        elif op == OP_CHOICE or op == OP_OPEN:
                            which, r = _word_of(b, j, e, wb, wa, wl, arg)
                            choices += 1
                            if which >= 0:
                                status, j = 1, e if op == OP_OPEN else r     # anything may follow an open word
                                if choices == 1:
                                    chosen0 = which
                                else:
                                    chosen1 = which
                                if wk[wl[arg] + which, 0] >= 0:
                                    kind = wk[wl[arg] + which, 0]
                                lead = wk[wl[arg] + which, 1]
                                if lead > 0 and _at_k(b, j, e, wb, wa, wl[lead]):     # a mark and digits may follow
                                    value, r = _number(b, j + _n(wa, wl[lead]), e, _NUMBER_DIGITS)
                                    if r < e and (b[r] >= 0x80 or 48 <= b[r] <= 57):
                                        status = -1     # a Unicode digit (\d takes it), or a number the lane does not keep
                                    elif r > j + _n(wa, wl[lead]):
                                        number, j = value, r
                        elif op == OP_AMOUNT:
                            status, cents, j = _amount(b, wb, wa, wl, wk, sign, j, e)
                            if row == f and arg == 0:
                                a0 = cents
                            elif row == f and arg == 1:
                                a1 = cents
                        elif op == OP_CARDS:
                            if _at_k(b, j, e, wb, wa, W_BRACKET):
                                close = _find(b, j + _n(wa, W_BRACKET), e, wb, wa, W_BRACKET_END)
                                if close >= 0:
                                    if arg == 0:
                                        c1f, c1t = j + _n(wa, W_BRACKET), close
                                    else:
                                        c2f, c2t = j + _n(wa, W_BRACKET), close
                                    status, j = 1, close + _n(wa, W_BRACKET_END)
                        elif op == OP_NUMBER or op == OP_PLACE:
                            value, r = _number(b, j, e, _SEAT_DIGITS)
                            while op == OP_PLACE and r < e and (48 <= b[r] <= 57 or 65 <= b[r] <= 90 or 97 <= b[r] <= 122
                                                                or b[r] == 95):
                                r += 1      # \w after the digits of a place ("3rd")
                            if r < e and (b[r] >= 0x80 or 48 <= b[r] <= 57):
                                status = -1     # a Unicode digit or letter (\d, \w take them), or more digits than the lane keeps
                            elif r > j:
                                status, j = 1, r
                                if arg == 0:
                                    a0 = value
                                else:
                                    a1 = value
                        elif op == OP_FREE:     # the rest of the line, for the reader's table to judge
                            if _word_of(b, j, e, wb, wa, wl, arg)[0] >= 0:
                                status, desc, desc_end, j = 1, j, e, e
                        elif op == OP_SPACES:
                            status = 1
                            while j < e and _is_space(b[j]):
                                j += 1
                        elif op == OP_SKIP:
                            r = _find(b, j, e, wb, wa, wl[arg])
                            if r >= 0:
                                status, j = 1, r
                        elif op == OP_REST:     # what is not a player's name, as the words aside
                            status, desc, desc_end, j = 1, j, e, e
                        elif op == OP_NAME_REST:
                            if j < e:
                                status, name_from, name_to, j = 1, j, e, e
                        elif op == OP_NAME_FIRST or op == OP_NAME_LAST or op == OP_NAME_LAST0:
                            # up to the candidate-th place a word of list arg stands (LAST0: it may be empty)
                            shortest = e
                            for k in range(wl[arg], wl[arg + 1]):  # (min, max: functions to compile)
                                shortest = _n(wa, k) if _n(wa, k) < shortest else shortest  # noqa: FURB136
                            step = 1 if op == OP_NAME_FIRST else -1
                            r = j + 1 if op == OP_NAME_FIRST else e - shortest
                            seen = 0
                            while j + (op != OP_NAME_LAST0) <= r <= e - shortest:
                                if _word_of(b, r, e, wb, wa, wl, arg)[0] >= 0:
                                    if seen == candidate:
                                        status, name_from, name_to, j = 1, j, r, r
                                        again = True
                                        break
                                    seen += 1
                                r += step
                        elif op == OP_DIGITS:       # a header's ID, kept as written: as the words aside
                            r = j
                            while r < e and 48 <= b[r] <= 57:
                                r += 1
                            if r > j:
                                status, desc, desc_end, j = 1, j, r, r
                        elif op == OP_WHEN:     # a header's date and time: the first one's seconds, the second's
                            seconds, r = _when(b, j, e, wb, wa, wl, wk, arg, got)
                            if seconds >= 0:
                                status, j = 1, r
                                if c1f < 0:
                                    a0 = seconds
                                else:
                                    a1 = seconds
                        elif op == OP_ZONE:     # and its zone's capitals (as the cards' places)
                            r = j
                            while r < e and r - j < arg and 65 <= b[r] <= 90:
                                r += 1
                            if r > j:
                                if c1f < 0:
                                    c1f, c1t = j, r
                                else:
                                    c2f, c2t = j, r
                                status, j = 1, r
                        elif _at_k(b, j, e, wb, wa, W_ASIDE):      # words in parentheses, to the candidate-th ")" from the last
                            seen = 0
                            for r in range(e - 1, j + 1, -1):
                                if _at_k(b, r, e, wb, wa, W_CLOSE):
                                    if seen == candidate:
                                        status, desc, desc_end, j = 1, j + _n(wa, W_ASIDE), r, r + _n(wa, W_CLOSE)
                                        again = True
                                        break
                                    seen += 1
                        if status == 0 and p < unit_end:
                            status, j, p, unit_start = 1, unit_j, unit_end, -1
                            continue
                        if status != 1:
                            break
                        p += 1
                        if p == unit_end and unit_start >= 0:
                            p = unit_start
                    if status < 0 or status == 1 and not found and j == e:
                        got[G_FORM], got[G_KIND], got[G_A0], got[G_A1], got[G_C1F], got[G_C1T], got[G_C2F] = f, kind, a0, a1, c1f, c1t, c2f
                        got[G_C2T], got[G_DESC], got[G_DESC_END], got[G_NAME_FROM], got[G_NAME_TO] = c2t, desc, desc_end, name_from, name_to
                        got[G_TAIL] = wf[t, F_ROLE] if t >= first_tail else 0
                        got[G_CHOSEN0], got[G_CHOSEN1], got[G_NUMBER] = chosen0, chosen1, number
                        return status
                    if status == 1 and found:
                        if c1f < 0:
                            hits, last = hits + 1, a0
                        elif shown_from < 0:
                            shown_from, shown_to = c1f, c1t
                        start, read = j - 1, True       # on after it
                        break
                    if status == 0 and row == f:
                        break       # the form's own pieces do not read: no tail helps
                candidate += 1
            if read:
                read = False
                break
        start += 1
        if not found or start >= e:
            break
    for g in range(_GOT):
        got[g] = -1
    got[G_A0], got[G_A1], got[G_C1F], got[G_C1T] = last, hits, shown_from, shown_to
    return 1 if hits > 0 or shown_from >= 0 else 0


@helper
def _seat_of(b, s, e, name_from, name_to, s0, s1):
    """The index (within its hand) of the seat whose player is b[s:e], or -1."""
    for j in range(s0, s1):
        if name_to[j] - name_from[j] == e - s and _same(b, name_from[j], s, e - s):
            return j - s0
    return -1


@helper
def _holds(column, s0, s1, value):
    """Does column[s0:s1] hold ``value``? (Numba's ``in`` walks an nditer, slower.)"""
    for j in range(s0, s1):
        if column[j] == value:
            return True
    return False


@helper
def _hole(hole, hole_how, hole_line, j, c0, c1, how, line):
    """A hole-card record for seat j: the first one gives the cards; another of other cards is a conflict (False)."""
    if hole_how[j] == 0:
        hole[j, 0] = c0
        hole[j, 1] = c1
        hole_how[j] = how
        hole_line[j] = line
        return True
    return (hole[j, 0] == c0 and hole[j, 1] == c1) or (hole[j, 0] == c1 and hole[j, 1] == c0)


@helper
def _number(b, i, e, most):
    """At most ``most`` digits at b[i:]: (their value, where they end)."""
    value = 0
    j = i
    while j < e and 48 <= b[j] <= 57 and j - i < most:
        value = value * 10 + (b[j] - 48)
        j += 1
    return value, j


@helper
def _groups_cards(b, c1f, c1t, c2f, c2t, wb, wa, wl, out):
    """The cards of one or two groups (:func:`_groups`) into ``out``: (their count, the first's), -1 unread."""
    n = _cards(b, c1f, c1t, wb, wa, wl, out)
    first = n
    if n >= 0 and c2f >= 0:
        n2 = _cards(b, c2f, c2t, wb, wa, wl, out[n:])
        n = n + n2 if n2 >= 0 else -1
    return n, first


@helper
def _set_board(row, cards, n):
    """A board column's row: the ``n`` cards, -1 after them."""
    for k in range(row.shape[0]):
        row[k] = cards[k] if k < n else -1


@entry
def _scan(b, line_start, line_end, hand_line0, hand_lines, hand_first, c, r, words, work, dealt):
    """Classify and read every line of every hand (see the module's docstring) into the batch's
    columns ``c`` (:data:`_Lane`) and the scan's own ``r`` (:data:`_Found`); returns the numbers of
    seats, actions and pots written. A hand out of the lane keeps no rows. ``work`` and ``dealt``:
    the caller's (:func:`_work`; an allocation compiled here cost a first run more than the scan)."""
    wb, wa, wl, wk, wf = words
    tmp, got, run_street, before, says = work[0, :8], work[1], work[2, :3], work[3, :5], work[4, :4]
    ns = na = np.int64(0)       # (not a literal 0: _seat_of would be compiled for it too)
    npots = 0
    for h in range(hand_lines.shape[0]):
        c.seat_start[h] = ns
        c.action_start[h] = na
        c.pot_start[h] = npots
        s0 = ns
        sign = r.signs[h]
        in_summary = seen_hole = blinds_posted = has_total = False
        street = run = sum_boards = sum_seats = 0
        run_street[0] = run_street[1] = run_street[2] = 0
        dealt[0, 0] = dealt[1, 0] = dealt[2, 0] = -1     # no board (deal_street reads a row no further)
        previous = T_HEADER
        tokens = 1
        r.shape[h, 0] = T_HEADER       # (the rest of its row: 0 from the start)
        first_index = hand_line0[h]
        ok = False      # until every line is read: a "break" puts the hand out of the lane
        for li in range(first_index + 1, first_index + hand_lines[h]):
            if not c.in_lane[h]:
                break
            s = line_start[li]
            e = line_end[li]
            if s == e:
                continue
            fl = hand_first[h] + (li - first_index)
            c0 = b[s]
            token = 0
            group = role = tail = chosen = -1
            # -------------------------------------------------- street markers
            if c0 == wb[wa[W_STARS]] and _at_k(b, s, e, wb, wa, W_STARS):
                # (FIRST, SECOND, THIRD before it: a board of a hand run twice or thrice)
                if _read_form(b, wb, wa, wl, wk, wf, sign, GR_MARKER, s, e, got) != 1:
                    break
                marker_run, which, c2f = got[G_CHOSEN0], got[G_CHOSEN1], got[G_C2F]
                token = wk[wl[L_MARKERS] + which, 0]
                if marker_run >= 0 and (token == T_HOLE or token == T_SUMMARY):
                    break
                if token == T_HOLE:
                    seen_hole = True
                elif token == T_SUMMARY:
                    in_summary = True
                else:       # a street line or the showdown (street 4), dealt as the reader deals them
                    run = marker_run if marker_run > 0 else 0  # noqa: FURB136 (see shortest in _read_form)
                    if run > 0 and run_street[run - 1] == 0:
                        break      # a second run before the first
                    street = wk[wl[L_MARKERS] + which, 1]
                    n = repeated = 0
                    if got[G_C1F] >= 0:
                        n, repeated = _groups_cards(b, got[G_C1F], got[G_C1T], c2f, got[G_C2T], wb, wa, wl, tmp)
                    if n < 0 or n > 5 or deal_street(dealt, run_street, run, street, tmp, n,
                                                     repeated if c2f >= 0 else -1, before) != DEALT:
                        break      # cards the lane does not read, or a line the reader refuses
                    if token == T_STREET:
                        _set_board(c.boards[h, run], tmp, n)
                        for k in range(n):     # each card at the line that first deals it in its run
                            if c.board_lines[h, run, k] == 0:
                                c.board_lines[h, run, k] = fl
            # -------------------------------------------------- seats and summary seats
            elif c0 == wb[wa[W_SEAT]] and _at_k(b, s, e, wb, wa, W_SEAT):
                # a seat, or a summary seat and what it says: what it won or collected (one amount at most, else
                # out of the lane) and the first cards it showed or mucked, searched for only where one of its words
                # may start (a folded line has none); one call place for all: each place costs every line a little
                group, at, said, won, count, shown, shown_to = GR_SEATSUM if in_summary else GR_SEAT, s, 0, -1, 0, -1, -1
                while group >= 0:
                    read = _read_form(b, wb, wa, wl, wk, wf, sign, group, at, e, got)
                    if group == GR_SAYS:
                        said, won, count, shown, shown_to, group = read, got[G_A0], got[G_A1], got[G_C1F], got[G_C1T], -1
                    else:
                        status, number, cents, what, p0, pe = (read, got[G_A0], got[G_A1], got[G_DESC], got[G_NAME_FROM],
                                                               got[G_NAME_TO])
                        says_from = what if group == GR_SEATSUM and read == 1 else e
                        while says_from < e and (says[b[says_from] >> 6] >> (b[says_from] & 63)) & 1 == 0:
                            says_from += 1
                        group, at = (GR_SAYS, says_from) if says_from < e else (-1, at)
                if in_summary:
                    i = _seat_of(b, p0, pe, r.name_from, r.name_to, s0, ns) if status == 1 else -1
                    n = _cards(b, shown, shown_to, wb, wa, wl, tmp) if shown >= 0 else 0
                    how = 2 if _at_k(b, what, e, wb, wa, W_SHOWED) else 3
                    if (i < 0 or c.summary_line[s0 + i] != 0 or c.seat_no[s0 + i] != number or said < 0 or count > 1
                            or n != 0 and n != 2
                            or n == 2 and not _hole(c.hole, c.hole_how, c.hole_line, s0 + i, tmp[0], tmp[1], how, fl)):
                        break
                    c.summary_won[s0 + i], c.summary_line[s0 + i] = won if count > 0 else -1, fl
                    r.what_from[s0 + i], r.what_to[s0 + i] = what, e
                    c.won_not_awarded[s0 + i] = _find(b, what, e, wb, wa, W_NOT_AWARDED) >= 0
                    sum_seats += 1
                    token = T_SEATSUM
                else:
                    if status != 1 or _seat_of(b, p0, pe, r.name_from, r.name_to, s0, ns) >= 0 or ns - s0 >= 1000:
                        break      # (one name in two seats, or more seats than an int16 actor holds)
                    if _holds(c.seat_no, s0, ns, number):
                        break       # one seat listed twice
                    c.seat_no[ns], c.stack[ns], c.seat_line[ns], r.name_from[ns], r.name_to[ns] = number, cents, fl, p0, pe
                    tail = got[G_CHOSEN0]       # the seat's tail: sitting out, out of hand (moved in), out of hand
                    c.is_sitting_out[ns], c.is_out_of_hand[ns] = tail == 0, tail > 0
                    ns += 1
                    token = T_SEAT
            # -------------------------------------------------- the summary's total and board
            elif in_summary and _at_k(b, s, e, wb, wa, W_TOTAL):
                status = _read_form(b, wb, wa, wl, wk, wf, sign, GR_TOTAL, s, e, got)
                t, cents, q = got[G_A0], got[G_A1], got[G_DESC]
                if status != 1 or has_total:
                    break
                while status == 1 and npots <= c.pot_amount.shape[0]:      # its pots, one by one from where they start
                    status = _read_form(b, wb, wa, wl, wk, wf, sign, GR_POT, q, e, got)
                    q = got[G_DESC]
                    if status == 1 and npots < c.pot_amount.shape[0]:
                        c.pot_amount[npots] = got[G_A0]
                    npots += status == 1
                if npots > c.pot_amount.shape[0]:
                    break      # more pots than the batch holds
                c.total_pot[h] = t
                c.rake[h] = cents
                c.total_line[h] = fl
                has_total = True
                token = T_TOTAL
            elif in_summary:
                status = _read_form(b, wb, wa, wl, wk, wf, sign, GR_BOARD, s, e, got)
                if status != 0:
                    n = _cards(b, got[G_C1F], got[G_C1T], wb, wa, wl, tmp) if status == 1 else -1
                    if n <= 0 or n > 5 or sum_boards > 2:
                        break
                    _set_board(c.summary_boards[h, sum_boards], tmp, n)
                    c.summary_board_lines[h, sum_boards] = fl
                    sum_boards += 1
                    token = T_BOARD
                elif _read_form(b, wb, wa, wl, wk, wf, sign, GR_RUNTWICE, s, e, got) == 1:
                    token = T_RUNTWICE      # "Hand was run twice"
            if token == 0:
                # -------------------------------------------------- "<player>: <action>", at the first name end that reads
                status = p = form = 0
                for p in range(s + 1, e - 1):
                    if _at_k(b, p, e, wb, wa, W_NAME_END):
                        status = _read_form(b, wb, wa, wl, wk, wf, sign, GR_ACTION, p + _n(wa, W_NAME_END), e, got)
                        if status != 0:
                            break
                if status < 0:
                    break
                if status == 1:
                    form, kind, cents, to, cf, ct = got[G_FORM], got[G_KIND], got[G_A0], got[G_A1], got[G_C1F], got[G_C1T]
                    desc, desc_end, tail = got[G_DESC], got[G_DESC_END], got[G_TAIL]
                    role = wf[form, F_ROLE]
                    group, p0, pe, number = GR_NO_PLAY if role == R_NO_PLAY else GR_ACTION, s, p, -1
            if token == 0 and group < 0:
                # -------------------------------------------------- the reader's other kinds, in its order: each tried
                # where its hint stands, the first that reads is the line's (none: out of the lane)
                for k in range(wl[L_OTHERS], wl[L_OTHERS + 1]):
                    group = wk[k, 0]
                    if _n(wa, k) > 0 and not (_at_k(b, s, e, wb, wa, k) if wk[k, 1] else _find(b, s, e, wb, wa, k) >= 0):
                        continue
                    status = _read_form(b, wb, wa, wl, wk, wf, sign, group, s, e, got)
                    if status != 0:
                        break
                if status != 1:
                    break
                kind, cents, to, cf, ct, c2f, c2t = got[G_KIND], got[G_A0], got[G_A1], got[G_C1F], got[G_C1T], got[G_C2F], got[G_C2T]
                p0, pe, chosen, number = got[G_NAME_FROM], got[G_NAME_TO], got[G_CHOSEN0], got[G_NUMBER]
            if group == GR_CHAT or group == GR_NO_PLAY:
                continue        # no play ('<someone> said, "…', '… is disconnected'), which may be written twice
            if group >= 0:
                i = _seat_of(b, p0, pe, r.name_from, r.name_to, s0, ns)       # (a table's name: no seat's)
                if group == GR_TABLE:
                    r.table_from[h], r.table_to[h], c.max_seats[h], c.button_seat[h], r.play[h] = p0, pe, cents, to, chosen == 0
                    token = T_TABLE
                elif group == GR_DEALT:
                    n = _groups_cards(b, cf, ct, c2f, c2t, wb, wa, wl, tmp)[0]
                    if n != 0 and (n != 2 or i < 0 or c.hole_how[s0 + i] == 1
                                   or not _hole(c.hole, c.hole_how, c.hole_line, s0 + i, tmp[0], tmp[1], _HOW_DEALT, fl)):
                        break
                    token = T_DEALT
                elif group == GR_CASHOUT:
                    if i < 0 or c.has_cash_out[s0 + i]:
                        break      # (a second cash-out of one player: the reader refuses it)
                    c.has_cash_out[s0 + i] = True
                    c.cash_out[s0 + i] = cents
                    token = T_BODY
                elif group == GR_CANCELLED:
                    c.is_cancelled[h] = True      # "Hand cancelled…": a terminal of the shape
                    token = T_CANCELLED
                else:       # an action, an uncalled bet or a collect: an action row
                    code = chosen if number < 0 else number + 1     # a collect's pot, side pot-N: N + 1; else -1
                    if i < 0 or code > 120:
                        break
                    k = na
                    c.actor[k], c.line[k], c.amount[k], c.street[k], c.kind[k] = i, fl, cents, street, kind
                    c.pot[k] = code
                    # the reference keeps "and is all-in" (or the cap) for calls, bets, raises and posts only
                    c.is_all_in[k] = role == R_PUTS and tail == R_ALL_IN
                    c.is_capped[k] = role == R_PUTS and tail == R_CAPPED
                    c.action_board[k] = run if role == R_SHOWS or group == GR_COLLECT else 0   # a show, muck, collect's board
                    token = T_BODY
                    if kind == K_RAISE:
                        c.raise_to[k] = to
                    elif role == R_SHOWS and cf >= 0:
                        if _cards(b, cf, ct, wb, wa, wl, tmp) != 2:
                            break
                        c.cards[k, 0] = tmp[0]
                        c.cards[k, 1] = tmp[1]
                        if desc >= 0:      # " (a pair of Kings)": the reader checks the words
                            r.desc_from[k] = desc
                            r.desc_to[k] = desc_end
                        if not _hole(c.hole, c.hole_how, c.hole_line, s0 + i, tmp[0], tmp[1], 2 if kind == K_SHOW else 3, fl):
                            break
                    elif kind <= K_POST_DEAD:       # posts …
                        if kind == K_POST_SB or kind == K_POST_BB:
                            if kind == K_POST_SB and blinds_posted:
                                c.kind[k] = K_POST_DEAD   # a returning player's missed small blind
                            blinds_posted = True
                        c.street[k] = 0
                        if not seen_hole:
                            token = T_POST
                    na += 1
            # -------------------------------------------------- the shape, as check_shape builds it
            if token == previous and (token == T_BODY or token == T_SEAT or token == T_POST or token == T_DEALT
                                      or token == T_BOARD or token == T_SEATSUM):
                continue
            if tokens >= _SHAPE_WORDS * _PER_WORD:
                break
            r.shape[h, tokens // _PER_WORD] |= token << (4 * (tokens % _PER_WORD))
            tokens += 1
            previous = token
        else:       # every line read; and every seat in the hand in the summary (else the engine explains it:
            ok = c.in_lane[h]       # HE-SUMMARY-SEATS)
            for j in range(s0, ns):
                ok = ok and (c.summary_line[j] != 0 or c.is_out_of_hand[j])
        if ok and not has_total and sum_seats == 0:
            ok = False      # no summary (a summary without a total: total_pot, rake and total_line stay 0)
        c.in_lane[h] = ok
        if not ok:      # its seats and actions stay, for _keep_lane_rows to drop (clearing them here cost
            npots = c.pot_start[h]      # a first run's compile more than that costs a read); its pots go
            if hand_lines[h] > 0:
                na += 1     # (and the row a failed line began: its columns are written before the last checks)
    n = hand_lines.shape[0]
    c.seat_start[n] = ns
    c.action_start[n] = na
    c.pot_start[n] = npots
    return ns, na, npots


@helper
def _when(b, j, e, wb, wa, wl, wk, which, fields):
    """The date and time at b[j:] as word list ``which`` declares it (year, month, day, hour, minute,
    second: each its digits, fewest to most, then its mark, the word, into ``fields``): (seconds since
    1970, where it ends), or (-1, j) for no date and time ``datetime()`` takes."""
    for k in range(wl[which], wl[which + 1]):
        fields[k - wl[which]], r = _number(b, j, e, wk[k, 1])
        if r - j < wk[k, 0] or not _at_k(b, r, e, wb, wa, k):
            return -1, j
        j = r + _n(wa, k)
    year, month, day, hour, minute, second = fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]
    if year < 1 or not (1 <= month <= 12) or day < 1 or hour > 23 or minute > 59 or second > 59:
        return -1, j
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    dim = 31
    if month == 2:
        dim = 29 if leap else 28
    elif month == 4 or month == 6 or month == 9 or month == 11:
        dim = 30
    if day > dim:
        return -1, j
    y = year - 1 if month <= 2 else year
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return (era * 146097 + doe - 719468) * 86400 + hour * 3600 + minute * 60 + second, j


@entry
def _headers(b, words, line_start, line_end, hand_line0, out, got):
    """Each hand's first line read by the reader's declared header (:func:`_read_form`) into
    ``out``: per hand (read, ID from, to, middle from, to (the table and stakes, which the reader
    reads once per header form), the ET time's seconds since 1970, and for a local time before it
    its seconds and its zone's from, to, else -1, -1, -1). The ET time is the one in brackets, or
    the only one: its zone must be ET. ``got``: the caller's (see :func:`_scan`)."""
    wb, wa, wl, wk, wf = words
    for h in range(hand_line0.shape[0]):
        out[h, 0] = 0
        out[h, 6] = out[h, 7] = out[h, 8] = -1
        status = _read_form(b, wb, wa, wl, wk, wf, np.int64(0), GR_HEADER, line_start[hand_line0[h]],
                            line_end[hand_line0[h]], got)
        first, second, z1f, z1t, z2f, z2t = got[G_A0], got[G_A1], got[G_C1F], got[G_C1T], got[G_C2F], got[G_C2T]
        id_from, id_to, key_from, key_to = got[G_DESC], got[G_DESC_END], got[G_NAME_FROM], got[G_NAME_TO]
        et_from, et_to = (z2f, z2t) if z2f >= 0 else (z1f, z1t)
        if status != 1 or et_to - et_from != _n(wa, W_ET) or not _at_k(b, et_from, et_to, wb, wa, W_ET):
            continue
        out[h, 0], out[h, 1], out[h, 2], out[h, 3], out[h, 4] = 1, id_from, id_to, key_from, key_to
        out[h, 5] = first
        if z2f >= 0:
            out[h, 5], out[h, 6], out[h, 7], out[h, 8] = second, first, z1f, z1t


KERNELS = (_scan, _headers)
"""The scanner's compiled entry points: what reading through it compiles on a machine's first run
(about 9 CPU-s), and nothing else does."""


# ////////////////////////////////////////////////////////////////////// per-hand strings, in Python

_Head = namedtuple("_Head", "numbers ok tournament tournament_id hand_id currency stakes club played_at fields")
"""What a header line gives a batch: the hand's numbers (_NO_NUMBERS when the lane cannot hold them),
whether it can, its strings, and the reference's fields (``parsers.pokerstars.read_header``)."""


def _head_of(hand, fields: dict) -> _Head:
    limit = hand.betting is BettingStructure.LIMIT
    # the blinds, the bets, the ante and the cap (None: more than two decimals)
    amounts = (in_cents(hand.small_blind), in_cents(hand.big_blind), in_cents(hand.small_bet) if limit else -1,
               in_cents(hand.big_bet) if limit else -1, in_cents(hand.ante))
    cap = in_cents(hand.cap) if hand.cap is not None else -1
    # (stakes whose sign and code disagree are the reference parser's, which warns of them)
    ok = cap is not None and None not in amounts and ps.code_at_odds(fields) is None
    sign = ps.stakes_sign(fields)
    # betting, short deck, tournament, the blinds, the bets, the ante, the sign (as _amount codes it), the cap
    numbers = (_BETTING_CODE[hand.betting], hand.is_short_deck, hand.is_tournament, *amounts,
               ord(sign) if sign else 0, cap) if ok else _NO_NUMBERS
    return _Head(numbers, ok, hand.is_tournament, hand.tournament_id, hand.hand_id, hand.currency, hand.stakes,
                 hand.info.club, hand.info.played_at, fields)


_NUMBERS = ("betting", "is_short_deck", "is_tournament", "small_blind", "big_blind", "small_bet", "big_bet", "ante", "",
            "cap")
"""The batch's columns of a header's numbers (``_Head.numbers``; "": the currency sign, the scanner's own)."""
_BETTING_CODE = {b: i for i, b in enumerate(BettingStructure)}
_NO_NUMBERS = (0, 0, 0, 0, 0, -1, -1, 0, 0, -1)
_NO_HEAD = _Head(_NO_NUMBERS, False, False, None, None, "", "", None, None, None)
"""A hand whose header the lane does not read."""
_HEADS: dict[str, _Head | None] = {}
_SOURCE = Source(file="", first_line=1, last_line=1, game_id="")


def _full_head(line: str) -> _Head | None:
    """The reference parser's reading of a header line (None: the hand is not read)."""
    try:
        fields = ps.read_header(line)
        return _head_of(ps.build_hand((line,), _SOURCE, fields, []), fields)
    except (ParseError, ValueError, ArithmeticError):
        return None


def _register(key: str, line: str, cut: Callable, start: int, row: list, played_at) -> _Head | None | object:
    """The fields of a header form (its text between ID and date) read by the reference (None: it
    refuses the line), or _SLOW when the reference does not read the ID and date where the scanner
    does: ``row`` (of
    :func:`_headers`) is the scanner's reading of ``line``, which starts at byte ``start`` of the
    file, ``cut(start, stop)`` the file's text between two byte places, and ``played_at`` its ET
    time in UTC."""
    head = _full_head(line)
    if head is not None:
        _, id_from, id_to, _, date_from, _, _, zone_from, zone_to = row
        date_from += len(ps.SYNTAX["dash"])             # after " - "
        match = head.fields
        when, at = match["when"], match["match"].start("rest")
        if (match["match"]["id"] != cut(id_from, id_to) or when.end() + at != len(line)
                or when.start() + at != len(cut(start, date_from)) or head.played_at != played_at
                or (when["d2"] is None) != (zone_from < 0)
                or zone_from >= 0 and (when["z"] != cut(zone_from, zone_to)
                                       or f"{when['d']} {when['t']}" != cut(date_from, zone_from - 1))):
            head = _SLOW
    # A refused line is not remembered: the reference may refuse it for its ID, date or local time,
    # not its form, and the next line of the form be read (the form's later hands stay in the lane).
    if head is not None and len(_HEADS) < 10_000:
        _HEADS[key] = head
    return head


_SLOW = object()


@lru_cache(maxsize=100_000)
def _local_time_matches(zone: str, gap: int, local_hour: int, et_hour: int) -> bool:
    """Does the reader take a header's local time in ``zone`` before its ET time, ``gap`` seconds
    apart, in these hours since 1970? (``parsers.pokerstars.local_time_matches``.) Clocks change
    at whole hours: the answer holds for every time of the same two hours and gap."""
    local = max(local_hour * 3600, et_hour * 3600 + gap)     # a time of both hours
    return ps.local_time_matches(zone, _EPOCH + timedelta(seconds=local), _EPOCH + timedelta(seconds=local - gap))


_EPOCH = datetime(1970, 1, 1)


@lru_cache(maxsize=100_000)
def _et_shift(hour: int) -> int:
    """Seconds from ET to UTC in this hour since 1970 (ET changes its clock at whole hours)."""
    at = _EPOCH + timedelta(hours=hour)
    return int((ps.in_utc(at, "ET") - at).total_seconds())


def _utc_of_et(et: np.ndarray) -> np.ndarray:
    """ET times (seconds since 1970 on the ET clock) in UTC, as the reader stores them (``ps.in_utc``)."""
    hours, which = np.unique(et // 3600, return_inverse=True)
    return et + np.array([_et_shift(hour) for hour in hours.tolist()], dtype=np.int64)[which.reshape(-1)]


# ////////////////////////////////////////////////////////////////////// the batch

@lru_cache(maxsize=100_000)
def _shape_accepted(key: tuple[int, int, int]) -> bool:
    """Does Lark accept this shape? (parsers.pokerstars.check_shape: its cache, or one Lark run)."""
    kinds = []
    for word in key:
        while word:
            kinds.append(_TERMINALS[word & 15])
            word >>= 4
    lines = ("",) * len(kinds)
    tokens = [(kind, None, index) for index, kind in enumerate(kinds) if index > 0]
    try:
        ps.check_shape(tokens, lines)
    except ParseError:
        return False
    return True


_Lane = namedtuple("_Lane", (
    "in_lane max_seats button_seat boards board_lines summary_boards summary_board_lines total_pot rake total_line "
    "seat_start action_start pot_start seat_no stack is_sitting_out is_out_of_hand seat_line hole hole_how hole_line "
    "summary_won summary_line street actor kind amount raise_to is_all_in cards pot line pot_amount is_capped "
    "is_cancelled has_cash_out cash_out won_not_awarded action_board"))
"""The batch's columns :func:`_scan` writes (HandBatch's, by their names)."""
_Found = namedtuple("_Found", "signs play table_from table_to shape name_from name_to what_from what_to desc_from desc_to")
"""What :func:`_scan` reads besides the batch's columns (places in bytes): per hand the currency sign of its header
(given), play money, its table's name and its shape; per seat its player's name and what its summary line says;
per action the words aside (a shown hand's name; -1: none)."""
_ROWS = {f.name: f.metadata["column"][0] for f in dataclasses.fields(HandBatch) if f.name in _Lane._fields}
"""The rows of each column :func:`_scan` writes, as the batch declares them (hands, seats, actions, pots)."""


_SEAT_FOUND, _ACTION_FOUND = ("name_from", "name_to", "what_from", "what_to"), ("desc_from", "desc_to")
"""The rows of :data:`_Found` per seat and per action."""


def _keep_lane_rows(b: HandBatch, found: _Found) -> _Found:
    """Drop the seats and actions of the hands the scan put out of the lane (it leaves them where
    they are), and give those hands the batch's empty values of what else the scan wrote them."""
    out = ~b.in_lane
    if not out.any():
        return found
    b.is_cancelled[out] = False
    b.boards[out, 1:] = b.summary_boards[out, 1:] = -1       # (the boards of a hand run again)
    b.board_lines[out, 1:] = b.summary_board_lines[out, 1:] = 0
    kept = {}
    for rows, start, names in (("seats", b.seat_start, _SEAT_FOUND), ("actions", b.action_start, _ACTION_FOUND)):
        counts = np.diff(start)
        keep = np.flatnonzero(np.repeat(b.in_lane, counts))
        for name, where in _ROWS.items():
            if where == rows:
                setattr(b, name, getattr(b, name)[keep])
        kept.update({name: getattr(found, name)[keep] for name in names})
        start[1:] = np.cumsum(counts * b.in_lane)
    return found._replace(**kept)


def _work(words: ScannerWords) -> tuple[np.ndarray, np.ndarray]:
    """The scan's scratch: its rows of cards, what _read_form read (also a date's fields), the
    street each run reached, the board before, and the bytes what a summary seat says may start
    with (the first bytes of GR_SAYS's forms, each a choice, as 256 bits: c is bit c % 64 of the
    c // 64th); and each run's board."""
    work, firsts = np.zeros((5, _GOT), np.int64), words.forms[:, F_FIRST + 1]
    starts = {int(words.data[words.at[k]]) for f in range(*words.forms[0, 1 + GR_SAYS:3 + GR_SAYS])
              for k in range(words.lists[firsts[f]], words.lists[firsts[f] + 1])}
    work[4, :4] = np.array([sum(1 << (c & 63) for c in starts if c >> 6 == row) for row in range(4)],
                           np.uint64).view(np.int64)
    return work, np.full((3, 5), -1, np.int64)


def _piece(data: bytes, start: int, stop: int) -> str:
    """The text between two places of ``data``, UTF-8 bytes that are not ASCII (in ASCII, the places
    of the text too: its callers cut the text itself then)."""
    return data[start:stop].decode("utf-8", "surrogatepass")


def read_batch(chunks: list[Chunk], source_file: str, words: ScannerWords = WORDS) -> HandBatch:
    """The hands of ``chunks`` (a file's PokerStars chunks, in order): one hand per chunk.

    ``in_lane[h]`` is False for a chunk the lane does not read exactly as the reference parser
    (or that is not a PokerStars chunk); the worker sends those chunks down the full path.
    """
    n_lines = np.fromiter((len(c.lines) for c in chunks), dtype=np.int64, count=len(chunks))
    text = "\n".join(map("\n".join, [c.lines for c in chunks]))
    data = text.encode("utf-8", "surrogatepass")
    line_start = line_starts(np.frombuffer(data, dtype=np.uint8))
    if len(line_start) != max(int(n_lines.sum()), 1):     # pragma: no cover - a line break inside a line
        raise ValueError("chunk lines must not contain line breaks")
    return _read(chunks, source_file, text, data, line_start, (np.cumsum(n_lines) - n_lines, n_lines), words)


def _read(chunks, source_file, text, data, line_start, lines=None, words: ScannerWords = WORDS) -> HandBatch:
    """read_batch over ``text`` (``data`` its UTF-8 bytes), whose lines start at ``line_start``
    (bytes); ``lines``: each hand's first line there and its count of lines (None: the lines the
    chunks give as theirs, ``text`` being their file)."""
    count = len(chunks)
    buf = np.frombuffer(data, dtype=np.uint8)
    line_end = np.append(line_start[1:] - 1, len(buf))
    first_line = np.fromiter((c.first_line for c in chunks), dtype=np.int64, count=count)
    last_line = np.fromiter((c.last_line for c in chunks), dtype=np.int64, count=count)
    hand_line0, n_lines = lines if lines is not None else (first_line - 1, last_line - first_line + 1)
    total_lines = int(n_lines.sum())
    b = HandBatch.empty(count, total_lines, total_lines, 8 * count + 64)
    b.source_file = source_file
    b.first_line[:] = first_line
    b.last_line[:] = last_line
    b.summary_lists_every_seat[:] = True    # PokerStars sums up every seat
    b.all_in_said[:] = True    # and says every all-in (ROOM-ALL-IN)
    b.dead_posts_checked[:] = DEAD_POSTS_CHECKED[ps.SITE]    # ROOM-DEAD-BLIND
    fast = np.zeros((count, 9), dtype=np.int64)
    work, dealt = _work(words)
    _headers(buf, words, line_start, line_end, hand_line0, fast, work[1])
    played = _utc_of_et(fast[:, 5]).astype("datetime64[s]").astype("datetime64[us]").tolist()
    ascii_text = len(data) == len(text)

    def cut(start: int, stop: int) -> str:
        return text[start:stop] if ascii_text else _piece(data, start, stop)

    heads, counts, header_rows = [], n_lines.tolist(), hand_line0.tolist()
    for h, (matched, id_from, id_to, key_from, key_to, et, local, zone_from, zone_to) in enumerate(fast.tolist()):
        chunk = chunks[h]
        head = hand_id = when = None
        in_utc = True   # the scanner reads a header whose ET time it turns into UTC
        if chunk.format == "pokerstars" and counts[h]:
            key = cut(key_from, key_to) if matched else None
            row = header_rows[h]        # (the header line is cut from the text: a chunk's lines are split only where read)
            head = (_SLOW if key is None else _HEADS[key] if key in _HEADS
                    else _register(key, cut(line_start[row], line_end[row]), cut, line_start[row], fast[h].tolist(),
                                   played[h]))
            if head is not None and head is not _SLOW:
                if zone_from < 0 or _local_time_matches(cut(zone_from, zone_to), local - et, local // 3600, et // 3600):
                    hand_id, when = cut(id_from, id_to), played[h]
                else:
                    head = None
            if head is _SLOW:
                head = _full_head(cut(line_start[row], line_end[row]))
                if head is not None:
                    hand_id, when, in_utc = head.hand_id, head.played_at, head.fields["in_utc"]
        heads.append(head or _NO_HEAD)
        b.hand_id.append(hand_id if head is not None else "")
        b.played_at.append(when)
        b.played_in_utc.append(in_utc)
    table = np.array([head.numbers for head in heads], np.int64).reshape(count, len(_NUMBERS))
    for name, column in zip(_NUMBERS, table.T):
        if name:
            getattr(b, name)[:] = column
    # (a hand holding a byte that could not be decoded goes to quarantine by the full path)
    b.in_lane[:] = [head.ok and chunk.undecodable is None for head, chunk in zip(heads, chunks)]
    signs = table[:, _NUMBERS.index("")].copy()

    lines, minus_one = total_lines, np.int64(-1)
    found = _Found(signs, np.zeros(count, np.bool_), np.full(count, minus_one), np.full(count, minus_one),
                   np.zeros((count, _SHAPE_WORDS), np.int64), np.zeros(lines, np.int64), np.zeros(lines, np.int64),
                   np.full(lines, minus_one), np.zeros(lines, np.int64), np.full(lines, minus_one), np.zeros(lines, np.int64))
    ns, na, npots = _scan(buf, line_start, line_end, hand_line0, n_lines, first_line,
                          _Lane(*(getattr(b, name) for name in _Lane._fields)), found, words, work, dealt)
    written = {"seats": ns, "actions": na, "pots": npots}
    for name, rows in _ROWS.items():
        if rows in written:
            setattr(b, name, getattr(b, name)[:written[rows]])
    found = _keep_lane_rows(b, found._replace(**{name: getattr(found, name)[:ns] for name in _SEAT_FOUND},
                                              **{name: getattr(found, name)[:na] for name in _ACTION_FOUND}))

    # the reader's verdict on the words the scanner leaves to it, the grammar's on each hand's shape
    _check_words(b, text, data, found.what_from, found.what_to, b.seat_start, ps.SUMMARY_OUTCOME)
    _check_words(b, text, data, found.desc_from, found.desc_to, b.action_start, ps.HAND_NAME)
    shapes = found.shape.tolist()
    for h in np.flatnonzero(b.in_lane).tolist():
        b.in_lane[h] = _shape_accepted(tuple(shapes[h]))
    _name_hands(b, text, data, found)
    b.player = _strings(text, data, found.name_from, found.name_to)
    b.table_name = _strings(text, data, found.table_from, found.table_to)
    b.game_id = [c.game_id for c in chunks]
    b.tournament_id = [head.tournament_id for head in heads]
    b.stakes = [head.stakes for head in heads]
    b.currency = [("play" if is_play and not head.tournament else head.currency)
                  for head, is_play in zip(heads, found.play.tolist())]
    b.club = [head.club for head in heads]
    return b


def _strings(text: str, data: bytes, start: np.ndarray, stop: np.ndarray) -> list[str | None]:
    """The text between each ``start`` and ``stop`` (places in ``data``, the bytes of ``text``; -1: None)."""
    if len(data) == len(text):
        return [text[f:t] if f >= 0 else None for f, t in zip(start.tolist(), stop.tolist())]
    return [_piece(data, f, t) if f >= 0 else None for f, t in zip(start.tolist(), stop.tolist())]


_SHOW = KINDS.index(ActionKind.SHOW)


@lru_cache(maxsize=1024)
def _named_code(words: str) -> int:
    """The batch's code of the made hand ``words`` name, as the reader reads them; -1 none."""
    hand = named_hand("", ps.HAND_WORDS.named(words), 0, 0)
    return -1 if hand is None else hand.code


def _name_hands(b: HandBatch, text, data, found: _Found) -> None:
    """The made hands the show lines (``named_hand``) and the summary seat lines, by board
    (``summary_named_hand``), name, as the reader reads them (``ps.build_hand``), and the hands that name
    one (``has_named_hand``)."""
    b.named_hand = np.full(len(b.actor), -1, np.int16)
    rows = np.flatnonzero((found.desc_from >= 0) & (b.kind == _SHOW))
    b.named_hand[rows] = [_named_code(words) for words in
                          _strings(text, data, found.desc_from[rows], found.desc_to[rows])]
    b.summary_named_hand = np.full((len(b.seat_no), 3), -1, np.int16)
    rows = np.flatnonzero(found.what_from >= 0)
    for row, what in zip(rows.tolist(), _strings(text, data, found.what_from[rows], found.what_to[rows])):
        if ps.PHRASES["with"] in what:
            for board, words in enumerate(ps.NAMED_IN_SUMMARY.findall(what)[:3]):
                b.summary_named_hand[row, board] = _named_code(words)
    # the hands of the rows that name one (each hand's rows start at its start)
    b.has_named_hand[np.searchsorted(b.action_start, np.flatnonzero(b.named_hand >= 0), "right") - 1] = True
    b.has_named_hand[np.searchsorted(b.seat_start, np.flatnonzero((b.summary_named_hand >= 0).any(axis=1)),
                                     "right") - 1] = True


_WORDS_READ: dict[re.Pattern, set[str]] = {}
"""The free words each pattern of the reader read, remembered (one set per pattern: words that
one reads, another may not)."""


def _check_words(b: HandBatch, text, data, start, stop, row_start, pattern: re.Pattern) -> None:
    """Put out of the lane each hand whose free words (between ``start`` and ``stop`` of its rows)
    the reader's ``pattern`` does not read: the scanner finds them, the reader's table judges them
    (each text once, by set operations: most repeat)."""
    rows = np.flatnonzero(start >= 0)
    said = _strings(text, data, start[rows], stop[rows])
    known = _WORDS_READ.setdefault(pattern, set())
    new = set(said).difference(known)
    unread = {words for words in new if pattern.fullmatch(words) is None}
    if len(known) < 100_000:
        known.update(new.difference(unread))
    if unread:
        hands = np.searchsorted(row_start, rows, side="right") - 1
        b.in_lane[[h for h, words in zip(hands.tolist(), said) if words in unread]] = False


def read_text(text: str, source_file: str) -> tuple[list[Chunk], HandBatch, np.ndarray]:
    """A decoded file: its chunks (as :func:`parsers.source.split`), the batch of its PokerStars chunks
    (as :func:`read_batch`), and their indices in the chunks. Cheaper than the two calls: the
    scanner reads the file's own bytes when every PokerStars chunk is its file lines as they are.

    Cost (generated bench files of 500 hands, one core): ~15 µs per hand, of which the split
    ~8; plus a fixed ~0.1 ms per file (NumPy columns, the compiled calls), so a file of one hand
    reads in about the time the full path parses it."""
    chunks, normalized, data, starts = split_file(text)
    index = [i for i, c in enumerate(chunks) if c.format == "pokerstars"]
    hands = [chunks[i] for i in index]
    batch = read_batch(hands, source_file) if normalized is None else _read(hands, source_file, normalized, data, starts)
    return chunks, batch, np.array(index, dtype=np.int64)
