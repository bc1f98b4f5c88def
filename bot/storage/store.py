"""``Storage``: the repositories over one opened database, as the bot's start-up builds them."""

from __future__ import annotations

from pathlib import Path

from bot.storage.backends import COMMAND_TIMEOUT, open_database
from bot.storage.db import Database, Synchronous
from bot.storage.house_rules import HouseRules
from bot.storage.records import TableStore
from bot.storage.seasons import Seasons
from bot.storage.stats import Stats
from bot.storage.table_store import SqlTableStore
from bot.storage.tournaments import TournamentStore


class Storage:
    """Everything the bot keeps: ``tables`` (the ``TableStore``), ``house_rules``,
    ``stats`` (stats, leaderboards, history, forgetting members), ``seasons`` and
    ``tournaments``."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # Typed as the protocol so that mypy checks the SQL store implements it.
        self.tables: TableStore = SqlTableStore(db)
        self.house_rules = HouseRules(db)
        self.stats = Stats(db)
        self.seasons = Seasons(db)
        self.tournaments = TournamentStore(db)

    @classmethod
    async def open(
        cls,
        location: str | Path,
        *,
        busy_timeout: float = 5.0,
        command_timeout: float = COMMAND_TIMEOUT,
        synchronous: Synchronous = "NORMAL",
    ) -> Storage:
        """Open and migrate the store at ``location``: a ``postgresql://`` URL, or else a
        SQLite file's path (see ``open_database``). Raises ``StorageUnavailable``, whose
        message is one line saying what to fix, when it cannot be used."""
        return cls(
            await open_database(
                location,
                busy_timeout=busy_timeout,
                command_timeout=command_timeout,
                synchronous=synchronous,
            )
        )

    async def close(self) -> None:
        await self.db.close()
