"""Every house-rule option changes what a real game allows or how it ends."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from bot.engine import (
    PRESETS,
    Action,
    Bid,
    BidMade,
    BidRaised,
    CallHighLow,
    CallRenege,
    CallTime,
    Card,
    Claim,
    ClaimAccepted,
    ClaimFailed,
    Declare,
    Declared,
    Draw,
    DummyTurned,
    Event,
    Game,
    HalfBid,
    HalfBidMade,
    HandResult,
    NoTrump,
    NoTrumpBid,
    PassCards,
    Phase,
    PlayCard,
    Raise,
    Redealt,
    RenegeCalled,
    RequestRedeal,
    RevealCards,
    Rules,
    score_hand,
)
from bot.engine.card_bonuses import card_bonuses
from bot.engine.deck import deck_info
from bot.engine.events import GameOver, TimeCalled, TrickRecord
from bot.engine.options import options_of
from bot.render.text import status_text
from tests.engine.helpers import (
    SUITED,
    TABLES,
    bid_all,
    bids_of,
    cards,
    deal_from_codes,
    deal_with,
    first_legal,
    follow_suit,
    hand_codes,
    new_game,
    play,
    play_hand,
    play_out,
    plays,
    refused,
)

F = TypeVar("F", bound=Callable[..., Any])

# Options some test below shows changing an outcome; filled in by ``covers``.
COVERED: set[str] = set()


def covers(*options: str) -> Callable[[F], F]:
    """Mark a test as the one that shows these options at work."""
    unknown = set(options) - set(Rules.model_fields)
    assert not unknown, f"not options: {unknown}"

    def mark(test: F) -> F:
        COVERED.update(options)
        return test

    return mark


# Dealer 0, so seat 1 leads. Seat 1 holds ten spades and three top clubs; seats 0 and 2 no
# spades; the lowest club (2C) is seat 0's.
MIXED = deal_from_codes(
    "2C 3C 4C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
    "AC KC QC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
    "5C 6C 7C QD KD AD 2H 3H 4H 5H 6H 7H 8H",
    "8C 9C 10C JC 9H 10H JH QH KH AH QS KS AS",
)
SPADES_OF_SEAT_1 = [f"{r}S" for r in "23456789TJ"]
# The default deck dealt round robin in card order: with ``first_legal`` the seats take
# 2, 2, 1 and 8 tricks; with ``follow_suit`` after seat 2 reneges (below) 3, 2, 3 and 5.
ROUND_ROBIN = deal_with(Rules(), {})


def cards_codes(codes: str) -> list[str]:
    """Codes of cards in the engine's order (as ``legal_actions`` lists them)."""
    return [card.code for card in sorted(cards(codes))]


def _rules(**options: object) -> Rules:
    """Rules from options held in variables (typed wider than their Literal values)."""
    return Rules.model_validate(options)


def _suited_game(rules: Rules, hands: int = 1) -> Game:
    return new_game(rules, *[deal_from_codes(*SUITED)] * hands)


def _team_totals(game: Game) -> list[int]:
    return [team.total for team in game.results[-1].teams]


# --- table and deck --------------------------------------------------------------------


@covers("players")
@pytest.mark.parametrize(
    ("preset", "cards_each", "removed", "sides"),
    [
        ("cutthroat3", 17, ["2C"], 3),
        ("cutthroat4", 13, [], 4),
        ("classic", 13, [], 2),
        ("five_player", 10, ["2C", "2D"], 5),
        ("six_pairs", 17, ["2C"], 3),
        ("six_threes", 17, ["2C"], 2),
    ],
)
def test_players_set_the_deal_and_the_sides(
    preset: str, cards_each: int, removed: list[str], sides: int
) -> None:
    """000 The number of players: 17 each for three (a card out), 10 for five (two deuces
    out), a double deck less both 2C for six."""
    rules = Rules.preset(preset)
    view = Game.new(rules, seed=3, dealer=0).view(0)
    assert view.num_tricks == cards_each
    assert view.cards_left == (cards_each,) * rules.players
    assert [card.code for card in view.removed] == removed
    assert len(view.teams) == sides


@covers("team_size")
def test_team_size_scores_partners_together_or_apart() -> None:
    partners = _suited_game(Rules())
    play_hand(partners, [2, 1, 2, 3])
    cutthroat = _suited_game(Rules(team_size=1))
    play_hand(cutthroat, [2, 1, 2, 3])
    # Seat 3 takes all 13 tricks. Partners: 0+2 bid 4 set, 1+3 bid 4 with 9 bags.
    assert partners.scores == [-40, 49]
    # Alone: seat 3 bid 3, 10 bags cost 100.
    assert cutthroat.scores == [-20, -10, -20, -60]


# Seats 2 and 3 are void in clubs; seat 1 leads the 3C each time. The joker decks of 001
# (Variations) take out 2H and 2C.
JOKER_DEAL = (
    "4C AD BJ 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
    "3C 5C 6C 7C 8C 9C 10C JC QC KC AC 3H 4H",
    "AS 2S 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "2D KS LJ 5H 6H 7H 8H 9H 10H JH QH KH AH",
)


@covers("deck")
@pytest.mark.parametrize(
    ("deck", "seat2", "seat3", "winner"),
    [
        ("joker_joker_ace", "AS", "2D", 2),
        ("joker_joker_deuce_ace", "AS", "2D", 2),
        pytest.param("joker_joker_deuce_deuce", "AS", "2D", 3, id="JJDD: 2D is a trump above AS"),
        pytest.param("joker_joker_ace", "2S", "KS", 3, id="JJA: 2S is the lowest spade"),
        pytest.param("joker_joker_deuce_ace", "2S", "KS", 2, id="JJDA: 2S ranks above AS"),
        ("joker_joker_deuce_deuce", "2S", "KS", 2),
        pytest.param("joker_joker_deuce_deuce", "2S", "2D", 3, id="JJDD: 2D above 2S"),
        ("joker_joker_deuce_ace", "2S", "2D", 2),
        pytest.param("joker_joker_deuce_deuce", "AS", "LJ", 3, id="JJDD: LJ above AS"),
    ],
)
def test_deck_ranks_the_trumps(deck: str, seat2: str, seat3: str, winner: int) -> None:
    rules = Rules.model_validate({"deck": deck})
    game = new_game(rules, deal_from_codes(*JOKER_DEAL))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "3C"), (2, seat2), (3, seat3), (0, "4C"))
    assert game.view(0).tricks[-1].winner == winner


# Seat 1 leads the 3♣. Seat 2's only club is the J♣ (a spade under bauers); seat 3 holds
# no club, and the J♠ and A♠.
BAUER_DEAL = (
    "4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D 9D 10D",
    "2C 3C 8C 9C 10C QC KC AC 2H 3H 4H 5H 6H",
    "JC 2S 3S 4S 5S 6S 7S 8S 9S 10S 8H 9H 10H",
    "JS QS KS AS JD QD KD AD 7H JH QH KH AH",
)


@covers("deck")
@pytest.mark.parametrize(
    ("deck", "seat3", "winner"),
    [("bauers", "AS", 2), ("bauers", "JS", 3), ("ace_high", "AS", 3), ("ace_high", "JS", 3)],
)
def test_bauer_trumps_the_jacks_rank_over_the_ace(deck: str, seat3: str, winner: int) -> None:
    """000:138 Bauer Trumps: "highest trump is the J[♠], known as the right bauer. Second
    highest trump is J[♣], being the same color and known as the Left Bauer." Under bauers
    the J♣ is a spade: seat 2, void in clubs then, may play any card and trumps with it."""
    game = new_game(Rules.model_validate({"deck": deck}), deal_from_codes(*BAUER_DEAL))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "3C"))
    assert (plays(game, 2) == ["JC"]) is (deck == "ace_high")
    play(game, (2, "JC"), (3, seat3), (0, "4C"))
    assert game.view(0).tricks[-1].winner == winner


@covers("deck")
@pytest.mark.parametrize(
    ("deck", "seat3", "broken", "winner"),
    [
        ("joker_joker_deuce_ace", ["2D"], False, 0),
        ("joker_joker_deuce_deuce", cards_codes(JOKER_DEAL[3]), True, 3),
    ],
)
def test_deck_deuce_of_diamonds_is_a_spade_only_in_jjdd(
    deck: str, seat3: list[str], broken: bool, winner: int
) -> None:
    """001 JJDD: the 2D is a spade, so it no longer follows a diamond lead; it trumps."""
    game = new_game(Rules.model_validate({"deck": deck}), deal_from_codes(*JOKER_DEAL), dealer=1)
    bid_all(game, [3, 3, 3, 3])
    play(game, (2, "3D"))
    assert plays(game, 3) == seat3
    play(game, (3, "2D"), (0, "AD"), (1, "3C"))
    assert game.spades_broken is broken
    assert game.view(0).tricks[-1].winner == winner


@covers("deck")
def test_deck_without_jokers_refuses_a_joker_and_keeps_every_deuce() -> None:
    with pytest.raises(ValueError, match="not in this deck"):
        new_game(Rules(), deal_from_codes(*JOKER_DEAL))
    assert Game.new(Rules(), seed=1, dealer=0).view(0).removed == ()
    jokers = Game.new(Rules(deck="joker_joker_ace"), seed=1, dealer=0).view(0)
    assert [card.code for card in jokers.removed] == ["2H", "2C"]


@covers("identical_cards", "players")
@pytest.mark.parametrize(("option", "winner"), [("later_wins", 2), ("earlier_wins", 1)])
def test_identical_cards_decide_between_two_aces(option: str, winner: int) -> None:
    """000 Six Players / 004: when two identical cards fall, the later (or earlier) wins."""
    clubs = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D"
    rules = _rules(players=6, team_size=2, identical_cards=option)
    # Both copies of the AH, one each to seats 1 and 2 (the double deck of ``deck_info``).
    game = new_game(rules, deal_with(rules, {1: f"AH {clubs}", 2: f"AH {clubs}"}))
    assert game.num_tricks == 17
    bid_all(game, [1] * 6)
    play(game, (1, "AH"), (2, "AH"))
    for seat in (3, 4, 5, 0):
        assert all(code.endswith("H") for code in plays(game, seat))
        game.apply(first_legal(game, seat))
    assert game.view(0).tricks[-1].winner == winner
    assert game.to_act == winner


@covers("two_player_deal")
@pytest.mark.parametrize(
    ("option", "offered", "keep_first_discards"),
    [
        ("keep_one_of_two", 2, True),
        ("first_or_second", 1, True),
        ("first_or_second_unseen", 1, False),
    ],
)
def test_two_player_deal_draws_from_the_stock(
    option: str, offered: int, keep_first_discards: bool
) -> None:
    """000 Two Players: see two and keep one; or keep or refuse the first card, seeing the
    refused second card or (unseen) not."""
    rules = _rules(players=2, team_size=1, two_player_deal=option)
    stock = Game.new(Rules(players=2, team_size=1), seed=11, dealer=0).view(1).draw_offer
    game = Game.new(rules, seed=11, dealer=0)
    assert game.phase is Phase.DRAW
    assert game.legal_actions(1) == [Draw(1, True), Draw(1, False)]
    assert game.legal_actions(0) == []
    view = game.view(1)
    assert view.draw_offer == stock[:offered]
    assert game.view(0).draw_offer == ()
    refused(game, Draw(0, True), "not your turn")
    game.apply(Draw(1, True))
    assert game.view(1).hand == (stock[0],)
    assert game.view(1).discarded == ((stock[1],) if keep_first_discards else ())
    # Keeping the second card means the first was seen and thrown away.
    game.apply(Draw(0, False))
    while game.phase is Phase.DRAW:
        assert game.to_act is not None
        game.apply(Draw(game.to_act, True))
    assert game.phase is Phase.BID
    assert game.view(0).cards_left == (13, 13)


@covers("variant")
@pytest.mark.parametrize(
    ("variant", "seat1", "seat2", "seat3"),
    [
        ("regular", list(range(14)), list(range(14)), [0, 1, 2, 3]),
        ("mirror", [10], [0], [3]),
        ("whiz", [0, 10], [0], [0, 3]),
        ("suicide", [0, *range(4, 14)], [0, *range(4, 14)], [0]),
    ],
)
def test_variant_fixes_the_bids(
    variant: str, seat1: list[int], seat2: list[int], seat3: list[int]
) -> None:
    """001 Mirror (bid your spades), Whiz (your spades or Nil), Suicide (one partner Nil,
    the other 4 or more). Seat 1 holds ten spades, seat 2 none, seat 3 three."""
    rules = Rules(blind_nil="never") if variant == "regular" else Rules.preset(variant)
    game = new_game(rules, MIXED)
    assert [t for t, _ in bids_of(game, 1)] == seat1
    game.apply(Bid(1, 10))
    assert [t for t, _ in bids_of(game, 2)] == seat2
    game.apply(Bid(2, 0))
    assert [t for t, _ in bids_of(game, 3)] == seat3
    if variant == "mirror":
        refused(game, Bid(3, 0), r"Mirror: bid the number of spades you hold\. You may bid: 3\.")


# --- game length ------------------------------------------------------------------------


@covers("target_score")
@pytest.mark.parametrize(("target", "over"), [(100, True), (500, False)])
def test_target_score_ends_the_game(target: int, over: bool) -> None:
    game = _suited_game(Rules(target_score=target))
    play_hand(game, [6, 1, 7, 12])
    assert game.scores == [-130, 130]
    assert game.is_over is over
    assert game.winner == (1 if over else None)


@covers("play_to", "hands_to_play")
@pytest.mark.parametrize(
    ("play_to", "hands", "over"), [("hands", 1, True), ("hands", 2, False), ("score", 1, False)]
)
def test_play_to_a_number_of_hands(play_to: str, hands: int, over: bool) -> None:
    """001 Play / Play # of hands: the highest score wins when the hands are played."""
    rules = _rules(play_to=play_to, hands_to_play=hands)
    game = _suited_game(rules)
    play_hand(game, [2, 1, 2, 3])
    assert game.is_over is over
    assert game.winner == (1 if over else None)
    assert game.phase is (Phase.OVER if over else Phase.BID)


@covers("play_to", "hands_to_play")
def test_a_tie_after_the_last_hand_plays_another() -> None:
    """000 Winning: if there is a tie, all players play one more round."""
    rules = Rules(play_to="hands", hands_to_play=1, ten_for_two_hundred=True, overtricks="no_overs")
    game = _suited_game(rules)
    play_hand(game, [0, 5, 0, 5])  # both Nils make 200; 10-for-200 without overs is 200
    assert game.scores == [200, 200]
    assert not game.is_over
    assert game.hand_number == 2


# 000:88 and 002:72: "the game could be played for ... a fixed time limit"; "If there is a
# tie, then all players participate in one more round". The table's clock calls the time
# (a CallTime); the engine never reads a clock.
TIMED = Rules(play_to="time", minutes_to_play=30)
# Both Nils make 200 and 10-for-200 without overs is 200: the sides tie at 200.
TIMED_TIE = TIMED.model_copy(update={"ten_for_two_hundred": True, "overtricks": "no_overs"})


@covers("play_to", "minutes_to_play")
def test_time_called_mid_hand_finishes_the_hand_and_the_higher_score_wins() -> None:
    # 000:88 # 002:72
    game = _suited_game(TIMED, hands=2)
    bid_all(game, [2, 1, 2, 3])
    play_out(game, tricks=3)
    assert game.apply(CallTime(game.to_act or 0)) == [TimeCalled(1, False)]
    assert game.time_up and not game.is_over and game.phase is Phase.PLAY
    play_out(game)
    assert game.scores == [-40, 49]
    assert game.is_over and game.winner == 1 and game.phase is Phase.OVER
    assert game.hand_number == 1
    # Replayed from its seed and log, the game ends the same way.
    again = Game.replay(
        TIMED, seed=1, actions=game.history, dealer=0, deals=[deal_from_codes(*SUITED)]
    )
    assert (again.is_over, again.winner, again.scores) == (True, 1, [-40, 49])


def test_a_timed_game_goes_on_until_time_is_called() -> None:
    # 000:88: no clock in the engine, so without a CallTime the game goes on whatever the score.
    game = _suited_game(TIMED, hands=2)
    play_hand(game, [2, 1, 2, 3])
    assert not game.is_over and game.hand_number == 2


def test_a_tie_when_time_is_up_plays_one_more_hand() -> None:
    # 000:88 # 002:72 "If there is a tie ... one more round of play until a winner is decided"
    game = _suited_game(TIMED_TIE, hands=2)
    bid_all(game, [0, 5, 0, 5])
    game.apply(CallTime(1))
    play_out(game)
    assert game.scores == [200, 200]
    assert not game.is_over and game.hand_number == 2
    play_hand(game, [2, 1, 2, 3])
    assert game.is_over and game.winner == 1


def test_time_up_before_anyone_acts_in_a_new_hand_ends_the_game_at_once() -> None:
    # 000:88: the hand just dealt is not in play yet, so it is not played.
    game = _suited_game(TIMED, hands=2)
    play_hand(game, [2, 1, 2, 3])
    events = game.apply(CallTime(game.to_act or 0))
    assert events == [TimeCalled(2, True), GameOver(1, (-40, 49))]
    assert game.is_over and game.winner == 1 and len(game.results) == 1
    refused(game, Bid(1, 3), "The game is over")


def test_time_up_at_a_new_hand_after_a_tie_plays_it() -> None:
    # 000:88 # 002:72: tied when time is up between hands, so the next hand is played.
    game = _suited_game(TIMED_TIE, hands=2)
    play_hand(game, [0, 5, 0, 5])
    assert game.apply(CallTime(1)) == [TimeCalled(2, True)]
    assert not game.is_over and game.phase is Phase.BID
    play_hand(game, [2, 1, 2, 3])
    assert game.is_over and game.winner == 1


def test_time_up_after_a_claim_dealt_the_new_hand_ends_the_game() -> None:
    # A claim (no card) ends the hand and deals the next: nobody has acted in that one yet.
    rules = TIMED.model_copy(update={"claims": True})
    game = _suited_game(rules, hands=2)
    bid_all(game, [2, 1, 2, 3])
    game.apply(Claim(3))
    assert game.hand_number == 2 and not game.is_over
    assert game.apply(CallTime(1))[0] == TimeCalled(2, True)
    assert game.is_over and game.winner == 1


def test_time_is_called_once_and_only_in_a_timed_game() -> None:
    game = _suited_game(TIMED)
    game.apply(CallTime(1))
    refused(game, CallTime(1), "already been called")
    refused(_suited_game(Rules()), CallTime(1), "not played for a time")
    refused(_suited_game(TIMED), CallTime(7), "no seat")
    assert all(
        not isinstance(a, CallTime) for s in range(4) for a in _suited_game(TIMED).legal_actions(s)
    )


@pytest.mark.parametrize("minutes", [0, 5, 7, 481, 6000])
def test_a_timed_game_refuses_absurd_lengths(minutes: int) -> None:
    with pytest.raises(ValueError, match="minutes_to_play"):
        Rules(play_to="time", minutes_to_play=minutes)


def test_minutes_to_play_needs_play_to_time() -> None:
    with pytest.raises(ValueError, match="minutes_to_play needs play_to time"):
        Rules(play_to="hands", minutes_to_play=90)
    assert Rules(play_to="time", minutes_to_play=90).minutes_to_play == 90


@covers("mercy")
@pytest.mark.parametrize(
    ("mercy", "play_to", "over"),
    [
        ("none", "score", False),
        ("minus_200", "score", True),
        ("minus_target", "score", False),
        ("spread_target", "score", True),
        ("minus_200", "hands", False),
    ],
)
def test_mercy_ends_a_lopsided_game(mercy: str, play_to: str, over: bool) -> None:
    """001 Mercy rule, applied only when playing to a score: after two hands the sides stand
    at -260 and 260."""
    rules = _rules(mercy=mercy, play_to=play_to, hands_to_play=5)
    game = _suited_game(rules, hands=2)
    play_hand(game, [6, 1, 7, 12])
    assert game.scores == [-130, 130]
    assert not game.is_over
    play_hand(game, [6, 1, 7, 12])
    assert game.scores == [-260, 260]
    assert game.is_over is over
    assert game.winner == (1 if over else None)


# --- bidding ----------------------------------------------------------------------------


@covers("first_hand_bids_itself")
@pytest.mark.parametrize("bids_itself", [True, False])
def test_first_hand_bids_itself(bids_itself: bool) -> None:
    """001 1st hand bids itself: no bidding, 10 points a trick."""
    game = _suited_game(Rules(first_hand_bids_itself=bids_itself))
    if not bids_itself:
        assert game.phase is Phase.BID
        assert all(isinstance(a, Bid) for a in game.legal_actions(1))
        return
    assert game.phase is Phase.PLAY
    assert plays(game, 1)[0] == "2D"
    play_out(game)
    assert game.results[-1].bid_itself
    assert game.scores == [0, 130]
    assert game.view(0).phase is Phase.BID  # hand 2 is bid


@covers("cant_total_tricks")
@pytest.mark.parametrize("cant_total", [True, False])
def test_cant_total_tricks_limits_the_dealer(cant_total: bool) -> None:
    """000 Bidding variations / 001: the sum of all bids must not equal the tricks."""
    game = _suited_game(Rules(cant_total_tricks=cant_total))
    for seat in (1, 2, 3):
        game.apply(Bid(seat, 3))
    offered = [t for t, _ in bids_of(game, 0)]
    assert offered == [t for t in range(11) if not (cant_total and t == 4)]
    if cant_total:
        refused(
            game, Bid(0, 4), r"You can't bid 4\. You may bid: nil, 1, 2, 3, 5, 6, 7, 8, 9, 10\."
        )


@covers("min_bid")
@pytest.mark.parametrize(
    ("min_bid", "team_size", "offered"),
    [(4, 2, list(range(3, 13))), (None, 2, list(range(13))), (4, 1, [0, *range(4, 14)])],
)
def test_min_bid_is_a_board_for_the_side(
    min_bid: int | None, team_size: int, offered: list[int]
) -> None:
    """000 Board / 001 Min bid: the side must reach the board (or bid Nil); solo, a player
    bids Nil or board."""
    rules = _rules(min_bid=min_bid, team_size=team_size)
    game = _suited_game(rules)
    if team_size == 1:
        assert [t for t, _ in bids_of(game, 1)] == offered
        return
    game.apply(Bid(1, 1))
    game.apply(Bid(2, 1))
    assert [t for t, _ in bids_of(game, 3)] == offered


