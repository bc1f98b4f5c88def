"""Tables: lobbies, games, turn timers and bots, with no Discord in sight.

``TableManager`` keeps one ``Table`` per channel; adapters (the Discord cogs, the terminal)
call a table's methods and render what ``Presenter`` callbacks tell them. See
``bot/tables/manager.py`` for a walk-through, ``bot/tables/table.py`` for the one path
every change takes, and ``bot/tables/plans/`` for what each change would be.
"""

from bot.tables.clock import Clock, SystemClock
from bot.tables.context import TableContext, TableSettings
from bot.tables.errors import (
    HintsOff,
    NoTable,
    NotAway,
    NotHost,
    NotSeated,
    NotYourRequest,
    NotYourSeat,
    RequestClosed,
    SeatUnavailable,
    StaleAction,
    StorageBusy,
    SubRefused,
    TableError,
    TableExists,
    WatchRefused,
    WrongStage,
)
from bot.tables.manager import TableManager, Unrestored
from bot.tables.presenter import Notice, NoticeKind, Presenter, Shown
from bot.tables.snapshot import SeatSnapshot, SpectatorView, TableSnapshot
from bot.tables.states import Member, Seat, TableStatus
from bot.tables.table import Hint, StopVote, Table

__all__ = [
    "Clock",
    "Hint",
    "HintsOff",
    "Member",
    "NoTable",
    "NotAway",
    "NotHost",
    "NotSeated",
    "NotYourRequest",
    "NotYourSeat",
    "Notice",
    "NoticeKind",
    "Presenter",
    "RequestClosed",
    "Seat",
    "SeatSnapshot",
    "SeatUnavailable",
    "Shown",
    "SpectatorView",
    "StaleAction",
    "StopVote",
    "StorageBusy",
    "SubRefused",
    "SystemClock",
    "Table",
    "TableContext",
    "TableError",
    "TableExists",
    "TableManager",
    "TableSettings",
    "TableSnapshot",
    "TableStatus",
    "Unrestored",
    "WatchRefused",
    "WrongStage",
]
