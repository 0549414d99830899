"""Player review: one person's results per game, then each game's own figures and charts.

A person is one or more screen names linked by ``rasklad alias`` or the form below; the page
starts from "me" when the warehouse names one, and every table names the screen name of each row."""

from __future__ import annotations

from decimal import Decimal
from functools import partial

import polars as pl
import streamlit as st

from dashboards import address, charts, tables
from dashboards import queries as q
from dashboards.date_filter import pick_dates
from dashboards.money import figure_text, row_amount_text
from dashboards.safe_text import md
from rules.words import close_names, listed_name, no_player, same_name, told_apart

HEADLINES_A_ROW = 3
"""Per-game figures side by side: each label (game and unit) fits its column at 1280 pixels."""

st.title("Player review")
st.caption("What each figure means, and the grain of each table: docs/warehouse.md.")
db = q.open_or_stop()

everyone = q.people(db)
if not everyone:
    st.info("No player yet: import some games first.")
    st.stop()

wanted = st.query_params.get("player")
if wanted is not None:    # a link's name composed as the stored ones (a phone pastes ё as е and a mark)
    wanted = same_name(wanted)
busiest = q.busiest_player(db)
me = q.me(db)
alike = q.names_alike(db)
shown = partial(listed_name, alike=alike)    # a name as the lists show it
default = me or (busiest if busiest in everyone else everyone[0])
if wanted is not None and wanted not in everyone:
    # an address naming a screen name (a link shared before the name was linked) opens its person;
    # a name no game has opens no one: another's review would pass for the one asked for
    persons = q.persons_of(db, wanted)
    if persons:
        st.caption(f"{md(wanted)} is a name of {' and '.join(map(md, persons))}: the figures of {md(persons[0])}, "
                   "every linked name together.")
    else:
        close = close_names(wanted, sorted({*everyone, *q.players(db)}))
        st.error(md(no_player(wanted, close, alike)) + " Choose a player below.")
        for name in close:
            st.page_link("app_pages/player.py", label=f"Review {md(shown(name))}", icon=":material/person:",
                         query_params={"player": name})
    default = persons[0] if persons else None
elif wanted is not None:
    default = wanted
top = st.columns([2, 2, 2, 3])
player = top[0].selectbox("Player", everyone, index=None if default is None else everyone.index(default),
                          key="player", placeholder="Choose a player",
                          format_func=lambda person: f"{shown(person)} (me)" if person == me else shown(person))
if player is None:
    st.stop()
st.query_params["player"] = player  # the address names the player: a review can be shared
names = q.person_names(db, player)
accounts = q.person_accounts(db, player)
if len(accounts) > 1:
    st.caption(f"{md(player)} plays as {', '.join(md(account) for account in told_apart(accounts))}: the figures "
               "count every "
               "name, and each table names the name of each row.")
# The links live in the warehouse (as `rasklad alias` writes them): they survive re-imports.
with st.expander("Names of this person, and \"this is me\""), st.form("alias_form"):
    others = [name for name in q.players(db) if name not in names]
    linked = st.multiselect(f"Other screen names of {md(shown(player))}", others, key="alias_names",
                            format_func=shown,
                            help="Names in other rooms or scripts (Gleb = Глеб): this person's figures count them all.")
    rooms = q.sites(db)
    link_room = st.selectbox("In the room", ["Every room", *rooms], key="alias_site",
                             help="A screen name is per room: link it in one room only, or in every room "
                                  "where it has no link of its own.") if rooms else "Every room"
    unlinked = st.multiselect("Names that are not this person's", [name for name in names if name != player],
                              key="alias_unlink", format_func=shown) if len(names) > 1 else []
    is_me = st.checkbox("This is me: every page starts from this person", value=player == me, key="alias_me")
    if st.form_submit_button("Save"):
        from pipeline import people
        from pipeline.manifest import NewerWarehouse
        from pipeline.warehouse import WarehouseBusy

        q.release()  # the models are updated: no read-only connection may hold the DuckDB file
        try:
            if linked:
                people.link(q.warehouse_root(), player, linked, wait=False,
                            site=None if link_room == "Every room" else link_room)
            if unlinked:
                people.unlink(q.warehouse_root(), unlinked, wait=False)
            if is_me != (player == me):
                people.set_me(q.warehouse_root(), player if is_me else None, wait=False)
        except (WarehouseBusy, NewerWarehouse) as error:    # (another writer; a newer Rasklad's warehouse)
            st.error(f"{md(error.what)} {md(error.fix)}")
        except ValueError as error:
            st.error(md(str(error)))
        else:
            q.release()
            st.rerun()

