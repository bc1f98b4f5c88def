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