@covers("min_bid")
def test_min_bid_partner_of_a_nil_bids_the_board() -> None:
    """000 Board: when bidding Nil, the teammate must bid at least four, or Double Nil."""
    game = _suited_game(Rules(min_bid=4))
    game.apply(Bid(1, 0))
    game.apply(Bid(2, 2))
    assert [t for t, _ in bids_of(game, 3)] == [0, *range(4, 14)]


def _deficit_game(rules: Rules, bids: list[int] | None) -> Game:
    """A game at its first bid (``bids`` None) or at hand 2 after a hand bid ``bids``."""
    game = _suited_game(rules, hands=2)
    if bids is not None:
        play_hand(game, bids)
    return game


def _offered(game: Game, seat: int, option: str) -> bool:
    legal = game.legal_actions(seat)
    wanted = {"nil_allowed": Bid(seat, 0), "blind_nil": Bid(seat, 0, True)}.get(
        option, Bid(seat, 1, True)
    )
    return wanted in legal


THRESHOLDS = {"never": None, "losing_by_250": 250, "losing_by_200": 200, "losing_by_100": 100,
              "losing_by_50": 50, "anytime": 0}  # fmt: skip
# First-hand bids by seat and the scores they leave (seat 3 takes every trick).
DEFICITS = [
    pytest.param(None, [0, 0], id="level"),
    pytest.param([1, 2, 1, 2], [-20, 49], id="behind 69"),
    pytest.param([3, 3, 3, 3], [-60, 67], id="behind 127"),
    pytest.param([5, 1, 6, 10], [-110, 112], id="behind 222"),
    pytest.param([6, 1, 7, 12], [-130, 130], id="behind 260"),
]


@covers("nil_allowed", "blind_nil", "blind_bids")
@pytest.mark.parametrize(("bids", "scores"), DEFICITS)
@pytest.mark.parametrize(
    ("option", "value"),
    [("nil_allowed", v) for v in ("anytime", "losing_by_50", "losing_by_100", "never")]
    + [
        (option, v)
        for option in ("blind_nil", "blind_bids")
        for v in ("never", "losing_by_250", "losing_by_200", "losing_by_100", "anytime")
    ],
)
def test_nil_and_blind_bids_open_when_far_enough_behind(
    option: str, value: str, bids: list[int] | None, scores: list[int]
) -> None:
    """001 Can bid Nil / Blind Nil / Blind bids: offered if behind by N points or more."""
    others = {"blind_nil": "never"} if option == "nil_allowed" else {}
    rules = Rules.model_validate({**others, option: value})
    game = _deficit_game(rules, bids)
    assert game.scores == scores
    need = THRESHOLDS[value]
    # The first two bidders: one of each side.
    for _ in range(2):
        seat = game.to_act
        assert seat is not None
        team = game.team_of(seat)
        deficit = scores[1 - team] - scores[team]
        assert _offered(game, seat, option) is (need == 0 or (need is not None and deficit >= need))
        if not game.has_looked(seat):
            game.apply(RevealCards(seat))
        game.apply(Bid(seat, 3))


@pytest.mark.parametrize(
    ("rules", "bid", "why"),
    [
        (Rules.preset("classic"), Bid(1, 4, True), "Blind bids aren't played at this table."),
        (
            Rules.preset("classic"),
            Bid(1, 0, True),
            "Blind Nil needs your side to be 100 or more points behind.",
        ),
        (Rules.preset("mirror"), Bid(1, 0, True), "Blind Nil isn't played at this table."),
        (
            Rules(blind_bids="anytime", show_all_hands=True),
            Bid(1, 3, True),
            "Blind bids aren't played at this table.",
        ),
        (
            Rules(blind_bids="losing_by_200"),
            Bid(1, 3, True),
            "A blind bid needs your side to be 200 or more points behind.",
        ),
    ],
)
def test_a_blind_bid_the_table_does_not_offer_says_why(rules: Rules, bid: Bid, why: str) -> None:
    """Not "you've looked at your cards" where blind bids were never on offer."""
    game = _suited_game(rules)
    assert refused(game, bid, re.escape(why)) == why


@covers("blind_bids", "min_blind_bid")
@pytest.mark.parametrize("least", [1, 4])
def test_blind_bids_only_before_looking(least: int) -> None:
    """001 Blind bids / Min blind bid (a team bid); 000 Blind bidding: capped at seven."""
    rules = Rules(blind_bids="anytime", min_blind_bid=least)
    game = _suited_game(rules)
    assert game.view(1).hand is None
    assert game.legal_actions(1) == [
        RevealCards(1),
        *[Bid(1, t, True) for t in range(least, 8)],
    ]
    refused(game, Bid(1, 3), "Look at your cards first, or bid blind.")
    game.apply(RevealCards(1))
    assert game.view(1).hand is not None
    assert bids_of(game, 1) == [(t, False) for t in range(14)]
    refused(game, Bid(1, 5, True), "You've looked at your cards, so you can't bid blind.")
    refused(game, RevealCards(1), "already face up")
    game.apply(Bid(1, 1))
    game.apply(RevealCards(2))
    game.apply(Bid(2, 2))
    # Seat 3 may still bid blind, but the side's blind bid must reach ``least``.
    low = max(1, least - 1)
    assert bids_of(game, 3) == [(t, True) for t in range(low, 8)]


# --- scoring options, played out ---------------------------------------------------------


@covers("nil_mode", "nil_allowed")
@pytest.mark.parametrize(
    ("nil_mode", "nil_allowed", "zero_offered", "team0"),
    [("nil", "anytime", True, 80), ("zero", "anytime", True, -20), ("zero", "never", True, -20),
     ("nil", "never", False, None)],
)  # fmt: skip
def test_nil_mode_zero_is_a_plain_bid(
    nil_mode: str, nil_allowed: str, zero_offered: bool, team0: int | None
) -> None:
    """001 Nil or Zero: Zero is worth nothing and is offered whatever "Can bid Nil" says."""
    rules = _rules(nil_mode=nil_mode, nil_allowed=nil_allowed)
    game = _suited_game(rules)
    game.apply(Bid(1, 1))
    game.apply(Bid(2, 2))
    game.apply(Bid(3, 3))
    assert ((0, False) in bids_of(game, 0)) is zero_offered
    if team0 is None:
        refused(game, Bid(0, 0), "You can't bid nil")
        return
    game.apply(Bid(0, 0))
    play_out(game)
    assert _team_totals(game)[0] == team0  # seat 2 is set for 2; a made Nil adds 100


@covers("nil_points")
@pytest.mark.parametrize(("points", "team0"), [(50, 30), (100, 80)])
def test_nil_points(points: int, team0: int) -> None:
    game = _suited_game(_rules(nil_points=points))
    play_hand(game, [0, 1, 2, 3])
    assert game.results[-1].teams[0].nil_bonus == points
    assert _team_totals(game)[0] == team0


@covers("double_nil_bonus")
@pytest.mark.parametrize(("double", "team0"), [(True, 400), (False, 200)])
def test_double_nil_bonus(double: bool, team0: int) -> None:
    """000 Double Nil: both partners make Nil and their bonuses are doubled."""
    game = _suited_game(Rules(double_nil_bonus=double))
    play_hand(game, [0, 1, 0, 3])
    assert _team_totals(game)[0] == team0


@covers("ten_for_two_hundred")
@pytest.mark.parametrize(("ten_for_200", "team1"), [(True, 203), (False, 103)])
def test_ten_for_two_hundred(ten_for_200: bool, team1: int) -> None:
    game = _suited_game(Rules(ten_for_two_hundred=ten_for_200))
    play_hand(game, [2, 5, 2, 5])
    assert _team_totals(game)[1] == team1


@covers("shoot_the_moon")
@pytest.mark.parametrize(
    ("moon", "team1", "over"),
    [("off", 130, False), ("plus_minus_200", 200, False), ("wins_game", 130, True)],
)
def test_shoot_the_moon(moon: str, team1: int, over: bool) -> None:
    """004 shoot the moon +/-200; 000 Boston wins the game outright."""
    game = _suited_game(_rules(shoot_the_moon=moon))
    play_hand(game, [2, 1, 2, 12])
    assert _team_totals(game)[1] == team1
    assert game.is_over is over
    assert game.winner == (1 if over else None)


@covers("overtricks")
@pytest.mark.parametrize(
    ("overtricks", "team1", "bags"),
    [("bags", 67, 7), ("no_overs", 60, 0), ("minus_one", 53, 7), ("quicksand", -10, 0),
     ("bags_no_points", 60, 7)],
)  # fmt: skip
def test_overtricks(overtricks: str, team1: int, bags: int) -> None:
    """000 Scoring variations: +1 (bags), No Overs, Sandbags Negative Value, Quicksand;
    000:177 Sandbags 0-Till-10: "their overtricks are worth 0 points" but still bags."""
    game = _suited_game(_rules(overtricks=overtricks))
    play_hand(game, [2, 3, 2, 3])
    assert _team_totals(game)[1] == team1
    assert game.bags[1] == bags


@covers("bag_limit", "bag_penalty")
@pytest.mark.parametrize(
    ("limit", "penalty", "team1", "bags"),
    [(10, 100, 67, 7), (5, 100, -33, 2), (5, 50, 17, 2), (5, 0, 67, 7)],
)
def test_bag_limit_and_penalty(limit: int, penalty: int, team1: int, bags: int) -> None:
    """000 Sandbags: 100 at 10 bags, or 50 at 5 in shorter games; 001: the penalty can be
    turned off."""
    game = _suited_game(Rules(bag_limit=limit, bag_penalty=penalty))
    play_hand(game, [2, 3, 2, 3])  # side 1 bids 6 and takes 13: 7 bags
    assert _team_totals(game)[1] == team1
    assert game.bags[1] == bags


@covers("failed_nil")
@pytest.mark.parametrize(
    ("failed_nil", "team1", "bags"),
    [("takes_bags", -227, 3), ("helps_team_bid", -51, 9), ("no_bags_no_help", -140, 0)],
)
def test_failed_nil(failed_nil: str, team1: int, bags: int) -> None:
    """001 Failed Nil. Seat 3 bids Nil and takes all 13; partner seat 1 bid 4 and took 0."""
    game = _suited_game(_rules(failed_nil=failed_nil))
    play_hand(game, [2, 4, 2, 0])
    assert _team_totals(game)[1] == team1
    assert game.bags[1] == bags


@covers("failed_bids")
@pytest.mark.parametrize(
    ("failed_bids", "team0", "team1"),
    [("minus_10x_bid", -50, 64), ("zero", 0, 64), ("minus_10x_short", -20, 64),
     ("plus_1_a_trick", 3, 64), ("to_opponents", 0, 84)],
)  # fmt: skip
def test_failed_bids(failed_bids: str, team0: int, team1: int) -> None:
    """001 Failed bids: side 0 bids 5 and takes 3. 000:167 3B-Spades: "A set bid scores +1
    per trick taken". 000:172: the opponents "score 10 for each trick it fell short"."""
    game = new_game(_rules(failed_bids=failed_bids), ROUND_ROBIN)
    play_hand(game, [2, 3, 3, 3])
    assert game.results[-1].teams[0].tricks == 3
    assert _team_totals(game) == [team0, team1]


# --- passing and redeals -----------------------------------------------------------------


@covers("nil_pass")
@pytest.mark.parametrize("count", [0, 1])
def test_nil_pass_exchanges_cards_with_the_partner(count: int) -> None:
    """000 Passing / 001 Nil pass."""
    game = _suited_game(Rules(nil_pass=count))
    bid_all(game, [3, 0, 3, 4])
    if count == 0:
        assert game.phase is Phase.PLAY
        return
    assert game.phase is Phase.PASS
    assert len(game.legal_actions(1)) == 13
    assert game.legal_actions(0) == []
    refused(game, PassCards(1, tuple(cards("AD KD"))), "Pass exactly 1 card to your partner.")
    refused(game, PassCards(1, tuple(cards("AS"))), "You don't hold the")
    refused(game, PassCards(0, tuple(cards("AC"))), "There is no card passing for you now.")
    game.apply(PassCards(1, tuple(cards("AD"))))
    assert game.phase is Phase.PASS
    game.apply(PassCards(3, tuple(cards("2S"))))
    assert game.view(0).phase is Phase.PLAY
    view = game.view(1)
    assert view.passed == tuple(cards("AD"))
    assert view.received == tuple(cards("2S"))
    assert hand_codes(game.hands[1]) == hand_codes(cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2S"))
    assert Card.parse("AD") in game.hands[3]


@covers("blind_nil_pass")
@pytest.mark.parametrize(("count", "passing"), [(0, False), (2, True)])
def test_blind_nil_pass(count: int, passing: bool) -> None:
    """000 Passing: commonly one card for Nil and two for Blind Nil."""
    rules = Rules(blind_nil="anytime", nil_pass=1, blind_nil_pass=count)
    game = _suited_game(rules)
    assert Bid(1, 0, True) in game.legal_actions(1)
    bid_all(game, [3, 0, 3, 4], blind=[False, True, False, False])
    assert game.phase is (Phase.PASS if passing else Phase.PLAY)
    if passing:
        assert all(len(a.cards) == 2 for a in game.legal_actions(3) if isinstance(a, PassCards))


# Seat 1: two spades and nothing above a ten; seat 2 and seat 3 no spade; seat 0 sound.
DEFICIENT = deal_from_codes(
    "4S 5S 6S 7S 8S 9S 10S JS QS KS AS AD KD",
    "2S 3S 2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D",
    "JC QC KC AC 4D 5D 6D 7D 8D 9D 10D JD QD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
)


@covers("deficient_hand_redeal")
def test_deficient_hand_redeal() -> None:
    """000 Deficient Hand: one or no spades, or no face cards, before the side bids."""
    game = new_game(Rules(deficient_hand_redeal=True), DEFICIENT)
    assert RequestRedeal(1) in game.legal_actions(1)  # two spades but nothing above a ten
    assert RequestRedeal(2) in game.legal_actions(2)
    assert RequestRedeal(0) not in game.legal_actions(0)
    refused(game, RequestRedeal(0), "A redeal needs a hand with at most one spade")
    dealt = game.hands
    events = game.apply(RequestRedeal(1))
    assert isinstance(events[0], Redealt)
    assert game.hands != dealt
    assert game.hand_number == 1
    assert game.phase is Phase.BID
    assert game.to_act == 1


@covers("deficient_hand_redeal")
def test_deficient_hand_redeal_needs_the_option_and_an_unbid_side() -> None:
    game = new_game(Rules(), DEFICIENT)
    assert RequestRedeal(1) not in game.legal_actions(1)
    refused(game, RequestRedeal(1), "This table doesn't allow redeals.")
    game = new_game(Rules(deficient_hand_redeal=True), DEFICIENT)
    game.apply(Bid(1, 1))
    assert RequestRedeal(3) not in game.legal_actions(3)  # partner already bid


# --- play --------------------------------------------------------------------------------


@covers("lead_spades")
@pytest.mark.parametrize(
    ("lead", "first", "second"),
    [
        ("if_broken", ["QC", "KC", "AC"], ["QC", "KC"]),
        ("after_first_trick", ["QC", "KC", "AC"], ["QC", "KC", *SPADES_OF_SEAT_1]),
        ("anytime", ["QC", "KC", "AC", *SPADES_OF_SEAT_1], ["QC", "KC", *SPADES_OF_SEAT_1]),
    ],
)
def test_lead_spades(lead: str, first: list[str], second: list[str]) -> None:
    """000 Breaking Spades / 001 Lead spades. Trick 1 has no spade in it."""
    game = new_game(_rules(lead_spades=lead), MIXED)
    bid_all(game, [3, 3, 3, 3])
    assert plays(game, 1) == first
    if lead != "anytime":
        message = "can't be led on the first" if lead == "after_first_trick" else "aren't broken"
        refused(game, PlayCard(1, Card.parse("2S")), message)
    play(game, (1, "AC"), (2, "5C"), (3, "8C"), (0, "2C"))
    assert game.to_act == 1
    assert plays(game, 1) == second


@covers("no_spades_first_trick")
@pytest.mark.parametrize("no_spades", [True, False])
def test_no_spades_first_trick(no_spades: bool) -> None:
    """001 No spades first trick: not led, and not played when void either."""
    rules = Rules(no_spades_first_trick=no_spades, lead_spades="anytime")
    game = new_game(rules, MIXED)
    bid_all(game, [3, 3, 3, 3])
    all_cards = ["QC", "KC", "AC", *SPADES_OF_SEAT_1]
    assert plays(game, 1) == (["QC", "KC", "AC"] if no_spades else all_cards)
    # Seat 0 leads a diamond (dealer 3); seat 1 has none.
    game = new_game(rules, MIXED, dealer=3)
    bid_all(game, [3, 3, 3, 3])
    play(game, (0, "2D"))
    assert plays(game, 1) == (["QC", "KC", "AC"] if no_spades else all_cards)
    if no_spades:
        refused(game, PlayCard(1, Card.parse("2S")), "No spades on the first trick")
    play(game, (1, "QC"), (2, "QD"), (3, "8C"))
    # From trick 2 on a void seat may trump: seat 2 leads a diamond, seat 3 has none.
    play(game, (2, "KD"))
    assert plays(game, 3) == cards_codes("9C 10C JC 9H 10H JH QH KH AH QS KS AS")


@covers("low_club_first_trick", "high_bidder_leads")
@pytest.mark.parametrize(
    ("low_club", "high_bidder", "bids", "leader", "leads"),
    [
        (True, False, [3, 3, 3, 3], 0, ["2C"]),
        (False, False, [3, 3, 3, 3], 1, ["QC", "KC", "AC"]),
        (False, True, [2, 3, 5, 3], 2, ["5C", "6C", "7C", "QD", "KD", "AD", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]),
        pytest.param(False, True, [5, 3, 5, 3], 2, None, id="tie: first high bidder left of the dealer"),
        (True, True, [2, 3, 2, 5], 3, ["8C"]),
    ],
)  # fmt: skip
def test_who_leads_the_first_trick(
    low_club: bool, high_bidder: bool, bids: list[int], leader: int, leads: list[str] | None
) -> None:
    """000 First Trick Lowest Club; 001 Low club first trick, High bidder leads (and both
    together: the high bidder leads, with the lowest club)."""
    rules = Rules(low_club_first_trick=low_club, high_bidder_leads=high_bidder)
    game = new_game(rules, MIXED)
    bid_all(game, bids)
    assert game.to_act == leader
    if leads is not None:
        assert plays(game, leader) == leads


@covers("low_club_first_trick")
def test_low_club_first_trick_everyone_plays_their_lowest_club() -> None:
    game = new_game(Rules(low_club_first_trick=True), MIXED)
    bid_all(game, [3, 3, 3, 3])
    refused(game, PlayCard(0, Card.parse("3C")), "you must play your lowest club, the 2♣")
    play(game, (0, "2C"))
    assert plays(game, 1) == ["QC"]
    play(game, (1, "QC"))
    assert plays(game, 2) == ["5C"]
    play(game, (2, "5C"))
    assert plays(game, 3) == ["8C"]


ALL_13 = None  # marker: every card in hand
# Seat 1 leads hearts; 2 and 3 are void. Seat 2 trumps low, seat 3 (opponent) must beat it.
MUST_OPPONENT = deal_from_codes(
    "KC AC KD AD 2S 4S 6S 7S 8S 10S JS QS AS",
    "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "5S 9S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
    "3S KS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
)
# The same, but seat 3 follows hearts: seat 0's partner seat 2 is winning with a trump.
MUST_PARTNER = deal_from_codes(
    "KD AD 2S 3S 4S 6S 7S 8S 10S JS QS KS AS",
    "AH KH QH JH 10H 9H 8H 7H 2C 3C 4C 5C 6C",
    "5S 9S 7C 8C 9C 10C JC QC KC AC 10D JD QD",
    "2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 7D 8D 9D",
)


@covers("must_trump")
@pytest.mark.parametrize(
    ("must", "seat2", "seat3", "seat0"),
    [
        ("off", ALL_13, ALL_13, ALL_13),
        ("when_void", ["5S", "9S"], ["KS"], ["AS"]),
        ("overtrump", ALL_13, ["KS"], ["AS"]),
    ],
)
def test_must_trump_against_an_opponent(
    must: str, seat2: list[str] | None, seat3: list[str] | None, seat0: list[str] | None
) -> None:
    """000 Play To Beat: void, must trump and beat any trump (when_void), or must beat an
    opponent's trump (overtrump)."""
    game = new_game(_rules(must_trump=must), MUST_OPPONENT)
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "AH"))
    for seat, card, expected in ((2, "5S", seat2), (3, "KS", seat3), (0, "AS", seat0)):
        legal = plays(game, seat)
        assert legal == (expected or [c.code for c in sorted(game.hands[seat])])
        play(game, (seat, card))
    if must == "overtrump":
        game = new_game(Rules(must_trump="overtrump"), MUST_OPPONENT)
        bid_all(game, [3, 3, 3, 3])
        play(game, (1, "AH"), (2, "5S"))
        refused(game, PlayCard(3, Card.parse("3S")), "You must overtrump the opponent's spade.")


@covers("must_trump")
@pytest.mark.parametrize(
    ("must", "seat0"),
    [("off", ALL_13), ("when_void", ["6S", "7S", "8S", "10S", "JS", "QS", "KS", "AS"]), ("overtrump", ALL_13)],
)  # fmt: skip
def test_must_trump_over_a_partner(must: str, seat0: list[str] | None) -> None:
    game = new_game(_rules(must_trump=must), MUST_PARTNER)
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "AH"), (2, "5S"), (3, "2H"))
    expected = (
        [Card.parse(c).code for c in seat0] if seat0 else [c.code for c in sorted(game.hands[0])]
    )
    assert plays(game, 0) == expected
    if must == "when_void":
        refused(game, PlayCard(0, Card.parse("KD")), "you must trump")


