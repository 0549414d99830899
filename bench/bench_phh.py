"""PHH in and PHH/OHH out: hands per second of each, beside the PokerStars text of the same hands.

Run with ``python -m bench phh``. Generated no-limit hands (rake included) are ingested as
PokerStars text, exported as PHH and OHH, and the PHH files, gathered into one ``.phhs`` file,
are ingested again into a second warehouse, one reader each (``jobs=1``, the SQL models built
as an ingest builds them): the nets of both warehouses must agree. Set ``RASKLAD_BENCH_PHH_HANDS`` for another count (default 3,000).

Set ``RASKLAD_BENCH_PHH_DATA`` to a folder of real ``.phh``/``.phhs`` files to measure the
reader on them instead: the hands stored (%), those quarantined by reason, the findings by rule,
the hands per CPU-second of the whole ingest (one reader, the models built), and whether every
stored net is the one the file states: ``finishing_stacks`` less ``starting_stacks`` where it
gives them, else pokerkit's replay of the same hand (its payoffs, which take no rake) less the
rake the file's ``winnings`` leave, charged to the one player who collects (a stack written
``inf``, not recorded, goes to pokerkit as a deep one). Such files come
from the public PHH data set (github.com/uoftcprg/phh-dataset: the HandHQ hands of July 2009,
no-limit Hold'em of several online rooms and stakes, the names obfuscated, about 1,000 hands a
``.phhs`` file); keep them outside the repository, which holds none of them.
Nothing asserts a speed.
"""

from __future__ import annotations

import os
import re
import resource
import tempfile
import time
import warnings
from decimal import Decimal
from pathlib import Path

from parsers.formats import split_named
from pipeline.export import export
from pipeline.generators.holdem import generate_hands
from pipeline.ingest import ingest
from pipeline.warehouse import connect


def main() -> None:
    data = os.environ.get("RASKLAD_BENCH_PHH_DATA")
    if data:
        measure_data(Path(data))
        return
    count = int(os.environ.get("RASKLAD_BENCH_PHH_HANDS", "3000"))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "pokerstars").mkdir()
        texts = [text for text, _ in generate_hands("holdem", count=count, seed=21, betting="no_limit")]
        (root / "pokerstars" / "hands.txt").write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")
        ingest([root / "pokerstars"], root / "wh", jobs=1)     # loads the kernels, builds the models export reads
        started = time.perf_counter()
        ingest([root / "pokerstars"], root / "wh-text", jobs=1)
        text_seconds = time.perf_counter() - started
        with connect(root / "wh") as con:
            started = time.perf_counter()
            written = export(con, "phh", root / "phh").written
            phh_seconds = time.perf_counter() - started
            started = time.perf_counter()
            export(con, "ohh", root / "ohh")
            ohh_seconds = time.perf_counter() - started
        (root / "phhs").mkdir()
        tables = [f"[{k}]\n" + path.read_text(encoding="utf-8") for k, path in enumerate(sorted(written), 1)]
        (root / "phhs" / "hands.phhs").write_text("\n".join(tables), encoding="utf-8")
        started = time.perf_counter()
        summary = ingest([root / "phhs"], root / "wh-phh", jobs=1)
        phh_in_seconds = time.perf_counter() - started
        query = "select hand_id, player, net from holdem_results order by all"
        with connect(root / "wh") as a, connect(root / "wh-phh") as b:
            same = a.execute(query).fetchall() == b.execute(query).fetchall()
    print(f"{count:,} no-limit hands, one reader:")
    print(f"  PokerStars text in: {count / text_seconds:,.0f} hands/s ({text_seconds:.1f} s)")
    print(f"  PHH (.phhs) in:     {summary.games / phh_in_seconds:,.0f} hands/s ({phh_in_seconds:.1f} s), "
          f"{text_seconds and phh_in_seconds / text_seconds:.1f}x the text's time; "
          f"{summary.quarantined} quarantined, {summary.findings} findings, nets {'equal' if same else 'DIFFER'}")
    print(f"  export PHH:         {len(written) / phh_seconds:,.0f} hands/s; OHH: {count / ohh_seconds:,.0f} hands/s")


