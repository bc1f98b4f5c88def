"""Who reads which language (issue 23): a member their own, the language of their latest
interaction unless they chose another with ``/spades language``, remembered (stored) so
their DMs and turn notices reach them in it; a server's channels the server's language.

``enter_language`` is the one place an interaction's language is set: every interaction,
command or click, calls ``keep_in_time`` first, which calls it, and the language holds for
the rest of the interaction's task, its ephemeral answers included.

A task started while an interaction is handled (a table's bot moves, its timers, the
presenter's edits) inherits that member's language with the rest of the context, so what
outlives the interaction must say whose language it writes in: ``use_locale(await
languages.guild(...))`` around the channel's messages, ``use_locale(languages.member(...))``
around a member's DMs.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, speak
from bot.storage.records import MemberLocale, StorageFailed, TableStore
from bot.urgency import background

log = logging.getLogger(__name__)

FOLLOW_DISCORD = "discord"
# The languages a member may choose, each named in itself (a reader looks for their own
# language's name, in any language), and Discord's own setting.
LANGUAGE_CHOICES: tuple[tuple[str, str], ...] = (
    (N_("As my Discord is set"), FOLLOW_DISCORD),
    ("English", "en-US"),
    ("Español", "es-ES"),
    ("Português (Brasil)", "pt-BR"),
    ("Français", "fr"),
    ("Deutsch", "de"),
)


SERVER_FOLLOWS_DISCORD = N_("As the server's Discord is set")


def language_choices(follow: str = LANGUAGE_CHOICES[0][0]) -> list[app_commands.Choice[str]]:
    """The choices of ``/spades language`` (``follow``: the label of "as Discord is set",
    translated by the tree's translator; the others are the languages' own names)."""
    return [app_commands.Choice(name=app_commands.locale_str(follow), value=FOLLOW_DISCORD)] + [
        app_commands.Choice(name=app_commands.locale_str(label), value=value)
        for label, value in LANGUAGE_CHOICES[1:]
    ]


class Languages:
    """Every member's languages, held in memory and stored: their latest Discord locale
    (written when it changes, in the background) and their choice."""

    def __init__(self, store: TableStore) -> None:
        self._store = store
        self._known: dict[int, MemberLocale] = {}
        self._guilds: dict[int, str | None] = {}
        self._writes: set[asyncio.Task[None]] = set()

    async def load(self) -> None:
        self._known = await self._store.member_locales()

    def member(self, user_id: int) -> str | None:
        """The language to write to the member in (DMs, turn notices), if known."""
        known = self._known.get(user_id)
        return None if known is None else known.locale

    def enter(self, interaction: discord.Interaction[Any]) -> str:
        """Speak the member's language for the rest of ``interaction``; remember the locale
        it carries. Returns the language."""
        user_id, seen = interaction.user.id, str(interaction.locale)
        known = self._known.get(user_id, MemberLocale())
        if known.seen != seen:
            known = dataclasses.replace(known, seen=seen)
            self._known[user_id] = known
            self._write(user_id, seen)
        locale = known.chosen or seen
        speak(locale)
        return locale

    async def choose(self, user_id: int, locale: str | None) -> None:
        """The member chose ``locale`` (``None``: as their Discord is set); stored before
        it is in force."""
        await self._store.set_chosen_locale(user_id, locale)
        known = self._known.get(user_id, MemberLocale())
        self._known[user_id] = dataclasses.replace(known, chosen=locale)

    def forget(self, user_id: int) -> None:
        """``/spades forgetme``: the stored row is gone; so is the one in memory."""
        self._known.pop(user_id, None)

    async def guild(self, guild_id: int, discord_locale: str | None) -> str | None:
        """The language of the server's channels: its choice, else its Discord locale."""
        if guild_id not in self._guilds:
            self._guilds[guild_id] = await self._store.guild_locale(guild_id)
        return self._guilds[guild_id] or discord_locale

    async def choose_guild(self, guild_id: int, locale: str | None) -> None:
        await self._store.set_guild_locale(guild_id, locale)
        self._guilds[guild_id] = locale

    def _write(self, user_id: int, seen: str) -> None:
        task = background(self._store_seen(user_id, seen))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _store_seen(self, user_id: int, seen: str) -> None:
        try:
            await self._store.set_seen_locale(user_id, seen)
        except Exception:
            # Only a remembered language is lost: the next interaction writes it again.
            log.warning("Could not store member %s's language", user_id, exc_info=True)
            known = self._known.get(user_id)
            if known is not None and known.seen == seen:
                self._known[user_id] = dataclasses.replace(known, seen=None)

    async def flush(self) -> None:
        """Wait for the languages being written."""
        while self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)


_installed: Languages | None = None


def install_languages(languages: Languages | None) -> None:
    """Make ``languages`` the one ``enter_language`` consults (``None``: none)."""
    global _installed
    _installed = languages


async def choose_guild_language(store: TableStore, guild_id: int, locale: str | None) -> None:
    """The server chose ``locale`` for its channels (``None``: its Discord's): stored, then
    in force for the tables' messages."""
    if _installed is not None:
        await _installed.choose_guild(guild_id, locale)
    else:
        await store.set_guild_locale(guild_id, locale)


async def server_language(
    client: discord.Client, guild_id: int | None, languages: Languages | None = None
) -> str | None:
    """The language of the server's channels, for what all of a channel reads: its choice
    (``/changerules language``), else its Discord's (``languages``: where its choice is
    kept, the installed one by default)."""
    languages = languages or _installed
    guild = None if guild_id is None else client.get_guild(guild_id)
    locale = None if guild is None else str(guild.preferred_locale)
    if languages is not None and guild_id is not None:
        try:
            locale = await languages.guild(guild_id, locale)
        except StorageFailed as error:
            log.warning("Could not read the language of server %d: %s", guild_id, error)
    return locale


def member_language(user_id: int) -> str | None:
    """The member's language as last known (``None``: not known here), for what reaches
    them outside an interaction of theirs (a click forwarded from another process)."""
    return None if _installed is None else _installed.member(user_id)


def enter_language(interaction: discord.Interaction[Any]) -> None:
    """Speak the language of whoever made ``interaction`` for the rest of its handling."""
    if _installed is not None:
        _installed.enter(interaction)
    else:
        speak(str(interaction.locale))
