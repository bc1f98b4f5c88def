"""Seasons' math: a rating moved back toward a newcomer's at a season's start.

Ratings are the storage's openskill ``Skill`` (``mu``, ``sigma``; shown as ``mu - 3 sigma``)
and a newcomer's is ``NEWCOMER``, the model's own starting values. A soft reset by a
fraction ``f`` the server chooses (0 keeps every rating, 1 starts everyone afresh):

- the estimate moves that far in a straight line: ``mu' = mu + f * (mu0 - mu)``;
- the uncertainty mixes the variances: ``sigma'^2 = (1 - f) * sigma^2 + f * sigma0^2``, as
  if the rating had drifted for a while (openskill adds uncertainty as variance too).

So a strong regular keeps part of their lead but becomes less certain and climbs back
faster; a member rated below a newcomer moves up just as far.
"""

from __future__ import annotations

import math

from bot.storage.ratings import NEWCOMER, Skill


def soft_reset(skill: Skill, fraction: float, newcomer: Skill = NEWCOMER) -> Skill:
    """``skill`` moved ``fraction`` of the way back to ``newcomer`` (see the module)."""
    if not (math.isfinite(fraction) and 0 <= fraction <= 1):
        raise ValueError("the reset fraction runs from 0 (keep) to 1 (start afresh)")
    if fraction == 0:
        return skill
    if fraction == 1:
        return newcomer
    mu = (1 - fraction) * skill.mu + fraction * newcomer.mu
    variance = (1 - fraction) * skill.sigma**2 + fraction * newcomer.sigma**2
    return Skill(mu, math.sqrt(variance))
