"""Every table of the dashboards is drawn by :func:`show`: one title per column (:data:`COLUMN_LABELS`),
one look for a missing value, one rounding for rates and for amounts, one note on what the times are,
and a player's name that prints as another's marked as the messages mark it (``'Aнна' (A is Latin)``),
in a cell that lists names too.

A column is titled in words, the same on every page (``net_won`` reads "Net", ``bb_per_100``
"bb/100"): a page names a column otherwise only where it says more (``Net (USD)``). An amount in a
unit (:data:`MONEY`) reads to the cent in a currency (13.80, never 13.8); tournament and play
chips and points, which are whole, read whole (1,500), and to the cent where some are not; every
amount with a thousands separator, as the headline figures above a table. An amount column of a
table whose unit the page names is titled with it ("Net (USD)"). The
values stay numbers, so a click on a header sorts them as numbers.

A missing value (a six-card session's placement, a hand's club online, hole cards never shown)
reads ``—``, never ``None``. A rate reads as a percentage to one decimal place, as PokerTracker
shows it, on every page: the marts keep the exact figure (a percentage 0-100, or a fraction 0-1
that is shown times 100). A time is what the warehouse stores in ``played_at``: UTC where the
log names its time zone (the rooms' logs), else the time as the log wrote it, on a clock it does
not name (docs/warehouse.md). Where the rows say which (``played_in_utc``), each time says it
(``2026-03-01 21:05:00 UTC``, ``2026-03-01 21:05:00 (as logged)``); a time summed over games of
both kinds (a first or last game) has its column say it.
"""

from __future__ import annotations

from collections.abc import Collection

import polars as pl
import streamlit as st

from dashboards import queries as q
from dashboards.money import CENTS_FORMAT, WHOLE_FORMAT, reads_whole
from dashboards.names import marked_names
from rules.words import listed_name

MISSING = "—"
"""What a table shows for a missing value."""

RATE_FORMAT = "%.1f%%"
"""A rate as a percentage to one decimal place: 26.923 reads 26.9%."""

PERCENT_RATES = frozenset({
    "vpip", "pfr", "three_bet", "fold_to_three_bet", "afq", "wtsd", "wsd", "wwsf", "cbet_flop",
    "fold_to_cbet_flop", "steal_attempt", "roi", "itm",
})
"""Rates the marts keep as percentages (0-100): Hold'em's (sql/00_macros/rates.sql percent_of) and the
tournaments' ROI and ITM."""

FRACTION_RATES = frozenset({
    "rtp", "house_edge_perfect_play", "foul_rate", "scoop_won_rate", "scoop_suffered_rate", "surrender_rate",
    "bid_accuracy", "dealer_bid_accuracy", "pass_success_rate", "misere_clean_rate", "observed_rate",
    "exact_probability",
})
"""Rates the marts keep as fractions (0-1): shown times 100, as the percentages above."""

RATIO_FORMAT = "%,.2f"
"""A ratio that is not a share (bb/100, AF, an average place or points per round): to the hundredth."""

RATIOS = frozenset({
    "bb_per_100", "af", "avg_placement", "avg_finish", "points_per_round", "points_per_hand", "royalties_per_hand",
    "golden_tricks_per_round", "net_big_blinds", "rake_paid_bb_per_100", "rake_paid_big_blinds",
})


MONEY = frozenset({
    "net", "net_won", "allin_ev_net", "net_showdown", "net_non_showdown", "total_pot", "pot", "invested",
    "collected", "owed", "net_in_log", "stack_start", "cost", "won", "prize", "bounties_won", "price", "total_wagered", "total_net",
    "total_returned", "ev_lost_total", "own_net", "own_allin_ev_net", "total_points", "settlement_points",
    "ante", "costs", "wagered", "returned", "cash_out", "paid_the_room", "rake_paid", "ev_lost_per_hand",
})
"""The amounts in a unit: a currency's to the cent, chips and points whole where they are (:func:`money_format`)."""

UNSAID = object()
"""``show(unit=UNSAID)``: the page did not say its amounts' unit, and the rows do not (no ``currency`` column)."""

