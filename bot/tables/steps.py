"""A planned change to a table (``Step``), and what decides when a turn's bot or timer is
armed anew.

A table plans each change as a ``Step`` from its current state, without awaiting anything:
the state after it, what must be stored first (``Write``), the engine action to apply, and
what to tell. ``bot.tables.table`` runs every step through the same path.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.engine import Action, Event
from bot.storage.records import TableStore
from bot.tables.presenter import Notice
from bot.tables.states import Playing, State

R = TypeVar("R")
# What a change stores, given the store; a new game's write returns the game's table id.
Write = Callable[[TableStore], Awaitable[int | None]]


@dataclass(frozen=True, slots=True)
class Recompute:
    """The members whose hand to show are worked out from the play's events."""


@dataclass(frozen=True, slots=True)
class Nobody:
    """No member's hand is shown again."""


@dataclass(frozen=True, slots=True)
class Seats:
    """These seats' members are shown their hands again (seats a bot holds are skipped)."""

    seats: tuple[int, ...]


# Whose private view a step changes.
Hands = Recompute | Nobody | Seats
RECOMPUTE = Recompute()
NOBODY = Nobody()


@dataclass(frozen=True, slots=True)
class NewMessage:
    """The channel message that shows the table from now on (``None``: none yet)."""

    message_id: int | None


@dataclass(frozen=True, slots=True)
class Step(Generic[R]):
    """One planned change: the state after it, what to store first, and what to tell.

    ``play``: the engine action applied to the state's game once stored. ``hands``: whose
    private view changes. ``touched``: a member acted, so the idle clock starts again.
    ``message``: the table is shown by another channel message from now on."""

    state: State
    reply: R
    write: Write | None = None
    play: Action | None = None
    events: tuple[Event, ...] = ()  # what happened without a play (a new deal's first events)
    notices: tuple[Notice, ...] = ()
    hands: Hands = NOBODY
    touched: bool = True
    message: NewMessage | None = None


def same_turn(state: State, playing: Playing) -> bool:
    """``state`` is still at ``playing``'s moment: same game, same action count."""
    return (
        isinstance(state, Playing)
        and state.table_id == playing.table_id
        and state.seq == playing.seq
    )


def turn_of(state: State) -> tuple[object, ...]:
    """What the next turn's bot or timer depends on: when it changes, they are armed anew
    (a stop vote or a warning leaves a running timer alone)."""
    if isinstance(state, Playing):
        return (state.table_id, state.seq, state.seats, state.bot_turn)
    return (state.status,)
