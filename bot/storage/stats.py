"""Stats, leaderboards and history read from finished games; forgetting members and resets.

Everything is per server. Games count towards games, wins, streaks and ratings unless they
were stopped; hand figures (bids, Nils, bags, points) count every scored hand. A server's
leaderboard reset starts all of these afresh; its history keeps every game. Bots are recorded
in games but have no member row, so they never appear in stats or leaderboards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from bot.engine import (
    Action,
    HandRecord,
    HandResult,
    HandScored,
    Rules,
    action_from_json,
    event_from_json,
    hand_records,
)
from bot.storage.db import Database, Row, Session
from bot.storage.games import Mode
from bot.storage.ratings import MIN_RATED_GAMES, Skill
from bot.storage.records import DEFAULT_LEVEL, bot_name
from bot.storage.tournaments import forget_member as forget_in_tournaments

Metric = Literal["rating", "wins", "win_rate", "nil"]
METRICS: tuple[Metric, ...] = ("rating", "wins", "win_rate", "nil")

# A member is ranked by Nil success once they have bid this many Nils (blind or not).
MIN_NIL_ATTEMPTS = 3
# How a member who used /spades forgetme is shown in games they played.
FORMER_MEMBER = "former member"


@dataclass(frozen=True, slots=True)
class MemberStats:
    """One member's figures in one server (and mode, when asked for one)."""

    user_id: int
    name: str
    games: int
    wins: int
    hands: int
    bids_made: int
    bids_set: int
    nil_attempts: int
    nil_made: int
    blind_nil_attempts: int
    blind_nil_made: int
    bags: int
    points: int
    rated_games: int
    skill: Skill | None
    streak: int
    """Consecutive results of the latest games: +3 is three wins, -2 two games without one."""

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def bags_per_hand(self) -> float | None:
        return self.bags / self.hands if self.hands else None

    @property
    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None

    @property
    def nil_rate(self) -> float | None:
        """Nils made, blind or not, out of Nils bid."""
        attempts = self.nil_attempts + self.blind_nil_attempts
        return (self.nil_made + self.blind_nil_made) / attempts if attempts else None

    @property
    def rating(self) -> float | None:
        """The conservative rating shown and ranked, once the member has played
        ``MIN_RATED_GAMES`` rated games; ``None`` before that."""
        if self.skill is None or self.rated_games < MIN_RATED_GAMES:
            return None
        return self.skill.conservative


@dataclass(frozen=True, slots=True)
class Place:
    """An open table (``table_id``) or a stored lobby (``table_id`` ``None``) by channel."""

    channel_id: int
    guild_id: int | None
    table_id: int | None


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What ``forget_member`` removed: finished games now anonymous, seats at stored
    tables and lobbies given up, and whether a ping choice was deleted."""

    games: int
    seats: int
    pings: bool
    tournaments: int = 0  # tournaments that keep their results under an anonymous player


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int
    stats: MemberStats


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a server's leaderboard; ``total`` counts every ranked member."""

    metric: Metric
    mode: Mode | None
    offset: int
    limit: int
    total: int
    entries: tuple[LeaderboardEntry, ...]
    season: int | None = None


@dataclass(frozen=True, slots=True)
class PairStats:
    """Two members' record as partners (``first`` and ``second`` are user ids, in the order
    asked or ranked): games together, wins, and the pair's own rating."""

    first: int
    first_name: str
    second: int
    second_name: str
    games: int
    wins: int
    skill: Skill

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def rating(self) -> float | None:
        """Shown and ranked once the pair has ``MIN_RATED_GAMES`` games together."""
        return self.skill.conservative if self.games >= MIN_RATED_GAMES else None


@dataclass(frozen=True, slots=True)
class PairPage:
    """One page of a server's partnerships ranked by rating; ``total`` counts every ranked
    pair."""

    offset: int
    limit: int
    total: int
    entries: tuple[tuple[int, PairStats], ...]
    season: int | None = None


