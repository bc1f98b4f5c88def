"""Plans of who holds a seat and who hosts, once cards are dealt as well as before: a member
leaving, a sub taking over, a member away and back, the host role passing on, a vote to
stop, a spectator watching.

A member leaving mid-game, the whole route: ``leave`` plans it here (``leave_play``: a
``normal`` bot takes the seat for the rest of the game, their vote to stop goes, the host
role passes to the first member still seated, and a notice says so); ``seats_step`` stores
the new seats (``store.update_seats``) before anything changes; then ``Table.leave`` has the
table's turns forget the seats' bot policies, and the presenters are told the notice (kind
``SEATS``, for the seat, with nobody's hand to show). When nobody else is seated, the table
closes instead (``common.close``).
"""

from __future__ import annotations

import dataclasses

from bot.i18n import N_, _
from bot.storage.records import SubRequest, TableStore
from bot.tables.errors import NotAway, NotHost, RequestClosed, SeatUnavailable, WatchRefused
from bot.tables.plans.common import Place, close, lobby_step, require, seats_step, the
from bot.tables.presenter import Notice, NoticeKind
from bot.tables.seating import next_host, require_seat, seat_index, seat_of, with_seat
from bot.tables.states import Closed, Lobby, Member, Over, Playing, Seat, State, bot_seat
from bot.tables.steps import Step

EVERYONE_LEFT = N_("Everyone left the table.")


def everyone_left() -> str:
    """Why a table closed when its last member left, in the language in force."""
    return _(EVERYONE_LEFT)


def leave(place: Place, state: State, user_id: int, *, lobby_only: bool) -> Step[None]:
    """The member leaves: their lobby seat empties, a bot takes their seat in play, and the
    last member leaving closes the table. ``lobby_only``: refused once the game started."""
    shown = require(state, Lobby) if lobby_only else require(state, Lobby, Playing, Over)
    index = require_seat(shown.seats, user_id)
    if not any(s and s.user_id not in (None, user_id) for s in shown.seats):
        return close(place, shown, everyone_left, None)
    if isinstance(shown, Lobby):
        seats = with_seat(shown.seats, index, None)
        return lobby_step(place, next_host(shown.host_id, user_id, seats), seats, None)
    if isinstance(shown, Over):
        return leave_over(shown, user_id, index)
    return leave_play(shown, user_id, index)


def leave_play(playing: Playing, user_id: int, index: int) -> Step[None]:
    """The member in seat ``index`` leaves a game in play: a ``normal`` bot plays the seat
    for the rest of it, and the host role passes on if it was theirs."""
    held, bot = playing.seats[index], bot_seat(index)
    name = held.name
    notice = Notice(
        NoticeKind.SEATS, lambda: _("{name} left: a bot plays their seat.").format(name=name), index
    )
    host = next_host(playing.host_id, user_id, with_seat(playing.seats, bot.seat, bot))
    return seats_step(playing, bot, (notice,), (), host_id=host)


def leave_over(over: Over, user_id: int, index: int) -> Step[None]:
    """The member leaves a game that is stored and over: the bot takes the seat for a
    rematch only, which stores the seats it deals to."""
    bot = bot_seat(index)
    seats = with_seat(over.seats, bot.seat, bot)
    host = next_host(over.host_id, user_id, seats)
    return Step(dataclasses.replace(over, seats=seats, host_id=host), None)


def forget_host(place: Place, state: State, user_id: int) -> Step[None]:
    """The host, with no seat, is forgotten: the role passes to the first member seated; a
    lobby left with no member closes. A dealt game's stored host is rewritten by the store's
    ``forget_member``."""
    shown = require(state, Lobby, Playing, Over)
    host = next_host(shown.host_id, user_id, shown.seats)
    if isinstance(shown, Lobby):
        if host is None:
            return close(place, shown, everyone_left, None)
        return lobby_step(place, host, shown.seats, None)
    return Step(dataclasses.replace(shown, host_id=host), None, touched=False)


