"""Asking a member to take over a seat: whether they may be asked now, and whether their
answer still counts. Pure functions of the stored requests and the time.

``/spades sub`` does not hand a seat over; it asks the member once, and the seat passes only
when they accept. While a request to a member is open (at any table) nobody can ask them
again, and once they decline a game's request, or let it run out, that game does not ask
them again: nothing more reaches them unless they say yes.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import _
from bot.storage.records import SubRequest
from bot.tables.errors import NotYourRequest, RequestClosed


def is_open(request: SubRequest, now: float) -> bool:
    return request.answer is None and now < request.expires


def ask_refusal(asked: Iterable[SubRequest], table_id: int, name: str, now: float) -> str | None:
    """Why ``name`` may not be asked to take a seat in game ``table_id`` now, given the
    requests they were sent (of tables still open); ``None`` when they may."""
    asked = list(asked)
    waiting = [r for r in asked if is_open(r, now)]
    if waiting:
        if any(r.table_id == table_id for r in waiting):
            said = _(
                "{name} has already been asked to take a seat at this table and hasn't"
                " answered yet, so nothing more was sent to them."
            )
        else:
            said = _(
                "{name} has already been asked to take a seat elsewhere and hasn't answered"
                " yet, so nothing more was sent to them."
            )
        return said.format(name=name)
    this_game = [r for r in asked if r.table_id == table_id]
    if any(r.answer == "declined" for r in this_game):
        return _(
            "{name} declined to take a seat in this game, so they aren't asked again and"
            " nothing was sent to them."
        ).format(name=name)
    if any(r.answer is None for r in this_game):
        return _(
            "{name} didn't answer the last request in time, so they aren't asked again in"
            " this game and nothing was sent to them."
        ).format(name=name)
    return None


def check_answerable(request: SubRequest | None, user_id: int, now: float) -> SubRequest:
    """``request`` when ``user_id`` may answer it now; otherwise a refusal saying why."""
    if request is None:
        raise RequestClosed(_("That game is no longer running, so this request no longer applies."))
    if request.user_id != user_id:
        raise NotYourRequest(
            _("This request is for someone else: only the member asked can answer.")
        )
    if request.answer is not None:
        if request.answer == "accepted":
            raise RequestClosed(_("You accepted this request already."))
        raise RequestClosed(_("You declined this request already."))
    if now >= request.expires:
        raise RequestClosed(_("This request has expired, so nothing changed."))
    return request
