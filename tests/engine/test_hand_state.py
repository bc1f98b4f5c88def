"""Every deal starts the hand afresh: the game keeps one hand's state in one record
(bot/engine/hand.py) made new by each deal, so nothing of the last hand (its tricks, the
broken spades, a renege called, a failed claim's exposed cards, passed or discarded
cards) is seen in the next one, at any table."""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, HandDealt
from tests.engine.helpers import TABLES, rarely_claim

HANDS = 3


def assert_fresh(game: Game) -> None:
    for seat in range(game.players):
        view = game.view(seat)
        assert view.tricks == () and view.trick == () and view.trick_number == 1
        assert view.tricks_taken == (0,) * game.players
        assert not view.spades_broken
        assert view.renege_calls == ()
        assert view.passed == () and view.received == () and view.discarded == ()
        # A face-up deal (000:98) shows each seat's first cards of the new hand only.
        face_up = game.rules.face_up_cards
        assert [len(cards) for cards in view.exposed] == [face_up] * game.players
        assert all(set(cards) <= set(game.hands[s]) for s, cards in enumerate(view.exposed))
        assert view.bids == (None,) * game.players


@pytest.mark.parametrize("name", sorted(TABLES))
def test_each_new_hand_keeps_nothing_of_the_last(name: str) -> None:
    rules = TABLES[name]
    rng = random.Random(name)
    game = Game.new(rules, seed=len(name))
    deals = 0
    while not game.is_over and game.hand_number <= HANDS:
        actions = rarely_claim(game, game.legal_actions(), rng.randrange(16))
        events = game.apply(rng.choice(actions))
        if any(isinstance(event, HandDealt) for event in events):
            deals += 1
            assert_fresh(game)
    assert deals or game.is_over
