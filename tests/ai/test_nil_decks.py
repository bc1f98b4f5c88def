"""The trumps ``hard`` will not bid Nil over, in decks other than the plain one.

Joke Trumps (000:134): a Joker takes nothing itself, so a Nil holds it safely. ``hard``
counted it as a high trump and as a fourth one: at joke_trumps (seed 7) each of the five
Nils ``hard1`` bid over a Joker in the first 30 deals was a danger to ``hard``.

Jokers or high deuces above the A♠: the bars stand as many trumps below the top as in a
plain deck, so a Q♠ under two Jokers is no danger, as a 10♠ is none in a plain deck. At
jokers_kitty (seed 7, against hard1) ``hard`` bid 12 Nils instead of 8, all made."""

from __future__ import annotations

import random

import pytest

from bot.ai.heuristic import nil_dangers
from bot.ai.levels import policy_for
from bot.ai.search import NIL_REFUSED_UNSURE, SearchPolicy
from bot.engine import Bid, Card, Rules
from devtools.arena import task_seed
from tests.ai.helpers import arena_game

JOKE = Rules.preset("joke_trumps")
# The same deck, its Jokers the two highest trumps.
JOKERS_HIGH = Rules.preset("jokers_high_alternate")
HAND = "4♣ 8♣ 9♣ 10♣ 5♦ 8♦ J♦ 5♥ 8♥ 2♠ 4♠ 7♠ Little Joker"


def _hand(codes: str) -> tuple[Card, ...]:
    return tuple(
        Card.parse(code)
        for code in codes.replace("Little Joker", "LJ").replace("Big Joker", "BJ").split()
    )


def test_a_joke_trumps_joker_is_no_nil_danger() -> None:
    hand = _hand(HAND)
    assert JOKE.deck == JOKERS_HIGH.deck and not JOKERS_HIGH.joke_trumps
    assert nil_dangers(hand, JOKE) == 0
    # Where a Joker is the second-highest trump it is one, and a fourth trump besides.
    assert nil_dangers(hand, JOKERS_HIGH) == 2


SIDE = "3♣ 6♣ 10♣ 3♦ 6♦ 8♦ 10♦ 3♥ 6♥ J♥"


@pytest.mark.parametrize(
    ("preset", "spades", "dangers"),
    [
        ("classic", "4♠ Q♠", 1),
        ("jokers_high_alternate", "4♠ Q♠", 0),  # four trumps above it, as over a 10♠
        ("jokers_high_alternate", "4♠ A♠", 1),  # two above it, as over a Q♠
        ("jokers_high_alternate", "4♠ Big Joker", 1),
        ("deuces_high", "4♠ A♠", 0),  # 2♠ 2♥ 2♣ 2♦ above it
        ("deuces_high", "4♠ 2♥", 1),
        ("classic", "5♠ 6♠ 10♠", 1),  # the trio: a 9♠ to J♠ over no 2♠
        ("jokers_high_alternate", "5♠ 6♠ 10♠", 0),
        ("jokers_high_alternate", "5♠ 6♠ K♠", 1),
    ],
)
def test_the_bars_stand_as_far_below_the_top_trump_as_in_a_plain_deck(
    preset: str, spades: str, dangers: int
) -> None:
    assert nil_dangers(_hand(f"{SIDE} {spades}"), Rules.preset(preset)) == dangers


def test_hard_bids_nil_over_a_joker_at_joke_trumps() -> None:
    """Arena deal 24 (seed 7), seat 3 after bids of 1 and 4: three low trumps and the
    Little Joker, no side honour. ``hard`` refused the Nil for a danger on any deals;
    now the share of deals it made decides: with the arena's rng it falls short of the
    bar, with another it clears it and ``hard`` bids the Nil."""
    seed = task_seed(7, "deal", 24)
    view = arena_game(JOKE, 24, Bid(1, 1), Bid(2, 4)).view(3)
    assert view.hand is not None
    assert " ".join(map(str, view.hand)) == HAND
    hard = policy_for("hard", untimed=True)
    assert isinstance(hard, SearchPolicy)
    bid = hard.decide(view, random.Random(f"{seed}:3"))
    assert isinstance(bid, Bid) and bid.tricks > 0
    assert hard.nil_refused == NIL_REFUSED_UNSURE
    bid, why = hard.decide_why(view, random.Random(1))
    assert bid == Bid(3, 0)
    assert hard.nil_refused == 0.0
    assert why.action == bid
