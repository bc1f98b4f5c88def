"""``python -m bot bench search-pool``: deals the ``hard`` bot searches per decision when one bot
thinks and when several think at once, in threads of one interpreter (``SEARCH_WORKERS=0``)
and in a process pool (the bot's default).

Each decision is a card to play in the middle of a hand of a seeded game, searched with the
bot's own time budget and no cap on deals: the deals it gets through in its budget are what
sharing a core costs it. Latency is from handing the decision over to its answer.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

from bot.ai.heuristic import HeuristicPolicy
from bot.ai.search import SearchPolicy
from bot.engine import Game, Phase, PlayCard, Rules, SeatView

BUDGET = SearchPolicy().time_budget or 0.6


@dataclass(frozen=True, slots=True)
class SearchRun:
    mode: str  # "threads" or "processes"
    workers: int
    at_once: int  # bots thinking at the same moment
    decisions: int
    deals_per_decision: float
    latency_mean: float
    latency_max: float


def positions(count: int, seed: int) -> list[SeatView]:
    """Views of seats to play a card in the middle of hands of seeded games (the heuristic
    plays to there), each with a choice of cards."""
    found: list[SeatView] = []
    rng = random.Random(seed)
    policy = HeuristicPolicy()
    game_seed = seed
    while len(found) < count:
        game = Game.new(Rules.preset("classic"), seed=game_seed)
        game_seed += 1
        stop_at = rng.randrange(4, 30)  # cards played before the decision
        played = 0
        while not game.is_over and game.to_act is not None:
            view = game.view(game.to_act)
            plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
            if game.phase is Phase.PLAY and played >= stop_at and len(plays) > 1:
                found.append(view)
                break
            game.apply(policy.decide(view, rng))
            played += game.phase is Phase.PLAY
    return found


def search_once(view: SeatView, seed: int, budget: float) -> tuple[int, float]:
    """One decision's search: the deals sampled within ``budget`` and the seconds taken."""
    policy = SearchPolicy(deals=1_000_000_000, time_budget=budget)
    plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
    start = time.perf_counter()
    policy.evaluate(view, plays, random.Random(seed))
    return policy.searched, time.perf_counter() - start


def measure(
    pool: Executor, mode: str, workers: int, at_once: int, views: Sequence[SeatView], budget: float
) -> SearchRun:
    deals: list[int] = []
    latencies: list[float] = []
    for start in range(0, len(views), at_once):
        batch = views[start : start + at_once]
        handed = time.perf_counter()
        futures = [pool.submit(search_once, v, start + i, budget) for i, v in enumerate(batch)]
        for future in futures:
            searched, _ = future.result()
            deals.append(searched)
            latencies.append(time.perf_counter() - handed)
    return SearchRun(
        mode,
        workers,
        at_once,
        len(deals),
        statistics.fmean(deals),
        statistics.fmean(latencies),
        max(latencies),
    )


def run_pool_bench(
    rounds: int, at_once: Sequence[int], workers: int, seed: int, budget: float = BUDGET
) -> list[SearchRun]:
    """``rounds`` rounds of each number of bots thinking at once, in threads and then in a
    pool of ``workers`` processes."""
    runs: list[SearchRun] = []
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=spawn) as processes:
        # Start every worker before measuring: a worker's start-up is not a decision's time.
        list(processes.map(search_once, positions(workers, seed), range(workers), [0.01] * workers))
        for bots in at_once:
            views = positions(rounds * bots, seed)
            with ThreadPoolExecutor(bots) as threads:
                runs.append(measure(threads, "threads", bots, bots, views, budget))
            runs.append(measure(processes, "processes", workers, bots, views, budget))
    return runs


def format_pool_bench(runs: Sequence[SearchRun], budget: float = BUDGET) -> str:
    lines = [
        f"hard bot search, {budget:g} s budget per decision, mid-hand card plays",
        f"{'bots at once':>12}  {'mode':<9} {'workers':>7}  {'deals/decision':>14}"
        f"  {'latency mean':>12}  {'max':>7}",
    ]
    for run in runs:
        lines.append(
            f"{run.at_once:>12}  {run.mode:<9} {run.workers:>7}  {run.deals_per_decision:>14.0f}"
            f"  {run.latency_mean:>11.2f}s  {run.latency_max:>6.2f}s"
        )
    return "\n".join(lines)
