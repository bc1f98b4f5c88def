"""Test doubles for tables: a clock moved by hand and a presenter that records what it is
shown. They live with the tests: the running bot never needs them."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.engine import Event, SeatView
from bot.tables import Notice, Shown, TableSnapshot


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


@dataclass(frozen=True, slots=True)
class TableChanged:
    snapshot: TableSnapshot
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class HandChanged:
    table_id: int | None
    seat: int
    view: SeatView


@dataclass(frozen=True, slots=True)
class Noticed:
    table_id: int | None
    notice: Notice


Record = TableChanged | HandChanged | Noticed


class RecordingPresenter:
    """Keeps what a presenter is shown, as it was at the moment it was shown."""

    def __init__(self) -> None:
        self.records: list[Record] = []

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        self.records.append(TableChanged(table.snapshot(), tuple(events)))

    async def hand_changed(self, table: Shown, seat: int) -> None:
        self.records.append(HandChanged(table.table_id, seat, table.view(seat)))

    async def notice(self, table: Shown, notice: Notice) -> None:
        self.records.append(Noticed(table.table_id, notice))

    @property
    def notices(self) -> list[Notice]:
        return [r.notice for r in self.records if isinstance(r, Noticed)]

    @property
    def events(self) -> list[Event]:
        return [e for r in self.records if isinstance(r, TableChanged) for e in r.events]

    def hands_shown(self, seat: int) -> list[SeatView]:
        return [r.view for r in self.records if isinstance(r, HandChanged) and r.seat == seat]
