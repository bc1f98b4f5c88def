"""Playing at a table: a whole game, sequence numbers, concurrency, durability, hints and
what presenters are shown."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Sequence
from typing import Any

import pytest

from bot.engine import (
    Action,
    Bid,
    Card,
    Event,
    GameOver,
    IllegalAction,
    PlayCard,
    Rules,
    TrickWon,
)
from bot.storage.records import MemoryStore, StorageFailed
from bot.tables import (
    HintsOff,
    Notice,
    NoticeKind,
    NotSeated,
    NotYourSeat,
    StaleAction,
    StorageBusy,
    Table,
    TableManager,
    TableSettings,
    TableStatus,
)
from tests.doubles import HandChanged, RecordingPresenter, TableChanged
from tests.tables.helpers import ANN, BEA, CHANNEL, CY, DEE, move, play_out, started


async def test_one_member_and_three_bots_play_a_whole_game(
    manager: TableManager, store: MemoryStore, recorder: RecordingPresenter
) -> None:
    table = await started(manager, ANN)
    await play_out(manager, table)
    game = table.game
    assert game is not None and game.is_over
    assert table.status is TableStatus.OVER
    stored = store.tables[table.table_id or 0]
    assert list(stored.actions) == game.history and table.seq == len(game.history)
    assert store.finished == {table.table_id: False}
    assert any(isinstance(e, GameOver) for e in recorder.events)
    assert recorder.notices[-1].kind is NoticeKind.GAME_OVER
    assert "rematch" in recorder.notices[-1].text
    # The member was shown their hand for each of their turns, and never anyone else's.
    assert {r.seat for r in recorder.records if isinstance(r, HandChanged)} == {0}


async def test_a_stale_or_repeated_seq_is_refused_and_applied_once(
    manager: TableManager, store: MemoryStore
) -> None:
    table = await started(manager, ANN, BEA)
    user = _to_act(table)
    action, seq = move(table, user), table.seq
    with pytest.raises(StaleAction):
        await table.act(user, action, seq=seq - 1)
    assert table.seq == seq
    await table.act(user, action, seq=seq)
    with pytest.raises(StaleAction, match="moved on"):
        await table.act(user, action, seq=seq)  # the same click again
    assert store.tables[table.table_id or 0].actions.count(action) == 1
    assert (table.game and table.game.history.count(action)) == 1


async def test_two_clicks_at_once_apply_one(manager: TableManager) -> None:
    table = await started(manager, ANN, BEA)
    user = _to_act(table)
    action, seq = move(table, user), table.seq
    results = await asyncio.gather(
        table.act(user, action, seq=seq), table.act(user, action, seq=seq), return_exceptions=True
    )
    # One click is applied (``act`` returns the events it caused), the other refused.
    assert sorted(type(r).__name__ for r in results) == ["StaleAction", "tuple"]
    assert table.seq == seq + 1


async def test_refusals_leave_the_game_as_it_was(manager: TableManager) -> None:
    table = await started(manager, ANN, BEA)
    user = _to_act(table)
    seat = table.require_seat(user)
    other = BEA.id if user == ANN.id else ANN.id
    before = [table.view(s) for s in range(4)]
    hand = table.view(seat).hand
    assert hand is not None
    wrong_card = PlayCard(seat, hand[0])  # a card while bids are being made
    for call, error in [
        (table.act(user, dataclasses.replace(move(table, user), seat=(seat + 1) % 4)), NotYourSeat),
        (table.act(other, move(table, user)), NotYourSeat),
        (table.act(99, move(table, user)), NotSeated),
        (table.act(user, wrong_card), IllegalAction),
    ]:
        with pytest.raises(error):
            await call
    assert [table.view(s) for s in range(4)] == before


async def test_an_action_is_stored_before_presenters_hear_of_it(store: MemoryStore) -> None:
    class Checking(RecordingPresenter):
        async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
            if table.table_id is not None:
                assert len(store.tables[table.table_id].actions) == table.seq
            await super().table_changed(table, events)

    checking = Checking()
    manager = TableManager(store, presenters=[checking], settings=TableSettings(bot_delay=0))
    try:
        table = await started(manager, ANN)
        await play_out(manager, table)
        assert len(checking.records) > 100
    finally:
        await manager.aclose()


async def test_a_failed_write_is_not_accepted(manager: TableManager, store: MemoryStore) -> None:
    table = await started(manager, ANN)
    views = [table.view(s) for s in range(4)]
    seq = table.seq
    failing = store.append_action

    async def broken(table_id: int, seq: int, action: Action, reason: str | None = None) -> None:
        raise StorageFailed("disk full")

    store.append_action = broken  # type: ignore[method-assign]
    with pytest.raises(StorageBusy, match="nothing changed"):
        await table.act(ANN.id, move(table, ANN.id), seq=seq)
    assert [table.view(s) for s in range(4)] == views and table.seq == seq
    store.append_action = failing  # type: ignore[method-assign]
    await table.act(ANN.id, move(table, ANN.id), seq=seq)
    assert table.seq > seq


async def test_a_failing_presenter_never_breaks_the_table(
    store: MemoryStore, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken:
        async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
            raise RuntimeError("render failed")

        async def hand_changed(self, table: Table, seat: int) -> None:
            raise RuntimeError("DM failed")

        async def notice(self, table: Table, notice: Notice) -> None:
            raise RuntimeError("send failed")

    recorder = RecordingPresenter()
    manager = TableManager(
        store, presenters=[Broken(), recorder], settings=TableSettings(bot_delay=0)
    )
    try:
        with caplog.at_level(logging.ERROR):
            table = await started(manager, ANN)
            await play_out(manager, table)
        assert table.status is TableStatus.OVER
        assert recorder.notices[-1].kind is NoticeKind.GAME_OVER  # later presenters still told
        assert "Presenter" in caplog.text and "render failed" in caplog.text
    finally:
        await manager.aclose()


async def test_hints_only_when_the_rules_allow(recorder: RecordingPresenter) -> None:
    rules = Rules.preset("classic").with_option("allow_suggestions", "no")
    manager = TableManager(
        MemoryStore({9: rules}), presenters=[recorder], settings=TableSettings(bot_delay=0)
    )
    try:
        table = await manager.open(CHANNEL, ANN, guild_id=9)
        await table.start(ANN.id, fill_with_bots=True, seed=7)
        await manager.settle()
        with pytest.raises(HintsOff, match="Hints are off"):
            table.hint(ANN.id)
        other = await manager.open(CHANNEL + 1, ANN)
        await other.start(ANN.id, fill_with_bots=True, seed=7)
        await manager.settle()
        hint = other.hint(ANN.id)
        assert hint.action in other.view(0).legal_actions and hint.reason
        with pytest.raises(NotSeated):
            other.hint(BEA.id)
    finally:
        await manager.aclose()


async def test_nothing_public_shows_a_hidden_card(
    manager: TableManager, recorder: RecordingPresenter
) -> None:
    """Snapshots and notices never hold a card still in someone's hand; each hand view a
    presenter is given is its own seat's."""

    class Watching(RecordingPresenter):
        async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
            assert table.game is None or not _cards(table.snapshot()) & _held(table)
            await super().table_changed(table, events)

        async def notice(self, table: Table, notice: Notice) -> None:
            assert table.game is None or not any(str(c) in notice.text for c in _held(table))
            await super().notice(table, notice)

    watching = Watching()
    manager.add_presenter(watching)
    table = await started(manager, ANN, BEA)
    await play_out(manager, table)
    for record in watching.records:
        if isinstance(record, HandChanged):
            assert record.view.seat == record.seat
            assert record.view.all_hands is None
        if isinstance(record, TableChanged):
            assert record.snapshot.all_hands is None


