"""Fixtures: the fake Discord server, with discord.py pointed at it."""

from collections.abc import AsyncIterator
from pathlib import Path

import discord.gateway
import discord.http
import pytest
import yarl

from bot.storage.store import Storage
from devtools.fake_discord import FakeDiscord


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A started fake server; REST and gateway URLs of discord.py point at it for the test."""
    async for server in started(FakeDiscord(), monkeypatch):
        yield server


@pytest.fixture
async def sharded_fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """The same with two shards: each session hears only its shard's guilds' events."""
    async for server in started(FakeDiscord(shards=2), monkeypatch):
        yield server


async def started(
    server: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[FakeDiscord]:
    await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
    )
    yield server
    await server.close()


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    """Everything the bot keeps, in SQLite in a temporary file."""
    opened = await Storage.open(tmp_path / "spades.sqlite3")
    yield opened
    await opened.close()
