"""The ``TableStore`` in SQL (SQLite or PostgreSQL): tables, their seats, the log of actions."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from contextlib import suppress
from datetime import UTC, datetime
from functools import lru_cache
from typing import TypeVar

from bot.engine import Action, Game, Rules, action_from_json, action_to_json
from bot.storage.db import ConstraintViolated, Database, Row, Session, one_line
from bot.storage.games import record_game
from bot.storage.house_rules import HouseRules
from bot.storage.records import (
    DuplicateAction,
    HandMessage,
    MemberLocale,
    Pings,
    SeatRecord,
    StoredLobbies,
    StoredLobby,
    StoredTable,
    StoredTables,
    SubAnswer,
    SubRequest,
    Unreadable,
)

T = TypeVar("T")


class SqlTableStore:
    """Durable tables (implements ``bot.storage.records.TableStore``).

    Each method's write is committed before it returns; an appended action survives the
    process being killed the moment ``append_action`` returns. The key ``(table_id, seq)``
    of the action log lets only one writer store each step, whichever process it runs in.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._rules = HouseRules(db)

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int | None,
        rules: Rules,
        seed: int,
        dealer: int,
        seats: tuple[SeatRecord, ...],
        message_id: int | None = None,
        closes: int | None = None,
        hands_limit: int | None = None,
        ends_at: int | None = None,
    ) -> int:
        async with self._db.transaction() as session:
            if closes is not None:
                await _close(session, closes)
            table_id: int = await session.fetch_value(
                "INSERT INTO tables (guild_id, channel_id, host_id, rules_json, seed, dealer, "
                "message_id, hands_limit, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "RETURNING table_id",
                (
                    guild_id,
                    channel_id,
                    host_id,
                    rules.model_dump_json(),
                    seed,
                    dealer,
                    message_id,
                    hands_limit,
                    ends_at,
                ),
            )
            await _write_seats(session, table_id, seats)
            await session.execute("DELETE FROM lobbies WHERE channel_id = ?", (channel_id,))
        return table_id

    async def append_action(
        self, table_id: int, seq: int, action: Action, reason: str | None = None
    ) -> None:
        async with self._db.session() as session:
            # One statement, committed on its own. The key refuses it when another connection
            # stored this step between its check and its insert (PostgreSQL runs writers side
            # by side); what is stored then tells which error to raise.
            with suppress(ConstraintViolated):
                if await insert_action(session, table_id, seq, action, reason):
                    return
            row = await session.fetch_one(
                "SELECT t.finished_at, (SELECT coalesce(max(seq), 0) FROM actions a "
                "WHERE a.table_id = t.table_id) AS last, (SELECT action_json FROM actions a "
                "WHERE a.table_id = t.table_id AND a.seq = :seq) AS stored "
                "FROM tables t WHERE t.table_id = :table",
                {"table": table_id, "seq": seq},
            )
        if row is None:
            raise ValueError(f"no table {table_id}")
        if row["stored"] is not None:
            raise DuplicateAction(
                f"table {table_id} already has action {seq}",
                stored_same=row["stored"] == _action_json(action),
            )
        if row["finished_at"] is not None:
            raise ValueError(f"table {table_id} has finished")
        raise ValueError(f"table {table_id} expects action {row['last'] + 1}, not {seq}")

    async def update_seats(self, table_id: int, seats: tuple[SeatRecord, ...]) -> None:
        async with self._db.transaction() as session:
            await session.execute("DELETE FROM table_seats WHERE table_id = ?", (table_id,))
            await _write_seats(session, table_id, seats)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        async with self._db.session() as session:
            await session.execute(
                "UPDATE tables SET message_id = ? WHERE table_id = ?", (message_id, table_id)
            )

    async def finish_table(
        self, table_id: int, game: Game, *, stopped: bool, close: bool = False
    ) -> None:
        """Record the table's hands and (unless ``stopped``) the game's result, stats and
        ratings, and with ``close`` close it, all in one transaction. Finishing it again
        records nothing more."""
        async with self._db.transaction() as session:
            row = await session.fetch_one(
                "SELECT guild_id, finished_at FROM tables WHERE table_id = ?", (table_id,)
            )
            if row is None:
                raise ValueError(f"no table {table_id}")
            if row["finished_at"] is None:
                seats = await _read_seats(session, "WHERE table_id = ?", (table_id,))
                await record_game(
                    session,
                    table_id,
                    row["guild_id"],
                    game,
                    seats.get(table_id, ()),
                    stopped=stopped,
                )
                await session.execute(
                    "UPDATE tables SET finished_at = ? WHERE table_id = ?", (_now(), table_id)
                )
            if close:
                await _close(session, table_id)

    async def close_table(self, table_id: int) -> None:
        async with self._db.transaction() as session:
            await _close(session, table_id)

    async def table_open(self, table_id: int) -> bool:
        async with self._db.session() as session:
            row = await session.fetch_one(
                "SELECT 1 FROM tables WHERE table_id = ? AND closed_at IS NULL", (table_id,)
            )
        return row is not None

    async def bot_reasons(self, table_id: int) -> list[str]:
        async with self._db.session() as session:
            rows = await session.fetch_all(
                "SELECT reason_json FROM actions WHERE table_id = ? AND reason_json IS NOT NULL "
                "ORDER BY seq",
                (table_id,),
            )
        return [text for (text,) in rows]

    async def open_tables(self) -> StoredTables:
        async with self._db.session() as session:
            rows = await session.fetch_all(
                "SELECT table_id, guild_id, channel_id, host_id, rules_json, seed, dealer, "
                "message_id, finished_at, hands_limit, ends_at FROM tables WHERE closed_at IS NULL "
                "ORDER BY table_id"
            )
            seats = await _read_seats(
                session,
                "WHERE table_id IN (SELECT table_id FROM tables WHERE closed_at IS NULL)",
                (),
            )
            watcher_rows = await session.fetch_all(
                "SELECT table_id, user_id FROM face_up_watchers WHERE table_id IN "
                "(SELECT table_id FROM tables WHERE closed_at IS NULL)"
            )
            action_rows = await session.fetch_all(
                "SELECT table_id, action_json FROM actions WHERE table_id IN "
                "(SELECT table_id FROM tables WHERE closed_at IS NULL) ORDER BY table_id, seq"
            )
        texts: defaultdict[int, list[str]] = defaultdict(list)
        for table_id, text in action_rows:
            texts[table_id].append(text)
        watchers: defaultdict[int, set[int]] = defaultdict(set)
        for table_id, user_id in watcher_rows:
            watchers[table_id].add(user_id)

        def table(row: Row) -> StoredTable:
            return StoredTable(
                table_id=row["table_id"],
                guild_id=row["guild_id"],
                channel_id=row["channel_id"],
                host_id=row["host_id"],
                rules=_rules(row["rules_json"]),
                seed=row["seed"],
                dealer=row["dealer"],
                seats=seats.get(row["table_id"], ()),
                actions=tuple(action_from_json(json.loads(t)) for t in texts[row["table_id"]]),
                message_id=row["message_id"],
                finished=row["finished_at"] is not None,
                hands_limit=row["hands_limit"],
                ends_at=row["ends_at"],
                saw_hands=frozenset(watchers[row["table_id"]]),
            )

        return StoredTables(*_read_each(rows, "table_id", table))

    async def save_lobby(self, lobby: StoredLobby) -> None:
        seats = [[s.seat, s.name, s.user_id, s.bot] for s in lobby.seats]
        async with self._db.session() as session:
            await session.execute(
                "INSERT INTO lobbies (channel_id, guild_id, host_id, rules_json, message_id, "
                "seats_json) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (channel_id) DO UPDATE SET "
                "guild_id = excluded.guild_id, host_id = excluded.host_id, "
                "rules_json = excluded.rules_json, message_id = excluded.message_id, "
                "seats_json = excluded.seats_json",
                (
                    lobby.channel_id,
                    lobby.guild_id,
                    lobby.host_id,
                    lobby.rules.model_dump_json(),
                    lobby.message_id,
                    json.dumps(seats, separators=(",", ":")),
                ),
            )

    async def drop_lobby(self, channel_id: int) -> None:
        async with self._db.session() as session:
            await session.execute("DELETE FROM lobbies WHERE channel_id = ?", (channel_id,))

    async def open_lobbies(self) -> StoredLobbies:
        async with self._db.session() as session:
            rows = await session.fetch_all(
                "SELECT channel_id, guild_id, host_id, rules_json, message_id, seats_json "
                "FROM lobbies ORDER BY channel_id"
            )

        def lobby(row: Row) -> StoredLobby:
            return StoredLobby(
                channel_id=row["channel_id"],
                guild_id=row["guild_id"],
                host_id=row["host_id"],
                rules=_rules(row["rules_json"]),
                seats=tuple(SeatRecord(*seat) for seat in json.loads(row["seats_json"])),
                message_id=row["message_id"],
            )

        return StoredLobbies(*_read_each(rows, "channel_id", lobby))

    async def guild_rules(self, guild_id: int) -> Rules | None:
        return await self._rules.stored(guild_id)

    async def pings(self, user_id: int) -> Pings | None:
        async with self._db.session() as session:
            row = await session.fetch_one(
                "SELECT pings FROM member_pings WHERE user_id = ?", (user_id,)
            )
        if row is None:
            return None
        return "channel" if row["pings"] == "channel" else "dm"

    async def set_pings(self, user_id: int, where: Pings) -> None:
        async with self._db.session() as session:
            await session.execute(
                "INSERT INTO member_pings (user_id, pings) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET pings = excluded.pings",
                (user_id, where),
            )

    async def member_locales(self) -> dict[int, MemberLocale]:
        async with self._db.session() as session:
            rows = await session.fetch_all("SELECT user_id, seen, chosen FROM member_locales")
        return {row["user_id"]: MemberLocale(row["seen"], row["chosen"]) for row in rows}

    # Each column is written on its own, so a member's choice and their latest locale,
    # written at nearly the same moment, never undo each other.
    async def set_seen_locale(self, user_id: int, locale: str) -> None:
        async with self._db.session() as session:
            await session.execute(
                "INSERT INTO member_locales (user_id, seen) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET seen = excluded.seen",
                (user_id, locale),
            )

    async def set_chosen_locale(self, user_id: int, locale: str | None) -> None:
        async with self._db.session() as session:
            await session.execute(
                "INSERT INTO member_locales (user_id, chosen) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen",
                (user_id, locale),
            )

    async def guild_locale(self, guild_id: int) -> str | None:
        async with self._db.session() as session:
            row = await session.fetch_one(
                "SELECT locale FROM guild_locales WHERE guild_id = ?", (guild_id,)
            )
        return None if row is None else str(row["locale"])

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        async with self._db.session() as session:
            if locale is None:
                await session.execute("DELETE FROM guild_locales WHERE guild_id = ?", (guild_id,))
            else:
                await session.execute(
                    "INSERT INTO guild_locales (guild_id, locale) VALUES (?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                    (guild_id, locale),
                )

    async def hand_message(self, table_id: int, user_id: int) -> HandMessage | None:
        async with self._db.session() as session:
            row = await session.fetch_one(
                "SELECT message_id, seq FROM hand_messages WHERE table_id = ? AND user_id = ?",
                (table_id, user_id),
            )
        return None if row is None else HandMessage(row["message_id"], row["seq"])

    async def set_hand_message(self, table_id: int, user_id: int, message: HandMessage) -> None:
        async with self._db.session() as session:
            await session.execute(
                "INSERT INTO hand_messages (table_id, user_id, message_id, seq) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET "
                "message_id = excluded.message_id, seq = excluded.seq",
                (table_id, user_id, message.message_id, message.seq),
            )

    async def add_mention(self, table_id: int, user_id: int, message_id: int) -> None:
        async with self._db.session() as session:
            await session.execute(
                "INSERT INTO turn_mentions (table_id, user_id, message_id) VALUES (?, ?, ?) "
                "ON CONFLICT (message_id) DO NOTHING",
                (table_id, user_id, message_id),
            )

    async def drop_mention(self, message_id: int) -> None:
        async with self._db.session() as session:
            await session.execute("DELETE FROM turn_mentions WHERE message_id = ?", (message_id,))

    async def mentions(self, table_id: int) -> list[tuple[int, int]]:
        async with self._db.session() as session:
            rows = await session.fetch_all(
                "SELECT user_id, message_id FROM turn_mentions WHERE table_id = ? "
                "ORDER BY user_id, message_id",
                (table_id,),
            )
        return [(user_id, message_id) for user_id, message_id in rows]

    async def add_sub_request(
        self,
        request: SubRequest,
        unless: Callable[[tuple[SubRequest, ...]], None] | None = None,
    ) -> int:
        async with self._db.transaction() as session:
            if unless is not None:
                unless(await _read_sub_requests(session, "r.user_id = ?", request.user_id))
            request_id: int = await session.fetch_value(
                "INSERT INTO sub_requests (table_id, seat, user_id, held_by, expires_at) "
                "VALUES (?, ?, ?, ?, ?) RETURNING request_id",
                (
                    request.table_id,
                    request.seat,
                    request.user_id,
                    request.held_by,
                    request.expires,
                ),
            )
        return request_id

    async def sub_request(self, request_id: int) -> SubRequest | None:
        found = await self._sub_requests("r.request_id = ?", request_id)
        return found[0] if found else None

    async def sub_requests(self, user_id: int) -> tuple[SubRequest, ...]:
        return await self._sub_requests("r.user_id = ?", user_id)

    async def _sub_requests(self, where: str, key: int) -> tuple[SubRequest, ...]:
        async with self._db.session() as session:
            return await _read_sub_requests(session, where, key)

    async def answer_sub_request(
        self, request_id: int, answer: SubAnswer, seats: tuple[SeatRecord, ...] | None = None
    ) -> None:
        async with self._db.transaction() as session:
            table_id = await session.fetch_value(
                "UPDATE sub_requests SET answer = ? WHERE request_id = ? RETURNING table_id",
                (answer, request_id),
            )
            if seats is not None:
                await session.execute("DELETE FROM table_seats WHERE table_id = ?", (table_id,))
                await _write_seats(session, table_id, seats)

    async def drop_sub_request(self, request_id: int) -> None:
        async with self._db.session() as session:
            await session.execute("DELETE FROM sub_requests WHERE request_id = ?", (request_id,))

    async def tell_dms_closed(self, table_id: int, user_id: int) -> bool:
        async with self._db.transaction() as session:
            row = await session.fetch_one(
                "INSERT INTO dms_closed_notices (table_id, user_id) VALUES (?, ?) "
                "ON CONFLICT (table_id, user_id) DO NOTHING RETURNING user_id",
                (table_id, user_id),
            )
        return row is not None

    async def saw_hands(self, table_id: int, user_id: int) -> None:
        async with self._db.session() as session:
            await session.execute(
                "INSERT INTO face_up_watchers (table_id, user_id) VALUES (?, ?) "
                "ON CONFLICT (table_id, user_id) DO NOTHING",
                (table_id, user_id),
            )


