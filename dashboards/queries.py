"""Every query the dashboards run: one read-only DuckDB connection, parameterised SQL, cached frames.

Pages never write SQL of their own: they call the functions below with the values of their
widgets. The connection is opened read-only under ``st.cache_resource`` and each query runs
on a cursor of it (DuckDB connections are not shared between threads; cursors are). Results
are cached under ``st.cache_data`` keyed by the warehouse (its path and its commit marker, which
changes with every commit and models build) and by the widget values, which reach DuckDB only as
parameters. A commit by an ingest anywhere gives a new marker: the next run of a page opens a
new connection and reads fresh results, without a restart.

Table and mart names are never taken from the browser: the few functions that choose a
relation pick it from the fixed tables of this module.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import tempfile
import weakref
from collections.abc import Iterable
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path

import duckdb
import polars as pl
import streamlit as st

from dashboards.safe_text import md, md_with_code
from pipeline.manifest import MANIFEST_FILE, NewerWarehouse, StatisticsNotBuilt
from pipeline.models import Missing, build_apart, missing_from, models, select_over, supply_missing
from pipeline.names import STORED_NAMES, games_named_sql, name_parameters, stored_names
from pipeline.provenance import OLDER_RULES_SQL, RULES_VERSION, OlderRules, judged_by_older_rules
from pipeline.tables import SCHEMAS
from pipeline.warehouse import (
    DUCKDB_FILE,
    Manifest,
    commit_marker,
    connect,
    lay_table_views,
    models_manifest,
    read_manifest,
)
from rules.words import (
    close_names,
    counted,  # (the pages word their counts as q.counted too)
    listed,
    listed_name,
    name_order,
    no_player,
    printing_alike,
    same_name,
)

WAREHOUSE_ENV = "RASKLAD_WAREHOUSE"
DEFAULT_WAREHOUSE = "data/warehouse"

Db = tuple[str, tuple[int, ...]]
"""A warehouse as the caches see it: the DuckDB file's path and the warehouse's commit marker."""

GAME_LABELS = {
    "holdem": "Hold'em (52 cards)",
    "holdem36": "Hold'em 6+ (short deck, 36 cards)",
    "raspisnoy": "Raspisnoy (log)",
    "raspisnoy_sheet": "Raspisnoy (score sheet)",
    "chinese": "Chinese poker",
    "ofc": "Open-face Chinese",
    "sixcard": "Six-card poker",
    "tournament": "Tournament summaries",
}
"""The games the warehouse partitions by, with the names people know them by (the two Hold'em decks
each named by its deck: a page that shows both never leaves one of them unnamed)."""

FAMILIES = {
    "holdem": ("holdem", "holdem36"),
    "raspisnoy": ("raspisnoy", "raspisnoy_sheet"),
    "chinese": ("chinese", "ofc"),
    "sixcard": ("sixcard",),
}
"""A game family (one statistics mart each) and the warehouse games it covers."""

FAMILY_LABELS = {"holdem": "Hold'em", "raspisnoy": "Raspisnoy", "chinese": "Chinese / OFC", "sixcard": "Six-card"}

STATS_MARTS = {
    "holdem": "player_stats_holdem",
    "raspisnoy": "player_stats_raspisnoy",
    "chinese": "player_stats_chinese",
    "sixcard": "player_stats_sixcard",
}


LEADERBOARD_GAME_LABELS = {"raspisnoy": "Raspisnoy (logs and sheets)"}
"""The games a person's results and the leaderboards count as one (macro ``leaderboard_game_of``),
named for all the warehouse games they cover."""


def label(game: str) -> str:
    return GAME_LABELS.get(game, game)


def leaderboard_label(game: str) -> str:
    """The name of a game as a person's results and the leaderboards count it."""
    return LEADERBOARD_GAME_LABELS.get(game) or label(game)


def money_label(is_tournament: bool | None, currency: str | None, scoring: str | None = None,
                game: str | None = None) -> str:
    """What a figure counts in, said for a person: 'USD', 'tournament chips', 'points', and the
    scale of Chinese poker's and OFC's points (``scoring``), never added to the other's. No
    currency is points in the scored games, but money in six-card poker (``game``), whose logs
    name no currency: the casino's money is not a score.

    >>> money_label(False, "EUR"), money_label(True, "chips"), money_label(False, "chips"), money_label(False, None)
    ('EUR', 'tournament chips', 'play chips', 'points')
    >>> money_label(False, None, "2-4")
    'points (2-4 scoring)'
    >>> money_label(False, None, game="sixcard"), money_label(False, None, game="raspisnoy")
    ('money', 'points')
    """
    if currency is None:
        if family(game) == "sixcard":
            return "money"
        return f"points ({scoring} scoring)" if scoring else "points"
    if currency == "chips":
        return "tournament chips" if is_tournament else "play chips"
    return f"{currency} (tournaments)" if is_tournament else currency


def family(game: str) -> str | None:
    return next((name for name, games in FAMILIES.items() if game in games), None)


# -- the warehouse and the connection ---------------------------------------------------------

def warehouse_root() -> Path:
    """The warehouse folder the app serves (``RASKLAD_WAREHOUSE``, set by ``rasklad dashboard``)."""
    return Path(os.environ.get(WAREHOUSE_ENV, DEFAULT_WAREHOUSE)).resolve()


_MARKERS: dict[str, tuple[int, ...]] = {}
"""The last commit marker seen of each warehouse's DuckDB file."""


def database() -> Db | None:
    """The warehouse's DuckDB file and its stamp, or None when nothing was ingested yet. When the
    stamp changed, the connections of the older commits are closed first: DuckDB hands a new
    connection to a path the database it already has open there, so while one of them lived, the
    pages read the marts of the file the models build has replaced."""
    path = warehouse_root() / DUCKDB_FILE
    if not path.exists():
        return None
    marker = commit_marker(path.parent)
    if _MARKERS.setdefault(str(path), marker) != marker:
        _connection.clear()
        _MARKERS[str(path)] = marker
    return str(path), marker


def open_or_stop(none_yet: str | None = None) -> Db:
    """The warehouse for a page, opened; or, and the end of the page, what keeps it from being read,
    in the command line's words: no warehouse yet (a note saying how to fill it, or ``none_yet``),
    its statistics not built, or a newer Rasklad's format this one cannot read. Every page opens
    the warehouse here, so that none of them meets these as a traceback."""
    root = warehouse_root()
    db = database()
    if db is None:
        if (root / MANIFEST_FILE).exists():     # games committed, a first ingest stopped in its build
            unbuilt = StatisticsNotBuilt(root)
            st.warning(f"{md(unbuilt.what)} {md_with_code(unbuilt.fix)}", icon=":material/warning:")
        else:
            st.info(none_yet or f"No warehouse at `{root}` yet. Import logs on the **Import** page, or run "
                                f"`rasklad ingest data/samples --warehouse {root}`.", icon=":material/info:")
        st.stop()
    try:
        _connection(*db)    # (the connection every query of this commit reads: opened once)
    except NewerWarehouse as error:
        st.error(f"{md(error.what)} {md(error.fix)}", icon=":material/error:")
        st.stop()
    return db


def _close(opened: tuple[duckdb.DuckDBPyConnection, Path, Manifest, Missing]) -> None:
    opened[0].close()


@st.cache_resource(show_spinner=False, on_release=_close, max_entries=4)
def _connection(path: str, marker: tuple[int, ...]) -> tuple[duckdb.DuckDBPyConnection, Path, Manifest, Missing]:
    """One connection per commit of the warehouse (a new marker opens a new one), with the
    commit it reads: each cursor lays its own views over that commit's parts (the views a
    connection lays are its own, not its cursors'); and what its models file lacks of this
    Rasklad's models and macros, which each cursor supplies. A models file that other SQL built
    (an older Rasklad, until the next write) is read as this SQL's models, built once into a
    temporary folder outside the warehouse: the pages read many marts, each a view otherwise."""
    root = Path(path).parent.resolve()
    con = connect(root, tables=())  # each cursor lays the views its query reads
    # the commit the models were built from, as connect() chose it, so cursors' tables match the marts
    manifest, missing = models_manifest(con, root, read_manifest(root)), missing_from(con)
    if not missing.other_sql:
        return con, root, manifest, missing
    con.close()
    manifest = read_manifest(root)
    apart = tempfile.mkdtemp(prefix="rasklad-models-")
    try:
        build_apart(root, Path(apart) / "models.duckdb", manifest)
        con = connect(root, tables=(), models_file=Path(apart) / "models.duckdb")
    except BaseException:
        shutil.rmtree(apart, ignore_errors=True)
        raise
    weakref.finalize(con, shutil.rmtree, apart, True)     # (gone with the connection, or at exit)
    return con, root, manifest, Missing()


def release() -> None:
    """Close the read-only connection (before an ingest rebuilds the DuckDB file) and drop every cached result."""
    _connection.clear()
    st.cache_data.clear()


def _cursor(db: Db, sql: str = "") -> duckdb.DuckDBPyConnection:
    """A cursor with the views of the warehouse tables ``sql`` reads, directly or through the
    models' views (a mart is stored in the DuckDB file and needs none): laying a view looks at
    its files, so a query of marts lays none."""
    con, root, manifest, missing = _connection(*db)
    cursor = con.cursor()
    if missing:
        # the models the file lacks become this cursor's views, over every table: rare (until the
        # models are rebuilt), and a view binds to what it reads when it is made
        lay_table_views(cursor, root, manifest)
        supply_missing(cursor, missing)
        return cursor
    behind = _tables_behind()
    lay_table_views(cursor, root, manifest,
                    set().union(*(behind[word] for word in re.findall(r"\w+", sql) if word in behind)))
    return cursor


