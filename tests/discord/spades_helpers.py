"""Helpers for the /spades acceptance tests: a SpadesBot wired for tests, and members who
play their turns by clicking the controls the bot sent them."""

from __future__ import annotations

import datetime
import itertools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import SpadesBot
from bot.config import Settings
from bot.engine import Rules
from bot.storage.records import MemoryStore, TableStore
from bot.storage.store import Storage
from bot.tables import Clock, TableSettings
from devtools.fake_discord import (
    MANAGE_GUILD,
    MEMBER_PERMISSIONS,
    FakeChannel,
    FakeDiscord,
    FakeUser,
    RecordedMessage,
)

# One hand decides the game: whole games in a test stay short.
ONE_HAND = Rules(play_to="hands", hands_to_play=1)
CONTROL_ID = re.compile(r"spades:(\d+):(\d+):(.+)")
SELECT = 3  # component type


def expire_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every interaction's token counts as expired (the clock reads 14.5 minutes on): what
    the bot sends goes by its own routes, through the channels, as after a quiet while."""
    later = discord.utils.utcnow() + datetime.timedelta(minutes=14, seconds=30)
    monkeypatch.setattr(discord.utils, "utcnow", lambda: later)


def manager(fake: FakeDiscord, name: str = "Ada") -> FakeUser:
    """A member who also holds Manage Server: sets house rules and the server's language,
    opens tournaments."""
    return fake.add_user(name, permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)


async def one_hand_rules(database: str | Path, *guilds: int) -> None:
    """House rules of one hand a game for ``guilds``, stored in ``database`` (an SQLite
    file or a PostgreSQL URL) for the bots that open it next."""
    storage = await Storage.open(database)
    try:
        for guild in guilds:
            await storage.house_rules.set_option(guild, "play_to", "hands")
            await storage.house_rules.set_option(guild, "hands_to_play", "1")
    finally:
        await storage.close()


def make_bot(
    fake: FakeDiscord,
    *,
    store: TableStore | None = None,
    storage: Storage | None = None,
    settings: Settings | None = None,
    clock: Clock | None = None,
    timers: bool = False,
    bot_delay: float = 0,
    extensions: tuple[str, ...] = ("cogs.spades",),
    heartbeat: Path | None = None,
    card_emojis: bool = False,
    edit_interval: float = 0,
) -> SpadesBot:
    """A bot with instant edits (unless ``edit_interval``) and seeded deals, no bot delay or
    turn timers unless asked. Without ``store``,
    ``storage`` or a database path in ``settings``, an in-memory store whose server rules
    are ``ONE_HAND``. Cards are text unless ``card_emojis`` (the emojis' own tests)."""
    if store is None and storage is None and settings is None:
        store = MemoryStore({fake.guild_id: ONE_HAND})
    return SpadesBot(
        settings or Settings(_env_file=None),  # type: ignore[call-arg]
        store,
        storage=storage,
        table_settings=TableSettings(bot_delay=bot_delay, turn_timers=timers, idle_close=None),
        clock=clock,
        edit_interval=edit_interval,
        edit_delay=0,
        request_rate=None,
        seeds=itertools.count(1),
        extensions=list(extensions),
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
        heartbeat=heartbeat,
        card_emojis=card_emojis,
    )


def seq_of(control: dict[str, Any]) -> int:
    match = CONTROL_ID.fullmatch(control["custom_id"])
    assert match is not None, control["custom_id"]
    return int(match[2])


def action_controls(message: RecordedMessage) -> list[dict[str, Any]]:
    """The controls that act (not "My hand", "Why?" or "Rematch")."""
    return [
        c
        for c in message.controls()
        if CONTROL_ID.fullmatch(c["custom_id"])
        and not c["custom_id"].endswith((":hand", ":why", ":rematch"))
    ]


def fresh(message: RecordedMessage, after: int) -> bool:
    """The message offers actions drawn after table seq ``after``."""
    found = action_controls(message)
    return bool(found) and seq_of(found[0]) > after


async def first_dm_turn(
    fake: FakeDiscord, user: FakeUser, after: int, what: str
) -> RecordedMessage:
    """The first of ``user``'s DMs that offers actions drawn after table seq ``after``, as it
    is then, once there is one (``what`` names it if none comes)."""
    return await fake.wait_for(
        lambda: next((m.snapshot() for m in fake.dms(user) if fresh(m, after)), None), what
    )


async def bid_three_by_dm(fake: FakeDiscord, user: FakeUser) -> tuple[int, RecordedMessage]:
    """``user`` bids 3 from the DM offering their bid; returns the bid's table seq and the
    DM that then offers their first card."""
    bidding = await first_dm_turn(fake, user, -1, "a bid")
    await fake.click(user, bidding, ":b3")
    after_bid = seq_of(action_controls(bidding)[0])
    return after_bid, await first_dm_turn(fake, user, after_bid, "a card to play")


def ephemerals(fake: FakeDiscord, user: FakeUser) -> list[RecordedMessage]:
    """Every ephemeral message the bot showed ``user``, oldest first."""
    shown = {
        message.id: message
        for record in fake.interactions.values()
        if record.user is user
        for message in record.responses
        if message.ephemeral and not message.deleted
    }
    return [shown[key] for key in sorted(shown)]


def hands(fake: FakeDiscord, user: FakeUser) -> list[RecordedMessage]:
    """Where ``user``'s hand is shown to them: DMs and ephemeral messages."""
    return fake.dms(user) + ephemerals(fake, user)


def board(fake: FakeDiscord, channel: FakeChannel) -> RecordedMessage | None:
    """The table message in ``channel``: the newest message showing a table."""
    shown = [
        m
        for m in fake.messages(channel)
        if m.content.startswith(("**Spades", "**Game over", "**Table closed"))
    ]
    return shown[-1] if shown else None


def game_over(fake: FakeDiscord, channel: FakeChannel) -> bool:
    message = board(fake, channel)
    return message is not None and message.content.startswith("**Game over")


async def click_first(
    fake: FakeDiscord, user: FakeUser, message: RecordedMessage
) -> dict[str, Any]:
    """Click the first control offered (for a select, its first options); returns it."""
    control = action_controls(message)[0]
    values = None
    if control["type"] == SELECT:
        values = [o["value"] for o in control["options"][: control.get("min_values", 1)]]
    answer = await fake.click(user, message, control["custom_id"], values=values)
    assert "earlier moment" not in answer.text, answer.text
    return control


async def click_until(
    fake: FakeDiscord,
    user: FakeUser,
    wanted: Callable[[RecordedMessage], bool],
    what: str,
    prefer: str | None = None,
) -> RecordedMessage:
    """``user`` acts from each newest DM of theirs as it comes (the control labelled
    ``prefer`` when it is offered, else the first) until one is ``wanted``: that DM, as it
    is then, unclicked."""
    last = -1
    while True:
        dm: RecordedMessage = (
            await fake.wait_for(
                lambda after=last: next((m for m in fake.dms(user)[-1:] if fresh(m, after)), None),
                what,
            )
        ).snapshot()
        if wanted(dm):
            return dm
        if prefer is not None and prefer in [c.get("label") for c in dm.controls()]:
            await fake.click(user, dm, prefer)
            last = seq_of(dm.controls()[0])
        else:
            last = seq_of(await click_first(fake, user, dm))


async def play_out(
    fake: FakeDiscord, users: list[FakeUser], channel: FakeChannel, after: int = -1
) -> int:
    """Every member plays the first action offered to them after table seq ``after``,
    wherever their hand shows, until the game is over. Returns how many times they acted."""
    last = after
    acted = 0

    def turn() -> tuple[FakeUser, RecordedMessage] | bool:
        if game_over(fake, channel):
            return True
        for user in users:
            for message in reversed(hands(fake, user)):
                if fresh(message, last):
                    return user, message
        return False

    while True:
        found = await fake.wait_for(turn, "a member's turn or the end of the game")
        if found is True:
            return acted
        assert isinstance(found, tuple)
        user, message = found
        last = seq_of(await click_first(fake, user, message.snapshot()))
        acted += 1
