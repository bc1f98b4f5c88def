"""The engine's refusals in the reader's language: every refusal a player can meet names
its kind and figures, and each kind reads as a whole sentence in every shipped language,
its cards in the reader's letters; English reads as the engine wrote it."""

from __future__ import annotations

import random

import pytest

from bot.ai.heuristic import HeuristicPolicy
from bot.engine import (
    ALL_CARDS,
    Action,
    Bid,
    CallRenege,
    Card,
    Claim,
    Game,
    IllegalAction,
    PassCards,
    Phase,
    PlayCard,
    RequestRedeal,
    RevealCards,
    Rules,
)
from bot.i18n import use_locale
from bot.render.refusals import refusal_text

LOCALES = ("es-ES", "pt-BR", "fr", "de")


def tries(game: Game, seat: int) -> list[Action]:
    """Moves a member could try for ``seat`` now, most of them refused."""
    tried: list[Action] = [Bid(seat, n, blind) for n in (0, 3, 13, 20) for blind in (False, True)]
    tried += [PlayCard(seat, card) for card in ALL_CARDS[:52:5]]
    tried += [RevealCards(seat), Claim(seat), RequestRedeal(seat), CallRenege(seat, seat)]
    tried += [PassCards(seat, (ALL_CARDS[0],)), CallRenege(seat, (seat + 1) % game.players)]
    return tried


def refusals(preset: str, seed: int) -> list[IllegalAction]:
    """Every refusal met trying those moves at every seat, all through one hand."""
    game = Game.new(Rules.preset(preset), seed=seed)
    policy, rng = HeuristicPolicy(), random.Random(seed)
    found: list[IllegalAction] = []
    while game.hand_number == 1 and not game.is_over:
        for seat in range(game.players):
            for action in tries(game, seat):
                probe = Game.replay(game.rules, seed=seed, actions=game.history, dealer=game.dealer)
                try:
                    probe.apply(action)
                except IllegalAction as refusal:
                    found.append(refusal)
        seat = game.to_act
        assert seat is not None
        game.apply(policy.decide(game.view(seat), rng))
    return found


@pytest.fixture(scope="module")
def met() -> list[IllegalAction]:
    return [r for preset in ("classic", "cutthroat3", "suicide") for r in refusals(preset, 3)]


def test_every_refusal_a_player_meets_names_its_kind(met: list[IllegalAction]) -> None:
    assert len({r.kind for r in met}) >= 12
    assert [str(r) for r in met if not r.kind] == []


@pytest.mark.parametrize("locale", LOCALES)
def test_every_refusal_reads_in_the_readers_language(met: list[IllegalAction], locale: str) -> None:
    with use_locale(locale):
        worded = {r.kind: refusal_text(r) for r in met}
    kept_english = {kind: text for kind, text in worded.items() if text in map(str, met)}
    assert kept_english == {}
    assert not [text for text in worded.values() if "{" in text or not text.endswith(".")]


def test_english_reads_as_the_engine_wrote_it(met: list[IllegalAction]) -> None:
    with use_locale("en-US"):
        differ = [(str(r), refusal_text(r)) for r in met if refusal_text(r) != str(r)]
    # Only the seat the engine counts from 0 in "no seat" is told as members count.
    assert [pair for pair in differ if "no seat" not in pair[0]] == []


def test_a_card_in_a_refusal_is_in_the_readers_letters() -> None:
    refusal = IllegalAction("You don't hold the K♠.", kind="not_held")
    refusal.details["card"] = Card.parse("KS")
    with use_locale("es-ES"):
        assert refusal_text(refusal) == "No tienes el R♠."
    with use_locale("de"):
        assert refusal_text(refusal) == "Du hast K♠ nicht auf der Hand."


def test_an_evil_spades_bid_refusal_names_the_hand_rule_in_the_readers_language() -> None:
    game = Game.new(Rules.preset("evil").model_copy(update={"evil_start": 11}), seed=3)
    seat = game.to_act
    assert seat is not None
    with pytest.raises(IllegalAction) as refused:
        game.apply(Bid(seat, 3))
    assert "Evil Spades, rule 11 (kiss of death) this hand." in str(refused.value)
    with use_locale("es-ES"):
        said = refusal_text(refused.value)
    assert said == (
        "No puedes apostar 3. Evil Spades, regla 11 (beso de la muerte) en esta mano."
        " Puedes apostar: 4."
    )


def test_a_dummys_forced_card_is_refused_in_the_readers_language() -> None:
    """003:152: a dummy with a face-up spade and no face-up card of the suit led must play
    the spade; the refusal names it in the reader's language and letters."""
    rules = Rules.preset("berkley_two")
    game = Game.new(rules, seed=5, dealer=2)
    policy, rng = HeuristicPolicy(), random.Random(5)
    refusal = None
    while refusal is None and game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions(seat)
        if game.phase is Phase.PLAY and seat % 2 and len(legal) == 1:
            for card in [c for c in game.hands[seat] if PlayCard(seat, c) not in legal]:
                with pytest.raises(IllegalAction) as info:
                    game.apply(PlayCard(seat, card))
                if info.value.kind == "dummy":
                    refusal = info.value
        game.apply(policy.decide(game.view(seat), rng))
    assert refusal is not None and refusal.kind == "dummy"
    assert refusal_text(refusal) == str(refusal)
    with use_locale("de"):
        assert refusal_text(refusal) != str(refusal)
