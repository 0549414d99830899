"""The house edge of six-card poker under perfect play, over every deal, exactly.

A deal is what the player's first decision depends on: the box's five cards and the dealer's
up card, 2,598,960 × 47 = 122,151,120 deals, each equally likely. The four suits play the same
part, so a deal and its images under the 24 permutations of the suits have the same value: the
run values one deal of each class (its *canonical* deal, the one whose card set is least as a
52-bit mask, then whose up card is least) and weighs it by the size of its class. The weights
sum to the number of deals, so the result is an exact average, not an estimate.

Each canonical deal's value is the EV of its best first decision, one box played alone, bet as
the rules say (rules/sixcard_ev.py, the replay's own engine, which values the consecutive
canonical deals of one box together); the house edge is minus their weighted mean, in antes. The
canonical deals are cut into chunks, and each finished chunk's sum is appended to a state file
beside the warehouse (``house_edge/<ruleset key>.jsonl``): a run killed half way and started
again continues where it stopped. Chunks run in a fixed shuffled order, so the chunks of a
partial run are a random sample of them all; but a chunk is a block of alike deals (one box's
up cards, boxes of alike cards), whose edges range from below 0 to above 90 %, so the running
figure says little until many chunks are done. Progress lines show it, with its 95 % margin
from the spread of the chunks done, only from :data:`EDGE_AFTER_CHUNKS` chunks on. The
finished result is one row of the warehouse table ``sixcard_house_edge`` per ruleset.

>>> canonical_key(SixcardRules.parse("pay flush 6, bet 2 antes"))
'pay flush 6'
>>> canonical_key(SixcardRules.parse("default"))
'default'
>>> canonical_key(SixcardRules.parse("dealer game replaces highest")), canonical_key(
...     SixcardRules.parse("dealer game replaces lowest"))
('default', 'dealer game replaces lowest')
"""

from __future__ import annotations

import fcntl
import hashlib
import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pyarrow as pa
from numba import njit

from pipeline import kernels
from rules.evaluator import HandCategory
from rules.sixcard import DEFAULT_RULES, DealerQualifier, SixcardRules
from rules.sixcard_ev import best_first_decisions
from rules.words import counted

__all__ = ["TOTAL_DEALS", "HouseEdge", "Progress", "canonical_deals", "canonical_key", "compute_chunk",
           "house_edge"]

TOTAL_DEALS = math.comb(52, 5) * 47
"""Every deal of one box: five cards to the box, one up card of the 47 others."""
CHUNK_DEALS = 400
"""Canonical deals per chunk: the unit of work, of a progress checkpoint, and of a Spark task."""
EDGE_AFTER_CHUNKS = 30
"""Chunks done before the running edge is shown: from fewer, the spread of their edges, which its
margin is worked from, is not known."""
STATE_FOLDER = "house_edge"
METHOD = "every deal up to suit symmetry, exact EV of the best first decision"

_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
_SUIT_BITS = np.int64(sum(1 << (4 * r) for r in range(13)))


@njit(cache=True)
def _permuted(mask, perm, suit_bits):
    out = np.int64(0)
    for s in range(4):
        out |= ((mask >> s) & suit_bits) << perm[s]
    return out


@njit(cache=True)
def _canonical_deals(perms, suit_bits, capacity):
    cards = np.empty((capacity, 5), dtype=np.int8)
    ups = np.empty(capacity, dtype=np.int8)
    weights = np.empty(capacity, dtype=np.int32)
    stab = np.empty(24, dtype=np.int64)
    at = 0
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        mask = (np.int64(1) << a) | (np.int64(1) << b) | (np.int64(1) << c) | (
                            np.int64(1) << d) | (np.int64(1) << e)
                        least = True
                        k = 0
                        for p in range(24):
                            image = _permuted(mask, perms[p], suit_bits)
                            if image < mask:
                                least = False
                                break
                            if image == mask:
                                stab[k] = p
                                k += 1
                        if not least:
                            continue
                        for u in range(52):
                            if (mask >> u) & 1:
                                continue
                            fixed = 0
                            for i in range(k):
                                image = (u & ~3) | perms[stab[i]][u & 3]
                                if image < u:
                                    fixed = -1
                                    break
                                if image == u:
                                    fixed += 1
                            if fixed < 0:
                                continue
                            cards[at, 0], cards[at, 1], cards[at, 2], cards[at, 3], cards[at, 4] = a, b, c, d, e
                            ups[at] = u
                            weights[at] = 24 // fixed
                            at += 1
    return cards[:at], ups[:at], weights[:at]


_DEALS: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


