"""The card faces as the application's emojis: found by name, uploaded once where missing,
and asked for by the presenter and the controls (``card -> emoji``).

A face's emoji name carries a short hash of its picture (``sb_AS_1a2b3c``): an emoji with
another picture under a card's name (an older drawing, an earlier set) is never used; ours
whose picture is not the current face are deleted, and emojis of any other name are left.

Until they are ready, or when they cannot be had (Discord refuses an upload, the
application is at its limit, the list cannot be read), every card shows as text with its
suit symbol, as before; the reason is logged once. The whole set or nothing: a hand never
mixes pictures and text.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

import discord

from bot.engine import Card
from bot.render.cards import CARDS, card_emoji_key, card_face, card_png, emoji_key, emoji_name

log = logging.getLogger(__name__)


class CardEmojis:
    """Which emoji shows each card, once ``load`` has found or uploaded them all."""

    def __init__(self) -> None:
        self._emojis: dict[str, discord.PartialEmoji] = {}  # by key, the whole set or none
        self._markup: dict[str, str] = {}  # by key ("sb_AS"): "<:sb_AS_1a2b3c:123>"
        self.uploaded = 0  # uploaded by this process (the others were found)
        self.deleted = 0  # ours with a picture other than the face, deleted by this process
        self.done = asyncio.Event()  # set once loading has ended, with emojis or without

    @property
    def ready(self) -> bool:
        return bool(self._emojis)

    def emoji(self, card: Card) -> discord.PartialEmoji | None:
        """The card's emoji, for a button or a select option; ``None`` while text stands in."""
        return self._emojis.get(emoji_key(card))

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
            emoji_key(card): discord.PartialEmoji(name=emoji.name, id=emoji.id)
            for card, emoji in found.items()
        }
        self._markup = {key: str(emoji) for key, emoji in self._emojis.items()}
        self.done.set()
        found_before = len(found) - self.uploaded
        log.info(
            "Card emojis ready: %d found, %d uploaded, %d stale deleted",
            found_before,
            self.uploaded,
            self.deleted,
        )

    async def _find_or_upload(self, client: discord.Client) -> dict[Card, discord.Emoji]:
        # Drawing every face takes most of a second: off the event loop. Each start draws
        # them, as the names carry the pictures' hashes.
        names = await asyncio.to_thread(lambda: {emoji_name(card): card for card in CARDS})
        listed = await client.fetch_application_emojis()
        await self._delete_stale(e for e in listed if e.name not in names)
        found = {names[e.name]: e for e in listed if e.name in names}
        for name, card in names.items():
            if card in found:
                continue
            try:
                found[card] = await client.create_application_emoji(name=name, image=card_png(card))
                self.uploaded += 1
            except discord.HTTPException:
                # Another process of this bot, starting at the same time, may have
                # uploaded it first: Discord refuses a name twice.
                again = {e.name: e for e in await client.fetch_application_emojis()}
                if name not in again:
                    raise
                found[card] = again[name]
        return found

    async def _delete_stale(self, others: Iterable[discord.Emoji]) -> None:
        """Delete our card emojis whose picture is not the current face (an older drawing,
        an earlier set's names without a hash), so redrawn faces need no clean-up by hand.
        A deletion refused is logged and left for the next start: it is never shown."""
        for emoji in others:
            if card_emoji_key(emoji.name) is None:
                continue  # not one of our faces: someone else's
            try:
                await emoji.delete()
                self.deleted += 1
            except discord.NotFound:
                pass  # another process of this bot deleted it first
            except discord.HTTPException as error:
                log.warning("Could not delete the stale card emoji %s (%s)", emoji.name, error)
