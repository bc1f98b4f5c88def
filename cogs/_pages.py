"""Previous / Next buttons that turn one message through pages: the leaderboards, the bots'
reasons in ``/history``, a duplicate round's deals. Each page's button is a
``discord.ui.DynamicItem`` that knows its page, so the buttons work after a restart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import _

Turn = discord.ui.DynamicItem[discord.ui.Button[Any]]


def page_button(custom_id: str, label: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id)


def label_of(item: discord.ui.Item[Any]) -> str:
    """The clicked button's label, for the item rebuilt from its custom id."""
    return (item.label if isinstance(item, discord.ui.Button) else None) or _("Page")


def turn_view(
    make: Callable[[int, str], Turn], back: int, forward: int, *, first: bool, last: bool
) -> discord.ui.View:
    """◀ Previous to page ``back`` and Next ▶ to page ``forward`` (``make`` builds a button
    to a page with a label), disabled on the first and last page."""
    view = discord.ui.View(timeout=None)
    previous, following = make(back, _("◀ Previous")), make(forward, _("Next ▶"))
    previous.item.disabled = first
    following.item.disabled = last
    view.add_item(previous)
    view.add_item(following)
    return view
