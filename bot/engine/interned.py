"""Interned actions: ``legal_actions`` hands these out, so the hot path allocates none.

Apart from ``actions.py``, which defines the actions: interned, they are made once per
module, and the lookup is compiled with the rest of the hot path.

The plays of a card mask are found one of two ways, with the same result (a test checks
both in either mode): compiled (setup.py), reading the mask's bits is as quick as any cache
and keeps no memory; as plain Python, a cache of each suit's plays is several times quicker.
"""

from __future__ import annotations

from typing import Final

from bot.engine.actions import Action, Bid, PlayCard, RevealCards
from bot.engine.cards import Card

MAX_SEATS: Final = 6
PLAYS: Final[tuple[tuple[PlayCard, ...], ...]] = tuple(
    tuple(PlayCard(seat, Card.of(i)) for i in range(54)) for seat in range(MAX_SEATS)
)
# Plays of one seat for each 13-bit block of a logical card mask (a suit; the last block
# holds the jokers), indexed by the block's 13 bits and filled in as masks turn up: a mask
# within one block (following suit, the common case) is one list index, any other joins at
# most five. A list, not a dict keyed by the masks: masks within one suit share their low
# bits, which a dict's hash table probes first, so such lookups collided by the dozen.
_BLOCK_BITS: Final = 13
_BLOCK: Final = (1 << _BLOCK_BITS) - 1
_BLOCKS: Final = 5
# Each table, made at its first use, is 8192 slots: at most 30 of them, about 2 MB.
_PLAY_BLOCKS: Final[list[list[list[list[Action] | None] | None]]] = [
    [None] * _BLOCKS for _ in range(MAX_SEATS)
]


# Whether this module runs compiled: its file is then an extension module, not a .py file.
_COMPILED: Final = not __file__.endswith(".py")


def plays_of(seat: int, mask: int) -> list[Action]:
    """The interned ``PlayCard`` actions of ``seat`` for a logical card mask, in card order."""
    if _COMPILED:
        return plays_by_bits(seat, mask)
    return plays_by_blocks(seat, mask)


def plays_by_bits(seat: int, mask: int) -> list[Action]:
    """``plays_of``, one card at a time."""
    return _plays(seat, mask)


def plays_by_blocks(seat: int, mask: int) -> list[Action]:
    """``plays_of`` from the cache of each block's plays."""
    if not mask:
        return []
    tables = _PLAY_BLOCKS[seat]
    block = ((mask & -mask).bit_length() - 1) // _BLOCK_BITS
    if mask >> _BLOCK_BITS * (block + 1) == 0:
        # Within one block (following suit): one lookup.
        return _block_plays(seat, tables, block, mask >> _BLOCK_BITS * block).copy()
    out: list[Action] = []
    block = 0
    while mask:
        part = mask & _BLOCK
        if part:
            out.extend(_block_plays(seat, tables, block, part))
        mask >>= _BLOCK_BITS
        block += 1
    return out


def _block_plays(
    seat: int, tables: list[list[list[Action] | None] | None], block: int, part: int
) -> list[Action]:
    """The plays of the cards ``part`` marks in ``block`` (the cached list itself)."""
    table = tables[block]
    if table is None:
        table = tables[block] = [None] * (_BLOCK + 1)
    plays = table[part]
    if plays is None:
        plays = table[part] = _plays(seat, part << _BLOCK_BITS * block)
    return plays


def _plays(seat: int, mask: int) -> list[Action]:
    row = PLAYS[seat]
    plays: list[Action] = []
    while mask:
        low = mask & -mask
        plays.append(row[low.bit_length() - 1])
        mask ^= low
    return plays


BIDS: Final[tuple[tuple[tuple[Bid, ...], tuple[Bid, ...]], ...]] = tuple(
    (tuple(Bid(seat, n) for n in range(19)), tuple(Bid(seat, n, True) for n in range(19)))
    for seat in range(MAX_SEATS)
)
# Offered to every seat that has not looked, at each turn of the bidding while blind bids
# are open: a frozen dataclass takes about a microsecond to build.
REVEALS: Final[tuple[RevealCards, ...]] = tuple(RevealCards(seat) for seat in range(MAX_SEATS))
