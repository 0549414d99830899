"""The replayer: a replayed game as a list of steps, each drawn as the table looked after it.

Every game is cut into steps: a Hold'em hand action by action, a raspisnoy game trick by trick,
an open-face hand turn by turn, a six-card session box by box. Each :class:`Step` carries the
file line it stands for (so a finding's line opens the step it is about), a sentence saying what
happened, and the HTML that draws it: seats round an oval with names, stacks, cards, bets and
the button, the board and the pot in the middle; or each player's rows for Chinese poker.

Hold'em's chips come from the replay's facts, never from a second reading of the log's
amounts: each action's fact says the chips it put in or took back, so a stack is its starting
chips less a running sum, and the pot the running sum of every stack's chips in. Cards, names
and the board are the log's own words.

Nothing here imports Streamlit: the page code (``replay_views``) puts the HTML on the page, and
the tests read the states and the HTML directly. Every text from a log is escaped.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import Enum

from dashboards.money import amount_text, reads_whole
from pipeline.facts import money_unit
from rules.sixcard import box_subject

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_COLOURS = {"s": "#1b1b1b", "h": "#d0021b", "d": "#1a5fd0", "c": "#13874b"}
"""Four-colour deck: spades black, hearts red, diamonds blue, clubs green."""

_STREET_BOARD = {"preflop": 0, "flop": 3, "turn": 4, "river": 5, "showdown": 5}


def esc(value) -> str:
    """Any value as HTML text: a log's name can never become markup."""
    return html.escape("" if value is None else str(value))


def word(value) -> str:
    """An enum member (or anything) as a plain word: ``no limit``, ``full house``."""
    if value is None:
        return ""
    if isinstance(value, Enum):
        text = value.value if isinstance(value.value, str) else value.name.lower()
        return str(text).replace("_", " ")
    return str(value)


def card_text(value) -> str:
    """A card as people read it: ``A♥``, ``10♣``; anything else as it is written.

    >>> card_text("Th"), card_text("7s"), card_text(None)
    ('10♥', '7♠', '—')
    """
    if value is None:
        return "—"
    text = str(value)
    if len(text) == 2 and text[1] in SUIT_SYMBOLS:
        return ("10" if text[0] == "T" else text[0]) + SUIT_SYMBOLS[text[1]]
    return text


def card_html(value, *, small: bool = False) -> str:
    """One card face, coloured by its suit (four colours); a joker or an unknown card in grey.

    >>> '#1a5fd0' in card_html("Qd") and 'Q♦' in card_html("Qd")
    True
    """
    text = "" if value is None else str(value)
    colour = SUIT_COLOURS.get(text[1], "#555") if len(text) == 2 else "#555"
    size = "0.8rem" if small else "1rem"
    return (f'<span style="display:inline-block;min-width:1.9em;padding:1px 3px;margin:1px;border:1px solid #bbb;'
            f'border-radius:4px;background:#fff;color:{colour};font-weight:700;font-size:{size};'
            f'text-align:center;font-family:ui-sans-serif,system-ui,sans-serif;">{esc(card_text(value))}</span>')


def cards_html(values, *, small: bool = False, hidden: int = 0) -> str:
    faces = "".join(card_html(v, small=small) for v in values or ())
    backs = "".join('<span style="display:inline-block;min-width:1.9em;margin:1px;border:1px solid #bbb;'
                    'border-radius:4px;background:repeating-linear-gradient(45deg,#3b5998,#3b5998 3px,#5b79b8 3px,'
                    '#5b79b8 6px);">&nbsp;</span>' for _ in range(hidden))
    return faces + backs


