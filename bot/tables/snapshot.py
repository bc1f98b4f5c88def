"""The public picture of a table, safe to show the whole channel: no seat's hand in it.

Built from one seat's view, copying only what every player may see (bids, tricks taken,
the trick on the table, the cards played this hand, scores, bags, the last hand's
breakdown), plus the seats and the turn timer. The Discord table message and the terminal
render from this. A spectator's view adds every hand, only when the rules turn hands face
up for spectators (``allow_watching = face_up``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from bot.engine import Bid, Card, HandResult, Phase, Rules, SeatView, TrickRecord
from bot.tables.seen import SeatViews
from bot.tables.states import Closed, Dealt, Playing, Seat, State, TableStatus


@dataclass(frozen=True, slots=True)
class SeatSnapshot:
    seat: int
    name: str
    user_id: int | None  # None: a bot holds the seat
    bot: str | None  # the bot's level, for bot seats
    away: bool  # a member's seat a bot is playing until they come back
    team: int
    bid: Bid | None
    tricks_taken: int
    cards_left: int
    # Half Tricks (000:124): the bid as said, 3 for 3 and a half; -1 none.
    half: int = -1


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    table_id: int | None  # None until the game starts (lobbies are not stored)
    channel_id: int
    status: TableStatus
    host_id: int | None
    rules: Rules
    seq: int  # the table's action sequence number: controls drawn now carry it
    seats: tuple[SeatSnapshot | None, ...]  # None: an empty lobby seat
    teams: tuple[tuple[int, ...], ...]
    phase: Phase | None  # None in the lobby
    hand_number: int
    dealer: int | None
    to_act: int | None
    deadline: float | None  # when the seat to act runs out of time (Unix seconds)
    trick: tuple[tuple[int, Card], ...]
    trick_number: int
    last_trick: TrickRecord | None
    played: tuple[tuple[Card, ...], ...]  # each seat's cards played this hand, in order
    exposed: tuple[tuple[Card, ...], ...]  # each seat's cards face up after a failed claim
    spades_broken: bool
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    last_result: HandResult | None
    winner: int | None
    stop_votes: int
    # Every hand face up, only when the table's rules say so (``show_all_hands``).
    all_hands: tuple[tuple[Card, ...], ...] | None
    # Each side's Mo, Moe or Bemo this hand (rules' mo): 0 none, 1 Little, 2 Big.
    declared: tuple[int, ...] = ()
    # High/Low (003:65) and Aces High/Low (000:143): the trick's call, its low Aces' seats.
    trick_call: str = ""
    low_aces: tuple[int, ...] = ()
    # A game played for a time (rules' play_to time): when it ends (Unix seconds), the
    # minutes left when this picture was taken, and whether time has been called.
    ends_at: int | None = None
    minutes_left: int | None = None
    time_up: bool = False


def _shown_to_all(dealt: Dealt | None) -> bool:
    """Whether the cards face up in a view are the channel's to see: Berkley's dummies'
    only once both players have looked (003:140), so nobody sees them before a blind bid."""
    if dealt is None or not dealt.game.rules.dummy_hands:
        return True
    game = dealt.game
    return all(game.has_looked(s) for s in range(game.players) if game.controller(s) == s)


def snapshot(
    state: State,
    rules: Rules,
    channel_id: int,
    deadline: float | None = None,
    views: SeatViews | None = None,
) -> TableSnapshot:
    """The table as anyone in the channel may see it (``timed`` adds a timed game's clock)."""
    shown = state.last if isinstance(state, Closed) else state
    teams = rules.teams
    seats: tuple[Seat | None, ...] = shown.seats
    dealt = shown if isinstance(shown, Dealt) else None
    view = _public(dealt, views)
    none = (0,) * rules.players
    return TableSnapshot(
        table_id=dealt.table_id if dealt is not None else None,
        channel_id=channel_id,
        status=state.status,
        host_id=shown.host_id,
        rules=rules,
        seq=dealt.seq if dealt is not None else 0,
        seats=tuple(
            None
            if seat is None
            else SeatSnapshot(
                seat.seat,
                seat.name,
                seat.user_id,
                seat.bot,
                seat.away,
                _team(teams, seat.seat),
                view.bids[seat.seat] if view else None,
                (view.tricks_taken if view else none)[seat.seat],
                (view.cards_left if view else none)[seat.seat],
                view.half_bids[seat.seat] if view and view.half_bids else -1,
            )
            for seat in seats
        ),
        teams=teams,
        phase=view.phase if view else None,
        hand_number=view.hand_number if view else 0,
        dealer=view.dealer if view else None,
        to_act=view.to_act if view else None,
        deadline=deadline,
        trick=view.trick if view else (),
        trick_number=view.trick_number if view else 0,
        last_trick=view.last_trick if view else None,
        played=view.played if view else ((),) * rules.players,
        exposed=view.exposed if view and _shown_to_all(dealt) else ((),) * rules.players,
        spades_broken=view.spades_broken if view else False,
        scores=view.scores if view else (0,) * len(teams),
        bags=view.bags if view else (0,) * len(teams),
        last_result=view.last_result if view else None,
        winner=view.winner if view else None,
        stop_votes=len(dealt.stop_votes) if dealt is not None else 0,
        all_hands=view.all_hands if view else None,
        declared=view.declared if view else (),
        trick_call=view.trick_call if view else "",
        low_aces=view.low_aces if view else (),
    )


def _public(dealt: Dealt | None, views: SeatViews | None) -> SeatView | None:
    """Any seat's view of ``dealt``'s game, since only its public fields are copied: the
    one the table's ``views`` keep, when there is one."""
    if dealt is None:
        return None
    return views.public(dealt.game) if views is not None else dealt.game.view(0)


@dataclass(frozen=True, slots=True)
class SpectatorView:
    """What a member not seated at the table may see (``Table.watch``): the public table
    and, only when the rules let spectators see hands face up, every seat's hand."""

    snapshot: TableSnapshot
    hands: tuple[tuple[Card, ...], ...] | None


def spectator_view(state: State, rules: Rules, public: TableSnapshot) -> SpectatorView:
    """The table for a spectator; whether they may watch at all is ``Table.watch``'s call."""
    hands = None
    if rules.allow_watching == "face_up" and isinstance(state, Playing):
        hands = tuple(tuple(cards) for cards in state.game.hands)
    return SpectatorView(public, hands)


def timed(seen: TableSnapshot, state: State, now: float) -> TableSnapshot:
    """``seen`` with its game's clock, when it is played for a time (rules' play_to time):
    when it ends, the minutes left at ``now``, and whether time is up."""
    shown = state.last if isinstance(state, Closed) else state
    if not isinstance(shown, Dealt) or shown.ends_at is None:
        return seen
    left = minutes_left(shown.ends_at, now)
    return replace(seen, ends_at=shown.ends_at, minutes_left=left, time_up=shown.game.time_up)


def minutes_left(deadline: float, now: float) -> int:
    """Whole minutes until ``deadline``, rounded up (0 once it has passed)."""
    return max(0, math.ceil((deadline - now) / 60))


def _team(teams: tuple[tuple[int, ...], ...], seat: int) -> int:
    return next(t for t, members in enumerate(teams) if seat in members)
