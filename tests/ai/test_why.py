""" "Why?" at the policies and the renderer: a bot's reason names the move it made, and its
public answer tells a member nothing of the cards they cannot see.

Every game is a real engine game; ``hard`` searches a fixed number of deals from a fixed
seed (no clock), so each decision here is deterministic.
"""

from __future__ import annotations

import random

import pytest

from bot.ai.heuristic import HeuristicPolicy, Rule
from bot.ai.levels import NoisyPolicy, decide_why
from bot.ai.policy import Policy
from bot.ai.reasons import RANDOM, SEARCH, Reason, Tally
from bot.ai.search import SearchPolicy
from bot.engine import Action, Bid, Card, CardPlayed, Game, PlayCard, Rules, Suit
from bot.engine.audit import hand_records
from bot.render.why import bid_words, hand_why, why_text
from tests.ai.test_heuristic import game_at
from tests.engine.helpers import deal_with, hand_codes

CLASSIC = Rules.preset("classic")
NAMES = ["North", "East", "South", "West"]
ASKER, BOT = 0, 1


def level(name: str) -> Policy:
    if name == "easy":
        return NoisyPolicy(HeuristicPolicy(), 0.25)
    if name == "hard":
        return SearchPolicy(deals=12, bid_deals=12, time_budget=None)
    return HeuristicPolicy()


def swapped(hands: list[list[Card]], a: int, b: int) -> list[list[Card]] | None:
    """The deal with seat ``a``'s and seat ``b``'s lowest cards of one plain suit traded
    (both six or lower, so neither hand changes much), or ``None`` when they share none."""
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        low_a = [c for c in hands[a] if c.suit == suit and c.rank <= 6]
        low_b = [c for c in hands[b] if c.suit == suit and c.rank <= 6]
        if low_a and low_b:
            x, y = min(low_a, key=lambda c: c.rank), min(low_b, key=lambda c: c.rank)
            other = [list(h) for h in hands]
            other[a] = [y if c is x else c for c in hands[a]]
            other[b] = [x if c is y else c for c in hands[b]]
            return other
    return None


def told_alike(policy: Policy, seed: int, traded: tuple[int, int]) -> int:
    """Play two games in step whose deals differ only by a trade of cards between the
    seats ``traded`` (both hidden from the asker), while the asker's views of them are the
    same; each time the bot makes the same move in both, its public answers must be the
    same. Returns how many answers were compared."""
    hands = Game.new(CLASSIC, seed=seed).hands
    other = swapped(hands, *traded)
    if other is None:
        return 0
    one = Game.new(CLASSIC, seed=seed, deals=[hands])
    two = Game.new(CLASSIC, seed=seed, deals=[other])
    assert one.hands != two.hands
    compared = 0
    others = HeuristicPolicy()
    while one.hand_number == 1 and not one.is_over:
        if one.view(ASKER) != two.view(ASKER):
            break
        seat = one.to_act
        assert seat is not None and seat == two.to_act
        if seat != BOT:
            action = others.decide(one.view(seat), random.Random(seat))
            if action not in two.view(seat).legal_actions:
                break
            one.apply(action)
            two.apply(action)
            continue
        first, why_one = decide_why(policy, one.view(seat), random.Random(seed))
        second, why_two = decide_why(policy, two.view(seat), random.Random(seed))
        if first != second:
            break
        assert why_text(why_one, CLASSIC, NAMES, public=True) == why_text(
            why_two, CLASSIC, NAMES, public=True
        )
        compared += 1
        one.apply(first)
        two.apply(second)
    return compared


@pytest.mark.parametrize(
    ("name", "traded"),
    [("easy", (BOT, 3)), ("normal", (BOT, 3)), ("hard", (2, 3))],
)
def test_a_public_answer_is_the_same_for_deals_the_asker_cannot_tell_apart(
    name: str, traded: tuple[int, int]
) -> None:
    # easy and normal: the bot's own hand differs between the two deals; hard: the two
    # hands that neither the asker nor the bot can see (hard's figures are what its own
    # cards are worth in the deals it imagines, so they differ with its cards, as the
    # README says).
    policy = level(name)
    compared = sum(told_alike(policy, seed, traded) for seed in range(1, 13))
    assert compared >= 12


def unseen_by(game: Game, asker: int, played: Action) -> list[Card]:
    """The cards ``asker`` cannot see once ``played`` is on the table."""
    view = game.view(asker)
    seen = {c.index for c in view.hand or ()}
    seen |= {c.index for cards in view.played for c in cards}
    seen |= {c.index for _, c in view.trick}
    if isinstance(played, PlayCard):
        seen.add(played.card.index)
    return [Card.of(i) for i in range(52) if i not in seen]


