"""Five players with three Jokers (000:192): 55 cards, 11 each, the Jokers top trumps or junk.

000:192: "Five Players: There are no partnerships; players play for themselves. 2[♣] and
2[♦] are removed from the deck and each player is dealt 10 cards. Alternatively, if three
Jokers are available, they may be added as either highest trump or as junk cards, thus
dealing each player 11 cards each."

The third Joker is a second Little Joker (the copy bit of a double deck), so of the two
Little Jokers ``identical_cards`` decides. How junk cards follow suit the seed does not say:
a junk Joker belongs to no suit and never takes a trick; it is played when its player cannot
follow suit, or led at any time, and after it the first other card sets the suit led.
"""

from __future__ import annotations

import random

import pytest

from bot.ai.heuristic import (
    _beats,
    _is_top,
    _trick_leader,
    _unseen,
    card_table,
    estimate_tricks,
    sure_tricks,
)
from bot.ai.holdings import sample_fitted_deal
from bot.ai.knowledge import knowledge_of
from bot.ai.playout import Playout, Position
from bot.ai.reasons import shown_voids
from bot.engine import PRESETS, Bid, Card, Game, PlayCard, Rules
from bot.engine.deck import COPY_SHIFT, JUNK, TRUMP, deck_info
from bot.engine.tricks import TrickRules
from tests.engine.helpers import bid_all, cards, deal_with, new_game, play, plays, refused

TOP = Rules.preset("five_three_jokers")
JUNKED = Rules.preset("five_junk_jokers")
# Trumps may lead the first trick, so a Little Joker can.
TOP_LEADS = Rules.model_validate({**PRESETS["five_three_jokers"], "lead_spades": "anytime"})

# Dealer 0, so seat 1 leads. Seat 1 leads its Big Joker; seat 2 has only hearts, seat 3 two
# hearts and diamonds, seat 4 no hearts and a Little Joker, seat 0 (the rest: the J to A of
# clubs and the 8 to A of spades) no hearts.
JUNK_DEAL = {
    1: "BJ LJ 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    2: "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    3: "2H AH 2D 3D 4D 5D 6D 7D 8D 9D 10D",
    4: "LJ JD QD KD AD 2S 3S 4S 5S 6S 7S",
}


def _game(rules: Rules, fixed: dict[int, str], bids: list[int] | None = None) -> Game:
    game = new_game(rules, deal_with(rules, fixed))
    bid_all(game, bids or [1] * 5)
    return game


@pytest.mark.parametrize("rules", [TOP, JUNKED], ids=["top", "junk"])
def test_three_jokers_deal_55_cards_11_each_with_nothing_removed(rules: Rules) -> None:
    """000:192: "if three Jokers are available, they may be added [...] thus dealing each
    player 11 cards each": the 2 of clubs and the 2 of diamonds stay in."""
    info = deck_info(rules.deck, rules.players, rules.deal_shape)
    assert len(info.cards) == 55
    assert sorted(c % COPY_SHIFT for c in info.cards if c % COPY_SHIFT >= 52) == [52, 52, 53]
    game = Game.new(rules, seed=3, dealer=0)
    view = game.view(1)
    assert view.num_tricks == 11
    assert view.cards_left == (11,) * 5
    assert view.removed == ()
    assert sum(len(game.hands[s]) for s in range(5)) == 55
    # Bids run from Nil to all 11 tricks.
    bids = [a.tricks for a in game.legal_actions(1) if isinstance(a, Bid) and not a.blind]
    assert (min(bids), max(bids)) == (0, 11)


# Seat 1 leads a Little Joker; seat 2 must trump with its A of spades, seat 3 with its own
# Little Joker (its only trump), seat 4 with a low spade; seat 0 holds the Big Joker.
TOP_DEAL = {
    1: "LJ 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
    2: "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
    3: "LJ QH KH AH 2D 3D 4D 5D 6D 7D 8D",
    4: "9D 10D JD QD KD AD QC KC AC 2S 3S",
}


@pytest.mark.parametrize(("identical", "winner"), [("later_wins", 3), ("earlier_wins", 1)])
def test_top_jokers_two_little_jokers_as_identical_cards_decides(
    identical: str, winner: int
) -> None:
    """000:192 "added as [...] highest trump": a Little Joker led is a trump to follow, and
    of the two Little Jokers the later (or earlier) played wins, over the A of spades."""
    rules = TOP_LEADS.model_copy(update={"identical_cards": identical})
    game = _game(rules, TOP_DEAL)
    play(game, (1, "LJ"))
    assert plays(game, 2) == ["AS"]
    play(game, (2, "AS"))
    assert plays(game, 3) == ["LJ"]
    play(game, (3, "LJ"), (4, "2S"), (0, "4S"))
    assert game.view(0).tricks[-1].winner == winner


def test_top_jokers_the_big_joker_beats_both_little_jokers() -> None:
    """000:192: the Jokers are the highest trumps, the Big Joker first."""
    game = _game(TOP_LEADS, TOP_DEAL)
    play(game, (1, "LJ"), (2, "AS"), (3, "LJ"), (4, "3S"), (0, "BJ"))
    assert game.view(0).tricks[-1].winner == 0


