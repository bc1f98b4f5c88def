"""What happened: events returned by ``Game.apply``. They hold only public information.

Events are not frozen: they are made on every card played, and a frozen dataclass costs
four times as much to build. Nothing mutates them.

This module is compiled with the engine's hot path (setup.py). The classes made on every
play, trick, bid or deal of a default game write out their ``__init__`` (``init=False``): a
compiled class builds in a fraction of the time, but the ``__init__`` that ``dataclass``
generates stays interpreted. A compiled dataclass keeps only the bare class of a generic
field's annotation (``tuple``), so the codec knows those fields' types from its own table,
which a test checks against this file.
"""

from __future__ import annotations

import copyreg
from dataclasses import dataclass, fields

from bot.engine.cards import Card
from bot.engine.scoring import HandResult


@dataclass(slots=True, init=False)
class HandDealt:
    hand_number: int
    dealer: int
    cards_per_seat: int

    def __init__(self, hand_number: int, dealer: int, cards_per_seat: int) -> None:
        self.hand_number = hand_number
        self.dealer = dealer
        self.cards_per_seat = cards_per_seat


@dataclass(slots=True)
class CardDrawn:
    """Two-player deal: a seat took its card from the stock (which one stays private)."""

    seat: int
    stock_left: int


@dataclass(slots=True, init=False)
class CardsRevealed:
    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat


@dataclass(slots=True)
class Redealt:
    seat: int
    hand_number: int


@dataclass(slots=True, init=False)
class BidMade:
    seat: int
    tricks: int
    blind: bool
    nil: bool

    def __init__(self, seat: int, tricks: int, blind: bool, nil: bool) -> None:
        self.seat = seat
        self.tricks = tricks
        self.blind = blind
        self.nil = nil


@dataclass(slots=True)
class Declared:
    """A seat declared its side's Little (``big`` False) or Big Mo, Moe or Bemo."""

    seat: int
    team: int
    big: bool


@dataclass(slots=True)
class HalfBidMade:
    """A seat bid ``tricks`` and a half (000:124)."""

    seat: int
    tricks: int


@dataclass(slots=True)
class NoTrumpBid:
    """A seat bid no trump (000:113): its bid follows."""

    seat: int


@dataclass(slots=True)
class BidRaised:
    """Before the first card a seat raised its bid by ``by`` to ``tricks`` (``by`` 0: kept)."""

    seat: int
    tricks: int
    by: int


@dataclass(slots=True)
class HighLowCalled:
    """A seat called the trick (``ace`` False: 003:65) or its Ace (000:143) high or low."""

    seat: int
    low: bool
    ace: bool


@dataclass(slots=True)
class TimeCalled:
    """The agreed time ran out during hand ``hand_number`` (rules' play_to time): it is
    the game's last hand unless the scores are tied at its end; ``now`` when nobody had
    acted in it yet, so the game ended at once instead (unless the scores were tied)."""

    hand_number: int
    now: bool


@dataclass(slots=True)
class BooksMade:
    """The sides' bids total 10: the hand is not played, each side scores its bid (000:173)."""

    hand_number: int


@dataclass(slots=True)
class PassingStarted:
    """Nil passing: each pair exchanges ``count`` cards."""

    pairs: tuple[tuple[int, int], ...]
    count: tuple[int, ...]


@dataclass(slots=True)
class CardsPassed:
    seat: int
    to_seat: int
    count: int


@dataclass(slots=True, init=False)
class PlayStarted:
    leader: int

    def __init__(self, leader: int) -> None:
        self.leader = leader


@dataclass(slots=True, init=False)
class CardPlayed:
    seat: int
    card: Card
    trick_number: int
    broke_spades: bool

    def __init__(self, seat: int, card: Card, trick_number: int, broke_spades: bool) -> None:
        self.seat = seat
        self.card = card
        self.trick_number = trick_number
        self.broke_spades = broke_spades


@dataclass(slots=True, init=False)
class TrickWon:
    """A trick settled: ``seat`` took it, or -1 (``tricks.NOBODY``) when it is dead,
    every card that could take it cancelled by its twin (000:147)."""

    seat: int
    trick_number: int
    plays: tuple[tuple[int, Card], ...]

    def __init__(self, seat: int, trick_number: int, plays: tuple[tuple[int, Card], ...]) -> None:
        self.seat = seat
        self.trick_number = trick_number
        self.plays = plays


@dataclass(slots=True, init=False)
class TrickRecord:
    """A finished trick: who led, what each seat played in order, who won (-1 for a dead
    trick, 000:147).

    Not an event: the tricks of the hand so far, in every seat's view (``SeatView.tricks``).
    Here because one is made per trick: compiled, like the events made as often."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    def __init__(self, leader: int, plays: tuple[tuple[int, Card], ...], winner: int) -> None:
        self.leader = leader
        self.plays = plays
        self.winner = winner


@dataclass(slots=True)
class RenegeCalled:
    seat: int
    accused: int
    proven: bool


@dataclass(slots=True)
class ClaimAccepted:
    seat: int
    tricks: int


@dataclass(slots=True)
class ClaimFailed:
    """A claim that did not hold, and its cost by the rules' ``failed_claim``: the
    claimer's cards face up from now on (``exposed``, also in every seat's view), the
    remaining tricks given to the other sides (``forfeited``: tricks each seat received),
    or the claimer's side set when the hand is scored (neither)."""

    seat: int
    tricks: int  # tricks left to play when it was made
    penalty: str
    exposed: tuple[Card, ...]
    forfeited: tuple[int, ...]


@dataclass(slots=True)
class DummyTurned:
    """Dummy hands (003:152): a dummy's face-down cards turned face up, in order, as its
    play requires; the last is the card it must play."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(slots=True, init=False)
class HandScored:
    result: HandResult

    def __init__(self, result: HandResult) -> None:
        self.result = result


@dataclass(slots=True, init=False)
class GameOver:
    winner: int
    scores: tuple[int, ...]

    def __init__(self, winner: int, scores: tuple[int, ...]) -> None:
        self.winner = winner
        self.scores = scores


Event = (
    HandDealt
    | CardDrawn
    | CardsRevealed
    | Redealt
    | BidMade
    | Declared
    | NoTrumpBid
    | HalfBidMade
    | BidRaised
    | HighLowCalled
    | BooksMade
    | PassingStarted
    | CardsPassed
    | PlayStarted
    | CardPlayed
    | TrickWon
    | RenegeCalled
    | ClaimAccepted
    | ClaimFailed
    | DummyTurned
    | HandScored
    | GameOver
    | TimeCalled
)

EVENT_TYPES: tuple[type, ...] = (
    HandDealt,
    CardDrawn,
    CardsRevealed,
    Redealt,
    BidMade,
    Declared,
    NoTrumpBid,
    HalfBidMade,
    BidRaised,
    HighLowCalled,
    BooksMade,
    PassingStarted,
    CardsPassed,
    PlayStarted,
    CardPlayed,
    TrickWon,
    RenegeCalled,
    ClaimAccepted,
    ClaimFailed,
    DummyTurned,
    HandScored,
    GameOver,
    TimeCalled,
)


def _reduce(value: Event | TrickRecord) -> tuple[type, tuple[object, ...]]:
    return type(value), tuple(getattr(value, field.name) for field in fields(value))


# Compiled (setup.py), these classes have no instance dict or slots for pickle and copy to
# read; registered here, they pickle and copy by their fields in either mode.
for _type in (*EVENT_TYPES, TrickRecord):
    copyreg.pickle(_type, _reduce)
