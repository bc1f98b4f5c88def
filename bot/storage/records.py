"""What tables need from storage: the records and the store protocol, with an in-memory store.

The table manager depends only on ``TableStore``; production uses the SQL store in this
package (on SQLite or PostgreSQL), tests and the terminal use ``MemoryStore``. A table is
stored as its rules, seed, first dealer and seats, plus the ordered list of accepted
actions, so it can be rebuilt by ``Game.replay`` after a restart; a lobby, not dealt yet,
as its rules and seats.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar

from bot.engine import Action, Game, Rules

# Seats a bot fills at ``start`` and plays for away, departed or forgotten members.
DEFAULT_LEVEL = "normal"


def bot_name(index: int, level: str) -> str:
    """A bot's name, after its seat (counted from 0) and level: stored in this English
    form, which ``bot.render.names`` words in each reader's language."""
    return f"Bot {index + 1} ({level})"


def dummy_name(player: int) -> str:
    """A dummy's name, after its player's seat (counted from 0): stored in this English
    form, which ``bot.render.names`` words in each reader's language (003:108)."""
    return f"Dummy of seat {player + 1}"


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """Who holds a seat: a member (``user_id``) or a bot (``bot`` is its level).

    ``away``: the member was marked away, so a bot plays the seat until they come back.
    """

    seat: int
    name: str
    user_id: int | None = None
    bot: str | None = None
    away: bool = False

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def autoplays(self) -> bool:
        """A bot chooses this seat's moves: a bot seat, or a member's seat while away."""
        return self.user_id is None or self.away


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A started table as storage holds it: enough to rebuild the game by replay."""

    table_id: int
    guild_id: int | None
    channel_id: int
    host_id: int | None
    rules: Rules
    seed: int
    dealer: int
    seats: tuple[SeatRecord, ...]
    actions: tuple[Action, ...] = ()
    message_id: int | None = None
    finished: bool = False  # its result is recorded; it stays open until it closes
    hands_limit: int | None = None  # the agreed number of hands; None: to the target score
    # When a game played for a time ends (Unix seconds); None: not played for a time.
    ends_at: int | None = None
    # The members who watched it with every hand face up: never seated in it.
    saw_hands: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class StoredLobby:
    """A table not dealt yet, one per channel: who sits where, under which rules."""

    channel_id: int
    guild_id: int | None
    host_id: int | None
    rules: Rules
    seats: tuple[SeatRecord, ...]
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A stored row that could not be read back (rules the model refuses, an unknown action,
    bad JSON): skipped, reported with why, and left in the store as it is.

    ``key`` is the table's id for a table, the channel's id for a lobby."""

    key: int
    reason: str


T = TypeVar("T")


# Not slotted: a slotted frozen generic cannot be built through its alias (``StoredTables``)
# before Python 3.12.
@dataclass(frozen=True)
class Readable(Generic[T]):
    """Stored rows of one kind that could be read, in key order, and those that could not
    (``broken``). Iterating gives the readable ones."""

    rows: tuple[T, ...]
    broken: tuple[Unreadable, ...] = ()

    def __iter__(self) -> Iterator[T]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


# The open tables, by table id, and the stored lobbies, by channel id.
StoredTables = Readable[StoredTable]
StoredLobbies = Readable[StoredLobby]


# Where a member hears that it is their turn: a new message in their DMs, or a mention in the
# table's channel.
Pings = Literal["dm", "channel"]


@dataclass(frozen=True, slots=True)
class MemberLocale:
    """A member's languages, as Discord locale codes: the one their latest interaction
    carried (``seen``) and the one they chose (``chosen``; ``None``: follow Discord)."""

    seen: str | None = None
    chosen: str | None = None

    @property
    def locale(self) -> str | None:
        """The language to speak to them in."""
        return self.chosen or self.seen


