"""Club leaderboards: per club, game and season, with a minimum of games; raspisnoy settled in money."""

from __future__ import annotations

from functools import partial

import streamlit as st

from dashboards import address, charts, tables
from dashboards import queries as q
from dashboards.safe_text import md
from rules.words import listed_name

SEASON_KINDS = {"all": "All time", "year": "Year", "quarter": "Quarter", "month": "Month"}

st.title("Club leaderboards")
st.caption("How seasons, placements and the settlement are computed: docs/warehouse.md.")
db = q.open_or_stop()
if not q.has(db, "leaderboard"):
    st.info("The leaderboard mart is not built yet.")
    st.stop()
clubs = q.leaderboard_clubs(db)
if not clubs:
    st.info("No game is stored yet: import some first.")
    st.stop()

# Clubs (and rooms, for the online games of no club) with a name first; games of neither are listed
# last as "(no club)".
clubs = sorted(clubs, key=lambda c: (c == "(no club)", c))
merged = q.has(db, "leaderboard_raspisnoy")  # one raspisnoy table for logs and score sheets


def game_label(game: str) -> str:
    return q.leaderboard_label(game) if merged else q.label(game)


top = st.columns([2, 2, 3])
club = address.kept(top[0].selectbox, "Club / room", clubs, key="lb_club", name="club",
                    help="A club, or a poker room (site) for online games played in no club.")
games = q.leaderboard_games(db, club)
if merged and "raspisnoy_sheet" in games:
    games = [g for g in games if g != "raspisnoy_sheet"] + ([] if "raspisnoy" in games else ["raspisnoy"])
game = address.kept(top[1].selectbox, "Game", games, key="lb_game", name="game", format_func=game_label)
kind = address.kept(top[2].radio, "Season", list(SEASON_KINDS), key="lb_kind", name="season",
                    format_func=SEASON_KINDS.get, horizontal=True)
row = st.columns([2, 2, 3])
is_raspisnoy = merged and q.family(game) == "raspisnoy"
is_tournament, currency, scoring = False, None, None
if not is_raspisnoy:
    # one table per unit: a net in USD, in EUR or in tournament chips, or points on Chinese poker's
    # other scale, never ranks against another
    units = q.leaderboard_money(db, club, game) or [(False, None, None)]
    # the unit kept from another game may read alike ("money") yet match no table of this one
    if not address.first_run("lb_money") and st.session_state["lb_money"] not in units:
        st.session_state["lb_money"] = units[0]
    is_tournament, currency, scoring = address.kept(
        row[2].selectbox, "Money", units, key="lb_money", name="money", as_text=lambda unit: q.money_label(*unit, game),
        format_func=lambda unit: q.money_label(*unit, game), disabled=len(units) == 1)
seasons = (q.raspisnoy_seasons(db, club, kind) if is_raspisnoy
           else q.seasons(db, club, game, kind, is_tournament, currency, scoring))
if not seasons:
    st.info("No dated games for this club and game: only the all-time table exists.")
    st.stop()
season = address.kept(row[0].selectbox, "Which", seasons, key="lb_season", name="which", disabled=kind == "all")
min_games = address.kept(row[1].number_input, "Minimum games", key="lb_min_games", name="min_games", default=1,
                         min_value=1, value=1, step=1)

if is_raspisnoy:
    point_value = address.kept(row[2].number_input, "Money per point", key="lb_point_value", name="point_value",
                               default=1.0, min_value=0.0, value=1.0, step=0.5, format="%.2f")
    ways = ["pairs"] + (["winner"] if "settlement_points_winner" in q.columns(db, "leaderboard_raspisnoy") else [])
    settlement = address.kept(st.radio, "Settlement", ways, key="lb_settlement", name="settlement", horizontal=True,
                              format_func={"pairs": "every pair settles its difference",
                                           "winner": "only the winner collects (RSP-TOTAL)"}.get)
    table = q.raspisnoy_leaderboard(db, club, kind, season, int(min_games), point_value, settlement)
    # points (whole where they are), and the settlement in money to the cent
    config = {"settlement_money": st.column_config.NumberColumn("Settlement (money)", format=tables.CENTS_FORMAT)}
    st.caption("Settlement: each player's balance in points over the season's games, and in money at the "
               "chosen value of a point.")
