"""The rooms' own facts that no game rule gives: how their logs are to be read.

A room's reader (``parsers/<room>.py``) applies them; they have IDs, as the rules of the games
do, so that a stored value can say which fact made it so.
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "ROOM-TIME-ZONE": ("A hand's time is read in the zone its header names (PartyPoker: EDT, CET, MSKS …; "
                       "Bovada and Winning: UTC; PokerStars: the ET time, New York's clock, standard or "
                       "daylight by the date) and stored in UTC; PokerStars writes a zone's standard name all "
                       "year (CET in July is Paris summer time). A header that names no zone (GGPoker, "
                       "888poker, iPoker, older Bovada hands), PokerStars' player-set offset (CUST) with no ET "
                       "time, or a name that stands for two zones keeps the time as written."),
    "ROOM-DISCONNECTED": ("iPoker's disconnection protection: an all-in written with no amount (sum=\"DP\") "
                          "keeps a player whose connection dropped in the hand for the chips he has in; he puts in "
                          "no more and plays for the pots those chips reach."),
}
"""Room facts by ID, as the rulebook gathers them."""
