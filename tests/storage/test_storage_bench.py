"""``python -m bot bench storage`` measures SQLite and, given a URL, PostgreSQL in scratch
schemas that it drops afterwards."""

import asyncio
import re

import asyncpg
import pytest

from bot.cli import main
from tests.storage.postgres_server import PostgresServer


async def schemas(postgres: PostgresServer) -> set[str]:
    conn = await asyncpg.connect(postgres.url())
    try:
        return {row[0] for row in await conn.fetch("SELECT nspname FROM pg_namespace")}
    finally:
        await conn.close()


async def test_bench_storage_reports_appends_and_restore_on_both_backends(
    capsys: pytest.CaptureFixture[str], postgres: PostgresServer
) -> None:
    before = await schemas(postgres)
    argv = ["bench", "storage", "--appends", "40", "--tables", "6", "--seed", "3"]
    # The benchmark runs its own event loops, so it runs beside the test's.
    status = await asyncio.to_thread(
        main, [*argv, "--writers", "4", "--database-url", postgres.url()]
    )
    assert status == 0
    out = capsys.readouterr().out
    sqlite, postgresql = out.split("PostgreSQL ")
    assert "SQLite in WAL mode, synchronous=NORMAL" in sqlite
    assert "synchronous_commit=" in postgresql
    for block in (sqlite, postgresql):
        assert re.search(r"durable appends: 40 in [\d.]+ s = [\d,]+ per second, one table", block)
        assert re.search(r"durable appends: 40 in [\d.]+ s = [\d,]+ per second, 4 tables", block)
        restored = re.search(r"restore: 6 unfinished tables, ([\d,]+) actions", block)
        assert restored is not None and int(restored[1].replace(",", "")) >= 6
    assert await schemas(postgres) == before
