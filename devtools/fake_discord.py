"""A fake Discord server on 127.0.0.1: enough REST and gateway for the real discord.py client.

The unmodified client talks to it over real HTTP and a real WebSocket. The fake records what
the bot sent (channel messages, interaction responses, DMs) and lets a test act as members:
run slash commands, click components, ask for autocomplete. See
``shared/docs/discord-testing.md`` for the protocol facts it relies on.

It lives in ``devtools/``, not under ``tests/``, because ``python -m bot bench tables`` drives
tables through it too (the tests' ``fake`` fixture is in ``tests/discord/conftest.py``).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import copy
import datetime
import itertools
import json
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord
from aiohttp import WSMsgType, web

JSON = dict[str, Any]
T = TypeVar("T")

API_PREFIX = "/api/v10"
EPHEMERAL = 64  # message flag
SUPPRESS_NOTIFICATIONS = 4096  # message flag: posted without notifying anyone
LOADING = 128  # message flag: a deferred response that has not been edited yet
# Gateway intents: message events in servers and in DMs.
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
DISCORD_EPOCH_MS = 1_420_070_400_000
# View channel, send messages, embed links, attach files, read history, use application
# commands: what @everyone has by default.
MEMBER_PERMISSIONS = 1024 | 2048 | 16384 | 32768 | 65536 | (1 << 31)
ALL_PERMISSIONS = (1 << 50) - 1
ADMINISTRATOR = 1 << 3
SEND_MESSAGES = 1 << 11
MANAGE_GUILD = 1 << 5
MANAGE_MESSAGES = 1 << 13
# How long a helper waits for the bot before failing the test (not a timing assertion).
WAIT_SECONDS = 10.0

# Interaction types and callback types (Discord API).
SLASH, COMPONENT, AUTOCOMPLETE = 2, 3, 4
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, CHOICES = 4, 5, 6, 7, 8
SUBCOMMAND, SUBCOMMAND_GROUP, USER_OPTION = 1, 2, 6
CHANNEL_OPTION = 7
OPTION_VALUE: dict[int, Callable[[Any], Any]] = {3: str, 4: int, 5: bool, 10: float}
# Application emojis: Discord's limits on their names, files and number.
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
# Discord's limits on a slash command's definition (a bulk overwrite breaking one is refused
# whole, 400 Invalid Form Body): names of 1 to 32 letters, digits, dashes or underscores,
# lowercase where the script has case; descriptions and choice names of 1 to 100 characters;
# at most 25 options (or subcommands, or groups) under a command or group, 25 choices an
# option; at most 4,000 characters of names, descriptions and choice values in a command.
COMMAND_NAME = re.compile(r"[-_\w]{1,32}")
LONGEST_DESCRIPTION = 100
MOST_OPTIONS = 25
MOST_CHOICES = 25
MOST_COMMAND_CHARACTERS = 4000
CHAT_INPUT = 1
EMOJI_MOST_BYTES = 256 * 1024
MAX_APPLICATION_EMOJIS = 2000
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class FakeSnowflakes:
    """Increasing ids whose embedded timestamps are now, as Discord's are."""

    def __init__(self) -> None:
        start = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._ids = itertools.count(start)

    def __call__(self) -> int:
        return next(self._ids)


