"""Single elimination: a well-formed seeded bracket whatever the field, top seeds meeting
last, byes to the top seeds, winners advancing, and final places."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.competition.elimination import (
    bracket_order,
    elimination_bracket,
    elimination_standings,
    next_elimination_round,
)
from bot.competition.results import Entrant, MatchResult, Pairing


def play(round_: tuple[Pairing, ...], rng: random.Random) -> list[MatchResult]:
    return [
        MatchResult.bye(p.first)
        if p.second is None
        else MatchResult.played(p.first, p.second, 300, 200, rng.choice([p.first, p.second]))
        for p in round_
    ]


@given(st.integers(1, 70), st.integers(0, 2**32))
def test_brackets_are_well_formed_and_seeds_1_and_2_can_meet_only_in_the_final(
    n: int, seed: int
) -> None:
    rng = random.Random(seed)
    entrants = [Entrant(f"e{i}", rng.randint(0, 1000)) for i in range(n)]
    by_seed = [e.id for e in sorted(entrants, key=lambda e: (-e.rating, e.id))]
    first = elimination_bracket(entrants)
    lines = max(2, 1 << (n - 1).bit_length())
    assert len(first) == lines // 2
    placed = [e for p in first for e in (p.first, p.second) if e is not None]
    assert sorted(placed) == sorted(by_seed)
    # Byes: exactly the missing lines, each against one of the top seeds.
    byes = [p.first for p in first if p.is_bye]
    assert len(byes) == lines - n
    assert sorted(byes, key=by_seed.index) == by_seed[: len(byes)]
    rounds = [first]
    results: list[list[MatchResult]] = []
    while True:
        current = rounds[-1]
        for p in current:
            if p.second is not None and {p.first, p.second} == set(by_seed[:2]):
                assert len(current) == 1, "seeds 1 and 2 met before the final"
        results.append(play(current, rng))
        following = next_elimination_round(current, results[-1])
        if not following:
            break
        assert len(following) == len(current) // 2
        rounds.append(following)
    assert len(rounds) == (lines - 1).bit_length()
    if n >= 2:
        # Seeds 1 and 2 always win: they meet in the final.
        current = elimination_bracket(entrants)
        while len(current) > 1:
            current = next_elimination_round(current, chalk_results(current, by_seed))
        assert {current[0].first, current[0].second} == set(by_seed[:2])


def chalk_results(round_: tuple[Pairing, ...], by_seed: list[str]) -> list[MatchResult]:
    """Every match won by the higher seed."""
    out = []
    for p in round_:
        if p.second is None:
            out.append(MatchResult.bye(p.first))
        else:
            winner = min(p.first, p.second, key=by_seed.index)
            out.append(MatchResult.played(p.first, p.second, 1, 0, winner))
    return out


def test_standard_bracket_order() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(ValueError):
        bracket_order(6)


def test_six_entrants_give_byes_to_seeds_1_and_2_and_winners_advance() -> None:
    entrants = [Entrant(f"s{i}", 10 - i) for i in range(1, 7)]
    first = elimination_bracket(entrants)
    assert first == (
        Pairing("s1", None),
        Pairing("s4", "s5"),
        Pairing("s2", None),
        Pairing("s3", "s6"),
    )
    results = [MatchResult.played("s4", "s5", 200, 300, "s5"), MatchResult.bye("s1")]
    with pytest.raises(ValueError, match="no result yet"):
        next_elimination_round(first, results)
    results += [MatchResult.played("s6", "s3", 350, 300, "s6")]
    semis = next_elimination_round(first, results)
    assert semis == (Pairing("s1", "s5"), Pairing("s2", "s6"))
    semi_results = [
        MatchResult.played("s1", "s5", 300, 310, "s5"),
        MatchResult.played("s2", "s6", 300, 100, "s2"),
    ]
    final = next_elimination_round(semis, semi_results)
    assert final == (Pairing("s5", "s2"),)
    final_results = [MatchResult.played("s5", "s2", 500, 200, "s5")]
    assert next_elimination_round(final, final_results) == ()
    table = elimination_standings(entrants, [results, semi_results, final_results])
    assert [(s.place, s.entrant, s.lost_in) for s in table] == [
        (1, "s5", None),
        (2, "s2", 3),
        (3, "s1", 2),
        (3, "s6", 2),
        (5, "s3", 1),
        (5, "s4", 1),
    ]


def test_a_drawn_elimination_match_is_refused() -> None:
    first = elimination_bracket([Entrant("a", 2), Entrant("b", 1)])
    with pytest.raises(ValueError, match="needs a winner"):
        next_elimination_round(first + first, [MatchResult.played("a", "b", 300, 300, None)])
