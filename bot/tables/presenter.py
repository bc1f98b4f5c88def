"""How tables tell the world what happened: the ``Presenter`` protocol, what a presenter may
read of a table (``Shown``), and notices.

A table tells its presenters, in order, after a change is stored and applied:

- ``table_changed(table, events)``: public state changed (engine events, or none for a
  lobby or seat change). Render from ``table.snapshot()``, which holds no hand.
- ``hand_changed(table, seat)``: seat ``seat`` (held by a member) has new private state: a
  new deal, cards passed to it, its turn, or its own move. Show ``table.view(seat)`` to that
  seat's member only.
- ``notice(table, notice)``: something players must be told in words: a timer warning, a
  bot playing a missed turn, away and back, a seat changing hands, a stop vote, game over
  with the rematch offer, storage trouble, the table closing and why.

Presenters must return quickly (queue slow I/O) and must not wait on a table's changes (the
table's lock is held while they are told). An exception from a presenter is logged and never
reaches the table or the player who acted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from bot.engine import Event, Rules, SeatView
from bot.i18n import Words
from bot.tables.snapshot import TableSnapshot
from bot.tables.states import TableStatus


class NoticeKind(StrEnum):
    TURN_WARNING = "turn_warning"  # the seat to act is running out of time
    TIMED_OUT = "timed_out"  # a bot played one missed turn for the seat
    AWAY = "away"  # missed turns in a row: a bot plays the seat until `back`
    BACK = "back"  # the member is playing their seat again
    SEATS = "seats"  # a seat changed hands during play (sub, leave)
    STOP_VOTE = "stop_vote"  # a member voted to stop; not yet a majority
    GAME_OVER = "game_over"  # the final result, and the offer of a rematch
    STORAGE = "storage"  # the table waits on storage, or storage works again
    CLOSED = "closed"  # the table closed: stopped, idle, hands played; says why
    TIME_UP = "time_up"  # a game played for a time ran out of it: the hand in play is the last


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the table. ``seat`` and ``user_id`` name whom it concerns, if anyone
    (e.g. to mention them); ``deadline`` is when a warned turn runs out. ``words`` are
    public: they never name a card that is not already face up."""

    kind: NoticeKind
    words: Words
    seat: int | None = None
    user_id: int | None = None
    deadline: float | None = None

    @property
    def text(self) -> str:
        """The notice in the language in force."""
        return self.words()


class Shown(Protocol):
    """What a presenter may read of a table (``bot.tables.Table`` is one)."""

    @property
    def channel_id(self) -> int: ...

    @property
    def table_id(self) -> int | None:
        """The store's id of the table's game; ``None`` in a lobby."""
        ...

    @property
    def seq(self) -> int:
        """The stored action count: controls drawn now carry it."""
        ...

    @property
    def status(self) -> TableStatus: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def message_id(self) -> int | None: ...

    @property
    def guild_id(self) -> int | None:
        """The server the table's channel is in (``None``: outside one)."""
        ...

    @property
    def close_reason(self) -> str | None:
        """Why the table closed, in the language in force; ``None`` while it is open."""
        ...

    def seat_of(self, user_id: int) -> int | None: ...

    def member_seats(self) -> list[tuple[int, int]]:
        """``(seat, user_id)`` of every seat a member holds."""
        ...

    def away(self, seat: int) -> bool:
        """Whether the member of ``seat`` is marked away (a bot plays it until they are back)."""
        ...

    def snapshot(self) -> TableSnapshot: ...

    def view(self, seat: int) -> SeatView: ...

    async def set_message(self, message_id: int | None) -> None:
        """The channel message that shows this table was (re)posted: store it."""
        ...


class Presenter(Protocol):
    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None: ...

    async def hand_changed(self, table: Shown, seat: int) -> None: ...

    async def notice(self, table: Shown, notice: Notice) -> None: ...
