"""Explicit registries: rule texts, handlers, lanes and table schemas are imported by name.

Nothing registers itself as a side effect of being imported: the rulebook gathers each game
module's RULES, ``pipeline.games`` lists the facts modules' handlers, ``pipeline.tables``
their tables. So no module needs to import another to make it register (the chinese<->ofc
cycle), and a missing module fails the import instead of hiding rule texts or tables.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PRODUCT = ("rules", "parsers", "pipeline", "dashboards")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for room in PRODUCT for path in sorted((ROOT / room).rglob("*.py"))}


def _load_time_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules a module imports when it is loaded: module-level statements, not
    function bodies and not ``if TYPE_CHECKING:`` blocks. ``from a import b`` counts as
    importing ``a.b`` when that is a module, else ``a``."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def visit(statements) -> None:
        for node in statements:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in modules:
                for alias in node.names:
                    child = f"{node.module}.{alias.name}"
                    found.add(child if child in modules else node.module)

    visit(tree.body)
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_cycles_finds_a_cycle_and_only_cycles():
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_product_module_imports_itself_back_at_load_time():
    modules = _modules()
    graph = {name: _load_time_imports(path, modules) - {name} for name, path in modules.items()}
    # A package's __init__ is loaded before its modules: "pipeline.facts -> pipeline.facts.holdem"
    # is only an edge when the package imports the module itself, which the AST shows.
    assert _cycles(graph) == []


def test_game_modules_do_not_register_their_rules():
    # The rulebook imports them; they never import the rulebook.
    strays = [name for name, path in _modules().items()
              if name.startswith("rules.") and name != "rules.rulebook"
              and "rules.rulebook" in _load_time_imports(path, _modules())]
    assert strays == []


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_takes_another_modules_private_names_nor_cpython_internals():
    # Modules meet at public names: no `from m import _x`, no `m._x` of an imported module, and
    # nothing of CPython's private regex parser. The benchmarks too: they measure through the
    # seams a caller has.
    modules = {_module_name(path): path for room in (*PRODUCT, "bench") for path in sorted((ROOT / room).rglob("*.py"))}
    found = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported: set[str] = set()      # the names (or dotted names) that stand for a module here
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    imported.add(alias.asname or alias.name)
                    if alias.name.startswith(("re._", "sre_")):
                        found.append(f"{name}: import {alias.name}")
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module.startswith(("re._", "sre_")):
                    found.append(f"{name}: from {node.module} import …")
                for alias in node.names:
                    if _private(alias.name):
                        found.append(f"{name}: from {node.module} import {alias.name}")
                    elif f"{node.module}.{alias.name}" in modules:
                        imported.add(alias.asname or alias.name)
        found += [f"{name}: {ast.unparse(node)}" for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and _private(node.attr) and ast.unparse(node.value) in imported]
    assert found == []


def test_the_rulebook_holds_every_games_rules_once():
    from rules import chinese, holdem, ofc, raspisnoy, rooms, sixcard
    from rules.rulebook import RULES, rule_text

    books = {"HE-": holdem.RULES, "RSP-": raspisnoy.RULES, "CP-": chinese.RULES, "OFC-": ofc.RULES,
             "SIX-": sixcard.RULES, "ROOM-": rooms.RULES}
    for prefix, book in books.items():
        assert book, prefix
        assert all(rule_id.startswith(prefix) for rule_id in book), prefix
        assert {rule_id: RULES[rule_id] for rule_id in book} == book
    assert len(RULES) == sum(len(book) for book in books.values())
    assert rule_text("OFC-PLACE") == ofc.RULES["OFC-PLACE"]


def test_the_rulebook_refuses_a_rule_id_declared_by_two_games():
    from rules.rulebook import gather

    with pytest.raises(ValueError, match="CP-FOUL"):
        gather({"CP-FOUL": "one text"}, {"CP-FOUL": "another"})


def test_every_record_class_has_its_handler():
    from parsers.phh import PhhHand
    from pipeline.games import HANDLERS, handler_for
    from rules.chinese import ChineseHand
    from rules.holdem_hand import HoldemHand
    from rules.ofc import OfcHand
    from rules.raspisnoy import RaspisnoyGame, RaspisnoySheet
    from rules.sixcard import SixcardSession
    from rules.tournaments import TournamentSummary

    classes = [HoldemHand, PhhHand, RaspisnoyGame, RaspisnoySheet, ChineseHand, OfcHand, SixcardSession,
               TournamentSummary]
    assert set(HANDLERS) == {f"{kind.__module__}.{kind.__qualname__}" for kind in classes}
    for kind in classes:    # each found by the name its records carry
        assert handler_for(object.__new__(kind)) is HANDLERS[f"{kind.__module__}.{kind.__qualname__}"]
    with pytest.raises(LookupError, match="no replay engine for str records"):
        handler_for("not a record")


def test_the_registry_loads_no_games_records_parser_nor_rules():
    # In a new interpreter: the worker (and with it every facts module, for its tables) loads the
    # modules of a game's records only when a game of it is read, Chinese poker's too.
    code = ("import json, sys\nimport pipeline.worker\n"
            "print(json.dumps(sorted(name for name in sys.modules if name.startswith(('rules.', 'parsers.')))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    loaded = set(json.loads(done.stdout))
    assert "rules.records" in loaded     # the modules were listed
    assert not loaded & {"rules.holdem_hand", "rules.holdem_batch", "rules.holdem_rules", "rules.raspisnoy",
                         "rules.sixcard", "rules.tournaments", "parsers.phh", "parsers.pokerstars_summary",
                         "rules.chinese", "rules.ofc", "parsers.chinese"}


def test_holdem_chinese_and_ofc_register_lanes_and_each_names_a_warm_up_file():
    from pipeline.facts.chinese import HANDLERS as CHINESE
    from pipeline.facts.holdem import HANDLERS as HOLDEM
    from pipeline.games import lanes
    from pipeline.worker import WARM_UP

    registered = lanes()
    assert registered == tuple(handler.lane for handler in (*HOLDEM.values(), *CHINESE.values()))
    assert [lane.warm_up for lane in registered] == ["pokerstars_lane", "chinese", "ofc"]
    assert all((WARM_UP / f"{lane.warm_up}.txt").is_file() for lane in registered)


def test_every_table_schema_exists_once_the_tables_module_is_imported():
    # In a new interpreter that imports nothing else: no load_all_tables() to call first.
    code = "import pipeline.tables as t; print(' '.join(sorted(t.SCHEMAS)))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.stdout.split() == sorted([
        "games", "game_players", "findings", "quarantine", "game_texts", "files", "aliases", "settings",
        "holdem_actions", "holdem_results", "raspisnoy_rounds", "raspisnoy_tricks",
        "chinese_rows", "chinese_scores", "chinese_players", "ofc_placements",
        "sixcard_boxes", "sixcard_decisions", "sixcard_house_edge", "tournament_results", "superseded",
    ])


def test_a_table_declared_twice_is_refused():
    from pipeline.facts import define
    from pipeline.tables import gather

    with pytest.raises(ValueError, match="table 'games' is defined twice"):
        gather((define("games"),), (define("games"),))


def test_the_worker_knows_no_game():
    source = (ROOT / "pipeline" / "worker.py").read_text(encoding="utf-8")
    imported = _load_time_imports(ROOT / "pipeline" / "worker.py", _modules())
    function_level = {node.module for node in ast.walk(ast.parse(source))
                      if isinstance(node, ast.ImportFrom) and node.module}
    for name in imported | function_level:
        assert not name.startswith(("pipeline.facts.", "pipeline.generators", "rules.holdem",
                                    "parsers.pokerstars")), name
    assert "PokerStars" not in source and "holdem" not in source.lower()


_ENGINES = ("rules.holdem_engine", "rules.holdem_fast", "rules.holdem_explain", "rules.equity",
            "parsers.pokerstars_fast", "rules.sixcard_ev")
"""Hold'em's engine and compiled byte reader, and six-card's EV (compiled kernels all): what a run
of Chinese poker or OFC never uses."""


@pytest.mark.parametrize("sample", ["chinese-night.txt", "ofc-classic.txt"])
def test_an_ingest_of_chinese_poker_or_ofc_loads_no_holdem_nor_six_card_engine(tmp_path, sample):
    """Each facts module declares its tables without importing its engine; the engine of a game
    loads when a game of it is read (the kernel cache's check loads none either)."""
    code = ("import sys\nfrom pipeline.cli import main\n"
            "try:\n    main(['ingest', sys.argv[1], '-w', sys.argv[2], '-j', '1', '-q'])\n"
            "except SystemExit as done:\n    assert done.code == 0, done.code\n"
            f"print(sorted(name for name in {_ENGINES!r} if name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code, str(ROOT / "data" / "samples" / sample), str(tmp_path / "wh")],
                          cwd=ROOT, capture_output=True, text=True, check=True, env={"PYTHONPATH": str(ROOT),
                                                                                     "PATH": "/usr/bin:/bin"})
    assert "games stored" in done.stdout
    assert done.stdout.splitlines()[-1] == "[]"
