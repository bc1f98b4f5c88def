"""The held-card model and the deals dealt to fit it (bot/ai/holdings.py), and its training
(devtools/train_holdings.py)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.holdings import (
    CARDS,
    HoldingsModel,
    active_features,
    fits,
    sample_fitted_deal,
    shipped_model,
)
from bot.ai.knowledge import Knowledge, knowledge_of
from bot.ai.levels import LEVELS, POLICY_NAMES, policy_for
from bot.ai.search import SearchPolicy
from bot.cli import run_devtool
from bot.engine import Bid, Game, Phase, Rules
from bot.engine.deck import TRUMP, deck_info
from devtools.train_holdings import collect, fit, save, train

CLASSIC = Rules.preset("classic")
DECK = deck_info("ace_high", 4)
ACE_OF_SPADES = max(
    (c for c in range(CARDS) if DECK.suit_of[c] == TRUMP), key=DECK.power.__getitem__
)


def test_the_shipped_model_loads_and_gives_probabilities() -> None:
    model = shipped_model()
    bids = (Bid(0, 4), Bid(1, 0), None, Bid(3, 6))
    for seat in range(4):
        probs = model.probabilities(bids, 3, seat)
        assert len(probs) == CARDS
        assert all(0.0 < p < 1.0 for p in probs)
        # A seat holds 13 cards: the probabilities add up to about that.
        assert 11.0 < sum(probs) < 15.0
    nil, six = model.probabilities(bids, 3, 1), model.probabilities(bids, 3, 3)
    assert nil[ACE_OF_SPADES] < 0.05 < 0.4 < six[ACE_OF_SPADES]


def test_a_tiny_training_run_is_deterministic_and_reads_back(tmp_path: Path) -> None:
    first, second = train("normal", 40, 5), train("normal", 40, 5)
    assert np.array_equal(first, second)
    assert not np.array_equal(first, train("normal", 40, 6))
    save(first, tmp_path / "a.npz")
    save(second, tmp_path / "b.npz")
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()
    # The standard-library reader gives what numpy computes.
    model = HoldingsModel.load(tmp_path / "a.npz")
    bids = (Bid(0, 3), None, Bid(2, 0), Bid(3, 5))
    for seat in range(4):
        row = active_features(bids, 1, seat)
        expected = 1.0 / (1.0 + np.exp(-first[:, list(row)].sum(axis=1)))
        assert np.allclose(model.probabilities(bids, 1, seat), expected)


def test_the_shipped_file_is_what_its_seed_trains_to_the_first_weights() -> None:
    """A spot check, cheaper than the full training: a fit on the same kind of data puts the
    same sign on the strongest facts (a Nil bidder rarely holds the ace of spades)."""
    weights = fit(collect("normal", 200, 1))
    nil_column = 1 + 2  # the own-bid one-hot for Nil (see holdings.active_features)
    assert weights[ACE_OF_SPADES, nil_column] < 0
    assert shipped_model().columns[nil_column][ACE_OF_SPADES] < 0


def _positions(seed: int, plays: int) -> Game:
    game = Game.new(CLASSIC, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    policy = policy_for("normal")
    played = 0
    while game.phase is not Phase.PLAY or played < plays:
        if game.phase is Phase.PLAY:
            played += 1
        view = game.view(game.to_act or 0)
        game.apply(policy.decide(view, rng))
        if game.phase not in (Phase.BID, Phase.PLAY):
            break
    return game


def _check(knowledge: Knowledge, hands: list[list[int]], unseen: tuple[int, ...]) -> None:
    for seat, hand in enumerate(hands):
        if seat == knowledge.seat:
            assert hand == []
            continue
        assert len(hand) == knowledge.needs[seat] + len(knowledge.known[seat])
        assert set(knowledge.known[seat]) <= set(hand)
        dealt = [c for c in hand if c not in knowledge.known[seat]]
        assert all(DECK.suit_of[c] not in knowledge.voids[seat] for c in dealt)
    placed = sorted(c for seat, hand in enumerate(hands) for c in hand)
    assert placed == sorted(list(unseen) + [c for k in knowledge.known for c in k])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), plays=st.integers(0, 48), draw=st.integers(0, 2**32))
def test_a_fitted_deal_of_a_real_position_keeps_every_constraint(
    seed: int, plays: int, draw: int
) -> None:
    game = _positions(seed, plays)
    if game.phase is not Phase.PLAY:
        return
    view = game.view(game.to_act or 0)
    knowledge = knowledge_of(view)
    hands = sample_fitted_deal(knowledge, shipped_model().odds(view), random.Random(draw))
    _check(knowledge, hands, knowledge.unseen)
    # What the seats really hold is unseen to the view, but fits the same constraints.
    for seat, hand in enumerate(hands):
        if seat != view.seat:
            real = game.view(seat).hand or ()
            assert len(real) == len(hand)


@st.composite
def _tight(draw: st.DrawFn) -> tuple[Knowledge, list[list[float]], int]:
    """A position with many voids: three hands from a real partition of the unseen cards,
    each void in suits it holds none of (so a fitting deal exists), odds anywhere."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    sizes = [draw(st.integers(0, 13)) for _ in range(3)]
    cards = list(range(CARDS))
    # Deal suits in blocks so hands miss whole suits.
    cards.sort(key=lambda c: (DECK.suit_of[c], rng.random()))
    offset = draw(st.integers(0, CARDS))
    cards = cards[offset:] + cards[:offset]
    hands = [cards[sum(sizes[:i]) : sum(sizes[: i + 1])] for i in range(3)]
    unseen = tuple(sorted(c for h in hands for c in h))
    voids = []
    for hand in hands:
        held = {DECK.suit_of[c] for c in hand}
        voids.append(frozenset(s for s in range(4) if s not in held and rng.random() < 0.8))
    knowledge = Knowledge(
        seat=3,
        deck=DECK,
        unseen=unseen,
        needs=(*sizes, 0),
        known=((), (), (), ()),
        voids=(*voids, frozenset()),
        nil=(False,) * 4,
    )
    odds = [[rng.choice([1e-3, 0.2, 1.0, 5.0]) for _ in range(CARDS)] for _ in range(3)] + [[]]
    return knowledge, odds, draw(st.integers(0, 2**32))