def test_junk_joker_led_the_first_other_card_sets_the_suit() -> None:
    """000:192 junk: the Big Joker led follows nothing and takes nothing; the 3 of hearts
    after it is the suit led, so seat 3 must play a heart and the A of hearts takes it."""
    game = _game(JUNKED, JUNK_DEAL)
    play(game, (1, "BJ"))
    # Nothing to follow yet: any card.
    assert len(plays(game, 2)) == 11
    play(game, (2, "3H"))
    assert plays(game, 3) == ["2H", "AH"]
    refused(game, PlayCard(3, Card.parse("2D")), "You must follow suit: you hold a ♥")
    play(game, (3, "AH"))
    # Void in hearts: any card, the Little Joker too; the K of diamonds takes nothing.
    assert "LJ" in plays(game, 4) and len(plays(game, 4)) == 11
    play(game, (4, "KD"), (0, "JC"))
    record = game.view(0).tricks[-1]
    assert (record.winner, game.to_act) == (3, 3)


def test_junk_joker_led_a_spade_after_it_still_trumps() -> None:
    """000:192 junk: after a junk lead and a heart, a spade played by a player void in
    hearts takes the trick."""
    game = _game(JUNKED, JUNK_DEAL)
    play(game, (1, "BJ"), (2, "3H"), (3, "AH"), (4, "2S"), (0, "JC"))
    assert game.view(0).tricks[-1].winner == 4


def test_junk_joker_must_not_be_played_while_holding_the_suit_led() -> None:
    """000:192 junk: a Joker belongs to no suit, so a player holding the suit led follows
    it; void, they may throw the Joker, which never takes the trick."""
    game = _game(JUNKED, JUNK_DEAL)
    play(game, (1, "BJ"), (2, "3H"), (3, "AH"), (4, "KD"), (0, "JC"))
    play(game, (3, "2D"))
    assert "LJ" not in plays(game, 4)
    refused(game, PlayCard(4, Card.parse("LJ")), "You must follow suit: you hold a ♦")
    play(game, (4, "JD"), (0, "QC"))
    assert "LJ" in plays(game, 1)
    play(game, (1, "LJ"), (2, "4H"))
    assert game.view(0).tricks[-1].winner == 4


def test_junk_jokers_led_twice_leave_the_next_player_free() -> None:
    """000:192 junk: two Jokers down and nothing else: the next player may play any card,
    a spade too before spades are broken, and that card sets the suit led."""
    fixed = {
        1: "BJ 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
        2: "LJ 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
        3: "2S QH KH AH 2D 3D 4D 5D 6D 7D 8D",
        4: "LJ 9D 10D JD QD KD AD QC KC AC 3S",
    }
    game = _game(JUNKED, fixed)
    play(game, (1, "BJ"), (2, "LJ"))
    assert len(plays(game, 3)) == 11
    play(game, (3, "2S"))
    # Spades set: seat 4 follows with its 3 of spades, not its Little Joker.
    assert plays(game, 4) == ["3S"]
    play(game, (4, "3S"))
    assert len(plays(game, 0)) == 11
    play(game, (0, "4S"))
    assert game.view(0).tricks[-1].winner == 0


def test_junk_joker_may_be_led_before_spades_are_broken() -> None:
    """000:192 junk: a hand of spades and Jokers leads a Joker while spades are unbroken
    (a Joker is no spade); the spades stay barred."""
    fixed = {1: "BJ LJ 2S 3S 4S 5S 6S 7S 8S 9S 10S"}
    game = _game(JUNKED, fixed)
    assert plays(game, 1) == ["LJ", "BJ"]
    top = _game(TOP, fixed)
    # As top trumps the Jokers are spades: the whole hand is trumps, any of it may lead.
    assert len(plays(top, 1)) == 11


def test_a_nil_bidder_throws_junk_and_takes_nothing() -> None:
    """000:192 junk: a Joker never takes a trick, so a Nil bidder void in the suit led
    throws it safely."""
    game = _game(JUNKED, JUNK_DEAL, bids=[2, 0, 2, 2, 2])
    play(game, (1, "BJ"), (2, "3H"), (3, "AH"), (4, "KD"), (0, "JC"))
    play(game, (3, "2D"), (4, "JD"), (0, "QC"), (1, "LJ"), (2, "4H"))
    assert game.tricks_taken[1] == 0


