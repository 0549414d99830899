"""Open-face Chinese poker: the placements, their legality, and the replay of a hand.

Rows, fouls, pairwise scoring and settlement are Chinese poker's (:mod:`rules.chinese`);
what OFC adds is how the 13 cards arrive: 5 set first, then one card a turn (classic) or
three dealt, two placed and one discarded (Pineapple), each placed card fixed where it
lies (OFC-PLACE); or all at once for a player in Fantasyland. Its royalties are the OFC
table (classic by default, modern as a ruleset option).

>>> seat_turns(("Anna", "Boris"), "Boris", draws=8)[:4]
[('Anna', 'sets'), ('Boris', 'sets'), ('Anna', 'draws'), ('Boris', 'draws')]
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from rules.cards import Card, Rank
from rules.chinese import (
    ROWS,
    ChineseBatch,
    ChineseReplay,
    ChineseRules,
    Claims,
    Row,
    RowResult,
    Scoring,
    Seated,
    SetHand,
    Status,
    check_cards,
    check_table,
    finish,
    rank_players,
    seat_order,
)
from rules.evaluator import HandCategory
from rules.findings import Finding, Findings
from rules.records import GameInfo, Source

RULES = {
    "OFC-ROWS": ("13 cards each in the end, no card twice (discards included), rows of 5, 5 and 3; no card "
                 "goes to a row that is full. A card twice is scored as under `CP-DEAL`: the hands as written. A "
                 "hand whose rows do not end at 5, 5 and 3 cards is stored as `invalid` and scored as a foul "
                 "(`CP-FOUL`): it pays a scoop and the royalties to each opponent who did not foul, and earns "
                 "none."),
    "OFC-PLACE": ("Each player gets 5 cards and sets them face up in any rows; then, in turn from the "
                  "dealer's left, each draws one card and places it. A placed card never moves."),
    "OFC-ROYALTY": ("Royalties by the OFC table, settled pairwise as differences: the classic table by "
                    "default (back: straight 2, flush 4, full house 6, four of a kind 8, straight flush "
                    "10, royal flush 20; middle: double, from the straight; front: 66 = 1 … AA = 9, 222 = "
                    "10 … AAA = 22), or the modern one. A fouled hand pays a scoop to each opponent who "
                    "did not foul, and earns none. Cited when a `Royalties:` entry differs."),
    "OFC-PINEAPPLE": ("Pineapple: after the 5 set cards, each turn deals 3 cards; the player places 2 and "
                      "discards 1."),
    "OFC-FANTASYLAND": ("Fantasyland: a pair of queens or better in front on a hand that does not foul "
                        "enters Fantasyland; there a player gets 13 or 14 cards at once, sets 13 in one go "
                        "and discards the rest. The player stays with three of a kind in front, a full house or "
                        "better in the middle, or four of a kind or better in back. A player dealt Fantasyland "
                        "earned it in the table's previous hand: the hand before it in its log, when that is a "
                        "Fantasyland hand of the same players; a hand first in its log, or after a hand of other "
                        "players, is not judged so. A player who earned Fantasyland and plays the next hand as the "
                        "others do breaks no rule."),
}


class Variant(enum.StrEnum):
    """How the cards of an OFC hand arrive; the value is the ``Variant:`` wire code."""

    CLASSIC = "classic"
    """5 cards set, then one card a turn."""
    PINEAPPLE = "pineapple"
    """5 cards set, then 3 cards a turn: 2 placed, 1 discarded."""
    FANTASYLAND = "fantasyland"
    """Classic or Pineapple turns, with players in Fantasyland setting 13 or 14 cards at once."""


class StepKind(enum.StrEnum):
    """A line of an OFC log: the verb after the player's name."""

    SET = "sets"
    """The first 5 cards, set into the rows."""
    DRAW = "draws"
    """One card (classic) or three (Pineapple) drawn and placed."""
    FANTASYLAND = "fantasyland"
    """A player in Fantasyland sets all his cards at once."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Placement:
    """Where one card went: a row, or the discards (``row`` None)."""

    card: Card
    row: Row | None


@dataclass(frozen=True, kw_only=True, slots=True)
class OfcStep:
    """One line of an OFC log: the cards a player received and where each went."""

    player: str
    kind: StepKind
    dealt: tuple[Card, ...]
    placements: tuple[Placement, ...]
    line: int


@dataclass(frozen=True, kw_only=True)
class OfcHand:
    """An OFC hand as its log states it."""

    source: Source
    info: GameInfo
    hand_id: str
    variant: Variant
    scoring: Scoring
    players: tuple[str, ...]
    players_line: int
    dealer: str | None = None
    dealer_line: int | None = None
    rules: ChineseRules = field(default_factory=lambda: ChineseRules.default("ofc"))
    steps: tuple[OfcStep, ...] = ()
    royalties: Claims | None = None
    points: Claims | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PlacementResult:
    """One card of an OFC hand: an ``ofc_placements`` row."""

    player: str
    turn_no: int
    card: Card
    row: Row | None
    is_discard: bool
    is_fantasyland: bool
    line: int


@dataclass(frozen=True, kw_only=True)
class OfcReplay(ChineseReplay):
    """The replay of an OFC hand: the Chinese results plus every placement."""

    placements: tuple[PlacementResult, ...] = ()


def seat_turns(players: tuple[str, ...], dealer: str | None, *, draws: int, fantasyland: frozenset[str] = frozenset()
               ) -> list[tuple[str, str]]:
    """The turns of the players who are not in Fantasyland: sets, then ``draws`` rounds of draws."""
    order = [p for p in seat_order(players, dealer) if p not in fantasyland]
    sets, draw = StepKind.SET.value, StepKind.DRAW.value     # an enum's .value per turn was a tenth of the call
    return [(p, sets) for p in order] + [(p, draw) for _ in range(draws) for p in order]


def qualifies_entry(hand: SetHand) -> bool:
    """OFC-FANTASYLAND entry: QQ or better in front on an unfouled hand."""
    front = hand.rows[2]
    queens = 1 << 20 | (Rank.QUEEN + 1) << 16  # the weakest pair of queens' strength, kickers aside
    return not hand.is_foul and (front.category is HandCategory.THREE_OF_A_KIND or front.strength >= queens)


_STAY_MIDDLE = {HandCategory.FULL_HOUSE, HandCategory.FOUR_OF_A_KIND, HandCategory.STRAIGHT_FLUSH,
                HandCategory.ROYAL_FLUSH}
_STAY_BACK = {HandCategory.FOUR_OF_A_KIND, HandCategory.STRAIGHT_FLUSH, HandCategory.ROYAL_FLUSH}


def qualifies_stay(hand: SetHand) -> bool:
    """OFC-FANTASYLAND stay: trips in front, full house or better in the middle, or quads or better in back."""
    back, middle, front = hand.rows
    return not hand.is_foul and (front.category is HandCategory.THREE_OF_A_KIND
                                 or middle.category in _STAY_MIDDLE or back.category in _STAY_BACK)


def replay_ofc(hand: OfcHand) -> OfcReplay:
    """Check every placement of an OFC hand, then score it as Chinese poker with OFC royalties."""
    findings = Findings()
    check_table(findings, hand.players, hand.players_line, hand.dealer, hand.dealer_line)
    players = tuple(dict.fromkeys(hand.players))
    rows: dict[str, dict[Row, list[Card]]] = {p: {row: [] for row in ROWS} for p in players}
    turns: Counter = Counter()
    placements: list[PlacementResult] = []
    last_line: dict[str, int] = {p: hand.players_line for p in players}
    in_fantasyland = {s.player for s in hand.steps if s.kind is StepKind.FANTASYLAND}

    draws = [s for s in hand.steps if s.kind is StepKind.DRAW and s.player in rows]
    if hand.variant is Variant.PINEAPPLE:
        pineapple = True
    elif hand.variant is Variant.CLASSIC:
        pineapple = False
    else:   # a Fantasyland hand's other players draw classic or Pineapple: the first draw tells which
        pineapple = bool(draws) and len(draws[0].dealt) == 3
    inferred_from = draws[0] if draws and hand.variant is Variant.FANTASYLAND else None
    expected = seat_turns(players, hand.dealer, draws=4 if pineapple else 8, fantasyland=frozenset(in_fantasyland))
    order_reported = False
    mismatched: set[str] = set()    # players told once that they draw unlike the hand's first draw
    position = 0
    for step in hand.steps:
        if step.player not in rows:
            hand_findings_unknown(findings, step, players)
            continue
        last_line[step.player] = step.line
        if step.kind is StepKind.FANTASYLAND:
            _check_fantasyland(findings, hand, step)
        else:
            want = expected[position] if position < len(expected) else None
            position += 1
            held = sum(map(len, rows[step.player].values()))
            if want is None:
                # a turn past the last is a fault of its own only once the player holds 13 cards:
                # short of that, an earlier step dealt too few, and that step's finding explains it
                if held == 13 and not order_reported:
                    order_reported = True
                    placed = sum(p.row is not None for p in step.placements)
                    findings.add("OFC-PLACE", f"{step.player} {step.kind.value} after holding 13 cards, every row "
                                 "full: a hand ends at 13 cards", line=step.line, expected=13, actual=held + placed)
            elif want != (step.player, step.kind.value) and not order_reported:
                order_reported = True
                findings.add("OFC-PLACE", f"{step.player} {step.kind.value} out of turn: it is {want[0]}'s turn to "
                             f"{'set' if want[1] == 'sets' else 'draw'} (in turn from the dealer's left)",
                             line=step.line, expected=f"{want[0]} {want[1]}", actual=f"{step.player} {step.kind.value}")
            _check_step(findings, hand, step, pineapple, inferred_from, mismatched)
        is_fl = step.kind is StepKind.FANTASYLAND
        for placement in step.placements:
            if placement.row is not None:
                row = rows[step.player][placement.row]
                if len(row) >= placement.row.size:
                    findings.add("OFC-ROWS", f"{step.player} puts {placement.card} in a full {placement.row} row "
                                 f"({placement.row.size} cards)", line=step.line,
                                 expected=f"a row with room (the {placement.row} row holds {placement.row.size})",
                                 actual=f"{placement.card} {placement.row}")
                    continue
                row.append(placement.card)
            placements.append(PlacementResult(
                player=step.player, turn_no=turns[step.player], card=placement.card, row=placement.row,
                is_discard=placement.row is None, is_fantasyland=is_fl, line=step.line))
        turns[step.player] += 1
    _check_moves(findings, placements)
    check_cards(findings, [(p.card, p.line, p.player) for p in placements], "OFC-ROWS")

    seated: list[Seated] = []
    row_results: list[RowResult] = []
    fantasy: dict[str, tuple[bool, bool, bool]] = {}
    final_rows = []
    for player in players:
        player_rows = {row: tuple(cards) for row, cards in rows[player].items()}
        short = [row for row in ROWS if len(player_rows[row]) != row.size]
        for row in short:
            findings.add("OFC-ROWS", f"{player}'s {row} row ends with {len(player_rows[row])} cards: a {row} row "
                         f"is {row.size}", line=last_line[player], expected=row.size, actual=len(player_rows[row]))
        final_rows.append((player, player_rows))
    ranked = rank_players(final_rows)    # all players' rows at once
    for player in players:
        set_hand = ranked.get(player)
        if set_hand is None:
            seated.append(Seated(player=player, status=Status.INVALID))
            fantasy[player] = (player in in_fantasyland, False, False)
            continue
        royalties = set_hand.royalties(hand.rules)
        seated.append(Seated(player=player, status=Status.SET, hand=set_hand, royalties=royalties))
        for value, amount in zip(set_hand.rows, royalties):
            row_results.append(RowResult(player=player, row=value.row, cards=value.cards, strength=value.strength,
                                         category=value.category, royalty=amount, is_foul=set_hand.is_foul,
                                         line=last_line[player]))
        is_fl_variant = hand.variant is Variant.FANTASYLAND
        inside = player in in_fantasyland
        fantasy[player] = (inside, is_fl_variant and not inside and qualifies_entry(set_hand),
                           is_fl_variant and inside and qualifies_stay(set_hand))
    replay = finish(findings, seated, hand.scoring, hand.rules, hand.royalties, hand.points, row_results,
                     last_line, "OFC-ROYALTY", variant=hand.variant.value, fantasy=fantasy,
                     seats={p: hand.players.index(p) + 1 for p in players})
    return OfcReplay(**{name: getattr(replay, name) for name in
                        ("findings", "players", "rows", "scores", "hands", "variant", "scoring")},
                     placements=tuple(placements))


def _check_moves(findings: Findings, placements: list[PlacementResult]) -> None:
    """OFC-PLACE: a card a player placed before, placed again by him, is a card moved."""
    first: dict[tuple[str, Card], PlacementResult] = {}
    for p in placements:
        earlier = first.setdefault((p.player, p.card), p)
        if earlier is not p and earlier.line != p.line:
            findings.add("OFC-PLACE", f"{p.player} places {p.card} again (line {earlier.line}): a placed card never "
                         "moves", line=p.line, expected=str(earlier.row or "discards"), actual=str(p.row or "discards"))


def hand_findings_unknown(findings: Findings, step: OfcStep, players: tuple[str, ...]) -> None:
    findings.add("CP-PLAYERS", f"{step.player} {step.kind.value} but is not listed among the players",
                 line=step.line, expected=", ".join(players), actual=step.player)


def _check_placed_are_dealt(findings: Findings, step: OfcStep) -> None:
    if sorted([p.card.code for p in step.placements]) != sorted([card.code for card in step.dealt]):
        findings.add("OFC-PLACE", f"{step.player} places or discards other cards than the ones the player was dealt",
                     line=step.line, expected=" ".join(map(str, step.dealt)),
                     actual=" ".join(str(p.card) for p in step.placements))


def _check_step(findings: Findings, hand: OfcHand, step: OfcStep, pineapple: bool, inferred_from: OfcStep | None,
                mismatched: set[str]) -> None:
    """OFC-PLACE and OFC-PINEAPPLE for one set or draw; ``inferred_from`` is the first draw of a
    Fantasyland hand, whose size set the hand's draws, and ``mismatched`` the players already told
    that they draw otherwise (one finding a player, not one a turn)."""
    _check_placed_are_dealt(findings, step)
    discards = sum(p.row is None for p in step.placements)
    if step.kind is StepKind.SET:
        if len(step.dealt) != 5 or discards:
            findings.add("OFC-PLACE", f"{step.player} sets {len(step.dealt)} cards: the first set is 5 cards, "
                         "none discarded", line=step.line, expected=5, actual=len(step.dealt))
        return
    size = 3 if pineapple else 1
    if len(step.dealt) in (1, 3) and len(step.dealt) != size and inferred_from is not None:
        if step.player not in mismatched:
            mismatched.add(step.player)
            style = "Pineapple" if pineapple else "classic"
            first = inferred_from.player
            findings.add("OFC-PINEAPPLE", f"{first} drew {size} card{'s' if size > 1 else ''} a turn ({style}, line "
                         f"{inferred_from.line}), {step.player} draws {len(step.dealt)}: the players of a "
                         "hand all draw alike", line=step.line, expected=size, actual=len(step.dealt))
        return
    if len(step.dealt) == 3:
        if not pineapple:
            findings.add("OFC-PINEAPPLE", f"{step.player} draws 3 cards in a {hand.variant.value} hand: "
                         "one card a turn", line=step.line, expected=1, actual=3)
        elif discards != 1:
            findings.add("OFC-PINEAPPLE", f"{step.player} discards {discards} of 3 cards: Pineapple places 2 "
                         "and discards 1", line=step.line, expected=1, actual=discards)
    elif len(step.dealt) == 1:
        if pineapple:
            findings.add("OFC-PINEAPPLE", f"{step.player} draws 1 card in a Pineapple hand: 3 a turn",
                         line=step.line, expected=3, actual=1)
        elif discards:
            findings.add("OFC-PLACE", f"{step.player} discards their drawn card: classic OFC places every card",
                         line=step.line, expected=0, actual=discards)
    else:   # the rule that sets a turn's size is the variant's: Pineapple's 3, or one card a turn
        findings.add("OFC-PINEAPPLE" if pineapple else "OFC-PLACE", f"{step.player} draws {len(step.dealt)} "
                     f"cards at once: {'3' if pineapple else '1'} a turn", line=step.line,
                     expected=3 if pineapple else 1, actual=len(step.dealt))


def _check_fantasyland(findings: Findings, hand: OfcHand, step: OfcStep) -> None:
    if hand.variant is not Variant.FANTASYLAND:
        findings.add("OFC-FANTASYLAND", f"{step.player} plays Fantasyland in a {hand.variant.value} hand",
                     line=step.line, expected=Variant.FANTASYLAND.value, actual=hand.variant.value)
    _check_placed_are_dealt(findings, step)
    if len(step.dealt) not in (13, 14):
        findings.add("OFC-FANTASYLAND", f"{step.player} gets {len(step.dealt)} cards in Fantasyland: 13 or 14",
                     line=step.line, expected="13 or 14", actual=len(step.dealt))
    placed = sum(p.row is not None for p in step.placements)
    if placed != 13:
        findings.add("OFC-FANTASYLAND", f"{step.player} sets {placed} cards in Fantasyland: 13, the rest discarded",
                     line=step.line, expected=13, actual=placed)


def check_fantasyland_earned(hand: OfcHand, previous: OfcHand, before: OfcReplay) -> tuple[Finding, ...]:
    """OFC-FANTASYLAND across hands: a player dealt Fantasyland earned it in the table's previous
    hand, ``previous`` (the hand before ``hand`` in its log, replayed as ``before``), by entering
    (queens or better in front, no foul) or, in Fantasyland there, by staying. Judged only when that
    hand is a Fantasyland hand of the same players: a hand of other players, or none, tells nothing
    of how the players got here. Earning it and not taking it is no finding."""
    if previous.variant is not Variant.FANTASYLAND or set(previous.players) != set(hand.players):
        return ()
    earned = {h.player for h in before.hands if h.fantasyland_entry or h.fantasyland_stay}
    was_in = {h.player for h in before.hands if h.in_fantasyland}
    findings = Findings()
    for step in hand.steps:
        if step.kind is not StepKind.FANTASYLAND or step.player in earned:
            continue
        why = ("did not stay: no three of a kind in front, full house or better in the middle, nor four of a "
               "kind or better in back" if step.player in was_in else
               "did not enter: no pair of queens or better in front on a hand that does not foul")
        findings.add("OFC-FANTASYLAND", f"{step.player} plays Fantasyland, but {step.player}'s previous hand at "
                     f"this table (OFC hand {previous.hand_id}, line {previous.source.first_line}) {why}",
                     line=step.line, expected="draws as the other players do", actual="Fantasyland")
    return tuple(findings)


# ---------------------------------------------------------------- the batch replay


@dataclass(kw_only=True)
class OfcBatch:
    """OFC hands of one file whose placements break no rule, as a :class:`ChineseBatch` of their
    final rows (for :func:`rules.chinese.replay_batch`) and their placements in columns."""

    rows: ChineseBatch
    infos: list[GameInfo]
    names: list[str]
    """Per hand: its header's ID (``OFC hand <id>``)."""
    variants: list[str]
    kept: list[int]
    """Per hand of the batch: its index among the hands offered to :class:`OfcBatchBuilder`."""
    place_hand: np.ndarray
    """Per placement (as :func:`replay_ofc` lists them): its hand in the batch."""
    place_player: list[str]
    place_turn: np.ndarray
    place_code: np.ndarray
    place_row: np.ndarray
    """Per placement: its row's index in ``ROWS``, -1 for a discard."""
    place_line: np.ndarray


