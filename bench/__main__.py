"""Run every benchmark module (bench/bench_*.py) or the ones named: `python -m bench evaluator`."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import bench


def main(argv: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_"))
    if {"-h", "--help"} & set(argv):
        print(f"python -m bench [NAME ...]: run the benchmarks named, or every one: {', '.join(n[6:] for n in names)}")
        return 0
    wanted = [f"bench_{name.removeprefix('bench_')}" for name in argv] or names
    for name in wanted:
        if name not in names:
            print(f"no benchmark {name!r}: expected one of {', '.join(n[6:] for n in names)}")
            return 2
    for name in wanted:
        print(f"\n== {name[6:]} ==", flush=True)
        started = time.perf_counter()
        importlib.import_module(f"bench.{name}").main()
        print(f"({time.perf_counter() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
