"""Tournament summaries: one row per entry of each tournament's finishing order.

A summary is stored like a game (its text, its ``games`` row, in the buy-in's currency, as a
tournament's), but its players are not in ``game_players``: a summary holds no hand, and the
same tournament may be summarized twice (while it runs, then when it ends). The marts read
the latest summary of each tournament.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyarrow as pa

from pipeline.facts import MONEY, Handler, define, money_unit
from rules.records import Replay

if TYPE_CHECKING:
    from rules.tournaments import TournamentSummary

TABLES = (
    define(
        "tournament_results",
        ("game_id", pa.string()), ("tournament_id", pa.string()), ("player", pa.string()),
        ("entry_no", pa.int16()), ("finish", pa.int32()), ("prize", MONEY), ("prize_text", pa.string()),
        ("country", pa.string()), ("is_hero", pa.bool_()),
        ("game_type", pa.string()), ("buy_in", MONEY), ("bounty", MONEY), ("fee", MONEY),
        ("currency", pa.string()), ("count_entries", pa.int32()), ("prize_pool", MONEY),
        ("is_satellite", pa.bool_()), ("started_at", pa.timestamp("us")), ("finished_at", pa.timestamp("us")),
        # the account holder's own lines, on his row (null on the others': the room tells him only)
        ("count_reentries", pa.int16()), ("count_rebuys", pa.int16()), ("count_addons", pa.int16()),
        ("rebuy_cost", MONEY), ("count_bounties", pa.int16()), ("bounties_won", MONEY),
        ("line", pa.int32()),
    ),
)


def replay(summary: TournamentSummary) -> Replay:
    """A summary breaks no rule we check; its players' results are its own table's."""
    return Replay()


def add_rows(rows, summary: TournamentSummary, replay: Replay) -> None:
    tournament = {
        "game_id": summary.source.game_id, "tournament_id": summary.tournament_id, "game_type": summary.game_type,
        "buy_in": summary.buy_in, "bounty": summary.bounty, "fee": summary.fee, "currency": summary.currency,
        "count_entries": summary.count_entries, "prize_pool": summary.prize_pool,
        "is_satellite": summary.is_satellite, "started_at": summary.started_at, "finished_at": summary.finished_at,
    }
    hero_listed = any(entry.player == summary.hero and entry.finish == summary.hero_finish
                      for entry in summary.entries)
    hero = {"count_reentries": summary.count_reentries, "count_rebuys": summary.count_rebuys,
            "count_addons": summary.count_addons, "rebuy_cost": summary.rebuy_cost,
            "count_bounties": summary.count_bounties, "bounties_won": summary.bounties_won}
    for entry in summary.entries:
        is_hero = hero_listed and entry.player == summary.hero and entry.finish == summary.hero_finish
        rows.add("tournament_results", "tournament", **tournament, player=entry.player, entry_no=entry.entry_no,
                 finish=entry.finish, prize=entry.prize, prize_text=entry.prize_text, country=entry.country,
                 is_hero=is_hero, line=entry.line, **(hero if is_hero else {}))
    if summary.hero and not hero_listed and summary.hero_finish is not None:
        # the letter form: his place and award, without the finishing order
        rows.add("tournament_results", "tournament", **tournament, player=summary.hero, entry_no=1,
                 finish=summary.hero_finish, prize=summary.hero_prize, is_hero=True, **hero)


HANDLERS = {"rules.tournaments.TournamentSummary": Handler(
    replay=replay, add_rows=add_rows, money=lambda summary: (money_unit(summary.currency), True),
    name_in_log=lambda summary: summary.tournament_id)}