StepColumns = tuple[str, str, tuple[int, ...], tuple[tuple[int, int], ...], int]
"""One step of a hand as the batch reads it: the player, the verb (a ``StepKind`` value), the
dealt card codes, each placed card's code and row index (-1 discarded), and its line."""


def step_columns(step: OfcStep) -> StepColumns:
    return (step.player, step.kind.value, tuple(card.code for card in step.dealt),
            tuple((p.card.code, -1 if p.row is None else ROWS.index(p.row)) for p in step.placements), step.line)


_ROW_SIZES = tuple(row.size for row in ROWS)


def placement_columns(variant: Variant, players: tuple[str, ...], dealer: str | None, steps: list[StepColumns]
                      ) -> tuple[list[tuple[str, int, int, int, int]], dict[str, list[int]]] | None:
    """A classic or Pineapple hand's placements (player, turn, card code, row index or -1, line)
    and each player's final rows (card codes, back first, in the order placed), when every step
    is in turn (OFC-PLACE), deals and places as its variant does (OFC-PINEAPPLE), fills no row past
    its size and ends every row full (OFC-ROWS), with no card twice nor off the deck; None when
    :func:`replay_ofc` would report something, which then explains it."""
    if variant is Variant.FANTASYLAND:
        return None
    pineapple = variant is Variant.PINEAPPLE
    players = tuple(dict.fromkeys(players))
    expected = seat_turns(players, dealer, draws=4 if pineapple else 8)
    if len(expected) != len(steps):
        return None
    rows = {p: ([], [], []) for p in players}
    turns = dict.fromkeys(players, 0)
    seen: set[int] = set()
    placements = []
    draw_size, draw_discards = (3, 1) if pineapple else (1, 0)
    for (player, kind), (step_player, step_kind, dealt, placed, line) in zip(expected, steps):
        if step_player != player or step_kind != kind:
            return None
        size, discards = (5, 0) if step_kind == "sets" else (draw_size, draw_discards)
        if len(dealt) != size or len(placed) != size:
            return None
        if size == 1 and (placed[0][0] != dealt[0] or placed[0][1] < 0):    # a classic draw: the one card dealt, placed
            return None
        turn = turns[player]
        player_rows = rows[player]
        discarded = 0
        for code, row in placed:
            # each card placed once and dealt in this step: with as many placed as dealt, the
            # placed cards are the dealt ones (a sort of both per step cost more than the rest)
            if code in seen or code not in dealt or not 0 <= code < 52:
                return None
            seen.add(code)
            if row >= 0:
                if len(player_rows[row]) >= _ROW_SIZES[row]:
                    return None
                player_rows[row].append(code)
            else:
                discarded += 1
            placements.append((player, turn, code, row, line))
        if discarded != discards:
            return None
        turns[player] = turn + 1
    if any(len(row) != size for player_rows in rows.values() for row, size in zip(player_rows, _ROW_SIZES)):
        return None
    return placements, {p: [*b, *m, *f] for p, (b, m, f) in rows.items()}


