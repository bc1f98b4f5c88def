"""How many deals the ``hard`` bot's search gets through in one card decision.

Positions come from seeded random games (the seat to act in the play phase, with a choice
of cards); for each, the search evaluates its plays on a fixed number of sampled deals with
no time budget, and the time per deal gives the deals that fit in ``budget`` seconds.
Timing a fixed number of deals, rather than counting deals until a budget runs out, keeps
the measurement apart from the search's own stopping rule.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from bot.ai.search import SearchPolicy
from bot.engine import COMPILED, Game, Phase, PlayCard, Rules, SeatView


@dataclass(frozen=True, slots=True)
class SearchBench:
    """Seconds per sampled deal at each position, and the budget they are read against."""

    budget: float
    deals: int
    seconds_per_deal: tuple[float, ...]
    compiled: bool = COMPILED

    @property
    def deals_per_decision(self) -> float:
        """Deals that fit in the budget at the median position."""
        return self.budget / statistics.median(self.seconds_per_deal)


def decision_views(positions: int, seed: int) -> list[SeatView]:
    """Views of seats that must choose between cards, from random games of default rules."""
    rng = random.Random(seed)
    views: list[SeatView] = []
    game_seed = seed
    while len(views) < positions:
        game = Game.new(Rules(), seed=game_seed)
        game_seed += 1
        while not game.is_over and len(views) < positions:
            legal = game.legal_actions()
            seat = game.to_act
            plays = sum(isinstance(action, PlayCard) for action in legal)
            if game.phase is Phase.PLAY and seat is not None and plays > 1 and rng.random() < 0.15:
                views.append(game.view(seat))
            game.apply(rng.choice(legal))
    return views


def run_search_bench(positions: int, deals: int, budget: float, seed: int) -> SearchBench:
    policy = SearchPolicy(deals=deals, time_budget=None)
    per_deal = []
    for index, view in enumerate(decision_views(positions, seed)):
        plays = [action for action in view.legal_actions if isinstance(action, PlayCard)]
        start = time.perf_counter()
        policy.evaluate(view, plays, random.Random(seed + index))
        per_deal.append((time.perf_counter() - start) / deals)
    return SearchBench(budget, deals, tuple(per_deal))


def format_search_bench(result: SearchBench) -> str:
    mode = "compiled with mypyc" if result.compiled else "pure Python"
    per_deal = sorted(result.seconds_per_deal)
    return "\n".join(
        [
            f"our engine's hot path: {mode}",
            f"{len(per_deal)} card decisions, {result.deals} deals each: "
            f"{statistics.median(per_deal) * 1e3:.2f} ms a deal (median; "
            f"{per_deal[0] * 1e3:.2f}-{per_deal[-1] * 1e3:.2f})",
            f"deals per decision in a {result.budget:g} s budget: {result.deals_per_decision:,.0f}",
        ]
    )
