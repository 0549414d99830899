"""A multipart e-mail (a letter with its text and an HTML copy, hand histories attached) saved whole
as ``.eml``: each text part with games is read once, decoded from quoted-printable or base64 in its
charset, its lines cited where a user finds them; what cannot be read is quarantined with its reason."""

from __future__ import annotations

import base64
import quopri
from decimal import Decimal as D

import pytest

from parsers.errors import ParseError
from parsers.formats import NO_FORMAT, parse_chunk
from parsers.source import HTML_PART, decode, normalize_lines, split
from tests.conftest import corpus

# A heads-up hand written for these tests: Anna (button, small blind $0.01) raises to $0.06, Boris
# (big blind $0.02) folds, the $0.04 not called comes back: Anna +0.02, Boris -0.02.
SMALL_HAND = """\
PokerStars Hand #900000000001:  Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 10:00:00 ET
Table 'Letter' 6-max Seat #1 is the button
Seat 1: Anna ($2 in chips)
Seat 2: Boris ($2 in chips)
Anna: posts small blind $0.01
Boris: posts big blind $0.02
*** HOLE CARDS ***
Anna: raises $0.04 to $0.06
Boris: folds
Uncalled bet ($0.04) returned to Anna
Anna collected $0.04 from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot $0.04 | Rake $0
Seat 1: Anna (button) (small blind) collected ($0.04)
Seat 2: Boris (big blind) folded before Flop
"""


def _ingest(tmp_path, data: bytes, name: str = "mail.eml"):
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    (tmp_path / name).write_bytes(data)
    summary = ingest([tmp_path / name], tmp_path / "warehouse", jobs=1)
    with connect(tmp_path / "warehouse") as con:
        games = con.execute("select first_line, last_line from games order by first_line").fetchall()
        nets = con.execute("select g.first_line, p.player, p.net from game_players p join games g using (game_id) "
                           "order by g.first_line, p.player").fetchall()
        quarantined = con.execute("select first_line, last_line, line, error, text from quarantine "
                                  "order by first_line").fetchall()
    return summary, games, nets, quarantined


def _base64_lines(data: bytes) -> str:
    return base64.encodebytes(data).decode("ascii")


def test_a_letter_with_an_html_copy_and_an_attachment_reads_each_hand_once_in_its_charset(tmp_path):
    """Two real PokerStars hands: the first in the letter's text (quoted-printable, UTF-8, Player5
    renamed Zoë) and again in its HTML copy (base64), which must not double it; the second attached
    (base64, KOI8-R, player2 renamed Борис: a charset no guess would pick). Hand-worked:

    - #255867983097 ($0.02/$0.05): Hero puts in 0.02 + 0.13 + 0.48 + 2.54 - 0.34 = 2.83 and collects
      5.50: +2.67; Zoë 0.15 + 0.48 + 2.20 = -2.83 (all in); Player3 -0.15; Player1 the big blind -0.05;
    - #48397944918 ($0.02/$0.04 limit): hero puts in 0.02 + 0.08 and collects 0.38: +0.28; Борис and
      player1 0.02 + 0.08: -0.10 each; player3 to player7 0.02 each (player7 0.01 + 0.01).
    """
    flop = corpus("pokerstars", "fpdb-cash", "Flop")
    first = (flop / "2025-NL-uncalled-bet.txt").read_text(encoding="utf-8").replace("Player5", "Zoë")
    second = next(flop.glob("HH20100819 Vibilia II*.txt")).read_text(encoding="utf-8-sig").replace(
        "player2", "Борис")
    first_qp = quopri.encodestring(first.replace("\n", "\r\n").encode("utf-8")).decode("ascii").replace("\r\n", "\n")
    html = "<html><body><pre>" + first.replace("&", "&amp;") + "</pre></body></html>\n"
    head = ("From: Anna <anna@example.org>\n"                                        # line 1
            "Subject: my hands\n"
            "MIME-Version: 1.0\n"
            'Content-Type: multipart/mixed; boundary="outer"\n'                      # line 4
            "\n"
            "This is a multi-part message in MIME format.\n"
            "--outer\n"
            'Content-Type: multipart/alternative; boundary="inner"\n'                # line 8
            "\n"
            "--inner\n"                                                              # line 10
            "Content-Type: text/plain; charset=utf-8\n"
            "Content-Transfer-Encoding: quoted-printable\n"
            "\n")                                                                    # line 13
    tail = ("--inner\n"
            "Content-Type: text/html; charset=utf-8\n"
            "Content-Transfer-Encoding: base64\n"
            "\n" + _base64_lines(html.encode("utf-8")) +
            "--inner--\n"
            "\n"
            "--outer\n"
            'Content-Type: text/plain; charset=koi8-r; name="hands.txt"\n'
            'Content-Disposition: attachment; filename="hands.txt"\n'
            "Content-Transfer-Encoding: base64\n"
            "\n" + _base64_lines(second.encode("koi8-r")) +
            "--outer--\n")
    data = (head + first_qp + tail).encode("ascii")
    lines_in_file = data.count(b"\n")
    summary, games, nets, quarantined = _ingest(tmp_path, data)
    assert (summary.games, quarantined) == (2, [])
    # the letter's hand at line 14, where its quoted-printable text begins; the attachment, in base64,
    # has no lines of its own in the file: its text follows the mail's last line
    assert [first_line for first_line, _ in games] == [14, lines_in_file + 1]
    assert games[1][1] == lines_in_file + len(second.rstrip("\n").split("\n"))
    assert [(line, player, net) for line, player, net in nets if net != 0] == [
        (14, "Hero", D("2.67")), (14, "Player1", D("-0.05")), (14, "Player3", D("-0.15")), (14, "Zoë", D("-2.83")),
        (lines_in_file + 1, "hero", D("0.28")), (lines_in_file + 1, "player1", D("-0.10")),
        (lines_in_file + 1, "player3", D("-0.02")), (lines_in_file + 1, "player4", D("-0.02")),
        (lines_in_file + 1, "player5", D("-0.02")), (lines_in_file + 1, "player6", D("-0.02")),
        (lines_in_file + 1, "player7", D("-0.02")), (lines_in_file + 1, "Борис", D("-0.10"))]


