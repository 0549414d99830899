"""Audit: the findings by rule, severity, game, player and date; then one game opened line by line and replayed."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboards import address, charts, tables
from dashboards import queries as q
from dashboards import replay_views as rv
from dashboards.date_filter import pick_dates
from dashboards.safe_text import md
from rules.words import listed_name

BOX_FILE_CHARS = 28
"""The longest file name the Open a game box names whole: with its line it fits the box on a phone (390 pixels)."""

st.title("Audit")
st.caption("Every rule ID, its text, severity and origin: docs/rules.md in the Rasklad folder.")
db = q.open_or_stop()

# -- filters --------------------------------------------------------------------------------------
top = st.columns([3, 1, 2, 2])
rules = address.kept(top[0].multiselect, "Rules", q.finding_rules(db), key="audit_rules", name="rule", default=[],
                     placeholder="All rules")
severity_choice = address.kept(top[1].selectbox, "Severity", ["Any", "error", "warning"], key="audit_severity",
                               name="severity")
# (?game= names the game opened below: the kind of game is ?kind=)
game_choice = address.kept(top[2].selectbox, "Game", ["All games", *q.games_present(db)], key="audit_game_kind",
                           name="kind", format_func=lambda g: g if g == "All games" else q.label(g))
alike = q.names_alike(db)
player_choice = address.kept(top[3].selectbox, "Player", ["All players", *q.players(db)], key="audit_player",
                             name="player",
                             format_func=lambda name: name if name == "All players" else listed_name(name, alike))
severity = None if severity_choice == "Any" else severity_choice
game_kind = None if game_choice == "All games" else game_choice
player = None if player_choice == "All players" else player_choice
start, end = pick_dates(st, db, "audit_dates")

by_rule = q.findings_by_rule(db, tuple(rules), severity, game_kind, player, start, end)
found = q.findings(db, tuple(rules), severity, game_kind, player, start, end)

cols = st.columns(3)
cols[0].metric("Findings", f"{int(by_rule['count_findings'].sum() or 0):,}")
cols[1].metric("Games with findings", f"{found['game_id'].n_unique():,}")
cols[2].metric("Rules broken", f"{by_rule['rule_id'].n_unique():,}")

if found.is_empty():
    st.success("No finding matches these filters.")
else:
    left, right = st.columns([1, 2])
    with left:
        st.markdown("**By rule**")
        st.altair_chart(
            charts.bars(by_rule, "rule_id", "count_findings", color="severity", x_title="Rule", y_title="Findings",
                        color_title="Severity"),
            width="stretch",
        )
    with right:
        st.markdown("**Findings**" + (" (first 5,000)" if found.height >= 5000 else ""))
        tables.show(found.drop("game_id"), hide_index=True, key="audit_findings", height=330)

# -- one game ---------------------------------------------------------------------------------------
st.divider()
st.subheader("Open a game")


def found_games(findings: pl.DataFrame) -> pl.DataFrame:
    """Each game of ``findings`` once, in their order: its file, first finding's line, game and the rules it broke."""
    if findings.is_empty():
        return pl.DataFrame(schema={"game_id": pl.String})
    return findings.group_by("game_id", maintain_order=True).agg(
        pl.col("game").first(), pl.col("name_in_log").first(), pl.col("source_file").first(), pl.col("line").min(),
        pl.col("rule_id").unique(maintain_order=True).str.join(", ").alias("rules"))


def box_file(source_file: str) -> str:
    """A file's name as the box names it: whole up to BOX_FILE_CHARS, else its start and end around "…"
    (the whole path is said below the box, under Source)."""
    name = source_file.rsplit("/", 1)[-1]
    if len(name) <= BOX_FILE_CHARS:
        return name
    kept = BOX_FILE_CHARS - 1
    return f"{name[:kept - kept // 2]}…{name[-(kept // 2):]}"


def game_labels(games: pl.DataFrame) -> dict[str, str]:
    """Each game as the box names it: its file and first finding's line, as the table above reads them,
    short enough for a phone (the game and the rules it broke are said below it)."""
    return {row["game_id"]: f"{box_file(row['source_file'])}:{row['line'] or '?'}" for row in games.iter_rows(named=True)}


def game_details(games: pl.DataFrame) -> dict[str, str]:
    """What the box leaves out: the game, with the name or number its log gives it, and the rules it broke."""
    return {row["game_id"]: f"{q.label(row['game'])}{' ' + row['name_in_log'] if row['name_in_log'] else ''} — "
                            f"{row['rules']}" for row in games.iter_rows(named=True)}


