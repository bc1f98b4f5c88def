"""DM clicks forwarded between processes through PostgreSQL LISTEN/NOTIFY, on the session's
real server: the process that runs the table takes the click, and a click nobody takes is
reported back to the forwarder."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

from bot import urgency
from bot.relay import CLICKS, ClickRelay, ForwardedClick, RelayDown, RelayTimings
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


# Short waits, so that a lost connection is noticed and replaced within the test's bounds.
QUICK = RelayTimings(
    take_within=2.0, first_retry=0.05, longest_retry=0.2, check_every=0.2, answer_within=0.5
)


class Watched:
    """A relay whose changes (lost, back) the test can wait for."""

    def __init__(self, postgres: PostgresServer, takes: set[int]) -> None:
        self.changes: asyncio.Queue[bool] = asyncio.Queue()
        self.relay = ClickRelay(
            postgres.url(), QUICK, on_change=lambda: self.changes.put_nowait(self.relay.up)
        )
        self.taken: list[ForwardedClick] = []
        self.hold: asyncio.Event | None = None
        self.heard = asyncio.Event()

        async def handler(forwarded: ForwardedClick) -> bool:
            if forwarded.table_id not in takes:
                return False
            self.heard.set()
            if self.hold is not None:
                await self.hold.wait()
            self.taken.append(forwarded)
            return True

        self.relay.handle(handler)

    async def lost_and_back(self) -> None:
        assert await self.changes.get() is False
        assert await self.changes.get() is True


async def end_backend(postgres: PostgresServer, pid: int | None) -> None:
    """An operator's ``pg_terminate_backend`` on the server process ``pid``."""
    admin = await asyncpg.connect(postgres.url())
    try:
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await admin.close()


@asynccontextmanager
async def two_relays(postgres: PostgresServer) -> AsyncIterator[tuple[Watched, Watched]]:
    """The shard-zero process's relay, which runs no table, and the owner's, which runs 7."""
    shard_zero, owner = Watched(postgres, set()), Watched(postgres, {7})
    await shard_zero.relay.start()
    await owner.relay.start()
    try:
        async with asyncio.timeout(20):
            yield shard_zero, owner
    finally:
        await shard_zero.relay.close()
        await owner.relay.close()


async def test_a_relay_whose_connection_is_ended_listens_again_by_itself(
    postgres: PostgresServer,
) -> None:
    async with two_relays(postgres) as (shard_zero, owner):
        for ended in (owner, shard_zero):
            before = ended.relay.server_pid
            await end_backend(postgres, before)
            await ended.lost_and_back()
            assert ended.relay.server_pid not in (None, before)
            sent = click(7)
            assert await shard_zero.relay.forward(sent)
            assert owner.taken[-1] == sent
        assert shard_zero.changes.empty() and owner.changes.empty()


async def test_while_the_server_restarts_clicks_are_refused_unsent_and_health_is_told(
    postgres: PostgresServer,
) -> None:
    async with two_relays(postgres) as (shard_zero, owner):
        assert shard_zero.relay.trouble is None
        postgres.stop()
        try:
            for relay in (shard_zero, owner):
                assert await relay.changes.get() is False
            with pytest.raises(RelayDown) as down:
                await shard_zero.relay.forward(click(7))
            assert not down.value.sent and owner.taken == []
            trouble = shard_zero.relay.trouble
            assert trouble is not None and "lost its PostgreSQL connection" in trouble
        finally:
            postgres.start()
        for relay in (shard_zero, owner):
            assert await relay.changes.get() is True
        assert shard_zero.relay.trouble is None
        assert await shard_zero.relay.forward(click(7))


async def test_a_click_in_flight_when_the_connection_is_lost_is_reported_sent(
    postgres: PostgresServer,
) -> None:
    async with two_relays(postgres) as (shard_zero, owner):
        owner.hold = asyncio.Event()  # the owner takes it, and is slow to say so
        # Not given up on while the operator connects to end the backend (2 s, the quick
        # timings' wait, ran out first once under CI's load): only the loss ends it.
        forwarding = asyncio.create_task(shard_zero.relay.forward(click(7), take_within=60.0))
        await owner.heard.wait()
        await end_backend(postgres, shard_zero.relay.server_pid)
        with pytest.raises(RelayDown) as down:
            await forwarding
        assert down.value.sent
        owner.hold.set()
        await shard_zero.lost_and_back()


async def test_a_quiet_connection_to_a_server_that_stops_answering_is_replaced(
    postgres: PostgresServer,
) -> None:
    async with two_relays(postgres) as (shard_zero, owner):
        frozen = postgres.pause()
        try:
            # Found out by the check every 0.2 s, which gets no answer within 0.5 s.
            for relay in (shard_zero, owner):
                assert await relay.changes.get() is False
        finally:
            postgres.resume(frozen)
        for relay in (shard_zero, owner):
            assert await relay.changes.get() is True
        assert await shard_zero.relay.forward(click(7))


def test_a_forwarded_click_is_heard_mid_round_ahead_of_a_calm_backlog(
    postgres: PostgresServer,
) -> None:
    """On the bot's loop the relay's socket is read first, as the gateway's is: a click
    forwarded while the loop works through a backlog is taken within a step or two of it,
    not after it."""
    ran: list[str] = []
    send, notified = threading.Event(), threading.Event()
    sent = click(7)

    def forwarder() -> None:  # another process: its own loop and connection
        async def notify() -> None:
            connection = await asyncpg.connect(postgres.url())
            try:
                send.wait(10)
                await connection.execute("SELECT pg_notify($1, $2)", CLICKS, sent.dumps())
                notified.set()
            finally:
                await connection.close()

        asyncio.run(notify())

    async def took(forwarded: ForwardedClick) -> bool:
        ran.append(f"took {forwarded.table_id}")
        return True

    async def busy(n: int) -> None:
        for step in range(2):
            if n == 0 and step == 0:
                # The loop held, as by CPU work, while the click is sent and arrives.
                send.set()
                notified.wait(10)
                time.sleep(0.02)
            time.sleep(0.02)
            ran.append(f"bg{n} {step}")
            await asyncio.sleep(0)

    async def main() -> None:
        owner = ClickRelay(postgres.url())
        owner.handle(took)
        await owner.start()
        thread = threading.Thread(target=forwarder)
        thread.start()
        try:
            await asyncio.gather(*(urgency.background(busy(n)) for n in range(10)))
            for _ in range(200):
                if "took 7" in ran:
                    break
                await asyncio.sleep(0.01)
        finally:
            thread.join()
            await owner.close()

    urgency.run(main())
    assert len(ran) == 1 + 10 * 2, ran
    # Taken within a few of the round's callbacks (each holds the loop 20 ms: room for a
    # server slow to deliver it), not after the twenty.
    assert ran.index("took 7") <= 12, ran
