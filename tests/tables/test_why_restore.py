"""Asking "Why?" after a restart: the table reads its bots' reasons back from the store, once; a
store that cannot answer is a short "storage is busy" and the next ask reads them."""

from __future__ import annotations

import pytest

from bot.storage.records import MemoryStore, StorageFailed
from bot.tables import StorageBusy, Table, TableError, TableManager, TableSettings
from tests.doubles import ManualClock
from tests.tables.helpers import ANN, started


async def told(table: Table) -> list[str]:
    """What "Why?" says of the last bot to move and of each bot's seat (a refusal's words
    when a bot has not moved yet)."""
    answers = []
    for seat in (None, 1, 2, 3):
        try:
            answers.append(await table.why(ANN.id, seat))
        except TableError as refused:
            answers.append(f"refused: {refused}")
    return answers


async def test_a_restored_table_tells_why_from_the_reasons_it_stored(
    store: MemoryStore, clock: ManualClock
) -> None:
    settings = TableSettings(bot_delay=0)
    before = TableManager(store, settings=settings, clock=clock)
    table = await started(before, ANN)  # Ann and three bots, settled at her turn
    asked = await told(table)
    assert sum(" bid " in text for text in asked) >= 2
    await before.aclose()

    after = TableManager(store, settings=settings, clock=clock)
    try:
        [restored] = await after.restore()
        working = store.bot_reasons
        reads: list[int] = []

        async def broken(table_id: int) -> list[str]:
            raise StorageFailed("the disk is gone")

        store.bot_reasons = broken  # type: ignore[method-assign]
        with pytest.raises(StorageBusy):
            await restored.why(ANN.id)

        async def counted(table_id: int) -> list[str]:
            reads.append(table_id)
            return await working(table_id)

        store.bot_reasons = counted  # type: ignore[method-assign]
        assert await told(restored) == asked
        assert reads == [restored.table_id]  # read once, then kept
    finally:
        await after.aclose()
