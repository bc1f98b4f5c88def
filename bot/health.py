"""Is the bot running well: a heartbeat file it refreshes while connected, and its check.

The running bot touches the heartbeat file every ``BEAT_EVERY`` seconds while its gateway
connection to Discord is up; ``python -m bot health`` (a container's HEALTHCHECK) reads how old
the file is. A bot whose connection is down, or whose event loop is stuck, stops touching it,
and the check fails once the file is older than ``STALE_AFTER``. While a part the bot needs
besides the gateway is down (the relay of DM clicks between processes), the file holds one
line saying so, and the check fails at once with that line.

No discord.py import at run time: the check runs every half minute in a container, and only
needs the file.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.urgency import background

if TYPE_CHECKING:
    import discord
    import discord.gateway

log = logging.getLogger(__name__)

# Seconds between heartbeats while the gateway connection is up.
BEAT_EVERY = 10.0
# A heartbeat older than this means the bot is down or stuck. Several beats must go missing
# first, so a gateway resume (a few seconds without a connection) never fails the check.
STALE_AFTER = 60.0


@dataclass(frozen=True, slots=True)
class Verdict:
    """What ``python -m bot health`` found: healthy or not, and one line saying why."""

    healthy: bool
    reason: str


def check_heartbeat(path: Path, stale_after: float = STALE_AFTER) -> Verdict:
    """Healthy when the heartbeat at ``path`` was touched within ``stale_after`` seconds."""
    try:
        touched = path.stat().st_mtime
    except FileNotFoundError:
        return Verdict(
            False,
            f"No heartbeat at {path}: the bot is not running, has not connected to Discord"
            " since it started, or writes its heartbeat elsewhere (HEARTBEAT_PATH).",
        )
    except OSError as error:
        return Verdict(False, f"Cannot read the heartbeat at {path}: {error.strerror}.")
    age = time.time() - touched
    if age > stale_after:
        return Verdict(
            False,
            f"The last heartbeat at {path} is {age:.0f} s old (more than {stale_after:g} s):"
            " the bot's connection to Discord is down or the bot is stuck.",
        )
    try:
        trouble = path.read_text(errors="replace").strip()
    except OSError as error:
        return Verdict(False, f"Cannot read the heartbeat at {path}: {error.strerror}.")
    if trouble:
        return Verdict(False, trouble)
    return Verdict(True, f"The bot was connected to Discord {max(age, 0):.0f} s ago.")


def gateway_up(client: discord.Client) -> bool:
    """The client is ready and its gateway sockets are open (not closing, not
    reconnecting): every shard's, for a sharded client."""
    # Imported here: ``python -m bot health`` reads the file without loading discord.py.
    from discord import AutoShardedClient

    if not client.is_ready() or client.is_closed():
        return False
    if isinstance(client, AutoShardedClient):
        shards = client.shards.values()
        return bool(shards) and not any(shard.is_closed() for shard in shards)
    # ``ws`` is None until the first connection, though discord.py types it as always set.
    socket: discord.gateway.DiscordWebSocket | None = client.ws
    return socket is not None and socket.open


class Heartbeat:
    """Touches ``path`` every ``every`` seconds while ``client``'s gateway connection is up;
    ``start`` it on the client's loop once logged in, ``aclose`` it when the client closes.
    ``trouble`` says what else is down (``None``: nothing), written into the file."""

    def __init__(
        self,
        client: discord.Client,
        path: Path,
        every: float = BEAT_EVERY,
        trouble: Callable[[], str | None] = lambda: None,
    ) -> None:
        self.client = client
        self.path = path
        self.every = every
        self.trouble = trouble
        self._task: asyncio.Task[None] | None = None
        self._failing = False

    def start(self) -> None:
        # A file left by an earlier run would vouch for this one before it has connected.
        self._remove()
        self._task = background(self._beat_while_running(), name="heartbeat")
        self._task.add_done_callback(_log_failure)

    async def aclose(self) -> None:
        """Stop beating and remove the file: a closed bot is not healthy."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self._remove()

    def beat(self) -> bool:
        """Touch the file if the gateway connection is up, holding what else is down if
        anything; whether it was touched with nothing down."""
        if not gateway_up(self.client):
            return False
        trouble = self.trouble()
        try:
            if trouble is None:
                self.path.touch()
                if self.path.stat().st_size:
                    self.path.write_text("")
            else:
                # Replaced whole, so that the check never reads it half written.
                written = self.path.with_name(f"{self.path.name}.new")
                written.write_text(f"{trouble}\n")
                written.replace(self.path)
        except OSError as error:
            # Said once per run of failures: the check will report the stale file anyway.
            if not self._failing:
                log.warning("Cannot write the heartbeat at %s: %s", self.path, error.strerror)
            self._failing = True
            return False
        self._failing = False
        return trouble is None

    async def _beat_while_running(self) -> None:
        await self.client.wait_until_ready()
        while True:
            self.beat()
            await asyncio.sleep(self.every)

    def _remove(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            log.warning("Cannot remove the heartbeat at %s: %s", self.path, error.strerror)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("The heartbeat stopped", exc_info=task.exception())
