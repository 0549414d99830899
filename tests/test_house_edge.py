"""The exact six-card house edge: canonical deals and their weights, the state file, the
warehouse table, the parallel and Spark runs."""

from __future__ import annotations

import importlib.util
import itertools
import json
import math
import random

import numpy as np
import pytest
from click.testing import CliRunner

import pipeline.house_edge as he
from pipeline.cli import main
from pipeline.warehouse import connect
from rules.sixcard import SixcardRules
from rules.sixcard_ev import DrawTree, best_first_decision, codes


def orbit(cards, up):
    """Every deal the 24 renamings of the suits make of (cards, up), by brute force."""
    images = set()
    for perm in itertools.permutations(range(4)):
        rename = lambda c: (c & ~3) | perm[c & 3]  # noqa: E731
        images.add((tuple(sorted(rename(c) for c in cards)), rename(up)))
    return images


def test_canonical_deal_weights_add_up_to_every_deal():
    cards, ups, weights = he.canonical_deals()
    assert he.TOTAL_DEALS == 2_598_960 * 47 == 122_151_120
    assert int(weights.sum()) == he.TOTAL_DEALS
    assert len(ups) == 5_649_150
    # no card twice in a deal, the box's cards ascending
    assert (np.diff(cards.astype(int), axis=1) > 0).all()
    assert not (cards == ups[:, None]).any()


def deal_keys(cards, ups) -> np.ndarray:
    """Each deal (its five cards in their order, then its up card) as one integer, six bits a card."""
    cards = np.asarray(cards, dtype=np.int64).reshape(-1, 5)
    return (cards << np.arange(0, 30, 6)).sum(axis=1) | (np.asarray(ups, dtype=np.int64).reshape(-1) << 30)


def test_each_canonical_deal_weighs_its_class_and_every_deal_has_one():
    cards, ups, weights = he.canonical_deals()
    # the 5,649,150 deals as sorted keys, to look deals up (a dict of them took 13 CPU-s to build)
    keys = deal_keys(cards, ups)
    order = np.argsort(keys)
    listed = keys[order]
    assert (np.diff(listed) > 0).all()      # each deal listed once

    def listed_at(deals: list[tuple[tuple[int, ...], int]]) -> list[int]:
        wanted = deal_keys([deal for deal, _ in deals], [up for _, up in deals])
        at = np.minimum(np.searchsorted(listed, wanted), len(listed) - 1)
        return order[at[listed[at] == wanted]].tolist()

    rng = random.Random(7)
    for i in rng.sample(range(len(ups)), 200):
        deal = (tuple(int(c) for c in cards[i]), int(ups[i]))
        assert len(orbit(*deal)) == weights[i]
    for _ in range(300):
        dealt = rng.sample(range(52), 6)
        found = listed_at(sorted(orbit(dealt[:5], dealt[5])))
        assert len(found) == 1, (dealt, found)
    # hand-worked: the four twos and 3c (the least card set of its class) with 3d up: renaming
    # the suits gives 4 boxes (the twos with any three) times 3 up cards (the other threes)
    quads = (tuple(codes("2c 2d 2h 2s 3c")), codes("3d")[0])
    assert weights[listed_at([quads])] == [12]


def test_ruleset_key_is_one_text_whatever_the_order():
    one = SixcardRules.parse("bet 3 antes, pay flush 6, dealer qualifies ace-king")
    two = SixcardRules.parse("dealer qualifies ace-king, pay flush 6, bet 3 antes")
    assert he.canonical_key(one) == he.canonical_key(two) == "pay flush 6, dealer qualifies ace-king, bet 3 antes"
    assert SixcardRules.parse(he.canonical_key(one)) == one
    assert he.canonical_key(SixcardRules.parse("pay flush 5")) == "default"
    # the card replaced where no log names one: the default assumes the highest
    assert he.canonical_key(SixcardRules.parse("dealer game replaces highest")) == "default"
    assert he.canonical_key(SixcardRules.parse("dealer game replaces lowest")) == "dealer game replaces lowest"


