"""A client that crashed mid-line, then wrote on (parsers/source.py, parsers/formats.py): the next
hand's header stands on the cut line, after the fragment or a block of NUL bytes."""

from __future__ import annotations

import re

import pytest

from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.source import decode, split
from pipeline.audit import audit_chunk
from tests.conftest import corpus

BOM = b"\xef\xbb\xbf"


def _windows_hands() -> list[str]:
    """The hands of a real PokerStars cash file, each with CRLF line ends, as the Windows client writes them."""
    text = corpus("pokerstars", "fpdb-cash", "Flop", "NLHE-6max-USD-0.05-0.10-200911.txt").read_bytes().decode("utf-8-sig")
    return [hand.strip("\n").replace("\n", "\r\n") for hand in re.split(r"\n\s*\n(?=PokerStars Game)", text)]


def _block(hands: list[str]) -> bytes:
    return "".join(hand + "\r\n" * 4 for hand in hands).encode()


@pytest.mark.parametrize("nuls", [0, 300])
def test_a_hand_written_after_a_crash_cut_line_is_stored_and_the_fragment_quarantined_alone(nuls):
    hands = _windows_hands()
    cut = hands[3].encode()[:200]        # hand 4, cut by the crash inside one of its seat lines
    data = BOM + _block(hands[:3]) + cut + b"\x00" * nuls + _block(hands[4:8])
    fragment = cut.decode().split("\r\n")[-1]
    cut_line = _block(hands[:3]).count(b"\n") + cut.count(b"\n") + 1

    chunks = split(decode(data))
    assert [chunk.format for chunk in chunks] == ["pokerstars"] * 8
    torn, after = chunks[3], chunks[4]
    assert (torn.last_line, torn.lines[-1]) == (cut_line, fragment)
    assert (after.first_line, after.first_column) == (cut_line, len(fragment) + nuls + 1)
    assert after.lines[0] == hands[4].split("\r\n")[0].rstrip()
    assert after.last_line == cut_line + hands[4].count("\n")

    audited = [audit_chunk(chunk, "t.txt") for chunk in chunks]
    assert [a.error is None for a in audited] == [True, True, True, False, True, True, True, True]
    assert audited[3].error_line == cut_line
    # the seven whole hands are the games of the same hands written without a crash
    whole = [c.game_id for c in split(decode(BOM + _block(hands[:3] + hands[4:8])))]
    assert [c.game_id for k, c in enumerate(chunks) if k != 3] == whole


def _header_error(text: str) -> tuple[int, int]:
    (chunk,) = [chunk for chunk in split(text) if chunk.format == "pokerstars" and chunk.lines[0].startswith("Poker")
                and "Omaha" in chunk.lines[0]]
    with pytest.raises(ParseError) as caught:
        parse_chunk(chunk, "t.txt")
    return caught.value.line, caught.value.column


def test_a_fault_in_a_header_after_a_fragment_is_cited_at_its_column_in_the_file():
    omaha = "PokerStars Hand #7: Omaha Pot Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET\nTable 'T' 6-max Seat #1 is the button"
    line, column = _header_error("x\n\n" + omaha)
    fragment = "Seat 2: Boris ($10"
    assert _header_error("x\n\n" + fragment + omaha) == (line, column + len(fragment))


def test_header_words_in_a_chat_line_or_without_the_rest_of_a_header_open_no_game():
    hand = ("PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET\n"
            "Table 'T' 6-max Seat #1 is the button\nSeat 1: Anna ($100 in chips)\nSeat 2: Boris ($100 in chips)\n"
            "Anna: posts small blind $1\nBoris: posts big blind $2\n*** HOLE CARDS ***\n{chat}\nAnna: folds\n"
            "Uncalled bet ($1) returned to Boris\nBoris collected $2 from pot\n*** SUMMARY ***\n"
            "Total pot $2 | Rake $0\nSeat 1: Anna (button) (small blind) folded before Flop\n"
            "Seat 2: Boris (big blind) collected ($2)")
    for chat in ('Anna said, "PokerStars Hand #2: Hold\'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET"',
                 'Anna said, "see PokerStars Hand #2: gg"'):
        chunks = split(hand.format(chat=chat))
        assert [(chunk.first_line, chunk.last_line) for chunk in chunks] == [(1, 15)]
        assert audit_chunk(chunks[0], "t.txt").error is None



