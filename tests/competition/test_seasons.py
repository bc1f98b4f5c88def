"""The soft reset of a rating at a season's start, over the storage's openskill model."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.competition.seasons import soft_reset
from bot.storage.ratings import MODEL, NEWCOMER, Skill, rate

skills = st.builds(Skill, st.floats(0, 60, allow_nan=False), st.floats(0.5, 10, allow_nan=False))


def test_a_soft_reset_halfway_by_hand() -> None:
    # A newcomer is mu 25, sigma 25/3 (openskill's defaults).
    assert (NEWCOMER.mu, NEWCOMER.sigma) == (MODEL.mu, MODEL.sigma) == (25.0, 25 / 3)
    reset = soft_reset(Skill(35.0, 2.0), 0.5)
    # mu: 35 + 0.5 * (25 - 35) = 30; sigma: sqrt(0.5 * 4 + 0.5 * 625 / 9) = sqrt(36.72...).
    assert reset.mu == 30.0
    assert reset.sigma == pytest.approx(math.sqrt(2 + 625 / 18))
    assert reset.sigma == pytest.approx(6.0599, abs=1e-4)


@given(skills)
def test_zero_keeps_a_rating_and_one_starts_afresh(skill: Skill) -> None:
    assert soft_reset(skill, 0) == skill
    assert soft_reset(skill, 1) == NEWCOMER


@given(skills, st.floats(0, 1), st.floats(0, 1))
def test_a_bigger_reset_lands_nearer_a_newcomer(skill: Skill, a: float, b: float) -> None:
    small, big = sorted((a, b))
    nearer, farther = soft_reset(skill, big), soft_reset(skill, small)
    assert abs(nearer.mu - NEWCOMER.mu) <= abs(farther.mu - NEWCOMER.mu) + 1e-9
    assert abs(nearer.sigma - NEWCOMER.sigma) <= abs(farther.sigma - NEWCOMER.sigma) + 1e-9
    assert min(skill.sigma, NEWCOMER.sigma) - 1e-9 <= nearer.sigma
    assert nearer.sigma <= max(skill.sigma, NEWCOMER.sigma) + 1e-9


def test_a_reset_rating_is_rated_on_by_the_same_model() -> None:
    veteran = Skill(32.0, 1.5)
    reset = soft_reset(veteran, 0.25)
    (winners, _) = rate([[reset, reset], [NEWCOMER, NEWCOMER]], [0, 1])
    after = winners[0]
    assert after is not None and after.mu > reset.mu
    # Less certain after the reset, it moves further on one win than before it.
    (unreset, _) = rate([[veteran, veteran], [NEWCOMER, NEWCOMER]], [0, 1])
    assert unreset[0] is not None
    assert after.mu - reset.mu > unreset[0].mu - veteran.mu


@pytest.mark.parametrize("fraction", [-0.1, 1.5, math.nan, math.inf])
def test_a_fraction_outside_0_to_1_is_refused(fraction: float) -> None:
    with pytest.raises(ValueError, match="from 0"):
        soft_reset(NEWCOMER, fraction)