def canonical_deals() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(cards (N, 5), up cards (N,), weights (N,)) of one deal per class of deals under the
    permutations of the suits, each weighted by its class's size; the order is fixed.

    >>> cards, ups, weights = canonical_deals()
    >>> len(ups), int(weights.sum()) == TOTAL_DEALS
    (5649150, True)
    """
    global _DEALS
    if _DEALS is None:
        _DEALS = _canonical_deals(_SUIT_PERMUTATIONS, _SUIT_BITS, 6_000_000)
    return _DEALS


def canonical_key(rules: SixcardRules) -> str:
    """The ruleset as the settings that differ from the default table, in a fixed order
    (``default`` when none do): one text per ruleset, whatever order its ``Rules:`` line used.
    A setting the figure does not depend on is left out: the edge assumes the dealer's highest
    card replaced where the rules leave it open, so ``dealer game replaces highest`` is ``default``,
    and an ace-king high never wins under the pair qualifier, so its pay is left out there.

    >>> canonical_key(SixcardRules.parse("pay ace-king 3")), canonical_key(
    ...     SixcardRules.parse("pay ace-king 3, dealer qualifies ace-king"))
    ('default', 'pay ace-king 3, dealer qualifies ace-king')
    """
    base = DEFAULT_RULES
    settings = []
    table = base.pay_table
    for category, pays in rules.pay:
        # A box wins only against a dealer with a game who holds less. Under the pair qualifier
        # such a dealer holds a pair or more, so a high card (the ace-king line) never wins and
        # its pay cannot change the figure; every other line can win under either qualifier (a
        # pair beats a dealer's lower pair), and the ace-king one under the ace-king qualifier.
        # The other settings always count: the buy, the exchange and the dealer's game are
        # options of every deal, and the bet and the replaced card change what a showdown pays.
        if category is HandCategory.HIGH_CARD and rules.qualifier is DealerQualifier.PAIR:
            continue
        if table.get(category) != pays:
            word = "ace-king" if category.label == "high card" else category.label
            settings.append(f"pay {word} {pays}")
    if rules.qualifier != base.qualifier:
        settings.append(f"dealer qualifies {rules.qualifier.value}")
    # The figure depends on the card replaced where no log names one: a house that fixes the
    # highest shares the default's figure (and its state file), one that fixes the lowest has its own.
    if rules.assumed_replaces != base.assumed_replaces:
        settings.append(f"dealer game replaces {rules.assumed_replaces.value}")
    for name, word in (("buy_cost", "buy"), ("exchange_cost", "exchange"), ("dealer_game_cost", "dealer game")):
        if getattr(rules, name) != getattr(base, name):
            settings.append(f"{word} {getattr(rules, name).normalize():f}")
    if rules.bet_antes != base.bet_antes:
        settings.append(f"bet {rules.bet_antes.normalize():f} antes")
    return ", ".join(settings) or "default"


def compute_chunk(ruleset: str, chunk: int, chunk_deals: int = CHUNK_DEALS) -> dict:
    """The weighted sum of the best first-decision EVs (antes) of one chunk of canonical deals."""
    rules = SixcardRules.parse(ruleset)
    cards, ups, weights = canonical_deals()
    start, stop = chunk * chunk_deals, min((chunk + 1) * chunk_deals, len(ups))
    started = time.process_time()
    terms = []
    at = start
    while at < stop:
        # the canonical deals of one box are consecutive: its draw tree is ranked once for them all
        end = at + 1
        while end < stop and (cards[end] == cards[at]).all():
            end += 1
        values = best_first_decisions(tuple(int(c) for c in cards[at]), [int(u) for u in ups[at:end]], rules)
        terms += [int(w) * float(v) for w, v in zip(weights[at:end], values)]
        at = end
    return {"chunk": chunk, "sum": math.fsum(terms).hex(), "deals": int(weights[start:stop].sum()),
            "canonical": stop - start, "cpu_seconds": time.process_time() - started}


def chunk_count(chunk_deals: int = CHUNK_DEALS) -> int:
    return -(-len(canonical_deals()[1]) // chunk_deals)


def chunk_order(chunks: int) -> list[int]:
    """The order chunks run in: shuffled once and for all, so that any finished part is a fair sample."""
    return [int(i) for i in np.random.default_rng(15).permutation(chunks)]


# ---------------------------------------------------------------- the state file


@dataclass
class Progress:
    """What a run has done so far, read back from its state file."""

    ruleset: str
    chunk_deals: int
    chunks: int
    done: dict[int, dict]

    @property
    def deals(self) -> int:
        return sum(row["deals"] for row in self.done.values())

    @property
    def canonical(self) -> int:
        return sum(row["canonical"] for row in self.done.values())

    @property
    def cpu_seconds(self) -> float:
        return sum(row["cpu_seconds"] for row in self.done.values())

    @property
    def value_sum(self) -> float:
        return math.fsum(float.fromhex(row["sum"]) for row in self.done.values())

    @property
    def finished(self) -> bool:
        return len(self.done) == self.chunks

    @property
    def running_edge(self) -> float | None:
        """Minus the mean value of the deals done so far: the whole's edge once finished."""
        return -self.value_sum / self.deals if self.deals else None

    @property
    def running_margin(self) -> float | None:
        """Half the width of the 95 % interval around :attr:`running_edge`: the chunks done are a
        random sample of the chunks (they run in shuffled order), and the edge a ratio of their
        sums, whose variance is estimated from the spread of the chunks' own losses about it
        (less the share of the chunks already done). 0 once finished; None before
        :data:`EDGE_AFTER_CHUNKS` chunks."""
        done = len(self.done)
        if self.finished:
            return 0.0
        if done < EDGE_AFTER_CHUNKS:
            return None
        edge = self.running_edge
        spread = math.fsum((-float.fromhex(row["sum"]) - edge * row["deals"]) ** 2
                           for row in self.done.values()) / (done - 1)
        mean_deals = self.deals / done
        return 1.96 * math.sqrt((1 - done / self.chunks) * spread / done) / mean_deals

    @property
    def shown_edge(self) -> float | None:
        """The running edge where a run says it (the text and ``--json`` alike): once it has its
        margin (:attr:`running_margin`), None before, for :attr:`edge_withheld`."""
        return None if self.running_margin is None else self.running_edge

    @property
    def edge_withheld(self) -> str | None:
        """Why :attr:`shown_edge` is None; None where it is given."""
        if self.running_margin is not None:
            return None
        return (f"edge so far not shown before {EDGE_AFTER_CHUNKS} chunks: each is a block of alike "
                f"deals, and a few say little of the whole")

    def edge_so_far(self) -> str:
        """The running edge as the progress lines and a partial run's last line say it."""
        if self.finished:
            return f"edge {self.running_edge:.4%} of the ante, every deal valued"
        if self.shown_edge is None:
            return self.edge_withheld
        return f"edge so far {self.shown_edge:.2%} ± {self.running_margin:.2%} of the ante (95 % margin)"