@functools.cache
def _tables_behind() -> dict[str, frozenset[str]]:
    """Per warehouse table and model, the warehouse tables a query naming it reads: a table its
    own, a view model those its text names (through other views), a table model none."""
    behind = {table: frozenset({table}) for table in SCHEMAS}
    for model in models():  # in build order: what a view reads is known before it
        if model.materialized == "table":
            behind[model.name] = frozenset()
            continue
        words = set(re.findall(r"\w+", re.sub(r"--[^\n]*", "", model.body))) - {model.name}
        behind[model.name] = frozenset().union(*(behind[word] for word in words if word in behind))
    return behind


@st.cache_data(show_spinner=False, max_entries=512)
def frame(db: Db, sql: str, **params) -> pl.DataFrame:
    """The rows of a query of this module, as a Polars frame (cached per warehouse and parameters)."""
    with _cursor(db, sql) as cursor:
        return cursor.sql(sql, params=params or None).pl()


@st.cache_data(show_spinner=False)
def relations(db: Db) -> frozenset[str]:
    """The tables and views of the warehouse and its models (those its models file lacks are views
    of this Rasklad's SQL, see :func:`_cursor`)."""
    with _cursor(db) as cursor:
        rows = cursor.execute("select table_name from information_schema.tables").fetchall()
    return frozenset(name for (name,) in rows)


def has(db: Db, *names: str) -> bool:
    return set(names) <= relations(db)


def table(db: Db, name: str) -> str | None:
    """The relation to read a warehouse table from: its staging view if a model defines one, else
    the table's own view.

    ``name`` is one of this module's fixed table names, never a value from the browser.
    """
    present = relations(db)
    return next((relation for relation in (f"stg_{name}", name) if relation in present), None)


def columns(db: Db, relation: str) -> list[str]:
    if relation not in relations(db):
        return []
    rows = frame(db, "select column_name from information_schema.columns where table_name = $name "
                     "order by ordinal_position", name=relation)
    return rows["column_name"].to_list()


def clock(db: Db, relation: str) -> str:
    """The select of ``relation``'s ``played_in_utc`` (whether a row's times are in UTC): null in a mart
    that models an older Rasklad built lack it (until the next ingest or ``rasklad build-models``).

    ``relation`` is one of this module's fixed mart names, never a value from the browser."""
    return "played_in_utc" if "played_in_utc" in columns(db, relation) else "null::boolean as played_in_utc"


def stakes_shown(db: Db, relation: str, alias: str) -> str:
    """The stakes of ``relation``'s rows (as ``alias``) as the pages offer and filter them: with their
    betting structure (the macro ``stakes_label``: 'No Limit $1/$2 USD'), as Limit and No Limit at one
    label are rows apart; the label alone in a mart an older Rasklad built without ``betting``.

    ``relation`` is one of this module's fixed mart names, never a value from the browser."""
    if "betting" in columns(db, relation):
        return f"stakes_label({alias}.stakes, {alias}.betting)"
    return f"{alias}.stakes"


def _day_bounds(start: date | None, end: date | None) -> tuple[datetime | None, datetime | None]:
    return (
        datetime.combine(start, time.min) if start else None,
        datetime.combine(end, time.max) if end else None,
    )


# -- overview ---------------------------------------------------------------------------------

def games_by_kind(db: Db) -> pl.DataFrame:
    return frame(db, """
        select game, sum(count_games)::bigint as count_games, count(distinct source_file) as count_files,
               sum(count_errors)::bigint as count_errors, sum(count_warnings)::bigint as count_warnings,
               min(first_played_at) as first_played_at, max(last_played_at) as last_played_at,
        from games_by_day group by all order by game
    """)


def count_quarantined(db: Db) -> int:
    return int(frame(db, "select count(*) as n from quarantine_list")["n"][0])


def count_players(db: Db) -> int:
    """The screen names that played a stored game (the people mart counts each account's games)."""
    return int(frame(db, "select count(distinct player) filter (where count_games > 0) as n from people")["n"][0])


# -- filters ----------------------------------------------------------------------------------

def players(db: Db) -> list[str]:
    """Everyone who played a stored game, and the account holders of the tournament summaries (the
    other names a summary lists are opponents met once)."""
    return sorted(frame(db, "select distinct player from people where count_games > 0 or count_tournaments > 0"
                            )["player"].to_list(), key=name_order)


def names_alike(db: Db | None, also: Iterable[str] = ()) -> frozenset[str]:
    """The names that print as another does (a Latin A in a Cyrillic word; ВОВА in Cyrillic beside
    BOBA in Latin), among the warehouse's names of players and persons (:data:`pipeline.names.STORED_NAMES`,
    as the command line reads them) and ``also``, the names of a game checked but not stored: what
    every list, table and replay of a page marks (:func:`rules.words.listed_name`), so that a name
    reads the same in each of them. ``db`` None: no warehouse yet, the names of ``also`` alone."""
    stored = _stored_names(db) if db is not None else frozenset()
    extra = frozenset(also) - stored    # (none for a stored game's: the warehouse's set, compared once)
    return printing_alike(stored | extra if extra else stored)


@st.cache_data(show_spinner=False, max_entries=4)
def _stored_names(db: Db) -> frozenset[str]:
    with _cursor(db, STORED_NAMES) as cursor:
        return stored_names(cursor)


def busiest_player(db: Db) -> str | None:
    rows = frame(db, "select player from people where count_games > 0 group by player "
                     "order by sum(count_games) desc, player limit 1")
    return rows["player"][0] if rows.height else None


def clubs(db: Db) -> list[str]:
    return frame(db, "select distinct club from games_by_day where club is not null order by club")["club"].to_list()


def sites(db: Db) -> list[str]:
    """The rooms (sites) of the stored games; games without a room (home games) name none."""
    return frame(db, "select distinct site from games_by_day where site is not null order by site")["site"].to_list()


def games_present(db: Db) -> list[str]:
    return frame(db, "select distinct game from games_by_day order by game")["game"].to_list()


def date_range(db: Db) -> tuple[date | None, date | None]:
    row = frame(db, "select min(first_played_at)::date as first, max(last_played_at)::date as last from games_by_day")
    return row["first"][0], row["last"][0]


def count_games_after(db: Db, day: date) -> int:
    """The stored games played after ``day`` (on the days :func:`date_range` reads)."""
    return int(frame(db, "select coalesce(sum(count_games), 0)::bigint as n from games_by_day where played_on > $day",
                     day=day)["n"][0])


# -- player review ----------------------------------------------------------------------------

Players = str | tuple[str, ...]
"""One screen name, or a person's names (see :func:`person_names`): per-player queries take either.
The queries of games played in rooms take the person instead (a screen name is per room)."""


def names(player: Players) -> list[str]:
    """The names a per-player query reads.

    >>> names("Gleb"), names(("Gleb", "Глеб"))
    (['Gleb'], ['Gleb', 'Глеб'])
    """
    return [player] if isinstance(player, str) else list(player)


def people(db: Db) -> list[str]:
    """Every person (a name no alias links is a person of its own), "me" first."""
    if not has(db, "people"):
        return players(db)
    rows = frame(db, "select person, bool_or(is_me) as is_me from people group by person")
    mine = dict(zip(rows["person"].to_list(), rows["is_me"].to_list()))
    return sorted(mine, key=lambda person: (not mine[person], name_order(person)))


def me(db: Db) -> str | None:
    """The person the "me" setting names, when it names one."""
    if not has(db, "people"):
        return None
    rows = frame(db, "select any_value(person) as person from people where is_me")
    return rows["person"][0] if rows.height else None


def persons_of(db: Db, name: str) -> list[str]:
    """The persons the screen name ``name`` belongs to (one a room, as ``rasklad alias`` links
    it), as ``rasklad stats --player`` reads them; none when no stored game or summary has it."""
    if not has(db, "people"):
        return [name] if name in players(db) else []
    return frame(db, "select distinct person from people where player = $name order by person", name=name)[
        "person"].to_list()


def person_names(db: Db, person: str) -> tuple[str, ...]:
    """The screen names of a person (his own name when no alias links it), each once."""
    if not has(db, "people"):
        return (person,)
    found = frame(db, "select distinct player from people where person = $person", person=person)
    return tuple(sorted(found["player"].to_list(), key=name_order)) or (person,)


def person_accounts(db: Db, person: str) -> list[str]:
    """A person's accounts as the pages name them: "name (room)", or the name alone without a room."""
    if not has(db, "people"):
        return [person]
    found = frame(db, """
        select player || coalesce(' (' || site || ')', '') as account from people where person = $person
        order by player, site nulls first
    """, person=person)
    return found["account"].to_list() or [person]


def person_sites(db: Db, person: str) -> list[str]:
    """The rooms a person played in."""
    return frame(db, """
        select distinct site from people where person = $person and site is not null order by site
    """, person=person)["site"].to_list()


def player_headlines(db: Db, person: str, start: date | None, end: date | None, club: str | None,
                     site: str | None = None) -> pl.DataFrame:
    """Per game, cash or tournament, currency and scoring: a person's games played, net, wins, average
    placement, over his accounts (a screen name in a room) and the chosen dates, club and room:
    ``player_results`` over the rows of ``person_results_by_day`` they keep, where a game two of his
    names sat in counts once, and each game is the leaderboards' (raspisnoy logs and score sheets are
    one, ``raspisnoy``), as the leaderboards count them. Nets of two units are never added: each
    has its row. Empty before the marts are built."""
    if not has(db, "person_results_by_day"):
        return pl.DataFrame()
    kept = ("select null::varchar as player, days.* replace (null::varchar as site, leaderboard_game_of(days.game) as game)"
            " from person_results_by_day as days"
            " where days.person = $person and ($site is null or days.site = $site)"
            " and ($start is null or days.played_on >= $start) and ($end is null or days.played_on <= $end)"
            " and ($club is null or days.club = $club)")
    return frame(db, f"""
        select game, is_tournament, currency, scoring, count_games, net, count_wins, avg_placement, first_played_at,
               last_played_at,
        from ({select_over("player_results", player_results_by_day=kept)})
        order by game, is_tournament, currency nulls first, scoring nulls first
    """, person=person, start=start, end=end, club=club, site=site)


