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
(``mark``): every task discord.py makes for an event it reads inherits the mark. An
interaction's task drops it (``calm``) once its answer has set out, so the rest of a
click (telling the table, the next turn) waits its turn like any other work; tasks the bot
starts for later work are made without it (``background``).

``UrgentFirstLoop`` places a ready callback whose context carries the mark after the
urgent callbacks already waiting and ahead of everything else, including within the
loop's current round of callbacks. Of the sockets, two are read first: the gateway's and,
on PostgreSQL shards, the relay's, on which DM clicks are forwarded from the process that
got them. Their transports are named by ``reads_first``, which ``SpadesBot`` wraps
discord.py's ``ws_connect`` in and the relay its listening connection's ``connect``, not
by the mark (pooled HTTP connections, opened by whichever task, carry calm responses
too). What such a socket reads runs marked. Nothing is dropped or reordered among calm
callbacks,
and urgent work is only ever a click's few steps, so calm work waits a little, never
long. On any other loop the mark changes nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import selectors
import threading
import time
import weakref
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

import aiohttp

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


# Set while a socket read first is opened (``reads_first``): the gateway's WebSocket, the
# relay's listening connection. HTTP connections are pooled and shared by every later
# request, calm ones above all, so none is, whichever task happened to open it.
_FIRST: contextvars.ContextVar[bool] = contextvars.ContextVar("spades_first", default=False)

_P = ParamSpec("_P")


def reads_first(connect: Callable[_P, Awaitable[_T]]) -> Callable[_P, Awaitable[_T]]:
    """``connect`` (discord.py's ``HTTPClient.ws_connect``, asyncpg's ``connect``), whose
    socket is read first, and what it reads handled marked: a member waits for it."""

    @functools.wraps(connect)
    async def connecting(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        first, urgent = _FIRST.set(True), URGENT.set(True)
        try:
            opened = await connect(*args, **kwargs)
        finally:
            URGENT.reset(urgent)
            _FIRST.reset(first)
        # A pooled connection may have carried the upgrade (the API and the gateway at one
        # address, as the fake's): its socket is marked now.
        loop = asyncio.get_running_loop()
        if isinstance(opened, aiohttp.ClientWebSocketResponse) and isinstance(
            loop, UrgentFirstLoop
        ):
            sock = opened.get_extra_info("socket")
            if sock is not None:
                loop.read_first(sock.fileno())
        return opened

    return connecting


class _UrgentHandle(asyncio.Handle):
    """A callback that runs ahead of the calm ones."""

    __slots__ = ()


class UrgentFirstLoop(asyncio.SelectorEventLoop):
    """The standard selector loop, but a ready callback whose context is marked urgent
    runs before the calm ones already waiting (in the order the urgent ones arrived).

    The standard loop looks at its sockets only between rounds, and a round runs every
    callback that was ready when it began: at 60% busy a round can hold the loop for tens of
    milliseconds, and an interaction arriving meanwhile is read only after it. So the
    sockets read first are also watched by a selector of their own, polled without waiting
    whenever a callback is scheduled and ``POLL_EVERY`` has passed: a frame that arrived is
    read right after the callback running, mid-round."""

    POLL_EVERY = 0.001

    def __init__(self) -> None:
        # Before the loop's own set-up, which adds its self-pipe's reader.
        self._urgent_sockets = selectors.DefaultSelector()
        self._first_transports: weakref.WeakSet[object] = weakref.WeakSet()
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
        if context.get(URGENT, False):
            handle: asyncio.Handle = _UrgentHandle(callback, args, self, context)
            self._first(handle)
        else:
            handle = asyncio.Handle(callback, args, self, context)
            self._ready.append(handle)  # type: ignore[attr-defined]
        if self._urgent_sockets.get_map() and threading.get_ident() == self._thread_id:  # type: ignore[attr-defined]
            self._poll()
        return handle

    def _add_callback(self, handle: asyncio.Handle) -> None:
        # A socket or pipe that became ready (or a due timer's handle).
        if handle.cancelled():
            return
        if not isinstance(handle, _UrgentHandle):
            self._ready.append(handle)  # type: ignore[attr-defined]
        elif not self._queued(handle):  # the poll may have found it first
            self._first(handle)

    def _add_reader(self, fd: Any, callback: Callable[..., object], *args: Any) -> asyncio.Handle:
        handle: asyncio.Handle = super()._add_reader(fd, callback, *args)  # type: ignore[misc]
        transport = getattr(callback, "__self__", None)
        if transport is not None and _FIRST.get():
            self._first_transports.add(transport)
        watched = fd in self._urgent_sockets.get_map()
        if transport is not None and transport in self._first_transports:
            # A reader read first (again, after reading paused): replace the standard
            # handle the selector was given with an urgent one.
            handle = _UrgentHandle(callback, args, self, None)
            selector: selectors.BaseSelector = self._selector  # type: ignore[attr-defined]
            key = selector.get_key(fd)
            selector.modify(fd, key.events, (handle, key.data[1]))
            if not watched:
                self._urgent_sockets.register(fd, selectors.EVENT_READ)
        elif watched:
            self._urgent_sockets.unregister(fd)  # the number was reused by another socket
        return handle

    def read_first(self, fd: int) -> None:
        """The socket ``fd`` (its reader added already) is read ahead of everything."""
        selector: selectors.BaseSelector = self._selector  # type: ignore[attr-defined]
        try:
            reader = selector.get_key(fd).data[0]
        except KeyError:
            return
        if reader is None or reader.cancelled():
            return
        callback, args = reader._callback, reader._args
        transport = getattr(callback, "__self__", None)
        if transport is not None:
            self._first_transports.add(transport)
            self._add_reader(fd, callback, *args)  # the standard reader replaced

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
            if isinstance(reader, _UrgentHandle):
                self._add_callback(reader)

    def _queued(self, handle: asyncio.Handle) -> bool:
        """Whether ``handle`` waits among the urgent callbacks at the front."""
        for waiting in self._ready:  # type: ignore[attr-defined]
            if waiting is handle:
                return True
            if not isinstance(waiting, _UrgentHandle):
                return False
        return False

    def _first(self, handle: asyncio.Handle) -> None:
        """Queue ``handle`` after the urgent callbacks waiting, before the calm ones."""
        ready: Any = self._ready  # type: ignore[attr-defined]
        ahead = 0
        waiting = len(ready)
        while ahead < waiting and isinstance(ready[ahead], _UrgentHandle):
            ahead += 1
        ready.insert(ahead, handle)


def new_loop() -> asyncio.AbstractEventLoop:
    """The loop the bot runs on (``asyncio.Runner(loop_factory=new_loop)``)."""
    return UrgentFirstLoop()


def run(main: Coroutine[Any, Any, _T]) -> _T:
    """``asyncio.run(main)`` on an ``UrgentFirstLoop``."""
    with asyncio.Runner(loop_factory=new_loop) as runner:
        return runner.run(main)
