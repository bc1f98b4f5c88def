"""A PostgreSQL server that stops answering (frozen with SIGSTOP: its connections stay open,
nothing replies) through the fake Discord server: a member's change is refused as "storage is
busy" within the bot's ``DATABASE_TIMEOUT``, a bot's move waits with the table's notice, and
once the server runs again (SIGCONT) the game goes on and nothing is lost (issue 21)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import Settings
from bot.storage.store import Storage
from bot.tables import TableStatus
from bot.tables.table import STORAGE_BACK, STORAGE_BUSY, STORAGE_WAIT
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import click_first, first_dm_turn, fresh, make_bot
from tests.doubles import ManualClock
from tests.storage.helpers import fresh_location
from tests.storage.postgres_server import PostgresServer

# The bot's DATABASE_TIMEOUT in these tests: a frozen server fails a statement this soon.
TIMEOUT = 0.3
# Generous bound on a refusal while the server is frozen: a statement, then the rollback and
# the connection's reset, each cut off at TIMEOUT, with room for a busy machine.
REFUSED_WITHIN = 8.0


@pytest.fixture
async def database(
    fake: FakeDiscord, request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[str]:
    """A schema of its own on the session's server, under one-hand house rules."""
    async with fresh_location("postgresql", request, tmp_path / "unused") as url:
        storage = await Storage.open(url)
        try:
            await storage.house_rules.set_option(fake.guild_id, "play_to", "hands")
            await storage.house_rules.set_option(fake.guild_id, "hands_to_play", "1")
        finally:
            await storage.close()
        yield str(url)


def settings(url: str) -> Settings:
    return Settings(_env_file=None, database_url=url, database_timeout=TIMEOUT)  # type: ignore[call-arg]


async def test_a_click_while_the_server_hangs_is_refused_as_busy_and_changes_nothing(
    fake: FakeDiscord, postgres: PostgresServer, database: str
) -> None:
    alice = fake.add_user("alice")
    async with running(make_bot(fake, settings=settings(database)), fake) as bot:
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        table = bot.tables.table_in(fake.channel("general").id)
        await fake.wait_for(
            lambda: next((m for m in fake.dms(alice) if fresh(m, -1)), None), "alice's bid"
        )
        seq = table.seq
        frozen = postgres.pause()
        try:
            async with asyncio.timeout(REFUSED_WITHIN):
                refused = await fake.slash(alice, "spades", "bid", tricks=3)
            assert refused.text == STORAGE_BUSY
            assert table.seq == seq and table.status is TableStatus.PLAYING
        finally:
            postgres.resume(frozen)
        # The server answers again: the same bid goes through and is stored once.
        done = await fake.slash(alice, "spades", "bid", tricks=3)
        assert done.text == "Done: 3."
        assert table.seq > seq
        # Every action the table took is stored, once.
        await bot.tables.settle()
        assert await stored_actions(database) == table.seq


async def stored_actions(url: str) -> int:
    """How many actions the database holds for its one open table."""
    storage = await Storage.open(url)
    try:
        [stored] = (await storage.tables.open_tables()).rows
        return len(stored.actions)
    finally:
        await storage.close()


async def test_a_bot_move_while_the_server_hangs_waits_and_goes_on_when_it_resumes(
    fake: FakeDiscord, postgres: PostgresServer, database: str
) -> None:
    alice = fake.add_user("alice")
    general = fake.channel("general")
    clock = ManualClock()
    bot = make_bot(fake, settings=settings(database), clock=clock, bot_delay=1)
    async with running(bot, fake):
        settle = bot.tables.settle
        await fake.slash(alice, "spades", "new", bots=3)
        await fake.slash(alice, "spades", "start")
        table = bot.tables.table_in(general.id)
        await clock.advance(10, settle)
        turn = await first_dm_turn(fake, alice, -1, "alice's turn")
        await click_first(fake, alice, turn)
        seq = table.seq
        frozen = postgres.pause()
        try:
            async with asyncio.timeout(REFUSED_WITHIN):
                for _ in range(3):  # the bot's move and its retries, each cut off
                    await clock.advance(10, settle)
            waiting = [m for m in fake.messages(general) if m.content == STORAGE_WAIT]
            assert len(waiting) == 1 and table.seq == seq
        finally:
            postgres.resume(frozen)
        await clock.advance(60, settle)
        await fake.wait_message(general, lambda m: m.content == STORAGE_BACK, "told it goes on")
        assert table.seq > seq
        assert await stored_actions(database) == table.seq