@dataclass(frozen=True, slots=True)
class GameSeat:
    """Who sat in a seat of a finished game: a member (``user_id``; ``None`` once they were
    forgotten) or a bot (``bot`` is its level)."""

    seat: int
    name: str
    user_id: int | None
    bot: str | None


@dataclass(frozen=True, slots=True)
class SideResult:
    """A side's final score and bags, and its seats."""

    team: int
    score: int
    bags: int
    seats: tuple[GameSeat, ...]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A finished game as ``/history`` lists it. ``winner`` is a side (``None`` for a tie or
    a stopped game)."""

    game_id: int
    table_id: int
    finished_at: str
    preset: str
    mode: Mode
    players: int
    hands: int
    stopped: bool
    winner: int | None
    sides: tuple[SideResult, ...]

    @property
    def seat_names(self) -> list[str]:
        """Names by seat, as the renderers take them."""
        seats = sorted((seat for side in self.sides for seat in side.seats), key=lambda s: s.seat)
        return [seat.name for seat in seats]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's hand-by-hand breakdown: each hand's full ``HandResult`` (render it with
    ``bot.render.text.result_text(result, summary.seat_names, rules)``), and the seed, first
    dealer and actions it is replayed from; ``reasons``, beside each action, the JSON of why
    a bot chose it (``bot.ai.reasons.reason_from_json``), ``None`` for a member's."""

    summary: GameSummary
    rules: Rules
    results: tuple[HandResult, ...]
    seed: int
    dealer: int
    actions: tuple[Action, ...]
    reasons: tuple[str | None, ...] = ()

    def hands(self) -> list[HandRecord]:
        """Every hand of the game replayed: the cards each seat held, and what happened."""
        return hand_records(self.rules, seed=self.seed, dealer=self.dealer, actions=self.actions)


# Parameters are compared before they are tested for NULL: PostgreSQL takes a parameter's
# type from where it first appears, and ``IS NULL`` says none.
_AGGREGATES = """
WITH counted AS (
    SELECT game_id, stopped FROM games
    WHERE guild_id = :guild
      AND {SCOPE}
      AND (mode = :mode OR :mode IS NULL)
),
seated AS (
    SELECT gs.game_id, gs.seat, gs.player_id, gs.won, c.stopped
    FROM game_seats gs JOIN counted c USING (game_id)
    WHERE gs.player_id IS NOT NULL
      AND (gs.player_id = (SELECT player_id FROM players WHERE user_id = :user) OR :user IS NULL)
),
results AS (
    SELECT player_id, count(*) AS games, sum(won) AS wins
    FROM seated WHERE stopped = 0 GROUP BY player_id
),
hand_totals AS (
    SELECT s.player_id,
           count(*) AS hands,
           count(*) FILTER (WHERE h.nil = 0 AND h.bid IS NOT NULL AND h.side_made = 1)
               AS bids_made,
           count(*) FILTER (WHERE h.nil = 0 AND h.bid IS NOT NULL AND h.side_made = 0)
               AS bids_set,
           count(*) FILTER (WHERE h.nil = 1 AND h.blind = 0) AS nil_attempts,
           count(*) FILTER (WHERE h.nil = 1 AND h.blind = 0 AND h.nil_made = 1) AS nil_made,
           count(*) FILTER (WHERE h.nil = 1 AND h.blind = 1) AS blind_nil_attempts,
           count(*) FILTER (WHERE h.nil = 1 AND h.blind = 1 AND h.nil_made = 1)
               AS blind_nil_made,
           sum(h.side_bags) AS bags,
           sum(h.side_points) AS points
    FROM hand_seats h JOIN seated s USING (game_id, seat)
    GROUP BY s.player_id
),
member AS (
    SELECT p.player_id, p.user_id, p.name,
           coalesce(r.games, 0) AS games, coalesce(r.wins, 0) AS wins,
           coalesce(t.hands, 0) AS hands,
           coalesce(t.bids_made, 0) AS bids_made, coalesce(t.bids_set, 0) AS bids_set,
           coalesce(t.nil_attempts, 0) AS nil_attempts, coalesce(t.nil_made, 0) AS nil_made,
           coalesce(t.blind_nil_attempts, 0) AS blind_nil_attempts,
           coalesce(t.blind_nil_made, 0) AS blind_nil_made,
           coalesce(t.bags, 0) AS bags, coalesce(t.points, 0) AS points,
           coalesce(k.games, 0) AS rated_games, k.mu, k.sigma
    FROM players p
    LEFT JOIN results r USING (player_id)
    LEFT JOIN hand_totals t USING (player_id)
    LEFT JOIN {RATINGS} k
      ON {RATED} AND k.track = coalesce(:mode, 'all') AND k.player_id = p.player_id
    WHERE p.user_id IS NOT NULL AND (r.player_id IS NOT NULL OR t.player_id IS NOT NULL)
)
"""