@pytest.mark.parametrize("end", [b"\x1a", b"\r\n\r\n\x1a"])
def test_a_dos_end_of_file_mark_after_the_last_hand_is_no_text_and_the_hand_is_stored(end):
    # Windows' copy a.txt+b.txt writes 0x1A after the text: after a last line with no line break
    # the hand was called cut in that line; on a line of its own it was a text of no known format
    from pipeline.audit import audit_bytes

    hands = _windows_hands()
    data = BOM + _block(hands[:4]) + hands[4].encode() + end
    audited = audit_bytes(data, "all.txt")
    assert [a.error for a in audited] == [None] * 5
    last_line = _block(hands[:4]).count(b"\n") + hands[4].count("\n") + 1
    assert (audited[-1].chunk.last_line, audited[-1].chunk.lines[-1]) == (last_line, hands[4].split("\r\n")[-1])


@pytest.mark.parametrize("begun", ["P", "PokerStars", "PokerStars Gam"])
def test_a_header_the_file_cuts_in_its_first_characters_is_a_hand_the_file_ends_inside(begun):
    from pipeline.audit import audit_bytes

    hands = _windows_hands()
    data = BOM + _block(hands[:5]) + begun.encode()
    line = _block(hands[:5]).count(b"\n") + 1
    *whole, cut = audit_bytes(data, "t.txt")
    assert [a.error for a in whole] == [None] * 5
    assert (cut.error, cut.error_line, cut.error_column) == (
        f"the file ends inside this hand, in the middle of line {line} (after column {len(begun)})", line, len(begun) + 1)


def test_text_at_a_files_end_that_begins_no_header_is_still_text_of_no_known_format():
    from pipeline.audit import audit_bytes

    *_, cut = audit_bytes(BOM + _block(_windows_hands()[:1]) + b"Hello, Bob", "t.txt")
    assert cut.error.startswith("text is not a game of any known format")

def test_a_quarantined_text_superseded_before_that_comes_back_is_said_to_be_back_in_quarantine(tmp_path):
    from tests.test_forget_again import NIGHT, run

    night, root = tmp_path / "night.txt", tmp_path / "wh"
    cut = NIGHT[:NIGHT.index("Vera: back") + len("Vera: back [As Ad")]      # a hand the writer has not finished
    for text, stored, quarantined in ((cut, 0, 1), (NIGHT, 1, 0), (cut, 0, 1)):
        night.write_text(text, encoding="utf-8")
        out = run("ingest", str(night), "-w", str(root), "-j", "1").output
        assert f"{stored} game{'' if stored == 1 else 's'} stored" in out and f"{quarantined} quarantined" in out, out
    # the cut text went to the table superseded when the whole hand was read, and is read again now
    assert "  1 quarantined text superseded before is back in quarantine: a file read holds it" in out, out
    assert "game superseded before is back" not in out, out


def test_a_file_grown_after_a_hand_written_on_a_crash_cut_line_is_read_on_as_a_whole_read_reads_it(tmp_path):
    # the next read starts at the last game's line: from the cut line's start, the fragment alone
    # was a text of no known format, quarantined at every later ingest
    from tests.test_forget_again import query, run

    hands = _windows_hands()
    log, root = tmp_path / "t.txt", tmp_path / "wh"
    cut = hands[3].encode()[:200]
    log.write_bytes(BOM + _block(hands[:3]) + cut + _block(hands[4:5]))
    first = run("ingest", str(log), "-w", str(root), "-j", "1").output
    assert "4 games stored" in first and "1 quarantined" in first, first
    log.write_bytes(log.read_bytes() + _block(hands[5:8]))
    grown = run("ingest", str(log), "-w", str(root), "-j", "1").output
    assert "1 grown" in grown and "3 games stored" in grown and "0 quarantined" in grown, grown
    cut_line = _block(hands[:3]).count(b"\n") + cut.count(b"\n") + 1
    assert query(root, "select count(*) from games") == [(7,)]
    assert query(root, "select first_line, last_line from quarantine") == [(cut_line - cut.count(b"\n"), cut_line)]