async def _read_sub_requests(session: Session, where: str, key: int) -> tuple[SubRequest, ...]:
    """The requests ``where`` (a fixed clause) selects, of tables still open."""
    rows = await session.fetch_all(
        "SELECT r.request_id, r.table_id, r.seat, r.user_id, r.held_by, r.expires_at, "
        "r.answer FROM sub_requests r JOIN tables t ON t.table_id = r.table_id "
        f"WHERE t.closed_at IS NULL AND {where} ORDER BY r.request_id",
        (key,),
    )
    return tuple(
        SubRequest(
            request_id=row["request_id"],
            table_id=row["table_id"],
            seat=row["seat"],
            user_id=row["user_id"],
            held_by=row["held_by"],
            expires=row["expires_at"],
            answer=_answer(row["answer"]),
        )
        for row in rows
    )


def _answer(stored: str | None) -> SubAnswer | None:
    if stored is None:
        return None
    return "accepted" if stored == "accepted" else "declined"


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


async def _close(session: Session, table_id: int) -> None:
    """Close the table: no longer restored. The game's records hold who sat where from now
    on; the open-table copy goes, so forgetting a member has one place less to look."""
    await session.execute(
        "UPDATE tables SET closed_at = ? WHERE table_id = ? AND closed_at IS NULL",
        (_now(), table_id),
    )
    await session.execute("DELETE FROM table_seats WHERE table_id = ?", (table_id,))
    # Its hand messages are never edited again, nobody can take a seat in it any more, and
    # nobody at it is told again that their DMs are closed.
    await session.execute("DELETE FROM hand_messages WHERE table_id = ?", (table_id,))
    await session.execute("DELETE FROM sub_requests WHERE table_id = ?", (table_id,))
    await session.execute("DELETE FROM dms_closed_notices WHERE table_id = ?", (table_id,))
    await session.execute("DELETE FROM face_up_watchers WHERE table_id = ?", (table_id,))
    await session.execute("DELETE FROM turn_mentions WHERE table_id = ?", (table_id,))


