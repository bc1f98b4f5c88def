"""Miser (003:83-96): each plays alone to take the fewest tricks.

A bid is the most tricks its bidder will take. Once everyone has bid, each player in turn
keeps their bid or lowers it (003:89); ``miser_lowering_refusal`` says which changes
are refused.
The hand scores "the reverse of 'high' Spades" (003:93-95): a player who takes no more
than their bid scores (13 - bid) x 10, else loses as much; with other than 13 tricks a
hand the hand's tricks stand for the 13.
"""

from __future__ import annotations

from bot.engine.results import TeamHandResult


def miser_lowering_refusal(by: int, room: int) -> tuple[str, str] | None:
    """Why a second-round change of ``by`` tricks is refused, as (message, kind), when a bid
    may only be kept or lowered by up to ``room`` (down to 0); ``None``: it is allowed."""
    if by > 0:
        return "In Miser a bid is kept or lowered, never raised (003:89).", "miser_raise"
    if -by > room:
        return f"You can lower your bid by at most {room}.", "miser_lowest"
    return None


def miser_points(bid: int, took: int, num_tricks: int) -> int:
    """A player's Miser score for the hand (003:94-95)."""
    value = (num_tricks - bid) * 10
    return value if took <= bid else -value


def miser_result(
    team: int, seats: tuple[int, ...], bid: int, took: int, num_tricks: int, score: int, bags: int
) -> TeamHandResult:
    """One player's result: made when they took no more than the bid; no overtricks, bags,
    Nils or bonuses."""
    points = miser_points(bid, took, num_tricks)
    return TeamHandResult(
        team,
        seats,
        bid,
        0,
        took,
        took <= bid,
        points,
        0,
        0,
        0,
        0,
        0,
        None,
        0,
        0,
        points,
        score + points,
        bags,
    )
