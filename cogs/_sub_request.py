"""The request ``/spades sub`` posts: a message in the table's channel that mentions only the
member asked, with Accept and Decline buttons that only they may use.

The request goes to the table's channel, not to a DM: the member is in that server, and a
mention there reaches them whether or not they accept DMs from the bot; everyone at the
table sees that they were asked and what they answered; and a DM from a bot a member never
talked to reads like spam. The message's ``allowed_mentions`` name that member alone, so
whatever names it shows, it pings nobody else.

A button's custom id is ``spades:sub:<table>:<request>:<member>:<yes|no>``: the stored
request and whom it asks, so a click finds them after a restart, and a click by anyone else
is refused without reading anything.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import _
from bot.storage.records import SubRequest
from cogs._answer import keep_in_time
from cogs._errors import answer_error

SUB_PATTERN = r"spades:sub:(?P<table>\d+):(?P<request>\d+):(?P<user>\d+):(?P<answer>yes|no)"


@dataclass(frozen=True, slots=True)
class SubClick:
    """A click on a request's button: which request, whom it asks, and the answer."""

    table_id: int
    request_id: int
    user_id: int
    accept: bool

    @property
    def custom_id(self) -> str:
        answer = "yes" if self.accept else "no"
        return f"spades:sub:{self.table_id}:{self.request_id}:{self.user_id}:{answer}"


# How clicks reach the table layer: set once by the spades cog when it loads.
SubHandler = Callable[[discord.Interaction, SubClick], Awaitable[None]]
_handler: list[SubHandler] = []


def set_sub_handler(handler: SubHandler) -> None:
    _handler[:] = [handler]


class SubAnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SUB_PATTERN):
    """Accept or Decline on a request to take a seat."""

    def __init__(self, click: SubClick) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Accept") if click.accept else _("Decline"),
                style=discord.ButtonStyle.success
                if click.accept
                else discord.ButtonStyle.secondary,
                custom_id=click.custom_id,
            )
        )
        self.click = click

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SubAnswerButton:
        click = SubClick(
            int(match["table"]), int(match["request"]), int(match["user"]), match["answer"] == "yes"
        )
        return cls(click)

    async def callback(self, interaction: discord.Interaction) -> None:
        keep_in_time(interaction)
        try:
            if not _handler:
                raise RuntimeError("a seat request was answered but the spades cog is not loaded")
            await _handler[0](interaction, self.click)
        except Exception as error:
            await answer_error(interaction, error)


def request_message(
    request: SubRequest, member: discord.abc.User, asker: str, held: str
) -> tuple[str, discord.ui.View, discord.AllowedMentions]:
    """The request's text, its two buttons, and mentions that ping ``member`` alone;
    ``asker`` and ``held`` are names as shown (``cogs._names.shown_name``)."""
    text = _(
        "{member}, {asker} asks you to take over seat {seat} from {held} in the game here."
        " The seat is yours only if you accept; this request expires {when}."
    ).format(
        member=member.mention,
        asker=asker,
        seat=request.seat + 1,
        held=held,
        when=f"<t:{request.expires}:R>",
    )
    view = discord.ui.View(timeout=None)
    for accept in (True, False):
        click = SubClick(request.table_id, request.request_id, request.user_id, accept)
        view.add_item(SubAnswerButton(click))
    mentions = discord.AllowedMentions(
        everyone=False, roles=False, users=[member], replied_user=False
    )
    return text, view, mentions