_MINE = ("(case when $person is null then list_contains($names, {alias}.player) else {alias}.person = $person end)"
         " and ($site is null or {alias}.site = $site)")
"""The rows of one person (or, given a tuple of names, of those names) in one room or all, in a
relation with person and site columns."""


def _who(player: Players, site: str | None = None) -> dict:
    """The parameters of :data:`_MINE`: a str is a person, a tuple a list of screen names."""
    person = player if isinstance(player, str) else None
    return {"person": person, "names": names(player), "site": site}


def conversion_rates(db: Db) -> dict[tuple[str, str], Decimal]:
    """The rates the user set (``rasklad settings rate FROM TO RATE``): (FROM, TO) -> RATE."""
    if not has(db, "conversion_rates"):
        return {}
    return {(row["from_currency"], row["to_currency"]): Decimal(str(row["rate"]))
            for row in frame(db, "select * from conversion_rates").iter_rows(named=True)}


def _plain(number: Decimal) -> str:
    """A rate as the user wrote it, without trailing zeros: 1.080000 -> '1.08', 100 -> '100'."""
    return format(number.normalize(), "f")


def conversion(currency: str | None, target: str,
               rates: dict[tuple[str, str], Decimal]) -> tuple[Decimal, Decimal, str | None] | None:
    """How an amount of ``currency`` becomes ``target`` at the user's rates: (multiply by, divide
    by, the rate said in words, None when the currency is the target), or None when no rate the
    user set joins them. Chips and points (no currency) are never converted.

    >>> conversion("EUR", "USD", {("EUR", "USD"): Decimal("1.08")})
    (Decimal('1.08'), Decimal('1'), '1 EUR = 1.08 USD')
    >>> conversion("USD", "EUR", {("EUR", "USD"): Decimal("1.08")})
    (Decimal('1'), Decimal('1.08'), '1 EUR = 1.08 USD')
    >>> conversion("chips", "USD", {}), conversion("GBP", "USD", {("EUR", "USD"): Decimal("1.08")})
    (None, None)
    """
    if currency in (None, "chips"):
        return None
    if currency == target:
        return Decimal(1), Decimal(1), None
    if (currency, target) in rates:
        return rates[(currency, target)], Decimal(1), f"1 {currency} = {_plain(rates[(currency, target)])} {target}"
    if (target, currency) in rates:
        return Decimal(1), rates[(target, currency)], f"1 {target} = {_plain(rates[(target, currency)])} {currency}"
    return None


def exactly(amount, how: tuple) -> Decimal:
    """``amount`` converted at ``how`` (a :func:`conversion`), exactly: amounts are added so and the
    sum rounded once, to the cent, so that a total never depends on how its parts were rounded.

    >>> exactly(Decimal("6.40"), conversion("USD", "EUR", {("EUR", "USD"): Decimal("1.08")}))
    Decimal('5.925925925925925925925925926')
    """
    return Decimal(str(amount)) * how[0] / how[1]


def convert(amount, currency: str | None, target: str, rates: dict[tuple[str, str], Decimal]) -> Decimal | None:
    """``amount`` of ``currency`` in ``target`` at the user's rates, to the cent; None without a rate.

    >>> convert(Decimal("5"), "EUR", "USD", {("EUR", "USD"): Decimal("1.08")})
    Decimal('5.40')
    """
    how = conversion(currency, target, rates)
    if how is None or amount is None:
        return None
    return exactly(amount, how).quantize(Decimal("0.01"))


def convertible(currencies, rates: dict[tuple[str, str], Decimal]) -> list[str]:
    """The currencies ``currencies`` can all be shown in at the user's rates (each either is it or
    has a rate to it), when there are two currencies or more to add.

    >>> convertible(["USD", "EUR", "chips"], {("EUR", "USD"): Decimal("1.08")})
    ['EUR', 'USD']
    >>> convertible(["USD"], {("EUR", "USD"): Decimal("1.08")})
    []
    """
    money = sorted({c for c in currencies if c not in (None, "chips")})
    if len(money) < 2:
        return []
    targets = sorted({to for (source, to) in rates if source in money} | {source for (source, to) in rates if to in money})
    return [target for target in targets if any(conversion(c, target, rates) and c != target for c in money)]


def in_one_currency(rows: list[dict], rates: dict[tuple[str, str], Decimal],
                    target: str) -> tuple[Decimal, list[str], list[str]]:
    """The cash nets of ``rows`` (headline rows: is_tournament, currency, net) added in ``target``
    at the user's rates only: (total to the cent, the rates used said in words, the units left
    out). Tournament chips and points are never converted; a currency without a rate is left out,
    never guessed.

    >>> rows = [{"is_tournament": False, "currency": "USD", "net": Decimal(2)},
    ...         {"is_tournament": False, "currency": "EUR", "net": Decimal(5)},
    ...         {"is_tournament": True, "currency": "chips", "net": Decimal(3925)}]
    >>> in_one_currency(rows, {("EUR", "USD"): Decimal("1.08")}, "USD")
    (Decimal('7.40'), ['1 EUR = 1.08 USD'], ['tournament chips'])
    """
    total, used, left_out = Decimal(0), [], []
    for row in rows:
        currency, net = row["currency"], Decimal(str(row["net"] or 0))
        how = None if row["is_tournament"] else conversion(currency, target, rates)
        if how is None:
            left_out.append(money_label(row["is_tournament"], currency, game=row.get("game")))
            continue
        total += exactly(net, how)
        if how[2]:
            used.append(how[2])
    return total.quantize(Decimal("0.01")), sorted(set(used)), sorted(set(left_out))


def _summed_by_day(db: Db, mart: str, keys: list[str], per_account: bool, order: str, left_out: tuple[str, ...] = (),
                   also: str = "true", supplied: str = "", once: dict[str, str] | None = None,
                   **params) -> pl.DataFrame:
    """A per-player mart's figures over the rows of its by-day mart the page keeps (a person or
    names, days, club, room), one row per ``keys`` over all his names (``names`` lists them), or,
    with ``per_account``, per name and room as well. ``left_out``: the mart's columns the page
    does not show; ``also``: a further condition on its rows (``days``); ``supplied``: the columns
    a by-day mart an older Rasklad built lacks, as selects (``null::varchar as betting``); ``once``:
    per column of games counted (``count_hands``), the column that counts each game once for the
    person (``count_person_hands``), which his names together add instead: a hand two of his linked
    names sat in is one hand of his, as the leaderboards count it."""
    by_day = f"{mart}_by_day"
    kept = (f"{_MINE.format(alias='days')} and ($start is null or days.played_on >= $start)"
            f" and ($end is null or days.played_on <= $end) and ($club is null or days.club = $club) and {also}")
    grain = ["player", "site", *keys] if per_account else keys
    present = columns(db, by_day)
    # a by-day mart an older Rasklad built counts each seat (until the next ingest or build-models)
    swapped = "".join(f", days.{person} as {counted}" for counted, person in (once or {}).items() if person in present)
    accounts_together = "" if per_account else f"replace (null::varchar as player, null::varchar as site{swapped})"
    given = f"select days.* {accounts_together}{', ' + supplied if supplied else ''} from {by_day} as days where {kept}"
    mart_rows = select_over(mart, **{by_day: given})
    account = "days.player || coalesce(' (' || days.site || ')', '')"
    same_grain = " and ".join(f"stats.{key} is not distinct from accounts.{key}" for key in grain)
    return frame(db, f"""
        with accounts as (
            select {", ".join(f"days.{key}" for key in grain)},
                   string_agg(distinct {account}, ', ' order by {account}) as names,
            from {by_day} as days
            where {kept}
            group by all
        )
        select {", ".join(f"stats.{key}" for key in grain)}, accounts.names,
               stats.* exclude ({", ".join(dict.fromkeys(["player", "site", "person", *keys, *left_out]))}),
        from ({mart_rows}) as stats
        join accounts on {same_grain}
        order by {order}
    """, **params)


HOLDEM_RATES = ("bb_per_100", "vpip", "pfr", "three_bet", "fold_to_three_bet", "af", "afq", "wtsd", "wsd", "wwsf",
                "cbet_flop", "fold_to_cbet_flop", "steal_attempt")
"""The Hold'em rates of ``player_stats_holdem``, which the pages take over the rows their filters
keep (``player_stats_holdem_by_day``): each the mart's own formula over the summed counts, so a
rate over two names, rooms or days is the rate of their summed counts, never an average of rates."""


def holdem_stats(db: Db, player: Players, *, site: str | None = None, start: date | None = None,
                 end: date | None = None, club: str | None = None, is_tournament: bool | None = None,
                 currency: str | None = None, stakes: str | None = None, per_account: bool = False,
                 game: str | None = None) -> pl.DataFrame:
    """A person's Hold'em figures over the chosen days, club, room, unit, stakes (a label of
    :func:`holdem_stakes`) and game (``holdem`` or ``holdem36``; both when None, each its own rows):
    one row per game, unit, stakes and betting structure over all his names
    (``names`` lists them, each with its room), or, with ``per_account``, one row per name and room
    as well. Units are never added: cash and tournaments, and each currency, stay rows of their own;
    nor are Limit and No Limit hands. Empty before the mart is built."""
    by_day = "player_stats_holdem_by_day"
    if by_day not in relations(db):
        return pl.DataFrame()
    structured = "betting" in columns(db, by_day)
    keys = ["game", "is_tournament", "currency", "stakes", *(["betting"] if structured else [])]
    grain = ["player", "site", *keys] if per_account else keys
    unit_and_stakes = ("($is_tournament is null or (days.is_tournament = $is_tournament"
                       " and days.currency is not distinct from $currency))"
                       f" and ($stakes is null or {stakes_shown(db, by_day, 'days')} = $stakes)"
                       " and ($game is null or days.game = $game)")
    return _summed_by_day(db, "player_stats_holdem", keys, per_account,
                          ", ".join(grain).replace("stakes", "stakes nulls first"), also=unit_and_stakes,
                          supplied="" if structured else "null::varchar as betting",
                          once={"count_hands": "count_person_hands", "count_bb_hands": "count_person_bb_hands"},
                          **_who(player, site), start=start, end=end, club=club, is_tournament=is_tournament,
                          currency=currency, stakes=stakes, game=game)


