"""Clocks for turn timers and bot delays: the real one, and a manual one tests move by hand.

Tables never read the time or sleep directly; they ask their manager's clock, so a test can
run a turn timer, an away takeover or an idle close without waiting for real seconds.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Awaitable, Callable
from typing import Protocol


class Clock(Protocol):
    """Seconds since the Unix epoch (so a deadline can be shown to players as a time)."""

    def now(self) -> float: ...

    async def sleep_until(self, deadline: float) -> None:
        """Return once ``now() >= deadline``."""
        ...


class SystemClock:
    """Wall-clock time and ``asyncio.sleep``."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))


class ManualClock:
    """Time that moves only when ``advance`` is called: for deterministic timer tests."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._order = itertools.count()
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self._now

    async def sleep_until(self, deadline: float) -> None:
        if deadline <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (deadline, next(self._order), future))
        await future

    async def advance(
        self, seconds: float, settle: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        """Move time forward, waking sleepers in deadline order; after each wake-up
        ``settle`` (e.g. ``TableManager.settle``) lets whatever woke finish its work, so a
        sleep it starts in the meantime is woken in turn if it falls due."""
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            deadline, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, deadline)
            if not future.done():
                future.set_result(None)
                await asyncio.sleep(0)
                if settle is not None:
                    await settle()
        self._now = target
        if settle is not None:
            await settle()
