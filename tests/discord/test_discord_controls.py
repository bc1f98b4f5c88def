"""Action controls through the fake server: clicks route by custom id, even after a restart."""

import discord
import pytest
from discord.ext import commands

from bot.engine import Game, Rules
from cogs._errors import APOLOGY
from cogs._ui import ActionButton, ActionSelect, Click, as_view, controls, set_click_handler
from devtools.fake_discord import FakeDiscord, running


def controls_bot() -> commands.Bot:
    bot = commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents.default(),
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )
    bot.add_dynamic_items(ActionButton, ActionSelect)
    return bot


@pytest.fixture
def clicks() -> list[Click]:
    heard: list[Click] = []

    async def handler(interaction: discord.Interaction, click: Click) -> None:
        heard.append(click)
        await interaction.response.send_message(f"got {click.code}", ephemeral=True)

    set_click_handler(handler)
    return heard


async def test_buttons_and_selects_reach_the_handler_after_a_restart(
    fake: FakeDiscord, clicks: list[Click]
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    game = Game.new(Rules.preset("classic"), seed=5)
    view = game.view(game.to_act or 0)
    async with running(controls_bot(), fake) as bot:
        channel = bot.get_channel(general.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("bid", view=as_view(controls(view, 7, 0, ["S", "W", "N", "E"])))
        options = [discord.SelectOption(label=c, value=f"c{c}") for c in ("AS", "KH")]
        select = ActionSelect(Click(8, 3, "pick"), options, "Play")
        await channel.send("play", view=as_view([select]))
    bids, plays = fake.messages(general)
    async with running(controls_bot(), fake):
        assert (await fake.click(alice, bids, "Nil")).text == "got b0"
        assert (await fake.click(alice, plays, "Play", values=["cKH"])).text == "got cKH"
    assert clicks == [Click(7, 0, "b0"), Click(8, 3, "cKH")]


async def test_a_failing_handler_still_answers_the_click(fake: FakeDiscord) -> None:
    async def broken(interaction: discord.Interaction, click: Click) -> None:
        raise RuntimeError("bug")

    set_click_handler(broken)
    alice = fake.add_user("alice")
    game = Game.new(Rules.preset("classic"), seed=5)
    async with running(controls_bot(), fake) as bot:
        channel = bot.get_channel(fake.channel("general").id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send(
            "bid", view=as_view(controls(game.view(game.to_act or 0), 7, 0, ["a"] * 4))
        )
        [message] = fake.messages(fake.channel("general"))
        assert (await fake.click(alice, message, "Nil")).text == APOLOGY
