"""Seasons and partnerships in the store, on SQLite and PostgreSQL: a season's ratings start
from the all-time ones softly reset, its games count in it and in the all-time record,
pairs of members are rated as one entity, and forgetting a member leaves no trace in any of
it."""

import asyncio
from functools import partial
from pathlib import Path

import asyncpg
import pytest

from bot.competition.seasons import soft_reset
from bot.engine import Rules
from bot.storage.db import ConstraintViolated
from bot.storage.games import pair_of
from bot.storage.ratings import MIN_RATED_GAMES, NEWCOMER
from bot.storage.seasons import Season, SeasonNameTaken, SeasonRunning
from bot.storage.store import Storage
from tests.storage.helpers import GUILD, fresh_location, traces
from tests.storage.test_storage_stats import decided_games, finish

SHORT = Rules(play_to="hands", hands_to_play=3)
# Ids no counter of the store reaches, so a search for them finds only the member.
ADA, BOB, CY, DEE = 900000000101, 900000000102, 900000000103, 900000000104
NOW = 1_800_000_000


async def start(storage: Storage, name: str, fraction: float = 0.5, **kw: int) -> Season:
    return await storage.seasons.start(
        GUILD,
        name,
        channel_id=70,
        fraction=fraction,
        reset=partial(soft_reset, fraction=fraction),
        now=NOW,
        **kw,
    )


async def test_a_season_starts_from_the_all_time_ratings_softly_reset(storage: Storage) -> None:
    for game in decided_games(SHORT, 3):
        await finish(storage, game, [ADA, BOB, CY, DEE])
    all_time = await storage.stats.member(GUILD, ADA)
    assert all_time is not None and all_time.skill is not None and all_time.rated_games == 3
    season = await start(storage, "Spring", ends_at=NOW + 3600)
    assert season.running and season.ends_at == NOW + 3600 and season.reset_fraction == 0.5
    # No season game yet: no season stats, but the reset rating is stored for the first one.
    assert await storage.stats.member(GUILD, ADA, season=season.season_id) is None
    async with storage.db.session() as session:
        row = await session.fetch_one(
            "SELECT mu, sigma, games FROM season_ratings s JOIN players p USING (player_id) "
            "WHERE s.season_id = ? AND s.track = 'all' AND p.user_id = ?",
            (season.season_id, ADA),
        )
    assert row is not None and row["games"] == 0
    expected = soft_reset(all_time.skill, 0.5)
    assert (row["mu"], row["sigma"]) == pytest.approx((expected.mu, expected.sigma))
    # The same for the pair Ada and Cy, who sat on one side.
    pair = await storage.stats.pair(GUILD, ADA, CY)
    assert pair is not None and pair.games == 3
    async with storage.db.session() as session:
        carried = await session.fetch_one(
            "SELECT mu, sigma, games FROM pair_ratings WHERE season_id = ?", (season.season_id,)
        )
    assert carried is not None and carried["games"] == 0
    moved = soft_reset(pair.skill, 0.5)
    assert (carried["mu"], carried["sigma"]) == pytest.approx((moved.mu, moved.sigma))


async def test_one_season_at_a_time_and_names_are_not_reused(storage: Storage) -> None:
    spring = await start(storage, "Spring")
    with pytest.raises(SeasonRunning) as running:
        await start(storage, "Summer")
    assert running.value.season == spring
    ended = await storage.seasons.end(spring.season_id, NOW + 10)
    assert ended is not None and ended.ended_at == NOW + 10 and not ended.running
    # Ending it again changes nothing: another path ended it first.
    assert await storage.seasons.end(spring.season_id, NOW + 20) is None
    with pytest.raises(SeasonNameTaken):
        await start(storage, "Spring")
    summer = await start(storage, "Summer")
    assert [s.name for s in await storage.seasons.of_guild(GUILD)] == ["Summer", "Spring"]
    assert await storage.seasons.running(GUILD) == summer
    assert await storage.seasons.named(GUILD, "Spring") == ended
    assert await storage.seasons.of_guild(GUILD + 1) == []


async def test_a_seasons_games_count_in_it_and_all_time_and_no_others(storage: Storage) -> None:
    games = decided_games(SHORT, 4)
    await finish(storage, games[0], [ADA, BOB, CY, DEE])
    season = await start(storage, "Spring", fraction=1.0)
    for game in games[1:3]:
        await finish(storage, game, [ADA, BOB, CY, DEE])
    await storage.seasons.end(season.season_id, NOW + 5)
    await finish(storage, games[3], [ADA, BOB, CY, DEE])
    in_season = await storage.stats.member(GUILD, ADA, season=season.season_id)
    all_time = await storage.stats.member(GUILD, ADA)
    assert in_season is not None and all_time is not None
    assert (in_season.games, all_time.games) == (2, 4)
    assert (in_season.rated_games, all_time.rated_games) == (2, 4)
    won = sum(g.winner == 0 for g in games[1:3])
    assert in_season.wins == won
    # Started afresh (fraction 1): the season's rating is a newcomer's after two games.
    assert in_season.skill is not None and in_season.skill != all_time.skill
    assert in_season.rating is None  # fewer than MIN_RATED_GAMES season games
    board = await storage.stats.leaderboard(GUILD, "wins", season=season.season_id)
    assert board.season == season.season_id and board.total == 4
    assert {e.stats.games for e in board.entries} == {2}


