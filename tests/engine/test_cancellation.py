"""Cancellation Spades (000:147): identical cards cancel, dead tricks, a Nil's tricks at -10.

000:147: "3 teams of 2 players play with 2 decks minus both 2[♣]. The 2[♦] is the highest
spade followed by the 2[♠] and Ace. [...] If identical cards are played in a round, they
cancel and cannot take the trick. Tricks won by no one are "dead" and discarded. [...]
Tricks taken by a nil do not count towards a non-nil bid and are penalized 10 points each."
"""

from __future__ import annotations

import random

import pytest

from bot.ai.heuristic import Rule, _beats, _trick_leader, card_table
from bot.ai.levels import decide_why_as
from bot.ai.playout import Playout, Position
from bot.engine import Card, Game, Phase, PlayCard, Rules, TrickWon
from bot.engine.claims import ClaimJudge, Verdict, sure_run
from bot.engine.deck import COPY_SHIFT, deck_info
from bot.engine.tricks import NOBODY, TrickRules
from bot.render.text import event_text, table_text, trick_line
from tests.ai.helpers import position_of
from tests.engine.helpers import bid_all, cards, first_legal, new_game, play, play_out

RULES = Rules.preset("cancellation")


def _deal(rules: Rules, wanted: dict[int, str], void: dict[int, str] | None = None) -> list:
    """A deal in which each seat holds its ``wanted`` cards, the rest of the deck shuffled
    (seed 7) and dealt; a seat in ``void`` gets no other card of those suits (letters)."""
    void = void or {}
    info = deck_info(rules.deck, rules.players, rules.deal_shape)
    stock = [Card.of(c % COPY_SHIFT) for c in info.cards]
    random.Random(7).shuffle(stock)
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    for seat, codes in wanted.items():
        for card in cards(codes):
            stock.remove(card)
            hands[seat].append(card)
    order = sorted(range(rules.players), key=lambda s: s not in void)
    for seat in order:
        barred = void.get(seat, "")
        while len(hands[seat]) < info.num_tricks:
            card = next(c for c in stock if c.code[-1] not in barred)
            stock.remove(card)
            hands[seat].append(card)
    assert not stock
    return hands


def _heart_trick(codes: list[str]) -> Game:
    """A cancellation game whose first trick is ``codes``, seats 1, 2, 3, 4, 5, 0 in turn
    (dealer 0, so seat 1 leads), every seat bidding 2."""
    seats = [1, 2, 3, 4, 5, 0]
    game = new_game(RULES, _deal(RULES, dict(zip(seats, codes, strict=True))))
    bid_all(game, [2] * 6)
    play(game, *zip(seats, codes, strict=True))
    return game


def test_the_deck_is_two_decks_less_both_2s_of_clubs_with_the_2s_on_top() -> None:
    # 000:147: "2 decks minus both 2[♣]. The 2[♦] is the highest spade followed by the
    # 2[♠] and Ace": 102 cards, 17 each.
    info = deck_info(RULES.deck, RULES.players, RULES.deal_shape)
    assert len(info.cards) == 102 and info.num_tricks == 17
    assert info.removed == (Card.parse("2C").index,)
    top = sorted(range(54), key=lambda c: info.power[c])[-3:]
    assert [Card.of(c).code for c in top] == ["AS", "2S", "2D"]
    assert info.suit_of[Card.parse("2D").index] == info.suit_of[Card.parse("AS").index]


def test_identical_cards_cancel_and_a_lower_card_takes_the_trick() -> None:
    # 000:147: the two A♥ cancel, the two K♥ cancel: the Q♥ (seat 5) takes it and leads.
    game = _heart_trick(["AH", "AH", "KH", "KH", "QH", "3H"])
    record = game.view(0).tricks[-1]
    assert record.winner == 5
    assert game.tricks_taken == [0, 0, 0, 0, 0, 1]
    assert game.to_act == 5


