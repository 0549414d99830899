"""Stored Hold'em hands written out as PHH (pokerkit's TOML standard) or OHH (Open Hand History JSON).

The hands come from the warehouse: ``games`` says where and when, ``holdem_results`` who sat
where with what and what each won, ``holdem_actions`` every action with its amount. The board
is not a warehouse column: it is read from the hand's own text, which the warehouse keeps
(``game_texts``). Any room's hand is written the same way. The hands are read :data:`BATCH_HANDS`
at a time, in the order played, so that the export of a whole history holds one batch's rows;
each table is read once, spread into a scratch file per batch.

PHH numbers the players from the seat left of the button (``p1``) to the button (``pN``); heads-up
it reverses the forced bets, so that ``p1`` is the big blind. ``finishing_stacks`` are the
starting stacks plus the stored nets, and ``winnings`` what each player collected, so that a
reader of the file (pokerkit, or Rasklad's own ingest) can check them. A stack the log does not
state (stored as null) is ``inf`` at the start and the finish, as PHH writes a stack not recorded;
OHH has no such value, and a hand with one is not written as OHH. A muck is PHH's ``pK sm``, one
card shown of two ``pK sm Ah??`` (OHH's ``["Ah", "??"]``), the log's order of the forced bets, where
it is not PHH's, ``_posting_order`` (:data:`parsers.phh.POSTING_ORDER`), and a winner's "doesn't
show hand" after the others fold ``_not_shown`` (:data:`parsers.phh.NOT_SHOWN`), his show of one
card of two there ``_shown_partly`` (:data:`parsers.phh.SHOWN_PARTLY`), so that Rasklad reads the
hand back as it was stored.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import duckdb

from parsers.phh import NOT_SHOWN, POSTING_ORDER, SHOWN_PARTLY, TOURNAMENT, forced_bets
from pipeline.audit import kept_record
from rules.holdem_explain import money
from rules.holdem_hand import ActionKind, CardsHow

__all__ = ["BATCH_HANDS", "FORMATS", "ExportSummary", "StoredHand", "chosen_games", "export", "ohh_document", "phh_text",
           "stored_hands"]

FORMATS = ("phh", "ohh")
OHH_SPEC_VERSION = "1.4.7"
"""The Open Hand History specification version the JSON follows."""

_BLINDS = ("post_sb", "post_bb", "post_straddle", "post_button", "post_dead")
_BETTING = ("fold", "check", "call", "bet", "raise")
_STREETS = ("preflop", "flop", "turn", "river")
_BOARD_SLICES = {"flop": (0, 3), "turn": (3, 4), "river": (4, 5)}
_SEAT_BLINDS = ({0: "post_sb", 1: "post_bb"}, {0: "post_bb", 1: "post_sb"})
"""The blind each PHH player index posts, three or more players and heads-up; later ones straddle."""


@dataclass(slots=True)
class StoredPlayer:
    player: str
    seat: int
    position: str | None
    hole_cards: tuple[str, ...]
    stack_start: Decimal | None
    """None when the log does not state it (a player who sat down as the hand began)."""
    collected: Decimal
    cash_out: Decimal
    net: Decimal


@dataclass(slots=True)
class StoredAction:
    street: str
    player: str
    action: str
    amount: Decimal
    raise_to: Decimal | None
    is_all_in: bool
    board: int = 0
    """Which board of a hand run twice a show or collect belongs to."""


@dataclass(slots=True)
class StoredHand:
    """One stored Hold'em hand, as the warehouse holds it; ``players`` in PHH order (left of the
    button first, the button last)."""

    game_id: str
    hand_id: str
    played_at: datetime | None
    table_name: str | None
    site: str | None
    betting: str
    currency: str
    is_tournament: bool
    small_blind: Decimal
    big_blind: Decimal
    max_seats: int | None
    total_pot: Decimal
    rake: Decimal
    players: list[StoredPlayer]
    actions: list[StoredAction]
    board: tuple[str, ...] = ()
    cap: Decimal | None = None
    """The most a hand may cost a player on a capped table, as the hand's text states it."""
    capped: tuple[str, ...] = ()
    """The players the hand's text holds in for what they have put in, at a table's cap (stated or
    not, as Winning's ``caps $T``) or by the room's disconnection protection (iPoker's ``DP``)."""
    played_in_utc: bool = False
    """``played_at`` is in UTC (the log names its zone), not the time as written."""
    count_errors: int = 0
    is_short_deck: bool = False
    pots: tuple[Decimal, ...] = ()
    """The pots the summary lists (main, then side pots, after the rake), as the hand's text states them."""
    shown: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The cards each player showed first, as the hand's text states them: where he showed one card
    of two, the warehouse keeps no hole cards of his."""
    tournament_id: str | None = None
    """The tournament's ID, as the hand's text states it."""
    logged_pot: Decimal | None = None
    """The total pot the summary states (before the rake), as the hand's text has it; ``total_pot``
    is the replay's, what the actions put in, which a hand with an error finding may contradict."""
    fees: Decimal = Decimal(0)
    """Of ``rake``, the room's jackpot fee and other fees beside its rake, as the hand's text states them."""
    hero: str | None = None
    """The player the log deals his cards to alone (``Dealt to Anna [Ah Kd]``), as the hand's text states it."""
    button_seat: int | None = None
    """The seat the log names the button (``Seat #1 is the button``), as the hand's text states it:
    a dead button's seat may be empty or its player away, so it is not always the ``BTN`` player's."""


class KindOfReason(ValueError):
    """Why a hand is not written, in words that name this hand alone (its amounts); ``kind``: the
    same reason without them, by which an export's summary counts the hands it did not write."""

    def __init__(self, reason: str, kind: str) -> None:
        super().__init__(reason)
        self.kind = kind


class NotWritable(KindOfReason):
    """Why a hand is not written, naming its player; ``kind``: the same reason without the player
    (nor the amounts, nor which blind)."""

    def __init__(self, player: str, what: str, kind: str | None = None) -> None:
        super().__init__(f"{player} {what}", f"a player {kind or what}")


@dataclass(slots=True)
class ExportSummary:
    written: list[Path] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    """Hands not written (game ID) and why."""
    skipped_kinds: dict[str, str] = field(default_factory=dict)
    """Of ``skipped``, the reason of each in words without the player or the amounts it names (see
    :class:`KindOfReason`)."""
    disputed: list[str] = field(default_factory=list)
    """Hands written (game ID) that break a rule: the file states them as their log does."""


# ////////////////////////////////////////////////////////////////////// reading the warehouse


BATCH_HANDS = 5000
"""The hands an export holds at a time: its memory is one batch's rows, not the history's (a
grinder's 150,000 hands held at once took 3.6 GB)."""

