"""``sample_deal`` draws its deals with compiled-friendly code (bot/ai/knowledge.py): the
same deals, from the same random stream, as ``random.shuffle``, a stable sort and
``random.choices`` give. Checked against that plain version on positions of real games."""

from __future__ import annotations

import random

import pytest

from bot.ai.knowledge import (
    _NIL_HONOUR_WEIGHT,
    _TRIES,
    Knowledge,
    _honour,
    _weighted_choice,
    knowledge_of,
    sample_deal,
)
from bot.engine import Game, PassCards, Phase, Rules


def plain_sample_deal(knowledge: Knowledge, rng: random.Random) -> list[list[int]]:
    """sample_deal as first written, with the random module's own functions."""
    deck = knowledge.deck
    n = len(knowledge.needs)
    for attempt in range(_TRIES + 1):
        strict = attempt < _TRIES
        hands = [list(k) for k in knowledge.known]
        room = list(knowledge.needs)
        cards = list(knowledge.unseen)
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(deck.suit_of[c] not in knowledge.voids[s] for s in range(n)))
        for card in cards:
            suit = deck.suit_of[card]
            seats = [
                s for s in range(n) if room[s] and (not strict or suit not in knowledge.voids[s])
            ]
            if not seats:
                if sum(room) == 0:
                    break
                continue
            weights = [
                room[s] * (_NIL_HONOUR_WEIGHT if knowledge.nil[s] and _honour(card, deck) else 1)
                for s in seats
            ]
            seat = rng.choices(seats, weights)[0]
            hands[seat].append(card)
            room[seat] -= 1
        if sum(room) == 0:
            break
    return hands


def test_a_weighted_choice_is_the_one_random_choices_makes() -> None:
    source = random.Random(11)
    for case in range(2000):
        seats = sorted(source.sample(range(6), source.randrange(1, 7)))
        weights = [source.choice([1, 2, 3, 0.25, 0.5, 0.75, 13]) for _ in seats]
        ours, theirs = random.Random(case), random.Random(case)
        assert _weighted_choice(ours, seats, weights) == theirs.choices(seats, weights)[0]
        assert ours.random() == theirs.random()


@pytest.mark.parametrize(
    "preset", ["classic", "cutthroat3", "jokers", "five_player", "six_pairs", "two_player"]
)
def test_deals_are_those_of_the_plain_version(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        game = Game.new(rules, seed=seed)
        while not game.is_over and game.hand_number == 1:
            seat = game.to_act
            assert seat is not None
            if game.phase is Phase.PLAY:
                knowledge = knowledge_of(game.view(seat))
                for draw in range(3):
                    assert sample_deal(knowledge, random.Random(draw)) == plain_sample_deal(
                        knowledge, random.Random(draw)
                    )
                    checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 50


def test_hurricane_passed_cards_are_known_in_the_left_hand_not_the_partners() -> None:
    """003:365 Hurricane: the three cards go to the opponent on the left, so that is the
    hand the passer knows holds them (not its partner's, as after a Nil's passing)."""
    game = Game.new(Rules(hurricane_pass="left"), seed=4, dealer=0)
    for seat in (1, 2, 3, 0):
        options = [a for a in game.legal_actions(seat) if isinstance(a, PassCards)]
        game.apply(options[0])
    assert game.phase is Phase.BID
    view = game.view(1)
    knowledge = knowledge_of(view)
    passed = sorted(c.index for c in view.passed)
    assert sorted(knowledge.known[2]) == passed
    assert not knowledge.known[3]
    assert not set(passed) & set(knowledge.unseen)


def _dead_hand_void_position() -> tuple[Game, int, int, int]:
    """A dead_hand game (003:207) in play where a seat other than the one to act has shown
    a void in a side suit of which some cards are still unseen: the game, the seat to act,
    the void seat and the suit."""
    rules = Rules.preset("dead_hand")
    for seed in range(40):
        game = Game.new(rules, seed=seed, dealer=0)
        rng = random.Random(seed)
        while not game.is_over and game.hand_number == 1:
            seat = game.to_act
            assert seat is not None
            if game.phase is Phase.PLAY:
                knowledge = knowledge_of(game.view(seat))
                deck = knowledge.deck
                for other, voids in enumerate(knowledge.voids):
                    for suit in voids:
                        left = [c for c in knowledge.unseen if deck.suit_of[c] == suit]
                        if other != seat and suit != 3 and len(left) >= 4:
                            return game, seat, other, suit
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no dead_hand position with a void shown")


def test_dead_hand_deals_keep_a_hand_out_of_play_of_the_right_size() -> None:
    """003:207-225: 13 of the unseen cards lie in the dead hand nobody plays. A sampled
    deal gives each seat its own number of cards, no card twice, and leaves the dead
    hand's 13 out; a seat's shown void does not push that suit's unseen cards into the
    other seat's hand, since half of the places they may be are in the dead hand (they
    all went there, filling it first, before the dead hand was dealt like a seat)."""
    game, seat, void_seat, suit = _dead_hand_void_position()
    view = game.view(seat)
    knowledge = knowledge_of(view)
    assert knowledge.dead == 13
    deck = knowledge.deck
    third = next(s for s in range(3) if s not in (seat, void_seat))
    left = [c for c in knowledge.unseen if deck.suit_of[c] == suit]
    in_third = []
    for draw in range(300):
        deal = sample_deal(knowledge, random.Random(draw))
        dealt = [c for hand in deal for c in hand]
        assert len(dealt) == len(set(dealt))
        assert set(dealt) <= set(knowledge.unseen)
        assert [len(hand) for hand in deal] == [
            0 if s == seat else view.cards_left[s] for s in range(3)
        ]
        assert not {c for c in deal[void_seat] if deck.suit_of[c] == suit}
        in_third.append(sum(deck.suit_of[c] == suit for c in deal[third]))
    # Each unseen card of the suit is in the third seat's hand or the dead hand, in
    # proportion to their sizes.
    share = view.cards_left[third] / (view.cards_left[third] + 13)
    mean = sum(in_third) / len(in_third)
    assert abs(mean - share * len(left)) < 0.5, (mean, share, len(left))
