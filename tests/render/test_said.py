"""The bots' sentences (hints, the heuristic's reasons) in the reader's language: the bot
says them as parts (``bot.ai.reasons.Said``), the render layer words them, cards in the
reader's letters; the English is the sentence itself, and the parts survive pickling (the
search pool's workers send reasons back)."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from bot.ai.heuristic import HeuristicPolicy
from bot.ai.reasons import Said
from bot.engine import Card, Game, Rules
from bot.i18n import use_locale
from bot.render.why import said_text
from bot.render.words import card_text


def every_hint_of_a_hand(seed: int) -> list[tuple[Game, str]]:
    """(the game before the move, the hint's sentence) for every move of a classic hand."""
    game = Game.new(Rules(), seed=seed)
    policy = HeuristicPolicy()
    said: list[tuple[Game, str]] = []
    while game.hand_number == 1 and not game.is_over:
        seat = game.to_act
        assert seat is not None
        action, text = policy.explain(game.view(seat), random.Random(seat))
        said.append((game, text))
        game.apply(action)
    return said


def test_every_hint_is_said_in_parts_and_its_english_is_the_sentence() -> None:
    hints = [text for _, text in every_hint_of_a_hand(seed=5)]
    assert len(hints) > 52
    assert all(isinstance(text, Said) for text in hints)
    with use_locale("en-US"):
        assert [said_text(text) for text in hints] == [str(text) for text in hints]


@pytest.mark.parametrize(
    ("locale", "word"),
    [("es-ES", "carta"), ("pt-BR", "carta"), ("fr", "carte"), ("de", "Karte")],
)
def test_hints_read_in_the_readers_language_with_their_card_letters(locale: str, word: str) -> None:
    hints = [text for _, text in every_hint_of_a_hand(seed=5)]
    with use_locale(locale):
        translated = [said_text(text) for text in hints]
        kings = [card_text(Card.parse(code)) for code in ("KS", "KH", "KD", "KC")]
    assert not set(translated) & {str(text) for text in hints}
    assert any(word in text for text in translated)
    if locale in ("es-ES", "fr"):
        # The king is R there: an English K♠ in a hint would be a card left untranslated.
        assert kings[0].startswith("R")
        assert not [t for t in translated if re.search(r"\bK[♠♥♦♣]", t)]


def test_a_said_sentence_comes_back_whole_from_a_worker() -> None:
    said = Said("Lead low with the {card} and keep your winners.", card=Card.parse("3D"))
    back = pickle.loads(pickle.dumps(said))
    assert back == said == "Lead low with the 3♦ and keep your winners."
    assert (back.template, back.values) == (said.template, said.values)
    with use_locale("de"):
        assert said_text(back) == "Spiel niedrig aus mit 3♦ und behalte deine Stiche."


def test_a_plain_reason_is_shown_as_it_is() -> None:
    with use_locale("es-ES"):
        assert said_text("Kept from before.") == "Kept from before."