def holdem_money(db: Db, player: Players, site: str | None = None) -> list[tuple[bool, str | None]]:
    """The (is_tournament, currency) of the player's Hold'em hands, cash first, then by hands played."""
    if not has(db, "player_stats_holdem"):
        return []
    rows = frame(db, f"""
        select is_tournament, currency from player_stats_holdem where {_MINE.format(alias="player_stats_holdem")}
        group by all order by is_tournament, sum(count_hands) desc, currency
    """, **_who(player, site))
    return [(row["is_tournament"], row["currency"]) for row in rows.iter_rows(named=True)]


def holdem_hands_played(db: Db, player: Players, site: str | None = None, start: date | None = None,
                        end: date | None = None, club: str | None = None) -> pl.DataFrame:
    """The player's Hold'em hands the page's dates, club and room keep, counted per game, unit and stakes
    (``game``: ``holdem`` or ``holdem36``, ``is_tournament``, ``currency``, ``stakes`` with its betting
    structure as :func:`holdem_stakes` names it, ``count_hands``): the games, units and stakes a page
    offers are those that have hands in its filters.
    Cash first, then the unit with the most hands; empty before the statistics are built (over every
    day and club when an older Rasklad built them without their days)."""
    by_day = "player_stats_holdem_by_day"
    dated = by_day in relations(db)
    if not dated and not has(db, "player_stats_holdem"):
        return pl.DataFrame()
    mart = by_day if dated else "player_stats_holdem"
    days = ("($start is null or days.played_on >= $start) and ($end is null or days.played_on <= $end)"
            " and ($club is null or days.club = $club)") if dated else "true"
    # a hand two of his linked names sat in is one hand of his (count_person_hands), as the leaderboards count it
    hands = "count_person_hands" if "count_person_hands" in columns(db, mart) else "count_hands"
    return frame(db, f"""
        with played as (
            select days.game, days.is_tournament, days.currency, {stakes_shown(db, mart, "days")} as stakes,
                   min(days.stakes) as first_stakes, sum(days.{hands})::bigint as count_hands,
            from {mart} as days
            where {_MINE.format(alias="days")} and {days}
            group by all
            having sum(days.{hands}) > 0
        )
        select game, is_tournament, currency, stakes, count_hands from played
        order by is_tournament, sum(count_hands) over (partition by is_tournament, currency) desc, currency,
                 first_stakes, stakes, game
    """, **_who(player, site), **({"start": start, "end": end, "club": club} if dated else {}))


def hands_elsewhere(hands: dict[str, int]) -> str:
    """Where the hands a page's filters keep are, in words, for a message that says what is empty:
    'EUR has 69 hands', 'EUR has 69 hands, USD (tournaments) 3'; '' for none.

    >>> hands_elsewhere({"EUR": 69}), hands_elsewhere({"EUR": 69, "chips": 1}), hands_elsewhere({})
    ('EUR has 69 hands', 'EUR has 69 hands, chips 1', '')
    """
    said = [f"{unit} has {counted(count, 'hand')}" if i == 0 else f"{unit} {count:,}"
            for i, (unit, count) in enumerate(hands.items())]
    return ", ".join(said)


def holdem_stakes(db: Db, player: Players, is_tournament: bool | None = None, currency: str | None = None,
                  site: str | None = None) -> list[str]:
    """The stakes the player played, of one unit when ``is_tournament`` is given, each with its betting
    structure ('No Limit $1/$2 USD', 'Pot Limit $1/$2 USD': :func:`stakes_shown`)."""
    if not has(db, "player_stats_holdem"):
        return []
    return frame(db, f"""
        select {stakes_shown(db, "player_stats_holdem", "player_stats_holdem")} as stakes from player_stats_holdem
        where {_MINE.format(alias="player_stats_holdem")} and stakes is not null
          and ($is_tournament is null or (is_tournament = $is_tournament and currency is not distinct from $currency))
        group by all order by min(player_stats_holdem.stakes), stakes
    """, **_who(player, site), is_tournament=is_tournament, currency=currency)["stakes"].to_list()


def holdem_winnings(db: Db, player: Players, stakes: str | None, start: date | None, end: date | None,
                    club: str | None, in_big_blinds: bool, max_points: int = 2000, *,
                    is_tournament: bool = False, currency: str | None = None, site: str | None = None,
                    game: str = "holdem") -> pl.DataFrame:
    """The running totals of one player's Hold'em hands of one game (``holdem`` or ``holdem36``),
    one unit (cash or tournament, and its currency) and of ``stakes`` when given (a label of
    :func:`holdem_stakes`): won, at showdown, without showdown, all-in EV. Two units are never
    added, in big blinds neither: cash and tournaments stay apart, and so do the two decks (a
    short-deck big blind may be a button blind).

    The totals are exact decimals, to the cent (in big blinds, to the hundredth: each hand's amount
    in big blinds added exactly, the running total rounded once, half away from zero).

    One row per hand played, in the order played (date, then hand number; a cancelled hand is none): a
    hand two of his linked names sat in is one hand, its net both seats' nets added, as the leaderboards
    count it. Thinned evenly to at most ``max_points`` rows (the last hand always kept) so that a long
    history draws quickly.
    """
    if not has(db, "hand_list"):
        return pl.DataFrame()
    since, until = _day_bounds(start, end)
    return frame(db, f"""
        with

        accounts as (
            select player, site from people as accounts where {_MINE.format(alias="accounts")}
        ),

        seats as (
            select
                -- decimals, to add up exactly: a sum of doubles drew 0 as -8.9e-16 and 6 as 5.999999999999999
                if($in_bb, decimal_big_blinds(hands.net, hands.big_blind), hands.net) as net,
                if($in_bb, decimal_big_blinds(hands.net_showdown, hands.big_blind), hands.net_showdown) as net_showdown,
                if($in_bb, decimal_big_blinds(hands.allin_ev_net, hands.big_blind), hands.allin_ev_net) as allin_ev_net,
                hands.played_at,
                hands.hand_id,
                hands.game_id,
            from hand_list as hands
            join accounts on accounts.player = hands.player and accounts.site is not distinct from hands.site
            where hands.game = $game
              and is_played(hands.is_cancelled)     -- a cancelled hand is no hand played
              and coalesce(hands.is_tournament, false) = $is_tournament
              and hands.currency is not distinct from $currency
              and ($stakes is null or {stakes_shown(db, "hand_list", "hands")} = $stakes)
              and ($since is null or hands.played_at >= $since)
              and ($until is null or hands.played_at <= $until)
              and ($club is null or hands.club = $club)
        ),
        hands as (
            -- his seats of one hand (two linked names at the table) are one hand: their nets added
            select game_id, any_value(played_at) as played_at, any_value(hand_id) as hand_id, sum(net) as net,
                   sum(net_showdown) as net_showdown, sum(allin_ev_net) as allin_ev_net,
            from seats
            group by game_id
        ),
        running as (
            select
                row_number() over w as hand_no,
                played_at,
                -- each running total rounded once, to the cent or the hundredth of a big blind
                round(sum(net) over w, 2)::decimal(38, 2) as won,
                round(sum(net_showdown) over w, 2)::decimal(38, 2) as showdown,
                round(sum(net - net_showdown) over w, 2)::decimal(38, 2) as non_showdown,
                round(sum(allin_ev_net) over w, 2)::decimal(38, 2) as allin_ev,
                count(*) over () as count_hands,
            from hands
            window w as (order by played_at nulls first, try_cast(hand_id as hugeint) nulls last, hand_id, game_id
                         rows between unbounded preceding and current row)
        )
        select hand_no, played_at, won, showdown, non_showdown, allin_ev from running
        where count_hands <= $max_points
           or hand_no % ceil(count_hands / $max_points)::bigint = 0
           or hand_no = count_hands
        order by hand_no
    """, **_who(player, site), stakes=stakes, since=since, until=until, club=club, in_bb=in_big_blinds,
        max_points=max_points, is_tournament=is_tournament, currency=currency, game=game)


def tournament_stats(db: Db, player: Players, site: str | None = None, start: date | None = None,
                     end: date | None = None) -> pl.DataFrame:
    """The person's tournament figures, one row per account (name and room) and currency (ROI,
    ITM, average finish); of his accounts in ``site`` when one is given. All dates: the rows of
    ``player_stats_tournaments``; with dates, the same figures over the tournaments of
    ``player_tournaments`` started on those days."""
    if not has(db, "player_stats_tournaments", "player_tournaments"):
        return pl.DataFrame()
    if start is None and end is None:
        return frame(db, f"""
            select stats.* from player_stats_tournaments as stats
            join people as accounts
                on accounts.player = stats.player and accounts.site is not distinct from stats.site
            where {_MINE.format(alias="accounts")}
            order by stats.count_tournaments desc, stats.currency, stats.player, stats.site
        """, **_who(player, site))
    since, until = _day_bounds(start, end)
    played = f"""
        select tournaments.* from player_tournaments as tournaments
        join people as accounts
            on accounts.player = tournaments.player and accounts.site is not distinct from tournaments.site
        where {_MINE.format(alias="accounts")}
          and ($since is null or tournaments.started_at >= $since)
          and ($until is null or tournaments.started_at <= $until)"""
    return frame(db, f"""
        select * from ({select_over("player_stats_tournaments", player_tournaments=played)})
        order by count_tournaments desc, currency, player, site
    """, **_who(player, site), since=since, until=until)