async def test_pairs_have_their_own_record_and_a_pair_with_a_bot_none(storage: Storage) -> None:
    games = decided_games(SHORT, MIN_RATED_GAMES + 1)
    for game in games:
        # Ada and Cy together; Bob with a bot partner.
        await finish(storage, game, [ADA, BOB, CY, None])
    pair = await storage.stats.pair(GUILD, CY, ADA)
    assert pair is not None and (pair.first, pair.second) == (CY, ADA)
    assert pair.games == len(games) and pair.wins == sum(g.winner == 0 for g in games)
    assert pair.rating is not None and pair.skill != NEWCOMER
    assert await storage.stats.pair(GUILD, BOB, ADA) is None  # opponents, never partners
    board = await storage.stats.pair_leaderboard(GUILD)
    assert board.total == 1 and [(r, p.first, p.second) for r, p in board.entries] == [(1, ADA, CY)]
    # Not enough games together yet: not ranked, but the record is there.
    await finish(storage, decided_games(SHORT, 1, 100)[0], [BOB, ADA, DEE, CY])
    assert (await storage.stats.pair_leaderboard(GUILD)).total == 1
    bob_dee = await storage.stats.pair(GUILD, BOB, DEE)
    assert bob_dee is not None and bob_dee.games == 1 and bob_dee.rating is None
    # A leaderboard reset starts the pairs afresh too.
    await storage.stats.reset_leaderboard(GUILD)
    assert await storage.stats.pair(GUILD, ADA, CY) is None


def test_a_side_is_a_pair_only_with_two_members() -> None:
    players = {0: 7, 2: 3}
    assert pair_of((0, 2), players) == (3, 7)
    assert pair_of((1, 3), players) is None
    assert pair_of((0, 1), players) is None
    assert pair_of((0,), players) is None


async def test_a_seasons_pairs_count_its_games_only(storage: Storage) -> None:
    games = decided_games(SHORT, 3)
    await finish(storage, games[0], [ADA, BOB, CY, DEE])
    season = await start(storage, "Spring")
    await finish(storage, games[1], [ADA, BOB, CY, DEE])
    in_season = await storage.stats.pair(GUILD, ADA, CY, season=season.season_id)
    all_time = await storage.stats.pair(GUILD, ADA, CY)
    assert in_season is not None and all_time is not None
    assert (in_season.games, all_time.games) == (1, 2)


async def test_pending_lists_timers_to_arm_and_posts_to_make(storage: Storage) -> None:
    spring = await start(storage, "Spring", ends_at=NOW + 60)
    assert await storage.seasons.pending() == [spring]
    ended = await storage.seasons.end(spring.season_id, NOW + 60)
    assert ended is not None and await storage.seasons.pending() == [ended]
    await storage.seasons.announced(spring.season_id)
    assert await storage.seasons.pending() == []
    await start(storage, "Open-ended")  # no end time: nothing to arm
    assert await storage.seasons.pending() == []


async def test_forgetting_a_member_leaves_no_trace_in_seasons_or_pairs(storage: Storage) -> None:
    season = await start(storage, "Spring")
    for game in decided_games(SHORT, 2):
        await finish(storage, game, [ADA, BOB, CY, DEE])
    async with storage.db.session() as session:
        pairs = await session.fetch_value("SELECT count(*) FROM pair_ratings")
        rated = await session.fetch_value("SELECT count(*) FROM season_ratings")
    assert pairs == 4 and rated == 8  # two pairs, all-time and season; 4 members, 2 tracks
    await storage.stats.forget_member(ADA)
    assert await traces(storage, ADA, f"Member {ADA}") == []
    assert await storage.stats.pair(GUILD, ADA, CY, season=season.season_id) is None
    # The pair is no longer shown, and no longer ranked.
    assert all(
        ADA not in (p.first, p.second)
        for _, p in (await storage.stats.pair_leaderboard(GUILD)).entries
    )


async def test_two_starts_at_once_start_one_season(storage: Storage) -> None:
    """Two moderators (or processes) start a season at the same moment: one starts, the
    other is told which runs, whichever way the transactions interleave; and the database
    itself refuses a second running season."""
    results = await asyncio.gather(
        start(storage, "Spring"), start(storage, "Summer"), return_exceptions=True
    )
    started = [r for r in results if isinstance(r, Season)]
    refused = [r for r in results if isinstance(r, SeasonRunning)]
    assert len(started) == 1 and len(refused) == 1
    assert refused[0].season == started[0]
    with pytest.raises(ConstraintViolated):
        async with storage.db.transaction() as session:
            await session.execute(
                "INSERT INTO seasons (guild_id, name, channel_id, reset_fraction, started_at) "
                "VALUES (?, 'Autumn', 70, 0.5, ?)",
                (GUILD, NOW),
            )
    assert [s.name for s in await storage.seasons.of_guild(GUILD)] == [started[0].name]


async def test_a_start_that_loses_the_race_on_postgresql_is_told_which_runs(
    request: pytest.FixtureRequest, db_path: Path
) -> None:
    """Another process's season, not committed yet when this start looks, is refused by the
    database's unique index at the insert: the start waits for it, then says it runs."""
    async with fresh_location("postgresql", request, db_path) as where:
        storage = await Storage.open(where)
        other = await asyncpg.connect(str(where))
        try:
            transaction = other.transaction()
            await transaction.start()
            await other.execute(
                "INSERT INTO seasons (guild_id, name, channel_id, reset_fraction, started_at) "
                f"VALUES ({GUILD}, 'Theirs', 70, 0.5, {NOW})"
            )
            mine = asyncio.create_task(start(storage, "Mine"))
            while not await other.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            ):
                assert not mine.done(), mine
                await asyncio.sleep(0.01)
            await transaction.commit()
            with pytest.raises(SeasonRunning) as refused:
                await mine
            assert refused.value.season.name == "Theirs"
            assert [s.name for s in await storage.seasons.of_guild(GUILD)] == ["Theirs"]
        finally:
            await other.close()
            await storage.close()
