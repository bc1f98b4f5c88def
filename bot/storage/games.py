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
    game_id: int = await session.fetch_value(
        "INSERT INTO games (table_id, guild_id, players, team_size, mode, preset, stopped, "
        "winner, hands) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING game_id",
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
    if not stopped:
        await _update_ratings(session, guild_id, game, players)
    return game_id


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


async def _update_ratings(
    session: Session, guild_id: int | None, game: Game, players: dict[int, int]
) -> None:
    """Rate the game on the server's overall track and on its mode's track."""
    if guild_id is None or not players:
        return
    placed = places(game.scores, game.winner)
    for track in ("all", mode_of(game.rules)):
        rows = await session.fetch_all(
            "SELECT player_id, mu, sigma FROM ratings WHERE guild_id = ? AND track = ? "
            f"AND player_id IN ({', '.join('?' * len(players))})",
            (guild_id, track, *players.values()),
        )
        current = {row["player_id"]: Skill(row["mu"], row["sigma"]) for row in rows}
        sides = [
            [current.get(players[seat], NEWCOMER) if seat in players else None for seat in team]
            for team in game.teams
        ]
        rated = rate(sides, placed)
        await session.executemany(
            "INSERT INTO ratings (guild_id, track, player_id, mu, sigma, games) "
            "VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, track, player_id) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1",
            [
                (guild_id, track, players[seat], skill.mu, skill.sigma)
                for team, new in zip(game.teams, rated, strict=True)
                for seat, skill in zip(team, new, strict=True)
                if skill is not None
            ],
        )
