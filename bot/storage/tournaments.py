"""Tournaments' rows (migrations 0011 and 0012): what a tournament's state machine holds,
written whole in one transaction after each command and read back at start-up.

The rows are plain records here (storage sits below the competition layer);
``bot.competition.records`` turns a ``Tournament`` into a ``StoredTournament`` and back.
Small lists (who arrived at a match, a result, each deal's points) are JSON in their row.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from bot.engine import HandScored, event_from_json
from bot.storage.db import Database, Row, Session


@dataclass(frozen=True, slots=True)
class StoredPlayer:
    user_id: int
    name: str
    rating: float
    checked_in: bool


@dataclass(frozen=True, slots=True)
class StoredEntrant:
    """An entrant; ``entrant_id`` None for one stored before entrants had their own id
    (its id is then its players' ids joined by ``-``)."""

    players: tuple[StoredPlayer, ...]
    accepted: bool
    withdrawn: bool
    entrant_id: str | None = None


@dataclass(frozen=True, slots=True)
class StoredMatch:
    round: int
    board: int
    first_id: str
    second_id: str | None
    opened_at: float | None
    arrived_json: str
    started: bool
    table_id: int | None
    channel_id: int | None
    result_json: str | None
    deals_json: str


@dataclass(frozen=True, slots=True)
class StoredRound:
    number: int
    seed: int | None
    matches: tuple[StoredMatch, ...]


@dataclass(frozen=True, slots=True)
class StoredTimer:
    kind: str
    due: float
    round: int
    board: int


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """A tournament as stored; ``message_id`` and ``event_id`` are kept by the adapter's own
    calls (``set_message``, ``set_event``) and not written by ``save``."""

    tournament_id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    settings_json: str
    phase: str
    paused: bool
    order_json: str
    sat_out_json: str
    entrants: tuple[StoredEntrant, ...]
    rounds: tuple[StoredRound, ...]
    timers: tuple[StoredTimer, ...]
    message_id: int | None = None
    event_id: int | None = None


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A match's game as recorded when it ended: ``scores`` and each deal's points
    (``deals``) and the score after each deal (``running``) by the engine's side;
    ``winner`` None when it ended without one (stopped, or its agreed hands played)."""

    stopped: bool
    winner: int | None
    hands: int
    scores: tuple[int, ...]
    deals: tuple[tuple[int, ...], ...]
    running: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Holding:
    """A live tournament that names a member (``/spades forgetme`` reaches each):
    ``entrant`` when they play in it, not only organise it."""

    tournament_id: int
    guild_id: int
    channel_id: int
    entrant: bool


LIVE = ("signup", "running")
HOLDING = (
    "SELECT * FROM tournaments WHERE organiser_id = ? OR sat_out_json LIKE ? "
    "OR tournament_id IN (SELECT tournament_id FROM tournament_players WHERE user_id = ?)"
)


class TournamentStore:
    """Tournaments in the database; every write is one transaction."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self, *, guild_id: int, channel_id: int, organiser_id: int, name: str, settings_json: str
    ) -> int:
        """A new tournament's id (its row holds no entrant yet; ``save`` writes the rest)."""
        async with self._db.transaction() as session:
            value = await session.fetch_value(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, "
                "settings_json, phase) VALUES (?, ?, ?, ?, ?, 'signup') "
                "RETURNING tournament_id",
                (guild_id, channel_id, organiser_id, name, settings_json),
            )
        return int(value)

    async def save(self, stored: StoredTournament) -> None:
        """Write the tournament's whole state in place of what was stored."""
        key = stored.tournament_id
        async with self._db.transaction() as session:
            await session.execute(
                "UPDATE tournaments SET guild_id = ?, channel_id = ?, organiser_id = ?, "
                "name = ?, settings_json = ?, phase = ?, paused = ?, order_json = ?, "
                "sat_out_json = ? WHERE tournament_id = ?",
                (
                    stored.guild_id,
                    stored.channel_id,
                    stored.organiser_id,
                    stored.name,
                    stored.settings_json,
                    stored.phase,
                    int(stored.paused),
                    stored.order_json,
                    stored.sat_out_json,
                    key,
                ),
            )
            await _replace_rows(session, stored)

    async def load(self, tournament_id: int) -> StoredTournament | None:
        async with self._db.session() as session:
            row = await session.fetch_one(
                "SELECT * FROM tournaments WHERE tournament_id = ?", (tournament_id,)
            )
            return None if row is None else await _read(session, row)

    async def live(self) -> list[StoredTournament]:
        """Every tournament still signing up or running, oldest first."""
        async with self._db.session() as session:
            rows = await session.fetch_all(
                "SELECT * FROM tournaments WHERE phase IN (?, ?) ORDER BY tournament_id", LIVE
            )
            return [await _read(session, row) for row in rows]

    async def in_guild(self, guild_id: int, *, live_only: bool = True) -> list[StoredTournament]:
        """The server's tournaments (only those signing up or running, by default), newest
        first."""
        phases = LIVE if live_only else ("signup", "running", "finished", "cancelled")
        marks = ", ".join("?" for _ in phases)
        async with self._db.session() as session:
            rows = await session.fetch_all(
                f"SELECT * FROM tournaments WHERE guild_id = ? AND phase IN ({marks}) "
                "ORDER BY tournament_id DESC",
                (guild_id, *phases),
            )
            return [await _read(session, row) for row in rows]

    async def holding(self, user_id: int) -> list[Holding]:
        """The live tournaments that name the member, oldest first."""
        async with self._db.session() as session:
            rows = await session.fetch_all(
                f"SELECT * FROM ({HOLDING}) held WHERE phase IN (?, ?) ORDER BY tournament_id",
                (user_id, f"%{user_id}%", user_id, *LIVE),
            )
            found = []
            for row in rows:
                stored = await _read(session, row)
                if _without(stored, user_id, "") == stored:
                    continue  # the id matched only as part of a longer number
                playing = any(p.user_id == user_id for e in stored.entrants for p in e.players)
                found.append(
                    Holding(stored.tournament_id, stored.guild_id, stored.channel_id, playing)
                )
            return found

    async def forget(self, user_id: int, name: str, only: Collection[int]) -> int:
        """``forget_member`` in the tournaments ``only``, in a transaction of its own: what
        the process running them does when another one forgets the member."""
        async with self._db.transaction() as session:
            return await forget_member(session, user_id, name, only)

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        async with self._db.transaction() as session:
            await session.execute(
                "UPDATE tournaments SET message_id = ? WHERE tournament_id = ?",
                (message_id, tournament_id),
            )

    async def set_event(self, tournament_id: int, event_id: int | None) -> None:
        async with self._db.transaction() as session:
            await session.execute(
                "UPDATE tournaments SET event_id = ? WHERE tournament_id = ?",
                (event_id, tournament_id),
            )

    async def of_table(self, table_id: int) -> StoredTournament | None:
        """The tournament one of whose matches was played at ``table_id`` (``/history``
        finds a duplicate deal's other tables from it), or None."""
        async with self._db.session() as session:
            row = await session.fetch_one(
                "SELECT t.* FROM tournaments t JOIN tournament_matches m "
                "USING (tournament_id) WHERE m.table_id = ? "
                "ORDER BY t.tournament_id DESC LIMIT 1",
                (table_id,),
            )
            return None if row is None else await _read(session, row)

    async def game_ids(self, table_ids: Sequence[int]) -> dict[int, int]:
        """Each of ``table_ids`` whose game was recorded: the game's number in ``/history``."""
        found: dict[int, int] = {}
        async with self._db.session() as session:
            for table_id in table_ids:
                row = await session.fetch_one(
                    "SELECT game_id FROM games WHERE table_id = ? ORDER BY game_id LIMIT 1",
                    (table_id,),
                )
                if row is not None:
                    found[table_id] = int(row["game_id"])
        return found

    async def finished_game(self, table_id: int) -> FinishedGame | None:
        """The recorded end of the game played at ``table_id``, or None while it plays on:
        what a tournament restarted after its match ended reads the result from."""
        async with self._db.session() as session:
            game = await session.fetch_one(
                "SELECT game_id, stopped, winner, hands FROM games WHERE table_id = ?",
                (table_id,),
            )
            if game is None:
                return None
            teams = await session.fetch_all(
                "SELECT score FROM game_teams WHERE game_id = ? ORDER BY team", (game["game_id"],)
            )
            hands = await session.fetch_all(
                "SELECT result_json FROM hands WHERE game_id = ? ORDER BY hand_number",
                (game["game_id"],),
            )
        deals, running = [], []
        for (text,) in hands:
            event = event_from_json(json.loads(text))
            assert isinstance(event, HandScored)  # only HandScored events are stored there
            deals.append(tuple(team.total for team in event.result.teams))
            running.append(tuple(team.score for team in event.result.teams))
        return FinishedGame(
            bool(game["stopped"]),
            None if game["winner"] is None else int(game["winner"]),
            int(game["hands"]),
            tuple(int(row["score"]) for row in teams),
            tuple(deals),
            tuple(running),
        )


