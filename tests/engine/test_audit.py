"""``hand_records``: a finished game told hand by hand from its seed and actions."""

from __future__ import annotations

import random

import pytest

from bot.engine import (
    PRESETS,
    Bid,
    BooksMade,
    Card,
    Game,
    HandDealt,
    HandScored,
    IllegalAction,
    Phase,
    PlayCard,
    Rules,
    TrickWon,
    hand_records,
)

Held = tuple[tuple[Card, ...], ...]


def played_with_snapshots(rules: Rules, seed: int, limit: int) -> tuple[Game, dict[int, Held]]:
    """Random legal actions, and each hand's cards the first time its phase is PLAY (what
    ``hand_records`` must find by its own route, the events)."""
    game = Game.new(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    seen: dict[int, Held] = {}
    while not game.is_over and len(game.history) < limit:
        if game.phase is Phase.PLAY and game.hand_number not in seen:
            seen[game.hand_number] = tuple(tuple(cards) for cards in game.hands)
        game.apply(rng.choice(game.legal_actions()))
    return game, seen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_each_hand_holds_the_cards_its_seats_had_at_the_first_lead(preset: str) -> None:
    rules = Rules.preset(preset)
    game, seen = played_with_snapshots(rules, seed=len(preset), limit=400)
    records = hand_records(
        rules, seed=game.seed, dealer=len(preset) % rules.players, actions=game.history
    )

    assert seen and [r.hand_number for r in records] == list(range(1, game.hand_number + 1))
    assert {r.hand_number: r.held for r in records if r.hand_number in seen} == seen
    scored = [e.result for r in records for e in r.events if isinstance(e, HandScored)]
    assert scored == game.results
    for record in records:
        assert isinstance(record.events[0], HandDealt)
        assert record.events[0].dealer == record.dealer
        for event in record.events:
            if isinstance(event, TrickWon):
                # Every card of a trick came from the hand its seat held at the first lead.
                assert all(card in record.held[seat] for seat, card in event.plays)


def test_a_game_stopped_before_the_first_lead_shows_the_cards_as_they_stood() -> None:
    rules = Rules.preset("classic")
    game = Game.new(rules, seed=4, dealer=0)
    for _ in range(2):
        assert game.to_act is not None
        game.apply(game.legal_actions()[0])
    (record,) = hand_records(rules, seed=4, dealer=0, actions=game.history)
    assert record.held == tuple(tuple(cards) for cards in game.hands)
    assert not any(isinstance(e, TrickWon) for e in record.events)


def test_actions_from_another_deal_are_refused() -> None:
    rules = Rules.preset("classic")
    game, _ = played_with_snapshots(rules, seed=2, limit=30)
    assert any(isinstance(a, PlayCard) for a in game.history)
    with pytest.raises(IllegalAction):
        hand_records(rules, seed=3, dealer=game.seed % 4, actions=game.history)


def test_a_hand_scored_without_play_holds_its_cards_as_dealt() -> None:
    """000:173 Books Made: bids totalling 10 are scored without a card played; the hand's
    record still shows the cards dealt, and the next hand follows it."""
    rules = Rules(books_made=True)
    game = Game.new(rules, seed=4, dealer=0)
    dealt = tuple(tuple(cards) for cards in game.hands)
    for seat, tricks in ((1, 3), (2, 2), (3, 2), (0, 3)):
        game.apply(Bid(seat, tricks))
    assert game.hand_number == 2
    first, second = hand_records(rules, seed=4, dealer=0, actions=game.history)
    assert first.held == dealt and any(isinstance(e, BooksMade) for e in first.events)
    assert second.held == tuple(tuple(cards) for cards in game.hands)
