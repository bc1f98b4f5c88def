"""What one seat may know: the only state that bots, hints and renderers ever read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.engine.actions import Action, Bid
from bot.engine.cards import Card, Suit
from bot.engine.events import TrickRecord
from bot.engine.rules import Rules
from bot.engine.scoring import HandResult


class Phase(StrEnum):
    DRAW = "draw"
    BID = "bid"
    PASS = "pass"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything seat ``seat`` may see right now, and nothing more.

    ``hand`` is ``None`` while the seat has not looked at its cards (blind bids possible).
    """

    seat: int
    rules: Rules
    phase: Phase
    hand_number: int
    dealer: int
    to_act: int | None
    teams: tuple[tuple[int, ...], ...]
    num_tricks: int
    hand: tuple[Card, ...] | None
    cards_left: tuple[int, ...]
    bids: tuple[Bid | None, ...]
    trick: tuple[tuple[int, Card], ...]
    trick_number: int
    tricks: tuple[TrickRecord, ...]
    played: tuple[tuple[Card, ...], ...]
    # Each seat's cards face up for every seat to see, after its claim failed (the rules'
    # failed_claim "exposed"); played cards leave it.
    exposed: tuple[tuple[Card, ...], ...]
    tricks_taken: tuple[int, ...]
    spades_broken: bool
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    draw_offer: tuple[Card, ...]
    discarded: tuple[Card, ...]
    removed: tuple[Card, ...]
    renege_calls: tuple[tuple[int, int, bool], ...]
    last_result: HandResult | None
    is_over: bool
    winner: int | None
    all_hands: tuple[tuple[Card, ...], ...] | None = None
    # Evil Spades rule 41 (003:59): the suit everyone bids their count of this hand.
    called_suit: Suit | None = None
    # Sandbag Cancellation by a cut card (000:178): the card cut before this deal, shown to
    # everyone (None without bag_cancel_cut).
    cancel_card: Card | None = None
    # Each side's Mo, Moe or Bemo (rules' mo): 0 none, 1 Little, 2 Big; empty when the rules
    # have none.
    declared: tuple[int, ...] = ()
    # Half Tricks (000:124): each seat's half bid as said (3 for 3 and a half; -1 none),
    # shown in place of its bid (kept whole in ``bids``); empty when the rules have none.
    half_bids: tuple[int, ...] = ()
    # The seat this one passes to this hand (a partner, or Hurricane's neighbour, 003:363);
    # None when it passes nothing.
    pass_to: int | None = None
    # High/Low (003:65): the trick on the table called "high" or "low" ("" not yet, or not
    # played); Aces High/Low (000:143): the seats whose Ace in it was called low.
    trick_call: str = ""
    low_aces: tuple[int, ...] = ()

    @property
    def team(self) -> int:
        return next(t for t, seats in enumerate(self.teams) if self.seat in seats)

    @property
    def partners(self) -> tuple[int, ...]:
        return tuple(s for s in self.teams[self.team] if s != self.seat)

    @property
    def last_trick(self) -> TrickRecord | None:
        return self.tricks[-1] if self.tricks else None
