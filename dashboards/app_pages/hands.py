"""Hands: one player's Hold'em hands, filtered, sorted and paged, and the chosen one in the replayer."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboards import address, tables
from dashboards import queries as q
from dashboards import replay_views as rv
from dashboards.date_filter import pick_dates
from dashboards.money import figure_text
from dashboards.replayer import card_text
from dashboards.safe_text import md

PAGE_SIZE = 50

st.title("Hands")
st.caption("Your Hold'em hands with the filters a tracker has; pick one to replay it at the table. "
           "What each column holds: docs/warehouse.md (hand_list).")
db = q.open_or_stop()
if not q.has(db, "hand_list"):
    st.info("No Hold'em hand in this warehouse yet (or its models predate the hand list: run "
            "`rasklad build-models`).", icon=":material/info:")
    st.stop()

players = q.hand_players(db)
if not players:
    st.info("No Hold'em hand in this warehouse yet.", icon=":material/info:")
    st.stop()
top = st.columns([3, 2])
player = q.pick_hand_player(db, top[0], "hands_player")
if st.session_state.get("hands_last_player") not in (None, player):
    st.query_params.pop("game", None)  # a hand asked for by the address belongs to the player before
st.session_state["hands_last_player"] = player
# 52-card and short-deck hands: a Winning Six Plus table's stakes read as a 52-card table's, so the
# game is a filter of its own, and each hand says its game
games = q.holdem_games(db, player)
if st.session_state.get("hands_deck") not in (None, "All games", *games):
    st.session_state["hands_deck"] = "All games"
deck = address.kept(top[1].selectbox, "Game", ["All games", *games], key="hands_deck", name="deck",
                    format_func=lambda g: g if g == "All games" else f"{q.label(g)}, {q.counted(games[g], 'hand')}")
game = None if deck == "All games" else deck
choices = q.hand_choices(db, player, game)

# -- filters --------------------------------------------------------------------------------------
row = st.columns([3, 2, 2, 2])   # the Dates field needs room for both days: at 2 the end day is cut
start, end = pick_dates(row[0], db, "hands_dates")
stakes = address.kept(row[1].multiselect, "Stakes", choices["stakes"], key="hands_stakes", name="stakes", default=[],
                      placeholder="All stakes")
clubs = address.kept(row[2].multiselect, "Club / room", choices["clubs"], key="hands_clubs", name="club", default=[],
                     placeholder="All")
positions = address.kept(row[3].multiselect, "Position", choices["positions"], key="hands_positions", name="position",
                         default=[], placeholder="All positions")
row = st.columns([2, 2, 2, 2])
cards_text = address.kept(row[0].text_input, "Hole cards", key="hands_cards", name="cards", default="",
                          placeholder="AKs, QQ, T9 …")
classes = q.hand_classes(cards_text)
result_choice = address.kept(row[1].selectbox, "Result", ["Any", "Won", "Lost", "Even"], key="hands_result",
                             name="result")
all_in_choice = address.kept(row[2].selectbox, "All-in", ["Any", "All-in", "Not all-in"], key="hands_all_in",
                             name="all_in")
showdown_choice = address.kept(row[3].selectbox, "Showdown", ["Any", "Went to showdown", "No showdown"],
                               key="hands_showdown", name="showdown")
result = None if result_choice == "Any" else result_choice.lower()
all_in = None if all_in_choice == "Any" else all_in_choice == "All-in"
showdown = None if showdown_choice == "Any" else showdown_choice == "Went to showdown"
if cards_text.strip() and not classes:
    st.warning("Hole cards are written as starting hands: AA, AKs, AKo, or AK for both.")

filters = (player, start, end, tuple(stakes), tuple(clubs), tuple(positions), tuple(classes), result, all_in, showdown)
totals = q.hand_totals(db, *filters, game=game)
count = int(totals["count_hands"].sum() or 0) if totals.height else 0
cancelled = int(totals["count_cancelled"].sum() or 0) if totals.height else 0
metrics = st.columns(1 + max(totals.height, 1))
# a cancelled hand is listed, as it happened, but was no hand played: the figure counts the hands played,
# as every other page does, and says how many cancelled ones the list holds besides
metrics[0].metric("Hands", f"{count - cancelled:,}", delta=f"and {q.counted(cancelled, 'cancelled hand')} listed"
                  if cancelled else None, delta_color="off", delta_arrow="off")
for column, unit in zip(metrics[1:], totals.iter_rows(named=True)):
    column.metric(f"Net ({unit['currency']})", figure_text(unit["net_won"], unit["currency"]))

if count == 0:
    st.query_params.pop("game", None)  # no hand is open: none matches
    st.info("No hand matches these filters.")
    st.stop()

order_col, page_col = st.columns([3, 1])
sort = address.kept(order_col.selectbox, "Order", list(q.HAND_SORTS), key="hands_sort", name="order",
                    help="The biggest wins, losses and pots are compared within a currency: those of the "
                         "currency with the most hands first, then the next.")
pages = (count + PAGE_SIZE - 1) // PAGE_SIZE
page = address.kept(page_col.number_input, f"Page (of {pages:,})", key="hands_page", name="page", default=1,
                    min_value=1, max_value=pages, value=1, step=1)
hands = q.hand_page(db, *filters, sort, int(page), PAGE_SIZE, game=game)
shown = hands.drop("game_id").with_columns(
    pl.col("hole_cards").map_elements(lambda text: " ".join(card_text(c) for c in text.split()),
                                      return_dtype=pl.String))
tables.show(shown, hide_index=True, key="hands_table", height=360)

# -- one hand in the replayer -------------------------------------------------------------------------
st.divider()


def hand_labels(rows: pl.DataFrame) -> dict[str, str]:
    """Each hand as its box names it: short, so that the box fits a phone (the rest is said below it)."""
    return {r["game_id"]: f"#{r['hand_id']} — {r['net']:+} {r['currency']}" for r in rows.iter_rows(named=True)}


def hand_details(rows: pl.DataFrame) -> dict[str, str]:
    """What the box leaves out: when, at what stakes, in what seat with what cards."""
    return {r["game_id"]: f"{tables.time_text(r['played_at'], r['played_in_utc']) or 'no date'} — "
                          f"{r['stakes']}{' (short deck)' if r['game'] == 'holdem36' else ''} — "
                          f"{r['position'] or '?'} {r['hole_cards'] or ''}".rstrip()
            for r in rows.iter_rows(named=True)}


def kept_hand(game_id: str) -> pl.DataFrame:
    """The row of a hand the address names on another page of the list, while the filters keep it."""
    return q.hand_page(db, *filters, sort, 1, 1, game_id=game_id, game=game)


game_id = rv.pick_game("Replay a hand", hand_labels(hands), "hands_game",
                       lambda asked: hand_labels(kept_hand(asked)).get(asked), lambda name: q.games_named(db, name))
details = hand_details(hands).get(game_id) or hand_details(kept_hand(game_id)).get(game_id)
st.caption(md(details))
stored = q.game(db, game_id)
text = q.game_text(db, game_id) if stored else None
if text is None:
    st.info("The warehouse keeps no text for this hand, so it cannot be replayed here.")
    st.stop()
audited = rv.audit_kept_text(text, stored["source_file"], game_id, stored["first_line"])
if audited is None or audited.record is None:
    st.error("The hand's text no longer parses" + (f": {md(audited.error)}" if audited is not None else "."))
    st.stop()
findings = q.game_findings(db, game_id)
if findings.height:
    st.page_link("app_pages/audit.py", label=f"{findings.height} finding(s): open in the Audit",
                 icon=":material/fact_check:", query_params={"game": game_id})
rv.show_replay(audited, rv.marks_of(findings), shortcuts=True)