# All-time figures count the games since the server's last leaderboard reset; a season's,
# its own games (a reset does not touch seasons).
_ALL_TIME = (
    "game_id > coalesce((SELECT after_game_id FROM leaderboard_resets WHERE guild_id = :guild), 0)"
)
_SCOPES = {
    False: {"SCOPE": _ALL_TIME, "RATINGS": "ratings", "RATED": "k.guild_id = :guild"},
    True: {
        "SCOPE": "season_id = :season",
        "RATINGS": "season_ratings",
        "RATED": "k.season_id = :season",
    },
}


def _aggregates(season: int | None) -> str:
    """The ``member`` aggregate, all-time or over one season's games and ratings."""
    words = _SCOPES[season is not None]
    return (
        _AGGREGATES.replace("{SCOPE}", words["SCOPE"])
        .replace("{RATINGS}", words["RATINGS"])
        .replace("{RATED}", words["RATED"])
    )


# Who is ranked by each metric, and in what order (best first; ties by player_id, i.e. the
# member who played here first). Fixed text chosen by the metric name, never by input.
_RANKING: dict[Metric, tuple[str, str]] = {
    "rating": (f"rated_games >= {MIN_RATED_GAMES}", "mu - 3 * sigma DESC"),
    "wins": ("games > 0", "wins DESC, games ASC"),
    "win_rate": (f"games >= {MIN_RATED_GAMES}", "1.0 * wins / games DESC, games DESC"),
    "nil": (
        f"nil_attempts + blind_nil_attempts >= {MIN_NIL_ATTEMPTS}",
        "1.0 * (nil_made + blind_nil_made) / (nil_attempts + blind_nil_attempts) DESC, "
        "nil_made + blind_nil_made DESC",
    ),
}


