"""A member's hand message, laid out for a phone: whose turn and the cards first, then the
table in lines that fit."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot.engine import Game, Phase, Rules
from bot.render.text import LINE_WIDTH
from bot.storage.records import MemoryStore
from bot.tables import Member, TableManager, TableSettings
from cogs._board import board_text, hand_message, score_text
from tests.render.pictures import scripted

NAMES = ["alice", "Bartholomew the Magnificent", "carol", "Konstantin Konstantinopolsky"]


def _bidding() -> Game:
    game = Game.new(Rules.preset("classic"), seed=5, dealer=3)
    assert game.phase is Phase.BID and game.to_act == 0
    return game


def _table(message: str) -> list[str]:
    """The lines of the message's code block."""
    block = re.search(r"```\n(.*?)\n```", message, re.DOTALL)
    assert block is not None, message
    return block.group(1).splitlines()


def test_the_hand_message_opens_with_your_turn_and_your_cards() -> None:
    game = _bidding()
    message = hand_message(game.view(0), NAMES)
    lines = message.splitlines()
    assert lines[0] == "**Your turn** to bid."
    hand = game.view(0).hand
    assert hand is not None
    assert lines[1].startswith("**") and all(str(card) in lines[1] for card in hand)
    assert lines[2] == "```"  # the table comes after the cards, never above them
    assert all(len(line) <= LINE_WIDTH for line in _table(message))


def test_a_waiting_member_is_told_by_name_whose_turn_it_is() -> None:
    game = _bidding()
    message = hand_message(game.view(2), NAMES)
    assert message.splitlines()[0] == "Waiting for **alice** to bid."
    game.apply(scripted(game.view(0)))
    assert hand_message(game.view(2), NAMES).splitlines()[0] == (
        "Waiting for **Bartholomew the Magnificent** to bid."
    )
    assert not re.search(r"\bseat \d", hand_message(game.view(2), NAMES), re.IGNORECASE)


@pytest.mark.parametrize("seat", range(4))
def test_long_names_are_cut_so_the_tables_columns_hold(seat: int) -> None:
    game = _bidding()
    while game.phase is not Phase.PLAY or len(game.trick) < 3:
        assert game.to_act is not None
        game.apply(scripted(game.view(game.to_act)))
    table = _table(hand_message(game.view(seat), NAMES))
    assert all(len(line) <= LINE_WIDTH for line in table), table
    rows = [line for line in table if " bid " in line]
    assert [row.split(" bid ")[0].rstrip() for row in rows] == [
        "alice",
        "Bartholomew t…",
        "carol",
        "Konstantin Ko…",
    ]
    assert len({row.index(" took ") for row in rows}) == 1


def test_the_game_over_message_says_so_first() -> None:
    game = Game.new(Rules.preset("short"), seed=4, dealer=0)
    while not game.is_over:
        assert game.to_act is not None
        game.apply(scripted(game.view(game.to_act)))
    assert hand_message(game.view(1), NAMES).splitlines()[0] == "**The game is over.**"


@pytest.mark.parametrize(("preset", "dealer"), [("two_player", False), ("classic", True)])
async def test_the_table_message_names_a_dealer_only_where_someone_deals(
    preset: str, dealer: bool
) -> None:
    manager = TableManager(
        MemoryStore(), settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None)
    )
    try:
        table = await manager.open(1, Member(1, "alice"), preset=preset)
        await table.start(1, fill_with_bots=True, seed=4)
        await manager.settle()
        first_line = board_text(table.snapshot()).splitlines()[0]
        assert first_line.startswith("**Spades** · hand 1")
        assert ("dealer" in first_line) is dealer
    finally:
        await manager.aclose()


async def test_one_bag_and_one_point_are_singular_on_the_table_and_in_the_score() -> None:
    manager = TableManager(
        MemoryStore(), settings=TableSettings(bot_delay=0, turn_timers=False, idle_close=None)
    )
    try:
        table = await manager.open(1, Member(1, "alice"), preset="classic")
        await table.start(1, fill_with_bots=True, seed=4)
        await manager.settle()
        seen = dataclasses.replace(table.snapshot(), scores=(1, 52), bags=(1, 2))
        for text in (board_text(seen), score_text(seen)):
            assert "1 point, 1 bag" in text and "52 points, 2 bags" in text
            assert "1 bags" not in text and "1 points" not in text
    finally:
        await manager.aclose()


def test_a_dummys_player_is_told_to_play_for_it_and_sees_both_dummies() -> None:
    """003:140, 003:152: a player's message shows both dummies' face-up cards once they
    have looked, and on their dummy's turn asks them to play for it."""
    from bot.engine import Bid, RevealCards

    game = Game.new(Rules.preset("berkley_two"), seed=3, dealer=2)
    names = ["alice", "Dummy of seat 3", "carol", "Dummy of seat 1"]
    assert "face up" not in hand_message(game.view(0), names)
    for seat in (0, 2):
        game.apply(RevealCards(seat))
        game.apply(Bid(seat, 5))
    while game.phase is Phase.BID:
        game.apply(game.legal_actions()[0])
    message = hand_message(game.view(0), names)
    assert "Dummy of seat 1's cards, face up:" in message
    assert "Dummy of seat 3's cards, face up:" in message
    while len(game.legal_actions(0)) < 2 or game.to_act != 3:
        game.apply(game.legal_actions()[0])
    assert hand_message(game.view(0), names).splitlines()[0] == (
        "**Your turn** to play for Dummy of seat 1."
    )
