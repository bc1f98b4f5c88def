"""Card faces for Discord: each card's application-emoji name, its picture as a PNG, and the
one switch that shows a card as its emoji or, where none was uploaded, as text."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageDraw

from bot.engine import ALL_CARDS, Card
from bot.engine.cards import BIG_JOKER
from bot.render import paint
from bot.render.words import card_text

# Discord shows an emoji at up to 128 px; a button shows it at about 22 px on a phone.
FACE_SIZE = 128
# Drawn this many times larger, then scaled down: Pillow's shapes have no anti-aliasing.
_SUPERSAMPLE = 4
# Emoji names are 2 to 32 letters, digits and underscores; the prefix keeps ours apart from
# any other application's.
EMOJI_PREFIX = "sb_"
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
# The hex digits of the face's hash in its emoji's name: a redrawn face gets a new name.
_ART_HASH = 6
_HEX = re.compile(r"[0-9a-f]+")

CARDS: tuple[Card, ...] = ALL_CARDS
"""Every card a deck option can deal: the 52 suited cards and both jokers."""


@cache  # every card of every picture asks (some 30 a click when bots play)
def emoji_key(card: Card) -> str:
    """The card's part of its emoji's name, by which the faces are looked up: ``sb_AS``,
    ``sb_10H``, ``sb_BJ``, ``sb_LJ``."""
    return EMOJI_PREFIX + (card.code if card.suit is None else _rank(card) + card.suit.letter)


def emoji_name(card: Card) -> str:
    """The card's application-emoji name: its key and a short hash of its face
    (``sb_AS_1a2b3c``), so that an emoji of that name shows this face and no other."""
    return f"{emoji_key(card)}_{hashlib.sha256(card_png(card)).hexdigest()[:_ART_HASH]}"


def card_emoji_key(name: str) -> str | None:
    """The card an emoji's name says it shows (its key), whatever picture it was uploaded
    with: ``sb_AS_1a2b3c`` and an older set's ``sb_AS`` both give ``sb_AS``; ``None`` for a
    name that is not a card face of ours."""
    keys = {emoji_key(card) for card in CARDS}
    if name in keys:
        return name
    key, _, art = name.rpartition("_")
    return key if key in keys and _HEX.fullmatch(art) else None


def card_face(card: Card, emojis: Mapping[str, str] | None = None) -> str:
    """The card as Discord shows it: its emoji's markup (``<:sb_AS_1a2b3c:123>``) where
    ``emojis`` (emoji key to markup) has it, else text with the suit symbol, in the reader's
    letters (``A♠``, ``10♥``; ``R♠`` for the king of spades in Spanish)."""
    if emojis is not None:
        markup = emojis.get(emoji_key(card))
        if markup is not None:
            return markup
    return card_text(card)


@cache
def card_png(card: Card) -> bytes:
    """The card's face, a 128 by 128 PNG with a transparent surround, for its emoji."""
    return paint.png(_face(card))


def card_emojis() -> dict[str, bytes]:
    """Every card's emoji name and PNG, in deck order: what to upload."""
    return {emoji_name(card): card_png(card) for card in CARDS}


def card_sheet(columns: int = 13) -> bytes:
    """All the faces on one PNG, a suit a row, jokers last, on Discord's dark and light
    backgrounds side by side: to look at them as players will."""
    gap = 8
    step = FACE_SIZE + gap
    rows = -(-len(CARDS) // columns)
    width = columns * step + gap
    sheet = Image.new("RGB", (width * 2, rows * step + gap), (49, 51, 56))
    sheet.paste((255, 255, 255), (width, 0, width * 2, sheet.height))
    for i, card in enumerate(CARDS):
        face = _face(card)
        for offset in (0, width):
            x, y = offset + gap + i % columns * step, gap + i // columns * step
            sheet.paste(face, (x, y), face)
    return paint.png(sheet)


def _rank(card: Card) -> str:
    return "10" if card.rank == 10 else card.code[0]


def _face(card: Card) -> Image.Image:
    s = _SUPERSAMPLE
    size = FACE_SIZE * s
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    # A card a little taller than wide, filling the emoji's height.
    left, right = 10 * s, size - 10 * s
    edge = 5 * s
    draw.rounded_rectangle(
        (left, 0, right - 1, size - 1),
        radius=16 * s,
        fill=paint.WHITE,
        outline=paint.EDGE,
        width=edge,
    )
    colour = paint.ink(card)
    inner = (left + edge + 5 * s, right - edge - 5 * s)
    if card.suit is None:
        word = "BIG" if card.index == BIG_JOKER else "LITTLE"
        paint.text_block(word, (inner[0], 13 * s, inner[1], 45 * s), colour, image)
        paint.draw_star(draw, (inner[0], 50 * s, inner[1], 120 * s), colour)
    else:
        paint.text_block(_rank(card), (inner[0], 11 * s, inner[1], 63 * s), colour, image)
        paint.draw_suit(draw, card.suit, (inner[0], 69 * s, inner[1], 119 * s), colour)
    return image.resize((FACE_SIZE, FACE_SIZE), Image.Resampling.LANCZOS)