class Stats:
    """The read side for ``/stats``, ``/leaderboard`` and ``/history``, plus
    ``/spades forgetme`` and the server leaderboard reset."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def member(
        self, guild_id: int, user_id: int, mode: Mode | None = None, *, season: int | None = None
    ) -> MemberStats | None:
        """A member's stats in the server (all-time, or in the season ``season``), or
        ``None`` when they have no recorded hand there."""
        params = {"guild": guild_id, "mode": mode, "user": user_id, "season": season}
        async with self._db.session() as session:
            row = await session.fetch_one(_aggregates(season) + "SELECT * FROM member", params)
            if row is None:
                return None
            (stats,) = await _with_streaks(session, guild_id, mode, [row], season)
        return stats

    async def leaderboard(
        self,
        guild_id: int,
        metric: Metric = "rating",
        *,
        mode: Mode | None = None,
        offset: int = 0,
        limit: int = 10,
        season: int | None = None,
    ) -> LeaderboardPage:
        """Members ranked by ``metric`` (by rating and win rate only after
        ``MIN_RATED_GAMES`` games, by Nil success after ``MIN_NIL_ATTEMPTS`` Nils), best
        first, ``limit`` of them from place ``offset`` (0-based)."""
        if offset < 0 or limit < 1:
            raise ValueError(f"offset {offset} and limit {limit}: need offset >= 0, limit >= 1")
        eligible, order = _RANKING[metric]
        params = {
            "guild": guild_id,
            "mode": mode,
            "user": None,
            "limit": limit,
            "offset": offset,
            "season": season,
        }
        aggregates = _aggregates(season)
        async with self._db.session() as session:
            # The window counts every ranked member before LIMIT cuts the page out.
            rows = await session.fetch_all(
                aggregates + f"SELECT *, count(*) OVER () AS total FROM member "
                f"WHERE {eligible} ORDER BY {order}, player_id LIMIT :limit OFFSET :offset",
                params,
            )
            if rows:
                total = rows[0]["total"]
            else:
                total = await session.fetch_value(
                    aggregates + f"SELECT count(*) FROM member WHERE {eligible}", params
                )
            ranked = await _with_streaks(session, guild_id, mode, rows, season)
        entries = tuple(
            LeaderboardEntry(offset + place + 1, stats) for place, stats in enumerate(ranked)
        )
        return LeaderboardPage(metric, mode, offset, limit, total, entries, season)

    async def pair(
        self, guild_id: int, first: int, second: int, *, season: int | None = None
    ) -> PairStats | None:
        """Two members' record as partners, all-time or in ``season``; ``None`` when they
        never finished a game on the same side there."""
        async with self._db.session() as session:
            rows = await session.fetch_all(
                _PAIRS
                + "AND ((a.user_id = ? AND b.user_id = ?) OR (a.user_id = ? AND b.user_id = ?))",
                (guild_id, season or 0, first, second, second, first),
            )
        if not rows or rows[0]["games"] == 0:
            return None
        pair = _pair(rows[0])
        if pair.first != first:
            pair = PairStats(
                pair.second,
                pair.second_name,
                pair.first,
                pair.first_name,
                pair.games,
                pair.wins,
                pair.skill,
            )
        return pair

    async def pair_leaderboard(
        self, guild_id: int, *, season: int | None = None, offset: int = 0, limit: int = 10
    ) -> PairPage:
        """Partnerships of two members ranked by the pair's rating, after
        ``MIN_RATED_GAMES`` games together; pairs with a forgotten member are not ranked."""
        if offset < 0 or limit < 1:
            raise ValueError(f"offset {offset} and limit {limit}: need offset >= 0, limit >= 1")
        ranked = f"AND r.games >= {MIN_RATED_GAMES} "
        async with self._db.session() as session:
            rows = await session.fetch_all(
                _PAIRS + ranked + "ORDER BY r.mu - 3 * r.sigma DESC, r.first_player, "
                "r.second_player LIMIT ? OFFSET ?",
                (guild_id, season or 0, limit, offset),
            )
            total = await session.fetch_value(
                "SELECT count(*) FROM (" + _PAIRS + ranked + ") ranked",
                (guild_id, season or 0),
            )
        entries = tuple((offset + place + 1, _pair(row)) for place, row in enumerate(rows))
        return PairPage(offset, limit, total, entries, season)

    async def history(self, guild_id: int, limit: int = 10, offset: int = 0) -> list[GameSummary]:
        """The server's latest finished games, newest first, stopped ones included."""
        async with self._db.session() as session:
            games = await session.fetch_all(
                "SELECT * FROM games WHERE guild_id = ? ORDER BY game_id DESC LIMIT ? OFFSET ?",
                (guild_id, limit, offset),
            )
            return [await _summary(session, row) for row in games]

    async def game(self, guild_id: int, game_id: int) -> GameRecord | None:
        """One of the server's games hand by hand, or ``None`` when it has no such game."""
        async with self._db.session() as session:
            row = await session.fetch_one(
                "SELECT g.*, t.rules_json, t.seed, t.dealer FROM games g "
                "JOIN tables t USING (table_id) "
                "WHERE g.guild_id = ? AND g.game_id = ?",
                (guild_id, game_id),
            )
            if row is None:
                return None
            summary = await _summary(session, row)
            hands = await session.fetch_all(
                "SELECT result_json FROM hands WHERE game_id = ? ORDER BY hand_number",
                (game_id,),
            )
            actions = await session.fetch_all(
                "SELECT action_json, reason_json FROM actions WHERE table_id = ? ORDER BY seq",
                (row["table_id"],),
            )
        results = []
        for (text,) in hands:
            event = event_from_json(json.loads(text))
            assert isinstance(event, HandScored)  # only HandScored events are stored here
            results.append(event.result)
        return GameRecord(
            summary,
            Rules.model_validate_json(row["rules_json"]),
            tuple(results),
            seed=row["seed"],
            dealer=row["dealer"],
            actions=tuple(action_from_json(json.loads(text)) for (text, _) in actions),
            reasons=tuple(reason for (_, reason) in actions),
        )

    async def places(self, user_id: int) -> list[Place]:
        """Every open table and stored lobby the member sits at or hosts, in any server:
        ``/spades forgetme`` takes them out of each before it forgets them."""
        async with self._db.session() as session:
            tables = await session.fetch_all(
                "SELECT t.table_id, t.guild_id, t.channel_id FROM tables t "
                "WHERE t.closed_at IS NULL AND (t.host_id = :user OR EXISTS (SELECT 1 FROM "
                "table_seats s WHERE s.table_id = t.table_id AND s.user_id = :user)) "
                "ORDER BY t.table_id",
                {"user": user_id},
            )
            lobbies = await session.fetch_all("SELECT * FROM lobbies ORDER BY channel_id")
        found = [Place(row["channel_id"], row["guild_id"], row["table_id"]) for row in tables]
        found += [
            Place(row["channel_id"], row["guild_id"], None)
            for row in lobbies
            if _lobby_without(row, user_id) is not None
        ]
        return found

    async def forget_member(self, user_id: int) -> Forgotten:
        """``/spades forgetme``: drop the member's user id and name from every row that
        holds them, in every server, in one transaction. At a table or lobby still stored a
        bot takes their seat (a lobby's seat empties) and the first member seated hosts
        in their place; their hand messages and ping choice go. Their finished games stay
        counted, anonymously (shown as ``FORMER_MEMBER``, never ranked), and so do their
        tournaments' results (``bot.storage.tournaments.forget_member``). The tables this
        process runs are left first (``places``), so that none of them stores the member
        again when it ends."""
        async with self._db.transaction() as session:
            seats = await session.fetch_all(
                "SELECT table_id, seat FROM table_seats WHERE user_id = ?", (user_id,)
            )
            await session.executemany(
                "UPDATE table_seats SET user_id = NULL, name = ?, bot = ?, away = 0 "
                "WHERE table_id = ? AND seat = ?",
                [
                    (bot_name(seat, DEFAULT_LEVEL), DEFAULT_LEVEL, table, seat)
                    for table, seat in seats
                ],
            )
            await session.execute(
                "UPDATE tables SET host_id = (SELECT s.user_id FROM table_seats s "
                "WHERE s.table_id = tables.table_id AND s.user_id IS NOT NULL "
                "ORDER BY s.seat LIMIT 1) WHERE host_id = ?",
                (user_id,),
            )
            lobbies = await _forget_in_lobbies(session, user_id)
            await session.execute("DELETE FROM hand_messages WHERE user_id = ?", (user_id,))
            await session.execute("DELETE FROM dms_closed_notices WHERE user_id = ?", (user_id,))
            await session.execute("DELETE FROM face_up_watchers WHERE user_id = ?", (user_id,))
            await session.execute("DELETE FROM turn_mentions WHERE user_id = ?", (user_id,))
            await session.execute("DELETE FROM member_locales WHERE user_id = ?", (user_id,))
            # Requests to take a seat: those they were sent, and those for a seat they held
            # (a bot holds it now, so the request could not be answered anyway).
            await session.execute(
                "DELETE FROM sub_requests WHERE user_id = ? OR held_by = ?", (user_id, user_id)
            )
            pings = await session.fetch_all(
                "DELETE FROM member_pings WHERE user_id = ? RETURNING user_id", (user_id,)
            )
            row = await session.fetch_one(
                "SELECT player_id FROM players WHERE user_id = ?", (user_id,)
            )
            games = 0
            if row is not None:
                await session.execute(
                    "UPDATE players SET user_id = NULL, name = NULL WHERE player_id = ?",
                    (row["player_id"],),
                )
                games = await session.fetch_value(
                    "SELECT count(*) FROM game_seats WHERE player_id = ?", (row["player_id"],)
                )
            tournaments = await forget_in_tournaments(session, user_id, FORMER_MEMBER)
        return Forgotten(
            games=games, seats=len(seats) + lobbies, pings=bool(pings), tournaments=tournaments
        )

    async def reset_leaderboard(self, guild_id: int) -> None:
        """Start the server's stats, streaks and ratings afresh; its history stays."""
        async with self._db.transaction() as session:
            await session.execute(
                "INSERT INTO leaderboard_resets (guild_id, after_game_id) "
                "VALUES (:guild, coalesce((SELECT max(game_id) FROM games), 0)) "
                "ON CONFLICT (guild_id) DO UPDATE SET after_game_id = excluded.after_game_id",
                {"guild": guild_id},
            )
            await session.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            await session.execute(
                "DELETE FROM pair_ratings WHERE guild_id = ? AND season_id = 0", (guild_id,)
            )


