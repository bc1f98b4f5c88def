"""The Discord client: opens storage, builds the table manager, loads the cogs, syncs commands."""

from __future__ import annotations

import contextlib
import gc
import logging
import multiprocessing
from collections.abc import Awaitable, Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any, Literal

import aiohttp
import discord
from discord.ext import commands

from bot import urgency
from bot.collector import Collector
from bot.collector import Pace as CollectorPace
from bot.config import DISCORD_GLOBAL_RATE, Settings, shard_of
from bot.health import Heartbeat
from bot.relay import ClickRelay, RelayTimings
from bot.season_timers import SeasonTimers
from bot.storage.db import StorageUnavailable
from bot.storage.records import TableStore
from bot.storage.store import Storage
from bot.tables import Clock, TableManager, TableSettings
from bot.translator import CatalogTranslator

log = logging.getLogger(__name__)

# Seconds between edits of one message: Discord allows about five edits per five seconds
# per channel, and a table message and its notices share the channel.
EDIT_INTERVAL = 1.2
# The garbage collector's thresholds once a bot has started (``freeze_startup``), when the
# loop paces its collections (``bot.collector``): the young generation every 0.1 s, the
# middle one every 300 young collections, a full one every tenth middle one; the young
# threshold only a backstop. (Before, the young generation was collected after 20,000 new
# objects: at 1,000 tables every 3 s, 70 CPU ms each, as a turn's objects lived longer.)
STARTED_GC_THRESHOLDS = CollectorPace().thresholds
# Seconds an edit waits for more changes to join it (several changes, one edit).
EDIT_DELAY = 0.25
# Requests a second the bot allows itself of those Discord's global limit (50/s) counts,
# unless its settings say otherwise (``DISCORD_GLOBAL_RATE``); answers to interactions are
# not among them and never wait.
REQUEST_RATE = DISCORD_GLOBAL_RATE
# The cogs, loaded by name: each wires its own commands, views, presenter and error
# handling in its ``setup``, so the bot itself never imports them.
EXTENSIONS = (
    "cogs.spades",
    "cogs.houserules",
    "cogs.leaderboard",
    "cogs.season",
    "cogs.tournament",
)


class CannotStart(Exception):
    """The bot cannot start as configured; the message says what to fix."""


