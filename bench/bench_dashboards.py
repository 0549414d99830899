"""Dashboard benchmark: every page rendered over a synthetic warehouse of N Hold'em hands.

The warehouse is written FAST and columnar, not through the parser: numpy draws the hands
(a few plausible lines of play each, see :func:`_hands`) and pyarrow writes the real
tables (``games``, ``game_players``, ``holdem_results``, ``holdem_actions``, ``findings``)
in the exact schemas of ``pipeline.tables.SCHEMAS``, committed through
``pipeline.warehouse.Warehouse(...).open().commit([FileResult])`` in chunks of 200,000 hands
(one Parquet file per table and chunk), then ``pipeline.models.build``. The hands are
consistent the way the audits of ``sql/tests`` read them: each player's invested and
collected equal what his actions put in and took out, the nets of a hand add up to minus
its rake, ``game_players`` repeats the nets of ``holdem_results``.

Then each page's script is timed with Streamlit's AppTest (``RASKLAD_WAREHOUSE`` pointing at
the warehouse): once with every Streamlit cache cleared (uncached) and once again (cached). Each
page is run once before, untimed, so that what a server does once per process (Streamlit's
search for components, the first import of the page's modules) is not counted as script time.
The player page opens on the player with the most hands (its default), Hold'em tab included;
so do the hand browser (its first page of 50 hands) and the Hold'em reports (every tab).
With Chromium at ``/usr/bin/chromium`` each page is also opened in a real browser the way
``tests/test_dashboards_browser.py`` times it (first visit after the server starts, then a
second visit).

Usage: ``python -m bench dashboards`` (``RASKLAD_BENCH_DASHBOARD_HANDS``, default 1,000,000),
or ``python -m bench.bench_dashboards --hands 200000 [--keep PATH] [--warehouse PATH]
[--no-browser] [--no-audits]``. ``--warehouse`` reuses a warehouse built before.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pyarrow as pa

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboards" / "streamlit_app.py"
HANDS = int(os.environ.get("RASKLAD_BENCH_DASHBOARD_HANDS", "1000000"))
CHUNK = 200_000
TABLES = 20
PLAYERS = 200
ROSTER = 15
STAKES = ((5, 10), (10, 25), (25, 50), (50, 100), (100, 200))  # cents
CLUBS = ("Neva", "Volga")
START = np.datetime64("2024-01-01T00:00:00", "us")
SPAN_US = 2 * 365 * 24 * 3600 * 10**6
FINDING_RULES = (("HE-UNCALLED", "error"), ("HE-POT-BALANCE", "error"), ("HE-MIN-RAISE", "warning"),
                 ("HE-SD-ORDER", "warning"))
PAGES = {  # page: (AppTest path, browser path, texts the browser waits for)
    "overview": (None, "", ("Games in the warehouse", "Statistics built")),
    "player": ("app_pages/player.py", "player", ("Per game", "Net won")),
    "hands": ("app_pages/hands.py", "hands", ("Hands", "Replay a hand")),
    "reports": ("app_pages/reports.py", "reports", ("Hold'em reports", "By position")),
    "leaderboards": ("app_pages/leaderboards.py", "leaderboards", ("Club leaderboards", "Rank over time")),
    "audit": ("app_pages/audit.py", "audit", ("Audit", "Open a game")),
    "check": ("app_pages/check.py", "check", ("Check a game", "Game text")),
    "import": ("app_pages/import_files.py", "import_files", ("Import", "Quarantine")),
}


# -- columns ------------------------------------------------------------------------------------

def _money(cents: np.ndarray, valid: np.ndarray | None = None) -> pa.Array:
    """MONEY (decimal128(18, 2)) straight from int64 cents: the 128-bit little-endian words."""
    from pipeline.tables import MONEY

    cents = np.ascontiguousarray(cents, dtype=np.int64)
    words = np.empty((cents.size, 2), dtype=np.int64)
    words[:, 0] = cents
    words[:, 1] = cents >> 63
    validity = None
    if valid is not None and not valid.all():
        validity = pa.py_buffer(np.packbits(valid.astype(np.uint8), bitorder="little"))
    return pa.Array.from_buffers(MONEY, cents.size, [validity, pa.py_buffer(words.tobytes())])


def _hex_ids(numbers: np.ndarray) -> pa.Array:
    """16 hex digits per uint64, as the ledger's game IDs are."""
    lut = np.array([f"{i:02x}".encode() for i in range(256)], dtype="S2")
    digits = lut[numbers.astype(">u8").view(np.uint8).reshape(-1, 8)]
    return pa.array(np.ascontiguousarray(digits).view("S16").ravel()).cast(pa.string())


