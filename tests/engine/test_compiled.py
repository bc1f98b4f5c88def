"""``bot.engine.COMPILED`` tells the truth about the mode the hot path runs in. The two
modes cannot be compared in one process; instead .ci/run runs the tests in both."""

from __future__ import annotations

import copy
import importlib
import pickle
import random
from importlib.machinery import EXTENSION_SUFFIXES

import bot.engine
from bot.engine import (
    ALL_CARDS,
    COMPILED,
    Bid,
    CallRenege,
    CardPlayed,
    Claim,
    Draw,
    Game,
    PassCards,
    PlayCard,
    RequestRedeal,
    RevealCards,
    Rules,
    TrickWon,
    score_hand,
)
from tests.test_setup import load_setup


def test_compiled_says_whether_the_hot_path_modules_are_extension_modules() -> None:
    names = [
        module.removesuffix(".py").replace("/", ".") for module in load_setup().COMPILED_MODULES
    ]
    extension = {
        name: (importlib.import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        for name in names
    }
    # All of them or none: a half-compiled checkout (a stale build) is a broken one.
    assert set(extension.values()) == {COMPILED}, extension
    assert bot.engine.__file__ is not None and bot.engine.__file__.endswith("__init__.py")


def test_events_and_views_survive_pickle_and_deepcopy() -> None:
    """Compiled classes have no instance dict for pickle and copy to fall back on: the
    compiled engine values a caller may keep must still copy (a process pool, a cache),
    actions too (frozen, they also refuse the attribute writes copy would fall back on)."""
    game = Game.new(Rules(), seed=3)
    events = list(game.initial_events)
    rng = random.Random(3)
    while len(game.view(0).tricks) < 2:
        events += game.apply(rng.choice(game.legal_actions()))
    view = game.view(0)
    actions = [
        Bid(1, 3, True),
        Draw(0, False),
        PassCards(2, ALL_CARDS[:2]),
        PlayCard(3, ALL_CARDS[7]),
        RevealCards(1),
        Claim(2),
        CallRenege(0, 1),
        RequestRedeal(3),
    ]
    result = score_hand(
        Rules(),
        hand_number=1,
        dealer=0,
        bids=[3, 0, 4, 2],
        blind=[False, False, True, False],
        tricks=[4, 1, 5, 3],
        scores=[0, 0],
        bags=[0, 0],
        num_tricks=13,
    )
    results = [result, *result.teams, *result.seats]
    values = [*events, view, *view.tricks, *ALL_CARDS[:3], *actions, *game.history, *results]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    assert any(isinstance(event, CardPlayed) for event in events)
    assert any(isinstance(event, TrickWon) for event in events)
