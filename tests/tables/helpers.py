"""Members, a channel and moves shared by the table manager tests."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Action, Bid, PlayCard
from bot.tables import Member, Table, TableManager, TableStatus
from tests.doubles import ManualClock

ANN = Member(1, "Ann")
BEA = Member(2, "Bea")
CY = Member(3, "Cy")
DEE = Member(4, "Dee")
CHANNEL = 100


async def started(manager: TableManager, *members: Member, seed: int = 7) -> Table:
    """A table hosted by the first member, the others seated after, bots in the rest,
    settled at the first member's turn."""
    table = await manager.open(CHANNEL, members[0])
    for member in members[1:]:
        await table.join(member)
    await table.start(members[0].id, fill_with_bots=True, seed=seed)
    await manager.settle()
    return table


def move(table: Table, user_id: int) -> Action:
    """A required move (a bid or a card) for the member whose turn it is."""
    view = table.view(table.require_seat(user_id))
    return next(a for a in view.legal_actions if isinstance(a, Bid | PlayCard))


def member_to_act(table: Table) -> int | None:
    """The user id of whoever holds the seat to act (``None``: a bot's seat)."""
    assert table.game is not None and table.game.to_act is not None
    seat = table.seats[table.game.to_act]
    assert seat is not None
    return seat.user_id


async def bea_moves_until(
    manager: TableManager, clock: ManualClock, table: Table, done: Callable[[], bool]
) -> None:
    """Until ``done()``: Bea makes her move when it is her turn, otherwise a second passes
    (so bots' delays and other members' turn timers run)."""
    while not done():
        if member_to_act(table) == BEA.id:
            await table.act(BEA.id, move(table, BEA.id), seq=table.seq)
            await manager.settle()
        else:
            await clock.advance(1, manager.settle)


async def play_out(manager: TableManager, table: Table) -> None:
    """Every member lets the bot move for them until the game ends."""
    while table.status is TableStatus.PLAYING:
        await manager.settle()
        game = table.game
        if table.status is not TableStatus.PLAYING:
            break
        assert game is not None and game.to_act is not None
        seat = table.seats[game.to_act]
        assert seat is not None and seat.user_id is not None
        await table.autoplay(seat.user_id, seq=table.seq)


async def sub(
    table: Table, user_id: int, seat: int, member: Member, *, moderator: bool = False
) -> None:
    """``user_id`` asks ``member`` to take over ``seat``, and ``member`` accepts."""
    request = await table.ask_sub(user_id, seat, member, moderator=moderator)
    await table.accept_sub(request.request_id, member)