def _bools(values: np.ndarray) -> pa.Array:
    return pa.array(values.astype(bool), pa.bool_())


# -- the hands --------------------------------------------------------------------------------

def _hands(rng: np.random.Generator, first: int, count: int, total: int, rosters: np.ndarray,
           names: pa.Array, ids: pa.Array) -> dict[str, pa.Table]:
    """``count`` hands from hand number ``first``: the rows of every table, consistent with each other.

    Each hand deals 2-6 players from its table's roster; the button is slot 0, then SB, BB, UTG….
    12 % are walks. Otherwise one player before the big blind opens to 3 big blinds (those before
    him fold), each later player calls (35 %) or folds; alone, the opener takes the blinds back.
    Called, the flop is seen: players before the opener check, he bets half the pot, each other
    calls (40 %) or folds. Called again, turn and river are checked through to a showdown won
    by one of them. Rake 5 % of the pot, at most 3 big blinds, once a flop is seen.
    """
    n = count
    index = np.arange(first, first + n)
    table = index % TABLES
    level = table % len(STAKES)
    sb = np.array([s for s, _ in STAKES])[level]
    bb = np.array([b for _, b in STAKES])[level]
    k = rng.choice(np.arange(2, 7), size=n, p=[0.1, 0.15, 0.2, 0.25, 0.3])
    slots = np.arange(6)[None, :]
    live = slots < k[:, None]
    # players: k of the table's roster, the first roster places more often (Efraimidis-Spirakis keys)
    weights = np.linspace(3.0, 0.5, ROSTER)
    keys = rng.random((n, ROSTER)) ** (1.0 / weights)
    picked = np.argsort(-keys, axis=1)[:, :6]
    player = rosters[table[:, None], picked]                      # (n, 6) player numbers
    button_seat = rng.integers(0, 6, n)
    seat = (button_seat[:, None] + slots) % 6 + 1
    heads_up = k == 2
    sb_slot = np.where(heads_up, 0, 1)
    bb_slot = np.where(heads_up, 1, 2)
    is_sb = slots == sb_slot[:, None]
    is_bb = slots == bb_slot[:, None]
    kk = k[:, None]
    pre_rank = np.where(heads_up[:, None], slots, np.select([slots >= 3, slots == 0, slots == 1],
                                                            [slots - 3, kk - 3, kk - 2], kk - 1))
    post_rank = np.where(heads_up[:, None], 1 - slots, np.where(slots == 0, kk - 1, slots - 1))
    position_names = np.array(["BTN", "SB", "BB", "UTG", "HJ", "CO", ""])
    position = np.select(
        [slots == 0, is_sb & ~heads_up[:, None], is_bb, (slots == kk - 1) & (kk >= 4),
         (slots == 4) & (kk == 6)], [0, 1, 2, 5, 4], 3)
    position = np.where(live, position, 6)
    posted = np.where(is_sb, sb[:, None], np.where(is_bb, bb[:, None], 0)) * live
    # preflop
    walk = rng.random(n) < 0.12
    open_rank = (rng.random(n) * (k - 1)).astype(np.int64)        # anyone before the big blind
    opener = live & (pre_rank == open_rank[:, None]) & ~walk[:, None]
    raise_to = 3 * bb
    after = live & (pre_rank > open_rank[:, None]) & ~walk[:, None]
    calls = after & (rng.random((n, 6)) < 0.35)
    callers = calls.sum(axis=1)
    flop = ~walk & (callers > 0)
    invested = posted.copy()
    invested = np.where(opener | calls, raise_to[:, None], invested)
    pot_pre = invested.sum(axis=1)
    # flop: the opener bets half the pot; the others call or fold
    in_flop = (opener | calls) & flop[:, None]
    bet = np.where(flop, (pot_pre // 2), 0)
    open_post = (post_rank * opener).sum(axis=1)
    flop_calls = in_flop & ~opener & (rng.random((n, 6)) < 0.4)
    showdown = flop & (flop_calls.sum(axis=1) > 0)
    invested = invested + np.where((flop_calls | opener) & showdown[:, None], bet[:, None], 0)
    # who takes the pot
    single = ~walk & (callers == 0)
    pot = invested.sum(axis=1)
    rake = np.where(flop, np.minimum(pot * 5 // 100, 3 * bb), 0)
    in_showdown = (flop_calls | opener) & showdown[:, None]
    winner_keys = np.where(in_showdown, rng.random((n, 6)), -1.0)
    sd_winner = np.argmax(winner_keys, axis=1)
    winner_slot = np.where(walk, bb_slot, np.where(showdown, sd_winner, np.argmax(opener, axis=1)))
    winner = slots == winner_slot[:, None]
    # a walk returns the big blind's unmatched part; an unanswered raise or bet its excess
    invested = np.where(walk[:, None] & is_bb, sb[:, None], invested)
    invested = np.where(single[:, None] & opener, bb[:, None], invested)
    pot = invested.sum(axis=1)
    collected = np.where(winner, (pot - rake)[:, None], 0)
    net = collected - invested
    stack = (rng.integers(40, 250, (n, 6)) * bb[:, None])

    # -- holdem_results, game_players (one row per live slot) --------------------------------------
    hand_of, slot_of = np.nonzero(live)
    take = (hand_of, slot_of)
    names_at = names.take(pa.array(player[take]))
    ids_at = ids.take(pa.array(hand_of))
    hand_ids = pa.array((10**9 + index).astype(str))
    stakes_text = pa.array([f"{s / 100:.2f}/{b / 100:.2f} USD" for s, b in STAKES]).take(pa.array(level[hand_of]))
    saw_flop = in_flop[take]
    sd = in_showdown[take]
    net_rows = net[take]
    cards = np.array([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"])
    hole = np.char.add(np.char.add(cards[rng.integers(0, 26, hand_of.size)], " "),
                       cards[rng.integers(26, 52, hand_of.size)])
    results = pa.table({
        "game_id": ids_at, "hand_id": hand_ids.take(pa.array(hand_of)), "player": names_at,
        "seat": pa.array(seat[take], pa.int16()),
        "position": pa.array(position_names[position[take]]),
        "hole_cards": pa.array(np.where(sd, hole, None)),
        "stack_start": _money(stack[take]), "invested": _money(invested[take]),
        "collected": _money(collected[take]), "net": _money(net_rows),
        "net_showdown": _money(np.where(sd, net_rows, 0)), "allin_ev_net": _money(net_rows),
        "saw_flop": _bools(saw_flop), "saw_turn": _bools(sd), "saw_river": _bools(sd),
        "went_to_showdown": _bools(sd), "won_at_showdown": _bools(sd & winner[take]),
        "is_walk": _bools(walk[hand_of]),
        "small_blind": _money(sb[hand_of]), "big_blind": _money(bb[hand_of]), "stakes": stakes_text,
        "betting": pa.array(np.full(hand_of.size, "no_limit")), "currency": pa.array(np.full(hand_of.size, "USD")),
        "is_tournament": _bools(np.zeros(hand_of.size)), "max_seats": pa.array(np.full(hand_of.size, 6), pa.int16()),
        "count_players": pa.array(k[hand_of], pa.int16()), "rake": _money(rake[hand_of]),
        "cash_out": _money(np.zeros(hand_of.size, np.int64)), "total_pot": _money(pot[hand_of]),
    })
    game_players = pa.table({"game_id": ids_at, "player": names_at, "seat": results["seat"], "net": results["net"]})

    # -- holdem_actions: events (hand, slot, sort key, street, action, amount, to_call, level) ------
    events: list[tuple] = []

    def add(mask, key, street, action, amount, to_call, level, voluntary=False, raised=None):
        h, s = np.nonzero(mask)
        def at(v):
            v = np.asarray(v)
            if v.ndim == 2:
                return np.broadcast_to(v, (n, 6))[h, s]
            return v[h] if v.ndim == 1 else np.full(h.size, v)
        events.append((h, s, at(key), street, action, at(amount), at(to_call), at(level), voluntary,
                       None if raised is None else at(raised)))

    add(is_sb & live, 0, "preflop", "post_sb", sb, 0, 0)
    add(is_bb & live, 1, "preflop", "post_bb", bb, 0, 0)
    folds_walk = live & walk[:, None] & ~is_bb
    add(folds_walk, 10 + pre_rank, "preflop", "fold", 0, bb[:, None] - posted, 1)
    before = live & ~walk[:, None] & (pre_rank < open_rank[:, None])
    add(before, 10 + pre_rank, "preflop", "fold", 0, bb[:, None] - posted, 1)
    add(opener, 10 + pre_rank, "preflop", "raise", raise_to[:, None] - posted, bb[:, None] - posted, 1,
        voluntary=True, raised=np.broadcast_to(raise_to[:, None], (n, 6)))
    add(calls, 10 + pre_rank, "preflop", "call", raise_to[:, None] - posted, raise_to[:, None] - posted, 2,
        voluntary=True)
    add(after & ~calls, 10 + pre_rank, "preflop", "fold", 0, raise_to[:, None] - posted, 2)
    add(walk[:, None] & is_bb, 30, "preflop", "uncalled", (bb - sb)[:, None], 0, 0)
    add(single[:, None] & opener, 30, "preflop", "uncalled", (raise_to - bb)[:, None], 0, 0)
    add((walk | single)[:, None] & winner, 31, "preflop", "collect", (pot - rake)[:, None], 0, 0)
    add(in_flop & (post_rank < open_post[:, None]), 40 + post_rank, "flop", "check", 0, 0, 0)
    add(in_flop & opener, 50, "flop", "bet", bet[:, None], 0, 0, voluntary=True)
    response = 60 + (post_rank - open_post[:, None]) % kk
    add(flop_calls, response, "flop", "call", bet[:, None], bet[:, None], 1, voluntary=True)
    add(in_flop & ~opener & ~flop_calls, response, "flop", "fold", 0, bet[:, None], 1)
    lone = (flop & ~showdown)[:, None]
    add(lone & opener, 70, "flop", "uncalled", bet[:, None], 0, 0)
    add(lone & winner, 71, "flop", "collect", (pot - rake)[:, None], 0, 0)
    add(in_showdown, 90 + post_rank, "turn", "check", 0, 0, 0)
    add(in_showdown, 100 + post_rank, "river", "check", 0, 0, 0)
    add(in_showdown, 120 + post_rank, "showdown", "show", None, 0, 0)
    add(in_showdown & winner, 130, "showdown", "collect", (pot - rake)[:, None], 0, 0)

    h = np.concatenate([e[0] for e in events])
    s = np.concatenate([e[1] for e in events])
    key = np.concatenate([e[2] for e in events])
    order = np.lexsort((key, h))
    h, s = h[order], s[order]
    starts = np.searchsorted(h, np.arange(n))
    action_no = np.arange(h.size) - starts[h]
    street = np.concatenate([np.full(e[0].size, e[3]) for e in events])[order]
    action = np.concatenate([np.full(e[0].size, e[4]) for e in events])[order]
    has_amount = np.concatenate([np.full(e[0].size, e[5].dtype != object) for e in events])[order]
    amount = np.concatenate([e[5] if e[5].dtype != object else np.zeros(e[0].size, np.int64)
                             for e in events])[order].astype(np.int64)
    to_call = np.concatenate([e[6] for e in events])[order].astype(np.int64)
    level = np.concatenate([e[7] for e in events])[order]
    voluntary = np.concatenate([np.full(e[0].size, e[8]) for e in events])[order]
    raised = np.concatenate([e[9] if e[9] is not None else np.zeros(e[0].size, np.int64)
                             for e in events])[order].astype(np.int64)
    actions = pa.table({
        "game_id": ids.take(pa.array(h)), "hand_id": hand_ids.take(pa.array(h)),
        "action_no": pa.array(action_no, pa.int16()), "street": pa.array(street),
        "player": names.take(pa.array(player[h, s])), "seat": pa.array(seat[h, s], pa.int16()),
        "position": pa.array(position_names[position[h, s]]), "action": pa.array(action),
        "amount": _money(amount, has_amount), "raise_to": _money(raised, action == "raise"),
        "to_call": _money(to_call), "bet_level": pa.array(level, pa.int8()),
        "is_all_in": _bools(np.zeros(h.size)), "is_voluntary": _bools(voluntary),
        "line": pa.array(3 + action_no, pa.int32()), "board": pa.array(np.zeros(h.size, np.int8)),
    })

    # -- games and a few findings --------------------------------------------------------------------
    played_at = START + (index * (SPAN_US // total)).astype("timedelta64[us]") \
        + rng.integers(0, 60 * 10**6, n).astype("timedelta64[us]")
    source = np.array([f"/bench/synthetic/holdem-table-{t:02d}.txt" for t in range(TABLES)])[table]
    first_line = (index // TABLES) * 30 + 1
    flagged = rng.choice(n, size=max(1, round(300 * n / total)), replace=False)
    rule = rng.integers(0, len(FINDING_RULES), flagged.size)
    severity = np.array([sev for _, sev in FINDING_RULES])[rule]
    errors = np.zeros(n, np.int32)
    warnings = np.zeros(n, np.int32)
    np.add.at(errors, flagged[severity == "error"], 1)
    np.add.at(warnings, flagged[severity == "warning"], 1)
    games = pa.table({
        "game_id": ids, "source_file": pa.array(source), "first_line": pa.array(first_line, pa.int32()),
        "last_line": pa.array(first_line + 28, pa.int32()), "played_at": pa.array(played_at, pa.timestamp("us")),
        "club": pa.array(np.array(CLUBS)[table % len(CLUBS)]),
        "table_name": pa.array(np.char.add("Table ", (table + 1).astype(str))),
        "ruleset": pa.array(np.full(n, "default")), "count_players": pa.array(k, pa.int16()),
        "count_errors": pa.array(errors), "count_warnings": pa.array(warnings),
    })
    findings = pa.table({
        "game_id": ids.take(pa.array(flagged)),
        "rule_id": pa.array(np.array([r for r, _ in FINDING_RULES])[rule]), "severity": pa.array(severity),
        "line": pa.array(first_line[flagged] + 10, pa.int32()),
        "message": pa.array(np.full(flagged.size, "synthetic finding for the dashboard benchmark")),
        "expected": pa.array(np.full(flagged.size, "1.00")), "actual": pa.array(np.full(flagged.size, "1.50")),
        "source_file": pa.array(source[flagged]),
    })
    return {"games": games, "game_players": game_players, "holdem_results": results,
            "holdem_actions": actions, "findings": findings}


def _complete(name: str, table: pa.Table) -> pa.Table:
    """The table with the columns the warehouse added since these tables were drawn: those it
    derives from the others (what each Hold'em decision faced), ``rules_version`` (this rules
    version's stamp), or nulls."""
    from pipeline.provenance import RULES_VERSION
    from pipeline.tables import DERIVED, SCHEMAS

    schema = SCHEMAS[name]
    if name in DERIVED:
        table = DERIVED[name].derive(table)
    for field in schema:
        if field.name not in table.column_names:
            value = RULES_VERSION if field.name == "rules_version" else None
            table = table.append_column(field.name, pa.array([value] * table.num_rows, field.type))
    return table.select(schema.names)


def build_warehouse(root: Path, hands: int, seed: int = 6) -> dict[str, float]:
    """Write ``hands`` synthetic Hold'em hands into a new warehouse at ``root`` and build its models."""
    from pipeline import models
    from pipeline.tables import SCHEMAS
    from pipeline.warehouse import Warehouse
    from pipeline.worker import FileResult

    rng = np.random.default_rng(seed)
    names = pa.array([f"player{i:03d}" for i in range(PLAYERS)])
    # table t seats players 10t … 10t+14 (mod 200): every player at one or two tables
    rosters = (np.arange(TABLES)[:, None] * (PLAYERS // TABLES) + np.arange(ROSTER)[None, :]) % PLAYERS
    rosters = rng.permutation(PLAYERS)[rosters]
    numbers = np.unique(rng.integers(1, 2**63, int(hands * 1.01) + 10, dtype=np.uint64))
    numbers = rng.permutation(numbers)[:hands]
    warehouse = Warehouse(root).open()
    started = time.perf_counter()
    rows = 0
    for first in range(0, hands, CHUNK):
        count = min(CHUNK, hands - first)
        ids = _hex_ids(numbers[first:first + count])
        tables = _hands(rng, first, count, hands, rosters, names, ids)
        rows += sum(t.num_rows for t in tables.values())
        result = FileResult(f"/bench/synthetic/chunk-{first // CHUNK:03d}", f"{rng.integers(2**62):032x}", 0,
                            count_games=count)
        result.tables = {(name, "holdem"): _complete(name, table).cast(SCHEMAS[name])
                         for name, table in tables.items()}
        warehouse.commit([result])
    written = time.perf_counter() - started
    started = time.perf_counter()
    models.build(warehouse)
    built = time.perf_counter() - started
    return {"write_s": written, "models_s": built, "rows": rows}


def _size(root: Path) -> int:
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())


# -- timing the pages ------------------------------------------------------------------------------

def time_pages(warehouse: Path) -> dict[str, tuple[float, float]]:
    """Each page by AppTest: (seconds with every Streamlit cache cleared, seconds on a second run)."""
    from streamlit import logger
    from streamlit.testing.v1 import AppTest

    from dashboards import queries

    logger.set_log_level("error")  # AppTest's bare-mode warnings, one per page

    os.environ["RASKLAD_WAREHOUSE"] = str(warehouse)
    timings = {}
    for name, (path, _, _) in PAGES.items():
        at = AppTest.from_file(str(APP), default_timeout=900)
        if path is not None:
            at.run()  # the overview first, as a visitor lands on it; then every cache cleared
            at.switch_page(path)
        # once, not timed: what a server does once per process (Streamlit looks for its components,
        # the page's modules are imported), which is no page's script time
        at.run()
        queries.release()
        started = time.perf_counter()
        at.run()
        uncached = time.perf_counter() - started
        if at.exception:
            raise RuntimeError(f"page {name} failed: {[e.value for e in at.exception]}")
        started = time.perf_counter()
        at.run()
        cached = time.perf_counter() - started
        timings[name] = (uncached, cached)
        print(f"  {name:<13} {uncached:7.2f} s uncached {cached:7.2f} s cached", flush=True)
    queries.release()
    return timings


def time_browser(warehouse: Path) -> dict[str, tuple[float, float]]:
    """Each page in headless Chromium: the first visit after the server starts, then a second one."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import Browser, StreamlitServer

    timings = {}
    with tempfile.TemporaryDirectory(prefix="rasklad-bench-log-") as logs, \
            StreamlitServer(APP, warehouse, Path(logs) / "streamlit.log") as server, Browser() as browser:
        for name, (_, path, expected) in PAGES.items():
            seconds = []
            for _ in range(2):
                started = time.perf_counter()
                browser.open(f"{server.url}/{path}")
                browser.wait_for_text(*expected, timeout=300)
                browser.wait_until_idle(timeout=300)
                seconds.append(time.perf_counter() - started)
                browser.open("about:blank")
            timings[name] = (seconds[0], seconds[1])
            print(f"  {name:<13} {seconds[0]:7.2f} s first visit {seconds[1]:7.2f} s second", flush=True)
    return timings


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench dashboards")
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--warehouse", type=Path, help="time the pages of this warehouse (built before)")
    parser.add_argument("--keep", type=Path, help="build the warehouse here and keep it")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--no-audits", action="store_true")
    args = parser.parse_args(argv if argv is not None else [])
    temporary = None
    if args.warehouse:
        root = args.warehouse
    else:
        root = args.keep or Path(tempfile.mkdtemp(prefix="rasklad-bench-dash-")) / "warehouse"
        temporary = None if args.keep else root.parent
        if root.exists():
            shutil.rmtree(root)
        print(f"building a warehouse of {args.hands:,} Hold'em hands at {root}", flush=True)
        built = build_warehouse(root, args.hands)
        print(f"  tables written: {built['write_s']:.1f} s ({built['rows']:,} rows); "
              f"models built: {built['models_s']:.1f} s", flush=True)
    try:
        print(f"warehouse on disk: {_size(root) / 2**20:,.0f} MiB "
              f"(DuckDB file {(root / 'rasklad.duckdb').stat().st_size / 2**20:,.0f} MiB)", flush=True)
        if not args.no_audits:
            from pipeline import models
            from pipeline.warehouse import Warehouse

            started = time.perf_counter()
            failing = {name: n for name, n in models.run_audits(Warehouse(root)).items() if n}
            print(f"audits: {time.perf_counter() - started:.1f} s; "
                  + (f"failing: {failing}" if failing else "all pass"), flush=True)
        print("pages by AppTest:", flush=True)
        pages = time_pages(root)
        browser = {}
        if not args.no_browser and Path("/usr/bin/chromium").exists():
            print("pages in Chromium:", flush=True)
            try:
                browser = time_browser(root)
            except Exception as error:  # noqa: BLE001 — the AppTest table stands without it
                print(f"  browser timing failed: {type(error).__name__}: {error}")
        print(f"\n{'page':<13} {'uncached s':>10} {'cached s':>9}" + (f" {'browser s':>10} {'again s':>8}"
                                                                      if browser else ""))
        for name, (uncached, cached) in pages.items():
            line = f"{name:<13} {uncached:10.2f} {cached:9.2f}"
            if name in browser:
                line += f" {browser[name][0]:10.2f} {browser[name][1]:8.2f}"
            print(line)
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
