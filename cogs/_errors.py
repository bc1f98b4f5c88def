"""The one error handler: app commands and buttons turn errors into short ephemeral answers.

Errors a player can cause (an illegal card, a stale click, a missing permission, a bad option)
get their own short message; anything else gets an apology and a log entry with the
traceback, which never reaches the user.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TypeVar

import discord
from discord import app_commands

from bot.competition.tournament import TournamentError
from bot.engine import IllegalAction
from bot.i18n import N_, _, format_list, ngettext
from bot.render.refusals import refusal_text
from bot.storage.store import Storage
from bot.tables import TableError
from cogs._answer import answer, echo
from cogs._checks import BadOption

log = logging.getLogger(__name__)

ClientT = TypeVar("ClientT", bound=discord.Client)

APOLOGY = N_("Sorry, something went wrong on our side. It has been logged; please try again.")


class PlayerError(Exception):
    """Refused input from the Discord layer itself (an unknown card name, no table here);
    the message is shown to the player as it is."""


# Errors whose message is written for players and can be shown as it is.
PLAYER_ERRORS: tuple[type[Exception], ...] = (
    PlayerError,
    IllegalAction,
    TableError,
    TournamentError,
)


# Discord's own names for permissions, as members find them in the server's settings
# (Discord names them in each language; the catalogs follow its words).
PERMISSION_NAMES = {
    "administrator": N_("Administrator"),
    "manage_guild": N_("Manage Server"),
    "manage_messages": N_("Manage Messages"),
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "read_message_history": N_("Read Message History"),
    "embed_links": N_("Embed Links"),
    "attach_files": N_("Attach Files"),
    "use_external_emojis": N_("Use External Emojis"),
}
# What the bot needs in a channel to show a table there.
TABLE_PERMISSIONS = ("view_channel", "send_messages")
THREAD_PERMISSIONS = ("view_channel", "send_messages_in_threads")


def permission_name(flag: str) -> str:
    known = PERMISSION_NAMES.get(flag)
    return _(known) if known is not None else flag.replace("_", " ").title()


def missing_permission_text(channel_id: int, missing: Sequence[str] = TABLE_PERMISSIONS) -> str:
    """What to tell the host when the bot may not show the table in a channel."""
    names = format_list([permission_name(p) for p in missing])
    return ngettext(
        "I can't show the table in {channel}: I need the {names} permission there. A"
        " moderator can give it to me in the channel's settings (Permissions), or play in"
        " another channel.",
        "I can't show the table in {channel}: I need the {names} permissions there. A"
        " moderator can give them to me in the channel's settings (Permissions), or play in"
        " another channel.",
        len(missing),
    ).format(channel=f"<#{channel_id}>", names=names)


def missing_table_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks in the interaction's channel to show a table there."""
    needed = (
        THREAD_PERMISSIONS if isinstance(interaction.channel, discord.Thread) else TABLE_PERMISSIONS
    )
    return [flag for flag in needed if not getattr(interaction.app_permissions, flag)]


def player_message(error: BaseException) -> str | None:
    """What to tell the player about ``error``, or ``None`` when it is our fault."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, app_commands.TransformerError):
        return _("`{value}` is not a valid value for that option.").format(value=echo(error.value))
    if isinstance(error, IllegalAction):
        # The engine says why in figures; its words are the reader's here.
        return refusal_text(error)
    if isinstance(error, (*PLAYER_ERRORS, BadOption)):
        return str(error)
    if isinstance(error, app_commands.MissingPermissions):
        needed = format_list([permission_name(p) for p in error.missing_permissions])
        return ngettext(
            "You need the {names} permission for that.",
            "You need the {names} permissions for that.",
            len(error.missing_permissions),
        ).format(names=needed)
    if isinstance(error, app_commands.NoPrivateMessage):
        return _("That works in a server channel, not in a DM.")
    if isinstance(error, app_commands.CommandOnCooldown):
        seconds = round(error.retry_after)
        return ngettext(
            "Slow down: try again in {count} second.",
            "Slow down: try again in {count} seconds.",
            seconds,
        ).format(count=seconds)
    if isinstance(error, app_commands.CheckFailure):
        return _("You can't use that here.")
    if isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
        return _("This command was just updated; try again in a minute.")
    return None


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user what went wrong, ephemerally; log it when it is not their doing."""
    text = player_message(error)
    if text is None:
        log.error(
            "Error handling %s from user %s in channel %s",
            describe(interaction),
            interaction.user.id,
            interaction.channel_id,
            exc_info=error,
        )
        text = _(APOLOGY)
    try:
        await answer(interaction, text)
    except discord.HTTPException:
        # The interaction expired or was answered elsewhere; nobody is left to tell.
        log.warning("Could not tell user %s about an error", interaction.user.id, exc_info=True)


def describe(interaction: discord.Interaction) -> str:
    """``/spades play`` or ``button spades:...`` for the log."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Mapping[str, object] = interaction.data or {}
    return f"component {data.get('custom_id', '?')}"


def install_error_handler(tree: app_commands.CommandTree[ClientT]) -> None:
    """Route every app command error through ``answer_error`` (each cog's ``setup`` calls
    this: whichever loads first installs it, the others find it there)."""
    tree.error(answer_error)


def storage_of(client: discord.Client, missing: str) -> Storage:
    """The bot's storage; refused with ``missing`` (a sentence in the reader's language)
    when it runs without one."""
    storage: Storage | None = getattr(client, "storage", None)
    if storage is None:
        raise PlayerError(missing)
    return storage