def _renege_game(rules: Rules, *, renege: bool, call: CallRenege | None) -> Game:
    """Round robin deal, seat 1 leads the KH; seat 2 (holding hearts) may play the 4C."""
    game = new_game(rules, ROUND_ROBIN)
    bid_all(game, [1, 3, 2, 3])
    play(game, (1, "KH"), (2, "4C" if renege else "2H"))
    if call is not None:
        proven = renege and call.accused == 2
        assert game.apply(call) == [RenegeCalled(call.seat, call.accused, proven)]
        assert game.view(0).renege_calls == ((call.seat, call.accused, proven),)
    play_out(game, follow_suit)
    return game


NO_NIL = {"nil_allowed": "never"}


@covers("allow_renege")
def test_renege_not_allowed_means_follow_suit() -> None:
    game = new_game(Rules(), ROUND_ROBIN)
    bid_all(game, [1, 3, 2, 3])
    play(game, (1, "KH"))
    assert plays(game, 2) == ["2H", "6H", "TH", "AH"]
    refused(game, PlayCard(2, Card.parse("4C")), "You must follow suit: you hold a ♥.")
    refused(game, CallRenege(1, 2), "Reneging isn't played at this table")
    assert not any(isinstance(a, CallRenege) for a in game.legal_actions(3))


@covers("allow_renege")
@pytest.mark.parametrize(
    ("renege", "options", "renege_called", "team0", "made0", "renege_points0"),
    [
        pytest.param("set", {}, False, 33, True, 0, id="set: not caught, the renege stands"),
        pytest.param("set", {}, True, -30, False, -63, id="set: caught, the side is set"),
        pytest.param("bid_plus_3", NO_NIL, True, 30, True, -3, id="bid+3: caught, needs 3 more"),
    ],
)
def test_allow_renege_caught(
    renege: str,
    options: dict[str, str],
    renege_called: bool,
    team0: int,
    made0: bool,
    renege_points0: int,
) -> None:
    """000 Reneging / 001 Allow renege. Side 0 bids 3 and takes 6 after seat 2 reneges."""
    rules = Rules.model_validate({"allow_renege": renege, **options})
    game = new_game(rules, ROUND_ROBIN)
    bid_all(game, [1, 3, 2, 3])
    play(game, (1, "KH"))
    assert "4C" in plays(game, 2)
    play(game, (2, "4C"))
    assert CallRenege(1, 2) in game.legal_actions(1)
    if renege_called:
        assert game.apply(CallRenege(1, 2)) == [RenegeCalled(1, 2, True)]
        assert not any(isinstance(a, CallRenege) for a in game.legal_actions(3))
        refused(game, CallRenege(3, 0), "Your side has already called a renege this hand.")
    play_out(game, follow_suit)
    result = game.results[-1]
    side0, side1 = result.teams
    assert (side0.tricks, side1.tricks) == (6, 7)
    assert (side0.total, side0.made, side0.renege_points) == (team0, made0, renege_points0)
    assert (side1.total, side1.made) == (61, True)


@covers("allow_renege")
@pytest.mark.parametrize(("renege", "options"), [("set", {}), ("bid_plus_3", NO_NIL)])
def test_a_false_renege_call_costs_the_caller_three_tricks(
    renege: str, options: dict[str, str]
) -> None:
    """000 Reneging: a false accusation costs the accusers the three-trick penalty."""
    rules = Rules.model_validate({"allow_renege": renege, **options})
    game = _renege_game(rules, renege=False, call=CallRenege(0, 1))
    side0 = game.results[-1].teams[0]
    # Side 0 bid 3 and took 3: made, but 3 more were needed.
    assert (side0.tricks, side0.made, side0.total, side0.renege_points) == (3, False, -30, -60)


@covers("claims")
def test_a_claim_with_the_top_cards_takes_the_rest() -> None:
    """000 The rest are mine (TRAM): the claimer's side takes every remaining trick."""
    game = _suited_game(Rules(claims=True))
    bid_all(game, [2, 1, 2, 3])
    play_out(game, tricks=9)
    assert hand_codes(game.hands[3]) == "JS QS KS AS"
    events = game.apply(Claim(3))
    assert events[0] == ClaimAccepted(3, 4)
    assert game.results[-1].teams[1].tricks == 13
    assert game.scores == [-40, 49]


@covers("claims")
def test_a_claim_is_offered_by_the_rules_alone() -> None:
    """Whether a claim would hold depends on cards a seat cannot see, so it is offered to
    every seat that may claim, all through the play, and judged when made."""
    game = _suited_game(Rules(claims=True))
    assert not any(Claim(s) in game.legal_actions(s) for s in range(4))  # bidding
    bid_all(game, [2, 0, 2, 3])
    assert [Claim(s) in game.legal_actions(s) for s in range(4)] == [True, False, True, True]
    refused(game, Claim(1), "You bid nil: you can't claim the rest of the tricks.")
    play(game, (1, "2D"))
    assert [Claim(s) in game.legal_actions(s) for s in range(4)] == [True, False, True, True]
    off = _suited_game(Rules())
    bid_all(off, [2, 1, 2, 3])
    assert not any(Claim(s) in off.legal_actions(s) for s in range(4))
    refused(off, Claim(3), "Claims aren't allowed at this table.")


# Round robin deal, dealer 0, every seat playing its first legal card: seats 0 to 3 take
# 2, 2, 1 and 8 tricks. Side 0 bids 2 and side 1 bids 8, and both make it: +21 and +82.
CLAIM_BIDS = [1, 3, 1, 5]


def _false_claim(rules: Rules) -> tuple[Game, list[Event]]:
    """Seat 0 claims before the first card, which the other side's cards beat at once."""
    game = new_game(rules, ROUND_ROBIN)
    bid_all(game, CLAIM_BIDS)
    events = game.apply(Claim(0))
    if game.hand_number == 1:
        play_out(game)
    return game, events


@covers("failed_claim")
@pytest.mark.parametrize(
    ("penalty", "forfeited", "totals", "side0_made"),
    [
        # 000: "the same penalty as for any other illegal showing of cards": face up.
        ("exposed", (), [21, 82], True),
        # 002: "forfeiting all remaining tricks": seats 1 and 3 in turn from seat 0's left.
        ("forfeit", (0, 7, 0, 6), [-20, 85], False),
        # 000: "scoring the hand as if that player had failed to make his bid".
        ("set", (), [-20, 82], False),
    ],
)
def test_a_false_claim_costs_what_failed_claim_says(
    penalty: str, forfeited: tuple[int, ...], totals: list[int], side0_made: bool
) -> None:
    """000 The rest are mine (TRAM), 002 The Rest Are Mine (TRAM): a player who claims
    when another could still win a trick is penalised."""
    game, events = _false_claim(Rules(claims=True, failed_claim=penalty))
    exposed = tuple(sorted(ROUND_ROBIN[0])) if penalty == "exposed" else ()
    assert events[0] == ClaimFailed(0, 13, penalty, exposed, forfeited)
    assert _team_totals(game) == totals
    side0 = game.results[-1].teams[0]
    assert (side0.made, side0.claim_set) == (side0_made, penalty == "set")


def test_exposed_cards_are_in_every_view_until_played() -> None:
    game = new_game(Rules(claims=True), ROUND_ROBIN)
    bid_all(game, CLAIM_BIDS)
    game.apply(Claim(0))
    held = tuple(sorted(ROUND_ROBIN[0]))
    assert all(game.view(s).exposed == (held, (), (), ()) for s in range(4))
    play_out(game, tricks=1)
    left = tuple(game.hands[0])
    assert len(left) == 12
    assert all(game.view(s).exposed == (left, (), (), ()) for s in range(4))
    # The side whose claim failed may not claim again this hand; the other side may.
    assert [Claim(s) in game.legal_actions(s) for s in range(4)] == [False, True, False, True]
    refused(game, Claim(2), "Your side's claim already failed this hand: play the rest out.")
    play_out(game)
    assert game.hand_number == 2
    assert all(game.view(s).exposed == ((), (), (), ()) for s in range(4))
    assert Claim(game.to_act or 0) not in game.legal_actions()  # bidding again


@pytest.mark.parametrize(
    ("bids", "forfeited"),
    [
        # 17 tricks left: one at a time to seats 1 and 2 in turn from the claimer's left.
        ([3, 3, 3], (0, 9, 8)),
        # A Nil bidder is passed over: a forfeit must not break an opponent's Nil.
        ([3, 3, 0], (0, 17, 0)),
        ([3, 0, 0], (0, 0, 0)),  # nobody may take them
    ],
)
def test_a_forfeit_in_cutthroat_goes_round_the_other_seats(
    bids: list[int], forfeited: tuple[int, ...]
) -> None:
    rules = Rules(players=3, team_size=1, claims=True, failed_claim="forfeit")
    game = new_game(rules, deal_with(rules, {}))
    bid_all(game, bids)
    events = game.apply(Claim(0))
    assert events[0] == ClaimFailed(0, 17, "forfeit", (), forfeited)
    assert game.results[-1].seats[0].tricks == 0
    assert [seat.tricks for seat in game.results[-1].seats] == list(forfeited)


def test_a_claim_set_in_a_hand_that_bids_itself_scores_nothing() -> None:
    rules = Rules(claims=True, failed_claim="set", first_hand_bids_itself=True)
    game = new_game(rules, ROUND_ROBIN)
    assert game.apply(Claim(0)) == [ClaimFailed(0, 13, "set", (), ())]
    play_out(game)
    assert game.hand_number == 2
    assert _team_totals(game) == [0, 100]


# --- table settings ----------------------------------------------------------------------


@covers("show_all_hands")
@pytest.mark.parametrize("show", [True, False])
def test_show_all_hands(show: bool) -> None:
    game = _suited_game(Rules(show_all_hands=show))
    view = game.view(0)
    expected = tuple(tuple(sorted(hand)) for hand in deal_from_codes(*SUITED))
    assert view.all_hands == (expected if show else None)
    assert view.hand == expected[0]


def test_face_up_tables_have_no_blind_bids() -> None:
    # Blind Nil is open to everyone here, but with every hand face up nothing is blind.
    face_down = new_game(Rules(blind_nil="anytime"), deal_from_codes(*SUITED))
    face_up = new_game(Rules(blind_nil="anytime", show_all_hands=True), deal_from_codes(*SUITED))
    assert face_down.view(1).hand is None
    assert RevealCards(1) in face_down.legal_actions(1)
    assert face_up.view(1).hand is not None
    assert not any(isinstance(a, Bid) and a.blind for a in face_up.legal_actions(1))


@covers("time_to_bid", "time_to_play", "allow_suggestions", "allow_watching")
@pytest.mark.parametrize(
    ("option", "text", "value", "bad", "allowed"),
    [
        ("time_to_bid", "15", 15, "700", "0 to 600"),
        ("time_to_bid", "0", 0, "soon", "0 to 600"),
        ("time_to_play", "7", 7, "-1", "0 to 600"),
        ("allow_suggestions", "no", False, "maybe", "yes, no"),
        ("allow_watching", "face_up", "face_up", "sideways", "no, face_down, face_up"),
    ],
)
def test_table_settings_validate_parse_and_round_trip(
    option: str, text: str, value: object, bad: str, allowed: str
) -> None:
    """001 Limits: time to bid/play, suggestions, watching. The tables layer applies them;
    the rules carry, check and store them."""
    rules = Rules().with_option(option, text)
    assert getattr(rules, option) == value
    assert Rules.from_json(rules.to_json()) == rules
    assert rules.changed() == {option: value}
    with pytest.raises(ValueError, match=f"Allowed: {allowed}\\."):
        Rules().with_option(option, bad)
    with pytest.raises(ValueError, match=option):
        Rules.model_validate({option: bad})


# --- rules validation, presets and text input --------------------------------------------


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"players": 3, "team_size": 2}, "3 players need team_size 1"),
        ({"players": 6, "team_size": 2, "variant": "suicide", "blind_nil": "never"}, "suicide is played by four players as partners"),
        ({"variant": "mirror", "blind_nil": "never", "cant_total_tricks": True}, "cant_total_tricks is not available in mirror"),
        ({"variant": "whiz", "blind_nil": "never", "min_bid": 4}, "min_bid is not available in whiz"),
        ({"variant": "mirror"}, r"blind_nil is not available in mirror \(must be never\)"),
        ({"allow_renege": "bid_plus_3"}, r"allow_renege bid_plus_3 needs a game without Nil \(nil_allowed never\)"),
        ({"team_size": 1, "nil_pass": 1}, "nil_pass and blind_nil_pass need partnerships of two"),
        ({"target_score": 120}, "multiple of 50"),
        ({"time_to_bid": 601}, "less than or equal to 600"),
        ({"colour": "red"}, "Extra inputs are not permitted"),
    ],
)  # fmt: skip
def test_bad_combinations_say_what_is_wrong(options: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Rules.model_validate(options)


def test_bid_plus_3_is_fine_without_nil() -> None:
    assert Rules(allow_renege="bid_plus_3", nil_allowed="never").allow_renege == "bid_plus_3"
    assert Rules(allow_renege="bid_plus_3", nil_mode="zero").nil_mode == "zero"


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_builds_a_playable_game(name: str) -> None:
    rules = Rules.preset(name)
    for option, value in PRESETS[name].items():
        assert getattr(rules, option) == value
    assert set(rules.changed()) <= set(PRESETS[name])
    game = Game.new(rules, seed=5, dealer=0)
    # Hurricane's passing (003:365) and the kitty's discard (000:99) come before the bids.
    early = rules.hurricane_pass != "off" or rules.kitty == "two_of_clubs"
    first = (Phase.PASS,) if early else (Phase.BID, Phase.DRAW)
    assert game.phase in first
    assert game.legal_actions()


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(ValueError, match=r"No preset called 'nope'\. Presets: classic, casual,"):
        Rules.preset("nope")


@pytest.mark.parametrize(
    ("option", "text", "message"),
    [
        ("deck", "tarot", "deck cannot be 'tarot'. Allowed: ace_high, joker_joker_ace, joker_joker_deuce_ace, joker_joker_deuce_deuce, bauers, deuces_high, one_joker, euchre_jokers, deuce_deuce_ace."),
        ("lead_spades", "sometimes", "Allowed: if_broken, after_first_trick, anytime."),
        ("target_score", "120", "target_score 120: Input should be a multiple of 50. Allowed: 100 to 1000 in steps of 50."),
        ("claims", "perhaps", "claims cannot be 'perhaps'. Allowed: yes, no."),
        ("players", "3", "players 3: 3 players need team_size 1. Allowed: 2, 3, 4, 5, 6."),
        ("min_bid", "7", "Allowed: none, 2 to 5."),
        ("nope", "1", "No option called 'nope'. Options: players, team_size,"),
    ],
)  # fmt: skip
def test_with_option_errors_list_the_allowed_values(option: str, text: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        Rules().with_option(option, text)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("option", "text", "value"),
    [("min_bid", "4", 4), ("min_bid", "none", None), ("claims", "yes", True), ("nil_points", "50", 50),
     ("deck", "JOKER_JOKER_ACE", "joker_joker_ace"), ("bag_penalty", "0", 0)],
)  # fmt: skip
def test_with_option_parses_text(option: str, text: str, value: object) -> None:
    base = Rules(min_bid=3)
    rules = base.with_option(option, text)
    assert getattr(rules, option) == value
    assert base.min_bid == 3  # the original is unchanged


def test_every_option_changes_an_outcome_somewhere() -> None:
    missing = [name for name in Rules.model_fields if name not in COVERED]
    assert not missing, f"options without a test that shows them at work: {missing}"


# --- variants from the seeds (issue 25): each test cites the seed line it pins -----------


@covers("low_club_leads")
@pytest.mark.parametrize(
    ("low_club", "leads", "leader", "seat1", "seat2"),
    [
        (False, False, 1, None, None),
        (False, True, 0, ["QC", "KC", "AC"], ["5C", "6C", "7C"]),
        (True, False, 0, ["QC"], ["5C"]),
    ],
)
def test_deuce_starts_the_two_of_clubs_leads_and_the_others_play_freely(
    low_club: bool, leads: bool, leader: int, seat1: list[str] | None, seat2: list[str] | None
) -> None:
    """000:97 Deuce Starts: "Regardless of which player has dealt, the player with the
    [2 of clubs] leads it"; 003:369 "the holder of the 2 of Clubs must lead it to the first
    trick"; 004:10 "The player holding 2 of clubs leads the first trick". Unlike 000:150's
    First Trick Lowest Club, the others are not made to play their lowest club."""
    rules = Rules(low_club_first_trick=low_club, low_club_leads=leads)
    game = new_game(rules, MIXED)
    bid_all(game, [3, 3, 3, 3])
    assert game.to_act == leader
    if seat1 is None:
        return
    assert plays(game, 0) == ["2C"]
    refused(game, PlayCard(0, Card.parse("3C")), "you must play your lowest club, the 2♣")
    play(game, (0, "2C"))
    assert plays(game, 1) == seat1
    play(game, (1, seat1[-1]))
    assert plays(game, 2) == seat2


def test_first_trick_clubs_is_deuce_starts_with_no_spades_on_the_first_trick() -> None:
    """000:149 First Trick Clubs: the lowest club's holder opens, and "other players can
    play any card except Spades on the first trick, unless the player has nothing but
    Spades": low_club_leads with no_spades_first_trick."""
    deal = deal_from_codes(
        "2C 3C 4C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QD KD AD",
        "5C 6C 7C 8C 2H 3H 4H 5H 6H 7H 8H 9H 10H",
        "9C 10C JC QC KC AC JH QH KH AH QS KS AS",
    )
    game = new_game(Rules(low_club_leads=True, no_spades_first_trick=True), deal)
    bid_all(game, [3, 3, 3, 3])
    play(game, (0, "2C"))
    # Seat 1 has no club: any diamond, but no spade while it holds a diamond.
    assert plays(game, 1) == ["QD", "KD", "AD"]
    refused(game, PlayCard(1, Card.parse("2S")), "No spades on the first trick")


def _blind_seat3(rules: Rules) -> Game:
    """SUITED: seat 3 bids blind 7 (its partner 1) and takes all 13 tricks."""
    game = _suited_game(rules)
    bid_all(game, [3, 1, 2, 7], [False, False, False, True])
    play_out(game)
    return game


@covers("blind_scoring")
@pytest.mark.parametrize(
    ("scoring", "team1", "blind_bonus", "bags"),
    [("double", 155, 70, 5), ("exact_100", 85, 0, 5), ("exact_double", 15, -70, 5),
     ("trailing", 150, 70, 0)],
)  # fmt: skip
def test_blind_scoring(scoring: str, team1: int, blind_bonus: int, bags: int) -> None:
    """Side bid 8 (blind 7 + 1), took 13. 000:69: a blind bid "if player took more" scores
    0 (exact_100: 80 + 5 overtricks). 000:106: "if made exactly by that player, is
    rewarded ... failing ... the bonus being subtracted" (exact_double: 80 + 5 - 70).
    000:119 Trailing Blind Bids: "20 points per bid trick, with no overtricks scored"
    (trailing: 80 + 70, no bags). The default (001) scores the blind tricks double."""
    game = _blind_seat3(_rules(blind_bids="anytime", blind_scoring=scoring))
    team = game.results[-1].teams[1]
    assert (team.total, team.blind_bonus, game.bags[1]) == (team1, blind_bonus, bags)


def test_blind_scoring_needs_blind_bids() -> None:
    with pytest.raises(ValueError, match="blind_scoring needs blind bids"):
        Rules(blind_scoring="exact_100")


@covers("double_nil_wins")
@pytest.mark.parametrize(("wins", "over"), [(True, True), (False, False)])
def test_double_nil_wins_the_game(wins: bool, over: bool) -> None:
    """000:71 "Double Nil 400 or Game"; 000:108 "If this is done successfully, the team
    wins the game outright". SUITED: seats 0 and 2 both bid Nil and take nothing."""
    game = _suited_game(Rules(double_nil_wins=wins))
    play_hand(game, [0, 1, 0, 3])
    assert game.is_over is over
    assert game.winner == (0 if over else None)
    assert game.scores[0] == 200  # the bonuses still score


@covers("double_nil_no_penalty")
@pytest.mark.parametrize(("free", "team0"), [(True, 3), (False, -197)])
def test_double_nil_failed_costs_nothing(free: bool, team0: int) -> None:
    """000:105 Double Nil: "If either player or both players fail to make theirs Nil bid,
    there is no penalty"; 000:71 "0 or -200". ROUND_ROBIN: seats 0 and 2 bid Nil and take
    2 and 1 tricks (3 bags either way)."""
    game = new_game(Rules(double_nil_no_penalty=free), ROUND_ROBIN)
    play_hand(game, [0, 3, 0, 3])
    assert [s.tricks for s in game.results[-1].seats] == [2, 2, 1, 8]
    assert _team_totals(game)[0] == team0


@covers("ten_for_two_hundred_exact", "ten_for_two_hundred_loss")
@pytest.mark.parametrize(
    ("exact", "loss", "bids", "totals"),
    [(False, 200, [2, 5, 2, 5], [-40, 203]), (True, 200, [2, 5, 2, 5], [-40, -200]),
     (True, 100, [2, 5, 2, 5], [-40, -100]), (False, 100, [5, 1, 5, 1], [-100, -69])],
)  # fmt: skip
def test_ten_for_two_hundred_sub_rules(
    exact: bool, loss: int, bids: list[int], totals: list[int]
) -> None:
    """000:114: "In some variations ... the side must win exactly 10 tricks" (side 1 bids 10
    and takes 13: set), and "Some play a lost bid only loses 100, not 200"."""
    rules = _rules(
        ten_for_two_hundred=True, ten_for_two_hundred_exact=exact, ten_for_two_hundred_loss=loss
    )
    game = _suited_game(rules)
    play_hand(game, bids)
    assert _team_totals(game) == totals


def test_ten_for_two_hundred_sub_rules_need_ten_for_two_hundred() -> None:
    with pytest.raises(ValueError, match="need ten_for_two_hundred yes"):
        Rules(ten_for_two_hundred_loss=100)


@covers("each_bids_four")
def test_fredieu_every_player_bids_four_or_nil_or_wheels() -> None:
    """000:128 Fredieu: "each player must bid a minimum four tricks unless going nil,
    blind nil or Wheels" (a bid that makes the side's 10 at a 10-for-200 table)."""
    game = _suited_game(Rules(each_bids_four=True, ten_for_two_hundred=True))
    assert bids_of(game, 1) == [(0, False), *[(t, False) for t in range(4, 14)]]
    message = refused(game, Bid(1, 3), "You can't bid 3")
    assert "Every player bids at least 4, or Nil." in message
    game.apply(Bid(1, 7))
    game.apply(Bid(2, 4))
    # Seat 3's partner bid 7: 3 makes the side's 10 for 200.
    assert bids_of(game, 3) == [(0, False), (3, False), (4, False), (5, False), (6, False)]
    plain = _suited_game(Rules(each_bids_four=True))
    plain.apply(Bid(1, 7))
    plain.apply(Bid(2, 4))
    assert bids_of(plain, 3) == [(0, False), (4, False), (5, False), (6, False)]


@covers("no_nine_bids")
@pytest.mark.parametrize(("no_nines", "offered"), [(True, False), (False, True)])
def test_no_nines_a_side_may_not_bid_nine(no_nines: bool, offered: bool) -> None:
    """000:120 No Nines, No Blinds: "neither blind bids nor a cumulative bid of 9 is
    allowed", so a strong side bids 8 or 10."""
    game = _suited_game(Rules(no_nine_bids=no_nines))
    game.apply(Bid(1, 5))
    game.apply(Bid(2, 2))
    assert ((4, False) in bids_of(game, 3)) is offered
    assert ((3, False) in bids_of(game, 3)) and ((5, False) in bids_of(game, 3))
    if no_nines:
        message = refused(game, Bid(3, 4), "You can't bid 4")
        assert "Your side's bids may not add up to 9." in message
    rules = Rules.preset("no_nines")
    assert rules.no_nine_bids and rules.blind_nil == "never" and rules.blind_bids == "never"


@covers("seven_or_more_bonus", "last_trick_bonus")
@pytest.mark.parametrize(
    ("seven", "last", "team1", "special"),
    [(False, False, 76, None), (True, False, 86, "seven or more"), (False, True, 86, "last trick"),
     (True, True, 96, "seven or more + last trick")],
)  # fmt: skip
def test_seven_or_more_and_last_trick_bonuses(
    seven: bool, last: bool, team1: int, special: str | None
) -> None:
    """000:180 Seven Tricks Or Higher: "an extra 10 points for each trick bid above six"
    (side 1 bids 7: +10); 000:182 Win The Last Trick: "the winner of last trick wins 10
    bonus points" (seat 3 takes every trick, the last one too). 70 + 6 overtricks."""
    game = _suited_game(Rules(seven_or_more_bonus=seven, last_trick_bonus=last))
    play_hand(game, [3, 3, 3, 4])
    team = game.results[-1].teams[1]
    assert (team.total, team.special) == (team1, special)
    assert game.results[-1].teams[0].special_points == 0


def test_a_claim_of_the_rest_wins_the_last_trick() -> None:
    """000:182 Win The Last Trick, when the hand ends on a claim that holds: the claimer's
    side takes the rest, the last trick with them."""
    game = _suited_game(Rules(last_trick_bonus=True, claims=True))
    bid_all(game, [3, 3, 3, 4])
    play(game, (1, "2D"), (2, "2H"), (3, "2S"), (0, "2C"))
    events = game.apply(Claim(3))
    assert any(isinstance(e, ClaimAccepted) for e in events)
    team = game.results[-1].teams[1]
    assert (team.special, team.special_points) == ("last trick", 10)


@covers("exact_bids")
@pytest.mark.parametrize(
    ("exact", "bids", "team1"),
    [("off", [3, 3, 3, 4], 76), ("side", [3, 3, 3, 4], -70), ("side", [3, 6, 3, 7], 130),
     ("each", [3, 6, 3, 7], -130)],
)  # fmt: skip
def test_oh_hell_a_side_must_take_exactly_its_bid(exact: str, bids: list[int], team1: int) -> None:
    """000:170 Oh Hell Variation: "any overtrick breaks the contract and scores as a set";
    in the strict form each player must make their own bid exactly. SUITED: seat 3 takes
    all 13 tricks, so side 1's 13 is exact but seat 1's 6 is not."""
    game = _suited_game(_rules(exact_bids=exact))
    play_hand(game, bids)
    assert _team_totals(game)[1] == team1


@covers("double_over")
@pytest.mark.parametrize(
    ("double_over", "team1", "special"), [(False, 67, None), (True, -113, "double over")]
)
def test_double_over_taking_twice_the_bid_loses_twice_its_value(
    double_over: bool, team1: int, special: str | None
) -> None:
    """000:169 Double Over, Double Back: side 1 bids 6 and takes 13 (at least twice its
    bid): -120, and its 7 overtricks still count (+7)."""
    game = _suited_game(Rules(double_over=double_over))
    play_hand(game, [2, 3, 2, 3])
    team = game.results[-1].teams[1]
    assert (team.total, team.special) == (team1, special)


@covers("exact_partners_bonus")
@pytest.mark.parametrize(("bonus", "totals"), [(True, [40, 150]), (False, [30, 100])])
def test_individual_team_players_every_partner_exact(bonus: bool, totals: list[int]) -> None:
    """000:176 Individual Team Players: "If both partners take exactly their own bids", the
    side gets half its total bid times 10, rounded down ("3 + 4 = 7: +30"). ROUND_ROBIN:
    seats bid what they take, 2 + 1 (+10) and 2 + 8 (+50)."""
    game = new_game(Rules(exact_partners_bonus=bonus), ROUND_ROBIN)
    play_hand(game, [2, 2, 1, 8])
    assert _team_totals(game) == totals


@covers("lexington")
@pytest.mark.parametrize(("lexington", "over"), [("wins_game", True), ("off", False)])
def test_lexington_twelve_bid_and_taken_wins_the_game(lexington: str, over: bool) -> None:
    """000:123 Lexington: "Like Boston but for 12 tricks": side 1 bids 12 (6 + 6) and takes
    all 13 (SUITED)."""
    game = _suited_game(_rules(lexington=lexington))
    play_hand(game, [1, 6, 1, 6])
    assert game.is_over is over
    assert game.winner == (1 if over else None)


def test_lexington_needs_thirteen_tricks() -> None:
    with pytest.raises(ValueError, match="lexington needs 13 tricks a hand"):
        Rules(lexington="wins_game", players=3, team_size=1)


# Hand 2 of the tie-break game (dealer 1, so seat 2 leads): seat 0 trumps the first trick
# and takes all 13, as seat 3 does in SUITED.
SUITED_FOR_SEAT_0 = deal_from_codes(SUITED[3], SUITED[0], SUITED[1], SUITED[2])


@covers("tie_break")
@pytest.mark.parametrize(("tie_break", "winner"), [("fewest_overtricks", 1), ("play_on", None)])
def test_a_tie_goes_to_the_side_with_fewer_overtricks(tie_break: str, winner: int | None) -> None:
    """003:195 (and 003:339): "If the game ends in a tie, the player with fewer overbooks
    wins". Two hands: side 0 bids 2 and 2 (-20, then 20 + 11 overtricks), side 1 bids 12
    and 11 (120 + 1 overtrick, then -110): 11 each, side 1 with 1 overtrick to side 0's 11
    (no bag penalty)."""
    rules = _rules(play_to="hands", hands_to_play=2, tie_break=tie_break, bag_penalty=0)
    game = new_game(rules, deal_from_codes(*SUITED), SUITED_FOR_SEAT_0)
    play_hand(game, [1, 6, 1, 6])
    play_hand(game, [1, 5, 1, 6])
    assert game.scores == [11, 11]
    assert game.is_over is (winner is not None)
    assert game.winner == winner


@covers("spades_last")
@pytest.mark.parametrize(
    ("screamers", "seat2"),
    [(True, cards_codes("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC")), (False, None)],
)
def test_screamers_no_spade_until_only_spades_are_left(
    screamers: bool, seat2: list[str] | None
) -> None:
    """003:46 Evil Spades #28 screamers: "you may not play a spade (lead or trump) until you
    hold nothing but spades". MUST_OPPONENT: seat 1 leads hearts; seat 2 has none."""
    game = new_game(Rules(spades_last=screamers, lead_spades="anytime"), MUST_OPPONENT)
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "AH"))
    if seat2 is None:
        assert "5S" in plays(game, 2)
        return
    assert plays(game, 2) == seat2
    refused(game, PlayCard(2, Card.parse("5S")), "spades are played last here")


