"""Stored rows that cannot be read back (put there with raw SQL) are skipped and reported with
their id and why, left in the store as they are; every other table and lobby comes back."""

import json
from pathlib import Path

from bot.engine import Rules
from bot.storage.records import SeatRecord, StoredLobby, Unreadable
from bot.storage.store import Storage
from devtools.bench.storage import play_random, seats_for
from tests.storage.helpers import GUILD, store_game

BAD_RULES = json.dumps({**json.loads(Rules().to_json()), "players": 9})


async def raw_table(storage: Storage, rules_json: str, actions: list[str]) -> int:
    """A table row and its actions as they might have been written by hand or by a bug."""
    async with storage.db.transaction() as session:
        table_id: int = await session.fetch_value(
            "INSERT INTO tables (guild_id, channel_id, host_id, rules_json, seed, dealer) "
            "VALUES (?, 80, 1, ?, 3, 0) RETURNING table_id",
            (GUILD, rules_json),
        )
        await session.executemany(
            "INSERT INTO actions (table_id, seq, action_json) VALUES (?, ?, ?)",
            [(table_id, seq, text) for seq, text in enumerate(actions, 1)],
        )
    return table_id


async def rows_of(storage: Storage, sql: str) -> list[tuple[object, ...]]:
    async with storage.db.session() as session:
        return [tuple(row) for row in await session.fetch_all(sql)]


async def test_unreadable_tables_are_reported_and_kept_and_the_others_come_back(
    storage: Storage,
) -> None:
    good = play_random(Rules(), seed=1, limit=12)
    first = await store_game(storage, good, seats_for(good.rules), channel=70)
    refused = await raw_table(storage, BAD_RULES, [])
    unknown = await raw_table(storage, Rules().to_json(), ['{"type":"Teleport","seat":0}'])
    garbled = await raw_table(storage, Rules().to_json(), ["{not json"])
    last = await store_game(storage, good, seats_for(good.rules), channel=71)
    before = await rows_of(storage, "SELECT * FROM actions ORDER BY table_id, seq")

    stored = await storage.tables.open_tables()

    assert [t.table_id for t in stored.rows] == [first, last]
    assert all(t.actions == tuple(good.history) for t in stored.rows)
    assert [b.key for b in stored.broken] == [refused, unknown, garbled]
    reasons = [b.reason for b in stored.broken]
    assert reasons[0].startswith("ValidationError") and "players" in reasons[0]
    assert "Not an action" in reasons[1] and "Teleport" in reasons[1]
    assert reasons[2].startswith("JSONDecodeError")
    assert all("\n" not in reason for reason in reasons)
    assert await rows_of(storage, "SELECT * FROM actions ORDER BY table_id, seq") == before
    ids = await rows_of(storage, "SELECT table_id FROM tables WHERE finished_at IS NULL")
    assert sorted(row[0] for row in ids) == [first, refused, unknown, garbled, last]


async def test_unreadable_lobbies_are_reported_and_kept_and_the_others_come_back(
    storage: Storage,
) -> None:
    good = StoredLobby(70, GUILD, 1, Rules(), (SeatRecord(0, "Ann", 1),))
    await storage.tables.save_lobby(good)
    async with storage.db.session() as session:
        await session.executemany(
            "INSERT INTO lobbies (channel_id, guild_id, host_id, rules_json, seats_json) "
            "VALUES (?, ?, 1, ?, ?)",
            [
                (71, GUILD, BAD_RULES, "[]"),
                (72, GUILD, Rules().to_json(), "[[0]]"),
                (73, GUILD, Rules().to_json(), "seats"),
            ],
        )

    stored = await storage.tables.open_lobbies()

    assert stored.rows == (good,)
    assert [b.key for b in stored.broken] == [71, 72, 73]
    assert stored.broken[1] == Unreadable(72, stored.broken[1].reason)
    assert stored.broken[1].reason.startswith("TypeError")
    assert len(await rows_of(storage, "SELECT channel_id FROM lobbies")) == 4


async def test_a_store_with_nothing_broken_reports_nothing(location: str | Path) -> None:
    storage = await Storage.open(location)
    try:
        game = play_random(Rules(), seed=2, limit=5)
        await store_game(storage, game, seats_for(game.rules))
        assert (await storage.tables.open_tables()).broken == ()
        assert (await storage.tables.open_lobbies()).broken == ()
    finally:
        await storage.close()
