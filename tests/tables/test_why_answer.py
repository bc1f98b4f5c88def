""" "Why?" at the table layer: the answer is public while the move's hand is in play and
full once it is over; what a member is told when there is nothing to tell."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai.heuristic import HeuristicPolicy
from bot.ai.levels import decide_why
from bot.ai.reasons import SEARCH, Reason
from bot.ai.search import SearchPolicy
from bot.engine import Game, PlayCard, Rules
from bot.tables.errors import SeatUnavailable, TableError, WatchRefused, WrongStage
from bot.tables.states import Seat, bot_seat
from bot.tables.why import why_answer

CLASSIC = Rules.preset("classic")
SEATS: list[Seat | None] = [Seat(0, "alice", 1), *(bot_seat(i, "hard") for i in (1, 2, 3))]
NAMES = [s.name if s else "" for s in SEATS]


def ask(
    game: Game | None,
    reasons: dict[int, Reason],
    *,
    seat: int | None = None,
    restored: bool = False,
    rules: Rules = CLASSIC,
    seated: bool = True,
) -> str:
    last = max(reasons, default=None)
    return why_answer(
        game,
        rules,
        SEATS,
        NAMES,
        reasons,
        asker_seated=seated,
        seat=seat,
        last_seat=last,
        restored=restored,
    )


def refusal(game: Game | None, **options: Any) -> tuple[type[TableError], str]:
    with pytest.raises(TableError) as refused:
        ask(game, {}, **options)
    return type(refused.value), str(refused.value)


def test_the_cards_a_search_weighed_are_named_only_once_the_hand_is_over() -> None:
    game = Game.new(CLASSIC, seed=11)
    hard, others = SearchPolicy(deals=12, bid_deals=12, time_budget=None), HeuristicPolicy()
    rng = random.Random(2)
    reason: Reason | None = None
    while game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        if seat == 1:
            action, why = decide_why(hard, game.view(seat), rng)
            alternatives = [w.action for w in why.weighed[1:]]
            if why.rule == SEARCH and any(isinstance(a, PlayCard) for a in alternatives):
                reason = why
                during = ask(game, {1: why})
                assert "Another card" in during
                assert not [
                    a for a in alternatives if isinstance(a, PlayCard) and str(a.card) in during
                ]
        else:
            action = others.decide(game.view(seat), rng)
        game.apply(action)
    assert reason is not None
    after = ask(game, {1: reason})
    assert "Another card" not in after
    assert all(
        str(a.card) in after
        for a in (w.action for w in reason.weighed[1:])
        if isinstance(a, PlayCard)
    )


def test_nothing_to_tell_is_said_plainly() -> None:
    game = Game.new(CLASSIC, seed=1)
    no_watching = CLASSIC.with_option("allow_watching", "no")
    assert refusal(None) == (WrongStage, "The game has not started yet: no bot has moved.")
    assert refusal(game) == (WrongStage, "No bot has moved yet this game.")
    assert refusal(game, restored=True) == (
        WrongStage,
        "I can't recall that move: I've restarted since it was made.",
    )
    assert refusal(game, seat=2) == (WrongStage, "The bot in seat 3 hasn't moved yet this game.")
    assert refusal(game, seat=0) == (
        WrongStage,
        "Seat 1 is played by alice, not a bot: ask them.",
    )
    assert refusal(game, seat=4) == (SeatUnavailable, "There is no seat 5 at this table.")
    assert refusal(game, rules=no_watching, seated=False) == (
        WatchRefused,
        "This table's rules don't allow watching, so only its players can ask why.",
    )