def undated_tournaments(db: Db, player: Players, site: str | None = None) -> int:
    """How many of the person's tournaments (of his accounts in ``site``) have no start time (888poker's
    summaries give none): a page's dates cannot hold them."""
    if not has(db, "player_tournaments"):
        return 0
    return frame(db, f"""
        select count(*) as count_undated
        from player_tournaments as tournaments
        join people as accounts
            on accounts.player = tournaments.player and accounts.site is not distinct from tournaments.site
        where {_MINE.format(alias="accounts")} and tournaments.started_at is null
    """, **_who(player, site))["count_undated"][0]


def tournament_list(db: Db, player: Players, start: date | None, end: date | None,
                    site: str | None = None) -> pl.DataFrame:
    """The person's tournaments (of his accounts in ``site`` when one is given), newest first, each
    with its running net in its currency."""
    if not has(db, "player_tournaments"):
        return pl.DataFrame()
    since, until = _day_bounds(start, end)
    return frame(db, f"""
        select
            tournaments.started_at,
            tournaments.site,
            tournaments.player,
            tournaments.tournament_id,
            tournaments.game_type,
            tournaments.currency,
            tournaments.count_tournament_entries,
            tournaments.count_entries,
            tournaments.cost,
            tournaments.finish,
            tournaments.won,
            tournaments.net,
            sum(tournaments.net) over (partition by tournaments.currency
                                       order by tournaments.started_at nulls first, tournaments.site,
                                                tournaments.tournament_id, tournaments.player
                                       rows between unbounded preceding and current row) as running_net,
            tournaments.is_itm,
            tournaments.is_still_playing,
        from player_tournaments as tournaments
        join people as accounts
            on accounts.player = tournaments.player and accounts.site is not distinct from tournaments.site
        where {_MINE.format(alias="accounts")}
          and ($since is null or tournaments.started_at >= $since)
          and ($until is null or tournaments.started_at <= $until)
        order by tournaments.started_at desc nulls last, tournaments.site, tournaments.tournament_id,
                 tournaments.player
    """, **_who(player, site), since=since, until=until)


def raspisnoy_points(db: Db, player: Players, start: date | None, end: date | None, club: str | None) -> pl.DataFrame:
    """The player's running total after each round of each raspisnoy game (the rounds of
    ``int_raspisnoy_rounds``, named and dated as ``game_list`` lists their games). A game two of his
    linked names sat in is one game of his: each round's bids, tricks, points and totals are his
    seats' added, so his final total is his net as the leaderboards count it."""
    if not has(db, "int_raspisnoy_rounds", "game_list"):
        return pl.DataFrame()
    since, until = _day_bounds(start, end)
    return frame(db, """
        select
            rounds.game_id,
            games.played_at,
            coalesce(strftime(games.played_at, '%Y-%m-%d %H:%M'), games.table_name, left(rounds.game_id, 8)) as game_name,
            rounds.round_no,
            rounds.cards,
            rounds.kind,
            sum(rounds.bid) as bid,
            sum(rounds.tricks) as tricks,
            sum(rounds.points) as points,
            sum(rounds.total) as total,
        from int_raspisnoy_rounds as rounds
        join game_list as games using (game_id)
        where list_contains($players, rounds.player)
          and ($since is null or games.played_at >= $since)
          and ($until is null or games.played_at <= $until)
          and ($club is null or games.club = $club)
        group by rounds.game_id, games.played_at, game_name, rounds.round_no, rounds.cards, rounds.kind
        order by games.played_at nulls first, rounds.game_id, rounds.round_no
    """, players=names(player), since=since, until=until, club=club)


def raspisnoy_by_round(db: Db, player: Players, club: str | None = None, start: date | None = None,
                       end: date | None = None) -> pl.DataFrame:
    """The player's bid accuracy by round kind and cards dealt over the chosen dates, of one club
    or all, his names together: ``player_stats_raspisnoy_by_round`` over the rounds they keep, so
    the accuracy is his exact rounds of his bid rounds summed, never an average of accuracies."""
    if "player_stats_raspisnoy_by_round" not in relations(db):
        return pl.DataFrame()
    since, until = _day_bounds(start, end)
    kept = ("select * replace (null::varchar as player, null::varchar as club) from int_raspisnoy_rounds as rounds"
            " where list_contains($players, rounds.player) and ($club is null or rounds.club = $club)"
            " and ($since is null or rounds.played_at >= $since) and ($until is null or rounds.played_at <= $until)")
    return frame(db, f"""
        select kind, cards, count_rounds, count_bid_rounds, count_exact_rounds, bid_accuracy, count_overtricks,
               points_per_round,
        from ({select_over("player_stats_raspisnoy_by_round", int_raspisnoy_rounds=kept)})
        order by kind, cards
    """, players=names(player), club=club, since=since, until=until)


def raspisnoy_stats(db: Db, player: Players, club: str | None = None, start: date | None = None,
                    end: date | None = None) -> pl.DataFrame:
    """The player's raspisnoy figures by club, of one club or all. Without dates, every season
    (all time, years, quarters, months) of ``player_stats_raspisnoy``; with dates, one row per
    club over exactly those days (season_kind 'days', season the dates): the mart's select over
    the rows of ``player_stats_raspisnoy_by_day`` they keep, each with no season of its own."""
    if not has(db, "player_stats_raspisnoy", "player_stats_raspisnoy_by_day"):
        return pl.DataFrame()
    if start is None and end is None:
        return frame(db, """
            select * from player_stats_raspisnoy
            where list_contains($players, player) and ($club is null or club = $club)
            order by all
        """, players=names(player), club=club)
    kept = ("select * from player_stats_raspisnoy_by_day as days where list_contains($players, days.player)"
            " and ($club is null or days.club = $club) and ($start is null or days.played_on >= $start)"
            " and ($end is null or days.played_on <= $end)")
    no_season = "select * from int_player_game_seasons where false"
    shown = f"{start.isoformat() if start else '…'} to {end.isoformat() if end else '…'}"
    return frame(db, f"""
        select * replace ('days' as season_kind, $shown as season)
        from ({select_over("player_stats_raspisnoy", player_stats_raspisnoy_by_day=kept,
                           int_player_game_seasons=no_season)})
        order by all
    """, players=names(player), club=club, start=start, end=end, shown=shown)


def sixcard_stats(db: Db, player: Players, *, site: str | None = None, start: date | None = None,
                  end: date | None = None, club: str | None = None, per_account: bool = False) -> pl.DataFrame:
    """A person's six-card figures over the chosen days, club and room (``player_stats_sixcard``
    over the rows of ``player_stats_sixcard_by_day`` they keep): one row per currency over all
    his names (``names`` lists them), or, with ``per_account``, per name and room as well. Empty
    before the mart is built."""
    if not has(db, "player_stats_sixcard_by_day", "player_stats_sixcard"):
        return pl.DataFrame()
    grain = "player, site, currency" if per_account else "currency"
    return _summed_by_day(db, "player_stats_sixcard", ["currency"], per_account,
                          f"count_hands desc, {grain.replace('currency', 'currency nulls first')}",
                          **_who(player, site), start=start, end=end, club=club)


def chinese_stats(db: Db, player: Players, *, site: str | None = None, start: date | None = None,
                  end: date | None = None, club: str | None = None, per_account: bool = False) -> pl.DataFrame:
    """A person's Chinese poker and OFC figures over the chosen days, club and room
    (``player_stats_chinese`` over the rows of ``player_stats_chinese_by_day`` they keep): one
    row per game, variant and scoring over all his names (``names`` lists them), or, with
    ``per_account``, per name and room as well."""
    if not has(db, "player_stats_chinese_by_day"):
        return pl.DataFrame()
    grain = "player, site, game, variant, scoring" if per_account else "game, variant, scoring"
    # an older Rasklad's by-day rows: one hand per seat, its foul and surrender rates over them
    seats = "" if "count_seat_hands" in columns(db, "player_stats_chinese_by_day") else "days.count_hands as count_seat_hands"
    return _summed_by_day(db, "player_stats_chinese", ["game", "variant", "scoring"], per_account, grain,
                          left_out=("count_fantasyland_hands",), supplied=seats,
                          once={"count_hands": "count_person_hands"}, **_who(player, site), start=start, end=end,
                          club=club)


def sixcard_categories(db: Db, player: Players, *, site: str | None = None, start: date | None = None,
                       end: date | None = None, club: str | None = None) -> pl.DataFrame:
    """A person's six-card hand categories over the chosen days, club and room, all his names
    together: ``sixcard_category_frequencies`` over the rows of ``sixcard_categories_by_day``
    they keep, one row per category (observed share, and the exact odds at his own mix of hand
    sizes). Empty before the marts are built."""
    if not has(db, "sixcard_categories_by_day", "sixcard_category_frequencies"):
        return pl.DataFrame()
    kept = ("select * replace (null::varchar as player, null::varchar as site) from sixcard_categories_by_day as days"
            f" where {_MINE.format(alias='days')} and ($start is null or days.played_on >= $start)"
            " and ($end is null or days.played_on <= $end) and ($club is null or days.club = $club)")
    return frame(db, f"""
        select category, count_boxes, count_player_boxes, observed_rate, exact_probability,
        from ({select_over("sixcard_category_frequencies", sixcard_categories_by_day=kept)})
        order by exact_probability desc, category
    """, **_who(player, site), start=start, end=end, club=club)


# -- leaderboards -----------------------------------------------------------------------------

