"""Recording a finished game: its seats, every scored hand, the result and the new ratings."""

from __future__ import annotations

import json
from typing import Literal

from bot.engine import PRESETS, Game, HandScored, Rules, event_to_json
from bot.storage.db import Session
from bot.storage.ratings import NEWCOMER, Skill, places, rate
from bot.storage.records import SeatRecord

Mode = Literal["partnership", "cutthroat"]
CUSTOM = "custom"


def mode_of(rules: Rules) -> Mode:
    return "partnership" if rules.team_size > 1 else "cutthroat"


def preset_name(rules: Rules) -> str:
    """The preset these rules are exactly, or ``"custom"``."""
    return next((name for name in PRESETS if Rules.preset(name) == rules), CUSTOM)


async def record_game(
    session: Session,
    table_id: int,
    guild_id: int | None,
    game: Game,
    seats: tuple[SeatRecord, ...],
    *,
    stopped: bool,
) -> int:
    """Write the game's records inside the caller's transaction; returns its ``game_id``.

    A stopped game keeps its hands (they count towards hand stats) but has no winner and
    counts towards neither games, wins nor ratings. Each seat's hands and result go to
    whoever holds the seat at the end.
    """
    if not stopped and not game.is_over:
        raise ValueError(f"table {table_id}: the game is not over; finish it as stopped")
    rules = game.rules
    winner = None if stopped else game.winner
    players: dict[int, int] = {}
    for seat in seats:
        if seat.user_id is not None:
            players[seat.seat] = await _player_id(session, seat.user_id, seat.name)
    season: int | None = None
    if guild_id is not None:
        # The season running now, if any: the game counts in it.
        season = await session.fetch_value(
            "SELECT max(season_id) FROM seasons WHERE guild_id = ? AND ended_at IS NULL",
            (guild_id,),
        )
    game_id: int = await session.fetch_value(
        "INSERT INTO games (table_id, guild_id, players, team_size, mode, preset, stopped, "
        "winner, hands, season_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING game_id",
        (
            table_id,
            guild_id,
            rules.players,
            rules.team_size,
            mode_of(rules),
            preset_name(rules),
            stopped,
            winner,
            len(game.results),
            season,
        ),
    )
    await session.executemany(
        "INSERT INTO game_teams (game_id, team, score, bags) VALUES (?, ?, ?, ?)",
        [(game_id, team, score, game.bags[team]) for team, score in enumerate(game.scores)],
    )
    await session.executemany(
        "INSERT INTO game_seats (game_id, seat, team, player_id, bot, bot_name, won) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                seat.seat,
                game.team_of(seat.seat),
                players.get(seat.seat),
                (seat.bot or "bot") if seat.is_bot else None,
                seat.name if seat.is_bot else None,
                winner is not None and game.team_of(seat.seat) == winner,
            )
            for seat in seats
        ],
    )
    await _record_hands(session, game_id, game)
    if not stopped and guild_id is not None and players:
        await _update_ratings(session, guild_id, season, game, players)
    return game_id


async def _update_ratings(
    session: Session, guild_id: int, season: int | None, game: Game, players: dict[int, int]
) -> None:
    """Rate the game on the server's overall track and its mode's, all-time and in the
    season running (if any); and each side of two members as a pair, the same."""
    placed = places(game.scores, game.winner)
    scopes = [("ratings", "guild_id", guild_id)]
    if season is not None:
        scopes.append(("season_ratings", "season_id", season))
    for table, column, key in scopes:
        for track in ("all", mode_of(game.rules)):
            await _rate(session, (table, column, key, track), game, players, placed)
    for scope in (0,) if season is None else (0, season):
        await _rate_pairs(session, guild_id, scope, game, players, placed)


async def _player_id(session: Session, user_id: int, name: str) -> int:
    player_id: int = await session.fetch_value(
        "INSERT INTO players (user_id, name) VALUES (?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name RETURNING player_id",
        (user_id, name),
    )
    return player_id


