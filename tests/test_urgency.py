"""The urgent-first loop: callbacks of a marked context run ahead of the calm ones already
waiting, in the order they came; calm work keeps its order and is never dropped."""

from __future__ import annotations

import asyncio
import contextvars
import socket
import time

from bot import urgency


def _urgent_context() -> contextvars.Context:
    context = contextvars.copy_context()
    context.run(urgency.mark)
    return context


def test_urgent_callbacks_run_before_calm_ones_already_waiting_in_their_own_order() -> None:
    ran: list[str] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        for n in range(3):
            loop.call_soon(ran.append, f"calm {n}")
        for n in range(2):
            loop.call_soon(ran.append, f"urgent {n}", context=_urgent_context())
        loop.call_soon(ran.append, "calm 3")
        await asyncio.sleep(0.01)

    urgency.run(main())
    assert ran == ["urgent 0", "urgent 1", "calm 0", "calm 1", "calm 2", "calm 3"]


def test_the_standard_loop_runs_them_first_come_first_served() -> None:
    ran: list[str] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        loop.call_soon(ran.append, "calm")
        loop.call_soon(ran.append, "urgent", context=_urgent_context())
        await asyncio.sleep(0.01)

    asyncio.run(main())
    assert ran == ["calm", "urgent"]


def test_an_urgent_task_takes_all_its_steps_before_a_backlog_of_calm_ones() -> None:
    ran: list[str] = []

    async def steps(name: str, count: int) -> None:
        for n in range(count):
            ran.append(f"{name} {n}")
            await asyncio.sleep(0)

    async def click() -> None:
        await steps("click", 3)
        urgency.calm()  # answered: the rest waits its turn
        await asyncio.sleep(0)
        ran.append("after")

    async def main() -> None:
        backlog = [urgency.background(steps(f"bg{n}", 3)) for n in range(3)]
        await asyncio.sleep(0)  # the backlog has begun: its second steps are waiting
        assert ran == ["bg0 0", "bg1 0", "bg2 0"]
        clicked = asyncio.create_task(click(), context=_urgent_context())
        await asyncio.gather(clicked, *backlog)

    urgency.run(main())
    # The click's three steps, one after another, before any more of the backlog.
    assert ran[3:6] == ["click 0", "click 1", "click 2"]
    # Calm again, "after" waits behind the backlog's steps already waiting.
    assert ran.index("after") > ran.index("bg2 1")
    for n in range(3):
        assert ran.index(f"bg{n} 0") < ran.index(f"bg{n} 1") < ran.index(f"bg{n} 2")
    assert len(ran) == 3 + 1 + 3 * 3


def test_background_work_started_by_an_urgent_task_is_calm_and_keeps_its_context() -> None:
    language: contextvars.ContextVar[str] = contextvars.ContextVar("language", default="en")
    seen: list[tuple[bool, str]] = []

    async def later() -> None:
        seen.append((urgency.is_urgent(), language.get()))

    async def main() -> None:
        urgency.mark()
        language.set("fr")
        await urgency.background(later())
        seen.append((urgency.is_urgent(), language.get()))

    urgency.run(main())
    assert seen == [(False, "fr"), (True, "fr")]


def test_the_gateways_socket_is_read_mid_round_ahead_of_a_calm_backlog() -> None:
    ran: list[str] = []

    class Gateway:
        def __init__(self, sock: socket.socket) -> None:
            self.sock = sock

        def read_ready(self) -> None:
            ran.append(f"read {self.sock.recv(100).decode()}")

    async def busy(n: int, peer: socket.socket) -> None:
        for step in range(2):
            if n == 0 and step == 0:
                peer.send(b"click")  # arrives while the round is under way
            time.sleep(0.002)  # the loop held, as by CPU work
            ran.append(f"bg{n} {step}")
            await asyncio.sleep(0)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        ours, peer = socket.socketpair()
        ours.setblocking(False)
        try:

            async def connect() -> None:
                loop.add_reader(ours.fileno(), Gateway(ours).read_ready)

            await urgency.reads_first(connect)()
            await asyncio.gather(*(urgency.background(busy(n, peer)) for n in range(10)))
        finally:
            loop.remove_reader(ours.fileno())
            ours.close()
            peer.close()

    urgency.run(main())
    # Read within a couple of the round's callbacks (a poll at most every millisecond),
    # not after the ten of them.
    assert ran.index("read click") <= 3, ran
    assert len(ran) == 1 + 10 * 2


def test_other_sockets_wait_their_turn() -> None:
    ran: list[str] = []

    class Connection:
        def read_ready(self) -> None:
            ran.append("read")
            ours.recv(100)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        loop.add_reader(ours.fileno(), Connection().read_ready)  # not the gateway's
        try:
            for n in range(3):
                loop.call_soon(ran.append, f"calm {n}")
            peer.send(b"x")
            await asyncio.sleep(0.01)
        finally:
            loop.remove_reader(ours.fileno())

    ours, peer = socket.socketpair()
    ours.setblocking(False)
    try:
        urgency.run(main())
    finally:
        ours.close()
        peer.close()
    assert ran == ["calm 0", "calm 1", "calm 2", "read"]
