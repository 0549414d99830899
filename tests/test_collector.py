"""The collector's tuning (pipeline/collector.py): modules loaded with it paused are set apart after,
until the outermost block that sets objects apart ends, and an ingest gives back all it set apart."""

from __future__ import annotations

import gc

from pipeline.collector import modules_loading, objects_set_apart
from pipeline.generators.holdem import generate_hands
from pipeline.ingest import ingest


def test_modules_load_with_the_collector_paused_and_are_set_apart_until_the_outer_block_ends():
    assert gc.get_freeze_count() == 0
    with objects_set_apart():
        before = gc.get_freeze_count()
        with modules_loading():
            paused = not gc.isenabled()
            made = [[] for _ in range(100)]     # tracked objects made while loading
        assert paused and gc.isenabled()
        assert gc.get_freeze_count() >= before + len(made)
    assert gc.get_freeze_count() == 0


def test_a_collector_paused_before_stays_paused_after_modules_load():
    gc.disable()
    try:
        with objects_set_apart(), modules_loading():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert gc.get_freeze_count() == 0


def test_an_ingest_gives_back_what_it_set_apart_when_it_reads_files_and_when_it_finds_none(tmp_path):
    night = tmp_path / "night.txt"
    night.write_text("\n\n\n".join(text for text, _ in generate_hands("holdem", count=3, seed=5)) + "\n",
                     encoding="utf-8")
    ingest([night], tmp_path / "warehouse", jobs=1, build_models=False)
    assert gc.get_freeze_count() == 0
    (tmp_path / "empty").mkdir()
    ingest([tmp_path / "empty"], tmp_path / "nothing", jobs=1, build_models=False)   # returns before reading
    assert not (tmp_path / "nothing").exists()
    assert gc.get_freeze_count() == 0