@dataclass(frozen=True, slots=True)
class HandMessage:
    """A member's newest hand message in their DMs for one table, and the table's seq when it
    was posted (the turn it announced, when it was theirs)."""

    message_id: int
    seq: int


# How a member answered a request to take a seat.
SubAnswer = Literal["accepted", "declined"]


@dataclass(frozen=True, slots=True)
class SubRequest:
    """A member asked to take over ``seat`` of a game (``/spades sub``), and their answer.

    ``held_by``: who held the seat when they were asked (``None``: a bot). ``expires``: Unix
    seconds; an unanswered request is open until then. ``request_id`` is 0 until stored."""

    request_id: int
    table_id: int
    seat: int
    user_id: int
    held_by: int | None
    expires: int
    answer: SubAnswer | None = None


class DuplicateAction(Exception):
    """The table already has an action with this sequence number: the step is taken, and
    trying again can never store it. Permanent, unlike ``StorageFailed``.

    ``stored_same``: the action stored there is the one offered. After a ``StorageFailed``
    whose write may have reached the database (a connection lost during the commit), this
    tells that the earlier try stored it after all."""

    def __init__(self, message: str, *, stored_same: bool) -> None:
        super().__init__(message)
        self.stored_same = stored_same


class StorageFailed(Exception):
    """A read or write could not be done now and changed nothing; it may succeed when tried
    again: the disk is full, the database is locked or busy, the file became read-only, the
    connection to the server was lost. The message says which."""


