"""Fixtures: the fake Discord server, with discord.py pointed at it."""

from collections.abc import AsyncIterator

import discord.gateway
import discord.http
import pytest
import yarl

from devtools.fake_discord import FakeDiscord


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A started fake server; REST and gateway URLs of discord.py point at it for the test."""
    server = FakeDiscord()
    await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
    )
    yield server
    await server.close()
