"""The formats Rasklad reads, how each is recognized, and the one entry point to parse a game.

A format is recognized by the header line that opens each of its games. Headers of rooms
and games that Rasklad does not read yet are recognized too, so that their games go to
quarantine with a reason a person understands instead of "unexpected text".
"""

from __future__ import annotations

import importlib
import itertools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from parsers.errors import LineOutOfPlace, ParseError, UnstatedRule, UnsupportedGame
from rules.findings import CONTROL_CHARACTER, Finding, Severity
from rules.records import Source

if TYPE_CHECKING:
    from parsers.source import Chunk


@dataclass(frozen=True, slots=True)
class Format:
    """A text format: its name, the header that opens a game, and where its parser lives."""

    name: str
    header: str
    """Regular expression matched at the start of a line."""
    prefixes: tuple[str, ...]
    """What every header line starts with (at least four characters each): the splitter looks
    closer only at lines that start so."""
    parser: str
    """``module:function`` taking (lines, source) and returning a game record; for a format
    with ``element``, (lines, source, context) when the chunk carries a context."""
    game: str
    """The game whose quarantine partition holds this format's unparsed games (unless ``game_named`` names another)."""
    game_named: str | None = None
    """``module:function`` taking a game's lines and returning the game its text names, where the
    format holds more than one game read (``holdem36``, a 36-card hand), or None: its quarantine
    partition, in place of ``game``, when the game does not parse."""
    ignore_case: bool = False
    """Headers are read in any case (``header`` says so with ``(?i:…)``; ``prefixes`` in any case too)."""
    last_section: str | re.Pattern[str] | None = None
    """The line that opens a game's last section, the first such line of the game: its literal
    start (``""``: the header line opens it, every line of the game belongs to it) or a pattern
    matched at its start (after its indentation; flags inline, as ``(?i:…)``). A game ends at the
    first line after it that neither ``last_section_lines`` nor ``last_section_once`` matches nor
    is filler (but see ``keeps_lone_lines``); what follows is text of its own."""
    last_section_lines: tuple[str | re.Pattern[str], ...] = ()
    """What the lines of the last section start with (after their indentation): literal starts
    or patterns, as ``last_section``."""
    last_section_once: tuple[str | re.Pattern[str], ...] = ()
    """Lines a game holds once at most (``Date:``): a second one is no line of the game, so the
    next game's lines after a lost header never join it."""
    keeps_lone_lines: bool = False
    """A line that does not belong, followed by one that does (the next that is not filler),
    stays in the game for its parser to report, instead of ending it: for formats whose section
    lines are the game itself (a bad line inside a round is no end of the game) and are not
    written so by other rooms (PokerStars' ``Seat`` lines are)."""
    element: str | None = None
    """XML formats: the element each game is (``game``); the text before the first one is the
    context every game of the document needs (an iPoker session's ``<general>``)."""
    preamble: str | None = None
    """Regular expression of lines that some clients write just before the header line and that
    belong to the game it opens (``Game #1 starts.``): the game starts at the first of them."""
    cut_short: str | None = None
    """``module:function`` telling whether a game's record stops before the lines every game of
    the format ends with (a player without his hand or short of his cards, and no closing claims;
    a PokerStars summary without its Total line or its last seats' lines):
    such a game with which its file ends (:attr:`parsers.source.Chunk.ends_file`) was cut off with
    the file, and is quarantined as such (:data:`FILE_ENDS_INSIDE`), not judged by the rules."""
    refuses_cut_lines: bool = False
    """A game whose file ends inside its last line (:attr:`parsers.source.Chunk.ends_mid_line`) is
    quarantined as cut even when that line reads: each of its lines is a figure, and a cut one a
    wrong one (``USD 87`` of ``USD 875.00``, ``Buy-In: $0.92/$0`` of a summary with no entries)."""
    head_lines: str | None = None
    """Regular expression of lines the room writes above a file's games and that belong to none of
    them (the first line of a PokerStars tournament transcript): a text between games holding
    nothing else (but filler) is no game, and nothing to quarantine."""
    shown_as: str = ""
    """How a header line starts and what the format is, for the reason a text of no known format
    is quarantined with (``'Poker Hand #…' (GGPoker hand)``)."""
    header_line_rest: str | None = None
    """Regular expression of the rest of the header line after ``header``, to its end (the
    hand's number, then its date and time at the end, a time zone after them): the whole header
    line, ``header`` and this (:data:`WHOLE_HEADERS`), where it follows
    other text on a line, it opens a game there. A client that crashed mid-line leaves a fragment
    (or a block of NUL bytes) and, restarted, writes its next hand's header right after it. A
    header's first words in a name or a chat line (ending in its quote) are no whole header."""
    filler_before_header: str | None = None
    """Regular expression of a line the room writes just before a hand's header that belongs to no
    game, a comment to the splitter (888poker's ``#Game No : N``). A restarted client may write it
    (or the ``preamble``) after a crash-cut line's fragment, its header on the next line: the cut
    line's text ends at it, and the next hand starts there (see ``header_line_rest``)."""


