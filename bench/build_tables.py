"""Rebuild the tables shipped with the package: ``python -m bench.build_tables``.

``rules/tables/heads_up_preflop.npz``: every heads-up preflop all-in on 52 cards, counted
exactly by ``rules.equity``. ``rules/tables/pair_strengths.npz``: the strength of two hole ranks
with each board rank multiset, flushes aside, that the preflop count reads.
"""

from __future__ import annotations

import time

from rules.equity import HEADS_UP_TABLE, PAIR_STRENGTHS_TABLE, build_heads_up_table, build_pair_strength_table


def main() -> None:
    build_pair_strength_table()
    print(f"{PAIR_STRENGTHS_TABLE}: written")
    started = time.perf_counter()
    count = build_heads_up_table()
    print(f"{HEADS_UP_TABLE}: {count:,} heads-up preflop situations in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