COLUMN_LABELS = {
    # who, where and when
    "game": "Game", "unit": "Unit", "player": "Player", "names": "Names", "person": "Person", "site": "Room",
    "club": "Club", "name_in_log": "Name in the log", "table_name": "Table", "seat": "Seat", "position": "Position", "currency": "Currency",
    "is_tournament": "Tournament", "stakes": "Stakes", "betting": "Betting", "variant": "Variant",
    "scoring": "Scoring", "season": "Season", "season_kind": "Season kind", "played_at": "Played",
    "played_on": "Day", "started_at": "Started", "ended_at": "Ended", "first_played_at": "First played",
    "last_played_at": "Last played", "duration_minutes": "Minutes", "sitting": "Session", "hand_id": "Hand",
    "tournament_id": "Tournament", "game_type": "Game", "source_file": "File", "first_line": "From line",
    "last_line": "To line", "line": "Line", "column": "Column", "error": "Reason",
    # counts
    "count_games": "Games", "count_files": "Files", "count_errors": "Errors", "count_warnings": "Warnings",
    "count_wins": "Won", "count_placed": "Placed", "count_hands": "Hands", "count_bb_hands": "Hands with a big blind",
    "count_tables": "Tables", "count_players": "Players", "count_sessions": "Sessions", "count_rounds": "Rounds",
    "count_boxes": "Boxes", "count_findings": "Findings", "count_tournaments": "Tournaments",
    "count_tournament_entries": "Field", "count_entries": "Entries", "rank": "Rank",
    "rank_among_all": "Rank (all players)",
    # Hold'em
    "hole_cards": "Hole cards", "hand_class": "Starting hand", "stack_depth": "Stack (bb)", "stack_bb": "Stack (bb)",
    "stack_start": "Stack", "invested": "Put in", "collected": "Collected", "net": "Net", "net_won": "Net",
    "net_showdown": "Net at showdown", "net_non_showdown": "Net without showdown", "allin_ev_net": "All-in EV",
    "net_big_blinds": "Net (bb)", "owed": "The rules pay", "net_in_log": "Net in the log",
    "cash_out": "Cashed out for", "paid_the_room": "Paid the room", "rake_paid": "Rake paid",
    "rake_paid_bb_per_100": "Rake paid (bb/100)", "rake_paid_big_blinds": "Rake paid (bb)", "total_pot": "Pot", "is_all_in": "All-in", "is_cancelled": "Cancelled", "went_to_showdown": "Showdown",
    "bb_per_100": "bb/100", "vpip": "VPIP", "pfr": "PFR", "three_bet": "3-bet", "fold_to_three_bet": "Fold to 3-bet",
    "af": "AF", "afq": "AFq", "wtsd": "WTSD", "wsd": "W$SD", "wwsf": "WWSF", "cbet_flop": "Flop c-bet",
    "fold_to_cbet_flop": "Fold to flop c-bet", "steal_attempt": "Steal",
    "count_vpip_opportunities": "VPIP chances", "count_vpip": "VPIP hands",
    "count_pfr_opportunities": "PFR chances", "count_pfr": "PFR hands",
    "count_three_bet_opportunities": "3-bet chances", "count_three_bet": "3-bets",
    "count_fold_to_three_bet_opportunities": "Faced a 3-bet", "count_fold_to_three_bet": "Folded to a 3-bet",
    "count_postflop_bets_raises": "Bets and raises from the flop on", "count_postflop_calls": "Calls from the flop on",
    "count_postflop_folds": "Folds from the flop on", "count_afq_opportunities": "AFq chances",
    "count_saw_flop": "Saw the flop", "count_wtsd_opportunities": "WTSD chances",
    "count_went_to_showdown": "Went to showdown", "count_wsd_opportunities": "W$SD chances",
    "count_won_at_showdown": "Won at showdown", "count_wwsf_opportunities": "WWSF chances",
    "count_won_when_saw_flop": "Won when saw the flop", "count_cbet_flop_opportunities": "Flop c-bet chances",
    "count_cbet_flop": "Flop c-bets", "count_fold_to_cbet_flop_opportunities": "Faced a flop c-bet",
    "count_fold_to_cbet_flop": "Folded to a flop c-bet", "count_steal_opportunities": "Steal chances",
    "count_steal_attempt": "Steals",
    # the replayer's steps
    "step": "Step", "finding": "Finding", "street": "Street", "action": "Action", "pot": "Pot", "board": "Board",
    # tournaments
    "cost": "Cost", "finish": "Finish", "won": "Won", "prize": "Prize", "bounties_won": "Bounties",
    "is_itm": "In the money", "is_still_playing": "Still playing", "price": "Buy-in",
    # raspisnoy
    "count_bid_rounds": "Bid rounds", "count_exact_rounds": "Exact bids", "bid_accuracy": "Bid accuracy",
    "count_overtricks": "Overtricks", "rounds_over_bid": "Rounds over the bid", "count_undertricks": "Undertricks",
    "rounds_under_bid": "Rounds under the bid", "pass_attempts": "Passes tried", "pass_successes": "Passes made",
    "pass_success_rate": "Pass success", "points_per_round": "Points per round", "misere_rounds": "Misère rounds",
    "misere_clean_rate": "Misère clean", "golden_rounds": "Golden rounds",
    "golden_tricks_per_round": "Golden tricks per round", "dealer_bid_rounds": "Bid rounds as dealer",
    "dealer_bid_accuracy": "Bid accuracy as dealer", "avg_placement": "Average place", "total_points": "Points",
    "settlement_points": "Settlement (points)", "settlement_money": "Settlement (money)", "kind": "Round kind",
    "cards": "Cards", "round": "Round", "dealer": "Dealer", "trump": "Trump", "bid": "Bid", "tricks": "Tricks",
    "points": "Points", "total": "Total", "written": "Total in the log", "trick": "Trick", "plays": "Plays",
    "winner": "Winner", "hand": "Hand",
    # Chinese poker and OFC
    "points_per_hand": "Points per hand", "royalties_total": "Royalties", "royalties_per_hand": "Royalties per hand",
    "royalties_back": "Royalties, back", "royalties_middle": "Royalties, middle", "royalties_front": "Royalties, front",
    "foul_rate": "Fouls", "scoop_won_rate": "Scoops won", "scoop_suffered_rate": "Scoops suffered",
    "surrender_rate": "Surrenders", "count_naturals": "Naturals", "fantasyland_entries": "Fantasyland entries",
    "fantasyland_stays": "Fantasyland stays", "count_fouls": "Fouls (hands)", "count_surrenders": "Surrenders (hands)",
    "count_pairings": "Pairings", "count_scoops_won": "Scoops won (pairs)",
    "count_scoops_suffered": "Scoops suffered (pairs)", "count_fantasyland_hands": "Fantasyland hands",
    "row": "Row", "royalty": "Royalty", "foul": "Foul", "status": "Status", "natural": "Natural",
    "opponent": "Opponent",
    # six-card
    "total_wagered": "Wagered", "total_returned": "Returned", "total_net": "Net", "rtp": "Return to player",
    "ev_lost_total": "EV lost", "ev_lost_per_hand": "EV lost per hand", "count_folds": "Folds", "count_buys": "Buys",
    "count_exchanges": "Exchanges", "count_dealer_buys": "Dealer buys", "count_boxes_analysed": "Boxes analysed",
    "count_hands_analysed": "Hands analysed", "house_edge_perfect_play": "House edge, perfect play",
    "category": "Hand", "count_player_boxes": "Player's boxes", "observed_rate": "Seen", "exact_probability": "Exact odds",
    "count_cards": "Cards", "box": "Box", "ante": "Ante", "decisions": "Decisions", "best five": "Best five",
    "hand rank": "Hand rank", "dealer rank": "Dealer's rank", "dealer buy": "Dealer's buy", "outcome": "Outcome",
    "costs": "Costs", "wagered": "Wagered", "returned": "Returned",
    # the audit
    "rule_id": "Rule", "severity": "Severity", "message": "What is wrong", "expected": "Expected",
    "actual": "The log says",
    # sessions of several currencies in one
    "own_currency": "Its currency", "own_net": "Net in its currency", "own_allin_ev_net": "All-in EV in its currency",
}
"""Every column's title, on every page: a table's columns are titled here once, not page by page."""

