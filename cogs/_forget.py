"""``/spades forgetme``: the member leaves every table and lobby they sit at or host, in this
process and through the relay in the others, and only then is forgotten in the store, so
that no table stores them again when it ends."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.client import SpadesBot
from bot.i18n import N_, _, ngettext
from bot.storage.records import StorageFailed
from bot.storage.stats import Forgotten, Place
from bot.tables import StorageBusy, TableError
from bot.tournaments import TournamentRunner
from cogs._errors import PlayerError
from cogs._forwarded import forward_forget, forward_forget_tournament

log = logging.getLogger(__name__)

NOT_SAVED = N_(
    "I couldn't save that just now (a storage problem on the bot's side), so nothing was"
    " forgotten yet. Try again in a minute."
)


@dataclass(slots=True)
class Left:
    """Where the member was taken out: ``places`` tables and lobbies (here or by the
    process that runs them), and the channels of those another process runs that did not
    answer."""

    places: int = 0
    unanswered: list[int] = field(default_factory=list)
    tournaments: int = 0  # tournaments dropped out of, here or by the process running them
    # The channels of tournaments another process runs that did not answer.
    unanswered_tournaments: list[int] = field(default_factory=list)


async def leave_everywhere(bot: SpadesBot, user_id: int, application_id: int) -> Left:
    """Take the member out of every table and lobby that holds them. Raises
    ``PlayerError`` when one of this process's tables cannot store it (nothing is forgotten
    then; the tables already left stay left)."""
    assert bot.storage is not None
    left = Left()
    for table in bot.tables.tables:
        try:
            held = await table.forget(user_id)
        except StorageBusy:
            raise PlayerError(_partly(left, _(NOT_SAVED))) from None
        except TableError as error:  # it closed meanwhile: nothing of theirs stays there
            log.info("forgetme skipped %r: %s", table, error)
            continue
        left.places += held
    # Read once this process's tables are left: one that closed is no longer listed.
    elsewhere = [
        place
        for place in await _places(bot, user_id, left)
        if bot.tables.find(place.channel_id) is None
    ]
    for place in elsewhere:
        if bot.relay is None or bot.tables.owns(place.guild_id):
            # This process would run it: it is in the store only (it could not be
            # restored), and the store's forget_member takes the member out of it.
            left.places += 1
        elif await forward_forget(bot, place, user_id, application_id):
            left.places += 1
        else:
            left.unanswered.append(place.channel_id)
    return left


async def forget(bot: SpadesBot, user_id: int, application_id: int) -> str:
    """The whole of ``/spades forgetme``; what the member is told."""
    assert bot.storage is not None
    left = await leave_everywhere(bot, user_id, application_id)
    await _leave_tournaments_elsewhere(bot, user_id, application_id, left)
    run = _tournaments(bot)
    leaving = run.forgetting(user_id) if run is not None else contextlib.nullcontext(0)
    try:
        # The tournaments this process runs are left first, and wait while the store
        # forgets the member, then read their anonymous rows back.
        async with leaving as tournaments:
            left.tournaments += tournaments
            forgotten = await bot.storage.stats.forget_member(user_id)
    except StorageFailed:
        raise PlayerError(_partly(left, _(NOT_SAVED))) from None
    return done_text(left, forgotten)


async def _leave_tournaments_elsewhere(
    bot: SpadesBot, user_id: int, application_id: int, left: Left
) -> None:
    """The tournaments other processes run are reached through the relay: each process
    drops the member from its own and erases them there (so that its running state does
    not store them again)."""
    assert bot.storage is not None
    if bot.relay is None:
        return
    try:
        held = await bot.storage.tournaments.holding(user_id)
    except StorageFailed:
        raise PlayerError(_partly(left, NOT_SAVED)) from None
    for place in held:
        if bot.tables.owns(place.guild_id):
            continue  # run here: left below, with this process's own
        if await forward_forget_tournament(bot, place.tournament_id, user_id, application_id):
            left.tournaments += place.entrant
        else:
            left.unanswered_tournaments.append(place.channel_id)


def _tournaments(bot: SpadesBot) -> TournamentRunner | None:
    """The runner of this process's tournaments, if the tournaments' cog is loaded (read
    from the cog: an extension's module is loaded apart from the one imported here)."""
    run = getattr(bot.get_cog("TournamentCog"), "runner", None)
    return run if isinstance(run, TournamentRunner) else None


async def _places(bot: SpadesBot, user_id: int, left: Left) -> list[Place]:
    assert bot.storage is not None
    try:
        return await bot.storage.stats.places(user_id)
    except StorageFailed:
        raise PlayerError(_partly(left, _(NOT_SAVED))) from None


def _partly(left: Left, text: str) -> str:
    if not left.places:
        return text
    meanwhile = ngettext(
        "You did leave {count} table meanwhile.",
        "You did leave {count} tables meanwhile.",
        left.places,
    ).format(count=left.places)
    return f"{text} {meanwhile}"


def done_text(left: Left, forgotten: Forgotten) -> str:
    """The confirmation: what was removed, and what was not."""
    parts = _counted(left, forgotten)
    if forgotten.pings:
        parts.append(_("Your choice of where you hear of your turns is deleted."))
    parts.extend(_unanswered_texts(left))
    if not (left.unanswered or left.unanswered_tournaments):
        if parts:
            parts.append(_("Nothing the bot keeps holds your name or id now."))
        else:
            parts.append(_("The bot kept nothing about you, and still keeps nothing."))
    parts.append(_("Messages already posted in Discord stay as they are."))
    return _("Done. {what}").format(what=" ".join(parts))


def _counted(left: Left, forgotten: Forgotten) -> list[str]:
    """A sentence for each kind of thing the member left or is gone from, with its count,
    in this order; none for a count of 0."""
    sentences: tuple[tuple[int, Callable[[int], str]], ...] = (
        (
            left.places,
            lambda n: ngettext(
                "You left {count} table (a bot plays your seat in a game under way; where"
                " you hosted, the first member seated hosts now).",
                "You left {count} tables (a bot plays your seat in a game under way; where"
                " you hosted, the first member seated hosts now).",
                n,
            ),
        ),
        (
            forgotten.games,
            lambda n: ngettext(
                "Your name and id are gone from {count} finished game; it stays counted,"
                " for nobody.",
                "Your name and id are gone from {count} finished games; those games stay"
                " counted, for nobody.",
                n,
            ),
        ),
        (
            left.tournaments,
            lambda n: ngettext(
                "You left {count} tournament, as /tournament drop does.",
                "You left {count} tournaments, as /tournament drop does.",
                n,
            ),
        ),
        (
            forgotten.tournaments,
            lambda n: ngettext(
                "Your name and id are gone from {count} tournament; its results stay, under"
                " a former member.",
                "Your name and id are gone from {count} tournaments; their results stay,"
                " under a former member.",
                n,
            ),
        ),
    )
    return [sentence(count).format(count=count) for count, sentence in sentences if count]


def _unanswered_texts(left: Left) -> list[str]:
    """What another process did not answer, and what that leaves of the member."""
    sentences = (
        (
            left.unanswered,
            N_(
                "A table the bot runs elsewhere did not answer ({channels}): its saved seat"
                " is a bot's now, but while that game is still played it may show you. Use"
                " /spades forgetme again once it ends."
            ),
        ),
        (
            left.unanswered_tournaments,
            N_(
                "A tournament the bot runs elsewhere did not answer ({channels}): its stored"
                " rows no longer hold you, but while it runs it may show you. Use /spades"
                " forgetme again once it ends."
            ),
        ),
    )
    return [
        _(sentence).format(channels=", ".join(f"<#{channel}>" for channel in channels))
        for channels, sentence in sentences
        if channels
    ]
