"""The actions a seat can take; every action carries its seat."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import Card


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``tricks`` (0 is Nil, or a plain zero when the rules say so), maybe blind."""

    seat: int
    tricks: int
    blind: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Two-player drawing deal: keep the first card offered (``True``) or the second."""

    seat: int
    keep_first: bool


@dataclass(frozen=True, slots=True)
class PassCards:
    """Nil passing: give these cards to your partner."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class RevealCards:
    """Look at your cards, giving up the chance to bid blind."""

    seat: int


@dataclass(frozen=True, slots=True)
class Claim:
    """The rest are mine: the claimer's side takes every remaining trick."""

    seat: int


@dataclass(frozen=True, slots=True)
class CallRenege:
    """Accuse an opponent of having reneged this hand."""

    seat: int
    accused: int


@dataclass(frozen=True, slots=True)
class RequestRedeal:
    """Throw in a deficient hand and ask for a redeal."""

    seat: int


Action = Bid | Draw | PassCards | PlayCard | RevealCards | Claim | CallRenege | RequestRedeal

ACTION_TYPES: tuple[type, ...] = (
    Bid,
    Draw,
    PassCards,
    PlayCard,
    RevealCards,
    Claim,
    CallRenege,
    RequestRedeal,
)

# Interned actions: legal_actions hands these out so the hot path allocates nothing.
MAX_SEATS = 6
PLAYS: tuple[tuple[PlayCard, ...], ...] = tuple(
    tuple(PlayCard(seat, Card.of(i)) for i in range(54)) for seat in range(MAX_SEATS)
)
# Plays of one seat for each 13-bit block of a card mask (a suit; the last block holds the
# jokers), keyed by the block's bits in place and filled in as masks turn up. A mask within
# one block (following suit, the common case) is found by a single lookup; any other mask
# joins at most five blocks. Bounded: at most 5 * 8192 keys a seat.
_PLAY_BLOCKS: list[dict[int, tuple[PlayCard, ...]]] = [{} for _ in range(MAX_SEATS)]
_BLOCK_MASKS = tuple(0x1FFF << 13 * block for block in range(5))


def plays_of(seat: int, mask: int) -> list[Action]:
    """The interned ``PlayCard`` actions of ``seat`` for a logical card mask."""
    blocks = _PLAY_BLOCKS[seat]
    plays = blocks.get(mask)
    if plays is not None:
        return list(plays)
    out: list[Action] = []
    for block_mask in _BLOCK_MASKS:
        part = mask & block_mask
        if part:
            out += blocks.get(part) or _block(seat, part)
    return out


def _block(seat: int, part: int) -> tuple[PlayCard, ...]:
    row = PLAYS[seat]
    plays = []
    bits = part
    while bits:
        low = bits & -bits
        plays.append(row[low.bit_length() - 1])
        bits ^= low
    _PLAY_BLOCKS[seat][part] = found = tuple(plays)
    return found


BIDS: tuple[tuple[tuple[Bid, ...], tuple[Bid, ...]], ...] = tuple(
    (tuple(Bid(seat, n) for n in range(19)), tuple(Bid(seat, n, True) for n in range(19)))
    for seat in range(MAX_SEATS)
)
