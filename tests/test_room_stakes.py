"""One name for one game: every room's Limit hands are stored with their stakes named by the bets
(the small and the big bet), as PokerStars names Limit stakes, whatever the room's own text names
(PartyPoker's `$15/$30`, iPoker's `LH 20/40 … $10.00/$20.00` and 888poker's `$5/$10 Blinds Fix
Limit` name the blinds or the bets). The statistics group by the stakes: a game named two ways
would read as two. The corpus test reads ../shared/corpora/rooms (skipped when absent)."""

from __future__ import annotations

import re
from decimal import Decimal

from parsers.errors import ParseError
from parsers.source import decode, split
from rules.holdem_hand import BettingStructure, HoldemHand
from tests.conftest import corpus
from tests.room_corpus import read_chunk, sample_settings

ROOMS = ("Bovada", "GGPoker", "PacificPoker", "PartyPoker", "Winamax", "Winning", "iPoker")


def _stated(stakes: str) -> tuple[Decimal, ...]:
    """The amounts a stakes text names: `$15/$30 USD`, `0,02$/0,04$` (a comma before two last
    digits is a decimal comma), `2,000/4,000`."""
    amounts = []
    for written in re.findall(r"\d(?:[\d,.]*\d)?", stakes):
        amounts.append(Decimal(written.replace(",", ".") if re.search(r",\d\d$", written) else written.replace(",", "")))
    return tuple(amounts)


def test_every_rooms_limit_hands_are_named_by_their_bets():
    named, limit = [], 0
    for room in ROOMS:
        folder = corpus("rooms", room)
        settings = sample_settings(folder)
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".hp", ".gt", ".hands")):
            for chunk in split(decode(path.read_bytes())):
                try:
                    hand = read_chunk(chunk, path.name, settings)
                except ParseError:
                    continue
                if not isinstance(hand, HoldemHand) or hand.betting is not BettingStructure.LIMIT:
                    continue
                limit += 1
                if _stated(hand.stakes) != (hand.small_bet, hand.big_bet):
                    named.append(f"{room}/{path.name} #{hand.hand_id}: {hand.stakes!r}, bets "
                                 f"{hand.small_bet}/{hand.big_bet}")
    assert limit >= 500, limit      # 888poker's, Bovada's, PartyPoker's, Winamax's and iPoker's samples
    assert not named, "\n".join(named[:20])


# A hand's stakes as PokerStars writes a table's: the sign before each amount and the code after
# (a currency without a sign: the code alone), chips and play money bare; 6+ Hold'em's button blind
# and ante; each amount whole when it is, else to the cent ('$0.50/$1 USD', never '$1.00'); a
# capped table's cap after them, one space between words (PokerStars' own header writes
# '$0.25/$0.50 - $10 Cap -  USD').
_AMOUNT = r"\d+(?:\.(?!00)\d\d)?"
_POKERSTARS_STAKES = re.compile(
    rf"^(?:(?P<sign>[$€£¥₹]?)(?P<a>{_AMOUNT})/(?P=sign)(?P<b>{_AMOUNT})"
    rf"|Button Blind (?P<bsign>[$€£¥₹]?)(?P<bb>{_AMOUNT}) - Ante (?P=bsign)(?P<ante>{_AMOUNT}))"
    rf"(?: - (?P<csign>[$€£¥₹]?)(?P<cap>{_AMOUNT}) Cap)?"
    r"(?: (?P<code>[A-Z]{3}))?$")
_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥", "INR": "₹"}


def _named(hand: HoldemHand) -> tuple[Decimal, ...]:
    """The amounts a hand's stakes must name, from its fields: the bets in Limit, 6+ Hold'em's
    button blind and ante, else the blinds; a capped table's cap after them."""
    named = ((hand.small_bet, hand.big_bet) if hand.betting is BettingStructure.LIMIT
             else (hand.big_blind, hand.ante) if hand.is_short_deck and hand.ante
             else (hand.small_blind, hand.big_blind))
    return named + ((hand.cap,) if hand.cap is not None else ())


def _written_unlike_pokerstars(hand: HoldemHand) -> bool:
    written = _POKERSTARS_STAKES.match(hand.stakes)
    priced = hand.currency not in ("chips", "play")
    sign = _SIGNS.get(hand.currency, "") if priced else ""
    return (written is None or written["code"] != (hand.currency if priced else None)
            or (written["sign"] or written["bsign"] or "") != sign or (written["cap"] and written["csign"] != sign)
            or _stated(hand.stakes) != _named(hand))


def test_every_rooms_stakes_are_written_as_pokerstars_writes_them():
    """One way of writing for every room (`€0.02/€0.05 EUR`, not Winamax's `0.02€/0.05€` nor
    PartyPoker's `0.02/0.05 EUR`): the statistics group by the stakes, and a game written two ways
    would read as two."""
    unlike, stored = [], 0
    for room in ROOMS:
        folder = corpus("rooms", room)
        settings = sample_settings(folder)
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".hp", ".gt", ".hands")):
            for chunk in split(decode(path.read_bytes())):
                try:
                    hand = read_chunk(chunk, path.name, settings)
                except ParseError:
                    continue
                stored += 1
                if _written_unlike_pokerstars(hand):
                    unlike.append(f"{room}/{path.name} #{hand.hand_id}: {hand.stakes!r} ({hand.currency}, "
                                  f"{_named(hand)})")
    assert stored >= 1000, stored
    assert not unlike, "\n".join(unlike[:20])


def test_pokerstars_stakes_are_written_one_way_not_copied_from_each_header():
    """PokerStars' own headers write the same stakes several ways: a zoom archive's '($0.01/$0.02)'
    without the code, '$0.25/$0.50 - $10 Cap -  USD' with two spaces, 6+ Hold'em's 'Button
    Blind' with a non-breaking space. Stored, each is written in the one form, and one stakes
    (currency, Hold'em or 6+, the amounts and the cap) is one label."""
    folder = corpus("pokerstars")
    settings = sample_settings(folder)
    unlike, labels, stored = [], {}, 0
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".hp", ".gt", ".hands")):
        for chunk in split(decode(path.read_bytes())):
            try:
                hand = read_chunk(chunk, path.name, settings)
            except ParseError:
                continue
            if not isinstance(hand, HoldemHand):
                continue
            stored += 1
            if _written_unlike_pokerstars(hand):
                unlike.append(f"{path.name} #{hand.hand_id}: {hand.stakes!r} ({hand.currency}, {_named(hand)})")
            labels.setdefault((hand.currency, hand.is_short_deck, _named(hand)), set()).add(hand.stakes)
    assert stored >= 500, stored
    assert not unlike, "\n".join(unlike[:20])
    assert {key: names for key, names in labels.items() if len(names) > 1} == {}
    # the header forms the samples hold, each as one of the forms
    assert {"$0.25/$0.50 - $10 Cap USD", "Button Blind $0.25 - Ante $0.25 USD", "$0.01/$0.02 USD"} <= {
        name for names in labels.values() for name in names}
