"""What a table needs from the world, handed in as one object: storage, clock, settings,
the bots' executor, whom to tell, background tasks, and where fresh deals come from.

A table never reaches into the manager: the manager builds one ``TableContext`` and every
table it opens or restores gets it. Tests pass a clock they move by hand, ``bot_delay=0`` and
a recording presenter, and call ``tasks.settle()`` to wait until bots have nothing left to do.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event
from bot.storage.records import TableStore
from bot.tables.clock import Clock, SystemClock
from bot.tables.presenter import Notice, Presenter, Shown
from bot.urgency import background

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How tables pace themselves. Durations are seconds."""

    bot_delay: float = 1.2  # a bot waits this long before its move shows, so people follow
    turn_timers: bool = True  # the rules' time_to_bid / time_to_play apply
    turn_warning: float = 15.0  # warn this long before a turn runs out (at most half of it)
    misses_before_away: int = 2  # timed-out turns in a row before a bot takes the seat
    idle_close: float | None = 30 * 60.0  # close a table nobody has acted on for this long
    # A store that fails: a member's change is refused (they may try again), while a bot's
    # move, a timer's takeover or a game's result waits, retried with backoff from the
    # first delay up to the longest, until the store works again.
    retry_first: float = 0.25
    retry_longest: float = 30.0
    sub_answer_time: float = 5 * 60.0  # a member asked to take a seat has this long to accept


class Tasks:
    """The tables' background tasks (bots thinking, turn timers, retries, idle closing).

    ``settle`` returns once none of them has work to do but wait on the clock, which is how
    tests let bots play out without sleeping."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()
        self._working = 0  # tasks not waiting on the clock
        self._quiet = asyncio.Event()
        self._quiet.set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = background(work)
        self._tasks.add(task)
        self._count(+1)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        self._count(-1)
        if not task.cancelled() and task.exception() is not None:
            log.error("Table task failed", exc_info=task.exception())

    @asynccontextmanager
    async def parked(self) -> AsyncIterator[None]:
        """A task waiting on the clock: ``settle`` does not wait for it."""
        self._count(-1)
        try:
            yield
        finally:
            self._count(+1)

    def _count(self, delta: int) -> None:
        self._working += delta
        if self._working:
            self._quiet.clear()
        else:
            self._quiet.set()

    async def settle(self) -> None:
        """Return once no task is working and nothing is due but clock waits."""
        while True:
            await self._quiet.wait()
            await asyncio.sleep(0)
            if self._working == 0:
                return

    async def aclose(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class Broadcast:
    """Tells every presenter, in order; a presenter's failure is logged and never reaches
    the table or the member who acted."""

    def __init__(self, presenters: Iterable[Presenter] = ()) -> None:
        self.presenters = list(presenters)

    def add(self, presenter: Presenter) -> None:
        self.presenters.append(presenter)

    def remove(self, presenter: Presenter) -> None:
        if presenter in self.presenters:
            self.presenters.remove(presenter)

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        await self._each(table, lambda p: p.table_changed(table, events))

    async def hand_changed(self, table: Shown, seat: int) -> None:
        await self._each(table, lambda p: p.hand_changed(table, seat))

    async def notice(self, table: Shown, notice: Notice) -> None:
        await self._each(table, lambda p: p.notice(table, notice))

    async def _each(self, table: Shown, call: Callable[[Presenter], Awaitable[None]]) -> None:
        for presenter in self.presenters:
            try:
                await call(presenter)
            except Exception:
                log.exception("Presenter %r failed on table %s", presenter, table.table_id)


def _keep(table: Shown) -> None:
    return None


def fresh_seed() -> int:
    """A deal's seed from the system's random source (players asked for fair deals)."""
    return random.SystemRandom().randrange(2**62)


@dataclass(slots=True)
class TableContext:
    """Everything a table uses that is not its own state."""

    store: TableStore
    settings: TableSettings = field(default_factory=TableSettings)
    clock: Clock = field(default_factory=SystemClock)
    executor: Executor | None = None  # None: the event loop's default thread pool
    tell: Broadcast = field(default_factory=Broadcast)
    tasks: Tasks = field(default_factory=Tasks)
    seeds: Callable[[], int] = fresh_seed
    # Where ``hard`` bots search: a process pool, so that several thinking at once each
    # have a core; None: ``executor``, threads that share this interpreter.
    search_executor: Executor | None = None
    # Called with a table another process took over (its step was stored by another
    # writer): the manager drops it from its registry.
    disowned: Callable[[Shown], None] = _keep
