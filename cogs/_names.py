"""Members' names as Discord text shows them: as typed, never a mention, never formatting.

A display name is whatever its member typed: ``@everyone``, ``<@&role>``, ``<@id>`` or
``**big**`` would ping or format wherever the name is written. ``shown_name`` is applied
once, where a name enters the bot (the member a command or click comes from, the member a
command names), so the tables, their notices, DMs, the stored game records and the
leaderboard all hold the safe form. Where Discord reads no Markdown (code blocks, button
labels) ``plain_name`` takes the backslashes out again; ``typed_name`` gives the name as
typed, for pictures.
"""

from __future__ import annotations

import re

import discord

ZERO_WIDTH_SPACE = "\u200b"
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)


def shown_name(name: str) -> str:
    """``name`` Markdown-escaped, with a zero-width space after every ``@`` and ``<``: it
    reads the same but is no mention (``@everyone``, ``<@id>``, ``<@&id>``), channel or
    emoji tag."""
    escaped = discord.utils.escape_markdown(name)
    return escaped.replace("@", "@" + ZERO_WIDTH_SPACE).replace("<", "<" + ZERO_WIDTH_SPACE)


def plain_name(shown: str) -> str:
    """A ``shown_name`` where Markdown is not read (code blocks, labels): without the
    backslashes, still no mention."""
    # Most names hold no escape (every picture asks for each seat's name again).
    return _ESCAPED.sub(r"\1", shown) if "\\" in shown else shown


def typed_name(shown: str) -> str:
    """A ``shown_name`` as its member typed it, for pictures, where nothing pings."""
    return plain_name(shown).replace(ZERO_WIDTH_SPACE, "")
