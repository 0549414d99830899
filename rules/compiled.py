"""How the project's compiled functions (Numba) are built, written once for every module that has some.

A function Python calls is compiled on first use and cached beside its source (``cache=True``),
with the code of every step it calls. A step only compiled code calls has no cache entry of its
own: a run would read one only to compile a new caller, and writing and looking for some forty
cost a first ingest of ``data/samples`` 0.2 CPU-s. (A step given a signature compiles as its
module loads, in every run: that one is cached.) None gets the C-callable wrapper Numba would
build by default: nothing calls one through C, and a first run would compile one per function.
A step only compiled code calls gets no Python entry point either: unboxing its arguments (tuples
of arrays above all) would cost a first run seconds of compiling for a door nobody uses. A small
rule or sum is inlined into its callers before typing: compiled on its own, it would cost Numba's
passes, an LLVM module and a cache entry, more than its body. Numba's rewrite passes are left out:
they fold constants to prune branches before typing and fuse whole-array expressions after it, and
the kernels here are loops over scalars that prune their own branches once LLVM sees the constants;
a first ingest of a 40,000-hand history compiled 1.5 CPU-s less (of 23) without them, and no
kernel runs slower. A kernel that makes no array and hands none back (the Hold'em replay: it reads
and writes the arrays Python hands it, which Python holds while it runs) counts no references
(``counts_references=False``): Numba otherwise writes an increment and a decrement of every array
of a tuple each time it reads the tuple or hands it on, array by array, and the Hold'em replay's
code before LLVM was a third larger with them (7.3 MB of LLVM text, 4.9 without), which cost a first
run of ``data/samples`` about 0.9 CPU-s of compiling (of 14). So do the other kernels whose arrays
Python makes and hands in (:data:`entry_in_place`): the Hold'em decisions' walk, the splitting of
files, the street lines' boards (``deal_street``: 0.04-0.09 CPU-s less), the evaluator's rows and
``mask_strength``, the equities' enumeration by ranks; counting, the walk's code was 0.70 MB
before LLVM (0.48 without), the enumeration's 0.64 (0.47). Numba refuses to compile such a kernel
that makes an array. Six-card's EV kernels are handed every array they fill,
made by Python (``_sweep_arrays``, ``_no_game_arrays``, ``_class_sums_arrays``; ``_combine`` and
``_decision_values`` make theirs for ``_combine_into`` and ``_decision_values_into``), and count none:
the sweep's code fell from 0.88 MB before LLVM to 0.66 and a box's EV took 0.97-1.08 ms instead of
1.15-1.25; the no-game entries' and class sums' code after LLVM from 0.20 and 0.35 MB to 0.13 and 0.28,
six-card's first compile by 0.5-0.8 CPU-s (of 4.6-5.0). The draw tree's ranking is handed its arrays
too (``_tree_arrays``, for ``_tree_hands_into`` and ``_without_card_into``), so no six-card kernel makes
an array: its compile and the house edge's ``_without_card`` took 0.57-0.75 CPU-s instead of 1.06-1.17,
NumPy's array constructor no longer compiled. (No example runs here: a function Numba caches must live
in a file.)

Measured and left as Numba has them, on that first ingest of ``data/samples`` (19-20 CPU-s compiling,
of which LLVM 7.4: 1.9 optimizing each function, 3.0 each module with the steps it calls linked in,
2.5 making machine code): the steps optimized by LLVM at level 0, their callers at 3, cost 1.2-1.6
CPU-s more (the callers then optimize far longer code); one module's kernels at level 1 saved
nothing measurable; machine code made at level 1 took as long (2.4 CPU-s), and at level 0 saved
about 3 CPU-s but slowed the Hold'em replay by half and six-card's EV by a fifth. A kernel's entry
from Python, unboxing its arguments and boxing what it returns, costs 0.02-0.04 CPU-s to compile
(16 arrays handed in, a tuple of 7 handed back): six-card's six entries, made one, would save
about 0.2.

Where the Hold'em replay's first compile goes (about 13 CPU-s of the 21 of that first ingest): Numba's
typing of its own statements about a seventh, the writing of LLVM code (Python) and LLVM itself the
most, LLVM about 5.5 CPU-s of it: every step's module is optimized with the steps it calls linked in,
and made machine code, though only the kernel's is run (Numba's codegen does so; no option changes
it). Inlining a step copies its Numba code block by block with the whole scope, twice per call:
``_check_hand_names``, inlined, cost the kernel's compile 0.4-0.8 CPU-s; a step of its own, the
replay's first compile is 0.6-0.8 CPU-s shorter (of 13-14; its code before LLVM is 0.1 MB larger,
but Numba's inlining and typing of the kernel's scope are gone) and the replay as fast (4.4-4.8 µs
a hand of 3,000 generated ones either way, best of 7: the call's cost is below the noise now that no
reference is counted). Handing a group of arrays read once into a local name, instead of reading it
at each call, made the code larger, not smaller: every call hands on and counts each array anyway.
Still to try: fewer tuples of arrays handed down (the actions and the cards as one int64 table
each, as the hands and the seats are).
"""

from __future__ import annotations

from numba import njit

__all__ = ["entry", "entry_in_place", "helper", "inlined", "kernel"]


def kernel(signature=None, *, from_python: bool = True, counts_references: bool = True, **options):
    """A decorator that compiles with the project's options. ``from_python``: False for a step
    only compiled code calls; ``signature``: compile once for those types, not once per literal or
    integer type handed in; ``counts_references``: False for a kernel that makes no array and hands
    none back, only reads and writes those it is given (see the module docstring); ``options``:
    Numba's others (``error_model``...)."""
    if not counts_references:
        # Numba's undocumented target option, checked against Numba 0.68.1: a version that
        # renames or ignores it raises nothing, so tests/test_compiled.py reads the compiled code
        options["_nrt"] = False
    return njit(*([] if signature is None else [signature]), cache=from_python or signature is not None,
                no_cfunc_wrapper=True, no_cpython_wrapper=not from_python, no_rewrites=True, **options)


entry = kernel()
"""A compiled function Python calls."""

entry_in_place = kernel(counts_references=False)
"""A compiled function Python calls that makes no array and hands none back, only reads and writes
the arrays it is handed (which Python holds while it runs): it counts no references."""

helper = kernel(from_python=False)
"""A compiled step only compiled code calls (cached inside its callers)."""

inlined = njit(cache=True, inline="always", no_rewrites=True)
"""A small rule or sum, copied into each compiled caller (and callable from Python too)."""