def test_the_ace_king_pay_is_its_own_ruleset_only_where_an_ace_king_can_win():
    # Under the pair qualifier a dealer with a game holds a pair or more, and beats an ace-king
    # high: its pay never pays, so the figure, and the ruleset it is stored under, is the default's.
    for pays in ("0", "3"):
        assert he.canonical_key(SixcardRules.parse(f"pay ace-king {pays}")) == "default"
        assert he.canonical_key(SixcardRules.parse(f"pay ace-king {pays}, pay flush 6")) == "pay flush 6"
    under_ace_king = SixcardRules.parse("pay ace-king 3, dealer qualifies ace-king")
    assert he.canonical_key(under_ace_king) == "pay ace-king 3, dealer qualifies ace-king"
    # the values agree: playing an ace-king box against a deuce is worth the same whatever the
    # line pays, and more under the ace-king qualifier when it pays 3 than when it pays 1
    box, up = tuple(codes("Ah Kd Qc Js 9d")), codes("2s")[0]

    def play(rules):
        return dict(DrawTree.build(box, up, (), rules=rules).root_options())["play"]

    assert play(SixcardRules.parse("pay ace-king 3")) == play(SixcardRules.parse("default"))
    assert play(under_ace_king) > play(SixcardRules.parse("dealer qualifies ace-king"))


def chunks_done(edges, deals=10):
    """State rows of chunks of ``deals`` deals each, chunk i with the edge ``edges[i]``."""
    return {i: {"chunk": i, "sum": float(-edge * deals).hex(), "deals": deals, "canonical": 1, "cpu_seconds": 1.0}
            for i, edge in enumerate(edges)}


def test_the_running_edge_is_shown_with_its_margin_only_from_30_chunks():
    # A chunk is a block of alike deals: the first ones' edges said 16 %, 35 %, 56 % of a 3.43 %
    # figure. Below 30 chunks no running edge is shown; from 30, with its 95 % margin.
    early = he.Progress(ruleset="default", chunk_deals=400, chunks=100, done=chunks_done([0.0, 0.1] * 14 + [0.1]))
    assert early.running_margin is None
    assert early.edge_so_far().startswith("edge so far not shown before 30 chunks")
    # 30 chunks of 10 deals, half with edge 0 and half 0.1, of 100: the edge is 0.05; each chunk's
    # loss (0 or 1) is 0.5 from 0.05 × 10, so the spread is 30 × 0.25 / 29; the margin is
    # 1.96 × sqrt((1 − 30/100) × spread / 30) / 10 = 1.96 × sqrt(0.7 × 0.25 / 29) / 10
    half = he.Progress(ruleset="default", chunk_deals=400, chunks=100, done=chunks_done([0.0, 0.1] * 15))
    assert half.running_edge == pytest.approx(0.05)
    assert half.running_margin == pytest.approx(1.96 * math.sqrt(0.7 * 0.25 / 29) / 10)
    assert half.edge_so_far() == "edge so far 5.00% ± 1.52% of the ante (95 % margin)"
    # every chunk done: the figure itself, no margin
    whole = he.Progress(ruleset="default", chunk_deals=400, chunks=30, done=chunks_done([0.0, 0.1] * 15))
    assert whole.running_margin == 0 and whole.edge_so_far() == "edge 5.0000% of the ante, every deal valued"


