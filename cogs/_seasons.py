"""The ``season`` option of ``/leaderboard`` and ``/stats``: its autocomplete (the server's
seasons, newest first, and all-time) and what a value means.

Without the option a board shows the season running now, or the all-time record when none
runs; ``all-time`` asks for the all-time record while a season runs.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import _
from bot.storage.seasons import Season, Seasons
from cogs._answer import echo
from cogs._errors import PlayerError, storage_of
from cogs._languages import enter_language

# The value that names the all-time record (a season may not take this name).
ALL_TIME = "all-time"
# Discord shows at most 25 autocomplete choices.
MAX_CHOICES = 25


def seasons_of(client: discord.Client) -> Seasons:
    return storage_of(
        client, _("Seasons are not kept by this bot (it runs without storage).")
    ).seasons


async def chosen_season(seasons: Seasons, guild_id: int, value: str | None) -> Season | None:
    """The season the option names; ``None`` for the all-time record."""
    if value is None:
        return await seasons.running(guild_id)
    name = " ".join(value.split())
    if name.lower() == ALL_TIME:
        return None
    found = await seasons.named(guild_id, name)
    if found is None:
        raise PlayerError(
            _("This server has no season named “{name}”: /season list shows its seasons.").format(
                name=echo(value)
            )
        )
    return found


def scope_label(season: Season | None) -> str:
    """What a board covers, for its title."""
    if season is None:
        return _("all-time")
    if season.running:
        return _("season {name}, running").format(name=season.name)
    return _("season {name}, final").format(name=season.name)


async def season_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The server's seasons whose names hold what is typed, the newest first, then
    all-time."""
    if interaction.guild_id is None:
        return []
    # discord.py runs no cog's interaction_check before an autocomplete callback, so the
    # member's language is set here.
    enter_language(interaction)
    typed = current.strip().lower()
    found = await seasons_of(interaction.client).of_guild(interaction.guild_id)
    choices = [
        app_commands.Choice(
            name=(_("{name} (running)") if season.running else _("{name} (ended)")).format(
                name=season.name
            )[:100],
            value=season.name,
        )
        for season in found
        if typed in season.name.lower()
    ]
    if typed in ALL_TIME:
        choices.append(app_commands.Choice(name=_("All-time record"), value=ALL_TIME))
    return choices[:MAX_CHOICES]