class TableStore(Protocol):
    """Durable tables. Every method's write is committed before it returns. A failure that
    may pass raises ``StorageFailed`` and stores nothing, so the caller can try again."""

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
        """Store a table whose game has just started, in place of the channel's stored
        lobby, shown on ``message_id`` (the lobby's message, if any), and in the same
        transaction close the table ``closes`` (the game a rematch follows); returns its
        ``table_id``. ``hands_limit``: the agreed number of hands, if any; ``ends_at``: when
        a game played for a time ends (Unix seconds), if it is."""
        ...

    async def append_action(
        self, table_id: int, seq: int, action: Action, reason: str | None = None
    ) -> None:
        """Store the table's ``seq``-th accepted action (1-based, consecutive), with
        ``reason``, the JSON of why a bot chose it (``bot.ai.reasons.reason_to_json``).

        Raises ``DuplicateAction`` when ``seq`` is already stored (by another process that
        took the table over, or by an earlier try: see ``DuplicateAction.stored_same``).
        """
        ...

    async def update_seats(self, table_id: int, seats: tuple[SeatRecord, ...]) -> None:
        """A seat changed hands (substitute, bot takeover) or its member went away or came
        back: ``seats`` replace every stored seat of the table."""
        ...

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """The channel message that shows the table (so it can be edited after a restart)."""
        ...

    async def finish_table(
        self, table_id: int, game: Game, *, stopped: bool, close: bool = False
    ) -> None:
        """The game ended (or was stopped): record its finished hands and, unless
        ``stopped``, its result for stats and ratings. With ``close`` the table closes in
        the same transaction; otherwise it stays open (a game over awaiting its rematch).
        Finishing it again records nothing more."""
        ...

    async def close_table(self, table_id: int) -> None:
        """The table is gone from its channel (a rematch, a new table, a stop, idle): it is
        no longer restored. Closing it again changes nothing."""
        ...

    async def open_tables(self) -> StoredTables:
        """Every started table not closed, finished or not, with its actions in order; a
        table whose row or actions cannot be read is in ``broken`` instead."""
        ...

    async def table_open(self, table_id: int) -> bool:
        """Whether table ``table_id`` exists and is not closed: some process runs it, or
        will once it restores it."""
        ...

    async def bot_reasons(self, table_id: int) -> list[str]:
        """The JSON of why a bot chose each of the table's stored actions a bot chose, in
        the order they were taken (``bot.ai.reasons.reason_from_json``): "Why?" after a
        restart."""
        ...

    async def save_lobby(self, lobby: StoredLobby) -> None:
        """The channel's lobby as it is now, in place of the one stored before."""
        ...

    async def drop_lobby(self, channel_id: int) -> None:
        """The channel's lobby closed without being dealt."""
        ...

    async def open_lobbies(self) -> StoredLobbies:
        """Every stored lobby, by channel; one that cannot be read is in ``broken``."""
        ...

    async def guild_rules(self, guild_id: int) -> Rules | None:
        """The server's house rules, or ``None`` when it has set none."""
        ...

    async def pings(self, user_id: int) -> Pings | None:
        """Where the member chose to hear of their turns, or ``None`` if they never chose."""
        ...

    async def set_pings(self, user_id: int, where: Pings) -> None:
        """Keep the member's choice of where they hear of their turns."""
        ...

    async def member_locales(self) -> dict[int, MemberLocale]:
        """Every member's stored languages, by user id."""
        ...

    async def set_seen_locale(self, user_id: int, locale: str) -> None:
        """The member's latest interaction came in ``locale``; their choice is untouched."""
        ...

    async def set_chosen_locale(self, user_id: int, locale: str | None) -> None:
        """The member chose ``locale`` (``None``: follow Discord); the seen one is untouched."""
        ...

    async def guild_locale(self, guild_id: int) -> str | None:
        """The language a server chose for its channels, or ``None``: its Discord locale."""
        ...

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        """Keep the server's language for its channels (``None``: its Discord locale)."""
        ...

    async def hand_message(self, table_id: int, user_id: int) -> HandMessage | None:
        """The member's newest hand message for the table, if one was posted."""
        ...

    async def set_hand_message(self, table_id: int, user_id: int, message: HandMessage) -> None:
        """The member's hand for the table is now shown by ``message``."""
        ...

    async def add_mention(self, table_id: int, user_id: int, message_id: int) -> None:
        """A turn mention of the member was posted in the table's channel."""
        ...

    async def drop_mention(self, message_id: int) -> None:
        """That mention is deleted (or gone): nothing to delete after a restart. Dropping
        one never stored changes nothing."""
        ...

    async def mentions(self, table_id: int) -> list[tuple[int, int]]:
        """The table's turn mentions posted and not yet deleted: (member, message id)."""
        ...

    async def add_sub_request(
        self,
        request: SubRequest,
        unless: Callable[[tuple[SubRequest, ...]], None] | None = None,
    ) -> int:
        """Keep a request to take a seat; returns its ``request_id``. ``unless`` is shown
        the member's requests (as ``sub_requests``) first and may raise to keep it from
        being stored: the check and the write are one transaction, so two processes
        cannot both send the member a request at once."""
        ...

    async def sub_request(self, request_id: int) -> SubRequest | None:
        """The request, or ``None`` once its table has closed (or it was dropped)."""
        ...

    async def sub_requests(self, user_id: int) -> tuple[SubRequest, ...]:
        """Every request the member was sent for a table that has not closed."""
        ...

    async def answer_sub_request(
        self, request_id: int, answer: SubAnswer, seats: tuple[SeatRecord, ...] | None = None
    ) -> None:
        """The member answered; with ``seats`` (an accept), the request's table's seats are
        replaced in the same transaction."""
        ...

    async def drop_sub_request(self, request_id: int) -> None:
        """Forget a request that never reached the member (it could not be posted)."""
        ...

    async def tell_dms_closed(self, table_id: int, user_id: int) -> bool:
        """Note that the member is told, at this table, that their DMs are closed: whether
        this is the first time (the notice is to be posted) rather than told before."""
        ...

    async def saw_hands(self, table_id: int, user_id: int) -> None:
        """The member watched the table's game with every hand face up, so may never sit
        in it (``StoredTable.saw_hands`` after a restart). Noting it again changes nothing."""
        ...


