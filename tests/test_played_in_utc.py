"""ROOM-TIME-ZONE per stored game: ``games.played_in_utc`` says whether ``played_at`` is UTC (the log
names its zone) or the time as the log wrote it, and the dashboards say it on each row.

Worked by hand: PokerStars' ``2024/01/02 3:04:05 ET`` is Eastern standard time, UTC-5, so 08:04:05
UTC; the same header without its zone is kept as written, 03:04:05; a club log's ``Date:`` names no
zone, 19:30 as written; a club game without a ``Date:`` line has no time, and no clock.
"""

from __future__ import annotations

import os
import shutil
from datetime import date, datetime
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner
from streamlit.testing.v1 import AppTest

from pipeline.cli import main
from pipeline.generators.holdem import generate
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from pipeline.worker import parse_bytes
from tests.conftest import SAMPLES
from tests.formats_examples import RASPISNOY_LOG
from tests.test_dashboards_apptest import as_read
from tests.test_reaudit import games_stored_before

APP = str(Path(__file__).resolve().parents[1] / "dashboards" / "streamlit_app.py")

ET_HAND = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").split("\n\n")[0].strip() + "\n"
NO_ZONE_HAND = ET_HAND.replace("#250000000000", "#250000000099").replace("3:04:05 ET", "3:04:05")
UNDATED = RASPISNOY_LOG.replace("R-2026-11-28-1", "R-undated").replace("Date: 2026-11-28 19:30\n", "")
# the club game a week later, with Anna's running total written wrong: a finding, for the audit page
WRONG_TOTAL = (RASPISNOY_LOG.replace("R-2026-11-28-1", "R-2026-12-05-1")
               .replace("2026-11-28 19:30", "2026-12-05 19:30")
               .replace("Totals: Boris 0, Vera 15, Anna 0", "Totals: Boris 0, Vera 15, Anna 5"))

STORED = {   # (played_at, played_in_utc) per game, by its hand number or game ID
    "#250000000000": (datetime(2024, 1, 2, 8, 4, 5), True),
    "#250000000099": (datetime(2024, 1, 2, 3, 4, 5), False),
    "R-2026-12-05-1": (datetime(2026, 12, 5, 19, 30), False),
    "R-undated": (None, None),
}
HANDS = {key: STORED[key] for key in ("#250000000000", "#250000000099")}


