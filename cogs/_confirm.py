"""A yes/no question that only the member who asked may answer (forgetme, leaderboard reset)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import _
from cogs._answer import answer, keep_in_time, update
from cogs._errors import answer_error


class Confirm(discord.ui.View):
    """Two buttons: ``yes`` runs ``on_yes`` and shows the text it returns; ``no`` changes
    nothing and says so. Errors are answered like any command's."""

    def __init__(
        self,
        user_id: int,
        *,
        yes: str,
        no: str,
        on_yes: Callable[[], Awaitable[str]],
        cancelled: str,
        timeout: float = 120,
    ) -> None:
        super().__init__(timeout=timeout)
        self.user_id = user_id
        self.on_yes = on_yes
        self.cancelled = cancelled
        self.confirm.label = yes
        self.cancel.label = no

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.user_id:
            await answer(interaction, _("Only the member who asked can confirm this."))
            return False
        keep_in_time(interaction)
        return True

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Confirm]
    ) -> None:
        done = await self.on_yes()
        self.stop()
        await update(interaction, done, view=None)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Confirm]
    ) -> None:
        self.stop()
        await update(interaction, self.cancelled, view=None)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await answer_error(interaction, error)
