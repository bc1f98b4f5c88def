"""Tournaments that run themselves: the runner that carries out what the state machine
(``bot.competition.tournament``) says, through the table manager like any other source of
steps (architecture decision 14).

One command at a time per tournament: the transition is computed, the new state is stored
(``TournamentStore.save``, one transaction), and only then are its effects carried out:
a match's table opened in a channel of its own (the ``Venue`` makes it: a Discord thread)
with its players seated, dealt once they are all there, closed when the organiser settles
or an entrant leaves; timers armed on the manager's clock; the standings shown again; the
channel told. A game's end is heard as a presenter hears it (``GameOver``, or the table
closing after its agreed hands) and becomes the match's result.

After a restart ``restore`` reads every live tournament of the guilds this process owns,
arms its timers again (one that ran out meanwhile fires at once), and catches up whatever a
crash cut short: a match whose table was never opened or dealt is opened or dealt, a game
that ended while nobody listened is read from the store, a finished round is followed by
the next. Every step is safe to repeat, so nothing is lost to a kill at any moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from typing import Any, Protocol

from bot.competition import tournament as t
from bot.competition.records import from_stored, settings_json, to_stored
from bot.engine import Event, Game, GameOver
from bot.i18n import N_, Words, _, words
from bot.storage.tournaments import FinishedGame, TournamentStore
from bot.tables import (
    Member,
    Notice,
    NoticeKind,
    Shown,
    Table,
    TableError,
    TableManager,
    TableStatus,
)
from bot.urgency import background

log = logging.getLogger(__name__)

Step = Callable[[t.Tournament], t.Outcome]


class Venue(Protocol):
    """Where a tournament meets its members (the Discord cog; a test's stand-in)."""

    async def open_channel(self, state: t.Tournament, match: t.Match) -> int:
        """A channel for this match's table (a thread pinging its players): its id."""
        ...

    async def show(self, state: t.Tournament) -> None:
        """Post, or edit, the one message with the tournament's sign-ups or standings."""
        ...

    async def announce(
        self,
        state: t.Tournament,
        words: Words,
        mention: Sequence[int],
        *,
        moderators: bool = False,
    ) -> None:
        """Tell the tournament's channel ``words`` (said in its language), mentioning
        ``mention`` and, with ``moderators``, those who may act for an organiser no longer
        there."""
        ...


class TournamentRunner:
    """Runs every tournament of the guilds this process owns; see the module docstring."""

    def __init__(
        self,
        store: TournamentStore,
        manager: TableManager,
        venue: Venue,
        *,
        seeds: Callable[[], int] | None = None,
        owns: Callable[[int | None], bool] | None = None,
    ) -> None:
        self._store = store
        self._manager = manager
        self._venue = venue
        self._seeds = seeds or _fresh_seed
        self._owns = owns or manager.owns
        self._states: dict[int, t.Tournament] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[tuple[int, tuple[str, int, int]], asyncio.Task[None]] = {}
        self._work: set[asyncio.Task[None]] = set()
        self._ears = _Ears(self)
        manager.add_presenter(self._ears)

    # -- reading -------------------------------------------------------------------------

    def get(self, tournament_id: int) -> t.Tournament:
        state = self._states.get(tournament_id)
        if state is None:
            raise t.TournamentError(_("There is no such tournament running here."))
        return state

    def in_guild(self, guild_id: int) -> list[t.Tournament]:
        """The guild's live tournaments, newest first."""
        found = [s for s in self._states.values() if s.settings.guild_id == guild_id]
        return sorted(found, key=lambda s: -s.id)

    # -- commands --------------------------------------------------------------------------

    async def create(self, settings: t.Settings) -> t.Tournament:
        """A new tournament open for sign-ups (refused with ``TournamentError``)."""
        now = self._manager.clock.now()
        t.new_tournament(0, settings, now)  # refuses before anything is stored
        key = await self._store.create(
            guild_id=settings.guild_id,
            channel_id=settings.channel_id,
            organiser_id=settings.organiser_id,
            name=settings.name,
            settings_json=settings_json(settings),
        )
        outcome = t.new_tournament(key, settings, now)
        self._locks[key] = asyncio.Lock()
        await self._store.save(to_stored(outcome.state))
        self._states[key] = outcome.state
        await self._apply(key, outcome.effects)
        return outcome.state

    async def command(self, tournament_id: int, step: Step) -> t.Tournament:
        """Run one transition: computed, stored, then carried out. A refusal raises
        ``TournamentError`` and changes nothing; a storage failure raises before anyone is
        told."""
        lock = self._locks.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            outcome = step(self.get(tournament_id))
            await self._store.save(to_stored(outcome.state))
            self._states[tournament_id] = outcome.state
            if outcome.state.phase in (t.Phase.FINISHED, t.Phase.CANCELLED):
                del self._states[tournament_id]
        await self._apply(tournament_id, outcome.effects, outcome.state)
        return outcome.state

    async def arrive(self, tournament_id: int, user_id: int) -> t.Tournament:
        """A player is at their table (the thread's button): the match starts once all are."""
        state = self.get(tournament_id)
        match = _live_match(state, user_id)
        return await self.command(
            tournament_id, lambda s: t.arrive(s, match.round, match.board, user_id)
        )

    @contextlib.asynccontextmanager
    async def forgetting(self, user_id: int) -> AsyncIterator[int]:
        """``/spades forgetme``: the member drops out of every tournament this process
        runs (as ``/tournament drop``: their pair withdrawn, their match in play forfeited;
        before the start, they leave); yields how many they left. Inside, the caller erases
        them from the store, while those tournaments wait (no command of theirs stores the
        member again); after it, each reads its anonymous rows back, so that the running
        state and the stored one agree."""
        keys = [key for key, state in self._states.items() if _holds(state, user_id)]
        left = 0
        for key in keys:
            with contextlib.suppress(t.TournamentError):  # already withdrawn, or over
                await self.command(key, lambda s: t.drop(s, user_id))
                left += 1
        async with contextlib.AsyncExitStack() as held:
            for key in sorted(keys):
                await held.enter_async_context(self._locks.setdefault(key, asyncio.Lock()))
            yield left
            for key in keys:
                stored = await self._store.load(key) if key in self._states else None
                if stored is not None:
                    self._states[key] = from_stored(stored)

    async def forget_member(self, user_id: int, name: str) -> int:
        """``/spades forgetme`` asked by another process: the member drops out of the
        tournaments this process runs (``forgetting``), which are erased of them in the
        store (the member named ``name`` there) while they wait; returns how many they
        left. The other process's own forgetting then finds nothing of them here."""
        keys = {key for key, state in self._states.items() if _holds(state, user_id)}
        async with self.forgetting(user_id) as left:
            await self._store.forget(user_id, name, keys)
        return left

    # -- effects ---------------------------------------------------------------------------

    async def _apply(
        self, key: int, effects: Iterable[t.Effect], state: t.Tournament | None = None
    ) -> None:
        for effect in effects:
            try:
                await self._effect(key, effect, state or self.get(key))
            except Exception:
                # The state is stored: a restart (restore) carries the effect out again.
                log.exception("Tournament %d: %s failed", key, effect)

    async def _effect(self, key: int, effect: t.Effect, state: t.Tournament) -> None:
        if isinstance(effect, t.OpenTable):
            await self._open(key, state.match(effect.round, effect.board))
        elif isinstance(effect, t.StartTable):
            await self._start(key, state.match(effect.round, effect.board), effect)
        elif isinstance(effect, t.CloseTable):
            await self._close(state, state.match(effect.round, effect.board))
        elif isinstance(effect, t.ArmTimer):
            self._arm(key, effect.timer)
        elif isinstance(effect, t.DropTimer):
            task = self._timers.pop((key, effect.timer.key), None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        elif isinstance(effect, t.PairNext):
            await self.command(key, lambda s: t.pair_round(s, self.now(), self._seeds()))
        elif isinstance(effect, t.PostStandings):
            await self._venue.show(self._states.get(key, state))
        else:
            await self._announce(state, effect.words, effect.mention)

    async def _announce(self, state: t.Tournament, words: Words, mention: Sequence[int]) -> None:
        """Tell the channel, mentioning the members among ``mention``; an organiser it names
        who was forgotten (``/spades forgetme``) is replaced by the moderators, who may settle
        in their place, so the tournament does not wait on nobody."""
        organiser = state.settings.organiser_id
        forgotten = organiser <= 0 and organiser in mention
        await self._venue.announce(state, words, _members(mention), moderators=forgotten)

    def now(self) -> float:
        """The manager's clock: the time tournaments run by."""
        return self._manager.clock.now()

    async def _open(self, key: int, match: t.Match) -> None:
        """Open the match's table in a channel of its own, its players seated (again, if
        a crash cut it short: what is already done is left as it is)."""
        state = self.get(key)
        channel = match.channel_id
        if channel is None:
            channel = await self._venue.open_channel(state, match)
            await self.command(key, lambda s: t.table_opened(s, match.round, match.board, channel))
        table = self._manager.find(channel)
        if table is None or table.status is not TableStatus.LOBBY:
            organiser = Member(state.settings.organiser_id, _("the organiser"))
            table = await self._manager.open(
                channel,
                organiser,
                guild_id=state.settings.guild_id,
                preset=state.settings.preset,
                sit=False,
            )
        names = {p.user_id: p.name for team in state.teams for p in team.players}
        for seat, user_id in enumerate(state.seats(match)):
            if table.seat_of(user_id) is None:
                await table.join(Member(user_id, names[user_id]), seat)

    async def _start(self, key: int, match: t.Match, effect: t.StartTable) -> None:
        """Deal the match's game; a player who did not come gives their seat to a bot."""
        state = self.get(key)
        table = self._manager.find(match.channel_id) if match.channel_id is not None else None
        if table is None or table.status is TableStatus.CLOSED:
            # Its lobby closed meanwhile (idle while the players were on their way).
            await self._open(key, match)
            table = self._manager.find(match.channel_id) if match.channel_id is not None else None
        if table is None:
            raise TableError(f"match {match.key} has no table to start")
        if table.status is TableStatus.LOBBY:
            # Dealt as whoever hosts the lobby now: the organiser, or, once they asked to
            # be forgotten, the player the host role passed to.
            host = table.host_id
            await table.start(
                state.settings.organiser_id if host is None else host,
                fill_with_bots=True,
                seed=effect.seed,
                hands=effect.hands,
            )
            for user_id in state.seats(match):
                if user_id not in match.arrived and table.seat_of(user_id) is not None:
                    await table.leave(user_id)
        table_id = table.table_id
        if table_id is not None and match.table_id != table_id:
            await self.command(
                key, lambda s: t.table_started(s, match.round, match.board, table_id)
            )

    async def _close(self, state: t.Tournament, match: t.Match) -> None:
        table = self._manager.find(match.channel_id) if match.channel_id is not None else None
        if table is not None and table.status is not TableStatus.CLOSED:
            with contextlib.suppress(TableError):
                await table.stop(state.settings.organiser_id, moderator=True)

    # -- timers ----------------------------------------------------------------------------

    def _arm(self, key: int, timer: t.Timer) -> None:
        old = self._timers.pop((key, timer.key), None)
        if old is not None:
            old.cancel()
        task = background(self._wait(key, timer))
        self._timers[(key, timer.key)] = task

    async def _wait(self, key: int, timer: t.Timer) -> None:
        await self._manager.clock.sleep_until(timer.at)
        self._timers.pop((key, timer.key), None)
        self._spawn(self._fire(key, timer))

    async def _fire(self, key: int, timer: t.Timer) -> None:
        with contextlib.suppress(t.TournamentError):
            await self.command(key, lambda s: t.fire(s, timer, self.now(), self._seeds()))

    # -- results -----------------------------------------------------------------------------

    def _ended(self, table_id: int, game: Game, *, over: bool) -> None:
        """A table's game ended (``over``: to its end; else the table closed, or played
        its agreed hands): the match it was, if any, takes its result."""
        for key, state in self._states.items():
            match = state.match_of_table(table_id)
            if match is not None and not match.done:
                finished = _finished(game, over=over)
                self._spawn(self._result(key, table_id, finished))

    async def _result(self, key: int, table_id: int, game: FinishedGame) -> None:
        state = self._states.get(key)
        if state is None:
            return
        outcome = _outcome(game, state.settings.hands)
        if outcome is None:
            # Stopped before its end: the organiser decides.
            match = state.match_of_table(table_id)
            if match is not None:
                text = words(
                    N_(
                        "Round {number}, table {board} was stopped before its end: "
                        "the organiser settles it with /tournament settle."
                    ),
                    number=match.round,
                    board=match.board,
                )
                await self._announce(state, text, (state.settings.organiser_id,))
            return
        scores, winner, deals = outcome
        with contextlib.suppress(t.TournamentError):
            await self.command(key, lambda s: t.game_over(s, table_id, scores, winner, deals))

    # -- restoring and waiting -------------------------------------------------------------

    async def restore(self) -> list[t.Tournament]:
        """Every live tournament of the guilds this process owns, timers armed, caught up
        (call after the manager's own ``restore``)."""
        restored = []
        for stored in await self._store.live():
            if not self._owns(stored.guild_id):
                continue
            state = from_stored(stored)
            self._states[state.id] = state
            self._locks.setdefault(state.id, asyncio.Lock())
            for timer in state.timers:
                self._arm(state.id, timer)
            restored.append(state)
        for state in restored:
            try:
                await self._catch_up(state.id)
            except Exception:
                log.exception("Tournament %d could not catch up after a restart", state.id)
        return restored

    async def _catch_up(self, key: int) -> None:
        state = self.get(key)
        current = state.current
        if state.phase is not t.Phase.RUNNING or current is None:
            return
        for match in current.matches:
            if match.done or match.second is None:
                continue
            if not match.started:
                await self._open(key, match)
            elif match.table_id is None:
                seed, hands = current.seed, state.settings.hands
                await self._start(key, match, t.StartTable(match.round, match.board, seed, hands))
            else:
                await self._caught(key, match.table_id)
        state = self.get(key)
        if state.current is not None and state.current.done and not state.paused:
            await self._apply(key, [t.PairNext()])

    async def _caught(self, key: int, table_id: int) -> None:
        """A match whose game may have ended while nobody listened."""
        try:
            table = self._manager.table_by_id(table_id)
        except TableError:
            table = None
        if table is not None and table.status is TableStatus.PLAYING:
            return
        if table is not None and table.game is not None and table.game.is_over:
            await self._result(key, table_id, _finished(table.game, over=True))
            return
        finished = await self._store.finished_game(table_id)
        if finished is not None:
            await self._result(key, table_id, finished)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = background(work)
        self._work.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._work.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("Tournament task failed", exc_info=task.exception())

    async def settle(self) -> None:
        """Return once no tournament work and no table work is left but clock waits."""
        while True:
            await self._manager.settle()
            if not self._work:
                await asyncio.sleep(0)
                if not self._work:
                    return
                continue
            await asyncio.wait(list(self._work))

    async def aclose(self) -> None:
        """Stop every timer and task. Tournaments are not ended: the store keeps them."""
        self._manager.remove_presenter(self._ears)
        tasks = [*self._timers.values(), *self._work]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._timers.clear()
        self._work.clear()


def _outcome(
    game: FinishedGame, hands: int | None
) -> tuple[tuple[int, ...], int | None, tuple[tuple[int, ...], ...]] | None:
    """A match's scores, winning side (None: a draw) and deals from its game; None when
    the game was stopped before its end. A game of ``hands`` hands counts only those,
    and the side ahead after them wins."""
    if hands is None or game.hands < hands:
        if game.winner is None:
            return None
        return game.scores, game.winner, game.deals
    if game.hands == hands and game.winner is not None:
        return game.scores, game.winner, game.deals
    scores = game.running[hands - 1]
    best = max(scores)
    ahead = [side for side, score in enumerate(scores) if score == best]
    return scores, ahead[0] if len(ahead) == 1 else None, game.deals[:hands]


def _finished(game: Game, *, over: bool) -> FinishedGame:
    """A game as it ended, read from the table (``over``: played to its end)."""
    return FinishedGame(
        stopped=not over,
        winner=game.winner if over else None,
        hands=len(game.results),
        scores=tuple(game.scores),
        deals=tuple(tuple(team.total for team in r.teams) for r in game.results),
        running=tuple(tuple(team.score for team in r.teams) for r in game.results),
    )


def _members(user_ids: Iterable[int]) -> tuple[int, ...]:
    """The members among ``user_ids``: a forgotten organiser is 0 and a forgotten player a
    negative stand-in, neither to be mentioned."""
    return tuple(user_id for user_id in user_ids if user_id > 0)


def _fresh_seed() -> int:
    return secrets.randbits(63)


def _holds(state: t.Tournament, user_id: int) -> bool:
    """Whether the tournament's state names the member anywhere."""
    named = user_id == state.settings.organiser_id or user_id in state.sat_out
    return named or state.team_of(user_id) is not None


def _live_match(state: t.Tournament, user_id: int) -> t.Match:
    current = state.current
    for match in current.matches if current is not None else ():
        if not match.done and match.second is not None and user_id in state.seats(match):
            return match
    raise t.TournamentError(_("You have no match waiting to start in this tournament."))


class _Ears:
    """The runner's presenter: hears games end. Reads the table synchronously (its lock is
    held while presenters are told) and leaves the work to a task."""

    def __init__(self, runner: TournamentRunner) -> None:
        self._runner = runner

    async def table_changed(self, table: Shown, events: Sequence[Event]) -> None:
        if not isinstance(table, Table):
            return
        game, table_id = table.game, table.table_id
        if game is None or table_id is None:
            return
        if any(isinstance(e, GameOver) for e in events):
            self._runner._ended(table_id, game, over=True)

    async def hand_changed(self, table: Shown, seat: int) -> None:
        return None

    async def notice(self, table: Shown, notice: Notice) -> None:
        if notice.kind is not NoticeKind.CLOSED or not isinstance(table, Table):
            return
        game, table_id = table.game, table.table_id
        if game is not None and table_id is not None and not game.is_over:
            self._runner._ended(table_id, game, over=False)
