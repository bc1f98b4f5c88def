"""Plans called directly on states: no manager, no lock, no clock; a store only where a
plan's write is run to see what it stores."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import Bid, IllegalAction, Rules
from bot.storage.records import MemoryStore
from bot.tables import Member, NotAway, NoticeKind, SeatUnavailable, WrongStage
from bot.tables.plans import closing, lobby, play, seats
from bot.tables.plans.common import Place
from bot.tables.states import UNSTORED, Closed, Lobby, Over, Playing, Seat, bot_seat
from bot.tables.steps import NOBODY, RECOMPUTE, NewMessage, Seats
from tests.tables.helpers import ANN, BEA, CHANNEL, CY

RULES = Rules.preset("classic")
PLACE = Place(CHANNEL, 9, RULES, message_id=55)


def sitting(*members: Member) -> Lobby:
    """A lobby hosted by the first member, the members in the first seats."""
    taken = [Seat(i, m.name, m.id) for i, m in enumerate(members)]
    return Lobby(members[0].id, (*taken, *[None] * (RULES.players - len(taken))))


async def dealt(store: MemoryStore, *members: Member) -> Playing:
    """The members' game, dealt with bots in the empty seats and stored in ``store``."""
    step = lobby.start(
        PLACE,
        sitting(*members),
        members[0].id,
        fill_with_bots=True,
        seeds=lambda: 7,
        hands=None,
        now=0.0,
    )
    assert isinstance(step.state, Playing) and step.state.table_id == UNSTORED
    assert step.write is not None
    table_id = await step.write(store)
    assert table_id is not None
    return dataclasses.replace(step.state, table_id=table_id)


async def test_a_member_leaving_mid_game_plans_a_bot_the_host_role_and_a_notice() -> None:
    store = MemoryStore()
    playing = await dealt(store, ANN, BEA)
    playing = dataclasses.replace(playing, stop_votes=frozenset({ANN.id}), missed=(1, 0, 0, 0))

    step = seats.leave(PLACE, playing, ANN.id, lobby_only=False)

    after = step.state
    assert isinstance(after, Playing)
    assert after.seats[0] == bot_seat(0)
    assert after.host_id == BEA.id
    assert after.stop_votes == frozenset()
    assert after.missed_by(0) == 0
    assert after.seq == playing.seq and after.game is playing.game
    assert [(n.kind, n.text, n.seat, n.user_id) for n in step.notices] == [
        (NoticeKind.SEATS, "Ann left: a bot plays their seat.", 0, None)
    ]
    assert step.hands == Seats(())
    assert step.play is None and step.message is None
    # The plan changed nothing: the seats change only once its write is stored.
    assert playing.seats[0].user_id == ANN.id
    assert step.write is not None
    await step.write(store)
    assert store.tables[playing.table_id].seats == after.seats


async def test_the_last_member_leaving_closes_the_game() -> None:
    store = MemoryStore()
    playing = await dealt(store, ANN)

    step = seats.leave(PLACE, playing, ANN.id, lobby_only=False)

    assert step.state == Closed(seats.everyone_left, playing)
    assert isinstance(step.state, Closed) and step.state.reason() == "Everyone left the table."
    assert [n.kind for n in step.notices] == [NoticeKind.CLOSED]
    assert step.write is not None
    await step.write(store)
    assert store.finished == {playing.table_id: True} and playing.table_id in store.closed


async def test_leaving_a_lobby_only_is_refused_once_the_game_started() -> None:
    playing = await dealt(MemoryStore(), ANN, BEA)
    with pytest.raises(WrongStage):
        seats.leave(PLACE, playing, ANN.id, lobby_only=True)


async def test_leaving_a_game_over_seats_a_bot_for_the_rematch_and_stores_nothing() -> None:
    over = dataclasses.replace(Over.after(await dealt(MemoryStore(), ANN, BEA)), recorded=True)

    step = seats.leave(PLACE, over, BEA.id, lobby_only=False)

    assert isinstance(step.state, Over)
    assert step.state.seats[1] == bot_seat(1) and step.state.host_id == ANN.id
    assert step.write is None and step.notices == ()


def test_joining_a_lobby_plans_the_seat_and_its_write() -> None:
    before = sitting(ANN)
    step = lobby.join(PLACE, before, BEA, None)
    assert step.reply == 1
    assert step.state == Lobby(ANN.id, (before.seats[0], Seat(1, "Bea", BEA.id), None, None))
    assert step.write is not None and step.hands is NOBODY
    with pytest.raises(SeatUnavailable, match="already have a seat"):
        lobby.join(PLACE, step.state, BEA, None)
    with pytest.raises(SeatUnavailable, match="taken by Ann"):
        lobby.join(PLACE, before, CY, 0)