BETTING_WORDS = {"no_limit": "No Limit", "pot_limit": "Pot Limit", "limit": "Limit"}
"""A betting structure as the stakes name it (the macro ``stakes_label``: 'No Limit $1/$2 USD')."""


def title(name: str) -> str:
    """A column's title: its entry in :data:`COLUMN_LABELS`, else its name in words (a column no
    entry names yet still reads without underscores)."""
    if name in COLUMN_LABELS:
        return COLUMN_LABELS[name]
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def units_of(data: pl.DataFrame, unit=UNSAID) -> set | None:
    """The units of ``data``'s amounts: the page's ``unit``, else each row's ``currency``; None when unsaid."""
    if unit is not UNSAID:
        return {unit}
    if "currency" in data.columns:
        return set(data["currency"].to_list())
    return None


def money_format(values: pl.Series, units: set | None) -> str:
    """An amount column's format: whole where the units are chips or points and every amount is whole,
    else to the cent (a currency, a table of several units, or one whose unit is unsaid).

    >>> money_format(pl.Series([1500, -300]), {"chips"}), money_format(pl.Series([13.8, 0.2]), {"USD"})
    ('%,d', '%,.2f')
    >>> money_format(pl.Series([12.5]), {None}), money_format(pl.Series([4]), None)
    ('%,.2f', '%,.2f')
    """
    # (dashboards.money's rule, which the drawn replays follow too)
    return WHOLE_FORMAT if reads_whole(values.drop_nulls().to_list(), units) else CENTS_FORMAT