_ONE_UNIT = ("is_tournament = $is_tournament and currency is not distinct from $currency"
             " and scoring is not distinct from $scoring")
"""A leaderboard's unit: cash or tournament, one currency (null: points), and one scale of Chinese
poker's and OFC's points (null for other games)."""


def leaderboard_money(db: Db, club: str, game: str) -> list[tuple[bool, str | None, str | None]]:
    """The units a club's game was played for (is_tournament, currency, scoring): one table each."""
    rows = frame(db, """
        select is_tournament, currency, scoring from leaderboard
        where club = $club and game = $game and season_kind = 'all'
        group by all order by is_tournament, sum(count_games) desc, currency nulls first, scoring nulls first
    """, club=club, game=game)
    return [(row["is_tournament"], row["currency"], row["scoring"]) for row in rows.iter_rows(named=True)]


def seasons(db: Db, club: str, game: str, season_kind: str, is_tournament: bool = False,
            currency: str | None = None, scoring: str | None = None) -> list[str]:
    return frame(db, f"""
        select distinct season from leaderboard
        where club = $club and game = $game and season_kind = $kind and {_ONE_UNIT}
        order by season desc
    """, club=club, game=game, kind=season_kind, is_tournament=is_tournament, currency=currency,
        scoring=scoring)["season"].to_list()


def raspisnoy_seasons(db: Db, club: str, season_kind: str) -> list[str]:
    return frame(db, """
        select distinct season from leaderboard_raspisnoy
        where club = $club and season_kind = $kind
        order by season desc
    """, club=club, kind=season_kind)["season"].to_list()


def raspisnoy_rank_trend(db: Db, club: str, player: str, season_kind: str) -> pl.DataFrame:
    """The player's raspisnoy rank (by total points, logs and sheets) in each season, oldest first."""
    return frame(db, """
        select season, rank, total_points as net, count_games from leaderboard_raspisnoy
        where club = $club and season_kind = $kind and player = $player
        order by season
    """, club=club, kind=season_kind, player=player)


def leaderboard_clubs(db: Db) -> list[str]:
    return frame(db, "select distinct club from leaderboard order by club")["club"].to_list()


def leaderboard_games(db: Db, club: str) -> list[str]:
    return frame(db, "select distinct game from leaderboard where club = $club order by game",
                 club=club)["game"].to_list()


def leaderboard(db: Db, club: str, game: str, season_kind: str, season: str, min_games: int,
                is_tournament: bool = False, currency: str | None = None, scoring: str | None = None) -> pl.DataFrame:
    """The table of one club, game, unit and season; players under ``min_games`` are left out and the
    rest re-ranked. A table ranks nets of one unit only."""
    return frame(db, f"""
        select
            -- ranked again among the players kept, in the marts' order
            rank() over (order by leaderboard_order(net, count_wins, leaderboard.avg_placement)) as rank,
            player,
            names,
            count_games,
            net,
            count_wins,
            round(avg_placement, 2) as avg_placement,
            rank as rank_among_all,
        from leaderboard
        where club = $club and game = $game and season_kind = $kind and season = $season
          and count_games >= $min_games and {_ONE_UNIT}
        order by rank, player
    """, club=club, game=game, kind=season_kind, season=season, min_games=min_games, is_tournament=is_tournament,
        currency=currency, scoring=scoring)


def leaderboard_in_one_currency(db: Db, club: str, game: str, season_kind: str, season: str, min_games: int,
                                target: str, rates: dict[tuple[str, str], Decimal]) -> tuple[pl.DataFrame, list[str], list[str]]:
    """The cash table of one club, game and season with each player's nets of every currency
    added in ``target`` at the user's rates: (the table ranked by that net, the rates used said in
    words, the currencies left out for want of a rate). Tournaments and chips never count; a
    player's games, wins and placements are those of the currencies converted."""
    rows = frame(db, """
        select player, names, currency, count_games, net, count_wins, placement_sum, count_placed,
        from leaderboard
        where club = $club and game = $game and season_kind = $kind and season = $season and not is_tournament
        order by player, currency
    """, club=club, game=game, kind=season_kind, season=season)
    used: set[str] = set()
    left_out: set[str] = set()
    players: dict[str, dict] = {}
    for row in rows.iter_rows(named=True):
        how = conversion(row["currency"], target, rates)
        if how is None:
            left_out.add(money_label(False, row["currency"], game=game))
            continue
        if how[2]:
            used.add(how[2])
        mine = players.setdefault(row["player"], {"player": row["player"], "names": row["names"], "count_games": 0,
                                                  "net": Decimal(0), "count_wins": None, "placements": 0,
                                                  "count_placed": 0})
        mine["count_games"] += row["count_games"]
        mine["net"] += exactly(row["net"], how)
        if row["count_wins"] is not None:
            mine["count_wins"] = (mine["count_wins"] or 0) + row["count_wins"]
        if row["count_placed"]:  # a six-card session is won or lost, never placed
            mine["placements"] += row["placement_sum"]
            mine["count_placed"] += row["count_placed"]
    kept = pl.DataFrame([{"player": p["player"], "names": p["names"], "count_games": p["count_games"],
                          "net": p["net"].quantize(Decimal("0.01")), "count_wins": p["count_wins"],
                          "avg_placement": float(p["placements"] / p["count_placed"]) if p["count_placed"] else None}
                         for p in players.values() if p["count_games"] >= min_games],
                        schema={"player": pl.String, "names": pl.String, "count_games": pl.Int64,
                                "net": pl.Decimal(38, 2), "count_wins": pl.Int64, "avg_placement": pl.Float64})
    # ranked in the marts' order (macro leaderboard_order) on the unrounded average, as the marts rank
    with _cursor(db) as cursor:
        cursor.register("converted", kept)
        table = cursor.sql("""
            select rank() over (order by leaderboard_order(net, count_wins, avg_placement)) as rank,
                   * replace (round(avg_placement, 2) as avg_placement),
            from converted
            order by rank, player
        """).pl()
    return table, sorted(used), sorted(left_out)


SETTLEMENTS = {
    "pairs": "settlement_points",
    "winner": "settlement_points_winner",
}
"""How a raspisnoy game is settled: every pair of players settles its difference, or (RSP-TOTAL read
strictly) only the winner collects the difference from each other player."""


def raspisnoy_leaderboard(db: Db, club: str, season_kind: str, season: str, min_games: int,
                          point_value: float, settlement: str = "pairs") -> pl.DataFrame:
    """The raspisnoy table with the settlement in money at ``point_value`` per point."""
    column = SETTLEMENTS[settlement]  # a fixed column name, never the browser's text
    return frame(db, f"""
        select
            rank() over (order by leaderboard_order(total_points, count_wins,
                                                    leaderboard_raspisnoy.avg_placement)) as rank,
            player,
            count_games,
            total_points,
            count_wins,
            round(avg_placement, 2) as avg_placement,
            {column} as settlement_points,
            ({column} * $point_value::decimal(18, 4))::decimal(18, 2) as settlement_money,
        from leaderboard_raspisnoy
        where club = $club and season_kind = $kind and season = $season and count_games >= $min_games
        order by rank, player
    """, club=club, kind=season_kind, season=season, min_games=min_games, point_value=str(point_value))


def rank_trend(db: Db, club: str, game: str, player: str, season_kind: str) -> pl.DataFrame:
    """The player's rank in each season of one kind (month, quarter, year), oldest first, one row
    per season and unit (cash or tournament, currency and scoring; ``unit`` names it): each rank is among
    the nets of its own unit, and two units are never added, so each unit is a line of its own."""
    rows = frame(db, """
        select season, is_tournament, currency, scoring, rank, net, count_games from leaderboard
        where club = $club and game = $game and season_kind = $kind and player = $player
        order by is_tournament, currency nulls first, scoring nulls first, season
    """, club=club, game=game, kind=season_kind, player=player)
    return rows.with_columns(pl.struct("is_tournament", "currency", "scoring").map_elements(
        lambda unit: money_label(unit["is_tournament"], unit["currency"], unit["scoring"], game),
        return_dtype=pl.String).alias("unit"))


# -- audit ------------------------------------------------------------------------------------

# The audit page's filters, shared by its queries; the values are parameters, never pasted in.
_FILTERED_FINDINGS = """from finding_list as findings
        where (len($rules) = 0 or list_contains($rules, findings.rule_id))
          and ($severity is null or findings.severity = $severity)
          and ($game is null or findings.game = $game)
          and ($player is null or list_contains(findings.players, $player))
          and ($since is null or findings.played_at >= $since)
          and ($until is null or findings.played_at <= $until)
          and ($game_id is null or findings.game_id = $game_id)"""


def finding_rules(db: Db) -> list[str]:
    return frame(db, "select distinct rule_id from finding_list order by rule_id")["rule_id"].to_list()


def findings(db: Db, rules: tuple[str, ...], severity: str | None, game: str | None, player: str | None,
             start: date | None, end: date | None, limit: int = 5000, game_id: str | None = None) -> pl.DataFrame:
    """Findings with their game's date, club and file, filtered by the audit page's widgets (and of one
    stored game, ``game_id``, when given)."""
    since, until = _day_bounds(start, end)
    return frame(db, f"""
        select findings.* exclude (site, players, subject)
        {_FILTERED_FINDINGS}
        order by findings.played_at nulls last, findings.source_file, findings.line
        limit $limit
    """, rules=list(rules), severity=severity, game=game, player=player, since=since, until=until, limit=limit,
        game_id=game_id)


def findings_by_rule(db: Db, rules: tuple[str, ...], severity: str | None, game: str | None,
                     player: str | None, start: date | None, end: date | None) -> pl.DataFrame:
    since, until = _day_bounds(start, end)
    return frame(db, f"""
        select findings.rule_id, findings.severity, count(*) as count_findings,
               count(distinct findings.game_id) as count_games,
        {_FILTERED_FINDINGS}
        group by all
        order by count_findings desc, rule_id
    """, rules=list(rules), severity=severity, game=game, player=player, since=since, until=until, game_id=None)


