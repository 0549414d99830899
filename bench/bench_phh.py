"""PHH in and PHH/OHH out: hands per second of each, beside the PokerStars text of the same hands.

Run with ``python -m bench phh``. Generated no-limit hands (rake included) are ingested as
PokerStars text, exported as PHH and OHH, and the PHH files, gathered into one ``.phhs`` file,
are ingested again into a second warehouse, one reader each (``jobs=1``, the SQL models built
as an ingest builds them): the nets of both warehouses must agree. Set ``RASKLAD_BENCH_PHH_HANDS`` for another count (default 3,000).
Nothing asserts a speed.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from pipeline.export import export
from pipeline.generators.holdem import generate_hands
from pipeline.ingest import ingest
from pipeline.warehouse import connect


def main() -> None:
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
