""" "Why?": a member asks why a bot made its latest move, and is told in player words.

The table keeps each bot seat's latest ``Reason`` in memory (``Turns.reasons``). While that
move's hand is in play the answer is the public one, naming no card the asker cannot see;
once the hand is over it is the full one. After a restart the table reads the reasons back
from the store, where each was kept with its move; one that no longer reads is said to be
forgotten.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.reasons import Reason
from bot.engine import Game, Rules
from bot.i18n import _
from bot.render.why import why_text
from bot.tables.errors import SeatUnavailable, WatchRefused, WrongStage
from bot.tables.states import Seat


def why_answer(
    game: Game | None,
    rules: Rules,
    seats: Sequence[Seat | None],
    names: Sequence[str],
    reasons: dict[int, Reason],
    *,
    asker_seated: bool,
    seat: int | None,
    last_seat: int | None,
    restored: bool,
) -> str:
    """Why the bot in ``seat`` (``None``: the last bot to move) moved as it did, for a
    member at the table or watching it (``names``: each seat's, as renderers take them);
    raises a ``TableError`` that says why not."""
    if game is None:
        raise WrongStage(_("The game has not started yet: no bot has moved."))
    if not asker_seated and rules.allow_watching == "no":
        raise WatchRefused(
            _("This table's rules don't allow watching, so only its players can ask why.")
        )
    if seat is not None and not 0 <= seat < len(seats):
        raise SeatUnavailable(_("There is no seat {seat} at this table.").format(seat=seat + 1))
    asked = last_seat if seat is None else seat
    reason = None if asked is None else reasons.get(asked)
    if reason is None:
        raise WrongStage(_nothing_to_tell(seats, seat, restored))
    public = not game.is_over and reason.hand_number == game.hand_number
    return why_text(reason, rules, names, public=public)


def _nothing_to_tell(seats: Sequence[Seat | None], seat: int | None, restored: bool) -> str:
    held = None if seat is None else seats[seat]
    if held is not None and not held.autoplays:
        return _("Seat {seat} is played by {name}, not a bot: ask them.").format(
            seat=held.seat + 1, name=held.name
        )
    if restored:
        return _("I can't recall that move: I've restarted since it was made.")
    if seat is not None:
        return _("The bot in seat {seat} hasn't moved yet this game.").format(seat=seat + 1)
    return _("No bot has moved yet this game.")