NAMES = frozenset({"player", "opponent"})
"""The columns that hold a player's name: one that prints as another's is shown marked (:func:`listed_name`)."""

NAMED_IN = frozenset({"names", "expected", "actual", "message", "action", "plays", "dealer", "winner",
                      "winner in the log"})
"""The columns whose text may name players: lists of names (a person's linked names, the players of a
trick in turn a finding expected and found), sentences (a finding's message, a replay's action, the
plays of a trick), a replay's dealer and winner. A name there that prints as another's is shown marked
(:func:`dashboards.names.marked_names`)."""

TIMES = frozenset({"played_at", "started_at", "ended_at", "first_played_at", "last_played_at"})
"""The columns that hold a time of play as the warehouse stores it."""

IN_UTC = "played_in_utc"
"""The column of a game's (or a sitting's) rows that says whether their times are in UTC (null: not known)."""

TIME_NOTE = "UTC / as logged"
TIME_HELP = ("In UTC where the log names its time zone (the rooms' logs: '3:04:05 ET' reads 08:04:05); "
             "else the time as the log wrote it, on a clock it does not name.")

CLOCKS = {True: " UTC", False: " (as logged)", None: " (UTC or as logged)"}
"""What follows a time, by its ``played_in_utc``: None for a game stored before the warehouse said so
(``rasklad reaudit`` judges it again), or a sitting of both kinds of logs."""

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"


def time_text(at, in_utc: bool | None) -> str | None:
    """A stored time with its clock, for a person; None for no time.

    >>> from datetime import datetime
    >>> time_text(datetime(2026, 3, 1, 21, 5), True), time_text(datetime(2026, 3, 1, 21, 5), False)
    ('2026-03-01 21:05:00 UTC', '2026-03-01 21:05:00 (as logged)')
    >>> time_text(datetime(2026, 3, 1, 21, 5), None), time_text(None, True)
    ('2026-03-01 21:05:00 (UTC or as logged)', None)
    """
    return None if at is None else at.strftime(TIME_FORMAT) + CLOCKS[in_utc]


