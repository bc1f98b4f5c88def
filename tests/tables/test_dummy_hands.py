"""Berkley's two players with dummies at a table (003:98-152): nobody sits in a dummy's
seat, its player makes its choices, and a card it must play is played at once."""

from __future__ import annotations

import pytest

from bot.engine import Bid, PlayCard, Raise, RevealCards
from bot.tables import NotYourSeat, SeatUnavailable, TableManager, TableStatus
from tests.tables.helpers import ANN, BEA, CHANNEL, CY


async def test_two_members_play_their_dummies(manager: TableManager) -> None:
    table = await manager.open(CHANNEL, ANN, preset="berkley_two")
    # 003:108: seats 2 and 4 are the dummies on Ann's and Bea's right.
    with pytest.raises(SeatUnavailable, match="dummy"):
        await table.join(BEA, 1)
    assert await table.join(BEA) == 2
    with pytest.raises(SeatUnavailable, match="full"):
        await table.join(CY)
    await table.start(ANN.id, seed=3)
    await manager.settle()
    names = [seat.name for seat in table.seats if seat is not None]
    assert names == ["Ann", "Dummy of seat 3", "Bea", "Dummy of seat 1"]
    game = table.game
    assert game is not None
    members = {0: ANN.id, 2: BEA.id}
    chosen = forced = 0
    while table.status is TableStatus.PLAYING and game.hand_number == 1:
        to_act = game.to_act
        assert to_act is not None
        player = game.controller(to_act)
        view = table.view(player)
        legal = [a for a in view.legal_actions if isinstance(a, Bid | PlayCard | RevealCards)]
        legal = [a for a in view.legal_actions if a == Raise(player, 0)] or legal
        if to_act != player:
            # The dummy's card is its player's choice: more than one face-up card to play
            # (a single one was played at once, without asking).
            plays = [a for a in legal if isinstance(a, PlayCard)]
            assert len(plays) > 1 and all(a.seat == to_act for a in plays)
            assert {a.card for a in plays} <= set(game.view(player).exposed[to_act])
            other = members[2 - player]
            with pytest.raises(NotYourSeat):
                await table.act(other, plays[0], seq=table.seq)
            chosen += 1
        elif isinstance(legal[0], Bid) and not legal[0].tricks:
            # Not a Nil: the first number bid, once the cards are seen.
            legal = [a for a in legal if not isinstance(a, Bid) or a.tricks] or legal
        before = len(game.history)
        await table.act(members[player], legal[0], seq=table.seq)
        await manager.settle()
        forced += len(game.history) - before - 1
    assert game.hand_number == 2 or table.status is TableStatus.OVER
    # Over a hand both kinds of dummy turn came up.
    assert chosen > 0 and forced > 0


async def test_the_dummies_face_up_cards_are_public_once_both_players_look(
    manager: TableManager,
) -> None:
    """003:140: the six cards of each dummy are turned up after the blind bids: the table
    message shows none while a player may still bid blind, and each player sees them
    once they look."""
    table = await manager.open(CHANNEL, ANN, preset="berkley_two")
    await table.join(BEA)
    await table.start(ANN.id, seed=3)
    await manager.settle()
    game = table.game
    assert game is not None and game.to_act == 2 and game.dealer == 0
    await table.act(ANN.id, RevealCards(0), seq=table.seq)
    assert [len(cards) for cards in table.view(0).exposed] == [0, 6, 0, 6]
    assert all(not cards for cards in table.view(2).exposed)
    # Bea may still bid blind: the table message shows no dummy card yet.
    assert all(not cards for cards in table.snapshot().exposed)
    await table.act(BEA.id, RevealCards(2), seq=table.seq)
    assert [len(cards) for cards in table.snapshot().exposed] == [0, 6, 0, 6]
