"""Pillow drawing shared by the card faces and the hand pictures: colours, the fonts, suit
shapes drawn in code, and PNG output.

Words are drawn in DejaVu Sans (``fonts/``, bundled under the Bitstream Vera licence beside
it), which has every letter of the languages the bot speaks, accents included; the card
faces' ranks keep Pillow's own Aileron, which has no accents but needs none."""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.engine import Card, Suit
from bot.render.text import is_red

Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]

RED: Colour = (206, 17, 38)
BLACK: Colour = (20, 20, 24)
WHITE: Colour = (255, 255, 255)
# A mid-dark grey edge shows on Discord's dark theme and on its light one alike.
EDGE: Colour = (96, 96, 104)
MUTED: Colour = (96, 96, 104)


def ink(card: Card) -> Colour:
    return RED if is_red(card) else BLACK


# The words' font: Latin with its accents (and Greek and Cyrillic), no emoji, no CJK.
WORDS_FONT = Path(__file__).parent / "fonts" / "DejaVuSans.ttf"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled Aileron at ``size`` pixels, laid out without Raqm so the same Pillow
    gives the same pixels whichever optional libraries it found."""
    loaded = ImageFont.load_default(size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):
        raise RuntimeError("Drawing cards needs Pillow built with FreeType (its wheels are).")
    return loaded.font_variant(layout_engine=ImageFont.Layout.BASIC)


@cache
def words_font(size: int) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels, for every word a picture shows, laid out without
    Raqm as ``font`` is."""
    return ImageFont.truetype(WORDS_FONT, size, layout_engine=ImageFont.Layout.BASIC)


@cache
def has_glyph(char: str) -> bool:
    """Whether the words' font draws ``char`` (a missing glyph draws as the .notdef box)."""
    sample = words_font(24)
    return char == " " or bytes(sample.getmask(char)) != bytes(sample.getmask("\uffff"))


def printable(text: str) -> str:
    """``text`` in the characters the words' font has: accented letters as they are
    (``apostó``, ``Zoë``), a letter it lacks by its base letter where it has one, and other
    characters (emoji, scripts it does not cover) left out, so a name never draws as a row
    of boxes."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        if has_glyph(char):
            kept.append(char)
            continue
        parts = unicodedata.normalize("NFKD", char)
        kept += [c for c in parts if not unicodedata.combining(c) and has_glyph(c)]
    return " ".join("".join(kept).split())


def text_width(text: str, size: int, bold: bool = False) -> float:
    stroke = _stroke(size) if bold else 0
    return words_font(size).getlength(text) + 2 * stroke


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis where it would run wider than ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(parts: Sequence[str], size: int, width: float, between: str = " ") -> list[str]:
    """``parts`` (words, or phrases kept whole) joined by ``between`` into lines no wider
    than ``width``."""
    lines: list[str] = []
    for part in parts:
        if lines and text_width(lines[-1] + between + part, size) <= width:
            lines[-1] += between + part
        else:
            lines.append(part)
    return lines


def _stroke(size: int) -> int:
    # The fonts are a regular weight: a stroke in the text's colour makes them bold.
    return max(1, round(size / 22))


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    stroke = _stroke(size) if bold else 0
    draw.text(
        xy,
        text,
        font=words_font(size),
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=fill,
    )


def text_block(text: str, box: Box, fill: Colour, canvas: Image.Image) -> None:
    """Bold ``text`` drawn to fill ``box``'s height, squeezed sideways if it is too wide
    (so "10" stands as tall as "A"), centred in the box."""
    x0, y0, x1, y1 = box
    size = 200
    face = font(size)
    stroke = round(_stroke(size) * 1.4)
    left, top, right, bottom = face.getbbox(text, stroke_width=stroke)
    mask = Image.new("L", (round(right - left), round(bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=face, fill=255, stroke_width=stroke, stroke_fill=255
    )
    height = y1 - y0
    width = min(x1 - x0, mask.width * height / mask.height)
    scaled = mask.resize((round(width), round(height)), Image.Resampling.LANCZOS)
    at = (round((x0 + x1 - width) / 2), round(y0))
    canvas.paste(Image.new("RGB", scaled.size, fill), at, scaled)


def _heart_points(box: Box, flip: bool) -> list[tuple[float, float]]:
    """The classic heart curve scaled into ``box``; ``flip`` turns it point up (a spade)."""
    steps = 96
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, -y if flip else y))
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    x0, y0, x1, y1 = box
    sx, sy = (x1 - x0) / (max(xs) - min(xs)), (y1 - y0) / (max(ys) - min(ys))
    return [(x0 + (x - min(xs)) * sx, y0 + (y - min(ys)) * sy) for x, y in raw]


def _stem(
    draw: ImageDraw.ImageDraw, cx: float, top: float, bottom: float, w: float, fill: Colour
) -> None:
    """The flared foot of a spade or a club."""
    draw.polygon(
        [
            (cx - w * 0.07, top),
            (cx + w * 0.07, top),
            (cx + w * 0.22, bottom),
            (cx - w * 0.22, bottom),
        ],
        fill=fill,
    )


# Width over height of each suit's shape, so a shape keeps its proportions in any box.
SUIT_ASPECT = {Suit.CLUBS: 1.0, Suit.DIAMONDS: 0.78, Suit.HEARTS: 1.08, Suit.SPADES: 0.92}


def draw_suit(draw: ImageDraw.ImageDraw, suit: Suit, box: Box, fill: Colour) -> None:
    """The suit's symbol, as large as fits in ``box`` and centred there."""
    x0, y0, x1, y1 = box
    aspect = SUIT_ASPECT[suit]
    w = min(x1 - x0, (y1 - y0) * aspect)
    h = w / aspect
    x0, y0 = (x0 + x1 - w) / 2, (y0 + y1 - h) / 2
    x1, y1 = x0 + w, y0 + h
    cx = (x0 + x1) / 2
    if suit is Suit.DIAMONDS:
        draw.polygon([(cx, y0), (x1, (y0 + y1) / 2), (cx, y1), (x0, (y0 + y1) / 2)], fill=fill)
    elif suit is Suit.HEARTS:
        draw.polygon(_heart_points((x0, y0, x1, y1), flip=False), fill=fill)
    elif suit is Suit.SPADES:
        body = y0 + h * 0.80
        draw.polygon(_heart_points((x0, y0, x1, body), flip=True), fill=fill)
        _stem(draw, cx, body - h * 0.22, y1, w, fill)
    else:
        r = w * 0.25
        top, side = y0 + r, y0 + r * 2.45
        for x, y in ((cx, top), (x0 + r, side), (x1 - r, side)):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
        draw.polygon([(cx, top), (x0 + r, side), (x1 - r, side)], fill=fill)
        _stem(draw, cx, side - r * 0.4, y1, w, fill)


def draw_star(draw: ImageDraw.ImageDraw, box: Box, fill: Colour) -> None:
    """A five-pointed star centred in ``box``: the jokers' mark."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + (y1 - y0) * 0.05
    outer = min(x1 - x0, y1 - y0) / 2
    inner = outer * 0.45
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        r = outer if i % 2 == 0 else inner
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    draw.polygon(points, fill=fill)


def png(image: Image.Image, colours: int | None = None) -> bytes:
    """PNG bytes; Pillow writes no timestamp, so the same image gives the same bytes. With
    ``colours``, a palette of that many: a third of the size for a picture of flat colours."""
    if colours is not None:
        image = image.quantize(colours, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