def _with_clocks(data: pl.DataFrame) -> pl.DataFrame:
    """``data`` with each time column as text that names its row's clock (:func:`time_text`, for every
    row at once), without ``IN_UTC``: each time says it. The text sorts as the times do."""
    clock = pl.col(IN_UTC).replace_strict({True: CLOCKS[True], False: CLOCKS[False]}, default=CLOCKS[None],
                                          return_dtype=pl.String)
    times = [name for name in data.columns if name in TIMES and data[name].dtype.is_temporal()]
    return data.with_columns(pl.col(name).dt.strftime(TIME_FORMAT) + clock for name in times).drop(IN_UTC)


def _marked(data: pl.DataFrame, columns: frozenset[str], mark) -> pl.DataFrame:
    """``data`` with each text column of ``columns`` shown as ``mark`` shows a text (the stored values
    are the query's: only the frame drawn changes)."""
    for name in columns.intersection(data.columns):
        if data[name].dtype == pl.String:
            marked = {text: mark(text) for text in data[name].unique().drop_nulls().to_list()}
            data = data.with_columns(pl.col(name).replace({t: m for t, m in marked.items() if m != t}))
    return data


def show(data: pl.DataFrame, *, column_config: dict | None = None, unit=UNSAID, alike: Collection[str] | None = None,
         **options):
    """``st.dataframe`` of ``data`` with the dashboards' look: every column titled by :func:`title`
    (``column_config`` names a page's own title, or a column of ``st.column_config`` it formats
    itself); rates, ratios, amounts and times take the common format. ``unit`` is the unit of the
    amounts (a currency, ``chips``, or None for points) when the rows have no ``currency`` column.
    ``alike``: the names that print alike, marked in the :data:`NAMES` columns and where they stand
    whole in the :data:`NAMED_IN` ones: the page's (:func:`dashboards.queries.names_alike`), by default
    among the warehouse's names and those of the table's :data:`NAMES` columns."""
    config = dict(column_config or {})
    clocked = IN_UTC in data.columns
    if clocked:
        data = _with_clocks(data)
    fractions = [name for name in data.columns if name in FRACTION_RATES and data[name].dtype.is_numeric()]
    if fractions:
        data = data.with_columns(pl.col(name).cast(pl.Float64) * 100 for name in fractions)
    if "betting" in data.columns and data["betting"].dtype == pl.String:
        data = data.with_columns(pl.col("betting").replace(BETTING_WORDS))
    if "game" in data.columns and data["game"].dtype == pl.String:
        data = data.with_columns(pl.col("game").replace(q.GAME_LABELS))   # 'holdem' reads Hold'em (52 cards)
    # 'Aнна' (A is Latin) beside Анна: two players, never read alike, in a list of names or a sentence too
    if alike is None:
        named = [data[name].drop_nulls().unique().to_list() for name in NAMES.intersection(data.columns)
                 if data[name].dtype == pl.String]
        alike = q.names_alike(q.database(), (name for column in named for name in column))
    data = _marked(data, NAMES, lambda name: listed_name(name, alike))
    if alike:
        data = _marked(data, NAMED_IN, lambda text: marked_names(text, alike))
    units = units_of(data, unit)
    for name in data.columns:
        given = config.get(name)
        if given is not None and not isinstance(given, str):
            continue  # a page's own column, formatted as it chose
        heading = given or title(name)
        numeric = data[name].dtype.is_numeric()
        if name in PERCENT_RATES or name in fractions:
            config[name] = st.column_config.NumberColumn(heading, format=RATE_FORMAT)
        elif name in RATIOS and numeric:
            config[name] = st.column_config.NumberColumn(heading, format=RATIO_FORMAT)
        elif name in MONEY and numeric:
            # a unit the page names (USD, chips) is in the column's title, unless the page's own title says it
            if isinstance(unit, str) and f"({unit}" not in heading:
                heading = f"{heading} ({unit})"
            config[name] = st.column_config.NumberColumn(heading, format=money_format(data[name], units))
        elif name in TIMES and clocked:
            config[name] = st.column_config.TextColumn(heading, help=TIME_HELP)
        elif name in TIMES and data[name].dtype.is_temporal():
            config[name] = st.column_config.DatetimeColumn(f"{heading} ({TIME_NOTE})", help=TIME_HELP)
        else:
            config[name] = heading
    return st.dataframe(data, column_config=config or None, placeholder=MISSING, **options)
