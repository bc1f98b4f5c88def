"""A finished game hand by hand from its seed and actions: every seat's cards and what
happened, so players can check a deal after the game (never during it: this is the whole
truth)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain

from bot.engine.actions import Action
from bot.engine.cards import Card
from bot.engine.events import Event, HandDealt, PlayStarted
from bot.engine.game import Game
from bot.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: ``held`` is each seat's cards when the first card was led (after any
    passing or drawing), or when the game stopped if it stopped before that; ``events`` is
    everything that happened in the hand, its deal first (and a redeal's, if it had one). A
    hand scored without play holds its cards as dealt."""

    hand_number: int
    dealer: int
    held: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]


def hand_records(
    rules: Rules, *, seed: int, dealer: int, actions: Iterable[Action]
) -> list[HandRecord]:
    """Replay the game and tell it hand by hand; raises ``IllegalAction`` if the actions do
    not belong to this seed and these rules."""
    game = Game.new(rules, seed=seed, dealer=dealer)
    # Lazy: each action's events are read right after it is applied, while ``game.hands``
    # is still the position they lead to.
    batches = chain([game.initial_events], (game.apply(action) for action in actions))
    records: list[HandRecord] = []
    events: list[Event] = []
    held: tuple[tuple[Card, ...], ...] | None = None
    hand, hand_dealer = 0, dealer
    for batch in batches:
        for event in batch:
            if isinstance(event, HandDealt) and event.hand_number != hand:
                if events:
                    assert held is not None  # a hand is over only after its first lead
                    records.append(HandRecord(hand, hand_dealer, held, tuple(events)))
                events, held = [], None
                hand, hand_dealer = event.hand_number, event.dealer
            if isinstance(event, HandDealt):
                # The deal, until the first lead says otherwise: a hand scored without play
                # (Books Made, 000:173) never has one. A new hand is dealt last in its
                # batch, so the game's hands now are its cards.
                held = _cards(game)
            events.append(event)
            if isinstance(event, PlayStarted):
                held = _cards(game)
    if events:
        records.append(HandRecord(hand, hand_dealer, held or _cards(game), tuple(events)))
    return records


def _cards(game: Game) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(cards) for cards in game.hands)