club_choice = address.kept(top[1].selectbox, "Club", ["All clubs", *q.clubs(db)], key="player_club", name="club")
club = None if club_choice == "All clubs" else club_choice
# a screen name is per room: the room narrows the figures to the person's accounts there
site_choice = address.kept(top[2].selectbox, "Room", ["All rooms", *q.person_sites(db, player)], key="player_site",
                           name="room",
                           help="The poker room (site): games without a room (home games) count in all rooms only.")
site = None if site_choice == "All rooms" else site_choice
start, end = pick_dates(top[3], db, "player_dates")

# -- headline figures per game ----------------------------------------------------------------
headlines = q.player_headlines(db, player, start, end, club, site)
# tournaments belong to no club: a club chosen leaves them out; a room keeps its own summaries
tournaments = q.tournament_list(db, player, start, end, site) if club is None else pl.DataFrame()
if headlines.is_empty() and tournaments.is_empty():
    st.info(f"{md(player)} played no game in these dates, club and room.")
    st.stop()

st.subheader("Per game")
if headlines.is_empty():
    st.info(f"{md(player)} played no hand or game in these dates and club: only tournament summaries.")
else:
    st.caption("One figure per unit: nets in two currencies, or of cash and tournaments, and points on "
               "Chinese poker's two scales are never added.")
    # three a row, the unit in the label only: four a row, or the unit said twice, cut the scale
    # (1-6 or 2-4 scoring) to an ellipsis, and it is what tells two Chinese poker figures apart
    metric_cols = st.columns(min(len(headlines), HEADLINES_A_ROW))
    for i, row in enumerate(headlines.iter_rows(named=True)):
        unit = q.money_label(row["is_tournament"], row["currency"], row["scoring"], row["game"])
        named = f"{q.leaderboard_label(row['game'])}, {unit}"
        metric_cols[i % len(metric_cols)].metric(
            named, figure_text(row["net"], row["currency"]), help=f"Net of {named}",
            delta=f"{q.counted(row['count_games'], 'game')}, {row['count_wins']:,} won", delta_color="off",
            delta_arrow="off",
        )
    tables.show(
        headlines.with_columns(
            pl.col("game").map_elements(q.leaderboard_label, return_dtype=pl.String),
            pl.struct("is_tournament", "currency", "scoring", "game").map_elements(
                lambda unit: q.money_label(unit["is_tournament"], unit["currency"], unit["scoring"], unit["game"]),
                return_dtype=pl.String,
            ).alias("unit"),
            # each row in its own unit (a currency to the cent, chips whole): no one format fits the column
            pl.struct("net", "currency").map_elements(lambda row: row_amount_text(row["net"], row["currency"]),
                                                      return_dtype=pl.String).alias("net"),
        ).select("game", "unit", "count_games", "net", "count_wins", "avg_placement", "first_played_at",
                 "last_played_at"),
        hide_index=True, key="player_headlines",
    )

# -- cash in one currency, at the user's own rates only --------------------------------------------
rates = q.conversion_rates(db)
if not headlines.is_empty() and rates:
    cash = headlines.filter(~pl.col("is_tournament") & pl.col("currency").is_not_null()
                            & (pl.col("currency") != "chips"))
    currencies = sorted(set(cash["currency"].to_list()))
    targets = sorted({to for (source, to) in rates if source in currencies}
                     | {source for (source, to) in rates if to in currencies})
    if len(currencies) > 1 and targets:
        target = address.kept(st.selectbox, "Cash in one currency", ["Each apart", *targets], key="player_convert",
                              name="cash_in",
                              help="Adds the cash nets at the rates you set (rasklad settings rate FROM TO RATE); "
                                   "a currency without a rate, tournament chips and points stay apart.")
        if target != "Each apart":
            total, used, left_out = q.in_one_currency(headlines.to_dicts(), rates, target)
            st.metric(f"Cash net in {target}, at your rates", f"{total:+,} {target}")
            st.caption(f"At {', '.join(used) or 'no rate'} (your rates, not the market's)"
                       + (f"; not converted: {', '.join(left_out)}." if left_out else "."))