async def _insert_rows(session: Session, stored: StoredTournament) -> None:
    key = stored.tournament_id
    await session.executemany(
        "INSERT INTO tournament_entrants (tournament_id, position, accepted, withdrawn, "
        "entrant_id) VALUES (?, ?, ?, ?, ?)",
        [
            (key, i, int(e.accepted), int(e.withdrawn), e.entrant_id)
            for i, e in enumerate(stored.entrants)
        ],
    )
    await session.executemany(
        "INSERT INTO tournament_players (tournament_id, position, slot, user_id, name, "
        "rating, checked_in) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (key, i, slot, p.user_id, p.name, p.rating, int(p.checked_in))
            for i, e in enumerate(stored.entrants)
            for slot, p in enumerate(e.players)
        ],
    )
    await session.executemany(
        "INSERT INTO tournament_rounds (tournament_id, round, seed) VALUES (?, ?, ?)",
        [(key, r.number, r.seed) for r in stored.rounds],
    )
    await session.executemany(
        "INSERT INTO tournament_matches (tournament_id, round, board, first_id, second_id, "
        "opened_at, arrived_json, started, table_id, channel_id, result_json, deals_json) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                key,
                m.round,
                m.board,
                m.first_id,
                m.second_id,
                m.opened_at,
                m.arrived_json,
                int(m.started),
                m.table_id,
                m.channel_id,
                m.result_json,
                m.deals_json,
            )
            for r in stored.rounds
            for m in r.matches
        ],
    )
    await session.executemany(
        "INSERT INTO tournament_timers (tournament_id, kind, due, round, board) "
        "VALUES (?, ?, ?, ?, ?)",
        [(key, t.kind, t.due, t.round, t.board) for t in stored.timers],
    )


