"""Action codes in custom ids: every legal action of real games survives the round trip."""

import pytest

from bot.engine import PRESETS, Game, Rules
from cogs._codes import action_code, action_label, is_lobby_code, parse_code

# Beside the presets, tables whose bidding has decisions no preset has (a Mo, Moe or Bemo).
EXTRA = {
    "moe": Rules(mo="moe"),
    "bemo": Rules(mo="bemo", raise_bids="rounds"),
    "raise": Rules(raise_bids="any"),
    "counter": Rules(counter_bidding=True),
    "no_trump": Rules(no_trump_bids=True),
    "half": Rules(half_tricks=True),
    "dark": Rules(nil_in_the_dark=True, blind_nil="anytime"),
    "blind_moon": Rules(blind_moon="anytime", shoot_the_moon="wins_game"),
    "aces": Rules(aces_high_low=True),
}


@pytest.mark.parametrize("preset", [*PRESETS, *EXTRA])
def test_every_legal_action_of_a_game_round_trips_through_its_code(preset: str) -> None:
    rules = EXTRA[preset] if preset in EXTRA else Rules.preset(preset)
    game = Game.new(rules, seed=7)
    names = [f"P{s}" for s in range(game.rules.players)]
    while not game.is_over and len(game.results) < 1:
        for seat in range(game.rules.players):
            for action in game.legal_actions(seat):
                code = action_code(action, seat)
                assert len(code) < 60 and ":" not in code
                assert not is_lobby_code(code)  # a click on it reaches the game, not the lobby
                assert parse_code(code, seat) == action
                assert action_label(action, game.rules, names)
        game.apply(game.legal_actions()[0])


@pytest.mark.parametrize(
    "code",
    [
        "",
        "b",
        "bx",
        "cZZ",
        "p",
        "n",
        "d2",
        "q",
        "m2",
        "m",
        "u",
        "ux",
        "u-1",
        "l",
        "l0",
        "lx",
        "h",
        "k",
        "k2",
    ],
)
def test_malformed_codes_are_refused(code: str) -> None:
    with pytest.raises(ValueError):
        parse_code(code, 0)


def test_a_dummys_move_is_coded_for_its_seat() -> None:
    """003:108: a player moves for the dummy on their right: its card and a Double Nil
    (a Nil bid on its seat) keep that seat through the code."""
    from bot.engine import Bid, Card, PlayCard

    card = PlayCard(3, Card.parse("AS"))
    assert action_code(card, 0) == "s3cAS" and parse_code("s3cAS", 0) == card
    assert parse_code(action_code(Bid(3, 0, True), 0), 0) == Bid(3, 0, True)
    assert action_code(Bid(0, 0, True), 0) == "B0"