def state_path(warehouse: Path, ruleset: str) -> Path:
    digest = hashlib.sha1(ruleset.encode()).hexdigest()[:12]
    return Path(warehouse) / STATE_FOLDER / f"sixcard-{digest}.jsonl"


def read_state(path: Path, ruleset: str, chunk_deals: int) -> Progress:
    """The chunks a state file says are done. A line cut short by a kill is not a chunk done;
    a file of another ruleset or chunk size is refused (its sums would not add up with these)."""
    done: dict[int, dict] = {}
    if path.exists():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            if number == 0:
                if (row.get("ruleset"), row.get("chunk_deals")) != (ruleset, chunk_deals):
                    raise ValueError(f"{path} is the state of another run ({row}): move it away to start again")
                continue
            if isinstance(row, dict) and "chunk" in row:
                done[int(row["chunk"])] = row
    return Progress(ruleset=ruleset, chunk_deals=chunk_deals, chunks=chunk_count(chunk_deals), done=done)


def _append(path: Path, row: dict) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")
        out.flush()
        os.fsync(out.fileno())


# ---------------------------------------------------------------- running


@dataclass(frozen=True)
class HouseEdge:
    """The result of a finished run."""

    ruleset: str
    house_edge: float
    """Expected loss per ante under perfect play (0.03 = 3 % of the ante)."""
    count_deals: int
    count_canonical_deals: int
    cpu_seconds: float
    wall_seconds: float


def _local_results(ruleset: str, chunks: list[int], chunk_deals: int, jobs: int) -> Iterator[dict]:
    if jobs <= 1:
        for chunk in chunks:
            yield compute_chunk(ruleset, chunk, chunk_deals)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    canonical_deals()   # made once, before the fork, and shared by the workers
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        pending = iter(chunks)
        running = set()
        for chunk in pending:
            running.add(pool.submit(compute_chunk, ruleset, chunk, chunk_deals))
            if len(running) >= 2 * jobs:
                break
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                for chunk in pending:
                    running.add(pool.submit(compute_chunk, ruleset, chunk, chunk_deals))
                    break