@pytest.mark.parametrize(("game", "nuls"), [("Hold'em No Limit", 0), ("Omaha Pot Limit", 7)])
def test_a_reaudit_judges_the_games_on_a_crash_cut_line_as_the_ingest_did(tmp_path, game, nuls):
    # each keeps the cut line whole: split again, the fragment before the header (or the header
    # after it) was judged as one more game, and the column of a fault in the header was lost
    from pipeline.ingest import ingest
    from pipeline.reaudit import reaudit
    from pipeline.warehouse import Warehouse
    from tests.test_forget_again import query
    from tests.test_reaudit import judged_by_old_rules

    hands = _windows_hands()
    after = hands[4].replace("Hold'em No Limit", game, 1)
    cut = hands[3].encode()[:200]
    logs, root = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    (logs / "t.txt").write_bytes(BOM + _block(hands[:3]) + cut + b"\x00" * nuls + _block([after] + hands[5:8]))
    cut_line = _block(hands[:3]).count(b"\n") + cut.count(b"\n") + 1
    with pytest.MonkeyPatch.context() as monkeypatch:
        judged_by_old_rules(monkeypatch)
        ingest([logs], root, jobs=1)
    rows = ('select quarantine_id, first_line, last_line, line, "column", error from quarantine order by first_line',
            "select game_id, first_line, last_line from games order by first_line")
    ingested = [query(root, sql) for sql in rows]
    torn, *header_fault = ingested[0]
    assert torn[1:5] == (cut_line - cut.count(b"\n"), cut_line, cut_line, 1)
    if game.startswith("Omaha"):      # cited at the game's name in the header, counted from the line's start
        column = len(cut.decode().split("\r\n")[-1]) + nuls + after.index("Omaha") + 1
        assert [row[1:5] for row in header_fault] == [(cut_line, cut_line + after.count("\n"), cut_line, column)]
    with Warehouse(root).open() as store:
        summary = reaudit(store, jobs=1)
    assert summary.judged == 8 and (summary.games, summary.quarantined) == (8 - len(ingested[0]), len(ingested[0]))
    assert [query(root, sql) for sql in rows] == ingested


def test_a_reaudit_judges_a_kept_text_of_one_cut_line_as_the_ingest_did(tmp_path):
    # a fragment that opens the file, a hand's header after it, and at the file's end a header
    # alone written on a cut line: the fragment's text and that header's are each the one cut line,
    # which holds both games; judged whole, each read as two and the re-audit found one game more
    from pipeline.ingest import ingest
    from pipeline.reaudit import reaudit
    from pipeline.warehouse import Warehouse
    from tests.test_forget_again import query
    from tests.test_reaudit import judged_by_old_rules

    hands = _windows_hands()
    cut = hands[5].encode()[:200]
    header = hands[6].split("\r\n")[0]
    logs, root = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    (logs / "t.txt").write_bytes(b"Seat 2: Vera ($4.1" + _block(hands[4:5]) + cut + header.encode() + b"\r\n")
    last_line = _block(hands[4:5]).count(b"\n") + cut.count(b"\n") + 1
    with pytest.MonkeyPatch.context() as monkeypatch:
        judged_by_old_rules(monkeypatch)
        ingest([logs], root, jobs=1)
    rows = ('select quarantine_id, first_line, last_line, line, "column" from quarantine order by first_line, "column"',
            "select game_id, first_line, last_line from games order by first_line")
    ingested = [query(root, sql) for sql in rows]
    # the fragment (line 1), the torn hand (to the last line) and the header alone on that line
    assert [row[1:4] for row in ingested[0]] == [(1, 1, 1), (last_line - cut.count(b"\n"), last_line, last_line),
                                                 (last_line, last_line, last_line)]
    assert [row[1:] for row in ingested[1]] == [(1, hands[4].count("\n") + 1)]
    with Warehouse(root).open() as store:
        summary = reaudit(store, jobs=1)
    assert (summary.judged, summary.games, summary.quarantined) == (4, 1, 3)
    assert [query(root, sql) for sql in rows] == ingested