def test_a_text_part_in_quoted_printable_keeps_its_lines_and_the_letter_around_it_is_no_game():
    """The letter's own text (no game header) and the boundaries are no game; the hand in the second
    part keeps its lines: its header at line 13 as in the file, and, since no line of it is wrapped,
    its "Boris: folds" at line 21."""
    mail = ("From: a@example.org\n"
            "Content-Type: multipart/mixed; boundary=b\n"
            "\n"
            "--b\n"                                                      # line 4
            "Content-Type: text/plain; charset=us-ascii\n"
            "\n"
            "Hi me, the hand of last night below.\n"                     # line 7: the letter
            "--b\n"
            "Content-Type: text/plain; charset=utf-8\n"
            "Content-Disposition: inline\n"
            "Content-Transfer-Encoding: quoted-printable\n"
            "\n"
            + SMALL_HAND +                                               # lines 13 to 28
            "--b--\n")
    text = decode(mail.encode("ascii"))
    chunks = split(text)
    assert [(chunk.format, chunk.first_line, chunk.last_line) for chunk in chunks] == [("pokerstars", 13, 28)]
    assert normalize_lines(text)[20] == "Boris: folds"
    assert "Hi me" not in text


def test_a_small_hand_attached_in_base64_is_stored_with_its_nets(tmp_path):
    """A mail of 9 lines whose one part is the hand in base64: the hand's 16 lines are lines 10 to 25."""
    mail = ("From: a@example.org\n"
            "Content-Type: multipart/mixed; boundary=b\n"
            "\n"
            "--b\n"
            "Content-Type: text/plain\n"
            "Content-Transfer-Encoding: base64\n"
            "\n").encode("ascii") + base64.b64encode(SMALL_HAND.encode("ascii")) + b"\n--b--\n"
    assert mail.count(b"\n") == 9
    summary, games, nets, quarantined = _ingest(tmp_path, mail)
    assert (summary.games, games, quarantined) == (1, [(10, 25)], [])
    assert [(player, net) for _, player, net in nets] == [("Anna", D("0.02")), ("Boris", D("-0.02"))]


def test_an_html_only_letter_with_hands_is_quarantined_as_html_at_its_part(tmp_path):
    """No plain-text copy: the HTML part (its headers at line 5) is one quarantined chunk whose
    reason says so, its text kept as it stands; its <pre> hand is not read out of the HTML."""
    mail = ("From: a@example.org\n"
            "Content-Type: multipart/alternative; boundary=b\n"
            "\n"
            "--b\n"
            "Content-Type: text/html; charset=utf-8\n"                   # line 5
            "\n"
            "<html><body><pre>\n"
            + SMALL_HAND +                                               # lines 8 to 23
            "</pre></body></html>\n"                                     # line 24
            "--b--\n").encode("ascii")
    summary, games, _, quarantined = _ingest(tmp_path, mail)
    assert (summary.games, games) == (0, [])
    assert [(first, last, line, error) for first, last, line, error, _ in quarantined] == [(5, 24, 5, HTML_PART)]
    assert quarantined[0][4].split("\n")[3:5] == ["PokerStars Hand #900000000001:  Hold'em No Limit ($0.01/$0.02 "
                                                  "USD) - 2024/01/02 10:00:00 ET", "Table 'Letter' 6-max Seat #1 is "
                                                  "the button"]