families = [name for name, games in q.FAMILIES.items() if set(games) & set(headlines["game"].to_list())]
if not tournaments.is_empty():
    families.append("tournaments")
# the tab open is kept in the address (?tab=raspisnoy), so that a link opens the same figures
tabs = address.kept_tabs([q.FAMILY_LABELS.get(name, "Tournaments") for name in families], families,
                         key="player_tab")


def unnamed(table: pl.DataFrame) -> pl.DataFrame:
    """A table without its player column when the person has one name (else it says whose each row is)."""
    return table.drop("player") if len(names) == 1 and "player" in table.columns else table


def sixcard_unit(frame: pl.DataFrame):
    """The unit of six-card rows: money (to the cent, never whole points) when no log of theirs names a
    currency, as :func:`q.money_label` says it; else each row's own currency."""
    return "money" if frame["currency"].is_null().all() else tables.UNSAID


def rate(value) -> str:
    return "—" if value is None else f"{float(value):.1%}"


def holdem() -> None:
    if q.table(db, "holdem_results") is None:
        st.info("Hold'em hands are not in the warehouse yet.")
        return
    if not q.holdem_money(db, player, site):
        st.info("The Hold'em statistics (`player_stats_holdem`) are not built yet.")
        return
    # the units and stakes offered are those with hands in these dates, club and room: a unit without
    # one there would show "no hand" under a headline of his hands in another
    played = q.holdem_hands_played(db, player, site, start, end, club)
    if played.is_empty():
        st.info(f"No Hold'em hand of {md(player)} in these dates, club and room.")
        return
    # one deck at a time: a short-deck big blind may be a button blind, and Winning's Six Plus stakes
    # read as a 52-card table's, so neither a running total in big blinds nor a stakes choice parts them
    per_game = played.group_by("game").agg(pl.col("count_hands").sum()).sort(
        ["count_hands", "game"], descending=[True, False])
    games = dict(zip(per_game["game"].to_list(), per_game["count_hands"].to_list()))
    gone = st.session_state.get("holdem_game")
    if gone is not None and gone not in games:
        st.session_state["holdem_game"] = next(iter(games))   # the game with the most hands in these filters
    deck, money, left, right = st.columns([5, 5, 5, 3])   # at 1 of 7 the toggle cut "In big blinds"
    game = address.kept(deck.selectbox, "Game", list(games), key="holdem_game", name="deck",
                        format_func=lambda g: f"{q.label(g)}, {q.counted(games[g], 'hand')}",
                        help="52-card Hold'em and short deck (6+ Hold'em, 36 cards) are shown apart, never "
                             "added. Only the games with hands in these dates, club and room are offered.")
    if gone is not None and gone not in games:
        st.caption(f"No {md(q.label(gone))} hand in these dates, club and room.")
    played = played.filter(pl.col("game") == game)
    per_unit = played.group_by("is_tournament", "currency", maintain_order=True).agg(pl.col("count_hands").sum())
    hands = {(row["is_tournament"], row["currency"]): row["count_hands"] for row in per_unit.iter_rows(named=True)}
    units = list(hands)
    before = st.session_state.get("holdem_money")
    before = tuple(before) if isinstance(before, (list, tuple)) else before
    if before is not None and before not in hands:
        st.session_state["holdem_money"] = units[0]   # the unit with the most hands in these filters
    is_tournament, currency = address.kept(
        money.selectbox, "Money", units, key="holdem_money", name="money", as_text=lambda unit: q.money_label(*unit),
        format_func=lambda unit: f"{q.money_label(*unit)} ({q.counted(hands[unit], 'hand')})",
        help="Cash and tournaments, and each currency, are shown apart: never added. "
             "Only the units with hands in these dates, club and room are offered.")
    unit_label = q.money_label(is_tournament, currency)
    if before is not None and before not in hands:
        st.caption(f"No Hold'em hand in {md(q.money_label(*before))} in these dates, club and room: "
                   f"{md(q.hands_elsewhere({q.money_label(*u): n for u, n in hands.items()}))}.")
    in_unit = played.filter((pl.col("is_tournament") == is_tournament) & (pl.col("currency").eq_missing(currency))
                            & pl.col("stakes").is_not_null())
    stakes_list = in_unit["stakes"].to_list()
    if st.session_state.get("holdem_stakes") not in (None, "All stakes", *stakes_list):
        st.caption(f"No hand at {md(st.session_state['holdem_stakes'])} in these dates, club and room: all "
                   f"stakes of {md(unit_label)} are shown.")
        st.session_state["holdem_stakes"] = "All stakes"
    stakes_choice = address.kept(left.selectbox, "Stakes", ["All stakes", *stakes_list], key="holdem_stakes",
                                 name="stakes")
    stakes = None if stakes_choice == "All stakes" else stakes_choice
    in_bb = address.kept(right.toggle, "In big blinds", key="holdem_bb", name="in_bb", default=False)
    running = q.holdem_winnings(db, player, stakes, start, end, club, in_bb,
                                is_tournament=is_tournament, currency=currency, site=site, game=game)
    if running.is_empty():
        others = {q.money_label(*u): n for u, n in hands.items() if u != (is_tournament, currency)}
        st.info(f"No Hold'em hand of {md(player)} in {md(unit_label)}" + (f" at {md(stakes)}" if stakes else "")
                + " in these dates, club and room" + (f"; {md(q.hands_elsewhere(others))}." if others else "."))
    else:
        last_row = running.row(-1, named=True)
        unit = "big blinds" if in_bb else q.money_label(is_tournament, currency)
        cols = st.columns(4)
        for col, (name, title) in zip(cols, charts.WINNINGS_LINES.items()):
            value = last_row[name]
            col.metric(title, ("—" if value is None else f"{float(value):+,.2f}") if in_bb
                       else figure_text(value, currency))
        st.caption(f"{q.counted(last_row['hand_no'], 'hand')}, cumulative {unit}; all-in EV counts each all-in at "
                   "its equity.")
        st.altair_chart(charts.winnings(running, unit), width="stretch")
    money_said = f"in {unit_label}" + (f" at {stakes}" if stakes else "")
    st.markdown(f"**Statistics** (these dates, club and room, {md(money_said)}; one row per game, stakes and "
                "betting structure)")
    if "player_stats_holdem_by_day" not in q.relations(db):
        st.info("The Hold'em statistics (`player_stats_holdem_by_day`) are not built yet.")
        return
    chosen = {"site": site, "start": start, "end": end, "club": club, "is_tournament": is_tournament,
              "currency": currency, "stakes": stakes, "game": game}
    # all his names together (rates of the summed counts), then each name apart when he has several
    together = q.holdem_stats(db, player, **chosen)
    if together.is_empty():
        st.info(f"No statistics row for {md(player)} in these dates, club and room, {md(money_said)}.")
        return
    # the game is the one chosen above, the same on every row: its column would only push the figures aside
    tables.show(together.drop("game", strict=False), hide_index=True, key="holdem_stats")
    by_name = q.holdem_stats(db, player, **chosen, per_account=True)
    if by_name.height > together.height:
        st.caption("Each name apart:")
        tables.show(by_name.drop("names", "game", strict=False), hide_index=True, key="holdem_account_stats")


