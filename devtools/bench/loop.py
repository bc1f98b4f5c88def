"""How a process's event loop spends its time: how late it wakes, what held it longest, and
the garbage collector's pauses.

A click waits for the loop whenever the loop is busy with something else: ``LoopWatch``
measures that from inside the process. A sampler task asks to wake every ``every`` seconds
and records how late it woke (the loop's lag: what any click arriving then waits before
its first line runs). Every callback the loop runs is timed (``asyncio.Handle._run``,
patched while the watch runs; a task's step is one callback), in CPU time (the thread's:
on a machine shared with other work, wall time would count the moments the process was
not running at all), and those that took ``slow`` CPU seconds or more are counted by
cause: for a task's step, the chain of coroutines it resumed in, shortened to the
project's own (``bot``, ``cogs``, ``devtools``) and the innermost; otherwise the callback's
name. The collector's pauses are timed through ``gc.callbacks`` (CPU time too), and the
first young collection after each ``sample`` seconds is looked into (``Young``): how many
objects it walked, by type, and how many of them it left alive (those it moved on to the
middle generation). It also
keeps how much CPU time each task has used so far, and in how many steps, so that a
click's time in the process can be split into running its own code and waiting (``ran``).
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import CodeType, FrameType
from typing import Any

# A callback that takes this much CPU time or more is a stall, counted by its cause.
SLOW = 0.005
# The sampler asks to wake this often.
EVERY = 0.01
# Causes kept in the report, longest total first.
CAUSES = 12
# The first young collection after each this many seconds is looked into (``Young``; 0:
# every one, ``None``: none). Looking holds the loop a few ms, or 30-50 ms when the young
# generation holds 60,000 objects (collected by allocations, at 400 tables): not often.
SAMPLE: float | None = 20.0
# Types kept in the report of the young collections looked into, most objects first.
KINDS = 12
_OWN = ("/bot/", "/cogs/", "/devtools/")


@dataclass(frozen=True, slots=True)
class Stall:
    """Callbacks of one cause that took ``SLOW`` CPU seconds or more."""

    cause: str
    count: int
    total_ms: float
    longest_ms: float


@dataclass(frozen=True, slots=True)
class Pauses:
    """The collector's pauses of one generation."""

    generation: int
    count: int
    total_ms: float
    longest_ms: float
    collected: int = 0  # unreachable objects it found (cyclic garbage), in all


@dataclass(frozen=True, slots=True)
class Kind:
    """Objects of one type in the young collections looked into, a collection's mean: how
    many it walked and how many of those it left alive."""

    name: str
    walked: float
    alive: float


@dataclass(frozen=True, slots=True)
class Young:
    """What the young collections looked into held (means over ``collections``): the
    objects each walked, those it left alive, what it found unreachable, its CPU ms, the
    types with the most objects, and the longest container met (its length and type)."""

    collections: int
    walked: float
    alive: float
    unreachable: float
    cpu_ms: float
    kinds: tuple[Kind, ...]
    longest: tuple[int, str] = (0, "")


@dataclass(frozen=True, slots=True)
class LoopReport:
    """What ``LoopWatch`` saw over ``seconds`` of wall time."""

    seconds: float
    busy: float  # CPU seconds the loop spent running callbacks
    lag_p50_ms: float
    lag_p99_ms: float
    lag_max_ms: float
    stalls: tuple[Stall, ...]  # the causes, longest total first (at most CAUSES)
    stalled_ms: float  # all the stalls' time, every cause
    pauses: tuple[Pauses, ...]
    # At the end: the objects the collector tracked (those ``gc.freeze`` set aside
    # excluded) and how long a full collection of them took, in CPU ms.
    tracked: int = 0
    full_ms: float = 0.0
    young: Young | None = None

    @property
    def busy_share(self) -> float:
        return self.busy / self.seconds if self.seconds > 0 else 0.0