UNKNOWN_GAME = "unknown"
"""The game of a quarantined text whose format could not be told: no game a user chooses."""
# The club formats' lines, as their grammars read them (parsers/grammars/*.lark): keywords in any
# case, blanks between the words. The words are the grammars', spelled again: the splitter runs
# before any grammar is opened, and a run opens only the grammars its games need (a test reads the
# words from the compiled grammars and checks that each line they open stays in its game).
_TABLE_KEYWORDS = ("date", "club", "scoring", "players", "dealer", "rules", "royalties", "points")


def _keyed(word: str) -> re.Pattern[str]:
    """A line opening with the keyword ``word`` and its colon, blanks allowed before the colon."""
    return re.compile(rf"(?i:{word})[ \t]*:")


_CHINESE_ONCE = tuple(map(_keyed, _TABLE_KEYWORDS))
# A player's line: a name, then its rows or its verb. Which names a game holds is its grammar's to
# say (cpshared.lark, PLAYER); the splitter only keeps every line that may be one in the game, so
# that a name it does not foresee ("Марк [Казань]") is never cut from its hand.
_CHINESE_SEAT = re.compile(r"[^\s,:#][^,:\n#]*:[ \t]*(?i:back|middle|front|surrenders|natural)\b")
_OFC_ONCE = (*_CHINESE_ONCE, _keyed("variant"))
_OFC_STEP = re.compile(r"[^\s,:#][^,:\n#]*?[ \t]+(?i:sets|draws|fantasyland)\b")
_RASPISNOY_ROUND_LINES = (re.compile(r"(?i:round)"), re.compile(r"(?i:trick)"),
                          *map(_keyed, ("hands", "bids", "points", "totals")))
_SHEET_HEAD = re.compile(r"\#[ \t]*(?i:cards)[ \t]+(?i:kind)\b")
_SHEET_ROW = re.compile(r"\d")
_SIXCARD_HAND_LINES = tuple(re.compile(p) for p in (r"(?i:hand)\b", r"(?i:dealer)\b", r"(?i:box)\b",
                                                    r"(?i:results?)\b"))


_DATED_LINE_END = r'[^\n"]*\d{4}[/-]\d{1,2}[/-]\d{1,2}[ T]\d{1,2}:\d{2}:\d{2}[^\n"]*(?=\n|\Z)'
"""The rest of a header line that ends with its date and time (then a zone, a second date in
brackets): no closing quote of a chat line on the way."""


def _ascii_cases(start: str) -> tuple[str, ...]:
    """Every way of writing ``start`` in upper- and lower-case ASCII letters: the prefixes of a
    header read in any case by ``(?ai:…)``. (Declared so, not with ``ignore_case``, which also
    admits the non-ASCII letters that fold to ASCII ones, such as ſ for s: "Six-card"'s first two
    would then send every line of a non-ASCII text to the header match.)"""
    return tuple(map("".join, itertools.product(*[dict.fromkeys((c, c.lower(), c.upper())) for c in start])))


