"""Cards in each language's letters: what a player reads is what they may type, the
engine's codes stay the same, and every language still reads the English codes."""

from __future__ import annotations

import pytest

from bot.engine import ALL_CARDS, Card
from bot.i18n import use_locale
from bot.render.words import card_examples, card_text, parse_card
from devtools.pseudo import OPEN, PSEUDO_LOCALE, install_pseudo, uninstall_pseudo

LOCALES = ["en-US", "es-ES", "es-419", "pt-BR", "fr", "de"]


@pytest.mark.parametrize(
    ("locale", "king", "queen", "jack", "ace"),
    [
        ("en-US", "K♠", "Q♥", "J♦", "A♣"),
        ("es-ES", "R♠", "D♥", "J♦", "A♣"),
        ("pt-BR", "K♠", "Q♥", "J♦", "A♣"),
        ("fr", "R♠", "D♥", "V♦", "A♣"),
        ("de", "K♠", "D♥", "B♦", "A♣"),
    ],
)
def test_court_cards_are_written_in_the_languages_letters(
    locale: str, king: str, queen: str, jack: str, ace: str
) -> None:
    codes = ("KS", "QH", "JD", "AC")
    assert [card_text(Card.parse(code), locale) for code in codes] == [king, queen, jack, ace]
    with use_locale(locale):  # the language in force, without naming it
        assert card_text(Card.parse("KS")) == king
    assert card_text(Card.parse("10H"), locale) == "10♥"


def test_english_reads_as_the_engine_writes() -> None:
    assert all(card_text(card, "en") == str(card) for card in ALL_CARDS)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_a_player_reads_is_one_they_can_type(locale: str) -> None:
    for card in ALL_CARDS:
        if card.suit is not None:
            assert parse_card(card_text(card, locale), locale) is card
        assert parse_card(card.code, "en") is card


def test_english_letters_the_language_does_not_use_still_read_as_english() -> None:
    assert parse_card("AS", "es-ES") is Card.parse("AS")  # S is no Spanish suit
    assert parse_card("KH", "fr") is Card.parse("KH")  # nor K a French rank, nor H a suit
    # Where a letter is the language's own, it means what it means there: C is corazones.
    assert parse_card("2C", "es-ES") is Card.parse("2H")


@pytest.mark.parametrize(
    ("locale", "typed", "code"),
    [
        ("es-ES", "RP", "KS"),
        ("es-ES", "10c", "TH"),
        ("es-ES", "dd", "QD"),
        ("es-ES", "jt", "JC"),
        ("pt-BR", "ke", "KS"),
        ("pt-BR", "qo", "QD"),
        ("fr", "vp", "JS"),
        ("fr", "RK", "KD"),
        ("de", "BX", "JC"),
        ("de", "dh", "QH"),
    ],
)
def test_a_player_types_cards_with_their_languages_initials(
    locale: str, typed: str, code: str
) -> None:
    assert parse_card(typed, locale) is Card.parse(code)
    assert card_examples(locale)[0] != ""


def test_a_word_that_is_no_card_is_refused_in_the_readers_language() -> None:
    with pytest.raises(ValueError, match="no es una carta: escribe su valor y su palo, como AP"):
        parse_card("hola", "es-ES")
    with pytest.raises(ValueError, match="'hello' is not a card"):
        parse_card("hello", "en-US")


def test_jokers_are_named_in_the_language() -> None:
    assert card_text(Card.parse("BJ"), "es-ES") == "Comodín grande"
    assert card_text(Card.parse("LJ"), "de") == "Kleiner Joker"
    assert card_text(Card.parse("BJ"), "en") == "Big Joker"


def test_a_catalog_registered_later_names_the_jokers_at_once() -> None:
    # Each card is written once a catalog and kept: a catalog registered for a language
    # (the tests' pseudo-locale) still names the jokers from the next card on.
    joker = Card.parse("BJ")
    assert card_text(joker, PSEUDO_LOCALE) == "Big Joker"
    install_pseudo()
    try:
        assert card_text(joker, PSEUDO_LOCALE) not in ("Big Joker", "")
        assert OPEN in card_text(joker, PSEUDO_LOCALE)
    finally:
        uninstall_pseudo()
    assert card_text(joker, PSEUDO_LOCALE) == "Big Joker"
    with use_locale("de"):
        assert card_text(joker) == "Großer Joker" and card_text(Card.parse("KS")) == "K♠"
