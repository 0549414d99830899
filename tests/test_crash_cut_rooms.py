"""A client of 888poker, PartyPoker or the Winning Poker Network that crashed mid-line, then wrote
on: the next hand's whole header line stands on the cut line, after the fragment (parsers/formats.py
``header_line_rest``; PokerStars and the other rooms in tests/test_crash_cut_lines.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.source import decode, split
from tests.conftest import corpus
from tests.test_forget_again import query, run


def _text(*path: str) -> str:
    return decode(corpus("rooms", *path).read_bytes()).replace("\r\n", "\n").replace("\r", "\n")


def _between(text: str, start: str, end: str | None = None) -> str:
    """The hand of ``text`` from its line ``start`` up to ``end`` (or the text's end), without blank lines around it."""
    begin = text.index(start)
    return text[begin:text.index(end, begin) if end else None].strip("\n\x00")


def _crash(tmp_path, torn: str, cut_after: str, whole: str, *, encoding: str = "utf-8", rules: tuple = ()):
    """Ingest a file holding ``torn`` cut by a crash right after ``cut_after`` (inside one of its
    lines), then ``whole`` written on the same line. Returns the cut line, the fragment on it, the
    stored nets by player and the quarantine's rows."""
    torn = torn[:torn.index(cut_after) + len(cut_after)]
    log, root = tmp_path / "crash.txt", tmp_path / "wh"
    log.write_bytes((torn + whole + "\n").encode(encoding))
    cut_line, fragment = torn.count("\n") + 1, torn.split("\n")[-1]
    (after,) = [chunk for chunk in split(decode(log.read_bytes())) if chunk.first_line == cut_line and chunk.format]
    assert (after.first_column, after.lines[0]) == (len(fragment) + 1, whole.split("\n")[0])
    out = run("ingest", str(log), "-w", str(root), "-j", "1", *rules).output
    assert "1 game stored" in out and "1 quarantined" in out, out
    assert query(root, "select source_file, first_line, last_line from games") == [
        (str(log), cut_line, cut_line + whole.count("\n"))]
    nets = dict(query(root, "select player, net from game_players"))
    quarantined = query(root, 'select source_file, first_line, last_line, line, "column", error from quarantine')
    return cut_line, fragment, nets, quarantined


def _cited_at_the_fragment(quarantined, cut_line: int, fragment: str) -> None:
    """The torn hand is quarantined alone, at its cut line's first column, quoting the fragment without the hand after it."""
    ((file, first, last, line, column, error),) = quarantined
    assert (file.rsplit("/", 1)[-1], first, last, line, column) == ("crash.txt", 1, cut_line, cut_line, 1)
    assert f"cannot read '{fragment}'" in error, error


def test_an_888poker_hand_written_after_a_crash_cut_line_is_stored(tmp_path):
    text = _text("PacificPoker", "Flop", "888-NLH-USD-0.01-0.02.txt")
    torn = _between(text, "***** Cassava Hand History for Game 79911427", "#Game No : 79911607")
    whole = _between(text, "***** Cassava Hand History for Game 79911308", "#Game No : 79911427")
    cut_line, fragment, nets, quarantined = _crash(tmp_path, torn, "Seat 4: Jfaw14 ( $0.9", whole)
    assert fragment == "Seat 4: Jfaw14 ( $0.9"
    # spywebs calls 0.02, bets 0.07 and collects 0.20 (0.21 in the pot, 0.01 raked); LILLER1969,
    # the big blind, checks and calls 0.07; Jfaw14 calls 0.02 and folds; bocce09's small blind
    assert nets == {"spywebs": Decimal("0.11"), "LILLER1969": Decimal("-0.09"), "Jfaw14": Decimal("-0.02"),
                    "bocce09": Decimal("-0.01"), "Bluvertje": 0, "88Ozzie88": 0}
    _cited_at_the_fragment(quarantined, cut_line, fragment)


def test_a_partypoker_hand_written_after_a_crash_cut_line_is_stored(tmp_path):
    torn = _between(_text("PartyPoker", "Flop", "NLHE-USD-6max-0.02-0.04-201205.new.table.format.txt"),
                    "***** Hand History for Game 11751360548")
    whole = _between(_text("PartyPoker", "Flop", "NLHE-USD-0.01-0.02-201008.Sample.txt"),
                     "***** Hand History for Game 9582251255")
    cut_line, fragment, nets, quarantined = _crash(tmp_path, torn, "Seat 3: Player5 ( $4", whole)
    # Tortozendo raises to 0.08 and folds to the flop bet; suicini03 and Hero put 0.08, 0.10 and
    # 0.12 each; suicini03 wins 0.65 of the 0.68 (0.03 raked); romkarnb, seated, has no line in the hand
    assert nets == {"suicini03": Decimal("0.35"), "Hero": Decimal("-0.30"), "Tortozendo": Decimal("-0.08"),
                    "Lisypoker": 0, "potikuus": 0}
    _cited_at_the_fragment(quarantined, cut_line, fragment)


def test_a_winning_hand_written_after_a_crash_cut_line_is_stored(tmp_path):
    torn = _text("Winning", "NLHE-6max-USD-0.05-0.10-201906.RUSHID-TN-Blitz Poker GAMETYPE.txt").strip("\n")
    whole = _text("Winning", "NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar (Cap) GAMETYPE.txt").strip("\n")
    cut_after = torn.split("\n")[3][:12]        # the hand's second seat line, cut
    cut_line, fragment, nets, quarantined = _crash(tmp_path, torn, cut_after, whole)
    assert cut_line == 4
    # IrishPimp2233 raises to 0.05 and caps the flop at 0.55, ccZORBAcc (big blind) calls it all and
    # wins the 1.19 left of 1.25 (0.04 rake, 0.02 jackpot fee); Papabear2016 calls 0.05 and folds
    assert nets == {"ccZORBAcc": Decimal("0.59"), "IrishPimp2233": Decimal("-0.60"),
                    "Papabear2016": Decimal("-0.05"), "Itspinkynigga": 0}
    _cited_at_the_fragment(quarantined, cut_line, fragment)


def test_a_winning_older_text_hand_written_after_a_crash_cut_line_is_stored(tmp_path):
    # the older text comes in UTF-16, each line followed by a blank one
    text = _text("Winning", "NLHE-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt")
    torn = _between(text, "Game started at: 2016/8/8 16:39:55")
    whole = _between(text, "Game started at: 2016/8/8 16:39:21", "Game started at: 2016/8/8 16:39:55")
    cut_line, fragment, nets, quarantined = _crash(tmp_path, torn, "Seat 2: armyvisayan (0.", whole,
                                                   encoding="utf-16", rules=("--rules", "room Winning: no_limit"))
    assert cut_line == 9
    # armyvisayan raises to 0.06, calls 0.02 on the turn and folds to the river bet; ChazDazzle,
    # the big blind, put as much and takes the 0.17 pot (no rake); MosarP73's small blind
    assert nets == {"ChazDazzle": Decimal("0.09"), "armyvisayan": Decimal("-0.08"), "MosarP73": Decimal("-0.01"),
                    "STACKS5143": 0}
    _cited_at_the_fragment(quarantined, cut_line, fragment)


def test_a_winning_seat_line_cut_by_a_crash_is_told_as_unreadable_not_as_a_summary_out_of_place(tmp_path):
    # Winning's summary reads any 'Seat N: …' line, so the fragment 'Seat 4: Player2 ($5' reads as one:
    # the hand was torn in its seat lines, and no '*** SUMMARY ***' line is missing before it
    hand = _text("Winning", "Flop", "NLHE-9max-USD-0.02-0.05-202104.walk.txt").strip("\n")
    first, torn, after = (hand.replace("784373412", number) for number in ("784373401", "784373402", "784373403"))
    assert hand.count("\n") == 32 and hand.split("\n")[5] == "Seat 4: Player2 ($5.00)"
    torn = torn[:torn.index("Seat 4: Player2 ($5") + len("Seat 4: Player2 ($5")]
    log, root = tmp_path / "cut.txt", tmp_path / "wh"
    log.write_bytes((first + "\n\n" + torn + "\x00" * 4 + after + "\n").encode())
    out = run("ingest", str(log), "-w", str(root), "-j", "1").output
    assert "2 games stored" in out and "1 quarantined" in out, out
    # the first hand is lines 1-33, a blank line, the torn one from line 35: its sixth line, 40, is cut
    # (the header at 35, the table line, then seats 1 to 4); the third hand starts on it, 33 lines
    unread = ("cannot read 'Seat 4: Player2 ($5': expected a seat, a post, an action (folds, checks, calls, bets, "
              "raises, caps), a street line like '*** FLOP *** […]', a show, a collect or a summary line")
    assert query(root, 'select first_line, last_line, line, "column", error from quarantine') == [
        (35, 40, 40, 1, unread)]
    assert query(root, "select first_line, last_line from games order by 1") == [(1, 33), (40, 72)]


def _client_line_crash(tmp_path, torn: str, cut_after: str, whole: str) -> tuple[str, int, str]:
    """A file holding ``torn`` cut by a crash right after ``cut_after``, then ``whole`` (a hand that
    opens with the lines the client writes before its header) written on from the cut. Returns
    the file's text, the cut line and the fragment on it."""
    torn = torn[:torn.index(cut_after) + len(cut_after)]
    log = tmp_path / "crash.txt"
    log.write_bytes((torn + whole + "\n").encode())
    return log.read_text(), torn.count("\n") + 1, torn.split("\n")[-1]


def test_an_888poker_hand_whose_game_number_line_stands_on_a_crash_cut_line_is_its_own_game(tmp_path):
    # the restarted client wrote '#Game No : 79911308' after the fragment, its header on the next
    # line: that line belongs to the next hand, not to the torn one (its fragment alone is unread)
    text = _text("PacificPoker", "Flop", "888-NLH-USD-0.01-0.02.txt")
    torn = _between(text, "***** Cassava Hand History for Game 79911427", "#Game No : 79911607")
    whole = _between(text, "#Game No : 79911308", "#Game No : 79911427")
    laid, cut_line, fragment = _client_line_crash(tmp_path, torn, "Seat 4: Jfaw14 ( $0.9", whole)
    assert fragment == "Seat 4: Jfaw14 ( $0.9"
    torn_chunk, after = split(laid)
    assert (torn_chunk.last_line, torn_chunk.lines[-1], torn_chunk.cut_by_crash) == (cut_line, fragment, True)
    # read from its header, as in the room's own file, where the '#Game No' line is no line of a game
    (intact,) = [chunk for chunk in split(text) if chunk.lines[0] == whole.split("\n")[1]]
    assert (after.first_line, after.game_id) == (cut_line + 1, intact.game_id)
    root = tmp_path / "wh"
    out = run("ingest", str(tmp_path / "crash.txt"), "-w", str(root), "-j", "1").output
    assert "1 game stored" in out and "1 quarantined" in out, out
    assert query(root, "select first_line, last_line from games") == [(cut_line + 1, cut_line + whole.count("\n"))]
    # the nets of the hand as in the test above: spywebs wins 0.20, having put 0.09
    assert dict(query(root, "select player, net from game_players"))["spywebs"] == Decimal("0.11")
    _cited_at_the_fragment(query(root, 'select source_file, first_line, last_line, line, "column", error '
                                       "from quarantine"), cut_line, fragment)


def test_a_partypoker_hand_whose_opening_lines_start_on_a_crash_cut_line_is_its_own_game(tmp_path):
    # 'Game #N starts.' (then a blank and '#Game No : N') opens the hand the splitter keeps with its
    # header: written after the fragment, the hand starts at its column on the cut line
    torn = _between(_text("PartyPoker", "Flop", "NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt"),
                    "***** Hand History for Game 12395241485")
    text = _text("PartyPoker", "Flop", "NLHE-USD-0.01-0.02-201008.Sample.txt")
    whole = _between(text, "Game #9582251255 starts.")
    laid, cut_line, fragment = _client_line_crash(tmp_path, torn, "seat 3: Player3 ( $27,1", whole)
    torn_chunk, after = split(laid)
    assert (torn_chunk.last_line, torn_chunk.lines[-1], torn_chunk.cut_by_crash) == (cut_line, fragment, True)
    (intact,) = split(text)
    assert intact.lines[0] == "Game #9582251255 starts."
    assert (after.first_line, after.first_column, after.game_id) == (cut_line, len(fragment) + 1, intact.game_id)
    root = tmp_path / "wh"
    out = run("ingest", str(tmp_path / "crash.txt"), "-w", str(root), "-j", "1").output
    assert "1 game stored" in out and "1 quarantined" in out, out
    assert query(root, "select first_line, last_line from games") == [(cut_line, cut_line + whole.count("\n"))]
    assert dict(query(root, "select player, net from game_players"))["suicini03"] == Decimal("0.35")
    _cited_at_the_fragment(query(root, 'select source_file, first_line, last_line, line, "column", error '
                                       "from quarantine"), cut_line, fragment)


@pytest.mark.parametrize("room", ["PacificPoker", "PartyPoker"])
def test_a_reaudit_judges_a_hand_torn_before_the_next_ones_opening_line_as_the_ingest_did(tmp_path, room):
    # the torn hand keeps its cut line whole, the opening line at its end and no header after it:
    # judged again alone, that line still ends it (else its last line reads otherwise, its ID too)
    from pipeline.ingest import ingest
    from pipeline.reaudit import reaudit
    from pipeline.warehouse import Warehouse
    from tests.test_reaudit import judged_by_old_rules

    if room == "PacificPoker":
        text = _text("PacificPoker", "Flop", "888-NLH-USD-0.01-0.02.txt")
        torn = _between(text, "***** Cassava Hand History for Game 79911427", "#Game No : 79911607")
        whole, cut_after = _between(text, "#Game No : 79911308", "#Game No : 79911427"), "Seat 4: Jfaw14 ( $0.9"
    else:
        torn = _between(_text("PartyPoker", "Flop", "NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt"),
                        "***** Hand History for Game 12395241485")
        whole = _between(_text("PartyPoker", "Flop", "NLHE-USD-0.01-0.02-201008.Sample.txt"), "Game #9582251255 starts.")
        cut_after = "seat 3: Player3 ( $27,1"
    logs, root = tmp_path / "logs", tmp_path / "wh"
    logs.mkdir()
    _, cut_line, fragment = _client_line_crash(logs, torn, cut_after, whole)
    with pytest.MonkeyPatch.context() as monkeypatch:
        judged_by_old_rules(monkeypatch)
        ingest([logs], root, jobs=1)
    rows = ('select quarantine_id, source_file, first_line, last_line, line, "column", error from quarantine',
            "select game_id, first_line, last_line from games")
    ingested = [query(root, sql) for sql in rows]
    _cited_at_the_fragment([row[1:] for row in ingested[0]], cut_line, fragment)
    with Warehouse(root).open() as store:
        summary = reaudit(store, jobs=1)
    assert (summary.judged, summary.games, summary.quarantined) == (2, 1, 1)
    assert [query(root, sql) for sql in rows] == ingested
