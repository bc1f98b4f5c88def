"""``Storage``: the repositories over one opened database, as the bot's start-up builds them."""

from __future__ import annotations

from pathlib import Path

from bot.storage.db import Database, Synchronous
from bot.storage.house_rules import HouseRules
from bot.storage.records import TableStore
from bot.storage.stats import Stats
from bot.storage.table_store import SqliteTableStore


class Storage:
    """Everything the bot keeps: ``tables`` (the ``TableStore``), ``house_rules`` and
    ``stats`` (stats, leaderboards, history, forgetting members)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # Typed as the protocol so that mypy checks the SQLite store implements it.
        self.tables: TableStore = SqliteTableStore(db)
        self.house_rules = HouseRules(db)
        self.stats = Stats(db)

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: Synchronous = "NORMAL") -> Storage:
        """Open and migrate the database (see ``Database.open``)."""
        return cls(await Database.open(path, synchronous=synchronous))

    async def close(self) -> None:
        await self.db.close()
