"""DM clicks to the process that runs their table, through PostgreSQL ``LISTEN/NOTIFY``.

Discord sends interactions from DMs only to shard 0, but a table is run by the process
holding its guild's shard. The process that gets such a click and does not run its table
acknowledges it at once (Discord waits three seconds) and ``forward``s it: every process
listening hears it, and the one whose ``handler`` takes it (it runs the table) says so on
the taken channel and answers the member through the interaction's follow-up webhook
(application id and token, good for 15 minutes). When nobody takes it within
``TAKE_WITHIN`` seconds, ``forward`` returns ``False`` and the forwarder tells the member the
game is no longer running. No extra service: the database the processes share carries it.

The listening connection is watched: when it is lost (the server restarted or failed over,
or an operator ended it) or stops answering, the relay connects again with backoff and
listens again. Meanwhile ``forward`` raises ``RelayDown`` at once, so the member hears to try
again rather than that the game is gone, and ``trouble`` says so to the health check.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.urgency import background, reads_first

log = logging.getLogger(__name__)

CLICKS = "spades_dm_clicks"
TAKEN = "spades_dm_clicks_taken"
# Seconds a forwarder waits to hear that the owner took a click: long enough for a busy
# owner, short enough that a member whose table runs nowhere hears so quickly.
TAKE_WITHIN = 5.0
# Errors of a connection that is lost or does not answer.
_LOST = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)


@dataclass(frozen=True, slots=True)
class RelayTimings:
    """Seconds the relay waits. ``take_within``: for the owner to say it took a click.
    ``first_retry``, doubling up to ``longest_retry``: between tries to connect again once
    the connection is lost. ``check_every``: between checks that a quiet connection still
    answers (a failover can leave it open and dead), each allowed ``answer_within``, as is
    connecting."""

    take_within: float = TAKE_WITHIN
    first_retry: float = 0.5
    longest_retry: float = 30.0
    check_every: float = 15.0
    answer_within: float = 5.0


class RelayDown(Exception):
    """The relay has no connection to the database. ``sent``: the click went out before the
    connection was lost, so its owner may have acted on it; else nothing was sent."""

    def __init__(self, sent: bool) -> None:
        super().__init__("the relay's connection is down")
        self.sent = sent


@dataclass(frozen=True, slots=True)
class ForwardedClick:
    """A component click from a DM, as the owner needs it to act and to answer."""

    table_id: int
    seq: int
    code: str
    user_id: int
    application_id: int
    token: str  # the interaction's token: its follow-up webhook
    # The interaction's id (when it was made: its token lasts 15 minutes from then) and the
    # DM channel it came from; 0 when no interaction is forwarded (``/spades forgetme``).
    interaction_id: int = 0
    channel_id: int = 0

    def dumps(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def loads(cls, text: str) -> ForwardedClick:
        data = json.loads(text)
        return cls(
            int(data["table_id"]),
            int(data["seq"]),
            str(data["code"]),
            int(data["user_id"]),
            int(data["application_id"]),
            str(data["token"]),
            int(data.get("interaction_id", 0)),
            int(data.get("channel_id", 0)),
        )


Listening = asyncpg.Connection | PoolConnectionProxy
# Takes a forwarded click when this process runs its table (returns True, and answers it
# in the background), else returns False.
Handler = Callable[[ForwardedClick], Awaitable[bool]]


class ClickRelay:
    """One listening connection per process, kept up: ``handle`` sets who takes clicks,
    ``start`` listens, ``close`` stops when the bot closes. ``on_change`` is called when the
    connection is lost or back (the heartbeat reports it at once)."""

    def __init__(
        self,
        url: str,
        timings: RelayTimings | None = None,
        on_change: Callable[[], object] | None = None,
    ) -> None:
        self._url = url
        self.timings = timings or RelayTimings()
        self.on_change = on_change
        self._connection: asyncpg.Connection | None = None
        self._handler: Handler | None = None
        self._waiting: dict[str, asyncio.Future[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        # One connection runs one statement at a time: notifications take turns on it.
        self._sending = asyncio.Lock()
        self._lost = asyncio.Event()
        self._keeper: asyncio.Task[None] | None = None
        self._down_since: float | None = None

    def handle(self, handler: Handler) -> None:
        """Offer forwarded clicks to ``handler`` (the cog that runs tables sets it)."""
        self._handler = handler

    @property
    def up(self) -> bool:
        """Listening now: forwarded clicks are heard and can be sent."""
        return self._connection is not None

    @property
    def trouble(self) -> str | None:
        """Why the relay does not work now, for the health check; ``None`` while it does."""
        if self._down_since is None:
            return None
        since = time.strftime("%H:%M:%S UTC", time.gmtime(self._down_since))
        return (
            f"The relay of DM clicks lost its PostgreSQL connection at {since} and is "
            "connecting again: DM clicks for tables other processes run are refused meanwhile."
        )

    @property
    def server_pid(self) -> int | None:
        """The server's process of the listening connection (what ``pg_terminate_backend``
        takes); ``None`` while down."""
        return None if self._connection is None else self._connection.get_server_pid()

    async def start(self) -> None:
        """Listen, on a connection of its own (a pooled one may not keep listeners), and
        keep listening: a lost connection is replaced."""
        await self._connect()
        self._keeper = background(self._keep(), name="click relay")

    async def close(self) -> None:
        tasks = [*self._tasks, *([self._keeper] if self._keeper is not None else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._keeper = None
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):
                await connection.close()

    async def forward(self, click: ForwardedClick, take_within: float | None = None) -> bool:
        """Hand ``click`` to whichever process runs its table; ``False`` when none took it
        within ``take_within`` seconds (the timings' by default). ``RelayDown`` when the
        connection is down, or was lost before anyone said they took it."""
        connection = self._connection
        if connection is None:
            raise RelayDown(sent=False)
        taken = asyncio.get_running_loop().create_future()
        self._waiting[click.token] = taken
        try:
            try:
                await self._notify(connection, CLICKS, click.dumps())
            except _LOST as error:
                # It may have gone out before the connection failed.
                self._drop(connection, error)
                raise RelayDown(sent=True) from None
            await asyncio.wait_for(taken, take_within or self.timings.take_within)
        except TimeoutError:
            log.warning("No process took the DM click on table %d", click.table_id)
            return False
        finally:
            self._waiting.pop(click.token, None)
        return True

    async def _connect(self) -> None:
        # Its socket is read ahead of the bot's other work, and a click heard on it handled
        # marked (``bot.urgency``): a member waits for it, as for a click of their own.
        connection = await reads_first(asyncpg.connect)(
            self._url,
            timeout=self.timings.answer_within,
            command_timeout=self.timings.answer_within,
            # Which connection is whose, in pg_stat_activity.
            server_settings={"application_name": f"spades-bot relay {os.getpid()}"},
        )
        try:
            await connection.add_listener(CLICKS, self._heard_click)
            await connection.add_listener(TAKEN, self._heard_taken)
        except BaseException:
            connection.terminate()
            raise
        connection.add_termination_listener(self._terminated)
        self._connection = connection
        if self._down_since is not None:
            log.info("The click relay listens again")
            self._down_since = None
            self._changed()

    async def _keep(self) -> None:
        """Connect again whenever the connection is lost, with backoff; check a quiet
        connection answers every ``check_every`` seconds."""
        timings = self.timings
        delay = timings.first_retry
        while True:
            connection = self._connection
            if connection is None:
                try:
                    await self._connect()
                # Any error, not only a lost server's (logged in full): the relay must not
                # stop listening for good while the bot runs.
                except Exception as error:
                    log.warning(
                        "The click relay cannot connect (%s); again in %.1fs",
                        error,
                        delay,
                        exc_info=not isinstance(error, _LOST),
                    )
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, timings.longest_retry)
                continue
            delay = timings.first_retry
            self._lost.clear()
            try:
                await asyncio.wait_for(self._lost.wait(), timings.check_every)
            except TimeoutError:
                try:
                    async with self._sending:
                        await connection.fetchval("SELECT 1")
                except _LOST as error:
                    self._drop(connection, error)

    def _terminated(self, connection: Listening) -> None:
        self._drop(connection, None)

    def _drop(self, connection: Listening, error: BaseException | None) -> None:
        """``connection`` is lost: stop using it, fail the clicks waiting on it and let the
        keeper connect again. Nothing when it is already replaced."""
        if connection is not self._connection:
            return
        log.warning("The click relay lost its connection%s", f" ({error})" if error else "")
        self._connection = None
        connection.terminate()
        self._down_since = time.time()
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_exception(RelayDown(sent=True))
        self._lost.set()
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:
                log.exception("Reporting the click relay's state failed")

    def _heard_click(self, connection: Listening, pid: int, channel: str, payload: object) -> None:
        try:
            click = ForwardedClick.loads(str(payload))
        except (ValueError, KeyError, TypeError):
            log.error("A forwarded click that cannot be read: %.200s", payload)
            return
        task = asyncio.get_running_loop().create_task(self._offer(click))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _offer(self, click: ForwardedClick) -> None:
        if self._handler is None:
            return
        try:
            took = await self._handler(click)
        except Exception:
            log.exception("Handling the forwarded click on table %d failed", click.table_id)
            return
        connection = self._connection
        if not took or connection is None:
            # Lost meanwhile: the forwarder hears nothing, checks the table and tells the
            # member to try again; the owner answers the click anyway.
            return
        try:
            await self._notify(connection, TAKEN, click.token)
        except _LOST as error:
            self._drop(connection, error)

    async def _notify(self, connection: asyncpg.Connection, channel: str, payload: str) -> None:
        async with self._sending:
            await connection.execute("SELECT pg_notify($1, $2)", channel, payload)

    def _heard_taken(self, connection: Listening, pid: int, channel: str, payload: object) -> None:
        waiting = self._waiting.get(str(payload))
        if waiting is not None and not waiting.done():
            waiting.set_result(None)
