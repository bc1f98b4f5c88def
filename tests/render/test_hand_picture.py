"""The /history hand picture: drawn from the replayed hand for every table size, the same
every time, and matching the checked-in picture."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.engine import PRESETS, Rules
from bot.render.hand_picture import PIXELS_PER_POINT, WIDTH, hand_picture
from bot.render.paint import printable
from tests.render.pictures import (
    HISTORY_HAND,
    NAMES,
    changed_share,
    history_hand,
    looks_the_same,
    played_hands,
)

# Discord takes far larger files; a small one arrives quickly on a phone.
MOST_BYTES = 400 * 1024


def picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_table_size_draws_a_phone_wide_picture(preset: str) -> None:
    rules = Rules.preset(preset)
    record = played_hands(rules, seed=3, hands=1)[0]
    data = hand_picture(record, NAMES[: rules.players], rules, f"Game #1, hand 1 ({preset})")
    assert len(data) <= MOST_BYTES
    image = picture(data)
    assert image.width == WIDTH * PIXELS_PER_POINT
    # Taller with more tricks and more seats, never a sliver.
    assert image.height > image.width


def test_a_hand_the_game_stopped_in_is_drawn_unscored() -> None:
    rules = Rules.preset("classic")
    finished = played_hands(rules, seed=3, hands=1)[0]
    stopped = type(finished)(
        finished.hand_number, finished.dealer, finished.held, finished.events[:9]
    )
    data = hand_picture(stopped, NAMES[:4], rules, "Game #1, hand 1")
    assert picture(data).height < picture(hand_picture(finished, NAMES[:4], rules, "x")).height


def test_the_same_hand_gives_the_same_bytes() -> None:
    assert history_hand() == history_hand()


def test_the_history_picture_matches_the_checked_in_one() -> None:
    drawn = history_hand()
    assert looks_the_same(drawn, HISTORY_HAND), (
        f"{changed_share(drawn, HISTORY_HAND):.1%} of the pixels changed: if the drawing"
        " changed on purpose, run `python -m tests.render.pictures` and look at the result"
    )


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Chloé", "Chloe"), ("Zoë  Ünal", "Zoe Unal"), ("🌸 Ada 🌸", "Ada"), ("李雷", "")],
)
def test_names_are_drawn_in_the_characters_the_font_has(name: str, shown: str) -> None:
    assert printable(name) == shown


@pytest.mark.parametrize("locale", ["es-ES", "pt-BR", "fr", "de"])
def test_the_picture_speaks_the_readers_language(locale: str) -> None:
    from bot.engine import Card
    from bot.i18n import use_locale
    from bot.render.hand_picture import _rank
    from tests.render.pictures import history_hand

    english = history_hand()
    with use_locale(locale):
        translated = history_hand()
        king = _rank(Card.parse("KS"))
    assert translated != english
    assert picture(translated).width == picture(english).width
    assert king == {"es-ES": "R", "pt-BR": "K", "fr": "R", "de": "K"}[locale]
