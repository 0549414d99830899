"""rules.compiled: the options every compiled function of the project is built with."""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from numba import int64

import parsers
import pipeline
import rules
from rules.compiled import entry, helper, inlined, kernel


@pytest.fixture()
def twice(tmp_path):
    """A plain function in a file of its own in a temporary folder (Numba caches beside the
    source, so a cached function must have one): decorating it compiles nothing."""
    path = tmp_path / "twice_module.py"
    path.write_text("def twice(x):\n    return 2 * x\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("twice_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.twice


def _options(decorator, function) -> dict:
    """What a decorator asks of Numba, read from the dispatcher it makes."""
    return {k: v for k, v in decorator(function).targetoptions.items() if k not in ("nopython", "boundscheck")}


def test_an_entry_keeps_its_python_door_and_builds_no_c_one(twice):
    assert _options(entry, twice) == {"no_cfunc_wrapper": True, "no_cpython_wrapper": False, "no_rewrites": True}


def test_a_helper_builds_no_entry_point_at_all(twice):
    assert _options(helper, twice) == {"no_cfunc_wrapper": True, "no_cpython_wrapper": True, "no_rewrites": True}


def test_a_kernel_adds_numbas_other_options_to_the_projects(twice):
    assert _options(kernel(error_model="numpy", from_python=False), twice) == {
        "no_cfunc_wrapper": True, "no_cpython_wrapper": True, "no_rewrites": True, "error_model": "numpy"}


def test_an_inlined_step_is_copied_into_its_callers(twice):
    assert _options(inlined, twice) == {"inline": "always", "no_rewrites": True}


# A loop over the tuple: Numba counts its arrays' references whichever way it types a tuple's
# items (two plain reads, columns[0][0] and columns[1][0], count none once pipeline.kernels has
# refreshed the typing context, so the test's outcome hung on the tests run before it).
_FILLING = """def fill(columns, value):
    for column in columns:
        column[0] = value
"""


def test_a_kernel_that_counts_no_references_writes_no_reference_counting(tmp_path):
    # Numba counts a reference of each array of a tuple it reads or hands on, array by array:
    # code to compile that a kernel which makes no array and hands none back does not need.
    fills = []
    for name in ("counted", "not_counted"):      # a file each: one function's cache serves both otherwise
        path = tmp_path / f"{name}.py"
        path.write_text(_FILLING, encoding="utf-8")
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        fills.append(module.fill)
    counted, not_counted = kernel()(fills[0]), kernel(counts_references=False)(fills[1])
    for value, compiled in ((3.0, counted), (4.0, not_counted)):
        columns = (np.zeros(2), np.zeros(2))
        compiled(columns, value)
        assert columns[0].tolist() == columns[1].tolist() == [value, 0.0]
    assert "NRT_incref" in next(iter(counted.inspect_llvm().values()))
    assert "NRT_incref" not in next(iter(not_counted.inspect_llvm().values()))


def test_the_holdem_hand_name_check_is_a_step_of_its_own_not_copied_into_the_replay():
    # Inlined, Numba copied its code block by block into the replay's kernel, a longer first compile.
    from rules import holdem_fast

    assert not holdem_fast._check_hand_names.targetoptions.get("inline")
    assert holdem_fast._check_hand_names.targetoptions["no_cpython_wrapper"]


def test_the_sixcard_ev_kernels_make_no_array_and_count_no_references():
    # Python makes every array six-card's EV fills (the draw tree's hands, the sweep's counts, the
    # no-game entries, the class sums, the values' sums and the decisions' values) and hands it in,
    # so no kernel or step of it needs to count references.
    from rules import sixcard_ev

    steps = {value.py_func.__name__: value for value in vars(sixcard_ev).values()
             if isinstance(value, numba.core.registry.CPUDispatcher)
             and value.py_func.__module__ == sixcard_ev.__name__ and not value.targetoptions.get("inline")}
    not_counting = {name for name, step in steps.items() if not step.targetoptions.get("_nrt", True)}
    assert not_counting == set(steps) == {
        "_below", "_weights", "_avoiding", "_insert", "_bought_list", "_entry", "_by_level", "_sweep",
        "_no_game_entries", "_class_sums", "_combine_into", "_decision_values_into", "_tree_hands_into",
        "_without_card_into"}
    # compiled here for the types the kernels hand them (a kernel loaded from the cache compiles none)
    ints, floats, integer = numba.int64[::1], numba.float64[::1], numba.int64
    for name, types in (("_weights", (integer, ints, ints, integer, ints, floats, numba.int64[:, ::1])),
                        ("_avoiding", (floats, integer, integer, integer, integer, integer))):
        steps[name].compile(types)
        assert "NRT_incref" not in steps[name].inspect_llvm(types), name


def test_what_python_calls_is_cached_and_a_step_only_inside_its_callers(twice):
    # a step given a signature compiles as its module loads, in every run: cached too
    for decorator in (entry, inlined, kernel(), kernel(int64(int64), from_python=False)):
        assert decorator(twice).stats.cache_path is not None     # (None: Numba's cache that keeps nothing)
    assert helper(twice).stats.cache_path is None


_STEPPED = """from rules.compiled import entry, helper


@helper
def step(x):
    return x + 1


@entry
def run(x):
    return 2 * step(x)
"""

_RUN = "import stepped; print(stepped.run(20), len(stepped.step.overloads))"


def test_an_entry_cached_by_one_run_brings_the_steps_it_calls_to_the_next(tmp_path):
    (tmp_path / "stepped.py").write_text(_STEPPED, encoding="utf-8")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), str(Path(__file__).resolve().parents[1])])}

    def run() -> list[str]:
        return subprocess.run([sys.executable, "-c", _RUN], env=env, capture_output=True, text=True,
                              check=True).stdout.split()

    assert run() == ["42", "1"]       # the first run compiles the step with its caller
    assert run() == ["42", "0"]       # the next loads the caller and compiles nothing
    assert not list((tmp_path / "cache").rglob("stepped.step-*.nbi"))


def test_an_entry_runs_and_leaves_its_kernel_in_the_cache(twice):
    compiled = entry(twice)
    assert compiled(21) == 42
    assert list(Path(compiled.stats.cache_path).glob("twice_module.twice-*.nbi"))


def test_every_public_compiled_function_can_be_called_from_python():
    # A compiled step without a Python door, called from Python, does not fail: it ends the
    # interpreter. Only a module's own steps (named with an underscore) may go without one.
    public = []
    for package in (rules, parsers, pipeline):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.startswith("pipeline.cli") or ".generators" in info.name:
                continue
            module = importlib.import_module(info.name)
            for name in getattr(module, "__all__", ()):
                value = getattr(module, name, None)
                if isinstance(value, numba.core.registry.CPUDispatcher):
                    public.append((info.name, name, value.targetoptions.get("no_cpython_wrapper", False)))
    assert public, "no public compiled function found: the test looks in the wrong place"
    assert [(module, name) for module, name, closed in public if closed] == []
