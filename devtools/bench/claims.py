"""Judging claims: how long a member waits for a claim's verdict, at every table size.

Claims come from seeded random play: every moment of the first tricks of a hand (where a
claim is nearly always false and the search is longest), then the start of each later
trick, each claimed by one seat of every side that may claim. Each is judged as a table
judges it, by ``Game.claim_verdict`` within the engine's budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bot.engine import COMPILED, PRESETS, Claim, Game, Phase, Rules
from bot.engine.claims import CLAIM_BUDGET, Verdict

# One preset for each table size, and the two ways of seating six.
CLAIM_PRESETS = ("two_player", "cutthroat3", "classic", "five_player", "six_pairs", "six_threes")


@dataclass(frozen=True, slots=True)
class ClaimTimes:
    """The claims judged at one kind of table: wall and CPU seconds of each, and how many
    held, failed or were left undecided by the budget."""

    preset: str
    players: int
    seconds: tuple[float, ...]
    cpu_seconds: tuple[float, ...]
    holds: int
    fails: int
    undecided: int

    @property
    def claims(self) -> int:
        return len(self.seconds)


@dataclass(frozen=True, slots=True)
class ClaimBench:
    tables: tuple[ClaimTimes, ...]
    budget: int = CLAIM_BUDGET
    compiled: bool = COMPILED


def claim_moments(rules: Rules, seed: int, early_tricks: int) -> Iterator[Game]:
    """The first hand of a seeded random game at every moment of its first
    ``early_tricks`` tricks and at the start of each later one (the same ``Game``,
    moved on between yields)."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    while not game.is_over and game.hand_number == 1:
        if game.phase is Phase.PLAY:
            done = len(game.view(0).tricks)
            if done < early_tricks or not game.trick:
                yield game
        moves = [a for a in game.legal_actions() if not isinstance(a, Claim)]
        game.apply(rng.choice(moves))


def claimers(game: Game) -> list[int]:
    """One seat of each side that may claim now (the first of its seats that may)."""
    seats: dict[int, int] = {}
    for seat in range(game.players):
        if Claim(seat) in game.legal_actions(seat):
            seats.setdefault(game.team_of(seat), seat)
    return list(seats.values())


def time_claims(preset: str, seeds: int, early_tricks: int, seed: int) -> ClaimTimes:
    """Judge every claim of ``seeds`` seeded hands at ``preset``'s table."""
    rules = Rules.model_validate({**PRESETS[preset], "claims": True})
    seconds: list[float] = []
    cpu: list[float] = []
    counts = dict.fromkeys(Verdict, 0)
    for game_seed in range(seed, seed + seeds):
        for game in claim_moments(rules, game_seed, early_tricks):
            for seat in claimers(game):
                start, start_cpu = time.perf_counter(), time.process_time()
                verdict = game.claim_verdict(seat)
                seconds.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                counts[verdict] += 1
    return ClaimTimes(
        preset,
        rules.players,
        tuple(seconds),
        tuple(cpu),
        counts[Verdict.HOLDS],
        counts[Verdict.FAILS],
        counts[Verdict.UNDECIDED],
    )


def run_claims_bench(
    seeds: int, early_tricks: int, seed: int, presets: Sequence[str] = CLAIM_PRESETS
) -> ClaimBench:
    return ClaimBench(tuple(time_claims(preset, seeds, early_tricks, seed) for preset in presets))


def percentile(values: Sequence[float], share: float) -> float:
    """The value at ``share`` (0-1) of the sorted values (the nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, min(len(ordered), math.ceil(share * len(ordered))))
    return ordered[rank - 1]


def format_claims_bench(bench: ClaimBench) -> str:
    mode = "compiled" if bench.compiled else "plain Python"
    lines = [
        f"claims judged within a budget of {bench.budget:,} positions ({mode}):",
        "  table         players  claims  held  failed  undecided"
        "    p50 ms    p99 ms  worst ms  worst cpu ms",
    ]
    for t in bench.tables:
        lines.append(
            f"  {t.preset:<13} {t.players:>7} {t.claims:>7} {t.holds:>5} {t.fails:>7}"
            f" {t.undecided:>10} {1000 * percentile(t.seconds, 0.5):>9.1f}"
            f" {1000 * percentile(t.seconds, 0.99):>9.1f}"
            f" {1000 * max(t.seconds, default=0.0):>9.1f}"
            f" {1000 * max(t.cpu_seconds, default=0.0):>13.1f}"
        )
    every = [s for t in bench.tables for s in t.seconds]
    lines.append(
        f"  all tables: p99 {1000 * percentile(every, 0.99):.1f} ms,"
        f" worst {1000 * max(every, default=0.0):.1f} ms"
    )
    return "\n".join(lines)
