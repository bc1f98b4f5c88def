"""DM clicks forwarded between processes through PostgreSQL LISTEN/NOTIFY, on the session's
real server: the process that runs the table takes the click, and a click nobody takes is
reported back to the forwarder."""

from __future__ import annotations

import asyncio
import secrets

from bot.relay import ClickRelay, ForwardedClick
from tests.storage.postgres_server import PostgresServer


def click(table_id: int) -> ForwardedClick:
    return ForwardedClick(table_id, 12, "b3", 501, 900, secrets.token_urlsafe(24))


def test_a_click_survives_the_notification_text() -> None:
    sent = click(7)
    assert ForwardedClick.loads(sent.dumps()) == sent


async def test_the_process_running_the_table_takes_a_forwarded_click(
    postgres: PostgresServer,
) -> None:
    shard_zero, owner = ClickRelay(postgres.url()), ClickRelay(postgres.url())
    heard: dict[str, list[ForwardedClick]] = {"shard zero": [], "owner": []}
    took = asyncio.Event()

    async def shard_zero_runs_nothing(forwarded: ForwardedClick) -> bool:
        heard["shard zero"].append(forwarded)
        return False

    async def owner_runs_table_7(forwarded: ForwardedClick) -> bool:
        heard["owner"].append(forwarded)
        took.set()
        return forwarded.table_id == 7

    shard_zero.handle(shard_zero_runs_nothing)
    owner.handle(owner_runs_table_7)
    await shard_zero.start()
    await owner.start()
    try:
        sent = click(7)
        assert await shard_zero.forward(sent)
        await took.wait()
        assert heard["owner"] == [sent]
        # Every process hears it; only the one running the table takes it.
        assert heard["shard zero"] in ([], [sent])

        # Many clicks at once (members playing at many tables) share the connection.
        many = [click(7) for _ in range(20)]
        assert all(await asyncio.gather(*(shard_zero.forward(c) for c in many)))
        # Each was taken (the owner said so) once it was handled.
        assert sorted(c.token for c in heard["owner"][1:]) == sorted(c.token for c in many)

        # A table that runs nowhere (its process is gone): the forwarder hears nobody took it.
        assert not await shard_zero.forward(click(8), take_within=0.3)
    finally:
        await shard_zero.close()
        await owner.close()
