"""An honest first run: compile only what the input needs, and say so while compiling.

The subprocess tests start Python with an empty ``NUMBA_CACHE_DIR``, so every kernel they
touch is compiled and logged (``RASKLAD_COMPILE_LOG``); stderr is a pipe there, not a
terminal, as under ``make`` or cron.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from numba.core import event

import pipeline.facts.holdem
import pipeline.kernels
import pipeline.worker
from parsers.formats import FORMATS
from pipeline.kernels import COLLECT_EVERY, CompileWatch
from pipeline.table_rules import RuleSettings
from pipeline.worker import (
    WARM_UP,
    needs,
    needs_of_texts,
    parse_bytes,
    parse_file,
    parse_text,
    plan,
    rule_settings,
)
from rules.compiled import entry
from tests.conftest import ROOT, SAMPLES, made_once


def _event(status: event.EventStatus, function) -> event.Event:
    class Dispatcher:
        py_func = function

    return event.Event("numba:compile", status, data={"dispatcher": Dispatcher(), "args": ("int64",)})


def test_compile_watch_says_it_is_compiling_then_every_few_seconds(tmp_path):
    def slow_kernel():
        pass

    out, log = io.StringIO(), tmp_path / "compiles.jsonl"
    watch = CompileWatch(out=out, every=0.05, log=str(log))
    watch.on_start(_event(event.EventStatus.START, slow_kernel))
    deadline = time.monotonic() + 10
    while "still compiling" not in out.getvalue() and time.monotonic() < deadline:
        time.sleep(0.02)
    watch.on_end(_event(event.EventStatus.END, slow_kernel))
    lines = out.getvalue().splitlines()
    assert lines[0] == "compiling the kernels this input needs, once… (they are cached for the next runs)"
    assert any(line.startswith("  still compiling kernels:") and line.endswith("slow_kernel")
               for line in lines[1:])
    record = json.loads(log.read_text())
    assert record["kernel"].endswith("slow_kernel") and record["pid"] == os.getpid()
    assert record["within"] is None and record["cpu_seconds"] >= 0


def test_compile_watch_counts_the_seconds_from_its_first_notice_across_bursts():
    # A first run compiles in bursts (the engine, then the six-card EV a file later): a notice of
    # the second burst said "0 s" beside "41 built so far".
    def first():
        pass

    def later():
        pass

    out = io.StringIO()
    watch = CompileWatch(out=out, every=0.05)
    watch.on_start(_event(event.EventStatus.START, first))
    watch.on_end(_event(event.EventStatus.END, first))
    time.sleep(0.8)
    watch.on_start(_event(event.EventStatus.START, later))
    deadline = time.monotonic() + 10
    while "still compiling" not in out.getvalue() and time.monotonic() < deadline:
        time.sleep(0.02)
    watch.on_end(_event(event.EventStatus.END, later))
    notice = next(line for line in out.getvalue().splitlines() if "still compiling" in line)
    seconds = int(re.match(r"  still compiling kernels: (\d+) s, 1 built so far, now .*later$", notice).group(1))
    assert seconds >= 1, notice


def test_compile_watch_collects_garbage_less_often_while_compiling_and_as_before_after():
    def outer():
        pass

    def inner():
        pass

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        watch = CompileWatch(out=io.StringIO(), every=60)
        watch.on_start(_event(event.EventStatus.START, outer))
        watch.on_start(_event(event.EventStatus.START, inner))
        watch.on_end(_event(event.EventStatus.END, inner))
        assert gc.get_threshold() == (COLLECT_EVERY, 10, 10)    # the outer kernel still compiles
        watch.on_end(_event(event.EventStatus.END, outer))
        assert gc.get_threshold() == (700, 10, 10)
        watch.on_start(_event(event.EventStatus.START, outer))
        watch.after_fork()      # a child forked while its parent compiled compiles nothing
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_compile_watch_says_it_once_and_times_a_kernel_without_its_callees(tmp_path):
    def outer():
        pass

    def inner():
        pass

    out, log = io.StringIO(), tmp_path / "compiles.jsonl"
    watch = CompileWatch(out=out, every=60, log=str(log))
    watch.on_start(_event(event.EventStatus.START, outer))
    watch.on_start(_event(event.EventStatus.START, inner))
    watch.on_end(_event(event.EventStatus.END, inner))
    watch.on_end(_event(event.EventStatus.END, outer))
    watch.on_start(_event(event.EventStatus.START, inner))
    watch.on_end(_event(event.EventStatus.END, inner))
    assert out.getvalue().count("compiling the kernels this input needs, once") == 1
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["kernel"].rsplit(".", 1)[1] for r in records] == ["inner", "outer", "inner"]
    assert records[0]["within"].endswith("outer") and records[1]["within"] is None
    inner_first, outer = records[0], records[1]
    assert outer["cpu_seconds"] == pytest.approx(
        outer["cpu_seconds_with_callees"] - inner_first["cpu_seconds_with_callees"], abs=1e-3)


def _first_run(code: str, tmp_path: Path) -> tuple[list[str], str]:
    """Run ``code`` in a new Python with an empty kernel cache: the kernels it compiled, its stderr."""
    cache, log = tmp_path / "numba-cache", tmp_path / "compiles.jsonl"
    cache.mkdir()
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "RASKLAD_COMPILE_LOG": str(log), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    built = [json.loads(line)["kernel"] for line in log.read_text().splitlines()] if log.exists() else []
    return built, done.stderr


def _first_read(path: Path, tmp_path: Path) -> tuple[list[str], str]:
    """A first run (:func:`_first_run`) that warms up for one file and reads it, as a worker does."""
    return _first_run("from pipeline.worker import warm_up, parse_file\n"
                      f"warm_up([{str(path)!r}])\n"
                      f"assert parse_file({str(path)!r}).count_games > 0\n", tmp_path)


def test_a_holdem_free_input_compiles_no_holdem_or_sixcard_kernel_and_says_so(tmp_path):
    path = SAMPLES / "chinese-night.txt"
    built, stderr = _first_read(path, tmp_path)
    ours = {name.rsplit(".", 1)[0] for name in built if not name.startswith("numba.")}
    # The splitter serves every format; Chinese poker ranks rows, nothing more.
    assert ours == {"parsers.source", "rules.evaluator"}
    assert "compiling the kernels this input needs, once" in stderr


# The replay's code as compiled in that first run, read before the process ends (a kernel loaded
# from the cache holds machine code only): each compiled step's name, and whether its code counts
# references (rules.compiled: the replay makes no array, so none of its steps should).
_REPLAY_CODE_READ = """
import json
from numba.extending import is_jitted
from parsers import lines, source
from pipeline.facts import holdem_decisions
from rules import equity, evaluator, holdem_fast
steps = [value for value in vars(holdem_fast).values() if is_jitted(value) and value.py_func.__module__ == holdem_fast.__name__]
modules = [(step.py_func.__name__, code) for step in steps for code in step.inspect_llvm().values()]
in_place = [value for module in (source, lines, holdem_decisions, equity, evaluator) for value in vars(module).values()
            if is_jitted(value) and value.targetoptions.get("_nrt") is False and value.signatures]
