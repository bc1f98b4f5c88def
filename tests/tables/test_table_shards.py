"""Tables across processes that share one store: each process restores and runs only the
tables of the guilds on its shards, and a process whose table another one took over lets it
go at its next write (the store refuses the step) instead of acting on it."""

from __future__ import annotations

import logging

import pytest

from bot.config import shard_of
from bot.engine import Bid
from bot.storage.records import MemoryStore
from bot.tables import NoTable, StaleAction, TableManager, TableSettings
from tests.doubles import ManualClock
from tests.tables.helpers import ANN, BEA, move, started

# Two guilds on different shards of two (Discord puts a guild on (id >> 22) % count).
GUILD_ON_0 = 40 << 22
GUILD_ON_1 = 41 << 22


def manager_for(store: MemoryStore, clock: ManualClock, shard: int | None = None) -> TableManager:
    """A process's manager: holding shard ``shard`` of two, or every guild when ``None``."""
    owns = None if shard is None else (lambda guild: shard_of(guild, 2) == shard)
    return TableManager(store, settings=TableSettings(bot_delay=0), clock=clock, owns=owns)


async def test_each_process_restores_only_the_tables_of_its_shards(
    store: MemoryStore, clock: ManualClock
) -> None:
    assert (shard_of(GUILD_ON_0, 2), shard_of(GUILD_ON_1, 2)) == (0, 1)
    first = manager_for(store, clock)
    try:
        for channel, guild in ((10, GUILD_ON_0), (11, GUILD_ON_1)):
            table = await first.open(channel, ANN, guild_id=guild)
            await table.start(ANN.id, fill_with_bots=True, seed=channel)
        await first.open(12, BEA, guild_id=GUILD_ON_1)  # a lobby
        await first.settle()
    finally:
        await first.aclose()

    zero, one = manager_for(store, clock, 0), manager_for(store, clock, 1)
    try:
        assert [t.channel_id for t in await zero.restore()] == [10]
        assert sorted(t.channel_id for t in await one.restore()) == [11, 12]
        assert zero.find(11) is None and one.find(10) is None
    finally:
        await zero.aclose()
        await one.aclose()


async def test_a_process_that_lost_a_table_lets_it_go_at_its_next_write(
    store: MemoryStore, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    old = manager_for(store, clock)
    new = manager_for(store, clock)
    try:
        stale = await started(old, ANN)
        seq, table_id = stale.seq, stale.table_id
        assert table_id is not None
        # The shard moved: the new owner restores the table and Ann bids there.
        [taken] = await new.restore()
        chosen = move(taken, ANN.id)
        await taken.act(ANN.id, chosen, seq=taken.seq)
        await new.settle()
        assert taken.seq > seq + 1  # the bots went on after Ann

        # The old process still shows the table; a different bid there is refused by the
        # store's unique step, and the table drops out of the old process's registry.
        other = next(a for a in stale.view(0).legal_actions if isinstance(a, Bid) and a != chosen)
        refused = pytest.raises(StaleAction, match="the table has moved on")
        with caplog.at_level(logging.WARNING, logger="bot.tables.manager"), refused:
            await stale.act(ANN.id, other, seq=seq)
        assert "is run by another process now" in caplog.text
        assert old.find(stale.channel_id) is None and old.tables == []
        with pytest.raises(NoTable):
            old.table_by_id(table_id)
        # Nothing of the old process reached the store: the new owner's game goes on.
        [stored] = (await store.open_tables()).rows
        assert len(stored.actions) == taken.seq
        assert new.table_by_id(table_id) is taken
    finally:
        await old.aclose()
        await new.aclose()
