"""Shared builders of plans: the state a change needs, the writes of a lobby and of a dealt
game's seats, a new deal, and a table closing."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from bot.engine import Game, Rules
from bot.i18n import N_, Words, _
from bot.storage.records import StoredLobby, TableStore
from bot.tables.errors import NoTable, StaleAction, WrongStage
from bot.tables.presenter import Notice, NoticeKind
from bot.tables.seating import missed, require_seat, with_seat
from bot.tables.states import (
    UNSTORED,
    Closed,
    Dealt,
    Lobby,
    Open,
    Over,
    Playing,
    Seat,
    State,
    TableStatus,
)
from bot.tables.steps import NewMessage, Seats, Step, Write

R = TypeVar("R")
S = TypeVar("S", Lobby, Playing, Over)

STALE = N_("That was for an earlier moment of the game: the table has moved on.")


@dataclass(frozen=True, slots=True)
class Place:
    """What a plan knows of its table besides the state: where it is, its rules, and the
    channel message that shows it."""

    channel_id: int
    guild_id: int | None
    rules: Rules
    message_id: int | None


def require(state: State, *kinds: type) -> Open:
    """``state``, when it is one of ``kinds`` (and open); otherwise why not, in words."""
    if isinstance(state, kinds) and not isinstance(state, Closed):
        return state
    raise {
        TableStatus.LOBBY: WrongStage(_("The game has not started yet.")),
        TableStatus.PLAYING: WrongStage(_("The game has already started.")),
        TableStatus.OVER: WrongStage(_("The game is over: start a rematch or a new table.")),
        TableStatus.CLOSED: NoTable(_("This table has closed.")),
    }[state.status]


def the(state: State, kind: type[S]) -> S:
    """``state``, when it is a ``kind``; otherwise the refusal ``require`` gives."""
    if isinstance(state, kind):
        return state
    require(state)
    raise AssertionError("unreachable: require() refuses every state")


def playing_seat(state: State, user_id: int, seq: int | None) -> tuple[Playing, int]:
    """The game in play and the member's seat; refused when ``seq`` (the moment the member
    saw) is not the game's."""
    playing = the(state, Playing)
    seat = require_seat(playing.seats, user_id)
    if seq is not None and seq != playing.seq:
        raise StaleAction(STALE)
    return playing, seat


def lobby_write(place: Place, lobby: Lobby, message_id: int | None = None) -> Write:
    stored = StoredLobby(
        place.channel_id,
        place.guild_id,
        lobby.host_id,
        place.rules,
        tuple(s for s in lobby.seats if s is not None),
        message_id if message_id is not None else place.message_id,
    )

    async def write(store: TableStore) -> None:
        await store.save_lobby(stored)

    return write


def lobby_step(
    place: Place, host_id: int | None, seats: tuple[Seat | None, ...], reply: R
) -> Step[R]:
    after = Lobby(host_id, seats)
    return Step(after, reply, lobby_write(place, after))


def seats_write(dealt: Dealt) -> Write:
    table_id, records = dealt.table_id, tuple(s for s in dealt.seats)

    async def write(store: TableStore) -> None:
        await store.update_seats(table_id, records)

    return write


def seats_step(
    playing: Playing,
    seat: Seat,
    notices: tuple[Notice, ...],
    hands: tuple[int, ...],
    *,
    host_id: int | None = None,
) -> Step[None]:
    """During play, ``seat`` takes its place (a sub, a bot for a leaver, away and back): a
    vote to stop by whoever held it goes, its missed turns start again, and the seats are
    stored. ``hands``: seats whose member sees their hand again."""
    old = playing.seats[seat.seat]
    votes = playing.stop_votes
    if old.user_id is not None and old.user_id != seat.user_id:
        votes = votes - {old.user_id}
    after = dataclasses.replace(
        playing,
        host_id=playing.host_id if host_id is None else host_id,
        seats=with_seat(playing.seats, seat.seat, seat),
        stop_votes=votes,
        missed=missed(playing, seat.seat, 0),
    )
    shown = tuple(s for s in hands if after.seats[s].user_id is not None)
    return Step(after, None, seats_write(after), notices=notices, hands=Seats(shown))


@dataclass(frozen=True, slots=True)
class Deal:
    """A new game's terms: who hosts, who sits where, its cards' seed, and how many hands
    it lasts (``None``: to the target score)."""

    host_id: int | None
    seats: tuple[Seat, ...]
    seed: int
    hands: int | None = None
    # When a game played for a time ends (Unix seconds); None: not played for a time.
    ends_at: int | None = None


def deal(
    place: Place,
    terms: Deal,
    filled: list[int],
    message_id: int | None,
    *,
    closes: int | None = None,
) -> Step[list[int]]:
    """A new game on ``terms``, stored (in place of the lobby, or closing game ``closes``)
    before it is shown. Replies with ``filled``, the seats bots filled."""
    game = Game.new(place.rules, seed=terms.seed)
    seats = tuple(dataclasses.replace(s, away=False) for s in terms.seats)
    records = tuple(s for s in seats)
    host_id, seed = terms.host_id, terms.seed
    guild_id, channel_id, rules = place.guild_id, place.channel_id, place.rules

    async def write(store: TableStore) -> int:
        return await store.create_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            rules=rules,
            seed=seed,
            dealer=game.dealer,
            seats=records,
            message_id=message_id,
            closes=closes,
            hands_limit=terms.hands,
            ends_at=terms.ends_at,
        )

    playing = Playing(
        table_id=UNSTORED,
        host_id=host_id,
        seats=seats,
        game=game,
        seed=seed,
        dealer=game.dealer,
        hands_limit=terms.hands,
        ends_at=terms.ends_at,
    )
    members = tuple(s.seat for s in seats if s.user_id is not None)
    return Step(
        playing,
        filled,
        write,
        events=tuple(game.initial_events),
        hands=Seats(members),
        message=NewMessage(message_id),
    )


def close(place: Place, state: State, reason: Words, reply: R) -> Step[R]:
    """The table closes: a lobby's row goes; a game in play is recorded as stopped and a
    game over as it ended, if that is not stored yet; either way it is closed."""
    shown = require(state, Lobby, Playing, Over)
    write: Write
    if isinstance(shown, Lobby):
        channel_id = place.channel_id

        async def write(store: TableStore) -> None:
            await store.drop_lobby(channel_id)

    elif isinstance(shown, Over) and shown.recorded:
        table_id = shown.table_id

        async def write(store: TableStore) -> None:
            await store.close_table(table_id)

    else:
        dealt = shown
        stopped = isinstance(shown, Playing) or shown.hands_done is not None

        async def write(store: TableStore) -> None:
            await store.finish_table(dealt.table_id, dealt.game, stopped=stopped, close=True)

    notice = Notice(NoticeKind.CLOSED, reason)
    return Step(Closed(reason, shown), reply, write, notices=(notice,))


def set_message(place: Place, state: State, message_id: int | None) -> Step[None] | None:
    """The channel message that shows the table is ``message_id`` from now on (``None``:
    nothing to change)."""
    if isinstance(state, Closed) or message_id == place.message_id:
        return None
    write: Write
    if isinstance(state, Lobby):
        write = lobby_write(place, state, message_id)
    else:
        table_id = state.table_id

        async def write(store: TableStore) -> None:
            await store.set_message(table_id, message_id)

    return Step(state, None, write, touched=False, message=NewMessage(message_id))


# A plan's source of fresh seeds: drawn only once the plan is sure to deal.
Seeds = Callable[[], int]
