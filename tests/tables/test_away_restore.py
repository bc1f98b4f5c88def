"""Away seats are stored: a restart keeps a bot playing for a member who left, until `back`."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import Phase
from bot.storage.records import MemoryStore, SeatRecord, StorageFailed, TableStore
from bot.storage.store import Storage
from bot.tables import (
    Notice,
    NoticeKind,
    Shown,
    StorageBusy,
    Table,
    TableManager,
    TableSettings,
)
from bot.tables.table import STORAGE_BACK
from tests.doubles import ManualClock, RecordingPresenter
from tests.tables.helpers import ANN, BEA, bea_moves_until, member_to_act, move, started


class StoreWatcher(RecordingPresenter):
    """Records, with each away or back notice, whether the store already says the seat is
    away: what a restart at that moment would find."""

    def __init__(self, store: TableStore) -> None:
        super().__init__()
        self.store = store
        self.stored_away: list[tuple[NoticeKind, bool]] = []

    async def notice(self, table: Shown, notice: Notice) -> None:
        if notice.kind in (NoticeKind.AWAY, NoticeKind.BACK):
            assert notice.seat is not None
            (stored,) = await self.store.open_tables()
            self.stored_away.append((notice.kind, stored.seats[notice.seat].away))
        await super().notice(table, notice)


def ann_away(table: Table) -> bool:
    seat = table.seats[table.require_seat(ANN.id)]
    assert seat is not None
    return seat.away


def turn_time(table: Table) -> int:
    assert table.game is not None
    rules = table.rules
    return rules.time_to_play if table.game.phase is Phase.PLAY else rules.time_to_bid


async def test_an_away_seat_stays_away_after_a_restart_and_its_turn_is_played_at_once(
    tmp_path: Path, clock: ManualClock
) -> None:
    path = tmp_path / "spades.sqlite3"
    storage = await Storage.open(path)
    watcher = StoreWatcher(storage.tables)
    before = TableManager(
        storage.tables, presenters=[watcher], settings=TableSettings(bot_delay=3), clock=clock
    )
    table = await started(before, ANN, BEA)
    await bea_moves_until(before, clock, table, lambda: ann_away(table))
    assert watcher.stored_away == [(NoticeKind.AWAY, True)]  # stored before it was told
    # Ann's seat comes round again; its bot waits out its delay and the process dies.
    away_at = table.seq
    await bea_moves_until(
        before, clock, table, lambda: table.seq > away_at and member_to_act(table) == ANN.id
    )
    seq, names = table.seq, table.names
    await before.aclose()
    await storage.close()

    storage = await Storage.open(path)
    watcher = StoreWatcher(storage.tables)
    after = TableManager(
        storage.tables, presenters=[watcher], settings=TableSettings(bot_delay=0), clock=clock
    )
    try:
        [restored] = await after.restore()
        assert (restored.seq, restored.names, member_to_act(restored)) == (seq, names, ANN.id)
        shown = restored.snapshot().seats[0]
        assert ann_away(restored) and shown is not None and shown.away
        assert restored.deadline is None
        now = clock.now()
        await after.settle()  # no time passes: nobody waits for Ann
        assert restored.seq > seq and clock.now() == now
        # Bea is waited for, with her full turn time from the restart.
        assert member_to_act(restored) == BEA.id
        assert restored.deadline == now + turn_time(restored)

        await restored.back(ANN.id)
        assert watcher.stored_away == [(NoticeKind.BACK, False)]
        assert watcher.notices[-1].kind is NoticeKind.BACK and not ann_away(restored)
        await bea_moves_until(after, clock, restored, lambda: member_to_act(restored) == ANN.id)
        assert restored.deadline == clock.now() + turn_time(restored)  # Ann is waited for
        (stored,) = await storage.tables.open_tables()
        assert stored.seats[0].user_id == ANN.id and not stored.seats[0].away
    finally:
        await after.aclose()
        await storage.close()


async def test_moving_while_away_is_stored_as_back_before_anyone_is_told(
    store: MemoryStore, clock: ManualClock
) -> None:
    watcher = StoreWatcher(store)
    manager = TableManager(
        store, presenters=[watcher], settings=TableSettings(bot_delay=3), clock=clock
    )
    try:
        table = await started(manager, ANN, BEA)
        await bea_moves_until(manager, clock, table, lambda: ann_away(table))
        away_at = table.seq
        await bea_moves_until(
            manager, clock, table, lambda: table.seq > away_at and member_to_act(table) == ANN.id
        )
        # Ann moves herself while her seat's bot waits out its delay.
        await table.act(ANN.id, move(table, ANN.id), seq=table.seq)
        assert not ann_away(table)
        assert watcher.stored_away == [(NoticeKind.AWAY, True), (NoticeKind.BACK, False)]
    finally:
        await manager.aclose()


async def test_a_takeover_that_cannot_be_stored_waits_for_the_store_and_goes_on(
    manager: TableManager, store: MemoryStore, clock: ManualClock, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN, BEA)
    working = store.update_seats

    async def broken(table_id: int, seats: tuple[SeatRecord, ...]) -> None:
        raise StorageFailed("disk full")

    store.update_seats = broken  # type: ignore[method-assign]
    # The first missed turn stores nothing: a bot plays it.
    await bea_moves_until(manager, clock, table, lambda: member_to_act(table) == ANN.id)
    seq = table.seq
    await clock.advance(turn_time(table), manager.settle)
    assert table.seq > seq and recorder.notices[-1].kind is NoticeKind.TIMED_OUT
    # The second marks Ann away, which cannot be stored: the table waits, says so once.
    await bea_moves_until(manager, clock, table, lambda: member_to_act(table) == ANN.id)
    seq = table.seq
    await clock.advance(turn_time(table), manager.settle)
    for _ in range(5):
        await clock.advance(30, manager.settle)
    storage = [n for n in recorder.notices if n.kind is NoticeKind.STORAGE]
    assert len(storage) == 1 and "goes on by itself" in storage[0].text
    assert table.seq == seq and not ann_away(table)
    assert not store.tables[table.table_id or 0].seats[0].away

    # Once the store works, the takeover is stored and the game goes on by itself.
    store.update_seats = working  # type: ignore[method-assign]
    await clock.advance(30, manager.settle)
    back, away = recorder.notices[-2:]
    assert back.text == STORAGE_BACK and away.kind is NoticeKind.AWAY
    assert ann_away(table) and store.tables[table.table_id or 0].seats[0].away
    assert table.seq > seq

    # Coming back that cannot be stored is refused, and Ann stays away.
    store.update_seats = broken  # type: ignore[method-assign]
    with pytest.raises(StorageBusy):
        await table.back(ANN.id)
    assert ann_away(table) and store.tables[table.table_id or 0].seats[0].away
    store.update_seats = working  # type: ignore[method-assign]
    await table.back(ANN.id)
    assert not ann_away(table) and not store.tables[table.table_id or 0].seats[0].away