@covers("end_streak_bonus")
@pytest.mark.parametrize(
    ("bonus", "seed", "streak_side"), [(30, 4, 0), (3, 4, 0), (30, 0, None), (0, 4, None)]
)
def test_end_winning_streak(bonus: int, seed: int, streak_side: int | None) -> None:
    """000:153 End Winning Streak: "If one player wins last three tricks of the round, it is
    worth either 3 points or 30." Seed 4: seat 0 takes the last three tricks; seed 0: seats
    2, 3 and 2 do."""
    game = Game.new(_rules(end_streak_bonus=bonus), seed=seed, dealer=0)
    bid_all(game, [3, 3, 3, 3])
    play_out(game)
    for team in game.results[-1].teams:
        streak = team.team == streak_side
        assert team.special == ("last three tricks" if streak else None)
        assert team.special_points == (bonus if streak else 0)


@covers("end_streak_length", "end_streak_breaker")
@pytest.mark.parametrize(
    ("options", "seed", "label"),
    [
        ({"end_streak_length": 4}, 6, "last four tricks"),
        ({"end_streak_length": 5}, 6, "last five tricks"),
        ({"end_streak_length": 5}, 11, None),
        ({"end_streak_length": 4}, 4, None),
        ({"end_streak_breaker": True}, 20, "streak broken"),
        ({}, 20, None),
    ],
)
def test_end_winning_streak_of_four_or_five_and_broken(
    options: dict[str, object], seed: int, label: str | None
) -> None:
    """000:153: "Some varieties include awarding points for winning the last four or five
    tricks with same point gauge. [...] an opposing team ends a possible streak by taking
    the last trick, the points may be awarded to that team". Seed 6: seat 0 takes the last
    five tricks; seed 11: the last four only; seed 4: the last three only; seed 20: seat 0
    takes the last trick after one player of side 1 took the two before it."""
    game = Game.new(_rules(end_streak_bonus=30, **options), seed=seed, dealer=0)
    bid_all(game, [3, 3, 3, 3])
    play_out(game)
    side_0, side_1 = game.results[-1].teams
    assert (side_0.special, side_0.special_points) == (label, 30 if label else 0)
    assert (side_1.special, side_1.special_points) == (None, 0)


def test_end_streak_length_and_breaker_need_the_bonus() -> None:
    """000:153: the streak's length and its breaker are parts of End Winning Streak."""
    for options in ({"end_streak_length": 4}, {"end_streak_breaker": True}):
        refused = Rules.model_construct(**options).problems()
        assert [p.kind for p in refused] == ["end_streak_options"]
        assert _rules(end_streak_bonus=3, **options).problems() == []


def test_a_claim_of_the_rest_wins_the_last_three_tricks() -> None:
    """000:153 with a claim that holds after the first trick: the claimer took the rest."""
    game = _suited_game(Rules(end_streak_bonus=30, claims=True))
    bid_all(game, [3, 3, 3, 4])
    play(game, (1, "2D"), (2, "2H"), (3, "2S"), (0, "2C"))
    game.apply(Claim(3))
    assert _team_totals(game) == [-60, 106]


def _blind_six_game(mode: str, side: int) -> Game:
    """SUITED (side 1 takes all 13): ``side``'s partners bid Blind 6 (blind 2, then the
    blind 4 that makes 6) without looking; the other side looks and bids 3 + 3."""
    game = _suited_game(_rules(blind_bids="anytime", blind_six=mode))
    assert bids_of(game, 1) == [(t, True) for t in range(1, 6)]
    starter, finisher = (1, 3) if side == 1 else (2, 0)
    for seat in (1, 2, 3, 0):
        if seat == starter:
            game.apply(Bid(seat, 2, True))
        elif seat == finisher:
            assert game.legal_actions(seat) == [Bid(seat, 4, True)]
            refused(game, RevealCards(seat), "Your partner started a Blind 6")
            game.apply(Bid(seat, 4, True))
        else:
            game.apply(RevealCards(seat))
            game.apply(Bid(seat, 3))
    play_out(game)
    return game


@covers("blind_six")
@pytest.mark.parametrize(
    ("mode", "side", "totals"),
    [("exact", 1, [-60, -120]), ("at_least", 1, [-60, 120]), ("at_least_lose_60", 1, [-60, 120]),
     ("exact", 0, [-120, 67]), ("at_least", 0, [-120, 67]), ("at_least_lose_60", 0, [-60, 67])],
)  # fmt: skip
def test_blind_six_a_side_bids_six_blind(mode: str, side: int, totals: list[int]) -> None:
    """000:118 Blind 6: "declared by a side before either partner looks at their cards. It
    scores 120 points if the side takes exactly six tricks. If they take some other number
    of tricks they lose 120. It is also commonly played that the side must win at least six
    tricks and overtricks are not counted, or that failing to make six tricks only loses
    60." The first partner bids blind 2, the other must bid the blind 4 that makes 6."""
    game = _blind_six_game(mode, side)
    assert _team_totals(game) == totals
    assert game.results[-1].teams[side].special == "blind 6"
    assert game.bags == [0, 0 if side == 1 else 7]


def test_blind_six_only_before_either_partner_looks() -> None:
    """000:118: once a partner has looked, the side cannot start a Blind 6."""
    game = _suited_game(Rules(blind_bids="anytime", blind_six="exact"))
    game.apply(RevealCards(3))
    assert bids_of(game, 1) == []
    with pytest.raises(ValueError, match="blind_six needs partners of two"):
        Rules(blind_six="exact")


@covers("team_nil")
@pytest.mark.parametrize(
    ("team_nil", "deal", "totals", "bags"),
    [(True, "suited", 100, 0), (False, "suited", 200, 0), (True, "round_robin", -100, 0),
     (False, "round_robin", -197, 3)],
)  # fmt: skip
def test_team_nil_counts_once_and_takes_no_bags(
    team_nil: bool, deal: str, totals: int, bags: int
) -> None:
    """000:159-160 (and 002:91-92) Nil: "A team that declares Nil ... If successful, the team
    earns 100 points. If the team takes a single trick, they will lose 100 points. A team
    that declares Nil is immune to bags for that hand." Seats 0 and 2 both bid Nil: SUITED
    they take nothing; ROUND_ROBIN they take 2 and 1."""
    rules = Rules(team_nil=team_nil)
    game = _suited_game(rules) if deal == "suited" else new_game(rules, ROUND_ROBIN)
    play_hand(game, [0, 3, 0, 3])
    assert (_team_totals(game)[0], game.bags[0]) == (totals, bags)


@covers("ace_on_nil_bonus")
@pytest.mark.parametrize(
    ("bonus", "team0", "blind"), [(True, 100, False), (False, 80, False), (True, 220, True)]
)
def test_last_trick_ace_on_nil(bonus: bool, team0: int, blind: bool) -> None:
    """000:156 Last Trick Ace On Nil: "Bonus points, usually one-fifth of agreed nil value,
    are awarded for making a nil bid and playing an ace on the last trick." SUITED: seat 0
    bids Nil, takes nothing and plays its A♣ last (+20, or +40 on a Blind Nil of 200);
    seat 2's 2 is set (-20)."""
    rules = _rules(ace_on_nil_bonus=bonus, blind_nil="anytime")
    game = _suited_game(rules)
    bid_all(game, [0, 1, 2, 3], [blind, False, False, False])
    play_out(game)
    assert game.results[-1].seats[0].made
    assert _team_totals(game)[0] == team0


@covers("nil_scoring")
@pytest.mark.parametrize(
    ("scoring", "deal", "nil_bonus"),
    [("bonus", "suited", 100), ("minus_10_a_trick", "suited", 0),
     ("bonus", "round_robin", -100), ("minus_10_a_trick", "round_robin", -20)],
)  # fmt: skip
def test_nil_scoring_minus_ten_a_trick(scoring: str, deal: str, nil_bonus: int) -> None:
    """000:167 3B-Spades: "A Nil scores -10 per trick taken": nothing when made. Seat 0 bids
    Nil: SUITED it takes nothing, ROUND_ROBIN 2 tricks."""
    rules = _rules(nil_scoring=scoring)
    game = _suited_game(rules) if deal == "suited" else new_game(rules, ROUND_ROBIN)
    play_hand(game, [0, 3, 2, 3])
    assert game.results[-1].teams[0].nil_bonus == nil_bonus


# --- scoring rows of issue 25 (second part): each test cites the seed line it pins -------


def _trick(*plays_: tuple[int, str], winner: int) -> TrickRecord:
    return TrickRecord(plays_[0][0], tuple((s, Card.parse(c)) for s, c in plays_), winner)


@covers("dix_bonus")
@pytest.mark.parametrize(
    ("trick", "points"),
    [
        pytest.param(_trick((1, "2D"), (2, "2H"), (3, "9S"), (0, "2C"), winner=3), 1, id="trumps"),
        pytest.param(_trick((1, "2D"), (2, "3S"), (3, "9S"), (0, "2C"), winner=3), 5, id="over"),
        pytest.param(_trick((3, "9S"), (0, "2C"), (1, "2D"), (2, "8S"), winner=3), 10, id="led"),
        pytest.param(_trick((3, "8S"), (0, "2C"), (1, "2D"), (2, "9S"), winner=2), 10, id="ws"),
        pytest.param(_trick((1, "2D"), (2, "9S"), (3, "10S"), (0, "2C"), winner=3), 0, id="beat"),
    ],
)
def test_dix_the_nine_of_spades_winning_a_trick(trick: TrickRecord, points: int) -> None:
    """000:154 Dix: "If the 9 wins a trick, it is worth 1 point. If the 9 wins a trick with
    at least one other Spade in play, worth 5 points. If the 9 wins a Spade-led trick, it is
    worth 10 points." """
    options = options_of(Rules(dix_bonus=True))
    got = card_bonuses(options, options.tricks.deck, [trick], [3] * 4, [1, 0, 0, 0], 13)
    assert got == (((trick.winner, "dix", points),) if points else ())


def test_dix_in_a_played_hand() -> None:
    """000:154 in a real game: SUITED, seat 3 trumps the first (diamond) trick with the 2♠,
    then leads the 9♠, which wins (10): side 1 bid 7 made, 6 overtricks, 10 for Dix."""
    game = _suited_game(Rules(dix_bonus=True))
    bid_all(game, [3, 3, 3, 4])
    play(game, (1, "2D"), (2, "2H"), (3, "2S"), (0, "2C"))
    play(game, (3, "9S"), (0, "3C"), (1, "3D"), (2, "3H"))
    play_out(game)
    side1 = game.results[-1].teams[1]
    assert (side1.special, side1.special_points, side1.total) == ("dix", 10, 86)


@pytest.mark.parametrize(
    ("option", "trick", "bids", "taken", "expect"),
    [
        pytest.param("last_trick_ace_bonus", _trick((1, "AD"), (2, "2H"), (3, "2C"), (0, "3C"), winner=1), [3] * 4, [3] * 4, (1, "last trick ace", 10), id="ace"),
        pytest.param("last_trick_ace_bonus", _trick((1, "2D"), (2, "2H"), (3, "AS"), (0, "3C"), winner=3), [3] * 4, [3] * 4, (3, "last trick ace", 20), id="ace of spades"),
        pytest.param("last_trick_ace_bonus", _trick((1, "KD"), (2, "2H"), (3, "AC"), (0, "3C"), winner=1), [3] * 4, [3] * 4, None, id="king"),
        pytest.param("last_trick_deuce_bonus", _trick((1, "2D"), (2, "2H"), (3, "AC"), (0, "3C"), winner=1), [3] * 4, [3] * 4, (1, "last trick deuce", 20), id="deuce"),
        pytest.param("last_trick_deuce_bonus", _trick((1, "2S"), (2, "2H"), (3, "AC"), (0, "3C"), winner=1), [3] * 4, [3] * 4, None, id="trump deuce"),
        pytest.param("last_trick_high_spade_bonus", _trick((1, "2D"), (2, "2H"), (3, "JS"), (0, "3C"), winner=3), [3] * 4, [3] * 4, (3, "last trick high spade", 10), id="jack exact"),
        pytest.param("last_trick_high_spade_bonus", _trick((1, "2D"), (2, "2H"), (3, "JS"), (0, "3C"), winner=3), [3] * 4, [3, 3, 3, 4], None, id="jack bagged"),
        pytest.param("last_trick_high_spade_bonus", _trick((1, "2D"), (2, "2H"), (3, "10S"), (0, "3C"), winner=3), [3] * 4, [3] * 4, None, id="ten"),
    ],
)  # fmt: skip
def test_last_trick_victories(
    option: str,
    trick: TrickRecord,
    bids: list[int | None],
    taken: list[int],
    expect: tuple[int, str, int] | None,
) -> None:
    """000:155 Last Trick Ace Victory ("winning the last round with any Ace. 20 points for
    winning with the Ace of Spades"), 000:157 Last Trick Deuce Victory ("a non-trump two")
    and 000:158 Last Trick High Spade Victory ("with that trick exactly makes their bid ...
    no bonus if the player bags or is short")."""
    options = options_of(_rules(**{option: True}))
    got = card_bonuses(options, options.tricks.deck, [trick], bids, taken, 1)
    assert got == ((expect,) if expect else ())


@covers("last_trick_ace_bonus", "last_trick_high_spade_bonus", "last_trick_deuce_bonus")
@pytest.mark.parametrize(
    ("seat3_bid", "options", "special", "points"),
    [
        (13, {"last_trick_ace_bonus": True}, "last trick ace", 20),
        (13, {"last_trick_high_spade_bonus": True}, "last trick high spade", 10),
        (12, {"last_trick_high_spade_bonus": True}, None, 0),
        (13, {"last_trick_deuce_bonus": True}, None, 0),
        (13, {}, None, 0),
    ],
)
def test_last_trick_won_by_the_ace_of_spades(
    seat3_bid: int, options: dict[str, bool], special: str | None, points: int
) -> None:
    """000:155, 000:158 in a played hand: SUITED, seat 3 takes all 13 tricks, the last with
    the A♠; bidding exactly 13 (its partner Nil) it also makes its bid exactly."""
    game = _suited_game(_rules(**options))
    bid_all(game, [1, 0, 1, seat3_bid])
    play_out(game)
    side1 = game.results[-1].teams[1]
    assert game.results[-1].seats[3].tricks == 13
    assert (side1.special, side1.special_points) == (special, points)