# Pairs of members still known (a forgotten member's pairs are never shown), in a server
# and a scope: season 0 is all-time.
_PAIRS = (
    "SELECT r.games, r.wins, r.mu, r.sigma, a.user_id AS first, a.name AS first_name, "
    "b.user_id AS second, b.name AS second_name FROM pair_ratings r "
    "JOIN players a ON a.player_id = r.first_player "
    "JOIN players b ON b.player_id = r.second_player "
    "WHERE r.guild_id = ? AND r.season_id = ? "
    "AND a.user_id IS NOT NULL AND b.user_id IS NOT NULL "
)


def _pair(row: Row) -> PairStats:
    return PairStats(
        first=row["first"],
        first_name=row["first_name"],
        second=row["second"],
        second_name=row["second_name"],
        games=row["games"],
        wins=row["wins"],
        skill=Skill(row["mu"], row["sigma"]),
    )


async def _forget_in_lobbies(session: Session, user_id: int) -> int:
    """Empty the member's seat in every stored lobby and pass its host role on; a lobby
    left without a member is dropped, as a lobby everyone left closes. Returns how many
    lobbies held them."""
    rows = await session.fetch_all("SELECT * FROM lobbies")
    held = 0
    for row in rows:
        after = _lobby_without(row, user_id)
        if after is None:
            continue
        held += 1
        host, seats = after
        if host is None:
            await session.execute("DELETE FROM lobbies WHERE channel_id = ?", (row["channel_id"],))
            continue
        await session.execute(
            "UPDATE lobbies SET host_id = ?, seats_json = ? WHERE channel_id = ?",
            (host, json.dumps(seats, separators=(",", ":")), row["channel_id"]),
        )
    return held


