"""The score of one hand, item by item: what ``scoring.score_hand`` returns.

The result classes are not frozen because one is built for every hand a bot simulates and
frozen dataclasses cost several times as much to build; nothing mutates them.

This module is compiled with the engine's hot path (setup.py), like events.py: the classes
write out their ``__init__`` (``init=False``), because a compiled class builds in a fraction
of the time but the ``__init__`` that ``dataclass`` generates stays interpreted. A compiled
dataclass keeps only the bare class of a generic or optional field's annotation, so the
codec knows those fields' types from its own table, which a test checks against this file.
"""

from __future__ import annotations

import copyreg
from dataclasses import dataclass, fields


@dataclass(slots=True, init=False)
class SeatOutcome:
    """One seat's bid and tricks; ``made`` is for Nil bids (``None`` for other bids)."""

    seat: int
    bid: int | None
    blind: bool
    nil: bool
    tricks: int
    made: bool | None

    def __init__(
        self, seat: int, bid: int | None, blind: bool, nil: bool, tricks: int, made: bool | None
    ) -> None:
        self.seat = seat
        self.bid = bid
        self.blind = blind
        self.nil = nil
        self.tricks = tricks
        self.made = made


@dataclass(slots=True, init=False)
class TeamHandResult:
    """One side's score for one hand, item by item."""

    team: int
    seats: tuple[int, ...]
    bid: int
    blind_bid: int
    tricks: int
    made: bool | None
    contract_points: int
    overtrick_points: int
    bags: int
    bag_penalty: int
    nil_bonus: int
    blind_bonus: int
    # The special items' kinds (see scoring.py), worded by bot.render.score_labels.
    special: str | None
    special_points: int
    renege_points: int
    total: int
    score: int
    bags_total: int
    # Set because its claim failed (the rules' failed_claim "set"), whatever it took.
    claim_set: bool = False

    def __init__(
        self,
        team: int,
        seats: tuple[int, ...],
        bid: int,
        blind_bid: int,
        tricks: int,
        made: bool | None,
        contract_points: int,
        overtrick_points: int,
        bags: int,
        bag_penalty: int,
        nil_bonus: int,
        blind_bonus: int,
        special: str | None,
        special_points: int,
        renege_points: int,
        total: int,
        score: int,
        bags_total: int,
        claim_set: bool = False,
    ) -> None:
        self.team = team
        self.seats = seats
        self.bid = bid
        self.blind_bid = blind_bid
        self.tricks = tricks
        self.made = made
        self.contract_points = contract_points
        self.overtrick_points = overtrick_points
        self.bags = bags
        self.bag_penalty = bag_penalty
        self.nil_bonus = nil_bonus
        self.blind_bonus = blind_bonus
        self.special = special
        self.special_points = special_points
        self.renege_points = renege_points
        self.total = total
        self.score = score
        self.bags_total = bags_total
        self.claim_set = claim_set


@dataclass(slots=True, init=False)
class HandResult:
    hand_number: int
    dealer: int
    bid_itself: bool
    teams: tuple[TeamHandResult, ...]
    seats: tuple[SeatOutcome, ...]
    moon_winner: int | None = None

    def __init__(
        self,
        hand_number: int,
        dealer: int,
        bid_itself: bool,
        teams: tuple[TeamHandResult, ...],
        seats: tuple[SeatOutcome, ...],
        moon_winner: int | None = None,
    ) -> None:
        self.hand_number = hand_number
        self.dealer = dealer
        self.bid_itself = bid_itself
        self.teams = teams
        self.seats = seats
        self.moon_winner = moon_winner


RESULT_TYPES: tuple[type, ...] = (SeatOutcome, TeamHandResult, HandResult)


def _reduce(value: SeatOutcome | TeamHandResult | HandResult) -> tuple[type, tuple[object, ...]]:
    return type(value), tuple(getattr(value, field.name) for field in fields(value))


# Compiled (setup.py), these classes have no instance dict for pickle and copy to read;
# registered here, they pickle and copy by their fields in either mode.
for _type in RESULT_TYPES:
    copyreg.pickle(_type, _reduce)
