"""Helpers for the bots' tests: a game in play as the playouts and the endgame solver hold
it, and a whole game the heuristic bot plays."""

from __future__ import annotations

import random

from bot.ai.levels import policy_for
from bot.ai.playout import Position
from bot.engine import Bid, Game, Rules
from bot.engine.deck import COPY_SHIFT
from devtools.arena import task_seed


def physical(cards: list[int]) -> int:
    """The physical mask of ``cards`` (logical indexes): a card held twice (a double deck's
    two copies) has its second copy's bit set too."""
    mask = 0
    for card in cards:
        mask |= (1 << card << COPY_SHIFT) if mask >> card & 1 else 1 << card
    return mask


def position_of(game: Game) -> Position:
    """The game's position in play: hands, trick, leader, tricks played, spades broken,
    tricks taken and the cards gone."""
    view = game.view(0)
    gone = 0
    for cards in view.played:
        for card in cards:
            gone |= 1 << card.index
    return Position(
        [physical([c.index for c in hand]) for hand in game.hands],
        [(s, c.index) for s, c in game.trick],
        game.trick[0][0] if game.trick else game.to_act or 0,
        view.trick_number - 1,
        game.spades_broken,
        game.tricks_taken,
        gone,
        # High/Low (003:65) and Aces High/Low (000:143): the trick's calls so far.
        bool(view.trick_call),
        view.trick_call == "low",
        sum(1 << seat for seat in view.low_aces),
        # Berkley's dummies (003:152): face-up cards, and the face-down ones in the order
        # the engine turns them (its own state: no view shows them).
        list(game._hand.exposed) if game.rules.dummy_hands else None,
        [list(game._hand.dummy_order.get(s, [])) for s in range(game.players)]
        if game.rules.dummy_hands
        else None,
    )


def play_heuristic(rules: Rules, seed: int) -> Game:
    """A game the heuristic bot plays in every seat, to the end."""
    game = Game.new(rules, seed=seed, dealer=0)
    policy, rng = policy_for("normal"), random.Random(seed)
    while not game.is_over:
        assert game.to_act is not None
        game.apply(policy.decide(game.view(game.to_act), rng))
    return game


def arena_game(rules: Rules, deal: int, *bids: Bid, seed: int = 7) -> Game:
    """Deal task ``deal`` of the arena's ``seed`` (its game seed and dealer), after ``bids``."""
    game = Game.new(rules, seed=task_seed(seed, "deal", deal), dealer=deal % rules.players)
    for bid in bids:
        game.apply(bid)
    return game