@pytest.mark.parametrize(
    ("options", "kind"),
    [
        ({"three_jokers": "top", "deck": "joker_joker_ace"}, "three_jokers"),
        ({"three_jokers": "top", "players": 5, "team_size": 1}, "three_jokers"),
        (
            {"three_jokers": "junk", "players": 5, "team_size": 1, "deck": "one_joker"},
            "three_jokers",
        ),
        (
            {
                "three_jokers": "junk",
                "players": 5,
                "team_size": 1,
                "deck": "joker_joker_ace",
                "big_joker_lead": True,
            },
            "junk_jokers",
        ),
    ],
)
def test_three_jokers_need_five_players_and_a_two_joker_deck(
    options: dict[str, object], kind: str
) -> None:
    """000:192 is the five-player game's, with a deck of two Jokers to add a third to."""
    problems = Rules.model_construct(**{**Rules().model_dump(), **options}).problems()
    assert kind in [p.kind for p in problems]


def test_engine_and_playouts_agree_on_a_junk_led_trick() -> None:
    """000:192 junk: the engine's and the playouts' trick winner is the first real card's
    suit's highest card, never the Joker."""
    tricks = TrickRules(JUNKED)
    bj, lj, three_h, ace_h, king_d = (Card.parse(c).index for c in ("BJ", "LJ", "3H", "AH", "KD"))
    trick = [(1, bj), (2, lj), (3, three_h), (4, king_d), (0, ace_h)]
    assert tricks.winner(trick) == (0, ace_h)
    assert tricks.led_suit(trick) == 2
    assert tricks.led_suit(trick[:2]) == JUNK
    playout = Playout(JUNKED, [2] * 5, [False] * 5)
    assert playout.rank[bj] < playout.rank[Card.parse("2C").index]


def test_the_bots_count_top_jokers_as_tricks_and_junk_as_nothing() -> None:
    """000:192: as top trumps the three Jokers are three sure tricks; as junk, worth no
    trick, not even as spades."""
    hand = tuple(cards("BJ LJ LJ 2C 3C 4C 2D 3D 4D 2H 3H"))
    top = card_table(Game.new(TOP, seed=1, dealer=0).view(1))
    junk = card_table(Game.new(JUNKED, seed=1, dealer=0).view(1))
    assert sure_tricks(hand, top) == 3
    assert estimate_tricks(hand, top, 0) >= 3
    assert all(junk.suit(c) == JUNK for c in hand[:3])
    assert top.suit(hand[0]) == TRUMP
    assert sure_tricks(hand, junk) == 0
    assert estimate_tricks(hand, junk, 0) == 0


def test_normal_reads_a_junk_led_trick_by_its_first_real_card() -> None:
    """000:192 junk: for the heuristic bot the trick goes to the heart, and a heart above
    it would take the lead; a Joker thrown on it would not."""
    game = _game(JUNKED, JUNK_DEAL)
    play(game, (1, "BJ"), (2, "3H"))
    view = game.view(3)
    table = card_table(view)
    assert _trick_leader(view, table) == 2
    assert _beats(Card.parse("AH"), view, table)
    play(game, (3, "AH"))
    view = game.view(4)
    assert not _beats(Card.parse("LJ"), view, card_table(view))
    assert not _beats(Card.parse("KD"), view, card_table(view))
    # Nothing outranks a junk Joker, but it is no winner to lead.
    table = card_table(view)
    assert not _is_top(Card.parse("LJ"), _unseen(view, table), view, table)


def test_playout_counts_any_real_card_a_winner_after_junk_alone() -> None:
    """000:192 junk: with only a Joker down, the playouts' seat wanting the trick plays a
    real card; with a Joker and a trick it does not want, it keeps its high cards."""
    tricks = TrickRules(JUNKED)
    playout = Playout(JUNKED, [0, 0, 5, 0, 0], [False] * 5)
    hand = 0
    for card in cards("LJ 2H AH"):
        hand |= 1 << card.index
    hands = [0, 0, hand, 0, 0]
    pos = Position(hands, [(1, Card.parse("BJ").index)], 1, 0, False, [0] * 5, 0)
    mask, _ = tricks.legal_mask(2, hand, pos.trick, 0, False, True)
    assert mask == hand
    chosen = playout.choose(pos, 2, mask)
    assert chosen != Card.parse("LJ").index


def test_the_bots_read_voids_from_the_first_real_card() -> None:
    """000:192 junk: after the Big Joker led and the 3 of hearts, the A of hearts follows
    and the K of diamonds shows seat 4 has no heart; nobody showed a void by not playing
    a Joker, and every seat may still be dealt the Little Joker in the search's deals."""
    game = _game(JUNKED, JUNK_DEAL)
    play(game, (1, "BJ"), (2, "3H"), (3, "AH"), (4, "KD"))
    view = game.view(0)
    hearts = 2
    assert shown_voids(view) == ((4, hearts),)
    knowledge = knowledge_of(view)
    assert [set(v) for v in knowledge.voids] == [set(), set(), set(), set(), {hearts}]
    rng = random.Random(5)
    odds = [[1.0] * COPY_SHIFT for _ in range(5)]
    held = set()
    for _ in range(40):
        deal = sample_fitted_deal(knowledge, odds, rng)
        held |= {seat for seat, hand in enumerate(deal) if Card.parse("LJ").index in hand}
        assert not any(c // 13 == hearts and c < 52 for c in deal[4])
    assert held >= {1, 2, 3}