_READS = (
    ("games", "game_id, game, played_at, table_name, site, source_file, count_errors", "game_id"),
    ("game_texts", "game_id, text, context", "game_id"),
    ("holdem_results", ("game_id, hand_id, player, seat, position, hole_cards, stack_start, collected, cash_out, net, "
                        "betting, currency, is_tournament, small_blind, big_blind, max_seats, total_pot, rake"), "seat"),
    ("holdem_actions", "game_id, street, player, action, amount, raise_to, is_all_in, coalesce(board, 0) as board",
     "action_no"),
)
"""What a hand is read from: per read, its table, its columns (the game ID first) and the order of
a game's rows. (The texts apart from the games: joined, a scan of every game held every text.)"""

_CHOSEN = "(select unnest(?::varchar[]) as game_id, unnest(range(?)) as place)"
"""The chosen game IDs (a parameter) and each one's place in the order played (the next parameter: their count)."""
_SPREAD_FLUSH_ROWS = 2048
_SPREAD_ROW_GROUP = 512
"""The rows the spread into batches holds (all batches', and each batch's) before it writes them
out: DuckDB's defaults (524,288 and 122,880 rows) held every batch's texts to the end, 0.1 GB more
at 60,000 hands."""


def chosen_games(con: duckdb.DuckDBPyConnection, *, game_id: str | None = None,
                 player: str | None = None) -> list[str]:
    """The game IDs of the stored Hold'em hands (all, one game ID, or those a player played), in
    the order played (a history's IDs are a few MB: their rows are read a batch at a time)."""
    # a game without result rows has no hand to write: left out here, so that the count is the hands'
    played, params = "select game_id from holdem_results", []
    if player is not None:
        played += " where player = ?"
        params.append(player)
    where = ["g.game in ('holdem', 'holdem36')", f"g.game_id in ({played})"]
    if game_id is not None:
        where.append("g.game_id = ?")
        params.append(game_id)
    # the game ID last: a tie in the other keys is broken the same way every run
    return [gid for (gid,) in con.execute(
        "select g.game_id from games g where " + " and ".join(where)
        + " order by g.played_at nulls last, g.source_file, g.first_line, g.game_id", params).fetchall()]


def stored_hands(con: duckdb.DuckDBPyConnection, *, game_id: str | None = None, player: str | None = None,
                 batch: int = BATCH_HANDS, games: list[str] | None = None) -> Iterator[StoredHand]:
    """The stored Hold'em hands (all, one game ID, or those a player played, or ``games``, IDs
    of :func:`chosen_games`), in the order played, read ``batch`` hands at a time. Of more than
    one batch, each table is read once, its rows spread into a scratch file per batch
    (:func:`_spread_by_batch`): a query per batch scanned every game of the tables again, which
    grew with the history times its batches (0.18 CPU-s a batch at 120,000 hands)."""
    if games is None:
        games = chosen_games(con, game_id=game_id, player=player)
    with tempfile.TemporaryDirectory(prefix="rasklad-export-") as scratch:
        spread = len(games) > batch and _spread_by_batch(con, games, batch, Path(scratch))
        for number, start in enumerate(range(0, len(games), batch)):
            chosen = games[start:start + batch]
            yield from _hands_of(chosen, *(
                _batch_rows(con, Path(scratch) / table / f"batch={number}") if spread else con.execute(
                    f"select {columns} from {table} where game_id in (select unnest(?::varchar[])) "
                    f"order by game_id, {order}", [chosen]).fetchall() for table, columns, order in _READS))


def _spread_by_batch(con: duckdb.DuckDBPyConnection, games: list[str], batch: int, scratch: Path) -> bool:
    """Read each table's rows of ``games`` once, into ``scratch/<table>/batch=<n>/``, a folder per
    batch of ``batch`` games (their rows in no order: each keeps its game's place and its own
    order). False where the scratch folder cannot take them (a full disk): each batch is then
    read with a query of its own, slower but the same hands."""
    flush, = con.execute("select current_setting('partitioned_write_flush_threshold')").fetchone()
    con.execute(f"set partitioned_write_flush_threshold = {_SPREAD_FLUSH_ROWS}")
    try:
        for table, columns, order in _READS:
            target = (scratch / table).as_posix().replace("'", "''")
            con.execute(f"copy (select c.place // {batch} as batch, c.place, {order} as row_order, {columns} "
                        f"from {table} join {_CHOSEN} c using (game_id)) to '{target}' "
                        f"(format parquet, partition_by (batch), row_group_size {_SPREAD_ROW_GROUP})",
                        [games, len(games)])
    except (OSError, duckdb.IOException):
        return False
    finally:
        con.execute(f"set partitioned_write_flush_threshold = {int(flush)}")
    return True


def _batch_rows(con: duckdb.DuckDBPyConnection, folder: Path) -> list[tuple]:
    """One batch's rows of a table, as :func:`_spread_by_batch` wrote them, in the order played."""
    files = sorted(path.as_posix() for path in folder.glob("*.parquet"))
    if not files:   # (a batch with no row in this table)
        return []
    return con.execute("select * exclude (place, row_order) from read_parquet(?, hive_partitioning = false) "
                       "order by place, row_order", [files]).fetchall()


def _hands_of(chosen: list[str], games_rows: list[tuple], text_rows: list[tuple], result_rows: list[tuple],
              action_rows: list[tuple]) -> Iterator[StoredHand]:
    """The hands of ``chosen`` (game IDs), in its order, from the rows of ``_READS`` that hold them."""
    texts = {row[0]: row[1:] for row in text_rows}
    games = {row[0]: row[1:] + texts.get(row[0], (None, None)) for row in games_rows}
    results = _by_game(result_rows)
    actions = _by_game(action_rows)
    for gid in chosen:
        rows = results.get(gid)
        if not rows or gid not in games:
            continue
        game, played_at, table_name, site, source_file, count_errors, text, context = games[gid]
        first = rows[0]
        players = [StoredPlayer(r[1], r[2], r[3], tuple((r[4] or "").split()), r[5], r[6], r[7] or Decimal(0), r[8])
                   for r in rows]
        button = next((k for k, p in enumerate(players) if p.position == "BTN"), len(players) - 1)
        players = players[button + 1:] + players[:button + 1]
        yield StoredHand(
            game_id=gid, hand_id=first[0], played_at=played_at, table_name=table_name, site=site, betting=first[9],
            currency=first[10], is_tournament=first[11], small_blind=first[12], big_blind=first[13],
            max_seats=first[14], total_pot=first[15] or Decimal(0), rake=first[16] or Decimal(0), players=players,
            actions=[StoredAction(*row) for row in actions.get(gid, ())],
            count_errors=count_errors or 0, is_short_deck=game == "holdem36",
            **_kept_facts(text, source_file, gid, first[9], context),
        )


