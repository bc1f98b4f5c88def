"""SpadesBot's start-up against the fake server: extensions, command sync, the error handler."""

import asyncio
import logging
import pkgutil
import threading
from collections.abc import Iterator
from pathlib import Path

import discord
import discord.http
import pytest
from discord import app_commands
from discord.ext import commands

import cogs
from bot.cli import main
from bot.client import EXTENSIONS, SpadesBot
from bot.config import Settings
from bot.engine import IllegalAction
from bot.storage.records import MemoryStore
from cogs._errors import APOLOGY, install_error_handler
from devtools.fake_discord import MANAGE_MESSAGES, FakeDiscord, running


class Failing(commands.GroupCog, group_name="fail"):
    """Commands that fail in each way the error handler tells apart."""

    @app_commands.command(description="a refused move")
    async def illegal(self, interaction: discord.Interaction) -> None:
        raise IllegalAction("You must follow suit: you hold a heart.")

    @app_commands.command(description="our bug")
    async def crash(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("secret internals")

    @app_commands.command(description="for moderators")
    @app_commands.checks.has_permissions(manage_messages=True)
    async def moderate(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("done", ephemeral=True)


class FailingBot(SpadesBot):
    async def setup_hook(self) -> None:
        install_error_handler(self.tree)
        await self.add_cog(Failing())
        await super().setup_hook()


def make_bot(bot_class: type[SpadesBot] = SpadesBot, **settings: object) -> SpadesBot:
    return bot_class(
        Settings(_env_file=None, **settings),  # type: ignore[call-arg]
        MemoryStore(),
        extensions=["cogs.no_such_cog"],
        guild_ready_timeout=0.01,
        chunk_guilds_at_startup=False,
    )


def test_the_bot_loads_every_public_cog_module_by_name() -> None:
    public = {
        f"cogs.{module.name}"
        for module in pkgutil.iter_modules(cogs.__path__)
        if not module.name.startswith("_")
    }
    assert set(EXTENSIONS) == public


async def test_a_broken_extension_is_logged_and_the_bot_still_starts(
    fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="bot.client"):
        async with running(make_bot(), fake) as bot:
            assert bot.is_ready()
    assert "Could not load extension cogs.no_such_cog" in caplog.text
    assert ("PUT", f"/applications/{fake.app_id}/commands") in fake.requests


async def test_with_a_guild_id_commands_sync_to_that_guild(fake: FakeDiscord) -> None:
    async with running(make_bot(guild_id=fake.guild_id), fake):
        assert (
            "PUT",
            f"/applications/{fake.app_id}/guilds/{fake.guild_id}/commands",
        ) in fake.requests


async def test_errors_become_short_ephemeral_answers_and_bugs_are_logged(
    fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    alice = fake.add_user("alice")
    moderator = fake.add_user("mod", permissions=alice.permissions | MANAGE_MESSAGES)
    async with running(make_bot(FailingBot), fake):
        illegal = await fake.slash(alice, "fail", "illegal")
        assert illegal.text == "You must follow suit: you hold a heart."
        with caplog.at_level(logging.ERROR, logger="cogs._errors"):
            crash = await fake.slash(alice, "fail", "crash")
        assert crash.text == APOLOGY
        assert "secret internals" in caplog.text and "/fail crash" in caplog.text
        refused = await fake.slash(alice, "fail", "moderate")
        assert refused.text == "You need the Manage Messages permission for that."
        assert (await fake.slash(moderator, "fail", "moderate")).text == "done"
        assert all(m.ephemeral for r in (illegal, crash, refused) for m in r.responses)


@pytest.fixture
def fake_in_thread(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    """A fake server on its own loop in a thread, for code that runs its own loop
    (``bot.run``)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server = FakeDiscord()
    asyncio.run_coroutine_threadsafe(server.start(), loop).result(timeout=10)
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    yield server
    asyncio.run_coroutine_threadsafe(server.close(), loop).result(timeout=10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=10)
    loop.close()


def test_python_m_bot_logs_in_with_the_token_from_dotenv(
    fake_in_thread: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=not-the-fakes-token\nGUILD_ID=\n")
    # bot.run installs a root log handler on this test's captured stderr: remove it before
    # capsys closes that stream (the fake server logs while it shuts down).
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        assert main([]) == 2
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
    assert "Discord refused the token" in capsys.readouterr().err
    assert fake_in_thread.requests == [("GET", "/users/@me")]
