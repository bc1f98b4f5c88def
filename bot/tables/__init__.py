"""Tables: lobbies, games, turn timers and bots, with no Discord in sight.

``TableManager`` owns one ``Table`` per channel; adapters (the Discord cogs, the terminal)
call a table's methods and render what ``Presenter`` callbacks tell them. See
``bot/tables/manager.py`` for a walk-through and ``bot/tables/table.py`` for each command.
"""

from bot.tables.clock import Clock, ManualClock, SystemClock
from bot.tables.errors import (
    HintsOff,
    NoTable,
    NotAway,
    NotHost,
    NotSeated,
    NotYourSeat,
    SeatUnavailable,
    StaleAction,
    TableError,
    TableExists,
    WatchRefused,
    WrongStage,
)
from bot.tables.manager import TableManager, TableSettings
from bot.tables.presenter import Notice, NoticeKind, Presenter, RecordingPresenter
from bot.tables.snapshot import SeatSnapshot, SpectatorView, TableSnapshot, TableStatus
from bot.tables.table import Hint, Member, Seat, StopVote, Table

__all__ = [
    "Clock",
    "Hint",
    "HintsOff",
    "ManualClock",
    "Member",
    "NoTable",
    "NotAway",
    "NotHost",
    "NotSeated",
    "NotYourSeat",
    "Notice",
    "NoticeKind",
    "Presenter",
    "RecordingPresenter",
    "Seat",
    "SeatSnapshot",
    "SeatUnavailable",
    "SpectatorView",
    "StaleAction",
    "StopVote",
    "SystemClock",
    "Table",
    "TableError",
    "TableExists",
    "TableManager",
    "TableSettings",
    "TableSnapshot",
    "TableStatus",
    "WatchRefused",
    "WrongStage",
]