def _by_game(rows: list[tuple]) -> dict[str, list[tuple]]:
    """Rows whose first column is the game ID, by game ID (the ID left out)."""
    out: dict[str, list[tuple]] = {}
    for row in rows:
        out.setdefault(row[0], []).append(row[1:])
    return out


def _kept_facts(text: str | None, source_file: str, game_id: str, betting: str, context: str | None = None) -> dict:
    """What the warehouse has no column for, from the hand's kept text (with its XML document's
    head, ``context``, for an iPoker hand): the board (the first of a hand run twice), the table's
    cap, the pots the summary lists and its total, whether the time is in UTC, and the button's seat."""
    record = kept_record(text, source_file, game_id, betting, context)
    if record is None:
        return {}
    boards = getattr(record, "boards", ())
    shown: dict[str, tuple[str, ...]] = {}
    for action in getattr(record, "actions", ()):
        if action.kind is ActionKind.SHOW:
            shown.setdefault(action.player, tuple(str(card) for card in action.cards))
    summary = getattr(record, "summary", None)
    return {"board": tuple(str(card) for card in boards[0]) if boards else (),
            "cap": getattr(record, "cap", None), "played_in_utc": record.info.played_in_utc,
            "capped": tuple(dict.fromkeys(a.player for a in getattr(record, "actions", ()) if a.is_capped)),
            "pots": tuple(getattr(summary, "pots", None) or ()), "shown": shown,
            "logged_pot": getattr(summary, "total_pot", None), "tournament_id": getattr(record, "tournament_id", None),
            "fees": getattr(summary, "fees", Decimal(0)), "hero": _hero(record),
            "button_seat": getattr(record, "button_seat", None) or None}


def _hero(record) -> str | None:
    """The one player whose cards the log deals to him (``Dealt to …``); None where it deals none, or
    several players' (a PHH file's known cards, iPoker's XML deals those shown too)."""
    dealt = {h.player for h in getattr(record, "hole_cards", ()) if h.how is CardsHow.DEALT}
    return dealt.pop() if len(dealt) == 1 else None


# ////////////////////////////////////////////////////////////////////// PHH


def phh_text(hand: StoredHand) -> str:
    """The hand as a PHH file (raises ValueError for a hand PHH cannot state)."""
    variant = {"no_limit": "NT", "limit": "FT"}.get(hand.betting)
    if variant is None:
        raise ValueError(f"PHH has no {hand.betting.replace('_', '-')} Hold'em variant")
    players = hand.players
    n = len(players)
    index = {p.player: k for k, p in enumerate(players)}
    if any(p.stack_start is not None and p.stack_start <= 0 for p in players):
        raise ValueError("a player dealt in has no chips at the start: PHH needs every stack above zero")
    _refuse_what_neither_states(hand, "PHH")
    if hand.rake > 0 and len(hand.pots) > 1 and not _raked_from_the_main_pot(hand):
        # OHH states each pot's rake: this is PHH's alone
        raise ValueError("the room raked the side pots of this hand: PHH states the winnings and one rake, and "
                         "a replay takes the rake from the main pot, not from the pots as the log did")
    if any(a.action == "post_bb" and a.amount < hand.big_blind for a in hand.actions):
        raise ValueError("the big blind is posted short, all-in: the room's calls match the full big blind, "
                         "PHH's the largest bet posted")
    _refuse_without_board(hand, "PHH")
    _refuse_unseated(hand, "PHH")
    folded = {a.player for a in hand.actions if a.action == "fold"}
    if len(players) - len(folded) > 1 and any(
            p.player not in folded and p.collected > 0
            and (len(p.hole_cards) != 2 or len(hand.shown.get(p.player, ())) == 1) for p in players):
        raise ValueError("a winner at the showdown does not show their cards: a PHH replay cannot judge it")
    if hand.cap is not None:
        raise ValueError("the table caps what a hand may cost a player: PHH has no cap")
    if hand.capped:
        raise NotWritable(hand.capped[0], "is held in for what they have put in, with chips left (a table's cap, "
                          "or the room's disconnection protection): PHH has no cap")
    if hand.count_errors:
        raise ValueError("the hand breaks a rule (rasklad audit lists it): a PHH replay would not follow its log")
    if any(p.cash_out for p in players):
        raise ValueError("a player cashed the hand out: PHH has no cash-out, paid by the room outside the pot")
    antes, blinds = [Decimal(0)] * n, [Decimal(0)] * n
    seat_blinds = _SEAT_BLINDS[n == 2]
    if n > 2 and not any(a.action == "post_sb" for a in hand.actions):
        seat_blinds = {0: "post_bb"}    # no small blind: the first seat left of the button posts the big one
    for a in hand.actions:
        if a.action == "post_ante":
            antes[index[a.player]] += a.amount
        elif a.action in _BLINDS:
            k = index[a.player]
            if a.action != seat_blinds.get(k, "post_straddle") or blinds[k]:
                # PHH's forced bets go by seat: the small blind, the big blind, then straddles
                # counted as one reason whichever blind it is; the hand's own reason names the blind
                tail = "out of the seat's turn (a new or returning player's post): PHH has no such post"
                raise NotWritable(a.player, f"posts {a.action.removeprefix('post_').replace('_', ' ')} {tail}",
                                  kind=f"posts a blind {tail}")
            # a small blind posted all in short is the table's, which PHH posts all in for what the
            # stack has, so that the hand reads back at its stakes
            short = a.action == "post_sb" and a.is_all_in and a.amount < hand.small_blind
            blinds[k] += hand.small_blind if short else a.amount
    posted = _posting_order(hand, index)
    if posted == forced_bets(antes, blinds):
        posted = None       # PHH's own order: nothing to add
    if n == 2:      # PHH writes the heads-up forced bets reversed
        antes, blinds = antes[::-1], blinds[::-1]
    lines = [f"variant = {_q(variant)}", f"antes = {_numbers(antes)}",
             f"blinds_or_straddles = {_numbers(blinds)}"]
    if variant == "FT":
        lines += [f"small_bet = {_number(hand.big_blind)}", f"big_bet = {_number(hand.big_blind * 2)}"]
    else:
        lines.append(f"min_bet = {_number(hand.big_blind)}")
    lines.append(f"starting_stacks = {_stacks([p.stack_start for p in players])}")
    lines.append("actions = [")
    lines += [f"  {_q(action)}," for action in _phh_actions(hand, index)]
    lines.append("]")
    lines.append(f"hand = {_q(hand.hand_id)}")
    if hand.site and hand.site != "PHH":
        lines.append(f"venue = {_q(hand.site)}")
    if hand.is_tournament:
        lines.append(f"event = {_q('Tournament #' + hand.tournament_id if hand.tournament_id else 'Tournament')}")
    if hand.table_name:
        lines.append(f"table = {_q(hand.table_name)}")
    lines.append(f"seats = [{', '.join(str(p.seat) for p in players)}]")
    if hand.max_seats:
        lines.append(f"seat_count = {hand.max_seats}")
    lines.append(f"players = [{', '.join(_q(p.player) for p in players)}]")
    if hand.played_at is not None:
        at = hand.played_at
        lines += [f"time = {at:%H:%M:%S}", f"day = {at.day}", f"month = {at.month}", f"year = {at.year}"]
        if hand.played_in_utc:      # else the time as the log wrote it, on a clock it does not name
            lines.append(f"time_zone = {_q('UTC')}")
    if len(hand.currency) == 3 and hand.currency.isupper():
        lines.append(f"currency = {_q(hand.currency)}")
    lines.append(f"finishing_stacks = {_stacks([_plus(p.stack_start, p.net) for p in players])}")
    lines.append(f"winnings = {_numbers([p.collected for p in players])}")
    if hand.is_tournament:
        lines.append(f"{TOURNAMENT} = {_q(hand.tournament_id or '')}")
    if posted is not None:
        lines.append(f"{POSTING_ORDER} = [{', '.join(map(_q, posted))}]")
    not_shown = _not_shown(hand)
    if not_shown:
        lines.append(f"{NOT_SHOWN} = [{', '.join(map(_q, not_shown))}]")
    shown_partly = _shown_partly(hand)
    if shown_partly:
        lines.append(f"{SHOWN_PARTLY} = [{', '.join(map(_q, shown_partly))}]")
    return "\n".join(lines) + "\n"


