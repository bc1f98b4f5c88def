"""The database on both backends: migrations written once, a fresh database, upgrading an old
one, refusing a newer one, transactions, and SQLite's file settings."""

import asyncio
import dataclasses
import json
import re
import sqlite3
from pathlib import Path

import pytest

from bot.engine import Game, Rules, action_to_json
from bot.storage.backends import open_database
from bot.storage.db import (
    DIALECT_WORDS,
    MIGRATIONS,
    SCHEMA_VERSION,
    ConstraintViolated,
    Dialect,
    Migration,
    SchemaTooNew,
    load_migrations,
)
from bot.storage.store import Storage
from devtools.bench.storage import play_random, seats_for
from tests.storage.helpers import fresh_location

FUTURE = Migration(SCHEMA_VERSION + 1, "future.sql", "CREATE TABLE future (x INTEGER);")


def pragma(path: Path, name: str) -> object:
    with sqlite3.connect(path) as conn:
        value = conn.execute(f"PRAGMA {name}").fetchone()[0]
    conn.close()
    return value


def test_migration_files_ship_with_the_package_numbered_from_one() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, SCHEMA_VERSION + 1))
    assert SCHEMA_VERSION >= 4


@pytest.mark.parametrize("dialect", list(DIALECT_WORDS))
def test_each_dialect_gets_every_word_of_every_migration(dialect: Dialect) -> None:
    for migration in MIGRATIONS:
        sql = migration.render(dialect)
        assert not re.search(r"\{[A-Z_]+\}", sql), migration.name
        assert sqlite3.complete_statement(sql)
    assert "WITHOUT ROWID" not in "".join(m.render("postgresql") for m in MIGRATIONS)


async def test_a_fresh_sqlite_file_gets_every_migration_and_wal(db_path: Path) -> None:
    storage = await Storage.open(db_path)
    await storage.close()
    assert pragma(db_path, "user_version") == SCHEMA_VERSION
    assert pragma(db_path, "journal_mode") == "wal"


async def test_foreign_keys_are_enforced(storage: Storage) -> None:
    with pytest.raises(ConstraintViolated):
        async with storage.db.session() as session:
            await session.execute(
                "INSERT INTO actions (table_id, seq, action_json) VALUES (99, 1, '{}')"
            )


async def test_opening_again_changes_nothing(location: str | Path) -> None:
    storage = await Storage.open(location)
    await storage.house_rules.apply_preset(7, "short")
    await storage.close()
    storage = await Storage.open(location)
    try:
        assert await storage.house_rules.stored(7) == Rules.preset("short")
    finally:
        await storage.close()


@pytest.mark.parametrize("version", [1, 2, 3])
async def test_an_older_database_upgrades_in_place_and_keeps_its_tables(
    location: str | Path, version: int
) -> None:
    # What an older release wrote: its schema only, a server's rules and a table mid-game.
    rules = Rules.preset("casual")
    game = play_random(rules, seed=5, limit=40, dealer=2)
    old = await open_database(location, migrations=MIGRATIONS[:version])
    async with old.transaction() as session:
        await session.execute(
            "INSERT INTO guild_rules (guild_id, rules_json) VALUES (?, ?)", (7, rules.to_json())
        )
        table_id = await session.fetch_value(
            "INSERT INTO tables (guild_id, channel_id, host_id, rules_json, seed, dealer) "
            "VALUES (7, 70, 100, ?, 5, 2) RETURNING table_id",
            (rules.to_json(),),
        )
        await session.executemany(
            "INSERT INTO table_seats (table_id, seat, name, user_id, bot) VALUES (?, ?, ?, ?, ?)",
            [(table_id, s.seat, s.name, s.user_id, s.bot) for s in seats_for(rules)],
        )
        await session.executemany(
            "INSERT INTO actions (table_id, seq, action_json) VALUES (?, ?, ?)",
            [
                (table_id, seq, json.dumps(action_to_json(a)))
                for seq, a in enumerate(game.history, 1)
            ],
        )
    await old.close()

    storage = await Storage.open(location)
    try:
        assert await storage.house_rules.stored(7) == rules
        (table,) = await storage.tables.open_tables()
        # Seats stored before migration 3 come back present, and can be marked away now.
        assert table.seats == seats_for(rules)
        away = (dataclasses.replace(table.seats[0], away=True), *table.seats[1:])
        await storage.tables.update_seats(table_id, away)
        (table,) = await storage.tables.open_tables()
        assert table.seats == away
        # Migration 4 keeps lobbies: none yet.
        assert not await storage.tables.open_lobbies()
        restored = Game.replay(table.rules, seed=table.seed, actions=table.actions, dealer=2)
        assert restored.history == game.history
        # The tables added by migration 2 take the finished game; migration 5 keeps it open
        # (shown over in its channel) until it closes.
        await storage.tables.finish_table(table_id, restored, stopped=True)
        (table,) = await storage.tables.open_tables()
        assert table.finished and table.seats == away
        await storage.tables.close_table(table_id)
        assert not await storage.tables.open_tables()
        assert [g.table_id for g in await storage.stats.history(7)] == [table_id]
    finally:
        await storage.close()


async def test_a_database_from_a_newer_bot_is_refused_and_left_alone(
    location: str | Path,
) -> None:
    newer = await open_database(location, migrations=(*MIGRATIONS, FUTURE))
    await newer.close()
    with pytest.raises(SchemaTooNew, match=f"schema version {SCHEMA_VERSION + 1}, but") as refused:
        await Storage.open(location)
    assert "\n" not in str(refused.value)
    # The newer bot still finds its database as it left it.
    newer = await open_database(location, migrations=(*MIGRATIONS, FUTURE))
    try:
        async with newer.session() as session:
            assert await session.fetch_all("SELECT x FROM future") == []
    finally:
        await newer.close()


async def test_processes_starting_together_on_postgresql_migrate_once(
    request: pytest.FixtureRequest, db_path: Path
) -> None:
    async with fresh_location("postgresql", request, db_path) as location:
        opened = await asyncio.gather(*(Storage.open(location) for _ in range(3)))
        try:
            async with opened[0].db.session() as session:
                versions = await session.fetch_all("SELECT version FROM spades_migrations")
        finally:
            for storage in opened:
                await storage.close()
    assert sorted(row[0] for row in versions) == list(range(1, SCHEMA_VERSION + 1))


async def test_a_transaction_that_fails_writes_nothing(storage: Storage) -> None:
    with pytest.raises(RuntimeError):
        async with storage.db.transaction() as session:
            await session.execute(
                "INSERT INTO guild_rules (guild_id, rules_json) VALUES (1, ?)", (Rules().to_json(),)
            )
            raise RuntimeError("stop half-way")
    assert await storage.house_rules.stored(1) is None
