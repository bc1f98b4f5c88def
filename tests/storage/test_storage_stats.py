"""Finished games: stats checked against the engine's own hand results, ratings, leaderboards,
history, forgetting a member and resetting a server's leaderboard."""

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from bot.engine import Game, Rules
from bot.storage.ratings import MIN_RATED_GAMES, NEWCOMER
from bot.storage.records import SeatRecord
from bot.storage.stats import FORMER_MEMBER, MemberStats
from bot.storage.store import Storage
from devtools.bench.storage import play_random
from tests.ai.helpers import play_heuristic
from tests.storage.helpers import GUILD, everything_stored, store_game

OTHER_GUILD = 20
SHORT = Rules(play_to="hands", hands_to_play=3)
DUEL = Rules(players=2, team_size=1, play_to="hands", hands_to_play=1)


def seats(holders: Sequence[int | None]) -> tuple[SeatRecord, ...]:
    """A member's user id per seat, ``None`` for a bot."""
    return tuple(
        SeatRecord(seat, f"Bot {seat}", bot="normal")
        if user is None
        else SeatRecord(seat, f"Member {user}", user)
        for seat, user in enumerate(holders)
    )


async def finish(
    storage: Storage,
    game: Game,
    holders: Sequence[int | None],
    *,
    stopped: bool = False,
    guild: int = GUILD,
) -> int:
    """Store a table for ``game`` with all its actions, then finish it; returns the table id."""
    table_id = await store_game(storage, game, seats(holders), guild=guild)
    await storage.tables.finish_table(table_id, game, stopped=stopped)
    return table_id


def decided_games(rules: Rules, count: int, first_seed: int = 0) -> list[Game]:
    """``count`` finished random games that have a winner (no tie)."""
    games = []
    seed = first_seed
    while len(games) < count:
        game = play_random(rules, seed)
        if game.winner is not None:
            games.append(game)
        seed += 1
    return games


@dataclass
class Expected:
    """A member's figures added up straight from ``game.results``."""

    games: int = 0
    wins: int = 0
    hands: int = 0
    bids_made: int = 0
    bids_set: int = 0
    nil_attempts: int = 0
    nil_made: int = 0
    blind_nil_attempts: int = 0
    blind_nil_made: int = 0
    bags: int = 0
    points: int = 0


def expected_for(user: int, played: list[tuple[Game, list[int | None], bool]]) -> Expected:
    out = Expected()
    for game, holders, stopped in played:
        if user not in holders:
            continue
        seat = holders.index(user)
        if not stopped:
            out.games += 1
            out.wins += game.winner == game.team_of(seat)
        for result in game.results:
            mine = next(o for o in result.seats if o.seat == seat)
            side = next(t for t in result.teams if seat in t.seats)
            out.hands += 1
            out.bags += side.bags
            out.points += side.total
            if mine.nil:
                if mine.blind:
                    out.blind_nil_attempts += 1
                    out.blind_nil_made += bool(mine.made)
                else:
                    out.nil_attempts += 1
                    out.nil_made += bool(mine.made)
            elif mine.bid is not None and side.made is not None:
                out.bids_made += side.made
                out.bids_set += not side.made
    return out


def figures(stats: MemberStats) -> Expected:
    return Expected(**{name: getattr(stats, name) for name in Expected.__dataclass_fields__})


async def test_member_stats_add_up_every_hand_and_game(storage: Storage) -> None:
    played: list[tuple[Game, list[int | None], bool]] = []
    # The heuristic bot makes Nils; random seed 28 happens to make a blind Nil.
    games = [play_random(SHORT, 28), *(play_heuristic(SHORT, seed) for seed in range(5))]
    for i, game in enumerate(games):
        holders: list[int | None] = [1, 2, 3, None]
        holders = holders[i % 4 :] + holders[: i % 4]
        played.append((game, holders, False))
    played.append((play_random(SHORT, 50, limit=120), [3, None, 1, 2], True))
    for game, holders, stopped in played:
        await finish(storage, game, holders, stopped=stopped)

    for user in (1, 2, 3):
        stats = await storage.stats.member(GUILD, user)
        assert stats is not None and stats.name == f"Member {user}"
        assert figures(stats) == expected_for(user, played)
        wins = [g.winner == g.team_of(h.index(user)) for g, h, stopped in played if not stopped]
        run = next((i for i, won in enumerate(reversed(wins)) if won != wins[-1]), len(wins))
        assert stats.streak == (run if wins[-1] else -run)
        assert stats.points_per_hand == stats.points / stats.hands
    totals = [expected_for(user, played) for user in (1, 2, 3)]
    # The games chosen do exercise Nil, blind Nil, made and set contracts.
    assert all(sum(getattr(t, f) for t in totals) != 0 for f in Expected.__dataclass_fields__), (
        totals
    )
    assert await storage.stats.member(GUILD, 4) is None
    assert await storage.stats.member(OTHER_GUILD, 1) is None