def kept_games(game_id: str) -> pl.DataFrame:
    """The game the address names, as :func:`found_games` has it, beyond the games listed (the first
    5,000 findings), while the filters keep it; with no filter set, any stored game (a link to a game
    without findings); else none."""
    games = found_games(q.findings(db, tuple(rules), severity, game_kind, player, start, end, game_id=game_id))
    stored = None if games.height or rules or severity or game_kind or player or start or end else q.game(db, game_id)
    if stored is None:
        return games
    return pl.DataFrame([{"game_id": game_id, "game": stored["game"], "name_in_log": stored["name_in_log"],
                          "source_file": stored["source_file"], "line": stored["first_line"], "rules": "no finding"}])


listed = found_games(found)
game_id = rv.pick_game("Game", game_labels(listed), "audit_game",
                       lambda asked: game_labels(kept_games(asked)).get(asked), lambda name: q.games_named(db, name))
if game_id is None:
    st.info("Pick filters that match some findings to open one of their games.")
    st.stop()
st.caption(md(game_details(listed).get(game_id) or game_details(kept_games(game_id)).get(game_id)))

stored = q.game(db, game_id)
if stored is None:
    st.warning("This game is not in the warehouse.")
    st.stop()
# The game's text as the warehouse keeps it: never the file its row names, which may be gone,
# edited, or any file at all in a forged row.
text = q.game_text(db, game_id)
audited = None if text is None else rv.audit_kept_text(text, stored["source_file"], game_id, stored["first_line"])
meta = st.columns(4)
meta[0].markdown(f"**{md(q.label(stored['game']))}**  \n{md(stored['game_id'])}")
played = rv.played_text(stored["played_at"], stored.get("played_in_utc"), audited)
meta[1].markdown(f"**Played**  \n{md(played)}")
meta[2].markdown(f"**Club / table**  \n{md(stored['club'] or '—')} / {md(stored['table_name'] or '—')}")
meta[3].markdown(f"**Source**  \n{md(stored['source_file'])} lines {stored['first_line']}–{stored['last_line']}")
# a game's nets in its unit: the currency of a Hold'em hand, points (null) in the scored games
tables.show(q.game_players(db, game_id), hide_index=True, key="audit_game_players",
            unit=stored["currency"] if stored.get("game") != "sixcard" else tables.UNSAID)

game_findings = q.game_findings(db, game_id)
# the tab open is kept in the address (?tab=replay), so that a link opens the game as it was shown
tab_findings, tab_source, tab_replay = address.kept_tabs(["Findings", "Source", "Replay"],
                                                         ["findings", "source", "replay"], key="audit_tab")
with tab_findings:
    rv.show_findings(game_findings)

with tab_source:
    if text is None:
        st.info("The warehouse keeps no text for this game (it was stored by an older Rasklad): ingest its file "
                "into a new warehouse to see its lines here. Its findings and players above are stored.")
    else:
        first_line, last_line = stored["first_line"], stored["last_line"]
        st.caption(f"{md(stored['source_file'])}, lines {first_line}–{last_line}; the lines a finding names are marked.")
        rv.show_source(text.split("\n"), first_line, rv.marks_of(game_findings))

with tab_replay:
    if audited is None:
        st.info("The warehouse keeps no text for this game, so it cannot be replayed here.")
    elif audited.record is None:
        st.error(f"The text no longer parses: line {audited.error_line}, column {audited.error_column}: "
                 f"{md(audited.error)}")
    else:
        # opened at the step of a finding: the one whose line the address names, else the first
        lines = sorted({int(v) for v in game_findings["line"].drop_nulls().to_list()})
        asked = st.query_params.get("line")
        wanted_line = int(asked) if asked and asked.isdigit() and int(asked) in lines else None
        at_line = None
        if lines:
            rules_at = {n: rv.rules_named(game_findings.filter(pl.col("line") == n)["rule_id"].to_list()) for n in lines}
            at_line = st.selectbox("Open at the finding", lines, format_func=lambda n: f"line {n}: {rules_at[n]}",
                                   index=lines.index(wanted_line) if wanted_line else 0, key=f"audit_at_{game_id}")
        rv.show_replay(audited, rv.marks_of(game_findings), start_line=at_line, shortcuts=True)