def game(db: Db, game_id: str) -> dict | None:
    """One stored game: its file, lines, date, club and counts, or None when no such game is stored."""
    rows = frame(db, "select * exclude (players) from game_list where game_id = $game_id", game_id=game_id)
    return rows.row(0, named=True) if rows.height else None


def games_named(db: Db, name: str) -> list[str]:
    """The IDs of the stored games (at most 6) that their log names ``name``: a club game's name, a
    Hold'em hand's number with or without its ``#`` (:func:`pipeline.names.name_parameters`)."""
    return frame(db, games_named_sql("game_list"), **name_parameters(name))["game_id"].to_list()


def game_text(db: Db, game_id: str) -> str | None:
    """A stored game's text as the warehouse keeps it (never read from a file by a stored path),
    or None when the warehouse keeps no text of it (stored by an older Rasklad)."""
    rows = frame(db, "select text from game_texts where game_id = $game_id limit 1", game_id=game_id)
    return rows["text"][0] if rows.height else None


def game_players(db: Db, game_id: str) -> pl.DataFrame:
    return frame(db, """
        select seated.player, seated.seat, seated.net
        from (select unnest(players, max_depth := 2) from game_list where game_id = $game_id) as seated
        order by seated.seat, seated.player
    """, game_id=game_id)


def game_findings(db: Db, game_id: str) -> pl.DataFrame:
    return frame(db, """
        select rule_id, severity, line, message, expected, actual, subject from finding_list
        where game_id = $game_id order by line nulls first, rule_id
    """, game_id=game_id)


# -- import -----------------------------------------------------------------------------------

def quarantine(db: Db, limit: int = 1000) -> pl.DataFrame:
    return frame(db, """
        select source_file, line, "column", game, error, first_line, last_line, text
        from quarantine_list order by source_file, first_line limit $limit
    """, limit=limit)


def quarantine_reasons(db: Db) -> pl.DataFrame:
    return frame(db, "select error, count(*) as count_games from quarantine_list group by all "
                     "order by count_games desc, error")


# -- the rules version ------------------------------------------------------------------------

def rules_status(db: Db) -> dict:
    """The rules version of this Rasklad, and how many stored and quarantined games older rules
    judged (``rasklad reaudit`` judges them again), counted as the command line counts them."""
    older = _older_rules(db)
    return {"rules_version": RULES_VERSION, "count_older_games": older.games,
            "count_older_quarantined": older.quarantined}


@st.cache_data(show_spinner=False)
def _older_rules(db: Db) -> OlderRules:
    with _cursor(db, OLDER_RULES_SQL) as cursor:
        return judged_by_older_rules(cursor)


# -- hand browser and Hold'em reports (the hand_list and holdem_report_* marts) -----------------

_BY_UNIT = "count(*) over (partition by currency) desc, currency nulls first"
"""Amounts compared within a unit: the currency with the most hands first (as the page's nets), then the next."""

HAND_SORTS = {
    "Newest first": "played_at desc nulls last, game_id",
    "Oldest first": "played_at asc nulls last, game_id",
    "Biggest win": f"{_BY_UNIT}, net desc, played_at desc nulls last, game_id",
    "Biggest loss": f"{_BY_UNIT}, net asc, played_at desc nulls last, game_id",
    "Biggest pot": f"{_BY_UNIT}, total_pot desc, played_at desc nulls last, game_id",
}
"""The hand browser's orders: a label on the page, its ``order by`` here (never from the browser). A
win, loss or pot of one currency is never weighed against another's: the biggest are sorted per
currency."""

RANKS = "AKQJT98765432"


def hand_classes(text: str) -> list[str]:
    """The starting hands a player types: ``AKs, QQ`` as they are, ``AK`` as both ``AKs`` and ``AKo``.

    >>> hand_classes("ak, QQ  t9s"), hand_classes("ka"), hand_classes("")
    (['AKs', 'AKo', 'QQ', 'T9s'], ['AKs', 'AKo'], [])
    """
    found: list[str] = []
    for part in text.replace(",", " ").split():
        ranks = part[:2].upper()
        if len(ranks) != 2 or any(r not in RANKS for r in ranks):
            continue
        if RANKS.index(ranks[0]) > RANKS.index(ranks[1]):
            ranks = ranks[::-1]
        suits = part[2:].lower()
        if ranks[0] == ranks[1]:
            found.append(ranks)
        elif suits in ("s", "o"):
            found.append(ranks + suits)
        else:
            found.extend([ranks + "s", ranks + "o"])
    return list(dict.fromkeys(found))


def _hand_filter(db: Db) -> str:
    """The hands of hand_list the hand browser's filters keep (the parameters of :func:`_hand_params`)."""
    return f"""
    from hand_list
    where player = $player
      and ($since is null or played_at >= $since)
      and ($until is null or played_at <= $until)
      and (len($stakes) = 0 or list_contains($stakes, {stakes_shown(db, "hand_list", "hand_list")}))
      and (len($clubs) = 0 or list_contains($clubs, club) or list_contains($clubs, site))
      and (len($positions) = 0 or list_contains($positions, position))
      and (len($classes) = 0 or list_contains($classes, hand_class))
      and ($result is null or ($result = 'won' and net > 0) or ($result = 'lost' and net < 0)
           or ($result = 'even' and net = 0))
      and ($all_in is null or is_all_in = $all_in)
      and ($showdown is null or went_to_showdown = $showdown)
      and ($game_id is null or game_id = $game_id)
      and ($game is null or game = $game)
"""


def _hand_params(player, start, end, stakes, clubs, positions, classes, result, all_in, showdown,
                 game_id=None, game=None) -> dict:
    since, until = _day_bounds(start, end)
    return {"player": player, "since": since, "until": until, "stakes": list(stakes), "clubs": list(clubs),
            "positions": list(positions), "classes": list(classes), "result": result, "all_in": all_in,
            "showdown": showdown, "game_id": game_id, "game": game}


def hand_players(db: Db) -> list[str]:
    """Players with Hold'em hands, the one with the most first (counted in a report mart, which sums
    every hand of hand_list by player and day: a few rows per player, not his every hand)."""
    if not has(db, "holdem_report_positions"):
        return []
    return frame(db, "select player from holdem_report_positions group by player "
                     "order by sum(count_hands) desc, player")["player"].to_list()


def pick_hand_player(db: Db, where, key: str) -> str:
    """The player of a page of Hold'em hands, chosen in ``where`` (``key``): the address's
    ``?player=`` when it has hands, else the one with the most. An address naming someone without
    a hand here opens no one and says why, as the Player review does: another's hands would pass
    for the ones asked for. Stops the page until a player is chosen."""
    with_hands = hand_players(db)
    wanted = st.query_params.get("player")
    if wanted is not None:    # composed as the stored names are (a phone pastes ё as е and a mark)
        wanted = same_name(wanted)
    start = with_hands.index(wanted) if wanted in with_hands else 0
    alike = names_alike(db)
    if wanted is not None and wanted not in with_hands:
        # a person's linked screen names hold the hands; a stored name without any has none to show
        linked = [name for name in person_names(db, wanted) if name in with_hands] if wanted in people(db) else []
        if linked:
            start = with_hands.index(linked[0])
            st.caption(f"{md(wanted)} plays Hold'em as {listed(map(md, linked), 'and')}: the hands of {md(linked[0])}.")
        elif wanted in players(db) or persons_of(db, wanted):
            start = None
            st.info(f"{md(wanted)} has no Hold'em hand in this warehouse. Choose a player below.")
        else:
            start = None
            close = close_names(wanted, sorted({*people(db), *players(db)}))
            st.error(md(no_player(wanted, close, alike)) + " Choose a player below.")
    player = where.selectbox("Player", with_hands, index=start, key=key, placeholder="Choose a player",
                             format_func=lambda name: listed_name(name, alike))
    if player is None:
        st.stop()
    st.query_params["player"] = player
    return player


def hand_choices(db: Db, player: str, game: str | None = None) -> dict[str, list]:
    """The values one player's filters offer: stakes with their betting structure (:func:`stakes_shown`),
    clubs and rooms (one list: a choice keeps the hands of that club or that room), and positions he
    played; of one game (``holdem`` or ``holdem36``) when given, as the reports show one at a time."""
    stakes = stakes_shown(db, "hand_list", "hand_list")
    rows = frame(db, f"""
        select list(distinct {stakes} order by {stakes}) filter (where stakes is not null) as stakes,
               list_sort(list_distinct(list_concat(list(club) filter (where club is not null),
                                                   list(site) filter (where site is not null)))) as clubs,
               list(distinct position order by position) filter (where position is not null) as positions,
        from hand_list where player = $player and ($game is null or game = $game)
    """, player=player, game=game)
    return {name: (rows[name][0].to_list() if rows.height and rows[name][0] is not None else [])
            for name in ("stakes", "clubs", "positions")}


def hand_totals(db: Db, player: str, start: date | None, end: date | None, stakes: tuple[str, ...],
                clubs: tuple[str, ...], positions: tuple[str, ...], classes: tuple[str, ...], result: str | None,
                all_in: bool | None, showdown: bool | None, game: str | None = None) -> pl.DataFrame:
    """The hands the filters keep (of one game, ``holdem`` or ``holdem36``, when given): how many are
    listed, how many of those were cancelled (no hand played: macro ``is_played``), and the net in each
    unit (units are never added)."""
    return frame(db, f"""
        select currency, count(*) as count_hands, count(*) filter (where not is_played(is_cancelled)) as count_cancelled,
               sum(net) as net_won, sum(allin_ev_net) as allin_ev_net,
        {_hand_filter(db)}
        group by currency order by count_hands desc, currency
    """, **_hand_params(player, start, end, stakes, clubs, positions, classes, result, all_in, showdown, game=game))


