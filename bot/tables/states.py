"""A table's states as types: a lobby, a game in play, a game over, a closed table.

Each state holds exactly what exists in it, so nothing is optional "until the game starts".
States are frozen: a change to a table builds the next state and the table swaps it in once
the change is stored. The one mutable thing they share is the engine's ``Game``, which the
table applies an action to only after that action is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import ClassVar

from bot.engine import Game
from bot.i18n import Words

# Bots' level and names are kept with the seat records, which storage writes too.
from bot.storage.records import DEFAULT_LEVEL as DEFAULT_LEVEL
from bot.storage.records import SeatRecord
from bot.storage.records import bot_name as bot_name

# The table id of a game whose row the store has not created yet.
UNSTORED = 0


class TableStatus(StrEnum):
    LOBBY = "lobby"  # seats being filled; no game yet
    PLAYING = "playing"
    OVER = "over"  # the game ended; a rematch may follow
    CLOSED = "closed"  # stopped, idle or done: the table is gone


@dataclass(frozen=True, slots=True)
class Member:
    """A person as the adapter knows them: a stable id and the name to show."""

    id: int
    name: str


# Who holds a seat, as tables hold it and storage keeps it: one frozen record.
Seat = SeatRecord


def bot_seat(index: int, level: str = DEFAULT_LEVEL) -> Seat:
    """Seat ``index`` for a bot of ``level``, named after its seat and level."""
    return Seat(index, bot_name(index, level), bot=level)


@dataclass(frozen=True, slots=True)
class Lobby:
    """Seats being filled. ``seats[i]`` is ``None`` while seat ``i`` is empty."""

    status: ClassVar[TableStatus] = TableStatus.LOBBY
    host_id: int | None
    seats: tuple[Seat | None, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """What a dealt game has, in play or over: its store id, every seat, the engine's game.

    ``seq`` counts the stored actions (button custom ids carry it); ``missed`` counts each
    member's timed-out turns in a row; ``bot_turn`` is the ``seq`` of a turn a bot plays
    once for a member who ran out of time."""

    table_id: int
    host_id: int | None
    seats: tuple[Seat, ...]
    game: Game
    seed: int
    dealer: int
    seq: int = 0
    hands_limit: int | None = None
    # When a game played for a time ends (Unix seconds; rules' play_to time), else None.
    ends_at: int | None = None
    stop_votes: frozenset[int] = frozenset()
    # Members who have seen this game's hands face up as spectators: never seated in it.
    saw_hands: frozenset[int] = frozenset()
    missed: tuple[int, ...] = ()
    bot_turn: int | None = None

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def members(self) -> list[Seat]:
        return [s for s in self.seats if s.user_id is not None]

    def missed_by(self, seat: int) -> int:
        return self.missed[seat] if seat < len(self.missed) else 0


@dataclass(frozen=True, slots=True)
class Playing(Dealt):
    status: ClassVar[TableStatus] = TableStatus.PLAYING


@dataclass(frozen=True, slots=True)
class Over(Dealt):
    """The game ended. ``recorded``: its result is stored (stats, ratings); until then the
    table stores it in the background and a rematch waits."""

    status: ClassVar[TableStatus] = TableStatus.OVER
    recorded: bool = False
    # Set when the game stopped at an agreed number of hands: the table closes once stored.
    hands_done: Words | None = None

    @classmethod
    def after(cls, dealt: Dealt, *, hands_done: Words | None = None) -> Over:
        """The game ``dealt`` was playing, over: everything it had but the turn in play
        (missed turns and a bot's turn for a member)."""
        kept = {f.name: getattr(dealt, f.name) for f in fields(Dealt) if f.name not in _TURN}
        return cls(**kept, hands_done=hands_done)


# What ``Dealt`` holds of the turn in play only: a game over starts them afresh.
_TURN = frozenset({"missed", "bot_turn"})


@dataclass(frozen=True, slots=True)
class Closed:
    """The table is gone, and why; ``last`` is what it was, for its final picture."""

    status: ClassVar[TableStatus] = TableStatus.CLOSED
    reason: Words
    last: Lobby | Playing | Over


State = Lobby | Playing | Over | Closed
Open = Lobby | Playing | Over