FORMATS: tuple[Format, ...] = (
    Format("pokerstars", r"(?i:PokerStars (?:Zoom |Home Game |HomeGame )?(?:Hand|Game) #)", ("PokerStars ",),
           "parsers.pokerstars:parse", "holdem", game_named="parsers.pokerstars:game_named", ignore_case=True,
           last_section="*** SUMMARY ***",
           last_section_lines=("Total pot ", "Board [", "FIRST Board [", "SECOND Board [", "THIRD Board [", "Seat ",
                               "Hand was run "),
           # the tournament transcripts the room sends on request open so, their hands under banners
           head_lines=r"Transcript for tournament #\d+ requested by .*$", cut_short="parsers.pokerstars:cut_short",
           shown_as="'PokerStars Hand #…' (PokerStars hand)",
           header_line_rest=r"\d+: " + _DATED_LINE_END),
    Format("bovada", r"(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?) Hand #", ("Bovada Hand #", "Ignition Hand #", "Bodog"),
           "parsers.bovada:parse", "holdem",
           shown_as="'Bovada Hand #…' (Bovada hand)",
           header_line_rest=r"\d+ " + _DATED_LINE_END),
    Format("partypoker", r"\*{5} Hand History [Ff]or Game ", ("***** Hand History ",), "parsers.partypoker:parse",
           "holdem", preamble=r"(?:Game #\d+ starts\.|#Game No\s*:\s*\d+)\s*$",
           shown_as="'***** Hand History for Game …' (PartyPoker hand)",
           # the hand's number between stars, then the network a converted hand came from: "(WPN)"
           header_line_rest=r"\w+ \*{5}(?: \([^()\n]*\))?(?=\n|\Z)"),
    Format("winning", r"(?:Game )?Hand #\d+ - (?:Tournament #\d+ - )?[^(\n]+\((?:No|Pot|Fixed)? ?Limit\) - ",
           ("Hand #", "Game Hand #"), "parsers.winning:parse", "holdem",
           shown_as="'Hand #… - Holdem(No Limit) - …' (Winning Poker Network hand)",
           header_line_rest=_DATED_LINE_END),
    # the network's older text: it names no betting structure, which the user sets (pipeline.table_rules)
    Format("winning_older", r"Game started at: \d{4}/\d{1,2}/\d{1,2} ", ("Game started at: ",),
           "parsers.winning:parse_older", "holdem", game_named="parsers.winning:game_named_older",
           last_section="------ Summary",
           last_section_lines=("Pot: ", "Board: ", "Player ", "*Player ", "Game ended at: "),
           shown_as="'Game started at: …' (Winning Poker Network hand, older text)",
           header_line_rest=r"\d{1,2}:\d{1,2}:\d{1,2}(?=\n|\Z)"),     # (no zone; "1:1:3" unpadded)
    Format("ipoker", r"(?:<\?xml[^>]*\?>\s*)?<session[ >]", ("<session", "<?xml"), "parsers.ipoker:parse", "holdem",
           element="game", preamble=r"<\?xml[^>]*\?>\s*$",
           shown_as="'<session …>' (iPoker XML session)"),
    Format("ggpoker", r"Poker Hand #[A-Z]{0,3}\d+: ", ("Poker Hand #",), "parsers.ggpoker:parse", "holdem",
           game_named="parsers.ggpoker:game_named", last_section="*** SUMMARY ***",
           last_section_lines=("Total pot ", "Hand was run ", "Board [", "FIRST", "SECOND", "THIRD", "Seat "),
           shown_as="'Poker Hand #…' (GGPoker hand)",
           header_line_rest=_DATED_LINE_END),
    # before Winamax hands, whose header starts the same way: the first format that matches takes a line
    Format("winamax_summary", r"Winamax Poker - Tournament summary :", ("Winamax Poker - ",),
           "parsers.winamax_summary:parse", "tournament", refuses_cut_lines=True,
           shown_as="'Winamax Poker - Tournament summary : …' (Winamax tournament summary)"),
    Format("winamax", r"Winamax Poker - ", ("Winamax Poker - ",), "parsers.winamax:parse", "holdem",
           last_section="*** SUMMARY ***", last_section_lines=("Total pot ", "Board: [", "Seat "),
           shown_as="'Winamax Poker - …' (Winamax hand)",
           header_line_rest=r"[^\n\"]* - HandId: #[\d-]+ - " + _DATED_LINE_END),
    # 888poker opens a hand with "#Game No : N", a comment line to the splitter, then this line
    Format("pacific", r"\*{4,5} (?:888poker|Cassava|888)\S*(?: Snap Poker| BLAST)? Hand History for Game ",
           ("***** 888", "***** Cassava", "**** 888", "**** Cassava"),
           "parsers.pacific:parse", "holdem",
           shown_as="'***** 888poker Hand History for Game …' (888poker hand)",
           header_line_rest=r"\d+ \*{4,5}(?=\n|\Z)", filler_before_header=r"#Game No\s*:\s*\d+\s*$"),
    # A raspisnoy log ends after its rounds, a sheet after its rows, a six-card session after its
    # hands; the lines of a Chinese or OFC hand come in any order after its header. Their headers,
    # as all their keywords, are read in any case (docs/formats.md, "Case").
    Format("raspisnoy_log", r"(?ai:Raspisnoy game)\b", _ascii_cases("Rasp"), "parsers.raspisnoy:parse_log",
           "raspisnoy", last_section=_RASPISNOY_ROUND_LINES[0], last_section_lines=_RASPISNOY_ROUND_LINES,
           keeps_lone_lines=True,
           shown_as="'Raspisnoy game …' (raspisnoy game log)"),
    Format("raspisnoy_sheet", r"(?ai:Raspisnoy sheet)\b", _ascii_cases("Rasp"), "parsers.raspisnoy:parse_sheet",
           "raspisnoy_sheet", last_section=_SHEET_HEAD, last_section_lines=(_SHEET_ROW,), keeps_lone_lines=True,
           shown_as="'Raspisnoy sheet …' (raspisnoy score sheet)"),
    Format("chinese", r"(?ai:Chinese poker hand)\b", _ascii_cases("Chin"), "parsers.chinese:parse_chinese",
           "chinese", last_section="", last_section_lines=(_CHINESE_SEAT,), last_section_once=_CHINESE_ONCE,
           keeps_lone_lines=True, cut_short="parsers.chinese:cut_short",
           shown_as="'Chinese poker hand …' (Chinese poker hand)"),
    Format("ofc", r"(?ai:OFC hand)\b", _ascii_cases("OFC "), "parsers.chinese:parse_ofc", "ofc",
           last_section="", last_section_lines=(_OFC_STEP,), last_section_once=_OFC_ONCE,
           keeps_lone_lines=True, cut_short="parsers.chinese:cut_short",
           shown_as="'OFC hand …' (open-face Chinese poker hand)"),
    Format("sixcard", r"(?ai:Six-card +poker +session)\b", _ascii_cases("Six-"), "parsers.sixcard:parse", "sixcard",
           last_section=_SIXCARD_HAND_LINES[0], last_section_lines=_SIXCARD_HAND_LINES,
           keeps_lone_lines=True,
           shown_as="'Six-card poker session …' (six-card poker session)"),
    Format("pokerstars_summary", r"(?i:PokerStars Tournament #)", ("PokerStars ",),
           "parsers.pokerstars_summary:parse", "tournament", ignore_case=True,
           # the summaries the room e-mails on request open so
           head_lines=r"Tournament History for your last \d+ tournaments? requested by .*$",
           refuses_cut_lines=True,
           shown_as="'PokerStars Tournament #…' (PokerStars tournament summary)"),
    Format("pacific_summary", r"\*{5} Cassava Tournament Summary \*{5}", ("***** Cassava",),
           "parsers.pacific_summary:parse", "tournament", refuses_cut_lines=True,
           shown_as="'***** Cassava Tournament Summary *****' (888poker tournament summary)"),
)


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A room whose hand histories people keep beside PokerStars ones: recognized, not read yet."""

    header: str
    prefixes: tuple[str, ...]
    reason: str


UNSUPPORTED: dict[str, Unsupported] = {
    "full_tilt": Unsupported(r"Full Tilt Poker Game #|FullTiltPoker Game #|Full Tilt (?:Rush )?Hand #",
                             ("Full Tilt ", "FullTiltPoker "), "Full Tilt Poker hand histories are not supported yet"),
    "runitonce": Unsupported(r"Run It Once Poker Hand #", ("Run It Once Poker Hand #",),
                             "Run It Once Poker hand histories are not supported yet"),
    "full_tilt_summary": Unsupported(r"Full Tilt Tournament #", ("Full Tilt ",),
                                     "Full Tilt Poker tournament summaries are not supported yet"),
    "runitonce_summary": Unsupported(r"Run It Once Poker Tournament #", ("Run It Once Poker Tournament #",),
                                     "Run It Once Poker tournament summaries are not supported yet"),
    "pokermaster": Unsupported(r"PokerMaster Hand #", ("PokerMaster Hand #",),
                               "PokerMaster hand histories are not supported yet"),
    "pokerbros": Unsupported(r"PokerBros Hand #", ("PokerBros Hand #",), "PokerBros hand histories are not supported yet"),
    "merge": Unsupported(r"Hand #\d+-\d+ - ", ("Hand #",), "Merge Network hand histories are not supported yet"),
}

HEADERS = re.compile("|".join(
    [f"(?P<{fmt.name}>{fmt.header})" for fmt in FORMATS]
    + [f"(?P<{name}>{room.header})" for name, room in UNSUPPORTED.items()]
))
HEADER_PREFIXES: tuple[tuple[str, bool], ...] = tuple(
    [(prefix, fmt.ignore_case) for fmt in FORMATS for prefix in fmt.prefixes]
    + [(prefix, False) for room in UNSUPPORTED.values() for prefix in room.prefixes]
)
"""(prefix, in any case) of every header: a line that starts with none of them is no header."""
WHOLE_HEADERS = re.compile("|".join(f"(?P<{fmt.name}>(?:{fmt.header}){fmt.header_line_rest})"
                                     for fmt in FORMATS if fmt.header_line_rest))
"""The whole header lines (``Format.header`` and :attr:`Format.header_line_rest`), matched where one stands after other text on its line."""
WHOLE_HEADER_PREFIXES: dict[str, tuple[str, ...]] = {fmt.name: fmt.prefixes for fmt in FORMATS if fmt.header_line_rest}
"""Per format with a whole header: what it starts with, as the room writes it (the splitter looks
inside a line only there)."""


@dataclass(frozen=True, slots=True)
class FileFormat:
    """A format without header lines, recognised by its file's extension: its own splitter
    cuts the file into one chunk per game."""

    name: str
    extensions: tuple[str, ...]
    """File name endings, lower case with the dot."""
    splitter: str
    """``module:function`` taking a file's decoded text and returning its chunks."""
    parser: str
    """``module:function`` taking (lines, source) and returning a game record."""
    game: str
    shown_as: str = ""
    """How its files are named and what the format is, as :attr:`Format.shown_as`."""


