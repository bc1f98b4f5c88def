"""LiveMessage through the fake server: coalesced edits, a deleted message, closed DMs."""

import asyncio

import discord
import pytest
from discord.ext import commands

from cogs._live import LiveMessage, Picture
from devtools.fake_discord import FakeChannel, FakeDiscord, running


def plain_bot() -> commands.Bot:
    return commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents.default(),
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )


def text_channel(bot: commands.Bot, channel: FakeChannel) -> discord.TextChannel:
    """discord.py's channel for the fake's text channel ``channel``."""
    found = bot.get_channel(channel.id)
    assert isinstance(found, discord.TextChannel)
    return found


async def first_posted(bot: commands.Bot, channel: FakeChannel) -> LiveMessage:
    """A live message in ``channel`` that edits without waiting, "first" posted there."""
    live = LiveMessage(text_channel(bot, channel), interval=0)
    live.show(Picture("first"))
    await live.settle()
    return live


async def test_a_burst_of_updates_becomes_one_post_and_one_edit(fake: FakeDiscord) -> None:
    general = fake.channel("general")
    posted: list[int] = []

    async def remember(message_id: int) -> None:
        posted.append(message_id)

    async with running(plain_bot(), fake) as bot:
        live = LiveMessage(text_channel(bot, general), interval=0.05, on_posted=remember)
        live.show(Picture("state 0"))
        await live.settle()
        for n in range(1, 50):
            live.show(Picture(f"state {n}"))
        await live.settle()
        [message] = fake.messages(general)
        assert message.content == "state 49"
        assert posted == [message.id]
        writes = [r for r in fake.requests if r[1].startswith(f"/channels/{general.id}/")]
        assert [method for method, _ in writes] == ["POST", "PATCH"]


async def test_a_drawn_picture_is_drawn_once_an_edit_with_the_newest_state(
    fake: FakeDiscord,
) -> None:
    # A table's message under load: fifty changes while an edit waits make one drawing,
    # of the state when the edit goes out, not fifty.
    general = fake.channel("general")
    state = [0]
    drawings: list[int] = []

    def draw() -> Picture:
        drawings.append(state[0])
        return Picture(f"state {state[0]}")

    async with running(plain_bot(), fake) as bot:
        live = LiveMessage(text_channel(bot, general), interval=0.05, delay=0.05)
        live.show(draw)
        await live.settle()
        for n in range(1, 50):
            state[0] = n
            live.show(draw)
        await live.settle()
        [message] = fake.messages(general)
        assert message.content == "state 49"
        assert drawings == [0, 49]
        live.freeze()  # drawn once more, to keep what it shows without controls
        await live.settle()
        assert drawings == [0, 49, 49] and fake.messages(general)[0].content == "state 49"


async def test_a_connection_lost_on_the_way_is_retried_with_the_newest_picture(
    fake: FakeDiscord,
) -> None:
    # A reset connection is no answer from Discord: the edit (a member's turn, say) is not
    # lost with it but goes out, newest picture first, after a short wait.
    general = fake.channel("general")
    async with running(plain_bot(), fake) as bot:
        live = await first_posted(bot, general)
        fake.disconnect("PATCH", "/channels/{channel}/messages/{message}", times=2)
        live.show(Picture("second"))
        await live.settle()
        [message] = fake.messages(general)
        assert message.content == "second" and len(fake.disconnected) == 2


async def test_a_deleted_message_is_posted_again(fake: FakeDiscord) -> None:
    general = fake.channel("general")
    async with running(plain_bot(), fake) as bot:
        live = await first_posted(bot, general)
        fake.messages(general)[0].deleted = True
        live.show(Picture("second"))
        await live.settle()
        [message] = fake.messages(general)
        assert message.content == "second" and live.message_id == message.id


async def test_a_closed_dm_is_reported_once_and_nothing_more_is_sent(fake: FakeDiscord) -> None:
    bob = fake.add_user("bob")
    fake.close_dms(bob)
    closed: list[bool] = []

    async def note_closed() -> None:
        closed.append(True)

    async with running(plain_bot(), fake) as bot:
        dm = await bot.create_dm(discord.Object(bob.id))
        live = LiveMessage(dm, interval=0, on_closed=note_closed)
        live.show(Picture("your hand"))
        await live.settle()
        live.show(Picture("your hand again"))
        await live.settle()
        assert closed == [True] and live.closed
        assert fake.dms(bob) == []


async def test_an_edit_that_changes_nothing_is_not_sent(fake: FakeDiscord) -> None:
    general = fake.channel("general")
    async with running(plain_bot(), fake) as bot:
        live = await first_posted(bot, general)
        requests = len(fake.requests)
        live.show(Picture("first"))
        await live.settle()
        # Shown by an interaction's answer already: no edit either.
        live.shown_elsewhere(Picture("second"))
        live.show(Picture("second"))
        await live.settle()
        assert len(fake.requests) == requests
        live.show(Picture("third"))
        await live.settle()
        [message] = fake.messages(general)
        assert message.content == "third" and message.edits == 1


async def test_a_replacing_message_lands_below_the_one_it_replaces(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with running(plain_bot(), fake) as bot:
        dm = await bot.create_dm(discord.Object(alice.id))
        opening = asyncio.Event()
        opened = asyncio.Event()

        async def slow_open() -> discord.DMChannel:
            # Opening the DM takes a while: the older message is under way meanwhile.
            opening.set()
            await opened.wait()
            return dm

        controls = discord.ui.View()
        controls.add_item(discord.ui.Button(label="Play", custom_id="play"))
        older = LiveMessage(slow_open, interval=0)
        older.show(Picture("older", controls))
        await opening.wait()
        older.freeze()  # superseded while its post is under way
        newer = LiveMessage(dm, interval=0, after=older)
        newer.show(Picture("newer"))
        # The newer waits for the older's post, however long it takes.
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(newer.settle(), 0.2)
        assert fake.created_dms(alice) == []
        opened.set()
        await newer.settle()
        await older.settle()
        assert [m.content for m in fake.created_dms(alice)] == ["older", "newer"]
        # The older one lost its controls once it had landed.
        assert fake.created_dms(alice)[0].controls() == []