def _posting_order(hand: StoredHand, index: dict[str, int]) -> list[str]:
    """The forced bets in the order the log posted them, as :data:`parsers.phh.POSTING_ORDER`
    names them (a player's second post of a kind, summed into his first, is not named again)."""
    posts = [f"p{index[a.player] + 1} {'ante' if a.action == 'post_ante' else 'blind'}" for a in hand.actions
             if (a.action == "post_ante" or a.action in _BLINDS) and a.amount > 0]
    return list(dict.fromkeys(posts))


def _refuse_unseated(hand: StoredHand, fmt: str) -> None:
    """A player the log seats nowhere (one who joins the table and posts, stored at seat 0): both
    formats number every player's seat from 1, and the log gives his none."""
    unseated = next((p.player for p in hand.players if p.seat <= 0), None)
    if unseated is not None:
        raise NotWritable(unseated, f"has no seat in the log (a player who joins the table and posts): {fmt} "
                          "gives every player a seat number from 1")


def _refuse_without_board(hand: StoredHand, fmt: str) -> None:
    """A hand whose board was dealt (to the street last played, or all five cards to a showdown)
    but cannot be read again from its kept text: both formats deal it."""
    reached = max((_STREETS.index(a.street) for a in hand.actions if a.street in _STREETS), default=0)
    folded = {a.player for a in hand.actions if a.action == "fold"}
    needed = 5 if len(hand.players) - len(folded) > 1 else (0, 3, 4, 5)[reached]
    if len(hand.board) < needed:
        raise ValueError(f"the board could not be read again from the hand's kept text: {fmt} deals it")


def _refuse_what_neither_states(hand: StoredHand, fmt: str) -> None:
    """What neither PHH nor OHH, as written here, can state so that a replay pays the hand as the
    log did: a Short Deck hand (its own deck and rankings), a hand run twice (two boards and two
    showdowns; they state one of each)."""
    if hand.is_short_deck:
        raise ValueError(f"a Short Deck (36-card) hand: the export writes {fmt} for 52-card Hold'em only")
    if any(a.board > 0 for a in hand.actions):
        raise ValueError(f"the hand was run twice: {fmt} states one board")


def _raked_from_the_main_pot(hand: StoredHand) -> bool:
    """Whether the pots the summary lists are the pots the contributions make, the rake taken from
    the main pot alone, as a replay of the winnings takes it."""
    pots = [amount for amount, _ in _contribution_pots(hand)]
    return len(pots) == len(hand.pots) and [pots[0] - hand.rake, *pots[1:]] == list(hand.pots)


def _contribution_pots(hand: StoredHand) -> list[tuple[Decimal, frozenset[str]]]:
    """The main pot and the side pots the contributions make, before the rake, each with the
    players still in at the end who may win it. Each pot holds what every player put in up to its
    level, the levels being what the players still in put in (each one's collections, a cash-out
    included, less his net: an uncalled bet came back and is in no pot)."""
    folded = {a.player for a in hand.actions if a.action == "fold"}
    put_in = {p.player: p.collected - p.net for p in hand.players}
    levels = sorted({put_in[p.player] for p in hand.players if p.player not in folded})
    pots, below = [], Decimal(0)
    for level in levels:
        pots.append([sum(max(min(amount, level) - below, Decimal(0)) for amount in put_in.values()),
                     frozenset(p.player for p in hand.players if p.player not in folded and put_in[p.player] >= level)])
        below = level
    if pots:
        pots[-1][0] += sum(max(amount - below, Decimal(0)) for amount in put_in.values())    # (a folded player's excess)
    return [(amount, eligible) for amount, eligible in pots if amount > 0]


