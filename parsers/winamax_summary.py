"""Winamax tournament summaries → :class:`rules.tournaments.TournamentSummary`.

Winamax tells the account holder his own tournament only: the buy-in and fee, his rebuys and
add-ons at their prices, the entries, the prize pool, his place and his prize. The grammar
(``grammars/winamax_summary.lark``) reads the lines; the summary's one entry is his.

>>> text = '''Winamax Poker - Tournament summary : Qualificatif 300€(7949467)
... Player : Hero
... Buy-In : 9€ + 1€
... Rebuy cost : 9€ + 1€
... Addon cost : 9€ + 1€
... Your rebuys : 4
... Your addons : 2
... Registered players : 18
... Prizepool : 300€
... Tournament started 2011/05/28 19:10:00 UTC
... You played 36min 15s
... You finished in 9th place'''.split("\\n")
>>> s = parse(tuple(text), Source(file="w.txt", first_line=1, last_line=12, game_id="0"))
>>> s.tournament_id, s.buy_in, s.fee, s.currency, s.count_rebuys, s.count_addons, s.rebuy_cost
('winamax-7949467', Decimal('9'), Decimal('1'), 'EUR', 4, 2, Decimal('60'))
>>> [(e.player, e.finish, e.prize) for e in s.entries]
[('Hero', 9, Decimal('0'))]
"""

from __future__ import annotations

import re
from decimal import Decimal

from lark import Tree

from parsers.grammar import parse_lines
from parsers.summaries import SummaryBuilder
from parsers.winamax import SITE
from rules.records import GameInfo, Source
from rules.tournaments import GAME, LARGEST_COUNT, LARGEST_SMALL_COUNT, TournamentSummary

__all__ = ["WORDS", "parse"]

WORDS = {
    "SUMMARY": "'Winamax Poker - Tournament summary :'",
    "AMOUNT": "an amount like 9€",
    "INT": "a number",
    "PLACE": "'place'",
    "_NL": "the end of the line",
}



def parse(lines: tuple[str, ...], source: Source) -> TournamentSummary:
    """One summary's lines (the game's own numbering, 1-based) → its record."""
    tree = parse_lines("winamax_summary", lines, WORDS)
    return _Builder(lines, source).summary(tree)


_TITLE = re.compile(r"^(?P<name>.*)\((?P<number>\d+)\)(?P<rest>.*)$")


class _Builder(SummaryBuilder):
    def price(self, node: Tree) -> tuple[list[Decimal], str | None]:
        prices = next((child for child in node.children if isinstance(child, Tree)), None)
        if prices is None:       # "Ticket uniquement": the entry was a ticket
            return [], None
        read = [self.amount(token, token.line, token.column) for token in prices.children]
        if len({currency for _, currency in read}) > 1:
            raise self.error("a price in two currencies", node)
        return [value for value, _ in read], read[0][1]

    def summary(self, tree: Tree) -> TournamentSummary:
        header = next(tree.find_data("header"))
        title = self.match(_TITLE, str(header.children[1]).strip(), header,
                           "the tournament's name and number, like 'Expresso(193493816)'")
        zero = Decimal(0)
        hero = started_at = count_entries = prize_pool = finish = won = None
        still_playing = in_utc = False
        buy_in: Decimal | None = zero
        fee = zero
        currencies: list[str] = []
        rebuy_price = addon_price = zero
        rebuys = addons = 0
        for node in tree.children:
            if not isinstance(node, Tree) or node.data == "header":
                continue
            kind, values = node.data, node.children
            if kind == "player":
                hero = str(values[-1]).strip()
            elif kind in ("buy_in", "rebuy_cost", "addon_cost"):
                parts, currency = self.price(node)
                if currency:
                    currencies.append(currency)
                price, price_fee = self.price_and_fee(parts, node)
                if kind == "buy_in":
                    # a ticket's worth is unsaid: no price, rather than a free entry
                    buy_in, fee = (price, price_fee) if parts else (None, zero)
                elif kind == "rebuy_cost":
                    rebuy_price = price + price_fee
                elif kind == "addon_cost":
                    addon_price = price + price_fee
            elif kind == "rebuys":
                rebuys = self.count(values[-1], node, LARGEST_SMALL_COUNT)
            elif kind == "addons":
                addons = self.count(values[-1], node, LARGEST_SMALL_COUNT)
            elif kind == "count_players":
                count_entries = self.count(values[-1], node, LARGEST_COUNT)
            elif kind == "prize_pool":
                prize_pool, currency = self.amount(values[-1], values[-1].line, values[-1].column)
                currencies.append(currency)
            elif kind == "started":
                started_at, in_utc = self.date(node)
            elif kind == "finished":
                number = next((token for token in values if token.type == "INT"), None)
                finish = self.count(number, node, LARGEST_COUNT) if number is not None else None
                still_playing = number is None     # "You finished in ... place": no place yet
            elif kind == "won":
                won, currency = self.amount(values[-1], values[-1].line, values[-1].column)
                currencies.append(currency)
        currency = self.one_currency(currencies, header) or "chips"
        name = title["name"].strip()
        return TournamentSummary(
            source=self.source,
            info=GameInfo(game=GAME, played_at=started_at, table_name=f"Tournament #{title['number']}",
                          ruleset=f"winamax {name}", site=SITE, played_in_utc=in_utc),
            tournament_id=f"winamax-{title['number']}", game_type=name, buy_in=buy_in, bounty=zero, fee=fee,
            currency=currency, count_entries=count_entries, prize_pool=prize_pool, is_satellite=False,
            started_at=started_at, finished_at=None, entries=self.hero_entry(hero, finish, won, currency, still_playing=still_playing),
            hero=hero, hero_finish=finish, hero_prize=won, count_reentries=0, count_rebuys=rebuys, count_addons=addons,
            rebuy_cost=rebuys * rebuy_price + addons * addon_price, count_bounties=0, bounties_won=zero,
        )
