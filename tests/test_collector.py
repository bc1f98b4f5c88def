"""The garbage collector paced by the bot's loop: which generation is due, and young garbage
collected at the loop's pace while allocations stay far under the thresholds."""

from __future__ import annotations

import asyncio
import gc
import weakref

from bot.collector import Collector, Pace, due


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_middle_and_full_collections_come_after_so_many_of_the_one_below() -> None:
    pace = Pace(every=0.1, middle=3, full=2)
    # gc.get_count(): new objects, young collections since the last middle one, middle
    # collections since the last full one.
    assert due((50_000, 0, 0), pace) == 0
    assert due((10, 2, 5), pace) == 0
    assert due((10, 3, 0), pace) == 1
    assert due((10, 3, 1), pace) == 1
    assert due((10, 3, 2), pace) == 2


def test_young_garbage_goes_at_the_loops_pace_and_the_thresholds_come_back() -> None:
    before = gc.get_threshold()
    pace = Pace(every=0, backstop=1_000_000)

    async def run() -> tuple[tuple[int, int, int], bool, int]:
        collector = Collector(pace)
        collector.start()
        thresholds = gc.get_threshold()
        cycle = weakref.ref(_Cycle())
        # Far fewer new objects than the backstop: only the collector can free the cycle.
        steps = 0
        while cycle() is not None and steps < 100:
            await asyncio.sleep(0)
            steps += 1
        await collector.stop()
        return thresholds, cycle() is None, steps

    thresholds, freed, steps = asyncio.run(run())
    assert thresholds == (1_000_000, pace.middle, pace.full)
    assert freed and steps < 100
    assert gc.get_threshold() == before


def test_a_step_collects_the_generation_due() -> None:
    collector = Collector(Pace(middle=2, full=1))
    gc.collect()  # every count at zero
    young = gc.get_stats()[0]["collections"]
    assert collector.step() == 0
    assert gc.get_stats()[0]["collections"] == young + 1
    assert collector.step() == 0
    middle = gc.get_stats()[1]["collections"]
    assert collector.step() == 1
    assert gc.get_stats()[1]["collections"] == middle + 1
    collector.step(), collector.step()
    assert collector.step() == 2