def _phh_actions(hand: StoredHand, index: dict[str, int]) -> list[str]:
    players = hand.players
    out = [f"d dh p{k + 1} {''.join(p.hole_cards) if len(p.hole_cards) == 2 else '????'}"
           for k, p in enumerate(players)]
    dealt = "preflop"
    folded: set[str] = set()
    last_street, aggressor = "preflop", None
    # what each has behind, from the stored amounts; an unknown stack is deep enough for any bet
    left = {p.player: _INFINITE if p.stack_start is None else p.stack_start for p in players}
    bets = {p.player: Decimal(0) for p in players}        # live chips in on the street
    for a in hand.actions:
        if a.action in _BLINDS or a.action == "post_ante":
            left[a.player] -= a.amount
            if a.action != "post_ante":
                bets[a.player] += a.amount
            continue
        if a.action not in _BETTING:
            continue
        if a.street != dealt and a.street in _STREETS:
            out += _deal(hand, dealt, a.street)
            dealt = a.street
            bets = dict.fromkeys(bets, Decimal(0))
        if a.street != last_street:
            last_street, aggressor = a.street, None
        who = f"p{index[a.player] + 1}"
        top = max(bets.values())
        if a.action == "fold":
            folded.add(a.player)
            out.append(f"{who} f")
        elif a.action in ("check", "call") or not any(
                q != a.player and q not in folded and left[q] + bets[q] > top for q in bets):
            # a bet or raise that no other player can call any part of is, to PHH, a call or check:
            # pokerkit refuses it, and what it adds would come back as an uncalled bet
            out.append(f"{who} cc")
        else:
            to = a.raise_to if a.action == 'raise' and a.raise_to else a.amount
            if hand.betting == "limit":
                _refuse_limit_raise_pokerkit_refuses(hand, a, to, top)
            out.append(f"{who} cbr {_number(to)}")
            aggressor = index[a.player]
        left[a.player] -= a.amount
        bets[a.player] += a.amount
    contenders = [k for k, p in enumerate(players) if p.player not in folded]
    after_the_board: list[str] = []
    if len(contenders) > 1:
        shown, after_the_board = _showdown(hand, contenders, last_street, aggressor)
        out += shown
    elif contenders:
        out += _shown_alone(hand, contenders[0])
    return (out + _deal(hand, dealt, _STREETS[min(len(hand.board) - 2, 3)] if len(hand.board) >= 3 else dealt)
            + after_the_board)


def _refuse_limit_raise_pokerkit_refuses(hand: StoredHand, action: StoredAction, to: Decimal, top: Decimal) -> None:
    """A Limit bet or raise to ``to`` over a largest bet of ``top`` on the street, which pokerkit
    takes only to ``top`` plus the street's bet (all in, less): after an all-in short of a full bet,
    a room that counts it as a full bet (half a bet or more, iPoker) raises to two bets, where
    pokerkit raises a full bet over the all-in."""
    size = hand.big_blind * (2 if action.street in ("turn", "river") else 1)
    if to == top + size or action.is_all_in and to < top + size:
        return
    tail = ("over an all-in short of a full bet, as the room counts it a full bet; pokerkit's Limit raises a full "
            "bet over the all-in")
    raise NotWritable(action.player, f"raises to {_amount_text(to)} {tail} ({_amount_text(top + size)}) and would "
                      "refuse the hand", kind=f"raises {tail}, and pokerkit would refuse the hand")


def _shown_alone(hand: StoredHand, winner: int) -> list[str]:
    """The show of the player left when the others fold, where the log has him show his two cards:
    PHH's show after the last fold (pokerkit takes one of all the cards there, and no other; a
    show of fewer is :func:`_shown_partly`'s)."""
    p = hand.players[winner]
    cards = _cards_shown(hand, p)
    shows = _first_show_or_muck(hand, p.player) == "show" and len(cards) == 2
    return [f"p{winner + 1} sm {''.join(cards)}"] if shows else []


def _shown_partly(hand: StoredHand) -> list[str]:
    """:data:`parsers.phh.SHOWN_PARTLY`: the show of the player left when the others fold, where the
    log has him show one card of his two (``pK sm Ah??``), which pokerkit refuses in ``actions``."""
    folded = {a.player for a in hand.actions if a.action == "fold"}
    left = [k for k, p in enumerate(hand.players) if p.player not in folded]
    if len(left) != 1 or _first_show_or_muck(hand, hand.players[left[0]].player) != "show":
        return []
    cards = _cards_shown(hand, hand.players[left[0]])
    return [f"p{left[0] + 1} sm {''.join(_unknown_filled(cards, '??'))}"] if 0 < len(cards) < 2 else []


def _cards_shown(hand: StoredHand, player: StoredPlayer) -> tuple[str, ...]:
    """The cards a player showed first, as the hand's text states them, else (no text kept) his
    stored hole cards."""
    return hand.shown.get(player.player) or player.hole_cards


def _unknown_filled(cards: tuple[str, ...], unknown: str) -> list[str]:
    """A Hold'em player's two cards, those not shown written ``unknown``."""
    return [*cards, *[unknown] * (2 - len(cards))]


def _not_shown(hand: StoredHand) -> list[str]:
    """:data:`parsers.phh.NOT_SHOWN`: the player left when the others fold, where the log says he
    does not show his hand (stored as his muck), which PHH has no action for."""
    folded = {a.player for a in hand.actions if a.action == "fold"}
    left = [k for k, p in enumerate(hand.players) if p.player not in folded]
    if len(left) != 1:
        return []
    return [f"p{left[0] + 1}"] if _first_show_or_muck(hand, hand.players[left[0]].player) == "muck" else []


def _first_show_or_muck(hand: StoredHand, player: str) -> str | None:
    return next((a.action for a in hand.actions if a.player == player and a.action in ("show", "muck")), None)


def _deal(hand: StoredHand, dealt: str, upto: str) -> list[str]:
    """The board deals from the street after ``dealt`` up to ``upto``."""
    out = []
    for street in _STREETS[_STREETS.index(dealt) + 1:_STREETS.index(upto) + 1]:
        begin, end = _BOARD_SLICES[street]
        cards = hand.board[begin:end]
        out.append(f"d db {''.join(cards) if len(cards) == end - begin else '??' * (end - begin)}")
    return out


def _showdown(hand: StoredHand, contenders: list[int], street: str,
              aggressor: int | None) -> tuple[list[str], list[str]]:
    """Each contender shows (or mucks) in the order of the log (PHH names the player of each, so
    pokerkit takes any order); those the log does not have in turn after them: from the last
    bettor or raiser of the last betting round, else from the first player after the largest
    blind preflop, else from p1. A loser the log shows mucking is written ``pK sm``, PHH's muck
    (no cards), even when the log names his cards: they stay in his deal, and ``pK sm cards``
    would read back as a show. At a showdown before the board is dealt out (an all-in), a muck
    that leaves a single player, and what the log has after it, come after the board's deals (the
    second list): pokerkit ends the hand when one player is left, and there it fails to deal the
    rest of the board; it deals the board to two players or more and plays their showdown on the
    river. A player who shows one card of two is written with the other unknown (``pK sm Ah??``),
    as PHH writes cards partly shown."""
    n = len(hand.players)
    if aggressor is None and street == "preflop":
        posts = {p.player: Decimal(0) for p in hand.players}
        for a in hand.actions:
            if a.action in _BLINDS:
                posts[a.player] += a.amount
        top = max(range(n), key=lambda k: (posts[hand.players[k].player], k))
        aggressor = (top + 1) % n
    start = aggressor or 0
    logged_mucks = {a.player for a in hand.actions if a.action == "muck"}
    # a winner's muck would forfeit what he won
    mucked = {hand.players[k].player for k in contenders
              if hand.players[k].player in logged_mucks and not hand.players[k].collected}
    logged = {a.player: place for place, a in reversed(list(enumerate(hand.actions)))
              if a.action in ("show", "muck")}      # each player's first show or muck
    before_the_board, after_the_board = [], []
    out, holding = before_the_board, len(contenders)
    for k in sorted(contenders, key=lambda k: (logged.get(hand.players[k].player, len(hand.actions)), (k - start) % n)):
        p = hand.players[k]
        shown = hand.shown.get(p.player, ())
        if p.player in mucked:
            holding -= 1
            if holding < 2 and street != "river":
                out = after_the_board
            out.append(f"p{k + 1} sm")
        elif len(shown) == 1:   # one card of two shown (the other known or not): PHH writes the other unknown
            out.append(f"p{k + 1} sm {''.join(_unknown_filled(shown, '??'))}")
        elif len(p.hole_cards) == 2:
            out.append(f"p{k + 1} sm {''.join(p.hole_cards)}")
        else:   # neither shown nor mucked in the log: "did not show"
            out.append(f"p{k + 1} sm ????")
    return before_the_board, after_the_board


