"""Evil Spades (003:13-63) and the search: its playouts and its reading of the voids follow
the play rule of the hand in force (trump when void, low ball, screamers), which the
table's rules do not show, as the game does hand by hand."""

from __future__ import annotations

import random

import pytest

from bot.ai.knowledge import hand_rules, knowledge_of
from bot.ai.playout import Playout
from bot.ai.search import _evil_bids
from bot.engine import Card, Game, Phase, PlayCard, Rules
from bot.engine.deck import COPY_SHIFT, TRUMP
from bot.engine.tricks import bits
from tests.ai.helpers import position_of


def _evil_hand_in_play(rule: int, seed: int) -> Game:
    """An Evil Spades game whose first hand plays hand rule ``rule``, at its first card."""
    rules = Rules.model_validate({**Rules.preset("evil").changed(), "evil_start": rule})
    game = Game.new(rules, seed=seed, dealer=0)
    rng = random.Random(seed)
    while game.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    return game


# 003:22 pressure and 003:62 sirens: trump when void; 003:43 low ball and 003:48 murder:
# the lowest card; 003:46 screamers and 003:61 vice: no spade while another suit is held.
@pytest.mark.parametrize("rule", [4, 25, 28, 30, 43, 44])
@pytest.mark.parametrize("seed", range(3))
def test_playouts_play_the_hand_by_its_evil_play_rule(rule: int, seed: int) -> None:
    """The playout's legal cards are the game's at every turn of the hand, and its
    playout from the first card takes the tricks the game gives the same cards."""
    game = _evil_hand_in_play(rule, seed)
    seat = game.to_act
    assert seat is not None
    play_rules, low_ball = hand_rules(game.view(seat))
    playout = Playout(
        play_rules,
        [None if b is None else b.tricks for b in game.bids],
        [bool(b and b.blind) for b in game.bids],
        None,
        low_ball=low_ball,
    )
    pos = position_of(game)
    start = pos.copy()
    while not game.results:
        seat = (pos.leader + len(pos.trick)) % game.players
        assert seat == game.to_act
        mask, _ = playout.tricks.legal_mask(
            seat, pos.hands[seat], pos.trick, pos.trick_no, pos.broken, True
        )
        if low_ball:
            lowest = {Card.of(c % COPY_SHIFT).rank for c in bits(mask)}
            mask = sum(1 << c for c in bits(mask) if Card.of(c % COPY_SHIFT).rank == min(lowest))
        legal = {a.card.index for a in game.legal_actions(seat) if isinstance(a, PlayCard)}
        assert {c % COPY_SHIFT for c in bits(mask)} == legal
        chosen = playout.choose(pos, seat, mask)
        game.apply(PlayCard(seat, Card.of(chosen % COPY_SHIFT)))
        playout.play(pos, seat, chosen)
    assert playout.finish(start) == [outcome.tricks for outcome in game.results[-1].seats]


def test_a_discard_in_a_trump_when_void_hand_shows_no_spades() -> None:
    """003:22 pressure: a seat void in the suit led must trump, so a discard of another
    suit says it holds no spade either (the engine's ``must_trump`` when void)."""
    for seed in range(20):
        game = _evil_hand_in_play(4, seed)
        while not game.results:
            seat = game.to_act
            assert seat is not None
            legal = [a for a in game.legal_actions(seat) if isinstance(a, PlayCard)]
            action = random.Random(seed).choice(legal)
            led = game.trick[0][1].suit if game.trick else None
            watcher = (seat + 1) % game.players
            before = knowledge_of(game.view(watcher)).voids[seat]
            game.apply(action)
            discard = led not in (None, TRUMP) and action.card.suit not in (led, TRUMP)
            if discard and TRUMP not in before:
                voids = knowledge_of(game.view(watcher)).voids[seat]
                assert TRUMP in voids and int(led) in voids
                return
    raise AssertionError("no discard in 20 pressure hands")


def _evil_bidding(rule: int) -> Game:
    """An Evil Spades game at hand rule ``rule``, the first bidder (seat 1) to bid."""
    rules = Rules.model_validate({**Rules.preset("evil").changed(), "evil_start": rule})
    game = Game.new(rules, seed=5, dealer=0)
    assert game.phase is Phase.BID and game.to_act == 1
    return game


def test_bid_playouts_leave_a_partner_the_nil_its_side_owes() -> None:
    """003:21 suicide: one partner bids Nil, the other as usual, the first of them to bid
    choosing. A first bidder weighing 4 plays its deals out with its partner bidding the
    Nil it is left with; weighing a Nil, with its partner bidding what its cards look
    worth. The other side's second bidder (the dealer) is left a Nil by its partner's 2."""
    game = _evil_bidding(3)
    view = game.view(1)
    deal = [[c.index for c in hand] for hand in game.hands]
    assumed: list[int | None] = [3, 4, 2, 5]
    _evil_bids(view, deal, assumed)
    assert assumed == [0, 4, 2, 0]
    assumed = [3, 0, 2, 5]
    _evil_bids(view, deal, assumed)
    assert assumed == [0, 0, 2, 5]


def test_bid_playouts_make_the_last_bid_what_the_hand_rule_says() -> None:
    """003:24 homicide: the first and third bidders (seats 1 and 3) bid at least 2, the
    last (the dealer) makes the bids 14; 003:20 mirrors: everyone bids their spades."""
    game = _evil_bidding(6)
    view = game.view(1)
    deal = [[c.index for c in hand] for hand in game.hands]
    assumed: list[int | None] = [3, 4, 1, 1]
    _evil_bids(view, deal, assumed)
    assert assumed == [14 - 4 - 1 - 2, 4, 1, 2]
    game = _evil_bidding(2)
    view = game.view(1)
    assumed = [3, 4, 3, 3]
    _evil_bids(view, deal, assumed)
    spades = [sum(Card.of(c).suit == TRUMP for c in hand) for hand in deal]
    assert assumed[0] == spades[0] and assumed[2:] == spades[2:]
