"""A game played for a time (house rule play_to time, 000:88, 002:72) on a manual clock: the
table's clock calls time through the one path (a stored CallTime), the hand in play is
finished and the higher score wins; the deadline is stored with the table, absolute, so a
restart keeps it and the time the bot was down counts."""

from __future__ import annotations

import math
from pathlib import Path

from bot.engine import CallTime, Game, GameOver
from bot.storage.store import Storage
from bot.tables import NoticeKind, Table, TableManager, TableSettings, TableStatus
from tests.doubles import ManualClock, RecordingPresenter
from tests.tables.helpers import ANN, CHANNEL, play_out

GUILD = 9
# No turn timers: the game's clock is the only one that runs while minutes pass.
SETTINGS = TableSettings(bot_delay=0, turn_timers=False)


async def _timed_storage(path: Path, minutes: int = 30) -> Storage:
    storage = await Storage.open(path)
    await storage.house_rules.set_option(GUILD, "play_to", "time")
    await storage.house_rules.set_option(GUILD, "minutes_to_play", str(minutes))
    return storage


async def _restarted(
    path: Path, clock: ManualClock
) -> tuple[Storage, RecordingPresenter, TableManager]:
    """The bot started again on the same database: its store, a recorder and a new manager."""
    storage = await Storage.open(path)
    recorder = RecordingPresenter()
    manager = TableManager(storage.tables, presenters=[recorder], settings=SETTINGS, clock=clock)
    return storage, recorder, manager


async def _ann_moves(manager: TableManager, table: Table, moves: int) -> None:
    """Ann lets the bot make her next ``moves`` moves (bots move in between)."""
    for _ in range(moves):
        await manager.settle()
        await table.autoplay(ANN.id, seq=table.seq)
    await manager.settle()


async def _started(manager: TableManager, seed: int = 7) -> Table:
    table = await manager.open(CHANNEL, ANN, guild_id=GUILD)
    await table.start(ANN.id, fill_with_bots=True, seed=seed)
    await manager.settle()
    return table


def _game(table: Table) -> Game:
    game = table.game
    assert game is not None
    return game


async def test_time_up_mid_hand_finishes_the_hand_and_the_deadline_survives_a_restart(
    tmp_path: Path, clock: ManualClock
) -> None:
    # 000:88 # 002:72
    path = tmp_path / "spades.sqlite3"
    storage = await _timed_storage(path)
    before = TableManager(storage.tables, settings=SETTINGS, clock=clock)
    table = await _started(before)
    ends_at = math.ceil(clock.now() + 30 * 60)
    seen = table.snapshot()
    assert (seen.ends_at, seen.minutes_left, seen.time_up) == (ends_at, 30, False)
    await _ann_moves(before, table, 3)
    await clock.advance(10 * 60, before.settle)
    assert table.snapshot().minutes_left == 20 and not _game(table).time_up
    table_id, seq = table.table_id, table.seq
    assert table_id is not None
    await before.aclose()
    await storage.close()

    storage, recorder, after = await _restarted(path, clock)
    try:
        [restored] = await after.restore()
        await after.settle()
        assert restored.seq == seq and restored.snapshot().ends_at == ends_at
        assert restored.snapshot().minutes_left == 20
        game = _game(restored)
        hand, results = game.hand_number, len(game.results)
        await clock.advance(20 * 60 - 1, after.settle)
        assert not game.time_up and restored.seq == seq
        await clock.advance(1, after.settle)
        # Time is called, stored as the game's next action; the hand in play goes on.
        assert game.time_up and restored.seq == seq + 1
        assert game.history[-1] == CallTime(0)
        assert restored.status is TableStatus.PLAYING and game.hand_number == hand
        assert restored.snapshot().time_up
        assert recorder.notices[-1].kind is NoticeKind.TIME_UP
        assert recorder.notices[-1].text.startswith("Time is up: this hand is the last one")
        await play_out(after, restored)
        await after.settle()
        assert restored.status in (TableStatus.OVER, TableStatus.CLOSED)
        assert len(game.results) == results + 1 and game.winner is not None
        over = next(n for n in recorder.notices if n.kind is NoticeKind.GAME_OVER)
        assert over.text.startswith("Time is up: the game ends on time.")
        # Replayed from its seed and stored log, the game ends the same way.
        [stored] = [t for t in await storage.tables.open_tables() if t.table_id == table_id]
        assert stored.ends_at == ends_at and CallTime(0) in stored.actions
        again = Game.replay(stored.rules, seed=7, actions=stored.actions, dealer=stored.dealer)
        assert again.is_over and again.winner == game.winner and again.scores == game.scores
    finally:
        await after.aclose()
        await storage.close()


async def test_time_spent_while_the_bot_is_down_counts(tmp_path: Path, clock: ManualClock) -> None:
    # 000:88: the deadline is absolute: past it at the restore, time is called at once, and
    # with nobody having acted in the hand just dealt, the game ends there.
    path = tmp_path / "spades.sqlite3"
    storage = await _timed_storage(path, minutes=10)
    before = TableManager(storage.tables, settings=SETTINGS, clock=clock)
    table = await _started(before)
    while not _game(table).results:
        await _ann_moves(before, table, 1)
    scores = list(_game(table).scores)
    assert len(set(scores)) == len(scores)  # no tie: the game ends when time is up
    await before.aclose()
    await storage.close()

    await clock.advance(11 * 60)  # the bot is down meanwhile
    storage, recorder, after = await _restarted(path, clock)
    try:
        [restored] = await after.restore()
        await after.settle()
        game = _game(restored)
        assert game.time_up and game.is_over and len(game.results) == 1
        assert any(isinstance(e, GameOver) for e in recorder.events)
        assert restored.status in (TableStatus.OVER, TableStatus.CLOSED)
    finally:
        await after.aclose()
        await storage.close()


async def test_a_game_not_played_for_a_time_has_no_deadline(
    manager: TableManager, clock: ManualClock
) -> None:
    table = await manager.open(CHANNEL, ANN)
    await table.start(ANN.id, fill_with_bots=True, seed=7)
    await manager.settle()
    seen = table.snapshot()
    assert (seen.ends_at, seen.minutes_left, seen.time_up) == (None, None, False)


async def test_time_up_before_the_first_move_plays_the_tied_hand(
    tmp_path: Path, clock: ManualClock
) -> None:
    # 000:88 # 002:72: at 0 to 0 nobody leads, so the hand just dealt decides the game.
    storage = await _timed_storage(tmp_path / "spades.sqlite3", minutes=10)
    recorder = RecordingPresenter()
    manager = TableManager(storage.tables, presenters=[recorder], settings=SETTINGS, clock=clock)
    try:
        table = await _started(manager, seed=9)  # Ann bids first: nobody has acted yet
        seq = table.seq
        assert seq == 0
        await clock.advance(10 * 60, manager.settle)
        game = _game(table)
        assert game.time_up and not game.is_over and table.seq == seq + 1
        assert recorder.notices[-1].kind is NoticeKind.TIME_UP
        assert recorder.notices[-1].text.startswith("Time is up, with the scores tied")
        await play_out(manager, table)
        assert game.is_over and len(game.results) == 1
    finally:
        await manager.aclose()
        await storage.close()
