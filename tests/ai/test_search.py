"""The search bot: sampled deals respect what the seat knows, playouts follow the engine."""

from __future__ import annotations

import copy
import dataclasses
import math
import random

import pytest

from bot.ai.claims import other_than_claims
from bot.ai.heuristic import CardTable, HeuristicPolicy, estimate_tricks
from bot.ai.knowledge import bid_weight, knowledge_of, sample_deal
from bot.ai.levels import policy_for
from bot.ai.playout import Playout, Position
from bot.ai.search import NIL_REFUSED_DANGER, SearchPolicy, _first_leader, hand_value
from bot.engine import (
    PRESETS,
    Bid,
    CallHighLow,
    Card,
    Game,
    Phase,
    PlayCard,
    RevealCards,
    Rules,
    SeatView,
)
from bot.engine.deck import COPY_SHIFT, deck_info
from tests.ai.helpers import physical, position_of
from tests.engine.helpers import TABLES, deal_with


def _random_play_position(preset: str, seed: int) -> Game:
    """A game advanced by random legal moves to a random point of a hand's play."""
    rng = random.Random(seed)
    game = Game.new(Rules.preset(preset), seed=seed)
    stop = rng.randrange(game.num_tricks * game.players // 2)
    played = 0
    while not game.is_over:
        if game.phase is Phase.PLAY:
            if played == stop:
                return game
            played += 1
        seat = game.to_act
        assert seat is not None
        # Not a claim: one the engine cannot judge within its budget is refused.
        game.apply(rng.choice(other_than_claims(game.legal_actions(seat))))
    raise AssertionError("the game ended before the chosen point")


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("seed", range(4))
def test_playout_agrees_with_the_engine(preset: str, seed: int) -> None:
    game = _random_play_position(preset, seed)
    playout = Playout(
        game.rules,
        [None if b is None else b.tricks for b in game.bids],
        [bool(b and b.blind) for b in game.bids],
    )
    pos = position_of(game)
    hand = game.hand_number
    while game.hand_number == hand and not game.is_over:
        seat = (pos.leader + len(pos.trick)) % game.players
        assert seat == game.to_act
        if not pos.trick and any(isinstance(a, CallHighLow) for a in game.legal_actions(seat)):
            # 003:65: the leader calls the trick first, as the playout's rule calls it.
            low = playout.call_low(pos, seat)
            game.apply(CallHighLow(seat, low))
            playout.call(pos, seat, low)
        mask, _ = playout.tricks.legal_mask(
            seat, pos.hands[seat], pos.trick, pos.trick_no, pos.broken, True
        )
        if game.rules.dummy_hands and seat % 2:
            # 003:152: the dummy's forced plays, turning its cards as the engine does.
            mask = playout.dummy_mask(pos, seat, mask)
        logical = {c % COPY_SHIFT for c in _bits(mask)}
        engine_legal = {a.card.index for a in game.legal_actions(seat) if isinstance(a, PlayCard)}
        if game.rules.allow_renege == "no":
            assert logical == engine_legal
        chosen = playout.choose(pos, seat, mask)
        game.apply(PlayCard(seat, Card.of(chosen % COPY_SHIFT)))
        card = chosen % COPY_SHIFT
        if game.rules.aces_high_low and card < 52 and card % 13 == 12:
            # 000:143: an Ace just played is called as the playout's rule calls it.
            trial = copy.deepcopy(pos)
            trial.trick.append((seat, card))
            game.apply(CallHighLow(seat, playout.ace_low(trial, seat)))
        playout.play(pos, seat, chosen)
        if game.hand_number == hand and not game.is_over:
            assert pos.taken == game.tricks_taken
    assert pos.taken == [outcome.tricks for outcome in game.results[-1].seats]


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


@pytest.mark.parametrize("preset", ["classic", "two_player", "six_pairs", "jokers", "cutthroat3"])
def test_sampled_deals_match_counts_voids_and_hide_nothing_known(preset: str) -> None:
    for seed in range(6):
        game = _random_play_position(preset, seed + 10)
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        knowledge = knowledge_of(view)
        deck = deck_info(game.rules.deck, game.rules.players, game.rules.deal_shape)
        mine = {c.index for c in view.hand or ()}
        played = {c.index for cards in view.played for c in cards}
        for sample in range(20):
            deal = sample_deal(knowledge, random.Random(sample))
            assert deal[seat] == []
            for other in range(game.players):
                if other == seat:
                    continue
                assert len(deal[other]) == view.cards_left[other]
                for card in deal[other]:
                    assert deck.suit_of[card] not in knowledge.voids[other]
                    if not deck.double:
                        assert card not in mine and card not in played


def test_voids_are_read_from_the_tricks() -> None:
    for seed in range(40):
        game = _random_play_position("classic", seed)
        view = game.view(0)
        knowledge = knowledge_of(view)
        for seat, voids in enumerate(knowledge.voids):
            for suit in voids:
                assert not any(
                    deck_info("ace_high", 4).suit_of[c.index] == suit for c in game.hands[seat]
                ), "a void the seat does not really have"


def _contains_game(value: object, depth: int = 0) -> bool:
    if isinstance(value, Game):
        return True
    if depth > 6:
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(
            _contains_game(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)
        )
    if isinstance(value, (tuple, list)):
        return any(_contains_game(v, depth + 1) for v in value)
    return False


def test_a_view_holds_no_route_to_the_game() -> None:
    game = _random_play_position("classic", 3)
    view: SeatView = game.view(game.to_act or 0)
    assert not _contains_game(view)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_search_plays_legal_cards_and_is_deterministic_for_a_seed(preset: str) -> None:
    policy = SearchPolicy(deals=6, time_budget=None)
    for seed in range(3):
        game = _random_play_position(preset, seed + 20)
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        first = policy.decide(view, random.Random(seed))
        assert first in view.legal_actions
        assert policy.decide(view, random.Random(seed)) == first


def test_a_tiny_budget_falls_back_to_the_heuristic() -> None:
    game = _random_play_position("classic", 5)
    view = game.view(game.to_act or 0)
    quick = SearchPolicy(time_budget=0.0).decide(view, random.Random(1))
    assert quick == SearchPolicy().fallback.decide(view, random.Random(1))


def test_deals_that_fit_the_bids_weigh_more() -> None:
    checked = 0
    heuristic = HeuristicPolicy()
    for seed in range(60):
        game = Game.new(Rules.preset("classic"), seed=seed)
        while game.phase is Phase.BID:
            seat = game.to_act
            assert seat is not None
            game.apply(heuristic.decide(game.view(seat), random.Random(seed)))
        bids = [b.tricks for b in game.bids if b is not None]
        if 0 in bids[1:] or abs(bids[1] - bids[2]) < 2:
            continue
        view = game.view(0)
        true = [[], *([c.index for c in hand] for hand in game.hands[1:])]
        swapped = [true[0], true[2], true[1], true[3]]
        assert bid_weight(view, true) > bid_weight(view, swapped)
        checked += 1
    assert checked >= 5


def _trick_worth(rules: Rules, bags: int) -> float:
    """How much one trick moved from side 1 to side 0, both past their bids of 6, is worth
    to side 0 when it holds ``bags`` (side 1 has none)."""
    bids: list[int | None] = [3, 3, 3, 3]
    blind = [False] * 4

    def value(mine: int) -> float:
        return hand_value(rules, [mine, 3, 3, 13 - mine - 6], 0, [0, 0], [bags, 0], bids, blind)

    return value(4) - value(3)


# Each side's bags are charged penalty * b**2 / (2 * limit**2): moving the trick scores a
# point for side 0 and costs side 1 one, adds side 0's (bags+1)th bag and takes side 1's
# only one away.
@pytest.mark.parametrize(
    ("options", "bags", "worth"),
    [({}, 0, 2 - 0.5 * 2), ({}, 8, 2 - 0.5 * 18), ({"bag_limit": 3}, 0, 2 - 100 / 18 * 2)],
    ids=["far-from-the-limit", "two-from-the-limit", "low-limit"],
)
def test_a_bag_costs_more_the_closer_its_side_is_to_the_limit(
    options: dict[str, object], bags: int, worth: float
) -> None:
    assert _trick_worth(Rules.model_validate(options), bags) == pytest.approx(worth)


def test_bag_charges_and_the_penalty_add_up_to_one_penalty_per_limit() -> None:
    rules = Rules.preset("classic")
    bids: list[int | None] = [2, 4, 1, 4]  # side 0 bids 3, side 1 bids 8
    blind = [False] * 4
    hands = [([12, 0, 0, 1], [0, 0]), ([5, 0, 0, 8], [9, 0])]  # 9 bags, then 2 more
    shaped = sum(hand_value(rules, t, 0, [0, 0], b, bids, blind) for t, b in hands)
    plain = sum(hand_value(rules, t, 0, [0, 0], b, bids, blind, bag_cost=0.0) for t, b in hands)
    # Side 0's 11 bags cost the real penalty of 100 once (in ``plain``) and, beyond it,
    # only the charge on the one bag left over: 100 * 1**2 / (2 * 10**2).
    assert shaped == pytest.approx(plain - 0.5)


@pytest.mark.parametrize(("bags", "takes"), [(0, True), (8, False)])
def test_the_playout_fights_to_set_a_side_unless_near_its_bag_limit(bags: int, takes: bool) -> None:
    """Seat 1's side has made its 3; seats 0 and 2 still need 2 of the last 2 tricks.
    Seat 1, second to the 10♥ led, holds the K♥ and the 2♥: as normal
    does, it takes the trick to set them, unless its side is near the bag limit."""
    rules = Rules.preset("classic")
    playout = Playout(rules, [4, 2, 4, 1], [False] * 4, [0, bags])
    card = {code: Card.parse(code).index for code in ("10H", "KH", "2H", "3D", "4D", "5D")}
    hands = [
        physical([card["3D"]]),
        physical([card["KH"], card["2H"]]),
        physical([card["4D"], card["5D"]]),
        0,
    ]
    hands[3] = physical([Card.parse("6C").index, Card.parse("7C").index])
    pos = Position(hands, [(0, card["10H"])], 0, 11, False, [3, 3, 3, 2], 0)
    mask, _ = playout.tricks.legal_mask(1, pos.hands[1], pos.trick, pos.trick_no, False, True)
    chosen = playout.choose(pos, 1, mask)
    assert chosen % COPY_SHIFT == (card["KH"] if takes else card["2H"])


@pytest.mark.parametrize(("preset", "spread"), [("classic", 0.8), ("six_pairs", 1.5)])
def test_bids_are_read_sharply_at_four_players_and_loosely_at_six(
    preset: str, spread: float
) -> None:
    """A hand worth d tricks off its bid counts exp(-d^2 / (2 spread^2)): 0.8 tricks up to
    four players, 1.5 at five and six (a sharper reading cost six_pairs its Nils)."""
    heuristic = HeuristicPolicy()
    rules = Rules.preset(preset)
    table = CardTable(deck_info(rules.deck, rules.players, rules.deal_shape))
    game = Game.new(rules, seed=3)
    while game.phase is Phase.BID:
        seat = game.to_act
        assert seat is not None
        game.apply(heuristic.decide(game.view(seat), random.Random(3)))
    view = game.view(0)
    deal = [[], *([c.index for c in hand] for hand in game.hands[1:])]
    log = 0.0
    for seat, bid in enumerate(view.bids):
        if seat == 0 or bid is None or bid.blind or bid.tricks == 0:
            continue
        partners = len(next(t for t in view.teams if seat in t)) - 1
        miss = estimate_tricks(game.hands[seat], table, partners) - bid.tricks
        log -= miss * miss / (2 * spread * spread)
    assert -30.0 * (0.8 / spread) ** 2 < log < 0  # not at the floor either way
    assert bid_weight(view, deal) == pytest.approx(math.exp(max(log, -30.0)))


@pytest.mark.parametrize(
    ("made", "nil_value", "nil_taken"),
    [
        (0.70, 41.0, True),  # made on 70% of the deals and worth more: bid it
        (0.69, 90.0, False),  # worth far more, but made too rarely
        (1.00, 40.0, False),  # always made, but only as good as bidding 3
        (1.00, 39.0, False),
    ],
)
def test_hard_bids_nil_when_made_on_seventy_percent_and_worth_more(
    made: float, nil_value: float, nil_taken: bool
) -> None:
    """The Nil rule: taken when it beats every other bid by value (by any amount) and
    the playouts made it on at least 70% of the sampled deals (a share taken as exact)."""
    view = _low_hand_view()
    values = {Bid(1, 0): nil_value, Bid(1, 2): 30.0, Bid(1, 3): 40.0, Bid(1, 4): 12.0}
    chosen = SearchPolicy().choose_bid(values, made, view)
    assert chosen == (Bid(1, 0) if nil_taken else Bid(1, 3))


def _low_hand_view(hand: str = "2S 3S  2H 3H 4H 5H  2D 3D 4D 5D  2C 3C 4C") -> SeatView:
    """Seat 1 to bid first, by default holding no card that tends to take a trick."""
    rules = Rules.preset("classic")
    deal = deal_with(rules, {1: hand})
    return Game.new(rules, seed=1, dealer=0, deals=[deal]).view(1)


def test_hard1_keeps_the_nil_rule_it_had() -> None:
    """The arena's ``hard1`` is the search before this rule: a share at the bar is
    enough, however few the deals, and a fourth spade does not stop it."""
    view = _low_hand_view("2S 3S 4S 5S  2H 3H 4H  2D 3D 4D  2C 3C 4C")
    values = {Bid(1, 0): 90.0, Bid(1, 2): 30.0, Bid(1, 3): 40.0}
    hard1, hard = policy_for("hard1"), policy_for("hard")
    assert isinstance(hard1, SearchPolicy) and isinstance(hard, SearchPolicy)
    assert hard1.choose_bid(values, 0.72, view, 100) == Bid(1, 0)
    assert hard.choose_bid(values, 0.95, view, 2000) == Bid(1, 3)


def test_two_partners_cover_a_nils_dangerous_cards() -> None:
    """A fourth spade and a bare king stop hard's Nil at a table of pairs, not at one of
    threes (six_threes), where two partners cover them between them."""
    hand = "2S 3S 4S 5S 6S  KH 2H 3H  2D 3D 4D 5D  3C 4C 5C 6C 7C"
    views = []
    for preset in ("six_pairs", "six_threes"):
        rules = Rules.preset(preset)
        deal = deal_with(rules, {1: hand})
        views.append(Game.new(rules, seed=1, dealer=0, deals=[deal]).view(1))
    pairs, threes = views
    assert len(pairs.partners) == 1 and len(threes.partners) == 2
    values = {Bid(1, 0): 90.0, Bid(1, 2): 30.0, Bid(1, 3): 40.0}
    hard = SearchPolicy()
    assert hard.choose_bid(values, 0.95, pairs, 2000) == Bid(1, 3)
    assert hard.nil_refused == NIL_REFUSED_DANGER
    assert hard.choose_bid(values, 0.95, threes, 2000) == Bid(1, 0)
    # The share must still clear the bar.
    assert hard.choose_bid(values, 0.66, threes, 2000) == Bid(1, 3)


@pytest.mark.parametrize(
    ("made", "deals", "nil_taken"),
    [
        (0.72, 100, False),  # 0.72 less a standard error (0.045) is under 0.70
        (0.72, 2000, True),  # the same share over 2,000 deals is sure enough
        (0.80, 100, True),  # 0.80 less 0.04 clears it
    ],
)
def test_hard_wants_the_nil_share_clear_of_the_bar_by_a_standard_error(
    made: float, deals: float, nil_taken: bool
) -> None:
    """A Nil share measured on few deals (a starved search) must clear the 70% bar by a
    standard error: the Nils that cleared it by luck were the ones lost."""
    values = {Bid(1, 0): 90.0, Bid(1, 2): 30.0, Bid(1, 3): 40.0}
    chosen = SearchPolicy().choose_bid(values, made, _low_hand_view(), deals)
    assert chosen == (Bid(1, 0) if nil_taken else Bid(1, 3))


@pytest.mark.parametrize(
    "options",
    [
        {"spades_last": True, "must_trump": "when_void"},
        {"no_spades_first_trick": True, "must_trump": "when_void"},
        {"spades_last": True},
    ],
)
def test_voids_read_when_trumps_are_barred_are_true(options: dict[str, object]) -> None:
    """Under Screamers (003:46, spades_last) or on the first trick under
    no_spades_first_trick, a seat void in the led suit that holds a spade must discard:
    the discard shows no void in spades. Under Screamers a spade played on another suit,
    or led, shows a hand of nothing but spades."""
    rules = Rules.model_validate(options)
    deck = deck_info("ace_high", 4)
    inferred = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(rules, seed=seed)
        stop = rng.randrange(game.num_tricks * game.players)
        played = 0
        while played <= stop and not game.is_over:
            actions = game.legal_actions()
            action = actions[rng.randrange(len(actions))]
            played += isinstance(action, PlayCard)
            game.apply(action)
        if game.phase is not Phase.PLAY:
            continue
        knowledge = knowledge_of(game.view(0))
        for seat, voids in enumerate(knowledge.voids):
            inferred += len(voids)
            for suit in voids:
                assert not any(deck.suit_of[c.index] == suit for c in game.hands[seat]), (
                    f"seed {seed}: seat {seat} is not void in suit {suit}"
                )
    assert inferred


@pytest.mark.parametrize(("leads", "leader"), [(True, 2), (False, 1)])
def test_bid_playouts_start_from_the_seat_that_leads(leads: bool, leader: int) -> None:
    """Deuce Starts (000:97): the 2♣'s holder leads the first trick, so hard's bid
    playouts start there, not at the dealer's left."""
    rules = Rules(low_club_leads=leads)
    deck = deck_info(rules.deck, rules.players, rules.deal_shape)
    hands = [
        [Card.parse(c).index for c in codes.split()] for codes in ("AS 3C", "KD", "2C 9H", "5C")
    ]
    assert _first_leader(rules, deck, hands, dealer=0) == leader


@pytest.mark.parametrize("preset", ["miser", "auction"])
def test_bids_that_are_no_trick_estimate_weigh_no_deal(preset: str) -> None:
    """003:87 a Miser bid is the tricks a hand cannot shed, 000:112 an auction's bid a
    side's contract of 6 + N or a pass: neither is read as the hand's trick estimate."""
    game = Game.new(Rules.preset(preset), seed=3, dealer=0)
    for seat in (1, 2, 3):
        game.apply(Bid(seat, 0 if preset == "auction" and seat != 2 else 3))
    view = game.view(0)
    true = [[], *([c.index for c in hand] for hand in game.hands[1:])]
    swapped = [true[0], true[2], true[1], true[3]]
    assert bid_weight(view, true) == bid_weight(view, swapped) == 1.0


def test_a_weak_hand_under_board_weighs_the_least_bid_beside_its_nil() -> None:
    """003:130: Berkley's two players bid 4 (Board) or more, or Nil. A hand worth a trick
    or two has no bid near its worth: hard plays out the least bid too, and bids it rather
    than a Nil that the one opponent, playing every trick against it, nearly always breaks."""
    search = SearchPolicy()
    for seed in (0, 1, 4, 6):
        game = Game.new(TABLES["x_v_berkley_two_dead_hands"], seed=seed, dealer=0)
        game.apply(RevealCards(1))
        view = game.view(1)
        bids = [a for a in view.legal_actions if isinstance(a, Bid) and not a.blind]
        values, nil_success = search.evaluate_bids(view, bids, random.Random(seed))
        assert Bid(1, 4) in values and nil_success < 0.1
        assert search.choose_bid(values, nil_success, view) == Bid(1, 4)
