"""Single elimination: a bracket seeded by rating, its rounds, and final places.

**Seeding** (``elimination_bracket``). Entrants are seeded by rating (then id); the bracket
has ``P`` lines, the smallest power of two at least the field. Seeds sit in the standard
order: built by doubling, each seed ``s`` of a bracket of ``2k`` lines beside ``2k + 1 - s``
([1, 2], then [1, 4, 2, 3], then [1, 8, 4, 5, 2, 7, 3, 6], ...). So seed 1 meets seed ``P`` in
the first round, seeds 1 and 2 sit in different halves and can meet only in the final, 1 to
4 only from the semi-finals on, and so on: the top seeds meet last. The ``P - n`` missing
seeds are byes, which fall against seeds 1, 2, 3, ...: the top seeds get them.

**Rounds** (``next_elimination_round``). The winners of matches ``2i`` and ``2i + 1`` of a
round meet in match ``i`` of the next, the winner of the upper match listed first. A bye's
entrant goes through; a match needs a winner (a draw is refused: the table plays on, or
the organiser settles it).

**Places** (``elimination_standings``): the champion first, then the final's loser, then
those who lost in the semi-finals sharing third place, and so on; within a shared place,
by seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.competition.results import Entrant, MatchResult, Pairing


def bracket_order(lines: int) -> list[int]:
    """The seeds (1-based) in bracket order for ``lines`` lines, a power of two."""
    if lines < 1 or lines & (lines - 1):
        raise ValueError("a bracket has a power of two lines")
    order = [1]
    while len(order) < lines:
        size = 2 * len(order)
        order = [seed for s in order for seed in (s, size + 1 - s)]
    return order


def seeded(entrants: Sequence[Entrant]) -> list[str]:
    """Entrant ids by seed: the highest rating first, then by id."""
    if len({e.id for e in entrants}) != len(entrants):
        raise ValueError("entrants must have different ids")
    return [e.id for e in sorted(entrants, key=lambda e: (-e.rating, e.id))]


def elimination_bracket(entrants: Sequence[Entrant]) -> tuple[Pairing, ...]:
    """The first round, top of the bracket first: every match, and every bye as a
    ``Pairing`` with ``second`` None in its place in the bracket."""
    seeds = seeded(entrants)
    if not seeds:
        return ()
    lines = max(2, 1 << (len(seeds) - 1).bit_length())
    order = bracket_order(lines)
    named: list[str | None] = [seeds[s - 1] if s <= len(seeds) else None for s in order]
    out = []
    for upper, lower in zip(named[::2], named[1::2], strict=True):
        if upper is None:
            raise AssertionError("the higher seed of a line pair is always present")
        out.append(Pairing(upper, lower))
    return tuple(out)


def winner_of(pairing: Pairing, results: Sequence[MatchResult]) -> str:
    """Who goes through from ``pairing``: its bye's entrant, or its result's winner."""
    if pairing.second is None:
        return pairing.first
    both = {pairing.first, pairing.second}
    for result in results:
        if set(result.entrants()) == both:
            if result.winner is None:
                raise ValueError("an elimination match needs a winner")
            return result.winner
    raise ValueError(f"no result yet for {pairing.first} against {pairing.second}")


def next_elimination_round(
    previous: Sequence[Pairing], results: Sequence[MatchResult]
) -> tuple[Pairing, ...]:
    """The next round from ``previous`` (a round in bracket order) and its ``results``;
    empty when ``previous`` was the final."""
    if len(previous) <= 1:
        return ()
    winners = [winner_of(p, results) for p in previous]
    return tuple(
        Pairing(upper, lower) for upper, lower in zip(winners[::2], winners[1::2], strict=True)
    )


@dataclass(frozen=True, slots=True)
class EliminationStanding:
    """One entrant's place: ``place`` is shared by those out in the same round;
    ``lost_in`` is the round (1-based) they lost in, None for the champion or anyone still
    in."""

    place: int
    entrant: str
    seed: int
    lost_in: int | None


def elimination_standings(
    entrants: Sequence[Entrant], rounds: Sequence[Sequence[MatchResult]]
) -> tuple[EliminationStanding, ...]:
    """Places after ``rounds`` (each round's results, the first round first): everyone
    still in shares the top place, then by how late they went out, then by seed."""
    seeds = {entrant: number for number, entrant in enumerate(seeded(entrants), start=1)}
    lost_in: dict[str, int | None] = dict.fromkeys(seeds)
    for number, results in enumerate(rounds, start=1):
        for result in results:
            if result.is_bye:
                continue
            if result.winner is None:
                raise ValueError("an elimination match needs a winner")
            loser = result.opponent(result.winner)
            if loser in lost_in:
                lost_in[loser] = number
    depth = {e: len(rounds) + 1 if out is None else out for e, out in lost_in.items()}
    order = sorted(seeds, key=lambda e: (-depth[e], seeds[e]))
    return tuple(
        EliminationStanding(
            1 + sum(1 for other in seeds if depth[other] > depth[e]), e, seeds[e], lost_in[e]
        )
        for e in order
    )