async def insert_action(
    session: Session, table_id: int, seq: int, action: Action, reason: str | None = None
) -> bool:
    """Store the action (and ``reason``, why a bot chose it, in the same row) if ``seq`` is
    the next number of a table that is still open; returns whether it was stored."""
    # RETURNING makes it one round trip (no cursor to close); each parameter is named once
    # so that PostgreSQL infers one type for it.
    return bool(
        await session.fetch_all(
            "INSERT INTO actions (table_id, seq, action_json, reason_json) "
            "SELECT table_id, :seq, :action, :reason FROM tables "
            "WHERE table_id = :table AND finished_at IS NULL "
            "AND :seq = 1 + (SELECT coalesce(max(seq), 0) FROM actions WHERE table_id = :table) "
            "RETURNING seq",
            {"table": table_id, "seq": seq, "action": _action_json(action), "reason": reason},
        )
    )


def _action_json(action: Action) -> str:
    return json.dumps(action_to_json(action), separators=(",", ":"))


def _read_each(
    rows: list[Row], key: str, read: Callable[[Row], T]
) -> tuple[tuple[T, ...], tuple[Unreadable, ...]]:
    """Each row through ``read``, and the rows it could not read with why: one bad row must
    not keep every other table or lobby from opening."""
    found: list[T] = []
    broken: list[Unreadable] = []
    for row in rows:
        try:
            found.append(read(row))
        # Whatever the decoders raise on data they did not write (bad JSON, a refused rule,
        # an unknown action type, a seat of the wrong shape).
        except Exception as error:
            broken.append(Unreadable(row[key], f"{type(error).__name__}: {one_line(error)}"))
    return tuple(found), tuple(broken)


@lru_cache(maxsize=128)
def _rules(text: str) -> Rules:
    """Rules from stored JSON; tables mostly share a few rule sets, so each is parsed once."""
    return Rules.model_validate_json(text)


async def _write_seats(session: Session, table_id: int, seats: tuple[SeatRecord, ...]) -> None:
    await session.executemany(
        "INSERT INTO table_seats (table_id, seat, name, user_id, bot, away) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(table_id, s.seat, s.name, s.user_id, s.bot, s.away) for s in seats],
    )


async def _read_seats(
    session: Session, where: str, params: tuple[int, ...]
) -> dict[int, tuple[SeatRecord, ...]]:
    """Seats by table, in seat order, of the tables ``where`` (a fixed clause) selects."""
    rows = await session.fetch_all(
        f"SELECT table_id, seat, name, user_id, bot, away FROM table_seats {where} "
        "ORDER BY table_id, seat",
        params,
    )
    seats: defaultdict[int, list[SeatRecord]] = defaultdict(list)
    for table_id, seat, name, user_id, bot, away in rows:
        seats[table_id].append(SeatRecord(seat, name, user_id, bot, bool(away)))
    return {table_id: tuple(held) for table_id, held in seats.items()}