def timestamp() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass(eq=False)
class FakeUser:
    """A Discord user; every non-bot user is a member of the fake guild."""

    id: int
    name: str
    permissions: int = MEMBER_PERMISSIONS
    bot: bool = False
    dms_open: bool = True
    # The language of the member's Discord, sent with each of their interactions.
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
        }

    def member_payload(self) -> JSON:
        return {
            "user": self.payload(),
            "roles": [],
            "joined_at": timestamp(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(self.permissions),
        }


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, or a DM channel with ``recipient``."""

    id: int
    name: str
    recipient: FakeUser | None = None
    # The bot's own permissions here (``app_permissions`` of interactions from it).
    bot_permissions: int = ALL_PERMISSIONS
    # The guild of a channel of a guild added with ``add_guild`` (``None``: the first guild).
    guild: int | None = None
    # A thread's channel (``None``: not a thread).
    parent: int | None = None

    @property
    def is_dm(self) -> bool:
        return self.recipient is not None

    def payload(self, guild_id: int) -> JSON:
        if self.recipient is not None:
            return {"id": str(self.id), "type": 1, "recipients": [self.recipient.payload()]}
        return {
            "id": str(self.id),
            "type": 0,
            "name": self.name,
            "position": 0,
            "guild_id": str(self.guild or guild_id),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
        }


@dataclass(frozen=True, slots=True)
class FakeAttachment:
    """A file the bot attached to a message, as it was uploaded."""

    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None

    def payload(self) -> JSON:
        url = f"https://cdn.example/attachments/{self.id}/{self.filename}"
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
            "description": self.description,
        }


@dataclass(frozen=True, slots=True)
class FakeEmoji:
    """An emoji uploaded to the application: its name and picture, as Discord keeps them."""

    id: int
    name: str
    image: bytes

    def payload(self, author: FakeUser) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": author.payload(),
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }


@dataclass(frozen=True, slots=True)
class Upload:
    """A file part of a multipart request, before a message takes it as an attachment."""

    filename: str
    data: bytes
    content_type: str


@dataclass(eq=False)
class RecordedMessage:
    """A message the bot sent: in a channel, in a DM, or as an interaction response."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    flags: int = 0
    deleted: bool = False
    edits: int = 0
    attachments: list[FakeAttachment] = field(default_factory=list)
    # The controls it was created with: a message is what notifies, an edit never does.
    created_components: list[JSON] = field(default_factory=list)
    created_at: float = 0.0  # perf_counter() when the fake created it

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def notifies(self) -> bool:
        """Posted so that Discord notifies whom it concerns (not silently, not ephemeral)."""
        return not self.flags & (SUPPRESS_NOTIFICATIONS | EPHEMERAL)

    @property
    def text(self) -> str:
        """The content and every embed's visible text, one block."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for embed_field in embed.get("fields", []):
                parts += [embed_field["name"], embed_field["value"]]
            parts.append(embed.get("footer", {}).get("text", ""))
        return "\n".join(part for part in parts if part)

    def controls(self) -> list[JSON]:
        """Every button and select on the message, in order."""
        found: list[JSON] = []
        pending = list(self.components)
        while pending:
            component = pending.pop(0)
            if "custom_id" in component:
                found.append(component)
            pending[:0] = component.get("components", [])
        return found

    def custom_ids(self) -> list[str]:
        return [control["custom_id"] for control in self.controls()]

    def control(self, match: str) -> JSON:
        """The control whose face (a button's label, a select's placeholder) or custom id is
        ``match``, else the one containing it."""
        controls = [(c.get("label") or c.get("placeholder", ""), c) for c in self.controls()]
        hits = [c for face, c in controls if match in (face, c["custom_id"])] or [
            c for face, c in controls if match in face or match in c["custom_id"]
        ]
        if len(hits) != 1:
            labels = [(face, c["custom_id"]) for face, c in controls]
            raise AssertionError(f"{len(hits)} controls match {match!r} among {labels}")
        return hits[0]

    def snapshot(self) -> RecordedMessage:
        """A copy as it looks now, e.g. to click a button a later edit removes."""
        return copy.deepcopy(self)

    def payload(self, guild_id: int) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": timestamp(),
            "edited_timestamp": timestamp() if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [attachment.payload() for attachment in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0,
            "flags": self.flags,
        }
        if not self.channel.is_dm:
            data["guild_id"] = str(self.channel.guild or guild_id)
        return data

    def apply_edit(self, body: JSON) -> None:
        """Change the fields an edit request names; ``None`` clears a field."""
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = body["embeds"] or []
        if "components" in body:
            self.components = body["components"] or []
        self.flags &= ~LOADING
        self.edits += 1


@dataclass(frozen=True, slots=True)
class FakeAddress:
    """Where a fake server listens and the token it accepts: enough for a client in another
    process to point discord.py at it and log in."""

    api_base: str
    gateway_url: str
    token: str


@dataclass(eq=False)
class InteractionRecord:
    """One interaction the fake sent to the bot, and everything the bot answered to it."""

    id: int
    token: str
    kind: int
    user: FakeUser
    channel: FakeChannel
    message: RecordedMessage | None = None  # the clicked message, for a component
    callback_type: int | None = None
    original: RecordedMessage | None = None
    followups: list[RecordedMessage] = field(default_factory=list)
    choices: list[JSON] = field(default_factory=list)
    sent_at: float = 0.0  # perf_counter() when dispatched to the bot
    answered_at: float | None = None  # perf_counter() when the bot's callback arrived

    @property
    def responses(self) -> list[RecordedMessage]:
        """The response message (or the updated clicked message) and the follow-ups."""
        first = [] if self.original is None else [self.original]
        return first + self.followups

    @property
    def text(self) -> str:
        return "\n".join(message.text for message in self.responses)

    @property
    def settled(self) -> bool:
        """Answered, and a deferred answer has been filled in."""
        if self.callback_type is None:
            return False
        if self.callback_type == DEFERRED_MESSAGE:
            return self.original is not None and not self.original.flags & LOADING
        return True


class FakeDiscord:
    """The server. Start it with ``start()``; patch discord.py with ``api_base`` and
    ``gateway_url`` (the ``fake_discord`` fixture does both).

    Sharded like Discord: ``GET /gateway/bot`` answers ``shards``; a session identifies with
    ``shard: [id, count]`` (none: ``[0, 1]``) and hears only the events of the guilds on its
    shard (``(guild_id >> 22) % count``), and events with no guild (DMs and their clicks)
    only on shard 0."""

    def __init__(
        self,
        channel_names: tuple[str, ...] = ("general", "cards", "lounge"),
        shards: int = 1,
        *,
        global_limit: int | None = None,
    ) -> None:
        self.shards = shards
        # Discord's global rate limit: at most this many requests in any second of those it
        # counts (``counts_globally``), else 429 with ``global``; None: counted, not enforced.
        self.global_limit = global_limit
        self.next_id = FakeSnowflakes()
        self.token = "fake-bot-token"
        self.app_id = self.next_id()
        self.bot_user = FakeUser(self.app_id, "Spades", bot=True)
        self.guild_id = self.next_id()
        self.owner = FakeUser(self.next_id(), "Owner", permissions=8)
        self.users: dict[int, FakeUser] = {self.owner.id: self.owner}
        self.channels: dict[int, FakeChannel] = {}
        for name in channel_names:
            channel = FakeChannel(self.next_id(), name)
            self.channels[channel.id] = channel
        self.guilds: list[int] = [self.guild_id]  # the first, then those of ``add_guild``
        # The guilds' roles besides @everyone (``add_role``), as Discord lists them.
        self.roles: list[JSON] = []
        self.dm_channels: dict[int, FakeChannel] = {}  # by recipient id
        self.sent: dict[int, list[RecordedMessage]] = {}  # by channel id, in order
        self.by_id: dict[int, RecordedMessage] = {}
        self.interactions: dict[str, InteractionRecord] = {}  # by token
        self.commands: dict[int | None, dict[str, JSON]] = {}  # by guild id (None: global)
        # The server's language, sent with each interaction in it.
        self.guild_locale = "en-US"
        # Top-level commands a server admin opened to every member in the server's
        # Integrations settings, whatever their ``default_member_permissions``.
        self.opened_to_everyone: set[str] = set()
        # The application's emojis, by id: kept by the server, so across the bot's restarts.
        self.app_emojis: dict[int, FakeEmoji] = {}
        # The guilds' scheduled events the bot created, by id, as Discord answered them.
        self.scheduled_events: dict[int, JSON] = {}
        self.requests: list[tuple[str, str]] = []
        # (method, path, JSON) of every request that posts or edits a message, in order.
        self.bodies: list[tuple[str, str, JSON]] = []
        # perf_counter() when each of ``requests`` arrived: how fast the bot calls Discord.
        self.request_times: list[float] = []
        # Those of them that Discord's global rate limit counts (``counts_globally``), and
        # how many were refused for going over ``global_limit``.
        self.counted_times: list[float] = []
        self.globally_limited = 0
        # ("created" or "deleted", message) in the order it happened, by any route.
        self.timeline: list[tuple[str, RecordedMessage]] = []
        self.rate_limited: list[tuple[str, str]] = []
        self._rate_limits: dict[tuple[str, str], int] = {}
        self._failures: dict[tuple[str, str], list[tuple[int, int]]] = {}
        self.failed: list[tuple[str, str, int]] = []  # (method, path, status) answered so
        self._delays: dict[tuple[str, str], float] = {}
        self._disconnects: dict[tuple[str, str], int] = {}
        self.disconnected: list[tuple[str, str]] = []
        # Identified sessions and their shard: (id, count); the intents each identified with.
        self._sockets: dict[web.WebSocketResponse, tuple[int, int]] = {}
        self._intents: dict[web.WebSocketResponse, int] = {}
        # Who waits for a change in a channel (``wait_for``'s ``wake``), by channel id.
        self._changes: dict[int, asyncio.Event] = {}
        self.identified: list[tuple[int, int]] = []  # every IDENTIFY's shard, in order
        self._sequence = itertools.count(1)
        self._send_lock = asyncio.Lock()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # --- lifecycle -------------------------------------------------------------------------

    @property
    def address(self) -> FakeAddress:
        return FakeAddress(self.api_base, self.gateway_url, self.token)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware])
        app.router.add_get("/", self._gateway)
        routes = [
            ("GET", "/gateway/bot", self._gateway_bot),
            ("GET", "/users/@me", self._get_me),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("PUT", "/applications/{app}/commands", self._put_commands),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._put_commands),
            ("GET", "/applications/{app}/emojis", self._list_emojis),
            ("POST", "/applications/{app}/emojis", self._create_emoji),
            ("DELETE", "/applications/{app}/emojis/{emoji}", self._delete_emoji),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("GET", "/channels/{channel}/messages/{message}", self._get_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._patch_message),
            ("DELETE", "/channels/{channel}/messages/{message}", self._delete_message),
            ("POST", "/users/@me/channels", self._open_dm),
            ("POST", "/channels/{channel}/threads", self._create_thread),
            ("POST", "/guilds/{guild}/scheduled-events", self._create_event),
            ("DELETE", "/guilds/{guild}/scheduled-events/{event}", self._delete_event),
            ("POST", "/interactions/{interaction}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._get_webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._patch_webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._delete_webhook_message),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, API_PREFIX + path, handler)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def close(self) -> None:
        for socket in list(self._sockets):
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # --- test controls ---------------------------------------------------------------------

    def add_user(
        self,
        name: str,
        *,
        permissions: int = MEMBER_PERMISSIONS,
        bot: bool = False,
        locale: str = "en-US",
    ) -> FakeUser:
        """A new guild member (add members before the bot connects to have them cached);
        ``bot``: another application's bot account; ``locale``: their Discord's language."""
        user = FakeUser(self.next_id(), name, permissions=permissions, bot=bot, locale=locale)
        self.users[user.id] = user
        return user

    def add_role(self, name: str, permissions: int, *, managed: bool = False) -> int:
        """A role of the first guild (add it before the bot connects to have it cached): its
        id; ``managed``: an integration's own role (a bot's)."""
        role_id = self.next_id()
        self.roles.append(
            {
                "id": str(role_id),
                "name": name,
                "permissions": str(permissions),
                "position": len(self.roles) + 1,
                "color": 0,
                "hoist": False,
                "managed": managed,
                "mentionable": False,
                "flags": 0,
            }
        )
        return role_id

    def add_guild(self, channel_names: tuple[str, ...], shard: int = 0) -> list[FakeChannel]:
        """Another guild with these channels, its id chosen to put it on ``shard`` of
        ``self.shards`` (add it before the bot connects); every user is a member."""
        base = self.next_id()
        # A few milliseconds later in its timestamp, so that it lands on ``shard``.
        guild = base + (((shard - self.shard_of(base)) % self.shards) << 22)
        self.guilds.append(guild)
        added = [FakeChannel(self.next_id(), name, guild=guild) for name in channel_names]
        for channel in added:
            self.channels[channel.id] = channel
        return added

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.shards

    def user_named(self, name: str) -> FakeUser:
        return next(u for u in self.users.values() if u.name == name)

    def channel(self, name: str) -> FakeChannel:
        return next(c for c in self.channels.values() if c.name == name)

    def close_dms(self, user: FakeUser) -> None:
        """From now on a DM to ``user`` fails with 403, code 50007."""
        user.dms_open = False

    def rate_limit(self, method: str, path: str, times: int = 1) -> None:
        """Answer the next ``times`` requests of a route with 429. ``path`` is concrete
        (``/channels/123/messages``) or a template as registered here
        (``/channels/{channel}/messages``), without the ``/api/v10`` prefix."""
        self._rate_limits[(method, path)] = times

    def fail(self, method: str, path: str, status: int, code: int = 0, times: int = 1) -> None:
        """Answer the next ``times`` requests of a route with an error: a 5xx (Discord is
        having trouble) or, e.g., 403 with code 50013 (the bot lacks a permission). ``path``
        as in ``rate_limit``."""
        self._failures[(method, path)] = [(status, code)] * times

    def disconnect(self, method: str, path: str, times: int = 1) -> None:
        """Drop the connection of the next ``times`` requests to ``path`` (a template, as in
        ``rate_limit``) without answering, as a network fault would."""
        self._disconnects[(method, path)] = times

    def delay_answers(self, method: str, path: str, seconds: float) -> None:
        """From now on, answer a route ``seconds`` late: its work is done (a posted message
        is shown at once) but the client hears of it only then. ``path`` as in
        ``rate_limit``; 0 seconds stops the delay."""
        self._delays[(method, path)] = seconds

    def add_application_emoji(self, name: str, image: bytes) -> FakeEmoji:
        """An emoji the application already has, as if uploaded by an earlier run."""
        emoji = FakeEmoji(self.next_id(), name, image)
        self.app_emojis[emoji.id] = emoji
        return emoji

    def messages(self, channel: FakeChannel) -> list[RecordedMessage]:
        """The bot's messages in a channel that still exist, oldest first."""
        return [m for m in self.sent.get(channel.id, []) if not m.deleted]

    def dms(self, user: FakeUser) -> list[RecordedMessage]:
        """The bot's DMs to ``user``, oldest first."""
        dm = self.dm_channels.get(user.id)
        return [] if dm is None else self.messages(dm)

    def created(self, channel: FakeChannel) -> list[RecordedMessage]:
        """Every message the bot created in a channel or DM, deleted or not, oldest first:
        each one notified someone, where edits notify nobody."""
        return list(self.sent.get(channel.id, []))

    def created_dms(self, user: FakeUser) -> list[RecordedMessage]:
        """Every DM the bot created for ``user``, deleted or not, oldest first."""
        dm = self.dm_channels.get(user.id)
        return [] if dm is None else self.created(dm)

    async def wait_for(
        self,
        probe: Callable[[], T | None],
        what: str,
        timeout: float = WAIT_SECONDS,
        poll: float = 0.005,
        wake: Callable[[], int | None] | None = None,
    ) -> T:
        """Poll the recorded state every ``poll`` seconds until ``probe`` returns something
        truthy; fail after ``timeout`` seconds saying ``what`` never happened.

        With ``wake`` (the id of the channel whose messages ``probe`` reads, or ``None``
        while there is none), ``probe`` is also tried as soon as a message of that channel
        is posted, edited or deleted: the benchmark's thousand members wait for their turn
        that way, and look only every ``poll`` seconds besides."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = probe()
            if result:
                return result
            if loop.time() > deadline:
                raise AssertionError(f"gave up waiting: {what}")
            channel_id = None if wake is None else wake()
            if channel_id is None:
                await asyncio.sleep(poll)
                continue
            changed = self._changes.setdefault(channel_id, asyncio.Event())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), poll)

    def _changed(self, channel_id: int) -> None:
        """A message of the channel changed: wake whoever waits for that."""
        changed = self._changes.pop(channel_id, None)
        if changed is not None:
            changed.set()

    async def wait_message(
        self,
        channel: FakeChannel,
        predicate: Callable[[RecordedMessage], bool],
        what: str = "a matching message",
    ) -> RecordedMessage:
        """The latest message in ``channel`` for which ``predicate`` holds, once there is one."""

        def probe() -> RecordedMessage | None:
            hits = [m for m in self.messages(channel) if predicate(m)]
            return hits[-1] if hits else None

        return await self.wait_for(probe, f"{what} in #{channel.name}")

    def shows_command(self, user: FakeUser, name: str) -> bool:
        """Whether Discord lists the top-level command ``name`` for ``user`` in the guild:
        a member sees a command whose ``default_member_permissions`` they hold every one of
        (administrators see all), or one a server admin opened to everyone."""
        synced = self.commands.get(self.guild_id, {}) | self.commands.get(None, {})
        command = synced.get(name)
        if command is None:
            raise AssertionError(f"/{name} was not synced; synced: {sorted(synced)}")
        needed = command.get("default_member_permissions")
        if needed is None or name in self.opened_to_everyone or user.permissions & ADMINISTRATOR:
            return True
        return user.permissions & int(needed) == int(needed)

    def _must_show(self, user: FakeUser, path: tuple[str, ...]) -> None:
        if not self.shows_command(user, path[0]):
            raise AssertionError(
                f"Discord does not show /{path[0]} to {user.name}, who lacks its default"
                " permissions: open it with `opened_to_everyone` to test the bot's own check"
            )

    async def slash(
        self,
        user: FakeUser,
        *path: str,
        channel: FakeChannel | None = None,
        answered: bool = True,
        **options: Any,
    ) -> InteractionRecord:
        """Run ``/path... option=value`` as ``user`` and return once the bot has answered
        (or at once when not ``answered``). A command Discord hides from ``user`` fails
        the test, as the member could not have run it."""
        self._must_show(user, path)
        data = self._command_data(path, options, focus=None)
        record = await self._interact(user, channel or self.channel("general"), SLASH, data)
        if answered:
            await self.wait_for(lambda: record.settled, f"an answer to /{' '.join(path)}")
        return record

    async def autocomplete(
        self,
        user: FakeUser,
        *path: str,
        focus: str,
        channel: FakeChannel | None = None,
        **options: Any,
    ) -> list[JSON]:
        """Type into option ``focus`` of ``/path...``; returns the choices the bot offers."""
        self._must_show(user, path)
        data = self._command_data(path, options, focus=focus)
        record = await self._interact(user, channel or self.channel("general"), AUTOCOMPLETE, data)
        await self.wait_for(lambda: record.settled, f"choices for /{' '.join(path)} {focus}")
        return record.choices

    async def click(
        self,
        user: FakeUser,
        message: RecordedMessage,
        match: str,
        values: list[str] | None = None,
        *,
        answered: bool = True,
    ) -> InteractionRecord:
        """Click the control of ``message`` whose label or custom id contains ``match`` (pick
        ``values`` in a select), as the message looked when passed in; return once the bot
        has answered, or at once when not ``answered`` (a bot that may die meanwhile)."""
        control = message.control(match)
        if control.get("disabled"):
            raise AssertionError(f"{match!r} is disabled; Discord would not send the click")
        data: JSON = {"custom_id": control["custom_id"], "component_type": control["type"]}
        if values is not None:
            data["values"] = values
        # The channel itself, not a snapshot's copy: follow-ups land in it.
        channel = self._channel_by_id(message.channel.id) or message.channel
        record = await self._interact(user, channel, COMPONENT, data, message)
        if answered:
            await self.wait_for(lambda: record.settled, f"an answer to the click on {match!r}")
        return record

    # --- interactions ----------------------------------------------------------------------

    def _command_data(self, path: tuple[str, ...], options: JSON, focus: str | None) -> JSON:
        """The ``data`` of a command interaction, typed from the definitions the bot synced."""
        synced = self.commands.get(self.guild_id, {}) | self.commands.get(None, {})
        command = synced.get(path[0])
        if command is None:
            raise AssertionError(f"/{path[0]} was not synced; synced: {sorted(synced)}")
        data: JSON = {"id": command["id"], "name": command["name"], "type": 1}
        definitions: list[JSON] = command.get("options", [])
        target = data
        for name in path[1:]:
            definition = next((d for d in definitions if d["name"] == name), None)
            if definition is None or definition["type"] not in (SUBCOMMAND, SUBCOMMAND_GROUP):
                raise AssertionError(f"no subcommand {name!r} under /{' '.join(path)}")
            nested: JSON = {"name": name, "type": definition["type"]}
            target["options"] = [nested]
            target = nested
            definitions = definition.get("options", [])
        target["options"] = []
        resolved: JSON = {"users": {}, "members": {}}
        for name, value in options.items():
            definition = next((d for d in definitions if d["name"] == name), None)
            if definition is None:
                known = [d["name"] for d in definitions]
                raise AssertionError(f"/{' '.join(path)} has no option {name!r}; it has {known}")
            option: JSON = {"name": name, "type": definition["type"]}
            if name == focus:
                option |= {"value": str(value), "focused": True}
            elif definition["type"] == USER_OPTION:
                option["value"] = str(value.id)
                resolved["users"][str(value.id)] = value.payload()
                member = value.member_payload()
                del member["user"]
                resolved["members"][str(value.id)] = member
            elif definition["type"] == CHANNEL_OPTION:
                # A channel option carries the channel's id, resolved as Discord resolves it.
                option["value"] = str(value.id)
                channel = value.payload(self.guild_id) | {"permissions": str(ALL_PERMISSIONS)}
                resolved.setdefault("channels", {})[str(value.id)] = channel
            else:
                option["value"] = OPTION_VALUE[definition["type"]](value)
            target["options"].append(option)
        if resolved["users"] or "channels" in resolved:
            data["resolved"] = resolved
        return data

    async def _interact(
        self,
        user: FakeUser,
        channel: FakeChannel,
        kind: int,
        data: JSON,
        message: RecordedMessage | None = None,
    ) -> InteractionRecord:
        record = InteractionRecord(
            self.next_id(), secrets.token_urlsafe(24), kind, user, channel, message
        )
        self.interactions[record.token] = record
        payload: JSON = {
            "id": str(record.id),
            "application_id": str(self.app_id),
            "type": kind,
            "token": record.token,
            "version": 1,
            "attachment_size_limit": 10_485_760,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(self.guild_id),
            "locale": user.locale,
            "app_permissions": str(channel.bot_permissions),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
        }
        if channel.is_dm:
            payload |= {"user": user.payload(), "context": 1}
        else:
            payload |= {
                "guild_id": str(channel.guild or self.guild_id),
                "guild_locale": self.guild_locale,
                "member": user.member_payload(),
                "context": 0,
            }
        if message is not None:
            payload["message"] = message.payload(self.guild_id)
        record.sent_at = time.perf_counter()
        await self.dispatch("INTERACTION_CREATE", payload)
        return record

    async def _callback(self, request: web.Request) -> web.Response:
        record = self.interactions.get(request.match_info["token"])
        if record is None or str(record.id) != request.match_info["interaction"]:
            return error(404, 10062, "Unknown interaction")
        if record.callback_type is not None:
            return error(400, 40060, "Interaction has already been acknowledged.")
        record.answered_at = time.perf_counter()
        body, uploads = await self._body(request)
        kind: int = body["type"]
        data: JSON = body.get("data") or {}
        if kind == CHOICES:
            record.choices = data.get("choices", [])
        elif kind in (MESSAGE, DEFERRED_MESSAGE):
            flags = data.get("flags", 0) | (LOADING if kind == DEFERRED_MESSAGE else 0)
            record.original = await self._create(record.channel, data, flags, uploads)
        elif kind in (UPDATE, DEFERRED_UPDATE) and record.message is not None:
            record.original = self.by_id.get(record.message.id, record.message)
            if kind == UPDATE:
                await self._edit(record.original, data, uploads)
        else:
            return error(400, 50035, f"Invalid interaction callback type {kind}")
        record.callback_type = kind
        if request.query.get("with_response") not in ("1", "true"):
            return web.Response(status=204)
        answer: JSON = {
            "interaction": {
                "id": str(record.id),
                "type": record.kind,
                "response_message_id": None if record.original is None else str(record.original.id),
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": record.original is not None
                and record.original.ephemeral,
            },
            "resource": {"type": kind},
        }
        if record.original is not None and kind != DEFERRED_UPDATE:
            answer["resource"]["message"] = record.original.payload(self.guild_id)
        return json_response(answer)

    def _webhook_record(self, request: web.Request) -> InteractionRecord | None:
        record = self.interactions.get(request.match_info["token"])
        if record is None or request.match_info["app"] != str(self.app_id):
            return None
        return record

    def _webhook_message(self, request: web.Request) -> RecordedMessage | None:
        record = self._webhook_record(request)
        if record is None:
            return None
        wanted = request.match_info["message"]
        if wanted == "@original":
            return record.original
        return next((m for m in record.followups if str(m.id) == wanted), None)

    async def _followup(self, request: web.Request) -> web.Response:
        record = self._webhook_record(request)
        if record is None or record.callback_type is None:
            return error(404, 10015, "Unknown Webhook")
        body, uploads = await self._body(request)
        message = await self._create(record.channel, body, body.get("flags", 0), uploads)
        record.followups.append(message)
        return json_response(message.payload(self.guild_id))

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        if message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        return json_response(message.payload(self.guild_id))

    async def _patch_webhook_message(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        if message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        await self._edit(message, *await self._body(request))
        return json_response(message.payload(self.guild_id))

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        if message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        await self._delete(message)
        return web.Response(status=204)

    # --- messages --------------------------------------------------------------------------

    async def _body(self, request: web.Request) -> tuple[JSON, dict[int, Upload]]:
        """A request's JSON, and its files by index when it came as multipart form data (a
        message with attachments): the JSON is then the ``payload_json`` part. Recorded in
        ``bodies``."""
        body, uploads = await self._read_body(request)
        self.bodies.append((request.method, request.path.removeprefix(API_PREFIX), body))
        return body, uploads

    async def _read_body(self, request: web.Request) -> tuple[JSON, dict[int, Upload]]:
        if not request.content_type.startswith("multipart/"):
            sent: JSON = await request.json()
            return sent, {}
        body: JSON = {}
        uploads: dict[int, Upload] = {}
        form = await request.post()
        for name, value in form.items():
            if name == "payload_json" and isinstance(value, str):
                body = json.loads(value)
            elif name.startswith("files[") and isinstance(value, web.FileField):
                uploads[int(name[6:-1])] = Upload(
                    value.filename, value.file.read(), value.content_type
                )
        return body, uploads

    def _attachments(
        self, listed: list[JSON], uploads: dict[int, Upload], kept: list[FakeAttachment]
    ) -> list[FakeAttachment]:
        """A message's attachments from a request's ``attachments`` list: existing ones by
        their id, new ones by the index of their file part."""
        by_id = {str(attachment.id): attachment for attachment in kept}
        out = []
        for item in listed:
            old = by_id.get(str(item["id"]))
            if old is not None:
                out.append(old)
                continue
            upload = uploads[int(item["id"])]
            out.append(
                FakeAttachment(
                    self.next_id(),
                    item.get("filename") or upload.filename,
                    upload.data,
                    upload.content_type,
                    item.get("description"),
                )
            )
        return out

    async def _create(
        self,
        channel: FakeChannel,
        body: JSON,
        flags: int,
        uploads: dict[int, Upload] | None = None,
    ) -> RecordedMessage:
        message = RecordedMessage(
            self.next_id(),
            channel,
            self.bot_user,
            content=body.get("content") or "",
            embeds=body.get("embeds") or [],
            components=body.get("components") or [],
            flags=flags,
            attachments=self._attachments(body.get("attachments") or [], uploads or {}, []),
        )
        message.created_components = copy.deepcopy(message.components)
        message.created_at = time.perf_counter()
        self.by_id[message.id] = message
        self.timeline.append(("created", message))
        self._changed(channel.id)
        if not message.ephemeral:
            self.sent.setdefault(channel.id, []).append(message)
            await self.dispatch("MESSAGE_CREATE", message.payload(self.guild_id))
        return message

    async def _edit(
        self, message: RecordedMessage, body: JSON, uploads: dict[int, Upload] | None = None
    ) -> None:
        if "attachments" in body:
            listed = body["attachments"] or []
            message.attachments = self._attachments(listed, uploads or {}, message.attachments)
        message.apply_edit(body)
        self._changed(message.channel.id)
        if not message.ephemeral:
            await self.dispatch("MESSAGE_UPDATE", message.payload(self.guild_id))

    async def _delete(self, message: RecordedMessage) -> None:
        message.deleted = True
        self.timeline.append(("deleted", message))
        self._changed(message.channel.id)
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if not message.channel.is_dm:
                data["guild_id"] = str(message.channel.guild or self.guild_id)
            await self.dispatch("MESSAGE_DELETE", data)

    def _channel_message(self, request: web.Request) -> RecordedMessage | None:
        message = self.by_id.get(int(request.match_info["message"]))
        if message is None or message.deleted or message.ephemeral:
            return None
        return message if str(message.channel.id) == request.match_info["channel"] else None

    def _channel_by_id(self, channel_id: int) -> FakeChannel | None:
        return self.channels.get(channel_id) or next(
            (dm for dm in self.dm_channels.values() if dm.id == channel_id), None
        )

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel_by_id(int(request.match_info["channel"]))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        if channel.recipient is not None and not channel.recipient.dms_open:
            return error(403, 50007, "Cannot send messages to this user")
        if not channel.bot_permissions & SEND_MESSAGES:
            return error(403, 50013, "Missing Permissions")
        body, uploads = await self._body(request)
        message = await self._create(channel, body, body.get("flags", 0) & ~EPHEMERAL, uploads)
        return json_response(message.payload(self.guild_id))

    async def _get_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if message is None:
            return error(404, 10008, "Unknown Message")
        return json_response(message.payload(self.guild_id))

    async def _patch_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if message is None:
            return error(404, 10008, "Unknown Message")
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is not None and not channel.bot_permissions & SEND_MESSAGES:
            return error(403, 50013, "Missing Permissions")
        await self._edit(message, *await self._body(request))
        return json_response(message.payload(self.guild_id))

    async def _delete_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if message is None:
            return error(404, 10008, "Unknown Message")
        await self._delete(message)
        return web.Response(status=204)

    async def _open_dm(self, request: web.Request) -> web.Response:
        recipient = self.users.get(int((await request.json())["recipient_id"]))
        if recipient is None:
            return error(404, 10013, "Unknown User")
        dm = self.dm_channels.get(recipient.id)
        if dm is None:
            dm = FakeChannel(self.next_id(), f"dm-{recipient.name}", recipient)
            self.dm_channels[recipient.id] = dm
        return json_response(dm.payload(self.guild_id))

    async def _create_thread(self, request: web.Request) -> web.Response:
        """A thread with no starter message: a channel of its own to post in."""
        parent = self.channels.get(int(request.match_info["channel"]))
        if parent is None or parent.parent is not None:
            return error(404, 10003, "Unknown Channel")
        body = await request.json()
        thread = FakeChannel(self.next_id(), body["name"], guild=parent.guild, parent=parent.id)
        thread.bot_permissions = parent.bot_permissions
        self.channels[thread.id] = thread
        guild = parent.guild or self.guild_id
        return json_response(
            {
                "id": str(thread.id),
                "type": body.get("type", 11),
                "guild_id": str(guild),
                "parent_id": str(parent.id),
                "owner_id": str(self.app_id),
                "name": thread.name,
                "member_count": 1,
                "message_count": 0,
                "rate_limit_per_user": 0,
                "flags": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": body.get("auto_archive_duration", 1440),
                    "archive_timestamp": timestamp(),
                    "locked": False,
                },
            }
        )

    async def _create_event(self, request: web.Request) -> web.Response:
        body = await request.json()
        event = {
            "id": str(self.next_id()),
            "guild_id": request.match_info["guild"],
            "channel_id": body.get("channel_id"),
            "creator_id": str(self.app_id),
            "name": body["name"],
            "description": body.get("description"),
            "scheduled_start_time": body["scheduled_start_time"],
            "scheduled_end_time": body.get("scheduled_end_time"),
            "privacy_level": body.get("privacy_level", 2),
            "status": 1,
            "entity_type": body["entity_type"],
            "entity_id": None,
            "entity_metadata": body.get("entity_metadata"),
            "user_count": 0,
            "image": None,
        }
        self.scheduled_events[int(event["id"])] = event
        return json_response(event)

    async def _delete_event(self, request: web.Request) -> web.Response:
        if self.scheduled_events.pop(int(request.match_info["event"]), None) is None:
            return error(404, 10070, "Unknown Guild Scheduled Event")
        return web.Response(status=204)

    def threads(self, parent: FakeChannel) -> list[FakeChannel]:
        """The threads the bot made in ``parent``, oldest first."""
        return [c for c in self.channels.values() if c.parent == parent.id]

    # --- start-up REST ---------------------------------------------------------------------

    async def _get_me(self, request: web.Request) -> web.Response:
        return json_response(
            self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0}
        )

    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.app_id),
                "name": self.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
            }
        )

    async def _put_commands(self, request: web.Request) -> web.Response:
        if request.match_info["app"] != str(self.app_id):
            return error(403, 50001, "Missing Access")
        guild = request.match_info.get("guild")
        guild_id = None if guild is None else int(guild)
        previous = self.commands.get(guild_id, {})
        commands = await request.json()
        problems = {
            str(i): found
            for i, command in enumerate(commands)
            if (found := command_errors(command))
        }
        if problems:
            return invalid_form_body(problems)
        synced: dict[str, JSON] = {}
        for command in commands:
            known = previous.get(command["name"])
            command_id = known["id"] if known else str(self.next_id())
            echoed = command | {
                "id": command_id,
                "application_id": str(self.app_id),
                "version": str(self.next_id()),
            }
            if guild_id is not None:
                echoed["guild_id"] = str(guild_id)
            synced[command["name"]] = echoed
        self.commands[guild_id] = synced
        return json_response(list(synced.values()))

    # --- application emojis ----------------------------------------------------------------

    async def _list_emojis(self, request: web.Request) -> web.Response:
        if request.match_info["app"] != str(self.app_id):
            return error(403, 50001, "Missing Access")
        items = [emoji.payload(self.bot_user) for emoji in self.app_emojis.values()]
        return json_response({"items": items})

    async def _create_emoji(self, request: web.Request) -> web.Response:
        """Upload an emoji: a unique valid name and a data URI of a PNG, JPEG or GIF image
        of at most 256 KiB, up to 2,000 an application, as Discord checks them."""
        if request.match_info["app"] != str(self.app_id):
            return error(403, 50001, "Missing Access")
        body = await request.json()
        name, uri = body.get("name"), body.get("image")
        if not isinstance(name, str) or not EMOJI_NAME.fullmatch(name):
            return error(400, 50035, "Invalid Form Body: name")
        if any(emoji.name == name for emoji in self.app_emojis.values()):
            return error(400, 50035, "Invalid Form Body: APPLICATION_EMOJI_NAME_ALREADY_TAKEN")
        if len(self.app_emojis) >= MAX_APPLICATION_EMOJIS:
            return error(400, 30018, "Maximum number of emojis reached (2000)")
        head, _, encoded = uri.partition(",") if isinstance(uri, str) else ("", "", "")
        if head not in ("data:image/png;base64", "data:image/jpeg;base64", "data:image/gif;base64"):
            return error(400, 50035, "Invalid Form Body: image")
        try:
            image = base64.b64decode(encoded, validate=True)
        except binascii.Error:
            return error(400, 50035, "Invalid Form Body: image")
        if len(image) > EMOJI_MOST_BYTES:
            return error(400, 50045, "File uploaded exceeds the maximum size")
        if head.endswith("png;base64") and not image.startswith(PNG_SIGNATURE):
            return error(400, 50035, "Invalid Form Body: image")
        emoji = self.add_application_emoji(name, image)
        return json_response(emoji.payload(self.bot_user), 201)

    async def _delete_emoji(self, request: web.Request) -> web.Response:
        if request.match_info["app"] != str(self.app_id):
            return error(403, 50001, "Missing Access")
        if self.app_emojis.pop(int(request.match_info["emoji"]), None) is None:
            return error(404, 10014, "Unknown Emoji")
        return web.Response(status=204)

    # --- plumbing --------------------------------------------------------------------------

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        if request.path == "/":
            response: web.StreamResponse = await handler(request)
            return response
        path = request.path.removeprefix(API_PREFIX)
        self.requests.append((request.method, path))
        now = time.perf_counter()
        self.request_times.append(now)
        if (
            not interaction_route(path)
            and request.headers.get("Authorization") != f"Bot {self.token}"
        ):
            return error(401, 0, "401: Unauthorized")
        if counts_globally(path):
            wait = self._global_wait(now)
            if wait > 0:
                self.globally_limited += 1
                body = {"message": "You are being rate limited.", "retry_after": wait}
                headers = {"X-RateLimit-Global": "true", "Via": "1.1 google"}
                return json_response(body | {"global": True}, 429, headers)
            self.counted_times.append(now)
        resource = request.match_info.route.resource
        template = path if resource is None else resource.canonical.removeprefix(API_PREFIX)
        for key in ((request.method, path), (request.method, template)):
            if self._disconnects.get(key, 0) > 0:
                self._disconnects[key] -= 1
                self.disconnected.append((request.method, path))
                if request.transport is not None:
                    request.transport.abort()
                return web.Response(status=204)  # never reaches the client
            if self._rate_limits.get(key, 0) > 0:
                self._rate_limits[key] -= 1
                self.rate_limited.append((request.method, path))
                body = {"message": "You are being rate limited.", "retry_after": 0.05}
                return json_response(body | {"global": False}, 429, {"Via": "1.1 google"})
            failures = self._failures.get(key)
            if failures:
                status, code = failures.pop()
                self.failed.append((request.method, path, status))
                return error(status, code, f"{status}: the fake was told to fail this request")
        response = await handler(request)
        delay = max(
            self._delays.get(key, 0.0)
            for key in ((request.method, path), (request.method, template))
        )
        if delay > 0:
            await asyncio.sleep(delay)
        return response

    def _global_wait(self, now: float) -> float:
        """Seconds until a counted request made at ``now`` fits under ``global_limit`` (the
        second before it already holds that many accepted); 0 when it fits now."""
        limit = self.global_limit
        if limit is None or len(self.counted_times) < limit:
            return 0.0
        oldest = self.counted_times[-limit]  # the limit-th latest accepted
        return max(0.0, oldest + 1.0 - now)

    async def dispatch(self, event: str, data: JSON) -> None:
        """Send a gateway DISPATCH to the connected sessions of its guild's shard (shard 0
        for an event with no guild, such as a click in a DM)."""
        guild = data.get("guild_id")
        shard = self.shard_of(None if guild is None else int(guild))
        # Message events go only to sessions that asked for them (their intents).
        wanted = 0
        if event.startswith("MESSAGE_"):
            wanted = DIRECT_MESSAGES if guild is None else GUILD_MESSAGES
        async with self._send_lock:
            for socket, (held, count) in list(self._sockets.items()):
                if held == shard % count and self._intents.get(socket, 0) & wanted == wanted:
                    await self._send(socket, event, data)

    async def _send(self, socket: web.WebSocketResponse, event: str, data: JSON) -> None:
        if not socket.closed:
            frame = {"op": 0, "t": event, "s": next(self._sequence), "d": data}
            await socket.send_str(json.dumps(frame))

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 16}
        return json_response(
            {"url": self.gateway_url, "shards": self.shards, "session_start_limit": limit}
        )

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        await socket.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41_250}}))
        async for frame in socket:
            if frame.type != WSMsgType.TEXT:
                break
            message = json.loads(frame.data)
            if message["op"] == 1:
                await socket.send_str(json.dumps({"op": 11}))
            elif message["op"] == 2:
                held, count = message["d"].get("shard") or (0, 1)
                self.identified.append((held, count))
                async with self._send_lock:
                    self._sockets[socket] = (held, count)
                    self._intents[socket] = message["d"].get("intents", 0)
                    await self._identify(socket, held, count)
        self._sockets.pop(socket, None)
        self._intents.pop(socket, None)
        return socket

    async def _identify(self, socket: web.WebSocketResponse, shard: int, count: int) -> None:
        guilds = [g for g in self.guilds if (g >> 22) % count == shard]
        await self._send(
            socket,
            "READY",
            {
                "v": 10,
                "user": self.bot_user.payload(),
                "guilds": [{"id": str(guild), "unavailable": True} for guild in guilds],
                "session_id": secrets.token_hex(16),
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.app_id), "flags": 0},
                "shard": [shard, count],
            },
        )
        for guild in guilds:
            await self._send(socket, "GUILD_CREATE", self._guild_payload(guild))

    def _guild_payload(self, guild: int) -> JSON:
        everyone = {
            "id": str(guild),
            "name": "@everyone",
            "permissions": str(MEMBER_PERMISSIONS),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        members = [user.member_payload() for user in self.users.values()]
        channels = [
            c.payload(guild)
            for c in self.channels.values()
            if (c.guild or self.guild_id) == guild and c.parent is None
        ]
        return {
            "id": str(guild),
            "name": "Fake Guild",
            "owner_id": str(self.owner.id),
            "joined_at": timestamp(),
            "large": False,
            "unavailable": False,
            "member_count": len(members) + 1,
            "roles": [everyone, *(self.roles if guild == self.guild_id else [])],
            "members": [*members, self.bot_user.member_payload()],
            "channels": channels,
            "threads": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_tier": 0,
            "preferred_locale": self.guild_locale,
        }


def interaction_route(path: str) -> bool:
    """An interaction's callback or webhook (``path`` without the API prefix): authorised by the
    interaction's token in the path rather than the bot's, and not counted against the bot's
    global rate limit."""
    return path.startswith(("/interactions/", "/webhooks/"))


def counts_globally(path: str) -> bool:
    """Whether Discord's global rate limit counts a request to ``path`` (without the API
    prefix): every request authorised by the bot's token does; interactions' callbacks and
    everything sent with a token in the path (follow-ups, edits and deletions through an
    interaction's webhook) does not."""
    return not interaction_route(path)


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # Exactly ``application/json``: discord.py compares the whole header (no charset).
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"code": code, "message": message}, status)