def raspisnoy() -> None:
    if q.has(db, "int_raspisnoy_rounds", "game_list"):
        rounds = q.raspisnoy_points(db, names, start, end, club)
        if rounds.is_empty():
            st.info("No raspisnoy round of this player in these dates and club.")
        else:
            games = rounds.select("game_id").unique(maintain_order=True)
            shown = games.tail(charts.GAMES_DRAWN)["game_id"].to_list()
            st.markdown(f"**Points over the rounds** ({len(shown)} latest of {q.counted(games.height, 'game')})")
            st.altair_chart(charts.running_totals(rounds.filter(pl.col("game_id").is_in(shown))),
                            width="stretch")
            per_game = rounds.group_by("game_id", "game_name", "played_at", maintain_order=True).agg(
                pl.col("total").drop_nulls().last().alias("final_total"), pl.len().alias("count_rounds"))
            st.markdown("**Points per game**")
            st.altair_chart(charts.bars(per_game.rename({"game_name": "game"}), "game", "final_total",
                                        x_title="Game", y_title="Final total (points)"), width="stretch")
    else:
        st.info("Raspisnoy rounds (`int_raspisnoy_rounds`) are not built yet.")
    by_round = q.raspisnoy_by_round(db, names, club, start, end)
    if "player_stats_raspisnoy_by_round" not in q.relations(db):
        st.info("Bid accuracy by cards dealt and round kind (`player_stats_raspisnoy_by_round`) is not built yet.")
    elif by_round.is_empty():
        st.info(f"No raspisnoy round of {md(player)} in these dates and club.")
    else:
        data = by_round  # one row per round kind and cards dealt: his exact rounds of his bid rounds
        left, right = st.columns(2)
        left.markdown("**Bid accuracy by cards dealt**")
        left.altair_chart(charts.bars(data, "cards", "bid_accuracy", color="kind", x_title="Cards dealt",
                                      y_title="Bid accuracy", y_format="%", color_title="Round kind"), width="stretch")
        right.markdown("**Overtricks by cards dealt**")
        right.altair_chart(charts.bars(data, "cards", "count_overtricks", color="kind", x_title="Cards dealt",
                                       y_title="Overtricks", color_title="Round kind"), width="stretch")
    dated = start is not None or end is not None
    st.markdown("**Statistics by club over these dates**" if dated else "**Statistics by club and season**")
    stats = q.raspisnoy_stats(db, names, club, start, end)
    if not q.has(db, "player_stats_raspisnoy", "player_stats_raspisnoy_by_day"):
        st.info("The raspisnoy statistics (`player_stats_raspisnoy`) are not built yet.")
    elif stats.is_empty():
        st.info(f"No raspisnoy statistics for {md(player)} in these dates and club.")
    else:
        tables.show(unnamed(stats), hide_index=True, key="raspisnoy_stats", unit=None)   # points


