"""Words the engine and the bots keep as kinds and figures, in the reader's language: bots'
names as stored with the seats, the score line's special items, Evil Spades' hand rules'
names, and the bots' reasons for a Mo and a raise."""

from __future__ import annotations

import pytest

from bot.ai.heuristic import hint
from bot.engine import Bid, Declare, Game, Raise, Rules
from bot.engine.evil import RULES
from bot.i18n import use_locale
from bot.render.evil_text import RULE_NAMES, rule_name
from bot.render.names import player_name
from bot.render.score_labels import ITEMS, special_text
from bot.render.why import said_text
from bot.storage.records import bot_name
from tests.engine.helpers import deal_with

LANGUAGES = ("es-ES", "pt-BR", "fr", "de")
# Words a language writes as English does.
SAME = (
    {
        ("fr", word)
        for word in (
            "suicide",
            "homicide",
            "accident",
            "succession",
            "progression",
            "chaos",
            "vice",
        )
    }
    | {(language, "dix") for language in LANGUAGES[:3]}
    | {("de", "blind")}
)


def test_a_bots_stored_name_reads_in_the_readers_language() -> None:
    stored = bot_name(1, "hard")
    assert stored == "Bot 2 (hard)"  # as tables and games have always stored it
    said = {}
    for language in ("en-US", *LANGUAGES):
        with use_locale(language):
            said[language] = player_name(stored), player_name(bot_name(3, "easy"))
    assert said["en-US"] == ("Bot 2 (hard)", "Bot 4 (easy)")
    assert said["es-ES"] == ("Bot 2 (difícil)", "Bot 4 (fácil)")
    assert said["de"] == ("Bot 2 (schwer)", "Bot 4 (leicht)")
    with use_locale("fr"):
        # A member's name, or one a host gave a bot, is nobody's word to translate.
        assert player_name("Bot 2 (hard) fan") == "Bot 2 (hard) fan"
        assert player_name("Ana") == "Ana"
        assert player_name("former member") == "ancien membre"


def test_the_special_items_of_a_score_line_in_every_language() -> None:
    with use_locale("es-ES"):
        assert special_text("dix + last trick") == "dix + última baza"
        assert special_text("hand score 30, stake 4, pot 16") == (
            "puntos de la mano 30, apuesta 4, bote 16"
        )
        assert special_text("big mo + a kind from a newer engine") == (
            "Mo grande + a kind from a newer engine"
        )
    with use_locale("de"):
        assert special_text("shoot the moon + perfect bids") == "Mondschuss + perfekte Ansagen"
    for kind in ITEMS:
        for language in LANGUAGES:
            with use_locale(language):
                said = special_text(kind)
            assert said != kind or (language, kind) in SAME, (language, kind)


def test_every_evil_hand_rule_has_its_name_in_every_language() -> None:
    assert {rule.number: rule.name for rule in RULES} == RULE_NAMES
    for number, english in RULE_NAMES.items():
        for language in LANGUAGES:
            with use_locale(language):
                said = rule_name(number)
            assert said != english or (language, english) in SAME, (language, english)
    with use_locale("pt-BR"):
        assert rule_name(11) == "beijo da morte"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en-US", "9 sure tricks in this hand alone: declare the Little Mo (7 tricks)."),
        ("es-ES", "9 bazas seguras solo con esta mano: declara el Mo pequeño (7 bazas)."),
        ("de", "9 sichere Stiche allein mit diesem Blatt: sag Kleines Mo an (7 Stiche)."),
    ],
)
def test_a_bots_reason_for_a_mo_in_the_readers_language(language: str, expected: str) -> None:
    rules = Rules(mo="mo")
    hand = "AS KS QS JS 10S 9S 8S AH KH 2D 3D 2C 3C"
    game = Game.new(rules, seed=1, dealer=0, deals=[deal_with(rules, {1: hand})])
    action, reason = hint(game.view(1))
    assert action == Declare(1, False)
    with use_locale(language):
        assert said_text(reason) == expected


def test_a_bots_reason_for_raising_and_keeping_in_the_readers_language() -> None:
    rules = Rules(raise_bids="any")
    strong = "AS KS QS JS 10S AH KH AD 2C 3C 4C 5D 6D"
    weak = "7C 8C 9C 7D 8D 9D 2H 3H 4H 5H 6H 7H 8H"
    game = Game.new(rules, seed=1, dealer=0, deals=[deal_with(rules, {1: strong, 2: weak})])
    for seat in (1, 2, 3, 0):
        game.apply(Bid(seat, 1 if seat == 1 else 3))
    raised, why_raise = hint(game.view(1))
    assert isinstance(raised, Raise) and raised.by > 0
    game.apply(raised)
    kept, why_keep = hint(game.view(2))
    assert kept == Raise(2, 0)
    assert str(why_keep).startswith("About ") and str(why_keep).endswith(": keep the bid of 3.")
    with use_locale("fr"):
        assert said_text(why_raise).startswith("Environ ")
        assert said_text(why_raise).endswith(f"pour une annonce de 1 : montez de {raised.by}.")
        assert said_text(why_keep).endswith(" plis ici : gardez l'annonce de 3.")
