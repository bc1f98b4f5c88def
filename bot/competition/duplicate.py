"""Duplicate Spades: the same deals at every table, seats turned, results matchpointed.

**The deals.** In a duplicate round every table plays the same deals: deal ``d`` is dealt
from the round's one seed at every table (the engine deals only from its seed, so the same
seed and dealer give the same cards at every table; ``Game``'s ``deals`` can also hand
every table the same prepared deals). The cards of one *direction* are the same
everywhere: North/South is the engine's side 0 (seats 0 and 2, ``Rules.teams[0]``),
East/West side 1 (seats 1 and 3).

**The seats** (``duplicate_seatings``). Each table holds one match of the round, its two
pairs listed ``first`` and ``second``. On deal ``d`` at table ``t`` (both counted from 0),
``first`` sits North/South when ``t + d`` is even, East/West when it is odd. So on every
deal each direction's cards are held at every table, by the first-listed pair at half the
tables and the second-listed at the others: pair A holding North/South at table 0 has its
cards held at table 1 by that table's second pair, while table 1's first pair holds A's
opponents' cards. From one deal to the next every pair changes direction, so each holds
North/South on half the deals (one more or less) and the strong hands do not stay with
one side of a match. With ``turn_every_deal=False`` the direction depends on the table
only, for rounds played as whole games with seats fixed through the game.

**Matchpoints** (``score_duplicate``), as bridge clubs score pairs: a pair's result on a
deal is its side's points on that deal less its opponents' (Spades scores both sides, and
setting the opponents is worth as much as making a bid). It is compared with the result
of every other pair who held the same cards on that deal (the same direction at the other
tables): 2 matchpoints for each pair it beat, 1 for each it tied with. The top on a deal
is ``2 * (k - 1)`` among ``k`` tables that played it; a pair's percentage is its
matchpoints over the sum of its tops. A pair is never compared with its own opponents,
only with pairs who held its cards; as the two directions mirror each other at a table,
a pair's matchpoints and its opponents' add up to the top.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.competition.results import Pairing
from bot.engine import Rules

NORTH_SOUTH = 0
EAST_WEST = 1


@dataclass(frozen=True, slots=True)
class Seating:
    """Who holds which cards on one deal at one table."""

    table: int
    deal: int
    north_south: str
    east_west: str

    def seats(self, rules: Rules) -> dict[int, str]:
        """The engine's seats for this deal under ``rules`` (two sides of partners), each
        with the entrant sitting there."""
        teams = rules.teams
        if len(teams) != 2:
            raise ValueError("duplicate needs two sides of partners")
        return {seat: self.north_south for seat in teams[NORTH_SOUTH]} | {
            seat: self.east_west for seat in teams[EAST_WEST]
        }


def duplicate_seatings(
    tables: Sequence[Pairing], deals: int, *, turn_every_deal: bool = True
) -> tuple[Seating, ...]:
    """Every table's seats on every deal of the round, by deal, then by table."""
    if len(tables) < 2:
        raise ValueError("duplicate needs two tables or more to compare")
    if deals < 1:
        raise ValueError("a duplicate round has at least one deal")
    entrants = [e for t in tables for e in (t.first, t.second)]
    if any(e is None for e in entrants) or len(set(entrants)) != len(entrants):
        raise ValueError("each table needs two different pairs, each at one table only")
    out = []
    for deal in range(deals):
        for number, table in enumerate(tables):
            first, second = table.first, table.second
            assert second is not None
            turned = (number + deal) % 2 if turn_every_deal else number % 2
            north_south, east_west = (second, first) if turned else (first, second)
            out.append(Seating(number, deal, north_south, east_west))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class DealScore:
    """What each side scored on one deal at one table (that deal's points, not the game's
    running total)."""

    table: int
    deal: int
    north_south: int
    east_west: int


@dataclass(frozen=True, slots=True)
class DealRow:
    """One table's line in a deal's breakdown."""

    table: int
    north_south: str
    east_west: str
    north_south_points: int
    east_west_points: int
    north_south_matchpoints: int
    east_west_matchpoints: int


@dataclass(frozen=True, slots=True)
class DealBreakdown:
    """What every table made of one deal: ``top`` is the most matchpoints a pair could
    get on it."""

    deal: int
    top: int
    rows: tuple[DealRow, ...]


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's round: ``place`` counts from 1 and is shared by equal percentages."""

    place: int
    entrant: str
    matchpoints: int
    top: int

    @property
    def share(self) -> Fraction:
        """Matchpoints over the top, exactly (a half when nothing could be compared)."""
        return Fraction(self.matchpoints, self.top) if self.top else Fraction(1, 2)

    @property
    def percentage(self) -> float:
        return float(self.share * 100)


@dataclass(frozen=True, slots=True)
class DuplicateRound:
    """A duplicate round's result: deal by deal, and each pair's total, best first."""

    deals: tuple[DealBreakdown, ...]
    totals: tuple[PairTotal, ...]


def matchpoints(results: Sequence[int]) -> list[int]:
    """Each result's matchpoints against the others: 2 per result it beats, 1 per tie."""
    return [
        sum(2 if mine > other else 1 if mine == other else 0 for other in results) - 1
        for mine in results
    ]


def score_duplicate(seatings: Sequence[Seating], scores: Sequence[DealScore]) -> DuplicateRound:
    """Matchpoint a round: ``seatings`` from ``duplicate_seatings``, ``scores`` one per
    table and deal played (a deal some table did not play is compared among the others)."""
    seated = {(s.table, s.deal): s for s in seatings}
    by_deal: dict[int, list[tuple[Seating, DealScore]]] = defaultdict(list)
    for score in scores:
        key = (score.table, score.deal)
        if key not in seated:
            raise ValueError(f"no table {score.table} for deal {score.deal} in this round")
        if any(s.table == score.table for s, _ in by_deal[score.deal]):
            raise ValueError(f"two scores for table {score.table} on deal {score.deal}")
        by_deal[score.deal].append((seated[key], score))
    earned: dict[str, int] = dict.fromkeys(
        [e for s in seatings for e in (s.north_south, s.east_west)], 0
    )
    tops = dict(earned)
    breakdowns = []
    for deal in sorted(by_deal):
        played = sorted(by_deal[deal], key=lambda pair: pair[0].table)
        ns = matchpoints([score.north_south - score.east_west for _, score in played])
        ew = matchpoints([score.east_west - score.north_south for _, score in played])
        top = 2 * (len(played) - 1)
        rows = []
        for (seat, score), ns_points, ew_points in zip(played, ns, ew, strict=True):
            rows.append(
                DealRow(
                    seat.table,
                    seat.north_south,
                    seat.east_west,
                    score.north_south,
                    score.east_west,
                    ns_points,
                    ew_points,
                )
            )
            for entrant, points in ((seat.north_south, ns_points), (seat.east_west, ew_points)):
                earned[entrant] += points
                tops[entrant] += top
        breakdowns.append(DealBreakdown(deal, top, tuple(rows)))
    unplaced = [PairTotal(0, e, earned[e], tops[e]) for e in earned]
    ranked = sorted(unplaced, key=lambda t: (-t.share, t.entrant))
    totals = tuple(
        PairTotal(
            1 + sum(1 for other in ranked if other.share > total.share),
            total.entrant,
            total.matchpoints,
            total.top,
        )
        for total in ranked
    )
    return DuplicateRound(tuple(breakdowns), totals)