@covers("highlander")
@pytest.mark.parametrize(("highlander", "total1", "bags1"), [(True, -15, 0), (False, 76, 6)])
def test_highlander_each_partner_must_make_their_own_bid(
    highlander: bool, total1: int, bags1: int
) -> None:
    """000:175 Highlander Scoring: "Each partner must win the total they individually bid;
    if not, that player's bid value is deducted from the team's score ... Harry is awarded
    five points per overtrick"; "Team that wins seven or more tricks per round is given 10
    points the first time". SUITED: seat 1 bids 3 and takes none, seat 3 bids 4 and takes
    13: -70, +45 for 9 overtricks, +10 for seven tricks, no bags."""
    game = _suited_game(Rules(highlander=highlander))
    bid_all(game, [1, 3, 1, 4])
    play_out(game)
    side1 = game.results[-1].teams[1]
    assert (side1.total, game.bags[1]) == (total1, bags1)


@covers("seven_tricks_streak")
@pytest.mark.parametrize(("streak", "specials"), [(True, [10, 20, 30]), (False, [0, 0, 0])])
def test_seven_tricks_part_deux_grows_each_time(streak: bool, specials: list[int]) -> None:
    """000:181 Seven Tricks Or Higher! Part Deux: "Team that bids and then wins 7 tricks per
    round is given 10 points the first time, 20 points the second, and each time thereafter
    the points increase by 10 points." SUITED three times: side 1 bids 3 + 4."""
    game = _suited_game(Rules(seven_tricks_streak=streak), hands=3)
    got = []
    for _ in range(3):
        play_hand(game, [1, 3, 1, 4])
        got.append(game.results[-1].teams[1].special_points)
    assert got == specials


@covers("perfect_bids_bonus")
@pytest.mark.parametrize(
    ("scheme", "points"),
    [("eighty", [0, 0, 160, 0]), ("hundred_then_fifty", [0, 0, 200, 100]), ("off", [0] * 4)],
)
def test_three_consecutive_perfect_bids(scheme: str, points: list[int]) -> None:
    """003:165-167 (two players) "Three Consecutive Perfect Bids 80 pts"; 003:285-290 (three
    players) 100, and "Consecutive Perfects Bids After First Three Perfect Bids 50 pts".
    SUITED four times: seat 3 bids 13 and takes 13 each time, and its partner's Nil (bid 0,
    took 0) is as exact, so side 1 scores both runs; side 0 (2 + 2) takes nothing."""
    rules = _rules(perfect_bids_bonus=scheme, play_to="hands", hands_to_play=4)
    game = _suited_game(rules, hands=4)
    got = []
    for _ in range(4):
        play_hand(game, [2, 0, 2, 13])
        got.append(game.results[-1].teams[1].special_points)
    assert got == points


@covers("no_deductions")
@pytest.mark.parametrize(
    ("on", "bids", "totals"),
    [(True, [3, 3, 3, 4], [0, 76]), (False, [3, 3, 3, 4], [-60, 76]),
     (True, [0, 3, 1, 4], [100, 76]), (False, [0, 3, 1, 4], [90, 76])],
)  # fmt: skip
def test_no_point_deductions(on: bool, bids: list[int], totals: list[int]) -> None:
    """000:184 No Point Deductions (the heading only): nothing is taken off. SUITED: side 0
    bids 3 + 3 and takes nothing, set (-60 counts 0); or seat 0's Nil holds (+100) and seat
    2's 1 is set (-10 counts 0)."""
    game = _suited_game(Rules(no_deductions=on))
    bid_all(game, bids)
    play_out(game)
    assert _team_totals(game) == totals


@covers("split_bonuses")
@pytest.mark.parametrize(
    ("split", "totals"), [(True, [50, -30, 30, 76]), (False, [100, -30, -20, 76])]
)
def test_eight_and_ten_bonuses_split_with_the_player_opposite(
    split: bool, totals: list[int]
) -> None:
    """000:115 Eight & Ten Rule: "bonuses are split into two between 4 players". Four
    players alone, SUITED: seat 0's Nil holds (+100): 50 stays, 50 goes to seat 2."""
    game = _suited_game(Rules(players=4, team_size=1, split_bonuses=split))
    bid_all(game, [0, 3, 2, 7])
    play_out(game)
    assert _team_totals(game) == totals
    if split:
        assert game.results[-1].teams[2].special == "split bonus"


@covers("bag_cancel_card")
@pytest.mark.parametrize(("cancel", "bags1"), [(True, 5), (False, 6)])
def test_sandbag_cancellation_by_the_jack_of_diamonds(cancel: bool, bags1: int) -> None:
    """000:178 Sandbag Cancellation: "a special card which cancels one bag on that hand for
    the side that takes it in their tricks". SUITED: seat 1's J♦ falls to seat 3's spade,
    side 1 (3 + 4) takes 13: 6 overtricks, 5 bags with the J♦; its overtrick points stay 6."""
    game = _suited_game(Rules(bag_cancel_card=cancel))
    bid_all(game, [3, 3, 3, 4])
    play(game, (1, "JD"), (2, "2H"), (3, "2S"), (0, "2C"))
    play_out(game)
    side1 = game.results[-1].teams[1]
    assert (side1.bags, game.bags[1], side1.overtrick_points) == (bags1, bags1, 6)


def test_sandbag_cancellation_needs_overtricks() -> None:
    """000:178: "If the side which wins the special card makes no overtricks, or loses their
    bid, the special card has no effect": side 1 bids 6 + 7 and takes exactly 13."""
    game = _suited_game(Rules(bag_cancel_card=True))
    bid_all(game, [3, 6, 3, 7])
    play(game, (1, "JD"), (2, "2H"), (3, "2S"), (0, "2C"))
    play_out(game)
    assert (game.results[-1].teams[1].bags, game.bags[1]) == (0, 0)


CUT = Rules(bag_cancel_card=True, bag_cancel_cut=True)


def _cut_taker_side(game: Game, card: Card) -> int:
    """Play the hand out by first legal cards; the side that took ``card`` in a trick."""
    play_out(game, tricks=game.num_tricks - 1)
    view = game.view(0)
    taker = next((r.winner for r in view.tricks for _, c in r.plays if c == card), None)
    before = view.tricks_taken
    play_out(game)
    if taker is None:  # in the last trick: its winner took one more
        taker = next(s for s, o in enumerate(game.results[-1].seats) if o.tricks > before[s])
    return next(t for t, seats in enumerate(game.teams) if taker in seats)


@covers("bag_cancel_cut")
@pytest.mark.parametrize(
    ("seed", "bids", "side", "bags"),
    [(3, [1, 1, 1, 1], 1, ([5, 4], [5, 3])), (8, [1, 1, 1, 1], 0, ([3, 6], [2, 6])),
     (6, [3, 4, 3, 4], 1, ([2, 0], [2, 0])), (3, [3, 3, 3, 3], 1, ([1, 0], [1, 0]))],
)  # fmt: skip
def test_sandbag_cancellation_by_a_card_cut_before_the_deal(
    seed: int, bids: list[int], side: int, bags: tuple[list[int], list[int]]
) -> None:
    """000:178: "The special card may be ... determined afresh by cutting a card before each
    deal." The cut card (8♣, 10♣, 6♥ here; the J♦ went to the other side each time) is
    shown to every seat and dealt as usual: the deal is the one of the same seed without
    the option. The side that takes it loses a bag when it made its bid with overtricks;
    not when it is set (seed 6: side 1 bids 8, takes 5) or takes exactly its bid (seed 3:
    6 of 6). ``bags``: each side's without the option, then with it."""
    plain, game = new_game(Rules(), seed=seed), new_game(CUT, seed=seed)
    card = game.view(0).cancel_card
    assert card is not None and card != Card.parse("JD")
    assert all(game.view(s).cancel_card == card for s in range(4))
    assert plain.view(0).cancel_card is None
    bid_all(plain, bids)
    bid_all(game, bids)
    assert [game.view(s).hand for s in range(4)] == [plain.view(s).hand for s in range(4)]
    assert _cut_taker_side(game, card) == side
    play_out(plain)
    assert [t.bags for t in plain.results[-1].teams] == bags[0]
    assert [t.bags for t in game.results[-1].teams] == game.bags == bags[1]
    assert [t.overtrick_points for t in game.results[-1].teams] == [
        t.overtrick_points for t in plain.results[-1].teams
    ]


def test_sandbag_cancellation_cut_card_changes_by_hand_and_replays() -> None:
    """000:178 "afresh ... before each deal": a new card each hand, from the seed, so a
    replay of the game's actions cuts the same ones."""
    game = new_game(CUT, seed=4)
    cut = []
    for _ in range(4):
        cut.append(game.view(0).cancel_card)
        bid_all(game, [3, 3, 3, 3])
        play_out(game)
    assert len(set(cut)) == 4
    again = Game.replay(CUT, seed=4, actions=game.history, dealer=0)
    assert again.view(2).cancel_card == game.view(0).cancel_card is not None


@covers("allow_renege")
@pytest.mark.parametrize(("called", "proven"), [(True, True), (True, False), (False, False)])
def test_renege_take_three_books(called: bool, proven: bool) -> None:
    """003:191 (and 003:335) Renigging: "the opposing player ... may take up to three books
    from that player". ROUND_ROBIN: seat 2 reneges on the K♥ (or follows) and seat 1 calls
    it; a false call gives the accused three of the caller's books."""
    game = _renege_game(
        Rules(allow_renege="take_three"),
        renege=proven,
        call=CallRenege(1, 2) if called else None,
    )
    seats = [outcome.tricks for outcome in game.results[-1].seats]
    # Played out: 3, 2, 3, 5 after the renege, 3, 2, 0, 8 after following suit.
    expected = {(True, True): [3, 5, 0, 5], (True, False): [3, 0, 2, 8]}
    assert seats == expected.get((called, proven), [3, 2, 0, 8])


# --- Evil Spades (003:13-63): each hand rule's bids from MIXED, dealer 0 -----------------
# Bidding order: seat 1, 2, 3, then 0 (partners 0 & 2, 1 & 3). MIXED: seat 1 holds ten
# spades (2♠-J♠), A♣ K♣ Q♣; seat 2 no spade, three ♦ (Q K A) and seven ♥; seat 3 Q♠ K♠ A♠,
# four ♣, six ♥ (with J♥); seat 0 three ♣ and ten ♦ (with J♦), no spade.

ALL = list(range(14))


def _upto(top: int) -> list[int]:
    return list(range(top + 1))


EVIL_BIDS = [
    # (rule, [(seat, the bids it may make, the one it makes)...] in bidding order)
    (1, [(1, ALL, 4), (2, ALL, 3), (3, _upto(9), 2), (0, _upto(10), 2)]),
    (2, [(1, [10], 10), (2, [0], 0), (3, [3], 3), (0, [0], 0)]),
    (3, [(1, ALL, 4), (2, ALL, 0), (3, [0], 0), (0, list(range(1, 14)), 3)]),
    (5, [(1, [0], 0), (2, [0], 0), (3, [0], 0), (0, [0], 0)]),
    (6, [(1, list(range(2, 14)), 4), (2, ALL, 3), (3, list(range(2, 10)), 2), (0, [5], 5)]),
    (7, [(1, [1], 1), (2, [1], 1), (3, [1], 1), (0, [1], 1)]),
    (8, [(1, [0, 10], 10), (2, [0], 0), (3, [0], 0), (0, [0], 0)]),
    (9, [(1, [0], 0), (2, [0], 0), (3, [0], 0), (0, [0], 0)]),
    (11, [(1, [4], 4), (2, [4], 4), (3, [4], 4), (0, [4], 4)]),
    (12, [(1, [3], 3), (2, [2], 2), (3, [6], 6), (0, [1], 1)]),
    (13, [(1, [0], 0), (2, [3], 3), (3, [0], 0), (0, [10], 10)]),
    (14, [(1, [2], 2), (2, ALL, 3), (3, _upto(11), 4), (0, _upto(10), 1)]),
    (15, [(1, [0], 0), (2, [0], 0), (3, [9], 9), (0, [0], 0)]),
    (16, [(1, ALL, 5), (2, ALL, 2), (3, [5], 5), (0, [2], 2)]),
    (17, [(1, [1], 1), (2, [2], 2), (3, [3], 3), (0, [4], 4)]),
    (18, [(1, ALL, 5), (2, [5], 5), (3, [5], 5), (0, [5], 5)]),
    (19, [(1, ALL, 4), (2, [0], 0), (3, [0], 0), (0, [0], 0)]),
    (20, [(1, [0], 0), (2, ALL, 3), (3, ALL, 4), (0, _upto(10), 2)]),
    (21, [(1, [2], 2), (2, [2], 2), (3, [0, *range(2, 12)], 5), (0, [5], 5)]),
    (22, [(1, [3], 3), (2, [3], 3), (3, [4], 4), (0, [3], 3)]),
    (23, [(1, ALL, 4), (2, ALL, 3), (3, _upto(9), 2), (0, [0], 0)]),
    (24, [(1, [3], 3), (2, [3], 3), (3, [3], 3), (0, [3], 3)]),
    (26, [(1, [3], 3), (2, [3], 3), (3, [7], 7), (0, [0], 0)]),
    (27, [(1, [4], 4), (2, [4], 4), (3, [4], 4), (0, [4], 4)]),
    (29, [(1, ALL, 3), (2, [4], 4), (3, [5], 5), (0, [6], 6)]),
    # 003:48 murder: suicide's bids (#3), and the play of low ball (below).
    (30, [(1, ALL, 4), (2, ALL, 0), (3, [0], 0), (0, list(range(1, 14)), 3)]),
    (31, [(1, [8], 8), (2, [3], 3), (3, [3], 3), (0, [3], 3)]),
    (32, [(1, [3], 3), (2, [0], 0), (3, [10], 10), (0, [0], 0)]),
    (33, [(1, ALL, 4), (2, ALL, 3), (3, [0], 0), (0, _upto(10), 2)]),
    (34, [(1, [2], 2), (2, ALL, 3), (3, [2], 2), (0, _upto(10), 4)]),
    (35, [(1, [9], 9), (2, [0], 0), (3, [0], 0), (0, [0], 0)]),
    (36, [(1, [0], 0), (2, [0], 0), (3, ALL, 4), (0, ALL, 5)]),
    (37, [(1, [0], 0), (2, [3], 3), (3, [4], 4), (0, [0], 0)]),
    (38, [(1, [0], 0), (2, [3], 3), (3, [0], 0), (0, [0], 0)]),
    (39, [(1, [3], 3), (2, [3], 3), (3, [6], 6), (0, [0], 0)]),
    (40, [(1, [2], 2), (2, [0], 0), (3, [0], 0), (0, [0], 0)]),
    (42, [(1, [0], 0), (2, [0], 0), (3, [0], 0), (0, [0], 0)]),
    # 003:61 vice: homicide's bids (#6), and the play of screamers (below).
    (43, [(1, list(range(2, 14)), 4), (2, ALL, 3), (3, list(range(2, 10)), 2), (0, [5], 5)]),
    (44, [(1, [3], 3), (2, [3], 3), (3, [3], 3), (0, [3], 3)]),
    (45, [(1, [13], 13), (2, [0], 0), (3, [0], 0), (0, [0], 0)]),
]


def _evil(start: int, deal: list[list[Card]] | None = None) -> Game:
    rules = _rules(evil_spades=True, blind_nil="never", evil_start=start)
    return new_game(rules, deal or MIXED)


@covers("evil_spades", "evil_start")
@pytest.mark.parametrize(("rule", "steps"), EVIL_BIDS, ids=[str(r) for r, _ in EVIL_BIDS])
def test_evil_spades_hand_rule_bids(rule: int, steps: list[tuple[int, list[int], int]]) -> None:
    """003:19-63 Evil Spades, the bidding rules: each seat may bid only what this hand's
    rule leaves it, from its own cards and its place in the bidding order (003:18 + rule:
    e.g. 003:29 "kiss of death, everyone bids 4", 003:38 "9er, the 9 of spades holder goes
    nil", 003:53 "49er, person with 9 of spades, must bid 9, the rest nil")."""
    game = _evil(rule)
    for seat, allowed, bid in steps:
        assert bids_of(game, seat) == [(b, False) for b in allowed], f"seat {seat}"
        game.apply(Bid(seat, bid))
    assert game.phase is Phase.PLAY


def test_evil_spades_refuses_a_bid_the_rule_forbids() -> None:
    """003:29 kiss of death: "everyone bids 4"; the refusal names the rule in force."""
    game = _evil(11)
    refused(game, Bid(1, 3), r"Evil Spades, rule 11 \(kiss of death\) this hand")


def test_evil_spades_blind_everyone_bids_blind_nil() -> None:
    """003:28 "blind, everyone goes DN": every hand face down, and the only bid Blind Nil
    (a player who looks first bids a plain Nil)."""
    game = _evil(10)
    assert bids_of(game, 1) == [(0, True)]
    assert RevealCards(1) in game.legal_actions(1)
    game.apply(Bid(1, 0, True))
    game.apply(RevealCards(2))
    assert bids_of(game, 2) == [(0, False)]


def test_evil_spades_dirty_spades_bids_the_called_suit() -> None:
    """003:59 "Dirty Spades, lead off bidder calls the suit for mirrors": the suit is cut
    with the deal, the same for every seat's view, and each bids their count of it."""
    game = _evil(41)
    suit = game.view(0).called_suit
    assert suit is not None and all(game.view(s).called_suit == suit for s in range(4))
    for seat in (1, 2, 3, 0):
        count = sum(1 for card in game.hands[seat] if card.suit == suit)
        assert bids_of(game, seat) == [(count, False)]
        game.apply(Bid(seat, count))


def test_evil_spades_turns_to_the_next_rule_each_hand() -> None:
    """003:15: "just a different set of rules for each hand": rules 11, 12 and 13."""
    game = _evil(11)
    play_hand(game, [4, 4, 4, 4])
    assert bids_of(game, 2) == [(len([c for c in game.hands[2] if c.rank in (11, 12, 13)]), False)]


@pytest.mark.parametrize(
    ("rule", "bids"), [(25, [3, 3, 3, 3]), (30, [3, 3, 0, 0])], ids=["25", "30"]
)
def test_evil_spades_low_ball_plays_the_lowest_card(rule: int, bids: list[int]) -> None:
    """003:43 "Low ball, have to play low to high, only": of the cards the rules allow,
    only the lowest (seat 1 leads its 2♠ once spades may be led; it must lead a club
    first, its lowest the Q♣). 003:48 "murder, suicide bidding, and play low to high":
    the same play after suicide's bids (seat 2 Nil, its partner seat 0 not)."""
    game = _evil(rule)
    bid_all(game, bids)
    assert plays(game, 1) == ["QC"]
    refused(game, PlayCard(1, Card.parse("AC")), r"Low ball: play your lowest card \(Q♣\)")
    play(game, (1, "QC"))
    assert plays(game, 2) == ["5C"]


@pytest.mark.parametrize(("rule", "spades"), [(28, False), (43, False), (1, True)])
def test_evil_spades_screamers_hand(rule: int, spades: bool) -> None:
    """003:46 "Screamers, bid reg, but you can't break spades until you are trumped tight"
    (and 003:61 Vice). MUST_OPPONENT: seat 1 leads hearts; seat 2 holds no heart, two
    spades and clubs, so it may not trump."""
    game = new_game(_rules(evil_spades=True, blind_nil="never", evil_start=rule), MUST_OPPONENT)
    for seat in (1, 2, 3, 0):
        game.apply(Bid(seat, max(b for b, _ in bids_of(game, seat))))
    play(game, (1, "AH"))
    assert ("5S" in plays(game, 2)) is spades
    assert "2C" in plays(game, 2)


@pytest.mark.parametrize(("rule", "trumps"), [(4, True), (44, True), (1, False)])
def test_evil_spades_pressure_must_trump(rule: int, trumps: bool) -> None:
    """003:22 "pressure, must trump if out of suit, even if partner's trick" and 003:62
    "Sirens ... you have to trump if out of suit played". MUST_OPPONENT: seat 1 leads
    hearts and seat 2 holds none."""
    game = new_game(_rules(evil_spades=True, blind_nil="never", evil_start=rule), MUST_OPPONENT)
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "AH"))
    assert all(code.endswith("S") for code in plays(game, 2)) is trumps


def test_evil_spades_needs_four_partners_and_decides_bids_itself() -> None:
    with pytest.raises(ValueError, match="evil_spades needs four players as partners"):
        Rules(evil_spades=True, blind_nil="never", team_size=1)
    with pytest.raises(ValueError, match="claims is decided hand by hand in evil_spades"):
        Rules(evil_spades=True, blind_nil="never", claims=True)
    with pytest.raises(ValueError, match="evil_start needs evil_spades yes"):
        Rules(evil_start=3)


@covers("gambling_pot")
@pytest.mark.parametrize(("pot", "totals"), [(True, [-2, -2, -2, 6]), (False, [0, 0, 0, 40])])
def test_gambling_spades_the_hands_best_score_takes_every_stake(
    pot: bool, totals: list[int]
) -> None:
    """003:387 Gambling Spades: "The highest scoring player wins all the chips staked - the
    central pot and the players' bids." SUITED, four alone: seats 0-2 bid 1 and take nothing
    (set: 0 points), seat 3 bids 3 and takes 13 (40): it takes 4 antes and 6 bid chips."""
    rules = Rules.model_validate({**PRESETS["gambling"], "gambling_pot": pot})
    game = _suited_game(rules)
    bid_all(game, [1, 1, 1, 3])
    play_out(game)
    assert _team_totals(game) == totals


# SUITED with three cards moved round: seat 3's 2♠ to seat 2, seat 2's A♥ to seat 0, seat
# 0's A♣ to seat 3. Side 1 (seats 1 and 3) takes the first trick, side 0 the second (seat 2
# ruffs the A♣), side 1 the other eleven.
SWAPPED = ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AH", SUITED[1],
           "2S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "AC 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")  # fmt: skip
SWAPPED_PLAY = [(1, "2D"), (2, "2H"), (3, "3S"), (0, "2C"),
                (3, "AC"), (0, "3C"), (1, "3D"), (2, "2S"),
                (2, "3H"), (3, "4S"), (0, "AH"), (1, "4D")]  # fmt: skip