class OfcBatchBuilder:
    """Collects the hands :func:`placement_columns` admits into an :class:`OfcBatch`; the one
    assembly for hands parsed one by one (:func:`ofc_batch`) and for a reader's columns."""

    def __init__(self) -> None:
        self.columns = {"scoring": [], "players": [], "dealer": [], "royalty_claims": [], "point_claims": []}
        self.seat_hand, self.seat_player, self.seat_line, self.codes = [], [], [], []
        self.infos, self.names, self.variants, self.kept = [], [], [], []
        self.place_hand, self.place_player, self.place_turn, self.place_code, self.place_row, self.place_line = (
            [] for _ in range(6))
        self.offered = 0

    def add(self, *, variant: Variant, scoring: Scoring, players: tuple[str, ...], dealer: str | None,
            players_line: int, steps: list[StepColumns], royalty_claims, point_claims, info: GameInfo,
            name: str) -> bool:
        """Take the hand (under the default OFC rules) if its placements break no rule."""
        index = self.offered
        self.offered += 1
        placed = placement_columns(variant, players, dealer, steps)
        if placed is None:
            return False
        order, final = placed
        h = len(self.kept)
        last_line = {placed[0]: placed[4] for placed in order}
        for player in players:
            self.seat_hand.append(h)
            self.seat_player.append(player)
            self.seat_line.append(last_line.get(player, players_line))
            self.codes.append(final.get(player, [-1] * 13))
        self.place_hand += [h] * len(order)
        for column, values in zip((self.place_player, self.place_turn, self.place_code, self.place_row,
                                   self.place_line), zip(*order)):
            column += values
        self.kept.append(index)
        self.infos.append(info)
        self.names.append(name)
        self.variants.append(variant.value)
        self.columns["scoring"].append(scoring)
        self.columns["players"].append(players)
        self.columns["dealer"].append(dealer)
        self.columns["royalty_claims"].append(royalty_claims)
        self.columns["point_claims"].append(point_claims)
        return True

    def batch(self) -> OfcBatch:
        n = len(self.seat_hand)
        rows = ChineseBatch(**self.columns, seat_hand=np.array(self.seat_hand, dtype=np.int64),
                            seat_player=self.seat_player, seat_surrenders=np.zeros(n, dtype=bool),
                            seat_natural=[None] * n, codes=np.array(self.codes, dtype=np.int64).reshape(-1, 13),
                            seat_line=np.array(self.seat_line, dtype=np.int64))
        return OfcBatch(rows=rows, infos=self.infos, names=self.names, variants=self.variants, kept=self.kept,
                        place_hand=np.array(self.place_hand, dtype=np.int64), place_player=self.place_player,
                        place_turn=np.array(self.place_turn, dtype=np.int64),
                        place_code=np.array(self.place_code, dtype=np.int64),
                        place_row=np.array(self.place_row, dtype=np.int64),
                        place_line=np.array(self.place_line, dtype=np.int64))


def ofc_batch(hands: list[OfcHand]) -> OfcBatch:
    """The hands of ``hands`` that :func:`placement_columns` admits, under the default OFC
    rules, for the batch replay; :func:`replay_ofc` explains the others."""
    rules = ChineseRules.default("ofc")
    builder = OfcBatchBuilder()
    for hand in hands:
        if hand.rules != rules:
            builder.offered += 1
            continue
        builder.add(variant=hand.variant, scoring=hand.scoring, players=hand.players, dealer=hand.dealer,
                    players_line=hand.players_line, steps=[step_columns(step) for step in hand.steps],
                    royalty_claims=hand.royalties.items if hand.royalties else None,
                    point_claims=hand.points.items if hand.points else None, info=hand.info, name=hand.hand_id)
    return builder.batch()
