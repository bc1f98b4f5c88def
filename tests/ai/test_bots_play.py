"""Bots play thousands of hands at every table with only legal actions, and a view they are
handed holds no route to the game and no card the seat may not see."""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from types import FunctionType, MethodType, ModuleType

import pytest

from bot.ai.heuristic import HeuristicPolicy
from bot.ai.levels import NoisyPolicy
from bot.ai.policy import Policy, RandomPolicy
from bot.ai.search import SearchPolicy
from bot.engine import PRESETS, CallTime, Card, Game, HandScored, Rules, SeatView
from tests.engine.helpers import TABLES, VARIANT_TABLES

# At least 2,000 hands in all with the quick bots, shared evenly by the tables (every preset
# and the extra house-rule tables of the engine's playouts); the search bot plays one hand
# per preset on top, with a small fixed number of sampled deals so it stays quick.
TOTAL_HANDS = 2000
HANDS_PER_TABLE = math.ceil(TOTAL_HANDS / len(TABLES))
# Legal moves are the point here, not good ones: a few deals for each card and each bid
# (the default values bids on 500, which made these tests 10-20 times slower).
SEARCH = SearchPolicy(deals=4, time_budget=None, bid_deals=8)
QUICK: tuple[Policy, ...] = (
    HeuristicPolicy(),
    NoisyPolicy(HeuristicPolicy(), 0.25),
    RandomPolicy(),
)


def play_hands(
    rules: Rules, hands: int, seed: int, search: bool = False
) -> Iterator[tuple[Game, SeatView]]:
    """Play games until ``hands`` hands are scored, yielding each game with every view a
    bot decides on (before the bot acts on it).

    The quick bots change seats from game to game; with ``search``, the search bot holds
    every other seat. Each chosen action must be one of the view's legal actions, and the
    engine must accept it."""
    played = 0
    game_no = 0
    while played < hands:
        game = Game.new(rules, seed=seed * 1000 + game_no)
        rng = random.Random(game.seed)
        policies = [
            SEARCH if search and seat % 2 == 0 else QUICK[(seat + game_no) % len(QUICK)]
            for seat in range(game.players)
        ]
        game_no += 1
        while not game.is_over and played < hands:
            seat = game.to_act
            assert seat is not None, f"{game.phase} with no one to act"
            view = game.view(seat)
            yield game, view
            action = policies[seat].decide(view, rng)
            assert action in view.legal_actions, f"{type(policies[seat]).__name__}: {action}"
            played += sum(isinstance(event, HandScored) for event in game.apply(action))
    assert played == hands


@pytest.mark.parametrize("name", list(TABLES))
def test_quick_bots_finish_hands_with_legal_actions_only(name: str) -> None:
    decisions = sum(1 for _ in play_hands(TABLES[name], HANDS_PER_TABLE, seed=len(name)))
    assert decisions >= HANDS_PER_TABLE * TABLES[name].players


@pytest.mark.parametrize("name", [*PRESETS, *VARIANT_TABLES])
def test_the_search_bot_finishes_a_hand_with_legal_actions_only(name: str) -> None:
    rules = TABLES[name]
    decisions = sum(1 for _ in play_hands(rules, 1, seed=len(name), search=True))
    assert decisions >= rules.players


def test_enough_hands_at_every_table_size() -> None:
    assert HANDS_PER_TABLE * len(TABLES) >= TOTAL_HANDS
    assert set(PRESETS) <= set(TABLES)
    assert {rules.players for rules in TABLES.values()} == {2, 3, 4, 5, 6}


# --- what a view lets a bot reach --------------------------------------------------------

# Classes and modules are code shared by every game, not the view's state; a class's own
# tables (such as the interned cards) say nothing about this deal.
_CODE = (type, ModuleType)


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by references: fields, slots, items, closures.

    Cards are leaves: each is interned and its class lists every card in the deck."""
    seen = {id(root)}
    stack = [root]
    found: list[object] = []
    while stack:
        obj = stack.pop()
        found.append(obj)
        if isinstance(obj, Card):
            continue
        if isinstance(obj, FunctionType):
            refs: list[object] = [obj.__closure__, obj.__defaults__, obj.__kwdefaults__]
        elif isinstance(obj, MethodType):
            refs = [obj.__self__, obj.__func__]
        else:
            refs = gc.get_referents(obj)
        for ref in refs:
            if id(ref) not in seen and not isinstance(ref, _CODE):
                seen.add(id(ref))
                stack.append(ref)
    return found


def hidden_cards(game: Game, view: SeatView) -> set[Card]:
    """Cards in other hands (and the seat's own before it looks) that the seat has not seen.

    In a double deck the other copy of a card it holds or saw is no secret."""
    seen = {*view.passed, *view.removed, *view.draw_offer, *view.discarded}
    seen.update(card for cards in view.played for card in cards)
    seen.update(card for cards in view.exposed for card in cards)  # face up: no secret
    seen.update(card for _, card in view.trick)
    if view.cancel_card is not None:
        seen.add(view.cancel_card)  # 000:178: the card cut before the deal, shown to all
    secret: set[Card] = set()
    for seat, hand in enumerate(game.hands):
        if seat == view.seat and view.hand is not None:
            seen.update(hand)
        else:
            secret.update(hand)
    return secret - seen


@dataclass
class _Holder:
    held: object


def test_the_walk_finds_a_game_behind_fields_items_and_closures() -> None:
    game = Game.new(Rules.preset("classic"), seed=1)
    for holder in (_Holder(game), {"game": game}, (1, [game]), lambda: game, game.view):
        assert any(isinstance(obj, Game) for obj in reachable(holder))
    assert not any(isinstance(obj, Game) for obj in reachable(game.view(0)))
    # A face-up table shows every hand in the view, and the check sees those cards.
    face_up = Game.new(Rules.preset("classic").with_option("show_all_hands", "yes"), seed=1)
    view = face_up.view(0)
    reached = {obj for obj in reachable(view) if isinstance(obj, Card)}
    assert reached & hidden_cards(face_up, view) == {c for h in face_up.hands[1:] for c in h}


@pytest.mark.parametrize("name", list(TABLES))
def test_a_view_reaches_no_game_and_no_hidden_card(name: str) -> None:
    rules = TABLES[name]
    views = 0
    for game, view in play_hands(rules, 1, seed=len(name)):
        objects = reachable(view)
        assert not any(isinstance(obj, Game) for obj in objects)
        if rules.show_all_hands:
            continue
        cards = {obj for obj in objects if isinstance(obj, Card)}
        assert view.hand is None or set(view.hand) <= cards, "the walk must reach the hand"
        leaked = cards & hidden_cards(game, view)
        assert not leaked, f"seat {view.seat} can reach {sorted(leaked)}"
        views += 1
    assert views or rules.show_all_hands


def test_normal_and_hard_play_a_game_played_for_a_time_to_its_end() -> None:
    """000:88, 002:72: the bots read no target score, so a game whose end the table's clock
    sets needs no new decision; time called mid-hand, they play it out with legal moves only
    and the game ends after it (unless tied)."""
    rules = TABLES["x_v_play_for_time"]
    game = Game.new(rules, seed=29)
    rng = random.Random(29)
    policies: list[Policy] = [SEARCH, HeuristicPolicy(), SEARCH, HeuristicPolicy()]
    while not game.is_over:
        if game.hand_number == 2 and len(game.view(0).tricks) == 3 and not game.time_up:
            game.apply(CallTime(game.to_act or 0))
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        action = policies[seat].decide(view, rng)
        assert action in view.legal_actions
        game.apply(action)
    assert game.time_up and game.winner is not None
    assert len(game.results) >= 2
