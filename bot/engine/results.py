"""The score of one hand, item by item: what ``scoring.score_hand`` returns.

Apart from ``scoring.py``, which is compiled with the engine's hot path (setup.py), so that
these stay plain dataclasses whose field annotations the codec reads.

The result classes are not frozen because one is built for every hand a bot simulates and
frozen dataclasses cost several times as much to build; nothing mutates them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class SeatOutcome:
    """One seat's bid and tricks; ``made`` is for Nil bids (``None`` for other bids)."""

    seat: int
    bid: int | None
    blind: bool
    nil: bool
    tricks: int
    made: bool | None


@dataclass(slots=True)
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
    special: str | None
    special_points: int
    renege_points: int
    total: int
    score: int
    bags_total: int
    # Set because its claim failed (the rules' failed_claim "set"), whatever it took.
    claim_set: bool = False


@dataclass(slots=True)
class HandResult:
    hand_number: int
    dealer: int
    bid_itself: bool
    teams: tuple[TeamHandResult, ...]
    seats: tuple[SeatOutcome, ...]
    moon_winner: int | None = None
