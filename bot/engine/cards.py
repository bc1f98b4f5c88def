"""Cards as small interned values: parsing, display and the per-deck ranking tables."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import ClassVar, Final


class Suit(IntEnum):
    """The four suits in display order; spades (and jokers) are trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return "CDHS"[self]


RANK_CHARS: Final = "23456789TJQKA"
LITTLE_JOKER: Final = 52
BIG_JOKER: Final = 53
CARD_COUNT: Final = 54


class Card:
    """One playing card, interned: ``Card.parse("AS") is Card.parse("as")``.

    ``index`` is ``suit * 13 + (rank - 2)`` for the 52 suited cards, 52 for the little
    joker and 53 for the big joker. Two copies of a card in a double deck are the same
    ``Card``; the engine tracks copies itself.
    """

    __slots__ = ("code", "index", "rank", "suit")
    _all: ClassVar[list[Card]] = []
    _by_code: ClassVar[dict[str, Card]] = {}

    index: int
    suit: Suit | None
    rank: int
    code: str

    def __init__(self, index: int) -> None:
        self.index = index
        if index < 52:
            self.suit = Suit(index // 13)
            self.rank = index % 13 + 2
            self.code = RANK_CHARS[self.rank - 2] + self.suit.letter
        else:
            self.suit = None
            self.rank = 15 if index == LITTLE_JOKER else 16
            self.code = "LJ" if index == LITTLE_JOKER else "BJ"

    @classmethod
    def of(cls, index: int) -> Card:
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"AS"``, ``"10h"``, ``"T♥"``, ``"BJ"`` / ``"LJ"`` (big and little joker)."""
        key = text.strip().upper()
        for symbol, letter in (("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")):
            key = key.replace(symbol, letter)
        if key.startswith("10"):
            key = "T" + key[2:]
        key = {"JB": "BJ", "JL": "LJ", "RJ": "BJ", "JR": "BJ"}.get(key, key)
        card = cls._by_code.get(key)
        if card is None:
            raise ValueError(f"{text!r} is not a card: try AS, 10H, QD, 2C, BJ or LJ.")
        return card

    @property
    def is_joker(self) -> bool:
        return self.index >= 52

    def __str__(self) -> str:
        if self.suit is None:
            return "Big Joker" if self.index == BIG_JOKER else "Little Joker"
        rank = "10" if self.rank == 10 else RANK_CHARS[self.rank - 2]
        return rank + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({self.code})"

    # Written out, not inherited from ``object``: a class compiled by mypyc that defines
    # ordering loses the inherited hash. Cards are interned, so equal means the same card;
    # hashing by index also gives sets of cards the same order in every process.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.of, (self.index,))


for _i in range(CARD_COUNT):
    _card = Card(_i)
    Card._all.append(_card)
    Card._by_code[_card.code] = _card

ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card._all)


def cards_of(mask: int) -> list[Card]:
    """The cards whose bits are set in a 54-bit logical mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> int:
    """A 54-bit logical mask of the given cards (duplicates collapse)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask
