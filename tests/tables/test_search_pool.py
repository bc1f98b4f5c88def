"""Hard bots search in a process pool when the table's context has one: the worker is
handed only the seat's view and a seed, and its action goes through the table's one path
like any bot's move."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

import pytest

from bot.ai.levels import decide_as, decide_why_as
from bot.engine import Game, Phase, Rules
from bot.storage.records import MemoryStore
from bot.tables import TableManager, TableSettings
from tests.doubles import ManualClock
from tests.tables.helpers import ANN, CHANNEL, move

P = ParamSpec("P")
R = TypeVar("R")


class CountingPool(ProcessPoolExecutor):
    """A real process pool that remembers what it was asked to run."""

    def __init__(self) -> None:
        super().__init__(2, mp_context=multiprocessing.get_context("spawn"))
        self.asked: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> Future[R]:
        self.asked.append((fn, args))
        return super().submit(fn, *args, **kwargs)


@pytest.fixture(scope="module")
def pool() -> Iterator[CountingPool]:
    with CountingPool() as pool:
        yield pool


def worker_pid() -> int:
    return os.getpid()


def test_a_decision_in_a_worker_needs_only_the_view_and_a_seed(pool: CountingPool) -> None:
    game = Game.new(Rules.preset("classic"), seed=5)
    view = game.view(game.to_act)
    assert pool.submit(worker_pid).result() != os.getpid()
    first = pool.submit(decide_as, "hard", view, 99).result()
    assert first in view.legal_actions


async def test_hard_bots_at_a_table_move_from_the_search_pool(
    store: MemoryStore, clock: ManualClock, pool: CountingPool
) -> None:
    manager = TableManager(
        store, settings=TableSettings(bot_delay=0), clock=clock, search_executor=pool
    )
    try:
        table = await manager.open(CHANNEL, ANN)
        for _ in range(3):
            await table.add_bot(ANN.id, "hard")
        await table.start(ANN.id, seed=3)
        await manager.settle()
        while table.game is not None and table.game.phase is Phase.BID:
            await table.act(ANN.id, move(table, ANN.id), seq=table.seq)
            await manager.settle()
        assert table.game is not None
        bids = [b for b in table.game.view(0).bids if b is not None]
        assert len(bids) == 4
        # The three hard bots bid through the pool, and each bid's reason came back with it.
        assert len([fn for fn, _ in pool.asked if fn is decide_why_as]) >= 3
        told = [await table.why(ANN.id, seat) for seat in (1, 2, 3)]
        assert any("deals of the unseen cards" in text for text in told)
        pool.asked.clear()
        # Ann plays cards until a hard bot has played too.
        while not pool.asked:
            await table.act(ANN.id, move(table, ANN.id), seq=table.seq)
            await manager.settle()
        fn, (level, view, seed) = pool.asked[0]
        assert (fn, level) == (decide_why_as, "hard")
        # Only the bot's own seat's view crosses to the worker: no other hand.
        assert view.seat != 0 and view.hand is not None and isinstance(seed, int)
    finally:
        await manager.aclose()


class CountingThreads(ThreadPoolExecutor):
    """A real thread pool that counts what it was asked to run."""

    def __init__(self) -> None:
        super().__init__(2)
        self.asked = 0

    def submit(self, fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> Future[R]:
        self.asked += 1
        return super().submit(fn, *args, **kwargs)


async def test_quick_bots_decide_on_the_event_loop_and_searching_ones_in_the_executor(
    store: MemoryStore, clock: ManualClock
) -> None:
    # A thread costs a normal bot more than its decision, and holds the interpreter's lock
    # while every click and turn of the other tables waits: only a searching bot gets one.
    with CountingThreads() as threads:
        manager = TableManager(
            store, settings=TableSettings(bot_delay=0), clock=clock, executor=threads
        )
        try:
            quick = await manager.open(CHANNEL, ANN)
            for level in ("easy", "normal", "normal"):
                await quick.add_bot(ANN.id, level)
            await quick.start(ANN.id, seed=3)
            await manager.settle()
            for _ in range(12):
                await quick.act(ANN.id, move(quick, ANN.id), seq=quick.seq)
                await manager.settle()
            assert quick.game is not None and quick.game.view(0).trick_number >= 3
            assert threads.asked == 0
            searching = await manager.open(CHANNEL + 1, ANN)
            for _ in range(3):
                await searching.add_bot(ANN.id, "hard")
            await searching.start(ANN.id, seed=3)
            await manager.settle()
            while threads.asked == 0:
                await searching.act(ANN.id, move(searching, ANN.id), seq=searching.seq)
                await manager.settle()
        finally:
            await manager.aclose()
