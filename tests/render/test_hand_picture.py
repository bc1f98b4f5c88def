"""The /history hand picture: drawn from the replayed hand for every table size, the same
every time, and matching the checked-in picture."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from bot.engine import PRESETS, Rules
from bot.render.hand_picture import PIXELS_PER_POINT, WIDTH, hand_picture
from bot.render.paint import draw_text, has_glyph, printable
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
    [
        ("Chloé", "Chloé"),
        ("Zoë  Ünal", "Zoë Ünal"),
        ("🌸 Ada 🌸", "Ada"),
        ("李雷", ""),
        # Letters the font lacks are drawn by the letters they stand for (full-width ones).
        ("\uff21\uff44\uff41", "Ada"),
    ],
)
def test_names_are_drawn_in_the_characters_the_font_has(name: str, shown: str) -> None:
    assert printable(name) == shown


# Every accented letter the shipped languages write: Spanish, Portuguese, French, German.
ACCENTED = "áéíóúñüÁÉÍÓÚÑÜ¿¡ãõâêôàçÃÕÂÊÔÀÇèëïîœûùÿÈËÎŒÛÙŸäöüßÄÖÜ"


def test_the_words_font_has_every_accented_letter_of_the_shipped_languages() -> None:
    assert [char for char in ACCENTED if not has_glyph(char)] == []
    assert printable(ACCENTED) == ACCENTED


@pytest.mark.parametrize(
    ("accented", "plain"), [("apostó", "aposto"), ("llevó", "llevo"), ("Überstiche", "Uberstiche")]
)
def test_a_word_with_accents_is_drawn_with_them(accented: str, plain: str) -> None:
    def drawn(word: str) -> bytes:
        image = Image.new("RGB", (400, 60), (0, 0, 0))
        draw_text(ImageDraw.Draw(image), (4, 4), printable(word), 40, (255, 255, 255))
        return image.tobytes()

    assert drawn(accented) != drawn(plain)


def test_the_spanish_picture_draws_its_accents(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Spanish /history picture says "apostó" and "llevó": the same picture with its
    accents dropped (as with Pillow's own font, which has none) comes out different."""
    import unicodedata

    import bot.render.paint as paint
    from bot.i18n import use_locale

    with use_locale("es-ES"):
        spanish = history_hand()
        kept = printable

        def unaccented(text: str) -> str:
            plain = unicodedata.normalize("NFKD", kept(text))
            return "".join(c for c in plain if not unicodedata.combining(c))

        monkeypatch.setattr(paint, "printable", unaccented)
        stripped = history_hand()
    assert spanish != stripped


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
