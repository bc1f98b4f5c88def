"""The policy protocol, and the uniformly random policy used by tests and baselines."""

from __future__ import annotations

import random
from typing import Protocol

from bot.engine import Action, SeatView


class Policy(Protocol):
    """Chooses one of ``view.legal_actions``; sees only the seat's view."""

    def decide(self, view: SeatView, rng: random.Random) -> Action: ...


class RandomPolicy:
    """Any legal action, uniformly (out-of-turn ones only when it is not the seat's turn)."""

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions)
