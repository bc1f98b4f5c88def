"""Round robin by the circle method, and its standings.

**Schedule** (``round_robin``). Entrants are seeded by rating (then id). With an odd count
a bye joins them as a stand-in entrant, so each entrant has exactly one bye. The first seed
stays put and the others turn one place round the circle each round; in each round the
``k``-th position meets the ``k``-th from the end. Over ``n - 1`` rounds (``n`` counting the
bye) every pair meets exactly once. The fixed entrant alternates between ``first`` and
``second`` from round to round, so it does not always sit the same way.

**Standings** (``round_robin_standings``), in this order: match points (as in
``results``); then match points in the games among the entrants tied on match points
(head to head); then points difference; then the higher seed rating, then the id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.competition.results import Entrant, MatchResult, Pairing
from bot.competition.swiss import Record, records


def round_robin(entrants: Sequence[Entrant]) -> tuple[tuple[Pairing, ...], ...]:
    """Every round of a round robin among ``entrants``: each round's matches, then its bye
    (if any) as a ``Pairing`` with ``second`` None."""
    if len({e.id for e in entrants}) != len(entrants):
        raise ValueError("entrants must have different ids")
    seeded: list[str | None] = [e.id for e in sorted(entrants, key=lambda e: (-e.rating, e.id))]
    if len(seeded) % 2:
        seeded.append(None)
    n = len(seeded)
    rounds = []
    circle = seeded[1:]
    for number in range(n - 1):
        positions = [seeded[0], *circle]
        matches: list[Pairing] = []
        byes: list[Pairing] = []
        for k in range(n // 2):
            a, b = positions[k], positions[n - 1 - k]
            if k == 0 and number % 2:
                a, b = b, a
            if a is not None and b is not None:
                matches.append(Pairing(a, b))
            elif (alone := b if a is None else a) is not None:
                byes.append(Pairing(alone, None))
        rounds.append(tuple(matches + byes))
        circle = circle[-1:] + circle[:-1]
    return tuple(rounds)


@dataclass(frozen=True, slots=True)
class RoundRobinStanding:
    """One line of round robin standings: ``place`` counts from 1 and never ties."""

    place: int
    entrant: str
    match_points: int
    head_to_head: int
    points_difference: int
    record: Record


def round_robin_standings(
    entrants: Sequence[Entrant], results: Sequence[MatchResult]
) -> tuple[RoundRobinStanding, ...]:
    """Standings of ``entrants`` after ``results``, by the order in the module's docstring."""
    ratings = {e.id: e.rating for e in entrants}
    found = records(list(ratings), results)
    head = {}
    for entrant in ratings:
        tied = {o for o in ratings if found[o].match_points == found[entrant].match_points}
        head[entrant] = sum(
            r.match_points(entrant)
            for r in results
            if not r.is_bye and entrant in r.entrants() and set(r.entrants()) <= tied
        )
    order = sorted(
        ratings,
        key=lambda e: (
            -found[e].match_points,
            -head[e],
            -found[e].points_difference,
            -ratings[e],
            e,
        ),
    )
    return tuple(
        RoundRobinStanding(
            place, e, found[e].match_points, head[e], found[e].points_difference, found[e]
        )
        for place, e in enumerate(order, start=1)
    )
