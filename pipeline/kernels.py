"""Saying so while compiled kernels are built.

Numba compiles a kernel the first time a process calls it with new argument types and keeps
the result in its cache (``__pycache__``, or ``NUMBA_CACHE_DIR``); later runs load it in a
fraction of a second. A first run can spend many seconds compiling and would look hung, so
:func:`watch` prints a line when compiling starts ("compiling the kernels this input needs, once…":
the first run, or a later one whose input needs others)
and another every few seconds while it goes on, to stderr, terminal or not.

A kernel cache written by another version of Rasklad can name a class that this version no
longer has. Numba reads an index's signatures before it sees that the source changed, so such
an index would fail every call of its kernel; :func:`discard_unreadable_indexes` deletes those
indexes once per process, before any kernel runs, and the kernels are compiled afresh.

Numba renews a cached kernel when its own source file changes, not when a kernel or constant it
takes from another file does: a kernel of ``parsers/pokerstars_fast.py`` calling one of
``parsers/pokerstars.py`` would go on running the old callee after an update that changed only the
callee's file. :func:`discard_stale_indexes` keeps the stamps (time and size) of the packages'
sources beside each cache folder and, when some changed, deletes the indexes of every kernel whose
module imports a changed module, directly or not; those kernels are compiled afresh.

While kernels compile (from the start of the outermost compile to its end) Python's garbage
collector looks for unreachable objects less often (:data:`COLLECT_EVERY`): Numba's compiler
makes objects by the hundred thousand, and at Python's usual pace the collections they set off,
a dozen of them over the whole heap, took a tenth of a first run's compiling.

With ``RASKLAD_COMPILE_LOG`` set to a file name, each compiled kernel also appends one JSON
line there: its name, argument types, process, and CPU seconds spent on it alone (the
kernels it calls are timed on their own lines). ``python -m bench coldstart`` reads it.

Importing this module refreshes Numba's typing context (:func:`type_arrays_first`), so that a
process's first compile types array accesses as fast as Numba can.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import inspect
import io
import json
import os
import pickle
import re
import sys
import threading
import time
from pathlib import Path
from typing import TextIO

from numba.core import config, event
from numba.core.caching import UserProvidedCacheLocator
from numba.core.registry import cpu_target
from numba.misc.appdirs import AppDirs

from pipeline.collector import collecting_at

PACKAGES = ("rules", "parsers", "pipeline")
"""The packages whose modules hold compiled kernels."""

EVERY_SECONDS = 5.0
"""How often a line says that compiling goes on."""

COLLECT_EVERY = 100_000
"""While kernels compile, the garbage collector's youngest generation is collected after this
many new objects (Python's default: 700). A first ingest of ``data/samples`` then peaks at about
15 MB more memory (500 MB); not collecting at all while compiling cost 70 MB more."""


class CompileWatch(event.Listener):
    """A listener of Numba's compile events: tells the user, and logs each kernel's time."""

    def __init__(self, out: TextIO | None = None, every: float = EVERY_SECONDS,
                 log: str | None = None) -> None:
        self.out = out
        self.every = every
        self.log = log
        self.lock = threading.Lock()
        self.stack: list[list] = []        # per compile in progress: [name, cpu at start, cpu of callees]
        self.started = 0.0                 # wall clock when this process said "compiling kernels"
        self.last_line = 0.0
        self.count = 0
        self.told_pid = 0                  # the process that said "compiling kernels" (a fork says it again)
        self.ticker_pid = 0
        self.collecting = contextlib.ExitStack()     # the collector's pace, as before when the compile ends

    def _write(self, text: str) -> None:
        out = self.out or sys.stderr
        try:
            # on a terminal an ingest's progress bar (drawn by the parent, no newline after it) may hold
            # the line: go back to its start and clear it, so that the notice has a line of its own;
            # the bar is drawn again below at its next update
            out.write(("\r\x1b[K" if out.isatty() else "") + text + "\n")
            out.flush()
        except (OSError, ValueError):      # a closed or broken stderr must not stop a compile
            pass

    def on_start(self, ev: event.Event) -> None:
        name = _kernel_name(ev)
        now = time.monotonic()
        with self.lock:
            if not self.stack:
                self._collect_less()
            self.stack.append([name, time.process_time(), 0.0])
            pid = os.getpid()
            if self.told_pid != pid:
                self.told_pid = pid
                self.count = 0
                self.started = self.last_line = now
                self._write("compiling the kernels this input needs, once… (they are cached for the next runs)")
            if self.ticker_pid != pid:
                self.ticker_pid = pid
                threading.Thread(target=self._tick, name="compile-notice", daemon=True).start()

    def on_end(self, ev: event.Event) -> None:
        with self.lock:
            if not self.stack:
                return
            name, cpu_start, callees = self.stack.pop()
            spent = time.process_time() - cpu_start
            if self.stack:
                self.stack[-1][2] += spent
            else:
                self._collect_as_before()
            self.count += 1
        if self.log:
            record = {"kernel": name, "within": self.stack[0][0] if self.stack else None,
                      "args": str(ev.data.get("args", "")), "pid": os.getpid(),
                      "cpu_seconds": round(spent - callees, 4), "cpu_seconds_with_callees": round(spent, 4)}
            try:
                with open(self.log, "a", encoding="utf-8") as file:
                    file.write(json.dumps(record) + "\n")
            except OSError:
                pass

    def _tick(self) -> None:
        pid = os.getpid()
        while self.ticker_pid == pid:
            time.sleep(self.every / 5)
            with self.lock:
                if not self.stack:
                    continue
                now = time.monotonic()
                if now - self.last_line < self.every:
                    continue
                self.last_line = now
                line = (f"  still compiling kernels: {now - self.started:.0f} s, {self.count} built so far, "
                        f"now {in_words(self.stack[0][0])}")
            self._write(line)

    def _collect_less(self) -> None:
        self.collecting.enter_context(collecting_at(COLLECT_EVERY))

    def _collect_as_before(self) -> None:
        self.collecting.close()

    def after_fork(self) -> None:
        """In a forked child: a fresh lock (the parent's ticker may have held it), no compile
        in progress (the collector at its pace again), and a ticker of its own once it compiles."""
        self.lock = threading.Lock()
        self.stack = []
        self.ticker_pid = 0
        self._collect_as_before()


KERNEL_WORDS = {
    "parsers.source": "the splitting of files into games",
    "parsers.lines": "the reading of Hold'em street lines",
    "parsers.pokerstars_fast": "the PokerStars reader",
    "rules.evaluator": "the hand evaluator",
    "rules.equity": "the all-in equities",
    "rules.holdem_fast": "the Hold'em replay",
    "rules.sixcard_ev": "six-card poker's best plays",
    "pipeline.facts.holdem_decisions": "the Hold'em decisions",
}
"""What the kernels of each module do, in the words the progress lines use (a kernel of another
module is named by its own name)."""


def in_words(kernel: str) -> str:
    """What a kernel (``module.function``) works on, as a user reads it."""
    return KERNEL_WORDS.get(kernel.rpartition(".")[0], kernel)


def _kernel_name(ev: event.Event) -> str:
    dispatcher = ev.data.get("dispatcher")
    function = getattr(dispatcher, "py_func", None)
    if function is None:
        return str(dispatcher)
    return f"{function.__module__}.{function.__qualname__}"


_WATCH: CompileWatch | None = None


ROOT = Path(__file__).resolve().parents[1]
"""The folder that holds :data:`PACKAGES`."""

STAMPS_FILE = "rasklad-sources.json"
"""Beside a cache folder's indexes: the stamps of the sources its indexes were checked against."""


def cache_places(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> list[tuple[Path, Path]]:
    """Each package's (and subpackage's) source folder with a folder where Numba may keep its kernels: beside the
    sources, in ``NUMBA_CACHE_DIR`` when it is set, and in the user's cache when the sources'
    folder is read-only."""
    places = []
    for source in (init for package in packages for init in sorted((root / package).rglob("__init__.py"))):
        subpath = UserProvidedCacheLocator.get_suitable_cache_subpath(str(source))
        places.append((source.parent, source.parent / "__pycache__"))
        if config.CACHE_DIR:
            places.append((source.parent, Path(config.CACHE_DIR) / subpath))
        places.append((source.parent, Path(AppDirs(appname="numba", appauthor=False).user_cache_dir) / subpath))
    return [(sources, folder) for sources, folder in places if folder.is_dir()]


def cache_folders() -> list[Path]:
    """The folders of :func:`cache_places`."""
    return [folder for _, folder in cache_places()]


def source_stamps(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, list[int]]:
    """Each module of ``packages`` (dotted name) with its source's modification time and size."""
    stamps = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            stat = path.stat()
            module = ".".join(path.relative_to(root).with_suffix("").parts)
            stamps[module.removesuffix(".__init__")] = [stat.st_mtime_ns, stat.st_size]
    return stamps


def _importers(root: Path, modules: set[str], changed: set[str]) -> set[str]:
    """The ``modules`` that import one of ``changed``, directly or through each other (and the
    changed themselves)."""
    imports: dict[str, set[str]] = {}
    for module in modules:
        path = root.joinpath(*module.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError):
            imports[module] = set(modules)      # unreadable: assume it takes from every module
            continue
        named = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                named |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                named |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
        imports[module] = named & modules
    reached, grew = set(changed), True
    while grew:
        before = len(reached)
        reached |= {module for module, named in imports.items() if named & reached}
        grew = len(reached) > before
    return reached


def discard_stale_indexes(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> int:
    """Delete the cache indexes (and their compiled files) of the kernels whose module imports a
    module of ``packages`` changed since the cache folder's stamps were taken; how many indexes.

    A folder without stamps (Numba made it after the last check, or it is older than the stamps)
    counts as changed the modules whose sources are newer than its oldest index. The check stats
    the sources (a millisecond); modules are read only when some changed."""
    stamps = source_stamps(root, packages)
    stale_by_change: dict[frozenset[str], set[str]] = {}    # modules are read once per set of changes
    discarded = 0
    for sources, folder in cache_places(root, packages):
        stamps_path = folder / STAMPS_FILE
        try:
            kept = json.loads(stamps_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            kept = None
        if kept == stamps:
            continue
        indexes = list(folder.glob("*.nbi"))
        if indexes:
            package = ".".join(sources.relative_to(root).parts)
            if isinstance(kept, dict):
                changed = frozenset(module for module in set(stamps) | set(kept)
                                    if stamps.get(module) != kept.get(module))
            else:       # no stamps yet: the modules changed since the oldest kernel was compiled
                oldest = min(index.stat().st_mtime_ns for index in indexes)
                changed = frozenset(module for module, (changed_at, _) in stamps.items() if changed_at > oldest)
            if changed not in stale_by_change:      # nothing changed (a folder Numba made): no module read
                stale_by_change[changed] = _importers(root, set(stamps), set(changed)) if changed else set()
            stale = stale_by_change[changed]
            for index in indexes:
                stem = index.name.split(".")[0]
                if (package if stem == "__init__" else f"{package}.{stem}") in stale:
                    for compiled in folder.glob(f"{index.name.removesuffix('.nbi')}.*.nbc"):
                        compiled.unlink(missing_ok=True)
                    index.unlink(missing_ok=True)
                    discarded += 1
        try:       # written whole, then renamed: a process starting beside it reads old or new
            written = folder / f"{STAMPS_FILE}.{os.getpid()}"
            written.write_text(json.dumps(stamps), encoding="utf-8")
            os.replace(written, stamps_path)
        except OSError:
            pass    # a read-only folder: checked again next time
    return discarded


def discard_unreadable_indexes(folders: list[Path] | None = None) -> int:
    """Delete the kernel cache indexes of ``folders`` (default :func:`cache_folders`) that
    cannot be read any more, e.g. because they name a class an upgrade removed; how many.

    Numba unpickles an index before it compares the source's stamp, so one such index makes
    every call of its kernel raise instead of compiling it again. A class of a module not
    imported yet is looked for in the module's source instead (:class:`_IndexReader`): the check
    loads no game's engine that the run does not read."""
    discarded = 0
    for folder in cache_folders() if folders is None else folders:
        for index in folder.glob("*.nbi"):
            reader = None
            try:
                with open(index, "rb") as file:
                    pickle.load(file)           # Numba's version: another version's index is ignored
                    reader = _IndexReader(io.BytesIO(file.read()))
                    reader.load()
            except FileNotFoundError:
                continue
            except Exception:  # noqa: BLE001 (whatever the unpickling raises, the index is unusable)
                if reader is not None and reader.stood_in and not isinstance(reader.missing, Exception):
                    continue    # it may have failed for a stand-in: the class is there, the index may be good
                index.unlink(missing_ok=True)
                discarded += 1
    return discarded


class _IndexReader(pickle.Unpickler):
    """Unpickles an index without importing the modules it names that are not imported yet (a
    game's engine the run may never load): a class of such a module is looked for in the module's
    source and stands in as an empty class; one the source does not define fails the index."""

    def __init__(self, file) -> None:
        super().__init__(file)
        self.stood_in = False
        self.missing: Exception | None = None

    def find_class(self, module: str, name: str):
        if module in sys.modules:
            return super().find_class(module, name)
        if not _source_defines(module, name.split(".")[0]):
            self.missing = LookupError(f"{module}.{name} is gone")
            raise self.missing
        self.stood_in = True
        return type(name, (), {"__init__": lambda self, *args, **kwargs: None, "__module__": module})


def _source_defines(module: str, name: str) -> bool:
    """Does the source of ``module`` (found, not imported) define ``name`` at its top level?"""
    try:
        spec = importlib.util.find_spec(module)
        source = Path(spec.origin).read_text(encoding="utf-8") if spec is not None and spec.origin else ""
    except (ImportError, OSError, ValueError, UnicodeDecodeError):
        return False
    found = re.search(rf"^(?:class|def)\s+{re.escape(name)}\b|^{re.escape(name)}\s*[:=]", source, re.MULTILINE)
    return found is not None


def cached(kernel) -> bool:
    """Whether the kernel cache holds ``kernel`` (a dispatcher made with ``cache=True``) compiled
    from its source as it stands: an index of it in the folder Numba loads it from, written after
    the source last changed (:func:`watch` has dropped those of kernels whose imports changed).
    Numba names an index after the module, the function and the line it starts at."""
    function = kernel.py_func
    source = Path(inspect.getfile(function))
    major, minor = sys.version_info[:2]
    try:
        changed_at = source.stat().st_mtime_ns
        indexes = Path(kernel.stats.cache_path).glob(f"{source.stem}.{function.__qualname__}-*.py{major}{minor}*.nbi")
        return any(index.stat().st_mtime_ns >= changed_at for index in indexes)
    except OSError:
        return False


def watch() -> CompileWatch:
    """Start telling the user about compiles in this process (and the ones it forks); once.
    First drop the cache indexes that cannot be read (:func:`discard_unreadable_indexes`) and those
    of kernels whose imports changed (:func:`discard_stale_indexes`)."""
    global _WATCH
    if _WATCH is None:
        discard_stale_indexes()
        discard_unreadable_indexes()
        _WATCH = CompileWatch(log=os.environ.get("RASKLAD_COMPILE_LOG") or None)
        event.register("numba:compile", _WATCH)
        os.register_at_fork(after_in_child=_WATCH.after_fork)
    return _WATCH


def type_arrays_first() -> None:
    """Have Numba's typing context load its own declarations before its target context does.

    A process's first kernel compiled or loaded through the cache (``cache=True``) refreshes the
    target context first, and that imports the string, list and dict modules whose ``@overload``s
    of ``getitem``, ``setitem`` … then come before the array typings: every array access of every
    kernel compiled in the process tried and rejected them first. The six-card kernels of
    ``data/samples`` took about 1.2 CPU-s longer to compile that way (``_weights``: 1.2 CPU-s, 0.5
    with the typing context refreshed first, which is the order Numba has without a cache)."""
    cpu_target.typing_context.refresh()


type_arrays_first()
