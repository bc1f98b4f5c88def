"""The actions a seat can take; every action carries its seat.

This module is compiled with the engine's hot path (setup.py): the game reads an action's
fields on every play, and a compiled class's field is a C struct member where an interpreted
one takes an attribute lookup. A compiled dataclass keeps only the bare class of a generic
field's annotation (``tuple``), so the codec knows those fields' types from its own table,
which a test checks against this file.
"""

from __future__ import annotations

import copyreg
from dataclasses import dataclass, fields

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


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare the side's Little (``big`` False) or Big Mo, Moe or Bemo, by the rules' ``mo``."""

    seat: int
    big: bool


@dataclass(frozen=True, slots=True)
class Raise:
    """Once everyone has bid, raise your own bid by ``by`` tricks (0: keep it)."""

    seat: int
    by: int


@dataclass(frozen=True, slots=True)
class NoTrump:
    """Bid "no trump" (000:113), before the bid itself: win no trick with a spade unless
    spades were led."""

    seat: int


@dataclass(frozen=True, slots=True)
class HalfBid:
    """Half Tricks (000:124): bid ``tricks`` and a half."""

    seat: int
    tricks: int


@dataclass(frozen=True, slots=True)
class CallHighLow:
    """Call high (``low`` False) or low: the leader for the trick before leading it
    (003:65 High/Low Spades), or a player for the Ace it has just played (000:143)."""

    seat: int
    low: bool


@dataclass(frozen=True, slots=True)
class CallTime:
    """The agreed time is up (rules' play_to time, 000:88, 002:72): the table's clock says
    so, never a player, so it is no seat's legal action; ``seat`` is the seat to act when
    time was called. The hand in play is the last one, unless the scores are tied."""

    seat: int


Action = (
    Bid
    | Draw
    | PassCards
    | PlayCard
    | RevealCards
    | Claim
    | CallRenege
    | RequestRedeal
    | Declare
    | Raise
    | NoTrump
    | HalfBid
    | CallHighLow
    | CallTime
)

ACTION_TYPES: tuple[type, ...] = (
    Bid,
    Draw,
    PassCards,
    PlayCard,
    RevealCards,
    Claim,
    CallRenege,
    RequestRedeal,
    Declare,
    Raise,
    NoTrump,
    HalfBid,
    CallHighLow,
    CallTime,
)


def _reduce(action: Action) -> tuple[type, tuple[object, ...]]:
    return type(action), tuple(getattr(action, field.name) for field in fields(action))


# Compiled (setup.py), these classes have no instance dict for pickle and copy to read, and
# being frozen refuse the attribute writes they would fall back on; registered here, they
# pickle and copy by their fields in either mode.
for _type in ACTION_TYPES:
    copyreg.pickle(_type, _reduce)
