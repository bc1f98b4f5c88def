"""Pure helpers over a table's seats: who sits where, which seat is open, who hosts next.

Tables plan every change with these before anything is stored; none of them changes a
seat in place (seats are frozen), they return new tuples.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bot.engine import Rules
from bot.i18n import _
from bot.render.names import player_name
from bot.storage.records import DEFAULT_LEVEL, dummy_name
from bot.tables.errors import NotHost, NotSeated, SeatUnavailable
from bot.tables.states import Playing, Seat

S = TypeVar("S", Seat, Seat | None)


def seat_of(seats: Sequence[Seat | None], user_id: int) -> int | None:
    return next((s.seat for s in seats if s and s.user_id == user_id), None)


def require_seat(seats: Sequence[Seat | None], user_id: int) -> int:
    seat = seat_of(seats, user_id)
    if seat is None:
        raise NotSeated(_("You don't have a seat at this table."))
    return seat


def require_host(host_id: int | None, user_id: int) -> None:
    if user_id != host_id:
        raise NotHost(_("Only the host can do that."))


def seat_index(seats: Sequence[Seat | None], seat: int) -> int:
    if not 0 <= seat < len(seats):
        raise SeatUnavailable(_("Seats are numbered 1 to {count}.").format(count=len(seats)))
    return seat


def dummy_seats(rules: Rules) -> tuple[int, ...]:
    """Seats nobody sits in: Berkley's dummies (003:108), played by the seat on their left."""
    return tuple(s for s in range(rules.players) if s % 2) if rules.dummy_hands else ()


def dummy_seat(index: int) -> Seat:
    """The record of dummy seat ``index``, named after its player's seat (003:108)."""
    return Seat(index, dummy_name((index + 1) % 4), bot=DEFAULT_LEVEL)


def open_seat(
    seats: Sequence[Seat | None],
    seat: int | None,
    *,
    bots_too: bool = True,
    dummies: tuple[int, ...] = (),
) -> int:
    """An empty seat (or, when ``bots_too``, one a bot holds) to sit in; never a dummy."""

    def free(s: Seat | None) -> bool:
        return s is None or (bots_too and s.is_bot)

    if seat is None:
        for wanted in (lambda s: s is None, free):
            found = next((i for i, s in enumerate(seats) if wanted(s) and i not in dummies), None)
            if found is not None:
                return found
        raise SeatUnavailable(_("The table is full."))
    if seat in dummies:
        raise SeatUnavailable(
            _("Seat {seat} is a dummy hand: the player on its left plays it.").format(seat=seat + 1)
        )
    held = seats[seat_index(seats, seat)]
    if held is not None and not free(held):
        raise SeatUnavailable(
            _("Seat {seat} is taken by {name}.").format(seat=seat + 1, name=player_name(held.name))
        )
    return seat


def with_seat(seats: tuple[S, ...], index: int, seat: S) -> tuple[S, ...]:
    """``seats`` with seat ``index`` held by ``seat``."""
    out = list(seats)
    out[index] = seat
    return tuple(out)


def next_host(host_id: int | None, leaving: int, seats: Sequence[Seat | None]) -> int | None:
    """The host, or when the host leaves, the first member still seated."""
    if host_id != leaving:
        return host_id
    return next((s.user_id for s in seats if s and s.user_id not in (None, leaving)), None)


def missed(playing: Playing, seat: int, count: int) -> tuple[int, ...]:
    """``playing``'s missed-turn counts with ``seat``'s set to ``count``."""
    counts = list(playing.missed or (0,) * len(playing.seats))
    counts[seat] = count
    return tuple(counts)
