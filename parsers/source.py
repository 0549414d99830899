"""From a file's bytes to the games in it: decoding, splitting, and the hash of each game.

Several games may follow each other in one file, with or without blank lines between
them. A game starts at its header line (``PokerStars Hand #…``, ``Raspisnoy game …``);
whatever stands before the first header is kept as a chunk of its own so that it can be
quarantined, never dropped. So is text after a game's end that no header opens: the rest
of a file cut short, another room's hand, a line holding NUL bytes after its text, a line too
long to be a log line. (NULs that open a line are filler, as a writer that stopped leaves them.)
Every format goes through the one splitter here, :func:`split`.

A file's UTF-16 parts are found by their NULs and each is read as UTF-16, the rest as below, so
that exports joined in one file are read whatever their encodings. Decoding is decided per game: a byte that is not UTF-8 in a UTF-8 file costs only its own
character (U+FFFD), its game stored with a ROOM-ENCODING warning at that byte's line and column
or quarantined there when the byte breaks it, and Cyrillic text in UTF-8 never turns into
Windows-1251 letters because of a bad byte elsewhere.
"""

from __future__ import annotations

import binascii
import bisect
import codecs
import dataclasses
import email
import email.policy
import enum
import hashlib
import html.parser
import quopri
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from itertools import pairwise
from typing import NamedTuple

import numpy as np

from parsers.formats import FORMATS, HEADER_PREFIXES, HEADERS, WHOLE_HEADER_PREFIXES, WHOLE_HEADERS
from rules.compiled import entry_in_place, helper
from rules.records import slot_filler

__all__ = ["Chunk", "CutText", "DecodedText", "FileEnd", "MailText", "SplitFile", "at_file_end", "cut_chunk", "cut_games", "decode",
           "decodes_alone", "dedent", "drop_leading_controls", "drop_opening_nuls",
           "expand_elements", "game_id", "is_filler", "laid_appended", "laid_lines", "last_utf16_part", "line_cut_at_end", "line_offset", "needs_context", "normalize_lines", "not_text",
           "restart_codec",
           "split", "split_file", "split_games"]

# ////////////////////////////////////////////////////////////////////// decoding

_MARK = re.compile("[\udc00-\udcff]")
"""The characters the decoder puts for bytes it cannot read (lone surrogates never come out of a
strict UTF-8 or UTF-16 decoding); they become U+FFFD before anyone sees the text."""


def _mark_bytes(error: UnicodeDecodeError) -> tuple[str, int]:
    return "".join(chr(0xDC00 + b) for b in error.object[error.start:error.end]), error.end


codecs.register_error("rasklad.mark", _mark_bytes)


class DecodedText(str):
    """A file's text that holds bytes which could not be decoded: each became U+FFFD, and
    ``undecodable`` says where, as (line, column, byte) with lines numbered as
    :func:`normalize_lines` numbers them. The splitter gives each game the first one in it."""

    undecodable: tuple[tuple[int, int, int], ...]


class MailText(str):
    """The text of an e-mail saved whole (``.eml``), its body decoded (see :func:`decode`): its first
    ``mail_headers`` lines are the mail's headers (RFC 822 ``Name: value`` lines and their
    continuations, up to the first blank line), which the splitter skips as no game; and, as a
    :class:`DecodedText`, ``undecodable`` (none, unless the letter holds bytes that could not be read)."""

    mail_headers: int = 0
    undecodable: tuple[tuple[int, int, int], ...] = ()
    unread_parts: tuple[tuple[int, int], ...] = ()
    """Of a multipart mail (see :func:`_mail_parts`): the lines (first, last) of each part that could
    not be read, laid out as they stand in the file, its headers first: each is one chunk of its own,
    which :func:`not_text` says why it was not read."""


def decode(data: bytes) -> str:
    """Text of a log file: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1251/1252.

    Club logs typed in Russian come as Windows-1251; PokerStars' own files as Windows-1252.
    Both map the same bytes to letters, so the shape decides: Russian words are runs of
    high bytes or stand apart from ASCII letters, while accented Latin letters stand alone
    among ASCII ones; and signs such as the euro, which the two code pages put at other bytes. A file that is
    not UTF-8 throughout is decided game by game (see :func:`_decode_games`), unless it opens
    with the UTF-8 byte order mark, as PokerStars writes its files: then it is UTF-8, whatever a
    few bad bytes look like in another code page. Bytes that cannot be read at all (a UTF-16
    file of odd length, a bad byte in UTF-8 text, a byte a Windows code page has no character
    for) give a :class:`DecodedText`.

    >>> decode("Туз пик".encode("cp1251"))
    'Туз пик'
    >>> decode("Café".encode("cp1252"))
    'Café'
    >>> text = decode("Анна\\nБорис".encode("utf-8") + b"\\x81\\n")
    >>> text, text.undecodable
    ('Анна\\nБорис\\ufffd\\n', ((2, 6, 129),))

    An e-mail whose letter is quoted-printable is a :class:`MailText` that counts its headers' lines:

    >>> mail = decode(b"Subject: x\\nContent-Transfer-Encoding: quoted-printable\\n\\nA=20\\n")
    >>> mail, mail.mail_headers
    ('Subject: x\\nContent-Transfer-Encoding: quoted-printable\\n\\nA \\n', 2)
    """
    headers_end = _mail_headers_end(data)
    if headers_end is None:
        return _decoded_text(data)
    mail_headers = data.count(b"\n", 0, headers_end) + 1
    unread: tuple[tuple[int, int], ...] = ()
    if _MAIL_PARTS.search(data, 0, headers_end):
        try:
            laid = _mail_parts(data, headers_end)
        except Exception:  # noqa: BLE001 — a mail the email package cannot take apart is still read
            laid = None
        if laid is None:        # parts that cannot be told apart: the mail is read as it stands, nothing lost
            return _decoded_text(data)
        text, unread = laid
        if unread and unread[0][0] == 1:
            mail_headers = 0        # a mail of one part that is not read: its headers are that part's
    else:
        text = _decoded_text(_mail_decoded(data, headers_end))
    mail = MailText(text)
    mail.mail_headers = mail_headers
    mail.undecodable = getattr(text, "undecodable", ())
    mail.unread_parts = unread
    return mail


def _decoded_text(data: bytes) -> str:
    """:func:`decode` of bytes that are no mail (or a mail's, decoded)."""
    plain = _plain_utf16(data)
    spans = [(0, len(data) - len(data) % 2, plain)] if plain else _utf16_spans(data) if b"\x00" in data else []
    if spans:
        return _marked(_decode_parts(data, spans))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _marked(data.decode("utf-16", "rasklad.mark"))
    return _marked(_decode_bytes(data))


_MAIL_FIRST_HEADER = re.compile(rb"(?:\xef\xbb\xbf)?[A-Za-z][A-Za-z0-9-]*:")
_MAIL_HEADERS_END = re.compile(rb"\r?\n\r?\n")
_QUOTED_PRINTABLE = re.compile(rb"^content-transfer-encoding:[ \t]*quoted-printable[ \t]*\r?$", re.IGNORECASE | re.MULTILINE)
_MAIL_PARTS = re.compile(rb"^(?:content-type:[ \t]*(?:multipart/|text/html)|"
                         rb"content-transfer-encoding:[ \t]*base64[ \t]*\r?$)", re.IGNORECASE | re.MULTILINE)
"""A mail's header that says its body is parts (or one part in base64, or HTML): read by :func:`_mail_parts`."""
_MAIL_HEADERS_MOST = 65_536
"""The most bytes an e-mail's headers take (a file is looked at that far for them)."""


def line_offset(data: bytes, line: int, *, known: tuple[int, int] = (1, 0), codec: str = "utf-8") -> int | None:
    """The byte at which line ``line`` of a file's bytes starts, its lines numbered as the splitter
    numbers them (``\\r\\n`` or ``\\n`` ends a line); None when the file has no such line, or ends
    lines with a lone ``\\r`` too (not looked for). Counted back from the file's end: the line asked
    for is a late one (a file's last game, where a later read of it, grown, starts). ``known``: a
    line at or before ``line`` and the byte it starts at, from a reading before: only the bytes
    from there on are looked at (a grown file's earlier bytes are not counted again). ``codec``: a
    UTF-16 one (see :func:`restart_codec`) counts in characters, from ``known``'s byte (past the
    byte order mark).

    >>> line_offset(b"a\\r\\nbc\\nd", 3), line_offset(b"a\\nb", 1), line_offset(b"a\\nb", 3), line_offset(b"a\\rb", 2)
    (6, 0, None, None)
    >>> line_offset(b"a\\rb\\nc\\r\\nd", 5, known=(4, 4))    # (the lone one before byte 4 not looked at)
    7
    """
    first, start = known
    if codec in _UTF16_BOMS:
        return _utf16_line_offset(data, line, first, start, codec)
    breaks = data.count(b"\n", start)
    # a lone carriage return is looked for only in a file that has one, by one search: counting the
    # carriage returns and the CRLFs too counted a CRLF file's lines twice more (56 ms in 22 MB, 36 now)
    carriage_return = data.find(b"\r", start)
    if (line < first or line > first + breaks
            or carriage_return >= 0 and _LONE_CARRIAGE_RETURN.search(data, carriage_return) is not None):
        return None
    back = first + breaks - line + 1    # the line breaks to step over from the end
    if back > _LINES_STEPPED_BACK:
        return start + int(line_starts(np.frombuffer(data, dtype=np.uint8, offset=start))[line - first])
    at = len(data)
    for _ in range(back):
        at = data.rfind(b"\n", start, at)
    return at + 1


_LONE_CARRIAGE_RETURN = re.compile(rb"\r(?!\n)")
_LONE_RETURN = re.compile("\r(?!\n)")
_LINES_STEPPED_BACK = 4096
"""Beyond this many lines from a file's end, :func:`line_offset` counts every line start at once."""


