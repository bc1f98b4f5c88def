"""A click is answered ahead of the bot's other work: on the bot's loop (``UrgentFirstLoop``)
the gateway's read, the interaction's task and its answer's request go before a backlog of
calm work (bots' moves, table edits, turns), which only waits; on asyncio's standard loop
every hop of the click queues behind that backlog. The real discord.py client, against the
fake Discord in the same process."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

import discord.gateway
import discord.http
import pytest
import yarl

from bot import urgency
from devtools.fake_discord import FakeDiscord, running
from tests.discord.spades_helpers import action_controls, bid_three_by_dm, make_bot

TASKS = 60  # calm tasks queued when the click comes
STEPS = 5  # each a few steps long
STEP_SECONDS = 0.002  # each step holding the loop this long, as a table edit's work does


async def _click_under_backlog(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Steps of the backlog that ran before the click's answer reached the fake, of all."""
    # The fake stands for Discord, another process in truth: it must not queue behind the
    # bot's backlog itself, so its server's sockets are read first as the gateway's are,
    # and this member's side is urgent too.
    urgency.mark()
    fake = FakeDiscord()
    await urgency.reads_first(fake.start)()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    try:
        alice = fake.add_user("alice")
        async with running(make_bot(fake), fake) as bot:
            await fake.slash(alice, "spades", "new", bots=3)
            await fake.slash(alice, "spades", "start")
            _bid, playing = await bid_three_by_dm(fake, alice)
            await bot.tables.settle()
            stepped: list[float] = []

            async def busy() -> None:
                for _ in range(STEPS):
                    time.sleep(STEP_SECONDS)  # the loop held, as by CPU work
                    stepped.append(time.perf_counter())
                    await asyncio.sleep(0)

            backlog = [urgency.background(busy()) for _ in range(TASKS)]
            await asyncio.sleep(0)  # the backlog is under way
            control = action_controls(playing)[0]["custom_id"]
            record = await fake.click(alice, playing, control, answered=False)
            await asyncio.gather(*backlog)
            await fake.wait_for(lambda: record.settled, "an answer to the click")
            assert record.answered_at is not None
            return sum(1 for at in stepped if at < record.answered_at), len(stepped)
    finally:
        await fake.close()


def _run(
    runner: Callable[[Coroutine[Any, Any, tuple[int, int]]], tuple[int, int]],
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[int, int]:
    return runner(_click_under_backlog(monkeypatch))


def test_a_click_is_answered_before_the_calm_backlog_has_moved_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before, total = _run(urgency.run, monkeypatch)
    assert total == TASKS * STEPS
    # The backlog's steps already running or queued in the round the click arrived in may
    # finish first; nothing of the rounds after.
    assert before <= TASKS, (before, total)


def test_on_the_standard_loop_the_same_click_waits_for_most_of_the_backlog(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The premise: without the urgent-first loop the backlog does hold the click back.
    before, total = _run(asyncio.run, monkeypatch)
    assert before > TASKS * 2, (before, total)
