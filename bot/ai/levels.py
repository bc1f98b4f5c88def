"""Bot difficulty levels and policy names, as tables and the arena ask for them."""

from __future__ import annotations

import random

from bot.ai.heuristic import HeuristicPolicy
from bot.ai.policy import Policy, RandomPolicy
from bot.ai.search import SearchPolicy
from bot.engine import Action, SeatView

RANDOM = RandomPolicy()


class NoisyPolicy:
    """``easy``: the heuristic, but now and then any legal move instead."""

    def __init__(self, inner: Policy, noise: float) -> None:
        self.inner = inner
        self.noise = noise

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        if rng.random() < self.noise:
            # Any move but a claim: a random claim would nearly always fail and cost.
            return RANDOM.decide(view, rng)
        return self.inner.decide(view, rng)


LEVELS = ("easy", "normal", "hard")
POLICY_NAMES = ("random", "heuristic", "search", *LEVELS)


def policy_for(name: str) -> Policy:
    """The policy for a difficulty level or a policy name."""
    if name == "random":
        return RandomPolicy()
    if name in ("heuristic", "normal"):
        return HeuristicPolicy()
    if name == "easy":
        return NoisyPolicy(HeuristicPolicy(), 0.25)
    if name in ("search", "hard"):
        return SearchPolicy()
    raise ValueError(f"No bot called {name!r}. Choose one of: {', '.join(POLICY_NAMES)}.")


# One policy per level in each process that ``decide_as`` runs in (a search pool's worker).
_POLICIES: dict[str, Policy] = {}


def decide_as(level: str, view: SeatView, seed: int) -> Action:
    """The move a ``level`` bot chooses from ``view``, its randomness from ``seed``: the
    work a process pool's worker does, so it takes and returns only picklable values (the
    seat's view, never the game)."""
    policy = _POLICIES.get(level)
    if policy is None:
        policy = _POLICIES[level] = policy_for(level)
    return policy.decide(view, random.Random(seed))
