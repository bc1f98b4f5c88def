"""The table manager: one table per channel, their presenters, clock, bots' executor and
the background tasks (turn timers, bot moves, idle closing), and restoring after a restart.

Typical use by an adapter::

    manager = TableManager(store, presenters=[presenter])
    await manager.restore()  # lobbies and unfinished games from the store, timers and bots resumed
    table = await manager.open(channel_id, Member(user.id, user.display_name), guild_id=g)
    await table.join(Member(other.id, other.display_name))
    await table.add_bot(user.id, "hard")
    await table.start(user.id, fill_with_bots=True)
    table = manager.table_by_id(click.table_id)  # a button after a restart
    await table.act(user.id, PlayCard(seat, card), seq=click.seq)

Every refusal is a ``TableError`` (or the engine's ``IllegalAction``) with a message for the
player. Tests pass a ``ManualClock`` and ``bot_delay=0`` and call ``settle()`` to wait until
bots have nothing left to do.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from bot.engine import Rules
from bot.storage.records import TableStore
from bot.tables.clock import Clock, SystemClock
from bot.tables.errors import NoTable, TableError, TableExists
from bot.tables.presenter import Presenter
from bot.tables.snapshot import TableStatus
from bot.tables.table import Member, Seat, Table

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How tables pace themselves. Durations are seconds."""

    bot_delay: float = 1.2  # a bot waits this long before its move shows, so people follow
    turn_timers: bool = True  # the rules' time_to_bid / time_to_play apply
    turn_warning: float = 15.0  # warn this long before a turn runs out (at most half of it)
    misses_before_away: int = 2  # timed-out turns in a row before a bot takes the seat
    idle_close: float | None = 30 * 60.0  # close a table nobody has acted on for this long


class TableManager:
    """Owns every open table; see the module docstring."""

    def __init__(
        self,
        store: TableStore,
        *,
        presenters: Iterable[Presenter] = (),
        settings: TableSettings | None = None,
        clock: Clock | None = None,
        executor: Executor | None = None,
    ) -> None:
        self.store = store
        self.presenters = list(presenters)
        self.settings = settings or TableSettings()
        self.clock: Clock = clock or SystemClock()
        self.executor = executor  # None: the event loop's default thread pool
        self._by_channel: dict[int, Table] = {}
        self._by_id: dict[int, Table] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._working = 0  # background tasks not waiting on the clock
        self._quiet = asyncio.Event()
        self._quiet.set()
        self._sweeper: asyncio.Task[None] | None = None

    # -- finding tables ----------------------------------------------------------------

    @property
    def tables(self) -> list[Table]:
        """Every table not closed: lobbies, games, and games over awaiting a rematch."""
        return list(self._by_channel.values())

    def find(self, channel_id: int) -> Table | None:
        return self._by_channel.get(channel_id)

    def table_in(self, channel_id: int) -> Table:
        table = self._by_channel.get(channel_id)
        if table is None:
            raise NoTable("There is no table in this channel: open one first.")
        return table

    def table_by_id(self, table_id: int) -> Table:
        """The started table with this store id (as button custom ids carry it)."""
        table = self._by_id.get(table_id)
        if table is None:
            raise NoTable("That game is no longer running.")
        return table

    # -- opening and restoring ---------------------------------------------------------

    async def open(
        self,
        channel_id: int,
        host: Member,
        *,
        guild_id: int | None = None,
        preset: str | None = None,
        sit: bool = True,
    ) -> Table:
        """A lobby in ``channel_id`` hosted by ``host`` (seated in seat 0 when ``sit``).

        Rules: the named ``preset``, else the server's house rules, else ``classic``; the
        table keeps its copy, so later changes to the server's rules do not reach it."""
        rules = await self._rules(guild_id, preset)
        existing = self._by_channel.get(channel_id)
        if existing is not None and existing.status is not TableStatus.OVER:
            raise TableExists(
                "This channel already has a table: join it, or ask the host to stop it."
            )
        table = Table(self, channel_id=channel_id, guild_id=guild_id, host_id=host.id, rules=rules)
        if sit:
            table.seats[0] = Seat(0, host.name, host.id)
        self._register(table)
        self._start_sweeper()
        async with table.lock:
            await table._lobby_changed()
        return table

    async def _rules(self, guild_id: int | None, preset: str | None) -> Rules:
        if preset is not None:
            try:
                return Rules.preset(preset)
            except ValueError as error:
                raise TableError(str(error)) from None
        if guild_id is not None:
            stored = await self.store.guild_rules(guild_id)
            if stored is not None:
                return stored
        return Rules.preset("classic")

    async def restore(self) -> list[Table]:
        """Rebuild every unfinished table and every lobby from the store, show it again,
        re-arm its timer and let its bots move. A game found over is finished; a table that
        cannot be replayed is logged and left in the store."""
        reopened: list[Table] = []
        for stored in sorted(await self.store.unfinished_tables(), key=lambda s: s.table_id):
            try:
                table = Table.from_stored(self, stored)
            except Exception:
                log.exception("Could not restore table %d", stored.table_id)
                continue
            if table.game is not None and table.game.is_over:
                await self.store.finish_table(stored.table_id, table.game, stopped=False)
                continue
            reopened.append(table)
        # A lobby opens only where the last game is over or closed, and dealing it removes
        # it in the game's own transaction: it is newer than any game stored in its channel.
        reopened += [Table.from_lobby(self, lobby) for lobby in await self.store.open_lobbies()]
        restored: list[Table] = []
        for table in reopened:
            older = self._by_channel.get(table.channel_id)
            if older is not None:
                # Two open tables in one channel (a close that could not be stored): the
                # newer one is the live one.
                async with older.lock:
                    await older._close("A newer table in this channel replaced it.")
                restored.remove(older)
            self._register(table)
            restored.append(table)
        self._start_sweeper()
        for table in restored:
            await table.resume()
        return restored

    # -- waiting and shutting down -----------------------------------------------------

    async def settle(self) -> None:
        """Return once no bot is thinking or moving and nothing is due but clock waits."""
        while True:
            await self._quiet.wait()
            await asyncio.sleep(0)
            if self._working == 0:
                return

    async def aclose(self) -> None:
        """Stop every background task. Tables are not closed: the store keeps them."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._sweeper = None

    # -- for tables --------------------------------------------------------------------

    def _register(self, table: Table) -> None:
        replaced = self._by_channel.get(table.channel_id)
        if replaced is not None and replaced is not table and replaced.table_id is not None:
            self._by_id.pop(replaced.table_id, None)
        self._by_channel[table.channel_id] = table
        if table.table_id is not None:
            self._by_id[table.table_id] = table

    def _unregister(self, table: Table) -> None:
        if self._by_channel.get(table.channel_id) is table:
            del self._by_channel[table.channel_id]
        if table.table_id is not None and self._by_id.get(table.table_id) is table:
            del self._by_id[table.table_id]

    async def _tell(self, call: Callable[[Presenter], Awaitable[None]]) -> None:
        for presenter in self.presenters:
            try:
                await call(presenter)
            except Exception:
                log.exception("Presenter %r failed", presenter)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
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
        """A background task waiting on the clock: ``settle`` does not wait for it."""
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

    def _start_sweeper(self) -> None:
        if self._sweeper is None and self.settings.idle_close is not None:
            self._sweeper = self._spawn(self._sweep(self.settings.idle_close))

    async def _sweep(self, idle: float) -> None:
        every = min(idle / 4, 60.0)
        while True:
            async with self.parked():
                await self.clock.sleep_until(self.clock.now() + every)
            for table in self.tables:
                await table.expire()
