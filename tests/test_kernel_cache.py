"""A kernel cache that another version of Rasklad wrote: indexes naming classes that are gone.

Numba unpickles a cache index before it compares the source's stamp, so an index whose
signatures name a class that an upgrade removed makes every call of its kernel raise. The
worker drops such indexes (``pipeline.kernels.discard_unreadable_indexes``) before any kernel runs.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

from pipeline import kernels

_SHAPES = textwrap.dedent("""\
    from collections import namedtuple
    {name} = namedtuple("{name}", "a b")
    """)
_KERNEL = textwrap.dedent("""\
    from numba import njit
    from shapes import {name}

    @njit(cache=True)
    def total(pair):
        return pair.a + pair.b

    def run(discard):
        if discard:
            from pipeline.kernels import discard_unreadable_indexes
            from pathlib import Path
            discard_unreadable_indexes([Path(__file__).parent / "__pycache__"])
        return total({name}(2, 3))
    """)


def _write_version(folder: Path, name: str, kernel_edit: str = "") -> None:
    (folder / "shapes.py").write_text(_SHAPES.format(name=name))
    (folder / "kernel.py").write_text(_KERNEL.format(name=name) + kernel_edit)


def _run(folder: Path, discard: bool) -> subprocess.CompletedProcess:
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{root}"}
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("NUMBA_DISABLE_JIT", None)
    return subprocess.run([sys.executable, "-c", f"import kernel; print(kernel.run({discard}))"],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=300, check=False)


def test_a_kernel_whose_cached_signature_names_a_class_that_is_gone_runs_after_the_discard(tmp_path):
    _write_version(tmp_path, "Pair")
    first = _run(tmp_path, discard=False)
    assert first.returncode == 0 and first.stdout.strip() == "5", first.stderr
    assert list((tmp_path / "__pycache__").glob("kernel.total-*.nbi")), "Numba wrote no cache index"
    # The next version renames the class (and so edits the kernel's source too, as upgrades do).
    _write_version(tmp_path, "Couple", kernel_edit="\n# the next version\n")
    stale = _run(tmp_path, discard=False)
    assert stale.returncode != 0 and "Pair" in stale.stderr, "the stale index no longer breaks Numba: " + stale.stderr
    fresh = _run(tmp_path, discard=True)
    assert fresh.returncode == 0 and fresh.stdout.strip() == "5", fresh.stderr


def test_only_the_indexes_that_cannot_be_read_are_discarded(tmp_path):
    readable = tmp_path / "m.f-1.py311.nbi"
    with open(readable, "wb") as file:
        pickle.dump("0.60.0", file)
        file.write(pickle.dumps(((1.0, 10), {("int64",): "m.f-1.py311.0.nbc"})))
    gone = tmp_path / "m.g-1.py311.nbi"
    with open(gone, "wb") as file:
        pickle.dump("0.60.0", file)
        # a signature naming a class of a module that no longer exists
        file.write(b"\x80\x04\x95\x1c\x00\x00\x00\x00\x00\x00\x00\x8c\x0bno_such_mod\x94\x8c\x05Shape\x94\x93\x94.")
    other = tmp_path / "notes.txt"
    other.write_text("not an index")
    assert kernels.discard_unreadable_indexes([tmp_path]) == 1
    assert readable.exists() and other.exists() and not gone.exists()
    assert kernels.discard_unreadable_indexes([tmp_path]) == 0


def _index_naming(folder: Path, module: str, name: str) -> Path:
    """A cache index whose signature names the class ``module.name``."""
    index = folder / f"kernel.{name}-1.py311.nbi"
    with open(index, "wb") as file:
        pickle.dump("0.60.0", file)
        file.write(b"\x80\x04c" + f"{module}\n{name}\n".encode() + b"\x94.")
    return index


def test_an_index_naming_a_module_not_imported_yet_is_checked_against_its_source_without_importing_it(tmp_path):
    """The check must not load a game's engine (a kernel module) that the run never reads."""
    (tmp_path / "engine_not_loaded.py").write_text("class Shape:\n    pass\n\nraise SystemExit('imported')\n")
    kept = _index_naming(tmp_path, "engine_not_loaded", "Shape")
    gone = _index_naming(tmp_path, "engine_not_loaded", "Renamed")
    sys.path.insert(0, str(tmp_path))
    try:
        assert kernels.discard_unreadable_indexes([tmp_path]) == 1
    finally:
        sys.path.remove(str(tmp_path))
    assert kept.exists() and not gone.exists()
    assert "engine_not_loaded" not in sys.modules


_CALLEE = "from numba import njit\n\n\n@njit(cache=True)\ndef step():\n    return {value}\n"
_CALLER = textwrap.dedent("""\
    from numba import njit

    from kpkg.callee import step


    @njit(cache=True)
    def twice():
        return 2 * step()
    """)
_RUN = textwrap.dedent("""\
    import sys
    from pathlib import Path
    if sys.argv[1] == "guard":
        from pipeline.kernels import discard_stale_indexes
        print(discard_stale_indexes(Path.cwd(), ("kpkg",)))
    from kpkg.caller import twice
    from kpkg.alone import alone
    print(twice(), alone())
    """)


def _run_package(folder: Path, guard: bool) -> list[str]:
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{root}"}
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("NUMBA_DISABLE_JIT", None)
    done = subprocess.run([sys.executable, "-c", _RUN, "guard" if guard else "bare"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_cached_kernel_is_compiled_again_when_a_kernel_it_calls_from_another_file_changes(tmp_path):
    package = tmp_path / "kpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "callee.py").write_text(_CALLEE.format(value=1))
    (package / "caller.py").write_text(_CALLER)
    (package / "alone.py").write_text("from numba import njit\n\n\n@njit(cache=True)\ndef alone():\n    return 7\n")
    assert _run_package(tmp_path, guard=True) == ["0", "2", "7"]    # no cache yet: nothing to discard
    # the cache folder Numba made has no stamps yet: its kernels, newer than every source, are kept
    assert _run_package(tmp_path, guard=True) == ["0", "2", "7"]
    (package / "callee.py").write_text(_CALLEE.format(value=21))
    # Numba alone renews the callee's own kernels but keeps the caller's, built on the old callee
    assert _run_package(tmp_path, guard=False) == ["2", "7"]
    (package / "callee.py").write_text(_CALLEE.format(value=22))
    # the guard drops the kernels of the modules that import the changed one, and only those:
    # twice's (caller.py) and the callee's own (callee.py); alone's stays cached
    assert _run_package(tmp_path, guard=True) == ["2", "44", "7"]
    assert _run_package(tmp_path, guard=True) == ["0", "44", "7"]      # nothing changed since
