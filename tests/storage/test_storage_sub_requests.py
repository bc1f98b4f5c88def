"""Requests to take a seat (migration 0007) on SQLite and PostgreSQL (and in memory): stored,
found by member and by id, answered (an accept replaces the table's seats in the same
transaction), dropped, and gone with their table once it closes."""

import asyncio
from pathlib import Path

import pytest

from bot.engine import Rules
from bot.storage.records import SeatRecord, StoredTable, SubRequest, TableStore
from bot.storage.store import Storage
from devtools.bench.storage import seats_for
from tests.storage.helpers import new_table


async def stored(store: TableStore, table_id: int) -> StoredTable:
    return next(t for t in await store.open_tables() if t.table_id == table_id)


async def test_a_request_is_kept_answered_and_gone_with_its_table(table_store: TableStore) -> None:
    first, second = await new_table(table_store, 70), await new_table(table_store, 71)
    asked = SubRequest(0, first, 2, 9, None, 1_700_000_300)
    first_id = await table_store.add_sub_request(asked)
    second_id = await table_store.add_sub_request(SubRequest(0, second, 0, 9, 1, 1_700_000_400))
    other_id = await table_store.add_sub_request(SubRequest(0, first, 1, 8, 2, 1_700_000_500))
    assert len({first_id, second_id, other_id}) == 3
    assert await table_store.sub_request(first_id) == SubRequest(
        first_id, first, 2, 9, None, 1_700_000_300
    )
    assert [r.request_id for r in await table_store.sub_requests(9)] == [first_id, second_id]

    await table_store.answer_sub_request(second_id, "declined")
    assert (await table_store.sub_request(second_id) or asked).answer == "declined"
    seats = tuple(
        SeatRecord(s.seat, "Nine", 9) if s.seat == 2 else s
        for s in (await stored(table_store, first)).seats
    )
    await table_store.answer_sub_request(first_id, "accepted", seats)
    assert (await table_store.sub_request(first_id) or asked).answer == "accepted"
    assert (await stored(table_store, first)).seats == seats
    assert (await stored(table_store, second)).seats == seats_for(Rules())

    await table_store.drop_sub_request(other_id)
    assert await table_store.sub_request(other_id) is None
    await table_store.close_table(first)
    assert await table_store.sub_request(first_id) is None
    assert [r.request_id for r in await table_store.sub_requests(9)] == [second_id]


class AskedAlready(Exception):
    pass


def only_one(asked: tuple[SubRequest, ...]) -> None:
    if any(r.answer is None for r in asked):
        raise AskedAlready


async def test_two_processes_asking_one_member_at_once_send_one_request(
    location: str | Path,
) -> None:
    """The member's requests are read and the new one stored in one transaction: of two
    stores on one database (two bot processes) asking at the same instant, one stores its
    request and the other is refused, whichever comes first."""
    one, two = await Storage.open(location), await Storage.open(location)
    try:
        tables = [await new_table(one.tables, 70), await new_table(one.tables, 71)]
        asks = [
            store.tables.add_sub_request(SubRequest(0, table, 2, 9, None, 2**40), only_one)
            for store, table in zip((one, two), tables, strict=True)
        ]
        results = await asyncio.gather(*asks, return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["AskedAlready", "int"]
        assert len(await two.tables.sub_requests(9)) == 1
        # Refused before anything was written: the refusal stores nothing.
        with pytest.raises(AskedAlready):
            await one.tables.add_sub_request(SubRequest(0, tables[0], 1, 9, None, 2**40), only_one)
        assert len(await one.tables.sub_requests(9)) == 1
    finally:
        await one.close()
        await two.close()