def test_identical_top_trumps_cancel_and_the_ace_of_spades_wins() -> None:
    # 000:147: seats 2 and 3, out of hearts, both trump with the 2♦ (the top spade): they
    # cancel, and seat 4's A♠ takes the trick.
    wanted = {1: "5H", 2: "2D", 3: "2D", 4: "AS"}
    game = new_game(RULES, _deal(RULES, wanted, void={2: "H", 3: "H", 4: "H"}))
    bid_all(game, [2] * 6)
    play(game, (1, "5H"), (2, "2D"), (3, "2D"), (4, "AS"))
    for seat in (5, 0):
        game.apply(first_legal(game, seat))
    assert game.view(0).tricks[-1].winner == 4
    assert game.to_act == 4


def test_a_trick_whose_cards_all_cancel_is_dead_and_its_leader_leads_again() -> None:
    # 000:147: "Tricks won by no one are "dead" and discarded." The seed does not say who
    # leads next: the player who led the dead trick leads again.
    game = _heart_trick(["AH", "AH", "KH", "KH", "QH", "QH"])
    assert game.view(0).tricks[-1].winner == NOBODY
    assert game.tricks_taken == [0] * 6
    assert game.to_act == 1
    assert game.view(1).trick_number == 2
    # The hand plays on to its 17th trick; one is nobody's.
    events: list[object] = []
    while game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        events += game.apply(first_legal(game, seat))
    assert sum(game.results[-1].teams[t].tricks for t in range(3)) == 16
    assert len(game.results) == 1


def test_a_trick_whose_only_uncancelled_cards_do_not_follow_is_dead() -> None:
    # Seats 5 and 0, out of hearts and spades, throw clubs: a club cannot take a heart
    # trick, so with every heart cancelled the trick is dead.
    wanted = {1: "AH", 2: "AH", 3: "KH", 4: "KH", 5: "4C", 0: "3C"}
    game = new_game(RULES, _deal(RULES, wanted, void={5: "HS", 0: "HS"}))
    bid_all(game, [2] * 6)
    events = []
    for seat, code in ((1, "AH"), (2, "AH"), (3, "KH"), (4, "KH"), (5, "4C")):
        events += game.apply(PlayCard(seat, Card.parse(code)))
    assert all(not code.endswith("H") for code in (a.card.code for a in _cards_of(game, 0)))
    events += game.apply(PlayCard(0, Card.parse("3C")))
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 1 and won[0].seat == NOBODY
    assert game.to_act == 1


def _cards_of(game: Game, seat: int) -> list[PlayCard]:
    return [a for a in game.legal_actions(seat) if isinstance(a, PlayCard)]


def test_a_dead_trick_shows_in_the_table_text() -> None:
    game = _heart_trick(["AH", "AH", "KH", "KH", "QH", "QH"])
    names = [f"P{s}" for s in range(6)]
    view = game.view(1)
    line = trick_line(view.trick, view.trick_number, view.last_trick, view.phase, names)
    assert line is not None and "nobody took it" in line
    assert "nobody took it" in table_text(view, names)
    text = event_text(TrickWon(NOBODY, 1, view.tricks[-1].plays), names, RULES)
    assert text is not None and "dead" in text


def test_the_bots_judge_cancelling_cards_as_the_engine_does() -> None:
    # With the A♥ and K♥ pairs on the table, seat 5's Q♥ wins and a 3♥ does not; the
    # second Q♥ of seat 0 would cancel it (the trick so far is seat 5's).
    game = new_game(RULES, _deal(RULES, {1: "AH", 2: "AH", 3: "KH", 4: "KH", 5: "QH 3H"}))
    bid_all(game, [2] * 6)
    play(game, (1, "AH"), (2, "AH"), (3, "KH"), (4, "KH"))
    view = game.view(5)
    table = card_table(view)
    assert _trick_leader(view, table) == NOBODY
    assert _beats(Card.parse("QH"), view, table)
    play(game, (5, "QH"))
    view = game.view(0)
    assert _trick_leader(view, card_table(view)) == 5
    assert not _beats(Card.parse("QH"), view, card_table(view))