def small_run(monkeypatch, deals):
    """Make the run's universe a few deals (their weights summing to every deal), so that a test
    can finish a run: the plumbing is the same, only the deals are fewer."""
    cards = np.array([d[0] for d in deals], dtype=np.int8)
    ups = np.array([d[1] for d in deals], dtype=np.int8)
    weights = np.full(len(deals), he.TOTAL_DEALS // len(deals), dtype=np.int64)
    weights[0] += he.TOTAL_DEALS - int(weights.sum())
    monkeypatch.setattr(he, "_DEALS", (cards, ups, weights))
    return cards, ups, weights


def a_warehouse(tmp_path):
    """A warehouse of a few games (the command refuses a folder that holds none)."""
    from pipeline.ingest import ingest
    from tests.conftest import SAMPLES

    ingest([SAMPLES / "chinese-night.txt"], tmp_path / "wh", jobs=1)
    return tmp_path / "wh"


DEALS = [(tuple(codes("Ah Ad 7c 5s 2d")), codes("Qs")[0]), (tuple(codes("2h 7d 9c Js 4c")), codes("Qs")[0]),
         (tuple(codes("Th Jh Qh 9c 2c")), codes("3s")[0]), (tuple(codes("9s 9h 9d Kc 4d")), codes("2s")[0]),
         (tuple(codes("Kc 8d 6h 4s 3c")), codes("Ac")[0])]


def test_a_killed_run_continues_from_its_state_and_stores_the_exact_mean(monkeypatch, tmp_path):
    cards, ups, weights = small_run(monkeypatch, DEALS)
    lines = []
    progress, result = he.house_edge(tmp_path / "wh", chunk_deals=2, max_chunks=1, say=lines.append)
    assert result is None and len(progress.done) == 1 and progress.chunks == 3
    state = he.state_path(tmp_path / "wh", "default")
    # a kill in the middle of writing a line: that chunk is not done
    with state.open("a") as out:
        out.write('{"chunk": 9, "sum": "0x1.0p+0", "dea')
    progress, result = he.house_edge(tmp_path / "wh", chunk_deals=2, say=lines.append)
    assert result is not None and len(progress.done) == 3
    assert any("chunks done before" in line and "1 of 3" in line for line in lines)
    values = [best_first_decision(tuple(int(c) for c in cards[i]), int(ups[i])) for i in range(len(ups))]
    expected = -math.fsum(int(w) * v for w, v in zip(weights, values)) / he.TOTAL_DEALS
    assert result.house_edge == pytest.approx(expected, abs=1e-12)
    assert result.count_deals == he.TOTAL_DEALS and result.count_canonical_deals == len(DEALS)
    with connect(tmp_path / "wh") as con:
        (ruleset, edge, deals), = con.execute(
            "select ruleset, house_edge, count_deals from sixcard_house_edge").fetchall()
        assert (ruleset, deals) == ("default", he.TOTAL_DEALS) and edge == pytest.approx(expected, abs=1e-12)
        assert con.execute("select house_edge_perfect_play from int_sixcard_house_edge").fetchone()[0] == \
            pytest.approx(expected, abs=1e-12)


def test_a_run_stopped_by_ctrl_c_says_how_to_go_on_and_the_next_run_finishes(monkeypatch, tmp_path):
    # (what a stopped run keeps, its chunks done, is the killed run's test above)
    cards, ups, weights = small_run(monkeypatch, DEALS)    # one chunk of the command's size
    computed = he.compute_chunk

    def stopped(ruleset, chunk, chunk_deals):
        raise KeyboardInterrupt

    monkeypatch.setattr(he, "compute_chunk", stopped)
    runner = CliRunner()
    args = ["house-edge", "-w", str(a_warehouse(tmp_path)), "--jobs", "1", "--json"]
    stopped = runner.invoke(main, args)
    assert stopped.exit_code == 130, stopped.output     # the shells' code for Ctrl-C
    assert stopped.stderr.startswith("Stopped before the end: the chunks done are checkpointed")
    monkeypatch.setattr(he, "compute_chunk", computed)
    done = runner.invoke(main, args)
    report = json.loads(done.stdout)
    assert (report["finished"], report["chunks_done"], report["chunks"]) == (True, 1, 1), done.output
    values = [best_first_decision(tuple(int(c) for c in cards[i]), int(ups[i])) for i in range(len(ups))]
    assert report["house_edge"] == pytest.approx(
        -math.fsum(int(w) * v for w, v in zip(weights, values)) / he.TOTAL_DEALS, abs=1e-12)


def test_a_state_file_of_another_chunk_size_is_refused(monkeypatch, tmp_path):
    small_run(monkeypatch, DEALS)
    he.house_edge(tmp_path, chunk_deals=2, max_chunks=1, say=lambda line: None)
    with pytest.raises(ValueError, match="state of another run"):
        he.house_edge(tmp_path, chunk_deals=3, max_chunks=1, say=lambda line: None)


def test_two_rulesets_keep_two_rows_and_the_house_table_changes_the_edge(monkeypatch, tmp_path):
    small_run(monkeypatch, DEALS[:2])
    _, default = he.house_edge(tmp_path, chunk_deals=2, say=lambda line: None)
    _, costly = he.house_edge(tmp_path, SixcardRules.parse("exchange 3, buy 2"), chunk_deals=2,
                              say=lambda line: None)
    # dearer draws can only lower the player's best EV: the edge grows
    assert costly.house_edge >= default.house_edge
    with connect(tmp_path) as con:
        rows = dict(con.execute("select ruleset, house_edge from sixcard_house_edge").fetchall())
    assert rows == {"default": default.house_edge, "buy 2, exchange 3": costly.house_edge}


def test_the_dealers_card_left_open_shares_the_highest_card_s_figure_and_the_lowest_has_its_own(
        monkeypatch, tmp_path):
    # Where the rules leave the dealer's replaced card open the edge assumes his highest: a house
    # that fixes the highest has the same figure, found in the default's state and not computed
    # again; one that fixes the lowest values the deal otherwise and keeps its own row. One deal,
    # weighing every deal: the edge is minus its value (trips, which buy the dealer's game).
    small_run(monkeypatch, DEALS[3:4])
    box, up = DEALS[3]
    lines = []
    _, default = he.house_edge(tmp_path, chunk_deals=1, say=lines.append)
    assert default.house_edge == pytest.approx(-best_first_decision(box, up), abs=1e-12)
    _, highest = he.house_edge(tmp_path, SixcardRules.parse("dealer game replaces highest"), chunk_deals=1,
                               say=lines.append)
    assert "house edge of 'default': 1 of 1 chunks done before, 0 to run" in lines[-1]
    assert (highest.ruleset, highest.house_edge) == ("default", default.house_edge)
    lowest_rules = SixcardRules.parse("dealer game replaces lowest")
    _, lowest = he.house_edge(tmp_path, lowest_rules, chunk_deals=1, say=lines.append)
    assert lowest.house_edge == pytest.approx(-best_first_decision(box, up, lowest_rules), abs=1e-12)
    assert lowest.house_edge != pytest.approx(default.house_edge, abs=1e-6)
    with connect(tmp_path) as con:
        rows = dict(con.execute("select ruleset, house_edge from sixcard_house_edge").fetchall())
    assert rows == {"default": default.house_edge, "dealer game replaces lowest": lowest.house_edge}


def test_parallel_chunks_sum_as_one_process_does(monkeypatch, tmp_path):
    small_run(monkeypatch, DEALS)
    one = list(he._local_results("default", [0, 1, 2], 2, jobs=1))
    two = sorted(he._local_results("default", [0, 1, 2], 2, jobs=2), key=lambda row: row["chunk"])
    assert [(r["chunk"], r["sum"], r["deals"]) for r in one] == [(r["chunk"], r["sum"], r["deals"]) for r in two]


@pytest.mark.skipif(importlib.util.find_spec("pyspark") is None, reason="pyspark is not installed ('.[spark]')")
def test_spark_local_mode_computes_the_same_chunks(tmp_path):
    # The Spark workers build the canonical deals themselves: the first two real chunks.
    rows = sorted(he._spark_results("default", [0, 1], 2, "local[1]"), key=lambda row: row["chunk"])
    cards, ups, weights = he.canonical_deals()
    for row in rows:
        at = range(2 * row["chunk"], 2 * row["chunk"] + 2)
        values = [best_first_decision(tuple(int(c) for c in cards[i]), int(ups[i])) for i in at]
        assert float.fromhex(row["sum"]) == pytest.approx(sum(int(weights[i]) * v for i, v in zip(at, values)),
                                                          abs=1e-9)


def test_cli_runs_to_the_stored_figure_and_refuses_an_unknown_setting(monkeypatch, tmp_path):
    small_run(monkeypatch, DEALS)    # one chunk of the command's size
    runner = CliRunner()
    root = a_warehouse(tmp_path)
    result = runner.invoke(main, ["house-edge", "-w", str(root), "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["finished"], report["chunks_done"], report["chunks"]) == (True, 1, 1)
    assert report["house_edge"] == report["edge_so_far"]
    bad = runner.invoke(main, ["house-edge", "-w", str(root), "--rules", "pay high card 1"])
    assert bad.exit_code != 0 and "'pay high card 1': pay takes a category (" in bad.output


@pytest.mark.parametrize("edges, shown, margin", [
    # 29 chunks: the text holds the edge back, and so does --json, with the text's reason
    ([0.0, 0.1] * 14 + [0.1], None, None),
    # 30 chunks, half with edge 0 and half 0.1: 0.05, with the margin worked out above
    ([0.0, 0.1] * 15, 0.05, 1.96 * math.sqrt(0.7 * 0.25 / 29) / 10),
])
def test_json_of_a_partial_run_says_the_edge_so_far_as_the_text_does(monkeypatch, tmp_path, edges, shown, margin):
    progress = he.Progress(ruleset="default", chunk_deals=400, chunks=100, done=chunks_done(edges))
    monkeypatch.setattr(he, "house_edge", lambda *args, **kwargs: (progress, None))
    root = a_warehouse(tmp_path)
    runner = CliRunner()
    report = json.loads(runner.invoke(main, ["house-edge", "-w", str(root), "--json"]).stdout)
    text = runner.invoke(main, ["house-edge", "-w", str(root)]).stdout
    assert (report["finished"], report["chunks_done"], report["chunks"]) == (False, len(edges), 100)
    if shown is None:
        assert report["edge_so_far"] is None and report["edge_margin"] is None
        assert report["edge_so_far_withheld"] == ("edge so far not shown before 30 chunks: each is a block of alike "
                                                  "deals, and a few say little of the whole")
        assert report["edge_so_far_withheld"] in text
    else:
        assert report["edge_so_far"] == pytest.approx(shown) and report["edge_margin"] == pytest.approx(margin)
        assert report["edge_so_far_withheld"] is None
        assert "edge so far 5.00% ± 1.52% of the ante (95 % margin)" in text