def _declare_and_bid(game: Game, declarer: int, big: bool, bids: dict[int, int]) -> None:
    """Seats bid in turn from the dealer's left; ``declarer`` declares first, then bids
    if ``bids`` names it too (Bemo is on top of a bid)."""
    while game.phase is Phase.BID:
        seat = game.to_act
        assert seat is not None
        if seat == declarer and Declare(seat, big) in game.legal_actions(seat):
            game.apply(Declare(seat, big))
            continue
        game.apply(Bid(seat, bids[seat]))


@covers("mo")
@pytest.mark.parametrize(("big", "total"), [(True, 250), (False, 150)])
def test_mo_declared_instead_of_a_bid_takes_the_first_tricks(big: bool, total: int) -> None:
    """002:90 Big Mo, Little Mo: "If a team declares Little Mo, they must take the first 7
    tricks of the hand. Accomplishing the Little Mo earns the team 150 points. If a team
    declares Big Mo, they must take the first 10 tricks ... 250 points. Taking more
    consecutive tricks than needed does not earn the team more points ... The team that
    declares either Mo is immune to bags for that hand and will lead the first trick."
    SUITED: seat 1 declares, seat 3 does not bid, side 1 takes all 13 (no bags); side 0
    bids 1 + 1 and is set."""
    game = _suited_game(_rules(mo="mo"), hands=2)
    assert Declare(1, True) in game.legal_actions(1)
    assert game.apply(Declare(1, big)) == [Declared(1, 1, big)]
    assert game.bids[1] == Bid(1, 10 if big else 7)
    game.apply(Bid(2, 1))
    assert game.to_act == 0  # seat 3, the declarer's partner, does not bid
    game.apply(Bid(0, 1))
    assert game.phase is Phase.PLAY and game.to_act == 1
    assert game.view(0).declared == (0, 2 if big else 1)
    play_out(game)
    result = game.results[-1].teams[1]
    assert (result.total, result.bags, result.made) == (total, 0, True)
    assert result.special == ("big mo" if big else "little mo")
    assert game.bags == [0, 0] and _team_totals(game)[0] == -20


@covers("mo")
def test_mo_leads_and_fails_once_an_opponent_takes_a_trick() -> None:
    """002:90: the Mo side "will lead the first trick, regardless of whose turn it was to
    lead", and "Failure to accomplish the declared Mo (the opposing team took a trick before
    the goal was met) will cause the team to lose the points ... regardless of how many
    tricks they took before or after". Seat 2 (dealer 1, so seat 3 would lead) declares
    Little Mo and leads; side 1 ruffs its heart at once: -150, though side 0 bid nothing
    else and seat 0 could have taken tricks later."""
    game = new_game(_rules(mo="mo"), deal_from_codes(*SUITED), dealer=1)
    assert Declare(2, False) in game.legal_actions(2)
    game.apply(Declare(2, False))
    game.apply(Bid(3, 1))
    assert game.to_act == 1  # seat 0, the declarer's partner, does not bid
    refused(game, Declare(1, True), "once a hand")
    game.apply(Bid(1, 1))
    assert game.phase is Phase.PLAY and game.to_act == 2
    play_out(game)
    assert game.results[-1].teams[0].total == -150
    assert game.results[-1].teams[0].made is False


@covers("mo")
def test_moe_counts_a_run_anywhere_and_bemo_is_on_top_of_the_bid() -> None:
    """000:116 Big & Little Moe: "Any capture of a trick by opponents 'resets' the count. A
    partnership bidding Big Moe and capturing eight tricks in a row gains 300 points ...
    Bags or overtricks, if applicable, are not counted." 000:117 Bemo: "bidding Little
    Bemo commits the team to win all of the first six tricks. It is additional to the
    normal bid; the team scores an extra bonus of 60 if successful and loses 60 if not."
    SWAPPED: side 1 takes trick 1, loses trick 2, then takes 11 in a row."""
    moe = new_game(_rules(mo="moe"), deal_from_codes(*SWAPPED))
    _declare_and_bid(moe, 1, True, {0: 1, 2: 1})
    play(moe, *SWAPPED_PLAY)
    play_out(moe)
    assert moe.results[-1].teams[1].total == 300  # the run of 11 after the reset
    bemo = new_game(_rules(mo="bemo"), deal_from_codes(*SWAPPED))
    _declare_and_bid(bemo, 1, False, {0: 1, 1: 4, 2: 1, 3: 4})
    assert bemo.bids[1] == Bid(1, 4) and bemo.bids[3] == Bid(3, 4)
    play(bemo, *SWAPPED_PLAY)
    play_out(bemo)
    side = bemo.results[-1].teams[1]
    # 8 bid, 12 taken: 80 + 4 overtricks, and the Bemo lost at trick 2: -60.
    assert (side.total, side.special, side.special_points) == (24, "bemo", -60)


@pytest.mark.parametrize(
    ("kind", "little", "big"),
    [("mo", (7, 150, -150), (10, 250, -250)), ("moe", (6, 150, -150), (8, 300, -300)),
     ("bemo", (6, 60, -60), (9, 90, -90))],
    ids=["mo", "moe", "bemo"],
)  # fmt: skip
def test_moe_and_bemo_goals_and_values_are_the_seeds(
    kind: str, little: tuple[int, int, int], big: tuple[int, int, int]
) -> None:
    """(tricks, made, lost) of each Little and Big declaration. 002:90 (000:145) Little Mo
    "must take the first 7 tricks ... 150 points", Big Mo "the first 10 tricks ... 250
    points"; 000:116 Big Moe "capturing eight tricks in a row gains 300 points", Little Moe
    "six tricks in a row gains 150 points" (the loss is not stated: read as the same);
    000:117 Little Bemo "the first six tricks ... 60 if successful and loses 60 if not",
    Big Bemo "the first nine tricks; they score a 90-point bonus ... and lose 90 if not"."""
    assert options_of(_rules(mo=kind)).mo_terms == (little, big)


@covers("mo")
def test_mo_declarations_are_open_to_the_first_of_a_side_only() -> None:
    """002:90: "During bidding, a team may declare either Big Mo or Little Mo": the first
    of the side to bid, once it has seen its cards; one declaration a hand (the first, as
    000:122 says of the first side to bid). 003:255-263, 003:283-284: in the three-player
    game a Bemo is the first 4 tricks (+100, -50) and a Big Bemo the first 6 (+300, -100),
    or 5 and 7 (+200) when 18 tricks are played."""
    game = _suited_game(_rules(mo="bemo"))
    game.apply(Bid(1, 3))
    assert Declare(2, True) in game.legal_actions(2)
    game.apply(Bid(2, 3))
    assert not any(isinstance(a, Declare) for a in game.legal_actions(3))
    refused(game, Declare(3, True), "first of a side")
    off = _suited_game(Rules())
    refused(off, Declare(1, True), "aren't played")
    three = _rules(mo="bemo_three", players=3, team_size=1)
    assert options_of(three).mo_terms == ((4, 100, -50), (6, 300, -100))
    jokers = _rules(mo="bemo_three", players=3, team_size=1, deck="joker_joker_ace")
    assert options_of(jokers).mo_terms == ((5, 100, -50), (7, 200, -100))
    with pytest.raises(ValueError, match="bemo_three"):
        _rules(mo="bemo_three")
    with pytest.raises(ValueError, match="mo needs variant regular"):
        _rules(mo="mo", variant="mirror", blind_nil="never")


@covers("raise_bids")
def test_raise_by_one_after_everyone_has_bid() -> None:
    """000:103 (002:82): "Another game variation allows each player to optionally increase
    their bid by one point after all players have bid but before game play starts. A
    reduction in bid, once bids are made, is never allowed." SUITED, bids 3 all round:
    seat 1 raises to 4 and the others keep; side 1 takes all 13 against its 7."""
    game = _suited_game(_rules(raise_bids="by_one"))
    bid_all(game, [0, 3, 3, 3])
    assert game.phase is Phase.BID and game.to_act == 1
    assert game.legal_actions(1) == [Raise(1, 0), Raise(1, 1)]
    assert game.apply(Raise(1, 1)) == [BidRaised(1, 4, 1)]
    refused(game, Raise(2, 2), "at most 1")
    refused(game, Raise(2, -1), "never lowered")
    game.apply(Raise(2, 0))
    game.apply(Raise(3, 0))
    # Seat 0 bid Nil: a Nil is not raised, so play starts.
    assert game.phase is Phase.PLAY and game.bids[1] == Bid(1, 4)
    play_out(game)
    side = game.results[-1].teams[1]
    assert (side.bid, side.contract_points, side.bags) == (7, 70, 6)


@covers("raise_bids")
def test_raise_by_any_amount_and_in_rounds() -> None:
    """003:142, 003:265: "bids may be increased before the first card of the first trick is
    played" (by any number, up to the side's share of the tricks); 003:396: "have a second
    round, or as many rounds necessary, in which players can increase their bids"."""
    game = _suited_game(_rules(raise_bids="any"))
    bid_all(game, [3, 3, 3, 3])
    assert game.legal_actions(1) == [Raise(1, by) for by in range(8)]
    game.apply(Raise(1, 7))
    assert game.legal_actions(2) == [Raise(2, by) for by in range(8)]
    game.apply(Raise(2, 0))
    # Side 1 has bid all 13: seat 3 has nothing to raise, seat 0 is asked.
    assert game.to_act == 0
    game.apply(Raise(0, 0))
    assert game.phase is Phase.PLAY
    rounds = _suited_game(_rules(raise_bids="rounds"))
    bid_all(rounds, [3, 3, 3, 3])
    for seat in (1, 2, 3, 0):
        rounds.apply(Raise(seat, 1 if seat == 2 else 0))
    # Seat 2 raised, so another round: everyone may raise again.
    assert rounds.phase is Phase.BID and rounds.to_act == 1
    for seat in (1, 2, 3, 0):
        rounds.apply(Raise(seat, 0))
    assert rounds.phase is Phase.PLAY and rounds.bids[2] == Bid(2, 4)
    off = _suited_game(Rules())
    bid_all(off, [3, 3, 3, 3])
    refused(off, Raise(1, 1), "once everyone has bid")


@covers("books_made")
def test_books_made_scores_the_bids_without_play() -> None:
    """000:173 Books Made: "If the combine bids of both teams equals 10 books then books made
    is called. The hand is not played out. Both team are awarded their bids. There are no
    over books. the deal moves to the next player." Bids 3 + 2 and 4 + 1 (10): side 0
    scores 50 and side 1 scores 50, and hand 2 is dealt by seat 1; 3 + 3 and 3 + 3 (12) is
    played as usual."""
    game = _suited_game(_rules(books_made=True))
    bid_all(game, [3, 4, 2, 1])
    assert isinstance(game.results[-1], HandResult)
    assert _team_totals(game) == [50, 50]
    assert [t.bags for t in game.results[-1].teams] == [0, 0]
    assert game.hand_number == 2 and game.dealer == 1 and game.phase is Phase.BID
    played = _suited_game(_rules(books_made=True))
    bid_all(played, [3, 3, 3, 3])
    assert played.phase is Phase.PLAY
    with pytest.raises(ValueError, match="books_made is for two teams of two"):
        _rules(books_made=True, players=3, team_size=1)


# --- bidding rows of issue 25: counter bids, side bids, Blind Moon, Nil in the dark -------


@covers("counter_bidding")
def test_counter_bidding_lets_the_first_side_answer_once() -> None:
    """000:18: "The first team that bids has an option to counter bid their opponent." Read
    as: once all have bid, each player of the side that bid first (seat 1's, dealer 0) may
    change their own bid once, up or down, or keep it. SUITED, bids 3 all round: seat 1
    lowers to 1 and seat 3 keeps; the other side is not asked, and side 1 takes all 13
    against its 4."""
    game = _suited_game(_rules(counter_bidding=True))
    bid_all(game, [3, 3, 3, 3])
    assert game.phase is Phase.BID and game.to_act == 1
    assert game.legal_actions(1) == [Raise(1, by) for by in range(-2, 8)]
    refused(game, Raise(1, -3), "lower your bid by at most 2")
    assert game.apply(Raise(1, -2)) == [BidRaised(1, 1, -2)]
    assert game.to_act == 3
    assert game.legal_actions(3) == [Raise(3, by) for by in range(-2, 10)]
    game.apply(Raise(3, 0))
    assert game.phase is Phase.PLAY and game.bids[1] == Bid(1, 1)
    play_out(game)
    side = game.results[-1].teams[1]
    assert (side.bid, side.contract_points, side.bags) == (4, 40, 9)
    off = _suited_game(Rules())
    bid_all(off, [3, 3, 3, 3])
    assert off.phase is Phase.PLAY
    with pytest.raises(ValueError, match="counter_bidding needs raise_bids off"):
        _rules(counter_bidding=True, raise_bids="any")


@covers("partnership_bidding")
def test_partnership_bidding_one_bid_a_side() -> None:
    """000:111: "bid as a partnership rather than individuals. The partnership that did not
    deal makes their bid first ... the total number of tricks bid by both teams does not
    need to equal 13. The minimum bid is "Board" or 4 tricks, and there is no Nil bidding."
    Dealer 0: seat 1 bids 7 for its side, seat 2 bids 4 for the dealer's, and their
    partners do not bid. Side 1 takes all 13: 70 and 6 bags; side 0 is set, -40."""
    game = _suited_game(_rules(partnership_bidding=True))
    assert game.to_act == 1
    assert bids_of(game, 1) == [(t, False) for t in range(4, 14)]
    refused(game, Bid(1, 0), "You can't bid nil")
    refused(game, Bid(1, 3), "You can't bid 3")
    game.apply(Bid(1, 7))
    assert game.to_act == 2
    game.apply(Bid(2, 4))
    assert game.phase is Phase.PLAY and game.bids == [None, Bid(1, 7), Bid(2, 4), None]
    play_out(game)
    side0, side1 = game.results[-1].teams
    assert (side1.bid, side1.contract_points, side1.bags) == (7, 70, 6)
    assert (side0.bid, side0.total) == (4, -40)
    # No Blind Nil either, even where the rules open it: a seat looks, then bids.
    blind = _suited_game(_rules(partnership_bidding=True, blind_nil="anytime"))
    assert blind.legal_actions(1) == [RevealCards(1)]


@covers("blind_moon")
def test_blind_moon_wins_the_game_and_stops_double_blind_nil() -> None:
    """000:122 Boston On Fire: "a blind bid to take all tricks in a hand, made before either
    partner has looked at their cards. Again, the first team to bid either Double Blind Nil
    or Blind Moon has precedence." With 000:121 Boston it wins the game. Dealer 3: seat 0
    bids Blind Nil, seat 1 Blind Moon (its partner, seat 3, does not bid), so seat 2 may not
    make its side's Double Blind Nil. Seat 3's spades take all 13 and side 1 wins."""
    rules = _rules(blind_moon="anytime", shoot_the_moon="wins_game", blind_nil="anytime")
    game = new_game(rules, deal_from_codes(*SUITED), dealer=3)
    game.apply(Bid(0, 0, blind=True))
    assert Bid(1, 13, blind=True) in game.legal_actions(1)
    game.apply(Bid(1, 13, blind=True))
    assert game.to_act == 2
    assert Bid(2, 0, blind=True) not in game.legal_actions(2)
    refused(game, Bid(2, 0, blind=True), "You can't bid blind nil")
    game.apply(RevealCards(2))
    game.apply(Bid(2, 1))
    assert game.phase is Phase.PLAY
    play_out(game)
    result = game.results[-1]
    assert result.moon_winner == 1 and game.is_over and game.winner == 1
    assert result.teams[1].special == "shoot the moon"
    # A seat that has looked, or whose partner has, bids no Blind Moon.
    looked = new_game(rules, deal_from_codes(*SUITED), dealer=3)
    looked.apply(RevealCards(3))
    assert Bid(1, 13, blind=True) not in looked.legal_actions(1)
    with pytest.raises(ValueError, match="blind_moon needs"):
        _rules(blind_moon="anytime")


@covers("nil_in_the_dark")
def test_nil_in_the_dark_plays_the_top_card_and_scores_as_blind_nil() -> None:
    """000:163 Nil In The Dark: "shuffles their cards and puts them face down ... When it is
    their play, they take the top card and throw it into the pile. The scoring counts the
    same as Blind Nil. A player may also go Blind Nil In The Dark where they never even look
    at their cards. This is scored the same as a Big Mo." Seat 0 (all clubs) bids Nil in the
    dark after looking: each turn it has one card, the first of an order fixed for the hand,
    and its Nil made scores 200; bid before looking, 250."""
    game = _suited_game(_rules(nil_in_the_dark=True))
    bid_all(game, [0, 3, 3, 3], blind=[True, False, False, False])
    play(game, (1, "2D"), (2, "2H"), (3, "2S"))
    legal = game.legal_actions(0)
    assert len(legal) == 1 and isinstance(legal[0], PlayCard)
    top = legal[0].card
    other = next(c for c in game.hands[0] if c != top)
    refused(game, PlayCard(0, other), "Nil in the dark")
    play_out(game)
    # The order is fixed by the game's seed: a replay plays the same cards.
    replayed = Game.replay(
        game.rules, seed=1, dealer=0, actions=game.history[:7], deals=[deal_from_codes(*SUITED)]
    )
    assert replayed.legal_actions(0) == [PlayCard(0, top)]
    assert game.results[-1].teams[0].nil_bonus == 200
    blind = _suited_game(_rules(nil_in_the_dark=True, blind_nil="anytime"))
    bid_all(blind, [0, 3, 3, 3], blind=[True, False, False, False])
    play_out(blind)
    assert blind.results[-1].teams[0].nil_bonus == 250
    plain = _suited_game(_rules(nil_in_the_dark=True))
    bid_all(plain, [0, 3, 3, 3])
    play(plain, (1, "2D"), (2, "2H"), (3, "2S"))
    assert len(plain.legal_actions(0)) == 13


# Seat 1 holds twelve diamonds and the 2 of spades; seat 3 the 2 of diamonds and every other
# spade.
_NO_TRUMP_DEAL = deal_from_codes(
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2S",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2D 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
)


@covers("no_trump_bids")
def test_no_trump_bid_wins_no_trick_with_a_spade_and_counts_double() -> None:
    """000:113 No-trump bids: "a player who bids some number of tricks with "no trump"
    promises not to win any tricks with spades, except when spades are led. A player may
    only bid "No Trump" if that player holds at least one spade ... A player who
    successfully makes a No Trump bid counts each trick taken by that player as double."
    Dealer 3: seat 1 bids no trump, then 3 (no Nil now); to the 2 of clubs led it may not
    trump with its 2 of spades. Dealer 0: seat 1 bids no trump and 1, wins its A of diamonds
    and its side (bid 4) takes all 13: 40, 9 overtricks and 10 for its doubled trick, 59;
    the same play without no trump scores 49. Worked: bid 4 no trump and 3, took 5 and 3:
    70, 1 overtrick, 50 more for seat 1's five tricks."""
    rules = _rules(no_trump_bids=True)
    game = new_game(rules, _NO_TRUMP_DEAL, dealer=3)
    game.apply(Bid(0, 1))
    assert NoTrump(1) in game.legal_actions(1)
    assert game.apply(NoTrump(1)) == [NoTrumpBid(1)]
    assert (0, False) not in bids_of(game, 1)
    game.apply(Bid(1, 3))
    assert NoTrump(2) not in game.legal_actions(2)  # seat 2 holds no spade
    game.apply(Bid(2, 1))
    game.apply(Bid(3, 3))
    play(game, (0, "2C"))
    refused(game, PlayCard(1, Card.parse("2S")), "You bid no trump")
    plain = new_game(Rules(), _NO_TRUMP_DEAL, dealer=3)
    bid_all(plain, [1, 3, 1, 3])
    play(plain, (0, "2C"))
    assert PlayCard(1, Card.parse("2S")) in plain.legal_actions(1)

    def highest_for_seat_1(game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        return legal[-1] if seat == 1 else legal[0]

    totals = []
    for on in (True, False):
        hand = new_game(_rules(no_trump_bids=on), _NO_TRUMP_DEAL, dealer=0)
        if on:
            hand.apply(NoTrump(1))
        bid_all(hand, [1, 1, 1, 3])
        play_out(hand, highest_for_seat_1)
        totals.append(hand.results[-1].teams[1])
    assert totals[0].special == "no trump" and totals[0].special_points == 10
    assert (totals[0].total, totals[1].total) == (59, 49)
    worked = score_hand(
        rules,
        hand_number=1,
        dealer=0,
        bids=[1, 4, 1, 3],
        blind=[False] * 4,
        tricks=[3, 5, 2, 3],
        scores=[0, 0],
        bags=[0, 0],
        num_tricks=13,
        no_trump=(1,),
    )
    assert worked.teams[1].total == 70 + 1 + 50


@covers("half_tricks")
def test_half_tricks_the_second_partner_makes_the_side_whole() -> None:
    """000:124 Half Tricks: "the first partner of a team to bid may, if he chooses, bid
    tricks in increment of one-half ... "I bid three-and-one-half". His partner is then
    required to bid such that the team bid rounds out to a whole number, i.e. "I'll bid
    two-and-one-half" for a team bid of six tricks." SUITED, dealer 0: seat 1 bids 3½, so
    seat 3 may bid only halves (1½ to 9½); it bids 2½ and side 1's bid is 6: all 13 tricks
    score 60 and 7 bags. A first partner who bids whole leaves no half to its partner."""
    game = _suited_game(_rules(half_tricks=True))
    assert HalfBid(1, 3) in game.legal_actions(1)
    assert game.apply(HalfBid(1, 3)) == [HalfBidMade(1, 3)]
    game.apply(Bid(2, 3))
    assert game.legal_actions(3) == [HalfBid(3, j) for j in range(1, 10)]
    refused(game, Bid(3, 3), "You can't bid 3")
    refused(game, HalfBid(3, 0), "making the side's bid whole")
    game.apply(HalfBid(3, 2))
    assert HalfBid(0, 1) not in game.legal_actions(0)
    game.apply(Bid(0, 3))
    # The table shows each half as said; the side's bid is whole.
    assert game.view(0).half_bids == (-1, 3, -1, 2)
    assert "1 0/3½" in status_text(game.view(1), ["0", "1", "2", "3"])
    play_out(game)
    side = game.results[-1].teams[1]
    assert (side.bid, side.contract_points, side.bags) == (6, 60, 7)
    off = _suited_game(Rules())
    assert not [a for a in off.legal_actions(1) if isinstance(a, HalfBid)]


# --- play rules and deal shapes from the seeds (issue 25, second part) ------------------


@covers("deck")
@pytest.mark.parametrize(
    ("deck", "seat2", "seat3", "winner"),
    [
        pytest.param("deuces_high", "AS", "2S", 3, id="deuces_high: the 2S over the AS"),
        pytest.param("deuces_high", "2H", "2S", 2, id="deuces_high: the 2H over the 2S"),
        pytest.param("deuces_high", "2C", "2D", 3, id="deuces_high: the 2D over the 2C"),
        pytest.param("one_joker", "AS", "BJ", 3, id="one_joker: the Joker over the AS"),
        pytest.param("euchre_jokers", "LJ", "AS", 2, id="euchre_jokers: the LJ over the AS"),
        pytest.param("euchre_jokers", "LJ", "BJ", 3, id="euchre_jokers: the BJ over the LJ"),
    ],
)
def test_more_decks_rank_the_trumps(deck: str, seat2: str, seat3: str, winner: int) -> None:
    """000:133 Deuces High: "All 2s count as the highest spades ... 2, 2, 2, 2, then all
    the rest of the spades, Ace through 3" (the order of the 2s, lost, read as 2D, 2C, 2H,
    2S). 000:14: "played with one or two Jokers". 000:135: the Jokers, "similar to their
    use in Euchre, can replace the J and J". Seat 1 leads the 3C; seats 2 and 3 hold none."""
    rules = Rules.model_validate({"deck": deck})
    info = deck_info(deck, 4)
    deck_cards = [Card.of(c) for c in info.cards]
    clubs = [c for c in deck_cards if info.suit_of[c.index] == 0]
    others = [c for c in deck_cards if c not in clubs and c.code not in (seat2, seat3)]
    # Seat 1 holds every club but the top one, which seat 0 must follow with.
    seat1 = clubs[:-1] + others[: 14 - len(clubs)]
    others = others[14 - len(clubs) :]
    fixed = {1: seat1, 2: [Card.parse(seat2), *others[:12]], 3: [Card.parse(seat3), *others[12:24]]}
    game = new_game(rules, deal_with(rules, {s: hand_codes(h) for s, h in fixed.items()}))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, clubs[0].code), (2, seat2), (3, seat3), (0, clubs[-1].code))
    assert game.view(0).tricks[-1].winner == winner