def board_name(kind: dict) -> str:
    """A Chinese poker or OFC board's game, variant and scale in words, as the headings of the tab say them."""
    scoring = f", scored {kind['scoring']}" if kind.get("scoring") else ""
    return f"{q.label(kind.get('game') or 'chinese')} — {kind.get('variant') or 'classic'}{scoring}"


def chinese() -> None:
    if "player_stats_chinese_by_day" not in q.relations(db):
        st.info("The Chinese/OFC statistics (`player_stats_chinese`) are not built yet.")
        return
    chosen = {"site": site, "start": start, "end": end, "club": club}
    stats = q.chinese_stats(db, player, **chosen)
    if stats.is_empty():
        st.info(f"No Chinese/OFC statistics for {md(player)} in these dates, club and room.")
        return
    for row in stats.iter_rows(named=True):
        st.markdown(f"**{md(board_name(row))}**, {q.counted(row['count_hands'], 'hand')}")
        cols = st.columns(5)
        cols[0].metric("Points per hand", f"{float(row['points_per_hand'] or 0):+.2f}")
        cols[1].metric("Royalties per hand", f"{float(row['royalties_per_hand'] or 0):.2f}")
        cols[2].metric("Foul rate", rate(row["foul_rate"]))
        cols[3].metric("Scoops won", rate(row["scoop_won_rate"]))
        cols[4].metric("Scoops suffered", rate(row["scoop_suffered_rate"]))
    grain = [c for c in ("game", "variant", "scoring") if c in stats.columns]
    rows = stats.unpivot(index=grain, on=["royalties_back", "royalties_middle", "royalties_front"],
                         variable_name="row", value_name="royalties").with_columns(
        pl.col("row").str.replace("royalties_", ""),
        # the legend names each board as the headings above do: "Chinese poker — classic, scored 1-6"
        pl.struct(grain).map_elements(board_name, return_dtype=pl.String).alias("board"))
    st.markdown("**Royalties by row**")
    st.altair_chart(charts.bars(rows, "row", "royalties", color="board", x_title="Row",
                                 y_title="Royalties (points)", color_title="Game"),
                    width="stretch")
    tables.show(stats, hide_index=True, key="chinese_stats", unit=None)   # points
    by_name = q.chinese_stats(db, player, **chosen, per_account=True)
    if by_name.height > stats.height:
        st.caption("Each name apart:")
        tables.show(by_name.drop("names"), hide_index=True, key="chinese_account_stats", unit=None)