class SpadesBot(commands.AutoShardedBot):
    """The bot, holding every shard Discord asks for, or with ``SHARD_COUNT`` the shards
    ``SHARD_IDS`` names (other processes hold the rest); it restores and runs the tables of
    the guilds on its shards only. Everything it needs comes in through the constructor, so
    tests can run the real thing against the fake Discord server with a temporary database
    or an in-memory store, no bot delay and a manual clock.

    Storage: ``storage`` when given (its owner closes it), else ``store`` alone (no house
    rules or stats), else the database ``settings.database`` names (the SQLite file, or
    PostgreSQL when ``DATABASE_URL`` is set), opened at start-up and closed with the bot.

    ``freeze_startup`` (for a process that runs one bot) moves what start-up built out of the
    garbage collector's sight once the tables are restored: modules, discord.py's state and
    the cogs live as long as the process, and walking them in every full collection was the
    longest pause a click could meet; from then on the loop paces the collector (``Collector``,
    ``STARTED_GC_THRESHOLDS``). ``heartbeat`` (for the same process) is the file it
    touches while connected, for ``python -m bot health``. ``card_emojis`` overrides the
    setting of that name (tests keep to text unless they test the pictures).
    ``relay_timings``: the waits of the DM click relay between processes (tests shorten them)."""

    def __init__(
        self,
        settings: Settings,
        store: TableStore | None = None,
        *,
        storage: Storage | None = None,
        table_settings: TableSettings | None = None,
        clock: Clock | None = None,
        edit_interval: float = EDIT_INTERVAL,
        edit_delay: float = EDIT_DELAY,
        request_rate: float | Literal["settings"] | None = "settings",
        seeds: Iterator[int] | None = None,
        extensions: Sequence[str] | None = None,
        freeze_startup: bool = False,
        heartbeat: Path | None = None,
        card_emojis: bool | None = None,
        search_executor: Executor | None = None,
        relay_timings: RelayTimings | None = None,
        **options: Any,
    ) -> None:
        held = settings.shards
        if held is not None:
            options.setdefault("shard_count", settings.shard_count)
            options.setdefault("shard_ids", list(held))
        # Nobody is pinged unless a message names them itself (a turn mention pings its
        # member): a display name such as "@everyone" or "<@&role>" written in a message
        # must never ping what it looks like.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        # No privileged intents: interactions carry the member who acted, and the bot never
        # reads message content. Nor any message event: every message the bot posts or edits
        # would come back over the gateway, to be parsed for nothing.
        intents = discord.Intents.default()
        intents.guild_messages = intents.dm_messages = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            **options,
        )
        # The gateway's socket is read ahead of everything else on an UrgentFirstLoop.
        self.http.ws_connect = urgency.reads_first(self.http.ws_connect)  # type: ignore[method-assign,assignment]
        self.settings = settings
        self.storage: Storage | None = storage
        self.store = store
        self.table_settings = table_settings or TableSettings()
        self.clock = clock
        # Deals come from fresh random seeds unless given (tests replay the same games).
        self.seeds = seeds
        self.edit_interval = edit_interval
        self.edit_delay = edit_delay
        # None: no budget (tests). Discord's global limit is the application's, shared by
        # every process: each takes the share of it that its shards are of the whole.
        if request_rate == "settings":
            request_rate = settings.discord_global_rate
        count = settings.shard_count
        if request_rate is not None and held is not None and count:
            request_rate *= len(held) / count
        self.request_rate = request_rate
        # Cards as the application's emojis (``CARD_EMOJIS``), unless told here.
        self.card_emojis = settings.card_emojis if card_emojis is None else card_emojis
        self.extension_names = list(EXTENSIONS if extensions is None else extensions)
        self._manager: TableManager | None = None
        # Seasons that end by themselves (built with storage, in setup_hook).
        self.season_timers: SeasonTimers | None = None
        # Called in order once the tables are restored: cogs whose state stands on tables
        # (the tournaments) add their own restore here when they load.
        self.after_restore: list[Callable[[], Awaitable[None]]] = []
        # Awaited before the tables are restored, so that what they draw first is drawn
        # with what a cog was still setting up (the card emojis).
        self.before_restore: list[Callable[[], Awaitable[None]]] = []
        self._owned_storage: Storage | None = None
        self.freeze_startup = freeze_startup
        # Paces the garbage collector once start-up is frozen (``freeze_startup``).
        self.collector = Collector()
        self.heartbeat = (
            None if heartbeat is None else Heartbeat(self, heartbeat, trouble=self.trouble)
        )
        self.search_executor = search_executor
        # Several processes share the shards: DM clicks, which all come to shard 0, are
        # forwarded to the process running their table through the database.
        self.relay: ClickRelay | None = None
        if held is not None and count is not None and len(held) < count:
            assert settings.database_url is not None  # the settings refuse SQLite here
            self.relay = ClickRelay(
                settings.database_url.get_secret_value(),
                relay_timings,
                on_change=self._relay_changed,
            )

    @property
    def tables(self) -> TableManager:
        """The table manager (built when the bot starts)."""
        if self._manager is None:
            raise RuntimeError("the table manager is built in setup_hook")
        return self._manager

    async def connect(self, *, reconnect: bool = True) -> None:
        """Connect to the gateway; what it reads (interactions above all) comes first on an
        ``UrgentFirstLoop``: this task is marked, so the shards' tasks, and every task
        discord.py makes for an event, inherit the mark (bot/urgency.py). The gateway's
        socket itself is named by the ``ws_connect`` wrapped in ``__init__``."""
        urgency.mark()
        await super().connect(reconnect=reconnect)

    async def setup_hook(self) -> None:
        if self.heartbeat is not None:
            self.heartbeat.start()
        store = await self._open_store()
        seeds = self.seeds
        self._manager = TableManager(
            store,
            settings=self.table_settings,
            clock=self.clock,
            seeds=None if seeds is None else lambda: next(seeds),
            owns=self.owns_guild,
            search_executor=self.search_executor,
        )
        # Before the cogs add their commands and before they are synced: every name and
        # description goes to Discord with its translations.
        await self.tree.set_translator(CatalogTranslator())
        if self.storage is not None:
            # On the tables' clock and tasks: timers that tests move and settle alike.
            self.season_timers = SeasonTimers(
                self.storage.seasons,
                self._manager.clock,
                self._manager.context.tasks,
                self.owns_guild,
            )
        for name in self.extension_names:
            try:
                await self.load_extension(name)
            except commands.ExtensionError:
                # One broken cog must not take the others down with it.
                log.exception("Could not load extension %s", name)
        if self.relay is not None:
            from asyncpg import PostgresError

            try:
                await self.relay.start()
            except (OSError, PostgresError) as error:
                raise CannotStart(f"Could not listen for forwarded clicks: {error}") from None
        for hook in self.before_restore:
            await hook()
        restored = await self._manager.restore()
        if restored:
            log.info("Restored %d unfinished tables", len(restored))
        if self.season_timers is not None:
            await self.season_timers.restore()
        # What stands on the tables (tournaments) restores once they are back.
        for hook in self.after_restore:
            await hook()
        await self.sync_commands()
        if self.freeze_startup:
            gc.collect()
            gc.freeze()
            self.collector.start()

    def trouble(self) -> str | None:
        """What is down besides the gateway, for the health check; ``None``: nothing."""
        return None if self.relay is None else self.relay.trouble

    def _relay_changed(self) -> None:
        # The health check hears of a lost relay at once, not at the next beat.
        if self.heartbeat is not None:
            self.heartbeat.beat()

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process holds the shard of ``guild_id`` (``None``: no guild, which
        Discord sends on shard 0). Before Discord said how many shards there are, and when
        this process holds them all, every guild is its own."""
        count, held = self.shard_count, self.shard_ids
        if count is None or held is None:
            return True
        return shard_of(guild_id, count) in held

    async def _open_store(self) -> TableStore:
        if self.storage is None and self.store is None:
            try:
                self.storage = self._owned_storage = await Storage.open(
                    self.settings.database, command_timeout=self.settings.database_timeout
                )
            except StorageUnavailable as error:
                raise CannotStart(str(error)) from None
        if self.store is None:
            assert self.storage is not None
            self.store = self.storage.tables
        return self.store

    async def close(self) -> None:
        await self.collector.stop()
        if self.heartbeat is not None:
            await self.heartbeat.aclose()
        # Tables are not finished here: they stay in the store and resume at the next start.
        if self.relay is not None:
            await self.relay.close()
        if self._manager is not None:
            await self._manager.aclose()
        # Unloads the cogs, whose presenter lets its last edits go out.
        await super().close()
        if self._owned_storage is not None:
            await self._owned_storage.close()
            self._owned_storage = None

    async def sync_commands(self) -> None:
        """Sync slash commands: to the test server at once when ``GUILD_ID`` is set (global
        commands can take an hour to appear), globally otherwise."""
        if self.settings.guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(self.settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("Synced %d commands", len(synced))


def run(settings: Settings) -> None:
    """Run the bot until it is stopped (Ctrl-C or SIGTERM). Raises ``CannotStart``, whose
    message is what to fix, for a bad level, storage that cannot be opened, a refused token
    or an unreachable Discord; storage is opened first, before Discord is contacted."""
    level = logging.getLevelNamesMapping().get(settings.log_level.upper())
    if level is None:
        raise CannotStart(f"LOG_LEVEL={settings.log_level} is not a logging level.")
    discord.utils.setup_logging(level=level, root=True)
    with contextlib.suppress(KeyboardInterrupt):
        urgency.run(serve(settings))


async def serve(settings: Settings) -> None:
    """Open storage, then run the bot on it until it is closed."""
    assert settings.discord_token is not None
    try:
        storage = await Storage.open(settings.database, command_timeout=settings.database_timeout)
    except StorageUnavailable as error:
        raise CannotStart(str(error)) from None
    pool = search_pool(settings.search_processes)
    try:
        bot = SpadesBot(
            settings,
            storage=storage,
            freeze_startup=True,
            heartbeat=settings.heartbeat_path,
            search_executor=pool,
        )
        async with bot:
            await bot.start(settings.discord_token.get_secret_value())
    except discord.LoginFailure:
        raise CannotStart(
            "Discord refused the token. Copy the bot token again from the Developer Portal\n"
            "(Bot > Reset Token) into DISCORD_TOKEN in .env."
        ) from None
    except aiohttp.ClientConnectionError as error:
        raise CannotStart(f"Could not reach Discord: {error}") from None
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        await storage.close()


def search_pool(workers: int) -> ProcessPoolExecutor | None:
    """The processes ``hard`` bots search in (``SEARCH_WORKERS``; 0: none, they search in
    threads of this process). Started fresh (``spawn``), not forked from a process that
    runs an event loop and database threads."""
    if workers == 0:
        return None
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
