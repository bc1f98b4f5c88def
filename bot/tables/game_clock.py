"""The clock of a game played for a time (house rule ``play_to time``, 000:88, 002:72).

While such a game is in play, one task waits on the table's clock for its stored deadline,
then hands the table the plan that calls time (``bot.tables.plans.timed.call_time``), stored
and applied through the table's one path like any move. Restored after a restart, the table
arms it again from the stored deadline: a deadline passed while the bot was down calls time
at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from bot.tables.context import TableContext
from bot.tables.plans.timed import call_time
from bot.tables.states import Playing, State
from bot.tables.steps import Step


class Host(Protocol):
    """What the game's clock needs of its table: to read it, and its one path."""

    @property
    def state(self) -> State: ...

    async def background(self, plan: Callable[[], Step[None] | None]) -> None: ...


class GameClock:
    """The one task that calls time on its table's game, when the game has a deadline."""

    def __init__(self, host: Host, context: TableContext) -> None:
        self._host = host
        self._context = context
        self._task: asyncio.Task[None] | None = None
        self._game: int | None = None  # the table id of the game the task waits for

    def arm(self) -> None:
        """Wait for the deadline of the game in play, if it has one and time is not up;
        otherwise stop waiting. A game already waited for keeps its task."""
        state = self._host.state
        if (
            not isinstance(state, Playing)
            or state.ends_at is None
            or state.game.time_up
            or state.game.is_over
        ):
            self.stop()
            return
        if self._task is not None and self._game == state.table_id:
            return
        self.stop()
        self._game = state.table_id
        self._task = self._context.tasks.spawn(self._wait(state.table_id, state.ends_at))

    def stop(self) -> None:
        current = asyncio.current_task()
        if self._task is not None and self._task is not current:
            self._task.cancel()
        self._task = None
        self._game = None

    async def _wait(self, table_id: int, deadline: float) -> None:
        context, host = self._context, self._host
        async with context.tasks.parked():
            await context.clock.sleep_until(deadline)
        if self._task is asyncio.current_task():
            # Done waiting: a later arm() for this game waits again (a deadline passed).
            self._task = None
            self._game = None
        await host.background(lambda: call_time(host.state, table_id))
