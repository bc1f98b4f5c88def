"""Random playouts: thousands of whole hands, every preset and table size, every check on each."""

from __future__ import annotations

import math
import random

import pytest

from bot.engine import ClaimFailed, Game, GameOver, HandScored, Phase, Rules, TrickWon
from tests.engine.helpers import TABLES, check_score_items, rarely_claim

# At least 2,000 hands in all, shared evenly by the tables.
TOTAL_HANDS = 2000
HANDS_PER_TABLE = math.ceil(TOTAL_HANDS / len(TABLES))


def check_hand(game: Game, scored: HandScored, untaken: int) -> None:
    """A scored hand adds up: every trick taken by someone (but ``untaken``, those a
    forfeit could give nobody, and the dead tricks of 000:147), every point accounted
    for."""
    result = scored.result
    assert sum(outcome.tricks for outcome in result.seats) == game.num_tricks - untaken
    assert sum(team.tricks for team in result.teams) == game.num_tricks - untaken
    assert result is game.results[-1]
    check_score_items(game)


def play_random_hands(rules: Rules, hands: int, seed: int) -> int:
    """Play random games until ``hands`` hands are scored; returns the hands played."""
    rng = random.Random(seed)
    played = 0
    untaken = 0
    game_seed = seed
    while played < hands:
        game = Game.new(rules, seed=game_seed)
        game_seed += 1
        while not game.is_over and played < hands:
            seat = game.to_act
            assert seat is not None, f"{game.phase} with no one to act"
            actions = game.legal_actions(seat)
            assert actions, f"seat {seat} must act in {game.phase} but has no legal action"
            for event in game.apply(rng.choice(rarely_claim(game, actions, rng.getrandbits(16)))):
                if isinstance(event, TrickWon) and event.seat < 0:
                    untaken += 1
                elif isinstance(event, ClaimFailed) and event.penalty == "forfeit":
                    assert sum(event.forfeited) <= event.tricks
                    untaken += event.tricks - sum(event.forfeited)
                elif isinstance(event, HandScored):
                    check_hand(game, event, untaken)
                    untaken = 0
                    played += 1
                elif isinstance(event, GameOver):
                    assert event.winner == game.winner
                    assert game.phase is Phase.OVER
    return played


@pytest.mark.parametrize("name", list(TABLES))
def test_random_hands_play_out_and_add_up(name: str) -> None:
    assert play_random_hands(TABLES[name], HANDS_PER_TABLE, seed=len(name)) == HANDS_PER_TABLE


def test_the_playouts_cover_enough_hands_and_every_table_size() -> None:
    assert HANDS_PER_TABLE * len(TABLES) >= TOTAL_HANDS
    sizes = {(rules.players, rules.team_size) for rules in TABLES.values()}
    assert {players for players, _ in sizes} == {2, 3, 4, 5, 6}
    assert {(4, 2), (4, 1), (6, 2), (6, 3), (6, 1)} <= sizes
