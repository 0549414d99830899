"""Two names that print alike are told apart wherever a user reads them, as one set of the warehouse's
names decides (dashboards.queries.names_alike, pipeline.names): `ВОВА` (Cyrillic) beside a stored `BOBA`
(Latin) reads `'ВОВА' (Cyrillic letters)`, `Aнна` (a Latin A) `'Aнна' (A is Latin)`, on the command
line as on the dashboards; names that only sound alike (`Анна` and `Anna`, `Иван` and `Ivan`) read as
they are."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from dashboards import queries
from pipeline.cli import main
from pipeline.ingest import ingest
from tests.formats_examples import CHINESE, RASPISNOY_LOG
from tests.test_dashboards_apptest import opened_at, page
from tests.test_names_unicode import shown_text

VOVA, BOBA = "\u0412\u041e\u0412\u0410", "BOBA"     # all Cyrillic, all Latin: printed alike
LATIN_A_ANNA, ANNA = "A\u043d\u043d\u0430", "\u0410\u043d\u043d\u0430"    # a Latin A first; all Cyrillic
VOVA_MARKED, BOBA_MARKED = "'ВОВА' (Cyrillic letters)", "'BOBA' (Latin letters)"
LATIN_A_MARKED = "'Aнна' (A is Latin)"
PLAIN = [ANNA, "Anna", "Иван", "Ivan"]


def renamed(text: str, hand: str, names: tuple[str, str, str]) -> str:
    """A docs example with its game ID and its players Anna, Boris and Vera renamed."""
    for old, new in zip(("Anna", "Boris", "Vera"), names, strict=True):
        text = text.replace(old, new)
    return text.replace("C-1001", hand)


@pytest.fixture(scope="module")
def twins(tmp_path_factory):
    """A warehouse of three Chinese poker hands: ВОВА, BOBA and Aнна at one, Анна, Иван and Ivan at
    another, Anna, Иван and Ivan at the third."""
    folder = tmp_path_factory.mktemp("twins")
    for hand, names in (("T-1", (VOVA, BOBA, LATIN_A_ANNA)), ("T-2", (ANNA, "Иван", "Ivan")),
                        ("T-3", ("Anna", "Иван", "Ivan"))):
        (folder / f"{hand}.txt").write_text(renamed(CHINESE, hand, names), encoding="utf-8")
    summary = ingest(sorted(folder.glob("*.txt")), folder / "w", jobs=1)
    assert (summary.games, summary.quarantined) == (3, 0)
    return folder / "w"


@pytest.fixture
def served(twins, monkeypatch):
    monkeypatch.setenv(queries.WAREHOUSE_ENV, str(twins))
    yield twins
    queries.release()   # AppTest ran in this process: let go of the DuckDB file


def blocks(output: str, column: str) -> list[str]:
    """The values of ``column`` in a table printed as blocks of ``column: value`` lines (a narrow terminal)."""
    return re.findall(rf"^{column}:\s+(.*)$", output, re.MULTILINE)


def test_stats_marks_a_player_whose_name_prints_as_another_stored_one_and_no_other(twins):
    shown = CliRunner().invoke(main, ["stats", "-w", str(twins), "--game", "chinese"], env={"COLUMNS": "90"})
    assert shown.exit_code == 0, shown.output
    assert sorted(blocks(shown.output, "player")) == sorted([VOVA_MARKED, BOBA_MARKED, LATIN_A_MARKED, *PLAIN])
    # JSON keeps each name as stored, for a program to read
    as_json = CliRunner().invoke(main, ["stats", "-w", str(twins), "--game", "chinese", "--json"])
    assert {VOVA, BOBA, LATIN_A_ANNA} <= set(re.findall(r'"player": "([^"]*)"', as_json.output.encode().decode(
        "unicode_escape")))


def test_alias_list_marks_the_persons_and_names_that_print_as_another_stored_one(twins):
    listed = CliRunner().invoke(main, ["alias", "-w", str(twins), "--list"], env={"COLUMNS": "90"})
    assert listed.exit_code == 0, listed.output
    people = dict(zip(blocks(listed.output, "person"), blocks(listed.output, "names"), strict=True))
    assert people == {VOVA_MARKED: VOVA_MARKED, BOBA_MARKED: BOBA_MARKED, LATIN_A_MARKED: LATIN_A_MARKED,
                      **{name: name for name in PLAIN}}
    # the names a link joins, said and listed as the lists show them, in the order of the names
    linked = CliRunner().invoke(main, ["alias", "-w", str(twins), "Vova", VOVA, BOBA])
    assert linked.exit_code == 0, linked.output
    assert linked.output.splitlines()[-1] == f"Vova: {BOBA_MARKED}, Vova, {VOVA_MARKED}"
    listed = CliRunner().invoke(main, ["alias", "-w", str(twins), "--list"], env={"COLUMNS": "90"})
    people = dict(zip(blocks(listed.output, "person"), blocks(listed.output, "names"), strict=True))
    assert people["Vova"] == f"{BOBA_MARKED}, Vova, {VOVA_MARKED}"
    assert CliRunner().invoke(main, ["alias", "-w", str(twins), "--remove", "Vova"]).exit_code == 0


def test_the_player_pages_did_you_mean_marks_a_name_that_prints_as_another(served):
    at = opened_at("player", {"player": "BOBAN"})
    assert [shown_text(error.value) for error in at.error] == [
        f"No stored game has a player 'BOBAN'. Did you mean {BOBA_MARKED}? Choose a player below."]
    at = opened_at("player", {"player": "Анна1"})
    assert [shown_text(error.value) for error in at.error] == [
        f"No stored game has a player 'Анна1'. Did you mean '{ANNA}' or {LATIN_A_MARKED}? Choose a player below."]


def test_a_checked_games_replay_marks_a_name_that_prints_as_a_stored_one_in_its_caption(served):
    at = page("check")
    at.text_area(key="check_text").set_value(renamed(RASPISNOY_LOG, "", (VOVA, LATIN_A_ANNA, ANNA))).run()
    at.button(key="check_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    (caption,) = [shown_text(caption.value) for caption in at.caption if "deal by" in caption.value]
    # ВОВА prints as the stored BOBA, which this game does not hold; Анна prints as no stored name
    assert caption == (f"Step 1 of 5, line 8: deal by {VOVA_MARKED}, trump 9♥; "
                       f"bids {LATIN_A_MARKED} 1, {ANNA} 0, {VOVA_MARKED} 1")
