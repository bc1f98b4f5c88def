"""Controls from a seat's view: every legal action reachable, within Discord's limits."""

import gc
import re
import weakref
from typing import Any

import discord
import pytest

from bot.engine import PRESETS, Bid, Game, NoTrump, PlayCard, Rules
from cogs._codes import action_code
from cogs._ui import (
    BUTTON_PATTERN,
    PASS_CODE,
    SELECT_PATTERN,
    ActionButton,
    ActionSelect,
    as_view,
    controls,
)


def reachable_codes(items: list[discord.ui.Item[discord.ui.View]]) -> set[str]:
    """The action codes a member can send with these controls (a pass select: any set)."""
    codes: set[str] = set()
    for item in items:
        if isinstance(item, ActionButton):
            assert re.fullmatch(BUTTON_PATTERN, item.item.custom_id or "")
            codes.add(item.click.code)
        else:
            assert isinstance(item, ActionSelect)
            assert re.fullmatch(SELECT_PATTERN, item.item.custom_id or "")
            if item.click.code == PASS_CODE:
                codes.add(
                    f"pass{item.item.min_values}:" + ".".join(o.value for o in item.item.options)
                )
            else:
                codes.update(o.value for o in item.item.options)
    return codes


@pytest.mark.parametrize("preset", list(PRESETS))
async def test_every_legal_action_of_a_hand_has_a_control(preset: str) -> None:
    game = Game.new(Rules.preset(preset), seed=3)
    names = [f"P{s}" for s in range(game.rules.players)]
    while not game.is_over and len(game.results) < 1:
        for seat in range(game.rules.players):
            view = game.view(seat)
            items = controls(view, table_id=12, seq=len(game.history), names=names)
            as_view(items)  # raises when more than 25 controls or 5 rows are needed
            codes = reachable_codes(items)
            forced = view.to_act != seat and [a.seat for a in view.legal_actions].count(view.to_act)
            for action in view.legal_actions:
                if forced == 1 and action.seat == view.to_act:
                    # A dummy's only card (003:152): the table plays it, nobody is asked.
                    assert not any(code.endswith(action_code(action, seat)) for code in codes)
                    continue
                code = action_code(action, seat)
                if code.startswith("p"):
                    assert any(c.startswith(f"pass{len(action.cards)}:") for c in codes)  # type: ignore[union-attr]
                else:
                    assert code in codes
        game.apply(game.legal_actions()[0])


def test_card_buttons_come_in_the_order_the_hand_shows() -> None:
    from bot.engine import Phase, PlayCard
    from bot.render.text import hand_order

    game = Game.new(Rules.preset("classic"), seed=5)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_act)
    assert view.hand is not None
    items = controls(view, table_id=1, seq=len(game.history), names=["a", "b", "c", "d"])
    cards = [a.card for a in view.legal_actions if isinstance(a, PlayCard)]
    shown = [c for suit in hand_order(view.hand, view.rules) for c in suit if c in cards]
    buttons = [i.click.code for i in items if isinstance(i, ActionButton)]
    assert buttons[: len(shown)] == [action_code(PlayCard(view.seat, c)) for c in shown]


def test_a_mo_declaration_has_its_own_buttons_beside_the_bids() -> None:
    """000:145, 002:90: the first of a side to bid may declare Little or Big Mo instead of a
    bid: two buttons of their own, after the bids', that send the declaration's code."""
    game = Game.new(Rules(mo="mo"), seed=3, dealer=0)
    view = game.view(1)
    items = controls(view, table_id=12, seq=len(game.history), names=["A", "B", "C", "D"])
    as_view(items)
    buttons = [item for item in items if isinstance(item, ActionButton)]
    labels = [button.item.label for button in buttons]
    assert labels[-2:] == ["Declare Little Mo", "Declare Big Mo"]
    assert [button.click.code for button in buttons[-2:]] == ["m0", "m1"]
    assert "Nil" in labels


def test_raising_a_bid_has_its_own_buttons() -> None:
    """000:103, 002:82: once everyone has bid, each player may raise their bid by one before
    the first card: "Keep my bid" and "Raise by 1", nothing else."""
    game = Game.new(Rules(raise_bids="by_one"), seed=3, dealer=0)
    for seat in (1, 2, 3, 0):
        game.apply(Bid(seat, 3))
    items = controls(game.view(1), table_id=12, seq=len(game.history), names=["A", "B", "C", "D"])
    buttons = [item for item in items if isinstance(item, ActionButton)]
    assert [(b.item.label, b.click.code) for b in buttons] == [
        ("Keep my bid", "u0"),
        ("Raise by 1", "u1"),
    ]


def test_counter_bidding_has_lower_keep_and_raise_buttons() -> None:
    """000:18 Counter Bidding: once all have bid, the side that bid first (seat 1's, the
    dealer's left) may change a bid once, down as well as up: "Lower by 2", "Lower by 1",
    "Keep my bid", then the raises; the other side gets no buttons."""
    game = Game.new(Rules(counter_bidding=True), seed=3, dealer=0)
    for seat in (1, 2, 3, 0):
        game.apply(Bid(seat, 3))
    items = controls(game.view(1), table_id=12, seq=len(game.history), names=["A", "B", "C", "D"])
    buttons = [item for item in items if isinstance(item, ActionButton)]
    assert [(b.item.label, b.click.code) for b in buttons[:4]] == [
        ("Lower by 2", "l2"),
        ("Lower by 1", "l1"),
        ("Keep my bid", "u0"),
        ("Raise by 1", "u1"),
    ]
    other = controls(game.view(2), table_id=12, seq=len(game.history), names=["A", "B", "C", "D"])
    assert not [item for item in other if isinstance(item, ActionButton)]


