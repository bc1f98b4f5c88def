"""The fake Discord server against the real discord.py client, with a test-only cog."""

import asyncio

import discord
import discord.gateway
import discord.http
import discord.webhook.async_
import yarl
from discord import app_commands
from discord.ext import commands

from devtools.fake_discord import FakeDiscord, counts_globally, running


class ClickView(discord.ui.View):
    """A button that rewrites its own message: found again by the message id sent back."""

    @discord.ui.button(label="Press", custom_id="probe:press")
    async def press(
        self, interaction: discord.Interaction, button: discord.ui.Button["ClickView"]
    ) -> None:
        await interaction.response.edit_message(
            content=f"pressed by {interaction.user.name}", view=None
        )


class Probe(commands.GroupCog, group_name="probe"):
    """Each command exercises one piece of the fake."""

    deep = app_commands.Group(name="deep", description="a subcommand group")

    @app_commands.command(description="an ephemeral reply")
    async def ping(self, interaction: discord.Interaction, word: str, times: int = 1) -> None:
        await interaction.response.send_message(f"pong {word * times}", ephemeral=True)

    @app_commands.command(description="a message with a button")
    async def button(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("press it", view=ClickView())

    @app_commands.command(description="deferred, then edited, then a follow-up")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content="done")
        await interaction.followup.send("and more", ephemeral=True)

    @app_commands.command(description="DM a member")
    async def dm(self, interaction: discord.Interaction, member: discord.Member) -> None:
        try:
            await member.send("hello")
        except discord.Forbidden as error:
            await interaction.response.send_message(f"closed {error.code}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @app_commands.command(description="post in the channel")
    async def say(self, interaction: discord.Interaction, text: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        message = await interaction.channel.send(text)
        await message.edit(content=f"{text}!")
        await interaction.response.send_message("said", ephemeral=True)

    @app_commands.command(description="autocomplete")
    async def pick(self, interaction: discord.Interaction, fruit: str) -> None:
        await interaction.response.send_message(f"picked {fruit}", ephemeral=True)

    @pick.autocomplete("fruit")
    async def pick_fruit(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        fruits = ["apple", "apricot", "banana"]
        return [app_commands.Choice(name=f, value=f) for f in fruits if f.startswith(current)]

    @deep.command(description="inside a group")
    async def inner(self, interaction: discord.Interaction, value: int) -> None:
        await interaction.response.send_message(f"inner {value + 1}", ephemeral=True)


class ProbeBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.01,
            chunk_guilds_at_startup=False,
        )

    async def setup_hook(self) -> None:
        await self.add_cog(Probe())
        await self.tree.sync()


def test_the_patch_points_are_where_the_fake_expects_them() -> None:
    # If discord.py moves these internals, every Discord test would silently hit the internet.
    assert discord.version_info[:2] == (2, 7)
    assert discord.http.Route.BASE == "https://discord.com/api/v10"
    assert discord.http.Route("GET", "/users/@me").url == "https://discord.com/api/v10/users/@me"
    assert vars(discord.webhook.async_)["Route"] is discord.http.Route
    assert yarl.URL("wss://gateway.discord.gg/") == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


async def test_login_ready_and_command_sync(fake: FakeDiscord) -> None:
    async with running(ProbeBot(), fake) as bot:
        assert bot.user is not None and bot.user.id == fake.bot_user.id
        guild = bot.get_guild(fake.guild_id)
        assert guild is not None
        assert {c.name for c in guild.text_channels} == {"general", "cards", "lounge"}
        assert ("GET", "/oauth2/applications/@me") in fake.requests
        probe = fake.commands[None]["probe"]
        assert {o["name"] for o in probe["options"]} >= {"ping", "deep", "dm"}


async def test_slash_command_with_options_replies_ephemerally(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with running(ProbeBot(), fake):
        record = await fake.slash(alice, "probe", "ping", word="ab", times=2)
        assert record.text == "pong abab"
        assert record.original is not None and record.original.ephemeral
        assert fake.messages(fake.channel("general")) == []
        inner = await fake.slash(alice, "probe", "deep", "inner", value=41)
        assert inner.text == "inner 42"


async def test_deferred_answer_is_edited_and_followed_up(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with running(ProbeBot(), fake):
        record = await fake.slash(alice, "probe", "slow")
        await fake.wait_for(lambda: record.followups, "the follow-up")
        assert [m.content for m in record.responses] == ["done", "and more"]
        assert all(m.ephemeral for m in record.responses)


async def test_a_click_finds_the_view_by_the_message_id_and_edits_the_message(
    fake: FakeDiscord,
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running(ProbeBot(), fake) as bot:
        await fake.slash(alice, "probe", "button")
        [message] = fake.messages(fake.channel("general"))
        assert message.custom_ids() == ["probe:press"]
        # The fake hears the answer before the client has read the reply to it and kept
        # the view under the message's id: a click in between would find no view.
        views = bot._connection._view_store
        await fake.wait_for(lambda: views.is_message_tracked(message.id), "the view kept")
        await fake.click(bob, message, "Press")
        assert message.content == "pressed by bob"
        assert message.components == []


async def test_autocomplete_offers_the_bots_choices(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    async with running(ProbeBot(), fake):
        choices = await fake.autocomplete(alice, "probe", "pick", focus="fruit", fruit="ap")
        assert [c["value"] for c in choices] == ["apple", "apricot"]


async def test_a_dm_to_a_member_with_closed_dms_raises_forbidden_50007(fake: FakeDiscord) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.close_dms(bob)
    async with running(ProbeBot(), fake):
        assert (await fake.slash(alice, "probe", "dm", member=alice)).text == "sent"
        assert [m.content for m in fake.dms(alice)] == ["hello"]
        assert (await fake.slash(alice, "probe", "dm", member=bob)).text == "closed 50007"
        assert fake.dms(bob) == []


async def test_a_429_is_retried_by_the_client(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    fake.rate_limit("POST", "/channels/{channel}/messages", times=2)
    fake.rate_limit("PATCH", "/channels/{channel}/messages/{message}", times=1)
    async with running(ProbeBot(), fake):
        assert (await fake.slash(alice, "probe", "say", text="hi")).text == "said"
        assert [m.content for m in fake.messages(general)] == ["hi!"]
        assert [method for method, _ in fake.rate_limited] == ["POST", "POST", "PATCH"]


async def test_the_global_limit_counts_the_bots_own_requests_and_never_interactions(
    fake: FakeDiscord,
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    # Discord's rule: interaction endpoints are not bound to the global rate limit, nor is
    # what is sent with a token in the path; everything the bot's token authorises is.
    assert counts_globally("/channels/1/messages") and counts_globally("/users/@me/channels")
    assert not counts_globally("/interactions/1/token/callback")
    assert not counts_globally("/webhooks/1/token/messages/@original")
    async with running(ProbeBot(), fake):
        fake.global_limit = 1
        counted = len(fake.counted_times)
        # A post and its edit count (the edit waits for the second to pass); the command's
        # answer does not, and is answered all the same.
        assert (await fake.slash(alice, "probe", "say", text="hi")).text == "said"
        record = await fake.slash(alice, "probe", "slow")
        await fake.wait_for(lambda: record.followups, "the follow-up")
    assert [m.content for m in fake.messages(general)] == ["hi!"]
    assert fake.globally_limited >= 1 and len(fake.counted_times) == counted + 2
    post, edit = fake.counted_times[-2:]
    assert edit - post >= 1.0  # never two in one second


async def test_application_emojis_are_kept_and_refused_as_discord_would(
    fake: FakeDiscord,
) -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(64)
    async with running(ProbeBot(), fake) as bot:
        made = await bot.create_application_emoji(name="sb_AS", image=png)
        assert made.name == "sb_AS" and fake.app_emojis[made.id].image == png
        refused = [
            ("x", png),  # a name of 2 to 32 letters, digits and underscores
            ("sb_AS", png),  # taken
            ("sb_QS", b"\x89PNG\r\n\x1a\n" + bytes(256 * 1024)),  # over 256 KiB
        ]
        for name, image in refused:
            try:
                await bot.create_application_emoji(name=name, image=image)
            except discord.HTTPException as error:
                assert error.status == 400
            else:
                raise AssertionError(f"{name!r} was taken")
    # The application keeps them: another start of the client finds them by name.
    async with running(ProbeBot(), fake) as bot:
        [kept] = await bot.fetch_application_emojis()
        assert (kept.id, kept.name) == (made.id, "sb_AS")
        await kept.delete()
        assert await bot.fetch_application_emojis() == []
        fake.fail("GET", "/applications/{app}/emojis", 503)
        try:
            await bot.fetch_application_emojis()
        except discord.HTTPException as error:
            assert error.status == 503
        else:
            raise AssertionError("the failure the test asked for did not happen")


async def test_created_messages_are_listed_deleted_or_not_with_how_they_notified(
    fake: FakeDiscord,
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    async with running(ProbeBot(), fake) as bot:
        channel = bot.get_channel(general.id)
        assert isinstance(channel, discord.TextChannel)
        loud = await channel.send("loud")
        quiet = await channel.send("quiet", silent=True)
        await loud.edit(content="edited")
        await quiet.delete()
        dm = await bot.create_dm(discord.Object(alice.id))
        await dm.send("psst", silent=True)
    assert [m.content for m in fake.created(general)] == ["edited", "quiet"]
    assert [m.content for m in fake.messages(general)] == ["edited"]
    first, second = fake.created(general)
    assert first.notifies and first.edits == 1 and not first.deleted
    assert not second.notifies and second.deleted
    [psst] = fake.created_dms(alice)
    assert psst.content == "psst" and not psst.notifies


async def test_sharded_sessions_hear_their_guilds_and_dms_come_on_shard_0(
    sharded_fake: FakeDiscord,
) -> None:
    fake = sharded_fake
    [zero] = fake.add_guild(("zero",), shard=0)
    [one] = fake.add_guild(("one",), shard=1)
    ann = fake.add_user("ann")
    heard: dict[int, list[str]] = {0: [], 1: []}
    clients = []
    for shard in (0, 1):
        client = discord.AutoShardedClient(
            intents=discord.Intents.default(), shard_count=2, shard_ids=[shard]
        )

        async def on_message(message: discord.Message, shard: int = shard) -> None:
            heard[shard].append(message.content)

        client.event(on_message)
        clients.append(client)
    async with running(clients[0], fake), running(clients[1], fake):
        assert sorted(fake.identified) == [(0, 2), (1, 2)]
        # A client that does not set a count asks for it.
        shards, _url, _limits = await clients[0].http.get_bot_gateway()
        assert shards == 2
        # Each session is told of the guilds on its shard only.
        assert zero.guild in {g.id for g in clients[0].guilds}
        assert one.guild in {g.id for g in clients[1].guilds}
        assert one.guild not in {g.id for g in clients[0].guilds}
        assert zero.guild not in {g.id for g in clients[1].guilds}
        # A guild's message goes to its shard's session; a DM's to shard 0's.
        channel = clients[1].get_channel(one.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("in one")
        dm = await clients[1].create_dm(discord.Object(ann.id))
        await dm.send("a dm")
        await fake.wait_for(lambda: heard[1] and heard[0], "both messages heard")
        assert heard == {0: ["a dm"], 1: ["in one"]}


async def test_a_wait_woken_by_its_channel_sees_a_new_message_before_its_next_look(
    fake: FakeDiscord,
) -> None:
    # The benchmark's members wait for their turn this way: a message posted in the
    # channel wakes the wait at once, though it would look again only after a minute.
    general = fake.channel("general")
    async with running(ProbeBot(), fake) as bot:
        channel = bot.get_channel(general.id)
        assert isinstance(channel, discord.TextChannel)

        def probe() -> str | None:
            posted = fake.messages(general)
            return posted[-1].content if posted else None

        waiting = asyncio.create_task(
            fake.wait_for(probe, "a message", timeout=120, poll=60, wake=lambda: general.id)
        )
        await asyncio.sleep(0)  # the wait has looked once and sleeps
        await channel.send("your turn")
        assert await asyncio.wait_for(waiting, 30) == "your turn"