def test_an_html_copy_with_a_hand_its_text_part_lacks_is_quarantined_not_dropped():
    """The text part holds the small hand; the HTML part holds another one too (a hand the text
    does not hold): the first is read, the HTML quarantined whole at its headers' line 25."""
    other = SMALL_HAND.replace("#900000000001", "#900000000002")
    mail = ("From: a@example.org\n"
            "Content-Type: multipart/alternative; boundary=b\n"
            "\n"
            "--b\n"
            "Content-Type: text/plain\n"
            "\n"
            + SMALL_HAND +                                               # lines 7 to 22
            "\n"
            "--b\n"
            "Content-Type: text/html\n"                                  # line 25
            "\n"
            "<pre>" + SMALL_HAND + "\n" + other + "</pre>\n"
            "--b--\n")
    text = decode(mail.encode("ascii"))
    chunks = split(text)
    assert [(chunk.format, chunk.first_line) for chunk in chunks] == [("pokerstars", 7), (None, 25)]
    with pytest.raises(ParseError) as refused:
        parse_chunk(chunks[1], "mail.eml")
    assert (refused.value.line, refused.value.reason) == (25, HTML_PART)


def test_base64_that_does_not_decode_is_quarantined_with_its_reason_and_its_text(tmp_path):
    """A '*' in the coding (line 8): the part (headers from line 5) is quarantined, its coded lines kept."""
    mail = (b"From: a@example.org\n"
            b"Content-Type: multipart/mixed; boundary=b\n"
            b"\n"
            b"--b\n"
            b"Content-Type: text/plain; name=hands.txt\n"                # line 5
            b"Content-Transfer-Encoding: base64\n"
            b"\n"
            b"UG9rZXJTdGFycyBIYW5k*ICMx\n"                              # line 8
            b"--b--\n")
    summary, _, _, quarantined = _ingest(tmp_path, mail)
    assert summary.games == 0
    [(first, last, line, error, text)] = quarantined
    assert (first, last, line) == (5, 8, 5)
    assert error.startswith("an e-mail's part in base64 that does not decode")
    assert text.endswith("UG9rZXJTdGFycyBIYW5k*ICMx")


def test_a_mail_whose_boundary_is_never_found_is_read_as_it_stands(tmp_path):
    """The header names boundary "other", the parts use "b": the parts cannot be told apart, so the
    mail is read as its lines stand: the hand (lines 7 to 22) is stored, the rest quarantined as text
    of no known format, nothing lost and nothing crashed."""
    mail = ("From: a@example.org\n"
            "Content-Type: multipart/mixed; boundary=other\n"
            "\n"
            "--b\n"
            "Content-Type: text/plain\n"
            "\n"
            + SMALL_HAND +
            "--b--\n").encode("ascii")
    summary, games, _, quarantined = _ingest(tmp_path, mail)
    assert (summary.games, games) == (1, [(7, 22)])
    assert [(first, last, error == NO_FORMAT) for first, last, _, error, _ in quarantined] == [(1, 5, True),
                                                                                              (23, 23, True)]


def test_a_mail_cut_inside_its_base64_never_crashes_the_decoder():
    """Every cut of a multipart mail decodes (a cut coding is a part not read, never an exception)."""
    mail = ("From: a@example.org\n"
            "Content-Type: multipart/mixed; boundary=b\n"
            "\n"
            "--b\n"
            "Content-Type: text/plain; charset=windows-1252\n"
            "Content-Transfer-Encoding: base64\n"
            "\n").encode("ascii") + base64.encodebytes(SMALL_HAND.encode("cp1252")) + b"--b--\n"
    for end in range(0, len(mail), 7):
        decode(mail[:end])


def test_a_mail_of_one_html_part_is_quarantined_as_html_only_when_it_holds_games():
    """A mail whose one part is HTML: holding the small hand, it is one quarantined chunk from line 1
    (its headers are the part's), saying why; holding only a letter, it is no game and no quarantine."""
    head = "From: a@example.org\nContent-Type: text/html; charset=utf-8\n\n"
    with_hand = decode((head + "<pre>\n" + SMALL_HAND + "</pre>\n").encode("ascii"))
    chunks = split(with_hand)
    assert [(chunk.format, chunk.first_line, chunk.last_line) for chunk in chunks] == [(None, 1, 21)]
    with pytest.raises(ParseError) as refused:
        parse_chunk(chunks[0], "mail.eml")
    assert (refused.value.line, refused.value.reason) == (1, HTML_PART)
    assert split(decode((head + "<p>Hi me, no hands tonight.</p>\n").encode("ascii"))) == []
