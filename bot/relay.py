"""DM clicks to the process that runs their table, through PostgreSQL ``LISTEN/NOTIFY``.

Discord sends interactions from DMs only to shard 0, but a table is run by the process
holding its guild's shard. The process that gets such a click and does not run its table
acknowledges it at once (Discord waits three seconds) and ``forward``s it: every process
listening hears it, and the one whose ``handler`` takes it (it runs the table) says so on
the taken channel and answers the member through the interaction's follow-up webhook
(application id and token, good for 15 minutes). When nobody takes it within
``TAKE_WITHIN`` seconds, ``forward`` returns ``False`` and the forwarder tells the member the
game is no longer running. No extra service: the database the processes share carries it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass

import asyncpg
from asyncpg.pool import PoolConnectionProxy

log = logging.getLogger(__name__)

CLICKS = "spades_dm_clicks"
TAKEN = "spades_dm_clicks_taken"
# Seconds a forwarder waits to hear that the owner took a click: long enough for a busy
# owner, short enough that a member whose table runs nowhere hears so quickly.
TAKE_WITHIN = 5.0


@dataclass(frozen=True, slots=True)
class ForwardedClick:
    """A component click from a DM, as the owner needs it to act and to answer."""

    table_id: int
    seq: int
    code: str
    user_id: int
    application_id: int
    token: str  # the interaction's token: its follow-up webhook

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
        )


Listening = asyncpg.Connection | PoolConnectionProxy
# Takes a forwarded click when this process runs its table (returns True, and answers it
# in the background), else returns False.
Handler = Callable[[ForwardedClick], Awaitable[bool]]


class ClickRelay:
    """One listening connection per process: ``handle`` sets who takes clicks, ``start``
    listens, ``close`` stops when the bot closes."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._connection: asyncpg.Connection | None = None
        self._handler: Handler | None = None
        self._waiting: dict[str, asyncio.Future[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        # One connection runs one statement at a time: notifications take turns on it.
        self._sending = asyncio.Lock()

    def handle(self, handler: Handler) -> None:
        """Offer forwarded clicks to ``handler`` (the cog that runs tables sets it)."""
        self._handler = handler

    async def start(self) -> None:
        """Listen, on a connection of its own (a pooled one may not keep listeners)."""
        self._connection = await asyncpg.connect(self._url)
        await self._connection.add_listener(CLICKS, self._heard_click)
        await self._connection.add_listener(TAKEN, self._heard_taken)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close()
            self._connection = None

    async def forward(self, click: ForwardedClick, take_within: float = TAKE_WITHIN) -> bool:
        """Hand ``click`` to whichever process runs its table; ``False`` when none took it
        within ``take_within`` seconds."""
        if self._connection is None:
            raise RuntimeError("the relay is not started")
        taken = asyncio.get_running_loop().create_future()
        self._waiting[click.token] = taken
        try:
            await self._notify(CLICKS, click.dumps())
            await asyncio.wait_for(taken, take_within)
        except TimeoutError:
            log.warning("No process took the DM click on table %d", click.table_id)
            return False
        finally:
            self._waiting.pop(click.token, None)
        return True

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
        if self._handler is None or self._connection is None:
            return
        try:
            took = await self._handler(click)
        except Exception:
            log.exception("Handling the forwarded click on table %d failed", click.table_id)
            return
        if took:
            await self._notify(TAKEN, click.token)

    async def _notify(self, channel: str, payload: str) -> None:
        assert self._connection is not None
        async with self._sending:
            await self._connection.execute("SELECT pg_notify($1, $2)", channel, payload)

    def _heard_taken(self, connection: Listening, pid: int, channel: str, payload: object) -> None:
        waiting = self._waiting.get(str(payload))
        if waiting is not None and not waiting.done():
            waiting.set_result(None)
