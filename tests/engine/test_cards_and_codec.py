"""Cards parse the ways players type them; rules, actions, events and views survive JSON."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import json
import random
import typing
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.engine import (
    ALL_CARDS,
    PRESETS,
    Bid,
    CallRenege,
    Card,
    Claim,
    Draw,
    Game,
    PassCards,
    PlayCard,
    RequestRedeal,
    RevealCards,
    Rules,
    action_from_json,
    action_to_json,
    codec,
    event_from_json,
    event_to_json,
    interned,
    parse_option_value,
    value_choices,
    view_from_json,
    view_to_json,
)
from bot.engine.deck import deck_info, shuffled


@pytest.mark.parametrize(
    ("text", "code", "shown"),
    [
        ("AS", "AS", "A♠"),
        ("as", "AS", "A♠"),
        ("10h", "TH", "10♥"),
        ("TH", "TH", "10♥"),
        ("Q♦", "QD", "Q♦"),
        (" 2c ", "2C", "2♣"),
        ("BJ", "BJ", "Big Joker"),
        ("LJ", "LJ", "Little Joker"),
    ],
)
def test_cards_parse_as_players_type_them(text: str, code: str, shown: str) -> None:
    card = Card.parse(text)
    assert card.code == code
    assert str(card) == shown
    assert card is Card.parse(code)


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "ZZ", "10", "joker"])
def test_a_bad_card_says_what_a_card_looks_like(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card: try AS, 10H"):
        Card.parse(text)


def test_every_card_round_trips_through_its_code_and_sorts_by_suit_then_rank() -> None:
    assert [Card.parse(card.code) for card in ALL_CARDS] == list(ALL_CARDS)
    assert len({card.code for card in ALL_CARDS}) == 54
    shuffled = list(ALL_CARDS)
    random.Random(3).shuffle(shuffled)
    assert sorted(shuffled) == list(ALL_CARDS)
    assert Card.parse("2C") < Card.parse("AC") < Card.parse("2D") < Card.parse("AS")


@pytest.mark.parametrize("size", [2, 48, 52, 54, 104, 108])
def test_the_deal_shuffles_exactly_as_python_does(size: int) -> None:
    """Stored games replay from their seed, so the engine's own shuffle must keep the deals;
    and the bots draw on from the same generator after shuffling, so it must end where
    Python's does. The deal shuffles the cards' mask bits (large ints), the bots card ids."""
    for seed in [0, 1, 7, "12:3:0", "99:1:2"]:
        expected = list(range(size))
        python = random.Random(seed)
        python.shuffle(expected)
        ours = random.Random(seed)
        assert shuffled(range(size), ours) == expected
        assert ours.getstate() == python.getstate()
        bits = [1 << card for card in range(size)]
        assert shuffled(bits, random.Random(seed)) == [1 << card for card in expected]


def test_a_seed_deals_the_same_hands_as_before() -> None:
    """The first hand of seed 2024 under the default rules, as the engine has always dealt it."""
    game = Game.new(Rules(), seed=2024, dealer=0)
    cards = list(deck_info("ace_high", 4).cards)
    random.Random("2024:1:0").shuffle(cards)
    assert [[card.index for card in hand] for hand in game.hands] == [
        sorted(cards[(seat - 1) % 4 :: 4]) for seat in range(4)
    ]


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_round_trips_through_json(name: str) -> None:
    rules = Rules.preset(name)
    assert Rules.model_validate_json(rules.model_dump_json()) == rules


def test_rules_are_frozen_and_bad_combinations_say_what_is_wrong() -> None:
    rules = Rules.preset("classic")
    with pytest.raises(ValidationError):
        rules.players = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="team"):
        Rules(players=5, team_size=2)
    with pytest.raises(ValueError, match="No preset called 'nope'"):
        Rules.preset("nope")


def test_every_kind_of_action_round_trips_through_json() -> None:
    actions = [
        Bid(0, 4),
        Bid(1, 0, blind=True),
        PassCards(2, (Card.parse("AS"), Card.parse("2C"))),
        PlayCard(3, Card.parse("BJ")),
        RevealCards(0),
        Claim(1),
        CallRenege(2, 1),
        RequestRedeal(3),
        Draw(0, True),
    ]
    for action in actions:
        data = json.loads(json.dumps(action_to_json(action)))
        assert action_from_json(data) == action


@pytest.mark.parametrize("name", ["classic", "two_player", "six_threes", "jokers"])
def test_events_and_views_of_a_played_hand_round_trip_through_json(name: str) -> None:
    rules = Rules.preset(name)
    game = Game.new(rules, seed=11)
    rng = random.Random(11)
    events = list(game.initial_events)
    while game.hand_number == 1 and not game.is_over:
        events += game.apply(rng.choice(game.legal_actions()))
        for seat in range(game.players):
            view = game.view(seat)
            assert view_from_json(json.loads(json.dumps(view_to_json(view)))) == view
    for event in events:
        assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event


def test_every_value_offered_for_an_option_is_accepted() -> None:
    for name in Rules.model_fields:
        offered = value_choices(name)
        assert offered, name
        for text in offered:
            parse_option_value(name, text)


@pytest.mark.parametrize("module", ["actions", "events", "results", "views"])
def test_the_codec_decodes_every_field_by_the_type_written_in_the_source(module: str) -> None:
    """What the codec decodes a dataclass field as is the annotation in the source, also
    where the module runs compiled and the class keeps only a bare ``tuple`` (the codec's
    table of those fields must then match the source)."""
    path = Path(codec.__file__ or "").with_name(f"{module}.py")
    namespace = {**vars(typing), **codec._NAMESPACE}
    checked = 0
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(importlib.import_module(f"bot.engine.{module}"), node.name)
        if not dataclasses.is_dataclass(cls):
            continue
        hints = codec._hints(cls)
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                written = eval(ast.unparse(item.annotation), namespace)
                assert hints[item.target.id] == written, (cls, item.target.id)
                checked += 1
    assert checked > 0


def test_both_ways_of_finding_the_plays_of_a_mask_agree() -> None:
    """The compiled engine reads a mask's bits, the interpreted one caches each suit's
    plays (bot/engine/interned.py); both must hand out the same interned actions."""
    rng = random.Random(5)
    for _ in range(500):
        seat = rng.randrange(6)
        cards = rng.sample(range(54), rng.randrange(1, 19))
        mask = sum(1 << c for c in cards)
        if rng.random() < 0.5:
            mask &= 0x1FFF << 13 * rng.randrange(5)
        by_bits = interned.plays_by_bits(seat, mask)
        assert by_bits == interned.plays_by_blocks(seat, mask) == interned.plays_of(seat, mask)
        assert [(a.seat, a.card.index) for a in by_bits] == [
            (seat, c) for c in sorted(c for c in range(54) if mask >> c & 1)
        ]
        assert all(a is interned.PLAYS[seat][a.card.index] for a in by_bits)
