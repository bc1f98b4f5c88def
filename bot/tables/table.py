"""One table in one channel: its seats, its game and its lock; every change to it is here.

A table starts as a lobby (members join, pick seats, the host adds bots), becomes a game at
``start``, is ``OVER`` when the game ends (a ``rematch`` opens a new table with the same
seats), and ``CLOSED`` when stopped, idle, or replaced. Seats are numbered from 0.

Every mutating method takes the table's lock, refuses with a ``TableError`` (or the engine's
``IllegalAction``) leaving everything as it was, and otherwise stores the change before
telling the presenters. ``act`` and ``autoplay`` take the ``seq`` the member saw (from a
button's custom id): an accepted action increments ``table.seq``, so a stale or repeated
click is refused and an action is applied at most once. ``seq=None`` (a typed command)
skips that check.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.ai import hint as suggest
from bot.ai.levels import LEVELS, policy_for
from bot.ai.policy import Policy
from bot.engine import (
    Action,
    CardsPassed,
    Event,
    Game,
    HandDealt,
    HandScored,
    IllegalAction,
    PassingStarted,
    Phase,
    Redealt,
    Rules,
    SeatView,
)
from bot.storage.records import SeatRecord, StoredLobby, StoredTable
from bot.tables.errors import (
    HintsOff,
    NoTable,
    NotAway,
    NotHost,
    NotSeated,
    NotYourSeat,
    SeatUnavailable,
    StaleAction,
    TableError,
    WatchRefused,
    WrongStage,
)
from bot.tables.presenter import Notice, NoticeKind, Presenter
from bot.tables.snapshot import (
    SpectatorView,
    TableSnapshot,
    TableStatus,
    snapshot,
    spectator_view,
)

if TYPE_CHECKING:
    from bot.tables.manager import TableManager

log = logging.getLogger(__name__)

# Seats a bot fills at ``start`` and plays for away or departed members.
DEFAULT_LEVEL = "normal"
_DOING = {Phase.DRAW: "draw", Phase.BID: "bid", Phase.PASS: "pass cards", Phase.PLAY: "play"}


@dataclass(frozen=True, slots=True)
class Member:
    """A person as the adapter knows them: a stable id and the name to show."""

    id: int
    name: str


@dataclass(slots=True)
class Seat:
    """Who holds a seat now. ``missed`` counts the member's timed-out turns in a row."""

    index: int
    name: str
    user_id: int | None = None
    bot: str | None = None
    away: bool = False
    missed: int = 0

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def autoplays(self) -> bool:
        """A bot chooses this seat's moves: a bot seat, or a member's seat while away."""
        return self.user_id is None or self.away

    def record(self) -> SeatRecord:
        return SeatRecord(self.index, self.name, self.user_id, self.bot, self.away)


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


def bot_name(index: int, level: str) -> str:
    return f"Bot {index + 1} ({level})"


