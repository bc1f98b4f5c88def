"""Whether a seat's claim of the rest is certain from its own view: bots claim only then.

Claims are offered whenever the rules allow one and judged against the real deal, so a
false claim costs the claimer's side (the rules' ``failed_claim``). A bot claims only when
its own cards take every remaining trick against every card it cannot see, wherever
those cards lie; that cannot fail whatever the real deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Action, Claim, Phase, SeatView
from bot.engine.claims import sure_run
from bot.engine.deck import COPY_SHIFT, deck_info
from bot.engine.tricks import TrickRules


def claim_is_certain(view: SeatView) -> bool:
    """Whether the seat may claim and, on lead, takes every remaining trick with its own
    cards alone: its top trumps draw every trump it cannot see, then each card it leads
    is above every unseen card of its suit."""
    if view.phase is not Phase.PLAY or view.to_act != view.seat or view.trick:
        return False
    if view.hand is None or Claim(view.seat) not in view.legal_actions:
        return False
    rules = view.rules
    unseen = [0] * COPY_SHIFT
    for physical in deck_info(rules.deck, rules.players, rules.deal_shape).cards:
        unseen[physical % COPY_SHIFT] += 1
    own = [0] * COPY_SHIFT
    for card in view.hand:
        own[card.index] += 1
    for cards in (view.hand, view.discarded, *view.played):
        for card in cards:
            unseen[card.index] -= 1
    return sure_run(
        TrickRules(rules),
        view.seat,
        _mask(own),
        _mask(unseen),
        view.trick_number - 1,
        view.spades_broken,
    )


def other_than_claims(actions: Sequence[Action]) -> list[Action]:
    """The actions that are not a claim: what a bot chooses among when its claim is not
    certain, and what a seat has to do besides claiming."""
    return [action for action in actions if not isinstance(action, Claim)]


def _mask(copies: list[int]) -> int:
    """A physical mask holding ``copies[c]`` copies of each logical card ``c``."""
    mask = 0
    for card, count in enumerate(copies):
        if count > 0:
            mask |= 1 << card
        if count > 1:
            mask |= 1 << (card + COPY_SHIFT)
    return mask
