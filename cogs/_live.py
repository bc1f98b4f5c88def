"""A message kept up to date in place, with edits coalesced under Discord's rate limits.

Channel edits are limited to about five per five seconds, and all of a bot's requests to
about 50 a second. When bots play fast, a table changes many times a second; only the newest
picture matters, so a ``LiveMessage`` waits ``delay`` after a change before editing (several
changes make one edit), sends at most one edit per ``interval``, takes a token from the
shared ``Budget`` before each request, and always sends the latest state, never a backlog.
An edit that would not change what the message shows is not sent.

A message may instead go by a free route: a ``Token``, the token of an interaction of the
member it is for. While it lives, the message is posted as that interaction's follow-up and
edited through it, which Discord's global limit does not count, so no budget is taken; once
it has expired, the message goes (or is edited) through the channel, within the budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot.urgency import background
from cogs._budget import Budget

log = logging.getLogger(__name__)

# Error code Discord answers when a member does not accept DMs from the bot.
DMS_CLOSED = 50007
# After Discord answers 5xx, the newest picture is tried again after this many seconds,
# doubling up to the longest wait (discord.py itself retries 500, 502 and 504 a few times).
RETRY_FIRST = 0.5
RETRY_LONGEST = 60.0

LiveChannel = discord.TextChannel | discord.Thread | discord.DMChannel | discord.PartialMessageable


@dataclass(frozen=True, slots=True)
class Token:
    """A free route to a member: the token of their latest answered interaction. Follow-ups
    sent with it, and edits of the messages it posted, do not count against Discord's global
    rate limit, until ``until`` (Discord keeps a token 15 minutes). Its follow-ups land in
    ``channel_id``: the member's DMs when ``in_dm``, else a server channel (where, to the
    member alone, they show only when ephemeral).

    Kept instead of the interaction, whose message, channel and user objects form reference
    cycles: held for the seconds a member takes to act again, each interaction would outlive
    the young garbage-collector generations and wait for a full collection, and those pauses
    stall every table."""

    webhook: discord.Webhook
    until: datetime.datetime
    channel_id: int
    in_dm: bool

    def live(self, now: datetime.datetime | None = None) -> bool:
        """Whether it may still be used (at ``now``, by default the present)."""
        return (now or discord.utils.utcnow()) < self.until


@dataclass(frozen=True, slots=True)
class Picture:
    """What the message should show."""

    content: str
    view: discord.ui.View | None = None

    def same_as(self, other: Picture | None) -> bool:
        """Whether ``other`` shows exactly this (text and controls)."""
        if other is None or other.content != self.content:
            return False
        if self.view is other.view:
            return True  # the same controls (a table message's are made once and shared)
        if self.view is None or other.view is None:
            return self.view is other.view
        return self.view.to_components() == other.view.to_components()


def _route(webhook: discord.Webhook) -> dict[str, Any]:
    """How ``webhook``'s requests go out: its session and proxy, as discord.py's own
    webhook methods pass them to its adapter."""
    return {"session": webhook.session, "proxy": webhook.proxy, "proxy_auth": webhook.proxy_auth}


async def edit_follow_up(webhook: discord.Webhook, message_id: int, picture: Picture) -> None:
    """Edit ``message_id``, a message ``webhook`` posted (an interaction's follow-up), to show
    ``picture``: the request ``Webhook.edit_message`` makes, with its errors, but without
    the ``WebhookMessage`` it builds from Discord's answer, which nobody here reads. Most
    requests a busy bot makes are these edits (every move shows in each member's hand), and
    building that message was about a tenth of each one's cost. Relies on discord.py's
    webhook adapter (``async_context``), as ``Webhook.edit_message`` does; the version is
    pinned, and tests/discord/test_free_routes.py fails loudly if it moves."""
    if webhook.token is None:
        raise ValueError("a follow-up is edited with its interaction's token")
    mentions = getattr(webhook._state, "allowed_mentions", None)
    with handle_message_parameters(
        content=picture.content, view=picture.view, previous_allowed_mentions=mentions
    ) as params:
        await async_context.get().edit_webhook_message(
            webhook.id,
            webhook.token,
            message_id,
            **_route(webhook),
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            with_components=picture.view is not None,
        )


async def post_follow_up(webhook: discord.Webhook, picture: Picture, *, silent: bool) -> int:
    """Post ``picture`` as a follow-up of ``webhook``'s interaction, notifying nobody when
    ``silent``; the new message's id. The request ``Webhook.send(..., wait=True)`` makes,
    with its errors, but reading only the id from Discord's answer, not a ``WebhookMessage``
    built from it (each member's turn is posted so). A picture's controls are never
    dispatched (``cogs._ui.as_view``), so no view is stored for it either. Relies on
    discord.py's webhook adapter, as ``edit_follow_up`` does."""
    if webhook.token is None:
        raise ValueError("a follow-up is posted with its interaction's token")
    flags: discord.MessageFlags | Any = discord.utils.MISSING
    if silent:
        flags = discord.MessageFlags._from_value(0)
        flags.suppress_notifications = True
    mentions = getattr(webhook._state, "allowed_mentions", None)
    with handle_message_parameters(
        content=picture.content,
        view=picture.view or discord.utils.MISSING,
        flags=flags,
        previous_allowed_mentions=mentions,
    ) as params:
        data = await async_context.get().execute_webhook(
            webhook.id,
            webhook.token,
            **_route(webhook),
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            wait=True,
            with_components=picture.view is not None,
        )
    assert data is not None, "a post made with wait=True is answered with its message"
    return int(data["id"])


# What a message should show: a picture, or how to draw the newest one (see ``LiveMessage.show``).
Drawing = Picture | Callable[[], Picture]


def drawn(drawing: Drawing) -> Picture:
    """The picture ``drawing`` shows now."""
    return drawing if isinstance(drawing, Picture) else drawing()


class LiveMessage:
    """One message in ``channel``: the first ``show`` posts it, later ones edit it.

    ``on_posted`` hears the new message id whenever the message is (re)posted, so it can be
    stored; ``on_closed`` hears a DM refused with 50007 (the message then stays unsent);
    ``on_forbidden`` hears any other refusal (a permission the bot lacks): that picture is
    dropped, and the next ``show`` tries again. ``describe`` names the message in logs.
    ``budget`` is shared by every message of the bot; ``delay`` is how long an edit waits
    for more changes to join it; ``silent`` posts it without a notification; ``after`` is the
    message it replaces, whose post under way it waits for; ``token``, a free route that
    posts it as a follow-up and edits it while it lives (see ``Token``)."""

    def __init__(
        self,
        channel: LiveChannel | Callable[[], Awaitable[LiveChannel]],
        *,
        interval: float,
        delay: float = 0.0,
        budget: Budget | None = None,
        message_id: int | None = None,
        silent: bool = False,
        after: LiveMessage | None = None,
        on_posted: Callable[[int], Awaitable[None]] | None = None,
        on_closed: Callable[[], Awaitable[None]] | None = None,
        on_forbidden: Callable[[discord.Forbidden], Awaitable[None]] | None = None,
        describe: Callable[[], str] | None = None,
        token: Token | None = None,
    ) -> None:
        # A channel, or how to open it (a DM, opened once something is to be sent there).
        self._channel = channel
        # The free route: posts the message, then edits what it posted (until it expires).
        self.token = token
        self.free = 0  # requests sent by the free route, for tests and benchmarks
        self.interval = interval
        self.delay = delay
        self.budget = budget
        self.message_id = message_id
        self.silent = silent  # posted without notifying anyone (edits never notify)
        self.on_posted = on_posted
        self.on_closed = on_closed
        self.on_forbidden = on_forbidden
        self.describe = describe or (lambda: "a live message")
        self.closed = False
        self._pending: Drawing | None = None
        self._shown: Drawing | None = None  # the newest picture asked for
        self._sent: Picture | None = None  # what the message shows, as far as we know
        self._urgent = False
        self._urgent_taken = False
        self._task: asyncio.Task[None] | None = None
        self._last_sent = float("-inf")
        self._asked = float("-inf")
        self._frozen = False  # superseded: it keeps no controls
        self._posting = False  # a post of it is under way
        self._not_posting = asyncio.Event()
        self._not_posting.set()
        # The message this one replaces: this one is posted only once no post of that one
        # is under way, so that the newer always lands below the older.
        self._after = after

    def show(self, picture: Drawing, *, urgent: bool = False) -> None:
        """Ask for ``picture`` to be shown; returns at once, the edit follows. ``urgent``:
        it goes before other requests waiting for the budget (a member's turn).

        ``picture`` may be a function that draws it: it is called only when the request
        goes out, so it shows the newest state then, and a message whose edits wait for the
        budget (a table's, with hundreds of tables each edited every several seconds) is
        drawn once an edit rather than once a change."""
        if self.closed:
            return
        self._shown = picture
        if isinstance(picture, Picture) and picture.same_as(self._sent):
            self._pending = None
            return
        if self._pending is None:
            self._asked = asyncio.get_running_loop().time()
        self._pending = picture
        self._urgent = self._urgent or urgent
        if self._task is None or self._task.done():
            self._task = background(self._flush())
            self._task.add_done_callback(_log_failure)

    def shown_elsewhere(self, picture: Picture) -> None:
        """The message shows ``picture`` now: an interaction's answer edited it (which costs
        nothing of the budget), so an edit to show the same is not sent."""
        self._sent = self._shown = picture
        if isinstance(self._pending, Picture) and picture.same_as(self._pending):
            self._pending = None

    def freeze(self) -> None:
        """Keep the message as it was last shown, without its controls (what it showed is
        over: a new message takes its place)."""
        self._frozen = True
        if self.message_id is None and not self._posting:
            # Never posted: a message older than the one replacing it would only confuse.
            self._pending = None
            self.closed = True
            if self._task is not None and not self._task.done():
                self._task.cancel()  # its place in the budget's queue goes to others
            return
        shown = None if self._shown is None else drawn(self._shown)
        if shown is not None and shown.view is not None:
            self.show(Picture(shown.content))

    async def settle(self) -> None:
        """Wait until everything asked for has been sent (for shutdown and tests)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        retry = RETRY_FIRST
        while self._pending is not None and not self.closed:
            wait = self._last_sent + self.interval - loop.time()
            if self.message_id is not None:
                # An edit waits a moment for more changes to join it.
                wait = max(wait, self._asked + self.delay - loop.time())
            if wait > 0:
                await asyncio.sleep(wait)
            if self._pending is None:
                break
            if self.budget is not None and not self._by_token():
                await self.budget.take(urgent=self._urgent)
            # The newest picture once the budget allows a request: waiting coalesces edits.
            drawing, self._pending = self._pending, None
            if drawing is None or self.closed:
                continue
            picture = drawn(drawing)
            if picture.same_as(self._sent):
                continue
            self._urgent_taken, self._urgent = self._urgent, False
            self._last_sent = loop.time()
            self._set_posting(self.message_id is None)
            by_token = self._by_token()
            try:
                await self._prepare()
                await self._send(picture)
                self._sent = picture
                if self._frozen and picture.view is not None and self._pending is None:
                    # Superseded while it was being posted: its controls go too.
                    self._pending = Picture(picture.content)
            except discord.HTTPException as error:
                retry = await self._refused(error, picture, retry, by_token=by_token)
            except (aiohttp.ClientError, OSError) as error:
                # The connection failed on the way (reset, refused): as Discord's trouble.
                retry = await self._later(picture, retry, f"could not reach Discord ({error!r})")
            else:
                retry = RETRY_FIRST
            finally:
                self._set_posting(False)

    async def _refused(
        self, error: discord.HTTPException, picture: Picture, retry: float, *, by_token: bool
    ) -> float:
        """Discord refused sending ``picture``; the next wait before trying again."""
        if by_token and error.status < 500:
            # The token is refused (gone sooner than thought): the bot's own route from now.
            log.warning("Discord refused a token for %s: %s", self.describe(), error)
            self.token = None
            if self._pending is None:
                self._pending = picture
            return retry
        if isinstance(error, discord.Forbidden):
            log.error("Discord refused %s: %s", self.describe(), error.text or error)
            if self.on_forbidden is not None:
                await self.on_forbidden(error)
            return retry
        if error.status < 500:
            raise error
        return await self._later(picture, retry, f"Discord answered {error.status}")

    async def _later(self, picture: Picture, retry: float, why: str) -> float:
        """Discord's trouble, not ours: the newest picture goes out once it is over, after
        ``retry`` seconds; the next wait, doubled up to the longest."""
        log.warning("%s for %s; trying again in %.1f s", why, self.describe(), retry)
        if self._pending is None:
            self._pending = picture
        await asyncio.sleep(retry)
        return min(retry * 2, RETRY_LONGEST)

    def _set_posting(self, posting: bool) -> None:
        self._posting = posting
        if posting:
            self._not_posting.clear()
        else:
            self._not_posting.set()

    def _by_token(self) -> bool:
        """Whether the next request goes by the free route."""
        return self.token is not None and self.token.live()

    async def _prepare(self) -> None:
        """Before a post: the older message's post lands first; a DM is opened (a request
        too, so it takes its own token)."""
        after, self._after = self._after, None
        if after is not None and self.message_id is None:
            await after._not_posting.wait()
        if self._by_token():
            return  # a follow-up needs no channel
        if not isinstance(self._channel, LiveChannel):
            self._channel = await self._channel()
            if self.budget is not None:
                await self.budget.take(urgent=self._urgent_taken)

    async def _send(self, picture: Picture) -> None:
        if self.token is not None and self._by_token():
            await self._send_by_token(self.token, picture)
            return
        # What the token posted is edited through the channel once the token has expired;
        # what the channel posted, only through the channel.
        if self.message_id is None:
            self.token = None
        channel = self._channel
        assert isinstance(channel, LiveChannel), "opened before sending"
        view = picture.view or discord.utils.MISSING
        if self.message_id is not None:
            try:
                partial = channel.get_partial_message(self.message_id)
                await partial.edit(content=picture.content, view=picture.view)
                return
            except discord.NotFound:
                # Someone deleted the message: post it again below.
                self.message_id = None
        try:
            message = await channel.send(picture.content, view=view, silent=self.silent)
        except discord.Forbidden as error:
            if error.code != DMS_CLOSED:
                raise
            self.closed = True
            if self.on_closed is not None:
                await self.on_closed()
            return
        await self._posted(message.id)

    async def _send_by_token(self, token: Token, picture: Picture) -> None:
        """Post or edit through the free route (a follow-up of the member's interaction)."""
        self.free += 1
        # A turn's message takes the next free slot before edits waiting for one.
        slot = self.budget.free(urgent=self._urgent_taken) if self.budget is not None else None
        async with slot or contextlib.nullcontext():
            if self.message_id is not None:
                try:
                    await edit_follow_up(token.webhook, self.message_id, picture)
                    return
                except discord.NotFound:
                    self.message_id = None
            posted = await post_follow_up(token.webhook, picture, silent=self.silent)
        await self._posted(posted)

    async def _posted(self, message_id: int) -> None:
        self.message_id = message_id
        if self.on_posted is not None:
            await self.on_posted(message_id)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("Could not update a live message", exc_info=task.exception())
