"""Plans of a game in play: a move checked against the rules and stored, what a stored play
leads to (whose hands to show, the game over, the agreed hands played), the game's result
stored, and the turn timer's warning and takeover."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

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
    Phase,
    Redealt,
    TrickWon,
)
from bot.i18n import Words, _, ngettext
from bot.render.names import player_name, player_names
from bot.render.text import lead_text
from bot.storage.records import TableStore
from bot.tables.errors import NotYourSeat
from bot.tables.plans.common import Place, close, playing_seat, seats_write
from bot.tables.plans.timed import time_notice
from bot.tables.presenter import Notice, NoticeKind
from bot.tables.seating import missed, with_seat
from bot.tables.states import Dealt, Over, Playing, State
from bot.tables.steps import RECOMPUTE, Step, Write, same_turn


def move(
    playing: Playing, action: Action, *, member_seat: int | None, reason: str | None = None
) -> Step[None]:
    """A stored action for the game: checked against the rules first. ``member_seat``: the
    member moved for their own seat, so they are here (their missed turns start again).
    ``reason``: why a bot chose it (``bot.ai.reasons.reason_to_json``), stored with it."""
    action = legal(playing, action)
    table_id, seq = playing.table_id, playing.seq + 1

    async def write(store: TableStore) -> None:
        await store.append_action(table_id, seq, action, reason)

    after = dataclasses.replace(playing, seq=seq, bot_turn=None)
    if member_seat is not None:
        after = dataclasses.replace(after, missed=missed(playing, member_seat, 0))
    return Step(after, None, write, play=action, hands=RECOMPUTE, touched=member_seat is not None)


def act(state: State, user_id: int, action: Action, seq: int | None) -> Step[None]:
    """A member's move for their own seat, at the moment ``seq`` they saw."""
    playing, seat = playing_seat(state, user_id, seq)
    # A seat plays its own moves and any seat it controls (a dummy, 003:108).
    if playing.game.controller(action.seat) != seat:
        raise NotYourSeat(_("You can only act for your own seat."))
    return move(playing, action, member_seat=seat)


def legal(playing: Playing, action: Action) -> Action:
    """``action`` as the rules' own legal action, or the engine's refusal. Checked without
    touching the game: it changes only once the action is stored."""
    game = playing.game
    legal = game.legal_actions(action.seat) if 0 <= action.seat < len(playing.seats) else []
    if action in legal:
        if isinstance(action, Claim):
            # Refused, and nothing stored, when the judge could not decide it.
            game.check_claim(action.seat)
        return action
    if isinstance(action, PassCards):
        wanted = sorted(c.index for c in action.cards)
        for option in legal:
            if isinstance(option, PassCards) and sorted(c.index for c in option.cards) == wanted:
                return option
    # The engine words the refusal; a copy hears the action so the game stays as stored.
    probe = Game.replay(game.rules, seed=playing.seed, actions=game.history, dealer=playing.dealer)
    try:
        probe.apply(action)
    except IllegalAction as refusal:
        if refusal.waiting_for is None:
            raise
        # The engine knows seats; the player knows who they are waiting for by name.
        who = player_name(playing.seats[refusal.waiting_for].name)
        raise IllegalAction(
            f"It's not your turn: waiting for {who}.",
            waiting_for=refusal.waiting_for,
            details={"name": who},
        ) from None
    return action


def seats_to_show(playing: Playing, actor: int, events: Sequence[Event]) -> tuple[int, ...]:
    """Members' seats whose private state changed: the mover, the seat to act, and everyone
    on a new deal, when cards change hands, and when a trick or a hand ends (so a waiting
    member's hand never shows a state older than the last completed trick)."""
    seats = {actor}
    to_act = playing.game.to_act
    if to_act is not None:
        # A dummy's player chooses its card (003:108).
        seats.update((to_act, playing.game.controller(to_act)))
    for event in events:
        if isinstance(event, (HandDealt, Redealt, PassingStarted, TrickWon, HandScored)):
            seats.update(range(len(playing.seats)))
        elif isinstance(event, CardsPassed):
            seats.update((event.seat, event.to_seat))
    return tuple(sorted(s for s in seats if playing.seats[s].user_id is not None))


def after_play(
    playing: Playing, events: list[Event], notices: list[Notice]
) -> tuple[Playing | Over, list[Event], list[Notice]]:
    """The state a stored play leads to (its game has applied it): the game over, or the
    agreed hands played (whose next deal is never shown), or still in play."""
    game = playing.game
    called = time_notice(events, game)
    if called is not None:
        notices.append(called)
    if game.is_over:
        notices.append(game_over_notice(game, playing))
        return Over.after(playing), events, notices
    done = hands_done(playing)
    if done is not None:
        scored = max(i for i, e in enumerate(events) if isinstance(e, HandScored))
        return Over.after(playing, hands_done=done), events[: scored + 1], notices
    return playing, events, notices


