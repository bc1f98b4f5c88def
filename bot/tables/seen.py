"""The latest seat's view of a table's game, kept for the rest of that moment of the game.

A change of a table is read several times: its next bot decides from its seat's view, the
member's hand is drawn from theirs, and the table message, a moment later, from the public
part of any seat's. Drawing a ``SeatView`` costs about as much as writing the text it
becomes (some 50 µs, most of it copying the game's state), and a table message drawn from a
view of its own made two or three more a click. ``SeatViews`` keeps the latest view made
until the game moves on (its number of actions: the engine's own caches go by it); a seat's
view is given only for that seat, never another's, and only a snapshot, which copies
nothing private, reads whichever seat's it is. One view a table, not one a seat: views kept
longer are more objects for every full collection of the garbage collector to walk.
"""

from __future__ import annotations

from bot.engine import Game, SeatView


class SeatViews:
    """The latest view made of one table's game, while the game is at that moment."""

    __slots__ = ("_game", "_step", "_view")

    def __init__(self) -> None:
        self._game: Game | None = None
        self._step = -1
        self._view: SeatView | None = None

    def view(self, game: Game, seat: int) -> SeatView:
        """What ``seat`` may see of ``game`` now (``Game.view``): show it to that seat only."""
        kept = self._kept(game)
        if kept is not None and kept.seat == seat:
            return kept
        view = game.view(seat)
        self._game, self._step, self._view = game, len(game.history), view
        return view

    def public(self, game: Game) -> SeatView:
        """Some seat's view of ``game`` now, for its public fields alone (a snapshot's): the
        one kept when there is one."""
        kept = self._kept(game)
        return kept if kept is not None else self.view(game, 0)

    def _kept(self, game: Game) -> SeatView | None:
        if self._game is not game or self._step != len(game.history):
            return None
        return self._view
