"""Plans of a lobby: sitting down, moving, the host's bots, the start; and a rematch, which
deals the seats of a game over again."""

from __future__ import annotations

import dataclasses

from bot.ai.levels import LEVELS
from bot.i18n import _, ngettext
from bot.tables.errors import SeatUnavailable, TableError, WrongStage
from bot.tables.plans.common import Deal, Place, Seeds, deal, lobby_step, the
from bot.tables.plans.timed import ends_at
from bot.tables.seating import (
    dummy_seat,
    dummy_seats,
    open_seat,
    require_host,
    require_seat,
    seat_index,
    seat_of,
    with_seat,
)
from bot.tables.states import DEFAULT_LEVEL, Lobby, Member, Over, Seat, State, bot_name, bot_seat
from bot.tables.steps import Step


def opened(place: Place, state: State) -> Step[None]:
    """The new lobby, stored as it is."""
    lobby = the(state, Lobby)
    return lobby_step(place, lobby.host_id, lobby.seats, None)


def join(place: Place, state: State, member: Member, seat: int | None) -> Step[int]:
    """``member`` sits at ``seat``, or the first empty one (or one a bot holds)."""
    lobby = the(state, Lobby)
    if seat_of(lobby.seats, member.id) is not None:
        raise SeatUnavailable(_("You already have a seat at this table."))
    index = open_seat(lobby.seats, seat, dummies=dummy_seats(place.rules))
    seats = with_seat(lobby.seats, index, Seat(index, member.name, member.id))
    return lobby_step(place, lobby.host_id, seats, index)


def choose_seat(place: Place, state: State, user_id: int, seat: int) -> Step[None]:
    """The member moves to ``seat``; a bot there swaps with them (renamed after its new seat
    when it was named after its old one)."""
    lobby = the(state, Lobby)
    current = require_seat(lobby.seats, user_id)
    if seat == current:
        return Step(lobby, None, touched=False)
    target = open_seat(lobby.seats, seat, dummies=dummy_seats(place.rules))
    mover, other = lobby.seats[current], lobby.seats[target]
    assert mover is not None  # the member's own seat
    seats = list(lobby.seats)
    seats[target] = dataclasses.replace(mover, seat=target)
    seats[current] = None
    if other is not None:
        level = other.bot or DEFAULT_LEVEL
        name = bot_name(current, level) if other.name == bot_name(target, level) else None
        seats[current] = dataclasses.replace(other, seat=current, name=name or other.name)
    return lobby_step(place, lobby.host_id, tuple(seats), None)


def add_bot(
    place: Place, state: State, user_id: int, level: str, seat: int | None, name: str | None
) -> Step[int]:
    """The host seats a bot of ``level``, named ``name`` or after its seat and level."""
    lobby = the(state, Lobby)
    require_host(lobby.host_id, user_id)
    if level not in LEVELS:
        raise TableError(
            _("There is no bot level {level}: choose {levels}.").format(
                level=level, levels=", ".join(LEVELS)
            )
        )
    index = open_seat(lobby.seats, seat, bots_too=False, dummies=dummy_seats(place.rules))
    held = Seat(index, name or bot_name(index, level), bot=level)
    return lobby_step(place, lobby.host_id, with_seat(lobby.seats, index, held), index)


def remove_bot(place: Place, state: State, user_id: int, seat: int) -> Step[None]:
    lobby = the(state, Lobby)
    require_host(lobby.host_id, user_id)
    held = lobby.seats[seat_index(lobby.seats, seat)]
    if held is None or not held.is_bot:
        raise SeatUnavailable(_("No bot sits in seat {seat}.").format(seat=seat + 1))
    return lobby_step(place, lobby.host_id, with_seat(lobby.seats, seat, None), None)


def start(
    place: Place,
    state: State,
    user_id: int,
    *,
    fill_with_bots: bool,
    seeds: Seeds,
    hands: int | None,
    now: float,
) -> Step[list[int]]:
    """The host deals the first hand; empty seats get ``normal`` bots only when
    ``fill_with_bots``. Replies with the seats bots filled."""
    lobby = the(state, Lobby)
    require_host(lobby.host_id, user_id)
    dummies = dummy_seats(place.rules)
    empty = [i for i, s in enumerate(lobby.seats) if s is None and i not in dummies]
    if empty and not fill_with_bots:
        seats = ", ".join(str(i + 1) for i in empty)
        raise WrongStage(
            ngettext(
                "Seat {seats} still empty: wait for players, add bots, or start with bots in"
                " the empty seats.",
                "Seats {seats} still empty: wait for players, add bots, or start with bots in"
                " the empty seats.",
                len(empty),
            ).format(seats=seats)
        )
    filled = tuple(
        s or (dummy_seat(i) if i in dummies else bot_seat(i)) for i, s in enumerate(lobby.seats)
    )
    terms = Deal(lobby.host_id, filled, seeds(), hands, ends_at(place.rules, now))
    return deal(place, terms, empty, place.message_id)


def rematch(place: Place, state: State, user_id: int, seeds: Seeds, now: float) -> Step[list[int]]:
    """After the game: a new game with the same seats and rules, dealt at once, on a new
    channel message; the host stays host while seated, else the member asking hosts."""
    over = the(state, Over)
    require_seat(over.seats, user_id)
    if not over.recorded:
        raise WrongStage(_("The last game's result is still being saved: try again in a moment."))
    members = {s.user_id for s in over.members()}
    host = over.host_id if over.host_id in members else user_id
    terms = Deal(host, over.seats, seeds(), over.hands_limit, ends_at(place.rules, now))
    return deal(place, terms, [], None, closes=over.table_id)
