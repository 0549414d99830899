"""The tournament record: what a room's summary of one tournament states, whichever room wrote it.

A summary is what a room sends a player who asks for his tournament history: the buy-in (prize
pool part, bounty, fee, in one currency), the entries, the prize pool, the finishing order with
each prize, and the account holder's own lines: his place, re-entries, rebuys, add-ons and
bounties. Each room's reader (``parsers/*_summary.py``) fills what its room writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from rules.records import GameInfo, Source

__all__ = ["GAME", "LARGEST_COUNT", "LARGEST_SMALL_COUNT", "TournamentEntry", "TournamentSummary"]

GAME = "tournament"
"""The warehouse partition of tournament summaries."""

LARGEST_COUNT = 9_999_999
"""The most entries or places a summary may state (32-bit columns)."""
LARGEST_SMALL_COUNT = 9_999
"""The most re-entries, rebuys, add-ons, bounties or entries of one player (16-bit columns)."""

@dataclass(frozen=True, slots=True)
class TournamentEntry:
    """One line of the finishing order: an entry (a player who re-entered has one per entry)."""

    finish: int | None
    """The place; None while the entry is still playing."""
    player: str | None
    """None for the account holder of a summary that does not name him (Winamax's older ones give
    his place alone)."""
    entry_no: int
    """1 for the player's first entry, then 2, 3, … (PokerStars writes ``name [2]``)."""
    country: str | None
    prize: Decimal | None
    """What the entry won in the buy-in's currency: 0 when nothing; None when the prize is not in
    that currency (a ticket, a seat, points) or the entry is still playing."""
    prize_text: str | None
    """The prize as written, when there is one."""
    line: int


@dataclass(frozen=True, kw_only=True, slots=True)
class TournamentSummary:
    """One tournament summary; amounts in ``currency`` (``chips`` for a play-money tournament)."""

    source: Source
    info: GameInfo
    tournament_id: str
    game_type: str | None
    buy_in: Decimal | None
    """The part of one entry's price that goes to the prize pool; None when the entry was paid with a
    ticket whose value the summary does not say (Winamax's ``Buy-In : Ticket uniquement``)."""
    bounty: Decimal
    """The part that goes to bounties (knockout tournaments), else 0."""
    fee: Decimal
    """The room's fee."""
    currency: str | None
    """None for a freeroll whose summary names no unit (no price, no prize)."""
    count_entries: int | None
    prize_pool: Decimal | None
    is_satellite: bool
    started_at: datetime | None
    finished_at: datetime | None
    entries: tuple[TournamentEntry, ...]
    hero: str | None
    """The account holder, when the summary says who he is (his place in the order, or 'Dear …')."""
    hero_finish: int | None
    hero_prize: Decimal | None
    """His award when the order does not list him: what the letter's award says, 0 when it names
    none, None when it is in another unit."""
    count_reentries: int
    count_rebuys: int
    count_addons: int
    rebuy_cost: Decimal
    """What his rebuys and add-ons cost in total (re-entries are priced at the buy-in)."""
    count_bounties: int
    bounties_won: Decimal
