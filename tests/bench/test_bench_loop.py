"""The event-loop watch of the tables benchmark: lag, stalls by cause, the collector, tasks' time."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import time

from devtools.bench.discord import ClickParts, click_parts, format_discord_bench, run_discord_bench
from devtools.bench.loop import Kind, LoopReport, LoopWatch, Pauses, Stall, Young, format_loop
from devtools.bench.tables import Pace


def _spin(seconds: float) -> None:
    """Hold the loop (and a CPU) for ``seconds`` of this thread's CPU time."""
    until = time.thread_time() + seconds
    while time.thread_time() < until:
        pass


async def _hold_the_loop() -> None:
    await asyncio.sleep(0)
    _spin(0.03)


async def _quick() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_step_that_holds_the_loop_is_a_stall_named_by_its_coroutines() -> None:
    async def run() -> LoopReport:
        watch = LoopWatch(slow=0.01, every=0.001)
        watch.start()
        await asyncio.gather(_hold_the_loop(), _quick())
        await asyncio.sleep(0.01)
        return watch.stop()

    original = asyncio.Handle._run
    report = asyncio.run(run())
    # The patch is gone afterwards.
    assert asyncio.Handle._run is original
    causes = {stall.cause: stall for stall in report.stalls}
    # Named by the coroutine the step resumed in, down to the innermost (outside the
    # project's own packages, the outermost stands for them).
    held = causes["_hold_the_loop > __sleep0"]
    assert held.count == 1 and held.longest_ms >= 30
    # The quick task's steps are no stall; the sampler saw the loop wake late.
    assert not any("_quick" in cause for cause in causes)
    assert report.lag_max_ms >= 20
    assert report.busy >= 0.03 and report.stalled_ms >= 30
    assert report.tracked > 0


def test_a_tasks_cpu_time_and_steps_are_counted_to_the_moment_asked() -> None:
    async def run() -> tuple[tuple[float, int], tuple[float, int]]:
        watch = LoopWatch()
        watch.start()
        seen: list[tuple[float, int]] = []

        async def work() -> None:
            _spin(0.01)
            await asyncio.sleep(0)
            _spin(0.01)
            task = asyncio.current_task()
            assert task is not None
            seen.append(watch.ran(task))

        task = asyncio.create_task(work())
        await task
        after = watch.ran(task)
        watch.stop()
        return seen[0], after

    (during, steps), (after, steps_after) = asyncio.run(run())
    # Asked in its second step: both steps' time so far, the one under way included.
    assert steps == 2 and 0.02 <= during < 0.2
    assert steps_after == 2 and after >= during


def test_the_collectors_pauses_are_timed_by_generation() -> None:
    async def run() -> LoopReport:
        watch = LoopWatch()
        watch.start()
        gc.collect(0)
        gc.collect(1)
        return watch.stop()

    report = asyncio.run(run())
    pauses = {pause.generation: pause for pause in report.pauses}
    assert pauses[0].count >= 1 and pauses[1].count >= 1
    # The full collection timed at the end is no pause of the run.
    assert 2 not in pauses and report.full_ms > 0
    assert all(pause.total_ms >= pause.longest_ms >= 0 for pause in pauses.values())


class _Kept:
    pass


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_young_collection_looked_into_counts_what_it_walked_and_left_alive() -> None:
    async def run() -> LoopReport:
        watch = LoopWatch(sample=0)  # every young collection looked into
        watch.start()
        kept = [_Kept() for _ in range(50)]
        for _ in range(30):
            _Cycle()
        gc.collect(0)
        report = watch.stop()
        assert len(kept) == 50
        return report

    enabled = gc.isenabled()
    gc.disable()  # the one young collection is the test's
    try:
        report = asyncio.run(run())
    finally:
        if enabled:
            gc.enable()
    young = report.young
    assert young is not None and young.collections == 1
    kinds = {kind.name: kind for kind in young.kinds}
    assert kinds[f"{__name__}._Kept"] == Kind(f"{__name__}._Kept", 50, 50)
    # The cycles were walked and found unreachable, none left alive.
    assert kinds[f"{__name__}._Cycle"] == Kind(f"{__name__}._Cycle", 30, 0)
    assert young.unreachable >= 30 and young.walked > young.alive >= 50
    assert young.longest[0] >= 50


def test_a_clicks_parts_are_summed_up_with_the_slowest_apart() -> None:
    fast = (0.001, 0.002, 0.001, 0.001)
    slow = (0.100, 0.300, 0.002, 0.050)
    parts = click_parts([fast] * 99 + [slow], [1] * 99 + [3])
    assert parts is not None and parts.clicks == 100
    assert parts.p50 == (1.0, 2.0, 1.0, 1.0)
    # The slowest 1% is the one slow click.
    assert parts.slowest == (100.0, 300.0, 2.0, 50.0)
    assert parts.steps == (1, 3)
    # Until the answer set out: the first three parts.
    assert parts.out[0] == 4.0 and parts.out[1] > 4.0
    assert click_parts([fast]) is None


def test_the_report_names_the_parts_and_the_stalls() -> None:
    loop = LoopReport(
        100.0,
        70.0,
        2.0,
        40.0,
        300.0,
        (Stall("LiveMessage._flush > LiveMessage._send", 3, 45.0, 20.0),),
        45.0,
        (Pauses(2, 1, 250.0, 250.0, 1_234),),
        1_000_000,
        240.0,
        Young(12, 60_000, 40_000, 9_000, 55.5, (Kind("tuple", 14_000, 7_000),), (650, "list")),
    )
    text = format_loop(loop, "The bot")
    assert "ran callbacks 70.0 CPU s (70% of 100 s)" in text
    assert "p50 2.0 ms, p99 40.0 ms, at most 300 ms" in text
    assert "45 ms in     3 (longest    20 ms)  LiveMessage._flush > LiveMessage._send" in text
    assert "generation 2: 1 pauses, 250 ms in all, the longest 250.0 ms" in text
    assert "1,000,000 objects tracked: a full collection took 240 ms" in text
    assert (
        "12 young collections looked into walked 60,000 objects each, mean, and left 40,000"
        " alive (67%), found 9,000 unreachable, in 55.5 CPU ms; the longest container 650"
        " long (list)" in text
    )
    assert "   14,000     7,000  tuple" in text
    parts = ClickParts(10, (1, 2, 3, 4), (10, 20, 30, 40), (11, 22, 33, 44), (1, 2), (6, 60))
    bench = run_discord_bench(tables=1, moves=2, seed=2, pace=Pace(0, 0, 0))
    assert bench.parts is not None and bench.loop is not None and bench.fake_loop is not None
    text = format_discord_bench(dataclasses.replace(bench, parts=parts))
    assert (
        "p50 to the bot 1.0, waiting in it 2.0, running in it 3.0, answer to the fake 4.0" in text
    )
    assert "the slowest 1%, mean: to the bot 11.0" in text
    assert "1 steps to its answer at p50, 2 at p99" in text
    assert "until the answer set out from the bot: p50 6.0, p99 60.0" in text
    assert "The bot's event loop" in text and "The fake's event loop" in text