in_place_code = [(step.py_func.__name__, code) for step in in_place for code in step.inspect_llvm().values()]
with open({path!r}, "w") as out:
    json.dump({{"compiled": len(modules), "counting": [name for name, code in modules if "NRT_incref" in code],
               "in_place": sorted(name for name, _ in in_place_code),
               "in_place_counting": [name for name, code in in_place_code if "NRT_incref" in code]}}, out)
"""


@pytest.fixture(scope="session")
def few_holdem_hands_first_read(tmp_path_factory) -> tuple[list[str], dict]:
    """A first run (empty kernel cache) that reads the 20 hands of the samples, as a worker does:
    the kernels it compiled, and the replay's code as compiled (:data:`_REPLAY_CODE_READ`). One
    run serves the tests of both, on whichever worker (:func:`made_once`): the replay's first
    compile is most of its cost."""
    path = SAMPLES / "pokerstars-holdem.txt"
    assert path.read_text(encoding="utf-8").count("PokerStars") < pipeline.facts.holdem.LANE_RUN_HANDS

    def first_read(folder: Path) -> None:
        built, _ = _first_run(
            "from pipeline.worker import parse_file, warm_up\n"
            f"warm_up([{str(path)!r}])\n"
            f"result = parse_file({str(path)!r})\n"
            # every hand, the sample's hand with a finding too (its finding worded for it alone)
            "assert (result.count_games, result.count_lane, result.count_batched) == (20, 0, 20)\n"
            + _REPLAY_CODE_READ.format(path=str(folder / "replay-code.json")), folder)
        (folder / "built.json").write_text(json.dumps(built))

    folder = made_once(tmp_path_factory, "few_holdem_hands_first_read", first_read)
    return json.loads((folder / "built.json").read_text()), json.loads((folder / "replay-code.json").read_text())


def test_a_run_of_few_holdem_hands_compiles_no_lane_kernel(few_holdem_hands_first_read):
    # The 20 hands of the samples are read by the record batch: the lane's byte reader is not worth
    # compiling. The engine is (it is the only Hold'em replay), and so is the evaluator it calls.
    built, _ = few_holdem_hands_first_read
    modules = {name.rsplit(".", 1)[0] for name in built}
    assert {"rules.evaluator", "rules.holdem_fast"} <= modules
    assert "parsers.pokerstars_fast" not in modules
    # one specialization of each engine function: a literal argument or a second integer type
    # at one call would compile a function (and re-optimize what it calls) once more
    engine = Counter(name for name in built if name.startswith("rules.holdem_fast."))
    assert "rules.holdem_fast._kernel" in engine and {name: n for name, n in engine.items() if n > 1} == {}
    # the rules' small checks are typed inside their callers, not compiled one by one
    assert not [name for name in engine if name.startswith("rules.holdem_fast.he_")]
    # the ranking of 5 to 9 cards is compiled once; the engine ranks a seat's seven cards in either
    # deck's order by its own step, not by the evaluator's 7-card entry too (one more compile)
    assert Counter(built)["rules.evaluator.mask_strength"] == 1 and "rules.evaluator.strength7" not in built


def test_the_holdem_replay_and_the_kernels_handed_their_arrays_count_no_references(few_holdem_hands_first_read):
    # What the kernels compile to, not the option they are given (rules.compiled, counts_references)
    _, code = few_holdem_hands_first_read
    assert code["compiled"] > 20      # the kernel, and every step it calls that is not copied into it
    assert code["counting"] == []
    # nor do the other kernels of that run whose arrays Python makes (rules.compiled.entry_in_place)
    assert {"_find_candidates", "deal_street", "_walk", "_enumerate_by_ranks", "mask_strength"} <= set(code["in_place"])
    assert code["in_place_counting"] == []


def _many_hands(folder: Path, copies: int) -> Path:
    path = folder / f"hands-{copies}.txt"
    path.write_text("\n\n".join([(SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8")] * copies))
    return path


def test_a_kernel_counts_as_cached_once_compiled_and_until_its_source_changes(tmp_path):
    # Numba caches beside the source (or under NUMBA_CACHE_DIR): the kernel needs a file of its own
    path = tmp_path / "twice_module.py"
    path.write_text("def twice(x):\n    return 2 * x\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("twice_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kernel = entry(module.twice)
    assert not pipeline.kernels.cached(kernel)
    assert kernel(21) == 42
    assert pipeline.kernels.cached(kernel)
    later = time.time_ns() + 10**9
    os.utime(path, ns=(later, later))      # the source edited after its kernel was compiled
    assert not pipeline.kernels.cached(kernel)


@pytest.fixture
def lane_compiled(monkeypatch):
    """The lanes' kernels taken as compiled (as on every run after a machine's first), whatever
    the kernel cache of the tests holds when the test runs."""
    monkeypatch.setattr(pipeline.kernels, "cached", lambda kernel: True)


def test_warm_up_needs_the_formats_it_finds_and_the_lanes_worth_loading(tmp_path, monkeypatch, lane_compiled):
    (tmp_path / "night.txt").write_text((SAMPLES / "chinese-night.txt").read_text(encoding="utf-8"))
    (tmp_path / "casino.txt").write_text("  " + (WARM_UP / "sixcard.txt").read_text(encoding="utf-8"))
    (tmp_path / "notes.txt").write_text("# PokerStars Hand #1: a comment, not a header\n")
    files = sorted(tmp_path.iterdir())
    small = _many_hands(tmp_path, 1)                        # 20 hands
    big = _many_hands(tmp_path, 50)                         # 1,000 hands: the lane's run minimum
    assert needs(files) == ({"chinese", "sixcard"}, [], [])
    assert needs([*files, small]) == ({"chinese", "sixcard", "pokerstars"}, [], [])
    holdem_lane = pipeline.facts.holdem.HANDLERS["rules.holdem_hand.HoldemHand"].lane
    assert needs([*files, big]) == ({"chinese", "sixcard", "pokerstars"}, [holdem_lane], [holdem_lane])
    assert needs([small] * 49 + [big], formats=False).lanes == [holdem_lane]   # counted over the run
    bigger = _many_hands(tmp_path, 60)                      # 1,200 hands, of which the look sees 300
    monkeypatch.setattr(pipeline.worker, "SNIFF_BYTES", bigger.stat().st_size // 4)
    assert needs([bigger]).lanes == [holdem_lane]           # a file longer than the look is counted whole
    assert needs([tmp_path / "gone.txt"]) == (set(), [], [])   # an unreadable file is the worker's to report


def test_a_first_run_takes_a_lane_only_when_it_pays_for_compiling_the_lane(tmp_path, monkeypatch):
    # Until the byte reader is compiled, a run needs the lane's first-run minimum of hands to take
    # it; a smaller one still reads the lane's warm-up file (by the record batch), for what the
    # two paths share. Here the minimum is 1,500 hands, over files of 1,000 and 2,000.
    holdem_lane = pipeline.facts.holdem.HANDLERS["rules.holdem_hand.HoldemHand"].lane
    assert holdem_lane.first_run_minimum > holdem_lane.run_minimum
    asked = []
    cold = dataclasses.replace(holdem_lane, first_run_minimum=1500, compiled=lambda: asked.append(1) or False)
    monkeypatch.setattr(pipeline.worker, "lanes", lambda: [cold])
    small, big = _many_hands(tmp_path, 50), _many_hands(tmp_path, 100)
    assert needs([_many_hands(tmp_path, 1)]) == ({"pokerstars"}, [], []) and asked == []    # too small to ask
    # from the lane's warm-up minimum, a run too small for the lane reads its file by the other
    # paths before its readers fork: they would each compile the multiway all-in equity
    assert holdem_lane.warm_minimum < holdem_lane.run_minimum
    warm_minimum = holdem_lane.warm_minimum // 20      # in copies of twenty hands
    assert needs([_many_hands(tmp_path, warm_minimum - 1)]) == ({"pokerstars"}, [], [])
    assert needs([_many_hands(tmp_path, warm_minimum)]) == ({"pokerstars"}, [], [cold])
    assert needs([small]) == ({"pokerstars"}, [], [cold]) and len(asked) == 1
    assert needs([big]) == ({"pokerstars"}, [cold], [cold])
    assert needs([small, small]) == ({"pokerstars"}, [cold], [cold])
    warm = dataclasses.replace(cold, compiled=lambda: True)
    monkeypatch.setattr(pipeline.worker, "lanes", lambda: [warm])
    assert needs([small]) == ({"pokerstars"}, [warm], [warm])


def test_a_re_audit_plans_its_texts_from_a_look_at_them_as_an_ingest_plans_files(tmp_path, monkeypatch):
    # A re-audit reads texts laid out as their files: it looks at a few of each group of them and
    # counts the group's games. Below the lane's first-run minimum (here 1,500) and with its
    # kernels not compiled, the lane is left out; its warm-up file is still read by the other paths.
    holdem_lane = pipeline.facts.holdem.HANDLERS["rules.holdem_hand.HoldemHand"].lane
    cold = dataclasses.replace(holdem_lane, first_run_minimum=1500, compiled=lambda: False)
    monkeypatch.setattr(pipeline.worker, "lanes", lambda: [cold])
    text = _many_hands(tmp_path, 50).read_text(encoding="utf-8")      # 1,000 hands
    starts = [at for at in range(len(text)) if text.startswith("PokerStars Hand #", at)]
    assert needs_of_texts([(text[:starts[2]], 500.0)]) == ({"pokerstars"}, [], [])   # two hands: no file the lane takes
    look = text[:starts[100]]      # a hundred hands, of a thousand
    small, big = needs_of_texts([(look, 10.0)]), needs_of_texts([(look, 10.0), (look, 10.0)])
    assert small == ({"pokerstars"}, [], [cold]) and big == ({"pokerstars"}, [cold], [cold])
    try:
        plan(["history.txt"], found=small)
        read = parse_text(text, "history.txt", digest="-")
        assert read.count_lane == 0 and read.count_batched > 0      # the record batch read them
        assert parse_text(text, "elsewhere.txt", digest="-").count_lane > 0      # not a text of the run
        plan(["history.txt"], found=big)
        assert parse_text(text, "history.txt", digest="-").count_lane > 0
    finally:
        plan(())


def test_the_lane_counts_toward_its_run_minimum_only_the_games_of_files_it_takes(tmp_path, lane_compiled):
    # 600 files of 2 hands each (1,200 hands; the lane takes a file of 3) go the full path whatever
    # the plan: beside one file of 20 hands, the run is too small for the lane
    text = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8")
    two = tmp_path / "2-hands.txt"
    two.write_text(text[:text.index("PokerStars Hand #", text.index("PokerStars Hand #", 1) + 1)])
    small = _many_hands(tmp_path, 1)
    holdem_lane = pipeline.facts.holdem.HANDLERS["rules.holdem_hand.HoldemHand"].lane
    assert holdem_lane.count(two.read_text(encoding="utf-8")) == 2 and not holdem_lane.takes(two.read_text(encoding="utf-8"))
    assert needs([two] * 600 + [small]) == ({"pokerstars"}, [], [])
    assert needs([two] * 600 + [small] * 50) == ({"pokerstars"}, [holdem_lane], [holdem_lane])


def test_a_planned_run_too_small_for_the_lane_reads_its_files_by_the_record_batch(tmp_path, lane_compiled):
    small = _many_hands(tmp_path, 1)
    other = tmp_path / "other.txt"
    other.write_bytes(small.read_bytes())
    plan([small])
    try:
        assert (parse_file(small).count_lane, parse_file(small).count_batched) == (0, 20)   # its finding's hand too
        assert parse_file(other).count_lane > 0             # not a file of the planned run
        plan([small, _many_hands(tmp_path, 50)])
        assert parse_file(small).count_lane > 0
    finally:
        plan([])


@pytest.mark.parametrize("fmt", [fmt.name for fmt in FORMATS])
def test_each_format_has_a_warm_up_file_of_its_own_games_that_reads_cleanly(fmt):
    data = (WARM_UP / f"{fmt}.txt").read_bytes()
    # text that names no betting structure (Winning's older text) is read as the user sets it
    with rule_settings(RuleSettings.of(["no_limit"], [f"{fmt}.txt"])):
        result = parse_bytes(data, f"{fmt}.txt", lane=False)
    assert result.count_games >= 1 and result.count_quarantined == 0
    games = {game for table, game in result.tables if table == "games"}
    assert next(f.game for f in FORMATS if f.name == fmt) in games     # and holdem36 for PokerStars' 6+


def test_a_lane_sized_run_in_two_readers_compiles_the_multiway_equity_once_before_they_fork(tmp_path):
    # Each reader gets a file of the lane (1,000 hands over the run) with a three-way preflop
    # all-in, whose equity is counted by kernels that take seconds to compile: the lane's warm-up
    # file, read in the ingest, compiles them, so the forked readers inherit them. On this first
    # run the run is too small to compile the lane's byte reader: the file is read without it.
    three_way = (WARM_UP / "pokerstars_lane.txt").read_text(encoding="utf-8")
    assert three_way.count("and is all-in") == 3 and three_way.count(": shows [") == 3
    inputs = tmp_path / "histories"
    inputs.mkdir()
    for name, copies in (("first", 25), ("second", 26)):
        (inputs / f"{name}.txt").write_text(_many_hands(tmp_path, copies).read_text(encoding="utf-8")
                                            + "\n\n" + three_way.replace("#250000000100", f"#25000000{copies}00"))
    cache, log = tmp_path / "numba-cache", tmp_path / "compiles.jsonl"
    cache.mkdir()
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "RASKLAD_COMPILE_LOG": str(log), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pipeline.cli", "ingest", str(inputs), "--warehouse",
               str(tmp_path / "warehouse"), "--jobs", "2"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    records = [json.loads(line) for line in log.read_text().splitlines()]
    equity = [r for r in records if r["kernel"].startswith("rules.equity.")]
    # The preflop tables (pair strengths, flushes) ship with the package: the three-way preflop
    # all-in compiles the count (with the winners it calls, not inlines, for the flush boards
    # ranked one by one) and no table maker; the files' other all-ins, the enumeration by ranks.
    # Each once.
    assert Counter(r["kernel"] for r in equity) == Counter(
        f"rules.equity.{name}" for name in ("_count_preflop", "_shut", "_winners", "_enumerate_by_ranks", "_distribute"))
    assert len({r["pid"] for r in equity}) == 1
    assert not [r for r in records if r["kernel"].startswith("parsers.pokerstars_fast.")]


def _records(tmp_path: Path) -> list[dict]:
    return [json.loads(line) for line in (tmp_path / "compiles.jsonl").read_text().splitlines()]


def test_a_sixcard_first_run_types_each_ev_step_once_and_makes_no_array(tmp_path):
    # A literal or a second integer type at a call would compile a step again, and each NumPy
    # spelling of an array (empty, zeros, full) compiles constructors of its own: the six-card EV
    # kernels are typed once and fill the arrays Python makes, so none is compiled within them.
    path = SAMPLES / "sixcard-generated-best.txt"
    built, _ = _first_read(path, tmp_path)
    steps = Counter(name for name in built if name.startswith("rules.sixcard_ev."))
    assert {"rules.sixcard_ev._sweep", "rules.sixcard_ev._class_sums"} <= set(steps)
    assert {name: n for name, n in steps.items() if n > 1} == {}
    constructors = {r["kernel"].split(".")[-3] for r in _records(tmp_path)
                    if r["kernel"].startswith("numba.np.arrayobj.") and (r["within"] or "").startswith("rules.sixcard_ev.")}
    assert "rules.sixcard_ev._tree_hands_into" in steps and constructors == set()


_GETITEM_TYPINGS = (
    "import operator\n"
    "from numba.core.registry import cpu_target\n"
    "play_strength([0, 5, 10, 15, 20])    # a first kernel, compiled through the cache\n"
    "print(*[t.__name__ for t in cpu_target.typing_context.resolve_value_type(operator.getitem).templates])\n")


def test_a_first_kernel_through_the_cache_leaves_the_array_typings_first(tmp_path):
    # Loaded through the cache, a process's first kernel would refresh Numba's target context
    # first and put the string, list and dict overloads of getitem before the array typings:
    # every array access of every kernel compiled then tried them first. pipeline.kernels,
    # imported, refreshes the typing context first.
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}

    def arrays_first(imports: str) -> bool:
        done = subprocess.run([sys.executable, "-c", imports + _GETITEM_TYPINGS], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        names = done.stdout.split()
        assert "Template" in names and any(name.startswith("OverloadTemplate") for name in names), names
        return names == sorted(names, key=lambda name: name.startswith("OverloadTemplate"))

    assert arrays_first("import pipeline.kernels\nfrom rules.sixcard_ev import play_strength\n")
    # without it, the overloads come first: the order above is pipeline.kernels' doing
    assert not arrays_first("from rules.sixcard_ev import play_strength\n")


def test_every_module_of_kernels_has_words_for_the_progress_lines():
    # a progress line names what compiles in words ("now the Hold'em replay"), not a function's
    # dotted name: every module that defines kernels (imports rules.compiled) must have its words
    from pipeline.kernels import KERNEL_WORDS, ROOT, in_words

    defining = {".".join(path.relative_to(ROOT).with_suffix("").parts)
                for package in ("rules", "parsers", "pipeline") for path in (ROOT / package).rglob("*.py")
                if "from rules.compiled import" in path.read_text(encoding="utf-8")}
    assert defining == set(KERNEL_WORDS)
    assert in_words("rules.holdem_fast._kernel") == "the Hold'em replay"
    assert in_words("tests.test_coldstart.slow_kernel") == "tests.test_coldstart.slow_kernel"
