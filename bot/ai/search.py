"""The ``hard`` bot: perfect-information Monte Carlo over deals consistent with its view.

For each card it may play, it deals the unseen cards many times in ways consistent with
what it knows (``knowledge.sample_deal``), plays the rest of the hand out quickly with
every seat following a rule of thumb (``playout.Playout``), scores the result with the
table's real scoring, and plays the card with the best average. Every card is tried on
the same deals, so the comparison is not blurred by the luck of the deal.
"""

from __future__ import annotations

import random
import time

from bot.ai.heuristic import HeuristicPolicy
from bot.ai.knowledge import knowledge_of, sample_deal
from bot.ai.playout import Playout, Position
from bot.engine import Action, Claim, Phase, PlayCard, SeatView
from bot.engine.deck import COPY_SHIFT

# Below this many seconds there is no time to search: play the heuristic's card.
_MIN_BUDGET = 0.005


def _physical(cards: list[int], taken: int = 0) -> int:
    """A physical mask of logical cards; a repeated card takes its second copy."""
    mask = 0
    for card in cards:
        bit = 1 << card
        mask |= bit << COPY_SHIFT if (mask | taken) & bit else bit
    return mask


class SearchPolicy:
    """Monte Carlo card play on sampled deals; the heuristic bids, passes and draws.

    ``deals`` caps the sampled deals per decision (so a decision is deterministic for a
    given ``rng``); ``time_budget`` caps the seconds, whichever comes first.
    """

    def __init__(self, deals: int = 60, time_budget: float | None = 0.5) -> None:
        self.deals = deals
        self.time_budget = time_budget
        self.fallback = HeuristicPolicy()

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
        if any(isinstance(a, Claim) for a in view.legal_actions):
            return next(a for a in view.legal_actions if isinstance(a, Claim))
        searchable = view.phase is Phase.PLAY and view.seat == view.to_act and len(plays) > 1
        if not searchable or (self.time_budget is not None and self.time_budget < _MIN_BUDGET):
            return self.fallback.decide(view, rng)
        values = self.evaluate(view, plays, rng)
        best = max(values.values())
        preferred = self.fallback.decide(view, rng)
        if preferred in values and values[preferred] >= best - 1e-9:
            return preferred
        return max(plays, key=lambda a: values[a])

    def evaluate(
        self, view: SeatView, plays: list[PlayCard], rng: random.Random
    ) -> dict[PlayCard, float]:
        """Average value of each play over sampled deals."""
        start = time.perf_counter()
        rules = view.rules
        playout = Playout(
            rules,
            [None if b is None else b.tricks for b in view.bids],
            [bool(b and b.blind) for b in view.bids],
        )
        knowledge = knowledge_of(view)
        assert view.hand is not None
        mine = [c.index for c in view.hand]
        trick = [(s, c.index) for s, c in view.trick]
        gone = 0
        for cards in view.played:
            for played in cards:
                gone |= 1 << played.index
        leader = view.trick[0][0] if view.trick else view.seat
        scores, bags = list(view.scores), list(view.bags)
        team = view.team
        totals = dict.fromkeys(plays, 0.0)
        for sample in range(self.deals):
            deal = sample_deal(knowledge, rng)
            hands = [_physical(cards) for cards in deal]
            hands[view.seat] = _physical(mine)
            base = Position(
                hands,
                trick,
                leader,
                view.trick_number - 1,
                view.spades_broken,
                list(view.tricks_taken),
                gone,
            )
            for action in plays:
                pos = base.copy()
                card = action.card.index
                if not pos.hands[view.seat] >> card & 1:
                    card += COPY_SHIFT
                playout.play(pos, view.seat, card)
                taken = playout.finish(pos)
                totals[action] += playout.value(taken, team, scores, bags)
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                return {a: v / (sample + 1) for a, v in totals.items()}
        return {a: v / self.deals for a, v in totals.items()}