async def test_partners_are_rated_together_and_ranked_after_enough_games(
    storage: Storage,
) -> None:
    # Members 1 and 2 always sit on the side that wins, against member 3 and a bot.
    for count, game in enumerate(decided_games(SHORT, MIN_RATED_GAMES), 1):
        holders: list[int | None] = [None] * 4
        winners, losers = game.teams[game.winner or 0], game.teams[1 - (game.winner or 0)]
        holders[winners[0]], holders[winners[1]] = 1, 2
        holders[losers[0]] = 3
        await finish(storage, game, holders)
        board = await storage.stats.leaderboard(GUILD, "rating")
        if count < MIN_RATED_GAMES:
            assert board.total == 0 and board.entries == ()
            one = await storage.stats.member(GUILD, 1)
            assert one is not None and one.rating is None and one.rated_games == count

    board = await storage.stats.leaderboard(GUILD, "rating")
    assert [(e.rank, e.stats.user_id) for e in board.entries] == [(1, 1), (2, 2), (3, 3)]
    first, second, third = (e.stats for e in board.entries)
    assert first.skill == second.skill
    assert first.skill is not None and third.skill is not None
    assert first.skill.mu > NEWCOMER.mu > third.skill.mu
    assert first.rating == first.skill.mu - 3 * first.skill.sigma
    assert third.rating is not None and first.rating > third.rating
    assert first.streak == MIN_RATED_GAMES and third.streak == -MIN_RATED_GAMES
    async with storage.db.session() as session:
        rated = await session.fetch_all("SELECT DISTINCT player_id FROM ratings")
        bots = await session.fetch_all("SELECT count(*) FROM players WHERE name LIKE 'Bot%'")
    assert len(rated) == 3 and bots[0][0] == 0


async def test_cutthroat_rates_each_player_by_place_on_its_own_track(storage: Storage) -> None:
    rules = Rules(players=3, team_size=1, play_to="hands", hands_to_play=2)
    (game,) = decided_games(rules, 1)
    await finish(storage, game, [1, 2, 3])
    by_score = sorted(range(3), key=lambda seat: -game.scores[seat])
    skills = []
    for seat in by_score:
        stats = await storage.stats.member(GUILD, seat + 1, mode="cutthroat")
        assert stats is not None and stats.skill is not None and stats.games == 1
        skills.append(stats.skill.mu)
    assert skills[0] > NEWCOMER.mu > skills[-1]
    assert skills == sorted(skills, reverse=True)
    assert await storage.stats.member(GUILD, 1, mode="partnership") is None
    overall = await storage.stats.member(GUILD, by_score[0] + 1)
    assert overall is not None and overall.skill is not None and overall.skill.mu == skills[0]


async def test_leaderboard_pages_cover_every_ranked_member_once(storage: Storage) -> None:
    # Eight members play duels in a ring, twice round.
    for i, game in enumerate(play_random(DUEL, seed) for seed in range(16)):
        await finish(storage, game, [1 + i % 8, 1 + (i + 1) % 8])
    pages = [await storage.stats.leaderboard(GUILD, "wins", offset=o, limit=3) for o in (0, 3, 6)]
    assert [p.total for p in pages] == [8, 8, 8]
    assert [len(p.entries) for p in pages] == [3, 3, 2]
    entries = [e for p in pages for e in p.entries]
    assert [e.rank for e in entries] == list(range(1, 9))
    assert sorted(e.stats.user_id for e in entries) == list(range(1, 9))
    wins = [e.stats.wins for e in entries]
    assert wins == sorted(wins, reverse=True)
    assert sum(wins) == sum(
        game.winner is not None for game in (play_random(DUEL, s) for s in range(16))
    )
    assert all(e.stats.games == 4 for e in entries)
    late = await storage.stats.leaderboard(GUILD, "wins", offset=9, limit=3)
    assert late.total == 8 and late.entries == ()
    # Each member has four games, fewer than a win rate needs.
    assert (await storage.stats.leaderboard(GUILD, "win_rate")).total == 0
    assert (await storage.stats.leaderboard(GUILD, "wins", mode="partnership")).total == 0
    with pytest.raises(ValueError):
        await storage.stats.leaderboard(GUILD, "wins", limit=0)