def _utf16_line_offset(data: bytes, line: int, first: int, start: int, codec: str) -> int | None:
    """:func:`line_offset` in a UTF-16 file, its line ``first`` starting at byte ``start``."""
    units = np.frombuffer(data, dtype="<u2" if codec == "utf-16-le" else ">u2", offset=start,
                          count=(len(data) - start) // 2)
    returns = units == 13
    lone = returns[:-1] & (units[1:] != 10)
    if lone.any() or len(units) and returns[-1]:
        return None
    starts = line_starts(units)
    if not first <= line < first + len(starts):
        return None
    return start + 2 * int(starts[line - first])


def decodes_alone(data: bytes, at: int, *, unchanged: int = 0) -> bool:
    """Whether ``data[at:]`` (``at`` a line's start), decoded on its own, is the text :func:`decode`
    gives of the whole file from that byte on: so for a file in UTF-8 throughout (with or without
    its byte order mark) that holds no NUL and is no e-mail. Another file's decoding may hang on its
    other bytes (a code page chosen for the file, UTF-16 parts, a mail's headers). ``unchanged``:
    the file's first bytes, found so before (an earlier version of a file that grew, its bytes
    unchanged): only those after them are looked at, and the start for a mail's headers.

    >>> decodes_alone("Анна\\nБорис\\n".encode(), 9), decodes_alone(b"a\\n\\xe9\\n", 2), decodes_alone(b"a\\n\\x00b", 2)
    (True, False, False)
    >>> decodes_alone("Анна\\nБорис\\n".encode(), 9, unchanged=9), decodes_alone("Анна\\n".encode() + b"\\xe9\\n", 9, unchanged=9)
    (True, False)
    """
    if not 0 <= at <= len(data) or not 0 <= unchanged <= len(data):
        return False
    # (a valid UTF-8 start ends on a character's end: the bytes after it decode alone)
    later = data[unchanged:] if unchanged else data
    if b"\x00" in later or _mail_headers_end(data) is not None:
        return False
    if later.isascii():
        return True
    try:
        later.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def restart_codec(data: bytes, at: int | None = None, *, unchanged: int = 0) -> str | None:
    """The encoding in which a file's bytes from a line's start on, read alone, give the text
    :func:`decode` gives of the whole file from there: ``utf-8`` for a file in UTF-8 throughout
    (see :func:`decodes_alone`), ``utf-16-le`` or ``utf-16-be`` for one in UTF-16 throughout that
    opens with its byte order mark (as Winning writes them; its lines' offsets counted in its
    characters, see :func:`line_offset`), or one read before from ``at`` on that grew by UTF-16
    text a byte off (see :func:`_appended_utf16`; read laid by :func:`laid_appended`); ``ascii``
    for another file (a Windows code page, decided over the whole file) whose bytes from ``at`` on
    are ASCII and hold no NUL: bytes that are no letter in any code page change no decision made of
    the bytes before; ``code-page`` for one whose games from ``at`` on are each decided on their own
    bytes (by their letters and signs: one byte a character, the bytes from a line on read alone
    as they read in the file), when the bytes appended leave what was decided over the whole file
    as it was (:func:`code_page_kept`, asked apart). None for another (UTF-16 parts, a mail, a
    code page's game that only the whole file decides). ``unchanged``: as for :func:`decodes_alone`.

    >>> restart_codec("Hand 1\\nHand 2\\n".encode("utf-16")), restart_codec(b"a\\n\\xe9\\n")
    ('utf-16-le', None)
    >>> restart_codec(b"\\xc0\\xe9\\nHand 2\\n", 3), restart_codec(b"\\xc0\\xe9\\nHand 2\\n", 1)
    ('ascii', None)
    """
    if data.startswith(tuple(_UTF16_BOMS.values())):
        plain = _plain_utf16(data, unchanged)
        return plain if plain is not None or at is None else _appended_utf16(data, at, unchanged)
    if decodes_alone(data, 0, unchanged=unchanged):
        return "utf-8"
    if at is None or not unchanged <= len(data) or not 0 <= at <= max(unchanged, len(data)):
        return None
    # (the bytes before were free of NULs: the ledger's offset says so)
    if b"\x00" in data[unchanged:] or _mail_headers_end(data) is not None:
        return None
    if data[at:].isascii():
        return "ascii"
    # a code page's games each decided on their own bytes (whether the bytes appended change what the
    # file decided for the others is code_page_kept's question)
    alone = not data.startswith(_UTF8_BOM) and _decode_games(data[at:], alone=True) is not None
    return "code-page" if alone else None


def _appended_utf16(data: bytes, at: int, unchanged: int) -> str | None:
    """The codec of a UTF-16 file read before up to ``unchanged``, from its line at byte ``at`` on,
    that grew by UTF-16 text alone, when the file as a whole is no UTF-16 throughout: Winning writes
    a line feed as one byte after its text (the file ends a byte past its last character), and what
    it appends stands after that byte, a byte off the characters before. The bytes from ``at`` were
    characters (the ledger's offset says so), and that one byte, when they end with it, is a blank:
    :func:`decode` reads it as such, on its own between the file's two parts. The appended bytes
    must be UTF-16 throughout in the order of the file's byte order mark, from ``unchanged`` on.

    >>> old = "Game 1\\n".encode("utf-16") + b"\\n"
    >>> _appended_utf16(old + "Game 2\\n".encode("utf-16-le"), 2, len(old))
    'utf-16-le'
    >>> _appended_utf16(old[:-1] + b"x" + "Game 2\\n".encode("utf-16-le"), 2, len(old))   # (no blank)
    """
    bom = data[:2]
    if not 2 <= at <= unchanged < len(data) or data.startswith(bom, unchanged):
        return None
    if (unchanged - at) % 2 and data[unchanged - 1] not in _BLANK_BYTES:
        return None
    return _plain_utf16(bom + data[unchanged:])


def last_utf16_part(data: bytes, text: str, line: int) -> tuple[int, str] | None:
    """Where line ``line`` of a file that opens with a UTF-16 byte order mark starts, and its codec,
    when from there to its end the file is UTF-16 at one alignment (but a lone blank byte last)
    and that reads as ``text`` (:func:`decode`'s of the whole file) does from that line on: so
    for a Winning file grown a byte off (see :func:`_appended_utf16`) before it was first read,
    whose last write holds that line. A later read of it, grown again, starts there
    (:func:`restart_codec` then reads what was appended). None for another file or line.

    >>> data = "Game 1\\n".encode("utf-16") + b"\\n" + "Game 2\\nx\\n".encode("utf-16-le") + b"\\n"
    >>> last_utf16_part(data, decode(data), 3), len("Game 1\\n".encode("utf-16")) + 1
    ((17, 'utf-16-le'), 17)
    >>> last_utf16_part(data, decode(data), 2)      # (the byte between the writes is no character)
    """
    codec = next((name for name, bom in _UTF16_BOMS.items() if data.startswith(bom)), None)
    breaks = text.count("\n") if codec is not None else 0
    if codec is None or not 1 < line <= breaks + 1 or "\r" in text and _LONE_RETURN.search(text):
        return None     # (lines counted by their line feeds)
    at = len(text)
    for _ in range(breaks - line + 2):      # back to the line break before the line
        at = text.rfind("\n", 0, at)
    tail = text[at + 1:]
    if not tail:
        return None
    written = [tail.encode(codec, "surrogatepass")]
    if tail[-1].encode("latin-1", "replace") in _BLANK_BYTES:     # (a lone blank byte last reads as its character)
        written.append(tail[:-1].encode(codec, "surrogatepass") + tail[-1].encode("latin-1"))
    for part in written:
        if len(data) - len(part) >= 2 and data.endswith(part):
            return len(data) - len(part), codec
    return None


def laid_appended(data: bytes, at: int, unchanged: int, codec: str) -> bytes:
    """``data[at:]``, a grown file's bytes from a line read before (up to ``unchanged``) on, laid to be
    read alone in ``codec`` (:func:`restart_codec`'s) as :func:`decode` reads them in the whole file:
    in UTF-16, the blank byte that ended the bytes read before a byte past their last character
    (see :func:`_appended_utf16`) becomes that blank's character, so that all of them are UTF-16 at
    one alignment; other bytes stay as they are.

    >>> old = "Game 1\\n".encode("utf-16-le") + b"\\n"
    >>> laid_appended(old + "G".encode("utf-16-le"), 0, len(old), "utf-16-le").decode("utf-16-le")
    'Game 1\\n\\nG'
    """
    if codec in _UTF16_BOMS and (unchanged - at) % 2:
        lone = data[unchanged - 1:unchanged].decode("latin-1").encode(codec)
        return b"".join((data[at:unchanged - 1], lone, data[unchanged:]))
    return data[at:]


def laid_lines(codec: str, count: int) -> bytes:
    """The bytes that stand for a file's first ``count`` lines, read before, where the rest of it
    is laid to be read from its next line on (:func:`restart_codec`'s ``codec``): as many line
    feeds, in UTF-16 after its byte order mark.

    >>> laid_lines("utf-8", 2), laid_lines("utf-16-le", 1)
    (b'\\n\\n', b'\\xff\\xfe\\n\\x00')
    """
    if codec in _UTF16_BOMS:
        return _UTF16_BOMS[codec] + "\n".encode(codec) * count
    return b"\n" * count       # (UTF-8, ASCII)


def _mail_headers_end(data: bytes) -> int | None:
    """Where the headers of an e-mail saved whole end (the offset of the line break before their
    blank line), when they say ``Content-Transfer-Encoding: quoted-printable`` or that the mail is in
    parts (``Content-Type: multipart/…``, or one part in base64); else None: the bytes are no mail to decode."""
    if not _MAIL_FIRST_HEADER.match(data):
        return None
    end = _MAIL_HEADERS_END.search(data, 0, _MAIL_HEADERS_MOST)
    if end is None:
        return None
    headers = data[:end.start()]
    if not _QUOTED_PRINTABLE.search(headers) and not _MAIL_PARTS.search(headers):
        return None
    return end.start()


def _mail_decoded(data: bytes, headers_end: int) -> bytes:
    r"""An e-mail saved whole (``.eml``) whose headers (up to ``headers_end``, see
    :func:`_mail_headers_end`) say ``Content-Transfer-Encoding: quoted-printable``, its body
    decoded, so that the letter reads as its text would (PokerStars mails its tournament history
    so: every line a trailing space ends, ``=20``; a long line wrapped with ``=`` at its end). The
    lines a wrap joined come back as blank lines at the next blank line, so that the lines after it
    keep the numbers they have in the file.

    >>> mail = b"Subject: x\nContent-Transfer-Encoding: quoted-printable\n\nA =3D b,=20\nlong =\nline\n\nend\n"
    >>> _mail_decoded(mail, _mail_headers_end(mail))
    b'Subject: x\nContent-Transfer-Encoding: quoted-printable\n\nA = b, \nlong line\n\n\nend\n'
    >>> _mail_headers_end(b"PokerStars Hand #1: Content-Transfer-Encoding: quoted-printable\n\nA=20\n") is None
    True
    """
    out = [data[:headers_end]]
    joined, owed = b"", 0   # the text of a wrapped line so far, and the lines wraps took out
    for line in data[headers_end:].splitlines(keepends=True):
        text = line.rstrip(b"\r\n")
        ending = line[len(text):]
        if text.rstrip(b" \t").endswith(b"="):
            joined += text.rstrip(b" \t")[:-1]
            owed += 1
            continue
        decoded = quopri.decodestring(joined + text)
        joined = b""
        out.append(decoded + ending)
        if owed and not decoded.strip():
            out.append(ending * owed)
            owed = 0
    if joined:
        out.append(quopri.decodestring(joined))
    return b"".join(out) + b"\n" * owed


_LINE_BREAK = re.compile(rb"\r\n|\r|\n")
_PLAIN_TRANSFER = {"", "7bit", "8bit", "binary"}
"""The transfer encodings that leave a part's bytes as they are."""
_MIME_FIRST_HEADER = re.compile(r"[A-Za-z][A-Za-z0-9-]*:")
_MIME_CONTENT_HEADER = re.compile(r"content-(?:type|transfer-encoding):", re.IGNORECASE)
_BLOCK_TAGS = frozenset({"br", "p", "div", "pre", "tr", "li", "table", "blockquote",
                         "h1", "h2", "h3", "h4", "h5", "h6"})
"""HTML tags that end a line of the text a mail program shows."""
HTML_PART = ("an HTML part of an e-mail holding hand histories or summaries that no plain-text part of the "
             "mail holds: Rasklad reads text, not HTML; save the letter as text (or have it sent as plain "
             "text) to read them")
"""The reason an HTML part with games and no plain-text copy is quarantined (see :func:`_mail_parts`)."""


def _mail_parts(data: bytes, headers_end: int) -> tuple[str, tuple[tuple[int, int], ...]] | None:
    r"""An e-mail in parts (MIME ``multipart/…``, or one part in base64 or HTML; headers up to ``headers_end``)
    laid out as its reader sees it, and the lines (first, last) of the parts not read; None when its
    parts cannot be found in its bytes (it is then read as it stands). Python's ``email`` package
    finds the parts; each stands at its lines in the file:

    - a text part (``text/plain``, or an ``application/octet-stream`` attachment named ``.txt``) is
      read when it is an attachment or holds a line that opens a game (else it is the letter, no
      history), another ``application/octet-stream`` part when it holds such a line; decoded from
      quoted-printable (its lines kept, see :func:`_mail_decoded`) or base64, in its charset (none,
      or an unknown one: read as a file is, see :func:`decode`). A text in base64
      has no lines of its own in the file: its coding's lines are blank, and its text follows the
      mail's last line (the parts in base64 one after the other, in the mail's order), so that every
      other line keeps its number in the file;
    - an HTML part is passed over when the plain-text parts hold every game header it holds (a copy
      of them) or it holds none; else it is not read (see :data:`HTML_PART`);
    - a part that cannot be decoded (base64 that is not, a transfer encoding no reader here knows) is
      not read; a part not read is laid out as it stands, its headers first (:func:`not_text` says why);
    - boundaries, parts' headers, other parts (images) and the text MIME puts before the first part
      and after the last (no reader shows it) are blank lines; the mail's own headers stay as they are.

    >>> mail = (b"Content-Type: multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain\n"
    ...         b"Content-Transfer-Encoding: base64\n\nUG9rZXJTdGFycyBIYW5kICMxOgpCb3JpczogZm9sZHMK\n"
    ...         b"--b\nContent-Type: text/html\n\n<pre>PokerStars Hand #1:</pre>\n--b--\n")
    >>> _mail_parts(mail, mail.index(b"\n\n"))[0].split("\n")[6:]
    ['', '', '', '', '', '', 'PokerStars Hand #1:', 'Boris: folds', '']
    """
    message = email.message_from_bytes(data, policy=email.policy.compat32)
    starts = [found.end() for found in _LINE_BREAK.finditer(data)]

    def row(offset: int) -> int:
        """The line (from 0) of the byte at ``offset``."""
        return bisect.bisect_right(starts, offset)

    header_rows = row(headers_end) + 1
    regions: list[tuple[int, int, list[str], bool]] = []    # (first line, line after, lines, not read)
    html: list[tuple[int, int, set[str]]] = []      # (where the part's headers start, its body ends, its games)
    read_games: set[str] = set()
    after_mail: list[str] = []      # the lines of the text parts in base64
    cursor = previous_end = headers_end
    for part in message.walk():
        if part.is_multipart():
            continue
        if part.get_content_maintype() == "multipart":
            return None     # parts whose boundary is missing or never found: they cannot be told apart
        coded = _coded_body(part)
        if coded is None:
            return None
        if not coded:
            continue
        at = _body_at(data, coded, cursor)
        if at < 0:
            return None
        end = at + len(coded)
        cursor = end
        if part is message:
            part_start = 0
        else:   # the part's headers: from the line after the boundary line before its body
            boundary = data.rfind(b"\n--", previous_end, at)
            part_start = at if boundary < 0 else data.find(b"\n", boundary + 1) + 1
        previous_end = end
        kind = part.get_content_type()
        name = (part.get_filename() or "").lower()
        is_text = (kind.startswith("text/") and kind != "text/html") or (
            kind == "application/octet-stream" and name.endswith((".txt", ".log")))
        if not is_text and kind not in ("text/html", "application/octet-stream"):
            continue        # an image, a document: no history
        first, after = row(at), row(end) + 1
        body = _part_bytes(part, coded)
        if isinstance(body, str):   # cannot be decoded: laid out as it stands, with its reason
            regions.append((row(part_start), after, _lines(_decode_bytes(data[part_start:end])), True))
            continue
        text = _part_text(part, body)
        lines = _lines(text)
        if kind == "text/html":
            html.append((part_start, end, _game_headers(_html_text(text))))
            continue
        games = _game_headers(text)
        if games or (is_text and (part.get_content_disposition() == "attachment" or name)):
            if _transfer(part) == "base64":
                after_mail.extend(lines[:-1] if lines[-1] == "" else lines)
            else:
                regions.append((first, after, lines, False))
            read_games |= games
    for part_start, end, games in html:
        if games - read_games:      # games that no plain-text part holds: not passed over in silence
            regions.append((row(part_start), row(end) + 1, _lines(_decode_bytes(data[part_start:end])), True))
    if not any(first == 0 for first, _, _, _ in regions):
        regions.append((0, header_rows, _lines(_decode_bytes(data[:headers_end])), False))
    out: list[str] = []
    unread = []
    at_row = 0
    for first, after, lines, not_read in sorted(regions, key=lambda region: region[0]):
        if first < at_row:
            continue    # (parts never overlap; a mail that makes them is read as far as it can be)
        out.extend([""] * (first - at_row))
        if not_read:
            unread.append((len(out) + 1, len(out) + after - first))
        out.extend(_fitted(lines, after - first))
        at_row = after
    out.extend([""] * (len(starts) + 1 - at_row))
    if after_mail:
        if data.endswith((b"\n", b"\r")):
            out.pop()       # (the line after the mail's last line break: where the parts' text begins)
        out.extend(after_mail)
        out.append("")
    return _marked("\n".join(out)), tuple(unread)


def _coded_body(part) -> bytes | None:
    """A part's body as its bytes stand in the mail, or None when they cannot be known."""
    if _transfer(part) in _PLAIN_TRANSFER:
        return part.get_payload(decode=True) or b""     # (bytes as they are, for these encodings)
    payload = part.get_payload()
    for codec in ("ascii", part.get_content_charset() or "latin-1"):
        try:
            return payload.encode(codec)
        except (UnicodeError, LookupError):
            continue
    return None


def _body_at(data: bytes, coded: bytes, cursor: int) -> int:
    """Where a part's body ``coded`` stands in the mail, after ``cursor``: after its headers' blank
    line, else at a line's start (a part without headers); -1 when it is nowhere."""
    for opening in (b"\n\n", b"\n\r\n", b"\n"):
        at = data.find(opening + coded, cursor)
        if at >= 0:
            return at + len(opening)
    return -1


def _transfer(part) -> str:
    return str(part.get("content-transfer-encoding", "")).strip().lower()


def _part_bytes(part, coded: bytes) -> bytes | str:
    """A part's bytes decoded from its transfer encoding, or the reason they cannot be."""
    transfer = _transfer(part)
    if transfer == "quoted-printable":
        return _mail_decoded(coded, 0)
    if transfer == "base64":
        decoded = _base64(coded)
        if decoded is None:
            return ("an e-mail's part in base64 that does not decode (characters base64 has none of, or "
                    "its coding cut short): save the attachment from the mail program and read that file")
        return decoded
    if transfer in _PLAIN_TRANSFER:
        return coded
    return (f"an e-mail's part in the transfer encoding '{transfer}', which is not decoded here: save the "
            "attachment from the mail program and read that file")


def _base64(coded: bytes) -> bytes | None:
    """Base64 read strictly (a bad character is no text to skip), its missing padding forgiven."""
    joined = b"".join(coded.split())
    if len(joined) % 4 in (2, 3):
        joined += b"=" * (-len(joined) % 4)
    try:
        return binascii.a2b_base64(joined, strict_mode=True)
    except binascii.Error:
        return None


def _part_text(part, body: bytes) -> str:
    """A part's decoded bytes read in the charset it names (bytes that charset cannot read marked);
    one it does not name, ASCII (often said of text that is not) or one unknown: as a file's bytes are."""
    charset = part.get_content_charset()
    if charset and charset not in ("us-ascii", "ascii"):
        try:
            return body.decode(charset, "rasklad.mark")
        except LookupError:
            pass
    return _decode_bytes(body)


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _fitted(lines: list[str], count: int) -> list[str]:
    """A part's lines in place of its ``count`` coded lines: blank lines fill what they leave;
    blank lines at their end beyond are dropped (text beyond stays: it moves the lines after it)."""
    if len(lines) < count:
        return lines + [""] * (count - len(lines))
    end = len(lines)
    while end > count and not lines[end - 1].strip():
        end -= 1
    return lines[:end]


def _game_headers(text: str) -> set[str]:
    """The lines of a text that open a game, their blanks evened (to match an HTML copy's)."""
    text = "\n" + text.replace("\r", "\n")
    found = set()
    for candidate in _LATER_HEADER.finditer(text):     # (a line that starts as a header may be one)
        end = text.find("\n", candidate.start() + 1)
        line = text[candidate.start() + 1:end if end >= 0 else len(text)]
        if HEADERS.match(line.lstrip(" \t\ufeff")):
            found.add(" ".join(line.split()))
    return found


class _HtmlText(html.parser.HTMLParser):
    """The text of an HTML part, a line per line its reader shows (only for finding game headers)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in _BLOCK_TAGS:
            self.pieces.append("\n")

    def handle_endtag(self, tag):
        self.handle_starttag(tag, [])

    def handle_data(self, data):
        self.pieces.append(data.replace("\u00a0", " "))


def _html_text(markup: str) -> str:
    parser = _HtmlText()
    parser.feed(markup)
    parser.close()
    return "".join(parser.pieces)


def _unread_part(lines: tuple[str, ...]) -> str | None:
    """Why text laid out from an e-mail's part (its headers first) was not read (see :func:`_mail_parts`),
    or None when it is no such part."""
    if not lines or not _MIME_FIRST_HEADER.match(lines[0]):
        return None
    head = lines[:lines.index("")] if "" in lines else lines
    if not any(_MIME_CONTENT_HEADER.match(line) for line in head):
        return None
    part = email.message_from_string("\n".join(lines), policy=email.policy.compat32)
    if part.is_multipart():
        return None
    body = _part_bytes(part, part.get_payload().encode("utf-8", "replace"))
    if isinstance(body, str):
        return body
    return HTML_PART if part.get_content_type() == "text/html" else None


def _decode_bytes(data: bytes) -> str:
    """Bytes that are no UTF-16: UTF-8 (with or without BOM), else decided game by game."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", "rasklad.mark")
    return _decode_games(data)