def cpu_seconds() -> float:
    """CPU seconds of this process and of the workers it waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure_data(folder: Path) -> None:
    """The reader on a folder of real PHH files: stored, quarantined, findings, nets, speed."""
    with tempfile.TemporaryDirectory() as tmp:
        started, cpu = time.perf_counter(), cpu_seconds()
        summary = ingest([folder], Path(tmp) / "wh", jobs=1)
        cpu, wall = cpu_seconds() - cpu, time.perf_counter() - started
        with connect(Path(tmp) / "wh") as con:
            findings = con.execute("select rule_id, severity, count(*) from findings group by all "
                                   "order by 3 desc, 1").fetchall()
            rows = con.execute("select hand_id, player, net, collected, rake from holdem_results").fetchall()
    read = summary.games + summary.quarantined
    print(f"{folder}: {summary.files} files, {read:,} hands read")
    print(f"  stored:      {summary.games:,} ({summary.games / max(read, 1):.2%})")
    print(f"  quarantined: {summary.quarantined:,}")
    for reason, count in summary.reasons.most_common():
        print(f"    {count:6,} x {reason}")
    print(f"  findings:    {sum(count for *_, count in findings):,}")
    for rule, severity, count in findings:
        print(f"    {count:6,} x {rule} ({severity})")
    equal, differ, unchecked = stated_nets(folder, rows)
    print(f"  nets equal to the file's: {equal:,} hands; differ: {len(differ):,}; not checked: {unchecked:,}")
    for hand_id, player, net, expected in differ[:10]:
        print(f"    hand {hand_id} {player}: net {net}, the file's {expected}")
    print(f"  speed: {summary.games / max(cpu, 1e-9):,.0f} hands per CPU-s ({cpu:.1f} CPU-s, {wall:.1f} s wall, "
          f"load {os.getloadavg()[0]:.1f})")


def same_net(ours: Decimal, want: Decimal) -> bool:
    """pokerkit splits a pot into fractions of a cent, where a room gives the odd cent to one
    winner: such a net is ours when it is within that cent."""
    if ours == want:
        return True
    cent = Decimal("0.01")
    return want != want.quantize(cent) and abs(ours - want) < cent


_UNKNOWN_STACK = re.compile(r"\binf\b")
_DEEP = "1000000000"


def shown_in_the_deal(actions) -> bool:
    """Whether a player dealt known cards writes ``sm ????`` at the showdown: HandHQ's iPoker hands
    write a showdown so, its cards in the deal."""
    dealt = {words[2] for words in map(str.split, actions)
             if len(words) == 4 and words[:2] == ["d", "dh"] and "?" not in words[3]}
    return any(len(words) == 3 and words[1:] == ["sm", "????"] and words[0] in dealt
               for words in map(str.split, actions))


def stated_nets(folder: Path, rows) -> tuple[int, list, int]:
    """Each stored hand's nets against the file's own: hands equal, (hand, player, net, the file's)
    of those that differ, and hands not checked (pokerkit cannot replay them, or the rake falls on
    several collectors)."""
    import pokerkit  # a test oracle, needed only here

    stored: dict[str, dict[str, tuple[Decimal, Decimal, Decimal]]] = {}
    for hand_id, player, net, collected, rake in rows:
        stored.setdefault(hand_id, {})[player] = (Decimal(net), Decimal(collected), Decimal(rake or 0))
    equal, differ, unchecked = 0, [], 0
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".phh", ".phhs") and p.is_file())
    for path in files:
        for chunk in split_named(path.read_text(encoding="utf-8"), path.name):
            # a stack the source did not record (inf) goes to pokerkit as one deeper than any pot, so
            # that its replay gives a net; Rasklad stores the stack as unknown, the net as played
            lines = [_UNKNOWN_STACK.sub(_DEEP, line) if line.startswith("starting_stacks") else line
                     for line in chunk.lines if not line.strip().startswith("[")]
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")     # pokerkit warns about fields it does not know
                    history = pokerkit.HandHistory.loads("\n".join(lines))
                    final = list(history)[-1]
            except Exception:   # noqa: BLE001 - any hand pokerkit cannot replay is counted, not fatal
                unchecked += 1
                continue
            ours = stored.get(str(history.hand))
            if ours is None:    # quarantined
                continue
            if shown_in_the_deal(history.actions) or final.status:
                # pokerkit splits a pot among such cards, where Rasklad reads them shown; and it leaves
                # unfinished a hand whose last street has no betting (an all-in an unknown stack hides)
                unchecked += 1
                continue
            names = list(history.players or [f"p{i + 1}" for i in range(len(final.stacks))])
            starting = [Decimal(str(s)) for s in history.starting_stacks]
            if history.finishing_stacks is not None:
                expected = [Decimal(str(f)) - s for f, s in zip(history.finishing_stacks, starting)]
            else:
                expected = [Decimal(str(f)) - s for f, s in zip(final.stacks, starting)]
                rake = next(iter(ours.values()))[2]
                collectors = [i for i, name in enumerate(names) if ours.get(name, (0, 0, 0))[1] > 0]
                if rake and len(collectors) != 1:
                    unchecked += 1
                    continue
                if rake:
                    expected[collectors[0]] -= rake
            wrong = [(str(history.hand), name, ours[name][0], want) for name, want in zip(names, expected)
                     if name in ours and not same_net(ours[name][0], want)]
            if wrong:
                differ.extend(wrong)
            else:
                equal += 1
    return equal, differ, unchecked
