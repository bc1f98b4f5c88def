"""A table's seats' views: the latest one made is kept while the game stays at that moment,
and is given again only for its own seat (a snapshot, reading no private field, takes any)."""

from __future__ import annotations

from bot.engine import Game, Rules
from bot.tables.seen import SeatViews

RULES = Rules.preset("classic")


def test_a_seats_view_is_made_once_a_moment_and_never_given_to_another_seat() -> None:
    game = Game.new(RULES, seed=7)
    views = SeatViews()
    first = views.view(game, 1)
    assert views.view(game, 1) is first  # kept: the same moment, the same seat
    assert first == game.view(1)
    # Another seat gets its own view: its own cards, never seat 1's.
    other = views.view(game, 2)
    assert other.seat == 2 and other == game.view(2) and other.hand != first.hand
    # A snapshot's view may be any seat's: the one kept.
    assert views.public(game) is other


def test_the_kept_view_is_forgotten_once_the_game_moves_on() -> None:
    game = Game.new(RULES, seed=7)
    views = SeatViews()
    seat = game.to_act
    assert seat is not None
    before = views.view(game, seat)
    game.apply(before.legal_actions[0])
    after = views.view(game, seat)
    assert after is not before and after == game.view(seat)
    assert after.to_act != before.to_act
    assert views.public(game) == game.view(seat)
    # Another game at the same moment (a rematch's, a restored one) has its own views.
    again = Game.new(RULES, seed=8)
    opener = again.to_act
    assert opener is not None
    again.apply(again.view(opener).legal_actions[0])
    assert len(again.history) == len(game.history)
    theirs = views.view(again, seat)
    assert theirs == again.view(seat) and theirs.hand != after.hand
