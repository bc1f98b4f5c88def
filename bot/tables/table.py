"""One table in one channel: its state, its lock, and the one path every change takes.

A table is a lobby (members join, pick seats, the host adds bots), then a game in play from
``start``, then a game over (a ``rematch`` deals the same seats again), and closed when
stopped, idle, or replaced. Seats are numbered from 0. The states are the types in
``bot.tables.states``.

Every change, whoever asks for it (a member's click or command, a bot's move, a turn timer,
the idle sweep, a restore), takes the same four steps under the table's lock:

1. **validate**: plan the change from the current state, or refuse with a ``TableError``
   (or the engine's ``IllegalAction``) leaving everything as it was;
2. **store** what the change needs stored; until it is stored, nothing has changed;
3. **apply**: the planned state replaces the current one (and the engine applies the
   stored action);
4. **tell** the presenters, then arm whatever the next turn needs.

A member's change that cannot be stored is retried for a few seconds, then refused
(``StorageBusy``). A change from the table's own sources (a bot, a timer, a game's result)
waits for the store instead, retried with backoff, and the table says once that it is
waiting on storage and again when it goes on.

``act`` and ``autoplay`` take the ``seq`` the member saw (from a button's custom id): an
accepted action increments ``seq``, so a stale or repeated click is refused and an action
is applied at most once. ``seq=None`` (a typed command) skips that check.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from bot.ai import hint as suggest
from bot.ai.claims import other_than_claims
from bot.ai.levels import LEVELS
from bot.engine import (
    Action,
    CardsPassed,
    Claim,
    Event,
    Game,
    HandDealt,
    HandScored,
    IllegalAction,
    PassCards,
    PassingStarted,
    Redealt,
    Rules,
    SeatView,
    TrickWon,
)
from bot.storage.records import (
    DuplicateAction,
    StorageFailed,
    StoredLobby,
    StoredTable,
    SubRequest,
    TableStore,
)
from bot.tables.context import TableContext
from bot.tables.errors import (
    HintsOff,
    NoTable,
    NotAway,
    NotHost,
    NotSeated,
    NotYourSeat,
    RequestClosed,
    SeatUnavailable,
    StaleAction,
    StorageBusy,
    SubRefused,
    TableError,
    WatchRefused,
    WrongStage,
)
from bot.tables.presenter import Notice, NoticeKind
from bot.tables.seating import (
    missed,
    next_host,
    open_seat,
    require_host,
    require_seat,
    seat_index,
    seat_of,
    with_seat,
)
from bot.tables.snapshot import SpectatorView, TableSnapshot, snapshot, spectator_view
from bot.tables.states import (
    DEFAULT_LEVEL,
    UNSTORED,
    Closed,
    Dealt,
    Lobby,
    Member,
    Open,
    Over,
    Playing,
    Seat,
    State,
    TableStatus,
    bot_name,
    bot_seat,
)
from bot.tables.steps import Step, Write, turn_of
from bot.tables.sub_requests import ask_refusal, check_answerable
from bot.tables.turns import Turns
from bot.tables.why import why_answer

log = logging.getLogger(__name__)

R = TypeVar("R")
S = TypeVar("S", Lobby, Playing, Over)

STORAGE_WAIT = (
    "I can't save this game right now (a storage problem on the bot's side): the table"
    " waits, and goes on by itself as soon as saving works again."
)
STORAGE_BACK = "Saving works again: the game goes on."
STORAGE_BUSY = (
    "I couldn't save that (a storage problem on the bot's side), so nothing changed."
    " Try again in a minute."
)


@dataclass(frozen=True, slots=True)
class StopVote:
    """The outcome of ``stop``: stopped at once, or a vote counted towards a majority."""

    stopped: bool
    votes: int
    needed: int


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: str


class Table:
    """A table; opened by ``TableManager.open`` or restored by ``TableManager.restore``."""

    def __init__(
        self,
        context: TableContext,
        *,
        channel_id: int,
        guild_id: int | None,
        rules: Rules,
        state: State,
        message_id: int | None = None,
    ) -> None:
        self._context = context
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.rules = rules
        self._state = state
        self._message_id = message_id
        self.lock = asyncio.Lock()
        self.last_active = context.clock.now()
        self._turns = Turns(self, context)
        if isinstance(state, Dealt):
            self._turns.reseed(state.seed, restored=True)
        self._waiting_on_storage = False

    def __repr__(self) -> str:
        return f"<Table {self.table_id} channel={self.channel_id} {self.status}>"

    @classmethod
    def restored(cls, context: TableContext, stored: StoredTable) -> Table:
        """The table as it was when its last stored action was applied. Raises whatever
        the replay raises when the stored actions do not make a game."""
        game = Game.replay(
            stored.rules, seed=stored.seed, actions=stored.actions, dealer=stored.dealer
        )
        playing = Playing(
            table_id=stored.table_id,
            host_id=stored.host_id,
            seats=tuple(
                dataclasses.replace(s, bot=s.bot or DEFAULT_LEVEL) if s.user_id is None else s
                for s in stored.seats
            ),
            game=game,
            seed=stored.seed,
            dealer=stored.dealer,
            seq=len(stored.actions),
        )
        state: State = playing
        if game.is_over:
            state = dataclasses.replace(Over.after(playing), recorded=stored.finished)
        return cls(
            context,
            channel_id=stored.channel_id,
            guild_id=stored.guild_id,
            rules=stored.rules,
            state=state,
            message_id=stored.message_id,
        )

    @classmethod
    def restored_lobby(cls, context: TableContext, stored: StoredLobby) -> Table:
        """The lobby as it was last stored."""
        seats: list[Seat | None] = [None] * stored.rules.players
        for record in stored.seats:
            seats[record.seat] = record
        return cls(
            context,
            channel_id=stored.channel_id,
            guild_id=stored.guild_id,
            rules=stored.rules,
            state=Lobby(stored.host_id, tuple(seats)),
            message_id=stored.message_id,
        )

    # -- reading (no lock needed) ------------------------------------------------------

    @property
    def state(self) -> State:
        return self._state

    @property
    def status(self) -> TableStatus:
        return self._state.status

    @property
    def _shown(self) -> Open:
        """The state to show: a closed table shows what it was."""
        state = self._state
        return state.last if isinstance(state, Closed) else state

    @property
    def table_id(self) -> int | None:
        shown = self._shown
        return shown.table_id if isinstance(shown, Dealt) else None

    @property
    def seq(self) -> int:
        shown = self._shown
        return shown.seq if isinstance(shown, Dealt) else 0

    @property
    def game(self) -> Game | None:
        shown = self._shown
        return shown.game if isinstance(shown, Dealt) else None

    @property
    def host_id(self) -> int | None:
        return self._shown.host_id

    @property
    def seats(self) -> list[Seat | None]:
        return list(self._shown.seats)

    @property
    def deadline(self) -> float | None:
        """When the member to act runs out of time, if a timer runs."""
        return self._turns.deadline

    @property
    def message_id(self) -> int | None:
        return self._message_id

    @property
    def close_reason(self) -> str | None:
        state = self._state
        return state.reason if isinstance(state, Closed) else None

    @property
    def names(self) -> list[str]:
        """Each seat's name, as renderers take them."""
        return [f"Seat {i + 1}" if s is None else s.name for i, s in enumerate(self._shown.seats)]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self._shown.seats if s and s.user_id == user_id), None)

    def member_seats(self) -> list[tuple[int, int]]:
        return [(s.seat, s.user_id) for s in self._shown.seats if s and s.user_id is not None]

    def missed_turns(self, seat: int) -> int:
        """How many turns in a row the seat's member has let run out."""
        shown = self._shown
        return shown.missed_by(seat) if isinstance(shown, Dealt) else 0

    def require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise NotSeated("You don't have a seat at this table.")
        return seat

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: show it to that seat's member only."""
        game = self.game
        if game is None:
            raise WrongStage("The game has not started yet.")
        return game.view(seat)

    def snapshot(self) -> TableSnapshot:
        """The public state, for the whole channel."""
        return snapshot(self._state, self.rules, self.channel_id, self.deadline)

    def hint(self, user_id: int) -> Hint:
        """What the ``normal`` bot would do in the member's place, and why."""
        if not self.rules.allow_suggestions:
            raise HintsOff("Hints are off at this table (house rule allow_suggestions).")
        view = self.view(self.require_seat(user_id))
        # A claim is open to every seat all through the play; it is no move to suggest.
        if not other_than_claims(view.legal_actions):
            raise WrongStage("Nothing to do right now: wait for your turn.")
        action, reason = suggest(view)
        return Hint(action, reason)

    async def why(self, user_id: int, seat: int | None = None) -> str:
        """Why the bot in ``seat`` (``None``: the last bot to move) made its latest move, in
        words for the member asking (``bot.tables.why``). Read under the lock, so a move
        being stored is told once its reason is kept."""
        async with self.lock:
            turns, shown = self._turns, self._shown
            return why_answer(
                self.game,
                self.rules,
                shown.seats,
                self.names,
                turns.reasons,
                asker_seated=self.seat_of(user_id) is not None,
                seat=seat,
                last_seat=turns.last_seat,
                restored=turns.restored,
            )

    # -- the lobby ---------------------------------------------------------------------

    async def opened(self) -> None:
        """Store the new lobby and show it (``TableManager.open`` calls this once)."""

        def plan() -> Step[None]:
            lobby = self._the(Lobby)
            return self._lobby_step(lobby.host_id, lobby.seats, None)

        await self._member(plan)

    async def join(self, member: Member, seat: int | None = None) -> int:
        """Sit down: at ``seat``, or the first empty one (or one a bot holds). The seat."""

        def plan() -> Step[int]:
            lobby = self._the(Lobby)
            if seat_of(lobby.seats, member.id) is not None:
                raise SeatUnavailable("You already have a seat at this table.")
            index = open_seat(lobby.seats, seat)
            seats = with_seat(lobby.seats, index, Seat(index, member.name, member.id))
            return self._lobby_step(lobby.host_id, seats, index)

        index = await self._member(plan)
        self._turns.forget(index)
        return index

    async def choose_seat(self, user_id: int, seat: int) -> None:
        """Move to another seat (and so another partner); a bot there swaps with you."""

        def plan() -> Step[None]:
            lobby = self._the(Lobby)
            current = require_seat(lobby.seats, user_id)
            if seat == current:
                return Step(lobby, None, touched=False)
            target = open_seat(lobby.seats, seat)
            mover, other = lobby.seats[current], lobby.seats[target]
            assert mover is not None  # the member's own seat
            seats = list(lobby.seats)
            seats[target] = dataclasses.replace(mover, seat=target)
            seats[current] = None
            if other is not None:
                level = other.bot or DEFAULT_LEVEL
                name = bot_name(current, level) if other.name == bot_name(target, level) else None
                seats[current] = dataclasses.replace(other, seat=current, name=name or other.name)
            return self._lobby_step(lobby.host_id, tuple(seats), None)

        await self._member(plan)
        self._turns.forget()

    async def add_bot(
        self,
        user_id: int,
        level: str = DEFAULT_LEVEL,
        seat: int | None = None,
        *,
        name: str | None = None,
    ) -> int:
        """The host seats a bot (``easy``, ``normal`` or ``hard``), named ``name`` or after
        its seat and level. Returns its seat."""

        def plan() -> Step[int]:
            lobby = self._the(Lobby)
            require_host(lobby.host_id, user_id)
            if level not in LEVELS:
                raise TableError(f"No bot level {level!r}. Choose {', '.join(LEVELS)}.")
            index = open_seat(lobby.seats, seat, bots_too=False)
            held = Seat(index, name or bot_name(index, level), bot=level)
            return self._lobby_step(lobby.host_id, with_seat(lobby.seats, index, held), index)

        return await self._member(plan)

    async def remove_bot(self, user_id: int, seat: int) -> None:
        def plan() -> Step[None]:
            lobby = self._the(Lobby)
            require_host(lobby.host_id, user_id)
            held = lobby.seats[seat_index(lobby.seats, seat)]
            if held is None or not held.is_bot:
                raise SeatUnavailable(f"No bot sits in seat {seat + 1}.")
            return self._lobby_step(lobby.host_id, with_seat(lobby.seats, seat, None), None)

        await self._member(plan)
        self._turns.forget(seat)

    async def start(
        self,
        user_id: int,
        *,
        fill_with_bots: bool = False,
        seed: int | None = None,
        hands: int | None = None,
    ) -> list[int]:
        """The host deals the first hand. Empty seats get ``normal`` bots only when
        ``fill_with_bots``. ``seed`` fixes the cards (default: the context's next seed);
        ``hands`` ends the table after that many hands instead of at the target score.
        Returns the seats bots filled."""

        def plan() -> Step[list[int]]:
            lobby = self._the(Lobby)
            require_host(lobby.host_id, user_id)
            empty = [i for i, s in enumerate(lobby.seats) if s is None]
            if empty and not fill_with_bots:
                seats = ", ".join(str(i + 1) for i in empty)
                raise WrongStage(
                    f"Seat{'s' if len(empty) > 1 else ''} {seats} still empty:"
                    " wait for players, add bots, or start with bots in the empty seats."
                )
            filled = tuple(s or bot_seat(i) for i, s in enumerate(lobby.seats))
            return self._deal(lobby.host_id, filled, seed, hands, empty, self._message_id)

        return await self._member(plan)

    # -- play --------------------------------------------------------------------------

    async def act(
        self, user_id: int, action: Action, *, seq: int | None = None
    ) -> tuple[Event, ...]:
        """A member's move for their own seat (a bid, card, pass, claim, look, ...).
        Returns what it caused, so the member can be told (a claim's verdict, say)."""

        def plan() -> Step[None]:
            playing, seat = self._playing_seat(user_id, seq)
            if action.seat != seat:
                raise NotYourSeat("You can only act for your own seat.")
            return self.move(playing, action, member_seat=seat)

        async def judge() -> None:
            # An early claim can take a second to judge (the engine's budget bounds it):
            # worked out in a thread, under this table's lock, so applying it finds the
            # verdict ready and other tables play on.
            playing, seat = self._playing_seat(user_id, seq)
            if isinstance(action, Claim) and action in playing.game.legal_actions(seat):
                await asyncio.to_thread(playing.game.claim_verdict, seat)

        await self._come_back(user_id)
        caused: list[Event] = []
        await self._member(plan, prepare=judge, caused=caused)
        return tuple(caused)

    async def autoplay(self, user_id: int, *, seq: int | None = None) -> None:
        """The bot makes the member's move this once, at their request."""
        playing, seat = self._playing_seat(user_id, seq)
        view = playing.game.view(seat)
        if not other_than_claims(view.legal_actions):
            raise WrongStage("Nothing to do right now: wait for your turn.")
        chosen = await self._turns.decide(view)

        def plan() -> Step[None]:
            now, _ = self._playing_seat(user_id, playing.seq)
            return self.move(now, chosen, member_seat=seat)

        await self._come_back(user_id)
        await self._member(plan)

    async def back(self, user_id: int) -> None:
        """The member plays their seat again after being marked away."""

        def plan() -> Step[None]:
            playing = self._the(Playing)
            seat = playing.seats[require_seat(playing.seats, user_id)]
            if not seat.away:
                raise NotAway("You are not marked away: the seat is yours to play.")
            return self._back_step(playing, seat)

        await self._member(plan)

    async def _come_back(self, user_id: int) -> None:
        """A member who moves while marked away is back: stored first, as its own change,
        so a move that then fails to store still leaves the seat theirs."""

        def plan() -> Step[None]:
            playing = self._the(Playing)
            seat = playing.seats[require_seat(playing.seats, user_id)]
            return self._back_step(playing, seat)

        state = self._state
        if isinstance(state, Playing):
            index = state.seat_of(user_id)
            if index is not None and state.seats[index].away:
                await self._member(plan)

    async def ask_sub(
        self, user_id: int, seat: int, member: Member, *, moderator: bool = False
    ) -> SubRequest:
        """Ask ``member`` to take over ``seat`` (by the seat's player, the host or a
        moderator). Only the request is stored: the seat passes when they accept
        (``accept_sub``). ``SubRefused`` says why they may not be asked now."""
        context = self._context
        async with self.lock:
            playing = self._the(Playing)
            held = playing.seats[seat_index(playing.seats, seat)]
            if not (moderator or user_id in (held.user_id, playing.host_id)):
                raise NotHost("Only the seat's player, the host or a moderator can hand it over.")
            self._may_take_seat(playing, member)
            expires = math.ceil(context.clock.now() + context.settings.sub_answer_time)
            request = SubRequest(0, playing.table_id, seat, member.id, held.user_id, expires)
            async with context.asking:
                try:
                    asked = await context.store.sub_requests(member.id)
                    why = ask_refusal(asked, playing.table_id, member.name, context.clock.now())
                    if why is not None:
                        raise SubRefused(why)
                    request_id = await context.store.add_sub_request(request)
                except StorageFailed:
                    log.exception("Could not store a request to take a seat at %r", self)
                    raise StorageBusy(STORAGE_BUSY) from None
        return dataclasses.replace(request, request_id=request_id)

    async def accept_sub(self, request_id: int, member: Member) -> int:
        """``member`` accepts request ``request_id``: the seat passes to them through the one
        pipeline, stored with their answer. Returns the seat."""
        found: list[SubRequest] = []

        async def load() -> None:
            found[:] = [await self._answerable(request_id, member.id)]

        def plan() -> Step[None]:
            request = found[0]
            playing = self._the(Playing)
            if request.table_id != playing.table_id:
                raise RequestClosed("That game is over, so this request no longer applies.")
            if playing.seats[request.seat].user_id != request.held_by:
                raise RequestClosed(
                    f"Seat {request.seat + 1} has changed hands since you were asked, so this"
                    " request no longer applies: nothing changed."
                )
            step = self._sub_step(playing, request.seat, member)
            seats = step.state.seats if isinstance(step.state, Playing) else ()

            async def write(store: TableStore) -> None:
                await store.answer_sub_request(request_id, "accepted", seats)

            return dataclasses.replace(step, write=write)

        await self._member(plan, prepare=load)
        self._turns.forget(found[0].seat)
        return found[0].seat

    async def decline_sub(self, request_id: int, user_id: int) -> None:
        """The member declines request ``request_id``: nothing changes but the answer."""
        async with self.lock:
            await self._answerable(request_id, user_id)
            try:
                await self._context.store.answer_sub_request(request_id, "declined")
            except StorageFailed:
                log.exception("Could not store a declined request at %r", self)
                raise StorageBusy(STORAGE_BUSY) from None

    async def drop_sub(self, request_id: int) -> None:
        """Forget a request that never reached its member (it could not be posted)."""
        try:
            await self._context.store.drop_sub_request(request_id)
        except StorageFailed:
            log.exception("Could not drop request %d at %r; it expires by itself", request_id, self)

    async def _answerable(self, request_id: int, user_id: int) -> SubRequest:
        try:
            request = await self._context.store.sub_request(request_id)
        except StorageFailed:
            log.exception("Could not read request %d at %r", request_id, self)
            raise StorageBusy(STORAGE_BUSY) from None
        return check_answerable(request, user_id, self._context.clock.now())

    async def leave(self, user_id: int, *, lobby_only: bool = False) -> None:
        """Leave the table. During play a bot takes the seat for the rest of the game, unless
        ``lobby_only`` (a lobby's button clicked after the start refuses instead)."""

        def plan() -> Step[None]:
            state = self._require(Lobby) if lobby_only else self._require(Lobby, Playing, Over)
            index = require_seat(state.seats, user_id)
            if not any(s and s.user_id not in (None, user_id) for s in state.seats):
                return self._close_step("Everyone left the table.", None)
            if isinstance(state, Lobby):
                seats = with_seat(state.seats, index, None)
                return self._lobby_step(next_host(state.host_id, user_id, seats), seats, None)
            held, bot = state.seats[index], bot_seat(index)
            if isinstance(state, Over):
                # The game is stored and over: the bot takes the seat for a rematch only,
                # which stores the seats it deals to.
                dealt = with_seat(state.seats, bot.seat, bot)
                host = next_host(state.host_id, user_id, dealt)
                return Step(dataclasses.replace(state, seats=dealt, host_id=host), None)
            text = f"{held.name} left: a bot plays their seat."
            notice = Notice(NoticeKind.SEATS, text, index, None)
            host = next_host(state.host_id, user_id, with_seat(state.seats, bot.seat, bot))
            return self._seats_step(state, bot, (notice,), (), host_id=host)

        await self._member(plan)
        self._turns.forget()

    async def forget(self, user_id: int) -> bool:
        """``/spades forgetme``: the member leaves as ``leave`` does (a bot takes their seat
        in play, the host role passes on) and, hosting without a seat, hands the role to
        the first member seated; a lobby left with no member closes. Returns whether the
        table held them."""
        if self.seat_of(user_id) is not None:
            with contextlib.suppress(NotSeated):  # they left meanwhile
                await self.leave(user_id)
                return True
        if isinstance(self._state, Closed) or self.host_id != user_id:
            return False

        def plan() -> Step[None]:
            state = self._require(Lobby, Playing, Over)
            host = next_host(state.host_id, user_id, state.seats)
            if isinstance(state, Lobby):
                if host is None:
                    return self._close_step("Everyone left the table.", None)
                return self._lobby_step(host, state.seats, None)
            # The tables row's host is rewritten by the store's forget_member.
            return Step(dataclasses.replace(state, host_id=host), None, touched=False)

        await self._member(plan)
        return True

    async def stop(self, user_id: int, *, moderator: bool = False) -> StopVote:
        """The host or a moderator stops the table at once; a seated member votes, and a
        majority of the seated members stops it."""

        def plan() -> Step[StopVote]:
            state = self._require(Lobby, Playing, Over)
            if moderator or user_id == state.host_id:
                who = "the host" if user_id == state.host_id else "a moderator"
                return self._close_step(f"Stopped by {who}.", StopVote(True, 0, 0))
            seat = state.seats[require_seat(state.seats, user_id)]
            assert seat is not None  # the member's own seat
            if isinstance(state, Lobby):
                raise NotHost("Only the host or a moderator can close the lobby: Leave stands up.")
            votes_cast = state.stop_votes | {user_id}
            voters = {s.user_id for s in state.members()}
            votes = len(votes_cast & voters)
            needed = len(voters) // 2 + 1
            if votes >= needed:
                reason = f"Stopped by a vote of the players ({votes} of {len(voters)})."
                return self._close_step(reason, StopVote(True, votes, needed))
            text = f"{seat.name} votes to stop the game: {votes} of {needed} votes needed."
            notice = Notice(NoticeKind.STOP_VOTE, text, seat.seat, user_id)
            after = dataclasses.replace(state, stop_votes=votes_cast)
            return Step(after, StopVote(False, votes, needed), notices=(notice,))

        return await self._member(plan)

    async def rematch(self, user_id: int) -> Table:
        """After the game: a new game with the same seats and rules, dealt at once."""

        def plan() -> Step[list[int]]:
            over = self._the(Over)
            require_seat(over.seats, user_id)
            if not over.recorded:
                raise WrongStage(
                    "The last game's result is still being saved: try again in a moment."
                )
            members = {s.user_id for s in over.members()}
            host = over.host_id if over.host_id in members else user_id
            return self._deal(
                host, over.seats, None, over.hands_limit, [], None, closes=over.table_id
            )

        await self._member(plan)
        return self

    async def watch(self, user_id: int) -> SpectatorView:
        """What the member may see as a spectator (the rules' ``allow_watching``). A seated
        member is refused: they must never see another seat's hand."""

        def plan() -> Step[None]:
            if self.seat_of(user_id) is not None:
                raise WatchRefused("You're playing at this table: use /spades hand.")
            if self.rules.allow_watching == "no":
                raise WatchRefused("This table's rules don't allow watching.")
            state = self._state
            if self.rules.allow_watching == "face_up" and isinstance(state, Playing):
                # Remembered so they are never seated in this game (not stored).
                seen = dataclasses.replace(state, saw_hands=state.saw_hands | {user_id})
                return Step(seen, None, touched=False)
            return Step(state, None, touched=False)

        await self._member(plan, tell=False)
        return spectator_view(self._state, self.rules, self.snapshot())

    async def set_message(self, message_id: int | None) -> None:
        """The channel message that shows this table (kept across restarts)."""

        def plan() -> Step[None] | None:
            state = self._state
            if isinstance(state, Closed) or message_id == self._message_id:
                return None
            if isinstance(state, Lobby):
                write = self._lobby_write(state, message_id)
            else:
                table_id = state.table_id

                async def write(store: TableStore) -> None:
                    await store.set_message(table_id, message_id)

            return Step(state, None, write, touched=False, message_id=message_id, new_message=True)

        await self.background(plan, tell=False)

    async def expire(self) -> bool:
        """Close the table if nobody has acted on it for the settings' ``idle_close``."""
        idle = self._context.settings.idle_close
        if idle is None or self._context.clock.now() - self.last_active < idle:
            return False
        reason = f"Closed after {_duration(idle)} without a move from anyone."

        def plan() -> Step[None] | None:
            if isinstance(self._state, Closed):
                return None
            if self._context.clock.now() - self.last_active < idle:
                return None
            return self._close_step(reason, None)

        await self.background(plan)
        return isinstance(self._state, Closed)

    async def replaced(self) -> None:
        """A newer table in this channel replaces this one: a new table where a game is
        over, or two open tables found at a restore."""
        await self._member(
            lambda: self._close_step("A newer table in this channel replaced it.", None)
        )

    async def resume(self) -> None:
        """After a restore: show the table and hands again, re-arm the timer, wake bots,
        and store a finished game's result if the restart came before it was stored."""
        async with self.lock:
            hands = tuple(seat for seat, _ in self.member_seats()) if self.game else ()
            self._turns.arm()
            await self._tell((), hands, ())
        self._follow_up()

    # -- the pipeline ------------------------------------------------------------------

    async def _member(
        self,
        plan: Callable[[], Step[R]],
        *,
        tell: bool = True,
        prepare: Callable[[], Awaitable[None]] | None = None,
        caused: list[Event] | None = None,
    ) -> R:
        """A member's change: validated, stored, applied, told. Refusals, and a change that
        cannot be stored now (``StorageBusy``), leave everything as it was. ``prepare``
        runs first under the lock: slow work the plan relies on, changing nothing.
        ``caused`` receives the events the change brought about."""
        async with self.lock:
            if prepare is not None:
                await prepare()
            step = plan()
            try:
                stored = await self._store(step)
            except StorageFailed:
                log.exception("Could not store a member's change to %r", self)
                raise StorageBusy(STORAGE_BUSY) from None
            events = await self._apply(step, stored, tell=tell)
            if caused is not None:
                caused.extend(events)
        self._follow_up()
        return step.reply

    async def background(self, plan: Callable[[], Step[R] | None], *, tell: bool = True) -> None:
        """A change from the table's own sources: planned afresh on every try (``None``:
        nothing to do any more), stored with backoff until the store works, then applied
        and told. The lock is free between tries, so members are answered meanwhile."""
        context = self._context
        delay = context.settings.retry_first
        while True:
            async with self.lock:
                step = plan()
                if step is None:
                    return
                try:
                    stored = await self._store(step)
                except StaleAction:
                    return
                except StorageFailed:
                    log.exception("Could not store a change to %r; retrying in %.1fs", self, delay)
                    if not self._waiting_on_storage:
                        self._waiting_on_storage = True
                        await context.tell.notice(self, Notice(NoticeKind.STORAGE, STORAGE_WAIT))
                else:
                    if self._waiting_on_storage and step.write is not None:
                        self._waiting_on_storage = False
                        back = Notice(NoticeKind.STORAGE, STORAGE_BACK)
                        step = dataclasses.replace(step, notices=(back, *step.notices))
                    await self._apply(step, stored, tell=tell)
                    break
            async with context.tasks.parked():
                await context.clock.sleep_until(context.clock.now() + delay)
            delay = min(delay * 2, context.settings.retry_longest)
        self._follow_up()

    async def _store(self, step: Step[R]) -> int | None:
        """Store what ``step`` needs stored. ``StorageFailed``: nothing was stored, try
        again. A step stored already (an earlier try's commit reached the database after all)
        counts as stored; a step another writer took means this process no longer owns the
        table: it stops acting on it and refuses, and a restart replays the store."""
        if step.write is None:
            return None
        try:
            return await step.write(self._context.store)
        except DuplicateAction as taken:
            if taken.stored_same:
                return None
            log.error("%r: step %d was stored by another writer; the table stops", self, self.seq)
            self._turns.stop()
            self._context.disowned(self)
            raise StaleAction(
                "That was for an earlier moment of the game: the table has moved on."
            ) from None

    async def _apply(self, step: Step[R], stored: int | None, *, tell: bool) -> list[Event]:
        """The stored change takes effect: the new state, the engine's action, then what
        everyone is told and what the next turn needs. Returns the events."""
        state = step.state
        if isinstance(state, Dealt) and state.table_id == UNSTORED:
            assert stored is not None, "a new game's write returns its table id"
            state = dataclasses.replace(state, table_id=stored)
            self._turns.reseed(state.seed)
        events = list(step.events)
        notices = list(step.notices)
        hands = step.hands
        if step.play is not None and isinstance(state, Playing):
            events = state.game.apply(step.play)
            if hands is None:
                hands = self._seats_to_show(state, step.play.seat, events)
            state, events, notices = self._after_play(state, events, notices)
            if isinstance(state, Over) and state.hands_done is not None:
                hands = ()  # the next deal is never shown
        before, self._state = self._state, state
        if step.new_message:
            self._message_id = step.message_id
        if step.touched:
            self.last_active = self._context.clock.now()
        if turn_of(state) != turn_of(before):
            self._turns.arm()
        if tell:
            await self._tell(events, hands or (), notices)
        return events

    def _after_play(
        self, playing: Playing, events: list[Event], notices: list[Notice]
    ) -> tuple[State, list[Event], list[Notice]]:
        """The state a stored play leads to: the game over, or the agreed hands played."""
        game = playing.game
        if game.is_over:
            notices.append(self._game_over_notice(game, playing))
            return Over.after(playing), events, notices
        limit = playing.hands_limit
        if limit is not None and len(game.results) >= limit:
            # The agreed hands are played: the next deal is never shown.
            scored = max(i for i, e in enumerate(events) if isinstance(e, HandScored))
            text = f"{limit} hand{'s' if limit > 1 else ''} played, as agreed."
            return Over.after(playing, hands_done=text), events[: scored + 1], notices
        return playing, events, notices

    def _follow_up(self) -> None:
        """A game over is stored next, from the background (retried until it is)."""
        state = self._state
        if isinstance(state, Over) and not state.recorded:
            self._context.tasks.spawn(self._record(state))

    async def _record(self, over: Over) -> None:
        def plan() -> Step[None] | None:
            state = self._state
            if state is not over:
                return None
            if over.hands_done is not None:
                return self._close_step(over.hands_done, None)

            async def write(store: TableStore) -> None:
                await store.finish_table(over.table_id, over.game, stopped=False)

            return Step(dataclasses.replace(over, recorded=True), None, write, touched=False)

        await self.background(plan, tell=over.hands_done is not None)

    async def _tell(
        self, events: Sequence[Event], hands: Sequence[int], notices: Sequence[Notice]
    ) -> None:
        tell = self._context.tell
        await tell.table_changed(self, events)
        for seat in hands:
            await tell.hand_changed(self, seat)
        for notice in notices:
            await tell.notice(self, notice)

    # -- planning helpers (no awaits: they read the state and build the next one) ------

    def _require(self, *kinds: type) -> Open:
        state = self._state
        if isinstance(state, kinds) and not isinstance(state, Closed):
            return state
        raise {
            TableStatus.LOBBY: WrongStage("The game has not started yet."),
            TableStatus.PLAYING: WrongStage("The game has already started."),
            TableStatus.OVER: WrongStage("The game is over: start a rematch or a new table."),
            TableStatus.CLOSED: NoTable("This table has closed."),
        }[state.status]

    def _the(self, kind: type[S]) -> S:
        """The state, when it is a ``kind``; otherwise the refusal ``_require`` gives."""
        state = self._state
        if isinstance(state, kind):
            return state
        self._require()
        raise AssertionError("unreachable: _require() refuses every state")

    def _playing_seat(self, user_id: int, seq: int | None) -> tuple[Playing, int]:
        playing = self._the(Playing)
        seat = require_seat(playing.seats, user_id)
        if seq is not None and seq != playing.seq:
            raise StaleAction("That was for an earlier moment of the game: the table has moved on.")
        return playing, seat

    def _lobby_write(self, lobby: Lobby, message_id: int | None = None) -> Write:
        stored = StoredLobby(
            self.channel_id,
            self.guild_id,
            lobby.host_id,
            self.rules,
            tuple(s for s in lobby.seats if s is not None),
            message_id if message_id is not None else self._message_id,
        )

        async def write(store: TableStore) -> None:
            await store.save_lobby(stored)

        return write

    def _lobby_step(self, host_id: int | None, seats: tuple[Seat | None, ...], reply: R) -> Step[R]:
        after = Lobby(host_id, seats)
        return Step(after, reply, self._lobby_write(after))

    def seats_write(self, dealt: Dealt) -> Write:
        table_id, records = dealt.table_id, tuple(s for s in dealt.seats)

        async def write(store: TableStore) -> None:
            await store.update_seats(table_id, records)

        return write

    def _seats_step(
        self,
        playing: Playing,
        seat: Seat,
        notices: tuple[Notice, ...],
        hands: tuple[int, ...],
        *,
        host_id: int | None = None,
    ) -> Step[None]:
        """During play, ``seat`` takes its place (a sub, a bot for a leaver, away and back)."""
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
        return Step(after, None, self.seats_write(after), notices=notices, hands=shown)

    def _deal(
        self,
        host_id: int | None,
        seats: tuple[Seat, ...],
        seed: int | None,
        hands: int | None,
        filled: list[int],
        message_id: int | None,
        *,
        closes: int | None = None,
    ) -> Step[list[int]]:
        """A new game for ``seats``, stored (in place of the lobby) before it is shown."""
        seed = self._context.seeds() if seed is None else seed
        game = Game.new(self.rules, seed=seed)
        seats = tuple(dataclasses.replace(s, away=False) for s in seats)
        records = tuple(s for s in seats)
        guild_id, channel_id, rules = self.guild_id, self.channel_id, self.rules

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
            )

        playing = Playing(
            table_id=UNSTORED,
            host_id=host_id,
            seats=seats,
            game=game,
            seed=seed,
            dealer=game.dealer,
            hands_limit=hands,
        )
        members = tuple(s.seat for s in seats if s.user_id is not None)
        return Step(
            playing,
            filled,
            write,
            events=tuple(game.initial_events),
            hands=members,
            message_id=message_id,
            new_message=True,
        )

    def move(self, playing: Playing, action: Action, *, member_seat: int | None) -> Step[None]:
        """A stored action for the game: checked against the rules first. ``member_seat``:
        the member moved for their own seat, so they are here (no longer away)."""
        action = self._legal(playing, action)
        table_id, seq = playing.table_id, playing.seq + 1

        async def write(store: TableStore) -> None:
            await store.append_action(table_id, seq, action)

        after = dataclasses.replace(playing, seq=seq, bot_turn=None)
        if member_seat is not None:
            after = dataclasses.replace(after, missed=missed(playing, member_seat, 0))
        return Step(after, None, write, play=action, hands=None, touched=member_seat is not None)

    def _sub_step(self, playing: Playing, seat: int, member: Member) -> Step[None]:
        """``member`` takes over ``seat``; refused when they may not sit in this game."""
        self._may_take_seat(playing, member)
        held = playing.seats[seat]
        text = f"{member.name} takes over from {held.name}."
        notice = Notice(NoticeKind.SEATS, text, seat, member.id)
        return self._seats_step(playing, Seat(seat, member.name, member.id), (notice,), (seat,))

    @staticmethod
    def _may_take_seat(playing: Playing, member: Member) -> None:
        if playing.seat_of(member.id) is not None:
            raise SeatUnavailable(f"{member.name} already has a seat at this table.")
        if member.id in playing.saw_hands:
            raise SeatUnavailable(
                f"{member.name} has watched this game with every hand face up,"
                " so can't take a seat in it."
            )

    def _back_step(self, playing: Playing, seat: Seat) -> Step[None]:
        back = Notice(NoticeKind.BACK, f"{seat.name} is back.", seat.seat, seat.user_id)
        return self._seats_step(
            playing, dataclasses.replace(seat, away=False), (back,), (seat.seat,)
        )

    def _legal(self, playing: Playing, action: Action) -> Action:
        """``action`` as the rules' own legal action, or the engine's refusal. Checked
        without touching the game: it changes only once the action is stored."""
        legal = (
            playing.game.legal_actions(action.seat) if 0 <= action.seat < len(playing.seats) else []
        )
        if action in legal:
            if isinstance(action, Claim):
                # Refused, and nothing stored, when the judge could not decide it.
                playing.game.check_claim(action.seat)
            return action
        if isinstance(action, PassCards):
            wanted = sorted(c.index for c in action.cards)
            for option in legal:
                if (
                    isinstance(option, PassCards)
                    and sorted(c.index for c in option.cards) == wanted
                ):
                    return option
        # The engine words the refusal; a copy hears the action so the game stays as stored.
        probe = Game.replay(
            self.rules, seed=playing.seed, actions=playing.game.history, dealer=playing.dealer
        )
        try:
            probe.apply(action)
        except IllegalAction as refusal:
            if refusal.waiting_for is None:
                raise
            # The engine knows seats; the player knows who they are waiting for by name.
            who = playing.seats[refusal.waiting_for].name
            raise IllegalAction(
                f"It's not your turn: waiting for {who}.", waiting_for=refusal.waiting_for
            ) from None
        return action

    def _close_step(self, reason: str, reply: R) -> Step[R]:
        """The table closes: a lobby's row goes; a game in play is recorded as stopped and
        a game over as it ended, if that is not stored yet; either way it is closed."""
        state = self._require(Lobby, Playing, Over)
        write: Write
        if isinstance(state, Lobby):
            channel_id = self.channel_id

            async def write(store: TableStore) -> None:
                await store.drop_lobby(channel_id)

        elif isinstance(state, Over) and state.recorded:
            table_id = state.table_id

            async def write(store: TableStore) -> None:
                await store.close_table(table_id)

        else:
            dealt = state
            stopped = isinstance(state, Playing) or state.hands_done is not None

            async def write(store: TableStore) -> None:
                await store.finish_table(dealt.table_id, dealt.game, stopped=stopped, close=True)

        notice = Notice(NoticeKind.CLOSED, reason)
        return Step(Closed(reason, state), reply, write, notices=(notice,))

    def _game_over_notice(self, game: Game, dealt: Dealt) -> Notice:
        assert game.winner is not None
        names = [s.name for s in dealt.seats]
        winners = " & ".join(names[s] for s in game.teams[game.winner])
        scores = " to ".join(str(s) for s in sorted(game.scores, reverse=True))
        return Notice(
            NoticeKind.GAME_OVER,
            f"{winners} win{'s' if len(game.teams[game.winner]) == 1 else ''} {scores}."
            " Play again with the same seats? Ask for a rematch.",
        )

    def _seats_to_show(
        self, playing: Playing, actor: int, events: Sequence[Event]
    ) -> tuple[int, ...]:
        """Members' seats whose private state changed: the mover, the seat to act, and
        everyone on a new deal, when cards change hands, and when a trick or a hand ends (so
        a waiting member's hand never shows a state older than the last completed trick)."""
        seats = {actor}
        to_act = playing.game.to_act
        if to_act is not None:
            seats.add(to_act)
        for event in events:
            if isinstance(event, (HandDealt, Redealt, PassingStarted, TrickWon, HandScored)):
                seats.update(range(len(playing.seats)))
            elif isinstance(event, CardsPassed):
                seats.update((event.seat, event.to_seat))
        return tuple(sorted(s for s in seats if playing.seats[s].user_id is not None))

    # -- turns: bots and timers are sources of changes like members ---------------------


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{round(seconds / 60)} minutes"
    return f"{round(seconds)} seconds"