def sixcard() -> None:
    if not q.has(db, "player_stats_sixcard_by_day", "player_stats_sixcard"):
        st.info("The six-card statistics (`player_stats_sixcard`) are not built yet.")
        return
    chosen = {"site": site, "start": start, "end": end, "club": club}
    stats = q.sixcard_stats(db, player, **chosen)
    if stats.is_empty():
        st.info(f"No six-card statistics for {md(player)} in these dates, club and room.")
        return
    for row in stats.iter_rows(named=True):   # one currency each: two are never added
        # a log that names no currency: the amounts are as it wrote them, in no unit we could name
        unit = f" ({row['currency']})" if row["currency"] else ""
        if stats.height > 1:
            st.markdown(f"**In {md(row['currency'] or 'the unit the logs do not name')}**")
        cols = st.columns(5)
        cols[0].metric("Return to player", rate(row["rtp"]))
        cols[1].metric(f"Net{md(unit)}", f"{row['total_net']:+,}")
        cols[2].metric(f"Wagered{md(unit)}", f"{row['total_wagered']:,}")
        # null when no box was analysed: nothing is known, which is not "nothing lost"
        lost, per_hand = row["ev_lost_total"], row["ev_lost_per_hand"]
        cols[3].metric("EV lost to mistakes", "—" if lost is None else f"{float(lost):,.2f}")
        cols[4].metric("EV lost per hand", "—" if per_hand is None else f"{float(per_hand):,.2f}")
        edge = row["house_edge_perfect_play"]
        st.caption(f"{q.counted(row['count_sessions'], 'session')}, {q.counted(row['count_hands'], 'hand')}, "
                   f"{q.counted(row['count_boxes'], 'box', 'boxes')}; house edge with perfect play "
                   + (f"{rate(edge)}." if edge is not None else
                      "not computed yet (`rasklad house-edge` computes it)."))
    tables.show(stats, hide_index=True, key="sixcard_stats", unit=sixcard_unit(stats))
    by_name = q.sixcard_stats(db, player, **chosen, per_account=True)
    if by_name.height > stats.height:
        st.caption("Each name apart:")
        tables.show(by_name.drop("names"), hide_index=True, key="sixcard_account_stats",
                    unit=sixcard_unit(by_name))
    categories = q.sixcard_categories(db, player, **chosen)
    if not categories.is_empty():
        st.markdown("**Hand categories: how often the boxes held each, against the exact odds** "
                    "(these dates, club and room)")
        if {"category", "observed_rate", "exact_probability"} <= set(categories.columns):
            long = categories.unpivot(index=["category"], on=["observed_rate", "exact_probability"],
                                      variable_name="measure", value_name="rate").with_columns(
                pl.col("measure").replace({"observed_rate": "observed", "exact_probability": "exact"}))
            st.altair_chart(charts.bars(long, "category", "rate", color="measure", x_title="Hand",
                                        y_title="Share of boxes", y_format="%", color_title="Share"), width="stretch")
        tables.show(categories, hide_index=True, key="sixcard_categories")