def invalid_form_body(errors: JSON) -> web.Response:
    """Discord's 400 for a request body that breaks its rules, ``errors`` nested as the body
    is, each broken field's list under ``_errors``."""
    return json_response({"code": 50035, "message": "Invalid Form Body", "errors": errors}, 400)


def field_error(code: str, message: str) -> JSON:
    return {"_errors": [{"code": code, "message": message}]}


def name_error(name: object) -> JSON | None:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return field_error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
    if COMMAND_NAME.fullmatch(name) is None or name != name.lower():
        return field_error("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    return None


def text_error(text: object) -> JSON | None:
    if not isinstance(text, str) or not 1 <= len(text) <= LONGEST_DESCRIPTION:
        return field_error("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
    return None


def too_many(items: list[Any], most: int) -> JSON | None:
    if len(items) > most:
        return field_error("BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")
    return None


def localized_errors(
    found: JSON, item: JSON, key: str, check: Callable[[object], JSON | None]
) -> None:
    """Check ``item[key]`` and each of its translations (``key_localizations``) into ``found``."""
    if (problem := check(item.get(key))) is not None:
        found[key] = problem
    translations = item.get(f"{key}_localizations") or {}
    broken = {locale: p for locale, text in translations.items() if (p := check(text))}
    if broken:
        found[f"{key}_localizations"] = broken


def option_errors(option: JSON) -> JSON:
    """What breaks Discord's limits in a command option (or subcommand, or group)."""
    found: JSON = {}
    localized_errors(found, option, "name", name_error)
    localized_errors(found, option, "description", text_error)
    choices: list[JSON] = option.get("choices") or []
    if (problem := too_many(choices, MOST_CHOICES)) is not None:
        found["choices"] = problem
    else:
        for i, choice in enumerate(choices):
            bad: JSON = {}
            localized_errors(bad, choice, "name", text_error)
            if isinstance(choice.get("value"), str) and (problem := text_error(choice["value"])):
                bad["value"] = problem
            if bad:
                found.setdefault("choices", {})[str(i)] = bad
    found |= options_errors(option.get("options") or [])
    return found


def options_errors(options: list[JSON]) -> JSON:
    if (problem := too_many(options, MOST_OPTIONS)) is not None:
        return {"options": problem}
    broken = {str(i): found for i, option in enumerate(options) if (found := option_errors(option))}
    return {"options": broken} if broken else {}


def command_errors(command: JSON) -> JSON:
    """What breaks Discord's limits in a slash command's definition, nested as Discord
    reports it (empty: none). Context-menu commands have other rules, not checked here."""
    if command.get("type", CHAT_INPUT) != CHAT_INPUT:
        return {}
    found = option_errors(command)
    if not found and characters(command) > MOST_COMMAND_CHARACTERS:
        found["_errors"] = [
            {
                "code": "APPLICATION_COMMAND_TOO_LARGE",
                "message": f"Command exceeds maximum size ({MOST_COMMAND_CHARACTERS})",
            }
        ]
    return found


def characters(item: JSON) -> int:
    """The characters Discord counts against a command's size: names, descriptions and
    choice values, its options' and choices' included (in English)."""
    own = len(str(item.get("name", ""))) + len(str(item.get("description", "")))
    own += len(str(item["value"])) if "value" in item else 0
    nested = [*(item.get("options") or []), *(item.get("choices") or [])]
    return own + sum(characters(child) for child in nested)


@asynccontextmanager
async def running(
    bot: discord.Client, fake: FakeDiscord | FakeAddress
) -> AsyncIterator[discord.Client]:
    """Log ``bot`` in to ``fake`` (here, or at its address in another process), connect it on
    the running loop, wait until it is ready; close it on exit."""
    await bot.login(fake.token)
    connection = asyncio.create_task(bot.connect(reconnect=False))
    ready = asyncio.create_task(bot.wait_until_ready())
    try:
        done, _ = await asyncio.wait(
            {connection, ready}, timeout=WAIT_SECONDS, return_when=asyncio.FIRST_COMPLETED
        )
        if connection in done:
            connection.result()
            raise AssertionError("the bot disconnected before it was ready")
        if ready not in done:
            raise AssertionError("the bot did not become ready")
        yield bot
    finally:
        ready.cancel()
        await bot.close()
        await connection