def back(state: State, user_id: int, *, away_only: bool = True) -> Step[None]:
    """The member marked away plays their seat again (``away_only``: refused when they are
    not marked away)."""
    playing = the(state, Playing)
    seat = playing.seats[require_seat(playing.seats, user_id)]
    if away_only and not seat.away:
        raise NotAway(_("You are not marked away: the seat is yours to play."))
    name = seat.name
    notice = Notice(
        NoticeKind.BACK, lambda: _("{name} is back.").format(name=name), seat.seat, seat.user_id
    )
    return seats_step(playing, dataclasses.replace(seat, away=False), (notice,), (seat.seat,))


def is_away(state: State, user_id: int) -> bool:
    """The member holds a seat in play that is marked away."""
    if not isinstance(state, Playing):
        return False
    index = state.seat_of(user_id)
    return index is not None and state.seats[index].away


def may_take_seat(playing: Playing, member: Member) -> None:
    """Refused when ``member`` may not sit in this game: seated already, or they watched it
    with every hand face up."""
    if playing.seat_of(member.id) is not None:
        raise SeatUnavailable(
            _("{name} already has a seat at this table.").format(name=member.name)
        )
    if member.id in playing.saw_hands:
        raise SeatUnavailable(
            _(
                "{name} has watched this game with every hand face up, so can't take a seat in it."
            ).format(name=member.name)
        )


def sub_asked(state: State, user_id: int, seat: int, member: Member, moderator: bool) -> Playing:
    """The game in play, when ``user_id`` may ask ``member`` to take over ``seat`` (the
    seat's player, the host or a moderator) and ``member`` may sit in it."""
    playing = the(state, Playing)
    held = playing.seats[seat_index(playing.seats, seat)]
    if not (moderator or user_id in (held.user_id, playing.host_id)):
        raise NotHost(_("Only the seat's player, the host or a moderator can hand it over."))
    may_take_seat(playing, member)
    return playing


def accept_sub(state: State, request: SubRequest, member: Member) -> Step[None]:
    """``member`` accepts ``request``: the seat passes to them, stored with their answer."""
    playing = the(state, Playing)
    if request.table_id != playing.table_id:
        raise RequestClosed(_("That game is over, so this request no longer applies."))
    if playing.seats[request.seat].user_id != request.held_by:
        raise RequestClosed(
            _(
                "Seat {seat} has changed hands since you were asked, so this"
                " request no longer applies: nothing changed."
            ).format(seat=request.seat + 1)
        )
    may_take_seat(playing, member)
    held = playing.seats[request.seat]
    new, old = member.name, held.name

    def text() -> str:
        return _("{name} takes over from {former}.").format(name=new, former=old)

    notice = Notice(NoticeKind.SEATS, text, request.seat, member.id)
    taken = Seat(request.seat, member.name, member.id)
    step = seats_step(playing, taken, (notice,), (request.seat,))
    seats = step.state.seats if isinstance(step.state, Playing) else ()
    request_id = request.request_id

    async def write(store: TableStore) -> None:
        await store.answer_sub_request(request_id, "accepted", seats)

    return dataclasses.replace(step, write=write)


def watch(place: Place, state: State, user_id: int) -> Step[None]:
    """A member watches as a spectator (the rules' ``allow_watching``); a seated member is
    refused, so they never see another seat's hand. Watching face up is stored before the
    hands are shown, so they are never seated in this game, across restarts too."""
    shown = state.last if isinstance(state, Closed) else state
    if seat_of(shown.seats, user_id) is not None:
        raise WatchRefused(_("You're playing at this table: use /spades hand."))
    if place.rules.allow_watching == "no":
        raise WatchRefused(_("This table's rules don't allow watching."))
    if (
        place.rules.allow_watching == "face_up"
        and isinstance(state, Playing)
        and user_id not in state.saw_hands
    ):
        table_id = state.table_id

        async def write(store: TableStore) -> None:
            await store.saw_hands(table_id, user_id)

        seen = dataclasses.replace(state, saw_hands=state.saw_hands | {user_id})
        return Step(seen, None, write=write, touched=False)
    return Step(state, None, touched=False)
