"""The database file: pragmas, migrations on a fresh file, upgrading an old one, refusing a new one."""

import dataclasses
import json
import sqlite3
from pathlib import Path

import pytest

from bot.engine import Game, Rules, action_to_json
from bot.storage.db import MIGRATIONS, SCHEMA_VERSION, SchemaTooNew, load_migrations
from bot.storage.store import Storage
from devtools.bench.storage import play_random, seats_for


def pragma(path: Path, name: str) -> object:
    with sqlite3.connect(path) as conn:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]


def test_migration_files_ship_with_the_package_numbered_from_one() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, SCHEMA_VERSION + 1))
    assert all(m.name.endswith(".sql") and sqlite3.complete_statement(m.sql) for m in migrations)
    assert SCHEMA_VERSION >= 3


async def test_a_fresh_file_gets_every_migration_wal_and_foreign_keys(db_path: Path) -> None:
    storage = await Storage.open(db_path)
    try:
        async with storage.db.session() as session:
            foreign_keys = await session.fetch_one("PRAGMA foreign_keys")
            with pytest.raises(sqlite3.IntegrityError):
                await session.execute(
                    "INSERT INTO actions (table_id, seq, action_json) VALUES (99, 1, '{}')"
                )
        assert foreign_keys is not None and foreign_keys[0] == 1
    finally:
        await storage.close()
    assert pragma(db_path, "user_version") == SCHEMA_VERSION
    assert pragma(db_path, "journal_mode") == "wal"


async def test_opening_again_changes_nothing(db_path: Path) -> None:
    storage = await Storage.open(db_path)
    await storage.house_rules.apply_preset(7, "short")
    await storage.close()
    storage = await Storage.open(db_path)
    try:
        assert await storage.house_rules.stored(7) == Rules.preset("short")
    finally:
        await storage.close()
    assert pragma(db_path, "user_version") == SCHEMA_VERSION


@pytest.mark.parametrize("version", [1, 2, 3])
async def test_an_older_file_upgrades_in_place_and_keeps_its_tables(
    db_path: Path, version: int
) -> None:
    # What an older release wrote: its schema only, a server's rules and a table mid-game.
    rules = Rules.preset("casual")
    game = play_random(rules, seed=5, limit=40, dealer=2)
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:
        conn.executescript(
            "\n".join(m.sql for m in MIGRATIONS[:version]) + f"\nPRAGMA user_version = {version};"
        )
        conn.execute(
            "INSERT INTO guild_rules (guild_id, rules_json) VALUES (?, ?)", (7, rules.to_json())
        )
        conn.execute(
            "INSERT INTO tables (table_id, guild_id, channel_id, host_id, rules_json, seed, "
            "dealer) VALUES (1, 7, 70, 100, ?, 5, 2)",
            (rules.to_json(),),
        )
        conn.executemany(
            "INSERT INTO table_seats (table_id, seat, name, user_id, bot) VALUES (1, ?, ?, ?, ?)",
            [(s.seat, s.name, s.user_id, s.bot) for s in seats_for(rules)],
        )
        conn.executemany(
            "INSERT INTO actions (table_id, seq, action_json) VALUES (1, ?, ?)",
            [(seq, json.dumps(action_to_json(a))) for seq, a in enumerate(game.history, 1)],
        )
    conn.close()

    storage = await Storage.open(db_path)
    try:
        assert pragma(db_path, "user_version") == SCHEMA_VERSION
        assert await storage.house_rules.stored(7) == rules
        (table,) = await storage.tables.unfinished_tables()
        # Seats stored before migration 3 come back present, and can be marked away now.
        assert table.seats == seats_for(rules)
        away = (dataclasses.replace(table.seats[0], away=True), *table.seats[1:])
        await storage.tables.update_seats(1, away)
        (table,) = await storage.tables.unfinished_tables()
        assert table.seats == away
        # Migration 4 keeps lobbies: none yet.
        assert await storage.tables.open_lobbies() == []
        restored = Game.replay(table.rules, seed=table.seed, actions=table.actions, dealer=2)
        assert restored.history == game.history
        # The tables added by migration 2 take the finished game.
        await storage.tables.finish_table(1, restored, stopped=True)
        assert await storage.tables.unfinished_tables() == []
        assert [g.table_id for g in await storage.stats.history(7)] == [1]
    finally:
        await storage.close()


async def test_a_file_from_a_newer_bot_is_refused_and_left_alone(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:
        conn.execute("CREATE TABLE future (x INTEGER)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(SchemaTooNew, match=f"schema version {SCHEMA_VERSION + 1}"):
        await Storage.open(db_path)
    assert pragma(db_path, "user_version") == SCHEMA_VERSION + 1
    with sqlite3.connect(db_path) as conn:
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert names == {"future"}


async def test_a_transaction_that_fails_writes_nothing(storage: Storage) -> None:
    with pytest.raises(RuntimeError):
        async with storage.db.transaction() as session:
            await session.execute(
                "INSERT INTO guild_rules (guild_id, rules_json) VALUES (1, ?)", (Rules().to_json(),)
            )
            raise RuntimeError("stop half-way")
    assert await storage.house_rules.stored(1) is None