async def test_nil_and_win_rate_boards_rank_by_rate(storage: Storage) -> None:
    for seed in range(6):
        await finish(storage, play_random(SHORT, seed), [1, 2, 3, 4])
    board = await storage.stats.leaderboard(GUILD, "win_rate")
    rates = [e.stats.win_rate for e in board.entries]
    assert board.total == 4 and rates == sorted(rates, reverse=True)
    nil_board = await storage.stats.leaderboard(GUILD, "nil", limit=10)
    assert all(e.stats.nil_attempts + e.stats.blind_nil_attempts >= 3 for e in nil_board.entries)
    nil_rates = [e.stats.nil_rate for e in nil_board.entries]
    assert nil_rates == sorted(nil_rates, reverse=True)


async def test_history_lists_final_scores_and_a_game_breaks_down_by_hand(
    storage: Storage,
) -> None:
    done = play_random(SHORT, 1)
    stopped = play_random(Rules.preset("short"), 2, limit=130)
    await finish(storage, done, [1, None, 2, 3])
    await finish(storage, stopped, [1, 2, 3, 4], stopped=True)
    await finish(storage, play_random(SHORT, 3), [5, 6, 7, 8], guild=OTHER_GUILD)

    latest, first = await storage.stats.history(GUILD)
    assert (latest.stopped, latest.preset, latest.winner) == (True, "short", None)
    assert latest.hands == len(stopped.results)
    assert (first.stopped, first.preset, first.winner) == (False, "custom", done.winner)
    assert first.mode == "partnership" and first.players == 4 and first.hands == 3
    assert [(s.team, s.score, s.bags) for s in first.sides] == [
        (t, done.scores[t], done.bags[t]) for t in range(2)
    ]
    assert first.seat_names == ["Member 1", "Bot 1", "Member 2", "Member 3"]
    bot = first.sides[1].seats[0]
    assert (bot.seat, bot.user_id, bot.bot) == (1, None, "normal")
    assert [g.game_id for g in await storage.stats.history(GUILD, limit=1, offset=1)] == [
        first.game_id
    ]

    record = await storage.stats.game(GUILD, first.game_id)
    assert record is not None and record.summary == first
    assert record.rules == SHORT and record.results == tuple(done.results)
    assert await storage.stats.game(OTHER_GUILD, first.game_id) is None


async def test_a_stopped_game_counts_its_hands_but_not_a_result(storage: Storage) -> None:
    game = play_random(SHORT, 9, limit=120)
    await finish(storage, game, [1, 2, 3, 4], stopped=True)
    stats = await storage.stats.member(GUILD, 1)
    assert stats is not None and stats.games == 0 and stats.hands == len(game.results) > 0
    assert stats.skill is None and stats.streak == 0


async def test_forgetting_a_member_leaves_their_games_anonymous(storage: Storage) -> None:
    gone, stays = 424242424242, 7
    for seed in range(2):
        await finish(storage, play_random(SHORT, seed), [gone, stays, None, 8])
    before = await storage.stats.member(GUILD, stays)
    assert (await storage.stats.forget_member(gone)).games == 2

    assert await storage.stats.member(GUILD, gone) is None
    board = await storage.stats.leaderboard(GUILD, "wins")
    assert {e.stats.user_id for e in board.entries} == {stays, 8}
    assert await storage.stats.member(GUILD, stays) == before
    for summary in await storage.stats.history(GUILD):
        seat = summary.sides[0].seats[0]
        assert (seat.name, seat.user_id, seat.bot) == (FORMER_MEMBER, None, None)
    dump = await everything_stored(storage)
    assert str(gone) not in dump and f"Member {gone}" not in dump
    assert str(stays) in dump
    assert (await storage.stats.forget_member(gone)).games == 0


async def test_resetting_a_leaderboard_starts_its_stats_afresh_and_keeps_history(
    storage: Storage,
) -> None:
    games = decided_games(SHORT, 3)
    for game in games[:2]:
        await finish(storage, game, [1, 2, 3, 4])
        await finish(storage, game, [1, 2, 3, 4], guild=OTHER_GUILD)
    await storage.stats.reset_leaderboard(GUILD)

    assert await storage.stats.member(GUILD, 1) is None
    assert (await storage.stats.leaderboard(GUILD, "wins")).total == 0
    assert len(await storage.stats.history(GUILD)) == 2
    other = await storage.stats.member(OTHER_GUILD, 1)
    assert other is not None and other.games == 2 and other.rated_games == 2

    await finish(storage, games[2], [1, 2, 3, 4])
    stats = await storage.stats.member(GUILD, 1)
    assert stats is not None and stats.games == 1 and stats.rated_games == 1
    assert stats.hands == len(games[2].results)
