"""Card faces: one emoji name and picture per card the engine deals, readable when small, and
one switch between emoji and text."""

from __future__ import annotations

import hashlib
import io

import pytest
from PIL import Image

from bot.engine import ALL_CARDS, Card
from bot.engine.deck import deck_info
from bot.render.cards import (
    CARDS,
    EMOJI_NAME,
    FACE_SIZE,
    card_emoji_key,
    card_emojis,
    card_face,
    card_png,
    card_sheet,
    emoji_key,
    emoji_name,
)
from bot.render.text import is_red
from tests.render.pictures import CARD_SHEET, changed_share, looks_the_same

# Discord refuses an emoji file over 256 KiB; a face is kept far smaller.
MOST_BYTES = 16 * 1024
DARK_THEME = (49, 51, 56)
LIGHT_THEME = (255, 255, 255)


def face(card: Card) -> Image.Image:
    image = Image.open(io.BytesIO(card_png(card)))
    assert image.format == "PNG"
    return image.convert("RGBA")


def pixels(image: Image.Image) -> list[tuple[int, int, int, int]]:
    data = image.tobytes()
    return [(data[i], data[i + 1], data[i + 2], data[i + 3]) for i in range(0, len(data), 4)]


def red_pixels(image: Image.Image) -> int:
    return sum(1 for r, g, b, a in pixels(image) if a > 200 and r > 150 and g < 90 and b < 90)


def test_every_card_any_deck_deals_has_a_face() -> None:
    dealt = {
        card
        for deck in ("ace_high", "joker_joker_ace", "joker_joker_deuce_deuce")
        for players in (2, 3, 4, 5, 6)
        for card in (Card.of(i % 54) for i in deck_info(deck, players).cards)
    }
    assert dealt <= set(CARDS)
    assert len(CARDS) == 54


@pytest.mark.parametrize("card", ALL_CARDS, ids=lambda c: c.code)
def test_a_face_is_a_small_square_png_with_red_only_on_red_cards(card: Card) -> None:
    data = card_png(card)
    assert len(data) <= MOST_BYTES
    image = face(card)
    assert image.size == (FACE_SIZE, FACE_SIZE)
    red = red_pixels(image)
    if is_red(card):
        assert red > 600, red  # a big red rank and suit
    else:
        assert red == 0
    # Dark ink covers a good part of a black card: its rank and suit are black, not grey.
    dark = sum(1 for r, g, b, a in pixels(image) if a > 200 and max(r, g, b) < 60)
    assert (dark > 600) is not is_red(card)


def test_the_card_stands_out_on_dark_and_light_themes() -> None:
    image = face(Card.parse("AS"))
    assert image.getpixel((0, 0))[3] == 0  # transparent outside the card
    centre_row = [image.getpixel((x, FACE_SIZE // 2)) for x in range(FACE_SIZE)]
    opaque = [pixel for pixel in centre_row if pixel[3] == 255]
    edge = opaque[0][:3]
    for theme in (DARK_THEME, LIGHT_THEME):
        assert sum(abs(a - b) for a, b in zip(edge, theme, strict=True)) > 90, (edge, theme)
    assert (255, 255, 255, 255) in opaque  # the card itself is white


def test_every_card_looks_different() -> None:
    pixels = {face(card).tobytes() for card in ALL_CARDS}
    assert len(pixels) == len(ALL_CARDS)


def test_emoji_names_are_valid_unique_and_ours() -> None:
    names = [emoji_name(card) for card in ALL_CARDS]
    assert all(EMOJI_NAME.fullmatch(name) for name in names)
    assert all(name.startswith("sb_") for name in names)
    assert len(set(names)) == len(names)
    assert [emoji_key(Card.parse(c)) for c in ("AS", "10H", "2C", "BJ", "LJ")] == [
        "sb_AS",
        "sb_10H",
        "sb_2C",
        "sb_BJ",
        "sb_LJ",
    ]
    assert list(card_emojis()) == names


def test_an_emoji_name_carries_its_pictures_hash() -> None:
    """``sb_10H_`` and six hex digits of the face's SHA-256: another picture, another name."""
    ten = Card.parse("10H")
    name = emoji_name(ten)
    assert name == "sb_10H_" + hashlib.sha256(card_png(ten)).hexdigest()[:6]
    assert len(max((emoji_name(card) for card in ALL_CARDS), key=len)) <= 32
    # Which names are our card faces, with any picture: those of older sets too, no others.
    assert card_emoji_key(name) == card_emoji_key("sb_10H_0a0a0a") == "sb_10H"
    assert card_emoji_key("sb_10H") == "sb_10H" and card_emoji_key("sb_BJ_ff") == "sb_BJ"
    for other in ("sb_logo", "sb_10H_zz", "sb_1H", "party", "AS_1a2b3c", "sb_AS_"):
        assert card_emoji_key(other) is None


def test_a_card_shows_as_its_emoji_when_uploaded_else_as_text() -> None:
    uploaded = {"sb_AS": "<:sb_AS:101>", "sb_10H": "<:sb_10H:102>"}
    assert card_face(Card.parse("AS"), uploaded) == "<:sb_AS:101>"
    assert card_face(Card.parse("10H"), uploaded) == "<:sb_10H:102>"
    assert card_face(Card.parse("KD"), uploaded) == "K♦"
    assert card_face(Card.parse("10H")) == "10♥"
    assert card_face(Card.parse("BJ"), {}) == "Big Joker"


def test_the_same_card_gives_the_same_bytes() -> None:
    card = Card.parse("QH")
    first = card_png(card)
    card_png.cache_clear()
    assert card_png(card) == first


def test_the_card_sheet_matches_the_checked_in_picture() -> None:
    drawn = card_sheet()
    assert looks_the_same(drawn, CARD_SHEET), (
        f"{changed_share(drawn, CARD_SHEET):.1%} of the pixels changed: if the drawing changed"
        " on purpose, run `python -m tests.render.pictures` and look at the result"
    )


def test_a_changed_drawing_would_be_noticed() -> None:
    """The comparison is loose enough for font smoothing, not for a different card."""
    sheet = Image.open(io.BytesIO(card_sheet())).convert("RGB")
    moved = Image.new("RGB", sheet.size, DARK_THEME)
    moved.paste(sheet, (FACE_SIZE // 4, 0))
    out = io.BytesIO()
    moved.save(out, "PNG")
    assert not looks_the_same(out.getvalue(), CARD_SHEET)
