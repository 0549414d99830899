"""Hold'em reports: one player's results by position, by stack depth, by starting hand (the 13×13
grid) and by sitting with its all-in EV, each over the chosen dates, stakes and clubs, in one game
(52 cards or the short deck: never added) and one unit."""

from __future__ import annotations

import html

import polars as pl
import streamlit as st

from dashboards import address, charts, tables
from dashboards import queries as q
from dashboards.date_filter import pick_dates
from dashboards.money import figure_text
from dashboards.safe_text import md
from rules.holdem_rules import POSITIONS_FROM_BUTTON

DEPTH_ORDER = ("<20", "20-40", "40-60", "60-100", "100-150", "150+")
RANKS = q.RANKS
# the Game and Unit boxes' widths in pixels: their longest labels whole, and narrower than a phone (390)
# (a comment: a page's lone string would be drawn on it)
GAME_BOX_WIDTH = 320
UNIT_BOX_WIDTH = 230


def money_text(last: pl.Series, unit: str) -> str:
    """A total as a metric shows it, in ``unit`` (:func:`figure_text`); "—" when nothing is known."""
    return figure_text(last[0] if len(last) else None, unit)


def ordered(frame: pl.DataFrame, column: str, order: tuple[str, ...]) -> pl.DataFrame:
    rank = {value: i for i, value in enumerate(order)}
    return frame.with_columns(pl.col(column).replace_strict(rank, default=len(order)).alias("_order")) \
        .sort("_order", column).drop("_order")


def grid_html(cells: pl.DataFrame, measure: str, unit: str) -> str:
    """The 13×13 starting-hand grid: pairs on the diagonal, suited above it, offsuit below; each cell
    with its hands and ``measure`` (net or bb_per_100), green for a win and red for a loss."""
    by_class = {row["hand_class"]: row for row in cells.iter_rows(named=True)}
    values = [abs(float(r[measure])) for r in by_class.values() if r[measure] is not None]
    scale = max(values, default=0) or 1
    rows = []
    for i, high in enumerate(RANKS):
        tds = []
        for j, low in enumerate(RANKS):
            name = high + low if i == j else (high + low + "s" if i < j else low + high + "o")
            row = by_class.get(name)
            value = None if row is None else row[measure]
            if value is None:
                colour = "#f3f3f3" if row is None else "#fafafa"
            else:
                strength = min(abs(float(value)) / scale, 1.0)
                tint = int(235 - 120 * strength)
                colour = f"rgb({tint},235,{tint})" if value >= 0 else f"rgb(240,{tint},{tint})"
            shown = "" if row is None else (f"<br>{row['count_hands']:,}<br>"
                                            + ("—" if value is None else f"{float(value):+,.2f}"
                                               if measure == "bb_per_100" else figure_text(value, unit)))
            tds.append(f'<td title="{html.escape(name)}" style="background:{colour};border:1px solid #ddd;'
                       f'padding:2px;text-align:center;font-size:0.7rem;line-height:1.15;min-width:3.6em;">'
                       f'<b>{html.escape(name)}</b>{shown}</td>')
        rows.append("<tr>" + "".join(tds) + "</tr>")
    what = "bb/100" if measure == "bb_per_100" else f"net ({html.escape(unit)})"
    # the grid scrolls in its own box: 13 cells are wider than a phone, and overflowing they made the
    # whole page, title and filters with it, pan sideways
    return ('<div class="starting-hand-grid" style="overflow-x:auto;max-width:100%;">'
            '<table style="border-collapse:collapse;font-family:ui-sans-serif,system-ui,sans-serif;">'
            + "".join(rows) + "</table></div>"
            + f'<div style="font-size:0.8rem;color:#555;">Each cell: the hand, hands played, {what}. '
              "Suited above the pairs, offsuit below.</div>")


st.title("Hold'em reports")
st.caption("Results by position, stack depth, starting hand and sitting. One game at a time (52 cards or the "
           "short deck, never added: a short-deck big blind is a button blind) and one unit at a time; "
           "bb/100 counts the hands with a big blind. How each figure is made: docs/warehouse.md.")
db = q.open_or_stop()
players = q.hand_players(db) if q.has(db, "holdem_report_positions", "holdem_sessions") else []
if not players:
    st.info("No Hold'em hand in this warehouse yet (or its models predate the reports: run "
            "`rasklad build-models`).", icon=":material/info:")
    st.stop()
# the boxes side by side, each wide enough for its longest label ("Hold'em (52 cards), 1,234 hands",
# "chips (1,234 hands)"), wrapping to a row of their own where the screen is narrower: at a sixth of
# the width the Unit box cut its label to an ellipsis
top = st.container(horizontal=True)
player = q.pick_hand_player(db, top, "reports_player")
# one deck at a time: a short-deck hand's positions, stacks in big blinds (a button blind) and
# starting hands are another game's, and Winning's Six Plus stakes read as a 52-card table's
games = q.holdem_games(db, player)
if not address.first_run("reports_game") and st.session_state["reports_game"] not in games:
    st.session_state["reports_game"] = next(iter(games))   # the player's game with the most hands
game = address.kept(top.selectbox, "Game", list(games), key="reports_game", name="deck", width=GAME_BOX_WIDTH,
                    format_func=lambda g: f"{q.label(g)}, {q.counted(games[g], 'hand')}",
                    help="52-card Hold'em and short deck (6+ Hold'em, 36 cards) are reported apart, "
                         "never added.")
game_name = q.label(game)
choices = q.hand_choices(db, player, game)
row = st.columns(3)
start, end = pick_dates(row[0], db, "reports_dates")
stakes = tuple(address.kept(row[1].multiselect, "Stakes", choices["stakes"], key="reports_stakes", name="stakes",
                            default=[], placeholder="All stakes"))