def _held(table: Table) -> frozenset[Card]:
    assert table.game is not None
    return frozenset(c for hand in table.game.hands for c in hand)


def _cards(value: Any) -> set[Card]:
    """Every card anywhere inside a snapshot."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(_cards(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return set().union(*(_cards(v) for v in value))
    return set()


def _to_act(table: Table) -> int:
    assert table.game is not None and table.game.to_act is not None
    seat = table.seats[table.game.to_act]
    assert seat is not None and seat.user_id is not None
    return seat.user_id


async def test_every_member_is_shown_their_hand_at_each_tricks_end(
    manager: TableManager, recorder: RecordingPresenter
) -> None:
    """A waiting member's hand is never older than the last completed trick: each trick's
    end shows every member's hand, whoever's turn comes next."""
    table = await started(manager, ANN, BEA)
    await play_out(manager, table)
    batches: list[tuple[TableChanged, set[int]]] = []
    for record in recorder.records:
        if isinstance(record, TableChanged):
            batches.append((record, set()))
        elif isinstance(record, HandChanged) and batches:
            batches[-1][1].add(record.seat)
    ends = [
        shown for changed, shown in batches if any(isinstance(e, TrickWon) for e in changed.events)
    ]
    assert len(ends) >= 13
    assert all(shown == {0, 1} for shown in ends)


async def test_a_move_out_of_turn_names_who_the_table_waits_for(manager: TableManager) -> None:
    table = await started(manager, ANN, BEA, CY, DEE)
    assert table.game is not None and table.game.to_act is not None
    to_act = table.game.to_act
    early = (to_act + 1) % 4
    waiting_for = table.names[to_act]
    early_user = table.seats[early]
    assert early_user is not None and early_user.user_id is not None
    with pytest.raises(IllegalAction) as refused:
        await table.act(early_user.user_id, Bid(early, 3))
    assert str(refused.value) == f"It's not your turn: waiting for {waiting_for}."
    assert waiting_for in ("Ann", "Bea", "Cy", "Dee")
