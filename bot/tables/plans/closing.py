"""Plans that end a table: a stop (by the host, a moderator, or a majority's votes), an idle
close, and a newer table replacing this one."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.i18n import N_, Words, _, ngettext
from bot.tables.errors import NotHost
from bot.tables.plans.common import Place, close, require
from bot.tables.presenter import Notice, NoticeKind
from bot.tables.seating import require_seat
from bot.tables.states import Closed, Lobby, Over, Playing, State
from bot.tables.steps import Step

REPLACED = N_("A newer table in this channel replaced it.")


def replaced() -> str:
    """Why a table closed when a newer one took its channel, in the language in force."""
    return _(REPLACED)


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
        by_host = user_id == shown.host_id
        return close(
            place,
            shown,
            _stopped_by_host if by_host else _stopped_by_moderator,
            StopVote(True, 0, 0),
        )
    seat = shown.seats[require_seat(shown.seats, user_id)]
    assert seat is not None  # the member's own seat
    if isinstance(shown, Lobby):
        raise NotHost(_("Only the host or a moderator can close the lobby: Leave stands up."))
    votes_cast = shown.stop_votes | {user_id}
    voters = {s.user_id for s in shown.members()}
    votes = len(votes_cast & voters)
    needed = len(voters) // 2 + 1
    if votes >= needed:
        return close(
            place, shown, _stopped_by_vote(votes, len(voters)), StopVote(True, votes, needed)
        )
    name = seat.name

    def text() -> str:
        return ngettext(
            "{name} votes to stop the game: {votes} of {needed} vote needed.",
            "{name} votes to stop the game: {votes} of {needed} votes needed.",
            needed,
        ).format(name=name, votes=votes, needed=needed)

    notice = Notice(NoticeKind.STOP_VOTE, text, seat.seat, user_id)
    after = dataclasses.replace(shown, stop_votes=votes_cast)
    return Step(after, StopVote(False, votes, needed), notices=(notice,))


def idle_close(place: Place, state: State, idle_for: float, idle: float) -> Step[None] | None:
    """Nobody acted on the table for ``idle_for`` seconds: it closes once that reaches the
    settings' ``idle`` (``None``: not yet, or closed already)."""
    if isinstance(state, Closed) or idle_for < idle:
        return None
    return close(place, state, lambda: _idle_text(idle), None)


def _stopped_by_host() -> str:
    return _("Stopped by the host.")


def _stopped_by_moderator() -> str:
    return _("Stopped by a moderator.")


def _stopped_by_vote(votes: int, voters: int) -> Words:
    return lambda: _("Stopped by a vote of the players ({votes} of {voters}).").format(
        votes=votes, voters=voters
    )


def _idle_text(seconds: float) -> str:
    """Why an idle table closed, in the language in force."""
    if seconds >= 120:
        minutes = round(seconds / 60)
        return ngettext(
            "Closed after {count} minute without a move from anyone.",
            "Closed after {count} minutes without a move from anyone.",
            minutes,
        ).format(count=minutes)
    count = round(seconds)
    return ngettext(
        "Closed after {count} second without a move from anyone.",
        "Closed after {count} seconds without a move from anyone.",
        count,
    ).format(count=count)