class Table:
    """A table; made by ``TableManager.open``, ``rematch`` or ``TableManager.restore``."""

    def __init__(
        self,
        manager: TableManager,
        *,
        channel_id: int,
        guild_id: int | None,
        host_id: int | None,
        rules: Rules,
    ) -> None:
        self._manager = manager
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.host_id = host_id
        self.rules = rules
        self.seats: list[Seat | None] = [None] * rules.players
        self.status = TableStatus.LOBBY
        self.game: Game | None = None
        self.table_id: int | None = None  # the store's id, once started
        self.seed = 0
        self.first_dealer = 0
        self.seq = 0
        self.hands_limit: int | None = None
        self.message_id: int | None = None
        self._dealing = False  # the game is being stored: the lobby must not be stored again
        self.deadline: float | None = None
        self.stop_votes: set[int] = set()
        # Members who have seen this game's hands face up as spectators: never seated in it.
        self.saw_hands: set[int] = set()
        self.close_reason: str | None = None
        self.last_active = manager.clock.now()
        self.lock = asyncio.Lock()
        self._turn: asyncio.Task[None] | None = None
        self._policies: dict[int, Policy] = {}
        self._rng = random.Random()

    def __repr__(self) -> str:
        return f"<Table {self.table_id} channel={self.channel_id} {self.status}>"

    @classmethod
    def from_stored(cls, manager: TableManager, stored: StoredTable) -> Table:
        """The table as it was when its last stored action was applied."""
        table = cls._reopened(manager, stored)
        game = Game.replay(
            stored.rules, seed=stored.seed, actions=stored.actions, dealer=stored.dealer
        )
        table._set_game(
            stored.table_id,
            game,
            [Seat(s.seat, s.name, s.user_id, s.bot or DEFAULT_LEVEL, s.away) for s in stored.seats],
            seed=stored.seed,
            dealer=stored.dealer,
            seq=len(stored.actions),
        )
        return table

    @classmethod
    def from_lobby(cls, manager: TableManager, stored: StoredLobby) -> Table:
        """The lobby as it was last stored."""
        table = cls._reopened(manager, stored)
        for s in stored.seats:
            table.seats[s.seat] = Seat(s.seat, s.name, s.user_id, s.bot)
        return table

    @classmethod
    def _reopened(cls, manager: TableManager, stored: StoredTable | StoredLobby) -> Table:
        """A table in the stored one's channel, with its host, rules and message."""
        table = cls(
            manager,
            channel_id=stored.channel_id,
            guild_id=stored.guild_id,
            host_id=stored.host_id,
            rules=stored.rules,
        )
        table.message_id = stored.message_id
        return table

    # -- reading (no lock needed) ------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """Each seat's name, as renderers take them."""
        return [f"Seat {i + 1}" if s is None else s.name for i, s in enumerate(self.seats)]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.index for s in self.seats if s and s.user_id == user_id), None)

    def require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise NotSeated("You don't have a seat at this table.")
        return seat

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: show it to that seat's member only."""
        if self.game is None:
            raise WrongStage("The game has not started yet.")
        return self.game.view(seat)

    def snapshot(self) -> TableSnapshot:
        """The public state, for the whole channel."""
        return snapshot(self)

    def watch(self, user_id: int) -> SpectatorView:
        """What the member may see as a spectator (the rules' ``allow_watching``). A seated
        member is refused: they must never see another seat's hand."""
        if self.seat_of(user_id) is not None:
            raise WatchRefused("You're playing at this table: use /spades hand.")
        if self.rules.allow_watching == "no":
            raise WatchRefused("This table's rules don't allow watching.")
        if self.rules.allow_watching == "face_up" and self.status is TableStatus.PLAYING:
            self.saw_hands.add(user_id)
        return spectator_view(self)

    def hint(self, user_id: int) -> Hint:
        """What the ``normal`` bot would do in the member's place, and why."""
        if not self.rules.allow_suggestions:
            raise HintsOff("Hints are off at this table (house rule allow_suggestions).")
        view = self.view(self.require_seat(user_id))
        if not view.legal_actions:
            raise WrongStage("Nothing to do right now: wait for your turn.")
        action, reason = suggest(view)
        return Hint(action, reason)

    def _members(self) -> list[Seat]:
        return [s for s in self.seats if s is not None and s.user_id is not None]

    # -- lobby -------------------------------------------------------------------------

    async def join(self, member: Member, seat: int | None = None) -> int:
        """Sit down: at ``seat``, or the first empty one (or one a bot holds). The seat."""
        async with self.lock:
            self._require(TableStatus.LOBBY)
            if self.seat_of(member.id) is not None:
                raise SeatUnavailable("You already have a seat at this table.")
            index = self._open_seat(seat)
            self._drop_policy(index)
            self.seats[index] = Seat(index, member.name, member.id)
            await self._lobby_changed()
            return index

    async def choose_seat(self, user_id: int, seat: int) -> None:
        """Move to another seat (and so another partner); a bot there swaps with you."""
        async with self.lock:
            self._require(TableStatus.LOBBY)
            current = self.require_seat(user_id)
            if seat == current:
                return
            target = self._open_seat(seat)
            mover, other = self.seats[current], self.seats[target]
            assert mover is not None
            mover.index = target
            if other is not None:
                other.index = current
                level = other.bot or DEFAULT_LEVEL
                if other.name == bot_name(target, level):
                    other.name = bot_name(current, level)
            self.seats[current], self.seats[target] = other, mover
            self._policies.clear()
            await self._lobby_changed()

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
        async with self.lock:
            self._require(TableStatus.LOBBY)
            self._require_host(user_id)
            if level not in LEVELS:
                raise TableError(f"No bot level {level!r}. Choose {', '.join(LEVELS)}.")
            index = self._open_seat(seat, bots_too=False)
            self.seats[index] = Seat(index, name or bot_name(index, level), bot=level)
            await self._lobby_changed()
            return index

    async def remove_bot(self, user_id: int, seat: int) -> None:
        async with self.lock:
            self._require(TableStatus.LOBBY)
            self._require_host(user_id)
            held = self.seats[self._seat_index(seat)]
            if held is None or not held.is_bot:
                raise SeatUnavailable(f"No bot sits in seat {seat + 1}.")
            self.seats[seat] = None
            self._drop_policy(seat)
            await self._lobby_changed()

    async def leave(self, user_id: int, *, lobby_only: bool = False) -> None:
        """Leave the table. During play a bot takes the seat for the rest of the game, unless
        ``lobby_only`` (a lobby's button clicked after the start refuses instead)."""
        async with self.lock:
            if lobby_only:
                self._require(TableStatus.LOBBY)
            self._require(TableStatus.LOBBY, TableStatus.PLAYING, TableStatus.OVER)
            index = self.require_seat(user_id)
            held = self.seats[index]
            assert held is not None
            if self.status is TableStatus.PLAYING:
                await self._hand_over(
                    Seat(index, bot_name(index, DEFAULT_LEVEL), bot=DEFAULT_LEVEL),
                    f"{held.name} left: a bot plays their seat.",
                )
            else:
                self.seats[index] = None
            self.stop_votes.discard(user_id)
            if user_id == self.host_id:
                members = self._members()
                self.host_id = members[0].user_id if members else None
            if not self._members():
                await self._close("Everyone left the table.")
            elif self.status is TableStatus.LOBBY:
                await self._lobby_changed()

    async def start(
        self,
        user_id: int,
        *,
        fill_with_bots: bool = False,
        seed: int | None = None,
        hands: int | None = None,
    ) -> list[int]:
        """The host deals the first hand. Empty seats get ``normal`` bots only when
        ``fill_with_bots``. ``seed`` fixes the cards (default: a fresh random seed);
        ``hands`` ends the table after that many hands instead of at the target score.
        Returns the seats bots filled."""
        async with self.lock:
            self._require(TableStatus.LOBBY)
            self._require_host(user_id)
            empty = [i for i, s in enumerate(self.seats) if s is None]
            if empty and not fill_with_bots:
                seats = ", ".join(str(i + 1) for i in empty)
                raise WrongStage(
                    f"Seat{'s' if len(empty) > 1 else ''} {seats} still empty:"
                    " wait for players, add bots, or start with bots in the empty seats."
                )
            self.last_active = self._manager.clock.now()
            await self._begin(
                [
                    s or Seat(i, bot_name(i, DEFAULT_LEVEL), bot=DEFAULT_LEVEL)
                    for i, s in enumerate(self.seats)
                ],
                seed,
                hands,
            )
            return empty

    # -- play --------------------------------------------------------------------------

    async def act(self, user_id: int, action: Action, *, seq: int | None = None) -> None:
        """A member's move for their own seat (a bid, card, pass, claim, look, ...)."""
        async with self.lock:
            seat = self._playing_seat(user_id, seq)
            if action.seat != seat:
                raise NotYourSeat("You can only act for your own seat.")
            await self._apply(action, member_seat=seat)

    async def autoplay(self, user_id: int, *, seq: int | None = None) -> None:
        """The bot makes the member's move this once, at their request."""
        async with self.lock:
            seat = self._playing_seat(user_id, seq)
            view = self.view(seat)
            if not view.legal_actions:
                raise WrongStage("Nothing to do right now: wait for your turn.")
            await self._apply(await self._decide(view), member_seat=seat)

    async def back(self, user_id: int) -> None:
        """The member plays their seat again after being marked away."""
        async with self.lock:
            self._require(TableStatus.PLAYING)
            seat = self.seats[self.require_seat(user_id)]
            assert seat is not None
            if not seat.away:
                raise NotAway("You are not marked away: the seat is yours to play.")
            await self._set_away(seat, False)
            seat.missed = 0
            self._touch()
            self._schedule()
            await self._tell_notice(
                Notice(NoticeKind.BACK, f"{seat.name} is back.", seat.index, user_id)
            )
            await self._tell_changed((), (seat.index,))

    async def sub(
        self, user_id: int, seat: int, member: Member, *, moderator: bool = False
    ) -> None:
        """Hand ``seat`` to ``member``: by the seat's player, the host, or a moderator."""
        async with self.lock:
            self._require(TableStatus.PLAYING)
            held = self.seats[self._seat_index(seat)]
            assert held is not None
            if not (moderator or user_id in (held.user_id, self.host_id)):
                raise NotHost("Only the seat's player, the host or a moderator can hand it over.")
            if self.seat_of(member.id) is not None:
                raise SeatUnavailable(f"{member.name} already has a seat at this table.")
            if member.id in self.saw_hands:
                raise SeatUnavailable(
                    f"{member.name} has watched this game with every hand face up,"
                    " so can't take a seat in it."
                )
            self._touch()
            await self._hand_over(
                Seat(seat, member.name, member.id), f"{member.name} takes over from {held.name}."
            )

    async def stop(self, user_id: int, *, moderator: bool = False) -> StopVote:
        """The host or a moderator stops the table at once; a seated member votes, and a
        majority of the seated members stops it."""
        async with self.lock:
            self._require(TableStatus.LOBBY, TableStatus.PLAYING, TableStatus.OVER)
            if moderator or user_id == self.host_id:
                await self._close(
                    f"Stopped by {'the host' if user_id == self.host_id else 'a moderator'}."
                )
                return StopVote(True, 0, 0)
            seat = self.seats[self.require_seat(user_id)]
            assert seat is not None
            self.stop_votes.add(user_id)
            voters = {s.user_id for s in self._members()}
            votes = len(self.stop_votes & voters)
            needed = len(voters) // 2 + 1
            if votes >= needed:
                await self._close(f"Stopped by a vote of the players ({votes} of {len(voters)}).")
                return StopVote(True, votes, needed)
            self._touch()
            await self._tell_notice(
                Notice(
                    NoticeKind.STOP_VOTE,
                    f"{seat.name} votes to stop the game: {votes} of {needed} votes needed.",
                    seat.index,
                    user_id,
                )
            )
            return StopVote(False, votes, needed)

    async def rematch(self, user_id: int) -> Table:
        """After the game: a new game with the same seats and rules, dealt at once."""
        async with self.lock:
            self._require(TableStatus.OVER)
            self.require_seat(user_id)
            members = {s.user_id for s in self._members()}
            table = Table(
                self._manager,
                channel_id=self.channel_id,
                guild_id=self.guild_id,
                host_id=self.host_id if self.host_id in members else user_id,
                rules=self.rules,
            )
            # Seats left after the game go to bots, as they would have during it.
            seats = [
                Seat(i, bot_name(i, DEFAULT_LEVEL), bot=DEFAULT_LEVEL)
                if s is None
                else Seat(i, s.name, s.user_id, s.bot)
                for i, s in enumerate(self.seats)
            ]
            async with table.lock:
                await table._begin(seats, None, self.hands_limit)
            self.status = TableStatus.CLOSED
            self.close_reason = "A rematch started."
            return table

    async def set_message(self, message_id: int | None) -> None:
        """The channel message that shows this table (kept across restarts once started)."""
        self.message_id = message_id
        if self.table_id is not None:
            await self._manager.store.set_message(self.table_id, message_id)
        elif self.status is TableStatus.LOBBY and not self._dealing:
            await self._store_lobby()

    async def expire(self) -> bool:
        """Close the table if nobody has acted on it for the manager's ``idle_close``."""
        idle = self._manager.settings.idle_close
        async with self.lock:
            if idle is None or self.status is TableStatus.CLOSED:
                return False
            if self._manager.clock.now() - self.last_active < idle:
                return False
            await self._close(f"Closed after {_duration(idle)} without a move from anyone.")
            return True

    # -- internals (the lock is held) --------------------------------------------------

    def _require(self, *statuses: TableStatus) -> None:
        if self.status in statuses:
            return
        raise {
            TableStatus.LOBBY: WrongStage("The game has not started yet."),
            TableStatus.PLAYING: WrongStage("The game has already started."),
            TableStatus.OVER: WrongStage("The game is over: start a rematch or a new table."),
            TableStatus.CLOSED: NoTable("This table has closed."),
        }[self.status]

    def _require_host(self, user_id: int) -> None:
        if user_id != self.host_id:
            raise NotHost("Only the host can do that.")

    def _seat_index(self, seat: int) -> int:
        if not 0 <= seat < len(self.seats):
            raise SeatUnavailable(f"Seats are numbered 1 to {len(self.seats)}.")
        return seat

    def _open_seat(self, seat: int | None, *, bots_too: bool = True) -> int:
        """An empty seat (or, when ``bots_too``, one a bot holds) to sit in."""

        def free(s: Seat | None) -> bool:
            return s is None or (bots_too and s.is_bot)

        if seat is None:
            for wanted in (lambda s: s is None, free):
                found = next((i for i, s in enumerate(self.seats) if wanted(s)), None)
                if found is not None:
                    return found
            raise SeatUnavailable("The table is full.")
        held = self.seats[self._seat_index(seat)]
        if not free(held):
            assert held is not None
            raise SeatUnavailable(f"Seat {seat + 1} is taken by {held.name}.")
        return seat

    def _playing_seat(self, user_id: int, seq: int | None) -> int:
        self._require(TableStatus.PLAYING)
        seat = self.require_seat(user_id)
        if seq is not None and seq != self.seq:
            raise StaleAction("That was for an earlier moment of the game: the table has moved on.")
        return seat

    def _touch(self) -> None:
        self.last_active = self._manager.clock.now()

    def _drop_policy(self, seat: int) -> None:
        self._policies.pop(seat, None)

    def _set_game(
        self, table_id: int, game: Game, seats: list[Seat], *, seed: int, dealer: int, seq: int
    ) -> None:
        self.table_id = table_id
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.first_dealer = dealer
        self.seq = seq
        self.status = TableStatus.OVER if game.is_over else TableStatus.PLAYING
        self._rng = random.Random(seed)
        self._policies.clear()

    async def _begin(self, seats: list[Seat], seed: int | None, hands: int | None) -> None:
        """Deal a new game for ``seats``: stored first, then shown, then bots and timers."""
        seed = random.SystemRandom().randrange(2**62) if seed is None else seed
        game = Game.new(self.rules, seed=seed)
        self._dealing = True
        try:
            table_id = await self._manager.store.create_table(
                guild_id=self.guild_id,
                channel_id=self.channel_id,
                host_id=self.host_id,
                rules=self.rules,
                seed=seed,
                dealer=game.dealer,
                seats=tuple(s.record() for s in seats),
            )
        finally:
            self._dealing = False
        self._set_game(table_id, game, seats, seed=seed, dealer=game.dealer, seq=0)
        self.hands_limit = hands
        self.stop_votes.clear()
        self._manager._register(self)
        if self.message_id is not None:
            await self._manager.store.set_message(table_id, self.message_id)
        self._schedule()
        await self._tell_changed(game.initial_events, [s.index for s in self._members()])

    async def resume(self) -> None:
        """After a restore: show the table and hands again, re-arm the timer, wake bots."""
        async with self.lock:
            self._schedule()
            hands = [s.index for s in self._members()] if self.game is not None else []
            await self._tell_changed((), hands)

    async def _apply(self, action: Action, *, member_seat: int | None) -> None:
        """Apply ``action``, store it, tell the presenters, arm the next turn.

        ``member_seat``: the member moved for their own seat (not a bot), so they are here.
        """
        game = self.game
        assert game is not None and self.table_id is not None
        events = game.apply(action)  # IllegalAction: nothing has changed
        self.seq += 1
        try:
            await self._manager.store.append_action(self.table_id, self.seq, action)
        except Exception:
            # Not stored, so not accepted: put the game back as it was.
            self.seq -= 1
            self.game = Game.replay(
                self.rules, seed=self.seed, actions=game.history[:-1], dealer=self.first_dealer
            )
            raise
        notices: list[Notice] = []
        if member_seat is not None:
            seat = self.seats[member_seat]
            assert seat is not None
            self._touch()
            seat.missed = 0
            if seat.away:
                try:
                    await self._set_away(seat, False)
                except Exception:
                    # The move is stored and stands, so they are here; only a restart before
                    # their seat is stored again would find them away, which `back` undoes.
                    log.exception("Could not store that seat %d of %r is back", seat.index, self)
                    seat.away = False
                notices.append(
                    Notice(NoticeKind.BACK, f"{seat.name} is back.", seat.index, seat.user_id)
                )
        if game.is_over:
            self.status = TableStatus.OVER
            try:
                await self._manager.store.finish_table(self.table_id, game, stopped=False)
            except Exception:
                # The actions are stored: a restart replays the game, sees it over, and
                # finishes it again.
                log.exception("Could not record the end of %r", self)
            notices.append(self._game_over_notice(game))
        hands = self.hands_limit
        if hands is not None and not game.is_over and len(game.results) >= hands:
            # The agreed hands are played: the next deal is never shown.
            scored = max(i for i, e in enumerate(events) if isinstance(e, HandScored))
            await self._tell_changed(events[: scored + 1], ())
            for notice in notices:
                await self._tell_notice(notice)
            await self._close(f"{hands} hand{'s' if hands > 1 else ''} played, as agreed.")
            return
        self._schedule()
        await self._tell_changed(events, self._seats_to_show(action.seat, events))
        for notice in notices:
            await self._tell_notice(notice)

    def _game_over_notice(self, game: Game) -> Notice:
        assert game.winner is not None
        names = self.names
        winners = " & ".join(names[s] for s in game.teams[game.winner])
        scores = " to ".join(str(s) for s in sorted(game.scores, reverse=True))
        return Notice(
            NoticeKind.GAME_OVER,
            f"{winners} win{'s' if len(game.teams[game.winner]) == 1 else ''} {scores}."
            " Play again with the same seats? Ask for a rematch.",
        )

    def _seats_to_show(self, actor: int, events: Sequence[Event]) -> list[int]:
        """Members' seats whose private state changed: the mover, the seat to act, and
        everyone on a new deal or when cards change hands."""
        game = self.game
        assert game is not None
        seats = {actor}
        if game.to_act is not None:
            seats.add(game.to_act)
        for event in events:
            if isinstance(event, (HandDealt, Redealt, PassingStarted)):
                seats.update(range(len(self.seats)))
            elif isinstance(event, CardsPassed):
                seats.update((event.seat, event.to_seat))
        return sorted(s for s in seats if (held := self.seats[s]) and held.user_id is not None)

    async def _hand_over(self, seat: Seat, text: str) -> None:
        """During play, ``seat`` takes its place: stored, then shown."""
        assert self.table_id is not None
        old = self.seats[seat.index]
        assert old is not None
        seats = [seat if s is not None and s.index == seat.index else s for s in self.seats]
        await self._store_seats(seats)
        self.seats = seats
        self._drop_policy(seat.index)
        if old.user_id is not None:
            self.stop_votes.discard(old.user_id)
        self._schedule()
        await self._tell_notice(Notice(NoticeKind.SEATS, text, seat.index, seat.user_id))
        await self._tell_changed((), (seat.index,) if seat.user_id is not None else ())

    async def _set_away(self, seat: Seat, away: bool) -> None:
        """Store the member's away flag, then set it: a restart finds the seat as it was,
        with a bot playing it while they are away."""
        await self._store_seats(
            [dataclasses.replace(seat, away=away) if s is seat else s for s in self.seats]
        )
        seat.away = away

    async def _store_seats(self, seats: Sequence[Seat | None]) -> None:
        assert self.table_id is not None
        await self._manager.store.update_seats(
            self.table_id, tuple(s.record() for s in seats if s is not None)
        )

    async def _close(self, reason: str) -> None:
        was_playing = self.status is TableStatus.PLAYING
        self.status = TableStatus.CLOSED
        self.close_reason = reason
        self._schedule()
        if was_playing and self.game is not None and self.table_id is not None:
            try:
                await self._manager.store.finish_table(self.table_id, self.game, stopped=True)
            except Exception:
                log.exception("Could not record that %r stopped", self)
        elif self.table_id is None:
            try:
                await self._manager.store.drop_lobby(self.channel_id)
            except Exception:
                # A restart would open it again, where its members can leave or let it idle.
                log.exception("Could not drop the stored lobby of %r", self)
        self._manager._unregister(self)
        await self._tell_notice(Notice(NoticeKind.CLOSED, reason))

    async def _lobby_changed(self) -> None:
        self._touch()
        await self._store_lobby()
        await self._tell_changed((), ())

    async def _store_lobby(self) -> None:
        lobby = StoredLobby(
            self.channel_id,
            self.guild_id,
            self.host_id,
            self.rules,
            tuple(s.record() for s in self.seats if s is not None),
            self.message_id,
        )
        try:
            await self._manager.store.save_lobby(lobby)
        except Exception:
            # Unlike a game's action, a lobby's change stands without it: a restart before
            # the next stored change would only find the lobby as it was.
            log.exception("Could not store the lobby of %r", self)

    async def _tell_changed(self, events: Sequence[Event], seats: Sequence[int]) -> None:
        await self._manager._tell(lambda p: p.table_changed(self, events))
        for seat in seats:
            await self._manager._tell(self._hand_changed(seat))

    def _hand_changed(self, seat: int) -> Callable[[Presenter], Awaitable[None]]:
        return lambda presenter: presenter.hand_changed(self, seat)

    async def _tell_notice(self, notice: Notice) -> None:
        await self._manager._tell(lambda p: p.notice(self, notice))

    # -- turns: timers and bots --------------------------------------------------------

    def _schedule(self) -> None:
        """Arm whatever the seat to act needs: a bot's move, or the member's turn timer."""
        current = asyncio.current_task()
        if self._turn is not None and self._turn is not current:
            self._turn.cancel()
        self._turn = None
        self.deadline = None
        game = self.game
        if self.status is not TableStatus.PLAYING or game is None or game.to_act is None:
            return
        seat = self.seats[game.to_act]
        assert seat is not None
        if seat.autoplays:
            self._turn = self._manager._spawn(self._bot_turn(seat.index, self.seq))
            return
        timeout = self._timeout(game.phase)
        if timeout:
            self.deadline = self._manager.clock.now() + timeout
            self._turn = self._manager._spawn(self._turn_timer(seat.index, self.seq, self.deadline))

    def _timeout(self, phase: Phase) -> int:
        if not self._manager.settings.turn_timers:
            return 0
        return self.rules.time_to_play if phase is Phase.PLAY else self.rules.time_to_bid

    def _policy(self, seat: int) -> Policy:
        # One policy per seat: bots of different tables think in parallel threads.
        policy = self._policies.get(seat)
        if policy is None:
            held = self.seats[seat]
            policy = policy_for((held.bot if held else None) or DEFAULT_LEVEL)
            self._policies[seat] = policy
        return policy

    async def _decide(self, view: SeatView) -> Action:
        """The seat's bot chooses from its view, in the executor (search is CPU-bound)."""
        policy = self._policy(view.seat)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._manager.executor, policy.decide, view, self._rng)

    async def _bot_turn(self, seat: int, seq: int) -> None:
        """A bot moves for ``seat`` after the human-readable delay, unless the table moved
        on while it thought."""
        manager = self._manager
        assert self.game is not None
        view = self.game.view(seat)
        ready_at = manager.clock.now() + manager.settings.bot_delay
        try:
            action = await self._decide(view)
        except Exception:
            log.exception("The bot for seat %d of %r failed to decide", seat, self)
            action = view.legal_actions[0]
        if manager.settings.bot_delay > 0:
            async with manager.parked():
                await manager.clock.sleep_until(ready_at)
        async with self.lock:
            if self.seq != seq or self._turn is not asyncio.current_task():
                return
            try:
                await self._apply(action, member_seat=None)
            except IllegalAction:
                log.exception("The bot for seat %d of %r chose %r", seat, self, action)
                await self._apply(view.legal_actions[0], member_seat=None)

    async def _turn_timer(self, seat: int, seq: int, deadline: float) -> None:
        """Warn the member, then let a bot play the turn; mark them away after repeats."""
        manager = self._manager
        clock = manager.clock
        settings = manager.settings
        warn_at = deadline - min(settings.turn_warning, (deadline - clock.now()) / 2)
        async with manager.parked():
            await clock.sleep_until(warn_at)
        async with self.lock:
            if self._turn is not asyncio.current_task() or self.game is None:
                return
            held = self.seats[seat]
            assert held is not None
            left = round(deadline - clock.now())
            doing = _DOING.get(self.game.phase, "move")
            await self._tell_notice(
                Notice(
                    NoticeKind.TURN_WARNING,
                    f"{held.name}, {left} seconds left to {doing}.",
                    seat,
                    held.user_id,
                    deadline,
                )
            )
        async with manager.parked():
            await clock.sleep_until(deadline)
        async with self.lock:
            if self._turn is not asyncio.current_task():
                return
            held = self.seats[seat]
            assert held is not None
            held.missed += 1
            if held.missed >= settings.misses_before_away:
                try:
                    await self._set_away(held, True)
                except Exception:
                    # Not stored, so not away: the bot plays this one turn and the next
                    # missed turn tries again.
                    log.exception("Could not store that seat %d of %r is away", seat, self)
            if held.away:
                notice = Notice(
                    NoticeKind.AWAY,
                    f"{held.name} missed {held.missed} turns in a row: a bot plays their seat"
                    " until they come back.",
                    seat,
                    held.user_id,
                )
            else:
                notice = Notice(
                    NoticeKind.TIMED_OUT,
                    f"{held.name} ran out of time: a bot plays this turn for them.",
                    seat,
                    held.user_id,
                )
            self.deadline = None
            await self._tell_notice(notice)
        await self._bot_turn(seat, seq)


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{round(seconds / 60)} minutes"
    return f"{round(seconds)} seconds"
