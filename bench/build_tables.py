"""Rebuild the tables shipped with the package: ``python -m bench.build_tables``.

``rules/tables/heads_up_preflop.npz``: every heads-up preflop all-in on 52 cards, counted
exactly by ``rules.equity``. ``rules/tables/preflop_strengths.npz``: the tables the preflop count
reads (two hole ranks with each board rank multiset, flushes aside; the flush table).
"""

from __future__ import annotations

import time

from rules.equity import HEADS_UP_TABLE, PREFLOP_TABLE, build_heads_up_table, build_preflop_table


def main() -> None:
    build_preflop_table()
    print(f"{PREFLOP_TABLE}: written")
    started = time.perf_counter()
    count = build_heads_up_table()
    print(f"{HEADS_UP_TABLE}: {count:,} heads-up preflop situations in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