FILE_FORMATS: tuple[FileFormat, ...] = (
    FileFormat("phh", (".phh", ".phhs"), "parsers.phh:split", "parsers.phh:parse", "holdem",
               shown_as="'….phh' or '….phhs' (PHH, Poker Hand History file)"),
)
_BY_EXTENSION = {extension: fmt for fmt in FILE_FORMATS for extension in fmt.extensions}
_BY_NAME = {fmt.name: fmt for fmt in (*FORMATS, *FILE_FORMATS)}


def file_format(file: str) -> FileFormat | None:
    """The format a file's extension names (``hands.phhs``), or None for files read by their headers."""
    dot = file.rfind(".")
    return _BY_EXTENSION.get(file[dot:].lower()) if dot >= 0 else None


def split_named(text: str, file: str) -> list[Chunk]:
    """A file's chunks: cut by its format's own splitter when its extension names one, else at
    the header lines by :func:`parsers.source.split`."""
    fmt = file_format(file)
    if fmt is None:
        from parsers.source import split  # parsers.source imports this module's headers

        return split(text)
    return _parser(fmt.splitter)(text)


def quarantine_game(chunk: Chunk, unsupported: str = "") -> str:
    """The ``game`` partition a chunk's quarantine row goes to: the game its text names among those
    its format reads (``holdem36`` for a 36-card hand, :attr:`Format.game_named`), else the format's
    game; or for a game of a kind Rasklad does not read, the game its text names (``unsupported``,
    :attr:`UnsupportedGame.game`) in lower case, its words joined by "_" (a partition's folder takes
    no space nor slash).

    >>> from parsers.source import Chunk
    >>> chunk = Chunk(lines=("PokerStars Game #1: 5 Card Draw Pot Limit …",), first_line=1, last_line=1,
    ...               game_id="1", format="pokerstars")
    >>> quarantine_game(chunk), quarantine_game(chunk, "5 Card Draw"), quarantine_game(chunk, "Omaha Hi/Lo")
    ('holdem', '5_card_draw', 'omaha_hi_lo')
    >>> quarantine_game(Chunk(lines=("PokerStars Hand #1: 6+ Hold'em No Limit (Button Blind $2 - Ante $1 USD) …",),
    ...                       first_line=1, last_line=1, game_id="1", format="pokerstars"))
    'holdem36'
    """
    named = "_".join(re.findall(r"[a-z0-9]+", unsupported.lower().replace("'", "")))
    if named:
        return named
    fmt = _BY_NAME.get(chunk.format or "")
    if fmt is None:
        return UNKNOWN_GAME
    named = isinstance(fmt, Format) and fmt.game_named and _parser(fmt.game_named)(chunk.lines)
    return named or fmt.game


