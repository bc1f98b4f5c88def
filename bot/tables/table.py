"""One table in one channel: its state, its lock, and the one path every change takes.

A table is a lobby (members join, pick seats, the host adds bots), then a game in play from
``start``, then a game over (a ``rematch`` deals the same seats again), and closed when
stopped, idle, or replaced. Seats are numbered from 0. The states are the types in
``bot.tables.states``.

Every change, whoever asks for it (a member's click or command, a bot's move, a turn timer,
the idle sweep, a restore), takes the same four steps under the table's lock:

1. **validate**: plan the change from the current state (a plain function of
   ``bot.tables.plans``), or refuse with a ``TableError`` (or the engine's
   ``IllegalAction``) leaving everything as it was;
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
from bot.engine import Action, Claim, Event, Game, Rules, SeatView
from bot.i18n import N_, _
from bot.render.names import player_name
from bot.storage.records import (
    DuplicateAction,
    StorageFailed,
    StoredLobby,
    StoredTable,
    SubRequest,
)
from bot.tables.context import TableContext
from bot.tables.errors import HintsOff, NotSeated, StaleAction, StorageBusy, SubRefused, WrongStage
from bot.tables.game_clock import GameClock
from bot.tables.plans import closing, lobby, play, seats
from bot.tables.plans.closing import StopVote
from bot.tables.plans.common import STALE, Place, Seeds, close, playing_seat, set_message
from bot.tables.presenter import Notice, NoticeKind
from bot.tables.seen import SeatViews
from bot.tables.snapshot import SpectatorView, TableSnapshot, snapshot, spectator_view, timed
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
)
from bot.tables.steps import NOBODY, Recompute, Seats, Step, turn_of
from bot.tables.sub_requests import ask_refusal, check_answerable
from bot.tables.turns import Turns
from bot.tables.why import why_answer

__all__ = ["STORAGE_BACK", "STORAGE_BUSY", "STORAGE_WAIT", "Hint", "StopVote", "Table"]

log = logging.getLogger(__name__)

R = TypeVar("R")

STORAGE_WAIT = N_(
    "I can't save this game right now (a storage problem on the bot's side): the table"
    " waits, and goes on by itself as soon as saving works again."
)
STORAGE_BACK = N_("Saving works again: the game goes on.")
REASONS_UNREAD = N_(
    "I couldn't read the bots' reasons just now (a storage problem on the bot's side)."
    " Try again in a minute."
)
STORAGE_BUSY = N_(
    "I couldn't save that (a storage problem on the bot's side), so nothing changed."
    " Try again in a minute."
)


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
        # The latest seat's view made, kept until the game moves on (``bot.tables.seen``).
        self._views = SeatViews()
        self._turns = Turns(self, context, self._views)
        self._game_clock = GameClock(self, context)
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
            hands_limit=stored.hands_limit,
            ends_at=stored.ends_at,
            saw_hands=stored.saw_hands,
        )
        state: State = playing
        if game.is_over:
            state = dataclasses.replace(Over.after(playing), recorded=stored.finished)
        elif play.hands_done(playing) is not None:
            # Stopped at its agreed hands before the restart: over, as it was.
            over = Over.after(playing, hands_done=play.hands_done(playing))
            state = dataclasses.replace(over, recorded=stored.finished)
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
    def _place(self) -> Place:
        """What the plans know of this table besides its state."""
        return Place(self.channel_id, self.guild_id, self.rules, self._message_id)

    @property
    def close_reason(self) -> str | None:
        state = self._state
        return state.reason() if isinstance(state, Closed) else None

    @property
    def names(self) -> list[str]:
        """Each seat's name, as renderers take them."""
        seats = self._shown.seats
        return [
            _("Seat {number}").format(number=i + 1) if s is None else player_name(s.name)
            for i, s in enumerate(seats)
        ]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self._shown.seats if s and s.user_id == user_id), None)

    def member_seats(self) -> list[tuple[int, int]]:
        return [(s.seat, s.user_id) for s in self._shown.seats if s and s.user_id is not None]

    def away(self, seat: int) -> bool:
        shown = self._shown.seats[seat]
        return shown is not None and shown.away

    def missed_turns(self, seat: int) -> int:
        """How many turns in a row the seat's member has let run out."""
        shown = self._shown
        return shown.missed_by(seat) if isinstance(shown, Dealt) else 0

    def require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("You don't have a seat at this table."))
        return seat

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: show it to that seat's member only."""
        game = self.game
        if game is None:
            raise WrongStage(_("The game has not started yet."))
        return self._views.view(game, seat)

    def snapshot(self) -> TableSnapshot:
        """The public state, for the whole channel."""
        seen = snapshot(self._state, self.rules, self.channel_id, self.deadline, self._views)
        return timed(seen, self._state, self._context.clock.now())

    def hint(self, user_id: int) -> Hint:
        """What the ``normal`` bot would do in the member's place, and why."""
        if not self.rules.allow_suggestions:
            raise HintsOff(_("Hints are off at this table (house rule allow_suggestions)."))
        view = self.view(self.require_seat(user_id))
        # A claim is open to every seat all through the play; it is no move to suggest.
        if not other_than_claims(view.legal_actions):
            raise WrongStage(_("Nothing to do right now: wait for your turn."))
        action, reason = suggest(view)
        return Hint(action, reason)

    async def why(self, user_id: int, seat: int | None = None) -> str:
        """Why the bot in ``seat`` (``None``: the last bot to move) made its latest move, in
        words for the member asking (``bot.tables.why``). Read under the lock, so a move
        being stored is told once its reason is kept; after a restart the reasons are read
        back from the store the first time a member asks."""
        async with self.lock:
            turns, shown = self._turns, self._shown
            state = self._state
            if turns.to_recall and isinstance(state, Dealt):
                try:
                    turns.recall(await self._context.store.bot_reasons(state.table_id))
                except StorageFailed:
                    log.exception("Could not read the bots' reasons at %r", self)
                    raise StorageBusy(_(REASONS_UNREAD)) from None
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
        await self._member(lambda: lobby.opened(self._place, self._state))

    async def join(self, member: Member, seat: int | None = None) -> int:
        """Sit down: at ``seat``, or the first empty one (or one a bot holds). The seat."""
        index = await self._member(lambda: lobby.join(self._place, self._state, member, seat))
        self._turns.forget(index)
        return index

    async def choose_seat(self, user_id: int, seat: int) -> None:
        """Move to another seat (and so another partner); a bot there swaps with you."""
        await self._member(lambda: lobby.choose_seat(self._place, self._state, user_id, seat))
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
        return await self._member(
            lambda: lobby.add_bot(self._place, self._state, user_id, level, seat, name)
        )

    async def remove_bot(self, user_id: int, seat: int) -> None:
        await self._member(lambda: lobby.remove_bot(self._place, self._state, user_id, seat))
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
        seeds = self._seeds(seed)
        return await self._member(
            lambda: lobby.start(
                self._place,
                self._state,
                user_id,
                fill_with_bots=fill_with_bots,
                seeds=seeds,
                hands=hands,
                now=self._context.clock.now(),
            )
        )

    async def rematch(self, user_id: int) -> Table:
        """After the game: a new game with the same seats and rules, dealt at once."""
        seeds = self._seeds(None)
        now = self._context.clock.now()
        await self._member(lambda: lobby.rematch(self._place, self._state, user_id, seeds, now))
        return self

    def _seeds(self, seed: int | None) -> Seeds:
        """Where a deal's seed comes from: ``seed``, or the context's next one."""
        if seed is None:
            return self._context.seeds
        fixed = seed
        return lambda: fixed

    # -- play --------------------------------------------------------------------------

    async def act(
        self, user_id: int, action: Action, *, seq: int | None = None
    ) -> tuple[Event, ...]:
        """A member's move for their own seat (a bid, card, pass, claim, look, ...).
        Returns what it caused, so the member can be told (a claim's verdict, say)."""

        async def judge() -> None:
            # An early claim can take a second to judge (the engine's budget bounds it):
            # worked out in a thread, under this table's lock, so applying it finds the
            # verdict ready and other tables play on.
            playing, seat = playing_seat(self._state, user_id, seq)
            if isinstance(action, Claim) and action in playing.game.legal_actions(seat):
                await asyncio.to_thread(playing.game.claim_verdict, seat)

        await self._come_back(user_id)
        caused: list[Event] = []
        await self._member(
            lambda: play.act(self._state, user_id, action, seq), prepare=judge, caused=caused
        )
        return tuple(caused)

    async def autoplay(self, user_id: int, *, seq: int | None = None) -> None:
        """The bot makes the member's move this once, at their request."""
        playing, seat = playing_seat(self._state, user_id, seq)
        view = self._views.view(playing.game, seat)
        if not other_than_claims(view.legal_actions):
            raise WrongStage(_("Nothing to do right now: wait for your turn."))
        chosen = await self._turns.decide(view)
        await self._come_back(user_id)
        await self._member(lambda: play.act(self._state, user_id, chosen, playing.seq))

    async def back(self, user_id: int) -> None:
        """The member plays their seat again after being marked away."""
        await self._member(lambda: seats.back(self._state, user_id))

    async def _come_back(self, user_id: int) -> None:
        """A member who moves while marked away is back: stored first, as its own change,
        so a move that then fails to store still leaves the seat theirs."""
        if seats.is_away(self._state, user_id):
            await self._member(lambda: seats.back(self._state, user_id, away_only=False))

    # -- seats changing hands during play ----------------------------------------------

    async def leave(self, user_id: int, *, lobby_only: bool = False) -> None:
        """Leave the table. During play a bot takes the seat for the rest of the game, unless
        ``lobby_only`` (a lobby's button clicked after the start refuses instead). The
        route, planned to told, is in ``bot.tables.plans.seats``."""
        await self._member(
            lambda: seats.leave(self._place, self._state, user_id, lobby_only=lobby_only)
        )
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
        await self._member(lambda: seats.forget_host(self._place, self._state, user_id))
        return True

    async def ask_sub(
        self, user_id: int, seat: int, member: Member, *, moderator: bool = False
    ) -> SubRequest:
        """Ask ``member`` to take over ``seat`` (by the seat's player, the host or a
        moderator). Only the request is stored: the seat passes when they accept
        (``accept_sub``). ``SubRefused`` says why they may not be asked now."""
        context = self._context
        async with self.lock:
            playing = seats.sub_asked(self._state, user_id, seat, member, moderator)
            held = playing.seats[seat]
            expires = math.ceil(context.clock.now() + context.settings.sub_answer_time)
            request = SubRequest(0, playing.table_id, seat, member.id, held.user_id, expires)
            now = context.clock.now()

            def refuse(asked: tuple[SubRequest, ...]) -> None:
                why = ask_refusal(asked, playing.table_id, member.name, now)
                if why is not None:
                    raise SubRefused(why)

            try:
                # Checked and stored in one transaction: no other table, in this process or
                # another, asks the member in between.
                request_id = await context.store.add_sub_request(request, unless=refuse)
            except StorageFailed:
                log.exception("Could not store a request to take a seat at %r", self)
                raise StorageBusy(_(STORAGE_BUSY)) from None
        return dataclasses.replace(request, request_id=request_id)

    async def accept_sub(self, request_id: int, member: Member) -> int:
        """``member`` accepts request ``request_id``: the seat passes to them through the one
        pipeline, stored with their answer. Returns the seat."""
        found: list[SubRequest] = []

        async def load() -> None:
            found[:] = [await self._answerable(request_id, member.id)]

        await self._member(lambda: seats.accept_sub(self._state, found[0], member), prepare=load)
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
                raise StorageBusy(_(STORAGE_BUSY)) from None

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
            raise StorageBusy(_(STORAGE_BUSY)) from None
        return check_answerable(request, user_id, self._context.clock.now())

    # -- watching, the message, closing ------------------------------------------------

    async def watch(self, user_id: int) -> SpectatorView:
        """What the member may see as a spectator (the rules' ``allow_watching``). A seated
        member is refused: they must never see another seat's hand."""
        await self._member(lambda: seats.watch(self._place, self._state, user_id), tell=False)
        return spectator_view(self._state, self.rules, self.snapshot())

    async def set_message(self, message_id: int | None) -> None:
        """The channel message that shows this table (kept across restarts)."""
        await self.background(lambda: set_message(self._place, self._state, message_id), tell=False)

    async def stop(self, user_id: int, *, moderator: bool = False) -> StopVote:
        """The host or a moderator stops the table at once; a seated member votes, and a
        majority of the seated members stops it."""
        return await self._member(
            lambda: closing.stop(self._place, self._state, user_id, moderator=moderator)
        )

    async def expire(self) -> bool:
        """Close the table if nobody has acted on it for the settings' ``idle_close``."""
        idle, clock = self._context.settings.idle_close, self._context.clock
        if idle is None or clock.now() - self.last_active < idle:
            return False
        await self.background(
            lambda: closing.idle_close(
                self._place, self._state, clock.now() - self.last_active, idle
            )
        )
        return isinstance(self._state, Closed)

    async def replaced(self) -> None:
        """A newer table in this channel replaces this one: a new table where a game is
        over, or two open tables found at a restore."""
        await self._member(lambda: close(self._place, self._state, closing.replaced, None))

    async def resume(self) -> None:
        """After a restore: show the table and hands again, re-arm the timer, wake bots,
        and store a finished game's result if the restart came before it was stored."""
        async with self.lock:
            shown = self.game is not None and not (
                isinstance(self._state, Over) and self._state.hands_done is not None
            )  # after its agreed hands, the next deal is never shown
            hands = tuple(seat for seat, _ in self.member_seats()) if shown else ()
            self._turns.arm()
            self._game_clock.arm()
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
                raise StorageBusy(_(STORAGE_BUSY)) from None
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
                        await context.tell.notice(self, Notice(NoticeKind.STORAGE, _storage_wait))
                else:
                    if self._waiting_on_storage and step.write is not None:
                        self._waiting_on_storage = False
                        back = Notice(NoticeKind.STORAGE, _storage_back)
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
            self._game_clock.stop()
            self._context.disowned(self)
            raise StaleAction(_(STALE)) from None

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
            if isinstance(hands, Recompute):
                hands = Seats(play.seats_to_show(state, step.play.seat, events))
            state, events, notices = play.after_play(state, events, notices)
            if isinstance(state, Over) and state.hands_done is not None:
                hands = NOBODY  # the next deal is never shown
        before, self._state = self._state, state
        if step.message is not None:
            self._message_id = step.message.message_id
        if step.touched:
            self.last_active = self._context.clock.now()
        if turn_of(state) != turn_of(before):
            self._turns.arm()
        self._game_clock.arm()
        if tell:
            await self._tell(events, hands.seats if isinstance(hands, Seats) else (), notices)
        return events

    def _follow_up(self) -> None:
        """A game over is stored next, from the background (retried until it is)."""
        state = self._state
        if isinstance(state, Over) and not state.recorded:
            self._context.tasks.spawn(self._record(state))

    async def _record(self, over: Over) -> None:
        await self.background(
            lambda: play.record(self._place, self._state, over), tell=over.hands_done is not None
        )

    async def _tell(
        self, events: Sequence[Event], hands: Sequence[int], notices: Sequence[Notice]
    ) -> None:
        tell = self._context.tell
        await tell.table_changed(self, events)
        for seat in hands:
            await tell.hand_changed(self, seat)
        for notice in notices:
            await tell.notice(self, notice)


def _storage_wait() -> str:
    return _(STORAGE_WAIT)


def _storage_back() -> str:
    return _(STORAGE_BACK)