@pytest.mark.parametrize("name", ["easy", "normal", "hard"])
def test_a_public_answer_names_no_card_the_asker_cannot_see(name: str) -> None:
    """Through a whole hand, each of seats 1 and 3's moves, asked about by every other
    seat: no card that seat cannot see appears in the answer; the full answer, for after
    the hand, does name the alternatives a search weighed."""
    policy = level(name)
    game = Game.new(CLASSIC, seed=11)
    others = HeuristicPolicy()
    rng = random.Random(4)
    named_later = False
    while game.hand_number == 1 and not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat % 2 == 0:
            game.apply(others.decide(game.view(seat), rng))
            continue
        action, reason = decide_why(policy, game.view(seat), rng)
        public = why_text(reason, CLASSIC, NAMES, public=True)
        for asker in range(4):
            if asker != seat:
                assert not [c for c in unseen_by(game, asker, action) if str(c) in public]
        full = why_text(reason, CLASSIC, NAMES, public=False)
        weighed = [w.action for w in reason.weighed[1:] if isinstance(w.action, PlayCard)]
        if weighed:
            assert all(str(a.card) in full for a in weighed)
            named_later = True
        game.apply(action)
    assert named_later == (name == "hard")


def first_play(game: Game, seat: int) -> Game:
    """``game`` driven by ``normal`` bots to the first time ``seat`` plays a card."""
    others = HeuristicPolicy()
    while not (
        game.to_act == seat and any(isinstance(a, PlayCard) for a in game.view(seat).legal_actions)
    ):
        to_act = game.to_act
        assert to_act is not None
        game.apply(others.decide(game.view(to_act), random.Random(0)))
    return game


def named(reason: Reason, action: Action, text: str) -> bool:
    if isinstance(action, Bid):
        return f"bid {bid_words(action, CLASSIC)}." in text
    assert isinstance(action, PlayCard)
    return f"played the {action.card}." in text