def test_a_deal_shows_members_their_hands_on_a_new_message() -> None:
    step = lobby.start(
        PLACE, sitting(ANN, BEA), ANN.id, fill_with_bots=True, seeds=lambda: 7, hands=None, now=0.0
    )
    assert step.reply == [2, 3]
    assert step.hands == Seats((0, 1))
    assert step.message == NewMessage(55)
    assert step.events  # the first deal's events, shown once stored


def test_a_refused_start_draws_no_seed() -> None:
    drawn: list[int] = []

    def seeds() -> int:
        drawn.append(7)
        return 7

    with pytest.raises(WrongStage, match="Seats 3, 4 still empty"):
        lobby.start(
            PLACE, sitting(ANN, BEA), ANN.id, fill_with_bots=False, seeds=seeds, hands=2, now=0.0
        )
    assert drawn == []


async def test_a_move_is_planned_to_be_worked_out_once_stored_and_a_wrong_one_refused() -> None:
    playing = await dealt(MemoryStore(), ANN, BEA)
    to_act = playing.game.to_act
    assert to_act is not None
    action = next(a for a in playing.game.legal_actions(to_act) if isinstance(a, Bid))

    step = play.move(playing, action, member_seat=None)

    assert step.play == action and step.hands is RECOMPUTE
    assert isinstance(step.state, Playing) and step.state.seq == playing.seq + 1
    assert step.touched is False
    other = (to_act + 1) % RULES.players
    with pytest.raises(IllegalAction, match="It's not your turn: waiting for"):
        play.move(playing, dataclasses.replace(action, seat=other), member_seat=other)
    assert playing.game.history == []  # planning applies nothing


async def test_a_timed_out_turn_is_played_by_a_bot_and_repeats_mark_the_seat_away() -> None:
    playing = await dealt(MemoryStore(), ANN, BEA)
    seat = playing.game.to_act
    assert seat is not None

    first = play.timed_out(playing, playing, seat, misses_before_away=2)
    assert first is not None and isinstance(first.state, Playing)
    assert first.write is None
    assert first.state.bot_turn == playing.seq and first.state.missed_by(seat) == 1
    assert [n.kind for n in first.notices] == [NoticeKind.TIMED_OUT]

    second = play.timed_out(first.state, playing, seat, misses_before_away=2)
    assert second is not None and isinstance(second.state, Playing)
    assert second.state.seats[seat].away and second.write is not None
    assert [n.kind for n in second.notices] == [NoticeKind.AWAY]

    moved = dataclasses.replace(playing, seq=playing.seq + 1)
    assert play.timed_out(moved, playing, seat, misses_before_away=2) is None


async def test_coming_back_is_refused_unless_away() -> None:
    playing = await dealt(MemoryStore(), ANN, BEA)
    with pytest.raises(NotAway):
        seats.back(playing, ANN.id)
    away = dataclasses.replace(playing.seats[0], away=True)
    step = seats.back(dataclasses.replace(playing, seats=(away, *playing.seats[1:])), ANN.id)
    assert isinstance(step.state, Playing) and not step.state.seats[0].away
    assert [n.text for n in step.notices] == ["Ann is back."]
    assert step.hands == Seats((0,))


async def test_a_game_over_keeps_the_game_but_not_the_turn_in_play() -> None:
    playing = await dealt(MemoryStore(), ANN, BEA)
    playing = dataclasses.replace(
        playing, seq=3, missed=(1, 0, 0, 0), bot_turn=3, stop_votes=frozenset({BEA.id})
    )
    over = Over.after(playing, hands_done=lambda: "1 hand played, as agreed.")
    assert (over.table_id, over.seats, over.game, over.seq) == (
        playing.table_id,
        playing.seats,
        playing.game,
        3,
    )
    assert over.stop_votes == frozenset({BEA.id}) and over.hands_done is not None
    assert over.missed == () and over.bot_turn is None and not over.recorded


async def test_a_majority_of_members_stops_the_game() -> None:
    playing = await dealt(MemoryStore(), ANN, BEA, CY)
    vote = closing.stop(PLACE, playing, BEA.id, moderator=False)
    assert vote.reply == closing.StopVote(False, 1, 2)
    assert isinstance(vote.state, Playing) and vote.write is None
    stopped = closing.stop(PLACE, vote.state, CY.id, moderator=False)
    assert stopped.reply == closing.StopVote(True, 2, 2)
    assert isinstance(stopped.state, Closed)
    assert stopped.state.reason() == "Stopped by a vote of the players (2 of 3)."
