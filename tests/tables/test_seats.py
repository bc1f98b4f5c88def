"""Seats changing hands during play, stopping, rematches, and restoring after a restart."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import view_to_json
from bot.storage.records import MemoryStore, SeatRecord
from bot.tables import (
    NoTable,
    NotHost,
    NoticeKind,
    NotSeated,
    NotYourRequest,
    RequestClosed,
    SeatUnavailable,
    SubRefused,
    TableManager,
    TableSettings,
    TableStatus,
    WrongStage,
)
from tests.doubles import HandChanged, ManualClock, RecordingPresenter
from tests.tables.helpers import ANN, BEA, CHANNEL, CY, DEE, move, play_out, started, sub


async def test_the_host_stops_at_once(
    manager: TableManager, store: MemoryStore, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN, BEA)
    with pytest.raises(NotSeated):
        await table.stop(DEE.id)
    vote = await table.stop(ANN.id)
    assert vote.stopped and table.status is TableStatus.CLOSED
    assert recorder.notices[-1].kind is NoticeKind.CLOSED
    assert recorder.notices[-1].text == "Stopped by the host."
    assert store.finished == {table.table_id: True}
    assert not await store.open_tables()
    with pytest.raises(NoTable):
        manager.table_by_id(table.table_id or 0)
    with pytest.raises(NoTable, match="closed"):
        await table.act(ANN.id, move(table, ANN.id))


async def test_a_moderator_stops_at_once_and_players_stop_by_majority(
    manager: TableManager, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN, BEA, CY)
    vote = await table.stop(BEA.id)
    assert (vote.stopped, vote.votes, vote.needed) == (False, 1, 2)
    assert recorder.notices[-1].kind is NoticeKind.STOP_VOTE
    assert (await table.stop(BEA.id)).votes == 1  # voting twice counts once
    assert table.snapshot().stop_votes == 1
    vote = await table.stop(CY.id)
    assert vote.stopped and table.status is TableStatus.CLOSED
    assert "vote of the players (2 of 3)" in (table.close_reason or "")

    other = await manager.open(CHANNEL + 1, BEA)
    assert (await other.stop(DEE.id, moderator=True)).stopped
    assert recorder.notices[-1].text == "Stopped by a moderator."


async def test_a_seat_is_handed_to_another_member(
    manager: TableManager, store: MemoryStore, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN, BEA)
    with pytest.raises(NotHost):
        await sub(table, BEA.id, 0, DEE)  # only Ann, the host or a moderator
    with pytest.raises(SeatUnavailable):
        await sub(table, ANN.id, 0, BEA)  # Bea is seated already
    await sub(table, ANN.id, 0, DEE)
    assert recorder.notices[-1].text == "Dee takes over from Ann."
    assert store.tables[table.table_id or 0].seats[0] == SeatRecord(0, "Dee", DEE.id)
    shown = recorder.records[-2]
    assert isinstance(shown, HandChanged) and shown.seat == 0
    with pytest.raises(NotSeated):
        await table.act(ANN.id, move(table, DEE.id))
    # A moderator hands a bot's seat to a member who turns up.
    await sub(table, CY.id, 2, CY, moderator=True)
    assert table.seat_of(CY.id) == 2
    with pytest.raises(WrongStage):
        await sub(await manager.open(CHANNEL + 1, ANN), ANN.id, 0, CY)


async def test_leaving_during_play_hands_the_seat_to_a_bot(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await started(manager, ANN, BEA)
    await table.leave(ANN.id)
    assert table.host_id == BEA.id
    assert store.tables[table.table_id or 0].seats[0] == SeatRecord(
        0, "Bot 1 (normal)", bot="normal"
    )
    await table.leave(BEA.id)
    assert table.status is TableStatus.CLOSED and table.close_reason == "Everyone left the table."


async def test_a_rematch_keeps_the_seats_and_deals_a_new_game(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await started(manager, ANN, BEA)
    with pytest.raises(WrongStage, match="started"):
        await table.rematch(ANN.id)
    await play_out(manager, table)
    with pytest.raises(NotSeated):
        await table.rematch(DEE.id)
    names, first_game = table.names, table.table_id
    await table.leave(ANN.id)  # the host goes home after the game
    rematch = await table.rematch(BEA.id)
    # The channel's table deals a new game: a new id, the same seats, bots for leavers.
    assert rematch is table and manager.table_in(CHANNEL) is table
    assert table.status is TableStatus.PLAYING and table.table_id != first_game
    assert table.names == ["Bot 1 (normal)", *names[1:]] and table.host_id == BEA.id
    assert manager.table_by_id(table.table_id or 0) is table
    with pytest.raises(NoTable):
        manager.table_by_id(first_game or 0)
    assert len(store.tables) == 2


async def test_a_new_table_may_open_where_a_game_is_over(manager: TableManager) -> None:
    table = await started(manager, ANN)
    await play_out(manager, table)
    fresh = await manager.open(CHANNEL, BEA)
    assert manager.table_in(CHANNEL) is fresh and fresh.status is TableStatus.LOBBY
    with pytest.raises(NoTable):
        manager.table_by_id(table.table_id or 0)


async def test_restore_mid_hand_rebuilds_the_exact_state_and_bots_resume(
    store: MemoryStore, clock: ManualClock
) -> None:
    before = TableManager(store, settings=TableSettings(bot_delay=3), clock=clock)
    table = await before.open(CHANNEL, ANN, guild_id=8)
    await table.start(ANN.id, fill_with_bots=True, seed=21)
    await table.set_message(555)
    while table.game is not None and (table.game.to_act != 0 or table.game.results == []):
        if table.game.to_act == 0:
            await table.autoplay(ANN.id)
        await clock.advance(3, before.settle)
    await table.act(ANN.id, move(table, ANN.id), seq=table.seq)
    await before.settle()  # the next bot is waiting out its delay: the process dies here
    views = [view_to_json(table.view(s)) for s in range(4)]
    seq, table_id = table.seq, table.table_id
    await before.aclose()

    recorder = RecordingPresenter()
    after = TableManager(
        store, presenters=[recorder], settings=TableSettings(bot_delay=0), clock=clock
    )
    try:
        [restored] = await after.restore()
        assert (restored.table_id, restored.seq, restored.channel_id) == (table_id, seq, CHANNEL)
        assert [view_to_json(restored.view(s)) for s in range(4)] == views
        assert (restored.guild_id, restored.message_id, restored.names) == (8, 555, table.names)
        assert after.table_by_id(table_id or 0) is restored
        await after.settle()
        assert restored.seq > seq  # the bots moved on to Ann's next turn
        assert restored.game is not None and restored.game.to_act == 0
        assert restored.deadline is not None
        assert recorder.hands_shown(0)
    finally:
        await after.aclose()


async def test_restore_shows_a_game_found_over_and_keeps_the_newest_table_per_channel(
    store: MemoryStore,
) -> None:
    first = TableManager(store, settings=TableSettings(bot_delay=0))
    over = await first.open(CHANNEL, ANN, sit=False)
    await over.start(ANN.id, fill_with_bots=True, seed=2)
    await first.settle()
    assert over.status is TableStatus.OVER
    store.finished.clear()  # as if the process died before recording the end
    old = await first.open(CHANNEL + 1, ANN)
    await old.start(ANN.id, fill_with_bots=True, seed=3)
    new = await first.open(CHANNEL + 2, ANN)
    await new.start(ANN.id, fill_with_bots=True, seed=4)
    await first.aclose()
    # The newest table moved to the old one's channel (as if the record were damaged).
    stored = store.tables[new.table_id or 0]
    store.tables[new.table_id or 0] = dataclasses.replace(stored, channel_id=CHANNEL + 1)

    second = TableManager(store, settings=TableSettings(bot_delay=0))
    try:
        restored = await second.restore()
        # The game found over is shown over again (its result stored now), with its rematch.
        assert [t.table_id for t in restored] == [over.table_id, new.table_id]
        assert restored[0].status is TableStatus.OVER
        await second.settle()
        assert store.finished == {over.table_id: False, old.table_id: True}
    finally:
        await second.aclose()


async def test_a_member_asked_to_take_a_seat_is_asked_once_and_sits_only_on_accepting(
    manager: TableManager, store: MemoryStore, clock: ManualClock, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN, BEA)
    seats = list(table.seats)
    request = await table.ask_sub(ANN.id, 0, DEE)
    assert list(table.seats) == seats and request.expires == clock.now() + 300
    with pytest.raises(SubRefused, match="Dee has already been asked to take a seat at this"):
        await table.ask_sub(ANN.id, 0, DEE)
    other = await manager.open(CHANNEL + 1, CY)
    await other.start(CY.id, fill_with_bots=True)
    with pytest.raises(SubRefused, match="to take a seat elsewhere"):
        await other.ask_sub(CY.id, 1, DEE)
    with pytest.raises(NotYourRequest):
        await table.accept_sub(request.request_id, CY)
    assert list(table.seats) == seats

    await table.accept_sub(request.request_id, DEE)
    assert table.seat_of(DEE.id) == 0 and recorder.notices[-1].text == "Dee takes over from Ann."
    assert store.tables[table.table_id or 0].seats[0] == SeatRecord(0, "Dee", DEE.id)
    with pytest.raises(RequestClosed, match="You accepted this request already"):
        await table.accept_sub(request.request_id, DEE)


async def test_a_declined_or_expired_request_changes_nothing_and_is_not_sent_again(
    manager: TableManager, store: MemoryStore, clock: ManualClock
) -> None:
    table = await started(manager, ANN, BEA)
    seats = list(table.seats)
    declined = await table.ask_sub(ANN.id, 0, DEE)
    await table.decline_sub(declined.request_id, DEE.id)
    with pytest.raises(RequestClosed, match="You declined this request already"):
        await table.accept_sub(declined.request_id, DEE)
    with pytest.raises(SubRefused, match="Dee declined to take a seat in this game"):
        await table.ask_sub(BEA.id, 1, DEE)

    expired = await table.ask_sub(ANN.id, 0, CY)
    await clock.advance(300)
    with pytest.raises(RequestClosed, match="This request has expired"):
        await table.accept_sub(expired.request_id, CY)
    with pytest.raises(SubRefused, match="Cy didn't answer the last request in time"):
        await table.ask_sub(ANN.id, 0, CY)
    assert list(table.seats) == seats
    assert store.tables[table.table_id or 0].seats == tuple(seats)


async def test_a_request_for_a_seat_that_changed_hands_no_longer_applies(
    manager: TableManager,
) -> None:
    table = await started(manager, ANN, BEA)
    request = await table.ask_sub(BEA.id, 1, DEE)  # Bea hands her own seat over ...
    await table.leave(BEA.id)  # ... then leaves, and a bot takes it
    with pytest.raises(RequestClosed, match="Seat 2 has changed hands since you were asked"):
        await table.accept_sub(request.request_id, DEE)
    assert table.seat_of(DEE.id) is None
