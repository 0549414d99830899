"""PokerStars tournament summaries damaged or cut: real summaries, edited into a folder of the test's
own, are quarantined at the line and column of the damage with a reason in words, never stored
with a figure read in part (a prize "of unknown value", the digits before a bad character)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tests.conftest import CORPORA

D = Decimal
STARS = CORPORA / "summaries" / "Stars"
AMOUNT_WORDS = ("expected digits with at most one decimal point, two decimals at most, and thousands grouped by "
                "commas, such as $1,234.50")


def ingest_edited(tmp_path: Path, name: str, old: bytes = b"", new: bytes = b"", *, cut_after: bytes = b"",
                  room: Path = STARS) -> Path:
    """The real summary ``name`` (of ``room``'s folder) with ``old`` written ``new`` (once), ingested
    into a warehouse of its own; with ``cut_after`` the file ends right after it, no line break, as
    an interrupted download leaves it."""
    source = room / name
    if not source.exists():
        pytest.skip(f"the summaries corpus is not here ({source})")
    from pipeline.ingest import ingest

    data = source.read_bytes()
    if old:
        assert data.count(old) == 1
        data = data.replace(old, new)
    if cut_after:
        assert data.count(cut_after) == 1
        data = data[:data.index(cut_after) + len(cut_after)]
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / name).write_bytes(data)
    ingest([folder], tmp_path / "warehouse", jobs=1)
    return tmp_path / "warehouse"


def rows(root: Path, sql: str) -> list[tuple]:
    from pipeline.warehouse import connect

    with connect(root) as con:
        return con.execute(sql).fetchall()


def quarantined(root: Path) -> list[tuple]:
    return rows(root, 'select line, "column", error from quarantine')


def stored(root: Path) -> int:
    return rows(root, "select count(*) from games")[0][0]


PRIZE_WORDS = "expected a prize like $3.00 (100%), or one in another unit (25,750 FPP, a ticket), found "


@pytest.mark.parametrize(("old", "new", "line", "column", "found"), [
    # "  1: freddie10248 (United Kingdom), $3.00 (100%)": the prize starts after 36 characters
    (b"$3.00 (100%)", b"$3.O0 (100%)", 7, 37, "'$3.O0 (100%)'"),
    # "  3: TommyD38 (Germany)," ends after 24 characters; "=20" is a mail's coded blank
    (b"TommyD38 (Germany),", b"TommyD38 (Germany),=20", 9, 25,
     "'=20' (the quoted-printable coding of an e-mail: save the letter as text to read it)"),
])
def test_text_after_an_entry_that_is_no_prize_is_refused_at_its_column(tmp_path, old, new, line, column, found):
    """It was a prize of unknown value: the entry in the money, the tournament out of the ROI."""
    root = ingest_edited(tmp_path, "6+Holdem-3max-STT-USD-1.00-201907.txt", old, new)
    assert stored(root) == 0
    assert quarantined(root) == [(line, column, PRIZE_WORDS + found)]


def test_a_bounties_total_not_written_whole_is_refused_not_read_up_to_its_bad_character(tmp_path):
    """'USD 87S.00' was read as 87.00. Line 1276: 'You collected 5 bounties for a total of USD ' is 44
    characters long."""
    root = ingest_edited(tmp_path, "NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt", b"USD 875.00", b"USD 87S.00")
    assert stored(root) == 0
    assert quarantined(root) == [(1276, 45, f"'87S.00' is not an amount: {AMOUNT_WORDS}")]


def test_a_rebuy_total_that_is_no_amount_is_refused_at_its_line_and_column_in_words(tmp_path):
    """It was an internal error (ValueError) at line 1, column 1. Line 247: 'You made 5 rebuys and 1
    addons for a total of USD ' is 50 characters long."""
    root = ingest_edited(tmp_path, "PLO-MTT-USD-505-25-202005.rebuy.addon.txt", b"USD 3,180.00", b"USD 3,18O.00")
    assert stored(root) == 0
    assert quarantined(root) == [(247, 51, f"'3,18O.00' is not an amount: {AMOUNT_WORDS}")]


def test_a_prize_pool_in_another_unit_than_the_buy_ins_is_no_amount_of_it(tmp_path):
    """Both summaries of tournament 783127276 say 'Buy-In: 100 FPP'. The one written while it ran says
    'Total Prize Pool: 3600 FPP' (36 players × 100 FPP); the one at its end, '$55.00 USD': dollars,
    which were stored as 55.00 FPP."""
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("NLHE-MTT-FPP-100-201309.Finished.Super.Satellite.txt",
                 "NLHE-MTT-FPP-100-201309.Still.Playing.Super.Satellite.txt"):
        if not (STARS / name).exists():
            pytest.skip(f"the summaries corpus is not here ({STARS})")
        (folder / name).write_bytes((STARS / name).read_bytes())
    from pipeline.ingest import ingest

    ingest([folder], tmp_path / "warehouse", jobs=1)
    pools = rows(tmp_path / "warehouse", "select distinct regexp_extract(g.source_file, '[A-Z][a-z]+[.]Playing|Finished'), "
                                         "t.currency, t.prize_pool from tournament_results t join games g using (game_id) "
                                         "order by 1")
    assert pools == [("Finished", "FPP", None), ("Still.Playing", "FPP", D("3600.00"))]


KNOCKOUT = "NLHE-MTT-USD-250-250-30-202005.reentry.ko.txt"
SIX_PLUS = "6+Holdem-3max-STT-USD-1.00-201907.txt"


@pytest.mark.parametrize(("name", "cut_after", "line", "column"), [
    # the lines as the file writes them, cut: "  1: freddie10248 (United Kingdom), $3." is 39 characters
    (SIX_PLUS, b"(United Kingdom), $3.", 7, 39),
    (SIX_PLUS, b"You finished in 1", 11, 17),       # the holder's place: "1st" cut
    (KNOCKOUT, b"You made 1", 1274, 10),            # his re-entry
    # lines that read, cut: a buy-in of $0.92 + $0 with no entry, bounties of USD 87 for 875.00
    (SIX_PLUS, b"Buy-In: $0.92/$0", 2, 16),
    (KNOCKOUT, b"bounties for a total of USD 87", 1276, 46),
])
def test_a_summary_its_file_ends_inside_a_line_of_is_quarantined_at_the_files_end(tmp_path, name, cut_after, line,
                                                                                    column):
    """Each was stored as if whole: no holder, his prize of unknown value, no entries, bounties 87."""
    root = ingest_edited(tmp_path, name, cut_after=cut_after)
    assert stored(root) == 0
    assert quarantined(root) == [
        (line, column + 1, f"the file ends inside this hand, in the middle of line {line} (after column {column})")]


@pytest.mark.parametrize(("room", "name", "cut_after", "line", "column"), [
    # 888poker's "Hero finished 7/254 and won $50.80": a prize of $5, then a field of 25 and no prize
    ("PacificPoker", "NLHE-USD-MTT-5-201111.cashed.txt", b"Hero finished 7/254 and won $5", 4, 30),
    ("PacificPoker", "NLHE-USD-MTT-5-201111.cashed.txt", b"Hero finished 7/25", 4, 18),
    # Winamax's "You won 0.92\u20ac" (Windows-1252): a prize of 0.9, each character a column
    ("Winamax", "NLHE-EUR-0.46-STT-201110.hero.cashed.txt", b"You won 0.9", 9, 11),
])
def test_the_other_rooms_summaries_cut_inside_a_line_that_reads_are_quarantined_too(tmp_path, room, name, cut_after,
                                                                                   line, column):
    """A cut figure of theirs read as a whole one: a prize of $5.00 for $50.80, a field of 25."""
    root = ingest_edited(tmp_path, name, cut_after=cut_after, room=CORPORA / "summaries" / room)
    assert stored(root) == 0
    assert quarantined(root) == [
        (line, column + 1, f"the file ends inside this hand, in the middle of line {line} (after column {column})")]


def test_a_holders_place_not_written_whole_is_refused_not_left_out(tmp_path):
    """'You finished in 1 place' gave the summary no holder at all: freddie10248, 1st, was no one's."""
    root = ingest_edited(tmp_path, SIX_PLUS, b"You finished in 1st place", b"You finished in 1 place")
    assert stored(root) == 0
    assert quarantined(root) == [(11, 1, "expected a line like 'You finished in 2nd place.', found "
                                         "'You finished in 1 place (eliminated at hand #202860360641).'")]