async def _record_hands(session: Session, game_id: int, game: Game) -> None:
    await session.executemany(
        "INSERT INTO hands (game_id, hand_number, result_json) VALUES (?, ?, ?)",
        [
            (game_id, result.hand_number, json.dumps(event_to_json(HandScored(result))))
            for result in game.results
        ],
    )
    rows = []
    for result in game.results:
        side = {seat: team for team in result.teams for seat in team.seats}
        for outcome in result.seats:
            team = side[outcome.seat]
            rows.append(
                (
                    game_id,
                    result.hand_number,
                    outcome.seat,
                    outcome.bid,
                    outcome.blind,
                    outcome.nil,
                    outcome.made if outcome.nil else None,
                    outcome.tricks,
                    team.made,
                    team.bags,
                    team.total,
                )
            )
    await session.executemany(
        "INSERT INTO hand_seats (game_id, hand_number, seat, bid, blind, nil, nil_made, tricks, "
        "side_made, side_bags, side_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


async def _rate(
    session: Session,
    where: tuple[str, str, int, str],
    game: Game,
    players: dict[int, int],
    placed: list[int],
) -> None:
    """Rate the game on one track of ``ratings`` (a server's, all-time) or ``season_ratings``
    (a season's): ``where`` is the table, its key column, the key and the track. The names
    are this module's constants, never input."""
    table, column, key, track = where
    rows = await session.fetch_all(
        f"SELECT player_id, mu, sigma FROM {table} WHERE {column} = ? AND track = ? "
        f"AND player_id IN ({', '.join('?' * len(players))})",
        (key, track, *players.values()),
    )
    current = {row["player_id"]: Skill(row["mu"], row["sigma"]) for row in rows}
    sides = [
        [current.get(players[seat], NEWCOMER) if seat in players else None for seat in team]
        for team in game.teams
    ]
    rated = rate(sides, placed)
    await session.executemany(
        f"INSERT INTO {table} ({column}, track, player_id, mu, sigma, games) "
        f"VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT ({column}, track, player_id) DO UPDATE SET "
        f"mu = excluded.mu, sigma = excluded.sigma, games = {table}.games + 1",
        [
            (key, track, players[seat], skill.mu, skill.sigma)
            for team, new in zip(game.teams, rated, strict=True)
            for seat, skill in zip(team, new, strict=True)
            if skill is not None
        ],
    )


def pair_of(team: tuple[int, ...], players: dict[int, int]) -> tuple[int, int] | None:
    """The two players of a side of two members (lower ``player_id`` first); ``None`` for a
    side with a bot, or not of two."""
    ids = [players.get(seat) for seat in team]
    if len(ids) != 2 or None in ids or ids[0] == ids[1]:
        return None
    first, second = sorted(i for i in ids if i is not None)
    return first, second


async def _rate_pairs(
    session: Session,
    guild_id: int,
    scope: int,
    game: Game,
    players: dict[int, int],
    placed: list[int],
) -> None:
    """Rate each side of two members as one entity (``scope`` 0: all-time, else the
    season). A side with a bot plays at the bots' fixed rating and is never rated."""
    pairs = [pair_of(tuple(team), players) for team in game.teams]
    if all(pair is None for pair in pairs):
        return
    current: dict[tuple[int, int], Skill] = {}
    for pair in pairs:
        if pair is not None:
            row = await session.fetch_one(
                "SELECT mu, sigma FROM pair_ratings WHERE guild_id = ? AND season_id = ? "
                "AND first_player = ? AND second_player = ?",
                (guild_id, scope, *pair),
            )
            current[pair] = NEWCOMER if row is None else Skill(row["mu"], row["sigma"])
    rated = rate([[None if pair is None else current[pair]] for pair in pairs], placed)
    rows = []
    for side, (pair, (skill,)) in enumerate(zip(pairs, rated, strict=True)):
        if pair is not None and skill is not None:
            won = int(side == game.winner)
            rows.append((guild_id, scope, *pair, skill.mu, skill.sigma, won))
    await session.executemany(
        "INSERT INTO pair_ratings (guild_id, season_id, first_player, second_player, mu, "
        "sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, 1, ?) "
        "ON CONFLICT (guild_id, season_id, first_player, second_player) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, games = pair_ratings.games + 1, "
        "wins = pair_ratings.wins + excluded.wins",
        rows,
    )