class MemoryStore:
    """A ``TableStore`` in memory: for tests and the terminal, where nothing must survive."""

    def __init__(self, rules: dict[int, Rules] | None = None) -> None:
        self.tables: dict[int, StoredTable] = {}
        self.finished: dict[int, bool] = {}  # table id -> stopped
        self.closed: set[int] = set()
        self.lobbies: dict[int, StoredLobby] = {}
        self.rules = dict(rules or {})
        self.pings_of: dict[int, Pings] = {}
        self.locales_of: dict[int, MemberLocale] = {}
        self.guild_locales: dict[int, str] = {}
        self.hand_messages: dict[tuple[int, int], HandMessage] = {}
        self.turn_mentions: set[tuple[int, int, int]] = set()  # table, member, message
        self.sub_requests_by_id: dict[int, SubRequest] = {}
        self.dms_closed_told: set[tuple[int, int]] = set()
        self.face_up_watchers: set[tuple[int, int]] = set()
        self.reasons: dict[tuple[int, int], str] = {}  # (table id, seq) -> a bot's reason

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
        if closes is not None:
            self._close(closes)
        table_id = len(self.tables) + 1
        self.lobbies.pop(channel_id, None)
        self.tables[table_id] = StoredTable(
            table_id,
            guild_id,
            channel_id,
            host_id,
            rules,
            seed,
            dealer,
            seats,
            (),
            message_id,
            hands_limit=hands_limit,
            ends_at=ends_at,
        )
        return table_id

    async def append_action(
        self, table_id: int, seq: int, action: Action, reason: str | None = None
    ) -> None:
        table = self.tables.get(table_id)
        if table is None:
            raise ValueError(f"no table {table_id}")
        if seq <= len(table.actions):
            raise DuplicateAction(
                f"table {table_id} already has action {seq}",
                stored_same=table.actions[seq - 1] == action,
            )
        if table_id in self.finished:
            raise ValueError(f"table {table_id} has finished")
        if seq != len(table.actions) + 1:
            raise ValueError(f"table {table_id} expects action {len(table.actions) + 1}, not {seq}")
        self.tables[table_id] = dataclasses.replace(table, actions=(*table.actions, action))
        if reason is not None:
            self.reasons[table_id, seq] = reason

    async def update_seats(self, table_id: int, seats: tuple[SeatRecord, ...]) -> None:
        self.tables[table_id] = dataclasses.replace(self.tables[table_id], seats=seats)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        self.tables[table_id] = dataclasses.replace(self.tables[table_id], message_id=message_id)

    async def finish_table(
        self, table_id: int, game: Game, *, stopped: bool, close: bool = False
    ) -> None:
        self.finished.setdefault(table_id, stopped)
        if close:
            self._close(table_id)

    async def close_table(self, table_id: int) -> None:
        self._close(table_id)

    def _close(self, table_id: int) -> None:
        self.closed.add(table_id)
        for key in [key for key in self.hand_messages if key[0] == table_id]:
            del self.hand_messages[key]
        self.turn_mentions = {key for key in self.turn_mentions if key[0] != table_id}
        for request in list(self.sub_requests_by_id.values()):
            if request.table_id == table_id:
                del self.sub_requests_by_id[request.request_id]
        self.dms_closed_told = {key for key in self.dms_closed_told if key[0] != table_id}
        self.face_up_watchers = {key for key in self.face_up_watchers if key[0] != table_id}

    async def open_tables(self) -> StoredTables:
        return StoredTables(
            tuple(
                dataclasses.replace(
                    table,
                    finished=table_id in self.finished,
                    saw_hands=frozenset(u for t, u in self.face_up_watchers if t == table_id),
                )
                for table_id, table in self.tables.items()
                if table_id not in self.closed
            )
        )

    async def table_open(self, table_id: int) -> bool:
        return table_id in self.tables and table_id not in self.closed

    async def bot_reasons(self, table_id: int) -> list[str]:
        return [self.reasons[key] for key in sorted(self.reasons) if key[0] == table_id]

    async def save_lobby(self, lobby: StoredLobby) -> None:
        self.lobbies[lobby.channel_id] = lobby

    async def drop_lobby(self, channel_id: int) -> None:
        self.lobbies.pop(channel_id, None)

    async def open_lobbies(self) -> StoredLobbies:
        return StoredLobbies(
            tuple(sorted(self.lobbies.values(), key=lambda lobby: lobby.channel_id))
        )

    async def guild_rules(self, guild_id: int) -> Rules | None:
        return self.rules.get(guild_id)

    async def pings(self, user_id: int) -> Pings | None:
        return self.pings_of.get(user_id)

    async def set_pings(self, user_id: int, where: Pings) -> None:
        self.pings_of[user_id] = where

    async def member_locales(self) -> dict[int, MemberLocale]:
        return dict(self.locales_of)

    async def set_seen_locale(self, user_id: int, locale: str) -> None:
        known = self.locales_of.get(user_id, MemberLocale())
        self.locales_of[user_id] = MemberLocale(locale, known.chosen)

    async def set_chosen_locale(self, user_id: int, locale: str | None) -> None:
        known = self.locales_of.get(user_id, MemberLocale())
        self.locales_of[user_id] = MemberLocale(known.seen, locale)

    async def guild_locale(self, guild_id: int) -> str | None:
        return self.guild_locales.get(guild_id)

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        if locale is None:
            self.guild_locales.pop(guild_id, None)
        else:
            self.guild_locales[guild_id] = locale

    async def hand_message(self, table_id: int, user_id: int) -> HandMessage | None:
        return self.hand_messages.get((table_id, user_id))

    async def set_hand_message(self, table_id: int, user_id: int, message: HandMessage) -> None:
        self.hand_messages[(table_id, user_id)] = message

    async def add_mention(self, table_id: int, user_id: int, message_id: int) -> None:
        self.turn_mentions.add((table_id, user_id, message_id))

    async def drop_mention(self, message_id: int) -> None:
        self.turn_mentions = {key for key in self.turn_mentions if key[2] != message_id}

    async def mentions(self, table_id: int) -> list[tuple[int, int]]:
        return sorted((u, m) for t, u, m in self.turn_mentions if t == table_id)

    async def add_sub_request(
        self,
        request: SubRequest,
        unless: Callable[[tuple[SubRequest, ...]], None] | None = None,
    ) -> int:
        if unless is not None:
            unless(await self.sub_requests(request.user_id))
        request_id = max(self.sub_requests_by_id, default=0) + 1
        self.sub_requests_by_id[request_id] = dataclasses.replace(request, request_id=request_id)
        return request_id

    async def sub_request(self, request_id: int) -> SubRequest | None:
        return self.sub_requests_by_id.get(request_id)

    async def sub_requests(self, user_id: int) -> tuple[SubRequest, ...]:
        return tuple(r for r in self.sub_requests_by_id.values() if r.user_id == user_id)

    async def answer_sub_request(
        self, request_id: int, answer: SubAnswer, seats: tuple[SeatRecord, ...] | None = None
    ) -> None:
        request = self.sub_requests_by_id[request_id]
        if seats is not None:
            await self.update_seats(request.table_id, seats)
        self.sub_requests_by_id[request_id] = dataclasses.replace(request, answer=answer)

    async def drop_sub_request(self, request_id: int) -> None:
        self.sub_requests_by_id.pop(request_id, None)

    async def tell_dms_closed(self, table_id: int, user_id: int) -> bool:
        first = (table_id, user_id) not in self.dms_closed_told
        self.dms_closed_told.add((table_id, user_id))
        return first

    async def saw_hands(self, table_id: int, user_id: int) -> None:
        self.face_up_watchers.add((table_id, user_id))
