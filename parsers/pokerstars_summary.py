"""PokerStars tournament summaries → :class:`rules.tournaments.TournamentSummary`.

PokerStars writes the whole finishing order, each entry with its country and prize, then the
account holder's own lines (his place, re-entries, rebuys, add-ons, bounties), or a letter
('Dear …') that gives his place and award alone. The grammar (``grammars/pokerstars_summary.lark``)
reads the lines; this module turns each into figures.

>>> text = '''PokerStars Tournament #329052872, No Limit Hold'em
... Buy-In: $10.00/$0.50 USD
... 2 players
... Total Prize Pool: $20.00 USD
... Tournament started 2010/11/07 8:03:52 ET
... Tournament finished 2010/11/07 8:21:44 ET
...  1: Hero (Perth), $20.00 (100%)
...  2: v.v.75 (Грязи),
...
... You finished in 1st place.'''.split("\\n")
>>> summary = parse(tuple(text), Source(file="t.txt", first_line=1, last_line=10, game_id="0"))
>>> summary.tournament_id, summary.buy_in, summary.fee, summary.currency, summary.hero, summary.hero_finish
('329052872', Decimal('10.00'), Decimal('0.50'), 'USD', 'Hero', 1)
>>> summary.started_at, summary.info.played_in_utc      # 8:03:52 ET in November: UTC-5
(datetime.datetime(2010, 11, 7, 13, 3, 52), True)
>>> [(e.finish, e.player, e.prize) for e in summary.entries]
[(1, 'Hero', Decimal('20.00')), (2, 'v.v.75', Decimal('0'))]
"""

from __future__ import annotations

import re
from decimal import Decimal

from lark import Tree

from parsers.grammar import parse_lines
from parsers.lines import CURRENCY_SIGNS
from parsers.lines import read_amount as amount
from parsers.summaries import SummaryBuilder
from rules.records import GameInfo, Source
from rules.tournaments import GAME, LARGEST_SMALL_COUNT, TournamentEntry, TournamentSummary

__all__ = ["SITE", "WORDS", "parse"]

SITE = "PokerStars"
"""The room, as the warehouse names it, for its summaries and (parsers.pokerstars) its hands."""

WORDS = {
    "TOURNAMENT": "'PokerStars Tournament #'", "INT": "a number", "AMOUNT": "an amount like $10.00",
    "CURRENCY": "a currency like USD", "BUY_IN_WORD": "'Buy-In:'", "PRIZE_POOL_WORD": "'Total Prize Pool:'",
    "STARTED": "'Tournament started'", "FINISHED": "'Tournament finished'", "YOU": "'You finished …'",
    "_NL": "the end of the line",
}
"""The grammar's terminals in words, for syntax errors."""


def parse(lines: tuple[str, ...], source: Source) -> TournamentSummary:
    """One summary's lines (the game's own numbering, 1-based) → its record."""
    tree = parse_lines("pokerstars_summary", lines, WORDS)
    return _Builder(lines, source).summary(tree)


_AMOUNT = r"[$€£₹]?\d[\d,]*(?:\.\d+)?"
"""An amount as the grammar's AMOUNT reads it, for the text the grammar leaves whole (prizes, the letter's lines)."""
_ENTRY = re.compile(r"^(?P<player>.+?)(?: \[(?P<entry_no>\d+)\])? \((?P<country>.*)\),\s*(?P<rest>.*)$")
_PRIZE = re.compile(rf"^(?P<amount>{_AMOUNT})(?: (?P<code>[A-Z]{{2,4}}))?(?: \([\d.]+%\))?$")
_PLACE = re.compile(r"finished (?:the tournament )?in (\d+)(?:st|nd|rd|th) place", re.IGNORECASE)
_AWARD = re.compile(rf"A ([A-Z]{{3}}) ({_AMOUNT}) award", re.IGNORECASE)
_REENTRIES = re.compile(r"You made (\d+) re-entries for a total of", re.IGNORECASE)
_REBUYS = re.compile(rf"You made (\d+) rebuys? and (\d+) add-?ons? for a total of (?:[A-Z]{{3}} )?({_AMOUNT})", re.IGNORECASE)
_BOUNTIES = re.compile(rf"You collected (\d+) bount(?:y|ies) for a total of (?:[A-Z]{{3}} )?({_AMOUNT})", re.IGNORECASE)


