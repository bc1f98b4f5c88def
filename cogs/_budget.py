"""A budget for the bot's requests that Discord's global rate limit counts.

Discord lets a bot make about 50 requests a second in all (``GLOBAL_LIMIT``); answers to
interactions (callbacks, follow-ups and edits through an interaction's token) do not count
and never wait here. Everything else the presenter sends (table messages, hands by DM,
turn notices, deletions) takes a token from one ``Budget`` first: a token bucket that
holds at most ``burst`` tokens, refilled at ``rate - 2 * burst`` a second, so that no
second sees more than ``rate`` requests even when those of two full buckets bunch up on
their way to Discord (a busy event loop sends late, then several at once).
Urgent requests (a member's turn, a notice) are served before the others, except that
while both kinds wait, every ``SHARE``-th token goes to the others, so table messages and
waiting hands are never starved by a stream of turns; within each kind, first come first
served. Whoever waits keeps only the newest picture to send (``LiveMessage`` takes its
picture after its token), so waiting coalesces edits.

Free requests take one of ``FreeSlots``' slots instead: they are not rated, but at most
``FREE_AT_ONCE`` are in flight, and when they wait for a slot, turns go first, so a burst of
table edits cannot hold a member's turn back.
"""

from __future__ import annotations

import asyncio
import collections
from types import TracebackType

from bot.urgency import background

# Discord's global limit, and the most requests in any second the bot keeps to: room for
# start-up calls, command syncs and the odd request made outside the budget
# (``DISCORD_GLOBAL_RATE`` in the settings).
GLOBAL_LIMIT = 50
RATE = 40.0
BURST = 4
# While urgent and other requests both wait, one token in this many goes to the others.
SHARE = 4
# Free requests (through interactions' tokens) in flight at once: they take nothing of the
# budget, but a flood of them (hundreds of turns in a second) would open as many
# connections; past this many, they wait their turn here.
FREE_AT_ONCE = 32


class Budget:
    """Tokens for non-interaction requests, at most ``rate`` in any second; ``rate``
    ``None`` means no limit."""

    def __init__(self, rate: float | None = RATE, burst: int = BURST) -> None:
        self.rate = rate
        # A bucket of at most a quarter of the rate, refilled with what two leave of a second.
        self.burst = burst if rate is None else max(1, min(burst, int(rate // 4)))
        self._refill_rate = 0.0 if rate is None else max(rate - 2 * self.burst, rate / 2)
        self._tokens = float(self.burst)
        self._stamp: float | None = None
        self._queues: tuple[collections.deque[asyncio.Future[None]], ...] = (
            collections.deque(),
            collections.deque(),
        )
        self._waker: asyncio.Task[None] | None = None
        self._urgent_in_row = 0
        self.taken = 0  # tokens handed out, for tests and benchmarks
        self.closed = False
        # Slots for free requests: ``async with budget.free():`` around each (a turn's:
        # ``async with budget.free(urgent=True):``).
        self.free = FreeSlots(FREE_AT_ONCE)

    def close(self) -> None:
        """The bot is closing: whoever waits, and whoever comes later, is cancelled."""
        self.closed = True
        for queue in self._queues:
            while queue:
                queue.popleft().cancel()

    async def take(self, *, urgent: bool = False) -> None:
        """Wait for a token (urgent ones go first); ``CancelledError`` once closed."""
        if self.closed:
            raise asyncio.CancelledError
        if self.rate is None:
            self.taken += 1
            return
        self._refill()
        if self._tokens >= 1 and not any(self._queues):
            self._tokens -= 1
            self.taken += 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queues[0 if urgent else 1].append(waiter)
        if self._waker is None or self._waker.done():
            self._waker = background(self._serve())
        await waiter

    def _refill(self) -> None:
        assert self.rate is not None
        now = asyncio.get_running_loop().time()
        if self._stamp is not None:
            self._tokens = min(
                float(self.burst), self._tokens + (now - self._stamp) * self._refill_rate
            )
        self._stamp = now

    def _next(self) -> asyncio.Future[None] | None:
        urgent, others = self._queues
        for queue in (others, urgent) if self._urgent_in_row >= SHARE - 1 else self._queues:
            while queue:
                waiter = queue.popleft()
                if waiter.done():  # a waiter cancelled meanwhile gives its place up
                    continue
                self._urgent_in_row = self._urgent_in_row + 1 if queue is urgent else 0
                return waiter
        return None

    async def _serve(self) -> None:
        assert self.rate is not None
        while True:
            self._refill()
            while self._tokens >= 1:
                waiter = self._next()
                if waiter is None:
                    return
                self._tokens -= 1
                self.taken += 1
                waiter.set_result(None)
            if not any(self._queues):
                return
            await asyncio.sleep((1 - self._tokens) / self._refill_rate)


class FreeSlots:
    """At most ``size`` free requests in flight; whoever waits for a slot is served urgent
    first (a member's turn before table edits), then first come first served."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.busy = 0
        self._queues: tuple[collections.deque[asyncio.Future[None]], ...] = (
            collections.deque(),
            collections.deque(),
        )

    def __call__(self, *, urgent: bool = False) -> _Slot:
        return _Slot(self, urgent)

    async def acquire(self, *, urgent: bool = False) -> None:
        if self.busy < self.size and not any(self._queues):
            self.busy += 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queues[0 if urgent else 1].append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed a slot, then cancelled: it goes to the next
            raise

    def release(self) -> None:
        """A slot is free: the next waiter takes it over (urgent ones first)."""
        for queue in self._queues:
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_result(None)
                    return
        self.busy -= 1


class _Slot:
    """``async with slots(urgent=...)``: one free slot for the block."""

    def __init__(self, slots: FreeSlots, urgent: bool) -> None:
        self._slots = slots
        self._urgent = urgent

    async def __aenter__(self) -> None:
        await self._slots.acquire(urgent=self._urgent)

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._slots.release()
