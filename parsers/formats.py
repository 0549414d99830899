"""The formats Rasklad reads, how each is recognized, and the one entry point to parse a game.

A format is recognized by the header line that opens each of its games. Headers of rooms
and games that Rasklad does not read yet are recognized too, so that their games go to
quarantine with a reason a person understands instead of "unexpected text".
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

from parsers.errors import ParseError
from parsers.source import Chunk
from rules.records import Source


@dataclass(frozen=True, slots=True)
class Format:
    """A text format: its name, the header that opens a game, and where its parser lives."""

    name: str
    header: str
    """Regular expression matched at the start of a line."""
    parser: str
    """``module:function`` taking (lines, source) and returning a game record."""
    game: str
    """The game whose quarantine partition holds this format's unparsed games."""


FORMATS: tuple[Format, ...] = (
    Format("pokerstars", r"(?i:PokerStars (?:Zoom |Home Game |HomeGame )?(?:Hand|Game) #)", "parsers.pokerstars:parse", "holdem"),
    Format("raspisnoy_log", r"Raspisnoy game\b", "parsers.raspisnoy:parse_log", "raspisnoy"),
    Format("raspisnoy_sheet", r"Raspisnoy sheet\b", "parsers.raspisnoy:parse_sheet", "raspisnoy_sheet"),
    Format("chinese", r"Chinese poker hand\b", "parsers.chinese:parse_chinese", "chinese"),
    Format("ofc", r"OFC hand\b", "parsers.chinese:parse_ofc", "ofc"),
    Format("sixcard", r"Six-card +poker +session\b", "parsers.sixcard:parse", "sixcard"),
)

# Rooms whose hand histories people keep beside PokerStars ones: recognized, not read yet.
UNSUPPORTED: dict[str, tuple[str, str]] = {
    "full_tilt": (r"Full Tilt Poker Game #|FullTiltPoker Game #|Full Tilt (?:Rush )?Hand #", "Full Tilt Poker hand histories are not supported yet"),
    "partypoker": (r"\*{5} Hand History [Ff]or Game|#Game No\s*:|Game #\d+ starts\.", "PartyPoker hand histories are not supported yet"),
    "ipoker": (r"<session |<\?xml", "iPoker XML hand histories are not supported yet"),
    "winamax": (r"Winamax Poker - ", "Winamax hand histories are not supported yet"),
    "ggpoker": (r"Poker Hand #(?:RC|HD|TM)", "GGPoker hand histories are not supported yet"),
    "ignition": (r"(?:Ignition|Bovada|Bodog) Hand #", "Ignition/Bovada hand histories are not supported yet"),
    "pacific": (r"#Game No : |\*\*\*\*\* 888poker", "888poker hand histories are not supported yet"),
    "runitonce": (r"Run It Once Poker Hand #", "Run It Once Poker hand histories are not supported yet"),
    "pokermaster": (r"PokerMaster Hand #", "PokerMaster hand histories are not supported yet"),
    "pokerbros": (r"PokerBros Hand #", "PokerBros hand histories are not supported yet"),
    "merge": (r"Hand #\d+-\d+ - ", "Merge Network hand histories are not supported yet"),
}

HEADERS = re.compile("|".join(
    [f"(?P<{fmt.name}>{fmt.header})" for fmt in FORMATS]
    + [f"(?P<{name}>{pattern})" for name, (pattern, _) in UNSUPPORTED.items()]
))
_BY_NAME = {fmt.name: fmt for fmt in FORMATS}


def quarantine_game(chunk: Chunk) -> str:
    """The ``game`` partition a chunk's quarantine row goes to."""
    fmt = _BY_NAME.get(chunk.format or "")
    return fmt.game if fmt else "unknown"


def parse_chunk(chunk: Chunk, file: str):
    """Parse one game's text into its record; a ParseError carries the file's line numbers."""
    source = Source(file=file, first_line=chunk.first_line, last_line=chunk.last_line, game_id=chunk.game_id)
    fmt = _BY_NAME.get(chunk.format or "")
    if fmt is None:
        if chunk.format in UNSUPPORTED:
            reason = UNSUPPORTED[chunk.format][1]
        else:
            reason = ("text is not a game of any known format: expected a header line such as "
                      "'PokerStars Hand #…', 'Raspisnoy game …', 'Chinese poker hand …', 'OFC hand …' "
                      "or 'Six-card poker session …'")
        raise ParseError(reason, line=chunk.first_line, column=1, line_text=chunk.lines[0] if chunk.lines else "")
    try:
        return _parser(fmt.parser)(chunk.lines, source)
    except ParseError as error:
        raise error.shifted(chunk.first_line) from None


_PARSERS: dict[str, object] = {}


def _parser(path: str):
    # Imported on first use: a run over PokerStars files never loads the other grammars.
    if path not in _PARSERS:
        module, function = path.split(":")
        try:
            _PARSERS[path] = getattr(importlib.import_module(module), function)
        except ModuleNotFoundError as error:
            if error.name != module:
                raise

            def missing(lines, source, _module=module):
                raise ParseError(f"this format is recognized but its parser ({_module}) is not built yet")
            _PARSERS[path] = missing
    return _PARSERS[path]