def _number(value: Decimal) -> str:
    value = Decimal(value)
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def _numbers(values) -> str:
    return "[" + ", ".join(_number(v) for v in values) + "]"


_INFINITE = Decimal("Infinity")


def _plus(stack: Decimal | None, net: Decimal) -> Decimal | None:
    """A stack after the hand, unknown when it was unknown before."""
    return None if stack is None else stack + net


def _stacks(values) -> str:
    """PHH stacks: an unknown one (the log does not state it) is ``inf``, as PHH and pokerkit write
    a stack the source did not record."""
    return "[" + ", ".join("inf" if v is None else _number(v) for v in values) + "]"


def _q(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(str(text), ensure_ascii=False)


# ////////////////////////////////////////////////////////////////////// OHH

_OHH_ACTIONS = {
    "post_sb": "Post SB", "post_bb": "Post BB", "post_ante": "Post Ante", "post_straddle": "Straddle",
    "post_dead": "Post Dead", "post_button": "Post Extra Blind", "fold": "Fold", "check": "Check", "call": "Call",
    "bet": "Bet", "raise": "Raise", "show": "Shows Cards", "muck": "Mucks Cards",
}
_OHH_BET_TYPES = {"no_limit": "NL", "pot_limit": "PL", "limit": "FL"}
_OHH_STREETS = ("Preflop", "Flop", "Turn", "River", "Showdown")


def ohh_document(hand: StoredHand) -> dict:
    """The hand as an Open Hand History object (``{"ohh": {...}}``)."""
    if any(p.stack_start is None for p in hand.players):
        # OHH's starting_stack is a number every player must have, with no way to say it is unknown
        raise ValueError("the log does not state a player's chips at the start: OHH needs every player's "
                         "starting stack, a number, and has no way to say it is unknown (PHH writes it inf)")
    _refuse_what_neither_states(hand, "OHH")
    _refuse_without_board(hand, "OHH")
    _refuse_unseated(hand, "OHH")
    pot = _ohh_pot(hand)
    by_seat = sorted(hand.players, key=lambda p: p.seat)
    ids = {p.player: k for k, p in enumerate(by_seat)}
    # the button the log names, empty or away as it may be (a dead button); else the BTN player's seat
    button = hand.button_seat or next((p.seat for p in hand.players if p.position == "BTN"), hand.players[-1].seat)
    actions: dict[str, list[dict]] = {street: [] for street in _OHH_STREETS}
    for p in by_seat:
        dealt = {"player_id": ids[p.player], "action": "Dealt Cards"}
        if len(p.hole_cards) == 2:
            dealt["cards"] = list(p.hole_cards)
        actions["Preflop"].append(dealt)
    cap = _table_cap(hand)
    put_in = {p.player: Decimal(0) for p in hand.players}
    capped_at = _capped_actions(hand)
    for place, a in enumerate(hand.actions):
        kind = _OHH_ACTIONS.get(a.action)
        if kind is None:        # uncalled bets and collections are the pots' business
            continue
        put_in[a.player] += a.amount
        street = "Showdown" if a.action in ("show", "muck") else a.street.capitalize()
        entry = {"player_id": ids[a.player], "action": kind}
        if a.action in ("show", "muck"):
            cards = _cards_shown(hand, next(p for p in by_seat if p.player == a.player))
            if a.action == "show" and cards:
                # one card shown of two: the other is OHH's unknown card
                entry["cards"] = _unknown_filled(cards, "??")
        elif a.action not in ("fold", "check"):
            entry["amount"] = float(a.amount)
            # a capped player is all in at what he has put in (at a table's cap, when he reaches it)
            entry["is_allin"] = bool(a.is_all_in or place in capped_at or cap and put_in[a.player] >= cap)
        actions[street].append(entry)
    # a room that writes no show (iPoker's XML deals the hole cards and pays the pot) still had
    # its contenders show down: their cards are known, as PHH writes them (``pK sm cards``)
    folded = {a.player for a in hand.actions if a.action == "fold"}
    logged = {a.player for a in hand.actions if a.action in ("show", "muck")}
    contenders = [p for p in hand.players if p.player not in folded]
    if len(contenders) > 1:
        actions["Showdown"] += [{"player_id": ids[p.player], "action": "Shows Cards", "cards": list(p.hole_cards)}
                                for p in contenders if p.player not in logged and len(p.hole_cards) == 2]
    # a street whose cards were dealt has its round even with nobody left to act on it (an all-in
    # before it): its cards are the board's
    rounds = []
    for street in _OHH_STREETS:
        begin_end = _BOARD_SLICES.get(street.lower())
        cards_dealt = begin_end is not None and len(hand.board) >= begin_end[1]
        if not (street == "Preflop" or cards_dealt or actions[street]):
            continue
        entry = {"id": len(rounds), "street": street}
        if cards_dealt:
            entry["cards"] = list(hand.board[begin_end[0]:begin_end[1]])
        entry["actions"] = actions[street]
        rounds.append(entry)
    numbers = iter(range(1, 10_000))
    for entry in rounds:
        entry["actions"] = [{"action_number": next(numbers), **action} for action in entry["actions"]]
    pots, fees = [], hand.fees
    for number, (amount, rake, won) in enumerate(_ohh_pots(hand, pot)):
        wins = [{"player_id": ids[p.player], "win_amount": float(won[p.player])}
                | ({"cashout_amount": float(p.cash_out)} if p.cash_out else {})
                for p in by_seat if p.player in won]
        # the room's fees (a jackpot's) are OHH's jackpot, not its rake: taken from the pots' rakes in order
        jackpot = min(fees, rake)
        fees -= jackpot
        pots.append({"number": number, "amount": float(amount), "rake": float(rake - jackpot)}
                    | ({"jackpot": float(jackpot)} if jackpot else {}) | {"player_wins": wins})
    body = {
        "spec_version": OHH_SPEC_VERSION,
        "site_name": hand.site or "",
        "network_name": "",
        "internal_version": "1",
        "tournament": bool(hand.is_tournament),
        "game_number": hand.hand_id,
        "start_date_utc": hand.played_at.isoformat() if hand.played_at is not None else "",
        "table_name": hand.table_name or "",
        "game_type": "Holdem",
        "bet_limit": {"bet_type": _OHH_BET_TYPES.get(hand.betting, "NL"), "bet_cap": float(cap) if cap else 0},
        "table_size": _table_size(hand),
        "currency": hand.currency if len(hand.currency) == 3 and hand.currency.isupper() else "",
        "dealer_seat": button,
        "small_blind_amount": float(hand.small_blind),
        "big_blind_amount": float(hand.big_blind),
        "ante_amount": float(max((a.amount for a in hand.actions if a.action == "post_ante"), default=0)),
        **({"hero_player_id": ids[hand.hero]} if hand.hero in ids else {}),
        "players": [{"id": ids[p.player], "seat": p.seat, "name": p.player, "starting_stack": float(p.stack_start)}
                    for p in by_seat],
        "rounds": rounds,
        "pots": pots,
    }
    return {"ohh": body}


def _capped_actions(hand: StoredHand) -> set[int]:
    """The places in ``hand.actions`` of each capped player's last bet, call or raise: where the
    text holds him in for what he has put in."""
    last = {a.player: place for place, a in enumerate(hand.actions) if a.action in ("bet", "call", "raise")}
    return {last[player] for player in hand.capped if player in last}


def _table_cap(hand: StoredHand) -> Decimal | None:
    """The most a hand may cost a player: the cap the text states, else, where capped players all
    put in the most anyone did (Winning's ``caps $T``, which states no cap), what they put in; a
    player held in below it is protected (disconnected), not capped by the table."""
    if hand.cap is not None or not hand.capped:
        return hand.cap
    paid = {p.player: Decimal(0) for p in hand.players}
    for a in hand.actions:
        if a.action in _BLINDS or a.action in ("post_ante", "bet", "call", "raise"):
            paid[a.player] += a.amount
        elif a.action == "uncalled":
            paid[a.player] -= a.amount
    reached = {paid[player] for player in hand.capped}
    return reached.pop() if len(reached) == 1 and max(paid.values()) in reached else None


def _table_size(hand: StoredHand) -> int:
    """OHH's seats at the table: its size where the log states it, never less than a seat used
    (the highest seat number where it does not state it)."""
    return max(hand.max_seats or 0, *(p.seat for p in hand.players))


def _ohh_pots(hand: StoredHand, pot: Decimal) -> list[tuple[Decimal, Decimal, dict[str, Decimal]]]:
    """OHH's pots, main pot first: each one's amount before the rake, its rake and what each of its
    winners takes of it. A hand with side pots (each level of a player all in for less) writes each
    pot with its own rake (the summary's pots, after the rake, where it lists them, else the rake
    from the main pot, as the replay takes it) and winners (:func:`_pot_wins`); else, or where no
    split of the winnings over the pots adds up (a hand with an error finding, a cash-out), one pot
    of ``pot`` (:func:`_ohh_pot`) with the rake and everyone's winnings."""
    winnings = {p.player: p.collected - p.cash_out for p in hand.players if p.collected > 0}
    unmatched = None if hand.count_errors else _unmatched_bet(hand)
    put_in = sum((a.amount for a in hand.actions if a.action in _OHH_ACTIONS), Decimal(0))
    if unmatched is not None and sum(winnings.values()) + hand.rake == put_in and winnings.get(unmatched[0], 0) >= unmatched[1]:
        # the log pays the bet nobody matched back with the pot (no uncalled line: an old converted
        # PokerStars walk, 888poker's hand cancelled after the small blind alone): it came back as any
        # other, in no pot and no win, so that the file's nets are what its reader works out
        bettor, amount = unmatched
        pot, winnings[bettor] = put_in - amount, winnings[bettor] - amount
        winnings = {player: won for player, won in winnings.items() if won}
    whole = [(pot, hand.rake, winnings)]
    pots = _contribution_pots(hand)
    if len(pots) < 2 or hand.count_errors or any(p.cash_out for p in hand.players):
        return whole
    amounts = [amount for amount, _ in pots]
    if len(hand.pots) == len(pots) and sum(hand.pots) + hand.rake == sum(amounts):
        nets = list(hand.pots)
    else:
        nets = [amounts[0] - hand.rake, *amounts[1:]]
    won = None
    if all(0 <= net <= amount for net, amount in zip(nets, amounts)):
        won = _pot_wins([(net, eligible) for net, (_, eligible) in zip(nets, pots)], whole[0][2])
    if won is None and not hand.pots:
        won = _pot_wins_of_the_deepest(pots, whole[0][2])
    if won is None:
        return whole
    return [(amount, amount - sum(wins.values()), wins) for amount, wins in zip(amounts, won)]


def _unmatched_bet(hand: StoredHand) -> tuple[str, Decimal] | None:
    """The player whose bet or raise (or blind) of the last street bet on nobody matched in full,
    and the part of it above what the next player put in on that street, live (a dead blind is not
    matched); None where everyone's is matched."""
    live = ("post_sb", "post_bb", "post_straddle", "post_button", "bet", "raise", "call")
    last = next((a.street for a in reversed(hand.actions) if a.action in live), None)
    bets: dict[str, Decimal] = {}
    for a in hand.actions:
        if a.street == last and a.action in live:
            bets[a.player] = bets.get(a.player, Decimal(0)) + a.amount
    ranked = sorted(bets.items(), key=lambda bet: bet[1], reverse=True) + [("", Decimal(0))]
    (top, most), (_, next_most) = ranked[:2]
    return (top, most - next_most) if most > next_most else None


def _pot_wins(pots: list[tuple[Decimal, frozenset[str]]],
              winnings: dict[str, Decimal]) -> list[dict[str, Decimal]] | None:
    """What each player took of each pot (its amount after the rake, and the players who may win
    it), from what each took in all: a pot one player left may win takes what is left of it, and a
    player one pot left may pay takes what is left of his winnings there, until every pot is paid;
    None where that leaves a choice (two players sharing two pots) or does not add up.

    >>> D = Decimal
    >>> _pot_wins([(D(790), frozenset("ABC")), (D(339), frozenset("BC"))], {"A": D(790), "B": D(339)})
    [{'A': Decimal('790')}, {'B': Decimal('339')}]
    """
    wins: list[dict[str, Decimal]] = [{} for _ in pots]
    pot_left = [net for net, _ in pots]
    player_left = dict(winnings)
    open_claims = {(k, player) for k, (_, eligible) in enumerate(pots) for player in eligible if player in winnings}

    def pay(k: int, player: str, amount: Decimal) -> None:
        open_claims.discard((k, player))
        if amount:
            wins[k][player] = amount
            pot_left[k] -= amount
            player_left[player] -= amount

    while open_claims:
        paid = False
        for k in range(len(pots)):
            claims = [player for kk, player in open_claims if kk == k]
            if len(claims) == 1 or claims and not pot_left[k]:
                for player in claims:
                    pay(k, player, pot_left[k] if len(claims) == 1 else Decimal(0))
                paid = True
        for player in winnings:
            claims = [k for k, pp in open_claims if pp == player]
            if len(claims) == 1 or claims and not player_left[player]:
                for k in claims:
                    pay(k, player, player_left[player] if len(claims) == 1 else Decimal(0))
                paid = True
        if not paid:
            return None
    if any(pot_left) or any(player_left.values()) or any(x < 0 for w in wins for x in w.values()):
        return None
    return wins


def _pot_wins_of_the_deepest(pots: list[tuple[Decimal, frozenset[str]]],
                             winnings: dict[str, Decimal]) -> list[dict[str, Decimal]] | None:
    """What each player took of each pot (its amount before the rake, and the players who may win
    it) where the room took the rake from the pots its own way and lists none (888poker, iPoker):
    the best hand of a pot is the best of every smaller pot it may win, so each winner, the deepest
    pot he may win last, wins the pots after the last one of the winner before him; where each then
    wins one pot, he took his winnings from it, and its rake is the rest. None otherwise (a tie, a
    winner of two pots: which of them paid the rake is not known)."""
    deepest = {player: max(k for k, (_, eligible) in enumerate(pots) if player in eligible) for player in winnings
               if any(player in eligible for _, eligible in pots)}
    order = sorted(deepest, key=deepest.get)
    if len(deepest) != len(winnings) or [deepest[player] for player in order] != list(range(len(pots))):
        return None
    wins = [{player: winnings[player]} for player in order]
    if any(winnings[player] > pots[deepest[player]][0] for player in order):
        return None
    return wins


def _ohh_pot(hand: StoredHand) -> Decimal:
    """The amount of the hand's one OHH pot, what the actions put in; for a hand with an error
    finding, where its log's amounts agree with it and with each other (the summary's pot is what
    the actions put in, and the wins and the rake take it all), so that the file states the hand as
    logged and balances; else ValueError saying where they disagree. The file must not mix the
    replay's pot with the log's wins, nor silently correct the log's pot."""
    pot = hand.total_pot
    if not hand.count_errors:
        return pot
    paid = sum((p.collected - p.cash_out for p in hand.players if p.collected > 0), Decimal(0))
    disagreements = []
    if hand.logged_pot is not None and hand.logged_pot != pot:
        disagreements.append(f"the summary's pot is {_amount_text(hand.logged_pot)} where the actions put in "
                             f"{_amount_text(pot)}")
        pot = hand.logged_pot
    if pot != paid + hand.rake:
        disagreements.append(f"the pot of {_amount_text(pot)} pays {_amount_text(paid)} in wins and "
                             f"{_amount_text(hand.rake)} in rake ({_amount_text(paid + hand.rake)})")
    if disagreements:
        why = ("an OHH file states one pot, which the actions fill and the wins and the rake take, so no file of this "
               "hand would agree with itself (`rasklad show` gives the hand as logged)")
        raise KindOfReason("the hand breaks a rule (rasklad audit lists it) and its log's amounts disagree: "
                           + ", and ".join(disagreements) + f": {why}",
                           kind="the hand breaks a rule (rasklad audit lists it) and its log's amounts disagree (the "
                                "summary's pot and what the actions put in, or the pot and the wins and the rake): "
                                + why)
    return pot


def _amount_text(value: Decimal) -> str:
    """An amount as the findings write it: ``3``, ``4.50``."""
    return money(int(value * 100))


# ////////////////////////////////////////////////////////////////////// the command


def export(con: duckdb.DuckDBPyConnection, fmt: str, out: Path, *, game_id: str | None = None,
           player: str | None = None, batch: int = BATCH_HANDS, on_start: Callable[[int], None] = lambda total: None,
           on_hand: Callable[[], None] = lambda: None, summary: ExportSummary | None = None) -> ExportSummary:
    """Write the selected stored Hold'em hands to ``out``, one file each, named by game ID, reading
    them ``batch`` at a time. ``on_start`` is told how many hands there are, ``on_hand`` called
    as each is taken up, written or not (a command's progress). ``summary`` (a new one if not
    given) is filled as the hands are taken up, so that an export stopped half way says what it
    wrote; each file is written whole or not at all."""
    if fmt not in FORMATS:
        raise ValueError(f"{fmt!r} is not an export format: expected {' or '.join(FORMATS)}")
    summary = ExportSummary() if summary is None else summary
    games = chosen_games(con, game_id=game_id, player=player)
    on_start(len(games))
    hands = stored_hands(con, games=games, batch=batch)
    with contextlib.closing(hands):     # (its open reads end at once, however the loop ends)
        _write_hands(hands, fmt, out, summary, on_hand)
    return summary


def _write_hands(hands: Iterator[StoredHand], fmt: str, out: Path, summary: ExportSummary,
                 on_hand: Callable[[], None]) -> None:
    for hand in hands:
        on_hand()
        try:
            if fmt == "phh":
                text = phh_text(hand)
                path = out / f"{hand.game_id}.phh"
            else:
                text = json.dumps(ohh_document(hand), indent=2, ensure_ascii=False) + "\n"
                path = out / f"{hand.game_id}.ohh.json"
        except (ValueError, KeyError) as error:
            summary.skipped[hand.game_id] = str(error)
            summary.skipped_kinds[hand.game_id] = getattr(error, "kind", str(error))
            continue
        if not summary.written:
            out.mkdir(parents=True, exist_ok=True)     # made once there is a hand to write
        _write_whole(path, text)
        summary.written.append(path)
        if hand.count_errors:
            summary.disputed.append(hand.game_id)


def _write_whole(path: Path, text: str) -> None:
    """Write ``path`` under a scratch name renamed at the end: a file stopped half way (Ctrl-C, a
    full disk) is never left under the name of a whole one."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