NO_FORMAT = ("text is not a game of any known format: expected a header line such as "
             + ", ".join(fmt.shown_as for fmt in FORMATS) + "; or a file named "
             + ", ".join(fmt.shown_as for fmt in FILE_FORMATS))
"""The reason text no header opens is quarantined with: every format read, from its declaration."""
_CONTROL_NAMES = ("NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO",
                  "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS",
                  "RS", "US")


def control_character(lines: tuple[str, ...]) -> ParseError | None:
    """The first control character in a game's lines (``lines[0]`` its first), at its line and
    column, or None. The header of a game holding one still opens it (a NUL inside a line after
    the header opens text of its own), and a reader would give the line's words another reason.

    >>> print(control_character(("Winamax Poker - Cash\\x00Game - …", "Table: 'Paris'")))
    line 1, column 21: a control character (NUL) at column 21: no log writes one in a line, a writer that stopped or a damaged copy leaves it
    >>> print(control_character(("Table: 'Paris'", "Seat 1: Bo\\x85ris")).reason.split(":")[0])
    a control character (U+0085) at column 11
    """
    text = "\n".join(lines)       # one scan of the game in C: a search per line cost every game a loop
    found = CONTROL_CHARACTER.search(text)   # (the class leaves out the line feed that joins them)
    if found is None:
        return None
    at = found.start()
    index = text.count("\n", 0, at)
    code = ord(found[0])
    name = _CONTROL_NAMES[code] if code < len(_CONTROL_NAMES) else "DEL" if code == 0x7F else f"U+{code:04X}"
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return ParseError(f"a control character ({name}) at column {column}: no log writes one in a line, a "
                      "writer that stopped or a damaged copy leaves it", line=index + 1, column=column,
                      line_text=lines[index])


