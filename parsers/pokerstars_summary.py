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

from parsers.errors import ParseError
from parsers.grammar import parse_lines
from parsers.lines import CURRENCY_SIGNS, read_amount_at
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
_PRIZE_IN_WORDS = re.compile(rf"^(?:{_AMOUNT} )?\(?[A-Za-z][A-Za-z' -]*\)?$")
"""A prize the room writes in words, in no money: a ticket or a seat (``Sunday Million ticket``,
``(qualified for the target tournament)``)."""
_QUOTED_PRINTABLE = re.compile(r"=[0-9A-F]{2}")
_PLACE = re.compile(r"You finished (?:the tournament )?in (\d+)(?:st|nd|rd|th) place", re.IGNORECASE)
_NO_PLACE = re.compile(r"You finished the tournament \(eliminated at hand #\d+\)", re.IGNORECASE)
_AWARD = re.compile(rf"A ([A-Z]{{3}}) ({_AMOUNT}) award", re.IGNORECASE)
# The holder's totals, read to the line's end: a total the room did not write whole (``87S.00``)
# is refused, never read up to its first bad character.
_TOTAL = r"for a total of (?:[A-Z]{3} )?(?P<total>\S+?)(?: [A-Z]{3})?\.?"
_REENTRIES = re.compile(rf"You made (\d+) re-entr(?:y|ies) {_TOTAL}$", re.IGNORECASE)
_REBUYS = re.compile(rf"You made (\d+) rebuys?(?: and (\d+) add-?ons?)? {_TOTAL}$", re.IGNORECASE)
_BOUNTIES = re.compile(rf"You collected (\d+) bount(?:y|ies) {_TOTAL}$", re.IGNORECASE)
_HOLDERS_LINES = {
    "You finished": ((_PLACE, _NO_PLACE), "a line like 'You finished in 2nd place.'"),
    "You made": ((_REENTRIES, _REBUYS), ("a line like 'You made 1 re-entries for a total of $530.00.' "
                                         "or 'You made 5 rebuys and 1 addons for a total of USD 3,180.00.'")),
    "You collected": ((_BOUNTIES,), "a line like 'You collected 5 bounties for a total of USD 875.00.'"),
}
"""The account holder's lines that hold figures, the patterns that read them, and an example of
them for the error when none does (his other lines, 'You received …', are courtesy)."""


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
        # none, a ticket, or an amount in another unit than the buy-in's ($55.00 USD of a tournament
        # bought in FPP): no amount in ``currency``
        prize_pool = self.amount_in(currency, prize, node) if prize else None
        # a satellite says so, names its target tournament, or pays tickets ("Total Prize Pool:
        # Sunday Million ticket") whatever its title
        is_satellite = bool({"satellite", "target", "tickets"} & said.keys()) or (
            prize is None and "ticket" in pool_text.lower())
        (started_at, in_utc), (finished_at, _) = self.date(last.get("started")), self.date(last.get("finished"))
        entries = [self.entry(node, currency) for node in said.get("entry", ())]
        bounty = parts.pop(1) if len(parts) == 3 else Decimal(0)     # buy-in/bounty/fee (knockouts)
        buy_in, fee = self.price_and_fee(parts, header)
        you = " ".join(str(node.children[0]) for node in said.get("you", ()))
        read = self.holders_lines(said.get("you", ()))
        place, reentries, rebuys, bounties = (read.get(pattern) for pattern in (_PLACE, _REENTRIES, _REBUYS, _BOUNTIES))
        hero_finish = self.count(place[0][1], place[1]) if place else None
        hero = next((entry.player for entry in entries if hero_finish is not None and entry.finish == hero_finish), None)
        if hero is None:
            notes = [str(node.children[0]) for node in said.get("note", ())]
            hero = next((note[5:].rstrip(",").strip() for note in notes if note.startswith("Dear ")), None) or None
        award = _AWARD.search(you)
        # the letter names an award when he won one: none named is nothing won (0), one in another
        # unit is a prize of unknown value (None)
        hero_prize = Decimal(0) if not award else amount(award[2]) if award[1] == currency else None
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
            count_reentries=self.count(reentries[0][1], reentries[1], small) if reentries else 0,
            count_rebuys=self.count(rebuys[0][1], rebuys[1], small) if rebuys else 0,
            count_addons=self.count(rebuys[0][2] or "0", rebuys[1], small) if rebuys else 0,
            rebuy_cost=self.total(*rebuys) if rebuys else Decimal(0),
            count_bounties=self.count(bounties[0][1], bounties[1], small) if bounties else 0,
            bounties_won=self.total(*bounties) if bounties else Decimal(0),
        )

    def holders_lines(self, nodes: list[Tree]) -> dict[re.Pattern[str], tuple[re.Match[str], Tree]]:
        """The account holder's lines that hold figures, each read by its pattern (the last line of
        a kind holds), with its node; such a line that none reads is refused at its line."""
        read: dict[re.Pattern[str], tuple[re.Match[str], Tree]] = {}
        for node in nodes:
            text = str(node.children[0]).strip()
            kind = next((start for start in _HOLDERS_LINES if text.startswith(start)), None)
            if kind is None:
                continue
            patterns, example = _HOLDERS_LINES[kind]
            found = next(((pattern, match) for pattern in patterns if (match := pattern.match(text))), None)
            if found is None:
                raise self.error(f"expected {example}, found {text!r}", node)
            read[found[0]] = found[1], node
        return read

    def total(self, found: re.Match[str], node: Tree) -> Decimal:
        """The amount a holder's line totals (his rebuys, his bounties), refused at its column when
        it is none."""
        index = node.meta.line - 1
        line = self.lines[index]
        start = line.find(found.string) + found.start("total")
        return read_amount_at(found["total"], index, line, start)

    def entry(self, node: Tree, currency: str) -> TournamentEntry:
        place, text = self.count(node.children[0], node), str(node.children[-1]).strip()
        found = self.match(_ENTRY, text, node, "an entry like '1: name (country), $10.00'")
        rest = found["rest"].strip()
        still_playing = rest.lower() == "still playing"
        prize = None if still_playing else self.prize(rest, node, currency) if rest else Decimal(0)
        return TournamentEntry(
            finish=None if still_playing else place, player=found["player"].strip(),
            entry_no=self.count(found["entry_no"] or "1", node, LARGEST_SMALL_COUNT), country=found["country"].strip() or None, prize=prize,
            prize_text=rest or None, line=self.source.line(node.meta.line - 1))

    def amount_in(self, currency: str, written: re.Match[str], node: Tree, start: int = -1) -> Decimal | None:
        """The amount of a prize ``written`` (``_PRIZE``) at ``start`` of ``node``'s line (-1: where it
        first stands), read strictly; None when its unit (its code, else its sign, else play chips)
        is not ``currency``: units are never mixed."""
        index = node.meta.line - 1
        value = read_amount_at(written["amount"], index, self.lines[index], start)
        unit = written["code"] or CURRENCY_SIGNS.get(written["amount"][0]) or "chips"
        return value if unit == currency else None

    def prize(self, text: str, node: Tree, currency: str) -> Decimal | None:
        """An entry's prize as written at the end of its line: in the buy-in's currency, its
        amount; in another unit (``25,750 FPP``, a ticket, a seat), None, a prize of unknown value.
        Text that is neither (``$3.O0 (100%)``, a mail's ``=20``) is refused at its column."""
        index = node.meta.line - 1
        line = self.lines[index]
        start = len(line.rstrip()) - len(text)
        written = _PRIZE.match(text)
        if written:
            return self.amount_in(currency, written, node, start)
        if _PRIZE_IN_WORDS.match(text):
            return None
        reason = f"expected a prize like $3.00 (100%), or one in another unit (25,750 FPP, a ticket), found {text!r}"
        if _QUOTED_PRINTABLE.search(text):
            reason += " (the quoted-printable coding of an e-mail: save the letter as text to read it)"
        raise ParseError(reason, line=index + 1, column=start + 1, line_text=line)