def _lobby_without(row: Row, user_id: int) -> tuple[int | None, list[Any]] | None:
    """A stored lobby with the member's seat emptied: its host (the first member seated
    when the member hosted; ``None`` when no member is left, and the lobby closes) and its
    seats; ``None`` when it does not hold the member. A row that cannot be read is closed
    if its text holds their id: it never opens again anyway."""
    try:
        seats = json.loads(row["seats_json"])
        kept = [seat for seat in seats if seat[2] != user_id]
        members = sorted((seat[0], seat[2]) for seat in kept if seat[2] is not None)
    except (ValueError, TypeError, IndexError, KeyError):
        if row["host_id"] == user_id or str(user_id) in str(row["seats_json"]):
            return None, []
        return None
    if row["host_id"] != user_id and len(kept) == len(seats):
        return None
    if not members:
        return None, kept
    host: int | None = row["host_id"]
    return (members[0][1] if host == user_id else host), kept


async def _with_streaks(
    session: Session, guild_id: int, mode: Mode | None, rows: list[Row], season: int | None
) -> list[MemberStats]:
    """``MemberStats`` from rows of the ``member`` aggregate, each with its current streak."""
    if not rows:
        return []
    players = [row["player_id"] for row in rows]
    # Named, so that :mode is one parameter, compared before it is tested (see _AGGREGATES).
    wanted = {f"p{i}": player for i, player in enumerate(players)}
    results = await session.fetch_all(
        "SELECT gs.player_id, gs.won FROM game_seats gs JOIN games g USING (game_id) "
        "WHERE g.guild_id = :guild AND g.stopped = 0 AND (g.mode = :mode OR :mode IS NULL) "
        f"AND g.{_SCOPES[season is not None]['SCOPE']} "
        f"AND gs.player_id IN ({', '.join(':' + name for name in wanted)}) "
        "ORDER BY g.game_id DESC",
        {"guild": guild_id, "mode": mode, "season": season, **wanted},
    )
    latest_first: dict[int, list[bool]] = {player: [] for player in players}
    for player, won in results:
        latest_first[player].append(bool(won))
    return [
        MemberStats(
            **{name: row[name] for name in _COLUMNS},
            skill=None if row["mu"] is None else Skill(row["mu"], row["sigma"]),
            streak=_streak(latest_first[row["player_id"]]),
        )
        for row in rows
    ]