def tournament_results() -> None:
    """The tournament summaries: ROI, ITM and average finish per currency, results, the list."""
    stats = q.tournament_stats(db, player, site, start, end)
    undated = q.undated_tournaments(db, player, site) if start is not None or end is not None else 0
    if undated:
        st.caption(f"{q.counted(undated, 'tournament')} without a start time (the summary gives none) "
                   f"{'is' if undated == 1 else 'are'} left out of these dates: choose every date to count "
                   f"{'it' if undated == 1 else 'them'}.")
    for row in stats.iter_rows(named=True):
        # a freeroll that names no unit has no money at all
        unit = {"chips": "play chips", None: "freerolls"}.get(row["currency"], row["currency"])
        who = f" as {md(row['player'])}" if len(names) > 1 else ""
        who += f" at {md(row['site'])}" if row["site"] and len(q.person_sites(db, player)) > 1 else ""
        st.markdown(f"**{md(unit)}**{who} — {q.counted(row['count_tournaments'], 'tournament')}, "
                    f"{q.counted(row['count_entries'], 'entry', 'entries')} "
                    + ("(all dates)" if start is None and end is None else "(these dates)"))
        cols = st.columns(5)
        cols[0].metric(f"Net ({unit})", figure_text(row["net"], row["currency"]))
        cols[1].metric("ROI", "—" if row["roi"] is None else f"{float(row['roi']):+.1f}%",
                       help=f"net ÷ cost over {row['count_roi_tournaments']:,} tournaments whose prizes are in {unit}")
        cols[2].metric("ITM", f"{float(row['itm']):.1f}%", help=f"{row['count_itm']:,} tournaments with a prize")
        cols[3].metric("Average finish", "—" if row["avg_finish"] is None else f"{float(row['avg_finish']):.1f}")
        cols[4].metric(f"Cost ({unit})", figure_text(row["cost"], row["currency"]).lstrip("+"))
    # tournaments of several currencies in one, at the user's own rates only
    targets = q.convertible(stats["currency"].to_list(), rates) if rates and not stats.is_empty() else []
    if targets:
        target = address.kept(st.selectbox, "Tournaments in one currency", ["Each apart", *targets],
                              key="tournaments_convert", name="tournaments_in",
                              help="Adds the tournaments' cost and net at the rates you set (rasklad settings "
                                   "rate FROM TO RATE); play chips and currencies without a rate stay apart.")
        if target != "Each apart":
            net = cost = None
            used, left_out = set(), set()
            for row in stats.iter_rows(named=True):
                how = q.conversion(row["currency"], target, rates)
                if how is None:
                    left_out.add({"chips": "play chips", None: "freerolls"}.get(row["currency"], row["currency"]))
                    continue
                # added exactly, then rounded once to the cent (below), as every page adds converted amounts
                net = (net or 0) + q.exactly(row["net"], how)
                cost = (cost or 0) + q.exactly(row["cost"], how)
                used |= {how[2]} - {None}
            net, cost = (None if amount is None else amount.quantize(Decimal("0.01")) for amount in (net, cost))
            cols = st.columns(2)
            cols[0].metric(f"Net in {target}, at your rates", "—" if net is None else f"{net:+,} {target}")
            cols[1].metric(f"Cost in {target}, at your rates", "—" if cost is None else f"{cost:,} {target}")
            st.caption(f"At {', '.join(sorted(used)) or 'no rate'} (your rates, not the market's)"
                       + (f"; not converted: {', '.join(sorted(left_out))}." if left_out else "."))
    finished = tournaments.filter(~pl.col("is_still_playing") & pl.col("started_at").is_not_null())
    if finished.height >= 2:
        st.markdown("**Results over time** (running net, one line per currency: never added)")
        st.line_chart(finished.select("started_at", "currency", pl.col("running_net").cast(pl.Float64)),
                      x="started_at", y="running_net", color="currency", x_label="Started",
                      y_label="Running net")
    st.markdown("**Tournaments**")
    shown = tournaments.drop("running_net", *(["player"] if len(names) == 1 else []))
    tables.show(shown, hide_index=True, key="tournament_list", column_config={"player": "Name"})


VIEWS = {"tournaments": tournament_results, "holdem": holdem, "raspisnoy": raspisnoy, "chinese": chinese, "sixcard": sixcard}
for tab, name in zip(tabs, families):
    with tab:
        VIEWS[name]()