UNDECODABLE = "byte 0x{byte:02X} cannot be read in the encoding of the text around it: the game is not read"
"""The reason a game holding a byte that could not be decoded (a bad byte of UTF-8 text, the
last half character of a UTF-16 file of odd length, or a byte a Windows code page has no
character for) is quarantined at that byte, when the game does not parse with U+FFFD in the
byte's place (a game that does is stored with :func:`undecodable_finding`)."""
UNDECODABLE_REASON = re.compile(r"byte 0x([0-9A-F]{2}) cannot be read "
                                r"(?:in the encoding|as UTF-8, the encoding) of the text around it")
"""That reason, read back: the byte's value is its group 1. Warehouses written before a UTF-16
file's byte was told apart keep the older words, which named UTF-8 whatever the file's encoding.

>>> [UNDECODABLE_REASON.match(reason)[1] for reason in (UNDECODABLE.format(byte=0x0A),
...     "byte 0xFF cannot be read as UTF-8, the encoding of the text around it: the game is not read")]
['0A', 'FF']
"""


FILE_ENDS_INSIDE = "the file ends inside this hand (after line {line})"
"""The reason a game its file ends inside is quarantined (see :attr:`Format.cut_short`): what
it lacks is the rest of the file, not a rule kept. Read whole on a later ingest, it is stored."""
FILE_ENDS_IN_LINE = "the file ends inside this hand, in the middle of line {line} (after column {column})"
"""The reason a game is quarantined that does not read because its file ends inside its last line,
as a download interrupted at ``Seat 3: Bob (`` leaves it: that line, cut, is no fault of the game."""
FILE_ENDS_REASON = re.compile(r"the file ends inside this hand(?: \(after line \d+\)|, in the middle of line \d+)")
"""Either reason, read back (a re-audit marks the game as its file's end again);
:data:`FILE_ENDS_IN_LINE_REASON` the second alone.

>>> bool(FILE_ENDS_REASON.match(FILE_ENDS_INSIDE.format(line=56)))
True
"""
FILE_ENDS_IN_LINE_REASON = re.compile(r"the file ends inside this hand, in the middle of line \d+")