@pytest.mark.parametrize(
    ("deck", "present", "absent"),
    [
        ("one_joker", "BJ", "LJ 2H"),
        ("euchre_jokers", "LJ BJ", "JH JD"),
        ("deuces_high", "2C", "LJ"),
    ],
)
def test_more_decks_hold_their_cards(deck: str, present: str, absent: str) -> None:
    """000:14 one Joker (the 2H goes so that 53 cards deal 13 each); 000:135 the Jokers in
    place of the JH and JD; 000:133 no Jokers. The cards taken out are shown to every seat."""
    game = Game.new(Rules.model_validate({"deck": deck}), seed=3, dealer=0)
    dealt = {c.code for hand in game.hands for c in hand}
    assert len(dealt) == 52
    assert set(present.split()) <= dealt
    assert not set(absent.split()) & dealt
    shown = {c.code for c in game.view(0).removed}
    assert shown == set(absent.split()) - {"LJ"}


# Seat 1 (dealer 0's left) leads; seats 0 and 2 are its opponents, seat 3 its partner.
JOKER_LEAD_DEAL = {
    1: "BJ 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    2: "LJ 5S 9S 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    3: "AS KS 3S 3H 4H 5H 6H 7H 8H 9H TH JH QH",
}


@covers("big_joker_lead")
@pytest.mark.parametrize("on", [True, False])
def test_big_joker_lead_draws_the_opponents_highest_spades(on: bool) -> None:
    """000:136 Jokers High Alternate: "if the Big Joker is led, opponents must play their
    highest spade in that trick. If the Big Joker is played during a hand, opponents are not
    forced". Seat 1 leads the Big Joker: opponent seat 2 must give the Little Joker, partner
    seat 3 follows with any spade, opponent seat 0 its highest spade (the QS)."""
    rules = Rules.model_validate(
        {"deck": "joker_joker_ace", "lead_spades": "anytime", "big_joker_lead": on}
    )
    game = new_game(rules, deal_with(rules, JOKER_LEAD_DEAL))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "BJ"))
    assert plays(game, 2) == (["LJ"] if on else ["5S", "9S", "LJ"])
    if on:
        refused(game, PlayCard(2, Card.parse("5S")), "Big Joker was led: .* Little Joker")
    play(game, (2, "LJ"))
    assert plays(game, 3) == ["3S", "KS", "AS"]
    play(game, (3, "3S"))
    assert plays(game, 0)[-1] == "QS"
    assert (plays(game, 0) == ["QS"]) is on
    play(game, (0, "QS"))
    # Led again later, a spade (not the Big Joker) forces nothing.
    play(game, (1, "AC"), (2, "3D"), (3, "3H"))
    assert len(plays(game, 0)) > 1


@covers("jokers_first_wins")
@pytest.mark.parametrize(("on", "winner"), [(True, 1), (False, 2)])
def test_jokers_first_played_wins(on: bool, winner: int) -> None:
    """000:137 Jokers High First Played Wins: "If both jokers are played in one trick, the
    one played first takes the trick." Seat 1 leads the Little Joker, seat 2 plays the Big."""
    rules = Rules.model_validate(
        {"deck": "joker_joker_ace", "lead_spades": "anytime", "jokers_first_wins": on}
    )
    swapped = {
        1: JOKER_LEAD_DEAL[1].replace("BJ", "LJ"),
        2: JOKER_LEAD_DEAL[2].replace("LJ", "BJ"),
        3: JOKER_LEAD_DEAL[3],
    }
    game = new_game(rules, deal_with(rules, swapped))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "LJ"), (2, "BJ"), (3, "AS"), (0, "QS"))
    assert game.view(0).tricks[-1].winner == winner


RANKED_DEAL = (
    "2C 4C 5C 6C 7C 8C 9C TC JC QC KC AC AS",
    "3C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
)


@covers("ranked_suits")
@pytest.mark.parametrize(
    ("on", "seat2", "seat3", "winner"),
    [(True, "AD", "AH", 3), (False, "AD", "AH", 0), (True, "AD", "2S", 3), (True, "2H", "AH", 3)],
)
def test_ranked_suits_beat_the_led_suit(on: bool, seat2: str, seat3: str, winner: int) -> None:
    """000:139 Differentiated Trump Values: "if more valuable it trumps any card played in
    that suit" (spades, hearts, diamonds, clubs). Seat 1 leads the 3C; seat 2 (no club)
    plays a diamond, seat 3 (no club) a heart or a spade, seat 0 the AC."""
    rules = Rules(ranked_suits=on)
    game = new_game(rules, deal_from_codes(*RANKED_DEAL))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "3C"), (2, seat2), (3, seat3), (0, "AC"))
    assert game.view(0).tricks[-1].winner == winner


@covers("ace_of_spades_lead")
@pytest.mark.parametrize("on", [True, False])
def test_the_ace_of_spades_may_be_led_before_spades_are_broken(on: bool) -> None:
    """000:183 Leading with the Ace of spades: "Depending on the region ... this is
    permitted." Seat 3 leads after trick 1 with spades unbroken: the AS, not the KS."""
    rules = Rules(ace_of_spades_lead=on)
    game = new_game(rules, deal_from_codes(*RANKED_DEAL))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "3C"), (2, "AD"), (3, "AH"), (0, "AC"))
    assert game.to_act == 0
    assert ("AS" in plays(game, 0)) is on
    if on:
        play(game, (0, "AS"))
        assert game.spades_broken
        play(game, (1, "2D"), (2, "2H"), (3, "2S"))
        assert game.view(0).tricks[-1].winner == 0
        assert "KS" in plays(game, 3) or game.to_act == 0


@covers("pass_every_hand")
@pytest.mark.parametrize("count", [1, 2])
def test_partners_pass_cards_every_hand(count: int) -> None:
    """000:148 Passing Cards: "Each team passes one card with their partner each hand."
    No Nil is bid, and still both pairs of partners exchange cards after the bidding."""
    game = _suited_game(Rules(pass_every_hand=count))
    bid_all(game, [3, 3, 3, 4])
    assert game.phase is Phase.PASS
    assert {game.view(s).pass_to for s in range(4)} == {0, 1, 2, 3}
    assert game.view(0).pass_to == 2
    refused(game, PassCards(1, ()), f"Pass exactly {count} card")
    passes = {0: "AC KC", 1: "AD KD", 2: "AH KH", 3: "AS KS"}
    for seat, codes in passes.items():
        game.apply(PassCards(seat, tuple(cards(codes)[:count])))
    assert game.phase is Phase.PLAY
    assert hand_codes(game.view(2).received) == hand_codes(cards("AC KC")[:count])
    assert Card.parse("AS") in game.hands[1]


@covers("hurricane_pass")
@pytest.mark.parametrize("scheme", ["left", "left_right_hold"])
def test_hurricane_passes_three_to_the_left_before_the_bids(scheme: str) -> None:
    """003:365 Hurricane Spades: "after the deal and before the bidding each player passes
    three cards to the opponent to the left ... before looking at the cards received";
    003:373 "left, right, hold, repeat"."""
    rules = Rules(hurricane_pass=scheme)  # type: ignore[arg-type]
    game = _suited_game(rules)
    assert game.phase is Phase.PASS
    assert [game.view(s).pass_to for s in range(4)] == [1, 2, 3, 0]
    refused(game, Bid(1, 3), "You can't bid now")
    refused(game, PassCards(1, tuple(cards("AD"))), "Pass exactly 3 cards to seat 3.")
    game.apply(PassCards(1, tuple(cards("AD KD QD"))))
    # Nothing arrives before everyone has passed.
    assert Card.parse("AD") not in game.hands[2]
    for seat, suit in ((2, "H"), (3, "S"), (0, "C")):
        game.apply(PassCards(seat, tuple(cards(f"A{suit} K{suit} Q{suit}"))))
    assert game.phase is Phase.BID
    assert game.to_act == 1
    assert hand_codes(game.view(2).received) == hand_codes(cards("AD KD QD"))
    assert Card.parse("AS") in game.hands[0]
    play_hand(game, [3, 3, 3, 3])
    second = game.view(0)
    if scheme == "left":
        assert second.phase is Phase.PASS and second.pass_to == 1
        return
    assert second.phase is Phase.PASS and second.pass_to == 3
    for seat in (2, 3, 0, 1):
        options = [a for a in game.legal_actions(seat) if isinstance(a, PassCards)]
        game.apply(options[0])
    play_hand(game, [3, 3, 3, 3])
    # The third hand is a hold: straight to the bids.
    assert game.phase is Phase.BID
    assert game.view(0).pass_to is None


@covers("kitty")
def test_the_two_of_clubs_takes_the_kitty_and_discards_before_the_bids() -> None:
    """000:99 Kitty: "no cards are removed from the deck, but instead a kitty composed of the
    leftover cards ... Whoever is dealt the [2 of clubs] picks up the kitty before bidding
    begins, integrates it into his hand and then discards the same number of cards."
    000:136: Jokers High Alternate "with all 54 cards": 13 each and a kitty of 2."""
    rules = Rules.preset("jokers_kitty")
    deal = deal_with(rules, {2: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"})
    every = {Card.of(c).code for c in deck_info(rules.deck, 4, "kitty").cards}
    kitty = every - {c.code for hand in deal for c in hand}
    assert len(kitty) == 2
    game = new_game(rules, deal)
    assert game.phase is Phase.PASS and game.to_act == 2
    assert len(game.hands[2]) == 15
    assert {c.code for c in game.hands[2]} >= kitty
    assert [game.view(s).cards_left for s in (0, 1)] == [(13, 13, 15, 13)] * 2
    assert game.view(0).hand is not None and not set(game.view(0).hand) & set(cards("2C"))
    refused(game, PassCards(2, tuple(cards("2C"))), "Discard exactly 2 cards")
    refused(game, PassCards(1, tuple(game.hands[1][:2])), "no card passing for you")
    game.apply(PassCards(2, tuple(cards("3C 4C"))))
    assert game.phase is Phase.BID
    assert len(game.hands[2]) == 13
    assert hand_codes(game.view(2).discarded) == "3C 4C"
    assert all(game.view(s).discarded == () for s in (0, 1, 3))


@covers("kitty")
def test_the_highest_bidder_takes_the_kitty_after_the_bids() -> None:
    """000:99: "or alternatively, the player with the highest bid, picks up the kitty".
    Five players share 52 cards, 10 each: the kitty holds the 2 left over."""
    rules = Rules(players=5, team_size=1, kitty="high_bidder")
    game = new_game(rules, deal_with(rules, {}))
    assert game.phase is Phase.BID
    bid_all(game, [2, 4, 1, 4, 2])
    # Seats 1 and 3 bid 4: seat 1 bid first (the dealer's left), so it takes the kitty.
    assert game.phase is Phase.PASS and game.to_act == 1
    assert len(game.hands[1]) == 12
    game.apply(PassCards(1, tuple(game.hands[1][:2])))
    assert game.phase is Phase.PLAY and len(game.hands[1]) == 10


@covers("royal")
def test_royal_spades_deals_13_each_from_the_short_deck() -> None:
    """003:345 Royal Spades: "the 2-9 of hearts, diamonds and clubs are removed ... Each
    player is dealt 13 cards", and the 2 (4 with Jokers) left over stay unseen; no drawing."""
    for deck, unseen in (("ace_high", 2), ("joker_joker_ace", 4)):
        rules = Rules.model_validate({"players": 2, "team_size": 1, "royal": True, "deck": deck})
        game = Game.new(rules, seed=7, dealer=0)
        assert game.phase is Phase.BID
        held = [c for hand in game.hands for c in hand]
        assert len(held) == 26 and game.num_tricks == 13
        assert all(c.rank >= 10 or c.suit is None or c.code.endswith("S") for c in held)
        assert len(game.view(0).removed) == 24
        assert len(set(deck_info(deck, 2, "royal").cards)) - len(held) == unseen
        assert game.view(0).draw_offer == ()


@covers("dead_hand")
def test_three_players_and_a_dead_hand_play_13_tricks() -> None:
    """003:207-225: "dealt to 3 players and a face-down dead hand, 13 each, so 13 tricks are
    played and the unseen cards cannot be counted"."""
    rules = Rules.preset("dead_hand")
    game = Game.new(rules, seed=7, dealer=0)
    assert game.num_tricks == 13
    assert [len(h) for h in game.hands] == [13, 13, 13]
    seen = {c for hand in game.hands for c in hand}
    assert len(seen) == 39
    play_hand(game, [3, 3, 3])
    assert game.hand_number == 2
    assert sum(game.results[-1].teams[t].tricks for t in range(3)) == 13


@covers("face_up_cards")
@pytest.mark.parametrize("count", [0, 4])
def test_a_face_up_deal_shows_each_players_first_cards_to_everyone(count: int) -> None:
    """000:98 Face-up deal: "the dealer can lay out up to four cards per player face up as
    long as the same number is revealed for each player"; "Blind Nil can still be bid if
    the player has not viewed any face-down cards"."""
    rules = Rules(face_up_cards=count, blind_nil="anytime")
    game = _suited_game(rules)
    view = game.view(0)
    assert view.exposed == tuple(tuple(cards(hand)[:count]) for hand in SUITED)
    # Seat 1, first to bid, has seen only its face-up cards and may bid Blind Nil.
    assert view.hand is None and not game.has_looked(1)
    assert (0, True) in bids_of(game, 1)
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "2D"))
    # A card played from the face-up ones leaves them; the rest stay shown.
    assert len(game.view(2).exposed[1]) == (count - 1 if count else 0)


@covers("miser")
def test_miser_bids_are_kept_or_lowered_and_score_in_reverse() -> None:
    """003:87-96 Miser: "The object is to get the fewest tricks"; "on their second turn to
    bid, each player may either stay at their first bid or go lower"; "If a player makes
    the bid [does not take more tricks than the bid] then the score is (13 - bid) * 10. If
    the player doesn't make bid [takes more tricks than bid] then the score is -(13 - bid)
    * 10." SUITED, each alone: seat 3 holds the spades and takes all 13 tricks."""
    game = _suited_game(Rules.preset("miser"))
    bid_all(game, [2, 3, 1, 5])
    # One more round from the dealer's left: keep, or lower down to 0.
    assert game.phase is Phase.BID and game.to_act == 1
    assert game.legal_actions(1) == [Raise(1, 0), Raise(1, -1), Raise(1, -2), Raise(1, -3)]
    assert game.apply(Raise(1, -3)) == [BidRaised(1, 0, -3)]
    refused(game, Raise(2, 1), "never raised")
    refused(game, Bid(2, 0), "keep your bid or lower it")
    refused(game, Raise(2, -2), "at most 1")
    game.apply(Raise(2, 0))
    game.apply(Raise(3, -2))
    game.apply(Raise(0, 0))
    # One round only: then the play.
    assert game.phase is Phase.PLAY and game.bids[3] == Bid(3, 3)
    play_out(game)
    assert _team_totals(game) == [110, 130, 120, -100]
    assert [t.made for t in game.results[-1].teams] == [True, True, True, False]
    # A bid of 0 is a plain bid in Miser, not a Nil: no bonus, (13 - 0) x 10.
    assert game.results[-1].teams[1].nil_bonus == 0
    # A bid of 4: 90 for taking 4 or fewer, -90 for 5.
    made = score_hand(
        Rules.preset("miser"),
        hand_number=1,
        dealer=0,
        bids=[4, 4, 4, 1],
        blind=[False] * 4,
        tricks=[4, 5, 3, 1],
        scores=[0] * 4,
        bags=[0] * 4,
        num_tricks=13,
    )
    assert [t.total for t in made.teams] == [90, -90, 90, 120]
    with pytest.raises(ValueError, match="team_size is fixed in miser"):
        _rules(miser=True, nil_mode="zero", blind_nil="never")


@covers("auction")
def test_auction_spades_bids_one_contract_and_the_defenders_score_its_difference() -> None:
    """000:112 Auction Spades: "by making the bid, they are committing their partnership to
    take the minimum 6 tricks plus the number bid. Subsequent bidders must raise the bid or
    pass; once they pass, they cannot bid further"; "If the declarers make contract, they
    get 10 points per bid trick; if they are set they get nothing. The defenders get 10
    points per overtrick made by, or undertrick missed by, the declarers" (and 000:172: "the
    defending pair receives 10 points for each undertrick"). SUITED: seat 3 takes all 13."""
    game = _suited_game(Rules.preset("auction"))
    game.apply(Bid(1, 1))
    assert bids_of(game, 2) == [(n, False) for n in (0, 2, 3, 4, 5, 6, 7)]
    refused(game, Bid(2, 1), "can't bid 1")
    for seat, bid in ((2, 2), (3, 4), (0, 0), (1, 0)):
        game.apply(Bid(seat, bid))
    # Seat 2 is the last still in: it passes, and seat 3's 4 (10 tricks) is the contract.
    assert game.to_act == 2
    game.apply(Bid(2, 0))
    assert game.phase is Phase.PLAY
    play_out(game)
    side = game.results[-1].teams
    # Side 1 took 13 of its 10: 40 for the contract; the defenders 10 for each overtrick.
    assert [t.total for t in side] == [30, 40]
    assert (side[1].bid, side[1].made) == (10, True)
    # Set: side 0 bid 3 (9 tricks) and took 7: nothing, and 20 to the defenders.
    rules = Rules.preset("auction")
    result = score_hand(
        rules,
        hand_number=1,
        dealer=0,
        bids=[0, 0, 3, 0],
        blind=[False] * 4,
        tricks=[4, 3, 3, 3],
        scores=[0, 0],
        bags=[0, 0],
        num_tricks=13,
    )
    assert [t.total for t in result.teams] == [0, 20]
    # The first three pass: the dealer may not pass too.
    forced = _suited_game(rules)
    for seat in (1, 2, 3):
        forced.apply(Bid(seat, 0))
    assert bids_of(forced, 0) == [(n, False) for n in range(1, 8)]
    forced.apply(Bid(0, 1))
    assert forced.phase is Phase.PLAY


@covers("high_low")
@pytest.mark.parametrize(
    ("low", "seat3", "seat0", "winner"),
    [(True, "AH", "2C", 0), (True, "AH", "AC", 1), (False, "AH", "AC", 0), (True, "2S", "2C", 3)],
)
def test_high_low_the_leader_calls_the_trick(
    low: bool, seat3: str, seat0: str, winner: int
) -> None:
    """003:67 High/Low Spades: "the player who leads for the next trick calls either 'high'
    or 'low' and then plays a card ... If the call is 'low' then the lowest card in suit or
    the lowest spade played wins the trick". Seat 1 calls, leads the 3C; seat 2 (no club)
    plays the AD, seat 3 (no club) a heart or a spade, seat 0 a club."""
    rules = Rules(high_low=True)
    game = new_game(rules, deal_from_codes(*RANKED_DEAL))
    bid_all(game, [3, 3, 3, 3])
    assert game.legal_actions(1) == [CallHighLow(1, False), CallHighLow(1, True)]
    refused(game, PlayCard(1, Card.parse("3C")), "Call high or low first")
    game.apply(CallHighLow(1, low))
    assert game.view(2).trick_call == ("low" if low else "high")
    play(game, (1, "3C"), (2, "AD"), (3, seat3), (0, seat0))
    assert game.view(0).tricks[-1].winner == winner
    # The next trick is called again, by its leader.
    assert game.legal_actions(winner) == [CallHighLow(winner, False), CallHighLow(winner, True)]
    assert game.view(0).trick_call == ""


