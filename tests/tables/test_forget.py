"""``Table.forget`` (/spades forgetme): the member leaves the table as ``leave`` does, and a
host without a seat hands the role on; a table that does not hold them is left alone."""

from __future__ import annotations

from bot.storage.records import MemoryStore, SeatRecord
from bot.tables import TableManager, TableStatus
from tests.doubles import RecordingPresenter
from tests.tables.helpers import ANN, BEA, CHANNEL, CY, DEE, started, sub


async def test_in_play_a_bot_takes_their_seat_and_the_host_role_passes_on(
    manager: TableManager, store: MemoryStore, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN, BEA, CY)
    assert not await table.forget(DEE.id)  # not at this table: nothing changes
    assert table.host_id == ANN.id

    assert await table.forget(ANN.id)
    assert table.seat_of(ANN.id) is None and table.host_id == BEA.id
    assert recorder.notices[-1].text == "Ann left: a bot plays their seat."
    stored = store.tables[table.table_id or 0]
    assert stored.seats[0] == SeatRecord(0, "Bot 1 (normal)", bot="normal")
    assert all(seat.user_id != ANN.id for seat in stored.seats)
    assert not await table.forget(ANN.id)


async def test_a_host_who_handed_their_seat_over_stops_hosting(manager: TableManager) -> None:
    table = await started(manager, ANN, BEA)
    await sub(table, ANN.id, 0, DEE)
    assert table.seat_of(ANN.id) is None and table.host_id == ANN.id
    assert await table.forget(ANN.id)
    # The first member seated hosts now.
    assert table.host_id == DEE.id and table.status is TableStatus.PLAYING


async def test_in_a_lobby_their_seat_empties_and_a_lobby_left_empty_closes(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await manager.open(CHANNEL, ANN)
    await table.join(BEA)
    assert await table.forget(ANN.id)
    assert table.seats[0] is None and table.host_id == BEA.id
    assert store.lobbies[CHANNEL].host_id == BEA.id
    assert [s.user_id for s in store.lobbies[CHANNEL].seats] == [BEA.id]

    # A host who never sat: with nobody seated, their lobby closes.
    alone = await manager.open(CHANNEL + 1, CY, sit=False)
    await alone.add_bot(CY.id)
    assert await alone.forget(CY.id)
    assert alone.status is TableStatus.CLOSED and CHANNEL + 1 not in store.lobbies


async def test_the_last_member_leaving_a_game_stops_it(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await started(manager, ANN)
    assert await table.forget(ANN.id)
    assert table.status is TableStatus.CLOSED
    assert store.finished == {table.table_id: True}