def _file_ends_in_line(chunk: Chunk) -> ParseError:
    """The error of a game its file ends inside, in the middle of its last line: at that line's end."""
    last = chunk.lines[-1]
    return ParseError(FILE_ENDS_IN_LINE.format(line=chunk.last_line, column=len(last)),
                      line=chunk.last_line, column=len(last) + 1, line_text=last)


def _header_begun(lines: tuple[str, ...]) -> bool:
    """Is a text of one line the start of a header line (``P``, ``PokerStars``, ``PokerStars Gam``)?
    Its first characters are those of a header's declared start, or its start and more.

    >>> [_header_begun((text,)) for text in ("P", "pokerstars", "PokerStars Gam", "Seat 3: Bob (", "")]
    [True, True, True, False, False]
    """
    if len(lines) != 1:
        return False
    begun = lines[0].lstrip(" \t\ufeff")
    return bool(begun) and any(
        prefix.startswith(begun) or begun.startswith(prefix) if not any_case else
        prefix.lower().startswith(begun.lower()) or begun.lower().startswith(prefix.lower())
        for prefix, any_case in HEADER_PREFIXES)


def parse_chunk(chunk: Chunk, file: str):
    """Parse one game's text into its record; a ParseError carries the file's line numbers, and
    its columns (the header of a game that starts inside a line is cited at its column there)."""
    try:
        return _parsed(chunk, file)
    except ParseError as error:
        if chunk.first_column > 1 and error.line == chunk.first_line:
            error.column += chunk.first_column - 1
        raise


