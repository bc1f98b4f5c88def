"""Bot difficulty levels and policy names, as tables and the arena ask for them."""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import cast

from bot.ai.heuristic import HeuristicPolicy
from bot.ai.policy import Policy, RandomPolicy
from bot.ai.reasons import RANDOM, Explains, Reason
from bot.ai.search import TIME_BUDGET, SearchPolicy
from bot.engine import Action, SeatView

ANY_MOVE = RandomPolicy()


class NoisyPolicy:
    """``easy``: the heuristic, but now and then any legal move instead."""

    def __init__(self, inner: Policy, noise: float) -> None:
        self.inner = inner
        self.noise = noise

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return self.decide_why(view, rng)[0]

    def decide_why(self, view: SeatView, rng: random.Random) -> tuple[Action, Reason]:
        if rng.random() < self.noise:
            # Any move but a claim: a random claim would nearly always fail and cost.
            action = ANY_MOVE.decide(view, rng)
            return action, Reason("easy", view.seat, view.hand_number, action, RANDOM)
        action, why = decide_why(self.inner, view, rng)
        return action, dataclasses.replace(why, level="easy")


def decide_why(policy: Policy, view: SeatView, rng: random.Random) -> tuple[Action, Reason]:
    """The policy's move and its ``Reason``; a policy that gives none moved at random."""
    if _explains(type(policy)):
        return cast(Explains, policy).decide_why(view, rng)
    action = policy.decide(view, rng)
    return action, Reason("random", view.seat, view.hand_number, action, RANDOM)


@functools.cache
def _explains(kind: type) -> bool:
    """Whether policies of ``kind`` give their reasons (are ``Explains``): asked once a
    kind: ``isinstance`` against a protocol looks up its members on every call, 16 µs of
    each bot's move at a table."""
    return callable(getattr(kind, "decide_why", None))


LEVELS = ("easy", "normal", "hard")
# ``hard1``: the search as it was before it dealt by the held-card model (uniform deals
# weighted by the bids), judged its Nils more strictly, attacked Nils, kept a partner's
# covers in its playouts and sampled 600 deals a card rather than 300, kept for the arena
# to measure against; not offered at tables.
POLICY_NAMES = ("random", "heuristic", "search", *LEVELS, "hard1")


def policy_for(name: str, *, untimed: bool = False) -> Policy:
    """The policy for a difficulty level or a policy name. ``untimed``: a search has no
    clock (``time_budget=None``) and samples its full deal caps at every decision, so its
    moves depend only on the seed, not on how loaded the machine is (the arena's
    ``--untimed``); tables keep the clock."""
    budget = None if untimed else TIME_BUDGET
    if name == "random":
        return RandomPolicy()
    if name in ("heuristic", "normal"):
        return HeuristicPolicy()
    if name == "easy":
        return NoisyPolicy(HeuristicPolicy(), 0.25)
    if name in ("search", "hard"):
        return SearchPolicy(time_budget=budget)
    if name == "hard1":
        return SearchPolicy(
            deals=300,
            holdings=False,
            strict_nil=False,
            sharp_nil=False,
            keep_cover=False,
            time_budget=budget,
        )
    raise ValueError(f"No bot called {name!r}. Choose one of: {', '.join(POLICY_NAMES)}.")


# One policy per level in each process that ``decide_as`` runs in (a search pool's worker).
_POLICIES: dict[str, Policy] = {}


def decide_as(level: str, view: SeatView, seed: int) -> Action:
    """The move a ``level`` bot chooses from ``view``, its randomness from ``seed``: the
    work a process pool's worker does, so it takes and returns only picklable values (the
    seat's view, never the game)."""
    return _policy(level).decide(view, random.Random(seed))


def decide_why_as(level: str, view: SeatView, seed: int) -> tuple[Action, Reason]:
    """``decide_as``, with the ``Reason`` for the move: it travels back from the worker with
    the action (both plain picklable data), so nobody asking "why?" costs a second search."""
    return decide_why(_policy(level), view, random.Random(seed))


def _policy(level: str) -> Policy:
    policy = _POLICIES.get(level)
    if policy is None:
        policy = _POLICIES[level] = policy_for(level)
    return policy
