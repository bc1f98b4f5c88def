"""Plans of a game played for a time (house rule ``play_to time``, 000:88, 002:72): when it
ends, time called when its stored deadline passes, and what the table says then.

The engine never reads a clock: the table's clock tells it time is up through a stored
``CallTime``, applied like any move, so a game replayed from its seed and log ends as it did.
The deadline is absolute (Unix seconds, stored with the table at the deal): time while the
bot is down counts.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from bot.engine import CallTime, Event, Game, Rules, TimeCalled
from bot.i18n import N_, _
from bot.storage.records import TableStore
from bot.tables.presenter import Notice, NoticeKind
from bot.tables.states import Playing, State
from bot.tables.steps import Seats, Step


def ends_at(rules: Rules, now: float) -> int | None:
    """When a game dealt at ``now`` under ``rules`` ends (Unix seconds, rounded up); ``None``
    when it is not played for a time."""
    if rules.play_to != "time":
        return None
    return math.ceil(now + 60 * rules.minutes_to_play)


def call_time(state: State, table_id: int) -> Step[None] | None:
    """The deadline of game ``table_id`` has passed: time is called, stored as the game's
    next action (``None``: that game is over, gone, or has had its time called)."""
    if not isinstance(state, Playing) or state.table_id != table_id:
        return None
    game = state.game
    if game.is_over or game.time_up or state.ends_at is None:
        return None
    action = CallTime(game.to_act if game.to_act is not None else 0)
    seq = state.seq + 1

    async def write(store: TableStore) -> None:
        await store.append_action(table_id, seq, action)

    # A bot due to play a member's timed-out turn still plays it.
    bot_turn = seq if state.bot_turn == state.seq else None
    after = dataclasses.replace(state, seq=seq, bot_turn=bot_turn)
    members = tuple(s.seat for s in state.seats if s.user_id is not None)
    return Step(after, None, write, play=action, hands=Seats(members), touched=False)


def time_notice(events: Sequence[Event], game: Game) -> Notice | None:
    """What the table says when time was called (``None``: it was not, in ``events``);
    a game that ends at once is told by its game-over notice."""
    called = next((e for e in events if isinstance(e, TimeCalled)), None)
    if called is None or game.is_over:
        return None
    if called.now:
        words = N_("Time is up, with the scores tied: one more hand decides the game.")
    else:
        words = N_("Time is up: this hand is the last one, unless the scores are tied at its end.")
    return Notice(NoticeKind.TIME_UP, lambda: _(words))