def _logs(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "stars.txt").write_text(ET_HAND + "\n\n" + NO_ZONE_HAND, encoding="utf-8")
    (folder / "club.txt").write_text(WRONG_TOTAL + "\n" + UNDATED, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("times")
    summary = ingest([_logs(base / "logs")], base / "wh", jobs=1)
    assert (summary.games, summary.quarantined) == (4, 0)
    return base / "wh"


def stored(root: Path, relation: str = "games") -> dict[str, tuple]:
    """Each game of ``relation`` (a table or model with game_id) by the key of STORED."""
    with connect(root) as con:
        rows = con.execute(rf"""
            select regexp_extract(t.text, '#\d+|R-[\w-]+'), r.played_at, r.played_in_utc
            from (select distinct game_id, played_at, played_in_utc from {relation}) r
            join game_texts t using (game_id)""").fetchall()
    return {key: (at, in_utc) for key, at, in_utc in rows}


def test_room_time_zone_is_stored_with_each_game(warehouse):
    assert stored(warehouse) == STORED
    for model in ("stg_games", "game_list"):
        assert stored(warehouse, model) == STORED
    assert stored(warehouse, "hand_list") == HANDS
    assert stored(warehouse, "finding_list") == {"R-2026-12-05-1": STORED["R-2026-12-05-1"]}
    with connect(warehouse) as con:
        sittings = con.execute("select started_at, played_in_utc from holdem_sessions where player = 'Anna' "
                               "order by started_at").fetchall()
    # 03:04:05 as written and 08:04:05 UTC are five hours apart: two sittings, each on its own clock
    assert sittings == [(datetime(2024, 1, 2, 3, 4, 5), False), (datetime(2024, 1, 2, 8, 4, 5), True)]


def test_room_time_zone_of_the_compiled_lane_is_the_full_paths():
    # PokerStars' lane reads the ET headers; a header without a zone takes the reference reader
    hands = generate("holdem", 300, seed=7).split("\n\n")
    unzoned = [hands[i] for i in range(0, 300, 50)]
    data = "\n\n".join(hand.replace(" ET\n", "\n", 1) if hand in unzoned else hand for hand in hands).encode()
    fast, full = parse_bytes(data, "hands.txt"), parse_bytes(data, "hands.txt", lane=False)
    assert fast.count_lane >= 250 and full.count_lane == 0

    def clocks(result) -> dict[str, bool]:
        games = result.tables[("games", "holdem")]
        return dict(zip(games.column("game_id").to_pylist(), games.column("played_in_utc").to_pylist()))

    assert clocks(fast) == clocks(full)
    assert list(clocks(fast).values()).count(False) == len(unzoned) == 6



def test_the_day_played_and_the_season_are_the_utc_date_where_the_log_names_its_zone(tmp_path):
    # 31 December 2023 19:59 ET is Eastern standard time, UTC-5: 00:59 UTC on 1 January 2024. Without
    # its zone the header keeps 31 December. So one evening's two hands lie on two days, in two years.
    evening_et = (ET_HAND.replace("#250000000000", "#250000000011")
                  .replace("2024/01/02 3:04:05 ET", "2023/12/31 19:59:00 ET"))
    evening_as_written = (evening_et.replace("#250000000011", "#250000000012")
                          .replace("19:59:00 ET", "19:59:00"))
    assert evening_as_written != evening_et and "ET" not in evening_as_written.split("\n")[0]
    # the warehouse page's example: 20 January 2011 19:59 ET (UTC-5) is 00:59 UTC on 21 January
    page_example = (ET_HAND.replace("#250000000000", "#250000000013")
                    .replace("2024/01/02 3:04:05 ET", "2011/01/20 19:59:00 ET"))
    page = " ".join((Path(__file__).resolve().parents[1] / "docs" / "warehouse.md").read_text("utf-8").split())
    assert ("headed `2011/01/20 19:59:00 ET` is played at 00:59 UTC on 21 January: "
            "its `played_on` is 2011-01-21") in page
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "evening.txt").write_text("\n\n".join((evening_et, evening_as_written, page_example)), encoding="utf-8")
    summary = ingest([logs], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined) == (3, 0)
    new_year, old_year = date(2024, 1, 1), date(2023, 12, 31)
    with connect(tmp_path / "wh") as con:
        def days(sql: str) -> list[tuple]:
            return sorted(con.execute(sql).fetchall())

        assert days("select played_on, played_in_utc from hand_list where player = 'Anna'") == [
            (date(2011, 1, 21), True), (old_year, False), (new_year, True)]
        for mart, who in (("player_stats_holdem_by_day", "player"), ("player_results_by_day", "player"),
                          ("person_results_by_day", "person")):
            assert days(f"select played_on from {mart} where {who} = 'Anna' and year(played_on) > 2011") == [
                (old_year,), (new_year,)]
        # a sitting of each clock (as the other test's), each on its own start's day
        assert days("select played_on, played_in_utc from holdem_sessions where player = 'Anna' "
                    "and year(played_on) > 2011") == [
            (old_year, False), (new_year, True)]
        for kind, seasons in (("year", ["2023", "2024"]), ("quarter", ["2023-Q4", "2024-Q1"]),
                              ("month", ["2023-12", "2024-01"])):
            assert days(f"select season, count_games from leaderboard where player = 'Anna' "
                        f"and season_kind = '{kind}' and season >= '2023'") == [(season, 1) for season in seasons]


# -- the dashboards -----------------------------------------------------------------------------------

