"""Card emojis in the controls and the hand message: every card's button and option carries
its emoji where there is one, and the hand and the trick are written with it, outside the
code block where Discord would not draw it."""

from __future__ import annotations

from collections.abc import Sequence

import discord
import pytest

from bot.engine import PRESETS, Bid, Card, Game, PlayCard, Rules
from bot.render.cards import emoji_name
from bot.render.text import drawn
from cogs._board import hand_message
from cogs._ui import ActionButton, ActionSelect, controls


def fake_emoji(card: Card) -> discord.PartialEmoji:
    return discord.PartialEmoji(name=emoji_name(card), id=1000 + card.index)


def face(card: Card) -> str:
    return str(fake_emoji(card))


def card_of(value: str, offer: Sequence[Card] = ()) -> Card | None:
    """The card a control's action code plays, or keeps from a two-player draw."""
    if value.startswith("c"):
        return Card.parse(value[1:])
    if value == "d1" and offer:
        return offer[0]
    if value == "d0" and len(offer) == 2:
        return offer[1]
    return None


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_card_control_carries_its_emoji_and_nothing_else_does(preset: str) -> None:
    game = Game.new(Rules.preset(preset), seed=5)
    names = [f"P{s}" for s in range(game.rules.players)]
    seen_cards = draws = 0
    while not game.is_over and len(game.results) < 1:
        assert game.to_act is not None
        view = game.view(game.to_act)
        for item in controls(view, 7, len(game.history), names, fake_emoji):
            if isinstance(item, ActionButton):
                card = card_of(item.click.code, view.draw_offer)
                assert item.item.emoji == (None if card is None else fake_emoji(card))
                if card is not None:
                    # The words stay, for screen readers.
                    assert str(card) in (item.item.label or "")
                    seen_cards += 1
                    draws += item.click.code.startswith("d")
            else:
                assert isinstance(item, ActionSelect)
                for option in item.item.options:
                    card = card_of(option.value, view.draw_offer)
                    if item.click.code == "pass":
                        card = Card.parse(option.value)
                    assert option.emoji == (None if card is None else fake_emoji(card))
                    seen_cards += card is not None
        game.apply(game.legal_actions()[0])
    assert seen_cards > 0
    # Two players draw from the stock: the card each choice keeps shows on its button.
    # Two players draw their hands, but for Royal Spades' dealt short deck (003:345) and
    # Berkley's four dealt hands (003:114); three draw from two decks (003:81).
    assert (draws > 0) is drawn(game.rules)


def test_without_emojis_the_controls_are_text_alone() -> None:
    game = Game.new(Rules.preset("classic"), seed=5)
    while not any(isinstance(a, PlayCard) for a in game.legal_actions()):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Bid)))
    assert game.to_act is not None
    items = controls(game.view(game.to_act), 7, len(game.history), ["a", "b", "c", "d"])
    assert items and all(
        isinstance(item, ActionButton) and item.item.emoji is None for item in items
    )


def test_the_hand_and_the_trick_are_written_with_emojis_outside_the_block() -> None:
    game = Game.new(Rules.preset("classic"), seed=5)
    while not game.legal_actions() or not isinstance(game.legal_actions()[0], PlayCard):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Bid)))
    leader = game.to_act
    assert leader is not None
    led = next(a for a in game.legal_actions() if isinstance(a, PlayCard))
    game.apply(led)
    assert game.to_act is not None
    view = game.view(game.to_act)
    names = ["Ann", "Bea", "Cal", "Dee"]
    text = hand_message(view, names, face=face)
    # The cards and the trick come first (a phone shows them without scrolling), the
    # table's block after them.
    before, block = text.split("```")[0], text.split("```")[1]
    assert "Trick 1" not in block and "<:" not in block
    assert f"Trick 1: {names[leader]} {face(led.card)}" in before
    assert view.hand is not None
    assert all(face(card) in before for card in view.hand)
    # Without emojis, the same lines in words.
    plain = hand_message(view, names)
    assert f"Trick 1: {names[leader]} {led.card}" in plain.split("```")[0]
    assert "<:" not in plain
