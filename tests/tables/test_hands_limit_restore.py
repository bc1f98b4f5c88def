"""A table agreed to play a number of hands keeps that agreement across a restart: it is
stored with the table, and the restored table ends after the agreed hands, not at the
target score."""

from __future__ import annotations

from pathlib import Path

from bot.storage.store import Storage
from bot.tables import Table, TableManager, TableSettings, TableStatus
from tests.doubles import ManualClock
from tests.tables.helpers import ANN, BEA, CHANNEL, play_out


async def autoplay_until(manager: TableManager, table: Table, hands: int) -> None:
    """Members let the bot move for them until ``hands`` hands are scored."""
    while True:
        await manager.settle()
        game = table.game
        assert game is not None and table.status is TableStatus.PLAYING
        if len(game.results) >= hands:
            return
        assert game.to_act is not None
        seat = table.seats[game.to_act]
        assert seat is not None and seat.user_id is not None
        await table.autoplay(seat.user_id, seq=table.seq)


async def test_a_table_restored_mid_game_ends_after_its_agreed_hands(
    tmp_path: Path, clock: ManualClock
) -> None:
    path = tmp_path / "spades.sqlite3"
    storage = await Storage.open(path)
    settings = TableSettings(bot_delay=0)
    before = TableManager(storage.tables, settings=settings, clock=clock)
    table = await before.open(CHANNEL, ANN)
    await table.join(BEA)
    await table.start(ANN.id, fill_with_bots=True, seed=7, hands=3)
    await autoplay_until(before, table, 1)
    table_id, seq = table.table_id, table.seq
    assert table_id is not None
    await before.aclose()
    await storage.close()

    storage = await Storage.open(path)
    after = TableManager(storage.tables, settings=settings, clock=clock)
    try:
        [restored] = await after.restore()
        assert restored.seq == seq and restored.status is TableStatus.PLAYING
        await play_out(after, restored)
        await after.settle()
        finished = await storage.tournaments.finished_game(table_id)
        # Three hands, as agreed: the game did not play on to 500.
        assert finished is not None and finished.hands == 3
        assert max(finished.scores) < 500
        assert after.find(CHANNEL) is None  # the table closed after its agreed hands
    finally:
        await after.aclose()
        await storage.close()