clubs = tuple(address.kept(row[2].multiselect, "Club / room", choices["clubs"], key="reports_clubs", name="club",
                           default=[], placeholder="All"))
# the units offered are those with hands under the filters below them (drawn above, read first): a unit
# without one there would show "no hand" in every tab
hands = q.report_unit_hands(db, player, start, end, stakes, clubs, game=game)
if not hands:
    everywhere = q.hands_elsewhere(q.report_unit_hands(db, player, game=game))
    st.info(f"No {md(game_name)} hand of {md(player)} in these dates, stakes and clubs"
            + (f" (over every date, stakes and club: {md(everywhere)})." if everywhere else "."))
    st.stop()
units = list(hands)
gone = st.session_state.get("reports_unit")
if gone is not None and gone not in hands:
    st.session_state["reports_unit"] = units[0]   # the unit with the most hands under these filters
unit = address.kept(top.selectbox, "Unit", units, key="reports_unit", name="unit", width=UNIT_BOX_WIDTH,
                    format_func=lambda u: f"{u} ({q.counted(hands[u], 'hand')})",
                    help="Only the units with hands under these filters are offered.")
if gone is not None and gone not in hands:
    st.caption(f"No hand in {md(gone)} under these filters: {md(q.hands_elsewhere(hands))}.")

# the tab open is kept in the address (?tab=sessions), so that a link opens the same report
by_position, by_depth, by_hand, by_sitting = address.kept_tabs(
    ["By position", "By stack depth", "Starting hands", "Sessions"],
    ["position", "stack_depth", "starting_hands", "sessions"], key="reports_tab")
columns_shown = ["count_hands", "net_won", "bb_per_100", "vpip", "pfr", "allin_ev_net", "count_bb_hands",
                 "count_vpip_opportunities", "count_pfr_opportunities"]

with by_position:
    frame = q.holdem_report(db, "position", player, unit, start, end, stakes, clubs, game=game)
    if frame.is_empty():
        st.info(f"No hand in {md(unit)} matches these filters.")
    else:
        frame = ordered(frame, "position", POSITIONS_FROM_BUTTON)
        tables.show(frame.select("position", *columns_shown), hide_index=True, key="reports_positions", unit=unit)
        st.bar_chart(frame.select("position", pl.col("bb_per_100").cast(pl.Float64)), x="position",
                     y="bb_per_100", x_label="Position", y_label="bb/100", sort=False)

with by_depth:
    frame = q.holdem_report(db, "stack_depth", player, unit, start, end, stakes, clubs, game=game)
    if frame.is_empty():
        st.info(f"No hand in {md(unit)} matches these filters.")
    else:
        frame = ordered(frame.rename({"stack_depth": "stack_bb"}), "stack_bb", DEPTH_ORDER)
        st.caption("The stack at the start of the hand, in big blinds.")
        tables.show(frame.select("stack_bb", *columns_shown), hide_index=True, key="reports_depths", unit=unit)

with by_hand:
    frame = q.holdem_report(db, "hand_class", player, unit, start, end, stakes, clubs, game=game)
    if frame.is_empty():
        st.info(f"No hand in {md(unit)} with known hole cards matches these filters.")
    else:
        measure = address.kept(st.radio, "Show", ["bb/100", "Net"], key="reports_grid_measure", name="grid",
                               horizontal=True)
        st.html(grid_html(frame, "bb_per_100" if measure == "bb/100" else "net_won", unit))

with by_sitting:
    # the sittings of every currency in one, at the user's own rates only (rasklad settings rate)
    rates = q.conversion_rates(db)
    targets = q.convertible(units, rates) if rates else []
    shown_in = address.kept(st.selectbox, "Sessions in", [unit, *(t for t in targets if t != unit)],
                            key="reports_sessions_in", name="sessions_in",
                            help="Another currency adds the sessions of every currency at the rates you set; "
                                 "chips and currencies without a rate stay apart.") if targets else unit
    if shown_in == unit:
        sittings = q.holdem_sessions(db, player, unit, start, end, stakes, clubs, game=game)
    else:
        sittings, used, left_out = q.sessions_in_one_currency(db, player, units, shown_in, rates, start, end,
                                                              stakes, clubs, game=game)
        st.caption(f"Every session in {md(shown_in)} at {', '.join(used) or 'no rate'} (your rates, not the "
                   "market's); each keeps its own currency and net beside"
                   + (f"; not converted, so left out: {md(', '.join(left_out))}." if left_out else "."))
    if sittings.is_empty():
        st.info(f"No dated hand in {md(unit)} matches these filters: a sitting needs the hands' times.")
    else:
        unit_shown = unit if shown_in == unit else f"{shown_in} at your rates"
        cols = st.columns(3)
        cols[0].metric("Sessions", f"{sittings.height:,}")
        # the last running totals: in another currency, the sittings' converted nets added, then rounded once
        cols[1].metric(f"Net ({unit_shown})", money_text(sittings["cumulative_net"].drop_nulls().tail(1), shown_in))
        cols[2].metric(f"All-in EV ({unit_shown})", money_text(sittings["cumulative_allin_ev"].drop_nulls().tail(1),
                                                                    shown_in))
        st.caption("A session is a sitting: hands of one game at one club or room, each within 30 minutes of the "
                   "one before.")
        st.altair_chart(charts.sessions(sittings, unit_shown), width="stretch")
        tables.show(sittings.drop("cumulative_net", "cumulative_allin_ev"), hide_index=True, key="reports_sessions",
                    column_config={"net_won": f"Net ({unit_shown})", "allin_ev_net": f"All-in EV ({unit_shown})"},
                    unit=shown_in)
