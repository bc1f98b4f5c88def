"""Seasons in storage: starting one (every rating softly reset into it), ending it, listing a
server's seasons, and which need their timer or their final post after a restart.

A server runs at most one season at a time (a unique index says so). A finished game is
recorded in the season running at that moment (``bot.storage.games``), so a season's stats,
ratings and pairs are its own games'. Times are Unix seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.storage.db import ConstraintViolated, Database, Row, Session
from bot.storage.ratings import Skill

# A season's ratings start from the all-time ones moved by this (``soft_reset`` with the
# server's fraction, handed in by the caller: storage does not decide the reset).
Reset = Callable[[Skill], Skill]


@dataclass(frozen=True, slots=True)
class Season:
    season_id: int
    guild_id: int
    name: str
    channel_id: int
    reset_fraction: float
    started_at: int
    ends_at: int | None
    ended_at: int | None
    announced: bool

    @property
    def running(self) -> bool:
        return self.ended_at is None


class SeasonRunning(Exception):
    """The server already runs a season (``season``): one at a time."""

    def __init__(self, season: Season) -> None:
        super().__init__(f"season {season.name!r} is running")
        self.season = season


class SeasonNameTaken(Exception):
    """The server already had a season of that name."""


def _season(row: Row) -> Season:
    return Season(
        season_id=row["season_id"],
        guild_id=row["guild_id"],
        name=row["name"],
        channel_id=row["channel_id"],
        reset_fraction=row["reset_fraction"],
        started_at=row["started_at"],
        ends_at=row["ends_at"],
        ended_at=row["ended_at"],
        announced=bool(row["announced"]),
    )


class Seasons:
    """The seasons of every server."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def start(
        self,
        guild_id: int,
        name: str,
        *,
        channel_id: int,
        fraction: float,
        reset: Reset,
        now: int,
        ends_at: int | None = None,
    ) -> Season:
        """Start a season and, in the same transaction, give every member and pair rated
        in the server a season rating: their all-time one moved by ``reset`` (no season game
        yet). Raises ``SeasonRunning`` or ``SeasonNameTaken`` and stores nothing."""
        try:
            async with self._db.transaction() as session:
                running = await _running(session, guild_id)
                if running is not None:
                    raise SeasonRunning(running)
                taken = await session.fetch_one(
                    "SELECT 1 FROM seasons WHERE guild_id = ? AND name = ?", (guild_id, name)
                )
                if taken is not None:
                    raise SeasonNameTaken(name)
                row = await session.fetch_one(
                    "INSERT INTO seasons (guild_id, name, channel_id, reset_fraction, "
                    "started_at, ends_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
                    (guild_id, name, channel_id, fraction, now, ends_at),
                )
                assert row is not None
                season = _season(row)
                await _carry_ratings(session, season, reset)
        except ConstraintViolated:
            # Another process started a season here, or took the name, in the meantime
            # (the unique keys refused this one; the transaction stored nothing).
            running = await self.running(guild_id)
            if running is not None:
                raise SeasonRunning(running) from None
            if await self.named(guild_id, name) is not None:
                raise SeasonNameTaken(name) from None
            raise
        return season

    async def end(self, season_id: int, now: int) -> Season | None:
        """End the season now; ``None`` when it had ended already (another path ended it)."""
        async with self._db.transaction() as session:
            row = await session.fetch_one(
                "UPDATE seasons SET ended_at = ? WHERE season_id = ? AND ended_at IS NULL "
                "RETURNING *",
                (now, season_id),
            )
        return None if row is None else _season(row)

    async def announced(self, season_id: int) -> None:
        """The season's final standings were posted."""
        async with self._db.transaction() as session:
            await session.execute(
                "UPDATE seasons SET announced = 1 WHERE season_id = ?", (season_id,)
            )

    async def running(self, guild_id: int) -> Season | None:
        async with self._db.session() as session:
            return await _running(session, guild_id)

    async def get(self, season_id: int) -> Season | None:
        async with self._db.session() as session:
            row = await session.fetch_one("SELECT * FROM seasons WHERE season_id = ?", (season_id,))
        return None if row is None else _season(row)

    async def named(self, guild_id: int, name: str) -> Season | None:
        async with self._db.session() as session:
            row = await session.fetch_one(
                "SELECT * FROM seasons WHERE guild_id = ? AND name = ?", (guild_id, name)
            )
        return None if row is None else _season(row)

    async def of_guild(self, guild_id: int) -> list[Season]:
        """The server's seasons, the newest first."""
        async with self._db.session() as session:
            rows = await session.fetch_all(
                "SELECT * FROM seasons WHERE guild_id = ? ORDER BY season_id DESC", (guild_id,)
            )
        return [_season(row) for row in rows]

    async def pending(self) -> list[Season]:
        """Every season a restart must look after: running ones with an end time (their
        timer), and ended ones whose final standings were never posted."""
        async with self._db.session() as session:
            rows = await session.fetch_all(
                "SELECT * FROM seasons WHERE (ended_at IS NULL AND ends_at IS NOT NULL) "
                "OR (ended_at IS NOT NULL AND announced = 0) ORDER BY season_id"
            )
        return [_season(row) for row in rows]


async def _running(session: Session, guild_id: int) -> Season | None:
    row = await session.fetch_one(
        "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
    )
    return None if row is None else _season(row)


async def _carry_ratings(session: Session, season: Season, reset: Reset) -> None:
    """Every member's and pair's all-time ratings in the server, reset into the season."""
    members = await session.fetch_all(
        "SELECT track, player_id, mu, sigma FROM ratings WHERE guild_id = ?", (season.guild_id,)
    )
    rows: list[tuple[object, ...]] = []
    for row in members:
        skill = reset(Skill(row["mu"], row["sigma"]))
        rows.append((season.season_id, row["track"], row["player_id"], skill.mu, skill.sigma))
    await session.executemany(
        "INSERT INTO season_ratings (season_id, track, player_id, mu, sigma, games) "
        "VALUES (?, ?, ?, ?, ?, 0)",
        rows,
    )
    pairs = await session.fetch_all(
        "SELECT first_player, second_player, mu, sigma FROM pair_ratings "
        "WHERE guild_id = ? AND season_id = 0",
        (season.guild_id,),
    )
    rows = []
    for row in pairs:
        skill = reset(Skill(row["mu"], row["sigma"]))
        rows.append(
            (
                season.guild_id,
                season.season_id,
                row["first_player"],
                row["second_player"],
                skill.mu,
                skill.sigma,
            )
        )
    await session.executemany(
        "INSERT INTO pair_ratings (guild_id, season_id, first_player, second_player, mu, "
        "sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, 0, 0)",
        rows,
    )