# MemberStats fields read straight from the aggregate's columns.
_COLUMNS = [name for name in MemberStats.__dataclass_fields__ if name not in ("skill", "streak")]


def _streak(latest_first: list[bool]) -> int:
    """+n for n straight wins up to the latest game, -n for n straight games without one."""
    if not latest_first:
        return 0
    run = next((i for i, won in enumerate(latest_first) if won != latest_first[0]), None)
    length = len(latest_first) if run is None else run
    return length if latest_first[0] else -length


async def _summary(session: Session, game: Row) -> GameSummary:
    seats = await session.fetch_all(
        "SELECT gs.seat, gs.team, gs.bot, gs.bot_name, p.user_id, p.name "
        "FROM game_seats gs LEFT JOIN players p USING (player_id) "
        "WHERE gs.game_id = ? ORDER BY gs.seat",
        (game["game_id"],),
    )
    teams = await session.fetch_all(
        "SELECT team, score, bags FROM game_teams WHERE game_id = ? ORDER BY team",
        (game["game_id"],),
    )
    sides = tuple(
        SideResult(
            team["team"],
            team["score"],
            team["bags"],
            tuple(
                GameSeat(
                    seat["seat"],
                    seat["bot_name"] or seat["name"] or FORMER_MEMBER,
                    seat["user_id"],
                    seat["bot"],
                )
                for seat in seats
                if seat["team"] == team["team"]
            ),
        )
        for team in teams
    )
    return GameSummary(
        game_id=game["game_id"],
        table_id=game["table_id"],
        finished_at=game["finished_at"],
        preset=game["preset"],
        mode=game["mode"],
        players=game["players"],
        hands=game["hands"],
        stopped=bool(game["stopped"]),
        winner=game["winner"],
        sides=sides,
    )
