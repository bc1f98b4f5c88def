"""Clocks for turn timers and bot delays: what a table asks, and the real one.

Tables never read the time or sleep directly; they ask their manager's clock, so a test's
clock, moved by hand, can run a turn timer, an away takeover or an idle close without
waiting for real seconds.
"""

from __future__ import annotations

import asyncio
import time
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
