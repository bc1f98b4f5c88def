"""The garbage collector, paced by the bot's event loop rather than by allocations.

CPython collects the young generation once the objects allocated, less those freed, since
the last collection pass a threshold. In a bot whose tables live for minutes that count
barely grows: the objects of a turn that started seconds ago (its views, pending edits,
timers, a bot's reasons) die about as fast as new ones are made, so a threshold of 20,000
was reached only every few seconds, by then with 40,000 to 70,000 young objects, two thirds
of them still alive, each of which the collection walks: 30 to 70 CPU ms, a pause that
every click arriving meanwhile waited out (measured in ``bench tables``; see the README's
Known gaps). ``Collector`` instead collects the young generation every ``every`` seconds
from the loop, between callbacks, when there are only a tenth of a second's new objects to
walk; the middle generation, to which its survivors go, every ``middle`` young collections,
and everything every ``full`` middle ones. The allocation thresholds stay as a backstop,
set high enough that the loop's pace comes first.
"""

from __future__ import annotations

import asyncio
import gc
from dataclasses import dataclass

from bot.urgency import background


@dataclass(frozen=True, slots=True)
class Pace:
    """Seconds between young collections; young collections between middle ones; middle
    collections between full ones; and the allocation thresholds kept meanwhile (the young
    one a backstop for a loop too busy to keep its pace)."""

    every: float = 0.1
    middle: int = 300
    full: int = 10
    backstop: int = 100_000

    @property
    def thresholds(self) -> tuple[int, int, int]:
        return (self.backstop, self.middle, self.full)


def due(counts: tuple[int, int, int], pace: Pace) -> int:
    """The generation to collect now, from ``gc.get_count()``: its second figure is the
    young collections since the last middle one, its third the middle collections since
    the last full one."""
    _, young, middle = counts
    if young < pace.middle:
        return 0
    return 2 if middle >= pace.full else 1


class Collector:
    """Collects on ``pace`` from the running loop between ``start`` and ``stop``."""

    def __init__(self, pace: Pace | None = None) -> None:
        self.pace = pace or Pace()
        self._task: asyncio.Task[None] | None = None
        self._thresholds: tuple[int, int, int] | None = None

    def start(self) -> None:
        if self._task is not None:
            return
        self._thresholds = gc.get_threshold()
        gc.set_threshold(*self.pace.thresholds)
        self._task = background(self._run(), name="collector")

    async def stop(self) -> None:
        """Stop pacing; the thresholds are put back as they were."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None

    def step(self) -> int:
        """Collect the generation due; return it."""
        generation = due(gc.get_count(), self.pace)
        gc.collect(generation)
        return generation

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.pace.every)
            self.step()