def page(root: Path, name: str) -> AppTest:
    from dashboards import queries

    queries.release()
    before = os.environ.get(queries.WAREHOUSE_ENV)
    os.environ[queries.WAREHOUSE_ENV] = str(root)
    try:
        at = AppTest.from_file(APP, default_timeout=60)
        at.run()
        at.switch_page(f"app_pages/{name}.py")
        at.run()
    finally:
        os.environ.pop(queries.WAREHOUSE_ENV)
        if before is not None:
            os.environ[queries.WAREHOUSE_ENV] = before
        queries.release()    # let go of the DuckDB file for whoever writes it next
    assert not at.exception, [e.value for e in at.exception]
    return at


def shown(at: AppTest) -> list[str]:
    """The times of the page's first table of games (a page's hands, or findings), as they read."""
    table = next(frame.value for frame in at.dataframe if "played_at" in frame.value.columns)
    return sorted(table["played_at"])


def test_dashboard_says_each_rows_clock(warehouse):
    hands = page(warehouse, "hands")
    assert hands.selectbox(key="hands_player").value == "Anna"
    assert shown(hands) == ["2024-01-02 03:04:05 (as logged)", "2024-01-02 08:04:05 UTC"]
    # the hand opened (the newest) is told below its box with its clock
    opened = [as_read(c.value) for c in hands.caption if as_read(c.value).startswith("2024-01-02")]
    assert opened and opened[0].startswith("2024-01-02 08:04:05 UTC — "), opened
    audit = page(warehouse, "audit")
    assert set(shown(audit)) == {"2026-12-05 19:30:00 (as logged)"}
    played = "**Played**  \n2026-12-05 19:30:00 (as logged)"     # the game opened below the findings
    assert played in "\n".join(as_read(m.value) for m in audit.markdown)


# -- a warehouse written before the column ------------------------------------------------------------

def test_an_older_warehouse_says_no_clock_until_its_games_are_judged_again(warehouse, tmp_path):
    old = tmp_path / "old"
    shutil.copytree(warehouse, old)
    games_stored_before(old, "played_in_utc")
    runner = CliRunner()
    built = runner.invoke(main, ["build-models", "--warehouse", str(old)])
    assert built.exit_code == 0, built.output
    # not "as written": the older Rasklad did not say, so neither does the warehouse
    assert stored(old) == {key: (at, None) for key, (at, _) in STORED.items()}
    assert shown(page(old, "hands")) == [
        "2024-01-02 03:04:05 (UTC or as logged)", "2024-01-02 08:04:05 (UTC or as logged)"]
    audit = page(old, "audit")
    assert shown(audit) == ["2026-12-05 19:30:00 (UTC or as logged)"]
    # the game opened below: its kept text, read again, tells its clock
    assert "**Played**  \n2026-12-05 19:30:00 (as logged)" in "\n".join(as_read(m.value) for m in audit.markdown)
    overview = page(old, "overview")
    assert any("run `rasklad reaudit`" in warning.value for warning in overview.warning)
    judged = runner.invoke(main, ["reaudit", "--warehouse", str(old)])
    assert judged.exit_code == 0, judged.output
    assert stored(old) == STORED
    assert stored(old, "hand_list") == HANDS


def test_models_an_older_rasklad_built_show_the_hands_without_a_clock(warehouse, tmp_path):
    # its hand_list lacks the column until the next ingest or build-models: the page still runs
    old = tmp_path / "old"
    shutil.copytree(warehouse, old)
    for name in ("rasklad.duckdb", "rasklad.duckdb.standby"):
        if (old / name).exists():
            with duckdb.connect(str(old / name)) as con:
                for mart in ("hand_list", "holdem_sessions"):
                    con.execute(f"alter table {mart} drop column played_in_utc")
                con.execute("checkpoint")
    assert shown(page(old, "hands")) == [
        "2024-01-02 03:04:05 (UTC or as logged)", "2024-01-02 08:04:05 (UTC or as logged)"]
    page(old, "reports")    # its sittings too