def hand_page(db: Db, player: str, start: date | None, end: date | None, stakes: tuple[str, ...],
              clubs: tuple[str, ...], positions: tuple[str, ...], classes: tuple[str, ...], result: str | None,
              all_in: bool | None, showdown: bool | None, sort: str, page: int, page_size: int,
              game_id: str | None = None, game: str | None = None) -> pl.DataFrame:
    """One page of the hands the filters keep (of one game, ``holdem`` or ``holdem36``, when given), in
    the order ``sort`` names (a key of HAND_SORTS); of one hand, ``game_id``, when given (empty when
    the filters leave it out). Each hand says its game: a short-deck table's stakes may read as a
    52-card table's. A cancelled hand is listed, as it happened, and says so (``is_cancelled``)."""
    order = HAND_SORTS.get(sort, HAND_SORTS["Newest first"])
    return frame(db, f"""
        select game_id, played_at, {clock(db, "hand_list")}, hand_id, game,
               {stakes_shown(db, "hand_list", "hand_list")} as stakes, club, table_name, position, hole_cards,
               stack_depth, net, currency, allin_ev_net, total_pot, is_all_in, went_to_showdown, count_players,
               is_cancelled,
        {_hand_filter(db)}
        order by {order}
        limit $limit offset $offset
    """, **_hand_params(player, start, end, stakes, clubs, positions, classes, result, all_in, showdown, game_id,
                        game), limit=page_size, offset=max(page - 1, 0) * page_size)


REPORT_MARTS = {
    "position": "holdem_report_positions",
    "stack_depth": "holdem_report_stack_depths",
    "hand_class": "holdem_report_starting_hands",
}
"""Each report's dimension and the mart that sums the hands by it."""


def holdem_games(db: Db, player: str) -> dict[str, int]:
    """How many hands the player has of each Hold'em game (``holdem``: 52 cards, ``holdem36``: short
    deck), the game with the most first: the reports show one game at a time, since a short-deck
    hand's big blind is a button blind and its positions and starting hands are another deck's."""
    mart = "holdem_report_positions"
    if not has(db, mart):
        return {}
    rows = frame(db, f"""
        select game, sum(count_hands)::bigint as count_hands from {mart} where player = $player
        group by game having sum(count_hands) > 0 order by sum(count_hands) desc, game
    """, player=player)
    return dict(zip(rows["game"].to_list(), rows["count_hands"].to_list())) if rows.height else {}


def report_unit_hands(db: Db, player: str, start: date | None = None, end: date | None = None,
                      stakes: tuple[str, ...] = (), clubs: tuple[str, ...] = (), *, game: str = "holdem") -> dict[str, int]:
    """How many of the player's hands of ``game`` each unit has under the reports' filters (days,
    stakes, clubs and rooms, as :func:`holdem_report` keeps them), the unit with the most first; a
    unit without a hand in them is left out."""
    mart = "holdem_report_positions"
    if not has(db, mart):
        return {}
    rows = frame(db, f"""
        select currency, sum(count_hands)::bigint as count_hands from {mart}
        where player = $player and game = $game
          and ($start is null or played_on >= $start)
          and ($end is null or played_on <= $end)
          and (len($stakes) = 0 or list_contains($stakes, {stakes_shown(db, mart, mart)}))
          and (len($clubs) = 0 or list_contains($clubs, club) or list_contains($clubs, site))
        group by currency having sum(count_hands) > 0
        order by sum(count_hands) desc, currency
    """, player=player, game=game, start=start, end=end, stakes=list(stakes), clubs=list(clubs))
    return dict(zip(rows["currency"].to_list(), rows["count_hands"].to_list())) if rows.height else {}


def holdem_report(db: Db, dimension: str, player: str, currency: str, start: date | None, end: date | None,
                  stakes: tuple[str, ...], clubs: tuple[str, ...], *, game: str = "holdem") -> pl.DataFrame:
    """One player's hands of one game (``holdem`` or ``holdem36``: never both, a button blind is no big
    blind) in one unit summed by ``dimension`` (position, stack_depth or hand_class) over
    the filtered days, stakes and clubs: hands, net, bb/100 over the hands with a big blind, VPIP and PFR,
    each the macro of ``sql/00_macros`` the marts use, over the summed counts."""
    mart = REPORT_MARTS[dimension]
    return frame(db, f"""
        select
            {dimension},
            sum(count_hands)::bigint as count_hands,
            sum(net_won) as net_won,
            bb_per_100(sum(net_big_blinds), sum(count_bb_hands)) as bb_per_100,
            sum(count_bb_hands)::bigint as count_bb_hands,
            percent_of(sum(count_vpip), sum(count_vpip_opportunities)) as vpip,
            percent_of(sum(count_pfr), sum(count_pfr_opportunities)) as pfr,
            sum(count_vpip_opportunities)::bigint as count_vpip_opportunities,
            sum(count_pfr_opportunities)::bigint as count_pfr_opportunities,
            sum(allin_ev_net) as allin_ev_net,
        from {mart}
        where player = $player and game = $game and currency = $currency
          and ($start is null or played_on >= $start)
          and ($end is null or played_on <= $end)
          and (len($stakes) = 0 or list_contains($stakes, {stakes_shown(db, mart, mart)}))
          and (len($clubs) = 0 or list_contains($clubs, club) or list_contains($clubs, site))
        group by {dimension}
    """, player=player, game=game, currency=currency, start=start, end=end, stakes=list(stakes),
        clubs=list(clubs))


def holdem_sessions(db: Db, player: str, currency: str, start: date | None, end: date | None,
                    stakes: tuple[str, ...], clubs: tuple[str, ...], *, game: str = "holdem") -> pl.DataFrame:
    """One player's sittings of one game (``holdem`` or ``holdem36``) in one unit, oldest first, with running net and all-in EV; a sitting is
    kept when it started on a filtered day, at a filtered club, and played one of the filtered stakes."""
    return frame(db, f"""
        select
            started_at, ended_at, {clock(db, "holdem_sessions")}, duration_minutes, count_hands, count_tables,
            stakes, club,
            net_won, allin_ev_net, bb_per_100,
            sum(net_won) over running as cumulative_net,
            sum(allin_ev_net) over running as cumulative_allin_ev,
            row_number() over running as sitting,
        from holdem_sessions
        where player = $player and game = $game and currency = $currency
          and ($start is null or played_on >= $start)
          and ($end is null or played_on <= $end)
          and (len($stakes) = 0 or len(list_intersect($stakes, string_split(stakes, ', '))) > 0)
          and (len($clubs) = 0 or list_contains($clubs, club) or list_contains($clubs, site))
        window running as (order by started_at, club rows between unbounded preceding and current row)
        order by started_at, club
    """, player=player, game=game, currency=currency, start=start, end=end, stakes=list(stakes), clubs=list(clubs))


def sessions_in_one_currency(db: Db, player: str, currencies: list[str], target: str,
                             rates: dict[tuple[str, str], Decimal], start: date | None, end: date | None,
                             stakes: tuple[str, ...], clubs: tuple[str, ...], *,
                             game: str = "holdem") -> tuple[pl.DataFrame, list[str], list[str]]:
    """The player's sittings of one game (``holdem`` or ``holdem36``) of every currency the user's
    rates turn into ``target``, oldest first:
    net and all-in EV in ``target`` (to the cent; each sitting keeps its own currency and net in
    ``own_currency`` and ``own_net``), running totals over them all; with the rates used said in
    words and the currencies left out for want of a rate.

    A running total adds the converted amounts exactly and is rounded once, to the cent, as every
    page adds converted amounts (:func:`in_one_currency`): the sum of the sittings' rounded nets
    may differ from it by cents, so the last running total is the total."""
    parts, hows, used, left_out = [], {}, set(), set()
    for currency in currencies:
        how = conversion(currency, target, rates)
        if how is None:
            left_out.add(currency or "points")
            continue
        if how[2]:
            used.add(how[2])
        sittings = holdem_sessions(db, player, currency, start, end, stakes, clubs, game=game)
        if sittings.is_empty():
            continue
        hows[currency] = how
        parts.append(sittings.with_columns(pl.lit(currency).alias("own_currency"), pl.col("net_won").alias("own_net"),
                                           pl.col("allin_ev_net").alias("own_allin_ev_net"))
                     .select(pl.exclude("cumulative_net", "cumulative_allin_ev", "sitting")))
    if not parts:
        return pl.DataFrame(), sorted(used), sorted(left_out)
    merged = pl.concat(parts, how="diagonal_relaxed").sort("started_at", "club", "own_currency")
    cent = Decimal("0.01")
    converted: dict[str, list] = {}
    for name, own in (("net_won", "own_net"), ("allin_ev_net", "own_allin_ev_net")):
        amounts, running, total = [], [], None
        for amount, currency in zip(merged[own].to_list(), merged["own_currency"].to_list()):
            exact = None if amount is None else exactly(amount, hows[currency])
            if exact is not None:
                total = (total or Decimal(0)) + exact
            amounts.append(None if exact is None else exact.quantize(cent))
            running.append(None if total is None else total.quantize(cent))
        converted[name], converted[f"running_{name}"] = amounts, running
    money = pl.Decimal(38, 2)
    merged = merged.drop("own_allin_ev_net").with_columns(
        pl.Series("net_won", converted["net_won"], dtype=money),
        pl.Series("allin_ev_net", converted["allin_ev_net"], dtype=money),
        pl.Series("cumulative_net", converted["running_net_won"], dtype=money),
        pl.Series("cumulative_allin_ev", converted["running_allin_ev_net"], dtype=money),
        pl.int_range(1, pl.len() + 1).alias("sitting"),
    )
    return merged, sorted(used), sorted(left_out)
