"""Entrants, pairings and match results, and what each result is worth.

A match is one game between two entrants. Its result counts in *match points*: a win is
``WIN`` (2), a draw ``DRAW`` (1), a loss 0. A bye is scored as a win: ``BYE`` (2) match
points, with a points difference of 0. A forfeit is a win for the entrant who turned up and
a loss for the other, also with a points difference of 0 (no cards were played). Match
points are whole numbers so that sums and comparisons are exact.
"""

from __future__ import annotations

from dataclasses import dataclass

WIN = 2
DRAW = 1
LOSS = 0
BYE = WIN


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entrant of a tournament: ``id`` is opaque to this package (a fixed pair or an
    individual); ``rating`` is its seed rating, higher is stronger."""

    id: str
    rating: float


@dataclass(frozen=True, slots=True)
class Pairing:
    """One match of a round: ``first`` against ``second``, or a bye for ``first`` when
    ``second`` is None. In Swiss and elimination rounds ``first`` is the higher-placed."""

    first: str
    second: str | None

    @property
    def is_bye(self) -> bool:
        return self.second is None


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The result of one pairing. ``first_points`` and ``second_points`` are the game's final
    scores; ``winner`` is the winning entrant's id, or None for a draw (Spades names its
    winner, which is not always the side with more points, so it is given, not derived).
    Build results with ``played``, ``bye`` and ``forfeited``."""

    first: str
    second: str | None
    first_points: int
    second_points: int
    winner: str | None
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.second is not None and self.first == self.second:
            raise ValueError("an entrant cannot play itself")
        if self.winner is not None and self.winner not in (self.first, self.second):
            raise ValueError("the winner must be one of the two entrants")

    @classmethod
    def played(
        cls, first: str, second: str, first_points: int, second_points: int, winner: str | None
    ) -> MatchResult:
        """A game that was played to its end; ``winner`` None is a draw."""
        return cls(first, second, first_points, second_points, winner)

    @classmethod
    def bye(cls, entrant: str) -> MatchResult:
        return cls(entrant, None, 0, 0, entrant)

    @classmethod
    def forfeited(cls, winner: str, loser: str) -> MatchResult:
        """``loser`` did not turn up (or was removed): a win for ``winner``, no points."""
        return cls(winner, loser, 0, 0, winner, forfeit=True)

    @property
    def is_bye(self) -> bool:
        return self.second is None

    def entrants(self) -> tuple[str, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    def opponent(self, entrant: str) -> str | None:
        """The other entrant of this match (None for a bye)."""
        if entrant == self.first:
            return self.second
        if entrant == self.second:
            return self.first
        raise ValueError(f"{entrant} did not play in this match")

    def match_points(self, entrant: str) -> int:
        """What this result is worth to ``entrant``: ``WIN``, ``DRAW`` or ``LOSS`` (a bye is
        ``BYE``)."""
        self.opponent(entrant)
        if self.is_bye:
            return BYE
        if self.winner is None:
            return DRAW
        return WIN if self.winner == entrant else LOSS

    def points_difference(self, entrant: str) -> int:
        """``entrant``'s game points less its opponent's; 0 for a bye or a forfeit."""
        if self.is_bye or self.forfeit:
            return 0
        if entrant == self.first:
            return self.first_points - self.second_points
        self.opponent(entrant)
        return self.second_points - self.first_points