class _Builder(SummaryBuilder):
    writes_zones_all_year = True    # as its hand histories (parsers.pokerstars)

    def buy_in(self, node: Tree) -> tuple[list[Decimal], str]:
        """The amounts of a 'Buy-In:' and their currency (a code, or the sign, else play chips)."""
        amounts = [str(token) for token in node.children if token.type == "AMOUNT"]
        code = next((str(token) for token in node.children if token.type == "CURRENCY"), None)
        return [amount(text) for text in amounts], code or CURRENCY_SIGNS.get(amounts[0][0]) or "chips"

    def summary(self, tree: Tree) -> TournamentSummary:
        said: dict[str, list[Tree]] = {}    # the lines of each kind, in order
        for node in tree.children:
            said.setdefault(node.data, []).append(node)
        last = {kind: nodes[-1] for kind, nodes in said.items()}     # of a line said twice, the last holds
        header = last["header"]
        tournament_id = str(header.children[1])
        game_type = str(header.children[2]).strip() if len(header.children) > 2 else None
        if "buy_in" not in said:
            raise self.error("a tournament summary states its buy-in: expected a line 'Buy-In: $10.00/$1.00 USD'",
                             header)
        if len(said["buy_in"]) > 1:
            raise self.error("a summary has one 'Buy-In:' line", said["buy_in"][1])
        parts, currency = self.buy_in(next(child for child in last["buy_in"].children if isinstance(child, Tree)))
        if len(parts) > 3:
            raise self.error(f"a buy-in has at most three parts (prize pool/bounty/fee), found {len(parts)}", header)
        count_entries = self.count(node.children[0], node) if (node := last.get("count_players")) else None
        pool_text = str(node.children[-1]).strip() if (node := last.get("prize_pool")) else ""
        prize = _PRIZE.match(pool_text)
        prize_pool = amount(prize["amount"]) if prize else None    # none, or a ticket, not an amount
        # a satellite says so, names its target tournament, or pays tickets ("Total Prize Pool:
        # Sunday Million ticket") whatever its title
        is_satellite = bool({"satellite", "target", "tickets"} & said.keys()) or (
            prize is None and "ticket" in pool_text.lower())
        (started_at, in_utc), (finished_at, _) = self.date(last.get("started")), self.date(last.get("finished"))
        entries = [self.entry(node, currency) for node in said.get("entry", ())]
        bounty = parts.pop(1) if len(parts) == 3 else Decimal(0)     # buy-in/bounty/fee (knockouts)
        buy_in, fee = self.price_and_fee(parts, header)
        you = " ".join(str(node.children[0]) for node in said.get("you", ()))
        place = _PLACE.search(you)
        hero_finish = self.count(place[1], header) if place else None
        hero = next((entry.player for entry in entries if hero_finish is not None and entry.finish == hero_finish), None)
        if hero is None:
            notes = [str(node.children[0]) for node in said.get("note", ())]
            hero = next((note[5:].rstrip(",").strip() for note in notes if note.startswith("Dear ")), None) or None
        award = _AWARD.search(you)
        # the letter names an award when he won one: none named is nothing won (0), one in another
        # unit is a prize of unknown value (None)
        hero_prize = Decimal(0) if not award else amount(award[2]) if award[1] == currency else None
        reentries = _REENTRIES.search(you)
        rebuys = _REBUYS.search(you)
        bounties = _BOUNTIES.search(you)
        small = LARGEST_SMALL_COUNT
        return TournamentSummary(
            source=self.source,
            info=GameInfo(game=GAME, played_at=started_at, table_name=f"Tournament #{tournament_id}",
                          ruleset=f"pokerstars {game_type}" if game_type else "pokerstars", site=SITE,
                          played_in_utc=in_utc),
            tournament_id=tournament_id, game_type=game_type, buy_in=buy_in, bounty=bounty, fee=fee,
            currency=currency, count_entries=count_entries, prize_pool=prize_pool, is_satellite=is_satellite,
            started_at=started_at, finished_at=finished_at, entries=tuple(entries), hero=hero,
            hero_finish=hero_finish, hero_prize=hero_prize,
            count_reentries=self.count(reentries[1], header, small) if reentries else 0,
            count_rebuys=self.count(rebuys[1], header, small) if rebuys else 0,
            count_addons=self.count(rebuys[2], header, small) if rebuys else 0,
            rebuy_cost=amount(rebuys[3]) if rebuys else Decimal(0),
            count_bounties=self.count(bounties[1], header, small) if bounties else 0,
            bounties_won=amount(bounties[2]) if bounties else Decimal(0),
        )

    def entry(self, node: Tree, currency: str) -> TournamentEntry:
        place, text = self.count(node.children[0], node), str(node.children[-1]).strip()
        found = self.match(_ENTRY, text, node, "an entry like '1: name (country), $10.00'")
        rest = found["rest"].strip()
        still_playing = rest.lower() == "still playing"
        prize: Decimal | None = Decimal(0)
        if still_playing:
            prize = None
        elif rest:
            written = _PRIZE.match(rest)
            unit = written and (written["code"] or CURRENCY_SIGNS.get(written["amount"][0]) or "chips")
            prize = amount(written["amount"]) if written and unit == currency else None
        return TournamentEntry(
            finish=None if still_playing else place, player=found["player"].strip(),
            entry_no=self.count(found["entry_no"] or "1", node, LARGEST_SMALL_COUNT), country=found["country"].strip() or None, prize=prize,
            prize_text=rest or None, line=self.source.line(node.meta.line - 1))
