"""The policy protocol, and the uniformly random policy used by tests and baselines."""

from __future__ import annotations

import random
from typing import Protocol

from bot.ai.claims import other_than_claims
from bot.engine import Action, SeatView


class Policy(Protocol):
    """Chooses one of ``view.legal_actions``; sees only the seat's view."""

    def decide(self, view: SeatView, rng: random.Random) -> Action: ...


class RandomPolicy:
    """Any legal action, uniformly (out-of-turn ones only when it is not the seat's turn),
    except a claim while there is anything else to do: a claim the engine cannot judge within
    its budget is refused (``IllegalAction``), and a random claim tests the judge, not play
    (tests/engine/test_claims.py does that)."""

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(other_than_claims(view.legal_actions) or view.legal_actions)
