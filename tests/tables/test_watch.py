"""Spectators: what ``Table.watch`` shows by the rules' ``allow_watching``, and who is refused."""

from __future__ import annotations

import pytest

from bot.engine import Rules
from bot.storage.records import MemoryStore, StorageFailed
from bot.tables import (
    SeatUnavailable,
    StorageBusy,
    Table,
    TableManager,
    TableSettings,
    WatchRefused,
)
from tests.doubles import ManualClock
from tests.tables.helpers import ANN, BEA, CHANNEL, CY, move, sub

GUILD = 7


async def playing(manager: TableManager, store: MemoryStore, rules: Rules) -> Table:
    """Ann and three bots under ``rules``, a few cards into the first hand."""
    store.rules[GUILD] = rules
    table = await manager.open(CHANNEL, ANN, guild_id=GUILD)
    await table.start(ANN.id, fill_with_bots=True, seed=5)
    await manager.settle()
    game = table.game
    assert game is not None
    while not any(game.view(0).played) or game.to_act != 0:
        await table.act(ANN.id, move(table, ANN.id))
        await manager.settle()
    return table


async def test_a_face_down_spectator_sees_the_cards_played_but_no_hand(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await playing(manager, store, Rules(allow_watching="face_down"))
    seen = await table.watch(BEA.id)
    assert seen.hands is None and seen.snapshot.all_hands is None
    assert seen.snapshot == table.snapshot()
    assert seen.snapshot.played == table.view(0).played and any(seen.snapshot.played)


async def test_a_face_up_spectator_sees_every_hand(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await playing(manager, store, Rules(allow_watching="face_up"))
    seen = await table.watch(BEA.id)
    assert table.game is not None
    assert seen.hands == tuple(tuple(cards) for cards in table.game.hands)
    # The public snapshot stays without hands: the table message shows none.
    assert table.snapshot().all_hands is None


async def test_watching_is_refused_by_the_rules_and_to_anyone_seated(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await playing(manager, store, Rules(allow_watching="face_up"))
    with pytest.raises(WatchRefused, match="You're playing at this table"):
        await table.watch(ANN.id)
    closed = Rules(allow_watching="no")
    store.rules[GUILD + 1] = closed
    other = await manager.open(CHANNEL + 1, CY, guild_id=GUILD + 1)
    with pytest.raises(WatchRefused, match="don't allow watching"):
        await other.watch(BEA.id)


async def test_a_face_up_spectator_cannot_be_subbed_into_that_game(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await playing(manager, store, Rules(allow_watching="face_up"))
    await table.watch(BEA.id)
    before = (list(table.seats), table.seq)
    with pytest.raises(SeatUnavailable, match="Bea has watched this game with every hand"):
        await sub(table, ANN.id, 0, BEA)
    assert (list(table.seats), table.seq) == before
    # A member who never watched may take the seat.
    await sub(table, ANN.id, 0, CY)
    assert table.seat_of(CY.id) == 0


async def test_a_face_up_spectator_stays_unseatable_after_a_restart(
    store: MemoryStore, clock: ManualClock
) -> None:
    before = TableManager(store, settings=TableSettings(bot_delay=0), clock=clock)
    table = await playing(before, store, Rules(allow_watching="face_up"))
    await table.watch(BEA.id)
    await table.watch(BEA.id)  # watching again stores nothing new
    assert store.face_up_watchers == {(table.table_id, BEA.id)}
    await before.aclose()

    after = TableManager(store, settings=TableSettings(bot_delay=0), clock=clock)
    try:
        [restored] = await after.restore()
        with pytest.raises(SeatUnavailable, match="Bea has watched this game with every hand"):
            await sub(restored, ANN.id, 0, BEA)
        await sub(restored, ANN.id, 0, CY)
        assert restored.seat_of(CY.id) == 0
    finally:
        await after.aclose()


async def test_a_face_up_watch_that_cannot_be_stored_shows_no_hand(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await playing(manager, store, Rules(allow_watching="face_up"))

    async def broken(table_id: int, user_id: int) -> None:
        raise StorageFailed("disk full")

    store.saw_hands = broken  # type: ignore[method-assign]
    with pytest.raises(StorageBusy):
        await table.watch(BEA.id)
    # Nothing was shown, so nothing bars Bea from the game.
    await sub(table, ANN.id, 0, BEA)
    assert table.seat_of(BEA.id) == 0


async def test_a_face_down_spectator_may_be_subbed_in(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await playing(manager, store, Rules(allow_watching="face_down"))
    await table.watch(BEA.id)
    await sub(table, ANN.id, 0, BEA)
    assert table.seat_of(BEA.id) == 0


async def test_a_lobby_shows_its_seats_to_spectators(manager: TableManager) -> None:
    table = await manager.open(CHANNEL, ANN)
    seen = await table.watch(BEA.id)
    assert seen.hands is None and seen.snapshot.played == ((),) * 4


async def test_start_says_which_seats_bots_filled(manager: TableManager) -> None:
    table = await manager.open(CHANNEL, ANN)
    await table.join(BEA, seat=2)
    assert await table.start(ANN.id, fill_with_bots=True, seed=3) == [1, 3]
    assert [s.name for s in table.seats if s] == ["Ann", "Bot 2 (normal)", "Bea", "Bot 4 (normal)"]