@pytest.mark.parametrize("name", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seed", [2, 3, 5])
def test_the_answer_names_the_move_actually_made(name: str, seed: int) -> None:
    policy = level(name)
    bidding = Game.new(CLASSIC, seed=seed)
    playing = first_play(Game.new(CLASSIC, seed=seed), BOT)
    for game in (bidding, playing):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        action, reason = decide_why(policy, view, random.Random(seed))
        assert action in view.legal_actions
        assert reason.action == action and reason.seat == seat and reason.level == name
        for public in (True, False):
            assert named(reason, action, why_text(reason, CLASSIC, NAMES, public=public))
        if reason.rule == SEARCH:
            chosen = reason.weighed[0]
            assert chosen.action == action and reason.deals == 12
            assert chosen.made is not None and 0 <= chosen.made <= 1
            assert "Its choice" in why_text(reason, CLASSIC, NAMES, public=True)
        elif name == "easy" and reason.rule == RANDOM:
            assert "at random" in why_text(reason, CLASSIC, NAMES, public=True)
        else:
            assert reason.rule != RANDOM


def test_hard_says_how_often_its_bid_made_the_contract_in_the_deals_it_imagined() -> None:
    game = Game.new(CLASSIC, seed=7)
    view = game.view(game.to_act or 0)
    action, reason = decide_why(level("hard"), view, random.Random(1))
    assert reason.rule == SEARCH and len(reason.weighed) >= 2
    text = why_text(reason, CLASSIC, NAMES, public=True)
    assert isinstance(action, Bid)
    assert f"Its choice, a bid of {bid_words(action, CLASSIC)}: its side made its bid in" in text
    # The other bids weighed are named too: a bid is public once made, and names no card.
    others = [w.action for w in reason.weighed[1:]]
    assert all(isinstance(b, Bid) and f"A bid of {bid_words(b, CLASSIC)}:" in text for b in others)


def test_normal_names_its_rule_and_its_count_of_tricks_not_its_cards() -> None:
    game = Game.new(CLASSIC, seed=2)
    view = game.view(game.to_act or 0)
    _, reason = decide_why(HeuristicPolicy(), view, random.Random(0))
    assert reason.rule in (Rule.ESTIMATE, Rule.NIL_SAFE, Rule.NIL_PASS)
    text = why_text(reason, CLASSIC, NAMES, public=True)
    if reason.rule == Rule.ESTIMATE:
        assert f"about {int(reason.figure('target'))} trick" in text
    assert not [c for c in (view.hand or ()) if str(c) in text]


def test_every_rule_of_normal_has_its_own_words() -> None:
    rules = [v for k, v in vars(Rule).items() if k.isupper()]
    seen: set[str] = set()
    for rule in rules:
        reason = Reason("normal", 1, 1, Bid(1, 3), rule, figures=(("target", 3.0),))
        text = why_text(reason, CLASSIC, NAMES, public=True).splitlines()[1]
        assert text != "It followed its rules of thumb."
        seen.add(text)
    # ``estimate`` and ``cover_nil`` share a sentence, with a clause for the partner's Nil.
    assert len(seen) == len(rules)


def test_a_side_makes_its_contract_when_its_nil_takes_none_and_the_rest_their_bids() -> None:
    view = Game.new(CLASSIC, seed=1).view(0)  # seats 0 and 2 against 1 and 3
    nil, two = Bid(0, 0), Bid(0, 2)
    tally = Tally(view)
    # Two imagined deals, of weights 1 and 3, each played out after either bid.
    tally.add(nil, [0, 3, 4, 4], [0, 2, 5, 6], 1.0)  # the Nil kept, 5 of 4: made; 8 of 7
    tally.add(two, [2, 3, 4, 4], [0, 2, 5, 6], 1.0)  # 5 of 6: set; 8 of 7
    tally.add(nil, [0, 3, 4, 4], [1, 2, 4, 6], 3.0)  # the Nil broken; 8 of 7
    tally.add(two, [2, 3, 4, 4], [3, 2, 4, 4], 3.0)  # 7 of 6: made; 6 of 7: set
    tally.total = 4.0
    chosen, other = tally.weighed({nil: 10.0, two: 20.0}, tally.total, nil)
    assert (chosen.action, chosen.made, chosen.set) == (nil, 0.25, 0.0)
    assert (other.action, other.made, other.set) == (two, 0.75, 0.75)


def test_a_finished_hand_is_told_trick_by_trick_naming_every_card() -> None:
    """``hand_why``: each bot move of a hand in full, the bidding then each trick; a move a
    bot made in a member's seat (away, or out of time) says so."""
    rules = Rules(play_to="hands", hands_to_play=1)
    game = Game.new(rules, seed=4, dealer=0)
    policy, rng = HeuristicPolicy(), random.Random(4)
    reasons: list[Reason] = []
    while not game.is_over:
        assert game.to_act is not None
        action, reason = decide_why(policy, game.view(game.to_act), rng)
        reasons.append(reason)
        game.apply(action)
    (record,) = hand_records(rules, seed=4, dealer=0, actions=game.history)
    told = hand_why(record, reasons, rules, NAMES, members={0})
    assert [heading for heading, _ in told] == ["The bidding"] + [
        f"Trick {n}" for n in range(1, 14)
    ]
    for heading, texts in told:
        plays = [
            e
            for e in record.events
            if isinstance(e, CardPlayed) and f"Trick {e.trick_number}" == heading
        ]
        if heading == "The bidding":
            assert len(texts) == 4 and all(" bid " in t for t in texts)
            continue
        assert [t.split("\n")[0] for t in texts] == [
            f"{NAMES[e.seat]} played the {e.card}." for e in plays
        ]
    member = [t for _, texts in told for t in texts if t.startswith("North ")]
    assert len(member) == 14 and all(t.endswith("A bot made this move for North.") for t in member)
    assert not [t for _, texts in told for t in texts if "for East" in t]


@pytest.mark.parametrize(
    ("preset", "said"),
    [("miser", ("kept its bid.",)), ("auction", (" passes.", " for "))],
)
def test_the_bidding_of_miser_and_auction_is_told_in_their_words(
    preset: str, said: tuple[str, ...]
) -> None:
    """003:89 Miser's second round keeps or lowers a bid; 000:112 an auction's pass and its
    bids of N for 6 + N tricks: the bidding of a finished hand says so."""
    rules = Rules.preset(preset)
    game = Game.new(rules, seed=2, dealer=0)
    policy, rng = HeuristicPolicy(), random.Random(2)
    reasons: list[Reason] = []
    while game.hand_number == 1:
        assert game.to_act is not None
        action, reason = decide_why(policy, game.view(game.to_act), rng)
        reasons.append(reason)
        game.apply(action)
    (record, *_) = hand_records(rules, seed=2, dealer=0, actions=game.history)
    told = dict(hand_why(record, reasons, rules, NAMES))
    bidding = "\n".join(told["The bidding"])
    assert all(words in bidding for words in said), bidding


def test_hard_says_why_it_did_not_bid_the_nil_that_scored_most() -> None:
    # Four low spades: the playouts make the Nil on most deals and score it above every
    # other bid, but hard does not bid Nil over a fourth spade, and says so.
    deal = [
        hand_codes(h) for h in deal_with(CLASSIC, {0: "5S 4S 3S 2S 2H 3H 4H 7H 2D 3D 4D 2C 3C"})
    ]
    game = game_at(CLASSIC, deal, [3, 3, 3])
    action, reason = decide_why(
        SearchPolicy(deals=200, time_budget=None), game.view(0), random.Random(0)
    )
    assert isinstance(action, Bid) and action.tricks > 0
    nil = next(w for w in reason.weighed if isinstance(w.action, Bid) and w.action.tricks == 0)
    assert nil.points > reason.weighed[0].points
    text = why_text(reason, CLASSIC, NAMES, public=True)
    assert f"Its choice, a bid of {action.tricks}:" in text
    assert "holds a card that tends to take a trick whatever it does, so it did not bid Nil" in text
    assert not [c for c in game.view(0).hand or () if str(c) in text]
