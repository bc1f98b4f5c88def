"""The exact endgame solver against brute force through the real engine.

Small positions (the last two or three cards of a hand) from random games of every
preset: the solver, with its pruning and its merging of equivalent cards, must give the
value that trying every legal sequence in the engine gives, with the engine's own trick
winners and its scoring.
"""

from __future__ import annotations

import math
import random

import pytest

from bot.ai.endgame import Endgame, Leaf
from bot.ai.playout import Playout
from bot.ai.search import SearchPolicy, hand_value
from bot.engine import PRESETS, Game, Phase, PlayCard, Rules
from tests.ai.helpers import position_of


def position_with(preset: str, seed: int, cards: int) -> Game:
    """A game advanced by random legal moves until no hand holds more than ``cards``."""
    rng = random.Random(seed)
    game = Game.new(Rules.preset(preset), seed=seed)
    while True:
        if game.phase is Phase.PLAY and max(len(h) for h in game.hands) <= cards:
            return game
        seat = game.to_act
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))


def leaf_for(game: Game, team: int) -> tuple[Playout, Leaf]:
    bids = [None if b is None else b.tricks for b in game.bids]
    blind = [bool(b and b.blind) for b in game.bids]
    playout = Playout(game.rules, bids, blind)
    scores, bags = list(game.scores), list(game.bags)

    def leaf(taken: list[int]) -> float:
        return hand_value(game.rules, taken, team, scores, bags, bids, blind)

    return playout, leaf


def brute_force(game: Game, team: int, leaf: Leaf) -> float:
    """Every legal card sequence to the end of the hand, played by the engine itself."""
    hand = game.hand_number
    seat = game.to_act
    assert seat is not None
    mine = game.team_of(seat) == team
    best = -math.inf if mine else math.inf
    for action in game.legal_actions(seat):
        if not isinstance(action, PlayCard):
            continue
        # A compiled Game cannot be deep-copied: the same game again, one card further.
        after = Game.replay(game.rules, seed=game.seed, actions=[*game.history, action])
        if after.hand_number != hand or after.is_over:
            taken = [outcome.tricks for outcome in after.results[-1].seats]
            value = leaf(taken)
        else:
            value = brute_force(after, team, leaf)
        best = max(best, value) if mine else min(best, value)
    return best


# Renege-permitting tables are left out: the engine lets a seat renege there, and the
# solver (like the playouts) always follows suit. So are tables whose tricks are called
# high or low (003:65, 000:143): the solver plays no calls, and the search does not use it
# there.
STRICT = [
    p
    for p in PRESETS
    if (r := Rules.preset(p)).allow_renege == "no" and not (r.high_low or r.aces_high_low)
]


@pytest.mark.parametrize("preset", STRICT)
@pytest.mark.parametrize("seed", range(3))
def test_the_solver_agrees_with_brute_force_in_the_engine(preset: str, seed: int) -> None:
    rules = Rules.preset(preset)
    cards = 3 if rules.players <= 3 else 2
    game = position_with(preset, seed, cards)
    seat = game.to_act
    assert seat is not None
    team = game.team_of(seat)
    playout, leaf = leaf_for(game, team)
    exact = brute_force(game, team, leaf)
    for merge in (True, False):
        solver = Endgame(playout.tricks, team, leaf, merge=merge)
        assert solver.value(position_of(game)) == pytest.approx(exact)


def test_merging_equivalent_cards_searches_fewer_positions_for_the_same_value() -> None:
    game = position_with("classic", 11, 4)
    team = game.team_of(game.to_act or 0)
    playout, leaf = leaf_for(game, team)
    merged = Endgame(playout.tricks, team, leaf)
    plain = Endgame(playout.tricks, team, leaf, merge=False)
    assert merged.value(position_of(game)) == plain.value(position_of(game))
    assert merged.nodes < plain.nodes


@pytest.mark.parametrize("preset", list(PRESETS))
def test_search_plays_the_endgame_legally_and_deterministically(preset: str) -> None:
    policy = SearchPolicy(deals=8, time_budget=None)
    game = position_with(preset, 3, 3)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    first = policy.decide(view, random.Random(1))
    assert first in view.legal_actions
    assert policy.decide(view, random.Random(1)) == first
