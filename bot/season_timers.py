"""Seasons that end by themselves: one timer per running season with an end time, armed when
the season starts and again from the database at every start-up, like a table's turn timer.

A season belongs to its guild's shard: only the process that holds the shard (``owns``)
arms its timer or posts its end. Ending is stored first (``Seasons.end``, which only one
path can win), then the listeners (the season cog, which posts the final standings) are
told, then the post is marked done; a post that fails is tried again with backoff (up to
hourly), and one lost to a restart in between is made at the next start-up. The timers run
as the tables' background tasks on the tables' clock, so a test moves a ``ManualClock`` and
``TableManager.settle`` waits for the end to be posted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.storage.records import StorageFailed
from bot.storage.seasons import Season, Seasons
from bot.tables import Clock
from bot.tables.context import Tasks

log = logging.getLogger(__name__)

Listener = Callable[[Season], Awaitable[None]]

# Seconds between tries when the database cannot store a season's end, at first and at most.
RETRY_FIRST = 1.0
RETRY_LONGEST = 300.0
# Seconds before a season's end post that failed (Discord down, the channel gone, the bot's
# permissions taken) is tried again, at first and at most: an hour apart costs nothing.
POST_RETRY_FIRST = 60.0
POST_RETRY_LONGEST = 3600.0


class SeasonTimers:
    """Ends seasons when their time comes and tells the listeners of every end."""

    def __init__(
        self,
        seasons: Seasons,
        clock: Clock,
        tasks: Tasks,
        owns: Callable[[int | None], bool],
    ) -> None:
        self.seasons = seasons
        self.clock = clock
        self._tasks = tasks
        self._owns = owns
        self._listeners: list[Listener] = []
        self._armed: dict[int, asyncio.Task[None]] = {}

    def on_end(self, listener: Listener) -> None:
        """Tell ``listener`` of every season this process ends (it posts the standings)."""
        self._listeners.append(listener)

    def now(self) -> int:
        return int(self.clock.now())

    async def restore(self) -> None:
        """After a start-up: re-arm the timers of this process's running seasons and post
        the final standings of those that ended without them."""
        for season in await self.seasons.pending():
            if not self._owns(season.guild_id):
                continue
            if season.running:
                self.arm(season)
            else:
                self._tasks.spawn(self._announce(season))

    def arm(self, season: Season) -> None:
        """End ``season`` at its end time (at once if that has passed)."""
        if season.ends_at is None or not season.running:
            return
        self.disarm(season.season_id)
        self._armed[season.season_id] = self._tasks.spawn(self._wait(season, season.ends_at))

    def disarm(self, season_id: int) -> None:
        task = self._armed.pop(season_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def armed(self, season_id: int) -> bool:
        return season_id in self._armed

    async def end(self, season: Season) -> Season | None:
        """End ``season`` now (a moderator's ``/season end`` or its timer) and post its
        standings; ``None`` when it had ended already. ``StorageFailed`` when the end could
        not be stored: nothing changed."""
        self.disarm(season.season_id)
        ended = await self.seasons.end(season.season_id, self.now())
        if ended is not None:
            await self._announce(ended)
        return ended

    async def _announce_later(self, season: Season, pause: float) -> None:
        async with self._tasks.parked():
            await self.clock.sleep_until(self.clock.now() + pause)
        await self._announce(season, min(2 * pause, POST_RETRY_LONGEST))

    async def _wait(self, season: Season, deadline: int) -> None:
        async with self._tasks.parked():
            await self.clock.sleep_until(deadline)
        pause = RETRY_FIRST
        while True:
            try:
                await self.end(season)
                return
            except StorageFailed as error:
                log.warning("Could not end season %d, trying again: %s", season.season_id, error)
            async with self._tasks.parked():
                await self.clock.sleep_until(self.clock.now() + pause)
            pause = min(2 * pause, RETRY_LONGEST)

    async def _announce(self, season: Season, pause: float = POST_RETRY_FIRST) -> None:
        for listener in self._listeners:
            try:
                await listener(season)
            except Exception:
                # Left unmarked: tried again later, and by the next start-up.
                log.exception(
                    "Could not post the end of season %d; again in %.0f s", season.season_id, pause
                )
                self._tasks.spawn(self._announce_later(season, pause))
                return
        if self._listeners:
            try:
                await self.seasons.announced(season.season_id)
            except StorageFailed:
                log.warning("Could not note that season %d was posted", season.season_id)
