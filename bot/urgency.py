"""Clicks first: an event loop that runs what a member is waiting for before the rest.

asyncio runs ready callbacks first come, first served. At 1,000 tables the bot's one loop
is busy about 60% of the time (bots' moves, table messages, turns, DMs), and every hop of a
click waited behind all of that: the gateway's socket being read, the task discord.py makes
for the interaction, each await of its answer, the task aiohttp writes the answer's body
in. Four or five such waits made a click's answer take 160 ms at p99 while its own work
took 1.5 ms.

Urgency is a context variable, so it travels the way asyncio already carries context: a
task is made with a copy of its maker's, and every callback a task or a future schedules
runs in the task's. ``SpadesBot.connect`` marks the task that reads the gateway
(``mark``): its socket, and every task discord.py makes for an event it reads, inherit the
mark. An interaction's task drops it (``calm``) once its answer has set out, so the rest
of a click (telling the table, the next turn) waits its turn like any other work; tasks
the bot starts for later work are made without it (``background``).

``UrgentFirstLoop`` places a ready callback whose context carries the mark after the
urgent callbacks already waiting and ahead of everything else, including within the
loop's current round of callbacks. Nothing is dropped or reordered among calm callbacks,
and urgent work is only ever a click's few steps, so calm work waits a little, never
long. On any other loop the mark changes nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
import selectors
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

URGENT: contextvars.ContextVar[bool] = contextvars.ContextVar("spades_urgent", default=False)

_T = TypeVar("_T")


def mark() -> None:
    """What the current task does from here on, and what it starts, comes first."""
    URGENT.set(True)


def calm() -> None:
    """The current task's work from here on waits its turn (its urgent part is done)."""
    URGENT.set(False)


def is_urgent() -> bool:
    return URGENT.get()


def calm_context() -> contextvars.Context:
    """A copy of the current context (the member's language and all) without the mark."""
    context = contextvars.copy_context()
    context.run(URGENT.set, False)
    return context


def background(work: Coroutine[Any, Any, _T], *, name: str | None = None) -> asyncio.Task[_T]:
    """Start ``work`` as a task that waits its turn, whoever starts it."""
    return asyncio.get_running_loop().create_task(work, name=name, context=calm_context())


def _urgent(context: contextvars.Context | None) -> bool:
    return context is not None and context.get(URGENT, False)


class UrgentFirstLoop(asyncio.SelectorEventLoop):
    """The standard selector loop, but a ready callback whose context is marked urgent
    runs before the calm ones already waiting (in the order the urgent ones arrived).

    The standard loop looks at its sockets only between rounds, and a round runs every
    callback that was ready when it began: at 60% busy a round can hold the loop for tens of
    milliseconds, and an interaction arriving meanwhile is read only after it. So the
    sockets added for reading from an urgent context (the gateway's) are also watched by a
    selector of their own, polled without waiting whenever a callback is scheduled and
    ``POLL_EVERY`` has passed: a frame that arrived is read right after the callback
    running, mid-round."""

    POLL_EVERY = 0.001

    def __init__(self) -> None:
        # Before the loop's own set-up, which adds its self-pipe's reader.
        self._urgent_sockets = selectors.DefaultSelector()
        self._polled = 0.0
        super().__init__()

    def _call_soon(
        self,
        callback: Callable[..., object],
        args: tuple[object, ...],
        context: contextvars.Context | None,
    ) -> asyncio.Handle:
        if context is None:
            context = contextvars.copy_context()
        handle = asyncio.Handle(callback, args, self, context)
        self._place(handle, context)
        if self._urgent_sockets.get_map() and threading.get_ident() == self._thread_id:  # type: ignore[attr-defined]
            self._poll()
        return handle

    def _add_callback(self, handle: asyncio.Handle) -> None:
        # A socket or pipe that became ready: its reader's (or writer's) handle carries the
        # context it was added in, the gateway's reader the gateway task's.
        if handle.cancelled():
            return
        context = getattr(handle, "_context", None)
        if _urgent(context) and self._queued(handle):
            return  # the poll found it first and it has not run yet
        self._place(handle, context)

    def _add_reader(self, fd: Any, callback: Callable[..., object], *args: Any) -> asyncio.Handle:
        handle: asyncio.Handle = super()._add_reader(fd, callback, *args)  # type: ignore[misc]
        watched = fd in self._urgent_sockets.get_map()
        if URGENT.get() and not watched:
            self._urgent_sockets.register(fd, selectors.EVENT_READ)
        elif watched and not URGENT.get():
            self._urgent_sockets.unregister(fd)  # the number was reused by a calm socket
        return handle

    def _remove_reader(self, fd: Any) -> bool:
        if fd in self._urgent_sockets.get_map():
            self._urgent_sockets.unregister(fd)
        removed: bool = super()._remove_reader(fd)  # type: ignore[misc]
        return removed

    def close(self) -> None:
        super().close()
        self._urgent_sockets.close()

    def _poll(self) -> None:
        now = time.monotonic()
        if now - self._polled < self.POLL_EVERY:
            return
        self._polled = now
        selector: selectors.BaseSelector = self._selector  # type: ignore[attr-defined]
        for key, _events in self._urgent_sockets.select(0):
            try:
                reader = selector.get_key(key.fd).data[0]
            except KeyError:
                continue
            if reader is not None and not reader.cancelled() and not self._queued(reader):
                self._place(reader, getattr(reader, "_context", None))

    def _queued(self, handle: asyncio.Handle) -> bool:
        """Whether ``handle`` waits among the urgent callbacks at the front."""
        ready: Any = self._ready  # type: ignore[attr-defined]
        for waiting in ready:
            if waiting is handle:
                return True
            if not _urgent(getattr(waiting, "_context", None)):
                return False
        return False

    def _place(self, handle: asyncio.Handle, context: contextvars.Context | None) -> None:
        ready: Any = self._ready  # type: ignore[attr-defined]
        if not _urgent(context):
            ready.append(handle)
            return
        ahead = 0
        waiting = len(ready)
        while ahead < waiting and _urgent(getattr(ready[ahead], "_context", None)):
            ahead += 1
        ready.insert(ahead, handle)


def new_loop() -> asyncio.AbstractEventLoop:
    """The loop the bot runs on (``asyncio.Runner(loop_factory=new_loop)``)."""
    return UrgentFirstLoop()


def run(main: Coroutine[Any, Any, _T]) -> _T:
    """``asyncio.run(main)`` on an ``UrgentFirstLoop``."""
    with asyncio.Runner(loop_factory=new_loop) as runner:
        return runner.run(main)
