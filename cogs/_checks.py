"""What every command and click goes through before it runs: its answer kept within Discord's
three seconds, and its option values checked against what the command declares.

Discord's client only offers declared choices and ranges, but an interaction can carry any
value (an old client, a script): each is checked here, and a bad one is refused with the
allowed values, before any command code sees it.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import _, format_number
from cogs._answer import echo, keep_in_time


class BadOption(app_commands.CheckFailure):
    """An option value the command does not accept; the message says what it does."""


def check_interaction(interaction: discord.Interaction[Any]) -> bool:
    """Every cog's ``interaction_check``: raises ``BadOption`` for a value out of bounds."""
    keep_in_time(interaction)
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True
    for parameter in command.parameters:
        value = getattr(interaction.namespace, parameter.name, None)
        if value is None:
            continue
        problem = _problem(parameter, value)
        if problem is not None:
            raise BadOption(
                _("`{value}` won't do for {option}: {problem}.").format(
                    value=echo(value), option=parameter.display_name, problem=problem
                )
            )
    return True


def _problem(parameter: app_commands.Parameter, value: object) -> str | None:
    if parameter.choices:
        allowed = [choice.value for choice in parameter.choices]
        if value not in allowed:
            names = [_(str(choice.name)) for choice in parameter.choices]
            return _("choose {choices}").format(choices=", ".join(names))
    if isinstance(value, int | float) and not isinstance(value, bool):
        low, high = parameter.min_value, parameter.max_value
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                return _("from {low} to {high}").format(
                    low=format_number(low), high=format_number(high)
                )
            if low is not None:
                return _("at least {low}").format(low=format_number(low))
            assert high is not None
            return _("at most {high}").format(high=format_number(high))
    return None