@settings(max_examples=200, deadline=None)
@given(case=_tight())
def test_a_fitted_deal_keeps_voids_even_where_most_deals_would_strand(
    case: tuple[Knowledge, list[list[float]], int],
) -> None:
    knowledge, odds, seed = case
    hands = sample_fitted_deal(knowledge, odds, random.Random(seed))
    _check(knowledge, hands, knowledge.unseen)


def test_a_fitted_deal_is_the_same_from_the_same_seed() -> None:
    game = _positions(3, 10)
    view = game.view(game.to_act or 0)
    knowledge, odds = knowledge_of(view), shipped_model().odds(view)
    first = sample_fitted_deal(knowledge, odds, random.Random(1))
    assert first == sample_fitted_deal(knowledge, odds, random.Random(1))
    assert first != sample_fitted_deal(knowledge, odds, random.Random(2))


def test_deals_give_a_nil_bidder_the_high_spades_the_model_says_it_lacks() -> None:
    """Dealt uniformly, a Nil bidder holds the ace of spades a third of the times the asking
    seat lacks it; dealt to fit, almost never."""
    game = Game.new(CLASSIC, seed=3, dealer=3)
    bids = (None, Bid(1, 0), Bid(2, 4), Bid(3, 3))
    view = replace(game.view(0), bids=bids)
    knowledge = knowledge_of(view)
    assert ACE_OF_SPADES in knowledge.unseen
    odds = shipped_model().odds(view)
    rng = random.Random(4)
    held = {seat: 0 for seat in (1, 2, 3)}
    spades = {seat: 0 for seat in (1, 2, 3)}
    for _ in range(600):
        hands = sample_fitted_deal(knowledge, odds, rng)
        for seat in held:
            held[seat] += ACE_OF_SPADES in hands[seat]
            spades[seat] += sum(DECK.suit_of[c] == TRUMP for c in hands[seat])
    assert held[1] < 20 < 150 < held[2]
    # The Nil bidder is dealt fewer spades than the bidder of 4.
    assert spades[1] < 0.8 * spades[2]


def test_hard_deals_by_the_model_where_it_fits_and_hard1_keeps_the_old_deals() -> None:
    assert fits(CLASSIC)
    assert not fits(Rules.preset("jokers"))
    assert not fits(Rules.preset("six_pairs"))
    # 000:112: an auction's bids are contracts and passes, not what the model learned.
    assert not fits(Rules.preset("auction"))
    assert "hard1" in POLICY_NAMES and "hard1" not in LEVELS
    hard, old = policy_for("hard"), policy_for("hard1")
    assert isinstance(hard, SearchPolicy) and hard.holdings
    assert isinstance(old, SearchPolicy) and not old.holdings
    game = _positions(2, 5)
    view = game.view(game.to_act or 0)
    knowledge = knowledge_of(view)
    _, weight = hard.sampler(view, knowledge)(random.Random(1))
    assert weight == 1.0
    action = hard.decide(view, random.Random(1))
    assert action in view.legal_actions


def test_python_m_bot_train_writes_the_model_and_measures_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "holdings.npz"
    argv = ["train", "--deals", "30", "--seed", "3", "--out", str(out), "--check-deals", "10"]
    assert run_devtool([*argv, "--check-level-deals", "0"]) == 0
    printed = capsys.readouterr().out
    assert f"trained on 30 deals bid by normal (seed 3): {out}" in printed
    assert "held out, 10 deals bid by normal" in printed
    assert HoldingsModel.load(out).probabilities((None,) * 4, 0, 1)
    assert out.read_bytes() == _saved(train("normal", 30, 3), tmp_path / "again.npz")


def _saved(weights: npt.NDArray[np.float64], path: Path) -> bytes:
    save(weights, path)
    return path.read_bytes()