def test_a_no_trump_bid_has_its_own_button() -> None:
    """000:113: a player holding a spade may bid no trump before their bid: its own button,
    beside the bids; after it, the bids without Nil."""
    game = Game.new(Rules(no_trump_bids=True), seed=3, dealer=0)  # seat 1 holds 7S TS QS
    items = controls(game.view(1), table_id=12, seq=0, names=["A", "B", "C", "D"])
    labels = {b.click.code: b.item.label for b in items if isinstance(b, ActionButton)}
    assert labels["t"] == "Bid no trump"
    game.apply(NoTrump(1))
    items = controls(game.view(1), table_id=12, seq=1, names=["A", "B", "C", "D"])
    codes = {b.click.code for b in items if isinstance(b, ActionButton)}
    assert "t" not in codes and "b0" not in codes and "b1" in codes


def test_nil_in_the_dark_has_its_own_bid_button() -> None:
    """000:163: a player who has looked may bid Nil in the dark, beside the plain Nil."""
    game = Game.new(Rules(nil_in_the_dark=True), seed=3, dealer=0)
    items = controls(game.view(1), table_id=12, seq=0, names=["A", "B", "C", "D"])
    labels = {b.click.code: b.item.label for b in items if isinstance(b, ActionButton)}
    assert labels["b0"] == "Nil" and labels["B0"] == "Nil in the dark"


@pytest.mark.parametrize(
    ("preset", "seat", "label"),
    [("hurricane", 1, "Pass 3 cards to P2"), ("jokers_kitty", 2, "Discard 2 cards")],
)
def test_passing_to_a_neighbour_and_the_kittys_discard_say_so(
    preset: str, seat: int, label: str
) -> None:
    """003:363 Hurricane passes to the player on the left, named; 000:99 the kitty's taker
    discards: neither select says "to your partner"."""
    from tests.engine.helpers import deal_with

    rules = Rules.preset(preset)
    deal = deal_with(rules, {2: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"})
    game = Game.new(rules, seed=3, dealer=0, deals=[deal])
    items = controls(game.view(seat), table_id=1, seq=0, names=["P0", "P1", "P2", "P3"])
    selects = [i for i in items if isinstance(i, ActionSelect) and i.click.code == PASS_CODE]
    assert [s.item.placeholder for s in selects] == [label]


def test_miser_lowering_has_its_own_buttons() -> None:
    """003:89 Miser: "on their second turn to bid, each player may either stay at their
    first bid or go lower": "Keep my bid" and one button for each lower bid, down to 0."""
    game = Game.new(Rules.preset("miser"), seed=3, dealer=0)
    for seat in (1, 2, 3, 0):
        game.apply(Bid(seat, 2))
    items = controls(game.view(1), table_id=12, seq=len(game.history), names=["A", "B", "C", "D"])
    buttons = [item for item in items if isinstance(item, ActionButton)]
    assert [(b.item.label, b.click.code) for b in buttons] == [
        ("Keep my bid", "u0"),
        ("Lower by 1", "l1"),
        ("Lower by 2", "l2"),
    ]


def test_auction_bids_are_pass_or_raise_buttons() -> None:
    """000:112 Auction Spades: "Subsequent bidders must raise the bid or pass": after a bid
    of 2 the next player's buttons are Pass and each higher bid with its contract."""
    game = Game.new(Rules.preset("auction"), seed=3, dealer=0)
    game.apply(Bid(1, 2))
    items = controls(game.view(2), table_id=12, seq=len(game.history), names=["A", "B", "C", "D"])
    buttons = [item for item in items if isinstance(item, ActionButton)]
    assert [(b.item.label, b.click.code) for b in buttons] == [
        ("Pass", "b0"),
        *((f"{n} for {n + 6}", f"b{n}") for n in range(3, 8)),
    ]


@pytest.mark.parametrize("rules", [Rules(high_low=True), Rules(aces_high_low=True)])
def test_calling_high_or_low_has_its_own_buttons(rules: Rules) -> None:
    """003:65 High/Low Spades: the leader calls before leading; 000:143 Aces High/Low: a
    player who plays an Ace calls it. Either way the seat gets "High" and "Low" and no
    card to play until it has called."""
    game = Game.new(rules, seed=3, dealer=0)
    for seat in (1, 2, 3, 0):
        game.apply(Bid(seat, 3))
    if rules.aces_high_low:
        ace = next(c for c in game.hands[1] if c.rank == 14 and c.suit != 3)
        game.apply(PlayCard(1, ace))
    items = controls(game.view(1), table_id=12, seq=len(game.history), names=["A", "B", "C", "D"])
    buttons = [item for item in items if isinstance(item, ActionButton)]
    assert [(b.item.label, b.click.code) for b in buttons] == [("High", "k0"), ("Low", "k1")]


async def test_a_dropped_pictures_view_is_freed_without_the_garbage_collector() -> None:
    # Each move draws a hand anew; the old picture's view, its buttons and select must go
    # when dropped, not wait for a collection (whose pauses stall every table).
    game = Game.new(Rules.preset("classic"), seed=3)
    game.apply(game.legal_actions()[0])
    view = game.view(game.to_act)

    def drawn() -> list[discord.ui.Item[Any]]:
        return controls(view, table_id=12, seq=len(game.history), names=["A", "B", "C", "D"])

    items = drawn()
    assert len(items) > 1
    gc.disable()
    try:
        shown = as_view(items)
        # All of its controls, in the rows discord.py lays them out in for a view of its own.
        fresh = discord.ui.View(timeout=None)
        for item in drawn():
            fresh.add_item(item)
        assert shown.to_components() == fresh.to_components()
        freed = [weakref.ref(shown), *(weakref.ref(item) for item in items)]
        del items, shown
        assert all(ref() is None for ref in freed)
    finally:
        gc.enable()
