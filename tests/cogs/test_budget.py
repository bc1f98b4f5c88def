"""The request budget: a token bucket whose urgent waiters go first, and pictures that are
skipped when a message already shows them."""

import asyncio

import discord
import pytest

from cogs._budget import Budget
from cogs._live import Picture

# Requests a second for the waiting tests: a token comes every 1/6 s (the bucket refills at
# the rate less twice its burst), long after the test has queued its waiters even on a busy
# machine; at 1,000 a second one came within a millisecond, and a waiter meant to queue
# found it and went first (seen once in CI).
SLOW = 8.0


async def test_urgent_requests_are_served_before_those_waiting_longer() -> None:
    budget = Budget(rate=SLOW, burst=1)
    order: list[str] = []

    async def take(name: str, urgent: bool) -> None:
        await budget.take(urgent=urgent)
        order.append(name)

    await budget.take()  # the one token: everyone below waits
    waiting = [asyncio.create_task(take(f"edit {n}", False)) for n in range(3)]
    await asyncio.sleep(0)
    waiting += [asyncio.create_task(take("turn", True))]
    await asyncio.gather(*waiting)
    assert order == ["turn", "edit 0", "edit 1", "edit 2"]
    assert budget.taken == 5


async def test_a_stream_of_turns_leaves_a_share_for_the_others() -> None:
    budget = Budget(rate=SLOW, burst=1)
    order: list[str] = []

    async def take(name: str, urgent: bool) -> None:
        await budget.take(urgent=urgent)
        order.append(name)

    await budget.take()
    waiting = [asyncio.create_task(take("edit", False)) for _ in range(2)]
    waiting += [asyncio.create_task(take("turn", True)) for _ in range(6)]
    await asyncio.gather(*waiting)
    assert order == ["turn"] * 3 + ["edit"] + ["turn"] * 3 + ["edit"]


async def test_a_cancelled_waiter_gives_its_place_up() -> None:
    budget = Budget(rate=SLOW, burst=1)
    await budget.take()
    gone = asyncio.create_task(budget.take())
    kept = asyncio.create_task(budget.take())
    await asyncio.sleep(0)
    gone.cancel()
    await kept
    assert gone.cancelled() and budget.taken == 2


async def test_closing_cancels_whoever_waits_and_comes_later() -> None:
    budget = Budget(rate=0.001, burst=1)
    await budget.take()
    waiting = asyncio.create_task(budget.take())
    await asyncio.sleep(0)
    budget.close()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    with pytest.raises(asyncio.CancelledError):
        await budget.take()


async def test_no_rate_means_no_waiting() -> None:
    budget = Budget(rate=None)
    for _ in range(100):
        await budget.take()
    assert budget.taken == 100


def test_pictures_are_the_same_only_with_the_same_text_and_controls() -> None:
    def view(label: str) -> discord.ui.View:
        shown = discord.ui.View()
        shown.add_item(discord.ui.Button(label=label, custom_id=f"id-{label}"))
        return shown

    assert Picture("hand", view("3")).same_as(Picture("hand", view("3")))
    assert not Picture("hand", view("3")).same_as(Picture("hand", view("4")))
    assert not Picture("hand", view("3")).same_as(Picture("hand"))
    assert not Picture("hand").same_as(Picture("other"))
    assert Picture("hand").same_as(Picture("hand")) and not Picture("hand").same_as(None)


async def test_a_turn_takes_the_next_free_slot_before_edits_waiting_longer() -> None:
    budget = Budget()
    slots = budget.free
    order: list[str] = []
    held = [asyncio.create_task(slots.acquire()) for _ in range(slots.size)]
    await asyncio.gather(*held)

    async def send(name: str, urgent: bool) -> None:
        async with slots(urgent=urgent):
            order.append(name)

    waiting = [asyncio.create_task(send(f"edit {n}", False)) for n in range(3)]
    await asyncio.sleep(0)
    waiting.append(asyncio.create_task(send("turn", True)))
    await asyncio.sleep(0)
    assert order == []  # every slot is busy
    for _ in range(slots.size):
        slots.release()
    await asyncio.gather(*waiting)
    assert order == ["turn", "edit 0", "edit 1", "edit 2"]
    assert slots.busy == 0


async def test_a_waiter_cancelled_after_it_was_handed_a_slot_passes_it_on() -> None:
    slots = Budget().free
    await asyncio.gather(*(slots.acquire() for _ in range(slots.size)))
    gone = asyncio.create_task(slots.acquire())
    kept = asyncio.create_task(slots.acquire(urgent=False))
    await asyncio.sleep(0)
    slots.release()  # handed to ``gone``, which is cancelled before it runs
    gone.cancel()
    await kept
    assert gone.cancelled() and slots.busy == slots.size
