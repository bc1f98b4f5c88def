"""Two players draw their hands (bot/engine/game.py ``_apply_draw``), so ``hard`` samples
the other seat's hand the way its draws made it (``knowledge.sample_drawn_deal``): more
spades and honours than a random deal of the unseen cards, never a card this seat has
seen, no card of a suit the other seat has shown void. Real games, drawn by ``normal``."""

from __future__ import annotations

import dataclasses
import random
from typing import get_args

import pytest

from bot.ai.heuristic import HeuristicPolicy
from bot.ai.knowledge import (
    DEALT,
    FIRST_OR_SECOND,
    KEEP_STRONGER,
    _may_keep_over,
    keeps_first,
    knowledge_of,
    sample_deal,
    sample_drawn_deal,
)
from bot.ai.search import SearchPolicy
from bot.engine import Card, Draw, Game, Phase, PlayCard, Rules, SeatView
from bot.engine.deck import TRUMP, deck_info

DRAWS = ["keep_one_of_two", "first_or_second", "first_or_second_unseen"]


def _rules(draw: str) -> Rules:
    return Rules.preset("two_player").with_option("two_player_deal", draw)


def _played_to(draw: str, seed: int, plays: int) -> Game:
    """A two-player game drawn and bid by ``normal``, then ``plays`` cards played by it."""
    heuristic = HeuristicPolicy()
    game = Game.new(_rules(draw), seed=seed)
    done = 0
    while game.phase is not Phase.PLAY or done < plays:
        if game.phase is Phase.PLAY:
            done += 1
        seat = game.to_act
        assert seat is not None
        game.apply(heuristic.decide(game.view(seat), random.Random(seed)))
    return game


def _count(deal: list[int], view: SeatView) -> tuple[int, int]:
    """Spades and side-suit honours (queen and up) in ``deal``."""
    deck = deck_info(view.rules.deck, 2)
    spades = sum(deck.suit_of[c] == TRUMP for c in deal)
    honours = sum(deck.suit_of[c] != TRUMP and deck.power[c] >= 12 for c in deal)
    return spades, honours


@pytest.mark.parametrize("draw", DRAWS)
def test_a_drawn_hand_holds_more_spades_and_honours_than_a_random_one(draw: str) -> None:
    for seed in range(4):
        game = _played_to(draw, seed, 0)
        assert game.phase is Phase.PLAY
        view = game.view(0)
        knowledge = knowledge_of(view)
        assert knowledge.draw == (KEEP_STRONGER if draw == "keep_one_of_two" else FIRST_OR_SECOND)
        totals = {}
        for sampler in (sample_deal, sample_drawn_deal):
            rng = random.Random(seed)
            spades = honours = 0
            for _ in range(400):
                got = _count(sampler(knowledge, rng)[1], view)
                spades += got[0]
                honours += got[1]
            totals[sampler] = (spades / 400, honours / 400)
        drawn, uniform = totals[sample_drawn_deal], totals[sample_deal]
        assert drawn[0] > uniform[0] + 1.0, (drawn, uniform)
        assert drawn[0] + drawn[1] > uniform[0] + uniform[1] + 1.0, (drawn, uniform)


@pytest.mark.parametrize("draw", DRAWS)
def test_drawn_deals_hold_no_seen_card_and_honour_the_voids(draw: str) -> None:
    voids_seen = 0
    for seed in range(12):
        game = _played_to(draw, seed, 3 + 2 * seed)
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        other = 1 - seat
        knowledge = knowledge_of(view)
        assert knowledge.kept == tuple(c.index for c in view.played[other])
        deck = deck_info(view.rules.deck, 2)
        seen = {c.index for c in view.hand or ()}
        seen |= {c.index for cards in view.played for c in cards}
        seen |= {c.index for c in view.discarded}
        voids_seen += bool(knowledge.voids[other])
        rng = random.Random(seed)
        for _ in range(200):
            deal = sample_drawn_deal(knowledge, rng)
            assert deal[seat] == []
            assert len(deal[other]) == view.cards_left[other]
            assert len(set(deal[other])) == len(deal[other])
            for card in deal[other]:
                assert card not in seen
                assert deck.suit_of[card] not in knowledge.voids[other]
    assert voids_seen >= 3


def test_the_draw_weighs_only_at_two_players() -> None:
    for preset in ("classic", "cutthroat3", "six_pairs"):
        game = Game.new(Rules.preset(preset), seed=3)
        view = game.view(game.to_act or 0)
        knowledge = knowledge_of(view)
        assert knowledge.draw == DEALT
        for seed in range(5):
            assert sample_drawn_deal(knowledge, random.Random(seed)) == sample_deal(
                knowledge, random.Random(seed)
            )