@covers("aces_high_low")
@pytest.mark.parametrize(("low", "winner"), [(True, 1), (False, 0)])
def test_aces_high_low_an_ace_is_called_as_it_is_played(low: bool, winner: int) -> None:
    """000:143, 002:88 Aces High/Low: "During the play Aces can be called high or low."
    Seat 1 leads the 3C, seats 2 and 3 (no club) throw the AD and the AH, and seat 0 plays
    the AC: called low it is below the 2, and the 3C takes the trick."""
    rules = Rules(aces_high_low=True)
    game = new_game(rules, deal_from_codes(*RANKED_DEAL))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "3C"), (2, "AD"))
    assert game.to_act == 2
    assert game.legal_actions(2) == [CallHighLow(2, False), CallHighLow(2, True)]
    refused(game, PlayCard(3, Card.parse("AH")), "not your turn")
    game.apply(CallHighLow(2, True))
    play(game, (3, "AH"))
    game.apply(CallHighLow(3, False))
    play(game, (0, "AC"))
    game.apply(CallHighLow(0, low))
    assert game.view(0).tricks[-1].winner == winner
    assert game.to_act == winner


JOKE_DEAL = {
    1: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    2: "LJ 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    3: "BJ 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
}


@covers("joke_trumps")
@pytest.mark.parametrize(
    ("on", "seat0", "winner"), [(True, "AH", 1), (True, "AS", 0), (True, "KH", 1), (False, "AH", 3)]
)
def test_joke_trumps_a_joker_makes_its_partners_card_a_spade(
    on: bool, seat0: str, winner: int
) -> None:
    """000:134 Joke Trumps: "a Joker played on A transforms that card into A, which trumps
    all cards except a natural A ... the tie is broken either by the higher Joker, the
    first Joker played, or the suit rank" (this table: the higher Joker). Seat 1 leads the
    AD; seat 2 plays the Little Joker, seat 3 the Big (making its partner's AD a joke A of
    spades), seat 0 a heart (a joke spade by the Little Joker) or the natural AS."""
    rules = Rules.model_validate({"deck": "joker_joker_ace", "joke_trumps": on})
    game = new_game(rules, deal_with(rules, JOKE_DEAL))
    bid_all(game, [3, 3, 3, 3])
    play(game, (1, "AD"), (2, "LJ"), (3, "BJ"), (0, seat0))
    assert game.view(0).tricks[-1].winner == winner


def test_calls_and_joke_trumps_refuse_what_they_cannot_be_played_with() -> None:
    """Joke Trumps needs two Jokers in the natural order and partners (000:134); calls are
    not played with a forced trump or another trick order."""
    for options in (
        {"joke_trumps": True},
        {"deck": "joker_joker_ace", "joke_trumps": True, "team_size": 1},
        {"high_low": True, "must_trump": "when_void"},
        {"aces_high_low": True, "ranked_suits": True},
    ):
        with pytest.raises(ValueError):
            Rules.model_validate(options)


@covers("kitty_trick")
@pytest.mark.parametrize("kitty", ["two_of_clubs", "high_bidder"])
def test_a_kitty_of_a_full_round_is_a_trick_for_its_taker(kitty: str) -> None:
    """000:99: "If a round of cards in addition to the leftovers is placed in the kitty, the
    discard by the player who picked up the kitty counts as a trick." Four players and 52
    cards: 12 each and the four Aces in the kitty; seat 0 (the 2 of clubs, or the highest
    bid) takes it, discards four, and has its first trick; 12 tricks are played."""
    rules = Rules(kitty=kitty, kitty_trick=True)  # type: ignore[arg-type]
    deal = deal_from_codes(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    )
    game = new_game(rules, deal)
    if kitty == "high_bidder":
        bid_all(game, [5, 3, 3, 3])
    assert game.phase is Phase.PASS and game.to_act == 0
    assert {c.code for c in game.hands[0]} >= {"AC", "AD", "AH", "AS"}
    game.apply(PassCards(0, tuple(cards("2C 3C 4C 5C"))))
    assert game.tricks_taken == [1, 0, 0, 0]
    assert game.view(1).trick_number == 2
    if kitty == "two_of_clubs":
        bid_all(game, [5, 3, 3, 3])
    assert game.phase is Phase.PLAY
    play_out(game, follow_suit, tricks=12)
    result = game.results[-1]
    assert len(result.seats) == 4
    assert sum(s.tricks for s in result.seats) == 13
    assert result.seats[0].tricks >= 1


def test_a_kitty_as_a_trick_may_come_from_a_deck_that_deals_evenly() -> None:
    """000:99: the extra round makes a kitty even when nothing is left over; without
    kitty_trick a deck that deals evenly has no kitty."""
    assert Rules(kitty="two_of_clubs", kitty_trick=True).kitty == "two_of_clubs"
    for options in ({"kitty": "two_of_clubs"}, {"kitty_trick": True}):
        with pytest.raises(ValueError):
            Rules.model_validate(options)


@covers("six_deck")
@pytest.mark.parametrize(
    ("deck", "each", "out"),
    [("ace_high", 8, {"2C", "2D", "2H", "2S"}), ("joker_joker_ace", 9, set())],
)
def test_six_players_from_a_single_deck(deck: str, each: int, out: set[str]) -> None:
    """000:193 Six Players: "6-handed play can be done with a 48 card deck, having removed
    all the 2s. It can also be done with a 52 card deck plus two Jokers, similar to
    three-handed but with half the cards per player." One copy of each card, no double."""
    rules = Rules.model_validate({"players": 6, "team_size": 2, "six_deck": "single", "deck": deck})
    game = Game.new(rules, seed=4, dealer=0)
    held = [c.code for hand in game.hands for c in hand]
    assert game.num_tricks == each and all(len(hand) == each for hand in game.hands)
    assert len(held) == len(set(held)) == 6 * each
    assert {c.code for c in game.view(0).removed} == out
    assert not out & set(held)
    bid_all(game, [1] * 6)
    play_out(game, follow_suit, tricks=each)
    assert sum(s.tricks for s in game.results[-1].seats) == each
    with pytest.raises(ValueError):
        Rules.model_validate({"players": 4, "six_deck": "single"})


@covers("two_decks")
def test_three_players_draw_17_each_from_two_decks_without_the_deuces_of_clubs() -> None:
    """003:81: "both deuces of Clubs are removed from the combined cards. The three players
    pick their cards just as in Spades for two players": see two, keep one, 17 each."""
    rules = Rules.preset("three_two_decks")
    game = Game.new(rules, seed=11, dealer=0)
    assert game.phase is Phase.DRAW and game.num_tricks == 17
    assert [c.code for c in game.view(0).removed] == ["2C"]
    order = []
    while game.phase is Phase.DRAW:
        seat = game.to_act
        assert seat is not None
        order.append(seat)
        assert len(game.view(seat).draw_offer) == 2
        assert all(game.view(s).draw_offer == () for s in range(3) if s != seat)
        game.apply(Draw(seat, True))
    assert order == [1, 2, 0] * 17
    assert game.phase is Phase.BID
    assert game.view(0).cards_left == (17, 17, 17)
    # Every card of the two decks but the 2s of clubs, twice: kept or seen and refused.
    seen: dict[str, int] = {}
    for seat in range(3):
        view = game.view(seat)
        assert view.hand is not None and len(view.discarded) == 17
        for card in (*view.hand, *view.discarded):
            seen[card.code] = seen.get(card.code, 0) + 1
    assert len(seen) == 51 and set(seen.values()) == {2} and "2C" not in seen


@covers("two_decks", "identical_cards")
@pytest.mark.parametrize(("option", "winner"), [("later_wins", 2), ("earlier_wins", 1)])
def test_two_decks_the_second_of_two_identical_cards_wins(option: str, winner: int) -> None:
    """003:81: "if all are playing Diamonds and both aces are played, the second ace
    wins" (earlier_wins, a table's own rule, the first)."""
    clubs = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    rules = _rules(players=3, team_size=1, two_decks=True, identical_cards=option)
    deal = deal_with(rules, {1: f"AD {clubs} 3H 4H 5H 6H", 2: f"AD {clubs} 7H 8H 9H 10H"})
    game = new_game(rules, deal)
    bid_all(game, [3, 3, 3])
    play(game, (1, "AD"), (2, "AD"))
    assert all(code.endswith("D") for code in plays(game, 0))
    game.apply(first_legal(game, 0))
    assert game.view(0).tricks[-1].winner == winner


def _raise_none(game: Game) -> None:
    """Keep every bid through the raises before the lead (raise_bids)."""
    while game.phase is Phase.BID:
        seat = game.to_act
        assert seat is not None
        game.apply(Raise(seat, 0))


@covers("bid_values", "dead_hand")
def test_berkley_two_players_bid_nil_or_blind_6_to_12_before_looking() -> None:
    """003:120-130: before any cards are seen, Nil, or Blind 6 to 12 by a player "losing by
    100 points or more"; after, 4 (Board) through 13 (Boston), or Naught. 003:114: the
    four hands are dealt from the 54 cards less the 2♥ and 2♦, each player seeing only its
    own."""
    rules = TABLES["x_v_berkley_two_dead_hands"]
    top = "BJ LJ 2S AS KS QS JS 10S 9S 8S 7S 6S 5S"
    game = new_game(rules, deal_with(rules, {0: top}), dealer=0)
    # 003:110: "the 2 of hearts and 2 of diamonds discarded from the game".
    assert [c.code for c in game.view(0).removed] == ["2H", "2D"]
    assert game.num_tricks == 13
    assert not game.has_looked(1)
    assert bids_of(game, 1) == [(0, True)]
    game.apply(RevealCards(1))
    assert bids_of(game, 1) == [(0, False), *((n, False) for n in range(4, 14))]
    game.apply(Bid(1, 4))
    game.apply(RevealCards(0))
    game.apply(Bid(0, 12))
    _raise_none(game)
    play_out(game)
    # 003:180: a bid of 12 is 240 (and the 13th trick an overtrick); Board 4 set, -40.
    assert game.scores == [241, -40]
    # Hand 2, dealt at random: 26 cards held, the two dummies' 26 seen by nobody.
    assert sum(len(h) for h in game.hands) == 26
    view = game.view(1)
    assert view.hand is None and view.all_hands is None
    assert bids_of(game, 0) == [(0, True)]
    game.apply(Bid(0, 0, True))
    # Seat 1, 281 behind: Nil or Blind 6 to 12, nothing else before looking.
    assert bids_of(game, 1) == [(0, True), *((n, True) for n in range(6, 13))]
    game.apply(Bid(1, 9, True))
    assert game.bids[1] == Bid(1, 9, True)


@covers("bid_values")
@pytest.mark.parametrize(("preset", "tricks"), [("berkley_three", 13), ("berkley_three_54", 18)])
def test_berkley_three_players_bid_0_to_the_tricks_blind_or_not(preset: str, tricks: int) -> None:
    """003:247, 003:253, 003:259: blind bids before looking, then 0 through 13 (version 1,
    a dead hand) or 0 through 18 (version 2, 54 cards); 003:265 bids of 2 or below must be
    exact (scored in test_scoring_examples)."""
    rules = Rules.preset(preset)
    game = Game.new(rules, seed=5, dealer=0)
    assert game.num_tricks == tricks
    assert bids_of(game, 1) == [(n, True) for n in range(tricks + 1)]
    game.apply(RevealCards(1))
    assert bids_of(game, 1) == [(n, False) for n in range(tricks + 1)]


# --- Berkley's two players with dummy hands (dummy_hands, 003:98-152) -------------------

# Dealer 2 (hand B of 003:108), so seat 3, the other player's dummy (hand A), leads and
# seat 0 (hand C) bids first. Each dummy's list is in the order dealt: its first six face
# up (003:140), the rest face down in the order they are turned (003:152).
DUMMY_DEAL = deal_from_codes(
    "3H 5H AD JD 8D KC QC BJ LJ 2S AS KS QS",
    "7H 8H 4S AC 2C 3C 9H KD 5S 4C 5C 6C 7C",
    "4H QD JC 10C 9C 8C JS 10S 9S 8S 7S 6S 3S",
    "AH KH 3D 4D 5D 6D QH JH 10H 7D 9D 10D 6H",
)


def _dummy_game() -> Game:
    """The berkley_two preset on ``DUMMY_DEAL``, bid (4 and 5) and ready to play."""
    game = new_game(Rules.preset("berkley_two"), DUMMY_DEAL, dealer=2)
    for seat, bid in ((0, 4), (2, 5)):
        game.apply(RevealCards(seat))
        game.apply(Bid(seat, bid))
    _raise_none(game)
    return game


def _turned(events: list[Event]) -> list[tuple[int, list[str]]]:
    return [(e.seat, [c.code for c in e.cards]) for e in events if isinstance(e, DummyTurned)]


def _play(game: Game, seat: int, code: str) -> list[Event]:
    return game.apply(PlayCard(seat, Card.parse(code)))


@covers("dummy_hands")
def test_dummy_hands_are_played_in_the_seeds_forced_order() -> None:
    """003:152, one worked trick for each way a dummy plays: "the cards face up must be
    played before the cards face down"; without the suit led face up, "a spade that is
    face up must be played"; else cards are "pulled one at a time and placed face up until
    a spade or a card matching the first card of the trick appears"; with neither left,
    "any card may be played"."""
    game = _dummy_game()
    # 003:146: "Play begins with the hand to the left of the dealer": the dummy A.
    assert game.to_act == 3 and game.controller(3) == 0 and game.controller(1) == 2
    # Trick 1: a dummy leads any face-up card, never a face-down one.
    assert plays(game, 3) == cards_codes("AH KH 3D 4D 5D 6D")
    _play(game, 3, "AH")
    _play(game, 0, "3H")
    # Seat 1 follows with a face-up heart, its choice of two; the 9H face down waits.
    assert plays(game, 1) == ["7H", "8H"]
    _play(game, 1, "8H")
    _play(game, 2, "4H")
    assert game.view(0).tricks[-1].winner == 3
    # Trick 2: no face-up diamond, so the face-up spade, though a diamond lies face down.
    _play(game, 3, "3D")
    _play(game, 0, "JD")
    assert plays(game, 1) == ["4S"]
    refused(game, PlayCard(1, Card.parse("AC")), "face-up spade")
    _play(game, 1, "4S")
    _play(game, 2, "QD")
    assert game.view(0).tricks[-1].winner == 1
    # Trick 3: seat 1 leads one of its face-up cards; seat 3 holds neither a club nor a
    # spade: all seven face-down cards are turned, and it may play any card.
    assert plays(game, 1) == cards_codes("7H AC 2C 3C")
    _play(game, 1, "2C")
    events = _play(game, 2, "10C")
    assert _turned(events) == [(3, ["QH", "JH", "TH", "7D", "9D", "TD", "6H"])]
    assert plays(game, 3) == cards_codes("KH QH JH 10H 6H 4D 5D 6D 7D 9D 10D")
    _play(game, 3, "4D")
    _play(game, 0, "KC")
    assert game.view(0).tricks[-1].winner == 0
    # Trick 4: seat 1 has no diamond or spade face up: the 9H is turned, then the KD,
    # which it must play.
    events = _play(game, 0, "AD")
    assert _turned(events) == [(1, ["9H", "KD"])]
    assert plays(game, 1) == ["KD"]
    _play(game, 1, "KD")
    _play(game, 2, "8C")
    _play(game, 3, "5D")
    # Trick 5: nothing to follow face up again; the next card turned is a spade.
    events = _play(game, 0, "8D")
    assert _turned(events) == [(1, ["5S"])]
    assert plays(game, 1) == ["5S"]
    _play(game, 1, "5S")
    _play(game, 2, "9C")
    _play(game, 3, "6D")
    assert game.view(0).tricks[-1].winner == 1
    # The turned cards are face up for both players; the 4C and the rest still face down.
    for seat in (0, 2):
        assert [c.code for c in game.view(seat).exposed[1]] == cards_codes("7H 9H AC 3C")
    # 003:108: both hands' tricks count for their player.
    assert game.tricks_taken == [2, 2, 0, 1]


@covers("dummy_hands")
def test_a_dummy_that_leads_with_nothing_face_up_leads_its_first_face_down_card() -> None:
    """003:152: "If one of the hands to the right is the first to play to begin a trick,
    and no cards are face up, then the first card that is face down must be played." The
    dummy A leads its six face-up trumps, the top six, and wins each trick."""
    rules = Rules.preset("berkley_two")
    deal = deal_with(rules, {3: "BJ LJ 2S AS KS QS 9C 3D 7H 4C 5C 6C 7C"})
    game = new_game(rules, deal, dealer=2)
    for seat in (0, 2):
        game.apply(RevealCards(seat))
        game.apply(Bid(seat, 4))
    _raise_none(game)
    turned: list[tuple[int, list[str]]] = []
    for top in ["BJ", "LJ", "2S", "AS", "KS", "QS"]:
        assert game.to_act == 3
        _play(game, 3, top)
        for _ in range(3):
            turned += _turned(game.apply(game.legal_actions()[0]))
    assert game.tricks_taken[3] == 6
    assert [t for t in turned if t[0] == 3] == [(3, ["9C"])]
    assert plays(game, 3) == ["9C"]
    assert [c.code for c in game.view(0).exposed[3]] == ["9C"]


@covers("dummy_hands")
def test_dummy_hands_are_seen_by_nobody_face_down_and_by_both_face_up() -> None:
    """003:140: after the blind bids each player looks at their own hand, and "Hands A and
    D now each have six cards turned face up so that both players can see them"; the
    other cards of A and D are seen by nobody, their player included."""
    game = new_game(Rules.preset("berkley_two"), DUMMY_DEAL, dealer=2)
    # Before looking, a player sees no card at all: Nil or Double Nil may be bid blind.
    assert game.view(0).hand is None
    assert all(not cards for cards in game.view(0).exposed)
    offered = [(a.seat, a.tricks, a.blind) for a in game.legal_actions(0) if isinstance(a, Bid)]
    assert offered == [(0, 0, True), (3, 0, True)]
    game.apply(RevealCards(0))
    view = game.view(0)
    assert view.hand is not None and hand_codes(view.hand) == hand_codes(DUMMY_DEAL[0])
    assert hand_codes(view.exposed[3]) == hand_codes(cards("AH KH 3D 4D 5D 6D"))
    assert hand_codes(view.exposed[1]) == hand_codes(cards("7H 8H 4S AC 2C 3C"))
    # Seat 2 has not looked: it still sees nothing of the dummies.
    assert all(not cards for cards in game.view(2).exposed)
    face_down = {c for s in (1, 3) for c in DUMMY_DEAL[s][6:]}
    game.apply(Bid(0, 4))
    game.apply(RevealCards(2))
    game.apply(Bid(2, 5))
    for seat in range(4):
        view = game.view(seat)
        shown = set(view.hand or ()) | {c for cards in view.exposed for c in cards}
        assert not shown & face_down, f"seat {seat} sees a face-down card"
        assert (view.hand is None) == (seat in (1, 3))
    # 003:128-138: after looking, Naught, Double Naught (the dummy's seat) and 4 to 13.
    game2 = new_game(Rules.preset("berkley_two"), DUMMY_DEAL, dealer=2)
    game2.apply(RevealCards(0))
    offered = [(a.seat, a.tricks, a.blind) for a in game2.legal_actions(0) if isinstance(a, Bid)]
    assert offered == [(0, 0, False), (3, 0, False), *((0, n, False) for n in range(4, 14))]


@covers("dummy_hands", "bid_values")
def test_a_double_nil_is_both_hands_bid_at_once() -> None:
    """003:124, 003:162: "Double Nil -- Both hands must give away all tricks", bid before
    looking, -100 when either hand takes a trick. The bid on the dummy's seat bids both
    hands; the other player bids next."""
    game = new_game(Rules.preset("berkley_two"), DUMMY_DEAL, dealer=2)
    events = game.apply(Bid(3, 0, True))
    assert [(e.seat, e.tricks, e.blind) for e in events if isinstance(e, BidMade)] == [
        (0, 0, True),
        (3, 0, True),
    ]
    assert game.to_act == 2
    refused(game, Bid(3, 0, True), "not your turn")
    game.apply(RevealCards(2))
    game.apply(Bid(2, 6))
    _raise_none(game)
    play_out(game)
    team = game.results[-1].teams[0]
    assert team.tricks > 0 and team.nil_bonus == -100


@covers("dummy_hands")
def test_dummy_hands_need_two_sides_of_a_player_and_their_dummy() -> None:
    """003:108: "One player would have hands B and D, and the other player would have
    hands A and C": four seats, each side a player and the dummy on their right; nothing
    that would show or claim the face-down cards."""
    assert Rules(dummy_hands=True).teams == ((0, 3), (2, 1))
    with pytest.raises(ValueError, match="dummy_hands"):
        Rules(dummy_hands=True, players=2, team_size=1)
    with pytest.raises(ValueError, match="claims"):
        Rules(dummy_hands=True, claims=True)
    with pytest.raises(ValueError, match="show_all_hands"):
        Rules(dummy_hands=True, show_all_hands=True)


@covers("three_jokers")
@pytest.mark.parametrize(
    ("three_jokers", "trick", "winner"),
    [("top", "BJ 4S AH 2S 6S", 1), ("junk", "BJ 2H AH LJ JH", 3)],
)
def test_three_jokers_top_trumps_or_junk(three_jokers: str, trick: str, winner: int) -> None:
    """000:192 Five Players: "if three Jokers are available, they may be added as either
    highest trump or as junk cards, thus dealing each player 11 cards each". The Big Joker
    led is the top trump, followed by spades, and takes the trick; as junk it takes
    nothing, the 2 of hearts after it sets the suit and the A of hearts takes it."""
    rules = _rules(players=5, team_size=1, deck="joker_joker_ace", three_jokers=three_jokers,
                   lead_spades="anytime")  # fmt: skip
    game = new_game(rules, deal_with(rules, {1: "BJ 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
                                             2: "2H 3H 4H 5H 6H 7H 8H 9H 10H 4S 5S",
                                             3: "AH KH 2D 3D 4D 5D 6D 7D 8D 9D 10D",
                                             4: "JD QD KD AD QC KC AC LJ LJ 2S 3S"}))  # fmt: skip
    assert game.num_tricks == 11 and game.view(0).removed == ()
    bid_all(game, [1] * 5)
    for seat, code in zip([1, 2, 3, 4, 0], trick.split(), strict=True):
        if three_jokers == "top" and seat in (2, 4, 0):
            assert all(c in ("LJ", "BJ") or c.endswith("S") for c in plays(game, seat))
        play(game, (seat, code))
    assert game.view(0).tricks[-1].winner == winner
