"""Round robin by the circle method: every pair once, one bye each, and its standings."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from bot.competition.results import DRAW, WIN, Entrant, MatchResult, Pairing
from bot.competition.round_robin import round_robin, round_robin_standings


@given(st.integers(0, 40))
def test_every_pair_meets_exactly_once_and_an_odd_field_gives_one_bye_each(n: int) -> None:
    entrants = [Entrant(f"e{i}", i % 7) for i in range(n)]
    rounds = round_robin(entrants)
    ids = [e.id for e in entrants]
    assert len(rounds) == (n if n % 2 else max(0, n - 1))
    meetings = Counter(
        frozenset((p.first, p.second)) for r in rounds for p in r if p.second is not None
    )
    assert meetings == Counter(frozenset(pair) for pair in combinations(ids, 2))
    for each in rounds:
        # Everyone once a round; a bye only in an odd field, and last.
        assert sorted(e for p in each for e in (p.first, p.second) if e is not None) == sorted(ids)
        assert [p.is_bye for p in each] == [False] * (n // 2) + [True] * (n % 2)
    byes = Counter(p.first for r in rounds for p in r if p.is_bye)
    assert byes == (Counter(ids) if n % 2 else Counter())


def test_four_entrants_by_the_circle_method() -> None:
    entrants = [Entrant(name, rating) for name, rating in zip("ABCD", (4, 3, 2, 1), strict=True)]
    # A stays put; B, C, D turn; A alternates sides.
    assert round_robin(entrants) == (
        (Pairing("A", "D"), Pairing("B", "C")),
        (Pairing("C", "A"), Pairing("D", "B")),
        (Pairing("A", "B"), Pairing("C", "D")),
    )


def test_round_robin_standings_break_ties_head_to_head_before_points_difference() -> None:
    entrants = [Entrant(name, 0) for name in "ABC"]
    results = [
        MatchResult.played("A", "B", 300, 290, "A"),
        MatchResult.played("B", "C", 300, 100, "B"),
        MatchResult.played("C", "A", 300, 200, "C"),
        MatchResult.played("A", "B", 250, 250, None),
    ]
    # A: win, loss, draw = 3; B: loss, win, draw = 3; C: win, loss = 2, tied with nobody.
    # Head to head between A and B (both on 3): A 2 + 1 = 3, B 0 + 1 = 1: A above B,
    # though B's points difference (-10 + 200 + 0 = +190) beats A's (+10 - 100 = -90).
    table = round_robin_standings(entrants, results)
    assert [(s.entrant, s.match_points, s.head_to_head) for s in table] == [
        ("A", WIN + DRAW, WIN + DRAW),
        ("B", WIN + DRAW, DRAW),
        ("C", WIN, 0),
    ]
    assert [s.points_difference for s in table] == [-90, 190, -100]
