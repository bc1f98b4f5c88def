"""Refusals from the table layer: each message is written for the player who caused it.

Every refusal leaves the table exactly as it was. The engine's ``IllegalAction`` (an illegal
bid or card, not your turn) passes through the table unchanged; it is not a ``TableError``
but its message is just as readable. An adapter shows ``str(error)`` for both.
"""

from __future__ import annotations


class TableError(Exception):
    """A request the table refused; ``str(error)`` is the answer to show the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoTable(TableError):
    """No table here, or the one asked for has closed."""


class TableExists(TableError):
    """The channel already has a table that is open or being played."""


class NotHost(TableError):
    """Only the host (or a moderator) may do that."""


class NotSeated(TableError):
    """The member holds no seat at this table."""


class SeatUnavailable(TableError):
    """The seat asked for is taken, does not exist, or the member is seated already."""


class WrongStage(TableError):
    """Not possible now: a lobby command during play, a game command in the lobby, ..."""


class StaleAction(TableError):
    """The control was drawn before the table moved on (or it was already used)."""


class NotYourSeat(TableError):
    """An action for a seat the member does not hold."""


class HintsOff(TableError):
    """This table's rules do not allow hints."""


class NotAway(TableError):
    """``back`` from a member whose seat is not marked away."""


class WatchRefused(TableError):
    """The table's rules allow no spectators, or the member plays at this table."""


class StorageBusy(TableError):
    """The change could not be stored in time: nothing changed, the member may try again."""


class SubRefused(TableError):
    """The member may not be asked to take a seat now (asked already, or declined)."""


class RequestClosed(TableError):
    """A request to take a seat that can no longer be answered: it expired, was answered,
    or its game or seat moved on. Nothing changed."""


class NotYourRequest(TableError):
    """Someone other than the member asked clicked a request's button."""