@pytest.mark.parametrize("seed", range(6))
def test_the_playouts_settle_every_trick_as_the_engine_does(seed: int) -> None:
    """The search's playouts (and its endgame solver, which settles tricks the same way)
    give each trick the engine's winner, a dead trick nobody, and the same next leader."""
    rng = random.Random(seed)
    game = Game.new(RULES, seed=seed, dealer=0)
    while game.phase is not Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(rng.choice(game.legal_actions(seat)))
    bids = [None if b is None else b.tricks for b in game.bids]
    playout = Playout(RULES, bids, [False] * 6)
    pos: Position = position_of(game)
    tricks = TrickRules(RULES)
    dead = 0
    while game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        action = rng.choice(_cards_of(game, seat))
        bit = 1 << action.card.index
        card = action.card.index if pos.hands[seat] & bit else action.card.index + COPY_SHIFT
        playout.play(pos, seat, card)
        trick = [(s, c.index) for s, c in game.trick] + [(seat, action.card.index)]
        events = game.apply(action)
        for event in events:
            if isinstance(event, TrickWon):
                assert event.seat == tricks.winner(trick)[0]
                dead += event.seat == NOBODY
        if game.hand_number == 1:
            assert pos.taken == game.tricks_taken
            if not game.trick:
                assert pos.leader == game.to_act
    assert sum(game.results[-1].teams[t].tricks for t in range(3)) == 17 - dead


def test_cancel_needs_a_double_deck() -> None:
    with pytest.raises(ValueError, match="identical_cards cancel needs a double deck"):
        Rules(identical_cards="cancel")
    with pytest.raises(ValueError, match="identical_cards cancel"):
        Rules(players=6, identical_cards="cancel", ranked_suits=True)
    assert Rules(players=3, team_size=1, two_decks=True, identical_cards="cancel")
    with pytest.raises(ValueError, match="failed_nil minus_10_each needs nil_scoring bonus"):
        Rules(failed_nil="minus_10_each", nil_scoring="minus_10_a_trick")


def test_the_game_is_six_hands_of_three_pairs() -> None:
    # 000:147: "Game is six hands with each player dealing once."
    game = Game.new(RULES, seed=3, dealer=0)
    assert game.teams == ((0, 3), (1, 4), (2, 5))
    dealers = []
    while not game.is_over:
        if game.phase is Phase.BID and (not dealers or dealers[-1] != game.dealer):
            dealers.append(game.dealer)
        play_out_hand(game)
    assert len(game.results) == 6
    assert sorted(dealers) == list(range(6))


def play_out_hand(game: Game) -> None:
    if game.phase is Phase.BID:
        bid_all(game, [2] * 6)
    play_out(game)


def test_a_claim_on_a_card_whose_twin_is_out_fails() -> None:
    """000:147: the last trick, seat 0 on lead with the A♥ and the other A♥ in seat 1's hand:
    the twins would cancel and seat 2's K♥ take the trick, so the claim does not hold, and
    a bot does not count the A♥ a sure trick."""
    rules = Rules(players=3, team_size=1, two_decks=True, identical_cards="cancel", claims=True)
    tricks = TrickRules(rules)
    ace, king = Card.parse("AH").index, Card.parse("KH").index
    hands = [1 << ace, 1 << (ace + COPY_SHIFT), 1 << king]
    last = tricks.deck.num_tricks - 1
    assert not sure_run(tricks, 0, hands[0], hands[1] | hands[2], last, True)
    verdict = ClaimJudge(tricks).judge(hands, [], 0, last, True, 0, [False] * 3, 0)
    assert verdict is Verdict.FAILS
    # Without the twin out there the A♥ is sure.
    assert sure_run(tricks, 0, hands[0], hands[2], last, True)


def test_normal_cancels_the_winning_card_so_its_partner_takes_the_trick() -> None:
    """000:147: seat 1's K♥ is winning over seat 3's Q♥; seat 0 (seat 3's partner), with
    no heart above the K♥, plays its own K♥: the twins cancel and the Q♥ takes the trick."""
    hand = "KH 6H 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D 4D 5D"
    wanted = {0: hand, 1: "KH", 2: "3H", 3: "QH", 4: "4H", 5: "5H"}
    game = new_game(RULES, _deal(RULES, wanted))
    bid_all(game, [2] * 6)
    play(game, (1, "KH"), (2, "3H"), (3, "QH"), (4, "4H"), (5, "5H"))
    action, reason = decide_why_as("normal", game.view(0), 1)
    assert action == PlayCard(0, Card.parse("KH"))
    assert reason.rule == Rule.CANCEL_FOR_PARTNER
    game.apply(action)
    assert game.view(0).tricks[-1].winner == 3