else:
    table = q.leaderboard(db, club, game, kind, season, int(min_games), is_tournament, currency, scoring)
    unit_label = q.money_label(is_tournament, currency, scoring, game)
    amounts_unit = currency
    config = {"net": f"Net ({unit_label})"}
    # cash of several currencies ranked in one, at the user's own rates only (rasklad settings rate)
    rates = q.conversion_rates(db)
    targets = q.convertible([c for (tournament, c, _) in units if not tournament], rates) if rates else []
    if targets:
        target = address.kept(row[2].selectbox, "Cash in one currency", ["Each apart", *targets], key="lb_convert",
                              name="cash_in",
                                  help="Ranks every cash net added in one currency at the rates you set "
                                       "(rasklad settings rate FROM TO RATE); tournaments and chips stay apart.")
        if target != "Each apart":
            table, used, left_out = q.leaderboard_in_one_currency(db, club, game, kind, season, int(min_games),
                                                                  target, rates)
            unit_label = f"{target} at your rates"
            amounts_unit = target
            config = {"net": f"Net ({unit_label})"}
            st.caption(f"Cash in {md(target)} at {', '.join(used) or 'no rate'} (your rates, not the market's)"
                       + (f"; not converted, so left out: {md(', '.join(left_out))}." if left_out else "."))

unit_title = "" if is_raspisnoy else f" — {md(unit_label)}"
st.subheader(f"{md(club)} — {md(game_label(game))}{unit_title} — "
             f"{md(SEASON_KINDS[kind] if kind == 'all' else season)}")
if table.is_empty():
    st.info(f"Nobody played {q.counted(int(min_games), 'game')} or more in this season.")
else:
    # a raspisnoy table is in points (its money column says so); another in its unit, or the currency converted to
    tables.show(table, hide_index=True, key="lb_table", column_config=config, unit=None if is_raspisnoy else amounts_unit)
    st.caption("Click a column's header to sort by it.")

st.subheader("Rank over time")
left, right = st.columns([2, 3])
players = table["player"].to_list() if not table.is_empty() else []
if players:
    # the trend opens at "me" (any of his names on this table), else at the leader
    mine = {q.me(db), *q.person_names(db, q.me(db))} if q.me(db) else set()
    start_at = next((i for i, name in enumerate(players) if name in mine), 0)
    who = address.kept(left.selectbox, "Player", players, key="lb_trend_player", name="player",
                       default=players[start_at], index=start_at, format_func=partial(listed_name, alike=q.names_alike(db)))
    trend_kind = address.kept(right.radio, "By", ["month", "quarter", "year"], key="lb_trend_kind", name="by",
                              format_func=SEASON_KINDS.get, horizontal=True)
    trend = (q.raspisnoy_rank_trend(db, club, who, trend_kind) if is_raspisnoy
             else q.rank_trend(db, club, game, who, trend_kind))
    # a rank is among the nets of one unit: each unit is its own line, never two added
    longest = trend.group_by("unit").len()["len"].max() if "unit" in trend.columns and trend.height else trend.height
    if longest == 0:  # a game without a date counts in the all-time table only
        st.info(f"{md(who)}'s games of this club and game have no date: no {trend_kind} to rank them in, so no "
                "trend to draw.")
    elif longest < 2:
        st.info(f"{md(who)} has played in {q.counted(longest, trend_kind)} of this club and game: no trend to "
                "draw yet.")
    else:
        if "unit" in trend.columns and trend["unit"].n_unique() > 1:
            st.caption(f"{md(who)} played for {', '.join(md(u) for u in trend['unit'].unique(maintain_order=True))}: "
                       "one line each, ranked among the players of that unit.")
        st.altair_chart(charts.rank_trend(trend, who), width="stretch")
