"""Deck composition and card ranking for each deck option and player count.

Cards in hands are bitmasks. A single deck uses bit ``card.index``; a double deck (six
players) gives the second copy of a card bit ``card.index + 54``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final, TypeVar

from bot.engine.cards import BIG_JOKER, CARD_COUNT, LITTLE_JOKER, Suit

# Final: compiled (setup.py), a Final constant is a C value instead of a module dict lookup.
COPY_SHIFT: Final = 54
LOGICAL_MASK: Final = (1 << COPY_SHIFT) - 1
TRUMP: Final = int(Suit.SPADES)
# 000:192 junk Jokers: the "suit" of a card that belongs to no suit (``suit_of``).
JUNK: Final = 4
# Deck options without jokers.
PLAIN_DECKS: Final = ("ace_high", "bauers", "deuces_high", "deuce_deuce_ace")


def _idx(rank: int, suit: Suit) -> int:
    return int(suit) * 13 + rank - 2


@dataclass(frozen=True, slots=True)
class DeckInfo:
    """Everything the engine needs to know about one deck option at one table size."""

    cards: tuple[int, ...]  # physical card ids in the deck, ascending
    suit_of: tuple[int, ...]  # effective suit per logical card; jokers are trumps
    power: tuple[int, ...]  # rank within the suit; trumps are 100 and up
    # Physical mask of each effective suit. A tuple of any length to mypyc: read at an index
    # known only at run time, a fixed-length one is boxed whole first (a new tuple and four
    # new ints on every card that follows suit).
    suit_phys: tuple[int, ...]
    trump_phys: int
    double: bool
    num_tricks: int
    removed: tuple[int, ...]  # logical cards taken out so the deal comes out even
    card_bits: tuple[int, ...]  # 1 << card for each card in ``cards``: shuffled to deal

    def fold(self, mask: int) -> int:
        """Logical mask of a physical mask (both copies of a card become one bit)."""
        return (mask | (mask >> COPY_SHIFT)) & LOGICAL_MASK if self.double else mask


def _trump_order(deck: str) -> list[int]:
    """Trump cards from lowest to highest for a deck option (001, Variations)."""
    spades = [_idx(r, Suit.SPADES) for r in range(2, 15)]
    if deck == "ace_high":
        return spades
    if deck == "bauers":
        # 000:138 Bauer Trumps: the J♠ (right bauer) is the top trump and the J♣ (left
        # bauer, a spade) the second, then the A♠ down.
        right = _idx(11, Suit.SPADES)
        return [*(c for c in spades if c != right), _idx(11, Suit.CLUBS), right]
    if deck == "deuces_high":
        # 000:133 Deuces High: the four 2s over the A♠ (the seed lost their suits: the 2♦
        # as its Big Joker, the 2♣ as its Little Joker, then the 2♥ and the 2♠).
        twos = [_idx(2, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)]
        return [*spades[1:], *twos]
    if deck == "deuce_deuce_ace":
        # 000:147 Cancellation Spades: the 2♦ the top spade, then the 2♠, then the A♠ (the
        # seed lost the 2s' suits: read as Joker-Joker-Deuce-Deuce reads them).
        return [*spades[1:], spades[0], _idx(2, Suit.DIAMONDS)]
    if deck == "one_joker":
        # 000:14: one Joker, the top spade.
        return [*spades, BIG_JOKER]
    if deck in ("joker_joker_ace", "euchre_jokers"):
        return [*spades, LITTLE_JOKER, BIG_JOKER]
    deuce = spades[0]
    order = [*spades[1:], deuce]
    if deck == "joker_joker_deuce_deuce":
        order.append(_idx(2, Suit.DIAMONDS))
    return [*order, LITTLE_JOKER, BIG_JOKER]


def _removal_order(deck: str, trumps: set[int]) -> list[int]:
    """Which cards go first when the deck must shrink to deal evenly.

    Joker decks drop the 2♥ and 2♣ first (001, Joker-Joker-Ace); plain decks the 2♣ and
    then 2♦ (000, Five Players); after that the lowest off-suit cards.
    """
    if deck in PLAIN_DECKS:
        suits = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    else:
        suits = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    order = [_idx(r, s) for r in range(2, 15) for s in suits]
    return [c for c in order if c not in trumps]


# Royal Spades (003:345): the 2 to 9 of hearts, diamonds and clubs are taken out.
_ROYAL_OUT: Final = tuple(
    _idx(r, s) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS) for r in range(2, 10)
)


@cache
def deck_info(deck: str, players: int, shape: str = "even") -> DeckInfo:
    """Deck for ``players`` seats: 13 tricks for 2 (drawing deal) and 4; 17 or 18 for 3
    (000, 004); 10 for 5; a double deck of 17 or 18 each for 6 (000, Six Players).

    ``shape`` (``Rules.deal_shape``) leaves cards out of the deal instead: ``kitty`` takes
    none out, and the cards over go to the kitty (000:99); ``dead_hand`` deals three players
    13 each from the four-player deck (with jokers, less the 2♥ and 2♦), and a fourth hand
    nobody plays (003:207, 003:219), or two players and two such hands (003:108);
    ``royal`` is the two-player short deck, 13 each and the rest unseen (003:345);
    ``two_decks`` is two decks for three players to draw from, 17 each (003:81);
    ``three_jokers`` and ``junk_jokers`` add a third Joker, a second Little Joker (the
    copy bit, as a double deck's), to the 54 cards: 11 each for five players (000:192),
    the Jokers the top trumps or junk (``JUNK``: no suit, no power)."""
    if shape == "dead_hand":
        four = deck_info(deck, 4)
        cards, removed_four = four.cards, four.removed
        two_c, two_d = _idx(2, Suit.CLUBS), _idx(2, Suit.DIAMONDS)
        if two_c in removed_four and four.suit_of[two_d] != TRUMP and two_d in cards:
            # 003:110, 003:219: Berkley's deck keeps the 2♣ and takes out the 2♦.
            cards = tuple(sorted({*cards, two_c} - {two_d}))
            removed_four = tuple(two_d if c == two_c else c for c in removed_four)
        masks = [0, 0, 0, 0]
        for card in cards:
            masks[four.suit_of[card]] |= 1 << card
        return DeckInfo(
            cards, four.suit_of, four.power, (masks[0], masks[1], masks[2], masks[3]),
            masks[TRUMP], False, 13, removed_four, tuple(1 << c for c in cards),
        )  # fmt: skip
    trumps = _trump_order(deck)
    third = shape in ("three_jokers", "junk_jokers")
    junk = shape == "junk_jokers"
    if junk:
        trumps = [c for c in trumps if c < LITTLE_JOKER]
    trump_set = set(trumps)
    logical = list(range(52)) + ([] if deck in PLAIN_DECKS else [LITTLE_JOKER, BIG_JOKER])
    removed: list[int] = []
    if deck == "one_joker":
        logical.remove(LITTLE_JOKER)
    elif deck == "euchre_jokers":
        # 000:135: the Jokers replace the J♥ and the J♦, as in Euchre.
        removed = [_idx(11, Suit.HEARTS), _idx(11, Suit.DIAMONDS)]
        logical = [c for c in logical if c not in removed]
    if shape == "royal":
        removed += [c for c in _ROYAL_OUT if c not in trump_set]
        logical = [c for c in logical if c not in removed]
    if shape == "single" and deck in PLAIN_DECKS:
        # 000:193: six players from a single deck of 48, all four 2s out.
        removed += [_idx(2, suit) for suit in Suit]
        logical = [c for c in logical if c not in removed]
    # 003:73-81 Three Player, Two Deck Spades: two decks without their 2s of clubs, drawn.
    drawn = shape == "two_decks"
    double = (players == 6 and shape != "single") or drawn
    physical = logical + [c + COPY_SHIFT for c in logical] if double else list(logical)
    if third:
        double = True
        physical.append(LITTLE_JOKER + COPY_SHIFT)
    target = 52 if players == 2 else len(physical) - len(physical) % players
    if shape not in ("even", "single", "two_decks"):
        target = len(physical)
    for card in _removal_order(deck, trump_set):
        if len(physical) <= target:
            break
        for copy in (card, card + COPY_SHIFT):
            if copy in physical and len(physical) > target:
                physical.remove(copy)
                if card not in removed:
                    removed.append(card)
    suit_of = []
    power = []
    for i in range(CARD_COUNT):
        if i in trump_set:
            suit_of.append(TRUMP)
            power.append(100 + trumps.index(i))
        else:
            suit_of.append(i // 13 if i < 52 else (JUNK if junk else TRUMP))
            power.append(i % 13 + 2 if i < 52 else 0)
    masks = [0, 0, 0, 0, 0]
    for card in physical:
        masks[suit_of[card % COPY_SHIFT]] |= 1 << card
    return DeckInfo(
        cards=tuple(sorted(physical)),
        suit_of=tuple(suit_of),
        power=tuple(power),
        suit_phys=(masks[0], masks[1], masks[2], masks[3]),
        trump_phys=masks[TRUMP],
        double=double,
        num_tricks=13 if players == 2 else len(physical) // (2 * players if drawn else players),
        removed=tuple(removed),
        card_bits=tuple(1 << card for card in sorted(physical)),
    )


@cache
def _swaps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Fisher-Yates steps for ``size`` cards: (position, bound, bits to draw for the bound)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))


# The cards to shuffle are of any one type: compiled, a TypeVar's values stay objects, where
# ``int`` ones would be unboxed and boxed again (a new int object for each) at every swap.
T = TypeVar("T")


def shuffled(cards: Sequence[T], rng: random.Random) -> list[T]:
    """A shuffled copy of ``cards``: the permutation ``rng.shuffle`` gives (Python 3.11).

    The same steps as ``random.Random.shuffle`` with rejection sampling on ``getrandbits``,
    without its method call per card (a third of the cost of a deal). Written out here, the
    deals of a seed also stay the same if a later Python changes its shuffle.
    """
    out = list(cards)
    getrandbits = rng.getrandbits
    for i, bound, width in _swaps(len(out)):
        j = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        out[i], out[j] = out[j], out[i]
    return out