class LoopWatch:
    """Watch the running loop from ``start`` until ``stop`` (one watch at a time)."""

    def __init__(
        self, *, slow: float = SLOW, every: float = EVERY, sample: float | None = SAMPLE
    ) -> None:
        self.slow = slow
        self.every = every
        self.sample = sample
        self._looked_last = 0.0  # when a young collection was last looked into
        # The young collection being looked into: its objects' types by id, and its length.
        self._looking: dict[int, str] | None = None
        self._looked: list[tuple[int, int, int, float]] = []  # walked, alive, found, CPU s
        self._walked: dict[str, int] = {}
        self._alive: dict[str, int] = {}
        self._longest: tuple[int, str] = (0, "")
        self._lags: list[float] = []
        self._stalls: dict[str, list[float]] = {}
        self._pauses: dict[int, list[float]] = {}
        self._collected: dict[int, int] = {}
        self._gc_start = 0.0
        self._busy = 0.0
        # Each task's CPU seconds and steps so far.
        self._ran: weakref.WeakKeyDictionary[asyncio.Task[Any], tuple[float, int]] = (
            weakref.WeakKeyDictionary()
        )
        self._step_started = 0.0
        self._started = 0.0
        self._stopped: float | None = None
        self._tracked = 0
        self._full = 0.0
        self._sampler: asyncio.Task[None] | None = None
        self._original: Callable[[asyncio.Handle], None] | None = None

    def start(self) -> None:
        self._started = time.perf_counter()
        self._original = original = asyncio.Handle._run
        watch = self

        def _run(handle: asyncio.Handle) -> None:
            watch._time(handle, original)

        asyncio.Handle._run = _run  # type: ignore[method-assign, assignment]
        gc.callbacks.append(self._on_gc)
        self._sampler = asyncio.get_running_loop().create_task(self._sample())

    def stop(self) -> LoopReport:
        """Stop watching (again: nothing more) and report, with a full collection timed."""
        if self._original is not None:
            asyncio.Handle._run = self._original  # type: ignore[method-assign, assignment]
            self._original = None
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self._stopped is None:
            self._stopped = time.perf_counter()
            self._tracked = len(gc.get_objects())
            started = time.thread_time()
            gc.collect()
            self._full = time.thread_time() - started
        if self._sampler is not None:
            self._sampler.cancel()
        return self.report()

    def ran(self, task: asyncio.Task[Any]) -> tuple[float, int]:
        """The CPU seconds ``task`` has run so far and in how many steps (each step after
        the first waited for the loop), its step under way included."""
        done, steps = self._ran.get(task, (0.0, 0))
        if asyncio.current_task() is task:
            done += time.thread_time() - self._step_started
            steps += 1
        return done, steps

    def report(self) -> LoopReport:
        ended = self._stopped if self._stopped is not None else time.perf_counter()
        lags = sorted(self._lags) or [0.0]
        cuts = statistics.quantiles(lags, n=100) if len(lags) > 1 else [lags[0]] * 99
        stalls = [
            Stall(cause, len(took), sum(took) * 1000, max(took) * 1000)
            for cause, took in self._stalls.items()
        ]
        stalls.sort(key=lambda stall: stall.total_ms, reverse=True)
        pauses = tuple(
            Pauses(
                generation,
                len(took),
                sum(took) * 1000,
                max(took) * 1000,
                self._collected.get(generation, 0),
            )
            for generation, took in sorted(self._pauses.items())
        )
        return LoopReport(
            ended - self._started,
            self._busy,
            statistics.median(lags) * 1000,
            cuts[98] * 1000,
            lags[-1] * 1000,
            tuple(stalls[:CAUSES]),
            sum(sum(took) for took in self._stalls.values()) * 1000,
            pauses,
            self._tracked,
            self._full * 1000,
            self._young_report(),
        )

    def _young_report(self) -> Young | None:
        looked = len(self._looked)
        if not looked:
            return None
        kinds = sorted(self._walked.items(), key=lambda kind: kind[1], reverse=True)[:KINDS]
        return Young(
            looked,
            sum(walked for walked, _, _, _ in self._looked) / looked,
            sum(alive for _, alive, _, _ in self._looked) / looked,
            sum(found for _, _, found, _ in self._looked) / looked,
            sum(cpu for _, _, _, cpu in self._looked) / looked * 1000,
            tuple(
                Kind(name, walked / looked, self._alive.get(name, 0) / looked)
                for name, walked in kinds
            ),
            self._longest,
        )

    def _time(self, handle: asyncio.Handle, run: Callable[[asyncio.Handle], None]) -> None:
        callback = handle._callback  # type: ignore[attr-defined]
        task = getattr(callback, "__self__", None)
        if not isinstance(task, asyncio.Task):
            task = None
        chain = _chain(task.get_coro()) if task is not None else None
        started = self._step_started = time.thread_time()
        try:
            run(handle)
        finally:
            took = time.thread_time() - started
            self._busy += took
            if task is not None:
                done, steps = self._ran.get(task, (0.0, 0))
                self._ran[task] = (done + took, steps + 1)
            if took >= self.slow:
                cause = _cause(chain) if chain is not None else _name(callback)
                self._stalls.setdefault(cause, []).append(took)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        # Looking into a collection is done outside the time it is timed.
        generation = info["generation"]
        if phase == "start":
            now = time.perf_counter()
            sample = self.sample
            if generation == 0 and sample is not None and now - self._looked_last >= sample:
                self._looked_last = now
                self._look()
            self._gc_start = time.thread_time()
        else:
            took = time.thread_time() - self._gc_start
            self._pauses.setdefault(generation, []).append(took)
            self._collected[generation] = self._collected.get(generation, 0) + info["collected"]
            if self._looking is not None:
                self._looked_at(info["collected"], took)

    def _look(self) -> None:
        """Note the type of every object the young collection about to run will walk (by
        id: holding them would keep them alive), and the longest container among them."""
        looking: dict[int, str] = {}
        longest = self._longest
        for thing in gc.get_objects(generation=0):
            name = _type_name(thing)
            looking[id(thing)] = name
            self._walked[name] = self._walked.get(name, 0) + 1
            if isinstance(thing, list | dict | set | tuple) and len(thing) > longest[0]:
                longest = (len(thing), name)
        self._longest = longest
        self._looking = looking

    def _looked_at(self, found: int, took: float) -> None:
        """The collection looked into is over: those of its objects now in the middle
        generation, at its end, are those it left alive."""
        looking, self._looking = self._looking or {}, None
        alive = 0
        middle = gc.get_objects(generation=1)
        for thing in middle[max(0, len(middle) - len(looking)) :]:
            name = looking.get(id(thing))
            if name is not None:
                self._alive[name] = self._alive.get(name, 0) + 1
                alive += 1
        self._looked.append((len(looking), alive, found, took))

    async def _sample(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(self.every)
            self._lags.append(max(0.0, loop.time() - asked - self.every))


def _type_name(thing: object) -> str:
    """A type's name with its module (builtins' without); a coroutine's with its code's."""
    kind = type(thing)
    name = (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )
    code = getattr(thing, "cr_code", None)
    if isinstance(code, CodeType):
        name = f"{name} {code.co_qualname}"
    return name


def _chain(coro: object) -> list[CodeType]:
    """The code of each coroutine from ``coro`` to the innermost one it awaits."""
    chain: list[CodeType] = []
    while coro is not None:
        frame: FrameType | None = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
        if frame is None:
            break
        chain.append(frame.f_code)
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
    return chain


def _cause(chain: Sequence[CodeType]) -> str:
    """A task step's cause: the project's coroutines it resumed in, then the innermost."""
    if not chain:
        return "a task's first step"
    own = [code.co_qualname for code in chain if any(part in code.co_filename for part in _OWN)]
    innermost = chain[-1].co_qualname
    if not own:
        own = [chain[0].co_qualname]
    if own[-1] != innermost:
        own.append(innermost)
    return " > ".join(own)


def _name(callback: object) -> str:
    owner = getattr(callback, "__self__", None)
    name = getattr(callback, "__qualname__", None) or type(callback).__qualname__
    if owner is not None and "." not in name:
        name = f"{type(owner).__qualname__}.{name}"
    protocol = getattr(owner, "_protocol", None)
    if protocol is not None:
        # A transport's read or write: whose.
        name = f"{name} ({type(protocol).__qualname__})"
    return name


def format_loop(report: LoopReport, who: str) -> str:
    """A paragraph on ``report`` of the process ``who``."""
    lines = [
        f"{who}'s event loop: ran callbacks {report.busy:.1f} CPU s"
        f" ({report.busy_share:.0%} of {report.seconds:.0f} s); woke late by p50"
        f" {report.lag_p50_ms:.1f} ms, p99 {report.lag_p99_ms:.1f} ms, at most"
        f" {report.lag_max_ms:.0f} ms; callbacks of {SLOW * 1000:g} CPU ms or more took"
        f" {report.stalled_ms / 1000:.1f} s in all"
        + ("; the longest causes:" if report.stalls else "")
    ]
    lines.extend(
        f"  {stall.total_ms:8,.0f} ms in {stall.count:5,} (longest {stall.longest_ms:5.0f} ms)"
        f"  {stall.cause}"
        for stall in report.stalls
    )
    lines.extend(
        f"  the collector, generation {pause.generation}: {pause.count:,} pauses,"
        f" {pause.total_ms:,.0f} ms in all, the longest {pause.longest_ms:.1f} ms;"
        f" {pause.collected:,} objects found unreachable"
        for pause in report.pauses
    )
    lines.append(
        f"  at the end, {report.tracked:,} objects tracked: a full collection took"
        f" {report.full_ms:.0f} ms"
    )
    if report.young is not None:
        lines.append(_young_text(report.young))
    return "\n".join(lines)


def _young_text(young: Young) -> str:
    """The young collections looked into, a paragraph."""
    share = young.alive / young.walked if young.walked else 0.0
    lines = [
        f"  {young.collections:,} young collections looked into walked {young.walked:,.0f}"
        f" objects each, mean, and left {young.alive:,.0f} alive ({share:.0%}), found"
        f" {young.unreachable:,.0f} unreachable, in {young.cpu_ms:.1f} CPU ms; the longest"
        f" container {young.longest[0]:,} long ({young.longest[1]}); the most objects, each"
        " collection's mean (walked, alive):"
    ]
    lines.extend(f"    {kind.walked:9,.0f} {kind.alive:9,.0f}  {kind.name}" for kind in young.kinds)
    return "\n".join(lines)
