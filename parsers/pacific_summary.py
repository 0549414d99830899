"""888poker (Cassava) tournament summaries → :class:`rules.tournaments.TournamentSummary`.

They tell the account holder his place among the entries, his prize, and his rebuys and
add-ons at their prices; no date. The grammar (``grammars/pacific_summary.lark``) reads the
lines; the summary's one entry is his.

>>> text = '''***** Cassava Tournament Summary *****
... Tournament ID: 34471040
... Buy-In: $3.15 + $0.35
... Rebuy: $3.15
... Add-On: $3.15
... Hero performed 1 rebuys
... Hero performed 1 add-ons
... Hero finished 59/468'''.split("\\n")
>>> s = parse(tuple(text), Source(file="p.txt", first_line=1, last_line=8, game_id="0"))
>>> s.tournament_id, s.buy_in, s.fee, s.currency, s.count_entries, s.rebuy_cost
('888-34471040', Decimal('3.15'), Decimal('0.35'), 'USD', 468, Decimal('6.30'))
>>> [(e.player, e.finish, e.prize) for e in s.entries]
[('Hero', 59, Decimal('0'))]
"""

from __future__ import annotations

import re
from decimal import Decimal

from lark import Tree

from parsers.grammar import parse_lines
from parsers.pacific import SITE
from parsers.summaries import SummaryBuilder
from rules.records import GameInfo, Source
from rules.tournaments import GAME, LARGEST_COUNT, LARGEST_SMALL_COUNT, TournamentSummary

__all__ = ["WORDS", "parse"]

WORDS = {
    "HEADER": "'***** Cassava Tournament Summary *****'",
    "AMOUNT": "an amount like $5 or 0,09 €",
    "INT": "a number",
    "_NL": "the end of the line",
}



def parse(lines: tuple[str, ...], source: Source) -> TournamentSummary:
    """One summary's lines (the game's own numbering, 1-based) → its record."""
    tree = parse_lines("pacific_summary", lines, WORDS)
    return _Builder(lines, source).summary(tree)


_FINISHED = re.compile(r"^(?P<player>.+) finished (?P<finish>\d+)/(?P<entries>\d+)(?: and won (?P<won>.+))?$", re.IGNORECASE)
_PERFORMED = re.compile(r"^(?P<player>.+) performed (?P<count>\d+) (?P<what>rebuys?|add-ons?)$", re.IGNORECASE)


class _Builder(SummaryBuilder):
    decimal_comma = None        # 888 writes either: "$0.30", "1,20 €", "$ 3.243"

    def summary(self, tree: Tree) -> TournamentSummary:
        zero = Decimal(0)
        number = hero = finish = count_entries = won = None
        buy_in = fee = rebuy_price = addon_price = zero
        rebuys = addons = 0
        currencies: list[str] = []
        for node in tree.children:
            if not isinstance(node, Tree):
                continue
            kind = node.data
            if kind == "tournament_id":
                number = str(node.children[-1])
            elif kind in ("buy_in", "rebuy_price", "addon_price"):
                prices = next((child for child in node.children if isinstance(child, Tree)), None)
                read = [self.amount(token, token.line, token.column) for token in prices.children] if prices is not None else []
                currencies += [currency for _, currency in read if currency]
                parts = [value for value, _ in read]
                price, price_fee = self.price_and_fee(parts, node)
                if kind == "buy_in" and parts:
                    buy_in, fee = price, price_fee
                elif kind == "rebuy_price":
                    rebuy_price = price + price_fee
                elif kind == "addon_price":
                    addon_price = price + price_fee
            elif kind == "performed":
                found = self.match(_PERFORMED, str(node.children[0]).strip(), node,
                                   "a line like 'Hero performed 1 rebuys'")
                times = self.count(found["count"], node, LARGEST_SMALL_COUNT)
                if found["what"].lower().startswith("rebuy"):
                    rebuys = times
                else:
                    addons = times
            elif kind == "finished":
                found = self.match(_FINISHED, str(node.children[0]).strip(), node,
                                   "a line like 'Hero finished 7/254 and won $50.80'")
                hero = found["player"].strip()
                finish = self.count(found["finish"], node, LARGEST_COUNT)
                count_entries = self.count(found["entries"], node, LARGEST_COUNT)
                if found["won"]:
                    line = self.lines[node.meta.line - 1]
                    won, currency = self.amount(found["won"], node.meta.line,
                                                line.find(found.string) + found.start("won") + 1)
                    if currency:
                        currencies.append(currency)
        if number is None:
            raise self.error("a summary names its tournament: expected a line 'Tournament ID: <number>'")
        # no sign anywhere: play money, unless nothing was paid or won (a freeroll names no unit)
        currency = self.one_currency(currencies) or ("chips" if buy_in or fee else None)
        return TournamentSummary(
            source=self.source,
            info=GameInfo(game=GAME, table_name=f"Tournament #{number}", ruleset="888poker", site=SITE),
            tournament_id=f"888-{number}", game_type=None, buy_in=buy_in, bounty=zero, fee=fee,
            currency=currency, count_entries=count_entries, prize_pool=None, is_satellite=False,
            started_at=None, finished_at=None, entries=self.hero_entry(hero, finish, won, currency), hero=hero,
            hero_finish=finish, hero_prize=won, count_reentries=0, count_rebuys=rebuys, count_addons=addons,
            rebuy_cost=rebuys * rebuy_price + addons * addon_price, count_bounties=0, bounties_won=zero,
        )
