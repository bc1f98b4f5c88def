"""The card faces as the application's emojis: found by name, uploaded once where missing,
and asked for by the presenter and the controls (``card -> emoji``).

Until they are ready, or when they cannot be had (Discord refuses an upload, the
application is at its limit, the list cannot be read), every card shows as text with its
suit symbol, as before; the reason is logged once. The whole set or nothing: a hand never
mixes pictures and text.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.engine import Card
from bot.render.cards import CARDS, card_emojis, card_face, emoji_name

log = logging.getLogger(__name__)


class CardEmojis:
    """Which emoji shows each card, once ``load`` has found or uploaded them all."""

    def __init__(self) -> None:
        self._emojis: dict[str, discord.PartialEmoji] = {}  # by name, the whole set or none
        self._markup: dict[str, str] = {}  # by name: "<:sb_AS:123>"
        self.uploaded = 0  # uploaded by this process (the others were found)
        self.done = asyncio.Event()  # set once loading has ended, with emojis or without

    @property
    def ready(self) -> bool:
        return bool(self._emojis)

    def emoji(self, card: Card) -> discord.PartialEmoji | None:
        """The card's emoji, for a button or a select option; ``None`` while text stands in."""
        return self._emojis.get(emoji_name(card))

    def face(self, card: Card) -> str:
        """The card in a message: its emoji's markup, or text (``A♠``) while there is none."""
        return card_face(card, self._markup)

    async def load(self, client: discord.Client) -> None:
        """Find the card emojis the application has and upload the missing ones; on any
        refusal, keep to text and say why once. Never raises (but for cancellation)."""
        try:
            found = await self._find_or_upload(client)
        except (discord.HTTPException, discord.MissingApplicationID, ValueError) as error:
            log.warning("Cards show as text: could not set up their emojis (%s)", error)
            self.done.set()
            return
        self._emojis = {
            name: discord.PartialEmoji(name=name, id=emoji.id) for name, emoji in found.items()
        }
        self._markup = {name: str(emoji) for name, emoji in self._emojis.items()}
        self.done.set()
        found_before = len(found) - self.uploaded
        log.info("Card emojis ready: %d found, %d uploaded", found_before, self.uploaded)

    async def _find_or_upload(self, client: discord.Client) -> dict[str, discord.Emoji]:
        found = await _ours(client)
        if len(found) < len(CARDS):
            # Drawing every face takes most of a second: off the event loop.
            pictures = await asyncio.to_thread(card_emojis)
            for name, png in pictures.items():
                if name in found:
                    continue
                try:
                    found[name] = await client.create_application_emoji(name=name, image=png)
                    self.uploaded += 1
                except discord.HTTPException:
                    # Another process of this bot, starting at the same time, may have
                    # uploaded it first: Discord refuses a name twice.
                    found |= await _ours(client)
                    if name not in found:
                        raise
        return found


async def _ours(client: discord.Client) -> dict[str, discord.Emoji]:
    """The application's card emojis, by name."""
    wanted = {emoji_name(card) for card in CARDS}
    return {e.name: e for e in await client.fetch_application_emojis() if e.name in wanted}
