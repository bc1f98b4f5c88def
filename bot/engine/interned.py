"""Interned actions: ``legal_actions`` hands these out, so the hot path allocates none.

Apart from ``actions.py``, whose dataclasses stay plain Python for the codec, so that this
lookup can be compiled with the rest of the hot path.
"""

from __future__ import annotations

from typing import Final

from bot.engine.actions import Action, Bid, PlayCard
from bot.engine.cards import Card

MAX_SEATS: Final = 6
PLAYS: Final[tuple[tuple[PlayCard, ...], ...]] = tuple(
    tuple(PlayCard(seat, Card.of(i)) for i in range(54)) for seat in range(MAX_SEATS)
)
# Plays of one seat for each 13-bit block of a card mask (a suit; the last block holds the
# jokers), keyed by the block's bits in place and filled in as masks turn up. A mask within
# one block (following suit, the common case) is found by a single lookup; any other mask
# joins at most five blocks. Bounded: at most 5 * 8192 keys a seat.
_PLAY_BLOCKS: Final[list[dict[int, list[Action]]]] = [{} for _ in range(MAX_SEATS)]
_BLOCK: Final = 0x1FFF


def plays_of(seat: int, mask: int) -> list[Action]:
    """The interned ``PlayCard`` actions of ``seat`` for a logical card mask."""
    blocks = _PLAY_BLOCKS[seat]
    plays = blocks.get(mask)
    if plays is not None:
        return plays.copy()
    out: list[Action] = []
    shift = 0
    while shift < 65:
        part = mask & (_BLOCK << shift)
        if part:
            found = blocks.get(part)
            out.extend(found if found is not None else _block(seat, part))
        shift += 13
    return out


def _block(seat: int, part: int) -> list[Action]:
    row = PLAYS[seat]
    plays: list[Action] = []
    bits = part
    while bits:
        low = bits & -bits
        plays.append(row[low.bit_length() - 1])
        bits ^= low
    _PLAY_BLOCKS[seat][part] = plays
    return plays


BIDS: Final[tuple[tuple[tuple[Bid, ...], tuple[Bid, ...]], ...]] = tuple(
    (tuple(Bid(seat, n) for n in range(19)), tuple(Bid(seat, n, True) for n in range(19)))
    for seat in range(MAX_SEATS)
)