async def _read(session: Session, row: Row) -> StoredTournament:
    key = int(row["tournament_id"])
    players: dict[int, list[StoredPlayer]] = {}
    for p in await session.fetch_all(
        "SELECT * FROM tournament_players WHERE tournament_id = ? ORDER BY position, slot",
        (key,),
    ):
        players.setdefault(int(p["position"]), []).append(
            StoredPlayer(int(p["user_id"]), p["name"], float(p["rating"]), bool(p["checked_in"]))
        )
    entrants = tuple(
        StoredEntrant(
            tuple(players.get(int(e["position"]), ())),
            bool(e["accepted"]),
            bool(e["withdrawn"]),
            e["entrant_id"],
        )
        for e in await session.fetch_all(
            "SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY position", (key,)
        )
    )
    rounds = await _read_rounds(session, key)
    timers = tuple(
        StoredTimer(t["kind"], float(t["due"]), int(t["round"]), int(t["board"]))
        for t in await session.fetch_all(
            "SELECT * FROM tournament_timers WHERE tournament_id = ? "
            "ORDER BY due, kind, round, board",
            (key,),
        )
    )
    return StoredTournament(
        tournament_id=key,
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        organiser_id=int(row["organiser_id"]),
        name=row["name"],
        settings_json=row["settings_json"],
        phase=row["phase"],
        paused=bool(row["paused"]),
        order_json=row["order_json"],
        sat_out_json=row["sat_out_json"],
        entrants=entrants,
        rounds=rounds,
        timers=timers,
        message_id=None if row["message_id"] is None else int(row["message_id"]),
        event_id=None if row["event_id"] is None else int(row["event_id"]),
    )


async def _read_rounds(session: Session, key: int) -> tuple[StoredRound, ...]:
    matches: dict[int, list[StoredMatch]] = {}
    for m in await session.fetch_all(
        "SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, board", (key,)
    ):
        matches.setdefault(int(m["round"]), []).append(
            StoredMatch(
                int(m["round"]),
                int(m["board"]),
                m["first_id"],
                m["second_id"],
                None if m["opened_at"] is None else float(m["opened_at"]),
                m["arrived_json"],
                bool(m["started"]),
                None if m["table_id"] is None else int(m["table_id"]),
                None if m["channel_id"] is None else int(m["channel_id"]),
                m["result_json"],
                m["deals_json"],
            )
        )
    return tuple(
        StoredRound(
            int(r["round"]),
            None if r["seed"] is None else int(r["seed"]),
            tuple(matches.get(int(r["round"]), ())),
        )
        for r in await session.fetch_all(
            "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY round", (key,)
        )
    )


