"""Turn timers, away seats and idle tables, on a manual clock: no real waiting."""

from __future__ import annotations

import pytest

from bot.storage.records import MemoryStore
from bot.tables import (
    NotAway,
    NoticeKind,
    Table,
    TableManager,
    TableSettings,
    TableStatus,
)
from tests.doubles import ManualClock, RecordingPresenter
from tests.tables.helpers import ANN, BEA, CHANNEL, bea_moves_until, member_to_act, move, started


async def _bea_plays_until_ann_is_to_act(
    manager: TableManager, clock: ManualClock, table: Table
) -> None:
    await bea_moves_until(manager, clock, table, lambda: member_to_act(table) == ANN.id)


async def test_a_missed_turn_is_warned_then_played_then_the_seat_goes_away_and_comes_back(
    manager: TableManager, clock: ManualClock, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN, BEA)
    await _bea_plays_until_ann_is_to_act(manager, clock, table)
    seat = table.require_seat(ANN.id)
    deadline = table.deadline
    assert deadline == clock.now() + table.rules.time_to_bid
    assert table.snapshot().deadline == deadline

    seq = table.seq
    await clock.advance(44, manager.settle)
    assert recorder.notices == [] and table.seq == seq
    await clock.advance(1, manager.settle)  # 15 seconds before the end
    warning = recorder.notices[-1]
    assert warning.kind is NoticeKind.TURN_WARNING and warning.user_id == ANN.id
    assert warning.deadline == deadline and "15 seconds left to bid" in warning.text

    await clock.advance(15, manager.settle)
    assert recorder.notices[-1].kind is NoticeKind.TIMED_OUT and table.seq > seq
    assert table.missed_turns(seat) == 1 and not away(table, seat)

    await _bea_plays_until_ann_is_to_act(manager, clock, table)
    await clock.advance(60, manager.settle)
    assert recorder.notices[-1].kind is NoticeKind.AWAY and away(table, seat)
    assert recorder.notices[-1].text.startswith("Ann missed 2 turns in a row")

    # Away: Ann's turns are played at once, only Bea is waited for.
    for _ in range(3):
        assert member_to_act(table) == BEA.id and table.deadline is not None
        await table.act(BEA.id, move(table, BEA.id), seq=table.seq)
        await manager.settle()

    await table.back(ANN.id)
    assert recorder.notices[-1].kind is NoticeKind.BACK and not away(table, seat)
    assert table.missed_turns(seat) == 0
    with pytest.raises(NotAway):
        await table.back(ANN.id)
    await _bea_plays_until_ann_is_to_act(manager, clock, table)
    assert table.deadline is not None  # waited for again


def away(table: Table, seat: int) -> bool:
    held = table.seats[seat]
    assert held is not None
    return held.away


async def test_a_member_acting_resets_missed_turns_and_ends_away(
    manager: TableManager, clock: ManualClock, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN, BEA)
    await _bea_plays_until_ann_is_to_act(manager, clock, table)
    await clock.advance(60, manager.settle)
    seat = table.require_seat(ANN.id)
    assert table.missed_turns(seat) == 1
    await _bea_plays_until_ann_is_to_act(manager, clock, table)
    await table.act(ANN.id, move(table, ANN.id), seq=table.seq)
    assert table.missed_turns(seat) == 0


async def test_turn_timers_can_be_off(store: MemoryStore, clock: ManualClock) -> None:
    manager = TableManager(
        store, settings=TableSettings(bot_delay=0, turn_timers=False), clock=clock
    )
    try:
        table = await started(manager, ANN)
        seq = table.seq
        assert table.deadline is None
        await clock.advance(3600, manager.settle)
        assert table.seq == seq
    finally:
        await manager.aclose()


async def test_bots_wait_their_delay_before_moving(store: MemoryStore, clock: ManualClock) -> None:
    manager = TableManager(store, settings=TableSettings(bot_delay=2), clock=clock)
    try:
        table = await manager.open(CHANNEL, ANN, sit=False)
        await table.start(ANN.id, fill_with_bots=True, seed=3)
        await manager.settle()
        assert table.seq == 0
        await clock.advance(1.9, manager.settle)
        assert table.seq == 0
        await clock.advance(0.1, manager.settle)
        assert table.seq == 1
        await clock.advance(20, manager.settle)
        assert table.seq == 11  # one move every two seconds
    finally:
        await manager.aclose()


async def test_a_table_nobody_acts_on_closes_and_says_why(
    store: MemoryStore, clock: ManualClock
) -> None:
    recorder = RecordingPresenter()
    manager = TableManager(
        store,
        presenters=[recorder],
        settings=TableSettings(bot_delay=0, idle_close=600, turn_timers=False),
        clock=clock,
    )
    try:
        lobby = await manager.open(CHANNEL, ANN)
        game = await started_elsewhere(manager)
        await clock.advance(300, manager.settle)
        await lobby.join(BEA)  # activity keeps the lobby open
        await clock.advance(400, manager.settle)
        assert lobby.status is TableStatus.LOBBY
        assert game.status is TableStatus.CLOSED
        assert recorder.notices[-1].text == "Closed after 10 minutes without a move from anyone."
        assert store.finished == {game.table_id: True}
        await clock.advance(300, manager.settle)
        assert lobby.status is TableStatus.CLOSED and manager.tables == []
    finally:
        await manager.aclose()


async def started_elsewhere(manager: TableManager) -> Table:
    table = await manager.open(CHANNEL + 1, BEA)
    await table.start(BEA.id, fill_with_bots=True, seed=1)
    await manager.settle()
    return table