_UTF16_BOMS = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}
_UTF16_MIN_NULS = 16
"""Fewer NULs than this (a few stray ones in a line) are no UTF-16 text."""
_UTF16_DENSITY = 0.1
"""UTF-16 of a log has a NUL for most characters (every ASCII one): a stretch with fewer NULs
than this share of its bytes is no UTF-16 (a PartyPoker client's one NUL opening each line)."""
_UTF16_RUN = 8
"""NULs in a row on the other byte of their characters that start a new stretch of UTF-16 (a
file joined after one of odd length); fewer are characters whose low byte is zero (U+0100)."""
_UTF16_GAP = 512
"""Bytes without a NUL that UTF-16 text of a log never holds (256 characters, none of them ASCII)."""
_UTF16_LINE_GAP = 32
"""Bytes without a NUL that may hold a line break of their own, the line break of other text:
UTF-16 text has a NUL beside each of its own."""
_BLANK_BYTES = b" \t\r\n"


_UTF16_BLOCK = 64
"""Characters of a UTF-16 file looked at together by :func:`_plain_utf16`: a log has an ASCII one
(a space, a digit, a line break) among so many."""


def _plain_utf16(data: bytes, unchanged: int = 0) -> str | None:
    """The codec of a file that is UTF-16 throughout, else None (then :func:`_utf16_spans` looks
    closer): its byte order mark says which, or its first byte (a NUL: big-endian); every block
    of its characters has a NUL high byte, no low byte is a NUL, and no byte order mark stands
    inside. (A quick look, where the close one costs seconds for a file of tens of megabytes.)
    ``unchanged``: its first bytes were found so before (a file that grew): only the blocks from
    the one they end in are looked at."""
    codec = next((name for name, bom in _UTF16_BOMS.items() if data.startswith(bom)), None)
    start = 2 if codec else 0
    if codec is None:
        if len(data) < 2 * _UTF16_BLOCK or (data[0] != 0 and data[1] != 0):
            return None
        codec = "utf-16-be" if data[0] == 0 else "utf-16-le"
    while start and data.startswith(_UTF16_BOMS[codec], start):
        start += 2      # the mark written twice (a text that began with U+FEFF): no file joined there
    begin = start
    if unchanged > start:
        if (unchanged - start) % 2:
            return None     # (a byte after its last character: what was appended stands a byte off)
        begin += (unchanged - start) // (2 * _UTF16_BLOCK) * (2 * _UTF16_BLOCK)
    if data.find(_UTF16_BOMS[codec], max(start, unchanged - 1)) >= 0:
        return None
    units = np.frombuffer(data, dtype=np.uint8, offset=begin, count=(len(data) - begin) // 2 * 2)
    high, low = (units[1::2], units[0::2]) if codec == "utf-16-le" else (units[0::2], units[1::2])
    if not len(high) or not low.all():
        return None
    whole = len(high) // _UTF16_BLOCK * _UTF16_BLOCK
    if whole < len(high) and (high[whole:] != 0).all():
        return None
    return codec if (high[:whole] == 0).reshape(-1, _UTF16_BLOCK).any(axis=1).all() else None


def _utf16_spans(data: bytes) -> list[tuple[int, int, str]]:
    """Where a file's bytes are UTF-16 text, as (start, stop, codec): found by their NULs, at
    every other byte (the high byte of each ASCII character), so that a UTF-16 export joined to
    a UTF-8 one, before or after it, and UTF-16 without a byte order mark are read. NULs in a
    row (the space a stopped writer never filled) are no sign of it.

    >>> line = "Seat 1: Anna (1000 in chips)\\n"
    >>> data = (line * 2).encode("utf-16") + line.encode() * 3 + (line * 2).encode("utf-16-le")
    >>> _utf16_spans(data)
    [(0, 118, 'utf-16-le'), (205, 321, 'utf-16-le')]
    """
    # whole-file passes over masks of the bytes, then a few steps a stretch: a file of tens of
    # megabytes that joins thousands of UTF-16 parts to others costs about what its bytes do
    # (NumPy calls and searches for each part, and arrays of every NUL's place, cost seconds)
    buf = np.frombuffer(data, dtype=np.uint8)
    nul = buf == 0
    nuls = int(np.count_nonzero(nul))
    if nuls < _UTF16_MIN_NULS:
        return []
    lone = nul.copy()       # a NUL with no NUL beside it
    lone[1:] &= ~nul[:-1]
    lone[:-1] &= ~nul[1:]
    in_rows = nuls - int(np.count_nonzero(lone))
    after_line_feed = int(np.count_nonzero(nul[1:] & (buf[:-1] == 10)))
    if after_line_feed + 2 * (data.count(b"\x00\x00") if in_rows else 0) >= 0.9 * nuls:
        return []       # (NULs that open lines or stand in a row, "\n\x00" and "\x00\x00": UTF-16 has one a character)
    alone = np.flatnonzero(lone)
    if len(data) < 1 << 31:
        alone = alone.astype(np.int32)      # (half the bytes to go through in each pass below)
    if len(alone) < _UTF16_MIN_NULS:
        return []
    # a stretch ends where NULs stop for long, or before a line break that has no NUL beside it
    gaps = alone[1:] - alone[:-1]
    breaks = gaps > _UTF16_GAP
    wide = np.flatnonzero((gaps > _UTF16_LINE_GAP) & ~breaks)
    if len(wide):
        line_feeds = np.flatnonzero(buf == 10)
        if len(line_feeds):
            end = len(buf) - 1
            own = line_feeds[((line_feeds == 0) | (buf[np.maximum(line_feeds - 1, 0)] != 0))
                             & ((line_feeds == end) | (buf[np.minimum(line_feeds + 1, end)] != 0))]   # no NUL beside
            if len(own):
                first = np.searchsorted(own, alone[wide] + 1)
                breaks[wide[(first < len(own)) & (own[np.minimum(first, len(own) - 1)] < alone[wide + 1])]] = True
    cuts = np.concatenate(([0], np.flatnonzero(breaks) + 1, [len(alone)]))
    begins, ends = cuts[:-1], cuts[1:]      # each stretch's NULs, alone[begin:end]
    counts = ends - begins
    dense = (counts >= _UTF16_MIN_NULS) & (counts >= _UTF16_DENSITY * (alone[ends - 1] - alone[begins] + 2))
    begins, ends = begins[dense], ends[dense]
    marks = _byte_order_marks(buf)
    parity = alone.astype(np.uint8) & 1
    flips = np.flatnonzero(parity[1:] != parity[:-1]) + 1      # the NULs on the other parity than the one before
    marked = np.searchsorted(marks, alone[ends - 1] - 2, side="right") > np.searchsorted(marks, alone[begins] + 1)
    flipped = np.searchsorted(flips, ends) > np.searchsorted(flips, begins + 1)
    spans: list[tuple[int, int, str]] = []
    for begin, end, cut, mixed in zip(begins.tolist(), ends.tolist(), marked.tolist(), flipped.tolist()):
        for joined in _at_marks(alone, begin, end, marks) if cut else ((begin, end),):
            for part_begin, part_end in _same_parity(parity, flips, *joined) if mixed else (joined,):
                spans.append(_utf16_span(data, int(alone[part_begin]), int(alone[part_end - 1]),
                                         spans[-1][1] if spans else 0, part_end - part_begin))
    return spans


def _byte_order_marks(buf: np.ndarray) -> np.ndarray:
    """Where the bytes hold a UTF-16 byte order mark, FF FE or FE FF, in order."""
    at = np.flatnonzero(buf[:-1] >= 0xFE)
    return at[buf[at].astype(np.uint16) + buf[at + 1] == 0xFF + 0xFE]


def _at_marks(alone: np.ndarray, begin: int, end: int, marks: np.ndarray) -> list[tuple[int, int]]:
    """The NULs ``alone[begin:end]`` of a stretch of UTF-16 in parts (as ranges of them) cut at each
    byte order mark inside it: a file joined there, the bytes between the two (a line feed too
    many, blank lines) read on their own."""
    first, last = int(alone[begin]), int(alone[end - 1])
    inside = marks[np.searchsorted(marks, first + 1):np.searchsorted(marks, last - 2, side="right")]
    if not len(inside):
        return [(begin, end)]
    cuts = (begin + np.searchsorted(alone[begin:end], inside)).tolist()
    return [(b, e) for b, e in pairwise([begin, *cuts, end]) if e > b]


def _same_parity(parity: np.ndarray, flips: np.ndarray, begin: int, end: int) -> list[tuple[int, int]]:
    """The NULs ``begin`` to ``end`` of a stretch of UTF-16 in parts (as ranges of them) whose NULs
    stand at bytes of one parity (``parity``; ``flips``: where it changes): a part starts where
    _UTF16_RUN of them in a row change it."""
    inside = flips[np.searchsorted(flips, begin + 1):np.searchsorted(flips, end)]
    if not len(inside):
        return [(begin, end)]
    changes = [begin, *inside.tolist(), end]
    starts = [begin]
    for b, e in pairwise(changes):
        if e - b >= _UTF16_RUN and b > begin and parity[b] != parity[starts[-1]]:
            starts.append(b)
    return list(pairwise([*starts, end]))


def _utf16_span(data: bytes, first: int, last: int, floor: int, count: int) -> tuple[int, int, str]:
    """(start, stop, codec) of a part of UTF-16 text whose ``count`` NULs are ``first`` to ``last``,
    not before ``floor`` (where the part before it ends), with its byte order mark. Big-endian after
    its mark FE FF, or when its first byte is a NUL (the high byte of its first character), or when
    the words of other scripts in it stand as big-endian text's do (see :func:`_big_endian_words`);
    else little-endian, as Windows writes it. (Text of ASCII and Latin-1 alone reads the same in
    either order, one byte over: each NUL the high byte of a character.)"""
    marked_little = data[max(first - 3, 0):first - 1] == _UTF16_BOMS["utf-16-le"]
    little = marked_little or not (data[max(first - 2, 0):first] == _UTF16_BOMS["utf-16-be"] or first == floor)
    if little and not marked_little and count < (last - first) // 2 + 1 and _big_endian_words(data, first, last):
        little = False
    start, stop = (first - 1, last + 1) if little else (first, last + 2)
    codec = "utf-16-le" if little else "utf-16-be"
    if start < floor:
        start += (floor - start + 1) // 2 * 2
    bom = _UTF16_BOMS[codec]
    if start >= floor + 2 and data[start - 2:start] == bom:
        while start >= floor + 2 and data[start - 2:start] == bom:    # a mark written twice too
            start -= 2
    elif data.startswith(bom, floor) and (start - floor) % 2 == 0 and start - floor <= _UTF16_GAP:
        start = floor       # its byte order mark, then characters other than ASCII
    return start, min(stop, len(data)), codec


def _byte_set(*ranges: range | bytes) -> np.ndarray:
    table = np.zeros(256, dtype=np.bool_)
    for values in ranges:
        table[list(values)] = True
    return table


_LINE_BLANKS = _byte_set(b"\t\n\r")
_CONTROLS = _byte_set(range(0x20)) & ~_LINE_BLANKS
_BLANKS_AFTER = _byte_set(b" \t\n\r")
_LOWER_LIKE = _byte_set(range(0x30, 0x50)) & ~_byte_set(b":")
_CYRILLIC = 0x04
"""The high byte of the Cyrillic letters (U+0400 to U+04FF), whose low bytes ``_LOWER_LIKE`` tells."""
_ORDER_MARGIN = 2
"""Votes for big-endian beyond those for little-endian that turn a part found by its NULs alone
big-endian: a stray one (an uncommon letter beside a word's end) never does."""


def _big_endian_words(data: bytes, first: int, last: int) -> bool:
    """Do the words of other scripts than Latin-1 (characters whose high byte is no NUL: Cyrillic,
    Greek, CJK) in a part of UTF-16 text whose NULs are ``first`` to ``last`` stand as they do in
    big-endian text, not little-endian? Each word stands between two characters of ASCII (their
    high bytes NULs, at ``first``, ``first`` + 2 … ``last``), and the byte just before the word and
    the one just after it belong, big-endian, to the character before and to the word's last
    letter; little-endian, to the word's first letter and to the character after. So each word
    votes, by what those two bytes would be:

    - big-endian, when the byte before is a line break or tab (a line that starts with the word;
      little-endian it would be a rare letter: Њ, Ѝ, Љ), when the byte after would be a control
      character after it (little-endian; big-endian, an upper-case letter: ``АННА``, or a sign
      such as the dash U+2013), or, after a Cyrillic word, the low byte of a lower-case letter,
      which a digit or ``;<=>?@A-O`` would be (not ``:``, a name's colon as much as ``к``; only
      Cyrillic: the euro sign, U+20AC, stands before digits);
    - little-endian, the same the other way round, and when the byte after is a blank (``Р``,
      0x20, big-endian: words that end with it are rare, names that start with it are not);
    - for a sign alone (``25€``), the order in which it is one of the signs of logs (U+20AC, not
      U+2035).

    Big-endian when its votes outnumber the others by ``_ORDER_MARGIN``.

    >>> for order in ("utf-16-be", "utf-16-le"):
    ...     data = b"\\n" + "Seat 1: Анна (100 in chips)\\nАнна: folds\\n".encode(order)
    ...     print(order, _big_endian_words(data, data.index(0), data.rindex(0)))
    utf-16-be True
    utf-16-le False
    """
    last -= (last - first) & 1      # (a part's last NUL may stand on the other parity)
    buf = np.frombuffer(data, dtype=np.uint8, count=last + 1)
    high = buf[first::2]                # each character's high byte (in either order)
    between = buf[first + 1::2]         # between[k] stands between high[k] and high[k + 1]
    other = high != 0
    starts = np.flatnonzero(other[1:] & ~other[:-1])     # a word starts at high[k + 1]: between[k] before it
    ends = np.flatnonzero(other[:-1] & ~other[1:])       # a word ends at high[k]: between[k] after it
    if other[0]:
        ends = ends[1:]
    if other[-1]:
        starts = starts[:-1]
    before, after = between[starts], between[ends]
    # the blanks and letters only of Cyrillic words: CJK characters as common as 上 and 不 (U+4E0A,
    # U+4E0D) have a line break's byte
    cyrillic_first, cyrillic_last = high[starts + 1] == _CYRILLIC, high[ends] == _CYRILLIC
    big = (np.count_nonzero(_CONTROLS[after]) + np.count_nonzero(_LINE_BLANKS[before] & cyrillic_first)
           + np.count_nonzero(_LOWER_LIKE[after] & cyrillic_last))
    little = (np.count_nonzero(_CONTROLS[before]) + np.count_nonzero(_BLANKS_AFTER[after] & cyrillic_last)
              + np.count_nonzero(_LOWER_LIKE[before] & cyrillic_first))
    alone = starts + 1 == ends      # a sign alone between ASCII characters: which order reads a sign of logs?
    if alone.any():
        sign_high = high[ends[alone]].astype(np.int64) << 8
        as_big, as_little = np.isin(sign_high | after[alone], _WIDE_SIGNS), np.isin(sign_high | before[alone], _WIDE_SIGNS)
        big += np.count_nonzero(as_big & ~as_little)
        little += np.count_nonzero(as_little & ~as_big)
    return bool(big >= little + _ORDER_MARGIN)


def _decode_parts(data: bytes, spans: list[tuple[int, int, str]]) -> str:
    """A file's text from its UTF-16 spans and the bytes between them, each read in its own
    encoding. A lone byte beside UTF-16 (the half character that ends a file of odd length) is
    unreadable, unless it is a blank: Winning writes a line feed too many."""
    parts = []
    at = 0
    for start, stop, codec in [*spans, (len(data), len(data), "")]:
        between = data[at:start]
        if len(between) == 1 and between not in _BLANK_BYTES:
            parts.append(chr(0xDC00 + between[0]))     # (its mark, as the decoder puts it)
        elif between:
            parts.append(_decode_bytes(between))
        if codec:
            text = data[start:stop].decode(codec, "rasklad.mark")
            parts.append(text.removeprefix("\ufeff"))
        at = stop
    return "".join(parts)


_HEADER_STARTS = re.compile(
    b"(?:\\A|\\n)(?P<line>[ \\t]*(?P<opening>[\\x80-\\xff]*))(?:"
    + b"|".join((b"(?i:%s)" if icase else b"%s") % re.escape(prefix.encode("ascii")) for prefix, icase in HEADER_PREFIXES)
    + b")")
"""Where a line may open a game, in a text's bytes (the declared header prefixes at a line's start),
with the high bytes before the prefix: a byte order mark, or stray bytes (see :func:`_stray_opening`)."""
_UTF8_BOM = b"\xef\xbb\xbf"


def _stray_opening(opening: bytes) -> bool:
    """Whether the high bytes before a header's prefix are stray bytes, not UTF-8 (a 0xFF a tool
    left between two hands): they are no text of the game, in whatever encoding the game is, so
    they are read as unreadable and left out (see :func:`_marked`) instead of voting for a code
    page in which they would be letters glued to the header ("ÿPokerStars Hand")."""
    try:
        opening.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def _decode_games(data: bytes, *, alone: bool = False) -> str | None:
    """A text not UTF-8 throughout, decided game by game (a game from one header line to the next).

    A game that is UTF-8 reads as UTF-8. Another reads as UTF-8 with unreadable bytes marked
    when more of its bytes are well-formed UTF-8 characters outside ASCII than are not UTF-8
    (bytes, not characters: a Cyrillic letter is two, a dash three, so one stray byte never
    outweighs a single letter), or when it holds no such character and no byte that is a
    letter in a Windows code page (a stray dash or no-break space) but stands in a file that
    is UTF-8; else as Windows-1251 or 1252 by the shape of its letters, a byte that code page has
    no character for (0x81 in Windows-1252, 0x98 in Windows-1251) marked as unreadable.
    ``alone``: the bytes are a file's from a game's first line on, to be read as they read in the
    whole file: None when a game among them is decided by the whole file's bytes (see
    :func:`_file_choices`), or text before their first header is not ASCII (the game before's, in the file).
    """
    file_utf8: bool | None = None       # the whole text's, worked out once a game needs them
    file_codec: str | None = None
    starts = [0]
    opened = False      # whether a header opens the bytes
    strays = {}     # a game's start: the stray bytes that open its header's line (where, how many)
    for m in _HEADER_STARTS.finditer(data):
        stray = m["opening"].removeprefix(_UTF8_BOM)
        if stray and not _stray_opening(stray):
            continue        # UTF-8 text glued to the prefix: no header
        begin = m.start("line")
        line_end = data.find(b"\n", begin)
        line = data[m.end("opening"):line_end if line_end >= 0 else len(data)].decode("latin-1")
        if HEADERS.match(line):
            opened = opened or begin == 0
            if begin > 0:
                starts.append(begin)
            if stray:
                strays[begin] = (m.end("opening") - len(stray) - begin, len(stray))
    starts.append(len(data))
    if alone and not (opened or data[:starts[1]].isascii()):
        return None
    parts = []
    for begin, end in pairwise(starts):
        if begin in strays:
            at, count = strays[begin]
            parts.append(data[begin:begin + at].decode("utf-8")      # (blanks, a byte order mark)
                         + "".join(chr(0xDC00 + byte) for byte in data[begin + at:begin + at + count]))
            begin += at + count
        piece = data[begin:end]
        if piece.isascii():
            parts.append(piece.decode("ascii"))
            continue
        utf8_bytes, bad = _utf8_bytes(piece)
        if bad == 0:
            parts.append(piece.decode("utf-8"))
            continue
        if utf8_bytes == 0 and file_utf8 is None and not _has_letter_bytes(piece):
            if alone:
                return None
            file_utf8 = _file_choices(data)[0]
        if utf8_bytes > bad or (utf8_bytes == 0 and file_utf8 and not _has_letter_bytes(piece)):
            parts.append(piece.decode("utf-8", "surrogateescape"))
            continue
        codec = _legacy_codec(piece, None)
        if codec is None:
            if alone:
                return None
            if file_codec is None:
                file_codec = _file_choices(data)[1]
            codec = file_codec
        parts.append(piece.decode(codec, "rasklad.mark"))
    return "".join(parts)


def _file_choices(data: bytes) -> tuple[bool, str]:
    """What :func:`_decode_games` decides over a whole file's bytes for the games whose own bytes do
    not tell: whether the file is more UTF-8 than not (a game with a stray byte and no letter), and
    its code page (a game whose letters and signs do not tell)."""
    utf8_bytes, bad = _utf8_bytes(data)
    return utf8_bytes > bad, _legacy_codec(data)


def code_page_kept(data: bytes, unchanged: int) -> bool:
    """Whether the bytes a file in a Windows code page grew by (after its first ``unchanged``) leave
    what its decoding decided over the whole file as it was (:func:`_file_choices`): the games read
    before that it decided so read as they did. A code page of one byte a character can be cut at
    any line; what its games' bytes mean may hang on all the others.

    >>> code_page_kept(b"Hand 1 \\xc0\\n", 9), code_page_kept(b"Hand 1 \\xc0\\n" + "Hand 2 Zoë, José, Chloé\\n".encode("cp1252"), 9)
    (True, False)
    """
    return _file_choices(data[:unchanged]) == _file_choices(data)


def _utf8_bytes(data: bytes) -> tuple[int, int]:
    """How many of the bytes are well-formed UTF-8 characters outside ASCII, and how many are not UTF-8."""
    readable = data.decode("utf-8", "ignore").encode("utf-8")
    return len(readable) - len(readable.translate(None, _HIGH_BYTES)), len(data) - len(readable)


def _has_letter_bytes(data: bytes) -> bool:
    """Whether the bytes hold one that Windows-1251 and 1252 read as a letter (0xC0 to 0xFF)."""
    return len(data.translate(None, _LETTER_BYTES)) < len(data)


_FEW_LETTERS = 6
"""A game with fewer high letters than this (a short name) whose letters stand some as Cyrillic
words do, some as accented Latin letters do, is read in its file's legacy encoding, unless its
signs tell."""
_LETTER_BYTES = bytes(range(0xC0, 0x100))
_HIGH_BYTES = bytes(range(0x80, 0x100))
_LOG_SIGNS = frozenset("€£¥¢…–—‘’‚“”„•«»№°±×·©®™§\u00a0")
"""Signs a log may hold: a byte that is one of them in one code page and not in the other
(the euro is 0x80 in Windows-1252 and 0x88 in Windows-1251) votes for the first."""
_WIDE_SIGNS = np.array(sorted(ord(sign) for sign in (*_LOG_SIGNS, "₹") if ord(sign) > 0xFF), dtype=np.int64)
"""The signs of logs whose high byte in UTF-16 is no NUL (the euro sign, dashes, quotes)."""
_SIGN_VOTES = {byte: (bytes([byte]).decode("cp1251", "replace") in _LOG_SIGNS)
               - (bytes([byte]).decode("cp1252", "replace") in _LOG_SIGNS) for byte in range(0x80, 0xC0)}
_SIGN_VOTES = {byte: vote for byte, vote in _SIGN_VOTES.items() if vote}
_VOTE_BYTES = np.array(list(_SIGN_VOTES), dtype=np.intp)
_VOTES = np.array(list(_SIGN_VOTES.values()), dtype=np.int64)


def _letter_shapes(buf: np.ndarray) -> tuple[int, int]:
    """How many high letters (0xC0 to 0xFF, and Ё, ё: 0xA8, 0xB8) stand as Cyrillic words do, and
    how many stand alone in Latin words as Windows-1252 letters do, counted run by run of them
    (one pass, where the regular expressions of these shapes cost ~50 ns a byte):

    - Cyrillic: a run's letters, when no ASCII letter stands before it, less the last when one
      follows it (``Dima_Ян`` 2, ``Янa`` 1); when one stands before it, all its letters if they
      are two or more (``aЯн`` 2, ``aЯ`` 0);
    - Latin: a run of one letter (not Ё, ё) beside an ASCII letter (``José``, ``Zoë``).

    >>> _letter_shapes(np.frombuffer("Ян Zoë".encode("cp1251", "replace")[:3] + "Zoë".encode("cp1252"), np.uint8))
    (2, 1)
    """
    at = np.flatnonzero((buf >= 0xC0) | (buf == 0xA8) | (buf == 0xB8))
    if not len(at):
        return 0, 0
    if len(at) <= _FEW_HIGH:
        return _few_letter_shapes(buf, at.tolist())
    apart = np.flatnonzero(at[1:] - at[:-1] != 1)       # where a run ends before the next
    starts = at[np.concatenate(([0], apart + 1))]
    ends = at[np.concatenate((apart, [len(at) - 1]))] + 1     # each run is [start, end)
    length = ends - starts
    last = len(buf) - 1
    before = (starts > 0) & _ascii_letters(buf[np.maximum(starts - 1, 0)])
    after = (ends <= last) & _ascii_letters(buf[np.minimum(ends, last)])
    cyrillic = np.where(before, np.where(length >= 2, length, 0), length - after).sum()
    latin = ((length == 1) & (buf[starts] >= 0xC0) & (before | after)).sum()
    return int(cyrillic), int(latin)


_FEW_HIGH = 64
"""High letters few enough (a game's names) to be counted one by one, without the whole-array steps."""


def _few_letter_shapes(buf: np.ndarray, at: list[int]) -> tuple[int, int]:
    """:func:`_letter_shapes` of bytes whose high letters stand at ``at``, run by run in Python."""
    cyrillic = latin = 0
    last = len(buf) - 1
    k = 0
    while k < len(at):
        start = end = at[k]
        k += 1
        while k < len(at) and at[k] == end + 1:
            end = at[k]
            k += 1
        length = end + 1 - start
        before = start > 0 and _ASCII_LETTER[buf[start - 1]]
        after = end < last and _ASCII_LETTER[buf[end + 1]]
        if before:
            cyrillic += length if length >= 2 else 0
        else:
            cyrillic += length - after
        latin += length == 1 and buf[start] >= 0xC0 and (before or after)
    return cyrillic, int(latin)


_ASCII_LETTER = [chr(byte).isascii() and chr(byte).isalpha() for byte in range(256)]


def _ascii_letters(values: np.ndarray) -> np.ndarray:
    folded = values | 0x20      # (A-Z to a-z; no other byte lands in a-z)
    return (folded >= 0x61) & (folded <= 0x7A)


def _legacy_codec(data: bytes, otherwise: str | None = "cp1252") -> str | None:
    """Windows-1251 or 1252: by the shape of the letters when there are enough (see
    :func:`decode`), and by the signs (see ``_LOG_SIGNS``); ``otherwise`` when neither tells."""
    buf = np.frombuffer(data, dtype=np.uint8)
    counts = np.bincount(buf, minlength=256)
    score = int(counts[_VOTE_BYTES] @ _VOTES)
    letters = int(counts[0xC0:].sum())
    cyrillic, latin = _letter_shapes(buf) if letters or counts[0xA8] or counts[0xB8] else (0, 0)
    # a few letters tell when they all have one shape: "Jürgen" alone in a game is Latin, whatever
    # the Russian games around it; a Cyrillic letter alone between Latin ones is no Russian word
    if letters >= _FEW_LETTERS or not (cyrillic and latin):
        score += cyrillic - latin
    if score == 0:
        return otherwise
    return "cp1251" if score > 0 else "cp1252"


_MARKS_OPENING_LINE = re.compile("(?<![^\n\r])(\ufeff*)[\udc00-\udcff]+")
"""Marks of unreadable bytes that open a line: before a header they are no text of the game (a
stray byte between two hands of a UTF-16 file), as the control characters a file opens with."""


def _marked(text: str) -> str:
    """``text`` as is, or, when it holds marks of unreadable bytes, a DecodedText that says where.
    Marks that open a header's line are left out (the game is read, and warned of the byte)."""
    if not _MARK.search(text):
        return text
    where = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        mark = _MARK.search(line)
        if mark is not None:
            where.append((number, mark.start() + 1, ord(mark[0]) - 0xDC00))
    text = _MARKS_OPENING_LINE.sub(
        lambda marks: marks[1] if HEADERS.match(marks.string, marks.end()) else marks[0], text)
    out = DecodedText(_MARK.sub("\ufffd", text))
    out.undecodable = tuple(where)
    return out


_OPENING_NUL = re.compile(r"^\x00+", re.MULTILINE)
"""The NULs that open a line: filler, no text. Some PartyPoker clients write one after every
line break (and one before a file's first line); a writer that stopped leaves a run of them
where its text was to go, the next text it wrote (a header) right after them. NULs after a
line's first character other than NUL are text of that line, which cannot be read."""


def drop_opening_nuls(text: str) -> str:
    """The text without the NULs that open its lines.

    >>> drop_opening_nuls("\\x00Game #1 starts.\\n\\x00\\n\\x00#Game No : 1\\n\\x00\\x00\\x00PokerStars Hand #2")
    'Game #1 starts.\\n\\n#Game No : 1\\nPokerStars Hand #2'
    """
    return _OPENING_NUL.sub("", text) if "\x00" in text else text


_LEADING_CONTROLS = re.compile(r"[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]+")
"""Control characters a file may open with before its first line (a stray 0x10 before a PokerStars
summary's header): no line's text, as a byte order mark is none. (Tabs and line ends are text; a
NULs opening a line are :data:`_OPENING_NUL`'s.)"""


def drop_leading_controls(text: str) -> str:
    """The text without the control characters it opens with, so that its first line is read for
    what it is (a game's header) whatever format it opens.

    >>> drop_leading_controls("\\x10PokerStars Tournament #1\\n\\x10x")
    'PokerStars Tournament #1\\n\\x10x'
    """
    found = _LEADING_CONTROLS.match(text)
    return text[found.end():] if found else text


_OPENING_MARKS = re.compile("^\ufeff+", re.MULTILINE)
"""Byte order marks (U+FEFF, a zero-width no-break space) that open a line: files joined or
written in pieces leave them, and they are no text (a name after one would be another name,
printed the same)."""


def even_blanks(text: str) -> str:
    """A text (its line ends evened out to "\\n") with non-breaking spaces as spaces and without
    the byte order marks that open its lines.

    >>> even_blanks("Seat 1: Anna\\u00a0B\\n\\ufeffBoris: folds")
    'Seat 1: Anna B\\nBoris: folds'
    """
    if text.isascii():
        return text
    text = text.replace("\u00a0", " ").replace("\u202f", " ")
    return _OPENING_MARKS.sub("", text) if "\ufeff" in text else text


def normalize_lines(text: str) -> list[str]:
    """Lines without line endings, trailing blanks, the NULs opening them, the byte order marks that
    open them or the control characters the text opens with; non-breaking spaces become spaces."""
    text = even_blanks(text.replace("\r\n", "\n").replace("\r", "\n"))
    text = drop_leading_controls(drop_opening_nuls(text))
    return [line.rstrip() for line in text.split("\n")]


def game_id(lines: list[str] | tuple[str, ...]) -> str:
    """The hash of a game's normalized text: the same game always has the same ID."""
    return hashlib.blake2b("\n".join(lines).encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


# ////////////////////////////////////////////////////////////////////// chunks


@dataclass(frozen=True, slots=True)
class Chunk:
    """The text of one game (or of unrecognized text) and where it stands in its file."""

    format: str | None
    """The format whose header opened the chunk, or None for text no header opens."""
    first_line: int
    last_line: int
    lines: tuple[str, ...]
    game_id: str
    undecodable: tuple[int, int, int] | None = None
    """(line, column, byte) of the first byte of the chunk that could not be decoded, if any."""
    context: tuple[str, ...] = ()
    """For a game that is an element of an XML document (an iPoker session): the document's text
    before its first game, which every game needs (the session's stakes and currency)."""
    ends_file: bool = False
    """The file ends with this game (nothing but filler after it), so that a game stopping short
    of its format's last lines was cut off with the file (:attr:`parsers.formats.Format.cut_short`).
    Set on a whole file's last chunk by :func:`at_file_end`; a split of kept texts sets it only
    where it is told so (:func:`cut_games`), since a kept text alone does not show what followed it."""
    ends_mid_line: bool = False
    """The file ends inside this chunk's last line, no line break after it (a download interrupted
    at ``Seat 3: Bob (``): set by :func:`at_file_end` on the chunk that holds the file's last line."""
    first_column: int = 1
    """The column of its file's line at which the chunk's first line starts: past 1 for a game whose
    header follows a cut line's fragment on that line (:data:`parsers.formats.WHOLE_HEADERS`),
    so that a fault in the header is cited at its column in the file."""
    cut_by_crash: bool = False
    """A client that crashed cut this chunk's last line, then wrote the next game on after the cut
    (:func:`_split_at`): the line is a fragment, which may read as the start of a line of any kind,
    so its fault is told as a line that cannot be read, never as a line out of place."""
    _cut_from: tuple[str, int, int] | None = field(default=None, init=False, repr=False, compare=False)
    """(text, start, stop) of a chunk made by :func:`cut_chunk` until its lines are first read."""

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def __getattr__(self, name: str):
        # only an unset slot comes here: the lines of a chunk made by cut_chunk, cut when first read
        if name != "lines" or self._cut_from is None:
            raise AttributeError(name)
        text, start, stop = self._cut_from
        lines = tuple(text[start:stop].split("\n"))
        _LINES.__set__(self, lines)
        _CUT_FROM.__set__(self, None)      # the chunk no longer holds its file's text
        return lines


_make_chunk = slot_filler(Chunk)
_LINES, _CUT_FROM = Chunk.lines, Chunk._cut_from


def cut_chunk(fmt: str | None, first_line: int, last_line: int, game_id: str, text: str, start: int,
              stop: int) -> Chunk:
    """A chunk whose lines are ``text[start:stop]``, split only when first read: a lane reads most
    games from the file's bytes and never needs a string per line.

    >>> chunk = cut_chunk("pokerstars", 3, 4, "x", "a\\nb\\nc\\nd", 4, 7)
    >>> chunk.lines, chunk == Chunk("pokerstars", 3, 4, ("c", "d"), "x")
    (('c', 'd'), True)
    """
    chunk = _make_chunk(fmt, first_line, last_line, None, game_id, None, (), False, False, 1, False, (text, start, stop))
    _LINES.__delete__(chunk)
    return chunk


# Tracker archives put a banner between hands: "*********** # 12 **************".
_SEPARATOR = re.compile(r"^\s*\*{3,} ?# ?\d+ ?\*{3,}\s*$")


def is_filler(line: str) -> bool:
    """Is this a line that stands between games without belonging to either: a blank, a
    ``#`` comment or an archive's banner?"""
    stripped = line.lstrip()
    return not stripped or stripped.startswith("#") or bool(_SEPARATOR.match(line))


def dedent(lines: list[str]) -> list[str]:
    """A game's lines without the byte order mark of its first line and the indentation they
    all share (tracker archives indent whole games)."""
    first = lines[0].lstrip("\ufeff")
    lines = [first, *lines[1:]]
    if not first.startswith((" ", "\t")):
        return lines
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return [line[indent:] for line in lines]


# ////////////////////////////////////////////////////////////////////// where games end

MAX_LINE_CHARS = 100_000
"""A line longer than this is no log line (real ones are under a thousand characters): it and
what follows up to the next header are text of their own, not part of the game before it."""

_FILLER_LINE = re.compile(r"[ \t]*(?:#[^\n]*|\*{3,} ?# ?\d+ ?\*{3,}[ \t]*)?(?=\n|\Z)")


def _alternatives(parts) -> str:
    """One pattern for a declaration's lines: literal starts escaped, patterns as written."""
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(re.escape(part))
        elif part.flags & ~re.UNICODE:
            raise ValueError(f"a line pattern takes its flags inline, as (?i:…): {part.pattern!r}")
        else:
            out.append(f"(?:{part.pattern})")
    return "|".join(out) if out else "(?!)"


class _GameEnd(NamedTuple):
    """A format's last section, compiled (see parsers.formats.Format.last_section)."""

    opening: re.Pattern[str]
    lines: re.Pattern[str]
    once: re.Pattern[str] | None
    """One group per line a game holds once at most."""
    keeps_lone_lines: bool
    run: re.Pattern[str]
    """Lines after a line break that belong, once-only ones however often: where none stands
    after it, the game runs to its last line unless a once-only line repeats."""
    once_lines: re.Pattern[str] | None
    """``once`` after a line break, to find the once-only lines of a stretch of text."""
    literal_starts: tuple[str, ...]
    """The section's lines' literal starts, to know a line the file cuts before it says what it is."""


def _game_end(fmt) -> _GameEnd:
    lines = _alternatives(fmt.last_section_lines)
    once = "|".join(f"({_alternatives((line,))})" for line in fmt.last_section_once)
    filler = _FILLER_LINE.pattern
    return _GameEnd(
        re.compile(r"[ \t]*(?:" + _alternatives((fmt.last_section,)) + ")"),
        re.compile(r"[ \t]*(?:" + lines + ")"),
        re.compile(r"[ \t]*(?:" + once + ")") if once else None,
        fmt.keeps_lone_lines,
        # once-only lines (keywords) first: they fail fast where a free-form line pattern would not
        re.compile(r"(?:\n(?:[ \t]*(?:" + (once + "|" if once else "") + lines + r")[^\n]*|" + filler + "))*"),
        re.compile(r"\n[ \t]*(?:" + once + ")") if once else None,
        tuple(part for part in (*fmt.last_section_lines, *fmt.last_section_once) if isinstance(part, str) and part))


_GAME_ENDS = {fmt.name: _game_end(fmt) for fmt in FORMATS if fmt.last_section is not None}
_OPENED_BY_HASH = frozenset(fmt.name for fmt in FORMATS if isinstance(fmt.last_section, re.Pattern)
                            and fmt.last_section.pattern.startswith("\\#"))
"""The formats whose last section opens with a line that starts with '#' (a score sheet's table
header): that line ends a game it stands last in, where a comment would not."""


def _belongs(end: _GameEnd, text: str, start: int, stop: int, seen: set[int], record: bool = True) -> bool:
    """Does the line text[start:stop] belong to a game's last section: filler, one of its lines, or
    a line it holds once that ``seen`` (the groups met so far, updated when ``record``) does not hold?"""
    if _FILLER_LINE.match(text, start, stop) or end.lines.match(text, start, stop):
        return True
    if end.once is None:
        return False
    once = end.once.match(text, start, stop)
    if once is None:
        return False
    kind = once.lastindex
    if kind in seen:
        return False
    if record:
        seen.add(kind)
    return True


def _cut_short_line(end: _GameEnd, text: str, start: int, stop: int) -> bool:
    """Is the line text[start:stop], which the file cuts, the start of one of a last section's
    lines (``Tot`` of ``Total pot $13 | Rake $2``), so that it is the game's, cut with its file?"""
    line = text[start:stop].lstrip(" \t")
    return bool(line) and any(literal.startswith(line) for literal in end.literal_starts)


def _end_of_game(text: str, fmt: str | None, begin_at: int, stop_at: int, cut_at_end: bool = False) -> int:
    """Where a game that starts at ``begin_at`` and runs to ``stop_at`` (the end of its last
    line) ends: ``stop_at``, or the offset of the line break before the first line after the
    opening of its last section that does not belong there (and, for formats that keep lone bad
    lines, is not followed by one that does). ``cut_at_end``: the file ends inside the last line
    (no line break after it), which belongs to the game when it starts as one of the section's
    lines could, whatever it lacks."""
    end = _GAME_ENDS.get(fmt)
    if end is None:
        return stop_at
    at = begin_at
    while True:                 # the section's opening line
        line_end = text.find("\n", at, stop_at)
        line_end = stop_at if line_end < 0 else line_end
        if end.opening.match(text, at, line_end):
            break
        if line_end >= stop_at:
            return stop_at
        at = line_end + 1
    if end.run.match(text, line_end, stop_at).end() == stop_at:
        if end.once_lines is None:
            return stop_at
        kinds = [line.lastindex for line in end.once_lines.finditer(text, line_end, stop_at)]
        if len(kinds) == len(set(kinds)):
            return stop_at      # every line belongs, and no once-only one repeats
    seen: set[int] = set()
    at = line_end               # the line break before the line read next
    after_filler = False        # (a cut line after a blank one is the start of what follows the game)
    while at < stop_at:
        line_end = text.find("\n", at + 1, stop_at)
        line_end = stop_at if line_end < 0 else line_end
        if not _belongs(end, text, at + 1, line_end, seen):
            if cut_at_end and line_end == stop_at and not after_filler and _cut_short_line(end, text, at + 1, line_end):
                return stop_at
            if not end.keeps_lone_lines:
                return at
            following = line_end
            while following < stop_at:      # the next line that is not filler
                following_end = text.find("\n", following + 1, stop_at)
                following_end = stop_at if following_end < 0 else following_end
                if not _FILLER_LINE.match(text, following + 1, following_end):
                    break
                following = following_end
            if following >= stop_at or not _belongs(end, text, following + 1, following_end, seen, record=False):
                return at
        if cut_at_end:
            after_filler = _FILLER_LINE.match(text, at + 1, line_end) is not None
        at = line_end
    return stop_at


# ////////////////////////////////////////////////////////////////////// the header prefilter

# The characters outside ASCII that an ASCII letter matches under re.IGNORECASE (their lower()
# or upper() is that letter): tests/test_source.py checks this against every code point.
ICASE_EXTRA = {"i": "\u0131", "s": "\u017f", "k": "\u212a"}


def _variants(char: str, ignore_case: bool) -> set[str]:
    """The characters ``char`` matches, under re.IGNORECASE or not."""
    if not ignore_case:
        return {char}
    out = {char, char.lower(), char.upper()}
    out.update(ICASE_EXTRA.get(char.lower(), ""))
    return {c for c in out if len(c) == 1}


def _starts(prefixes: tuple[tuple[str, bool], ...], k: int) -> set[str]:
    """Every way the first ``k`` characters of a header line can be written."""
    out: set[str] = set()
    for prefix, ignore_case in prefixes:
        heads = {""}
        for char in prefix[:k]:
            heads = {head + v for head in heads for v in _variants(char, ignore_case)}
        out |= heads
    return out


def _header_table(prefixes) -> tuple[np.ndarray, np.ndarray, bool]:
    """From the declared header prefixes: 256 × 256 booleans (may a line starting with these two
    bytes be a header?), the four-character starts as big-endian words, and whether every start
    is ASCII (else texts outside ASCII check every line)."""
    if any(len(prefix) < 4 for prefix, _ in prefixes):
        raise ValueError("header prefixes must be at least four characters long")
    table = np.zeros((256, 256), dtype=np.bool_)
    twos = _starts(prefixes, 2)
    for two in twos:
        if two.isascii():
            table[ord(two[0]), ord(two[1])] = True
    fours = sorted((ord(p[0]) << 24) | (ord(p[1]) << 16) | (ord(p[2]) << 8) | ord(p[3])
                   for p in _starts(prefixes, 4) if p.isascii())
    return table, np.array(fours, dtype=np.uint32), all(two.isascii() for two in twos)


_HEADER_TABLE, _FOURS, _ASCII_STARTS = _header_table(HEADER_PREFIXES)
_HEADER_TABLE_UTF8 = _HEADER_TABLE if _ASCII_STARTS else np.ones((256, 256), dtype=np.bool_)
_NO_FOURS = np.zeros(0, dtype=np.uint32)
_UNICODE_SPACES = np.array([0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F, 0x205F, 0x3000],
                           dtype=np.int64)
"""The whitespace characters outside ASCII (str.isspace(); the test checks the list)."""


@helper
def _is_blank_byte(c):
    return c == 32 or c == 9 or c == 11 or c == 12 or 28 <= c <= 31


def _candidate_lines(data: np.ndarray, starts: np.ndarray, table: np.ndarray,
                     fours: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Byte offsets and indexes of the lines (starting at ``starts``) of a UTF-8 text that may be
    headers (after an indent of spaces, tabs and byte order marks), in order; and the indexes of
    the lines that end in a blank (normalize_lines strips it)."""
    found = np.empty((3, starts.shape[0]), dtype=np.int64)
    count, blanks = _find_candidates(data, starts, table, fours, _UNICODE_SPACES, found[0], found[1], found[2])
    return found[0, :count], found[1, :count], found[2, :blanks]


@entry_in_place
def _find_candidates(data, starts, table, fours, spaces, out, rows, trailing):
    """:func:`_candidate_lines` into ``out``, ``rows`` and ``trailing`` (allocated by the caller: an
    allocation compiled here cost a first run more than the kernel): returns their counts."""
    n = data.shape[0]
    count = 0
    blanks = 0
    for row in range(starts.shape[0]):
        start = starts[row]
        stop = starts[row + 1] - 1 if row + 1 < starts.shape[0] else n
        i = start
        if i < stop and data[i] != 35:       # "#"
            while i < stop:
                if data[i] == 32 or data[i] == 9:
                    i += 1
                elif data[i] == 0xEF and i + 2 < stop and data[i + 1] == 0xBB and data[i + 2] == 0xBF:
                    i += 3      # U+FEFF, a byte order mark
                else:
                    break
            if i < stop:
                second = data[i + 1] if i + 1 < stop else 10
                candidate = table[data[i], second]
                if candidate and fours.shape[0] > 0:
                    candidate = False
                    if i + 3 < stop:
                        word = (np.uint32(data[i]) << 24) | (np.uint32(data[i + 1]) << 16) \
                            | (np.uint32(data[i + 2]) << 8) | np.uint32(data[i + 3])
                        for f in fours:
                            if f == word:
                                candidate = True
                                break
                if candidate:
                    out[count] = start
                    rows[count] = row
                    count += 1
        if stop > start:
            last = data[stop - 1]
            blank = False
            if _is_blank_byte(last):
                blank = True
            elif last >= 0x80:
                # the line's last character, decoded: a space outside ASCII?
                k = stop - 1
                while k > start and (data[k] & 0xC0) == 0x80 and stop - k < 4:
                    k -= 1
                lead = data[k]
                if lead >= 0xF0:
                    cp = lead & 0x07
                elif lead >= 0xE0:
                    cp = lead & 0x0F
                else:
                    cp = lead & 0x1F
                for m in range(k + 1, stop):
                    cp = (cp << 6) | (data[m] & 0x3F)
                for space in spaces:
                    if cp == space:
                        blank = True
            if blank:
                trailing[blanks] = row
                blanks += 1
    return count, blanks


_LINE_BLOCK = 1 << 18
"""Bytes searched for line breaks at a time: one comparison over a whole 20 MB file made a 20 MB
temporary, whose fresh pages cost a one-file command more than the search (15-140 ms, not 17)."""


def line_starts(buf: np.ndarray) -> np.ndarray:
    """The byte offset of every line of a text's bytes ("\\n"-separated), as ``text.split("\\n")`` has them."""
    starts = [np.zeros(1, dtype=np.int64)]
    for at in range(0, len(buf), _LINE_BLOCK):
        breaks = np.flatnonzero(buf[at:at + _LINE_BLOCK] == 10)
        breaks += at + 1
        starts.append(breaks)
    return np.concatenate(starts)


def _words(words: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Several ASCII words as one byte array and their offsets (word i is data[at[i]:at[i + 1]])."""
    data = b"".join(w.encode("ascii") for w in words)
    return np.frombuffer(data, dtype=np.uint8).copy(), np.cumsum([0] + [len(w) for w in words]).astype(np.int64)


@helper
def _line_mark(data, start, stop, words, at):
    """For the line data[start:stop], after its spaces and tabs: 4 if that is all (a blank line),
    else 1 if it opens a last section (starts with word 0) plus 2 if it starts as that section's
    lines do (words 1…)."""
    i = start
    while i < stop and (data[i] == 32 or data[i] == 9):
        i += 1
    if i == stop:
        return 4
    mark = 0
    for k in range(at.shape[0] - 1):
        length = at[k + 1] - at[k]
        if i + length <= stop:
            same = True
            for j in range(length):
                if data[i + j] != words[at[k] + j]:
                    same = False
                    break
            if same:
                mark |= 1 if k == 0 else 2
    return mark


@entry_in_place
def _mixed_last_sections(data, starts, begins, ends, words, at, out):
    """For each game (lines begins[g] to ends[g], exclusive): after the first line that opens its
    last section, does a line stand that does not start as that section's lines do, or a line
    after a blank one? Blank lines at the game's end are not its lines. Into ``out`` (False)."""
    n = data.shape[0]
    for g in range(begins.shape[0]):
        opened = False
        blank = False
        for row in range(begins[g], ends[g]):
            stop = starts[row + 1] - 1 if row + 1 < starts.shape[0] else n
            mark = _line_mark(data, starts[row], stop, words, at)
            if not opened:
                opened = (mark & 1) != 0
                continue
            if mark == 4:
                blank = True
            elif blank or (mark & 2) == 0:
                out[g] = True
                break


def _literal_words(fmt) -> tuple[np.ndarray, np.ndarray] | None:
    """The last section of a format declared by literal starts alone, as words for the compiled
    prefilter; None when patterns or once-only lines need the close reading of every game."""
    declared = (fmt.last_section, *fmt.last_section_lines)
    if fmt.last_section_once or not all(isinstance(part, str) and part.isascii() for part in declared) \
            or fmt.last_section == "":
        return None
    return _words(list(declared))


_SECTION_WORDS = {fmt.name: _literal_words(fmt) for fmt in FORMATS if fmt.last_section is not None}


def _games_to_check(buf: np.ndarray, starts_of_lines: np.ndarray, heads: list[tuple[int, int, str | None]],
                    count: int) -> set[int]:
    """The header rows of the games (of a format with a last section) that may hold a line after
    that section which does not belong to it: only those are read closely by _end_of_game."""
    out: set[int] = set()
    rows = [row for row, _, _ in heads]
    by_format: dict[str, list[int]] = {}     # one pass over the games, not one per format
    for k, (_, _, fmt) in enumerate(heads):
        if fmt in _SECTION_WORDS:
            by_format.setdefault(fmt, []).append(k)
    for name, picked in by_format.items():
        words = _SECTION_WORDS[name]
        begins = np.array([rows[k] for k in picked], dtype=np.int64)
        if words is None:
            out.update(begins.tolist())
            continue
        ends = np.array([rows[k + 1] if k + 1 < len(rows) else count for k in picked], dtype=np.int64)
        mixed = np.zeros(len(begins), dtype=np.bool_)
        _mixed_last_sections(buf, starts_of_lines, begins, ends, *words, mixed)
        out.update(begins[mixed].tolist())
    return out


# ////////////////////////////////////////////////////////////////////// the split


def split(text: str) -> list[Chunk]:
    """A decoded file's chunks: one per game, cut at each header line, plus text no header opens.

    Lines are numbered and normalized as :func:`normalize_lines` does. Filler lines (blanks,
    comments, archive banners) at the end of a chunk are left out of it. A header may be
    indented, as in some tracker archives; the chunk then loses the indentation its lines share.

    >>> [(c.format, c.first_line, c.last_line) for c in split("x\\n\\nPokerStars Hand #1: a\\nb\\n\\n")]
    [(None, 1, 1), ('pokerstars', 3, 4)]
    """
    return split_file(text).chunks


def at_file_end(chunks: list[Chunk], cut_line: int | None = None) -> list[Chunk]:
    """A whole file's chunks (or a whole text's, as pasted), its last game marked
    :attr:`Chunk.ends_file`: the file ends inside it or right after it. Text that no header opens
    may follow it (quarantined on its own): the rest of the line the file cuts, which the game's
    lines do not take (``Gl`` of ``Gleb draws …``), or a block of NUL bytes. ``cut_line``: the
    file's last line when the file ends inside it (see :func:`line_cut_at_end`); the chunk that
    holds it is marked :attr:`Chunk.ends_mid_line`.

    >>> text = "OFC hand O-1\\nPlayers: A, B\\n\\nOFC hand O-2\\nGl"
    >>> [(chunk.ends_file, chunk.ends_mid_line) for chunk in at_file_end(split(text), line_cut_at_end(text))]
    [(False, False), (True, False), (False, True)]
    """
    last = len(chunks) - 1
    while last >= 0 and chunks[last].format is None:
        last -= 1
    out = chunks
    if last >= 0 and not chunks[last].ends_file:
        out = [*chunks[:last], dataclasses.replace(chunks[last], ends_file=True), *chunks[last + 1:]]
    if cut_line is not None and out and out[-1].last_line == cut_line and not out[-1].ends_mid_line:
        out = [*out[:-1], dataclasses.replace(out[-1], ends_mid_line=True)]
    return out


_END_OF_FILE_MARK = "\x1a"
"""DOS's end-of-file mark (Ctrl-Z), which Windows' ``copy a.txt+b.txt all.txt`` writes after the
text: no text of the file, as a last blank is none."""


def drop_end_of_file_mark(text: str) -> str:
    """The text without the end-of-file marks it ends with (:data:`_END_OF_FILE_MARK`), whether they
    stand on a line of their own or after the last line's text.

    >>> drop_end_of_file_mark("Seat 6: Hero folded\\x1a"), drop_end_of_file_mark("a\\r\\n\\x1a")
    ('Seat 6: Hero folded', 'a\\r\\n')
    """
    return text.rstrip(_END_OF_FILE_MARK) if text.endswith(_END_OF_FILE_MARK) else text


def line_cut_at_end(text: str) -> int | None:
    """The number of a file's last line when the file ends inside it: no line break after its last
    character, and that line holds text (not blanks or NULs alone). None for a file that ends with
    a line break, as a writer that finished leaves it.

    >>> line_cut_at_end("PokerStars Hand #1: x\\r\\nSeat 3: Bob ("), line_cut_at_end("a\\nb\\n"), line_cut_at_end("a\\n  ")
    (2, None, None)
    """
    text = drop_end_of_file_mark(text)
    if not text or text[-1] in "\n\r":
        return None
    start = max(text.rfind("\n"), text.rfind("\r")) + 1
    if not text[start:].strip(" \t\x00\u00a0\u202f"):
        return None
    return text.count("\n") + text.count("\r") - text.count("\r\n") + 1


def split_games(lines: list[str], headers=HEADERS) -> list[Chunk]:
    """:func:`split` of a file's lines already normalized, for callers that hold lines."""
    if headers is not HEADERS:
        raise ValueError("games are cut at the headers of parsers.formats.HEADERS")
    return split("\n".join(lines))


class SplitFile(NamedTuple):
    """A split file, and for an ASCII text whose games are its lines as they are (no indent to
    strip) its normalized text, bytes and line offsets, so that a reader can scan the file's own
    bytes (else these three are None)."""

    chunks: list[Chunk]
    text: str | None
    data: bytes | None
    line_starts: np.ndarray | None


def split_file(text: str, *, opens_file: bool = True) -> SplitFile:
    """:func:`split`, with the normalized text and bytes a reader may scan (see :class:`SplitText`).
    ``opens_file``: the text is its file's first line on (else the control characters it opens
    with are text of a line inside the file, not :func:`drop_leading_controls`').

    A compiled pass over the text's bytes finds the lines that may open a game (their first
    characters: the declared header prefixes) and whether any line has trailing blanks; only
    those lines meet ``HEADERS``, and a game's ID is hashed from the text's bytes.
    """
    if isinstance(text, CutText):
        return text.cut     # its games are cut already (see cut_games)
    undecodable = getattr(text, "undecodable", ())
    mail_headers = getattr(text, "mail_headers", 0) if opens_file else 0
    unread_parts = getattr(text, "unread_parts", ()) if opens_file else ()
    if opens_file and _is_binary(text):      # no lines: one chunk, quarantined as binary data
        body = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")     # (its first bytes kept: they name it)
        chunks = [Chunk(None, 1, len(body), tuple(body), game_id(body))]
        return SplitFile(_with_undecodable(chunks, undecodable) if undecodable else chunks, None, None, None)
    plain = True
    text = drop_end_of_file_mark(text)
    cut_at_end = text[-1:] not in ("", "\n", "\r")     # no line break after the last line: the file cut it
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = drop_opening_nuls(text)
    if opens_file:
        text = drop_leading_controls(text)
    ascii_text = text.isascii()
    starts: list[tuple[int, int, str | None]] = []    # (line index, char offset, format) per chunk start
    if ascii_text:
        data = text.encode("ascii")
        table, fours = _HEADER_TABLE, _FOURS
    else:
        text = even_blanks(text)
        data = text.encode("utf-8", "surrogatepass")
        table, fours = _HEADER_TABLE_UTF8, _NO_FOURS
    buf = np.frombuffer(data, dtype=np.uint8)
    starts_of_lines = line_starts(buf)
    candidates, rows, trailing = _candidate_lines(buf, starts_of_lines, table, fours)
    if len(trailing):   # normalize_lines strips every line's trailing blanks: the lines that have some
        lines = text.split("\n")
        for row in trailing.tolist():
            lines[row] = lines[row].rstrip()
        text = "\n".join(lines)
        data = text.encode("ascii") if ascii_text else text.encode("utf-8", "surrogatepass")
        buf = np.frombuffer(data, dtype=np.uint8)
        starts_of_lines = line_starts(buf)
        candidates, rows, _ = _candidate_lines(buf, starts_of_lines, table, fours)
    # an ASCII text's games are cut from the text itself: its lines are split only where a rare case reads them
    lines = None if ascii_text else text.split("\n")
    count = len(starts_of_lines)
    match_header = HEADERS.match
    if ascii_text:
        find = text.find
        for at, row in zip(candidates.tolist(), rows.tolist()):     # (their first four characters checked)
            end = find("\n", at)
            end = len(text) if end < 0 else end
            match = match_header(text[at:end].lstrip(" \t")) if text[at] in " \t" else match_header(text, at, end)
            if match:
                starts.append((row, at, match.lastgroup))
        row_at = starts_of_lines
    else:
        lengths = np.fromiter(map(len, lines), dtype=np.int64, count=count)
        row_at = np.zeros(count + 1, dtype=np.int64)
        np.cumsum(lengths + 1, out=row_at[1:])
        for row in rows.tolist():
            line = lines[row]
            first = line[:1]
            if first and first != "#":
                match = match_header(line.lstrip(" \t\ufeff") if first in " \t\ufeff" else line)
                if match:
                    starts.append((row, int(row_at[row]), match.lastgroup))
    formats = {fmt for _, _, fmt in starts}
    # (a text no header opens a line of, as a piece of a file, is looked at for every format; an
    # e-mail is no file a client crashed writing, and its parts' markup and headers are split apart)
    inside = [] if isinstance(text, MailText) else sorted({
        *_headers_inside_lines(text, data, starts_of_lines, row_at, formats or WHOLE_HEADER_PREFIXES.keys()),
        *_openings_inside_lines(text, row_at, count, starts, formats or _OPENINGS.keys())})
    if inside:
        return _split_at(text, inside, undecodable)
    preambles = _PREAMBLES.keys() & formats
    if lines is None and (preambles or "\x00" in text):
        lines = text.split("\n")
    breaks = _breaks(text, lines, row_at, count)
    if breaks:
        headers = {row for row, _, _ in starts}
        starts.extend(b for b in breaks if b[0] not in headers)     # a header line stays a header
        starts.sort(key=lambda start: start[0])
    if preambles:
        starts = _with_preambles(starts, lines, row_at)
    if unread_parts:
        starts = _parts_apart(starts, unread_parts, row_at, count)
    if not starts or starts[0][0] > 0:
        starts.insert(0, (0, 0, None))
    starts.append((count, len(text) + 1, None))
    blake2b = hashlib.blake2b
    view = memoryview(data)     # (a game's bytes hashed where they stand, not copied)
    chunks = []
    append = chunks.append
    ends = _end_of_game
    close_reading = _games_to_check(buf, starts_of_lines, starts, count)
    pieces = list(pairwise(starts))
    index = 0
    while index < len(pieces):
        (begin, begin_at, fmt), (end, end_at, _) = pieces[index]
        stop = end
        stop_at = end_at - 1            # the "\n" after the chunk's last line (or the text's end)
        if fmt is None and text.count("\n", begin_at, stop_at) == stop_at - begin_at:
            index += 1      # empty lines alone (a grown file's earlier lines, laid blank): no chunk, at once
            continue
        while stop > begin:     # filler lines at the end are not the chunk's (most often: empty ones)
            last_at = stop_at if stop_at == begin_at or text[stop_at - 1] == "\n" else \
                max(text.rfind("\n", begin_at, stop_at) + 1, begin_at)
            c = text[last_at] if last_at < stop_at else ""
            if c and not ((c.isspace() or c == "#" or c == "*") and is_filler(text[last_at:stop_at])):
                break
            if fmt in _OPENED_BY_HASH and _GAME_ENDS[fmt].opening.match(text, last_at, stop_at):
                break   # a sheet's table header (' #  cards kind | …') is the game's, not a comment
            stop -= 1
            stop_at = last_at - 1
        if stop == begin:
            index += 1
            continue
        if begin in close_reading:
            game_end = ends(text, fmt, begin_at, stop_at, cut_at_end and stop_at == len(text))
            if game_end < stop_at:
                # text after the game's end is a chunk of its own; the game is cut again without it
                rest = begin + text.count("\n", begin_at, game_end) + 1
                pieces[index] = ((begin, begin_at, fmt), (rest, game_end + 1, None))
                pieces.insert(index + 1, ((rest, game_end + 1, None), (end, end_at, None)))
                continue
        index += 1
        if fmt is None or not ascii_text or text[begin_at] in " \t":
            if fmt is not None:
                plain = False       # a chunk whose lines are not the file's lines as they are
            body = text[begin_at:stop_at].split("\n") if lines is None else lines[begin:stop]
            skipped = 0
            # a mail's headers are no game, as filler is none
            while fmt is None and skipped < len(body) and (is_filler(body[skipped]) or begin + skipped < mail_headers):
                skipped += 1
            if skipped == len(body):
                continue    # a mail's headers alone (its parts stand apart)
            body = dedent(body[skipped:])
            if fmt is None and all(is_filler(line) or _HEAD_LINES.match(line) for line in body):
                continue    # a room's head of a file (a transcript's first line): no game, nothing lost
            begin += skipped
            append(Chunk(fmt, begin + 1, begin + len(body), tuple(body), game_id(body)))
            continue
        append(cut_chunk(fmt, begin + 1, stop, blake2b(view[begin_at:stop_at], digest_size=8).hexdigest(),
                         text, begin_at, stop_at))
    if _ELEMENTS and any(chunk.format in _ELEMENTS for chunk in chunks):
        chunks = [piece for chunk in chunks
                  for piece in (expand_elements(chunk) if chunk.format in _ELEMENTS else (chunk,))]
        plain = False       # the games of an XML document may share lines
    if undecodable:
        chunks = _with_undecodable(chunks, undecodable)
    if not ascii_text or not plain:
        return SplitFile(chunks, None, None, None)
    return SplitFile(chunks, text, data, starts_of_lines)


def _headers_inside_lines(text: str, data: bytes, line_bytes: np.ndarray, line_chars: np.ndarray,
                          formats: Collection[str | None]) -> list[int]:
    """Where a whole header (:data:`parsers.formats.WHOLE_HEADERS`) of one of ``formats`` (those
    whose headers open the text's lines) stands after other text on its line, not a header's own
    text nor a comment: a client that crashed mid-line left that text (a fragment, NUL bytes), and
    the game it wrote on restarting, of the file's format, starts there. Offsets in ``text``;
    ``data`` is its UTF-8 bytes, searched (faster than the text), ``line_bytes`` and ``line_chars``
    where each line starts in either.

    >>> text = "Seat 2: Bo ($2 in cPokerStars Hand #5: Hold'em - 2009/11/25 15:42:40 ET\\nx"
    >>> _headers_inside_lines(text, text.encode(), np.array([0, 72]), np.array([0, 72]), {"pokerstars"})
    [19]
    """
    found = []
    prefixes = {prefix.encode() for fmt in formats for prefix in WHOLE_HEADER_PREFIXES.get(fmt, ())}
    for prefix in prefixes:
        # a header's stars one fewer (888poker writes four or five) are looked at from the first star
        longer = b"*" + prefix in prefixes
        at = data.find(prefix, 1)
        while at >= 0:
            # (a header that opens its line is the splitter's already)
            if data[at - 1] != 10 and not (longer and data[at - 1] == 42):
                row = int(np.searchsorted(line_bytes, at, side="right")) - 1
                line_at = int(line_chars[row])
                char_at = line_at + len(data[int(line_bytes[row]):at].decode("utf-8", "surrogatepass"))
                before = text[line_at:char_at]
                if WHOLE_HEADERS.match(text, char_at) and before.strip(" \t\ufeff") and \
                        not before.lstrip(" \t\ufeff").startswith("#") and not _inside_header(text, line_at, char_at):
                    found.append(char_at)
            at = data.find(prefix, at + 1)
    return sorted(set(found))


_OPENINGS = {fmt.name: re.compile(fmt.preamble or fmt.filler_before_header) for fmt in FORMATS
             if fmt.header_line_rest and (fmt.preamble or fmt.filler_before_header)}
"""Per format whose header a crashed client may write after a cut line's fragment: the line its
client writes before the header (a preamble, or filler such as 888poker's ``#Game No : N``)."""
_OPENINGS_ANYWHERE = {name: re.compile(opening.pattern, re.MULTILINE) for name, opening in _OPENINGS.items()}


def _openings_inside_lines(text: str, line_chars: np.ndarray, count: int, heads: list[tuple[int, int, str | None]],
                           formats: Collection[str | None]) -> list[int]:
    """Where the line a room writes before its header (:data:`_OPENINGS`) of one of ``formats``
    stands after other text on its line, to the line's end, and nothing but blank lines or more
    such lines stand between it and a header of that format that opens a line (``heads``: the
    text's (row, offset, format) of those) or the text's end: a restarted client wrote it after
    the fragment a crash left, so the next hand starts there, not on the next line with the
    fragment before it still the torn hand's. (A kept text ends where its game ended: its cut
    line's opening is found again without the header after it.) Offsets in ``text``, whose
    ``count`` lines start at ``line_chars``.

    >>> text = "Seat 4: Jo ( $0.9#Game No : 7\\n***** 888poker Hand History for Game 7 *****"
    >>> _openings_inside_lines(text, np.array([0, 30]), 2, [(1, 30, "pacific")], {"pacific"})
    [17]
    """
    found = []

    def line(row: int) -> str:
        start = int(line_chars[row])
        end = text.find("\n", start)
        return text[start:end if end >= 0 else len(text)]

    header_rows: dict[int, str | None] | None = None
    for fmt in _OPENINGS.keys() & set(formats):
        opening = _OPENINGS[fmt]
        # (one search of the text: 888poker's '#Game No' lines are found at their lines' starts, 5% of a split)
        for match in _OPENINGS_ANYWHERE[fmt].finditer(text):
            at = match.start()
            if at == 0 or text[at - 1] == "\n":
                continue        # (one that opens its line is the splitter's already)
            row = int(np.searchsorted(line_chars[:count], at, side="right")) - 1
            end = text.find("\n", at)
            before = text[int(line_chars[row]):at].strip(" \t\ufeff")
            if not before or before.startswith("#") or not opening.match(text, at, end if end >= 0 else len(text)):
                continue
            after = row + 1
            while after < count and (not line(after).strip() or opening.match(line(after))):
                after += 1
            if header_rows is None:
                header_rows = {row: named for row, _, named in heads}
            if after == count or header_rows.get(after) == fmt:
                found.append(at)
    return found


_HEADER_REACH = 64
"""How far before a header's words another header's start may stand (``Run It Once Poker Hand #``
holds GGPoker's ``Poker Hand #``)."""


def _inside_header(text: str, line_at: int, at: int) -> bool:
    """Is ``at`` inside the words of a header that starts before it on its line?"""
    return any((match := HEADERS.match(text, start)) and match.end() > at
               for start in range(max(line_at, at - _HEADER_REACH), at))


def _split_at(text: str, inside: list[int], undecodable) -> SplitFile:
    """:func:`split_file` of a text with headers inside lines (:func:`_headers_inside_lines`): each
    piece split alone and numbered as the file's lines. The text before a header ends its line
    (NULs left by the writer dropped, as those opening a line are), quarantined or read as what it
    is, never with the game after it; the game starts on that line, at the header's column."""
    chunks: list[Chunk] = []
    bounds = [0, *inside, len(text)]
    for begin, end in pairwise(bounds):
        piece = text[begin:end]
        if end < len(text):
            piece = piece.rstrip("\x00")
        lines_before = text.count("\n", 0, begin)
        line_at = text.rfind("\n", 0, begin) + 1
        piece_lines = piece.count("\n") + 1
        for chunk in split_file(piece, opens_file=begin == 0).chunks:
            first_column = begin - line_at + 1 if chunk.first_line == 1 else 1
            cut_by_crash = end < len(text) and chunk.last_line == piece_lines    # (the next header follows on its line)
            chunks.append(dataclasses.replace(chunk, first_line=chunk.first_line + lines_before,
                                              last_line=chunk.last_line + lines_before, first_column=first_column,
                                              cut_by_crash=cut_by_crash))
    return SplitFile(_with_undecodable(chunks, undecodable) if undecodable else chunks, None, None, None)


_ELEMENTS = {fmt.name: re.compile(rf"<{fmt.element}[\s>]") for fmt in FORMATS if fmt.element}
"""Per XML format: the opening tag of the element each of its games is."""


def expand_elements(chunk: Chunk) -> list[Chunk]:
    """A chunk of an XML format (an iPoker session) as one chunk per game element.

    Each game's lines are its element's text, numbered as the file's lines (its first and last
    line may be parts of lines it shares with the games around it); the text before the first
    game is each game's ``context``. Text after the last game other than closing tags is a chunk
    of its own, so that it is quarantined, never lost. A chunk without a game stays as it is.
    """
    opening = _ELEMENTS[chunk.format]
    name = opening.pattern[1:].split("[", 1)[0]
    text = "\n".join(chunk.lines)
    starts = [m.start() for m in opening.finditer(text)]
    if not starts:
        return [chunk]
    context = tuple(text[:starts[0]].split("\n"))
    closing = f"</{name}>"
    out = []
    end = 0
    for k, at in enumerate(starts):
        limit = starts[k + 1] if k + 1 < len(starts) else len(text)
        end = text.find(closing, at, limit)
        end = end + len(closing) if end >= 0 else limit
        piece = tuple(text[at:end].rstrip().split("\n"))
        first = chunk.first_line + text.count("\n", 0, at)
        last = first + len(piece) - 1
        where = chunk.undecodable if chunk.undecodable and first <= chunk.undecodable[0] <= last else None
        out.append(Chunk(chunk.format, first, last, piece, game_id(piece), where, context))
    rest = text[end:]
    if re.sub(r"</[^<>]*>|\s", "", rest):
        first = chunk.first_line + text.count("\n", 0, end)
        piece = tuple(rest.split("\n"))
        out.append(Chunk(None, first, first + len(piece) - 1, piece, game_id(piece)))
    return out


_HEAD_LINES = re.compile("|".join(f"(?:{fmt.head_lines})" for fmt in FORMATS if fmt.head_lines) or "(?!)")
"""The lines rooms write above their games that belong to none (:attr:`parsers.formats.Format.head_lines`)."""
_PREAMBLES = {fmt.name: re.compile(fmt.preamble) for fmt in FORMATS if fmt.preamble}
"""Per format that declares one: the lines written just before its header that belong to the game."""


def _with_preambles(starts: list[tuple[int, int, str | None]], lines: list[str],
                    row_at: np.ndarray) -> list[tuple[int, int, str | None]]:
    """The chunk starts, each game of a format with a preamble starting at the first preamble
    line right before its header (blank lines between them allowed), never before the start
    ahead of it."""
    out = []
    floor = -1
    for row, at, fmt in starts:
        pattern = _PREAMBLES.get(fmt)
        if pattern is not None:
            begin, r = row, row - 1
            while r > floor:
                line = lines[r].lstrip(" \t\ufeff")
                if line and not pattern.match(line):
                    break
                if line:
                    begin = r
                r -= 1
            if begin != row:
                row, at = begin, int(row_at[begin])
        out.append((row, at, fmt))
        floor = row
    return out


def _parts_apart(starts: list[tuple[int, int, str | None]], parts: tuple[tuple[int, int], ...],
                 row_at: np.ndarray, count: int) -> list[tuple[int, int, str | None]]:
    """The chunk starts, each of a mail's ``parts`` not read (lines first to last) a chunk of its own,
    whatever its lines look like (an HTML part's game headers are no games read from HTML)."""
    inside = [(first - 1, last) for first, last in parts]
    kept = [start for start in starts if not any(begin <= start[0] < end for begin, end in inside)]
    rows = {start[0] for start in kept}
    for begin, end in inside:
        kept.append((begin, int(row_at[begin]), None))
        if end < count and end not in rows:
            kept.append((end, int(row_at[end]), None))
    return sorted(kept, key=lambda start: start[0])


def _breaks(text: str, lines: list[str] | None, row_at: np.ndarray, count: int) -> list[tuple[int, int, None]]:
    """Chunk starts that no header makes: a line holding a NUL or longer than MAX_LINE_CHARS
    begins text of its own (up to the next header), so that it never joins the game before it.
    (``lines``: the text's ``count`` lines, needed when it holds a NUL; ``row_at``: where each starts.)"""
    out = []
    if "\x00" in text:
        out.extend(row for row, line in enumerate(lines) if "\x00" in line)
    if len(text) > MAX_LINE_CHARS:
        lengths = np.diff(row_at[:count], append=len(text) + 1)     # (each with its line break)
        out.extend(np.flatnonzero(lengths > MAX_LINE_CHARS + 1).tolist())
    return [(row, int(row_at[row]), None) for row in sorted(set(out))]


def _with_undecodable(chunks: list[Chunk], undecodable) -> list[Chunk]:
    """The chunks, each with the first byte in its lines that could not be decoded."""
    at_lines = [line for line, _, _ in undecodable]
    out = []
    for chunk in chunks:
        k = bisect.bisect_left(at_lines, chunk.first_line)
        if k < len(at_lines) and at_lines[k] <= chunk.last_line:
            chunk = dataclasses.replace(chunk, undecodable=undecodable[k])
        out.append(chunk)
    return out


_NOT_TEXT = re.compile("[\x01-\x08\x0e-\x1f\x7f\ufffd]")
"""Characters no log holds but for a stray one: control characters (a NUL is told apart: see
:data:`_OPENING_NUL`) and the replacement sign of bytes that could not be read."""
_BINARY_LOOK = 1 << 16
"""The characters of a file's start that tell whether it is binary data."""
_BINARY_SHARE = 0.05
"""The share of them a binary file's start has of :data:`_NOT_TEXT` at least (random bytes: one in eight)."""
_COMPRESSED = (("\x1f\u2039\x08", "\x1f\ufffd\x08", ("a gzip-compressed file, not text: decompress it (gunzip) "
                                                      "and read the file it holds")),
               ("PK\x03\x04", None, "a ZIP archive, not text: extract its files and read them"))
"""The starts of compressed files (gzip's bytes 1F 8B 08 read in a Windows code page, or 8B unreadable),
and what to say of each."""


def _is_binary(text: str) -> bool:
    """Is a file's text binary data (an archive, an image), not text? A compressed file's start
    says so, even where the archive stores its files' text as is (a ZIP archive of one log,
    "stored" without compression, is mostly that log's lines)."""
    if any(text.startswith(start) or (other and text.startswith(other)) for start, other, _ in _COMPRESSED):
        return True
    look = text[:_BINARY_LOOK]
    found = len(_NOT_TEXT.findall(look))
    return found >= 16 and found >= _BINARY_SHARE * len(look)


def not_text(chunk: Chunk) -> tuple[str, int, int] | None:
    """Why a chunk that no header opens is no text that could hold a game, as (reason, line,
    column), or None: an e-mail's part that could not be read (see :func:`_mail_parts`), a compressed
    file or binary data (the whole file is one chunk), a line holding NUL bytes, a line too long to be
    a log line.

    >>> not_text(Chunk(None, 4, 4, ("Seat 3: Vera (100)\\x00\\x00",), "x"))
    ('NUL bytes at column 19: a writer that stopped leaves them, they are no text', 4, 19)
    """
    reason = _unread_part(chunk.lines)
    if reason is not None:
        return reason, chunk.first_line, 1
    if chunk.first_line == 1 and chunk.lines:
        for start, other, reason in _COMPRESSED:        # (a ZIP archive may store its files' text as is)
            if chunk.lines[0].startswith(start) or (other and chunk.lines[0].startswith(other)):
                return reason, 1, 1
        if _is_binary("\n".join(chunk.lines)):
            return "binary data, not text: this file holds no hand history", 1, 1
    for number, line in enumerate(chunk.lines, chunk.first_line):
        if "\x00" in line:
            column = line.index("\x00") + 1
            return f"NUL bytes at column {column}: a writer that stopped leaves them, they are no text", number, column
        if len(line) > MAX_LINE_CHARS:
            return (f"a line of {len(line):,} characters: no log line is this long (a file's lines joined, "
                    "or no log)"), number, 1
    return None


# ////////////////////////////////////////////////////////////////////// games already cut


class FileEnd(enum.IntEnum):
    """Where a kept game stood at its file's end (:func:`cut_games`): a file may end inside its
    last game or right after it, and inside that game's last line."""

    NOT_LAST = 0
    LAST = 1
    """The file's last game (True says the same)."""
    IN_LAST_LINE = 2
    """The file's last game, and the file ends inside its last line (:attr:`Chunk.ends_mid_line`)."""


class CutText(str):
    """A file's text laid out from games already cut (see :func:`cut_games`): each game at its
    own lines, as it stood in its file, and ``cut``, the split of it that :func:`split_file` gives
    at once instead of cutting it again."""

    cut: SplitFile


_LATER_HEADER = re.compile("\n[ \t\ufeff]*(?:" + "|".join(
    f"(?i:{re.escape(prefix)})" if icase else re.escape(prefix) for prefix, icase in HEADER_PREFIXES) + ")")
"""A line after a text's first that may open a game (it starts with a declared header prefix)."""


def _one_game(text: str, first_line: int) -> Chunk | None:
    """The chunk of a game's text (its lines as they stood in its file, from ``first_line``) when
    :func:`split` would cut it as exactly that one game; None when the splitter must look (an
    indent to strip, a preamble or XML document, a NUL, a line too long, a second header, a last
    section that ends before the text does, unreadable bytes, or no header at all)."""
    if "\x00" in text or getattr(text, "undecodable", ()):
        return None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = even_blanks(text)
    lines = [line.rstrip() for line in text.split("\n")]
    first = lines[0]
    match = HEADERS.match(first)
    if match is None or first[:1] in " \t\ufeff" or is_filler(lines[-1]):
        return None
    fmt = match.lastgroup
    if fmt in _PREAMBLES or fmt in _ELEMENTS:
        return None
    normalized = "\n".join(lines)
    if len(normalized) > MAX_LINE_CHARS and max(map(len, lines)) > MAX_LINE_CHARS:
        return None
    for later in _LATER_HEADER.finditer(normalized):
        line = normalized[later.start() + 1:].split("\n", 1)[0]
        if HEADERS.match(line.lstrip(" \t\ufeff")):
            return None
    if _ends_in_next_game(lines[-1], fmt):
        return None
    # (a text alone ends without a line break, as split_file reads a file its end cuts)
    if fmt in _GAME_ENDS and _end_of_game(normalized, fmt, 0, len(normalized), True) < len(normalized):
        return None
    return _make_chunk(fmt, first_line, first_line + len(lines) - 1, tuple(lines),
                       hashlib.blake2b(normalized.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest(),
                       None, (), False, False, 1, False, None)


def _element_game(text: str, first_line: int, context: str) -> Chunk | None:
    """The chunk of an XML document's game from its kept lines (the first and last of which it
    may share with the games beside it) and its document's ``context``, as
    :func:`expand_elements` cut it from its document; None when the context opens no XML format's
    document or the lines hold no game."""
    # the document's header line, after its preamble (an XML declaration) if any
    fmt = next((match.lastgroup for match in map(HEADERS.match, (line.lstrip(" \t\ufeff")
                                                                 for line in context.split("\n"))) if match), None)
    if fmt not in _ELEMENTS:
        return None
    lines = tuple(normalize_lines(text))
    kept = Chunk(fmt, first_line, first_line + len(lines) - 1, lines, "")
    game = expand_elements(kept)[0]     # the lines' first game; the next one's opening tag may end them
    return None if game is kept else dataclasses.replace(game, context=tuple(context.split("\n")))


def needs_context(text: str) -> bool:
    """Is a kept game's text a game of an XML document (it opens a format's game element, and no
    line of it is a header) that cannot be read without its document's head (see
    :attr:`Chunk.context`)?

    >>> needs_context('<game gamecode="1">\\n<general>…</general>\\n</game>')
    True
    >>> needs_context("PokerStars Hand #1: a\\nb")
    False
    """
    if not any(element.search(text) for element in _ELEMENTS.values()):
        return False
    return not any(HEADERS.match(line.lstrip(" \t\ufeff")) for line in text.split("\n"))


def cut_games(texts: list[str], first_lines: list[int], contexts: list[str | None] | None = None,
              undecodable: list[tuple[int, int, int] | None] | None = None,
              ends_file: list[bool | FileEnd] | None = None, game_ids: list[str | None] | None = None) -> CutText:
    """Games already cut (one game a text, as a warehouse keeps them: its lines as they stood in
    its file, from ``first_lines[i]``, in file order, none overlapping) as the text of their file:
    each at its own lines, blank lines between, with the chunks :func:`split` gives for it.

    A game's format is read once from its header line; the splitter reads only the texts that
    are not plainly one game (see :func:`_one_game`), each on its own, so that every game comes
    out as a split of the file would cut it: the same lines, format and ID. A game that is an
    element of an XML document (an iPoker session) has no header of its own: ``contexts[i]`` is
    its :attr:`Chunk.context`, the document's text before its first game, whose header names
    the format. A game that held a byte its file's decoding could not read keeps U+FFFD in its
    text, as a log may hold that sign itself: ``undecodable[i]`` is its
    :attr:`Chunk.undecodable` (line, column, byte), so that it is read as it was from its file.
    ``ends_file[i]``: the game was its file's last and the file ended inside it (a quarantined
    game cut off with its file, as its reason says): it is marked :attr:`Chunk.ends_file` again,
    and with :attr:`FileEnd.IN_LAST_LINE` its last line :attr:`Chunk.ends_mid_line`.
    ``game_ids[i]``: the ID the game was stored or quarantined under: a text of one line a crash
    cut, which holds the end of one game and the start of the next, is that one of them.

    >>> text = cut_games(["PokerStars Hand #1: a\\nb", "x"], [2, 5])
    >>> text
    '\\nPokerStars Hand #1: a\\nb\\n\\nx\\n'
    >>> [(c.format, c.first_line, c.last_line, c.lines) for c in split(text)]
    [('pokerstars', 2, 3, ('PokerStars Hand #1: a', 'b')), (None, 5, 5, ('x',))]
    """
    contexts = contexts or [None] * len(texts)
    undecodable = undecodable or [None] * len(texts)
    ends_file = ends_file or [False] * len(texts)
    game_ids = game_ids or [None] * len(texts)
    pieces: list[str] = []
    counts = [text.count("\n") + 1 for text in texts]      # each text's lines
    used = 0            # the last line laid out
    for text, first_line, count in zip(texts, first_lines, counts):
        if first_line <= used:
            raise ValueError(f"game texts overlap: one starts at line {first_line}, the one before ends at {used}")
        pieces.append("\n" * (first_line - used - (1 if used == 0 else 0)))
        pieces.append(text)
        used = first_line + count - 1
    out = CutText("".join(pieces) + "\n")
    plain = not any(contexts) and not any(undecodable) and not any(ends_file)
    cut = _cut_plain(out, texts, first_lines, counts, game_ids) if plain else None
    if cut is None:
        cut = SplitFile([chunk for text, first_line, context, where, ends, kept_id in
                         zip(texts, first_lines, contexts, undecodable, ends_file, game_ids)
                         for chunk in _cut_one(text, first_line, context, where, ends, kept_id)], None, None, None)
    out.cut = cut
    return out


def _cut_one(text: str, first_line: int, context: str | None,
             undecodable: tuple[int, int, int] | None = None, ends_file: bool | FileEnd = False,
             game_id: str | None = None) -> list[Chunk]:
    """One kept game's chunks: itself (see :func:`_one_game`), or the split of its text alone (of
    which those that are the game's own, ``game_id`` its ID if known: see :func:`_own_pieces`);
    with its first byte that could not be decoded, if any, and marked as its file's end as
    ``ends_file`` says."""
    chunk = _one_game(text, first_line) if context is None else _element_game(text, first_line, context)
    chunks = [chunk] if chunk is not None else _own_pieces(_split_alone(text, first_line), first_line,
                                                            first_line + text.count("\n"), game_id)
    if undecodable:
        chunks = _with_undecodable(chunks, (tuple(undecodable),))
    if not ends_file:
        return chunks
    return at_file_end(chunks, first_line + text.count("\n") if ends_file == FileEnd.IN_LAST_LINE else None)


def _split_alone(text: str, first_line: int) -> list[Chunk]:
    """:func:`split` of one kept text, numbered from ``first_line`` (opening its file when that is 1)."""
    shift = first_line - 1
    return [dataclasses.replace(piece, first_line=piece.first_line + shift, last_line=piece.last_line + shift,
                                undecodable=None if piece.undecodable is None else
                                (piece.undecodable[0] + shift, *piece.undecodable[1:]))
            for piece in split_file(text, opens_file=first_line == 1).chunks]


def _ends_in_next_game(line: str, fmt: str | None) -> bool:
    """Does a kept game's last line hold the start of the game a crashed client wrote after its
    cut: its whole header (:func:`_headers_inside_lines`) or the line written before its header
    (:func:`_openings_inside_lines`)? The file's line is kept whole with each game on it."""
    if fmt not in WHOLE_HEADER_PREFIXES:
        return False
    return (any(prefix in line for prefix in WHOLE_HEADER_PREFIXES[fmt]) and bool(
        _headers_inside_lines(line, line.encode("utf-8", "surrogatepass"), _LINE_AT_ZERO, _LINE_AT_ZERO, (fmt,)))
            or fmt in _OPENINGS and bool(_openings_inside_lines(line, _LINE_AT_ZERO, 1, [], (fmt,))))


_LINE_AT_ZERO = np.zeros(1, dtype=np.int64)


def _own_pieces(chunks: list[Chunk], first_line: int, last_line: int, game_id: str | None = None) -> list[Chunk]:
    """Of the split of a kept game's text (``first_line`` to ``last_line`` of its file), the pieces
    that are its own: a game written on a crash-cut line keeps that line whole, and so does the
    torn game before it, so that the cut fragment before the header, or the header after it, is
    the other game's (judged from that game's own text) and is no game to judge again here. A
    text of one line holds both: its own is the piece of its ID (``game_id``, the ID it was kept
    under); without one that names a piece (an ID not given), it is judged whole, as it was split."""
    if first_line == last_line:
        own = [chunk for chunk in chunks if chunk.game_id == game_id] if len(chunks) > 1 else chunks
        return own or chunks
    return [chunk for k, chunk in enumerate(chunks)
            if not (chunk.first_line == last_line and chunk.first_column > 1)
            and not (chunk.last_line == first_line and k + 1 < len(chunks)
                     and chunks[k + 1].first_line == first_line and chunks[k + 1].first_column > 1)]


def _cut_plain(laid: str, texts: list[str], first_lines: list[int], counts: list[int],
               game_ids: list[str | None]) -> SplitFile | None:
    """:func:`cut_games` of games laid out as ``laid``, when that text is plain ASCII as the
    splitter reads it (no line ends to even out, no trailing blanks, NULs or lines too long):
    the checks of :func:`_one_game` over the whole text at once, with the splitter's compiled
    prefilter of last sections (``counts``: each text's lines; ``game_ids``: the ID each was kept
    under, see :func:`_own_pieces`). None for any other text."""
    if not laid.isascii() or "\r" in laid or "\x00" in laid:
        return None
    data = laid.encode("ascii")
    buf = np.frombuffer(data, dtype=np.uint8)
    starts = line_starts(buf)
    # the splitter's own pass: the lines that may be headers, and those with trailing blanks
    _, candidate_rows, trailing = _candidate_lines(buf, starts, _HEADER_TABLE, _FOURS)
    if len(trailing) or (len(laid) > MAX_LINE_CHARS and int((np.diff(starts) - 1).max(initial=0)) > MAX_LINE_CHARS):
        return None
    lines = laid.split("\n")
    rows = [first_line - 1 for first_line in first_lines]
    heads: list[tuple[int, int, str | None]] = []
    for row, count in zip(rows, counts):
        first, last = lines[row], lines[row + count - 1]
        match = HEADERS.match(first) if first[:1] not in ("", " ", "\t") else None
        fmt = match.lastgroup if match else None
        c = last[:1]
        if fmt in _PREAMBLES or fmt in _ELEMENTS or not c or ((c.isspace() or c in "#*") and is_filler(last)):
            fmt = None
        heads.append((row, int(starts[row]), fmt))
    plain = [fmt is not None for _, _, fmt in heads]
    opening = set(rows)
    for row in candidate_rows.tolist():        # a second header inside a game cuts it
        if row not in opening and HEADERS.match(lines[row].lstrip(" \t\ufeff")):
            plain[bisect.bisect_right(rows, row) - 1] = False
    for k, (row, _, fmt) in enumerate(heads):
        if plain[k] and _ends_in_next_game(lines[row + counts[k] - 1], fmt):
            plain[k] = False
    ends = [int(starts[row + count - 1]) + len(lines[row + count - 1]) for row, count in zip(rows, counts)]
    close_reading = _games_to_check(buf, starts, heads, len(lines))
    for k, (row, at, fmt) in enumerate(heads):
        if plain[k] and row in close_reading and _end_of_game(laid, fmt, at, ends[k]) < ends[k]:
            plain[k] = False
    chunks: list[Chunk] = []
    for k, (row, at, fmt) in enumerate(heads):
        if plain[k]:
            chunks.append(cut_chunk(fmt, row + 1, row + counts[k], hashlib.blake2b(data[at:ends[k]], digest_size=8)
                                    .hexdigest(), laid, at, ends[k]))
        else:
            chunks.extend(_own_pieces(_split_alone(texts[k], row + 1), row + 1, row + counts[k], game_ids[k]))
    if all(plain):
        return SplitFile(chunks, laid, data, starts)
    return SplitFile(chunks, None, None, None)
