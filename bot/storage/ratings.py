"""Team-aware skill ratings (openskill's Plackett-Luce model), shown as a conservative value.

Each side of a game is one openskill team: partners are rated together, a cutthroat player
is a team of one, and sides are placed by the game's result (the winner first, then by
score). Bots sit in the model with a fixed rating that is never updated: their strength
shapes the result, so leaving them out would credit a member with a bot partner's play, and
letting them learn would let thousands of bot games drag every member's scale around. The
fixed rating is a newcomer's mean with a third of a newcomer's uncertainty: about as strong
as a typical new member, and more certain, because a bot plays the same way every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()

# Members are ranked by rating (and win rate) only after this many rated games.
MIN_RATED_GAMES = 5


@dataclass(frozen=True, slots=True)
class Skill:
    """An openskill rating: ``mu`` the estimate, ``sigma`` its uncertainty."""

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """The value shown and ranked: three sigmas below the estimate (openskill's ordinal),
        so a member climbs by playing more as well as by winning."""
        return self.mu - 3 * self.sigma


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)
BOT = Skill(MODEL.mu, MODEL.sigma / 3)


def places(scores: Sequence[int], winner: int | None) -> list[int]:
    """Each side's place, 0 first: the winner, then by final score; equal scores share a place.

    The winner comes first even when another side has more points (shooting the moon can win
    outright)."""
    keys = [(side != winner, -score) for side, score in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


def rate(
    sides: Sequence[Sequence[Skill | None]], placed: Sequence[int]
) -> list[list[Skill | None]]:
    """New skills after one game. ``sides[t]`` holds side ``t``'s seats: a member's current
    skill, or ``None`` for a bot; the result has the same shape with bots left ``None``."""
    teams = [
        [MODEL.rating(mu=s.mu, sigma=s.sigma) for s in (BOT if s is None else s for s in side)]
        for side in sides
    ]
    rated = MODEL.rate(teams, ranks=[float(p) for p in placed])
    return [
        [
            None if old is None else Skill(new.mu, new.sigma)
            for old, new in zip(side, new_side, strict=True)
        ]
        for side, new_side in zip(sides, rated, strict=True)
    ]
