"""Six-card poker facts: one row per box per hand, one row per option of each decision, and
the house edge of perfect play.

``sixcard_boxes`` is what ``player_stats_sixcard`` reads. EV columns are expectations (money
units, rounded to 1/10,000), not amounts that changed hands: ``ev_best`` and ``ev_taken`` are
the values, at the first decision, of its best option and of the one the player took (best play
after it); ``ev_lost`` the EV given away over all the box's decisions (first decision, after a
buy, after an exchange, the dealer's game), each measured with what was known at it, so
``ev_best − ev_taken`` is at most ``ev_lost`` (see rules/sixcard_ev.py ``BoxDecisions``).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

import pyarrow as pa

from pipeline.facts import MONEY, Derived, Handler, NoResult, define
from rules.cards import format_cards, parse_cards

if TYPE_CHECKING:
    from rules.sixcard import SixcardReplay, SixcardSession
    from rules.sixcard_ev import BoxDecisions

# The exact EV (rules.sixcard_ev, compiled kernels) is imported by the replay that uses it: a run
# without six-card goes without it.

EV = pa.decimal128(18, 4)
"""Expected values: exact decimals rounded to 1/10,000 of the money unit."""

SIXCARD_BOXES = define(
    "sixcard_boxes",
    ("game_id", pa.string()),
    ("player", pa.string()),
    ("hand_no", pa.int32()),
    ("box", pa.int16()),
    ("count_boxes", pa.int16()),       # boxes the player played in this hand
    ("ante", MONEY),
    ("bet", MONEY),                    # 0 when the box folded
    ("bought_card", pa.string()),
    ("exchanged_out", pa.string()),
    ("exchanged_in", pa.string()),
    ("folded", pa.bool_()),
    ("bought_dealer_game", pa.bool_()),
    ("cards", pa.string()),            # the box's final cards
    ("best_five", pa.string()),
    ("category", pa.string()),         # HandCategory label: "pair", "full house" …
    ("dealer_cards", pa.string()),     # the dealer hand this box met (after its dealer-game buy)
    ("dealer_category", pa.string()),
    ("dealer_qualifies", pa.bool_()),
    ("outcome", pa.string()),          # fold, no_game, no_game_after_buy, win, lose, tie
    ("costs", MONEY),                  # buying, exchanging, the dealer's game
    ("net", MONEY),                    # the true net, costs included
    ("net_written", MONEY),            # the casino's Result: claim (null when absent)
    ("wagered", MONEY),                # ante + bet + costs
    ("returned", MONEY),               # what came back on ante and bet
    ("ev_taken", EV),
    ("ev_best", EV),
    ("best_option", pa.string()),
    ("option_taken", pa.string()),
    ("ev_lost", EV),
    ("line", pa.int32()),
    # added: how many final cards the box holds (5, or 6 after a buy), so that no model counts them in
    # the text of `cards`. Parts written before it get it from that text (with_count_cards)
    ("count_cards", pa.int16()),
    derived=Derived(("count_cards",), lambda rows: with_count_cards(rows)),
)

SIXCARD_DECISIONS = define(
    "sixcard_decisions",
    ("game_id", pa.string()),
    ("hand_no", pa.int32()),
    ("box", pa.int16()),
    ("decision_no", pa.int16()),       # 1 = first decision on the box
    ("stage", pa.string()),            # draw, after_buy, after_exchange, dealer_game
    ("option", pa.string()),           # fold, play, buy, exchange Xx, take ante, buy dealer game
    ("ev", EV),
    ("is_taken", pa.bool_()),
    ("is_best", pa.bool_()),
)
# The house edge of perfect play, one row per ruleset, written by `rasklad house-edge` (pipeline/house_edge.py):
# a computed figure with the rules it holds for, so that no model carries a constant.
SIXCARD_HOUSE_EDGE = define(
    "sixcard_house_edge",
    ("ruleset", pa.string()),          # the settings that differ from the default table, or "default"
    ("house_edge", pa.float64()),      # expected loss per ante (0.03 = 3 % of the ante), exact over every deal
    ("count_deals", pa.int64()),       # deals averaged: every box of five and up card, 122,151,120
    ("count_canonical_deals", pa.int64()),  # of which valued: one per class under the suits' symmetry
    ("method", pa.string()),
    ("cpu_seconds", pa.float64()),     # CPU time of every chunk, over all runs that made the figure
    ("wall_seconds", pa.float64()),    # elapsed time of the run that finished it
    ("computed_at", pa.timestamp("us")),
    ("rules_version", pa.string()),
)
TABLES = (SIXCARD_BOXES, SIXCARD_DECISIONS, SIXCARD_HOUSE_EDGE)

_Q = Decimal("0.0001")


def _ev(value: float | None) -> Decimal | None:
    return None if value is None else Decimal(repr(float(value))).quantize(_Q)


def replay_session(session: SixcardSession) -> SixcardReplay:
    """The rules replay plus, per box, the decision analysis (rules/sixcard_ev.py)."""
    from rules.sixcard import replay
    from rules.sixcard_ev import analyse_hand

    result = replay(session)
    if not result.boxes:
        # no hand played out: the session has no result, and counted it would be a session of no hands
        told = ("has no hands" if session.unfinished_hand is None and not session.hands else
                "stops inside its first hand" if not session.hands else "has no box played out")
        raise NoResult(f"the session {told}: no hand was played out, so the session has no result; "
                       "it is stored once its file holds a whole hand", line=session.source.last_line)
    analyses = [a for hand in session.hands for a in analyse_hand(hand, session.rules) if a is not None]
    return replace(result, decisions=tuple(analyses))


def add_rows(rows, session: SixcardSession, result: SixcardReplay) -> None:
    game_id = session.source.game_id
    analyses: dict[tuple[int, int], BoxDecisions] = {(a.hand_no, a.box): a for a in result.decisions}
    count_boxes = {hand.number: len(hand.boxes) for hand in session.hands}
    for fact in result.boxes:
        box = fact.box
        analysis = analyses.get((fact.hand_no, box.number)) if fact.valid else None
        rows.add(
            "sixcard_boxes", "sixcard", game_id=game_id, player=session.player, hand_no=fact.hand_no,
            box=box.number, count_boxes=count_boxes[fact.hand_no], ante=box.ante,
            bet=Decimal(0) if box.folds else (box.bet or Decimal(0)),
            bought_card=str(box.bought) if box.bought else None,
            exchanged_out=str(box.exchanged_out) if box.exchanged_out else None,
            exchanged_in=str(box.exchanged_in) if box.exchanged_in else None,
            folded=box.folds, bought_dealer_game=fact.dealer_buy is not None,
            cards=format_cards(fact.final_cards), best_five=format_cards(fact.best_five) or None,
            category=fact.category.label if fact.category is not None else None,
            dealer_cards=format_cards(fact.dealer_cards),
            dealer_category=fact.dealer_category.label if fact.dealer_category is not None else None,
            dealer_qualifies=fact.dealer_qualifies, outcome=fact.outcome.value if fact.outcome else None,
            costs=fact.costs, net=fact.net, net_written=fact.net_written, wagered=fact.wagered,
            returned=fact.returned,
            ev_taken=_ev(analysis.ev_taken) if analysis else None,
            ev_best=_ev(analysis.ev_best) if analysis else None,
            best_option=analysis.best_option if analysis else None,
            option_taken=box.first_option,  # what the log shows, analysed or not
            ev_lost=_ev(analysis.ev_lost) if analysis else None,
            line=box.line, count_cards=len(fact.final_cards),
        )
        if analysis is None:
            continue
        for no, decision in enumerate(analysis.decisions, 1):
            best = decision.best
            for option, value in decision.options:
                rows.add("sixcard_decisions", "sixcard", game_id=game_id, hand_no=fact.hand_no, box=box.number,
                         decision_no=no, stage=decision.stage, option=option, ev=_ev(value),
                         is_taken=option == decision.taken, is_best=option == best)


def with_count_cards(boxes: pa.Table) -> pa.Table:
    """``sixcard_boxes`` rows with ``count_cards`` where they lack it (rows written before the column
    existed, by an older Rasklad, or by hand): the cards of ``cards``, read as the cards are read
    everywhere (``rules.cards``). A row that holds the count keeps it.

    >>> rows = pa.table({"cards": ["As Kd 9c 5s 2h", "Ah Ad 7c 5s 2d 9h"],
    ...                  "count_cards": pa.array([None, 6], pa.int16())})
    >>> with_count_cards(rows).column("count_cards").to_pylist()
    [5, 6]
    >>> with_count_cards(pa.table({"cards": ["Ah Ad 7c 5s 2d 9h"]})).column("count_cards").to_pylist()
    [6]
    """
    import pyarrow.compute as pc

    at = boxes.schema.get_field_index("count_cards")
    if at >= 0 and not boxes.column(at).null_count:
        return boxes    # the engine's rows hold it: nothing to read
    texts = boxes.column("cards").to_pylist() if "cards" in boxes.column_names else [None] * boxes.num_rows
    counted = pa.array([len(parse_cards(text)) if text else None for text in texts], pa.int16())
    if at < 0:
        return boxes.append_column(pa.field("count_cards", pa.int16()), counted)
    return boxes.set_column(at, "count_cards", pc.coalesce(boxes.column(at), counted))


HANDLERS = {"rules.sixcard.SixcardSession": Handler(replay=replay_session, add_rows=add_rows,
                                                    name_in_log=lambda session: session.session_id)}
