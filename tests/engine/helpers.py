"""Fixed deals and scripted play for engine tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from bot.engine import (
    PRESETS,
    Action,
    Bid,
    Card,
    Claim,
    Game,
    IllegalAction,
    PassCards,
    Phase,
    PlayCard,
    RevealCards,
    Rules,
    SeatView,
)
from bot.engine.deck import COPY_SHIFT, deck_info

Hand = list[Card]
Deal = list[Hand]
Policy = Callable[[Game, int], Action]

# The four suits split one to a seat: with dealer 0, seat 1 leads a diamond, seat 3 trumps
# it and then leads spades to the end, so seat 3 takes all thirteen tricks.
SUITED = ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
          "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")  # fmt: skip


def cards(codes: str) -> Hand:
    """Cards from space-separated codes: ``cards("AS 10H BJ")``."""
    return [Card.parse(code) for code in codes.split()]


def hand_codes(hand: Sequence[Card]) -> str:
    """Space-separated codes of cards, sorted, the inverse of ``cards``."""
    return " ".join(card.code for card in sorted(hand))


def deal_from_codes(*hands: str) -> Deal:
    """One deal from a string of codes per seat."""
    return [cards(codes) for codes in hands]


def deal_with(rules: Rules, fixed: dict[int, str]) -> Deal:
    """A full deal for ``rules``: the ``fixed`` seats get exactly those cards (as many as a
    hand holds), the others share the rest of the deck round robin in card order."""
    info = deck_info(rules.deck, rules.players, rules.deal_shape)
    size = info.num_tricks
    stock = [Card.of(c % COPY_SHIFT) for c in info.cards]
    deal: Deal = [[] for _ in range(rules.players)]
    for seat, codes in fixed.items():
        deal[seat] = cards(codes)
        for card in deal[seat]:
            stock.remove(card)
    open_seats = [s for s in range(rules.players) if s not in fixed]
    for i, card in enumerate(stock):
        # Cards over (a kitty, a dead hand, Royal's unseen cards) stay undealt.
        room = [s for s in open_seats if len(deal[s]) < size]
        if not room:
            break
        deal[room[i % len(room)]].append(card)
    assert all(len(hand) == size for hand in deal), [len(h) for h in deal]
    return deal


def new_game(rules: Rules, *deals: Deal, seed: int = 1, dealer: int = 0) -> Game:
    """A game whose first hands are the given deals."""
    return Game.new(rules, seed=seed, dealer=dealer, deals=list(deals))


def rarely_claim(game: Game, actions: Sequence[Action], choice: int) -> list[Action]:
    """The actions a random driver picks from: claims only when ``choice`` is 1 in 16 and
    at most ``LATE_TRICKS`` tricks are left (the seat to act always has something else).

    A claim is open to every seat all through the play. Picked as often as a card, nearly
    every hand at a claims table would end or turn on a claim at its first trick, and the
    rest of the play would hardly be met. Early claims, nearly all false, are judged by a
    search that can take seconds: the engine's own tests make them, not the random walks.
    """
    left = game.num_tricks - len(game.view(0).tricks)
    if choice % 16 == 1 and left <= LATE_TRICKS:
        return list(actions)
    return [a for a in actions if not isinstance(a, Claim)]


LATE_TRICKS = 6


def first_legal(game: Game, seat: int) -> Action:
    """Policy: the first legal action (lowest card, first pass option)."""
    return game.legal_actions(seat)[0]


def follow_suit(game: Game, seat: int) -> Action:
    """Policy: the first legal card of the suit led if the seat holds one (so no renege when
    reneging is allowed), else the first legal card."""
    plays = [a for a in game.legal_actions(seat) if isinstance(a, PlayCard)]
    if game.trick:
        led = game.trick[0][1].suit
        return next((a for a in plays if a.card.suit == led), plays[0])
    return plays[0]


def bid_all(game: Game, bids: Sequence[int], blind: Sequence[bool] = ()) -> None:
    """Bids by seat number, applied in turn order from the seat left of the dealer; a seat
    that has not looked at its cards looks first unless its bid is blind."""
    assert game.phase is Phase.BID
    n = game.players
    start = game.to_act
    assert start is not None
    for i in range(n):
        seat = (start + i) % n
        is_blind = bool(blind and blind[seat])
        if not is_blind and not game.has_looked(seat):
            game.apply(RevealCards(seat))
        game.apply(Bid(seat, bids[seat], is_blind))


def play_out(game: Game, policy: Policy = first_legal, *, tricks: int | None = None) -> None:
    """Pass (if asked) and play cards by ``policy`` until the hand ends, or ``tricks``
    more tricks have been played."""
    hand = game.hand_number
    goal = None if tricks is None else len(game.view(0).tricks) + tricks
    while not game.is_over and game.hand_number == hand:
        if game.phase is Phase.PASS:
            for passer in range(game.players):
                options = [a for a in game.legal_actions(passer) if isinstance(a, PassCards)]
                if options:
                    game.apply(options[0])
            continue
        assert game.phase is Phase.PLAY, game.phase
        if goal is not None and len(game.view(0).tricks) == goal:
            return
        seat = game.to_act
        assert seat is not None
        game.apply(policy(game, seat))


def play_hand(
    game: Game, bids: Sequence[int], policy: Policy = first_legal, blind: Sequence[bool] = ()
) -> None:
    """Bid and play one whole hand."""
    bid_all(game, bids, blind)
    play_out(game, policy)


def refused(game: Game, action: Action, match: str) -> str:
    """Assert ``action`` is refused with a message matching ``match`` and changes nothing
    a seat can see; return the message."""
    history = list(game.history)
    views: list[SeatView] = [game.view(s) for s in range(game.players)]
    with pytest.raises(IllegalAction, match=match) as info:
        game.apply(action)
    assert game.history == history
    assert [game.view(s) for s in range(game.players)] == views
    return str(info.value)


def plays(game: Game, seat: int) -> list[str]:
    """Codes of the cards ``seat`` may play now."""
    return [a.card.code for a in game.legal_actions(seat) if isinstance(a, PlayCard)]


def bids_of(game: Game, seat: int) -> list[tuple[int, bool]]:
    """(tricks, blind) of every bid ``seat`` may make now."""
    return [(a.tricks, a.blind) for a in game.legal_actions(seat) if isinstance(a, Bid)]


def play(game: Game, *moves: tuple[int, str]) -> None:
    """Play cards by (seat, code)."""
    for seat, code in moves:
        game.apply(PlayCard(seat, Card.parse(code)))


# Tables beyond the presets, so the properties also meet renege, must-trump, passing, blind
# bids, claims and each cost of a false one, redeals, jokers at every table size, both
# two-player drawing variants and every option the seeds' variants added.
EXTRA_TABLES: dict[str, dict[str, object]] = {
    "x_renege_set": {"allow_renege": "set", "claims": True},
    "x_renege_plus_3": {"allow_renege": "bid_plus_3", "nil_allowed": "never"},
    "x_must_trump": {"must_trump": "when_void", "no_spades_first_trick": True},
    "x_overtrump_jokers": {"must_trump": "overtrump", "deck": "joker_joker_ace"},
    "x_low_club": {"low_club_first_trick": True, "lead_spades": "after_first_trick"},
    "x_nil_passing": {"nil_pass": 2, "blind_nil_pass": 3, "blind_nil": "anytime"},
    "x_blind_anytime": {"blind_bids": "anytime", "blind_nil": "anytime", "min_blind_bid": 4},
    "x_show_all": {"show_all_hands": True, "nil_pass": 1},
    "x_redeal_board": {"deficient_hand_redeal": True, "min_bid": 4, "cant_total_tricks": True},
    "x_bids_itself": {
        "first_hand_bids_itself": True,
        "play_to": "hands",
        "hands_to_play": 3,
        "claims": True,
        "failed_claim": "set",
    },
    "x_jokers3": {
        "players": 3,
        "team_size": 1,
        "deck": "joker_joker_deuce_deuce",
        "claims": True,
        "failed_claim": "forfeit",
    },
    "x_jokers5": {
        "players": 5,
        "team_size": 1,
        "deck": "joker_joker_ace",
        "must_trump": "when_void",
    },
    "x_jokers6_earlier": {
        "players": 6,
        "team_size": 2,
        "deck": "joker_joker_deuce_deuce",
        "identical_cards": "earlier_wins",
        "must_trump": "overtrump",
    },
    "x_six_threes_later": {"players": 6, "team_size": 3, "deck": "joker_joker_deuce_ace"},
    "x_six_cutthroat": {"players": 6, "team_size": 1, "nil_pass": 0},
    "x_two_unseen": {"players": 2, "team_size": 1, "two_player_deal": "first_or_second_unseen"},
    # Variants from the seeds (issue 25).
    "x_v_deuce_starts_bonuses": {
        "low_club_leads": True,
        "no_spades_first_trick": True,
        "seven_or_more_bonus": True,
        "last_trick_bonus": True,
        "end_streak_bonus": 30,
        "ace_on_nil_bonus": True,
        "claims": True,
    },
    "x_v_end_streak_four_broken": {
        "end_streak_bonus": 3,
        "end_streak_length": 4,
        "end_streak_breaker": True,
        "claims": True,
    },
    "x_v_fredieu_wheels_double_nil": {
        "each_bids_four": True,
        "ten_for_two_hundred": True,
        "ten_for_two_hundred_exact": True,
        "ten_for_two_hundred_loss": 100,
        "double_nil_wins": True,
        "double_nil_no_penalty": True,
        "blind_nil": "anytime",
    },
    "x_v_blind_exact_no_nines": {
        "blind_bids": "anytime",
        "blind_scoring": "exact_100",
        "no_nine_bids": True,
        "blind_nil": "anytime",
    },
    "x_v_blind_trailing_cutthroat": {
        "players": 3,
        "team_size": 1,
        "blind_bids": "anytime",
        "blind_scoring": "trailing",
        "low_club_leads": True,
        "no_nine_bids": True,
    },
    "x_v_blind_exact_threes": {
        "players": 6,
        "team_size": 3,
        "blind_bids": "anytime",
        "blind_scoring": "exact_double",
        "each_bids_four": True,
        "double_nil_no_penalty": True,
    },
    "x_v_oh_hell_screamers": {
        "exact_bids": "each",
        "spades_last": True,
        "failed_bids": "to_opponents",
        "exact_partners_bonus": True,
        "claims": True,
    },
    "x_v_lexington_double_over": {
        "lexington": "wins_game",
        "double_over": True,
        "overtricks": "bags_no_points",
        "failed_bids": "plus_1_a_trick",
        "tie_break": "fewest_overtricks",
        "play_to": "hands",
        "hands_to_play": 2,
    },
    # 000:88, 002:72: played for a time; the property tests' driver calls time now and then
    # (tests/engine/test_properties.py pick), claims and redeals deal hands without a card.
    "x_v_play_for_time": {
        "play_to": "time",
        "minutes_to_play": 30,
        "claims": True,
        "deficient_hand_redeal": True,
    },
    "x_v_blind_six": {
        "blind_bids": "anytime",
        "blind_six": "at_least_lose_60",
        "blind_nil": "anytime",
    },
    "x_v_blind_six_exact": {
        "blind_bids": "losing_by_100",
        "blind_six": "exact",
        "min_bid": 4,
        "team_nil": True,
        "blind_nil": "anytime",
    },
    "x_v_bauers_six": {"players": 6, "team_size": 2, "deck": "bauers", "low_club_leads": True},
    "x_v_bauers_three": {"players": 3, "team_size": 1, "deck": "bauers", "spades_last": True},
    "x_v_lexington_240_cutthroat": {
        "team_size": 1,
        "lexington": "twelve_for_240",
        "deck": "bauers",
        "exact_bids": "side",
        "spades_last": True,
        "must_trump": "when_void",
    },
    "x_v_card_bonuses_take_three": {
        "dix_bonus": True,
        "last_trick_ace_bonus": True,
        "last_trick_deuce_bonus": True,
        "last_trick_high_spade_bonus": True,
        "bag_cancel_card": True,
        "perfect_bids_bonus": "eighty",
        "allow_renege": "take_three",
        "claims": True,
    },
    "x_v_highlander_no_deductions": {
        "highlander": True,
        "no_deductions": True,
        "bag_cancel_card": True,
        "bag_cancel_cut": True,
        "deck": "joker_joker_deuce_ace",
        "dix_bonus": True,
    },
    "x_v_split_cutthroat": {
        "team_size": 1,
        "split_bonuses": True,
        "seven_tricks_streak": True,
        "perfect_bids_bonus": "hundred_then_fifty",
        "last_trick_high_spade_bonus": True,
        "deck": "bauers",
    },
    # Evil Spades (003:13-63) from every third hand rule on: the property tests play three
    # hands of each, so all 45 rules (the preset "evil" starts at rule 1).
    **{
        f"x_v_evil_{start}": {"evil_spades": True, "blind_nil": "never", "evil_start": start}
        for start in range(4, 46, 3)
    },
    "x_v_mo": {"mo": "mo", "claims": True, "blind_nil": "anytime", "raise_bids": "rounds"},
    "x_v_moe_cutthroat": {"mo": "moe", "team_size": 1, "low_club_leads": True},
    "x_v_bemo": {"mo": "bemo", "ten_for_two_hundred": True, "nil_pass": 1, "raise_bids": "any"},
    "x_v_raise_cutthroat": {"raise_bids": "by_one", "players": 5, "team_size": 1},
    "x_v_books_made": {"books_made": True, "raise_bids": "by_one", "last_trick_bonus": True},
    # Counter Bidding (000:18), Partnership bidding (000:111), Boston On Fire (000:122) and
    # Nil In The Dark (000:163).
    "x_v_counter": {"counter_bidding": True, "min_bid": 4, "blind_nil": "anytime"},
    "x_v_partnership": {"partnership_bidding": True, "counter_bidding": True},
    "x_v_blind_moon": {
        "blind_moon": "anytime",
        "shoot_the_moon": "wins_game",
        "blind_nil": "anytime",
        "blind_bids": "anytime",
    },
    "x_v_dark": {"nil_in_the_dark": True, "blind_nil": "anytime", "deck": "joker_joker_ace"},
    # No-trump bids (000:113), with the six-player double deck too.
    "x_v_no_trump": {"no_trump_bids": True, "nil_in_the_dark": True},
    "x_v_no_trump_six": {"no_trump_bids": True, "players": 6, "team_size": 2},
    # Half Tricks (000:124).
    "x_v_half": {"half_tricks": True, "counter_bidding": True, "blind_nil": "anytime"},
    "x_v_bemo_three": {"mo": "bemo_three", "players": 3, "team_size": 1, "deck": "joker_joker_ace"},
    "x_v_one_joker_lead": {"deck": "one_joker", "big_joker_lead": True, "ace_of_spades_lead": True},
    "x_v_euchre_first_wins": {
        "deck": "euchre_jokers",
        "jokers_first_wins": True,
        "pass_every_hand": 2,
        "nil_pass": 1,
    },
    "x_v_deuces_ranked_three": {
        "players": 3,
        "team_size": 1,
        "deck": "deuces_high",
        "ranked_suits": True,
    },
    "x_v_hurricane_cycle": {
        "hurricane_pass": "left_right_hold",
        "deck": "joker_joker_ace",
        "big_joker_lead": True,
        "blind_nil": "anytime",
    },
    "x_v_big_joker_six": {
        "players": 6,
        "team_size": 3,
        "deck": "joker_joker_ace",
        "big_joker_lead": True,
        "ranked_suits": True,
        "lead_spades": "after_first_trick",
        "ace_of_spades_lead": True,
    },
    "x_v_hurricane_five": {"players": 5, "team_size": 1, "hurricane_pass": "left"},
    "x_v_kitty_high_bidder_five": {"players": 5, "team_size": 1, "kitty": "high_bidder"},
    "x_v_kitty_three_jokers": {
        "players": 3,
        "team_size": 1,
        "deck": "euchre_jokers",
        "kitty": "two_of_clubs",
        "blind_nil": "anytime",
    },
    "x_v_royal_jokers": {
        "players": 2,
        "team_size": 1,
        "royal": True,
        "deck": "joker_joker_ace",
        "big_joker_lead": True,
    },
    "x_v_dead_hand_ranked": {"players": 3, "team_size": 1, "dead_hand": True, "ranked_suits": True},
    "x_v_face_up_five": {"players": 5, "team_size": 1, "face_up_cards": 3, "claims": True},
    "x_v_face_up_blind": {"face_up_cards": 2, "blind_nil": "anytime", "kitty": "off"},
    # High/Low Spades with Aces High/Low (003:65, 000:143), and Joke Trumps (000:134).
    "x_v_high_low_aces": {"high_low": True, "aces_high_low": True, "claims": True},
    "x_v_aces_three_jokers": {
        "players": 3,
        "team_size": 1,
        "deck": "joker_joker_deuce_ace",
        "aces_high_low": True,
    },
    "x_v_joke_trumps_kitty": {
        "deck": "joker_joker_ace",
        "joke_trumps": True,
        "kitty": "high_bidder",
    },
    # 000:99: a kitty of a full round more, its discard the taker's trick.
    "x_v_kitty_trick": {"kitty": "two_of_clubs", "kitty_trick": True, "claims": True},
    "x_v_kitty_trick_five": {
        "players": 5,
        "team_size": 1,
        "kitty": "high_bidder",
        "kitty_trick": True,
    },
    # 000:193: six players from one deck, 48 cards (8 each) or 52 and two Jokers (9 each).
    "x_v_six_single": {"players": 6, "team_size": 2, "six_deck": "single"},
    "x_v_six_single_jokers": {
        "players": 6,
        "team_size": 3,
        "six_deck": "single",
        "deck": "joker_joker_ace",
        "claims": True,
    },
    "x_v_two_decks_first_earlier": {
        "players": 3,
        "team_size": 1,
        "two_decks": True,
        "two_player_deal": "first_or_second_unseen",
        "identical_cards": "earlier_wins",
        "claims": True,
    },
    "x_v_berkley_two_drawn": {
        "players": 2,
        "team_size": 1,
        "bid_values": "berkley_two",
        "min_bid": 4,
        "claims": True,
    },
    # 003:98-152 dummies under the default bid table, and Berkley's two-player deal with
    # its two other hands dead (the berkley_two preset before the dummies were played).
    "x_v_dummies_ten_a_trick": {
        "players": 4,
        "team_size": 2,
        "dummy_hands": True,
        "blind_nil": "anytime",
        "blind_bids": "losing_by_100",
        "raise_bids": "by_one",
    },
    "x_v_berkley_two_dead_hands": {
        "players": 2,
        "team_size": 1,
        "deck": "joker_joker_deuce_ace",
        "dead_hand": True,
        "bid_values": "berkley_two",
        "min_bid": 4,
        "blind_nil": "anytime",
        "blind_bids": "losing_by_100",
        "mo": "bemo",
        "raise_bids": "any",
        "perfect_bids_bonus": "eighty",
        "tie_break": "fewest_overtricks",
    },
    "x_v_berkley_three_blind_passes": {
        "players": 3,
        "team_size": 1,
        "deck": "joker_joker_ace",
        "bid_values": "berkley_three",
        "nil_mode": "zero",
        "blind_bids": "losing_by_100",
        "raise_bids": "rounds",
    },
    # 000:147 Cancellation Spades' rules elsewhere: three players from two decks, and
    # two sides of three with claims and overtrumping.
    "x_v_cancel_three": {
        "players": 3,
        "team_size": 1,
        "two_decks": True,
        "identical_cards": "cancel",
        "claims": True,
    },
    "x_v_cancel_six_threes": {
        "players": 6,
        "team_size": 3,
        "identical_cards": "cancel",
        "failed_nil": "minus_10_each",
        "must_trump": "overtrump",
        "claims": True,
    },
    # 000:192 five players' three Jokers elsewhere: on top of Joker-Joker-Deuce-Deuce, the
    # first of the alike Jokers winning, with claims and overtrumping; and junk, with the
    # 2 of spades on top, trumping forced and Blind Nil.
    "x_v_three_jokers_first_wins": {
        "players": 5,
        "team_size": 1,
        "deck": "joker_joker_deuce_deuce",
        "three_jokers": "top",
        "jokers_first_wins": True,
        "must_trump": "overtrump",
        "claims": True,
    },
    "x_v_junk_jokers_must_trump": {
        "players": 5,
        "team_size": 1,
        "deck": "joker_joker_deuce_ace",
        "three_jokers": "junk",
        "must_trump": "when_void",
        "blind_nil": "anytime",
        "claims": True,
    },
    "x_two_first_jokers": {
        "players": 2,
        "team_size": 1,
        "two_player_deal": "first_or_second",
        "deck": "joker_joker_ace",
    },
}
# The tables of the seeds' variants (issue 25): the search bot plays a hand at each too.
VARIANT_TABLES = tuple(name for name in EXTRA_TABLES if name.startswith("x_v_"))
TABLES: dict[str, Rules] = {
    name: Rules.model_validate(overrides) for name, overrides in {**PRESETS, **EXTRA_TABLES}.items()
}


def check_score_items(game: Game) -> None:
    """Every hand's items add up to its total, and the totals to the running scores."""
    running = [0] * len(game.teams)
    for number, result in enumerate(game.results, start=1):
        assert result.hand_number == number
        for team in result.teams:
            items = (
                team.contract_points
                + team.overtrick_points
                + team.bag_penalty
                + team.nil_bonus
                + team.blind_bonus
                + team.special_points
                + team.renege_points
            )
            assert items == team.total, f"hand {number} team {team.team}: {team}"
            running[team.team] += team.total
            assert team.score == running[team.team], f"hand {number} team {team.team}"
    assert running == game.scores
    for t in range(len(game.teams)):
        assert sum(r.teams[t].total for r in game.results) == game.scores[t]
    if game.results:
        assert [team.bags_total for team in game.results[-1].teams] == game.bags