async def forget_member(
    session: Session, user_id: int, name: str, only: Collection[int] | None = None
) -> int:
    """``/spades forgetme`` in tournaments' rows, in the caller's transaction: the member
    becomes an anonymous player named ``name`` (a negative id of the tournament's own) in
    every tournament that holds them, whose results stay; an entrant whose id was made of
    its players' ids gets an opaque one, everywhere it is named; a tournament they organise
    is organised by nobody (0: moderators still run it). Withdrawing them from a tournament
    still running is the runner's, before this. ``only``: in those tournaments alone.
    Returns how many tournaments held them."""
    rows = await session.fetch_all(HOLDING, (user_id, f"%{user_id}%", user_id))
    held = 0
    for row in rows:
        if only is not None and int(row["tournament_id"]) not in only:
            continue
        stored = await _read(session, row)
        forgotten = _without(stored, user_id, name)
        if forgotten == stored:
            continue  # the id matched only as part of a longer number
        held += 1
        await _rewrite(session, forgotten)
    return held


def _without(stored: StoredTournament, user_id: int, name: str) -> StoredTournament:
    taken = [p.user_id for e in stored.entrants for p in e.players]
    stand_in = min([0, *taken]) - 1
    renamed: dict[str, str] = {}
    entrants = []
    for position, entrant in enumerate(stored.entrants):
        if all(p.user_id != user_id for p in entrant.players):
            entrants.append(entrant)
            continue
        key = entrant.entrant_id
        if key is None:  # stored before entrants had their own ids: named by the member's
            key = f"f{position + 1}"
            renamed["-".join(str(p.user_id) for p in entrant.players)] = key
        players = tuple(
            StoredPlayer(stand_in, name, p.rating, p.checked_in) if p.user_id == user_id else p
            for p in entrant.players
        )
        entrants.append(StoredEntrant(players, entrant.accepted, entrant.withdrawn, key))
    settings = json.loads(stored.settings_json)
    organiser = stored.organiser_id
    if organiser == user_id:
        organiser = settings["organiser_id"] = 0
    return replace(
        stored,
        organiser_id=organiser,
        settings_json=json.dumps(settings, sort_keys=True),
        entrants=tuple(entrants),
        order_json=json.dumps([renamed.get(e, e) for e in json.loads(stored.order_json)]),
        sat_out_json=json.dumps([i for i in json.loads(stored.sat_out_json) if i != user_id]),
        rounds=tuple(
            replace(
                r, matches=tuple(_match_without(m, user_id, stand_in, renamed) for m in r.matches)
            )
            for r in stored.rounds
        ),
    )


def _ids_without(ids: list[int], user_id: int, stand_in: int) -> list[int]:
    return [stand_in if i == user_id else i for i in ids]


def _match_without(
    match: StoredMatch, user_id: int, stand_in: int, renamed: dict[str, str]
) -> StoredMatch:
    result = match.result_json
    if result is not None:
        first, second, first_points, second_points, winner, forfeit = json.loads(result)
        result = json.dumps(
            [
                renamed.get(first, first),
                None if second is None else renamed.get(second, second),
                first_points,
                second_points,
                None if winner is None else renamed.get(winner, winner),
                forfeit,
            ]
        )
    return replace(
        match,
        first_id=renamed.get(match.first_id, match.first_id),
        second_id=None
        if match.second_id is None
        else renamed.get(match.second_id, match.second_id),
        arrived_json=json.dumps(_ids_without(json.loads(match.arrived_json), user_id, stand_in)),
        result_json=result,
    )


async def _rewrite(session: Session, stored: StoredTournament) -> None:
    """``TournamentStore.save``'s writes, in the caller's transaction."""
    key = stored.tournament_id
    await session.execute(
        "UPDATE tournaments SET organiser_id = ?, settings_json = ?, order_json = ?, "
        "sat_out_json = ? WHERE tournament_id = ?",
        (stored.organiser_id, stored.settings_json, stored.order_json, stored.sat_out_json, key),
    )
    await _replace_rows(session, stored)


async def _replace_rows(session: Session, stored: StoredTournament) -> None:
    """The tournament's entrants, players, rounds, matches and timers, written anew."""
    key = stored.tournament_id
    for table in (
        "tournament_timers",
        "tournament_matches",
        "tournament_rounds",
        "tournament_players",
        "tournament_entrants",
    ):
        # A name from the list above, not a value from outside.
        await session.execute(f"DELETE FROM {table} WHERE tournament_id = ?", (key,))
    await _insert_rows(session, stored)
