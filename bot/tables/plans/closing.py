"""Plans that end a table: a stop (by the host, a moderator, or a majority's votes), an idle
close, and a newer table replacing this one."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.tables.errors import NotHost
from bot.tables.plans.common import Place, close, require
from bot.tables.presenter import Notice, NoticeKind
from bot.tables.seating import require_seat
from bot.tables.states import Closed, Lobby, Over, Playing, State
from bot.tables.steps import Step

REPLACED = "A newer table in this channel replaced it."


@dataclass(frozen=True, slots=True)
class StopVote:
    """The outcome of ``stop``: stopped at once, or a vote counted towards a majority."""

    stopped: bool
    votes: int
    needed: int


def stop(place: Place, state: State, user_id: int, *, moderator: bool) -> Step[StopVote]:
    """The host or a moderator stops the table at once; a seated member votes, and a
    majority of the seated members stops it."""
    shown = require(state, Lobby, Playing, Over)
    if moderator or user_id == shown.host_id:
        who = "the host" if user_id == shown.host_id else "a moderator"
        return close(place, shown, f"Stopped by {who}.", StopVote(True, 0, 0))
    seat = shown.seats[require_seat(shown.seats, user_id)]
    assert seat is not None  # the member's own seat
    if isinstance(shown, Lobby):
        raise NotHost("Only the host or a moderator can close the lobby: Leave stands up.")
    votes_cast = shown.stop_votes | {user_id}
    voters = {s.user_id for s in shown.members()}
    votes = len(votes_cast & voters)
    needed = len(voters) // 2 + 1
    if votes >= needed:
        reason = f"Stopped by a vote of the players ({votes} of {len(voters)})."
        return close(place, shown, reason, StopVote(True, votes, needed))
    text = f"{seat.name} votes to stop the game: {votes} of {needed} votes needed."
    notice = Notice(NoticeKind.STOP_VOTE, text, seat.seat, user_id)
    after = dataclasses.replace(shown, stop_votes=votes_cast)
    return Step(after, StopVote(False, votes, needed), notices=(notice,))


def idle_close(place: Place, state: State, idle_for: float, idle: float) -> Step[None] | None:
    """Nobody acted on the table for ``idle_for`` seconds: it closes once that reaches the
    settings' ``idle`` (``None``: not yet, or closed already)."""
    if isinstance(state, Closed) or idle_for < idle:
        return None
    return close(place, state, f"Closed after {duration(idle)} without a move from anyone.", None)


def duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{round(seconds / 60)} minutes"
    return f"{round(seconds)} seconds"