def _spark_results(ruleset: str, chunks: list[int], chunk_deals: int, master: str) -> Iterator[dict]:
    """Chunks as Spark tasks, in rounds of a few per core, so that each round is checkpointed."""
    from pipeline.spark import session

    spark = session(master)
    context = spark.sparkContext
    per_round = max(1, 4 * context.defaultParallelism)
    for at in range(0, len(chunks), per_round):
        batch = chunks[at:at + per_round]
        rdd = context.parallelize(batch, len(batch))
        yield from rdd.map(lambda chunk: compute_chunk(ruleset, chunk, chunk_deals)).collect()


def house_edge(warehouse: str | Path, rules: SixcardRules = DEFAULT_RULES, *, jobs: int = 1,
               spark: str | None = None, chunk_deals: int = CHUNK_DEALS, max_chunks: int | None = None,
               say: Callable[[str], None] = print, every: float = 5.0) -> tuple[Progress, HouseEdge | None]:
    """Run (or continue) the computation for ``rules``; store the result once every chunk is done.

    ``max_chunks`` stops after that many more chunks (a partial run, to measure the rate):
    the state keeps them, and the next run continues. Returns the progress and, when the run
    is complete, its result (also stored in the warehouse table ``sixcard_house_edge``).
    """
    kernels.watch()     # the EV kernels compile on a first run, or load a cache another version left
    ruleset = canonical_key(rules)
    path = state_path(Path(warehouse), ruleset)
    path.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with path.open("a", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RuntimeError(f"another run is computing this house edge (it holds {path})") from None
        if path.stat().st_size == 0:
            _append(path, {"ruleset": ruleset, "chunk_deals": chunk_deals, "total_deals": TOTAL_DEALS})
        progress = read_state(path, ruleset, chunk_deals)
        todo = [chunk for chunk in chunk_order(progress.chunks) if chunk not in progress.done]
        if max_chunks is not None:
            todo = todo[:max_chunks]
        say(f"house edge of {ruleset!r}: {len(progress.done):,} of {progress.chunks:,} chunks done before, "
            f"{len(todo):,} to run ({'Spark ' + spark if spark else counted(jobs, 'process', 'processes')})")
        results = (_spark_results(ruleset, todo, chunk_deals, spark) if spark
                   else _local_results(ruleset, todo, chunk_deals, jobs))
        last = time.monotonic()
        for ran, row in enumerate(results, start=1):
            _append(path, row)
            progress.done[row["chunk"]] = row
            if time.monotonic() - last >= every or ran == len(todo):
                last = time.monotonic()
                say(_progress_line(progress, ran, time.perf_counter() - started))
    if not progress.finished:
        return progress, None
    result = HouseEdge(ruleset=ruleset, house_edge=progress.running_edge, count_deals=progress.deals,
                       count_canonical_deals=progress.canonical, cpu_seconds=progress.cpu_seconds,
                       wall_seconds=time.perf_counter() - started)
    if result.count_deals != TOTAL_DEALS:
        raise RuntimeError(f"the chunks weigh {result.count_deals:,} deals, not {TOTAL_DEALS:,}: {path} is damaged")
    store(warehouse, result)
    return progress, result


def _progress_line(progress: Progress, ran: int, seconds: float) -> str:
    share = progress.canonical / len(canonical_deals()[1])
    cpu_per_deal = progress.cpu_seconds / max(progress.canonical, 1)
    left = (len(canonical_deals()[1]) - progress.canonical) * cpu_per_deal / 3600
    return (f"  {len(progress.done):,}/{progress.chunks:,} chunks ({share:.2%} of the canonical deals), "
            f"{ran:,} this run in {seconds:,.0f} s; {1 / max(cpu_per_deal, 1e-12):,.1f} deals per CPU-second, "
            f"{left:,.1f} CPU-hours left; {progress.edge_so_far()}")


# ---------------------------------------------------------------- the warehouse table


def store(warehouse: str | Path, result: HouseEdge) -> None:
    """Write the result as its ruleset's row of ``sixcard_house_edge`` (other rulesets' rows
    kept) and rebuild the models that read it."""
    from pipeline import models
    from pipeline.provenance import RULES_VERSION
    from pipeline.warehouse import Warehouse

    with Warehouse(warehouse).open(purpose="rasklad house-edge") as store_:
        kept = [row for row in store_.read_table("sixcard_house_edge").to_pylist() if row["ruleset"] != result.ruleset]
        row = {"ruleset": result.ruleset, "house_edge": result.house_edge, "count_deals": result.count_deals,
               "count_canonical_deals": result.count_canonical_deals, "method": METHOD,
               "cpu_seconds": result.cpu_seconds, "wall_seconds": result.wall_seconds,
               "computed_at": datetime.now(UTC).replace(tzinfo=None), "rules_version": RULES_VERSION}
        store_.replace_table("sixcard_house_edge", pa.Table.from_pylist(kept + [row]))
        models.build(store_)