def hands_done(playing: Playing) -> Words | None:
    """What the table says once the game has played its agreed hands; None before (or
    with no agreed number)."""
    limit = playing.hands_limit
    if limit is None or len(playing.game.results) < limit:
        return None
    return lambda: ngettext(
        "{count} hand played, as agreed.", "{count} hands played, as agreed.", limit
    ).format(count=limit)


def game_over_notice(game: Game, dealt: Dealt) -> Notice:
    assert game.winner is not None
    names = [s.name for s in dealt.seats]
    scores, teams = tuple(game.scores), tuple(tuple(team) for team in game.teams)
    on_time = game.time_up

    def text() -> str:
        result = lead_text(scores, teams, player_names(names))
        if on_time:
            return _(
                "Time is up: the game ends on time. {result} Play again with the same seats?"
                " Ask for a rematch."
            ).format(result=result)
        return _("{result} Play again with the same seats? Ask for a rematch.").format(
            result=result
        )

    return Notice(NoticeKind.GAME_OVER, text)


def record(place: Place, state: State, over: Over) -> Step[None] | None:
    """The game ``over`` ended: its result is stored (``None`` once the table moved on); a
    game stopped at the agreed hands closes as it is stored."""
    if state is not over:
        return None
    if over.hands_done is not None:
        return close(place, state, over.hands_done, None)

    async def write(store: TableStore) -> None:
        await store.finish_table(over.table_id, over.game, stopped=False)

    return Step(dataclasses.replace(over, recorded=True), None, write, touched=False)


def turn_warning(
    state: State, playing: Playing, seat: int, deadline: float, now: float
) -> Step[None] | None:
    """The member of ``seat`` is warned that their turn at ``playing`` runs out at
    ``deadline`` (``None``: the turn is over)."""
    if not same_turn(state, playing):
        return None
    held = playing.seats[seat]
    text = _warning(held.name, playing.game.phase, round(deadline - now))
    notice = Notice(NoticeKind.TURN_WARNING, text, seat, held.user_id, deadline)
    return Step(state, None, notices=(notice,), touched=False)


def timed_out(
    state: State, playing: Playing, seat: int, misses_before_away: int
) -> Step[None] | None:
    """The member of ``seat`` let their turn at ``playing`` run out: a bot plays it for them,
    and after ``misses_before_away`` in a row their seat is marked away and stored so
    (``None``: the turn is over)."""
    if not isinstance(state, Playing) or not same_turn(state, playing):
        return None
    held = playing.seats[seat]
    count = state.missed_by(seat) + 1
    after = dataclasses.replace(state, missed=missed(state, seat, count), bot_turn=state.seq)
    write: Write | None = None
    if count >= misses_before_away:
        away = dataclasses.replace(state.seats[seat], away=True)
        after = dataclasses.replace(after, seats=with_seat(state.seats, away.seat, away))
        write = seats_write(after)
        notice = Notice(NoticeKind.AWAY, _away(held.name, count), seat, held.user_id)
    else:
        notice = Notice(NoticeKind.TIMED_OUT, _timed_out(held.name), seat, held.user_id)
    return Step(after, None, write, notices=(notice,), touched=False)


def _away(name: str, count: int) -> Words:
    return lambda: ngettext(
        "{name} missed {count} turn in a row: a bot plays their seat until they come back.",
        "{name} missed {count} turns in a row: a bot plays their seat until they come back.",
        count,
    ).format(name=name, count=count)


def _warning(name: str, phase: Phase | None, seconds: int) -> Words:
    """The warning that a turn runs out, in whatever language reads it."""

    def text() -> str:
        if phase is Phase.BID:
            said = ngettext(
                "{name}, {count} second left to bid.",
                "{name}, {count} seconds left to bid.",
                seconds,
            )
        elif phase is Phase.PASS:
            said = ngettext(
                "{name}, {count} second left to pass cards.",
                "{name}, {count} seconds left to pass cards.",
                seconds,
            )
        elif phase is Phase.DRAW:
            said = ngettext(
                "{name}, {count} second left to draw.",
                "{name}, {count} seconds left to draw.",
                seconds,
            )
        elif phase is Phase.PLAY:
            said = ngettext(
                "{name}, {count} second left to play.",
                "{name}, {count} seconds left to play.",
                seconds,
            )
        else:
            said = ngettext(
                "{name}, {count} second left to move.",
                "{name}, {count} seconds left to move.",
                seconds,
            )
        return said.format(name=name, count=seconds)

    return text


def _timed_out(name: str) -> Words:
    return lambda: _("{name} ran out of time: a bot plays this turn for them.").format(name=name)
