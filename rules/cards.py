"""Cards and decks, and the one funnel that turns text into a card.

A card is also a small integer, its ``code``: ``rank_index * 4 + suit_index`` for the 52
ordinary cards (0 = 2c … 51 = As) and 52, 53 for the two jokers of the 54-card deck. The
hand evaluator and every batch computation work on codes; records keep ``Card`` objects.

>>> Card.parse("As"), Card.parse("10♦"), Card.parse("Тп"), Card.parse("Дч")
(Card('As'), Card('Td'), Card('As'), Card('Qh'))
>>> Card.parse("Ax")
Traceback (most recent call last):
...
rules.cards.CardError: 'Ax' is not a card: expected a card like As, 10♥ or Тп
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cache


class CardError(ValueError):
    """Text that is not a card, or a card that is not in the deck being played."""


class Rank(enum.IntEnum):
    """Card ranks, low to high; the value is the rank's index (2 → 0 … ace → 12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def code(self) -> str:
        """The one-letter wire code: ``2``…``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self]


class Suit(enum.IntEnum):
    """Suits; they never rank in poker hands. The value is the suit's index in a card code."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def code(self) -> str:
        """The one-letter wire code: ``c``, ``d``, ``h``, ``s``."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter, symbol, Russian letter or English name (``spades``)."""
        suit = _SUIT_WORDS.get(text.strip().lower())
        if suit is None:
            raise CardError(f"{text!r} is not a suit: expected s, h, d, c, ♠ ♥ ♦ ♣ or spades, hearts, diamonds, clubs")
        return suit


JOKER_CODES = (52, 53)

_RANK_TEXT = {
    **{ch: Rank(i) for i, ch in enumerate("23456789TJQKA")},
    **{ch.lower(): Rank(i + 8) for i, ch in enumerate("TJQKA")},
    "10": Rank.TEN,
    # Russian letters as players write them: туз, король, дама, валет.
    "Т": Rank.ACE, "т": Rank.ACE, "К": Rank.KING, "к": Rank.KING,
    "Д": Rank.QUEEN, "д": Rank.QUEEN, "В": Rank.JACK, "в": Rank.JACK,
}
_SUIT_WORDS = {
    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
    # пики, трефы, бубны, черви
    "п": Suit.SPADES, "т": Suit.CLUBS, "б": Suit.DIAMONDS, "ч": Suit.HEARTS,
    "clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES,
}
_CARD_RE = re.compile(r"^(10|[2-9TJQKAtjqkaТКДВтквд])([cdhsCDHS♣♦♥♠♧♢♡♤птбчПТБЧ])\ufe0f?$")
_JOKER_TEXT = {"jk", "joker", "🃏", "jk1", "jk2", "joker1", "joker2"}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, or a joker (``rank`` and ``suit`` are None for a joker)."""

    code: int

    # rank, suit and text by table lookup: the replays ask for them per card, and an enum
    # built per call (Rank(...)) is most of their cost
    @property
    def rank(self) -> Rank | None:
        return _RANK_OF[self.code]

    @property
    def suit(self) -> Suit | None:
        return _SUIT_OF[self.code]

    @property
    def is_joker(self) -> bool:
        return self.code >= 52

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return _card(rank * 4 + suit)

    @classmethod
    def from_code(cls, code: int) -> Card:
        if not 0 <= code <= 53:
            raise CardError(f"{code!r} is not a card code: expected 0 to 53")
        return _card(code)

    @classmethod
    def parse(cls, text: str) -> Card:
        """The one funnel from text to a card: ASCII, Unicode suits, ``10``, Russian letters, jokers."""
        return _parse_card(text.strip())

    def __str__(self) -> str:
        return _TEXT_OF[self.code]

    def __hash__(self) -> int:
        return _HASH_OF[self.code]     # the hash the dataclass would compute, without its tuple

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_RANK_OF = tuple(Rank(code >> 2) for code in range(52)) + (None, None)
_SUIT_OF = tuple(Suit(code & 3) for code in range(52)) + (None, None)
_HASH_OF = tuple(hash((code,)) for code in range(54))
_TEXT_OF = tuple(Rank(code >> 2).code + Suit(code & 3).code for code in range(52)) + ("JK", "JK")


@cache
def _card(code: int) -> Card:
    return Card(code)


@cache
def _parse_card(text: str) -> Card:
    match = _CARD_RE.match(text)
    if match:
        rank_text, suit_text = match.groups()
        rank = _RANK_TEXT[rank_text]
        return _card(rank * 4 + _SUIT_WORDS[suit_text.lower()])
    if text.lower() in _JOKER_TEXT:
        return _card(53 if text.endswith("2") else 52)
    raise CardError(f"{text!r} is not a card: expected a card like As, 10♥ or Тп")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards written one after another, separated by spaces or commas: ``"As Kd 10h"``.

    >>> parse_cards("[As Kd 10h]")
    (Card('As'), Card('Kd'), Card('Th'))
    """
    words = text.strip().strip("[]").replace(",", " ").split()
    return tuple(Card.parse(word) for word in words)


def format_cards(cards) -> str:
    return " ".join(str(card) for card in cards)


class Deck(enum.Enum):
    """The decks the games are played with; the value is the number of cards."""

    STANDARD_52 = 52
    """2 to ace in four suits."""
    SHORT_36 = 36
    """6 to ace in four suits (short deck, "6+", and the raspisnoy deck)."""
    JOKERS_54 = 54
    """The 52 cards and two jokers."""

    @property
    def lowest_rank(self) -> Rank:
        return Rank.SIX if self is Deck.SHORT_36 else Rank.TWO

    @property
    def codes(self) -> tuple[int, ...]:
        start = self.lowest_rank * 4
        extra = JOKER_CODES if self is Deck.JOKERS_54 else ()
        return tuple(range(start, 52)) + extra

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(_card(code) for code in self.codes)

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card):
            return False
        if card.code >= 52:
            return self is Deck.JOKERS_54
        return card.code >= 16 or self is not Deck.SHORT_36     # 16: the code of the six of clubs