def _parsed(chunk: Chunk, file: str):
    source = Source(file=file, first_line=chunk.first_line, last_line=chunk.last_line, game_id=chunk.game_id)
    fmt = _BY_NAME.get(chunk.format or "")
    if fmt is None:
        if chunk.undecodable is not None and not "".join(chunk.lines).replace("\ufffd", "").strip():
            # nothing but the bytes that could not be read (the lone last byte of a UTF-16 file of odd
            # length): the byte is the fault, not a text of no known format
            line, column, byte = chunk.undecodable
            raise ParseError(UNDECODABLE.format(byte=byte), line=line, column=column,
                             line_text=chunk.lines[line - chunk.first_line])
        if chunk.ends_mid_line and _header_begun(chunk.lines):
            raise _file_ends_in_line(chunk)     # the next game's first characters: the file's end, not junk
        if chunk.format in UNSUPPORTED:
            reason = UNSUPPORTED[chunk.format].reason
        else:
            from parsers.source import not_text  # parsers.source imports this module's headers

            found = not_text(chunk)
            if found is not None:
                reason, line, column = found
                raise ParseError(reason, line=line, column=column, line_text=chunk.lines[line - chunk.first_line])
            reason = NO_FORMAT
        raise ParseError(reason, line=chunk.first_line, column=1, line_text=chunk.lines[0] if chunk.lines else "")
    if chunk.ends_mid_line and getattr(fmt, "refuses_cut_lines", False):
        raise _file_ends_in_line(chunk)
    control = control_character(chunk.lines)
    if control is not None:
        raise control.shifted(chunk.first_line)
    try:
        if chunk.context:
            return _parser(fmt.parser)(chunk.lines, source, chunk.context)
        record = _parser(fmt.parser)(chunk.lines, source)
    except ParseError as error:
        if chunk.cut_by_crash and isinstance(error, LineOutOfPlace) and \
                error.line + chunk.first_line - 1 == chunk.last_line:
            error = error.as_unread()       # a crash's fragment is unreadable, not out of place
        if chunk.ends_mid_line and not isinstance(error, (UnsupportedGame, UnstatedRule)) and \
                error.line + chunk.first_line - 1 >= chunk.last_line:
            # the fault is the line the file cuts (or what it leaves out after it): the file's end
            raise _file_ends_in_line(chunk) from None
        # a game of a kind Rasklad does not read is refused as such, whatever bytes it holds
        if chunk.undecodable is None or isinstance(error, UnsupportedGame):
            raise error.shifted(chunk.first_line) from None
        line, column, byte = chunk.undecodable     # the likeliest cause: a name's sign read, a number's not
        raise ParseError(UNDECODABLE.format(byte=byte), line=line, column=column,
                         line_text=chunk.lines[line - chunk.first_line] if chunk.lines else "") from None
    cut_short = getattr(fmt, "cut_short", None)     # (a format read by its extension declares none)
    if chunk.ends_file and cut_short is not None and _parser(cut_short)(record):
        # the file stops where the game has not ended: nothing in it is a result, nor a rule broken
        last = chunk.lines[-1]
        raise ParseError(FILE_ENDS_INSIDE.format(line=chunk.last_line), line=chunk.last_line, column=len(last) + 1,
                         line_text=last)
    return record


def undecodable_finding(chunk: Chunk) -> Finding | None:
    """ROOM-ENCODING: the warning a game read though its file's encoding could not read a byte of
    it (:attr:`Chunk.undecodable`, the first such byte) is stored with; None for a game without one.

    >>> from parsers.source import decode, split
    >>> chunk = split(decode(b"\\xef\\xbb\\xbfNotes of D\\xe2est\\n"))[0]
    >>> finding = undecodable_finding(chunk)
    >>> finding.rule_id, finding.line, str(finding.severity), finding.actual, chunk.lines
    ('ROOM-ENCODING', 1, 'warning', 'byte 0xE2 at column 11', ('Notes of D\\ufffdest',))
    """
    if chunk.undecodable is None:
        return None
    line, column, byte = chunk.undecodable
    text = chunk.lines[line - chunk.first_line] if chunk.first_line <= line <= chunk.last_line else ""
    # a byte that opened the header's line is left out of the game (parsers.source._marked)
    read_as = "it is read as U+FFFD, as at every line that holds it" if text[column - 1:column] == "\ufffd" \
        else "it stood before the game's header, which is read without it"
    return Finding(rule_id="ROOM-ENCODING", severity=Severity.WARNING, line=line,
                   message=f"byte 0x{byte:02X} at column {column} cannot be read in the encoding of the text "
                           f"around it: {read_as}",
                   expected="a character of the file's encoding", actual=f"byte 0x{byte:02X} at column {column}")


def read_despite(findings) -> Finding | None:
    """ROOM-ENCODING: None when a game read with U+FFFD for a byte is stored with ``findings``
    (its replay's), else the error that sends it to quarantine at the byte: a byte that leaves a
    name broken in one line and whole in others makes the game contradict itself.

    >>> read_despite([Finding(rule_id="HE-SPLIT", message="m", severity=Severity.WARNING)]) is None
    True
    """
    return next((finding for finding in findings if finding.severity is Severity.ERROR), None)


_PARSERS: dict[str, object] = {}


def _parser(path: str):
    # Imported on first use: a run over PokerStars files never loads the other grammars.
    if path not in _PARSERS:
        module, function = path.split(":")
        _PARSERS[path] = getattr(importlib.import_module(module), function)
    return _PARSERS[path]