# -- steps ------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: what happened, at which file line, and the table drawn after it.

    ``lines``: other lines the step answers for, which it may share with other steps (a six-card
    box: its hand's header, dealer and result lines, its dealer-game buy); ``subject``: the part of
    the game it draws, as a finding at a shared line names its own (:attr:`rules.findings.Finding.subject`,
    a box's :func:`rules.sixcard.box_subject`)."""

    label: str
    line: int | None
    html: str
    lines: frozenset[int] = frozenset()
    subject: str | None = None


def steps_of_finding(steps: list[Step], line: int | None, subject: str | None = None) -> list[int]:
    """The steps a finding at file ``line`` is about: the steps that answer for that line (of those
    sharing it, the one of the finding's ``subject``, else each), else the last step before it
    (a line after the actions, such as the summary, is the last step's; a totals line the step
    before it); the first step (the seats, the deal: the header's) for a line before every step's,
    or none.

    >>> s = [Step("deal", None, ""), Step("a", 5, "", frozenset({9}), "box 1"), Step("b", 7, "", frozenset({9}), "box 2")]
    >>> steps_of_finding(s, 6), steps_of_finding(s, 9), steps_of_finding(s, 9, "box 2"), steps_of_finding(s, 1)
    ([1], [1, 2], [2], [0])
    """
    if line is None:
        return [0] if steps else []
    holding = [i for i, step in enumerate(steps) if step.line == line or line in step.lines]
    if holding:
        named = [i for i in holding if subject is not None and steps[i].subject == subject]
        return named or holding
    before = [i for i, step in enumerate(steps) if step.line is not None and step.line <= line]
    return before[-1:] or ([0] if steps else [])


def step_at_line(steps: list[Step], line: int | None) -> int:
    """The step a replay opens at for a finding at file ``line``: the first step it is about
    (:func:`steps_of_finding`); 0 without a line.

    >>> s = [Step("deal", None, ""), Step("a", 5, ""), Step("b", 7, ""), Step("c", 9, "")]
    >>> step_at_line(s, 7), step_at_line(s, 8), step_at_line(s, 30), step_at_line(s, 2), step_at_line(s, None)
    (2, 2, 3, 0, 0)
    """
    return (steps_of_finding(steps, line) or [0])[0]


# -- the table: seats round an oval ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as drawn: texts are raw (escaped when drawn), ``detail`` and ``cards_markup`` are ours."""

    name: str
    stack: str = ""
    cards_markup: str = ""
    bet: str = ""
    note: str = ""
    is_button: bool = False
    is_acting: bool = False
    is_out: bool = False
    is_winner: bool = False


def table_html(seats: list[SeatView], centre: str, caption: str = "") -> str:
    """Seats evenly round an oval (the first at the bottom, then clockwise), ``centre`` (our markup) in the middle."""
    count = max(len(seats), 1)
    width, height = 760, 380
    parts = [
        (f'<div style="position:relative;width:100%;max-width:{width}px;height:{height}px;margin:4px auto;'
         'font-family:ui-sans-serif,system-ui,sans-serif;">'),
        ('<div style="position:absolute;left:12%;top:16%;width:76%;height:62%;border-radius:50%;'
         'background:radial-gradient(ellipse at center,#2e8b57 0%,#1f6b43 70%,#174f32 100%);'
         'border:10px solid #6b4423;box-shadow:inset 0 0 18px #0008;"></div>'),
        ('<div style="position:absolute;left:25%;top:33%;width:50%;height:30%;display:flex;flex-direction:column;'
         f'align-items:center;justify-content:center;color:#fff;text-align:center;gap:4px;">{centre}</div>'),
    ]
    for index, seat in enumerate(seats):
        angle = math.pi / 2 + 2 * math.pi * index / count  # bottom first, then clockwise on screen
        x = 50 + 41 * math.cos(angle)
        y = 47 + 40 * math.sin(angle)
        border = "#f5b400" if seat.is_acting else ("#2e7d32" if seat.is_winner else "#999")
        fade = "opacity:0.45;" if seat.is_out else ""
        button = ('<span title="button" style="display:inline-block;width:1.3em;height:1.3em;line-height:1.3em;'
                  'border-radius:50%;background:#fff;color:#000;border:1px solid #333;font-size:0.7rem;'
                  'font-weight:700;margin-left:4px;">D</span>') if seat.is_button else ""
        parts.append(
            f'<div class="rk-seat" style="position:absolute;left:{x:.1f}%;top:{y:.1f}%;transform:translate(-50%,-50%);'
            f'min-width:108px;max-width:150px;padding:4px 6px;border:2px solid {border};border-radius:8px;'
            f'background:#fafafa;text-align:center;font-size:0.8rem;line-height:1.25;{fade}">'
            f'<div style="font-weight:700;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;">'
            f'{esc(seat.name)}{button}</div>'
            f'<div>{seat.cards_markup or "&nbsp;"}</div>'
            f'<div style="color:#333;">{esc(seat.stack)}</div>'
            + (f'<div style="color:#555;font-size:0.72rem;">{esc(seat.note)}</div>' if seat.note else "")
            + "</div>"
        )
        if seat.bet:
            bx = 50 + 25 * math.cos(angle)
            by = 47 + 22 * math.sin(angle)
            parts.append(
                f'<div class="rk-bet" style="position:absolute;left:{bx:.1f}%;top:{by:.1f}%;transform:translate(-50%,-50%);'
                'padding:1px 7px;border-radius:10px;background:#ffe082;color:#000;font-size:0.78rem;'
                f'font-weight:700;">{esc(seat.bet)}</div>'
            )
    parts.append("</div>")
    if caption:
        parts.append(f'<div style="text-align:center;font-size:0.9rem;margin-top:2px;">{caption}</div>')
    return "".join(parts)


# -- Hold'em -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HoldemSeat:
    player: str
    seat: int
    stack: Decimal | None
    """None when the log does not state it (``HoldemHand.stack_not_stated``): it stays unknown."""
    bet: Decimal = Decimal(0)
    """Chips in front of him on this street (posts included, antes not)."""
    collected: Decimal = Decimal(0)
    folded: bool = False


@dataclass(frozen=True, slots=True)
class HoldemState:
    """The table after one action (or before any, at step 0)."""

    street: str
    seats: tuple[HoldemSeat, ...]
    pot: Decimal
    """Every chip put in so far, less what went back uncalled: after the last step, the hand's pot."""
    board: tuple = ()
    actor: str | None = None
    label: str = ""
    line: int | None = None


_TAKE_BACK = {"uncalled", "collect"}
_POSTS = {"post_sb": "the small blind", "post_bb": "the big blind", "post_ante": "an ante",
          "post_dead": "a dead blind", "post_straddle": "a straddle", "post_button": "the button blind"}
_NO_AMOUNT = {"fold", "check", "show", "muck"}


def _action_label(action, amount: Decimal, whole: bool) -> str:
    kind = word(action.kind).replace(" ", "_")
    who = action.player

    def money(value) -> str:
        return amount_text(value, whole)

    if kind == "raise":
        text = f"{who} raises to {money(action.raise_to if action.raise_to is not None else amount)}"
    elif kind == "uncalled":
        text = f"{money(amount)} uncalled, back to {who}"
    elif kind == "collect":
        text = f"{who} collects {money(amount)}"
    elif kind.startswith("post_"):
        text = f"{who} posts {_POSTS.get(kind, kind.removeprefix('post_').replace('_', ' '))} {money(amount)}"
    elif kind in _NO_AMOUNT:
        text = f"{who} {kind}s" if kind != "show" else f"{who} shows {' '.join(card_text(c) for c in action.cards)}"
        if kind == "muck":
            text = f"{who} mucks"
    else:
        text = f"{who} {kind}s {money(amount)}"
    return text + (", all-in" if action.is_all_in else "")


def reads_whole_chips(record, replay) -> bool:
    """Whether a hand's amounts read whole (whole chips or play money, never a currency: dashboards.money's
    rule, the step table's), judged by every amount it starts from: the stacks, the actions' chips, the rake."""
    summary = record.summary
    return reads_whole([*(s.stack for s in record.seats), *(f.amount for f in replay.actions),
                        *(f.action.raise_to for f in replay.actions), summary.rake if summary is not None else None],
                       {money_unit(record.currency)})


def holdem_states(record, replay) -> list[HoldemState]:
    """The table before the first action and after each one, from the replay's per-action facts.

    A post, bet, call or raise moves its fact's ``amount`` from the stack into the pot (a bet
    in front of the player until the street ends; an ante straight into the pot); an uncalled
    bet moves back; a collect moves chips from the pot to the stack, and the pot keeps its size,
    so that the last step shows the hand's pot, rake included.
    """
    order = [s.player for s in record.seats]
    whole = reads_whole_chips(record, replay)
    unknown = set(record.stack_not_stated)
    seats = {s.player: HoldemSeat(player=s.player, seat=s.seat, stack=None if s.player in unknown else s.stack)
             for s in record.seats}
    pot = Decimal(0)
    street = "preflop"
    board_cards = record.boards[0] if record.boards else ()
    states = [HoldemState(street=street, seats=tuple(seats.values()), pot=pot, label="Seats and stacks",
                          line=None)]
    for fact in replay.actions:
        action = fact.action
        kind = word(action.kind).replace(" ", "_")
        fact_street = word(action.street)
        if fact_street != street and fact_street in _STREET_BOARD and kind not in _TAKE_BACK:
            street = fact_street
            seats = {name: replace(s, bet=Decimal(0)) for name, s in seats.items()}
        amount = fact.amount
        player = action.player
        if player not in seats:  # a name without a seat line (a collect by a player who left)
            seats[player] = HoldemSeat(player=player, seat=0, stack=None if player in unknown else Decimal(0))
            order.append(player)
        seat = seats[player]
        if kind == "uncalled":
            seat = replace(seat, stack=_plus(seat.stack, amount), bet=max(seat.bet - amount, Decimal(0)))
            pot -= amount
        elif kind == "collect":
            seat = replace(seat, stack=_plus(seat.stack, amount), collected=seat.collected + amount)
        elif kind == "fold":
            seat = replace(seat, folded=True)
        elif amount:
            in_front = seat.bet if kind == "post_ante" else seat.bet + amount
            seat = replace(seat, stack=_plus(seat.stack, -amount), bet=in_front)
            pot += amount
        seats[player] = seat
        if kind == "collect":
            street = "showdown" if street == "river" or len(board_cards) == 5 else street
            seats = {name: replace(s, bet=Decimal(0)) for name, s in seats.items()}
        states.append(HoldemState(
            street=street, seats=tuple(seats[name] for name in order), pot=pot,
            board=tuple(board_cards[:_STREET_BOARD.get(street, 0)]), actor=player,
            label=_action_label(action, amount, whole), line=action.line,
        ))
    return states


def _plus(stack: Decimal | None, amount: Decimal) -> Decimal | None:
    return None if stack is None else stack + amount


def step_count(index: int, steps: int) -> str:
    """Step ``index`` (0-based) of ``steps``, as a reader counts them: from 1, the last the count.

    >>> step_count(0, 6), step_count(5, 6)
    ('step 1 of 6', 'step 6 of 6')
    """
    return f"step {index + 1} of {steps}"


def holdem_steps(record, replay) -> list[Step]:
    holes = {h.player: h.cards for h in record.hole_cards}
    whole = reads_whole_chips(record, replay)

    def money(value) -> str:
        return amount_text(value, whole)

    states = holdem_states(record, replay)
    last = len(states) - 1
    summary = record.summary
    steps = []
    for index, state in enumerate(states):
        seat_views = [SeatView(
            name=s.player, stack=money(s.stack), cards_markup=cards_html(holes.get(s.player, ()), small=True,
                                                                         hidden=0 if s.player in holes else 2),
            bet=money(s.bet) if s.bet else "", note=f"collects {money(s.collected)}" if s.collected else
            ("folded" if s.folded else ""),
            is_button=s.seat == record.button_seat, is_acting=s.player == state.actor and index != 0,
            is_out=s.folded, is_winner=s.collected > 0,
        ) for s in state.seats]
        centre = (f'<div>{cards_html(state.board)}</div>' if state.board else "") + \
            f'<div style="font-weight:700;font-size:1.05rem;">Pot {esc(money(state.pot))}</div>'
        if index == last and summary is not None and summary.rake:
            centre += f'<div style="font-size:0.8rem;">rake {esc(money(summary.rake))}</div>'
        if index == last and len(record.boards) > 1:
            centre += "".join(f'<div>{cards_html(b, small=True)}</div>' for b in record.boards[1:])
        caption = (f'<b>{esc(state.street)}</b> · {step_count(index, len(states))}: {esc(state.label)}')
        steps.append(Step(label=state.label, line=state.line, html=table_html(seat_views, centre, caption)))
    return steps


# -- raspisnoy: the table trick by trick -------------------------------------------------------------

def cards_count(count: int) -> str:
    """A round's cards in words: ``1 card``, ``3 cards``.

    >>> cards_count(1), cards_count(3)
    ('1 card', '3 cards')
    """
    return f"{count} card{'' if count == 1 else 's'}"


@dataclass(slots=True)
class _RoundTable:
    """One raspisnoy round as it is played out: the deal, the bids, and the tricks taken so far."""

    this: object
    players: list[str]
    results: dict
    taken: dict[str, int]
    played: dict[str, list]

    @property
    def trump(self) -> str:
        return "no trump" if self.this.trump is None else f"trump {card_text(self.this.trump)}"

    def draw(self, trick_cards: dict, winner: str | None, label: str, line: int | None, final: bool) -> Step:
        this = self.this
        hands = dict(this.hands or ())
        bids = dict(this.bids or ())
        seats = []
        for p in self.players:
            left = [c for c in hands.get(p, ()) if c not in self.played.get(p, [])]
            result = self.results.get((this.number, p))
            note = f"bid {bids[p]}" if p in bids else ""
            note += f" · took {self.taken.get(p, 0)}" if this.tricks else ""
            if final and result is not None:
                note += f" · {result.points} pts"
            seats.append(SeatView(name=p, stack="dealer" if p == this.dealer else "",
                                  cards_markup=cards_html(left, small=True), bet="", note=note,
                                  is_acting=p == winner, is_winner=p == winner))
        centre = (f'<div style="font-size:0.85rem;">Round {esc(this.number)} · {esc(cards_count(this.cards))} · '
                  f'{esc(word(this.kind))} · {esc(self.trump)}</div>')
        if trick_cards:
            centre += "<div>" + "".join(
                f'<span style="display:inline-block;margin:0 3px;text-align:center;font-size:0.7rem;">'
                f'{card_html(c)}<br>{esc(p)}</span>' for p, c in trick_cards.items()) + "</div>"
        caption = f"<b>Round {esc(this.number)}</b>: {esc(label)}"
        return Step(label=label, line=line, html=table_html(seats, centre, caption))


def raspisnoy_steps(record, replay) -> list[Step]:
    """Per round: the deal and the bids, then each trick with its cards on the table and its winner."""
    steps: list[Step] = []
    winners = {(p.round_no, p.trick_no): p.winner for p in getattr(replay, "plays", ())}
    results = {(r.round_no, r.player): r for r in getattr(replay, "rounds", ())}
    for this in record.rounds:
        table = _RoundTable(this=this, players=list(record.players), results=results, taken={}, played={})
        bids = dict(this.bids or ())
        bid_text = ", ".join(f"{p} {b}" for p, b in bids.items())
        steps.append(table.draw({}, None, f"deal by {this.dealer}, {table.trump}"
                                + (f"; bids {bid_text}" if bids else ""), this.line, not this.tricks))
        for trick in this.tricks:
            on_table = {}
            for play in trick.plays:
                on_table[play.player] = play.card
                table.played.setdefault(play.player, []).append(play.card)
            winner = winners.get((this.number, trick.number), trick.winner)
            if winner is not None:
                table.taken[winner] = table.taken.get(winner, 0) + 1
            label = f"trick {trick.number}: " + ", ".join(f"{p.player} {card_text(p.card)}" for p in trick.plays)
            label += f"; {winner} takes it" if winner else ""
            if trick.winner is not None and winner is not None and trick.winner != winner:
                label += f" (the log says {trick.winner})"
            steps.append(table.draw(on_table, winner, label, trick.line, trick is this.tricks[-1]))
    return steps


def raspisnoy_sheet_steps(record, replay) -> list[Step]:
    """A score sheet has no cards: one step per round, with each player's bid, tricks and total."""
    steps = []
    by_round: dict[int, list] = {}
    for row in replay.rounds:
        by_round.setdefault(row.round_no, []).append(row)
    lines = {row.number: row.line for row in record.rows}    # each round's row of the sheet
    for number, rows in by_round.items():
        seats = [SeatView(name=r.player, stack=f"total {r.total}", note=f"bid {r.bid} · took {r.tricks} · {r.points} pts",
                          is_winner=r.tricks == r.bid) for r in rows]
        label = f"round {number}: " + ", ".join(f"{r.player} {r.bid}/{r.tricks}" for r in rows)
        centre = f'<div>Round {esc(number)} · {esc(cards_count(rows[0].cards))} · {esc(word(rows[0].kind))}</div>'
        steps.append(Step(label=label, line=lines.get(number), html=table_html(seats, centre, esc(label))))
    return steps


# -- Chinese and open-face: each player's rows -------------------------------------------------------

ROWS = ("front", "middle", "back")


def board_html(players: list[str], rows: dict[tuple[str, str], list], notes: dict[tuple[str, str], str],
               totals: dict[str, str], caption: str = "") -> str:
    """Each player's three rows (front 3, middle 5, back 5 cards), with a note per row (its hand and royalty)."""
    boxes = []
    for player in players:
        lines = []
        for row in ROWS:
            size = 3 if row == "front" else 5
            placed = rows.get((player, row), [])
            lines.append(
                f'<div style="display:flex;align-items:center;gap:6px;margin:2px 0;">'
                f'<span style="width:3.6em;color:#555;font-size:0.75rem;">{row}</span>'
                f'<span style="min-width:{size * 2.3:.1f}em;">{cards_html(placed, small=True)}'
                + "".join('<span style="display:inline-block;min-width:1.9em;margin:1px;border:1px dashed #bbb;'
                          'border-radius:4px;">&nbsp;</span>' for _ in range(max(size - len(placed), 0)))
                + f'</span><span style="font-size:0.75rem;color:#333;">{esc(notes.get((player, row), ""))}</span></div>'
            )
        boxes.append(
            '<div style="border:1px solid #bbb;border-radius:8px;padding:6px 8px;background:#f4faf6;min-width:260px;">'
            f'<div style="font-weight:700;">{esc(player)} <span style="font-weight:400;color:#555;">'
            f'{esc(totals.get(player, ""))}</span></div>' + "".join(lines) + "</div>"
        )
    return ('<div style="display:flex;flex-wrap:wrap;gap:10px;font-family:ui-sans-serif,system-ui,sans-serif;">'
            + "".join(boxes) + "</div>"
            + (f'<div style="font-size:0.9rem;margin-top:4px;">{caption}</div>' if caption else ""))


def _final_board(record, replay) -> tuple[list[str], dict, dict, dict]:
    rows: dict[tuple[str, str], list] = {}
    notes: dict[tuple[str, str], str] = {}
    for r in replay.rows:
        key = (r.player, word(r.row))
        rows[key] = list(r.cards)
        notes[key] = word(r.category) + (f" · royalty {r.royalty}" if r.royalty else "") + (" · foul" if r.is_foul else "")
    totals = {h.player: f"{'+' if h.points > 0 else ''}{h.points} points" + (" · foul" if h.is_foul else "")
              + (f" · {word(h.natural)}" if h.natural else "") for h in getattr(replay, "hands", ())}
    players = list(record.players)
    for player, _ in rows:
        if player not in players:
            players.append(player)
    return players, rows, notes, totals


def chinese_steps(record, replay) -> list[Step]:
    players, rows, notes, totals = _final_board(record, replay)
    label = "the rows as set, each row's hand and royalty, and the points"
    # the whole hand, at no one line (the header is not it): every finding of the hand is its
    return [Step(label=label, line=None, html=board_html(players, rows, notes, totals, esc(label)))]


def ofc_steps(record, replay) -> list[Step]:
    """Turn by turn, each player's rows as they fill; the last step adds hands, royalties and points."""
    players = list(dict.fromkeys([*record.players, *(p.player for p in replay.placements)]))
    steps = []
    filled: dict[tuple[str, str], list] = {}
    turns = sorted({p.turn_no for p in replay.placements})
    for turn in turns:
        placed = [p for p in replay.placements if p.turn_no == turn]
        for p in placed:
            if not p.is_discard and p.row is not None:
                filled.setdefault((p.player, word(p.row)), []).append(p.card)
        label = f"turn {turn}: " + "; ".join(
            f"{p.player} {card_text(p.card)} → {'discard' if p.is_discard else word(p.row)}" for p in placed)
        line = min((p.line for p in placed if getattr(p, "line", None)), default=None)
        steps.append(Step(label=label, line=line, html=board_html(players, {k: list(v) for k, v in filled.items()},
                                                                  {}, {}, esc(label))))
    final_players, rows, notes, totals = _final_board(record, replay)
    label = "final rows, royalties and points"
    last_line = record.source.last_line if record.source is not None else None
    steps.append(Step(label=label, line=last_line, html=board_html(final_players, rows, notes, totals, esc(label))))
    return steps


# -- six-card: box by box -----------------------------------------------------------------------------

def box_money(value) -> str:
    """A six-card amount as its table writes it: money of a currency the log does not name, which
    reads to the cent, never whole (dashboards.money's rule for an unsaid unit).

    >>> box_money(Decimal(10)), box_money(Decimal("-7.5"))
    ('10.00', '-7.50')
    """
    return amount_text(value, whole=False)


def box_decisions(box) -> str:
    """A six-card box's draws and its fold or play, cards as people read them. A second buy or
    exchange, which the rules refuse (SIX-DRAW), is shown with the note that its card did not play.

    >>> from rules.sixcard import Box, ExtraDraw
    >>> from rules.cards import parse_cards
    >>> ks, kh = parse_cards("Ks Kh")
    >>> box_decisions(Box(number=1, ante=Decimal(5), cards=parse_cards("Kc Kd 7s 4h 2c"), bought=ks, bet=Decimal(10),
    ...                   line=8, extra_draws=(ExtraDraw(step="buy", into=kh),)))
    'buys K♠; buys K♥ (a buy too many: not played); plays 10.00'
    """
    decisions = []
    if box.bought is not None:
        decisions.append(f"buys {card_text(box.bought)}")
    if box.exchanged_out is not None:
        decisions.append(f"exchanges {card_text(box.exchanged_out)} for {card_text(box.exchanged_in)}")
    for extra in box.extra_draws:
        drawn = (f"buys {card_text(extra.into)}" if extra.step == "buy"
                 else f"exchanges {card_text(extra.out)} for {card_text(extra.into)}")
        decisions.append(f"{drawn} (a {extra.step} too many: not played)")
    decisions.append("folds" if box.folds else f"plays {box_money(box.bet)}")
    return "; ".join(decisions)


def sixcard_steps(record, replay) -> list[Step]:
    """Each box: the player's cards and decisions against the dealer's cards, and the outcome."""
    steps = []
    hands = {hand.number: hand for hand in record.hands}
    for f in replay.boxes:
        box = f.box
        hand = hands.get(f.hand_no)
        # the lines of its hand it shares with the other boxes, and its own dealer-game buy
        shared = () if hand is None else (hand.line, hand.dealer_line, hand.result_line,
                                          *(buy.line for buy in hand.dealer_buys if buy.box == box.number))
        decision = box_decisions(box)
        label = f"hand {f.hand_no}, box {box.number}: {decision}; {word(f.outcome)}, net {box_money(f.net)}"
        dealer_buy = (f" (buys {card_text(f.dealer_buy.into)} for {card_text(f.dealer_buy.out)})"
                      if f.dealer_buy else "")
        markup = (
            '<div style="display:flex;flex-wrap:wrap;gap:14px;font-family:ui-sans-serif,system-ui,sans-serif;'
            'background:#1f6b43;color:#fff;border-radius:14px;padding:12px 16px;">'
            f'<div><div style="font-weight:700;">Dealer{esc(dealer_buy)}</div>'
            f'<div>{cards_html(f.dealer_cards)}</div><div style="font-size:0.8rem;">{esc(word(f.dealer_category))}</div></div>'
            f'<div><div style="font-weight:700;">{esc(record.player)} · box {esc(box.number)} · '
            f'ante {esc(box_money(box.ante))}</div>'
            f'<div>{cards_html(box.cards)}</div><div style="font-size:0.8rem;">{esc(decision)} · best five '
            f'{esc(" ".join(card_text(c) for c in f.best_five))} ({esc(word(f.category))})</div></div>'
            f'<div><div style="font-weight:700;">{esc(word(f.outcome))}</div>'
            f'<div style="font-size:0.85rem;">wagered {esc(box_money(f.wagered))} · returned '
            f'{esc(box_money(f.returned))} · net {esc(box_money(f.net))}</div>'
            + (f'<div style="font-size:0.8rem;">the log says net {esc(box_money(f.net_written))}</div>'
               if f.net_written is not None and f.net_written != f.net else "")
            + "</div></div>"
            f'<div style="font-size:0.9rem;margin-top:4px;">{esc(label)}</div>'
        )
        steps.append(Step(label=label, line=box.line, html=markup,
                          lines=frozenset(n for n in shared if n is not None),
                          subject=box_subject(f.hand_no, box.number)))
    return steps


STEPPERS = {
    "holdem": holdem_steps,
    "holdem36": holdem_steps,
    "raspisnoy": raspisnoy_steps,
    "raspisnoy_sheet": raspisnoy_sheet_steps,
    "chinese": chinese_steps,
    "ofc": ofc_steps,
    "sixcard": sixcard_steps,
}
"""Each game's steps, by the record's ``info.game``."""


def steps_of(record, replay) -> list[Step]:
    """The replay of one game as steps; [] for a game without a replayer."""
    stepper = STEPPERS.get(record.info.game)
    return stepper(record, replay) if stepper is not None and replay is not None else []


__all__ = ["STEPPERS", "HoldemSeat", "HoldemState", "SeatView", "Step", "board_html", "card_html", "card_text",
           "holdem_states", "reads_whole_chips", "step_at_line", "steps_of", "steps_of_finding",
           "table_html"]
