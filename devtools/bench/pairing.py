"""Swiss pairing speed: a field of entrants paired round after round, each round timed.

Results are drawn from a seeded ``random.Random``: the higher-rated side wins more often,
now and then a game is drawn, so score groups form as in a real event and rematches
become harder to avoid the deeper the rounds go.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from bot.competition.results import Entrant, MatchResult, Pairing
from bot.competition.swiss import pair_swiss, rematches

TARGET_SECONDS = 0.1


@dataclass(frozen=True, slots=True)
class RoundTiming:
    """One round's pairing: its wall time, boards, byes and rematches."""

    number: int
    seconds: float
    boards: int
    byes: int
    rematches: int


@dataclass(frozen=True, slots=True)
class PairingBench:
    entrants: int
    rounds: tuple[RoundTiming, ...]

    @property
    def mean_seconds(self) -> float:
        return sum(r.seconds for r in self.rounds) / len(self.rounds)

    @property
    def slowest_seconds(self) -> float:
        return max(r.seconds for r in self.rounds)


def play(
    pairings: tuple[Pairing, ...], ratings: dict[str, float], rng: random.Random
) -> list[MatchResult]:
    """A result for every pairing: the stronger side wins more often; a few draws."""
    out = []
    for p in pairings:
        if p.second is None:
            out.append(MatchResult.bye(p.first))
            continue
        edge = (ratings[p.first] - ratings[p.second]) / 40
        roll = rng.random()
        if roll < 0.03:
            out.append(MatchResult.played(p.first, p.second, 250, 250, None))
        elif roll < 0.5 + edge:
            out.append(
                MatchResult.played(p.first, p.second, 300 + rng.randrange(200), 200, p.first)
            )
        else:
            out.append(
                MatchResult.played(p.first, p.second, 200, 300 + rng.randrange(200), p.second)
            )
    return out


def run_pairing_bench(entrants: int, rounds: int, seed: int) -> PairingBench:
    """Pair ``rounds`` Swiss rounds of ``entrants``, timing each pairing alone."""
    rng = random.Random(seed)
    field = [Entrant(f"entrant-{i}", rng.gauss(25.0, 5.0)) for i in range(entrants)]
    ratings = {e.id: e.rating for e in field}
    results: list[MatchResult] = []
    timings = []
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        pairings = pair_swiss(field, results)
        seconds = time.perf_counter() - start
        timings.append(
            RoundTiming(
                number,
                seconds,
                boards=sum(1 for p in pairings if not p.is_bye),
                byes=sum(1 for p in pairings if p.is_bye),
                rematches=rematches(pairings, results),
            )
        )
        results += play(pairings, ratings, rng)
    return PairingBench(entrants, tuple(timings))


def format_pairing_bench(result: PairingBench) -> str:
    lines = [f"Swiss pairing of {result.entrants} entrants, {len(result.rounds)} rounds:"]
    lines += [
        f"round {r.number}: {r.seconds * 1e3:.1f} ms ({r.boards} boards, {r.byes} byes,"
        f" {r.rematches} rematches)"
        for r in result.rounds
    ]
    verdict = "under" if result.slowest_seconds < TARGET_SECONDS else "over"
    lines.append(
        f"per round: mean {result.mean_seconds * 1e3:.1f} ms, slowest"
        f" {result.slowest_seconds * 1e3:.1f} ms ({verdict} the {TARGET_SECONDS * 1e3:.0f} ms"
        " target)"
    )
    return "\n".join(lines)