@pytest.mark.parametrize("seed", range(3))
def test_hard_searches_its_bids_and_card_play_at_two_players(seed: int) -> None:
    heuristic = HeuristicPolicy()
    hard = SearchPolicy(deals=30, bid_deals=40, time_budget=None)
    game = Game.new(Rules.preset("two_player"), seed=seed)
    searched = bids = 0
    while game.hand_number == 1:
        view = game.view(game.to_act or 0)
        hard.searched = 0
        action = hard.decide(view, random.Random(seed))
        assert action in view.legal_actions
        assert hard.decide(view, random.Random(seed)) == action
        if view.phase is Phase.DRAW:
            # It draws as normal does: the rule its sampler assumes of the other seat.
            assert action == heuristic.decide(view, random.Random(seed))
        elif view.phase is Phase.BID:
            # Every bid near the estimate was played out on the 40 sampled deals.
            assert hard.searched == 40
            bids += 1
        elif isinstance(action, PlayCard) and len(view.hand or ()) > 1:
            # Every card it may play was tried on 30 sampled deals (a single legal
            # card needs no search).
            plays = sum(isinstance(a, PlayCard) for a in view.legal_actions)
            assert hard.searched == (30 if plays > 1 else 0)
            searched += int(plays > 1)
        game.apply(action)
    assert searched >= 5
    assert bids == 2


@pytest.mark.parametrize("deck_name", get_args(Rules.model_fields["deck"].annotation))
@pytest.mark.parametrize("draw", DRAWS)
def test_the_sampler_keeps_what_normal_keeps_for_every_pair_of_cards(
    deck_name: str, draw: str
) -> None:
    """The sampler draws the other seat's hand by ``knowledge.keeps_first``, a copy of
    the rule ``normal`` draws by: on every offer of two cards, in every deck, the two
    keep the same card, so a change to either one that the other does not follow fails
    here. (The copy is kept because knowledge is compiled and calls it thousands of
    times a decision, and heuristic is not.)"""
    game = Game.new(_rules(draw).with_option("deck", deck_name), seed=1)
    view = game.view(game.to_act or 0)
    assert view.phase is Phase.DRAW
    deck = deck_info(deck_name, 2)
    mode = KEEP_STRONGER if draw == "keep_one_of_two" else FIRST_OR_SECOND
    heuristic = HeuristicPolicy()
    ids = list(deck.cards)  # two players: one copy of each card
    checked = 0
    for first in ids:
        for second in ids:
            if first == second:
                continue
            # keep_one_of_two shows both cards; first_or_second shows the first only.
            offer = (Card.of(first), Card.of(second))[: 2 if mode == KEEP_STRONGER else 1]
            probe = dataclasses.replace(
                view,
                draw_offer=offer,
                legal_actions=(Draw(view.seat, True), Draw(view.seat, False)),
            )
            action = heuristic.decide(probe, random.Random(0))
            assert isinstance(action, Draw)
            assert action.keep_first == keeps_first(first, second, mode, deck), (first, second)
            # And the card it kept is one the sampler can pair with the card it left
            # (a king of hearts kept over a king of diamonds, say, on a tie).
            kept, left = (first, second) if action.keep_first else (second, first)
            assert _may_keep_over(kept, left, mode, deck), (kept, left)
            checked += 1
    assert checked == len(ids) * (len(ids) - 1) >= 52 * 51


def _three_drawn(seed: int, plays: int) -> Game:
    """A three-player two-deck game (003:81) drawn and bid by ``normal``, then ``plays``
    cards played by it."""
    heuristic = HeuristicPolicy()
    game = Game.new(Rules.preset("three_two_decks"), seed=seed)
    done = 0
    while game.phase is not Phase.PLAY or done < plays:
        if game.phase is Phase.PLAY:
            done += 1
        seat = game.to_act
        assert seat is not None
        game.apply(heuristic.decide(game.view(seat), random.Random(seed)))
    return game


def test_three_players_drawing_from_two_decks_are_sampled_as_drawn() -> None:
    """003:81: the other two hands were drawn, each keeping its better cards, so ``hard``
    samples them so: more spades and honours than a random deal of the unseen cards, the
    right number of cards each, never more copies of a card than are unseen, no card of a
    suit a seat has shown void."""
    for seed in range(3):
        game = _three_drawn(seed, 4 + seed)
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        knowledge = knowledge_of(view)
        assert knowledge.draw == KEEP_STRONGER
        others = [s for s in range(3) if s != seat]
        totals = {}
        for sampler in (sample_deal, sample_drawn_deal):
            rng = random.Random(seed)
            spades = honours = 0
            for _ in range(200):
                deal = sampler(knowledge, rng)
                assert deal[seat] == []
                for s in others:
                    assert len(deal[s]) == view.cards_left[s]
                    assert (
                        not {deck_info("ace_high", 3, "two_decks").suit_of[c] for c in deal[s]}
                        & (knowledge.voids[s])
                    )
                    got = _count(deal[s], view)
                    spades += got[0]
                    honours += got[1]
                held = [c for s in others for c in deal[s]]
                assert all(held.count(c) <= knowledge.unseen.count(c) for c in set(held))
            totals[sampler] = (spades / 400, honours / 400)
        drawn, uniform = totals[sample_drawn_deal], totals[sample_deal]
        assert drawn[0] > uniform[0] + 1.0, (drawn, uniform)


def test_normal_bids_a_two_deck_hand_at_its_share_of_the_tricks() -> None:
    """003:81: three hands drawn from two decks are each strong; bid at face value they
    came to 23 tricks of 17 and most bids were set. Scaled, the three bids of a deal come to
    about the 17 tricks there are."""
    totals = []
    for seed in range(12):
        game = _three_drawn(seed, 0)
        totals.append(sum(b.tricks for b in game.bids if b is not None))
    assert 14 <= sum(totals) / len(totals) <= 19, totals
