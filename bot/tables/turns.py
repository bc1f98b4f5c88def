"""Turns: the sources of changes that are not members. A bot moves for its seat (or for a
member who is away or ran out of time) after a short delay; a member's turn timer warns
them, then lets a bot play the turn, and marks them away after repeats.

Each source plans its change against the table's state when it is due, with the plain
functions of ``bot.tables.plans.play``, and hands it to the table's one path
(``Host.background``): stored before it counts, retried while storage is down, dropped when
the table has moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import Protocol

from bot.ai.levels import decide_why, decide_why_as, policy_for
from bot.ai.policy import Policy
from bot.ai.reasons import FALLBACK, Reason, reason_from_json, reason_to_json
from bot.engine import Action, IllegalAction, Phase, Rules, SeatView
from bot.tables.context import TableContext
from bot.tables.plans import play
from bot.tables.seen import SeatViews
from bot.tables.states import DEFAULT_LEVEL, Closed, Dealt, Playing, Seat, State
from bot.tables.steps import Step, same_turn

log = logging.getLogger(__name__)

# The level whose bots search (CPU-bound for most of a second): they use the search pool.
SEARCHING_LEVEL = "hard"


class Host(Protocol):
    """What turns need of their table (``bot.tables.Table`` is one): to read it, and its
    one path for a change."""

    @property
    def state(self) -> State: ...

    @property
    def rules(self) -> Rules: ...

    async def background(self, plan: Callable[[], Step[None] | None]) -> None:
        """Run ``plan``'s step through the table's path, retried until stored."""
        ...


class Turns:
    """The running bot move or turn timer of one table, and its bots' policies."""

    def __init__(self, host: Host, context: TableContext, views: SeatViews) -> None:
        self._host = host
        self._context = context
        self._views = views  # the table's seats' views, shared with its presenters
        self.deadline: float | None = None  # when the member to act runs out of time
        self._turn: asyncio.Task[None] | None = None
        self._policies: dict[int, Policy] = {}
        self._rng = random.Random()
        # Why each seat's bot made its latest move, and which seat a bot moved for last.
        # The store keeps each reason with its move as well (for /history once the hand is
        # over); after a restart "Why?" reads them back (``recall``) while ``to_recall``.
        # ``restored``: some reason may be lost (one stored did not read).
        self.reasons: dict[int, Reason] = {}
        self.last_seat: int | None = None
        self.restored = False
        self.to_recall = False

    def reseed(self, seed: int, *, restored: bool = False) -> None:
        """A new game (or one ``restored`` after a restart, its bots' earlier reasons left
        in the store until asked for): its bots' choices follow from its seed, with fresh
        policies."""
        self._rng = random.Random(seed)
        self._policies.clear()
        self.reasons.clear()
        self.last_seat = None
        self.restored = self.to_recall = restored

    def recall(self, stored: list[str]) -> None:
        """After a restart: the reasons the store kept with the bots' moves (their JSON, in
        the order made; moves made since the restart are among them). A reason that does
        not read (a format this code did not write) is skipped, and "Why?" says it can't
        recall a move it has no reason for."""
        lost = False
        for text in stored:
            try:
                reason = reason_from_json(text)
            except (ValueError, KeyError, TypeError):
                log.warning("Skipped a stored reason that does not read: %.80s", text)
                lost = True
                continue
            self.reasons[reason.seat] = reason
            self.last_seat = reason.seat
        self.restored, self.to_recall = lost, False

    def forget(self, seat: int | None = None) -> None:
        """Seat ``seat`` (every seat when ``None``) changed hands: its policy goes."""
        if seat is None:
            self._policies.clear()
        else:
            self._policies.pop(seat, None)

    def arm(self) -> None:
        """Arm whatever the seat to act needs: a bot's move, or the member's turn timer."""
        self.stop()
        state = self._host.state
        if not isinstance(state, Playing):
            return
        game = state.game
        to_act = game.to_act
        if to_act is None:
            return
        # The seat whose player moves now: the seat to act, or a dummy's player (003:108).
        owner = game.controller(to_act)
        seat = state.seats[owner]
        tasks = self._context.tasks
        # A dummy's only card (003:152) is played at once, as a bot plays it.
        forced = owner != to_act and len(game.legal_actions(to_act)) == 1
        if seat.autoplays or state.bot_turn == state.seq or forced:
            self._turn = tasks.spawn(self._bot_turn(state, to_act))
            return
        timeout = self._timeout(game.phase)
        if timeout:
            self.deadline = self._context.clock.now() + timeout
            self._turn = tasks.spawn(self._turn_timer(state, owner, self.deadline))

    def stop(self) -> None:
        current = asyncio.current_task()
        if self._turn is not None and self._turn is not current:
            self._turn.cancel()
        self._turn = None
        self.deadline = None

    def _timeout(self, phase: Phase) -> int:
        if not self._context.settings.turn_timers:
            return 0
        return (
            self._host.rules.time_to_play if phase is Phase.PLAY else self._host.rules.time_to_bid
        )

    def _level(self, seat: int) -> str:
        state = self._host.state
        if isinstance(state, Dealt):
            # A dummy is played at its player's level (003:108).
            seat = state.game.controller(seat)
        held = _seats(state)[seat]
        return (held.bot if held else None) or DEFAULT_LEVEL

    def _policy(self, seat: int) -> Policy:
        # One policy per seat: bots of different tables think in parallel threads.
        policy = self._policies.get(seat)
        if policy is None:
            policy = policy_for(self._level(seat))
            self._policies[seat] = policy
        return policy

    async def decide(self, view: SeatView) -> Action:
        """The seat's bot chooses from its view (``decide_why``'s action)."""
        return (await self.decide_why(view))[0]

    async def decide_why(self, view: SeatView) -> tuple[Action, Reason]:
        """The seat's bot chooses from its view and says why.

        A ``hard`` bot searches (CPU-bound for most of a second): in the search pool when
        there is one, handed the seat's view and a seed drawn from the game's bots'
        randomness, else in the executor. The other levels decide in a fraction of a
        millisecond, so they decide here, on the event loop: handing that to a thread
        costs more than the decision, and a thread holding the interpreter's lock makes
        every network call of the loop wait for it (with a thousand tables, the clicks'
        answers and the turns queued behind the bots' threads)."""
        level = self._level(view.seat)
        if level != SEARCHING_LEVEL:
            return decide_why(self._policy(view.seat), view, self._rng)
        loop = asyncio.get_running_loop()
        pool = self._context.search_executor
        if pool is not None:
            return await loop.run_in_executor(
                pool, decide_why_as, level, view, self._rng.getrandbits(64)
            )
        policy, executor = self._policy(view.seat), self._context.executor
        return await loop.run_in_executor(executor, decide_why, policy, view, self._rng)

    async def _bot_turn(self, playing: Playing, seat: int) -> None:
        """A bot moves for ``seat`` after the human-readable delay, unless the table moved
        on while it thought."""
        context = self._context
        view = self._views.view(playing.game, seat)
        ready_at = context.clock.now() + context.settings.bot_delay
        try:
            chosen, reason = await self.decide_why(view)
        except Exception:
            log.exception("The bot for seat %d of %r failed to decide", seat, self._host)
            chosen = view.legal_actions[0]
            reason = _fallback(view, self._level(seat), chosen)
        if context.settings.bot_delay > 0:
            async with context.tasks.parked():
                await context.clock.sleep_until(ready_at)

        made: list[tuple[Reason, int]] = []  # the last plan's move: its reason and seq

        def plan() -> Step[None] | None:
            made.clear()
            now = self._host.state
            if not isinstance(now, Playing) or not same_turn(now, playing):
                return None
            # The reason is stored with the move, for /history once the hand is over.
            try:
                step = play.move(now, chosen, member_seat=None, reason=reason_to_json(reason))
                made.append((reason, now.seq))
            except IllegalAction:
                log.exception("The bot for seat %d of %r chose %r", seat, self._host, chosen)
                first = view.legal_actions[0]
                fallback = _fallback(view, self._level(seat), first)
                step = play.move(now, first, member_seat=None, reason=reason_to_json(fallback))
                made.append((fallback, now.seq))
            return step

        await self._host.background(plan)
        self._remember(playing, made)

    def _remember(self, playing: Playing, made: list[tuple[Reason, int]]) -> None:
        """Keep the reason for a bot's move once the move is stored and applied (the
        table's state is one action on from the plan's, nothing else having run since)."""
        now = self._host.state
        if made and isinstance(now, Dealt) and now.table_id == playing.table_id:
            reason, seq = made[0]
            if now.seq == seq + 1:
                self.reasons[reason.seat] = reason
                self.last_seat = reason.seat

    async def _turn_timer(self, playing: Playing, seat: int, deadline: float) -> None:
        """Warn the member, then let a bot play the turn; mark them away after repeats."""
        context = self._context
        clock, settings, host = context.clock, context.settings, self._host
        warn_at = deadline - min(settings.turn_warning, (deadline - clock.now()) / 2)
        async with context.tasks.parked():
            await clock.sleep_until(warn_at)
        await host.background(
            lambda: play.turn_warning(host.state, playing, seat, deadline, clock.now())
        )
        async with context.tasks.parked():
            await clock.sleep_until(deadline)
        away_after = settings.misses_before_away
        await host.background(lambda: play.timed_out(host.state, playing, seat, away_after))


def _fallback(view: SeatView, level: str, action: Action) -> Reason:
    return Reason(level, view.seat, view.hand_number, action, FALLBACK)


def _seats(state: State) -> tuple[Seat | None, ...]:
    shown = state.last if isinstance(state, Closed) else state
    return shown.seats
