"""Season timers on a real SQLite store and a manual clock: a season belongs to its guild's
shard, so a process re-arms at start-up only the timers of the guilds it holds, and the end
it stores is told to its listeners once."""

import sqlite3
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest

from bot.competition.seasons import soft_reset
from bot.season_timers import POST_RETRY_FIRST, RETRY_FIRST, SeasonTimers
from bot.storage.seasons import Season
from bot.storage.store import Storage
from bot.tables.context import Tasks
from tests.doubles import ManualClock

START = 1_800_000_000
MINE, OTHERS = 10, 11


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(tmp_path / "spades.sqlite3")
    yield opened
    await opened.close()


async def start(storage: Storage, guild: int, ends_at: int) -> Season:
    return await storage.seasons.start(
        guild,
        "Spring",
        channel_id=70,
        fraction=0.5,
        reset=partial(soft_reset, fraction=0.5),
        now=START,
        ends_at=ends_at,
    )


def told_of_ends(timers: SeasonTimers) -> list[Season]:
    """The seasons ``timers`` tells its listeners have ended, as it tells them."""
    told: list[Season] = []

    async def listener(season: Season) -> None:
        told.append(season)

    timers.on_end(listener)
    return told


async def test_only_the_guilds_shard_owner_ends_its_season(storage: Storage) -> None:
    mine = await start(storage, MINE, START + 100)
    others = await start(storage, OTHERS, START + 100)
    clock, tasks = ManualClock(START), Tasks()
    timers = SeasonTimers(storage.seasons, clock, tasks, owns=lambda guild: guild == MINE)
    told = told_of_ends(timers)
    await timers.restore()
    assert timers.armed(mine.season_id) and not timers.armed(others.season_id)
    await clock.advance(100, tasks.settle)
    assert [season.guild_id for season in told] == [MINE]
    assert await storage.seasons.running(MINE) is None
    assert await storage.seasons.running(OTHERS) == others
    # Ended and posted: nothing is left for a restart to do here.
    assert [season.guild_id for season in await storage.seasons.pending()] == [OTHERS]
    # A moderator ending it meanwhile: the timer's end finds it ended and tells no one again.
    assert await timers.end(mine) is None and len(told) == 1
    await tasks.aclose()


async def test_a_season_ended_by_hand_disarms_its_timer(storage: Storage) -> None:
    season = await start(storage, MINE, START + 100)
    clock, tasks = ManualClock(START), Tasks()
    timers = SeasonTimers(storage.seasons, clock, tasks, owns=lambda guild: True)
    told = told_of_ends(timers)
    timers.arm(season)
    await clock.advance(10, tasks.settle)
    ended = await timers.end(season)
    assert ended is not None and ended.ended_at == START + 10
    assert not timers.armed(season.season_id)
    await clock.advance(200, tasks.settle)
    assert told == [ended]
    await tasks.aclose()


async def test_an_end_the_database_refuses_is_tried_again(tmp_path: Path) -> None:
    """The database is locked when the season falls due: nothing ends, nobody is told, and
    the timer tries again after ``RETRY_FIRST`` seconds, once the lock is gone."""
    path = tmp_path / "locked.sqlite3"
    storage = await Storage.open(path, busy_timeout=0.1)
    try:
        season = await start(storage, MINE, START + 100)
        clock, tasks = ManualClock(START), Tasks()
        timers = SeasonTimers(storage.seasons, clock, tasks, owns=lambda guild: True)
        told = told_of_ends(timers)
        timers.arm(season)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            await clock.advance(100, tasks.settle)
            assert told == [] and await storage.seasons.running(MINE) == season
        finally:
            other.execute("ROLLBACK")
            other.close()
        await clock.advance(RETRY_FIRST, tasks.settle)
        assert [ended.season_id for ended in told] == [season.season_id]
        assert told[0].ended_at == START + 100 + RETRY_FIRST
        await tasks.aclose()
    finally:
        await storage.close()


async def test_a_post_that_fails_is_tried_again_until_it_goes_out(storage: Storage) -> None:
    """Discord refuses the end's post twice (down, the channel gone): it is tried again
    after ``POST_RETRY_FIRST`` seconds, then twice that, and marked posted once it went out,
    not left for the next start-up."""
    season = await start(storage, MINE, START + 100)
    clock, tasks = ManualClock(START), Tasks()
    timers = SeasonTimers(storage.seasons, clock, tasks, owns=lambda guild: True)
    tries: list[float] = []

    async def refused_twice(ended: Season) -> None:
        tries.append(clock.now())
        if len(tries) <= 2:
            raise RuntimeError("Discord refused the post")

    timers.on_end(refused_twice)
    timers.arm(season)
    await clock.advance(100, tasks.settle)
    assert tries == [START + 100]
    assert [s.season_id for s in await storage.seasons.pending()] == [season.season_id]
    await clock.advance(POST_RETRY_FIRST, tasks.settle)
    assert tries == [START + 100, START + 100 + POST_RETRY_FIRST]
    await clock.advance(2 * POST_RETRY_FIRST, tasks.settle)
    assert len(tries) == 3 and tries[2] == START + 100 + 3 * POST_RETRY_FIRST
    assert await storage.seasons.pending() == []
    await clock.advance(10 * POST_RETRY_FIRST, tasks.settle)
    assert len(tries) == 3  # posted once: never again
    await tasks.aclose()
