"""The lobby: opening, joining, seats, bots, starting, and what is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import Bid, Rules
from bot.storage.records import MemoryStore, SeatRecord, StoredLobby
from bot.storage.store import Storage
from bot.tables import (
    Member,
    NoTable,
    NotHost,
    NotSeated,
    SeatUnavailable,
    TableError,
    TableExists,
    TableManager,
    TableSettings,
    TableStatus,
    WrongStage,
)
from tests.doubles import HandChanged, ManualClock, RecordingPresenter, TableChanged
from tests.tables.helpers import ANN, BEA, CHANNEL, CY, DEE


async def test_a_lobby_fills_and_starts(
    manager: TableManager, store: MemoryStore, recorder: RecordingPresenter
) -> None:
    table = await manager.open(CHANNEL, ANN)
    assert table.status is TableStatus.LOBBY and table.host_id == ANN.id
    assert await table.join(BEA) == 1
    assert await table.join(CY, seat=3) == 3
    await table.choose_seat(BEA.id, 2)  # sit across from Ann: partners
    assert await table.add_bot(ANN.id, "hard") == 1
    await table.start(ANN.id, seed=1)
    assert table.status is TableStatus.PLAYING
    assert manager.table_by_id(table.table_id or 0) is table
    assert manager.table_in(CHANNEL) is table
    stored = store.tables[table.table_id or 0]
    assert stored.seats == (
        SeatRecord(0, "Ann", ANN.id),
        SeatRecord(1, "Bot 2 (hard)", bot="hard"),
        SeatRecord(2, "Bea", BEA.id),
        SeatRecord(3, "Cy", CY.id),
    )
    assert (stored.seed, stored.rules) == (1, Rules.preset("classic"))
    snapshot = table.snapshot()
    assert [s.team for s in snapshot.seats if s] == [0, 1, 0, 1]
    lobby = [r for r in recorder.records if getattr(r, "snapshot", None)]
    assert len(lobby) >= 5  # every lobby change was shown


async def test_lobby_refusals_change_nothing(manager: TableManager) -> None:
    table = await manager.open(CHANNEL, ANN)
    await table.join(BEA)
    before = table.snapshot()
    refusals = [
        (manager.open(CHANNEL, CY), TableExists),
        (table.join(BEA), SeatUnavailable),
        (table.join(CY, seat=1), SeatUnavailable),  # Bea's
        (table.join(CY, seat=9), SeatUnavailable),
        (table.add_bot(BEA.id), NotHost),
        (table.add_bot(ANN.id, "genius"), TableError),
        (table.choose_seat(CY.id, 2), NotSeated),
        (table.remove_bot(ANN.id, 2), SeatUnavailable),
        (table.start(BEA.id), NotHost),
        (table.start(ANN.id), WrongStage),  # two seats empty, no bots wanted
        (table.act(ANN.id, Bid(0, 3)), WrongStage),
    ]
    for call, error in refusals:
        with pytest.raises(error) as raised:
            await call
        assert str(raised.value)  # a message for the player
    assert table.snapshot() == before
    with pytest.raises(NoTable):
        manager.table_in(CHANNEL + 1)
    with pytest.raises(NoTable):
        manager.table_by_id(99)


async def test_joining_a_full_table_replaces_a_bot_and_bots_swap_seats(
    manager: TableManager,
) -> None:
    table = await manager.open(CHANNEL, ANN)
    for _ in range(3):
        await table.add_bot(ANN.id)
    with pytest.raises(SeatUnavailable, match="full"):
        await table.add_bot(ANN.id)
    assert await table.join(BEA) == 1  # the first bot gives way
    await table.choose_seat(ANN.id, 2)  # the bot in seat 3 moves to seat 1
    names = table.names
    assert names[0] == "Bot 1 (normal)" and names[2] == "Ann" and names[1] == "Bea"
    await table.remove_bot(ANN.id, 0)
    assert table.seats[0] is None
    await table.join(CY)
    await table.join(DEE)
    with pytest.raises(SeatUnavailable, match="full"):
        await table.join(Member(5, "Eve"))


async def test_rules_come_from_the_preset_or_the_server(recorder: RecordingPresenter) -> None:
    house = Rules.preset("short").with_option("allow_suggestions", "no")
    manager = TableManager(
        MemoryStore({55: house}), presenters=[recorder], settings=TableSettings(bot_delay=0)
    )
    try:
        assert (await manager.open(1, ANN, guild_id=55)).rules == house
        assert (await manager.open(2, ANN, guild_id=56)).rules == Rules.preset("classic")
        assert (await manager.open(3, ANN, guild_id=55, preset="jokers")).rules == Rules.preset(
            "jokers"
        )
        with pytest.raises(TableError, match="No preset called"):
            await manager.open(4, ANN, preset="poker")
        assert manager.find(4) is None
    finally:
        await manager.aclose()


async def test_the_host_leaving_the_lobby_hands_it_on_and_the_last_one_closes_it(
    manager: TableManager, recorder: RecordingPresenter
) -> None:
    table = await manager.open(CHANNEL, ANN)
    await table.join(BEA)
    await table.leave(ANN.id)
    assert table.host_id == BEA.id and table.seats[0] is None
    await table.leave(BEA.id)
    assert table.status is TableStatus.CLOSED
    assert manager.find(CHANNEL) is None
    assert recorder.notices[-1].text == "Everyone left the table."


async def test_leaving_from_the_lobby_only_is_refused_once_the_game_started(
    manager: TableManager,
) -> None:
    table = await manager.open(CHANNEL, ANN)
    await table.join(BEA)
    await table.start(ANN.id, fill_with_bots=True, seed=1)
    with pytest.raises(WrongStage, match="already started"):
        await table.leave(BEA.id, lobby_only=True)
    assert table.seat_of(BEA.id) == 1


async def test_lobbies_come_back_after_a_restart_until_dealt_or_closed(
    tmp_path: Path, clock: ManualClock
) -> None:
    path = tmp_path / "spades.sqlite3"
    storage = await Storage.open(path)
    before = TableManager(storage.tables, settings=TableSettings(bot_delay=0), clock=clock)
    here = await before.open(CHANNEL, ANN, guild_id=5, preset="casual")
    await here.join(BEA)
    await here.choose_seat(BEA.id, 2)
    await here.add_bot(ANN.id, "hard")
    await here.leave(ANN.id)  # Bea hosts now
    await here.set_message(901)
    await before.open(CHANNEL + 1, CY)
    gone = await before.open(CHANNEL + 2, DEE)
    await gone.leave(DEE.id)
    shown = here.snapshot()
    await before.aclose()
    await storage.close()

    storage = await Storage.open(path)
    recorder = RecordingPresenter()
    after = TableManager(
        storage.tables, presenters=[recorder], settings=TableSettings(bot_delay=0), clock=clock
    )
    try:
        restored = await after.restore()
        assert [t.channel_id for t in restored] == [CHANNEL, CHANNEL + 1]
        here = after.table_in(CHANNEL)
        assert here.snapshot() == shown and here.rules == Rules.preset("casual")
        assert (here.host_id, here.guild_id, here.message_id) == (BEA.id, 5, 901)
        assert after.find(CHANNEL + 2) is None
        # Each lobby is shown again; nobody is sent a hand, as none is dealt.
        assert {r.snapshot.channel_id for r in recorder.records if isinstance(r, TableChanged)} == {
            CHANNEL,
            CHANNEL + 1,
        }
        assert not [r for r in recorder.records if isinstance(r, HandChanged)]

        await here.join(CY)
        await here.start(BEA.id, fill_with_bots=True, seed=3)
        await after.table_in(CHANNEL + 1).leave(CY.id)
        assert not await storage.tables.open_lobbies()
        (game,) = await storage.tables.open_tables()
        assert [s.name for s in game.seats] == ["Cy", "Bot 2 (hard)", "Bea", "Bot 4 (normal)"]
    finally:
        await after.aclose()
        await storage.close()


async def test_a_stored_lobby_replaces_a_game_whose_close_was_not_stored(
    store: MemoryStore, clock: ManualClock
) -> None:
    # A game was stopped but its close never reached the store; then a lobby opened in the
    # same channel. A lobby opens only after the channel's game, so it is the live table.
    rules = Rules.preset("classic")
    seats = tuple(SeatRecord(s, f"P{s}", 10 + s) for s in range(4))
    game_id = await store.create_table(
        guild_id=5, channel_id=CHANNEL, host_id=10, rules=rules, seed=1, dealer=0, seats=seats
    )
    await store.save_lobby(StoredLobby(CHANNEL, 5, BEA.id, rules, (SeatRecord(0, "Bea", BEA.id),)))
    recorder = RecordingPresenter()
    manager = TableManager(
        store, presenters=[recorder], settings=TableSettings(bot_delay=0), clock=clock
    )
    try:
        (lobby,) = await manager.restore()
        assert manager.table_in(CHANNEL) is lobby and lobby.status is TableStatus.LOBBY
        assert lobby.host_id == BEA.id
        assert store.finished == {game_id: True}  # the game is recorded as stopped
        with pytest.raises(NoTable):
            manager.table_by_id(game_id)
        assert recorder.notices[-1].text == "A newer table in this channel replaced it."
    finally:
        await manager.aclose()
