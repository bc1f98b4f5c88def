"""The preset options (``/spades new``, ``/changerules preset``, ``/tournament new``): offered
by autocomplete, since Discord allows at most 25 fixed choices an option and there are more
presets than that; the value a member sends is checked, as autocomplete does not bind it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import _
from bot.render.presets import preset_label
from cogs._answer import echo
from cogs._errors import PlayerError
from cogs._languages import enter_language

# Discord shows at most 25 autocomplete suggestions.
MOST_SUGGESTIONS = 25


def preset_suggestions(
    interaction: discord.Interaction[Any], names: Iterable[str], typed: str
) -> list[app_commands.Choice[str]]:
    """Up to 25 of the presets ``names`` whose name or description (in the member's language)
    holds what was typed: those whose name starts with it first."""
    # discord.py runs no cog's interaction_check before an autocomplete callback, so the
    # member's language is set here.
    enter_language(interaction)
    typed = typed.strip().lower()
    labelled = [(name, preset_label(name)) for name in names]
    found = [(name, label) for name, label in labelled if typed in label.lower()]
    found.sort(key=lambda pair: not pair[0].lower().startswith(typed))
    return [app_commands.Choice(name=label, value=name) for name, label in found[:MOST_SUGGESTIONS]]


def known_preset(typed: str, names: Iterable[str]) -> str:
    """The preset ``typed`` names, or a refusal that lists the ones to pick from."""
    allowed = list(names)
    name = typed.strip().lower()
    if name not in allowed:
        raise PlayerError(
            _("There is no preset called `{preset}`. Pick one of: {presets}.").format(
                preset=echo(typed), presets=", ".join(allowed)
            )
        )
    return name
