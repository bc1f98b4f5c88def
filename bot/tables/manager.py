"""The table manager: a registry of the open table in each channel, and restoring them.

Typical use by an adapter::

    manager = TableManager(store, presenters=[presenter])
    await manager.restore()  # lobbies and unfinished games from the store, timers and bots resumed
    table = await manager.open(channel_id, Member(user.id, user.display_name), guild_id=g)
    await table.join(Member(other.id, other.display_name))
    await table.add_bot(user.id, "hard")
    await table.start(user.id, fill_with_bots=True)
    table = manager.table_by_id(click.table_id)  # a button after a restart
    await table.act(user.id, PlayCard(seat, card), seq=click.seq)

Tables change themselves (``bot.tables.table``); the manager hears of their changes like any
presenter, which keeps its index by game id current and drops closed tables. Every refusal
is a ``TableError`` (or the engine's ``IllegalAction``) with a message for the player.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from bot.engine import Event, Rules
from bot.i18n import _
from bot.storage.records import TableStore
from bot.tables.clock import Clock, SystemClock
from bot.tables.context import Broadcast, TableContext, TableSettings, Tasks, fresh_seed
from bot.tables.errors import NoTable, TableError, TableExists
from bot.tables.presenter import Notice, Presenter, Shown
from bot.tables.states import Lobby, Member, Seat, TableStatus
from bot.tables.table import Table

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Unrestored:
    """A stored table or lobby that could not be opened again: left in the store, and why.
    ``key`` is the table's id, or the channel's id for a lobby."""

    kind: str
    key: int
    reason: str


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
        search_executor: Executor | None = None,
        seeds: Callable[[], int] | None = None,
        owns: Callable[[int | None], bool] | None = None,
    ) -> None:
        # Which guilds' tables this process restores and runs (``owns(guild_id)``): with
        # shards across processes, those on the shards it holds; by default every guild.
        self.owns = owns or _every_guild
        self.context = TableContext(
            store,
            settings or TableSettings(),
            clock or SystemClock(),
            executor,
            # The index hears first, so a new game's buttons find it as soon as they show.
            Broadcast([_Index(self), *presenters]),
            Tasks(),
            seeds or fresh_seed,
            search_executor=search_executor,
            disowned=self._disowned,
        )
        self._by_channel: dict[int, Table] = {}
        self._by_id: dict[int, Table] = {}
        self._sweeper = False
        self.unrestored: list[Unrestored] = []

    @property
    def store(self) -> TableStore:
        return self.context.store

    @property
    def settings(self) -> TableSettings:
        return self.context.settings

    @property
    def clock(self) -> Clock:
        return self.context.clock

    def add_presenter(self, presenter: Presenter) -> None:
        """Tell ``presenter`` of every table's changes from now on (an adapter adds its own
        before ``restore``)."""
        self.context.tell.add(presenter)

    def remove_presenter(self, presenter: Presenter) -> None:
        self.context.tell.remove(presenter)

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
            raise NoTable(_("There is no table in this channel: open one first."))
        return table

    def table_by_id(self, table_id: int) -> Table:
        """The table playing the game with this store id (as button custom ids carry it)."""
        table = self._by_id.get(table_id)
        if table is None or table.table_id != table_id:
            raise NoTable(_("That game is no longer running."))
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
                _("This channel already has a table: join it, or ask the host to stop it.")
            )
        seats: list[Seat | None] = [None] * rules.players
        if sit:
            seats[0] = Seat(0, host.name, host.id)
        table = Table(
            self.context,
            channel_id=channel_id,
            guild_id=guild_id,
            rules=rules,
            state=Lobby(host.id, tuple(seats)),
        )
        if existing is not None:
            await existing.replaced()
        # Held before the lobby is stored, so a second /spades new here is refused meanwhile.
        self._by_channel[channel_id] = table
        try:
            await table.opened()
        except BaseException:
            if self._by_channel.get(channel_id) is table:
                del self._by_channel[channel_id]
            raise
        self._start_sweeper()
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
        """Rebuild every unfinished table and every lobby of the guilds this process owns
        (``owns``) from the store, show it again, re-arm its timer and let its bots move. A
        table that cannot be replayed is logged with its id, kept in ``unrestored`` and left
        in the store; the others open."""
        reopened: list[Table] = []
        tables = await self.store.open_tables()
        lobbies = await self.store.open_lobbies()
        for unreadable in tables.broken:
            self._unrestored("table", unreadable.key, unreadable.reason)
        for unreadable in lobbies.broken:
            self._unrestored("lobby", unreadable.key, unreadable.reason)
        mine = [stored for stored in tables if self.owns(stored.guild_id)]
        for stored in mine:
            try:
                reopened.append(Table.restored(self.context, stored))
            except Exception as error:
                log.debug("Replaying table %d failed", stored.table_id, exc_info=True)
                self._unrestored("table", stored.table_id, f"its actions do not replay: {error}")
        # A lobby opens only where the last game is over or closed, and dealing it removes
        # it in the game's own transaction: it is newer than any game stored in its channel.
        reopened += [
            Table.restored_lobby(self.context, lobby)
            for lobby in lobbies
            if self.owns(lobby.guild_id)
        ]
        restored: list[Table] = []
        for table in reopened:
            older = self._by_channel.get(table.channel_id)
            if older is not None:
                # Two open tables in one channel (a close that could not be stored): the
                # newer one is the live one.
                try:
                    await older.replaced()
                except TableError:
                    log.exception("Could not close table %s, replaced by a newer one", older)
                restored.remove(older)
            self._by_channel[table.channel_id] = table
            if table.table_id is not None:
                self._by_id[table.table_id] = table
            restored.append(table)
        self._start_sweeper()
        for table in restored:
            await table.resume()
        return restored

    def _disowned(self, shown: Shown) -> None:
        """Another process stored a step of this table: it owns the table now (its guild's
        shard moved there). The table leaves this registry; its old buttons here say the
        game is no longer running."""
        table = self._by_channel.get(shown.channel_id)
        if table is not shown:
            return
        del self._by_channel[table.channel_id]
        for table_id in [i for i, t in self._by_id.items() if t is table]:
            del self._by_id[table_id]
        log.warning(
            "Table %s in channel %d is run by another process now; this one lets it go",
            table.table_id,
            table.channel_id,
        )

    def _unrestored(self, kind: str, key: int, reason: str) -> None:
        log.error("Could not restore the %s %d, left in the store as it is: %s", kind, key, reason)
        self.unrestored.append(Unrestored(kind, key, reason))

    # -- waiting and shutting down -----------------------------------------------------

    async def settle(self) -> None:
        """Return once no bot is thinking or moving and nothing is due but clock waits."""
        await self.context.tasks.settle()

    async def aclose(self) -> None:
        """Stop every background task. Tables are not closed: the store keeps them."""
        await self.context.tasks.aclose()
        self._sweeper = False

    # -- the index, kept by what tables tell ---------------------------------------------

    def _heard(self, shown: Shown) -> None:
        table = self._by_channel.get(shown.channel_id)
        if table is not shown:
            return
        current = None if table.status is TableStatus.CLOSED else table.table_id
        if current is None and table.status is TableStatus.CLOSED:
            del self._by_channel[table.channel_id]
        if current is not None and self._by_id.get(current) is not table:
            # A new game here (a deal or a rematch): the last game's id no longer leads here.
            for table_id in [i for i, t in self._by_id.items() if t is table]:
                del self._by_id[table_id]
            self._by_id[current] = table
        elif current is None:
            for table_id in [i for i, t in self._by_id.items() if t is table]:
                del self._by_id[table_id]

    def _start_sweeper(self) -> None:
        idle = self.settings.idle_close
        if not self._sweeper and idle is not None:
            self._sweeper = True
            self.context.tasks.spawn(self._sweep(idle))

    async def _sweep(self, idle: float) -> None:
        every = min(idle / 4, 60.0)
        tasks, clock = self.context.tasks, self.clock
        while True:
            async with tasks.parked():
                await clock.sleep_until(clock.now() + every)
            for table in self.tables:
                await table.expire()


def _every_guild(guild_id: int | None) -> bool:
    return True


class _Index:
    """The manager's ear on every table: the first presenter told of each change."""

    def __init__(self, manager: TableManager) -> None:
        self._manager = manager

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        self._manager._heard(table)

    async def hand_changed(self, table: Shown, seat: int) -> None:
        return None

    async def notice(self, table: Shown, notice: Notice) -> None:
        self._manager._heard(table)
